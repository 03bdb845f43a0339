"""The probe of ``card_points``: every card of the pack, its points.

The departing cards are grouped by rank and count: ``a Jack counts 1 instead of 2``
(``when`` names the cards only where not every card of the rank departs).
"""

from __future__ import annotations

from collections.abc import Sequence

from frogspec.conform.probes.base import (
    Ask,
    StageFinding,
    ask_both,
    by_difference,
    register,
    result_of,
)
from frogspec.rules.cards import FULL_PACK, cards_of, format_card

__all__ = ["CardPointsProbe"]

_RANK_NAMES = {
    "A": "an Ace",
    "10": "a Ten",
    "K": "a King",
    "Q": "a Queen",
    "J": "a Jack",
    "9": "a Nine",
    "8": "an Eight",
    "7": "a Seven",
    "6": "a Six",
}


def _card_points(ask: Ask) -> list[StageFinding]:
    probes = [
        ask_both(ask, {"op": "card_points", "card": format_card(c)}, rank=_rank(c))
        for c in cards_of(FULL_PACK)
    ]
    findings = []
    for group in by_difference(probes, lambda p: (p.feature("rank"), result_of(p.actual))):
        first = group[0]
        ranks = {p.feature("rank") for p in group}
        all_of_rank = all(p.departs for p in probes if p.feature("rank") in ranks)
        name = _RANK_NAMES.get(str(first.feature("rank")), str(first.feature("rank")))
        count = f"counts {result_of(first.actual)} instead of {result_of(first.expected)}"
        findings.append(
            StageFinding(
                stage="card_points",
                rule="cards.points",
                when="" if all_of_rank else "for " + ", ".join(p.request["card"] for p in group),
                instead=f"{name} {count}",
                agree=sum(not p.departs for p in probes),
                disagree=len(group),
                smallest=first,
            )
        )
    return findings


def _rank(card: int) -> str:
    text = format_card(card)
    return text[:-1]


class CardPointsProbe:
    """``card_points`` for every card of the pack (no ruleset: the points are one)."""

    op = "card_points"
    order = 10

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The cards whose points the engine counts otherwise, grouped by rank."""
        return _card_points(ask)


register(CardPointsProbe())
