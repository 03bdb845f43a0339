"""The built site: strict and offline, every internal link and anchor resolves, and every
rule stands with its quotes, its function and its vectors."""

from __future__ import annotations

import html
import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from frogspec.errors import FrogError
from frogspec.notation import REPLAY_PATH, parse_deal
from frogspec.registry import all_rules
from frogspec.rulesets import RULESETS
from frogspec.site.rule_vectors import cases_of_rule
from frogspec.sources import ALL_SOURCES

_ASSET_TAGS = {"script": "src", "img": "src", "iframe": "src", "source": "src", "audio": "src",
               "video": "src", "embed": "src", "object": "data"}  # fmt: skip
_REMOTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)


class _Page(HTMLParser):
    """The ids, links and loaded assets of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        if tag == "link" and "href" in values:
            rel = values.get("rel", "")
            if any(
                r in rel
                for r in (
                    "stylesheet",
                    "icon",
                    "preload",
                    "modulepreload",
                    "manifest",
                    "preconnect",
                )
            ):
                self.assets.append(values["href"])
            else:
                self.links.append(values["href"])
        if tag in _ASSET_TAGS and _ASSET_TAGS[tag] in values:
            self.assets.append(values[_ASSET_TAGS[tag]])


@cache
def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _target(site: Path, page: Path, href: str) -> tuple[Path, str] | None:
    """The file and anchor an internal link points at; ``None`` for an external link."""
    if _REMOTE.match(href) or href.startswith(("mailto:", "data:", "javascript:")):
        return None
    base = "/" + page.relative_to(site).as_posix()
    parts = urlsplit(urljoin(base, href))
    path = site / unquote(parts.path).lstrip("/")
    if parts.path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path, unquote(parts.fragment)


def test_every_internal_link_and_anchor_resolves(built_site: Path) -> None:
    broken: list[str] = []
    checked = 0
    for page in _html_files(built_site):
        if page.name == "404.html":
            continue
        for href in _parse(page).links + _parse(page).assets:
            target = _target(built_site, page, href)
            if target is None:
                continue
            path, anchor = target
            checked += 1
            where = f"{page.relative_to(built_site)}: {href}"
            if not path.is_file():
                broken.append(f"{where} (no file {path.relative_to(built_site)})")
            elif anchor and path.suffix == ".html" and anchor not in _parse(path).ids:
                if path == built_site / REPLAY_PATH / "index.html":
                    # The replay page's fragment is a deal: it must replay to its end.
                    try:
                        parse_deal(anchor).states()
                    except FrogError as error:
                        broken.append(f"{where} (neither an anchor nor a deal: {error})")
                    continue
                broken.append(f"{where} (no anchor #{anchor})")
    assert not broken, "broken links:\n" + "\n".join(broken)
    assert checked > 1000


def test_nothing_is_loaded_from_outside(built_site: Path) -> None:
    remote = []
    for page in _html_files(built_site):
        remote += [
            f"{page.relative_to(built_site)}: {a}" for a in _parse(page).assets if _REMOTE.match(a)
        ]
        text = page.read_text(encoding="utf-8")
        if "fonts.googleapis" in text or "fonts.gstatic" in text:
            remote.append(f"{page.relative_to(built_site)}: web fonts")
    for css in built_site.rglob("*.css"):
        for url in re.findall(
            r"(?:url\(|@import\s+)['\"]?([^'\")\s]+)", css.read_text(encoding="utf-8")
        ):
            if _REMOTE.match(url):
                remote.append(f"{css.relative_to(built_site)}: {url}")
    assert not remote, "assets loaded from outside the site:\n" + "\n".join(remote)


def _text(fragment: str) -> str:
    """The text of an HTML fragment, whitespace collapsed. Inline tags (a glossary link
    before a full stop, say) leave nothing; other tags part words."""
    inline = re.sub(r"</?(?:a|abbr|code|em|span|strong)\b[^>]*>", "", fragment)
    return _norm(html.unescape(re.sub(r"<[^>]+>", " ", inline)))


def _norm(text: str) -> str:
    return " ".join(text.split())


def _sections(page: Path) -> dict[str, str]:
    """The HTML of each h2 section of a page, by the h2's id."""
    text = page.read_text(encoding="utf-8")
    starts = [(m.start(), m.group(1)) for m in re.finditer(r'<h2 id="([^"]+)"', text)]
    sections = {}
    for i, (start, anchor) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        sections[anchor] = text[start:end]
    return sections


