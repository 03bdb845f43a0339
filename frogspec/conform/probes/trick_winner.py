"""The probe of ``trick_winner``: which card takes a trick of two, for every pair of ranks.

Each pair of ranks of one suit, led in both orders, without trumps; and each rank led
against a small trump. The departing answers form one group (the winner changed), and
``when`` is the condition on what the trick holds (an Ace, a Ten, a King, a trump) that
sets them apart (:mod:`frogspec.conform.conditions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations

from frogspec._types import Json
from frogspec.conform.evidence import TrickTaken
from frogspec.conform.probes.base import (
    Ask,
    Probe,
    StageFinding,
    answers_as_engine,
    ask_both,
    by_difference,
    featured_finding,
    register,
    result_of,
)
from frogspec.harness import Adjust
from frogspec.rules.cards import RANKS_HIGH_TO_LOW, Card, card_strength, rank_of
from frogspec.rulesets import Ruleset

__all__ = ["TrickWinnerProbe", "rank_order_of"]

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


def rank_order_of(probes: Sequence[Probe]) -> tuple[str, ...] | None:
    """The rank order the engine's answers to the tricks of two plain cards keep to,
    highest first: each rank placed by how many ranks it takes (led or played second).
    ``None`` where the answers keep to no order (a rank that takes a trick led and loses
    it played second to the same rank), or where there are none.

    >>> rank_order_of([])
    """
    beats: dict[str, set[str]] = {rank: set() for rank in RANKS_HIGH_TO_LOW}
    seen = 0
    for probe in probes:
        cards = [str(c) for c in probe.request.get("cards") or ()]
        if probe.request.get("trump") is not None or len(cards) != 2:
            continue
        taken = result_of(probe.actual)
        if taken not in (0, 1) or isinstance(taken, bool):
            return None
        seen += 1
        beats[cards[int(taken)][:-1]].add(cards[1 - int(taken)][:-1])
    if not seen:
        return None
    if any(beats[a] & {b for b in beats if a in beats[b]} for a in beats):
        return None  # one pair taken both ways: the order of play decides, not the ranks
    order = tuple(sorted(RANKS_HIGH_TO_LOW, key=lambda rank: -len(beats[rank])))
    return order if len({len(b) for b in beats.values()}) == len(order) else None


def _ranked(order: Sequence[str]) -> Adjust:
    """The rank order ``order`` (highest first) in place of the rulesets' own."""
    strength = {rank: len(order) - 1 - i for i, rank in enumerate(order)}

    def in_that_order(card: Card) -> int:
        return strength.get(rank_of(card), card_strength(card))

    def ranked(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("cards.rank-order", in_that_order)

    return ranked


def _with_departure(
    found: StageFinding, group: Sequence[Probe], probes: Sequence[Probe]
) -> StageFinding:
    """The finding with the engine's rank order as a change of the rulesets, where that
    order answers every probe as the engine did."""
    order = rank_order_of(probes)
    if order is None or tuple(order) == RANKS_HIGH_TO_LOW:
        return found
    departure = _ranked(order)
    if not answers_as_engine(departure, [*group, *probes]):
        return found
    return replace(found, departure=departure, models_all=True)


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
            _with_departure(
                featured_finding("trick_winner", group, probes, NAMES, _taken(group[0])),
                group,
                probes,
            )
            for group in by_difference(probes, lambda p: TrickTaken)
        ]


register(TrickWinnerProbe())
