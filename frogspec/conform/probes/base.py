"""The probes' shared parts: one request put to both sides, a finding, and the interface.

A probe of a unit op (:class:`UnitProbe`) asks the engine and the reference the same
requests and groups the departing answers into :class:`StageFinding` values. A new kind of
probe is a module of this package with a class that has an ``op``, an ``order`` and a
``run`` method, registered with :func:`register`: it needs nothing else of the kit.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from frogspec._types import Json
from frogspec.conform.conditions import Condition, ConditionTerm, Features
from frogspec.conform.counterfactuals import composed, reference_answer
from frogspec.conform.diagnosis import Ask as Ask
from frogspec.conform.evidence import Difference, PlayReversed
from frogspec.harness import Adjust
from frogspec.rulesets import Ruleset
from frogspec.vectors.build import DEFAULT_COMPARE
from frogspec.vectors.model import differences

__all__ = [
    "PROBES",
    "SEAT_ORDER_REVERSED",
    "SEAT_ORDER_RULE",
    "Between",
    "Gone",
    "Probe",
    "StageFinding",
    "UnitProbe",
    "agrees",
    "answers_as_engine",
    "ask_both",
    "ask_engine",
    "by_difference",
    "featured_finding",
    "mirrored",
    "play_to_the_right",
    "probe_rules",
    "register",
    "result_of",
    "swap_rule",
    "table_finding",
    "value_key",
]


@dataclass(frozen=True)
class Probe:
    """One request put to the engine and the reference, with both answers and the
    situation's features (``contract``, ``players``, ``bidder_points``...)."""

    request: dict[str, Json]
    expected: Json
    actual: Json
    features: tuple[tuple[str, Json], ...]

    @property
    def departs(self) -> bool:
        """Whether the engine answers otherwise than the reference."""
        if result_of(self.actual) == _UNSUPPORTED:
            return False  # a ruleset or op the engine does not offer is no departure
        return not agrees(str(self.request.get("op")), self.expected, self.actual)

    def feature(self, name: str) -> Json:
        """The value of one feature (``None`` if the probe has none of that name)."""
        return dict(self.features).get(name)


@dataclass(frozen=True)
class Between:
    """A feature's values from ``low`` to ``high`` (``None``: no bound on that side): the
    bidder's points against a threshold."""

    #: The feature (``bidder_points``).
    feature: str
    #: The least value (``None``: from the lowest).
    low: int | None
    #: The greatest (``None``: to the highest).
    high: int | None

    def holds(self, features: dict[str, Json]) -> bool:
        """Whether a situation's value is within the bounds."""
        value = features.get(self.feature)
        if not isinstance(value, int):
            return False
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


