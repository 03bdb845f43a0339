"""The command line against hostile input: a file that is a device, a FIFO, too deep, with
too long a number or a lone surrogate; numbers out of bounds; control characters; a reader
that goes away. Each is one line naming what is wrong, exit 2, and never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from frogspec.cli import MAX_SHOWN_CHARS, main
from frogspec.jsonline import MAX_LINE_BYTES, LineError, read_json_file

_ROOT = Path(__file__).resolve().parents[1]

#: A file's text and the words its refusal names.
_FILES = {
    "deep.json": ("[" * 100_000, "nesting deeper than 64"),
    "number.json": ("[" + "9" * 5000 + "]", "a number of 5000 characters (at most 40)"),
    "surrogate.json": ('[{"rule": "\\udc00"}]', "a lone surrogate"),
    "not-json.json": ("{", "not JSON"),
}


def _hostile_file(folder: Path, name: str) -> Path:
    if name == "fifo.json":
        path = folder / name
        os.mkfifo(path)
        return path
    if name == "/dev/zero":
        return Path(name)
    path = folder / name
    path.write_text(_FILES[name][0], encoding="utf-8")
    return path


def _said(name: str) -> str:
    return _FILES[name][1] if name in _FILES else "is not a regular file"


@pytest.mark.parametrize("name", [*_FILES, "fifo.json", "/dev/zero"])
def test_an_expectation_file_out_of_bounds_is_refused_in_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _hostile_file(tmp_path, name)
    assert main(["conform", "--expect", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("frogspec conform: --expect: ") and _said(name) in err


@pytest.mark.parametrize("name", [*_FILES, "fifo.json"])
def test_a_vector_file_out_of_bounds_is_refused_in_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _hostile_file(tmp_path, name)
    assert main(["conform", "--vectors", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert "cannot read a vector file" in err and _said(name) in err


@pytest.mark.parametrize(
    ("field", "value"), [("seeds", ["x"]), ("seeds", [{}]), ("rules", 3), ("request", [])]
)
def test_a_case_of_the_wrong_shape_is_refused_in_one_line(
    field: str, value: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = {"id": "a.b", "request": {"op": "hello"}, "response": {}, "rules": [], field: value}
    (tmp_path / "a.json").write_text(json.dumps({"spec": "1", "cases": [case]}))
    assert main(["conform", "--vectors", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "a.json" in err and "Traceback" not in err


def test_the_fuzzer_refuses_an_expectation_file_that_is_a_device(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["fuzz", "--expect", "/dev/zero", "--", "true"]) == 2
    err = capsys.readouterr().err
    assert "--expect: /dev/zero is not a regular file" in err and "Traceback" not in err


def test_a_file_is_read_no_further_than_the_bound(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as stream:
        stream.truncate(MAX_LINE_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(LineError, match="longer than 16,777,216 bytes"):
        read_json_file(big)


@pytest.mark.parametrize("value", ["inf", "1e309", "nan", "0", "2000000"])
def test_a_number_of_seconds_out_of_bounds_is_refused(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for option in ("--timeout", "--deadline", "--start-timeout"):
        with pytest.raises(SystemExit) as exit_:
            main(["conform", option, value])
        assert exit_.value.code == 2
        assert "Traceback" not in capsys.readouterr().err


def test_an_argument_with_control_characters_is_shown_escaped_and_cut(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cite", "\x1b[2J\x1b]0;owned\x07" + "x" * 5000]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < MAX_SHOWN_CHARS + 20
    assert "\x1b" not in err and "\\x1b[2J" in err


def _harness(requests: bytes, *pipe: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(_ROOT)}
    command = f"{sys.executable} -m frogspec.harness" + "".join(f" | {p}" for p in pipe)
    return subprocess.run(
        command, shell=True, input=requests, capture_output=True, env=env, timeout=300
    )


def test_the_harness_is_quiet_when_its_reader_goes_away() -> None:
    done = _harness(b'{"id": 1, "op": "hello", "spec": "1"}\n' * 100_000, "head -1")
    assert done.stdout.count(b"\n") == 1
    assert done.stderr == b""


def test_no_answer_is_longer_than_the_bound_on_requests() -> None:
    line = json.dumps({"id": 1, "op": "x" * (MAX_LINE_BYTES - 40)}).encode()
    assert len(line) <= MAX_LINE_BYTES
    done = _harness(line + b"\n")
    (answer,) = done.stdout.splitlines()
    assert len(answer) < 2000
    assert json.loads(answer)["error"]["kind"] == "unsupported"


def test_a_blank_line_is_no_request_and_any_other_line_is_answered() -> None:
    done = _harness(b" \t\r\n\n\x0c\n" + b'{"id": 2, "op": "hello", "spec": "1"}\n')
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [None, 2]
    assert answers[0]["error"]["kind"] == "invalid"
