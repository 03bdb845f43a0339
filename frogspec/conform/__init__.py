"""``frogspec conform``: validate an implementation of Frog against the conformance vectors.

    frogspec conform [options] -- COMMAND [ARGS...]
    frogspec conform [options]                      (validates the reference harness)

The runner starts COMMAND, says ``hello`` (protocol version 1), sends every case of
``spec/vectors/`` that the implementation offers, one JSON line at a time, and compares
each answer with the expected response. It prints a table per ruleset and per rule, every
failure with its rule, the rule's statement and source, the request that reproduces it
and the difference, and last a line ``N passed, N failed, N skipped``. The exit status is
0 when nothing failed, 1 when something did, and 2 for a mistake in the command line.

A misbehaving implementation does not stop the run. A crash, a hang (``--timeout`` per
request; ``--start-timeout`` for the hello after a start), a line that is not JSON, not
UTF-8 or never finished, or an answer with the wrong id fails the case with that reason;
the implementation is restarted and the run goes on. After ``--max-restarts`` restarts
the remaining cases are reported as errors (counted as failures). An answer of
``unsupported``, or an op or ruleset the implementation's hello does not list, makes a
case skipped.

Reports: ``--json FILE`` (valid against ``spec/schema/report.schema.json``), ``--junit
FILE``, ``--markdown FILE`` and ``--badge FILE`` (a shields.io endpoint with the pass rate).
Filters: ``--ruleset``, ``--rule PREFIX``, ``--case ID`` (a shell pattern), each repeatable.

This module also registers ``frogspec vectors generate``, which writes the vectors.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import fnmatch
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from frogspec import __version__
from frogspec.cli import seconds, whole_number
from frogspec.conformance.generate import add_arguments as add_generate_arguments
from frogspec.conformance.generate import run as run_generate
from frogspec.conformance.model import (
    Case,
    VectorError,
    default_vectors_dir,
    differences,
    has_path,
    iter_cases,
    load_vectors,
)
from frogspec.errors import UnknownRuleError
from frogspec.registry import Rule, all_rules, get_rule

__all__ = [
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_START_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "Failure",
    "Implementation",
    "Outcome",
    "Run",
    "main",
    "register",
    "run_conformance",
]

Json = Any

DEFAULT_TIMEOUT = 10.0
"""Seconds an implementation has to answer one request."""

DEFAULT_START_TIMEOUT = 30.0
"""Seconds a freshly started implementation has to answer hello (or ``--timeout``, if more):
a virtual machine or an interpreter may take a while to start."""

DEFAULT_MAX_RESTARTS = 5
"""Restarts after which the runner stops trying and reports the remaining cases as errors."""

REPORT_FORMAT = "frogspec-conform-report"
REPORT_FORMAT_VERSION = 1

#: The statuses of a case.
STATUSES = ("passed", "failed", "skipped", "error")

#: Why a case failed, was skipped or was not run.
REASONS = {
    "mismatch": "the answer differs from the expected response",
    "crash": "the implementation exited",
    "timeout": "no answer in time",
    "junk": "a line on standard output that is not a JSON object",
    "wrong-id": "an answer with another request's id",
    "partial-line": "an answer that never ended with a newline",
    "not-utf8": "output that is not UTF-8",
    "unsupported": "the implementation answered unsupported",
    "not-offered": "hello does not list the op or ruleset",
    "extension-absent": "the answer lacks the extension field the case is about",
    "not-run": "not run: the implementation could not be (re)started",
}


class UsageError(Exception):
    """A mistake in the command line (exit status 2)."""


class Failure(Exception):
    """An exchange that went wrong: ``reason`` is a key of :data:`REASONS`."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


_EOF = object()

#: The longest answer line the runner reads (bytes); a longer one is junk.
MAX_LINE = 1 << 24


