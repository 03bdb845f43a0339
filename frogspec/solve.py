"""A double-dummy solver for the play: what the bidder can be sure of with every hand known.

For a position of the play with every hand open, :func:`solve` finds the most card
points the bidder can make against the best defence (the widow and his lay-away counted
for him as the ruleset counts them), and the cards that reach it for the player to act;
:func:`solve_value` finds the points alone, a little faster.

It is analysis, not a rule, and it reimplements no rule. It searches a compact copy of the
engine's position (the hands as card masks, the trick as a tuple of cards, the seat to
act) and asks the rules the engine asks in the play, looked up when the search starts
(:func:`_play_rules`, the one place the solver gets them): the cards a player may play
(:func:`~frogspec.play.legal_plays`, and :func:`~frogspec.play.play_from_hand` for each
of them), the winner of a trick, the next leader, the number of tricks, and the count
of the bidder's points (:mod:`frogspec.scoring`). Each answer is remembered for the rest
of the search, keyed on its arguments, so that a swapped rule (a broken twin) changes
the solver's answer exactly as it changes the engine's. On top of that:

- alpha-beta on the points still to come for the bidder, with null-window searches that
  halve the range of the value (fail-soft: each answer narrows the range by what it found);
- a transposition table keyed on the hands, the trick and the seat to act, holding the
  bounds on the points still to come and the card that reached them (tried first);
- equivalent cards: of two cards of one suit in one hand, with the same points and no card
  still in play (in a hand or in the trick) ranked between them, one is searched;
- move ordering: the last card to a trick by what it gains or saves, the others by
  whether they take the trick so far, leads from the top.

**Assumptions, checked where they can be.** The points are counted card by card: the
bidder's count of his won cards plus any cards he goes on to win is his count now plus
each new card's own count. Every solve checks this on the cards still in play (each
alone, each suit, all together) and, if the rules in force break it, searches with the
bidder's won cards in the table's key and counts each trick by the rule itself (exact,
slower). Equivalent cards assume that the play treats two cards of one suit alike when
they score alike and no card in play ranks between them; the rank order is the one the
trick-winner rule shows (who wins a trick of two cards of the suit), a suit whose order
it does not show consistently is never reduced, and ``equivalent_cards=False`` searches
every card (the tests hold the two equal under the broken twins of the play).

>>> from frogspec.notation import parse_position
>>> last_trick = parse_position(
...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
... )
>>> solution = solve(last_trick)
>>> solution.value, [format_card(card) for card in solution.best]
(53, ['QC'])
>>> solve_value(last_trick)
53
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from frogspec import engine, play, scoring, widow
from frogspec.auction import Contract
from frogspec.cards import SUIT_OF, Card, Suit, format_card
from frogspec.engine import Phase, State
from frogspec.errors import FrogError, InvalidInputError

__all__ = [
    "Solution",
    "bidder_points_now",
    "register",
    "solve",
    "solve_value",
    "state_from_text",
]

#: Beyond any count of points: the bounds of a search whose points need not lie in 0..120.
_TOP = 1 << 20


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


class _PlayRules(NamedTuple):
    """The rule functions the engine consults in the play, as the solver calls them."""

    legal_plays: Callable[[int, Sequence[Card], Suit | None], int]
    play_from_hand: Callable[[int, Card], bool]
    trick_winner: Callable[[Sequence[Card], Suit | None], int]
    next_leader: Callable[[int], int]
    tricks_per_deal: Callable[[], int]
    count_points: Callable[[int], int]
    counted_for_bidder: Callable[[int, int, int], int]
    exchanges_widow: Callable[[Contract], bool]


def _play_rules(state: State) -> _PlayRules:
    """The rules of the play in force for ``state``, looked up now: the one place the
    solver gets them.

    Today a twin is swapped in by replacing module attributes
    (:func:`~frogspec.twins.substitute.substituted`), so they are read from their modules
    at each solve, never held from import. Where the engine reaches its rules through the
    ruleset, this function reads them from ``state.ruleset`` instead.
    """
    del state  # the rules are the modules' for every ruleset today
    return _PlayRules(
        legal_plays=play.legal_plays,
        play_from_hand=play.play_from_hand,
        trick_winner=play.trick_winner,
        next_leader=play.next_leader,
        tricks_per_deal=play.tricks_per_deal,
        count_points=scoring.count_points,
        counted_for_bidder=scoring.counted_for_bidder,
        exchanges_widow=widow.exchanges_widow,
    )


def _bidder_count(state: State, rules: _PlayRules) -> Callable[[int], int]:
    # The bidder's count if his won cards were ``won``: as the engine's outcome counts it.
    assert state.contract is not None
    untouched = 0 if rules.exchanges_widow(state.contract) else state.widow
    laid_away = state.laid_away
    count, counted = rules.count_points, rules.counted_for_bidder
    return lambda won: count(counted(won, untouched, laid_away))


def bidder_points_now(state: State) -> int:
    """The card points counted for the bidder in ``state`` so far (his tricks, and the
    widow or lay-away as the ruleset counts them).

    >>> from frogspec.notation import parse_position
    >>> bidder_points_now(parse_position(
    ...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    ...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
    ... ))
    53
    """
    assert state.bidder is not None
    return _bidder_count(state, _play_rules(state))(state.won[state.bidder])


def _cards(mask: int) -> list[Card]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


class _Search:
    """One solve: the position's constants, the rules' remembered answers, the table.

    A position in the search is the hands by place in the turn order (``order``), the
    trick so far, the place to act, the points still in play, the bidder's cards won in
    the search (only where the count is not card by card, else 0) and the tricks still to
    end the play. Values are the points still to come for the bidder.
    """

    def __init__(self, state: State, equivalent_cards: bool) -> None:
        assert state.bidder is not None and state.to_act is not None
        rules = _play_rules(state)
        self.rules = rules
        self.trump = state.trump
        self.order = state.order
        self.places = len(state.order)
        self.bidder = state.order.index(state.bidder)
        self.table: dict[tuple[tuple[int, ...], tuple[Card, ...], int, int], tuple[int, int, Card]]
        self.table = {}
        self.nodes = 0
        self.legal_answers: dict[tuple[int, tuple[Card, ...]], int] = {}
        self.winner_answers: dict[tuple[Card, ...], int] = {}
        self.leader_answers: dict[int, int] = {}
        self.count_answers: dict[int, int] = {}
        self.points = [rules.count_points(1 << card) for card in range(36)]
        self.count = _bidder_count(state, rules)
        self.base_won = state.won[state.bidder]
        self.hands = tuple(state.hands[seat] for seat in state.order)
        self.trick = state.trick
        self.place = state.order.index(state.to_act)
        self.left = rules.tricks_per_deal() - state.tricks
        if self.left <= 0:
            raise InvalidInputError(
                f"the play should have ended: {state.tricks} tricks are played and the deal "
                f"has {rules.tricks_per_deal()} [play.eleven-tricks]"
            )
        in_play = _mask(state.trick)
        for hand in self.hands:
            in_play |= hand
        self.by_card = self._counts_card_by_card(in_play)
        self.rest = sum(self.points[c] for c in _cards(in_play)) if self.by_card else _TOP
        self.floor = 0 if self.by_card else -_TOP
        below, self.strength = self._ladders()
        self.below = below if equivalent_cards and self.by_card else None

    def _counts_card_by_card(self, in_play: int) -> bool:
        # Whether the bidder's count grows by each card's own points, as far as the cards
        # still in play can show it: each alone, each suit's, all of them.
        base = self.count(self.base_won)
        points = self.points
        tests = [1 << c for c in _cards(in_play)]
        tests += [in_play & 0x1FF << (9 * suit) for suit in range(4)] + [in_play]
        return all(points[c] >= 0 for c in _cards(in_play)) and all(
            self.count(self.base_won | test) - base == sum(points[c] for c in _cards(test))
            for test in tests
        )

    def _ladders(self) -> tuple[list[int], list[int]]:
        """Each card's rank in its suit and the card ranked next below it (-1: none), in
        the order the trick-winner rule shows (which of two cards of the suit wins a trick
        they are the first two cards of); a suit it orders inconsistently keeps the rank
        its numbering gives and, instead of the card below, -2 (never reduced)."""
        below = [-2] * 36
        strength = [card % 9 for card in range(36)]
        for suit in range(4):
            members = range(suit * 9, suit * 9 + 9)
            others = [c for c in range(36) if SUIT_OF[c] not in (suit, self.trump)]
            filler = tuple(others[: self.places - 2])
            beats = {
                (high, low): self.winner((low, high, *filler)) == 1
                for high in members
                for low in members
                if high != low
            }
            rank = {c: sum(beats[c, other] for other in members if other != c) for c in members}
            if sorted(rank.values()) == list(range(9)) and all(
                beats[pair] == (rank[pair[0]] > rank[pair[1]]) for pair in beats
            ):
                ladder = sorted(members, key=rank.__getitem__)
                for lower, upper in zip([-1, *ladder], ladder, strict=False):
                    below[upper] = lower
                    strength[upper] = rank[upper]
        return below, strength

    def legal(self, hand: int, trick: tuple[Card, ...]) -> int:
        """The legal plays of ``hand`` to ``trick``: the rule's answer, remembered."""
        key = (hand, trick)
        answer = self.legal_answers.get(key)
        if answer is None:
            answer = self.rules.legal_plays(hand, trick, self.trump)
            for card in _cards(answer):
                if not (hand >> card & 1 and self.rules.play_from_hand(hand, card)):
                    raise InvalidInputError(
                        f"the rules in force let a player play {format_card(card)}, which the "
                        "play then refuses: the solver cannot search it [play.card-from-hand]"
                    )
            if not answer:
                raise InvalidInputError(
                    "the rules in force give a player no card to play before the play ends "
                    "[play.eleven-tricks]"
                )
            self.legal_answers[key] = answer
        return answer

    def winner(self, trick: tuple[Card, ...]) -> int:
        """The index in ``trick`` of the card that wins it: the rule's answer, remembered."""
        answer = self.winner_answers.get(trick)
        if answer is None:
            answer = self.winner_answers[trick] = self.rules.trick_winner(trick, self.trump)
        return answer

    def next_place(self, winner: int) -> int:
        """The place in the turn order that leads after a trick won from ``winner``'s."""
        answer = self.leader_answers.get(winner)
        if answer is None:
            seat = self.rules.next_leader(self.order[winner])
            if seat not in self.order:
                raise InvalidInputError(
                    f"the rules in force have seat {seat}, not in the play, lead next "
                    "[play.winner-leads-next]"
                )
            answer = self.leader_answers[winner] = self.order.index(seat)
        return answer

    def gain(self, won: int, trick: int) -> int:
        """What the bidder's count gains when he takes ``trick`` (a mask) on top of his
        cards ``won`` in the search: for a count that is not card by card."""
        before = self.count_answers.get(won)
        if before is None:
            before = self.count_answers[won] = self.count(self.base_won | won)
        after = self.count_answers.get(won | trick)
        if after is None:
            after = self.count_answers[won | trick] = self.count(self.base_won | won | trick)
        return after - before

    def moves(
        self, hands: tuple[int, ...], trick: tuple[Card, ...], place: int, legal: int
    ) -> list[Card]:
        """The cards to search of those ``legal`` at a position, one of each equivalent
        run, the most promising first."""
        cards = _cards(legal)
        points = self.points
        below = self.below
        if below is not None:
            in_play = _mask(trick)
            for hand in hands:
                in_play |= hand
            kept = []
            for card in cards:
                lower = below[card]
                if lower != -2:
                    while lower >= 0 and not in_play >> lower & 1:
                        lower = below[lower]
                    # The next card down still in play is his own, as good: search that one.
                    if lower >= 0 and legal >> lower & 1 and points[lower] == points[card]:
                        continue
                kept.append(card)
            cards = kept
            if len(cards) == 1:
                return cards
        strength = self.strength
        places = self.places
        if len(trick) < places - 1:
            # A lead or a card in between: the most points first, the highest card first
            # (measured: it cuts off more than playing to the trick so far).
            cards.sort(key=lambda card: (-points[card], -strength[card]))
            return cards
        # The last card: what the trick is then worth to the player's side, the lowest of
        # equal worth first.
        leader = (place + 1) % places
        maximising = place == self.bidder
        taken = 0
        for played in trick:
            taken += points[played]
        bidder_index = (self.bidder - leader) % places
        keyed = []
        for card in cards:
            wins = (self.winner((*trick, card)) == bidder_index) == maximising
            worth = -(taken + points[card]) if wins else points[card]
            keyed.append((worth, strength[card], card))
        keyed.sort()
        return [card for _, _, card in keyed]

    def value(
        self,
        hands: tuple[int, ...],
        trick: tuple[Card, ...],
        place: int,
        alpha: int,
        beta: int,
        rest: int,
        won: int,
        left: int,
    ) -> int:
        """The points still to come for the bidder, exact if they lie inside (alpha, beta),
        else a bound on the side they fall (fail-soft). ``rest``: the points still in play
        (or beyond any); ``won``: the bidder's cards won in the search (or 0); ``left``: the
        tricks still to end the play, the current one included."""
        self.nodes += 1
        if rest <= alpha:
            return rest
        floor = self.floor
        if beta <= floor:
            return floor
        legal = self.legal(hands[place], trick)
        if not legal & (legal - 1):  # one card he may play: nothing to choose or remember
            return self.play(
                hands, trick, place, legal.bit_length() - 1, alpha, beta, rest, won, left
            )
        key = (hands, trick, place, won)
        entry = self.table.get(key)
        if entry is None:
            low, high, first = floor, rest, -1
        else:
            low, high, first = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        start_alpha, start_beta = alpha, beta
        moves = self.moves(hands, trick, place, legal)
        if first >= 0 and moves[0] != first:
            moves.remove(first)
            moves.insert(0, first)
        best_card = moves[0]
        if place == self.bidder:
            best = -_TOP
            for card in moves:
                score = self.play(hands, trick, place, card, alpha, beta, rest, won, left)
                if score > best:
                    best, best_card = score, card
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = _TOP
            for card in moves:
                score = self.play(hands, trick, place, card, alpha, beta, rest, won, left)
                if score < best:
                    best, best_card = score, card
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        if best <= start_alpha:
            high = min(high, best)
        elif best >= start_beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, best_card)
        return best

    def play(
        self,
        hands: tuple[int, ...],
        trick: tuple[Card, ...],
        place: int,
        card: Card,
        alpha: int,
        beta: int,
        rest: int,
        won: int,
        left: int,
    ) -> int:
        """The points still to come for the bidder once ``place`` plays ``card``, as
        :meth:`value` bounds them (the trick's points counted if it ends)."""
        places = self.places
        out = ~(1 << card)
        if places == 3:  # the hands with the card taken out, written out for three
            first, second, third = hands
            hands = (
                (first & out, second, third)
                if place == 0
                else (first, second & out, third)
                if place == 1
                else (first, second, third & out)
            )
        else:
            taken_out = list(hands)
            taken_out[place] &= out
            hands = tuple(taken_out)
        trick = (*trick, card)
        if len(trick) < places:
            return self.value(hands, trick, (place + 1) % places, alpha, beta, rest, won, left)
        leader = (place + 1) % places
        winner = (leader + self.winner(trick)) % places
        gain = 0
        if self.by_card:
            points = self.points
            taken = 0
            for played in trick:
                taken += points[played]
            rest -= taken
            if winner == self.bidder:
                gain = taken
        elif winner == self.bidder:
            cards = _mask(trick)
            gain = self.gain(won, cards)
            won |= cards
        if left == 1:
            return gain
        following = self.next_place(winner)
        return gain + self.value(
            hands, (), following, alpha - gain, beta - gain, rest, won, left - 1
        )

    def sure(self) -> int:
        """The points still to come for the bidder at the root, exactly."""
        root = (self.hands, self.trick, self.place)
        if not self.by_card:
            return self.value(*root, -_TOP, _TOP, _TOP, 0, self.left)
        # Null-window searches narrowing the range of the value (they share the table).
        low, high = 0, self.rest
        while low < high:
            middle = (low + high + 1) // 2
            found = self.value(*root, middle - 1, middle, self.rest, 0, self.left)
            if found >= middle:
                low = found
            else:
                high = found
        return low

    def keeps(self, card: Card, value: int) -> bool:
        """Whether playing ``card`` at the root keeps the points to come at ``value``."""
        root = (self.hands, self.trick, self.place)
        if place_is_bidder := self.place == self.bidder:
            alpha, beta = value - 1, value
        else:
            alpha, beta = value, value + 1
        score = self.play(*root, card, alpha, beta, self.rest, 0, self.left)
        return score >= value if place_is_bidder else score <= value


