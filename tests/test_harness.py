"""The reference harness: protocol v1 over standard input and output."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from frogspec.engine import Action
from frogspec.harness import handle, respond
from frogspec.playout import random_deal
from frogspec.rules.cards import CARDS, format_card
from frogspec.rulesets import RULESETS

DECK = [format_card(c) for c in CARDS]


def ok(request: dict[str, Any]) -> Any:
    response = handle(request)
    assert "result" in response, response
    assert response["id"] == request["id"]
    return response["result"]


def err(request: dict[str, Any]) -> dict[str, Any]:
    response = handle(request)
    assert "error" in response, response
    error: dict[str, Any] = response["error"]
    return error


def test_hello_names_every_ruleset_and_op() -> None:
    result = ok({"id": 1, "op": "hello", "spec": "1"})
    assert result["rulesets"] == list(RULESETS)
    assert {
        "hello",
        "card_points",
        "trick_winner",
        "legal_plays",
        "deal",
        "settle",
        "game",
        "match",
    } <= set(result["ops"])
    assert err({"id": 1, "op": "hello", "spec": "2"})["kind"] == "unsupported"
    assert err({"id": 1, "op": "hello", "spec": 1})["kind"] == "invalid"


def test_the_process_answers_line_by_line_in_order() -> None:
    requests = [
        {"id": 7, "op": "card_points", "card": "AS"},
        {"id": 8, "op": "nope"},
        {
            "id": 9,
            "op": "trick_winner",
            "ruleset": "foster-1909",
            "trump": "H",
            "cards": ["KS", "AS", "6H"],
        },
    ]
    lines = "\n".join(json.dumps(r) for r in requests) + "\nnot json\n"
    proc = subprocess.run(
        [sys.executable, "-m", "frogspec.harness"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert answers[0] == {"id": 7, "result": 11}
    assert answers[1]["id"] == 8 and answers[1]["error"]["kind"] == "unsupported"
    assert answers[2] == {"id": 9, "result": 2}
    assert answers[3]["id"] is None and answers[3]["error"]["kind"] == "invalid"


def test_deal_with_five_players() -> None:
    result = ok(
        {
            "id": 1,
            "op": "deal",
            "ruleset": "foster-1909",
            "options": {},
            "players": 5,
            "dealer": 0,
            "deck": DECK,
        }
    )
    assert result["active"] == [1, 2, 4] and result["eldest"] == 1
    assert result["hands"][0] is None and result["hands"][3] is None
    assert sorted(len(h) for h in result["hands"] if h is not None) == [11, 11, 11]
    assert result["widow"] == ["6D", "7D", "8D"]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_ruleset_plays_whole_games_and_matches(ruleset: str) -> None:
    rng = random.Random(ruleset)
    players = RULESETS[ruleset].rules.player_count()[-1]
    deals = []
    for index in range(3):
        actions: list[Action] = []
        deck, final = random_deal(ruleset, players, index % players, rng, actions)
        obs = ok(
            {
                "id": index,
                "op": "game",
                "ruleset": ruleset,
                "options": {},
                "players": players,
                "dealer": index % players,
                "deck": [format_card(c) for c in deck],
                "actions": [str(a) for a in actions],
            }
        )
        assert obs["phase"] == "over" and obs["legal"] == [] and obs["to_act"] is None
        assert sum(obs["payments"]) == 0
        if final.bidder is not None:
            assert obs["points"]["bidder"] + obs["points"]["defenders"] == 120
        deals.append({"deck": [format_card(c) for c in deck], "actions": [str(a) for a in actions]})
    for count in range(1, len(deals) + 1):
        result = ok(
            {
                "id": 9,
                "op": "match",
                "ruleset": ruleset,
                "options": {},
                "players": players,
                "first_dealer": 0,
                "deals": deals[:count],
            }
        )
        assert result["dealers"] == [i % players for i in range(count)]
        assert len(result["balances"]) == players
        if result["over"]:  # the 1922 game ends at the first player unable to pay
            assert result["balances"][result["loser"]] < 0
            if count == len(deals):
                break
            error = err(
                {
                    "id": 9,
                    "op": "match",
                    "ruleset": ruleset,
                    "options": {},
                    "players": players,
                    "first_dealer": 0,
                    "deals": deals,
                }
            )
            assert error["rule"] == "match.first-unable-to-pay-loses"
            break


def test_illegal_action_in_a_game_names_the_rule_and_the_index() -> None:
    error = err(
        {
            "id": 1,
            "op": "game",
            "ruleset": "official-1922-straight",
            "options": {},
            "players": 3,
            "dealer": 0,
            "deck": DECK,
            "actions": ["pass", "frog"],
        }
    )
    assert error == {
        "kind": "illegal",
        "rule": "auction.contracts-without-frog",
        "message": error["message"],
        "at": 1,
    }


@pytest.mark.parametrize(
    ("request_fields", "needle"),
    [
        ({"op": "card_points", "card": "ZZ"}, "unknown card"),
        (
            {
                "op": "deal",
                "ruleset": "foster-1909",
                "options": {},
                "players": 3,
                "dealer": 0,
                "deck": DECK[:35],
            },
            "36 cards",
        ),
        (
            {
                "op": "deal",
                "ruleset": "foster-1909",
                "options": {},
                "players": 3,
                "dealer": 0,
                "deck": [DECK[0], *DECK[:35]],
            },
            "duplicate card",
        ),
        (
            {
                "op": "deal",
                "ruleset": "foster-1909",
                "options": {},
                "players": 3,
                "dealer": 3,
                "deck": DECK,
            },
            "dealer",
        ),
        (
            {
                "op": "settle",
                "ruleset": "official-1922-solo",
                "options": {"bogus": 1},
                "players": 3,
                "dealer": 0,
                "bidder": 1,
                "contract": "frog",
                "bidder_points": 61,
            },
            "no option",
        ),
        (
            {
                "op": "legal_plays",
                "ruleset": "foster-1909",
                "trump": "H",
                "hand": ["AS"],
                "trick": ["AS"],
            },
            "both in hand and in trick",
        ),
        (
            {
                "op": "game",
                "ruleset": "foster-1909",
                "options": {},
                "players": 3,
                "dealer": 0,
                "deck": DECK,
                "actions": ["bid frog"],
            },
            "actions[0]",
        ),
        (
            {
                "op": "settle",
                "ruleset": "foster-1909",
                "options": {},
                "players": 4,
                "dealer": 0,
                "bidder": 0,
                "contract": "frog",
                "bidder_points": 61,
            },
            "sits out",
        ),
    ],
)
def test_malformed_requests_are_invalid(request_fields: dict[str, Any], needle: str) -> None:
    error = err({"id": 3, **request_fields})
    assert error["kind"] == "invalid" and needle in error["message"] and error["rule"] is None


def test_unknown_ruleset_is_unsupported() -> None:
    error = err(
        {"id": 3, "op": "card_points", "card": "AS"}
        | {"op": "trick_winner", "ruleset": "skat", "trump": "H", "cards": ["AS"]}
    )
    assert error["kind"] == "unsupported"


def test_bad_ids() -> None:
    assert json.loads(respond('{"id": "x", "op": "hello"}'))["error"]["kind"] == "invalid"
    assert json.loads(respond("[1, 2]"))["error"]["kind"] == "invalid"


def test_extension_ops() -> None:
    assert "auction.one-bid-each" in ok({"id": 1, "op": "rules", "ruleset": "gamerules"})
    assert (
        ok(
            {
                "id": 2,
                "op": "first_dealer",
                "ruleset": "official-1922-solo",
                "players": 4,
                "lowest": 2,
                "chooses_to_deal": False,
            }
        )
        == 1
    )
    assert (
        ok({"id": 3, "op": "first_dealer", "ruleset": "foster-1909", "players": 4, "chosen": 3})
        == 3
    )
