"""``frogspec odds``'s time: ``python -m benchmarks.odds [--samples N] [--workers W]``.

For a fixed hand (``--hand``, bid by eldest under ``--ruleset``) and the samples of
``frogspec odds`` (seed 0), solves each sample twice, interleaved (the order alternating
from sample to sample): the old way, every lay-away of every play solved exactly
(:func:`frogspec.odds.solve_plays_exhaustively`, then each contract's best play), and the
new way, each contract's best found with one exact solve and one-sided tests
(:func:`frogspec.odds.solve_contracts`); both with the bot play-outs the odds make. Prints
per sample the exact solves and tests each made and the CPU time, and the totals. With
``--workers W`` (more than 1) or ``--no-compare`` it then also (or only) times the whole of ``frogspec odds``
(:func:`frogspec.odds.hand_odds`) on W processes, by the clock and the CPU time of them all.
Whether the build is compiled is printed with it. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import time
from collections.abc import Sequence

import frogspec
from benchmarks.timing import load_average, run_date
from frogspec.engine import State
from frogspec.odds import (
    SEATS,
    contract_plays,
    hand_odds,
    parse_hand,
    sample_deal,
    solve_contracts,
    solve_plays_exhaustively,
)
from frogspec.rulesets import get_ruleset
from frogspec.solve import solve_value, sure_of

HAND = "AH 10H KH QH JH 9H AS 10S AC 10C AD"


class _Counted:
    """The solver and its one-sided test, counting their calls."""

    def __init__(self) -> None:
        self.solves = 0
        self.tests = 0

    def solve(self, state: State) -> int:
        self.solves += 1
        return solve_value(state)

    def sure(self, state: State, points: int) -> bool:
        self.tests += 1
        return sure_of(state, points)


def _cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.odds")
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--ruleset", default="foster-1909")
    parser.add_argument("--hand", default=HAND)
    parser.add_argument("--seat", default="eldest", choices=list(SEATS))
    parser.add_argument(
        "--no-compare", action="store_true", help="only the whole of frogspec odds (--workers)"
    )
    args = parser.parse_args(argv)
    rs = get_ruleset(args.ruleset)
    hand = parse_hand(args.hand)
    place = SEATS[args.seat]
    groups = tuple(contract_plays(rs).values())
    plays = tuple(sorted({p for group in groups for p in group}))
    now = run_date()
    build = "compiled" if frogspec.COMPILED else "pure"
    print(
        f"`python -m benchmarks.odds --samples {args.samples} --workers {args.workers} "
        f"--ruleset {args.ruleset} --seat {args.seat}{' --no-compare' * args.no_compare}`, {now}: {build} build, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores, load average " + load_average()
    )
    print(f"hand {args.hand}; plays {', '.join(plays)}; contracts' plays {groups}")
    totals = {"old": [0, 0, 0.0], "new": [0, 0, 0.0]}
    for index in range(0 if args.no_compare else args.samples):
        first, second, widow = sample_deal(hand, 0, index)
        hands = [first, second]
        hands.insert(place, hand)
        figures = {}
        for way in ("old", "new") if index % 2 == 0 else ("new", "old"):
            counted = _Counted()
            start = time.process_time()
            if way == "old":
                found = solve_plays_exhaustively(
                    rs, hands, widow, place, plays, counted.solve, bot_seed=index
                )
                points = [max(found[p][0] for p in group) for group in groups]
            else:
                rows = solve_contracts(
                    rs, hands, widow, place, groups, counted.solve, index, sure=counted.sure
                )
                points = [row[1] for row in rows]
            seconds = time.process_time() - start
            figures[way] = (points, counted.solves, counted.tests, seconds)
            totals[way][0] += counted.solves
            totals[way][1] += counted.tests
            totals[way][2] += seconds
        same = "same" if figures["old"][0] == figures["new"][0] else "DIFFERENT"
        print(
            f"sample {index}: points {figures['new'][0]} ({same}); old {figures['old'][1]} "
            f"solves {figures['old'][3]:.2f} s; new {figures['new'][1]} solves + "
            f"{figures['new'][2]} tests {figures['new'][3]:.2f} s"
        )
    old, new = totals["old"], totals["new"]
    if not args.no_compare:
        print(
            f"{args.samples} samples, CPU time: old {old[0]} solves, {old[2]:.1f} s "
            f"({old[2] / args.samples:.2f} s a sample); new {new[0]} solves + {new[1]} tests, "
            f"{new[2]:.1f} s ({new[2] / args.samples:.2f} s a sample); new/old {new[2] / old[2]:.2f}"
        )
    if args.workers > 1 or args.no_compare:
        start, start_cpu = time.perf_counter(), _cpu()
        hand_odds(hand, rs, args.seat, args.samples, 0, args.workers)
        clock, cpu = time.perf_counter() - start, _cpu() - start_cpu
        print(
            f"frogspec odds, {args.samples} samples on {args.workers} workers: {clock:.1f} s "
            f"by the clock, {cpu:.1f} s CPU time of all the processes"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
