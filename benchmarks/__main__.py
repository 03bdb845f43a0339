"""Run the benchmarks: ``python3 dev.py bench [--rounds N] [--quick]`` (``python -m benchmarks``).

Times both builds of frogspec and the peer in one run: the pure working tree, the mypyc
build of the same tree (built once and cached, built again when a file changes:
:mod:`benchmarks.builds`), and OpenSpiel's skat (the ``bench`` extra), each in a process
of its own (:mod:`benchmarks.worker`). Round after round every row runs on every build in
turn, for about the same time; a figure is its best round, in CPU time of one core (for
the rows of two processes, the fuzzer and the conformance runs, the CPU time of both). Ratios
divide figures of the same run only. It prints one dated table, ready to paste, and says
plainly when OpenSpiel or the compiled build is missing. Figures only: nothing here is
asserted, and CI runs none of it.

``--quick`` (about five minutes, the compiled build included when it must be made) runs
five rounds of shorter samples and the slow rows once.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks import peers, worker
from benchmarks.builds import ROOT, Build, Worker, WorkerError, compiled_build, pure_build
from benchmarks.timing import load_average, run_date

__all__ = ["ROWS", "Cell", "header", "main", "measure", "table", "targets"]


@dataclass(frozen=True)
class Shown:
    """How a row is shown: its title and the builds it runs on."""

    title: str
    builds: tuple[str, ...] = ("pure", "compiled")


#: The rows, in the table's order (a key of :data:`benchmarks.worker.ROWS` each).
ROWS: dict[str, Shown] = {
    "random_playout": Shown(
        "`random_playout`: random complete deals (`foster-1909`, 3 players: shuffle, deal, "
        "auction, play, settlement)"
    ),
    "api": Shown("`legal_actions` / `apply`: the same deals, a new state at every action"),
    "ceiling": Shown(
        "the ceiling, not the reference: the same deals, draw for draw, in bare Python "
        "(`benchmarks/ceiling.py`)",
        ("pure",),
    ),
    "skat": Shown("OpenSpiel skat from Python, the peer (its own process)", ("peer",)),
    "legal_plays": Shown("`legal_plays`, the rules of the play (one card)"),
    "perft": Shown("`perft` through the harness: a Grand, 4 tricks to play"),
    "solver": Shown(
        f"the solver, `solve()`: {worker.SOLVER_POSITIONS} Grands with "
        f"{worker.SOLVER_TRICKS} tricks to play"
    ),
    "fuzz": Shown(
        f"`frogspec fuzz --examples {worker.FUZZ_EXAMPLES}` against the reference over the "
        "pipe (its start included)"
    ),
    "diagnosis": Shown(
        "`frogspec conform` of pyfrog `--fault grand-x3 --fault overtrump-duty`: every case, "
        "each failure diagnosed"
    ),
    "conform": Shown("`frogspec conform` of the reference: every case, over the pipe"),
}
#: The rows given as ratios to skat (deals beside its games), and the peer's row.
AGAINST_SKAT = ("random_playout", "api", "ceiling")
PEER = "skat"

#: The speed targets: (build, row, least ratio to skat).
TARGETS = (
    ("compiled", "random_playout", 2.5),
    ("compiled", "api", 1.0),
    ("pure", "random_playout", 1.2),
    ("pure", "api", 0.5),
)


@dataclass(frozen=True)
class Cell:
    """A row's best round on one build: seconds, the units done in it, and the count asked."""

    seconds: float
    done: float
    count: int

    @property
    def rate(self) -> float:
        """Units a second."""
        return self.done / max(self.seconds, 1e-9)


