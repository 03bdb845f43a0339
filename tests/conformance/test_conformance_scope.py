"""The scope a report states: what the implementation offered, the filters, the skips; a
badge that cannot pass a stub off as a full engine; the vectors found after a plain
install of the wheel, or an error that names ``--vectors``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from frogspec.cli import main
from frogspec.conform import (
    Run,
    UsageError,
    badge,
    expects_unsupported,
    render_text,
    report_markdown,
    run_conformance,
)

from .helpers import FAKES, fake

ROOT = Path(__file__).resolve().parents[2]


def _variant(mode: str) -> list[str]:
    return [sys.executable, str(FAKES / "variants.py"), mode]


@pytest.fixture(scope="module")
def stub_run() -> Run:
    """Every case against an engine whose hello offers only card_points."""
    return run_conformance(_variant("cards-only"))


def test_a_stub_is_not_a_full_engine(stub_run: Run) -> None:
    # The cases of the ops it offers (card_points, and hello, which every implementation
    # answers), and those that expect unsupported (sent to everyone).
    cards = sum(
        1
        for o in stub_run.outcomes
        if o.case.op in ("card_points", "hello") or expects_unsupported(o.case)
    )
    assert stub_run.passed == cards and stub_run.failed == 0
    optional = sum(1 for o in stub_run.outcomes if o.status == "skipped" and o.case.extension)
    counted = len(stub_run.outcomes) - optional
    assert badge(stub_run) == {
        "schemaVersion": 1,
        "label": "frog conformance",
        "message": f"all rulesets: {cards}/{counted}",
        "color": "red",
    }


def test_the_text_and_markdown_state_the_scope(stub_run: Run) -> None:
    text = render_text(stub_run)
    lines = text.splitlines()
    assert "offered ops: hello, card_points" in lines
    assert any(line.startswith("offered rulesets: foster-1909, hoyle-1907") for line in lines)
    (missing,) = [line for line in lines if line.startswith("not offered")]
    assert "op game" in missing and "op perft" in missing and "ruleset" not in missing
    assert "filters: none" in lines
    (skipped,) = [line for line in lines if line.startswith("skipped: ")]
    assert skipped.startswith(f"skipped: {stub_run.skipped} (")
    # A game case that expects unsupported (an unknown ruleset) is sent, not skipped.
    game = sum(
        1 for o in stub_run.outcomes if o.case.op == "game" and not expects_unsupported(o.case)
    )
    assert f"{game} op game not offered" in skipped
    markdown = report_markdown(stub_run)
    assert "- offered ops: hello, card_points" in markdown
    assert f"- {skipped}" in markdown and "- filters: none" in markdown


def test_what_is_optional_does_not_count_against_the_badge() -> None:
    # No perft, no first_dealer, no widow_shown, no gamerules: only the extensions are free.
    run = run_conformance(
        fake("unsupported"), cases=["perft.*", "first-dealer.*", "trick.*", "widow.*"]
    )
    lines = render_text(run).splitlines()
    assert any(
        line.startswith("not offered (the vectors have cases for them): op first_dealer, op perft")
        for line in lines
    )
    (skipped,) = [line for line in lines if line.startswith("skipped: ")]
    assert "op perft not offered" in skipped and "answered unsupported" in skipped
    assert "no widow_shown field" in skipped
    optional = sum(1 for o in run.outcomes if o.status == "skipped" and o.case.extension)
    assert 0 < optional < run.skipped  # gamerules cases answered unsupported still count
    assert badge(run)["message"] == (
        f"all rulesets (filtered): {run.passed}/{len(run.outcomes) - optional}"
    )
    assert badge(run)["color"] != "brightgreen"


def test_the_badge_names_the_ruleset_filter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "badge.json"
    assert main(["conform", "--quiet", "--ruleset", "foster-1909", "--badge", str(path)]) == 0
    summary = capsys.readouterr().out.splitlines()[-1]
    passed = int(summary.split()[0])
    assert json.loads(path.read_text()) == {
        "schemaVersion": 1,
        "label": "frog conformance",
        "message": f"foster-1909: {passed}/{passed}",
        "color": "brightgreen",
    }


def test_filters_are_stated(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["conform", "--ruleset", "gamerules", "--rule", "settle", "--case", "settle.*"]) == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert "filters: --ruleset gamerules --rule settle --case settle.*" in out


# --- the vectors after a plain install ------------------------------------------------


def test_a_built_package_ships_the_vectors_and_finds_them(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for name in ("frogspec", "spec", "build_backend"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    # A wheel built as pip builds one: in an isolated environment with the build
    # requirements of pyproject.toml (setuptools>=77 reads its SPDX licence), not with
    # whatever setuptools the test's environment happens to hold.
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--disable-pip-version-check",
            "--wheel-dir",
            str(wheels),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = wheels.glob("frogspec-*.whl")
    built = tmp_path / "built"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(built)
    for name in ("vectors", "schema"):
        shipped = built / "frogspec" / "spec" / name
        originals = sorted(p.name for p in (ROOT / "spec" / name).iterdir())
        assert sorted(p.name for p in shipped.iterdir()) == originals
        for file_name in originals:
            assert (shipped / file_name).read_bytes() == (
                ROOT / "spec" / name / file_name
            ).read_bytes()
    # The package's data too: the texts quoted and the hand-written vector tables.
    for folder in ("sources", "tables"):
        data = ROOT / "frogspec" / "data" / folder
        assert sorted(p.name for p in (built / "frogspec" / "data" / folder).iterdir()) == sorted(
            p.name for p in data.iterdir()
        ), f"the wheel does not ship frogspec/data/{folder}/"
    # Installed (no checkout around it), frogspec finds the copy it ships.
    env = {**os.environ, "PYTHONPATH": str(built)}
    away = tmp_path / "elsewhere"
    away.mkdir()
    found = subprocess.run(
        [
            sys.executable,
            "-c",
            "import frogspec.vectors.model as m; print(m.__file__); print(m.default_vectors_dir())",
        ],
        cwd=away,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    assert found == [
        str(built / "frogspec" / "vectors" / "model.py"),
        str(built / "frogspec" / "spec" / "vectors"),
    ]
    run = subprocess.run(
        [sys.executable, "-m", "frogspec.conform", "--quiet", "--case", "cards.points.a*"],
        cwd=away,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "4 passed, 0 failed, 0 skipped"


def test_the_checkout_copy_comes_first() -> None:
    from frogspec.vectors.model import default_vectors_dir

    assert default_vectors_dir() == ROOT / "spec" / "vectors"


def test_missing_vectors_name_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(UsageError, match="--vectors DIR"):
        run_conformance(None, vectors=tmp_path / "nowhere")
    assert main(["conform", "--vectors", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert "no vectors directory at" in err and "--vectors DIR" in err and "Traceback" not in err
