"""The probe of ``first_dealer``: each table size, each seat chosen (or drawing lowest).

The request's fields follow the ruleset (``chosen``; in the 1922 rules ``lowest`` and
``chooses_to_deal``): the probe asks both forms and keeps the answers the reference gives a
result to. The departing answers form one group per ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence

from frogspec._types import Json
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.evidence import Difference, FirstDealerChanged
from frogspec.conform.probes.base import (
    SEAT_ORDER_REVERSED,
    SEAT_ORDER_RULE,
    Ask,
    Probe,
    StageFinding,
    ask_both,
    by_difference,
    featured_finding,
    mirrored,
    register,
    result_of,
)
from frogspec.rulesets import RULESETS

__all__ = ["FirstDealerProbe"]


def _requests(ruleset: str) -> list[dict[str, Json]]:
    rs = RULESETS.get(ruleset)
    if rs is None:
        return []
    found = []
    for players in rs.rules.player_count():
        for seat in range(players):
            for extra in ({"chosen": seat}, {"lowest": seat, "chooses_to_deal": seat % 2 == 0}):
                request = {"op": "first_dealer", "ruleset": ruleset, "players": players, **extra}
                if "result" in reference_answer({"id": 1, **request}):
                    found.append(request)
    return found


def _in_mirror_order(probe: Probe) -> bool:
    """Whether the engine's first dealer is the reference's seen the other way round the
    table from the seat the draw (or the choice) names: the seat on the drawer's left where
    the reference has the one on his right, as when play goes to the right."""
    engine, reference = result_of(probe.actual), result_of(probe.expected)
    pivot = probe.request.get("lowest", probe.request.get("chosen"))
    players = probe.request.get("players")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (engine, reference)):
        return False
    if not isinstance(pivot, int) or not isinstance(players, int) or players < 1:
        return False
    return bool(engine != reference and engine == mirrored(reference, pivot, players))


def _signature(probe: Probe) -> Difference:
    """What the engine does otherwise: deals in the mirror order, or another seat deals
    first (one group, whichever seat)."""
    if _in_mirror_order(probe):
        return SEAT_ORDER_REVERSED
    return FirstDealerChanged(None, None)


def _otherwise(probe: Probe) -> Difference:
    """The group's difference, with its first probe's seats."""
    if _in_mirror_order(probe):
        return SEAT_ORDER_REVERSED
    return FirstDealerChanged(result_of(probe.actual), result_of(probe.expected))


#: The features a ``when`` of who deals first may name.
FIRST_DEALER_NAMES = ("players", "chooses_to_deal")


class FirstDealerProbe:
    """``first_dealer`` at each table size, each seat chosen or drawing lowest."""

    op = "first_dealer"
    order = 60

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of who deals first."""
        probes: list[Probe] = []
        for ruleset in rulesets:
            for request in _requests(ruleset):
                probes.append(
                    ask_both(
                        ask,
                        request,
                        ruleset=ruleset,
                        players=request["players"],
                        chooses_to_deal=request.get("chooses_to_deal"),
                    )
                )
        return [
            featured_finding(
                "first_dealer",
                group,
                probes,
                FIRST_DEALER_NAMES,
                _otherwise(group[0]),
                SEAT_ORDER_RULE if _in_mirror_order(group[0]) else None,
            )
            for group in by_difference(probes, _signature)
        ]


register(FirstDealerProbe())
