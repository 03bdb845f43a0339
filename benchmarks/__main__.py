"""Run every benchmark: ``python -m benchmarks [--rounds N]`` (``python3 dev.py bench``).

Prints, from one run: the engine beside its peers (OpenSpiel's skat and hearts when the
``bench`` extra is installed), the throughput of ``frogspec fuzz`` and ``perft``, and the
conformance suite's time, headed by the date, the machine and the versions, ready to
paste. Figures only: nothing here is asserted, and CI runs none of it.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
from collections.abc import Sequence

from benchmarks import conform, engine, peers, throughput


def header(rounds: int) -> str:
    """The line that dates a run and says where and how it was made."""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    openspiel = peers.openspiel_version()
    spiel = f", open-spiel {openspiel}" if openspiel else ", OpenSpiel not installed"
    return (
        f"`python3 dev.py bench --rounds {rounds}`, {now}: Python "
        f"{platform.python_version()}{spiel}, {os.cpu_count()} cores "
        f"({platform.machine()}), load average {_load()}"
    )


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print their tables."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument(
        "--rounds", type=int, default=7, help="interleaved rounds; the best is kept (7)"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error(f"--rounds must be 1 or more, got {args.rounds}")
    print(header(args.rounds))
    print()
    engine.main(args.rounds)
    print()
    throughput.main(max(1, args.rounds // 2))
    print()
    conform.main(max(1, args.rounds // 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
