"""The reports of a run: the text printed at the end, JSON, JUnit XML, Markdown and a badge.

Each takes a :class:`~frogspec.conform.runner.Run` and returns text or a JSON value; the
command line (:mod:`frogspec.conform.cli`) writes them where the options say.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from frogspec import __version__
from frogspec.conform.comparison import expects_unsupported
from frogspec.conform.runner import Outcome, Run
from frogspec.errors import UnknownRuleError
from frogspec.registry import Rule, all_rules, get_rule

__all__ = [
    "REPORT_FORMAT",
    "REPORT_FORMAT_VERSION",
    "Tally",
    "badge",
    "by_rule",
    "by_ruleset",
    "failure_lines",
    "failures",
    "render_text",
    "report_json",
    "report_junit",
    "report_markdown",
]

Json = Any

REPORT_FORMAT = "frogspec-conform-report"
REPORT_FORMAT_VERSION = 1


def _rule(rule_id: str) -> Rule | None:
    try:
        return get_rule(rule_id)
    except UnknownRuleError:
        return None


def _quote(entry: Rule) -> str | None:
    for citation in entry.citations:
        if citation.quote:
            return citation.text()
    return None


@dataclass
class Tally:
    """Passed, failed (errors included) and skipped cases."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0

    def add(self, outcome: Outcome) -> None:
        """Count one outcome."""
        if outcome.status == "passed":
            self.passed += 1
        elif outcome.status == "skipped":
            self.skipped += 1
        else:
            self.failed += 1


def by_ruleset(run: Run) -> dict[str | None, Tally]:
    """The tally of each ruleset, in order met; ``None`` for the cases that name no ruleset
    and those that name one no one offers (to check that it is refused as unsupported)."""
    table: dict[str | None, Tally] = {}
    for outcome in run.outcomes:
        case = outcome.case
        key = None if expects_unsupported(case) else case.ruleset
        table.setdefault(key, Tally()).add(outcome)
    return table


def by_rule(run: Run) -> dict[str, Tally]:
    """The tally of each rule the cases exercise, in the rulebook's order."""
    tallies: dict[str, Tally] = {}
    for outcome in run.outcomes:
        for rule_id in outcome.case.rules:
            tallies.setdefault(rule_id, Tally()).add(outcome)
    order = {r.id: i for i, r in enumerate(all_rules())}
    return dict(sorted(tallies.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def failures(run: Run) -> list[Outcome]:
    """The failed cases, the most specific (fewest rules) first."""
    failed = [o for o in run.outcomes if o.counted_failed]
    return sorted(failed, key=lambda o: (o.status == "error", len(o.case.rules)))


#: A failure names every rule with its statement and source when it has at most this many.
DETAILED_RULES = 4


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows, strict=False)]
    lines = []
    for row in (headers, *rows):
        cells = [
            str(v).ljust(w) if i == 0 else str(v).rjust(w)
            for i, (v, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def render_text(run: Run, quiet: bool = False) -> str:
    """The report printed at the end of a run; its last line is the summary line."""
    out: list[str] = []
    if not quiet:
        out.append(f"frogspec conform {__version__}: {' '.join(run.command)}")
        if run.hello is not None:
            h = run.hello
            out.append(
                f"implementation: {h.get('name')} {h.get('version')}; rulesets: "
                f"{', '.join(map(str, h.get('rulesets', [])))}"
            )
        out.append("")
        out.append("Rulesets")
        rows = [
            (rs or "(no ruleset)", t.passed, t.failed, t.skipped)
            for rs, t in by_ruleset(run).items()
        ]
        out += _table(("ruleset", "passed", "failed", "skipped"), rows)
        out.append("")
        out.append("Rules")
        rows = [(r, t.passed, t.failed, t.skipped) for r, t in by_rule(run).items()]
        out += _table(("rule", "passed", "failed", "skipped"), rows)
    failed = failures(run)
    if failed:
        out.append("")
        out.append(f"Failures ({len(failed)})")
        for outcome in failed:
            out.append("")
            out += failure_lines(outcome)
    if run.gave_up:
        out.append("")
        out.append(
            f"The runner gave up after {run.restarts} restarts; the cases it did not "
            "run are errors."
        )
    if run.start_failures and not quiet:
        out.append("")
        out.append("Failures at start (hello):")
        out += [f"  {f}" for f in run.start_failures[:10]]
    out.append("")
    out.append(f"{len(run.outcomes)} cases in {run.seconds:.1f} s; {run.starts} start(s)")
    out.append(run.summary_line())
    return "\n".join(out).lstrip("\n")


def failure_lines(outcome: Outcome) -> list[str]:
    """One failure as the text report shows it (the pytest plugin shows the same)."""
    case = outcome.case
    label = "ERROR" if outcome.status == "error" else "FAIL"
    lines = [f"{label} {case.id} ({case.file}.json): {outcome.reason}"]
    lines.append(f"  {case.description}")
    if len(case.rules) <= DETAILED_RULES:
        for rule_id in case.rules:
            entry = _rule(rule_id)
            if entry is None:
                lines.append(f"  rule {rule_id}")
                continue
            kind = " (editorial ruling)" if entry.editorial else ""
            lines.append(f"  rule {rule_id}{kind}: {entry.statement}")
            quote = _quote(entry)
            if quote:
                lines.append(f"    {quote}")
    else:
        lines.append(
            f"  rules ({len(case.rules)}; a whole deal: the more specific failures above "
            f"name the rule, `frogspec rule ID` shows each): {', '.join(case.rules)}"
        )
    if outcome.sent is not None:
        lines.append(f"  request:  {json.dumps(outcome.sent, ensure_ascii=False)}")
    lines.append(f"  expected: {json.dumps(case.expected, ensure_ascii=False)}")
    if outcome.reason == "mismatch":
        lines.append(f"  actual:   {json.dumps(outcome.actual, ensure_ascii=False)}")
        lines += [f"    {d}" for d in outcome.differences[:10]]
        if len(outcome.differences) > 10:
            lines.append(f"    ... and {len(outcome.differences) - 10} more differences")
    else:
        lines.append(f"  actual:   {outcome.message}")
    if outcome.stderr:
        tail = outcome.stderr.splitlines()[-5:]
        lines.append("  stderr (last lines):")
        lines += [f"    {t}" for t in tail]
    return lines


def report_json(run: Run) -> dict[str, Json]:
    """The JSON report (``spec/schema/report.schema.json``)."""
    count = run.count()
    decided = run.passed + run.failed
    cases = []
    for o in run.outcomes:
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
        }
        if o.status != "passed":
            item["request"] = o.sent if o.sent is not None else o.case.request
            item["expected"] = o.case.expected
            if o.actual is not None:
                item["actual"] = o.actual
            if o.differences:
                item["differences"] = o.differences
            if o.stderr:
                item["stderr"] = o.stderr
        cases.append(item)
    rules = []
    for rule_id, t in by_rule(run).items():
        entry = _rule(rule_id)
        rules.append(
            {
                "rule": rule_id,
                "kind": entry.kind if entry else None,
                "statement": entry.statement if entry else None,
                "source": _quote(entry) if entry else None,
                "passed": t.passed,
                "failed": t.failed,
                "skipped": t.skipped,
            }
        )
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
        "max_restarts": run.max_restarts,
        "started": run.started,
        "seconds": round(run.seconds, 3),
        "implementation": run.hello,
        "starts": run.starts,
        "restarts": run.restarts,
        "gave_up": run.gave_up,
        "start_failures": run.start_failures,
        "summary": {
            "total": len(run.outcomes),
            "passed": run.passed,
            "failed": run.failed,
            "errors": count["error"],
            "skipped": run.skipped,
            "pass_rate": round(run.passed / decided, 6) if decided else None,
        },
        "rulesets": [
            {"ruleset": rs, "passed": t.passed, "failed": t.failed, "skipped": t.skipped}
            for rs, t in by_ruleset(run).items()
        ],
        "rules": rules,
        "cases": cases,
        "stderr": run.stderr,
    }


