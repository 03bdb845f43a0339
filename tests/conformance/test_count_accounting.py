"""The count of a deal accounted for on the engine's own card values, and the tie at half of
the points a deal holds by the engine's count.

An engine whose ``card_points`` counts a rank otherwise counts every deal with it: the
accounting recounts each side's cards with those values before it tries any other
hypothesis (a card group for the other side, points for the last trick), so that a pack
worth another count is said as the cards' points, not as a coincidence of the last trick.
A settlement tie moved to half of what a deal holds by the engine's count is the count's
doing: it is filed with the count's departure, which says so.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frogspec._types import Json
from frogspec.conform.accounting import (
    ACCOUNTED_CASES,
    PACK_POINTS,
    FixedPoints,
    GroupCredited,
    LastTrickToSuitLed,
    PointsHypothesis,
    TrumpCardCounted,
    TrumpsCounted,
    _Recounted,
    card_values,
    explain_points,
)
from frogspec.conform.blame import _tie_of_the_count
from frogspec.conform.conditions import Condition
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.deviations import Deviation, _counted_elsewhere, _one_count
from frogspec.conform.evidence import CardCounted, PointsChanged, TieMoved, differences_of
from frogspec.conform.probes.base import Probe, StageFinding
from frogspec.conform.words import Circumstances, hypothesis_words, when_words
from frogspec.rules.cards import FULL_PACK, parse_card, points_of
from frogspec.vectors.model import Case, load_vectors

JACKS_ZERO = CardCounted("J", 0, 2)


def _games() -> list[Case]:
    """The vectors' games that end with the count (a finished deal)."""
    found = []
    for vector_file in load_vectors():
        for case in vector_file.cases:
            result = case.expected.get("result") if isinstance(case.expected, dict) else None
            if case.op != "game" or not isinstance(result, dict):
                continue
            if result.get("phase") == "over" and isinstance(result.get("points"), dict):
                found.append(case)
    return found


GAMES = _games()


def _worth_of(counted: CardCounted) -> Any:
    """The rules' card points with one rank counted otherwise, as a change of a ruleset."""
    from frogspec.rules.cards import card_points, format_card

    def points(card: int) -> int:
        return counted.engine if format_card(card)[:-1] == counted.rank else card_points(card)

    assert isinstance(counted.engine, int)
    return lambda ruleset: ruleset.replacing("cards.points", points)


def _engine_with(counted: CardCounted, case: Case) -> SimpleNamespace:
    """The game as an engine counting that rank otherwise ends it: the reference with the
    rank's points changed, as the accounting reads a divergence."""
    answer: Json = reference_answer(case.request, assumed=_worth_of(counted))
    return SimpleNamespace(
        case_id=case.id,
        request=dict(case.request),
        differences=differences_of("game", case.expected, answer),
    )


def test_the_vectors_hold_finished_games_to_account_for() -> None:
    assert len(GAMES) >= 20


def test_a_pack_counted_with_the_engines_card_values_is_said_as_the_cards_points() -> None:
    # Jacks at 0: every finished deal totals 112. With the engine's card_points findings,
    # each side's cards recounted with them give its count on every deal.
    divergences = [_engine_with(JACKS_ZERO, c) for c in GAMES]
    divergences = [
        d for d in divergences if any(isinstance(x, PointsChanged) for x in d.differences)
    ]
    assert len(divergences) >= 2
    explained = explain_points(divergences, counted=(JACKS_ZERO,))
    assert explained is not None
    hypothesis, _ = explained
    assert isinstance(hypothesis, _Recounted)
    assert hypothesis.rule == "cards.points" and hypothesis.holds == PACK_POINTS - 8
    # Without the cards' values, no hypothesis of the count is the cards' points.
    unvalued = explain_points(divergences)
    assert unvalued is None or not isinstance(unvalued[0], _Recounted)


