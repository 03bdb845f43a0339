"""The fast random playout agrees with apply, action for action."""

from __future__ import annotations

import random

import pytest

from frogspec.engine import Phase, apply, new_deal, outcome
from frogspec.playout import random_deal, random_playout
from frogspec.rulesets import RULESETS


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_replaying_the_playout_through_apply_gives_the_same_final_state(ruleset: str) -> None:
    rng = random.Random(ruleset)
    for players in RULESETS[ruleset].player_count():
        for dealer in range(players):
            deck, actions, final = random_deal(ruleset, players, dealer, rng)
            state = new_deal(ruleset, players, dealer, deck)
            for action in actions:
                state = apply(state, action)
            assert state == final
            assert final.phase == Phase.OVER
            assert sum(outcome(final).payments) == 0


def test_a_playout_from_the_middle_of_the_play() -> None:
    rng = random.Random(4)
    deck, actions, _ = random_deal("modern", 4, 1, rng)
    state = new_deal("modern", 4, 1, deck)
    for action in actions[: len(actions) // 2]:
        state = apply(state, action)
    final, rest = random_playout(state, rng)
    for action in rest:
        state = apply(state, action)
    assert state == final


def test_a_finished_deal_plays_out_to_itself() -> None:
    _, _, final = random_deal("gamerules", 3, 0, random.Random(9))
    assert random_playout(final, random.Random(0)) == (final, [])
