"""Every quote stands verbatim in a text we hold; every rule is sourced or an editorial ruling."""

from __future__ import annotations

from pathlib import Path

import pytest

from frogspec.registry import Rule, all_rules
from frogspec.rulesets import get_ruleset
from frogspec.sources import (
    ALL_SOURCES,
    FOSTER_1909,
    OFFICIAL_RULES_1922,
    SOURCE_PROBLEMS,
    WIKIPEDIA_FROG,
    cite,
    get_source,
    held_text,
)

RULES = list(all_rules())


@pytest.mark.parametrize("entry", RULES, ids=lambda r: r.id)
def test_every_quote_is_verbatim_in_the_held_text(entry: Rule) -> None:
    for citation in entry.citations:
        if citation.quote is not None:
            assert citation.quote in held_text(citation.quoted_source), (
                f"{entry.id}: quote not found in {citation.quoted_source.short}: {citation.quote!r}"
            )


@pytest.mark.parametrize("entry", RULES, ids=lambda r: r.id)
def test_every_rule_is_sourced_or_an_editorial_ruling_with_reasoning(entry: Rule) -> None:
    if entry.editorial:
        assert entry.reasoning and len(entry.reasoning) > 40
    else:
        assert entry.citations, f"{entry.id} is sourced but cites nothing"
        assert any(c.quote for c in entry.citations), f"{entry.id} quotes no source text"


@pytest.mark.parametrize("entry", RULES, ids=lambda r: r.id)
def test_a_source_we_do_not_hold_is_cited_only_as_reported(entry: Rule) -> None:
    for citation in entry.citations:
        if citation.source.held is None:
            assert citation.reported_by is not None, f"{entry.id} cites {citation.source.short}"
            assert "as reported by" in citation.locator()


def test_pages_are_the_pages_the_sources_give() -> None:
    for entry in RULES:
        for citation in entry.citations:
            if citation.source is FOSTER_1909:
                assert citation.pages == "441–442"
            if citation.source is OFFICIAL_RULES_1922:
                assert citation.pages == "213–216"
            if citation.source is WIKIPEDIA_FROG:
                assert citation.pages is None


def test_the_wikipedia_revision_is_the_one_we_hold() -> None:
    assert WIKIPEDIA_FROG.revision == "oldid 1222580806"
    assert "oldid 1222580806" in held_text(WIKIPEDIA_FROG)


def test_quoting_a_source_we_do_not_hold_is_refused() -> None:
    with pytest.raises(ValueError, match="we hold no text"):
        cite(OFFICIAL_RULES_1922, "213–216", "Solo or Slough")


def test_source_problems_quote_their_source_verbatim() -> None:
    rule_ids = {r.id for r in RULES}
    for problem in SOURCE_PROBLEMS:
        for quote in problem.quotes:
            assert quote in held_text(problem.source), (problem.key, quote)
        assert set(problem.rule_ids) <= rule_ids


def test_the_held_texts_are_the_shared_sources_unchanged() -> None:
    from pathlib import Path

    shared = Path(__file__).resolve().parents[2] / "shared" / "sources"
    if not shared.is_dir():
        pytest.skip("the shared sources folder is not beside this checkout")
    for source in ALL_SOURCES:
        if source.held:
            assert (shared / source.held).read_text(encoding="utf-8") == held_text(source)


def test_unknown_source_key_names_the_known_ones() -> None:
    with pytest.raises(LookupError, match="foster-1909"):
        get_source("foster")
    assert get_source("gamerules").held == "gamerules-frog.txt"


def test_every_source_has_a_reference() -> None:
    for source in ALL_SOURCES:
        text = source.reference()
        assert source.title in text
        if source.year:
            assert str(source.year) in text


def test_no_quotation_from_a_title_page_we_do_not_hold() -> None:
    # A mirror's title page was once quoted from a report of it; we hold no such text.
    root = Path(__file__).resolve().parents[1]
    paths = [
        *(root / "frogspec").rglob("*.py"),
        *(root / "docs").glob("*.md"),
        root / "CITATION.cff",
        root / "README.md",
    ]
    for path in paths:
        assert "Enlarged to October" not in path.read_text(encoding="utf-8"), path


def test_quoted_words_keep_the_sources_case() -> None:
    hoyle = get_ruleset("hoyle-1907")
    assert "“virtually identical”" not in hoyle.summary
    assert "“Virtually identical rules appear" in hoyle.summary
