"""The probe of ``settle``: each contract, the bidder's points and every seat bidding.

The requests: each contract, the bidder's points (every fifth from 0 to 120 and the
boundaries around 30, 60 and 90: :data:`SETTLE_POINTS`), each table size, with the eldest
hand bidding, and every seat bidding once at one score. The departing answers are grouped
by which part of the table is paid otherwise (the same difference, the same departure).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.probes.base import (
    Ask,
    Json,
    Probe,
    StageFinding,
    ask_both,
    by_difference,
    register,
    result_of,
    show,
    swap_rule,
    table_finding,
)
from frogspec.registry import rule_for_function
from frogspec.rules.cards import FULL_PACK, cards_of, format_card
from frogspec.rulesets import RULESETS, Ruleset

__all__ = ["BOUNDARY_POINTS", "SETTLE_POINTS", "SettleProbe"]

#: The bidder's points every settle probe visits: the thresholds and either side of them.
BOUNDARY_POINTS = (0, 29, 30, 31, 59, 60, 61, 89, 90, 91, 120)

#: The bidder's points probed for each contract and table size.
SETTLE_POINTS = tuple(sorted(set(range(0, 121, 5)) | set(BOUNDARY_POINTS)))

_CONTRACT_CODES = {1: "frog", 2: "chico", 3: "grand"}


def _active(ruleset: str, players: int, dealer: int) -> list[int] | None:
    deck = [format_card(c) for c in cards_of(FULL_PACK)]
    answer = reference_answer(
        {
            "id": 1,
            "op": "deal",
            "ruleset": ruleset,
            "options": {},
            "players": players,
            "dealer": dealer,
            "deck": deck,
        }
    )
    result = answer.get("result")
    return list(result["active"]) if isinstance(result, dict) else None


def _settle_probes(ask: Ask, rs: Ruleset) -> list[Probe]:
    probes = []
    for players in rs.player_count():
        active = _active(rs.id, players, 0)
        if not active:
            continue
        for contract in rs.contracts():
            code = _CONTRACT_CODES.get(int(contract), str(contract))
            bidders = [(active[0], p) for p in SETTLE_POINTS]
            bidders += [(seat, 75) for seat in active[1:]]
            for bidder, points in bidders:
                request = {
                    "op": "settle",
                    "ruleset": rs.id,
                    "options": {},
                    "players": players,
                    "dealer": 0,
                    "bidder": bidder,
                    "contract": code,
                    "bidder_points": points,
                }
                probes.append(
                    ask_both(
                        ask,
                        request,
                        ruleset=rs.id,
                        contract=code,
                        players=players,
                        bidder_points=points,
                        won=points > 60,
                        active=tuple(active),
                    )
                )
    return probes


def _roles(probe: Probe) -> dict[str, list[int]]:
    """The seats by their part in a settlement: the bidder, the defenders (the other
    active players) and those sitting out."""
    bidder = probe.request["bidder"]
    active = probe.feature("active") or ()
    players = probe.request["players"]
    return {
        "bidder": [bidder],
        "defender": [s for s in active if s != bidder],
        "out": [s for s in range(players) if s not in active],
    }


def _payments(answer: Json) -> list[int] | None:
    result = answer.get("result") if isinstance(answer, dict) else None
    if not isinstance(result, list) or not all(_is_int(v) for v in result):
        return None
    return result


def _is_int(value: Json) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _settle_signature(probe: Probe) -> Json:
    """What the engine does otherwise, in a form that is the same for one departure:
    which parts of the table are paid otherwise, and by what factor."""
    expected, actual = _payments(probe.expected), _payments(probe.actual)
    if expected is None or actual is None or len(actual) != len(expected):
        return ("answer", result_of(probe.actual) == result_of(probe.expected))
    parts = []
    for role, seats in _roles(probe).items():
        differ = [s for s in seats if actual[s] != expected[s]]
        if role != "bidder" and differ:
            more = abs(actual[differ[0]]) > abs(expected[differ[0]])
            parts.append("more" if more else "less")
    # One departure pays more (or less) wherever it shows, whoever is paid.
    return tuple(sorted(set(parts))) or ("bidder",)


def _rate(probe: Probe, answer: Json) -> float | None:
    payments = _payments(answer)
    margin = abs(int(probe.request["bidder_points"]) - 60)
    defenders = _roles(probe)["defender"]
    if payments is None or not margin or not defenders:
        return None
    return abs(payments[defenders[0]]) / margin


def _extra(probe: Probe) -> int | None:
    """What a defender pays beyond (or short of) the reference's amount, if one does."""
    expected, actual = _payments(probe.expected), _payments(probe.actual)
    defenders = _roles(probe)["defender"]
    if expected is None or actual is None or not defenders or len(actual) != len(expected):
        return None
    s = defenders[0]
    return abs(actual[s]) - abs(expected[s])


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _settle_instead(group: list[Probe]) -> str:
    first = group[0]
    expected, actual = _payments(first.expected), _payments(first.actual)
    if expected is None or actual is None or len(expected) != len(actual):
        return f"answers {show(first.actual)} instead of {show(first.expected)}"
    roles = _roles(first)
    won = bool(first.feature("won"))
    phrases = []
    defenders = [s for s in roles["defender"] if actual[s] != expected[s]]
    if defenders:
        rates = {(_rate(p, p.actual), _rate(p, p.expected)) for p in group}
        outcomes = {bool(p.feature("won")) for p in group}
        who = "pays"
        if len(outcomes) == 1:
            who = "each defender pays" if won else "the bidder pays each defender"
        extras = {_extra(p) for p in group}
        if len(rates) == 1 and None not in next(iter(rates)):
            engine_rate, reference_rate = next(iter(rates))
            assert engine_rate is not None and reference_rate is not None
            phrases.append(
                f"{who} {_number(engine_rate)} a point instead of {_number(reference_rate)}"
            )
        elif len(extras) == 1 and None not in extras:
            extra = next(iter(extras))
            assert extra is not None
            last = max(group, key=lambda p: int(p.request["bidder_points"]))
            s = _roles(last)["defender"][0]
            paid, due = _payments(last.actual) or [], _payments(last.expected) or []
            amount, rate = abs(paid[s]), abs(due[s])
            phrases.append(
                f"{who} {abs(extra)} {'more' if extra > 0 else 'less'} than the rate "
                f"(at {last.request['bidder_points']} points in a {last.feature('contract')}: "
                f"{amount} instead of {rate})"
            )
        else:
            s = defenders[0]
            phrases.append(f"{who} {abs(actual[s])} instead of {abs(expected[s])}")
    out = [s for s in roles["out"] if actual[s] != expected[s]]
    if out:
        s = out[0]
        verb = "receives" if expected[s] >= 0 else "pays"
        phrases.append(
            f"a player sitting out {verb} {abs(actual[s])} instead of {abs(expected[s])}"
        )
    if not phrases:
        b = roles["bidder"][0]
        phrases.append(f"the bidder's balance is {actual[b]} instead of {expected[b]}")
    return "; ".join(phrases)


