"""The broken twins: one per rule, and a swap that reaches everything and undoes itself."""

from __future__ import annotations

import inspect
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

import frogspec.engine
from frogspec import registry, rulesets, settlement
from frogspec.errors import UnknownRuleError
from frogspec.harness import handle
from frogspec.registry import all_rules, get_rule, rule_for_function
from frogspec.rulesets import RULESETS, Option, Ruleset
from frogspec.twins import (
    TWINS,
    UnknownTwinError,
    active_twin,
    get_twin,
    install,
    missing_twins,
    substitute,
    substituted,
)
from frogspec.twins.substitute import _frogspec_modules, spying

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
    theirs = inspect.signature(original).parameters
    assert [(p.name, p.kind) for p in ours.values()] == [(p.name, p.kind) for p in theirs.values()]
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


def _holders(function: Callable[..., Any]) -> list[str]:
    """Every place the reference can reach ``function`` from, by name."""
    found = []
    for module in _frogspec_modules():
        for name, value in vars(module).items():
            if value is function:
                found.append(f"{module.__name__}.{name}")
            if type(value) is dict:
                found += [
                    f"{module.__name__}.{name}[{k!r}]" for k, v in value.items() if v is function
                ]
    for rs_id, rs in RULESETS.items():
        for field, value in _fields(rs):
            if value is function:
                found.append(f"RULESETS[{rs_id!r}].{field}")
    return found


def _fields(rs: Ruleset) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for name in rs.__dataclass_fields__:
        value = getattr(rs, name)
        out.append((name, value))
    for opt in rs.options:
        out += [(f"option {opt.name} {k!r}", v) for k, v in opt.choices.items()]
        out.append((f"option {opt.name} default_from", opt.default_from))
    return out


def _snapshot() -> dict[str, Any]:
    state: dict[str, Any] = {}
    for module in _frogspec_modules():
        for name, value in vars(module).items():
            state[f"{module.__name__}.{name}"] = value
            if type(value) is dict:
                state[f"{module.__name__}.{name}[]"] = dict(value)
    state["by_function"] = dict(registry._BY_FUNCTION)
    return state


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_the_swap_reaches_every_holder_and_undoes_itself(rule_id: str) -> None:
    original = get_rule(rule_id).function
    before = _snapshot()
    holders = _holders(original)
    assert holders, f"nothing in the reference holds {rule_id}"
    with substituted(rule_id) as twin:
        assert active_twin() is twin
        assert _holders(original) == [], f"{rule_id} is still reached"
        assert _holders(twin.function), f"the twin of {rule_id} is nowhere"
        entry = rule_for_function(twin.function)
        assert entry is not None and entry.id == rule_id
    assert active_twin() is None
    after = _snapshot()
    changed = [k for k in before if before[k] is not after.get(k) and before[k] != after.get(k)]
    assert changed == []
    assert _holders(original) == holders


def test_rulesets_and_options_are_rebuilt_not_changed() -> None:
    solo = RULESETS["official-1922-solo"]
    system = settlement.SITTING_OUT_SYSTEMS["pay-and-receive"]
    with substituted("settlement.sitting-out-pay-and-receive") as twin:
        assert RULESETS["official-1922-solo"] is not solo
        options = {o.name: o for o in RULESETS["official-1922-solo"].options}
        assert options["sitting_out"].choices["pay-and-receive"] is twin.function
        assert settlement.SITTING_OUT_SYSTEMS["pay-and-receive"] is twin.function
        chosen = rulesets.get_ruleset("official-1922-solo").with_options(
            {"sitting_out": "pay-and-receive"}
        )
        assert chosen.sitting_out is twin.function
        assert chosen.rule_id("sitting_out") == "settlement.sitting-out-pay-and-receive"
    assert RULESETS["official-1922-solo"] is solo
    assert settlement.SITTING_OUT_SYSTEMS["pay-and-receive"] is system
    assert isinstance(solo.options[0], Option)


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


def test_caches_are_cleared_on_the_way_in_and_out() -> None:
    # An auction turn the engine remembers, and a deal pattern its cache holds.
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


def test_a_swap_that_fails_half_way_is_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _snapshot()

    modules = substitute._frogspec_modules()
    last = modules[-1]

    def module(swap: Any, where: Any) -> None:
        if where is last:  # every other module has been swapped: fail half way
            raise KeyError(where.__name__)
        real_module(swap, where)

    real_module = substitute._Swap.module
    monkeypatch.setattr(substitute._Swap, "module", module)
    with pytest.raises(KeyError), substituted("cards.points"):
        pass  # pragma: no cover - never entered
    monkeypatch.undo()
    after = _snapshot()
    assert [k for k in before if before[k] is not after.get(k) and before[k] != after.get(k)] == []
    assert active_twin() is None


def test_spies_see_the_rules_a_request_asks() -> None:
    with spying() as (seen, clear):
        clear()
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
    # install() is what the harness calls; in this process, undo it by hand.
    code = (
        "from frogspec.twins import install, active_twin\n"
        "from frogspec.harness import handle\n"
        "install('cards.rank-order')\n"
        "print(active_twin().rule_id, handle({'id': 1, 'op': 'trick_winner', "
        "'ruleset': 'foster-1909', 'trump': 'S', 'cards': ['KH', '10H']})['result'])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert proc.stdout.split() == ["cards.rank-order", "0"]
    assert install is not None
