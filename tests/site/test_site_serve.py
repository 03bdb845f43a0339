"""Serving the rulebook (frogspec.site.serve, what ``python3 dev.py serve`` runs): the first
start builds, a start with nothing changed serves the last build without building, and an
edit while it serves is built and served. On a one-page site, so that the test waits for the
server and not for the rulebook."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _page(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
        return str(answer.read().decode("utf-8"))


def _serve(config: Path, port: int) -> subprocess.Popen[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "frogspec.site.serve", "-a", f"127.0.0.1:{port}", "-f", str(config)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        start_new_session=True,
    )


def _until_serving(server: subprocess.Popen[str]) -> str:
    # What the server says up to the line that says it serves.
    assert server.stdout is not None
    said = ""
    deadline = time.monotonic() + 120
    while "Serving on" not in said and time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        said += line
    assert "Serving on" in said, said
    return said


def _stop(server: subprocess.Popen[str]) -> str:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGINT)
    try:
        out, _ = server.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        out, _ = server.communicate()
    return out


@pytest.mark.slow
def test_a_warm_start_serves_the_last_build_and_an_edit_is_served(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "index.md"
    page.write_text("# A first page\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: served\ndocs_dir: docs\n", encoding="utf-8")
    port = _free_port()

    server = _serve(config, port)
    try:
        said = _until_serving(server)
        assert "building the rulebook first" in said and "Building documentation" in said
        assert "A first page" in _page(port)
    finally:
        _stop(server)

    server = _serve(config, port)
    try:
        said = _until_serving(server)
        assert "nothing the rulebook is built from has changed" in said, said
        assert "Building documentation" not in said, said
        assert "A first page" in _page(port)
        # An edit while it serves: built again and served.
        page.write_text("# A page edited\n", encoding="utf-8")
        deadline = time.monotonic() + 60
        while "A page edited" not in _page(port) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert "A page edited" in _page(port)
    finally:
        out = _stop(server)
    assert "Traceback" not in out, out
