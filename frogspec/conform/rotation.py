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
from typing import Any

from frogspec.conform.evidence import DealerMoved, passed_out

__all__ = ["Rotation", "who_deals"]


#: The rule that passes the deal, after a deal every player passed and after one played.
ROTATION_RULES = {True: "auction.all-pass", False: "deal.rotation-left"}


@dataclass(frozen=True)
class Rotation:
    """How an engine passes the deal, where it departs (said by
    :func:`frogspec.conform.words.rotation_words`)."""

    #: The rule that passes the deal in that situation.
    rule: str
    #: The move every failing case shows: after what kind of deal, how far.
    moved: DealerMoved


def _how(moved: DealerMoved) -> tuple[int, ...]:
    """How the deal moves, whatever the table size: ``(0,)`` the same dealer, ``(-1,)`` to
    the right, else the two seats."""
    if moved.steps == 0:
        return (0,)
    if moved.steps == moved.players - 1:
        return (-1,)
    return (moved.engine, moved.reference)


def who_deals(divergences: Sequence[Any], passed: Sequence[Any] = ()) -> Rotation | None:
    """The departure in passing the deal that every divergence shows alike (their first
    difference a :class:`DealerMoved`), if the matches the engine passed (``passed``, cases
    with ``op`` and ``request``) do not contradict it; else ``None``.

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
    said = {(m.after_passed_out, _how(m)) for m in moves}
    if len(said) != 1:
        return None
    ((after_passed_out, _),) = said
    for case in passed:  # a match passed with that kind of deal followed by another
        # (a match refused, as both refuse it, shows no dealer)
        shown = case.op == "match" and "result" in case.expected
        deals = case.request.get("deals") if shown else None
        if isinstance(deals, list) and any(passed_out(x) == after_passed_out for x in deals[:-1]):
            return None
    return Rotation(ROTATION_RULES[after_passed_out], moves[0])
