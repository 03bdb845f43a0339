"""Shared fixtures of the site tests: the generated pages made once, one strict build per
run, a local server, and one headless Chromium for every browser test.

The build (``mkdocs build --strict``) is the slow part, so it runs once and every test
that needs the built site shares it; so is Chromium's start, so it starts once too.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType

import pytest

from .browser import CHROMIUM, Browser, BrowserError, require_chromium, version

ROOT = Path(__file__).resolve().parents[2]


def build_rulebook(out: Path, **env: str) -> str:
    """Build the rulebook strict into ``out`` (with ``env`` added to the environment) and
    return what the build said; a failed build fails the test."""
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}")
    return proc.stderr


@pytest.fixture(scope="session")
def site_pages() -> Mapping[str, str]:
    """Every generated page's Markdown (:func:`frogspec.site.generated_pages`), made once for
    the whole run and read-only, so that no test can change what another reads."""
    from frogspec.site import generated_pages

    return MappingProxyType(generated_pages())


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The rulebook, built strict into a temporary directory."""
    out = tmp_path_factory.mktemp("site")
    build_rulebook(out)
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def served_site(built_site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """Headless Chromium for the whole session (skipped, or failed under CI, without it);
    each browser module starts from :meth:`Browser.fresh`."""
    require_chromium()
    work = tmp_path_factory.mktemp("chromium")
    try:
        # 200 s an answer: the Play and replay pages wait for Pyodide to start.
        instance = Browser(CHROMIUM, work / "profile", work / "chromium.log", timeout=200)
    except BrowserError as error:
        log = (work / "chromium.log").read_text(errors="replace")[-3000:]
        pytest.fail(f"{version(CHROMIUM)} did not start: {error}\n{log}")
    try:
        yield instance
    finally:
        instance.close()


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``browser`` every test that uses Chromium and ``slow`` every test that needs the
    built site, however it reaches the fixture, so that the quick selection
    (``-m "not slow and not browser"``) leaves them out."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "chromium" in fixtures:
            item.add_marker(pytest.mark.browser)
        if "built_site" in fixtures:  # a strict build of the whole rulebook first
            item.add_marker(pytest.mark.slow)
