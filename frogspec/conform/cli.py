"""The command line: ``frogspec conform`` (and ``frogspec vectors``, which writes the vectors).

frogspec conform [options] -- COMMAND [ARGS...]
frogspec conform [options]                      (validates the reference harness)
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from frogspec.arguments import seconds, whole_number
from frogspec.conform.report_data import report_json, report_junit
from frogspec.conform.reports import badge, render_text, report_markdown
from frogspec.conform.runner import (
    DEFAULT_DEADLINE,
    DEFAULT_MAX_RESTARTS,
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIMEOUT,
    CaseOutcome,
    run_conformance,
)
from frogspec.conform.safe_text import for_terminal
from frogspec.conform.transport import Signalled, UsageError, ending_engines_on_signals
from frogspec.vectors.generate import add_arguments as add_generate_arguments
from frogspec.vectors.generate import run as run_generate

__all__ = ["Progress", "main", "register"]


class Progress:
    """A one-line progress bar on standard error: the cases run (call it), then the
    failures diagnosed (:meth:`diagnosing`)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.failed = 0
        self.last = 0.0
        self.width = shutil.get_terminal_size((80, 20)).columns

    def __call__(self, done: int, total: int, outcome: CaseOutcome) -> None:
        if outcome.counted_failed:
            self.failed += 1
        now = time.monotonic()
        if done < total and now - self.last < 0.05:
            return
        self.last = now
        bar_width = 30
        filled = bar_width * done // total
        bar = "#" * filled + "-" * (bar_width - filled)
        text = f"[{bar}] {done}/{total}  {self.failed} failed  {outcome.case.id}"
        self._show(text)

    def diagnosing(self, done: int, total: int) -> None:
        """Show how many of the failures have been diagnosed (the first and last always);
        once all have been, the deviations are being found."""
        now = time.monotonic()
        if 0 < done < total and now - self.last < 0.05:
            return
        self.last = now
        if done < total:
            self._show(f"diagnosing {done}/{total} failures…")
        else:
            self._show(f"diagnosed {total} failures; finding the deviations…")

    def _show(self, text: str) -> None:
        self.stream.write("\r" + text[: self.width - 1].ljust(self.width - 1))
        self.stream.flush()

    def clear(self) -> None:
        """Erase the bar."""
        self.stream.write("\r" + " " * (self.width - 1) + "\r")
        self.stream.flush()


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error}") from None


