"""The examples in the package's docstrings run and print what they say."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import frogspec


def _modules() -> list[str]:
    names = ["frogspec"]
    for info in pkgutil.walk_packages(frogspec.__path__, "frogspec."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_package_documents_its_examples() -> None:
    finder = doctest.DocTestFinder(exclude_empty=True)
    counted = sum(
        len(t.examples) for name in _modules() for t in finder.find(importlib.import_module(name))
    )
    assert counted >= 60