def _short(data: bytes | str, limit: int = 200) -> str:
    text = repr(data)
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
        pending = b""
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            if len(pending) > MAX_LINE:
                lines.append(pending[:200])  # no answer is this long: report it as junk
                pending = b""
            with self._lock:
                self._partial = pending
            for line in lines:
                self._lines.put(line)
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
                        f"{_short(partial)}",
                    ) from None
                raise Failure("timeout", f"no answer in {wait:g} s") from None
            if item is _EOF:
                status = self._exit_status()
                with self._lock:
                    partial = self._partial
                if partial:
                    raise Failure(
                        "partial-line",
                        f"the implementation {status} after a partial line {_short(partial)}",
                    )
                raise Failure("crash", f"the implementation {status} without answering")
            assert isinstance(item, bytes)
            if not item.strip():
                continue
            try:
                text = item.decode("utf-8")
            except UnicodeDecodeError as error:
                raise Failure(
                    "not-utf8", f"the answer is not UTF-8 ({error.reason}): {_short(item)}"
                ) from None
            try:
                answer = json.loads(text)
            except json.JSONDecodeError:
                raise Failure("junk", f"not a JSON line: {_short(text)}") from None
            if not isinstance(answer, dict):
                raise Failure("junk", f"not a JSON object: {_short(text)}")
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


@dataclass
class Outcome:
    """What became of one case."""

    case: Case
    status: str
    reason: str | None = None
    message: str = ""
    sent: dict[str, Json] | None = None
    actual: Json = None
    differences: list[str] = field(default_factory=list)
    seconds: float = 0.0
    stderr: str | None = None

    @property
    def counted_failed(self) -> bool:
        """Whether the case counts as failed (a failure or an error)."""
        return self.status in ("failed", "error")


@dataclass
class Run:
    """A whole run: the outcomes in order, and what the runner learnt on the way."""

    command: list[str]
    vectors: str
    filters: dict[str, list[str]]
    timeout: float
    max_restarts: int
    started: str
    start_timeout: float = 30.0
    outcomes: list[Outcome] = field(default_factory=list)
    seconds: float = 0.0
    hello: dict[str, Json] | None = None
    starts: int = 0
    restarts: int = 0
    gave_up: bool = False
    start_failures: list[str] = field(default_factory=list)
    stderr: str = ""

    def count(self) -> Counter[str]:
        """Cases by status."""
        return Counter(o.status for o in self.outcomes)

    @property
    def passed(self) -> int:
        """Cases passed."""
        return self.count()["passed"]

    @property
    def failed(self) -> int:
        """Cases failed, errors included."""
        c = self.count()
        return c["failed"] + c["error"]

    @property
    def skipped(self) -> int:
        """Cases skipped."""
        return self.count()["skipped"]

    def summary_line(self) -> str:
        """``N passed, N failed, N skipped``."""
        return f"{self.passed} passed, {self.failed} failed, {self.skipped} skipped"


def _default_command() -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return [sys.executable, "-m", "frogspec.harness"], env


def select_cases(
    cases: Iterable[Case],
    rulesets: Sequence[str] = (),
    rules: Sequence[str] = (),
    ids: Sequence[str] = (),
) -> list[Case]:
    """The cases the filters keep. A case without a ruleset passes the ruleset filter."""
    chosen = []
    for case in cases:
        if rulesets and case.ruleset is not None and case.ruleset not in rulesets:
            continue
        if rules and not any(r.startswith(p) for r in case.rules for p in rules):
            continue
        if ids and not any(case.id == i or fnmatch.fnmatchcase(case.id, i) for i in ids):
            continue
        chosen.append(case)
    return chosen


def _expects_unsupported(case: Case) -> bool:
    error = case.response.get("error")
    return isinstance(error, dict) and error.get("kind") == "unsupported"


class Transport(Protocol):
    """How the runner speaks to an implementation: a running command
    (:class:`Implementation`) or anything else that answers requests the same way."""

    def exchange(self, request: dict[str, Json], timeout: float | None = None) -> dict[str, Json]:
        """Send one request; its answer, or :class:`Failure` saying what went wrong."""

    def stop(self) -> None:
        """Stop the implementation."""

    def stderr_text(self) -> str:
        """What the implementation wrote to standard error, if anything."""


