"""The site generator (``frogspec.site``): pages built from the registry, not written."""

from __future__ import annotations

import html
import importlib.util
import inspect
import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import pytest

from frogspec.engine import settle
from frogspec.questions import Question
from frogspec.registry import TOPICS, all_rules, get_rule
from frogspec.rules.auction import Contract
from frogspec.rules.cards import parse_card
from frogspec.rulesets import RULESETS
from frogspec.site import downloads, nav_sections
from frogspec.site.annotated import pretty_json
from frogspec.site.markup import (
    admonition,
    card_html,
    cards_html,
    docstring_to_markdown,
    escape,
    relative,
    rule_link,
)
from frogspec.site.pages import (
    question_key,
    rule_section,
    rules_of_topic,
    topic_page,
    usage,
)
from frogspec.site.reference import (
    api_modules,
    api_page_path,
    api_pages,
    console_markdown,
    meyers_note,
    protocol_downloads,
    protocol_page,
    quote_markdown,
)
from frogspec.site.rule_vectors import vectors_block
from frogspec.sources import ALL_SOURCES, MEYERS_1909, WIKIPEDIA_FROG, held_text

ROOT = Path(__file__).resolve().parents[2]


# ----------------------------------------------------------------------- markup


def test_escape_protects_markdown_markup() -> None:
    assert escape("*a* _b_ [c](d) <e> `f` a|b") == (r"\*a\* \_b\_ \[c\](d) \<e\> \`f\` a\|b")


@pytest.mark.parametrize(
    ("start", "to", "anchor", "want"),
    [
        ("rules/play.md", "rules/play.md", "x", "#x"),
        ("rules/play.md", "rules/deal.md", "y", "deal.md#y"),
        ("deal.md", "rules/play.md", None, "rules/play.md"),
        ("rulesets/modern.md", "sources.md", "foster-1909", "../sources.md#foster-1909"),
    ],
)
def test_relative_links(start: str, to: str, anchor: str | None, want: str) -> None:
    assert relative(start, to, anchor) == want


def test_rule_link_uses_the_permanent_anchor() -> None:
    assert (
        rule_link("play.must-trump", "deal.md")
        == "[`play.must-trump`](rules/play.md#play-must-trump)"
    )
    with pytest.raises(KeyError):
        rule_link("play.no-such-rule", "deal.md")


def test_cards_are_drawn_in_colour() -> None:
    assert "fs-red" in card_html(parse_card("AH")) and "♥" in card_html(parse_card("AH"))
    assert "fs-red" in card_html(parse_card("6D")) and "♦" in card_html(parse_card("6D"))
    assert "fs-black" in card_html(parse_card("KS")) and "♠" in card_html(parse_card("KS"))
    assert "fs-black" in card_html(parse_card("10C")) and "♣" in card_html(parse_card("10C"))
    row = cards_html([parse_card(c) for c in ("6C", "AH", "10H", "KS")])
    # Sorted: hearts first (Ace before Ten), then spades, then clubs.
    assert [m for m in re.findall(r'title="([^"]+)"', row)] == [
        "Ace of hearts",
        "Ten of hearts",
        "King of spades",
        "Six of clubs",
    ]
    assert "(none)" in cards_html(0)


def test_docstrings_become_markdown() -> None:
    text = "See :func:`legal_plays` and :class:`~frogspec.errors.IllegalActionError`.\n\n>>> 1 + 1\n2\n\nAfter."
    out = docstring_to_markdown(text)
    assert "`legal_plays`" in out and "`IllegalActionError`" in out and ":func:" not in out
    assert "```pycon\n>>> 1 + 1\n2\n```" in out
    assert out.endswith("After.")


def test_admonitions_indent_their_body() -> None:
    assert admonition("quote", 'A "title"', "one\n\ntwo") == (
        '!!! quote "A &quot;title&quot;"\n\n    one\n\n    two\n'
    )
    assert admonition("info", "T", "x", collapsible=True).startswith('??? info "T"')


