"""Deviations: the proof that they name the broken rules, first, and no others.

- Every broken twin, run on the cases it fails (the cases that evaluate its rule, as the
  twins check prunes them), has its own rule as the first deviation.
- Composite engines, two or three unrelated faults at once (the twins of
  ``composite/twins.py``, and the independent engines of ``engines/`` with several
  ``--fault`` switches), get exactly those rules as deviations, no more, and the reading
  each follows where it follows one.

The engines run in process (the twins, in two processes as the twins check runs) or over a
pipe (the independent engines), and every case is judged and diagnosed as the runner does.
Each twin's hand-written failures are all diagnosed, and its first 10 generated ones
(``FROGSPEC_TWINS_PROOF=full`` diagnoses them all: some 5,600 cases, two minutes of CPU).
What it costs is measured: printed with ``-s``, and kept with the test's properties.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from frogspec.conform import render_text, run_conformance
from frogspec.conform.comparison import judge as judge_first
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.deviations import (
    HAND_WRITTEN_WEIGHT,
    Deviation,
    deviation_json,
    find_deviations,
)
from frogspec.conform.diagnosis import Divergence, diagnose, evaluated_rules
from frogspec.conform.reports import deviation_markdown_lines, deviation_text_lines
from frogspec.harness import handle
from frogspec.registry import all_rules
from frogspec.rulesets import rulesets_using
from frogspec.twins.check import default_jobs
from frogspec.twins.check import judge_twin_answer as judge_both
from frogspec.twins.model import TWINS, get_twin
from frogspec.vectors.model import Case, differences

from .composite.twins import COMPOSITES, twin_engine
from .helpers import errors, validator
from .test_independent_engines import JSFROG, NODE, PYFROG, needs_node

COMPOSITE_PROGRAM = Path(__file__).resolve().parent / "composite" / "twins.py"
Ask = Callable[[dict[str, Any]], dict[str, Any]]
Failed = list[tuple[Case, Any, Divergence | None]]

ALL_TWINS = [entry.id for entry in all_rules() if entry.id in TWINS]


@pytest.fixture(scope="module")
def traced(cases: list[Case]) -> list[frozenset[str]]:
    """The rules each case evaluates (the twins check's pruning, from the same tracing)."""
    return [evaluated_rules(case) for case in cases]


def run_engine(
    ask: Ask,
    cases: Sequence[Case],
    traced: Sequence[frozenset[str]] | None = None,
    rules: Sequence[str] = (),
    level: int = 2,
    generated_cap: int | None = None,
) -> tuple[Failed, list[Case]]:
    """Judge and diagnose each case as the runner does: the failed ones with the engine's
    answer and divergence, and the passed ones. With ``traced``, a case that evaluates none
    of ``rules`` is not asked (a twin of a rule cannot change it) and counts as passed.
    ``level`` 2 also fails a case whose refusal names another rule (an engine that declares
    frogspec's rule ids, as the twins do); level 1 does not. ``generated_cap`` diagnoses at
    most that many failing generated cases (every hand-written one), leaving the others
    out of both lists."""
    judge = judge_both if level == 2 else judge_first
    generated = 0
    failed: Failed = []
    passed: list[Case] = []
    for index, case in enumerate(cases):
        if traced is not None and not any(rule in traced[index] for rule in rules):
            passed.append(case)
            continue
        answer = ask(json.loads(json.dumps(case.request)))
        answer = {k: v for k, v in answer.items() if k != "id"}
        status = judge(case, answer).status
        if status == "failed":
            if case.file.startswith("generated") and generated_cap is not None:
                generated += 1
                if generated > generated_cap:
                    continue
            failed.append((case, answer, diagnose(case, answer, ask)))
        elif status == "passed":
            passed.append(case)
    return failed, passed


#: Generated cases diagnosed per twin (all hand-written ones are); ``FROGSPEC_TWINS_PROOF=full``
#: diagnoses every case each twin fails.
GENERATED_PER_TWIN = None if os.environ.get("FROGSPEC_TWINS_PROOF") == "full" else 10


@dataclass(frozen=True)
class Proof:
    """One twin's run: its deviations (rule, confirmed), what it cost."""

    rule: str
    deviations: tuple[tuple[str | None, bool], ...]
    failed: int
    level_two_only: bool
    seconds: float


def _prove(rule: str) -> Proof:
    began = time.process_time()
    cases, traced = _WORK
    failed, passed = run_engine(
        twin_engine([rule]), cases, traced, [rule], generated_cap=GENERATED_PER_TWIN
    )
    deviations = find_deviations(failed, passed)
    return Proof(
        rule,
        tuple((d.rule, d.confirmed) for d in deviations),
        len(failed),
        all(d is not None and "names the rule" in d.detail for _, _, d in failed),
        time.process_time() - began,
    )


_WORK: tuple[list[Case], list[frozenset[str]]] = ([], [])


def _prove_all(rules: list[str]) -> list[Proof]:
    return [_prove(rule) for rule in rules]


@pytest.fixture(scope="module")
def proofs(cases: list[Case], traced: list[frozenset[str]]) -> dict[str, Proof]:
    """Every twin's run, in two processes where the platform can fork (as the twins check)."""
    global _WORK
    _WORK = (cases, traced)
    jobs = default_jobs()
    if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
        chunks = [ALL_TWINS[i::jobs] for i in range(jobs)]
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            found = [p for part in pool.map(_prove_all, chunks) for p in part]
    else:
        found = _prove_all(ALL_TWINS)
    return {p.rule: p for p in found}


@pytest.mark.slow
@pytest.mark.parametrize("rule", ALL_TWINS)
def test_every_twin_is_its_own_only_deviation(rule: str, proofs: dict[str, Proof]) -> None:
    proof = proofs[rule]
    assert proof.failed, f"the twin of {rule} fails no case"
    # The twin's rule, and no other: a rule evaluated only after the deal went wrong, or one
    # whose twin happens to answer alike on some case, is not listed.
    assert [name for name, _ in proof.deviations] == [rule], proof.deviations
    # Confirmed by the twin's swap, unless the twin only makes the engine name another rule
    # for an action both refuse (the second level).
    assert proof.deviations[0][1] or proof.level_two_only


def test_the_cost_of_the_twins_proof_is_measured(
    proofs: dict[str, Proof], record_property: Callable[[str, object], None]
) -> None:
    failed = sum(p.failed for p in proofs.values())
    seconds = sum(p.seconds for p in proofs.values())
    slowest = max(proofs.values(), key=lambda p: p.seconds)
    record_property("failed_cases", failed)
    record_property("cpu_seconds", round(seconds, 1))
    print(
        f"\ntwins proof: {failed} failed cases judged and diagnosed in {seconds:.1f} s of CPU "
        f"({1000 * seconds / max(failed, 1):.1f} ms a case); slowest twin {slowest.rule}, "
        f"{slowest.seconds:.1f} s"
    )
    assert failed > 500


# --- composite engines: the twins ----------------------------------------------------------


@pytest.mark.parametrize("name", list(COMPOSITES))
def test_a_composite_of_twins_gets_exactly_its_rules(
    name: str, cases: list[Case], traced: list[frozenset[str]]
) -> None:
    rules = COMPOSITES[name]
    failed, passed = run_engine(twin_engine(rules), cases, traced, rules)
    deviations = find_deviations(failed, passed)
    assert sorted(d.rule or "(unexplained)" for d in deviations) == sorted(rules)
    assert all(d.confirmed for d in deviations)


def test_a_composite_program_through_the_runner(cases: list[Case]) -> None:
    # The same engine as a program (``composite/twins.py``), judged by ``frogspec conform``'s
    # runner: its report opens with the two rules.
    rules = COMPOSITES["leader-and-grand-rate"]
    command = [sys.executable, str(COMPOSITE_PROGRAM), *rules]
    run = run_conformance(command, rulesets=["foster-1909"])
    assert run.failed > 0
    assert sorted(d.rule or "(unexplained)" for d in run.deviations) == sorted(rules)
    lines = render_text(run).splitlines()
    blank = lines.index("")
    assert lines[0].startswith(f"{run.deviations[0].rule} — ") and blank == len(run.deviations)
    assert lines[blank + 2].startswith(f"  1. {run.deviations[0].rule}: ")


# --- composite engines: the independent ones -------------------------------------------------


@contextmanager
def program(command: Sequence[str]) -> Iterator[Ask]:
    """An ``ask`` over the pipes of a running program that speaks protocol v1."""
    process = subprocess.Popen(
        list(command),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        answer: dict[str, Any] = json.loads(stdout.readline())
        return answer

    try:
        yield ask
    finally:
        stdin.close()
        process.wait(timeout=30)


def _offered(ask: Ask, cases: list[Case]) -> list[Case]:
    hello = ask({"id": 0, "op": "hello", "spec": "1"})["result"]
    return [
        c
        for c in cases
        if c.op in hello["ops"] and (c.ruleset is None or c.ruleset in hello["rulesets"])
    ]


#: Faults of the independent engines (``engines/README.md``), two or three at a time: the
#: rules each combination must be charged with, and the readings it follows.
FAULTS: dict[tuple[str, ...], dict[str, str | None]] = {
    # Three times the Frog rate is the 1922 rate in Foster's game. (In Straight Solo, a
    # Heart Solo paid 3 a point is another rule, settlement.rates-straight-1-2, and no swap
    # reproduces every answer there: that ruleset is left out of this run, and checked on
    # its own below.)
    ("wrong-leader", "grand-x3"): {
        "play.winner-leads-next": None,
        "settlement.rates-1-2-4": "settlement.rates-1-2-3",
    },
    ("jack-1", "no-must-trump", "reading-auction-one-round"): {
        "cards.points": None,
        "play.must-trump": None,
        "auction.overbid-to-raise": "auction.one-round-frog-may-raise",
    },
    ("bidder-leads", "reading-widow-hidden", "overtrump-duty"): {
        "play.eldest-leads-first": None,
        "widow.frog-shown": "widow.frog-hidden",
        "play.no-duty-to-overtrump": None,
    },
}


def _check_faults(command: list[str], faults: tuple[str, ...], cases: list[Case]) -> None:
    switches = [part for fault in faults for part in ("--fault", fault)]
    with program([*command, *switches]) as ask:
        offered = [c for c in _offered(ask, cases) if c.ruleset != "official-1922-straight"]
        failed, passed = run_engine(ask, offered, level=1)
    deviations = find_deviations(failed, passed)
    # jsfrog plays only Foster's rulesets: a rule none of those uses cannot show.
    rulesets = {c.ruleset for c in offered}
    wanted = {
        rule: reading
        for rule, reading in FAULTS[faults].items()
        if rulesets & set(rulesets_using(rule))
    }
    shown = {d.rule: d.reading for d in deviations}
    assert set(shown) == set(wanted), [(d.rule, len(d.cases), d.detail) for d in deviations]
    for rule, reading in wanted.items():
        assert shown[rule] == reading, rule


@pytest.mark.slow
@pytest.mark.parametrize("faults", list(FAULTS), ids="+".join)
def test_pyfrog_with_several_faults_gets_exactly_their_rules(
    faults: tuple[str, ...], cases: list[Case]
) -> None:
    _check_faults([*PYFROG, "--rule-ids"], faults, cases)


@needs_node
@pytest.mark.parametrize(
    "faults", [f for f in FAULTS if "reading-widow-hidden" not in f], ids="+".join
)
def test_jsfrog_with_several_faults_gets_exactly_their_rules(
    faults: tuple[str, ...], cases: list[Case]
) -> None:
    assert NODE is not None
    _check_faults(JSFROG, faults, cases)


def test_a_mistake_no_swap_makes_is_not_charged_to_a_rule_nothing_points_to(
    cases: list[Case],
) -> None:
    # In Straight Solo, pyfrog's grand-x3 pays a Heart Solo 3 a point, a Simple Solo 1. The
    # twin of the Straight rates (2 and 3) and the reading settlement.rates-1-2-3 reproduce
    # every failing answer, and each would fail the Simple Solo cases the engine passes: no
    # swap reproduces every answer. The rate is suspected, with how many answers its swap
    # gives, and no rule whose swap reproduces nothing (each-pays-in-full) is named.
    with program([*PYFROG, "--rule-ids", "--fault", "grand-x3"]) as ask:
        offered = [c for c in _offered(ask, cases) if c.ruleset == "official-1922-straight"]
        failed, passed = run_engine(ask, offered, level=1)
    deviations = find_deviations(failed, passed)
    assert [(d.rule, d.status, d.reading) for d in deviations] == [
        ("settlement.rates-straight-1-2", "suspected", None)
    ]
    suspected = deviations[0]
    assert suspected.reproduced == len(suspected.cases) == len(failed)
    # Why it is not confirmed: the passed cases the swap would fail, the hand-written first.
    passed_ids = {c.id for c in passed}
    assert suspected.would_fail and set(suspected.would_fail) <= passed_ids
    assert not suspected.would_fail[0].startswith("gen.")
    twin = get_twin("settlement.rates-straight-1-2").function
    by_id = {c.id: c for c in passed}
    for case_id in suspected.would_fail[:3]:
        case = by_id[case_id]
        answer = reference_answer(
            case.request, lambda rs: rs.replacing("settlement.rates-straight-1-2", twin)
        )
        assert differences(case.expected, answer, case.compare)
    text = "\n".join(deviation_text_lines(deviations))
    assert (
        f"reproduces {len(failed)} of these {len(failed)} cases but would fail "
        f"{len(suspected.would_fail)} cases your engine passes" in text
    )
    assert f"e.g. {', '.join(suspected.would_fail[:3])}" in text
    assert deviation_json(suspected)["would_fail"] == list(suspected.would_fail)
    assert f"e.g. {suspected.would_fail[0]}" in "\n".join(deviation_markdown_lines(deviations))


# --- the grouping, the example, the reports ----------------------------------------------------


def _divergence(
    case: Case, rules: tuple[str, ...], explained: tuple[str, ...], rule_named: bool = False
) -> Divergence:
    return Divergence.unplaced(
        case,
        None,
        rules,
        "made up",
        explained_by=explained,
        request={"id": 1, **{k: v for k, v in case.request.items() if k != "id"}},
        expected=case.expected,
        rule_named=rule_named,
    )


def test_hand_written_failures_weigh_more(cases: list[Case]) -> None:
    hand = [c for c in cases if not c.file.startswith("generated")][:2]
    generated = [c for c in cases if c.file.startswith("generated")][: 2 * HAND_WRITTEN_WEIGHT - 1]
    # The reference's refusals name the rules (the second level): suspected, not confirmed.
    failed: Failed = [(c, None, _divergence(c, ("cards.points",), (), True)) for c in hand]
    failed += [(c, None, _divergence(c, ("play.follow-suit",), (), True)) for c in generated]
    failed.append((hand[0], None, None))  # not diagnosed: left out
    deviations = find_deviations(failed)
    assert [d.rule for d in deviations] == ["cards.points", "play.follow-suit"]
    assert deviations[0].weight == 2 * HAND_WRITTEN_WEIGHT > deviations[1].weight
    assert not deviations[0].confirmed and deviations[0].status == "suspected"
    # A rule a swap confirms comes before any the diagnosis only suspects.
    failed.append(
        (generated[0], None, _divergence(generated[0], ("play.must-trump",), ("play.must-trump",)))
    )
    assert find_deviations(failed)[0].rule == "play.must-trump"


def test_what_no_swap_reproduces_is_unexplained_and_names_no_rule(cases: list[Case]) -> None:
    # Nothing points to any rule: no swap reproduced the answers, no refusal names a rule.
    hand = [c for c in cases if not c.file.startswith("generated") and c.rules][:2]
    failed: Failed = [
        (c, None, _divergence(c, ("play.follow-suit", c.rules[0], "cards.points"), ()))
        for c in hand
    ]
    deviations = find_deviations(failed)
    assert [(d.rule, d.status, len(d.cases)) for d in deviations] == [(None, "unexplained", 2)]
    unexplained = deviations[0]
    # Where to look: the rules the cases are labelled with first, then those of the step.
    labels = {r for c in hand for r in c.rules}
    assert unexplained.look_at[0] in labels
    assert set(unexplained.look_at) >= {"play.follow-suit", "cards.points"} - labels
    assert unexplained.example["rules"] == list(unexplained.look_at)
    assert not errors(validator("report", "deviation"), deviation_json(unexplained))
    text = deviation_text_lines(deviations)
    assert text[0] == "  1. unexplained: 2 cases (2 hand-written)"
    assert text[2].startswith(f"     look at: {', '.join(unexplained.look_at)} ")
    assert deviation_markdown_lines(deviations)[2].startswith("| 1 | *unexplained* (look at `")
    # A confirmed rule elsewhere comes first; the unexplained stay, last.
    other = next(c for c in cases if c.file.startswith("generated"))
    failed.append((other, None, _divergence(other, ("play.must-trump",), ("play.must-trump",))))
    assert [d.status for d in find_deviations(failed)] == ["confirmed", "unexplained"]


def test_a_case_two_rules_explain_goes_to_the_one_that_explains_more(cases: list[Case]) -> None:
    some = cases[:3]
    failed: Failed = [
        (
            some[0],
            None,
            _divergence(some[0], ("a.b", "cards.points"), ("cards.points", "play.follow-suit")),
        ),
        (some[1], None, _divergence(some[1], ("play.follow-suit",), ("play.follow-suit",))),
        (some[2], None, _divergence(some[2], ("play.follow-suit",), ("play.follow-suit",))),
    ]
    deviations = find_deviations(failed)
    assert [(d.rule, len(d.cases)) for d in deviations] == [("play.follow-suit", 3)]


@pytest.fixture(scope="module")
def grand_deviations(cases: list[Case]) -> list[Deviation]:
    """An engine that pays Foster's Grand at the 1922 rate: one reading followed."""
    from .test_diagnosis import reading_engine

    ask = reading_engine("settlement.rates-1-2-4", "settlement.rates-1-2-3")
    failed, passed = run_engine(
        ask, [c for c in cases if c.ruleset in ("foster-1909", "hoyle-1907")]
    )
    return find_deviations(failed, passed)


def test_the_reading_an_engine_follows_is_named(grand_deviations: list[Deviation]) -> None:
    first = grand_deviations[0]
    assert first.rule == "settlement.rates-1-2-4"
    assert first.reading == "settlement.rates-1-2-3"
    assert "official-1922-solo" in first.reading_rulesets
    assert [d.rule for d in grand_deviations] == [first.rule]


def test_the_example_is_a_vector_case_that_shows_the_deviation(
    grand_deviations: list[Deviation], cases: list[Case]
) -> None:
    from .test_diagnosis import reading_engine

    ask = reading_engine("settlement.rates-1-2-4", "settlement.rates-1-2-3")
    for deviation in grand_deviations:
        example = deviation.example
        assert not errors(validator("vectors", "case"), example)
        assert example["rules"] == [deviation.rule]
        case = Case(
            id=example["id"],
            file="example",
            description=example["description"],
            rules=tuple(example["rules"]),
            request=example["request"],
            response=example["response"],
            compare=example.get("compare", {}),
            extension=example.get("extension"),
            extension_paths=tuple(example.get("extension_paths", ())),
        )
        assert judge_first(case, handle(json.loads(json.dumps(case.request)))).status == "passed"
        assert judge_first(case, ask(json.loads(json.dumps(case.request)))).status == "failed"
        # The smallest of the requests that show it.
        shown = [c for c in cases if c.id in deviation.cases]
        assert len(json.dumps(case.request)) <= min(len(json.dumps(c.request)) for c in shown)


def test_the_deviations_in_the_reports(grand_deviations: list[Deviation]) -> None:
    first = grand_deviations[0]
    data = deviation_json(first)
    assert list(data)[:6] == ["rule", "when", "instead", "reading", "cases", "example"]
    assert data["cases"] == list(first.cases) and json.loads(json.dumps(data)) == data
    text = deviation_text_lines(grand_deviations)
    assert text[0].startswith(f"  1. {first.rule}: {len(first.cases)} cases")
    assert any(
        "your engine follows settlement.rates-1-2-3, the reading of" in line for line in text
    )
    markdown = deviation_markdown_lines(grand_deviations)
    assert markdown[0].startswith("| # | rule |")
    assert markdown[2].startswith(f"| 1 | `{first.rule}` | {len(first.cases)} |")
    assert "`settlement.rates-1-2-3`" in markdown[2]
    assert "```json" in markdown
    assert deviation_text_lines([]) == [] and deviation_markdown_lines([]) == []


def test_a_confirmed_deviation_says_when_and_instead_from_its_cases(cases: list[Case]) -> None:
    # An engine that lets a Chico be played in hearts: a rival reading confirms the rule,
    # and no replay or probe speaks for it. Its when and instead are its cases' own.
    from .test_diagnosis import reading_engine

    ask = reading_engine("trump.chico-not-hearts", "trump.chico-any-suit")
    failed, passed = run_engine(ask, [c for c in cases if c.ruleset == "modern"])
    (deviation,) = find_deviations(failed, passed)
    assert deviation.rule == "trump.chico-not-hearts" and deviation.status == "confirmed"
    assert deviation.when.startswith("in modern, in the trump phase")
    # Hearts added to the suits the rules let him name: every suit, whatever he holds.
    assert deviation.instead == "the bidder may name any suit"


def test_a_deviation_its_twin_confirms_says_what_the_twin_does(cases: list[Case]) -> None:
    # An engine whose first trump played to a plain suit keeps the trick: the rule's twin
    # confirms it; the trick-winner cases show only which card won, so the twin's mistake
    # says what the engine does, not an example's numbers.
    ask = twin_engine(["play.trick-winner"])
    failed, passed = run_engine(ask, [c for c in cases if c.ruleset == "modern"])
    (deviation,) = find_deviations(failed, passed)
    assert deviation.rule == "play.trick-winner" and deviation.status == "confirmed"
    assert deviation.by_twin
    assert deviation.instead == (
        "the first trump played to a trick wins it: a later, higher trump does not over-trump"
    )


def test_a_case_whose_divergence_no_rule_decides_is_filed_unexplained(
    cases: list[Case],
) -> None:
    # Straight Solo has no Frog and 121 points are more than the pack holds: an engine
    # whose deal holds more points refuses the Frog instead. No rule decides which error
    # comes first, and the case is still filed, unexplained, with what differs.
    (case,) = [c for c in cases if c.id == "invalid.settle-points-before-contract"]
    actual = {"error": {"kind": "illegal", "rule": "auction.contracts-without-frog"}}
    divergence = diagnose(case, actual, None)
    assert divergence is not None and not divergence.rules
    (deviation,) = find_deviations([(case, actual, divergence)], [])
    assert deviation.cases == (case.id,)
    assert deviation.rule is None and deviation.status == "unexplained"
    assert "illegal" in deviation.detail and "invalid" in deviation.detail


def _settle_case(case_id: str, points: int, ruleset: str = "foster-1909") -> Case:
    request: dict[str, Any] = {
        "id": 1,
        "op": "settle",
        "ruleset": ruleset,
        "options": {},
        "players": 3,
        "dealer": 0,
        "bidder": 1,
        "contract": "frog",
        "bidder_points": points,
    }
    return Case(
        id=case_id,
        file="settle",
        description="a settlement",
        rules=("scoring.count-card-points",),
        request=request,
        response={"id": 1, "error": {"kind": "invalid"}},
    )


def test_a_settlement_beyond_the_pack_names_the_count_where_no_deal_shows_it() -> None:
    # No game comes to its end (an earlier departure stops each), but the engine pays
    # out for 121 bidder's points, which the cards cannot hold: it counts beyond them.
    beyond = _settle_case("settle-121", 121)
    refused = _settle_case("settle-121-refused", 121, "modern")
    failed = [
        (beyond, {"result": [-61, 122, -61]}, None),
        (refused, {"error": {"kind": "invalid", "message": "too many"}}, None),
    ]
    (deviation,) = find_deviations(failed)
    assert deviation.rule == "scoring.count-card-points"
    assert deviation.cases == ("settle-121",)
    assert "when the bidder takes 121 points" in deviation.when
    assert deviation.instead.startswith("counts points beyond the 120 the cards hold")


def test_a_settlement_the_engine_refuses_too_names_no_count() -> None:
    refused = _settle_case("settle-121", 121)
    assert find_deviations([(refused, {"error": {"kind": "invalid"}}, None)]) == []


def _bank_of(amount: int, beyond: int = 0) -> Ask:
    """The reference, but every player of a match starts with ``amount`` counters where its
    ruleset keeps a bank (the balances before any payment are the ruleset's bank), and
    ``beyond`` more in gamerules."""
    from frogspec.rulesets import get_ruleset

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        answer = handle(request)
        result = answer.get("result")
        if request.get("op") != "match" or not isinstance(result, dict):
            return answer
        bank = get_ruleset(str(request["ruleset"])).rules.bank()
        if bank and isinstance(result.get("balances"), list):
            more = beyond if request["ruleset"] == "gamerules" else 0
            result["balances"] = [b - bank + amount + more for b in result["balances"]]
        return answer

    return ask


def test_a_bank_of_another_size_in_every_ruleset_that_keeps_one_is_said_as_its_rule(
    cases: list[Case],
) -> None:
    # Every player starts with 100 where gamerules keeps 150 and the 1922 rulesets 120:
    # raised by other amounts, one amount all the same, said as the rule of the bank.
    matches = [c for c in cases if c.op == "match"]
    failed, passed = run_engine(_bank_of(100), matches, level=1)
    kept = sorted({c.ruleset for c, _, _ in failed if c.ruleset})
    assert "gamerules" in kept and len(kept) > 1
    (bank,) = find_deviations(failed, passed)
    banks = {"match.bank-150-points", "match.bank-120-chips", "match.coeur-dalene-bank-in-cents"}
    assert bank.rule in banks and bank.status == "localised"
    assert bank.when == "in " + ", ".join(kept)
    others = ", ".join(r for r in kept if r != "gamerules")
    assert bank.instead == (
        f"each player starts with 100 counters instead of 150 (gamerules) and 120 ({others})"
    )


def test_an_unexplained_deviation_still_says_where_and_what_from_its_first_difference(
    cases: list[Case],
) -> None:
    # Banks of two amounts, 100 and 130: no one bank, nothing names the rule.
    matches = [c for c in cases if c.op == "match"]
    failed, passed = run_engine(_bank_of(100, beyond=30), matches, level=1)
    deviations = find_deviations(failed, passed)
    unexplained = [d for d in deviations if d.status == "unexplained"]
    assert unexplained
    for d in unexplained:
        assert d.when.startswith("in gamerules, official-1922-")
        assert d.instead.startswith("balances is [")
        assert " instead of [" in d.instead


def test_a_swap_that_moves_a_part_of_a_failing_deal_the_engine_kept_is_not_its_departure() -> None:
    # Another departure (the packets) fails every deal, so no passed deal is left to refute
    # a swap of who is eldest; the deals the engine fails still do: it names the eldest the
    # reference does, and the swap names another.
    from frogspec.conform.deviations import _moves_nothing_kept
    from frogspec.vectors.model import iter_cases, load_vectors

    case = next(c for c in iter_cases(load_vectors()) if c.id == "deal.foster-1909.p3.dealer-0")
    written = reference_answer(case.request)
    result = written["result"]
    assert isinstance(result, dict) and isinstance(result["hands"], list)
    # The engine's packets: the same seats, another split of the cards (two hands swap
    # a card).
    first, second = (list(hand) for hand in result["hands"][:2])
    first[0], second[0] = second[0], first[0]
    engine = {"id": 1, "result": {**result, "hands": [first, second, result["hands"][2]]}}
    failed = [(case, engine, None)]
    assert not _moves_nothing_kept("seats.eldest-hand", None, failed, None)
    # An engine whose eldest is the swap's: the swap moves nothing it kept.
    moved = reference_answer(
        case.request,
        lambda rs: rs.replacing("seats.eldest-hand", get_twin("seats.eldest-hand").function),
    )
    assert _moves_nothing_kept("seats.eldest-hand", None, [(case, moved, None)], None)
    # An engine that refused the deal departs on all of it: nothing inside is kept.
    refused = {"id": 1, "error": {"kind": "invalid", "message": "no"}}
    assert _moves_nothing_kept("seats.eldest-hand", None, [(case, refused, None)], None)
    # A rule the deal does not evaluate, and a game, are not looked at.
    assert _moves_nothing_kept("play.must-trump", None, failed, None)
