"""Blame: which rule each failing case is charged to. The kit decides it here, and only here.

A newcomer asking "why is this failure filed under that rule?" starts with :func:`blame`.
Its steps, in order:

1. Each failing case has a *first divergence* (:func:`frogspec.conform.diagnosis.diagnose`):
   the step where engine and reference first part, and the rules that decide it.
2. The cases are grouped into deviations by the rule of that divergence
   (:func:`frogspec.conform.deviations.find_deviations`: a swap of the rule that reproduces
   the engine first, then the evidence of the step's replay, the points' accounting, the
   passing of the deal).
3. What the engine's unit ops show (:mod:`frogspec.conform.probes`) names or localises the
   groups no swap explains (:func:`frogspec.conform.deviations.with_findings`). A swap
   that reproduces a few cases only, each of which a unit op's model answers as the
   engine did, is a coincidence of numbers: its cases go to that finding's deviation
   (:func:`_coincidences_folded`).
4. **Departures explained away.** One departure that touches every case (play going to the
   right parts every game from its first step) hides the others behind it: each case's
   first divergence is that one. So, once a departure is found that the kit can *model*
   (:func:`model_of`: a broken twin or a rival reading swapped in, the order of play
   mirrored, a deal in other packets, the tie or a rate of the settlement moved), the
   failing cases are judged again against the reference *with that
   departure applied* (passed as ``assumed`` down to
   :func:`frogspec.conform.counterfactuals.reference_answer`). A case the
   modelled reference answers as the engine does is explained; any other is diagnosed
   again, and its next divergence is found and grouped as in 2 and 3. This repeats, at
   most :data:`ROUNDS` times, until no new departure is modelled.
5. **Counts for each departure it shows.** A case is filed under every modelled departure
   that would fail it alone (the reference with only that departure applied misses the
   case's expected answer), as well as under the deviation its divergence was grouped in:
   a case two departures touch counts for both.

A departure the kit cannot model (a legal list widened where no reading does so) is still
named; it cannot be explained away. Where it only changes a legal list (a contract one may
not bid) and the case's game goes on alike (the action the case takes there is legal by
both), its cases are diagnosed again passing over the steps that part by that change alone
(:func:`frogspec.conform.diagnosis.diagnose`'s ``past``): the next departure of another
phase of the game is filed too, so that what it hides shows. Any other hides what follows.

A departure of the deal hides more: every vector game's fixed actions are refused on the
deal the engine makes, by the engine and the modelled reference alike, and none comes to
its play or its count. Some of those games are played again on that deal
(:mod:`frogspec.conform.own_deal`, through ``replay``), and what they show past the
departures modelled is filed under the vector cases they were played from.

6. **A settlement the count refuses.** Where the engine's own count gives the pack fewer
   points than the reference's (its games' final counts, or its ``card_points`` summed over
   the pack), a ``settle`` it refuses (``invalid``) for bidder's points past that count is
   filed under the departure of the count, not the settlement's: it follows from the
   count, which says so in its ``instead``. The probes' finding of that refusal is no
   unit-op finding of its own either.

7. **Unit-op findings.** A unit op's probe that departs where no failing case is filed
   (:attr:`Blame.unit_findings`) is no deviation: no case shows it. It is reported apart,
   with the probe's evidence. A payment for taking every trick that the game's probe
   found, where other departures part the games first, is filed with the failing games
   and matches it would fail alone (:func:`frogspec.conform.every_trick.
   failed_for_every_trick`): those cases show it, and it is their deviation too.

8. **A reading is the engine's only where it answers every case.** A deviation names a
   rival reading when swapping it in reproduces its first cases; cases filed under it
   since (other contracts, other rulesets) may show the engine does something else. The
   reading stays only where, swapped in, it answers as the engine did every case of the
   deviation, with the departures of the other deviations that touch it applied too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from frogspec._types import Json
from frogspec.conform.accounting import (
    PACK_POINTS,
    BeyondThePack,
    games_total,
    pack_by_engine,
    refused_past,
    taken_within,
)
from frogspec.conform.counterfactuals import (
    composed,
    fails_under,
    reference_answer,
    stand_in,
    swapped,
)
from frogspec.conform.deviations import (
    Deviation,
    final_counts,
    find_deviations,
    joined_deviation,
    narrowed_deviation,
    with_findings,
)
from frogspec.conform.diagnosis import Divergence, game_state, reproduced_under
from frogspec.conform.every_trick import failed_for_every_trick, paid_for_every_trick
from frogspec.conform.evidence import (
    CardCounted,
    CountRaised,
    Difference,
    EveryTrickPaid,
    FieldChanged,
    LegalAt,
    LegalChanged,
    MarginRaised,
    MatchOtherwise,
    PaymentsChanged,
    PointsChanged,
    Several,
    TieDecided,
    TieMoved,
)
from frogspec.conform.match_end import end_at_limits
from frogspec.conform.own_deal import refused_at
from frogspec.conform.probes import StageFinding
from frogspec.conform.probes.settle import SETTLE_POINTS, TIE_RULE
from frogspec.conform.rotation import NextDealer, Rotation, passes_so
from frogspec.conform.words import Circumstances
from frogspec.harness import Adjust
from frogspec.vectors.model import Case

__all__ = [
    "ROUNDS",
    "Blame",
    "Failing",
    "Model",
    "blame",
    "fails_alone",
    "model_of",
    "unit_findings",
]

#: How many times the failing cases are judged again with the departures found applied.
ROUNDS = 4

Failing = tuple[Case, Json, Divergence | None]
"""A failing case, the engine's answer to it, and its first divergence (if found)."""


class _Rediagnose(Protocol):
    """Diagnoses a failing case again (given the engine's answer), under the departures
    assumed (the reference made to depart likewise; ``None``: none), passing over the
    steps of a game that part only by the kinds of difference ``past``."""

    def __call__(
        self,
        case: Case,
        actual: Json,
        assumed: Adjust | None,
        past: Collection[str] = (),
    ) -> Divergence | None: ...


class _Replay(Protocol):
    """Plays a refused vector game again on the engine's own deal, under the departures
    assumed (:func:`frogspec.conform.own_deal.played_on_own_deal`): each game played, as a
    case of the same id, with the engine's answer."""

    def __call__(self, case: Case, assumed: Adjust | None) -> list[tuple[Case, Json]]: ...


@dataclass(frozen=True)
class Model:
    """A departure the kit can apply to the reference: the rule and what it becomes."""

    #: The rule the engine departs from.
    rule: str
    #: The reference's rulesets turned into the engine's, in that departure only.
    adjust: Adjust


def model_of(deviation: Deviation) -> Model | None:
    """The deviation's departure as a change of the reference, where the kit can make it:
    its ``departure``: the swap that confirmed it (a rival reading, a broken twin), or the
    one the unit ops' probes found (the order of play mirrored, a deal in other packets);
    ``None`` for any other."""
    rule = deviation.rule
    if rule is None:
        return None
    if deviation.departure is not None:
        return Model(rule, deviation.departure)
    return None


def fails_alone(model: Model, case: Case) -> bool:
    """Whether the reference with only this departure applied fails the case (misses its
    expected answer): an engine with that departure alone would fail it."""
    return fails_under(case, model.adjust)


@dataclass(frozen=True)
class Blame:
    """What the failing cases are blamed on."""

    #: The rules departed from, most likely first, each with the failing cases it shows.
    deviations: list[Deviation]
    #: What the unit ops' probes show where no failing case is filed: evidence of a
    #: departure that no case of the run shows.
    unit_findings: list[StageFinding]


def unit_findings(
    deviations: Sequence[Deviation], findings: Sequence[StageFinding]
) -> list[StageFinding]:
    """The findings no deviation with cases says (the same rule, and a finding of the same
    typed difference, or one of its parts: the ranks a card count joins, the rates of a
    table of them)."""
    said = [
        (d.rule, _as_probed(part))
        for d in deviations
        if d.cases and isinstance(d.otherwise, StageFinding)
        for part in (
            (*d.otherwise.otherwise.parts, d.otherwise.otherwise)
            if isinstance(d.otherwise.otherwise, Several)
            else (d.otherwise.otherwise,)
        )
    ]
    return [f for f in findings if f.rule is None or (f.rule, f.otherwise) not in said]


def _as_probed(difference: Difference) -> Difference:
    """A finding's typed difference as its probes found it, without what the games added
    (trumps held back only until one is played: :func:`_held_back_until_trumps_played`)."""
    if isinstance(difference, LegalAt) and difference.until_trumps_played:
        return replace(difference, until_trumps_played=False)
    return difference


def _count_modelled_as_the_games_count(
    findings: Sequence[StageFinding], finals: Sequence[Any]
) -> Sequence[StageFinding]:
    """The unit ops' findings, with the model of the engine's ``card_points`` left out
    where its finished games (``finals``: :func:`~frogspec.conform.deviations.
    final_counts`) all hold another total than those points give the pack: its games count
    otherwise than its cards, and the model would file that difference as a departure of
    its own."""
    cards = [f for f in findings if f.stage == "card_points" and f.departure is not None]
    if not cards:
        return findings
    by_cards = pack_by_engine([f.otherwise for f in cards for _ in range(f.disagree)], [])
    total = games_total(finals)
    if total is None or total == (PACK_POINTS if by_cards is None else by_cards):
        return findings
    return [replace(f, departure=None, models_all=False) if f in cards else f for f in findings]


