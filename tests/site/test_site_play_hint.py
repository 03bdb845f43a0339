"""The Play page's hint and its choice of computer player (frogspec.play_session): the
hand-worth table's row for your hand, and the sampling player at the table.

The hint is built against ``frogspec.worth.row_for_hand(ruleset_id, hand, seat)``; these
tests put a small fixture table in its place, so that they pin down which row is asked for
and how it is shown whether or not the committed tables are in this build.
"""

from __future__ import annotations

import json
import sys
import types
from dataclasses import dataclass

import pytest

from frogspec.auction import Contract
from frogspec.play_session import HUMAN, OPPONENTS, Table, call, seat_position
from frogspec.sampling_bot import SamplingBot


@dataclass(frozen=True)
class _Row:
    contract: Contract
    win_rate: float
    win_rate_interval: tuple[float, float]
    expected_payment: float
    samples: int


def _fixture_rows(ruleset_id: str, hand: int, seat: str = "eldest") -> list[_Row]:
    # A row per contract that depends on everything asked: the ruleset, the hand, the seat.
    hearts = (hand >> 18 & 0x1FF).bit_count()
    bonus = {"eldest": 0.0, "second": 0.01, "dealer": 0.02}[seat]
    rows = [
        _Row(Contract.FROG, 0.5 + bonus, (0.4, 0.6), hearts - 2.5, 100 + len(ruleset_id)),
        _Row(Contract.GRAND, 0.25, (0.2, 0.3), -12.0, 100),
    ]
    _fixture_rows.calls.append((ruleset_id, hand, seat))  # type: ignore[attr-defined]
    return rows


@pytest.fixture
def worth(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType("frogspec.worth")
    module.row_for_hand = _fixture_rows  # type: ignore[attr-defined]
    _fixture_rows.calls = []  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "frogspec.worth", module)
    return module


def test_the_hint_shows_the_row_of_your_hand_as_dealt(worth: types.ModuleType) -> None:
    table = Table("foster-1909", 3, seed=12)
    dealt = table.start.hands[HUMAN]
    hint = table.hint()["hint"]
    assert _fixture_rows.calls == [("foster-1909", dealt, "eldest")]  # type: ignore[attr-defined]
    hearts = (dealt >> 18 & 0x1FF).bit_count()
    assert hint["columns"] == [
        "contract",
        "win rate",
        "win rate interval",
        "expected payment",
        "samples",
    ]
    assert hint["rows"] == [
        ["Frog", "50%", "40% to 60%", f"{hearts - 2.5:+.2f}", "111"],
        ["Grand", "25%", "20% to 30%", "-12.00", "100"],
    ]
    assert hint["position"] == "eldest" and hint["ruleset"] == "foster-1909"
    # Later in the deal the hint is still the row of the hand as dealt.
    table.act(table.view()["legal"][0])
    assert table.hint() == {"hint": hint}


def test_the_hint_follows_your_seat_and_the_rulesets_names(worth: types.ModuleType) -> None:
    table = Table("official-1922-solo", 3, seed=3)
    positions = []
    for _ in range(3):
        positions.append(table.hint()["hint"]["position"])
        assert positions[-1] == seat_position(table.start, HUMAN)
        while table.view()["phase"] != "over":
            table.act(table.view()["legal"][0])
        table.next_deal()
    # The deal turns to the left: you are eldest, then the dealer, then between them.
    assert positions == ["eldest", "dealer", "second"]
    names = [row[0] for row in table.hint()["hint"]["rows"]]
    assert names == ["Frog", "Heart Solo"]


def test_the_hint_through_the_pages_entry_point(worth: types.ModuleType) -> None:
    call("start", json.dumps({"ruleset": "modern", "players": 3, "seed": 4}))
    answer = json.loads(call("hint"))
    assert answer["hint"]["ruleset"] == "modern" and len(answer["hint"]["rows"]) == 2


def test_no_hint_when_sitting_out_or_without_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "frogspec.worth", None)  # an import of it fails
    assert "refused" in Table("foster-1909", 3, seed=1).hint()
    table = Table("foster-1909", 4, seed=1)
    while table.view()["dealer"] != HUMAN:
        while table.view()["phase"] != "over":
            table.act(table.view()["legal"][0])
        table.next_deal()
    assert table.hint()["refused"]["message"] == "you sit out this deal"


def test_the_sampling_player_at_the_table() -> None:
    table = Table("foster-1909", 3, seed=2, opponent="sampling")
    assert isinstance(table.bot, SamplingBot)
    assert table.view()["opponent"] == "sampling"
    while table.view()["phase"] != "over":
        assert "view" in table.act(table.view()["legal"][-1])
    # It saw every play of the deal, yours too.
    assert len(table.bot.memory.plays) == 33
    assert "SamplingBot(2)" in table.record()["vector"]["description"]
    with pytest.raises(ValueError, match="no computer player"):
        Table("foster-1909", 3, opponent="oracle")
    assert set(OPPONENTS) == {"bot", "sampling"}
