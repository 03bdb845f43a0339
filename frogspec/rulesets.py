"""The rulesets: data that picks, for each point where the sources differ, one reading.

A :class:`Ruleset` is data: the reading it picks for every
:class:`~frogspec.questions.Question` (the deal pattern, the auction procedure, the rates,
...), its options and the values in force. Rules that no source disputes (follow suit,
must trump, ...) are used by every ruleset. Options (the 1922 systems of payment, Penalty
Frog) are resolved with :meth:`Ruleset.with_options`. The functions the engine applies are
in the ruleset's rule table, ``rs.rules`` (:class:`~frogspec.ruletable.RuleTable`): the one
place any code calls a rule. The engine never compares ruleset names.

>>> rs = get_ruleset("foster-1909")
>>> rs.rule_id(Question.RATES), rs.rules.rates(Contract.GRAND, 5, True)
('settlement.rates-1-2-4', 20)
>>> get_ruleset("official-1922-solo").with_options({"penalty_frog": True}).rules.rate_as.__name__
'penalty_frog'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from types import MappingProxyType
from typing import Any

from frogspec.errors import InvalidInputError
from frogspec.questions import Question
from frogspec.registry import Rule, all_rules, get_rule, rule_for_function
from frogspec.rules import auction, deal, match, play, scoring, seats, settlement, trump, widow
from frogspec.rules.auction import Contract
from frogspec.ruletable import RATE_AS, ROLES, RuleTable, Wrap, rule_table
from frogspec.sources import (
    FOSTER_1909,
    GAMERULES,
    OFFICIAL_RULES_1922,
    WIKIPEDIA_FROG,
    Citation,
    cite,
    post_1950,
)

__all__ = [
    "RULESETS",
    "Option",
    "Ruleset",
    "get_ruleset",
    "own_phrasing",
    "own_statement",
    "own_words",
    "rules_of",
    "rulesets_using",
]


@dataclass(frozen=True, slots=True)
class Option:
    """A named option of a ruleset, with its allowed values and default.

    ``choices`` maps each value to the rule it selects (or ``None`` where the value turns
    a rule off) for the field ``field`` of the rule table (a :class:`Question`'s, or
    :data:`~frogspec.ruletable.RATE_AS`); ``default_rule`` is the editorial ruling that sets the default, if any,
    and ``default_from`` its function, which :meth:`default_value` asks.
    """

    name: str
    description: str
    default: str | bool
    choices: Mapping[str | bool, Callable[..., Any] | None]
    field: str
    default_rule: str | None = None
    default_from: Callable[[], str | bool] | None = None

    def default_value(self) -> str | bool:
        """The value in force when none is given: the ruling's answer, if a ruling sets it."""
        return self.default if self.default_from is None else self.default_from()

    def describe_values(self) -> str:
        """The allowed values, as JSON would write them."""
        return ", ".join(_json_value(v) for v in self.choices)


class _Recorder:
    """A rule function that tells ``take`` its rule id each time it is called, then answers
    as the function it wraps does."""

    __slots__ = ("function", "rule_id", "take")

    def __init__(
        self, take: Callable[[str], object], rule_id: str, function: Callable[..., Any]
    ) -> None:
        self.take = take
        self.rule_id = rule_id
        self.function = function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.take(self.rule_id)
        return self.function(*args, **kwargs)


_QUESTIONS: frozenset[str] = frozenset(Question)


def _json_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"'


