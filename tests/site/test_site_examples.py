"""Every code example on the site runs: the ``python exec="on"`` blocks that markdown-exec
runs at build time and the ``pycon`` doctests, in the hand-written pages under ``docs/``
and in every page generated from the registry.

Sybil finds the fenced blocks. An exec block runs in a fresh namespace (or its
``session``'s), as markdown-exec runs it, and must print something: the reader is shown
its output. A ``pycon`` block is a doctest and must print what it says.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest
from sybil import Document, Example, Region
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.parsers.abstract.doctest import DocTestStringParser
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

_LEXER = FencedCodeBlockLexer(language=r".+", mapping={"language": "info", "source": "source"})
_DOCTESTS = DocTestStringParser(DocTestEvaluator(doctest.ELLIPSIS))
_EXEC_ON = re.compile(r'\bexec="(on|1|true|yes)"')
_SESSION = re.compile(r'\bsession="([^"]+)"')


def _run_exec_block(example: Example) -> None:
    info = str(example.region.lexemes["info"])
    session = _SESSION.search(info)
    sessions: dict[str, dict[str, Any]] = example.namespace.setdefault("__exec_sessions__", {})
    namespace: dict[str, Any] = sessions.setdefault(session.group(1), {}) if session else {}
    out = io.StringIO()
    code = compile(str(example.parsed), f"{example.path}:{example.line}", "exec")
    with contextlib.redirect_stdout(out):
        exec(code, namespace)
    assert out.getvalue().strip(), (
        f"the exec block at {example.path}:{example.line} prints nothing, so the reader "
        "would see nothing"
    )


def _parse(document: Document) -> Iterable[Region]:
    for region in _LEXER(document):
        info = str(region.lexemes["info"])
        language = info.split()[0]
        source = region.lexemes["source"]
        if language == "python" and _EXEC_ON.search(info):
            region.parsed = source
            region.evaluator = _run_exec_block
            yield region
        elif language == "pycon":
            for doctest_region in _DOCTESTS(source, document.path):
                doctest_region.adjust(region, source)
                yield doctest_region


def _hand_written() -> list[str]:
    return sorted(
        p.relative_to(DOCS).as_posix()
        for p in DOCS.rglob("*.md")
        if not p.relative_to(DOCS).as_posix().startswith("_")
    )


def _examples(path: Path) -> list[Example]:
    return list(Document.parse(str(path), _parse))


def _has_examples(text: str) -> bool:
    return "```pycon" in text or 'exec="on"' in text


def _pages_with_examples() -> list[str]:
    # Only the hand-written pages run examples: a generated page has none (a rule's
    # examples are its vectors), which the test that the examples are found checks;
    # collecting does not generate every page for it (that took seconds each time).
    return [p for p in _hand_written() if _examples(DOCS / p)]


@pytest.mark.parametrize("page", _pages_with_examples())
def test_every_example_on_the_page_runs(page: str) -> None:
    examples = _examples(DOCS / page)
    assert examples
    for example in examples:
        example.evaluate()


def test_the_examples_are_found(site_pages: Mapping[str, str]) -> None:
    # The parser must find the hand-written pages' exec blocks and doctests; a rule's page
    # runs no example of its own (its examples are its vectors).
    assert [name for name, text in site_pages.items() if _has_examples(text)] == []
    index = _examples(DOCS / "index.md")
    assert {type(e.region.evaluator).__name__ for e in index} == {"DocTestEvaluator"}
    history = _examples(DOCS / "history.md")
    assert {type(e.region.evaluator).__name__ for e in history} == {"function"}


def test_a_failing_example_fails(tmp_path: Path) -> None:
    page = tmp_path / "bad.md"
    page.write_text(
        '```python exec="on"\nprint(1 / 0)\n```\n\n'
        '```python exec="on"\nx = 1\n```\n\n'
        "```pycon\n>>> 1 + 1\n3\n```\n",
        encoding="utf-8",
    )
    examples = _examples(page)
    assert len(examples) == 3
    with pytest.raises(ZeroDivisionError):
        examples[0].evaluate()
    with pytest.raises(AssertionError, match="prints nothing"):
        examples[1].evaluate()
    with pytest.raises(AssertionError):
        examples[2].evaluate()
