"""Where a deal's time goes: ``python -m benchmarks.breakdown [--deals N]``, on either build.

Times, in the build that runs it (``frogspec.COMPILED``), each part of
:func:`benchmarks.engine.deals_fast` on its own, in microseconds of CPU time a deal: the
shuffle (:func:`~frogspec.playout.shuffled_pack`), the deal
(:func:`~frogspec.engine.deal_checked`), the auction, widow, trump and play
(:func:`~frogspec.playout.random_playout`) and the settlement
(:func:`~frogspec.engine.outcome`), each over the same deals, best of five. On the pure
build it also counts the calls of rule functions a deal makes (by :mod:`cProfile`, which
does not see compiled functions). Run it on the compiled build with the compiled copy's
Python: ``PYTHONPATH=.cache/compiled/tree .cache/compiled/venv/bin/python -m
benchmarks.breakdown``. Figures only.
"""

from __future__ import annotations

import argparse
import cProfile
import inspect
import pstats
import random
import sys
import time
from collections.abc import Callable, Sequence

import frogspec
from frogspec.engine import State, deal_checked, outcome
from frogspec.playout import random_playout, shuffled_pack
from frogspec.registry import all_rules
from frogspec.rulesets import get_ruleset

__all__ = ["main", "parts", "rule_calls"]


def _best(work: Callable[[], object], rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def parts(deals: int, seed: int = 1) -> dict[str, float]:
    """Microseconds of CPU time a deal for each part of a random deal."""
    rs = get_ruleset("foster-1909")
    rng = random.Random(seed)
    decks = [shuffled_pack(rng) for _ in range(deals)]
    dealt = [deal_checked(rs, 3, 0, deck) for deck in decks]
    finals: list[State] = []

    def shuffle() -> None:
        shuffle_rng = random.Random(seed)
        for _ in range(deals):
            shuffled_pack(shuffle_rng)

    def deal() -> None:
        for deck in decks:
            deal_checked(rs, 3, 0, deck)

    def play() -> None:
        play_rng = random.Random(seed)
        finals[:] = [random_playout(state, play_rng) for state in dealt]

    def settle() -> None:
        for final in finals:
            outcome(final)

    play()
    return {
        name: _best(work) / deals * 1e6
        for name, work in (
            ("shuffle", shuffle),
            ("deal", deal),
            ("auction and play", play),
            ("settlement", settle),
        )
    }


def rule_calls(deals: int, seed: int = 1) -> tuple[int, list[tuple[str, float]]]:
    """On the pure build: the calls of rule functions a deal of ``deals_fast`` makes, all
    told and for the most called, by :mod:`cProfile`."""
    from benchmarks.engine import deals_fast

    profile = cProfile.Profile()
    profile.runcall(deals_fast, deals, seed)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    codes = {}
    for entry in all_rules():
        code = getattr(inspect.unwrap(entry.function), "__code__", None)
        if code is not None:
            codes[code.co_filename, code.co_name] = entry.id
    counted: dict[str, float] = {}
    for (filename, _, name), (_, calls, *_) in stats.items():
        if (filename, name) in codes:
            counted[codes[filename, name]] = calls / deals
    top = sorted(counted.items(), key=lambda item: -item[1])
    return round(sum(counted.values())), top[:8]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.breakdown")
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args(argv)
    build = "compiled" if frogspec.COMPILED else "pure"
    figures = parts(args.deals)
    total = sum(figures.values())
    print(f"{build} build, {args.deals} deals, µs of CPU time a deal (best of 5):")
    print(", ".join(f"{name} {us:.1f}" for name, us in figures.items()) + f"; in all {total:.1f}")
    if not frogspec.COMPILED:
        calls, top = rule_calls(args.deals)
        print(
            f"rule functions called a deal: {calls}; the most: "
            + ", ".join(f"{rule_id} {n:.1f}" for rule_id, n in top)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
