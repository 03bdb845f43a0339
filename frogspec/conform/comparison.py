"""Judging an answer: whether an implementation's answer to a case conforms.

The runner, the pytest plugin (through the runner) and ``frogspec fuzz`` all judge with
:func:`judge`, so that a case passes or fails the same way wherever it runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from frogspec.conformance.model import Case, differences, has_path

__all__ = ["Verdict", "expects_unsupported", "judge"]

Json = Any


def expects_unsupported(case: Case) -> bool:
    """Whether the case expects the answer ``unsupported`` (an unknown op or ruleset)."""
    error = case.response.get("error")
    return isinstance(error, dict) and error.get("kind") == "unsupported"


@dataclass(frozen=True)
class Verdict:
    """What an answer makes of a case: ``status`` ``passed``, ``failed`` or ``skipped``,
    with the reason (a key of :data:`frogspec.conform.runner.REASONS`), a message and the
    differences from the expected response."""

    status: str
    reason: str | None = None
    message: str = ""
    differences: list[str] = field(default_factory=list)


def judge(case: Case, actual: dict[str, Json]) -> Verdict:
    """Judge ``actual`` (an answer without its id) against ``case``."""
    error = actual.get("error")
    if (
        isinstance(error, dict)
        and error.get("kind") == "unsupported"
        and not expects_unsupported(case)
    ):
        return Verdict("skipped", "unsupported", str(error.get("message") or ""))
    if case.extension_paths and "result" in actual:
        absent = [p for p in case.extension_paths if not has_path(actual, p)]
        if absent:
            return Verdict(
                "skipped",
                "extension-absent",
                f"the answer has no {', '.join(absent)} (extension {case.extension})",
            )
    found = differences(case.expected, actual, case.compare)
    if found:
        return Verdict("failed", "mismatch", found[0], found)
    return Verdict("passed")
