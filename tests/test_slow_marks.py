"""The quick selection leaves out the tests listed as slow, and the list names real tests:
an entry whose test was renamed or removed would silently stop marking anything."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _conftest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_suite_conftest", ROOT / "tests/conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_listed_slow_test_exists() -> None:
    for node_id, why in _conftest().SLOW_TESTS.items():
        path, name = node_id.split("::", 1)
        source = (ROOT / path).read_text(encoding="utf-8")
        function = name.split("[", 1)[0]
        assert re.search(rf"^def {function}\(", source, flags=re.MULTILINE), node_id
        assert why, node_id
        if "[" in name:
            # The cases' ids begin with a parameter's value, written as a string beside the
            # test (in its module or a module of its folder).
            value = name.split("[", 1)[1].split("-args", 1)[0].removesuffix("-")
            folder = (ROOT / path).parent
            assert any(
                f'"{value}"' in p.read_text(encoding="utf-8") for p in folder.rglob("*.py")
            ), node_id


def test_a_listed_test_and_its_cases_are_slow_and_no_other() -> None:
    is_slow = _conftest().is_listed_slow
    odds = "tests/test_odds.py::test_the_saving_search_keeps_the_solvers_answers"
    assert is_slow(odds) and is_slow(odds + "[x]")
    assert not is_slow(odds + "_too") and not is_slow("tests/test_odds.py::test_other")
    fakes = "tests/conformance/test_conformance_fakes.py::"
    fakes += "test_one_misbehaviour_fails_one_case_and_the_run_goes_on"
    assert is_slow(fakes + "[hang-args1-ks-timeout-no answer in 5 s]")
    assert not is_slow(fakes + "[crash-args0-qs-crash-exited with status 3]")
    assert not is_slow(fakes + "[partial-args5-7s-partial-line-exited]")
