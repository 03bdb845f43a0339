"""The kit against java-frog, an engine in Java written apart from frogspec, with five house rules.

``engines/java/HOUSE_RULES.md`` names, for each ``--house`` flag, the rule of the rulebook
its author says it departs from. Each house rule alone must come out as its own deviation
naming that rule, with a ``when`` its cases do not contradict and an ``instead`` that says
what the engine does, and every failing case filed under it. Three of them change which
seat does what (the order of play, who deals after a deal everyone passed, who may bid
what), which shows in many fields of many ops: one departure each all the same. The engine
is built with javac into a temporary directory (skipped, saying so, where javac or java is
missing).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from frogspec.conform import run_conformance
from frogspec.conform.runner import Run

from .test_c_engine import _contradicting

SOURCES = Path(__file__).resolve().parent / "engines" / "java"

#: Each flag and the rule its author names for it (``HOUSE_RULES.md``).
HOUSE_RULES = {
    "eldest-holds": "auction.contract-order",
    "deal-right": "seats.eldest-hand",
    "redeal-same-dealer": "auction.all-pass",
    "must-overtrump": "play.no-duty-to-overtrump",
    "discards-to-defenders": "scoring.widow-counts-for-bidder",
}

#: The rulesets each is tried in: those where it shows (the equal bid only where eldest
#: speaks twice), and few enough to keep a run short.
RULESETS = ("foster-1909", "modern")


@pytest.fixture(scope="module")
def java_frog(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("javac or java is not installed: the Java engine cannot be built")
    classes = tmp_path_factory.mktemp("java-frog")
    built = subprocess.run(
        ["javac", "-d", str(classes), *map(str, sorted(SOURCES.glob("*.java")))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    return ["java", "-cp", str(classes), "FrogEngine"]


def _run(engine: list[str], *flags: str) -> Run:
    switches = [part for flag in flags for part in ("--house", flag)]
    return run_conformance([*engine, *switches], rulesets=RULESETS, deadline=None)


def test_the_author_names_a_rule_the_registry_holds() -> None:
    from frogspec.registry import get_rule

    for flag, rule in HOUSE_RULES.items():
        assert get_rule(rule).id == rule, flag
        assert f"`--house {flag}`" in (SOURCES / "HOUSE_RULES.md").read_text()


@pytest.mark.slow
def test_without_house_rules_it_passes_every_case(java_frog: list[str]) -> None:
    run = _run(java_frog)
    assert run.failed == 0 and run.deviations == []


@pytest.mark.slow
@pytest.mark.parametrize("flag", sorted(HOUSE_RULES))
def test_each_house_rule_is_one_deviation_naming_its_authors_rule(
    java_frog: list[str], flag: str
) -> None:
    run = _run(java_frog, flag)
    assert run.failed and not run.diagnosis_failures
    described = [(d.rule, d.status, d.when, d.instead, len(d.cases)) for d in run.deviations]
    (deviation,) = run.deviations  # one departure, one deviation (none of 0 cases)
    assert deviation.rule == HOUSE_RULES[flag], described
    assert deviation.status != "unexplained"
    assert deviation.when and deviation.instead, described
    assert len(deviation.cases) == run.failed, described
    assert _contradicting(run) == []


@pytest.mark.slow
def test_the_order_of_play_reversed_is_said_as_such(java_frog: list[str]) -> None:
    # Who sits out, who is dealt to first, who is eldest: all follow from play going to
    # the right, and the report says that, not each field apart.
    (deviation,) = _run(java_frog, "deal-right").deviations
    assert deviation.instead == "play goes to the right: eldest is the seat on the dealer's right"


@pytest.mark.slow
def test_the_same_dealer_after_a_passed_out_deal_is_said_as_such(java_frog: list[str]) -> None:
    (deviation,) = _run(java_frog, "redeal-same-dealer").deviations
    assert deviation.when.endswith("after a deal in which every player passed")
    assert deviation.instead == "the same player deals again"


@pytest.mark.slow
def test_all_five_house_rules_at_once_are_each_named(java_frog: list[str]) -> None:
    # Play going to the right parts every game at its first step; the other four show
    # only once the cases are judged again against a reference whose play goes right.
    run = _run(java_frog, *HOUSE_RULES)
    assert run.failed and not run.diagnosis_failures
    charged = {d.rule for d in run.deviations}
    assert charged == set(HOUSE_RULES.values()), [(d.rule, len(d.cases)) for d in run.deviations]
    assert all(d.cases and d.status != "unexplained" for d in run.deviations)
    filed = {case_id for d in run.deviations for case_id in d.cases}
    failed = {o.case.id for o in run.outcomes if o.counted_failed}
    assert filed == failed
    # A case the order of play and another departure both touch counts for both.
    (seats,) = [d for d in run.deviations if d.rule == HOUSE_RULES["deal-right"]]
    others = {c for d in run.deviations if d is not seats for c in d.cases}
    assert others & set(seats.cases)
    assert _contradicting(run) == []


@pytest.mark.slow
def test_two_house_rules_at_once_file_each_case_under_the_one_that_fails_it_alone(
    java_frog: list[str],
) -> None:
    # The cases the engine fails with the over-trump duty alone are all filed under it
    # when play also goes to the right.
    alone = _run(java_frog, "must-overtrump")
    both = _run(java_frog, "must-overtrump", "deal-right")
    (duty,) = [d for d in both.deviations if d.rule == HOUSE_RULES["must-overtrump"]]
    assert set(alone.deviations[0].cases) <= set(duty.cases)
    assert {d.rule for d in both.deviations} == {
        HOUSE_RULES["must-overtrump"],
        HOUSE_RULES["deal-right"],
    }
