"""The double-dummy solver: equal to plain minimax over the engine on small endings, under
the reference, under broken twins of the play and under a count that is not card by card,
and its invariants as properties."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frogspec import engine
from frogspec import solve as solve_module
from frogspec.cli import main
from frogspec.engine import Action, ActionKind, Phase, State
from frogspec.notation import DealRecord, format_deal, format_position, numbered_deck
from frogspec.rules.cards import SUIT_OF, Suit, points_of
from frogspec.rulesets import Ruleset, get_ruleset
from frogspec.solve import (
    PositionSearch,
    _Search,
    bidder_points_now,
    solve,
    solve_value,
    state_from_text,
    sure_of,
)
from frogspec.testing import strategies
from frogspec.testing.strategies import Line
from frogspec.twins.substitute import twin_ruleset

RULESETS = ("foster-1909", "modern", "gamerules")


def ending(seed: int, tricks_left: int, ruleset: str | Ruleset = "foster-1909") -> State:
    """A position of the play with ``tricks_left`` tricks to go, reached by random actions
    (possibly inside a trick)."""
    rng = random.Random(seed)
    while True:
        state = engine.new_deal(ruleset, 3, rng.randrange(3), numbered_deck(rng.randrange(10**6)))
        stop = 11 - tricks_left
        while state.phase != Phase.OVER and not (
            state.phase == Phase.PLAY and state.tricks >= stop and rng.random() < 0.5
        ):
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        if state.phase == Phase.PLAY:
            return state


def minimax(state: State) -> int:
    """The bidder's final card points under best play by both sides, searched in full."""
    if state.phase == Phase.OVER:
        points = engine.outcome(state).bidder_points
        assert points is not None
        return points
    values = [minimax(engine.apply(state, a)) for a in engine.legal_actions(state)]
    return max(values) if state.to_act == state.bidder else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_equals_minimax_on_small_endings(seed: int) -> None:
    state = ending(seed, 3, RULESETS[seed % len(RULESETS)])
    assert solve(state).value == minimax(state), format_position(state)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 2), st.sampled_from(RULESETS))
def test_equals_minimax_on_random_endings(seed: int, left: int, ruleset: str) -> None:
    state = ending(seed, left, ruleset)
    assert solve(state).value == solve_value(state) == minimax(state), format_position(state)


#: The broken twins of every rule the play consults: the duties, the winner of a trick,
#: the next leader, the number of tricks, the rank order and the points, and the count.
PLAY_TWINS = [
    "play.lead-any-card",
    "play.follow-suit",
    "play.no-duty-to-head",
    "play.must-trump",
    "play.no-duty-to-overtrump",
    "play.any-card-when-unable",
    "play.card-from-hand",
    "play.trick-winner",
    "play.winner-leads-next",
    "play.eleven-tricks",
    "cards.rank-order",
    "cards.points",
    "scoring.count-card-points",
    "scoring.widow-counts-for-bidder",
]


@pytest.mark.parametrize("twin", PLAY_TWINS)
def test_equals_minimax_under_a_broken_twin(twin: str) -> None:
    for seed in range(4):
        broken = twin_ruleset(get_ruleset(RULESETS[seed % len(RULESETS)]), twin)
        state = ending(seed, 3, broken)
        expected = minimax(state)
        assert solve(state).value == expected, (twin, format_position(state))
        assert solve(state, equivalent_cards=False).value == expected, twin


def test_the_twins_change_answers() -> None:
    # The check above is not empty: a twin of a duty, of the rank order and of the points
    # each changes the value of some ending (as it changes the engine's).
    states = [ending(seed, 3) for seed in range(30)]
    before = [solve_value(s) for s in states]
    for twin in ("play.must-trump", "cards.rank-order", "cards.points"):
        after = [solve_value(s._replace(ruleset=twin_ruleset(s.ruleset, twin))) for s in states]
        assert before != after, twin


