"""Progress on standard error: the cases run, then the failures diagnosed, on one updating
line when standard error is a terminal, and nothing at all when it is not (so that reports
and logs stay clean)."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from frogspec.conform import run_conformance
from frogspec.conform.cli import Progress

from .helpers import FAKES

#: An engine whose illegal errors are one action too far: every illegal case fails.
AT_OFF = [sys.executable, str(FAKES / "variants.py"), "at-off"]
CASES = "illegal.foster-1909.*"
CONFORM = [sys.executable, "-m", "frogspec.conform", "--case", CASES, "--", *AT_OFF]


def test_the_runner_tells_of_each_failure_diagnosed() -> None:
    told: list[tuple[int, int]] = []
    run = run_conformance(AT_OFF, cases=[CASES], diagnosing=lambda d, t: told.append((d, t)))
    failed = run.failed
    assert failed > 5
    assert told == [(done, failed) for done in range(failed + 1)]


def test_nothing_to_diagnose_tells_nothing() -> None:
    told: list[tuple[int, int]] = []
    run = run_conformance(None, cases=[CASES], diagnosing=lambda d, t: told.append((d, t)))
    assert run.failed == 0 and told == []


def test_the_line_counts_the_failures_diagnosed() -> None:
    stream = io.StringIO()
    bar = Progress(stream)
    for done in (0, 40, 235):
        bar.last = 0.0  # as if the last line were long ago
        bar.diagnosing(done, 235)
    lines = [line.strip() for line in stream.getvalue().split("\r") if line.strip()]
    assert lines == [
        "diagnosing 0/235 failures…",
        "diagnosing 40/235 failures…",
        "diagnosed 235 failures; finding the deviations…",
    ]
    bar.diagnosing(41, 235)  # too soon after the last: the line is not redrawn
    assert stream.getvalue().count("\r") == 3


def _stderr_on_a_terminal(command: list[str], out: Path) -> str:
    primary, secondary = pty.openpty()
    with out.open("wb") as stdout:
        process = subprocess.Popen(command, stdout=stdout, stderr=secondary)
    os.close(secondary)
    chunks = []
    while True:
        try:
            data = os.read(primary, 65536)
        except OSError:  # the terminal is closed once the process has ended
            break
        if not data:
            break
        chunks.append(data)
    os.close(primary)
    assert process.wait(timeout=120) == 1
    return b"".join(chunks).decode("utf-8")


def test_a_terminal_sees_the_diagnosis_progress(tmp_path: Path) -> None:
    stderr = _stderr_on_a_terminal(CONFORM, tmp_path / "report.txt")
    lines = [line.strip() for line in stderr.split("\r") if line.strip()]
    diagnosing = [line for line in lines if line.startswith("diagnos")]
    failed = int((tmp_path / "report.txt").read_text().splitlines()[-1].split()[2])
    assert diagnosing[0] == f"diagnosing 0/{failed} failures…"
    assert diagnosing[-1] == f"diagnosed {failed} failures; finding the deviations…"
    assert "\n" not in stderr.strip(), "one updating line, erased at the end"


def test_a_pipe_sees_no_progress() -> None:
    done = subprocess.run(CONFORM, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert " failed, " in done.stdout.splitlines()[-1]
    assert done.stderr == ""
