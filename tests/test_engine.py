"""The engine: a deal from the pack to the payments, illegal actions, malformed input."""

from __future__ import annotations

import random

import pytest

from frogspec.engine import (
    _REFUSALS,
    Action,
    ActionKind,
    Phase,
    State,
    _why_not,
    apply,
    legal_actions,
    new_deal,
    outcome,
    parse_action,
    play_match,
)
from frogspec.errors import IllegalActionError, InvalidInputError
from frogspec.notation import parse_position
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CARDS, SUIT_MASKS, SUIT_OF, CardSet, Suit, parse_card
from frogspec.rules.play import legal_plays
from frogspec.rulesets import get_ruleset
from frogspec.ruletable import DUTIES_OF_THE_PLAY

C = parse_card


def hand(text: str) -> int:
    return CardSet.parse(text).mask


class TestLegalPlays:
    def test_follow_suit_any_card_of_it(self) -> None:
        assert CardSet(legal_plays(hand("AS 6S 7H"), (C("10S"),), Suit.HEARTS)) == CardSet.parse(
            "6S AS"
        )

    def test_must_trump_when_void(self) -> None:
        assert CardSet(legal_plays(hand("6H AD"), (C("10S"),), Suit.HEARTS)) == CardSet.parse("6H")

    def test_no_trump_means_anything(self) -> None:
        assert CardSet(legal_plays(hand("6C AD"), (C("10S"),), Suit.HEARTS)) == CardSet.parse(
            "6C AD"
        )

    def test_no_duty_to_overtrump(self) -> None:
        trick = (C("10S"), C("AH"))
        assert CardSet(legal_plays(hand("6H 7D"), trick, Suit.HEARTS)) == CardSet.parse("6H")

    def test_leader_anything(self) -> None:
        assert legal_plays(hand("6H 7D AS"), (), Suit.HEARTS) == hand("6H 7D AS")


WON = "JSQSKS/AC6D7D8D9DJDQDKD10DAD7H8H9HJHQH/KH10HAH6S8S9S"


def test_positions_from_notation_play_out() -> None:
    # Foster, three players, dealer 0; seat 1 bid grand and leads to the ninth trick.
    state = parse_position(f"foster-1909 3/0 8C9CJC/10SAS6H/6C7C7S QCKC10C grand - H 1: {WON}")
    assert state.phase == Phase.PLAY and state.to_act == 1 and state.tricks == 8
    assert state.widow == hand("QC KC 10C")
    state = apply(state, parse_action("play 10S"))
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action("play 6C"))
    assert info.value.rule_id == "play.follow-suit"
    state = apply(state, parse_action("play 7S"))
    assert {str(a) for a in legal_actions(state)} == {"play 8C", "play 9C", "play JC"}
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action("play 6C"))
    assert info.value.rule_id == "play.card-from-hand"


def test_must_trump_is_enforced_with_its_rule_id() -> None:
    state = parse_position(f"foster-1909 3/0 8C9CJC/10SAS7S/6H6C7C QCKC10C grand - H 1: {WON}")
    state = apply(state, parse_action("play AS"))
    before = state
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action("play 6C"))
    assert info.value.rule_id == "play.must-trump"
    assert state == before
    state = apply(state, parse_action("play 6H"))
    assert len(legal_actions(state)) == 3  # seat 0: no spade, no trump: anything
    state = apply(state, parse_action("play JC"))
    assert state.to_act == 2 and state.won[2] & hand("AS 6H JC")  # the trump won


def test_chico_hearts_is_refused_by_foster_allowed_by_gamerules() -> None:
    for ruleset, legal in (("foster-1909", False), ("gamerules", True)):
        state = new_deal(ruleset, 3, 0, CARDS)
        state = apply(state, parse_action("chico"))
        while state.phase == Phase.AUCTION:
            state = apply(state, parse_action("pass"))
        assert state.phase == Phase.TRUMP and state.to_act == state.bidder
        if legal:
            assert apply(state, parse_action("trump H")).trump == Suit.HEARTS
        else:
            with pytest.raises(IllegalActionError) as info:
                apply(state, parse_action("trump H"))
            assert info.value.rule_id == "trump.chico-not-hearts"


