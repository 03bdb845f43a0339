"""Through the runner, against a broken twin: the reports open with the deviations, each
failure shows where it first parts from the reference, failures are grouped by that rule,
and the per-rule table charges the failures to it rather than to every rule of a deal."""

from __future__ import annotations

import sys
import time

import pytest

from frogspec.cli import main
from frogspec.conform import (
    Run,
    by_rule,
    render_text,
    report_json,
    report_junit,
    report_markdown,
    run_conformance,
)
from frogspec.conform.summary import failure_groups

from .helpers import errors, fake, validator

TWIN = "play.winner-leads-next"
COMMAND = ["env", f"FROGSPEC_TWIN={TWIN}", sys.executable, "-m", "frogspec.harness"]


@pytest.fixture(scope="module")
def twin_run() -> Run:
    """Foster's cases against the reference with the twin of play.winner-leads-next."""
    return run_conformance(COMMAND, rulesets=["foster-1909"])


def test_the_text_report_opens_with_the_twins_rule(twin_run: Run) -> None:
    assert twin_run.failed > 10
    assert twin_run.deviations and twin_run.deviations[0].rule == TWIN
    lines = render_text(twin_run).splitlines()
    assert lines[0].startswith(f"{TWIN} — ") and lines[1] == ""
    assert lines[2] == "Deviations"
    assert lines[3].startswith(f"  1. {TWIN}: ")
    assert lines[-1] == twin_run.summary_line()
    # Quiet keeps the deviations, and drops the tables.
    quiet = render_text(twin_run, quiet=True).splitlines()
    assert quiet[:2] == lines[:2] and "Rules" not in quiet


def test_each_failure_shows_its_first_divergence(twin_run: Run) -> None:
    failed = [o for o in twin_run.outcomes if o.status == "failed"]
    diagnosed = [o for o in failed if o.divergence is not None]
    assert len(diagnosed) == len(failed)
    deal = next(o for o in diagnosed if o.case.op == "game" and len(o.case.rules) > 10)
    divergence = deal.divergence
    assert divergence is not None and divergence.rules[0] == TWIN
    assert divergence.step is not None and divergence.position is not None
    text = render_text(twin_run)
    block = text[text.index(f"FAIL {deal.case.id} ") :]
    block = block[: block.index("\n\n")]
    assert "  first divergence: " in block
    assert f"  position: {divergence.position}" in block
    assert f"  rule: {TWIN}" in block


def test_failures_are_grouped_by_the_rule_of_their_first_divergence(twin_run: Run) -> None:
    groups = failure_groups(twin_run)
    assert groups[0].rule == TWIN and not groups[0].unexplained
    assert sum(len(group.members) for group in groups) == twin_run.failed
    text = render_text(twin_run)
    assert f"\n== {TWIN} ({len(groups[0].members)} cases): The winner of a trick leads" in text


def test_the_rule_table_charges_the_divergence_not_the_whole_deal(twin_run: Run) -> None:
    table = by_rule(twin_run)
    red = {rule for rule, t in table.items() if t.failed}
    touched = {rule for rule, t in table.items() if t.failed_cases}
    assert TWIN in red and len(red) <= 3 < 10 < len(touched)
    assert table[TWIN].failed >= twin_run.failed - 5


def test_the_json_report_has_deviations_and_divergences(twin_run: Run) -> None:
    report = report_json(twin_run)
    assert errors(validator("report"), report) == []
    first = report["deviations"][0]
    assert list(first)[:6] == ["rule", "when", "instead", "reading", "cases", "example"]
    assert first["rule"] == TWIN and first["reading"] is None
    assert set(first["cases"]) <= {c["id"] for c in report["cases"] if c["status"] == "failed"}
    # The example is a vector case ready to add.
    assert errors(validator("vectors", "case"), first["example"]) == []
    failed = [c for c in report["cases"] if c["status"] == "failed"]
    assert failed and all(c["divergence"]["rules"][0] == TWIN for c in failed[:5])
    rules = {r["rule"]: r for r in report["rules"]}
    assert rules[TWIN]["failed"] > 0
    assert sum(1 for r in report["rules"] if r["failed_cases"]) > sum(
        1 for r in report["rules"] if r["failed"]
    )


def test_markdown_and_junit_carry_them(twin_run: Run) -> None:
    markdown = report_markdown(twin_run)
    assert markdown.startswith("# Frog conformance report\n\n- play.winner-leads-next — ")
    assert "\n\n## Deviations\n" in markdown
    assert (
        markdown.index("## Deviations")
        < markdown.index("## Rulesets")
        < markdown.index("## Failures")
    )
    assert f"### {TWIN} (" in markdown
    assert "- first divergence: " in markdown
    assert "first divergence: " in report_junit(twin_run)


def test_nothing_is_diagnosed_when_nothing_fails(reference_run: Run) -> None:
    assert reference_run.deviations == []
    assert all(o.divergence is None for o in reference_run.outcomes)
    assert reference_run.seconds < 30


def test_the_command_line_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--quiet", "--case", "play.*", "--", *COMMAND]) == 1
    out = capsys.readouterr().out
    assert out.startswith("play.winner-leads-next — ")
    assert "\n\nDeviations\n  1. play.winner-leads-next" in out


def test_a_mistake_no_swap_reproduces_is_localised_by_the_unit_op() -> None:
    # The fake counts each Queen 5 in card_points and nothing else: no broken twin or rival
    # reading makes that mistake, but asking the engine's card_points of every card shows
    # which rule departs, when and how: the report says so, and says no swap confirms it.
    run = run_conformance(fake("queen_five"), cases=["cards.points.*"])
    assert run.failed == 4
    assert [(d.rule, d.status, len(d.cases)) for d in run.deviations] == [
        ("cards.points", "localised", 4)
    ]
    deviation = run.deviations[0]
    assert deviation.instead == "a Queen counts 5 instead of 3"
    assert (deviation.probes_disagree, deviation.probes) == (4, 36)
    lines = render_text(run, quiet=True).splitlines()
    assert lines[0] == "cards.points — a Queen counts 5 instead of 3 (4 cases, 36 probes)"
    assert "no swap of a rule reproduces it (localised, not confirmed)" in "\n".join(lines)
    data = report_json(run)
    assert not errors(validator("report"), data)
    first = data["deviations"][0]
    assert first["status"] == "localised" and first["instead"] == deviation.instead
    assert first["evidence"]["stage"] == "card_points" and first["example"]["rules"] == [
        "cards.points"
    ]
    assert report_markdown(run).startswith(
        "# Frog conformance report\n\n- cards.points — a Queen counts 5 instead of 3"
    )


def test_a_deadline_that_passes_during_the_diagnosis_says_the_deviations_are_partial(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every case is run and judged; the deadline then passes while the failures are being
    # diagnosed (the runner's clock is moved on an hour when the diagnosis starts): the
    # verdicts stand, and the cut-off line says the deviations are only what was found.
    def an_hour_later(done: int, total: int) -> None:
        if done == 0:
            now = time.monotonic()
            monkeypatch.setattr(time, "monotonic", lambda: now + 3600.0)

    run = run_conformance(
        fake("queen_five"), cases=["cards.points.*"], deadline=600.0, diagnosing=an_hour_later
    )
    assert run.failed == 4
    assert {o.reason for o in run.outcomes if o.status != "passed"} == {"mismatch"}
    assert run.cut_off is not None
    assert "while the failures were being diagnosed" in run.cut_off
    assert "the deviations are what was found by then" in render_text(run, quiet=True)
