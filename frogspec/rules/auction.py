"""The auction: the contracts, their order, and each source's reading of how bidding goes.

Contracts are named by their structure, whatever a ruleset calls them (the protocol's
names): ``frog`` (hearts trump, the bidder takes the widow and discards), ``chico`` (the
bidder names a trump other than hearts, widow untouched; Simple Solo in 1922) and
``grand`` (hearts trump, widow untouched; Heart Solo in 1922).

An auction procedure is a function of the bids so far: it says whose turn it is and which
contracts that seat may bid (it may always pass), or ``None`` when the auction is over.
The sources read the raise rule three ways; each is its own procedure:

>>> order = (1, 2, 0)
>>> history = ((1, Contract.FROG), (2, Contract.CHICO), (0, None))
>>> overbid_to_raise(order, THREE_CONTRACTS, history)  # Foster: seat 1 was overbid
Turn(seat=1, bids=(<Contract.GRAND: 3>,))
>>> one_bid_each(order, THREE_CONTRACTS, history) is None  # gamerules: one bid each
True
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import NamedTuple

from frogspec.errors import InvalidInputError
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
    "NO_FROG_CONTRACTS",
    "THREE_CONTRACTS",
    "AuctionHistory",
    "AuctionProcedure",
    "Contract",
    "Turn",
    "all_pass_ends_deal",
    "auction_winner",
    "contract_played",
    "contracts_frog_chico_grand",
    "contracts_without_frog",
    "one_bid_each",
    "one_round_frog_may_raise",
    "outbids",
    "overbid_to_raise",
    "parse_contract",
    "still_bidding",
]


class Contract(IntEnum):
    """The three contracts, valued in their bidding order."""

    FROG = 1
    CHICO = 2
    GRAND = 3

    @property
    def code(self) -> str:
        """The protocol's name: ``"frog"``, ``"chico"`` or ``"grand"``."""
        return self.name.lower()


def parse_contract(text: object) -> Contract:
    """Parse ``"frog"``, ``"chico"`` or ``"grand"``; :class:`InvalidInputError` for anything
    else, whatever its type (``text`` is untrusted input)."""
    try:
        return Contract[text.upper()] if isinstance(text, str) and text.islower() else _bad(text)
    except KeyError:
        return _bad(text)


def _bad(text: object) -> Contract:
    raise InvalidInputError(f"unknown contract {text!r}: one of 'frog', 'chico', 'grand'")


THREE_CONTRACTS = (Contract.FROG, Contract.CHICO, Contract.GRAND)
NO_FROG_CONTRACTS = (Contract.CHICO, Contract.GRAND)

#: A bid is ``(seat, contract)``; a pass is ``(seat, None)``.
AuctionHistory = tuple[tuple[int, Contract | None], ...]


class Turn(NamedTuple):
    """Whose turn it is in the auction, and what that seat may bid besides passing."""

    seat: int
    bids: tuple[Contract, ...]


AuctionProcedure = Callable[[tuple[int, ...], tuple[Contract, ...], AuctionHistory], Turn | None]
"""An auction procedure: (turn order from eldest, contracts, history) to the next turn."""


@rule(
    "auction.contracts-frog-chico-grand",
    "The bidder may offer one of three games: Frog, Chico or Grand.",
    cite(
        FOSTER_1909,
        "441–442",
        "Each player in turn, beginning on the dealer’s left, can "
        "offer to play one of three games, and the highest offer must be accepted.",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "Beginning with eldest, players may pass or bid for one of the following games",
    ),
    cite(
        GAMERULES,
        None,
        "The bids are ranked lowest being pass, Frog, Chico, and Grand, the highest.",
    ),
    question=Question.CONTRACTS,
)
def contracts_frog_chico_grand() -> tuple[Contract, ...]:
    """The contracts that may be bid."""
    return THREE_CONTRACTS


@rule(
    "auction.contracts-without-frog",
    "In Straight Solo there is no Frog: the only contracts are Simple Solo (chico) and Heart "
    "Solo (grand).",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "the only change to the Solo/Slough rules above was that the Frog contract was omitted",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.CONTRACTS,
)
def contracts_without_frog() -> tuple[Contract, ...]:
    """The contracts of Straight Solo."""
    return NO_FROG_CONTRACTS


@rule(
    "auction.contract-order",
    "Chico outbids Frog, and Grand outbids Chico; Grand is the highest bid.",
    cite(FOSTER_1909, "441–442", "Chico outbids Frog."),
    cite(FOSTER_1909, "441–442", "Grand outbids Chico, and is the highest bid possible."),
    context(GAMERULES, None, "must increase the bid of the last player if applicable, or pass."),
)
def outbids(bid: Contract, over: Contract | None) -> bool:
    """Whether ``bid`` is higher than the standing bid ``over`` (``None``: no bid yet).

    >>> outbids(Contract.CHICO, Contract.FROG), outbids(Contract.FROG, Contract.FROG)
    (True, False)
    """
    return over is None or bid > over


