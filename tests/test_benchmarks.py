"""The benchmarks measure side by side and divide only figures of the same run.

Nothing here times anything real: speed is never asserted. The clock is a fake one that
the workloads advance, so what is checked is how figures are taken and reported.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks import engine, floor, peers, throughput
from benchmarks.__main__ import header
from benchmarks.timing import Figure, Workload, format_table, measure
from frogspec.engine import Action, ActionKind, Phase, apply, legal_actions, new_deal, outcome
from frogspec.harness import handle
from frogspec.playout import random_deal


class FakeClock:
    """A clock that moves only when a workload says it has worked."""

    def __init__(self) -> None:
        self.now = 0.0
        self.calls: list[str] = []

    def __call__(self) -> float:
        return self.now

    def workload(self, name: str, seconds_each: float) -> Workload:
        def run(count: int) -> None:
            self.calls.append(name)
            self.now += count * seconds_each

        return Workload(name, "things", run)


def test_workloads_run_in_turn_round_after_round_and_the_best_round_counts() -> None:
    clock = FakeClock()
    fast, slow = clock.workload("fast", 0.001), clock.workload("slow", 0.004)
    figures = measure([fast, slow], rounds=3, seconds=0.2, clock=clock)
    assert [f.per_second for f in figures] == pytest.approx([1000, 250])
    assert [f.workload.name for f in figures] == ["fast", "slow"]
    timed = clock.calls[-6:]  # after each workload's sizing runs: three rounds, interleaved
    assert timed == ["fast", "slow"] * 3
    assert figures[0].count == pytest.approx(200, rel=0.01)


def test_a_round_disturbed_by_the_machine_does_not_count() -> None:
    clock = FakeClock()
    timed: list[int] = []

    def run(count: int) -> None:
        if count == 100:  # a timed round (sizing runs 1, 2, 4, 8 and 16 units)
            timed.append(count)
        # The second timed round is slowed tenfold, as if another program took the core.
        clock.now += count * (0.01 if len(timed) == 2 and count == 100 else 0.001)

    (figure,) = measure([Workload("w", "things", run)], rounds=3, seconds=0.1, clock=clock)
    assert len(timed) == 3
    assert figure.per_second == pytest.approx(1000)


def test_refuses_no_rounds() -> None:
    with pytest.raises(ValueError, match="rounds"):
        measure([], rounds=0)


def _figure(name: str, rate: float) -> Figure:
    return Figure(Workload(name, "deals", lambda count: None), rate, 1, 1)


def test_the_table_divides_only_the_figures_it_is_given() -> None:
    base, half = _figure("base", 2000), _figure("half", 1000)
    table = format_table([base, half], [("base", base), ("a peer", None)])
    lines = table.splitlines()
    assert lines[0] == "| what | per second (CPU) | × base | × a peer |"
    assert lines[2] == "| base | 2,000 deals | 1.00 | — |"
    assert lines[3] == "| half | 1,000 deals | 0.50 | — |"


def test_without_openspiel_there_is_no_peer_and_a_line_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(peers, "_pyspiel", lambda: None)
    assert peers.workloads() == []
    monkeypatch.setattr(
        engine,
        "measure",
        lambda workloads, rounds: [
            _figure(w.name, 1000.0 / (i + 1)) for i, w in enumerate(workloads)
        ],
    )
    monkeypatch.setattr(engine, "_legal_plays_calls", lambda: Workload("calls", "calls", print))
    engine.main(rounds=1)
    out = capsys.readouterr().out
    assert peers.MISSING in out
    assert "| 1,000 deals | 1.00 | — |" in out and "| 500 deals | 0.50 | — |" in out
    assert "OpenSpiel skat from Python |" not in out


class _Node:
    """A one-node chance game whose outcomes are ``probabilities``."""

    def __init__(self, probabilities: list[float]) -> None:
        self.probabilities = probabilities
        self.done = False

    def is_terminal(self) -> bool:
        return self.done

    def is_chance_node(self) -> bool:
        return True

    def legal_actions(self) -> list[int]:
        return list(range(len(self.probabilities)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(enumerate(self.probabilities))

    def apply_action(self, action: int) -> None:
        self.done = True


class _Game:
    def __init__(self, probabilities: list[float]) -> None:
        self.probabilities = probabilities

    def new_initial_state(self) -> Any:
        return _Node(self.probabilities)


def test_a_peer_is_driven_uniformly_only_where_its_chance_is_uniform() -> None:
    peers.check_uniform_chance(_Game([0.25] * 4))
    with pytest.raises(ValueError, match="not uniform"):
        peers.check_uniform_chance(_Game([0.5, 0.25, 0.25]))


def test_openspiel_skat_when_installed_is_uniform_and_plays_games() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    for name in peers.GAMES:
        peers.check_uniform_chance(pyspiel.load_game(name))
    skat = next(w for w in peers.workloads() if "skat" in w.name)
    skat.run(2)


def test_the_engine_workloads_play_whole_deals() -> None:
    engine.deals_fast(3)
    engine.deals_immutable(3)
    inputs = engine.legal_play_inputs(40)
    assert len(inputs) == 40 and all(hand for hand, _, _ in inputs)


def test_the_perft_position_counts_what_the_harness_counts() -> None:
    request, state = throughput.perft_position()
    assert state.phase == Phase.PLAY and state.tricks == 11 - throughput.PERFT_TRICKS_LEFT
    answer = handle({"id": 1, **request})["result"]
    # Every line ends after the last trick: the leaves are the lines perft counts.
    assert 0 < answer["total"] < throughput.positions_below(state)


def test_a_run_is_dated_and_names_its_command() -> None:
    line = header(5)
    assert line.startswith("`python3 dev.py bench --rounds 5`, 20")
    assert "UTC" in line and "Python 3." in line


def _floor_action(action: Action) -> int:
    # The reference's action as the floor numbers it (benchmarks.floor: a card 0-35, a
    # trump 36 + its suit, a pass 40, a bid 40 + its contract).
    kind, value = action
    if kind == ActionKind.TRUMP:
        return 36 + value
    if kind == ActionKind.PASS:
        return floor.PASS
    if kind == ActionKind.BID:
        return floor.PASS + value
    return value


@pytest.mark.parametrize("seed", range(40))
def test_the_floor_plays_the_benchmark_deals_as_the_reference_does(seed: int) -> None:
    # The floor is the same workload, not a cheaper one: on the reference's deal, at every
    # step, it offers the same actions, and it ends with the same payments.
    rng = random.Random(seed)
    actions: list[Action] = []
    deck, final = random_deal(engine.RULESET, engine.PLAYERS, 0, rng, actions)
    state, bare = new_deal(engine.RULESET, engine.PLAYERS, 0, deck), floor.new_state(deck)
    for action in actions:
        assert sorted(map(_floor_action, legal_actions(state))) == sorted(floor.legal(bare))
        state, bare = apply(state, action), floor.apply(bare, _floor_action(action))
    assert state == final and floor.legal(bare) == () and bare[0] == floor.OVER
    assert floor.payments(bare) == outcome(final).payments
    with pytest.raises(ValueError):
        floor.apply(floor.new_state(deck), 0)  # a card in the auction


def test_the_floor_plays_the_same_deals_both_ways() -> None:
    paid = floor.deals_immutable(60, seed=3)
    assert floor.deals_playout(60, seed=3) == paid
    assert len(set(paid)) > 20 and all(sum(p) == 0 for p in paid)
