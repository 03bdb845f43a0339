"""The probe of ``settle``: each contract, the bidder's points and every seat bidding.

The requests: each contract, the bidder's points (every fifth from 0 to 120 and the
boundaries around 30, 60 and 90: :data:`SETTLE_POINTS`), each table size, with the eldest
hand bidding, and every seat bidding once at one score. The departing answers are grouped
by which part of the table is paid otherwise (the same difference, the same departure).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Any

from frogspec._types import Json
from frogspec.conform.accounting import pack_by_engine
from frogspec.conform.conditions import Condition, ConditionTerm
from frogspec.conform.counterfactuals import (
    alternatives,
    composed,
    reference_answer,
    requests_asked,
    swapped,
)
from frogspec.conform.evidence import (
    ROUNDINGS,
    AnswerChanged,
    ContractRefused,
    Difference,
    MarginFixed,
    MarginRaised,
    PaidBeyondRate,
    PaidOtherwise,
    PaidTimes,
    PaymentsRounded,
    RateChanged,
    RatedAs,
    SettledWith,
    Several,
    TieDecided,
    TieMoved,
    rounded,
)
from frogspec.conform.probes.base import (
    Ask,
    Probe,
    StageFinding,
    agrees,
    answers_as_engine,
    ask_both,
    by_difference,
    register,
    result_of,
    swap_rule,
    table_finding,
)
from frogspec.harness import Adjust
from frogspec.questions import Question
from frogspec.registry import rule_for_function
from frogspec.rules import settlement as settlement_rules
from frogspec.rules.cards import FULL_PACK, cards_of, format_card
from frogspec.rulesets import RULESETS, Ruleset, rulesets_using

__all__ = ["BOUNDARY_POINTS", "SETTLE_POINTS", "TIE_RULE", "WHO_SETTLES_RULE", "SettleProbe"]

#: The bidder's points every settle probe visits: the thresholds and either side of them.
BOUNDARY_POINTS = (0, 29, 30, 31, 59, 60, 61, 89, 90, 91, 120)

#: The bidder's points probed for each contract and table size.
SETTLE_POINTS = tuple(sorted(set(range(0, 121, 5)) | set(BOUNDARY_POINTS)))

_CONTRACT_CODES = {1: "frog", 2: "chico", 3: "grand"}


def _active(
    ruleset: str, players: int, dealer: int, seating: Adjust | None = None
) -> list[int] | None:
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
        },
        assumed=seating,
    )
    result = answer.get("result")
    return list(result["active"]) if isinstance(result, dict) else None


def _settle_probes(
    ask: Ask, rs: Ruleset, seating: Adjust | None = None, tie: int | None = None
) -> list[Probe]:
    """The probes of the ruleset's settlement: each contract at each table size, the
    bidder at each of :data:`SETTLE_POINTS` (and at a tie the engine's count puts
    elsewhere, ``tie``, and a point either side: what the engine does at its own tie
    shows there), each other seat as the bidder at 75."""
    points_probed = SETTLE_POINTS
    if tie is not None:
        points_probed = tuple(sorted({*SETTLE_POINTS, tie - 1, tie, tie + 1}))
    probes = []
    for players in rs.rules.player_count():
        active = _active(rs.id, players, 0, seating)
        if not active:
            continue
        for contract in rs.rules.contracts():
            code = _CONTRACT_CODES.get(int(contract), str(contract))
            bidders = [(active[0], p) for p in points_probed]
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
                probe = ask_both(
                    ask,
                    request,
                    ruleset=rs.id,
                    contract=code,
                    players=players,
                    bidder_points=points,
                    won=points > 60,
                    active=tuple(active),
                )
                if seating is not None:  # the reference seated as the engine seats the table
                    probe = replace(
                        probe, expected=reference_answer(probe.request, assumed=seating)
                    )
                probes.append(probe)
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


#: The bidder's margin over or under the tie at his points, as the reference judged a
#: probe (under the departures assumed: a tie moved moves it).
Margin = Callable[[int], int]


def _margin_by(rs: Ruleset, assumed: Adjust | None) -> Margin:
    """The margin by the ruleset's tie, under the departures ``assumed``."""
    ruled = assumed(rs) if assumed is not None else rs
    return lambda points: abs(ruled.rules.bidder_result(points))


def _rate(probe: Probe, answer: Json, margin_of: Margin) -> float | None:
    payments = _payments(answer)
    margin = margin_of(int(probe.request["bidder_points"]))
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


def _settle_otherwise(group: list[Probe], margin_of: Margin) -> Difference:
    """What the group's engine pays otherwise, from its first probe (a rate, or an amount
    beyond the rate, where every probe of the group shows the same; a rate by the margin
    ``margin_of`` gives)."""
    first = group[0]
    expected, actual = _payments(first.expected), _payments(first.actual)
    if expected is None or actual is None or len(expected) != len(actual):
        return AnswerChanged(first.actual, first.expected)
    bidder = int(first.request["bidder"])
    if all(_moves_the_money(p) for p in group):
        paid = tuple(s for s, a in enumerate(actual) if a and s != bidder)
        due = tuple(s for s, e in enumerate(expected) if e and s != bidder)
        return SettledWith(bidder, paid, due)
    roles = _roles(first)
    parts: list[Difference] = []
    defenders = [s for s in roles["defender"] if actual[s] != expected[s]]
    if defenders:
        outcomes = {bool(p.feature("won")) for p in group}
        payer = "either"
        if len(outcomes) == 1:
            payer = "defender" if first.feature("won") else "bidder"
        rates = {(_rate(p, p.actual, margin_of), _rate(p, p.expected, margin_of)) for p in group}
        extras = {_extra(p) for p in group}
        ((engine_rate, reference_rate), *others) = rates
        s = defenders[0]
        if actual[s] * expected[s] < 0:  # he pays where he should receive, or the reverse
            receives = expected[s] > 0
            parts.append(PaidOtherwise(payer, abs(actual[s]), abs(expected[s]), receives, True))
        elif not others and engine_rate is not None and reference_rate is not None:
            parts.append(RateChanged(payer, engine_rate, reference_rate))
        elif len(extras) == 1 and None not in extras:
            last = max(group, key=lambda p: int(p.request["bidder_points"]))
            s = _roles(last)["defender"][0]
            engine_paid = _payments(last.actual) or []
            reference_paid = _payments(last.expected) or []
            parts.append(
                PaidBeyondRate(
                    payer,
                    int(next(iter(extras)) or 0),
                    int(last.request["bidder_points"]),
                    str(last.feature("contract")),
                    abs(engine_paid[s]),
                    abs(reference_paid[s]),
                )
            )
        else:
            s = defenders[0]
            parts.append(PaidOtherwise(payer, abs(actual[s]), abs(expected[s])))
    out = [s for s in roles["out"] if actual[s] != expected[s]]
    if out:
        s = out[0]
        # Which way the money goes: the reference's, or the engine's where the reference
        # has the seat neither pay nor receive.
        receives = expected[s] > 0 or (expected[s] == 0 and actual[s] > 0)
        parts.append(
            PaidOtherwise(
                "out", abs(actual[s]), abs(expected[s]), receives, as_defender=_as_defender(group)
            )
        )
    if not parts:
        parts.append(PaidOtherwise("balance", actual[bidder], expected[bidder]))
    combined = Several.of(parts)
    assert combined is not None  # parts holds one at least
    return combined


