"""The whole suite's first check: frogspec and its test tools are importable here; and the
tests that take many seconds each, marked ``slow`` so that the quick selection leaves them
to the full run.

Run under a Python without them (a plain ``pytest`` outside ``.venv``, say), every test
module would fail to import with its own traceback; this says once what to do instead.
"""

from __future__ import annotations

import importlib.util

import pytest

#: What the suite imports beyond pytest, and the extra of frogspec that installs it.
NEEDED = ("frogspec", "hypothesis", "jsonschema", "sybil")


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run, saying how to install, when frogspec or a test tool is missing."""
    missing = [name for name in NEEDED if importlib.util.find_spec(name) is None]
    if missing:
        raise pytest.UsageError(
            f"{', '.join(missing)} not installed in this Python. Run the suite with "
            "`python3 dev.py test` (it makes .venv and installs everything), or install "
            "frogspec with its test tools first: pip install -e '.[dev]'"
        )


#: Tests that take many seconds each (measured with ``--durations``), by node id, with what
#: makes them slow: marked ``slow`` here, before ``-m`` deselects, so that the quick selection
#: (``python3 dev.py test``) leaves them to the full run (``FROGSPEC_TEST_ALL=1``, CI), which
#: still runs every one. An id with a ``[`` marks the parametrized cases whose ids it begins.
SLOW_TESTS: dict[str, str] = {
    "tests/conformance/test_deviations.py::test_the_cost_of_the_twins_proof_is_measured": (
        "proves every broken twin through the kit, as the slow test beside it does"
    ),
    "tests/twins/test_check.py::test_the_published_results_are_current": (
        "runs the whole twins check, as the slow test beside it does"
    ),
    "tests/twins/test_check.py::test_the_results_say_what_each_twin_did": (
        "reads the whole twins check"
    ),
    "tests/twins/test_check.py::test_every_rule_is_caught_in_every_ruleset_by_a_hand_written_case": (
        "reads the whole twins check"
    ),
    "tests/twins/test_check.py::test_pruning_finds_what_running_every_case_finds": (
        "runs a sample of twins over every case, pruned and not"
    ),
    "tests/test_odds.py::test_the_saving_search_keeps_the_solvers_answers": (
        "solves every lay-away of a hand with the double-dummy solver, twice"
    ),
    "tests/test_odds.py::test_every_lay_away_holds_one_of_each_set_that_plays_alike": (
        "enumerates every lay-away of sixty hands"
    ),
    "tests/conformance/test_expectations.py::"
    "test_fuzz_passes_over_a_declared_house_rule_and_finds_a_seeded_fault": (
        "fuzzes two engine processes"
    ),
    "tests/conformance/test_conformance_fakes.py::"
    "test_one_misbehaviour_fails_one_case_and_the_run_goes_on[hang-": (
        "waits out the runner's five-second answer deadline"
    ),
    "tests/conformance/test_conformance_fakes.py::"
    "test_one_misbehaviour_fails_one_case_and_the_run_goes_on[partial-args4-": (
        "waits out the runner's deadline for the rest of a partial line"
    ),
    "tests/conformance/test_conformance_transport.py::"
    "test_the_deadline_cuts_a_slow_engine_off_and_the_report_says_so": (
        "waits out a run's deadline"
    ),
    "tests/test_harness_hostile.py::test_one_answer_line_for_every_request_line": (
        "feeds the harness process 150 drawn streams of hostile lines"
    ),
    # Four of the five composites of twins: the quick selection keeps four-seats-bank.
    **{
        f"tests/conformance/test_deviations.py::"
        f"test_a_composite_of_twins_gets_exactly_its_rules[{name}": (
            "runs every case against an engine of several twins and diagnoses its failures"
        )
        for name in (
            "discard-eldest-chico",
            "leader-and-grand-rate",
            "pass-jack-trump",
            "deal-overtrump",
        )
    },
    "tests/twins/test_check.py::test_a_twin_through_the_real_harness_process": (
        "runs the kit twice over the harness process"
    ),
    "tests/twins/test_check.py::test_the_command_lists_and_checks": (
        "runs the twins check command"
    ),
    "tests/conformance/test_conformance_scope.py::"
    "test_a_built_package_ships_the_vectors_and_finds_them": ("builds the package with setuptools"),
    "tests/conformance/test_conformance_transport.py::"
    "test_no_answer_of_a_restarted_engine_is_lost": ("restarts an engine process five times"),
    "tests/test_odds.py::test_the_odds_read_a_ruleset_with_its_options_as_a_position_writes_it": (
        "samples and solves the odds of a hand three times"
    ),
    "tests/conformance/test_rust_engine.py::test_each_house_rule_fails_some_case[": (
        "runs every case against the Rust engine once for each of its eight house rules"
    ),
}


def is_listed_slow(node_id: str) -> bool:
    """Whether a test's node id is one of :data:`SLOW_TESTS` (or a case of one)."""
    for listed in SLOW_TESTS:
        if "[" in listed:
            if node_id.startswith(listed):
                return True
        elif node_id == listed or node_id.startswith(listed + "["):
            return True
    return False


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` each test of :data:`SLOW_TESTS`."""
    for item in items:
        if is_listed_slow(item.nodeid):
            item.add_marker(pytest.mark.slow)
