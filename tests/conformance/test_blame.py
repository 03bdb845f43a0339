"""Blame: each departure of an engine named when several are on at once, and each case filed
under every departure that alone would fail it; unit-op findings no case shows kept apart.

The engines here are the reference with broken twins swapped in (``composite/twins.py``),
judged in process; the independent engines with several house rules at once are in
``test_java_engine.py`` and ``test_c_engine.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from frogspec._types import Json
from frogspec.conform.accounting import Accounting
from frogspec.conform.blame import Blame, Model, blame, fails_alone, model_of, unit_findings
from frogspec.conform.blame import _explained_away as explained_away
from frogspec.conform.counterfactuals import fails_under, reference_answer
from frogspec.conform.deviations import Deviation
from frogspec.conform.diagnosis import Divergence, diagnose
from frogspec.conform.evidence import (
    AnswerChanged,
    CardAsTrump,
    CardCounted,
    Difference,
    PaidOtherwise,
    RateChanged,
)
from frogspec.conform.expectations import finding_matches, read_expectations, stale
from frogspec.conform.probes import StageFinding
from frogspec.conform.probes.base import Between, Probe, play_to_the_right
from frogspec.rulesets import Ruleset
from frogspec.twins import get_twin
from frogspec.vectors.model import Case

from .composite.twins import twin_engine
from .helpers import errors, validator
from .test_deviations import run_engine
from .test_localisation import _game as game_request

DEAL = {
    "id": 1,
    "op": "deal",
    "ruleset": "foster-1909",
    "options": {},
    "players": 5,
    "dealer": 0,
    "deck": [],
}


def _finding(rule: str, otherwise: Difference, stage: str = "settle") -> StageFinding:
    probe = Probe({"op": stage}, {"result": 1}, {"result": 2}, ())
    return StageFinding(stage, rule, otherwise, 3, 2, probe, rulesets=("foster-1909",))


def _deviation(
    rule: str | None, cases: tuple[str, ...], said: StageFinding | str = ""
) -> Deviation:
    otherwise = said if isinstance(said, StageFinding) else Accounting(rule or "", "", said)
    return Deviation(
        rule=rule, reading=None, reading_rulesets=(), cases=cases, example={}, otherwise=otherwise
    )


JACK_ONE = CardCounted("J", 1, 2)


def test_play_to_the_right_seats_the_table_in_a_mirror_through_the_dealer() -> None:
    from frogspec.rules.cards import FULL_PACK, cards_of, format_card

    request = {**DEAL, "deck": [format_card(c) for c in cards_of(FULL_PACK)]}
    plain = reference_answer(request)["result"]
    right = reference_answer(request, play_to_the_right)["result"]
    # Two on the dealer's left and one on his right become two on his right, one on his
    # left; each seat gets the cards of the seat it mirrors.
    assert (plain["active"], plain["eldest"]) == ([1, 2, 4], 1)
    assert (right["active"], right["eldest"]) == ([4, 3, 1], 4)
    assert right["hands"][4] == plain["hands"][1] and right["widow"] == plain["widow"]


def test_the_departures_assumed_apply_first_and_to_that_answer_only() -> None:
    twin = get_twin("cards.points").function
    ask = {"id": 1, "op": "card_points", "card": "JS"}

    def jack_one(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("cards.points", twin)

    def jack_seven(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("cards.points", lambda card: 7)

    assert reference_answer(ask, assumed=jack_one)["result"] == 1
    # The other adjustment comes after the departures assumed: its rule is the one in place.
    assert reference_answer(ask, jack_seven, assumed=jack_one)["result"] == 7
    assert reference_answer(ask, jack_one, assumed=jack_seven)["result"] == 1
    assert reference_answer(ask)["result"] == 2


def test_a_departure_fails_a_case_where_the_reference_under_it_misses_the_answer() -> None:
    twin = get_twin("cards.points").function

    def jack_one(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("cards.points", twin)

    def crashing(card: object) -> int:
        raise RuntimeError("out of place")

    def crash(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("cards.points", crashing)

    def case(card: str, points: int) -> Case:
        request: dict[str, Json] = {"id": 1, "op": "card_points", "card": card}
        return Case(
            "points", "cards.json", "", ("cards.points",), request, {"id": 1, "result": points}
        )

    jack, ace = case("JS", 2), case("AS", 11)
    assert fails_under(jack, jack_one) and not fails_under(ace, jack_one)
    assert not fails_under(jack, None)
    # The departures assumed come first: under a Jack at 1, the Jack at 1 fails nothing more.
    assert fails_under(case("JS", 1), None, jack_one) is False
    # A departure that crashes the reference: the case shows it, unless told it is no evidence.
    assert fails_under(jack, crash) and not fails_under(jack, crash, crash_fails=False)
    assert fails_alone(Model("cards.points", crash), jack)


def test_a_case_is_diagnosed_against_the_reference_under_the_departures_assumed() -> None:
    twin = get_twin("cards.points").function

    def jack_one(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("cards.points", twin)

    case = Case(
        id="points.jack",
        file="cards.json",
        description="",
        rules=("cards.points",),
        request={"id": 1, "op": "card_points", "card": "JS"},
        response={"id": 1, "result": 2},
    )
    found = diagnose(case, {"result": 1}, None)
    assert found is not None and "cards.points" in found.explained_by
    # Against a reference that counts the jack as the engine does, nothing is left.
    assert diagnose(case, {"result": 1}, None, jack_one) is None


def test_a_deviation_without_a_departure_has_no_model() -> None:
    assert model_of(_deviation("play.must-trump", ("a",))) is None
    modelled = Deviation(
        rule="seats.eldest-hand",
        reading=None,
        reading_rulesets=(),
        cases=("a",),
        example={},
        departure=play_to_the_right,
    )
    assert model_of(modelled) == Model("seats.eldest-hand", play_to_the_right)


def test_unit_findings_are_those_no_deviation_with_cases_says() -> None:
    said = _finding("settlement.rates-1-2-4", RateChanged("either", 5, 4))
    other = _finding("settlement.rates-1-2-4", PaidOtherwise("defender", 25, 40))
    alone = _finding("cards.points", JACK_ONE, stage="card_points")
    # The same rule and typed difference, found again by another probe: said.
    again = _finding("settlement.rates-1-2-4", RateChanged("either", 5, 4))
    deviations = [
        _deviation("settlement.rates-1-2-4", ("s.1",), again),
        _deviation("cards.points", (), _finding("cards.points", JACK_ONE)),  # no case
    ]
    assert unit_findings(deviations, [said, other, alone]) == [other, alone]


def test_blame_leaves_no_deviation_without_cases() -> None:
    found = blame([], [], [_finding("cards.points", JACK_ONE, "card_points")])
    assert found.deviations == []
    assert [f.rule for f in found.unit_findings] == ["cards.points"]


def test_a_report_declares_its_unit_findings_with_expect(tmp_path: Path) -> None:
    from frogspec.conform.deviations import finding_json

    finding = _finding("cards.points", JACK_ONE, "card_points")
    path = tmp_path / "report.json"
    path.write_text(json.dumps({"deviations": [], "unit_findings": [finding_json(finding)]}))
    (declared,) = read_expectations(path)
    assert declared.unit == "card_points" and finding_matches(declared, finding)
    assert stale([declared], [], [finding]) == []
    changed = _finding("cards.points", CardCounted("J", 3, 2), "card_points")
    assert not finding_matches(declared, changed)
    assert stale([declared], [], [changed]) == [declared]
    # A declared finding accepts no deviation of the same rule.
    assert stale([declared], [_deviation("cards.points", ("a",), "the Jack counts 1")]) == [
        declared
    ]


@pytest.mark.slow
def test_two_twins_at_once_are_each_named_and_every_case_filed(
    cases: list[Case],
) -> None:
    # Dealing in other packets parts every game at its first legal list; the duty to
    # over-trump shows only once the deal is dealt as the engine deals it.
    rules = ("deal.packets-3-3-4-4", "play.no-duty-to-overtrump")
    ask = twin_engine(rules)
    chosen = [c for c in cases if c.ruleset == "foster-1909"]
    failed, passed = run_engine(ask, chosen)
    found = blame(
        failed,
        passed,
        (),
        rediagnose=lambda case, actual, assumed, past=(): diagnose(
            case, actual, ask, assumed, past
        ),
    )
    assert sorted(str(d.rule) for d in found.deviations) == sorted(rules)
    # Every case the over-trump twin alone fails is filed under its deviation.
    (duty,) = [d for d in found.deviations if d.rule == "play.no-duty-to-overtrump"]
    model = Model(
        duty.rule or "",
        lambda rs: rs.replacing(duty.rule or "", get_twin("play.no-duty-to-overtrump").function),
    )
    failing_alone = {case.id for case, _, _ in failed if fails_alone(model, case)}
    assert failing_alone and failing_alone <= set(duty.cases)
    filed = {case_id for d in found.deviations for case_id in d.cases}
    assert filed == {case.id for case, _, _ in failed}


def test_the_reports_list_unit_findings_apart_from_the_deviations() -> None:
    from frogspec.conform.report_data import report_json
    from frogspec.conform.reports import render_text, report_markdown
    from frogspec.conform.runner import Run

    run = Run(
        command=["engine"], vectors="spec", filters={}, timeout=1.0, max_restarts=0, started=""
    )
    run.hello = {"name": "engine", "version": "1"}
    run.unit_findings = [_finding("cards.points", JACK_ONE, "card_points")]
    text = render_text(run, quiet=True)
    assert "Unit-op findings (1)" in text and "a Jack counts 1 instead of 2" in text
    assert "## Unit-op findings (1)" in report_markdown(run)
    (listed,) = report_json(run)["unit_findings"]
    assert listed["rule"] == "cards.points" and listed["accepted"] is False
    assert report_json(run)["deviations"] == []
    assert errors(validator("report", "unit_finding"), listed) == []


def test_a_case_the_departures_modelled_explain_leaves_a_departure_no_swap_confirmed() -> None:
    twin = get_twin("cards.rank-order").function
    model = Model("cards.rank-order", lambda rs: rs.replacing("cards.rank-order", twin))
    request = game_request(0, ["grand"])
    case = Case(id="g", file="g", description="", rules=(), request=request, response={})
    as_modelled = reference_answer(request, model.adjust)
    by_id = {"g": (case, as_modelled), "h": (case, {"result": None})}
    suspected = _deviation("scoring.count-card-points", ("g", "h"))
    confirmed = replace(_deviation("play.follow-suit", ("g",)), confirmed=True)
    kept = explained_away(
        [suspected, confirmed], {model.rule: model}, model.adjust, by_id, lambda: True
    )
    # The case the model answers as the engine is the model's; the other stays.
    assert [d.cases for d in kept] == [("h",), ("g",)]


def _settle_case(points: int) -> Case:
    from .test_diagnosis import answered_case
    from .test_settlement_findings import SETTLE

    return answered_case(f"settle-{points}", {"id": 1, **SETTLE, "bidder_points": points})


REFUSED: dict[str, Json] = {"error": {"kind": "invalid", "rule": None, "message": "too many"}}
TEN_AT_FIVE = CardCounted("10", 5, 10)


def test_a_settlement_refused_past_the_engines_own_count_is_the_counts() -> None:
    # The engine's card_points give the pack 100 points: it refuses to settle 115, which
    # follows from its count; a refusal of 95, within its count, is no such thing.
    tens = replace(_finding("cards.points", TEN_AT_FIVE, "card_points"), disagree=4)
    past, within = _settle_case(115), _settle_case(95)
    # The settle probes' finding of that refusal is the count's too: no unit-op finding.
    probe = Probe(dict(past.request), past.expected, REFUSED, ())
    refusal = StageFinding(
        "settle",
        "settlement.rates-1-2-4",
        AnswerChanged(REFUSED, past.expected),
        5,
        2,
        probe,
        rulesets=("modern",),
        between=Between("bidder_points", 115, None),
    )
    failed = [(past, REFUSED, None), (within, REFUSED, None)]
    found = blame(failed, [], [tens])
    (count,) = [d for d in found.deviations if d.rule == "cards.points"]
    assert count.cases == ("settle-115",) and count.settles_up_to == 100
    assert count.instead.endswith(
        "refuses to settle more than 100 points, the pack's count with a Ten at 5"
    )
    # Probed, it settles every point below 115: its count is at least 110.
    found = blame(failed, [], [tens, refusal])
    (count,) = [d for d in found.deviations if d.rule == "cards.points"]
    assert count.cases == ("settle-115",) and count.settles_up_to == 110
    assert found.unit_findings == []
    assert all(d.rule != "settlement.rates-1-2-4" for d in found.deviations)


def test_a_settlement_taken_beyond_120_within_the_engines_own_count_is_the_counts() -> None:
    # Kings at 5: the engine's pack holds 124 points, so it settles a bidder's 121 the
    # reference refuses (or refuses it for a later rule only).
    kings = replace(_finding("cards.points", CardCounted("K", 5, 4), "card_points"), disagree=4)
    within, illegal = _settle_case(121), _settle_case(122)
    paid: Json = {"result": [-61, 122, -61]}
    later: Json = {"error": {"kind": "illegal", "rule": "auction.contracts-without-frog"}}
    assert all(c.expected["error"]["kind"] == "invalid" for c in (within, illegal))
    failed = [(within, paid, None), (illegal, later, None)]
    found = blame(failed, [], [kings])
    (count,) = [d for d in found.deviations if d.rule == "cards.points"]
    assert set(count.cases) == {"settle-121", "settle-122"} and count.settles_up_to == 124
    assert count.instead.endswith(
        "settles a bidder's points up to 124, the pack's count with a King at 5"
    )


def test_a_refusal_past_the_count_needs_a_departure_of_the_count() -> None:
    # No count departs: refusing 115 is a departure of its own, not the count's.
    found = blame([(_settle_case(115), REFUSED, None)], [], [])
    assert all(d.settles_up_to is None for d in found.deviations)


def test_the_pack_by_the_engines_games_outweighs_its_cards() -> None:
    from frogspec.conform.accounting import pack_by_engine
    from frogspec.conform.evidence import PointsChanged

    game = SimpleNamespace(differences=(PointsChanged(100, 120, 10, 0),))
    assert pack_by_engine([TEN_AT_FIVE] * 4, [game, game]) == 110
    assert pack_by_engine([TEN_AT_FIVE] * 4, []) == 100
    # Games that total otherwise among themselves say no one count.
    other = SimpleNamespace(differences=(PointsChanged(90, 120, 30, 0),))
    assert pack_by_engine([], [game, other]) is None


def _one_game_blamed(
    ask: Callable[[dict[str, Json]], dict[str, Json]], actions: list[str]
) -> Blame:
    """The blame of one failing game (dealer 0, ``actions``, the case id ``g``) against the
    engine ``ask``, each case diagnosed again by it as the runner does."""
    from .test_diagnosis import answered_case

    request = game_request(0, actions)
    case = answered_case("g", request)
    actual = ask(request)
    return blame(
        [(case, actual, diagnose(case, actual, ask))],
        [],
        rediagnose=lambda case, actual, assumed, past=(): diagnose(
            case, actual, ask, assumed, past
        ),
    )


def test_a_departure_only_of_a_legal_list_no_model_applies_shows_what_it_hides() -> None:
    # The engine withholds a Grand after eldest's bid (no swap models it) and lets the
    # Chico bidder name hearts: the case is filed under both departures.
    from .test_diagnosis import _grand_withheld_and_hearts_in_chico as ask

    found = _one_game_blamed(ask, ["chico", "pass", "pass", "trump S"])
    hearts = [d for d in found.deviations if d.rule == "trump.chico-not-hearts"]
    assert [d.cases for d in hearts] == [("g",)]
    assert len([d for d in found.deviations if "g" in d.cases]) == 2


def _grand_withheld_frog_in_diamonds_no_trump_laid_away(
    request: dict[str, Json],
) -> dict[str, Json]:
    """An engine that withholds a Grand after eldest's bid, plays a Frog in diamonds and
    lets no trump be laid away: three departures, the second and third at the same step."""
    from frogspec.rules.auction import Contract
    from frogspec.rules.cards import Suit

    def frog_in_diamonds(rs: Ruleset) -> Ruleset:
        written = rs.rules.fixed_trump

        def fixed_trump(contract: Contract) -> Suit | None:
            return Suit.DIAMONDS if contract is Contract.FROG else written(contract)

        return rs.replacing("trump.hearts-in-frog-and-grand", fixed_trump)

    answer = reference_answer(request, frog_in_diamonds)
    result = answer.get("result")
    actions = request.get("actions") or []
    if isinstance(result, dict) and isinstance(result.get("legal"), list) and actions:
        legal = [str(a) for a in result["legal"]]
        if result.get("phase") == "auction":
            result["legal"] = [a for a in legal if a != "grand"]
        if result.get("phase") == "discard":
            result["legal"] = [a for a in legal if not a.endswith("D")]
    return {"id": request.get("id"), **answer}


def test_a_departure_found_past_one_no_model_applies_is_modelled_and_looked_past_in_turn() -> None:
    # Past the Grand withheld, the Frog's trump and the discards part at one step; the
    # trump modelled, the discards part alone: each departure has the case.
    found = _one_game_blamed(
        _grand_withheld_frog_in_diamonds_no_trump_laid_away, ["pass", "frog", "pass"]
    )
    rules = {d.rule for d in found.deviations if "g" in d.cases}
    assert {"trump.hearts-in-frog-and-grand", "widow.frog-take-and-discard"} <= rules
    assert len(rules) == 3
    trump = next(d for d in found.deviations if d.rule == "trump.hearts-in-frog-and-grand")
    assert model_of(trump) is not None


def _bidder_leads(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose bidder leads to the first trick."""

    def first_leader(order: tuple[int, ...], bidder: int | None, contract: object) -> int:
        return order[0] if bidder is None else bidder

    answer = reference_answer(
        request, lambda rs: rs.replacing("play.eldest-leads-first", first_leader)
    )
    return {"id": request.get("id"), **answer}