@editorial(
    "auction.pass-is-final",
    "A player who passes takes no further part in the auction.",
    "No source lets a player who has passed bid later: Foster lets a player raise only when "
    "'he is overbid', which a player who passed cannot be; the article's single round lets "
    "only an overbid Frog bidder speak again; the web page allows 'only one bid' a turn. The "
    "ruling makes explicit what all three take for granted.",
    cite(WIKIPEDIA_FROG, None, 'may immediately raise to "Grand"; otherwise must pass.'),
)
def still_bidding(seat: int, passed: frozenset[int]) -> bool:
    """Whether a seat may still bid: only if it has not passed."""
    return seat not in passed


def _standing(history: AuctionHistory) -> tuple[Contract | None, int | None, frozenset[int]]:
    high: Contract | None = None
    high_seat: int | None = None
    passed: set[int] = set()
    for seat, bid in history:
        if bid is None:
            passed.add(seat)
        else:
            high, high_seat = bid, seat
    return high, high_seat, frozenset(passed)


def _higher(
    contracts: tuple[Contract, ...],
    high: Contract | None,
    outbids: Callable[[Contract, Contract | None], bool],
) -> tuple[Contract, ...]:
    return tuple(c for c in contracts if outbids(c, high))


@editorial(
    "auction.overbid-to-raise",
    "Bidding goes round from eldest until all but one have passed; a player may bid again "
    "only after he has been overbid, and the highest bid wins.",
    "Our reading of Foster's auction. His words: each player in turn from the dealer's left "
    "'can offer to play one of three games', 'the highest offer must be accepted', 'a "
    "player cannot increase his own bid unless he is overbid', and Chico outbids Frog, "
    "Grand Chico. Three things are our inference, not his words: that the bidding goes "
    "round again (a player could not raise after being overbid unless it came back to "
    "him), that it ends when all but one have passed (Foster gives no end), and that each "
    "bid must be higher than the one standing (read from 'the highest offer' and "
    "'outbids'). The Wikipedia article, whose rules are 'based on' Foster, reads the same "
    "words as one round in which only an overbid Frog bidder may raise "
    "(auction.one-round-frog-may-raise).",
    cite(
        FOSTER_1909,
        "441–442",
        "Each player in turn, beginning on the dealer’s left, can "
        "offer to play one of three games, and the highest offer must be accepted.",
    ),
    cite(FOSTER_1909, "441–442", "A player cannot increase his own bid unless he is overbid."),
    question=Question.AUCTION_PROCEDURE,
)
def overbid_to_raise(
    order: tuple[int, ...],
    contracts: tuple[Contract, ...],
    history: AuctionHistory,
    still_bidding: Callable[[int, frozenset[int]], bool] = still_bidding,
    outbids: Callable[[Contract, Contract | None], bool] = outbids,
) -> Turn | None:
    """Foster's auction: round and round, each overbid player free to raise again."""
    high, high_seat, passed = _standing(history)
    higher = _higher(contracts, high, outbids)
    if not higher:
        return None
    n = len(order)
    start = (order.index(history[-1][0]) + 1) % n if history else 0
    for k in range(n):
        seat = order[(start + k) % n]
        if seat != high_seat and still_bidding(seat, passed):
            return Turn(seat, higher)
    return None


