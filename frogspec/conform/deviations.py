"""Deviations: the rules an engine departs from, most likely first, from its diagnosed failures.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from frogspec._types import Json
from frogspec.conform.accounting import account, who_leads
from frogspec.conform.counterfactuals import failed_under, has_twin
from frogspec.conform.diagnosis import Divergence, fits_passed
from frogspec.conform.probes import StageFinding
from frogspec.errors import FrogError
from frogspec.registry import all_rules, get_rule
from frogspec.rulesets import rulesets_using
from frogspec.vectors.build import EXTENSION_FIELDS, extension_of
from frogspec.vectors.model import CASE_ID_PATTERN, Case

__all__ = [
    "HAND_WRITTEN_WEIGHT",
    "STATUS_ORDER",
    "Cover",
    "Deviation",
    "deviation_json",
    "find_deviations",
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
    generated; ``detail`` says what differs in the example. ``reproduced`` counts the
    cases on whose first divergence a swap of the rule gives the engine's answer.

    ``rule`` is ``None`` for an unexplained deviation (:attr:`status`): no swap reproduces
    any of its cases, and ``look_at`` names the rules to look at first, without claiming
    that any of them is the cause.

    For a suspected deviation whose rule's swap reproduces some of its cases,
    ``would_fail`` are the ids of the cases the engine passes that the swap would fail (the
    swap that fails fewest: the broken twin when ``would_fail_reading`` is ``None``, else
    that rival reading), which is why the swap does not confirm it; empty if it fails none.
    """

    rule: str | None
    reading: str | None
    reading_rulesets: tuple[str, ...]
    cases: tuple[str, ...]
    example: dict[str, Json]
    confirmed: bool = False
    hand_written: int = 0
    detail: str = ""
    reproduced: int = 0
    look_at: tuple[str, ...] = ()
    would_fail: tuple[str, ...] = ()
    would_fail_reading: str | None = None
    when: str = ""
    instead: str = ""
    stage: str | None = None
    probes_agree: int = 0
    probes_disagree: int = 0

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


def _hand_written(case: Case) -> bool:
    return not case.file.startswith("generated")


def _weight(case: Case) -> int:
    return HAND_WRITTEN_WEIGHT if _hand_written(case) else 1


_Entry = tuple[Case, Divergence]


def find_deviations(
    failed: Sequence[tuple[Case, Any, Divergence | None]], passed: Sequence[Case] = ()
) -> list[Deviation]:
    """The deviations shown by failing cases (each with the engine's answer and its
    diagnosis), most likely first. Cases without a diagnosis, or whose divergence no rule
    decides (a protocol matter), are left out.

    ``passed`` are the cases the engine passed: a rule's swap (its twin, a rival reading)
    only explains failures, and a reading is only said to fit the engine, if the swap also
    gives their expected answers (an engine that refuses five players but seats four does
    not follow "three players only"). Without them, every swap that explains is taken.
    """
    entries: list[_Entry] = [
        (case, divergence) for case, _, divergence in failed if divergence and divergence.rules
    ]
    order = {entry.id: i for i, entry in enumerate(all_rules())}
    groups: dict[str, list[_Entry]] = {}
    confirmed: set[str] = set()
    rejected: set[str] = set()  # rules whose swaps would fail cases the engine passes
    remaining = entries
    while True:
        score: dict[str, int] = {}
        for case, divergence in remaining:
            for rule_id in divergence.explained_by:
                if rule_id not in rejected:
                    score[rule_id] = score.get(rule_id, 0) + _weight(case)
        ranked = sorted(score, key=lambda r: (-score[r], order.get(r, len(order))))
        best = next((r for r in ranked if _consistent(r, remaining, passed)), None)
        rejected.update(ranked[: ranked.index(best)] if best is not None else ranked)
        if best is None:
            break
        groups[best] = [e for e in remaining if best in e[1].explained_by]
        confirmed.add(best)
        remaining = [e for e in remaining if best not in e[1].explained_by]
    # The cases no swap explains: each could be any of its first few suspects, passing
    # over a turned-down rule unless the differing fields point to it first (an engine
    # may break a rule otherwise than its twin does). The fewest rules that cover them
    # are taken, greedily: most weight covered, a disputed point, most cases naming it first.
    pending = [(entry, _suspects(entry[1], rejected)) for entry in remaining]
    while pending:
        covers: dict[str, Cover] = {}
        for (case, divergence), suspects in pending:
            for place, rule_id in enumerate(suspects):
                covers.setdefault(rule_id, Cover(rule_id)).add(
                    _weight(case), _points_to(rule_id, divergence), place == 0
                )
        best = min(covers.values(), key=lambda c: c.rank(order)).rule
        groups.setdefault(best, []).extend(e for e, suspects in pending if best in suspects)
        pending = [(e, suspects) for e, suspects in pending if best not in suspects]
    found = []
    for rule_id, members in groups.items():
        if rule_id in confirmed or any(_points_to(rule_id, d) for _, d in members):
            found.append(_deviation(rule_id, members, rule_id in confirmed, passed))
        else:  # nothing backs the rule the cover chose: say so, and where to look
            found.append(_unexplained(members, order))
    found.sort(key=lambda d: d.rank(order))
    return found


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


