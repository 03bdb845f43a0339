"""``frogspec odds``: the samples, the positions built through the engine, the intervals'
maths, determinism on any number of workers, and the command's errors."""

from __future__ import annotations

import io
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frogspec.cli import main
from frogspec.engine import Phase, State, new_deal, settle
from frogspec.errors import InvalidInputError
from frogspec.odds import (
    FROG,
    SEATS,
    Odds,
    ProgressBar,
    Solver,
    contract_plays,
    format_odds,
    hand_odds,
    lay_away_candidates,
    lay_away_order,
    mean_interval,
    parse_hand,
    play_position,
    points_now_solver,
    sample_deal,
    solve_contracts,
    solve_plays,
    solve_plays_exhaustively,
    solver_points,
    trump_order,
    wilson_interval,
)
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CardSet, Suit, points_of
from frogspec.rulesets import RULESETS, get_ruleset
from frogspec.solve import bidder_points_now

HAND_TEXT = "AH 10H KH QH JH 9H AS 10S AC 10C AD"
HAND = CardSet.parse(HAND_TEXT).mask
PACK = (1 << 36) - 1


def test_the_same_seed_gives_the_same_odds_on_any_number_of_workers() -> None:
    # The stand-in solver counts the widow or lay-away: it differs from sample to sample,
    # so a sample drawn differently on another worker count would change the figures.
    one = hand_odds(HAND, "gamerules", "eldest", 6, seed=3, workers=1, solver=points_now_solver)
    two = hand_odds(HAND, "gamerules", "eldest", 6, seed=3, workers=2, solver=points_now_solver)
    assert one == two
    other = hand_odds(HAND, "gamerules", "eldest", 6, seed=4, workers=1, solver=points_now_solver)
    assert other != one


def test_odds_give_one_row_per_contract_of_the_ruleset() -> None:
    odds = hand_odds(HAND, "official-1922-straight", "second", 2, 0, solver=points_now_solver)
    assert [row.contract for row in odds.contracts] == [Contract.CHICO, Contract.GRAND]
    assert [row.name for row in odds.contracts] == ["Simple Solo", "Heart Solo"]
    for row in odds.contracts:
        assert row.samples == 2 and 0 <= row.wins <= 2
        assert row.win_interval[0] <= row.win_rate <= row.win_interval[1]


@given(st.integers(0, 10**6), st.integers(0, 50))
def test_a_sample_deals_every_unseen_card_once(seed: int, index: int) -> None:
    first, second, widow = sample_deal(HAND, seed, index)
    assert (first.bit_count(), second.bit_count(), widow.bit_count()) == (11, 11, 3)
    assert first | second | widow | HAND == PACK
    assert not (
        first & second or first & widow or second & widow or HAND & (first | second | widow)
    )
    assert sample_deal(HAND, seed, index) == (first, second, widow)


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
@pytest.mark.parametrize("seat", list(SEATS))
def test_positions_are_built_through_the_engine(ruleset_id: str, seat: str) -> None:
    rs = get_ruleset(ruleset_id)
    first, second, widow = sample_deal(HAND, 1, 0)
    place = SEATS[seat]
    hands = [first, second]
    hands.insert(place, HAND)
    for play in ("frog", "C", "H"):
        if play == FROG and Contract.FROG not in rs.rules.contracts():
            continue
        if play == "C" and Suit.CLUBS not in rs.rules.chico_trump():
            continue
        lay_away = lay_away_candidates(HAND | widow)[0] if play == FROG else 0
        state = play_position(rs, hands, widow, place, play, lay_away)
        assert state.phase == Phase.PLAY and state.tricks == 0
        assert state.bidder == state.order[place]
        assert state.hands[state.bidder] == (HAND | widow) & ~lay_away if play == FROG else HAND
        assert state.trump == ("CDHS".index(play) if play != FROG else Suit.HEARTS)


def test_the_frog_keeps_the_best_lay_away_of_the_candidates() -> None:
    rs = get_ruleset("foster-1909")
    first, second, widow = sample_deal(HAND, 2, 0)
    hands = [HAND, first, second]
    found = solve_plays(rs, hands, widow, 0, [FROG], points_now_solver)
    # The stand-in solver counts what was laid away: the best candidate is the one worth most.
    worth = max(points_of(m) for m in lay_away_candidates(HAND | widow))
    assert found[FROG][0] == worth