@rule(
    "auction.one-round-frog-may-raise",
    "There is one round of bidding, each player passing or bidding higher in turn from "
    "eldest, except that a player whose Frog is overbid by Chico may at once raise to Grand "
    "or else pass.",
    cite(
        WIKIPEDIA_FROG,
        None,
        "There is one round of bidding, but a player who announced "
        '"Frog" and is outbid by "Chico" may immediately raise to "Grand"; otherwise '
        "must pass.",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "Beginning with eldest, players may pass or bid for one of the following games",
    ),
    context(
        WIKIPEDIA_FROG,
        None,
        "The following are based on the 1909 edition of Foster's Complete Hoyle",
    ),
    question=Question.AUCTION_PROCEDURE,
    reading="'Immediately' is read as: the overbid Frog bidder answers at once, before the "
    "round goes on to the player after the Chico bidder.",
    notes=(
        "The article says its rules are based on Foster (1909), and does not say whether this "
        "auction paraphrases Foster's words or comes from elsewhere; auction.overbid-to-raise "
        "reads Foster's words differently. The "
        "post-1950 sources and the 1922 rules reach us only through the same article, which "
        "reports no auction of their own: theirs is unknown to us, and the rulesets that "
        "stand on them borrow this one.",
    ),
)
def one_round_frog_may_raise(
    order: tuple[int, ...],
    contracts: tuple[Contract, ...],
    history: AuctionHistory,
    still_bidding: Callable[[int, frozenset[int]], bool] = still_bidding,
    outbids: Callable[[Contract, Contract | None], bool] = outbids,
) -> Turn | None:
    """The article's auction: one round, with the overbid Frog bidder's one raise."""
    spoken: set[int] = set()
    passed: set[int] = set()
    high: Contract | None = None
    high_seat: int | None = None
    answering: int | None = None
    for seat, bid in history:
        if seat == answering:
            answering = None
        else:
            spoken.add(seat)
        if bid is None:
            passed.add(seat)
            continue
        if bid == Contract.CHICO and high == Contract.FROG:
            answering = high_seat
        high, high_seat = bid, seat
    higher = _higher(contracts, high, outbids)
    if not higher:
        return None
    if answering is not None and Contract.GRAND in higher:
        return Turn(answering, (Contract.GRAND,))
    for seat in order:
        if seat not in spoken and still_bidding(seat, frozenset(passed)):
            return Turn(seat, higher)
    return None


@rule(
    "auction.one-bid-each",
    "Each player in turn from eldest makes one bid, higher than the last, or passes; there is "
    "no second round.",
    cite(
        GAMERULES,
        None,
        "Each player makes only one bid on their turn and must increase the "
        "bid of the last player if applicable, or pass.",
    ),
    question=Question.AUCTION_PROCEDURE,
    reading="'Only one bid' is read as: no player bids again, so the auction is one round. "
    "That it starts from eldest is the rulebook's seating (seats.eldest-hand); the page does "
    "not name who bids first.",
)
def one_bid_each(
    order: tuple[int, ...],
    contracts: tuple[Contract, ...],
    history: AuctionHistory,
    still_bidding: Callable[[int, frozenset[int]], bool] = still_bidding,
    outbids: Callable[[Contract, Contract | None], bool] = outbids,
) -> Turn | None:
    """The web page's auction: each player speaks once."""
    high, _, passed = _standing(history)
    higher = _higher(contracts, high, outbids)
    if not higher or len(history) >= len(order):
        return None
    seat = order[len(history)]
    return Turn(seat, higher) if still_bidding(seat, passed) else None


@rule(
    "auction.highest-bid-wins",
    "The highest bidder becomes the single player (the bidder) against the other two active "
    "players.",
    cite(
        FOSTER_1909,
        "441–442",
        "The highest bidder becomes the single player, opposed to the two others.",
    ),
    context(WIKIPEDIA_FROG, None, 'The winner of the auction is called the "bidder"'),
)
def auction_winner(history: AuctionHistory) -> tuple[int, Contract] | None:
    """The bidder and the contract he won, or ``None`` when everyone passed.

    >>> auction_winner(((1, Contract.FROG), (2, None), (0, None)))
    (1, <Contract.FROG: 1>)
    """
    high, high_seat, _ = _standing(history)
    if high is None or high_seat is None:
        return None
    return high_seat, high


@rule(
    "auction.bidder-plays-named-game",
    "The bidder plays the game he bid, neither a lower nor a higher one.",
    cite(
        FOSTER_1909,
        "441–442",
        "The bidder must play the game he names. He cannot bid Frog "
        "and play Chico, or bid Chico and play Grand.",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "The bidder may not play a higher contract than that which won the auction.",
    ),
    reading="The article forbids only a higher contract; a lower one is excluded as in "
    "Foster, on whom the article says its rules are based ('The bidder must play the game he "
    "names').",
)
def contract_played(bid: Contract) -> Contract:
    """The contract played: the one bid."""
    return bid


@editorial(
    "auction.all-pass",
    "If every active player passes, the deal is over: no one plays, nothing is paid, and the "
    "deal passes to the left.",
    "No source says what happens when no one bids. Nothing has been played, so nothing is won "
    "or lost; the deal passes on as after any other deal, so that no player deals twice "
    "running and the rotation of the match stays the same whatever is bid. This is also the "
    "convention of the conformance protocol.",
)
def all_pass_ends_deal(history: AuctionHistory) -> bool:
    """Whether the auction ended with every active player passing.

    >>> all_pass_ends_deal(((1, None), (2, None), (0, None)))
    True
    """
    return bool(history) and all(bid is None for _, bid in history)