@dataclass(frozen=True, slots=True, eq=False)
class Ruleset:
    """One named way to play Frog: data, a choice of reading for every :class:`Question`.

    ``readings`` holds the rule function the ruleset reads each question by (before its
    options: :meth:`choice` says which reading is in force). ``options`` are the options
    this ruleset offers; ``chosen`` the values in force (after :meth:`with_options`; the
    defaults otherwise). ``also_uses`` names rules this ruleset uses beyond its choices and
    the undisputed rules (a ruling that only it needs); ``moot`` names rules that can never
    come into play under it, each with the reason (the Frog's widow rules in Straight Solo,
    which has no Frog). ``borrowed`` names the questions on which the ruleset's own sources
    are not known to us, each with where its reading comes from instead (the auction of the
    post-1950 and 1922 rulesets). ``names`` gives the words its sources use instead of the
    usual ones, by the contract's protocol code (``chico``, ``grand``) or ``widow``: the 1922
    rules say Simple Solo, Heart Solo and slough (:meth:`contract_name`,
    :meth:`widow_name`; the protocol keeps its codes).

    ``rules`` is the table of the functions the engine applies
    (:class:`~frogspec.ruletable.RuleTable`): the readings in force, the rules every
    ruleset uses, any ``replacements`` (:meth:`replacing`) and ``wrap`` (:meth:`recording`).
    It is the one place to call a rule.
    """

    id: str
    name: str
    summary: str
    basis: tuple[Citation, ...]
    unit: str
    readings: Mapping[Question, Callable[..., Any]]
    options: tuple[Option, ...] = ()
    chosen: tuple[tuple[str, str | bool], ...] = ()
    also_uses: tuple[str, ...] = ()
    moot: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = field(default=())
    borrowed: tuple[tuple[str, str], ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    replacements: tuple[tuple[str, Callable[..., Any]], ...] = ()
    wrap: Wrap | None = None
    rules: RuleTable = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.readings, MappingProxyType):  # a ruleset made anew: check it
            if self.readings.keys() != _QUESTIONS:
                missing = sorted(map(str, _QUESTIONS - self.readings.keys()))
                unknown = sorted(map(str, self.readings.keys() - _QUESTIONS))
                raise ValueError(
                    f"ruleset {self.id!r}: readings missing {missing}, unknown {unknown}"
                )
            object.__setattr__(self, "readings", MappingProxyType(dict(self.readings)))
        # The functions the engine applies (frogspec.ruletable): the readings in force, the
        # rules every ruleset uses, the replacements in place and the wrapper around each.
        in_force = self._in_force()
        roles = tuple(in_force.get(role) for role in ROLES)
        object.__setattr__(self, "rules", rule_table(roles, self.replacements, self.wrap))

    def _in_force(self) -> dict[str, Callable[..., Any] | None]:
        # The readings in force, by the field of the rule table they fill: the ruleset's,
        # with each option's in force where an option sets one.
        values = self.option_values
        in_force: dict[str, Callable[..., Any] | None] = {q: f for q, f in self.readings.items()}
        for opt in self.options:
            in_force[opt.field] = opt.choices[values[opt.name]]
        return in_force

    @property
    def key(self) -> tuple[object, ...]:
        """What makes two rulesets the same: the id and the options in force (and any rule
        replaced or wrapper given: such a ruleset is never equal to the original)."""
        return self.id, tuple(sorted(self.option_values.items())), self.replacements, self.wrap

    def replacing(self, rule_id: str, function: Callable[..., Any]) -> Ruleset:
        """This ruleset with ``function`` in place of the rule ``rule_id`` wherever the engine
        applies it (inside the rules that use it too): a broken twin, a rival reading, a spy.
        The ruleset still says which readings it chose (:meth:`choice`), and an illegal
        action still names ``rule_id``.

        >>> from frogspec.rules.cards import Suit
        >>> from frogspec.twins import get_twin
        >>> rs = get_ruleset("foster-1909")
        >>> broken = rs.replacing("play.must-trump", get_twin("play.must-trump").function)
        >>> broken == rs, broken.rules.must_trump(0b1, Suit.CLUBS), rs.rules.must_trump(0b1, Suit.CLUBS)
        (False, 0, 1)
        """
        get_rule(rule_id)  # an unknown id: UnknownRuleError naming the nearest
        kept = tuple((r, f) for r, f in self.replacements if r != rule_id)
        return dataclasses.replace(self, replacements=(*kept, (rule_id, function)))

    def recording(self, take: Callable[[str], object]) -> Ruleset:
        """This ruleset giving ``take`` the id of each rule the engine applies under it, as
        the rule is called (and answering as it does). A new ruleset each time, so that no
        cache keyed by a rule function answers for a rule without it being seen.

        >>> from frogspec.engine import new_deal
        >>> from frogspec.rules.cards import CARDS
        >>> seen = []
        >>> state = new_deal(get_ruleset("modern").recording(seen.append), 3, 0, CARDS)
        >>> "deal.packets-4-3-3-4" in seen, "auction.one-round-frog-may-raise" in seen
        (True, True)
        """
        return dataclasses.replace(self, wrap=partial(_Recorder, take))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruleset) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def with_options(self, options: Mapping[str, object]) -> Ruleset:
        """This ruleset with ``options`` in force; :class:`InvalidInputError` for a bad one.

        >>> get_ruleset("foster-1909").with_options({"penalty_frog": True})
        Traceback (most recent call last):
        frogspec.errors.InvalidInputError: ruleset 'foster-1909' has no option 'penalty_frog' (it has no options)
        """
        if not isinstance(options, Mapping):
            raise InvalidInputError(f"options must be an object, got {options!r}")
        known = {opt.name: opt for opt in self.options}
        for name in options:
            if name not in known:
                has = ", ".join(known) if known else "it has no options"
                has = f"its options: {has}" if known else has
                raise InvalidInputError(f"ruleset {self.id!r} has no option {name!r} ({has})")
        chosen: list[tuple[str, str | bool]] = []
        for opt in self.options:
            value = options[opt.name] if opt.name in options else self._default_value(opt)
            if type(value) is not type(opt.default) or value not in opt.choices:
                raise InvalidInputError(
                    f"option {opt.name!r} of ruleset {self.id!r} must be one of "
                    f"{opt.describe_values()}, got {value!r}"
                )
            chosen.append((opt.name, value))
        return dataclasses.replace(self, chosen=tuple(chosen))

    def _default_value(self, opt: Option) -> str | bool:
        # The option's default, as this ruleset's rules set it (a ruling may set it).
        if opt.default_rule is not None and opt.default_from is not None:
            value: str | bool = self.rules.by_id[opt.default_rule]()
            return value
        return opt.default_value()

    @property
    def option_values(self) -> dict[str, str | bool]:
        """The options in force, by name."""
        values: dict[str, str | bool] = {opt.name: opt.default_value() for opt in self.options}
        values.update(dict(self.chosen))
        return values

    def choice(self, question: str) -> Rule:
        """The rule this ruleset uses, its options in force, to answer ``question`` (a
        :class:`Question`, or its value).

        >>> get_ruleset("gamerules").choice(Question.CHICO_TRUMP).id
        'trump.chico-any-suit'
        """
        function = self._in_force().get(question)
        entry = None if function is None else rule_for_function(function)
        if entry is None:
            raise LookupError(f"{self.id}: {question} is not a registered rule")
        return entry

    def moot_reason(self, rule_id: str) -> str | None:
        """Why ``rule_id`` can never come into play under this ruleset, or ``None``."""
        return dict(self.moot).get(rule_id)

    def borrowed_from(self, question: str) -> str | None:
        """Where this ruleset's reading of ``question`` comes from, if not its own sources."""
        return dict(self.borrowed).get(question)

    def rule_id(self, question: str) -> str:
        """The id of :meth:`choice`."""
        return self.choice(question).id

    def contract_name(self, contract: Contract) -> str:
        """The contract as this ruleset's sources call it.

        >>> RULESETS["official-1922-solo"].contract_name(Contract.GRAND)
        'Heart Solo'
        >>> RULESETS["foster-1909"].contract_name(Contract.GRAND)
        'Grand'
        """
        return dict(self.names).get(contract.code, contract.code.capitalize())

    def widow_name(self) -> str:
        """What this ruleset's sources call the widow: ``"slough"`` in 1922."""
        return dict(self.names).get("widow", "widow")


