"""Probes: localise a departure by asking the engine's unit ops, and say it in the rules' terms.

A failing whole deal says where the answers part, not which stage of the engine is at fault:
the count of the cards, the settlement, the deal. The unit ops the protocol offers answer
each stage alone, and their inputs are few enough to enumerate. :func:`probe_stages` puts
the same inputs to the engine and to the reference:

- ``card_points`` for every card of the pack;
- ``settle`` over each contract, the bidder's points (every fifth from 0 to 120 and the
  boundaries around 30, 60 and 90), each table size, with the eldest hand bidding, and
  every seat bidding once at one score;
- ``deal`` once for each table size and dealer 0, with the pack in its order: the answer
  shows which pack position goes to which seat (or the widow) and who sits out.

The departing answers are grouped by what the engine does instead (the same difference,
the same deviation), and each group becomes a :class:`StageFinding`: the rule of the stage
(the rule a swap confirms where one reproduces the engine, else the rule the ruleset uses
for the part that differs), ``when`` (the features that separate its departing probes from
the agreeing ones: the ruleset, the contract, the table size, the bidder's points against
a threshold, whether the bidder won) and ``instead`` (what the engine does, e.g. "each
defender pays 3 a point instead of 2"). :mod:`frogspec.conform.deviations` joins the
findings to the deviations the failing cases show (:func:`frogspec.conform.deviations.
with_findings`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from frogspec._types import Json
from frogspec.conform.counterfactuals import reference_answer
from frogspec.errors import FrogError
from frogspec.registry import rule_for_function
from frogspec.rules.cards import FULL_PACK, cards_of, format_card
from frogspec.rulesets import RULESETS, Ruleset

__all__ = [
    "BOUNDARY_POINTS",
    "Probe",
    "StageFinding",
    "probe_stages",
]

Ask = Callable[[dict[str, Json]], dict[str, Json]]

#: The bidder's points every settle probe visits: the thresholds and either side of them.
BOUNDARY_POINTS = (0, 29, 30, 31, 59, 60, 61, 89, 90, 91, 120)

#: The bidder's points probed for each contract and table size.
SETTLE_POINTS = tuple(sorted(set(range(0, 121, 5)) | set(BOUNDARY_POINTS)))

_CONTRACT_CODES = {1: "frog", 2: "chico", 3: "grand"}
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


@dataclass(frozen=True)
class Probe:
    """One request put to the engine and the reference, with both answers and the
    situation's features (``contract``, ``players``, ``bidder_points``...)."""

    request: dict[str, Json]
    expected: Json
    actual: Json
    features: tuple[tuple[str, Json], ...]

    @property
    def departs(self) -> bool:
        """Whether the engine answers otherwise than the reference."""
        if _result(self.actual) == ("error", "unsupported"):
            return False  # a ruleset or op the engine does not offer is no departure
        return bool(_result(self.expected) != _result(self.actual))

    def feature(self, name: str) -> Json:
        """The value of one feature (``None`` if the probe has none of that name)."""
        return dict(self.features).get(name)


@dataclass(frozen=True)
class StageFinding:
    """A departure of one stage, localised by the engine's unit op ``stage``.

    ``rule`` the rule of that stage the engine departs from (``None`` if no rule of the
    stage can be named); ``rulesets`` those probed in which it departs so; ``when`` the features of the departing situations, in the rules'
    words (empty: always); ``instead`` what the engine does there; ``agree`` and
    ``disagree`` the numbers of probes of that stage that agree with the reference and
    that depart this way; ``smallest`` the first departing probe.
    """

    stage: str
    rule: str | None
    when: str
    instead: str
    agree: int
    disagree: int
    smallest: Probe
    rulesets: tuple[str, ...] = ()
    tables: tuple[int, ...] = ()

    @property
    def probes(self) -> int:
        """The probes the finding rests on, agreeing and departing."""
        return self.agree + self.disagree

    @property
    def situation(self) -> str:
        """``when`` with the rulesets, in words: ``in foster-1909, in a grand``."""
        where = f"in {', '.join(self.rulesets)}" if self.rulesets else ""
        when = "" if self.when == "always" else self.when
        return ", ".join(part for part in (where, when) if part) or "always"

    def joined(self, other: StageFinding) -> StageFinding:
        """This finding and another of the same departure in other rulesets, as one."""
        return replace(
            self,
            agree=self.agree + other.agree,
            disagree=self.disagree + other.disagree,
            rulesets=self.rulesets + other.rulesets,
            tables=tuple(sorted(set(self.tables) | set(other.tables))),
        )

    def shows(self, request: Json) -> bool:
        """Whether a failing case's request is of a situation the finding departs in: its
        ruleset and table size (any request, for a finding of no ruleset)."""
        if not isinstance(request, dict) or not self.rulesets:
            return True
        players = request.get("players")
        return request.get("ruleset") in self.rulesets and (
            not self.tables or players in self.tables
        )


