"""Peers measured beside frogspec: OpenSpiel's skat and hearts, driven from Python.

OpenSpiel (the ``open-spiel`` package, the ``bench`` extra of frogspec) plays games in
C++ behind Python bindings. A game is played from its initial state to its end by the
same uniform choice frogspec's playout makes, ``options[int(random() * len(options))]``,
at every node, chance nodes included (dealing the cards): for these games each chance
node's outcomes are equally likely, which :func:`check_uniform_chance` confirms on one
game before any is timed. Skat is the nearest peer of Frog (three players, a 32-card pack,
bidding, a skat of two cards, ten tricks); hearts (four players, 52 cards, passing three
cards, thirteen tricks) is the larger game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterable
from typing import Any

from benchmarks.timing import Workload

__all__ = ["GAMES", "MISSING", "check_uniform_chance", "openspiel_version", "workloads"]

#: The OpenSpiel games measured, with how a row names them.
GAMES = {"skat": "OpenSpiel skat from Python", "hearts": "OpenSpiel hearts from Python"}

MISSING = (
    "OpenSpiel is not installed, so no peer is measured and no ratio to skat is given: "
    "`python3 dev.py bench` installs it (the `bench` extra, `pip install -e '.[bench]'`)"
)


def _pyspiel() -> Any | None:
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def openspiel_version() -> str | None:
    """The installed version of the ``open-spiel`` package, or ``None``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open-spiel")
    except PackageNotFoundError:
        return None


def check_uniform_chance(game: Any, seed: int = 0) -> None:
    """Play one game of ``game`` and fail if any chance node's outcomes are not equally
    likely, or are not its legal actions (the uniform driver would then be wrong)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        options = state.legal_actions()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if {p for _, p in outcomes} != {outcomes[0][1]} or sorted(
                a for a, _ in outcomes
            ) != sorted(options):
                raise ValueError(f"{game}: a chance node is not uniform over its actions")
        state.apply_action(options[int(rng.random() * len(options))])


def _games(game: Any) -> Any:
    def run(count: int, seed: int = 1) -> None:
        random_float = random.Random(seed).random
        new_initial_state = game.new_initial_state
        for _ in range(count):
            state = new_initial_state()
            while not state.is_terminal():
                options = state.legal_actions()
                state.apply_action(options[int(random_float() * len(options))])
            state.returns()

    return run


def workloads(names: Iterable[str] = GAMES) -> list[Workload]:
    """The workloads of the games ``names`` (all of :data:`GAMES`), or none when OpenSpiel
    is not installed."""
    pyspiel = _pyspiel()
    if pyspiel is None:
        return []
    found = []
    for name in names:
        title = GAMES[name]
        game = pyspiel.load_game(name)
        check_uniform_chance(game)
        found.append(Workload(title, "games", _games(game)))
    return found
