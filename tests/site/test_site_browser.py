"""The built rulebook in a real browser: Debian's Chromium, headless, over the DevTools pipe.

The site is served on 127.0.0.1. The test checks that the home page, a rule page and the
ruleset matrix render, that a rule's permanent anchor resolves, that the search (Material's
lunr index, run by the page's own worker) finds a rule by a word of its quote, and that no
request leaves localhost. Screenshots go to ``artifacts/screenshots/``.

Chromium must be at ``/usr/bin/chromium`` (``apt-get install chromium``). Without it the
test fails under CI (``CI`` set) and is skipped, saying why, elsewhere.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

# ------------------------------------------------------------------------- a DevTools client
# A minimal Chrome DevTools Protocol client over --remote-debugging-pipe, stdlib only:
# Chromium reads commands from its descriptor 3 and writes replies and events to its
# descriptor 4, each message JSON ended by a NUL byte.

#: The flags the browser test runs Chromium with (the issue's, and quiet ones).
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
    "--hide-scrollbars",
    # Nothing may leave the machine: every host but 127.0.0.1 fails to resolve.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--remote-debugging-pipe",
)


class BrowserError(RuntimeError):
    """Chromium failed, answered with an error, or did not answer in time."""


def _high_fd(fd: int) -> int:
    # A copy of ``fd`` numbered 10 or more (close-on-exec), so that placing it on 3 or 4
    # in the child can never be a no-op that keeps the close-on-exec flag.
    high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return high


class Browser:
    """Headless Chromium driven over the DevTools pipe, with one page open."""

    def __init__(self, executable: str, profile: Path, log: Path, timeout: float = 30.0) -> None:
        self.timeout = timeout
        to_chrome_read, to_chrome_write = (_high_fd(fd) for fd in os.pipe())
        from_chrome_read, from_chrome_write = (_high_fd(fd) for fd in os.pipe())
        self._log = open(log, "wb")  # noqa: SIM115 - closed in close()
        # The log's descriptor too must not be 3 or 4 (it is, when a server socket opened
        # first took 3): the pipes would overwrite it before it is placed on 1 and 2.
        log_fd = fcntl.fcntl(self._log.fileno(), fcntl.F_DUPFD_CLOEXEC, 10)
        actions = [
            (os.POSIX_SPAWN_DUP2, to_chrome_read, 3),
            (os.POSIX_SPAWN_DUP2, from_chrome_write, 4),
            (os.POSIX_SPAWN_DUP2, log_fd, 1),
            (os.POSIX_SPAWN_DUP2, log_fd, 2),
        ]
        argv = [executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"]
        self.pid = os.posix_spawn(executable, argv, dict(os.environ), file_actions=actions)
        os.close(log_fd)
        os.close(to_chrome_read)
        os.close(from_chrome_write)
        self._out = to_chrome_write
        self._in = from_chrome_read
        self._next_id = 0
        self._replies: dict[int, dict[str, Any]] = {}
        self._cond = threading.Condition()
        self.events: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.session = self._open_page()

    # ------------------------------------------------------------------ the pipe

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._in, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                with self._cond:
                    self._replies[-1] = {"error": {"message": "Chromium closed the pipe"}}
                    self._cond.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                with self._cond:
                    if "id" in message:
                        self._replies[message["id"]] = message
                    else:
                        self.events.append(message)
                        self._on_event(message)
                    self._cond.notify_all()

    def _on_event(self, message: dict[str, Any]) -> None:
        # Workers (the search worker) are attached as they start; their requests are
        # recorded too. Sent from the reader thread without waiting for the reply.
        if message.get("method") == "Target.attachedToTarget":
            session = message["params"]["sessionId"]
            for method in ("Network.enable", "Runtime.runIfWaitingForDebugger"):
                self._post(method, {}, session)

    def _post(self, method: str, params: dict[str, Any], session: str | None) -> int:
        with self._cond:
            self._next_id += 1
            ident = self._next_id
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        return ident

    def send(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None
    ) -> dict[str, Any]:
        """Send a command and wait for its result; :class:`BrowserError` on an error."""
        ident = self._post(method, params or {}, session)
        deadline = time.monotonic() + self.timeout
        with self._cond:
            while ident not in self._replies and -1 not in self._replies:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BrowserError(f"no answer to {method} within {self.timeout} s")
                self._cond.wait(left)
            reply = self._replies.pop(ident, None) or self._replies[-1]
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error'].get('message')}")
        result: dict[str, Any] = reply.get("result", {})
        return result

    def wait_for_event(self, method: str, since: int, session: str | None = None) -> dict[str, Any]:
        """The first event ``method`` received after ``len(self.events)`` was ``since``."""
        deadline = time.monotonic() + self.timeout
        with self._cond:
            while True:
                for event in self.events[since:]:
                    if event.get("method") == method and (
                        session is None or event.get("sessionId") == session
                    ):
                        return event
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BrowserError(f"no {method} event within {self.timeout} s")
                self._cond.wait(left)

    # ------------------------------------------------------------------ the page

    def _open_page(self) -> str:
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session: str = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        for method in ("Page.enable", "Network.enable", "Runtime.enable"):
            self.send(method, session=session)
        self.send(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True},
            session,
        )
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
            session,
        )
        return session

    def navigate(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        since = len(self.events)
        result = self.send("Page.navigate", {"url": url}, self.session)
        if result.get("errorText"):
            raise BrowserError(f"cannot load {url}: {result['errorText']}")
        if "loaderId" in result:  # a same-document navigation (a new fragment) loads nothing
            self.wait_for_event("Page.loadEventFired", since, self.session)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises are awaited)."""
        result = self.send(
            "Runtime.evaluate",
            {"expression": expression, "awaitPromise": True, "returnByValue": True},
            self.session,
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:60]}...: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path, *, full_page: bool = False) -> None:
        """Save a PNG of the viewport (or of the whole page)."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
            size = self.send("Page.getLayoutMetrics", session=self.session)["cssContentSize"]
            params["clip"] = {
                "x": 0,
                "y": 0,
                "width": size["width"],
                "height": min(size["height"], 6000),
                "scale": 1,
            }
        data = self.send("Page.captureScreenshot", params, self.session)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def requested_urls(self) -> list[str]:
        """Every URL the page and its workers asked for, in order."""
        return [
            event["params"]["request"]["url"]
            for event in self.events
            if event.get("method") == "Network.requestWillBeSent"
        ]

    def requests_outside(self, base: str) -> list[str]:
        """The URLs asked for from any host but ``base``'s, whatever the port (``data:``,
        ``blob:`` and ``about:`` URLs never leave the browser)."""
        host = urlsplit(base).hostname
        return [
            url
            for url in self.requested_urls()
            if not url.startswith(("data:", "blob:", "about:")) and urlsplit(url).hostname != host
        ]

    def close(self) -> None:
        """Close Chromium (killing it if it will not go) and the pipes."""
        with contextlib.suppress(BrowserError):
            self.send("Browser.close")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.05)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        for fd in (self._out, self._in):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._log.close()


def version(executable: str) -> str:
    """``chromium --version``."""
    return subprocess.run(
        [executable, "--version"], capture_output=True, text=True, check=False, timeout=30
    ).stdout.strip()


# ------------------------------------------------------------------------- the tests

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

# A word of a quotation: Foster's "they are not obliged to head the trick".
SEARCH_WORD = "obliged"

# Resolve a search: wait until Material lists results (or 15 s), then return their links.
_SEARCH_RESULTS = """
new Promise(resolve => {
  const started = Date.now();
  const poll = () => {
    const links = [...document.querySelectorAll('.md-search-result__item a')]
      .map(a => a.getAttribute('href'));
    if (links.length || Date.now() - started > 15000) resolve(links);
    else setTimeout(poll, 100);
  };
  poll();
})
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        message = (
            f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install -y chromium) "
            "to run the browser test of the rulebook"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    work = tmp_path_factory.mktemp("chromium")
    try:
        instance = Browser(CHROMIUM, work / "profile", work / "chromium.log")
    except BrowserError as error:
        log = (work / "chromium.log").read_text(errors="replace")[-3000:]
        pytest.fail(f"{version(CHROMIUM)} did not start: {error}\n{log}")
    try:
        yield instance
    finally:
        instance.close()


