"""The broken twins: one per rule, each put in as a ruleset with that rule replaced, which
the engine asks wherever it applies the rule and which changes nothing else."""

from __future__ import annotations

import contextlib
import inspect
import subprocess
import sys
from collections.abc import Callable, Sequence
from functools import reduce
from typing import Any

import pytest

import frogspec.engine
import frogspec.rules.auction
import frogspec.rules.settlement
from frogspec.errors import UnknownRuleError
from frogspec.harness import handle
from frogspec.questions import Question
from frogspec.registry import all_rules, get_rule, rule_for_function
from frogspec.rules import play, settlement
from frogspec.rules.cards import CardSet, points_of
from frogspec.rulesets import RULESETS, Option, Ruleset, get_ruleset
from frogspec.ruletable import DUTIES_OF_THE_PLAY, INNER_RULES, ROLES, TABLE_RULES
from frogspec.twins import TWINS, UnknownTwinError, get_twin, missing_twins, twin_ruleset

RULE_IDS = [entry.id for entry in all_rules()]


def test_every_rule_has_a_twin() -> None:
    assert missing_twins() == []
    assert sorted(TWINS) == sorted(RULE_IDS)


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_a_twin_has_its_rules_signature_and_says_its_mistake(rule_id: str) -> None:
    twin = get_twin(rule_id)
    original = get_rule(rule_id).function
    assert twin.function is not original
    assert twin.original is original
    # The rules a rule uses are arguments after its own, which the table fills in by
    # name; a twin needs none of the rule's, and may name rules of its own the same way.
    ours = {
        name: p
        for name, p in inspect.signature(twin.function).parameters.items()
        if not (callable(p.default) and rule_for_function(p.default) is not None)
    }
    inner = INNER_RULES.get(rule_id, {})
    try:
        signature = inspect.signature(original)
    except ValueError:  # compiled, a function with defaults may show no signature
        assert frogspec.COMPILED and inner, rule_id
    else:
        theirs = [p for p in signature.parameters.values() if p.name not in inner]
        assert [(p.name, p.kind) for p in ours.values()] == [(p.name, p.kind) for p in theirs]
    assert twin.mistake.endswith(".") and len(twin.mistake) > 15
    assert twin.function.rule_id == rule_id  # type: ignore[attr-defined]


def test_an_unknown_rule_has_no_twin() -> None:
    with pytest.raises(UnknownRuleError, match=r"play\.must-trump"):
        get_twin("play.must-trumps")
    with pytest.raises(UnknownRuleError):
        twin_ruleset(RULESETS["foster-1909"], "no.such-rule")


def test_a_rule_without_a_twin_is_named() -> None:
    entry = get_rule("cards.points")
    saved = TWINS.pop(entry.id)
    try:
        assert missing_twins() == ["cards.points"]
        with pytest.raises(UnknownTwinError, match="has no broken twin"):
            get_twin("cards.points")
    finally:
        TWINS[entry.id] = saved


def _module_attributes() -> dict[str, Any]:
    """Every attribute of every loaded frogspec module (and every dict's items)."""
    found: dict[str, Any] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "frogspec" or name.startswith("frogspec.")):
            continue
        for key, value in list(vars(module).items()):
            found[f"{name}.{key}"] = value
            if type(value) is dict:
                found[f"{name}.{key}[]"] = dict(value)
    return found


