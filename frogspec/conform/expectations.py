"""Expectations: the deviations an implementer declares, accepted without failing the run.

An engine with a known house rule, or one that follows a rival reading the rulebook holds,
wants the kit to find the rest. ``frogspec conform`` and ``frogspec fuzz`` take
``--reading RULE=READING`` (repeatable: the engine follows READING, a rival reading of
RULE's point), ``--house RULE`` (repeatable: the engine departs from RULE by a house rule
of its own, which no reading covers) and ``--expect FILE`` (deviations accepted earlier: a
JSON report of ``frogspec conform``, whose ``deviations`` are read, or a list of
``{"rule", "reading", "when", "instead", "differences"}``), as the expectation files of
test262's and web-platform-tests' runners do. An accepted deviation is still reported; its
failures do not fail the run. An expectation that no deviation of the run matches is
*stale*, and reported as such.

A report's ``unit_findings`` (what the engine's unit ops show where no failing case is
filed) are read too: each declares that finding (``unit``), matched by its rule, ``stage``,
``when`` and ``instead``.

Matching is exact, never a wildcard: the rule and the reading, and whatever else the
expectation states (a report states the deviation's ``when``, ``instead`` and the kinds of
its typed differences). An unexplained deviation (no rule) is matched by its differences
and ``when``, so declaring one accepts no other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frogspec.errors import FrogError
from frogspec.jsonline import LineError, read_json_file

__all__ = [
    "Expectation",
    "ExpectationError",
    "expectation_matches",
    "finding_matches",
    "matches_rule",
    "parse_house",
    "parse_reading",
    "read_expectations",
    "stale",
]


class ExpectationError(ValueError):
    """A ``--reading`` or ``--expect`` that cannot be read; the message says why."""


@dataclass(frozen=True)
class Expectation:
    """One accepted deviation, matched exactly (:func:`expectation_matches`).

    ``rule`` is the rule departed from (``None``: an unexplained deviation, matched by its
    typed ``differences`` and ``when``); ``reading`` the rival reading the engine follows
    (``None``: none, a deviation of the engine's own); ``when`` and ``instead`` the
    deviation's words (``None``: not declared, as in ``--reading`` and ``--house``, which
    declare the rule and the reading alone); ``differences`` the kinds of its typed
    differences (:attr:`frogspec.conform.evidence.Difference.kind`); ``house`` marks a
    house rule declared with ``--house RULE``: a departure of the engine's own from RULE,
    which no reading of the rulebook covers.
    """

    rule: str | None
    reading: str | None = None
    when: str | None = None
    origin: str = "--expect"
    instead: str | None = None
    differences: tuple[str, ...] | None = None
    house: bool = False
    #: The unit op (``stage``) of a declared unit-op finding (``None``: a deviation).
    unit: str | None = None

    def describe(self) -> str:
        """The expectation in a few words, as the reports list it."""
        rule = self.rule or "unexplained"
        reading = f" (reading {self.reading})" if self.reading else ""
        house = " (a house rule)" if self.house else ""
        house += f" (a finding of the unit op {self.unit})" if self.unit else ""
        said = " — ".join(part for part in (self.when, self.instead) if part)
        said = f": {said}" if said else ""
        return f"{rule}{reading}{house}{said}, from {self.origin}"


def parse_house(text: str) -> Expectation:
    """``RULE``: the engine departs from RULE by a house rule of its own (no reading of
    the rulebook covers it). Its deviations of RULE that follow no reading are accepted.

    >>> parse_house("play.must-trump").house
    True
    """
    from frogspec.registry import get_rule

    rule = text.strip()
    try:
        get_rule(rule)
    except FrogError as error:
        raise ExpectationError(f"--house {text}: {error}") from error
    return Expectation(rule, None, origin=f"--house {rule}", house=True)


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
            f"--reading {text}: {reading} is not a rival reading of {rule} (its rivals: "
            f"{known}); a house rule of your own that no reading covers: --house {rule}"
        )
    return Expectation(rule, reading, origin=f"--reading {text}")


def read_expectations(path: Path) -> list[Expectation]:
    """The deviations an expectation file accepts: a JSON report's ``deviations``, or a
    list of objects with ``rule`` (and ``reading``, ``when``, ``instead``, ``differences``).
    A field the file leaves out is not declared; one it gives must match exactly."""
    # Within a protocol line's bounds (no device, FIFO, depth or number to choke on).
    try:
        data: Any = read_json_file(path)
    except LineError as error:
        raise ExpectationError(f"--expect: {error}") from None
    items = data.get("deviations") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ExpectationError(f"--expect {path}: no list of deviations in it")
    units = data.get("unit_findings") if isinstance(data, dict) else None
    found = [
        Expectation(
            str(item["rule"]),
            when=_text(item, "when"),
            origin=f"--expect {path}",
            instead=_text(item, "instead"),
            unit=str(item.get("stage")),
        )
        for item in (units if isinstance(units, list) else [])
        if isinstance(item, dict) and isinstance(item.get("rule"), str)
    ]
    for number, item in enumerate(items):
        rule = item.get("rule") if isinstance(item, dict) else None
        if not isinstance(item, dict) or not isinstance(rule, (str, type(None))):
            raise ExpectationError(f"--expect {path}: deviation {number} has no rule")
        reading, when, instead = (_text(item, name) for name in ("reading", "when", "instead"))
        kinds = item.get("differences")
        differences = (
            tuple(str(d.get("kind")) for d in kinds if isinstance(d, dict))
            if isinstance(kinds, list)
            else None
        )
        if rule is None and differences is None and when is None:
            raise ExpectationError(
                f"--expect {path}: deviation {number} is unexplained and says neither its "
                "differences nor when: it would accept any unexplained deviation"
            )
        found.append(
            Expectation(
                rule,
                reading,
                when,
                origin=f"--expect {path}",
                instead=instead,
                differences=differences,
            )
        )
    return found


def _text(item: dict[str, Any], name: str) -> str | None:
    value = item.get(name)
    return value if isinstance(value, str) else None


def expectation_matches(expectation: Expectation, deviation: Any) -> bool:
    """Whether an expectation accepts a deviation (a :class:`frogspec.conform.deviations.
    Deviation`): the same rule and reading, and, where the expectation declares them, the
    same ``when``, ``instead`` and kinds of differences. An unexplained expectation needs
    its differences or its ``when`` to match: it never accepts any unexplained deviation.
    """
    if expectation.unit is not None:
        return False
    if expectation.rule != deviation.rule or expectation.reading != deviation.reading:
        return False
    if expectation.when is not None and expectation.when != deviation.when:
        return False
    if expectation.instead is not None and expectation.instead != deviation.instead:
        return False
    kinds = tuple(d.kind for d in deviation.differences)
    if expectation.differences is not None and expectation.differences != kinds:
        return False
    return expectation.rule is not None or (
        expectation.differences is not None or expectation.when is not None
    )


def matches_rule(expectation: Expectation, deviation: Any) -> bool:
    """Whether an expectation accepts a deviation shown by one request alone (as ``frogspec
    fuzz`` finds them): the same rule and reading (an unexplained one: the same kinds of
    differences); ``when`` and ``instead``, which a whole group of cases shows, are not
    compared."""
    if expectation.rule != deviation.rule or expectation.reading != deviation.reading:
        return False
    if expectation.rule is not None:
        return True
    kinds = tuple(d.kind for d in deviation.differences)
    return expectation.differences is not None and expectation.differences == kinds


def finding_matches(expectation: Expectation, finding: Any) -> bool:
    """Whether an expectation declares a unit-op finding (a :class:`frogspec.conform.probes.
    StageFinding` no failing case shows): the same unit op, rule, and, where declared, the
    same ``when`` and ``instead``."""
    if expectation.unit is None or expectation.unit != finding.stage:
        return False
    if expectation.rule != finding.rule:
        return False
    from frogspec.conform.words import finding_instead, finding_when

    if expectation.when is not None and expectation.when != finding_when(finding):
        return False
    return expectation.instead is None or expectation.instead == finding_instead(finding)


def stale(
    expectations: Sequence[Expectation],
    deviations: Sequence[Any],
    findings: Sequence[Any] = (),
) -> list[Expectation]:
    """The expectations no deviation (nor unit-op finding) matches."""
    return [
        e
        for e in expectations
        if not any(expectation_matches(e, d) for d in deviations)
        and not any(finding_matches(e, f) for f in findings)
    ]