# ----------------------------------------------------------------------- rule pages


def test_every_rule_question_is_a_ruleset_question() -> None:
    for entry in all_rules():
        key = question_key(entry)
        assert key is None or key in Question


def test_each_topic_page_has_every_rule_of_its_topic_in_source_order() -> None:
    for topic in TOPICS:
        page = topic_page(topic)
        positions = []
        for entry in rules_of_topic(topic):
            heading = f'## <a id="{entry.id}"></a>`{entry.id}` {{ #{entry.anchor} }}'
            assert page.count(heading) == 1, entry.id
            positions.append(page.index(heading))
        assert positions == sorted(positions)
        lines = [inspect.unwrap(e.function).__code__.co_firstlineno for e in rules_of_topic(topic)]
        assert lines == sorted(lines)


def test_a_rule_section_has_its_parts() -> None:
    entry = get_rule("play.must-trump")
    section = rule_section(entry)
    for citation in entry.citations:
        assert citation.quote is not None
        assert escape(citation.quote) in section
    assert "::: frogspec.rules.play.must_trump" in section
    assert vectors_block(entry.id) in section
    assert '??? info "Cite this rule"' in section and "@misc{frogspec-play-must-trump" in section


def test_an_editorial_ruling_is_labelled_with_its_reasoning() -> None:
    entry = get_rule("auction.all-pass")
    section = rule_section(entry)
    assert "editorial ruling" in section
    assert entry.reasoning is not None and escape(entry.reasoning) in section
    assert "sourced rule" not in section


def test_second_hand_quotes_say_as_reported_by() -> None:
    section = rule_section(get_rule("seats.players-3-to-7"))
    assert "as reported by" in section
    assert "We hold no text of Official Rules (1922)" in section


def test_a_rule_with_rival_readings_shows_them_and_their_rulesets() -> None:
    section = rule_section(get_rule("deal.packets-3-3-4-4"))
    assert "How are the cards dealt?" in section
    for rival in ("deal.packets-4-3-3-4", "deal.singly-slough-1-4-8", "deal.gamerules-packets"):
        assert f"`{rival}`" in section
    assert "**this rule**" in section


def test_usage_names_the_option_a_rule_needs() -> None:
    by_id = {rs.id: how for rs, how in usage("settlement.penalty-frog")}
    assert by_id == {"official-1922-solo": "penalty_frog: true"}
    # In Coeur d'Alene the option pays a fixed amount: a ruling of its own.
    by_id = {rs.id: how for rs, how in usage("settlement.coeur-dalene-penalty-frog")}
    assert by_id == {"official-1922-coeur-dalene": "penalty_frog: true"}
    assert {rs.id for rs, how in usage("play.must-trump")} == set(RULESETS)
    assert [how for _, how in usage("deal.packets-3-3-4-4")] == ["", ""]


# ----------------------------------------------------------------------- the whole site


def test_generated_pages_cover_the_registry_and_rulesets(site_pages: Mapping[str, str]) -> None:
    pages = site_pages
    sections = nav_sections()
    for path in sections["rules/"] + sections["rulesets/"]:
        assert path in pages
    assert len(sections["rules/"]) == len(TOPICS)
    assert len(sections["rulesets/"]) == len(RULESETS)
    matrix = pages["rulesets/index.md"]
    for question in (q.text for q in Question):
        assert escape(question) in matrix
    for rs in RULESETS.values():
        for key in Question:
            assert f"#{rs.choice(key).anchor})" in matrix


def test_disagreements_and_rulings_pages(site_pages: Mapping[str, str]) -> None:
    pages = site_pages
    disagreements = pages["disagreements.md"]
    for key in Question:
        assert f"{{ #{key} }}" in disagreements
    editorial = pages["editorial.md"]
    for entry in all_rules():
        assert (f"{{ #{entry.anchor} }}" in editorial) == entry.editorial