@dataclass(frozen=True)
class StageFinding:
    """A departure of one stage, localised by the engine's unit op ``stage``, as values
    (:func:`frogspec.conform.words.finding_when` and :func:`~frogspec.conform.words.
    finding_instead` say them).

    ``rule`` the rule of that stage the engine departs from (``None`` if no rule of the
    stage can be named); ``otherwise`` what the engine does there, as a typed difference
    (:mod:`frogspec.conform.evidence`); ``rulesets`` those probed in which it departs so;
    ``condition``, ``between`` and ``share`` where (none of them: always); ``agree`` and
    ``disagree`` the numbers of probes of that stage that agree with the reference and
    that depart this way; ``smallest`` the first departing probe.
    """

    stage: str
    rule: str | None
    otherwise: Difference
    agree: int
    disagree: int
    smallest: Probe
    rulesets: tuple[str, ...] = ()
    tables: tuple[int, ...] = ()
    #: Whether the stage seats the table otherwise (a deal's active players differ):
    #: every answer at that table size may follow from it.
    reseats: bool = False
    #: The finding's hypothesis as a model of the engine, where it has one that gives
    #: every probe's answer: a request of the stage's op in, the engine's answer out.
    #: A deviation whose example it predicts is this departure seen on a case.
    model: Callable[[dict[str, Json]], Json] | None = field(default=None, compare=False)
    #: Where the hypothesis gives every probe's answer but those the op's other findings
    #: depart on (two duties of the play departing at once, each probe of one answered
    #: otherwise by the other's hypothesis): the model outside them (``model`` is then
    #: ``None``), put only to a situation none of ``partial_model_not_in`` holds in.
    partial_model: Callable[[dict[str, Json]], Json] | None = field(default=None, compare=False)
    #: The conditions of those other findings, where another departure may reach.
    partial_model_not_in: tuple[Condition, ...] = field(default=(), compare=False)
    #: Where it departs, as the features of the departing probes that set them apart from
    #: the agreeing ones (:mod:`frogspec.conform.conditions`): the same features a game's
    #: steps have. ``None``: wherever probed (with ``between`` and ``share`` also ``None``).
    condition: Condition | None = None
    #: Where it departs in the features of a table a game's steps do not have (its size,
    #: the contract, whether the bidder won), for a stage probed table by table.
    table_condition: Condition | None = None
    #: A range of the bidder's points the departing probes keep to, where one separates
    #: them from the agreeing ones.
    between: Between | None = None
    #: Where no feature separates them: the departing probes and the probes asked.
    share: tuple[int, int] | None = None
    #: The departure as a change of the reference's rulesets, where the kit can make one
    #: that answers every departing probe as the engine does: the failing cases can then
    #: be judged again with it applied (:mod:`frogspec.conform.blame`).
    departure: Adjust | None = field(default=None, compare=False, repr=False)
    #: Whether ``departure`` answers every probe of the op as the engine did, the
    #: agreeing ones too: a model of the whole op, which outweighs a swap that matches
    #: some cases.
    models_all: bool = False
    #: The other rules it departs from in the same way, where rulesets of different rules
    #: for one point (the rates) show one departure: ``rule`` is the one of most probes.
    also: tuple[str, ...] = ()

    @property
    def always(self) -> bool:
        """Whether it departs on every probe of its rulesets (no condition, no range)."""
        return self.situation == (None, None, None, None)

    @property
    def situation(
        self,
    ) -> tuple[Condition | None, Condition | None, Between | None, tuple[int, int] | None]:
        """Where it departs, without the rulesets: the same for one departure in each
        ruleset it shows in."""
        return (self.condition, self.table_condition, self.between, self.share)

    def model_at(self, features: Features) -> Callable[[dict[str, Json]], Json] | None:
        """The model that gives the engine's answer in a situation of these ``features``:
        :attr:`model`, else :attr:`partial_model` where no other finding's condition
        holds there; ``None`` where neither does."""
        if self.model is not None:
            return self.model
        if any(condition.holds(features) for condition in self.partial_model_not_in):
            return None
        return self.partial_model

    @property
    def probes(self) -> int:
        """The probes the finding rests on, agreeing and departing."""
        return self.agree + self.disagree

    def joined(self, other: StageFinding) -> StageFinding:
        """This finding and another of the same departure in other rulesets (of the same
        rule, or of another rule for the same point), as one: the rule of the more
        departing probes named, the other's kept in ``also``."""
        first, second = (self, other) if self.disagree >= other.disagree else (other, self)
        rules = (first.rule, *first.also, second.rule, *second.also)
        also = tuple(dict.fromkeys(r for r in rules if r is not None and r != first.rule))
        departure = first.departure
        if second.departure is not None and second.departure is not departure:
            # Each ruleset's change applies to its own rule or table sizes: both, in turn.
            departure = composed(departure, second.departure)
        return replace(
            first,
            also=also,
            departure=departure,
            agree=self.agree + other.agree,
            disagree=self.disagree + other.disagree,
            rulesets=tuple(sorted(dict.fromkeys(self.rulesets + other.rulesets))),
            tables=tuple(sorted(set(self.tables) | set(other.tables))),
        )

    def shows(self, request: Json) -> bool:
        """Whether a failing case's request is of a situation the finding departs in: its
        ruleset and table size (any request, for a finding of no ruleset)."""
        if not isinstance(request, dict) or not self.rulesets:
            return True
        players = request.get("players")
        return request.get("ruleset") in self.rulesets and (
            not self.tables or players in self.tables
        )


