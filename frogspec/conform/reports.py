"""The reports a person reads: the text printed at the end of a run, Markdown and a badge.

The text and Markdown reports open with the implementation's deviations (the rules it
departs from, most likely first, each with the smallest request that shows it: see
:mod:`frogspec.conform.deviations`); then, for an implementation that declares frogspec's
rule ids, the cases that name another rule (level 2); then what was run (the scope: the
ops and rulesets offered, the filters, the skips), the tables per ruleset and per rule,
and the failures grouped by deviation (an unexplained one under no rule), the others by
the rule that decides their first divergence. The text's last line is ``N passed, N
failed, N skipped``. The JSON and JUnit reports are in :mod:`frogspec.conform.report_data`.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence

from frogspec import __version__
from frogspec._types import Json
from frogspec.conform.deviations import Deviation, statement_of
from frogspec.conform.runner import CaseOutcome, Run
from frogspec.conform.safe_text import code_span, for_markdown, for_terminal
from frogspec.conform.summary import (
    FailureGroup,
    Tally,
    by_rule,
    by_ruleset,
    failure_groups,
    scope,
    unexplained_failures,
)
from frogspec.conform.words import finding_instead, finding_when
from frogspec.errors import UnknownRuleError
from frogspec.registry import Rule, get_rule
from frogspec.vectors.model import dumps

__all__ = [
    "DETAILED_RULES",
    "badge",
    "deviation_headline",
    "deviation_headlines",
    "deviation_markdown_lines",
    "deviation_text_lines",
    "expectation_lines",
    "failure_lines",
    "level2_lines",
    "render_text",
    "report_markdown",
    "unit_finding_lines",
]


#: A failure names every rule with its statement and source when it has at most this many.
DETAILED_RULES = 4


def rule_entry(rule_id: str) -> Rule | None:
    """The registry's rule of that id, or ``None`` for an id it does not know."""
    try:
        return get_rule(rule_id)
    except UnknownRuleError:
        return None


def quote_of(entry: Rule) -> str | None:
    """The rule's first citation whose quote states it, as text (a quote that only gives
    its setting, a context citation, is a quote about something else: it comes only where
    no other does)."""
    quoted = [c for c in entry.citations if c.quote]
    stating = [c for c in quoted if not c.context]
    for citation in stating or quoted:
        return citation.text()
    return None


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


_COLUMNS = ("passed", "failed", "skipped", "names rule")


def _row(name: str, t: Tally) -> tuple[str, int, int, int, str]:
    return (name, t.passed, t.failed, t.skipped, t.level2())


def level2_lines(run: Run) -> list[str]:
    """Level 2 in a few lines: how many ``illegal`` cases name the reference's rule, and,
    when the implementation declares frogspec's rule ids, each case that names another."""
    named, judged = run.level2()
    if not judged:
        return []
    misnamed = run.misnamed()
    if not run.declares_rule_ids:
        return [
            f"Level 2 (names the rule): {named}/{judged} illegal cases name frogspec's rule; "
            "the implementation does not declare rule_ids, so this level is for information "
            "and never fails a case."
        ]
    lines = [
        f"Level 2 (names the rule): {named}/{judged}; the implementation declares "
        f'rule_ids "frogspec", so a case naming another rule makes the exit status 1.'
    ]
    for o in misnamed:
        given = o.level2.given_rule if o.level2 is not None else None
        expected = o.level2.expected_rule if o.level2 is not None else None
        lines.append(
            f"  MISNAMED {o.case.id}: answered {json.dumps(given)}, frogspec names "
            f"{json.dumps(expected)}"
        )
    return lines


def expectation_lines(run: Run) -> list[str]:
    """The deviations accepted by an expectation (``--reading``, ``--expect``), which do
    not fail the run, and the stale expectations, which no deviation matches."""
    lines = [
        f"accepted (does not fail the run): {d.rule or 'unexplained'}"
        + (f", following {d.reading}" if d.reading else "")
        for d in run.deviations
        if run.accepted(d)
    ]
    stale = run.stale_expectations()
    lines += [f"stale expectation: {e.describe()} matches no deviation" for e in stale]
    return lines + list(run.diagnosis_failures)


