"""Measuring side by side: a workload, and how many of its units fill a sample.

Every row of ``python3 dev.py bench`` runs on every build in turn, round after round, for
a count sized to take about the same time (:func:`size`); a figure is the best round's
(:func:`benchmarks.__main__.measure`). Ratios are taken between figures of the same run
only: nothing measured elsewhere or remembered is divided into.

The clock is the process's CPU time (:func:`time.process_time`), which other programs on
a busy machine disturb far less than the wall clock; the work runs on one core.
"""

from __future__ import annotations

import datetime
import os
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Workload", "load_average", "run_date", "size"]


def run_date() -> str:
    """The minute a run is dated by, in UTC, as every benchmark prints it."""
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (``unknown`` where the system
    gives none): a run on a shared machine says how loaded it was."""
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


@dataclass(frozen=True)
class Workload:
    """Something to time: ``run(count)`` does ``count`` units (deals, games, calls)."""

    name: str
    unit: str
    run: Callable[[int], object]


def size(
    run: Callable[[int], object],
    seconds: float,
    clock: Callable[[], float] = time.process_time,
) -> int:
    """How many units of ``run`` take about ``seconds`` by ``clock`` (the runs that find out
    warm it up too): doubling, or ten times, from one unit until a run takes a tenth of it."""
    count = 1
    while True:
        start = clock()
        run(count)
        spent = clock() - start
        if spent >= seconds / 10:
            return max(1, round(count * seconds / max(spent, 1e-9)))
        count *= 10 if spent < seconds / 100 else 2
