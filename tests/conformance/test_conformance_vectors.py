"""The committed vectors: up to date, honestly labelled, built from the portable generator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from frogspec.harness import handle
from frogspec.prng import deal_deck
from frogspec.vectors.build import BuildError, Spec, make_case
from frogspec.vectors.generate import (
    RETIRED,
    expected_texts,
    read_retired,
    stale_files,
    write_files,
)
from frogspec.vectors.model import Case, VectorError, VectorFile, default_vectors_dir

from .helpers import SPEC


def test_committed_files_are_what_the_generator_writes(built_files: list[VectorFile]) -> None:
    stale = stale_files(default_vectors_dir(), built_files)
    assert stale == [], f"stale vector files: {stale}; run `python -m frogspec.vectors generate`"


def test_no_retired_id_is_in_use(cases: list[Case]) -> None:
    retired = set(read_retired(default_vectors_dir()))
    assert not retired & {c.id for c in cases}


def test_a_retired_id_cannot_come_back(tmp_path: Path, built_files: list[VectorFile]) -> None:
    some = built_files[0].cases[0].id
    (tmp_path / RETIRED).write_text(f"# retired\n{some}\n", encoding="utf-8")
    with pytest.raises(VectorError, match=f"may not be used again: {some}"):
        expected_texts(tmp_path, built_files)


def test_a_case_that_disappears_is_retired(tmp_path: Path, built_files: list[VectorFile]) -> None:
    write_files(tmp_path, built_files)
    assert stale_files(tmp_path, built_files) == []
    gone = {
        "id": "cards.points.1h",
        "description": "",
        "rules": [],
        "request": {"id": 1, "op": "card_points", "card": "1H"},
        "response": {"id": 1, "error": {"kind": "invalid"}},
    }
    data = json.loads((tmp_path / "cards.json").read_text(encoding="utf-8"))
    data["cases"].append(gone)
    (tmp_path / "cards.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    assert stale_files(tmp_path, built_files) == ["cards.json", "old.json", RETIRED]
    changed = write_files(tmp_path, built_files)
    assert changed == ["cards.json", "old.json", RETIRED]
    assert read_retired(tmp_path) == ["cards.points.1h"]
    assert not (tmp_path / "old.json").exists()


def test_every_case_replays_against_the_reference_in_process(cases: list[Case]) -> None:
    from frogspec.vectors.model import differences

    wrong = []
    for case in cases:
        answer = handle(case.request)
        assert answer["id"] == case.request["id"]
        found = differences(case.expected, answer, case.compare)
        if found:
            wrong.append((case.id, found[:2]))
    assert wrong == []


def test_generated_packs_come_from_their_deal_numbers(cases: list[Case]) -> None:
    generated = [c for c in cases if c.seeds]
    assert len(generated) > 100
    for case in generated:
        request = case.request
        decks = [d["deck"] for d in request["deals"]] if "deals" in request else [request["deck"]]
        assert decks == [deal_deck(seed) for seed in case.seeds], case.id


def test_a_hand_written_expectation_the_reference_does_not_meet_is_refused() -> None:
    spec = Spec(
        "cards.points.js",
        "The Jack counts 2.",
        {"op": "card_points", "card": "JS"},
        ("cards.points",),
        check={"result": 1},
    )
    with pytest.raises(BuildError, match=r"\$\.result: expected 1, got 2"):
        make_case(spec, "cards")


def test_a_case_may_not_claim_a_rule_the_reference_does_not_apply() -> None:
    spec = Spec(
        "cards.points.js",
        "The Jack counts 2.",
        {"op": "card_points", "card": "JS"},
        ("play.must-trump",),
        check={"result": 2},
    )
    with pytest.raises(BuildError, match=r"play\.must-trump"):
        make_case(spec, "cards")
    assert make_case(
        Spec("x.y", "", spec.request, ("play.must-trump",), untraced=("play.must-trump",)),
        "cards",
    ).rules == ("play.must-trump",)


def test_messages_and_extension_fields_are_not_expected(cases: list[Case]) -> None:
    for case in cases:
        error = case.response.get("error")
        if error is not None:
            assert "message" not in error, case.id
            if "deal" in error:
                assert case.extension == "error.deal", case.id
                assert case.extension_paths == ("$.error.deal",)
        result = case.response.get("result")
        if isinstance(result, dict) and "widow_shown" in result:
            assert case.extension == "widow_shown", case.id
            assert case.extension_paths == ("$.result.widow_shown",)


def test_match_errors_say_where(cases: list[Case]) -> None:
    # Level 1 judges where a match went wrong: the deal and the action within it.
    illegal = [c for c in cases if c.op == "match" and "error" in c.response]
    illegal = [c for c in illegal if c.response["error"]["kind"] == "illegal"]
    assert len(illegal) >= 4
    for case in illegal:
        error = case.response["error"]
        assert isinstance(error.get("at"), int) and isinstance(error.get("deal"), int), case.id
        assert error["deal"] < len(case.request["deals"]), case.id
    by_id = {c.id: c.response["error"] for c in illegal}
    after_end = by_id["match.official-1922-solo.deal-after-end"]
    assert (after_end["at"], after_end["deal"]) == (0, 1)


def test_hand_written_files_hold_the_sources_examples(cases: list[Case]) -> None:
    by_id = {c.id: c for c in cases}
    assert by_id["settle.gamerules.frog-80"].expected == {"result": [-20, 40, -20]}
    assert by_id["settle.gamerules.chico-80"].expected == {"result": [-40, 80, -40]}
    assert by_id["settle.gamerules.grand-80"].expected == {"result": [-60, 120, -60]}
    assert by_id["settle.gamerules.frog-40"].expected == {"result": [20, -40, 20]}
    for points, paid in ((60, [0, 0, 0]), (61, [-1, 2, -1]), (59, [1, -2, 1])):
        assert by_id[f"settle.gamerules.frog-{points}"].expected == {"result": paid}
    assert by_id["match.official-1922-solo.bidder-bankrupt"].expected["result"]["over"] is True


#: Every rule id the engine names when it refuses an action, with a case that provokes it.
#: An action of a kind its phase does not take, and any action after the end of the deal,
#: breaks deal.actions-by-phase (spec/README.md, "Which rule an illegal action breaks").
ILLEGAL_RULES = {
    "deal.actions-by-phase",
    "auction.contracts-without-frog",
    "auction.contract-order",
    "widow.frog-take-and-discard",
    "trump.chico-not-hearts",
    "play.card-from-hand",
    "play.follow-suit",
    "play.must-trump",
    "match.first-unable-to-pay-loses",
}


def test_every_kind_of_illegal_action_has_a_case(cases: list[Case]) -> None:
    named = {
        c.response["error"]["rule"]
        for c in cases
        if c.response.get("error", {}).get("kind") == "illegal"
    }
    assert named == ILLEGAL_RULES
    for case in cases:
        if case.op == "game" and case.response.get("error", {}).get("kind") == "illegal":
            assert "at" in case.response["error"], case.id


@pytest.mark.parametrize(
    ("case_id", "kind"),
    [
        ("invalid.unknown-card", "invalid"),
        ("invalid.deal-duplicate-card", "invalid"),
        ("invalid.deal-short-deck", "invalid"),
        ("invalid.deal-long-deck", "invalid"),
        ("invalid.deal-dealer-out-of-range", "invalid"),
        ("invalid.settle-bidder-out-of-range", "invalid"),
        ("invalid.unknown-option", "invalid"),
        ("invalid.bad-option-value", "invalid"),
        ("unsupported.unknown-op", "unsupported"),
        ("unsupported.unknown-ruleset", "unsupported"),
    ],
)
def test_malformed_requests_of_each_kind(cases: list[Case], case_id: str, kind: str) -> None:
    (case,) = [c for c in cases if c.id == case_id]
    assert case.expected == {"error": {"kind": kind}}


def test_the_spec_says_which_rule_each_illegal_action_breaks() -> None:
    # The vectors rely on the table of spec/README.md: every rule they expect is in it.
    text = (SPEC / "README.md").read_text(encoding="utf-8")
    start = text.index("#### Which rule an illegal action breaks")
    table = text[start : text.index("\n## ", start)]
    for rule in ILLEGAL_RULES:
        assert f"`{rule}`" in table, rule
