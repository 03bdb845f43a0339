"""The old import paths still work, as deprecated shims (written by relayout.py; kept as is)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from frogspec._old_paths import OLD_PATHS


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_gives_the_new_modules_names_and_warns(old: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=OLD_PATHS[old]):
        shim = importlib.import_module(old)
    new = importlib.import_module(OLD_PATHS[old])
    assert shim.__all__ == new.__all__
    assert all(getattr(shim, name) is getattr(new, name) for name in new.__all__)


def test_readme_import_of_the_pack_still_works() -> None:
    from frogspec.cards import CARDS
    from frogspec.rules.cards import CARDS as NEW

    assert CARDS is NEW


def test_the_old_module_of_the_vectors_model_is_the_new_one() -> None:
    importlib.import_module("frogspec.conformance")
    old = importlib.import_module("frogspec.conformance.model")
    assert old is importlib.import_module("frogspec.vectors.model")


def test_python_m_frogspec_conformance_still_checks_the_vectors() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "frogspec.conformance", "generate", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "--check" in done.stdout
