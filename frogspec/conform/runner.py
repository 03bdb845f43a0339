"""Running the cases: start the implementation, say hello, send each case, judge each answer.

:class:`Runner` keeps one implementation running (restarting it when it crashes, hangs or
talks nonsense, up to ``max_restarts`` times) and turns each case into an
:class:`CaseOutcome`; :class:`Run` holds the outcomes and what the runner learnt on the way;
:func:`run_conformance` loads the vectors, applies the filters and runs the lot.
"""

from __future__ import annotations

import datetime as _dt
import fnmatch
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from frogspec._types import Json
from frogspec.conform.comparison import (
    Comparison,
    declares_rule_ids,
    expects_unsupported,
    judge,
)
from frogspec.conform.transport import Failure, Implementation, Transport, UsageError, short
from frogspec.vectors.model import (
    Case,
    VectorError,
    default_vectors_dir,
    iter_cases,
    load_vectors,
)

if TYPE_CHECKING:
    from frogspec.conform.deviations import Deviation
    from frogspec.conform.diagnosis import Divergence
    from frogspec.conform.expectations import Expectation
    from frogspec.conform.probes import StageFinding
    from frogspec.harness import Adjust

__all__ = [
    "DEFAULT_DEADLINE",
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_START_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "REASONS",
    "STATUSES",
    "CaseOutcome",
    "Run",
    "Runner",
    "run_conformance",
    "select_cases",
]


DEFAULT_TIMEOUT = 10.0
"""Seconds an implementation has to answer one request."""

DEFAULT_START_TIMEOUT = 30.0
"""Seconds a freshly started implementation has to answer hello (or ``--timeout``, if more):
a virtual machine or an interpreter may take a while to start."""

DEFAULT_MAX_RESTARTS = 5
"""Restarts after which the runner stops trying and reports the remaining cases as errors."""

DEFAULT_DEADLINE = 120.0
"""Seconds a whole run may take (the cases and the diagnosis of the failures): the cases not
run by then are errors, and a diagnosis cut short says so. The reference harness runs every
case in about a second, and an engine in an interpreted language with a thousand failures
is diagnosed in under a minute; an engine that answers each request just inside
``--timeout`` would otherwise take hours."""

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
    "out-of-bounds": "an answer line too long, too deep or with too long a number",
    "unrequested": "a line written before the request it would answer was sent",
    "deadline": "the run's deadline passed (waiting for this answer, or before it was run)",
    "unsupported": "the implementation answered unsupported",
    "not-offered": "hello does not list the op or ruleset",
    "extension-absent": "the answer lacks the extension field the case is about",
    "not-run": "not run: the implementation could not be (re)started",
}


