"""How fast the engine plays: the workloads of random complete deals, and of the play's rule.

:func:`deals_fast` (``random_playout``) and :func:`deals_immutable` (``legal_actions`` /
``apply``) play the same random deals of ``foster-1909`` at three players;
``python3 dev.py bench`` (:mod:`benchmarks.__main__`) times them on each build beside
OpenSpiel's skat (:mod:`benchmarks.peers`) and the ceiling (:mod:`benchmarks.ceiling`).
"""

from __future__ import annotations

import random

from benchmarks.timing import Workload
from frogspec.engine import Phase, apply, legal_actions, new_deal, outcome
from frogspec.playout import random_deal, shuffled_pack
from frogspec.rules.cards import CARDS, Suit
from frogspec.rules.play import legal_plays
from frogspec.rulesets import get_ruleset

__all__ = [
    "deals_fast",
    "deals_immutable",
    "legal_play_inputs",
    "legal_plays_workload",
]

RULESET = "foster-1909"
PLAYERS = 3


def deals_fast(count: int, seed: int = 1) -> None:
    """``count`` random complete deals by :func:`~frogspec.playout.random_playout`:
    shuffle, deal, auction, play and settlement."""
    rs = get_ruleset(RULESET)
    rng = random.Random(seed)
    for _ in range(count):
        outcome(random_deal(rs, PLAYERS, 0, rng)[1])


def deals_immutable(count: int, seed: int = 1) -> None:
    """The same through the public API: a new immutable state at every action."""
    rng = random.Random(seed)
    random_float = rng.random
    for _ in range(count):
        state = new_deal(RULESET, PLAYERS, 0, shuffled_pack(rng))
        while state.phase != Phase.OVER:
            options = legal_actions(state)
            state = apply(state, options[int(random_float() * len(options))])
        outcome(state)


def legal_play_inputs(count: int, seed: int = 2) -> list[tuple[int, tuple[int, ...], Suit | None]]:
    """Hands, tricks and trumps met in random deals, for the legal-play benchmark."""
    rng = random.Random(seed)
    inputs: list[tuple[int, tuple[int, ...], Suit | None]] = []
    while len(inputs) < count:
        deck = list(CARDS)
        rng.shuffle(deck)
        state = new_deal(RULESET, PLAYERS, 0, deck)
        state = apply(state, legal_actions(state)[3])  # grand: straight to the play
        while state.phase == Phase.PLAY:
            assert state.to_act is not None
            inputs.append((state.hands[state.to_act], state.trick, state.trump))
            options = legal_actions(state)
            state = apply(state, options[int(rng.random() * len(options))])
    return inputs[:count]


def legal_plays_workload() -> Workload:
    """Calls of :func:`~frogspec.rules.play.legal_plays` on hands and tricks met in random deals."""
    inputs = legal_play_inputs(20_000)

    def run(count: int) -> None:
        for start in range(0, count, len(inputs)):
            for hand, trick, trump in inputs[: count - start]:
                legal_plays(hand, trick, trump)

    return Workload("frogspec `legal_plays` (the rules of the play, one card)", "calls", run)
