"""Citations worth citing: every rule, in every format, read back and rendered by real tools.

BibTeX is parsed with pybtex and rendered with its own ``plain`` and ``alpha`` styles;
CSL-JSON is rendered with citeproc-py in three styles held in ``tests/citation_styles/``
(Harvard, Chicago author-date, APA; both tools in the ``dev`` extra). A bibliography of any
set of rules, and the whole bibliography of sources, must render without error in each, and
say who, what, which version, when, which rule and on what sources; a ruling must render as
the rulebook's own, a book we have not seen as not consulted, and a copy's date as a copy's.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
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
from frogspec.sources import (
    ALL_SOURCES,
    FOSTER_1909,
    GAMERULES,
    HOYLE_1907,
    MEYERS_1909,
    WIKIPEDIA_FROG,
    Source,
)

ROOT = Path(__file__).resolve().parents[1]
STYLES_DIR = ROOT / "tests" / "citation_styles"
RULES = list(all_rules())
ALL_IDS = [r.id for r in RULES]
#: The entry types of classic BibTeX's standard styles.
CLASSIC_TYPES = {
    "article", "book", "booklet", "conference", "inbook", "incollection", "inproceedings",
    "manual", "mastersthesis", "misc", "phdthesis", "proceedings", "techreport", "unpublished",
}  # fmt: skip
SITE = "https://rules.example.org/frog"
CSL_STYLES = ("harvard-cite-them-right", "chicago-author-date", "apa")
BIBTEX_STYLES = ("plain", "alpha")
ALL_STYLES = CSL_STYLES + BIBTEX_STYLES
#: What no rendered citation may say: a visit to an address nobody recorded.
VISIT = re.compile(r"accessed|visited|retrieved \w+ \d", re.IGNORECASE)


def _pybtex() -> Any:
    return importlib.import_module("pybtex.database")


def _parse_bibtex(text: str) -> Any:
    return _pybtex().parse_string(text, "bibtex")


@functools.cache
def _csl_style(name: str) -> Any:
    citeproc = importlib.import_module("citeproc")
    return citeproc.CitationStylesStyle(str(STYLES_DIR / f"{name}.csl"), validate=False)


def _render_csl(items: list[dict[str, Any]], style: str = "harvard-cite-them-right") -> list[str]:
    """Each item as citeproc-py renders it in ``style``, in plain text, in the items' order."""
    citeproc = importlib.import_module("citeproc")
    source_json = importlib.import_module("citeproc.source.json")
    bibliography = citeproc.CitationStylesBibliography(
        _csl_style(style), source_json.CiteProcJSON(items), citeproc.formatter.plain
    )
    for item in items:
        bibliography.register(citeproc.Citation([citeproc.CitationItem(item["id"])]))
    return [str(entry) for entry in bibliography.bibliography()]


def _render_bibtex(text: str, style: str = "plain") -> list[str]:
    """Each entry as pybtex's own ``style`` renders it, in plain text."""
    plugin = importlib.import_module("pybtex.plugin")
    backend = plugin.find_plugin("pybtex.backends", "text")()
    formatter = plugin.find_plugin("pybtex.style.formatting", style)()
    bibliography = formatter.format_bibliography(_parse_bibtex(text))
    return [entry.text.render(backend) for entry in bibliography]


def _render(style: str, ids: list[str]) -> list[str]:
    if style in BIBTEX_STYLES:
        return _render_bibtex(cite_rules(ids, "bibtex"), style)
    return _render_csl(json.loads(cite_rules(ids, "csl-json")), style)


def _render_sources(style: str, sources: list[Source]) -> list[str]:
    if style in BIBTEX_STYLES:
        return _render_bibtex("\n\n".join(bibtex(s) for s in sources), style)
    return _render_csl([csl_json(s) for s in sources], style)


@functools.cache
def _every_rule_rendered(style: str) -> dict[str, str]:
    """Every rule's entry, rendered in ``style`` in one bibliography, by rule id."""
    lines = _render(style, ALL_IDS)
    by_id: dict[str, str] = {}
    for rule_id in ALL_IDS:
        (line,) = [line for line in lines if f"{rule_id}: " in line]
        by_id[rule_id] = line
    return by_id


@pytest.fixture
def no_site_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SITE_URL_VARIABLE, raising=False)


@pytest.fixture
def with_site_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SITE_URL_VARIABLE, SITE)


