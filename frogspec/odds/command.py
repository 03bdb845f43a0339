"""``frogspec odds HAND --ruleset R``: the command line over the odds (sampling, report)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from frogspec.arguments import seconds, whole_number
from frogspec.errors import FrogError
from frogspec.estimate import estimate
from frogspec.odds.lay_aways import LAY_AWAY_CHOICES, THREE_LAY_AWAYS
from frogspec.odds.positions import SEATS, parse_hand
from frogspec.odds.report import (
    ProgressBar,
    _how_far,
    _samples,
    _wrapped,
    format_estimate,
    format_odds,
)
from frogspec.odds.sampling import (
    DEFAULT_SECONDS,
    MAX_SAMPLES,
    STOPPED_BY_INTERRUPT,
    hand_odds,
    max_workers,
)


def _cmd_odds(args: argparse.Namespace) -> int:
    if args.quick:
        try:
            hand = parse_hand(" ".join(args.hand))
            rows = estimate(hand, args.ruleset, seat=args.seat, players=args.players)
            print(format_estimate(rows, hand, args.ruleset, args.seat, args.players))
        except FrogError as error:
            print(f"frogspec odds: {error}", file=sys.stderr)
            return 2
        return 0
    workers = args.workers
    if workers > max_workers():
        print(
            f"frogspec odds: {workers} workers is more than this machine can use "
            f"({os.cpu_count()} cores): {max_workers()} workers",
            file=sys.stderr,
        )
        workers = max_workers()
    # A count of samples alone runs them all; a budget alone (the default) as many as fit.
    seconds = args.seconds
    if seconds is None and args.samples is None:
        seconds = DEFAULT_SECONDS
    samples = MAX_SAMPLES if args.samples is None else args.samples
    bar = ProgressBar(samples, seconds=seconds)
    try:
        hand = parse_hand(" ".join(args.hand))
        odds = hand_odds(
            hand, args.ruleset, args.seat, samples, args.seed, workers,
            progress=bar, seconds=seconds, lay_aways=args.lay_aways, players=args.players,
        )  # fmt: skip
    except FrogError as error:
        bar.finish()
        print(f"frogspec odds: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        bar.finish()
        print("frogspec odds: interrupted before the first sample was done", file=sys.stderr)
        return 130
    bar.finish()
    print(format_odds(odds))
    print()
    # The estimate's ranges for the samples run (past 10,000: the hand's own value).
    samples = odds.samples if odds.samples <= 10_000 else None
    guess = estimate(odds.hand, odds.ruleset, seat=odds.seat, players=odds.players, samples=samples)
    print("\n".join(_wrapped(_how_far(guess, odds))))
    if odds.stopped == STOPPED_BY_INTERRUPT:
        print(
            f"frogspec odds: interrupted: the odds of the {_samples(odds.samples)} done",
            file=sys.stderr,
        )
        return 130
    return 0


def register(subparsers: Any) -> None:
    """Add ``odds`` to the ``frogspec`` command."""
    parser = subparsers.add_parser(
        "odds",
        help="a hand's chance of winning and expected payment in each contract (double-dummy)",
        description="Deal the unseen cards at random many times, solve each contract "
        "double-dummy, and print each contract's chance of winning and expected payment with "
        "95% intervals; the footer says how double-dummy figures compare with play with "
        f"hidden cards. By default it samples for {DEFAULT_SECONDS:.0f} seconds on as many "
        "worker processes as the machine has cores (the compiled build, FROGSPEC_COMPILE=1 "
        "at install, solves several times faster: see the rulebook's Benchmarks page). The samples are "
        "the first of the "
        "seed's, so the same seed and count give the same numbers. Ctrl-C stops it with the "
        "odds of the samples done. Analysis, not rules.",
    )
    parser.add_argument(
        "hand", nargs="+", help="the eleven cards, like AH 10H KH ... or AH10HKH..."
    )
    parser.add_argument(
        "--ruleset",
        required=True,
        help="a ruleset id, like foster-1909, with any options as a position writes them: "
        "official-1922-solo[penalty_frog=true]",
    )
    parser.add_argument(
        "--seat", choices=list(SEATS), default="eldest", help="the bidder's seat (default: eldest)"
    )
    parser.add_argument(
        "--players",
        type=whole_number(3, 5),
        default=3,
        help="the table's size, 3 to 5 where the ruleset allows (default: 3): the cards go "
        "to three, the others sit out and settle",
    )
    parser.add_argument(
        "--seconds",
        type=seconds,
        default=None,
        help=f"the time budget: stop when it is spent, once a sample is done (default: "
        f"{DEFAULT_SECONDS:.0f}, or none when --samples is given)",
    )
    parser.add_argument(
        "--samples",
        type=whole_number(1, MAX_SAMPLES),
        default=None,
        help="exactly this many samples, however long they take (with --seconds: whichever "
        "comes first; default: as many as fit in the time budget)",
    )
    parser.add_argument(
        "--seed", type=whole_number(0, 2**63), default=0, help="the samples' seed (default: 0)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="no sampling: the estimate from the hand's features together, fitted to the "
        "hand-worth data (frogspec.estimate), at once",
    )
    parser.add_argument(
        "--lay-aways",
        choices=LAY_AWAY_CHOICES,
        default=THREE_LAY_AWAYS,
        help="a Frog's lay-away: the best of three candidates, a lower bound on its value "
        "('three', the default), or of every lay-away, exact and about ten times slower "
        "('every')",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(1),
        default=min(os.cpu_count() or 1, max_workers()),
        help=f"worker processes (default: the machine's cores, here {os.cpu_count()}; at most "
        f"{max_workers()}, twice the cores up to 16)",
    )
    parser.set_defaults(handler=_cmd_odds)