# Rules applied only when an option chooses them (the RULESETS have the defaults).
_OPTIONS_ONLY = {
    "settlement.penalty-frog",
    "settlement.coeur-dalene-penalty-frog",
    "settlement.sitting-out-pay-and-receive-solo-only",
}


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_a_twin_stands_wherever_the_engine_applies_its_rule(rule_id: str) -> None:
    twin = get_twin(rule_id).function
    original = get_rule(rule_id).function
    reached = False
    for faithful in RULESETS.values():
        broken = twin_ruleset(faithful, rule_id)
        assert broken != faithful and hash(broken) != hash(faithful)
        assert broken.rules.by_id[rule_id] is twin
        assert faithful.rules.by_id[rule_id] is original
        for name, field_rule in TABLE_RULES.items():
            if field_rule == rule_id:
                assert getattr(broken.rules, name) is twin
                assert getattr(faithful.rules, name) is original
                reached = True
        for role in ROLES:
            if getattr(faithful.rules, role) is not None and faithful.rule_id(role) == rule_id:
                assert getattr(broken.rules, role) is twin
                assert broken.rule_id(role) == rule_id  # the reading is still named
                reached = True
        # Inside the rules that use it, the twin is passed in its place.
        for user, uses in INNER_RULES.items():
            for name, inner in uses.items():
                if inner == rule_id and user in broken.rules.by_id:
                    assert broken.rules.by_id[user].keywords[name] is twin  # type: ignore[attr-defined]
                    reached = True
    assert reached or rule_id in _OPTIONS_ONLY, f"the engine never applies {rule_id}"


def _twin_of(rule_id: str) -> Callable[[Ruleset], Ruleset]:
    return lambda ruleset: twin_ruleset(ruleset, rule_id)


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_answering_under_a_twin_changes_no_module(rule_id: str) -> None:
    before = _module_attributes()
    twin = get_twin(rule_id)
    game = {"op": "game", "options": {}, "players": 4, "dealer": 0, "deck": _deck()}
    for request in (
        {"id": 1, "op": "card_points", "card": "JS"},
        {"id": 2, "op": "trick_winner", "ruleset": "foster-1909", "trump": "S", "cards": ["KH"]},
        {"id": 3, "ruleset": "foster-1909", **game, "actions": ["frog", "pass", "pass"]},
        {"id": 4, "ruleset": "official-1922-solo", **game, "actions": ["pass"] * 3},
    ):
        # A twin may crash the reference: only what answering under it changed matters.
        with contextlib.suppress(Exception):
            handle(request, _twin_of(rule_id))
    during = _module_attributes()
    entry = rule_for_function(twin.function)
    assert entry is not None and entry.id == rule_id
    changed = [k for k in before if k in during and before[k] is not during[k]]
    changed = [k for k in changed if before[k] != during[k]]
    assert changed == []


def test_rulesets_and_options_are_left_as_they_are() -> None:
    solo = RULESETS["official-1922-solo"]
    system = settlement.SITTING_OUT_SYSTEMS["pay-and-receive"]
    twin = get_twin("settlement.sitting-out-pay-and-receive").function
    chosen = twin_ruleset(solo, "settlement.sitting-out-pay-and-receive").with_options(
        {"sitting_out": "pay-and-receive"}
    )
    assert chosen.rules.sitting_out is twin
    # The ruleset still says which reading it chose.
    assert chosen.choice(Question.SITTING_OUT).function is system
    assert chosen.rule_id(Question.SITTING_OUT) == "settlement.sitting-out-pay-and-receive"
    assert RULESETS["official-1922-solo"] is solo
    assert solo.rules.sitting_out is solo.choice(Question.SITTING_OUT).function
    assert settlement.SITTING_OUT_SYSTEMS["pay-and-receive"] is system
    assert isinstance(solo.options[0], Option)
    assert set(Question) <= set(ROLES)


def test_the_default_of_an_option_follows_its_ruling() -> None:
    request = {
        "id": 1,
        "op": "settle",
        "ruleset": "official-1922-solo",
        "options": {},
        "players": 4,
        "dealer": 0,
        "bidder": 1,
        "contract": "frog",
        "bidder_points": 70,
    }
    assert handle(request)["result"] == [0, 20, -10, -10]
    twin = _twin_of("settlement.default-system-receive-only")
    assert handle(request, twin)["result"] == [-10, 30, -10, -10]
    assert handle(request)["result"] == [0, 20, -10, -10]


