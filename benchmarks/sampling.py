"""Why the sampling player plays out rather than solves: ``python -m benchmarks.sampling
[--positions N]``.

For positions of the play with 2 to 7 tricks to go (:func:`benchmarks.solve.position`, seed
0), the time of one double-dummy solve (:func:`frogspec.solve.solve_value`, the value
alone, as a sampling player would ask it) and of one play-out
to the end by :class:`frogspec.bots.Bot` in every seat, taken in turn on the same position
(a play-out is quick, so it is the best of three); the median of each, and their ratio.
A decision of :class:`frogspec.sampling_bot.SamplingBot` needs one per imagined deal and
per choice. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import statistics
import time
from collections.abc import Sequence

from benchmarks.solve import position
from frogspec.bots import Bot
from frogspec.engine import Phase, State, apply
from frogspec.solve import solve_value


def play_out(state: State, bot: Bot) -> State:
    """The deal played to the end by ``bot`` in every seat."""
    while state.phase != Phase.OVER:
        state = apply(state, bot.choose(state))
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sampling")
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args(argv)
    rng = random.Random(0)
    bot = Bot(0)
    # One solve and one play-out first, so that no row pays for the first call's set-up.
    warm = position(random.Random(1), 3)
    solve_value(warm)
    play_out(warm, bot)
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    print(f"{today}, Python {platform.python_version()}, {args.positions} positions a row")
    print("| tricks to go | solve, median | play-out by Bot, median | ratio |")
    print("| ---: | ---: | ---: | ---: |")
    for tricks in (2, 3, 4, 5, 6, 7):
        solves, outs = [], []
        for _ in range(args.positions):
            state = position(rng, tricks)
            started = time.perf_counter()
            solve_value(state)
            solves.append(time.perf_counter() - started)
            best = float("inf")
            for _ in range(3):
                started = time.perf_counter()
                play_out(state, bot)
                best = min(best, time.perf_counter() - started)
            outs.append(best)
        s, o = statistics.median(solves), statistics.median(outs)
        print(f"| {tricks} | {s * 1000:.0f} ms | {o * 1000:.2f} ms | {s / o:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
