"""``frogspec conform``: validate an implementation of Frog against the conformance vectors.

    frogspec conform [options] -- COMMAND [ARGS...]
    frogspec conform [options]                      (validates the reference harness)

The runner starts COMMAND, says ``hello`` (protocol version 1), sends every case of
``spec/vectors/`` that the implementation offers, one JSON line at a time, and judges each
answer at two levels (:mod:`frogspec.conform.comparison`): level 1, *conforms*, compares
what the rules fix (the result, or an error's ``kind`` and ``at``) and decides the case;
level 2, *names the rule*, says whether an ``illegal`` error names frogspec's rule id,
and never fails a case. For each failed case it then finds the first step at which the
implementation and the reference part and the rules that decide that step, and from them
the implementation's *deviations*, which open the report. The report goes on with what
was run (the ops and rulesets offered, the filters, the skips), a table per ruleset and
per rule, the failures grouped by deviation (an unexplained one under no rule), and last
a line ``N passed, N failed, N skipped``. The exit status is 0 when nothing failed, 1 when
something did (or when an implementation that declares ``"rule_ids": "frogspec"`` in its
hello names another rule than the reference), and 2 for a mistake in the command line.

A misbehaving implementation does not stop the run. A crash, a hang (``--timeout`` per
request; ``--start-timeout`` for the hello after a start), a line that is not JSON, not
UTF-8 or never finished, or an answer with the wrong id fails the case with that reason;
the implementation is restarted and the run goes on. After ``--max-restarts`` restarts
the remaining cases are reported as errors (counted as failures); an implementation that
does not answer hello at its first start is not started again. ``--deadline`` bounds the
whole run (:data:`~frogspec.conform.runner.DEFAULT_DEADLINE` seconds by default); the
report says which bound cut a run off. The implementation runs in a process group of its
own, killed whole when it is stopped or the runner is signalled; what it writes is kept
within fixed bounds and escaped wherever it is shown (:mod:`~frogspec.conform.safe_text`). An answer of
``unsupported``, or an op or ruleset the implementation's hello does not list, makes a
case skipped.

Reports: ``--json FILE`` (valid against ``spec/schema/report.schema.json``), ``--junit
FILE``, ``--markdown FILE`` and ``--badge FILE`` (a shields.io endpoint: the scope and the
cases passed, like ``foster-1909: 151/156``). Filters: ``--ruleset``, ``--rule PREFIX``,
``--case ID`` (a shell pattern), each repeatable.

This package also registers ``frogspec vectors generate``, which writes the vectors.

Its parts, one module each: :mod:`~frogspec.conform.transport` (speaking to an
implementation), :mod:`~frogspec.conform.comparison` (judging an answer),
:mod:`~frogspec.conform.runner` (running the cases), :mod:`~frogspec.conform.diagnosis`
(where a failing case first parts from the reference), :mod:`~frogspec.conform.deviations`
(the rules the implementation departs from), :mod:`~frogspec.conform.summary` (tallies,
scope, groups), :mod:`~frogspec.conform.reports` (text, Markdown, badge),
:mod:`~frogspec.conform.report_data` (JSON, JUnit) and :mod:`~frogspec.conform.cli` (the
command line).
This module re-exports their public names.
"""

from __future__ import annotations

from frogspec.conform.cli import main, register
from frogspec.conform.comparison import (
    RULE_IDS_FIELD,
    RULE_IDS_FROGSPEC,
    Comparison,
    Verdict,
    compare_answer,
    declares_rule_ids,
    expects_unsupported,
    judge,
    level_one,
)
from frogspec.conform.report_data import (
    REPORT_FORMAT,
    REPORT_FORMAT_VERSION,
    report_json,
    report_junit,
)
from frogspec.conform.reports import badge, failure_lines, render_text, report_markdown
from frogspec.conform.runner import (
    DEFAULT_MAX_RESTARTS,
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    REASONS,
    STATUSES,
    CaseOutcome,
    Run,
    Runner,
    run_conformance,
    select_cases,
)
from frogspec.conform.summary import Scope, Tally, by_rule, by_ruleset, failures, scope
from frogspec.conform.transport import Failure, Implementation, Transport, UsageError

__all__ = [
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_START_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "REASONS",
    "REPORT_FORMAT",
    "REPORT_FORMAT_VERSION",
    "RULE_IDS_FIELD",
    "RULE_IDS_FROGSPEC",
    "STATUSES",
    "CaseOutcome",
    "Comparison",
    "Failure",
    "Implementation",
    "Run",
    "Runner",
    "Scope",
    "Tally",
    "Transport",
    "UsageError",
    "Verdict",
    "badge",
    "by_rule",
    "by_ruleset",
    "compare_answer",
    "declares_rule_ids",
    "expects_unsupported",
    "failure_lines",
    "failures",
    "judge",
    "level_one",
    "main",
    "register",
    "render_text",
    "report_json",
    "report_junit",
    "report_markdown",
    "run_conformance",
    "scope",
    "select_cases",
]
