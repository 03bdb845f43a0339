"""The check: every twin is caught by a case naming its rule, and the published table is
current. Also: the twin through the real harness process, the docs page, the command."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from frogspec.conform import run_conformance
from frogspec.conformance.model import load_vectors
from frogspec.registry import all_rules
from frogspec.twins import get_twin
from frogspec.twins.__main__ import main as twins_main
from frogspec.twins.check import (
    CheckReport,
    check_twin,
    default_jobs,
    default_results_path,
    dumps,
    judge,
    load_cases,
    load_results,
    markdown_table,
    results_json,
    run_check,
    trace_cases,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def report() -> CheckReport:
    """The whole check, as ``python -m frogspec.twins check`` runs it."""
    return run_check(jobs=default_jobs())


def test_every_twin_is_caught_by_a_case_naming_its_rule(report: CheckReport) -> None:
    assert len(report.results) == len(list(all_rules()))
    missed = [f"{r.rule_id} ({r.status}): {r.mistake}" for r in report.not_caught]
    assert missed == [], (
        "twins no case naming their rule catches; add the missing vectors:\n" + "\n".join(missed)
    )


def test_the_published_results_are_current(report: CheckReport) -> None:
    path = default_results_path()
    assert path.exists(), "run: python -m frogspec.twins check --write"
    assert path.read_text(encoding="utf-8") == dumps(results_json(report)), (
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


SAMPLE = ["cards.points", "auction.pass-is-final", "settlement.sitting-out-receive-only",
          "play.trick-winner"]


def test_pruning_finds_what_running_every_case_finds() -> None:
    cases = load_cases()
    traces = trace_cases(cases)
    for rule_id in SAMPLE:
        pruned = check_twin(get_twin(rule_id), cases, traces)
        full = check_twin(get_twin(rule_id), cases, None)
        assert pruned.ran < full.ran == len(cases)
        assert (pruned.failed, pruned.caught_by, pruned.first_cases) == (
            full.failed, full.caught_by, full.first_cases
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
    case = next(c for vf in load_vectors() for c in vf.cases if c.extension_paths)
    assert judge(case, case.response).status == "passed"
    unsupported = {"id": 1, "error": {"kind": "unsupported", "rule": None, "message": "no"}}
    assert judge(case, unsupported).status == "skipped"
    without = json.loads(json.dumps(case.response))
    for path in case.extension_paths:
        del without["result"][path.rsplit(".", 1)[1]]
    assert judge(case, without).status == "skipped"
    wrong = json.loads(json.dumps(case.response))
    wrong["result"]["phase"] = "nonsense"
    assert judge(case, wrong).status == "failed"
    assert judge(case, ["not", "an", "object"]).status == "failed"


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
    assert len(blocks) == 1 and "markdown_table()" in blocks[0]
    printed: list[str] = []
    exec(blocks[0], {"print": lambda *args: printed.append(" ".join(map(str, args)))})
    assert printed == [markdown_table().rstrip("\n")] or printed == [markdown_table()]


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
    (vectors / f"{source.name}.json").write_text(
        json.dumps(source.to_json()), encoding="utf-8"
    )
    status = twins_main(["check", "--results", str(stale), "--vectors", str(vectors),
                         "--jobs", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "is stale" in out
    assert twins_main(["check", "--results", str(stale), "--vectors", str(vectors),
                       "--jobs", "1", "--write"]) == 1  # written, but twins go uncaught
    written = json.loads(stale.read_text(encoding="utf-8"))
    assert written["vectors"]["cases"] == len(source.cases)
    assert written["summary"]["not_caught"]