@given(st.sets(st.integers(0, 35), min_size=14, max_size=14))
def test_lay_away_candidates_are_three_cards_of_the_hand(cards: set[int]) -> None:
    hand = sum(1 << c for c in cards)
    candidates = lay_away_candidates(hand)
    assert 1 <= len(candidates) <= 3 and len(set(candidates)) == len(candidates)
    for mask in candidates:
        assert mask.bit_count() == 3 and mask & ~hand == 0


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_rate_inside_zero_and_one(case: tuple[int, int]) -> None:
    wins, n = case
    low, high = wilson_interval(wins, n)
    assert 0 <= low <= wins / n <= high <= 1
    # The interval of the losses is the mirror image of that of the wins.
    m_low, m_high = wilson_interval(n - wins, n)
    assert math.isclose(low, 1 - m_high, abs_tol=1e-12)
    assert math.isclose(high, 1 - m_low, abs_tol=1e-12)
    # Four times the trials at the same rate: a narrower interval.
    w_low, w_high = wilson_interval(4 * wins, 4 * n)
    assert w_high - w_low < high - low


def test_wilson_interval_matches_a_worked_value() -> None:
    # 8 of 10: 0.4902 to 0.9433 (the Wilson score interval at z = 1.96).
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


@given(
    st.lists(st.integers(-500, 500), min_size=2, max_size=60),
    st.integers(-100, 100),
)
def test_mean_interval_holds_the_mean_and_moves_with_a_shift(values: list[int], shift: int) -> None:
    mean, low, high = mean_interval(values)
    assert low <= mean <= high
    assert math.isclose(mean, sum(values) / len(values))
    s_mean, s_low, s_high = mean_interval([v + shift for v in values])
    assert math.isclose(s_mean, mean + shift, abs_tol=1e-9)
    assert math.isclose(s_high - s_low, high - low, abs_tol=1e-9)
    if len(set(values)) == 1:
        assert low == high == mean


def test_mean_interval_of_one_value_is_unbounded() -> None:
    assert mean_interval([5]) == (5, -math.inf, math.inf)


def test_parse_hand_reads_both_spellings() -> None:
    assert parse_hand(HAND_TEXT) == HAND == parse_hand(HAND_TEXT.replace(" ", ""))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AH 10H KH", "a hand is 11 cards, got 3"),
        ("AH AH 10H KH QH JH 9H AS 10S AC 10C", "the hand holds AH twice"),
        ("AH 1H KH QH JH 9H AS 10S AC 10C AD", "unknown card '1H'"),
    ],
)
def test_bad_hands_are_refused_by_name(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_hand(text)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["AH", "10H", "--ruleset", "foster-1909"], "a hand is 11 cards"),
        ([*HAND_TEXT.split(), "--ruleset", "foster"], "unknown ruleset 'foster'"),
        (["AH", "AH", *HAND_TEXT.split()[1:], "--ruleset", "modern"], "holds AH twice"),
    ],
)
def test_the_command_refuses_bad_input_without_a_traceback(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("frogspec odds: ") and message in err and "Traceback" not in err


def test_the_command_refuses_a_bad_sample_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", *HAND_TEXT.split(), "--ruleset", "modern", "--samples", "0"])
    assert "must be 1 or more" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_is_drawn_on_a_terminal_only() -> None:
    quiet = io.StringIO()
    bar = ProgressBar(4, quiet)
    bar(1)
    assert quiet.getvalue() == ""
    terminal = _Terminal()
    bar = ProgressBar(4, terminal)
    for done in range(1, 5):
        bar(done)
    assert terminal.getvalue().endswith("] 4/4\n") and "2/4" in terminal.getvalue()


def test_the_printed_odds_give_the_seed_the_samples_and_the_warning() -> None:
    odds = hand_odds(HAND, "modern", "eldest", 3, seed=11, solver=points_now_solver)
    text = " ".join(format_odds(odds).split())
    assert "3 samples of the unseen cards, seed 11" in text
    assert "Measured against hidden-card play" in text and "Analysis, not rules" in text
    for row in odds.contracts:
        assert row.name in text


# ------------------------------------------------- the saving search equals the exhaustive one
def _tied_solver(state: State) -> int:
    # A stand-in with many ties between lay-aways and between trumps (three values, mixed
    # from what the bidder laid away, the trump and his hand), so that which of equal plays
    # is kept, and so the bots' position, is tested too.
    assert state.trump is not None and state.bidder is not None
    mix = (bidder_points_now(state) * 31 + state.trump) * 2654435761 + state.hands[state.bidder]
    return mix % 1000003 % 3 * 30


def _both_ways(ruleset_id: str, seed: int, index: int, place: int, solver: Solver) -> list[Any]:
    # Sample ``index`` solved the exhaustive way and the saving way: each contract's best
    # (play, points, bots' points) both ways, then every play's both ways.
    rs = get_ruleset(ruleset_id)
    first, second, widow = sample_deal(HAND, seed, index)
    hands = [first, second]
    hands.insert(place, HAND)
    groups = tuple(contract_plays(rs).values())
    plays = sorted({p for group in groups for p in group})
    old = solve_plays_exhaustively(rs, hands, widow, place, plays, solver, bot_seed=index)
    expected = []
    for group in groups:
        best = max(group, key=lambda p: old[p][0])
        expected.append((best, *old[best]))
    found = solve_contracts(rs, hands, widow, place, groups, solver, bot_seed=index)
    new = solve_plays(rs, hands, widow, place, plays, solver, bot_seed=index)
    return [expected, found, old, new]


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["foster-1909", "gamerules", "official-1922-straight"]),
    st.integers(0, 10**6),
    st.sampled_from(list(SEATS.values())),
)
def test_the_saving_search_keeps_the_exhaustive_answers(
    ruleset_id: str, seed: int, place: int
) -> None:
    # The same best play of each contract (of equal ones the first), points and bots'
    # points, as solving every lay-away of every play exactly and taking the best.
    expected, found, old, new = _both_ways(ruleset_id, seed, 0, place, _tied_solver)
    assert found == expected
    assert new == old


