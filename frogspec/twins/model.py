"""The broken twin of a rule, and the catalogue of them by rule id.

A twin is a rule function with one plausible mistake in it: the same signature, the same
job, one thing wrong. (It may also take rules it uses as arguments after its own, whose
defaults are the registered rules: the rule table gives it its own entries for them.) :func:`twin` registers one; :data:`TWINS` holds them by the id of
the rule they break. Twins are a testing aid: they prove that the conformance vectors
catch every single-rule departure (:mod:`frogspec.twins.check`).

This module imports no twin: the catalogue (:mod:`frogspec.twins.catalog`) imports it and
registers its twins as it is imported, and the package ``frogspec.twins`` imports the
catalogue before anything else of it can be used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from frogspec.errors import FrogError
from frogspec.registry import all_rules, get_rule

__all__ = ["TWINS", "Twin", "UnknownTwinError", "get_twin", "missing_twins", "twin"]

F = TypeVar("F", bound=Callable[..., Any])


class UnknownTwinError(FrogError, KeyError):
    """A rule id with no broken twin (or no rule at all)."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True, slots=True)
class Twin:
    """The broken twin of one rule: the rule's id, the mistake in words, the function.

    ``cannot_show`` names the rulesets that use the rule but under which the mistake can
    never change an answer, each with the reason (Straight Solo has no Frog, so a mistake
    about the Frog bidder cannot show there); the per-ruleset check exempts them.
    """

    rule_id: str
    mistake: str
    function: Callable[..., Any]
    cannot_show: tuple[tuple[str, str], ...] = ()

    def cannot_show_reason(self, ruleset_id: str) -> str | None:
        """Why the mistake cannot show under ``ruleset_id``, or ``None``."""
        return dict(self.cannot_show).get(ruleset_id)

    @property
    def original(self) -> Callable[..., Any]:
        """The rule function the twin stands in for."""
        return get_rule(self.rule_id).function


TWINS: dict[str, Twin] = {}
"""Every broken twin, by the id of the rule it breaks."""


def twin(
    rule_id: str, mistake: str, cannot_show: Mapping[str, str] | None = None
) -> Callable[[F], F]:
    """Register the decorated function as the broken twin of ``rule_id``.

    The function gets an attribute ``rule_id``, so that an error the engine raises in its
    name still names the rule it stands in for. ``cannot_show`` maps the id of a ruleset
    under which the mistake can never change an answer to the reason why.
    """
    get_rule(rule_id)
    if not mistake.endswith("."):
        raise ValueError(f"the mistake of the twin of {rule_id!r} must be a sentence ending in '.'")
    blind = tuple((cannot_show or {}).items())
    for ruleset_id, reason in blind:
        if not reason.endswith("."):
            raise ValueError(
                f"why the twin of {rule_id!r} cannot show under {ruleset_id!r} "
                "must be a sentence ending in '.'"
            )

    def decorate(function: F) -> F:
        if rule_id in TWINS:
            raise ValueError(f"rule {rule_id!r} has two twins")
        function.rule_id = rule_id  # type: ignore[attr-defined]
        TWINS[rule_id] = Twin(rule_id, mistake, function, blind)
        return function

    return decorate


def get_twin(rule_id: str) -> Twin:
    """The twin of ``rule_id``; :class:`UnknownTwinError` saying what is wrong otherwise."""
    try:
        return TWINS[rule_id]
    except KeyError:
        get_rule(rule_id)  # an unknown rule id: UnknownRuleError with the nearest ids
        raise UnknownTwinError(f"rule {rule_id!r} has no broken twin") from None


def missing_twins() -> list[str]:
    """The ids of the registered rules that have no twin (the suite wants none)."""
    return [entry.id for entry in all_rules() if entry.id not in TWINS]