def _swap_keeps(rule_id: str, agreeing: Sequence[Probe], assumed: Adjust | None) -> bool:
    """Whether some swap of the rule (its broken twin or a rival reading) answers every
    probe of ``agreeing`` as the engine did (true where there is none)."""
    if not agreeing:
        return True
    return any(
        answers_as_engine(swapped({rule_id: function}) or (lambda rs: rs), agreeing, assumed)
        for _, function in alternatives(rule_id)
    )


def _as_defender(group: list[Probe]) -> bool:
    """Whether every seat sitting out settles, by the engine, as much as each defender in
    every probe of the group (and some defender settles at all)."""
    for probe in group:
        actual, roles = _payments(probe.actual), _roles(probe)
        if actual is None or not roles["defender"] or not roles["out"]:
            return False
        paid = {actual[s] for s in roles["defender"] if s < len(actual)}
        if len(paid) != 1 or 0 in paid:
            return False
        if any(s >= len(actual) or actual[s] not in paid for s in roles["out"]):
            return False
    return bool(group)


def _settle_rule(
    group: list[Probe], rs: Ruleset, assumed: Adjust | None, agreeing: Sequence[Probe] = ()
) -> str | None:
    """The rule of the settlement the group departs from: a rule whose swap reproduces
    the engine on the smallest probe and keeps every probe of ``agreeing`` (those the
    engine answers as the reference: a swap that changes them is not what the engine
    does), else the rule the ruleset uses for the part paid otherwise (who settles with
    the bidder, or the rate)."""
    first = group[0]
    reproducing = swap_rule(first, assumed)
    if reproducing is not None and _swap_keeps(reproducing, agreeing, assumed):
        return reproducing
    if all(_moves_the_money(p) for p in group):
        if all(_only_out_dropped(p) for p in group):  # who sits out settles otherwise
            entry = rule_for_function(rs.rules.sitting_out)
            if entry is not None:
                return entry.id
        return WHO_SETTLES_RULE
    signature = _settle_signature(first)
    only_out = isinstance(signature, tuple) and all(
        isinstance(p, tuple) and p[0] == "out" for p in signature
    )
    function: Callable[..., Any] = rs.rules.sitting_out if only_out else rs.rules.rates
    if first.feature("contract") == "frog" and not first.feature("won") and rs.rules.rate_as:
        function = rs.rules.rate_as if not only_out else function
    entry = rule_for_function(function)
    return entry.id if entry is not None else None


def _settle(
    ask: Ask,
    rulesets: Iterable[str],
    reseated: Collection[tuple[str, int]] = (),
    seating: Adjust | None = None,
    tie_by_count: TieMoved | None = None,
) -> list[StageFinding]:
    findings = []
    for ruleset in rulesets:
        rs = RULESETS.get(ruleset)
        if rs is None:
            continue
        probes = [
            p
            for p in _settle_probes(
                ask, rs, seating, tie_by_count.engine if tie_by_count is not None else None
            )
            if (ruleset, p.feature("players")) not in reseated
        ]
        if not any(p.departs for p in probes):
            continue
        # A contract the engine refuses to settle at a table is no evidence of how it
        # settles: the rules of the settlement are found from the others, and the
        # refusals are a departure of their own (found last, with the rest).
        refused = _refused_tables(probes)
        scored = [p for p in probes if _table(p) not in refused]
        general, assumed = _rule_departures(scored, rs, seating)
        if tie_by_count is not None:
            general, assumed = _with_tie_of_the_count(
                scored, rs, seating, tie_by_count, general, assumed
            )
        findings += [
            _rule_finding(otherwise, rule, departure, group, probes, ruleset, assumed)
            for otherwise, rule, departure, group in general
        ]
        if assumed is not None:
            # Judged against the reference that departs so, the rest shows the other
            # departures alone.
            probes = [
                replace(p, expected=reference_answer(p.request, assumed=assumed)) for p in probes
            ]
            if not any(p.departs for p in probes):
                continue
        moved, explained = _tie_moved([p for p in probes if _table(p) not in refused], assumed)
        if moved is not None:  # one hypothesis gives these answers: one departure
            found = table_finding("settle", TIE_RULE, moved, explained, probes, ruleset)
            tie_moved = _tie_at(moved.engine, moved.half)
            kept = tie_moved if answers_as_engine(tie_moved, explained, assumed) else None
            model = _shifted(moved.engine - 60, assumed, moved.half)
            if kept is not None:  # a tie moved moves every score's margin: no "where"
                found = replace(found, table_condition=None, between=None, share=None)
            findings.append(replace(found, model=model, departure=kept))
            if kept is not None:
                # Judged against the reference with the tie moved as the engine moves it,
                # every probe shows the other departures alone (a rate, who is paid; at
                # any score, the tie's margins holding at all of them).
                assumed = composed(assumed, kept)
                probes = [
                    replace(p, expected=reference_answer(p.request, assumed=assumed))
                    for p in probes
                ]
                # The rules' departures the tie hid (a margin the engine settles every
                # score at, whichever side of its tie), found as before.
                after_tie, assumed = _rule_departures(probes, rs, assumed, tie_moved=True)
                findings += [
                    _rule_finding(otherwise, rule, departure, group, probes, ruleset, assumed)
                    for otherwise, rule, departure, group in after_tie
                ]
                if after_tie:
                    probes = [
                        replace(p, expected=reference_answer(p.request, assumed=assumed))
                        for p in probes
                    ]
            else:
                # What the shift does not give is another departure, on its own probes
                # (those it cannot be put to, points shifted past 0 or 120, tell nothing
                # either way), judged against the reference with the tie shifted: the
                # engine settles every score from the tie it moved.
                probes = [
                    replace(p, expected=shifted)
                    for p in probes
                    if p not in explained and (shifted := model(p.request)) is not None
                ]
        findings += _other_departures(probes, rs, ruleset, assumed)
    return findings


def _table(probe: Probe) -> tuple[Json, Json]:
    """A probe's contract and table size."""
    return probe.feature("contract"), probe.feature("players")


def _refused_tables(probes: Sequence[Probe]) -> set[tuple[Json, Json]]:
    """The contracts and table sizes (:func:`_table`) at which the engine refuses every
    probe the reference settles."""
    settled: dict[tuple[Json, Json], list[bool]] = {}
    for p in probes:
        if isinstance(p.expected, dict) and "result" in p.expected:
            refused = isinstance(p.actual, dict) and "error" in p.actual
            settled.setdefault(_table(p), []).append(refused)
    return {table for table, answers in settled.items() if all(answers)}