def test_a_card_group_credited_to_the_defenders_counts_with_the_engines_values() -> None:
    # A Frog's lay-away counted for the defenders, Jacks at 0: the group's worth is the
    # engine's, so the hypothesis fits where the rules' values would miss a laid-away Jack.
    values = card_values([JACKS_ZERO])
    laid_away = GroupCredited("scoring.widow-counts-for-bidder", "laid away", values=values)
    plain = GroupCredited("scoring.widow-counts-for-bidder", "laid away")
    jacks = sum(1 << card for card, _ in values)
    assert laid_away.worth(jacks) == 0 and plain.worth(jacks) == 8
    assert laid_away.holds == PACK_POINTS - 8 and plain.holds == PACK_POINTS


@settings(max_examples=50, deadline=None)
@given(
    rank=st.sampled_from(["A", "10", "K", "Q", "J", "9", "6"]),
    points=st.integers(min_value=0, max_value=15),
    fixed=st.integers(min_value=-10, max_value=20),
)
def test_every_hypothesis_counts_the_pack_the_engines_values_give(
    rank: str, points: int, fixed: int
) -> None:
    # Whatever a rank is worth to the engine, a deal holds the pack by those values and
    # whatever fixed points are added to it.
    counted = CardCounted(rank, points, 0)
    values = card_values([counted])
    assert len(values) == 4
    pack = sum(points for _, points in values) + points_of(
        FULL_PACK & ~sum(1 << card for card, _ in values)
    )
    assert _Recounted("cards.points", (counted,), values=values).holds == pack
    last_trick = FixedPoints("scoring.count-card-points", fixed, values=values)
    assert last_trick.holds == pack + max(fixed, 0)


def _case(case_id: str, op: str = "settle", ruleset: str = "modern") -> Case:
    return Case(
        id=case_id,
        file="test",
        description="",
        rules=(),
        request={"id": 1, "op": op, "ruleset": ruleset},
        response={"id": 1, "result": [0, 0, 0]},
    )


def _tie(engine: int) -> Deviation:
    probe = Probe({"op": "settle"}, {"result": 1}, {"result": 2}, ())
    finding = StageFinding("settle", "settlement.sixty-is-a-tie", TieMoved(engine), 3, 4, probe)
    return Deviation(
        rule="settlement.sixty-is-a-tie",
        reading=None,
        reading_rulesets=(),
        cases=("settle-65", "settle-70"),
        example={},
        otherwise=finding,
        in_rulesets=("foster-1909",),
    )


LAST_TRICK_TEN = FixedPoints("scoring.count-card-points", 10)
COUNT = Deviation(
    rule="scoring.count-card-points",
    reading=None,
    reading_rulesets=(),
    cases=("game-1", "game-2"),
    example={},
    otherwise=LAST_TRICK_TEN,
    hypothesis=LAST_TRICK_TEN,
    in_rulesets=("modern",),
)
FAILED = {
    case_id: (_case(case_id, op, ruleset), {"result": [1]})
    for case_id, op, ruleset in (
        ("settle-65", "settle", "foster-1909"),
        ("settle-70", "settle", "foster-1909"),
        ("game-1", "game", "modern"),
        ("game-2", "game", "modern"),
    )
}


def test_a_tie_at_half_of_what_the_deal_holds_is_the_counts() -> None:
    # The deal holds 130 points by the engine's count and the tie is 65: one departure.
    (counted,) = _tie_of_the_count([_tie(65), COUNT], 130, FAILED)
    assert counted.rule == "scoring.count-card-points" and counted.holds == 130
    assert set(counted.cases) == {"settle-65", "settle-70", "game-1", "game-2"}
    # Said in the rulesets of every case filed, the settlements' too.
    assert counted.in_rulesets == ("foster-1909", "modern")
    assert counted.when == "in foster-1909, modern"
    assert counted.instead == (
        "the side that wins the last trick counts 10 points more: the deal holds 130 points, "
        "the tie is 65"
    )


@pytest.mark.parametrize(
    ("tie", "holds"),
    [
        (62, 130),  # the tie moved otherwise than with the deal
        (65, None),  # no game shows another count: the settlement alone departs
        (65, 131),  # no whole half
    ],
)
def test_a_tie_moved_otherwise_stays_the_settlements(tie: int, holds: int | None) -> None:
    found = _tie_of_the_count([_tie(tie), COUNT], holds, FAILED)
    assert [d.rule for d in found] == ["settlement.sixty-is-a-tie", "scoring.count-card-points"]
    assert all(d.holds is None for d in found)