def _result(answer: Json) -> Json:
    if isinstance(answer, dict) and "result" in answer:
        result = answer["result"]
        if isinstance(result, dict):  # a deal: cards compared as sets
            return json.dumps(
                {
                    k: ([sorted(h) if h else h for h in v] if k == "hands" else v)
                    for k, v in result.items()
                },
                sort_keys=True,
            )
        return result
    kind = answer.get("error", {}).get("kind") if isinstance(answer, dict) else None
    return ("error", kind)


class _Gone(Exception):
    """The engine stopped answering: probing ends (a hang must not cost a timeout a probe)."""


def _ask(ask: Ask, request: dict[str, Json]) -> Json:
    from frogspec.conform.transport import Failure

    try:
        return ask(json.loads(json.dumps(request)))
    except Failure as failure:
        raise _Gone from failure


def _probe(ask: Ask, request: dict[str, Json], **features: Json) -> Probe:
    full = {"id": 1, **request}
    return Probe(full, reference_answer(full), _ask(ask, full), tuple(features.items()))


# --- card points ------------------------------------------------------------------------


def _card_points(ask: Ask) -> list[StageFinding]:
    probes = [
        _probe(ask, {"op": "card_points", "card": format_card(c)}, rank=_rank(c))
        for c in cards_of(FULL_PACK)
    ]
    findings = []
    for group in _by_difference(probes, lambda p: (p.feature("rank"), _result(p.actual))):
        first = group[0]
        ranks = {p.feature("rank") for p in group}
        all_of_rank = all(p.departs for p in probes if p.feature("rank") in ranks)
        name = _RANK_NAMES.get(str(first.feature("rank")), str(first.feature("rank")))
        count = f"counts {_result(first.actual)} instead of {_result(first.expected)}"
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


