"""What an exact Frog costs: ``python -m benchmarks.lay_away [--deals N] [--source S]``.

For deals of the hand-worth data (``--source worth``: the deals of seed 21, as
``frogspec/data/worth.json`` holds them) or samples of ``frogspec odds`` for a hand
(``--source odds``), finds the Frog's best lay-away two ways, interleaved (the order
alternating from deal to deal): among :func:`frogspec.odds.lay_away_candidates` (three,
a lower bound) and among :func:`frogspec.odds.every_lay_away` (exact: one of each set of
lay-aways that play alike, the others only tested for beating the best so far). Prints per
deal both values, the lay-aways tried and the CPU time of each way, then the totals and
whether the build is compiled. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time
from collections.abc import Sequence

import frogspec
from frogspec.odds import (
    EVERY_LAY_AWAY,
    FROG,
    THREE_LAY_AWAYS,
    every_lay_away,
    parse_hand,
    sample_deal,
    solve_plays,
    solver_points,
)
from frogspec.rulesets import get_ruleset
from frogspec.worth import deal_hands

HAND = "AH 10H KH QH 9H AS 10S KD 7D AC 6C"


def _deal(source: str, index: int, hand: int) -> tuple[list[int], int]:
    if source == "worth":
        hands, widow = deal_hands(21, index)
        return list(hands), widow
    first, second, widow = sample_deal(hand, 0, index)
    return [hand, first, second], widow


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison and print it."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lay_away")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--source", choices=("worth", "odds"), default="worth")
    parser.add_argument("--hand", default=HAND, help="the hand, for --source odds")
    args = parser.parse_args(argv)
    rs = get_ruleset("foster-1909")
    hand = parse_hand(args.hand)
    build = "compiled" if frogspec.COMPILED else "pure"
    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {build} build, "
        f"Python {platform.python_version()}, {args.deals} deals ({args.source})"
    )
    print(f"{'deal':>4} {'three':>6} {'every':>6} {'tried':>6} {'s three':>8} {'s every':>8}")
    totals = {THREE_LAY_AWAYS: 0.0, EVERY_LAY_AWAY: 0.0}
    raised = []
    for index in range(args.deals):
        hands, widow = _deal(args.source, index, hand)
        found: dict[str, int] = {}
        spent: dict[str, float] = {}
        ways = (THREE_LAY_AWAYS, EVERY_LAY_AWAY)
        for way in ways if index % 2 == 0 else reversed(ways):
            started = time.process_time()
            found[way] = solve_plays(rs, hands, widow, 0, (FROG,), solver_points, lay_aways=way)[
                FROG
            ][0]
            spent[way] = time.process_time() - started
            totals[way] += spent[way]
        tried = len(every_lay_away(hands[0] | widow))
        if found[EVERY_LAY_AWAY] > found[THREE_LAY_AWAYS]:
            raised.append(found[EVERY_LAY_AWAY] - found[THREE_LAY_AWAYS])
        print(
            f"{index:>4} {found[THREE_LAY_AWAYS]:>6} {found[EVERY_LAY_AWAY]:>6} {tried:>6} "
            f"{spent[THREE_LAY_AWAYS]:>8.2f} {spent[EVERY_LAY_AWAY]:>8.2f}",
            flush=True,
        )
    print(
        f"CPU seconds: three {totals[THREE_LAY_AWAYS]:.1f}, every {totals[EVERY_LAY_AWAY]:.1f} "
        f"(x{totals[EVERY_LAY_AWAY] / max(totals[THREE_LAY_AWAYS], 1e-9):.1f}); the exact value "
        f"higher on {len(raised)} of {args.deals} deals, by {sorted(raised)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
