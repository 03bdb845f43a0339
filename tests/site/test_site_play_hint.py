"""The Play page's hint and its choice of computer player (frogspec.web_table): the
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

from frogspec.errors import InvalidInputError
from frogspec.rules.auction import Contract
from frogspec.rulesets import get_ruleset
from frogspec.sampling_bot import SamplingBot
from frogspec.web_table import HUMAN, OPPONENTS, PlayTable, call, seat_position


@dataclass(frozen=True)
class _Row:
    # The fields of frogspec.worth.WorthRow.
    contract: Contract
    name: str
    matched: str
    samples: int
    wins: int
    win_rate: float
    win_interval: tuple[float, float]
    mean_payment: float
    payment_interval: tuple[float, float]
    mean_points: float
    bot_mean_points: float


def _fixture_rows(ruleset_id: str, hand: int, seat: str = "eldest", players: int = 3) -> list[_Row]:
    # A row per contract that depends on what is asked: the ruleset and the hand. Like the
    # committed tables, it holds the eldest hand's deals only.
    _fixture_rows.calls.append((ruleset_id, hand, seat))  # type: ignore[attr-defined]
    if seat != "eldest":
        raise InvalidInputError(f"the data holds eldest's hands only, not {seat!r}'s")
    hearts = (hand >> 18 & 0x1FF).bit_count()
    names = get_ruleset(ruleset_id).contract_name
    return [
        _Row(Contract.FROG, names(Contract.FROG), f"trumps = {hearts}", 100 + len(ruleset_id),
             50, 0.5, (0.4, 0.6), hearts - 2.5, (hearts - 5.0, hearts + 0.0), 61.0, 58.5),
        _Row(Contract.GRAND, names(Contract.GRAND), "every deal", 100, 25, 0.25, (0.2, 0.3),
             -12.0, (-20.0, -4.0), 50.0, 49.0),
    ]  # fmt: skip


@pytest.fixture
def worth(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType("frogspec.worth")
    module.row_for_hand = _fixture_rows  # type: ignore[attr-defined]
    _fixture_rows.calls = []  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "frogspec.worth", module)
    return module


def test_the_hint_shows_the_row_of_your_hand_as_dealt(worth: types.ModuleType) -> None:
    table = PlayTable("foster-1909", 3, seed=12)
    dealt = table.start.hands[HUMAN]
    hint = table.hint()["hint"]
    assert _fixture_rows.calls == [("foster-1909", dealt, "eldest")]  # type: ignore[attr-defined]
    hearts = (dealt >> 18 & 0x1FF).bit_count()
    assert hint["columns"] == [
        "contract",
        "bidder wins",
        "95% interval",
        "expected payment",
        "95% interval",
        "deals",
        "deals like yours",
    ]
    assert hint["rows"] == [
        [
            "Frog",
            "50%",
            "40% to 60%",
            f"{hearts - 2.5:+.2f}",
            f"{hearts - 5.0:+.2f} to {hearts:+.2f}",
            "111",
            f"trumps = {hearts}",
        ],
        ["Grand", "25%", "20% to 30%", "-12.00", "-20.00 to -4.00", "100", "every deal"],
    ]
    assert hint["note"] is None
    assert hint["position"] == "eldest" and hint["ruleset"] == "foster-1909"
    # Later in the deal the hint is still the row of the hand as dealt.
    table.act(table.view()["legal"][0])
    assert table.hint() == {"hint": hint}


def test_the_hint_follows_your_seat_and_the_rulesets_names(worth: types.ModuleType) -> None:
    table = PlayTable("official-1922-solo", 3, seed=3)
    positions, notes = [], []
    for _ in range(3):
        hint = table.hint()["hint"]
        positions.append(hint["position"])
        notes.append(hint["note"])
        assert positions[-1] == seat_position(table.start, HUMAN)
        while table.view()["phase"] != "over":
            table.act(table.view()["legal"][0])
        table.next_deal()
    # The deal turns to the left: you are eldest, then the dealer, then between them.
    assert positions == ["eldest", "dealer", "second"]
    # The tables hold eldest's hands: for the other seats the row is eldest's, said so.
    asked = [seat for _, _, seat in _fixture_rows.calls]  # type: ignore[attr-defined]
    assert asked == ["eldest", "dealer", "eldest", "second", "eldest"]
    assert notes[0] is None and all("as if you sat eldest, not" in n for n in notes[1:])
    names = [row[0] for row in table.hint()["hint"]["rows"]]
    assert names == ["Frog", "Heart Solo"]


def test_the_hint_through_the_pages_entry_point(worth: types.ModuleType) -> None:
    call("start", json.dumps({"ruleset": "modern", "players": 3, "seed": 4}))
    answer = json.loads(call("hint"))
    assert answer["hint"]["ruleset"] == "modern" and len(answer["hint"]["rows"]) == 2


def test_no_hint_when_sitting_out_or_without_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "frogspec.worth", None)  # an import of it fails
    assert "refused" in PlayTable("foster-1909", 3, seed=1).hint()
    table = PlayTable("foster-1909", 4, seed=1)
    while table.view()["dealer"] != HUMAN:
        while table.view()["phase"] != "over":
            table.act(table.view()["legal"][0])
        table.next_deal()
    assert table.hint()["refused"]["message"] == "you sit out this deal"


def test_the_sampling_player_at_the_table() -> None:
    table = PlayTable("foster-1909", 3, seed=2, opponent="sampling")
    assert isinstance(table.bot, SamplingBot)
    assert table.view()["opponent"] == "sampling"
    while table.view()["phase"] != "over":
        assert "view" in table.act(table.view()["legal"][-1])
    # It saw every play of the deal, yours too.
    assert len(table.bot.memory.plays) == 33
    assert "SamplingBot(2)" in table.record()["vector"]["description"]
    with pytest.raises(ValueError, match="no computer player"):
        PlayTable("foster-1909", 3, opponent="oracle")
    assert set(OPPONENTS) == {"bot", "sampling"}


def test_the_hint_is_the_committed_tables_row_for_your_hand() -> None:
    # Against the real tables (frogspec.worth and its data), where this build has them.
    worth = pytest.importorskip("frogspec.worth")
    for ruleset in ("foster-1909", "official-1922-straight"):
        table = PlayTable(ruleset, 3, seed=12)
        expected = worth.row_for_hand(ruleset, table.start.hands[HUMAN], "eldest")
        rows = table.hint()["hint"]["rows"]
        assert [row[0] for row in rows] == [r.name for r in expected]
        assert rows == [
            [
                r.name,
                f"{r.win_rate:.0%}",
                f"{r.win_interval[0]:.0%} to {r.win_interval[1]:.0%}",
                f"{r.mean_payment:+.2f}",
                f"{r.payment_interval[0]:+.2f} to {r.payment_interval[1]:+.2f}",
                str(r.samples),
                r.matched,
            ]
            for r in expected
        ]


def test_the_hint_names_the_trump_each_row_assumes() -> None:
    # Against the real tables: hearts in a Frog and a Grand, in a Chico the suit the hand
    # would name (frogspec.worth.contract_trump), with the cards of it held; one sentence
    # says which suit the Chico row assumes.
    worth = pytest.importorskip("frogspec.worth")
    from frogspec.rules.cards import Suit

    table = PlayTable("foster-1909", 3, seed=12)
    hand = table.start.hands[HUMAN]
    hint = table.hint()["hint"]
    allowed = tuple(Suit(s) for s in get_ruleset("foster-1909").rules.chico_trump())
    chico = worth.contract_trump(hand, Contract.CHICO, allowed)
    held = (hand & chico.mask).bit_count()
    hearts = (hand & Suit.HEARTS.mask).bit_count()
    assert hint["trumps"] == [
        f"♥ hearts ({hearts} held)",
        f"{chico.symbol} {chico.name.lower()} ({held} held)",
        f"♥ hearts ({hearts} held)",
    ]
    assert hint["assumes"].startswith(
        f"The Chico row assumes you name {chico.symbol} {chico.name.lower()} as trumps ({held} held)"
    )
    # Under a ruleset of other names, its own name for the contract.
    straight = PlayTable("official-1922-straight", 3, seed=12).hint()["hint"]
    assert straight["assumes"].startswith("The Simple Solo row assumes you name")
