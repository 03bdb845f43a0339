"""What the reference would answer with a rule replaced: the counterfactuals of a diagnosis.

A rule is suspected of an engine's deviation when the reference, with that rule's broken
twin or one of its rival readings in place of the rule, gives the engine's answer. A rule is
put in place the one way the engine knows: :func:`reference_answer` is given what turns
the ruleset a request names into the one that answers it, a ruleset with the rule replaced
(``lambda rs: rs.replacing(rule_id, function)``,
:meth:`~frogspec.rulesets.Ruleset.replacing`); which rules the reference evaluates is
recorded the same way, by a ruleset whose every rule records its call
(``lambda rs: rs.recording(calls.append)``, :meth:`~frogspec.rulesets.Ruleset.recording`).
Nothing is put in force for the process: every counterfactual is passed explicitly. It also
says whether a replacement still meets the cases an engine passed.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
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
    "assumed",
    "assuming",
    "evaluated_rules",
    "failed_under",
    "fits_passed",
    "has_twin",
    "recent_first",
    "reference_answer",
    "rival_readings",
    "stand_in",
]


_ASSUMED: ContextVar[Adjust | None] = ContextVar("assumed departures", default=None)


def assumed(ruleset: Ruleset) -> Ruleset:
    """The ruleset with the departures :func:`assuming` put in force (itself, if none)."""
    adjust = _ASSUMED.get()
    return ruleset if adjust is None else adjust(ruleset)


@contextmanager
def assuming(adjust: Adjust) -> Iterator[None]:
    """Inside the block, the reference the kit compares with (:func:`reference_answer`)
    answers under ``adjust``: the departures of an engine found already, so that a case
    is judged again against a reference that departs as the engine does, and the next
    divergence shows the next departure.

    >>> from frogspec.twins import get_twin
    >>> twin = get_twin("cards.points").function
    >>> with assuming(lambda ruleset: ruleset.replacing("cards.points", twin)):
    ...     reference_answer({"id": 1, "op": "card_points", "card": "JS"})["result"]
    1
    >>> reference_answer({"id": 1, "op": "card_points", "card": "JS"})["result"]
    2
    """
    token = _ASSUMED.set(adjust)
    try:
        yield
    finally:
        _ASSUMED.reset(token)


def reference_answer(request: Mapping[str, Json], adjust: Adjust | None = None) -> dict[str, Json]:
    """The reference's answer (id aside), on a copy of the request, under ``adjust`` if
    given (see :func:`frogspec.harness.handle`), after the departures :func:`assuming`
    assumes.

    >>> from frogspec.twins import get_twin
    >>> ask = {"id": 1, "op": "card_points", "card": "JS"}
    >>> jack_one = get_twin("cards.points").function
    >>> reference_answer(ask, lambda rs: rs.replacing("cards.points", jack_one))
    {'result': 1}
    >>> reference_answer(ask)
    {'result': 2}
    """
    base = _ASSUMED.get()
    if base is not None:
        outer = adjust
        adjust = base if outer is None else (lambda ruleset: outer(base(ruleset)))
    answer = handle(json.loads(json.dumps(request)), adjust)
    answer.pop("id", None)
    return answer


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


def evaluated_rules(case: Case) -> frozenset[str]:
    """The rules whose functions the reference calls to answer the case (remembered)."""
    key = (case.id, json.dumps(case.request, sort_keys=True))
    found = _EVALUATES.get(key)
    if found is None:
        calls: list[str] = []
        reference_answer(case.request, lambda rs: rs.recording(calls.append))
        found = _EVALUATES[key] = frozenset(calls)
    return found


def fits_passed(rule_id: str, reading: str | None, cases: Sequence[Case]) -> bool:
    """Whether the reference, with the broken twin of ``rule_id`` (``reading`` None) or
    the rival ``reading`` in its place, still gives every case's expected answer (as the
    first level judges it). Only the cases that evaluate the rule are asked: the others
    cannot change."""
    if reading is None and not has_twin(rule_id):
        return False
    return not failed_under(rule_id, reading, cases, limit=1)


def failed_under(
    rule_id: str, reading: str | None, cases: Sequence[Case], limit: int | None = None
) -> list[str]:
    """The ids of the cases (at most ``limit``) whose expected answer the reference no
    longer gives with the broken twin of ``rule_id`` (``reading`` None) or the rival
    ``reading`` in its place (``reading`` None needs a rule that has a twin)."""
    function = get_twin(rule_id).function if reading is None else stand_in(reading)
    concerned = [case for case in cases if rule_id in evaluated_rules(case)]
    failing: list[str] = []

    def adjust(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing(rule_id, function)

    for case in concerned:
        if limit is not None and len(failing) >= limit:
            break
        try:
            got = reference_answer(case.request, adjust)
        except Exception:  # a rule out of place may crash the reference
            failing.append(case.id)
            continue
        if not _meets(case, got):
            failing.append(case.id)
    return failing


def _meets(case: Case, answer: Json) -> bool:
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
