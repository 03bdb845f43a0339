"""The schemas of spec/schema/: valid themselves, and every file and message valid by them."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from frogspec.harness import OPS, handle
from frogspec.rules.cards import CARDS, format_card
from frogspec.vectors.model import Case, VectorFile

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
        if case.expected.get("error", {}).get("kind") in ("invalid", "unsupported"):
            # A malformed request is still an object with an id and an op; a request for
            # an op or ruleset not offered is unsupported before its other fields are read.
            assert case.request["id"] == 1 and isinstance(case.request["op"], str)
        else:
            assert found == [], case.id
        if case.op in OPS and found == []:
            assert errors(validator("protocol", f"{case.op}.request"), case.request) == []


def test_the_schema_refuses_malformed_requests(cases: list[Case]) -> None:
    envelope = validator("protocol", "request")
    refused = {
        "invalid.unknown-card",
        "invalid.deal-short-deck",
        "invalid.deal-duplicate-card",
        "invalid.deal-long-deck",
        "invalid.trick-four-cards",
        "invalid.unknown-action",
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


# --- the schema and the reference agree on what is malformed --------------------------

#: Values put in place of a field, or of the first item of a list field: each of another
#: type or out of range for some field.
_REPLACEMENTS: list[Any] = [None, "x", 1.5, -1, True, [], {}, 99]


def _mutations(request: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Requests that differ from ``request`` in one place: a field left out, a field or the
    first item of a list replaced, a field of the first deal of a match left out or
    replaced. Each comes with a note of what was changed."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name, value in request.items():
        if name in ("id", "op"):
            continue
        out.append((f"without {name}", {k: v for k, v in request.items() if k != name}))
        for other in _REPLACEMENTS:
            out.append((f"{name} = {other!r}", {**request, name: other}))
        if isinstance(value, list) and value:
            for other in _REPLACEMENTS:
                out.append((f"{name}[0] = {other!r}", {**request, name: [other, *value[1:]]}))
    for deal_field in ("deck", "actions"):
        if request.get("op") == "match" and request["deals"]:
            first = request["deals"][0]
            rest = request["deals"][1:]
            out.append(
                (
                    f"deals[0] without {deal_field}",
                    {
                        **request,
                        "deals": [{k: v for k, v in first.items() if k != deal_field}, *rest],
                    },
                )
            )
            for other in _REPLACEMENTS:
                out.append(
                    (
                        f"deals[0].{deal_field} = {other!r}",
                        {**request, "deals": [{**first, deal_field: other}, *rest]},
                    )
                )
    return out


def _samples(cases: list[Case]) -> list[dict[str, Any]]:
    # For each op, the requests of its first answered cases, one per shape of request.
    shapes: set[tuple[str, ...]] = set()
    samples: list[dict[str, Any]] = [
        {"id": 1, "op": "hello", "spec": "1"},
        {"id": 1, "op": "rules", "ruleset": "modern", "options": {}},  # no vector uses it
    ]
    for case in cases:
        shape = (case.op, *sorted(case.request))
        if "result" in case.response and case.op in OPS and shape not in shapes:
            shapes.add(shape)
            samples.append(case.request)
    return samples


def test_requests_the_schema_refuses_are_refused_invalid(cases: list[Case]) -> None:
    samples = _samples(cases)
    assert {s["op"] for s in samples} == set(OPS)
    checked = 0
    for sample in samples:
        check = validator("protocol", f"{sample['op']}.request")
        assert errors(check, sample) == [], sample
        for change, mutated in _mutations(sample):
            if errors(check, mutated) == []:
                continue  # a value the schema allows; the reference may still refuse it
            checked += 1
            answer = handle(json.loads(json.dumps(mutated)))
            assert answer.get("error", {}).get("kind") == "invalid", (
                f"{sample['op']}, {change}: the schema refuses it, the reference answers {answer}"
            )
    assert checked > 20 * len(OPS)


def _array_limits(definition: dict[str, Any]) -> dict[str, tuple[int, int | None]]:
    """The request fields of an op's definition that are lists of bounded size (a
    ``$ref`` followed), each with its ``minItems`` and ``maxItems``."""
    defs = schema("protocol")["$defs"]
    limits: dict[str, tuple[int, int | None]] = {}
    for name, field in definition.get("properties", {}).items():
        while "$ref" in field:
            field = defs[field["$ref"].rsplit("/", 1)[1]]
        if field.get("type") == "array" and ("minItems" in field or "maxItems" in field):
            limits[name] = (field.get("minItems", 0), field.get("maxItems"))
    return limits


_PACK = [format_card(card) for card in CARDS]


def _resized(items: list[Any], length: int, taken: set[str]) -> list[Any]:
    """The list cut or grown to ``length``: grown with cards no field of the request holds
    (a deck already holds all 36, so it grows by repeating its first card)."""
    if length <= len(items):
        return items[:length]
    spare = [c for c in _PACK if c not in taken] or [items[0]] * length
    return [*items, *spare][:length]


def _size_mutations(request: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The request with each bounded list one past its maximum and one below its minimum
    (for a match, the first deal's deck too)."""
    defs = schema("protocol")["$defs"]
    taken = {c for v in request.values() if isinstance(v, list) for c in v if isinstance(c, str)}
    out: list[tuple[str, dict[str, Any]]] = []

    def lengths(low: int, high: int | None) -> list[int]:
        past = [] if high is None else [high + 1]
        return [low - 1, *past] if low > 0 else past

    for name, (low, high) in _array_limits(defs[f"{request['op']}.request"]).items():
        if isinstance(request.get(name), list):
            for n in lengths(low, high):
                out.append((f"{name} of {n}", {**request, name: _resized(request[name], n, taken)}))
    if request["op"] == "match" and request["deals"]:
        first, rest = request["deals"][0], request["deals"][1:]
        deck_limits = _array_limits({"properties": {"deck": {"$ref": "#/$defs/deck"}}})["deck"]
        for n in lengths(*deck_limits):
            deal = {**first, "deck": _resized(first["deck"], n, set(first["deck"]))}
            out.append((f"deals[0].deck of {n}", {**request, "deals": [deal, *rest]}))
    return out