def test_the_bidder_leading_first_is_modelled() -> None:
    # Seat 2 bids a Grand over eldest's pass: by the engine he leads, by the rules seat 1.
    request = game_request(0, ["pass", "grand", "pass"])
    actual = _bidder_leads(request)
    (deviation,) = _one_game_blamed(_bidder_leads, ["pass", "grand", "pass"]).deviations
    assert deviation.rule == "play.eldest-leads-first"
    model = model_of(deviation)
    assert model is not None
    assert reference_answer(request, model.adjust) == {k: v for k, v in actual.items() if k != "id"}


def _queen_of_clubs_a_trump(request: dict[str, Json]) -> dict[str, Json]:
    """An engine that counts the Queen of clubs as a trump in the duties of the play
    (whatever the trump suit), in its ``legal_plays`` and in its games' legal lists: the
    reference otherwise."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.conform.probes.legal_plays import _as_trump_plays
    from frogspec.harness import handle
    from frogspec.rules.cards import format_card, format_cards

    answer: dict[str, Json] = handle(dict(request))
    result = answer.get("result")
    if request.get("op") == "legal_plays" and request.get("trump") is not None:
        return (
            {**answer, "result": _as_trump_plays(request, "QC")} if "result" in answer else answer
        )
    if request.get("op") != "game" or not isinstance(result, dict) or result.get("phase") != "play":
        return answer
    actions = request.get("actions")
    state = game_state(request, actions if isinstance(actions, list) else [])
    if state is None or state.trump is None or state.to_act is None:
        return answer
    asked: dict[str, Json] = {
        "trump": state.trump.letter,
        "hand": list(format_cards(state.hands[state.to_act])),
        "trick": [format_card(card) for card in state.trick],
    }
    result["legal"] = [f"play {card}" for card in _as_trump_plays(asked, "QC")]
    return answer


#: A Grand where the third hand, holding the Queen of clubs and other clubs, follows a
#: club lead: the engine leaves the Queen out of his list (it is a trump to it).
_QUEEN_KEPT_BACK = ["grand", "play 10S", "play 6S", "play QS", "play 6C", "play JC"]


def test_a_list_narrowed_by_a_card_counted_as_a_trump_is_the_duties_the_probes_model() -> None:
    # The list is narrowed among the cards of the suit led, as a duty to head the trick
    # would narrow it, and the diagnosis names that rule first; the engine's legal_plays
    # counts the Queen of clubs a trump, and that model gives the list at the step: the
    # case is the card's, said as it.
    from frogspec.conform.probes import PROBES
    from frogspec.conform.probes.legal_plays import LegalPlaysProbe

    from .test_diagnosis import answered_case

    request = game_request(0, _QUEEN_KEPT_BACK)
    case = answered_case("g", request)
    actual = _queen_of_clubs_a_trump(request)
    divergence = diagnose(case, actual, _queen_of_clubs_a_trump)
    assert divergence is not None and divergence.rules[0] == "play.no-duty-to-head"
    assert isinstance(PROBES["legal_plays"], LegalPlaysProbe)
    findings = PROBES["legal_plays"].run(_queen_of_clubs_a_trump, ["modern"], [])
    (finding,) = findings
    assert finding.otherwise == CardAsTrump("QC", True, True) and finding.model is not None
    found = blame([(case, actual, divergence)], [], findings)
    assert [(d.rule, d.cases) for d in found.deviations] == [("play.follow-suit", ("g",))]
    (deviation,) = found.deviations
    assert deviation.when == "in modern, when he holds the Queen of clubs"
    assert deviation.instead.startswith("the Queen of clubs counts as a trump")


def test_a_card_counted_as_a_trump_is_no_model_where_another_duty_departs_too() -> None:
    # The same engine, which besides lists every card when void in the suit led: the card
    # counted as a trump no longer gives every probe's answer, and models nothing.
    from frogspec.conform.probes import PROBES

    def also_any_card(request: dict[str, Json]) -> dict[str, Json]:
        answer = _queen_of_clubs_a_trump(request)
        hand, trick = request.get("hand"), request.get("trick")
        led = trick[0][-1] if isinstance(trick, list) and trick else None
        void = isinstance(hand, list) and not any(c[-1] == led for c in hand)
        if request.get("op") == "legal_plays" and led is not None and void:
            return {**answer, "result": list(hand or [])}
        return answer

    findings = PROBES["legal_plays"].run(also_any_card, ["modern"], [])
    assert findings and all(f.model is None for f in findings)


def test_a_suspected_deviation_is_said_from_its_cases_differences() -> None:
    # No swap reproduces the case and its replay comes to no rule: the rule evidence
    # points to is still said, where and what the engine does there.
    from frogspec.conform.deviations import _said_by_replay

    from .test_diagnosis import answered_case

    request = game_request(0, _QUEEN_KEPT_BACK)
    case = answered_case("g", request)
    actual = _queen_of_clubs_a_trump(request)
    divergence = diagnose(case, actual, _queen_of_clubs_a_trump)
    assert divergence is not None
    suspected = Deviation(
        rule="play.no-duty-to-head",
        reading=None,
        reading_rulesets=(),
        cases=("g",),
        example={},
        in_rulesets=("modern",),
    )
    assert suspected.status == "suspected" and not suspected.instead
    said = _said_by_replay(suspected, [(case, divergence)], [], None)
    assert said.when.startswith("in modern") and said.instead
    assert "QC" in said.instead


def test_a_count_seen_again_that_a_departure_of_the_count_gives_is_filed_under_it() -> None:
    # A Frog whose laid-away Ace, Nine and Seven the engine counts for the defenders: a
    # case judged again comes to its count at the last trick. The departure of the count
    # already named (the laid-away cards counted for the defenders) gives the engine's
    # points there: the case is its, not a new deviation of the count.
    from frogspec.conform.accounting import GroupCredited
    from frogspec.conform.blame import _counted_so as counted_so
    from frogspec.harness import handle

    from .test_diagnosis import answered_case

    actions = ["frog", "pass", "pass", "discard AC", "discard 9C", "discard 7C"]
    while True:
        result = handle(game_request(0, actions))["result"]
        if result["phase"] != "play":
            break
        actions.append(sorted(result["legal"])[0])
    request = game_request(0, actions)
    case = answered_case("g", request)
    actual = json.loads(json.dumps(reference_answer(request)))
    assert actual["result"]["points"] == {"bidder": 62, "defenders": 58}
    actual["result"]["points"] = {"bidder": 51, "defenders": 69}
    actual["result"]["payments"] = [9, -18, 9]
    divergence = diagnose(case, actual, None)
    laid_away = GroupCredited("scoring.widow-counts-for-bidder", "laid away")
    named = replace(_deviation(laid_away.rule, ("h",)), hypothesis=laid_away)
    seen = _deviation("scoring.count-card-points", ("g",))
    other = _deviation("play.trick-winner", ("g",))
    by_id = {"g": (case, actual)}
    before, after = counted_so([named], [seen, other], {"g": divergence}, None, by_id)
    assert [(d.rule, d.cases) for d in before] == [(laid_away.rule, ("h", "g"))]
    # The round's deviations of that case, whatever rule they name, are left with no
    # case: dropped.
    assert after == []
    # Nothing moves where no departure of the count is named.
    assert counted_so([], [seen], {"g": divergence}, None, by_id) == ([], [seen])


def test_a_case_is_filed_under_the_packets_of_its_own_ruleset() -> None:
    # One deal in other packets shows as each ruleset's packet rule: a case of modern
    # filed under Foster's packets (its deviation took it in, whatever its ruleset) goes
    # to modern's, and each deviation is said in its own rulesets.
    from frogspec.conform.blame import _in_own_rulesets as in_own_rulesets
    from frogspec.conform.evidence import PacketsChanged
    from frogspec.conform.words import Circumstances

    def finding(rule: str, reference: str, ruleset: str) -> StageFinding:
        probe = Probe({"op": "deal"}, {"result": 1}, {"result": 2}, ())
        changed = PacketsChanged("4-(3)-4-3", reference)
        return StageFinding("deal", rule, changed, 3, 2, probe, rulesets=(ruleset,))

    def case(case_id: str, ruleset: str) -> tuple[Case, Json]:
        request: dict[str, Json] = {"id": 1, "op": "deal", "ruleset": ruleset}
        return Case(case_id, "cases", "", (), request, {"id": 1, "result": {}}), None

    foster = finding("deal.packets-3-3-4-4", "3-(3)-4-4", "foster-1909")
    modern = finding("deal.packets-4-3-3-4", "4-(3)-3-4", "modern")
    by_id = dict(
        (c[0].id, c) for c in (case("f", "foster-1909"), case("m", "modern"), case("m2", "modern"))
    )
    both = Circumstances(("foster-1909", "modern"))
    found = in_own_rulesets(
        [
            replace(_deviation(foster.rule, ("f", "m"), foster), circumstances=both),
            _deviation(modern.rule, ("m2",), modern),
        ],
        by_id,
    )
    assert [(d.rule, d.cases) for d in found] == [
        ("deal.packets-3-3-4-4", ("f",)),
        ("deal.packets-4-3-3-4", ("m2", "m")),
    ]
    assert found[0].when == "in foster-1909" and found[0].in_rulesets == ("foster-1909",)
    # With no finding of the case's ruleset, it stays where it is.
    alone = in_own_rulesets([_deviation(foster.rule, ("f", "m"), foster)], by_id)
    assert [d.cases for d in alone] == [("f", "m")]


def test_several_ranks_counted_otherwise_are_one_departure_of_the_cards_points() -> None:
    # Kings at 3 and Queens at 4: the engine's card values, one departure, said by one
    # deviation with both ranks; neither rank is left over as a unit-op finding.
    from frogspec.conform.deviations import with_findings

    kings = replace(_finding("cards.points", CardCounted("K", 3, 4), "card_points"), disagree=4)
    queens = replace(_finding("cards.points", CardCounted("Q", 4, 3), "card_points"), disagree=4)
    (said,) = with_findings([], [kings, queens])
    assert said.rule == "cards.points"
    assert said.instead == "a King counts 3 instead of 4; a Queen counts 4 instead of 3"
    assert said.probes_disagree == 8
    filed = replace(said, cases=("g",))
    assert unit_findings([filed], [kings, queens]) == []


def _chico_takes_widow(rs: Ruleset) -> Ruleset:
    from frogspec.rules.auction import Contract

    written = rs.rules.exchanges_widow
    return rs.replacing(
        "widow.untouched-in-chico-and-grand",
        lambda contract: contract is Contract.CHICO or written(contract),
    )


def _chico_bidder_takes_the_widow(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose Chico bidder takes the widow and lays away before naming the trump."""
    return {"id": request.get("id"), **reference_answer(request, _chico_takes_widow)}