class Runner:
    """Runs cases against a command, restarting it when it misbehaves.

    ``connect`` starts the implementation; by default it runs ``run.command`` as a
    subprocess. The pytest plugin passes one that talks to a Python object in process.
    """

    def __init__(
        self,
        run: Run,
        env: dict[str, str] | None,
        progress: Callable[[int, Outcome], None] | None = None,
        connect: Callable[[], Transport] | None = None,
    ) -> None:
        self.run = run
        self.env = env
        self.progress = progress
        self.connect = connect
        self.impl: Transport | None = None
        self.next_id = 1
        self.stderr_parts: list[str] = []
        self.last_failure = ""

    def _id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def close(self) -> None:
        """Stop the implementation, if it is running."""
        self._stop()

    def _stop(self) -> None:
        if self.impl is not None:
            self.impl.stop()
            text = self.impl.stderr_text()
            if text:
                self.stderr_parts.append(text)
            self.impl = None

    def _ensure(self) -> bool:
        run = self.run
        while self.impl is None:
            if run.gave_up:
                return False
            if run.starts > 0:
                if run.restarts >= run.max_restarts:
                    run.gave_up = True
                    return False
                run.restarts += 1
            run.starts += 1
            impl: Transport = (
                self.connect()
                if self.connect is not None
                else Implementation(run.command, run.timeout, self.env)
            )
            try:
                answer = impl.exchange(
                    {"id": self._id(), "op": "hello", "spec": "1"},
                    max(run.timeout, run.start_timeout),
                )
                result = answer.get("result")
                if (
                    not isinstance(result, dict)
                    or not isinstance(result.get("rulesets"), list)
                    or not isinstance(result.get("ops"), list)
                ):
                    raise Failure(
                        "junk", f"hello did not answer a result with rulesets and ops: "
                        f"{_short(json.dumps(answer))}"
                    )
            except Failure as failure:
                run.start_failures.append(f"{failure.reason}: {failure.message}")
                self.last_failure = f"hello: {failure.reason}: {failure.message}"
                self.impl = impl
                self._stop()
                continue
            self.impl = impl
            run.hello = result
        return True

    def _skip_reason(self, case: Case) -> str | None:
        hello = self.run.hello or {}
        if _expects_unsupported(case):
            return None
        if case.op not in hello.get("ops", []):
            return f"hello does not list op {case.op!r}"
        if case.ruleset is not None and case.ruleset not in hello.get("rulesets", []):
            return f"hello does not list ruleset {case.ruleset!r}"
        return None

    def one(self, case: Case) -> Outcome:
        """Run one case."""
        if not self._ensure():
            return Outcome(
                case,
                "error",
                "not-run",
                f"not run: the runner gave up after {self.run.restarts} restarts "
                f"(the last failure: {self.last_failure})",
            )
        why = self._skip_reason(case)
        if why is not None:
            return Outcome(case, "skipped", "not-offered", why)
        assert self.impl is not None
        sent = {**case.request, "id": self._id()}
        began = time.monotonic()
        try:
            answer = self.impl.exchange(sent)
        except Failure as failure:
            impl = self.impl
            self.last_failure = f"{case.id}: {failure.reason}: {failure.message}"
            self._stop()
            return Outcome(
                case,
                "failed",
                failure.reason,
                failure.message,
                sent=sent,
                seconds=time.monotonic() - began,
                stderr=impl.stderr_text() or None,
            )
        seconds = time.monotonic() - began
        actual = {k: v for k, v in answer.items() if k != "id"}
        error = actual.get("error")
        if (
            isinstance(error, dict)
            and error.get("kind") == "unsupported"
            and not _expects_unsupported(case)
        ):
            message = str(error.get("message") or "")
            return Outcome(case, "skipped", "unsupported", message, sent, actual, seconds=seconds)
        if case.extension_paths and "result" in actual:
            absent = [p for p in case.extension_paths if not has_path(actual, p)]
            if absent:
                return Outcome(
                    case,
                    "skipped",
                    "extension-absent",
                    f"the answer has no {', '.join(absent)} (extension {case.extension})",
                    sent,
                    actual,
                    seconds=seconds,
                )
        found = differences(case.expected, actual, case.compare)
        if found:
            return Outcome(
                case, "failed", "mismatch", found[0], sent, actual, found, seconds=seconds
            )
        return Outcome(case, "passed", sent=sent, actual=actual, seconds=seconds)

    def all(self, cases: Sequence[Case]) -> None:
        """Run every case, in order."""
        try:
            for index, case in enumerate(cases):
                outcome = self.one(case)
                self.run.outcomes.append(outcome)
                if self.progress is not None:
                    self.progress(index + 1, outcome)
        finally:
            self._stop()
            self.run.stderr = "\n".join(self.stderr_parts)[-20000:]


