"""The computer players of frogspec.bots: legal, reproducible, and sensible where it is plain."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from frogspec.bots import (
    Bot,
    RandomBot,
    deal_notation,
    deal_vector,
    main,
    measure,
    play_deal,
)
from frogspec.engine import Action, State, apply, legal_actions, new_deal
from frogspec.harness import handle
from frogspec.notation import parse_position
from frogspec.prng import deal_deck
from frogspec.rules.cards import format_card, parse_card
from frogspec.rulesets import RULESETS
from frogspec.vectors.build import deck_for
from frogspec.vectors.model import differences

ROOT = Path(__file__).resolve().parents[1]


def _deck(number: int) -> list[int]:
    return [parse_card(c) for c in deal_deck(number)]


class _Checked:
    """Wraps a policy and fails the test if it ever chooses an action the engine forbids."""

    def __init__(self, inner: Bot | RandomBot) -> None:
        self.inner = inner
        self.choices = 0

    def choose(self, state: State) -> Action:
        action = self.inner.choose(state)
        assert action in legal_actions(state), f"{action} is not legal here"
        self.choices += 1
        return action


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_bot_only_chooses_legal_actions(ruleset: str) -> None:
    allowed = RULESETS[ruleset].rules.player_count()
    for number in range(40):
        players = allowed[number % len(allowed)]
        policy = _Checked(Bot(number))
        deal = play_deal(ruleset, players, number % players, _deck(number), policy)
        assert deal.final.phase.code == "over"
        assert policy.choices == len(deal.actions)


def test_same_seed_same_game_and_another_seed_may_differ() -> None:
    deck = _deck(11)
    for policy in (Bot, RandomBot):
        first = play_deal("modern", 3, 1, deck, policy(5))
        again = play_deal("modern", 3, 1, deck, policy(5))
        assert first.actions == again.actions
    random_games = {play_deal("modern", 3, 1, deck, RandomBot(s)).actions for s in range(5)}
    assert len(random_games) > 1


def _auction_start(hand: str) -> State:
    # Seat 1 is eldest at a table of three dealt by seat 0: the first to bid.
    deck = deck_for("foster-1909", 3, 0, {1: hand})
    return new_deal("foster-1909", 3, 0, [parse_card(c) for c in deck])


def test_bids_grand_with_a_very_strong_hand() -> None:
    state = _auction_start("AH 10H KH QH JH 9H 8H AS 10S AD 10D")
    assert str(Bot(0).choose(state)) == "grand"


def test_passes_with_a_weak_hand() -> None:
    state = _auction_start("6H 7S 8S 6S 7D 8D 6D 7C 8C 6C 9C")
    assert str(Bot(0).choose(state)) == "pass"


def test_bids_chico_in_its_long_strong_side_suit_and_names_it() -> None:
    state = _auction_start("AS 10S KS QS JS 9S 8S AD 10D 6H 7C")
    bot = Bot(0)
    assert str(bot.choose(state)) == "chico"
    state = apply(state, bot.choose(state))
    while state.phase.code == "auction":
        state = apply(state, legal_actions(state)[0])
    assert str(bot.choose(state)) == "trump S"


# A Grand by seat 1 (hearts trump); seat 0 plays last to each trick.
_HANDS = {
    0: "AS 10S 6S JS KS 6D 10C KC QC JC 9C",
    1: "9S AH 10H KH QH JH 9H 8H 7H 6H AC",
    2: "7S 8S QS AD 10D KD QD JD 9D 8D 7D",
}


def _position(trick: list[str]) -> State:
    hands = []
    for seat in range(3):
        cards = [c for c in _HANDS[seat].split() if c not in trick]
        hands.append("".join(cards))
    text = f"foster-1909 3/0 {'/'.join(hands)} 8C7C6C grand - H 1:{''.join(trick)} -/-/-"
    state = parse_position(text)
    assert state.to_act == 0 and state.phase.code == "play"
    return state


def test_wins_cheaply_when_it_can() -> None:
    # 9S led, 7S on it: JS, KS, 10S and AS all win; the Jack is the cheapest.
    assert format_card(Bot(0).choose(_position(["9S", "7S"])).value) == "JS"


def test_throws_low_when_it_cannot_win() -> None:
    # AC led by the bidder: no club of seat 0 beats it, so it gives the 9 (no points).
    assert format_card(Bot(0).choose(_position(["AC", "7D"])).value) == "9C"


def test_a_defender_leads_a_side_suit_and_keeps_its_trumps() -> None:
    text = (
        "foster-1909 3/0 6SJSKS6H7H/9SAH10HKH9H/7S8SQSAD10D "
        "8C7C6C grand - H 0: "
        "AS10SACKC10CQCJC9C/QHJH8HKDQDJD9D8D7D/6D"
    )
    state = parse_position(text)
    action = Bot(0).choose(state)
    assert format_card(action.value)[-1] != "H"


def test_the_bot_beats_the_random_policy_and_wins_most_of_its_bids() -> None:
    result = measure("foster-1909", 3, deals=150, seed=3)
    assert result.bot_vs_random > 0 > result.random_vs_bot
    played = sum(sum(t) for t in result.bids.values())
    won = sum(t[0] for t in result.bids.values())
    assert played and won / played > 0.5


def test_a_bot_deal_is_a_conformance_vector_the_reference_passes() -> None:
    deal = play_deal("gamerules", 3, 2, _deck(42), Bot(42))
    vector = deal_vector(deal, "played.gamerules.deal-42", "Deal 42 played by the bots.", 42)
    schema = json.loads((ROOT / "spec/schema/vectors.schema.json").read_text())
    jsonschema.validate(vector, schema)
    (case,) = vector["cases"]
    assert case["request"]["actions"] == [str(a) for a in deal.actions]
    assert case["response"]["result"]["phase"] == "over"
    answer = handle(case["request"])
    assert differences(case["response"], answer, case.get("compare", {})) == []
    assert case["rules"], "the rules the deal exercised are listed"
    assert case["seeds"] == [42] and vector["generated"] is True


def test_a_bot_deal_in_the_notation_replays_to_its_end() -> None:
    deal = play_deal("official-1922-solo", 5, 4, _deck(8), Bot(8))
    written = deal_notation(deal)
    state = parse_position(written["start"])
    assert state == deal.start
    for text in written["actions"]:
        state = apply(state, next(a for a in legal_actions(state) if str(a) == text))
    assert state == deal.final
    assert parse_position(written["final"]) == deal.final


def test_measure_command_prints_the_figures_with_its_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "figures.json"
    assert main(["measure", "--deals", "20", "--ruleset", "gamerules", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "python -m frogspec.bots measure --deals 20 --ruleset gamerules" in printed
    assert "| `gamerules` | grand |" in printed
    assert json.loads(out.read_text())[0]["deals"] == 20
    with pytest.raises(SystemExit):
        main(["measure", "--deals", "0"])
