"""The probe of ``card_points``: every card of the pack, its points.

The departing cards are grouped by rank and count: ``a Jack counts 1 instead of 2``
(``when`` names the cards only where not every card of the rank departs).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
from frogspec.harness import Adjust
from frogspec.rules.cards import FULL_PACK, cards_of, format_card, parse_card
from frogspec.rulesets import Ruleset

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
    counted: dict[int, int] = {}
    for probe in probes:
        value = result_of(probe.actual)
        if probe.departs and isinstance(value, int) and not isinstance(value, bool):
            counted[parse_card(str(probe.feature("card")))] = value
    # Modelled where every card it counts otherwise has a number: a pack of other points
    # moves the tie too, but the settle probes find the tie (at half the pack, or where
    # the engine keeps it) and model it apart.
    departs = sum(p.departs for p in probes)
    departure = _counted_so(counted) if counted and len(counted) == departs else None
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
                departure=departure,
                models_all=departure is not None,
            )
        )
    return findings


def _counted_so(counted: Mapping[int, int]) -> Adjust:
    """The engine's points for the cards it counts otherwise as a change of the
    reference: every count of the cards (a trick's, a deal's) takes them."""
    points = dict(counted)

    def adjust(ruleset: Ruleset) -> Ruleset:
        written = ruleset.rules.card_points

        def card_points(card: int) -> int:
            return points.get(card, written(card))

        return ruleset.replacing("cards.points", card_points)

    return adjust


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
