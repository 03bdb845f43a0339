"""frogspec's solver beside a native one:
``python -m benchmarks.peer_solver [--deals N] [--repeat R] [--builds pure,compiled]``.

The native peer, ``benchmarks/native/frogdd.c``, is a double-dummy solver for the play
written in C apart from frogspec's (from the rulebook's statements of the play, not from
:mod:`frogspec.solve`): alpha-beta with null-window tests, a transposition table, move
ordering and equivalent cards. This script builds it with gcc into a temporary folder,
deals the whole-deal positions of :mod:`benchmarks.solve` (seed 0, 11 tricks to go), and
solves each with the peer and with frogspec's :class:`~frogspec.solve.PositionSearch` (the
search :func:`~frogspec.solve.solve_value` runs, kept to count its positions), deal by
deal in turn, so that both meet the same load on a shared machine. It prints, per deal and
in summary, the CPU time and positions searched of each and the ratio frogspec / native,
with a dated header. ``--repeat R`` solves each deal R times with each solver, in turn,
and keeps each one's least CPU time (best of R). ``--builds pure,compiled`` times those
builds of frogspec, each in a process of its own (:mod:`benchmarks.builds`: the compiled
build is made first if the tree changed since it was last built), in the same run, in turn
with the peer, deal by deal; without it, the build this Python imports is timed in this
process. The values must agree: a disagreement is printed loudly and the exit status is 1.
Figures only: no speed is asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import frogspec
from benchmarks.builds import Build, compiled_build, pure_build
from benchmarks.timing import load_average, run_date
from frogspec.engine import State
from frogspec.notation import format_position, parse_position
from frogspec.rules.auction import Contract
from frogspec.solve import PositionSearch

__all__ = [
    "SOURCE",
    "NativeBuildError",
    "NativeSolver",
    "PeerAnswer",
    "build_native",
    "main",
    "native_line",
]

#: The native solver's source.
SOURCE = Path(__file__).resolve().parent / "native" / "frogdd.c"

#: How it is built (C11, warnings on: it must build without any).
CFLAGS = ("-std=c11", "-O2", "-Wall", "-Wextra")

#: A card in the notation: rank then suit.
_CARD = re.compile(r"(10|[6-9JQKA])([CDHS])")

#: The points of a card by rank (the rulebook's ``cards.points``); blanks count nothing.
_RANK_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


class NativeBuildError(RuntimeError):
    """The native solver could not be built (no gcc, or the compiler refused it)."""


@dataclass(frozen=True)
class PeerAnswer:
    """What the native solver found for one position."""

    value: int
    """The most card points the bidder can be sure of against best defence (all of them)."""
    nodes: int
    """The positions it searched."""
    seconds: float
    """Its CPU time for the solve, by its own clock."""


def build_native(directory: Path) -> Path:
    """Compile :data:`SOURCE` into ``directory`` with gcc; the program's path.

    :class:`NativeBuildError` says plainly when gcc is missing or fails (its warnings count
    as failing: the source is kept free of them).
    """
    gcc = shutil.which("gcc")
    if gcc is None:
        raise NativeBuildError(
            "gcc was not found on PATH: the native peer solver is C and needs it "
            "(on Debian or Ubuntu: apt-get install gcc)"
        )
    program = directory / "frogdd"
    result = subprocess.run(
        [gcc, *CFLAGS, "-Werror", "-o", str(program), str(SOURCE)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise NativeBuildError(f"gcc could not build {SOURCE.name}:\n{result.stderr}")
    return program


def _cards(text: str) -> list[str]:
    """The cards of a notation field run together (``-``: none)."""
    return [] if text == "-" else [rank + suit for rank, suit in _CARD.findall(text)]


def _points(cards: Sequence[str]) -> int:
    return sum(_RANK_POINTS.get(card[:-1], 0) for card in cards)


def native_line(state: State) -> str:
    """``state``, a position of the play, as a line of the native solver's input.

    The three active seats are numbered in the order they play (from eldest, clockwise);
    the bidder's points so far are his tricks' cards and, as the rulebook counts them, the
    cards he laid away in a Frog or the untouched widow in a Chico or a Grand.

    >>> from frogspec.notation import parse_position
    >>> native_line(parse_position(
    ...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    ...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
    ... ))
    'H 2 0 53 6D KC QC -'
    """
    if state.bidder is None or state.leader is None:
        raise ValueError("not a position of the play: no bidder or no trick")
    fields = format_position(state).split(" ")
    hands, widow, laid_away, trump = fields[2].split("/"), fields[3], fields[5], fields[6]
    trick_leader, trick = fields[7].split(":")
    won = fields[8].split("/")
    counted = laid_away if state.contract is Contract.FROG else widow
    points = _points(_cards(won[state.bidder])) + _points(_cards(counted))
    order = list(state.order)
    return " ".join(
        [
            trump,
            str(order.index(int(trick_leader))),
            str(order.index(state.bidder)),
            str(points),
            *(hands[seat] for seat in order),
            trick or "-",
        ]
    )


class NativeSolver:
    """The native solver running as a process, asked one position at a time.

    >>> import tempfile, pathlib
    >>> from frogspec.notation import parse_position
    >>> with tempfile.TemporaryDirectory() as folder:  # doctest: +SKIP
    ...     with NativeSolver(build_native(pathlib.Path(folder))) as peer:
    ...         peer.solve(parse_position("foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    ...             "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S")).value
    53
    """

    def __init__(self, program: Path) -> None:
        self._process = subprocess.Popen(
            [str(program)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def solve(self, state: State) -> PeerAnswer:
        """The native solver's answer for ``state``."""
        return self.solve_line(native_line(state))

    def solve_line(self, line: str) -> PeerAnswer:
        """The native solver's answer for one line of its input."""
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(line + "\n")
        stdin.flush()
        answer = stdout.readline().strip()
        if not answer:
            raise RuntimeError(f"the native solver stopped on {line!r}")
        if answer.startswith("error"):
            raise ValueError(f"the native solver refused {line!r}: {answer}")
        value, nodes, seconds = answer.split()
        return PeerAnswer(int(value), int(nodes), float(seconds))

    def close(self) -> None:
        """Ends the process (its input closed, it exits)."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=10)
        if self._process.stdout is not None:
            self._process.stdout.close()

    def __enter__(self) -> NativeSolver:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


@dataclass(frozen=True)
class DealFigures:
    """One deal solved by the peer and by one build of frogspec."""

    deal: int
    """Its number in the run, from 1."""
    build: str
    """The build of frogspec: pure or compiled."""
    native: PeerAnswer
    """The native peer's answer."""
    value: int
    """frogspec's value."""
    nodes: int
    """The positions frogspec searched."""
    seconds: float
    """frogspec's CPU time (of this process)."""

    @property
    def ratio(self) -> float:
        """frogspec's CPU time over the peer's."""
        return self.seconds / max(self.native.seconds, 1e-6)


def _gcc_version() -> str:
    gcc = shutil.which("gcc")
    if gcc is None:
        return "no gcc"
    result = subprocess.run([gcc, "--version"], capture_output=True, text=True, check=False)
    return result.stdout.splitlines()[0] if result.stdout else "gcc"


def _frogspec(state: State) -> tuple[int, int, float]:
    """frogspec's value, positions searched and CPU time for ``state``."""
    start = time.process_time()
    search = PositionSearch(state)
    value = search.value()
    return value, search.nodes, time.process_time() - start


def _serve() -> int:
    """Answer positions read from stdin, one a line (the notation), with :func:`_frogspec`'s
    ``value nodes seconds``: a build's side of ``--builds``."""
    for line in sys.stdin:
        value, nodes, seconds = _frogspec(parse_position(line.strip()))
        print(value, nodes, seconds, flush=True)
    return 0


class _BuildSolver:
    """A build of frogspec in a process of its own, answering as :func:`_frogspec` does."""

    def __init__(self, build: Build) -> None:
        env = dict(os.environ)
        if build.path is not None:
            env["PYTHONPATH"] = str(build.path)
        self._process = subprocess.Popen(
            [str(build.python), "-m", "benchmarks.peer_solver", "--serve"],
            cwd=build.cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def __call__(self, state: State) -> tuple[int, int, float]:
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(format_position(state) + "\n")
        stdin.flush()
        answer = stdout.readline().split()
        if len(answer) != 3:
            raise RuntimeError("a build of frogspec stopped answering")
        return int(answer[0]), int(answer[1]), float(answer[2])

    def close(self) -> None:
        """Ends the process (its input closed, it exits)."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)
        if self._process.stdout is not None:
            self._process.stdout.close()


#: A build of frogspec asked for a position: its value, positions searched and CPU time.
Solver = Callable[[State], tuple[int, int, float]]


def _solvers(names: str | None) -> dict[str, Solver] | str:
    """The builds to time by name (this process's own where ``names`` is None), or why
    one of them cannot be had."""
    if names is None:
        return {"compiled" if frogspec.COMPILED else "pure": lambda state: _frogspec(state)}
    solvers: dict[str, Solver] = {}
    for name in names.split(","):
        if name == "pure":
            solvers[name] = _BuildSolver(pure_build())
        elif name == "compiled":
            compiled = compiled_build()
            if compiled.build is None:
                name = f"compiled ({compiled.said})"
                break
            solvers[name] = _BuildSolver(compiled.build)
        else:
            name = f"{name!r}: the builds are pure and compiled"
            break
    else:
        return solvers
    for started in solvers.values():
        if isinstance(started, _BuildSolver):
            started.close()
    return f"no build {name}"


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the comparison; 1 if the solvers disagree anywhere, 2 if gcc or a build is
    missing."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.peer_solver")
    parser.add_argument("--deals", type=int, default=20, help="whole deals to solve (seed 0)")
    parser.add_argument(
        "--repeat", type=int, default=1, help="solves of each deal by each solver (best kept)"
    )
    parser.add_argument(
        "--builds", help="the builds of frogspec to time, comma-separated (pure,compiled)"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return _serve()
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")
    solvers = _solvers(args.builds)
    if isinstance(solvers, str):
        print(f"error: {solvers}", file=sys.stderr)
        return 2
    now = run_date()
    flags = (f" --repeat {args.repeat}" if args.repeat > 1 else "") + (
        f" --builds {args.builds}" if args.builds else ""
    )
    print(
        f"`python -m benchmarks.peer_solver --deals {args.deals}{flags}`, {now}: frogspec "
        f"{' and '.join(solvers)} build{'s' if len(solvers) > 1 else ''}, Python {platform.python_version()}, native peer "
        f"built by {_gcc_version()} ({' '.join(CFLAGS)}); {os.cpu_count()} cores (nproc), "
        "load average " + load_average()
    )
    try:
        return _compare(args.deals, args.repeat, solvers)
    finally:
        for solver in solvers.values():
            if isinstance(solver, _BuildSolver):
                solver.close()


def _compare(deals: int, repeat: int, solvers: dict[str, Solver]) -> int:
    """Solve the deals with the peer and each build in turn; print the rows and summary."""
    from benchmarks.solve import position  # the same positions as the solver's benchmark

    with tempfile.TemporaryDirectory(prefix="frogdd-") as folder:
        try:
            program = build_native(Path(folder))
        except NativeBuildError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        rng = random.Random(0)
        rows: list[DealFigures] = []
        disagreements = 0
        print(
            "deal  build     value  native CPU s     native nodes  frogspec CPU s  "
            "frogspec nodes  frogspec/native"
        )
        with NativeSolver(program) as peer:
            for deal in range(1, deals + 1):
                state = position(rng, 11)
                best: dict[str, tuple[int, int, float]] = {}
                native = None
                for _ in range(repeat):  # in turn, so that each meets the same load
                    again = peer.solve(state)
                    if native is None or again.seconds < native.seconds:
                        native = again
                    for name, solver in solvers.items():
                        answer = solver(state)
                        if name not in best or answer[2] < best[name][2]:
                            best[name] = answer
                assert native is not None
                for name, (value, nodes, seconds) in best.items():
                    row = DealFigures(deal, name, native, value, nodes, seconds)
                    rows.append(row)
                    print(
                        f"{deal:4}  {name:8}  {value:5}  {native.seconds:12.4f}  "
                        f"{native.nodes:15,}  {seconds:14.3f}  {nodes:14,}  {row.ratio:15,.1f}",
                        flush=True,
                    )
                    if native.value != value:
                        disagreements += 1
                        print(
                            f"!!! DISAGREEMENT on deal {deal}: frogspec {name} {value}, native "
                            f"{native.value}: {format_position(state)}",
                            flush=True,
                        )
    for name in solvers:
        print(_summary([row for row in rows if row.build == name], disagreements))
    return 1 if disagreements else 0


def _summary(rows: Sequence[DealFigures], disagreements: int) -> str:
    ratios = [row.ratio for row in rows]
    slowest = max(rows, key=lambda row: row.seconds)
    native_cpu = sum(row.native.seconds for row in rows)
    frogspec_cpu = sum(row.seconds for row in rows)
    agreement = (
        f"the values agree on all {len(rows)} deals"
        if not disagreements
        else f"!!! the values DISAGREE on {disagreements} of {len(rows)} deals"
    )
    build = rows[0].build
    return "\n".join(
        [
            f"{agreement}.",
            f"native: CPU {native_cpu:.3f} s in all, median "
            f"{statistics.median(row.native.seconds for row in rows):.4f} s a deal, slowest "
            f"{max(row.native.seconds for row in rows):.4f} s; "
            f"{sum(row.native.nodes for row in rows):,} positions searched",
            f"frogspec {build}: CPU {frogspec_cpu:.1f} s in all, median "
            f"{statistics.median(row.seconds for row in rows):.3f} s a deal, slowest "
            f"{slowest.seconds:.3f} s; {sum(row.nodes for row in rows):,} positions searched",
            f"frogspec {build} / native CPU time per deal: median "
            f"{statistics.median(ratios):,.1f}, lowest {min(ratios):,.1f}, highest "
            f"{max(ratios):,.1f}; on frogspec's slowest deal ({slowest.deal}) "
            f"{slowest.ratio:,.1f}; in all {frogspec_cpu / max(native_cpu, 1e-6):,.1f}",
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
