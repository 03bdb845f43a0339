"""The runner against the reference harness: every case passes, and every report is right."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from frogspec.cli import main
from frogspec.conform import Run, badge, render_text, report_json, report_junit, report_markdown
from frogspec.vectors import generate
from frogspec.vectors.model import Case, VectorFile

from .helpers import errors, validator


def test_the_reference_passes_every_case(reference_run: Run, cases: list[Case]) -> None:
    failed = [
        (o.case.id, o.reason, o.message) for o in reference_run.outcomes if o.status != "passed"
    ]
    assert failed == []
    assert len(reference_run.outcomes) == len(cases)
    assert reference_run.starts == 1 and reference_run.restarts == 0
    assert reference_run.hello is not None and "perft" in reference_run.hello["ops"]
    assert (
        render_text(reference_run).splitlines()[-1] == f"{len(cases)} passed, 0 failed, 0 skipped"
    )


def test_the_json_report_is_valid(reference_run: Run) -> None:
    report = report_json(reference_run)
    assert errors(validator("report"), report) == []
    summary = report["summary"]
    assert summary["passed"] == summary["total"] and summary["pass_rate"] == 1
    by_rule = {r["rule"]: r for r in report["rules"]}
    assert by_rule["play.must-trump"]["passed"] > 0
    assert by_rule["play.must-trump"]["statement"].startswith("A player who cannot follow")
    assert {r["ruleset"] for r in report["rulesets"]} >= {None, "foster-1909", "gamerules"}


def test_the_junit_report(reference_run: Run) -> None:
    root = ET.fromstring(report_junit(reference_run))
    assert root.tag == "testsuites"
    assert int(root.get("tests", "0")) == len(reference_run.outcomes)
    assert root.get("failures") == "0" and root.get("errors") == "0"
    names = {suite.get("name") for suite in root}
    assert "frogspec.settle" in names and "frogspec.generated-games" in names
    case = root.find(".//testcase[@name='settle.gamerules.frog-80']")
    assert case is not None
    assert {p.get("value") for p in case.iter("property")} >= {"settlement.rates-1-2-3"}


def test_the_markdown_report_and_badge(reference_run: Run) -> None:
    text = report_markdown(reference_run)
    assert text.startswith("# Frog conformance report")
    assert f"**{reference_run.summary_line()}**" in text
    assert "| `play.must-trump` |" in text
    assert badge(reference_run) == {
        "schemaVersion": 1,
        "label": "frog conformance",
        "message": f"all rulesets: {reference_run.passed}/{reference_run.passed}",
        "color": "brightgreen",
    }


def test_the_command_line_writes_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = {k: tmp_path / f"report.{k}" for k in ("json", "junit", "markdown", "badge")}
    status = main(
        ["conform", "--case", "settle.gamerules.*", "--ruleset", "gamerules"]
        + [arg for k, p in paths.items() for arg in (f"--{k}", str(p))]
    )
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[-1] == "36 passed, 0 failed, 0 skipped"  # 9 checked by hand, 27 boundaries
    assert "Rulesets" in out and "Rules" in out
    report = json.loads(paths["json"].read_text())
    assert errors(validator("report"), report) == []
    assert report["filters"]["case"] == ["settle.gamerules.*"]
    ET.fromstring(paths["junit"].read_text())
    assert "36 passed" in paths["markdown"].read_text()
    assert json.loads(paths["badge"].read_text())["message"] == "gamerules (filtered): 36/36"


def test_quiet_prints_only_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--quiet", "--case", "cards.points.a*"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1] == "4 passed, 0 failed, 0 skipped"
    assert "Rules" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ruleset", "frog-2099"], "no case is for ruleset 'frog-2099'"),
        (["--case", "nothing.like.this"], "no case matches the filters"),
        (["--", "/nonexistent/frog-impl"], "cannot start '/nonexistent/frog-impl'"),
        (["--vectors", "/nonexistent"], "no vectors directory"),
    ],
)
def test_mistakes_in_the_command_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [["--timeout", "0"], ["--timeout", "soon"], ["--max-restarts", "-1"]]
)
def test_bad_option_values(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["conform", *argv])
    assert exit_info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_vectors_generate_check(
    monkeypatch: pytest.MonkeyPatch,
    built_files: list[VectorFile],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(generate, "build_files", lambda: built_files)
    assert main(["vectors", "generate", "--check"]) == 0
    assert "every file is up to date" in capsys.readouterr().out
    assert main(["vectors", "generate", "--check", "--dir", str(tmp_path)]) == 1
    assert "stale vector files" in capsys.readouterr().err
    assert main(["vectors", "generate", "--dir", str(tmp_path)]) == 0
    assert main(["vectors", "generate", "--check", "--dir", str(tmp_path)]) == 0