def test_equals_minimax_when_the_count_is_not_card_by_card() -> None:
    # A count in tens (not a sum over cards): the solver finds that out and searches with
    # the bidder's won cards in the key, still equal to the engine's minimax.
    def in_tens(cards: int) -> int:
        return points_of(cards) // 10 * 10

    in_tens_ruleset = get_ruleset("foster-1909").replacing("scoring.count-card-points", in_tens)
    fallbacks = 0
    for seed in range(6):
        state = ending(seed, 2, in_tens_ruleset)
        fallbacks += not _Search(state, equivalent_cards=True).by_card
        assert solve(state).value == minimax(state), format_position(state)
    assert fallbacks


def test_without_equivalent_cards_the_same() -> None:
    for seed in range(5):
        state = ending(seed, 4)
        assert solve(state).value == solve(state, equivalent_cards=False).value


def value_after(state: State, card: int) -> int:
    """The solved value once the player to act plays ``card``."""
    after = engine.apply(state, Action(ActionKind.PLAY, card))
    if after.phase == Phase.OVER:
        points = engine.outcome(after).bidder_points
        assert points is not None
        return points
    return solve_value(after)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.sampled_from(RULESETS), st.integers(-3, 3))
def test_sure_of_is_the_value_seen_from_one_side(
    seed: int, left: int, ruleset: str, offset: int
) -> None:
    # A threshold at, just below and just above the value: sure of it exactly up to it.
    state = ending(seed, left, ruleset)
    value = solve_value(state)
    assert sure_of(state, value + offset) == (offset <= 0), format_position(state)


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 10**6),
    st.integers(1, 4),
    st.sampled_from(RULESETS),
    st.lists(st.integers(-12, 12), max_size=5),
)
def test_a_kept_search_answers_as_fresh_ones(
    seed: int, left: int, ruleset: str, offsets: list[int]
) -> None:
    # Whatever was asked before (thresholds about the value), a kept search's answers are
    # those of a search made anew.
    state = ending(seed, left, ruleset)
    value = solve_value(state)
    search = PositionSearch(state)
    for offset in offsets:
        assert search.sure_of(value + offset) == (offset <= 0), (offset, format_position(state))
    assert search.value() == value, format_position(state)
    for offset in offsets:  # and after the value, from what it knows
        assert search.sure_of(value + offset) == (offset <= 0)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.sampled_from(RULESETS))
def test_value_between_0_and_120_and_best_card_keeps_it(seed: int, left: int, ruleset: str) -> None:
    # A best card keeps the value; any other card gives the player's side less: a lower
    # value when the bidder plays it, a higher one when a defender does.
    state = ending(seed, left, ruleset)
    solution = solve(state)
    assert 0 <= bidder_points_now(state) <= solution.value <= 120
    assert solution.best
    for action in engine.legal_actions(state):
        value = value_after(state, action.value)
        if action.value in solution.best:
            assert value == solution.value
        elif state.to_act == state.bidder:
            assert value < solution.value
        else:
            assert value > solution.value


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4), st.integers(0, 35))
def test_monotone_in_a_gift_of_points(seed: int, left: int, pick: int) -> None:
    # A gift: one card a defender took moves to the bidder's tricks. The play to come does
    # not change, so the value rises by exactly the card's points (never falls).
    state = ending(seed, left)
    assert state.bidder is not None
    taken = [
        (seat, card)
        for seat, won in enumerate(state.won)
        if seat != state.bidder
        for card in range(36)
        if won >> card & 1
    ]
    if not taken:
        return
    seat, card = taken[pick % len(taken)]
    won_after = list(state.won)
    won_after[seat] &= ~(1 << card)
    won_after[state.bidder] |= 1 << card
    gifted = state._replace(won=tuple(won_after))
    assert solve_value(gifted) == solve_value(state) + points_of(1 << card)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_equals_minimax_on_endings_of_four_tricks(seed: int) -> None:
    state = ending(seed, 4, RULESETS[seed % len(RULESETS)])
    assert solve(state).value == minimax(state), format_position(state)


def test_cli_solves_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    state = ending(1, 2)
    assert main(["solve", format_position(state)]) == 0
    out = capsys.readouterr().out
    assert f"sure of {solve(state).value} card points" in out


