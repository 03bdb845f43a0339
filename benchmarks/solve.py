"""The double-dummy solver's time: ``python -m benchmarks.solve [--deals N] [--tricks T]``.

Deals positions of the play with T tricks to go (11: the whole play, after the auction),
reached by random actions from numbered deals (seed 0), solves each with
:func:`frogspec.solve.solve` (``--value-only``: :func:`frogspec.solve.solve_value`), and
prints the median, the 90th percentile, the quartiles and the slowest time, positions
searched per second, and how the times are spread (how many deals took up to 0.5 s, 1 s,
2 s, 5 s, 10 s, more), by the clock and by the CPU time of the process (on a shared
machine the clock also counts the others' work). Whether the build is compiled is printed
with it. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Sequence

import frogspec
from benchmarks.timing import load_average, run_date
from frogspec import engine
from frogspec.engine import Phase, State
from frogspec.notation import numbered_deck
from frogspec.rules.play import TRICKS
from frogspec.solve import _Search, solve

#: The upper ends of the bands the times are counted in (seconds); the last is open.
BANDS = (0.5, 1.0, 2.0, 5.0, 10.0)


def position(rng: random.Random, tricks_left: int) -> State:
    """A position of the play at the start of a trick with ``tricks_left`` tricks to go."""
    while True:
        state = engine.new_deal(
            "foster-1909", 3, rng.randrange(3), numbered_deck(rng.randrange(10**6))
        )
        while state.phase != Phase.OVER and not (
            state.phase == Phase.PLAY and state.tricks == TRICKS - tricks_left and not state.trick
        ):
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        if state.phase == Phase.PLAY:
            return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solve")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--tricks", type=int, default=11)
    parser.add_argument(
        "--value-only", action="store_true", help="solve_value: the value, not the best cards"
    )
    args = parser.parse_args(argv)
    rng = random.Random(0)
    times: list[float] = []
    cpu: list[float] = []
    nodes = 0
    for _ in range(args.deals):
        state = position(rng, args.tricks)
        start, start_cpu = time.perf_counter(), time.process_time()
        if args.value_only:  # solve_value's work, with its count of positions
            search = _Search(state, equivalent_cards=True)
            search.sure()
            nodes += search.nodes
        else:
            nodes += solve(state).nodes
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    now = run_date()
    cuts = statistics.quantiles(times, n=20, method="inclusive") if len(times) > 1 else times * 19
    flags = " --value-only" if args.value_only else ""
    build = "compiled" if frogspec.COMPILED else "pure"
    print(
        f"`python -m benchmarks.solve --deals {args.deals} --tricks {args.tricks}{flags}`, "
        f"{now}: {build} build, Python {platform.python_version()}, {os.cpu_count()} cores, "
        "load average " + load_average()
    )
    print(
        f"{args.deals} positions, {args.tricks} tricks to go (foster-1909, 3 players): "
        f"median {statistics.median(times):.3f} s, p90 {cuts[17]:.3f} s, quartiles "
        f"{cuts[4]:.3f} / {cuts[14]:.3f} s, slowest {max(times):.3f} s; {nodes} positions "
        f"searched, {nodes / sum(times):,.0f} a second"
    )
    cpu_cuts = statistics.quantiles(cpu, n=20, method="inclusive") if len(cpu) > 1 else cpu * 19
    print(
        f"CPU time of the process (the machine is shared): median {statistics.median(cpu):.3f} s, "
        f"p90 {cpu_cuts[17]:.3f} s, slowest {max(cpu):.3f} s; {nodes / sum(cpu):,.0f} "
        "positions a CPU second"
    )
    counts = [0] * (len(BANDS) + 1)
    for seconds in times:
        counts[sum(seconds > band for band in BANDS)] += 1
    labels = [f"<= {band:g} s" for band in BANDS] + [f"> {BANDS[-1]:g} s"]
    print("spread: " + ", ".join(f"{label}: {n}" for label, n in zip(labels, counts, strict=True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
