"""Expectations match exactly: a declared deviation accepts itself and nothing else.

An implementer declares what the engine does on purpose (``--reading``, ``--house``,
``--expect`` with an earlier report); the kit must still fail the run on every other
departure, and ``frogspec fuzz`` must search past the declared ones.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from frogspec.cli import main
from frogspec.conform.accounting import Accounting
from frogspec.conform.deviations import Deviation
from frogspec.conform.evidence import FieldChanged, LegalChanged, PointsChanged
from frogspec.conform.expectations import (
    Expectation,
    ExpectationError,
    expectation_matches,
    matches_rule,
    parse_house,
    parse_reading,
    read_expectations,
    stale,
)
from frogspec.conform.words import Circumstances
from frogspec.fuzz import fuzz

PYFROG = [
    sys.executable,
    str(Path(__file__).resolve().parent / "engines" / "python" / "frog_engine.py"),
]


def _deviation(rule: str | None, when: str = "", instead: str = "", **more: object) -> Deviation:
    # A departure said in the rules' terms: its situation and what the engine does there.
    said = Accounting(rule or "", when, instead)
    fields: dict[str, object] = {
        "reading": None,
        "reading_rulesets": (),
        "cases": ("a.case",),
        "example": {},
        "circumstances": Circumstances(occasion=said),
        "otherwise": said,
        **more,
    }
    return Deviation(rule=rule, **fields)  # type: ignore[arg-type]


POINTS = _deviation(None, "in foster-1909", differences=(PointsChanged(50, 60),))
LEGAL = _deviation(None, "in foster-1909", differences=(LegalChanged(("play AS",), ()),))
TRUMP = _deviation(None, "in foster-1909", differences=(FieldChanged("trump", None, "H"),))


def _declared(deviation: Deviation, tmp_path: Path) -> list[Expectation]:
    from frogspec.conform.deviations import deviation_json

    path = tmp_path / "expect.json"
    path.write_text(json.dumps({"deviations": [deviation_json(deviation)]}))
    return read_expectations(path)


def test_an_unexplained_deviation_declared_accepts_no_other(tmp_path: Path) -> None:
    (points,) = _declared(POINTS, tmp_path)
    assert expectation_matches(points, POINTS)
    assert not expectation_matches(points, LEGAL)
    assert not expectation_matches(points, TRUMP)
    assert stale([points], [LEGAL, TRUMP]) == [points]


def test_an_unexplained_expectation_saying_nothing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "expect.json"
    path.write_text(json.dumps([{"rule": None}]))
    with pytest.raises(ExpectationError, match="would accept any unexplained deviation"):
        read_expectations(path)


def test_a_declared_deviation_matches_by_rule_when_and_instead(tmp_path: Path) -> None:
    grand = _deviation(
        "settlement.rates-1-2-4", "in foster-1909, in a grand", "pays 5 a point instead of 4"
    )
    (declared,) = _declared(grand, tmp_path)
    assert expectation_matches(declared, grand)
    # The same rule broken another way (a bonus over 90) is another departure.
    bonus = _deviation(
        "settlement.rates-1-2-4", "in foster-1909, the bidder's points 91 or more", "pays 10 more"
    )
    assert not expectation_matches(declared, bonus)
    # A reading declared is not a departure of the engine's own, nor the other way.
    reading = parse_reading("auction.overbid-to-raise=auction.one-round-frog-may-raise")
    assert not expectation_matches(reading, _deviation("auction.overbid-to-raise"))


def test_a_house_rule_no_reading_covers_can_be_declared() -> None:
    with pytest.raises(ExpectationError, match=r"--house play\.must-trump"):
        parse_reading("play.must-trump=play.any-card")
    house = parse_house("play.must-trump")
    assert expectation_matches(house, _deviation("play.must-trump", "when void", "any card"))
    assert not expectation_matches(house, _deviation("play.follow-suit"))
    assert matches_rule(house, _deviation("play.must-trump"))
    with pytest.raises(ExpectationError, match=r"--house no\.such-rule"):
        parse_house("no.such-rule")


def test_conform_house_accepts_the_house_rule_and_fails_on_a_new_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = [*PYFROG, "--fault", "bidder-leads"]
    base = ["conform", "--quiet", "--ruleset", "foster-1909"]
    assert main([*base, "--house", "play.eldest-leads-first", "--", *engine]) == 0
    assert "accepted (does not fail the run): play.eldest-leads-first" in capsys.readouterr().out
    new_fault = [*engine, "--fault", "jack-1"]
    assert main([*base, "--house", "play.eldest-leads-first", "--", *new_fault]) == 1


def test_fuzz_passes_over_a_declared_house_rule_and_finds_a_seeded_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = [*PYFROG, "--fault", "bidder-leads"]
    options: dict[str, object] = {"seed": 1, "rulesets": ("foster-1909",)}
    declared = [parse_house("play.eldest-leads-first")]
    assert fuzz(engine, examples=150, **options).disagreement is not None  # type: ignore[arg-type]
    past = fuzz(engine, examples=150, declared=declared, **options)  # type: ignore[arg-type]
    assert past.disagreement is None and past.declared > 0
    seeded = fuzz([*engine, "--fault", "jack-1"], examples=300, declared=declared, **options)  # type: ignore[arg-type]
    assert seeded.disagreement is not None
    base = ["fuzz", "--quiet", "--seed", "1", "--examples", "150", "--ruleset", "foster-1909"]
    assert main([*base, "--house", "play.eldest-leads-first", "--", *engine]) == 0
    assert "passed over as declared deviations" in capsys.readouterr().out


def test_a_report_cites_the_quote_that_states_the_rule() -> None:
    from dataclasses import replace

    from frogspec.conform.reports import quote_of
    from frogspec.registry import get_rule

    entry = get_rule("play.no-duty-to-head")
    stating = entry.citations[0]
    setting = replace(entry.citations[1], context=True)
    assert quote_of(replace(entry, citations=(setting, stating))) == stating.text()
    assert quote_of(replace(entry, citations=(setting,))) == setting.text()
