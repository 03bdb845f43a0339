"""The one-line position notation: round trips and clear errors."""

from __future__ import annotations

import random

import pytest

from frogspec.engine import Phase, apply, legal_actions, new_deal
from frogspec.errors import InvalidInputError
from frogspec.notation import format_position, parse_position
from frogspec.rules.cards import CARDS
from frogspec.rulesets import RULESETS


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_position_of_random_deals_round_trips(ruleset: str) -> None:
    rng = random.Random(ruleset)
    rs = RULESETS[ruleset]
    for players in rs.rules.player_count():
        deck = list(CARDS)
        rng.shuffle(deck)
        options = {opt.name: rng.choice(list(opt.choices)) for opt in rs.options}
        state = new_deal(ruleset, players, rng.randrange(players), deck, options)
        while True:
            text = format_position(state)
            assert parse_position(text) == state
            assert format_position(parse_position(text)) == text
            if state.phase == Phase.OVER:
                break
            state = apply(state, rng.choice(legal_actions(state)))


def test_options_are_written_when_not_default() -> None:
    state = new_deal("official-1922-solo", 4, 1, CARDS, {"penalty_frog": True})
    text = format_position(state)
    assert text.startswith("official-1922-solo[penalty_frog=true] 4/1 ")
    assert parse_position(text).ruleset.option_values["penalty_frog"] is True


START = format_position(new_deal("foster-1909", 3, 0, CARDS))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("foster-1909 3/0", "9 fields"),
        (START.replace("foster-1909", "fostr"), "unknown ruleset"),
        (START.replace("3/0", "3/5"), "dealer 5"),
        (START.replace("3/0", "6/0"), "does not allow 6"),
        (START.replace("6C7C8C", "6C7C7C", 1), "written twice"),
        (START.replace("6C7C8C", "6C7C8X", 1), "cannot read a card"),
        (START.replace(" - - - - ", " frog,frog - - - ", 1), "cannot bid"),
        (START.replace("6C7C8C", "7C8C", 1), "missing"),
        (START.replace("foster-1909", "foster-1909[x=1]"), "no option"),
    ],
)
def test_malformed_positions_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_position(text)
