"""A deck given to the engine is the pack once each; the quick acceptance lets nothing else in."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from frogspec.engine import check_deck, new_deal
from frogspec.errors import InvalidInputError
from frogspec.rules.cards import CARDS
from frogspec.rulesets import get_ruleset
from frogspec.twins.substitute import twin_ruleset


def test_any_order_of_the_pack_is_a_deck() -> None:
    deck = list(CARDS)
    random.Random(2).shuffle(deck)
    assert check_deck(deck) == tuple(deck)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: [True, *d[1:]] if d[0] == 1 else [*d[:1], True, *d[2:]], "not a card: True"),
        (lambda d: [float(d[0]), *d[1:]], "not a card: "),
        (lambda d: [36, *d[1:]], "not a card: 36"),
        (lambda d: [-1, *d[1:]], "not a card: -1"),
        (lambda d: [d[1], *d[1:]], "duplicate card"),
        (lambda d: d[:-1], "a deck has 36 cards, got 35"),
        (lambda d: [*d, d[0]], "a deck has 36 cards, got 37"),
    ],
)
def test_anything_but_the_pack_once_each_is_refused(
    change: Callable[[list[int]], list[Any]], message: str
) -> None:
    deck = list(CARDS)
    random.Random(5).shuffle(deck)
    with pytest.raises(InvalidInputError, match=message):
        check_deck(change(deck))


def test_the_deck_is_judged_by_the_pack_rule_in_force() -> None:
    # The twin of cards.pack leaves the Sixes out: a pack of 32.
    broken = twin_ruleset(get_ruleset("foster-1909"), "cards.pack")
    with pytest.raises(InvalidInputError, match="a deck has 32 cards, got 36"):
        new_deal(broken, 3, 0, CARDS)