def run_conformance(
    command: Sequence[str] | None,
    *,
    vectors: Path | None = None,
    rulesets: Sequence[str] = (),
    rules: Sequence[str] = (),
    cases: Sequence[str] = (),
    timeout: float = DEFAULT_TIMEOUT,
    max_restarts: int = DEFAULT_MAX_RESTARTS,
    start_timeout: float = DEFAULT_START_TIMEOUT,
    progress: Callable[[int, int, Outcome], None] | None = None,
) -> Run:
    """Run the conformance cases against ``command`` (the reference harness if ``None``)."""
    folder = vectors or default_vectors_dir()
    try:
        files = load_vectors(folder)
    except VectorError as error:
        raise UsageError(str(error)) from None
    everything = list(iter_cases(files))
    known = {c.ruleset for c in everything if c.ruleset is not None}
    for name in rulesets:
        if name not in known:
            raise UsageError(f"no case is for ruleset {name!r}; rulesets: {', '.join(sorted(known))}")
    chosen = select_cases(everything, rulesets, rules, cases)
    if not chosen:
        raise UsageError("no case matches the filters")
    if timeout <= 0 or start_timeout <= 0:
        raise UsageError(f"a timeout must be more than 0, got {min(timeout, start_timeout):g}")
    if max_restarts < 0:
        raise UsageError(f"--max-restarts must be 0 or more, got {max_restarts}")
    env: dict[str, str] | None = None
    if command:
        argv = list(command)
    else:
        argv, env = _default_command()
    run = Run(
        command=argv,
        vectors=str(folder),
        filters={"ruleset": list(rulesets), "rule": list(rules), "case": list(cases)},
        timeout=timeout,
        max_restarts=max_restarts,
        start_timeout=start_timeout,
        started=_dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    )
    total = len(chosen)
    began = time.monotonic()
    step = None if progress is None else (lambda i, o: progress(i, total, o))
    Runner(run, env, step).all(chosen)
    run.seconds = time.monotonic() - began
    return run


# --- reports --------------------------------------------------------------------------


def _rule(rule_id: str) -> Rule | None:
    try:
        return get_rule(rule_id)
    except UnknownRuleError:
        return None


def _quote(entry: Rule) -> str | None:
    for citation in entry.citations:
        if citation.quote:
            return citation.text()
    return None


