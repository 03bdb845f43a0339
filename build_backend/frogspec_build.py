"""The build backend: setuptools', asking for mypy too when the compiled build is wanted.

``FROGSPEC_COMPILE=1 pip install .`` builds the engine's modules with mypyc, which ships
with mypy (see ``setup.py``); pip's isolated build environment then needs mypy, and only
then: without the variable the build needs setuptools alone, as it always has.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook setuptools offers, unchanged

#: The build environment's extra needs of the compiled build (the mypy of the dev extra).
COMPILE_REQUIRES = ["mypy>=1.10"]


def _compiling() -> bool:
    return os.environ.get("FROGSPEC_COMPILE", "") == "1"


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    """setuptools' needs, and mypy's when compiling."""
    needs = _setuptools.get_requires_for_build_wheel(config_settings)  # type: ignore[arg-type]
    return [*needs, *COMPILE_REQUIRES] if _compiling() else needs


def get_requires_for_build_editable(
    config_settings: dict[str, object] | None = None,
) -> list[str]:
    """setuptools' needs, and mypy's when compiling."""
    needs = _setuptools.get_requires_for_build_editable(config_settings)  # type: ignore[arg-type]
    return [*needs, *COMPILE_REQUIRES] if _compiling() else needs
