"""The property suite's settings: the hypothesis profile comes from the environment."""

from __future__ import annotations

import pytest

from .profiles import VARIABLE, profile_name


def pytest_configure(config: pytest.Config) -> None:
    """Refuse an unknown profile at once, with the choices."""
    try:
        profile_name()
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None


def pytest_report_header(config: pytest.Config) -> str:
    """Say which profile the properties run under."""
    return f"frogspec properties: hypothesis profile {profile_name()!r} (set {VARIABLE})"
