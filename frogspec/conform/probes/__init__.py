"""Probes: localise a departure by asking the engine's unit ops, and say it in the rules' terms.

One module per op (``card_points``, ``deal``, ``settle``, ``legal_plays``,
``trick_winner``, ``first_dealer``, ``match``, ``game``), each a :class:`~frogspec.conform.probes.base.UnitProbe`
registered in :data:`~frogspec.conform.probes.base.PROBES`: a new kind of probe is a new
module here, and needs nothing else of the kit.

A failing whole deal says where the answers part, not which stage of the engine is at fault:
the count of the cards, the settlement, the deal. The unit ops the protocol offers answer
each stage alone, and their inputs are few enough to enumerate. :func:`probe_stages` puts
the same inputs to the engine and to the reference, for instance:

- ``card_points`` for every card of the pack;
- ``settle`` over each contract, the bidder's points (every fifth from 0 to 120 and the
  boundaries around 30, 60 and 90), each table size, with the eldest hand bidding, and
  every seat bidding once at one score;
- ``deal`` once for each table size and dealer 0, with the pack in its order: the answer
  shows which pack position goes to which seat (or the widow) and who sits out;
- ``game``: a Grand whose bidder takes every trick, dealt by the engine's own deal, its
  payments set against those its ``settle`` gives for the points it counted.

The departing answers are grouped by what the engine does instead (the same difference,
the same deviation), and each group becomes a :class:`StageFinding`: the rule of the stage
(the rule a swap confirms where one reproduces the engine, else the rule the ruleset uses
for the part that differs), ``when`` (the features that separate its departing probes from
the agreeing ones: the ruleset, the contract, the table size, the bidder's points against
a threshold, whether the bidder won) and ``instead`` (what the engine does, as a typed difference of
:mod:`frogspec.conform.evidence`, said by :mod:`frogspec.conform.words`: "each defender
pays 3 a point instead of 2"). :mod:`frogspec.conform.deviations` joins the
findings to the deviations the failing cases show (:func:`frogspec.conform.deviations.
with_findings`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace

from frogspec._types import Json
from frogspec.conform.conditions import Condition, ConditionTerm
from frogspec.conform.probes import (  # noqa: F401  (each module registers its probe)
    card_points,
    deal,
    first_dealer,
    game,
    legal_plays,
    match,
    settle,
    trick_winner,
)
from frogspec.conform.probes.base import (
    PROBES,
    Ask,
    Gone,
    Probe,
    StageFinding,
    UnitProbe,
    register,
    value_key,
)
from frogspec.conform.probes.settle import BOUNDARY_POINTS
from frogspec.errors import FrogError

__all__ = [
    "BOUNDARY_POINTS",
    "PROBES",
    "Probe",
    "StageFinding",
    "UnitProbe",
    "probe_stages",
    "register",
]


def probe_stages(ask: Ask, ops: Sequence[str], rulesets: Sequence[str]) -> list[StageFinding]:
    """The departures the engine's unit ops show (those of ``ops`` it offers, each by its
    registered probe, in their order), for the ``rulesets`` given; empty if every probe
    agrees. A transport failure ends the probing with what was found so far."""
    findings: list[StageFinding] = []
    try:
        for probe in sorted(PROBES.values(), key=lambda p: p.order):
            if probe.op in ops:
                findings += probe.run(ask, rulesets, tuple(findings))
    except (FrogError, Gone):
        pass
    return _joined(findings)


def _joined(findings: list[StageFinding]) -> list[StageFinding]:
    """One finding per departure: those that find the engine doing the same (the same
    typed difference, in the same situations but for the table sizes) in several rulesets
    are joined, whether their rulesets name one rule for it or several rules for the same
    point; ``when`` then names every table size of them."""
    joined: dict[Hashable, StageFinding] = {}
    for finding in findings:
        condition, table, between, share = finding.situation
        key = value_key(
            (
                finding.stage,
                finding.rule is None,
                finding.otherwise,
                condition,
                _without_tables(table),
                between,
                share,
            )
        )
        if key in joined:
            joined[key] = _with_tables(joined[key].joined(finding), joined[key], finding)
        else:
            joined[key] = finding
    return list(joined.values())


def _without_tables(condition: Condition | None) -> Condition | None:
    """The condition without its table sizes."""
    if condition is None:
        return None
    return Condition(tuple(t for t in condition.terms if t.feature != "players"))


def _with_tables(finding: StageFinding, one: StageFinding, other: StageFinding) -> StageFinding:
    """The joined finding, its table condition naming the table sizes of both (none, where
    either departs at every table size of its rulesets)."""
    rest = _without_tables(one.table_condition)
    sizes = [_tables(one.table_condition), _tables(other.table_condition)]
    terms = rest.terms if rest is not None else ()
    if all(sizes):
        tables = tuple(sorted({v for found in sizes for v in found}, key=str))
        terms = (ConditionTerm("players", tables), *terms)
    table = Condition(terms) if terms else None
    return replace(finding, table_condition=table)


def _tables(condition: Condition | None) -> tuple[Json, ...]:
    """The table sizes a condition names (none: any)."""
    terms = condition.terms if condition is not None else ()
    return next((t.values for t in terms if t.feature == "players"), ())
