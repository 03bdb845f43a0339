"""Dealing: the pattern in which the 36 cards go to the three active hands and the widow,
the first dealer, and the turn of the deal.

A deal pattern is data: for each card in the order the dealer deals it (``deck[0]``
first), where it goes: ``0``, ``1`` or ``2`` for the active hands counted from eldest
clockwise, or :data:`WIDOW` for the widow.

>>> "".join("W" if d == WIDOW else str(d) for d in packets_3_3_4_4())
'000111222WWW000011112222000011112222'
>>> "".join("W" if d == WIDOW else str(d) for d in singly_slough_1_4_8())[:12]
'W01W201W2012'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from frogspec.questions import Question
from frogspec.registry import editorial, rule
from frogspec.rules.cards import Card
from frogspec.sources import (
    FOSTER_1909,
    GAMERULES,
    OFFICIAL_RULES_1922,
    WIKIPEDIA_FROG,
    cite,
    post_1950,
)

__all__ = [
    "PHASE_ACTIONS",
    "WIDOW",
    "DealPattern",
    "actions_of_phase",
    "deal_cards",
    "first_dealer_any",
    "first_dealer_low_card",
    "gamerules_packets",
    "next_dealer_left",
    "packets_3_3_4_4",
    "packets_4_3_3_4",
    "singly_slough_1_4_8",
]

WIDOW = 3
"""The destination of a card dealt to the widow in a :data:`DealPattern`."""

DealPattern = tuple[int, ...]


def _packets(*sizes: int) -> DealPattern:
    # A packet size > 0 goes to each active hand in turn; a size < 0 goes to the widow.
    pattern: list[int] = []
    for size in sizes:
        if size < 0:
            pattern.extend([WIDOW] * -size)
        else:
            for hand in range(3):
                pattern.extend([hand] * size)
    return tuple(pattern)


@rule(
    "deal.packets-3-3-4-4",
    "The dealer gives three cards to each active player from eldest, then three to the "
    "widow, then two rounds of four cards to each player.",
    cite(
        FOSTER_1909,
        "441–442",
        "Three cards are given to each player the first round, then "
        "three for the widow, and then two rounds of four cards each to the players, so that "
        "there are three hands of eleven cards each, and three in the widow.",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "The dealer deals a packet of 3 cards to each player, beginning "
        "with eldest hand to the left, then 3 face down on the table as the widow (or blind in "
        "British rules), and finally two rounds of 4 cards each",
    ),
    question=Question.DEAL_PATTERN,
)
@cache  # a pattern is data: build it once
def packets_3_3_4_4() -> DealPattern:
    """The pre-war deal, 3-(3)-4-4."""
    return _packets(3, -3, 4, 4)


@rule(
    "deal.packets-4-3-3-4",
    "The dealer gives four cards to each active player from eldest, then three to the widow, "
    "then three to each player, then four to each player.",
    *post_1950("The dealer deals 4-(3)-3-4 cards instead of 3-(3)-4-4."),
    question=Question.DEAL_PATTERN,
)
@cache  # a pattern is data: build it once
def packets_4_3_3_4() -> DealPattern:
    """The post-1950 deal, 4-(3)-3-4."""
    return _packets(4, -3, 3, 4)


@rule(
    "deal.singly-slough-1-4-8",
    "The cards are dealt one at a time to the active players from eldest, except that the "
    "1st, 4th and 8th cards go to the widow (the slough).",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "Cards were dealt singly, the 1st, 4th and 8th going "
        "to the widow which was called the slough",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.DEAL_PATTERN,
)
@cache  # a pattern is data: build it once
def singly_slough_1_4_8() -> DealPattern:
    """The 1922 single-card deal."""
    pattern: list[int] = []
    hand = 0
    for position in range(1, 37):
        if position in (1, 4, 8):
            pattern.append(WIDOW)
        else:
            pattern.append(hand)
            hand = (hand + 1) % 3
    return tuple(pattern)


@editorial(
    "deal.gamerules-packets",
    "Under the modern web page's rules the dealer deals 4-(3)-3-4, the post-1950 deal the "
    "Wikipedia article reports.",
    "As the page stands, the dealer gives each player a batch of 4 and then two batches of "
    "3, all three to the players, ten cards each, and 3 cards go to the widow at a point it "
    "does not give: 33 cards from the pack of 36 the page itself makes, so the page cannot "
    "be dealt as written, while everything else on it (three cards exchanged with the "
    "widow, 120 points in play) needs the whole pack. Each hand is one card short. The "
    "repairs that would make it playable: (a) the page's 4, 3, 3 and the widow, then a "
    "fourth round of one card each; (b) one of its batches of 3 made 4, as 4-3-4 with the "
    "widow after; (c) the post-1950 deal 4-(3)-3-4 that the Wikipedia article reports, which "
    "also moves the widow to follow the first batch. We choose (c): it is a deal that "
    "printed sources use (as the article reports), so a table that knows the modern game "
    "already deals it, and no source we know deals (a) or (b). The page does not say where "
    "the widow falls, so (c) contradicts it only in the size of the last batch, as (b) "
    "does. From a well-shuffled pack every pattern that gives eleven cards to each hand "
    "and three to the widow deals hands of the same chances, so the choice changes no "
    "game's odds; it fixes which card of a given pack goes where, which the conformance "
    "vectors test.",
    cite(
        GAMERULES,
        None,
        "deal each player 10 cards. this is done in a batch of 4 then two "
        "batches of 3 cards. there will also be 3 cards dealt to the center of the table "
        "facedown; this is called the widow.",
    ),
    question=Question.DEAL_PATTERN,
)
@cache  # a pattern is data: build it once
def gamerules_packets() -> DealPattern:
    """The deal we rule for the modern web page: 4-(3)-3-4."""
    return _packets(4, -3, 3, 4)


def deal_cards(pattern: DealPattern, deck: Sequence[Card]) -> tuple[tuple[int, int, int], int]:
    """Deal ``deck`` by ``pattern``: the masks of the three hands (from eldest) and the widow.

    >>> from frogspec.rules.cards import CARDS
    >>> hands, widow = deal_cards(packets_3_3_4_4(), CARDS)
    >>> [h.bit_count() for h in hands], widow.bit_count()
    ([11, 11, 11], 3)
    """
    if len(deck) != len(pattern):
        raise ValueError(f"a deal pattern for {len(pattern)} cards, a deck of {len(deck)}")
    masks = [0, 0, 0, 0]
    for card, destination in zip(deck, pattern):  # noqa: B905 - lengths checked above
        masks[destination] |= _BITS[card]
    return (masks[0], masks[1], masks[2]), masks[WIDOW]


_BITS = tuple(1 << card for card in range(36))  # each card's bit: deal_cards looks them up


@rule(
    "deal.rotation-left",
    "After each deal the deal passes to the left.",
    cite(
        FOSTER_1909,
        "441–442",
        "Any one can deal the first hand, after which the deal passes to the left.",
    ),
    cite(GAMERULES, None, "This passes to the left for each new deal."),
)
def next_dealer_left(dealer: int, players: int) -> int:
    """The next dealer: the seat on the dealer's left.

    >>> next_dealer_left(4, players=5)
    0
    """
    return (dealer + 1) % players


@rule(
    "deal.first-dealer-any",
    "Any player may deal the first hand.",
    cite(FOSTER_1909, "441–442", "Any one can deal the first hand"),
    cite(WIKIPEDIA_FROG, None, "The first dealer is chosen by any desired method."),
    cite(GAMERULES, None, "Once the deck is modified the dealer is chosen at random."),
    question=Question.FIRST_DEALER,
    reading="The web page's 'chosen at random' is read as one way for the players to choose, "
    "as Foster's 'Any one can deal' and the article's 'any desired method' allow: the rule "
    "takes the seat chosen, however it was chosen, and does not itself draw one at random.",
)
def first_dealer_any(chosen: int, players: int) -> int:
    """The first dealer is whichever seat the players choose."""
    return chosen


@rule(
    "deal.first-dealer-low-card-chooses",
    "For the first deal the cards are fanned face down and each player draws one; the player "
    "with the lowest chooses whether to deal or to be eldest hand.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "The cards were fanned face down; the player with the "
        "lowest chose whether to be dealer or eldest hand for the first deal",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.FIRST_DEALER,
    reading="'Each player draws one' is our reading of how the fanned cards give a lowest: the "
    "summary says only that the cards were fanned face down and the lowest chose.",
)
def first_dealer_low_card(lowest: int, chooses_to_deal: bool, players: int) -> int:
    """The first dealer, given the seat that drew lowest and its choice.

    Eldest hand is always the seat on the dealer's left (it is active at any table), so a
    player who chooses to be eldest makes the seat on his right the dealer.

    >>> first_dealer_low_card(2, chooses_to_deal=False, players=4)
    1
    """
    return lowest if chooses_to_deal else (lowest - 1) % players


#: The kinds of action each phase of a deal takes, by the protocol's names of the phases
#: and of the kinds of action (a bid is ``frog``, ``chico`` or ``grand``).
PHASE_ACTIONS: dict[str, frozenset[str]] = {
    "auction": frozenset({"pass", "bid"}),
    "discard": frozenset({"discard"}),
    "trump": frozenset({"trump"}),
    "play": frozenset({"play"}),
    "over": frozenset(),
}


@editorial(
    "deal.actions-by-phase",
    "Each phase of a deal takes one kind of action: a pass or a bid in the auction, a card "
    "laid away by the Frog bidder, a suit named by the Chico bidder, a card played in the "
    "play; once the deal is over it takes none.",
    "The sources tell a deal as a sequence (the bidding, the widow taken and three cards "
    "laid away, trumps named, the play) and never speak of an action out of its place: at a "
    "table no one leads a card while the bidding goes on. A program must still refuse one "
    "and say which rule it breaks. Charging it to the rule of the phase it came in (the "
    "auction procedure for a card played in the auction, the Chico bidder's choice of "
    "suits for a card played before trumps are named, the count of tricks for a card "
    "played after the last) names a rule the mistake does not concern; one ruling for "
    "every action of the wrong kind, and for any action after the end, names it for what "
    "it is. An action of the right kind that the rules refuse (a bid that does not outbid, "
    "a card not held) breaks the rule that refuses it.",
)
def actions_of_phase(phase: str) -> frozenset[str]:
    """The kinds of action a phase takes (``pass``, ``bid``, ``discard``, ``trump``,
    ``play``).

    >>> sorted(actions_of_phase("auction")), sorted(actions_of_phase("over"))
    (['bid', 'pass'], [])
    """
    return PHASE_ACTIONS[phase]
