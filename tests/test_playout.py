"""The fast random playout agrees with apply, action for action, broken twins included."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from frogspec.engine import Action, ActionKind, Phase, State, apply, new_deal, outcome
from frogspec.errors import FrogError
from frogspec.playout import random_deal, random_playout, shuffled_pack
from frogspec.rules.cards import CARDS, Card, pack
from frogspec.rulesets import RULESETS, Ruleset, get_ruleset
from frogspec.twins import TWINS


def _replay(
    ruleset: str | Ruleset, players: int, dealer: int, deck: list[Card], actions: list[Action]
) -> State:
    state = new_deal(ruleset, players, dealer, deck)
    for action in actions:
        state = apply(state, action)
    return state


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_replaying_the_playout_through_apply_gives_the_same_final_state(ruleset: str) -> None:
    rng = random.Random(ruleset)
    for players in RULESETS[ruleset].rules.player_count():
        for dealer in range(players):
            actions: list[Action] = []
            deck, final = random_deal(ruleset, players, dealer, rng, actions)
            assert _replay(ruleset, players, dealer, deck, actions) == final
            assert final.phase == Phase.OVER
            assert sum(outcome(final).payments) == 0


def test_a_playout_from_the_middle_of_the_play() -> None:
    rng = random.Random(4)
    actions: list[Action] = []
    deck, _ = random_deal("modern", 4, 1, rng, actions)
    state = new_deal("modern", 4, 1, deck)
    for action in actions[: len(actions) // 2]:
        state = apply(state, action)
    assert state.phase == Phase.PLAY and state.trick  # a trick half played
    rest: list[Action] = []
    final = random_playout(state, rng, rest)
    for action in rest:
        state = apply(state, action)
    assert state == final


@pytest.mark.parametrize("phase", [Phase.DISCARD, Phase.TRUMP])
def test_a_playout_from_the_widow_or_the_naming_of_trump(phase: Phase) -> None:
    rng = random.Random(11)
    for _ in range(200):
        actions: list[Action] = []
        deck, _ = random_deal("foster-1909", 3, 0, rng, actions)
        state = new_deal("foster-1909", 3, 0, deck)
        for action in actions:
            if state.phase == phase:
                break
            state = apply(state, action)
        if state.phase == phase:
            break
    assert state.phase == phase
    rest: list[Action] = []
    final = random_playout(state, rng, rest)
    for action in rest:
        state = apply(state, action)
    assert state == final and final.phase == Phase.OVER


def test_a_finished_deal_plays_out_to_itself() -> None:
    _, final = random_deal("gamerules", 3, 0, random.Random(9))
    actions: list[Action] = []
    assert random_playout(final, random.Random(0), actions) is final
    assert actions == []


def test_actions_are_recorded_only_on_request_and_recording_changes_no_choice() -> None:
    deck, quiet = random_deal("hoyle-1907", 4, 2, random.Random(5))
    actions: list[Action] = []
    same_deck, recorded = random_deal("hoyle-1907", 4, 2, random.Random(5), actions)
    assert same_deck == deck and recorded == quiet
    assert len(actions) > 33 and {a.kind for a in actions[-33:]} == {ActionKind.PLAY}
    assert _replay("hoyle-1907", 4, 2, deck, actions) == quiet


def test_the_shuffle_is_the_pack_in_every_order() -> None:
    rng = random.Random(3)
    first: Counter[Card] = Counter()
    for _ in range(3600):
        deck = shuffled_pack(rng)
        assert sorted(deck) == list(CARDS)
        first[deck[0]] += 1
    # Each card leads the deck about a hundred times in 3,600 shuffles.
    assert set(first) == set(CARDS)
    assert all(60 <= n <= 140 for n in first.values()), first


def test_every_legal_action_is_chosen_about_as_often() -> None:
    rng = random.Random(8)
    opening = new_deal("foster-1909", 3, 0, CARDS)
    chosen: Counter[str] = Counter()
    for _ in range(2000):
        actions: list[Action] = []
        random_playout(opening, rng, actions)
        chosen[str(actions[0])] += 1
    assert set(chosen) == {"pass", "frog", "chico", "grand"}
    assert all(420 <= n <= 580 for n in chosen.values()), chosen


def test_the_playout_asks_the_trick_winner_it_finds_not_a_remembered_answer() -> None:
    # A first playout fills the remembered winners of the rule; a ruleset with the rule
    # replaced, without clearing any cache, must still ask its own.
    random_deal("foster-1909", 3, 0, random.Random(1))
    asked: list[tuple[Card, ...]] = []

    def leader_always_wins(cards: tuple[Card, ...], trump: object) -> int:
        asked.append(tuple(cards))
        return 0

    replaced = get_ruleset("foster-1909").replacing("play.trick-winner", leader_always_wins)
    random_deal(replaced, 3, 0, random.Random(1))
    assert len(asked) == 11


def _shuffled_deck(seed: int) -> list[Card]:
    return shuffled_pack(random.Random(seed))


@pytest.mark.parametrize("rule_id", sorted(TWINS))
def test_with_a_broken_twin_in_the_playout_still_agrees_with_apply(rule_id: str) -> None:
    # The playout asks the ruleset's rule functions (or tables keyed by them), so a twin in
    # a ruleset's table changes it exactly as it changes apply: the same actions end in the
    # same state, or both fail alike.
    for faithful in RULESETS.values():
        rs = faithful.replacing(rule_id, TWINS[rule_id].function)
        players = rs.rules.player_count()[0]
        for seed in range(4):
            actions: list[Action] = []
            try:
                deck, final = random_deal(rs, players, seed % players, random.Random(seed), actions)
            except (FrogError, ValueError) as error:
                with pytest.raises(type(error)):
                    _replay(rs, players, seed % players, _shuffled_deck(seed), actions)
                continue
            assert len(deck) == pack().bit_count()
            assert _replay(rs, players, seed % players, deck, actions) == final
