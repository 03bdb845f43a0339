"""The deal notation of replay links (frogspec.notation.format_deal / parse_deal) and the
link of a deal played by the bots: round trips, and clear errors for bad links."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from frogspec.bots import Bot, RandomBot, deal_record, play_deal, replay_link
from frogspec.errors import IllegalActionError, InvalidInputError
from frogspec.notation import REPLAY_PATH, DealRecord, format_deal, parse_deal
from frogspec.prng import deal_deck
from frogspec.rules.cards import CARDS, parse_card
from frogspec.rulesets import RULESETS


def _deck(number: int) -> list[int]:
    return [parse_card(c) for c in deal_deck(number)]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_random_deals_round_trip_and_replay_to_the_same_end(ruleset: str) -> None:
    rng = random.Random(ruleset)
    rs = RULESETS[ruleset]
    for players in rs.rules.player_count():
        options: dict[str, object] = {opt.name: rng.choice(list(opt.choices)) for opt in rs.options}
        number = rng.randrange(2**64)
        deal = play_deal(
            ruleset, players, rng.randrange(players), _deck(number), RandomBot(7), options
        )
        for record in (deal_record(deal, number), deal_record(deal)):
            text = format_deal(record)
            back = parse_deal(text)
            assert back == record
            assert format_deal(back) == text
            assert back.states()[-1] == deal.final
            # The pack by number is short; card by card it is the 36 cards.
            assert ("deal=" in text) == (record.number is not None)


def test_the_link_is_the_replay_page_and_the_fragment() -> None:
    deal = play_deal(
        "official-1922-solo", 5, 2, _deck(26), Bot(1), {"sitting_out": "pay-and-receive"}
    )
    link = replay_link(deal, 26)
    path, fragment = link.split("#")
    assert path == REPLAY_PATH == "deals/replay/"
    assert fragment.startswith(
        "ruleset=official-1922-solo[sitting_out=pay-and-receive]&players=5&dealer=2&deal=26&actions="
    )
    assert parse_deal(link) == deal_record(deal, 26)
    assert replay_link(deal, 26, "https://rules.example.org/frog") == (
        f"https://rules.example.org/frog/{link}"
    )


def test_a_deal_number_must_deal_the_pack() -> None:
    deal = play_deal("modern", 3, 0, _deck(5), Bot(1))
    with pytest.raises(
        ValueError, match="deal 6 of the portable generator is not this deal's pack"
    ):
        replay_link(deal, 6)


def test_links_survive_escaping_and_spaces() -> None:
    deal = play_deal("foster-1909", 3, 1, _deck(20), Bot(2))
    text = format_deal(deal_record(deal, 20))
    escaped = text.replace("+", "%20").replace("[", "%5B").replace(",", "%2C")
    assert parse_deal("#" + escaped) == deal_record(deal, 20)
    assert parse_deal(f"  http://127.0.0.1:8000/deals/replay/#{text}\n") == deal_record(deal, 20)


_GOOD = format_deal(deal_record(play_deal("foster-1909", 3, 0, _deck(12350), Bot(1)), 12350))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "carries no deal"),
        ("http://127.0.0.1/deals/replay/#", "carries no deal"),
        (_GOOD.replace("dealer=0", "dealr=0"), "unknown field 'dealr': the fields are ruleset"),
        (_GOOD + "&players=3", "'players' is given twice"),
        (_GOOD.replace("&dealer=0", ""), "the link has no dealer field"),
        (_GOOD.replace("&dealer=0", "&dealer"), "'dealer' needs a value"),
        (_GOOD.replace("deal=12350", "deal=-1"), "deal: want a whole number from 0 to"),
        (_GOOD.replace("deal=12350", f"deal={2**64}"), "deal: want a whole number"),
        (_GOOD.replace("players=3", "players=three"), "players: want a whole number"),
        (_GOOD + "&deck=" + "6C" * 36, "either deal=NUMBER"),
        (_GOOD.replace("deal=12350", "deck=6C7C"), "a pack is 36 different cards, got 2"),
        (_GOOD.replace("deal=12350", "deck=" + "6C" * 36), "written twice: 6C"),
        (_GOOD.replace("deal=12350", "deck=6C7X"), "deck: cannot read a card at '7X'"),
        (_GOOD.replace("ruleset=foster-1909", "ruleset=fostr"), "unknown ruleset 'fostr'"),
        (_GOOD.replace("foster-1909", "foster-1909[x=1]"), "has no option 'x'"),
        (
            _GOOD.replace("pass,pass,chico", "pass,pass,bid+chico"),
            "actions, number 3: unknown action",
        ),
        (_GOOD.replace("play+6H", "play+6X"), "actions, number 5: unknown card '6X'"),
    ],
)
def test_a_malformed_link_says_what_is_wrong(text: str, said: str) -> None:
    with pytest.raises(InvalidInputError, match=said.replace("[", r"\[")):
        parse_deal(text)


@pytest.mark.parametrize(
    ("change", "rule", "said"),
    [
        (
            ("pass,pass,chico,trump+C", "pass,pass,chico,trump+H"),
            "trump.chico-not-hearts",
            "action 4",
        ),
        (("play+6H,play+QH", "play+6H,play+6H"), "play.card-from-hand", "action 6, 'play 6H'"),
        (("play+6H,play+QH", "play+6H,play+7C"), "play.follow-suit", "action 6, 'play 7C'"),
        (("pass,pass,chico", "pass,pass,chico,pass"), "deal.actions-by-phase", "action 4"),
    ],
)
def test_an_illegal_action_names_its_number_and_the_engines_rule(
    change: tuple[str, str], rule: str, said: str
) -> None:
    record = parse_deal(_GOOD.replace(*change, 1))
    with pytest.raises(IllegalActionError) as error:
        record.states()
    assert error.value.rule_id == rule
    assert error.value.message.startswith(said), error.value.message


def test_an_unfinished_deal_is_not_replayed() -> None:
    cut = _GOOD.rsplit(",", 3)[0]
    with pytest.raises(
        InvalidInputError, match=r"not over after its 34 actions: seat 0 is still to act \(play\)"
    ):
        parse_deal(cut).states()


def test_players_and_dealer_are_the_engines_to_check() -> None:
    with pytest.raises(InvalidInputError, match="is for 3 to 5 players, got 7"):
        parse_deal(_GOOD.replace("players=3", "players=7")).states()
    record = DealRecord(RULESETS["modern"], 3, 0, tuple(CARDS), ())
    with pytest.raises(InvalidInputError, match="not over after its 0 actions"):
        record.states()


def test_the_bots_command_prints_the_deal_and_its_link() -> None:
    run = [sys.executable, "-m", "frogspec.bots", "play", "--ruleset", "modern", "--deal", "9"]
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0].startswith("modern 3/0 ") and out[2].startswith("modern 3/0 ")
    assert out[3].startswith("deals/replay/#ruleset=modern&players=3&dealer=0&deal=9&actions=")
    assert parse_deal(out[3]).states()[-1].phase.code == "over"
    assert " ".join(a.replace("+", " ") for a in out[3].split("actions=")[1].split(",")) == out[1]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "9"], "is for 3 to 5 players, got 9"),
        (["--deal", "-1"], "--deal: a deal number is from 0 to 2**64 - 1, got -1"),
    ],
)
def test_the_bots_command_refuses_a_bad_table_without_a_traceback(
    args: list[str], said: str
) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "frogspec.bots", "play", *args], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert said in proc.stderr and "Traceback" not in proc.stderr
