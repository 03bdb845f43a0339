"""The double-dummy solver's time: ``python -m benchmarks.solve [--deals N] [--tricks T]``.

Deals positions of the play with T tricks to go (11: the whole play, after the auction),
reached by random actions from numbered deals (seed 0), solves each with
:func:`frogspec.solve.solve`, and prints the median, the quartiles and the slowest time,
and positions searched per second. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import time
from collections.abc import Sequence

from frogspec import engine
from frogspec.engine import Phase, State
from frogspec.notation import numbered_deck
from frogspec.solve import solve


def position(rng: random.Random, tricks_left: int) -> State:
    """A position of the play at the start of a trick with ``tricks_left`` tricks to go."""
    while True:
        state = engine.new_deal(
            "foster-1909", 3, rng.randrange(3), numbered_deck(rng.randrange(10**6))
        )
        while state.phase != Phase.OVER and not (
            state.phase == Phase.PLAY and state.tricks == 11 - tricks_left and not state.trick
        ):
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        if state.phase == Phase.PLAY:
            return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.solve")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--tricks", type=int, default=11)
    args = parser.parse_args(argv)
    rng = random.Random(0)
    times: list[float] = []
    nodes = 0
    for _ in range(args.deals):
        state = position(rng, args.tricks)
        start = time.perf_counter()
        nodes += solve(state).nodes
        times.append(time.perf_counter() - start)
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    quartiles = statistics.quantiles(times, n=4) if len(times) > 1 else times * 3
    print(
        f"`python -m benchmarks.solve --deals {args.deals} --tricks {args.tricks}`, {now}: "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
        + " ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    print(
        f"{args.deals} positions, {args.tricks} tricks to go (foster-1909, 3 players): "
        f"median {statistics.median(times):.3f} s, quartiles {quartiles[0]:.3f} / "
        f"{quartiles[2]:.3f} s, slowest {max(times):.3f} s; {nodes} positions searched, "
        f"{nodes / sum(times):,.0f} a second"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
