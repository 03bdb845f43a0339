"""Words: where a deviation's typed ``when`` and ``instead`` become the report's words.

A deviation (:class:`frogspec.conform.deviations.Deviation`) carries where it departs as a
:class:`Circumstances` (the rulesets, the :class:`~frogspec.conform.conditions.Condition` of
the features, the occasion found otherwise) and what the engine does as a typed value (the
passing of the deal, a count, the unit op's finding...). The reporters (:mod:`.reports`,
:mod:`.report_data`, :mod:`.summary`) and the expectations (:mod:`.expectations`, which
compare what a report said) turn them into words here, and only here:
:func:`when_words`, :func:`instead_words`. The typed values beneath them are said here
too: a condition's features (:func:`condition_words`, :data:`FEATURE_WORDS`) and the ways
two answers part (:func:`difference_words`).

The unit ops' probes keep what they find as values too (a
:class:`~frogspec.conform.probes.base.StageFinding`'s typed difference and condition):
:func:`finding_when` and :func:`finding_instead` say them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from frogspec._types import Json
from frogspec.conform.conditions import Condition, ConditionTerm
from frogspec.conform.evidence import (
    AnswerChanged,
    CardAsTrump,
    CardCounted,
    ContractRefused,
    CountRaised,
    DealerMoved,
    DealerPlays,
    DealtTo,
    Difference,
    EndLimit,
    ErrorChanged,
    EveryTrickPaid,
    FieldChanged,
    FirstDealerChanged,
    LegalAt,
    LegalChanged,
    MarginFixed,
    MarginRaised,
    MatchOtherwise,
    PacketsChanged,
    PaidBeyondRate,
    PaidOtherwise,
    PaidTimes,
    PaidWhatHeHas,
    PaymentsChanged,
    PaymentsRounded,
    PlayedWithoutTrumps,
    PlayReversed,
    PointsChanged,
    RankOrderChanged,
    RateChanged,
    RatedAs,
    SeatChanged,
    SeatsOut,
    SettledWith,
    Several,
    TieDecided,
    TieMoved,
    TrickTaken,
)
from frogspec.conform.localise import Localised, RanksLeftOut
from frogspec.conform.probes.base import StageFinding
from frogspec.rules.cards import Suit, card_points, make_card, parse_suit
from frogspec.rules.trump import fixed_trump

__all__ = [
    "FEATURE_WORDS",
    "Circumstances",
    "condition_words",
    "difference_words",
    "finding_instead",
    "finding_when",
    "hypothesis_words",
    "instead_words",
    "lead_words",
    "reading_words",
    "rotation_words",
    "twin_words",
    "when_words",
]


_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", None: "no suit"}


def _yes_no(yes: str, no: str) -> Callable[[Json], str]:
    return lambda value: yes if value else no


#: How each feature's value is said, in the rules' words.
FEATURE_WORDS: dict[str, Callable[[Json], str]] = {
    "ruleset": lambda v: f"in {v}",
    "contract": lambda v: f"in a {v}",
    "players": lambda v: f"with {v} at the table",
    "phase": lambda v: f"in the {v} phase",
    "trick": lambda v: f"at trick {v}",
    "first_trick": _yes_no("at the first trick", "after the first trick"),
    "last_trick": _yes_no("at the last trick", "before the last trick"),
    "position": lambda v: {1: "when he leads", 2: "second to play", 3: "third to play"}.get(
        v, f"{v}th"
    ),
    "led": lambda v: f"with {_SUITS.get(v, v)} led",
    "led_trump": _yes_no("when trumps are led", "when a plain suit is led"),
    "trump": lambda v: "without trumps" if v is None else f"with {_SUITS.get(v, v)} trump",
    "with_trumps": _yes_no("with a trump suit", "without trumps"),
    "trick_trumped": _yes_no("when the trick holds a trump", "when the trick holds no trump"),
    "trick_ace": _yes_no("when the trick holds an Ace", "when the trick holds no Ace"),
    "trick_ten": _yes_no("when the trick holds a Ten", "when the trick holds no Ten"),
    "ace_of_trumps": _yes_no(
        "when the trick holds the Ace of trumps", "when the trick holds no Ace of trumps"
    ),
    "trick_king": _yes_no("when the trick holds a King", "when the trick holds no King"),
    "holds_led": _yes_no("when he holds the suit led", "when he is void in the suit led"),
    "holds_trump": _yes_no("when he holds a trump", "when he holds no trump"),
    "holds_plain": _yes_no("when he holds a card of another suit", "when he holds only trumps"),
    "can_beat": _yes_no(
        "when he follows suit and can beat every card of the suit led in the trick",
        "when he holds no card of the suit led higher than every one in the trick",
    ),
    "two_trumps": _yes_no(
        "when two trumps are played to a trick", "when no two trumps are played to a trick"
    ),
    "holds_counter": _yes_no("when he holds an Ace or a Ten", "when he holds no Ace or Ten"),
    "trumps_played": _yes_no(
        "once a trump has been played in the deal", "before any trump has been played in the deal"
    ),
    "won": _yes_no("when the bidder wins", "when the bidder loses"),
    "bidder_took_no_trick": _yes_no(
        "when the bidder takes no trick", "when the bidder takes a trick"
    ),
    "bidder_leads": _yes_no("when the bidder is to lead", "when another player is to lead"),
    "bidder_eldest": _yes_no(
        "when the bidder is eldest hand", "when the bidder is not eldest hand"
    ),
    "all_passed": _yes_no("when every player passes", "when someone bids"),
    "after_passed_out": _yes_no(
        "after a deal in which every player passed", "after a deal with a bidder"
    ),
    "first_bid": _yes_no("at the first bid of the auction", "after the first bid of the auction"),
    "eldest_to_bid": _yes_no(
        "when eldest hand is to bid", "when the player to bid is not eldest hand"
    ),
    "last_to_speak": _yes_no(
        "when every other player has passed and no bid stands",
        "when a bid stands or another player may still bid",
    ),
    "has_bid": _yes_no(
        "when the player to bid has bid before", "when the player to bid has not yet bid"
    ),
    "bid": lambda v: f"when {v} is bid",
    "standing": lambda v: (
        "when no bid stands" if v is None else f"when a {str(v).capitalize()} stands"
    ),
    "bidder_points": lambda v: f"when the bidder takes {v} points",
    "card": lambda v: f"for {v}",
    "action": lambda v: f"at the action {v}",
    "chooses_to_deal": _yes_no(
        "when the player who draws the lowest card chooses to deal",
        "when the player who draws the lowest card chooses not to deal",
    ),
    **{
        f"suit_off_{suit}": _yes_no(
            f"when a {name[:-1]} is played to a trick of another suit",
            f"when no {name[:-1]} is played to a trick of another suit",
        )
        for suit, name in _SUITS.items()
        if suit is not None
    },
}


def _card_words(card: Json) -> str:
    """A card's name: ``the Queen of spades``.

    >>> _card_words("QS")
    'the Queen of spades'
    """
    text = str(card)
    rank, suit = text[:-1], text[-1:]
    return f"the {_RANK_WORDS.get(rank, rank)} of {_SUITS.get(suit, suit)}"


def _term_words(term: ConditionTerm) -> str:
    """A condition's term in the rules' words (``in a grand``, ``with 4 or 5 at the
    table``).

    >>> _term_words(ConditionTerm("players", (4, 5, 6)))
    'with 4, 5 or 6 at the table'
    >>> _term_words(ConditionTerm("contract", ("frog", "grand")))
    'in a frog or in a grand'
    >>> _term_words(ConditionTerm("bidder_points", (0, 120)))
    'when the bidder takes 0 or 120 points'
    """
    if term.feature.startswith("beside_"):
        return _pair_words(term)
    card = term.feature.rsplit("_", 1)[-1]
    if term.feature not in FEATURE_WORDS and term.values in ((True,), (False,)):
        # A feature of one card: played to another suit, held.
        no = "" if term.values == (True,) else "no longer "
        if term.feature.startswith("off_suit_"):
            return f"when {_card_words(card)} is {no}played to a trick of another suit"
        if term.feature.startswith("holds_"):
            return f"when he {no}holds {_card_words(card)}"
    say = FEATURE_WORDS.get(term.feature, lambda v: f"{term.feature} {v}")
    if term.feature == "bidder_points" and len(term.values) > 2:
        return say(_points_words(term.values))
    if term.feature in ("players", "bidder_points") and len(term.values) > 1:
        *most, last = (str(v) for v in term.values)
        return say(f"{', '.join(most)} or {last}")
    if len(term.values) == 1:
        return say(term.values[0])
    return " or ".join(say(v) for v in term.values)


def _points_words(points: Sequence[Json]) -> str:
    """Bidder's points in words: a run of scores up from 0 to some points (no two more
    than 5 apart) said as those points or fewer, a run down from 120 as those points or
    more.

    >>> _points_words((0, 5, 10, 15, 20, 25, 29, 30, 90, 91, 95, 100, 105, 110, 115, 120))
    '90 or more or 30 or fewer'
    >>> _points_words((0, 5, 10, 15))
    '15 or fewer'
    >>> _points_words((0, 120, 61))
    '0, 61 or 120'
    """
    numbers = sorted(int(p) for p in points if isinstance(p, int))
    if len(numbers) != len(points):
        *most, last = (str(v) for v in points)
        return f"{', '.join(most)} or {last}"
    low = [p for p in numbers if p <= 60]
    high = [p for p in numbers if p > 60]

    def run(side: list[int], end: int) -> bool:
        steps = pairwise(side)
        return len(side) > 2 and end in side and all(b - a <= 5 for a, b in steps)

    said = [f"{high[0]} or more"] if run(high, 120) else [str(p) for p in high]
    said += [f"{low[-1]} or fewer"] if run(low, 0) else [str(p) for p in low]
    if not run(high, 120) and not run(low, 0):
        said = [str(p) for p in numbers]
    *most, last = said
    return f"{', '.join(most)} or {last}" if most else last


def _pair_words(term: ConditionTerm) -> str:
    """A pair of ranks in a trick (the features ``beside_J``, ``beside_trump_J``: the rank
    beside the Jack of its suit, of trumps) in words; all the ranks above it: a higher card.

    >>> _pair_words(ConditionTerm("beside_trump_J", ("A", "10", "K", "Q")))
    'when the trick holds the Jack of trumps and a higher trump'
    >>> _pair_words(ConditionTerm("beside_10", ("K", "Q", "J")))
    'when the trick holds a Ten and a King, a Queen or a Jack of its suit'
    """
    from frogspec.rules.cards import RANKS_HIGH_TO_LOW

    trumps = term.feature.startswith("beside_trump_")
    rank = term.feature.rsplit("_", 1)[1]
    ordered = sorted(term.values, key=_rank_index)
    names = _listed([_RANK_WORDS.get(str(v), str(v)) for v in ordered])
    cards = _listed([_RANK_NAMES.get(str(v), str(v)) for v in ordered])
    higher = set(RANKS_HIGH_TO_LOW[: RANKS_HIGH_TO_LOW.index(rank)]) if rank in _RANK_WORDS else ()
    if trumps:
        also = "a higher trump" if set(term.values) == higher else f"the {names} of trumps"
        return f"when the trick holds the {_RANK_WORDS.get(rank, rank)} of trumps and {also}"
    also = "a higher card of its suit" if set(term.values) == higher else f"{cards} of its suit"
    return f"when the trick holds {_RANK_NAMES.get(rank, rank)} and {also}"


def _listed(words: list[str]) -> str:
    """Words joined as a list: ``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _rank_index(value: Json) -> int:
    from frogspec.rules.cards import RANKS_HIGH_TO_LOW

    return RANKS_HIGH_TO_LOW.index(str(value)) if str(value) in RANKS_HIGH_TO_LOW else 99