def test_an_action_the_twin_refuses_is_refused_in_the_rules_name() -> None:
    # Seat 1 bids Frog and takes the widow; the faithful rule lets him lay away a heart,
    # the twin of widow.frog-take-and-discard does not, and says so under that rule's id.
    game: dict[str, Any] = {
        "id": 1,
        "op": "game",
        "ruleset": "foster-1909",
        "options": {},
        "players": 3,
        "dealer": 0,
        "deck": _deck(),
        "actions": ["frog", "pass", "pass"],
    }
    state = handle(game)["result"]
    assert state["phase"] == "discard" and state["to_act"] == 1
    heart = next(a for a in state["legal"] if a.endswith("H"))
    assert "error" not in handle({**game, "actions": [*game["actions"], heart]})
    refused = handle(
        {**game, "actions": [*game["actions"], heart]}, _twin_of("widow.frog-take-and-discard")
    )
    assert refused["error"]["kind"] == "illegal"
    assert refused["error"]["rule"] == "widow.frog-take-and-discard"
    assert refused["error"]["at"] == 3


def _deck() -> list[str]:
    from frogspec.prng import CANONICAL_ORDER

    return list(CANONICAL_ORDER)


def test_caches_never_mix_a_twins_answers_with_the_rules() -> None:
    # An auction turn the engine remembers, and a deal pattern its cache holds: they are
    # keyed by the rule functions, so a ruleset with a twin has answers of its own.
    game = {
        "id": 1,
        "op": "game",
        "ruleset": "foster-1909",
        "options": {},
        "players": 3,
        "dealer": 0,
        "deck": _deck(),
        "actions": ["pass", "frog", "chico"],
    }
    faithful = handle(game)["result"]
    assert frogspec.engine.auction_turn.cache_info().currsize > 0
    broken = handle(game, _twin_of("auction.pass-is-final"))["result"]
    assert (faithful["to_act"], broken["to_act"]) == (2, 1)
    assert handle(game)["result"] == faithful
    deal = {
        "id": 2,
        "op": "deal",
        "ruleset": "modern",
        "options": {},
        "players": 3,
        "dealer": 0,
        "deck": _deck(),
    }
    faithful = handle(deal)["result"]
    assert handle(deal, _twin_of("deal.packets-4-3-3-4"))["result"] != faithful
    assert handle(deal)["result"] == faithful


def test_twins_and_recorders_put_together_are_one_ruleset() -> None:
    # Several variations at once are functions applied in turn: two twins, and a recorder
    # around them that records the twins' rule ids as they run.
    seen: list[str] = []

    def both(ruleset: Ruleset) -> Ruleset:
        broken = reduce(twin_ruleset, ("cards.points", "cards.rank-order"), ruleset)
        return broken.recording(seen.append)

    jack = {"id": 1, "op": "card_points", "card": "JH"}
    trick = {"id": 2, "op": "trick_winner", "ruleset": "foster-1909", "trump": "S"}
    assert handle(jack, both)["result"] == 1
    assert handle({**trick, "cards": ["KH", "10H"]}, both)["result"] == 0
    assert "cards.rank-order" in seen
    assert handle(jack)["result"] == 2  # nothing stays in force
    assert handle({**trick, "cards": ["KH", "10H"]})["result"] == 1


def test_a_recording_ruleset_sees_the_rules_a_request_asks() -> None:
    seen: set[str] = set()
    handle(
        {
            "id": 1,
            "op": "settle",
            "ruleset": "foster-1909",
            "options": {},
            "players": 3,
            "dealer": 0,
            "bidder": 1,
            "contract": "grand",
            "bidder_points": 80,
        },
        lambda ruleset: ruleset.recording(seen.add),
    )
    assert "settlement.rates-1-2-4" in seen
    assert "settlement.sixty-is-a-tie" in seen
    assert "play.must-trump" not in seen


def test_every_recording_ruleset_sees_the_card_points_counted() -> None:
    # The count reads tables of each suit's points kept per counting function: a second
    # recorder of the same rule must still see the rule used, whatever the tables hold.
    for _ in range(2):
        seen: set[str] = set()
        rules = get_ruleset("modern").recording(seen.add).rules
        assert points_of(CardSet.parse("AS 10S KC 6H").mask, rules.card_points) == 25
        assert seen == {"cards.points"}


