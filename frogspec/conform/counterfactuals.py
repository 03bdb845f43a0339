"""What the reference would answer with a rule swapped: the counterfactuals of a diagnosis.

A rule is suspected of an engine's deviation when the reference, with that rule's broken
twin or one of its rival readings in place of the rule, gives the engine's answer. This
module swaps rule functions in and out fast (once prepared, a swap costs microseconds, so a
diagnosis can try a dozen rules a step), records which rules the reference evaluates (by
the same swap, with a recorder in place of every rule), and
says whether a swap still meets the cases an engine passed.
"""

from __future__ import annotations

import copy
import functools
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from types import CodeType, FrameType, ModuleType
from typing import Any

from frogspec import registry
from frogspec.conformance.model import Case, differences
from frogspec.errors import FrogError
from frogspec.harness import handle
from frogspec.registry import all_rules, get_rule
from frogspec.twins.model import TWINS, get_twin
from frogspec.twins.substitute import (
    _frogspec_modules,
    _Swap,
    active_twin,
    recorders,
    recording,
    standing_in,
)

__all__ = [
    "alternatives",
    "evaluated_rules",
    "failed_under",
    "fits_passed",
    "has_twin",
    "recent_first",
    "reference_answer",
    "rival_readings",
    "stand_in",
    "swapped",
    "swapped_tracing",
    "swapping",
    "tracing",
]

Json = Any


def reference_answer(request: Mapping[str, Json]) -> dict[str, Json]:
    """The reference's answer (id aside), on a copy of the request."""
    answer = handle(json.loads(json.dumps(request)))
    answer.pop("id", None)
    return answer


# --- swapping rule functions, fast -----------------------------------------------------


class _Recorder(_Swap):
    """Finds where the originals stand (as a twin's swap does) without changing anything."""

    def __init__(self, replacements: Mapping[Any, Any]) -> None:
        super().__init__(replacements)
        self.changes: list[tuple[dict[Any, Any], Any, Any, Any]] = []

    def module(self, module: ModuleType) -> None:
        namespace = vars(module)
        for name, old in list(namespace.items()):
            if type(old) is dict:
                self.mapping(old)
                continue
            new = self.value(old)
            if new is not old:
                self.changes.append((namespace, name, old, new))

    def mapping(self, mapping: dict[Any, Any]) -> None:
        for key, old in list(mapping.items()):
            new = self.value(old)
            if new is not old:
                self.changes.append((mapping, key, old, new))


def _caches() -> tuple[list[Any], list[Any]]:
    """The package's function caches: those of helpers (the engine's auction turns, the
    point tables), and those of rule functions (the deal patterns)."""
    helpers: dict[int, Any] = {}
    rules: dict[int, Any] = {}
    for module in _frogspec_modules():
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_parameters", None)) and hasattr(value, "__wrapped__"):
                kind = rules if registry.rule_for_function(value) is not None else helpers
                kind[id(value)] = value
    return list(helpers.values()), list(rules.values())


def _fresh(cached: Any) -> Any:
    """An empty cache of the same function."""
    parameters = cached.cache_parameters()
    wrap = functools.lru_cache(maxsize=parameters["maxsize"], typed=parameters["typed"])
    return wrap(cached.__wrapped__)


_TRACES: list[list[str]] = []
"""The lists into which the traces in progress put the rules called (innermost last)."""


class _Remembering:
    """A helper's cache for tracing: it remembers each answer with the rules asked while
    computing it, and reports those rules again whenever it answers from memory (so that a
    trace sees the rules behind a point table without rebuilding it)."""

    LIMIT = 20_000

    def __init__(self, cached: Any) -> None:
        self.function: Callable[..., Any] = cached.__wrapped__
        self.answers: dict[Any, tuple[Any, list[str]]] = {}
        functools.update_wrapper(self, self.function)

    def __call__(self, *args: Any) -> Any:
        calls = _TRACES[-1] if _TRACES else None
        held = self.answers.get(args)
        if held is None:
            start = len(calls) if calls is not None else 0
            answer = self.function(*args)
            asked = calls[start:] if calls is not None else []
            if len(self.answers) >= self.LIMIT:
                self.answers.clear()
            held = self.answers[args] = (answer, asked)
        elif calls is not None:
            calls.extend(held[1])
        return held[0]


