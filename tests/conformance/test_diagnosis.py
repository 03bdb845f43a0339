"""The diagnosis: where a failing case first parts from the reference, and the rules there.

The engines are the reference with broken twins swapped in (``composite/twins.py``), run in
process: each test knows which rule is broken, and checks that the diagnosis finds the step
and names the rule from what the reference evaluates at that step.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from frogspec import registry
from frogspec.conform.diagnosis import (
    Divergence,
    diagnose,
    divergence_json,
    divergence_lines,
    fits_passed,
    rival_readings,
)
from frogspec.conform.transport import Failure
from frogspec.engine import legal_actions
from frogspec.harness import handle
from frogspec.notation import parse_position
from frogspec.registry import get_rule
from frogspec.rulesets import RULESETS
from frogspec.twins import get_twin, twin_ruleset
from frogspec.twins.check import judge_twin_answer
from frogspec.vectors.model import Case, differences

from .composite.twins import twin_engine

Ask = Callable[[dict[str, Any]], dict[str, Any]]


def _answer(ask: Ask, request: dict[str, Any]) -> dict[str, Any]:
    answer = ask(json.loads(json.dumps(request)))
    return {k: v for k, v in answer.items() if k != "id"}


def failing(
    ask: Ask, cases: list[Case], op: str | None = None, hand_written: bool | None = None
) -> Iterator[tuple[Case, dict[str, Any]]]:
    """The cases (of ``op``, hand-written or generated) the engine fails, with its answers."""
    for case in cases:
        if op is not None and case.op != op:
            continue
        if hand_written is not None and hand_written == case.file.startswith("generated"):
            continue
        answer = _answer(ask, case.request)
        if judge_twin_answer(case, answer).status == "failed":
            yield case, answer


def first_failing(
    ask: Ask, cases: list[Case], op: str | None = None, hand_written: bool | None = None
) -> tuple[Case, dict[str, Any]]:
    found = next(failing(ask, cases, op, hand_written), None)
    assert found is not None, f"no {op} case fails"
    return found


def reading_engine(rule_id: str, reading_id: str) -> Ask:
    """The reference with a rival reading in place of a rule (an engine that follows it)."""
    target = get_rule(reading_id).function

    def reading(*args: Any, **kwargs: Any) -> Any:
        return target(*args, **kwargs)

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        return handle(request, lambda ruleset: ruleset.replacing(rule_id, reading))

    return ask


def assert_prefixes_agree_before(divergence: Divergence, case: Case, ask: Ask) -> None:
    """Every prefix shorter than the one the divergence shows gets the reference's answer."""
    request = divergence.request
    assert request is not None and request["op"] == "game"
    shown = len(request["actions"])
    for k in range(shown):
        prefix = {**request, "actions": request["actions"][:k]}
        expected = {k2: v for k2, v in handle(dict(prefix)).items() if k2 != "id"}
        assert not differences(expected, _answer(ask, prefix), {"$.result.legal": "set"}), k
    assert differences(divergence.expected, divergence.actual, divergence.compare)


# --- game --------------------------------------------------------------------------------


def test_a_wrong_legal_list_is_found_at_its_position(cases: list[Case]) -> None:
    rule = "play.follow-suit"
    ask = twin_engine([rule])
    case, answer = first_failing(ask, cases, "game", hand_written=True)
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules[0] == rule and d.confirmed
    assert d.step is not None and d.request is not None
    assert len(d.request["actions"]) == d.step  # the lists part at the position itself
    assert d.reference_legal is not None and d.engine_legal is not None
    assert set(d.reference_legal) < set(d.engine_legal)  # the twin lets a player revoke
    assert d.position is not None
    state = parse_position(d.position)
    assert state.to_act == d.to_act
    assert sorted(str(a) for a in legal_actions(state)) == sorted(d.reference_legal)
    actions = case.request["actions"]
    assert d.action == (actions[d.step] if d.step < len(actions) else None)
    assert_prefixes_agree_before(d, case, ask)


