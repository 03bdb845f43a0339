"""Measuring side by side: workloads run in turn, round after round, best of N.

Every workload of a comparison runs once per round, in the same order, for a count sized
to take about the same time; a figure is the best round's. Ratios are taken between
figures of the same run only: nothing measured elsewhere or remembered is divided into.

The clock is this process's CPU time (:func:`time.process_time`), which other programs
on a busy machine disturb far less than the wall clock; the work runs on one core.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Figure", "Workload", "format_table", "measure", "ratio"]


@dataclass(frozen=True)
class Workload:
    """Something to time: ``run(count)`` does ``count`` units (deals, games, calls)."""

    name: str
    unit: str
    run: Callable[[int], object]


@dataclass(frozen=True)
class Figure:
    """A workload's best rate in a run, in units per second of CPU time."""

    workload: Workload
    per_second: float
    count: int
    rounds: int


def _seconds(run: Callable[[int], object], count: int, clock: Callable[[], float]) -> float:
    start = clock()
    run(count)
    return clock() - start


def measure(
    workloads: Sequence[Workload],
    rounds: int,
    seconds: float = 0.25,
    clock: Callable[[], float] = time.process_time,
) -> list[Figure]:
    """Time ``workloads`` interleaved: ``rounds`` rounds, each running every workload once
    for about ``seconds``; the best round of each is its figure."""
    if rounds < 1:
        raise ValueError(f"rounds must be 1 or more, got {rounds}")
    counts = []
    for workload in workloads:
        count = 1
        while (spent := _seconds(workload.run, count, clock)) < seconds / 10:
            count *= 10 if spent < seconds / 100 else 2
        counts.append(max(1, round(count * seconds / max(spent, 1e-9))))
    best = [float("inf")] * len(workloads)
    for _ in range(rounds):
        for index, (workload, count) in enumerate(zip(workloads, counts, strict=True)):
            best[index] = min(best[index], _seconds(workload.run, count, clock))
    return [
        Figure(workload, count / max(spent, 1e-9), count, rounds)
        for workload, count, spent in zip(workloads, counts, best, strict=True)
    ]


def ratio(figure: Figure, base: Figure | None) -> str:
    """``figure``'s rate over ``base``'s, from the same run, or a dash without a base."""
    return "—" if base is None else f"{figure.per_second / base.per_second:.2f}"


def format_table(figures: Sequence[Figure], bases: Sequence[tuple[str, Figure | None]]) -> str:
    """A Markdown table of ``figures``, with a column of ratios to each of ``bases``
    (a heading and the figure divided into, ``None`` when it was not measured)."""
    head = ["what", "per second (CPU)", *(f"× {title}" for title, _ in bases)]
    lines = ["| " + " | ".join(head) + " |", "| --- | ---: |" + " ---: |" * len(bases)]
    for figure in figures:
        cells = [
            figure.workload.name,
            f"{figure.per_second:,.0f} {figure.workload.unit}",
            *(ratio(figure, base) for _, base in bases),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
