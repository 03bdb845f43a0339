"""The runner against engines that answer one request with a hostile line: each
fails that one case, naming what the engine sent, and the run goes on."""

from __future__ import annotations

import sys

import pytest

from frogspec.cli import main
from frogspec.conform import report_json, run_conformance

from .helpers import FAKES, errors, validator


def _hostile(mode: str) -> list[str]:
    return [sys.executable, str(FAKES / "hostile.py"), mode]


@pytest.mark.parametrize(
    ("mode", "reason", "words"),
    [
        ("deep_array", "out-of-bounds", "depth: nesting deeper than 64"),
        ("deep_object", "out-of-bounds", "depth: nesting deeper than 64"),
        ("deep_inside", "out-of-bounds", "depth: nesting deeper than 64"),
        ("giant", "out-of-bounds", "length: a line longer than 16777216 bytes"),
        ("flood", "out-of-bounds", "length: a line longer than 16777216 bytes"),
        ("nan", "junk", "non-finite: NaN is not JSON"),
        ("infinity", "junk", "non-finite: -Infinity is not JSON"),
        ("huge_float", "junk", "non-finite: the number 1e999 is beyond a double"),
        ("big_number", "out-of-bounds", "number: a number of 100001 characters"),
        ("surrogate", "not-utf8", "surrogate: a lone surrogate"),
        ("duplicate", "junk", "duplicate-key: key 'result' twice in one object"),
    ],
)
def test_a_hostile_answer_fails_its_case_and_the_run_goes_on(
    mode: str, reason: str, words: str
) -> None:
    run = run_conformance(_hostile(mode), cases=["cards.points.*"], timeout=20.0)
    (bad,) = [o for o in run.outcomes if o.status != "passed"]
    assert (bad.case.id, bad.status, bad.reason) == ("cards.points.qs", "failed", reason)
    assert words in bad.message
    assert "the answer is refused" in bad.message
    assert run.passed == 35 and (run.starts, run.restarts, run.gave_up) == (2, 1, False)
    assert errors(validator("report"), report_json(run)) == []


def test_the_command_line_shows_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["conform", "--case", "cards.points.q*", "--", *_hostile("deep_array")])
    out, err = capsys.readouterr()
    assert status == 1
    assert "Traceback" not in out + err and "RecursionError" not in out + err
    assert "cards.points.qs" in out and "nesting deeper than 64" in out


@pytest.mark.parametrize("mode", ["deep_array", "giant", "nan"])
def test_the_fuzzer_reports_a_hostile_answer_without_a_traceback(
    mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["fuzz", "--examples", "3", "--seed", "1", "--", *_hostile(mode), "--all"])
    out, err = capsys.readouterr()
    assert status == 1
    assert "Traceback" not in out + err
    assert "the answer is refused" in out