# ----------------------------------------------------------------------------- own words
# Rule statements and definitions are written with Foster's names for the contracts; a
# ruleset whose sources name them otherwise (the 1922 rules) shows them in its own names, on
# the rulebook's pages and at the Play page's table alike.

_CONTRACT_WORDS = re.compile(r"\b(Chico|Grand)\b")


def own_words(rs: Ruleset, text: str) -> str:
    """``text``, written with Foster's names for the contracts, in the ruleset's own names.

    >>> own_words(get_ruleset("official-1922-solo"), "Frog, Chico and Grand")
    'Frog, Simple Solo and Heart Solo'
    >>> own_words(get_ruleset("modern"), "Frog, Chico and Grand")
    'Frog, Chico and Grand'
    """
    return _CONTRACT_WORDS.sub(lambda m: rs.contract_name(Contract[m.group(1).upper()]), text)


def own_phrasing(rs: Ruleset, text: str) -> str:
    """``text`` (a rule's statement, a glossary definition: words written with Foster's names)
    as a page or a Play table of ``rs`` shows it, in the ruleset's own names
    (:func:`own_words`). Where the text gives Foster's name with the ruleset's after it ("a
    Chico (Simple Solo)"), the two change places; where it names the ruleset's contracts
    otherwise, it stays as it is, since renaming there would repeat a name or say something
    else.

    >>> solo = get_ruleset("official-1922-solo")
    >>> own_phrasing(solo, "Hearts are trumps in Frog and in Grand.")
    'Hearts are trumps in Frog and in Heart Solo.'
    >>> own_phrasing(solo, "two in a Chico (Simple Solo) and three in a Grand (Heart Solo)")
    'two in a Simple Solo (Chico) and three in a Heart Solo (Grand)'
    >>> own_phrasing(solo, "Simple Solo (chico), not Grand")
    'Simple Solo (chico), not Grand'
    """
    renamed = {
        contract.code.capitalize(): rs.contract_name(contract)
        for contract in Contract
        if rs.contract_name(contract) != contract.code.capitalize()
    }
    if not renamed:
        return text
    # "Chico (Simple Solo)": Foster's name, the ruleset's own in brackets.
    pair = re.compile(
        rf"\b({'|'.join(renamed)}) \(({'|'.join(map(re.escape, renamed.values()))})\)"
    )

    def swap(match: re.Match[str]) -> str:
        foster, own = match.groups()
        return f"{own} ({foster})" if renamed[foster] == own else match.group(0)

    if pair.search(text):
        return pair.sub(swap, text)
    if any(own in text for own in renamed.values()):
        return text
    return own_words(rs, text)


