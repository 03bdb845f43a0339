"""The rule table: every rule function the engine applies, as one ruleset has them.

A :class:`~frogspec.rulesets.Ruleset` holds a :class:`RuleTable` (``rs.rules``); the engine
asks it for each rule it applies (``rs.rules.must_trump(hand, trump)``) and never imports a
rule function by name. A rule that puts others together (:func:`~frogspec.rules.play.legal_plays`
and the six duties of the play, a trick's winner and the rank order, an auction procedure
and the pass and the contract order, ...) takes the rules it uses as arguments after its own, which
default to the registered ones (:data:`INNER_RULES`); the table passes it its own entries
for them whenever they differ, so a rule replaced inside another still takes effect. A
function put in a rule's place (a twin) that takes rules it uses the same way is given
them too.

So a broken twin, a rival reading, a spy and a counterfactual are all one thing: a ruleset
with one rule replaced (:meth:`~frogspec.rulesets.Ruleset.replacing`). Recording which rules
ran is a ruleset whose entries are wrapped where they stand
(:meth:`~frogspec.rulesets.Ruleset.recording`): a recorder around a twin records and runs
the twin.

>>> from frogspec.rulesets import get_ruleset
>>> rules = get_ruleset("foster-1909").rules
>>> rules.must_trump.__name__, rules.rates.__name__
('must_trump', 'rates_1_2_4')
"""

from __future__ import annotations

import ast
import inspect
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from types import ModuleType
from typing import Any

from frogspec.questions import Question
from frogspec.registry import get_rule, rule_for_function
from frogspec.rules import (
    auction,
    cards,
    deal,
    match,
    play,
    scoring,
    seats,
    settlement,
    trump,
    widow,
)
from frogspec.rules.auction import AuctionHistory, AuctionProcedure, Contract
from frogspec.rules.cards import Card, Suit
from frogspec.rules.deal import DealPattern

__all__ = [
    "DUTIES_OF_THE_PLAY",
    "INNER_RULES",
    "RATE_AS",
    "ROLES",
    "TABLE_RULES",
    "RuleTable",
    "Wrap",
    "rule_table",
]

#: What wraps each entry of a table in place (a recorder): given the rule id and the
#: function, the function to put there instead.
Wrap = Callable[[str, Callable[..., Any]], Callable[..., Any]]

#: The field of :class:`RuleTable` that only an option fills (Penalty Frog: the contract a
#: lost Frog is paid as), or nothing: no question of the rulesets, since none reads it
#: otherwise.
RATE_AS = "rate_as"

#: The fields of :class:`RuleTable` that hold a ruleset's reading: one for each
#: :class:`~frogspec.questions.Question` (named by its value), and :data:`RATE_AS`.
ROLES: tuple[str, ...] = (*(question.value for question in Question), RATE_AS)

#: The fields of :class:`RuleTable` that hold a rule every ruleset uses, with its rule id.
TABLE_RULES: dict[str, str] = {
    "eldest_first": "seats.eldest-hand",
    "pack": "cards.pack",
    "card_points": "cards.points",
    "card_strength": "cards.rank-order",
    "actions_of_phase": "deal.actions-by-phase",
    "next_dealer_left": "deal.rotation-left",
    "all_pass_ends_deal": "auction.all-pass",
    "contract_played": "auction.bidder-plays-named-game",
    "outbids": "auction.contract-order",
    "auction_winner": "auction.highest-bid-wins",
    "discardable": "widow.frog-take-and-discard",
    "exchanges_widow": "widow.untouched-in-chico-and-grand",
    "fixed_trump": "trump.hearts-in-frog-and-grand",
    "first_leader": "play.eldest-leads-first",
    "lead_any_card": "play.lead-any-card",
    "follow_suit": "play.follow-suit",
    "no_duty_to_head": "play.no-duty-to-head",
    "must_trump": "play.must-trump",
    "no_duty_to_overtrump": "play.no-duty-to-overtrump",
    "any_card_when_unable": "play.any-card-when-unable",
    "play_from_hand": "play.card-from-hand",
    "trick_winner": "play.trick-winner",
    "next_leader": "play.winner-leads-next",
    "tricks_per_deal": "play.eleven-tricks",
    "count_points": "scoring.count-card-points",
    "counted_for_bidder": "scoring.widow-counts-for-bidder",
    "bidder_result": "settlement.sixty-is-a-tie",
    "payments_each_in_full": "settlement.each-pays-in-full",
    "default_sitting_out_system": "settlement.default-system-receive-only",
    "unable_to_pay_pays_in_full": "match.unable-to-pay-pays-in-full",
}

# The chapters, imported so that every rule is registered before a table is built.
_CHAPTERS = (auction, cards, deal, match, play, scoring, seats, settlement, trump, widow)


