"""The cards: suits, ranks, the 36-card pack, rank order and card points.

A card is a small integer, ``suit * 9 + strength``, where ``strength`` runs from 0 for
the Six to 8 for the Ace in the sources' rank order (A 10 K Q J 9 8 7 6). A set of cards
is a 36-bit mask; :class:`CardSet` wraps one behind a clear, immutable API (in the
manner of python-chess's ``SquareSet``). Rule functions work on the raw masks, so the
engine stays fast; nothing outside this module needs to know the bit layout.

>>> card = parse_card("10H")
>>> format_card(card), suit_of(card) is Suit.HEARTS, card_points(card)
('10H', True, 10)
>>> hand = CardSet.parse("AS 10S 6C")
>>> len(hand), "10S" in hand, str(hand)
(3, True, '6C 10S AS')
>>> sum(card_points(c) for c in CardSet(pack()))
120
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import IntEnum
from functools import lru_cache

from frogspec.errors import InvalidInputError
from frogspec.registry import rule
from frogspec.sources import FOSTER_1909, GAMERULES, WIKIPEDIA_FROG, cite

__all__ = [
    "CARDS",
    "FULL_PACK",
    "PACK_SIZE",
    "RANKS_HIGH_TO_LOW",
    "SUIT_MASKS",
    "SUIT_OF",
    "SUIT_PATTERNS",
    "SUIT_SIZE",
    "Card",
    "CardSet",
    "Suit",
    "card_points",
    "card_strength",
    "cards_of",
    "format_card",
    "format_cards",
    "make_card",
    "mask_of",
    "pack",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "points_of",
    "rank_of",
    "suit_of",
    "suit_pattern",
    "suit_pattern_cards",
]

Card = int
"""A card: ``suit * 9 + strength``, 0..35."""


class Suit(IntEnum):
    """The four French suits, in the protocol's letters."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def mask(self) -> int:
        """The mask of all nine cards of this suit."""
        return SUIT_MASKS[self]


RANKS_HIGH_TO_LOW: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
"""The rank order the sources give, highest first."""

_RANKS_LOW_TO_HIGH = RANKS_HIGH_TO_LOW[::-1]
_STRENGTH = {rank: i for i, rank in enumerate(_RANKS_LOW_TO_HIGH)}

SUIT_SIZE = 9
"""The cards of one suit. A card is ``suit * SUIT_SIZE + strength``."""

SUIT_PATTERNS = 1 << SUIT_SIZE
"""How many patterns (subsets) of one suit's cards there are: a pattern is a 9-bit mask,
bit ``strength`` set for each card held (see :func:`suit_pattern`)."""

_PATTERN = SUIT_PATTERNS - 1  # the mask of one suit pattern's nine bits

SUIT_MASKS: tuple[int, ...] = tuple(_PATTERN << (SUIT_SIZE * s) for s in range(4))
"""The mask of each suit's nine cards, by suit."""

PACK_SIZE = 4 * SUIT_SIZE
"""The cards in the pack: thirty-six (see the rule ``cards.pack``)."""

FULL_PACK: int = (1 << PACK_SIZE) - 1
"""The mask of the whole pack, one bit for each card."""

CARDS: tuple[Card, ...] = tuple(range(PACK_SIZE))
"""Every card, in the order of its number."""

