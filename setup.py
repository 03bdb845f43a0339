"""Build hook: ship the conformance vectors and schemas inside the package.

Everything else about the build is in ``pyproject.toml``. A wheel gets ``spec/vectors``
and ``spec/schema`` as ``frogspec/spec/vectors`` and ``frogspec/spec/schema``, so that
``frogspec conform`` finds them after a plain ``pip install`` (see
``frogspec.conformance.model.default_vectors_dir``, which prefers the source tree's copy
when run from a checkout). An editable install reads the source tree and gets no copy.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

#: The folders of ``spec/`` a wheel ships.
SHIPPED = ("vectors", "schema")


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
            shutil.copytree(source, Path(self.build_lib) / "frogspec" / "spec" / name,
                            dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildPyWithSpec})
