"""The README's examples run, and its quick start names the commands that exist."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_python_examples() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner()
    for block in blocks:
        runner.run(parser.get_doctest(block, {}, "README", "README.md", 0))
    assert runner.summarize(verbose=False).failed == 0


def test_quick_start_commands_are_dev_py_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    dev = (ROOT / "dev.py").read_text(encoding="utf-8")
    commands = re.findall(r"^python3 dev\.py (\w+)", text, re.M)
    assert commands == ["serve", "test"]
    for command in commands:
        assert f'"{command}"' in dev
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 dev.py test" in ci


def test_readme_is_a_users_page() -> None:
    # What frogspec is, how to start and use it; the dated runs live on the benchmarks page.
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 150
    assert "docs/benchmarks.md" in text


def test_readme_links_lead_somewhere() -> None:
    # Every local link names a file that exists, and every link into the benchmarks page an
    # anchor that page defines (a heading's {#id} or an <a id>): a figure's dated run.
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    benchmarks = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', benchmarks))
    anchors |= set(re.findall(r"\{#([\w-]+)\}", benchmarks))
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    assert links
    for link in links:
        path, _, anchor = link.partition("#")
        assert (ROOT / path).exists(), link
        if anchor:
            assert path == "docs/benchmarks.md" and anchor in anchors, link
