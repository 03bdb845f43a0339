"""The whole suite's first check: frogspec and its test tools are importable here.

Run under a Python without them (a plain ``pytest`` outside ``.venv``, say), every test
module would fail to import with its own traceback; this says once what to do instead.
"""

from __future__ import annotations

import importlib.util

import pytest

#: What the suite imports beyond pytest, and the extra of frogspec that installs it.
NEEDED = ("frogspec", "hypothesis", "jsonschema", "sybil")


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run, saying how to install, when frogspec or a test tool is missing."""
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        raise pytest.UsageError(
            f"{', '.join(missing)} not installed in this Python. Run the suite with "
            "`python3 dev.py test` (it makes .venv and installs everything), or install "
            "frogspec with its test tools first: pip install -e '.[dev]'"
        )
