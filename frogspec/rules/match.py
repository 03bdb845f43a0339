"""Matches: what each player starts with, and when the game is over.

A match is a run of deals with the deal turning to the left (:mod:`frogspec.rules.deal`). Each
seat's balance starts at the ruleset's bank and moves only by settlement. Foster's game
and the modern web page's have no end set by the rules; the 1922 game ends when the
first player cannot pay.

>>> bank_none(), bank_150_points(), bank_120_chips()
(0, 150, 120)
>>> first_unable_to_pay((5, 120, 120), (-10, 5, 5), bidder=0, players=3)
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from frogspec.questions import Question
from frogspec.registry import editorial, rule
from frogspec.sources import (
    FOSTER_1909,
    GAMERULES,
    OFFICIAL_RULES_1922,
    WIKIPEDIA_FROG,
    cite,
    context,
)

__all__ = [
    "balances_after",
    "bank_120_cents",
    "bank_120_chips",
    "bank_150_points",
    "bank_none",
    "first_unable_to_pay",
    "never_over",
    "payers_in_order",
    "unable_to_pay_pays_in_full",
]


@editorial(
    "match.counters-no-bank",
    "Payments are made at once in counters: the players start with no bank and a balance is "
    "simply what a player has won or lost.",
    "Foster gives two ways to settle: payments 'made at once in counters', and, failing "
    "that, 'the settling up of the scores at the end', which 'is the same as in Skat'. His "
    "rules for Frog describe only the first (each deal's counters paid by and to each "
    "player); for the second they send the reader to the Skat laws, which we do not hold, "
    "so we cannot model it from words we can quote. We model the first. A balance is the "
    "running total of what a player has won or lost, which is what a score sheet kept "
    "through the game would also hold. What the reference does not model is the settling "
    "up at the end by the Skat method, which may pay off those totals differently in ways "
    "we cannot know without the Skat laws; a table keeping scores should settle them as "
    "its own copy of Foster's Skat chapter says.",
    context(
        FOSTER_1909,
        "441–442",
        "For every point the single player gets over 60 he must be paid a counter by each of "
        "the others who held cards.",
    ),
    context(
        FOSTER_1909,
        "441–442",
        "The settling up of the scores at the end, if the payments are "
        "not made at once in counters, is the same as in Skat.",
    ),
    question=Question.BANK,
)
def bank_none() -> int:
    """Each seat's balance at the start: nothing."""
    return 0


@rule(
    "match.bank-150-points",
    "Each player starts the game with 150 points.",
    cite(GAMERULES, None, "At the start of the game, each player has 150 points."),
    question=Question.BANK,
)
def bank_150_points() -> int:
    """Each seat's balance at the start: 150 points."""
    return 150


@rule(
    "match.bank-120-chips",
    "Each player starts with eleven chips worth 10 and ten chips worth 1: 120 in all.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "Players started with 11 chips of one colour each "
        "worth 10, and 10 chips of another colour, each worth 1",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.BANK,
)
def bank_120_chips() -> int:
    """Each seat's balance at the start: 11 × 10 + 10 × 1 = 120 chips."""
    return 11 * 10 + 10 * 1


@editorial(
    "match.coeur-dalene-bank-in-cents",
    "In Coeur d'Alene each player starts with the Solo or Slough bank of 120, counted in "
    "cents, and the first player unable to pay loses.",
    "Coeur d'Alene is reported as 'the same as Solo or Slough' except for its fixed payments, "
    "so the bank of eleven 10s and ten 1s and the end of the game stay. Its payments are in "
    "cents, and a bank can only be set against payments in its own unit, so the chips are "
    "counted as cents. Nothing reported says so: it is our ruling, and with the example "
    "amounts we take (settlement.fixed-25-50-75) it makes for short games. At three players "
    "a lost Heart Solo costs the bidder 150 cents, more than his 120, and ends the match in "
    "one deal; at four, so does a lost Simple Solo. A table that wants longer games may "
    "play the same ratio at a smaller stake.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "This was the same as Solo or Slough except that there "
        "were fixed payments for winning instead of point-based payments.",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.BANK,
)
def bank_120_cents(bank_120_chips: Callable[[], int] = bank_120_chips) -> int:
    """Each seat's balance at the start: 120 cents."""
    return bank_120_chips()