def unit_finding_lines(run: Run) -> list[str]:
    """The unit-op findings no failing case shows, one a line, numbered: the rule, the
    unit op, when and what the engine does instead, and the probes it rests on."""
    lines = []
    for number, f in enumerate(run.unit_findings, 1):
        accepted = " (declared)" if run.finding_accepted(f) else ""
        lines.append(
            f"{number}. {f.rule or 'no rule named'} (unit op {f.stage}){accepted}: "
            f"{finding_when(f)} — {finding_instead(f)} "
            f"({f.disagree} probes depart, {f.agree} agree)"
        )
    return lines


#: What the reports say of the unit-op findings, above them.
UNIT_FINDINGS_NOTE = (
    "What the engine's unit ops show where no failing case is filed: no case of the run "
    "shows these departures, so they are no deviations; a case that would show one is "
    "worth adding."
)


def _deviation_text(run: Run) -> list[str]:
    expected = expectation_lines(run)
    units = unit_finding_lines(run)
    found = [f"Unit-op findings ({len(units)})", UNIT_FINDINGS_NOTE, *units, ""] if units else []
    if not run.deviations:
        return [*expected, "", *found] if expected else found
    return [
        *deviation_headlines(run.deviations),
        *expected,
        "",
        "Deviations",
        *deviation_text_lines(run.deviations),
        "",
        *found,
    ]


def _engine_name(run: Run) -> str:
    hello = run.hello or {}
    return f"{hello.get('name')} {hello.get('version')}"


def _cut_off_lines(run: Run) -> list[str]:
    return [] if run.cut_off is None else ["", f"The run was cut off by {run.cut_off}."]


def render_text(run: Run, quiet: bool = False) -> str:
    """The report printed at the end of a run; its last line is the summary line."""
    if run.gave_up and run.hello is None:
        return "\n".join(_never_answered_lines(run))
    out: list[str] = _deviation_text(run)
    level2 = level2_lines(run)
    if level2 and (run.misnamed() and run.declares_rule_ids):
        out += [*level2, ""]
        level2 = []
    if not quiet:
        out.append(f"frogspec conform {__version__}: {' '.join(run.command)}")
        if run.hello is not None:
            out.append(f"implementation: {_engine_name(run)}")
        out += scope(run).lines()
        out += level2
        out.append("")
        out.append("Rulesets")
        rows = [_row(rs or "(no ruleset)", t) for rs, t in by_ruleset(run).items()]
        out += _table(("ruleset", *_COLUMNS), rows)
        out.append("")
        out.append("Rules")
        rows = [_row(r, t) for r, t in by_rule(run).items()]
        out += _table(("rule", *_COLUMNS), rows)
        if run.failed:
            out.append(f"  ({RULE_TABLE_NOTE}{_unexplained_note(run)})")
    groups = failure_groups(run)
    if groups:
        out.append("")
        out.append(f"Failures ({run.failed}), {FAILURES_BY}")
        for group in groups:
            out.append("")
            out.append(_group_title(group))
            for outcome in group.members:
                out.append("")
                out += failure_lines(outcome)
    if run.gave_up:
        out.append("")
        if run.hello is None:
            out.append(
                "The implementation did not answer hello at its first start; the "
                "runner did not start it again, and the cases are errors."
            )
        else:
            out.append(
                f"The runner gave up after {run.restarts} restarts; the cases it did "
                "not run are errors."
            )
    out += _cut_off_lines(run)
    if run.start_failures and not quiet:
        out.append("")
        out.append("Failures at start (hello):")
        out += [f"  {f}" for f in run.start_failures[:10]]
    out.append("")
    out.append(f"{len(run.outcomes)} cases in {run.seconds:.1f} s; {run.starts} start(s)")
    out.append(run.summary_line())
    # One blank line between parts, however they met.
    kept = [line for i, line in enumerate(out) if line or (i > 0 and out[i - 1])]
    return "\n".join(kept).lstrip("\n")


