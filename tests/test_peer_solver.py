"""The native peer solver (``benchmarks/native/frogdd.c``) agrees with :func:`solve_value`.

The peer is written apart from frogspec's solver, from the rulebook's statements of the
play; its figures are only worth comparing while it finds the same values. Each test builds
it with gcc (skipped, saying why, where there is none) and solves small endings both ways (60 of them, 3 to 5 tricks to go).
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks import peer_solver
from benchmarks.peer_solver import NativeBuildError, NativeSolver, build_native, native_line
from frogspec import engine
from frogspec.engine import Phase, State
from frogspec.notation import format_position, numbered_deck, parse_position
from frogspec.solve import solve_value

#: The last trick of a Grand, the solver's own example: the bidder is sure of 53.
LAST_TRICK = (
    "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
)

#: The rulesets and table sizes the endings are drawn from.
TABLES = (
    ("foster-1909", 3),
    ("hoyle-1907", 4),
    ("modern", 3),
    ("official-1922-solo", 5),
    ("official-1922-straight", 4),
    ("official-1922-coeur-dalene", 3),
    ("gamerules", 3),
)


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is not installed: the native peer solver cannot be built")
    return build_native(tmp_path_factory.mktemp("frogdd"))


@pytest.fixture
def peer(program: Path) -> Iterator[NativeSolver]:
    with NativeSolver(program) as solver:
        yield solver


def ending(rng: random.Random, ruleset: str, players: int, tricks_left: int) -> State:
    """A position of the play with ``tricks_left`` tricks to go (the last of them started
    with up to two cards), reached by random actions."""
    while True:
        state = engine.new_deal(
            ruleset, players, rng.randrange(players), numbered_deck(rng.randrange(10**6))
        )
        while state.phase != Phase.OVER and not (
            state.phase == Phase.PLAY and state.tricks == 11 - tricks_left and not state.trick
        ):
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        if state.phase == Phase.PLAY:
            for _ in range(rng.randrange(3)):
                state = engine.apply(state, rng.choice(engine.legal_actions(state)))
            return state


def test_the_input_line_numbers_the_players_in_the_order_they_play() -> None:
    # Dealer 1: eldest is seat 2, so the order is 2, 0, 1; seat 1 leads; seat 2 bid.
    assert native_line(parse_position(LAST_TRICK)) == "H 2 0 53 6D KC QC -"


def test_the_peer_finds_the_last_trick_of_the_example(peer: NativeSolver) -> None:
    answer = peer.solve(parse_position(LAST_TRICK))
    assert answer.value == 53
    assert answer.nodes >= 1


def test_the_peer_refuses_a_line_that_is_not_a_position(peer: NativeSolver) -> None:
    with pytest.raises(ValueError, match="a card is written twice"):
        peer.solve_line("H 2 0 53 6D KC QC QC")
    with pytest.raises(ValueError, match="expected 8 fields"):
        peer.solve_line("H 2 0")
    assert peer.solve_line("H 2 0 53 6D KC QC -").value == 53  # and goes on answering


def test_the_peer_agrees_with_solve_value_on_endings(peer: NativeSolver) -> None:
    rng = random.Random(7)
    trumps: set[str] = set()
    mid_trick = 0
    for number in range(60):
        ruleset, players = TABLES[number % len(TABLES)]
        state = ending(rng, ruleset, players, 3 + number % 3)
        trumps.add(str(state.trump))
        mid_trick += bool(state.trick)
        assert peer.solve(state).value == solve_value(state), format_position(state)
    # The endings are varied enough to mean something: trumps and tricks begun or not.
    assert len(trumps) >= 3
    assert 0 < mid_trick < 60


def run_on_an_ending(program: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str) -> int:
    """The benchmark's exit status, its two deals both a small ending of ``ruleset``."""
    small = ending(random.Random(3), ruleset, 3, 3)
    monkeypatch.setattr("benchmarks.solve.position", lambda rng, tricks: small)
    monkeypatch.setattr(peer_solver, "build_native", lambda folder: program)
    return peer_solver.main(["--deals", "2"])


def test_a_disagreement_is_said_loudly_and_fails_the_run(
    program: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(peer_solver, "_frogspec", lambda state: (solve_value(state) + 1, 10, 0.001))
    assert run_on_an_ending(program, monkeypatch, "foster-1909") == 1
    out = capsys.readouterr().out
    assert out.count("DISAGREEMENT") == 2
    assert "the values DISAGREE on 2 of 2 deals" in out


def test_without_gcc_the_build_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(NativeBuildError, match="gcc was not found"):
        build_native(tmp_path)


def test_an_agreeing_run_prints_a_dated_header_each_deal_and_a_summary(
    program: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_on_an_ending(program, monkeypatch, "modern") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("`python -m benchmarks.peer_solver --deals 2`, 20")
    assert "UTC" in lines[0] and "load average" in lines[0] and "build" in lines[0]
    assert [line.split()[0] for line in lines[2:4]] == ["1", "2"]
    assert "the values agree on all 2 deals." in lines
    assert any(
        line.startswith("frogspec ") and "/ native CPU time per deal: median" in line
        for line in lines
    )


def test_a_build_in_its_own_process_solved_best_of_two(
    program: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    small = ending(random.Random(3), "foster-1909", 3, 3)
    monkeypatch.setattr("benchmarks.solve.position", lambda rng, tricks: small)
    monkeypatch.setattr(peer_solver, "build_native", lambda folder: program)
    assert peer_solver.main(["--deals", "1", "--repeat", "2", "--builds", "pure"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(
        "`python -m benchmarks.peer_solver --deals 1 --repeat 2 --builds pure`, 20"
    )
    assert lines[2].split()[:3] == ["1", "pure", str(solve_value(small))]
    assert any(line.startswith("frogspec pure / native CPU time per deal") for line in lines)


def test_an_unknown_build_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert peer_solver.main(["--deals", "1", "--builds", "fast"]) == 2
    assert "no build 'fast': the builds are pure and compiled" in capsys.readouterr().err