def test_cli_refuses_a_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "foster-1909 3/0 nonsense"]) == 2
    err = capsys.readouterr().err
    assert "frogspec solve:" in err and "Traceback" not in err


def test_cli_refuses_a_position_outside_the_play(capsys: pytest.CaptureFixture[str]) -> None:
    state = engine.new_deal("foster-1909", 3, 0, numbered_deck(7))
    assert main(["solve", format_position(state)]) == 2
    err = capsys.readouterr().err
    assert "phase" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "text",
    [
        "",
        "frogspec-deal nonsense",
        "https://example.org/replay/#garbage",
        "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: 9DJD/6C8C",
    ],
)
def test_cli_refuses_bad_positions_without_a_traceback(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("frogspec solve: ") and "Traceback" not in err


def test_a_replay_link_is_solved_where_its_actions_end() -> None:
    from frogspec.notation import DealRecord, format_deal
    from frogspec.solve import state_from_text

    rng = random.Random(3)
    deck = numbered_deck(5)
    state = engine.new_deal("foster-1909", 3, 0, deck)
    actions = []
    while not (state.phase == Phase.PLAY and state.tricks >= 9):
        assert state.phase != Phase.OVER
        action = rng.choice(engine.legal_actions(state))
        actions.append(action)
        state = engine.apply(state, action)
    link = format_deal(DealRecord(state.ruleset, 3, 0, deck, tuple(actions), 5))
    assert state_from_text("https://example.org/replay/#" + link) == state
    assert solve(state_from_text(link)).value == minimax(state)


def test_the_last_card_is_chosen_by_points_only_where_the_rules_are_blind_to_them() -> None:
    # The reduction of the last card to a trick holds where the legal plays do not look at
    # points; under a twin whose duties do (a blank must be thrown), it is off.
    state = ending(0, 3)
    assert _Search(state, equivalent_cards=True).dominance
    assert not _Search(state, equivalent_cards=False).dominance
    blank_thrown = twin_ruleset(state.ruleset, "play.any-card-when-unable")
    assert not _Search(state._replace(ruleset=blank_thrown), equivalent_cards=True).dominance


@pytest.mark.slow
@pytest.mark.parametrize("twin", ["play.no-duty-to-head", "cards.rank-order", "cards.points"])
def test_equals_minimax_on_endings_of_four_tricks_under_a_twin(twin: str) -> None:
    broken = twin_ruleset(get_ruleset("foster-1909"), twin)
    for seed in range(2):
        state = ending(seed, 4, broken)
        assert solve(state).value == minimax(state), (twin, format_position(state))


@pytest.mark.parametrize("twin", [None, *PLAY_TWINS])
def test_relabelled_trick_starts_equal_minimax(
    twin: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table's keys at trick starts relabel the cards of a run (same suit, ranked next
    # to each other, same points) so that lines which lost different cards of it meet.
    # Relabelling at every trick start, small endings still equal the engine's minimax,
    # under the reference and under each broken twin of the play, and longer ones the
    # search without it.
    monkeypatch.setattr(solve_module, "_RELABEL_FROM", 1)
    relabelled = 0
    for seed in range(4):
        ruleset = get_ruleset(RULESETS[seed % len(RULESETS)])
        state = ending(seed, 3, ruleset if twin is None else twin_ruleset(ruleset, twin))
        search = _Search(state, equivalent_cards=True)
        search.sure()
        relabelled += any(shifts for shifts, _, _ in search.relabellings.values())
        assert solve(state).value == minimax(state), (twin, format_position(state))
    assert relabelled or twin is not None
    # Longer endings, where lines meet more often: the same values as without relabelling.
    for seed in range(2):
        ruleset = get_ruleset(RULESETS[seed % len(RULESETS)])
        state = ending(seed, 6, ruleset if twin is None else twin_ruleset(ruleset, twin))
        values = []
        for relabel in (False, True):
            search = _Search(state, equivalent_cards=True)
            search.relabel = search.relabel and relabel
            values.append(search.sure())
        assert values[0] == values[1], (twin, format_position(state))


def test_relabelling_meets_lines_and_keeps_the_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # Relabelling at every trick start of endings of seven tricks or fewer, the table
    # searches fewer positions in all than the same search keyed on the cards themselves,
    # for the same values.
    monkeypatch.setattr(solve_module, "_RELABEL_FROM", 1)
    nodes = {False: 0, True: 0}
    for seed in range(4):
        state = ending(seed, 7)
        values = set()
        for relabel in (False, True):
            search = _Search(state, equivalent_cards=True)
            assert search.relabel
            search.relabel = relabel
            values.add(search.sure())
            nodes[relabel] += search.nodes
        assert values == {solve_value(state) - bidder_points_now(state)}
    assert nodes[True] < nodes[False]


def test_relabelling_only_with_equivalent_cards_and_the_count_card_by_card() -> None:
    state = ending(0, 4)
    assert _Search(state, equivalent_cards=True).relabel
    assert not _Search(state, equivalent_cards=False).relabel
    shuffled = twin_ruleset(state.ruleset, "cards.rank-order")
    assert not _Search(state._replace(ruleset=shuffled), equivalent_cards=True).relabel


def test_the_last_trick_is_played_out_only_when_each_hand_has_one_card_a_trick() -> None:
    assert _Search(ending(0, 3), equivalent_cards=True).one_card_each
    fewer_tricks = twin_ruleset(get_ruleset("foster-1909"), "play.eleven-tricks")
    assert not _Search(ending(0, 3, fewer_tricks), equivalent_cards=True).one_card_each


@pytest.mark.parametrize("running", [True, False])
def test_the_cycle_collector_is_paused_for_a_search_and_left_as_it_was(running: bool) -> None:
    # A spy in the trick-winner rule sees whether the collector runs while the solver asks it
    # (a new spy for each search: the solver keeps a rule function's answers between them).
    from frogspec.rules.play import trick_winner

    seen: list[bool] = []

    def spied() -> State:
        def spying(trick: list[int], trump: object) -> int:
            seen.append(gc.isenabled())
            return trick_winner(trick, trump)  # type: ignore[arg-type]

        return state._replace(ruleset=state.ruleset.replacing("play.trick-winner", spying))

    state = ending(3, 2)
    (gc.enable if running else gc.disable)()
    try:
        for ask in (
            solve,
            solve_value,
            lambda s: sure_of(s, 60),
            lambda s: PositionSearch(s).value(),
        ):
            seen.clear()
            ask(spied())
            assert seen and not any(seen), ask
            assert gc.isenabled() == running
    finally:
        gc.enable()


# --- what the solver reads: every position and link the project writes -----------------


@settings(max_examples=60, deadline=None)
@given(line=strategies.lines())
def test_the_reader_gives_back_every_position_the_notation_writes(line: strategies.Line) -> None:
    # Any ruleset with any options, any table, any point of the deal.
    assert state_from_text(format_position(line.state)) == line.state


def _played_to(deck_number: int, ruleset: Ruleset, stop: Callable[[State], bool]) -> Line:
    rng = random.Random(deck_number)
    deck = numbered_deck(deck_number)
    state = engine.new_deal(ruleset, 3, 0, deck)
    states, actions = [state], []
    while not stop(state):
        # The first bid where there is one, so that the deal has a play.
        legal = engine.legal_actions(state)
        bids = [a for a in legal if a.kind == ActionKind.BID]
        action = bids[0] if state.phase == Phase.AUCTION and bids else rng.choice(legal)
        state = engine.apply(state, action)
        states.append(state)
        actions.append(action)
    return Line(deck, tuple(states), tuple(actions))


def test_a_position_under_options_is_solved_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ruleset = get_ruleset("official-1922-solo").with_options({"penalty_frog": True})
    line = _played_to(3, ruleset, lambda s: s.phase == Phase.PLAY and s.tricks >= 8)
    text = format_position(line.state)
    assert text.startswith("official-1922-solo[penalty_frog=true] ")
    assert main(["solve", text]) == 0
    assert f"sure of {solve(line.state).value} card points" in capsys.readouterr().out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_finished_deal_is_solved_from_the_start_of_its_play(ruleset: str) -> None:
    line = _played_to(11, get_ruleset(ruleset), lambda s: s.phase == Phase.OVER)
    link = format_deal(DealRecord(line.start.ruleset, 3, 0, line.deck, line.actions, 11))
    start = next(s for s in line.states if s.phase == Phase.PLAY)
    assert start.tricks == 0 and not start.trick
    assert state_from_text(link) == start
    assert state_from_text("https://example.org/deals/replay/#" + link) == start


def test_a_deal_everyone_passed_has_no_play_to_solve(capsys: pytest.CaptureFixture[str]) -> None:
    passes = ",".join(["pass"] * 3)
    link = f"ruleset=foster-1909&players=3&dealer=0&deal=7&actions={passes}"
    assert main(["solve", link]) == 2
    assert "every player passed" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("foster-1909 3/" + "9" * 4301 + " x x x x x x x", "1 or 2 digits"),
        (
            "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H ²: "
            "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S",
            "1 or 2 digits",
        ),
        ("ruleset=foster-1909&players=3&dealer=0&deal=" + "7" * 5000 + "&actions=", "0 to"),
        ("x" * 20_000, "at most 10000 characters"),
    ],
)
def test_long_numbers_and_odd_digits_are_refused_in_one_line(
    text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("frogspec solve: ") and message in err
    assert err.count("\n") == 1 and len(err) < 300


def test_ctrl_c_during_a_solve_exits_130_with_a_note(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(state: State) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(solve_module, "solve", interrupted)
    assert main(["solve", format_position(ending(1, 2))]) == 130
    err = capsys.readouterr().err
    assert err.startswith("frogspec solve: interrupted") and err.count("\n") == 1


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, (1 << 36) - 1),
    st.lists(st.integers(0, 35), min_size=1, max_size=2, unique=True),
    st.sampled_from([None, *Suit]),
)
def test_the_books_legal_plays_look_at_the_suit_led_alone(
    hand: int, trick: list[int], trump: Suit | None
) -> None:
    # Under the book's duties the solver keeps the legal plays by the suit led: they are the
    # same for every trick whose first card is of that suit.
    rules = get_ruleset("foster-1909").rules
    assert solve_module._lead_decides(rules)
    for card in trick:
        hand &= ~(1 << card)
    led = SUIT_OF[trick[0]]
    answer = rules.legal_plays(hand, tuple(trick), trump)
    for first in range(led * 9, led * 9 + 9):
        assert rules.legal_plays(hand, (first,), trump) == answer


