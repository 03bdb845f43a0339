"""The rulebook speaks of the game and its readers, never of how the project is run.

Every built page (its text, without scripts and styles), the changelog's included, is
searched for words about the project's own work: "issue", "session", "helper", "the task",
"asks for at least"... The game's own words are not among them ("asks for" alone is the
engine asking for a rule, so only "asks for at least", the wording of a target, is looked
for). The changelog's source is searched in the quick selection too, without a build.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

#: Words about the project's own work, not the game's.
PROCESS_WORDS = re.compile(
    r"\b(issues?|sessions?|helpers?|integrator|worktree|the task|the brief|"
    r"asks for at least|this session)\b",
    re.IGNORECASE,
)

ROOT = Path(__file__).resolve().parents[2]


def _text(page: Path) -> str:
    source = page.read_text(encoding="utf-8")
    source = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", source))


def test_no_page_speaks_of_the_projects_own_work(built_site: Path) -> None:
    found = []
    for page in sorted(built_site.rglob("*.html")):
        name = page.relative_to(built_site).as_posix()
        text = _text(page)
        for match in PROCESS_WORDS.finditer(text):
            context = " ".join(text[max(0, match.start() - 60) : match.end() + 40].split())
            found.append(f"{name}: …{context}…")
    assert not found, "\n".join(found)


def test_the_changelog_speaks_of_changes_in_users_terms() -> None:
    # Its source, before any build: a change is described by what it does for a reader.
    text = (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8")
    found = [
        f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
        for m in PROCESS_WORDS.finditer(text)
    ]
    assert not found, "\n".join(found)


def test_the_scan_finds_what_it_looks_for(tmp_path: Path) -> None:
    # A test that cannot fail proves nothing: the scan sees a page that says such words.
    page = tmp_path / "page.html"
    page.write_text(
        "<p>Deals solved: 2000 (the issue asks for at least 2,000)</p>"
        "<script>var session = 1;</script>",
        encoding="utf-8",
    )
    text = _text(page)
    assert [m.group(0) for m in PROCESS_WORDS.finditer(text)] == ["issue", "asks for at least"]
    # The game's own words pass.
    page.write_text("<p>The engine asks for the rule; the bidder takes the widow.</p>")
    assert not PROCESS_WORDS.search(_text(page))
