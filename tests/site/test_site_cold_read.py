"""A reader who had never played Frog played a whole deal from the how-to-play page alone.

The fixture is what that reader wrote down: the hands they dealt, every bid and card, the
count and the payments. The engine must agree with every step of it; a change to the rules
that makes the page's reader wrong (or the page wrong for the engine) fails here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from frogspec.harness import handle
from frogspec.prng import deal_deck
from frogspec.site.learn import how_to_play_page

FIXTURE = Path(__file__).parent / "fixtures" / "cold-read-foster-1909.json"


def _read() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def _request(op: str, **fields: object) -> dict[str, Any]:
    data = _read()
    return {
        "id": 1,
        "op": op,
        "ruleset": data["ruleset"],
        "options": {},
        "players": data["players"],
        "dealer": data["dealer"],
        "deck": deal_deck(int(str(data["deal_number"]))),
        **fields,
    }


def test_the_reader_dealt_as_the_engine_deals() -> None:
    data = _read()
    answer = handle(_request("deal"))["result"]
    assert [sorted(hand) for hand in answer["hands"]] == [sorted(h) for h in data["hands"]]
    assert sorted(answer["widow"]) == sorted(data["widow"])


def test_every_action_the_reader_took_is_legal_and_the_payments_agree() -> None:
    data = _read()
    answer = handle(_request("game", actions=data["actions"]))
    assert "result" in answer, answer
    result = answer["result"]
    assert result["phase"] == "over"
    assert result["points"]["bidder"] == data["bidder_points"]
    assert result["payments"] == data["payments"]


def test_the_page_answers_what_the_reader_asked() -> None:
    # The reader's questions, each now answered on the page.
    page = how_to_play_page("foster-1909")
    assert "A packet goes to one player in one go" in page  # packets, not one card at a time
    assert "the dealer, when he plays, is served last" in page
    assert "names trumps once the bidding is over" in page
    assert "the last bidder does not speak again" in page
    assert "the first bid may be any of the games" in page
