"""Trump: hearts in Frog and Grand; in Chico the bidder names the trump suit.

This part says which suit is trump. The duty to play a trump (a player who cannot follow
suit must trump if he can, ``play.must-trump``) is one of the duties of the play, beside
following suit and the freedom not to over-trump: :func:`frogspec.rules.play.must_trump`,
in ``frogspec/rules/play.py``.

>>> fixed_trump(Contract.FROG), fixed_trump(Contract.CHICO)
(<Suit.HEARTS: 2>, None)
>>> [s.letter for s in chico_trump_not_hearts()]
['C', 'D', 'S']
"""

from __future__ import annotations

from frogspec.questions import Question
from frogspec.registry import editorial, rule
from frogspec.rules.auction import Contract
from frogspec.rules.cards import Suit
from frogspec.sources import FOSTER_1909, GAMERULES, WIKIPEDIA_FROG, cite, context

__all__ = ["chico_trump_any_suit", "chico_trump_not_hearts", "fixed_trump"]


@rule(
    "trump.hearts-in-frog-and-grand",
    "Hearts are trumps in Frog and in Grand.",
    cite(FOSTER_1909, "441–442", "Frog. In this, hearts must be trumps."),
    cite(
        FOSTER_1909,
        "441–442",
        "Hearts must be trumps, and the player offering this game must not touch the widow",
    ),
    cite(
        GAMERULES,
        None,
        "Grand means you do not use the widow and hearts are automatically the trump suit.",
    ),
)
def fixed_trump(contract: Contract) -> Suit | None:
    """The trump suit a contract fixes: hearts, or ``None`` for Chico (named by the bidder)."""
    return None if contract == Contract.CHICO else Suit.HEARTS


@rule(
    "trump.chico-not-hearts",
    "In Chico the bidder names the trump suit, which may be any suit but hearts.",
    cite(
        FOSTER_1909,
        "441–442",
        "The player offering this game can name any suit for the trump except hearts",
    ),
    cite(WIKIPEDIA_FROG, None, "Chico No ♣, ♠ or ♦ x 2"),
    question=Question.CHICO_TRUMP,
)
def chico_trump_not_hearts() -> tuple[Suit, ...]:
    """The suits a Chico bidder may name."""
    return (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


@editorial(
    "trump.chico-any-suit",
    "In Chico the bidder names the trump suit, any of the four.",
    "The web page says only that Chico 'means you get to call trumps' and that the player "
    "'will call trumps before the play begins'; it neither allows nor forbids hearts. That "
    "hearts may be called is our inference from its silence, not its words. We let the "
    "words stand without a limit they do not state, knowing the consequence: a Chico in "
    "hearts is played as a Grand is (hearts trump, the widow untouched and counted for the "
    "bidder): the same game as a Grand at a lower rate, two a point where the Grand pays "
    "three. "
    "Foster and the 1922 rules as reported forbid hearts in Chico; a table that follows "
    "them plays trump.chico-not-hearts.",
    context(GAMERULES, None, "Chico means you get to call trumps but not exchange from the widow."),
    context(
        GAMERULES,
        None,
        "If a Chico bid was made the player will call trumps before the play begins.",
    ),
    question=Question.CHICO_TRUMP,
)
def chico_trump_any_suit() -> tuple[Suit, ...]:
    """The suits a Chico bidder may name under the web page: all four."""
    return (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