def test_every_rule_has_its_section_with_quotes_function_and_vectors(built_site: Path) -> None:
    problems: list[str] = []
    for entry in all_rules():
        page = built_site / "rules" / entry.topic / "index.html"
        ids = _parse(page).ids
        if entry.id not in ids:
            problems.append(f"{entry.id}: no element with id {entry.id!r}")
        section = _sections(page).get(entry.anchor)
        if section is None:
            problems.append(f"{entry.id}: no section #{entry.anchor}")
            continue
        text = _text(section)
        if _norm(entry.statement) not in text:
            problems.append(f"{entry.id}: statement missing")
        for citation in entry.citations:
            if citation.quote is not None and _norm(citation.quote) not in text:
                problems.append(f"{entry.id}: quote missing: {citation.quote[:40]}")
        if entry.kind == "sourced" and not any(c.quote for c in entry.citations):
            problems.append(f"{entry.id}: a sourced rule without a quote")
        if entry.editorial and _norm(entry.reasoning or "") not in text:
            problems.append(f"{entry.id}: reasoning missing")
        if f'id="{entry.qualified_name}"' not in section:
            problems.append(f"{entry.id}: function {entry.qualified_name} not documented")
        if entry.function.__name__ + "(" not in text.replace(" (", "("):
            problems.append(f"{entry.id}: no signature of {entry.function.__name__}")
        # Its examples are its vectors: each hand-written case that exercises it is named.
        if "Vectors" not in text:
            problems.append(f"{entry.id}: no vectors")
        for run in cases_of_rule(entry.id):
            if run.case.id not in text:
                problems.append(f"{entry.id}: case {run.case.id} not shown")
        if "Cite this rule" not in text or f"frogspec-{entry.anchor}" not in text:
            problems.append(f"{entry.id}: no citation box")
    assert not problems, "\n".join(problems)


def test_pages_of_the_nav_were_built(built_site: Path) -> None:
    for path in ("index.html", "rules/index.html", "rulesets/index.html", "deals/index.html",
                 "disagreements/index.html", "editorial/index.html", "source-problems/index.html",
                 "sources/index.html", "cli/index.html", "api/index.html", "changelog/index.html"):  # fmt: skip
        assert (built_site / path).is_file(), path
    for ruleset_id in RULESETS:
        assert (built_site / "rulesets" / ruleset_id / "index.html").is_file()
    matrix = _text((built_site / "rulesets" / "index.html").read_text(encoding="utf-8"))
    assert "How are the cards dealt?" in matrix and "packets-3-3-4-4" in matrix


def test_the_bibliography_is_downloadable(built_site: Path) -> None:
    bib = (built_site / "frogspec.bib").read_text(encoding="utf-8")
    csl = json.loads((built_site / "frogspec.csl.json").read_text(encoding="utf-8"))
    for source in ALL_SOURCES:
        assert f"{{{source.key}," in bib
    assert {item["id"] for item in csl} == {s.key for s in ALL_SOURCES}


def test_the_search_index_holds_the_quotes(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    docs = {doc["location"]: doc["text"] for doc in index["docs"]}
    section = docs["rules/play/#play-must-trump"]
    assert "If a player cannot follow suit, he must trump" in html.unescape(section)


def test_executed_output_is_shown_on_the_hand_written_pages(built_site: Path) -> None:
    history = _text((built_site / "history" / "index.html").read_text(encoding="utf-8"))
    assert "Tapp (württembergischer Tarock), süddeutsches Kartenspiel" in history
    assert "Translation (ours)" in history
    cli = _text((built_site / "cli" / "index.html").read_text(encoding="utf-8"))
    assert "$ frogspec rule play.must-trump" in cli
    assert "Implemented by: frogspec.rules.play.must_trump" in cli