def _still_departing(probes: Sequence[Probe], assumed: Adjust | None) -> int:
    """How many probes the reference under ``assumed`` answers otherwise than the engine."""
    return sum(
        not agrees("settle", reference_answer(p.request, assumed=assumed), p.actual) for p in probes
    )


def _with_tie_of_the_count(
    probes: list[Probe],
    rs: Ruleset,
    seating: Adjust | None,
    tie: TieMoved,
    general: list[tuple[Difference, str, Adjust, list[Probe]]],
    assumed: Adjust | None,
) -> tuple[list[tuple[Difference, str, Adjust, list[Probe]]], Adjust | None]:
    """The departures stated as rules, with the tie at ``tie`` (half of what a deal holds
    by the engine's own count of the cards; its line half a point above a whole score
    where the deal holds an odd number) first, where the rest, judged against the
    reference with that tie, then gives more of the engine's answers: a count that moves
    the tie moves the margin every other departure of the settlement (a margin rounded, a
    loss paid double) applies to, and no one change of a rule alone may give those answers.
    The departures found without it where it gives no more, or where no other departure
    is found with it."""
    moved = _tie_at(tie.engine, tie.half)
    base = composed(seating, moved)
    # Points past the deal's are refused by the count, whatever the rate.
    holds = 2 * tie.engine + tie.half
    within = [p for p in probes if int(p.request["bidder_points"]) <= holds]
    group = [
        p
        for p in within
        if p.departs
        and result_of(reference_answer(p.request, assumed=base)) != result_of(p.expected)
    ]
    if not group:  # the tie moved accounts for no answer of the engine
        return general, assumed
    # The rest judged against the reference with the tie moved: their examples are its.
    judged = [replace(p, expected=reference_answer(p.request, assumed=base)) for p in within]
    hinted, assumed_so = _rule_departures(judged, rs, base)
    # The tie alone is what :func:`_tie_moved` finds, at the score the engine moves it to
    # (which need not be the count's half): the hint serves only where it lets another
    # departure be found, and none that moves the tie again.
    if not hinted or any(isinstance(found, TieMoved) for found, _, _, _ in hinted):
        return general, assumed
    if _still_departing(within, assumed_so) >= _still_departing(within, assumed):
        return general, assumed
    # A tie decided is decided where the count puts the tie, as its model says too.
    said: list[tuple[Difference, str, Adjust, list[Probe]]] = [(tie, TIE_RULE, moved, group)]
    for found, rule, d, g in hinted:
        if isinstance(found, TieDecided):
            found, decided = replace(found, points=tie.engine), composed(moved, d)
            assert decided is not None  # two changes compose into one
            d = decided
        said.append((found, rule, d, g))
    return said, assumed_so


#: A lost Frog paid as a lost Grand: Penalty Frog, in force whatever the options say.
PENALTY_FROG = RatedAs("frog", "grand", False)

#: The rate rules paying a lost Frog as a lost Grand, one function per rule (as
#: :data:`_RATES_CHANGED`).
_LOST_FROGS_AS_GRANDS: dict[Callable[..., int], Callable[..., int]] = {}


def _lost_frog_as_grand(ruleset: Ruleset) -> Ruleset:
    """The ruleset with a lost Frog paid at the Grand's rate (or fixed amount): Penalty
    Frog in force, as the rate rule's change.

    >>> from frogspec.rules.auction import Contract
    >>> from frogspec.rulesets import get_ruleset
    >>> rules = _lost_frog_as_grand(get_ruleset("foster-1909")).rules
    >>> rules.rates(Contract.FROG, 10, False), rules.rates(Contract.FROG, 10, True)
    (40, 10)
    """
    original = ruleset.rules.rates
    if original not in _LOST_FROGS_AS_GRANDS:

        def rates(contract: Any, margin: int, won: bool) -> int:
            return int(original(settlement_rules.penalty_frog(contract, won), margin, won))

        _LOST_FROGS_AS_GRANDS[original] = rates
    return ruleset.replacing(ruleset.rule_id("rates"), _LOST_FROGS_AS_GRANDS[original])


#: A departure of the settlement stated as a rule: what the engine does, the rule it
#: departs from, and that rule changed so.
Candidate = tuple[Difference, str, Adjust]


def _candidates(rs: Ruleset) -> list[Candidate]:
    """The departures of the settlement the probe states as rules, each tried on every
    probe: the payments, or the margins before the rate applies, rounded to a multiple of
    5 or 10 (up, down or to the nearest), a loss (or a win) paid at a multiple of the
    ruleset's amount (:data:`PAID_TIMES`), a bidder with exactly 60 settled as a loser (or
    a winner) by one point, the tie moved (:data:`TIE_SHIFTS`; or its line half a point
    above a tie so moved: no score ties)."""
    rates_rule = rs.rule_id("rates")
    found: list[Candidate] = [
        (PaymentsRounded(multiple, direction, 0, 0), rates_rule, _rounding(multiple, direction))
        for multiple in ROUNDED_TO
        for direction in ROUNDINGS
    ]
    found += [
        (
            PaymentsRounded(multiple, direction, 0, 0, of_margin=True),
            rates_rule,
            _margin_rounding(multiple, direction),
        )
        for multiple in ROUNDED_TO
        for direction in ROUNDINGS
    ]
    found += [
        (PaidTimes(times, won), _outcome_rule(rs, won), _paid_times(times, won))
        for times in PAID_TIMES
        for won in (False, True)
    ]
    found.append((PENALTY_FROG, _outcome_rule(rs, False), _lost_frog_as_grand))
    found += [(TieDecided(60, won), TIE_RULE, _tie_decided(won)) for won in (False, True)]
    found += [
        (TieMoved(60 + shift, half=half), TIE_RULE, _tie_at(60 + shift, half))
        for shift in TIE_SHIFTS
        for half in (False, True)
    ]
    return found


def _rate_tables(probes: Sequence[Probe], rs: Ruleset) -> list[Candidate]:
    """The engine's own rate for each contract, as a change of the ruleset's rate rule,
    where the ruleset pays by the point (or a fixed amount a contract, whatever the
    margin), the engine's payments keep to one multiple of the reference's a contract on
    every probe the reference pays, and two contracts' rates or more differ (none
    elsewhere: one contract's rate alone is found as that contract's,
    :func:`_settle_otherwise`, its ``when`` the contract)."""
    contracts = {_CONTRACT_CODES.get(int(c), str(c)): c for c in rs.rules.contracts()}
    rate_of = rs.rules.rates
    per_point = all(rate_of(c, 2, True) == 2 * rate_of(c, 1, True) for c in contracts.values())
    if not per_point and any(
        rate_of(c, 2, True) != rate_of(c, 1, True) for c in contracts.values()
    ):
        return []  # neither by the point nor fixed
    ratios: dict[str, set[Fraction]] = {}
    for probe in probes:
        expected, actual = _payments(probe.expected), _payments(probe.actual)
        defenders = _roles(probe)["defender"]
        if expected is None or actual is None or len(actual) != len(expected) or not defenders:
            return []
        if expected[defenders[0]]:
            ratio = Fraction(abs(actual[defenders[0]]), abs(expected[defenders[0]]))
            ratios.setdefault(str(probe.feature("contract")), set()).add(ratio)
    table: list[tuple[str, int]] = []
    changed: list[Difference] = []
    for code, found in ratios.items():
        was = rate_of(contracts[code], 1, True) if code in contracts else 0
        rate = found.pop() * was if len(found) == 1 and was else None
        if rate is None or rate.denominator != 1:
            return []
        table.append((code, int(rate)))
        if rate != was:
            changed.append(RateChanged("either", int(rate), was, code, per_point))
    if len(changed) < 2:
        return []
    rule = rs.rule_id("rates")
    return [(Several(tuple(changed)), rule, _rates_by_contract(rule, table, per_point))]


