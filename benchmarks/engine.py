"""How fast the engine plays, beside its peers: random complete deals per second.

Run ``python3 dev.py bench`` (or ``.venv/bin/python -m benchmarks``). frogspec's fast
playout, the same deals through the immutable API, OpenSpiel's skat and hearts (when
installed, :mod:`benchmarks.peers`) and the floor (:mod:`benchmarks.floor`, the same deals
by a bare engine, not the reference) are timed in turn, round after round, in one run
(:mod:`benchmarks.timing`); each row's ratios are to the other rows of the same run.
"""

from __future__ import annotations

import random

from benchmarks import floor, peers
from benchmarks.timing import Figure, Workload, format_table, measure
from frogspec.cards import CARDS, Suit
from frogspec.engine import Phase, apply, legal_actions, new_deal, outcome
from frogspec.play import legal_plays
from frogspec.playout import random_deal, shuffled_pack
from frogspec.rulesets import get_ruleset

__all__ = [
    "deals_fast",
    "deals_immutable",
    "floor_workloads",
    "legal_play_inputs",
    "main",
    "workloads",
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


def _legal_plays_calls() -> Workload:
    inputs = legal_play_inputs(20_000)

    def run(count: int) -> None:
        for start in range(0, count, len(inputs)):
            for hand, trick, trump in inputs[: count - start]:
                legal_plays(hand, trick, trump)

    return Workload("frogspec `legal_plays` (the rules of the play, one card)", "calls", run)


def workloads() -> tuple[list[Workload], list[Workload]]:
    """frogspec's deal workloads and the peers' game workloads."""
    table = f"`{RULESET}`, {PLAYERS} players"
    ours = [
        Workload(
            f"frogspec `random_playout`: random complete deals ({table}: shuffle, deal, "
            "auction, play, settlement)",
            "deals",
            deals_fast,
        ),
        Workload(
            "frogspec through `legal_actions` / `apply`: the same, a new state at every action",
            "deals",
            deals_immutable,
        ),
    ]
    return ours, peers.workloads()


def floor_workloads() -> list[Workload]:
    """The floor (:mod:`benchmarks.floor`, not the reference): the same deals in bare Python."""
    return [
        Workload(
            "floor, not the reference: the same deals by a bare pure-Python engine without "
            "rule functions (`benchmarks/floor.py`), through its own `legal` / `apply`",
            "deals",
            floor.deals_immutable,
        ),
        Workload(
            "floor, not the reference: the same bare engine, the play in local variables",
            "deals",
            floor.deals_playout,
        ),
    ]


def main(rounds: int = 7) -> list[Figure]:
    """Print the engine's figures beside its peers' and the floor's, from one run."""
    ours, theirs = workloads()
    floors = floor_workloads()
    figures = measure([*ours, *theirs, *floors], rounds)
    fast = figures[0]
    skat = figures[len(ours)] if theirs else None
    print(f"Engine and peers: random complete games, best of {rounds} interleaved rounds")
    print()
    print(format_table(figures, [("`random_playout`", fast), ("OpenSpiel skat", skat)]))
    if not theirs:
        print()
        print(peers.MISSING)
    calls = measure([_legal_plays_calls()], rounds)
    print()
    print(format_table(calls, []))
    return figures + calls


if __name__ == "__main__":
    main()