def _cmd_conform(args: argparse.Namespace) -> int:
    command = list(args.impl_command)
    if command and command[0] == "--":
        command = command[1:]
    show = not args.quiet and sys.stderr.isatty()
    from frogspec.conform.expectations import (
        ExpectationError,
        parse_house,
        parse_reading,
        read_expectations,
    )

    try:
        expectations = [parse_reading(text) for text in args.reading or ()]
        expectations += [parse_house(text) for text in args.house or ()]
        if args.expect is not None:
            expectations += read_expectations(args.expect)
    except ExpectationError as error:
        print(f"frogspec conform: {for_terminal(str(error))}", file=sys.stderr)
        return 2
    bar = Progress(sys.stderr) if show else None
    try:
        with ending_engines_on_signals():
            run = run_conformance(
                command or None,
                vectors=args.vectors,
                rulesets=args.ruleset or (),
                rules=args.rule or (),
                cases=args.case or (),
                timeout=args.timeout,
                max_restarts=args.max_restarts,
                start_timeout=args.start_timeout,
                deadline=args.deadline,
                progress=bar,
                diagnosing=None if bar is None else bar.diagnosing,
            )
    except UsageError as error:
        print(f"frogspec conform: {for_terminal(str(error))}", file=sys.stderr)
        return 2
    except Signalled as signalled:
        if bar is not None:
            bar.clear()
            bar = None
        print(
            f"frogspec conform: stopped by {signalled.name}; the implementation was stopped",
            file=sys.stderr,
        )
        return signalled.status
    except KeyboardInterrupt:
        print("frogspec conform: interrupted; the implementation was stopped", file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.clear()
    run.expectations = expectations
    try:
        if args.json:
            _write(args.json, json.dumps(report_json(run), indent=2, ensure_ascii=False) + "\n")
        if args.junit:
            _write(args.junit, report_junit(run))
        if args.markdown:
            _write(args.markdown, report_markdown(run))
        if args.badge:
            _write(args.badge, json.dumps(badge(run)) + "\n")
    except UsageError as error:
        print(for_terminal(render_text(run, args.quiet)))
        print(f"frogspec conform: {for_terminal(str(error))}", file=sys.stderr)
        return 2
    print(for_terminal(render_text(run, args.quiet)))
    return run.exit_status()


def _cmd_vectors(args: argparse.Namespace) -> int:
    return run_generate(args)


def register(subparsers: Any) -> None:
    """Add ``conform`` and ``vectors`` to the ``frogspec`` command."""
    conform = subparsers.add_parser(
        "conform",
        help="validate an implementation against the conformance vectors",
        description="Start COMMAND (after --), speak protocol v1 to it, run every "
        "conformance case it offers and report: first the rules it departs from (its "
        "deviations), then what was run, the tables and the failures. A case is judged on "
        "what the rules fix; whether an illegal error names frogspec's rule id is reported "
        "apart (level 2). Without a command, the reference harness is validated.",
        usage="frogspec conform [options] [-- COMMAND [ARGS...]]",
    )
    conform.add_argument(
        "--ruleset",
        action="append",
        metavar="ID",
        help="only cases of this ruleset (and cases that name none); repeatable",
    )
    conform.add_argument(
        "--rule",
        action="append",
        metavar="PREFIX",
        help="only cases exercising a rule id starting with PREFIX; repeatable",
    )
    conform.add_argument(
        "--case",
        action="append",
        metavar="ID",
        help="only this case id (a shell pattern like 'settle.*'); repeatable",
    )
    conform.add_argument(
        "--timeout",
        type=seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds to wait for each answer (default {DEFAULT_TIMEOUT:g})",
    )
    conform.add_argument(
        "--start-timeout",
        type=seconds,
        default=DEFAULT_START_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds a fresh start has to answer hello (default {DEFAULT_START_TIMEOUT:g})",
    )
    conform.add_argument(
        "--deadline",
        type=seconds,
        default=DEFAULT_DEADLINE,
        metavar="SECONDS",
        help="seconds the whole run may take, diagnosis included; the cases not run by "
        f"then are errors (default {DEFAULT_DEADLINE:g})",
    )
    conform.add_argument(
        "--max-restarts",
        type=whole_number(0),
        default=DEFAULT_MAX_RESTARTS,
        metavar="N",
        help="restarts after which the remaining cases are "
        f"errors (default {DEFAULT_MAX_RESTARTS})",
    )
    conform.add_argument(
        "--reading",
        action="append",
        metavar="RULE=READING",
        help="the implementation follows READING, a rival reading of RULE in the rulebook: "
        "its deviation is reported, and does not fail the run (repeatable)",
    )
    conform.add_argument(
        "--house",
        action="append",
        metavar="RULE",
        help="the implementation departs from RULE by a house rule of its own (no reading "
        "covers it): its deviations of RULE are reported, and do not fail the run (repeatable)",
    )
    conform.add_argument(
        "--expect",
        type=Path,
        metavar="FILE",
        help="deviations accepted earlier (a JSON report's deviations), each matched exactly "
        "(its rule, reading, when, instead and differences): reported, not failing; "
        "one no deviation matches is reported stale",
    )
    conform.add_argument("--json", type=Path, metavar="FILE", help="write the JSON report")
    conform.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    conform.add_argument("--markdown", type=Path, metavar="FILE", help="write a Markdown report")
    conform.add_argument(
        "--badge",
        type=Path,
        metavar="FILE",
        help="write a shields.io endpoint badge (JSON): the scope and the cases "
        "passed, like 'foster-1909: 151/156'",
    )
    conform.add_argument(
        "--vectors",
        type=Path,
        metavar="DIR",
        help="the vectors directory (default: spec/vectors of this checkout, else "
        "the copy installed with frogspec)",
    )
    conform.add_argument(
        "--quiet",
        action="store_true",
        help="no progress bar, no scope and no tables: the deviations, the failures "
        "and the last line",
    )
    conform.add_argument(
        "impl_command",
        nargs=argparse.REMAINDER,
        metavar="COMMAND",
        help="the implementation's command line, after --",
    )
    conform.set_defaults(handler=_cmd_conform)

    vectors = subparsers.add_parser(
        "vectors",
        help="write the conformance vectors (vectors generate), or check them "
        "(vectors generate --check)",
    )
    sub = vectors.add_subparsers(dest="vectors_command", metavar="COMMAND", required=True)
    generate = sub.add_parser(
        "generate", help="write spec/vectors/ from the reference (--check: only check them)"
    )
    add_generate_arguments(generate)
    generate.set_defaults(handler=_cmd_vectors)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.conform [options] [-- COMMAND ...]``."""
    from frogspec.cli import main as cli_main

    return cli_main(["conform", *(sys.argv[1:] if argv is None else argv)])