def test_a_chico_bidder_taking_the_widow_is_modelled() -> None:
    # By the engine the Chico bidder (eldest, seat 1) lays away; by the rules he names the
    # trump: the model is the rule with a Chico's widow taken, as a Frog's.
    actions = ["chico", "pass", "pass"]
    request = game_request(0, actions)
    (deviation,) = _one_game_blamed(_chico_bidder_takes_the_widow, actions).deviations
    assert deviation.rule == "widow.untouched-in-chico-and-grand"
    model = model_of(deviation)
    assert model is not None
    engine = _chico_bidder_takes_the_widow(request)
    assert reference_answer(request, model.adjust) == {k: v for k, v in engine.items() if k != "id"}
    # The bidder names the trump once he has laid away three cards, and then plays.
    result = engine["result"]
    discards = [str(a) for a in result["legal"]][:3]
    laid = reference_answer(game_request(0, [*actions, *discards]), model.adjust)["result"]
    assert (laid["phase"], laid["to_act"], laid["trump"]) == ("trump", 1, None)
    named = reference_answer(game_request(0, [*actions, *discards, "trump S"]), model.adjust)
    assert named["result"]["phase"] == "play" and named["result"]["trump"] == "S"


def test_cards_left_out_of_the_lay_away_before_any_trump_is_named_are_a_departure_apart() -> None:
    # The engine's Frog bidder lays away with no trump set yet (he names it afterwards),
    # and may not lay away an Ace or a Ten: both show at the same step. What may be laid
    # away cannot follow from a trump not yet named: two departures, each said apart, each
    # with every case.
    from frogspec.conform.blame import _laid_away_apart
    from frogspec.conform.conditions import Condition
    from frogspec.conform.evidence import FieldChanged, LegalChanged
    from frogspec.conform.localise import Localised, RanksLeftOut

    legal = LegalChanged(("discard AC", "discard 10C"), ())
    trump = FieldChanged("trump", None, "H")
    left_out = RanksLeftOut("discard", ("10", "A"), ("discard 10C", "discard AC"))
    rule = "trump.hearts-in-frog-and-grand"
    both = Deviation(
        rule=rule,
        reading=None,
        reading_rulesets=(),
        cases=("a", "b"),
        example={},
        otherwise=Localised(rule, Condition(()), (legal, trump), left_out),
        differences=(legal, trump),
        in_rulesets=("modern",),
    )
    said, apart = _laid_away_apart([both], {})
    assert (said.rule, said.cases) == (rule, ("a", "b"))
    assert said.instead == 'trump is null instead of "H"'
    assert (apart.rule, apart.cases) == ("widow.frog-take-and-discard", ("a", "b"))
    assert apart.instead == (
        "leaves out the discards of the cards of rank 10 or A (discard 10C, discard AC)"
    )
    # A trump named may be what the lay-away follows (no trumps laid away): one departure.
    named = replace(
        both,
        differences=(legal, FieldChanged("trump", "D", "H")),
        otherwise=Localised(
            rule, Condition(()), (legal, FieldChanged("trump", "D", "H")), left_out
        ),
    )
    assert _laid_away_apart([named], {}) == [named]


