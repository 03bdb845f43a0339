"""The probe of ``card_points``: every card of the pack, its points.

The departing cards are grouped by rank and count: ``a Jack counts 1 instead of 2``
(``when`` names the cards only where not every card of the rank departs).
"""

from __future__ import annotations

from collections.abc import Sequence

from frogspec.conform.conditions import Condition, ConditionTerm
from frogspec.conform.evidence import CardCounted
from frogspec.conform.probes.base import (
    Ask,
    Probe,
    StageFinding,
    ask_both,
    by_difference,
    register,
    result_of,
)
from frogspec.rules.cards import FULL_PACK, cards_of, format_card

__all__ = ["CardPointsProbe"]


def _counted(probe: Probe) -> CardCounted:
    """What the engine counts for the probe's card: its rank's points otherwise."""
    return CardCounted(
        str(probe.feature("rank")), result_of(probe.actual), result_of(probe.expected)
    )


def _card_points(ask: Ask) -> list[StageFinding]:
    probes = [
        ask_both(
            ask,
            {"op": "card_points", "card": format_card(c)},
            rank=_rank(c),
            card=format_card(c),
        )
        for c in cards_of(FULL_PACK)
    ]
    findings = []
    for group in by_difference(probes, _counted):
        ranks = {p.feature("rank") for p in group}
        all_of_rank = all(p.departs for p in probes if p.feature("rank") in ranks)
        cards = tuple(p.feature("card") for p in group)
        findings.append(
            StageFinding(
                stage="card_points",
                rule="cards.points",
                otherwise=_counted(group[0]),
                agree=sum(not p.departs for p in probes),
                disagree=len(group),
                smallest=group[0],
                condition=None if all_of_rank else Condition((ConditionTerm("card", cards),)),
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