@dataclass
class CaseOutcome:
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
    level2: Comparison | None = None
    divergence: Divergence | None = None

    @property
    def counted_failed(self) -> bool:
        """Whether the case counts as failed (a failure or an error)."""
        return self.status in ("failed", "error")

    @property
    def names_rule(self) -> bool | None:
        """Level 2: whether the answer names the reference's rule id (``None``: not judged,
        as the case expects no ``illegal`` error or failed level 1)."""
        return None if self.level2 is None else self.level2.names_rule


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
    deadline: float | None = None
    """Seconds the whole run may take (``None``: no bound)."""
    cut_off: str | None = None
    """Which bound ended the run before every case had run, and how; ``None`` if none."""
    outcomes: list[CaseOutcome] = field(default_factory=list)
    seconds: float = 0.0
    hello: dict[str, Json] | None = None
    starts: int = 0
    restarts: int = 0
    gave_up: bool = False
    start_failures: list[str] = field(default_factory=list)
    stderr: str = ""
    deviations: list[Deviation] = field(default_factory=list)
    #: What the engine's unit ops show where no failing case is filed (a departure no
    #: case of the run shows): reported apart from the deviations.
    unit_findings: list[StageFinding] = field(default_factory=list)
    expectations: list[Expectation] = field(default_factory=list)
    #: What the diagnosis could not do, one line each ("diagnosis failed on case X: why"):
    #: the report still comes out, with these said in it.
    diagnosis_failures: list[str] = field(default_factory=list)

    def accepted(self, deviation: Deviation) -> bool:
        """Whether an expectation (``--reading``, ``--expect``) accepts the deviation."""
        from frogspec.conform.expectations import expectation_matches

        return any(expectation_matches(e, deviation) for e in self.expectations)

    def finding_accepted(self, finding: StageFinding) -> bool:
        """Whether an expectation (``--expect``) declares the unit-op finding."""
        from frogspec.conform.expectations import finding_matches

        return any(finding_matches(e, finding) for e in self.expectations)

    def stale_expectations(self) -> list[Expectation]:
        """The expectations no deviation or unit-op finding of the run matches."""
        from frogspec.conform.expectations import stale

        return stale(self.expectations, self.deviations, self.unit_findings)

    def unaccepted_failed(self) -> int:
        """Cases failed, errors included, but those filed under accepted deviations only (a
        case two departures touch is accepted when both are)."""
        accepted = {c for d in self.deviations if self.accepted(d) for c in d.cases}
        refused = {c for d in self.deviations if not self.accepted(d) for c in d.cases}
        return sum(
            o.counted_failed and (o.case.id not in accepted or o.case.id in refused)
            for o in self.outcomes
        )

    def count(self) -> Counter[str]:
        """Cases by status."""
        return Counter(o.status for o in self.outcomes)

    @property
    def declares_rule_ids(self) -> bool:
        """Whether the implementation's hello declares that it names frogspec's rule ids
        (then level 2 counts: see :mod:`frogspec.conform.comparison`)."""
        return declares_rule_ids(self.hello)

    def level2(self) -> tuple[int, int]:
        """Level 2: the cases that name the reference's rule, and the cases judged."""
        judged = [o.names_rule for o in self.outcomes if o.names_rule is not None]
        return sum(judged), len(judged)

    def misnamed(self) -> list[CaseOutcome]:
        """The cases passed at level 1 whose ``illegal`` error names another rule."""
        return [o for o in self.outcomes if o.names_rule is False]

    def exit_status(self) -> int:
        """1 when a case failed (but under an accepted deviation: :attr:`expectations`), or
        when an implementation that declares frogspec's rule ids names another rule than
        the reference's; else 0."""
        broken_promise = self.declares_rule_ids and bool(self.misnamed())
        return 1 if self.unaccepted_failed() or broken_promise else 0

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
    root = str(Path(__file__).resolve().parents[2])
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


