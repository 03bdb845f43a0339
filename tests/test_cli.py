"""The frogspec command: every subcommand, and clear errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from frogspec.cli import main
from frogspec.registry import all_rules


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for entry in all_rules():
        assert entry.id in out
    assert "[editorial]" in out


def test_rules_of_one_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--ruleset", "gamerules"]) == 0
    out = capsys.readouterr().out
    assert "auction.one-bid-each" in out and "auction.overbid-to-raise" not in out


def test_rule_shows_statement_quotes_and_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "play.must-trump"]) == 0
    out = capsys.readouterr().out
    assert "If a player cannot follow suit, he must trump" in out
    assert "foster-1909" in out and "frogspec.rules.play.must_trump" in out


def test_editorial_rule_shows_its_reasoning(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "auction.all-pass"]) == 0
    out = capsys.readouterr().out
    assert "editorial ruling" in out and "Reasoning:" in out


@pytest.mark.parametrize("fmt", ["text", "bibtex", "csl-json"])
def test_cite(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cite", "settlement.rates-1-2-3", "--format", fmt]) == 0
    out = capsys.readouterr().out
    if fmt == "csl-json":
        items = json.loads(out)
        assert items[0]["id"] == "frogspec-settlement-rates-1-2-3"
        ids = {i["id"] for i in items}
        # The 1922 book is not consulted: the article that reports it is the cited work.
        assert ids >= {"wikipedia-frog", "gamerules"} and "official-rules-1922" not in ids
        assert "as reported by Wikipedia, rev. 1222580806" in items[0]["title"]
    elif fmt == "bibtex":
        assert (
            "@misc{frogspec-settlement-rates-1-2-3," in out
            and "@book{official-rules-1922," not in out
            and "@comment{Not consulted" in out
        )
    else:
        assert "as reported by Wikipedia" in out


def test_sources(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sources"]) == 0
    out = capsys.readouterr().out
    assert "Foster's Complete Hoyle" in out and "Where a source contradicts itself" in out


def test_unknown_rule_is_a_clear_error_with_the_nearest_ids() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "frogspec.cli", "rule", "play.must-trumps"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "no rule 'play.must-trumps'; did you mean play.must-trump" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unknown_ruleset_is_a_usage_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "frogspec.cli", "rules", "--ruleset", "fostr"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "invalid choice" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: frogspec" in capsys.readouterr().out
