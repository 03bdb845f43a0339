"""The pytest plugin, driven through pytester: inert by default; with an implementation,
one test per vector, failures reported as the conformance runner reports them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from frogspec.vectors.model import iter_cases, load_vectors

pytest_plugins = ["pytester"]

CASES = list(iter_cases(load_vectors()))
HARNESS = f"{sys.executable} -m frogspec.harness"

BROKEN = '''
from frogspec.harness import handle as reference
from frogspec.twins import twin_ruleset


def handle(request):
    return reference(request, lambda ruleset: twin_ruleset(ruleset, "play.must-trump"))


class CardsOnly:
    """Offers card_points only."""

    def handle(self, request):
        answer = reference(request)
        if request["op"] == "hello" and "result" in answer:
            answer["result"]["ops"] = ["hello", "card_points"]
        return answer


def explodes(request):
    if request["op"] == "hello":
        return reference(request)
    raise ValueError("out of cards")


not_callable = 42
'''


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    # Only the plugin under test: the others (hypothesis, benchmark) slow every inner run.
    return pytester.runpytest(
        "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:benchmark", *args
    )


def test_it_does_nothing_without_its_options(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_one():\n    assert True\n")
    result = _run(pytester)
    result.assert_outcomes(passed=1)
    assert "frogspec-vectors" not in result.stdout.str()
    assert "frogspec: conformance vectors" not in result.stdout.str()


def test_its_options_are_in_the_help(pytester: pytest.Pytester) -> None:
    result = _run(pytester, "--help")
    result.stdout.fnmatch_lines(
        [
            "*frogspec conformance vectors*",
            "*--frogspec-impl=COMMAND*",
            "*--frogspec-impl-object=MODULE:OBJECT*",
        ]
    )


def test_the_vectors_pass_against_the_reference_object(pytester: pytest.Pytester) -> None:
    result = _run(pytester, "--frogspec-impl-object", "frogspec.harness:handle")
    result.assert_outcomes(passed=len(CASES))
    result.stdout.fnmatch_lines(["*frogspec: conformance vectors against frogspec.harness:handle*"])


def test_one_test_per_case_named_by_file_and_id(pytester: pytest.Pytester) -> None:
    result = _run(
        pytester, "--frogspec-impl-object", "frogspec.harness:handle", "--collect-only", "-q"
    )
    lines = [line for line in result.stdout.lines if line.startswith("frogspec-vectors/")]
    assert len(lines) == len(CASES)
    assert lines[0] == f"frogspec-vectors/{CASES[0].file}.json::{CASES[0].id}"


def test_the_vectors_pass_against_the_reference_command(pytester: pytest.Pytester) -> None:
    chosen = [c for c in CASES if c.file in ("settle", "legal-plays", "tricks")]
    result = _run(
        pytester, "--frogspec-impl", HARNESS, "-k", "settle.json or legal-plays.json or tricks.json"
    )
    result.assert_outcomes(passed=len(chosen), deselected=len(CASES) - len(chosen))


@pytest.mark.slow
def test_a_failure_reads_as_the_runners_report(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(broken=BROKEN)
    result = _run(pytester, "--frogspec-impl-object", "broken:handle", "-k", "play.must-trump")
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] > 0
    result.stdout.fnmatch_lines(
        [
            "*legal-plays.json::legal.must-trump*",
            "FAIL legal.must-trump (legal-plays.json): mismatch",
            "  rule play.must-trump: A player who cannot follow suit must play a trump if he holds one.",
            "*Foster (1909), pp. 441–442: “If a player cannot follow suit, he must trump*",
            '  request:  {*"op": "legal_plays"*',
            '  expected: {"result": *',
            '  actual:   {"result": *',
            "    $.result (compared as a set): unexpected *",
        ]
    )
    assert "Traceback" not in result.stdout.str()


def test_a_failure_through_a_command(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FROGSPEC_TWIN", "cards.points")
    result = _run(pytester, "--frogspec-impl", HARNESS, "-k", "cards.json")
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] > 0 and outcomes["passed"] > 0
    result.stdout.fnmatch_lines(["FAIL *: mismatch", "  rule cards.points: *"])


def test_cases_the_implementation_does_not_offer_are_skipped(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(broken=BROKEN)
    result = _run(pytester, "--frogspec-impl-object", "broken:CardsOnly", "-rs")
    offered = [c for c in CASES if c.op in ("hello", "card_points")]
    unsupported_expected = [
        c for c in CASES if c.response.get("error", {}).get("kind") == "unsupported"
    ]
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] >= len(offered)
    assert outcomes["skipped"] >= len(CASES) - len(offered) - len(unsupported_expected)
    result.stdout.fnmatch_lines(["*not-offered: hello does not list op*"])


def test_an_object_that_raises_fails_each_case(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(broken=BROKEN)
    result = _run(pytester, "--frogspec-impl-object", "broken:explodes", "-k", "cards.json")
    outcomes = result.parseoutcomes()
    assert outcomes["failed"] > 0 and "passed" not in outcomes
    result.stdout.fnmatch_lines(["*: crash", "*broken:explodes raised ValueError: out of cards*"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--frogspec-impl", HARNESS, "--frogspec-impl-object", "frogspec.harness:handle"],
            "*give --frogspec-impl or --frogspec-impl-object, not both*",
        ),
        (["--frogspec-impl-object", "frogspec.harness"], "*wants MODULE:OBJECT*"),
        (["--frogspec-impl-object", "no_such_module:handle"], "*cannot import 'no_such_module'*"),
        (["--frogspec-impl-object", "frogspec.harness:nothing"], "*has no 'nothing'*"),
        (["--frogspec-impl-object", "broken:not_callable"], "*neither callable nor*"),
        (
            ["--frogspec-impl", "/nonexistent/frog-engine"],
            "*no program '/nonexistent/frog-engine'*",
        ),
        (
            ["--frogspec-impl", HARNESS, "--frogspec-vectors", "/nonexistent"],
            "*no vectors directory at /nonexistent*",
        ),
        (["--frogspec-impl", HARNESS, "--frogspec-timeout", "0"], "*must be more than 0*"),
    ],
)
def test_mistakes_are_usage_errors(
    pytester: pytest.Pytester, args: list[str], message: str
) -> None:
    pytester.makepyfile(broken=BROKEN)
    result = _run(pytester, *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])


def test_other_vectors_can_be_given(pytester: pytest.Pytester, tmp_path: Path) -> None:
    source = load_vectors()[0]
    folder = tmp_path / "vectors"
    folder.mkdir()
    (folder / f"{source.name}.json").write_text(
        __import__("json").dumps(source.to_json()), encoding="utf-8"
    )
    result = _run(
        pytester,
        "--frogspec-impl-object",
        "frogspec.harness:handle",
        "--frogspec-vectors",
        str(folder),
    )
    result.assert_outcomes(passed=len(source.cases))