def _never_answered_lines(run: Run) -> list[str]:
    # No case ran, so tables of zeros and a thousand identical errors would say nothing more:
    # say it once, as fuzz does, with what the engine answered and how to try it by hand.
    failure = run.start_failures[0] if run.start_failures else "no answer"
    hello = json.dumps({"id": 1, "op": "hello", "spec": "1"})
    return [
        f"frogspec conform {__version__}: {' '.join(run.command)}",
        f"The implementation did not answer hello at its first start ({failure}), so none "
        f"of the {len(run.outcomes)} cases ran; the runner did not start it again.",
        "It must read one JSON request a line on standard input and write one JSON answer "
        "a line on standard output (spec/README.md). Try it by hand:",
        f"  echo {shlex.quote(hello)} | {shlex.join(run.command)}",
        "",
        f"{len(run.outcomes)} cases in {run.seconds:.1f} s; {run.starts} start(s)",
        run.summary_line(),
    ]


#: How the per-rule tables count a failure, and how the failures are grouped.
RULE_TABLE_NOTE = "a failed case counts against the rule of its deviation"
FAILURES_BY = "by deviation, then by the rule that decides their first divergence"


def _unexplained_note(run: Run) -> str:
    count = len(unexplained_failures(run))
    if not count:
        return ""
    many = "case is" if count == 1 else "cases are"
    return f"; {count} {many} unexplained and count against no rule"


def _group_title(group: FailureGroup) -> str:
    members = group.members
    count = f"{len(members)} case{'s' if len(members) != 1 else ''}"
    if group.unexplained:
        return (
            f"== unexplained: look at {', '.join(group.look_at)} ({count}: no broken twin "
            "or rival reading of any rule reproduces these answers)"
        )
    if group.rule is None:
        return f"== no diagnosis ({count}: no answer to compare, or not run)"
    entry = rule_entry(group.rule)
    statement = f": {entry.statement}" if entry is not None else ""
    return f"== {group.rule} ({count}){statement}"


def _divergence_lines(outcome: CaseOutcome) -> list[str]:
    if outcome.divergence is None:
        return []
    from frogspec.conform.diagnosis import divergence_lines

    return divergence_lines(outcome.divergence)


def failure_lines(outcome: CaseOutcome) -> list[str]:
    """One failure as the text report shows it (the pytest plugin and JUnit show the same):
    the case, its rules, where engine and reference first part, the request and the
    difference."""
    case = outcome.case
    label = "ERROR" if outcome.status == "error" else "FAIL"
    lines = [f"{label} {case.id} ({case.file}.json): {outcome.reason}"]
    lines.append(f"  {case.description}")
    if len(case.rules) <= DETAILED_RULES:
        for rule_id in case.rules:
            entry = rule_entry(rule_id)
            if entry is None:
                lines.append(f"  rule {rule_id}")
                continue
            kind = " (editorial ruling)" if entry.editorial else ""
            lines.append(f"  rule {rule_id}{kind}: {entry.statement}")
            quote = quote_of(entry)
            if quote:
                lines.append(f"    {quote}")
    else:
        lines.append(
            f"  rules ({len(case.rules)}; a whole deal: the first divergence below names the "
            f"rule, `frogspec rule ID` shows each): {', '.join(case.rules)}"
        )
    lines += [f"  {line}" for line in _divergence_lines(outcome)]
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


def _md(text: str) -> str:
    # The report's own lines keep their markup; what an engine wrote in them cannot add
    # HTML, end a table cell or send a control character.
    return for_terminal(text).replace("&", "&amp;").replace("<", "&lt;").replace("|", "\\|")


