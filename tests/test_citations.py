"""Citations worth citing: every rule, in every format, read back by real tools.

BibTeX is parsed with pybtex and CSL-JSON rendered with citeproc-py (both in the ``dev``
extra): a bibliography of any set of rules must parse without a repeated key and render
without error, and say who, what, which version, when, which rule and on what sources.
"""

from __future__ import annotations

import importlib
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import frogspec
from frogspec.citations import (
    AUTHOR,
    RULEBOOK_TITLE,
    SITE_URL_VARIABLE,
    bibtex,
    bibtex_all,
    cite_rule_csl,
    cite_rule_text,
    cite_rules,
    csl_json,
    rule_key,
    rule_url,
    sources_of,
    unseen_sources_of,
)
from frogspec.cli import main
from frogspec.errors import InvalidInputError
from frogspec.registry import all_rules, get_rule
from frogspec.sources import ALL_SOURCES, GAMERULES, HOYLE_1907, MEYERS_1909, WIKIPEDIA_FROG

ROOT = Path(__file__).resolve().parents[1]
RULES = list(all_rules())
ALL_IDS = [r.id for r in RULES]
#: The entry types of classic BibTeX's standard styles.
CLASSIC_TYPES = {
    "article", "book", "booklet", "conference", "inbook", "incollection", "inproceedings",
    "manual", "mastersthesis", "misc", "phdthesis", "proceedings", "techreport", "unpublished",
}  # fmt: skip
SITE = "https://rules.example.org/frog"


def _pybtex() -> Any:
    return importlib.import_module("pybtex.database")


def _parse_bibtex(text: str) -> Any:
    return _pybtex().parse_string(text, "bibtex")


def _render_csl(items: list[dict[str, Any]]) -> list[str]:
    citeproc = importlib.import_module("citeproc")
    source_json = importlib.import_module("citeproc.source.json")
    style = citeproc.CitationStylesStyle("harvard-cite-them-right", validate=False)
    bibliography = citeproc.CitationStylesBibliography(
        style, source_json.CiteProcJSON(items), citeproc.formatter.plain
    )
    for item in items:
        bibliography.register(citeproc.Citation([citeproc.CitationItem(item["id"])]))
    return [str(entry) for entry in bibliography.bibliography()]


@pytest.fixture
def no_site_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SITE_URL_VARIABLE, raising=False)


@pytest.fixture
def with_site_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SITE_URL_VARIABLE, SITE)


def test_every_rule_at_once_is_one_bibtex_bibliography_pybtex_reads(no_site_url: None) -> None:
    data = _parse_bibtex(cite_rules(ALL_IDS, "bibtex"))
    keys = list(data.entries)
    assert len(keys) == len(set(keys))
    cited_sources = {s.key for r in RULES for s in sources_of(r)}
    assert set(keys) == {rule_key(r) for r in RULES} | cited_sources
    for key, entry in data.entries.items():
        assert entry.type in CLASSIC_TYPES, key


@pytest.mark.parametrize("rule_id", ALL_IDS)
def test_each_rules_bibtex_says_who_what_version_when_and_sources(
    rule_id: str, with_site_url: None
) -> None:
    entry = get_rule(rule_id)
    data = _parse_bibtex(cite_rules([rule_id], "bibtex"))
    item = data.entries[rule_key(rule_id)]
    assert item.type == "misc"
    (author,) = item.persons["author"]  # one corporate name, not three persons
    assert str(author) == "{" + AUTHOR + "}"
    assert entry.id in item.fields["title"] and entry.statement[:-1] in item.fields["title"]
    assert f"version {frogspec.__version__}" in item.fields["howpublished"]
    assert RULEBOOK_TITLE in item.fields["howpublished"]
    assert item.fields["year"] == frogspec.__release_date__[:4]
    assert item.fields["month"] == "December"
    assert item.fields["url"] == f"{SITE}/rules/{entry.topic}/#{entry.anchor}"
    for source in sources_of(entry):
        assert source.key in item.fields["note"]
        assert source.key in data.entries


def test_citing_rules_that_share_sources_repeats_no_key(no_site_url: None) -> None:
    text = cite_rules(["play.must-trump", "play.follow-suit", "play.must-trump"], "bibtex")
    data = _parse_bibtex(text)  # pybtex raises on a repeated entry
    assert list(data.entries).count("foster-1909") == 1
    assert text.count("@book{foster-1909,") == 1


