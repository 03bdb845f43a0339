"""The runner against engines that attack its transport: floods of standard error, a
grandchild holding a pipe, an engine that never reads, slow answers, early answers,
restarts, terminal escapes. Each is classified with one clear line, the runner's memory
stays bounded, no answer of a restarted engine is lost and no process is left running."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from frogspec.cli import main
from frogspec.conform import report_json, run_conformance
from frogspec.conform.transport import STDERR_LINE_BYTES, STDERR_LINES, Failure, Implementation

from .helpers import FAKES, errors, validator

_ROOT = Path(__file__).resolve().parents[2]


def _attack(mode: str, *amount: str) -> list[str]:
    return [sys.executable, str(FAKES / "attacks.py"), mode, *amount]


@pytest.fixture
def pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A file each fake engine (and grandchild) started appends its process id to."""
    path = tmp_path / "pids"
    path.touch()
    monkeypatch.setenv("FROGSPEC_FAKE_PIDS", str(path))
    yield path


def _running(pid: int) -> bool:
    # A zombie has ended: whoever reaps it (not always at once in a container) is not us.
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return fields[0] != "Z"


def _left_running(path: Path, patience: float = 20.0) -> list[int]:
    """The recorded processes still running once the runner has ended (a killed process
    group may take a moment to be gone)."""
    pids = [int(line) for line in path.read_text().split()]
    assert pids, "no engine recorded its process id"
    ends = time.monotonic() + patience
    while True:
        alive = [pid for pid in pids if _running(pid)]
        if not alive or time.monotonic() > ends:
            return alive
        time.sleep(0.2)


def test_an_engine_flooding_standard_error_costs_a_bounded_tail(pids: Path) -> None:
    run = run_conformance(_attack("stderr_lines", "200000"), cases=["cards.points.*"])
    crashed = [o for o in run.outcomes if o.reason == "crash"]
    assert crashed and run.cut_off is not None and run.cut_off.startswith("max-restarts")
    for outcome in crashed:
        assert outcome.stderr is not None
        lines = outcome.stderr.splitlines()
        assert len(lines) <= STDERR_LINES
        assert max(map(len, lines)) <= STDERR_LINE_BYTES + 4
    report = json.dumps(report_json(run))
    assert len(report) < 2_000_000  # not the 48 MB the engines wrote
    assert errors(validator("report"), report_json(run)) == []
    assert _left_running(pids) == []


def test_standard_error_without_a_newline_is_cut_at_the_bound(pids: Path) -> None:
    run = run_conformance(
        _attack("stderr_unended", "20000000"), cases=["cards.points.qs"], max_restarts=0
    )
    (outcome,) = run.outcomes
    assert (outcome.status, outcome.reason) == ("failed", "crash")
    assert outcome.stderr is not None and outcome.stderr.endswith(" ...")
    assert len(outcome.stderr) == STDERR_LINE_BYTES + 4
    assert _left_running(pids) == []


def test_a_grandchild_holding_standard_error_neither_hangs_the_run_nor_outlives_it(
    pids: Path,
) -> None:
    run = run_conformance(_attack("grandchild", "120"), cases=["cards.points.*"])
    assert {o.case.id for o in run.outcomes if o.status != "passed"} == {"cards.points.qs"}
    assert [o.reason for o in run.outcomes if o.status != "passed"] == ["crash"]
    assert len(pids.read_text().split()) == 4  # two engines, two grandchildren
    assert _left_running(pids) == []


def test_a_request_to_an_engine_that_never_reads_fails_in_time(pids: Path) -> None:
    impl = Implementation(_attack("never_reads"), timeout=20.0)
    try:
        assert "result" in impl.exchange({"id": 1, "op": "hello", "spec": "1"})
        with pytest.raises(Failure) as failure:
            impl.exchange({"id": 2, "op": "card_points", "pad": "x" * 1_000_000}, timeout=2.0)
    finally:
        impl.stop()
    assert failure.value.reason == "timeout"
    assert "of the request's 1000" in failure.value.message
    assert _left_running(pids) == []


def test_the_deadline_cuts_a_slow_engine_off_and_the_report_says_so(
    pids: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        [
            "conform",
            "--case",
            "cards.points.*",
            "--deadline",
            "4",
            "--timeout",
            "30",
            "--",
            *_attack("slow", "0.5"),
        ]
    )
    out, err = capsys.readouterr()
    assert status == 1 and "Traceback" not in out + err
    assert "The run was cut off by deadline: the run's deadline of 4 s passed" in out
    run = run_conformance(
        _attack("slow", "0.5"), cases=["cards.points.*"], deadline=4.0, timeout=30.0
    )
    reasons = {o.reason for o in run.outcomes if o.status != "passed"}
    assert reasons == {"deadline"}
    assert 0 < run.passed < 36
    assert run.cut_off is not None and run.cut_off.startswith("deadline")
    assert errors(validator("report"), report_json(run)) == []
    assert _left_running(pids) == []