def _check_position(state: State) -> None:
    if state.phase != Phase.PLAY or state.bidder is None or state.to_act is None:
        raise InvalidInputError(
            f"the solver takes a position of the play; this one is in the {state.phase.code} phase"
        )


def solve(state: State, *, equivalent_cards: bool = True) -> Solution:
    """The bidder's sure card points in a play position, and the best cards to play.

    ``equivalent_cards=False`` searches every card (slower; the same answer).
    :class:`~frogspec.errors.InvalidInputError` if ``state`` is not in the play.

    >>> from frogspec.notation import parse_position
    >>> solution = solve(parse_position(
    ...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    ...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
    ... ))
    >>> solution.value, len(solution.best), solution.nodes > 0
    (53, 1, True)
    """
    _check_position(state)
    search = _Search(state, equivalent_cards)
    now = bidder_points_now(state)
    value = search.sure()
    # Every legal card that keeps the value, its equivalents included: a null-window test.
    legal = search.legal(search.hands[search.place], search.trick)
    best = tuple(card for card in _cards(legal) if search.keeps(card, value))
    return Solution(now + value, best, search.nodes)


def solve_value(state: State, *, equivalent_cards: bool = True) -> int:
    """:func:`solve`'s ``value`` alone (the best cards are not sought): for callers that
    solve many positions, such as the odds and the computer player.

    >>> from frogspec.notation import parse_position
    >>> solve_value(parse_position(
    ...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    ...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
    ... ))
    53
    """
    _check_position(state)
    return bidder_points_now(state) + _Search(state, equivalent_cards).sure()


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