def test_frog_bidder_takes_the_widow_and_lays_away_three() -> None:
    state = new_deal("foster-1909", 3, 0, CARDS)
    state = apply(state, parse_action("frog"))
    state = apply(apply(state, parse_action("pass")), parse_action("pass"))
    assert state.phase == Phase.DISCARD and state.bidder == 1 and state.trump == Suit.HEARTS
    assert state.widow_shown
    assert state.hands[1].bit_count() == 14 and state.hands[1] & state.widow == state.widow
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action("play 6C"))
    assert info.value.rule_id == "deal.actions-by-phase"
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action("discard AS"))
    assert info.value.rule_id == "widow.frog-take-and-discard"
    for card in ("6C", "7C", "8C"):
        state = apply(state, parse_action(f"discard {card}"))
    assert state.phase == Phase.PLAY and state.to_act == 1
    assert state.laid_away == hand("6C 7C 8C")


def test_modern_hides_the_widow() -> None:
    state = new_deal("modern", 3, 0, CARDS)
    state = apply(state, parse_action("frog"))
    state = apply(apply(state, parse_action("pass")), parse_action("pass"))
    assert not state.widow_shown


@pytest.mark.parametrize("seed", range(20))
def test_random_deals_end_with_120_points_and_zero_sum(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    state = new_deal("foster-1909", 3, seed % 3, deck)
    while state.phase != Phase.OVER:
        state = apply(state, rng.choice(legal_actions(state)))
    result = outcome(state)
    assert sum(result.payments) == 0
    if state.bidder is not None:
        assert result.bidder_points is not None and result.defender_points is not None
        assert result.bidder_points + result.defender_points == 120
        assert state.tricks == 11 and all(h == 0 for h in state.hands)


class TestMalformedInput:
    def test_unknown_ruleset(self) -> None:
        with pytest.raises(InvalidInputError, match="unknown ruleset"):
            new_deal("foster", 3, 0, CARDS)

    def test_players_out_of_range(self) -> None:
        with pytest.raises(InvalidInputError, match="3 to 5 players"):
            new_deal("foster-1909", 6, 0, CARDS)
        with pytest.raises(InvalidInputError, match="exactly 3 players"):
            new_deal("gamerules", 4, 0, CARDS)

    def test_dealer_out_of_range(self) -> None:
        with pytest.raises(InvalidInputError, match="dealer"):
            new_deal("foster-1909", 3, 3, CARDS)

    def test_deck(self) -> None:
        with pytest.raises(InvalidInputError, match="36 cards"):
            new_deal("foster-1909", 3, 0, CARDS[:35])
        with pytest.raises(InvalidInputError, match="duplicate card 6C"):
            new_deal("foster-1909", 3, 0, (0, *CARDS[:35]))

    def test_unknown_option(self) -> None:
        with pytest.raises(InvalidInputError, match="no option 'penalty'"):
            new_deal("official-1922-solo", 3, 0, CARDS, {"penalty": True})
        with pytest.raises(InvalidInputError, match="must be one of"):
            new_deal("official-1922-solo", 3, 0, CARDS, {"sitting_out": "never"})

    def test_unknown_action(self) -> None:
        with pytest.raises(InvalidInputError, match="unknown action"):
            parse_action("bid grand")
        with pytest.raises(InvalidInputError, match="unknown card"):
            parse_action("play 11H")


class TestMatch:
    def _deal(
        self, rng: random.Random, ruleset: str, players: int, dealer: int
    ) -> tuple[list[int], list[Action]]:
        deck = list(CARDS)
        rng.shuffle(deck)
        state = new_deal(ruleset, players, dealer, deck)
        actions = []
        while state.phase != Phase.OVER:
            action = rng.choice(legal_actions(state))
            actions.append(action)
            state = apply(state, action)
        return deck, actions

    def test_the_deal_turns_left_and_banks_move_by_settlement(self) -> None:
        rng = random.Random(5)
        deals = [self._deal(rng, "foster-1909", 4, (2 + i) % 4) for i in range(6)]
        result = play_match("foster-1909", 4, 2, deals)
        assert result.dealers == (2, 3, 0, 1, 2, 3)
        assert sum(result.balances) == 0
        assert not result.over and result.loser is None

    def test_the_first_player_unable_to_pay_loses_in_1922(self) -> None:
        rng = random.Random(11)
        dealer = 0
        deals = []
        for _ in range(200):
            deals.append(self._deal(rng, "official-1922-solo", 3, dealer))
            try:
                result = play_match("official-1922-solo", 3, 0, deals)
            except IllegalActionError:
                raise
            if result.over:
                break
            dealer = (dealer + 1) % 3
        assert result.over and result.loser is not None
        assert result.balances[result.loser] < 0
        assert sum(result.balances) == 3 * 120
        more = [*deals, self._deal(rng, "official-1922-solo", 3, (dealer + 1) % 3)]
        with pytest.raises(IllegalActionError) as info:
            play_match("official-1922-solo", 3, 0, more)
        assert info.value.rule_id == "match.first-unable-to-pay-loses"

    def test_an_unfinished_deal_is_refused(self) -> None:
        with pytest.raises(InvalidInputError, match="not finished"):
            play_match("foster-1909", 3, 0, [(CARDS, [parse_action("frog")])])

    def test_contract_enum(self) -> None:
        assert [c.code for c in Contract] == ["frog", "chico", "grand"]


#: One position of each phase (actions from the canonical pack, Foster, three players).
_POSITIONS = {
    Phase.AUCTION: ["frog"],
    Phase.DISCARD: ["frog", "pass", "pass"],
    Phase.TRUMP: ["chico", "pass", "pass"],
    Phase.PLAY: ["grand"],
    Phase.OVER: ["pass", "pass", "pass"],
}

#: An action of each kind.
_KINDS = {
    "pass": "pass",
    "bid": "grand",
    "discard": "discard AH",
    "trump": "trump S",
    "play": "play AH",
}


@pytest.mark.parametrize("phase", list(_POSITIONS))
def test_an_action_of_a_kind_the_phase_does_not_take_breaks_actions_by_phase(
    phase: Phase,
) -> None:
    from frogspec.rules.deal import actions_of_phase

    state = new_deal("foster-1909", 3, 0, CARDS)
    for text in _POSITIONS[phase]:
        state = apply(state, parse_action(text))
    assert state.phase == phase
    for kind, text in _KINDS.items():
        if kind in actions_of_phase(phase.code):
            continue
        with pytest.raises(IllegalActionError) as info:
            apply(state, parse_action(text))
        assert info.value.rule_id == "deal.actions-by-phase", (phase, text)
    # and one of the kind the phase takes is refused, if at all, by the rule that refuses it
    if phase == Phase.DISCARD:
        with pytest.raises(IllegalActionError) as info:
            apply(state, parse_action("discard AS"))  # held by seat 2, not the bidder
        assert info.value.rule_id == "widow.frog-take-and-discard"


def _holding_the_suit_led_and_a_trump() -> tuple[State, Action]:
    # A position of the play where the player to act holds the suit led (not trumps) and a
    # trump too: the trump is the card follow-suit forbids him.
    rng = random.Random(7)
    while True:
        state = new_deal("foster-1909", 3, 0, _deck(rng))
        state = apply(state, parse_action("grand"))
        while state.phase == Phase.PLAY:
            held = state.hands[state.to_act]  # type: ignore[index]
            if state.trick and SUIT_OF[state.trick[0]] != state.trump:
                led = SUIT_MASKS[SUIT_OF[state.trick[0]]]
                trumps = held & SUIT_MASKS[state.trump]  # type: ignore[index]
                if held & led and trumps:
                    return state, Action(ActionKind.PLAY, trumps.bit_length() - 1)
            options = legal_actions(state)
            state = apply(state, options[int(rng.random() * len(options))])


def _deck(rng: random.Random) -> list[int]:
    deck = list(CARDS)
    rng.shuffle(deck)
    return deck


def test_apply_after_legal_actions_still_refuses_a_card_with_its_rule_id() -> None:
    # apply takes the legal plays legal_actions found for the same state: they still judge.
    state, trump_card = _holding_the_suit_led_and_a_trump()
    assert trump_card not in legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, trump_card)
    assert info.value.rule_id == "play.follow-suit"
    assert apply(state, legal_actions(state)[0]).trick[-1] == legal_actions(state)[0].value


