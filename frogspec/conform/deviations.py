"""Deviations: the rules an engine departs from, most likely first, from its diagnosed failures.

This module groups one round of first divergences; :mod:`frogspec.conform.blame` is where
the kit decides which rule each failure is blamed on (it calls this module, applies the
departures found and judges the failing cases again).

One fault fails many cases: the wrong leader after a trick fails every whole deal that
gets that far. :func:`find_deviations` groups the failing cases by the rule of their first
divergence (:mod:`frogspec.conform.diagnosis`), so that the fault is named once, with the
number of cases that show it and the smallest request that does, written as a vector case
ready to add. A rule that only comes into play after a deal has already gone wrong is never
a first divergence, and so never listed.

The grouping, in two passes:

1. Rules whose swap reproduces the engine (a broken twin or a rival reading of the rule,
   swapped into the reference, answers as the engine does at the step where it parts):
   the rule that explains the most cases takes them, then the next, and so on; a case
   several rules explain goes to the one that explains most. Given the cases the engine
   passed, a rule is only chosen if its swap also keeps those passing (two rules may
   both explain a refused table of seven; only one of them leaves six seated).
2. The cases no swap explains may each be charged to any of the first few rules of their
   diagnosis; the fewest rules that cover them all are taken (the most weight first, then
   the most weight of cases on which a swap of the rule reproduces the engine, then a rule
   whose point the sources dispute, then the rule most cases name first). A rule the
   first pass turned down is passed over, unless the differing fields point to it first
   or its swap reproduces the engine on that case: an engine may break a rule otherwise
   than its twin does (who leads after a trick: the winner's left in the twin, the last
   leader in the engine), and the twin then reproduces some of its cases and not the
   passed ones.

The second pass names no cause it cannot back. A group it forms is *suspected* of its rule
when something points there: on some of its cases a swap of the rule reproduces the engine
(though no swap reproduces every answer), or the reference's own refusal names the rule
(both refuse alike and name different rules). Otherwise the group is *unexplained*: no
broken twin or rival reading of any rule reproduces its answers, and the deviation names
no rule (``rule`` is ``None``), only where to look (``look_at``: the rules the failing
cases are labelled with and that decide the step where the answers part).

Deviations that a swap confirms come first, then the suspected, then the unexplained;
within each, by weight: a hand-written case, which targets its rules, weighs
:data:`HAND_WRITTEN_WEIGHT`, a generated whole deal 1. Where a rival reading of the rule
reproduces every confirmed case of the group, the engine follows that reading: its rule id
and the rulesets that use it are given.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

from frogspec._types import Json
from frogspec.conform.accounting import (
    BeyondThePack,
    BothCounted,
    GroupCredited,
    Lead,
    PointsHypothesis,
    card_values,
    contracts_of,
    explain_points,
    leader_model,
    moves_points,
    settled_beyond_the_pack,
    trick_taken_by_engine,
    who_leads,
)
from frogspec.conform.conditions import Condition, ConditionTerm
from frogspec.conform.counterfactuals import (
    evaluated_rules,
    failed_under,
    has_twin,
    reference_answer,
    stand_in,
    swapped,
)
from frogspec.conform.diagnosis import (
    LAY_AWAY_RULE,
    Divergence,
    finished_trick,
    fits_passed,
    lay_away_apart,
    played_deals,
)
from frogspec.conform.evidence import (
    CardCounted,
    DealPaidTimes,
    Difference,
    EveryTrickPaid,
    LegalChanged,
    MatchOtherwise,
    PlayedWithoutTrumps,
    PointsChanged,
    Several,
    TrickTaken,
    difference_json,
)
from frogspec.conform.localise import (
    Localised,
    all_pass_played,
    condition_at,
    first_bidder_model,
    localise,
    opener_model,
    trump_model,
    widow_model,
)
from frogspec.conform.probes import StageFinding
from frogspec.conform.rotation import who_deals
from frogspec.conform.words import (
    Circumstances,
    difference_words,
    finding_instead,
    finding_when,
    instead_words,
    reading_words,
    twin_words,
    when_words,
)
from frogspec.errors import FrogError
from frogspec.harness import Adjust
from frogspec.questions import Question
from frogspec.registry import all_rules, get_rule, rule_for_function
from frogspec.rules.auction import Contract, all_pass_ends_deal
from frogspec.rules.match import payers_in_order
from frogspec.rules.trump import fixed_trump
from frogspec.rules.widow import exchanges_widow
from frogspec.rulesets import get_ruleset, rulesets_using
from frogspec.twins.model import get_twin
from frogspec.vectors.build import EXTENSION_FIELDS, extension_of
from frogspec.vectors.model import CASE_ID_PATTERN, Case, differences

__all__ = [
    "HAND_WRITTEN_WEIGHT",
    "STATUS_ORDER",
    "Cover",
    "Deviation",
    "deviation_json",
    "ends_at_or_below",
    "find_deviations",
    "finding_json",
    "match_ends_at",
    "statement_of",
    "with_findings",
]


#: The statuses of a deviation, in the report's order.
STATUS_ORDER = ("confirmed", "localised", "suspected", "unexplained")

#: What a failing hand-written case weighs against a failing generated one.
HAND_WRITTEN_WEIGHT = 4


@dataclass(frozen=True)
class Deviation:
    """One rule the engine departs from.

    ``cases`` are the ids of the failing cases that first part from the reference on this
    rule; ``example`` the smallest request that shows it, as a vector case (the form of
    ``spec/vectors/*.json``) whose response is the reference's. ``reading`` is the rival
    reading of the rule that the engine's answers fit, if one does, and
    ``reading_rulesets`` the rulesets that use it. ``confirmed``: a swap of the rule (its
    broken twin or a reading) reproduces the engine; ``hand_written`` counts the cases not
    generated; ``detail`` says what differs in the example. ``reproduced_cases`` are the
    ids of the cases on whose first divergence a swap of the rule gives the engine's answer,
    and :attr:`reproduced` counts those of them it still files (cases filed under another
    deviation later are not counted).

    ``rule`` is ``None`` for an unexplained deviation (:attr:`status`): no swap reproduces
    any of its cases, and ``look_at`` names the rules to look at first, without claiming
    that any of them is the cause.

    For a suspected deviation whose rule's swap reproduces some of its cases,
    ``would_fail`` are the ids of the cases the engine passes that the swap would fail (the
    swap that fails fewest: the broken twin when ``would_fail_reading`` is ``None``, else
    that rival reading), which is why the swap does not confirm it; empty if it fails none.

    ``differences`` are the typed ways its example's answer parts from the reference's
    (:mod:`frogspec.conform.evidence`), which the kit decides from; ``detail`` says them.
    ``condition`` is ``when`` as a value, where it was found from the features of the
    cases' steps (:mod:`frogspec.conform.conditions`), and ``in_rulesets`` the rulesets
    of the cases it names: ``when`` is said from them. ``hypothesis`` is what the engine
    counts otherwise, for a deviation of the points explained by accounting; a failing
    case whose final count it gives is filed under it too (a case two departures touch
    counts for both).
    """

    rule: str | None
    reading: str | None
    reading_rulesets: tuple[str, ...]
    cases: tuple[str, ...]
    example: dict[str, Json]
    confirmed: bool = False
    hand_written: int = 0
    detail: str = ""
    reproduced_cases: tuple[str, ...] = ()
    look_at: tuple[str, ...] = ()
    would_fail: tuple[str, ...] = ()
    would_fail_reading: str | None = None
    #: Where it departs, as values (:class:`~frogspec.conform.words.Circumstances`): said as
    #: :attr:`when` by :func:`frogspec.conform.words.when_words`.
    circumstances: Circumstances = field(default_factory=Circumstances)
    #: What the engine does there, as the typed value that found it (the passing of the
    #: deal, a count otherwise, the unit op's finding, the replay's localisation): said as
    #: :attr:`instead` by :func:`frogspec.conform.words.instead_words`.
    otherwise: Any = None
    stage: str | None = None
    probes_agree: int = 0
    probes_disagree: int = 0
    differences: tuple[Difference, ...] = ()
    condition: Condition | None = None
    in_rulesets: tuple[str, ...] = ()
    hypothesis: PointsHypothesis | None = None
    #: The departure as a change of the reference's rulesets, where the unit ops' probes
    #: found one that answers them as the engine does (:mod:`frogspec.conform.blame`
    #: judges the failing cases again with it applied).
    departure: Adjust | None = field(default=None, compare=False, repr=False)
    #: The cases among ``cases`` filed because the departure alone would fail them, where
    #: another departure is what they first part on (a case two departures touch counts
    #: for both): ``when`` is said from the others.
    touched: tuple[str, ...] = ()
    #: The cases among ``cases`` found at a divergence from the reference with other
    #: departures of the engine applied (``assumed``, their rules): their first divergence
    #: from the plain reference is another departure's.
    judged_again: tuple[str, ...] = ()
    #: The rules of the departures applied to the reference when ``judged_again`` were
    #: diagnosed (:mod:`frogspec.conform.blame`).
    assumed: tuple[str, ...] = ()
    #: For a departure of the count: the points the engine's own count gives the pack,
    #: where it refuses to settle more (its ``settle`` cases refused past them are this
    #: departure's: the settlement follows the count). ``None``: no such refusal.
    settles_up_to: int | None = None
    #: For a departure of the count: the points a deal holds by the engine's count, where
    #: its tie moves with them (to half of them: its ``settle`` cases that pay from that
    #: tie are this departure's). ``None``: the tie is the rules'.
    holds: int | None = None
    #: Whether the rule's twin (:mod:`frogspec.twins`: the rule with one plausible mistake)
    #: is the swap that confirms it: what the twin does is then what the engine does,
    #: said by :attr:`instead` where the value that found it says only an example.
    by_twin: bool = False

    @property
    def reproduced(self) -> int:
        """How many of its cases a swap of the rule reproduces (at their first divergence)."""
        swapped = set(self.reproduced_cases)
        return sum(c in swapped for c in self.cases)

    @property
    def when(self) -> str:
        """Where it departs, in the rules' words (:func:`frogspec.conform.words.when_words`)."""
        return when_words(self.circumstances)

    @property
    def instead(self) -> str:
        """What the engine does there, in words (:func:`frogspec.conform.words.instead_words`);
        by the rival reading it follows, or the mistake of the twin that confirms it, where
        nothing else says more than an example (:func:`frogspec.conform.words.reading_words`,
        :func:`frogspec.conform.words.twin_words`)."""
        if self.reading is not None:
            by_reading = reading_words(self.otherwise, self.reading, self.reading_rulesets)
            if by_reading:
                return by_reading
        if self.by_twin and self.rule is not None:
            by_twin = twin_words(self.otherwise, self.rule)
            if by_twin:
                return by_twin
        return instead_words(self.otherwise, self.settles_up_to, self.holds)

    def counts_deal(self, divergence: Any, assumed: Adjust | None = None) -> bool:
        """Whether, being a departure of the count, it shows on a deal whose points
        differ: always, unless it is one part of two departures at once
        (:func:`_each_count_apart`) that moves nothing on that deal (the untouched widow,
        in a Frog), which is the other's."""
        if not isinstance(self.hypothesis, BothCounted) or self.otherwise is self.hypothesis:
            return True
        return moves_points(self.otherwise, divergence, assumed) is not False

    @property
    def also(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The other rules of the same point it departs from, each with the rulesets of its
        cases that use it, where rulesets of several rules for one point show one
        departure (the same packets where one ruleset's rule is another's): ``rule`` is
        the one of most probes."""
        finding = self.otherwise
        # The amount for every trick, or a deal paid times over, is paid as the rate is; a
        # localised departure may name the point: each ruleset answers it by its own rule.
        question = (
            "rates"
            if isinstance(finding, (EveryTrickPaid, DealPaidTimes))
            else finding.question
            if isinstance(finding, Localised)
            else None
        )
        if question is not None:
            by_rule: dict[str, list[str]] = {}
            for ruleset in sorted(self.in_rulesets):
                by_rule.setdefault(get_ruleset(ruleset).rule_id(question), []).append(ruleset)
            return tuple((r, tuple(rs)) for r, rs in sorted(by_rule.items()) if r != self.rule)
        if not isinstance(finding, StageFinding):
            return ()
        shown = set(self.in_rulesets) or set(finding.rulesets)
        found = []
        for rule_id in finding.also:
            rulesets = tuple(sorted(shown & set(rulesets_using(rule_id))))
            if rulesets and rule_id != self.rule:
                found.append((rule_id, rulesets))
        return tuple(found)

    @property
    def status(self) -> str:
        """``"confirmed"`` (a swap of the rule reproduces every answer, failed and passed),
        ``"localised"`` (no swap does, but the engine's unit op for the rule's stage departs
        from the reference on the probes: :mod:`frogspec.conform.probes`), ``"suspected"``
        (evidence points to the rule, no swap reproduces every answer) or
        ``"unexplained"`` (no swap of any rule reproduces the engine on these cases)."""
        if self.confirmed:
            return "confirmed"
        if self.rule is not None and self.stage is not None:
            return "localised"
        return "suspected" if self.rule is not None else "unexplained"

    @property
    def probes(self) -> int:
        """The unit-op probes the deviation's ``when`` and ``instead`` rest on."""
        return self.probes_agree + self.probes_disagree

    def rank(self, order: Mapping[str, int]) -> tuple[int, int, int, tuple[str, ...]]:
        """The sort key of the report's order: by :data:`STATUS_ORDER`, then the most
        weight, then the registry's order of the rule (``order``), then the cases."""
        return (
            STATUS_ORDER.index(self.status),
            -self.weight,
            order.get(self.rule or "", len(order)),
            self.cases,
        )

    @property
    def weight(self) -> int:
        """The cases counted, a hand-written one as :data:`HAND_WRITTEN_WEIGHT`."""
        generated = len(self.cases) - self.hand_written
        return self.hand_written * HAND_WRITTEN_WEIGHT + generated


def joined_deviation(
    first: Deviation,
    others: Sequence[Deviation],
    hand_written: Callable[[Iterable[str]], int],
    **found: Any,
) -> Deviation:
    """One deviation of a departure found apart: ``first`` with the ``others`` joined to it.

    It holds the cases of all, each once, in their order (``hand_written`` counts those of
    them not generated), and the rulesets of all; its condition is the conditions joined,
    true wherever one is (none where one has none: its cases are not bounded by features),
    and ``when`` is said from them as ``first`` says it. A case another files as its own
    is no longer only touched. ``found`` are the fields found otherwise, as for
    :func:`dataclasses.replace` (what the engine does instead, its departure as a change of
    the rulesets, a condition found from all the cases)."""
    every = (first, *others)
    cases = tuple(dict.fromkeys(c for d in every for c in d.cases))
    rulesets = tuple(sorted({r for d in every for r in d.in_rulesets}))
    condition: Condition | None = first.condition
    for d in others:
        condition = (
            condition.joined(d.condition)
            if condition is not None and d.condition is not None
            else None
        )
    condition = found.pop("condition", condition)
    own = {c for d in others for c in d.cases if c not in d.touched}
    found.setdefault(
        "reproduced_cases", tuple(dict.fromkeys(c for d in every for c in d.reproduced_cases))
    )
    return replace(
        first,
        cases=cases,
        hand_written=hand_written(cases),
        in_rulesets=rulesets,
        condition=condition,
        circumstances=replace(first.circumstances, rulesets=rulesets, condition=condition),
        touched=tuple(c for c in first.touched if c not in own),
        **found,
    )


def _hand_written(case: Case) -> bool:
    return not case.file.startswith("generated")


def _hand_written_of(
    failed: Sequence[tuple[Case, Any, Divergence | None]],
) -> Callable[[Iterable[str]], int]:
    """How many of some failing cases' ids are of cases not generated."""
    written = {case.id: _hand_written(case) for case, _, _ in failed}
    return lambda case_ids: sum(written.get(c, False) for c in case_ids)


def _weight(case: Case) -> int:
    return HAND_WRITTEN_WEIGHT if _hand_written(case) else 1


_Entry = tuple[Case, Divergence]


def find_deviations(
    failed: Sequence[tuple[Case, Any, Divergence | None]],
    passed: Sequence[Case] = (),
    assumed: Adjust | None = None,
    counted: tuple[CardCounted, ...] = (),
) -> list[Deviation]:
    """The deviations shown by failing cases (each with the engine's answer and its
    diagnosis), most likely first. Cases without a diagnosis, or whose divergence no rule
    decides (a protocol matter), are left out.

    ``passed`` are the cases the engine passed: a rule's swap (its twin, a rival reading)
    only explains failures, and a reading is only said to fit the engine, if the swap also
    gives their expected answers (an engine that refuses five players but seats four does
    not follow "three players only"). Without them, every swap that explains is taken.

    ``assumed`` are the engine's departures found already, under which the divergences
    were found: every swap is tried, and every game replayed, with them applied first.
    ``counted``: what the engine's ``card_points`` counts otherwise, rank by rank: every
    deal's count is accounted for with its own card values.
    """
    entries: list[_Entry] = [
        (case, divergence) for case, _, divergence in failed if divergence and divergence.rules
    ]
    order = {entry.id: i for i, entry in enumerate(all_rules())}
    groups: dict[str, list[_Entry]] = {}
    confirmed: set[str] = set()
    swaps: dict[str, Adjust] = {}  # the swap that confirmed each rule, as a change of rulesets
    rejected: set[str] = set()  # rules whose swaps would fail cases the engine passes
    remaining = entries
    while True:
        score: dict[str, int] = {}
        for case, divergence in remaining:
            for rule_id in divergence.explained_by:
                if rule_id not in rejected:
                    score[rule_id] = score.get(rule_id, 0) + _weight(case)
        ranked = sorted(score, key=lambda r: (-score[r], order.get(r, len(order))))
        best = next((r for r in ranked if _consistent(r, remaining, passed, assumed, failed)), None)
        rejected.update(ranked[: ranked.index(best)] if best is not None else ranked)
        if best is None:
            break
        taken, coincidences, swap = _one_swap(
            best, [e for e in remaining if best in e[1].explained_by]
        )
        groups[best] = taken
        if swap is not None:
            swaps[best] = swap
        confirmed.add(best)
        rejected.add(best)  # its other cases are not its own: no second pass 1 for it
        kept = {id(e) for e in taken}
        remaining = [
            _without(best, e) if id(e) in coincidences else e
            for e in remaining
            if id(e) not in kept
        ]
    # The cases no swap explains: each could be any of its first few suspects, passing
    # over a turned-down rule unless the differing fields point to it first (an engine
    # may break a rule otherwise than its twin does). The fewest rules that cover them
    # are taken, greedily: most weight covered, a disputed point, most cases naming it first.
    pending = [(entry, _suspects(entry[1], rejected)) for entry in remaining]
    # A case whose divergence no rule decides (an error of another kind where the request
    # breaks two rules at once) is filed too: unexplained, with what differs.
    unbacked: list[_Entry] = [
        (case, divergence)
        for case, _, divergence in failed
        if divergence is not None and not divergence.rules
    ]
    while pending:
        covers: dict[str, Cover] = {}
        for (case, divergence), suspects in pending:
            for place, rule_id in enumerate(suspects):
                covers.setdefault(rule_id, Cover(rule_id)).add(
                    _weight(case), _points_to(rule_id, divergence), place == 0
                )
        best = min(covers.values(), key=lambda c: c.rank(order)).rule
        covered = [e for e, suspects in pending if best in suspects]
        if best in confirmed:
            # A confirmed departure takes only the cases evidence points to it on: the
            # others show another departure, not a second sight of this one.
            groups[best].extend(e for e in covered if _points_to(best, e[1]))
            unbacked.extend(e for e in covered if not _points_to(best, e[1]))
        else:
            groups.setdefault(best, []).extend(covered)
        pending = [(e, suspects) for e, suspects in pending if best not in suspects]
    found = []
    for rule_id, members in groups.items():
        if rule_id in confirmed:
            swapped = _deviation(rule_id, members, True, passed, swaps.get(rule_id), assumed)
            found.append(_said_by_replay(swapped, members, passed, assumed))
            continue
        if _tricks_taken(members, assumed):
            # Who took the trick departs on every game, the lead only follows from it:
            # said where no swap is (a twin of the lead matches a game by chance).
            unbacked.extend(members)
            continue
        # Evidence on some cases backs those that part from the reference alike, not
        # cases that differ in another way (a count, where a swap matches payments).
        kinds = {_kind(d) for _, d in members if _points_to(rule_id, d)}
        backed = [e for e in members if _kind(e[1]) in kinds]
        if backed:
            rule_id = _point_of_each_ruleset(rule_id, backed, passed, assumed)
            suspected = _deviation(rule_id, backed, False, passed, assumed=assumed)
            found.append(_said_by_replay(suspected, backed, passed, assumed))
        # Nothing backs the rest: say so, and where to look.
        unbacked.extend(e for e in members if _kind(e[1]) not in kinds)
    finals = final_counts(failed)
    for members in _by_kind(unbacked):
        found.extend(
            _each_count_apart(
                _unexplained(members, order, passed, finals, assumed, counted), members, assumed
            )
        )
    found = _lay_away_beside_named_trump(found, failed, passed, assumed)
    hand_written = _hand_written_of(failed)
    found = _one_per_departure(found, hand_written)
    found = _one_deal_paid_times(found, hand_written)
    found = _two_contracts_kept_in_order(found, hand_written)
    found = _one_end(found, hand_written)
    found = _counted_otherwise(found, failed, assumed)
    found = _one_count(found, failed, assumed)
    found = _counted_elsewhere(found, failed, assumed, counted)
    found = _counted_beyond_the_pack(found, failed)
    found.sort(key=lambda d: d.rank(order))
    return found


def _lay_away_beside_named_trump(
    found: list[Deviation],
    failed: Sequence[tuple[Case, Any, Divergence | None]],
    passed: Sequence[Case],
    assumed: Adjust | None,
) -> list[Deviation]:
    """``found`` with a deviation of the lay-away where the engine leaves a Frog's trump to
    its bidder to name once he has laid away and, at the same step, lists fewer discards
    than the reference (:func:`~frogspec.conform.diagnosis.lay_away_apart`): a departure
    of its own, said from those lists alone. Its cases count for both (the trump's
    deviation touches them first)."""
    beside: list[_Entry] = []
    for case, _, divergence in failed:
        apart = lay_away_apart(divergence, assumed) if divergence is not None else None
        if apart is not None:
            beside.append((case, apart))
    if not beside or any(d.rule == LAY_AWAY_RULE for d in found):
        return found
    ordered = [v for _, v in sorted(beside, key=lambda e: _size(e[1]))]
    suspected = _deviation(LAY_AWAY_RULE, beside, False, passed, assumed=assumed)
    said = _localised_by_replay(suspected, ordered, passed, assumed)
    return [*found, replace(said, touched=tuple(case.id for case, _ in beside))]


def _said_by_replay(
    d: Deviation, members: list[_Entry], passed: Sequence[Case], assumed: Adjust | None
) -> Deviation:
    """A deviation with no ``when`` or ``instead`` given them by the replay of its games
    near the divergence (:func:`frogspec.conform.localise.localise`), where the replay comes
    to the same rule. Where it does not, a confirmed deviation (its rule settled by a swap)
    is said from its cases' typed differences: the situation that sets their diverging steps
    apart (:func:`frogspec.conform.localise.condition_at`), and what the smallest one's
    answer does otherwise. So is a suspected one (its rule is the one evidence points to,
    though no swap reproduces every case): a deviation named is always said, where and
    what the engine does there."""
    if instead_words(d.otherwise, d.settles_up_to, d.holds):  # said by what found it
        return d
    ordered = [v for _, v in sorted(members, key=lambda e: _size(e[1]))]
    deals = who_deals(ordered, passed, assumed)
    if deals is not None and deals.rule == d.rule:  # the match passes the deal otherwise
        return replace(d, circumstances=Circumstances(d.in_rulesets, None, deals), otherwise=deals)
    doubled = _paid_after_passed_out(members, passed, assumed)
    if doubled is not None and doubled[0] == d.rule:  # paid times over after a deal passed out
        condition = Condition((ConditionTerm("after_passed_out", (True,)),))
        return replace(
            d,
            circumstances=Circumstances(d.in_rulesets, condition),
            condition=condition,
            otherwise=doubled[1],
        )
    match = _match_otherwise(ordered)
    if match is not None:  # the match's bank or end: a rule of the match
        # A bank said against the one each ruleset keeps (0 where it keeps none).
        bank = _bank_otherwise(members) if match.loser is None else None
        return replace(
            d,
            circumstances=Circumstances(d.in_rulesets),
            otherwise=bank[1] if bank is not None else match,
        )
    return _localised_by_replay(d, ordered, passed, assumed)


def _point_of_each_ruleset(
    rule_id: str, members: list[_Entry], passed: Sequence[Case], assumed: Adjust | None
) -> str:
    """The rule a suspected group (no swap reproduces every case) is named by: its own,
    unless the replay of its games finds a point each ruleset answers by its own rule
    (:attr:`~frogspec.conform.localise.Localised.question`: a contract refused while no
    bid stands, bid over a standing bid elsewhere, is how the bidding goes, not which
    contracts there are), whose rule of most games names it then."""
    ordered = [v for _, v in sorted(members, key=lambda e: _size(e[1]))]
    agreed = [c for c in passed if c.op == "game" and "result" in c.expected]
    own = localise(ordered, agreed, assumed)
    return own.rule if own is not None and own.question is not None else rule_id


def _localised_by_replay(
    d: Deviation, ordered: list[Divergence], passed: Sequence[Case], assumed: Adjust | None
) -> Deviation:
    """A deviation said by the replay of its games (``ordered``, smallest first) near the
    divergence, where the replay comes to its rule; else as it was."""
    agreed = [c for c in passed if c.op == "game" and "result" in c.expected]
    # Any named group is said under its rule: where the replay comes to another, from its
    # typed differences (a suspected deviation too, never left with no words).
    localised = localise(ordered, agreed, assumed, d.rule)
    if localised is None or localised.rule != d.rule:
        return d
    return replace(
        d,
        circumstances=Circumstances(d.in_rulesets, localised.condition),
        condition=localised.condition,
        otherwise=localised,
        # The opening refused a contract, or made by another player: a model, so that
        # what it hides is seen past it.
        departure=d.departure
        or opener_model(localised.opener_refused)
        or first_bidder_model(localised.first_bidder),
        # A point each ruleset answers by its own rule is one the replay named: where the
        # game departs, as a group the replay alone names is (no swap of that rule).
        stage="game" if localised.question is not None and d.stage is None else d.stage,
    )


def _each_count_apart(
    d: Deviation, members: Sequence[_Entry] = (), assumed: Adjust | None = None
) -> list[Deviation]:
    """The deviation, or, where its hypothesis is two departures of the count at once
    (:class:`~frogspec.conform.accounting.BothCounted`), one deviation for each, said by
    its own part and filed with the cases of its group (``members``) whose deal it moves
    (:func:`~frogspec.conform.accounting.moves_points`: the untouched widow shows in a
    Chico or a Grand only), in the contracts of those deals. Each keeps the joint
    hypothesis: it alone gives the engine's counts."""
    if not isinstance(d.hypothesis, BothCounted):
        return [d]
    apart = []
    for part in d.hypothesis.parts:
        moves = {c.id: moves_points(part, v, assumed) for c, v in members if c.id in d.cases}
        shown = [(c, v) for c, v in members if c.id in moves and moves[c.id] is not False]
        if not shown:
            apart.append(replace(d, rule=part.rule, otherwise=part))
            continue
        # The contracts of the deals it moves (a case that is no finished deal tells none).
        contracts = contracts_of([v for c, v in shown if moves[c.id]], assumed)
        every = not contracts or len(contracts) == len(Contract)
        condition = Condition(() if every else (ConditionTerm("contract", contracts),))
        rulesets = _rulesets_of(shown)
        apart.append(
            replace(
                d,
                rule=part.rule,
                otherwise=part,
                cases=tuple(c.id for c, _ in shown),
                hand_written=sum(_hand_written(c) for c, _ in shown),
                in_rulesets=rulesets,
                circumstances=Circumstances(rulesets, condition),
                condition=condition,
            )
        )
    return apart


def _one_end(
    found: list[Deviation], hand_written: Callable[[Iterable[str]], int]
) -> list[Deviation]:
    """The deviations that end the match where a player cannot pay, or is left with
    nothing, where the reference plays on, joined across the rules of the end the rulesets
    keep (the first unable to pay loses, no end at all): one end of the match, at a balance
    of 0 or below where one match shows it at 0. Named by the rule a swap confirms, else
    by that of the most cases."""
    ends = [
        d
        for d in found
        if isinstance(d.otherwise, MatchOtherwise)
        and d.otherwise.loser is not None
        and (d.otherwise.unable_to_pay or d.otherwise.at_zero)
    ]
    if len(ends) < 2:
        return found
    first = min(ends, key=lambda d: (not d.confirmed, -len(d.cases)))
    assert isinstance(first.otherwise, MatchOtherwise)
    at_zero = any(isinstance(d.otherwise, MatchOtherwise) and d.otherwise.at_zero for d in ends)
    rulesets = tuple(sorted({r for d in ends for r in d.in_rulesets}))
    rules = frozenset(d.rule for d in ends if d.rule is not None)
    joined = joined_deviation(
        first,
        [d for d in ends if d is not first],
        hand_written,
        otherwise=replace(first.otherwise, unable_to_pay=not at_zero, at_zero=at_zero),
        departure=_match_ends(rules, rulesets, at_zero),
    )
    return [joined if d is first else d for d in found if d is first or d not in ends]


def ends_at_or_below(limit: int) -> Callable[[Any, Any, int, int], int | None]:
    """The end of the match at the first payer, in the order of settling, whose balance
    after paying is ``limit`` or below (-1: below 0, he cannot pay; 0: left with nothing).

    >>> ends_at_or_below(0)([20, 150, 150], [-20, 40, -20], 1, 3)
    0
    >>> ends_at_or_below(-1)([20, 150, 150], [-20, 40, -20], 1, 3)
    """

    def ends(balances: Any, payments: Any, bidder: int, players: int) -> int | None:
        for seat in payers_in_order(bidder, players):
            if payments[seat] < 0 and balances[seat] + payments[seat] <= limit:
                return seat
        return None

    return ends


def match_ends_at(
    rules: frozenset[str],
    limits: Mapping[str, int],
    ending: Callable[[int], Callable[[Any, Any, int, int], int | None]] = ends_at_or_below,
) -> Adjust:
    """The end of the match changed to the first payer left at his ruleset's limit or
    below (:func:`ends_at_or_below`; or the end ``ending`` gives at the limit), in the
    rulesets of ``limits`` whose reading of the end is one of ``rules`` (the others, which
    may share that reading, keep it: a ruleset that keeps no bank counts from 0)."""

    def departure(ruleset: Any) -> Any:
        rule_id = ruleset.rule_id(Question.GAME_END)
        if ruleset.id not in limits or rule_id not in rules:
            return ruleset
        return ruleset.replacing(rule_id, ending(limits[ruleset.id]))

    return departure


def _match_ends(rules: frozenset[str], rulesets: Sequence[str], at_zero: bool) -> Adjust:
    """The end of the match changed to the first payer left at 0 or below (``at_zero``),
    else below 0, in the rulesets ``rulesets`` whose reading of the end is one of
    ``rules`` (:func:`match_ends_at`).

    >>> ends = _match_ends(frozenset({"match.no-fixed-end"}), ("gamerules",), True)
    >>> ends(get_ruleset("gamerules")).rules.game_end([20, 150, 150], [-20, 40, -20], 1, 3)
    0
    >>> ends(get_ruleset("modern")).rules.game_end([20, 150, 150], [-20, 40, -20], 1, 3)
    """
    return match_ends_at(rules, dict.fromkeys(rulesets, 0 if at_zero else -1))


def _match_otherwise(divergences: Sequence[Any]) -> MatchOtherwise | None:
    """What every match of a group shows alike of its bank or its end
    (:meth:`MatchOtherwise.shown_by`): the same counters more for every player, or the match
    ended by a player unable to pay, or by the same player; else ``None``."""
    shown = [MatchOtherwise.shown_by(v.differences, v.actual) for v in divergences]
    if not shown or any(m is None for m in shown):
        return None
    first = shown[0]
    assert first is not None
    if first.loser is None:
        return first if all(m == first for m in shown) else None
    if all(m is not None and m.unable_to_pay for m in shown):
        return first
    if all(m is not None and (m.unable_to_pay or m.at_zero) for m in shown):
        return replace(first, unable_to_pay=False, at_zero=True)  # 0 ends it, and below
    return first if all(m == first for m in shown) else None


def _tricks_taken(members: list[_Entry], assumed: Adjust | None) -> bool:
    """Whether on every game of the group the engine's next leader took the trick before
    with the highest card of the suit led, where a trump takes it
    (:func:`frogspec.conform.accounting.trick_taken_by_engine`)."""
    return bool(members) and all(
        trick_taken_by_engine(d.request, d.differences, assumed) is not None for _, d in members
    )


def final_counts(failed: Sequence[tuple[Case, Any, Divergence | None]]) -> list[Any]:
    """The final answers of the failing games whose points differ, as the accounting reads
    a divergence (``case_id``, ``request``, typed ``differences``): their play is the case's
    own, whatever departed on the way."""
    from frogspec.conform.evidence import PointsChanged, differences_of

    found = []
    for case, actual, _ in failed:
        if case.op != "game" or not isinstance(actual, dict) or "result" not in case.expected:
            continue
        differences = differences_of("game", case.expected, actual)
        if any(isinstance(d, PointsChanged) for d in differences):
            found.append(
                SimpleNamespace(
                    case_id=case.id, request=dict(case.request), differences=differences
                )
            )
    return found


def _counted_otherwise(
    found: list[Deviation],
    failed: Sequence[tuple[Case, Any, Divergence | None]],
    assumed: Adjust | None,
) -> list[Deviation]:
    """Each deviation of the count with its hypothesis, with the failing games filed
    elsewhere whose final count the hypothesis gives too (their play is the case's own;
    an earlier departure changed what was legal or shown, not the count): a case two
    departures touch counts for both."""
    finals = final_counts(failed)
    by_id = {case.id: case for case, _, _ in failed}
    kept = []
    for d in found:
        if d.hypothesis is None:
            kept.append(d)
            continue
        more = [
            by_id[f.case_id]
            for f in finals
            if f.case_id not in d.cases
            and d.hypothesis.fits(f, assumed)
            and d.counts_deal(f, assumed)
        ]
        # A deal that holds more points also settles more: the bidder's points beyond
        # the pack's, which the reference refuses, are the count's doing.
        more += [
            case
            for case, actual, _ in failed
            if case.id not in d.cases
            and d.hypothesis.takes_points(case.request, case.expected, actual)
        ]
        if not more:
            kept.append(d)
            continue
        rulesets = tuple(sorted(set(d.in_rulesets) | {c.ruleset for c in more if c.ruleset}))
        added = [f for f in finals if f.case_id in {c.id for c in more}]
        had = d.condition.terms[0].values if d.condition is not None and d.condition.terms else ()
        contracts = tuple(sorted(set(had) | set(contracts_of(added, assumed))))
        every = len(contracts) == len(Contract)
        condition = Condition(() if every else (ConditionTerm("contract", contracts),))
        kept.append(
            replace(
                d,
                cases=d.cases + tuple(c.id for c in more),
                hand_written=d.hand_written + sum(_hand_written(c) for c in more),
                in_rulesets=rulesets,
                condition=condition,
                circumstances=Circumstances(rulesets, condition),
            )
        )
    return kept


def _one_count(
    found: list[Deviation],
    failed: Sequence[tuple[Case, Any, Divergence | None]],
    assumed: Adjust | None,
) -> list[Deviation]:
    """A deviation of the count with a card group's hypothesis, joined by the other
    deviations of its rule whose games' final counts it gives, every one of them (a swap
    of the rule that says part of the same departure, the widow of some contracts only):
    one departure of the count, filed with all their cases, said by the hypothesis."""
    finals = {f.case_id: f for f in final_counts(failed)}
    hand_written = _hand_written_of(failed)
    joined = list(found)
    for h in found:
        if not isinstance(h.hypothesis, GroupCredited) or h not in joined:
            continue
        hypothesis = h.hypothesis
        for d in found:
            if d is h or d.rule != h.rule or d.hypothesis is not None or d not in joined:
                continue
            games = [finals[c] for c in d.cases if c in finals]
            if not games or not all(hypothesis.fits(f, assumed) for f in games):
                continue
            terms = h.condition.terms if h.condition else ()
            had = next((t.values for t in terms if t.feature == "contract"), ())
            contracts = tuple(sorted(set(had) | set(contracts_of(games, assumed))))
            condition = _count_condition(hypothesis, contracts)
            merged = joined_deviation(h, [d], hand_written, condition=condition)
            joined = [merged if x is h else x for x in joined if x is not d]
            h = merged
    return joined


def _counted_elsewhere(
    found: list[Deviation],
    failed: Sequence[tuple[Case, Any, Divergence | None]],
    assumed: Adjust | None,
    counted: tuple[CardCounted, ...] = (),
) -> list[Deviation]:
    """Where no deviation says the count of some failing games whose count differs (no
    hypothesis of a deviation gives it), a card group credited to the other side that
    gives the engine's final count on at least two of them, and on most of them: a
    deviation of the count, filed with those games (each first parts on another
    departure, which did not change what was counted). The cards count the engine's
    values (``counted``: what its ``card_points`` counts otherwise): a pack worth another
    count, said by a deviation of its own, leaves the group's hypothesis to fit."""
    said = [d.hypothesis for d in found if d.hypothesis is not None]
    if any(isinstance(h, GroupCredited) for h in said):
        return found
    finals = [f for f in final_counts(failed) if not any(h.fits(f, assumed) for h in said)]
    by_id = {case.id: case for case, _, _ in failed}
    values = card_values(counted)
    for hypothesis in (
        GroupCredited("scoring.widow-counts-for-bidder", "widow", values=values),
        GroupCredited("scoring.widow-counts-for-bidder", "laid away", values=values),
        GroupCredited(
            "scoring.widow-counts-for-bidder", GroupCredited.IN_PLACE, no_trick=True, values=values
        ),
    ):
        fitting = [f for f in finals if hypothesis.fits(f, assumed)]
        if len(fitting) < 2 or 2 * len(fitting) <= len(finals):
            continue
        cases = [by_id[f.case_id] for f in fitting]
        contracts = contracts_of(fitting, assumed)
        condition = _count_condition(hypothesis, contracts)
        points = next(d for d in fitting[0].differences if isinstance(d, PointsChanged))
        shown = Divergence.unplaced(
            cases[0],
            None,
            (hypothesis.rule,),
            f"at the end of the deal, {difference_words(points)}",
            request=dict(cases[0].request),
            expected=cases[0].expected,
            compare=dict(cases[0].compare),
            extension=cases[0].extension,
            differences=tuple(fitting[0].differences),
        )
        found.append(_of_the_count(hypothesis, cases, condition, shown))
        break
    return found


def _of_the_count(
    hypothesis: PointsHypothesis, cases: Sequence[Case], condition: Condition, shown: Divergence
) -> Deviation:
    """A deviation of the count found from the cases' answers alone (no group of the
    diagnosis): the hypothesis said in the situation ``condition``, ``shown`` on the first
    case."""
    ids = tuple(c.id for c in cases)
    rulesets = tuple(sorted({c.ruleset for c in cases if c.ruleset}))
    return Deviation(
        rule=hypothesis.rule,
        reading=None,
        reading_rulesets=(),
        cases=ids,
        example=_example(hypothesis.rule, cases[0], shown, None),
        hand_written=sum(_hand_written(c) for c in cases),
        detail=shown.detail,
        differences=shown.differences,
        in_rulesets=rulesets,
        condition=condition,
        circumstances=Circumstances(rulesets, condition),
        otherwise=hypothesis,
        stage="accounting",
        hypothesis=hypothesis,
        touched=ids,
    )


def _counted_beyond_the_pack(
    found: list[Deviation], failed: Sequence[tuple[Case, Any, Divergence | None]]
) -> list[Deviation]:
    """Where no deviation says the count (nor what a card counts), the settlements the
    engine pays out for a bidder's points beyond the pack's, which the reference refuses:
    a deviation of the count (points counted besides the cards'), filed with them. The
    deals that would show how many points are added may not come to their end (an
    earlier departure stops them); the settlements alone show that some are."""
    if any(d.hypothesis is not None or d.rule == _CARD_VALUES for d in found):
        return found
    beyond = [
        (case, points)
        for case, actual, _ in failed
        if (points := settled_beyond_the_pack(case.request, case.expected, actual)) is not None
    ]
    if not beyond:
        return found
    settled = tuple(sorted({points for _, points in beyond}))
    hypothesis = BeyondThePack(_COUNT, settled[-1])
    cases = [case for case, _ in beyond]
    condition = Condition((ConditionTerm("bidder_points", settled),))
    shown = Divergence.unplaced(
        cases[0],
        None,
        (_COUNT,),
        f"settles {settled[-1]} bidder's points, beyond the pack's",
        request=dict(cases[0].request),
        expected=cases[0].expected,
        compare=dict(cases[0].compare),
        extension=cases[0].extension,
    )
    return [*found, _of_the_count(hypothesis, cases, condition, shown)]


#: What each side counts (its tricks' card points), and what each card counts.
_COUNT = "scoring.count-card-points"
_CARD_VALUES = "cards.points"


def _one_per_departure(
    found: list[Deviation], hand_written: Callable[[Iterable[str]], int]
) -> list[Deviation]:
    """Deviations localised to the same rule and stage, saying the same ``instead`` kind
    of difference, joined: groups of cases that first part otherwise (at the position,
    after the action) but show one departure."""
    joined: dict[tuple[str, str, str], list[Deviation]] = {}
    kept: list[Deviation] = []
    for d in found:
        if d.rule is None or d.confirmed or d.stage not in ("game", "accounting"):
            kept.append(d)
        else:
            joined.setdefault((d.rule, d.stage, _departure_kind(d)), []).append(d)
    return kept + [
        joined_deviation(first, others, hand_written, **_otherwise_of_all(first, others))
        if others
        else first
        for first, *others in joined.values()
    ]


def _one_deal_paid_times(
    found: list[Deviation], hand_written: Callable[[Iterable[str]], int]
) -> list[Deviation]:
    """The deviations that say a deal after one passed out paid the same times over
    (:class:`~frogspec.conform.evidence.DealPaidTimes`), each under its rulesets' rule of
    the rates, joined under the one of most cases: one departure, whose ``also`` names
    each ruleset's own rule of the rates."""
    paid = [
        d for d in found if isinstance(d.otherwise, DealPaidTimes) and d.otherwise.after_passed_out
    ]
    by_times: dict[int, list[Deviation]] = {}
    for d in paid:
        assert isinstance(d.otherwise, DealPaidTimes)
        by_times.setdefault(d.otherwise.times, []).append(d)
    joined: dict[int, Deviation] = {}
    dropped: set[int] = set()
    for group in by_times.values():
        if len(group) > 1:
            first = max(group, key=lambda d: (d.stage is not None, len(d.cases)))
            others = [d for d in group if d is not first]
            joined[id(first)] = joined_deviation(first, others, hand_written)
            dropped.update(id(d) for d in others)
    return [joined.get(id(d), d) for d in found if id(d) not in dropped]


def _two_contracts_kept_in_order(
    found: list[Deviation], hand_written: Callable[[Iterable[str]], int]
) -> list[Deviation]:
    """A bid kept to the next contract while no bid stands, in rulesets of two contracts
    (Straight Solo: a Chico, then a Grand), joined to the deviation of a contract refused
    while no bid stands that the other rulesets show: with two contracts, the higher one
    refused to the opening bid alone is a bid kept to the next one, and the one departure
    is said by the other rulesets (the rule of how the bidding goes, each ruleset's own in
    its ``also``)."""
    refused = next(
        (
            d
            for d in found
            if isinstance(d.otherwise, Localised)
            and d.otherwise.question is not None
            and d.otherwise.not_biddable
        ),
        None,
    )
    if refused is None or refused.condition is None:
        return found
    assert isinstance(refused.otherwise, Localised)
    kept = [
        d
        for d in found
        if isinstance(d.otherwise, Localised)
        and len(d.otherwise.next_bid_only) == 2
        and d.otherwise.next_bid_only[-1:] == refused.otherwise.not_biddable
        and d.condition is not None
        and d.condition.terms == refused.condition.terms
        and not set(d.in_rulesets) & set(refused.in_rulesets)
    ]
    if not kept:
        return found
    joined = joined_deviation(refused, kept, hand_written)
    return [joined if d is refused else d for d in found if d not in kept]


def _otherwise_of_all(first: Deviation, others: Sequence[Deviation]) -> dict[str, Any]:
    """What the engine does instead, said for the deviations joined: where their groups say
    different parts of the table that may hold the standing bid, one within the other
    (:data:`_HOLDS_WITHIN`: eldest hand is ahead of every other holder), the wider. Else
    nothing found otherwise (``first`` says it)."""
    if not isinstance(first.otherwise, Localised) or first.otherwise.holds is None:
        return {}
    part = first.otherwise.holds
    parts = {d.otherwise.holds for d in others if isinstance(d.otherwise, Localised)} | {part}
    if len(parts) < 2:
        return {}
    return {"otherwise": replace(first.otherwise, holds=_HOLDS_WITHIN.get(part, part))}


#: Where one group's player who may hold is one part at the table, and another's a wider
#: one that holds it, the wider (:func:`_departure_kind`, :func:`_otherwise_of_all`).
_HOLDS_WITHIN = {"eldest": "ahead"}


def _departure_kind(d: Deviation) -> str:
    """The kind of departure a localised deviation shows: the contracts a player may not
    bid (whether the engine lists them not, or does not ask him), else the kind of its
    first difference."""
    if isinstance(d.otherwise, Localised) and d.otherwise.not_biddable:
        return "not biddable: " + ", ".join(d.otherwise.not_biddable)
    if isinstance(d.otherwise, Localised) and d.otherwise.holds is not None:
        # Eldest hand is ahead of every other player whose bid may stand: one departure.
        return "holds: " + _HOLDS_WITHIN.get(d.otherwise.holds, d.otherwise.holds)
    if isinstance(d.otherwise, Localised) and d.otherwise.trump_named is not None:
        return "trump named: " + ", ".join(d.otherwise.trump_named[0])
    if isinstance(d.otherwise, Localised) and d.otherwise.trump_from_widow is not None:
        return "trump from the widow"
    return d.differences[0].kind if d.differences else ""


def _one_swap(
    rule_id: str, explained: list[_Entry]
) -> tuple[list[_Entry], set[int], Adjust | None]:
    """Of the cases a rule's swaps explain, those one swap explains (the twin, or one
    rival reading: the swap that explains the most weight), and the ids of the others: on
    those another swap of the rule reproduces the engine by coincidence (a reading that
    happens to pay the same on one deal), which is not evidence of this departure. Last,
    that swap as a change of the rulesets (``None`` if none is known)."""
    weight: dict[str | None, int] = {}
    for case, divergence in explained:
        for rule, reading in divergence.swaps:
            if rule == rule_id:
                weight[reading] = weight.get(reading, 0) + _weight(case)
    if not weight:
        return explained, set(), None
    best = max(weight, key=lambda r: (weight[r], r is None))
    taken = [e for e in explained if (rule_id, best) in e[1].swaps]
    function = get_twin(rule_id).function if best is None else stand_in(best)
    return (
        taken,
        {id(e) for e in explained if (rule_id, best) not in e[1].swaps},
        lambda ruleset: ruleset.replacing(rule_id, function),
    )


def _without(rule_id: str, entry: _Entry) -> _Entry:
    """The case with the rule taken out of what explains its divergence."""
    case, divergence = entry
    return case, replace(
        divergence,
        explained_by=tuple(r for r in divergence.explained_by if r != rule_id),
        readings=tuple(pair for pair in divergence.readings if pair[0] != rule_id),
        swaps=tuple(pair for pair in divergence.swaps if pair[0] != rule_id),
    )


def _kind(divergence: Divergence) -> str:
    """The kind of the first difference at a divergence (the op's, when it has none)."""
    return divergence.differences[0].kind if divergence.differences else divergence.op


def _rulesets_of(members: list[_Entry]) -> tuple[str, ...]:
    """The rulesets the cases name."""
    return tuple(sorted({c.ruleset for c, _ in members if c.ruleset}))


def _by_kind(entries: list[_Entry]) -> list[list[_Entry]]:
    """Cases nothing backs, grouped by the kind of their first difference (one departure
    shows alike: the points counted otherwise, a legal list narrowed...)."""
    groups: dict[str, list[_Entry]] = {}
    for case, divergence in entries:
        groups.setdefault(_kind(divergence), []).append((case, divergence))
    return list(groups.values())


@dataclass
class Cover:
    """What charging the cases no swap explains to one rule would cover (the second pass
    of :func:`find_deviations` takes the rule of the best cover, :meth:`rank`)."""

    rule: str
    #: The weight of the cases the rule could be charged with.
    weight: int = 0
    #: The weight of those on which evidence points to it (:func:`_points_to`).
    pointed: int = 0
    #: The weight of those whose differing fields suggest it first.
    first: int = 0

    def add(self, weight: int, pointed: bool, first: bool) -> None:
        """Count one more case of that weight."""
        self.weight += weight
        self.pointed += weight if pointed else 0
        self.first += weight if first else 0

    def rank(self, order: Mapping[str, int]) -> tuple[int, int, bool, int, int]:
        """The sort key, best first: most weight, most weight pointed to, a rule whose
        point the sources dispute, most weight naming it first, the registry's order."""
        disputed = _disputed(self.rule)
        return (
            -self.weight,
            -self.pointed,
            not disputed,
            -self.first,
            order.get(self.rule, len(order)),
        )


def _points_to(rule_id: str, divergence: Divergence) -> bool:
    """Whether evidence points to the rule at this divergence: a swap of it reproduces the
    engine there, or the reference's refusal names it (both refuse alike)."""
    if rule_id in divergence.explained_by:
        return True
    return divergence.rule_named and divergence.rules[:1] == (rule_id,)


#: How many rules an unexplained deviation names as the places to look.
LOOK_AT = 5


def _look_at(members: list[_Entry], order: dict[str, int]) -> tuple[str, ...]:
    """Where to look for what no swap explains: the rules that decide the step where the
    answers part, those the failing cases are labelled with first (by weight), then the
    others of the first few at that step."""
    labelled: dict[str, int] = {}
    at_step: dict[str, int] = {}
    for case, divergence in members:
        for place, rule_id in enumerate(divergence.rules):
            if rule_id in case.rules:
                labelled[rule_id] = labelled.get(rule_id, 0) + _weight(case)
            if place < SUSPECTS:
                at_step[rule_id] = at_step.get(rule_id, 0) + _weight(case)
    named = set(labelled) | set(at_step)
    ranked = sorted(
        named,
        key=lambda r: (-labelled.get(r, 0), -at_step.get(r, 0), order.get(r, len(order)), r),
    )
    return tuple(ranked[:LOOK_AT])


def _unexplained(
    members: list[_Entry],
    order: dict[str, int],
    passed: Sequence[Case] = (),
    finals: Sequence[Any] = (),
    assumed: Adjust | None = None,
    counted: tuple[CardCounted, ...] = (),
) -> Deviation:
    look_at = _look_at(members, order)
    case, divergence = min(members, key=lambda e: _size(e[1]))

    def named(rule: str, **said: Any) -> Deviation:
        """The group charged to ``rule`` on what ``said`` gives (when, instead, stage)."""
        return Deviation(
            rule=rule,
            reading=None,
            reading_rulesets=(),
            cases=tuple(c.id for c, _ in members),
            example=_example(rule, case, divergence, None),
            hand_written=sum(_hand_written(c) for c, _ in members),
            detail=divergence.detail,
            differences=divergence.differences,
            in_rulesets=_rulesets_of(members),
            **said,
        )

    ordered = [d for _, d in sorted(members, key=lambda e: _size(e[1]))]
    # The passed cases that end on a result: an error that agrees may hide a step that
    # does not (an engine that plays on after all passed refuses the next card too).
    agreed = [c for c in passed if c.op == "game" and "result" in c.expected]
    taken = trick_taken_by_engine(divergence.request, divergence.differences, assumed)
    if taken is not None and _tricks_taken(members, assumed):  # the lead follows from it
        occasion: Lead | None = taken
    else:
        occasion = who_leads(divergence.request, divergence.differences, assumed)
    if occasion is not None:  # the player to lead is the step: its rule decides it
        trick = bool(occasion.trick)
        # The tricks the engine took alike are those of the games played furthest.
        longest = sorted(agreed, key=lambda c: -len(c.request.get("actions") or ()))
        condition = (
            condition_at(ordered, longest, assumed)
            if trick
            else condition_at(ordered, agreed, assumed, first_lead=occasion.first_trick)
        )
        return named(
            occasion.rule,
            departure=leader_model(occasion, contracts_of(ordered, assumed)),
            circumstances=Circumstances(_rulesets_of(members), condition, occasion),
            condition=condition,
            otherwise=occasion,
            stage="trick" if trick else "lead",
        )
    deals = who_deals(ordered, passed, assumed)
    if deals is not None:  # the match passes the deal otherwise: its rule decides it
        return named(
            deals.rule,
            circumstances=Circumstances(_rulesets_of(members), None, deals),
            otherwise=deals,
            stage="match",
        )
    bank = _bank_otherwise(members)
    if bank is not None:  # one bank in every ruleset that keeps one: the bank's rule
        rule, match = bank
        return named(
            rule,
            circumstances=Circumstances(_rulesets_of(members)),
            otherwise=match,
            stage="match",
        )
    doubled = _paid_after_passed_out(members, passed, assumed)
    if doubled is not None:  # a deal after one passed out is paid otherwise: its rate
        rule, paid = doubled
        condition = Condition((ConditionTerm("after_passed_out", (True,)),))
        return named(
            rule,
            circumstances=Circumstances(_rulesets_of(members), condition),
            condition=condition,
            otherwise=paid,
            stage="match",
        )
    ids = {c.id for c, _ in members}
    others = [f for f in finals if f.case_id not in ids]
    explained = explain_points(ordered, others, assumed, counted, passed)
    if explained is not None:  # every deal's count fits one hypothesis
        hypothesis, contracts = explained
        condition = _count_condition(hypothesis, contracts)
        return named(
            hypothesis.rule,
            circumstances=Circumstances(_rulesets_of(members), condition),
            condition=condition,
            otherwise=hypothesis,
            stage="accounting",
            hypothesis=hypothesis,
        )
    localised = localise(ordered, agreed, assumed)
    if localised is not None:  # the step's part of the game, new at that step
        # Where all passed and the engine plays on, what it plays is a model of it.
        entry = rule_for_function(all_pass_ends_deal)
        ended = entry is not None and localised.rule == entry.id
        # Where a contract's fixed trump is another suit, that suit is a model of it.
        fixed = rule_for_function(fixed_trump)
        # Where a contract's bidder takes the widow the rules leave untouched, so is it.
        widow_taken = rule_for_function(exchanges_widow)
        departure = (
            all_pass_played(ordered, assumed)
            if ended
            else trump_model(ordered, assumed)
            if fixed is not None and localised.rule == fixed.id
            else widow_model(ordered, assumed)
            if widow_taken is not None and localised.rule == widow_taken.id
            else opener_model(localised.opener_refused)
            or first_bidder_model(localised.first_bidder)
        )
        return named(
            localised.rule,
            departure=departure,
            circumstances=Circumstances(_rulesets_of(members), localised.condition),
            condition=localised.condition,
            otherwise=localised,
            stage="game",
            probes_agree=localised.agreeing,
            probes_disagree=localised.replayed,
        )
    # Nothing names the rule: the rulesets and the first typed difference still say where
    # and what.
    shown = tuple(divergence.differences)
    return Deviation(
        rule=None,
        reading=None,
        reading_rulesets=(),
        cases=tuple(c.id for c, _ in members),
        example=_example(None, case, divergence, None, look_at),
        hand_written=sum(_hand_written(c) for c, _ in members),
        detail=divergence.detail,
        differences=divergence.differences,
        look_at=look_at,
        circumstances=Circumstances(_rulesets_of(members)),
        otherwise=Several.of(shown),
    )


def _paid_after_passed_out(
    members: list[_Entry], passed: Sequence[Case], assumed: Adjust | None
) -> tuple[str, DealPaidTimes] | None:
    """Where every match of a group first parts at a deal that follows one in which every
    player passed, and moves every balance the same number of times as far as the
    reference's settlement of it (:class:`~frogspec.conform.evidence.DealPaidTimes`): the
    rule of the rates of most of its rulesets, and that difference. ``None`` elsewhere,
    and where the matches the engine passed refute it: one that plays a deal after one
    passed out (the engine paid it as the reference), or none that plays a deal after
    one played or first (nothing shows other deals paid alike: the rates themselves)."""
    paid = [
        next((x for x in d.differences if isinstance(x, DealPaidTimes)), None) for _, d in members
    ]
    if not paid or any(p is None or not p.after_passed_out for p in paid):
        return None
    if len({p.times for p in paid if p is not None}) != 1:
        return None
    rates: Counter[str] = Counter(
        get_ruleset(str(case.request.get("ruleset"))).rule_id(Question.RATES) for case, _ in members
    )
    first = paid[0]
    assert first is not None
    kinds = {kind for case in _matches(passed) for kind in played_deals(case.request, assumed)}
    if True in kinds or False not in kinds:
        return None
    return rates.most_common(1)[0][0], first


#: How many matches the engine passed are looked at for a deal paid alike.
MATCHES_LOOKED_AT = 20


def _matches(passed: Sequence[Case]) -> list[Case]:
    """Up to :data:`MATCHES_LOOKED_AT` of the match cases the engine passed."""
    return [c for c in passed if c.op == "match" and "result" in c.expected][:MATCHES_LOOKED_AT]


def _count_condition(hypothesis: PointsHypothesis, contracts: Sequence[str]) -> Condition:
    """The condition of a departure of the count: the contracts of its deals (none to say
    where they are every contract), and where its card group leaves the bidder only when he
    takes no trick, that."""
    every = len(set(contracts)) == len(Contract)
    terms = [] if every else [ConditionTerm("contract", tuple(contracts))]
    if isinstance(hypothesis, GroupCredited) and hypothesis.no_trick:
        terms.append(ConditionTerm("bidder_took_no_trick", (True,)))
    return Condition(tuple(terms))


def _bank_otherwise(members: list[_Entry]) -> tuple[str, MatchOtherwise] | None:
    """The bank an engine starts every player with, where each case's balances are all
    raised alike (:meth:`MatchOtherwise.shown_by`) by what makes one amount of the bank its
    ruleset keeps (the engine's balances before any payment; a ruleset that keeps none
    counts from 0): that amount, with the bank rule of the ruleset of most cases. ``None``
    where the amounts differ."""
    started: set[int] = set()
    banks: dict[str, int] = {}
    cases_by_ruleset: dict[str, int] = {}
    for case, divergence in members:
        shown = MatchOtherwise.shown_by(divergence.differences, divergence.actual)
        if shown is None or shown.loser is not None or not case.ruleset:
            return None
        try:
            ruleset = get_ruleset(case.ruleset)
        except FrogError:
            return None
        kept = ruleset.rules.bank()  # 0 where it keeps none: counters from 0
        banks[case.ruleset] = kept
        started.add(kept + shown.starting)
        cases_by_ruleset[case.ruleset] = cases_by_ruleset.get(case.ruleset, 0) + 1
    if len(started) != 1:
        return None
    most = min(cases_by_ruleset, key=lambda r: (-cases_by_ruleset[r], r))
    reading = get_ruleset(most).readings.get(Question.BANK)
    entry = rule_for_function(reading) if reading is not None else None
    if entry is None:
        return None
    (bank,) = started
    starting = bank - banks[most]
    return entry.id, MatchOtherwise(starting, bank=bank, banks=tuple(sorted(banks.items())))


def _disputed(rule_id: str) -> bool:
    """Whether the rulebook holds rival readings of the rule's point (where engines differ
    most)."""
    try:
        return get_rule(rule_id).question is not None
    except FrogError:
        return False


#: How many of an unexplained case's suspects it may be charged to.
SUSPECTS = 3


def _suspects(divergence: Divergence, rejected: set[str]) -> list[str]:
    first = divergence.suspects[0] if divergence.suspects else None
    kept = [
        r
        for r in divergence.rules
        if r not in rejected or r == first or r in divergence.explained_by
    ]
    return (kept or list(divergence.rules))[:SUSPECTS]


def _deviation(
    rule_id: str,
    members: list[_Entry],
    confirmed: bool,
    passed: Sequence[Case],
    departure: Adjust | None = None,
    assumed: Adjust | None = None,
) -> Deviation:
    reading = _reading(rule_id, members, passed, assumed)
    case, divergence = min(members, key=lambda e: _size(e[1]))
    reproduced = tuple(c.id for c, d in members if rule_id in d.explained_by)
    would_fail: tuple[str, ...] = ()
    would_fail_reading: str | None = None
    if not confirmed and reproduced and passed:
        would_fail_reading, would_fail = _fewest_broken(rule_id, members, passed, assumed)
    leads = who_leads(divergence.request, divergence.differences, assumed)
    said = leads if leads is not None and leads.rule == rule_id else None
    return Deviation(
        in_rulesets=_rulesets_of(members),
        circumstances=Circumstances(occasion=said),
        otherwise=said,
        rule=rule_id,
        reading=reading,
        reading_rulesets=rulesets_using(reading) if reading else (),
        cases=tuple(c.id for c, _ in members),
        example=_example(rule_id, case, divergence, reading),
        confirmed=confirmed,
        hand_written=sum(_hand_written(c) for c, _ in members),
        detail=divergence.detail,
        differences=divergence.differences,
        reproduced_cases=reproduced,
        would_fail=would_fail,
        would_fail_reading=would_fail_reading,
        departure=departure,
        by_twin=confirmed
        and reading is None
        and any((rule_id, None) in d.swaps for _, d in members),
    )


def _fewest_broken(
    rule_id: str, members: list[_Entry], passed: Sequence[Case], assumed: Adjust | None
) -> tuple[str | None, tuple[str, ...]]:
    """Of the swaps of the rule (its twin, the rival readings that reproduce some of the
    group's cases), the one that fails fewest passed cases (``None`` for the twin), and
    those cases."""
    readings = sorted({r for _, d in members for r in d.reading_of(rule_id)})
    swaps: list[str | None] = [*([None] if has_twin(rule_id) else []), *readings]
    # The hand-written cases first, the fewest rules first: the clearest examples lead.
    clearest = sorted(passed, key=lambda c: (not _hand_written(c), len(c.rules)))
    best: tuple[str | None, tuple[str, ...]] | None = None
    for swap in swaps:
        failing = tuple(failed_under(rule_id, swap, clearest, assumed=assumed))
        if best is None or len(failing) < len(best[1]):
            best = (swap, failing)
    return best if best is not None else (None, ())


def _reading(
    rule_id: str, members: list[_Entry], passed: Sequence[Case], assumed: Adjust | None
) -> str | None:
    """The first rival reading that reproduces every case of the group the rule explains
    and keeps every passed case of a ruleset using the rule passing."""
    shared: list[str] | None = None
    for _, divergence in members:
        if rule_id not in divergence.explained_by:
            continue
        fits = divergence.reading_of(rule_id)
        shared = list(fits) if shared is None else [r for r in shared if r in fits]
    if not shared:
        return None
    # Readings that answer alike (the web page's deal is the post-1950 one): a sourced
    # reading before an editorial one, then the one more rulesets use.
    shared.sort(key=lambda r: (get_rule(r).editorial, -len(rulesets_using(r)), r))
    return next((r for r in shared if fits_passed(rule_id, r, passed, assumed)), None)


def _consistent(
    rule_id: str,
    entries: list[_Entry],
    passed: Sequence[Case],
    assumed: Adjust | None,
    failed: Sequence[tuple[Case, Any, Divergence | None]] = (),
) -> bool:
    """Whether a swap of the rule that reproduces the engine on failing cases (its twin, or
    a reading that does) also keeps the passed cases passing (without passed cases, yes),
    and moves nothing the engine kept on the failing cases of the unit ops
    (:func:`_moves_nothing_kept`)."""
    readings = {r for _, d in entries for r in d.reading_of(rule_id)}
    return any(
        (not passed or fits_passed(rule_id, reading, passed, assumed))
        and _moves_nothing_kept(rule_id, reading, failed, assumed)
        and _plays_as_read_on(rule_id, reading, entries, assumed)
        for reading in [None, *sorted(readings)]
    )


def _plays_as_read_on(
    rule_id: str, reading: str | None, entries: list[_Entry], assumed: Adjust | None
) -> bool:
    """Whether the swap of the rule plays without trumps each contract that the engine,
    asked on past a divergence the swap reproduces, played without one (a
    :class:`~frogspec.conform.evidence.PlayedWithoutTrumps` read on). A game refused at
    its next step cannot tell a trump named later from none: that answer can (up to
    :data:`KEPT_CHECKED` of them)."""
    read_on = [
        (d.request, shown.read_on)
        for _, d in entries
        if rule_id in d.explained_by and d.request is not None
        for shown in d.differences
        if isinstance(shown, PlayedWithoutTrumps) and shown.read_on
    ][:KEPT_CHECKED]
    if not read_on or (reading is None and not has_twin(rule_id)):
        return True
    function = get_twin(rule_id).function if reading is None else stand_in(reading)
    swap = swapped({rule_id: function})
    for request, actions in read_on:
        try:
            answer = reference_answer({**request, "actions": list(actions)}, swap, assumed)
        except Exception:  # a rule out of place may crash the reference: no evidence
            continue
        result = answer.get("result")
        if not isinstance(result, dict):
            return False
        if result.get("phase") != "play" or result.get("trump") is not None:
            return False
    return True


#: How many failing cases of the unit ops a swap is checked on (:func:`_moves_nothing_kept`).
KEPT_CHECKED = 20


def _moves_nothing_kept(
    rule_id: str,
    reading: str | None,
    failed: Sequence[tuple[Case, Any, Divergence | None]],
    assumed: Adjust | None,
) -> bool:
    """Whether the swap of the rule (its twin, ``reading`` None, or the rival reading)
    leaves alone, on failing cases of the unit ops that evaluate it (a deal, a
    settlement), every part of the answer the engine gives as the reference does. Where
    other departures fail every such case, no passed case is left to refute a swap that
    departs further than the engine: one that moves a part the engine kept (the eldest a
    deal names) is not the engine's departure. Up to :data:`KEPT_CHECKED` cases."""
    if reading is None and not has_twin(rule_id):
        return True
    function = get_twin(rule_id).function if reading is None else stand_in(reading)
    swap = swapped({rule_id: function})
    looked = 0
    for case, answer, _ in failed:
        if looked == KEPT_CHECKED:
            break
        if case.op in ("game", "match") or not isinstance(answer, dict):
            continue
        if rule_id not in evaluated_rules(case, assumed):
            continue
        looked += 1
        try:
            reference = reference_answer(case.request, None, assumed)
            under_swap = reference_answer(case.request, swap, assumed)
        except Exception:  # a rule out of place may crash the reference: no evidence
            continue
        engine_parts = _parts(differences(reference, answer, case.compare))
        moved = _parts(differences(reference, under_swap, case.compare))
        # A part inside one the engine departs on (a result it did not give) is no part kept.
        if any(not any(p == e or p.startswith(e + ".") for e in engine_parts) for p in moved):
            return False
    return True


def _parts(lines: Sequence[str]) -> set[str]:
    """The parts of an answer that :func:`~frogspec.vectors.model.differences` lines name:
    each field of a result (``$.result.eldest``), or the whole of a result that is no
    object, or of an error (a list's items are told apart by place, which one card more
    moves).

    >>> sorted(_parts(["$.result.hands[0][1]: expected 'AS'", "$.result.eldest: expected 1"]))
    ['$.result.eldest', '$.result.hands']
    >>> _parts(["$.result[2]: expected 'play AS'", "$.result: expected 3 items"])
    {'$.result'}
    """
    found = set()
    for line in lines:
        path = line.split(": ", 1)[0]
        if path.startswith("$.result."):
            found.add("$.result." + re.split(r"[.\[]", path[len("$.result.") :], maxsplit=1)[0])
        elif path.startswith("$."):
            found.add("$." + re.split(r"[.\[]", path[2:], maxsplit=1)[0])
        else:
            found.add(path)
    return found


def _size(divergence: Divergence) -> tuple[int, int]:
    request = divergence.request or {}
    actions = request.get("actions")
    return (
        len(json.dumps(request, sort_keys=True)),
        len(actions) if isinstance(actions, list) else 0,
    )


def _example(
    rule_id: str | None,
    case: Case,
    divergence: Divergence,
    reading: str | None,
    look_at: tuple[str, ...] = (),
) -> Json:
    """The divergence's shortest request as a vector case, answered by the reference. An
    unexplained one (``rule_id`` None) is labelled with the rules to look at."""
    request = dict(divergence.request or case.request)
    request.pop("id", None)
    request = {"id": 1, **request}
    same = request == {"id": 1, **{k: v for k, v in case.request.items() if k != "id"}}
    example_id = case.id
    if not same:
        where = divergence.step if divergence.step is not None else 0
        part = "deal" if divergence.op == "match" else "step"
        example_id = f"{case.id}.{part}-{where}"
    if not CASE_ID_PATTERN.match(example_id):
        name = rule_id if rule_id is not None else "unexplained"
        example_id = "deviation." + "-".join(p for p in name.split(".") if p)
    statement = (
        statement_of(rule_id)
        if rule_id is not None
        else "No broken twin or rival reading of a rule reproduces the engine here."
    )
    follows = f" The engine follows {reading} instead." if reading else ""
    description = (
        f"{statement} Where {case.id} first departs from the reference: "
        f"{divergence.detail}.{follows}"
    )
    op = str(request.get("op"))
    expected = divergence.expected if divergence.expected is not None else case.expected
    declared = divergence.extension if divergence.extension in EXTENSION_FIELDS else None
    extension = extension_of(op, expected, declared)
    example = Case(
        id=example_id,
        file="deviations",
        description=description,
        rules=(rule_id,) if rule_id is not None else look_at,
        request=request,
        response={"id": 1, **expected},
        compare=dict(divergence.compare) if "result" in expected else {},
        extension=extension,
        extension_paths=EXTENSION_FIELDS.get(extension or "", ()),
    )
    return example.to_json()


def statement_of(rule_id: str) -> str:
    """The rule's statement, or ``Rule RULE_ID.`` for an id the registry does not know."""
    try:
        return get_rule(rule_id).statement
    except FrogError:
        return f"Rule {rule_id}."


def deviation_json(d: Deviation) -> dict[str, Json]:
    """A deviation as the JSON report lists it: ``rule`` (``null`` when unexplained),
    ``when``, ``instead``, ``reading``, ``cases``, ``example`` in that order, then
    ``evidence`` (the cases and probes that agree and depart), ``reading_rulesets``,
    ``confirmed``, ``hand_written``, ``detail``, ``status``, ``reproduced``, ``look_at``,
    ``would_fail``, ``differences`` (each with its ``kind``, ``field`` and values),
    ``condition`` (the terms of ``when`` as data, where it was found from features),
    ``assumed`` (the departures applied to the reference when some of its cases were
    judged again), ``touched`` (the cases it counts that another departure parts first) and
    ``also`` (the other rules of the same point it departs from, each with its rulesets)."""
    return {
        "rule": d.rule,
        "when": d.when,
        "instead": d.instead,
        "reading": d.reading,
        "cases": list(d.cases),
        "example": d.example,
        "evidence": {
            "cases": len(d.cases),
            "reproduced": d.reproduced,
            "stage": d.stage,
            "probes_agree": d.probes_agree,
            "probes_disagree": d.probes_disagree,
        },
        "reading_rulesets": list(d.reading_rulesets),
        "confirmed": d.confirmed,
        "hand_written": d.hand_written,
        "detail": d.detail,
        "status": d.status,
        "reproduced": d.reproduced,
        "look_at": list(d.look_at),
        "would_fail": list(d.would_fail),
        "differences": [difference_json(difference) for difference in d.differences],
        "condition": [
            {"feature": term.feature, "values": list(term.values)}
            for term in (d.condition.terms if d.condition is not None else ())
        ],
        "assumed": list(d.assumed),
        "touched": list(d.touched),
        "also": [{"rule": rule_id, "rulesets": list(rulesets)} for rule_id, rulesets in d.also],
    }


def finding_json(finding: StageFinding) -> dict[str, Json]:
    """A unit-op finding no failing case shows, as the JSON report lists it: the unit op
    (``stage``), ``rule``, ``when``, ``instead``, the probes that agree and depart, and
    the smallest departing probe as a vector case (``example``)."""
    return {
        "stage": finding.stage,
        "rule": finding.rule,
        "when": finding_when(finding),
        "instead": finding_instead(finding),
        "probes_agree": finding.agree,
        "probes_disagree": finding.disagree,
        "example": _probe_example(finding),
    }


#: The differing fields of a failing case that a stage's departure can cause.
_STAGE_SHOWS = {
    "settle": ("payments",),
    "card_points": ("points", "payments"),
    "deal": ("hands", "legal", "to_act", "active", "eldest", "widow"),
    "legal_plays": ("legal",),
    "trick_winner": ("to_act",),
    "first_dealer": ("dealers",),
}


def with_findings(
    deviations: Sequence[Deviation], findings: Sequence[StageFinding]
) -> list[Deviation]:
    """The deviations, with what the engine's unit ops show (:func:`frogspec.conform.probes.
    probe_stages`): a finding of a deviation's rule gives it ``when`` and ``instead``; one
    whose rule no deviation names takes the unexplained deviation whose first divergence
    its stage can cause (the stage localises it), else it is a deviation of its own, shown by
    the probes alone. One deviation per departure: a rule's second finding (another
    departure of the same rule) is a deviation of its own, and a finding joined from
    rulesets of several rules for one point (its ``also``) takes their deviations too."""
    found = list(deviations)
    used: set[int] = set()
    order = {entry.id: i for i, entry in enumerate(all_rules())}
    for finding in _cards_counted_as_one(findings):
        if finding.rule is None:
            continue
        # The same departure seen by another op (the order of play, in the deal and in who
        # deals first) is more evidence for the deviation already saying it.
        seen = next(
            (
                i
                for i in used
                if found[i].rule == finding.rule and _found_otherwise(found[i]) == finding.otherwise
            ),
            None,
        )
        index = seen
        if index is None:
            index = next(
                (i for i, d in enumerate(found) if d.rule == finding.rule and i not in used),
                None,
            )
        if index is None:
            index = next(
                (
                    i
                    for i, d in enumerate(found)
                    if _open(d)
                    and i not in used
                    and _stage_shows(finding.stage, d)
                    and (not _reseats(finding) or finding.shows(d.example.get("request")))
                    and _of_its_rulesets(d, finding)
                ),
                None,
            )
        if index is None:
            blank = Deviation(
                rule=finding.rule,
                reading=None,
                reading_rulesets=(),
                cases=(),
                example=_probe_example(finding),
                detail=f"the engine's {finding.stage}: {finding_instead(finding)}",
            )
            found.append(blank)
            index = len(found) - 1
        if seen is None:
            found[index] = _probed(found[index], finding)
        else:
            found[index] = replace(
                found[index],
                probes_agree=found[index].probes_agree + finding.agree,
                probes_disagree=found[index].probes_disagree + finding.disagree,
            )
        used.add(index)
        # The other unexplained groups this departure can cause (a deal dealt otherwise
        # parts every game at its first legal list) are its cases too.
        # So are the deviations of the rules it departs from alike in other rulesets (the
        # rates of each ruleset rounded the same way): one departure, one deviation.
        absorbed = [
            i
            for i, d in enumerate(found)
            if i not in used
            and finding.shows(d.example.get("request"))
            and (
                (
                    (_open(d) or (_reseats(finding) and d.status == "suspected"))
                    and (_stage_shows(finding.stage, d) or _reseats(finding))
                    and _of_its_rulesets(d, finding)
                )
                or d.rule in finding.also
                or _taken_so(finding, d)
            )
        ]
        if absorbed:
            cases = found[index].cases + tuple(c for i in absorbed for c in found[i].cases)
            hand = found[index].hand_written + sum(found[i].hand_written for i in absorbed)
            found[index] = replace(found[index], cases=cases, hand_written=hand)
            kept = [d for i, d in enumerate(found) if i not in absorbed]
            used = {kept.index(found[i]) for i in used}
            found = kept
    found = _predicted(found, findings)
    found.sort(key=lambda d: d.rank(order))
    return found


def _of_its_rulesets(d: Deviation, finding: StageFinding) -> bool:
    """Whether the deviation's cases are of rulesets a finding of the settlement departs
    in, at least half of them (or the finding is of every ruleset, or of another stage): a
    group whose example the finding shows, with cases of rulesets mostly those the probes
    agreed in, is more than that departure (a count's tie moved in every ruleset, not one
    ruleset's fixed payments). A deal dealt otherwise is one departure whatever each
    ruleset's rule of the packets is: its finding in some takes the games of all."""
    if finding.stage != "settle" or not finding.rulesets:
        return True
    shown = set(d.in_rulesets or d.circumstances.rulesets)
    return 2 * len(shown & set(finding.rulesets)) >= len(shown)


def _cards_counted_as_one(findings: Sequence[StageFinding]) -> list[StageFinding]:
    """The findings, those of ``card_points`` that each find a rank counted otherwise
    everywhere joined as one: the engine's card values are one departure of what each card
    counts ("a King counts 3 instead of 4; a Queen counts 4 instead of 3"), said by one
    deviation. The others as they are."""
    ranks = [
        f
        for f in findings
        if f.stage == "card_points"
        and f.condition is None
        and f.rule is not None
        and isinstance(f.otherwise, CardCounted)
    ]
    if len(ranks) < 2 or len({f.rule for f in ranks}) != 1:
        return list(findings)
    first = ranks[0]
    departing = sum(f.disagree for f in ranks)
    joined = replace(
        first,
        otherwise=Several(tuple(f.otherwise for f in ranks)),
        disagree=departing,
        agree=max(first.agree + first.disagree - departing, 0),
    )
    return [joined if f is first else f for f in findings if f is first or f not in ranks]


def _taken_so(finding: StageFinding, d: Deviation) -> bool:
    """Whether the deviation is the lead after a trick that the engine's ``trick_winner``
    op gives to the engine's leader (a :class:`~frogspec.conform.evidence.TrickTaken` of
    its example), and the finding, of that op, says the departure: who takes the trick
    departs as the op's probes show (the finding's model, where it has one, gives the
    engine's answer to that trick)."""
    if finding.stage != "trick_winner" or d.stage != "trick":
        return False
    taken = next((x for x in d.differences if isinstance(x, TrickTaken)), None)
    if taken is None:
        return False
    if finding.departure is None:
        return True
    request = d.example.get("request") if isinstance(d.example, dict) else None
    finished = finished_trick(request) if isinstance(request, dict) else None
    if finished is None:
        return False
    trump = finished[0].trump
    asked: dict[str, Json] = {
        "id": 1,
        "op": "trick_winner",
        "ruleset": request.get("ruleset") if isinstance(request, dict) else None,
        "trump": trump.letter if trump is not None else None,
        "cards": list(taken.cards),
    }
    try:
        answer = reference_answer(asked, finding.departure)
    except FrogError:  # the model refuses the trick: it does not give the engine's answer
        return False
    return isinstance(answer, dict) and bool(answer.get("result") == taken.engine)


def _probed(d: Deviation, finding: StageFinding) -> Deviation:
    """The deviation with the finding's rule, ``when``, ``instead`` and probes."""
    assert finding.rule is not None
    unexplained = _open(d)
    # The probes' when, not the replayed steps' (none where cases go beyond them).
    circumstances, condition = _said_by(d, finding)
    return replace(
        d,
        rule=finding.rule,
        circumstances=circumstances,
        condition=condition,
        otherwise=finding,
        stage=finding.stage,
        probes_agree=finding.agree,
        probes_disagree=finding.disagree,
        # A finding joined from several rules' rulesets models them all, the engine's
        # own seating at every table size outweighs a swap's at some, and a model of every
        # probe in each of the deviation's rulesets outweighs a swap that matches a case or
        # two there; otherwise a swap of the deviation's rule, its own rulesets only.
        departure=(
            finding.departure
            if finding.departure is not None
            and (
                finding.also
                or _reseats(finding)
                or finding.models_all
                or d.departure is None
                or _models_everywhere(finding, d)
            )
            else d.departure
        ),
        example={**d.example, "rules": [finding.rule]} if unexplained else d.example,
        look_at=() if unexplained else d.look_at,
    )


def _models_everywhere(finding: StageFinding, d: Deviation) -> bool:
    """Whether the finding's model gives every probe's answer in every ruleset of the
    deviation's cases (a hypothesis of the whole stage there, not a matched case)."""
    return (
        finding.model is not None
        and bool(d.in_rulesets)
        and set(d.in_rulesets) <= set(finding.rulesets)
    )


def _predicted(found: list[Deviation], findings: Sequence[StageFinding]) -> list[Deviation]:
    """The deviations whose example a finding's model predicts (the engine's answer to it,
    from the example's typed differences), folded into that finding's deviation: one
    hypothesis that gives every probe's answer outweighs a swap that matches a case or two
    by coincidence."""
    from frogspec.conform.evidence import PaymentsChanged

    for finding in findings:
        if finding.model is None:
            continue
        home = next((d for d in found if d.rule == finding.rule and d.stage == finding.stage), None)
        if home is None:
            continue
        taken = []
        for d in found:
            request = d.example.get("request") if isinstance(d.example, dict) else None
            paid = next((x for x in d.differences if isinstance(x, PaymentsChanged)), None)
            if d is home or paid is None or not isinstance(request, dict):
                continue
            if request.get("op") != finding.stage or not finding.shows(request):
                continue
            if not _of_its_rulesets(d, finding):
                continue
            answer = finding.model({k: v for k, v in request.items() if k != "id"})
            if isinstance(answer, dict) and answer.get("result") == list(paid.engine):
                taken.append(d)
        if taken:
            merged = replace(
                home,
                cases=home.cases + tuple(c for d in taken for c in d.cases),
                hand_written=home.hand_written + sum(d.hand_written for d in taken),
            )
            found = [merged if d is home else d for d in found if d not in taken]
    return found


def narrowed_deviation(
    d: Deviation, cases: Sequence[str], rulesets: tuple[str, ...], hand_written: int
) -> Deviation:
    """The deviation with only ``cases`` (``hand_written`` of them, of ``rulesets``), said
    again where a unit op's finding says it: where the cases left keep to the finding's
    rulesets, its ``when`` is the finding's own (its table sizes, its condition), which
    cases beyond them had widened to every ruleset."""
    narrowed = replace(d, cases=tuple(cases), hand_written=hand_written, in_rulesets=rulesets)
    finding = d.otherwise
    if not isinstance(finding, StageFinding):
        return narrowed
    circumstances, condition = _said_by(narrowed, finding)
    return replace(narrowed, circumstances=circumstances, condition=condition)


def _said_by(d: Deviation, finding: StageFinding) -> tuple[Circumstances, Condition | None]:
    """The deviation's ``circumstances`` and ``condition`` as the finding says them for its
    cases (:func:`_situation`): the probes' condition only where the finding's situation is
    the whole."""
    situation = _situation(d, finding)
    return situation, finding.condition if situation.occasion is finding else None


def _situation(d: Deviation, finding: StageFinding) -> Circumstances:
    """The finding's ``when`` for the deviation's cases: where they are of rulesets the
    probes did not depart in, every ruleset is named and the probes' condition (which
    holds only in theirs) is not said."""
    beyond = set(d.in_rulesets) - set(finding.rulesets)
    if not beyond or not finding.rulesets:
        return Circumstances(occasion=finding)
    return Circumstances(tuple(sorted(set(d.in_rulesets) | set(finding.rulesets))))


def _found_otherwise(d: Deviation) -> object:
    """What a deviation's unit-op finding has the engine do (``None``: no finding)."""
    return d.otherwise.otherwise if isinstance(d.otherwise, StageFinding) else None


def _open(d: Deviation) -> bool:
    """Whether a unit op's finding may take the deviation over: it names no rule, or one
    only a replay of its games points to (:mod:`frogspec.conform.localise`), which a
    unit op that departs localises better."""
    return d.rule is None or d.stage == "game"


def _reseats(finding: StageFinding) -> bool:
    """Whether the finding seats the table otherwise: every answer at that table size
    (who bids, who pays) may follow from it."""
    return finding.stage == "deal" and finding.reseats


def _stage_shows(stage: str, d: Deviation) -> bool:
    """Whether the stage's departure can cause the deviation's first divergence: a case of
    the stage's own op, or a field the stage decides."""
    request = d.example.get("request") if isinstance(d.example, dict) else None
    if isinstance(request, dict) and request.get("op") == stage:
        return True
    # The first field that differs is the stage's doing: a count that differs before the
    # payments is not the settlement's.
    if not d.differences or d.differences[0].field not in _STAGE_SHOWS.get(stage, ()):
        return False
    first = d.differences[0]
    if stage == "legal_plays":  # the duties of the play: a list of cards to play
        return isinstance(first, LegalChanged) and all(
            str(a).startswith("play ") for a in first.lacks + first.adds
        )
    return True


def _probe_example(finding: StageFinding) -> Json:
    """The finding's smallest probe as a vector case, answered by the reference (a whole
    game the probe dealt: by the engine's own ``settle``)."""
    rule = finding.rule or "unexplained"
    said = f"The engine {finding_instead(finding)} ({finding_when(finding)})."
    if finding.stage == "game":  # a game the probe dealt, paid as the engine's settle pays
        said = (
            f"In a game dealt on the deal the engine makes ({finding_when(finding)}), "
            f"{finding_instead(finding)}: expected here, the payments the engine's own "
            "settle gives for the points its game counted."
        )
    example = Case(
        id="deviation."
        + "-".join(p for p in rule.split(".") if p)
        + "."
        + finding.stage.replace("_", "-"),
        file="deviations",
        description=f"{statement_of(rule)} {said}",
        rules=(rule,) if finding.rule else (),
        request=finding.smallest.request,
        response={"id": 1, **finding.smallest.expected},
    )
    return example.to_json()
