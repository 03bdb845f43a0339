"""Where an engine ends a match: at the balance its matches show.

A rival reading of the end (the first player unable to pay loses) ends a match at the first
payer whose balance goes below 0. An engine may end it at another balance: at -120 where
the players keep no bank, say. Its matches bound that limit. A match that ended at a payer
puts the limit at his balance or above, and every balance a payer was left with before, in
a match that went on, puts it below that balance. Where the bounds of every match of the
rulesets that start from one bank agree, the limit is said from them (the roundest balance
between them), and the end, so changed, must answer each match as the engine did.

>>> _roundest(-138, -115)
-120
>>> _roundest(-24, 41)
-1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from frogspec._types import Json
from frogspec.conform.counterfactuals import composed, reference_answer
from frogspec.conform.deviations import (
    Deviation,
    joined_deviation,
    match_ends_at,
    statement_of,
)
from frogspec.conform.diagnosis import reproduced_under
from frogspec.conform.evidence import Difference, EndLimit, MatchOtherwise, PaidWhatHeHas
from frogspec.harness import Adjust
from frogspec.questions import Question
from frogspec.rules.match import payers_in_order
from frogspec.rulesets import get_ruleset, rulesets_using
from frogspec.vectors.model import Case

__all__ = ["end_at_limits"]

#: One settlement of a deal: each payer, in the order of settling, with his balance after
#: paying.
_Settled = tuple[tuple[int, int], ...]


#: What one match shows of its end (:func:`_by_bank`).
_Shown = TypeVar("_Shown")


@dataclass(frozen=True)
class _Bounds:
    """What one match shows of the limit."""

    #: The limit is this balance or above (``None``: the match did not end).
    at_least: int | None
    #: The limit is below this balance (``None``: no payer's balance bounds it).
    below: int | None


def end_at_limits(
    deviations: list[Deviation],
    cases: Mapping[str, tuple[Case, Json]],
    passed: Sequence[Case],
    hand_written: Callable[[Iterable[str]], int],
    model_of: Callable[[Deviation], Adjust | None],
    assumed: Adjust | None = None,
) -> list[Deviation]:
    """The deviations, with the match's end at the balance the engine's matches show
    where a deviation ends the match at a player unable to pay and the matches that no
    rule explains end it (or go on) at another balance: those matches are joined to it,
    which then says the limit, one for the rulesets of each bank. Unchanged unless the
    limits, so found, answer every such match as the engine did (``cases``: the failing
    cases by id with the engine's answers; ``passed``: the cases it passed;
    ``model_of``: a deviation's departure as a change of the reference; ``assumed``: the
    departures the cases were judged under, games played again on the engine's deal)."""
    deviations = _paid_what_he_has(deviations, cases, passed, hand_written, assumed)
    ends = [
        d
        for d in deviations
        if d.rule is not None
        and isinstance(d.otherwise, MatchOtherwise)
        and d.otherwise.loser is not None
        and d.cases
    ]
    if not ends:
        return _ended_unexplained(deviations, cases, passed, hand_written, assumed)
    if len(ends) != 1:
        return deviations
    end = ends[0]
    assert isinstance(end.otherwise, MatchOtherwise) and end.rule is not None
    rules = frozenset({end.rule})
    unexplained = [
        d
        for d in deviations
        if d.rule is None
        and d.cases
        and all(
            c in cases and cases[c][0].op == "match" and _ends_by(cases[c][0], rules)
            for c in d.cases
        )
    ]
    if not unexplained:
        return _end_limited(end, deviations, cases, passed, model_of, assumed)
    matches = [
        cases[c]
        for c in dict.fromkeys(c for d in (end, *unexplained) for c in d.cases)
        if c in cases and cases[c][0].op == "match"
    ]
    shown = _end_shown(matches, passed, rules, assumed)
    if shown is None:
        return deviations
    limits, departure, _ = shown
    before = composed(assumed, model_of(end))
    so = composed(assumed, departure)
    for case_id in end.cases:
        case, actual = cases[case_id]
        if not reproduced_under(case, actual, so) and reproduced_under(case, actual, before):
            return deviations
    for d in unexplained:
        if not all(reproduced_under(*cases[c], so) for c in d.cases):
            return deviations
    otherwise = replace(end.otherwise, limits=limits)
    joined = joined_deviation(
        end, unexplained, hand_written, otherwise=otherwise, departure=departure
    )
    return [joined if d is end else d for d in deviations if d not in unexplained]


def _end_limited(
    end: Deviation,
    deviations: list[Deviation],
    cases: Mapping[str, tuple[Case, Json]],
    passed: Sequence[Case],
    model_of: Callable[[Deviation], Adjust | None],
    assumed: Adjust | None,
) -> list[Deviation]:
    """The deviations, with the end of ``end`` said at the limit its matches show where
    the kit holds no model of the reading it was found by and that reading's swap answered
    fewer of its matches than it holds (one found among matches played again, its swap
    tried on one of them), and that limit answers each of its matches and each match of
    its rulesets the engine passed as the engine did: a reading that one match confirms
    is not the engine's where its other matches end elsewhere. A reading modelled, or one
    its swap answered on every match, is kept."""
    assert isinstance(end.otherwise, MatchOtherwise) and end.rule is not None
    if model_of(end) is not None or end.reproduced >= len(end.cases):
        return deviations
    matches = [cases[c] for c in end.cases if c in cases and cases[c][0].op == "match"]
    answering = _end_answering(matches, passed, frozenset({end.rule}), assumed)
    if answering is None:
        return deviations
    limits, departure = answering
    limited = replace(end, otherwise=replace(end.otherwise, limits=limits), departure=departure)
    return [limited if d is end else d for d in deviations]


def _ended_unexplained(
    deviations: list[Deviation],
    cases: Mapping[str, tuple[Case, Json]],
    passed: Sequence[Case],
    hand_written: Callable[[Iterable[str]], int],
    assumed: Adjust | None = None,
) -> list[Deviation]:
    """The deviations, with the unexplained ones whose matches all end where the reference
    plays on, in rulesets that keep one reading of the end (no end at all, say), joined
    and named by that reading, changed to the limit their balances show: where that limit
    answers each of them as the engine did, and each match of those rulesets it passed.
    No rule's swap ends such a match (there is no bank to be unable to pay from), but the
    balances at which it ended and went on say where the engine ends it."""
    unexplained = [
        d
        for d in deviations
        if d.rule is None
        and d.cases
        and all(c in cases and cases[c][0].op == "match" for c in d.cases)
        and (shown := MatchOtherwise.shown_by(d.differences, {})) is not None
        and shown.loser is not None
    ]
    readings = {_end_rule(cases[c][0]) for d in unexplained for c in d.cases}
    if not unexplained or len(readings) != 1:
        return deviations
    rule = readings.pop()
    if rule is None:
        return deviations
    ended = frozenset({rule})
    matches = [cases[c] for c in dict.fromkeys(c for d in unexplained for c in d.cases)]
    answering = _end_answering(matches, passed, ended, assumed) or _end_answering(
        matches, passed, ended, assumed, target=True
    )
    if answering is None:
        return deviations
    limits, departure = answering
    first = max(unexplained, key=lambda d: len(d.cases))
    shown = MatchOtherwise.shown_by(first.differences, {})
    assert shown is not None
    otherwise = replace(shown, limits=limits)
    return _named(deviations, unexplained, rule, otherwise, departure, cases, hand_written)


def _named(
    deviations: list[Deviation],
    unexplained: list[Deviation],
    rule: str,
    otherwise: Difference,
    departure: Adjust,
    cases: Mapping[str, tuple[Case, Json]],
    hand_written: Callable[[Iterable[str]], int],
) -> list[Deviation]:
    """The deviations, with the ``unexplained`` ones, whose matches ``departure`` answers
    as the engine did, joined into one named by ``rule`` (in the place of the one with
    most cases), confirmed, its ``otherwise`` what the engine does."""
    first = max(unexplained, key=lambda d: len(d.cases))
    # An unexplained deviation says its rulesets from its cases; a named one from these.
    said = [
        replace(d, in_rulesets=tuple(sorted({str(cases[c][0].ruleset) for c in d.cases})))
        for d in (first, *(d for d in unexplained if d is not first))
    ]
    example = dict(first.example)
    # The example is labelled with the rule, as a named deviation's is.
    _, where, departs = str(example.get("description", "")).partition(" Where ")
    example["description"] = f"{statement_of(rule)}{where}{departs}"
    example["rules"] = [rule]
    joined = joined_deviation(
        said[0],
        said[1:],
        hand_written,
        rule=rule,
        confirmed=True,
        reproduced_cases=tuple(dict.fromkeys(c for d in unexplained for c in d.cases)),
        look_at=(),
        example=example,
        otherwise=otherwise,
        departure=departure,
    )
    return [joined if d is first else d for d in deviations if d is first or d not in unexplained]


#: The ruling on what a player unable to pay pays in the settlement that ends the match.
PAYS_IN_FULL = "match.unable-to-pay-pays-in-full"


def _paid_what_he_has(
    deviations: list[Deviation],
    cases: Mapping[str, tuple[Case, Json]],
    passed: Sequence[Case],
    hand_written: Callable[[Iterable[str]], int],
    assumed: Adjust | None = None,
) -> list[Deviation]:
    """The deviations, with the unexplained ones whose cases are all matches of rulesets
    that charge a player unable to pay in full (:data:`PAYS_IN_FULL`) joined and named by
    that ruling, where a player unable to pay paying only what he has, shared among those
    he owes (:func:`_pays_what_he_has`), answers each of them as the engine did, and each
    match of those rulesets it passed. The ruling's broken twin credits those he owes in
    full all the same; an engine may credit them only what he pays."""
    charging = set(rulesets_using(PAYS_IN_FULL))
    unexplained = [
        d
        for d in deviations
        if d.rule is None
        and d.cases
        and all(
            c in cases
            and cases[c][0].op == "match"
            and str(cases[c][0].request.get("ruleset")) in charging
            for c in d.cases
        )
    ]
    if not unexplained:
        return deviations
    departure: Adjust = lambda rs: rs.replacing(PAYS_IN_FULL, _pays_what_he_has)  # noqa: E731
    matches = [cases[c] for c in dict.fromkeys(c for d in unexplained for c in d.cases)]
    went_on = [
        (case, case.expected)
        for case in passed
        if case.op == "match" and str(case.request.get("ruleset")) in charging
    ]
    if not _answers_every([*matches, *went_on], departure, assumed):
        return deviations
    return _named(
        deviations, unexplained, PAYS_IN_FULL, PaidWhatHeHas(), departure, cases, hand_written
    )


def _pays_what_he_has(balances: Sequence[int], payments: Sequence[int]) -> tuple[int, ...]:
    """The balances after the settlement in which a player cannot pay, where each payer
    pays only what he has (a balance below 0 before it: nothing) and those he owes share
    what is paid, each in proportion to what he is owed, a unit left over going to each in
    turn from the payer's left (several payers owe one player: he is credited what they
    pay).

    >>> _pays_what_he_has((60, 240, 60), (-120, 240, -120))
    (0, 360, 0)
    >>> _pays_what_he_has((50, 40, 100, 100), (30, -90, 30, 30))
    (63, 0, 114, 113)
    """
    paid = [max(0, min(-p, b)) if p < 0 else 0 for b, p in zip(balances, payments, strict=True)]
    owed = [max(0, p) for p in payments]
    total_paid, total_owed = sum(paid), sum(owed)
    payers = [s for s, p in enumerate(payments) if p < 0]
    shares = [total_paid * o // total_owed if total_owed else 0 for o in owed]
    left = total_paid - sum(shares)
    start = payers[0] if len(payers) == 1 else 0
    n = len(payments)
    for k in range(1, n + 1):
        seat = (start + k) % n
        if left <= 0:
            break
        if owed[seat]:
            shares[seat] += 1
            left -= 1
    return tuple(b - paid[s] + shares[s] if payments[s] else b for s, b in enumerate(balances))


def _end_shown(
    matches: Sequence[tuple[Case, Json]],
    passed: Sequence[Case],
    rules: frozenset[str],
    assumed: Adjust | None,
    target: bool = False,
) -> tuple[tuple[EndLimit, ...], Adjust, list[tuple[Case, Json]]] | None:
    """The limits the ``matches`` (each with the engine's answer) and the matches it
    passed of the rulesets whose end is one of ``rules`` show (a ``target``: the targets,
    :func:`_targets`), the end of those rulesets changed to them, and the passed matches;
    ``None`` where they show no limit."""
    went_on = [
        (case, case.expected) for case in passed if case.op == "match" and _ends_by(case, rules)
    ]
    limits = (_targets if target else _limits)([*matches, *went_on], assumed)
    if limits is None:
        return None
    at = {r: limit.limit for limit in limits for r in limit.rulesets}
    departure = _match_ends_at_target(rules, at) if target else match_ends_at(rules, at)
    return limits, departure, went_on


def _end_answering(
    matches: Sequence[tuple[Case, Json]],
    passed: Sequence[Case],
    rules: frozenset[str],
    assumed: Adjust | None,
    target: bool = False,
) -> tuple[tuple[EndLimit, ...], Adjust] | None:
    """The limits the matches show (:func:`_end_shown`; a ``target``: the targets, the
    match over when a player's balance reaches one, the lowest balance losing) and the end
    changed to them, where that end answers each of the ``matches`` and each passed match
    of those rulesets as the engine did; else ``None``."""
    shown = _end_shown(matches, passed, rules, assumed, target)
    if shown is None:
        return None
    limits, departure, went_on = shown
    if not _answers_every([*matches, *went_on], departure, assumed):
        return None
    return limits, departure


def _answers_every(
    matches: Sequence[tuple[Case, Json]], departure: Adjust, assumed: Adjust | None
) -> bool:
    """Whether the reference under ``departure`` (after the departures ``assumed``)
    answers every match as the engine did (each with the engine's answer)."""
    so = composed(assumed, departure)
    return all(reproduced_under(case, actual, so) for case, actual in matches)


def _targets(
    matches: Sequence[tuple[Case, Json]], assumed: Adjust | None = None
) -> tuple[EndLimit, ...] | None:
    """The targets the matches (each with the engine's answer) show, one for the rulesets
    of each bank where a match of them ended: at or below the lowest top balance after a
    deal that ended one, above the highest after which one went on (and above the bank);
    ``None`` where none ended or the bounds of one bank disagree. Where one margin above
    the bank lies between the bounds of every bank, each target is that margin above its
    bank (a game to 300 up, whatever the bank), else the roundest balance between its
    own bounds.

    >>> _roundest(297, 312), _roundest(276, 510)
    (300, 300)
    """
    bounds = []
    for bank, shown in _by_bank(matches, _tops, assumed):
        ended = [top for _, (top, _) in shown if top is not None]
        if not ended:
            continue
        went_on = [top for _, (_, top) in shown if top is not None]
        rulesets = tuple(sorted({r for r, _ in shown}))
        highest, lowest = min(ended), max(went_on, default=None)
        least = max(bank, -1 if lowest is None else lowest) + 1
        if least > highest:
            return None
        bounds.append((rulesets, bank, least, highest, lowest))
    if not bounds:
        return None
    low = max(least - bank for _, bank, least, _, _ in bounds)
    high = min(highest - bank for _, bank, _, highest, _ in bounds)
    margin = _roundest(low, high) if low <= high else None
    targets = [
        EndLimit(
            rulesets,
            bank + margin if margin is not None else _roundest(least, highest),
            highest,
            lowest,
            True,
        )
        for rulesets, bank, least, highest, lowest in bounds
    ]
    return tuple(sorted(targets, key=lambda limit: limit.rulesets))


def _tops(
    case: Case, actual: Json, assumed: Adjust | None = None
) -> tuple[int | None, int | None] | None:
    """What the match shows of a target: the highest balance after the deal at which the
    engine ended it (``None``: it did not end), and the highest after any deal before
    (``None``: none), as the reference, playing on, leaves the balances; ``None`` where
    the answer says neither."""
    where = _where_ended(case, actual)
    if where is None:
        return None
    played, ended, _ = where
    balances = _balances(case.request, played, assumed)
    if balances is None or (ended and not balances):
        return None
    before = balances[:-1] if ended else balances
    went_on = max((max(after) for after in before), default=None)
    return (max(balances[-1]) if ended else None), went_on


def _balances(
    request: Mapping[str, Json], played: int, assumed: Adjust | None = None
) -> list[tuple[int, ...]] | None:
    """Every seat's balance after each of the first ``played`` deals that moved one, as
    the reference (under the departures ``assumed``) plays them on without an end;
    ``None`` where the reference refuses them."""
    settlements = _played_on(request, played, assumed)
    if settlements is None:
        return None
    return [
        tuple(b + p for b, p in zip(balances, payments, strict=True))
        for balances, payments, _, _ in settlements
        if any(payments)
    ]


def _ends_at_target(target: int) -> Callable[[Any, Any, int, int], int | None]:
    """The end of the match when a player's balance after settling is ``target`` or
    above: the player with the lowest balance loses (of several, the first in the order
    of settling, the bidder first).

    >>> _ends_at_target(300)([250, 100, 10], [80, -40, -40], 0, 3)
    2
    >>> _ends_at_target(300)([250, 100, 10], [40, -20, -20], 0, 3)
    """

    def ends(balances: Any, payments: Any, bidder: int, players: int) -> int | None:
        after = [b + p for b, p in zip(balances, payments, strict=True)]
        if max(after) < target:
            return None
        lowest = min(after)
        return next(seat for seat in payers_in_order(bidder, players) if after[seat] == lowest)

    return ends


def _match_ends_at_target(rules: frozenset[str], targets: Mapping[str, int]) -> Adjust:
    """The end of the match changed to a target some player reaches
    (:func:`_ends_at_target`), in the rulesets of ``targets`` whose reading of the end is
    one of ``rules``."""
    return match_ends_at(rules, targets, _ends_at_target)


def _end_rule(case: Case) -> str | None:
    """The reading of the end of the match the case's ruleset keeps (``None``: an unknown
    ruleset)."""
    try:
        return get_ruleset(str(case.request.get("ruleset"))).rule_id(Question.GAME_END)
    except Exception:  # an unknown ruleset: no reading
        return None


def _ends_by(case: Case, rules: frozenset[str]) -> bool:
    """Whether the case's ruleset keeps one of the readings of the end ``rules``."""
    return _end_rule(case) in rules


def _limits(
    matches: Sequence[tuple[Case, Json]], assumed: Adjust | None = None
) -> tuple[EndLimit, ...] | None:
    """The limits the matches (each with the engine's answer) show, one for the rulesets
    of each bank where a match of them ended; ``None`` where none ended or the bounds of
    one bank disagree."""
    limits = []
    for _, shown in _by_bank(matches, _bounds, assumed):
        ended = [b.at_least for _, b in shown if b.at_least is not None]
        if not ended:
            continue
        went_on = [b.below for _, b in shown if b.below is not None]
        lowest, highest = max(ended), min(went_on, default=None)
        if highest is not None and lowest >= highest:
            return None
        limits.append(
            EndLimit(
                tuple(sorted({r for r, _ in shown})),
                _roundest(lowest, None if highest is None else highest - 1),
                lowest,
                highest,
            )
        )
    return tuple(sorted(limits, key=lambda limit: limit.rulesets)) or None


def _by_bank(
    matches: Sequence[tuple[Case, Json]],
    shows: Callable[[Case, Json, Adjust | None], _Shown | None],
    assumed: Adjust | None,
) -> list[tuple[int, list[tuple[str, _Shown]]]]:
    """What each match (with the engine's answer) ``shows`` of the end, with its ruleset,
    the matches of the rulesets of one bank together, with that bank; a match that shows
    nothing (refused, or played past) left out."""
    by_bank: dict[int, list[tuple[str, _Shown]]] = {}
    for case, actual in matches:
        shown = shows(case, actual, assumed)
        if shown is None:
            continue
        ruleset = str(case.request.get("ruleset"))
        by_bank.setdefault(get_ruleset(ruleset).rules.bank(), []).append((ruleset, shown))
    return list(by_bank.items())


def _roundest(lowest: int, highest: int | None) -> int:
    """The limit said for one between ``lowest`` and ``highest`` (``None``: unbounded):
    below 0 (-1) or at 0 where the bounds allow it, as the rules' readings end the match;
    else the balance with the most trailing zeros, the nearest 0 of those."""
    top = max(lowest, 0) if highest is None else highest
    for kept in (-1, 0):
        if lowest <= kept <= top:
            return kept
    candidates = range(lowest, top + 1)
    return max(candidates, key=lambda n: (_zeros(n), -abs(n)))


def _zeros(n: int) -> int:
    zeros = 0
    while n and n % 10 == 0:
        n //= 10
        zeros += 1
    return zeros


def _bounds(case: Case, actual: Json, assumed: Adjust | None = None) -> _Bounds | None:
    """What the match shows of the limit: where the engine ended it (the deals it played
    and its loser, or the deal it refused as played after the end) and the balances the
    reference, playing on, leaves each payer with up to there; ``None`` where the answer
    says neither."""
    where = _where_ended(case, actual)
    if where is None:
        return None
    played, ended, loser = where
    settled = _settled(case.request, played, assumed)
    if settled is None or (ended and not settled):
        return None
    before = settled[:-1] if ended else settled
    balances = [balance for deal in before for _, balance in deal]
    if not ended:
        return _Bounds(None, min(balances, default=None))
    last = settled[-1]
    if isinstance(loser, int) and not isinstance(loser, bool):
        seats = [seat for seat, _ in last]
        if loser not in seats:
            return None
        ahead = last[: seats.index(loser)]
        balances += [balance for _, balance in ahead]
        return _Bounds(last[seats.index(loser)][1], min(balances, default=None))
    return _Bounds(min(balance for _, balance in last), min(balances, default=None))


def _where_ended(case: Case, actual: Json) -> tuple[int, bool, Any] | None:
    """Where the engine's answer to the match ends it: the deals it played, whether it
    ended the match there (its result over, or the deal after refused as played after the
    end) and the loser it names (``None``: none); ``None`` where the answer says neither."""
    deals = case.request.get("deals")
    if not isinstance(deals, list) or not isinstance(actual, dict):
        return None
    result, error = actual.get("result"), actual.get("error")
    if isinstance(result, dict) and isinstance(result.get("dealers"), list):
        return len(result["dealers"]), result.get("over") is True, result.get("loser")
    if isinstance(error, dict) and isinstance(error.get("deal"), int) and error["deal"] > 0:
        return error["deal"], True, None
    return None


def _settled(
    request: Mapping[str, Json], played: int, assumed: Adjust | None = None
) -> list[_Settled] | None:
    """The payers of each of the first ``played`` deals that were settled, with their
    balances after paying, as the reference (under the departures ``assumed``) plays them
    on without an end; ``None`` where the reference refuses them."""
    settlements = _played_on(request, played, assumed)
    if settlements is None:
        return None
    return [
        tuple(
            (seat, balances[seat] + payments[seat])
            for seat in payers_in_order(bidder, players)
            if payments[seat] < 0
        )
        for balances, payments, bidder, players in settlements
    ]


def _played_on(
    request: Mapping[str, Json], played: int, assumed: Adjust | None = None
) -> list[tuple[Any, Any, int, int]] | None:
    """Each settlement of the first ``played`` deals (the balances before it, the
    payments, the bidder, the players), as the reference (under the departures
    ``assumed``) plays them on without an end; ``None`` where the reference refuses
    them."""
    shown: list[tuple[Any, Any, int, int]] = []

    def plays_on(balances: Any, payments: Any, bidder: int, players: int) -> None:
        shown.append((tuple(balances), tuple(payments), bidder, players))

    deals = request.get("deals")
    assert isinstance(deals, list)
    try:
        answer = reference_answer(
            {**request, "deals": deals[:played]},
            lambda rs: rs.replacing(rs.rule_id(Question.GAME_END), plays_on),
            assumed,
        )
    except Exception:  # the reference cannot play them
        return None
    return shown if "result" in answer else None
