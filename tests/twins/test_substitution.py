"""The broken twins: one per rule, each put in as a ruleset with that rule replaced, which
the engine asks wherever it applies the rule and which changes nothing else."""

from __future__ import annotations

import inspect
import subprocess
import sys
from typing import Any

import pytest

import frogspec.engine
from frogspec.errors import UnknownRuleError
from frogspec.harness import handle
from frogspec.registry import all_rules, get_rule, rule_for_function
from frogspec.rules import settlement
from frogspec.rulesets import QUESTIONS, RULESETS, Option
from frogspec.ruletable import INNER_RULES, ROLES, TABLE_RULES
from frogspec.twins import (
    TWINS,
    UnknownTwinError,
    active_twin,
    get_twin,
    missing_twins,
    substituted,
)
from frogspec.twins.substitute import spying, twin_ruleset

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
    ours = inspect.signature(twin.function).parameters
    # The rules a rule uses are arguments after its own, which the table fills in by
    # name; a twin needs none.
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
    with pytest.raises(UnknownRuleError), substituted("no.such-rule"):
        pass  # pragma: no cover - never entered


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
            if getattr(faithful, role) is not None and faithful.rule_id(role) == rule_id:
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


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_a_twin_in_force_changes_no_module(rule_id: str) -> None:
    before = _module_attributes()
    with substituted(rule_id) as twin:
        assert active_twin() is twin
        during = _module_attributes()
        entry = rule_for_function(twin.function)
        assert entry is not None and entry.id == rule_id
    assert active_twin() is None
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
    assert chosen.sitting_out is system  # the ruleset still says which reading it chose
    assert chosen.rule_id("sitting_out") == "settlement.sitting-out-pay-and-receive"
    assert RULESETS["official-1922-solo"] is solo
    assert solo.rules.sitting_out is solo.sitting_out
    assert settlement.SITTING_OUT_SYSTEMS["pay-and-receive"] is system
    assert isinstance(solo.options[0], Option)
    assert set(QUESTIONS) <= set(ROLES)


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
    with substituted("settlement.default-system-receive-only"):
        assert handle(request)["result"] == [-10, 30, -10, -10]
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
    with substituted("widow.frog-take-and-discard"):
        refused = handle({**game, "actions": [*game["actions"], heart]})
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
    with substituted("auction.pass-is-final"):
        broken = handle(game)["result"]
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
    with substituted("deal.packets-4-3-3-4"):
        assert handle(deal)["result"] != faithful
    assert handle(deal)["result"] == faithful


def test_one_twin_at_a_time() -> None:
    with substituted("cards.points"):
        with pytest.raises(RuntimeError, match="one twin at a time"), substituted("cards.pack"):
            pass  # pragma: no cover - never entered
        assert handle({"id": 1, "op": "card_points", "card": "JH"})["result"] == 1
    assert handle({"id": 1, "op": "card_points", "card": "JH"})["result"] == 2


def test_spies_see_the_rules_a_request_asks() -> None:
    with spying() as (seen, _):
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
            }
        )
        assert "settlement.rates-1-2-4" in seen
        assert "settlement.sixty-is-a-tie" in seen
        assert "play.must-trump" not in seen
    with pytest.raises(RuntimeError), substituted("cards.points"), spying():
        pass  # pragma: no cover - never entered


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


def test_install_is_for_good() -> None:
    # install() is what the harness calls: the reference answers before it, the twin after,
    # and still on a later request. In a child process, as nothing undoes it.
    code = (
        "from frogspec.twins import install, active_twin\n"
        "from frogspec.harness import handle\n"
        "request = {'id': 1, 'op': 'trick_winner', 'ruleset': 'foster-1909', 'trump': 'S', "
        "'cards': ['KH', '10H']}\n"
        "before = handle(request)['result']\n"
        "twin = install('cards.rank-order')\n"
        "after = handle(request)['result']\n"
        "handle({'id': 2, 'op': 'card_points', 'card': 'JD'})\n"
        "print(before, twin.rule_id, active_twin().rule_id, after, handle(request)['result'])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert proc.stdout.split() == ["1", "cards.rank-order", "cards.rank-order", "0", "0"]
