"""The reports a program reads: JSON (``spec/schema/report.schema.json``) and JUnit XML.

The JSON report opens, after what was run, with ``deviations``: the rules the
implementation departs from, most likely first, each ``{"rule", "reading", "cases",
"example"}`` (:func:`frogspec.conform.deviations.deviation_json`). Each failed case carries
its ``divergence``: the first step where engine and reference part, and the rules that
decide it, and the index in ``deviations`` of the deviation it is filed under. Format
version 2 added those, level 2 (``names_rule``) and the scope; version 3 lets a deviation
be unexplained (``rule`` null, ``status`` and ``look_at``), counts the failures filed
under no rule (``summary.unexplained``) and names the passed cases a suspected rule's
swap would fail (``would_fail``); version 4 gives each deviation ``when`` and ``instead``
(in the rules' words, from probing the engine's unit ops: :mod:`frogspec.conform.probes`)
and ``evidence`` (the cases and probes that agree and depart), lets a deviation be
``localised`` (a unit op departs, no swap reproduces it) and shown by probes alone (no case).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from frogspec import __version__
from frogspec._types import Json
from frogspec.conform.reports import failure_lines, quote_of, rule_entry
from frogspec.conform.runner import CaseOutcome, Run
from frogspec.conform.safe_text import for_xml
from frogspec.conform.summary import by_rule, by_ruleset, scope, unexplained_failures

__all__ = ["REPORT_FORMAT", "REPORT_FORMAT_VERSION", "report_json", "report_junit"]


REPORT_FORMAT = "frogspec-conform-report"
REPORT_FORMAT_VERSION = 4


def _divergence_json(outcome: CaseOutcome) -> dict[str, Json] | None:
    if outcome.divergence is None:
        return None
    from frogspec.conform.diagnosis import divergence_json

    return divergence_json(outcome.divergence)


def _deviations_json(run: Run) -> list[dict[str, Json]]:
    if not run.deviations:
        return []
    from frogspec.conform.deviations import deviation_json

    return [{**deviation_json(d), "accepted": run.accepted(d)} for d in run.deviations]


def _unit_findings_json(run: Run) -> list[dict[str, Json]]:
    from frogspec.conform.deviations import finding_json

    return [{**finding_json(f), "accepted": run.finding_accepted(f)} for f in run.unit_findings]


def _case_json(o: CaseOutcome, deviation: int | None, all_of: list[int]) -> dict[str, Json]:
    item: dict[str, Json] = {
        "id": o.case.id,
        "file": o.case.file,
        "op": o.case.op,
        "ruleset": o.case.ruleset,
        "rules": list(o.case.rules),
        "status": o.status,
        "reason": o.reason,
        "message": o.message,
        "seconds": round(o.seconds, 6),
        "names_rule": o.names_rule,
    }
    if o.level2 is not None and o.names_rule is False:
        item["rule_given"] = o.level2.given_rule
        item["rule_expected"] = o.level2.expected_rule
    if o.status != "passed":
        item["request"] = o.sent if o.sent is not None else o.case.request
        item["expected"] = o.case.expected
        if o.actual is not None:
            item["actual"] = o.actual
        if o.differences:
            item["differences"] = o.differences
        if o.stderr:
            item["stderr"] = o.stderr
        divergence = _divergence_json(o)
        if divergence is not None:
            item["divergence"] = divergence
        if o.counted_failed:
            item["deviation"] = deviation
            item["deviations"] = list(all_of)
    return item


def report_json(run: Run) -> dict[str, Json]:
    """The JSON report (``spec/schema/report.schema.json``)."""
    count = run.count()
    decided = run.passed + run.failed
    rules = []
    for rule_id, t in by_rule(run).items():
        entry = rule_entry(rule_id)
        rules.append(
            {
                "rule": rule_id,
                "kind": entry.kind if entry else None,
                "statement": entry.statement if entry else None,
                "source": quote_of(entry) if entry else None,
                "passed": t.passed,
                "failed": t.failed,
                "skipped": t.skipped,
                "failed_cases": t.failed_cases,
                "named": t.named,
                "judged": t.judged,
            }
        )
    covered = scope(run)
    named, judged = run.level2()
    # A case is filed under the deviation it first parts on, and counts for every one
    # whose departure touches it too.
    filed: dict[str, int] = {}
    every: dict[str, list[int]] = {}
    for i, d in enumerate(run.deviations):
        for case_id in d.cases:
            every.setdefault(case_id, []).append(i)
            if case_id not in d.touched:
                filed.setdefault(case_id, i)
    for case_id, indices in every.items():
        filed.setdefault(case_id, indices[0])
    return {
        "format": REPORT_FORMAT,
        "format_version": REPORT_FORMAT_VERSION,
        "frogspec_version": __version__,
        "spec": "1",
        "command": run.command,
        "vectors": run.vectors,
        "filters": run.filters,
        "timeout": run.timeout,
        "start_timeout": run.start_timeout,
        "deadline": run.deadline,
        "cut_off": run.cut_off,
        "max_restarts": run.max_restarts,
        "started": run.started,
        "seconds": round(run.seconds, 3),
        "implementation": run.hello,
        "starts": run.starts,
        "restarts": run.restarts,
        "gave_up": run.gave_up,
        "start_failures": run.start_failures,
        "deviations": _deviations_json(run),
        "unit_findings": _unit_findings_json(run),
        "stale_expectations": [e.describe() for e in run.stale_expectations()],
        "diagnosis_failures": list(run.diagnosis_failures),
        "summary": {
            "total": len(run.outcomes),
            "passed": run.passed,
            "failed": run.failed,
            "errors": count["error"],
            "skipped": run.skipped,
            "pass_rate": round(run.passed / decided, 6) if decided else None,
            "exit_status": run.exit_status(),
            "unexplained": len(unexplained_failures(run)),
        },
        "level2": {
            "declared": run.declares_rule_ids,
            "named": named,
            "judged": judged,
            "misnamed": [o.case.id for o in run.misnamed()],
        },
        "scope": {
            "offered_ops": covered.offered_ops,
            "offered_rulesets": covered.offered_rulesets,
            "missing_ops": covered.missing_ops,
            "missing_rulesets": covered.missing_rulesets,
            "skipped": dict(covered.skipped.most_common()),
        },
        "rulesets": [
            {
                "ruleset": rs,
                "passed": t.passed,
                "failed": t.failed,
                "skipped": t.skipped,
                "named": t.named,
                "judged": t.judged,
            }
            for rs, t in by_ruleset(run).items()
        ],
        "rules": rules,
        "cases": [
            _case_json(o, filed.get(o.case.id), every.get(o.case.id, [])) for o in run.outcomes
        ],
        "stderr": run.stderr,
    }


def report_junit(run: Run) -> str:
    """A JUnit XML report: one test suite per vector file, one test case per case."""
    root = ET.Element("testsuites", name="frogspec conform")
    suites: dict[str, list[CaseOutcome]] = {}
    for o in run.outcomes:
        suites.setdefault(o.case.file, []).append(o)
    totals = Counter[str]()
    for name, outcomes in suites.items():
        count = Counter(o.status for o in outcomes)
        totals.update(count)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=f"frogspec.{name}",
            tests=str(len(outcomes)),
            failures=str(count["failed"]),
            errors=str(count["error"]),
            skipped=str(count["skipped"]),
            time=f"{sum(o.seconds for o in outcomes):.3f}",
        )
        for o in outcomes:
            testcase = ET.SubElement(
                suite,
                "testcase",
                name=o.case.id,
                classname=f"frogspec.{name}",
                time=f"{o.seconds:.6f}",
            )
            props = ET.SubElement(testcase, "properties")
            for rule_id in o.case.rules:
                ET.SubElement(props, "property", name="rule", value=rule_id)
            if o.names_rule is not None:
                ET.SubElement(props, "property", name="names_rule", value=str(o.names_rule).lower())
            if o.status in ("failed", "error"):
                body = "\n".join(failure_lines(o))
                tag = "failure" if o.status == "failed" else "error"
                element = ET.SubElement(
                    testcase, tag, message=f"{o.reason}: {o.message}"[:500], type=o.reason or ""
                )
                element.text = body
            elif o.status == "skipped":
                ET.SubElement(testcase, "skipped", message=f"{o.reason}: {o.message}"[:500])
    root.set("tests", str(len(run.outcomes)))
    root.set("failures", str(totals["failed"]))
    root.set("errors", str(totals["error"]))
    root.set("skipped", str(totals["skipped"]))
    root.set("time", f"{run.seconds:.3f}")
    ET.indent(root)
    # Whatever an engine wrote, the document stays well-formed XML 1.0.
    document = for_xml(ET.tostring(root, encoding="unicode"))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + document + "\n"
