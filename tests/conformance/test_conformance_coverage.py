"""Coverage: every rule of every ruleset is exercised by a case of that ruleset."""

from __future__ import annotations

import pytest

from frogspec.registry import all_rules
from frogspec.rulesets import RULESETS, rules_of
from frogspec.vectors.model import Case

from .helpers import SPEC


def _exercised(cases: list[Case], ruleset: str) -> set[str]:
    found: set[str] = set()
    for case in cases:
        if case.ruleset in (ruleset, None):
            found.update(case.rules)
    return found


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_rule_of_the_ruleset_has_a_case(cases: list[Case], ruleset: str) -> None:
    exercised = _exercised(cases, ruleset)
    missing = [r.id for r in rules_of(RULESETS[ruleset]) if r.id not in exercised]
    assert missing == [], f"{ruleset}: no case exercises {missing}"


MOOT = [(rs.id, rule_id) for rs in RULESETS.values() for rule_id, _ in rs.moot]


def test_some_ruleset_has_moot_rules() -> None:
    assert ("official-1922-straight", "widow.frog-take-and-discard") in MOOT


@pytest.mark.parametrize(("ruleset", "rule"), MOOT)
def test_moot_rules_are_not_listed_and_never_exercised(
    cases: list[Case], ruleset: str, rule: str
) -> None:
    assert rule not in {r.id for r in rules_of(RULESETS[ruleset])}
    assert rule not in _exercised(cases, ruleset)


def test_every_registered_rule_has_a_case(cases: list[Case]) -> None:
    exercised = {r for c in cases for r in c.rules}
    assert [r.id for r in all_rules() if r.id not in exercised] == []


def test_every_rule_id_in_the_vectors_was_issued(cases: list[Case]) -> None:
    known = {r.id for r in all_rules()}
    issued_file = SPEC / "rule-ids.txt"
    if issued_file.exists():
        lines = issued_file.read_text(encoding="utf-8").splitlines()
        known |= {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    assert {r for c in cases for r in c.rules} <= known


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_generated_games_cover_every_table_and_contract(cases: list[Case], ruleset: str) -> None:
    games = [c for c in cases if c.id.startswith("gen.game.") and c.ruleset == ruleset]
    tables = {c.request["players"] for c in games}
    assert tables == set(RULESETS[ruleset].rules.player_count())
    contracts = {c.response["result"]["contract"] for c in games}
    offered = {c.code for c in RULESETS[ruleset].rules.contracts()}
    assert offered <= contracts
    assert any(c.ruleset == ruleset for c in cases if c.id.startswith("gen.match."))
    assert any(c.ruleset == ruleset for c in cases if c.op == "perft")
