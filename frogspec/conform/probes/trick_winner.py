"""The probe of ``trick_winner``: which card takes a trick of two, for every pair of ranks.

Each pair of ranks of one suit, led in both orders, without trumps; and each rank led
against a small trump. The departing answers form one group (the winner changed), and
``when`` is the condition on what the trick holds (an Ace, a Ten, a King, a trump) that
sets them apart (:mod:`frogspec.conform.conditions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from frogspec._types import Json
from frogspec.conform.evidence import TrickTaken
from frogspec.conform.probes.base import (
    Ask,
    Probe,
    StageFinding,
    ask_both,
    by_difference,
    featured_finding,
    register,
    result_of,
)
from frogspec.rules.cards import RANKS_HIGH_TO_LOW

__all__ = ["TrickWinnerProbe"]

#: The features a ``when`` of a trick may name.
NAMES = ("trick_trumped", "trick_ten", "trick_ace", "trick_king", "trump")


def _features(ruleset: str, trump: str | None, cards: Sequence[str]) -> dict[str, Json]:
    ranks = {card[:-1] for card in cards}
    return {
        "ruleset": ruleset,
        "trump": trump,
        "trick_trumped": trump is not None and any(card.endswith(trump) for card in cards[1:]),
        "trick_ten": "10" in ranks,
        "trick_ace": "A" in ranks,
        "trick_king": "K" in ranks,
    }


def _tricks() -> list[tuple[str | None, list[str]]]:
    plain: list[tuple[str | None, list[str]]] = [
        (None, [f"{a}C", f"{b}C"]) for a, b in permutations(RANKS_HIGH_TO_LOW, 2)
    ]
    trumped: list[tuple[str | None, list[str]]] = [
        ("H", [f"{rank}C", "6H"]) for rank in RANKS_HIGH_TO_LOW
    ]
    return plain + trumped


def _taken(probe: Probe) -> TrickTaken:
    """Which card of the probe's trick takes it, by the engine and by the reference."""
    cards = tuple(str(c) for c in probe.request["cards"])
    return TrickTaken(cards, result_of(probe.actual), result_of(probe.expected))


class TrickWinnerProbe:
    """``trick_winner`` for every pair of ranks of a suit, and each rank against a trump."""

    op = "trick_winner"
    order = 50

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of who wins a trick: one finding per ruleset's group."""
        probes = [
            ask_both(
                ask,
                {"op": "trick_winner", "ruleset": ruleset, "trump": trump, "cards": cards},
                **_features(ruleset, trump, cards),
            )
            for ruleset in rulesets
            for trump, cards in _tricks()
        ]
        return [
            featured_finding("trick_winner", group, probes, NAMES, _taken(group[0]))
            for group in by_difference(probes, lambda p: TrickTaken)
        ]


register(TrickWinnerProbe())
