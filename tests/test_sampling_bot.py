"""The sampling player (frogspec.sampling_bot) and the worlds it samples (frogspec.worlds):
legal, reproducible, and never contradicting or peeking past what its seat has seen."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frogspec.bots import Bot, RandomBot, play_deal
from frogspec.engine import Action, ActionKind, Phase, State, apply, legal_actions, new_deal
from frogspec.notation import numbered_deck
from frogspec.rules.auction import Contract
from frogspec.rules.cards import Suit, parse_card
from frogspec.rulesets import RULESETS
from frogspec.sampling_bot import SamplingBot, Settings, distinct_plays, main, measure_deal
from frogspec.worlds import HIDDEN, Play, PlayMemory, sample_world, unseen, voids

ALL = (1 << 36) - 1


class _Checked:
    """Wraps the sampling player; fails the test if it ever chooses an action the engine
    forbids. Shows it every action, as play_deal shows the player it wraps."""

    def __init__(self, inner: SamplingBot) -> None:
        self.inner = inner
        self.choices = 0

    def observe(self, state: State, action: Action) -> None:
        self.inner.observe(state, action)

    def choose(self, state: State) -> Action:
        action = self.inner.choose(state)
        assert action in legal_actions(state), f"{action} is not legal here"
        self.choices += 1
        return action


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_sampling_bot_only_chooses_legal_actions(ruleset: str) -> None:
    allowed = RULESETS[ruleset].rules.player_count()
    for number in range(4):
        players = allowed[number % len(allowed)]
        policy = _Checked(SamplingBot(number, samples=2, bid_samples=2))
        # Against the random player too, whose odd plays reach positions Bot's do not.
        others: list[_Checked | RandomBot | Bot] = [RandomBot(number) if number % 2 else Bot(1)]
        # The seat on the dealer's left: it plays at four players too (the dealer sits out).
        seats = [policy if s == (number + 1) % players else others[0] for s in range(players)]
        deal = play_deal(ruleset, players, number % players, numbered_deck(number), seats)
        assert deal.final.phase == Phase.OVER
        assert policy.choices > 0


def test_same_seed_same_game_and_another_seed_differs() -> None:
    def games(seed: int) -> tuple[tuple[Action, ...], ...]:
        seats: list[SamplingBot | Bot] = [
            SamplingBot(seed, samples=2, bid_samples=2),
            Bot(5),
            Bot(5),
        ]
        return tuple(play_deal("modern", 3, 2, numbered_deck(n), seats).actions for n in range(3))

    by_seed = {seed: games(seed) for seed in range(3)}
    assert games(0) == by_seed[0]
    assert len(set(by_seed.values())) > 1, "the seed never changed a choice"


def _walk(number: int, ruleset: str, players: int, steps: int) -> tuple[State, PlayMemory, State]:
    """A deal played by the random player for ``steps`` actions: the state, the memory of
    what the table saw, and the state at the start of the play (or the last one)."""
    state = new_deal(ruleset, players, number % players, numbered_deck(number))
    memory = PlayMemory()
    policy = RandomBot(number)
    play_start = state
    # A bid by the first seat keeps most walks out of a passed-out deal.
    for step in range(steps):
        if state.phase == Phase.OVER:
            break
        legal = legal_actions(state)
        bids = [a for a in legal if a.kind == ActionKind.BID]
        action = bids[step % len(bids)] if bids and number % 3 else policy.choose(state)
        memory.observe(state, action)
        state = apply(state, action)
        if state.phase == Phase.PLAY and not state.tricks and not state.trick:
            play_start = state
    return state, memory, play_start


walks = st.tuples(
    st.integers(0, 10_000),
    st.sampled_from(sorted(RULESETS)),
    st.integers(0, 45),
    st.integers(0, 2**32),
)


@settings(max_examples=100, deadline=None)
@given(walks)
def test_no_sampled_world_contradicts_what_the_seat_has_seen(
    walk: tuple[int, str, int, int],
) -> None:
    number, ruleset, steps, seed = walk
    players = RULESETS[ruleset].rules.player_count()[
        number % len(RULESETS[ruleset].rules.player_count())
    ]
    state, memory, play_start = _walk(number, ruleset, players, steps)
    for seat in state.order:
        world = sample_world(state, seat, memory, random.Random(seed))
        # What the seat sees is the same: its hand, the public fields, every hand's size.
        assert world.hands[seat] == state.hands[seat]
        for name in ("phase", "to_act", "auction", "bidder", "contract", "trump", "trick", "won"):
            assert getattr(world, name) == getattr(state, name), name
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
        assert world.laid_away.bit_count() == state.laid_away.bit_count()
        frog = state.contract == Contract.FROG and state.phase != Phase.AUCTION
        if frog and seat == state.bidder:
            assert (world.laid_away, world.widow) == (state.laid_away, state.widow)
        if state.widow_shown:
            assert world.widow == state.widow
            unplayed = state.widow & ~_gone(state)
            assert unplayed & ~(world.hands[state.bidder or 0] | world.laid_away) == 0
        # Every card is in exactly one place.
        places = [*world.hands, *world.won, sum(1 << c for c in world.trick)]
        places.append(world.laid_away if frog else world.widow)
        assert sum(p.bit_count() for p in places) == 36
        union = 0
        for p in places:
            union |= p
        assert union == ALL
        # The engine accepts every play the table saw, from the world's hands as they were.
        if state.phase in (Phase.PLAY, Phase.OVER) and memory.plays:
            before = list(world.hands)
            for play in memory.plays:
                before[play.seat] |= 1 << play.card
            replay = play_start._replace(
                hands=tuple(before), laid_away=world.laid_away, widow=world.widow
            )
            for play in memory.plays:
                replay = apply(replay, Action(ActionKind.PLAY, play.card))
            assert replay.hands == world.hands and replay.won == world.won


def _gone(state: State) -> int:
    gone = sum(1 << c for c in state.trick)
    for won in state.won:
        gone |= won
    return gone


@settings(max_examples=40, deadline=None)
@given(walks)
def test_the_worlds_depend_only_on_what_the_seat_sees(walk: tuple[int, str, int, int]) -> None:
    # A world agrees with the real deal on everything the seat sees: sampling from it with
    # the same generator draws the same worlds, and the bot makes the same choice.
    number, ruleset, steps, seed = walk
    players = RULESETS[ruleset].rules.player_count()[0]
    state, memory, _ = _walk(number, ruleset, players, steps)
    if state.to_act is None:
        return
    seat = state.to_act
    other = sample_world(state, seat, memory, random.Random(seed + 1))
    assert sample_world(state, seat, memory, random.Random(seed)) == sample_world(
        other, seat, memory, random.Random(seed)
    )
    choices = []
    for position in (state, other):
        bot = SamplingBot(seed, samples=2, bid_samples=2)
        bot.memory.plays = list(memory.plays)
        choices.append(bot.choose(position))
    assert choices[0] == choices[1]


def test_a_void_shown_is_respected() -> None:
    # Seat 2 threw a diamond on a spade lead with hearts trumps: no spade and no heart.
    ace, seven = parse_card("AS"), parse_card("7D")
    assert voids([Play(1, ace, ()), Play(2, seven, (ace,))], None) == {2: 1 << 3}
    found = voids([Play(1, ace, ()), Play(2, seven, (ace,))], Suit.HEARTS)
    assert found == {2: 1 << 3 | 1 << 2}


def test_worlds_of_the_auction_deal_the_widow_hidden() -> None:
    state = new_deal("foster-1909", 3, 0, numbered_deck(3))
    view = unseen(state, 1)
    assert dict(zip(view.places, view.sizes, strict=True)) == {2: 11, 0: 11, HIDDEN: 3}
    worlds = {sample_world(state, 1, PlayMemory(), random.Random(k)).widow for k in range(20)}
    assert len(worlds) > 1 and all(w & state.hands[1] == 0 for w in worlds)


def test_distinct_plays_keep_one_of_each_run() -> None:
    state = new_deal("foster-1909", 3, 0, numbered_deck(7))
    seat = state.to_act
    assert seat is not None
    hand = [c for c in range(36) if state.hands[seat] >> c & 1]
    kept = distinct_plays(state, hand)
    assert set(kept) <= set(hand)
    assert {c // 9 for c in kept} == {c // 9 for c in hand}
    # Three of a suit's point-less cards in one hand with nothing between: one is kept.
    hands = list(state.hands)
    low = [parse_card(c) for c in ("6S", "7S", "8S")]
    for s in range(3):
        hands[s] &= ~sum(1 << c for c in low)
    hands[seat] |= sum(1 << c for c in low)
    spread = state._replace(hands=tuple(hands))
    assert [c for c in distinct_plays(spread, low)] == [low[0]]


def test_bidding_follows_the_sampled_odds() -> None:
    state = new_deal("foster-1909", 3, 0, numbered_deck(0))
    bot = SamplingBot(1, samples=2, bid_samples=6)
    odds = bot.expected_payments(state)
    assert set(odds) == {Contract.FROG, Contract.CHICO, Contract.GRAND}
    choice = SamplingBot(1, samples=2, bid_samples=6).choose(state)
    if max(odds.values()) > 0:
        assert choice == Action(ActionKind.BID, max(odds, key=lambda c: (odds[c], -c.value)))
    else:
        assert choice.kind == ActionKind.PASS


def test_measure_deal_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings_ = Settings("foster-1909", 0, 2, 2)
    row = measure_deal(settings_, 4)
    assert row["position"] == "second" and row["deal"] == 4
    again = measure_deal(settings_, 4)
    assert {**again, "seconds": 0} == {**row, "seconds": 0}
    out = tmp_path / "run.jsonl"
    assert (
        main(["measure", "--deals", "3", "--samples", "2", "--bid-samples", "2", "--out", str(out)])
        == 0
    )
    table = capsys.readouterr().out
    assert "| all | 3 |" in table
    assert len(out.read_text().splitlines()) == 3
    assert main(["summary", str(out)]) == 0
    assert capsys.readouterr().out == table
    # A run with other settings is not mixed in.
    with pytest.raises(SystemExit):
        main(["measure", "--deals", "3", "--samples", "3", "--out", str(out)])
    assert json.loads(out.read_text().splitlines()[0])["settings"]["samples"] == 2


def test_a_shown_widow_stays_with_the_frog_bidder() -> None:
    # Foster shows the widow in a Frog: a defender knows its cards went into the bidder's
    # hand, and lie there or in what he laid away.
    state = new_deal("foster-1909", 3, 2, numbered_deck(8))
    memory = PlayMemory()
    bidder = state.to_act
    assert bidder is not None
    while state.phase != Phase.PLAY:
        frog = Action(ActionKind.BID, Contract.FROG)
        legal = legal_actions(state)
        action = frog if frog in legal and state.to_act == bidder else Bot(1).choose(state)
        if state.phase == Phase.AUCTION and state.to_act != bidder:
            action = Action(ActionKind.PASS)
        memory.observe(state, action)
        state = apply(state, action)
    assert state.widow_shown and state.bidder == bidder
    defender = next(s for s in state.order if s != bidder)
    for k in range(30):
        world = sample_world(state, defender, memory, random.Random(k))
        assert world.widow == state.widow
        assert state.widow & ~(world.hands[bidder] | world.laid_away) == 0
