"""Expectations: the deviations an implementer declares, accepted without failing the run.

An engine with a known house rule, or one that follows a rival reading the rulebook holds,
wants the kit to find the rest. ``frogspec conform`` and ``frogspec fuzz`` take
``--reading RULE=READING`` (repeatable: the engine follows READING, a rival reading of
RULE's point) and ``--expect FILE`` (deviations accepted earlier: a JSON report of
``frogspec conform``, whose ``deviations`` are read, or a list of ``{"rule", "reading"}``),
as the expectation files of test262's and web-platform-tests' runners do. An accepted
deviation is still reported; its failures do not fail the run. An expectation that no
deviation of the run matches is *stale*, and reported as such.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frogspec.errors import FrogError

__all__ = [
    "Expectation",
    "ExpectationError",
    "expectation_matches",
    "parse_reading",
    "read_expectations",
    "stale",
]


class ExpectationError(ValueError):
    """A ``--reading`` or ``--expect`` that cannot be read; the message says why."""


@dataclass(frozen=True)
class Expectation:
    """One accepted deviation: its rule (``None``: an unexplained one, matched by its
    ``when``), the reading the engine follows (``None``: any) and where it came from."""

    rule: str | None
    reading: str | None = None
    when: str = ""
    origin: str = "--expect"

    def describe(self) -> str:
        """The expectation in a few words, as the reports list it."""
        rule = self.rule or "unexplained"
        reading = f" (reading {self.reading})" if self.reading else ""
        return f"{rule}{reading}, from {self.origin}"


def parse_reading(text: str) -> Expectation:
    """``RULE=READING``, checked against the rulebook: READING must be a rival reading of
    RULE's point.

    >>> parse_reading("auction.overbid-to-raise=auction.one-round-frog-may-raise").reading
    'auction.one-round-frog-may-raise'
    """
    from frogspec.conform.counterfactuals import rival_readings

    rule, sep, reading = text.partition("=")
    if not sep or not rule or not reading:
        raise ExpectationError(f"--reading takes RULE=READING, got {text!r}")
    try:
        rivals = rival_readings(rule)
    except FrogError as error:
        raise ExpectationError(f"--reading {text}: {error}") from error
    if reading not in rivals:
        known = ", ".join(rivals) or "none"
        raise ExpectationError(
            f"--reading {text}: {reading} is not a rival reading of {rule} (its rivals: {known})"
        )
    return Expectation(rule, reading, origin=f"--reading {text}")


def read_expectations(path: Path) -> list[Expectation]:
    """The deviations an expectation file accepts: a JSON report's ``deviations``, or a
    list of objects with ``rule`` (and ``reading``, ``when``)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ExpectationError(f"--expect {path}: cannot read it: {error}") from None
    items = data.get("deviations") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ExpectationError(f"--expect {path}: no list of deviations in it")
    found = []
    for number, item in enumerate(items):
        rule = item.get("rule") if isinstance(item, dict) else None
        reading = item.get("reading") if isinstance(item, dict) else None
        if not isinstance(item, dict) or not isinstance(rule, (str, type(None))):
            raise ExpectationError(f"--expect {path}: deviation {number} has no rule")
        when = item.get("when")
        found.append(
            Expectation(
                rule,
                reading if isinstance(reading, str) else None,
                when if isinstance(when, str) else "",
                origin=f"--expect {path}",
            )
        )
    return found


def expectation_matches(
    expectation: Expectation, rule: str | None, reading: str | None, when: str
) -> bool:
    """Whether an expectation accepts a deviation of that rule, reading and ``when``."""
    if expectation.rule != rule:
        return False
    if expectation.reading is not None and expectation.reading != reading:
        return False
    return expectation.rule is not None or expectation.when == when


def stale(expectations: Sequence[Expectation], deviations: Sequence[Any]) -> list[Expectation]:
    """The expectations no deviation matches."""
    return [
        e
        for e in expectations
        if not any(expectation_matches(e, d.rule, d.reading, d.when) for d in deviations)
    ]
