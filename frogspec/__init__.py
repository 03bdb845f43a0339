"""frogspec: the reference specification of the card game Frog.

Every rule is a small typed function, registered under a permanent id with its sources
(:mod:`frogspec.registry`); a ruleset picks among the sources' readings
(:mod:`frogspec.rulesets`); the engine plays a deal from the shuffled pack to the
payments (:mod:`frogspec.engine`).

The public API is this package's ``__all__`` (the engine's play API, the rules and the
rulesets' lookup) and the ``__all__`` of the modules the API reference lists as public;
every other module and name is internal and may change in any release.

>>> import frogspec
>>> frogspec.get_rule("play.must-trump").statement
'A player who cannot follow suit must play a trump if he holds one.'
"""

from frogspec import engine as _engine
from frogspec.engine import (
    Action,
    ActionKind,
    DealOutcome,
    MatchError,
    MatchResult,
    Phase,
    State,
    apply,
    legal_actions,
    new_deal,
    outcome,
    parse_action,
    play_match,
    settle,
)
from frogspec.errors import FrogError, IllegalActionError, InvalidInputError, UnknownRuleError
from frogspec.registry import Rule, RuleKind, all_rules, get_rule
from frogspec.rules.auction import Contract
from frogspec.rules.cards import Card, CardSet, Suit, format_card, parse_card
from frogspec.rulesets import RULESETS, Ruleset, get_ruleset

__version__ = "0.4.0"
#: The date of this release (ISO 8601), as in ``CITATION.cff``.
__release_date__ = "2026-12-03"

#: Whether the engine running is the build compiled with mypyc (``FROGSPEC_COMPILE=1 pip
#: install .``) rather than the pure Python source; ``frogspec --version`` says which.
COMPILED: bool = not _engine.__file__.endswith(".py")

__all__ = [
    "COMPILED",
    "RULESETS",
    "Action",
    "ActionKind",
    "Card",
    "CardSet",
    "Contract",
    "DealOutcome",
    "FrogError",
    "IllegalActionError",
    "InvalidInputError",
    "MatchError",
    "MatchResult",
    "Phase",
    "Rule",
    "RuleKind",
    "Ruleset",
    "State",
    "Suit",
    "UnknownRuleError",
    "__release_date__",
    "__version__",
    "all_rules",
    "apply",
    "format_card",
    "get_rule",
    "get_ruleset",
    "legal_actions",
    "new_deal",
    "outcome",
    "parse_action",
    "parse_card",
    "play_match",
    "settle",
]
