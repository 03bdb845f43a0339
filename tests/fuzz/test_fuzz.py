"""The differential fuzzer finds a seeded bug, shrinks it and prints a valid vector; it
finds nothing against the faithful reference; it survives implementations that
misbehave; its requests are valid protocol requests."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings

from frogspec.cli import main as cli_main
from frogspec.fuzz import FUZZED_OPS, FuzzUsageError, _requests, fuzz
from frogspec.harness import handle
from frogspec.rulesets import RULESETS
from frogspec.twins import twin_ruleset
from frogspec.twins.check import judge_twin_answer
from frogspec.vectors.model import Case, load_file

SPEC = Path(__file__).resolve().parents[2] / "spec"
FAKE = str(Path(__file__).resolve().parent / "fakes" / "impl.py")
HARNESS = [sys.executable, "-m", "frogspec.harness"]


def _schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SPEC / "schema" / f"{name}.schema.json").read_text())
    return data


def _vector_from(output: str, tmp_path: Path) -> Case:
    """The vector file printed after 'Ready-to-add vector', checked against the schema."""
    start = output.index("Ready-to-add vector")
    text = output[output.index("{", start) : output.index("\nReplay:", start)]
    data = json.loads(text)
    jsonschema.Draft202012Validator(_schema("vectors")).validate(data)
    path = tmp_path / "fuzz.json"
    path.write_text(text, encoding="utf-8")
    (case,) = load_file(path).cases
    return case


def test_it_finds_a_seeded_bug_and_prints_a_ready_vector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FROGSPEC_TWIN", "play.must-trump")
    status = cli_main(
        [
            "fuzz",
            "--quiet",
            "--examples",
            "300",
            "--seed",
            "7",
            "--op",
            "legal_plays",
            "--op",
            "game",
            "--",
            *HARNESS,
        ]
    )
    captured = capsys.readouterr()
    assert status == 1, captured.out
    assert "seed 7" in captured.err
    out = captured.out
    assert "The implementation disagrees with the reference (seed 7" in out
    assert "The implementation answers as the broken twin of play.must-trump would" in out
    assert "Replay: frogspec fuzz --seed 7 --examples 300 --op legal_plays --op game --" in out
    case = _vector_from(out, tmp_path)
    assert "play.must-trump" in case.rules
    # Ready to add: the reference passes it, the broken implementation fails it.
    assert judge_twin_answer(case, handle(case.request)).status == "passed"
    broken = handle(case.request, lambda rs: twin_ruleset(rs, "play.must-trump"))
    assert judge_twin_answer(case, broken).status == "failed"


def test_the_seed_replays_the_run_and_the_case_is_minimal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FROGSPEC_TWIN", "seats.eldest-hand")
    first = fuzz(HARNESS, examples=100, seed=11)
    again = fuzz(HARNESS, examples=100, seed=11)
    assert first.disagreement is not None and again.disagreement is not None
    assert first.disagreement.request == again.disagreement.request
    assert first.suspects == again.suspects == ["seats.eldest-hand"]
    request = first.disagreement.request
    # Shrunk: eldest on the wrong side shows at once, in a deal or the first auction step.
    assert request["op"] in ("deal", "game")
    assert len(request.get("actions", [])) <= 1
    assert request["players"] == 3


def test_it_finds_nothing_against_the_faithful_reference() -> None:
    stream = io.StringIO()
    result = fuzz(HARNESS, examples=80, seed=3, progress=stream)
    assert result.disagreement is None and result.vector is None
    assert result.calls == 80 and result.skipped == 0
    assert "80/80 examples" in stream.getvalue()


def test_a_crash_is_a_disagreement_with_a_vector(tmp_path: Path) -> None:
    result = fuzz([sys.executable, FAKE, "crash-on-settle"], examples=20, seed=1, ops=["settle"])
    found = result.disagreement
    assert found is not None and found.actual is None
    assert found.differences[0].startswith(
        "no answer: crash: the implementation exited with status 3"
    )
    assert result.case is not None and result.case.request["op"] == "settle"
    assert result.suspects == []


def test_unsupported_answers_are_skipped() -> None:
    result = fuzz(
        [sys.executable, FAKE, "unsupported-settle"],
        examples=15,
        seed=2,
        ops=["settle", "trick_winner"],
    )
    assert result.disagreement is None
    assert result.skipped > 0


def test_only_what_hello_offers_is_drawn() -> None:
    result = fuzz([sys.executable, FAKE, "legal-plays-only"], examples=15, seed=2)
    assert result.disagreement is None and result.calls == 15
    with pytest.raises(FuzzUsageError, match="does not offer ruleset 'modern'"):
        fuzz([sys.executable, FAKE, "legal-plays-only"], examples=5, rulesets=["modern"])
    with pytest.raises(FuzzUsageError, match="offers none of the ops"):
        fuzz([sys.executable, FAKE, "legal-plays-only"], examples=5, ops=["deal"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--examples", "5", "--"], "give the implementation's command after --"),
        (["--examples", "0", "--", *HARNESS], "--examples: must be 1 or more"),
        (["--ruleset", "foster", "--", *HARNESS], "unknown ruleset 'foster'"),
        (["--", "/nonexistent/frog-engine"], "cannot start"),
        (["--timeout", "1", "--", sys.executable, FAKE, "silent"], "does not answer hello"),
    ],
)
def test_mistakes_are_told_without_a_traceback(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status: int | str | None
    try:
        status = cli_main(["fuzz", "--quiet", *argv])
    except SystemExit as exit_:  # argparse's own usage errors
        status = exit_.code
    assert status == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_the_vector_can_be_written_to_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FROGSPEC_TWIN", "cards.points")
    target = tmp_path / "found.json"
    status = cli_main(
        [
            "fuzz",
            "--quiet",
            "--examples",
            "200",
            "--seed",
            "5",
            "--op",
            "game",
            "--vector",
            str(target),
            "--",
            *HARNESS,
        ]
    )
    assert status == 1
    data = json.loads(target.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(_schema("vectors")).validate(data)
    assert "cards.points" in data["cases"][0]["rules"]
    assert "broken twin of cards.points" in capsys.readouterr().out


_PROTOCOL = jsonschema.Draft202012Validator(_schema("protocol"))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(_requests(list(RULESETS), FUZZED_OPS))
def test_the_requests_are_valid_and_the_reference_answers_them(request: dict[str, Any]) -> None:
    message = {"id": 1, **request}
    _PROTOCOL.validate(message)
    answer = handle(message)
    assert "result" in answer or answer["error"]["kind"] == "illegal", answer


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(_requests(["gamerules"], ("deal", "settle", "game", "match")))
def test_a_ruleset_restriction_holds(request: dict[str, Any]) -> None:
    assert request["ruleset"] == "gamerules"
    assert request["players"] == 3
