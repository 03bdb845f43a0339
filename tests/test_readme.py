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