def measure(
    workers: dict[str, Worker], rows: Sequence[str], rounds: int, seconds: float
) -> dict[tuple[str, str], Cell]:
    """Every row on every build of it that has a worker: sized to about ``seconds``, then
    ``rounds`` rounds, each row on each build in turn; the best round of each."""
    cells = [(row, build) for row in rows for build in ROWS[row].builds if build in workers]
    counts = {
        (row, build): int(workers[build].ask(op="size", row=row, seconds=seconds)["count"])
        for row, build in cells
    }
    best: dict[tuple[str, str], Cell] = {}
    for _ in range(rounds):
        for row, build in cells:
            answer = workers[build].ask(op="time", row=row, count=counts[row, build])
            cell = Cell(float(answer["seconds"]), float(answer["done"]), counts[row, build])
            if (row, build) not in best or cell.seconds < best[row, build].seconds:
                best[row, build] = cell
    return best


def _commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    return commit + (" with uncommitted changes" if git("status", "--porcelain") else "")


def _machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            model = next(
                (line.split(":", 1)[1].strip() for line in info if line.startswith("model name")),
                model,
            )
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores ({platform.machine()}, {platform.system()})"


def header(command: str, rounds: int, slow_rounds: int, seconds: float, load: str) -> str:
    """The lines that date a run and say where and how it was made (``load``: the load
    average as it began)."""
    now = run_date()
    openspiel = peers.openspiel_version()
    spiel = f"open-spiel {openspiel}" if openspiel else "OpenSpiel not installed"
    few = " (fewer than 5: not a run to quote)" if rounds < 5 else ""
    return (
        f"`{command}`, {now}, commit {_commit()}\n\n"
        f"Machine: {_machine()}; Python {platform.python_version()}; {spiel}; load average "
        f"{load} at the start. Best of {rounds} interleaved rounds{few} of about {seconds:g} s "
        f"each, in CPU time; the rows of two processes (their CPU time, both counted) best "
        f"of {slow_rounds}."
    )


def _rate(cell: Cell | None, unit: str, in_seconds: bool) -> str:
    if cell is None:
        return "—"
    return f"{cell.seconds:.2f} s" if in_seconds else f"{cell.rate:,.0f} {unit}/s"


def _speed(cell: Cell | None, base: Cell | None, in_seconds: bool) -> str:
    if cell is None or base is None:
        return "—"
    return f"{(base.seconds / cell.seconds if in_seconds else cell.rate / base.rate):.2f}"