def blame(
    failed: Sequence[Failing],
    passed: Sequence[Case],
    findings: Sequence[StageFinding] = (),
    rediagnose: _Rediagnose | None = None,
    in_time: Callable[[], bool] = lambda: True,
    replay: _Replay | None = None,
) -> Blame:
    """The deviations the failing cases show, each case filed under each departure it
    shows, and the unit ops' findings no case shows (see the module's steps).
    ``findings`` are the unit ops' (none: not probed); ``rediagnose`` diagnoses a case
    again under the departures assumed (none: no case is judged again); ``in_time`` says
    whether there is time left to go on; ``replay`` plays a refused game on the engine's
    own deal (none: no game is played again)."""
    finals = final_counts(failed)
    # A whole game's probe (a payment for taking every trick) localises no case's first
    # divergence: it is set beside the deviations at the end, not joined to one by stage.
    of_games = [f for f in findings if f.stage == "game"]
    findings = [f for f in findings if f.stage != "game"]
    findings = _count_modelled_as_the_games_count(findings, finals)
    holds = pack_by_engine([f.otherwise for f in findings for _ in range(f.disagree)], finals)
    pack = _settled_up_to(holds, findings)
    # Every failing case by its id, built once: each step below looks its cases up here.
    by_id = {case.id: (case, actual) for case, actual, _ in failed}
    # The settlements the engine refuses past its pack's count, or takes beyond the
    # cards' 120 up to it: they follow from the count.
    refused = [
        f
        for f in failed
        if pack is not None
        and (
            refused_past(f[0].request, f[0].expected, f[1], pack)
            or taken_within(f[0].request, f[0].expected, f[1], pack)
        )
    ]
    if pack is None or not refused:
        deviations = _charged(failed, passed, findings, rediagnose, in_time, by_id, replay)
    else:
        apart = {id(f) for f in refused}
        rest = [f for f in failed if id(f) not in apart]
        # The probes' finding of that refusal is the count's too: it names no other case.
        said = [f for f in findings if not _refuses_past(f, pack)]
        deviations = _charged(rest, passed, said, rediagnose, in_time, by_id, replay)
        counted = _under_the_count(deviations, [case.id for case, _, _ in refused], pack, by_id)
        if counted is None:  # no departure of the count: the refusals are judged as any case
            deviations = _charged(failed, passed, findings, rediagnose, in_time, by_id, replay)
        else:
            deviations, findings = counted, said
    kept = _laid_away_apart([d for d in deviations if d.cases], by_id)
    kept = _count_said_once(kept, by_id)
    if holds is None:  # no game's total nor card's points says it: the count's hypothesis
        holds = next((d.hypothesis.holds for d in kept if d.hypothesis and _counts_deals(d)), None)
    kept = _tie_of_the_count(kept, holds, by_id)
    kept, bonus = _bonus_of_the_count(kept, by_id)
    kept = _readings_checked(kept, by_id, in_time)
    kept = paid_for_every_trick(kept, by_id, passed)
    kept = _unit_cases_it_fails_alone(kept, by_id)
    kept = end_at_limits(
        kept,
        by_id,
        passed,
        lambda cases: _hand_written(cases, by_id),
        lambda d: None if (m := model_of(d)) is None else m.adjust,
    )
    # A deviation that says its rulesets says those of every case filed under it: a case
    # of another ruleset would contradict its ``when``.
    kept = [_said_in_rulesets_of(d, by_id) for d in kept]
    # A tie the probes found at half of what a deal holds by the engine's count is said
    # by the count's deviation ("the tie is 50"): no finding of its own.
    tie_said = [
        f
        for f in findings
        if holds is not None
        and f.rule == TIE_RULE
        and f.otherwise == _tie_of(holds)
        and any(d.holds == holds for d in kept)
    ]
    # A payment for every trick the games' cases already say is no finding of its own.
    paid = [d.otherwise for d in kept if isinstance(d.otherwise, EveryTrickPaid)]
    of_games = [f for f in of_games if f.otherwise not in paid]
    for finding in of_games:
        # Where other departures part its games first: the ones it would fail alone (in
        # the rulesets the finding says, so its ``when`` stands).
        shown = failed_for_every_trick(finding, by_id, in_time)
        kept = _filed_under_finding(kept, finding, shown, by_id)
    return Blame(
        kept,
        unit_findings(
            kept, [*(f for f in findings if f != bonus and f not in tie_said), *of_games]
        ),
    )


def _unit_cases_it_fails_alone(
    deviations: list[Deviation], by_id: dict[str, tuple[Case, Json]]
) -> list[Deviation]:
    """The deviations of a unit op's finding without the cases of that op that its
    departure alone would not fail, where another deviation holds them: the departure is
    fitted to that op's probes, so it answers that op's cases as the engine with it alone
    would. Payments doubled past 90 points do not part a bidder's 60 from the reference;
    the count that moves the tie does, and that case is the count's. A case is left where
    no other deviation holds it.

    A finding that seats the table otherwise takes every case of its table sizes, of any
    op (:func:`~frogspec.conform.deviations.with_findings`): of those, too, the ones it
    alone would not fail that another deviation holds are that one's (a three-player
    auction where the last hand may not pass is no case of a four-player table's seats),
    and its ``when`` is said again from the cases it keeps."""
    held = Counter(c for d in deviations for c in d.cases)
    found = []
    for d in deviations:
        model = model_of(d)
        finding = d.otherwise if isinstance(d.otherwise, StageFinding) else None
        dropped = (
            set()
            if model is None or d.confirmed or finding is None
            else {
                c
                for c in d.cases
                if c in by_id
                and held[c] > 1
                and (by_id[c][0].op == finding.stage or finding.reseats)
                and not fails_alone(model, by_id[c][0])
            }
        )
        if not dropped:
            found.append(d)
            continue
        held.subtract(dropped)
        left = [c for c in d.cases if c not in dropped]
        kept = (
            narrowed_deviation(d, left, _case_rulesets(left, by_id), _hand_written(left, by_id))
            if finding is not None and finding.reseats
            else _only_cases(d, set(left), by_id)
        )
        found.append(replace(kept, touched=tuple(c for c in d.touched if c not in dropped)))
    return found


def _laid_away_apart(
    deviations: list[Deviation], by_id: dict[str, tuple[Case, Json]]
) -> list[Deviation]:
    """The deviations of a contract's trump whose games, where they part, also leave out
    of the bidder's lay-away cards of some ranks, or of one origin, while the engine has
    set no trump yet: two departures, each said apart. What may be laid away cannot
    follow from a trump not yet named, so the cards left out are the lay-away's own
    departure (``widow.frog-take-and-discard``), filed with the same cases (a case two
    departures touch counts for both), and the trump's says only the trump."""
    from frogspec.conform.localise import Localised, _trump_changed
    from frogspec.registry import rule_for_function
    from frogspec.rules.widow import discardable

    laying_away = rule_for_function(discardable)
    found = list(deviations)
    for d in deviations:
        localised = d.otherwise
        if (
            laying_away is None
            or d.rule is None
            or not d.rule.startswith("trump.")
            or not isinstance(localised, Localised)
            or localised.left_out is None
            or localised.left_out.verb != "discard"
            or localised.left_out.in_hand
        ):
            continue
        trump = _trump_changed(d.differences)
        legal = next((x for x in d.differences if isinstance(x, LegalChanged)), None)
        if trump is None or trump.engine is not None or legal is None:
            continue  # a trump named may be what the lay-away follows
        trump_only = replace(localised, differences=(trump,), left_out=None)
        said = replace(d, otherwise=trump_only, differences=(trump,))
        apart = replace(
            d,
            rule=laying_away.id,
            reading=None,
            reading_rulesets=(),
            confirmed=False,
            by_twin=False,
            departure=None,
            otherwise=replace(localised, rule=laying_away.id, differences=(legal,)),
            differences=(legal,),
            probes_agree=0,  # the probes were the trump's
            probes_disagree=0,
        )
        home = next((o for o in found if o.rule == laying_away.id), None)
        found = [said if o is d else o for o in found]
        if home is None:
            found.append(apart)
        else:
            joined = joined_deviation(home, [apart], lambda ids: _hand_written(ids, by_id))
            found = [joined if o is home else o for o in found]
    return found


#: How many of a deviation's cases are put to its reading, at most.
_READING_CHECKED_ON = 60


def _readings_checked(
    deviations: list[Deviation],
    by_id: dict[str, tuple[Case, Json]],
    in_time: Callable[[], bool] = lambda: True,
) -> list[Deviation]:
    """The deviations, each naming its rival reading only where the reference with that
    reading swapped in for the rule answers as the engine did every case of the deviation
    (the first 60), with the departures of the other deviations
    that touch the case applied too (a case another deviation touches that the kit cannot
    model is not put to it); else the reading is dropped: it fits some of the cases only,
    and is not what the engine does.

    >>> _readings_checked([], {})
    []
    """
    touching: dict[str, list[Deviation]] = {}
    for d in deviations:
        for case_id in d.cases:
            touching.setdefault(case_id, []).append(d)
    checked: list[Deviation] = []
    for d in deviations:
        if d.rule is None or d.reading is None or not in_time():
            checked.append(d)
            continue
        swap = swapped({d.rule: stand_in(d.reading)})
        put: list[tuple[str, Adjust | None]] = []
        made: dict[tuple[int, ...], Adjust | None] = {}  # one composition per set of others
        for case_id in d.cases:
            touched_by = tuple(o for o in touching[case_id] if o is not d)
            models = [model_of(o) for o in touched_by]
            if case_id in by_id and None not in models:
                key = tuple(id(o) for o in touched_by)
                if key not in made:
                    made[key] = composed(swap, *(m.adjust for m in models if m is not None))
                put.append((case_id, made[key]))
            if len(put) == _READING_CHECKED_ON:
                break
        if all(reproduced_under(*by_id[case_id], adjust) for case_id, adjust in put):
            checked.append(d)
        else:
            checked.append(replace(d, reading=None, reading_rulesets=(), example=_unread(d)))
    return checked


def _unread(d: Deviation) -> Json:
    """The deviation's example without its sentence naming the reading dropped."""
    example = d.example
    if not isinstance(example, dict) or not isinstance(example.get("description"), str):
        return example
    said = f" The engine follows {d.reading} instead."
    return {**example, "description": example["description"].replace(said, "")}