class Runner:
    """Runs cases against a command, restarting it when it misbehaves.

    ``connect`` starts the implementation; by default it runs ``run.command`` as a
    subprocess. The pytest plugin passes one that talks to a Python object in process.
    ``progress`` is told of each case run (its number and outcome), ``diagnosing`` of each
    failure diagnosed (how many are done, of how many).
    """

    def __init__(
        self,
        run: Run,
        env: dict[str, str] | None,
        progress: Callable[[int, CaseOutcome], None] | None = None,
        connect: Callable[[], Transport] | None = None,
        diagnosing: Callable[[int, int], None] | None = None,
    ) -> None:
        self.run = run
        self.env = env
        self.progress = progress
        self.diagnosing = diagnosing
        self.connect = connect
        self.impl: Transport | None = None
        self.next_id = 1
        self.stderr_parts: list[str] = []
        self.last_failure = ""
        self.ends_at = None if run.deadline is None else time.monotonic() + run.deadline
        #: Every case has been run and the failures are being diagnosed.
        self.diagnosing_failures = False

    def _left(self) -> float | None:
        """Seconds left before the run's deadline (``None``: no deadline)."""
        return None if self.ends_at is None else self.ends_at - time.monotonic()

    def _wait(self, wait: float) -> float:
        """``wait``, cut to the time left before the deadline."""
        left = self._left()
        return wait if left is None else max(min(wait, left), 0.0)

    def _past_deadline(self) -> bool:
        left = self._left()
        if left is None or left > 0:
            return False
        if self.run.cut_off is None:
            during = (
                " while the failures were being diagnosed: the deviations are what was found "
                "by then"
                if self.diagnosing_failures
                else ""
            )
            self.run.cut_off = (
                f"deadline: the run's deadline of {self.run.deadline:g} s passed{during} "
                "(--deadline SECONDS gives more)"
            )
        return True

    def _deadline_failure(self, failure: Failure) -> Failure:
        """A timeout cut short by the deadline, said so; any other failure as it is."""
        if failure.reason == "timeout" and self._past_deadline():
            return Failure(
                "deadline",
                f"the run's deadline of {self.run.deadline:g} s passed while waiting for "
                "this answer",
            )
        return failure

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
            if run.gave_up or self._past_deadline():
                return False
            if run.starts > 0 and run.hello is None:
                # It never answered hello: another start would only cost another timeout.
                run.gave_up = True
                run.cut_off = run.cut_off or "hello: no answer to hello at the first start"
                return False
            if run.starts > 0:
                if run.restarts >= run.max_restarts:
                    run.gave_up = True
                    run.cut_off = run.cut_off or (
                        f"max-restarts: the implementation failed after {run.restarts} "
                        "restarts (--max-restarts N)"
                    )
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
                    self._wait(max(run.timeout, run.start_timeout)),
                )
                result = answer.get("result")
                if (
                    not isinstance(result, dict)
                    or not isinstance(result.get("rulesets"), list)
                    or not isinstance(result.get("ops"), list)
                ):
                    raise Failure(
                        "junk",
                        f"hello did not answer a result with rulesets and ops: "
                        f"{short(json.dumps(answer))}",
                    )
            except Failure as failure:
                failure = self._deadline_failure(failure)
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
        if expects_unsupported(case):
            return None
        # Every implementation answers hello (the runner has just spoken it), listed or not.
        if case.op != "hello" and case.op not in hello.get("ops", []):
            return f"hello does not list op {case.op!r}"
        if case.ruleset is not None and case.ruleset not in hello.get("rulesets", []):
            return f"hello does not list ruleset {case.ruleset!r}"
        return None

    def _not_run(self) -> str:
        if self.run.cut_off is not None and self.run.cut_off.startswith("deadline"):
            return f"not run: the run's deadline of {self.run.deadline:g} s had passed"
        if self.run.hello is None:
            return (
                "not run: the implementation did not answer hello at its first start "
                f"({self.last_failure})"
            )
        return (
            f"not run: the runner gave up after {self.run.restarts} restarts "
            f"(the last failure: {self.last_failure})"
        )

    def one(self, case: Case) -> CaseOutcome:
        """Run one case."""
        if self._past_deadline() or not self._ensure():
            return CaseOutcome(case, "error", self._not_run_reason(), self._not_run())
        why = self._skip_reason(case)
        if why is not None:
            return CaseOutcome(case, "skipped", "not-offered", why)
        assert self.impl is not None
        sent = {**case.request, "id": self._id()}
        began = time.monotonic()
        try:
            answer = self.impl.exchange(sent, self._wait(self.run.timeout))
        except Failure as failure:
            failure = self._deadline_failure(failure)
            impl = self.impl
            self.last_failure = f"{case.id}: {failure.reason}: {failure.message}"
            self._stop()
            return CaseOutcome(
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
        verdict = judge(case, actual)
        return CaseOutcome(
            case,
            verdict.status,
            verdict.reason,
            verdict.message,
            sent,
            actual,
            list(verdict.differences),
            seconds=seconds,
            level2=verdict.comparison,
        )

    def _not_run_reason(self) -> str:
        cut = self.run.cut_off
        return "deadline" if cut is not None and cut.startswith("deadline") else "not-run"

    def ask(self, request: dict[str, Json]) -> dict[str, Json]:
        """Send one request (without an id) to the implementation, (re)starting it if need
        be; its answer without the id, or :class:`Failure`. The diagnosis asks through it."""
        if self._past_deadline() or not self._ensure():
            raise Failure(self._not_run_reason(), self._not_run())
        assert self.impl is not None
        try:
            answer = self.impl.exchange({**request, "id": self._id()}, self._wait(self.run.timeout))
        except Failure as failure:
            self._stop()
            raise self._deadline_failure(failure) from None
        return {k: v for k, v in answer.items() if k != "id"}

    def diagnose(self, outcome: CaseOutcome) -> None:
        """Find where a failed case's engine and the reference part
        (:func:`frogspec.conform.diagnosis.diagnose`), replaying prefixes through
        :meth:`ask` when the engine answered amiss; a case that got no answer (a crash, a
        hang, junk) is diagnosed from the case alone, so that a diagnosis cannot cost a
        timeout per prefix."""
        from frogspec.conform.diagnosis import diagnose

        if outcome.status != "failed":
            return
        live = outcome.reason == "mismatch" and not self.run.gave_up
        try:
            outcome.divergence = diagnose(outcome.case, outcome.actual, self.ask if live else None)
        except Exception as error:  # the last resort: a report, never a traceback
            self.run.diagnosis_failures.append(_failed_on(f"case {outcome.case.id}", error))

    def rediagnose(
        self, case: Case, actual: Json, assumed: Adjust | None, past: Collection[str] = ()
    ) -> Divergence | None:
        """Diagnose a failed case again (under the departures ``assumed``, passing over the
        steps that part only by the kinds of difference ``past``), asking the engine again
        unless it was given up on; ``None`` past the deadline or when the diagnosis fails
        (said in :attr:`Run.diagnosis_failures`)."""
        from frogspec.conform.diagnosis import diagnose

        if self._past_deadline():
            return None
        # A case that got no answer is diagnosed from the case alone, as the first time.
        answered = any(o.case.id == case.id and o.reason == "mismatch" for o in self.run.outcomes)
        live = answered and not self.run.gave_up
        try:
            return diagnose(case, actual, self.ask if live else None, assumed, past)
        except Exception as error:  # the last resort: a report, never a traceback
            self.run.diagnosis_failures.append(_failed_on(f"case {case.id}", error))
            return None

    def play_on_own_deal(self, case: Case, assumed: Adjust | None) -> list[tuple[Case, Json]]:
        """A refused vector game played on the engine's own deal, under the departures
        ``assumed`` (:func:`frogspec.conform.own_deal.played_on_own_deal`), each game
        with the engine's answer; none past the deadline, once the engine was given up
        on, or where asking fails."""
        from frogspec.conform.own_deal import played_on_own_deal

        if self._past_deadline() or self.run.gave_up:
            return []
        try:
            return played_on_own_deal(case, assumed, self.ask)
        except Failure:
            return []
        except Exception as error:  # the last resort: a report, never a traceback
            self.run.diagnosis_failures.append(_failed_on(f"case {case.id}", error))
            return []

    def diagnose_all(self) -> None:
        """Diagnose every failed case, then blame each on the rules it departs from
        (:func:`frogspec.conform.blame.blame`), with what the engine's unit ops show.
        Nothing to do when nothing failed."""
        failed = [o for o in self.run.outcomes if o.status == "failed"]
        if not failed:
            return
        from frogspec.conform.blame import blame

        self.diagnosing_failures = True
        gave_up = self.run.gave_up
        for done, outcome in enumerate(failed):
            if self._past_deadline():
                break  # the rest stay undiagnosed: the report says the deadline cut it off
            if self.diagnosing is not None:
                self.diagnosing(done, len(failed))
            self.diagnose(outcome)
        if self.diagnosing is not None:
            self.diagnosing(len(failed), len(failed))
        # Giving up during the diagnosis ends only the diagnosis: every case was run.
        self.run.gave_up = gave_up
        findings = self.probe_stages(failed)
        # The passed cases keep a rival reading or a swap honest: one that would fail them
        # is not what the engine does.
        try:
            blamed = blame(
                [(o.case, o.actual, o.divergence) for o in failed],
                [o.case for o in self.run.outcomes if o.status == "passed"],
                findings,
                rediagnose=self.rediagnose,
                in_time=lambda: not self._past_deadline(),
                replay=self.play_on_own_deal,
            )
            self.run.deviations = blamed.deviations
            self.run.unit_findings = blamed.unit_findings
        except Exception as error:  # the last resort: a report, never a traceback
            self.run.diagnosis_failures.append(_failed_on("the deviations", error))
        self.run.gave_up = gave_up

    def probe_stages(self, failed: Sequence[CaseOutcome]) -> list[StageFinding]:
        """Ask the engine's unit ops where it departs (:func:`frogspec.conform.probes.
        probe_stages`), in the rulesets of the failed cases; none when it cannot be asked
        (or the probing fails: said in :attr:`Run.diagnosis_failures`)."""
        from frogspec.conform.probes import probe_stages

        hello = self.run.hello
        if (
            self.run.gave_up
            or self._past_deadline()
            or hello is None
            or not isinstance(hello.get("ops"), list)
        ):
            return []
        offered = hello.get("rulesets")
        rulesets = [
            rs
            for rs in dict.fromkeys(o.case.ruleset for o in failed)
            if rs and (not isinstance(offered, list) or rs in offered)
        ]
        gave_up = self.run.gave_up
        try:
            return probe_stages(self.ask, [str(op) for op in hello["ops"]], rulesets)
        except Exception as error:  # the last resort: the deviations without the probes
            self.run.diagnosis_failures.append(_failed_on("the probes of the unit ops", error))
            return []
        finally:
            self.run.gave_up = gave_up

    def all(self, cases: Sequence[Case]) -> None:
        """Run every case, in order."""
        try:
            for index, case in enumerate(cases):
                outcome = self.one(case)
                self.run.outcomes.append(outcome)
                if self.progress is not None:
                    self.progress(index + 1, outcome)
            self.diagnose_all()
        finally:
            self._stop()
            self.run.stderr = "\n".join(self.stderr_parts)[-20000:]


def _unknown_ruleset(name: str, known: set[str]) -> str:
    # The reference's rulesets are the ones to suggest: the vectors also name rulesets no
    # engine has (skat, tapp), to check that an engine refuses them.
    import difflib

    from frogspec.rulesets import RULESETS

    ours = [r for r in RULESETS if r in known]
    near = difflib.get_close_matches(name, ours, n=1, cutoff=0.3)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return f"no case is for ruleset {name!r}{hint}; rulesets: {', '.join(ours)}"


def _failed_on(what: str, error: Exception) -> str:
    """One line of :attr:`Run.diagnosis_failures`: what failed, and the error in short."""
    return f"diagnosis failed on {what}: {type(error).__name__}: {short(str(error))}"


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
    deadline: float | None = DEFAULT_DEADLINE,
    progress: Callable[[int, int, CaseOutcome], None] | None = None,
    diagnosing: Callable[[int, int], None] | None = None,
) -> Run:
    """Run the conformance cases against ``command`` (the reference harness if ``None``).

    ``progress`` is told of each case run (how many are done, of how many, and its
    outcome); ``diagnosing``, of the failures diagnosed after (how many, of how many).
    ``deadline`` bounds the whole run in seconds (``None``: no bound): the cases not run
    by then are errors (reason ``deadline``) and :attr:`Run.cut_off` says so.
    """
    folder = vectors or default_vectors_dir()
    if not folder.is_dir():
        where = "" if vectors else " (neither this checkout nor this installed package has them)"
        raise UsageError(
            f"no vectors directory at {folder}{where}; give the spec/vectors folder of a "
            "frogspec checkout or source archive with --vectors DIR"
        )
    try:
        files = load_vectors(folder)
    except VectorError as error:
        raise UsageError(f"{error} (--vectors DIR names another folder)") from None
    everything = list(iter_cases(files))
    known = {c.ruleset for c in everything if c.ruleset is not None}
    for name in rulesets:
        if name not in known:
            raise UsageError(_unknown_ruleset(name, known))
    chosen = select_cases(everything, rulesets, rules, cases)
    if not chosen:
        raise UsageError("no case matches the filters")
    if timeout <= 0 or start_timeout <= 0:
        raise UsageError(f"a timeout must be more than 0, got {min(timeout, start_timeout):g}")
    if deadline is not None and deadline <= 0:
        raise UsageError(f"--deadline must be more than 0 seconds, got {deadline:g}")
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
        deadline=deadline,
        started=_dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
    )
    total = len(chosen)
    began = time.monotonic()
    step = None if progress is None else (lambda i, o: progress(i, total, o))
    Runner(run, env, step, diagnosing=diagnosing).all(chosen)
    run.seconds = time.monotonic() - began
    return run