def table(cells: dict[tuple[str, str], Cell]) -> str:
    """The run's Markdown table: each row on each build, compiled over pure, and over skat."""
    skat = cells.get((PEER, "peer"))
    lines = [
        "| what | pure | compiled | compiled ÷ pure | pure ÷ skat | compiled ÷ skat |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row, shown in ROWS.items():
        spec = worker.ROWS[row]
        if row == PEER:
            if skat is not None:
                rate = _rate(skat, spec.unit, False)
                lines.append(f"| {shown.title} | {rate} | | | 1.00 | |")
            continue
        pure, compiled = cells.get((row, "pure")), cells.get((row, "compiled"))
        if pure is None and compiled is None:
            continue
        title = shown.title
        if row == "diagnosis":
            title += f" ({(pure or compiled).done:.0f} failures)"  # type: ignore[union-attr]
        against = row in AGAINST_SKAT
        lines.append(
            f"| {title} | {_rate(pure, spec.unit, spec.two_processes)} "
            f"| {_rate(compiled, spec.unit, spec.two_processes)} | {_speed(compiled, pure, spec.two_processes)} "
            f"| {_speed(pure, skat, False) if against else '—'} "
            f"| {_speed(compiled, skat, False) if against else '—'} |"
        )
    return "\n".join(lines)


def targets(cells: dict[tuple[str, str], Cell]) -> str:
    """The speed targets beside this run's ratios to skat (nothing without the peer)."""
    skat = cells.get((PEER, "peer"))
    if skat is None:
        return "No target is measured: OpenSpiel is not installed, so there is no peer."
    parts = []
    for build, row, least in TARGETS:
        cell = cells.get((row, build))
        if cell is None:
            continue
        ratio = cell.rate / skat.rate
        verdict = "met" if ratio >= least else "not met"
        parts.append(f"{build} `{row}` {ratio:.2f} × skat (target {least:g}: {verdict})")
    return "Targets: " + "; ".join(parts) + "."


def slower(cells: dict[tuple[str, str], Cell]) -> str:
    """Where the compiled build is slower than the pure one in this run, if anywhere."""
    if not any(build == "compiled" for _, build in cells):
        return "The compiled build was not timed."
    rows = [
        row
        for row in ROWS
        if (row, "pure") in cells
        and (row, "compiled") in cells
        and float(
            _speed(cells[row, "compiled"], cells[row, "pure"], worker.ROWS[row].two_processes)
        )
        < 1.0
    ]
    if not rows:
        return "The compiled build is slower than the pure one on no row."
    return "The compiled build is slower than the pure one on: " + ", ".join(rows) + "."


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 dev.py bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--rounds", type=int, help="interleaved rounds, the best kept (7; 5 quick)")
    parser.add_argument(
        "--quick", action="store_true", help="five rounds of short samples, slow rows once"
    )
    parser.add_argument("--seconds", type=float, help="about how long a sample (0.3 s; 0.15 quick)")
    parser.add_argument(
        "--slow-rounds", type=int, help="rounds of the rows of two processes (3; 1 quick)"
    )
    parser.add_argument(
        "--rows",
        help=f"the rows to run, by name, comma-separated (all: {','.join(ROWS)})",
    )
    parser.add_argument(
        "--builds",
        default="pure,compiled",
        help="the builds of frogspec to time, comma-separated (pure,compiled)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Time the builds and the peer, and print the dated table."""
    parser = _parser()
    args = parser.parse_args(argv)
    rounds = args.rounds or (5 if args.quick else 7)
    seconds = args.seconds or (0.15 if args.quick else 0.3)
    slow_rounds = args.slow_rounds or (1 if args.quick else 3)
    rows = args.rows.split(",") if args.rows else list(ROWS)
    builds = args.builds.split(",")
    for name in rows:
        if name not in ROWS:
            parser.error(f"no row {name!r}; the rows are {', '.join(ROWS)}")
    for name in builds:
        if name not in ("pure", "compiled"):
            parser.error(f"no build {name!r}; the builds are pure and compiled")
    if rounds < 1 or slow_rounds < 1 or seconds <= 0:
        parser.error("--rounds and --slow-rounds must be 1 or more, --seconds above 0")
    command = " ".join(["python3 dev.py bench", *(argv if argv is not None else sys.argv[1:])])
    load = load_average()
    said: list[str] = []
    chosen: dict[str, Build] = {}
    if "pure" in builds:
        chosen["pure"] = pure_build()
    if "compiled" in builds:
        compiled = compiled_build()
        if compiled.build is None:
            said.append(f"No compiled build: {compiled.said}; its column is empty.")
        else:
            chosen["compiled"] = compiled.build
            said.append(f"The compiled build: {compiled.said}.")
    if PEER in rows:
        if importlib.util.find_spec("pyspiel") is None:
            said.append(peers.MISSING + ".")
        else:
            chosen["peer"] = Build("peer", pure_build().python, ROOT, ROOT)
    workers = {name: Worker(build) for name, build in chosen.items()}
    try:
        for name in ("pure", "compiled"):
            if name in workers:
                hello = workers[name].ask(op="hello")
                said.append(
                    f"{name}: frogspec from {hello['frogspec']} (`frogspec.COMPILED` is "
                    f"{hello['compiled']}), Python {hello['python']}."
                )
        fast = [row for row in rows if not worker.ROWS[row].two_processes]
        slow = [row for row in rows if worker.ROWS[row].two_processes]
        cells = measure(workers, fast, rounds, seconds)
        cells.update(measure(workers, slow, slow_rounds, seconds))
    except WorkerError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 1
    finally:
        for each in workers.values():
            each.close()
    print(header(command, rounds, slow_rounds, seconds, load))
    print()
    print(table(cells))
    print()
    for line in [
        *said,
        targets(cells),
        slower(cells),
        f"Load average {load_average()} at the end.",
    ]:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
