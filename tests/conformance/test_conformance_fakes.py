"""The runner against fake implementations that misbehave, each in its own way."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from frogspec.cli import main
from frogspec.conform import (
    CaseOutcome,
    Run,
    by_rule,
    render_text,
    report_json,
    report_junit,
    run_conformance,
)

from .helpers import errors, fake, validator

CARDS = ["cards.points.*"]


def _run(name: str, *args: str, cases: list[str] = CARDS, **options: float) -> Run:
    return run_conformance(fake(name, *args), cases=cases, **options)  # type: ignore[arg-type]


def _not_passed(run: Run) -> list[CaseOutcome]:
    return [o for o in run.outcomes if o.status != "passed"]


@pytest.mark.parametrize(
    ("name", "args", "card", "reason", "words"),
    [
        ("crash", (), "qs", "crash", "exited with status 3"),
        ("hang", (), "ks", "timeout", "no answer in 5 s"),
        ("junk", (), "9s", "junk", "debug: counting the nine of spades"),
        ("wrong_id", (), "8s", "wrong-id", "the answer has id"),
        ("partial", (), "7s", "partial-line", 'partial line b\'{"id":'),
        ("partial", ("--exit",), "7s", "partial-line", "exited with status 0 after a partial"),
        ("not_utf8", (), "6h", "not-utf8", "not UTF-8"),
    ],
)
def test_one_misbehaviour_fails_one_case_and_the_run_goes_on(
    name: str, args: tuple[str, ...], card: str, reason: str, words: str
) -> None:
    # 5 s: room for a loaded machine's restart, paid once, by the hanging case alone.
    run = _run(name, *args, timeout=5.0)
    (bad,) = _not_passed(run)
    assert (bad.case.id, bad.status, bad.reason) == (f"cards.points.{card}", "failed", reason)
    assert words in bad.message
    assert run.passed == 35 and run.failed == 1 and run.skipped == 0
    assert (run.starts, run.restarts, run.gave_up) == (2, 1, False)
    report = report_json(run)
    assert errors(validator("report"), report) == []
    (item,) = [c for c in report["cases"] if c["status"] != "passed"]
    assert item["request"]["card"] == card.upper() and item["expected"] == bad.case.expected


def test_a_crash_keeps_the_implementations_stderr() -> None:
    run = _run("crash")
    (bad,) = _not_passed(run)
    assert bad.stderr is not None and "a crash on purpose" in bad.stderr
    assert "a crash on purpose" in run.stderr


def test_after_max_restarts_the_rest_are_errors() -> None:
    run = _run("crash", "--always", max_restarts=2)
    statuses = Counter((o.status, o.reason) for o in run.outcomes)
    assert statuses == {("failed", "crash"): 3, ("error", "not-run"): 33}
    assert (run.starts, run.restarts, run.gave_up) == (3, 2, True)
    assert run.outcomes[-1].message.startswith(
        "not run: the runner gave up after 2 restarts (the last failure: cards.points.kc: crash:"
    )
    assert run.summary_line() == "0 passed, 36 failed, 0 skipped"
    assert errors(validator("report"), report_json(run)) == []
    junit = ET.fromstring(report_junit(run))
    assert (junit.get("failures"), junit.get("errors")) == ("3", "33")


def test_a_program_that_exits_at_once_is_not_started_again() -> None:
    run = _run("exit", max_restarts=3)
    assert {(o.status, o.reason) for o in run.outcomes} == {("error", "not-run")}
    assert run.failed == 36 and run.hello is None
    assert (run.starts, run.restarts, run.gave_up) == (1, 0, True)
    assert run.start_failures == [
        "crash: the implementation exited with status 0 without answering"
    ]
    assert run.outcomes[0].message == (
        "not run: the implementation did not answer hello at its first start (hello: crash: the "
        "implementation exited with status 0 without answering)"
    )
    assert "did not answer hello at its first start" in render_text(run)


def test_an_engine_that_never_answers_is_said_once() -> None:
    # Not a thousand identical "not run" errors and tables of zeros: one paragraph.
    run = _run("exit", max_restarts=3)
    text = render_text(run)
    assert text.count("did not answer hello") == 1, text
    assert "not run:" not in text and "Rulesets" not in text
    assert "none of the 36 cases ran" in text and "Try it by hand" in text
    assert len(text.splitlines()) < 10
    assert text.splitlines()[-1] == "0 passed, 36 failed, 0 skipped"


def test_a_program_that_never_says_hello_costs_one_timeout() -> None:
    began = time.monotonic()
    run = _run(
        "hang_hello", cases=["cards.points.a*"], max_restarts=5, timeout=2.0, start_timeout=2.0
    )
    # One wait of 2 s, not the six that restarting would cost (12 s).
    assert time.monotonic() - began < 10
    assert run.start_failures == ["timeout: no answer in 2 s"]
    assert (run.starts, run.restarts, run.gave_up) == (1, 0, True)
    assert run.summary_line() == "0 passed, 4 failed, 0 skipped"
    assert {o.reason for o in run.outcomes} == {"not-run"}


def test_what_is_not_offered_is_skipped() -> None:
    run = _run(
        "unsupported",
        cases=["perft.*", "first-dealer.modern.*", "trick.*", "widow.*.frog-shown-or-not"],
    )
    reasons = {o.case.id: (o.status, o.reason) for o in run.outcomes}
    assert reasons["perft.modern.t3.20300330"] == ("skipped", "not-offered")
    assert reasons["first-dealer.modern.any"] == ("skipped", "not-offered")
    assert reasons["trick.chico-clubs"] == ("skipped", "unsupported")
    assert reasons["trick.ace-beats-ten"] == ("passed", None)
    assert reasons["widow.foster-1909.frog-shown-or-not"] == ("skipped", "extension-absent")
    assert reasons["widow.gamerules.frog-shown-or-not"] == ("skipped", "unsupported")
    assert run.failed == 0 and run.skipped == len(run.outcomes) - run.passed


def test_the_cases_that_expect_unsupported_are_sent_anyway() -> None:
    run = _run("unsupported", cases=["unsupported.*"])
    assert {o.status for o in run.outcomes} == {"passed"}


def test_a_wrong_rule_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    run = _run("jack_one", cases=["cards.points.*", "score.foster-1909.*", "settle.foster-1909.*"])
    failed = [o for o in run.outcomes if o.counted_failed]
    assert {o.reason for o in failed} == {"mismatch"}
    jacks = {f"cards.points.j{s}" for s in "cdhs"}
    assert jacks <= {o.case.id for o in failed}
    assert {o.case.id for o in failed if o.case.op == "card_points"} == jacks
    assert [o for o in failed if o.case.op == "settle"] == []
    tally = by_rule(run)
    assert tally["cards.points"].failed >= 4 and tally["cards.points"].passed >= 32
    first = run.outcomes[[o.case.id for o in run.outcomes].index("cards.points.jc")]
    assert first.differences == ["$.result: expected 2, got 1"]

    status = main(["conform", "--case", "cards.points.j*", "--", *fake("jack_one")])
    out = capsys.readouterr().out
    assert status == 1
    assert out.splitlines()[-1] == "0 passed, 4 failed, 0 skipped"
    assert "FAIL cards.points.jc (cards.json): mismatch" in out
    assert "rule cards.points: Each Ace counts 11" in out
    assert "Foster (1909), pp. 441–442: “Each Ace is worth 11" in out
    assert '"op": "card_points", "card": "JC"' in out
    assert "$.result: expected 2, got 1" in out


def test_the_json_report_of_a_failing_run(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "report.json"
    status = main(
        [
            "conform",
            "--quiet",
            "--json",
            str(path),
            "--case",
            "cards.points.q*",
            "--",
            *fake("crash"),
        ]
    )
    assert status == 1
    assert capsys.readouterr().out.splitlines()[-1] == "3 passed, 1 failed, 0 skipped"
    report = json.loads(path.read_text())
    assert errors(validator("report"), report) == []
    (bad,) = [c for c in report["cases"] if c["status"] == "failed"]
    assert bad["reason"] == "crash" and "a crash on purpose" in bad["stderr"]
