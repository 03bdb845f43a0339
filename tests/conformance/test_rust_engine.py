"""rsfrog, the Rust engine of tests/conformance/engines/rust, through the conformance kit.

The engine is compiled once per session into a temporary directory; without ``rustc``
every test here is skipped. With no house rule it must pass every case of the seven
rulesets its hello offers; each ``--house`` flag departs from one of Foster's rules and
must fail some case of Foster's (and Hoyle's) game.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from frogspec.conform import run_conformance
from frogspec.conform.runner import Run

ENGINE_DIR = Path(__file__).parent / "engines" / "rust"
SOURCE = ENGINE_DIR / "frog.rs"
HOUSE_RULES = json.loads((ENGINE_DIR / "house_rules.json").read_text(encoding="utf-8"))
RULESETS = [
    "foster-1909",
    "hoyle-1907",
    "modern",
    "gamerules",
    "official-1922-solo",
    "official-1922-straight",
    "official-1922-coeur-dalene",
]
# The house rules are written against Foster's game.
HOUSE_RULESETS = ["foster-1909", "hoyle-1907"]


@pytest.fixture(scope="session")
def rsfrog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled engine (skips when rustc is not on PATH)."""
    rustc = shutil.which("rustc")
    if rustc is None:
        pytest.skip("rustc is not on PATH: the Rust engine cannot be built")
    binary = tmp_path_factory.mktemp("rsfrog") / "rsfrog"
    built = subprocess.run(
        [rustc, "-O", "--edition", "2021", str(SOURCE), "-o", str(binary)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    return binary


def conform(binary: Path, *flags: str, rulesets: list[str] = RULESETS) -> Run:
    """Run the kit over the given rulesets, with the given house flags."""
    command = [str(binary)]
    for flag in flags:
        command += ["--house", flag]
    return run_conformance(command, rulesets=rulesets, deadline=None)


def test_engine_offers_its_rulesets(rsfrog: Path) -> None:
    run = conform(rsfrog)
    assert run.hello is not None
    assert sorted(run.hello["rulesets"]) == sorted(RULESETS)


def test_engine_without_house_rules_passes_every_case(rsfrog: Path) -> None:
    run = conform(rsfrog)
    failures = [o.case.id for o in run.outcomes if o.status not in ("passed", "skipped")]
    assert failures == []
    assert run.passed > 1000
    assert run.skipped == 0
    assert run.deviations == []


def test_house_rules_file_lists_the_engines_flags(rsfrog: Path) -> None:
    listed = subprocess.run(
        [str(rsfrog), "--list-house-rules"], capture_output=True, text=True, check=True
    ).stdout.split()
    assert [entry["flag"] for entry in HOUSE_RULES] == listed
    for entry in HOUSE_RULES:
        assert set(entry) == {"flag", "rule", "when", "instead", "keywords"}
        assert entry["when"] and entry["instead"] and entry["keywords"]


def test_unknown_house_rule_is_refused(rsfrog: Path) -> None:
    refused = subprocess.run(
        [str(rsfrog), "--house", "no-such-rule"], capture_output=True, text=True, check=False
    )
    assert refused.returncode == 2
    assert "no-such-rule" in refused.stderr


@pytest.mark.parametrize("flag", [entry["flag"] for entry in HOUSE_RULES])
def test_each_house_rule_fails_some_case(rsfrog: Path, flag: str) -> None:
    run = conform(rsfrog, flag, rulesets=HOUSE_RULESETS)
    assert run.failed > 0, f"--house {flag} fails no case"
    assert run.deviations, f"--house {flag}: the report names no deviation"