def test_sources_page_and_downloads(site_pages: Mapping[str, str]) -> None:
    pages = site_pages
    sources = pages["sources.md"]
    for source in ALL_SOURCES:
        assert f"{{ #{source.key} }}" in sources
    files = downloads()
    assert files["frogspec.bib"].count("\n@") + 1 == len(ALL_SOURCES)
    csl = json.loads(files["frogspec.csl.json"])
    assert [item["id"] for item in csl] == [s.key for s in ALL_SOURCES]
    assert "(frogspec.bib)" in sources and "(frogspec.csl.json)" in sources


def test_the_source_problems_page_lists_every_problem(site_pages: Mapping[str, str]) -> None:
    from frogspec.sources import SOURCE_PROBLEMS

    page = site_pages["source-problems.md"]
    for problem in SOURCE_PROBLEMS:
        assert f"{{ #{problem.key} }}" in page
        for quote in problem.quotes:
            assert escape(quote) in page


def test_ruleset_pages_show_payments_computed_by_the_engine(site_pages: Mapping[str, str]) -> None:
    page = site_pages["rulesets/foster-1909.md"]
    paid = settle("foster-1909", 3, 0, 1, Contract.GRAND, 75)
    assert f"| grand | 75 | {', '.join(str(p) for p in paid)} |" in page


# ----------------------------------------------------------------------- reference pages


def test_api_reference_is_one_page_a_module_and_rule_functions_are_not_documented_twice() -> None:
    pages = api_pages()
    assert "frogspec.site" not in api_modules()
    index = pages["api.md"]
    for name in ("frogspec.engine", "frogspec.rules.play", "frogspec.registry"):
        assert f"::: {name}\n" in pages[api_page_path(name)]
        assert f"[`{name}`]({api_page_path(name)})" in index
    assert set(pages) == {"api.md", *(api_page_path(name) for name in api_modules())}
    play = pages["api/frogspec.rules.play.md"]
    members = re.search(r"::: frogspec\.rules\.play\n(?:    .*\n)+", play)
    assert members is not None
    assert '"legal_plays"' in members.group(0) and '"must_trump"' not in members.group(0)
    assert "[`must_trump`](../rules/play.md#play-must-trump) implements `play.must-trump`" in play