# --- settle -----------------------------------------------------------------------------


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
                    _probe(
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
    return result if isinstance(result, list) else None


def _settle_signature(probe: Probe) -> Json:
    """What the engine does otherwise, in a form that is the same for one departure:
    which parts of the table are paid otherwise, and by what factor."""
    expected, actual = _payments(probe.expected), _payments(probe.actual)
    if expected is None or actual is None or len(actual) != len(expected):
        return ("answer", _result(probe.actual) == _result(probe.expected))
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
        return f"answers {_show(first.actual)} instead of {_show(first.expected)}"
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


def _show(value: Json) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _settle_rule(group: list[Probe], rs: Ruleset) -> str | None:
    """The rule of the settlement the group departs from: a rule whose swap reproduces
    the engine on the smallest probe, else the rule the ruleset uses for the part paid
    otherwise (who settles with the bidder, or the rate)."""
    from frogspec.conform.diagnosis import diagnose
    from frogspec.vectors.model import Case

    first = group[0]
    case = Case(
        id="probe.settle",
        file="probes",
        description="",
        rules=(),
        request=first.request,
        response={"id": 1, **first.expected},
    )
    divergence = diagnose(case, first.actual, None)
    if divergence is not None and divergence.explained_by:
        return divergence.explained_by[0]
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
        for group in _by_difference(probes, _settle_signature):
            findings.append(
                _table_finding(
                    "settle",
                    _settle_rule(group, rs),
                    _settle_instead(group),
                    group,
                    probes,
                    ruleset,
                )
            )
    return findings


# --- deal -------------------------------------------------------------------------------


def _receivers(answer: Json, deck: Sequence[str]) -> list[str] | None:
    """Who gets each pack position: ``"seat N"`` or ``"widow"``."""
    result = answer.get("result") if isinstance(answer, dict) else None
    if not isinstance(result, dict):
        return None
    owner: dict[str, str] = {}
    for seat, hand in enumerate(result.get("hands") or []):
        for card in hand or []:
            owner[str(card)] = f"seat {seat}"
    for card in result.get("widow") or []:
        owner[str(card)] = "widow"
    return [owner.get(card, "?") for card in deck]


def _pattern(receivers: Sequence[str]) -> str:
    """The packets of a deal, as the rules write them: ``3-(3)-4-4`` (a packet to each
    player in turn, the widow's in brackets)."""
    runs: list[tuple[str, int]] = []
    for who in receivers:
        if runs and runs[-1][0] == who:
            runs[-1] = (who, runs[-1][1] + 1)
        else:
            runs.append((who, 1))
    first_seat = next((w for w, _ in runs if w != "widow"), None)
    parts: list[str] = []
    for who, size in runs:
        if who == "widow":
            parts.append(f"({size})")
        elif who == first_seat:
            parts.append(str(size))
    return "-".join(parts)


def _deal(ask: Ask, rulesets: Iterable[str]) -> list[StageFinding]:
    deck = [format_card(c) for c in cards_of(FULL_PACK)]
    findings = []
    for ruleset in rulesets:
        rs = RULESETS.get(ruleset)
        if rs is None:
            continue
        probes = [
            _probe(
                ask,
                {
                    "op": "deal",
                    "ruleset": ruleset,
                    "options": {},
                    "players": players,
                    "dealer": 0,
                    "deck": deck,
                },
                ruleset=ruleset,
                players=players,
            )
            for players in rs.player_count()
        ]
        for group in _by_difference(probes, lambda p: _deal_instead(p, deck)):
            findings.append(
                _table_finding(
                    "deal",
                    _deal_rule(group[0], rs, deck),
                    _deal_instead(group[0], deck),
                    group,
                    probes,
                    ruleset,
                )
            )
    return findings


def _out(answer: Json, players: int) -> list[int] | None:
    result = answer.get("result") if isinstance(answer, dict) else None
    if not isinstance(result, dict) or not isinstance(result.get("active"), list):
        return None
    return [s for s in range(players) if s not in result["active"]]


def _deal_differs_in_seating(probe: Probe) -> bool:
    players = probe.request["players"]
    return _out(probe.expected, players) != _out(probe.actual, players)


def _deal_instead(probe: Probe, deck: Sequence[str]) -> str:
    players = probe.request["players"]
    if _deal_differs_in_seating(probe):
        out, out_ref = _out(probe.actual, players), _out(probe.expected, players)
        verb = "sits" if len(out or []) == 1 else "sit"
        return f"{_seats(out)} {verb} out instead of {_seats(out_ref)} (the dealer is seat 0)"
    eng, ref = _receivers(probe.actual, deck), _receivers(probe.expected, deck)
    if eng is None or ref is None:
        return f"answers {_show(probe.actual)} instead of a deal"
    if _pattern(eng) != _pattern(ref):
        return f"deals {_pattern(eng)} instead of {_pattern(ref)}"
    first_eng = next(w for w in eng if w != "widow")
    first_ref = next(w for w in ref if w != "widow")
    if first_eng != first_ref:
        return f"deals first to {first_eng} instead of {first_ref}"
    moved = next(i for i, (a, b) in enumerate(zip(eng, ref, strict=True)) if a != b)
    return f"pack position {moved} goes to {eng[moved]} instead of {ref[moved]}"


def _seats(seats: list[int] | None) -> str:
    if not seats:
        return "nobody"
    return (
        "seat " + " and ".join(map(str, seats))
        if len(seats) == 1
        else ("seats " + ", ".join(map(str, seats)))
    )


def _deal_rule(probe: Probe, rs: Ruleset, deck: Sequence[str]) -> str | None:
    function: Callable[..., Any] = (
        rs.active_seats if _deal_differs_in_seating(probe) else rs.deal_pattern
    )
    entry = rule_for_function(function)
    return entry.id if entry is not None else None


# --- when -------------------------------------------------------------------------------

_WORDS: dict[str, Callable[[Json], str]] = {
    "players": lambda v: f"with {v} at the table",
    "contract": lambda v: f"in a {v}",
    "won": lambda v: "when the bidder wins" if v else "when the bidder loses",
}


def _table_finding(
    stage: str,
    rule: str | None,
    instead: str,
    group: list[Probe],
    probes: list[Probe],
    ruleset: str,
) -> StageFinding:
    """The finding of a stage probed per ruleset and table size (``settle``, ``deal``):
    ``group`` departs alike, out of ``probes``."""
    return StageFinding(
        stage=stage,
        rule=rule,
        when=_when(group, probes, ruleset),
        instead=instead,
        agree=sum(not p.departs for p in probes),
        disagree=len(group),
        smallest=group[0],
        rulesets=(ruleset,),
        tables=tuple(sorted({int(p.request["players"]) for p in group})),
    )


def _when(group: list[Probe], probes: list[Probe], ruleset: str) -> str:
    """The features that set the group's probes apart from the agreeing ones, in words
    (empty when every probe of the stage departs so)."""
    others = [p for p in probes if p not in group]
    agreeing = [p for p in others if not p.departs]
    if not agreeing:
        return "always"
    conditions: list[str] = []
    selected = list(probes)
    for name in ("players", "contract", "won"):
        values = {p.feature(name) for p in group}
        present = {p.feature(name) for p in selected}
        if None in values or values == present:
            continue
        shown = " or ".join(str(v) for v in sorted(values, key=str))
        conditions.append(_WORDS[name](next(iter(values)) if len(values) == 1 else shown))
        selected = [p for p in selected if p.feature(name) in values]
    points = [p.feature("bidder_points") for p in group if p.feature("bidder_points") is not None]
    if points:
        low, high = min(points), max(points)
        within = [p for p in selected if p.feature("bidder_points") is not None]
        if any(not p.departs and low <= p.feature("bidder_points") <= high for p in within):
            pass  # no threshold separates them
        elif low > 0 and high < 120:
            conditions.append(f"the bidder's points from {low} to {high}")
        elif low > 0:
            conditions.append(f"the bidder's points {low} or more")
        elif high < 120:
            conditions.append(f"the bidder's points {high} or fewer")
    if not conditions:
        return f"in {len(group)} of {len(probes)} situations probed"
    return ", ".join(conditions)


def _by_difference(
    probes: Sequence[Probe], signature: Callable[[Probe], Json]
) -> list[list[Probe]]:
    """The departing probes, grouped by what the engine does otherwise, largest first."""
    groups: dict[str, list[Probe]] = {}
    for probe in probes:
        if probe.departs and probe.actual is not None:
            groups.setdefault(json.dumps(signature(probe), default=str), []).append(probe)
    return sorted(groups.values(), key=len, reverse=True)


# --- the entry point --------------------------------------------------------------------


def probe_stages(ask: Ask, ops: Sequence[str], rulesets: Sequence[str]) -> list[StageFinding]:
    """The departures the engine's unit ops show (those of ``ops`` it offers), for the
    ``rulesets`` given; empty if every probe agrees. A transport failure ends a probe
    with no answer, which is not counted as a departure."""
    findings: list[StageFinding] = []
    try:
        if "card_points" in ops:
            findings += _card_points(ask)
        seating: list[StageFinding] = []
        if "deal" in ops:
            seating = _deal(ask, rulesets)
        if "settle" in ops:
            # A table seated otherwise settles otherwise: that is the seating's departure.
            reseated = {
                (rs, f.smallest.request["players"])
                for f in seating
                if f.rule is not None and "sit" in f.instead
                for rs in f.rulesets
            }
            findings += _settle(ask, rulesets, reseated)
        findings += seating
    except (FrogError, _Gone):
        pass
    return _joined(findings)


def _joined(findings: list[StageFinding]) -> list[StageFinding]:
    """One finding per departure: those of one rule that say the same in several
    rulesets are joined."""
    joined: dict[tuple[str, str | None, str, str], StageFinding] = {}
    for finding in findings:
        key = (finding.stage, finding.rule, finding.when, finding.instead)
        joined[key] = joined[key].joined(finding) if key in joined else finding
    return list(joined.values())
