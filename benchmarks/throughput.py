"""Throughput where users wait: ``frogspec fuzz`` examples and ``perft`` positions per second.

``frogspec fuzz`` is timed as a user runs it: the default number of examples, against the
reference harness started over the pipe (``python -m frogspec.harness``), with a fixed
seed; the wall clock is the measure, since two processes work and wait on each other.
``perft`` is timed through the harness's :func:`~frogspec.harness.handle` in this
process (parsing the request, replaying its actions, counting), in positions visited per
second of CPU time. Both are best of several rounds (:mod:`benchmarks.timing`).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from benchmarks.timing import Figure, Workload, format_table, measure
from frogspec.cards import CARDS, format_card
from frogspec.engine import Action, Phase, State, apply, legal_actions, new_deal, parse_action
from frogspec.fuzz import DEFAULT_EXAMPLES, fuzz
from frogspec.harness import handle

__all__ = ["fuzz_examples", "main", "perft_position", "positions_below"]

#: Tricks left to play in the perft position (all its lines are counted to the end).
PERFT_TRICKS_LEFT = 4


def perft_position(seed: int = 3) -> tuple[dict[str, Any], State]:
    """A ``perft`` request (without an id) at a Grand with :data:`PERFT_TRICKS_LEFT` tricks
    to play, reached by random legal cards, and the state it names."""
    rng = random.Random(seed)
    state = apply(new_deal("foster-1909", 3, 0, CARDS), parse_action("grand"))
    actions: list[Action] = [parse_action("grand")]
    while state.phase == Phase.PLAY and state.tricks < 11 - PERFT_TRICKS_LEFT:
        options = legal_actions(state)
        actions.append(options[int(rng.random() * len(options))])
        state = apply(state, actions[-1])
    request = {
        "op": "perft",
        "ruleset": "foster-1909",
        "options": {},
        "players": 3,
        "dealer": 0,
        "deck": [format_card(c) for c in CARDS],
        "actions": [str(a) for a in actions],
    }
    return request, state


def positions_below(state: State) -> int:
    """The positions perft visits from ``state`` to the end of the deal, ``state`` included."""
    return 1 + sum(positions_below(apply(state, a)) for a in legal_actions(state))


def _perft(rounds: int) -> Figure:
    request, state = perft_position()
    positions = positions_below(state)

    def run(count: int) -> None:
        for index in range(count):
            answer = handle({"id": index, **request})
            assert "result" in answer, answer

    title = (
        f"`perft` through the harness: a Grand, {PERFT_TRICKS_LEFT} tricks to play "
        f"({positions:,} positions a request)"
    )
    (requests,) = measure([Workload(title, "requests", run)], rounds)
    # Requests per second, counted in the positions each visits.
    return Figure(
        Workload(title, "positions", run),
        requests.per_second * positions,
        requests.count * positions,
        rounds,
    )


def fuzz_examples(examples: int = DEFAULT_EXAMPLES, seed: int = 1) -> float:
    """Seconds on the wall clock for ``frogspec fuzz`` of ``examples`` examples against the
    reference harness over the pipe (its start included)."""
    start = time.perf_counter()
    result = fuzz([sys.executable, "-m", "frogspec.harness"], examples=examples, seed=seed)
    seconds = time.perf_counter() - start
    if result.disagreement is not None:
        raise RuntimeError("the reference disagreed with itself under fuzzing")
    return seconds


def main(rounds: int = 3) -> list[Figure]:
    """Print the fuzzer's and perft's figures."""
    print(f"Throughput where users wait, best of {rounds} rounds")
    print()
    figures = [_perft(rounds)]
    best = min(fuzz_examples() for _ in range(rounds))
    fuzzing = Workload(
        f"`frogspec fuzz` against the reference over the pipe ({DEFAULT_EXAMPLES} examples, "
        f"the default; {best:.1f} s on the wall clock, the harness's start included)",
        "examples",
        lambda count: None,
    )
    figures.append(Figure(fuzzing, DEFAULT_EXAMPLES / best, DEFAULT_EXAMPLES, rounds))
    print(format_table(figures, []).replace("per second (CPU)", "per second"))
    return figures


if __name__ == "__main__":
    main()