def test_lists_past_their_size_limits_are_refused_by_schema_and_reference(
    cases: list[Case],
) -> None:
    # An engine took a hand of 12 cards in legal_plays: every bounded list of a request,
    # one item past its limit and one short of its minimum, is refused by both the schema
    # and the reference (as invalid).
    checked: set[str] = set()
    for sample in _samples(cases):
        check = validator("protocol", f"{sample['op']}.request")
        for change, mutated in _size_mutations(sample):
            refused_by_schema = errors(check, mutated) != []
            answer = handle(json.loads(json.dumps(mutated)))
            kind = answer.get("error", {}).get("kind")
            assert refused_by_schema and kind == "invalid", (
                f"{sample['op']}, {change}: schema refuses: {refused_by_schema}; "
                f"the reference answers {answer}"
            )
            checked.add(f"{sample['op']}: {change.split(' of ')[0]}")
    # Every bounded list of every op's request was tried.
    defs = schema("protocol")["$defs"]
    wanted = {f"{op}: {name}" for op in OPS for name in _array_limits(defs[f"{op}.request"])}
    wanted.add("match: deals[0].deck")
    assert {"legal_plays: hand", "legal_plays: trick", "trick_winner: cards"} <= wanted
    assert wanted <= checked, wanted - checked


@pytest.mark.parametrize(
    ("request_", "kind"),
    [
        ({"id": 1, "op": "hello", "spec": "2"}, "unsupported"),
        ({"id": 1, "op": "hello", "spec": 2}, "invalid"),
        (
            {"id": 1, "op": "trick_winner", "ruleset": "", "trump": "H", "cards": ["AS"]},
            "unsupported",
        ),
    ],
)
def test_the_schema_allows_what_is_unsupported(request_: dict[str, Any], kind: str) -> None:
    # Unsupported is not malformed: the schema accepts a version or a ruleset no one offers.
    accepted = errors(validator("protocol", f"{request_['op']}.request"), request_) == []
    assert accepted == (kind == "unsupported")
    assert handle(request_)["error"]["kind"] == kind