def test_a_case_filed_from_another_ruleset_widens_the_rulesets_said() -> None:
    # A case the departure alone fails in a ruleset its own cases did not show: the
    # deviation's ``when`` names that ruleset too, else its cases would contradict it.
    from frogspec.conform.blame import _said_in_rulesets_of
    from frogspec.conform.words import Circumstances

    def case(case_id: str, ruleset: str) -> Case:
        return Case(
            id=case_id,
            file="match.json",
            description="",
            rules=(),
            request={"op": "match", "ruleset": ruleset},
            response={"result": {}},
        )

    by_id: dict[str, tuple[Case, Json]] = {
        "a": (case("a", "modern"), {}),
        "b": (case("b", "hoyle-1907"), {}),
    }
    said = Deviation(
        rule="match.no-fixed-end",
        reading=None,
        reading_rulesets=(),
        cases=("a", "b"),
        example={},
        in_rulesets=("modern",),
        circumstances=Circumstances(("modern",)),
    )
    widened = _said_in_rulesets_of(said, by_id)
    assert widened.circumstances.rulesets == ("hoyle-1907", "modern")
    assert widened.in_rulesets == ("hoyle-1907", "modern")
    assert widened.when == "in hoyle-1907, modern"
    # A deviation that says no rulesets (every one) is left as it is.
    unsaid = replace(said, in_rulesets=(), circumstances=Circumstances())
    assert _said_in_rulesets_of(unsaid, by_id) is unsaid


