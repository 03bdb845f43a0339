"""Which deals a hand-worth run solves, and how much each counts: the run's design.

Analysis, not rules. Random deals seldom give the hands players bid, so the run that covers
every seat and table size (:data:`SEATS_DESIGN`) deals them more often and counts each back
down: a hand is dealt at random and kept if it is *strong* (:func:`is_strong`: a suit of five
cards or more, or five Aces and Tens or more), else kept one time in :data:`WEAK_DRAW_WEIGHT`
(rejection sampling). A kept hand carries its *draw weight* (1 strong, 4 weak: the inverse of
its chance of being kept), and a table that averages over deals weights each by it, times the
share of hands kept (:func:`design_weights`), so that its figures are those of deals as they
come. Each hand so drawn is played twice, the unseen cards dealt anew (two deals, one hand):
how far the two differ measures how much a hand's points vary with the cards it cannot see,
apart from how far the features miss its value.

Seat and table size go round by the hand's number: eldest, second, third player to speak
(at three players the dealer), at tables of three, four and five (at four and five the
players beyond three sit the deal out: the cards go to three).

>>> from frogspec.rules.cards import CardSet
>>> draw_weight(CardSet.parse("AH 10H KH QH JH AS 7S 6C 7C 6D 7D").mask)
1
>>> draw_weight(CardSet.parse("AH 10H KH AS 10S 6C 7C 8C 6D 7D 8D").mask)
4
>>> seats_deal(21, 0).seat, seats_deal(21, 0).players, seats_deal(21, 7).seat
(0, 3, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from frogspec.rules.cards import CARDS, SUIT_MASKS, Suit, card_points, cards_of

__all__ = [
    "ELDEST_DESIGN",
    "SEATS_DESIGN",
    "SEAT_NAMES",
    "TABLE_SIZES",
    "WEAK_DRAW_WEIGHT",
    "DesignDeal",
    "design_weights",
    "draw_weight",
    "is_strong",
    "seats_deal",
]

#: The first design: eldest's hand at a table of three, every deal as it comes (weight 1).
ELDEST_DESIGN = "eldest"
#: The second: strong hands oversampled, every seat, tables of three to five, two deals a hand.
SEATS_DESIGN = "seats"
#: The bidder's seat by its place in the turn order (the odds' seat names; at a table of
#: four or five the third active player is not the dealer, who sits out).
SEAT_NAMES = ("eldest", "second", "dealer")
#: The table sizes the second design goes round.
TABLE_SIZES = (3, 4, 5)
#: A hand that is not strong is kept one time in this many, and counts this many times.
WEAK_DRAW_WEIGHT = 4
_HAND = 11


def is_strong(hand: int) -> bool:
    """Whether ``hand`` (a mask of eleven cards) is of the kind players bid on: a suit of five
    cards or more, or five Aces and Tens or more.

    >>> from frogspec.rules.cards import CardSet
    >>> is_strong(CardSet.parse("AH 10H AS 10S AC 6C 7C 8C 6D 7D 8D").mask)
    True
    """
    longest = max((hand & SUIT_MASKS[suit]).bit_count() for suit in Suit)
    aces_and_tens = sum(1 for card in cards_of(hand) if card_points(card) >= 10)
    return longest >= 5 or aces_and_tens >= 5


def draw_weight(hand: int) -> int:
    """How many hands as they come ``hand`` stands for once kept: 1 if :func:`is_strong`,
    else :data:`WEAK_DRAW_WEIGHT` (the inverse of its chance of being kept)."""
    return 1 if is_strong(hand) else WEAK_DRAW_WEIGHT


class DesignDeal(NamedTuple):
    """A deal of the second design: the three active hands in turn order from eldest, the
    widow, the bidder's place in the turn order, the table's size, the bidder's hand's draw
    weight, how many hands were dealt to keep it, and the hand's number (two deals share
    one)."""

    hands: tuple[int, int, int]
    widow: int
    seat: int
    players: int
    weight: int
    draws: int
    hand_number: int


def seats_deal(seed: int, index: int) -> DesignDeal:
    """Deal ``index`` of a run of the second design: hand ``index // 2`` drawn by rejection
    (:func:`draw_weight`) from ``random.Random`` seeded by the seed and the hand's number,
    the unseen cards dealt by one seeded by both and ``index % 2`` (the deal of the two)."""
    number = index // 2
    seat = number % len(SEAT_NAMES)
    players = TABLE_SIZES[number // len(SEAT_NAMES) % len(TABLE_SIZES)]
    chooser = random.Random(f"frogspec-worth-seats:{seed}:{number}")
    draws = 0
    while True:
        draws += 1
        pack = list(CARDS)
        chooser.shuffle(pack)
        hand = sum(1 << card for card in pack[:_HAND])
        weight = draw_weight(hand)
        if chooser.random() * weight < 1:
            break
    unseen = [card for card in CARDS if not hand >> card & 1]
    random.Random(f"frogspec-worth-seats:{seed}:{number}:{index % 2}").shuffle(unseen)
    others = [sum(1 << c for c in unseen[i * _HAND : (i + 1) * _HAND]) for i in range(2)]
    others.insert(seat, hand)
    widow = sum(1 << c for c in unseen[2 * _HAND :])
    hands = (others[0], others[1], others[2])
    return DesignDeal(hands, widow, seat, players, weight, draws, number)


def design_weights(weights: Sequence[int], draws: Iterable[tuple[int, int]]) -> list[float]:
    """Each deal's weight in an average over deals as they come: its draw weight times the
    share of hands kept (hands kept over hands dealt, from ``draws``: each distinct hand's
    number and how many hands were dealt to keep it), so that the weights of deals as they
    come average 1.

    >>> design_weights([1, 4, 4], [(0, 1), (1, 3), (2, 1)])
    [0.6, 2.4, 2.4]
    """
    per_hand = dict(draws)
    if not per_hand:
        return [float(w) for w in weights]
    kept = len(per_hand) / sum(per_hand.values())
    return [w * kept for w in weights]