@pytest.mark.slow
def test_an_engine_that_answers_hello_then_hangs_is_classified_within_the_deadline(
    pids: Path,
) -> None:
    run = run_conformance(
        _attack("hello_then_hang", "1"), cases=["cards.points.*"], timeout=2.0, deadline=8.0
    )
    assert run.passed == 0 and run.cut_off is not None
    assert {o.reason for o in run.outcomes} <= {"timeout", "deadline", "not-run"}
    assert _left_running(pids) == []


def test_an_answer_written_before_its_request_is_a_protocol_error(pids: Path) -> None:
    run = run_conformance(_attack("early"), cases=["cards.points.*"], max_restarts=0)
    first = run.outcomes[0]
    assert (first.status, first.reason) == ("failed", "unrequested")
    assert first.message.startswith("the implementation wrote a line before it was asked")
    assert _left_running(pids) == []


def test_no_answer_of_a_restarted_engine_is_lost(pids: Path) -> None:
    run = run_conformance(_attack("restarts"), cases=["cards.points.*"], timeout=30.0)
    failed = {o.case.id: o.reason for o in run.outcomes if o.status != "passed"}
    assert set(failed) == {f"cards.points.{c}s" for c in ("q", "k", "j", "10", "9")}
    # The stray line of the process left behind may come before the engine is seen gone.
    assert set(failed.values()) <= {"crash", "wrong-id"}
    assert (run.passed, run.restarts, run.gave_up) == (31, 5, False)
    assert _left_running(pids) == []


def test_what_an_engine_writes_is_escaped_in_every_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pids: Path
) -> None:
    junit, markdown, report = tmp_path / "r.xml", tmp_path / "r.md", tmp_path / "r.json"
    status = main(
        [
            "conform",
            "--case",
            "cards.points.[qk]s",
            "--junit",
            str(junit),
            "--markdown",
            str(markdown),
            "--json",
            str(report),
            "--",
            *_attack("escapes"),
        ]
    )
    out, err = capsys.readouterr()
    assert status == 1 and "Traceback" not in out + err
    for text in (out, err, markdown.read_text(encoding="utf-8")):
        assert not {"\x1b", "\x07", "\x9b", "\x00", "\u202e"} & set(text)
    assert "\\x1b[2J" in out and "\\x1b]0;owned\\x07" in out
    shown = markdown.read_text(encoding="utf-8")
    (name,) = [line for line in shown.splitlines() if line.startswith("- implementation:")]
    assert "<" not in name and "engine\\\\x1b\\[2J" in name
    outside_code = re.sub(r"(`+).*?\1", "", shown)
    assert "<script>" not in outside_code and "&lt;script&gt;" in outside_code
    ET.parse(junit)  # well-formed, whatever the engine wrote
    assert "stderr\\x1b[2J" in junit.read_text(encoding="utf-8")
    assert errors(validator("report"), json.loads(report.read_text())) == []


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_the_run_and_its_engine(
    signum: int, status: int, pids: Path, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(_ROOT)}
    command = [sys.executable, "-m", "frogspec.conform", "--case", "cards.points.*"]
    runner = subprocess.Popen(
        [*command, "--", *_attack("never_reads")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        ends = time.monotonic() + 60
        while not pids.read_text().strip() and time.monotonic() < ends:
            time.sleep(0.1)
        time.sleep(1.0)  # the engine has answered hello; the runner waits on a case
        runner.send_signal(signum)
        _out, err = runner.communicate(timeout=60)
    finally:
        runner.kill()
    assert runner.returncode == status
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("frogspec conform: stopped by SIG")
    assert _left_running(pids) == []


def test_the_fuzzer_shows_what_an_engine_writes_escaped(
    capsys: pytest.CaptureFixture[str], pids: Path
) -> None:
    fuzz = ["fuzz", "--examples", "200", "--seed", "1", "--op", "trick_winner", "--quiet"]
    status = main([*fuzz, "--", *_attack("escapes")])
    out, err = capsys.readouterr()
    assert status == 1 and "Traceback" not in out + err
    assert not {"\x1b", "\x07", "\x9b", "\x00", "\u202e"} & set(out + err)
    assert "\\x9b31m" in out and "\\u202e" in out  # JSON leaves these raw
    assert _left_running(pids) == []