@pytest.fixture(scope="module")
def rendered_rules() -> dict[str, dict[str, str]]:
    """Every rule's entry in each style, rendered once for the module, with no site address."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(SITE_URL_VARIABLE, raising=False)
        return {style: _rules_rendered(style) for style in ALL_STYLES}


def _rules_rendered(style: str) -> dict[str, str]:
    lines = _render(style, ALL_IDS)
    assert len(lines) == len(ALL_IDS) + len({s.key for r in RULES for s in sources_of(r)})
    by_id: dict[str, str] = {}
    for rule_id in ALL_IDS:
        (line,) = [line for line in lines if f"{rule_id}: " in line]
        by_id[rule_id] = line
    return by_id


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


@pytest.mark.parametrize("style", ALL_STYLES)
def test_every_rule_renders_as_the_rulebooks_own_with_what_it_is(
    style: str, rendered_rules: dict[str, dict[str, str]]
) -> None:
    for rule_id, line in rendered_rules[style].items():
        entry = get_rule(rule_id)
        assert line.startswith(AUTHOR), (style, line)
        assert f"version {frogspec.__version__}" in line, (style, rule_id)
        assert entry.id in line, (style, line)  # as written: never "Play.no-duty-..."
        if entry.editorial:
            assert "editorial ruling of the rulebook" in line, (style, rule_id)
            # A ruling interprets the works we hold; it never carries a book's title.
            for book in unseen_sources_of(entry):
                assert book.title not in line, (style, rule_id, book.key)
            for held in sources_of(entry):
                assert held.short.split(" (")[0] in line.split("interpreting", 1)[1], rule_id
        else:
            assert "sourced rule" in line, (style, rule_id)
            assert ("the rulebook's reading" in line) == bool(entry.reading), (style, rule_id)
            for trail in _second_hand_trail(rule_id):
                assert trail in line, (style, rule_id, trail)


@pytest.mark.parametrize("style", ALL_STYLES)
def test_the_whole_bibliography_renders_each_work_once_with_its_caveats(style: str) -> None:
    """The site's ``frogspec.bib`` and ``frogspec.csl.json``, rendered."""
    if style in BIBTEX_STYLES:
        rendered = _render_bibtex(bibtex_all(), style)
    else:
        rendered = _render_sources(style, list(ALL_SOURCES))
    assert len(rendered) == len(ALL_SOURCES)
    for source in ALL_SOURCES:
        # The work's own name once: never "Hoyle's Games (1907) Hoyle's Games".
        (line,) = _render_sources(style, [source])
        assert line in rendered
        words = line.replace(source.url or "\0", "").lower()
        assert words.count(source.title.lower()) == 1, (style, line)
        assert source.caveat is not None and source.caveat[1:] in line, (style, line)
        if source.held is None:
            assert "not consulted" in line.lower(), (style, line)
        assert not VISIT.search(line), (style, line)
    text = "\n".join(rendered)
    assert "Pp." not in text and "(not Consulted)" not in text


def test_the_sites_bibliography_downloads_are_the_ones_rendered() -> None:
    site = importlib.import_module("frogspec.site")
    files = site.downloads()
    assert files["frogspec.bib"] == bibtex_all()
    assert json.loads(files["frogspec.csl.json"]) == [csl_json(s) for s in ALL_SOURCES]


def _second_hand_trail(rule_id: str) -> list[str]:
    """What a rendered citation must say of each book a sourced rule knows only second-hand."""
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


@pytest.mark.parametrize("style", ALL_STYLES)
def test_a_rules_sources_render_with_their_caveats_and_no_visit(
    style: str, no_site_url: None
) -> None:
    rendered = _render(style, ["play.must-trump", "seats.active-six-or-seven"])
    text = "\n".join(rendered)
    for source in (FOSTER_1909, WIKIPEDIA_FROG, GAMERULES):
        (line,) = [line for line in rendered if source.url is not None and source.url in line]
        assert source.caveat is not None and source.caveat[1:] in line, (style, line)
        assert source.copy_received is not None and f"received {source.copy_received}" in line
    # Foster's pages are given once, with where they come from; never as bare fact.
    assert "ages 441–442 as given by Wikipedia (rev. 1222580806), not checked" in text
    assert "edition not settled" in text
    assert not VISIT.search(text), style
    # No unseen book is an entry: each entry is a rule or a work we hold.
    for book in (s for s in ALL_SOURCES if s.held is None):
        assert not any(line.startswith(book.title) for line in rendered), (style, book.key)


def test_citing_rules_that_share_sources_repeats_no_key(no_site_url: None) -> None:
    text = cite_rules(["play.must-trump", "play.follow-suit", "play.must-trump"], "bibtex")
    data = _parse_bibtex(text)  # pybtex raises on a repeated entry
    assert list(data.entries).count("foster-1909") == 1
    assert text.count("@book{foster-1909,") == 1


