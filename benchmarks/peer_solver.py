"""frogspec's solver beside a native one: ``python -m benchmarks.peer_solver [--deals N]``.

The native peer, ``benchmarks/native/frogdd.c``, is a double-dummy solver for the play
written in C apart from frogspec's (from the rulebook's statements of the play, not from
:mod:`frogspec.solve`): alpha-beta with null-window tests, a transposition table, move
ordering and equivalent cards. This script builds it with gcc into a temporary folder,
deals the whole-deal positions of :mod:`benchmarks.solve` (seed 0, 11 tricks to go), and
solves each with the peer and with frogspec's :class:`~frogspec.solve.PositionSearch` (the
search :func:`~frogspec.solve.solve_value` runs, kept to count its positions), deal by
deal in turn, so that both meet the same load on a shared machine. It prints, per deal and
in summary, the CPU time and positions searched of each and the ratio frogspec / native,
with a dated header. The two values must agree: a disagreement is printed loudly and the
exit status is 1. Figures only: no speed is asserted.
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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import frogspec
from benchmarks.timing import load_average, run_date
from frogspec.engine import State
from frogspec.notation import format_position
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
    """One deal solved both ways."""

    deal: int
    """Its number in the run, from 1."""
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


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the comparison; 1 if the two solvers disagree anywhere, 2 if gcc is missing."""
    from benchmarks.solve import position  # the same positions as the solver's benchmark

    parser = argparse.ArgumentParser(prog="python -m benchmarks.peer_solver")
    parser.add_argument("--deals", type=int, default=20, help="whole deals to solve (seed 0)")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    now = run_date()
    build = "compiled" if frogspec.COMPILED else "pure"
    print(
        f"`python -m benchmarks.peer_solver --deals {args.deals}`, {now}: frogspec {build} "
        f"build, Python {platform.python_version()}, native peer built by {_gcc_version()} "
        f"({' '.join(CFLAGS)}); {os.cpu_count()} cores (nproc), load average " + load_average()
    )
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
            "deal  value  native CPU s     native nodes  frogspec CPU s  frogspec nodes  "
            "frogspec/native"
        )
        with NativeSolver(program) as peer:
            for deal in range(1, args.deals + 1):
                state = position(rng, 11)
                native = peer.solve(state)
                value, nodes, seconds = _frogspec(state)
                row = DealFigures(deal, native, value, nodes, seconds)
                rows.append(row)
                print(
                    f"{deal:4}  {value:5}  {native.seconds:12.4f}  {native.nodes:15,}  "
                    f"{seconds:14.3f}  {nodes:14,}  {row.ratio:15,.0f}",
                    flush=True,
                )
                if native.value != value:
                    disagreements += 1
                    print(
                        f"!!! DISAGREEMENT on deal {deal}: frogspec {value}, native "
                        f"{native.value}: {format_position(state)}",
                        flush=True,
                    )
    print(_summary(rows, disagreements))
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
    return "\n".join(
        [
            f"{agreement}.",
            f"native: CPU {native_cpu:.3f} s in all, median "
            f"{statistics.median(row.native.seconds for row in rows):.4f} s a deal, slowest "
            f"{max(row.native.seconds for row in rows):.4f} s; "
            f"{sum(row.native.nodes for row in rows):,} positions searched",
            f"frogspec: CPU {frogspec_cpu:.1f} s in all, median "
            f"{statistics.median(row.seconds for row in rows):.3f} s a deal, slowest "
            f"{slowest.seconds:.3f} s; {sum(row.nodes for row in rows):,} positions searched",
            f"frogspec / native CPU time per deal: median {statistics.median(ratios):,.0f}, "
            f"lowest {min(ratios):,.0f}, highest {max(ratios):,.0f}; on frogspec's slowest "
            f"deal ({slowest.deal}) {slowest.ratio:,.0f}; in all "
            f"{frogspec_cpu / max(native_cpu, 1e-6):,.0f}",
        ]
    )


if __name__ == "__main__":
    raise SystemExit(main())