@pytest.fixture(scope="module", autouse=True)
def _fresh_screenshots() -> None:
    if SCREENSHOTS.exists():
        shutil.rmtree(SCREENSHOTS)
    SCREENSHOTS.mkdir(parents=True)


def _text(browser: Browser) -> str:
    return str(browser.evaluate("document.querySelector('article').innerText"))


def test_home_page_renders(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/")
    assert str(browser.evaluate("document.querySelector('h1').innerText")).startswith(
        "Frog: the rulebook"
    )
    text = _text(browser)
    # The four doors, one per reader, and the history on a page of its own.
    for door in ("Learn to play", "Look up a rule", "Validate an engine", "Cite a rule"):
        assert door in text
    assert "Tapp (württembergischer Tarock)" not in text
    # The stylesheet is applied: the theme's header is coloured, not default black on white.
    header = browser.evaluate(
        "getComputedStyle(document.querySelector('.md-header')).backgroundColor"
    )
    assert header not in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")
    browser.screenshot(SCREENSHOTS / "home.png", full_page=True)
    browser.navigate(served_site + "/history/")
    text = _text(browser)
    assert "Tapp (württembergischer Tarock)" in text
    assert "Translation (ours)" in text


def test_rule_page_and_permanent_anchor(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/rules/play/#play.must-trump")
    found = browser.evaluate(
        "[!!document.getElementById('play.must-trump'), !!document.getElementById('play-must-trump')]"
    )
    assert found == [True, True]
    # The browser scrolled to the rule: its heading is near the top of the window.
    top = browser.evaluate("document.getElementById('play-must-trump').getBoundingClientRect().top")
    assert browser.evaluate("window.scrollY") > 500
    assert 0 <= top < 300
    text = _text(browser)
    assert "If a player cannot follow suit, he must trump" in text
    assert "Diamonds led: 7H" in text  # the example's output, run at build time
    browser.screenshot(SCREENSHOTS / "rule-play-must-trump.png")
    # Another rule on the same page: the browser moves to it.
    browser.navigate(served_site + "/rules/play/#play-no-duty-to-head")
    top = browser.evaluate(
        "document.getElementById('play-no-duty-to-head').getBoundingClientRect().top"
    )
    assert 0 <= top < 300


def test_ruleset_matrix_renders(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/rulesets/")
    columns = browser.evaluate("document.querySelectorAll('article table')[0].rows[0].cells.length")
    assert columns == 8  # the question, then seven rulesets
    text = _text(browser)
    assert "How are the cards dealt?" in text and "packets-3-3-4-4" in text
    browser.screenshot(SCREENSHOTS / "rulesets-matrix.png", full_page=True)


def test_cards_are_drawn_in_colour(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/deals/foster-frog/")
    counts = browser.evaluate(
        "[document.querySelectorAll('.fs-card.fs-red').length,"
        " document.querySelectorAll('.fs-card.fs-black').length]"
    )
    assert counts[0] >= 18 and counts[1] >= 18
    red = browser.evaluate("getComputedStyle(document.querySelector('.fs-card.fs-red')).color")
    assert red == "rgb(200, 16, 46)"
    browser.screenshot(SCREENSHOTS / "annotated-deal.png", full_page=True)


def test_search_finds_a_rule_by_a_word_of_its_quote(browser: Browser, served_site: str) -> None:
    before = len(browser.requested_urls())
    browser.navigate(served_site + f"/?q={SEARCH_WORD}")
    links = browser.evaluate(_SEARCH_RESULTS)
    found = {(urlsplit(link).path, urlsplit(link).fragment) for link in links}
    assert ("/rules/play/", "play-no-duty-to-head") in found, links
    assert any(
        url.endswith("search/search_index.json") for url in browser.requested_urls()[before:]
    )
    browser.screenshot(SCREENSHOTS / "search.png")


def test_cite_page_builds_one_bibliography(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/cite/")
    # The page's script loads the citations (offline, beside the page), then joins the
    # ticked rules' entries: each source once.
    browser.evaluate(
        """new Promise((done) => {
          const tick = (id) => {
            const box = document.querySelector(`input[value="${id}"]`);
            box.checked = true;
            box.dispatchEvent(new Event("change"));
          };
          const ready = () => {
            if (document.querySelector(".fs-cite").dataset.citeReady === "yes") {
              const format = document.getElementById("fs-cite-format");
              format.value = "bibtex";
              format.dispatchEvent(new Event("change"));
              tick("play.must-trump");
              tick("play.follow-suit");
              done(true);
            } else {
              setTimeout(ready, 50);
            }
          };
          ready();
        })"""
    )
    text = str(browser.evaluate("document.getElementById('fs-cite-output').textContent"))
    assert text.startswith("@misc{frogspec-play-follow-suit,") or text.startswith(
        "@misc{frogspec-play-must-trump,"
    )
    assert text.count("@book{foster-1909,") == 1
    assert "@misc{frogspec-play-must-trump," in text and "@misc{frogspec-play-follow-suit," in text
    link = browser.evaluate("document.getElementById('fs-cite-download').download")
    assert link == "frogspec-citation.bib"
    browser.screenshot(SCREENSHOTS / "cite.png")


def test_no_request_leaves_localhost(browser: Browser, served_site: str) -> None:
    # Runs last: every page above has been loaded by now.
    urls = browser.requested_urls()
    assert len(urls) > 10
    outside = browser.requests_outside(served_site)
    assert not outside, "requests that left localhost:\n" + "\n".join(outside)