#: How many of a group's cases are accounted for to say in which contracts it departs.
ACCOUNTED_CASES = 20


def _unexplained(members: list[_Entry], order: dict[str, int]) -> Deviation:
    look_at = _look_at(members, order)
    case, divergence = min(members, key=lambda e: _size(e[1]))
    leads = who_leads(divergence.request, divergence.detail)
    if leads is not None:  # the player to lead is the step: its rule decides it
        return Deviation(
            rule=leads.rule,
            reading=None,
            reading_rulesets=(),
            cases=tuple(c.id for c, _ in members),
            example=_example(leads.rule, case, divergence, None),
            hand_written=sum(_hand_written(c) for c, _ in members),
            detail=divergence.detail,
            when=leads.when,
            instead=leads.instead,
            stage="lead",
        )
    accounted = account(divergence.request, divergence.expected, divergence.actual)
    if accounted is not None:  # the points by card groups: one credited to the other side
        contracts = {accounted.when}
        for _, other in members[:ACCOUNTED_CASES]:
            also = account(other.request, other.expected, other.actual)
            if also is not None and also.rule == accounted.rule:
                contracts.add(also.when)
        when = " or ".join(sorted(contracts)).replace(" or in a ", " or a ")
        return Deviation(
            rule=accounted.rule,
            reading=None,
            reading_rulesets=(),
            cases=tuple(c.id for c, _ in members),
            example=_example(accounted.rule, case, divergence, None),
            hand_written=sum(_hand_written(c) for c, _ in members),
            detail=divergence.detail,
            when=f"in {case.ruleset}, {when}" if case.ruleset else when,
            instead=accounted.instead,
            stage="accounting",
        )
    return Deviation(
        rule=None,
        reading=None,
        reading_rulesets=(),
        cases=tuple(c.id for c, _ in members),
        example=_example(None, case, divergence, None, look_at),
        hand_written=sum(_hand_written(c) for c, _ in members),
        detail=divergence.detail,
        look_at=look_at,
    )


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
    rule_id: str, members: list[_Entry], confirmed: bool, passed: Sequence[Case]
) -> Deviation:
    reading = _reading(rule_id, members, passed)
    case, divergence = min(members, key=lambda e: _size(e[1]))
    reproduced = sum(rule_id in d.explained_by for _, d in members)
    would_fail: tuple[str, ...] = ()
    would_fail_reading: str | None = None
    if not confirmed and reproduced and passed:
        would_fail_reading, would_fail = _fewest_broken(rule_id, members, passed)
    leads = who_leads(divergence.request, divergence.detail)
    said = leads if leads is not None and leads.rule == rule_id else None
    return Deviation(
        when=said.when if said else "",
        instead=said.instead if said else "",
        rule=rule_id,
        reading=reading,
        reading_rulesets=rulesets_using(reading) if reading else (),
        cases=tuple(c.id for c, _ in members),
        example=_example(rule_id, case, divergence, reading),
        confirmed=confirmed,
        hand_written=sum(_hand_written(c) for c, _ in members),
        detail=divergence.detail,
        reproduced=reproduced,
        would_fail=would_fail,
        would_fail_reading=would_fail_reading,
    )