def own_statement(rs: Ruleset, rule_id: str) -> str:
    """A rule's statement as a page or a Play table of ``rs`` shows it (:func:`own_phrasing`);
    the rule's own page keeps the statement as registered.

    >>> own_statement(get_ruleset("official-1922-solo"), "auction.contract-order")
    'Simple Solo outbids Frog, and Heart Solo outbids Simple Solo; Heart Solo is the highest bid.'
    >>> own_statement(get_ruleset("foster-1909"), "auction.contract-order")
    'Chico outbids Frog, and Grand outbids Chico; Grand is the highest bid.'
    """
    return own_phrasing(rs, get_rule(rule_id).statement)


def _question_rule_ids() -> set[str]:
    ids: set[str] = set()
    for rs in RULESETS.values():
        for question in Question:
            ids.add(rs.rule_id(question))
        for opt in rs.options:
            for fn in opt.choices.values():
                if fn is not None and (entry := rule_for_function(fn)) is not None:
                    ids.add(entry.id)
    return ids


def rules_of(ruleset: Ruleset) -> Iterator[Rule]:
    """Every rule a ruleset uses (its options' rules included), in the rulebook's order."""
    chosen = {ruleset.rule_id(q) for q in Question}
    for opt in ruleset.options:
        for fn in opt.choices.values():
            if fn is not None and (entry := rule_for_function(fn)) is not None:
                chosen.add(entry.id)
        if opt.default_rule:
            chosen.add(opt.default_rule)
    chosen.update(ruleset.also_uses)
    special = (
        _question_rule_ids()
        | {rid for rs in RULESETS.values() for rid in rs.also_uses}
        | {opt.default_rule for rs in RULESETS.values() for opt in rs.options if opt.default_rule}
    )
    for entry in all_rules():
        if ruleset.moot_reason(entry.id) is None and (
            entry.id in chosen or entry.id not in special
        ):
            yield entry


def rulesets_using(rule_id: str) -> tuple[str, ...]:
    """The ids of the rulesets that use a rule."""
    get_rule(rule_id)
    return tuple(rs.id for rs in RULESETS.values() if any(r.id == rule_id for r in rules_of(rs)))


_SITTING_OUT = Option(
    name="sitting_out",
    description="Which of the three 1922 systems of payment to and from players sitting out "
    "is in force: they only receive (`receive-only`), they pay and receive "
    "(`pay-and-receive`), or they pay and receive in a Solo but only receive in a Frog "
    "(`pay-and-receive-solo-only`).",
    default="receive-only",
    choices={name: fn for name, fn in settlement.SITTING_OUT_SYSTEMS.items()},
    field="sitting_out",
    default_rule="settlement.default-system-receive-only",
    default_from=settlement.default_sitting_out_system,
)

