"""The browser tests' DevTools client and their one Chromium (a helper, not a test module).

:class:`Browser` drives Debian's headless Chromium over ``--remote-debugging-pipe``, stdlib
only. ``tests/site/conftest.py`` starts one for the whole session (fixture ``chromium``):
each browser test module takes it from there, so Chromium starts once, not once a module.
Without Chromium the tests fail under CI (``CI`` set) and are skipped, saying why, elsewhere.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

#: Where Debian's package puts Chromium.
CHROMIUM = "/usr/bin/chromium"


def missing(what: str) -> None:
    """Skip (or, under CI, fail) a test that lacks ``what`` it needs, saying so."""
    if os.environ.get("CI"):
        pytest.fail(what)
    pytest.skip(what)


def require_chromium() -> None:
    """Skip or fail, saying how to install it, when Chromium is not there."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        missing(
            f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install -y chromium) "
            "to run the browser tests of the rulebook"
        )


# ------------------------------------------------------------------------- a DevTools client
# A minimal Chrome DevTools Protocol client over --remote-debugging-pipe, stdlib only:
# Chromium reads commands from its descriptor 3 and writes replies and events to its
# descriptor 4, each message JSON ended by a NUL byte.

#: The flags the browser tests run Chromium with (headless, over the pipe, and quiet ones).
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


#: Resolves, on a page whose address carries a search (``?q=...``), to the links Material's
#: search lists once it has answered (or to none after 15 s).
SEARCH_RESULTS = """
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

    def fresh(self) -> None:
        """Back to a blank page at the desktop size, with an empty cache: what a module
        that shares the session's browser starts from."""
        self.navigate("about:blank")
        self.send("Network.clearBrowserCache", session=self.session)
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
            self.session,
        )

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
