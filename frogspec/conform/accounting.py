"""Points by accounting: a difference in the points explained as card groups credited to
another side.

When an engine's ``points`` differ from the reference's at the end of a deal, the cards
are the same; what differs is whose side a group of them is counted for. The groups are
each seat's tricks, the widow left untouched (Chico, Grand) and the three cards a Frog
bidder laid away. :func:`account` finds the group whose points, moved to the other side,
give the engine's count, and says so in the rules' words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from frogspec._types import Json
from frogspec.rules.cards import points_of

__all__ = ["Accounting", "account", "who_leads"]


@dataclass(frozen=True)
class Accounting:
    """A group of cards the engine counts for the other side: ``rule`` the rule that
    says whose they are, ``when`` the contract, ``instead`` what the engine does."""

    rule: str
    when: str
    instead: str


def account(request: Json, expected: Json, actual: Json) -> Accounting | None:
    """The card group that explains the engine's points at the end of a ``game`` request,
    or ``None`` if no one group does (or the answers carry no points)."""
    from frogspec.conform.diagnosis import game_state

    ref = _points(expected)
    eng = _points(actual)
    if ref is None or eng is None or not isinstance(request, dict):
        return None
    moved = ref - eng  # points the engine gives the defenders that are the bidder's
    if moved == 0:
        return None
    actions = request.get("actions")
    state = game_state(request, actions if isinstance(actions, list) else [])
    if state is None or state.bidder is None or state.contract is None:
        return None
    contract = state.contract.name.lower()
    groups = [
        ("the widow's", state.widow, "scoring.widow-counts-for-bidder"),
        ("the laid-away cards'", state.laid_away, "scoring.widow-counts-for-bidder"),
    ]
    for name, mask, rule in groups:
        points = points_of(mask)
        if mask and points == abs(moved):
            side = "the defenders" if moved > 0 else "the bidder"
            was = "the bidder" if moved > 0 else "the defenders"
            return Accounting(
                rule,
                f"in a {contract}",
                f"{name} points counted for {side}, not {was} ({points} in the deal shown)",
            )
    return None


def _points(answer: Json) -> int | None:
    result = answer.get("result") if isinstance(answer, dict) else None
    points = result.get("points") if isinstance(result, dict) else None
    bidder = points.get("bidder") if isinstance(points, dict) else None
    return bidder if isinstance(bidder, int) else None


_TO_ACT = re.compile(r"to_act is (\d+) \(the reference: (\d+)\)")


def who_leads(request: Json, detail: str) -> Accounting | None:
    """Who leads, where the first divergence is the player to lead a trick (the first, or
    the next after a trick): the rule that decides it and what the engine does instead."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import Phase

    match = _TO_ACT.search(detail)
    if match is None or not isinstance(request, dict):
        return None
    engine, reference = int(match.group(1)), int(match.group(2))
    actions = request.get("actions")
    state = game_state(request, actions if isinstance(actions, list) else [])
    if state is None or state.phase is not Phase.PLAY or state.trick or state.to_act != reference:
        return None
    if state.tricks == 0:
        role = _role(state, engine)
        return Accounting(
            "play.eldest-leads-first",
            "at the first trick of a deal",
            f"{role} leads instead of eldest hand (seat {reference})",
        )
    return Accounting(
        "play.winner-leads-next",
        "after a trick",
        f"seat {engine} leads the next trick instead of the last trick's winner (seat {reference})",
    )


def _role(state: Any, seat: int) -> str:
    if seat == state.bidder:
        return f"the bidder (seat {seat})"
    order = tuple(state.order)
    if len(order) > 1 and seat == order[1]:
        return f"the player on eldest's left (seat {seat})"
    if seat == state.dealer:
        return f"the dealer (seat {seat})"
    return f"seat {seat}"
