"""A pytest plugin: the conformance vectors as pytest tests, one per case.

Installed with frogspec (entry point ``pytest11``), it does nothing until one of its
options is given:

    pytest --frogspec-impl "python -m mygame.protocol"      an implementation's command
    pytest --frogspec-impl-object mygame.protocol:engine     an object in this process

``--frogspec-impl`` starts COMMAND and speaks protocol v1 to it over JSON lines, as
``frogspec conform`` does (and survives it the same way: a crash, a hang, junk). The
object of ``--frogspec-impl-object`` (``module:name``, the name may be dotted) has a
method ``handle(request: dict) -> dict`` or is itself such a callable; a class is
instantiated first; the module is imported with the current directory on the path, as
``python -m pytest`` would. Each case of ``spec/vectors/`` becomes a test named by its case id,
under one node per vector file; a failure shows the runner's report of it (the rule, its
statement and source, where the implementation first parts from the reference and the
rules that decide that step, the request, expected against actual), and a case the
implementation does not offer is skipped. ``-k`` selects by case id, file or rule id.

Cases are judged as ``frogspec conform`` judges them (:mod:`frogspec.conform.comparison`):
an ``illegal`` error passes with any ``rule``, or none. How many name frogspec's rule
(level 2) is said at the end; when the implementation's hello declares ``"rule_ids":
"frogspec"``, a case naming another rule makes pytest's exit status 1.

Other options: ``--frogspec-vectors DIR`` (default: ``spec/vectors`` of the frogspec
checkout, else the copy installed with frogspec) and ``--frogspec-timeout SECONDS`` (per
request, for a command).
"""

from __future__ import annotations

import importlib
import json
import os
import shlex
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from frogspec._types import Json

__all__ = ["VectorCaseItem", "VectorFileCollector"]


_STATE_KEY = pytest.StashKey["_Driver"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add the plugin's options (in a group ``frogspec``)."""
    group = parser.getgroup("frogspec", "frogspec conformance vectors")
    group.addoption(
        "--frogspec-impl",
        metavar="COMMAND",
        help="run the Frog conformance vectors against COMMAND (one pytest test per case)",
    )
    group.addoption(
        "--frogspec-impl-object",
        metavar="MODULE:OBJECT",
        help="run the vectors against a Python object with handle(request) -> response "
        "(or a callable)",
    )
    group.addoption(
        "--frogspec-vectors",
        metavar="DIR",
        help="the vectors directory (default: spec/vectors of the frogspec checkout, else the "
        "copy installed with frogspec)",
    )
    group.addoption(
        "--frogspec-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds a command has to answer one request (default 10)",
    )


def _enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("--frogspec-impl") or config.getoption("--frogspec-impl-object"))


def pytest_configure(config: pytest.Config) -> None:
    """Refuse contradictory options at once."""
    if config.getoption("--frogspec-impl") and config.getoption("--frogspec-impl-object"):
        raise pytest.UsageError("give --frogspec-impl or --frogspec-impl-object, not both")
    timeout = config.getoption("--frogspec-timeout")
    if timeout is not None and not timeout > 0:
        raise pytest.UsageError(f"--frogspec-timeout must be more than 0, got {timeout}")


# --- the implementation -----------------------------------------------------------------