def report_markdown(run: Run) -> str:
    """A Markdown report: the deviations, the scope and summary, the tables, the failures."""
    out = ["# Frog conformance report", ""]
    if run.deviations:
        headlines = [
            f"- {_md(line)}"
            for line in [*deviation_headlines(run.deviations), *expectation_lines(run)]
        ]
        out += [*headlines, "", "## Deviations", "", *deviation_markdown_lines(run.deviations), ""]
    units = unit_finding_lines(run)
    if units:
        out += [f"## Unit-op findings ({len(units)})", "", _md(UNIT_FINDINGS_NOTE), ""]
        out += [f"- {_md(line.partition('. ')[2])}" for line in units] + [""]
    level2 = level2_lines(run)
    if run.misnamed() and run.declares_rule_ids:
        out += ["## Rule ids (level 2)", "", *[f"- {_md(line.strip())}" for line in level2], ""]
    out.append(f"- command: `{' '.join(run.command)}`")
    if run.hello is not None:
        out.append(f"- implementation: {for_markdown(_engine_name(run))}")
    out.append(f"- frogspec {__version__}, protocol 1, {run.started}, {run.seconds:.1f} s")
    out += [f"- {_md(line)}" for line in scope(run).lines()]
    if level2 and not (run.misnamed() and run.declares_rule_ids):
        out += [f"- {_md(line)}" for line in level2]
    out += [f"- {_md(line)}" for line in _cut_off_lines(run) if line]
    out.append(f"- **{run.summary_line()}**")
    header = "| {} | passed | failed | skipped | names rule |"
    out += ["", "## Rulesets", "", header.format("ruleset"), "|---|--:|--:|--:|--:|"]
    for rs, t in by_ruleset(run).items():
        name, *cells = _row(rs or "(no ruleset)", t)
        out.append(f"| {name} | {' | '.join(map(str, cells))} |")
    out += [
        "",
        "## Rules",
        "",
        f"{RULE_TABLE_NOTE[0].upper()}{RULE_TABLE_NOTE[1:]}{_unexplained_note(run)}.",
        "",
        header.format("rule"),
        "|---|--:|--:|--:|--:|",
    ]
    for rule_id, t in by_rule(run).items():
        name, *cells = _row(rule_id, t)
        out.append(f"| `{name}` | {' | '.join(map(str, cells))} |")
    groups = failure_groups(run)
    if groups:
        out += ["", f"## Failures ({run.failed}), {FAILURES_BY}"]
        for group in groups:
            out += ["", f"### {_md(_group_title(group).removeprefix('== '))}"]
            for o in group.members:
                out += _markdown_failure(o)
    out.append("")
    return "\n".join(out)


def _markdown_failure(o: CaseOutcome) -> list[str]:
    out = ["", f"#### `{o.case.id}`: {o.reason}", "", _md(o.case.description), ""]
    for rule_id in o.case.rules[:DETAILED_RULES]:
        entry = rule_entry(rule_id)
        statement = entry.statement if entry else ""
        out.append(f"- `{rule_id}`: {_md(statement)}")
        quote = quote_of(entry) if entry else None
        if quote:
            out.append(f"  > {_md(quote)}")
    if len(o.case.rules) > DETAILED_RULES:
        out.append(f"- and {len(o.case.rules) - DETAILED_RULES} more rules")
    divergence = _divergence_lines(o)
    if divergence:
        out += ["", *[f"- {_md(line)}" for line in divergence]]
    out += ["", "```json"]
    if o.sent is not None:
        out.append(json.dumps(o.sent, ensure_ascii=False))
    out.append("```")
    out.append(f"expected: `{json.dumps(o.case.expected, ensure_ascii=False)}`")
    out.append("")
    if o.reason == "mismatch":
        out.append(f"actual: {code_span(json.dumps(o.actual, ensure_ascii=False))}")
        out.append("")
        out += [f"- {_md(d)}" for d in o.differences[:10]]
    else:
        out.append(f"actual: {for_markdown(o.message)}")
    return out


