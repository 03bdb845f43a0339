"""Swapping one broken twin into the reference, and out again.

A rule function is reached in many ways, and the swap has to catch them all:

- modules import rule functions by name (the engine holds its own ``legal_plays``,
  ``trick_winner``, ...) and the functions of a chapter call each other through their
  module's globals: every attribute of every loaded ``frogspec`` module that *is* the
  original function is replaced;
- rulesets hold their readings in fields, and options map their values to rules: every
  :class:`~frogspec.rulesets.Ruleset` and :class:`~frogspec.rulesets.Option` that holds the
  original is rebuilt with the twin (in module attributes, in dictionaries such as
  :data:`~frogspec.rulesets.RULESETS` and ``settlement.SITTING_OUT_SYSTEMS``, which are
  changed in place because other modules hold them, and in tuples);
- caches may hold what the original computed (the auction turns of the engine, the point
  tables of :mod:`frogspec.scoring`, the deal patterns): every ``functools`` cache of a
  ``frogspec`` module is cleared when the twin goes in and again when it comes out;
- the engine names the rule an illegal action breaks from the function it asked
  (:func:`~frogspec.registry.rule_for_function`): a twin, like every function that
  stands in for a rule here, names that rule by its attribute ``rule_id``, which the
  registry reads; nothing here writes the registry.

Which rules ran is learnt the same way, never by tracing the interpreter: the
:func:`recorders` stand in for every rule and tell the recording in progress
(:func:`recording`) each rule called, as :func:`spying` does.

Everything is put back on the way out. Only one twin may be in at a time.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache, partial
from types import ModuleType
from typing import Any

from frogspec import registry
from frogspec.rulesets import Option, Ruleset
from frogspec.twins.model import Twin, get_twin

__all__ = [
    "active_twin",
    "install",
    "recorders",
    "recording",
    "spying",
    "standing_in",
    "substituted",
]

_active: list[str] = []
_twins: list[Twin] = []


def active_twin() -> Twin | None:
    """The twin swapped in now, if any."""
    return _twins[-1] if _twins else None


def _module_name(name: str, module: ModuleType) -> str:
    # A module run with ``python -m`` is ``__main__``; its spec still has its real name.
    spec = getattr(module, "__spec__", None)
    return spec.name if name == "__main__" and spec is not None else name


def _frogspec_modules() -> list[ModuleType]:
    found = []
    for key, module in list(sys.modules.items()):
        if module is None:
            continue
        name = _module_name(key, module)
        if (name == "frogspec" or name.startswith("frogspec.")) and not (
            # The twins themselves call the originals they imported: leave them be.
            name == "frogspec.twins" or name.startswith("frogspec.twins.")
        ):
            found.append(module)
    return found


def _rebuilt(value: Any, changes: dict[str, Any]) -> Any:
    return dataclasses.replace(value, **changes)


class _Swap:
    """Replaces functions by others wherever the reference can reach them."""

    def __init__(self, replacements: Mapping[Callable[..., Any], Callable[..., Any]]) -> None:
        self.replacements = {id(k): (k, v) for k, v in replacements.items()}
        self.undo: list[Callable[[], object]] = []

    def value(self, value: Any) -> Any:
        """``value`` with the originals replaced, or ``value`` itself if it holds none."""
        pair = self.replacements.get(id(value))
        if pair is not None and pair[0] is value:
            return pair[1]
        if isinstance(value, Ruleset | Option):
            changes = {}
            for field in dataclasses.fields(value):
                old = getattr(value, field.name)
                new = self._in_mapping(old) if isinstance(old, Mapping) else self.value(old)
                if new is not old:
                    changes[field.name] = new
            return _rebuilt(value, changes) if changes else value
        if type(value) is tuple and value and len(value) <= 64:
            items = tuple(self.value(v) for v in value)
            if any(new is not old for new, old in zip(items, value, strict=True)):
                return items
        return value

    def _in_mapping(self, mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
        swapped = {key: self.value(old) for key, old in mapping.items()}
        if all(swapped[key] is old for key, old in mapping.items()):
            return mapping
        return swapped

    def module(self, module: ModuleType) -> None:
        """Swap in every attribute of ``module`` that holds an original."""
        for name, old in list(vars(module).items()):
            if type(old) is dict:
                self.mapping(old)
                continue
            new = self.value(old)
            if new is not old:
                setattr(module, name, new)
                self.undo.append(partial(setattr, module, name, old))

    def mapping(self, mapping: dict[Any, Any]) -> None:
        """Swap in, in place, every value of ``mapping`` that holds an original."""
        for key, old in list(mapping.items()):
            new = self.value(old)
            if new is not old:
                mapping[key] = new
                self.undo.append(partial(mapping.__setitem__, key, old))

    def restore(self) -> None:
        """Put back everything swapped, last change first."""
        while self.undo:
            self.undo.pop()()


def standing_in(rule_id: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, or a thin wrapper of it, that names ``rule_id`` by its attribute
    ``rule_id``: what the registry reads to take a stand-in for the rule it replaces (a
    twin, a recorder already name theirs and come back as they are)."""
    if getattr(function, "rule_id", None) == rule_id:
        return function

    def stand_in(*args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    stand_in.rule_id = rule_id  # type: ignore[attr-defined]
    stand_in.__name__ = getattr(function, "__name__", rule_id)
    return stand_in


def _swap_in(replacements: Mapping[str, Callable[..., Any]], label: str) -> Callable[[], None]:
    """Swap in a replacement for each rule id given; returns the function that undoes it."""
    if _active:
        raise RuntimeError(f"{_active[-1]} is already in; swap in one twin at a time")
    entries = {rule_id: registry.get_rule(rule_id) for rule_id in replacements}
    swap = _Swap({entries[r].function: standing_in(r, f) for r, f in replacements.items()})
    modules = _frogspec_modules()
    registry.clear_caches()
    try:
        for module in modules:
            swap.module(module)
    except BaseException:
        swap.restore()
        raise
    _active.append(label)

    def restore() -> None:
        swap.restore()
        _active.remove(label)
        registry.clear_caches()

    return restore


@contextmanager
def substituted(rule_id: str) -> Iterator[Twin]:
    """Run the block with the broken twin of ``rule_id`` in place of the rule.

    >>> from frogspec.harness import handle
    >>> ask = {"id": 1, "op": "card_points", "card": "JS"}
    >>> with substituted("cards.points") as twin:
    ...     handle(ask)["result"], twin.mistake
    (1, 'A Jack counts 1 instead of 2.')
    >>> handle(ask)["result"]
    2
    """
    twin = get_twin(rule_id)
    restore = _swap_in({rule_id: twin.function}, f"the twin of {rule_id}")
    _twins.append(twin)
    try:
        yield twin
    finally:
        _twins.remove(twin)
        restore()


def install(rule_id: str) -> Twin:
    """Swap the twin of ``rule_id`` in for good (the harness's ``FROGSPEC_TWIN``)."""
    twin = get_twin(rule_id)
    _swap_in({rule_id: twin.function}, f"the twin of {rule_id}")
    _twins.append(twin)
    return twin


_RECORDINGS: list[Callable[[str], object]] = []
"""Where the recordings in progress take each rule called (innermost last)."""


def _recorder(rule_id: str, original: Callable[..., Any]) -> Callable[..., Any]:
    def recorder(*args: Any, **kwargs: Any) -> Any:
        if _RECORDINGS:
            _RECORDINGS[-1](rule_id)
        return original(*args, **kwargs)

    recorder.rule_id = recorder.__name__ = rule_id  # type: ignore[attr-defined]
    recorder.__qualname__ = f"recorder of {rule_id}"
    return recorder


@cache
def recorders() -> dict[str, Callable[..., Any]]:
    """A faithful stand-in for every rule, by id, that tells the recording in progress
    (:func:`recording`) its rule id each time it is called and then answers as the rule
    does. The same functions every time, so that a prepared swap of them can be reused."""
    return {entry.id: _recorder(entry.id, entry.function) for entry in registry.all_rules()}


@contextmanager
def recording(take: Callable[[str], object]) -> Iterator[None]:
    """Give ``take`` the id of each rule a :func:`recorders` stand-in answers for inside the
    block (nested recordings: the innermost one takes them). The stand-ins must be in
    (:func:`spying`, or :func:`frogspec.conform.counterfactuals.tracing`)."""
    _RECORDINGS.append(take)
    try:
        yield
    finally:
        _RECORDINGS.pop()


@contextmanager
def spying() -> Iterator[tuple[set[str], Callable[[], None]]]:
    """Run the block with every rule function replaced by a faithful spy (:func:`recorders`).

    Yields the set into which each spy puts its rule id when called, and a function that
    clears the package's caches (call it before each request, so that a rule whose answer
    a cache remembers is seen being asked). The spies stand exactly where a twin would.

    >>> from frogspec.harness import handle
    >>> with spying() as (seen, clear):
    ...     clear()
    ...     handle({"id": 1, "op": "card_points", "card": "JS"})["result"], sorted(seen)
    (2, ['cards.points'])
    """
    seen: set[str] = set()
    restore = _swap_in(recorders(), "the spies")
    try:
        with recording(seen.add):
            yield seen, registry.clear_caches
    finally:
        restore()
