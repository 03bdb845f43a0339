"""The reference harness against hostile request lines: exactly one answer line
for every request line, never a crash or a hang."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frogspec import harness
from frogspec.jsonline import MAX_DEPTH, MAX_LINE_BYTES, LineError, decode_line

_BUDGET = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))

# Every op the harness offers, in its own order, and names it does not know.
_OPS = [*harness.OPS, "nope"]
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_REQUESTS = st.fixed_dictionaries(
    {"id": st.integers(0, 10**6), "op": st.sampled_from(_OPS)},
    optional={
        name: _VALUES | st.sampled_from(["QS", "foster-1909", "gamerules", "bid 1"])
        for name in [
            "card",
            "cards",
            "ruleset",
            "players",
            "dealer",
            "deck",
            "actions",
            "trump",
            "contract",
            "depth",
            "seed",
            "spec",
            "deals",
        ]
    },
)
_HOSTILE = st.sampled_from(
    [
        b"[" * 100_000,
        b"{" * 50_000,
        b'{"a":' * 10_000,
        b'{"id": 1, "op": "hello", "x": NaN}',
        b'{"id": 1, "op": "hello", "x": Infinity}',
        b'{"id": 1e999, "op": "hello"}',
        b'{"id": 1' + b"0" * 5000 + b', "op": "hello"}',
        b'{"id": 1, "op": "\xff\xfe"}',
        b'{"id": 1, "op": "\\ud800"}',
        b'{"id": 1, "id": 2, "op": "hello"}',
        b'"' + b"[" * 1000,
    ]
)
_LINES = st.one_of(
    _REQUESTS.map(lambda r: json.dumps(r).encode()),
    _VALUES.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    _HOSTILE,
).filter(lambda line: b"\n" not in line and line.strip() != b"")


def _answers(data: bytes, monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The lines the harness writes for ``data`` on its standard input (in process)."""
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    monkeypatch.setattr(sys, "stdout", stdout)
    assert harness.main() == 0
    stdout.flush()
    written: bytes = stdout.buffer.getvalue()
    return written.splitlines()


def _well_formed(answer: bytes) -> dict[str, Any]:
    body = json.loads(answer)
    assert isinstance(body, dict) and ("result" in body) != ("error" in body)
    if "error" in body:
        assert body["error"]["kind"] in ("invalid", "illegal", "unsupported")
    return body


@_BUDGET
@given(lines=st.lists(_LINES, min_size=1, max_size=8))
def test_one_answer_line_for_every_request_line(
    lines: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = _answers(b"\n".join(lines) + b"\n", monkeypatch)
    assert len(answers) == len(lines)
    for answer in answers:
        _well_formed(answer)


@pytest.mark.parametrize(
    ("line", "bound"),
    [
        (b"[" * 100_000, "depth"),
        (b"{" * 50_000, "depth"),
        (b'{"id": 1, "op": "hello", "x": NaN}', "non-finite"),
        (b'{"id": 1, "op": "hello", "x": -Infinity}', "non-finite"),
        (b'{"id": 1e999, "op": "hello"}', "non-finite"),
        (b'{"id": 1' + b"0" * 100 + b', "op": "hello"}', "number"),
        (b'{"id": 1, "op": "\xc0\xaf"}', "utf-8"),
        (b'{"id": 1, "op": "\\udfff"}', "surrogate"),
        (b'{"id": 1, "op": "hello", "op": "rules"}', "duplicate-key"),
        (b'{"id": 1, "op":', "json"),
        # an unterminated string of escaped quotes: the depth scan stays linear
        (b"[" * 100 + b'"' + b'\\"' * 200_000, "depth"),
    ],
)
def test_each_class_is_refused_naming_its_bound(line: bytes, bound: str) -> None:
    with pytest.raises(LineError) as refused:
        decode_line(line)
    assert refused.value.bound == bound
    answer = _well_formed(harness.respond(line).encode())
    assert answer == {
        "id": None,
        "error": {"kind": "invalid", "rule": None, "message": f"{bound}: {refused.value}"},
    }


def test_the_bounds_admit_what_the_protocol_needs() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert decode_line(nested) is not None
    assert decode_line('{"id": 18446744073709551615, "s": "\\ud83d\\ude00 [[[["}') == {
        "id": 2**64 - 1,
        "s": "\U0001f600 [[[[",
    }


def test_the_issues_inputs_through_a_pipe() -> None:
    hello = b'{"id": 7, "op": "hello", "spec": "1"}'
    lines = [hello, b"[" * 100_000, b"{" * 50_000, b"x" * (MAX_LINE_BYTES + 10), hello]
    done = subprocess.run(
        [sys.executable, "-m", "frogspec.harness"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    answers = [_well_formed(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [7, None, None, None, 7]
    assert [a.get("error", {}).get("message", "").split(":")[0] for a in answers[1:4]] == [
        "depth",
        "depth",
        "length",
    ]
