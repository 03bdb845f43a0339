"""Build hook: ship the conformance vectors and schemas inside the package.

Everything else about the build is in ``pyproject.toml``. A wheel gets ``spec/vectors``
and ``spec/schema`` as ``frogspec/spec/vectors`` and ``frogspec/spec/schema``, so that
``frogspec conform`` finds them after a plain ``pip install`` (see
``frogspec.vectors.model.default_vectors_dir``, which prefers the source tree's copy
when run from a checkout), and ``spec/twins-results.json``, which the site's page of broken
twins shows (``frogspec.twins.check.default_results_path``). An editable install reads the
source tree and gets no copy.

``FROGSPEC_COMPILE=1 pip install .`` also compiles the engine's modules (:data:`COMPILED`,
the chain ``random_playout`` imports) with mypyc, which ships with mypy: the same source,
no second engine. Without the variable, or when mypyc or a C compiler is missing or a module
fails to compile, the pure package is built as before (each module's ``.py`` is shipped
either way; Python imports a compiled module in its place). ``frogspec.COMPILED`` and
``frogspec --version`` say which build runs.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

#: The folders of ``spec/`` a wheel ships.
SHIPPED = ("vectors", "schema")
#: The files of ``spec/`` a wheel ships: the broken twins' results, which the site shows.
SHIPPED_FILES = ("twins-results.json",)


class BuildPyWithSpec(build_py):
    """``build_py`` that also copies ``spec/vectors`` and ``spec/schema`` into the package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        here = Path(__file__).resolve().parent
        for name in SHIPPED:
            source = here / "spec" / name
            if not source.is_dir():
                raise SystemExit(f"setup.py: {source} is missing; build from a frogspec checkout")
            shutil.copytree(
                source, Path(self.build_lib) / "frogspec" / "spec" / name, dirs_exist_ok=True
            )
        for name in SHIPPED_FILES:
            source = here / "spec" / name
            if not source.is_file():
                raise SystemExit(f"setup.py: {source} is missing; build from a frogspec checkout")
            shutil.copy2(source, Path(self.build_lib) / "frogspec" / "spec" / name)


#: The modules the compiled build compiles: the engine and the chapters of rules it imports.
#: ``errors`` stays pure: mypyc cannot compile a class with two built-in bases
#: (``UnknownRuleError`` is a ``KeyError`` too), and errors are not the hot path.
COMPILED = (
    "rules/auction",
    "rules/cards",
    "rules/deal",
    "engine",
    "rules/match",
    "rules/play",
    "playout",
    "registry",
    "rulesets",
    "ruletable",
    "rules/scoring",
    "rules/seats",
    "rules/settlement",
    "solve",
    "sources",
    "rules/trump",
    "rules/widow",
)


def _say(message: str) -> None:
    print(f"setup.py: {message}", file=sys.stderr, flush=True)


def _compiled_modules() -> list[Any]:
    # The mypyc extensions, or none: the pure build.
    if os.environ.get("FROGSPEC_COMPILE", "") != "1":
        return []
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        _say(f"FROGSPEC_COMPILE=1 but no C compiler ({compiler}): building the pure package")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("FROGSPEC_COMPILE=1 but mypyc (mypy) is not installed: building the pure package")
        return []
    _say("compiling the engine's modules with mypyc")
    return list(mypycify([f"frogspec/{name}.py" for name in COMPILED], opt_level="3"))


class BuildExtOrPure(build_ext):
    """``build_ext`` that builds the pure package when the C compiler fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a compiler error: the .py files are shipped anyway
            _say(f"the compiled build failed ({error}); building the pure package")
            self.extensions = []


setup(
    cmdclass={"build_py": BuildPyWithSpec, "build_ext": BuildExtOrPure},
    ext_modules=_compiled_modules(),
)