def test_the_bibliography_download_is_classic_bibtex() -> None:
    data = _parse_bibtex(bibtex_all())
    assert set(data.entries) == {s.key for s in ALL_SOURCES}
    assert "@online" not in bibtex_all()
    for key, entry in data.entries.items():
        assert entry.type in CLASSIC_TYPES, key
    web = data.entries[GAMERULES.key]
    assert web.type == "misc" and "howpublished" in web.fields and "note" in web.fields
    assert web.fields["url"] == "https://gamerules.com/rules/frog/"
    assert web.fields["urldate"] == "2026-11-29"
    assert "Copy handed to the project 2026-11-29" in web.fields["note"]
    wiki = data.entries[WIKIPEDIA_FROG.key]
    assert wiki.type == "misc" and wiki.fields["url"] == WIKIPEDIA_FROG.url
    # A work with no author keeps a sort key: its title.
    assert data.entries[HOYLE_1907.key].fields["key"] == HOYLE_1907.title


def test_every_rule_at_once_is_csl_json_citeproc_renders(with_site_url: None) -> None:
    items = json.loads(cite_rules(ALL_IDS, "csl-json"))
    ids = [item["id"] for item in items]
    assert len(ids) == len(set(ids))
    rendered = _render_csl(items)
    assert len(rendered) == len(items)
    text = "\n".join(rendered)
    assert "The frogspec authors (2026)" in text
    assert "play.must-trump: A player who cannot follow suit" in text


def test_a_rules_csl_item_carries_everything(with_site_url: None) -> None:
    item, *sources = cite_rule_csl("settlement.fixed-25-50-75")
    assert item["author"] == [{"literal": AUTHOR}]
    assert item["version"] == frogspec.__version__
    assert item["issued"] == {"date-parts": [[2026, 12, 1]]}
    assert item["section"] == "settlement.fixed-25-50-75"
    assert item["URL"] == f"{SITE}/rules/settlement/#settlement-fixed-25-50-75"
    assert "Editorial ruling" in item["note"]
    # The work consulted is the article; the 1922 book it reports is named in the title.
    assert {s["id"] for s in sources} == {"wikipedia-frog"}
    assert (
        "Official Rules of Card Games (1922), pp. 213–216, as reported by Wikipedia, rev. "
        "1222580806" in item["title"]
    )


def test_the_text_citation_says_who_what_version_when_and_sources(no_site_url: None) -> None:
    text = cite_rule_text("deal.packets-4-3-3-4")
    assert text.startswith(f"{AUTHOR} (2026). “deal.packets-4-3-3-4: The dealer gives four")
    assert f"version {frogspec.__version__} ({frogspec.__release_date__})" in text
    assert "rule deal.packets-4-3-3-4. Sourced rule." in text
    # The article states it; the four books are its examples, listed apart as not consulted.
    assert "Rests on: Wikipedia (rev. 1222580806)." in text
    assert (
        "Not consulted: Culbertson (1957), Goren (1961), Pennycook (1982), Parlett (2008)." in text
    )
    assert "http" not in text.splitlines()[0]


def test_the_site_url_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SITE_URL_VARIABLE, raising=False)
    assert rule_url("play.must-trump") is None
    monkeypatch.setenv(SITE_URL_VARIABLE, SITE + "/")
    assert rule_url("play.must-trump") == f"{SITE}/rules/play/#play-must-trump"
    assert (
        cite_rule_text("play.must-trump")
        .splitlines()[0]
        .endswith(f"{SITE}/rules/play/#play-must-trump")
    )
    monkeypatch.setenv(SITE_URL_VARIABLE, "rules.example.org")
    with pytest.raises(InvalidInputError, match=SITE_URL_VARIABLE):
        rule_url("play.must-trump")


def test_mkdocs_reads_the_same_variable() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"site_url: !ENV {SITE_URL_VARIABLE}" in config


def test_cli_cites_several_rules_as_one_bibliography(
    capsys: pytest.CaptureFixture[str], no_site_url: None
) -> None:
    assert main(["cite", "play.must-trump", "play.follow-suit", "--format", "bibtex"]) == 0
    data = _parse_bibtex(capsys.readouterr().out)
    assert {"frogspec-play-must-trump", "frogspec-play-follow-suit", "foster-1909"} <= set(
        data.entries
    )
    assert main(["cite", "play.must-trump", "play.nope"]) == 2
    assert "play.nope" in capsys.readouterr().err


def test_cli_says_plainly_when_the_site_url_is_wrong(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SITE_URL_VARIABLE, "not an address")
    assert main(["cite", "play.must-trump"]) == 2
    err = capsys.readouterr().err
    assert SITE_URL_VARIABLE in err and "Traceback" not in err