def _tie_of(holds: int) -> TieMoved:
    """The tie at half of the points a deal holds: half a point above a whole score where
    they are odd (no score ties).

    >>> _tie_of(100), _tie_of(131)
    (TieMoved(engine=50, reference=60, half=False), TieMoved(engine=65, reference=60, half=True))
    """
    return TieMoved(holds // 2, half=bool(holds % 2))


def _tie_of_the_count(
    deviations: list[Deviation], holds: int | None, by_id: dict[str, tuple[Case, Json]]
) -> list[Deviation]:
    """The deviations with the tie moved to half of the points a deal holds by the
    engine's count (``holds``: its games' totals, or its cards' points) filed under the
    departure of the count (the one with the most cases): the tie is half of the deal,
    and moves with it. The tie moved otherwise, or with no deal holding another count
    (the settlement alone departs), stays the settlement's.

    >>> _tie_of_the_count([], None, {})
    []
    """
    if holds is None:
        return deviations
    tie = next(
        (
            d
            for d in deviations
            if d.rule == TIE_RULE
            and isinstance(d.otherwise, StageFinding)
            and d.otherwise.otherwise == _tie_of(holds)
        ),
        None,
    )
    of_count = [d for d in deviations if _of_the_count(d)]
    if tie is None or not of_count:
        return deviations
    home = max(of_count, key=lambda d: len(d.cases))
    rulesets = tuple(sorted({*home.in_rulesets, *_case_rulesets((*home.cases, *tie.cases), by_id)}))
    # The tie moves at every score: what set the count's cases apart says nothing of it.
    counted = replace(
        _with_cases(home, tie.cases, by_id),
        holds=holds,
        in_rulesets=rulesets,
        condition=None,
        circumstances=replace(home.circumstances, rulesets=rulesets, condition=None),
        touched=tuple(dict.fromkeys((*home.touched, *tie.touched))),
    )
    return [counted if d is home else d for d in deviations if d is not tie]


def _bonus_of_the_count(
    deviations: list[Deviation], by_id: dict[str, tuple[Case, Json]]
) -> tuple[list[Deviation], StageFinding | None]:
    """The deviations with the margin raised by the ``settle`` op's probes (some points
    more where the bidder takes many, or fewer) filed under the departure of the count
    where every game case of that departure counts the bidder as many points more, or
    fewer, at the same scores: one bonus of the count, which the engine's settlement of
    given points pays too (the tie's rule is kept). Also the ``settle`` finding so filed
    (``None`` for none): no unit-op finding of its own.

    >>> _bonus_of_the_count([], {})
    ([], None)
    """
    margin = next(
        (
            d
            for d in deviations
            if d.rule == TIE_RULE
            and isinstance(d.otherwise, StageFinding)
            and isinstance(d.otherwise.otherwise, MarginRaised)
        ),
        None,
    )
    if margin is None:
        return deviations, None
    finding = margin.otherwise
    assert isinstance(finding, StageFinding) and isinstance(finding.otherwise, MarginRaised)
    raised = finding.otherwise
    home = next(
        (
            d
            for d in sorted(deviations, key=lambda d: -len(d.cases))
            if _of_the_count(d) and _counted_with(raised, d.cases, by_id)
        ),
        None,
    )
    if home is None:
        return deviations, None
    cases = (*home.cases, *margin.cases)
    rulesets = tuple(sorted({*home.in_rulesets, *_case_rulesets(cases, by_id)}))
    counted = replace(
        _with_cases(home, margin.cases, by_id),
        otherwise=CountRaised(raised.extra, raised.won_from, raised.lost_to),
        in_rulesets=rulesets,
        condition=finding.table_condition,
        circumstances=Circumstances(rulesets, finding.table_condition),
        touched=tuple(dict.fromkeys((*home.touched, *margin.touched))),
        probes_agree=home.probes_agree + margin.probes_agree,
        probes_disagree=home.probes_disagree + margin.probes_disagree,
    )
    return [counted if d is home else d for d in deviations if d is not margin], finding


def _counted_with(
    raised: MarginRaised, case_ids: Sequence[str], by_id: dict[str, tuple[Case, Json]]
) -> bool:
    """Whether every game among the cases counts the bidder ``raised.extra`` points more
    than the reference where the reference's count is ``raised.won_from`` or more, as many
    fewer where it is ``raised.lost_to`` or fewer, and as the reference elsewhere; and one
    of them at least is raised or lowered."""
    shown = False
    for case_id in case_ids:
        case, actual = by_id.get(case_id, (None, None))
        if case is None or case.op != "game":
            continue
        engine, reference = _bidder_count(actual), _bidder_count(case.expected)
        if engine is None or reference is None:
            return False
        extra = 0
        if raised.won_from is not None and reference >= raised.won_from:
            extra = raised.extra
        if raised.lost_to is not None and reference <= raised.lost_to:
            extra = -raised.extra
        if engine - reference != extra:
            return False
        shown = shown or extra != 0
    return shown


def _bidder_count(answer: Json) -> int | None:
    """The bidder's points a finished game's answer gives (``None``: none)."""
    result = answer.get("result") if isinstance(answer, dict) else None
    points = result.get("points") if isinstance(result, dict) else None
    bidder = points.get("bidder") if isinstance(points, dict) else None
    return bidder if isinstance(bidder, int) and not isinstance(bidder, bool) else None


def _settled_up_to(pack: int | None, findings: Sequence[StageFinding]) -> int | None:
    """The pack's points by the engine's count, raised to the most points it settles where
    its ``settle`` probes show it: below the points it starts refusing at, it settles
    every point probed (a count from its cards alone may be short of its games').

    >>> _settled_up_to(None, []) is None
    True
    """
    if pack is None:
        return None
    settled = [
        max(p for p in SETTLE_POINTS if p < f.between.low)
        for f in findings
        if f.between is not None
        and f.between.low is not None
        and f.between.low > pack
        and _refuses_past(f, pack)
        and any(p < f.between.low for p in SETTLE_POINTS)
    ]
    return max([pack, *settled])


def _under_the_count(
    deviations: list[Deviation],
    refused: list[str],
    pack: int,
    by_id: dict[str, tuple[Case, Json]],
) -> list[Deviation] | None:
    """The deviations with the ``settle`` cases the engine refuses for points past the
    pack's count by its own count (``pack``), or takes beyond the cards' 120 up to it,
    filed under the departure of the count (the one with the most cases, of the cards'
    points or of what is counted): what it settles follows from the count. ``None`` where
    no deviation is of the count."""
    of_count = [d for d in deviations if _of_the_count(d)]
    if not of_count:
        return None
    home = max(of_count, key=lambda d: len(d.cases))
    counted = replace(_with_cases(home, refused, by_id), settles_up_to=pack)
    return [counted if d is home else d for d in deviations]


#: The rule of what each card counts.
_CARD_POINTS = "cards.points"

#: The rules of what the count of a deal holds: the cards' points, and the points counted.
_COUNT_RULES = (_CARD_POINTS, "scoring.count-card-points")

#: The rule of the side the widow's points (a Frog's lay-away) are counted for.
_WIDOW_COUNTED = "scoring.widow-counts-for-bidder"


def _of_the_count(d: Deviation) -> bool:
    """Whether a deviation is a departure of the count: of the cards' points or of what is
    counted, or with a hypothesis of the count."""
    return d.rule in _COUNT_RULES or d.hypothesis is not None


def _refuses_past(finding: StageFinding, pack: int) -> bool:
    """Whether a unit op's finding is the engine refusing to settle bidder's points past
    ``pack`` (its range of points starts there): said by the count's deviation."""
    probe = finding.smallest
    low = finding.between.low if finding.between is not None else None
    return (
        finding.stage == "settle"
        and low is not None
        and low > pack
        and refused_past(probe.request, probe.expected, probe.actual, pack)
    )


def _counted_by_engine(findings: Sequence[StageFinding]) -> tuple[CardCounted, ...]:
    """What the engine's ``card_points`` counts otherwise for every card of a rank (its
    findings' typed differences): the values a deal's count is accounted with."""
    return tuple(
        f.otherwise
        for f in findings
        if f.stage == "card_points" and f.condition is None and isinstance(f.otherwise, CardCounted)
    )


def _charged(
    failed: Sequence[Failing],
    passed: Sequence[Case],
    findings: Sequence[StageFinding],
    rediagnose: _Rediagnose | None,
    in_time: Callable[[], bool],
    by_id: dict[str, tuple[Case, Json]],
    replay: _Replay | None = None,
) -> list[Deviation]:
    counted = _counted_by_engine(findings)
    deviations = with_findings(find_deviations(failed, passed, counted=counted), findings)
    latest = {case.id: divergence for case, _, divergence in failed}
    deviations = _as_modelled(deviations, findings, latest, None, by_id)
    deviations = _coincidences_folded(deviations, by_id, in_time)
    if rediagnose is None:
        return _one_bank(deviations, by_id)
    models: dict[str, Model] = {}
    settled: set[str] = set()
    for _ in range(ROUNDS):
        fresh = _fresh_models(deviations, models)
        if not fresh or not in_time():
            break
        models.update(fresh)
        reopened = [
            case_id
            for d in deviations
            if d.rule is None or d.rule in models
            for case_id in d.cases
            if case_id not in settled
        ]
        again: list[Failing] = []
        judged: set[str] = set()
        assumed = composed(*(m.adjust for m in models.values()))
        for case_id in dict.fromkeys(reopened):
            if not in_time():
                break
            case, actual = by_id[case_id]
            judged.add(case_id)
            if reproduced_under(case, actual, assumed):
                settled.add(case_id)
                continue
            latest[case_id] = rediagnose(case, actual, assumed)
            if _models_own(latest[case_id], models, assumed):
                continue  # where only the model goes, the engine shows the model's departure
            again.append((case, actual, latest[case_id]))
        left = [f for f in findings if f.rule not in models]
        more = with_findings(find_deviations(again, passed, assumed, counted), left)
        more = _as_modelled(more, left, latest, assumed, by_id)
        more = _coincidences_folded(more, by_id, in_time)
        deviations, more = _counted_so(deviations, more, latest, assumed, by_id)
        # A case filed under a named departure that the next round cannot name stays
        # where it was: no swap of any rule explaining it is no new departure.
        named = {c for d in deviations if d.rule is not None for c in d.cases}
        more = [d for d in more if d.rule is not None or not set(d.cases) <= named]
        more = [
            d if d.rule is not None else _only_cases(d, set(d.cases) - named, by_id) for d in more
        ]
        more = [replace(d, judged_again=d.cases, assumed=tuple(models)) for d in more]
        deviations = _merged(_without_cases(deviations, judged, by_id), more, by_id)
        deviations = _explained_away(deviations, models, assumed, by_id, in_time)
    hidden = _Hidden(passed, findings, rediagnose, by_id, in_time)
    for _ in range(ROUNDS):
        deviations = _seen_past(deviations, latest, models, hidden)
        # What a departure no model applies hides may be one the kit can model (a trump
        # of a contract): under it, look past again, for what that one hid in turn.
        fresh = _fresh_models(deviations, models)
        if not fresh or not in_time():
            break
        models.update(fresh)
    dealt: dict[str, tuple[Case, Json]] = {}
    finished: list[tuple[str, Case, Json]] = []
    if replay is not None and models:
        shown = {_typed(v.differences) for v in latest.values() if v is not None}
        deviations = _played_on_own_deal(deviations, models, hidden, replay, shown, dealt, finished)
        models.update(_fresh_models(deviations, models))
    deviations = _filed_under_models(deviations, models, failed, by_id)
    deviations = _dealt_as_found(deviations, findings, models, by_id, in_time, dealt)
    deviations = _tie_settled_as_found(deviations, findings, by_id, finished)
    deviations = _held_back_until_trumps_played(deviations, latest, passed, models)
    deviations = _reading_in_own_rulesets(deviations, by_id)
    return _one_bank(_in_own_rulesets(deviations, by_id), by_id)


def _reading_in_own_rulesets(
    deviations: list[Deviation], by_id: dict[str, tuple[Case, Json]]
) -> list[Deviation]:
    """The deviations with each case of a departure a rival reading confirms filed, in a
    ruleset whose own rule of that point is another, under that rule's deviation where
    there is one: the reading stands for each ruleset's rule (one bid each in place of
    Foster's second round, and of the others' Frog that may raise at once), and each is
    said in its own rulesets. The deviation moved from is then said in its rulesets only."""
    from frogspec.errors import FrogError
    from frogspec.registry import get_rule
    from frogspec.rulesets import get_ruleset

    def home_of_case(d: Deviation, case_id: str) -> Deviation | None:
        case = by_id.get(case_id)
        ruleset = case[0].ruleset if case is not None else None
        if not d.confirmed or d.reading is None or d.rule is None or ruleset is None:
            return None
        question = get_rule(d.reading).question
        try:
            own = None if question is None else get_ruleset(ruleset).rule_id(question)
        except (FrogError, LookupError):
            return None
        if own is None or own == d.rule:
            return None
        return next((e for e in deviations if e is not d and e.rule == own), None)

    def said_in_own_rulesets(d: Deviation) -> Deviation:
        rulesets = _case_rulesets(d.cases, by_id)
        circumstances = d.circumstances
        if circumstances.rulesets:
            circumstances = replace(circumstances, rulesets=rulesets)
        return replace(
            d,
            in_rulesets=rulesets,
            touched=tuple(c for c in d.touched if c in d.cases),
            circumstances=circumstances,
        )

    return _refiled(deviations, home_of_case, by_id, said_in_own_rulesets)


def _dealt_as_found(
    deviations: list[Deviation],
    findings: Sequence[StageFinding],
    models: dict[str, Model],
    by_id: dict[str, tuple[Case, Json]],
    in_time: Callable[[], bool],
    dealt: Mapping[str, tuple[Case, Json]] | None = None,
) -> list[Deviation]:
    """The deviations with each failing match whose dealers, as the engine answers them,
    are passed the way the ``match`` op's probes found (the bidder deals next, say), and
    not as the reference passes them, filed under that finding's deviation (made from the
    finding where no case was filed under it yet): other departures may part the match
    first (its balances), and the kit cannot apply that way of passing the deal to the
    reference (the rule of the next dealer is not told who bid), but each match shows it.
    A match of ``dealt`` (by the vector case's id: the case played on the engine's own
    deal, with its answer) shows it as well."""
    assumed = composed(*(m.adjust for m in models.values()))
    for finding in findings:
        rotation = finding.otherwise
        if finding.stage != "match" or not isinstance(rotation, Rotation):
            continue
        if rotation.next_dealer == "seat" or not in_time():
            continue
        kinds = frozenset(
            after
            for after in (False, True)
            if finding.condition is None or finding.condition.holds({"after_passed_out": after})
        )
        shown = [
            case_id
            for case_id, (case, actual) in by_id.items()
            if case.op == "match" and _passed_so(case, actual, rotation.next_dealer, kinds, assumed)
        ]
        # A match refused on another deal shows it once played on the engine's own.
        shown += [
            case_id
            for case_id, (played, actual) in (dealt or {}).items()
            if case_id in by_id
            and case_id not in shown
            and _passed_so(played, actual, rotation.next_dealer, kinds, assumed)
        ]
        deviations = _filed_under_finding(deviations, finding, shown, by_id)
    return deviations


def _filed_under_finding(
    deviations: list[Deviation],
    finding: StageFinding,
    shown: Sequence[str],
    by_id: dict[str, tuple[Case, Json]],
) -> list[Deviation]:
    """The deviations with the cases ``shown`` filed under the unit op's finding's deviation
    (the one of its rule saying its typed difference; made from the finding where none
    is), each counted as one it touches: other departures may part those cases first."""
    if not shown:
        return deviations
    index = next(
        (
            i
            for i, d in enumerate(deviations)
            if d.rule == finding.rule
            and isinstance(d.otherwise, StageFinding)
            and d.otherwise.otherwise == finding.otherwise
        ),
        None,
    )
    if index is None:
        deviations = [*deviations, *with_findings([], [finding])]
        index = len(deviations) - 1
    d = deviations[index]
    more = [c for c in shown if c not in d.cases]
    touched = tuple(dict.fromkeys((*d.touched, *more)))
    in_rulesets = tuple(sorted({*d.in_rulesets, *_case_rulesets(more, by_id)}))
    deviations[index] = replace(
        _with_cases(d, more, by_id), touched=touched, in_rulesets=in_rulesets
    )
    return deviations


def _held_back_until_trumps_played(
    deviations: list[Deviation],
    latest: Mapping[str, Divergence | None],
    passed: Sequence[Case],
    models: Mapping[str, Model],
) -> list[Deviation]:
    """The deviations, where one is the ``legal_plays`` probes' finding that a leader may
    not lead a trump while he holds a card of another suit, and its games show that only
    until a trump has been played in the deal
    (:func:`~frogspec.conform.localise.held_back_until_trumps_played`): said so, with
    its ``when`` before any trump has been played. The unit op is asked a hand and a
    trick, never what the deal has played before: the games tell it."""
    from frogspec.conform.conditions import Condition, ConditionTerm
    from frogspec.conform.localise import held_back_until_trumps_played

    assumed = composed(*(m.adjust for m in models.values()))
    games = [c for c in passed if c.op == "game" and "result" in c.expected]
    said = []
    for d in deviations:
        finding = d.otherwise
        held = finding.otherwise if isinstance(finding, StageFinding) else None
        if not isinstance(finding, StageFinding) or not isinstance(held, LegalAt):
            said.append(d)
            continue
        divergences = [v for c in d.cases if (v := latest.get(c)) is not None]
        if (
            not held.trumps_held_back
            or held.until_trumps_played
            or not held_back_until_trumps_played(divergences, games, assumed)
        ):
            said.append(d)
            continue
        before = ConditionTerm("trumps_played", (False,))
        terms = finding.condition.terms if finding.condition is not None else ()
        lapsing = replace(
            finding,
            otherwise=replace(held, until_trumps_played=True),
            condition=Condition((*terms, before)),
        )
        circumstances = d.circumstances
        if circumstances is not None and circumstances.occasion is finding:
            circumstances = replace(circumstances, occasion=lapsing)
        condition = lapsing.condition if d.condition == finding.condition else d.condition
        said.append(replace(d, otherwise=lapsing, circumstances=circumstances, condition=condition))
    return said


def _tie_settled_as_found(
    deviations: list[Deviation],
    findings: Sequence[StageFinding],
    by_id: dict[str, tuple[Case, Json]],
    finished: Sequence[tuple[str, Case, Json]] = (),
) -> list[Deviation]:
    """The deviations with each failing game the engine settles at the tie as the
    ``settle`` op's probes found it decided (a bidder with exactly the tie's points paid
    as a winner, or paying as a loser, by one point: a
    :class:`~frogspec.conform.evidence.TieDecided`), filed under that finding's deviation
    (made from the finding where no case was filed under it yet). Another departure may
    part the game first (the count, whose tie the probes were judged at), but the game's
    own settlement at the tie shows this one: a case two departures touch counts for
    both. A game of ``finished`` (a vector case's id, the game played from it on the
    engine's own deal, and the engine's answer) shows it as well, filed under that case."""
    for finding in findings:
        tie = finding.otherwise
        if finding.stage != "settle" or not isinstance(tie, TieDecided) or finding.model is None:
            continue
        shown = [
            case_id
            for case_id, (case, actual) in by_id.items()
            if _settled_at_tie(case, actual, finding, tie.points)
        ]
        shown += [
            case_id
            for case_id, played, actual in finished
            if case_id in by_id
            and case_id not in shown
            and _settled_at_tie(played, actual, finding, tie.points)
        ]
        deviations = _filed_under_finding(deviations, finding, shown, by_id)
    return deviations


def _settled_at_tie(case: Case, actual: Json, finding: StageFinding, tie: int) -> bool:
    """Whether a failing game ends with its bidder at exactly the tie's points (by the
    engine's count) and the engine's payments are the finding's model's for that
    settlement, money moving where the rules pay nothing at the tie."""
    result = actual.get("result") if isinstance(actual, dict) else None
    if case.op != "game" or not isinstance(result, dict) or result.get("phase") != "over":
        return False
    points, payments = result.get("points"), result.get("payments")
    if not isinstance(points, dict) or points.get("bidder") != tie:
        return False
    request: dict[str, Json] = {
        "op": "settle",
        **{k: case.request.get(k) for k in ("ruleset", "options", "players", "dealer")},
        "bidder": result.get("bidder"),
        "contract": result.get("contract"),
        "bidder_points": tie,
    }
    if not finding.shows(request) or finding.model is None:
        return False
    modelled = finding.model(request)
    # At the tie the rules pay nothing: money moving there is the tie decided.
    return (
        isinstance(modelled, dict)
        and modelled.get("result") == payments
        and isinstance(payments, list)
        and any(p != 0 for p in payments)
    )


def _passed_so(
    case: Case,
    actual: Json,
    how: NextDealer,
    kinds: frozenset[bool],
    assumed: Adjust | None,
) -> bool:
    """Whether the engine's dealers of the match ``case`` pass the deal as ``how`` says
    where the reference's do not."""
    dealers = _dealers(actual)
    if dealers == _dealers(case.expected):  # the same dealers pass nothing otherwise
        return False
    return passes_so(case.request, dealers, how, kinds, assumed)


#: How many cases a swap may confirm and still be checked for a coincidence with a unit
#: op's model: a departure shown on more is evidence of its own.
_COINCIDENCE_AT_MOST = 12


def _coincidences_folded(
    deviations: list[Deviation],
    by_id: dict[str, tuple[Case, Json]],
    in_time: Callable[[], bool],
) -> list[Deviation]:
    """The deviations with those a swap confirmed on a few cases only folded into the
    deviation of a unit op's finding whose model answers each of those cases as the engine
    did: the probes show that departure on many situations, and a rival reading that
    matches a handful of deals too is a coincidence of numbers (a flat bonus on the margin
    at one rate equals another rate at one margin: (15 + 5) × 3 = 15 × 4), not a second
    departure. Made a model, it would change every deal of its ruleset and be charged for
    what it breaks."""
    probed = [
        d
        for d in deviations
        if d.rule is not None and isinstance(d.otherwise, StageFinding) and d.departure is not None
    ]
    if not probed:
        return deviations
    folded: dict[int, list[str]] = {}  # the cases each probed deviation takes, by its id
    kept: list[Deviation] = []
    for d in deviations:
        home = None
        if (
            d.rule is not None
            and d.confirmed
            and not isinstance(d.otherwise, StageFinding)
            and 0 < len(d.cases) <= _COINCIDENCE_AT_MOST
            and all(c in by_id for c in d.cases)
            and in_time()
        ):
            home = next(
                (
                    p
                    for p in probed
                    if p.rule != d.rule
                    and all(reproduced_under(*by_id[c], p.departure) for c in d.cases)
                ),
                None,
            )
        if home is None:
            kept.append(d)
        else:
            folded.setdefault(id(home), []).extend(d.cases)
    return [_with_cases(d, folded.get(id(d), ()), by_id) for d in kept]


def _fresh_models(deviations: list[Deviation], models: dict[str, Model]) -> dict[str, Model]:
    """The models of the deviations whose rules have none yet, by rule."""
    return {
        m.rule: m for d in deviations if d.rule not in models and (m := model_of(d)) is not None
    }


def _in_own_rulesets(
    deviations: list[Deviation], by_id: dict[str, tuple[Case, Json]]
) -> list[Deviation]:
    """The deviations with each case a unit op's finding localises filed under the finding
    of its own ruleset: where one departure shows as several rules (the packets of each
    ruleset's deal), a case of a ruleset the finding did not probe there goes to the
    deviation whose finding of the same op, alike in kind, departs in that ruleset. Each
    deviation moved from is then said in its own rulesets only."""
    homes = [
        d
        for d in deviations
        if isinstance(d.otherwise, StageFinding) and d.otherwise.rulesets and d.rule is not None
    ]

    def home_of(d: Deviation, ruleset: str | None) -> Deviation | None:
        finding = d.otherwise
        assert isinstance(finding, StageFinding)
        if ruleset is None or ruleset in finding.rulesets:
            return None
        return next(
            (
                e
                for e in homes
                if e is not d
                and isinstance(e.otherwise, StageFinding)
                and e.otherwise.stage == finding.stage
                and type(e.otherwise.otherwise) is type(finding.otherwise)
                and ruleset in e.otherwise.rulesets
            ),
            None,
        )

    def home_of_case(d: Deviation, case_id: str) -> Deviation | None:
        if not any(d is e for e in homes):
            return None
        case = by_id.get(case_id)
        return home_of(d, case[0].ruleset if case is not None else None)

    def said_in_own_rulesets(d: Deviation) -> Deviation:
        finding = d.otherwise
        assert isinstance(finding, StageFinding)
        rulesets = _case_rulesets(d.cases, by_id)
        within = set(rulesets) <= set(finding.rulesets)
        return replace(
            d,
            in_rulesets=rulesets,
            touched=tuple(c for c in d.touched if c in d.cases),
            circumstances=Circumstances(occasion=finding)
            if within
            else Circumstances(tuple(sorted(set(rulesets) | set(finding.rulesets)))),
        )

    return _refiled(deviations, home_of_case, by_id, said_in_own_rulesets)


def _as_modelled(
    deviations: list[Deviation],
    findings: Sequence[StageFinding],
    divergences: dict[str, Divergence | None],
    assumed: Adjust | None,
    by_id: dict[str, tuple[Case, Json]],
) -> list[Deviation]:
    """The deviations with each case whose first divergence is a list of cards to play that
    a unit op's finding models (the engine's duties of the play, as its ``legal_plays``
    answers every probe: a card counted as a trump) filed under that finding's deviation:
    the engine's list at that step, for that hand and trick, is the model's. The duties
    depart there, whichever rule the divergence named first (a list narrowed among the
    cards of the suit led looks like a duty to head the trick). A deviation a swap confirms
    keeps its cases; one left with no case is dropped."""
    for finding in findings:
        if finding.stage != "legal_plays" or (
            finding.model is None and finding.partial_model is None
        ):
            continue
        home = next(
            (
                d
                for d in deviations
                if d.rule == finding.rule
                and isinstance(d.otherwise, StageFinding)
                and d.otherwise.otherwise == finding.otherwise
            ),
            None,
        )
        if home is None:
            continue

        deviations = _refiled(
            deviations, _home_if_listed(home, finding, divergences, assumed), by_id
        )
    return deviations


def _home_if_listed(
    home: Deviation,
    finding: StageFinding,
    divergences: dict[str, Divergence | None],
    assumed: Adjust | None,
) -> Callable[[Deviation, str], Deviation | None]:
    """Where a case goes under :func:`_as_modelled`: to ``home`` where its engine's list is
    the finding's model's, unless a swap confirms the deviation it is filed under."""

    def home_of(d: Deviation, case_id: str) -> Deviation | None:
        listed = _listed_by(finding, divergences.get(case_id), assumed)
        return home if listed and not d.confirmed else None

    return home_of


def _listed_by(
    finding: StageFinding, divergence: Divergence | None, assumed: Adjust | None
) -> bool:
    """Whether the divergence is a step of a game where the engine lists the cards to play
    as the finding's model does for the hand and trick of that step (the game replayed by
    the reference under the departures ``assumed``, which agree with the engine up to it),
    or a ``legal_plays`` case the engine answers as the model does (the probes asked the
    same op: a vector case of it is one more of their situations)."""
    from frogspec.engine import Phase
    from frogspec.rules.cards import format_card, format_cards

    if (finding.model is None and finding.partial_model is None) or divergence is None:
        return False
    if divergence.op == "legal_plays" and divergence.game_step is None:
        return _answered_as_model(finding, divergence)
    if divergence.game_step is None:
        return False
    request, listed = divergence.request, divergence.engine_legal
    if not _legal_only(divergence) or request is None or listed is None:
        return False
    if not all(str(a).startswith("play ") for a in listed):
        return False
    actions = request.get("actions")
    if not isinstance(actions, list) or not finding.shows(request):
        return False
    state = game_state(request, actions[: divergence.game_step], assumed)
    if state is None or state.phase is not Phase.PLAY or state.to_act is None:
        return False
    asked: dict[str, Json] = {
        "op": "legal_plays",
        "ruleset": request.get("ruleset"),
        "trump": state.trump.letter if state.trump is not None else None,
        "hand": list(format_cards(state.hands[state.to_act])),
        "trick": [format_card(card) for card in state.trick],
    }
    return _model_lists(finding, asked, [str(a).removeprefix("play ") for a in listed])


def _answered_as_model(finding: StageFinding, divergence: Divergence) -> bool:
    """Whether the engine's answer to a ``legal_plays`` case is the finding's model's for
    the same request (the same cards, in any order)."""
    request, listed = divergence.request, divergence.engine_legal
    if not isinstance(request, dict) or not isinstance(listed, list):
        return False
    return finding.shows(request) and _model_lists(finding, request, listed)


def _model_lists(finding: StageFinding, asked: dict[str, Json], listed: Sequence[Json]) -> bool:
    """Whether the finding's model for the situation (:meth:`~frogspec.conform.probes.
    base.StageFinding.model_at`) answers the ``legal_plays`` request ``asked`` with the
    cards ``listed`` (in any order)."""
    from frogspec.conform.conditions import play_features
    from frogspec.errors import FrogError
    from frogspec.rules.cards import parse_card

    hand, trick, trump = asked.get("hand"), asked.get("trick"), asked.get("trump")
    try:
        features = {
            "ruleset": asked.get("ruleset"),
            **play_features(
                [parse_card(str(c)) for c in hand] if isinstance(hand, list) else [],
                [parse_card(str(c)) for c in trick] if isinstance(trick, list) else [],
                trump if isinstance(trump, str) else None,
            ),
        }
    except FrogError:  # a card the rules do not know: no situation to put
        return False
    model = finding.model_at(features)
    if model is None:
        return False
    answer = model(asked)
    result = answer.get("result") if isinstance(answer, dict) else None
    return isinstance(result, list) and sorted(map(str, result)) == sorted(map(str, listed))


def _one_bank(found: list[Deviation], by_id: dict[str, tuple[Case, Json]]) -> list[Deviation]:
    """The deviations that start every player with the same bank, each named by the bank
    rule of the ruleset of most of its cases (found in one round or another), joined: one
    bank, with the banks of all their rulesets, named by the rule of the one with most
    cases."""
    banks = [
        d
        for d in found
        if isinstance(d.otherwise, MatchOtherwise)
        and d.otherwise.bank is not None
        and d.otherwise.loser is None
    ]
    amounts = {d.otherwise.bank for d in banks if isinstance(d.otherwise, MatchOtherwise)}
    if len(banks) < 2 or len(amounts) != 1:
        return found
    first = max(banks, key=lambda d: len(d.cases))
    assert isinstance(first.otherwise, MatchOtherwise)
    kept = {
        r: n for d in banks if isinstance(d.otherwise, MatchOtherwise) for r, n in d.otherwise.banks
    }
    joined = joined_deviation(
        first,
        [d for d in banks if d is not first],
        lambda cases: _hand_written(cases, by_id),
        otherwise=replace(first.otherwise, banks=tuple(sorted(kept.items()))),
    )
    return [joined if d is first else d for d in found if d is first or d not in banks]


@dataclass(frozen=True)
class _Hidden:
    """What looking past a departure needs: the passed cases, the unit ops' findings, the
    diagnosis again, the failing cases by id, and whether there is time left."""

    passed: Sequence[Case]
    findings: Sequence[StageFinding]
    rediagnose: _Rediagnose
    by_id: dict[str, tuple[Case, Json]]
    in_time: Callable[[], bool]


def _seen_past(
    deviations: list[Deviation],
    latest: dict[str, Divergence | None],
    models: dict[str, Model],
    hidden: _Hidden,
) -> list[Deviation]:
    """The deviations with what a departure no model applies hides behind it, where it
    only changes a legal list (a contract one may not bid, a card one may not play) and
    the case's game goes on alike: its cases are diagnosed again, under the departures
    modelled, passing over the steps that part by that change alone, and the departure
    each shows next is filed too (a case two departures touch counts for both)."""
    assumed = composed(*(m.adjust for m in models.values()))
    again: list[Failing] = []
    for d in deviations:
        if d.rule is None or d.rule in models:
            continue
        for case_id in d.cases:
            kinds = _legal_only(latest.get(case_id))
            if not kinds or not hidden.in_time():
                continue
            case, actual = hidden.by_id[case_id]
            found = hidden.rediagnose(case, actual, assumed, kinds)
            # A step of the same phase parts by the same departure (a seat with nothing
            # left to bid is not asked): the case stays where it is.
            if found is None or _models_own(found, models, assumed):
                continue
            if _phase(found, assumed) != _phase(latest[case_id], assumed):
                again.append((case, actual, found))
    if not again:
        return deviations
    left = [f for f in hidden.findings if f.rule not in models]
    counted = _counted_by_engine(hidden.findings)
    more = with_findings(find_deviations(again, hidden.passed, assumed, counted), left)
    more = [
        replace(d, judged_again=d.cases, assumed=tuple(models)) for d in more if d.rule is not None
    ]
    seen = {case.id: divergence for case, _, divergence in again}
    deviations, more = _counted_so(deviations, more, seen, assumed, hidden.by_id)
    return _merged(deviations, more, hidden.by_id)


#: The rule of the pack: the rule a step of a game falls back on where none names it
#: more closely (every step deals from the pack).
_THE_PACK = "cards.pack"

#: How many refused vector games are played again on the engine's own deal, at most.
_GAMES_PLAYED_AGAIN = 24

#: The matches, at most, played again on the engine's deal, whatever the games: each
#: bounds the balance at which the engine ends a match (:mod:`frogspec.conform.match_end`)
#: by one that ended it or one it went on past.
_MATCHES_PLAYED_AGAIN = 12


def _played_on_own_deal(
    deviations: list[Deviation],
    models: dict[str, Model],
    hidden: _Hidden,
    replay: _Replay,
    shown: set[frozenset[str]],
    dealt: dict[str, tuple[Case, Json]],
    finished: list[tuple[str, Case, Json]] | None = None,
) -> list[Deviation]:
    """The deviations with what the games refused alike hide: a failing vector game that
    the engine and the reference, with the departures modelled applied, both refuse (its
    actions do not fit the deal they make) is played again on that deal
    (:mod:`frogspec.conform.own_deal`), and where the engine answers such a game otherwise
    than the modelled reference, the departure it shows next is filed under the vector
    case too (a case two departures touch counts for both).

    Such a game goes where no vector case went, and a departure found already that its
    model renders roughly shows there too. So only what is new is filed: not a difference
    the failing cases show already (``shown``: their divergences' typed differences), not
    points or payments that differ alone where a departure of the count or the settlement
    is named, and not a step no rule but the pack's names. A match the engine deals
    otherwise than the modelled reference (a deal by another seat) goes into ``dealt``, by
    the vector case's id, for its dealers to show how the engine passes the deal; a game
    the engine plays again goes into ``finished``, with the vector case's id, for its
    settlement to show a departure the unit ops found (:func:`_tie_settled_as_found`). At most
    :data:`_GAMES_PLAYED_AGAIN` are played, and besides them matches up to
    :data:`_MATCHES_PLAYED_AGAIN`; a table whose game shows nothing new (it parts
    first by a departure named already) has its other games passed over."""
    assumed = composed(*(m.adjust for m in models.values()))
    again: list[Failing] = []
    # Each game and each divergence in it is a case of its own while the deviations are
    # found, then filed under the vector case it was played from.
    origin: dict[str, str] = {}
    # What the widow counts for is the count's too: its model, applied to a game of another
    # contract or lay-away than its cases', may render it only roughly.
    # (Points settled beyond the pack's are a sign of a count, not a model of one; the
    # cards' points that a swap of their values confirms on every answer render the count
    # exactly, so that what still differs under them is another departure's.)
    counted = any(
        d.cases
        and (_of_the_count(d) or d.rule == _WIDOW_COUNTED)
        and not isinstance(d.hypothesis, BeyondThePack)
        and not (d.rule == _CARD_POINTS and d.confirmed and d.rule in models)
        for d in deviations
    )
    settled = counted or any(d.cases and str(d.rule).startswith("settlement.") for d in deviations)
    named = {d.rule for d in deviations if d.cases}
    # A table whose game played again parts first by a departure named already hides
    # the rest there: its other games are passed over for those of other tables.
    masked: set[tuple[str | None, Json]] = set()
    replayed = matches = 0
    for case in _refused_alike(hidden.by_id, assumed, hidden.in_time, 2 * _GAMES_PLAYED_AGAIN):
        table = (case.ruleset, case.request.get("players"))
        # A match past the games' count is played for where it ends alone: one match
        # bounds the balance at which an engine ends one from one side only. A game that
        # compares a field of an extension is played besides the count, and no other
        # game of its table shows what it does: it neither masks a table nor is masked.
        extended = _extended(case)
        past = not extended and (
            replayed >= _GAMES_PLAYED_AGAIN or (case.op == "game" and table in masked)
        )
        if past and (case.op != "match" or matches >= _MATCHES_PLAYED_AGAIN):
            continue
        matches += case.op == "match"
        replayed += not extended
        new = False
        for played, answer in replay(case, assumed):
            if not hidden.in_time() or reproduced_under(played, answer, assumed):
                continue
            if finished is not None and played.op == "game":
                finished.append((case.id, played, answer))
            if played.op == "match" and _dealt_otherwise(played, answer, assumed):
                # The engine's match deals a deal by another seat than the modelled
                # reference's: its dealers show how it passes the deal (:func:`_dealt_as_found`).
                dealt[case.id] = (played, answer)
                continue
            for found in _past(played, answer, models, assumed, hidden):
                kinds = {type(x) for x in found.differences}
                if (
                    (past and not _ends_otherwise(found))
                    or (
                        _typed(found.differences) in shown
                        and (counted or PointsChanged not in kinds)
                    )
                    or (settled and kinds == {PaymentsChanged})
                    or (counted and kinds <= {PointsChanged, PaymentsChanged})
                ):
                    continue
                new = new or not found.rules or found.rules[0] not in named
                apart = f"{case.id} ({len(origin) + 1})"
                origin[apart] = case.id
                again.append((replace(played, id=apart), answer, found))
        if case.op == "game" and not new and not extended:
            masked.add(table)
    if not again:
        return deviations
    by_id = {**hidden.by_id, **{case.id: (case, answer) for case, answer, _ in again}}
    # The unit ops' findings name no group here: such a game shows what happens at a step
    # of a game (the first lead, the last trick), which no unit op is asked.
    more = find_deviations(again, hidden.passed, assumed, _counted_by_engine(hidden.findings))
    # A match played again may end where no rule's swap ends one: at the balance its
    # payers' balances show (:func:`frogspec.conform.match_end.end_at_limits`).
    more = end_at_limits(
        more,
        by_id,
        hidden.passed,
        lambda cases: _hand_written(cases, by_id),
        lambda d: None if (m := models.get(str(d.rule))) is None else m.adjust,
        assumed,
    )
    seen = {case.id: divergence for case, _, divergence in again}
    # Only what was hidden is new: a departure named by cases already is not filed again
    # here (one the unit ops' probes alone found takes the cases).
    named = {d.rule for d in deviations if d.cases}
    more = [
        replace(d, assumed=tuple(models))
        for d in more
        if d.rule is not None
        and (d.rule not in named or (_counts_deals(d) and not counted))
        and d.rule != _THE_PACK
    ]
    # A list of cards to play that a unit op's finding models (a card counted as a trump
    # in the duties) is that finding's departure, whichever rule the divergence named.
    left = [f for f in hidden.findings if f.rule not in models]
    refiled = _as_modelled([*deviations, *more], left, seen, assumed, by_id)
    before = {d.rule for d in deviations}
    deviations = [d for d in refiled if d.rule in before]
    more = [d for d in refiled if d.rule not in before]
    deviations, more = _counted_so(deviations, more, seen, assumed, by_id)
    if any(d.rule == _WIDOW_COUNTED for d in more) and not counted:
        # Found in this round, what the widow counts for is the count's, as above: points
        # and payments that differ alone in these games are not a departure of their own.
        # (Known before the round, such games are passed over as they are played, where
        # they also do not make their table's game a new one.)
        more = [d for d in more if not _points_alone(d, seen)]
    deviations = [_from_vectors(d, origin, hidden.by_id) for d in deviations]
    more = [_from_vectors(d, origin, hidden.by_id) for d in more]
    more = [replace(d, judged_again=d.cases) for d in more]
    return _merged(deviations, more, hidden.by_id)


def _count_said_once(
    deviations: list[Deviation], by_id: dict[str, tuple[Case, Json]]
) -> list[Deviation]:
    """The deviations, with those of a rule of the count that only show points settled
    beyond the pack's filed under the one of the count that says how the engine counts a
    deal (:func:`_counts_deals`, found where the games are played again on the engine's
    own deal) and whose deal holds those points: the points beyond the pack are that
    count's (a card counted more, or points besides the cards')."""
    found = list(deviations)
    for home in [d for d in deviations if _counts_deals(d) and d.rule in _COUNT_RULES]:
        holds = home.hypothesis.holds if home.hypothesis is not None else 0
        signs = [
            d
            for d in found
            if d.rule in _COUNT_RULES
            and isinstance(d.hypothesis, BeyondThePack)
            and d.hypothesis.points <= holds
        ]
        if not signs:
            continue
        at = next(i for i, d in enumerate(found) if d is home)
        cases = [c for d in signs for c in d.cases]
        found[at] = _with_cases(home, cases, by_id)
        found = [d for d in found if not any(d is sign for sign in signs)]
    return found


def _counts_deals(d: Deviation) -> bool:
    """Whether the deviation says how the engine counts a deal: a hypothesis that gives
    its points (not points settled beyond the pack's, a sign of another count)."""
    return d.hypothesis is not None and not isinstance(d.hypothesis, BeyondThePack)


def _ends_otherwise(divergence: Divergence) -> bool:
    """Whether a match parts where it ends: the engine ends it, or names a loser, where
    the reference does not (or the other way round)."""
    return any(
        isinstance(x, FieldChanged) and x.name in ("over", "loser") for x in divergence.differences
    )


def _points_alone(d: Deviation, seen: Mapping[str, Divergence | None]) -> bool:
    """Whether every case of a deviation of the count parts, where it parts, in its
    points or payments alone."""
    if d.rule not in _COUNT_RULES or d.hypothesis is not None:
        return False
    kinds = [{type(x) for x in v.differences} for c in d.cases if (v := seen.get(c)) is not None]
    return bool(kinds) and all(k <= {PointsChanged, PaymentsChanged} for k in kinds)


def _dealers(answer: Json) -> Json:
    """The ``dealers`` of a ``match`` answer (``None`` where it has none)."""
    result = answer.get("result") if isinstance(answer, dict) else None
    return result.get("dealers") if isinstance(result, dict) else None


def _dealt_otherwise(played: Case, answer: Json, assumed: Adjust | None) -> bool:
    """Whether the engine's answer to a match deals one of its deals by another seat than
    the reference's under the departures ``assumed``."""
    engine = _dealers(answer)
    reference = _dealers(reference_answer(played.request, assumed))
    return isinstance(engine, list) and isinstance(reference, list) and engine != reference


def _typed(differences: Sequence[Difference]) -> frozenset[str]:
    """A divergence's typed differences, as a value to compare (they may hold lists)."""
    return frozenset(repr(x) for x in differences)


def _from_vectors(
    d: Deviation, origin: dict[str, str], by_id: dict[str, tuple[Case, Json]]
) -> Deviation:
    """The deviation with each game played on the engine's own deal filed as the vector
    case it was played from (once)."""
    if not any(c in origin for c in d.cases):
        return d
    cases = tuple(dict.fromkeys(origin.get(c, c) for c in d.cases))
    return replace(d, cases=cases, hand_written=_hand_written(cases, by_id))


def _past(
    played: Case,
    answer: Json,
    models: dict[str, Model],
    assumed: Adjust | None,
    hidden: _Hidden,
) -> list[Divergence]:
    """The divergences of a game played on the engine's own deal, under the departures
    ``models`` (composed in ``assumed``), in turn: the first, then, while one parts only in
    a legal list (a contract one may not bid, a card one may not lead) and the game goes on
    alike, the next one past it."""
    found: list[Divergence] = []
    phase: object = None
    kinds: frozenset[str] = frozenset()
    for _ in range(ROUNDS):
        divergence = hidden.rediagnose(played, answer, assumed, kinds)
        # A step a modelled departure's rule decides is that departure's, which its model
        # follows in all but some detail there: named already, not a new one. (The rulebook
        # as written never comes to such a game's positions: it deals otherwise.)
        if divergence is None or (divergence.rules and divergence.rules[0] in models):
            break
        # A step of the same phase as the list passed over parts by the same departure (a
        # seat with nothing left to bid is not asked): no new one.
        phase, before = _phase(divergence, assumed), phase
        if found and phase == before:
            break
        found.append(divergence)
        more = _legal_only(divergence)
        if not more or more <= kinds or not hidden.in_time():
            break
        kinds |= more
    return found


def _refused_alike(
    by_id: dict[str, tuple[Case, Json]],
    assumed: Adjust | None,
    in_time: Callable[[], bool],
    most: int = _GAMES_PLAYED_AGAIN,
) -> list[Case]:
    """The failing vector games and matches (at most ``most``, in the order of
    :func:`_in_order_to_play`, taking each ruleset in turn, then further matches up to
    :data:`_MATCHES_PLAYED_AGAIN` in all) that the engine refuses where an answer was
    expected, as the reference does with the departures modelled applied."""
    by_ruleset: dict[str | None, list[Case]] = {}
    for case, actual in by_id.values():
        if (
            case.op in ("game", "match")
            and "result" in case.expected
            and refused_at(actual) is not None
        ):
            by_ruleset.setdefault(case.ruleset, []).append(case)
    for ruleset, cases in by_ruleset.items():
        by_ruleset[ruleset] = _in_order_to_play(cases)
    turns = max((len(c) for c in by_ruleset.values()), default=0)
    in_turn = [c[turn] for turn in range(turns) for c in by_ruleset.values() if turn < len(c)]
    chosen: list[Case] = []
    # Each looked at is replayed by the reference: an engine whose refusals the models do
    # not explain is not replayed game after game.
    looked_at = 0
    for case in in_turn:
        if len(chosen) == most or looked_at == 4 * _GAMES_PLAYED_AGAIN or not in_time():
            break
        looked_at += 1
        if reproduced_under(case, by_id[case.id][1], assumed):
            chosen.append(case)
    # The games that compare a field of an extension past those looked at: no other game
    # shows what the engine does there (the Frog's widow shown), and each is short.
    extended = 0
    for case in in_turn[looked_at:]:
        if extended == _GAMES_PLAYED_AGAIN or not in_time():
            break
        if _extended(case) and reproduced_under(case, by_id[case.id][1], assumed):
            chosen.append(case)
            extended += 1
    # The matches past those looked at: a match's end is bounded only by several.
    matches = sum(c.op == "match" for c in chosen)
    for case in in_turn[looked_at:]:
        if matches == _MATCHES_PLAYED_AGAIN or not in_time():
            break
        if case.op == "match" and reproduced_under(case, by_id[case.id][1], assumed):
            chosen.append(case)
            matches += 1
    return chosen


def _length(case: Case) -> int:
    """How many actions a game or a match takes (a match: those of all its deals)."""
    if case.op == "match":
        deals = case.request.get("deals")
        return sum(
            len(deal.get("actions") or ())
            for deal in (deals if isinstance(deals, list) else ())
            if isinstance(deal, dict)
        )
    return len(case.request.get("actions") or ())


def _extended(case: Case) -> bool:
    """Whether the case is a game that compares a field of a protocol extension (the
    Frog's widow shown): only such games show what the engine answers there."""
    return case.op == "game" and bool(case.extension_paths)


def _kind_of_game(case: Case) -> tuple[str, str]:
    """What sets a game apart from another of its ruleset: its table and its contract."""
    result = case.expected.get("result")
    contract = result.get("contract") if isinstance(result, dict) else None
    return str(case.request.get("players")), str(contract)


def _in_order_to_play(cases: list[Case]) -> list[Case]:
    """The games, the longest of each table and contract first, each contract in turn (a
    departure behind another may show only at one table, or in one contract), then the
    rest longest first; the longest match second: a match shows what no game does (who
    deals next, the balances), and one or two of them show it."""
    games = sorted((c for c in cases if c.op == "game"), key=lambda c: (-_length(c), c.id))
    longest: dict[tuple[str, str], Case] = {}
    for case in games:
        longest.setdefault(_kind_of_game(case), case)
    # Each contract in turn: a Grand is shorter than a Frog, not less worth playing.
    by_contract: dict[str, list[Case]] = {}
    for case in longest.values():
        by_contract.setdefault(_kind_of_game(case)[1], []).append(case)
    turns = max((len(c) for c in by_contract.values()), default=0)
    firsts = [c[turn] for turn in range(turns) for c in by_contract.values() if turn < len(c)]
    games = [*firsts, *(c for c in games if c not in firsts)]
    matches = sorted((c for c in cases if c.op == "match"), key=lambda c: (-_length(c), c.id))
    return [*games[:1], *matches[:1], *games[1:], *matches[1:]]


def _counted_so(
    deviations: list[Deviation],
    more: list[Deviation],
    divergences: dict[str, Divergence | None],
    assumed: Adjust | None,
    by_id: dict[str, tuple[Case, Json]],
) -> tuple[list[Deviation], list[Deviation]]:
    """The deviations found before and those of a new round, each case of the new round
    whose points at the end of a deal differ as a departure of the count already named
    says (its hypothesis gives the engine's count of that deal, replayed under the
    departures ``assumed``) filed under that departure: what the engine counts there is
    that departure's, not a new one seen at the last trick. A new deviation left with no
    case is dropped."""
    counting = [d for d in deviations if d.hypothesis is not None]
    if not counting:
        return deviations, more
    new = {id(d) for d in more if d.hypothesis is None}

    def home_of(d: Deviation, case_id: str) -> Deviation | None:
        if id(d) not in new:
            return None
        return _counting(counting, divergences.get(case_id), assumed)

    found = _refiled([*deviations, *more], home_of, by_id)
    # Those found before only take cases, never lose one: they keep their places.
    return found[: len(deviations)], found[len(deviations) :]


def _refiled(
    deviations: list[Deviation],
    home_of: Callable[[Deviation, str], Deviation | None],
    by_id: dict[str, tuple[Case, Json]],
    left: Callable[[Deviation], Deviation] | None = None,
) -> list[Deviation]:
    """The deviations with each case that ``home_of`` gives a home (another of them)
    filed under that home, ``left`` applied to each that lost some of its cases, and one
    that lost all of them dropped. The homes are found before any deviation changes."""
    moved: dict[int, list[str]] = {}
    lost: dict[int, set[str]] = {}
    for d in deviations:
        for case_id in d.cases:
            home = home_of(d, case_id)
            if home is not None and home is not d:
                moved.setdefault(id(home), []).append(case_id)
                lost.setdefault(id(d), set()).add(case_id)
    if not moved:
        return deviations
    found = []
    for d in deviations:
        was = id(d)
        if was in lost:
            if lost[was] == set(d.cases) and was not in moved:
                continue
            d = _only_cases(d, set(d.cases) - lost[was], by_id)
            d = left(d) if left is not None else d
        found.append(_with_cases(d, moved[was], by_id) if was in moved else d)
    return found


def _counting(
    counting: Sequence[Deviation], divergence: Divergence | None, assumed: Adjust | None
) -> Deviation | None:
    """The departure of the count whose hypothesis gives the engine's points where they
    differ at the divergence (``None``: the points do not differ there, or none does)."""
    if divergence is None or divergence.request is None:
        return None
    if not any(isinstance(x, PointsChanged) for x in divergence.differences):
        return None
    return next(
        (
            d
            for d in counting
            if d.hypothesis is not None
            and d.hypothesis.fits(divergence, assumed)
            and d.counts_deal(divergence, assumed)
        ),
        None,
    )


def _models_own(
    divergence: Divergence | None, models: dict[str, Model], assumed: Adjust | None
) -> bool:
    """Whether a case diagnosed again parts at a position only the departures modelled
    lead to (the reference as written is in another phase there, or never comes there),
    by a rule of the part of the rulebook a modelled departure is of: what the engine does
    there is that departure's, which the model renders only roughly (a Grand's trump named
    as a Chico's, where the engine lets the bidder name any suit), not a departure of its
    own."""
    if divergence is None or not divergence.rules:
        return False
    if _phase(divergence, assumed) == _phase(divergence, None):
        return False
    counted = any(rule in _COUNT_RULES or rule == _WIDOW_COUNTED for rule in models)
    if not counted and any(isinstance(d, PointsChanged) for d in divergence.differences):
        # The points counted otherwise are no departure of the settlement's or the
        # deal's: only one of the count renders them.
        return False
    parts = {rule.split(".")[0] for rule in models}
    return str(divergence.rules[0]).split(".")[0] in parts


def _phase(divergence: Divergence | None, assumed: Adjust | None) -> object:
    """The phase of the game whose answers part at a divergence (the position of a legal
    list, else the one after the step's action), by the reference under the departures
    ``assumed`` (``None``: not a step of a game)."""
    request = divergence.request if divergence is not None else None
    step = divergence.game_step if divergence is not None else None
    actions = request.get("actions") if isinstance(request, dict) else None
    if step is None or not isinstance(actions, list) or request is None:
        return None
    upto = step if _legal_only(divergence) else step + 1
    state = game_state(request, actions[:upto], assumed)
    return state.phase if state is not None else None


def _legal_only(divergence: Divergence | None) -> frozenset[str]:
    """The kinds of difference of a divergence that parts only in a legal list (none
    where it parts otherwise)."""
    differences = divergence.differences if divergence is not None else ()
    # What the diagnosis read off another answer (the next player's bids after the
    # opener's pass) is not where this step parts: it may still part only in its list.
    listed = [d for d in differences if not d.READ_OFF_ANOTHER_ANSWER]
    if not listed or not all(isinstance(d, LegalChanged) for d in listed):
        return frozenset()
    return frozenset(d.kind for d in listed)


def _explained_away(
    deviations: list[Deviation],
    models: dict[str, Model],
    assumed: Adjust | None,
    by_id: dict[str, tuple[Case, Json]],
    in_time: Callable[[], bool],
) -> list[Deviation]:
    """The deviations without the cases of a departure no swap confirmed that the
    reference, with the modelled departures applied, answers as the engine did: those
    departures explain them (the count of the last trick follows from who takes it), and
    they are filed under each that would fail them alone. A deviation left with no case
    is dropped."""
    kept = []
    for d in deviations:
        if d.rule is None or d.rule in models or d.confirmed or not in_time():
            kept.append(d)
            continue
        cases = {c for c in d.cases if not reproduced_under(*by_id[c], assumed)}
        if cases == set(d.cases):
            kept.append(d)
        elif cases:
            kept.append(_only_cases(d, cases, by_id))
    return kept


def _without_cases(
    deviations: list[Deviation], judged: set[str], by_id: dict[str, tuple[Case, Json]]
) -> list[Deviation]:
    """The deviations, those that name no rule without the cases judged again (they are
    filed anew); a deviation left with no case is dropped."""
    kept = []
    for d in deviations:
        if d.rule is not None:
            kept.append(d)
            continue
        cases = set(d.cases) - judged
        if cases:
            kept.append(_only_cases(d, cases, by_id))
    return kept


def _hand_written(case_ids: Iterable[str], by_id: dict[str, tuple[Case, Json]]) -> int:
    return sum(not by_id[c][0].file.startswith("generated") for c in case_ids if c in by_id)


def _with_cases(
    d: Deviation, more: Iterable[str], by_id: dict[str, tuple[Case, Json]]
) -> Deviation:
    cases = tuple(dict.fromkeys((*d.cases, *more)))
    if cases == d.cases:
        return d
    return replace(d, cases=cases, hand_written=_hand_written(cases, by_id))


def _only_cases(d: Deviation, cases: set[str], by_id: dict[str, tuple[Case, Json]]) -> Deviation:
    """The deviation with those of its cases only (in its order)."""
    kept = tuple(c for c in d.cases if c in cases)
    return replace(d, cases=kept, hand_written=_hand_written(kept, by_id))


def _merged(
    deviations: list[Deviation],
    more: list[Deviation],
    by_id: dict[str, tuple[Case, Json]],
) -> list[Deviation]:
    """The deviations found before with those found in a new round: a rule named again
    takes the new cases (one departure, one deviation), a new rule is a deviation of its
    own, and a unit op's finding of a rule already named adds nothing."""
    found = list(deviations)
    for d in more:
        same = next(
            (i for i, old in enumerate(found) if d.rule is not None and old.rule == d.rule),
            None,
        )
        if same is None:
            if d.cases or not any(old.rule == d.rule for old in found):
                found.append(d)
            continue
        old = found[same]
        new = tuple(c for c in d.cases if c not in old.cases)
        found[same] = replace(
            _with_cases(old, new, by_id),
            judged_again=old.judged_again + new,
            assumed=tuple(dict.fromkeys((*old.assumed, *d.assumed))) if new else old.assumed,
        )
    return found


def _filed_under_models(
    deviations: list[Deviation],
    models: dict[str, Model],
    failed: Sequence[Failing],
    by_id: dict[str, tuple[Case, Json]],
) -> list[Deviation]:
    """Each modelled departure's deviation with every failing case that departure alone
    would fail: a case two departures touch counts for both."""
    if not models:
        return deviations
    found: list[Deviation] = []
    filed: dict[str, int] = {}  # one deviation per rule takes them: its first
    for d in deviations:
        model = models.get(d.rule or "")
        if model is None:
            found.append(d)
            continue
        if model.rule in filed:  # the same departure, found apart: one deviation
            found[filed[model.rule]] = joined_deviation(
                found[filed[model.rule]], [d], lambda cases: _hand_written(cases, by_id)
            )
            continue
        filed[model.rule] = len(found)
        shown = [
            case.id for case, _, _ in failed if case.id not in d.cases and fails_alone(model, case)
        ]
        touched = tuple(dict.fromkeys((*d.touched, *shown)))
        found.append(
            replace(
                _said_in_rulesets_of(_with_cases(d, shown, by_id), by_id),
                touched=touched,
            )
        )
    return found


def _case_rulesets(cases: Iterable[str], by_id: dict[str, tuple[Case, Json]]) -> tuple[str, ...]:
    """The rulesets the cases name (those of ``by_id``), in order."""
    return tuple(sorted({str(r) for c in cases if c in by_id and (r := by_id[c][0].ruleset)}))


def _said_in_rulesets_of(d: Deviation, by_id: dict[str, tuple[Case, Json]]) -> Deviation:
    """The deviation said in the rulesets of all its cases, where it says its rulesets:
    a case filed under it in another ruleset would contradict its ``when``."""
    said = d.circumstances.rulesets
    if not said:
        return d
    of_cases = set(_case_rulesets(d.cases, by_id))
    if of_cases <= set(said):
        return d
    rulesets = tuple(sorted({*said, *of_cases}))
    return replace(
        d,
        in_rulesets=tuple(sorted({*d.in_rulesets, *of_cases})),
        circumstances=replace(d.circumstances, rulesets=rulesets),
    )