def test_a_rule_replaced_after_legal_actions_judges_the_next_apply() -> None:
    # The legal plays remembered for a state are not those of the same position under a
    # ruleset with a rule replaced: the twin without a duty to follow suit lets the trump
    # be played there, and the faithful state still refuses it.
    from frogspec.twins import get_twin

    state, trump_card = _holding_the_suit_led_and_a_trump()
    assert trump_card not in legal_actions(state)
    twin = get_twin("play.follow-suit").function
    broken = state._replace(ruleset=state.ruleset.replacing("play.follow-suit", twin))
    assert apply(broken, trump_card).trick[-1] == trump_card.value
    with pytest.raises(IllegalActionError):
        apply(state, trump_card)


def test_the_builders_change_only_the_fields_they_name() -> None:
    # The engine builds its hot states field by field in State's order: each builder must
    # be the _replace it stands for, on states of every phase of random deals.
    import random as _random

    from frogspec import engine
    from frogspec.playout import random_deal
    from frogspec.rules.cards import Suit

    assert engine.State._fields == engine._FIELD_ORDER
    rng = _random.Random(7)
    for _ in range(20):
        deck, _final = random_deal("foster-1909", 3, 0, rng)
        state = engine.new_deal("foster-1909", 3, 0, deck)
        while state.phase != engine.Phase.OVER:
            hands = tuple(h ^ 1 for h in state.hands)
            assert engine.with_discards(state, hands, 5) == state._replace(hands=hands, laid_away=5)
            leader = state.order[0]
            assert engine.start_play(state, Suit.SPADES) == state._replace(
                phase=engine.Phase.PLAY, to_act=leader, trump=Suit.SPADES, leader=leader
            )
            assert engine.turn_taken(state, to_act=2, auction=((0, None),)) == state._replace(
                to_act=2, auction=((0, None),)
            )
            assert engine.card_played(state, hands=hands, to_act=1, trick=(5,)) == state._replace(
                hands=hands, to_act=1, trick=(5,)
            )
            assert engine.trick_taken(
                state, hands=hands, leader=2, won=(1, 2, 3), tricks=4
            ) == state._replace(hands=hands, to_act=2, leader=2, trick=(), won=(1, 2, 3), tricks=4)
            assert engine.play_over(state, hands, (1, 2, 3), 11) == state._replace(
                hands=hands,
                phase=engine.Phase.OVER,
                to_act=None,
                leader=None,
                trick=(),
                won=(1, 2, 3),
                tricks=11,
            )
            options = engine.legal_actions(state)
            state = engine.apply(state, options[rng.randrange(len(options))])


