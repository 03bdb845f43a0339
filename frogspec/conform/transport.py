"""How the runner speaks to an implementation: one JSON line out, one JSON line back.

:class:`Implementation` runs a command and reads its standard output on a thread, so that
a crash, a hang, a line that is not JSON, not UTF-8 or never finished, or an answer with
the wrong id each becomes a :class:`Failure` naming the reason instead of stopping the run.
:class:`Transport` is what the runner needs of it, so the pytest plugin can speak to a
Python object in process instead.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from typing import IO, Protocol

from frogspec._types import Json
from frogspec.jsonline import MAX_LINE_BYTES, LineError, Overlong, decode_line

__all__ = ["MAX_LINE", "Failure", "Implementation", "Transport", "UsageError", "short"]


class UsageError(Exception):
    """A mistake in the command line (exit status 2)."""


class Failure(Exception):
    """An exchange that went wrong: ``reason`` is a key of :data:`frogspec.conform.runner.REASONS`."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


_EOF = object()

#: The longest answer line the runner reads (bytes); a longer one fails the case.
MAX_LINE = MAX_LINE_BYTES


def short(data: bytes | str, limit: int = 200) -> str:
    text = repr(data)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: The reason (of :data:`frogspec.conform.runner.REASONS`) for each bound of a line.
_REASON_OF_BOUND = {
    "length": "out-of-bounds",
    "depth": "out-of-bounds",
    "number": "out-of-bounds",
    "utf-8": "not-utf8",
    "surrogate": "not-utf8",
}


def _failure(error: LineError, line: bytes) -> tuple[str, str]:
    """The reason and message of an answer line refused by :func:`decode_line`."""
    reason = _REASON_OF_BOUND.get(error.bound, "junk")
    return reason, f"the answer is refused ({error.bound}: {error.message}): {short(line)}"


class Implementation:
    """A running implementation under test, spoken to over its standard input and output.

    One reader thread splits standard output into lines; another keeps the tail of
    standard error. :meth:`exchange` sends one request and waits at most ``timeout``
    seconds for its line.
    """

    def __init__(
        self, command: Sequence[str], timeout: float, env: dict[str, str] | None = None
    ) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.stderr_tail: deque[str] = deque(maxlen=40)
        self._lines: queue.Queue[object] = queue.Queue()
        self._partial = b""
        self._lock = threading.Lock()
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            raise UsageError(f"cannot start {' '.join(self.command)!r}: {error}") from None
        assert self.process.stdout is not None and self.process.stderr is not None
        self._threads = [
            threading.Thread(target=self._read_stdout, args=(self.process.stdout,), daemon=True),
            threading.Thread(target=self._read_stderr, args=(self.process.stderr,), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _read_stdout(self, stream: IO[bytes]) -> None:
        fd = stream.fileno()
        parts: list[bytes] = []  # the line so far, in pieces: joining once keeps it linear
        size = 0
        skipping = False  # in the rest of an overlong line, dropped as it arrives
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            *ends, last = chunk.split(b"\n")
            for end in ends:
                if skipping:
                    skipping = False
                else:
                    parts.append(end)
                    self._lines.put(b"".join(parts))
                parts, size = [], 0
            if not skipping:
                parts.append(last)
                size += len(last)
                if size > MAX_LINE:  # no answer is this long: cut it at the bound
                    self._lines.put(Overlong(b"".join(parts)[:200]))
                    parts, size, skipping = [], 0, True
            with self._lock:
                self._partial = b"".join(itertools.islice(parts, 200))[:200] if size else b""
        self._lines.put(_EOF)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        for raw in iter(stream.readline, b""):
            self.stderr_tail.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def stderr_text(self) -> str:
        """The last lines the implementation wrote to standard error."""
        return "\n".join(self.stderr_tail)

    def _exit_status(self) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "closed its standard output"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"was killed by {name}"
        return f"exited with status {code}"

    def exchange(self, request: dict[str, Json], timeout: float | None = None) -> dict[str, Json]:
        """Send ``request`` and return the answer; :class:`Failure` if none comes right in
        ``timeout`` seconds (default: the implementation's)."""
        wait = self.timeout if timeout is None else timeout
        line = json.dumps(request, ensure_ascii=False) + "\n"
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(line.encode("utf-8"))
            stdin.flush()
        except OSError:
            raise Failure("crash", f"the implementation {self._exit_status()}") from None
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            try:
                item = self._lines.get(timeout=max(left, 0.0))
            except queue.Empty:
                with self._lock:
                    partial = self._partial
                if partial:
                    raise Failure(
                        "partial-line",
                        f"no complete answer in {wait:g} s; it wrote a partial line "
                        f"{short(partial)}",
                    ) from None
                raise Failure("timeout", f"no answer in {wait:g} s") from None
            if item is _EOF:
                status = self._exit_status()
                with self._lock:
                    partial = self._partial
                if partial:
                    raise Failure(
                        "partial-line",
                        f"the implementation {status} after a partial line {short(partial)}",
                    )
                raise Failure("crash", f"the implementation {status} without answering")
            if isinstance(item, Overlong):
                raise Failure(*_failure(item.error(), item.head))
            assert isinstance(item, bytes)
            if not item.strip():
                continue
            try:
                answer = decode_line(item)
            except LineError as error:
                raise Failure(*_failure(error, item)) from None
            if not isinstance(answer, dict):
                raise Failure("junk", f"not a JSON object: {short(item)}")
            got = answer.get("id")
            want = request["id"]
            if isinstance(got, bool) or got != want:
                raise Failure(
                    "wrong-id", f"the answer has id {json.dumps(got)}, the request {want}"
                )
            return answer

    def stop(self) -> None:
        """End the process (and its process group), if it still runs."""
        process = self.process
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        if process.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(process.pid, signal.SIGKILL)
                else:
                    process.kill()
            except (ProcessLookupError, PermissionError):
                process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        for thread in self._threads:
            thread.join(timeout=1.0)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


class Transport(Protocol):
    """How the runner speaks to an implementation: a running command
    (:class:`Implementation`) or anything else that answers requests the same way."""

    def exchange(self, request: dict[str, Json], timeout: float | None = None) -> dict[str, Json]:
        """Send one request; its answer, or :class:`Failure` saying what went wrong."""

    def stop(self) -> None:
        """Stop the implementation."""

    def stderr_text(self) -> str:
        """What the implementation wrote to standard error, if anything."""
