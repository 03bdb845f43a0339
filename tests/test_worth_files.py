"""The hand-worth run's files cannot be lost: the package's data is never the default
output, a link or a device is refused, a second run on the same files is refused, the
data file is replaced whole, and a torn last progress line does not stop a resume."""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path

import pytest

from frogspec.errors import InvalidInputError
from frogspec.odds import points_now_solver
from frogspec.worth import MAX_WORKERS, locked, main, replace_atomically, run


def _run(deals: int, out: Path, progress: Path, said: list[str] | None = None) -> int:
    report = said.append if said is not None else (lambda _: None)
    return run(deals, 9, 1, out, progress, "c", solver=points_now_solver, report=report)


def _package_data() -> str:
    data = resources.files("frogspec").joinpath("data", "worth.json").read_bytes()
    return hashlib.sha256(data).hexdigest()


def test_merge_writes_to_the_user_data_folder_not_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    progress = tmp_path / "progress.jsonl"
    _run(2, tmp_path / "first.json", progress)
    before = _package_data()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert main(["merge", "--seed", "9", str(progress)]) == 0
    assert _package_data() == before
    written = json.loads((tmp_path / "share" / "frogspec" / "worth.json").read_text())
    assert written["deals"] == 2
    assert "share/frogspec/worth.json" in capsys.readouterr().err


def test_a_symbolic_link_or_a_device_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "precious.json"
    target.write_text("keep me")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    with pytest.raises(InvalidInputError, match="is a symbolic link: it is not written"):
        _run(1, link, tmp_path / "progress.jsonl")
    assert target.read_text() == "keep me" and link.is_symlink()
    with pytest.raises(InvalidInputError, match="not a regular file"):
        _run(1, Path("/dev/null"), tmp_path / "other.jsonl")
    with pytest.raises(InvalidInputError, match="is a symbolic link"):
        _run(1, tmp_path / "out.json", link)


def test_a_second_run_on_the_same_files_is_refused(tmp_path: Path) -> None:
    out, progress = tmp_path / "worth.json", tmp_path / "progress.jsonl"
    with locked(progress), pytest.raises(InvalidInputError, match="another run is writing"):
        _run(1, out, progress)
    with locked(out), pytest.raises(InvalidInputError, match="another run is writing"):
        _run(1, out, progress)
    assert _run(1, out, progress) == 1  # once the other has ended


def test_a_torn_last_progress_line_is_skipped_with_a_warning(tmp_path: Path) -> None:
    out, progress = tmp_path / "worth.json", tmp_path / "progress.jsonl"
    assert _run(3, out, progress) == 3
    whole = progress.read_text()
    progress.write_text(whole + '{"seed": 9, "index": 3, "sta')  # stopped mid-line
    said: list[str] = []
    assert _run(5, out, progress, said) == 5
    assert said[0].startswith(f"warning: {progress}, line 4: skipped, torn")
    lines = progress.read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == [0, 1, 2, 3, 4]


def test_the_data_file_is_replaced_whole_through_a_file_of_its_own(tmp_path: Path) -> None:
    out = tmp_path / "worth.json"
    out.write_text("old")
    replace_atomically(out, "new")
    assert out.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["worth.json"]


def test_the_command_bounds_its_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["run", "--deals", "10000000", "--seed", "1"],
        ["run", "--deals", "1", "--seed", "1", "--workers", str(MAX_WORKERS + 1)],
    ):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "at most" in err and "Traceback" not in err