def condition_words(condition: Condition) -> str:
    """A condition in words, the terms joined by commas (empty: no condition).

    >>> condition_words(Condition((ConditionTerm("contract", ("grand",)),)))
    'in a grand'
    """
    said: list[str] = []
    for words in map(_term_words, condition.terms):
        # What the player does and holds, said of him once: "when he leads and holds a
        # trump and a card of another suit".
        he = "when he "
        if said and said[-1].startswith(he) and words.startswith(he):
            last, words = said.pop(), words.removeprefix(he)
            holds = "holds "
            if last.removeprefix(he).split(" and ")[-1].startswith(holds):
                words = words.removeprefix(holds)
            words = f"{last} and {words}"
        said.append(words)
    return ", ".join(said)


def _show(value: Json, width: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= width else text[: width - 3] + "..."


def difference_words(difference: Difference) -> str:
    """One way the engine's answer parts from the reference's
    (:mod:`frogspec.conform.evidence`), in words.

    >>> difference_words(SeatChanged("to_act", 2, 1))
    'to_act is 2 instead of 1'
    >>> difference_words(PlayedWithoutTrumps("trump", None, "H", "grand"))
    'a Grand is played without trumps (trump is null instead of "H")'
    """
    d = difference
    if isinstance(d, LegalChanged):
        parts = []
        if d.lacks:
            parts.append("lacks " + ", ".join(d.lacks))
        if d.adds:
            parts.append("adds " + ", ".join(d.adds))
        return "the engine's legal list " + "; ".join(parts or ["is in another order"])
    if isinstance(d, PlayedWithoutTrumps):
        contract = f"a {d.contract.capitalize()}" if d.contract else "the contract"
        return (
            f"{contract} is played without trumps (trump is null instead of {_show(d.reference)})"
        )
    if isinstance(d, (SeatChanged, FieldChanged)):
        return f"{d.name} is {_show(d.engine)} instead of {_show(d.reference)}"
    if isinstance(d, PointsChanged):
        return (
            f"the bidder counts {d.engine}, the defenders {d.engine_defenders} "
            f"(the reference: {d.reference} and {d.reference_defenders})"
        )
    if isinstance(d, PaymentsChanged):
        return f"payments is {_show(list(d.engine))} (the reference: {_show(list(d.reference))})"
    if isinstance(d, ErrorChanged):
        return (
            f"the engine answers {d.engine or 'a result'}, "
            f"the reference {d.reference or 'a result'}"
        )
    if isinstance(d, AnswerChanged):
        return f"the engine answers {_show(d.engine)}, the reference {_show(d.reference)}"
    if isinstance(d, DealerMoved):
        return f"seat {d.engine} deals deal {d.deal} (the reference: seat {d.reference})"
    return d.kind


@dataclass(frozen=True)
class Circumstances:
    """Where a departure shows, as values: said by :func:`when_words`."""

    #: The rulesets of the cases it shows in (none: not said).
    rulesets: tuple[str, ...] = ()
    #: The features of the situations it shows in, found against those where the engine
    #: agreed (:mod:`frogspec.conform.conditions`).
    condition: Condition | None = None
    #: What it shows at, found otherwise than from features: the passing of the deal after
    #: a kind of deal (:class:`~frogspec.conform.rotation.Rotation`), a lead
    #: (:class:`~frogspec.conform.accounting.Lead`), a departure said in the rules' terms
    #: (:class:`~frogspec.conform.accounting.Accounting`), or the unit op's probes (a
    #: :class:`~frogspec.conform.probes.StageFinding`, whose situation is then the whole).
    occasion: Any = None


def finding_when(finding: StageFinding) -> str:
    """A unit op's finding's ``when``, with its rulesets: ``in foster-1909, in a grand``
    (``always`` when it departs on every probe of every ruleset)."""
    where = f"in {', '.join(finding.rulesets)}" if finding.rulesets else ""
    parts = [where]
    for condition in (finding.table_condition, finding.condition):
        if condition is not None:
            parts.append(condition_words(condition))
    between = finding.between
    if between is not None:
        if between.low is not None and between.high is not None:
            parts.append(f"the bidder's points from {between.low} to {between.high}")
        elif between.low is not None:
            parts.append(f"the bidder's points {between.low} or more")
        elif between.high is not None:
            parts.append(f"the bidder's points {between.high} or fewer")
    if finding.share is not None:
        parts.append(f"in {finding.share[0]} of {finding.share[1]} situations probed")
    return ", ".join(part for part in parts if part) or "always"


def finding_instead(finding: StageFinding) -> str:
    """What a unit op's finding's engine does, in words (:func:`_otherwise_words`)."""
    return _otherwise_words(finding.otherwise)


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _seats(seats: tuple[int, ...], joined: str = ", ") -> str:
    if not seats:
        return "nobody"
    return ("seat " if len(seats) == 1 else "seats ") + joined.join(map(str, seats))


#: Who pays, by a payment's ``payer`` (:class:`frogspec.conform.evidence.RateChanged`).
_PAYERS = {
    "either": "pays",
    "defender": "each defender pays",
    "bidder": "the bidder pays each defender",
}


def _settlement_words(d: Difference) -> str | None:
    """A settlement paid otherwise, in words (``None``: not one)."""
    if isinstance(d, SettledWith):
        return (
            f"the bidder (seat {d.bidder}) settles with {_seats(d.engine)} only, "
            f"instead of {_seats(d.reference)}"
        )
    if isinstance(d, RateChanged) and d.contract:
        return _rates_words((d,))
    if isinstance(d, RateChanged):
        who = _PAYERS.get(d.payer, "pays")
        return f"{who} {_number(d.engine)} a point instead of {_number(d.reference)}"
    rates = d.parts if isinstance(d, Several) else ()
    if rates and all(isinstance(r, RateChanged) and r.contract for r in rates):
        return _rates_words(rates)
    if isinstance(d, PaidBeyondRate):
        who = _PAYERS.get(d.payer, "pays")
        return (
            f"{who} {abs(d.extra)} {'more' if d.extra > 0 else 'less'} than the rate "
            f"(at {d.points} points in a {d.contract}: {d.engine} instead of {d.reference})"
        )
    if isinstance(d, PaidOtherwise):
        if d.payer == "out":
            verb = "receives" if d.receives else "pays"
            if d.as_defender:
                return (
                    f"a player sitting out {verb} as much as each defender does "
                    f"(e.g. {d.engine} instead of {d.reference})"
                )
            return f"a player sitting out {verb} {d.engine} instead of {d.reference}"
        if d.payer == "balance":
            return f"the bidder's balance is {d.engine} instead of {d.reference}"
        if d.reversed:
            engine, reference = ("pays", "receiving") if d.receives else ("receives", "paying")
            return (
                f"the bidder's win and loss are reversed: each defender {engine} {d.engine} "
                f"instead of {reference} {d.reference}"
            )
        return f"{_PAYERS.get(d.payer, 'pays')} {d.engine} instead of {d.reference}"
    if isinstance(d, EveryTrickPaid):
        if d.times > 1 and d.to_bidder:
            return (
                f"a bidder who takes every trick is paid {_times(d.times)} what his points "
                "give by each player who settles with him"
            )
        if d.times > 1:
            return (
                f"a bidder who takes no trick pays {_times(d.times)} what his points give "
                "to each player he settles with"
            )
        if d.to_bidder:
            return (
                f"a bidder who takes every trick is paid {d.extra} more by each player who "
                "settles with him, beyond what his points give"
            )
        return (
            f"a bidder who takes no trick pays {d.extra} more to each player he settles "
            "with, beyond what his points give"
        )
    if isinstance(d, MarginRaised):
        return _margin_words(d)
    if isinstance(d, MarginFixed):
        return (
            f"a {d.contract} is settled as a margin of {d.margin} points whatever the bidder "
            f"takes: the rate applies to {d.margin}, won or lost, instead of to his points' "
            "margin over or under the tie"
        )
    if isinstance(d, CountRaised):
        return _count_raised_words(d)
    if isinstance(d, TieMoved):
        if d.half:
            return (
                f"no score ties (the line is {d.engine}½ points instead of a tie at "
                f"{d.reference}): the bidder wins with {d.engine + 1} or more, by his points "
                f"less {d.engine}, and loses with {d.engine} or fewer, by {d.engine + 1} "
                "less his points"
            )
        return (
            f"the tie is {d.engine} points instead of {d.reference}: the bidder wins above "
            f"{d.engine} and loses below it"
        )
    if isinstance(d, ContractRefused):
        return f"a {d.contract.capitalize()} may not be bid: settling one is refused"
    if isinstance(d, TieDecided):
        if d.won:
            return (
                f"the bidder wins as if he had taken {d.points + 1}: each other player pays "
                "him as for a win by one point, instead of nothing being paid"
            )
        return (
            f"the bidder loses as if he had taken {d.points - 1}: he pays as for a loss by "
            "one point, instead of nothing being paid"
        )
    if isinstance(d, RatedAs):
        said = (
            f"a bidder who wins a {d.contract} is paid what a won {d.rated} is paid"
            if d.won
            else f"a bidder who loses a {d.contract} pays what a lost {d.rated} pays"
        )
        if (d.contract, d.rated, d.won) == ("frog", "grand", False):
            said += " (Penalty Frog, as settlement.penalty-frog has it)"
        return said
    if isinstance(d, PaidTimes):
        if d.won is None:
            said = f"each payment is {_times(d.times)} the amount the ruleset sets"
        elif d.won:
            said = f"a winning bidder is paid {_times(d.times)} the amount the ruleset sets"
        else:
            said = (
                f"a losing bidder pays each player who settles with him {_times(d.times)} the "
                "amount the ruleset sets"
            )
        return f"{said} (e.g. {d.engine} instead of {d.reference})"
    if isinstance(d, PaymentsRounded):
        way = {"nearest": "to the nearest"}.get(d.direction, d.direction + " to a")
        if d.of_margin:
            return (
                f"the margin over or under the tie is rounded {way} multiple of {d.multiple} "
                f"before the rate applies (e.g. a payment of {d.engine} instead of {d.reference})"
            )
        return (
            f"each payment between the bidder and another player is rounded {way} "
            f"multiple of {d.multiple} (e.g. {d.engine} instead of {d.reference})"
        )
    return None


def _margin_words(d: MarginRaised) -> str:
    """A margin raised at the scores of a side that takes many points, in words.

    >>> _margin_words(MarginRaised(30, 90, 30))
    'when the winning side takes 90 points or more, the margin over or under 60 is raised by 30 points before the rate applies'
    >>> _margin_words(MarginRaised(20, 100, None))
    "the bidder's margin over 60 when he takes 100 points or more is raised by 20 points before the rate applies"
    """
    raised = f"raised by {d.extra} points before the rate applies"
    if d.won_from is not None and d.lost_to is not None and d.won_from + d.lost_to == 120:
        return (
            f"when the winning side takes {d.won_from} points or more, the margin over or "
            f"under 60 is {raised}"
        )
    said = []
    if d.won_from is not None:
        said.append(f"over 60 when he takes {d.won_from} points or more")
    if d.lost_to is not None:
        said.append(f"under 60 when he takes {d.lost_to} points or fewer")
    return f"the bidder's margin {', and '.join(said)} is {raised}"


def _count_raised_words(d: CountRaised) -> str:
    """A bonus of the count where the bidder takes many or few points, in words.

    >>> _count_raised_words(CountRaised(10, 91, 30))
    "the bidder's count is raised by 10 points where he takes 91 card points or more, and lowered by 10 where he takes 30 or fewer; a settlement of the bidder's points is paid with that bonus too"
    """
    said = []
    if d.won_from is not None:
        said.append(f"raised by {d.extra} points where he takes {d.won_from} card points or more")
    if d.lost_to is not None:
        said.append(f"lowered by {d.extra} where he takes {d.lost_to} or fewer")
    return (
        f"the bidder's count is {', and '.join(said)}; a settlement of the bidder's points is "
        "paid with that bonus too"
    )


def _rates_words(rates: Sequence[Any]) -> str:
    """A rate of the engine's own for each of some contracts
    (:class:`~frogspec.conform.evidence.RateChanged` with its ``contract``), in words.

    >>> _rates_words((RateChanged("either", 2, 1, "frog"), RateChanged("either", 3, 2, "chico")))
    'pays 2 a point for a Frog and 3 for a Chico instead of 1 and 2'
    >>> _rates_words((RateChanged("either", 4, 2, "grand"),))
    'pays 4 a point for a Grand instead of 2'
    >>> fixed = [RateChanged("either", 25, n, c, per_point=False) for n, c in ((50, "chico"),
    ...                                                                        (75, "grand"))]
    >>> _rates_words(fixed)
    'pays 25 for a Chico and 25 for a Grand instead of 50 and 75'
    """
    who = _PAYERS.get(rates[0].payer, "pays")
    paid = [f"{_number(r.engine)} for a {r.contract.capitalize()}" for r in rates]
    if rates[0].per_point:
        paid[0] = paid[0].replace(" for ", " a point for ", 1)
    due = [_number(r.reference) for r in rates]
    return f"{who} {_and(paid)} instead of {_and(due)}"


def _and(items: Sequence[str], word: str = "and") -> str:
    """Items listed in words.

    >>> _and(["C", "D", "S"], "or")
    'C, D or S'
    """
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def _times(times: int) -> str:
    """A factor in words.

    >>> _times(2), _times(3)
    ('twice', '3 times')
    """
    return "twice" if times == 2 else f"{times} times"


def _match_words(match: MatchOtherwise) -> str:
    """A match's bank or end as a rule (:class:`~frogspec.conform.evidence.MatchOtherwise`).

    >>> _match_words(MatchOtherwise(120))
    'each player starts with 120 counters'
    >>> _match_words(MatchOtherwise(-150))
    'each player starts with 150 counters fewer'
    >>> _match_words(MatchOtherwise(0, 2, True))
    'the match ends when a player cannot pay: he loses'
    >>> _match_words(MatchOtherwise(0, 2))
    'the match ends, seat 2 losing, where the reference plays on'
    >>> _match_words(MatchOtherwise(0, 2, at_zero=True))
    "the match ends when a player's balance is 0 or below after a settlement: he loses"
    >>> _match_words(MatchOtherwise(-50, bank=100, banks=(("gamerules", 150),)))
    'each player starts with 100 counters instead of 150'
    >>> _match_words(MatchOtherwise(-50, bank=100, banks=(("a", 120), ("b", 150), ("c", 120))))
    'each player starts with 100 counters instead of 150 (b) and 120 (a, c)'
    """
    if match.bank is not None:
        amounts = sorted({kept for _, kept in match.banks}, reverse=True)
        if len(amounts) == 1:
            return f"each player starts with {match.bank} counters instead of {amounts[0]}"
        each = [
            f"{amount} ({', '.join(r for r, kept in match.banks if kept == amount)})"
            for amount in amounts
        ]
        return (
            f"each player starts with {match.bank} counters instead of "
            f"{', '.join(each[:-1])} and {each[-1]}"
        )
    if match.loser is None and match.starting < 0:
        return f"each player starts with {-match.starting} counters fewer"
    if match.loser is None:
        return f"each player starts with {match.starting} counters"
    if match.limits and all(limit.target for limit in match.limits):
        return f"the match ends {_targets_words(match.limits)}: the lowest balance loses"
    if match.limits:
        return f"the match ends {_limits_words(match.limits)}: he loses"
    if match.at_zero:
        return "the match ends when a player's balance is 0 or below after a settlement: he loses"
    if match.unable_to_pay:
        return "the match ends when a player cannot pay: he loses"
    return f"the match ends, seat {match.loser} losing, where the reference plays on"


def _limits_words(limits: Sequence[EndLimit]) -> str:
    """Where the match ends, at each limit in its rulesets
    (:class:`~frogspec.conform.evidence.EndLimit`), said where the matches leave it
    between two balances.

    >>> _limits_words([EndLimit(("modern",), -120, -138, -114)])
    "when a payer's balance is -120 or below after a settlement (modern; the matches put the limit between -138 and -115)"
    >>> _limits_words([EndLimit(("a", "b"), -120, -120, -119), EndLimit(("c",), -1, -30, 42)])
    "when a payer's balance is -120 or below after a settlement (a, b), and when a player cannot pay (c)"
    """
    said = []
    for limit in limits:
        rulesets = ", ".join(limit.rulesets)
        if limit.limit == -1:
            said.append(f"when a player cannot pay ({rulesets})")
            continue
        if limit.went_on_at is None:
            shown = f"; the matches put the limit at {limit.ended_at} or above"
        elif limit.went_on_at - 1 > limit.ended_at:
            shown = (
                f"; the matches put the limit between {limit.ended_at} and {limit.went_on_at - 1}"
            )
        else:
            shown = ""
        said.append(
            f"when a payer's balance is {limit.limit} or below after a settlement "
            f"({rulesets}{shown})"
        )
    return ", and ".join(said)


def _targets_words(limits: Sequence[EndLimit]) -> str:
    """Where the match ends, at the target of each of its rulesets
    (:class:`~frogspec.conform.evidence.EndLimit` with ``target``), said where the matches
    leave it between two balances.

    >>> _targets_words([EndLimit(("modern",), 300, 340, 250, target=True)])
    "when a player's balance is 300 or more after a settlement (modern; the matches put the target between 251 and 340)"
    >>> _targets_words([EndLimit(("a",), 300, 300, 299, True), EndLimit(("c",), 450, 460, None, True)])
    "when a player's balance is 300 or more after a settlement (a), and 450 or more (c; the matches put the target at 460 or below)"
    """
    said = []
    for number, limit in enumerate(limits):
        rulesets = ", ".join(limit.rulesets)
        if limit.went_on_at is None:
            shown = f"; the matches put the target at {limit.ended_at} or below"
        elif limit.went_on_at + 1 < limit.ended_at:
            shown = (
                f"; the matches put the target between {limit.went_on_at + 1} and {limit.ended_at}"
            )
        else:
            shown = ""
        what = "when a player's balance is " if not number else ""
        after = " after a settlement" if not number else ""
        said.append(f"{what}{limit.limit} or more{after} ({rulesets}{shown})")
    return ", and ".join(said)


def _otherwise_words(difference: Difference) -> str:
    """What a unit op's engine does otherwise (a typed difference of
    :mod:`frogspec.conform.evidence`), in words.

    >>> _otherwise_words(CardCounted("J", 1, 2))
    'a Jack counts 1 instead of 2'
    >>> _otherwise_words(PaymentsRounded(5, "up", 35, 31))
    'each payment between the bidder and another player is rounded up to a multiple of 5 (e.g. 35 instead of 31)'
    >>> _otherwise_words(PaymentsRounded(5, "up", 10, 2, of_margin=True))
    'the margin over or under the tie is rounded up to a multiple of 5 before the rate applies (e.g. a payment of 10 instead of 2)'
    """
    from frogspec.conform.rotation import Rotation

    d = difference
    said = _settlement_words(d)
    if said is not None:
        return said
    if isinstance(d, Rotation):
        return rotation_words(d)[1]
    if isinstance(d, Several):
        return "; ".join(_otherwise_words(part) for part in d.parts)
    if isinstance(d, MatchOtherwise):
        return _match_words(d)
    if isinstance(d, PaidWhatHeHas):
        return (
            "a player unable to pay pays only what he has (his balance stops at 0), and those "
            "he owes share it, each in proportion to what he is owed"
        )
    if isinstance(d, PlayReversed):
        return "play goes to the right: eldest is the seat on the dealer's right"
    if isinstance(d, SeatsOut):
        verb = "sits" if len(d.engine) == 1 else "sit"
        return (
            f"{_seats(d.engine, ' and ' if len(d.engine) == 1 else ', ')} {verb} out instead "
            f"of {_seats(d.reference)} (the dealer is seat {d.dealer})"
        )
    if isinstance(d, DealerPlays):
        verb = "sits" if len(d.engine) == 1 else "sit"
        return (
            f"the dealer is dealt in and plays instead of sitting out (with {d.players} at "
            f"the table: {_seats(d.engine)} {verb} out instead of {_seats(d.reference)}, the "
            f"dealer is seat {d.dealer})"
        )
    if isinstance(d, PacketsChanged):
        return f"deals {d.engine} instead of {d.reference}"
    if isinstance(d, DealtTo):
        if d.position is None:
            return f"deals first to {d.engine} instead of {d.reference}"
        return f"pack position {d.position} goes to {d.engine} instead of {d.reference}"
    if isinstance(d, CardCounted):
        name = _RANK_NAMES.get(d.rank, d.rank)
        return f"{name} counts {d.engine} instead of {d.reference}"
    if isinstance(d, TrickTaken):
        cards = d.cards
        won, due = d.engine, d.reference
        if isinstance(won, int) and isinstance(due, int) and 0 <= won < len(cards):
            return f"{cards[won]} takes the trick {' '.join(cards)} instead of {cards[due]}"
        return f"answers {won} for the trick {' '.join(cards)} instead of {due}"
    if isinstance(d, RankOrderChanged) and d.trump_by_order is not None:
        return (
            f"the {d.trump_by_order} trump played wins the trick, whatever its rank (a trick with one "
            "trump or none is won as written)"
        )
    if isinstance(d, RankOrderChanged) and d.over_plain is not None:
        suit = _SUITS.get(d.over_plain, d.over_plain)
        return (
            f"{suit} rank above the plain suits when they are not trumps: the highest "
            f"{suit[:-1]} takes a trick that holds no trump, whatever suit was led (a trump "
            "still beats them)"
        )
    if isinstance(d, RankOrderChanged):
        return _rank_order_words(d)
    if isinstance(d, CardAsTrump):
        name, suit = _card_words(d.card), _SUITS.get(d.card[-1:], d.card[-1:])
        duties = [
            duty
            for duty, shown in (
                ("must play it to trumps led", d.follows_trumps),
                ("must play it when void in the suit led", d.when_void),
            )
            if shown
        ]
        return (
            f"{name} counts as a trump in the duties of the play, not as one of {suit}: "
            f"a player holding it {' and '.join(duties) or 'follows trumps'}"
        )
    if isinstance(d, FirstDealerChanged):
        return f"seat {d.engine} deals first instead of seat {d.reference}"
    if isinstance(d, LegalAt) and d.heads:
        lapses = ", unless a trump has been played to a plain suit led" if d.unless_trumped else ""
        return (
            "he must play higher than every card of the suit led in the trick (any card of "
            f"that suit where he holds none higher){lapses}, instead of any card of the suit"
        )
    if isinstance(d, LegalAt) and d.overtrumps:
        return (
            "a player void in the suit led must play a trump higher than every trump in the "
            "trick, where he holds one (any trump where he holds none higher), instead of "
            f"any trump (hand {' '.join(d.hand)}, trick {' '.join(d.trick)}, trump {d.trump}: "
            f"the engine's list lacks {', '.join(d.change.lacks)})"
        )
    if isinstance(d, LegalAt) and d.trumps_held_back:
        until = ", until a trump has been played in the deal" if d.until_trumps_played else ""
        return (
            "a player who leads may not lead a trump while he holds a card of another suit"
            f"{until} (hand {' '.join(d.hand)}, trump {d.trump}: the engine's list lacks "
            f"{', '.join(d.change.lacks)}), instead of leading any card"
        )
    if isinstance(d, LegalAt) and d.any_card:
        return (
            f"he may play any card he holds (e.g. {', '.join(d.change.adds)} too: hand "
            f"{' '.join(d.hand)}, trick {' '.join(d.trick) or 'nothing'}, trump {d.trump})"
        )
    if isinstance(d, LegalAt):
        trick = " ".join(d.trick) or "nothing"
        return (
            f"{difference_words(d.change)} (hand {' '.join(d.hand)}, trick {trick}, "
            f"trump {d.trump})"
        )
    if isinstance(d, AnswerChanged):
        return f"answers {_show(d.engine, 60)} instead of {_show(d.reference, 60)}"
    return difference_words(d)


def _rank_order_words(d: RankOrderChanged) -> str:
    """A rank order of the engine's in words: the one rank it moves, where one does, said
    against its neighbour (the highest: above the card it tops), then the whole order.

    >>> from frogspec.rules.cards import RANKS_HIGH_TO_LOW as WRITTEN
    >>> _rank_order_words(RankOrderChanged(("J", "A", "10", "K", "Q", "9", "8", "7", "6"),
    ...     WRITTEN, trumps_only=True))
    'the Jack of trumps ranks above the Ace of trumps (trumps rank J A 10 K Q 9 8 7 6; the plain suits A 10 K Q J 9 8 7 6, as written)'
    >>> _rank_order_words(RankOrderChanged(("A", "K", "Q", "J", "10", "9", "8", "7", "6"), WRITTEN))
    'the Ten ranks below the Jack (every suit ranks A K Q J 10 9 8 7 6)'
    >>> _rank_order_words(RankOrderChanged(WRITTEN, WRITTEN, True, beats=(("6", "A"),)))
    'the Six of trumps beats the Ace of trumps (and nothing else: trumps otherwise rank A 10 K Q J 9 8 7 6, as written)'
    """
    if d.moved:
        return _moved_words(d)
    of = " of trumps" if d.trumps_only else ""
    if d.beats:
        beating = "; ".join(
            f"the {_RANK_WORDS[winner]}{of} beats the {_RANK_WORDS[loser]}{of}"
            for winner, loser in d.beats
        )
        where = "trumps" if d.trumps_only else "every suit"
        return (
            f"{beating} (and nothing else: {where} otherwise rank {' '.join(d.engine)}, as written)"
        )
    moved = [
        rank
        for rank in d.engine
        if [r for r in d.engine if r != rank] == [r for r in d.reference if r != rank]
    ]
    said = f"the cards{of} rank {' '.join(d.engine)} instead of {' '.join(d.reference)}"
    if len(moved) in (1, 2):
        # One rank moved (two adjacent ranks swapped move each other: the higher is said).
        rank = moved[0] if len(moved) == 1 else min(moved, key=d.engine.index)
        at = d.engine.index(rank)
        if at == 0:
            said = f"the {_RANK_WORDS[rank]}{of} ranks above the {_RANK_WORDS[d.engine[1]]}{of}"
        else:
            said = (
                f"the {_RANK_WORDS[rank]}{of} ranks below the {_RANK_WORDS[d.engine[at - 1]]}{of}"
            )
    if d.trumps_only:
        return (
            f"{said} (trumps rank {' '.join(d.engine)}; the plain suits "
            f"{' '.join(d.reference)}, as written)"
        )
    return f"{said} (every suit ranks {' '.join(d.engine)})"


def _moved_words(d: RankOrderChanged) -> str:
    """Cards counted as trumps in words, each with its place among them, then the order.

    >>> from frogspec.rules.cards import RANKS_HIGH_TO_LOW as WRITTEN
    >>> _moved_words(RankOrderChanged(WRITTEN, WRITTEN, True, (("QS", "A"),)))
    'the Queen of spades is a trump whatever the trump suit, ranking just below the Ace of trumps (trumps rank A QS 10 K Q J 9 8 7 6; it follows trumps, not spades)'
    """
    said = []
    order = list(d.engine)
    for card, above in d.moved:
        name = _card_words(card)
        if above is None:
            said.append(f"{name} is the highest trump whatever the trump suit")
            order.insert(0, card)
        else:
            said.append(
                f"{name} is a trump whatever the trump suit, ranking just below the "
                f"{_RANK_WORDS.get(above, above)} of trumps"
            )
            order.insert(order.index(above) + 1 if above in order else len(order), card)
    suits = sorted({_SUITS.get(card[-1], card[-1]) for card, _ in d.moved})
    return (
        f"{'; '.join(said)} (trumps rank {' '.join(order)}; it follows trumps, not "
        f"{' or '.join(suits)})"
    )


_RANK_NAMES = {
    "A": "an Ace",
    "10": "a Ten",
    "K": "a King",
    "Q": "a Queen",
    "J": "a Jack",
    "9": "a Nine",
    "8": "an Eight",
    "7": "a Seven",
    "6": "a Six",
}

#: Each rank's name without its article (``the Jack``, ``the Jack of trumps``).
_RANK_WORDS = {rank: name.split(" ", 1)[1] for rank, name in _RANK_NAMES.items()}


def _rulesets_words(rulesets: tuple[str, ...]) -> str:
    return f"in {', '.join(rulesets)}" if rulesets else ""


def when_words(circumstances: Circumstances) -> str:
    """The situation in the rules' words: the rulesets, the occasion, the condition.

    >>> from frogspec.conform.conditions import ConditionTerm
    >>> grand = Condition((ConditionTerm("contract", ("grand",)),))
    >>> when_words(Circumstances(("foster-1909",), grand))
    'in foster-1909, in a grand'
    """
    from frogspec.conform.accounting import Lead
    from frogspec.conform.rotation import Rotation

    occasion = circumstances.occasion
    if isinstance(occasion, StageFinding):
        return finding_when(occasion)
    if isinstance(occasion, Rotation):
        said = rotation_words(occasion)[0]
    elif isinstance(occasion, Lead):
        said = lead_words(occasion)[0]
    else:
        said = str(getattr(occasion, "when", "") or "")
    condition = (
        condition_words(circumstances.condition) if circumstances.condition is not None else ""
    )
    parts = (_rulesets_words(circumstances.rulesets), said, condition)
    return ", ".join(part for part in parts if part)


def rotation_words(rotation: Any) -> tuple[str, str]:
    """How an engine passes the deal (a :class:`~frogspec.conform.rotation.Rotation`): the
    situation, and what it does there.

    >>> from frogspec.conform.evidence import DealerMoved
    >>> from frogspec.conform.rotation import Rotation
    >>> rotation_words(Rotation("auction.all-pass", DealerMoved(1, 0, 1, 0, 3, True), "same"))
    ('after a deal in which every player passed', 'the same player deals again')
    >>> moved = DealerMoved(1, 2, 1, 0, 3, False, 1)
    >>> rotation_words(Rotation("deal.rotation-left", moved, "bidder's left"))[1]
    "the seat on the bidder's left deals next instead of the seat on the dealer's left"
    >>> rotation_words(Rotation("deal.rotation-left", moved, "bidder"))[1]
    "the bidder deals next instead of the seat on the dealer's left"
    """
    moved = rotation.moved
    when = (
        "after a deal in which every player passed"
        if moved.after_passed_out
        else "after a deal with a bidder"
    )
    if rotation.next_dealer == "same":
        return when, "the same player deals again"
    if rotation.next_dealer == "right":
        return when, "the deal passes to the right"
    if rotation.next_dealer == "bidder":
        return when, "the bidder deals next instead of the seat on the dealer's left"
    if rotation.next_dealer == "bidder's left":
        return when, (
            "the seat on the bidder's left deals next instead of the seat on the dealer's left"
        )
    return when, f"seat {moved.engine} deals instead of seat {moved.reference}"


_ROLES = {
    "bidder": "the bidder",
    "eldest's left": "the player on eldest's left",
    "dealer": "the dealer",
    "last hand": "the last hand (who speaks last in turn from eldest)",
}


def lead_words(lead: Any) -> tuple[str, str]:
    """Who leads where the engine departs (a :class:`~frogspec.conform.accounting.Lead`):
    the situation, and what the engine does there.

    >>> from frogspec.conform.accounting import Lead
    >>> lead_words(Lead("play.winner-leads-next", False, 2, 0))
    ('after a trick', "seat 2 leads the next trick instead of the last trick's winner (seat 0)")

    Where the engine's leader took the trick before otherwise, the trick is what it says:

    >>> taken = Lead("play.trick-winner", False, 1, 0, "", ("KC", "7C", "6H"), "KC", "6H")
    >>> lead_words(taken)[0]
    'when a trump is played to a plain suit led'
    >>> lead_words(taken)[1]  # doctest: +NORMALIZE_WHITESPACE
    'seat 1 takes the trick KC 7C 6H with KC, the highest card of the suit led, instead of
    seat 0 with the trump 6H (and leads next, as the winner does)'

    Where the engine's own ``trick_winner`` gives it the trick, that is what it says:

    >>> asked = Lead("play.trick-winner", False, 2, 1, "", ("8S", "10S", "JS"), "JS", "10S", True)
    >>> lead_words(asked)  # doctest: +NORMALIZE_WHITESPACE
    ('after a trick', 'seat 2 takes the trick 8S 10S JS with JS, as its trick_winner answers
    too, instead of seat 1 with 10S (and leads next, as the winner does)')
    """
    if lead.trick and lead.answered:
        return "after a trick", (
            f"seat {lead.engine} takes the trick {' '.join(lead.trick)} with "
            f"{lead.engine_card}, as its trick_winner answers too, instead of seat "
            f"{lead.reference} with {lead.reference_card} (and leads next, as the winner does)"
        )
    if lead.trick:
        return "when a trump is played to a plain suit led", (
            f"seat {lead.engine} takes the trick {' '.join(lead.trick)} with "
            f"{lead.engine_card}, the highest card of the suit led, instead of seat "
            f"{lead.reference} with the trump {lead.reference_card} (and leads next, as the "
            "winner does)"
        )
    if not lead.first_trick:
        return "after a trick", (
            f"seat {lead.engine} leads the next trick instead of the last trick's winner "
            f"(seat {lead.reference})"
        )
    role = _ROLES.get(lead.role)
    who = f"{role} (seat {lead.engine})" if role else f"seat {lead.engine}"
    return "at the first trick of a deal", (
        f"{who} leads instead of eldest hand (seat {lead.reference})"
    )


def hypothesis_words(hypothesis: Any) -> str:
    """What an engine counts otherwise (a :class:`~frogspec.conform.accounting.
    PointsHypothesis`), in words.

    >>> from frogspec.conform.accounting import FixedPoints
    >>> hypothesis_words(FixedPoints("scoring.count-card-points", 10))
    'the side that wins the last trick counts 10 points more'
    >>> from frogspec.conform.accounting import TrumpsCounted
    >>> hypothesis_words(TrumpsCounted("scoring.count-card-points", 1))
    "each trump a side takes counts 1 point more than its card's points (a deal with a trump suit holds 129)"
    >>> from frogspec.conform.accounting import TrumpCardCounted
    >>> hypothesis_words(TrumpCardCounted("cards.points", "9", 10))
    'the Nine of trumps counts 10 instead of 0 (a Nine of a plain suit as written)'
    >>> from frogspec.conform.accounting import BeyondThePack
    >>> hypothesis_words(BeyondThePack("scoring.count-card-points", 121))
    "counts points beyond the 120 the cards hold: settles a bidder's 121 points"
    >>> from frogspec.conform.accounting import _Recounted
    >>> hypothesis_words(_Recounted("cards.points", (CardCounted("J", 0, 2),)))
    'a Jack counts 0 instead of 2'
    """
    from frogspec.conform.accounting import (
        PACK_POINTS,
        BeyondThePack,
        FixedPoints,
        GroupCredited,
        LastTrickToSuitLed,
        TrumpCardCounted,
        TrumpsCounted,
        _Recounted,
    )

    if isinstance(hypothesis, _Recounted):
        return "; ".join(_otherwise_words(c) for c in hypothesis.counted)
    if isinstance(hypothesis, BeyondThePack):
        return (
            f"counts points beyond the {PACK_POINTS} the cards hold: settles a bidder's "
            f"{hypothesis.points} points"
        )
    if isinstance(hypothesis, GroupCredited) and hypothesis.group == GroupCredited.IN_PLACE:
        side = "neither side" if hypothesis.dead else "the defenders, not the bidder"
        if hypothesis.to_last_trick:
            side = "the side that wins the last trick"
        return (
            "the widow's points counted for "
            f"{side} (in a Frog, the cards the bidder laid away in its place)"
        )
    if isinstance(hypothesis, GroupCredited):
        side = "neither side" if hypothesis.dead else "the defenders, not the bidder"
        return f"the {hypothesis.group} cards' points counted for {side}"
    if isinstance(hypothesis, FixedPoints) and hypothesis.taken:
        return (
            f"the side that wins the last trick takes {hypothesis.points} points from the "
            "other side (as many as it has, if fewer)"
        )
    if isinstance(hypothesis, FixedPoints):
        return f"the side that wins the last trick counts {hypothesis.points} points more"
    if isinstance(hypothesis, LastTrickToSuitLed):
        return (
            "the last trick is taken by the highest card of the suit led: a trump played "
            "to it does not take it"
        )
    if isinstance(hypothesis, TrumpCardCounted):
        name = _RANK_WORDS.get(hypothesis.rank, hypothesis.rank)
        written = card_points(make_card(hypothesis.rank, Suit.CLUBS))
        article = "an" if name[:1] in "AEIOU" else "a"
        return (
            f"the {name} of trumps counts {hypothesis.points} instead of {written} ({article} "
            f"{name} of a plain suit as written)"
        )
    if isinstance(hypothesis, TrumpsCounted):
        more = f"{hypothesis.points} point{'s' if abs(hypothesis.points) != 1 else ''}"
        return (
            f"each trump a side takes counts {more} more than its card's points "
            f"(a deal with a trump suit holds {PACK_POINTS + hypothesis.added})"
        )
    return f"counts otherwise ({hypothesis.rule})"


#: The fields an ``instead`` says first: what a player sees of the game before the lists.
_TELLING = ("contract", "bidder", "trump", "points", "payments", "phase", "legal", "to_act")


def _localised_words(localised: Localised) -> str:
    """What the engine does in a group of games localised by replay
    (:class:`~frogspec.conform.localise.Localised`): the ranks its legal lists leave out,
    else the two most telling differences of its smallest example.

    >>> from frogspec.conform.localise import RanksLeftOut
    >>> left_out = RanksLeftOut("discard", ("10", "A"), ("discard 10D", "discard AD"))
    >>> _localised_words(Localised("widow.discard", Condition(()), (), left_out))
    'leaves out the discards of the cards of rank 10 or A (discard 10D, discard AD)'
    """
    said = _localised_kind_words(localised)
    if said:
        return said
    ranked = sorted(
        localised.differences,
        key=lambda d: _TELLING.index(d.field) if d.field in _TELLING else len(_TELLING),
    )
    return "; ".join(difference_words(d) for d in ranked[:2])


def _localised_kind_words(localised: Localised) -> str:
    """What the engine does in a group of games localised by replay, where the replay
    found the kind of departure (a player asked again, a trump named, cards left out...);
    empty where it found only the differences of its example."""
    if localised.asked_again is not None:
        return (
            f"a player who has passed (seat {localised.asked_again}) is asked again after a "
            "later bid"
        )
    if localised.not_asked_again is not None:
        return (
            "each player in turn from eldest makes one bid or passes: a player who has "
            "been overbid is not asked again, and the auction ends once the others have "
            "spoken (there is no second round)"
        )
    if localised.overbid_in_turn:
        return (
            "a player who has been overbid may bid again when his turn comes round: the "
            "auction goes round until all but one have passed"
        )
    if localised.trump_from_widow is not None:
        from frogspec.registry import rule_for_function

        # A fixed trump moved to the widow's suit says it replaces the fixed suit.
        fixed_rule = rule_for_function(fixed_trump)
        fixed = fixed_rule is not None and localised.rule == fixed_rule.id
        return _trump_from_widow_words(*localised.trump_from_widow, instead_of_hearts=fixed)
    if localised.trump_named is not None:
        contracts, suits = localised.trump_named
        named = _and([c.capitalize() for c in contracts], "or")
        which = f" ({_and(list(suits), 'or')})" if suits else ""
        # A Frog's bidder lays away first: the engine asks for the trump after that.
        after = " once he has laid away" if "frog" in contracts else ""
        return f"in a {named}: the bidder names the trump suit{which}{after}"
    if localised.holds is not None:
        who = _HOLDERS.get(localised.holds, "a player")
        return (
            f"{who} may hold: bidding the contract that stands takes it over, where any "
            "other player must bid higher"
        )
    if localised.first_bidder is not None:
        moved = SeatChanged.to_act_in(localised.differences)
        role = _ROLES.get(localised.first_bidder)
        who = role or (f"seat {moved.engine}" if moved is not None else "another player")
        return f"{who} bids first instead of eldest hand"
    if localised.ranked_equal is not None:
        return _ranked_equal_words(*localised.ranked_equal)
    if localised.not_biddable and localised.opener_refused is not None:
        refused = " or ".join(localised.not_biddable)
        offered = " or ".join(localised.opener_refused.offered_after)
        return (
            f"the opening bid may not be {refused}: once the opener has passed, the next "
            f"player may bid {offered}, no bid standing still"
        )
    if localised.not_biddable:
        return f"{' or '.join(localised.not_biddable)} may not be bid"
    if localised.next_bid_only:
        return (
            "a bid must be the next contract above the standing bid "
            f"({', '.join(localised.next_bid_only)}): no jump"
        )
    goes_on = _auction_goes_on(localised.differences)
    if goes_on:
        return goes_on
    lays_away = _lays_away(localised.differences)
    if lays_away:
        return lays_away
    left_out = localised.left_out
    if left_out is not None and (left_out.in_hand or left_out.suits):
        return _narrowed_words(left_out)
    if left_out is not None and left_out.origin:
        cards = "taken from the widow" if left_out.origin == "widow" else "dealt to his hand"
        said = (
            f"leaves out the {left_out.verb}s of the cards {cards} ({', '.join(left_out.examples)})"
        )
        if left_out.origin == "widow" and left_out.verb == "discard":
            said += (
                ": the bidder lays away only cards dealt to his hand, as if before taking the widow"
            )
        return said
    if left_out is not None:
        return (
            f"leaves out the {left_out.verb}s of the cards of rank "
            f"{' or '.join(left_out.ranks)} ({', '.join(left_out.examples)})"
        )
    return ""


#: Who may hold a standing bid, by his part at the table
#: (:attr:`~frogspec.conform.localise.Localised.holds`).
_HOLDERS = {
    "eldest": "eldest hand",
    "last": "the last hand",
    "ahead": "a player ahead of the one whose bid stands (nearer eldest hand)",
}


#: The places of a card in the deal, in words.
_ORDINALS = ("first", "second", "third", "fourth")


def _trump_from_widow_words(place: int, among_named: bool, instead_of_hearts: bool = False) -> str:
    """The trump set from a card of the widow, where the bidder would name it, or where
    the rules make hearts trumps (``instead_of_hearts``).

    >>> _trump_from_widow_words(0, False)
    "the trump is the suit of the widow's first card: the bidder names none"
    >>> _trump_from_widow_words(0, True)
    "the trump is the suit of the widow's first card of a suit he may name (the others passed over): the bidder names none"
    >>> _trump_from_widow_words(0, False, instead_of_hearts=True)
    "the trump is the suit of the widow's first card instead of hearts"
    """
    nth = _ORDINALS[place] if place < len(_ORDINALS) else f"card {place + 1}"
    if instead_of_hearts:
        return f"the trump is the suit of the widow's {nth} card instead of hearts"
    among = " of a suit he may name (the others passed over)" if among_named else ""
    return f"the trump is the suit of the widow's {nth} card{among}: the bidder names none"


def _ranked_equal_words(standing: str, equal: Sequence[str], offered: Sequence[str]) -> str:
    """Contracts that do not outbid a standing one they rank next above.

    >>> _ranked_equal_words("frog", ("chico",), ("grand",))
    'a Chico does not outbid a Frog: over a Frog only a Grand may be bid'
    """

    def named(contracts: Sequence[str]) -> str:
        return " or ".join(f"a {c.capitalize()}" for c in contracts)

    return (
        f"{named(equal)} does not outbid {named([standing])}: over {named([standing])} "
        f"only {named(offered)} may be bid"
    )


#: What a legal list narrowed by a property of the hand lets the player do, by the kind
#: of action and the property of those it leaves out
#: (:attr:`~frogspec.conform.localise.RanksLeftOut.in_hand`).
_NARROWED_WORDS = {
    ("play", "trump"): "a trump may not be played",
    ("play", "not_trump"): "he must play a trump",
    ("discard", "trump"): "a trump may not be laid away",
    (
        "trump",
        "shorter",
    ): "the bidder may name only one of his longest suits among those he may name",
    ("trump", "not_held"): "the bidder may name only a suit he holds",
    **{
        ("trump", f"fewer_than_{n}"): (
            f"the bidder may name only a suit he holds at least {n} cards of, among those he "
            "may name"
        )
        for n in (2, 3, 4)
    },
}


def _narrowed_words(narrowed: RanksLeftOut) -> str:
    """A legal list narrowed by a property of the hand, as the rule the engine keeps.

    >>> _narrowed_words(RanksLeftOut("play", (), ("play 6H",), in_hand="trump", leads=True))
    'a trump may not be led'
    >>> _narrowed_words(RanksLeftOut("trump", (), ("trump D",), in_hand="shorter"))
    'the bidder may name only one of his longest suits among those he may name'
    >>> _narrowed_words(RanksLeftOut("play", (), ("play QC",), in_hand="not_trump", leads=True))
    'he must lead a trump'
    >>> _narrowed_words(RanksLeftOut("trump", (), ("trump S",), in_hand="fewer_than_3"))
    'the bidder may name only a suit he holds at least 3 cards of, among those he may name'
    >>> _narrowed_words(RanksLeftOut("trump", (), ("trump D",), suits=("C", "S")))
    'the bidder may name only a black suit (C or S)'
    >>> _narrowed_words(RanksLeftOut("trump", (), ("trump H",), suits=("C", "D", "H", "S")))
    'the bidder may name any suit'
    """
    if narrowed.suits and narrowed.verb == "trump":
        return f"the bidder may name {_suits_named(narrowed.suits)}"
    said = _NARROWED_WORDS.get((narrowed.verb, narrowed.in_hand))
    if said is None:
        return f"leaves out the {narrowed.verb}s {', '.join(narrowed.examples)}"
    if narrowed.leads and narrowed.verb == "play":
        said = said.replace("played", "led").replace("must play", "must lead")
    return said


#: The suits of one colour, by the letters of a pair of them.
_COLOURS = {("C", "S"): "a black suit", ("D", "H"): "a red suit"}


def _suits_named(suits: Sequence[str]) -> str:
    """What a bidder may name among ``suits``: by their colour where they are the two of one,
    by the one left out where it is one, with the protocol's letters an implementer reads in
    his answers.

    >>> _suits_named(("S", "C")), _suits_named(("C", "D")), _suits_named(("H",))
    ('only a black suit (C or S)', 'only clubs or diamonds (C or D)', 'only hearts (H)')
    >>> _suits_named(("C", "D", "S")), _suits_named(("C", "D", "H", "S"))
    ('any suit but hearts (C, D or S)', 'any suit')
    """
    ordered = sorted(parse_suit(x) for x in suits)
    letters = _and([suit.letter for suit in ordered], "or")
    names = _and([suit.name.lower() for suit in ordered], "or")
    if len(ordered) == len(Suit):
        return "any suit"
    if len(ordered) == len(Suit) - 1:
        (left_out,) = set(Suit) - set(ordered)
        return f"any suit but {left_out.name.lower()} ({letters})"
    colour = _COLOURS.get((ordered[0].letter, ordered[-1].letter)) if len(ordered) == 2 else None
    return f"only {colour or names} ({letters})"


def _auction_goes_on(differences: tuple[Difference, ...]) -> str:
    """Where the engine is still in the auction when the reference's has ended, that in
    words (empty elsewhere).

    >>> _auction_goes_on((FieldChanged("phase", "auction", "play"), SeatChanged("to_act", 0, 1)))
    'the auction goes on (seat 0 to bid) where it has ended (the reference: play)'
    """
    phase = next(
        (d for d in differences if isinstance(d, FieldChanged) and d.name == "phase"), None
    )
    if phase is None or phase.engine != "auction" or phase.reference == "auction":
        return ""
    moved = SeatChanged.to_act_in(differences)
    seat = moved.engine if moved is not None else None
    who = f" (seat {seat} to bid)" if seat is not None else ""
    return f"the auction goes on{who} where it has ended (the reference: {phase.reference})"


def _lays_away(differences: tuple[Difference, ...]) -> str:
    """Where the engine's bidder lays away when the reference's does not, that in words
    (empty elsewhere).

    >>> _lays_away((FieldChanged("phase", "discard", "trump"),))
    'the bidder takes the widow and lays away (the reference: trump)'
    """
    phase = next(
        (d for d in differences if isinstance(d, FieldChanged) and d.name == "phase"), None
    )
    if phase is None or phase.engine != "discard" or phase.reference == "discard":
        return ""
    return f"the bidder takes the widow and lays away (the reference: {phase.reference})"


def instead_words(
    otherwise: Any, settles_up_to: int | None = None, holds: int | None = None
) -> str:
    """What the engine does where it departs, from the typed value that says it: the
    passing of the deal, a count otherwise (a hypothesis of the accounting), or the words
    of the probe or the replay that found it; empty for none. ``settles_up_to``: for a
    departure of the count, the pack's points by the engine's count, past which it refuses
    to settle (``None``: it settles whatever the reference does); ``holds``: the points a
    deal holds by that count, where the tie is half of them (``None``: the rules' tie).

    >>> from frogspec.conform.probes.base import Probe
    >>> tens = StageFinding("card_points", "cards.points", CardCounted("10", 5, 10), 32, 4,
    ...     Probe({"op": "card_points"}, {"result": 10}, {"result": 5}, ()))
    >>> instead_words(tens, settles_up_to=110)
    "a Ten counts 5 instead of 10; refuses to settle more than 110 points, the pack's count with a Ten at 5"
    >>> from frogspec.conform.accounting import FixedPoints, BeyondThePack
    >>> instead_words(FixedPoints("scoring.count-card-points", 10), holds=130)
    'the side that wins the last trick counts 10 points more: the deal holds 130 points, the tie is 65'
    >>> instead_words(BeyondThePack("scoring.count-card-points", 121), holds=130)
    'counts points beyond the 120 the cards hold: the deal holds 130 points, the tie is 65'
    >>> kings = StageFinding("card_points", "cards.points", CardCounted("K", 5, 4), 32, 4,
    ...     Probe({"op": "card_points"}, {"result": 4}, {"result": 5}, ()))
    >>> instead_words(kings, settles_up_to=124)
    "a King counts 5 instead of 4; settles a bidder's points up to 124, the pack's count with a King at 5"
    >>> instead_words(tens, settles_up_to=110, holds=110)
    'a Ten counts 5 instead of 10: the deal holds 110 points, the tie is 55, and no more are settled'
    >>> instead_words(FixedPoints("scoring.count-card-points", 11), holds=131)
    'the side that wins the last trick counts 11 points more: the deal holds 131 points, the tie is 65½ (no score ties)'
    """
    from frogspec.conform.accounting import PACK_POINTS, BeyondThePack

    said = _instead_words(otherwise)
    if holds is not None:
        if isinstance(otherwise, BeyondThePack):  # the deal's count says how many
            said = f"counts points beyond the {PACK_POINTS} the cards hold"
        tie = f"{holds // 2}" if holds % 2 == 0 else f"{holds // 2}½ (no score ties)"
        said += f": the deal holds {holds} points, the tie is {tie}"
        if settles_up_to == holds:
            return f"{said}, and no more are settled"
    if settles_up_to is None:
        return said
    refused = f"refuses to settle more than {settles_up_to} points, the pack's count"
    if settles_up_to > PACK_POINTS:
        refused = f"settles a bidder's points up to {settles_up_to}, the pack's count"
    counted = otherwise.otherwise if isinstance(otherwise, StageFinding) else None
    ranks = counted.parts if isinstance(counted, Several) else (counted,)
    if ranks and all(isinstance(r, CardCounted) for r in ranks):
        refused += " with " + _and(
            [
                f"{_RANK_NAMES.get(r.rank, r.rank)} at {r.engine}"
                for r in ranks
                if isinstance(r, CardCounted)
            ],
            "and",
        )
    else:
        refused += " by its own count"
    return f"{said}; {refused}" if said else refused


def reading_words(otherwise: Any, reading: str, rulesets: Sequence[str]) -> str:
    """What the engine does, said by the rival reading a swap confirms it follows, where
    the typed value that found it says only the differences of an example (a replay
    found no kind of departure); else ``""``: the value says it better.

    >>> reading_words(None, "auction.one-bid-each", ["gamerules"])
    'each player in turn from eldest makes one bid, higher than the last, or passes; there is no second round (auction.one-bid-each, the reading of gamerules)'
    """
    from frogspec.registry import get_rule

    if not _says_only_an_example(otherwise):
        return ""
    statement = get_rule(reading).statement.rstrip(".")
    of = f", the reading of {', '.join(rulesets)}" if rulesets else ""
    return f"{statement[:1].lower()}{statement[1:]} ({reading}{of})"


def twin_words(otherwise: Any, rule_id: str) -> str:
    """What the engine does, said by the mistake of the rule's twin where a swap of the
    twin confirms it and the typed value that found it says only the differences of an
    example; else ``""``.

    >>> twin_words(None, "play.trick-winner")
    'the first trump played to a trick wins it: a later, higher trump does not over-trump'
    """
    from frogspec.twins import get_twin

    if not _says_only_an_example(otherwise):
        return ""
    mistake = get_twin(rule_id).mistake.rstrip(".")
    return f"{mistake[:1].lower()}{mistake[1:]}"


def _says_only_an_example(otherwise: Any) -> bool:
    """Whether the value that found a departure says nothing of it but an example's
    differences (none, or a replay that found no kind of departure)."""
    return otherwise is None or (
        isinstance(otherwise, Localised) and not _localised_kind_words(otherwise)
    )


def _instead_words(otherwise: Any) -> str:
    from frogspec.conform.accounting import Lead, PointsHypothesis
    from frogspec.conform.rotation import Rotation

    if otherwise is None:
        return ""
    if isinstance(otherwise, Rotation):
        return rotation_words(otherwise)[1]
    if isinstance(otherwise, Lead):
        return lead_words(otherwise)[1]
    if isinstance(otherwise, PointsHypothesis):
        return hypothesis_words(otherwise)
    if isinstance(otherwise, Localised):
        return _localised_words(otherwise)
    if isinstance(otherwise, StageFinding):
        return finding_instead(otherwise)
    if isinstance(otherwise, Difference):
        return _otherwise_words(otherwise)
    return str(getattr(otherwise, "instead", "") or "")
