"""How fast the engine plays: random complete deals per second, legal-play calls per second.

Run ``python3 dev.py bench`` (or ``.venv/bin/python -m benchmarks``). Each figure is the
best of several rounds on one core, and is printed with its ratio to the target of the
engine issue and to two reference points measured on this kind of machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from frogspec.cards import CARDS
from frogspec.engine import Phase, apply, legal_actions, new_deal, outcome
from frogspec.play import legal_plays
from frogspec.playout import random_deal

#: Targets of the engine issue, and what others achieve on this machine.
TARGET_DEALS = 15_000
TARGET_LEGAL = 1_000_000
JS_ENGINE_DEALS = 5_500
OPENSPIEL_SKAT_GAMES = 6_400


def _best_rate(run: Callable[[int], None], count: int, rounds: int = 10) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run(count)
        best = min(best, time.perf_counter() - start)
    return count / best


def deals_fast(count: int, seed: int = 1) -> None:
    """``count`` random complete deals (shuffle, deal, auction, play, settlement)."""
    rng = random.Random(seed)
    for _ in range(count):
        _, _, final = random_deal("foster-1909", 3, 0, rng)
        outcome(final)


def deals_immutable(count: int, seed: int = 1) -> None:
    """The same through the public API: a new immutable state at every action."""
    rng = random.Random(seed)
    random_float = rng.random
    for _ in range(count):
        deck = sorted(CARDS, key=lambda _: random_float())  # as random_deal shuffles
        state = new_deal("foster-1909", 3, 0, deck)
        while state.phase != Phase.OVER:
            options = legal_actions(state)
            state = apply(state, options[int(rng.random() * len(options))])
        outcome(state)


def legal_play_inputs(count: int, seed: int = 2) -> list[tuple[int, tuple[int, ...], object]]:
    """Hands, tricks and trumps met in random deals, for the legal-play benchmark."""
    rng = random.Random(seed)
    inputs: list[tuple[int, tuple[int, ...], object]] = []
    while len(inputs) < count:
        deck = list(CARDS)
        rng.shuffle(deck)
        state = apply(
            new_deal("foster-1909", 3, 0, deck),
            legal_actions(new_deal("foster-1909", 3, 0, deck))[3],
        )  # grand: straight to the play
        while state.phase == Phase.PLAY:
            inputs.append((state.hands[state.to_act], state.trick, state.trump))  # type: ignore[index]
            options = legal_actions(state)
            state = apply(state, options[int(rng.random() * len(options))])
    return inputs[:count]


def main() -> None:
    """Print the engine's figures."""
    fast = _best_rate(deals_fast, 3000)
    slow = _best_rate(deals_immutable, 1000)
    inputs = legal_play_inputs(20_000)

    def legal(count: int) -> None:
        for hand, trick, trump in inputs[:count]:
            legal_plays(hand, trick, trump)  # type: ignore[arg-type]

    calls = _best_rate(legal, len(inputs))
    print("engine, foster-1909, 3 players, one core")
    print(
        f"  random complete deals/s (random_playout):   {fast:10,.0f}"
        f"  = {fast / TARGET_DEALS:.2f} x target {TARGET_DEALS:,},"
        f" {fast / JS_ENGINE_DEALS:.2f} x a JavaScript engine,"
        f" {fast / OPENSPIEL_SKAT_GAMES:.2f} x OpenSpiel skat"
    )
    print(
        f"  random complete deals/s (apply, immutable): {slow:10,.0f}"
        f"  = {slow / TARGET_DEALS:.2f} x target; {slow / fast:.2f} x random_playout"
    )
    print(
        f"  legal_plays calls/s:                        {calls:10,.0f}"
        f"  = {calls / TARGET_LEGAL:.2f} x target {TARGET_LEGAL:,}"
    )
