"""The schemas of spec/schema/: valid themselves, and every file and message valid by them."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from frogspec.conformance.model import Case, VectorFile
from frogspec.harness import OPS, handle

from .helpers import SPEC, errors, schema, validator


@pytest.mark.parametrize("name", ["protocol", "vectors", "report"])
def test_schemas_are_draft_2020_12(name: str) -> None:
    data = schema(name)
    assert data["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(data)


def test_every_vector_file_is_valid(vector_files: list[VectorFile]) -> None:
    check = validator("vectors")
    for vf in vector_files:
        data = json.loads((SPEC / "vectors" / f"{vf.name}.json").read_text(encoding="utf-8"))
        assert errors(check, data) == [], vf.name


def test_the_protocol_has_a_request_and_a_response_for_every_op() -> None:
    defs = schema("protocol")["$defs"]
    for op in OPS:
        assert f"{op}.request" in defs and f"{op}.response" in defs, op


def _with_message(response: dict[str, Any]) -> dict[str, Any]:
    # The vectors leave out an error's message (free text) and a null rule.
    if "error" not in response:
        return response
    return {**response, "error": {"rule": None, "message": "", **response["error"]}}


def test_every_request_is_a_protocol_message(cases: list[Case]) -> None:
    envelope = validator("protocol", "request")
    for case in cases:
        found = errors(envelope, case.request)
        if case.expected.get("error", {}).get("kind") == "invalid":
            # A malformed request is still an object with an id and an op.
            assert case.request["id"] == 1 and isinstance(case.request["op"], str)
        else:
            assert found == [], case.id
        if case.op in OPS and found == []:
            assert errors(validator("protocol", f"{case.op}.request"), case.request) == []


def test_the_schema_refuses_malformed_requests(cases: list[Case]) -> None:
    envelope = validator("protocol", "request")
    refused = {
        "invalid.unknown-card", "invalid.deal-short-deck", "invalid.deal-duplicate-card",
        "invalid.deal-long-deck", "invalid.trick-four-cards", "invalid.unknown-action",
    }
    for case in cases:
        if case.id in refused:
            assert errors(envelope, case.request) != [], case.id


def test_every_expected_response_is_a_protocol_message(cases: list[Case]) -> None:
    for case in cases:
        name = f"{case.op}.response" if case.op in OPS else "response"
        assert errors(validator("protocol", name), _with_message(case.response)) == [], case.id


def test_every_reference_answer_is_a_protocol_message(cases: list[Case]) -> None:
    checks = {op: validator("protocol", f"{op}.response") for op in OPS}
    generic = validator("protocol", "response")
    for case in cases:
        answer = handle(case.request)
        assert errors(checks.get(case.op, generic), answer) == [], case.id
        assert errors(validator("protocol"), answer) == []


def test_hello_is_a_protocol_message() -> None:
    request = {"id": 7, "op": "hello", "spec": "1"}
    assert errors(validator("protocol", "hello.request"), request) == []
    assert errors(validator("protocol", "hello.response"), handle(request)) == []
