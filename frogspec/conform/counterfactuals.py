"""What the reference would answer with a rule replaced: the counterfactuals of a diagnosis.

A rule is suspected of an engine's deviation when the reference, with that rule's broken
twin or one of its rival readings in place of the rule, gives the engine's answer. A rule is
put in place the one way the engine knows: :func:`reference_answer` is given what turns
the ruleset a request names into the one that answers it, a ruleset with the rule replaced
(``lambda rs: rs.replacing(rule_id, function)``,
:meth:`~frogspec.rulesets.Ruleset.replacing`); which rules the reference evaluates is
recorded the same way, by a ruleset whose every rule records its call
(``lambda rs: rs.recording(calls.append)``, :meth:`~frogspec.rulesets.Ruleset.recording`).
Nothing is put in force for the process: every counterfactual is passed explicitly, and so
are the departures of an engine found already, which the kit explains away one after
another (:mod:`frogspec.conform.blame`): they are an ``assumed`` argument, applied to the
ruleset before any other change, of :func:`reference_answer` and of whatever calls it (the
diagnosis, the localising of a departure, the unit ops' probes). It also says whether a
replacement still meets the cases an engine passed.
"""

from __future__ import annotations

import copy
import json
import weakref
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from frogspec._types import Json
from frogspec.errors import FrogError
from frogspec.harness import Adjust, handle
from frogspec.registry import all_rules, get_rule
from frogspec.rulesets import Ruleset
from frogspec.twins.model import TWINS, get_twin
from frogspec.vectors.model import Case, differences

__all__ = [
    "alternatives",
    "composed",
    "evaluated_rules",
    "failed_under",
    "fails_under",
    "fits_passed",
    "has_twin",
    "meets",
    "recent_first",
    "reference_answer",
    "requests_asked",
    "rival_readings",
    "stand_in",
    "swapped",
]


def composed(*adjusts: Adjust | None) -> Adjust | None:
    """The adjustments applied one after another, the first first (``None`` skipped;
    ``None`` if none is left).

    >>> twin = get_twin("cards.points").function
    >>> jack_one = composed(None, lambda rs: rs.replacing("cards.points", twin))
    >>> composed(jack_one, None) is jack_one
    True
    """
    kept = [a for a in adjusts if a is not None]
    if len(kept) <= 1:
        return kept[0] if kept else None

    def adjust(ruleset: Ruleset) -> Ruleset:
        for one in kept:
            ruleset = one(ruleset)
        return ruleset

    return adjust


def swapped(replacement: Mapping[str, Callable[..., Any]]) -> Adjust | None:
    """The rules of ``replacement`` (by id) swapped for its functions, one after another
    (:func:`composed`; ``None`` for none).

    >>> from frogspec.rulesets import get_ruleset
    >>> twin = get_twin("cards.points").function
    >>> swapped({"cards.points": twin})(get_ruleset("foster-1909")).rules.card_points is twin
    True
    """
    return composed(
        *(partial(_replacing, rule_id=rule_id, function=f) for rule_id, f in replacement.items())
    )


def _replacing(ruleset: Ruleset, rule_id: str, function: Callable[..., Any]) -> Ruleset:
    return ruleset.replacing(rule_id, function)


def reference_answer(
    request: Mapping[str, Json], adjust: Adjust | None = None, assumed: Adjust | None = None
) -> dict[str, Json]:
    """The reference's answer (id aside), on a copy of the request, under ``adjust`` if
    given (see :func:`frogspec.harness.handle`), after the departures ``assumed`` (an
    engine's departures found already: the reference then departs as the engine does, and
    a case judged again against it shows the next departure).

    >>> from frogspec.twins import get_twin
    >>> ask = {"id": 1, "op": "card_points", "card": "JS"}
    >>> jack_one = get_twin("cards.points").function
    >>> reference_answer(ask, lambda rs: rs.replacing("cards.points", jack_one))
    {'result': 1}
    >>> reference_answer(ask)
    {'result': 2}
    >>> reference_answer(ask, assumed=lambda rs: rs.replacing("cards.points", jack_one))
    {'result': 1}
    """
    both = composed(*(_kept(a) for a in (assumed, adjust) if a is not None))
    _REQUESTS_ASKED[0] += 1
    answer = handle(json.loads(json.dumps(request)), both)
    answer.pop("id", None)
    return answer


#: How many requests :func:`reference_answer` has put to the reference (:func:`requests_asked`).
_REQUESTS_ASKED = [0]


def requests_asked() -> int:
    """How many requests :func:`reference_answer` has put to the reference so far: a
    request's number while it is answered. A ruleset made by an adjustment serves many
    requests (:func:`_kept`); what one of its rules notes for another within a request
    (the contract a rate is asked of, rated as another) holds for that request only."""
    return _REQUESTS_ASKED[0]


#: The rulesets each adjustment has made, by the ruleset it was given, for as long as the
#: adjustment lives (:func:`_kept`).
_MADE: weakref.WeakKeyDictionary[Adjust, dict[int, tuple[Ruleset, Ruleset]]] = (
    weakref.WeakKeyDictionary()
)


