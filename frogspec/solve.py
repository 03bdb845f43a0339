"""A double-dummy solver for the play: what the bidder can be sure of with every hand known.

For a position of the play with every hand open, :func:`solve` finds the most card
points the bidder can make against the best defence (the widow and his lay-away counted
for him as the ruleset counts them), and the cards that reach it for the player to act.

It is analysis, not a rule. It searches the engine's own positions: every move is one of
:func:`~frogspec.engine.legal_actions`, every step :func:`~frogspec.engine.apply`, and the
points are counted by the rules of :mod:`frogspec.scoring` looked up when the search runs,
so a swapped rule (a broken twin) changes its answer exactly as it changes the engine's.
On top of that it does alpha-beta on points, with

- a transposition table keyed on the hands, the trick and the player to act, holding the
  bounds on the points still to come for the bidder (the points already taken add on);
- equivalent cards: two point-less cards of one suit in one hand with no card of that
  suit still in play ranked between them are searched once (both are reported best);
- move ordering: the table's best card first, then the cards worth most.

The equivalence assumes that a trick is won by rank within a suit (``cards.card_strength``,
looked up at run time); :func:`solve` takes ``equivalent_cards=False`` to search every card.

>>> from frogspec.notation import parse_position
>>> last_trick = parse_position(
...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
... )
>>> solution = solve(last_trick)
>>> solution.value, [format_card(card) for card in solution.best]
(53, ['QC'])
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

from frogspec import cards as cards_module
from frogspec import engine, scoring, widow
from frogspec.cards import SUIT_OF, Card, format_card
from frogspec.engine import Action, ActionKind, Phase, State
from frogspec.errors import FrogError, InvalidInputError

__all__ = ["Solution", "bidder_points_now", "register", "solve", "state_from_text"]

#: A transposition-table entry: the lower and upper bound on the points still to come for
#: the bidder, and the card that reached the best value found.
_Entry = tuple[int, int, int]
_TOP = 10_000


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found.

    ``value``: the card points the bidder is sure of against best defence (all of them,
    those already taken included); ``best``: every card the player to act may play that
    keeps ``value``; ``nodes``: positions searched.
    """

    value: int
    best: tuple[Card, ...]
    nodes: int


def bidder_points_now(state: State) -> int:
    """The card points counted for the bidder in ``state`` so far (his tricks, and the
    widow or lay-away as the ruleset counts them)."""
    assert state.bidder is not None and state.contract is not None
    untouched = 0 if widow.exchanges_widow(state.contract) else state.widow
    return scoring.count_points(
        scoring.counted_for_bidder(state.won[state.bidder], untouched, state.laid_away)
    )


class _Search:
    """One solve: the table and the counters, over the engine's positions."""

    def __init__(self, bidder: int, equivalent_cards: bool) -> None:
        self.bidder = bidder
        self.equivalent_cards = equivalent_cards
        self.table: dict[tuple[object, ...], _Entry] = {}
        self.nodes = 0
        self.points: dict[Card, int] = {}
        self.known: dict[tuple[object, ...], tuple[int, list[Card]]] = {}

    def card_points(self, card: Card) -> int:
        value = self.points.get(card)
        if value is None:
            value = self.points[card] = scoring.count_points(1 << card)
        return value

    def moves(self, state: State) -> list[Card]:
        """The cards to search, one of each equivalent group, worth most first."""
        plays = [a.value for a in engine.legal_actions(state) if a.kind == ActionKind.PLAY]
        if self.equivalent_cards and len(plays) > 1:
            plays = self._representatives(state, plays)
        plays.sort(key=lambda c: (self.card_points(c), cards_module.card_strength(c)), reverse=True)
        return plays

    def _representatives(self, state: State, plays: list[Card]) -> list[Card]:
        in_play = _in_play(state)
        kept: list[Card] = []
        by_suit: dict[int, list[Card]] = {}
        for card in plays:
            if self.card_points(card):
                kept.append(card)
            else:
                by_suit.setdefault(SUIT_OF[card], []).append(card)
        for suit, group in by_suit.items():
            strength = cards_module.card_strength
            # Every card of the suit still in play, by rank: a run of the player's own
            # point-less cards with nothing of another's between them plays alike.
            ranked = sorted(
                (c for c in range(suit * 9, suit * 9 + 9) if in_play >> c & 1), key=strength
            )
            mine = set(group)
            previous_mine = False
            for card in ranked:
                if card in mine:
                    if not previous_mine:
                        kept.append(card)
                    previous_mine = True
                else:
                    previous_mine = False
        return kept

    def value(self, state: State, alpha: int, beta: int) -> int:
        """The points still to come for the bidder, exact inside (alpha, beta)."""
        self.nodes += 1
        if state.phase != Phase.PLAY:
            return _final_points(state) - bidder_points_now(state)
        key = (state.hands, state.trick, state.to_act)
        known = self.known.get(key)
        if known is None:
            # The points still to come lie between none and all those still in play; the
            # cards to search are asked once a position, not once a window.
            most = scoring.count_points(_in_play(state))
            known = self.known[key] = (most, self.moves(state))
        most = known[0]
        if most <= alpha:
            return most
        if beta <= 0:
            return 0
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            low, high, first = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        low_bound, high_bound = (entry[0], entry[1]) if entry is not None else (-_TOP, _TOP)
        start_alpha, start_beta = alpha, beta
        maximising = state.to_act == self.bidder
        moves = list(known[1])
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        now = bidder_points_now(state) if len(state.trick) == len(state.order) - 1 else 0
        best = -_TOP if maximising else _TOP
        best_card = moves[0]
        for card in moves:
            child = engine.apply(state, Action(ActionKind.PLAY, card))
            # Only a completed trick changes what is counted for the bidder.
            gain = bidder_points_now(child) - now if not child.trick else 0
            score = gain + self.value(child, alpha - gain, beta - gain)
            if maximising:
                if score > best:
                    best, best_card = score, card
                alpha = max(alpha, best)
            else:
                if score < best:
                    best, best_card = score, card
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= start_alpha:
            high_bound = min(high_bound, best)
        elif best >= start_beta:
            low_bound = max(low_bound, best)
        else:
            low_bound = high_bound = best
        self.table[key] = (low_bound, high_bound, best_card)
        return best