def _trumps_not_led(request: dict[str, Json]) -> dict[str, Json]:
    """The reference, except that ``legal_plays`` lets a leader holding a card of another
    suit lead no trump."""
    answer = reference_answer(request)
    trump, result = request.get("trump"), answer.get("result")
    leads = request.get("op") == "legal_plays" and not request.get("trick")
    if leads and trump is not None and isinstance(result, list):
        kept = [c for c in result if str(c)[-1] != trump]
        answer = {**answer, "result": kept or result}
    return {"id": request.get("id"), **answer}


def test_a_legal_plays_case_the_probes_model_is_filed_under_their_finding() -> None:
    # A vector case of the op the probes asked, answered as the finding's model answers
    # it, is one more sight of that departure, whatever deviation first took it.
    from frogspec.conform.blame import _as_modelled as as_modelled
    from frogspec.conform.probes import PROBES

    from .test_diagnosis import answered_case

    findings = PROBES["legal_plays"].run(_trumps_not_led, ["modern"], [])
    (finding,) = findings
    assert finding.rule == "play.lead-any-card" and finding.model is not None
    request: dict[str, Json] = {
        "id": 1,
        "op": "legal_plays",
        "ruleset": "modern",
        "trump": "H",
        "hand": ["9S", "QD", "AH"],
        "trick": [],
    }
    case = answered_case("legal", request)
    actual = _trumps_not_led(request)
    divergence = diagnose(case, actual, _trumps_not_led)
    assert divergence is not None
    assert [d.kind for d in divergence.differences] == ["legal narrowed: play"]
    home = _deviation("play.lead-any-card", ("g",), finding)
    apart = _deviation("play.lead-any-card", ("legal",))
    by_id = {"legal": (case, actual)}
    moved = as_modelled([home, apart], findings, {"legal": divergence}, None, by_id)
    assert [d.cases for d in moved] == [("g", "legal")]
    # An answer the model does not give stays where it was.
    other = {"id": 1, "result": ["9S", "AH"]}
    otherwise = diagnose(case, other, _trumps_not_led)
    assert otherwise is not None
    kept = as_modelled(
        [home, apart], findings, {"legal": otherwise}, None, {"legal": (case, other)}
    )
    assert [d.cases for d in kept] == [("g",), ("legal",)]