def _kept(adjust: Adjust) -> Adjust:
    """The adjustment with each ruleset it makes kept, made once per ruleset: the
    departures found are asked of many requests, and a ruleset's rules are built anew each
    time they are replaced. (Kept while the adjustment lives: it goes when it does.)"""
    try:
        kept = _MADE.setdefault(adjust, {})
    except TypeError:  # an adjustment that cannot be referred to weakly: made each time
        return adjust

    def adjusted(ruleset: Ruleset) -> Ruleset:
        found = kept.get(id(ruleset))
        if found is not None and found[0] is ruleset:
            return found[1]
        result = adjust(ruleset)
        kept[id(ruleset)] = (ruleset, result)
        return result

    return adjusted


_STAND_INS: dict[str, Callable[..., Any]] = {}


def rival_readings(rule_id: str) -> tuple[str, ...]:
    """The other readings of the point ``rule_id`` answers (same ``question``), by id.

    >>> rival_readings("auction.overbid-to-raise")
    ('auction.one-bid-each', 'auction.one-round-frog-may-raise')
    >>> rival_readings("play.follow-suit")
    ()
    """
    entry = get_rule(rule_id)
    if entry.question is None:
        return ()
    return tuple(r.id for r in all_rules() if r.question == entry.question and r.id != rule_id)


def stand_in(reading_id: str) -> Callable[..., Any]:
    # A fresh function that answers as the rival reading does: swapping the reading's own
    # function in would register it under the other rule's id, and take its entry away after.
    function = _STAND_INS.get(reading_id)
    if function is None:
        target = get_rule(reading_id).function

        def reading(*args: Any, **kwargs: Any) -> Any:
            return target(*args, **kwargs)

        reading.__name__ = getattr(target, "__name__", reading_id)
        function = _STAND_INS[reading_id] = reading
    return function


_EVALUATES: dict[tuple[str, str], frozenset[str]] = {}


def evaluated_rules(case: Case, assumed: Adjust | None = None) -> frozenset[str]:
    """The rules whose functions the reference (under the departures ``assumed``) calls to
    answer the case. The first answer for a case is remembered: the departures assumed
    later are a few rules swapped, and the rules a case asks hardly change with them."""
    key = (case.id, json.dumps(case.request, sort_keys=True))
    found = _EVALUATES.get(key)
    if found is None:
        calls: list[str] = []
        reference_answer(case.request, lambda rs: rs.recording(calls.append), assumed)
        found = _EVALUATES[key] = frozenset(calls)
    return found


def fits_passed(
    rule_id: str, reading: str | None, cases: Sequence[Case], assumed: Adjust | None = None
) -> bool:
    """Whether the reference, with the broken twin of ``rule_id`` (``reading`` None) or
    the rival ``reading`` in its place, still gives every case's expected answer (as the
    first level judges it), the departures ``assumed`` applied first. Only the cases that
    evaluate the rule are asked: the others cannot change."""
    if reading is None and not has_twin(rule_id):
        return False
    return not failed_under(rule_id, reading, cases, limit=1, assumed=assumed)


def failed_under(
    rule_id: str,
    reading: str | None,
    cases: Sequence[Case],
    limit: int | None = None,
    assumed: Adjust | None = None,
) -> list[str]:
    """The ids of the cases (at most ``limit``) whose expected answer the reference no
    longer gives with the broken twin of ``rule_id`` (``reading`` None) or the rival
    ``reading`` in its place (``reading`` None needs a rule that has a twin), after the
    departures ``assumed``."""
    function = get_twin(rule_id).function if reading is None else stand_in(reading)
    concerned = [case for case in cases if rule_id in evaluated_rules(case, assumed)]
    failing: list[str] = []
    adjust = swapped({rule_id: function})
    for case in concerned:
        if limit is not None and len(failing) >= limit:
            break
        if fails_under(case, adjust, assumed):
            failing.append(case.id)
    return failing


def fails_under(
    case: Case,
    adjust: Adjust | None,
    assumed: Adjust | None = None,
    *,
    crash_fails: bool = True,
) -> bool:
    """Whether the reference with the departure ``adjust`` (after ``assumed``) misses the
    case's expected answer (:func:`meets`): an engine with that departure would fail it.

    A departure may crash the reference where it is out of place. With ``crash_fails``
    (the default) that counts as failing the case, since the case shows the departure;
    without it, as not failing: the crash is no evidence the engine would fail there."""
    try:
        answer = reference_answer(case.request, adjust, assumed)
    except Exception:  # a rule out of place may crash the reference
        return crash_fails
    return not meets(case, answer)


def meets(case: Case, answer: Json) -> bool:
    """Whether an answer meets the case's expected response on the first level (every
    field the case fixes, an ``illegal`` error's rule aside)."""
    expected = copy.deepcopy(case.expected)
    error = expected.get("error")
    if isinstance(error, dict) and error.get("kind") == "illegal":
        error.pop("rule", None)
    return not differences(expected, answer, case.compare)


def alternatives(rule_id: str) -> list[tuple[str | None, Callable[..., Any]]]:
    # The counterfactuals of a rule: its twin (reading None), then its rival readings.
    found: list[tuple[str | None, Callable[..., Any]]] = []
    if rule_id in TWINS or has_twin(rule_id):
        found.append((None, get_twin(rule_id).function))
    found.extend((reading, stand_in(reading)) for reading in rival_readings(rule_id))
    return found


def has_twin(rule_id: str) -> bool:
    try:
        get_twin(rule_id)
    except FrogError:
        return False
    return True


def recent_first(calls: Sequence[str]) -> list[str]:
    """The rules called, each once, the most recently called first."""
    seen: dict[str, None] = {}
    for rule_id in reversed(calls):
        seen.setdefault(rule_id, None)
    return list(seen)