def test_a_wrong_consequence_is_charged_to_the_action(cases: list[Case]) -> None:
    rule = "play.winner-leads-next"
    ask = twin_engine([rule])
    case, answer = first_failing(ask, cases, "game", hand_written=False)
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules[0] == rule and d.explained_by[0] == rule
    assert d.step is not None and d.request is not None
    # The action at the step completes a trick; who leads next differs after it.
    assert len(d.request["actions"]) == d.step + 1
    assert d.action == case.request["actions"][d.step]
    assert d.position is not None
    state = parse_position(d.position)
    assert len(state.trick) == len(state.order) - 1
    assert "to_act" in d.detail
    assert_prefixes_agree_before(d, case, ask)


def test_the_deal_shows_only_when_a_hand_does_and_a_reading_is_named(cases: list[Case]) -> None:
    # The twin of Foster's deal deals 4-(3)-3-4, which is the post-1950 reading: the hands
    # differ from the first card, but only a legal list shows them.
    rule = "deal.packets-3-3-4-4"
    ask = twin_engine([rule])
    case, answer = first_failing(ask, cases, "game")
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules[0] == rule and d.step is not None and d.step > 0
    assert (rule, "deal.packets-4-3-3-4") in d.readings
    # The web page's deal, as we rule it, is the same pattern: it fits as well.
    assert set(d.reading_of(rule)) == {"deal.packets-4-3-3-4", "deal.gamerules-packets"}


def test_an_engine_on_another_reading_of_the_auction(cases: list[Case]) -> None:
    # Foster's auction read as the post-1950 one: an overbid Frog answers at once.
    rule, reading = "auction.overbid-to-raise", "auction.one-round-frog-may-raise"
    ask = reading_engine(rule, reading)
    foster = [c for c in cases if c.ruleset == "foster-1909"]
    case, answer = first_failing(ask, foster, "game")
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules[0] == rule and reading in d.reading_of(rule)


def test_an_illegal_refusal_where_the_reference_plays_on(cases: list[Case]) -> None:
    # The twin refuses a discard of a trump, which the reference allows.
    rule = "widow.frog-take-and-discard"
    ask = twin_engine([rule])
    refusals = (
        (case, answer)
        for case, answer in failing(ask, cases, "game")
        if isinstance(answer.get("error"), dict) and answer["error"].get("kind") == "illegal"
    )
    case, answer = next(refusals)
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules[0] == rule
    assert d.step is not None and d.step <= answer["error"]["at"]


# --- perft and match -------------------------------------------------------------------------


def test_perft_descends_to_the_position_where_the_lists_part(cases: list[Case]) -> None:
    rule = "play.must-trump"
    ask = twin_engine([rule])
    descended = 0
    for case, answer in failing(ask, cases, "perft"):
        d = diagnose(case, answer, ask)
        assert d is not None and d.rules[0] == rule and d.confirmed
        assert d.request is not None and d.request["op"] == "game" and d.step is not None
        assert d.reference_legal is not None and d.engine_legal is not None
        assert set(d.reference_legal) != set(d.engine_legal)
        assert_prefixes_agree_before(d, case, ask)
        given = case.request["actions"]
        if d.step >= len(given):  # past the case's actions: found by descending the counts
            assert d.request["actions"][: len(given)] == given
            assert "perft descent" in d.detail
            descended += 1
    assert descended > 0


def test_match_finds_the_deal_then_the_step_in_it(cases: list[Case]) -> None:
    rule = "play.winner-leads-next"
    ask = twin_engine([rule])
    case, answer = first_failing(ask, cases, "match")
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules[0] == rule
    assert d.step is not None and 0 <= d.step < len(case.request["deals"])
    assert d.request is not None and d.request["op"] == "game"
    assert d.request["deck"] == case.request["deals"][d.step]["deck"]
    assert d.detail.startswith(f"deal {d.step}, ")


def test_match_rules_of_its_own_when_every_deal_plays_alike(cases: list[Case]) -> None:
    rule = "deal.rotation-left"
    ask = twin_engine([rule])
    case, answer = first_failing(ask, cases, "match")
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules[0] == rule and d.confirmed
    assert d.request is not None and d.request["op"] == "match" and d.step is not None
    assert len(d.request["deals"]) == d.step + 1


