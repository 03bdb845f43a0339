"""``frogspec twins`` (or ``python -m frogspec.twins``): list the broken twins, or check
them against the vectors.

    python -m frogspec.twins list                 every twin: rule id and mistake
    python -m frogspec.twins check                run the vectors with each twin in turn
    python -m frogspec.twins check --write        ... and write spec/twins-results.json
    python -m frogspec.twins check --rule ID      only the twin of this rule (repeatable)

``check`` exits with status 1 when a twin is not caught by a case naming its rule, or not
by a hand-written case of some ruleset that uses the rule, and, without ``--write``, when
``spec/twins-results.json`` is not what the check found.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from frogspec.errors import FrogError

_DESCRIPTION = (
    "Broken twins: one plausible mistake per rule, and the check that the conformance "
    "vectors catch each."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m frogspec.twins", description=_DESCRIPTION)
    _add_commands(parser)
    return parser


def register(subparsers: Any) -> None:
    """Add ``twins`` to the ``frogspec`` command."""
    parser = subparsers.add_parser(
        "twins",
        help="list the broken twins, or check the vectors catch each",
        description=_DESCRIPTION,
    )
    _add_commands(parser)
    parser.set_defaults(handler=_run)


def _add_commands(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="twins_command", metavar="COMMAND", required=True)
    sub.add_parser("list", help="every twin: the rule it breaks and the mistake")
    check = sub.add_parser("check", help="run the vectors against the reference with each twin")
    check.add_argument("--rule", action="append", metavar="ID", help="only this rule's twin")
    check.add_argument("--write", action="store_true", help="write the results file")
    check.add_argument(
        "--results",
        type=Path,
        metavar="FILE",
        help="the results file (default: spec/twins-results.json)",
    )
    check.add_argument(
        "--vectors", type=Path, metavar="DIR", help="the vectors directory (default: spec/vectors)"
    )
    check.add_argument(
        "--no-prune",
        action="store_true",
        help="run every case with every twin, even those that cannot reach it",
    )
    check.add_argument("--jobs", type=int, metavar="N", help="processes (default: 2)")


def _list() -> int:
    from frogspec.registry import all_rules
    from frogspec.twins import TWINS

    for entry in all_rules():
        twin = TWINS.get(entry.id)
        print(f"{entry.id}\n    {twin.mistake if twin else '(no twin)'}")
    return 0


def _check(args: argparse.Namespace) -> int:
    from frogspec.twins.check import (
        default_jobs,
        default_results_path,
        results_json,
        results_text,
        run_check,
        text_table,
    )
    from frogspec.vectors.model import VectorError

    if args.write and args.rule:
        print("twins: --write needs every twin: leave out --rule", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        print(f"twins: --jobs must be 1 or more, got {jobs}", file=sys.stderr)
        return 2
    done = [0]

    def progress(result: object) -> None:
        done[0] += 1
        if sys.stderr.isatty():
            sys.stderr.write(f"\r{done[0]} twins checked")
            sys.stderr.flush()

    try:
        report = run_check(
            args.rule, vectors=args.vectors, prune=not args.no_prune, jobs=jobs, progress=progress
        )
    except VectorError as error:
        print(f"twins: {error}", file=sys.stderr)
        return 2
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 30 + "\r")
    print(text_table(report))
    status = 1 if report.not_caught or report.gaps else 0
    path: Path = args.results or default_results_path()
    text = results_text(results_json(report))
    if args.write:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    elif not args.rule:
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            print(f"{path} is stale: run python -m frogspec.twins check --write")
            status = 1
    return status


def _run(args: argparse.Namespace) -> int:
    return _list() if args.twins_command == "list" else _check(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except FrogError as error:
        print(f"twins: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