_PENALTY_FROG = Option(
    name="penalty_frog",
    description="Penalty Frog: a lost Frog is paid at the Heart Solo (grand) rate.",
    default=False,
    choices={False: None, True: settlement.penalty_frog},
    field=RATE_AS,
)

_PENALTY_FROG_FIXED = Option(
    name="penalty_frog",
    description="Penalty Frog: a lost Frog pays the Heart Solo's (grand's) fixed amount. "
    "Whether the option applies to Coeur d'Alene at all is our ruling.",
    default=False,
    choices={False: None, True: settlement.coeur_dalene_penalty_frog},
    field=RATE_AS,
)

#: Where the one-round auction of the article comes from, said on every ruleset using it.
_BORROWED_AUCTION = (
    "The auction is the Wikipedia article's one round with the Frog bidder's raise "
    "(auction.one-round-frog-may-raise). The article says its rules are based on Foster "
    "(1909); that this auction paraphrases Foster's words is our inference, and foster-1909 "
    "reads those words differently (auction.overbid-to-raise). The article reports no auction of the sources "
    "this ruleset stands on: their own auction is unknown to us."
)

_AUCTION_BORROWED = (
    (
        "auction_procedure",
        "the Wikipedia article's auction, which we take to paraphrase Foster; this ruleset's "
        "sources' own auction is unknown to us",
    ),
)

_FOSTER = Ruleset(
    id="foster-1909",
    name="Foster's Complete Hoyle (1909)",
    summary="Frog as R. F. Foster gives it: three to five players, the deal 3-(3)-4-4, the "
    "widow shown in a Frog, each point worth 1, 2 or 4 counters.",
    basis=(cite(FOSTER_1909, "441–442"),),
    unit="counters",
    readings={
        Question.PLAYER_COUNT: seats.players_three_to_five,
        Question.ACTIVE_SEATS: seats.active_seats_foster,
        Question.FIRST_DEALER: deal.first_dealer_any,
        Question.DEAL_PATTERN: deal.packets_3_3_4_4,
        Question.CONTRACTS: auction.contracts_frog_chico_grand,
        Question.AUCTION_PROCEDURE: auction.overbid_to_raise,
        Question.WIDOW_SHOWN: widow.widow_shown_in_frog,
        Question.CHICO_TRUMP: trump.chico_trump_not_hearts,
        Question.RATES: settlement.rates_1_2_4,
        Question.SITTING_OUT: settlement.sitting_out_receive_only,
        Question.BANK: match.bank_none,
        Question.GAME_END: match.never_over,
    },
    notes=(
        "The auction (auction.overbid-to-raise) is our reading of Foster's few words on "
        "bidding; how far it goes beyond them is set out in the ruling.",
        "Foster allows the scores to be kept and settled at the end 'the same as in Skat' "
        "instead of paying counters at once; we do not hold the Skat laws, so only the "
        "counters are modelled (match.counters-no-bank).",
    ),
)

_HOYLE = dataclasses.replace(
    _FOSTER,
    id="hoyle-1907",
    name="Hoyle's Games (1907)",
    summary="Foster's rules (foster-1909) under the title of the earliest printed rules. We "
    "do not hold Hoyle's Games (1907); the Wikipedia article says its rules are the "
    "earliest, and of Foster's: “Virtually identical rules appear in the 1908 edition of "
    "Foster's Complete Hoyle”. Virtually identical is not identical: this ruleset is Foster's text under the 1907 title, on the article's "
    "word, and where the 1907 text differs from Foster's we cannot know.",
    basis=(
        cite(
            WIKIPEDIA_FROG,
            None,
            "The earliest rules for frog appear in the 1907 edition of Hoyle's Games.",
            note="The article's statement; its reference for it is Hoyle's Games (1907), "
            "pp. 241–242, which we do not hold.",
        ),
        cite(
            WIKIPEDIA_FROG,
            None,
            "Virtually identical rules appear in the 1908 edition of Foster's Complete Hoyle",
            note="The article's comparison, not Hoyle's words. It speaks of the 1908 edition "
            "of Foster; the text we hold is cited as Foster (1909) (see the problems in the "
            "sources).",
        ),
    ),
    notes=(
        "Every rule is Foster's: the 1907 text is not held, and the article reports no "
        "difference between the two, only that they are virtually identical.",
        *_FOSTER.notes,
    ),
)