# --- ops without actions ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "op"),
    [
        ("cards.points", "card_points"),
        ("cards.rank-order", "trick_winner"),
        ("play.follow-suit", "legal_plays"),
        ("deal.singly-slough-1-4-8", "deal"),
        ("settlement.rates-1-2-4", "settle"),
    ],
)
def test_an_op_without_actions_is_judged_on_its_request(
    cases: list[Case], rule: str, op: str
) -> None:
    ask = twin_engine([rule])
    case, answer = first_failing(ask, cases, op)
    d = diagnose(case, answer, None)
    assert d is not None and d.step is None and d.position is None
    assert d.rules[0] == rule and d.confirmed
    assert d.request is not None and d.request["op"] == op
    if op == "legal_plays":
        assert d.reference_legal == handle(dict(case.request))["result"]
        assert d.engine_legal == answer["result"]


def test_a_difference_of_the_protocol_names_no_rule(cases: list[Case]) -> None:
    # An engine that answers 0 to every request: asked an unknown card, it is wrong on
    # the protocol (the answer must be invalid), on no rule of the game.
    case = next(c for c in cases if c.id == "invalid.unknown-card")
    d = diagnose(case, {"result": 0}, lambda request: {"result": 0})
    assert d is not None and d.rules == () and "invalid" in d.detail


def test_a_rule_that_explains_an_invalid_answer_is_named(cases: list[Case]) -> None:
    rule = "seats.players-3"
    ask = twin_engine([rule])
    case, answer = first_failing(ask, cases)
    d = diagnose(case, answer, ask)
    assert d is not None and d.rules and d.rules[0] == rule


def test_an_engine_naming_no_rule_id_has_no_divergence_of_the_rules(cases: list[Case]) -> None:
    def no_ids(request: dict[str, Any]) -> dict[str, Any]:
        answer = handle(request)
        if "error" in answer:
            answer["error"]["rule"] = None
        return answer

    case = next(c for c in cases if c.file == "illegal" and c.op == "game")
    answer = _answer(no_ids, case.request)
    d = diagnose(case, answer, no_ids)
    # Only the optional second level differs: the step is the refused action, the rule the
    # one the reference names, and nothing of the first level.
    assert d is not None and "names the rule" in d.detail
    assert d.rules == (case.expected["error"]["rule"],)
    assert d.step == case.expected["error"]["at"]


def test_a_transport_failure_gives_up_the_diagnosis(cases: list[Case]) -> None:
    def dead(request: dict[str, Any]) -> dict[str, Any]:
        raise Failure("crash", "the engine exited")

    case = next(c for c in cases if c.op == "game" and c.file.startswith("generated"))
    assert diagnose(case, {"result": {}}, dead) is None


def test_a_twin_beside_the_reference_is_diagnosed(cases: list[Case]) -> None:
    # The engine is the reference under a twin in this very process: nothing is put in
    # force for the process, so the diagnosis still has the faithful reference.
    case = next(c for c in cases if c.op == "card_points" and c.request["card"][0] == "J")
    engine = handle(case.request, lambda ruleset: twin_ruleset(ruleset, "cards.points"))
    d = diagnose(case, {k: v for k, v in engine.items() if k != "id"}, None)
    assert d is not None and "cards.points" in d.rules


def test_the_divergence_for_the_reports(cases: list[Case]) -> None:
    ask = twin_engine(["play.winner-leads-next"])
    case, answer = first_failing(ask, cases, "game")
    d = diagnose(case, answer, ask)
    assert d is not None
    data = divergence_json(d)
    assert list(data)[:8] == [
        "step",
        "position",
        "to_act",
        "reference_legal",
        "engine_legal",
        "action",
        "rules",
        "detail",
    ]
    assert json.loads(json.dumps(data)) == data
    lines = divergence_lines(d)
    assert lines[0] == f"first divergence: {d.detail}"
    assert f"position: {d.position}" in lines
    assert any(line.startswith("rule: play.winner-leads-next") for line in lines)
    # The lists are shown once when both sides list the same actions, twice when not.
    same = sorted(d.reference_legal or []) == sorted(d.engine_legal or [])
    assert any(line.startswith("legal (both):") for line in lines) == same
    assert any(line.startswith("legal (engine):") for line in lines) == (not same)


