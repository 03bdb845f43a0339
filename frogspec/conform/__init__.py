"""``frogspec conform``: validate an implementation of Frog against the conformance vectors.

    frogspec conform [options] -- COMMAND [ARGS...]
    frogspec conform [options]                      (validates the reference harness)

The runner starts COMMAND, says ``hello`` (protocol version 1), sends every case of
``spec/vectors/`` that the implementation offers, one JSON line at a time, and compares
each answer with the expected response. It prints a table per ruleset and per rule, every
failure with its rule, the rule's statement and source, the request that reproduces it
and the difference, and last a line ``N passed, N failed, N skipped``. The exit status is
0 when nothing failed, 1 when something did, and 2 for a mistake in the command line.

A misbehaving implementation does not stop the run. A crash, a hang (``--timeout`` per
request; ``--start-timeout`` for the hello after a start), a line that is not JSON, not
UTF-8 or never finished, or an answer with the wrong id fails the case with that reason;
the implementation is restarted and the run goes on. After ``--max-restarts`` restarts
the remaining cases are reported as errors (counted as failures). An answer of
``unsupported``, or an op or ruleset the implementation's hello does not list, makes a
case skipped.

Reports: ``--json FILE`` (valid against ``spec/schema/report.schema.json``), ``--junit
FILE``, ``--markdown FILE`` and ``--badge FILE`` (a shields.io endpoint with the pass rate).
Filters: ``--ruleset``, ``--rule PREFIX``, ``--case ID`` (a shell pattern), each repeatable.

This package also registers ``frogspec vectors generate``, which writes the vectors.

Its parts, one module each: :mod:`~frogspec.conform.transport` (speaking to an
implementation), :mod:`~frogspec.conform.comparison` (judging an answer),
:mod:`~frogspec.conform.runner` (running the cases), :mod:`~frogspec.conform.reports`
(text, JSON, JUnit, Markdown, badge) and :mod:`~frogspec.conform.cli` (the command line).
This module re-exports their public names.
"""

from __future__ import annotations

from frogspec.conform.cli import main, register
from frogspec.conform.comparison import Verdict, expects_unsupported, judge
from frogspec.conform.reports import (
    REPORT_FORMAT,
    REPORT_FORMAT_VERSION,
    Tally,
    badge,
    by_rule,
    by_ruleset,
    failure_lines,
    failures,
    render_text,
    report_json,
    report_junit,
    report_markdown,
)
from frogspec.conform.runner import (
    DEFAULT_MAX_RESTARTS,
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    REASONS,
    STATUSES,
    Outcome,
    Run,
    Runner,
    run_conformance,
    select_cases,
)
from frogspec.conform.transport import Failure, Implementation, Transport, UsageError

__all__ = [
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_START_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "REASONS",
    "REPORT_FORMAT",
    "REPORT_FORMAT_VERSION",
    "STATUSES",
    "Failure",
    "Implementation",
    "Outcome",
    "Run",
    "Runner",
    "Tally",
    "Transport",
    "UsageError",
    "Verdict",
    "badge",
    "by_rule",
    "by_ruleset",
    "expects_unsupported",
    "failure_lines",
    "failures",
    "judge",
    "main",
    "register",
    "render_text",
    "report_json",
    "report_junit",
    "report_markdown",
    "run_conformance",
    "select_cases",
]