_MODERN = dataclasses.replace(
    _FOSTER,
    id="modern",
    name="Modern (after 1950)",
    summary="Foster's game with the two changes that, the Wikipedia article says, most sources "
    "have made since the 1950s: the deal 4-(3)-3-4 and the widow not shown in a Frog. The "
    "article names four books only as examples of those sources, and we hold none of them; "
    "the auction is the article's (which we take to paraphrase Foster), since theirs is "
    "unknown to us.",
    basis=(
        *post_1950("Since the 1950s, most sources modify the pre-war rules slightly as follows"),
        cite(WIKIPEDIA_FROG, None, "The rules of frog have varied little over time."),
    ),
    unit="chips",
    notes=(_BORROWED_AUCTION,),
    borrowed=_AUCTION_BORROWED,
    readings={
        **_FOSTER.readings,
        Question.DEAL_PATTERN: deal.packets_4_3_3_4,
        Question.AUCTION_PROCEDURE: auction.one_round_frog_may_raise,
        Question.WIDOW_SHOWN: widow.widow_hidden_in_frog,
    },
)

_SOLO = Ruleset(
    id="official-1922-solo",
    name="Solo or Slough (Official Rules, 1922)",
    summary="The 1922 variant: up to seven players, the single-card deal with the slough, "
    "Frog ×1, Simple Solo ×2, Heart Solo ×3, a bank of 120 chips each, and the game lost by "
    "the first player unable to pay; options for the three systems of payment to players "
    "sitting out and for Penalty Frog.",
    basis=(
        cite(
            OFFICIAL_RULES_1922,
            "213–216",
            "The 1922 Official Rules published a variant of Frog called Solo or Slough.",
            reported_by=WIKIPEDIA_FROG,
        ),
    ),
    unit="chips",
    readings={
        Question.PLAYER_COUNT: seats.players_three_to_seven,
        Question.ACTIVE_SEATS: seats.active_seats_up_to_seven,
        Question.FIRST_DEALER: deal.first_dealer_low_card,
        Question.DEAL_PATTERN: deal.singly_slough_1_4_8,
        Question.CONTRACTS: auction.contracts_frog_chico_grand,
        Question.AUCTION_PROCEDURE: auction.one_round_frog_may_raise,
        Question.WIDOW_SHOWN: widow.widow_hidden_in_frog,
        Question.CHICO_TRUMP: trump.chico_trump_not_hearts,
        Question.RATES: settlement.rates_1_2_3,
        Question.SITTING_OUT: settlement.sitting_out_receive_only,
        Question.BANK: match.bank_120_chips,
        Question.GAME_END: match.first_unable_to_pay,
    },
    options=(_SITTING_OUT, _PENALTY_FROG),
    also_uses=("match.unable-to-pay-order", "match.unable-to-pay-pays-in-full"),
    borrowed=_AUCTION_BORROWED,
    # The names the 1922 rules use, as the article reports them.
    names=(("chico", "Simple Solo"), ("grand", "Heart Solo"), ("widow", "slough")),
    notes=(
        "The article lists the 1922 rules as differences from its account of Frog; where it "
        "reports no difference (the auction, the play, the trump) that account is used.",
        _BORROWED_AUCTION,
        "Which seats play when six or seven sit down is an editorial ruling "
        "(seats.active-six-or-seven).",
    ),
)

_STRAIGHT = dataclasses.replace(
    _SOLO,
    id="official-1922-straight",
    name="Straight Solo (Official Rules, 1922)",
    summary="Solo or Slough without the Frog contract: Simple Solo ×1, Heart Solo ×2.",
    basis=(
        cite(
            OFFICIAL_RULES_1922,
            "213–216",
            "The same rules mentioned a Straight Solo in which "
            "the only change to the Solo/Slough rules above was that the Frog contract was "
            "omitted.",
            reported_by=WIKIPEDIA_FROG,
        ),
    ),
    readings={
        **_SOLO.readings,
        Question.CONTRACTS: auction.contracts_without_frog,
        Question.RATES: settlement.rates_straight_1_2,
    },
    moot=(
        ("widow.frog-hidden", "Straight Solo has no Frog, so no bidder takes the widow."),
        ("widow.frog-take-and-discard", "Straight Solo has no Frog, so no bidder lays cards away."),
    ),
    options=(_SITTING_OUT,),
)