_UNSUPPORTED = ("error", "unsupported")

#: The rule a table seated in the mirror order departs from: the order of play decides
#: who is eldest, who is dealt to first, who sits out and who leads, all at once.
SEAT_ORDER_RULE = "seats.eldest-hand"
#: What an engine seating the table in the mirror order does.
SEAT_ORDER_REVERSED = PlayReversed()


def mirrored(seat: int, about: int, players: int) -> int:
    """The seat on the other side of ``about`` at the same distance: the seat the
    reference's seat becomes when the order of play goes the other way round.

    >>> [mirrored(s, 0, 4) for s in range(4)]
    [0, 3, 2, 1]
    """
    return (2 * about - seat) % players


def _right_of_dealer_first(active: tuple[int, ...], players: int, dealer: int) -> tuple[int, ...]:
    """The active seats in turn order when play goes to the right: the seat on the
    dealer's right first."""
    return tuple(sorted(active, key=lambda seat: (dealer - seat - 1) % players))


def next_dealer_right(dealer: int, players: int) -> int:
    """The next dealer when the deal passes to the right."""
    return (dealer - 1) % players


_MIRRORED_SEATS: dict[Callable[..., object], Callable[[int, int], tuple[int, ...]]] = {}


def _mirrored_seats(
    active_seats: Callable[[int, int], tuple[int, ...]],
) -> Callable[[int, int], tuple[int, ...]]:
    """The active seats of ``active_seats`` seen in a mirror through the dealer (the two on
    his left become the two on his right); one function per rule, so that the engine's
    caches keyed by rule functions keep working."""
    found = _MIRRORED_SEATS.get(active_seats)
    if found is None:

        def seats(players: int, dealer: int) -> tuple[int, ...]:
            return tuple(
                sorted(mirrored(s, dealer, players) for s in active_seats(players, dealer))
            )

        found = _MIRRORED_SEATS[active_seats] = seats
    return found


def play_to_the_right(ruleset: Ruleset) -> Ruleset:
    """The ruleset with everything that goes clockwise going the other way: eldest is the
    seat on the dealer's right, the seats sitting out are mirrored through the dealer, and
    the deal passes to the right (:data:`SEAT_ORDER_REVERSED` as a change of the rules).

    >>> from frogspec.rulesets import get_ruleset
    >>> right = play_to_the_right(get_ruleset("foster-1909"))
    >>> right.rules.eldest_first(right.rules.active_seats(5, 0), 5, 0)
    (4, 3, 1)
    """
    return (
        ruleset.replacing(SEAT_ORDER_RULE, _right_of_dealer_first)
        .replacing(ruleset.rule_id("active_seats"), _mirrored_seats(ruleset.rules.active_seats))
        .replacing("deal.rotation-left", next_dealer_right)
    )


def answers_as_engine(
    departure: Adjust, group: Sequence[Probe], assumed: Adjust | None = None
) -> bool:
    """Whether the reference with ``departure`` applied (after the departures ``assumed``)
    answers every probe of the group as the engine did (then it is a model of the
    engine's departure)."""
    for probe in group:
        try:
            answer = reference_answer(probe.request, departure, assumed)
        except Exception:  # a rule out of place may crash the reference: no model
            return False
        if not agrees(str(probe.request.get("op")), answer, probe.actual):
            return False
    return True


def result_of(answer: Json) -> Json:
    """The answer's result (a deal's cards as sets, in a canonical text), or the pair
    ``("error", kind)``: a value to group answers by, whatever the engine sent."""
    if isinstance(answer, dict) and "result" in answer:
        result = answer["result"]
        if isinstance(result, dict):  # a deal: cards compared as sets
            shown = dict(result)
            if isinstance(shown.get("hands"), list):
                shown["hands"] = [_as_set(h) for h in shown["hands"]]
            if isinstance(shown.get("widow"), list):
                shown["widow"] = _as_set(shown["widow"])
            return json.dumps(shown, sort_keys=True, default=str)
        if isinstance(result, list):
            return json.dumps(result, default=str)
        return result
    error = answer.get("error") if isinstance(answer, dict) else None
    return ("error", error.get("kind") if isinstance(error, dict) else None)


