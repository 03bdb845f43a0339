"""The probe of ``first_dealer``: each table size, each seat chosen (or drawing lowest).

The request's fields follow the ruleset (``chosen``; in the 1922 rules ``lowest`` and
``chooses_to_deal``): the probe asks both forms and keeps the answers the reference gives a
result to. The departing answers form one group per ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence

from frogspec._types import Json
from frogspec.conform.counterfactuals import reference_answer
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
from frogspec.rulesets import RULESETS

__all__ = ["FirstDealerProbe"]


def _requests(ruleset: str) -> list[dict[str, Json]]:
    rs = RULESETS.get(ruleset)
    if rs is None:
        return []
    found = []
    for players in rs.player_count():
        for seat in range(players):
            for extra in ({"chosen": seat}, {"lowest": seat, "chooses_to_deal": seat % 2 == 0}):
                request = {"op": "first_dealer", "ruleset": ruleset, "players": players, **extra}
                if "result" in reference_answer({"id": 1, **request}):
                    found.append(request)
    return found


def _instead(group: list[Probe]) -> str:
    first = group[0]
    return f"seat {result_of(first.actual)} deals first instead of seat {result_of(first.expected)}"


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
                "first_dealer", group, probes, ("players", "chooses_to_deal"), _instead(group)
            )
            for group in by_difference(probes, lambda p: "dealer changed")
        ]


register(FirstDealerProbe())
