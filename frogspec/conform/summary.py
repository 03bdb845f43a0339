"""What every report of a run says: the tallies, the scope, the failures in groups.

A failed case counts against the rules that decide its first divergence (from the
diagnosis), not against every rule the case names: a whole deal names thirty rules, and
one wrong rule would otherwise mark them all red. The scope says what the implementation
offered (its ``hello``), which filters ran and why cases were skipped, so that a run that
skipped most of the vectors cannot pass for a full one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from frogspec.conform.comparison import expects_unsupported
from frogspec.conform.runner import CaseOutcome, Run
from frogspec.registry import all_rules

if TYPE_CHECKING:
    from frogspec.conform.deviations import Deviation

__all__ = [
    "FailureGroup",
    "Scope",
    "Tally",
    "by_rule",
    "by_ruleset",
    "charged_rules",
    "deviation_of",
    "failure_groups",
    "failures",
    "first_rule",
    "scope",
    "unexplained_failures",
]


@dataclass
class Tally:
    """Passed, failed (errors included) and skipped cases, and level 2.

    For a rule, ``failed`` counts the failed cases charged to it (:func:`charged_rules`)
    and ``failed_cases`` every failed case that names it. ``named`` of ``judged`` cases
    that expect an ``illegal`` error (and pass level 1) name the reference's rule.
    """

    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failed_cases: int = 0
    named: int = 0
    judged: int = 0

    def add(self, outcome: CaseOutcome, charged: bool = True) -> None:
        """Count one outcome (a failure only if it is ``charged`` here)."""
        if outcome.status == "passed":
            self.passed += 1
        elif outcome.status == "skipped":
            self.skipped += 1
        else:
            self.failed_cases += 1
            if charged:
                self.failed += 1
        if outcome.names_rule is not None:
            self.judged += 1
            self.named += outcome.names_rule

    def level2(self) -> str:
        """``named/judged``, or empty when no case was judged at level 2."""
        return f"{self.named}/{self.judged}" if self.judged else ""


def by_ruleset(run: Run) -> dict[str | None, Tally]:
    """The tally of each ruleset, in order met; ``None`` for the cases that name no ruleset
    and those that name one no one offers (to check that it is refused as unsupported)."""
    table: dict[str | None, Tally] = {}
    for outcome in run.outcomes:
        case = outcome.case
        key = None if expects_unsupported(case) else case.ruleset
        table.setdefault(key, Tally()).add(outcome)
    return table


def deviation_of(run: Run) -> dict[str, Deviation]:
    """The deviation each failed case of the run is filed under, by case id."""
    return {case_id: d for d in run.deviations for case_id in d.cases}


def charged_rules(outcome: CaseOutcome, deviation: Deviation | None = None) -> tuple[str, ...]:
    """The rules a failed case counts against: the rule of its ``deviation`` if it has one
    (none if the deviation is unexplained: no swap of any rule reproduces it); else those
    whose swap reproduces the engine's answer at the first divergence, else the first rule
    that decides it; without a diagnosis, every rule the case names."""
    if deviation is not None:
        return (deviation.rule,) if deviation.rule is not None else ()
    divergence = outcome.divergence
    if divergence is None or not divergence.rules:
        return outcome.case.rules
    explained = tuple(getattr(divergence, "explained_by", ()))
    return explained or divergence.rules[:1]


def first_rule(outcome: CaseOutcome) -> str | None:
    """The rule that most likely decides the first divergence of a failed case, if known."""
    divergence = outcome.divergence
    return divergence.rules[0] if divergence is not None and divergence.rules else None


def by_rule(run: Run) -> dict[str, Tally]:
    """The tally of each rule the cases exercise (and of each rule a failure is charged
    to), in the rulebook's order. A failure of an unexplained deviation counts against no
    rule (:func:`unexplained_failures` counts them)."""
    tallies: dict[str, Tally] = {}
    filed = deviation_of(run)
    for outcome in run.outcomes:
        deviation = filed.get(outcome.case.id)
        charged = set(charged_rules(outcome, deviation)) if outcome.counted_failed else set()
        for rule_id in dict.fromkeys((*outcome.case.rules, *charged)):
            tallies.setdefault(rule_id, Tally()).add(outcome, rule_id in charged)
    order = {r.id: i for i, r in enumerate(all_rules())}
    return dict(sorted(tallies.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def failures(run: Run) -> list[CaseOutcome]:
    """The failed cases, the most specific (fewest rules) first."""
    failed = [o for o in run.outcomes if o.counted_failed]
    return sorted(failed, key=lambda o: (o.status == "error", len(o.case.rules)))


def unexplained_failures(run: Run) -> list[CaseOutcome]:
    """The failed cases filed under an unexplained deviation (charged to no rule)."""
    filed = deviation_of(run)
    return [
        o
        for o in run.outcomes
        if o.counted_failed and o.case.id in filed and filed[o.case.id].rule is None
    ]


@dataclass(frozen=True)
class FailureGroup:
    """Failed cases reported together: those of one deviation, or those whose first
    divergence one rule decides. ``rule`` is ``None`` both for an unexplained deviation
    (``look_at`` then names where to look) and for the cases without a diagnosis."""

    rule: str | None
    members: list[CaseOutcome]
    unexplained: bool = False
    look_at: tuple[str, ...] = ()


def failure_groups(run: Run) -> list[FailureGroup]:
    """The failed cases grouped as the deviations file them (an unexplained one under
    "unexplained", not under any rule), in their order; then the other failures by the
    rule that decides their first divergence, by size; last the cases without a diagnosis
    (an engine that stopped answering, a case not run)."""
    number = {case_id: i for i, d in enumerate(run.deviations) for case_id in d.cases}
    filed: dict[int, list[CaseOutcome]] = {}
    groups: dict[str | None, list[CaseOutcome]] = {}
    for outcome in failures(run):
        if outcome.case.id in number:
            filed.setdefault(number[outcome.case.id], []).append(outcome)
        else:
            groups.setdefault(first_rule(outcome), []).append(outcome)
    found = []
    for i, d in enumerate(run.deviations):
        # Other failures the deviation's rule decides join it, not a second heading.
        members = filed.get(i, []) + (groups.pop(d.rule, []) if d.rule is not None else [])
        if members:
            found.append(FailureGroup(d.rule, members, d.rule is None, d.look_at))
    rest = sorted(groups.items(), key=lambda kv: (kv[0] is None, -len(kv[1]), kv[0] or ""))
    return found + [FailureGroup(rule, members) for rule, members in rest]


@dataclass
class Scope:
    """What a run covered: the ops and rulesets the implementation offered (``None``
    without a hello), those of the vectors it did not offer, the filters, and the skipped
    cases by cause."""

    offered_ops: list[str] | None
    offered_rulesets: list[str] | None
    missing_ops: list[str]
    missing_rulesets: list[str]
    filters: list[str]
    skipped: Counter[str] = field(default_factory=Counter)
    optional_skipped: int = 0

    def lines(self) -> list[str]:
        """The scope, one fact a line (for the text and Markdown reports)."""
        out = []
        if self.offered_ops is None or self.offered_rulesets is None:
            out.append("offered: nothing (no answer to hello)")
        else:
            out.append(f"offered ops: {_list(self.offered_ops)}")
            out.append(f"offered rulesets: {_list(self.offered_rulesets)}")
            if self.missing_ops or self.missing_rulesets:
                missing = [f"op {o}" for o in self.missing_ops]
                missing += [f"ruleset {r}" for r in self.missing_rulesets]
                out.append(f"not offered (the vectors have cases for them): {', '.join(missing)}")
        out.append(f"filters: {' '.join(self.filters) if self.filters else 'none'}")
        total = sum(self.skipped.values())
        if total:
            causes = ", ".join(f"{n} {cause}" for cause, n in self.skipped.most_common())
            out.append(f"skipped: {total} ({causes})")
        else:
            out.append("skipped: none")
        return out


def _list(items: Sequence[str]) -> str:
    return ", ".join(items) if items else "none"


def _skip_cause(outcome: CaseOutcome, hello_ops: Sequence[str]) -> str:
    case = outcome.case
    if outcome.reason == "not-offered":
        if case.op not in hello_ops:
            return f"op {case.op} not offered"
        return f"ruleset {case.ruleset} not offered"
    if outcome.reason == "extension-absent":
        return f"no {case.extension} field"
    return "answered unsupported"


def scope(run: Run) -> Scope:
    """The scope of ``run``."""
    hello = run.hello
    ops = [str(o) for o in hello.get("ops", [])] if hello is not None else None
    rulesets = [str(r) for r in hello.get("rulesets", [])] if hello is not None else None
    wanted = [o.case for o in run.outcomes if not expects_unsupported(o.case)]
    missing_ops = sorted({c.op for c in wanted} - set(ops or ()))
    missing_rulesets = sorted({c.ruleset for c in wanted if c.ruleset} - set(rulesets or ()))
    filters = [f"--{name} {value}" for name, values in run.filters.items() for value in values]
    skipped = Counter(_skip_cause(o, ops or ()) for o in run.outcomes if o.status == "skipped")
    optional = sum(1 for o in run.outcomes if o.status == "skipped" and o.case.extension)
    return Scope(
        ops,
        rulesets,
        missing_ops if ops is not None else [],
        missing_rulesets if rulesets is not None else [],
        filters,
        skipped,
        optional,
    )