# --- the duty that refuses a card ------------------------------------------------------------

_FOSTER_RULES = get_ruleset("foster-1909").rules


@pytest.mark.parametrize(
    ("hand", "trick", "card", "rule_id"),
    [
        ("AS 7H 9C", "10C", "AS", "play.follow-suit"),
        ("AS 7H 9D", "10C", "AS", "play.must-trump"),
        ("AS 9D", "10C", "9D", None),  # any card when unable: no refusal
    ],
)
def test_the_duty_that_refuses_a_card_is_named(
    hand: str, trick: str, card: str, rule_id: str | None
) -> None:
    mask = CardSet.parse(hand).mask
    led = tuple(parse_card(c) for c in trick.split())
    legal = _FOSTER_RULES.legal_plays(mask, led, Suit.HEARTS)
    if rule_id is None:
        assert legal & (1 << parse_card(card))
        return
    refusal = _why_not(_FOSTER_RULES, mask, led, Suit.HEARTS, 1, parse_card(card))
    assert refusal.rule_id == rule_id


def test_a_duty_replaced_refuses_in_its_own_name() -> None:
    # With no duty to head replaced by one that keeps only the lowest card of the suit led,
    # a higher card of that suit is refused by that duty, not by follow suit.
    def lowest_only(following: int, trick: object, trump: object) -> int:
        return following & -following

    rules = get_ruleset("foster-1909").replacing("play.no-duty-to-head", lowest_only).rules
    hand = CardSet.parse("7C AC 9D").mask
    refusal = _why_not(rules, hand, (parse_card("10C"),), Suit.HEARTS, 2, parse_card("AC"))
    assert refusal.rule_id == "play.no-duty-to-head"
    assert "may not play AC to this trick" in refusal.message
    # The order of the duties is legal_plays' own: every duty has its refusal.
    assert set(_REFUSALS) == set(DUTIES_OF_THE_PLAY)
