"""Two levels of conformance: a case is judged on what the rules fix (level 1); whether an
``illegal`` error names frogspec's rule id is level 2, reported apart, never failing a
case. The runner, the pytest plugin and the fuzzer judge alike."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from frogspec.cli import main
from frogspec.conform import (
    Run,
    compare_answer,
    render_text,
    report_json,
    report_markdown,
    run_conformance,
)
from frogspec.fuzz import fuzz

from .helpers import FAKES, errors, validator

pytest_plugins = ["pytester"]

ENGINE = Path(__file__).resolve().parent / "engines" / "python" / "frog_engine.py"
#: The independent Python engine (tests/conformance/engines), naming no rule ids.
PYFROG = [sys.executable, str(ENGINE)]
#: The cases that expect an illegal error, and a few that do not.
ILLEGAL = [
    "illegal.*",
    "match.*.deal-after-end",
    "settle.official-1922-straight.frog",
    "cards.points.a*",
]


def variant(mode: str) -> list[str]:
    """The command of an engine of ``fakes/variants.py``."""
    return [sys.executable, str(FAKES / "variants.py"), mode]


def _run(command: list[str]) -> Run:
    return run_conformance(command, cases=ILLEGAL)


def test_the_comparison_leaves_the_rule_to_level_two() -> None:
    expected = {"error": {"kind": "illegal", "rule": "play.must-follow", "at": 3}}
    for rule in (None, "E42", "play.must-follow"):
        judged = compare_answer(expected, {"error": {"kind": "illegal", "rule": rule, "at": 3}}, {})
        assert judged.differences == []
        assert judged.names_rule is (rule == "play.must-follow")
    wrong_at = compare_answer(expected, {"error": {"kind": "illegal", "rule": None, "at": 2}}, {})
    assert wrong_at.differences == ["$.error.at: expected 3, got 2"]
    assert wrong_at.names_rule is None
    wrong_kind = compare_answer(expected, {"error": {"kind": "invalid", "at": 3}}, {})
    assert wrong_kind.differences == ['$.error.kind: expected "illegal", got "invalid"']
    # No illegal error expected: level 2 does not apply, and a result compares in full.
    assert compare_answer({"result": 4}, {"result": 4}, {}).names_rule is None
    assert compare_answer({"result": 4}, {"result": 5}, {}).differences != []


def test_an_independent_engine_naming_no_rule_ids_passes_level_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = _run(PYFROG)
    assert run.hello is not None and "rule_ids" not in run.hello
    assert run.failed == 0 and run.skipped == 0 and run.passed == len(run.outcomes)
    named, judged = run.level2()
    assert named == 0 and judged >= 30
    assert run.exit_status() == 0
    text = render_text(run)
    assert f"Level 2 (names the rule): 0/{judged} illegal cases name frogspec's rule" in text
    report = report_json(run)
    assert errors(validator("report"), report) == []
    level2 = report["level2"]
    assert (level2["declared"], level2["named"], level2["judged"]) == (False, 0, judged)
    assert len(level2["misnamed"]) == judged  # named null: information, as not declared
    assert report["summary"]["exit_status"] == 0
    assert (
        main(["conform", "--quiet", *(a for c in ILLEGAL for a in ("--case", c)), "--", *PYFROG])
        == 0
    )
    assert (
        capsys.readouterr().out.splitlines()[-1]
        == f"{len(run.outcomes)} passed, 0 failed, 0 skipped"
    )


@pytest.mark.parametrize("mode", ["rule-null", "rule-own"])
def test_any_rule_or_none_passes_level_one(mode: str) -> None:
    run = _run(variant(mode))
    assert run.failed == 0 and run.exit_status() == 0
    assert run.level2()[0] == 0 and len(run.misnamed()) == run.level2()[1] > 0
    # Not declared: the misnamed cases are information, not a level-2 failure.
    assert "MISNAMED" not in render_text(run)


@pytest.mark.parametrize(
    ("mode", "difference"), [("at-off", "$.error.at"), ("kind-invalid", "$.error.kind")]
)
def test_a_wrong_kind_or_index_still_fails(mode: str, difference: str) -> None:
    run = _run(variant(mode))
    illegal = [o for o in run.outcomes if o.case.file == "illegal"]
    assert illegal and all(o.status == "failed" for o in illegal)
    assert all(o.differences[0].startswith(difference) for o in illegal)
    assert all(o.names_rule is None for o in illegal)
    assert run.exit_status() == 1


@pytest.mark.parametrize(
    ("mode", "difference"), [("at-off", "$.error.at"), ("deal-off", "$.error.deal")]
)
def test_a_match_error_at_the_wrong_place_fails(mode: str, difference: str) -> None:
    # An engine that names no rule ids is judged on where a match went wrong.
    run = run_conformance(variant(mode), cases=["match.*"])
    assert run.hello is not None and "rule_ids" not in run.hello
    illegal = [o for o in run.outcomes if "error" in o.case.expected]
    illegal = [o for o in illegal if o.case.expected["error"]["kind"] == "illegal"]
    assert len(illegal) >= 4 and run.failed == len(illegal)
    assert all(o.status == "failed" for o in illegal)
    assert all(o.differences[0].startswith(difference) for o in illegal)


def test_a_match_error_without_its_deal_is_judged_on_the_rest() -> None:
    # ``deal`` is an extension field: an engine that leaves it out is judged on kind and at.
    run = run_conformance(variant("deal-absent"), cases=["match.*"])
    assert run.failed == 0 and run.skipped == 0
    assert any(o.case.extension == "error.deal" for o in run.outcomes)


def test_a_declared_engine_naming_another_rule_fails_level_two() -> None:
    run = _run(variant("declared-wrong"))
    assert run.declares_rule_ids
    assert run.failed == 0, "level 2 never fails a case"
    misnamed = run.misnamed()
    assert misnamed and run.exit_status() == 1
    text = render_text(run, quiet=True)
    first = misnamed[0]
    expected_rule = first.case.expected["error"]["rule"]
    assert text.startswith("Level 2 (names the rule): ")
    assert (
        f'  MISNAMED {first.case.id}: answered "cards.points", frogspec names "{expected_rule}"'
    ) in text
    assert text.splitlines()[-1] == f"{run.passed} passed, 0 failed, 0 skipped"
    assert "## Rule ids (level 2)" in report_markdown(run)
    report = report_json(run)
    assert errors(validator("report"), report) == []
    assert report["level2"]["declared"] is True
    assert report["level2"]["misnamed"] == [o.case.id for o in misnamed]
    (item,) = [c for c in report["cases"] if c["id"] == first.case.id]
    assert item["status"] == "passed" and item["names_rule"] is False
    assert (item["rule_given"], item["rule_expected"]) == ("cards.points", expected_rule)


def test_the_reference_declares_and_names_every_rule(reference_run: Run) -> None:
    named, judged = reference_run.level2()
    assert reference_run.declares_rule_ids and named == judged > 30
    assert reference_run.exit_status() == 0


def _pytest(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest(
        "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:benchmark", *args
    )


def test_the_plugin_judges_alike(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        variants=(FAKES / "variants.py").read_text(),
        engines="from variants import vary\n\n"
        "def rule_null(request):\n    return vary('rule-null', request)\n\n"
        "def declared_wrong(request):\n    return vary('declared-wrong', request)\n\n"
        "def at_off(request):\n    return vary('at-off', request)\n",
    )
    chosen = ["-k", "illegal.json"]
    silent = _pytest(pytester, "--frogspec-impl-object", "engines:rule_null", *chosen)
    assert silent.ret == 0
    passed = silent.parseoutcomes()["passed"]
    assert passed > 30
    silent.stdout.fnmatch_lines([f"Level 2 (names the rule): 0/{passed} illegal cases name*"])

    declared = _pytest(pytester, "--frogspec-impl-object", "engines:declared_wrong", *chosen)
    assert declared.parseoutcomes()["passed"] == passed and declared.ret == 1
    declared.stdout.fnmatch_lines(['*MISNAMED illegal.*answered "cards.points"*'])

    wrong = _pytest(pytester, "--frogspec-impl-object", "engines:at_off", *chosen)
    assert wrong.parseoutcomes()["failed"] == passed
    wrong.stdout.fnmatch_lines(["*$.error.at: expected *"])


def test_the_fuzzer_judges_alike() -> None:
    # Game requests, now and then with an action that is not legal: pyfrog answers those
    # with "rule": null, which is no disagreement.
    drawn = {"examples": 60, "seed": 3, "ops": ["game"], "rulesets": ["foster-1909"]}
    silent = fuzz(PYFROG, **drawn)  # type: ignore[arg-type]
    assert silent.disagreement is None, silent.disagreement
    # The same draws hold illegal requests: an engine that declares frogspec's ids and
    # names another rule disagrees on them.
    declared = fuzz(variant("declared-wrong"), **drawn)  # type: ignore[arg-type]
    assert declared.disagreement is not None
    assert declared.disagreement.differences[0].startswith("$.error.rule: rule 'cards.points'")
    assert declared.disagreement.differences[0].endswith("(level 2)")


def test_the_plugin_shows_the_first_divergence(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        broken="from frogspec.harness import handle as reference\n"
        "from frogspec.twins import twin_ruleset\n\n"
        "def handle(request):\n"
        "    return reference(request, lambda rs: twin_ruleset(rs, 'play.winner-leads-next'))\n",
    )
    result = _pytest(
        pytester,
        "--frogspec-impl-object",
        "broken:handle",
        "-k",
        "illegal.foster-1909.card-played-twice",
    )
    assert result.parseoutcomes()["failed"] == 1
    result.stdout.fnmatch_lines(
        [
            "FAIL illegal.foster-1909.card-played-twice (illegal.json): mismatch",
            "  first divergence: after actions[*",
            "  position: foster-1909 *",
            "  rule: play.winner-leads-next*",
        ]
    )


def test_an_engine_that_dies_during_the_diagnosis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two game cases answered amiss; the engine dies at the first replay of the first
    # one's diagnosis, which stops there; the second one's diagnosis restarts it.
    monkeypatch.setenv("VARIANTS_STATE", str(tmp_path / "state"))
    games = ["score.foster-1909.frog-discards-count", "score.foster-1909.grand-widow-counts"]
    run = run_conformance(variant("flaky-game"), cases=[*games, "cards.points.a*"])
    failed = [o for o in run.outcomes if o.status == "failed"]
    assert [(o.case.id, o.reason) for o in failed] == [(g, "mismatch") for g in games]
    assert (run.starts, run.restarts, run.gave_up) == (2, 1, False)
    assert failed[0].divergence is None
    assert run.passed == len(run.outcomes) - 2
    assert int((tmp_path / "state").read_text()) > 3, "the second diagnosis replayed prefixes"
    # Without restarts to spare, the diagnosis stops; every case was still run.
    (tmp_path / "state").unlink()
    run = run_conformance(variant("flaky-game"), cases=[*games, "cards.points.a*"], max_restarts=0)
    assert (run.starts, run.restarts, run.gave_up, run.failed) == (1, 0, False, 2)
    assert "gave up" not in render_text(run)