def _as_set(cards: Json) -> Json:
    """A list of cards in a canonical order (anything else as it is)."""
    if not isinstance(cards, list):
        return cards
    return sorted(cards, key=lambda card: json.dumps(card, sort_keys=True, default=str))


def agrees(op: str, expected: Json, actual: Json) -> bool:
    """Whether the engine's answer is the reference's as the vectors judge it: the same
    kind of error, or a result equal where the reference's has fields (a deal's cards as
    sets, a legal list as a set; fields the reference does not give are not looked at)."""
    if not isinstance(actual, dict):
        return False
    if isinstance(expected, dict) and "error" in expected:
        return bool(result_of(expected) == result_of(actual))
    if "result" not in actual:
        return False
    compare = DEFAULT_COMPARE.get(op, {})
    return not differences({"result": expected.get("result")}, actual, compare)


class Gone(Exception):
    """The engine stopped answering: probing ends (a hang must not cost a timeout a probe)."""


def ask_engine(ask: Ask, request: dict[str, Json]) -> Json:
    from frogspec.conform.transport import Failure

    try:
        return ask(json.loads(json.dumps(request)))
    except Failure as failure:
        raise Gone from failure


def ask_both(ask: Ask, request: dict[str, Json], **features: Json) -> Probe:
    full = {"id": 1, **request}
    return Probe(full, reference_answer(full), ask_engine(ask, full), tuple(features.items()))


# --- when ------------------------------------------------------------------------------


def table_finding(
    stage: str,
    rule: str | None,
    otherwise: Difference,
    group: list[Probe],
    probes: list[Probe],
    ruleset: str,
) -> StageFinding:
    """The finding of a stage probed per ruleset and table size (``settle``, ``deal``):
    ``group`` departs alike (``otherwise``), out of ``probes``."""
    condition, between, share = _where(group, probes)
    return StageFinding(
        stage=stage,
        rule=rule,
        otherwise=otherwise,
        agree=sum(not p.departs for p in probes),
        disagree=len(group),
        smallest=group[0],
        rulesets=(ruleset,),
        tables=tuple(sorted({int(p.request["players"]) for p in group})),
        table_condition=condition,
        between=between,
        share=share,
    )


#: The features a table's ``when`` may name, in order.
_TABLE_NAMES = ("players", "contract", "won")


def _where(
    group: list[Probe], probes: list[Probe]
) -> tuple[Condition | None, Between | None, tuple[int, int] | None]:
    """The features that set the group's probes apart from the agreeing ones: the table
    size, the contract, the outcome, then a range of the bidder's points (none of them
    when every other probe of the stage departs too; the share of the probes, where no
    feature separates them)."""
    others = [p for p in probes if p not in group]
    if not any(not p.departs for p in others):
        return None, None, None
    terms: list[ConditionTerm] = []
    selected = list(probes)
    for name in _TABLE_NAMES:
        values = {p.feature(name) for p in group}
        present = {p.feature(name) for p in selected}
        if None in values or values == present:
            continue
        terms.append(ConditionTerm(name, tuple(sorted(values, key=str))))
        selected = [p for p in selected if p.feature(name) in values]
    between = None
    points = [p.feature("bidder_points") for p in group]
    scored = [v for v in points if isinstance(v, int)]
    if scored:
        low, high = min(scored), max(scored)
        within = [p for p in selected if isinstance(p.feature("bidder_points"), int)]
        separated = not any(
            not p.departs and low <= int(str(p.feature("bidder_points"))) <= high for p in within
        )
        if separated and (low > 0 or high < 120):
            between = Between(
                "bidder_points", low if low > 0 else None, high if high < 120 else None
            )
    if not terms and between is None:
        return None, None, (len(group), len(probes))
    return (Condition(tuple(terms)) if terms else None), between, None


