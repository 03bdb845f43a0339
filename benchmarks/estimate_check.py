"""How far the estimate is from the sampled odds: ``python -m benchmarks.estimate_check``.

For hands of the deals the estimate (:mod:`frogspec.estimate`) was not fitted on (every
fifth deal of the hand-worth data, eldest's hand), runs :func:`frogspec.odds.hand_odds`
(``--samples`` samples, seed 0, ``--workers`` processes) and prints, per contract, the
estimate's payment with its fit interval beside the sampled mean payment with its interval,
and whether the estimate lies inside the sampled interval. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time
from collections.abc import Sequence

import frogspec
from frogspec.estimate import FOLDS, HELD_OUT, estimate
from frogspec.odds import hand_odds
from frogspec.rules.cards import format_cards
from frogspec.worth import load


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison and print it."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.estimate_check")
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--samples", type=int, default=6)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ruleset", default="foster-1909")
    args = parser.parse_args(argv)
    build = "compiled" if frogspec.COMPILED else "pure"
    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {build} build, Python "
        f"{platform.python_version()}, {args.hands} held-out hands, {args.samples} samples each"
    )
    data = load()
    held_out = [row for i, row in enumerate(data.rows) if i % FOLDS == HELD_OUT]
    inside = total = 0
    for row in held_out[: args.hands]:
        hand = row[0]
        started = time.monotonic()
        odds = hand_odds(hand, args.ruleset, "eldest", args.samples, 0, args.workers)
        print(f"{' '.join(format_cards(hand))} ({time.monotonic() - started:.0f} s)")
        for guess, sampled in zip(estimate(hand, args.ruleset), odds.contracts, strict=True):
            low, high = sampled.payment_interval
            hit = low <= guess.payment <= high
            inside += hit
            total += 1
            print(
                f"  {guess.name:<8} estimate {guess.payment:+7.1f} "
                f"({guess.payment_interval[0]:+.1f} to {guess.payment_interval[1]:+.1f}); "
                f"sampled {sampled.mean_payment:+7.1f} ({low:+.1f} to {high:+.1f}): "
                f"{'inside' if hit else 'outside'}"
            )
    print(f"the estimate inside the sampled interval: {inside} of {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
