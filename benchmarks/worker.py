"""One build's side of ``python3 dev.py bench``: a process that times what it is asked to.

``python -m benchmarks.worker`` reads requests, one JSON object a line, on its standard
input and answers each with one line on its standard output:

- ``{"op": "hello"}``: which frogspec this process imports (``frogspec.COMPILED``, the
  file) and its Python;
- ``{"op": "size", "row": NAME, "seconds": S}``: how many units of the row take about
  ``S`` seconds here (one, for a row of two processes);
- ``{"op": "time", "row": NAME, "count": N}``: runs the row for ``N`` units and answers the
  seconds it took (CPU time of this process, and for a row of two processes of the ones
  it started too)
  and the work done (deals, positions, nodes...).

Each build (the pure working tree, the compiled copy, the peer) runs in a process of its
own, so that no two share an interpreter; :mod:`benchmarks.__main__` asks them in turn.
What a row runs is set up on first use, so the peer's process never imports frogspec's
engine, and frogspec's never imports OpenSpiel.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from benchmarks.timing import size

__all__ = ["ROWS", "Row", "main", "serve"]

#: The number of examples of the fuzzing row (``frogspec fuzz --examples 1000``).
FUZZ_EXAMPLES = 1000
#: Positions the solver's row solves in turn, and the tricks each has still to play.
SOLVER_POSITIONS, SOLVER_TRICKS = 4, 6


@dataclass(frozen=True)
class Row:
    """A benchmark row: ``setup()`` gives ``run(count)``, which does ``count`` units of work
    and returns the work done in the row's ``unit`` (anything but a number: ``count``)."""

    unit: str
    # Two processes work (the engine under test over the pipe): the CPU time of both is
    # counted, which a loaded machine disturbs far less than the wall clock.
    two_processes: bool
    setup: Callable[[], Callable[[int], object]]


def _random_playout() -> Callable[[int], None]:
    from benchmarks import engine

    return engine.deals_fast


def _api() -> Callable[[int], None]:
    from benchmarks import engine

    return engine.deals_immutable


def _ceiling() -> Callable[[int], None]:
    from benchmarks import ceiling

    def run(count: int) -> None:
        ceiling.deals(count)

    return run


def _skat() -> Callable[[int], object]:
    from benchmarks import peers

    (skat,) = peers.workloads(["skat"])
    return skat.run


def _legal_plays() -> Callable[[int], object]:
    from benchmarks import engine

    return engine.legal_plays_workload().run


def _perft() -> Callable[[int], float]:
    from benchmarks import throughput

    request, state = throughput.perft_position()
    positions = throughput.positions_below(state)
    from frogspec.harness import handle

    def run(count: int) -> float:
        for index in range(count):
            answer = handle({"id": index, **request})
            if "result" not in answer:
                raise RuntimeError(f"perft failed: {answer}")
        return count * positions

    return run


def _solver() -> Callable[[int], float]:
    import random

    from benchmarks.throughput import grand_position
    from frogspec.solve import solve

    rng = random.Random(0)
    positions = [grand_position(rng, SOLVER_TRICKS)[1] for _ in range(SOLVER_POSITIONS)]

    def run(count: int) -> float:
        return float(sum(solve(positions[i % len(positions)]).nodes for i in range(count)))

    return run


def _fuzz() -> Callable[[int], float]:
    from benchmarks import throughput

    def run(count: int) -> float:
        for _ in range(count):
            throughput.fuzz_examples(FUZZ_EXAMPLES)
        return float(count * FUZZ_EXAMPLES)

    return run


def _diagnosis() -> Callable[[int], float]:
    from benchmarks import diagnosis

    def run(count: int) -> float:
        failures = 0
        for _ in range(count):
            _, failures, _ = diagnosis.timed(diagnosis.FAULTS)
        return float(failures)  # the failures of the (last) run, to show

    return run


def _conform() -> Callable[[int], float]:
    from frogspec.conform import run_conformance

    def run(count: int) -> float:
        cases = 0
        for _ in range(count):
            cases = len(run_conformance(None).outcomes)
        return float(cases)

    return run


#: Every row a worker can time, by name.
ROWS: dict[str, Row] = {
    "random_playout": Row("deals", False, _random_playout),
    "api": Row("deals", False, _api),
    "ceiling": Row("deals", False, _ceiling),
    "skat": Row("games", False, _skat),
    "legal_plays": Row("calls", False, _legal_plays),
    "perft": Row("positions", False, _perft),
    "solver": Row("nodes", False, _solver),
    "fuzz": Row("examples", True, _fuzz),
    "diagnosis": Row("failures", True, _diagnosis),
    "conform": Row("cases", True, _conform),
}


def _with_children() -> float:
    # This process's CPU time and that of the processes it started and has waited for.
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _seconds(run: Callable[[int], object], count: int, two_processes: bool) -> tuple[float, float]:
    clock = _with_children if two_processes else time.process_time
    start = clock()
    done = run(count)
    return clock() - start, float(done) if isinstance(done, (int, float)) else float(count)


class _Worker:
    def __init__(self) -> None:
        self.runs: dict[str, Callable[[int], object]] = {}

    def run_of(self, name: str) -> Callable[[int], object]:
        if name not in self.runs:
            self.runs[name] = ROWS[name].setup()
        return self.runs[name]

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request["op"]
        if op == "hello":
            import frogspec

            return {
                "compiled": frogspec.COMPILED,
                "frogspec": os.path.dirname(frogspec.__file__ or ""),
                "python": sys.version.split()[0],
            }
        row = ROWS[request["row"]]
        run = self.run_of(request["row"])
        if op == "size":
            return {"count": 1 if row.two_processes else size(run, request["seconds"])}
        if op == "time":
            seconds, done = _seconds(run, request["count"], row.two_processes)
            return {"seconds": seconds, "done": done}
        raise ValueError(f"unknown op {op!r}")


def serve(requests: TextIO, answers: TextIO) -> None:
    """Answer each request line with one line, until the input ends."""
    worker = _Worker()
    for line in requests:
        if not line.strip():
            continue
        try:
            reply = worker.answer(json.loads(line))
        except Exception as error:  # the parent says which row failed, and how
            reply = {"error": f"{type(error).__name__}: {error}"}
        answers.write(json.dumps(reply) + "\n")
        answers.flush()


def main() -> int:
    """Serve on standard input and output; anything a row prints goes to standard error."""
    answers = sys.stdout
    sys.stdout = sys.stderr
    serve(sys.stdin, answers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