def test_the_bibliography_download_is_classic_bibtex_with_no_access_date() -> None:
    data = _parse_bibtex(bibtex_all())
    assert set(data.entries) == {s.key for s in ALL_SOURCES}
    assert "@online" not in bibtex_all() and "urldate" not in bibtex_all()
    for key, entry in data.entries.items():
        assert entry.type in CLASSIC_TYPES, key
    web = data.entries[GAMERULES.key]
    assert web.type == "misc" and "howpublished" in web.fields
    assert web.fields["url"] == "https://gamerules.com/rules/frog/"
    assert web.fields["note"] == "Our copy received 2026-11-29."
    wiki = data.entries[WIKIPEDIA_FROG.key]
    assert wiki.type == "misc" and wiki.fields["url"] == WIKIPEDIA_FROG.url
    (wikipedians,) = wiki.persons["author"]
    assert str(wikipedians) == "{Wikipedia contributors}"  # one name, not a person
    # A work with no author is sorted and labelled by its own name.
    assert data.entries[HOYLE_1907.key].fields["key"] == HOYLE_1907.title


def test_every_rule_at_once_is_csl_json_without_a_visit(with_site_url: None) -> None:
    items = json.loads(cite_rules(ALL_IDS, "csl-json"))
    ids = [item["id"] for item in items]
    assert len(ids) == len(set(ids))
    assert not any("accessed" in item for item in items)
    text = "\n".join(_render_csl(items))
    assert "The frogspec authors (2026)" in text
    assert "play.must-trump: A player who cannot follow suit" in text
    assert f"{SITE}/rules/play/#play-must-trump" in text


def test_a_rulings_csl_item_is_the_rulebooks_interpreting_its_source(
    with_site_url: None,
) -> None:
    item, *sources = cite_rule_csl("settlement.fixed-25-50-75")
    assert item["author"] == [{"literal": AUTHOR}]
    assert f"version {frogspec.__version__}" in item["container-title"]
    assert item["issued"] == {"date-parts": [[2026, 12, 3]]}
    assert item["section"] == "settlement.fixed-25-50-75"
    assert item["URL"] == f"{SITE}/rules/settlement/#settlement-fixed-25-50-75"
    assert (
        "editorial ruling of the rulebook, interpreting Wikipedia (rev. 1222580806)"
        in (item["title"])
    )
    assert "Official Rules" not in item["title"]
    # The work interpreted is the article, the one source entry.
    assert {s["id"] for s in sources} == {"wikipedia-frog"}


def test_a_sourced_rules_title_names_the_book_it_reports(no_site_url: None) -> None:
    (item, _) = cite_rule_csl("seats.players-3-to-7")
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


def test_a_rulings_text_citation_says_what_it_interprets(no_site_url: None) -> None:
    text = cite_rule_text("settlement.fixed-25-50-75")
    assert "Editorial ruling of the rulebook, interpreting Wikipedia (rev. 1222580806)." in text
    assert "  Interprets: Official Rules (1922), pp. 213–216, as reported by Wikipedia" in text
    assert "  Source:" not in text


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


def test_unset_no_export_pretends_an_address(no_site_url: None) -> None:
    for fmt in ("text", "bibtex", "csl-json"):
        out = cite_rules(["play.must-trump", "settlement.fixed-25-50-75"], fmt)
        # The only addresses are the sources' own.
        addresses = set(re.findall(r"https?://[^\s\"}>]+", out))
        assert addresses <= {FOSTER_1909.url, WIKIPEDIA_FROG.url, GAMERULES.url}, fmt


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
    assert frogspec.__version__ == project["version"] == cff["version"] == "0.4.0"
    assert str(cff["date-released"]) == frogspec.__release_date__ == "2026-12-03"
    changelog = (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8")
    assert f"## {frogspec.__version__} ({frogspec.__release_date__})" in changelog


def test_a_source_entry_is_made_for_each_source() -> None:
    for source in ALL_SOURCES:
        entry = bibtex(source)
        assert entry.startswith("@") and source.key in entry.splitlines()[0]


def test_unseen_books_are_listed_apart_as_not_consulted(no_site_url: None) -> None:
    text = cite_rules(["deal.packets-4-3-3-4", "seats.active-six-or-seven"], "bibtex")
    data = _parse_bibtex(text)
    assert not {"culbertson-1957", "official-rules-1922"} & set(data.entries)
    comment = text[text.index("@comment{") :]
    assert comment.startswith("@comment{Not consulted")
    assert (
        "Culbertson's Card Games Complete" in comment and "Official Rules of Card Games" in comment
    )


def test_a_caveat_says_what_each_date_is() -> None:
    assert GAMERULES.caveat == "our copy received 2026-11-29"
    assert MEYERS_1909.caveat == "our copy of the zeno.org transcription received 2026-11-29"
    assert WIKIPEDIA_FROG.caveat is not None
    assert "gives the revision's address but not its date" in WIKIPEDIA_FROG.caveat
    assert HOYLE_1907.caveat is not None and HOYLE_1907.caveat.startswith("not consulted")
