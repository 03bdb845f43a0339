"""Random playouts: a deal played to the end by random legal choices, fast.

:func:`random_playout` plays from any state to the end of the deal choosing each action
uniformly among the legal ones. In the play it keeps the position in local variables
instead of building a new :class:`~frogspec.engine.State` at every card, but it asks the
same rule functions as :func:`~frogspec.engine.apply` (:func:`~frogspec.play.legal_plays`,
:func:`~frogspec.play.trick_winner`, :func:`~frogspec.play.next_leader`), and it returns
the actions it chose, so that replaying them through ``apply`` gives the same final
state (a test checks this). It is what the benchmarks and the random-deal vectors use.

>>> import random
>>> from frogspec.cards import CARDS
>>> from frogspec.engine import new_deal, outcome
>>> final, actions = random_playout(new_deal("foster-1909", 3, 0, CARDS), random.Random(1))
>>> final.phase.code, sum(outcome(final).payments)
('over', 0)
"""

from __future__ import annotations

import random

from frogspec.cards import Card
from frogspec.engine import (
    _AUCTION_ACTIONS,
    CONTRACTS_BY_VALUE,
    PLAY_ACTIONS,
    Action,
    ActionKind,
    Phase,
    State,
    _after_bid,
    _turn,
    apply,
    legal_actions,
)
from frogspec.play import legal_plays, next_leader, trick_winner, tricks_per_deal

__all__ = ["random_deal", "random_playout"]


def random_playout(state: State, rng: random.Random) -> tuple[State, list[Action]]:
    """Play ``state`` to the end of the deal by uniform random legal actions.

    Returns the final state and the actions chosen, in order.
    """
    actions: list[Action] = []
    while state.phase == Phase.AUCTION:
        # Bids are drawn from the turn the ruleset's procedure gives, so they need none of
        # apply's checks; the rest of apply's work is _after_bid's.
        rs = state.ruleset
        contracts = rs.contracts()
        turn = _turn(rs.auction_procedure, state.order, contracts, state.auction)
        assert turn is not None
        options = _AUCTION_ACTIONS[turn.bids]
        action = options[int(rng.random() * len(options))]
        actions.append(action)
        bid = CONTRACTS_BY_VALUE[action.value] if action.kind == ActionKind.BID else None
        state = _after_bid(state, (*state.auction, (turn.seat, bid)), contracts)
    while state.phase != Phase.PLAY:
        if state.phase == Phase.OVER:
            return state, actions
        options = legal_actions(state)
        action = options[int(rng.random() * len(options))]
        actions.append(action)
        state = apply(state, action)
    hands = list(state.hands)
    won = list(state.won)
    order = state.order
    trump = state.trump
    trick: list[Card] = list(state.trick)
    leader = state.leader
    assert leader is not None
    tricks = state.tricks
    last = tricks_per_deal()
    seat = state.to_act
    assert seat is not None
    random_float = rng.random
    append = actions.append
    following = {order[i]: order[(i + 1) % 3] for i in range(3)}
    position = {seat: i for i, seat in enumerate(order)}
    while True:
        hand = hands[seat]
        legal = legal_plays(hand, trick, trump)
        for _ in range(int(random_float() * legal.bit_count())):
            legal &= legal - 1  # drop the lowest card: pick the k-th
        card = (legal & -legal).bit_length() - 1
        append(PLAY_ACTIONS[card])
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) < 3:
            seat = following[seat]
            continue
        winner = order[(position[leader] + trick_winner(trick, trump)) % 3]
        won[winner] |= 1 << trick[0] | 1 << trick[1] | 1 << trick[2]
        tricks += 1
        trick = []
        if tricks == last:
            break
        leader = seat = next_leader(winner)
    final = state._replace(
        hands=tuple(hands),
        won=tuple(won),
        trick=(),
        tricks=tricks,
        leader=None,
        to_act=None,
        phase=Phase.OVER,
    )
    return final, actions


def random_deal(
    ruleset: str, players: int, dealer: int, rng: random.Random
) -> tuple[list[Card], list[Action], State]:
    """Shuffle a pack with ``rng``, deal it, and play it out at random.

    Returns the deck, the actions and the final state.
    """
    from frogspec.cards import CARDS
    from frogspec.engine import new_deal

    # Sorting by independent uniform keys is a uniform shuffle, and half the cost of
    # Random.shuffle's 35 calls of randbelow.
    random_float = rng.random
    deck = sorted(CARDS, key=lambda _: random_float())
    final, actions = random_playout(new_deal(ruleset, players, dealer, deck), rng)
    return deck, actions, final
