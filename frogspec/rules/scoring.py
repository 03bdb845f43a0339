"""Counting: the card points each side took, the widow and the Frog discards included.

>>> from frogspec.rules.cards import CardSet
>>> count_points(CardSet.parse("AS 10S KC 6H").mask)
25
>>> counted_for_bidder(won=0b1, widow=0b10, laid_away=0b100)
7
"""

from __future__ import annotations

from collections.abc import Callable

from frogspec.registry import rule
from frogspec.rules.cards import Card, card_points, points_of
from frogspec.sources import FOSTER_1909, GAMERULES, WIKIPEDIA_FROG, cite

__all__ = ["count_points", "counted_for_bidder"]


@rule(
    "scoring.count-card-points",
    "At the end of the play each side counts the card points in the tricks it took.",
    cite(
        FOSTER_1909,
        "441–442",
        "The eleven tricks played, each side turns over the cards taken in and counts the points.",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "Once the eleventh trick is played out, players count up their card points.",
    ),
    cite(WIKIPEDIA_FROG, None, "The trick winner takes up the trick"),
)
def count_points(cards: int, card_points: Callable[[Card], int] = card_points) -> int:
    """The total card points of a set of cards, each counted by :func:`card_points`."""
    return points_of(cards, card_points)


@rule(
    "scoring.widow-counts-for-bidder",
    "The widow counts for the bidder: the three cards a Frog bidder lays away, and the "
    "untouched widow in Chico and Grand.",
    cite(
        FOSTER_1909,
        "441–442",
        "Any points in the cards he lays away will count for him at the end of the play.",
    ),
    cite(
        FOSTER_1909,
        "441–442",
        "he must not touch the widow, although the points in it will count for him at the end.",
    ),
    cite(WIKIPEDIA_FROG, None, "For this purpose the widow belongs to the bidder."),
    cite(
        GAMERULES,
        None,
        "These three cards will be scored for the bidder at the end. Even if "
        "they do not egg to exchange the cards are still scored.",
    ),
    reading="The article's 'the widow belongs to the bidder' is read as covering a Frog "
    "bidder's three laid-away cards too, which take the widow's place: the article says he "
    "'discards 3 cards' and does not say whose points they are.",
)
def counted_for_bidder(won: int, widow: int, laid_away: int) -> int:
    """The cards counted for the bidder: his tricks, the widow and what he laid away."""
    return won | widow | laid_away