def test_importing_every_api_module_warns_of_nothing() -> None:
    # The site build imports each module of the reference; none may warn (no deprecated path).
    import subprocess

    script = (
        "import importlib, warnings\n"
        "warnings.simplefilter('error')\n"
        "from frogspec.site.reference import api_modules\n"
        "for name in api_modules(): importlib.import_module(name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr


def test_protocol_page_from_spec(tmp_path: Path) -> None:
    assert protocol_page(tmp_path) is None
    assert protocol_downloads(tmp_path) == {}
    (tmp_path / "schema").mkdir()
    (tmp_path / "vectors").mkdir()
    (tmp_path / "schema" / "request.json").write_text('{"type": "object"}\n', encoding="utf-8")
    (tmp_path / "vectors" / "cards.json").write_text("[]\n", encoding="utf-8")
    (tmp_path / "README.md").write_text(
        "# Protocol\n\nSee [the schema](schema/request.json), [the cards](vectors/cards.json), "
        "[the generator](prng.md#1-splitmix64), [the harness](../frogspec/harness.py) "
        "and [the site](https://example.org/).\n\n```sh\n# not a heading\n```\n\n## Ops\n",
        encoding="utf-8",
    )
    (tmp_path / "prng.md").write_text("# The generator\n\n## 1. SplitMix64\n", encoding="utf-8")
    page = protocol_page(tmp_path)
    assert page is not None
    assert page.startswith("# Conformance protocol")
    assert "## Protocol" in page and "### Ops" in page and "\n# not a heading\n" in page
    assert "## The generator { #spec-prng }" in page and "### 1. SplitMix64" in page
    assert "[the schema](protocol/schema/request.json)" in page
    assert "[the cards](protocol/vectors/cards.json)" in page
    assert "[the generator](#spec-prng)" in page
    assert "the harness" in page and "../frogspec/harness.py" not in page
    assert "[the site](https://example.org/)" in page
    assert '    {"type": "object"}' in page
    assert protocol_downloads(tmp_path) == {
        "protocol/schema/request.json": '{"type": "object"}\n',
        "protocol/vectors/cards.json": "[]\n",
    }


def test_console_shows_output_and_exit_status() -> None:
    ok = console_markdown("frogspec rule play.must-trump")
    assert ok.startswith("```console\n$ frogspec rule play.must-trump\nplay.must-trump")
    assert "Exit status" not in ok
    bad = console_markdown("frogspec rule play.must-trumps")
    assert "did you mean" in bad and "Exit status 2." in bad
    with pytest.raises(ValueError, match="not a frogspec command"):
        console_markdown("rm -rf /")


def test_quotes_on_hand_written_pages_are_verified() -> None:
    words = "Frog is an American derivative of the south German game of Tapp"
    assert quote_markdown(WIKIPEDIA_FROG, words).startswith(f"> “{words}”")
    with pytest.raises(ValueError, match="not in the held text"):
        quote_markdown(WIKIPEDIA_FROG, "Frog is a Polish game")


def test_meyers_entry_is_the_held_german_and_our_translation() -> None:
    german, english = meyers_note()
    assert german.startswith("Tapp (württembergischer Tarock), süddeutsches Kartenspiel")
    assert german.endswith("Ein angesagter Tout kostet doppelt.")
    assert german in held_text(MEYERS_1909)
    assert english.startswith("Tapp (Württemberg Tarock)") and english in held_text(MEYERS_1909)


# ----------------------------------------------------------------------- the build hook


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "frogspec_docs_hook", ROOT / "docs/_hooks/build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hook_expands_the_nav_and_leaves_out_missing_pages() -> None:
    hook = _hook()
    nav = [
        {"Home": "index.md"},
        {"The rules": ["rules/index.md", "rules/"]},
        {"Missing": "nowhere.md"},
        {"Section": [{"Gone": "gone.md"}]},
    ]
    exists = {"index.md", "rules/index.md", "rules/play.md"}
    expanded = hook._expand(nav, {"rules/": ["rules/play.md"]}, exists)
    assert expanded == [{"Home": "index.md"}, {"The rules": ["rules/index.md", "rules/play.md"]}]


def test_the_nav_of_mkdocs_yml_names_the_generated_sections() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "- rules/\n" in text and "- rulesets/\n" in text
    assert "docs/_hooks/build.py" in text
    for setting in ("font: false",):
        assert setting in text
    for forbidden in ("repo_url", "inventories", "social", "privacy"):
        assert forbidden not in text


def test_html_in_generated_pages_is_well_formed(site_pages: Mapping[str, str]) -> None:
    # Inline HTML (cards, badges) must close every tag it opens.
    for name, text in site_pages.items():
        for tag in ("span", "div"):
            opened = len(re.findall(rf"<{tag}[\s>]", text))
            closed = text.count(f"</{tag}>")
            assert opened == closed, f"{name}: {opened} <{tag}> but {closed} </{tag}>"
        assert html.unescape("&amp;") == "&"


def test_docstring_conversion_is_idempotent() -> None:
    text = "Intro.\n\n>>> 1 + 1\n2\n"
    once = docstring_to_markdown(text)
    assert docstring_to_markdown(once) == once


def test_pretty_json_is_json_that_fits_the_page() -> None:
    value = {"a": list(range(60)), "b": {"c": "d"}, "e": []}
    text = pretty_json(value)
    assert json.loads(text) == value
    assert max(len(line) for line in text.splitlines()) <= 76
    assert pretty_json({"x": 1}) == '{"x": 1}'