def _load_object(spec: str) -> Callable[[dict[str, Json]], Json]:
    """The handler named by ``module:object``: its ``handle`` method, or itself."""
    module_name, colon, attribute = spec.partition(":")
    if not colon or not module_name or not attribute:
        raise pytest.UsageError(
            f"--frogspec-impl-object wants MODULE:OBJECT, like mygame.protocol:engine; got {spec!r}"
        )
    try:
        target: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        # As ``python -m pytest`` would: the current directory is on the path.
        here = os.getcwd()
        if error.name != module_name.split(".")[0] or here in sys.path:
            raise pytest.UsageError(
                f"--frogspec-impl-object: cannot import {module_name!r}: {error}"
            ) from None
        sys.path.insert(0, here)
        return _load_object(spec)
    except ImportError as error:
        raise pytest.UsageError(
            f"--frogspec-impl-object: cannot import {module_name!r}: {error}"
        ) from None
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise pytest.UsageError(f"--frogspec-impl-object: {module_name!r} has no {attribute!r}")
        target = getattr(target, part)
    if isinstance(target, type):
        target = target()
    handler = getattr(target, "handle", None)
    if callable(handler):
        return handler  # type: ignore[no-any-return]
    if callable(target):
        return target  # type: ignore[no-any-return]
    raise pytest.UsageError(
        f"--frogspec-impl-object: {spec} is neither callable nor has a handle() method"
    )


class _InProcess:
    """A Python object spoken to as the runner speaks to a command."""

    def __init__(self, handler: Callable[[dict[str, Json]], Json], name: str) -> None:
        self.handler = handler
        self.name = name

    def exchange(self, request: dict[str, Json], timeout: float | None = None) -> dict[str, Json]:
        """Hand ``request`` to the object; a Python object has no timeout to keep."""
        from frogspec.conform import Failure

        try:
            answer = self.handler(json.loads(json.dumps(request)))
        except Exception as error:
            raise Failure("crash", f"{self.name} raised {type(error).__name__}: {error}") from None
        if not isinstance(answer, dict):
            raise Failure("junk", f"{self.name} returned {answer!r}, not an object")
        try:
            decoded: dict[str, Json] = json.loads(json.dumps(answer))
        except (TypeError, ValueError) as error:
            raise Failure("junk", f"{self.name} returned what JSON cannot hold: {error}") from None
        if decoded.get("id") != request["id"]:
            raise Failure(
                "wrong-id",
                f"the answer has id {decoded.get('id')!r}, the request {request['id']}",
            )
        return decoded

    def stop(self) -> None:
        """Nothing to stop."""

    def stderr_text(self) -> str:
        """Nothing is written to standard error."""
        return ""


class _Driver:
    """The conformance runner, shared by every test of the session."""

    def __init__(self, config: pytest.Config) -> None:
        from frogspec.conform import DEFAULT_MAX_RESTARTS, DEFAULT_TIMEOUT, Run, Runner

        command_text = config.getoption("--frogspec-impl")
        object_spec = config.getoption("--frogspec-impl-object")
        timeout = config.getoption("--frogspec-timeout") or DEFAULT_TIMEOUT
        self.in_process: _InProcess | None = None
        if command_text:
            command = shlex.split(command_text)
            if not command:
                raise pytest.UsageError("--frogspec-impl is empty: give the command to run")
        else:
            command = [f"<python object {object_spec}>"]
            self.in_process = _InProcess(_load_object(object_spec), str(object_spec))
        self.run = Run(
            command=command,
            vectors="",
            filters={},
            timeout=timeout,
            max_restarts=DEFAULT_MAX_RESTARTS,
            started=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        )
        in_process = self.in_process
        # An object in process is "started" by handing it over; its hello goes through it.
        self.runner = Runner(
            self.run, None, connect=None if in_process is None else lambda: in_process
        )

    def one(self, case: Any) -> Any:
        """The runner's outcome of one case; a failed case is diagnosed (where the
        implementation first parts from the reference, and the rules of that step)."""
        outcome = self.runner.one(case)
        self.run.outcomes.append(outcome)
        if outcome.status == "failed":
            self.runner.diagnose(outcome)
        return outcome

    def close(self) -> None:
        """Stop the implementation."""
        self.runner.close()


def _driver(config: pytest.Config) -> _Driver:
    driver = config.stash.get(_STATE_KEY, None)
    if driver is None:
        driver = _Driver(config)
        config.stash[_STATE_KEY] = driver
        config.add_cleanup(driver.close)
    return driver