def _sure_points(search: _Search, state: State) -> int:
    # Null-window searches halving the range of the points to come (they share the table).
    low, high = 0, scoring.count_points(_in_play(state))
    while low < high:
        middle = (low + high + 1) // 2
        if search.value(state, middle - 1, middle) >= middle:
            low = middle
        else:
            high = middle - 1
    return low


def _in_play(state: State) -> int:
    # The cards still in the hands and in the trick.
    in_play = 0
    for hand in state.hands:
        in_play |= hand
    for card in state.trick:
        in_play |= 1 << card
    return in_play


def _final_points(state: State) -> int:
    points = engine.outcome(state).bidder_points
    assert points is not None
    return points


def _check_position(state: State) -> None:
    if state.phase != Phase.PLAY or state.bidder is None:
        raise InvalidInputError(
            f"the solver takes a position of the play; this one is in the {state.phase.code} phase"
        )


def solve(state: State, *, equivalent_cards: bool = True) -> Solution:
    """The bidder's sure card points in a play position, and the best cards to play.

    :class:`InvalidInputError` if ``state`` is not in the play.
    """
    _check_position(state)
    assert state.bidder is not None
    search = _Search(state.bidder, equivalent_cards)
    now = bidder_points_now(state)
    value = _sure_points(search, state)
    total = now + value
    # Every legal card that keeps the value, its equivalents included: a null-window test.
    maximising = state.to_act == state.bidder
    best: list[Card] = []
    for action in engine.legal_actions(state):
        child = engine.apply(state, action)
        gain = bidder_points_now(child) - now
        if maximising:
            keeps = gain + search.value(child, value - 1 - gain, value - gain) >= value
        else:
            keeps = gain + search.value(child, value - gain, value + 1 - gain) <= value
        if keeps:
            best.append(action.value)
    return Solution(total, tuple(best), search.nodes)


def state_from_text(text: str) -> State:
    """A play position from the one-line notation or from a replay link (its deal played
    to the end of its actions)."""
    from frogspec.notation import parse_deal, parse_position

    text = text.strip()
    if "#" in text or text.startswith("frogspec-deal") or "=" in text:
        record = parse_deal(text)
        state = engine.new_deal(record.ruleset, record.players, record.dealer, record.deck)
        for action in record.actions:
            state = engine.apply(state, action)
        return state
    return parse_position(text)


def _cmd_solve(args: argparse.Namespace) -> int:
    try:
        state = state_from_text(args.position)
        solution = solve(state)
    except FrogError as error:
        print(f"frogspec solve: {error}", file=sys.stderr)
        return 2
    print(f"bidder (seat {state.bidder}) is sure of {solution.value} card points of 120")
    print(f"best for seat {state.to_act}: " + " ".join(format_card(c) for c in solution.best))
    print(f"positions searched: {solution.nodes}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``solve`` to the ``frogspec`` command."""
    parser = subparsers.add_parser(
        "solve",
        help="double-dummy: the bidder's sure card points and the best cards to play",
        description="For a position of the play with every hand known (the one-line "
        "notation, or a replay link), the most card points the bidder can be sure of "
        "against best defence, and the cards that keep it for the player to act. "
        "Analysis, not rules.",
    )
    parser.add_argument("position", help="a position (one-line notation) or a replay link")
    parser.set_defaults(handler=_cmd_solve)
