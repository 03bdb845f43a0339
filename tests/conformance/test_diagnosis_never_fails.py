"""The diagnosis writes a report whatever an engine answers after hello.

An engine may answer anything the protocol accepts (the widow or a hand in another order,
fields the protocol does not know, ``null`` where it allows one) and much it does not (a
number for a list, a missing field, a wrong kind of error). The diagnosis of its failures
(the first divergence of each case, the deviations, the probes of its unit ops, the
reporters) must come out with a report every time: the engine is the one under test, not
the kit. The engines here are the reference harness with every answer perturbed the same
way each time it is asked (so the engine is deterministic, as the diagnosis may assume).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frogspec.cli import main
from frogspec.conform.comparison import judge
from frogspec.conform.deviations import deviation_json, find_deviations, with_findings
from frogspec.conform.diagnosis import Divergence, diagnose
from frogspec.conform.probes import probe_stages
from frogspec.conform.reports import deviation_text_lines
from frogspec.harness import handle
from frogspec.vectors.model import Case, default_vectors_dir, iter_cases, load_vectors

Json = Any
Ask = Callable[[dict[str, Json]], dict[str, Json]]

#: How a perturbation changes one value of an answer.
KINDS = ("shuffle", "extra", "null", "drop", "number", "string", "list", "keep")

#: Cases of every op the diagnosis replays or probes, a few of each.
_ALL = list(iter_cases(load_vectors(default_vectors_dir())))
CASES = [
    *[c for c in _ALL if c.op == "game" and c.ruleset == "foster-1909"][:3],
    *[c for c in _ALL if c.op == "game" and c.file.startswith("generated")][:2],
    *[c for c in _ALL if c.op == "deal"][:2],
    *[c for c in _ALL if c.op == "settle"][:2],
    *[c for c in _ALL if c.op == "legal_plays"][:1],
    *[c for c in _ALL if c.op == "match"][:1],
    *[c for c in _ALL if c.op == "trick_winner"][:1],
]


def _perturbed(value: Json, kind: str, rng: random.Random, depth: int = 0) -> Json:
    """``value`` with one change of ``kind`` somewhere inside it (chosen by ``rng``)."""
    if isinstance(value, dict) and value and (depth == 0 or rng.random() < 0.7):
        key = rng.choice(sorted(value))
        changed = dict(value)
        if kind == "extra":
            changed[f"x_{rng.randrange(100)}"] = rng.choice([None, 1, "x", [], {}])
            return changed
        if kind == "drop" and rng.random() < 0.5:
            del changed[key]
            return changed
        changed[key] = _perturbed(value[key], kind, rng, depth + 1)
        return changed
    if isinstance(value, list) and value:
        if kind == "shuffle":
            shuffled = list(value)
            rng.shuffle(shuffled)
            return [
                _perturbed(v, kind, rng, depth + 1) if rng.random() < 0.3 else v for v in shuffled
            ]
        index = rng.randrange(len(value))
        changed_list = list(value)
        changed_list[index] = _perturbed(value[index], kind, rng, depth + 1)
        return changed_list
    if kind == "null":
        return None
    if kind == "number":
        return rng.choice([0, -1, 7, 121, 2.5, True])
    if kind == "string":
        return rng.choice(["", "XX", "10H", "pass", "frog"])
    if kind == "list":
        return rng.choice([[], [None], ["AS", "AS"], [1, 2]])
    return value


def perturbing_engine(kind: str, seed: int, share: float) -> Ask:
    """The reference, with a ``share`` of its answers perturbed (the same request always
    gets the same answer)."""

    def ask(request: dict[str, Json]) -> dict[str, Json]:
        answer = handle(json.loads(json.dumps({**request, "id": 1})))
        answer.pop("id", None)
        text = json.dumps(request, sort_keys=True) + str(seed)
        digest = int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)
        rng = random.Random(digest)
        if rng.random() >= share:
            return answer
        changed = _perturbed(answer, kind, rng)
        return changed if isinstance(changed, dict) else {"result": changed}

    return ask


def report_lines(ask: Ask) -> list[str]:
    """The diagnosis of every case of :data:`CASES` the engine fails, as a report."""
    failed: list[tuple[Case, Json, Divergence | None]] = []
    passed: list[Case] = []
    for case in CASES:
        actual = ask(dict(case.request))
        if judge(case, actual).status == "passed":
            passed.append(case)
            continue
        failed.append((case, actual, diagnose(case, actual, ask)))
    deviations = find_deviations(failed, passed)
    findings = probe_stages(ask, ["card_points", "deal", "settle"], ["foster-1909"])
    deviations = with_findings(deviations, findings)
    for deviation in deviations:
        json.dumps(deviation_json(deviation))
    return deviation_text_lines(deviations)


@settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 10_000),
    share=st.sampled_from([0.05, 0.3, 1.0]),
)
def test_a_report_comes_out_whatever_the_engine_answers(kind: str, seed: int, share: float) -> None:
    lines = report_lines(perturbing_engine(kind, seed, share))
    assert all(isinstance(line, str) for line in lines)


def test_a_widow_listed_in_another_order_is_no_departure() -> None:
    # The vectors compare the widow as a set: an engine that lists it otherwise departs
    # from nothing, and its probes find nothing (a deal probe once assumed a moved card).
    def ask(request: dict[str, Json]) -> dict[str, Json]:
        answer = handle(json.loads(json.dumps({**request, "id": 1})))
        answer.pop("id", None)
        result = answer.get("result")
        if isinstance(result, dict) and isinstance(result.get("widow"), list):
            result["widow"] = list(reversed(result["widow"]))
        if isinstance(result, dict) and isinstance(result.get("hands"), list):
            result["hands"] = [list(reversed(h)) if h else h for h in result["hands"]]
        return answer

    assert probe_stages(ask, ["card_points", "deal", "settle"], ["foster-1909", "modern"]) == []


FAKES = Path(__file__).resolve().parent / "fakes"


def test_conform_reports_on_an_engine_listing_the_widow_in_another_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = [sys.executable, str(FAKES / "variants.py"), "widow-reversed"]
    scope = ["--ruleset", "foster-1909", "--case", "settle.*", "--case", "deal.*"]
    assert main(["conform", "--quiet", *scope, "--", *engine]) == 1
    out = capsys.readouterr().out
    assert "settlement.rates-1-2-4" in out
    assert "diagnosis failed" not in out and "deal.packets" not in out


def test_a_diagnosis_that_fails_is_said_in_the_report(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import frogspec.conform.diagnosis

    def broken(*_: object) -> None:
        raise RuntimeError("no such step")

    monkeypatch.setattr(frogspec.conform.diagnosis, "diagnose", broken)
    engine = [sys.executable, str(FAKES / "variants.py"), "widow-reversed"]
    scope = ["--ruleset", "foster-1909", "--case", "settle.foster-1909.grand-*"]
    assert main(["conform", "--quiet", *scope, "--", *engine]) == 1
    out = capsys.readouterr().out
    assert "diagnosis failed on case settle.foster-1909.grand-" in out
    assert "RuntimeError: 'no such step'" in out