def badge(run: Run) -> dict[str, Json]:
    """A shields.io endpoint, like ``foster-1909: 151/156``: the scope (the rulesets of
    ``--ruleset``, else all rulesets; "filtered" when ``--rule`` or ``--case`` ran), then
    the cases passed of the cases counted. Counted are all the cases selected but those
    skipped for an optional extension the implementation lacks (``perft``,
    ``first_dealer``, ``widow_shown``): a case skipped because an op or ruleset was not
    offered counts, unpassed. Bright green only when every counted case passed and most
    of the cases selected were run."""
    rulesets = run.filters.get("ruleset") or []
    name = ", ".join(rulesets) if rulesets else "all rulesets"
    if run.filters.get("rule") or run.filters.get("case"):
        name += " (filtered)"
    counted = len(run.outcomes) - scope(run).optional_skipped
    if not counted:
        return {
            "schemaVersion": 1,
            "label": "frog conformance",
            "message": f"{name}: no cases",
            "color": "lightgrey",
        }
    rate = run.passed / counted
    most_ran = 2 * (run.passed + run.failed) > len(run.outcomes)
    color = (
        "brightgreen"
        if rate == 1 and most_ran
        else "green"
        if rate >= 0.9 and most_ran
        else "yellow"
        if rate >= 0.75
        else "orange"
        if rate >= 0.5
        else "red"
    )
    return {
        "schemaVersion": 1,
        "label": "frog conformance",
        "message": f"{name}: {run.passed}/{counted}",
        "color": color,
    }


# --- deviations ------------------------------------------------------------------------


def _count(d: Deviation) -> str:
    many = "case" if len(d.cases) == 1 else "cases"
    return f"{len(d.cases)} {many} ({d.hand_written} hand-written)"


def _follows(d: Deviation) -> str:
    if d.reading is None:
        return ""
    used = ", ".join(d.reading_rulesets) or "no ruleset"
    return f"your engine follows {d.reading}, the reading of {used}"


#: How much of a deviation's first divergence its headline shows, when no probe says more.
HEADLINE_DETAIL = 120


def deviation_headline(d: Deviation) -> str:
    """One line for a deviation, as the reports open: the rule, when it departs and what
    the engine does instead, and the evidence, e.g. ``settlement.rates-1-2-4 — in
    foster-1909: in a grand: pays 3 a point instead of 4 (12 cases, 603 probes)``."""
    rule = d.rule if d.rule is not None else "unexplained"
    evidence = [f"{len(d.cases)} {'case' if len(d.cases) == 1 else 'cases'}"]
    if d.probes:
        evidence.append(f"{d.probes} probes")
    if d.instead:
        said = f"{d.when}: {d.instead}" if d.when and d.when != "always" else d.instead
    else:
        detail = (
            d.detail
            if len(d.detail) <= HEADLINE_DETAIL
            else d.detail[: HEADLINE_DETAIL - 3] + "..."
        )
        said = f"{d.status}: {detail}"
    if d.reading:
        said += f" (follows {d.reading})"
    return f"{rule} — {said} ({', '.join(evidence)})"


def deviation_headlines(ds: Sequence[Deviation]) -> list[str]:
    """One line per deviation, most likely first (:func:`deviation_headline`)."""
    return [deviation_headline(d) for d in ds]


def deviation_text_lines(ds: Sequence[Deviation]) -> list[str]:
    """The deviations for the text report, most likely first, numbered (no heading; no
    lines if there are none)."""
    lines: list[str] = []
    for number, d in enumerate(ds, 1):
        if d.rule is None:
            lines.append(f"  {number}. unexplained: {_count(d)}")
            lines.append(f"     {UNEXPLAINED}")
            lines.append(f"     look at: {', '.join(d.look_at)} ({LOOK_AT_MEANS})")
        else:
            lines.append(f"  {number}. {d.rule}: {_count(d)}, {d.status}")
            lines.append(f"     {statement_of(d.rule)}")
            for rule_id, rulesets in d.also:
                lines.append(
                    f"     also {rule_id} ({', '.join(rulesets)}): {statement_of(rule_id)}"
                )
        if d.status == "suspected":
            lines.append(f"     {_not_proven(d)}")
        if d.instead:
            lines.append(f"     when: {d.when}")
            lines.append(f"     instead: {d.instead}")
            if d.stage is not None:
                lines.append(f"     {_probed(d)}")
        if d.reading:
            lines.append(f"     {_follows(d)}")
        lines.append(f"     first divergence: {d.detail}")
        lines.append(f"     smallest example: {d.example['id']} (a vector case in the JSON report)")
    return lines