def _nine_a_trump_and_overtrump(request: dict[str, Json]) -> dict[str, Json]:
    """The reference, except that ``legal_plays`` counts the Nine of diamonds a trump
    (followed to trumps led, played when void) and makes a player void in a plain suit
    led, the trick trumped, play a trump higher than every one in it where he holds one:
    two duties of the play departing at once."""
    from frogspec.rules.cards import card_strength, parse_card

    answer = {"id": request.get("id"), **reference_answer(request)}
    trick, trump = request.get("trick"), request.get("trump")
    if request.get("op") != "legal_plays" or not isinstance(trick, list) or not trick:
        return answer

    def suit(card: str) -> str:
        return str(trump) if trump is not None and card == "9D" else card[-1]

    hand = [str(c) for c in request["hand"]]
    led = suit(str(trick[0]))
    following = [c for c in hand if suit(c) == led]
    trumps = [c for c in hand if suit(c) == trump]
    listed = following or trumps or hand
    trumped = [card_strength(parse_card(str(c))) for c in trick if suit(str(c)) == trump]
    if not following and trumped and led != trump:
        higher = [c for c in trumps if c != "9D" and card_strength(parse_card(c)) > max(trumped)]
        listed = higher or listed
    return {"id": request.get("id"), "result": listed}


def test_a_card_counted_as_a_trump_beside_a_duty_to_overtrump_is_modelled_apart_from_it() -> None:
    # Each duty leaves the other's hypothesis wrong where both reach (void, the trick
    # trumped): neither models every probe, but each models the probes outside the other's
    # condition, and a list at a step outside it (trumps led, the Nine added) goes under
    # the card counted as a trump, where one inside it does not.
    from frogspec.conform.blame import _as_modelled as as_modelled
    from frogspec.conform.probes import PROBES

    from .test_diagnosis import answered_case

    findings = PROBES["legal_plays"].run(_nine_a_trump_and_overtrump, ["modern"], [])
    as_trump = next(f for f in findings if isinstance(f.otherwise, CardAsTrump))
    overtrump = next(f for f in findings if f.rule == "play.no-duty-to-overtrump")
    assert as_trump.rule == "play.follow-suit"
    for finding in (as_trump, overtrump):
        assert finding.model is None and finding.partial_model is not None
    assert overtrump.condition in as_trump.partial_model_not_in
    assert as_trump.condition in overtrump.partial_model_not_in

    def case_of(hand: list[str], trick: list[str]) -> tuple[Case, Json, Divergence]:
        request: dict[str, Json] = {
            "id": 1,
            "op": "legal_plays",
            "ruleset": "modern",
            "trump": "H",
            "hand": hand,
            "trick": trick,
        }
        case = answered_case("legal", request)
        actual = _nine_a_trump_and_overtrump(request)
        divergence = diagnose(case, actual, _nine_a_trump_and_overtrump)
        assert divergence is not None
        return case, actual, divergence

    # Trumps led: the Nine is added to the hearts, as the card counted as a trump has it.
    case, actual, divergence = case_of(["9D", "7H", "KS"], ["QH"])
    home = _deviation("play.follow-suit", ("g",), as_trump)
    apart = _deviation("play.no-duty-to-head", ("legal",))
    moved = as_modelled(
        [home, apart], findings, {"legal": divergence}, None, {"legal": (case, actual)}
    )
    assert [d.cases for d in moved] == [("g", "legal")]
    # Void in spades led, the trick trumped: both reach; the card's model is not put there.
    case, actual, divergence = case_of(["9D", "6H", "KH", "7C"], ["AS", "8H"])
    kept = as_modelled(
        [home, apart], findings, {"legal": divergence}, None, {"legal": (case, actual)}
    )
    assert [d.cases for d in kept] == [("g",), ("legal",)]


