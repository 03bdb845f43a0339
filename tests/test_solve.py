"""The double-dummy solver: equal to plain minimax over the engine on small endings, under
the reference and under broken twins of the play, and its invariants as properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frogspec import engine
from frogspec.cli import main
from frogspec.engine import Action, ActionKind, Phase, State
from frogspec.notation import format_position, numbered_deck
from frogspec.rulesets import Ruleset, get_ruleset
from frogspec.solve import bidder_points_now, solve
from frogspec.twins.substitute import twin_ruleset

RULESETS = ("foster-1909", "modern", "gamerules")


def ending(seed: int, tricks_left: int, ruleset: str | Ruleset = "foster-1909") -> State:
    """A position of the play with ``tricks_left`` tricks to go, reached by random actions
    (possibly inside a trick)."""
    rng = random.Random(seed)
    while True:
        state = engine.new_deal(ruleset, 3, rng.randrange(3), numbered_deck(rng.randrange(10**6)))
        stop = 11 - tricks_left
        while state.phase != Phase.OVER and not (
            state.phase == Phase.PLAY and state.tricks >= stop and rng.random() < 0.5
        ):
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
        if state.phase == Phase.PLAY:
            return state


def minimax(state: State) -> int:
    """The bidder's final card points under best play by both sides, searched in full."""
    if state.phase == Phase.OVER:
        points = engine.outcome(state).bidder_points
        assert points is not None
        return points
    values = [minimax(engine.apply(state, a)) for a in engine.legal_actions(state)]
    return max(values) if state.to_act == state.bidder else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_equals_minimax_on_small_endings(seed: int) -> None:
    state = ending(seed, 3, RULESETS[seed % len(RULESETS)])
    assert solve(state).value == minimax(state), format_position(state)


@pytest.mark.parametrize("twin", ["play.must-trump", "play.follow-suit", "cards.rank-order"])
def test_equals_minimax_under_a_broken_twin(twin: str) -> None:
    broken = twin_ruleset(get_ruleset("foster-1909"), twin)
    for seed in range(4):
        state = ending(seed, 3, broken)
        assert solve(state).value == minimax(state), (twin, format_position(state))


def test_a_twin_changes_some_answer() -> None:
    # The check above is not empty: the twin changes the value of some ending.
    states = [ending(seed, 3) for seed in range(30)]
    before = [solve(s).value for s in states]
    broken = twin_ruleset(get_ruleset("foster-1909"), "play.must-trump")
    after = [minimax(s._replace(ruleset=broken)) for s in states]
    assert before != after


def test_without_equivalent_cards_the_same() -> None:
    for seed in range(5):
        state = ending(seed, 4)
        assert solve(state).value == solve(state, equivalent_cards=False).value


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3))
def test_value_between_0_and_120_and_best_card_keeps_it(seed: int, left: int) -> None:
    state = ending(seed, left)
    solution = solve(state)
    assert 0 <= solution.value <= 120
    assert bidder_points_now(state) <= solution.value
    assert solution.best
    for card in solution.best:
        after = engine.apply(state, Action(ActionKind.PLAY, card))
        if after.phase == Phase.OVER:
            assert engine.outcome(after).bidder_points == solution.value
        else:
            assert solve(after).value == solution.value


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3))
def test_monotone_in_a_gift_of_points(seed: int, left: int) -> None:
    state = ending(seed, left)
    assert state.bidder is not None
    given_cards = [
        (seat, won) for seat, won in enumerate(state.won) if seat != state.bidder and won
    ]
    if not given_cards:
        return
    seat, won = given_cards[0]
    card = won & -won  # the lowest card a defender took goes to the bidder's tricks
    won_after = list(state.won)
    won_after[seat] &= ~card
    won_after[state.bidder] |= card
    gifted = state._replace(won=tuple(won_after))
    assert solve(gifted).value >= solve(state).value


def test_cli_solves_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    state = ending(1, 2)
    assert main(["solve", format_position(state)]) == 0
    out = capsys.readouterr().out
    assert f"sure of {solve(state).value} card points" in out


def test_cli_refuses_a_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "foster-1909 3/0 nonsense"]) == 2
    err = capsys.readouterr().err
    assert "frogspec solve:" in err and "Traceback" not in err


def test_cli_refuses_a_position_outside_the_play(capsys: pytest.CaptureFixture[str]) -> None:
    state = engine.new_deal("foster-1909", 3, 0, numbered_deck(7))
    assert main(["solve", format_position(state)]) == 2
    assert "phase" in capsys.readouterr().err


def test_a_replay_link_is_solved_where_its_actions_end() -> None:
    from frogspec.notation import DealRecord, format_deal
    from frogspec.solve import state_from_text

    rng = random.Random(3)
    deck = numbered_deck(5)
    state = engine.new_deal("foster-1909", 3, 0, deck)
    actions = []
    while not (state.phase == Phase.PLAY and state.tricks >= 9):
        assert state.phase != Phase.OVER
        action = rng.choice(engine.legal_actions(state))
        actions.append(action)
        state = engine.apply(state, action)
    link = format_deal(DealRecord(state.ruleset, 3, 0, deck, tuple(actions), 5))
    assert state_from_text("https://example.org/replay/#" + link) == state
    assert solve(state_from_text(link)).value == minimax(state)