def test_a_tie_with_no_departure_of_the_count_stays_the_settlements() -> None:
    (tie,) = _tie_of_the_count([_tie(65)], 130, FAILED)
    assert tie.rule == "settlement.sixty-is-a-tie" and tie.holds is None


def _counted_as(case: Case, points: tuple[int, int]) -> Json:
    """The case's expected final answer with the count ``points`` (bidder, defenders)."""
    result = case.expected["result"]
    assert isinstance(result, dict)
    return {"result": {**result, "points": {"bidder": points[0], "defenders": points[1]}}}


def test_a_lay_away_for_the_defenders_is_found_beside_a_pack_worth_another_count() -> None:
    # Jacks at 0 on every deal, and a Frog's lay-away counted for the defenders: the
    # recount says the Chicos and Grands; the Frogs, which it does not give, are the
    # lay-away's, counted with the engine's values.
    values = card_values([JACKS_ZERO])
    recount = _Recounted("cards.points", (JACKS_ZERO,), values=values)
    laid_away = GroupCredited("scoring.widow-counts-for-bidder", "laid away", values=values)
    failed = []
    frogs = set()
    for case in GAMES:
        reference = SimpleNamespace(
            case_id=case.id,
            request=dict(case.request),
            differences=(PointsChanged(0, 0, 0, 0),),
        )
        assert isinstance(case.expected["result"], dict)
        points = case.expected["result"]["points"]
        assert isinstance(points, dict)
        deal = _deal_of(reference, points)
        if deal is None:
            continue
        frog = deal.laid_away != 0
        counted = (laid_away if frog else recount).predicts(deal)
        assert counted is not None
        if counted != (deal.bidder, deal.defenders):
            failed.append((case, _counted_as(case, counted), None))
        if counted != recount.predicts(deal):  # a lay-away with points: not the recount's
            frogs.add(case.id)
    assert len(frogs) >= 2 and len(frogs) < len(failed)
    said = Deviation(
        rule="cards.points",
        reading=None,
        reading_rulesets=(),
        cases=(),
        example={},
        otherwise=recount,
        hypothesis=recount,
    )
    found = _counted_elsewhere([said], failed, None, (JACKS_ZERO,))
    (lay_away,) = [d for d in found if d.rule == "scoring.widow-counts-for-bidder"]
    assert set(lay_away.cases) == frogs
    # On the rules' card values a laid-away Jack is missed: not every Frog fits.
    plain = _counted_elsewhere([said], failed, None)
    assert all(set(d.cases) != frogs for d in plain if d.rule == "scoring.widow-counts-for-bidder")


def _deal_of(divergence: Any, points: dict[str, Json]) -> Any:
    """The reference's deal of a finished game, its count ``points`` (as the accounting
    reads it)."""
    from frogspec.conform.accounting import _deal

    bidder, defenders = points["bidder"], points["defenders"]
    assert isinstance(bidder, int) and isinstance(defenders, int)
    divergence.differences = (PointsChanged(bidder, bidder, defenders, defenders),)
    found = _deal(divergence, None)
    return None if found is None else found[0]


def _widow_dead(ruleset: Any) -> Any:
    """The widow (a Frog's lay-away in its place) counted for neither side."""
    return ruleset.replacing("scoring.widow-counts-for-bidder", lambda won, widow, laid_away: won)


def _dead_widow_games() -> list[tuple[Case, Json, SimpleNamespace]]:
    """The finished games whose count an engine that counts the widow for neither side
    changes: the case, the engine's answer, and its divergence as the accounting reads it."""
    found = []
    for case in GAMES:
        answer: Json = reference_answer(case.request, assumed=_widow_dead)
        differences = differences_of("game", case.expected, answer)
        if any(isinstance(d, PointsChanged) for d in differences):
            divergence = SimpleNamespace(
                case_id=case.id, request=dict(case.request), differences=differences
            )
            found.append((case, answer, divergence))
    return found