@editorial(
    "match.no-fixed-end",
    "The game has no end set by the rules: the players stop when they please, and a balance "
    "may go below zero.",
    "Foster settles each deal in counters and says nothing of an end to the game, nor does "
    "the Wikipedia article's summary of later sources; the web page leaves the end to the players ('when players wish to stop "
    "playing, or a target that was set before the game is reached'). A reference engine "
    "cannot know a target agreed at the table, so a match is never over by rule.",
    cite(
        GAMERULES,
        None,
        "The game ends when players wish to stop playing, or a target that "
        "was set before the game is reached.",
    ),
    question=Question.GAME_END,
)
def never_over(
    balances: Sequence[int], payments: Sequence[int], bidder: int, players: int
) -> int | None:
    """No seat ever loses the game by rule: always ``None``."""
    return None


@editorial(
    "match.unable-to-pay-order",
    "A player is unable to pay when he owes more in one settlement than his balance; if "
    "several are, the first of them clockwise from the bidder (the bidder himself first) is "
    "the one who loses.",
    "The 1922 rules as reported end the game with 'the first player unable to pay' without "
    "saying what unable means or who is first when two defenders cannot pay the same winner. "
    "Owing more than one holds is the plain meaning; the bidder settles with each seat in "
    "turn from his left, as the deal and the play go, so the first seat reached is the first "
    "unable to pay. The payment is recorded in full.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "The first player unable to pay for winnings lost the game",
        reported_by=WIKIPEDIA_FROG,
    ),
)
def payers_in_order(bidder: int, players: int) -> tuple[int, ...]:
    """The seats in the order they settle: the bidder, then clockwise from his left.

    >>> payers_in_order(2, players=4)
    (2, 3, 0, 1)
    """
    return tuple((bidder + k) % players for k in range(players))


@rule(
    "match.first-unable-to-pay-loses",
    "The first player unable to pay what he owes loses the game, which is then over.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "The first player unable to pay for winnings lost the game",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.GAME_END,
)
def first_unable_to_pay(
    balances: Sequence[int],
    payments: Sequence[int],
    bidder: int,
    players: int,
    payers_in_order: Callable[[int, int], tuple[int, ...]] = payers_in_order,
) -> int | None:
    """The seat that loses the game in this settlement, or ``None``.

    ``balances`` are before the settlement; ``payments`` its payments by seat.
    """
    for seat in payers_in_order(bidder, players):
        if payments[seat] < 0 and balances[seat] + payments[seat] < 0:
            return seat
    return None


@editorial(
    "match.unable-to-pay-pays-in-full",
    "A player unable to pay is charged in full all the same: every payment of the settlement "
    "that ends the game is recorded whole, his balance goes below zero, and those he owes "
    "are credited all they are owed.",
    "The 1922 rules as reported say that 'the first player unable to pay for winnings lost "
    "the game', and no more: not whether he hands over what chips he has left, nor how a "
    "part payment would be shared among the players he owes. A balance is the running "
    "total of what a player has won and lost; recording the whole settlement keeps every "
    "deal's payments summing to zero, makes the balances say by how much the loser fell "
    "short, and needs no rule for dividing a part payment, which no source gives. The game "
    "is over at that settlement, so nothing in the play turns on it: only the final "
    "balances do.",
    context(
        OFFICIAL_RULES_1922,
        "213–216",
        "The first player unable to pay for winnings lost the game",
        reported_by=WIKIPEDIA_FROG,
    ),
)
def unable_to_pay_pays_in_full(balances: Sequence[int], payments: Sequence[int]) -> tuple[int, ...]:
    """The balances after the settlement in which a player cannot pay: each payment whole.

    >>> unable_to_pay_pays_in_full((120, 120, 120), (180, -360, 180))
    (300, -240, 300)
    """
    return tuple(b + p for b, p in zip(balances, payments, strict=True))


def balances_after(
    balances: Sequence[int],
    payments: Sequence[int],
    loser: int | None,
    pays_in_full: Callable[[Sequence[int], Sequence[int]], tuple[int, ...]] | None = None,
) -> tuple[int, ...]:
    """Each seat's balance after a settlement. ``loser`` is the seat the settlement left
    unable to pay (:func:`first_unable_to_pay`), if any; what he and the others then pay is
    the ruling :func:`unable_to_pay_pays_in_full` (or ``pays_in_full``: a ruleset's own).

    >>> balances_after((0, 0, 0), (-10, 20, -10), None)
    (-10, 20, -10)
    """
    if loser is not None:
        return (unable_to_pay_pays_in_full if pays_in_full is None else pays_in_full)(
            balances, payments
        )
    return tuple(b + p for b, p in zip(balances, payments, strict=True))
