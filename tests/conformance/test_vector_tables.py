"""The hand-written vector tables (``frogspec/data/tables/``): plain rows, one case each."""

from __future__ import annotations

from pathlib import Path

import pytest

from frogspec.rulesets import RULESETS
from frogspec.vectors import handwritten
from frogspec.vectors.handwritten import EVERY_RULESET, read_table

TABLES = Path(handwritten.__file__).resolve().parents[1] / "data" / "tables"
NAMES = sorted(path.stem for path in TABLES.glob("*.md"))


def _lines(name: str) -> list[str]:
    text = (TABLES / f"{name}.md").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.startswith("|")]


def test_the_tables_are_those_the_cases_read() -> None:
    assert NAMES == ["legal-plays", "settle", "tricks"]


@pytest.mark.parametrize("name", NAMES)
def test_every_row_fills_every_column_and_names_a_case_of_its_own(name: str) -> None:
    lines = _lines(name)
    assert all(line.count("|") == lines[0].count("|") for line in lines), (
        f"{name}: a row has a cell too many or too few (a | inside a cell?)"
    )
    rows = read_table(name)
    keys = [(row["ruleset"], row["id"]) for row in rows]
    assert (
        len(set(keys))
        == len(keys)
        == len(lines)
        - 2
        + (len(RULESETS) - 1) * sum(line.split("|")[2].strip() == EVERY_RULESET for line in lines)
    )
    assert all(row["ruleset"] in RULESETS and row["description"] for row in rows)


def test_a_row_for_every_ruleset_comes_once_per_ruleset_after_the_others() -> None:
    every = [
        line.split("|")[1].strip()
        for line in _lines("tricks")
        if line.split("|")[2].strip() == EVERY_RULESET
    ]
    assert every, "the trick table has rows asked under every ruleset"
    rows = read_table("tricks")
    tail = rows[-len(every) * len(RULESETS) :]
    assert [row["id"] for row in tail] == [f"{rs}.{ident}" for rs in RULESETS for ident in every]
    assert [row["ruleset"] for row in tail] == [rs for rs in RULESETS for _ in every]


def test_each_row_is_one_case_of_its_file() -> None:
    tricks = {spec.id for spec in handwritten.trick_cases()}
    assert tricks == {f"trick.{row['id']}" for row in read_table("tricks")}
    legal = {spec.id for spec in handwritten.legal_cases()}
    assert legal == {f"legal.{row['id']}" for row in read_table("legal-plays")}
    settle = {spec.id for spec in handwritten.settle_cases()}
    table = {f"settle.{row['ruleset']}.{row['id']}" for row in read_table("settle")}
    assert table <= settle
