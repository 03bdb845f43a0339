"""The pack, card points, rank order, and the notation: exhaustive where the pack allows."""

from __future__ import annotations

from hypothesis import given

from frogspec.engine import Action
from frogspec.testing.invariants import checks
from frogspec.testing.strategies import ALL_ACTIONS, actions, masks

from . import checks as c
from .profiles import profile


@checks("pack-distinct")
def test_pack_holds_36_distinct_cards() -> None:
    c.pack_distinct()


@checks("pack-points")
@profile(0.5)
@given(masks())
def test_points_of_any_set_of_cards(mask: int) -> None:
    c.pack_points(mask)


@checks("pack-rank-order")
def test_rank_order_decides_every_two_card_trick() -> None:
    c.pack_rank_order()


@checks("notation-card")
def test_every_card_name_round_trips() -> None:
    c.notation_card()


@checks("notation-action")
def test_every_action_round_trips() -> None:
    assert len(ALL_ACTIONS) == 80
    for action in ALL_ACTIONS:
        c.notation_action(action)


@checks("notation-action")
@profile(0.02)
@given(actions())
def test_drawn_action_round_trips(action: Action) -> None:
    c.notation_action(action)


@checks("notation-cardset")
@profile(0.5)
@given(masks())
def test_card_set_round_trips(mask: int) -> None:
    c.notation_cardset(mask)