@pytest.mark.parametrize(
    "twin", ["play.follow-suit", "play.no-duty-to-head", "play.no-duty-to-overtrump"]
)
def test_legal_plays_kept_by_the_whole_trick_when_a_duty_is_replaced(twin: str) -> None:
    ruleset = get_ruleset("foster-1909")
    assert not solve_module._lead_decides(twin_ruleset(ruleset, twin).rules)
    assert not solve_module._lead_decides(ruleset.recording(lambda rule_id: None).rules)


def test_the_trick_winners_answers_are_kept_per_rule_function() -> None:
    # A second search under the same rule asks it nothing it was asked; a new rule function
    # (a replaced or recorded rule) is asked afresh.
    from frogspec.rules.play import trick_winner

    asked: list[tuple[int, ...]] = []

    def counting(trick: list[int], trump: object) -> int:
        asked.append(tuple(trick))
        return trick_winner(trick, trump)  # type: ignore[arg-type]

    state = ending(5, 3)
    counted = state._replace(ruleset=state.ruleset.replacing("play.trick-winner", counting))
    assert solve_value(counted) == solve_value(state)
    first = len(asked)
    assert first and len(set(asked)) == first
    solve_value(counted)
    assert len(asked) == first
    seen: list[str] = []
    recorded = counted._replace(ruleset=counted.ruleset.recording(seen.append))
    assert solve_value(recorded) == solve_value(state)
    assert "play.trick-winner" in seen
