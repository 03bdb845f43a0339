"""Points by accounting: a difference in the points explained only by a hypothesis that
fits every case of the group.

When an engine's ``points`` differ from the reference's at the end of a deal, the cards
are the same; what differs is what is counted for whom. The hypotheses are typed values:
a card group (the widow left untouched in a Chico or a Grand, the three cards a Frog
bidder laid away) credited to the other side (:class:`GroupCredited`), a fixed number
of points given to the side that wins the last trick (:class:`FixedPoints`), or each
side's cards recounted with the points the engine's ``card_points`` gives them (a pack
worth another count). Every hypothesis counts the cards with the engine's own values
(:func:`card_values`): a house rule of the count may come with one of the cards' worth.
:func:`explain_points` keeps a hypothesis only if it gives the engine's count on every
case of the group it is shown (one deal's coincidence, a widow that happens to hold ten
points, is no evidence); :func:`who_leads` says who leads where that is the step.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from frogspec._types import Json
from frogspec.conform.evidence import (
    CardCounted,
    Difference,
    FieldChanged,
    PointsChanged,
    SeatChanged,
)
from frogspec.errors import FrogError
from frogspec.harness import Adjust
from frogspec.rules.cards import (
    FULL_PACK,
    RANKS_HIGH_TO_LOW,
    SUIT_MASKS,
    SUIT_SIZE,
    Suit,
    card_points,
    cards_of,
    format_card,
    make_card,
    points_of,
    suit_of,
)
from frogspec.rulesets import Ruleset

__all__ = [
    "Accounting",
    "BothCounted",
    "FixedPoints",
    "GroupCredited",
    "LastTrickToSuitLed",
    "Lead",
    "PointsHypothesis",
    "TrumpCardCounted",
    "TrumpsCounted",
    "contracts_of",
    "explain_points",
    "games_total",
    "leader_model",
    "moves_points",
    "taken_within",
    "who_leads",
]


@dataclass(frozen=True)
class Accounting:
    """A departure said in the rules' terms: ``rule`` the rule that decides it, ``when``
    the situation, ``instead`` what the engine does."""

    rule: str
    when: str
    instead: str


@dataclass(frozen=True)
class Lead:
    """Who leads a trick where the engine departs (said by
    :func:`frogspec.conform.words.lead_words`)."""

    #: The rule that decides who leads there.
    rule: str
    #: Whether it is the first trick of the deal (else the trick after another).
    first_trick: bool
    #: The seat that leads by the engine.
    engine: int
    #: By the reference (``None``: no one is to lead there).
    reference: int | None
    #: The engine's leader's part at the table: ``"bidder"``, ``"eldest's left"``,
    #: ``"dealer"``, or ``""`` (none of these).
    role: str = ""
    #: Where the engine's leader took the trick before (by the engine's own answer to
    #: the trick, or with the highest card of the suit led while a trump played to it
    #: takes it by the rules): ``rule`` is then the trick's winner's, and the lead follows
    #: from it. The trick's cards in play order; empty elsewhere.
    trick: tuple[str, ...] = ()
    #: Then the engine's leader's card, and the reference's winner's (the trump).
    engine_card: str = ""
    reference_card: str = ""
    #: Whether the engine's own ``trick_winner`` gives the trick to its leader (else the
    #: highest card of the suit led and a trump played to it are the evidence).
    answered: bool = False


@dataclass(frozen=True)
class PointsHypothesis:
    """What the engine may count otherwise (the base of the hypotheses)."""

    #: The rule that says what is counted, and for whom.
    rule: str
    #: The points the engine counts for the cards it counts otherwise (its
    #: ``card_points``): each card (its index) and its points; the others count the
    #: rules' points.
    values: tuple[tuple[int, int], ...] = field(default=(), kw_only=True)

    def worth(self, mask: int) -> int:
        """The points of the cards of ``mask`` by the engine's values.

        >>> jack_of_clubs_zero = FixedPoints("scoring.count-card-points", 0, values=((4, 0),))
        >>> jack_of_clubs_zero.worth(0b11111), points_of(0b11111)
        (0, 2)
        """
        return _worth(mask, self.values)

    def recounted(self, case: _Deal) -> tuple[int, int]:
        """The reference's count of the deal (bidder, defenders), each side's cards counted
        with the engine's values (where the reference, with the departures assumed, counts
        them with other values already, from those)."""
        return (
            case.bidder + self.worth(case.bidder_cards) - case.worth(case.bidder_cards),
            case.defenders + self.worth(case.defender_cards) - case.worth(case.defender_cards),
        )

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        """The points (bidder, defenders) the engine would count on the deal (``None``:
        the hypothesis says nothing of it)."""
        raise NotImplementedError

    def fits(self, divergence: Any, assumed: Adjust | None = None) -> bool:
        """Whether the hypothesis gives the engine's count where the points differ at
        ``divergence`` (anything with the ``request`` and the typed ``differences``), the
        deal replayed under the departures ``assumed``."""
        found = _deal(divergence, assumed)
        return found is not None and self.predicts(found[0]) == found[1]

    @property
    def added(self) -> int:
        """The points a deal holds beyond the pack's under the hypothesis (none where
        cards only change sides)."""
        return 0

    @property
    def holds(self) -> int:
        """The points a deal holds under the hypothesis: the pack's by the engine's values,
        and those added."""
        return self.worth(FULL_PACK) + self.added

    def takes_points(self, request: Json, expected: Json, actual: Json) -> bool:
        """Whether a ``settle`` the reference refuses for bidder's points beyond the pack's
        is one the engine takes because its deal holds more points (points it may count):
        the engine answers otherwise than with a refusal of the input (a payment, or a
        later rule's refusal).

        >>> request = {"op": "settle", "bidder_points": 125}
        >>> refused = {"error": {"kind": "invalid"}}
        >>> FixedPoints("scoring.count-card-points", 10).takes_points(
        ...     request, refused, {"result": [-65, 130, -65]})
        True
        >>> GroupCredited("scoring.widow-counts-for-bidder").takes_points(
        ...     request, refused, {"result": [-65, 130, -65]})
        False
        """
        if not isinstance(request, dict) or request.get("op") != "settle":
            return False
        points = request.get("bidder_points")
        if isinstance(points, bool) or not isinstance(points, int):
            return False
        if not PACK_POINTS < points <= PACK_POINTS + self.added:
            return False
        return _refused_as_invalid(expected) and not _refused_as_invalid(actual)


def _refused_as_invalid(answer: Json) -> bool:
    """Whether the answer refuses the input as malformed (an ``invalid`` error)."""
    error = answer.get("error") if isinstance(answer, dict) else None
    return isinstance(error, dict) and error.get("kind") == "invalid"


#: The points the pack holds.
PACK_POINTS = points_of(FULL_PACK)


def pack_by_engine(counted: Sequence[Difference], finals: Sequence[Any]) -> int | None:
    """The points the engine's own count gives the pack, where it differs from the
    reference's: the total of its finished games' counts (bidder's and defenders'), where
    every failing game whose points differ (``finals``: anything with typed
    ``differences``) gives the same; else its ``card_points`` summed over the pack, from
    the ranks it counts otherwise (``counted``: a :class:`~frogspec.conform.evidence.
    CardCounted` for each card it counts so). ``None`` where neither says another count.

    >>> from frogspec.conform.evidence import CardCounted
    >>> pack_by_engine([CardCounted("10", 5, 10)] * 4, [])
    100
    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(differences=(PointsChanged(100, 120, 10, 0),))
    >>> pack_by_engine([CardCounted("10", 5, 10)] * 4, [game, game])
    110
    >>> pack_by_engine([], [])
    """
    total = games_total(finals)
    if total is not None:
        return None if total == PACK_POINTS else total
    changes = [
        d.engine - d.reference
        for d in counted
        if isinstance(d, CardCounted) and _is_count(d.engine) and _is_count(d.reference)
    ]
    return PACK_POINTS + sum(changes) if any(changes) else None


def games_total(finals: Sequence[Any]) -> int | None:
    """The points (bidder's and defenders' together) that every failing game whose points
    differ gives the pack by the engine's count (``finals``: anything with typed
    ``differences``), where they all give the same; else ``None``.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(differences=(PointsChanged(100, 120, 10, 0),))
    >>> games_total([game, game])
    110
    >>> games_total([game, SimpleNamespace(differences=(PointsChanged(90, 120, 10, 0),))])
    """
    totals = set()
    for final in finals:
        changed = next((d for d in final.differences if isinstance(d, PointsChanged)), None)
        if changed is not None and changed.engine_defenders is not None:
            totals.add(changed.engine + changed.engine_defenders)
    return next(iter(totals)) if len(totals) == 1 else None


def _is_count(value: Json) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def refused_past(request: Json, expected: Json, actual: Json, pack: int) -> bool:
    """Whether the engine refuses (``invalid``) a ``settle`` the reference answers, for
    bidder's points past ``pack``, the pack's points by the engine's count: the
    refusal follows from the count.

    >>> request = {"op": "settle", "bidder_points": 115}
    >>> refused = {"error": {"kind": "invalid"}}
    >>> refused_past(request, {"result": [-55, 110, -55]}, refused, 110)
    True
    >>> refused_past({**request, "bidder_points": 105}, {"result": [0]}, refused, 110)
    False
    """
    if not isinstance(request, dict) or request.get("op") != "settle":
        return False
    points = request.get("bidder_points")
    return (
        isinstance(points, int)
        and not isinstance(points, bool)
        and points > pack
        and isinstance(expected, dict)
        and "result" in expected
        and _refused_as_invalid(actual)
    )


def taken_within(request: Json, expected: Json, actual: Json, pack: int) -> bool:
    """Whether the engine takes a ``settle`` the reference refuses (``invalid``) for
    bidder's points beyond the 120 the cards hold, within ``pack``, the pack's points by
    the engine's count (it answers otherwise than with a refusal of the input: a payment,
    or a later rule's refusal): taking them follows from the count.

    >>> request = {"op": "settle", "bidder_points": 121}
    >>> refused = {"error": {"kind": "invalid"}}
    >>> taken_within(request, refused, {"result": [-61, 122, -61]}, 124)
    True
    >>> taken_within(request, refused, {"error": {"kind": "illegal"}}, 124)
    True
    >>> taken_within({**request, "bidder_points": 125}, refused, {"result": [0]}, 124)
    False
    """
    if not isinstance(request, dict) or request.get("op") != "settle":
        return False
    points = request.get("bidder_points")
    return (
        _is_count(points)
        and isinstance(points, int)
        and PACK_POINTS < points <= pack
        and _refused_as_invalid(expected)
        and not _refused_as_invalid(actual)
    )


@dataclass(frozen=True)
class GroupCredited(PointsHypothesis):
    """A card group counted for the other side, or for neither (``dead``).

    >>> deal = _Deal(70, 50, widow=0b111, laid_away=0b111 << 3, last_winner_is_bidder=True,
    ...     contract="frog")
    >>> dead = GroupCredited("scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, True)
    >>> dead.predicts(deal), points_of(deal.laid_away)
    ((65, 50), 5)

    A Frog's widow went into the bidder's hand: the untouched widow moves nothing there.

    >>> GroupCredited("scoring.widow-counts-for-bidder", "widow").predicts(deal)
    (70, 50)

    A group that leaves the bidder only where he takes no trick: he took one here, not there.

    >>> no_trick = GroupCredited(
    ...     "scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, no_trick=True)
    >>> no_trick.predicts(deal), no_trick.predicts(replace(deal, bidder_took_no_trick=True))
    ((70, 50), (65, 55))
    """

    #: The card group that counts for the bidder besides his tricks: the untouched widow
    #: of a Chico or a Grand, or in a Frog the three cards laid away in its place.
    IN_PLACE: ClassVar[str] = "widow or laid away"

    #: ``widow`` (untouched, Chico or Grand), ``laid away`` (a Frog bidder's), or
    #: :attr:`IN_PLACE`.
    group: str = "widow"
    #: Whether the group counts for neither side (else for the defenders).
    dead: bool = False
    #: Whether the group counts for the side that wins the last trick (the bidder keeps it
    #: where he wins it), else for the defenders always.
    to_last_trick: bool = False
    #: Whether the group goes from the bidder only where he takes no trick (he keeps it
    #: where he takes one).
    no_trick: bool = False

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        if self.group == self.IN_PLACE:
            mask = case.laid_away or case.widow
        elif self.group == "widow" and case.laid_away:
            # A Frog's widow went into the bidder's hand: no widow lies untouched to move.
            return self.recounted(case)
        else:
            mask = case.widow if self.group == "widow" else case.laid_away
        if not mask or (self.to_last_trick and case.last_winner_is_bidder is None):
            return None
        bidder, defenders = self.recounted(case)
        if self.to_last_trick and case.last_winner_is_bidder:
            return bidder, defenders
        if self.no_trick and not case.bidder_took_no_trick:
            return bidder, defenders
        moved = self.worth(mask)
        return bidder - moved, defenders + (0 if self.dead else moved)


@dataclass(frozen=True)
class FixedPoints(PointsHypothesis):
    """A fixed number of points added to the side that wins the last trick, or (``taken``)
    taken from the other side, as many as it has up to that number: the deal then holds
    the pack's points still.

    >>> deal = _Deal(70, 50, widow=0, laid_away=0, last_winner_is_bidder=False,
    ...     contract="frog", bidder_cards=0, defender_cards=0)
    >>> FixedPoints("scoring.count-card-points", 10).predicts(deal)
    (70, 60)
    >>> FixedPoints("scoring.count-card-points", 10, taken=True).predicts(deal)
    (60, 60)
    >>> FixedPoints("scoring.count-card-points", 10, taken=True).predicts(
    ...     _Deal(4, 116, 0, 0, False, "frog"))
    (0, 120)
    """

    #: The points added.
    points: int = 10
    #: Whether they are taken from the other side (else added to the deal's).
    taken: bool = False

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        if case.last_winner_is_bidder is None:
            return None
        bidder, defenders = self.recounted(case)
        if self.taken:
            if case.last_winner_is_bidder:
                moved = min(self.points, defenders)
                return bidder + moved, defenders - moved
            moved = min(self.points, bidder)
            return bidder - moved, defenders + moved
        if case.last_winner_is_bidder:
            return bidder + self.points, defenders
        return bidder, defenders + self.points

    @property
    def added(self) -> int:
        """The points added to a deal: it holds that many beyond the pack's (none where
        they are taken from the other side)."""
        return 0 if self.taken else max(self.points, 0)


@dataclass(frozen=True)
class LastTrickToSuitLed(PointsHypothesis):
    """The last trick taken by the highest card of the suit led, a trump played to it
    taking nothing: its cards count for that card's side.

    >>> deal = _Deal(70, 50, widow=0, laid_away=0, last_winner_is_bidder=True,
    ...     contract="frog", last_trick=0b111, last_led_by_bidder=False)
    >>> LastTrickToSuitLed("play.trick-winner").predicts(deal), points_of(0b111)
    ((70, 50), 0)
    >>> from dataclasses import replace
    >>> aces = 1 << 8 | 1 << 17 | 1 << 26
    >>> LastTrickToSuitLed("play.trick-winner").predicts(
    ...     replace(deal, last_trick=aces)), points_of(aces)
    ((37, 83), 33)
    """

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        if case.last_led_by_bidder is None or case.last_winner_is_bidder is None:
            return None
        bidder, defenders = self.recounted(case)
        if case.last_led_by_bidder == case.last_winner_is_bidder:
            return bidder, defenders
        moved = self.worth(case.last_trick)
        if case.last_led_by_bidder:
            return bidder + moved, defenders - moved
        return bidder - moved, defenders + moved


@dataclass(frozen=True)
class TrumpsCounted(PointsHypothesis):
    """Each trump a side counts (in its tricks; for the bidder, the widow or the cards he
    laid away) counting ``points`` more than its card's points: a deal with a trump suit
    holds that many more for each of its nine trumps.

    >>> hearts = SUIT_MASKS[3]
    >>> three = hearts & ~(hearts << 3)  # the bidder takes three trumps, the defenders six
    >>> deal = _Deal(70, 50, widow=0, laid_away=0, last_winner_is_bidder=True,
    ...     contract="frog", bidder_cards=three, defender_cards=hearts & ~three,
    ...     trumps=hearts)
    >>> TrumpsCounted("scoring.count-card-points", 1).predicts(deal)
    (73, 56)
    """

    #: The points each trump counts besides its card's points.
    points: int = 1

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        if not case.trumps:
            return None
        bidder, defenders = self.recounted(case)
        return (
            bidder + self.points * (case.bidder_cards & case.trumps).bit_count(),
            defenders + self.points * (case.defender_cards & case.trumps).bit_count(),
        )

    @property
    def added(self) -> int:
        """The points added to a deal with a trump suit: one bonus for each trump."""
        return max(self.points, 0) * SUIT_SIZE


@dataclass(frozen=True)
class TrumpCardCounted(PointsHypothesis):
    """The card of one rank of the trump suit counting ``points`` instead of its card's
    points, for the side that counts it: a value the engine gives a card only as a trump,
    which its ``card_points`` (asked of a card, not of a trump) does not show.

    >>> from frogspec.rules.cards import parse_card
    >>> hearts, nine = SUIT_MASKS[2], 1 << parse_card("9H")
    >>> deal = _Deal(70, 50, widow=0, laid_away=0, last_winner_is_bidder=True,
    ...     contract="frog", bidder_cards=nine, defender_cards=FULL_PACK & ~nine,
    ...     trumps=hearts)
    >>> TrumpCardCounted("cards.points", "9", 10).predicts(deal)
    (80, 50)
    """

    #: The rank of the trump counted otherwise (``"9"``).
    rank: str = "9"
    #: The points it counts.
    points: int = 0

    def card(self, case: _Deal) -> int | None:
        """The trump of the rank in the deal (``None``: no trump suit)."""
        if not case.trumps:
            return None
        lowest = (case.trumps & -case.trumps).bit_length() - 1
        return make_card(self.rank, suit_of(lowest))

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        card = self.card(case)
        if card is None:
            return None
        bidder, defenders = self.recounted(case)
        more = self.points - self.worth(1 << card)
        if case.bidder_cards >> card & 1:
            return bidder + more, defenders
        return bidder, defenders + more

    @property
    def added(self) -> int:
        """The points the trump counts beyond its card's (none where it counts fewer)."""
        return max(self.points - card_points(make_card(self.rank, Suit.CLUBS)), 0)


@dataclass(frozen=True)
class BothCounted(PointsHypothesis):
    """Two departures of the count at once: each part moves the deal's points from the
    recount as it would alone (a card group credited to the defenders, and fixed points
    to the side that wins the last trick), and the engine counts both moves. Two house
    rules of the count, each its own deviation (:attr:`parts`).

    >>> deal = _Deal(70, 50, widow=0b111, laid_away=0b111 << 3, last_winner_is_bidder=True,
    ...     contract="frog")
    >>> widow = GroupCredited("scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE)
    >>> last = FixedPoints("scoring.count-card-points", 10)
    >>> widow.predicts(deal), last.predicts(deal), BothCounted(widow.rule, (widow, last)).predicts(deal)
    ((65, 55), (80, 50), (75, 55))
    """

    #: The departures, each as it would count alone.
    parts: tuple[PointsHypothesis, ...] = ()

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        bidder, defenders = self.recounted(case)
        for part in self.parts:
            alone = part.predicts(case)
            if alone is None:
                return None
            recount = part.recounted(case)
            bidder += alone[0] - recount[0]
            defenders += alone[1] - recount[1]
        return bidder, defenders

    @property
    def added(self) -> int:
        """The points the parts add to a deal, together."""
        return sum(part.added for part in self.parts)


@dataclass(frozen=True)
class _Recounted(PointsHypothesis):
    """Each side's cards counted with the engine's own values (:attr:`values`): the pack
    is worth another count, and nothing else is counted otherwise."""

    #: What the engine counts otherwise, rank by rank (its ``card_points``' findings).
    counted: tuple[CardCounted, ...] = ()

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        return self.recounted(case) if self.values else None


def card_values(counted: Sequence[CardCounted]) -> tuple[tuple[int, int], ...]:
    """The points the engine counts for each card of the ranks it counts otherwise
    (index, points), from its ``card_points`` findings (a
    :class:`~frogspec.conform.evidence.CardCounted` each, for every card of the rank).

    >>> card_values([CardCounted("J", 0, 2)])[0]
    (4, 0)
    >>> len(card_values([CardCounted("J", 0, 2)]))
    4
    >>> card_values([CardCounted("J", None, 2)])
    ()
    """
    values = {c.rank: c.engine for c in counted if _is_count(c.engine)}
    return tuple(
        (card, points)
        for card in cards_of(FULL_PACK)
        if isinstance(points := values.get(format_card(card)[:-1]), int)
    )


@dataclass(frozen=True)
class BeyondThePack(PointsHypothesis):
    """Points counted beyond the cards': the engine settles a bidder's count the pack's
    cards cannot hold, while what each card counts is the rules'. Where the deals that
    would show how many points are added do not come to their end (an earlier departure
    stops them), the settlements are the evidence, and they say only how far they go."""

    #: The most points the engine settled for a bidder.
    points: int = PACK_POINTS + 1

    def predicts(self, case: _Deal) -> tuple[int, int] | None:
        return None

    @property
    def added(self) -> int:
        """At least the points settled beyond the pack's."""
        return max(self.points - PACK_POINTS, 0)


def settled_beyond_the_pack(request: Json, expected: Json, actual: Json) -> int | None:
    """The bidder's points of a ``settle`` the reference refuses as beyond the pack's and
    the engine settles (pays out): the engine counts more points than the cards hold.
    ``None`` for any other case.

    >>> request = {"op": "settle", "bidder_points": 121}
    >>> settled_beyond_the_pack(request, {"error": {"kind": "invalid"}}, {"result": [1, -1]})
    121
    >>> settled_beyond_the_pack(request, {"error": {"kind": "invalid"}},
    ...     {"error": {"kind": "illegal"}})
    """
    points = request.get("bidder_points") if isinstance(request, dict) else None
    if not isinstance(request, dict) or request.get("op") != "settle" or not _is_count(points):
        return None
    assert isinstance(points, int)
    if points <= PACK_POINTS or not _refused_as_invalid(expected):
        return None
    return points if isinstance(actual, dict) and "result" in actual else None


@dataclass(frozen=True)
class _Deal:
    """The reference's count of one finished deal, and what the hypotheses need of it."""

    bidder: int
    defenders: int
    widow: int
    laid_away: int
    last_winner_is_bidder: bool | None
    contract: str
    #: The cards each side counts by the rules (the bidder's tricks with the widow or his
    #: lay-away; the other tricks).
    bidder_cards: int = 0
    defender_cards: int = 0
    #: The cards of the trump suit (none without one).
    trumps: int = 0
    #: The cards of the last trick.
    last_trick: int = 0
    #: Whether the bidder played the highest card of the suit led to the last trick
    #: (``None``: the deal did not end on a trick).
    last_led_by_bidder: bool | None = None
    #: The cards the reference's count (with the departures assumed) counts otherwise
    #: than the rules, each with its points (index, points): a count of the cards
    #: modelled already.
    counted_as: tuple[tuple[int, int], ...] = ()
    #: Whether the bidder took no trick in the deal.
    bidder_took_no_trick: bool = False

    def worth(self, mask: int) -> int:
        """The points of the cards of ``mask`` as the reference's count of the deal counts
        them."""
        return _worth(mask, self.counted_as)


def _worth(mask: int, values: Sequence[tuple[int, int]]) -> int:
    """The points of the cards of ``mask``, those of ``values`` (index, points) counted
    with their points there, the others with the rules'."""
    return points_of(mask) + sum(
        points - points_of(1 << card) for card, points in values if mask >> card & 1
    )


def _deal(divergence: Any, assumed: Adjust | None) -> tuple[_Deal, tuple[int, int]] | None:
    """The reference's deal at the divergence and the engine's count, if the points
    differ there."""
    changed = next((d for d in divergence.differences if isinstance(d, PointsChanged)), None)
    if changed is None or changed.engine_defenders is None:
        return None
    assert changed.reference_defenders is not None
    deal = _deal_of(divergence.request, (changed.reference, changed.reference_defenders), assumed)
    return None if deal is None else (deal, (changed.engine, changed.engine_defenders))


def _deal_of(request: Json, points: tuple[int, int], assumed: Adjust | None) -> _Deal | None:
    """The deal a finished game's ``request`` plays (replayed under the departures
    ``assumed``), with the reference's ``points`` (the bidder's, the defenders')."""
    from frogspec.conform.diagnosis import game_state

    if not isinstance(request, dict):
        return None
    actions = request.get("actions")
    state = game_state(request, actions if isinstance(actions, list) else [], assumed)
    if state is None or state.bidder is None or state.contract is None:
        return None
    # A Frog bidder's lay-away counts for him (the widow went into his hand); else the widow.
    bidder_cards = state.won[state.bidder] | (state.laid_away or state.widow)
    last_trick, led_by = _last_trick(request, actions, state, assumed)
    written = state.ruleset.rules.card_points
    counted_as = tuple(
        (card, written(card))
        for card in cards_of(FULL_PACK)
        if written(card) != points_of(1 << card)
    )
    return _Deal(
        points[0],
        points[1],
        state.widow,
        state.laid_away,
        _last_winner_is_bidder(state, actions),
        state.contract.name.lower(),
        bidder_cards,
        FULL_PACK & ~bidder_cards,
        SUIT_MASKS[state.trump] if state.trump is not None else 0,
        last_trick,
        None if led_by is None else led_by == state.bidder,
        counted_as,
        bidder_took_no_trick=not state.won[state.bidder],
    )


def _last_trick(
    request: Json, actions: Json, state: Any, assumed: Adjust | None
) -> tuple[int, int | None]:
    """The cards of the deal's last trick and the seat that played the highest card of
    the suit led to it (``None``: the actions do not end on a trick)."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import ActionKind, apply, parse_action
    from frogspec.rules.cards import card_strength, suit_of

    size = len(state.order)
    if not isinstance(actions, list) or not size or len(actions) < size or state.trick:
        return 0, None
    before = game_state(request, actions[:-size], assumed)
    if before is None or before.trick:
        return 0, None
    seats: list[int] = []
    cards: list[int] = []
    try:
        for text in actions[-size:]:
            action = parse_action(str(text))
            if action.kind is not ActionKind.PLAY or before.to_act is None:
                return 0, None
            seats.append(before.to_act)
            cards.append(action.value)
            before = apply(before, action)
    except (FrogError, ValueError):
        return 0, None
    led = [c for c in cards if suit_of(c) == suit_of(cards[0])]
    highest = max(led, key=card_strength)
    return sum(1 << c for c in cards), seats[cards.index(highest)]


def _hypotheses(
    deal: _Deal, engine: tuple[int, int], counted: tuple[CardCounted, ...] = ()
) -> list[PointsHypothesis]:
    """The hypotheses one deal suggests, on the engine's own card values (``counted``: its
    ``card_points`` findings): the pack recounted alone, each card group, the fixed points
    it shows."""
    values = card_values(counted)
    # The group always to the defenders before the group to the last trick's winner: where
    # the failing deals cannot tell them apart (the defenders took every last trick), the
    # games the engine passed can (:func:`explain_points`), and else the rule without a
    # condition is the smaller claim.
    found: list[PointsHypothesis] = [
        GroupCredited("scoring.widow-counts-for-bidder", "widow", values=values),
        GroupCredited("scoring.widow-counts-for-bidder", "laid away", values=values),
        GroupCredited("scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, values=values),
        GroupCredited(
            "scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, True, values=values
        ),
        GroupCredited(
            "scoring.widow-counts-for-bidder",
            GroupCredited.IN_PLACE,
            to_last_trick=True,
            values=values,
        ),
        GroupCredited(
            "scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, no_trick=True, values=values
        ),
    ]
    # A trick's winner that departs in the last trick alone shows in no lead after it.
    found.append(LastTrickToSuitLed(_TRICK_WINNER_RULE, values=values))
    if values:
        found.insert(0, _Recounted("cards.points", counted, values=values))
    recounted = found[0].recounted(deal)
    winner, loser = (0, 1) if deal.last_winner_is_bidder else (1, 0)
    gained = engine[winner] - recounted[winner]
    if gained:
        found.append(FixedPoints("scoring.count-card-points", gained, values=values))
    if gained > 0 and engine[loser] - recounted[loser] == -gained:
        # The points moved from one side to the other: a number at most, as many as the
        # loser of the last trick has (the first deal may show fewer than that number).
        for points in sorted({gained, *_ROUND_NUMBERS} - set(range(gained))):
            found.append(
                FixedPoints("scoring.count-card-points", points, taken=True, values=values)
            )
    per_trump = _per_trump(deal, engine, recounted)
    if per_trump:
        found.append(TrumpsCounted("scoring.count-card-points", per_trump, values=values))
    found += _trump_cards_counted(deal, engine, recounted, values)
    # Last, two departures at once (each tried alone first): a card group credited
    # otherwise, and the points the side that wins the last trick counts beyond that, or
    # the last trick taken by the suit led.
    groups = [h for h in found if isinstance(h, GroupCredited) and not h.to_last_trick]
    suit_led = LastTrickToSuitLed(_TRICK_WINNER_RULE, values=values)
    for group in groups:
        found.append(BothCounted(group.rule, (group, suit_led), values=values))
        moved = group.predicts(deal)
        if moved is None or engine[loser] != moved[loser] or engine[winner] == moved[winner]:
            continue
        fixed = FixedPoints("scoring.count-card-points", engine[winner] - moved[winner])
        both = (group, replace(fixed, values=values))
        found.append(BothCounted(group.rule, both, values=values))
    return found


#: The rule that decides who takes a trick.
_TRICK_WINNER_RULE = "play.trick-winner"

#: The numbers of points a side may take from the other where the first deal shows fewer
#: (the other side had no more): those a table would name.
_ROUND_NUMBERS = (5, 10, 15, 20, 25, 30)


def _per_trump(deal: _Deal, engine: tuple[int, int], recounted: tuple[int, int]) -> int:
    """The points each trump would count more for a deal's count to be the engine's: what
    a side gains over the recount, shared among the trumps it counts (0: no whole number
    of points does it)."""
    for cards, gained in (
        (deal.bidder_cards, engine[0] - recounted[0]),
        (deal.defender_cards, engine[1] - recounted[1]),
    ):
        held = (cards & deal.trumps).bit_count()
        if held and gained and gained % held == 0:
            return gained // held
    return 0


def _trump_cards_counted(
    deal: _Deal,
    engine: tuple[int, int],
    recounted: tuple[int, int],
    values: tuple[tuple[int, int], ...],
) -> list[PointsHypothesis]:
    """A trump of each rank counting what the deal's count needs it to, where one side
    gains over the recount and the other does not: one hypothesis for each trump the side
    that gains counts (the other deals of the group tell which)."""
    gained = (engine[0] - recounted[0], engine[1] - recounted[1])
    if not deal.trumps or (gained[0] != 0) == (gained[1] != 0):
        return []
    side, more = (deal.bidder_cards, gained[0]) if gained[0] else (deal.defender_cards, gained[1])
    found: list[PointsHypothesis] = []
    for rank in RANKS_HIGH_TO_LOW:
        counting = TrumpCardCounted("cards.points", rank, 0, values=values)
        card = counting.card(deal)
        if card is not None and side >> card & 1:
            points = counting.worth(1 << card) + more
            if points >= 0:
                found.append(replace(counting, points=points))
    return found


def _last_winner_is_bidder(state: Any, actions: Json) -> bool | None:
    """Whether the bidder took the last trick: the one whose tricks hold the last card
    played (``None`` if the deal did not end on a card)."""
    from frogspec.engine import ActionKind, parse_action

    if not isinstance(actions, list) or not actions or state.tricks == 0:
        return None
    try:
        last = parse_action(str(actions[-1]))
    except (FrogError, ValueError):
        return None
    if last.kind is not ActionKind.PLAY:
        return None
    card = last.value
    winner = next((seat for seat, mask in enumerate(state.won) if mask >> card & 1), None)
    return None if winner is None else winner == state.bidder


#: How many of a group's deals a hypothesis is tried on first: one that fits them is then
#: checked on every other deal of the group before it is taken.
ACCOUNTED_CASES = 20


def explain_points(
    divergences: Sequence[Any],
    elsewhere: Sequence[Any] = (),
    assumed: Adjust | None = None,
    counted: tuple[CardCounted, ...] = (),
    passed: Sequence[Any] = (),
) -> tuple[PointsHypothesis, tuple[str, ...]] | None:
    """The hypothesis that gives the engine's count on every deal of the group whose points
    differ (tried on the first :data:`ACCOUNTED_CASES`, then checked on the rest: a second
    departure that changes few deals must not be lost behind the first), with the contracts
    of those deals;
    ``None`` when none fits them all. One deal is no evidence: a group of one deal needs
    the hypothesis to give the count of two deals ``elsewhere`` too (other failing games'
    final answers, whose play is the case's own). The deals are replayed under the
    departures ``assumed``, the cards counted with the engine's values where its
    ``card_points`` departs (``counted``: what it counts otherwise, rank by rank).

    A hypothesis that would count otherwise a finished game the engine passed (``passed``:
    cases, their expected answers the engine's) of a ruleset and a contract the group's
    deals are of is not the engine's: the deal it counts as written says what the engine
    does not do there."""
    checked = divergences[:ACCOUNTED_CASES]
    found = [(v, _deal(v, assumed)) for v in checked]
    deals = [d for _, d in found if d is not None]
    if not deals:
        return None
    shown = {
        (v.request.get("ruleset"), d[0].contract)
        for v, d in found
        if d is not None and isinstance(v.request, dict)
    }
    first, engine = deals[0]
    agreed: list[tuple[_Deal, tuple[int, int]]] | None = None
    rest: list[tuple[_Deal, tuple[int, int]]] | None = None
    for hypothesis in _hypotheses(first, engine, counted):
        if not all(hypothesis.predicts(deal) == counts for deal, counts in deals):
            continue
        if len(deals) < 2 and sum(hypothesis.fits(other, assumed) for other in elsewhere) < 2:
            continue
        if rest is None:
            later = (_deal(v, assumed) for v in divergences[ACCOUNTED_CASES:])
            rest = [d for d in later if d is not None]
        if not all(hypothesis.predicts(deal) == counts for deal, counts in rest):
            continue
        if agreed is None:
            agreed = _passed_deals(passed, shown)
        if all(hypothesis.predicts(deal) in (None, counts) for deal, counts in agreed):
            return hypothesis, contracts_of(divergences, assumed)
    return None


def _passed_deals(
    passed: Sequence[Any], shown: set[tuple[Any, str]]
) -> list[tuple[_Deal, tuple[int, int]]]:
    """The finished games among cases the engine passed, of the rulesets and contracts
    ``shown`` (up to twice :data:`ACCOUNTED_CASES`), each with its count as written, which
    is the engine's."""
    rulesets = {ruleset for ruleset, _ in shown}
    found: list[tuple[_Deal, tuple[int, int]]] = []
    for case in passed:
        if len(found) == 2 * ACCOUNTED_CASES:
            break
        request = getattr(case, "request", None)
        expected = getattr(case, "expected", None)
        result = expected.get("result") if isinstance(expected, dict) else None
        points = result.get("points") if isinstance(result, dict) else None
        if (
            getattr(case, "op", None) != "game"
            or not isinstance(request, dict)
            or request.get("ruleset") not in rulesets
            or not isinstance(points, dict)
        ):
            continue
        bidder, defenders = points.get("bidder"), points.get("defenders")
        if not (_is_count(bidder) and _is_count(defenders)):
            continue
        assert isinstance(bidder, int) and isinstance(defenders, int)
        deal = _passed_deal(json.dumps(request, sort_keys=True), bidder, defenders)
        if deal is not None and (request.get("ruleset"), deal.contract) in shown:
            found.append((deal, (bidder, defenders)))
    return found


@functools.lru_cache(maxsize=4096)
def _passed_deal(request: str, bidder: int, defenders: int) -> _Deal | None:
    """:func:`_deal_of` a passed game's request (as canonical JSON text, so that each game
    is replayed once however many groups of the count ask for it)."""
    return _deal_of(json.loads(request), (bidder, defenders), None)


def moves_points(
    hypothesis: PointsHypothesis, divergence: Any, assumed: Adjust | None = None
) -> bool | None:
    """Whether the hypothesis counts the divergence's deal otherwise than the recount (a
    departure of the count that shows on that deal); ``None`` where the divergence is no
    finished deal whose points differ (nothing shows that it does not).

    Where two departures of the count show at once, each shows on the deals it moves:
    the untouched widow in a Chico or a Grand, not in a Frog."""
    found = _deal(divergence, assumed)
    if found is None:
        return None
    deal, _ = found
    return hypothesis.predicts(deal) != hypothesis.recounted(deal)


def contracts_of(divergences: Sequence[Any], assumed: Adjust | None = None) -> tuple[str, ...]:
    """The contracts of every deal of the group (its ``when``: one no deal contradicts),
    the deals replayed under the departures ``assumed``."""
    from frogspec.conform.diagnosis import game_state

    found = set()
    for divergence in divergences:
        request = divergence.request
        actions = request.get("actions") if isinstance(request, dict) else None
        state = game_state(request, actions, assumed) if isinstance(actions, list) else None
        if state is not None and state.contract is not None:
            found.add(state.contract.name.lower())
    return tuple(sorted(found))


def who_leads(
    request: Json, differences: Sequence[Difference], assumed: Adjust | None = None
) -> Lead | None:
    """Who leads, where the first divergence is the player to lead a trick (the first, or
    the next after a trick): the rule that decides it and what the engine does instead
    (the game replayed under the departures ``assumed``)."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import Phase

    moved = SeatChanged.to_act_in(differences)
    if moved is None or moved.engine is None or not isinstance(request, dict):
        return None
    if _still_bidding(differences):  # no one leads by the engine: its auction goes on
        return None
    engine, reference = moved.engine, moved.reference
    actions = request.get("actions")
    state = game_state(request, actions if isinstance(actions, list) else [], assumed)
    if state is None or state.phase is not Phase.PLAY or state.trick or state.to_act != reference:
        return None
    if state.tricks == 0:
        return Lead("play.eldest-leads-first", True, engine, reference, seat_role(state, engine))
    return Lead("play.winner-leads-next", False, engine, reference)


def trick_taken_by_engine(
    request: Json, differences: Sequence[Difference], assumed: Adjust | None = None
) -> Lead | None:
    """Who takes the trick just played, where the first divergence is the lead after it
    and the engine's leader took it: by the engine's own ``trick_winner`` answer to the
    trick (a :class:`~frogspec.conform.evidence.TrickTaken` among the differences), or,
    without one, where he played the highest card of the suit led while the reference
    gives the trick to a trump. The trick's winner departs there, and the next lead
    follows from it (a :class:`Lead` with its ``trick``). ``None`` elsewhere (the game
    replayed under the departures ``assumed``)."""
    from frogspec.conform.diagnosis import finished_trick
    from frogspec.conform.evidence import TrickTaken
    from frogspec.registry import rule_for_function
    from frogspec.rules.cards import card_strength, format_card, suit_of
    from frogspec.rules.play import trick_winner

    moved = SeatChanged.to_act_in(differences)
    finished = finished_trick(request, assumed)
    if moved is None or moved.engine is None or finished is None:
        return None
    after, seats, cards = finished
    winner = after.to_act
    if moved.engine not in seats or winner is None or winner != moved.reference:
        return None
    mine, theirs = cards[seats.index(moved.engine)], cards[seats.index(winner)]
    shown = tuple(format_card(c) for c in cards)
    answered = any(
        isinstance(d, TrickTaken)
        and d.cards == shown
        and d.engine == seats.index(moved.engine)
        and d.reference == seats.index(winner)
        for d in differences
    )
    if not answered:
        led = suit_of(cards[0])
        of_led = [c for c in cards if suit_of(c) == led]
        trumped = after.trump is not None and suit_of(theirs) == after.trump != led
        if not trumped or mine != max(of_led, key=card_strength):
            return None
    entry = rule_for_function(trick_winner)
    return Lead(
        entry.id if entry is not None else "play.trick-winner",
        False,
        moved.engine,
        winner,
        trick=shown,
        engine_card=format_card(mine),
        reference_card=format_card(theirs),
        answered=answered,
    )


def _still_bidding(differences: Sequence[Difference]) -> bool:
    """Whether the engine's phase is another than the play's (the auction, where the
    reference has started the play): who leads is then not where it departs."""
    return any(
        isinstance(d, FieldChanged) and d.name == "phase" and d.engine != "play"
        for d in differences
    )


def leader_model(lead: Lead, contracts: Sequence[str]) -> Adjust | None:
    """The engine's first leader as a change of the reference, where its part at the table
    says who it is (the bidder; the seat on eldest's left) in the ``contracts`` named
    (lowercase), eldest leading in the others; ``None`` for any other lead.

    >>> from frogspec.rules.auction import Contract
    >>> from frogspec.rulesets import get_ruleset
    >>> lead = Lead("play.eldest-leads-first", True, 2, 1, "bidder")
    >>> rules = leader_model(lead, ("grand",))(get_ruleset("foster-1909")).rules
    >>> [rules.first_leader((1, 2, 0), 2, c) for c in (Contract.GRAND, Contract.FROG)]
    [2, 1]
    """
    if lead.rule != "play.eldest-leads-first" or not lead.first_trick:
        return None
    if lead.role not in ("bidder", "eldest's left"):
        return None
    by_bidder = lead.role == "bidder"
    played = frozenset(contracts)

    def first_leader(order: tuple[int, ...], bidder: int | None, contract: Any) -> int:
        if contract is None or contract.name.lower() not in played:
            return order[0]
        if by_bidder:
            return order[0] if bidder is None else bidder
        return order[1] if len(order) > 1 else order[0]

    def adjust(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("play.eldest-leads-first", first_leader)

    return adjust


def seat_role(state: Any, seat: int) -> str:
    """The seat's part at the table, as :attr:`Lead.role` names it."""
    if seat == state.bidder:
        return "bidder"
    order = tuple(state.order)
    if len(order) > 1 and seat == order[1]:
        return "eldest's left"
    if seat == state.dealer:
        return "dealer"
    return ""