SUIT_OF: tuple[Suit, ...] = tuple(Suit(card // SUIT_SIZE) for card in CARDS)
"""``SUIT_OF[card]`` is :func:`suit_of` ``(card)``: a table, for the rules the engine asks
at every card."""


def make_card(rank: str, suit: Suit) -> Card:
    """The card of this rank (``"A"``, ``"10"``, ... ``"6"``) and suit."""
    return int(suit) * SUIT_SIZE + _STRENGTH[rank]


def suit_of(card: Card) -> Suit:
    """The suit of a card."""
    return SUIT_OF[card]


def rank_of(card: Card) -> str:
    """The rank of a card as the protocol writes it: ``"A"``, ``"10"``, ... ``"6"``."""
    return _RANKS_LOW_TO_HIGH[card % SUIT_SIZE]


def suit_pattern(mask: int, suit: int) -> int:
    """The pattern of ``mask``'s cards of ``suit``: bit ``strength`` for each card held.

    >>> suit_pattern(CardSet.parse("6H AH 7C").mask, Suit.HEARTS) == 0b100000001
    True
    """
    return mask >> (SUIT_SIZE * suit) & _PATTERN


def suit_pattern_cards(suit: int, pattern: int) -> list[Card]:
    """The cards of ``suit`` that a pattern (see :func:`suit_pattern`) holds, Six first.

    >>> [format_card(c) for c in suit_pattern_cards(Suit.SPADES, 0b100000011)]
    ['6S', '7S', 'AS']
    """
    return list(cards_of(pattern << (SUIT_SIZE * suit)))


_NAMES: tuple[str, ...] = tuple(rank_of(c) + SUIT_OF[c].letter for c in CARDS)
_BY_NAME: dict[str, Card] = {name: card for card, name in enumerate(_NAMES)}


def format_card(card: Card) -> str:
    """The protocol's notation of a card: rank then suit, ``"10H"``, ``"AS"``."""
    return _NAMES[card]


def parse_card(text: object) -> Card:
    """Parse ``"10H"``, ``"AS"``, ``"6C"``; :class:`InvalidInputError` for anything else,
    whatever its type (``text`` is untrusted input: a compiled build checks the type too).

    >>> parse_card("QD") == make_card("Q", Suit.DIAMONDS)
    True
    >>> parse_card("1H")
    Traceback (most recent call last):
    frogspec.errors.InvalidInputError: unknown card '1H': a card is a rank (A 10 K Q J 9 8 7 6) then a suit (C D H S), like '10H'
    >>> parse_card(5)
    Traceback (most recent call last):
    frogspec.errors.InvalidInputError: unknown card 5: a card is a rank (A 10 K Q J 9 8 7 6) then a suit (C D H S), like '10H'
    """
    if isinstance(text, str):
        card = _BY_NAME.get(text)
        if card is not None:
            return card
    raise InvalidInputError(
        f"unknown card {text!r}: a card is a rank (A 10 K Q J 9 8 7 6) then a suit "
        "(C D H S), like '10H'"
    )


def parse_suit(text: object) -> Suit:
    """Parse ``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
    if isinstance(text, str) and len(text) == 1 and text in "CDHS":
        return Suit("CDHS".index(text))
    raise InvalidInputError(f"unknown suit {text!r}: a suit is one of C D H S")


def parse_cards(items: object, *, what: str = "cards") -> list[Card]:
    """Parse a list of card names, refusing duplicates."""
    if isinstance(items, str) or not isinstance(items, list | tuple):
        raise InvalidInputError(f"{what} must be a list of cards, got {items!r}")
    cards: list[Card] = []
    seen = 0
    for item in items:
        card = parse_card(item)
        if seen >> card & 1:
            raise InvalidInputError(f"duplicate card {item!r} in {what}")
        seen |= 1 << card
        cards.append(card)
    return cards


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest bit first (by suit C D H S, then from Six to Ace)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def format_cards(mask: int) -> list[str]:
    """The protocol notation of every card of a mask, in :func:`cards_of` order."""
    return [_NAMES[c] for c in cards_of(mask)]


class CardSet:
    """An immutable set of cards: a 36-bit mask behind a set-like API.

    >>> s = CardSet.parse("AH KH 7C")
    >>> s & Suit.HEARTS.mask
    CardSet('KH AH')
    >>> list(s)  # clubs before hearts, Six before Ace
    [1, 24, 26]
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, mask: int | Iterable[Card] = 0) -> None:
        value = mask if isinstance(mask, int) else mask_of(mask)
        if not 0 <= value <= FULL_PACK:
            raise InvalidInputError(f"not a set of Frog cards: mask {value:#x}")
        object.__setattr__(self, "mask", value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse space-separated card names."""
        return cls(mask_of(parse_cards(text.split())))

    def __iter__(self) -> Iterator[Card]:
        return cards_of(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = parse_card(card)
        return isinstance(card, int) and 0 <= card < PACK_SIZE and bool(self.mask >> card & 1)

    def __and__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.mask & _mask(other))

    def __or__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.mask | _mask(other))

    def __sub__(self, other: CardSet | int) -> CardSet:
        return CardSet(self.mask & ~_mask(other))

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return " ".join(format_cards(self.mask))

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"


def _mask(value: CardSet | int) -> int:
    return value.mask if isinstance(value, CardSet) else value


@rule(
    "cards.pack",
    "The pack has thirty-six cards: Ace, Ten, King, Queen, Jack, Nine, Eight, Seven and Six "
    "of each of the four suits.",
    cite(FOSTER_1909, "441–442", "There are thirty-six cards in the pack"),
    cite(
        WIKIPEDIA_FROG,
        None,
        "Frog is played with a pack of 36 cards, the 2s, 3s, 4s and 5s being removed from a "
        "standard 52-card French-suited pack.",
    ),
    cite(GAMERULES, None, "For a 36-card deck, the 5s and below are removed from the deck."),
)
def pack() -> int:
    """The mask of the whole pack.

    >>> pack().bit_count()
    36
    """
    return FULL_PACK


@rule(
    "cards.rank-order",
    "In every suit the cards rank, from highest to lowest: A 10 K Q J 9 8 7 6.",
    cite(
        FOSTER_1909,
        "441–442",
        "There are thirty-six cards in the pack, which rank: A 10 K Q J 9 8 7 6.",
    ),
    cite(WIKIPEDIA_FROG, None, "Rank A 10 K Q J 9 8 7 6"),
    cite(GAMERULES, None, "Cards are ranked Ace (high), 10, King, Queen, Jack, 9, 8, 7, 6 (low)."),
)
def card_strength(card: Card) -> int:
    """How high a card ranks within its suit: 8 for the Ace down to 0 for the Six.

    >>> card_strength(parse_card("10C")) > card_strength(parse_card("KC"))
    True
    """
    return card % SUIT_SIZE


_POINTS_BY_RANK = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


@rule(
    "cards.points",
    "Each Ace counts 11, each Ten 10, each King 4, each Queen 3 and each Jack 2; Nines, Eights, "
    "Sevens and Sixes count nothing, so the pack holds 120 points.",
    cite(
        FOSTER_1909,
        "441–442",
        "Each Ace is worth 11, Tens are worth 10, Kings 4, Queens 3, "
        "and Jacks 2. This gives us 120 points in the pack",
    ),
    cite(WIKIPEDIA_FROG, None, "There are 120 points in the pack"),
    cite(WIKIPEDIA_FROG, None, "Rank A 10 K Q J 9 8 7 6"),
    cite(WIKIPEDIA_FROG, None, "Value 11 10 4 3 2"),
    cite(
        GAMERULES,
        None,
        "They have values as well in the above order the values are: 11 "
        "points, 10, 4, 3, 2, 0, 0, 0, and 0 points.",
    ),
)
def card_points(card: Card) -> int:
    """The points a card counts.

    >>> [card_points(parse_card(c)) for c in ("AS", "10S", "KS", "QS", "JS", "9S")]
    [11, 10, 4, 3, 2, 0]
    """
    return _POINTS_BY_RANK.get(rank_of(card), 0)


def points_of(mask: int, points: Callable[[Card], int] | None = None) -> int:
    """The total points of a mask of cards, each counted by :func:`card_points`.

    >>> points_of(CardSet.parse("AS 10S KC 6H").mask)
    25
    """
    # Each card counted by ``points`` (the rule cards.points, or what a ruleset has for it).
    clubs, diamonds, hearts, spades = _suit_points(card_points if points is None else points)
    # suit_pattern(mask, suit) for each suit, written out: this counts every finished deal.
    return (
        clubs[mask & _PATTERN]
        + diamonds[mask >> SUIT_SIZE & _PATTERN]
        + hearts[mask >> 2 * SUIT_SIZE & _PATTERN]
        + spades[mask >> 3 * SUIT_SIZE]
    )


@lru_cache(maxsize=256)
def _suit_points(points: Callable[[Card], int]) -> tuple[tuple[int, ...], ...]:
    # The points of every pattern of each suit's nine cards, by whatever function counts a
    # card (the table is keyed by it): four table lookups count a whole hand.
    return tuple(
        tuple(
            sum(points(card) for card in suit_pattern_cards(suit, pattern))
            for pattern in range(SUIT_PATTERNS)
        )
        for suit in Suit
    )