def test_a_widow_counted_for_neither_side_is_one_hypothesis_of_every_contract() -> None:
    # The untouched widow of a Chico or a Grand and a Frog's lay-away, counted for no one:
    # the bidder loses their points and the defenders gain none, in every contract.
    games = _dead_widow_games()
    explained = explain_points([d for _, _, d in games])
    assert explained is not None
    hypothesis, contracts = explained
    assert hypothesis == GroupCredited(
        "scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, dead=True
    )
    assert {"frog", "chico"} <= set(contracts) or {"frog", "grand"} <= set(contracts)
    assert hypothesis_words(hypothesis).startswith("the widow's points counted for neither side")
    # Credited to the defenders instead, the same cards give another count.
    credited = GroupCredited("scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE)
    assert not all(credited.fits(d) for _, _, d in games)


def test_a_swap_that_says_part_of_the_widow_counted_for_neither_side_joins_it() -> None:
    # A swap of the rule confirmed on the Chicos and Grands (their widow left out), the
    # Frogs said by the hypothesis: one departure of the count, filed with every game.
    games = _dead_widow_games()
    dead = GroupCredited("scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, dead=True)
    frogs = tuple(c.id for c, _, d in games if _frog(d))
    others = tuple(c.id for c, _, d in games if c.id not in frogs)
    assert frogs and others

    def deviation(cases: tuple[str, ...], hypothesis: Any, confirmed: bool) -> Deviation:
        return Deviation(
            rule="scoring.widow-counts-for-bidder",
            reading=None,
            reading_rulesets=(),
            cases=cases,
            example={},
            confirmed=confirmed,
            otherwise=hypothesis,
            hypothesis=hypothesis,
        )

    failed = [(case, answer, None) for case, answer, _ in games]
    found = _one_count([deviation(frogs, dead, False), deviation(others, None, True)], failed, None)
    (joined,) = found
    assert set(joined.cases) == set(frogs) | set(others)
    assert joined.hypothesis == dead
    assert joined.instead.startswith("the widow's points counted for neither side")


def _frog(divergence: Any) -> bool:
    from frogspec.conform.accounting import _deal

    found = _deal(divergence, None)
    return found is not None and found[0].laid_away != 0


def _trumps_counted(case: Case, per_trump: int) -> SimpleNamespace:
    """The game as an engine that counts each trump a side takes ``per_trump`` points more
    ends it (its payments aside): the accounting reads only the points."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.rules.cards import SUIT_MASKS

    actions = case.request.get("actions")
    state = game_state(dict(case.request), actions if isinstance(actions, list) else [], None)
    assert state is not None and state.bidder is not None and state.trump is not None
    trumps = SUIT_MASKS[state.trump]
    bidder_cards = state.won[state.bidder] | (state.laid_away or state.widow)
    expected = case.expected["result"]
    assert isinstance(expected, dict) and isinstance(expected["points"], dict)
    bidder, defenders = expected["points"]["bidder"], expected["points"]["defenders"]
    assert isinstance(bidder, int) and isinstance(defenders, int)
    answer: dict[str, Json] = dict(expected)
    answer["points"] = {
        "bidder": bidder + per_trump * (bidder_cards & trumps).bit_count(),
        "defenders": defenders + per_trump * (trumps & ~bidder_cards).bit_count(),
    }
    return SimpleNamespace(
        case_id=case.id,
        request=dict(case.request),
        differences=differences_of("game", case.expected, {"result": answer}),
    )


@pytest.mark.parametrize("per_trump", [1, 2])
def test_points_for_each_trump_taken_are_one_hypothesis_of_every_deal(per_trump: int) -> None:
    # Each trump a side takes counts a point more: no card group nor the last trick's
    # points give every deal's count, and a deal with a trump suit holds 9 more per point.
    divergences = [_trumps_counted(c, per_trump) for c in GAMES]
    assert len(divergences) >= 2
    explained = explain_points(divergences)
    assert explained is not None
    hypothesis, _ = explained
    assert hypothesis == TrumpsCounted("scoring.count-card-points", per_trump)
    assert hypothesis.holds == PACK_POINTS + 9 * per_trump
    assert hypothesis_words(hypothesis).startswith(
        f"each trump a side takes counts {per_trump} point"
    )
    # The hypothesis says nothing of a count it does not give: one trump fewer misses.
    assert not all(hypothesis.fits(d) for d in (_trumps_counted(c, per_trump + 1) for c in GAMES))


def _counted_by(hypothesis: PointsHypothesis) -> list[SimpleNamespace]:
    """The finished games an engine that counts as ``hypothesis`` says fails: each as the
    accounting reads its divergence (the final points changed)."""
    from frogspec.conform.accounting import _deal

    found = []
    for case in GAMES:
        result = case.expected["result"]
        assert isinstance(result, dict) and isinstance(result["points"], dict)
        bidder, defenders = result["points"]["bidder"], result["points"]["defenders"]
        assert isinstance(bidder, int) and isinstance(defenders, int)
        asked = SimpleNamespace(
            request=dict(case.request),
            differences=(PointsChanged(bidder, bidder, defenders, defenders),),
        )
        read = _deal(asked, None)
        predicted = hypothesis.predicts(read[0]) if read is not None else None
        if predicted is None or predicted == (bidder, defenders):
            continue  # the engine counts this deal as written: it passes
        changed = PointsChanged(predicted[0], bidder, predicted[1], defenders)
        found.append(
            SimpleNamespace(case_id=case.id, request=dict(case.request), differences=(changed,))
        )
    return found


def _explained_beside_the_games_passed(
    hypothesis: PointsHypothesis,
) -> tuple[list[SimpleNamespace], tuple[PointsHypothesis, tuple[str, ...]] | None]:
    """The games an engine counting as ``hypothesis`` fails (at least two), and what the
    accounting makes of them beside the games it passes."""
    games = _counted_by(hypothesis)
    assert len(games) >= 2
    failing = {g.case_id for g in games}
    passed = [c for c in GAMES if c.id not in failing]
    return games, explain_points(games, passed=passed)


def test_the_widow_to_the_last_tricks_winner_is_told_from_the_widow_to_the_defenders() -> None:
    # An engine that gives the widow (a Frog's lay-away) to whoever takes the last trick
    # fails only the deals the defenders took it in, where "to the defenders" fits too: the
    # deals it passed, whose last trick the bidder took, tell them apart. An engine that
    # always gives it to the defenders fails those as well.
    last_trick = GroupCredited(
        "scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, to_last_trick=True
    )
    defenders = GroupCredited("scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE)
    for hypothesis in (last_trick, defenders):
        _, explained = _explained_beside_the_games_passed(hypothesis)
        assert explained is not None and explained[0] == hypothesis
    # Without the deals passed, the failing ones alone do not tell them apart: the rule
    # without a condition is said.
    explained = explain_points(_counted_by(last_trick))
    assert explained is not None and explained[0] == defenders
    assert hypothesis_words(last_trick).startswith(
        "the widow's points counted for the side that wins the last trick"
    )


def test_the_widow_to_the_defenders_of_a_bidder_who_takes_no_trick_is_said_so() -> None:
    # An engine that gives the widow (a Frog's lay-away) to the defenders only where the
    # bidder takes no trick fails those deals alone, and passes every deal the bidder took a
    # trick in: those tell it from the widow always to the defenders. Its condition says so.
    from frogspec.conform.deviations import _count_condition

    no_trick = GroupCredited(
        "scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, no_trick=True
    )
    games, explained = _explained_beside_the_games_passed(no_trick)
    assert explained is not None and explained[0] == no_trick
    # Every deal it fails is one the bidder took no trick in; a game he took one in passes.
    assert len(GAMES) > 2 * len(games)
    condition = _count_condition(no_trick, explained[1])
    said = when_words(Circumstances(("foster-1909",), condition))
    assert said.endswith("when the bidder takes no trick"), said
    assert hypothesis_words(no_trick).startswith(
        "the widow's points counted for the defenders, not the bidder"
    )


def _last_trick_to_the_suit_led(case: Case) -> SimpleNamespace | None:
    """The game as an engine whose last trick goes to the highest card of the suit led (a
    trump played to it takes nothing) counts it, where that moves the trick's points from
    one side to the other; ``None`` where it counts the game as the rules do."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import apply, parse_action
    from frogspec.rules.cards import card_strength, suit_of

    actions = case.request.get("actions")
    assert isinstance(actions, list)
    final = game_state(dict(case.request), actions, None)
    assert final is not None and final.bidder is not None
    size = len(final.order)
    state = game_state(dict(case.request), actions[:-size], None)
    assert state is not None
    played: list[tuple[int, int]] = []  # (seat, card), in play order
    for text in actions[-size:]:
        action = parse_action(str(text))
        assert state.to_act is not None
        played.append((state.to_act, action.value))
        state = apply(state, action)
    led = suit_of(played[0][1])
    by_led = max((p for p in played if suit_of(p[1]) == led), key=lambda p: card_strength(p[1]))
    by_rules = next(seat for seat, mask in enumerate(final.won) if mask >> played[0][1] & 1)
    if (by_led[0] == final.bidder) == (by_rules == final.bidder):
        return None
    worth = points_of(sum(1 << card for _, card in played))
    moved = worth if by_led[0] == final.bidder else -worth
    expected = case.expected["result"]
    assert isinstance(expected, dict) and isinstance(expected["points"], dict)
    bidder, defenders = expected["points"]["bidder"], expected["points"]["defenders"]
    assert isinstance(bidder, int) and isinstance(defenders, int)
    changed = PointsChanged(bidder + moved, bidder, defenders - moved, defenders)
    return SimpleNamespace(case_id=case.id, request=dict(case.request), differences=(changed,))


def test_a_last_trick_taken_by_the_suit_led_is_a_departure_of_the_tricks_winner() -> None:
    # An engine whose trumps do not win the last trick shows it in no lead after it: only
    # the count tells it, where a trump took the last trick from the other side. The cards
    # of that trick counted for the side of the highest card of the suit led give every
    # failing deal's count, and the deals it passed, whose last trick no trump took from
    # the other side, agree.
    failing = [g for c in GAMES if (g := _last_trick_to_the_suit_led(c)) is not None]
    assert len(failing) >= 2
    ids = {g.case_id for g in failing}
    passed = [c for c in GAMES if c.id not in ids]
    explained = explain_points(failing, passed=passed)
    assert explained is not None
    hypothesis, _ = explained
    assert hypothesis == LastTrickToSuitLed("play.trick-winner")
    assert hypothesis_words(hypothesis).startswith(
        "the last trick is taken by the highest card of the suit led"
    )
    # A count the trick's points do not give is not this departure: ten points fewer.
    short = [
        SimpleNamespace(
            case_id=g.case_id,
            request=g.request,
            differences=(
                PointsChanged(
                    g.differences[0].engine - 10,
                    g.differences[0].reference,
                    g.differences[0].engine_defenders,
                    g.differences[0].reference_defenders,
                ),
            ),
        )
        for g in failing
    ]
    assert not any(hypothesis.fits(g) for g in short)


def test_two_departures_of_the_count_at_once_are_each_a_deviation() -> None:
    # An engine that counts the widow (a Frog's lay-away) for the defenders and gives the
    # side that wins the last trick 10 points more: no one hypothesis gives its counts,
    # the two together give every one, and each is a deviation of its own rule.
    from frogspec.conform.accounting import BothCounted
    from frogspec.conform.deviations import _each_count_apart

    widow = GroupCredited("scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE)
    last = FixedPoints("scoring.count-card-points", 10)
    both = BothCounted(widow.rule, (widow, last))
    games = _counted_by(both)
    assert len(games) >= 2
    failing = {g.case_id for g in games}
    passed = [c for c in GAMES if c.id not in failing]
    for alone in (widow, last):
        assert not all(alone.fits(g) for g in games)
    explained = explain_points(games, passed=passed)
    assert explained is not None and explained[0] == both
    found = _found_by(both, failing)
    apart = _each_count_apart(found)
    assert [(d.rule, d.otherwise, d.cases) for d in apart] == [
        (widow.rule, widow, found.cases),
        (last.rule, last, found.cases),
    ]
    # So with the last trick taken by the suit led (a rule of who takes a trick, which
    # shows in no lead after the last trick) in place of the 10 points.
    suit_led = LastTrickToSuitLed("play.trick-winner")
    with_suit_led = BothCounted(widow.rule, (widow, suit_led))
    # The deals where the last trick changes sides come last, after more than the
    # accounting tries a hypothesis on: the widow alone fits those it tries, and every
    # deal must fit before a hypothesis is taken.
    games = sorted(_counted_by(with_suit_led), key=lambda g: not widow.fits(g))
    failing = {g.case_id for g in games}
    assert all(widow.fits(g) for g in games[:ACCOUNTED_CASES])
    assert not all(suit_led.fits(g) for g in games) and not all(widow.fits(g) for g in games)
    explained = explain_points(games, passed=[c for c in GAMES if c.id not in failing])
    assert explained is not None and explained[0] == with_suit_led


def test_each_of_two_departures_of_the_count_is_filed_with_the_deals_it_moves() -> None:
    # An engine that counts a Chico's or a Grand's untouched widow for the defenders and
    # gives the side that wins the last trick 10 points more. In a Frog the widow went
    # into the bidder's hand and moves nothing: the widow's deviation is said in a Chico
    # or a Grand, with those deals only; the 10 points with every deal.
    from frogspec.conform.accounting import BothCounted
    from frogspec.conform.deviations import _each_count_apart

    widow = GroupCredited("scoring.widow-counts-for-bidder", "widow")
    last = FixedPoints("scoring.count-card-points", 10)
    both = BothCounted(widow.rule, (widow, last))
    games = _counted_by(both)
    by_id = {c.id: c for c in GAMES}
    members: list[Any] = [(by_id[g.case_id], g) for g in games]
    contracts = {g.case_id: _contract_of(g) for g in games}
    assert {c for c, _ in contracts.values()} == {"frog", "chico", "grand"}
    passed = [c for c in GAMES if c.id not in contracts]
    explained = explain_points(games, passed=passed)
    assert explained is not None and explained[0] == both
    found = _found_by(both, set(contracts))
    said = {d.rule: d for d in _each_count_apart(found, members)}
    assert set(said[last.rule].cases) == set(contracts)
    # (A widow of no points shows on no deal.)
    shown = {i for i, (c, widow_points) in contracts.items() if c != "frog" and widow_points}
    assert set(said[widow.rule].cases) == shown
    assert said[widow.rule].when.endswith("in a chico or in a grand")
    assert said[last.rule].condition == Condition(())


def _found_by(both: PointsHypothesis, cases: set[str]) -> Deviation:
    """The deviation the accounting finds where two departures of the count at once give
    every deal of ``cases``, before it is said apart."""
    return Deviation(
        rule=both.rule,
        reading=None,
        reading_rulesets=(),
        cases=tuple(sorted(cases)),
        example={},
        otherwise=both,
        hypothesis=both,
    )


def _contract_of(game: SimpleNamespace) -> tuple[str, int]:
    """The game's contract, and the points of its widow."""
    from frogspec.conform.diagnosis import game_state

    state = game_state(game.request, game.request["actions"])
    assert state is not None and state.contract is not None
    return state.contract.name.lower(), points_of(state.widow)


@pytest.mark.parametrize(("rank", "points"), [("9", 10), ("J", 20), ("7", 5)])
def test_a_trump_counted_otherwise_than_its_card_is_one_hypothesis_of_every_deal(
    rank: str, points: int
) -> None:
    # One trump counts otherwise than its card (the Nine of trumps 10): the card's points,
    # asked of a card and not of a trump, show nothing; every deal with a trump suit
    # moves by the difference for the side that counts that trump.
    divergences = _counted_by(TrumpCardCounted("cards.points", rank, points))
    assert len(divergences) >= 2
    explained = explain_points(divergences)
    assert explained is not None
    hypothesis, _ = explained
    assert hypothesis == TrumpCardCounted("cards.points", rank, points)
    written = points_of(1 << parse_card(f"{rank}C"))
    assert hypothesis.holds == PACK_POINTS + max(points - written, 0)
    assert f" of trumps counts {points} instead of {written} " in hypothesis_words(hypothesis)
    # Another rank of trumps counted so gives other counts.
    other = TrumpCardCounted("cards.points", "8" if rank != "8" else "6", points)
    assert not all(other.fits(d) for d in divergences)
