"""How long the whole conformance suite takes against the reference harness, over the pipe.

Run ``.venv/bin/python -m benchmarks.conform``. It runs ``frogspec conform`` (every case of
``spec/vectors/``, the reference started as ``python -m frogspec.harness``) several times
and prints the best time and the cases per second, beside its budget (the whole
suite under 30 seconds). It also times writing the vectors, which the
stale-vectors test does once. Figures only: nothing here is asserted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from frogspec.conform import run_conformance
from frogspec.vectors.generate import build_files

#: The target for the whole suite against the reference.
TARGET_SECONDS = 30.0

T = TypeVar("T")


def _best(rounds: int, work: Callable[[], T]) -> tuple[float, T]:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def main(rounds: int = 3) -> None:
    """Print the conformance suite's figures."""
    seconds, run = _best(rounds, lambda: run_conformance(None))
    cases = len(run.outcomes)
    build, files = _best(1, build_files)
    count = sum(len(vf.cases) for vf in files)
    print(f"The conformance suite, best of {rounds} rounds on the wall clock")
    print()
    print("| what | seconds | per second |")
    print("| --- | ---: | ---: |")
    print(
        f"| `frogspec conform`: every case against the reference over the pipe "
        f"({run.summary_line()}; the budget is {TARGET_SECONDS:g} s) | {seconds:.2f} s "
        f"| {cases / seconds:,.0f} cases |"
    )
    print(
        f"| writing the vectors (the reference answers and traces each case, once) "
        f"| {build:.2f} s | {count / build:,.0f} cases |"
    )


if __name__ == "__main__":
    main()