def report_junit(run: Run) -> str:
    """A JUnit XML report: one test suite per vector file, one test case per case."""
    root = ET.Element("testsuites", name="frogspec conform")
    suites: dict[str, list[Outcome]] = {}
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
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def report_markdown(run: Run) -> str:
    """A Markdown report: the summary, the tables, and each failure."""
    out = ["# Frog conformance report", ""]
    out.append(f"- command: `{' '.join(run.command)}`")
    if run.hello is not None:
        out.append(f"- implementation: {run.hello.get('name')} {run.hello.get('version')}")
    out.append(f"- frogspec {__version__}, protocol 1, {run.started}, {run.seconds:.1f} s")
    out.append(f"- **{run.summary_line()}**")
    out += ["", "## Rulesets", "", "| ruleset | passed | failed | skipped |", "|---|--:|--:|--:|"]
    for rs, t in by_ruleset(run).items():
        out.append(f"| {rs or '(no ruleset)'} | {t.passed} | {t.failed} | {t.skipped} |")
    out += ["", "## Rules", "", "| rule | passed | failed | skipped |", "|---|--:|--:|--:|"]
    for rule_id, t in by_rule(run).items():
        out.append(f"| `{rule_id}` | {t.passed} | {t.failed} | {t.skipped} |")
    failed = failures(run)
    if failed:
        out += ["", f"## Failures ({len(failed)})"]
        for o in failed:
            out += ["", f"### `{o.case.id}`: {o.reason}", "", _md(o.case.description), ""]
            for rule_id in o.case.rules[:DETAILED_RULES]:
                entry = _rule(rule_id)
                statement = entry.statement if entry else ""
                out.append(f"- `{rule_id}`: {_md(statement)}")
                quote = _quote(entry) if entry else None
                if quote:
                    out.append(f"  > {_md(quote)}")
            if len(o.case.rules) > DETAILED_RULES:
                out.append(f"- and {len(o.case.rules) - DETAILED_RULES} more rules")
            out += ["", "```json"]
            if o.sent is not None:
                out.append(json.dumps(o.sent, ensure_ascii=False))
            out.append("```")
            out.append(f"expected: `{json.dumps(o.case.expected, ensure_ascii=False)}`")
            out.append("")
            if o.reason == "mismatch":
                out.append(f"actual: `{json.dumps(o.actual, ensure_ascii=False)}`")
                out.append("")
                out += [f"- {_md(d)}" for d in o.differences[:10]]
            else:
                out.append(f"actual: {_md(o.message)}")
    out.append("")
    return "\n".join(out)


def badge(run: Run) -> dict[str, Json]:
    """A shields.io endpoint: the pass rate of the cases that passed or failed."""
    decided = run.passed + run.failed
    if not decided:
        return {"schemaVersion": 1, "label": "frog conformance", "message": "no cases",
                "color": "lightgrey"}
    rate = run.passed / decided
    percent = f"{100 * rate:.1f}".rstrip("0").rstrip(".")
    color = (
        "brightgreen" if rate == 1 else
        "green" if rate >= 0.9 else
        "yellow" if rate >= 0.75 else
        "orange" if rate >= 0.5 else
        "red"
    )
    return {
        "schemaVersion": 1,
        "label": "frog conformance",
        "message": f"{percent}% ({run.passed}/{decided})",
        "color": color,
    }

