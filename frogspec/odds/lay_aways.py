"""A Frog bidder's lay-away: the three candidates tried by default (a lower bound on the
Frog's value), every lay-away (exact), and the order they are tried in."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from frogspec.errors import InvalidInputError
from frogspec.rules.cards import Card, Suit, card_points, card_strength, cards_of


def _side(hand: int, trump: Suit) -> list[Card]:
    return [c for c in cards_of(hand) if c // 9 != trump]


def lay_away_candidates(hand: int, trump: Suit = Suit.HEARTS) -> list[int]:
    """The lay-aways tried for a Frog bidder holding ``hand`` (fourteen cards, the widow
    taken), distinct, each three cards:

    1. the side cards (not trumps) worth most that are not Aces (a Ten laid away is ten
       points the defence can never take);
    2. the side cards of the shortest side suits, worth most first, Aces last (a void to
       trump in);
    3. the weakest side cards (every counting card kept for the play).

    Where fewer than three side cards qualify, the weakest trumps make up the three.

    >>> from frogspec.rules.cards import CardSet, format_cards
    >>> hand = CardSet.parse("AH 10H KH QH JH 9H 8H AS 10S 6S AC 10C 7C 6D").mask
    >>> [" ".join(format_cards(m)) for m in lay_away_candidates(hand)]
    ['10C 6D 10S', '7C 10C 6D', '7C 6D 6S']
    """
    by_suit: dict[int, list[Card]] = {}
    for card in _side(hand, trump):
        by_suit.setdefault(card // 9, []).append(card)
    points_first = sorted(
        (c for c in _side(hand, trump) if card_points(c) != 11),
        key=lambda c: (-card_points(c), len(by_suit[c // 9])),
    )
    shortest_first = sorted(
        _side(hand, trump),
        key=lambda c: (card_points(c) == 11, len(by_suit[c // 9]), c // 9, -card_points(c)),
    )
    weakest_first = sorted(_side(hand, trump), key=lambda c: (card_strength(c), card_points(c)))
    trumps_weakest = sorted(
        (c for c in cards_of(hand) if c // 9 == trump), key=lambda c: card_strength(c)
    )
    candidates: list[int] = []
    for order in (points_first, shortest_first, weakest_first):
        chosen = (order + [c for c in weakest_first + trumps_weakest if c not in order])[:3]
        mask = sum(1 << c for c in chosen)
        if mask not in candidates:
            candidates.append(mask)
    return candidates


#: A Frog's lay-away chosen among every three cards the bidder may lay away: the value is
#: exact (one of each set of equivalent lay-aways is tried, the others only tested for
#: beating the best so far).
EVERY_LAY_AWAY = "every"
#: A Frog's lay-away chosen among :func:`lay_away_candidates` only: a lower bound on the
#: exact value, and about ten times quicker. Measured (``python -m benchmarks.lay_away``,
#: 2026-12-03, pure build): on 6 deals of the hand-worth data the exact value was higher on
#: 5, by 1 to 12 points, and took 9.4 times the CPU time (219 s against 23 s); on a strong
#: hand's odds samples it took 10 to 20 times as long, and one sample over five minutes.
THREE_LAY_AWAYS = "three"
LAY_AWAY_CHOICES = (EVERY_LAY_AWAY, THREE_LAY_AWAYS)


def every_lay_away(hand: int, trump: Suit = Suit.HEARTS) -> list[int]:
    """Every lay-away of a Frog bidder holding ``hand`` (fourteen cards, the widow taken,
    the defenders holding every other card), one of each set that plays alike: the
    :func:`lay_away_candidates` first, in :func:`lay_away_order`, then the others, fewest
    card points laid away first.

    Two lay-aways play alike where they differ only in which cards they take of a run: the
    bidder's cards of one suit with the same points and no defender's card ranked between
    (his blanks next to each other, such as the Nine and Eight of hearts below); the cards
    laid away count for him alike and the cards he keeps play alike. Of the 364 threes of
    fourteen cards, a hand with no such run keeps them all.

    >>> from frogspec.rules.cards import CardSet
    >>> hand = CardSet.parse("AH 10H KH QH JH 9H 8H AS 10S 6S AC 10C 7C 6D").mask
    >>> lay_aways = every_lay_away(hand)
    >>> len(lay_aways), lay_aways[:3] == [lay_away_candidates(hand)[i] for i in (2, 1, 0)]
    (298, True)
    >>> len(every_lay_away(CardSet.parse("AH 10H KH QH JH 9H 8H 7H 6H AS 6C 7C 8C 9C").mask))
    72
    """
    cards = sorted(cards_of(hand), key=lambda c: (c // 9, card_strength(c)))
    lowest_of_run: dict[Card, Card] = {}
    for lower, upper in itertools.pairwise(cards):
        alike = card_points(lower) == card_points(upper) and lower // 9 == upper // 9
        if alike and card_strength(upper) == card_strength(lower) + 1:
            lowest_of_run[upper] = lowest_of_run.get(lower, lower)
    runs: dict[Card, list[Card]] = {}
    for card in cards:
        runs.setdefault(lowest_of_run.get(card, card), []).append(card)

    def canonical(three: tuple[Card, ...]) -> int:
        # The same count of each run's cards, its lowest ones.
        mask = 0
        for head, members in runs.items():
            taken = sum(1 for c in three if lowest_of_run.get(c, c) == head)
            mask |= sum(1 << c for c in members[:taken])
        return mask

    candidates = lay_away_candidates(hand, trump)
    first = [candidates[i] for i in lay_away_order(candidates)]
    others = {canonical(three) for three in itertools.combinations(cards, 3)}
    tried_first = list(dict.fromkeys(canonical(tuple(cards_of(m))) for m in first))
    return tried_first + sorted(others - set(tried_first), key=_laid_points)


def _laid_points(mask: int) -> tuple[int, int]:
    return sum(card_points(c) for c in cards_of(mask)), mask


def lay_away_order(candidates: Sequence[int]) -> list[int]:
    """The places in ``candidates`` (lay-aways) in the order they are tried: fewest card
    points laid away first (the most kept for the play), of equal the later first. Measured
    (``python -m benchmarks.odds``): with a strong hand the lay-away keeping every counting
    card is the best and the quickest to solve (a solve near the top of the range is
    short), and the Tens laid away the worst and the slowest; trying the likely best first
    leaves the others a one-sided test that fails fast.

    >>> from frogspec.rules.cards import CardSet
    >>> lay_away_order([CardSet.parse(t).mask for t in ("10C 10S 6D", "7C 10C 6D", "7C 6D 6S")])
    [2, 1, 0]
    """
    laid = [sum(card_points(c) for c in cards_of(mask)) for mask in candidates]
    return sorted(range(len(candidates)), key=lambda i: (laid[i], -i))


def _check_lay_aways(lay_aways: str) -> None:
    if lay_aways not in LAY_AWAY_CHOICES:
        raise InvalidInputError(
            f"lay-aways: one of {', '.join(LAY_AWAY_CHOICES)}, not {lay_aways!r}"
        )


def _lay_aways_tried(hand: int, lay_aways: str) -> list[int]:
    # A Frog bidder's lay-aways tried, by the way of choosing them.
    _check_lay_aways(lay_aways)
    return every_lay_away(hand) if lay_aways == EVERY_LAY_AWAY else lay_away_candidates(hand)
