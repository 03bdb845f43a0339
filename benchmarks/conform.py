"""How long the whole conformance suite takes against the reference harness, over the pipe.

Run ``.venv/bin/python -m benchmarks.conform``. It runs ``frogspec conform`` (every case of
``spec/vectors/``, the reference started as ``python -m frogspec.harness``) several times
and prints the best time, the cases per second and the ratio to the target of the
conformance issue (the whole suite under 30 seconds). It also times writing the vectors,
which the stale-vectors test does once. Figures only: nothing here is asserted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from frogspec.conform import run_conformance
from frogspec.conformance.generate import build_files

#: The conformance issue's target for the whole suite against the reference.
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
    line = run.summary_line()
    print("conformance suite against the reference harness, over the pipe")
    print(
        f"  whole suite: {seconds:6.2f} s for {cases} cases ({cases / seconds:,.0f} cases/s)"
        f"  = {seconds / TARGET_SECONDS:.3f} x the {TARGET_SECONDS:g} s target  [{line}]"
    )
    build, files = _best(1, build_files)
    count = sum(len(vf.cases) for vf in files)
    print(f"  writing the vectors (the reference answers and traces each case): {build:6.2f} s"
          f" for {count} cases")


if __name__ == "__main__":
    main()