def _settle_rule(group: list[Probe], rs: Ruleset) -> str | None:
    """The rule of the settlement the group departs from: a rule whose swap reproduces
    the engine on the smallest probe, else the rule the ruleset uses for the part paid
    otherwise (who settles with the bidder, or the rate)."""
    first = group[0]
    swapped = swap_rule(first)
    if swapped is not None:
        return swapped
    signature = _settle_signature(first)
    only_out = isinstance(signature, tuple) and all(
        isinstance(p, tuple) and p[0] == "out" for p in signature
    )
    function: Callable[..., Any] = rs.sitting_out if only_out else rs.rates
    if first.feature("contract") == "frog" and not first.feature("won") and rs.rate_as:
        function = rs.rate_as if not only_out else function
    entry = rule_for_function(function)
    return entry.id if entry is not None else None


def _settle(
    ask: Ask,
    rulesets: Iterable[str],
    reseated: Collection[tuple[str, int]] = (),
) -> list[StageFinding]:
    findings = []
    for ruleset in rulesets:
        rs = RULESETS.get(ruleset)
        if rs is None:
            continue
        probes = [
            p for p in _settle_probes(ask, rs) if (ruleset, p.feature("players")) not in reseated
        ]
        if not any(p.departs for p in probes):
            continue
        for group in by_difference(probes, _settle_signature):
            findings.append(
                table_finding(
                    "settle",
                    _settle_rule(group, rs),
                    _settle_instead(group),
                    group,
                    probes,
                    ruleset,
                )
            )
    return findings


class SettleProbe:
    """``settle`` over the contracts, the bidder's points, the table sizes and seats; a
    table the deal's probe finds seated otherwise is passed over (its seating explains
    its settlements)."""

    op = "settle"
    order = 30

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of the settlement, one finding per way of paying otherwise."""
        reseated = {
            (rs, f.smallest.request["players"])
            for f in before
            if f.rule is not None and f.reseats
            for rs in f.rulesets
        }
        return _settle(ask, rulesets, reseated)


register(SettleProbe())
