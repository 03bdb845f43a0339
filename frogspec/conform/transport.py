"""How the runner speaks to an implementation: one JSON line out, one JSON line back.

:class:`Implementation` runs a command and reads its standard output on a thread, so that
a crash, a hang, a line that is not JSON, not UTF-8 or never finished, or an answer with
the wrong id each becomes a :class:`Failure` naming the reason instead of stopping the run.
Nothing the implementation does can make the runner hold more than fixed bounds (a line,
a few queued lines, the last lines of standard error) or wait longer than the timeout it
is given; the implementation's process group is killed whole when it is stopped, and by
:func:`ending_engines_on_signals` when the runner is signalled.
:class:`Transport` is what the runner needs of it, so the pytest plugin can speak to a
Python object in process instead.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Protocol

from frogspec._types import Json
from frogspec.jsonline import MAX_LINE_BYTES, LineError, Overlong, decode_line

__all__ = [
    "MAX_LINE",
    "STDERR_LINES",
    "STDERR_LINE_BYTES",
    "Failure",
    "Implementation",
    "Signalled",
    "StderrTail",
    "Transport",
    "UsageError",
    "ending_engines_on_signals",
    "kill_all",
    "short",
]


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


#: How many of the last lines of standard error are kept, and how many bytes of each: an
#: engine that writes without end costs the runner no more than this.
STDERR_LINES = 40
STDERR_LINE_BYTES = 2000

#: The most answer lines read ahead of the runner: an engine that writes faster than it
#: is asked waits on its pipe instead of filling the runner's memory.
_QUEUED_LINES = 2

#: How often (seconds) a reader looks up from its pipe to see whether it should end.
_POLL = 0.1

#: How long (seconds) answers are still awaited once the engine has exited while its
#: standard output stays open (held by a process it started).
_EXIT_GRACE = 1.0

_LIVE: set[Implementation] = set()
_LIVE_LOCK = threading.RLock()  # re-entrant: a signal handler may take it mid-stop()


def kill_all() -> None:
    """Kill the process group of every implementation still running (a signal handler's
    first step: nothing this process started outlives it)."""
    with _LIVE_LOCK:
        live = list(_LIVE)
    for impl in live:
        impl.kill()


def _ready(fd: int, events: int, timeout: float) -> bool:
    """Whether ``fd`` is ready for ``events`` (or hung up) within ``timeout`` seconds."""
    poller = select.poll()
    poller.register(fd, events)
    try:
        return bool(poller.poll(max(timeout, 0.0) * 1000))
    except (OSError, ValueError):
        return True  # let the read or write itself say what is wrong


def _readable(fd: int, closing: threading.Event) -> bool:
    """Wait until ``fd`` can be read (True) or the reader is told to end (False)."""
    while not closing.is_set():
        if _ready(fd, select.POLLIN, _POLL):
            return True
    return False


class StderrTail:
    r"""The last :data:`STDERR_LINES` lines written to a stream, each cut to
    :data:`STDERR_LINE_BYTES` bytes, however much is written and with or without newlines.

    >>> tail = StderrTail()
    >>> tail.feed(b"one\ntwo\nthr")
    >>> tail.feed(b"ee")
    >>> tail.text()
    'one\ntwo\nthree'
    >>> tail.feed(b"x" * 10_000)
    >>> len(tail.text().splitlines()[-1])
    2004
    """

    def __init__(self, lines: int = STDERR_LINES, width: int = STDERR_LINE_BYTES) -> None:
        self.width = width
        self._lines: deque[bytes] = deque(maxlen=lines)
        self._partial = bytearray()
        self._cut = False  # the line being written is past the width: its rest is dropped
        self._lock = threading.Lock()

    def feed(self, chunk: bytes) -> None:
        """Take the next bytes of the stream."""
        *ends, last = chunk.split(b"\n")
        with self._lock:
            for end in ends:
                self._take(end)
                self._lines.append(self._line())
                self._partial.clear()
                self._cut = False
            self._take(last)

    def _take(self, piece: bytes) -> None:
        room = self.width - len(self._partial)
        if len(piece) > room:
            self._cut = True
        self._partial += piece[: max(room, 0)]

    def _line(self) -> bytes:
        return bytes(self._partial) + (b" ..." if self._cut else b"")

    def text(self) -> str:
        """The kept lines (and the unfinished one), decoded (undecodable bytes replaced)."""
        with self._lock:
            lines = [*self._lines, *([self._line()] if self._partial else [])]
        return "\n".join(line.decode("utf-8", "replace") for line in lines)


class Implementation:
    """A running implementation under test, spoken to over its standard input and output.

    It runs in a process group of its own, killed whole when it is stopped. One reader
    thread splits standard output into lines; another keeps the tail of standard error
    (:class:`StderrTail`); both read only the pipes of this process and end with it.
    :meth:`exchange` writes one request (without blocking: an engine that does not read
    fails it) and waits at most ``timeout`` seconds in all for its line. A line the
    engine writes before it is asked fails the next request (``unrequested``).
    """

    def __init__(
        self, command: Sequence[str], timeout: float, env: dict[str, str] | None = None
    ) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.stderr_tail = StderrTail()
        self._lines: queue.Queue[object] = queue.Queue(maxsize=_QUEUED_LINES)
        self._ended = False  # standard output reached its end
        self._partial = b""
        self._lock = threading.Lock()
        self._closing = threading.Event()
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=os.name == "posix",
            )
        except (OSError, ValueError) as error:
            raise UsageError(f"cannot start {' '.join(self.command)!r}: {error}") from None
        assert self.process.stdin and self.process.stdout and self.process.stderr
        os.set_blocking(self.process.stdin.fileno(), False)
        with _LIVE_LOCK:
            _LIVE.add(self)
        self._threads = [
            threading.Thread(
                target=self._read_stdout, args=(self.process.stdout.fileno(),), daemon=True
            ),
            threading.Thread(
                target=self._read_stderr, args=(self.process.stderr.fileno(),), daemon=True
            ),
        ]
        for thread in self._threads:
            thread.start()

    def _put(self, item: object) -> bool:
        """Queue a line for the runner, waiting while the queue is full; False if told to
        end meanwhile."""
        while not self._closing.is_set():
            try:
                self._lines.put(item, timeout=_POLL)
                return True
            except queue.Full:
                continue
        return False

    def _read_stdout(self, fd: int) -> None:
        parts: list[bytes] = []  # the line so far, in pieces: joining once keeps it linear
        size = 0
        skipping = False  # in the rest of an overlong line, dropped as it arrives
        while _readable(fd, self._closing):
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
                    if not self._put(b"".join(parts)):
                        return
                parts, size = [], 0
            if not skipping:
                parts.append(last)
                size += len(last)
                if size > MAX_LINE:  # no answer is this long: cut it at the bound
                    head = b"".join(parts)[:200]
                    parts, size, skipping = [], 0, True
                    if not self._put(Overlong(head)):
                        return
            with self._lock:
                self._partial = b"".join(itertools.islice(parts, 200))[:200] if size else b""
        self._put(_EOF)

    def _read_stderr(self, fd: int) -> None:
        while _readable(fd, self._closing):
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.stderr_tail.feed(chunk)

    def stderr_text(self) -> str:
        """The last lines the implementation wrote to standard error (each cut to a
        bound: :class:`StderrTail`)."""
        return self.stderr_tail.text()

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

    def _next(self, timeout: float) -> object:
        """The next line read (or :data:`_EOF`, for good once standard output ended);
        :class:`queue.Empty` when none comes in ``timeout`` seconds."""
        if self._ended:
            return _EOF
        item = self._lines.get(timeout=max(timeout, 0.0))
        if item is _EOF:
            self._ended = True
        return item

    def _refuse_unrequested(self) -> None:
        """Fail the request about to be sent if the engine wrote a line nobody asked for."""
        while True:
            try:
                item = self._next(0.0)
            except queue.Empty:
                return
            if item is _EOF:
                return
            if isinstance(item, Overlong) or (isinstance(item, bytes) and item.strip()):
                head = item.head if isinstance(item, Overlong) else item
                raise Failure(
                    "unrequested",
                    f"the implementation wrote a line before it was asked: {short(head)}",
                )

    def _send(self, data: bytes, deadline: float, wait: float) -> None:
        """Write ``data`` to standard input by ``deadline`` (it may not be read at all)."""
        stdin = self.process.stdin
        assert stdin is not None
        fd = stdin.fileno()
        view = memoryview(data)
        while view:
            try:
                written = os.write(fd, view)
            except BlockingIOError:
                written = 0
            except OSError:
                raise Failure("crash", f"the implementation {self._exit_status()}") from None
            view = view[written:]
            if not view:
                return
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(
                    "timeout",
                    f"the implementation read {len(data) - len(view)} of the request's "
                    f"{len(data)} bytes in {wait:g} s",
                )
            _ready(fd, select.POLLOUT, min(left, _POLL))

    def exchange(self, request: dict[str, Json], timeout: float | None = None) -> dict[str, Json]:
        """Send ``request`` and return the answer; :class:`Failure` if none comes right in
        ``timeout`` seconds (default: the implementation's), writing included."""
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        self._refuse_unrequested()
        line = json.dumps(request, ensure_ascii=False) + "\n"
        self._send(line.encode("utf-8"), deadline, wait)
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            left = deadline - now
            if exited_at is None and self.process.poll() is not None:
                exited_at = now
            if exited_at is not None and now - exited_at > _EXIT_GRACE:
                # Exited, but a process it started holds standard output open: what it
                # wrote before exiting has been read by now.
                raise Failure(
                    "crash",
                    f"the implementation {self._exit_status()} without answering "
                    "(a process it started still holds its output)",
                )
            try:
                item = self._next(min(left, _POLL * 2))
            except queue.Empty:
                if time.monotonic() < deadline:
                    continue
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

    def kill(self) -> None:
        """Kill the implementation's whole process group (what it started too), whether or
        not the implementation itself has exited; waits for nothing."""
        if os.name == "posix":
            # The group outlives its leader while a member lives (a grandchild holding a
            # pipe): kill it even when the engine has exited.
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.process.returncode is None:
            with contextlib.suppress(OSError):
                self.process.kill()

    def stop(self) -> None:
        """End the process and its process group, and the reader threads; then close the
        pipes (only once no thread reads them, so that no descriptor number is reused under
        a reader). Takes no lock a reader may hold, and returns within seconds."""
        process = self.process
        self.kill()
        self._closing.set()
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        for thread in self._threads:
            thread.join(timeout=2.0)
        if not any(thread.is_alive() for thread in self._threads):
            for stream in (process.stdout, process.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        with _LIVE_LOCK:
            _LIVE.discard(self)


class Signalled(BaseException):
    """The run was ended by a signal (SIGINT, SIGTERM): ``status`` is the exit status."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.name = signal.Signals(signum).name
        self.status = 128 + signum


def _end_the_run(signum: int, frame: FrameType | None) -> None:
    # First kill every engine's process group, so that nothing outlives the runner even if
    # the unwinding below is cut short; then unwind (the runner's own clean-up runs).
    kill_all()
    raise Signalled(signum)


@contextlib.contextmanager
def ending_engines_on_signals() -> Iterator[None]:
    """While in force, SIGINT and SIGTERM kill the engines' process groups and raise
    :class:`Signalled` (only in the main thread, where Python delivers signals)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    wanted = (signal.SIGINT, signal.SIGTERM)
    before = {signum: signal.signal(signum, _end_the_run) for signum in wanted}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


class Transport(Protocol):
    """How the runner speaks to an implementation: a running command
    (:class:`Implementation`) or anything else that answers requests the same way."""

    def exchange(self, request: dict[str, Json], timeout: float | None = None) -> dict[str, Json]:
        """Send one request; its answer, or :class:`Failure` saying what went wrong."""

    def stop(self) -> None:
        """Stop the implementation."""

    def stderr_text(self) -> str:
        """What the implementation wrote to standard error, if anything."""