def test_the_saving_search_keeps_the_solvers_answers() -> None:
    # With the double-dummy solver and its one-sided test (frogspec.solve.sure_of).
    expected, found = _both_ways("foster-1909", 0, 1, 0, solver_points)[:2]
    assert found == expected


def test_the_saving_search_solves_fewer_positions() -> None:
    calls: list[str] = []

    def solver(state: State) -> int:
        calls.append("solve")
        return _tied_solver(state)

    rs = get_ruleset("foster-1909")
    first, second, widow = sample_deal(HAND, 0, 0)
    groups = tuple(contract_plays(rs).values())

    def sure(state: State, points: int) -> bool:  # a test, not counted as a solve
        return _tied_solver(state) >= points

    solve_contracts(rs, [HAND, first, second], widow, 0, groups, solver, sure=sure)
    saving = len(calls)
    calls.clear()
    solve_plays_exhaustively(
        rs, [HAND, first, second], widow, 0, ["frog", "C", "D", "S", "H"], solver
    )
    assert saving < len(calls)


def test_trumps_and_lay_aways_are_tried_in_the_stated_order() -> None:
    hand = CardSet.parse("AH 10H KH AS 10S 9S 8S AC 10C KC 6D").mask
    assert trump_order(hand, ["C", "D", "S"]) == ["S", "C", "D"]
    # Of suits held alike, the one the defenders hold fewest of first.
    even = CardSet.parse("AH 10H KH AS 10S 9S AC 10C KC 6D 7D").mask
    assert trump_order(even, ["C", "D", "S"]) == ["C", "S", "D"]
    defenders = CardSet.parse("QC JC 9C 7S").mask
    assert trump_order(even, ["C", "D", "S"], defenders) == ["S", "C", "D"]
    masks = [CardSet.parse(t).mask for t in ("10C 10S 6D", "7C 10C 6D", "7C 6D 6S", "7C 8C 6S")]
    assert lay_away_order(masks) == [3, 2, 1, 0]


# ------------------------------------------------------ intervals the samples can support
@settings(max_examples=200)
@given(
    st.lists(st.integers(-240, 120), min_size=1, max_size=60),
    st.booleans(),
)
def test_a_bounded_mean_interval_holds_the_mean_inside_the_bounds(
    values: list[int], agree: bool
) -> None:
    if agree:
        values = [values[0]] * len(values)
    mean, low, high = mean_interval(values, bounds=(-240, 120))
    assert -240 <= low <= mean <= high <= 120
    if len(set(values)) == 1 and -240 < values[0] < 120:
        # Samples that agree never make a point of the interval: the share of deals that
        # would not is bounded as a rate seen in none is.
        assert low < mean < high
        share = wilson_interval(0, len(values))[1]
        assert math.isclose(high - mean, share * (120 - mean))


def _always_61(state: State) -> int:
    return 61