@dataclass
class Tally:
    """Passed, failed (errors included) and skipped cases."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0

    def add(self, outcome: Outcome) -> None:
        """Count one outcome."""
        if outcome.status == "passed":
            self.passed += 1
        elif outcome.status == "skipped":
            self.skipped += 1
        else:
            self.failed += 1


def by_ruleset(run: Run) -> dict[str | None, Tally]:
    """The tally of each ruleset, in order met; ``None`` for the cases that name no ruleset
    and those that name one no one offers (to check that it is refused as unsupported)."""
    table: dict[str | None, Tally] = {}
    for outcome in run.outcomes:
        case = outcome.case
        key = None if _expects_unsupported(case) else case.ruleset
        table.setdefault(key, Tally()).add(outcome)
    return table


def by_rule(run: Run) -> dict[str, Tally]:
    """The tally of each rule the cases exercise, in the rulebook's order."""
    tallies: dict[str, Tally] = {}
    for outcome in run.outcomes:
        for rule_id in outcome.case.rules:
            tallies.setdefault(rule_id, Tally()).add(outcome)
    order = {r.id: i for i, r in enumerate(all_rules())}
    return dict(sorted(tallies.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def failures(run: Run) -> list[Outcome]:
    """The failed cases, the most specific (fewest rules) first."""
    failed = [o for o in run.outcomes if o.counted_failed]
    return sorted(failed, key=lambda o: (o.status == "error", len(o.case.rules)))


#: A failure names every rule with its statement and source when it has at most this many.
DETAILED_RULES = 4


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows, strict=False)]
    lines = []
    for row in (headers, *rows):
        cells = [
            str(v).ljust(w) if i == 0 else str(v).rjust(w)
            for i, (v, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def render_text(run: Run, quiet: bool = False) -> str:
    """The report printed at the end of a run; its last line is the summary line."""
    out: list[str] = []
    if not quiet:
        out.append(f"frogspec conform {__version__}: {' '.join(run.command)}")
        if run.hello is not None:
            h = run.hello
            out.append(
                f"implementation: {h.get('name')} {h.get('version')}; rulesets: "
                f"{', '.join(map(str, h.get('rulesets', [])))}"
            )
        out.append("")
        out.append("Rulesets")
        rows = [
            (rs or "(no ruleset)", t.passed, t.failed, t.skipped)
            for rs, t in by_ruleset(run).items()
        ]
        out += _table(("ruleset", "passed", "failed", "skipped"), rows)
        out.append("")
        out.append("Rules")
        rows = [(r, t.passed, t.failed, t.skipped) for r, t in by_rule(run).items()]
        out += _table(("rule", "passed", "failed", "skipped"), rows)
    failed = failures(run)
    if failed:
        out.append("")
        out.append(f"Failures ({len(failed)})")
        for outcome in failed:
            out.append("")
            out += failure_lines(outcome)
    if run.gave_up:
        out.append("")
        out.append(
            f"The runner gave up after {run.restarts} restarts; the cases it did not "
            "run are errors."
        )
    if run.start_failures and not quiet:
        out.append("")
        out.append("Failures at start (hello):")
        out += [f"  {f}" for f in run.start_failures[:10]]
    out.append("")
    out.append(f"{len(run.outcomes)} cases in {run.seconds:.1f} s; {run.starts} start(s)")
    out.append(run.summary_line())
    return "\n".join(out).lstrip("\n")


def failure_lines(outcome: Outcome) -> list[str]:
    case = outcome.case
    label = "ERROR" if outcome.status == "error" else "FAIL"
    lines = [f"{label} {case.id} ({case.file}.json): {outcome.reason}"]
    lines.append(f"  {case.description}")
    if len(case.rules) <= DETAILED_RULES:
        for rule_id in case.rules:
            entry = _rule(rule_id)
            if entry is None:
                lines.append(f"  rule {rule_id}")
                continue
            kind = " (editorial ruling)" if entry.editorial else ""
            lines.append(f"  rule {rule_id}{kind}: {entry.statement}")
            quote = _quote(entry)
            if quote:
                lines.append(f"    {quote}")
    else:
        lines.append(
            f"  rules ({len(case.rules)}; a whole deal: the more specific failures above "
            f"name the rule, `frogspec rule ID` shows each): {', '.join(case.rules)}"
        )
    if outcome.sent is not None:
        lines.append(f"  request:  {json.dumps(outcome.sent, ensure_ascii=False)}")
    lines.append(f"  expected: {json.dumps(case.expected, ensure_ascii=False)}")
    if outcome.reason == "mismatch":
        lines.append(f"  actual:   {json.dumps(outcome.actual, ensure_ascii=False)}")
        lines += [f"    {d}" for d in outcome.differences[:10]]
        if len(outcome.differences) > 10:
            lines.append(f"    ... and {len(outcome.differences) - 10} more differences")
    else:
        lines.append(f"  actual:   {outcome.message}")
    if outcome.stderr:
        tail = outcome.stderr.splitlines()[-5:]
        lines.append("  stderr (last lines):")
        lines += [f"    {t}" for t in tail]
    return lines


def report_json(run: Run) -> dict[str, Json]:
    """The JSON report (``spec/schema/report.schema.json``)."""
    count = run.count()
    decided = run.passed + run.failed
    cases = []
    for o in run.outcomes:
        item: dict[str, Json] = {
            "id": o.case.id,
            "file": o.case.file,
            "op": o.case.op,
            "ruleset": o.case.ruleset,
            "rules": list(o.case.rules),
            "status": o.status,
            "reason": o.reason,
            "message": o.message,
            "seconds": round(o.seconds, 6),
        }
        if o.status != "passed":
            item["request"] = o.sent if o.sent is not None else o.case.request
            item["expected"] = o.case.expected
            if o.actual is not None:
                item["actual"] = o.actual
            if o.differences:
                item["differences"] = o.differences
            if o.stderr:
                item["stderr"] = o.stderr
        cases.append(item)
    rules = []
    for rule_id, t in by_rule(run).items():
        entry = _rule(rule_id)
        rules.append(
            {
                "rule": rule_id,
                "kind": entry.kind if entry else None,
                "statement": entry.statement if entry else None,
                "source": _quote(entry) if entry else None,
                "passed": t.passed,
                "failed": t.failed,
                "skipped": t.skipped,
            }
        )
    return {
        "format": REPORT_FORMAT,
        "format_version": REPORT_FORMAT_VERSION,
        "frogspec_version": __version__,
        "spec": "1",
        "command": run.command,
        "vectors": run.vectors,
        "filters": run.filters,
        "timeout": run.timeout,
        "start_timeout": run.start_timeout,
        "max_restarts": run.max_restarts,
        "started": run.started,
        "seconds": round(run.seconds, 3),
        "implementation": run.hello,
        "starts": run.starts,
        "restarts": run.restarts,
        "gave_up": run.gave_up,
        "start_failures": run.start_failures,
        "summary": {
            "total": len(run.outcomes),
            "passed": run.passed,
            "failed": run.failed,
            "errors": count["error"],
            "skipped": run.skipped,
            "pass_rate": round(run.passed / decided, 6) if decided else None,
        },
        "rulesets": [
            {"ruleset": rs, "passed": t.passed, "failed": t.failed, "skipped": t.skipped}
            for rs, t in by_ruleset(run).items()
        ],
        "rules": rules,
        "cases": cases,
        "stderr": run.stderr,
    }


def report_junit(run: Run) -> str:
    """A JUnit XML report: one test suite per vector file, one test case per case."""
    root = ET.Element("testsuites", name="frogspec conform")
    suites: dict[str, list[Outcome]] = {}
    for o in run.outcomes:
        suites.setdefault(o.case.file, []).append(o)
    totals = Counter[str]()
    for name, outcomes in suites.items():
        count = Counter(o.status for o in outcomes)
        totals.update(count)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=f"frogspec.{name}",
            tests=str(len(outcomes)),
            failures=str(count["failed"]),
            errors=str(count["error"]),
            skipped=str(count["skipped"]),
            time=f"{sum(o.seconds for o in outcomes):.3f}",
        )
        for o in outcomes:
            testcase = ET.SubElement(
                suite,
                "testcase",
                name=o.case.id,
                classname=f"frogspec.{name}",
                time=f"{o.seconds:.6f}",
            )
            props = ET.SubElement(testcase, "properties")
            for rule_id in o.case.rules:
                ET.SubElement(props, "property", name="rule", value=rule_id)
            if o.status in ("failed", "error"):
                body = "\n".join(failure_lines(o))
                tag = "failure" if o.status == "failed" else "error"
                element = ET.SubElement(
                    testcase, tag, message=f"{o.reason}: {o.message}"[:500], type=o.reason or ""
                )
                element.text = body
            elif o.status == "skipped":
                ET.SubElement(testcase, "skipped", message=f"{o.reason}: {o.message}"[:500])
    root.set("tests", str(len(run.outcomes)))
    root.set("failures", str(totals["failed"]))
    root.set("errors", str(totals["error"]))
    root.set("skipped", str(totals["skipped"]))
    root.set("time", f"{run.seconds:.3f}")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def report_markdown(run: Run) -> str:
    """A Markdown report: the summary, the tables, and each failure."""
    out = ["# Frog conformance report", ""]
    out.append(f"- command: `{' '.join(run.command)}`")
    if run.hello is not None:
        out.append(f"- implementation: {run.hello.get('name')} {run.hello.get('version')}")
    out.append(f"- frogspec {__version__}, protocol 1, {run.started}, {run.seconds:.1f} s")
    out.append(f"- **{run.summary_line()}**")
    out += ["", "## Rulesets", "", "| ruleset | passed | failed | skipped |", "|---|--:|--:|--:|"]
    for rs, t in by_ruleset(run).items():
        out.append(f"| {rs or '(no ruleset)'} | {t.passed} | {t.failed} | {t.skipped} |")
    out += ["", "## Rules", "", "| rule | passed | failed | skipped |", "|---|--:|--:|--:|"]
    for rule_id, t in by_rule(run).items():
        out.append(f"| `{rule_id}` | {t.passed} | {t.failed} | {t.skipped} |")
    failed = failures(run)
    if failed:
        out += ["", f"## Failures ({len(failed)})"]
        for o in failed:
            out += ["", f"### `{o.case.id}`: {o.reason}", "", _md(o.case.description), ""]
            for rule_id in o.case.rules[:DETAILED_RULES]:
                entry = _rule(rule_id)
                statement = entry.statement if entry else ""
                out.append(f"- `{rule_id}`: {_md(statement)}")
                quote = _quote(entry) if entry else None
                if quote:
                    out.append(f"  > {_md(quote)}")
            if len(o.case.rules) > DETAILED_RULES:
                out.append(f"- and {len(o.case.rules) - DETAILED_RULES} more rules")
            out += ["", "```json"]
            if o.sent is not None:
                out.append(json.dumps(o.sent, ensure_ascii=False))
            out.append("```")
            out.append(f"expected: `{json.dumps(o.case.expected, ensure_ascii=False)}`")
            out.append("")
            if o.reason == "mismatch":
                out.append(f"actual: `{json.dumps(o.actual, ensure_ascii=False)}`")
                out.append("")
                out += [f"- {_md(d)}" for d in o.differences[:10]]
            else:
                out.append(f"actual: {_md(o.message)}")
    out.append("")
    return "\n".join(out)


def badge(run: Run) -> dict[str, Json]:
    """A shields.io endpoint: the pass rate of the cases that passed or failed."""
    decided = run.passed + run.failed
    if not decided:
        return {"schemaVersion": 1, "label": "frog conformance", "message": "no cases",
                "color": "lightgrey"}
    rate = run.passed / decided
    percent = f"{100 * rate:.1f}".rstrip("0").rstrip(".")
    color = (
        "brightgreen" if rate == 1 else
        "green" if rate >= 0.9 else
        "yellow" if rate >= 0.75 else
        "orange" if rate >= 0.5 else
        "red"
    )
    return {
        "schemaVersion": 1,
        "label": "frog conformance",
        "message": f"{percent}% ({run.passed}/{decided})",
        "color": color,
    }


# --- the command line -----------------------------------------------------------------


class Progress:
    """A one-line progress bar on standard error."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.failed = 0
        self.last = 0.0
        self.width = shutil.get_terminal_size((80, 20)).columns

    def __call__(self, done: int, total: int, outcome: Outcome) -> None:
        if outcome.counted_failed:
            self.failed += 1
        now = time.monotonic()
        if done < total and now - self.last < 0.05:
            return
        self.last = now
        bar_width = 30
        filled = bar_width * done // total
        bar = "#" * filled + "-" * (bar_width - filled)
        text = f"[{bar}] {done}/{total}  {self.failed} failed  {outcome.case.id}"
        self.stream.write("\r" + text[: self.width - 1].ljust(self.width - 1))
        self.stream.flush()

    def clear(self) -> None:
        """Erase the bar."""
        self.stream.write("\r" + " " * (self.width - 1) + "\r")
        self.stream.flush()


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error}") from None


def _cmd_conform(args: argparse.Namespace) -> int:
    command = list(args.impl_command)
    if command and command[0] == "--":
        command = command[1:]
    show = not args.quiet and sys.stderr.isatty()
    bar = Progress(sys.stderr) if show else None
    try:
        run = run_conformance(
            command or None,
            vectors=args.vectors,
            rulesets=args.ruleset or (),
            rules=args.rule or (),
            cases=args.case or (),
            timeout=args.timeout,
            max_restarts=args.max_restarts,
            start_timeout=args.start_timeout,
            progress=bar,
        )
    except UsageError as error:
        print(f"frogspec conform: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("frogspec conform: interrupted", file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.clear()
    try:
        if args.json:
            _write(args.json, json.dumps(report_json(run), indent=2, ensure_ascii=False) + "\n")
        if args.junit:
            _write(args.junit, report_junit(run))
        if args.markdown:
            _write(args.markdown, report_markdown(run))
        if args.badge:
            _write(args.badge, json.dumps(badge(run)) + "\n")
    except UsageError as error:
        print(render_text(run, args.quiet))
        print(f"frogspec conform: {error}", file=sys.stderr)
        return 2
    print(render_text(run, args.quiet))
    return 1 if run.failed else 0


def _cmd_vectors(args: argparse.Namespace) -> int:
    return run_generate(args)


def register(subparsers: Any) -> None:
    """Add ``conform`` and ``vectors`` to the ``frogspec`` command."""
    conform = subparsers.add_parser(
        "conform",
        help="validate an implementation against the conformance vectors",
        description="Start COMMAND (after --), speak protocol v1 to it, run every "
        "conformance case it offers and report. Without a command, the reference harness "
        "is validated.",
        usage="frogspec conform [options] [-- COMMAND [ARGS...]]",
    )
    conform.add_argument("--ruleset", action="append", metavar="ID",
                         help="only cases of this ruleset (and cases that name none); repeatable")
    conform.add_argument("--rule", action="append", metavar="PREFIX",
                         help="only cases exercising a rule id starting with PREFIX; repeatable")
    conform.add_argument("--case", action="append", metavar="ID",
                         help="only this case id (a shell pattern like 'settle.*'); repeatable")
    conform.add_argument("--timeout", type=seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                         help=f"seconds to wait for each answer (default {DEFAULT_TIMEOUT:g})")
    conform.add_argument("--start-timeout", type=seconds, default=DEFAULT_START_TIMEOUT,
                         metavar="SECONDS", help="seconds a fresh start has to answer hello "
                         f"(default {DEFAULT_START_TIMEOUT:g})")
    conform.add_argument("--max-restarts", type=whole_number(0), default=DEFAULT_MAX_RESTARTS,
                         metavar="N", help="restarts after which the remaining cases are "
                         f"errors (default {DEFAULT_MAX_RESTARTS})")
    conform.add_argument("--json", type=Path, metavar="FILE", help="write the JSON report")
    conform.add_argument("--junit", type=Path, metavar="FILE", help="write a JUnit XML report")
    conform.add_argument("--markdown", type=Path, metavar="FILE",
                         help="write a Markdown report")
    conform.add_argument("--badge", type=Path, metavar="FILE",
                         help="write a shields.io endpoint badge (JSON) with the pass rate")
    conform.add_argument("--vectors", type=Path, metavar="DIR",
                         help="the vectors directory (default: spec/vectors of this source tree)")
    conform.add_argument("--quiet", action="store_true",
                         help="no progress bar and no tables: only failures and the last line")
    conform.add_argument("impl_command", nargs=argparse.REMAINDER, metavar="COMMAND",
                         help="the implementation's command line, after --")
    conform.set_defaults(handler=_cmd_conform)

    vectors = subparsers.add_parser("vectors", help="write or check the conformance vectors")
    sub = vectors.add_subparsers(dest="vectors_command", metavar="COMMAND", required=True)
    generate = sub.add_parser("generate", help="write spec/vectors/ from the reference")
    add_generate_arguments(generate)
    generate.set_defaults(handler=_cmd_vectors)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.conform [options] [-- COMMAND ...]``."""
    from frogspec.cli import main as cli_main

    return cli_main(["conform", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
