"""The vector model: comparing responses, reading files, selecting cases."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from frogspec.conform import select_cases
from frogspec.vectors.model import (
    Case,
    VectorError,
    differences,
    dumps,
    has_path,
    load_vectors,
)


def test_equal_responses_have_no_difference() -> None:
    value = {"result": {"legal": ["pass", "frog"], "to_act": 1, "trump": None}}
    assert differences(value, json.loads(json.dumps(value)), {}) == []


def test_lists_compare_in_order_unless_listed_as_sets() -> None:
    expected = {"result": ["pass", "frog"]}
    actual = {"result": ["frog", "pass"]}
    assert differences(expected, actual, {}) == [
        '$.result[0]: expected "pass", got "frog"',
        '$.result[1]: expected "frog", got "pass"',
    ]
    assert differences(expected, actual, {"$.result": "set"}) == []
    assert differences(expected, actual, {"$.result": "exact"}) != []


def test_a_set_keeps_its_multiplicities_and_names_what_differs() -> None:
    found = differences(
        {"result": ["AS", "KS"]}, {"result": ["AS", "AS", "QS"]}, {"$.result": "set"}
    )
    assert found == ['$.result (compared as a set): missing "KS"; unexpected "AS", "QS"']


def test_set_paths_use_stars_for_indices() -> None:
    expected = {"result": {"hands": [["AS", "KS"], None]}}
    actual = {"result": {"hands": [["KS", "AS"], None]}}
    assert differences(expected, actual, {"$.result.hands[*]": "set"}) == []
    assert differences(expected, actual, {}) != []


def test_true_is_not_one_and_null_is_not_missing() -> None:
    assert differences({"result": 1}, {"result": True}, {}) == ["$.result: expected 1, got true"]
    assert differences({"result": {"loser": None}}, {"result": {}}, {}) == [
        "$.result.loser: missing (expected null)"
    ]


def test_extra_keys_of_the_answer_are_ignored() -> None:
    expected = {"result": {"phase": "discard"}}
    assert differences(expected, {"result": {"phase": "discard", "widow_shown": True}}, {}) == []


def test_an_error_for_a_result_is_a_difference() -> None:
    found = differences({"result": 2}, {"error": {"kind": "invalid"}}, {})
    assert found == ["$.result: missing (expected 2)"]


def test_shapes_that_differ() -> None:
    assert differences({"a": {"b": 1}}, {"a": [1]}, {}) == ["$.a: expected an object, got [1]"]
    assert differences({"a": [1]}, {"a": 1}, {}) == ["$.a: expected a list, got 1"]
    assert differences({"a": [1, 2]}, {"a": [1]}, {})[0].startswith("$.a: expected 2 items")


def test_has_path() -> None:
    assert has_path({"result": {"widow_shown": False}}, "$.result.widow_shown")
    assert not has_path({"result": {}}, "$.result.widow_shown")
    assert not has_path({"result": [1]}, "$.result.x")
    with pytest.raises(ValueError):
        has_path({}, "result")


def test_dumps_is_json() -> None:
    value = {"a": [1, {"b": [True, None]}], "c": "é", "d": {}, "e": {"x": [1, 2]}}
    assert json.loads(dumps(value)) == value


def _write(folder: Path, name: str, data: object) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")


def _case(case_id: str) -> dict[str, object]:
    return {
        "id": case_id,
        "description": "",
        "rules": [],
        "request": {"id": 1, "op": "card_points", "card": "AS"},
        "response": {"id": 1, "result": 11},
    }


def test_loading_refuses_a_duplicate_id(tmp_path: Path) -> None:
    _write(tmp_path, "a", {"spec": "1", "cases": [_case("x.one")]})
    _write(tmp_path, "b", {"spec": "1", "cases": [_case("x.one")]})
    with pytest.raises(VectorError, match=r"'x\.one' is in both a and b"):
        load_vectors(tmp_path)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"spec": "2", "cases": []}, "written for protocol '2'"),
        ({"spec": "1"}, "a list of cases"),
        ({"spec": "1", "cases": [{**_case("x"), "id": "Bad Id"}]}, "malformed case id"),
        ({"spec": "1", "cases": [{**_case("x"), "request": {"id": 1}}]}, "has no op"),
        ({"spec": "1", "cases": [{**_case("x"), "rules": "cards.points"}]}, "'rules'"),
        ({"spec": "1", "cases": [{**_case("x"), "compare": {"$.result": "bag"}}]}, "compare"),
        ({"spec": "1", "cases": ["x"]}, "must be an object"),
    ],
)
def test_loading_names_what_is_wrong(tmp_path: Path, data: object, message: str) -> None:
    _write(tmp_path, "a", data)
    with pytest.raises(VectorError, match=message):
        load_vectors(tmp_path)


def test_loading_a_missing_or_empty_directory(tmp_path: Path) -> None:
    with pytest.raises(VectorError, match="no vectors directory"):
        load_vectors(tmp_path / "nowhere")
    with pytest.raises(VectorError, match="no vector files"):
        load_vectors(tmp_path)
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(VectorError, match="cannot read"):
        load_vectors(tmp_path)


def _c(case_id: str, ruleset: str | None, rules: tuple[str, ...]) -> Case:
    request: dict[str, object] = {"id": 1, "op": "x"}
    if ruleset:
        request["ruleset"] = ruleset
    return Case(case_id, "f", "", rules, request, {"id": 1, "result": 0})


def test_filters() -> None:
    everything = [
        _c("a.one", "modern", ("play.follow-suit",)),
        _c("a.two", "gamerules", ("play.must-trump", "cards.points")),
        _c("b.one", None, ("cards.points",)),
    ]

    def ids(chosen: list[Case]) -> list[str]:
        return [c.id for c in chosen]

    assert ids(select_cases(everything, rulesets=["modern"])) == ["a.one", "b.one"]
    assert ids(select_cases(everything, rules=["cards."])) == ["a.two", "b.one"]
    assert ids(select_cases(everything, rules=["play.must"])) == ["a.two"]
    assert ids(select_cases(everything, ids=["a.*"])) == ["a.one", "a.two"]
    assert ids(select_cases(everything, ids=["b.one"], rules=["play"])) == []
