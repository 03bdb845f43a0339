"""The errors frogspec raises, one class for each kind of mistake.

- :class:`IllegalActionError`: a well-formed action against the rules; it names the
  rule id it breaks (protocol kind ``"illegal"``).
- :class:`InvalidInputError`: malformed input (an unknown card, a duplicate, a wrong
  count, a seat out of range, an unknown ruleset or option; protocol kind ``"invalid"``).
- :class:`UnknownRuleError`: a rule id that was never issued, with the nearest ids.
"""

from __future__ import annotations

__all__ = ["FrogError", "IllegalActionError", "InvalidInputError", "UnknownRuleError"]


class FrogError(Exception):
    """Base class of every error frogspec raises on purpose."""


class IllegalActionError(FrogError):
    """An action the rules forbid. ``rule_id`` is the rule it breaks."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{message} [{rule_id}]")
        self.rule_id = rule_id
        self.message = message


class InvalidInputError(FrogError, ValueError):
    """Input that is malformed, as opposed to legal-looking but against the rules."""


class UnknownRuleError(FrogError, KeyError):
    """A rule id that is not in the registry."""

    def __init__(self, rule_id: str, nearest: tuple[str, ...]) -> None:
        self.rule_id = rule_id
        self.nearest = nearest
        hint = f"; did you mean {', '.join(nearest)}?" if nearest else ""
        super().__init__(f"no rule {rule_id!r}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])