def test_differing_legal_lists_are_shown_side_by_side(cases: list[Case]) -> None:
    ask = twin_engine(["play.must-trump"])
    case, answer = first_failing(ask, cases, "game")
    d = diagnose(case, answer, ask)
    assert d is not None and d.reference_legal is not None and d.engine_legal is not None
    assert sorted(d.reference_legal) != sorted(d.engine_legal)
    lines = divergence_lines(d)
    assert not any(line.startswith("legal (both):") for line in lines)
    assert f"legal (engine):    {json.dumps(d.engine_legal)}"[:40] in "\n".join(lines)


# --- the swaps -------------------------------------------------------------------------------


def _snapshot() -> tuple[dict[str, Any], dict[int, str]]:
    return dict(RULESETS), {k: v.id for k, v in registry._BY_FUNCTION.items()}


def test_a_replaced_rule_answers_as_a_twin_and_changes_nothing(cases: list[Case]) -> None:
    before = _snapshot()
    sample = [c for c in cases if c.op in ("game", "settle", "match")][::15]
    for rule in ("seats.eldest-hand", "auction.overbid-to-raise", "settlement.rates-1-2-4"):
        twin = get_twin(rule).function
        ours = [
            handle(json.loads(json.dumps(c.request)), lambda rs: rs.replacing(rule, twin))  # noqa: B023
            for c in sample
        ]
        theirs = [
            handle(json.loads(json.dumps(c.request)), lambda rs: twin_ruleset(rs, rule))  # noqa: B023
            for c in sample
        ]
        assert ours == theirs
        assert ours != [handle(json.loads(json.dumps(c.request))) for c in sample]
        assert _snapshot() == before
        after = [
            judge_twin_answer(c, handle(json.loads(json.dumps(c.request)))).status for c in sample
        ]
        assert set(after) == {"passed"}


def test_rival_readings_and_whether_a_swap_keeps_passed_cases(cases: list[Case]) -> None:
    assert rival_readings("deal.packets-3-3-4-4") == (
        "deal.gamerules-packets",
        "deal.packets-4-3-3-4",
        "deal.singly-slough-1-4-8",
    )
    assert rival_readings("play.must-trump") == ()
    foster = [c for c in cases if c.ruleset == "foster-1909" and c.op == "game"]
    # Foster's games do not all pass with the post-1950 deal, nor with the twin of
    # follow-suit; those the twin's engine passes do.
    assert not fits_passed("deal.packets-3-3-4-4", "deal.packets-4-3-3-4", foster)
    assert not fits_passed("play.follow-suit", None, foster)
    failed = {c.id for c, _ in failing(twin_engine(["play.follow-suit"]), foster)}
    kept = [c for c in foster if c.id not in failed]
    assert len(kept) > 10 and fits_passed("play.follow-suit", None, kept)


@pytest.mark.parametrize(
    "junk",
    [
        {"result": None},
        {"error": {"kind": "invalid"}},
        {"error": {"kind": "illegal", "rule": None, "at": 0}},
        {"result": {"phase": "over"}},
    ],
)
def test_any_answer_is_diagnosed_without_raising(cases: list[Case], junk: dict[str, Any]) -> None:
    found = 0
    for case in cases[::7]:
        d = diagnose(case, junk, lambda request: dict(junk))
        found += d is not None
        # Without an answer to compare, an op without actions has no diagnosis.
        if case.op not in ("game", "match", "perft"):
            assert diagnose(case, None, None) is None
    assert found > 0


def answered_case(case_id: str, request: dict[str, Any]) -> Case:
    """A case of the request whose expected answer is the reference's."""
    from frogspec.conform.counterfactuals import reference_answer

    answer = reference_answer(request)
    return Case(
        id=case_id,
        file="cases",
        description="",
        rules=(),
        request=request,
        response={"id": 1, **answer},
    )


def _grand_withheld_and_hearts_in_chico(request: dict[str, Any]) -> dict[str, Any]:
    """An engine whose auction never offers a Grand to a seat after eldest's bid, and whose
    Chico bidder may name hearts: two departures, the first only in a legal list."""
    from frogspec.conform.counterfactuals import reference_answer

    twin = get_twin("trump.chico-not-hearts").function
    answer = reference_answer(request, lambda rs: rs.replacing("trump.chico-not-hearts", twin))
    result = answer.get("result")
    actions = request.get("actions") or []
    if isinstance(result, dict) and result.get("phase") == "auction" and actions:
        result["legal"] = [a for a in result["legal"] if a != "grand"]
    return {"id": request.get("id"), **answer}