def by_difference(
    probes: Sequence[Probe], signature: Callable[[Probe], Hashable]
) -> list[list[Probe]]:
    """The departing probes, grouped by what the engine does otherwise (a typed value),
    largest first."""
    groups: dict[Hashable, list[Probe]] = {}
    for probe in probes:
        if probe.departs and probe.actual is not None:
            groups.setdefault(value_key(signature(probe)), []).append(probe)
    return sorted(groups.values(), key=len, reverse=True)


def value_key(value: object) -> Hashable:
    """A typed value as a key to group by: itself, or (where it holds an answer's lists or
    objects) its representation, which is as exact."""
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, repr(value))
    return value


class UnitProbe(Protocol):
    """A probe of one unit op: it puts requests of that op to the engine (``ask``) and
    to the reference, and returns the departures it finds, one :class:`StageFinding`
    each. ``order`` places it among the others (a probe may read the findings of those
    before it: the settlement's probe passes over the tables the deal's seats otherwise)."""

    #: The op it asks (probed only when the engine's hello offers it).
    op: str
    #: Its place in the order of probing, lowest first.
    order: int

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of the op, in ``rulesets`` (``before``: earlier probes' findings)."""
        ...


#: The probes, by op: :func:`register` adds one.
PROBES: dict[str, UnitProbe] = {}


def register(probe: UnitProbe) -> UnitProbe:
    """Add a probe to :data:`PROBES` (a later one of the same op replaces it)."""
    PROBES[probe.op] = probe
    return probe


def swap_rule(probe: Probe, assumed: Adjust | None = None) -> str | None:
    """The rule whose swap (its broken twin or a rival reading) reproduces the engine's
    answer to the probe's request, if one does: the diagnosis of that request as a case
    (against the reference under the departures ``assumed``)."""
    explained, _ = probe_rules(probe, assumed)
    return explained[0] if explained else None


def probe_rules(
    probe: Probe, assumed: Adjust | None = None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The diagnosis of the probe's request as a case: the rules whose swap reproduces the
    engine's answer, and the rules the reference (under the departures ``assumed``)
    evaluates for it, most likely first."""
    from frogspec.conform.diagnosis import diagnose
    from frogspec.vectors.model import Case

    case = Case(
        id="probe." + str(probe.request.get("op")).replace("_", "-"),
        file="probes",
        description="",
        rules=(),
        request=probe.request,
        response={"id": 1, **probe.expected},
    )
    divergence = diagnose(case, probe.actual, None, assumed)
    if divergence is None:
        return (), ()
    return divergence.explained_by, divergence.rules


def featured_finding(
    stage: str,
    group: list[Probe],
    probes: list[Probe],
    names: Sequence[str],
    otherwise: Difference,
    rule: str | None = None,
) -> StageFinding:
    """The finding of a group of departing probes whose ``when`` is the condition that
    sets them apart from the agreeing probes (:func:`frogspec.conform.conditions.
    condition_of`, over the features ``names``), and whose rule is ``rule`` or else the
    one a swap confirms, else the first the reference evaluates for the first probe."""
    from frogspec.conform.conditions import condition_of

    agreeing = [dict(p.features) for p in probes if not p.departs]
    condition = condition_of([dict(p.features) for p in group], agreeing, names)
    if rule is None:
        explained, ranked = probe_rules(group[0])
        rule = (explained or ranked or (None,))[0]
    rulesets = tuple(
        dict.fromkeys(str(p.feature("ruleset")) for p in group if p.feature("ruleset"))
    )
    return StageFinding(
        stage=stage,
        rule=rule,
        otherwise=otherwise,
        agree=len(agreeing),
        disagree=len(group),
        smallest=group[0],
        rulesets=rulesets,
        condition=condition if agreeing else None,
    )