def test_a_unit_ops_finding_keeps_only_the_cases_of_its_op_its_departure_would_fail() -> None:
    # Payments doubled where the bidder takes 95 (the settle probes' model): a bidder's 60
    # is no case of it, though the settlement found it first; the count that moves the
    # tie holds that case too, and keeps it. A case no other deviation holds stays.
    from frogspec.conform.blame import _unit_cases_it_fails_alone as fails_alone_only
    from frogspec.conform.probes.settle import _paid_times_at_points

    at_60, at_95, at_61 = _settle_case(60), _settle_case(95), _settle_case(61)
    by_id: dict[str, tuple[Case, Json]] = {c.id: (c, None) for c in (at_60, at_95, at_61)}
    doubled = replace(
        _deviation("settlement.rates-1-2-4", (at_60.id, at_95.id, at_61.id)),
        otherwise=_finding("settlement.rates-1-2-4", TEN_AT_FIVE),
        departure=_paid_times_at_points(2, (95,)),
    )
    count = _deviation("cards.points", (at_60.id,))
    rate, counted = fails_alone_only([doubled, count], by_id)
    assert rate.cases == (at_95.id, at_61.id) and counted.cases == (at_60.id,)
    # Confirmed by a swap, or with no model, it keeps every case.
    assert fails_alone_only([replace(doubled, confirmed=True), count], by_id)[0].cases == (
        doubled.cases
    )
    assert fails_alone_only([replace(doubled, departure=None), count], by_id)[0].cases == (
        doubled.cases
    )
