"""The registry of invariants: every rule id it names exists, every invariant is checked
by a property test and bitten by a teeth test, and the docs page lists them all."""

from __future__ import annotations

import contextlib
import importlib
import io
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from frogspec.registry import get_rule
from frogspec.rulesets import RULESETS
from frogspec.testing.invariants import (
    INVARIANT_TOPICS,
    INVARIANTS,
    UnknownInvariantError,
    all_invariants,
    bites,
    checks,
    invariants_bitten_by,
    invariants_checked_by,
    markdown,
)

from . import checks as c
from . import model

HERE = Path(__file__).resolve().parent
DOCS_PAGE = HERE.parents[1] / "docs" / "invariants.md"


def _test_modules() -> list[ModuleType]:
    return [
        importlib.import_module(f"{__package__}.{path.stem}")
        for path in sorted(HERE.glob("test_*.py"))
    ]


def _marked(read: Callable[[Any], tuple[str, ...]]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {inv: [] for inv in INVARIANTS}
    for module in _test_modules():
        for name, value in vars(module).items():
            if name.startswith(("test_", "Test")) and callable(value):
                for inv in read(value):
                    found[inv].append(f"{module.__name__}.{name}")
    return found


@pytest.mark.parametrize("invariant", list(INVARIANTS))
def test_every_rule_named_exists(invariant: str) -> None:
    for rule_id in INVARIANTS[invariant].rules:
        get_rule(rule_id)


@pytest.mark.parametrize("invariant", list(INVARIANTS))
def test_every_invariant_is_well_formed(invariant: str) -> None:
    inv = INVARIANTS[invariant]
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", inv.id), "an id is kebab-case, never dotted"
    assert inv.topic in INVARIANT_TOPICS
    assert inv.statement.endswith(".") and inv.statement[0].isupper()
    assert inv.kind in ("game", "engine")
    if inv.kind == "game":
        assert inv.rules, "an invariant of the game names the rules it checks"
    assert len(set(inv.rules)) == len(inv.rules), "a rule named twice"


def test_every_invariant_has_a_property_test() -> None:
    missing = [inv for inv, tests in _marked(invariants_checked_by).items() if not tests]
    assert not missing, f"invariants no test checks: {missing}"


def test_every_invariant_has_teeth() -> None:
    missing = [inv for inv, tests in _marked(invariants_bitten_by).items() if not tests]
    assert not missing, f"invariants no broken engine is shown to fail: {missing}"


def test_every_deal_invariant_has_a_check() -> None:
    deal_level = set(c.LINE_CHECKS)
    assert deal_level <= set(INVARIANTS), deal_level - set(INVARIANTS)


def test_an_unknown_invariant_is_refused() -> None:
    with pytest.raises(UnknownInvariantError, match="no invariant 'pack-size'"):
        checks("pack-size")
    with pytest.raises(UnknownInvariantError):
        bites("pack.points")
    with pytest.raises(ValueError):
        checks()


def test_the_model_covers_every_ruleset() -> None:
    assert set(model.EXPECTED) == set(RULESETS)


def test_markdown_lists_every_invariant_and_rule() -> None:
    text = markdown()
    for inv in all_invariants():
        assert f"### `{inv.id}`" in text
        assert inv.statement in text
        for rule_id in inv.rules:
            assert f"`{rule_id}`" in text


def test_the_docs_page_generates_the_list() -> None:
    page = DOCS_PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r'```python exec="on"[^\n]*\n(.*?)```', page, re.S)
    assert len(blocks) == 1, "the page has one markdown-exec block"
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(blocks[0], {})
    text = output.getvalue()
    for inv in all_invariants():
        assert f"### `{inv.id}`" in text and inv.statement in text
        for rule_id in inv.rules:
            assert f"[`{rule_id}`](../rules/" in text, f"{rule_id} is not linked"
    assert "FROGSPEC_HYPOTHESIS_PROFILE=ci .venv/bin/pytest tests/properties" in page
