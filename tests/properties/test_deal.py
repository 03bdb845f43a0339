"""Deals played by random legal actions: every deal invariant, at every step."""

from __future__ import annotations

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from frogspec import engine
from frogspec.engine import Action
from frogspec.rules.auction import Contract
from frogspec.testing.invariants import checks
from frogspec.testing.strategies import (
    Configuration,
    Line,
    Situation,
    actions,
    configurations,
    lines,
    situations,
)

from . import checks as c
from .profiles import profile

DEAL_INVARIANTS = tuple(c.LINE_CHECKS)


def _label(line: Line) -> None:
    """Let hypothesis's statistics show what the deals covered."""
    state = line.state
    event(f"contract {state.contract.code if state.contract else 'none (all passed)'}")
    event(f"{state.players} players")


@checks("players-allowed")
@pytest.mark.parametrize(
    "configuration", configurations(), ids=lambda conf: f"{conf.ruleset}{conf.options}"
)
def test_players_allowed(configuration: Configuration) -> None:
    c.players_allowed((configuration.ruleset, configuration.option_dict))


@checks(*DEAL_INVARIANTS)
@profile(0.25)
@given(lines())
def test_any_position(line: Line) -> None:
    c.check_line(line)


@checks(*DEAL_INVARIANTS)
@profile(0.2)
@given(lines("over"))
def test_whole_deals(line: Line) -> None:
    _label(line)
    c.check_line(line, finished=True)


@checks(*DEAL_INVARIANTS)
@profile(0.2)
@given(st.sampled_from(Contract).flatmap(lambda bid: lines("over", contracts=frozenset({bid}))))
def test_whole_deals_of_each_contract(line: Line) -> None:
    _label(line)
    c.check_line(line, finished=True)


@checks(*DEAL_INVARIANTS)
@profile(0.1)
@given(st.sampled_from(["auction", "discard", "trump", "play"]).flatmap(lines))
def test_positions_in_each_phase(line: Line) -> None:
    event(f"phase {line.state.phase.code}")
    c.check_line(line)


@checks("illegal-refused")
@profile(0.2)
@given(lines(), actions())
def test_any_action_in_any_position(line: Line, action: Action) -> None:
    c.check_refusal(line.state, action, engine.legal_actions(line.state))


@checks("play-legal")
@profile(0.75)
@given(situations())
def test_legal_plays_for_any_hand_and_trick(situation: Situation) -> None:
    c.play_legal_situation(situation)


@checks("trick-winner")
@profile(0.5)
@given(situations())
def test_trick_winner_for_any_cards(situation: Situation) -> None:
    c.trick_winner_situation(situation)


@checks("no-duty-to-head")
def test_a_legal_card_may_lose_the_trick() -> None:
    c.exists(
        c.heads_needlessly, situations(), lines("over", bid=True), "a legal card loses the trick"
    )


@checks("no-duty-to-overtrump")
def test_a_legal_trump_may_fail_to_overtrump() -> None:
    c.exists(
        c.undertrumps, situations(), lines("over", bid=True), "a legal trump fails to over-trump"
    )
