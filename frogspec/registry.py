"""The rule registry: every rule of Frog, by its permanent id.

A rule is a small function registered with :func:`rule` (a rule a source states) or
:func:`editorial` (a ruling of ours where no source says). The decorators record the id,
the one-sentence statement, the citations and, for a ruling, the reasoning; they return
the function unchanged, so calling a rule costs nothing extra.

Ids are dotted and readable (``play.must-trump``): the part before the first dot is the
part of the game, the *topic*. Once published an id is never renamed or reused; every id
ever issued is listed in ``spec/rule-ids.txt``.

The registry imports no chapter: each chapter module (``cards``, ``play``, ...) imports
the registry and registers its rules as it is imported. The package itself
(``frogspec/__init__.py``) imports the engine and the rulesets, which import every
chapter, so that by the time anyone can ask the registry, every rule is in it.

>>> r = get_rule("play.must-trump")
>>> r.statement
'A player who cannot follow suit must play a trump if he holds one.'
>>> r.kind
'sourced'
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from frogspec.errors import UnknownRuleError
from frogspec.questions import Question
from frogspec.sources import Citation

__all__ = [
    "TOPICS",
    "Rule",
    "RuleKind",
    "all_rules",
    "clear_caches",
    "editorial",
    "get_rule",
    "rule",
    "rule_for_function",
]

RuleKind = Literal["sourced", "editorial"]

#: The parts of the game, in the order the rulebook presents them, with their titles.
TOPICS: dict[str, str] = {
    "seats": "Players and seats",
    "cards": "The cards",
    "deal": "Dealing",
    "auction": "The auction",
    "widow": "The widow",
    "trump": "Trump",
    "play": "The play",
    "scoring": "Counting",
    "settlement": "Settlement",
    "match": "Matches",
}


_ID_PATTERN = re.compile(r"^[a-z]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$")

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Rule:
    """One registered rule: its permanent id, what it says, where it comes from.

    ``question`` groups the rules that are rival readings of one point of the game
    (:attr:`~frogspec.questions.Question.DEAL_PATTERN`, say); a ruleset picks one of them. ``kind`` is ``"editorial"`` for a
    ruling of ours, which then carries its ``reasoning``; its citations, if any, show the
    source text it rules on, not a source that states it. A sourced rule whose words admit
    more than one sense carries its ``reading``: which sense we take, adding nothing the
    words do not say (anything added makes the rule an editorial ruling).
    """

    id: str
    statement: str
    kind: RuleKind
    citations: tuple[Citation, ...]
    function: Callable[..., Any]
    question: Question | None = None
    reasoning: str | None = None
    notes: tuple[str, ...] = ()
    reading: str | None = None

    @property
    def topic(self) -> str:
        """The part of the game: the id up to its first dot."""
        return self.id.split(".", 1)[0]

    @property
    def editorial(self) -> bool:
        """True for an editorial ruling."""
        return self.kind == "editorial"

    @property
    def qualified_name(self) -> str:
        """The implementing function's dotted import path."""
        return f"{self.function.__module__}.{self.function.__qualname__}"

    @property
    def anchor(self) -> str:
        """The permanent HTML anchor of the rule on the site."""
        return self.id.replace(".", "-")


_RULES: dict[str, Rule] = {}
_BY_FUNCTION: dict[int, Rule] = {}


def _register(entry: Rule) -> None:
    if not _ID_PATTERN.match(entry.id):
        raise ValueError(f"malformed rule id {entry.id!r}: want dotted lower-case words")
    if entry.topic not in TOPICS:
        raise ValueError(f"rule id {entry.id!r} has unknown topic {entry.topic!r}")
    if entry.id in _RULES:
        raise ValueError(f"rule id {entry.id!r} registered twice")
    if not entry.statement.endswith("."):
        raise ValueError(f"statement of {entry.id!r} must be one sentence ending in '.'")
    _RULES[entry.id] = entry
    _BY_FUNCTION[id(entry.function)] = entry


def rule(
    rule_id: str,
    statement: str,
    *citations: Citation,
    question: Question | None = None,
    notes: tuple[str, ...] = (),
    reading: str | None = None,
) -> Callable[[F], F]:
    """Register a rule that the sources state.

    Needs at least one citation whose quote states the rule (not only its context); a rule
    that goes beyond its sources' words is an :func:`editorial` ruling.
    """
    if not any(c.quote is not None and not c.context for c in citations):
        raise ValueError(
            f"sourced rule {rule_id!r} needs a citation whose quote states it; or make it editorial"
        )

    def decorate(function: F) -> F:
        _register(
            Rule(
                rule_id,
                statement,
                "sourced",
                citations,
                function,
                question,
                None,
                notes,
                reading,
            )
        )
        return function

    return decorate


def editorial(
    rule_id: str,
    statement: str,
    reasoning: str,
    *citations: Citation,
    question: Question | None = None,
    notes: tuple[str, ...] = (),
) -> Callable[[F], F]:
    """Register an editorial ruling: where no source says, ours, with its reasoning.

    Citations, if given, are the source passages the ruling interprets or fills a gap in.
    """

    def decorate(function: F) -> F:
        _register(
            Rule(rule_id, statement, "editorial", citations, function, question, reasoning, notes)
        )
        return function

    return decorate


def all_rules() -> Iterator[Rule]:
    """Every registered rule, topic by topic in the rulebook's order, then by id."""
    order = {topic: i for i, topic in enumerate(TOPICS)}
    yield from sorted(_RULES.values(), key=lambda r: (order[r.topic], r.id))


def get_rule(rule_id: str) -> Rule:
    """The rule with this id; :class:`UnknownRuleError` naming the nearest ids otherwise."""
    try:
        return _RULES[rule_id]
    except KeyError:
        near = difflib.get_close_matches(rule_id, list(_RULES), n=3, cutoff=0.4)
        if not near:
            near = sorted(r for r in _RULES if r.startswith(rule_id.split(".")[0] + "."))[:3]
        raise UnknownRuleError(rule_id, tuple(near)) from None


def rule_for_function(function: Callable[..., Any]) -> Rule | None:
    """The rule a function implements, or ``None`` if it implements none.

    A function that stands in for a rule (a broken twin, a recorder) may say which by its
    attribute ``rule_id``, and is taken for that rule; nobody outside this module writes the
    registry. (The engine names the rule an illegal action breaks by its id, whatever
    function a ruleset has in its place: see :meth:`~frogspec.rulesets.Ruleset.replacing`.)

    >>> def spy(hand: int) -> int:
    ...     return hand
    >>> rule_for_function(spy) is None
    True
    >>> spy.rule_id = "play.lead-any-card"
    >>> rule_for_function(spy).id
    'play.lead-any-card'
    """
    entry = _BY_FUNCTION.get(id(function))
    if entry is None:
        stands_for = getattr(function, "rule_id", None)
        if isinstance(stands_for, str):
            return _RULES.get(stands_for)
    return entry


def clear_caches() -> None:
    """Forget every answer the package remembers.

    The engine remembers the answers of pure rule functions (auction turns, the seating,
    deal patterns, point tables), keyed by the functions a ruleset's rule table holds, so
    that a ruleset with a rule replaced never meets another's answers and nothing needs
    clearing; this is for a caller that wants the memory back, or a test that starts cold.
    """
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        real = spec.name if name == "__main__" and spec is not None else name
        if module is None or not (real == "frogspec" or real.startswith("frogspec.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
