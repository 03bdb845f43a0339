"""Shared fixtures: the committed vectors, the files built afresh, a reference run."""

from __future__ import annotations

import pytest

from frogspec.conform import Run, run_conformance
from frogspec.vectors.generate import build_files
from frogspec.vectors.model import Case, VectorFile, default_vectors_dir, load_vectors

from .helpers import SPEC


@pytest.fixture(scope="session")
def vector_files() -> list[VectorFile]:
    """The committed vector files."""
    assert default_vectors_dir() == SPEC / "vectors"
    return load_vectors()


@pytest.fixture(scope="session")
def cases(vector_files: list[VectorFile]) -> list[Case]:
    """Every committed case."""
    return [case for vf in vector_files for case in vf.cases]


@pytest.fixture(scope="session")
def built_files() -> list[VectorFile]:
    """The vector files as the generator builds them now."""
    return build_files()


@pytest.fixture(scope="session")
def reference_run() -> Run:
    """Every case against the reference harness, over the pipe."""
    return run_conformance(None)