def test_the_release_is_dated_and_in_step() -> None:
    yaml = importlib.import_module("yaml")
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert frogspec.__version__ == project["version"] == cff["version"] == "0.3.0"
    assert str(cff["date-released"]) == frogspec.__release_date__ == "2026-12-01"


def test_a_source_entry_is_made_for_each_source() -> None:
    for source in ALL_SOURCES:
        entry = bibtex(source)
        assert entry.startswith("@") and source.key in entry.splitlines()[0]


def _render_bibtex(text: str) -> list[str]:
    """Each entry as pybtex's own ``plain`` style renders it, in plain text."""
    plain = importlib.import_module("pybtex.style.formatting.plain")
    backend = importlib.import_module("pybtex.backends.plaintext").Backend()
    bibliography = plain.Style().format_bibliography(_parse_bibtex(text))
    return [entry.text.render(backend) for entry in bibliography]


def _second_hand_trail(rule_id: str) -> list[str]:
    """What a rendered citation must say of each book the rule knows only second-hand."""
    entry = get_rule(rule_id)
    expected = []
    for citation in entry.citations:
        if citation.reported_by is not None and citation.source.held is None:
            pages = f", pp. {citation.pages}" if citation.pages else ""
            expected.append(
                f"{citation.source.title} ({citation.source.year}){pages}, as reported by "
                "Wikipedia, rev. 1222580806"
            )
        for example in citation.examples:
            expected.append(example.short)
    return expected


@pytest.mark.parametrize("rule_id", ALL_IDS)
def test_every_rules_citation_renders_with_its_second_hand_books_named(
    rule_id: str, no_site_url: None
) -> None:
    csl = _render_csl(cite_rule_csl(rule_id))
    bib = _render_bibtex(cite_rules([rule_id], "bibtex"))
    consulted = {s.key for s in sources_of(rule_id)}
    assert len(csl) == len(bib) == 1 + len(consulted)
    unseen = unseen_sources_of(rule_id)
    for rendered in (csl, bib):
        text = "\n".join(rendered)
        for trail in _second_hand_trail(rule_id):
            assert trail in text, (rule_id, trail)
        # No rendered entry is an unseen book: each entry is the rule or a work we hold.
        for book in unseen:
            assert not any(line.startswith(book.title) for line in rendered), book.key
            assert not any(
                line.startswith(f"{book.authors[0]}") for line in rendered if book.authors
            ), book.key
    for source in ALL_SOURCES:
        if source.key in consulted and source.url:
            assert any(source.url in line and "2026" in line for line in csl), source.key
            assert any(source.url in line for line in bib), source.key


def test_unseen_books_are_listed_apart_as_not_consulted(no_site_url: None) -> None:
    text = cite_rules(["deal.packets-4-3-3-4", "seats.active-six-or-seven"], "bibtex")
    data = _parse_bibtex(text)
    assert not {"culbertson-1957", "official-rules-1922"} & set(data.entries)
    comment = text[text.index("@comment{") :]
    assert comment.startswith("@comment{Not consulted")
    assert (
        "Culbertson's Card Games Complete" in comment and "Official Rules of Card Games" in comment
    )


def test_every_online_source_renders_its_address_and_a_dated_copy() -> None:
    online = [s for s in ALL_SOURCES if s.url]
    assert {s.key for s in online} >= {"foster-1909", "wikipedia-frog", "gamerules", "meyers-1909"}
    rendered = _render_csl([csl_json(s) for s in online])
    for source in online:
        assert source.url is not None and source.accessed is not None, source.key
        assert source.access_text is not None and source.accessed in source.access_text
        assert any(
            source.url in line and "Accessed: November 29, 2026" in line for line in rendered
        )
        assert source.access_text in bibtex(source)
    assert "copy of 2026-11-29" in "\n".join(rendered)  # the web page's date is our copy's
    assert MEYERS_1909.access_text == (
        "Zeno.org transcription in the project's sources since 2026-11-29"
    )


def test_the_bibliography_download_marks_each_unseen_book_not_consulted() -> None:
    unseen = [s for s in ALL_SOURCES if s.held is None]
    rendered = _render_csl([csl_json(s) for s in unseen])
    assert rendered and all("[not consulted]" in line for line in rendered)
    # BibTeX styles print the note (pybtex's plain style cannot format an authorless book,
    # so the field is read here rather than rendered).
    data = _parse_bibtex("\n\n".join(bibtex(s) for s in unseen))
    for key, entry in data.entries.items():
        assert entry.fields["note"].startswith("Not consulted. "), key
