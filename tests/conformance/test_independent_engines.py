"""The kit against engines nobody derived from the reference, the way its users meet it.

``engines/python/frog_engine.py`` (pyfrog, every ruleset and op) and ``engines/js/frog.mjs``
(jsfrog, Foster's rules, the core ops, Node) were written from the protocol page and the
rule statements alone. Without a fault each must pass every case it offers, and offer a
good part of the suite; with each ``--fault`` (``engines/README.md``) the run must fail,
and a hand-written case that fails must name the rule the fault breaks.

A case is judged here on the first level of the protocol's judgement: the result, or for an error its
``kind`` and ``at``. An ``illegal`` answer at the right index that names another rule (or
none) is not counted as a failure of the rules, whether or not the runner at hand still
compares rule ids; pyfrog's ``--rule-ids`` makes it name ours, and that is checked too.
``frogspec fuzz`` then compares both with the reference on random requests, and the
pytest plugin runs the vectors against pyfrog.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from frogspec.conform import CaseOutcome, Run, run_conformance
from frogspec.fuzz import fuzz
from frogspec.rulesets import RULESETS
from frogspec.vectors.model import iter_cases, load_vectors

Json = Any

ENGINES = Path(__file__).resolve().parent / "engines"
PYFROG = [sys.executable, str(ENGINES / "python" / "frog_engine.py")]
JSFROG = ["node", str(ENGINES / "js" / "frog.mjs")]
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None, reason="node is not installed (.ci/run installs Debian's nodejs)"
)

pytest_plugins = ["pytester"]

#: The vector files written from the sources by hand; the rest come from the generator.
GENERATED = ("generated-games", "generated-matches", "perft")


def _run(
    command: list[str],
    faults: tuple[str, ...] = (),
    rulesets: tuple[str, ...] = (),
    cases: tuple[str, ...] = (),
) -> Run:
    switches = [part for fault in faults for part in ("--fault", fault)]
    return run_conformance(
        [*command, *switches], rulesets=rulesets, cases=cases, timeout=20.0, deadline=None
    )


def _names_another_rule_only(expected_response: Json, actual_response: Json) -> bool:
    """An ``illegal`` answer that agrees with the expected one in all but the rule it names."""
    expected = expected_response.get("error") if isinstance(expected_response, dict) else None
    actual = actual_response.get("error") if isinstance(actual_response, dict) else None
    if not (isinstance(expected, dict) and isinstance(actual, dict)):
        return False
    if expected.get("kind") != "illegal" or actual.get("kind") != "illegal":
        return False
    return all(actual.get(key) == value for key, value in expected.items() if key != "rule")


def _failures(run: Run) -> list[CaseOutcome]:
    """The cases that fail on the rules themselves (the first level)."""
    return [
        o
        for o in run.outcomes
        if o.counted_failed and not _names_another_rule_only(o.case.expected, o.actual)
    ]


def _handwritten(outcomes: list[CaseOutcome]) -> list[CaseOutcome]:
    return [o for o in outcomes if o.case.file not in GENERATED]


def _describe(outcomes: list[CaseOutcome]) -> str:
    return "\n".join(f"{o.case.id}: {o.reason} {o.message}" for o in outcomes[:10])


# --- without a fault -----------------------------------------------------------------------


def test_pyfrog_passes_every_case_naming_our_rule_ids() -> None:
    run = _run([*PYFROG, "--rule-ids"])
    failed = [o for o in run.outcomes if o.counted_failed]
    assert failed == [], _describe(failed)
    assert run.skipped == 0 and run.passed >= 625
    assert run.hello is not None and len(run.hello["rulesets"]) == 7
    assert run.hello.get("rule_ids") == "frogspec"


def test_pyfrog_without_our_ids_is_right_on_every_rule() -> None:
    """By default pyfrog answers ``"rule": null``: no case fails on anything else."""
    run = _run(PYFROG, rulesets=("foster-1909", "official-1922-solo"))
    assert _failures(run) == [], _describe(_failures(run))
    illegal = [o for o in run.outcomes if o.case.file == "illegal"]
    assert len(illegal) >= 15
    for outcome in illegal:
        assert isinstance(outcome.actual, dict)
        assert outcome.actual["error"]["rule"] is None
        assert outcome.actual["error"]["message"].startswith("[")  # its own code
    assert run.passed + len(illegal) >= 200


@needs_node
def test_jsfrog_passes_every_case_it_offers() -> None:
    run = _run(JSFROG, rulesets=("foster-1909",))
    assert _failures(run) == [], _describe(_failures(run))
    # It offers the core ops of Foster's game: a good part of that ruleset's cases.
    assert run.hello is not None and run.hello["rulesets"] == ["foster-1909", "hoyle-1907"]
    offered = [o for o in run.outcomes if o.status != "skipped"]
    assert len(offered) >= 140
    skipped_ops = {o.case.op for o in run.outcomes if o.status == "skipped"}
    assert skipped_ops <= {"match", "perft", "first_dealer"}
    # Its illegal errors carry its own codes, never ours.
    codes = {
        o.actual["error"]["rule"]
        for o in run.outcomes
        if isinstance(o.actual, dict) and o.actual.get("error", {}).get("kind") == "illegal"
    }
    assert "E_MUST_FOLLOW" in codes and len(codes) >= 8
    assert all(code.startswith("E_") for code in codes)


# --- with faults ---------------------------------------------------------------------------

#: fault -> the rule it breaks (as in engines/README.md).
BREAKS = {
    "wrong-leader": "play.winner-leads-next",
    "bidder-leads": "play.eldest-leads-first",
    "grand-x3": "settlement.rates-1-2-4",
    "no-must-trump": "play.must-trump",
    "jack-1": "cards.points",
    "overtrump-duty": "play.no-duty-to-overtrump",
    "reading-auction-one-round": "auction.overbid-to-raise",
    "reading-widow-hidden": "widow.frog-shown",
    "reading-chico-any-suit": "trump.chico-not-hearts",
}
JS_FAULTS = (
    "wrong-leader",
    "bidder-leads",
    "grand-x3",
    "no-must-trump",
    "jack-1",
    "overtrump-duty",
    "reading-auction-one-round",
)


def _assert_caught(run: Run, fault: str, handwritten: bool) -> None:
    failed = _failures(run)
    assert failed, f"--fault {fault}: every case passed"
    naming = [o for o in failed if BREAKS[fault] in o.case.rules]
    assert naming, f"--fault {fault}: no failing case names {BREAKS[fault]}\n" + _describe(failed)
    if handwritten:
        assert _handwritten(naming), f"--fault {fault}: only generated cases name the rule"


def test_the_readme_lists_every_fault_with_its_rule() -> None:
    text = (ENGINES / "README.md").read_text(encoding="utf-8")
    for fault, rule in BREAKS.items():
        rows = [line for line in text.splitlines() if line.startswith(f"| `{fault}` |")]
        assert len(rows) == 1 and f"`{rule}`" in rows[0], fault


@pytest.mark.parametrize("fault", sorted(BREAKS))
def test_pyfrog_fault_is_caught_and_named(fault: str) -> None:
    run = _run([*PYFROG, "--rule-ids"], (fault,), ("foster-1909",))
    _assert_caught(run, fault, handwritten=True)


@pytest.mark.parametrize("fault", JS_FAULTS)
@needs_node
def test_jsfrog_fault_is_caught_and_named(fault: str) -> None:
    _assert_caught(_run(JSFROG, (fault,), ("foster-1909",)), fault, handwritten=True)


@pytest.mark.slow
def test_pyfrog_overtrump_duty_caught_in_every_ruleset() -> None:
    """A duty to over-trump was once caught only by a few generated deals; each
    ruleset now has a hand-written case with a higher trump to play over the one led to."""
    fault = "overtrump-duty"
    for ruleset in RULESETS:
        _assert_caught(_run([*PYFROG, "--rule-ids"], (fault,), (ruleset,)), fault, True)


@pytest.mark.slow
@needs_node
def test_jsfrog_composite_faults_each_show() -> None:
    faults = ("wrong-leader", "jack-1", "grand-x3")
    failed = _handwritten(_failures(_run(JSFROG, faults, ("foster-1909",))))
    for fault in faults:
        assert any(BREAKS[fault] in o.case.rules for o in failed), fault


@pytest.mark.parametrize(
    "faults",
    [
        ("wrong-leader", "jack-1", "grand-x3"),
        ("bidder-leads", "no-must-trump"),
        ("reading-auction-one-round", "reading-widow-hidden", "jack-1"),
    ],
)
@pytest.mark.slow
def test_pyfrog_composite_faults_each_show(faults: tuple[str, ...]) -> None:
    """Faults combine: each still fails a hand-written case that names its rule."""
    failed = _handwritten(_failures(_run([*PYFROG, "--rule-ids"], faults, ("foster-1909",))))
    for fault in faults:
        assert any(BREAKS[fault] in o.case.rules for o in failed), fault


# --- differential fuzzing ------------------------------------------------------------------


def test_fuzzing_pyfrog_finds_no_disagreement() -> None:
    """Random deals, lines of play and settlements beyond the vectors: pyfrog agrees."""
    result = fuzz([*PYFROG, "--rule-ids"], examples=60, seed=20261201)
    assert result.disagreement is None, result.disagreement
    assert result.skipped == 0 and result.calls >= 60


@needs_node
def test_fuzzing_jsfrog_judges_on_the_rules() -> None:
    result = fuzz(JSFROG, examples=60, seed=61747900, rulesets=("foster-1909",))
    found = result.disagreement
    if found is not None and _names_another_rule_only(found.expected, found.actual):
        # Until fuzz judges on the first level, it stops at the first illegal
        # request jsfrog answers with its own code; anything else is a real failure.
        pytest.xfail(f"fuzz compares rule ids: {found}")
    assert found is None, found


# --- the pytest plugin ---------------------------------------------------------------------


def test_the_pytest_plugin_fails_pyfrog_on_rule_names_at_most(pytester: pytest.Pytester) -> None:
    """pyfrog without our ids, one pytest test per case: only the cases that expect an
    ``illegal`` answer may fail, on the rule's name (the runner's tests above show that
    kind and index agree)."""
    result = pytester.runpytest(
        *("-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:benchmark"),
        *("--frogspec-impl", shlex.join(PYFROG), "-k", "foster-1909 or cards", "-rf"),
    )
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) >= 100
    expect_illegal = {
        case.id
        for case in iter_cases(load_vectors())
        if case.expected.get("error", {}).get("kind") == "illegal"
    }
    failed = [line for line in result.outlines if line.startswith("FAILED ")]
    assert len(failed) == outcomes.get("failed", 0)
    for line in failed:
        case_id = line.split("::")[1].split(" ")[0]
        assert case_id in expect_illegal, line
