"""What a newcomer meets first: the commands' first words, the server, the package data.

Each test is one detail a first-time user would trip on: ``frogspec rules`` starting with a blank line,
``frogspec fuzz`` printing a seed before its usage error, ``python -m frogspec.harness``
waiting silently in a terminal, ``frogspec twins`` missing, ``frogspec rule`` giving no
address, ``python3 dev.py serve`` leaving its server running or failing with a traceback
when the port is taken, the ``license`` field in a form setuptools deprecates.
"""

from __future__ import annotations

import ast
import contextlib
import os
import pty
import re
import select
import signal
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest

from frogspec.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse's usage errors
        status = int(stop.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_rules_starts_with_its_first_topic(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules")
    assert status == 0
    assert out.startswith("Players and seats\n  seats.")
    assert "\n\nThe cards\n" in out  # the topics are still set apart


def test_fuzz_without_a_command_prints_its_usage_error_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = _run(capsys, "fuzz")
    assert status == 2 and out == ""
    assert err.startswith("usage: frogspec fuzz")
    assert "error: give the implementation's command after --" in err
    assert "seed" not in err


def test_twins_is_a_command_like_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--help")
    assert "twins" in out
    status, out, _ = _run(capsys, "twins", "list")
    assert status == 0 and out.startswith("seats.")
    status, _, err = _run(capsys, "twins")
    assert status == 2 and err.startswith("usage: frogspec twins")


def test_rule_prints_its_address_on_the_rulebook(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import frogspec.served

    monkeypatch.delenv("FROGSPEC_SITE_URL", raising=False)
    monkeypatch.delenv(frogspec.served.SERVED_VARIABLE, raising=False)
    monkeypatch.setattr(frogspec.served, "ROOT", tmp_path)
    _, out, _ = _run(capsys, "rule", "play.must-trump")
    assert (
        "In the rulebook: http://127.0.0.1:8000/rules/play/#play-must-trump once python3 "
        "dev.py serve runs (not served now)" in out
    )
    # While dev.py serve runs, the address it really serves on.
    frogspec.served.record_served("http://127.0.0.1:8765/")
    _, out, _ = _run(capsys, "rule", "play.must-trump")
    assert "In the rulebook: http://127.0.0.1:8765/rules/play/#play-must-trump (served by" in out
    # The site's build says no server runs, whatever runs meanwhile.
    monkeypatch.setenv(frogspec.served.SERVED_VARIABLE, "")
    _, out, _ = _run(capsys, "rule", "play.must-trump")
    assert "8765" not in out and "(not served now)" in out
    monkeypatch.delenv(frogspec.served.SERVED_VARIABLE)
    # A record left by a server that has stopped is not believed.
    record = tmp_path / frogspec.served.SERVED_AT
    record.write_text('{"pid": 999999999, "url": "http://127.0.0.1:8765/"}', encoding="utf-8")
    _, out, _ = _run(capsys, "rule", "play.must-trump")
    assert "8765" not in out
    # The published site's address, when it is configured and nothing is served here.
    monkeypatch.setenv("FROGSPEC_SITE_URL", "https://rules.example.org/frog/")
    _, out, _ = _run(capsys, "rule", "play.must-trump")
    assert "In the rulebook: https://rules.example.org/frog/rules/play/#play-must-trump\n" in out
    frogspec.served.record_served("http://127.0.0.1:8765/")
    _, out, _ = _run(capsys, "rule", "play.must-trump")
    assert "In the rulebook: http://127.0.0.1:8765/rules/play/#play-must-trump (served by" in out
    # The rule and its sources come first, where the reference implements it after.
    assert out.index("A player who cannot follow suit") < out.index("Sources:")
    assert out.index("Sources:") < out.index("Implemented by:")


def test_the_address_is_the_built_page_of_the_rule(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import frogspec.served

    monkeypatch.delenv("FROGSPEC_SITE_URL", raising=False)
    monkeypatch.setattr(frogspec.served, "ROOT", tmp_path)
    # The path the command prints is where the site puts the rule's section.
    from frogspec.registry import get_rule
    from frogspec.site.markup import page_of_rule

    entry = get_rule("scoring.widow-counts-for-bidder")
    assert page_of_rule(entry) == "rules/scoring.md"
    from frogspec.cli import rule_address

    assert rule_address(entry).startswith(
        "http://127.0.0.1:8000/rules/scoring/#scoring-widow-counts-for-bidder"
    )


def _read_until(fd: int, wanted: bytes, timeout: float = 30) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.slow
def test_the_harness_in_a_terminal_says_what_it_is_and_waits() -> None:
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "frogspec.harness"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        cwd=ROOT,
    )
    os.close(follower)
    try:
        greeting = _read_until(leader, b"Ctrl-D")
        assert b"reference implementation of the Frog conformance protocol" in greeting
        assert proc.poll() is None  # it waits for requests
        os.write(leader, b'{"id": 1, "op": "hello"}\n')
        answer = _read_until(leader, b'"result"')
        assert b'"id": 1' in answer or b'"id":1' in answer
        os.write(leader, b"\x04")  # Ctrl-D: the end of input
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)


def test_the_harness_on_a_pipe_says_nothing_but_answers() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "frogspec.harness"],
        input='{"id": 1, "op": "hello"}\n',
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    assert done.stderr == "" and done.stdout.count("\n") == 1


def test_the_license_is_an_spdx_expression_with_its_file() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    assert project["project"]["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    floor = [r for r in project["build-system"]["requires"] if r.startswith("setuptools")]
    # setuptools reads the SPDX string and license-files from version 77 on.
    assert floor == ["setuptools>=77"]
    assert not any("License ::" in c for c in project["project"].get("classifiers", []))


# ----------------------------------------------------------------------- dev.py serve


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _dev(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "dev.py"), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Its own process group, so that a failing test can end dev.py's server too (an
        # orphaned server would hold the pipes open and hang the test).
        start_new_session=True,
        # As in a background shell, where SIGINT is ignored and passed on ignored.
        preexec_fn=_ignore_sigint,
    )


def _end(proc: subprocess.Popen[str]) -> None:
    """Kill dev.py and whatever it started, then collect its output."""
    if proc.poll() is None or _group_alive(proc.pid):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def _venv_ready() -> bool:
    return (ROOT / ".venv" / ".frogspec-installed").exists()


@pytest.mark.slow
@pytest.mark.skipif(not _venv_ready(), reason="dev.py has not set up .venv yet")
def test_serve_says_plainly_when_the_port_is_taken() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _dev("serve", "-a", f"127.0.0.1:{port}")
        out, err = proc.communicate(timeout=600)
    assert proc.returncode == 1
    assert f"port {port} on 127.0.0.1 is already in use" in err
    assert "Traceback" not in out + err


@pytest.mark.slow
@pytest.mark.skipif(not _venv_ready(), reason="dev.py has not set up .venv yet")
def test_serve_says_it_blocks_and_stops_its_server_on_a_signal(tmp_path: Path) -> None:
    # A one-page site, so that the test waits for the server and not for the rulebook.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# A page\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: served\ndocs_dir: docs\n", encoding="utf-8")
    port = _free_port()
    # Twice on the same port: a server just stopped (its sockets in TIME-WAIT, since the
    # test fetched a page) must not hold the port against the next.
    for _ in range(2):
        proc = _dev("serve", "-a", f"127.0.0.1:{port}", "-f", str(config))
        assert proc.stdout is not None
        try:
            first = proc.stdout.readline() + proc.stdout.readline()
            assert "keeps running" in first and "Ctrl-C" in first, proc.communicate()
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=5) as page:
                        page.sendall(b"GET / HTTP/1.0\r\n\r\n")
                        assert page.recv(12).startswith(b"HTTP/1.")
                    break
                except OSError:
                    assert proc.poll() is None, proc.communicate()
                    time.sleep(1)
            else:
                pytest.fail("the rulebook server never listened")
            proc.send_signal(signal.SIGTERM)  # to dev.py alone, not to its server
            # dev.py gives its server 2 s in all (it used to wait 10 s for a SIGINT that a
            # server started with SIGINT ignored never heeds); 9 s leaves room for a busy
            # machine without letting the old wait pass.
            out, err = proc.communicate(timeout=9)
            assert proc.returncode == 0
            assert "the rulebook server has stopped" in out
            assert "Traceback" not in out + err
            assert not _group_alive(proc.pid), "dev.py left its server running"
            with pytest.raises(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
        finally:
            _end(proc)


# ------------------------------------------------------------- installing and running


def test_pip_install_is_enough_to_fuzz() -> None:
    # `frogspec fuzz` draws with hypothesis: a plain install must bring it.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert [d for d in project["project"]["dependencies"] if d.startswith("hypothesis")]


def test_fuzz_without_hypothesis_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "hypothesis", None)  # import hypothesis fails
    status, out, err = _run(capsys, "fuzz", "--", sys.executable, "-m", "frogspec.harness")
    assert status == 2 and out == ""
    assert "fuzzing needs hypothesis, which is not installed: pip install" in err
    assert "Traceback" not in err