_COEUR = dataclasses.replace(
    _SOLO,
    id="official-1922-coeur-dalene",
    name="Coeur d'Alene Solo (Official Rules, 1922)",
    summary="Solo or Slough with fixed payments instead of point-based ones, in the ratio "
    "1:2:3. The amounts, 25¢ for a Frog, 50¢ for a Simple Solo and 75¢ for a Heart Solo, "
    "are the article's example, taken by our ruling; the bank of 120 cents and Penalty "
    "Frog's fixed amount are our rulings too. At three players one lost Heart Solo "
    "(150¢) ends the match.",
    basis=(
        cite(
            OFFICIAL_RULES_1922,
            "213–216",
            "The same rules introduced a variant called Coeur d'Alene Solo or simply Coeur d'Alene",
            reported_by=WIKIPEDIA_FROG,
        ),
    ),
    unit="cents",
    readings={
        **_SOLO.readings,
        Question.RATES: settlement.coeur_dalene_fixed,
        Question.BANK: match.bank_120_cents,
    },
    options=(_SITTING_OUT, _PENALTY_FROG_FIXED),
    also_uses=(
        "match.unable-to-pay-order",
        "match.unable-to-pay-pays-in-full",
        "settlement.coeur-dalene-fixed-ratio",
        "settlement.coeur-dalene-loser-pays-same",
    ),
    notes=(
        *_SOLO.notes,
        "The source, as reported, gives fixed payments 'for winning' in the ratio 1:2:3 "
        "with 25¢, 50¢ and 75¢ as its example; the amounts (settlement.fixed-25-50-75), "
        "what a loser pays (settlement.coeur-dalene-loser-pays-same), the bank "
        "(match.coeur-dalene-bank-in-cents) and Penalty Frog's amount "
        "(settlement.coeur-dalene-penalty-frog) are our rulings.",
    ),
)

_GAMERULES = Ruleset(
    id="gamerules",
    name="Modern web rules (gamerules.com)",
    summary="A modern web page's rules: three players, 150 points each at the start, one bid "
    "each, Frog ×1, Chico ×2, Grand ×3.",
    basis=(cite(GAMERULES, None),),
    unit="points",
    readings={
        Question.PLAYER_COUNT: seats.players_three,
        Question.ACTIVE_SEATS: seats.active_seats_foster,
        Question.FIRST_DEALER: deal.first_dealer_any,
        Question.DEAL_PATTERN: deal.gamerules_packets,
        Question.CONTRACTS: auction.contracts_frog_chico_grand,
        Question.AUCTION_PROCEDURE: auction.one_bid_each,
        Question.WIDOW_SHOWN: widow.widow_hidden_when_unsaid,
        Question.CHICO_TRUMP: trump.chico_trump_any_suit,
        Question.RATES: settlement.rates_1_2_3,
        Question.SITTING_OUT: settlement.sitting_out_receive_only,
        Question.BANK: match.bank_150_points,
        Question.GAME_END: match.never_over,
    },
    notes=(
        "The page's deal of ten cards each cannot be dealt (deal.gamerules-packets), and it "
        "says nothing of showing the widow (widow.hidden-when-unsaid): both are editorial "
        "rulings.",
        "The page says 'Chico means you get to call trumps' and sets no limit; that he may "
        "call hearts is our inference (trump.chico-any-suit), an editorial ruling.",
    ),
)

#: Every ruleset, by its stable id.
RULESETS: dict[str, Ruleset] = {
    rs.id: rs.with_options({})
    for rs in (_FOSTER, _HOYLE, _MODERN, _SOLO, _STRAIGHT, _COEUR, _GAMERULES)
}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id, its options at their defaults (see :meth:`Ruleset.with_options`).

    >>> get_ruleset("foster")
    Traceback (most recent call last):
    frogspec.errors.InvalidInputError: unknown ruleset 'foster' (did you mean 'foster-1909'?); rulesets: foster-1909, hoyle-1907, modern, official-1922-solo, official-1922-straight, official-1922-coeur-dalene, gamerules
    """
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        import difflib

        near = difflib.get_close_matches(str(ruleset_id), list(RULESETS), n=1, cutoff=0.3)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise InvalidInputError(
            f"unknown ruleset {ruleset_id!r}{hint}; rulesets: {', '.join(RULESETS)}"
        ) from None


# Modules whose rules are undisputed are imported so that the registry holds them all.
_UNDISPUTED = (play, scoring)