def _harness(twin: str | None, lines: list[str]) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin"}
    if twin is not None:
        env["FROGSPEC_TWIN"] = twin
    return subprocess.run(
        [sys.executable, "-m", "frogspec.harness"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )


def test_the_harness_takes_a_twin_from_the_environment() -> None:
    ask = [
        '{"id": 1, "op": "card_points", "card": "JD"}',
        '{"id": 2, "op": "legal_plays", "ruleset": "modern", "trump": "H", '
        '"hand": ["AS", "7H"], "trick": ["10D"]}',
    ]
    faithful = _harness(None, ask)
    broken = _harness("cards.points", ask)
    assert faithful.stdout.splitlines()[0] == '{"id": 1, "result": 2}'
    assert broken.stdout.splitlines()[0] == '{"id": 1, "result": 1}'
    assert broken.stdout.splitlines()[1] == faithful.stdout.splitlines()[1]
    trump = _harness("play.must-trump", ask)
    assert trump.stdout.splitlines()[1] == '{"id": 2, "result": ["7H", "AS"]}'


def test_the_harness_refuses_an_unknown_twin_without_a_traceback() -> None:
    proc = _harness("play.must-trumps", ['{"id": 1, "op": "card_points", "card": "JD"}'])
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "FROGSPEC_TWIN" in proc.stderr and "did you mean play.must-trump" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_twin_is_given_the_tables_entries_for_the_rules_it_uses() -> None:
    # The twin of the duty to head the trick ranks the cards as the table's tricks are
    # won: where the Seven of trumps takes a trick from the Ace, the Seven heads the Ace.
    from frogspec.rules.cards import Suit, format_cards, parse_card, rank_of, suit_of

    def seven_of_trumps_high(cards: Sequence[int], trump: Suit | None) -> int:
        sevens = [i for i, c in enumerate(cards) if suit_of(c) == trump and rank_of(c) == "7"]
        return sevens[0] if sevens else play.trick_winner(cards, trump)

    heading = get_twin("play.no-duty-to-head").function
    hand = sum(1 << parse_card(c) for c in ("7H", "9H", "QH", "AC"))
    for first, second in (
        ("play.no-duty-to-head", "play.trick-winner"),
        ("play.trick-winner", "play.no-duty-to-head"),
    ):
        functions = {"play.no-duty-to-head": heading, "play.trick-winner": seven_of_trumps_high}
        ruleset = RULESETS["modern"].replacing(first, functions[first])
        ruleset = ruleset.replacing(second, functions[second])
        legal = ruleset.rules.legal_plays(hand, [parse_card("AH")], Suit.HEARTS)
        assert format_cards(legal) == ["7H"], (first, second)
    written = RULESETS["modern"].replacing("play.no-duty-to-head", heading)
    legal = written.rules.legal_plays(hand, [parse_card("AH")], Suit.HEARTS)
    assert format_cards(legal) == ["7H", "9H", "QH"]  # none heads the Ace: any heart


def test_the_rules_a_rule_uses_are_read_from_its_arguments() -> None:
    # INNER_RULES is read from the chapters' definitions: every argument of a rule whose
    # default is a registered rule is one, in order, and legal_plays' duties are its own.
    if frogspec.COMPILED:
        pytest.skip("the compiled build keeps no signatures to compare with")
    for module in (frogspec.rules.auction, frogspec.rules.play, frogspec.rules.settlement):
        for function in vars(module).values():
            if not inspect.isfunction(function) or function.__module__ != module.__name__:
                continue
            entry = rule_for_function(function)
            key = function.__name__ if entry is None else entry.id
            defaults = {
                name: rule_for_function(p.default)
                for name, p in inspect.signature(function).parameters.items()
                if callable(p.default)
            }
            uses = {name: found.id for name, found in defaults.items() if found is not None}
            assert INNER_RULES.get(key, {}) == uses, key
    assert tuple(inspect.signature(play.legal_plays).parameters)[3:] == DUTIES_OF_THE_PLAY
    assert list(INNER_RULES["legal_plays"]) == list(DUTIES_OF_THE_PLAY)
    assert INNER_RULES["auction.overbid-to-raise"] == {
        "still_bidding": "auction.pass-is-final",
        "outbids": "auction.contract-order",
    }
