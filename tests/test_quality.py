"""The project's own standards, checked as part of the suite: mypy --strict, ruff's lint
and ruff's format."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_mypy_strict() -> None:
    proc = _run("mypy", "--strict", "frogspec", "tests", "benchmarks", "dev.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff() -> None:
    proc = _run("ruff", "check", "frogspec", "tests", "benchmarks", "dev.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format() -> None:
    # One style over the whole tree (`ruff format frogspec tests benchmarks dev.py` fixes it).
    proc = _run("ruff", "format", "--check", "frogspec", "tests", "benchmarks", "dev.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
