"""The play: who leads, which cards a player may play, and who wins the trick.

The duties of a player, in the order the sources give them: the leader plays any card;
the others follow suit if they can; a player who cannot follow must trump if he can; a
player who can do neither plays anything. There is no duty to head the trick nor to
over-trump. :func:`legal_plays` puts the rules together; each is a function of its own.

>>> from frogspec.rules.cards import CardSet, Suit, parse_card
>>> hand = CardSet.parse("AS 7H 9C").mask
>>> CardSet(legal_plays(hand, (parse_card("10D"),), Suit.HEARTS))  # void in diamonds
CardSet('7H')
>>> trick_winner([parse_card(c) for c in ("KS", "AS", "6H")], Suit.HEARTS)
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from frogspec.registry import editorial, rule
from frogspec.rules.auction import Contract
from frogspec.rules.cards import SUIT_MASKS, SUIT_OF, Card, Suit, card_strength
from frogspec.sources import FOSTER_1909, GAMERULES, WIKIPEDIA_FROG, cite

__all__ = [
    "TRICKS",
    "any_card_when_unable",
    "first_leader",
    "follow_suit",
    "lead_any_card",
    "legal_plays",
    "must_trump",
    "next_leader",
    "no_duty_to_head",
    "no_duty_to_overtrump",
    "play_from_hand",
    "trick_winner",
    "tricks_per_deal",
]


@rule(
    "play.eldest-leads-first",
    "Eldest hand leads to the first trick.",
    cite(
        FOSTER_1909, "441–442", "The player on the dealer’s left always leads for the first trick"
    ),
    cite(WIKIPEDIA_FROG, None, "Eldest leads to the first trick."),
    cite(
        GAMERULES, None, "The game is played clockwise starting with the player left of the dealer."
    ),
    cite(GAMERULES, None, "They may lead any card to the trick."),
)
def first_leader(order: tuple[int, ...], bidder: int | None, contract: Contract | None) -> int:
    """The leader of the first trick: eldest, first in the turn order, whoever bid and
    whatever the contract. The bidder and the contract are given so that a rule that looks
    at them (the bidder leading, in some contract) can stand in this one's place.

    >>> first_leader((1, 2, 0), 2, Contract.GRAND)
    1
    """
    del bidder, contract  # eldest leads whoever bid
    return order[0]


@editorial(
    "play.lead-any-card",
    "The leader may lead any card he pleases.",
    "Foster and the web page say it of the first lead: Foster's player on the dealer's left "
    "'always leads for the first trick, any card he pleases', and the page's 'They may lead any "
    "card to the trick' follows its 'starting with the player left of the dealer'. Neither, "
    "nor any other source we hold, limits a later lead; the rulebook gives every leader the "
    "freedom the sources give the first.",
    cite(
        FOSTER_1909,
        "441–442",
        "The player on the dealer’s left always leads for the first trick, any card he pleases.",
    ),
    cite(
        GAMERULES,
        None,
        "The game is played clockwise starting with the player left of the dealer. They may "
        "lead any card to the trick.",
    ),
)
def lead_any_card(hand: int) -> int:
    """The cards the leader may lead: all of them."""
    return hand


@rule(
    "play.follow-suit",
    "A player who holds a card of the suit led must play one.",
    cite(FOSTER_1909, "441–442", "The others must follow suit if they can"),
    cite(WIKIPEDIA_FROG, None, "Players must follow suit if able"),
    cite(GAMERULES, None, "The following players must follow suit if able."),
)
def follow_suit(hand: int, led: int) -> int:
    """The cards of the suit led (a :class:`Suit` or its number) in the hand; none if void."""
    return hand & SUIT_MASKS[led]


@rule(
    "play.no-duty-to-head",
    "A player following suit may play any card of that suit; he need not beat the cards "
    "already played.",
    cite(FOSTER_1909, "441–442", "they are not obliged to head the trick"),
    cite(WIKIPEDIA_FROG, None, "There is no requirement to head the trick."),
    cite(GAMERULES, None, "there is no obligation to win tricks."),
)
def no_duty_to_head(following: int, trick: Sequence[Card], trump: Suit | None) -> int:
    """Of the cards of the suit led, those he may play: all, whatever is winning ``trick``."""
    return following


@rule(
    "play.must-trump",
    "A player who cannot follow suit must play a trump if he holds one.",
    cite(
        FOSTER_1909,
        "441–442",
        "If a player cannot follow suit, he must trump, and if the third player cannot follow "
        "suit either, he must play a trump",
    ),
    cite(WIKIPEDIA_FROG, None, "if unable to follow, they must trump if possible"),
    cite(
        GAMERULES,
        None,
        "The following players must follow suit if able. If they cannot, they must play a trump "
        "if they can.",
    ),
)
def must_trump(hand: int, trump: Suit | None) -> int:
    """The trumps in the hand of a player void in the suit led (none if he holds none)."""
    return 0 if trump is None else hand & SUIT_MASKS[trump]


@editorial(
    "play.no-duty-to-overtrump",
    "A player who must trump may play any trump; he need not beat a trump already played.",
    "Foster says it in words: 'he is not obliged to over-trump unless he likes.' The web page, "
    "after its rules for following suit and trumping, says 'there is no obligation to win "
    "tricks.': an over-trump is played to win the trick, so the page's general words agree "
    "with Foster's, though they do not name over-trumping. The article says 'There is no "
    "requirement to head the trick', of following suit, and reports nothing on over-trumping "
    "from the 1922 rules or the later books. No source we hold requires an over-trump, so "
    "every ruleset applies Foster's rule: for the rulesets of the other sources it is our "
    "ruling.",
    cite(FOSTER_1909, "441–442", "he is not obliged to over-trump unless he likes."),
    cite(GAMERULES, None, "there is no obligation to win tricks."),
    cite(WIKIPEDIA_FROG, None, "There is no requirement to head the trick."),
)
def no_duty_to_overtrump(trumps: int, trick: Sequence[Card], trump: Suit | None) -> int:
    """Of his trumps, those he may play: all, whatever is winning ``trick``."""
    return trumps


@rule(
    "play.any-card-when-unable",
    "A player who can neither follow suit nor trump may play any card.",
    cite(GAMERULES, None, "If they cannot, they may play any card."),
)
def any_card_when_unable(hand: int) -> int:
    """The cards of a player void in the suit led and in trumps: all of them."""
    return hand


@editorial(
    "play.card-from-hand",
    "A player plays one card from his own hand, and plays only when it is his turn.",
    "No source says it in words; every source's play presupposes it, and an implementation "
    "must refuse a card its player does not hold.",
)
def play_from_hand(hand: int, card: Card) -> bool:
    """Whether ``card`` is in ``hand``."""
    return bool(hand >> card & 1)


def legal_plays(
    hand: int,
    trick: Sequence[Card],
    trump: Suit | None,
    lead_any_card: Callable[[int], int] = lead_any_card,
    follow_suit: Callable[[int, int], int] = follow_suit,
    no_duty_to_head: Callable[[int, Sequence[Card], Suit | None], int] = no_duty_to_head,
    must_trump: Callable[[int, Suit | None], int] = must_trump,
    no_duty_to_overtrump: Callable[[int, Sequence[Card], Suit | None], int] = no_duty_to_overtrump,
    any_card_when_unable: Callable[[int], int] = any_card_when_unable,
) -> int:
    """The cards a player may play to ``trick`` (the cards played so far, in order).

    Puts together :func:`lead_any_card`, :func:`follow_suit`, :func:`no_duty_to_head`,
    :func:`must_trump`, :func:`no_duty_to_overtrump` and :func:`any_card_when_unable` (a
    ruleset's rule table gives its own, :mod:`frogspec.ruletable`).

    >>> from frogspec.rules.cards import CardSet, parse_card
    >>> hand = CardSet.parse("AS 7H 9C 10C").mask
    >>> CardSet(legal_plays(hand, (parse_card("6C"),), Suit.HEARTS))
    CardSet('9C 10C')
    """
    if not trick:
        return lead_any_card(hand)
    following = follow_suit(hand, SUIT_OF[trick[0]])
    if following:
        return no_duty_to_head(following, trick, trump)
    trumps = must_trump(hand, trump)
    if trumps:
        return no_duty_to_overtrump(trumps, trick, trump)
    return any_card_when_unable(hand)


@editorial(
    "play.trick-winner",
    "A trick is won by the highest trump in it or, if it holds no trump, by the highest card "
    "of the suit led, by the rank order A 10 K Q J 9 8 7 6.",
    "The sources take the winner of a trick for granted. Foster's 'head the trick' and "
    "'over-trump' presuppose that a higher card of the suit led beats a lower one and that a "
    "higher trump beats a lower trump; his rank order and 'hearts must be trumps' supply the "
    "rest. This is the rule of every trick-taking game of the family.",
    cite(FOSTER_1909, "441–442", "he is not obliged to over-trump unless he likes."),
    cite(FOSTER_1909, "441–442", "they are not obliged to head the trick"),
)
def trick_winner(
    cards: Sequence[Card],
    trump: Suit | None,
    card_strength: Callable[[Card], int] = card_strength,
) -> int:
    """The index in ``cards`` (in play order) of the card that wins the trick, the cards
    ranked by ``card_strength`` (the rank order: a ruleset's rule table gives its own)."""
    best = 0
    top = cards[0]
    led = top_suit = SUIT_OF[top]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = SUIT_OF[card]
        if suit == top_suit:  # the higher card of the suit that is winning wins
            if card_strength(card) > card_strength(top):
                best, top = i, card
        elif suit == trump and top_suit == led:  # the first trump on the suit led wins
            best, top, top_suit = i, card, suit
    return best


@rule(
    "play.winner-leads-next",
    "The winner of a trick leads to the next.",
    cite(GAMERULES, None, "The winner of the trick leads the next."),
    cite(
        WIKIPEDIA_FROG,
        None,
        "The trick winner takes up the trick and lays it face down "
        "before leading to the next trick.",
    ),
)
def next_leader(winner: int) -> int:
    """The leader of the next trick: the seat that won this one."""
    return winner


TRICKS = 11


@rule(
    "play.eleven-tricks",
    "Eleven tricks are played, after which the deal is counted.",
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
)
def tricks_per_deal() -> int:
    """The number of tricks in a deal."""
    return TRICKS