def test_the_odds_of_samples_that_all_agree_keep_an_interval() -> None:
    # Every sample gives every contract 61 card points, a win each time; yet the payment is
    # not certain from a few samples.
    odds = hand_odds(HAND, "foster-1909", "eldest", 5, seed=2, solver=_always_61)
    for row in odds.contracts:
        assert row.mean_points == 61 and row.wins == 5
        low, high = row.payment_interval
        assert low < row.mean_payment < high


# ------------------------------------------------------------- time budget and interruption
class _Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def test_a_time_budget_keeps_the_first_samples_and_says_so() -> None:
    odds = hand_odds(
        HAND, "modern", "eldest", 10_000, seed=5, solver=points_now_solver,
        seconds=6, clock=_Ticks(),
    )  # fmt: skip
    assert odds.stopped == "time" and 1 <= odds.samples < 10_000 and odds.asked == 10_000
    # The first samples by index, whichever finished first: the numbers of that count.
    counted = hand_odds(HAND, "modern", "eldest", odds.samples, 5, solver=points_now_solver)
    assert counted.contracts == odds.contracts and counted.stopped == ""
    assert "the time budget" in format_odds(odds)


def test_ctrl_c_keeps_the_samples_done() -> None:
    calls = 0

    def interrupted_later(state: State) -> int:
        nonlocal calls
        calls += 1
        if calls > 12:
            raise KeyboardInterrupt
        return bidder_points_now(state)

    odds = hand_odds(HAND, "modern", "eldest", 50, seed=1, solver=interrupted_later)
    assert odds.stopped == "interrupted" and 1 <= odds.samples < 50
    same = hand_odds(HAND, "modern", "eldest", odds.samples, 1, solver=points_now_solver)
    assert same.contracts == odds.contracts


def test_ctrl_c_before_any_sample_is_an_interruption() -> None:
    def interrupted(state: State) -> int:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        hand_odds(HAND, "modern", "eldest", 5, seed=1, solver=interrupted)


def _odds_command(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], stopped: str = ""
) -> dict[str, Any]:
    # ``frogspec odds`` with the stand-in solver; what it passed to the odds.
    import frogspec.odds.command as odds_module

    seen: dict[str, Any] = {}

    def fake(*args: Any, **kwargs: Any) -> Any:
        seen.update(workers=args[5], samples=args[3], seconds=kwargs["seconds"])
        found = hand_odds(HAND, "modern", "eldest", 2, 0, solver=points_now_solver)
        return Odds(**{**found.__dict__, "stopped": stopped, "asked": 9})

    monkeypatch.setattr(odds_module, "hand_odds", fake)
    seen["status"] = main(["odds", *HAND_TEXT.split(), "--ruleset", "modern", *argv])
    return seen


def test_the_command_interrupted_prints_what_it_has_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _odds_command(monkeypatch, [], stopped="interrupted")["status"] == 130
    out, err = capsys.readouterr()
    assert "2 samples of the unseen cards" in out and "of 9 asked" in out
    assert err == "frogspec odds: interrupted: the odds of the 2 samples done\n"


def test_the_command_interrupted_before_a_sample_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import frogspec.odds.command as odds_module

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(odds_module, "hand_odds", interrupted)
    assert main(["odds", *HAND_TEXT.split(), "--ruleset", "modern"]) == 130
    err = capsys.readouterr().err
    assert err.startswith("frogspec odds: interrupted") and err.count("\n") == 1


def test_the_command_samples_for_its_time_budget_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from frogspec.odds import DEFAULT_SECONDS, MAX_SAMPLES

    default = _odds_command(monkeypatch, [])
    assert default["seconds"] == DEFAULT_SECONDS and default["samples"] == MAX_SAMPLES
    counted = _odds_command(monkeypatch, ["--samples", "40"])
    assert counted["seconds"] is None and counted["samples"] == 40
    both = _odds_command(monkeypatch, ["--samples", "40", "--seconds", "3"])
    assert both["seconds"] == 3 and both["samples"] == 40


def test_too_many_workers_are_capped_with_a_note(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from frogspec.odds import max_workers

    assert _odds_command(monkeypatch, ["--workers", "64"])["workers"] == max_workers()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{max_workers()} workers" in err
    with pytest.raises(InvalidInputError, match="workers must be from 1 to"):
        hand_odds(HAND, "modern", "eldest", 1, 0, max_workers() + 1, solver=points_now_solver)


@pytest.mark.parametrize(
    ("number", "message"),
    [("1000000000000", "at most 1000000"), ("9" * 4301, "at most 1000000, got 4301 digits")],
)
def test_a_sample_count_beyond_the_bound_is_refused_in_one_line(
    number: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["odds", *HAND_TEXT.split(), "--ruleset", "modern", "--samples", number])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err) < 400