def _source(module: ModuleType) -> str:
    # A chapter's source: the compiled build ships each module's .py beside its extension.
    try:
        return inspect.getsource(module)
    except (OSError, TypeError):
        name = module.__name__.rsplit(".", 1)[1]
        return (Path(str(module.__file__)).parent / f"{name}.py").read_text(encoding="utf-8")


def _uses_of(node: ast.FunctionDef, module: ModuleType) -> dict[str, str]:
    # The rules the function defined by ``node`` in ``module`` uses: each argument whose
    # default is a registered rule's function, by the argument's name.
    arguments = node.args.args[len(node.args.args) - len(node.args.defaults) :]
    uses: dict[str, str] = {}
    for argument, default in zip(arguments, node.args.defaults, strict=True):
        used = getattr(module, default.id, None) if isinstance(default, ast.Name) else None
        entry = rule_for_function(used) if callable(used) else None
        if entry is not None:
            uses[argument.arg] = entry.id
    return uses


def _composed() -> tuple[dict[str, dict[str, str]], dict[str, Callable[..., Any]]]:
    # Every function of the chapters that takes other rules as arguments after its own
    # (their defaults are the registered functions), read from where it is defined: the
    # rules it uses by argument name, in order, keyed by its rule id (by its name for a
    # function that is no rule, with the function). Read from the source, not from
    # signatures, which the compiled build does not keep.
    inner: dict[str, dict[str, str]] = {}
    helpers: dict[str, Callable[..., Any]] = {}
    for module in _CHAPTERS:
        for node in ast.parse(_source(module)).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            uses = _uses_of(node, module)
            if uses:
                function = getattr(module, node.name)
                own = rule_for_function(function)
                if own is None:
                    helpers[node.name] = function
                inner[node.name if own is None else own.id] = uses
    return inner, helpers


#: The functions that use other rules, by rule id (``legal_plays`` is no rule of its own:
#: it puts the duties of the play together), each with the rules it uses by the name of
#: its argument, in the order of the arguments (after the rule's own; the defaults are the
#: registered functions). Read from the functions' definitions in the chapters.
INNER_RULES: dict[str, dict[str, str]]
_HELPERS: dict[str, Callable[..., Any]]
INNER_RULES, _HELPERS = _composed()

#: The duties of the play, by their fields of :class:`RuleTable`, in the order
#: :func:`~frogspec.rules.play.legal_plays` puts them together (its arguments').
DUTIES_OF_THE_PLAY: tuple[str, ...] = tuple(INNER_RULES["legal_plays"])


@dataclass(frozen=True, slots=True)
class RuleTable:
    """The rule functions the engine applies, one field each, as one ruleset has them.

    The fields of :data:`ROLES` hold the ruleset's readings (one per
    :class:`~frogspec.questions.Question`, by its value); the others (:data:`TABLE_RULES`)
    the rules every ruleset uses. ``legal_plays`` puts the duties of the play together from
    this table's own entries. ``by_id`` holds every registered rule's function by rule id.
    """

    player_count: Callable[[], range]
    active_seats: Callable[[int, int], tuple[int, ...]]
    first_dealer: Callable[..., int]
    deal_pattern: Callable[[], DealPattern]
    contracts: Callable[[], tuple[Contract, ...]]
    auction_procedure: AuctionProcedure
    widow_shown: Callable[[], bool]
    chico_trump: Callable[[], tuple[Suit, ...]]
    rates: Callable[[Contract, int, bool], int]
    sitting_out: Callable[[int, tuple[int, ...], int, Contract, bool], tuple[int, ...]]
    bank: Callable[[], int]
    game_end: Callable[[Any, Any, int, int], int | None]
    rate_as: Callable[[Contract, bool], Contract] | None
    eldest_first: Callable[[tuple[int, ...], int, int], tuple[int, ...]]
    pack: Callable[[], int]
    card_points: Callable[[Card], int]
    card_strength: Callable[[Card], int]
    actions_of_phase: Callable[[str], frozenset[str]]
    next_dealer_left: Callable[[int, int], int]
    all_pass_ends_deal: Callable[[AuctionHistory], bool]
    contract_played: Callable[[Contract], Contract]
    outbids: Callable[[Contract, Contract | None], bool]
    auction_winner: Callable[[AuctionHistory], tuple[int, Contract] | None]
    discardable: Callable[[int], int]
    exchanges_widow: Callable[[Contract], bool]
    fixed_trump: Callable[[Contract], Suit | None]
    first_leader: Callable[[tuple[int, ...], int | None, Contract | None], int]
    lead_any_card: Callable[[int], int]
    follow_suit: Callable[[int, int], int]
    no_duty_to_head: Callable[[int, Sequence[Card], Suit | None], int]
    must_trump: Callable[[int, Suit | None], int]
    no_duty_to_overtrump: Callable[[int, Sequence[Card], Suit | None], int]
    any_card_when_unable: Callable[[int], int]
    play_from_hand: Callable[[int, Card], bool]
    trick_winner: Callable[[Sequence[Card], Suit | None], int]
    next_leader: Callable[[int], int]
    tricks_per_deal: Callable[[], int]
    count_points: Callable[[int], int]
    counted_for_bidder: Callable[[int, int, int], int]
    bidder_result: Callable[[int], int]
    payments_each_in_full: Callable[[int, int, tuple[int, ...], int, bool], tuple[int, ...]]
    default_sitting_out_system: Callable[[], str]
    unable_to_pay_pays_in_full: Callable[[Sequence[int], Sequence[int]], tuple[int, ...]]
    legal_plays: Callable[[int, Sequence[Card], Suit | None], int]
    by_id: Mapping[str, Callable[..., Any]]


