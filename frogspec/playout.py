"""Random playouts: a deal played to the end by random legal choices, fast.

:func:`random_playout` plays from any state to the end of the deal, choosing each action
uniformly among the legal ones. It keeps the position in local variables instead of
building a new :class:`~frogspec.engine.State` at every bid and card (and plays a trick
at a time; begun in the middle of a trick, it lets ``apply`` finish that one), but it asks the
same rule functions as :func:`~frogspec.engine.apply` (the ruleset's auction procedure,
:func:`~frogspec.rules.widow.discardable`, the ruleset's Chico trumps,
:func:`~frogspec.rules.play.legal_plays`, :func:`~frogspec.rules.play.trick_winner`,
:func:`~frogspec.rules.play.next_leader`, and the engine's own steps at the end of the auction
and the start of the play), so that replaying the actions it chose through ``apply``
gives the same final state (a test checks this, with every broken twin in place too). It
asks them of the state's ruleset (its :class:`~frogspec.ruletable.RuleTable`), as ``apply``
does.
Given a list, it appends the actions it chooses to it; it records nothing otherwise.

>>> import random
>>> from frogspec.rules.cards import CARDS
>>> from frogspec.engine import new_deal, outcome
>>> actions = []
>>> final = random_playout(new_deal("foster-1909", 3, 0, CARDS), random.Random(1), actions)
>>> final.phase.code, sum(outcome(final).payments), len(actions) > 33
('over', 0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from frogspec.engine import (
    AUCTION_ACTIONS,
    PLAY_ACTIONS,
    Action,
    ActionKind,
    Phase,
    State,
    after_auction,
    apply,
    auction_turn,
    check_players,
    check_seat,
    deal_checked,
    legal_actions,
    new_deal,
    play_over,
    ruleset_of,
    start_play,
    with_discards,
)
from frogspec.rules.cards import CARDS, Card, Suit, cards_of, pack
from frogspec.rules.widow import DISCARDS
from frogspec.rulesets import Ruleset

__all__ = ["random_deal", "random_playout", "shuffled_pack"]

_AUCTION, _DISCARD, _TRUMP, _PLAY, _OVER = Phase


@lru_cache(maxsize=16)
def _cards_of_pack(mask: int) -> tuple[Card, ...]:
    return tuple(cards_of(mask))


def shuffled_pack(rng: random.Random) -> list[Card]:
    """The cards of the pack (:func:`~frogspec.rules.cards.pack`) in a uniformly random order."""
    random_float = rng.random
    # Sorting by independent uniform keys is a uniform shuffle, and cheaper than
    # Random.shuffle's 35 calls of randbelow.
    return sorted(_cards_of_pack(pack()), key=lambda _: random_float())


def random_deal(
    ruleset: Ruleset | str,
    players: int,
    dealer: int,
    rng: random.Random,
    actions: list[Action] | None = None,
) -> tuple[list[Card], State]:
    """Shuffle the pack with ``rng``, deal it, and play it out at random.

    Returns the deck (``deck[0]`` dealt first, as :func:`~frogspec.engine.new_deal` takes
    it) and the final state; appends the actions chosen to ``actions`` if given.
    """
    rs = ruleset_of(ruleset)
    check_players(rs, players)
    check_seat(dealer, players, "dealer")
    deck = shuffled_pack(rng)
    # The pack once each: new_deal's check of the deck is moot, unless the ruleset has
    # another rule for the pack (a broken twin), which checks it.
    opening = (
        deal_checked(rs, players, dealer, deck)
        if rs.rules.pack is pack
        else new_deal(rs, players, dealer, deck)
    )
    return deck, random_playout(opening, rng, actions)


@lru_cache(maxsize=64)
def _next_seats(order: tuple[int, ...]) -> dict[int, int]:
    # The seat that plays after each active seat: the next in the turn order, round.
    return {seat: order[(i + 1) % len(order)] for i, seat in enumerate(order)}


@lru_cache(maxsize=64)
def _trick_winners(
    winner_of: Callable[[Sequence[Card], Suit | None], int], trump: Suit | None
) -> list[int]:
    # What ``winner_of`` (the rule play.trick_winner, or whatever stands in for it) answered
    # for each trick of three cards seen so far under ``trump`` (-1: not asked yet), the
    # trick (a, b, c) at (a * 36 + b) * 36 + c; filled as the tricks come, keyed by the
    # function (a ruleset with the rule replaced has its own). (apply asks
    # the rule every time: the tests of its purity watch the rule called on a state applied
    # twice.)
    return [-1] * len(CARDS) ** 3


def _choose(cards: int, random_float: Callable[[], float]) -> int:
    # The bit of one of the cards of a mask, each equally likely: the k-th lowest, k drawn
    # (no draw when there is one card to choose).
    if cards & (cards - 1):
        for _ in range(int(random_float() * cards.bit_count())):
            cards &= cards - 1
        cards &= -cards
    return cards


def random_playout(state: State, rng: random.Random, actions: list[Action] | None = None) -> State:
    """Play ``state`` to the end of the deal by uniform random legal actions.

    Returns the final state; appends the actions chosen to ``actions``, in order, if given.
    """
    random_float = rng.random
    record = actions.append if actions is not None else None
    if state.phase == _AUCTION:
        # The bids are drawn from the turns the procedure gives: no check of apply's can
        # fail, and no state is built until the auction is over.
        rules = state.ruleset.rules
        procedure, order, contracts = rules.auction_procedure, state.order, rules.contracts()
        history = state.auction
        turn = auction_turn(procedure, order, contracts, history)
        while turn is not None:
            bids = turn.bids
            choice = int(random_float() * (len(bids) + 1))  # 0: pass, else the bid
            if record is not None:
                record(AUCTION_ACTIONS[bids][choice])
            history = (*history, (turn.seat, bids[choice - 1] if choice else None))
            turn = auction_turn(procedure, order, contracts, history)
        state = after_auction(state, history)
    if state.phase == _DISCARD:
        bidder = state.bidder
        assert bidder is not None and state.trump is not None
        hand, laid_away = state.hands[bidder], state.laid_away
        discardable = state.ruleset.rules.discardable
        while laid_away.bit_count() < DISCARDS:
            bit = _choose(discardable(hand), random_float)
            if record is not None:
                record(Action(ActionKind.DISCARD, bit.bit_length() - 1))
            hand &= ~bit
            laid_away |= bit
        hands = list(state.hands)
        hands[bidder] = hand
        state = start_play(with_discards(state, tuple(hands), laid_away), state.trump)
    if state.phase == _TRUMP:
        suits = state.ruleset.rules.chico_trump()
        suit = suits[int(random_float() * len(suits))]
        if record is not None:
            record(Action(ActionKind.TRUMP, suit))
        state = start_play(state, suit)
    while state.phase == _PLAY and state.trick:
        # Begun in the middle of a trick: apply finishes it, and the rest goes a trick at a time.
        options = legal_actions(state)
        action = options[int(random_float() * len(options))]
        if record is not None:
            record(action)
        state = apply(state, action)
    if state.phase != _PLAY:
        return state
    return _play_out(state, random_float, record)


def _play_out(
    state: State,
    random_float: Callable[[], float],
    record: Callable[[Action], None] | None,
) -> State:
    # The play from the lead of a trick to the end, a trick at a time (three active seats
    # play each), with the position in local variables.
    order, trump, leader, tricks = state.order, state.trump, state.leader, state.tricks
    assert leader is not None and len(order) == 3, "three active seats play each trick"
    hands = list(state.hands)
    won = list(state.won)
    rules = state.ruleset.rules
    legal_plays, trick_winner, next_leader = (
        rules.legal_plays,
        rules.trick_winner,
        rules.next_leader,
    )
    last = rules.tricks_per_deal()
    after = _next_seats(order)
    winners = _trick_winners(trick_winner, trump)
    size = len(CARDS)
    while True:
        # Each of the three draws one of his legal plays, each equally likely: the pick of
        # _choose (the k-th lowest bit of the mask, k drawn; no draw for one card), written
        # out three times on purpose: a call of _choose per card, or a loop over the three
        # seats, made the play 10-16% slower (2026-12-02, best of 15, CPU time).
        second = after[leader]
        third = after[second]
        hand = hands[leader]
        led = legal_plays(hand, (), trump)
        if led & (led - 1):
            for _ in range(int(random_float() * led.bit_count())):
                led &= led - 1
            led &= -led
        hands[leader] = hand ^ led
        first_card = led.bit_length() - 1
        hand = hands[second]
        followed = legal_plays(hand, (first_card,), trump)
        if followed & (followed - 1):
            for _ in range(int(random_float() * followed.bit_count())):
                followed &= followed - 1
            followed &= -followed
        hands[second] = hand ^ followed
        second_card = followed.bit_length() - 1
        hand = hands[third]
        closed = legal_plays(hand, (first_card, second_card), trump)
        if closed & (closed - 1):
            for _ in range(int(random_float() * closed.bit_count())):
                closed &= closed - 1
            closed &= -closed
        hands[third] = hand ^ closed
        third_card = closed.bit_length() - 1
        if record is not None:
            record(PLAY_ACTIONS[first_card])
            record(PLAY_ACTIONS[second_card])
            record(PLAY_ACTIONS[third_card])
        at = (first_card * size + second_card) * size + third_card  # see _trick_winners
        index = winners[at]
        if index < 0:
            index = winners[at] = trick_winner((first_card, second_card, third_card), trump)
        winner = (leader, second, third)[index]
        won[winner] |= led | followed | closed
        tricks += 1
        if tricks == last:
            break
        leader = next_leader(winner)
    return play_over(state, tuple(hands), tuple(won), tricks)  # as apply leaves the deal