def test_a_step_that_parts_only_by_a_legal_list_passed_over_shows_the_next_departure() -> None:

    from .test_localisation import _game

    request = _game(0, ["chico", "pass", "pass", "trump S"])
    case = answered_case("g", request)
    actual = _grand_withheld_and_hearts_in_chico(request)
    ask = _grand_withheld_and_hearts_in_chico
    first = diagnose(case, actual, ask)
    assert first is not None and first.step == 1
    assert [d.kind for d in first.differences] == ["legal narrowed: bid"]
    # Passing over that kind of step, the game goes on alike to the trump: the next
    # departure is the Chico's hearts.
    kinds = frozenset(d.kind for d in first.differences)
    after = diagnose(case, actual, ask, past=kinds)
    assert after is not None and after.step == 3
    assert "trump.chico-not-hearts" in after.rules
    # A step whose action is not legal by both is not passed over.
    refused = _game(0, ["chico", "grand"])
    case_refused = answered_case("g", refused)
    stopped = diagnose(case_refused, _grand_withheld_and_hearts_in_chico(refused), ask, past=kinds)
    assert stopped is not None and stopped.step == 1


def test_a_trump_given_as_null_in_the_play_is_a_contract_played_without_trumps() -> None:
    from frogspec.conform.evidence import FieldChanged, PlayedWithoutTrumps, differences_of
    from frogspec.conform.words import difference_words

    def answer(phase: str, trump: str | None) -> dict[str, Any]:
        return {"result": {"phase": phase, "contract": "grand", "trump": trump, "to_act": 1}}

    (played,) = differences_of("game", answer("play", "H"), answer("play", None))
    assert played == PlayedWithoutTrumps("trump", None, "H", "grand")
    assert played.kind == FieldChanged("trump", None, "H").kind  # one departure's kind
    assert difference_words(played) == (
        'a Grand is played without trumps (trump is null instead of "H")'
    )
    # Where the reference's bidder has yet to lay away, or the trump is another suit, the
    # engine's answer says nothing of a contract without trumps.
    (waiting,) = differences_of("game", answer("discard", "H"), answer("discard", None))
    assert type(waiting) is FieldChanged
    (other,) = differences_of("game", answer("play", "H"), answer("play", "D"))
    assert type(other) is FieldChanged
    # A contract the protocol does not know is not echoed into the report's words.
    odd = {"result": {**answer("play", None)["result"], "contract": "\x1b[2Jsolo"}}
    found = differences_of("game", answer("play", "H"), odd)
    (unnamed,) = [d for d in found if isinstance(d, PlayedWithoutTrumps)]
    assert difference_words(unnamed).startswith("the contract is played without trumps")
    # The engine still naming it (phase trump) while the reference plays: two fields part.
    named_later = differences_of("game", answer("play", "H"), answer("trump", None))
    assert not any(isinstance(d, PlayedWithoutTrumps) for d in named_later)


def test_the_read_ons_of_one_step_put_a_request_to_the_engine_once() -> None:
    # Two read-ons asking the same position get the first answer again, on a copy; a
    # request that failed is put again.
    from frogspec.conform.diagnosis import _asking_once

    asked: list[dict[str, Any]] = []

    def engine(request: dict[str, Any]) -> dict[str, Any]:
        asked.append(request)
        if request.get("op") == "fails" and len(asked) == 1:
            raise Failure("timeout", "the engine did not answer")
        return {"id": len(asked), "result": {"legal": ["pass"]}}

    once = _asking_once(engine)
    first = once({"op": "game", "actions": ["pass"]})
    first["result"]["legal"].append("frog")  # a caller's change is its own
    again = once({"op": "game", "actions": ["pass"]})
    assert again == {"id": 1, "result": {"legal": ["pass"]}} and len(asked) == 1
    once({"op": "game", "actions": ["frog"]})
    assert len(asked) == 2
    failing = _asking_once(engine)
    asked.clear()
    with pytest.raises(Failure):
        failing({"op": "fails"})
    assert failing({"op": "fails"})["id"] == 2