def _margin_raised(probes: Sequence[Probe], rs: Ruleset) -> list[Candidate]:
    """The margin over or under the tie raised by a fixed number of points at the scores
    past some points (a bonus for a side that takes many), as a change of the tie's rule,
    where every departing probe pays, by the reference's rate, for its margin and that
    number more, and the scores it departs at are those of a win from some points up and
    of a loss from some points down (none elsewhere). Where every payment is one multiple
    of the reference's, that multiple says it (:func:`_paid_times_at`), not a margin."""
    departing = [p for p in probes if p.departs]
    factors = {_factor(p) for p in departing}
    if len(factors) == 1 and None not in factors:
        return []  # one multiple of every payment: said as that (a slam paid double)
    extras: set[int] = set()
    won: list[int] = []
    lost: list[int] = []
    for probe in departing:
        expected, actual = _payments(probe.expected), _payments(probe.actual)
        defenders = _roles(probe)["defender"]
        if expected is None or actual is None or len(actual) != len(expected) or not defenders:
            return []
        points = int(probe.request["bidder_points"])
        margin = rs.rules.bidder_result(points)
        due, paid = abs(expected[defenders[0]]), abs(actual[defenders[0]])
        if not margin or not due or (paid * abs(margin)) % due:
            return []
        extras.add(paid * abs(margin) // due - abs(margin))
        (won if margin > 0 else lost).append(points)
    if len(extras) != 1 or not departing:
        return []
    (extra,) = extras
    if extra <= 0:
        return []
    found = MarginRaised(extra, min(won) if won else None, max(lost) if lost else None)
    return [(found, TIE_RULE, _margin_raised_at(found, rs.id))]


def _margin_fixed(
    probes: Sequence[Probe], rs: Ruleset, assumed: Adjust | None = None
) -> list[Candidate]:
    """Each contract settled as one margin whatever the bidder takes (a flat Frog), as a
    change of the rate rule, where the ruleset pays by the point and the engine pays the
    rate on one number of points on every departing probe of that contract, at two scores
    or more (a payment at one score is a rate as well as a margin). The margin's side is
    the reference's under ``assumed`` (a tie the engine moves); a probe on its tie is
    another departure's.

    >>> from frogspec.rulesets import get_ruleset
    >>> from frogspec.conform.probes.base import Probe
    >>> def paid(points: int, each: int) -> Probe:
    ...     request = {"op": "settle", "ruleset": "modern", "players": 3, "bidder": 0,
    ...                "contract": "frog", "bidder_points": points}
    ...     features = (("contract", "frog"), ("active", (0, 1, 2)))
    ...     return Probe(request, {"result": [0, 0, 0]}, {"result": [2 * each, -each, -each]},
    ...                  features)
    >>> [c[0] for c in _margin_fixed([paid(70, 10), paid(90, 10), paid(50, -10)],
    ...                              get_ruleset("modern"))]
    [MarginFixed(margin=10, contract='frog')]
    """
    rules = (assumed(rs) if assumed is not None else rs).rules
    if any(rules.rates(c, 2, True) != 2 * rules.rates(c, 1, True) for c in rules.contracts()):
        return []  # not by the point
    by_code = {_CONTRACT_CODES.get(int(c)): c for c in rules.contracts()}
    margins: dict[str, set[int] | None] = {}
    scores: dict[str, set[int]] = {}
    for probe in probes:
        if not probe.departs:
            continue
        code = str(probe.feature("contract"))
        expected, actual = _payments(probe.expected), _payments(probe.actual)
        defenders = _roles(probe)["defender"]
        points = int(probe.request["bidder_points"])
        margin = rules.bidder_result(points)
        contract = by_code.get(code)
        if not margin:
            continue  # nothing is paid on the tie, whatever the margin
        if contract is None or expected is None or actual is None or not defenders:
            margins[code] = None
            continue
        won = margin > 0
        rated = rules.rate_as(contract, won) if rules.rate_as is not None else contract
        unit = rules.rates(rated, 1, won)
        paid = abs(actual[defenders[0]])
        seen = margins.setdefault(code, set())
        if seen is None or not unit or paid % unit:
            margins[code] = None
            continue
        seen.add(paid // unit)
        scores.setdefault(code, set()).add(points)
    return [
        (MarginFixed(next(iter(found)), code), rs.rule_id("rates"), _margin_fixed_at(code, *found))
        for code, found in margins.items()
        if found is not None and len(found) == 1 and len(scores[code]) > 1 and 0 not in found
    ]


@cache  # one departure, one change: findings joined apply it once
def _margin_fixed_at(contract: str, margin: int) -> Adjust:
    """Every ruleset's ``contract`` settled as a margin of ``margin`` points whatever the
    bidder takes (the tie still paying nothing), as a change of its rate rule; where a
    ruleset rates that contract as another (Penalty Frog), at the other's rate.

    >>> from frogspec.rules.auction import Contract
    >>> from frogspec.rulesets import get_ruleset
    >>> rules = _margin_fixed_at("frog", 10)(get_ruleset("modern")).rules
    >>> rules.rates(Contract.FROG, 45, True), rules.rates(Contract.CHICO, 45, True)
    (10, 90)
    >>> solo = get_ruleset("official-1922-solo").with_options({"penalty_frog": True})
    >>> rules = _margin_fixed_at("frog", 10)(solo).rules
    >>> [rules.rates(rules.rate_as(c, False), 45, False) for c in Contract]
    [30, 90, 135]
    """

    def departure(ruleset: Ruleset) -> Ruleset:
        original = ruleset.rules.rates
        rated_otherwise: list[RatedNote] = []

        def rates_changed(rated: Any, points: int, won: bool) -> int:
            asked = _asked_of(rated_otherwise, rated, won)
            fixed = _CONTRACT_CODES.get(int(asked)) == contract
            return int(original(rated, margin if fixed else points, won))

        changed = ruleset.replacing(ruleset.rule_id("rates"), rates_changed)
        return _rated_noted(changed, ruleset, rated_otherwise)

    return departure


#: The tie's rules with the margin raised, one function per rule and change (as
#: :data:`_RATES_CHANGED`).
_MARGINS_RAISED: dict[tuple[Callable[[int], int], MarginRaised], Callable[[int], int]] = {}


@cache  # one adjustment per margin and ruleset: the rulesets it makes are built once
def _margin_raised_at(raised: MarginRaised, ruleset_id: str) -> Adjust:
    """The ruleset ``ruleset_id``'s margin over or under the tie raised by
    ``raised.extra`` where the bidder takes ``raised.won_from`` points or more, or
    ``raised.lost_to`` or fewer. The tie's rule is every ruleset's: the change is kept to
    the ruleset it was found in, so that the findings of several rulesets joined raise
    each margin once.

    >>> from frogspec.rulesets import get_ruleset
    >>> raised = _margin_raised_at(MarginRaised(30, 90, 30), "modern")
    >>> rules = raised(get_ruleset("modern")).rules
    >>> [rules.bidder_result(p) for p in (0, 31, 60, 89, 95)]
    [-90, -29, 0, 29, 65]
    >>> raised(get_ruleset("foster-1909")).rules.bidder_result(95)
    35
    """

    def departure(ruleset: Ruleset) -> Ruleset:
        if ruleset.id != ruleset_id:
            return ruleset
        original = ruleset.rules.bidder_result
        key = (original, raised)
        if key not in _MARGINS_RAISED:

            def bidder_result(points: int) -> int:
                margin = original(points)
                if margin > 0 and raised.won_from is not None and points >= raised.won_from:
                    return margin + raised.extra
                if margin < 0 and raised.lost_to is not None and points <= raised.lost_to:
                    return margin - raised.extra
                return margin

            _MARGINS_RAISED[key] = bidder_result
        return ruleset.replacing(TIE_RULE, _MARGINS_RAISED[key])

    return departure


#: The rate rules replaced by a table of rates, one function per rule and table (as
#: :data:`_RATES_CHANGED`).
_RATE_TABLES: dict[tuple[Callable[..., int], Hashable, bool], Callable[..., int]] = {}


def _rates_by_contract(
    rule_id: str, table: Sequence[tuple[str, int]], per_point: bool = True
) -> Adjust:
    """The rate rule ``rule_id`` replaced by a rate a point for each contract of
    ``table`` (the rule's own for the others), in the rulesets that use it; not
    ``per_point``, each contract's fixed amount for a win instead, what the rule has a
    loser pay changed in the same proportion.

    >>> from frogspec.rulesets import get_ruleset
    >>> rates = _rates_by_contract("settlement.rates-1-2-4", [("frog", 2), ("chico", 3)])
    >>> from frogspec.rules.auction import Contract
    >>> [rates(get_ruleset("modern")).rules.rates(c, 10, True) for c in Contract]
    [20, 30, 40]
    >>> fixed = _rates_by_contract("settlement.fixed-25-50-75", [("chico", 25), ("grand", 25)],
    ...                            per_point=False)
    >>> rules = fixed(get_ruleset("official-1922-coeur-dalene")).rules
    >>> [rules.rates(c, 10, True) for c in Contract], [rules.rates(c, 10, False) for c in Contract]
    ([25, 25, 25], [25, 25, 25])
    """
    by_code = dict(table)

    def departure(ruleset: Ruleset) -> Ruleset:
        if ruleset.rule_id("rates") != rule_id:
            return ruleset
        original = ruleset.rules.rates
        key = (original, tuple(table), per_point)
        if key not in _RATE_TABLES:

            def rated(contract: Any, margin: int, won: bool) -> int:
                rate = by_code.get(_CONTRACT_CODES.get(int(contract), str(contract)))
                if rate is None:
                    return int(original(contract, margin, won))
                if per_point:
                    return margin * rate
                base = int(original(contract, margin, True))
                paid = int(original(contract, margin, won))
                return paid if not base else int(Fraction(paid * rate, base))

            _RATE_TABLES[key] = rated
        return ruleset.replacing(rule_id, _RATE_TABLES[key])

    return departure


#: The multiples a payment rounded otherwise is tried at.
ROUNDED_TO = (5, 10)


#: The rate rules changed, one function per rule and change (its key): the engine's caches
#: are keyed by rule functions, so one change of one rule must stay one function.
_RATES_CHANGED: dict[tuple[Callable[..., int], Hashable], Callable[..., int]] = {}


def _rates_replaced(
    ruleset: Ruleset, change: Hashable, paid: Callable[[int, int, bool], int]
) -> Ruleset:
    """The ruleset with its rate rule changed: ``paid(amount, margin, won)`` is paid where
    the rule sets ``amount``; ``change`` names the change (one function per rule and key)."""
    original = ruleset.rules.rates
    key = (original, change)
    if key not in _RATES_CHANGED:

        def rates_changed(contract: Any, margin: int, won: bool) -> int:
            return paid(original(contract, margin, won), margin, won)

        _RATES_CHANGED[key] = rates_changed
    return ruleset.replacing(ruleset.rule_id("rates"), _RATES_CHANGED[key])


def _rounding(multiple: int, direction: str) -> Adjust:
    """Every ruleset's payments rounded to ``multiple`` (``direction``), as a change of
    its rate rule."""

    def paid(amount: int, margin: int, won: bool) -> int:
        return rounded(amount, multiple, direction)

    return lambda ruleset: _rates_replaced(ruleset, ("rounded", multiple, direction), paid)


def _margin_rounding(multiple: int, direction: str) -> Adjust:
    """Every ruleset's margin rounded to ``multiple`` (``direction``) before its rate
    applies, as a change of its rate rule."""

    def adjust(ruleset: Ruleset) -> Ruleset:
        original = ruleset.rules.rates
        key = (original, ("margin rounded", multiple, direction))
        if key not in _RATES_CHANGED:

            def rates_changed(contract: Any, margin: int, won: bool) -> int:
                return int(original(contract, rounded(margin, multiple, direction), won))

            _RATES_CHANGED[key] = rates_changed
        return ruleset.replacing(ruleset.rule_id("rates"), _RATES_CHANGED[key])

    return adjust


#: The multiples of the ruleset's amount a loss (or a win) paid otherwise is tried at.
PAID_TIMES = (2, 3)

#: The rules that say what a losing bidder pays apart from the rate (where a ruleset has
#: one, a loss paid otherwise departs from it).
LOSER_RULES = ("settlement.coeur-dalene-loser-pays-same",)


def _outcome_rule(rs: Ruleset, won: bool) -> str:
    """The rule of the ruleset that sets what a bidder is paid on a win (or pays on a
    loss): its own rule for a loss where it has one, else its rate rule."""
    if not won:
        for rule in LOSER_RULES:
            if rs.id in rulesets_using(rule):
                return rule
    return rs.rule_id("rates")


@cache  # one departure, one change: findings joined apply it once
def _paid_times(times: int, won: bool) -> Adjust:
    """Every ruleset's win (or loss) paid at ``times`` its amount, as a change of its rate
    rule."""

    def paid(amount: int, margin: int, bidder_won: bool) -> int:
        return amount * times if bidder_won == won else amount

    return lambda ruleset: _rates_replaced(ruleset, ("times", times, won), paid)


def _tie_decided(won: bool) -> Adjust:
    """The tie settled as a win (or a loss) by one point, in every ruleset: at 60, or
    wherever the departures it is applied after put the tie (a count that moves it).

    >>> from frogspec.rulesets import get_ruleset
    >>> lost = _tie_decided(False)(get_ruleset("modern")).rules.bidder_result
    >>> lost(60), lost(61), lost(58)
    (-1, 1, -2)
    >>> lost = _tie_decided(False)(_tie_at(56)(get_ruleset("modern"))).rules.bidder_result
    >>> lost(56), lost(60)
    (-1, 4)
    """

    def decided(ruleset: Ruleset) -> Ruleset:
        tied = ruleset.rules.bidder_result

        def bidder_result(points: int) -> int:
            margin: int = tied(points)
            return margin if margin else (1 if won else -1)

        return ruleset.replacing(TIE_RULE, bidder_result)

    return decided


def _explained(
    candidate: Candidate, probes: Sequence[Probe], assumed: Adjust | None
) -> list[Probe] | None:
    """The probes the candidate changes (against the reference under ``assumed``, which
    ``probes`` are judged by), where it gives the engine's answer on every one of them and
    changes some: a hypothesis one probe contradicts is no hypothesis (``None``)."""
    _, _, departure = candidate
    given = []
    for probe in sorted(probes, key=lambda p: not p.departs):  # the departing first
        try:
            answer = reference_answer(probe.request, departure, assumed)
        except Exception:  # a rule out of place may crash the reference: no model
            return None
        if result_of(answer) == result_of(probe.expected):
            continue
        if not agrees("settle", answer, probe.actual):
            return None
        given.append(probe)
    return given or None


def _rule_departures(
    probes: list[Probe], rs: Ruleset, seating: Adjust | None = None, tie_moved: bool = False
) -> tuple[list[tuple[Difference, str, Adjust, list[Probe]]], Adjust | None]:
    """The departures of :func:`_candidates` the probes bear out, the one that gives most
    departing probes first, each tried against the reference under those found before
    it (one change of each rule), and all of them as one change of the rules (with the
    table seated as the engine seats it, ``seating``, applied first). Where the tie is
    moved already (``tie_moved``, among ``seating``), no other move of it is tried."""
    found: list[tuple[Difference, str, Adjust, list[Probe]]] = []
    assumed: Adjust | None = seating
    judged = probes
    left = [
        *_rate_tables(probes, rs),
        *_margin_raised(probes, rs),
        *_margin_fixed(probes, rs, assumed),
        *_candidates(rs),
    ]
    if tie_moved:
        left = [c for c in left if not isinstance(c[0], TieMoved)]
    while left and any(p.departs for p in judged):
        tried = [(c, _explained(c, judged, assumed)) for c in left]
        best = max(tried, key=lambda t: len(t[1] or ()))
        candidate, group = best
        if not group:
            break
        otherwise, rule, departure = candidate
        found.append((_with_example(otherwise, group), rule, departure, group))
        assumed = composed(assumed, departure)
        left = [c for c in left if c[1] != rule]  # one change of each rule
        judged = [replace(p, expected=reference_answer(p.request, assumed=assumed)) for p in probes]
    return found, assumed


def _with_example(otherwise: Difference, group: list[Probe]) -> Difference:
    """A rounding or a multiple with the amounts of its group's first probe: a defender's
    payment."""
    if not isinstance(otherwise, (PaymentsRounded, PaidTimes)):
        return otherwise
    for probe in group:
        paid, due = _payments(probe.actual), _payments(probe.expected)
        if paid is None or due is None or len(paid) != len(due):
            continue
        for seat in _roles(probe)["defender"]:
            if paid[seat] != due[seat]:
                return replace(otherwise, engine=abs(paid[seat]), reference=abs(due[seat]))
    return otherwise


def _rule_finding(
    otherwise: Difference,
    rule: str,
    departure: Adjust,
    group: list[Probe],
    probes: list[Probe],
    ruleset: str,
    assumed: Adjust | None,
    condition: Condition | None = None,
) -> StageFinding:
    """The finding of a departure stated as a rule: where it shows is where the rule it
    changes applies (a tie decided: at exactly 60; an outcome paid at a multiple: wherever
    the bidder wins, or loses; else ``condition``), not the probes it happens to change.
    Its model is the reference under ``assumed``, the departure among them."""
    if isinstance(otherwise, TieDecided):
        condition = Condition((ConditionTerm("bidder_points", (otherwise.points,)),))
    if isinstance(otherwise, PaidTimes) and otherwise.won is not None:  # he wins (or loses)
        condition = Condition((ConditionTerm("won", (otherwise.won,)),))
    if isinstance(otherwise, RatedAs):  # that contract, won (or lost)
        condition = Condition(
            (
                ConditionTerm("contract", (otherwise.contract,)),
                ConditionTerm("won", (otherwise.won,)),
            )
        )
    if isinstance(otherwise, MarginFixed):  # that contract, wherever it is not a tie
        condition = Condition((ConditionTerm("contract", (otherwise.contract,)),))
    if isinstance(otherwise, MarginRaised):  # the scores it raises the margin at
        points = tuple(sorted({int(p.request["bidder_points"]) for p in group}))
        condition = Condition((ConditionTerm("bidder_points", points),))

    def model(request: dict[str, Json]) -> Json:
        return reference_answer({"id": 1, **request}, assumed=assumed)

    found = table_finding("settle", rule, otherwise, group, probes, ruleset)
    return replace(
        found,
        table_condition=condition,
        between=None,
        share=None,
        model=model,
        departure=departure,
    )


def _other_departures(
    probes: list[Probe], rs: Ruleset, ruleset: str, assumed: Adjust | None = None
) -> list[StageFinding]:
    """The findings of the probes that depart, grouped by what the engine does otherwise,
    judged against the reference under the departures ``assumed``."""
    findings = []
    multiple = _paid_times_at(probes, rs, ruleset, assumed)
    if multiple is not None:  # one factor at some scores gives every departing answer
        return [multiple]
    margin_of = _margin_by(rs, assumed)
    refused = _refused_tables(probes)
    for group in by_difference(probes, _settle_signature):
        contracts = {p.feature("contract") for p in group}
        if len(contracts) == 1 and all(_table(p) in refused for p in group):
            # A contract it refuses to settle is one it does not play: the ruleset's
            # contracts are what it departs from, whatever rule a swap may reproduce.
            rule: str | None = rs.rule_id(Question.CONTRACTS)
            otherwise: Difference = ContractRefused(str(contracts.pop()))
        else:
            agreeing = [p for p in probes if not p.departs]
            rule = _settle_rule(group, rs, assumed, agreeing)
            otherwise = _settle_otherwise(group, margin_of)
        found = table_finding("settle", rule, otherwise, group, probes, ruleset)
        rate = _rate_otherwise(group, rs, margin_of)
        if rate is not None and answers_as_engine(rate, group, assumed):
            found = replace(found, departure=rate)
        findings.append(found)
    return findings


def _factor(probe: Probe) -> int | None:
    """The whole number every payment of the engine is of the reference's, where the
    reference pays something and the engine pays a multiple of each payment."""
    expected, actual = _payments(probe.expected), _payments(probe.actual)
    if expected is None or actual is None or len(expected) != len(actual) or not any(expected):
        return None
    paid = [(a, e) for a, e in zip(actual, expected, strict=True) if e]
    if any(a for a, e in zip(actual, expected, strict=True) if not e):
        return None
    first, due = paid[0]
    if first % due or first // due < 2:
        return None
    times = first // due
    return times if all(a == times * e for a, e in paid) else None


def _paid_times_at(
    probes: list[Probe], rs: Ruleset, ruleset: str, assumed: Adjust | None
) -> StageFinding | None:
    """Where every departing probe pays one multiple of the reference's payments, and
    they share the bidder's points that every probe paid there departs at and no other
    does: that multiple at those points, as a finding whose ``when`` is those points
    (one side taking every point, say). ``None`` where no such multiple gives them all."""
    departing = [p for p in probes if p.departs]
    factors = {_factor(p) for p in departing}
    if not departing or len(factors) != 1 or None in factors:
        return None
    (times,) = factors
    assert times is not None
    points = tuple(sorted({int(p.request["bidder_points"]) for p in departing}))
    probed = {int(p.request["bidder_points"]) for p in probes}
    if set(points) == probed:
        return None  # at every score: a rate, said otherwise
    points = _past(points, probed, rs)
    departure = _paid_times_at_points(times, points)
    # Every probe, agreeing or not: one paid as the reference at those points refutes it.
    if not answers_as_engine(departure, probes, assumed):
        return None

    condition = Condition((ConditionTerm("bidder_points", points),))
    return _rule_finding(
        _with_example(PaidTimes(times, None), departing),
        rs.rule_id("rates"),
        departure,
        departing,
        probes,
        ruleset,
        composed(assumed, departure),
        condition,
    )


def _past(points: tuple[int, ...], probed: set[int], rs: Ruleset) -> tuple[int, ...]:
    """The departing ``points`` with the scores between the probed ones: where every
    probed win from some points up departs (or every probed loss from some points down),
    every score past those points, probed or not; the other points as they are.

    >>> from frogspec.rulesets import get_ruleset
    >>> past = _past((0, 5, 30, 90, 95, 120), {0, 5, 30, 45, 60, 75, 90, 95, 120},
    ...     get_ruleset("modern"))
    >>> past == (*range(31), *range(90, 121))
    True
    """
    result = rs.rules.bidder_result
    found = set(points)
    for won, extreme in ((True, 120), (False, 0)):
        side = sorted(p for p in points if (result(p) > 0) == won and result(p))
        if extreme not in side:
            continue
        edge = side[0] if won else side[-1]
        beyond = [p for p in probed if (p >= edge if won else p <= edge)]
        if len(side) > 2 and all(p in found for p in beyond):
            found |= set(range(edge, 121) if won else range(edge + 1))
    return tuple(sorted(found))


@cache  # one departure, one change: findings joined apply it once
def _paid_times_at_points(times: int, points: tuple[int, ...]) -> Adjust:
    """Every ruleset's payments at ``times`` the amount where the bidder takes one of
    ``points`` (by the margin and outcome those points give under its tie), as a change
    of its rate rule."""

    def departure(ruleset: Ruleset) -> Ruleset:
        results = {ruleset.rules.bidder_result(p) for p in points}
        scores = frozenset((abs(r), r > 0) for r in results if r)

        def paid(amount: int, margin: int, won: bool) -> int:
            return amount * times if (margin, won) in scores else amount

        return _rates_replaced(ruleset, ("at points", times, scores), paid)

    return departure


def _tie_at(tie: int, half: bool = False) -> Adjust:
    """The ruleset's tie moved to ``tie`` points, as a change of its rules; ``half``, its
    line half a point above them: a bidder at ``tie`` or below loses by one more.

    >>> from frogspec.rulesets import get_ruleset
    >>> result = _tie_at(65, half=True)(get_ruleset("modern")).rules.bidder_result
    >>> result(66), result(70), result(65), result(60)
    (1, 5, -1, -6)
    """

    def bidder_result(points: int) -> int:
        return points - tie - (1 if half and points <= tie else 0)

    return lambda ruleset: ruleset.replacing(TIE_RULE, bidder_result)


def _rate_otherwise(group: list[Probe], rs: Ruleset, margin_of: Margin) -> Adjust | None:
    """The group's departure as the ruleset's rate scaled for its contracts (and, where
    it departs only when the bidder wins or only when he loses, for that outcome), where
    every probe of the group pays one rate instead of another (by the margin ``margin_of``
    gives); else ``None``."""
    rates = {(_rate(p, p.actual, margin_of), _rate(p, p.expected, margin_of)) for p in group}
    if len(rates) != 1:
        return None
    ((engine_rate, reference_rate),) = rates
    if engine_rate is None or not reference_rate:
        return None
    contracts = {str(p.feature("contract")) for p in group}
    outcomes = {bool(p.feature("won")) for p in group}
    rule_id = rs.rule_id("rates")
    original = rs.rules.rates
    factor = engine_rate / reference_rate

    def departure(ruleset: Ruleset) -> Ruleset:
        if ruleset.rule_id("rates") != rule_id:
            return ruleset
        # A contract paid at another's rate (a lost Frog at the Grand's, where the
        # options say so) keeps the rate the probes, which set no option, did not show.
        rated_otherwise: list[RatedNote] = []

        def rates_otherwise(contract: Any, margin: int, won: bool) -> int:
            paid = original(contract, margin, won)
            if _asked_of(rated_otherwise, contract, won) != contract:
                return paid
            if contract.code in contracts and (len(outcomes) == 2 or won in outcomes):
                return round(paid * factor)
            return paid

        return _rated_noted(ruleset.replacing(rule_id, rates_otherwise), ruleset, rated_otherwise)

    return departure


#: The rules that rate one contract as another (a lost Frog paid as a Grand), which the
#: options of a request may put in force.
_RATED_AS: tuple[Callable[[Any, bool], Any], ...] = (
    settlement_rules.penalty_frog,
    settlement_rules.coeur_dalene_penalty_frog,
)


#: What a rule rating one contract as another notes for the rate rule asked next: the
#: request's number, the contract rated as, the outcome, and the contract rated.
RatedNote = tuple[int, Any, bool, Any]


def _rated_noted(changed: Ruleset, ruleset: Ruleset, notes: list[RatedNote]) -> Ruleset:
    """``changed`` with every rule that may rate one contract as another (in ``ruleset``,
    or by an option a request may set: the options are applied after a change) noting in
    ``notes`` what it rated, for a changed rate rule to read (:func:`_asked_of`)."""
    rate_as = ruleset.rules.rate_as
    for rating in {*_RATED_AS, *((rate_as,) if rate_as is not None else ())}:
        entry = rule_for_function(rating)
        if entry is not None:
            changed = changed.replacing(entry.id, _noting(rating, notes))
    return changed


def _asked_of(notes: list[RatedNote], rated: Any, won: bool) -> Any:
    """The contract a rate is asked of: the one a rule of the same request rated as
    ``rated`` (a lost Frog paid as a Grand), else ``rated`` itself. The note is read once."""
    noted = notes.pop() if notes else None
    if noted is not None and noted[:3] == (requests_asked(), rated, won):
        return noted[3]
    return rated


def _noting(
    rating: Callable[[Any, bool], Any], rated_otherwise: list[RatedNote]
) -> Callable[[Any, bool], Any]:
    """``rating`` noting in ``rated_otherwise`` the contract it rated another as, with the
    request's number, the outcome and the contract it rated (nothing where it rated the
    contract as itself): the rate asked next in the same request reads it. One note only,
    of the request asked: a rate swapped for another's (the diagnosis tries a rule's
    rivals) reads none, and what it leaves is no note for a later request."""

    def rated_as(contract: Any, won: bool) -> Any:
        rated = rating(contract, won)
        rated_otherwise[:] = [(requests_asked(), rated, won, contract)] if rated != contract else []
        return rated

    return rated_as


#: The rule that each other player settles the full amount with the bidder.
WHO_SETTLES_RULE = "settlement.each-pays-in-full"

#: The rule that puts the tie at 60 points.
TIE_RULE = "settlement.sixty-is-a-tie"

#: The shifts of the tie tried (points above or below 60).
TIE_SHIFTS = tuple(s for s in range(-15, 16) if s)


def _tie_moved(
    probes: Sequence[Probe], assumed: Adjust | None = None
) -> tuple[TieMoved | None, list[Probe]]:
    """The tie moved (the engine pays at ``p`` points what the reference pays at ``p``
    less the shift; or, its line half a point above a whole score, at ``p`` less one more
    where he loses: no score ties) and the departing probes it gives: every one of them,
    or, where the engine departs in other ways too, the most of them (a third of the
    departing probes at least, and :data:`TIE_EVIDENCE` or more: a shift that matches a
    probe or two is a coincidence), and on which no probe the engine agrees with
    contradicts it. ``None`` and no probes where no shift does."""
    departing = [p for p in probes if p.departs]
    agreeing = [p for p in probes if not p.departs]
    best: tuple[TieMoved | None, list[Probe]] = (None, [])
    for shift, half in ((s, h) for s in TIE_SHIFTS for h in (False, True)):
        model = _shifted(shift, assumed, half)
        given = []
        for probe in departing:
            answer = model(probe.request)
            if answer is not None and result_of(answer) == result_of(probe.actual):
                given.append(probe)
        if len(given) <= len(best[1]):
            continue
        # A contract the shift leaves departing probes of departs otherwise too: where its
        # answers agree, two departures may cancel out (twice the rate on half the margin).
        otherwise = {p.feature("contract") for p in departing if p not in given}
        if not any(
            _contradicts(model, p) for p in agreeing if p.feature("contract") not in otherwise
        ):
            best = (TieMoved(60 + shift, half=half), given)
    found, given = best
    contracts = {p.feature("contract") for p in given}
    if found is None or len(given) < max(TIE_EVIDENCE, len(departing) // 3):
        return None, []
    if len(contracts) < 2:  # one contract's rate may match a shift by coincidence
        return None, []
    return found, given


def _contradicts(model: Callable[[dict[str, Json]], Json], probe: Probe) -> bool:
    """Whether a model answers the probe otherwise than the engine did."""
    answer = model(probe.request)
    return answer is not None and result_of(answer) != result_of(probe.actual)


#: How many departing probes a shift of the tie must give, at least.
TIE_EVIDENCE = 5


def _shifted(
    shift: int, assumed: Adjust | None = None, half: bool = False
) -> Callable[[dict[str, Json]], Json]:
    """The engine as the tie's shift models it: the reference (under the departures
    ``assumed``) at the points less the shift; ``half``, the line half a point above the
    tie moved, one point less again where the bidder is at or below the tie moved (he
    loses there, as the reference's bidder does one point below its tie)."""

    def model(request: dict[str, Json]) -> Json:
        points = request.get("bidder_points")
        if not isinstance(points, int):
            return None
        at = points - shift - (1 if half and points <= 60 + shift else 0)
        if not 0 <= at <= 120:
            return None
        shifted = {"id": 1, **request, "bidder_points": at}
        return reference_answer(shifted, assumed=assumed)

    return model


def _only_out_dropped(probe: Probe) -> bool:
    """Whether the seats the engine settles otherwise than the reference are all seats
    sitting out (every active player settles as the reference has him)."""
    expected, actual = _payments(probe.expected), _payments(probe.actual)
    if expected is None or actual is None or len(expected) != len(actual):
        return False
    changed = {s for s, (a, e) in enumerate(zip(actual, expected, strict=True)) if a != e}
    bidder = int(probe.request["bidder"])
    return bool(changed - {bidder}) and changed - {bidder} <= set(_roles(probe)["out"])


def _moves_the_money(probe: Probe) -> bool:
    """Whether the bidder pays or receives the reference's amount, but from or to other
    seats (who settles with him departs, not the rate)."""
    expected, actual = _payments(probe.expected), _payments(probe.actual)
    if expected is None or actual is None or len(expected) != len(actual):
        return False
    bidder = int(probe.request["bidder"])
    others = [s for s in range(len(actual)) if s != bidder]
    # Each other seat settles its due or nothing: the amounts are the rules', the seats not.
    return actual != expected and all(actual[s] in (0, expected[s]) for s in others)


class SettleProbe:
    """``settle`` over the contracts, the bidder's points, the table sizes and seats; at a
    table the deal's probe finds seated otherwise, against the reference seated so where
    the probe models that seating, else passed over (its seating explains its
    settlements)."""

    op = "settle"
    order = 30

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of the settlement, one finding per way of paying otherwise."""
        seated = [f for f in before if f.rule is not None and f.reseats]
        # A seating the kit can model is applied to the reference, so that the settlement
        # shows its own departures there; a table seated otherwise is passed over.
        seating = composed(*(f.departure for f in seated if f.departure is not None))
        reseated = {
            (rs, players)
            for f in seated
            if f.departure is None
            for rs in f.rulesets
            for players in f.tables or (f.smallest.request["players"],)
        }
        # A count of the cards that makes the deal hold other points moves the tie to
        # half of them (:func:`_with_tie_of_the_count`).
        holds = pack_by_engine([f.otherwise for f in before for _ in range(f.disagree)], [])
        tie = TieMoved(holds // 2, half=bool(holds % 2)) if holds is not None else None
        return _settle(ask, rulesets, reseated, seating, tie)


register(SettleProbe())