def test_the_help_states_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "95%%" not in text and "95% intervals" in text
    for default in ("(default: 25,", "(default: eldest)", "(default: 0)", "default: the machine's"):
        assert default in text


def test_the_progress_line_says_about_how_long_is_left() -> None:
    terminal = _Terminal()
    bar = ProgressBar(10, terminal, clock=_Ticks())  # started at 1
    bar(2)  # 2 done in 1 s: 8 to go at 0.5 s each
    assert "2/10, about 4 s left" in terminal.getvalue()
    budget = _Terminal()
    bar = ProgressBar(1_000_000, budget, seconds=20, clock=_Ticks())
    bar(3)  # 3 done in 1 s, but the budget ends in 19 s
    assert "3 samples, about 19 s left" in budget.getvalue()
    bar.finish()
    assert budget.getvalue().endswith("\n")


# ------------------------------------------------------------- every lay-away: the exact Frog
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 35), min_size=14, max_size=14, unique=True))
def test_every_lay_away_holds_one_of_each_set_that_plays_alike(cards: list[int]) -> None:
    from itertools import combinations

    from frogspec.odds import every_lay_away

    hand = sum(1 << c for c in cards)
    tried = every_lay_away(hand)
    assert len(set(tried)) == len(tried) <= 364
    assert all(m.bit_count() == 3 and m & ~hand == 0 for m in tried)
    # Each three of the hand has one tried that differs from it only by blanks next to each
    # other in one suit, the defenders holding none between (so it plays alike).
    kept = set(tried)
    for three in combinations(cards, 3):
        mask = sum(1 << c for c in three)
        points = sorted(points_of(1 << c) for c in three)
        suits = sorted(c // 9 for c in three)
        assert any(
            sorted(points_of(1 << c) for c in _cards(m)) == points
            and sorted(c // 9 for c in _cards(m)) == suits
            and all(_alike_in_hand(a, b, hand) for a, b in _matched(mask, m))
            for m in kept
        )


def _cards(mask: int) -> list[int]:
    return [c for c in range(36) if mask >> c & 1]


def _matched(one: int, other: int) -> list[tuple[int, int]]:
    # The cards of two threes paired up, by suit and then rank.
    return list(zip(sorted(_cards(one)), sorted(_cards(other)), strict=True))


def _alike_in_hand(a: int, b: int, hand: int) -> bool:
    from frogspec.rules.cards import card_strength

    if a == b:
        return True
    if a // 9 != b // 9 or points_of(1 << a) != points_of(1 << b):
        return False
    low, high = sorted((card_strength(a), card_strength(b)))
    between = [c for c in range(a // 9 * 9, a // 9 * 9 + 9) if low < card_strength(c) < high]
    return all(hand >> c & 1 for c in between)


@pytest.mark.parametrize("index", range(4))
def test_every_lay_away_finds_the_best_of_all_364(index: int) -> None:
    from itertools import combinations

    rs = get_ruleset("foster-1909")
    first, second, widow = sample_deal(HAND, 8, index)
    hands = [HAND, first, second]
    # A stand-in solver that counts what is laid away (alike for lay-aways that play alike).
    found = solve_plays(rs, hands, widow, 0, (FROG,), points_now_solver, lay_aways="every")[FROG][0]
    best = max(
        points_of(sum(1 << c for c in three)) for three in combinations(_cards(HAND | widow), 3)
    )
    assert found == best
    three = solve_plays(rs, hands, widow, 0, (FROG,), points_now_solver)[FROG][0]
    assert three <= found
    exhaustive = solve_plays_exhaustively(
        rs, hands, widow, 0, (FROG,), points_now_solver, lay_aways="every"
    )
    assert exhaustive[FROG][0] == found


def test_the_frog_is_marked_a_lower_bound_unless_every_lay_away_is_tried() -> None:
    from frogspec.odds import LOWER_BOUND_NOTE

    three = hand_odds(HAND, "foster-1909", "eldest", 2, seed=1, solver=points_now_solver)
    text = format_odds(three)
    assert "Frog*" in text and " ".join(LOWER_BOUND_NOTE.split()[:6]) in " ".join(text.split())
    every = hand_odds(
        HAND, "foster-1909", "eldest", 2, seed=1, solver=points_now_solver, lay_aways="every"
    )
    assert "Frog*" not in format_odds(every) and "lower bound" not in format_odds(every)
    frog = next(row for row in every.contracts if row.contract == Contract.FROG)
    frog_three = next(row for row in three.contracts if row.contract == Contract.FROG)
    assert frog.mean_points >= frog_three.mean_points
    with pytest.raises(InvalidInputError, match="lay-aways: one of every, three"):
        hand_odds(HAND, "foster-1909", "eldest", 1, 0, lay_aways="all")


def test_lay_aways_that_play_alike_are_worth_the_same_to_the_solver() -> None:
    # A strong hand (quick to solve) whose widow gives it blanks next to each other: laying
    # away either of them is worth the same.
    rs = get_ruleset("foster-1909")
    for index in range(40):
        first, second, widow = sample_deal(HAND, 0, index)
        held = HAND | widow
        pairs = [
            (a, b)
            for a in _cards(held)
            for b in _cards(held)
            if a < b and points_of(1 << a) == 0 and _alike_in_hand(a, b, held)
        ]
        if pairs:
            break
    a, b = pairs[0]
    rest = [c for c in _cards(held) if c not in (a, b) and c // 9 != 2][:2]
    values = {
        solver_points(
            play_position(rs, [HAND, first, second], widow, 0, FROG, sum(1 << c for c in lay))
        )
        for lay in ((a, *rest), (b, *rest))
    }
    assert len(values) == 1


# ------------------------------------------------------------------ rulesets with options
def test_the_odds_read_a_ruleset_with_its_options_as_a_position_writes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    field = "official-1922-solo[penalty_frog=true]"
    with_options = hand_odds(HAND, field, "eldest", 3, seed=2, solver=points_now_solver)
    plain = hand_odds(HAND, "official-1922-solo", "eldest", 3, seed=2, solver=points_now_solver)
    assert with_options.ruleset == field and plain.ruleset == "official-1922-solo"
    assert f"under {field} " in format_odds(with_options)
    # The options are in force: a lost Frog pays the penalty rate (the stand-in solver
    # gives the Frog only what is laid away: a loss every sample).
    rs = get_ruleset("official-1922-solo").with_options({"penalty_frog": True})
    bidder = new_deal(rs, 3, 0, list(range(36))).order[0]
    frog = next(row for row in with_options.contracts if row.contract == Contract.FROG)
    plain_frog = next(row for row in plain.contracts if row.contract == Contract.FROG)
    assert frog.wins == 0 and frog.mean_payment != plain_frog.mean_payment
    lost = settle(rs, 3, 0, bidder, Contract.FROG, round(frog.mean_points))[bidder]
    assert frog.mean_payment < 0 and lost < 0
    assert main(["odds", *HAND_TEXT.split(), "--ruleset", field, "--samples", "1"]) == 0
    assert f"under {field} " in capsys.readouterr().out


def test_the_odds_refuse_a_ruleset_with_a_rule_replaced() -> None:
    from frogspec.twins.substitute import twin_ruleset

    twin = twin_ruleset(get_ruleset("foster-1909"), "play.must-trump")
    with pytest.raises(InvalidInputError, match="the odds take a ruleset by its id"):
        hand_odds(HAND, twin, "eldest", 1, 0, solver=points_now_solver)


# ----------------------------------------------------------------- the estimate, and how far
def test_quick_gives_the_estimate_without_sampling(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import frogspec.odds.command as odds_module
    from frogspec.estimate import estimate

    def no_sampling(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("--quick samples nothing")

    monkeypatch.setattr(odds_module, "hand_odds", no_sampling)
    assert main(["odds", *HAND_TEXT.split(), "--ruleset", "foster-1909", "--quick"]) == 0
    out = capsys.readouterr().out
    for row in estimate(HAND, "foster-1909"):
        assert f"{row.payment:+.1f}" in out and row.name in out
    assert "no deal solved" in out and "lower bound" in out


def test_the_sampled_odds_say_how_far_the_estimate_was(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from frogspec.estimate import estimate

    _odds_command(monkeypatch, [])
    text = " ".join(capsys.readouterr().out.split())
    assert "The estimate from the features together (--quick) was:" in text
    for row in estimate(HAND, "modern"):
        assert f"{row.name} " in text and f"{row.payment:+.1f}" in text
    assert text.count("the estimate's range)") == len(estimate(HAND, "modern"))
    assert "for 2 samples" in text  # the ranges are stated for the samples run
