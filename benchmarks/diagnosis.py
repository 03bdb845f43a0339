"""How long diagnosing an engine with about a hundred failures takes, on the wall clock.

Run ``.venv/bin/python -m benchmarks.diagnosis``. It runs ``frogspec conform`` against
pyfrog (``tests/conformance/engines/python/frog_engine.py``, an engine written apart from
frogspec) with faults switched on (:data:`FAULTS`), so that about a hundred cases fail,
and prints the best time of the whole run (the cases, the diagnosis of every failure, the
probing of the engine's unit ops, the deviations), the failures, and the time of the run
without any fault for comparison, beside its target (under 20 s). Figures
only: nothing here is asserted.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from frogspec.conform import run_conformance

#: The target: diagnosing an engine with 100 failures, on this 2-core machine.
TARGET_SECONDS = 20.0

#: pyfrog's faults for the run: two departures (the Grand rate, the play) that fail about a hundred cases.
FAULTS = ("grand-x3", "overtrump-duty")

ENGINE = Path(__file__).resolve().parent.parent / "tests/conformance/engines/python/frog_engine.py"


def timed(faults: tuple[str, ...]) -> tuple[float, int, int]:
    """Seconds on the wall clock, failures and deviations of one run against pyfrog with
    ``faults``."""
    switches = [part for fault in faults for part in ("--fault", fault)]
    start = time.perf_counter()
    run = run_conformance([sys.executable, str(ENGINE), *switches])
    return time.perf_counter() - start, run.failed, len(run.deviations)


def main(rounds: int = 3) -> None:
    """Print the diagnosis's figures, best of ``rounds`` interleaved rounds."""
    best: dict[tuple[str, ...], tuple[float, int, int]] = {}
    for _ in range(rounds):
        for faults in ((), FAULTS):
            figures = timed(faults)
            if faults not in best or figures[0] < best[faults][0]:
                best[faults] = figures
    clean, faulty = best[()], best[FAULTS]
    print(f"Diagnosing an engine, best of {rounds} interleaved rounds on the wall clock")
    print()
    print("| what | seconds | failures | deviations |")
    print("| --- | ---: | ---: | ---: |")
    print(
        f"| `frogspec conform` against pyfrog `--fault {' --fault '.join(FAULTS)}`: every case, "
        f"each failure diagnosed, the unit ops probed (the target is {TARGET_SECONDS:g} s) "
        f"| {faulty[0]:.2f} s | {faulty[1]} | {faulty[2]} |"
    )
    print(
        f"| the same against pyfrog without a fault | {clean[0]:.2f} s | {clean[1]} | {clean[2]} |"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