@lru_cache(maxsize=4096)
def _bound(function: Callable[..., Any], inner: tuple[tuple[str, Callable[..., Any]], ...]) -> Any:
    # ``function`` given the rules it uses (the same object for the same ones, so that the
    # caches keyed by a function keep their answers from one table to the next).
    return partial(function, **dict(inner))


@lru_cache(maxsize=1024)
def _own_uses(function: Callable[..., Any]) -> dict[str, str]:
    # The rules a function put in a rule's place (a twin) uses, read as the chapters' are
    # from its definition at the top of its module: none for one defined elsewhere.
    module = sys.modules.get(getattr(function, "__module__", None) or "")
    name = getattr(function, "__name__", None)
    if module is None or name is None or getattr(module, name, None) is not function:
        return {}
    node = _definitions(module.__name__).get(name)
    return {} if node is None else _uses_of(node, module)


@lru_cache(maxsize=64)
def _definitions(module_name: str) -> dict[str, ast.FunctionDef]:
    # The functions defined at the top of a module, by name (none where its source is not
    # to be had).
    try:
        body = ast.parse(_source(sys.modules[module_name])).body
    except (OSError, SyntaxError):
        return {}
    return {node.name: node for node in body if isinstance(node, ast.FunctionDef)}


def _uses(key: str, function: Callable[..., Any]) -> dict[str, str]:
    # The rules ``function`` uses in the place of ``key``: the registered function's (or a
    # helper's), or those a function put in its place names itself.
    registered = _HELPERS[key] if key in _HELPERS else get_rule(key).function
    return INNER_RULES.get(key, {}) if function is registered else _own_uses(function)


def _with_inner(
    key: str, function: Callable[..., Any], entries: Mapping[str, Callable[..., Any]]
) -> Callable[..., Any]:
    # The function given this table's entries for the rules it uses, where any differs from
    # the registered one (a twin that ranks the cards as the trick is won, say, uses the
    # table's winner of a trick); a function that uses none as it is.
    uses = _uses(key, function)
    if not uses:
        return function
    inner = tuple((name, entries[rule_id]) for name, rule_id in uses.items())
    if all(entries[rule_id] is get_rule(rule_id).function for rule_id in uses.values()):
        return function
    return _bound(function, inner)  # type: ignore[no-any-return]


@lru_cache(maxsize=256)
def rule_table(
    roles: tuple[Callable[..., Any] | None, ...],
    replacements: tuple[tuple[str, Callable[..., Any]], ...],
    wrap: Wrap | None,
) -> RuleTable:
    """The table of a ruleset whose readings are ``roles`` (in the order of :data:`ROLES`),
    with each ``(rule_id, function)`` of ``replacements`` in place of that rule and every
    entry wrapped by ``wrap`` where it stands, if given (remembered: the same table for
    the same arguments)."""
    from frogspec.registry import all_rules

    replaced = dict(replacements)
    entries: dict[str, Callable[..., Any]] = {}

    def entry(rule_id: str) -> Callable[..., Any]:
        # A rule's entry: its replacement or its function, given the entries of the rules it
        # uses (made first), then wrapped.
        found = entries.get(rule_id)
        if found is None:
            function = replaced.get(rule_id, get_rule(rule_id).function)
            for inner in _uses(rule_id, function).values():
                entry(inner)
            function = _with_inner(rule_id, function, entries)
            found = entries[rule_id] = wrap(rule_id, function) if wrap is not None else function
        return found

    for registered in all_rules():
        entry(registered.id)
    fields: dict[str, Any] = {name: entries[rule_id] for name, rule_id in TABLE_RULES.items()}
    for name, function in zip(ROLES, roles, strict=True):
        found = None if function is None else rule_for_function(function)
        fields[name] = function if found is None else entries[found.id]
    fields["legal_plays"] = _with_inner("legal_plays", play.legal_plays, entries)
    fields["by_id"] = entries
    return RuleTable(**fields)
