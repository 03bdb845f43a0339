"""Who deals next: a match whose dealers part from the reference's, said in the rules' terms.

A match's ``dealers`` that first differ at a deal, the deal before played alike, show how
the engine passes the deal (:class:`~frogspec.conform.evidence.DealerMoved`). When every
failing case shows the same move after the same kind of deal (one every player passed, or
one that was played), and no match the engine passed moved otherwise after that kind of
deal, the departure is the rule that passes the deal after it: ``auction.all-pass`` after a
deal every player passed ("... the deal passes to the left"), ``deal.rotation-left`` after
a deal that was played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from frogspec.conform.evidence import DealerMoved, Difference, passed_out
from frogspec.harness import Adjust

__all__ = ["Rotation", "passes_so", "who_deals"]


#: The rule that passes the deal, after a deal every player passed and after one played.
ROTATION_RULES = {True: "auction.all-pass", False: "deal.rotation-left"}

#: How an engine may pass the deal, the simplest first: the same dealer deals again, the
#: deal passes to the right, the bidder deals next, the seat on the bidder's left deals
#: next; else one seat deals instead of another (``"seat"``).
NextDealer = Literal["same", "right", "bidder", "bidder's left", "seat"]


@dataclass(frozen=True)
class Rotation(Difference):
    """How an engine passes the deal, where it departs (said by
    :func:`frogspec.conform.words.rotation_words`): a difference of the match as a rule."""

    #: The rule that passes the deal in that situation.
    rule: str
    #: The move the smallest failing case shows: after what kind of deal, how far.
    moved: DealerMoved
    #: Who deals next by the engine, as every failing case shows it.
    next_dealer: NextDealer = "seat"

    @property
    def kind(self) -> str:
        return "deal passed otherwise"

    @property
    def field(self) -> str:
        return "dealers"


def next_dealer_after(dealer: int, players: int, bidder: int | None, how: NextDealer) -> int | None:
    """The next dealer after a deal dealt by ``dealer`` and won by ``bidder``, passing the
    deal as ``how`` says (``None`` for one seat instead of another: no rule to it)."""
    if how == "same":
        return dealer
    if how == "right":
        return (dealer - 1) % players
    if bidder is None:
        return None
    if how == "bidder":
        return bidder
    if how == "bidder's left":
        return (bidder + 1) % players
    return None


#: The ways of passing the deal that are rules, the simplest first.
RULES_OF_PASSING: tuple[NextDealer, ...] = ("same", "right", "bidder", "bidder's left")

#: The ways of passing the deal that follow who bid.
_BY_THE_BIDDER: tuple[NextDealer, ...] = ("bidder", "bidder's left")


def passing_fits(moved: DealerMoved) -> set[NextDealer]:
    """The ways of passing the deal the move fits."""
    return {
        how
        for how in RULES_OF_PASSING
        if next_dealer_after(moved.previous, moved.players, moved.bidder, how) == moved.engine
    }


def who_deals(
    divergences: Sequence[Any], passed: Sequence[Any] = (), assumed: Adjust | None = None
) -> Rotation | None:
    """The departure in passing the deal that every divergence shows alike (their first
    difference a :class:`DealerMoved`), if the matches the engine passed (``passed``, cases
    with ``op`` and ``request``, replayed under the departures ``assumed``) do not
    contradict it; else ``None``.

    >>> from types import SimpleNamespace as Seen
    >>> moved = DealerMoved(1, 0, 1, 0, 3, True)
    >>> who_deals([Seen(differences=(moved,))]).rule
    'auction.all-pass'
    """
    moves = [
        d.differences[0]
        for d in divergences
        if d.differences and isinstance(d.differences[0], DealerMoved)
    ]
    if not moves or len(moves) != len(divergences):
        return None
    if len({m.after_passed_out for m in moves}) != 1:
        return None
    after_passed_out = moves[0].after_passed_out
    shared = set.intersection(*(passing_fits(m) for m in moves))
    ways: list[NextDealer] = [h for h in RULES_OF_PASSING if h in shared]
    if not ways and len({(m.engine, m.reference) for m in moves}) == 1:
        ways = ["seat"]  # one seat instead of another, the same in every case
    # The simplest way that no match the engine passed contradicts: one with that kind
    # of deal followed by another (a match refused, as both refuse it, shows no dealer).
    matches = [case for case in passed if case.op == "match"][:_PASSED_LOOKED_AT]
    how = next(
        (
            h
            for h in ways
            if not any(_contradicts(c, after_passed_out, h, assumed) for c in matches)
        ),
        None,
    )
    return None if how is None else Rotation(ROTATION_RULES[after_passed_out], moves[0], how)


#: How many passed matches are looked at for one that contradicts a way of passing the
#: deal (each of its deals replayed where who bid matters).
_PASSED_LOOKED_AT = 200


def _contradicts(
    case: Any, after_passed_out: bool, how: NextDealer, assumed: Adjust | None
) -> bool:
    """Whether a match the engine passed has a deal of that kind followed by another whose
    dealer (the reference's, the engine's alike) is not the one ``how`` gives."""
    from frogspec.conform.diagnosis import match_bidder

    result = case.expected.get("result") if "result" in case.expected else None
    dealers = result.get("dealers") if isinstance(result, dict) else None
    deals = case.request.get("deals")
    players = case.request.get("players")
    if not isinstance(deals, list) or not isinstance(dealers, list) or not isinstance(players, int):
        return False
    for d, (deal, dealer, after) in enumerate(zip(deals, dealers, dealers[1:], strict=False)):
        if passed_out(deal) != after_passed_out:
            continue
        bidder = match_bidder(case.request, d, dealer, assumed) if how in _BY_THE_BIDDER else None
        if next_dealer_after(dealer, players, bidder, how) != after:
            return True
    return False


def passes_so(
    request: Any,
    dealers: Any,
    how: NextDealer,
    after_passed_out: frozenset[bool],
    assumed: Adjust | None = None,
) -> bool:
    """Whether a match's ``dealers`` (the engine's answer) are passed, from the first
    dealer on, as ``how`` says after the kinds of deal ``after_passed_out`` (a deal every
    player passed, ``True``; one played, ``False``) and to the left after the others, who
    bid each deal found by the reference under the departures ``assumed``, with one deal
    at least passed otherwise than to the left: the engine's own way of passing the deal
    shows in the match, whatever else departs in its deals.

    >>> match = {"players": 3, "first_dealer": 0, "deals": [{"actions": ["pass"] * 3}] * 3}
    >>> passes_so(match, [0, 0, 0], "same", frozenset({True}))
    True
    >>> passes_so(match, [0, 1, 2], "same", frozenset({True}))
    False
    """
    from frogspec.conform.diagnosis import match_bidder

    deals = request.get("deals") if isinstance(request, dict) else None
    players = request.get("players") if isinstance(request, dict) else None
    if not isinstance(deals, list) or not isinstance(players, int) or players < 1:
        return False
    if not isinstance(dealers, list) or not dealers or dealers[0] != request.get("first_dealer"):
        return False
    if not all(isinstance(seat, int) for seat in dealers) or len(dealers) > len(deals):
        return False
    moved = False
    for d, (dealer, after) in enumerate(pairwise(dealers)):
        left = (dealer + 1) % players
        if passed_out(deals[d]) not in after_passed_out:
            if after != left:
                return False
            continue
        bidder = match_bidder(request, d, dealer, assumed) if how in _BY_THE_BIDDER else None
        if after != next_dealer_after(dealer, players, bidder, how):
            return False
        moved = moved or after != left
    return moved