def _probed(d: Deviation) -> str:
    """What the probes of the engine's unit op show, and what it means for the status."""
    if d.stage == "lead":
        return (
            "the player to lead is where the answers part, and this rule decides it; no swap "
            "of a rule reproduces every answer (localised, not confirmed)"
        )
    if d.stage == "trick":
        return (
            "the player to lead after a trick is where the answers part; on every game the "
            "engine's leader played the highest card of the suit led, which the trump played "
            "to it beats: who takes the trick departs, and the lead follows from it "
            "(localised, not confirmed)"
        )
    if d.stage == "accounting":
        return (
            "one hypothesis gives the engine's count on every deal checked (by accounting: "
            "a card group credited to the other side, or fixed points to a trick's winner); "
            "no swap of a rule reproduces it (localised, not confirmed)"
        )
    if d.stage == "game":
        return (
            f"replaying {d.probes_disagree} of its games near the divergence: the rule of the "
            "part of the game that differs, new at that step, against "
            f"{d.probes_agree} steps where the engine agreed; no swap of a rule reproduces "
            "it (localised, not confirmed)"
        )
    shown = (
        f"the engine's {d.stage} op departs on {d.probes_disagree} of {d.probes} probes this way"
    )
    if d.status == "localised":
        return f"{shown}; no swap of a rule reproduces it (localised, not confirmed)"
    return shown


#: What an unexplained deviation says, in the text and Markdown reports.
UNEXPLAINED = (
    "no broken twin or rival reading of any rule reproduces your engine's answers here: "
    "the cause is not known"
)
LOOK_AT_MEANS = "the rules these cases are labelled with that decide where the answers part"


#: How many of the passed cases a suspected rule's swap would fail the reports name.
WOULD_FAIL_SHOWN = 3


def _not_proven(d: Deviation) -> str:
    """Why a suspected deviation is not confirmed, and what points to its rule."""
    many = "case" if len(d.cases) == 1 else "cases"
    if not d.reproduced:
        return "no swap reproduces these answers; the reference's refusal names this rule"
    swap = "its broken twin" if d.would_fail_reading is None else d.would_fail_reading
    reproduces = f"a swap of {d.rule} reproduces {d.reproduced} of these {len(d.cases)} {many}"
    if not d.would_fail:
        return (
            f"{reproduces} and keeps every case your engine passes, but no swap reproduces "
            "the others"
        )
    shown = ", ".join(d.would_fail[:WOULD_FAIL_SHOWN])
    more = ", ..." if len(d.would_fail) > WOULD_FAIL_SHOWN else ""
    failing = "case" if len(d.would_fail) == 1 else "cases"
    return (
        f"{reproduces} but would fail {len(d.would_fail)} {failing} your engine passes "
        f"({swap}, the swap that fails fewest), e.g. {shown}{more}"
    )


def deviation_markdown_lines(ds: Sequence[Deviation]) -> list[str]:
    """The deviations for the Markdown report: a table, then each example as a vector case
    in a folded block (no lines if there are none)."""
    if not ds:
        return []
    lines = [
        "| # | rule | cases | hand-written | the engine follows | first divergence |",
        "| --: | --- | --: | --: | --- | --- |",
    ]
    for number, d in enumerate(ds, 1):
        rule = f"`{d.rule}`" + ("" if d.confirmed else " *(suspected)*")
        if d.rule is None:
            rule = "*unexplained* (look at " + ", ".join(f"`{r}`" for r in d.look_at) + ")"
        reading = "—"
        if d.reading:
            reading = f"`{d.reading}` ({', '.join(d.reading_rulesets) or 'no ruleset'})"
        lines.append(
            f"| {number} | {rule} | {len(d.cases)} | {d.hand_written} | {reading} "
            f"| {_md(d.detail)} |"
        )
    for number, d in enumerate(ds, 1):
        lines += [
            "",
            f"<details><summary>{number}. <code>{d.rule or 'unexplained'}</code>: "
            "the smallest example, "
            f"<code>{d.example['id']}</code></summary>",
            "",
            *([_md(_not_proven(d)), ""] if d.status == "suspected" else []),
            "```json",
            dumps(d.example),
            "```",
            "",
            "</details>",
        ]
    return lines
