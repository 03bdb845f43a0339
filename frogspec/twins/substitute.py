"""Putting one broken twin in place of the reference's rule, and spying on the rules.

A twin is put in the only way a rule is ever replaced: a ruleset with the rule replaced
(:meth:`~frogspec.rulesets.Ruleset.replacing`), which the engine asks for every rule it
applies, inside the rules that use it too. :func:`substituted` has the harness answer every
request under such rulesets (:func:`frogspec.harness.answering_under`); code that builds
states itself asks :func:`twin_ruleset` for the ruleset. The spies are the same: a ruleset
recording each rule it applies (:meth:`~frogspec.rulesets.Ruleset.recording`).

Nothing in any module is changed: the faithful rulesets stay what they are, and only one
twin is in force in the harness at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from frogspec.harness import answering_under, put_in_force
from frogspec.rulesets import Ruleset
from frogspec.twins.model import Twin, get_twin

__all__ = [
    "active_twin",
    "install",
    "recording_rulesets",
    "spying",
    "substituted",
    "twin_ruleset",
]

_twins: list[Twin] = []


def active_twin() -> Twin | None:
    """The twin in force in the harness now (:func:`substituted`, :func:`install`), if any."""
    return _twins[-1] if _twins else None


def twin_ruleset(ruleset: Ruleset, rule_id: str) -> Ruleset:
    """``ruleset`` with the broken twin of ``rule_id`` in place of the rule.

    >>> from frogspec.rules.cards import parse_card
    >>> from frogspec.rulesets import get_ruleset
    >>> twin_ruleset(get_ruleset("foster-1909"), "cards.points").rules.card_points(parse_card("JS"))
    1
    """
    return ruleset.replacing(rule_id, get_twin(rule_id).function)


def _with_twin(twin: Twin) -> Callable[[Ruleset], Ruleset]:
    return lambda ruleset: ruleset.replacing(twin.rule_id, twin.function)


@contextmanager
def substituted(rule_id: str) -> Iterator[Twin]:
    """Run the block with the harness answering under the broken twin of ``rule_id``.

    >>> from frogspec.harness import handle
    >>> ask = {"id": 1, "op": "card_points", "card": "JS"}
    >>> with substituted("cards.points") as twin:
    ...     handle(ask)["result"], twin.mistake
    (1, 'A Jack counts 1 instead of 2.')
    >>> handle(ask)["result"]
    2
    """
    twin = get_twin(rule_id)
    with answering_under(_with_twin(twin)):
        _twins.append(twin)
        try:
            yield twin
        finally:
            _twins.remove(twin)


def install(rule_id: str) -> Twin:
    """Put the twin of ``rule_id`` in force in the harness for good (``FROGSPEC_TWIN``)."""
    twin = get_twin(rule_id)
    put_in_force(_with_twin(twin))
    _twins.append(twin)
    return twin


def recording_rulesets(take: Callable[[str], object]) -> Callable[[Ruleset], Ruleset]:
    """What turns a ruleset into one that gives ``take`` the id of each rule it applies
    (:meth:`~frogspec.rulesets.Ruleset.recording`): an adjustment for
    :func:`frogspec.harness.handle`."""
    return lambda ruleset: ruleset.recording(take)


@contextmanager
def spying() -> Iterator[tuple[set[str], Callable[[], None]]]:
    """Run the block with the harness answering under rulesets that record every rule they
    apply.

    Yields the set into which the rule ids go, and a function kept for those who called it
    before each request (it does nothing now: each request's rulesets are new, so no cache
    answers for a rule unseen).

    >>> from frogspec.harness import handle
    >>> with spying() as (seen, clear):
    ...     handle({"id": 1, "op": "card_points", "card": "JS"})["result"], sorted(seen)
    (2, ['cards.points'])
    """
    seen: set[str] = set()
    with answering_under(recording_rulesets(seen.add)):
        yield seen, _nothing


def _nothing() -> None:
    return None
