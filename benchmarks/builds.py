"""The builds ``python3 dev.py bench`` times, each in a worker process of its own.

- **pure**: the working tree, imported by the Python running the benchmarks;
- **compiled**: the mypyc build of the same tree (``.ci/compiled.py``'s :func:`build`, a
  copy of the tree in ``.cache/compiled/tree`` compiled in place), built once and kept:
  it is built again only when a file of the tree has changed since (:func:`tree_stamp`);
- **the peer**: OpenSpiel, in a process that imports nothing of frogspec's engine.

A :class:`Worker` runs ``python -m benchmarks.worker`` for one build and asks it what to
time, one JSON line a request (see :mod:`benchmarks.worker`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = [
    "Build",
    "CompiledBuild",
    "Worker",
    "WorkerError",
    "compiled_build",
    "pure_build",
    "tree_stamp",
]

ROOT = Path(__file__).resolve().parent.parent
#: The file in the compiled tree that records which sources it was built from.
STAMP_NAME = ".frogspec-bench-sources"


@dataclass(frozen=True)
class Build:
    """A Python and a folder to run the worker in; ``path`` goes first on its import path."""

    name: str
    python: Path
    cwd: Path
    path: Path | None = None


def pure_build() -> Build:
    """The working tree, run by this Python."""
    return Build("pure", Path(sys.executable), ROOT, ROOT)


def _tracked_files(root: Path) -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return sorted(name for name in listed.split("\0") if name and (root / name).is_file())


#: What the compiled copy runs in a benchmark, and what builds it (a change to the docs or
#: to other tests does not make it stale).
STAMPED = (
    "frogspec/",
    "benchmarks/",
    "spec/",
    "tests/conformance/engines/",
    "setup.py",
    "pyproject.toml",
    "build_backend/",
    ".ci/compiled.py",
)


def tree_stamp(root: Path = ROOT) -> str:
    """A digest, names and contents, of the files of :data:`STAMPED` that git knows of or
    would add in ``root`` (``.ci/compiled.py`` copies these, and the rest, to compile)."""
    digest = hashlib.sha256()
    for name in _tracked_files(root):
        if name.startswith(STAMPED):
            digest.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return digest.hexdigest()


def _compiled_script() -> ModuleType:
    # .ci/compiled.py is a script, not a module of a package: load it by its path.
    spec = importlib.util.spec_from_file_location("frogspec_ci_compiled", ROOT / ".ci/compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class CompiledBuild:
    """The compiled build, or why there is none (``build`` is then ``None``)."""

    build: Build | None
    said: str


def compiled_build(
    stamp: Callable[[], str] = tree_stamp,
    script: Callable[[], ModuleType] = _compiled_script,
) -> CompiledBuild:
    """The mypyc build of the working tree: the one in ``.cache/compiled`` if it was built
    from the tree as it stands, else built now (a minute or two)."""
    try:
        module = script()
    except OSError as error:  # not a checkout: no .ci/compiled.py
        return CompiledBuild(None, f"the compiled build's script is missing ({error})")
    tree, python = Path(module.TREE), Path(module.PYTHON)
    wanted = stamp()
    recorded = tree / STAMP_NAME
    if python.exists() and recorded.exists() and recorded.read_text() == wanted:
        said = "the cached build (the tree has not changed since it was built)"
    else:
        print("bench: building the compiled copy of the tree (mypyc)", file=sys.stderr, flush=True)
        try:
            python, tree = module.build()
        except (SystemExit, subprocess.CalledProcessError, OSError) as error:
            return CompiledBuild(None, f"the compiled build could not be made ({error})")
        recorded.write_text(wanted)
        said = "built for this run (the tree had changed since the last build)"
    return CompiledBuild(Build("compiled", Path(python), Path(tree), Path(tree)), said)


class WorkerError(RuntimeError):
    """A worker failed to answer a request: the build, the request and what it said."""


class Worker:
    """A ``python -m benchmarks.worker`` process for ``build``: ask it, get its answer."""

    def __init__(self, build: Build) -> None:
        self.build = build
        env = dict(os.environ)
        if build.path is not None:
            env["PYTHONPATH"] = os.pathsep.join(
                filter(None, [str(build.path), env.get("PYTHONPATH", "")])
            )
        self.process = subprocess.Popen(
            [str(build.python), "-m", "benchmarks.worker"],
            cwd=build.cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, **request: Any) -> dict[str, Any]:
        """Send ``request``; its answer, or :class:`WorkerError`."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            raise WorkerError(f"the {self.build.name} worker stopped on {request}")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise WorkerError(f"the {self.build.name} worker, on {request}: {answer['error']}")
        return answer

    def close(self) -> None:
        """End the process (its input closes; it stops)."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