class _Prepared:
    """One set of replacements, located once, then put in and taken out in microseconds.

    Caches must never mix answers from before and during a swap. Clearing them all at each
    swap (as a twin's swap does) would rebuild the point tables a thousand times; instead
    each helper's cache is replaced, for the swap, by an empty one of its own that lives as
    long as the prepared swap (its answers are all made under the same replacements), and
    the faithful caches come back untouched. The caches of rule functions (cheap to fill)
    are cleared. For ``tracing``, the helpers' stand-ins are :class:`_Remembering`.
    """

    def __init__(self, replacements: Mapping[str, Callable[..., Any]], tracing: bool) -> None:
        self.entries = [(get_rule(r), standing_in(r, f)) for r, f in replacements.items()]
        helpers, self.rule_caches = _caches()
        stand_in = _Remembering if tracing else _fresh
        swaps: dict[Any, Any] = {entry.function: f for entry, f in self.entries}
        swaps.update({c: stand_in(c) for c in helpers if c not in swaps})
        recorder = _Recorder(swaps)
        for module in _frogspec_modules():
            recorder.module(module)
        self.changes = recorder.changes
        self.modules = len(sys.modules)

    def current(self) -> bool:
        """Whether every place found still holds its original (and no module came since)."""
        return self.modules == len(sys.modules) and all(
            where.get(key) is old for where, key, old, _ in self.changes
        )

    def put_in(self) -> None:
        """Swap in."""
        for where, key, _, new in self.changes:
            where[key] = new
        for cache in self.rule_caches:
            cache.cache_clear()

    def take_out(self) -> None:
        """Put every original back."""
        for where, key, old, _ in reversed(self.changes):
            where[key] = old
        for cache in self.rule_caches:
            cache.cache_clear()


_PREPARED: dict[Any, tuple[_Prepared, tuple[Callable[..., Any], ...]]] = {}
_SWAPPING: list[bool] = []


def swapping() -> bool:
    """Whether a rule is swapped out in this process right now (by :func:`swapped`)."""
    return bool(_SWAPPING)


@contextmanager
def swapped_tracing(
    replacements: Mapping[str, Callable[..., Any]], tracing: bool
) -> Iterator[None]:
    if _SWAPPING or active_twin() is not None:
        raise RuntimeError("a swap is already in force; swap one set at a time")
    key = (tracing, tuple(sorted((rule_id, id(f)) for rule_id, f in replacements.items())))
    held = _PREPARED.get(key)
    if held is None or not held[0].current():
        held = (_Prepared(replacements, tracing), tuple(replacements.values()))
        _PREPARED[key] = held
    prepared = held[0]
    _SWAPPING.append(True)
    prepared.put_in()
    try:
        yield
    finally:
        prepared.take_out()
        _SWAPPING.pop()


def swapped(replacements: Mapping[str, Callable[..., Any]]) -> AbstractContextManager[None]:
    """Run the block with each rule's function (by id) replaced by the function given.

    The same swap as :func:`frogspec.twins.substitute.substituted` (modules, rulesets,
    options, caches, the registry), several rules at once, and prepared once per set of
    replacements so that the thousandth swap costs microseconds. Not reentrant: one swap
    at a time, never inside a twin's.

    >>> from frogspec.twins import get_twin
    >>> ask = {"id": 1, "op": "card_points", "card": "JS"}
    >>> with swapped({"cards.points": get_twin("cards.points").function}):
    ...     handle(ask)["result"]
    1
    >>> handle(ask)["result"]
    2
    """
    return swapped_tracing(replacements, tracing=False)


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
        with tracing() as calls:
            reference_answer(case.request)
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
    with swapped({rule_id: function}):
        for case in concerned:
            if limit is not None and len(failing) >= limit:
                break
            try:
                got = reference_answer(case.request)
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


# --- tracing what the reference evaluates ----------------------------------------------


@contextmanager
def tracing() -> Iterator[list[str]]:
    """Collect, in call order, the rule ids whose functions run inside the block.

    On the pure build the interpreter's trace hook sees each rule function's frame, so
    whatever function is swapped in for a rule at the moment is the one that runs. A
    compiled build has no frames to trace: there every rule is swapped for its faithful
    recorder (:func:`~frogspec.twins.substitute.recorders`)."""
    calls: list[str] = []
    codes = _rule_codes()
    if not codes:  # compiled: no code objects to trace
        with swapped_tracing(recorders(), tracing=True), recording(calls.append):
            _TRACES.append(calls)
            try:
                yield calls
            finally:
                _TRACES.pop()
        return

    def trace(frame: FrameType, event: str, arg: object) -> None:
        # Called once per new frame; returning None asks for no tracing inside it.
        rule_id = codes.get(frame.f_code)
        if rule_id is not None:
            calls.append(rule_id)

    # The helpers' caches report the rules behind each answer they remember, and the rule
    # functions' own caches are emptied: a rule whose answer is remembered is still seen.
    with swapped_tracing({}, tracing=True):
        _TRACES.append(calls)
        previous = sys.gettrace()
        sys.settrace(trace)
        try:
            yield calls
        finally:
            sys.settrace(previous)
            _TRACES.pop()


def _rule_codes() -> dict[CodeType, str]:
    """The code object of each rule function, by rule id (none on a compiled build)."""
    codes: dict[CodeType, str] = {}
    for entry in all_rules():
        function: Any = entry.function
        while hasattr(function, "__wrapped__"):
            function = function.__wrapped__
        code = getattr(function, "__code__", None)
        if code is not None:
            codes[code] = entry.id
    return codes


def recent_first(calls: Sequence[str]) -> list[str]:
    """The rules called, each once, the most recently called first."""
    seen: dict[str, None] = {}
    for rule_id in reversed(calls):
        seen.setdefault(rule_id, None)
    return list(seen)
