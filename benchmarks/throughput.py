"""Where users wait: the workloads of ``perft``, ``frogspec fuzz`` and the solver's row.

``perft`` is timed through the harness's :func:`~frogspec.harness.handle` in the worker's
process (parsing the request, replaying its actions, counting), in positions visited per
second of CPU time. ``frogspec fuzz`` is timed as a user runs it, against the reference
harness started over the pipe (``python -m frogspec.harness``) with a fixed seed; the
worker counts the CPU time of both processes. The solver's positions are
Grands a few tricks before the end, reached by random legal cards.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from frogspec.engine import Action, Phase, State, apply, legal_actions, new_deal, parse_action
from frogspec.fuzz import fuzz
from frogspec.rules.cards import CARDS, format_card
from frogspec.rules.play import TRICKS

__all__ = ["fuzz_examples", "grand_position", "perft_position", "positions_below"]

#: Tricks left to play in the perft position (all its lines are counted to the end).
PERFT_TRICKS_LEFT = 4


def grand_position(
    rng: random.Random, tricks_left: int, deck: list[int] | None = None
) -> tuple[list[Action], State]:
    """Eldest's Grand on ``deck`` (a pack shuffled by ``rng`` if ``None``), played by random
    legal cards to the lead of a trick with ``tricks_left`` tricks to go: the actions and
    the state."""
    if deck is None:
        deck = list(CARDS)
        rng.shuffle(deck)
    actions: list[Action] = [parse_action("grand")]
    state = apply(new_deal("foster-1909", 3, 0, deck), actions[0])
    while state.phase == Phase.PLAY and state.tricks < TRICKS - tricks_left:
        options = legal_actions(state)
        actions.append(options[int(rng.random() * len(options))])
        state = apply(state, actions[-1])
    return actions, state


def perft_position(seed: int = 3) -> tuple[dict[str, Any], State]:
    """A ``perft`` request (without an id) at a Grand with :data:`PERFT_TRICKS_LEFT` tricks
    to play, reached by random legal cards, and the state it names."""
    actions, state = grand_position(random.Random(seed), PERFT_TRICKS_LEFT, list(CARDS))
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


def fuzz_examples(examples: int, seed: int = 1) -> float:
    """Seconds on the wall clock for ``frogspec fuzz --examples EXAMPLES`` against the
    reference harness over the pipe (its start included)."""
    start = time.perf_counter()
    result = fuzz([sys.executable, "-m", "frogspec.harness"], examples=examples, seed=seed)
    seconds = time.perf_counter() - start
    if result.disagreement is not None:
        raise RuntimeError("the reference disagreed with itself under fuzzing")
    return seconds
