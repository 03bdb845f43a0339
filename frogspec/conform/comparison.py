"""Judging an answer: whether an implementation's answer to a case conforms, at two levels.

Level 1, *conforms*, decides a case. It compares what the rules fix: the result, or for
an error its ``kind``, and ``at`` (the index of the action) in a ``game``, ``perft`` or
``match``, with ``deal`` in a ``match`` (an extension field: compared when the answer
gives it). The ``rule`` of an expected ``illegal`` error is not compared at
this level: an engine need not know frogspec's rule ids, and one that rejects the right
action for its own reasons, with ``"rule": null`` or a code of its own, conforms.

Level 2, *names the rule*, asks of each case that expects an ``illegal`` error and passes
level 1 whether the answer's ``rule`` is the id the reference names. It never fails a
case. An implementation may declare in its ``hello`` result ``"rule_ids": "frogspec"``
(:data:`RULE_IDS_FIELD`, :data:`RULE_IDS_FROGSPEC`): it names frogspec's rule ids. Then
level 2 counts: a wrong id is listed apart, and makes the exit status of ``frogspec
conform`` (and of pytest with the plugin) 1, and ``frogspec fuzz`` reports it as a
disagreement.

The runner, the pytest plugin (through the runner) and ``frogspec fuzz`` all judge with
:func:`compare_answer`, so that a case passes or fails the same way wherever it runs.

>>> expected = {"error": {"kind": "illegal", "rule": "play.must-follow", "at": 3}}
>>> mine = {"error": {"kind": "illegal", "rule": None, "at": 3, "message": "revoke"}}
>>> judged = compare_answer(expected, mine, {})
>>> judged.differences, judged.names_rule
([], False)
>>> compare_answer(expected, {"error": {"kind": "illegal", "at": 4}}, {}).differences
['$.error.at: expected 3, got 4']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from frogspec._types import Json
from frogspec.vectors.model import Case, differences, has_path

__all__ = [
    "RULE_IDS_FIELD",
    "RULE_IDS_FROGSPEC",
    "Comparison",
    "Verdict",
    "compare_answer",
    "declares_rule_ids",
    "expects_unsupported",
    "judge",
    "level_one",
]


#: The field of the ``hello`` result in which an implementation declares whose rule ids
#: it names in its ``illegal`` errors.
RULE_IDS_FIELD = "rule_ids"

#: Its value for frogspec's own rule ids (``spec/rule-ids.txt``).
RULE_IDS_FROGSPEC = "frogspec"


def declares_rule_ids(hello: Mapping[str, Json] | None) -> bool:
    """Whether a ``hello`` result declares that the implementation names frogspec's rule ids.

    >>> declares_rule_ids({"name": "x", "rule_ids": "frogspec"}), declares_rule_ids({})
    (True, False)
    """
    return hello is not None and hello.get(RULE_IDS_FIELD) == RULE_IDS_FROGSPEC


def expects_unsupported(case: Case) -> bool:
    """Whether the case expects the answer ``unsupported`` (an unknown op or ruleset)."""
    error = case.response.get("error")
    return isinstance(error, dict) and error.get("kind") == "unsupported"


def _expected_illegal_rule(expected: Mapping[str, Json]) -> str | None:
    error = expected.get("error")
    if isinstance(error, dict) and error.get("kind") == "illegal":
        rule = error.get("rule")
        return rule if isinstance(rule, str) else None
    return None


def level_one(expected: dict[str, Json]) -> dict[str, Json]:
    """The expected response as level 1 compares it: an ``illegal`` error's ``rule`` aside.

    >>> level_one({"error": {"kind": "illegal", "rule": "play.must-follow", "at": 2}})
    {'error': {'kind': 'illegal', 'at': 2}}
    """
    if _expected_illegal_rule(expected) is None:
        return expected
    error = {k: v for k, v in expected["error"].items() if k != "rule"}
    return {**expected, "error": error}


@dataclass(frozen=True)
class Comparison:
    """An answer against an expected response, at both levels.

    ``differences`` are level 1's (empty: the answer conforms). ``names_rule`` is level
    2's: ``None`` when it does not apply (no ``illegal`` error is expected, or level 1
    failed), else whether the answer's ``rule`` is ``expected_rule``. ``given_rule`` is
    the ``rule`` the answer gave (``None`` if none).
    """

    differences: list[str]
    names_rule: bool | None = None
    expected_rule: str | None = None
    given_rule: Json = None

    def rule_line(self) -> str:
        """One line on level 2, for a report: what was named against what was expected."""
        given = "no rule" if self.given_rule is None else f"rule {self.given_rule!r}"
        return f"$.error.rule: {given}, frogspec names {self.expected_rule!r} (level 2)"


def compare_answer(
    expected: dict[str, Json], actual: Json, compare: Mapping[str, str]
) -> Comparison:
    """Compare ``actual`` (an answer without its id) with ``expected``, at both levels."""
    found = differences(level_one(expected), actual, compare)
    rule = _expected_illegal_rule(expected)
    if rule is None or found:
        return Comparison(found)
    given = actual["error"].get("rule")
    return Comparison(found, given == rule, rule, given)


def _without_absent_fields(case: Case, actual: dict[str, Json]) -> dict[str, Json]:
    # An error without an extension field of the case (``deal`` in a match) is judged on
    # the fields the protocol fixes: its kind and ``at`` still decide the case.
    expected = case.expected
    error, wanted = actual.get("error"), expected.get("error")
    if not (isinstance(error, dict) and isinstance(wanted, dict)):
        return expected
    absent = {
        path.removeprefix("$.error.")
        for path in case.extension_paths
        if path.startswith("$.error.") and not has_path(actual, path)
    }
    if not absent:
        return expected
    return {**expected, "error": {k: v for k, v in wanted.items() if k not in absent}}


@dataclass(frozen=True)
class Verdict:
    """What an answer makes of a case: ``status`` ``passed``, ``failed`` or ``skipped``,
    with the reason (a key of :data:`frogspec.conform.runner.REASONS`), a message, the
    level-1 differences from the expected response, and level 2 (:class:`Comparison`)."""

    status: str
    reason: str | None = None
    message: str = ""
    differences: list[str] = field(default_factory=list)
    comparison: Comparison | None = None


def judge(case: Case, actual: dict[str, Json]) -> Verdict:
    """Judge ``actual`` (an answer without its id) against ``case``.

    An ``unsupported`` answer the case does not expect, or a result without the extension
    field the case is about, skips the case; an error without one (``deal`` in a
    ``match``) is judged on the rest; a level-1 difference fails it.
    """
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
    judged = compare_answer(_without_absent_fields(case, actual), actual, case.compare)
    if judged.differences:
        return Verdict("failed", "mismatch", judged.differences[0], judged.differences, judged)
    return Verdict("passed", comparison=judged)