def test_the_validate_pages_skeleton_fails_no_case(tmp_path: Path) -> None:
    from frogspec.conform import run_conformance

    page = (ROOT / "docs" / "validate.md").read_text(encoding="utf-8")
    skeleton = re.search(r"A skeleton in Python.*?```python\n(.*?)```", page, re.S)
    assert skeleton is not None
    program = tmp_path / "my_frog.py"
    program.write_text(skeleton.group(1), encoding="utf-8")
    run = run_conformance([sys.executable, str(program)])
    assert run.hello is not None and run.passed > 0
    assert run.failed == 0, [o.case.id for o in run.outcomes if o.status != "passed"][:5]


def test_an_unknown_ruleset_suggests_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "conform", "--ruleset", "fooster")
    assert status == 2
    assert "(did you mean 'foster-1909'?)" in err and "skat" not in err


def test_the_help_names_the_vectors_check_that_exists(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = _run(capsys, "--help")
    assert "vectors generate --check" in " ".join(out.split())
    status, _, _ = _run(capsys, "vectors", "generate", "--help")
    assert status == 0 and "--check" in capsys.readouterr().out + out


def _dev_py() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("_frogspec_dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    return dev


def test_dev_py_test_runs_the_quick_selection_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev = _dev_py()
    monkeypatch.delenv("FROGSPEC_TEST_ALL", raising=False)
    assert dev._test_selection(["-k", "auction"]) == ["-m", "not slow and not browser"]
    assert "FROGSPEC_TEST_ALL=1 runs everything" in capsys.readouterr().out
    assert dev._test_selection(["tests/site/test_site_browser.py::test_home_page_renders"]) == []
    assert dev._test_selection(["-m", "slow"]) == []
    monkeypatch.setenv("FROGSPEC_TEST_ALL", "1")
    assert dev._test_selection([]) == []
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "export FROGSPEC_TEST_ALL=1" in ci


def test_dev_py_port_probe_ignores_time_wait() -> None:
    # A port whose only socket is in TIME-WAIT (a server that closed a connection first,
    # then stopped) is free for the next server; a listening one is not.
    dev = _dev_py()
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert dev._port_taken("127.0.0.1", port)
        with socket.create_connection(("127.0.0.1", port)) as client:
            accepted, _ = server.accept()
            accepted.close()  # the server's side closes first: it goes to TIME-WAIT
            client.recv(1)
    assert not dev._port_taken("127.0.0.1", port)


@pytest.mark.skipif(not _venv_ready(), reason="dev.py has not set up .venv yet")
@pytest.mark.parametrize(
    "address", ["127.0.0.1:99999", "127.0.0.1:port", "no-such-host.invalid:8000"]
)
def test_serve_on_a_bad_address_says_so_in_one_line(address: str) -> None:
    proc = _dev("serve", "-a", address)
    try:
        out, err = proc.communicate(timeout=120)
    finally:
        _end(proc)
    assert proc.returncode == 2, out + err
    assert "Traceback" not in out + err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and f"cannot serve on {address.rsplit(':', 1)[0]}" in lines[0], err


# --- where a newcomer looks for a rule --------------------------------------------------------

RULES_DIR = ROOT / "frogspec" / "rules"


def _rules_files_saying(*phrases: str) -> set[str]:
    """The chapters of rules whose text holds any of the phrases (case aside)."""
    found: set[str] = set()
    for path in RULES_DIR.glob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        if any(phrase in text for phrase in phrases):
            found.add(path.name)
    return found


def test_must_trump_is_found_where_the_duty_is() -> None:
    # The guess by file name is rules/trump.py; the duty is one of the play's, in
    # rules/play.py, and trump.py says so.
    assert _rules_files_saying("must trump", "must-trump", "must_trump") == {"play.py", "trump.py"}
    trump = (RULES_DIR / "trump.py").read_text(encoding="utf-8")
    docstring = trump.split('"""')[1]
    assert "frogspec.rules.play.must_trump" in docstring and "rules/play.py" in docstring


def test_who_pays_whom_is_found_in_the_settlement() -> None:
    assert _rules_files_saying("who pays whom") == {"settlement.py"}
    settlement = (RULES_DIR / "settlement.py").read_text(encoding="utf-8")
    assert "who pays whom" in settlement.split('"""')[1]


def test_which_rule_a_failure_is_blamed_on_is_found_in_blame() -> None:
    # The kit's answer to "why is this failure filed under that rule?" is one module, and the
    # module that groups the divergences points to it.
    kit = ROOT / "frogspec" / "conform"
    docstrings = {
        path.relative_to(kit).as_posix(): (ast.get_docstring(ast.parse(path.read_text())) or "")
        for path in kit.rglob("*.py")
    }
    saying = {name for name, text in docstrings.items() if "blamed on" in text.lower()}
    assert "deviations.py" in saying and len(saying) <= 2, saying
    assert "which rule each failing case is charged to" in docstrings["blame.py"].lower()
    assert "frogspec.conform.blame" in docstrings["deviations.py"]
