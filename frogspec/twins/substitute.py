"""Putting one broken twin in place of the reference's rule.

A twin is put in the only way a rule is ever varied: a ruleset with the rule replaced
(:meth:`~frogspec.rulesets.Ruleset.replacing`), which the engine asks for every rule it
applies, inside the rules that use it too. :func:`twin_ruleset` is that ruleset. Whatever
plays or answers under a ruleset takes it, or a function from ruleset to ruleset, as an
argument: :func:`frogspec.harness.handle` answers a request under ``adjust(ruleset)``, and a
state built under the twin's ruleset plays by the twin. Nothing is put in force for the
process: the faithful rulesets stay what they are.

>>> from frogspec.harness import handle
>>> ask = {"id": 1, "op": "card_points", "card": "JS"}
>>> handle(ask, lambda rs: twin_ruleset(rs, "cards.points"))["result"]
1
>>> handle(ask)["result"]
2
"""

from __future__ import annotations

from frogspec.rulesets import Ruleset
from frogspec.twins.model import get_twin

__all__ = ["twin_ruleset"]


def twin_ruleset(ruleset: Ruleset, rule_id: str) -> Ruleset:
    """``ruleset`` with the broken twin of ``rule_id`` in place of the rule
    (:class:`~frogspec.twins.UnknownTwinError` for a rule with no twin).

    Several twins at once are the same applied in turn
    (``functools.reduce(twin_ruleset, rule_ids, ruleset)``).

    >>> from frogspec.rules.cards import parse_card
    >>> from frogspec.rulesets import get_ruleset
    >>> twin_ruleset(get_ruleset("foster-1909"), "cards.points").rules.card_points(parse_card("JS"))
    1
    """
    return ruleset.replacing(rule_id, get_twin(rule_id).function)