def _fewest_broken(
    rule_id: str, members: list[_Entry], passed: Sequence[Case]
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
        failing = tuple(failed_under(rule_id, swap, clearest))
        if best is None or len(failing) < len(best[1]):
            best = (swap, failing)
    return best if best is not None else (None, ())


def _reading(rule_id: str, members: list[_Entry], passed: Sequence[Case]) -> str | None:
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
    return next((r for r in shared if fits_passed(rule_id, r, passed)), None)


def _consistent(rule_id: str, entries: list[_Entry], passed: Sequence[Case]) -> bool:
    """Whether a swap of the rule that reproduces the engine on failing cases (its twin, or
    a reading that does) also keeps the passed cases passing; without passed cases, yes."""
    if not passed:
        return True
    readings = {r for _, d in entries for r in d.reading_of(rule_id)}
    return any(fits_passed(rule_id, reading, passed) for reading in [None, *sorted(readings)])


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
    ``confirmed``, ``hand_written``, ``detail``, ``status``, ``reproduced``, ``look_at``
    and ``would_fail``."""
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
    }


#: The differing fields of a failing case that a stage's departure can cause.
_STAGE_SHOWS = {
    "settle": ("payments",),
    "card_points": ("points", "payments"),
    "deal": ("hands", "legal list", "to_act", "active", "eldest", "widow"),
}


def with_findings(
    deviations: Sequence[Deviation], findings: Sequence[StageFinding]
) -> list[Deviation]:
    """The deviations, with what the engine's unit ops show (:func:`frogspec.conform.probes.
    probe_stages`): a finding of a deviation's rule gives it ``when`` and ``instead``; one
    whose rule no deviation names takes the unexplained deviation whose first divergence
    its stage can cause (the stage localises it), else it is a deviation of its own, shown by
    the probes alone. One deviation per departure: a rule's second finding (another
    departure of the same rule) is a deviation of its own."""
    found = list(deviations)
    used: set[int] = set()
    order = {entry.id: i for i, entry in enumerate(all_rules())}
    for finding in findings:
        if finding.rule is None:
            continue
        index = next(
            (i for i, d in enumerate(found) if d.rule == finding.rule and i not in used), None
        )
        if index is None:
            index = next(
                (
                    i
                    for i, d in enumerate(found)
                    if d.rule is None and i not in used and _stage_shows(finding.stage, d)
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
                detail=f"the engine's {finding.stage}: {finding.instead}",
            )
            found.append(blank)
            index = len(found) - 1
        found[index] = _probed(found[index], finding)
        used.add(index)
        # The other unexplained groups this departure can cause (a deal dealt otherwise
        # parts every game at its first legal list) are its cases too.
        absorbed = [
            i
            for i, d in enumerate(found)
            if (d.rule is None or (_reseats(finding) and d.status == "suspected"))
            and i not in used
            and (_stage_shows(finding.stage, d) or _reseats(finding))
            and finding.shows(d.example.get("request"))
        ]
        if absorbed:
            cases = found[index].cases + tuple(c for i in absorbed for c in found[i].cases)
            hand = found[index].hand_written + sum(found[i].hand_written for i in absorbed)
            found[index] = replace(found[index], cases=cases, hand_written=hand)
            kept = [d for i, d in enumerate(found) if i not in absorbed]
            used = {kept.index(found[i]) for i in used}
            found = kept
    found.sort(key=lambda d: d.rank(order))
    return found


def _probed(d: Deviation, finding: StageFinding) -> Deviation:
    """The deviation with the finding's rule, ``when``, ``instead`` and probes."""
    assert finding.rule is not None
    unexplained = d.rule is None
    return replace(
        d,
        rule=finding.rule,
        when=finding.situation,
        instead=finding.instead,
        stage=finding.stage,
        probes_agree=finding.agree,
        probes_disagree=finding.disagree,
        example={**d.example, "rules": [finding.rule]} if unexplained else d.example,
        look_at=() if unexplained else d.look_at,
    )


def _reseats(finding: StageFinding) -> bool:
    """Whether the finding seats the table otherwise: every answer at that table size
    (who bids, who pays) may follow from it."""
    return finding.stage == "deal" and " out instead of " in finding.instead


def _stage_shows(stage: str, d: Deviation) -> bool:
    """Whether the stage's departure can cause the deviation's first divergence: a case of
    the stage's own op, or a field the stage decides."""
    request = d.example.get("request") if isinstance(d.example, dict) else None
    if isinstance(request, dict) and request.get("op") == stage:
        return True
    detail = d.detail
    return any(f"{name} is" in detail or f"{name}:" in detail for name in _STAGE_SHOWS[stage]) or (
        stage == "deal" and "legal list" in detail
    )


def _probe_example(finding: StageFinding) -> Json:
    """The finding's smallest probe as a vector case, answered by the reference."""
    rule = finding.rule or "unexplained"
    example = Case(
        id="deviation."
        + "-".join(p for p in rule.split(".") if p)
        + "."
        + finding.stage.replace("_", "-"),
        file="deviations",
        description=f"{statement_of(rule)} The engine {finding.instead} ({finding.situation}).",
        rules=(rule,) if finding.rule else (),
        request=finding.smallest.request,
        response={"id": 1, **finding.smallest.expected},
    )
    return example.to_json()
