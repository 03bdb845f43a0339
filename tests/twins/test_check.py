"""The check: every twin is caught by a case naming its rule, and the published table is
current. Also: the twin through the real harness process, the docs page, the command."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from frogspec.conform import run_conformance
from frogspec.registry import all_rules
from frogspec.rulesets import RULESETS, rules_of
from frogspec.twins import TWINS, get_twin
from frogspec.twins.__main__ import main as twins_main
from frogspec.twins.check import (
    CANNOT_SHOW,
    GENERATED,
    HAND_WRITTEN,
    MOOT,
    NOT_CAUGHT,
    UNUSED,
    CheckReport,
    case_ruleset,
    check_twin,
    default_jobs,
    default_results_path,
    judge_twin_answer,
    load_cases,
    load_results,
    markdown_matrix,
    markdown_table,
    results_json,
    results_text,
    ruleset_statuses,
    run_check,
    trace_cases,
)
from frogspec.vectors.model import load_vectors

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def report() -> CheckReport:
    """The whole check, as ``python -m frogspec.twins check`` runs it."""
    return run_check(jobs=default_jobs())


@pytest.mark.slow
def test_every_twin_is_caught_by_a_case_naming_its_rule(report: CheckReport) -> None:
    assert len(report.results) == len(list(all_rules()))
    missed = [f"{r.rule_id} ({r.status}): {r.mistake}" for r in report.not_caught]
    assert missed == [], (
        "twins no case naming their rule catches; add the missing vectors:\n" + "\n".join(missed)
    )


def test_the_published_results_are_current(report: CheckReport) -> None:
    path = default_results_path()
    assert path.exists(), "run: python -m frogspec.twins check --write"
    assert path.read_text(encoding="utf-8") == results_text(results_json(report)), (
        f"{path.relative_to(ROOT)} is stale: run python -m frogspec.twins check --write"
    )


def test_the_results_say_what_each_twin_did(report: CheckReport) -> None:
    data = results_json(report)
    assert data["summary"]["twins"] == len(data["twins"])
    cases = {c.id: c for c in load_cases()}
    assert data["vectors"]["cases"] == len(cases)
    for row in data["twins"]:
        assert row["mistake"] == get_twin(row["rule"]).mistake
        assert row["caught_by"] <= row["failed"]
        assert len(row["first_cases"]) == min(3, row["caught_by"])
        for case_id in row["first_cases"]:
            assert row["rule"] in cases[case_id].rules


SAMPLE = [
    "cards.points",
    "auction.pass-is-final",
    "settlement.sitting-out-receive-only",
    "play.trick-winner",
]


def test_pruning_finds_what_running_every_case_finds() -> None:
    cases = load_cases()
    traces = trace_cases(cases)
    for rule_id in SAMPLE:
        pruned = check_twin(get_twin(rule_id), cases, traces)
        full = check_twin(get_twin(rule_id), cases, None)
        assert pruned.ran < full.ran == len(cases)
        assert (pruned.failed, pruned.caught_by, pruned.first_cases) == (
            full.failed,
            full.caught_by,
            full.first_cases,
        ), rule_id


def test_a_twin_through_the_real_harness_process(monkeypatch: pytest.MonkeyPatch) -> None:
    # FROGSPEC_TWIN is honoured by python -m frogspec.harness, which the runner starts.
    command = [sys.executable, "-m", "frogspec.harness"]
    faithful = run_conformance(command, rules=["play.must-trump"])
    assert faithful.failed == 0 and faithful.passed > 20
    monkeypatch.setenv("FROGSPEC_TWIN", "play.must-trump")
    broken = run_conformance(command, rules=["play.must-trump"])
    failed = [o for o in broken.outcomes if o.counted_failed]
    assert failed and all(o.reason == "mismatch" for o in failed)
    assert all("play.must-trump" in o.case.rules for o in failed)
    in_process = check_twin(get_twin("play.must-trump"), [o.case for o in broken.outcomes])
    assert in_process.failed == len(failed)


def test_judging_follows_the_runner() -> None:
    cases = [c for vf in load_vectors() for c in vf.cases]
    case = next(c for c in cases if c.extension_paths and "result" in c.response)
    assert judge_twin_answer(case, case.response).status == "passed"
    unsupported = {"id": 1, "error": {"kind": "unsupported", "rule": None, "message": "no"}}
    assert judge_twin_answer(case, unsupported).status == "skipped"
    without = json.loads(json.dumps(case.response))
    for path in case.extension_paths:
        del without["result"][path.rsplit(".", 1)[1]]
    assert judge_twin_answer(case, without).status == "skipped"
    wrong = json.loads(json.dumps(case.response))
    wrong["result"]["phase"] = "nonsense"
    assert judge_twin_answer(case, wrong).status == "failed"
    assert judge_twin_answer(case, ["not", "an", "object"]).status == "failed"
    # A match error without its deal (an extension field) is judged on its kind and at.
    match_error = next(c for c in cases if "$.error.deal" in c.extension_paths)
    answer = json.loads(json.dumps(match_error.response))
    del answer["error"]["deal"]
    assert judge_twin_answer(match_error, answer).status == "passed"
    answer["error"]["at"] += 1
    assert judge_twin_answer(match_error, answer).reason.startswith("$.error.at")


def test_the_table_names_every_twin_and_its_rule_page() -> None:
    data = load_results()
    table = markdown_table(data)
    for entry in all_rules():
        topic = entry.id.split(".", 1)[0]
        assert f"[`{entry.id}`](../rules/{topic}/#{entry.anchor})" in table
    assert table.startswith(f"**{data['summary']['caught']} of {data['summary']['twins']} twins")


def test_the_docs_page_generates_the_table_from_the_results() -> None:
    page = (ROOT / "docs" / "twins.md").read_text(encoding="utf-8")
    blocks = re.findall(r'```python exec="on"\n(.*?)```', page, flags=re.S)
    assert len(blocks) == 2
    for block, made in zip(blocks, (markdown_table, markdown_matrix), strict=True):
        assert f"{made.__name__}()" in block
        printed: list[str] = []
        exec(block, {"print": lambda *args, out=printed: out.append(" ".join(map(str, args)))})
        assert printed == [made()]


def test_the_matrix_shows_every_rule_in_every_ruleset() -> None:
    data = load_results()
    matrix = markdown_matrix(data)
    assert matrix.startswith("**Every rule is caught")
    rows = [line for line in matrix.splitlines() if line.startswith("| [`")]
    assert len(rows) == len(data["twins"])
    foster = list(RULESETS).index("foster-1909")
    overtrump = next(r for r in rows if "`play.no-duty-to-overtrump`" in r)
    assert overtrump.split(" | ")[1 + foster] == "✓"
    assert "- `widow.frog-take-and-discard` in `official-1922-straight` (moot): " in matrix
    assert "- `auction.pass-is-final` in `modern` (cannot show): " in matrix
    broken = json.loads(json.dumps(data))
    broken["twins"][0]["rulesets"]["modern"] = "not-caught"
    broken["summary"]["not_caught_by_hand_written_case"] = ["x @ modern"]
    assert markdown_matrix(broken).startswith("**1 gaps**") and "**✗**" in markdown_matrix(broken)


def test_the_command_lists_and_checks(capsys: pytest.CaptureFixture[str]) -> None:
    assert twins_main(["list"]) == 0
    listed = capsys.readouterr().out
    assert "play.must-trump\n    No duty to trump" in listed
    assert twins_main(["check", "--rule", "cards.points", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"cards\.points\s+caught\s+\d+", out)
    assert "1 of 1 twins caught" in out


def test_the_command_refuses_mistakes(capsys: pytest.CaptureFixture[str]) -> None:
    assert twins_main(["check", "--rule", "cards.points", "--write"]) == 2
    assert "--write needs every twin" in capsys.readouterr().err
    assert twins_main(["check", "--rule", "play.must-trumps"]) == 2
    assert "did you mean play.must-trump" in capsys.readouterr().err
    assert twins_main(["check", "--jobs", "0"]) == 2
    assert twins_main(["check", "--rule", "cards.points", "--vectors", "/nonexistent"]) == 2
    assert "no vectors directory" in capsys.readouterr().err


def test_a_stale_results_file_fails_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = tmp_path / "results.json"
    stale.write_text("{}\n", encoding="utf-8")
    vectors = tmp_path / "vectors"
    vectors.mkdir()
    source = load_vectors()[0]
    (vectors / f"{source.name}.json").write_text(json.dumps(source.to_json()), encoding="utf-8")
    status = twins_main(
        ["check", "--results", str(stale), "--vectors", str(vectors), "--jobs", "1"]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "is stale" in out
    assert (
        twins_main(
            ["check", "--results", str(stale), "--vectors", str(vectors), "--jobs", "1", "--write"]
        )
        == 1
    )  # written, but twins go uncaught
    written = json.loads(stale.read_text(encoding="utf-8"))
    assert written["vectors"]["cases"] == len(source.cases)
    assert written["summary"]["not_caught"]


# --- per ruleset ----------------------------------------------------------------------


def test_every_rule_is_caught_in_every_ruleset_by_a_hand_written_case(
    report: CheckReport,
) -> None:
    assert report.gaps == [], (
        "rules whose twin no hand-written case of a ruleset that uses them catches; add the "
        "cases, or exempt the ruleset with its reason:\n" + "\n".join(report.gaps)
    )
    for result in report.results:
        assert list(result.rulesets) == list(RULESETS)
        for ruleset_id, status in result.rulesets.items():
            ruleset = RULESETS[ruleset_id]
            used = result.rule_id in {r.id for r in rules_of(ruleset)}
            if status == MOOT:
                assert ruleset.moot_reason(result.rule_id)
            elif status == UNUSED:
                assert not used
            elif status == CANNOT_SHOW:
                assert used and get_twin(result.rule_id).cannot_show_reason(ruleset_id)
            else:
                assert used and status == HAND_WRITTEN, (result.rule_id, ruleset_id, status)


def test_an_exempted_twin_changes_no_answer_of_its_ruleset() -> None:
    # "cannot show" is a claim: with the twin in, every case of the ruleset still passes.
    cases = load_cases()
    get_twin("cards.points")  # loads the catalogue
    exempt = [(t, rs) for t in TWINS.values() for rs, _ in t.cannot_show]
    assert exempt
    for twin, ruleset_id in exempt:
        assert ruleset_id in RULESETS, (twin.rule_id, ruleset_id)
        own = [c for c in cases if case_ruleset(c) == ruleset_id]
        result = check_twin(twin, own)
        assert result.ran == len(own) and result.failed == 0, (twin.rule_id, ruleset_id)


def test_ruleset_statuses_tell_hand_written_from_generated() -> None:
    cases = {c.id: c for c in load_cases()}
    hand = cases["legal.foster-1909.may-trump-under"]
    whole = next(c for c in cases.values() if c.id.startswith("gen.game.modern."))
    statuses = ruleset_statuses("play.no-duty-to-overtrump", [hand, whole])
    assert statuses["foster-1909"] == HAND_WRITTEN
    assert statuses["modern"] == GENERATED
    assert statuses["gamerules"] == NOT_CAUGHT
    straight = ruleset_statuses("widow.frog-take-and-discard", [])
    assert straight["official-1922-straight"] == MOOT
    assert ruleset_statuses("settlement.penalty-frog", [])["foster-1909"] == UNUSED
    assert ruleset_statuses("auction.pass-is-final", [])["modern"] == CANNOT_SHOW
    # a case that names no ruleset (card_points) counts for every ruleset
    card = cases["cards.points.jh"]
    assert set(ruleset_statuses("cards.points", [card]).values()) == {HAND_WRITTEN}


def test_a_wrong_rule_id_alone_does_not_catch_a_twin() -> None:
    # The first level of conformance: an illegal error must be at the right action; the
    # rule it names is a second level, which a twin is not judged by.
    case = next(
        c
        for c in load_cases()
        if c.response.get("error", {}).get("kind") == "illegal" and c.op == "game"
    )
    renamed = json.loads(json.dumps(case.response))
    renamed["error"]["rule"] = "some.other-rule"
    assert judge_twin_answer(case, renamed).status == "passed"
    moved = json.loads(json.dumps(case.response))
    moved["error"]["at"] += 1
    assert judge_twin_answer(case, moved).status == "failed"