def _failure_text(outcome: Any) -> str:
    from frogspec.conform.reports import failure_lines

    # The runner's own words for a failure.
    return "\n".join(failure_lines(outcome))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Level 2 (whether ``illegal`` errors name frogspec's rule ids), as the runner says it."""
    driver = config.stash.get(_STATE_KEY, None)
    if driver is None:
        return
    from frogspec.conform.reports import level2_lines

    lines = level2_lines(driver.run)
    if lines:
        terminalreporter.section("frogspec: level 2 (names the rule)")
        for line in lines:
            terminalreporter.write_line(line)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """An implementation that declares ``"rule_ids": "frogspec"`` and names another rule
    than the reference makes the exit status 1, as ``frogspec conform`` does; its cases
    still pass (level 2 never fails a case)."""
    driver = session.config.stash.get(_STATE_KEY, None)
    if driver is not None and exitstatus == 0 and driver.run.exit_status():
        session.exitstatus = 1


# --- collection -------------------------------------------------------------------------


class _VectorFailure(Exception):
    """A case the implementation failed; carries the runner's outcome."""

    def __init__(self, outcome: Any) -> None:
        super().__init__(outcome.message)
        self.outcome = outcome


class VectorCaseItem(pytest.Item):
    """One conformance case as a pytest test."""

    def __init__(self, *, case: Any, path_of_file: Path, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.path_of_file = path_of_file
        self.extra_keyword_matches.update(case.rules)
        for rule_id in case.rules:
            self.user_properties.append(("rule", rule_id))

    def runtest(self) -> None:
        """Run the case through the conformance runner."""
        outcome = _driver(self.config).one(self.case)
        if outcome.status == "skipped":
            pytest.skip(f"{outcome.reason}: {outcome.message}")
        if outcome.status != "passed":
            raise _VectorFailure(outcome)

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str:
        """The runner's report of the failure."""
        if isinstance(excinfo.value, _VectorFailure):
            return _failure_text(excinfo.value.outcome)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """Where the case is: its vector file and id."""
        return self.path_of_file, None, f"{self.case.file}.json::{self.case.id}"


class VectorFileCollector(pytest.Collector):
    """The cases of one vector file."""

    def __init__(self, *, vector_file: Any, path_of_file: Path, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.vector_file = vector_file
        self.path_of_file = path_of_file

    def collect(self) -> list[pytest.Item]:
        """One item per case."""
        return [
            VectorCaseItem.from_parent(
                self, name=case.id, case=case, path_of_file=self.path_of_file
            )
            for case in self.vector_file.cases
        ]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Add a test per case when an implementation is given (before ``-k`` selects)."""
    if not _enabled(config):
        return
    from frogspec.vectors.model import VectorError, default_vectors_dir, load_vectors

    given = config.getoption("--frogspec-vectors")
    folder = Path(given) if given else default_vectors_dir()
    try:
        files = load_vectors(folder)
    except VectorError as error:
        raise pytest.UsageError(f"frogspec: {error} (use --frogspec-vectors DIR)") from None
    driver = _driver(config)
    if driver.in_process is None:
        program = driver.run.command[0]
        if shutil.which(program) is None:
            raise pytest.UsageError(f"--frogspec-impl: no program {program!r} to run")
    for vector_file in files:
        path = folder / f"{vector_file.name}.json"
        name = f"frogspec-vectors/{vector_file.name}.json"
        collector = VectorFileCollector.from_parent(
            session, name=name, nodeid=name, vector_file=vector_file, path_of_file=path
        )
        report = collector.ihook.pytest_make_collect_report(collector=collector)
        collector.ihook.pytest_collectreport(report=report)
        if report.failed:
            raise pytest.UsageError(f"frogspec: cannot collect {name}: {report.longrepr}")
        items.extend(item for item in report.result if isinstance(item, pytest.Item))


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say what the vectors run against."""
    if not _enabled(config):
        return None
    target = config.getoption("--frogspec-impl") or config.getoption("--frogspec-impl-object")
    return f"frogspec: conformance vectors against {target}"
