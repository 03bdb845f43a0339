"""A double-dummy solver for the play: what the bidder can be sure of with every hand known.

For a position of the play with every hand open, :func:`solve` finds the most card
points the bidder can make against the best defence (the widow and his lay-away counted
for him as the ruleset counts them), and the cards that reach it for the player to act;
:func:`solve_value` finds the points alone, a little faster.

It is analysis, not a rule, and it reimplements no rule. It searches a compact copy of the
engine's position (the hands packed into one int, the trick as an int, the place to
act) and asks the rules the engine asks in the play, looked up when the search starts
(:func:`_play_rules`, the one place the solver gets them): the cards a player may play
(:func:`~frogspec.rules.play.legal_plays`, and :func:`~frogspec.rules.play.play_from_hand` for each
of them), the winner of a trick, the next leader, the number of tricks, and the count
of the bidder's points (:mod:`frogspec.rules.scoring`). Each answer is remembered for the rest
of the search, keyed on its arguments (the trick winner's from one search to the next,
keyed on the rule function too), so that a swapped rule (a broken twin) changes the
solver's answer exactly as it changes the engine's. The book's legal plays, which look at
the suit led alone, are remembered by the suit led (:func:`_lead_decides`); any other
rule of the legal plays, by the whole trick. On top of that:

- alpha-beta on the points still to come for the bidder, with null-window searches that
  halve the range of the value (fail-soft: each answer narrows the range by what it found);
- a transposition table of the trick starts, keyed on the hands and the place to lead,
  holding the bounds on the points still to come and the cards to search, the one that
  reached them first, all packed into one int (measured, compiled, seven whole deals: a
  table of every position took about 30% more time, one of every position but the last
  card's about 4% more, for about the same positions); six tricks or more before the end, the key relabels the cards of each
  run of a suit (cards ranked next to each other with the same points, such as the
  blanks): those still in play take the run's lowest cards, in order, so that lines which
  lost different cards of a run meet (measured: 9-15% fewer positions on whole deals,
  less time pure, about even compiled; nearer the end it costs more than it saves);
- the last trick played out without a search where each hand holds a card for each trick
  still to play (a ruleset of fewer tricks leaves cards over: then it is searched);
- equivalent cards: of two cards of one suit in one hand, with the same points and no card
  still in play (in a hand or in the trick) ranked between them, one is searched; and for
  the last card to a trick, of such a run (whatever the points) only the card with the
  most points if his side takes the trick, else the fewest: the card kept back then plays
  as the other would have, so the choice can only gain;
- move ordering: the last card to a trick by what it gains or saves, the others by
  whether they take the trick so far, leads from the top.

**Assumptions, checked where they can be.** The points are counted card by card: the
bidder's count of his won cards plus any cards he goes on to win is his count now plus
each new card's own count. Every solve checks this on the cards still in play (each
alone, each suit, all together) and, if the rules in force break it, searches with the
bidder's won cards in the table's key and counts each trick by the rule itself (exact,
slower). Equivalent cards and the relabelled keys assume that the play treats two cards
of one suit alike when they score alike and no card in play ranks between them; the rank
order is the one the trick-winner rule shows (who wins a trick of two cards of the suit),
a suit whose order it does not show consistently is never reduced nor relabelled. The
last card's choice by points also assumes that the legal plays are blind to points: every
solve probes them (a point card and the Six of its suit, to a lead and to each suit led)
and does without it if they are not. ``equivalent_cards=False`` searches every card and
relabels none (the tests hold the two equal, and equal to a plain minimax over the engine,
under the broken twins of the play).

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
import gc
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, final

from frogspec import engine
from frogspec.engine import Phase, State
from frogspec.errors import FrogError, IllegalActionError, InvalidInputError
from frogspec.rules import play
from frogspec.rules.cards import SUIT_MASKS, SUIT_OF, Card, Suit, format_card
from frogspec.ruletable import RuleTable

__all__ = [
    "PositionSearch",
    "Solution",
    "bidder_points_now",
    "register",
    "solve",
    "solve_value",
    "state_from_text",
    "sure_of",
]

#: Beyond any count of points: the bounds of a search whose points need not lie in 0..120.
_TOP: Final = 1 << 20

#: Trick starts with this many tricks to go or more are keyed with their cards relabelled
#: (:meth:`_Search.relabelling`); nearer the end the subtrees are too small to pay for it.
_RELABEL_FROM = 6


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


def _play_rules(state: State) -> RuleTable:
    """The rules of the play in force for ``state``: the one place the solver gets them.

    They are the entries of the ruleset's rule table (:attr:`Ruleset.rules
    <frogspec.rulesets.Ruleset.rules>`), as the engine reaches them, so a ruleset with a
    rule replaced (a broken twin, a rival reading) changes the solver's answer as it
    changes the engine's.
    """
    return state.ruleset.rules


def _bidder_count(state: State, rules: RuleTable) -> Callable[[int], int]:
    # The bidder's count if his won cards were ``won``: as the engine's outcome counts it.
    assert state.contract is not None
    untouched = 0 if rules.exchanges_widow(state.contract) else state.widow
    laid_away = state.laid_away
    count, counted = rules.count_points, rules.counted_for_bidder
    return lambda won: count(counted(won, untouched, laid_away))


#: The trick-winner rule's answers by trick (:func:`_encoded`; -1: not asked yet), for each
#: rule function and trump: kept from one search to the next, as a rule function always
#: answers alike (a replaced or recorded rule is another function, asked afresh).
_WINNERS: dict[tuple[Callable[[Sequence[Card], Suit | None], int], Suit | None], list[int]] = {}

#: How many rule functions and trumps :data:`_WINNERS` keeps answers for at most.
_WINNERS_KEPT = 16


def _winners(rules: RuleTable, trump: Suit | None) -> list[int]:
    """The list of :data:`_WINNERS` for ``rules``'s trick winner and ``trump``."""
    key = (rules.trick_winner, trump)
    found = _WINNERS.get(key)
    if found is None:
        if len(_WINNERS) >= _WINNERS_KEPT:
            _WINNERS.clear()
        found = _WINNERS[key] = [-1] * _TRICK_CODES
    return found


def _lead_decides(rules: RuleTable) -> bool:
    """Whether the legal plays are the book's (:func:`frogspec.rules.play.legal_plays` with
    its own duties: no duty of the play replaced or wrapped), which look at the trick's
    first card alone and at its suit alone (to follow suit: the duties handed the whole
    trick, not to head it and not to over-trump, leave the cards as they are).

    >>> from frogspec.rulesets import get_ruleset
    >>> _lead_decides(get_ruleset("foster-1909").rules)
    True
    """
    return rules.legal_plays is play.legal_plays


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


#: Bits of the packed hands given to each place: a hand is a mask over the cards that
#: place held when the search began (a hand of the play has at most eleven, and the
#: widow's three could join it).
_WIDTH: Final = 12
_HAND: Final = (1 << _WIDTH) - 1


#: A trick is one int: its cards, each one more than the card, as the digits of a number
#: in base 37, the first card played the lowest digit (0: no card played). A trick of
#: three cards is below 37 ** 3, so the rules' answers on tricks are kept in lists.
_STEP: Final = (1, 37, 37 * 37)
_TRICK_CODES: Final = 37 * 37 * 37


def _encoded(trick: Sequence[Card]) -> int:
    # The trick as one int (:data:`_STEP`).
    code = 0
    for index, card in enumerate(trick):
        code += (card + 1) * _STEP[index]
    return code


def _decoded(code: int) -> tuple[Card, ...]:
    cards = []
    while code:
        cards.append(code % 37 - 1)
        code //= 37
    return tuple(cards)


def _packed(cards: Sequence[Card]) -> int:
    # Cards to search, in order, as one int: six bits a card, one more than the card, the
    # first card lowest (a table entry holds them without a list).
    code = 0
    for card in reversed(cards):
        code = code << 6 | (card + 1)
    return code


def _mapped(moves: int, to: list[Card]) -> int:
    # Packed cards (:func:`_packed`), each card replaced by ``to[card]``.
    code = 0
    shift = 0
    while moves:
        code |= (to[(moves & 63) - 1] + 1) << shift
        moves >>= 6
        shift += 6
    return code


def _to_front(moves: int, card: Card) -> int:
    # Packed cards (:func:`_packed`) with ``card``, one of them, moved to the front.
    digit = card + 1
    shift = 0
    while (moves >> shift) & 63 != digit:
        shift += 6
    before = moves & ((1 << shift) - 1)
    return digit | before << 6 | (moves >> (shift + 6)) << (shift + 6)


def _shifts(pattern: int, size: int) -> list[tuple[int, int]]:
    # The cards of a run in play (bit i of ``pattern``: its i-th card) moved to its lowest
    # cards, in order: (from, to) for each that moves.
    kept = [index for index in range(size) if pattern >> index & 1]
    return [(index, to) for to, index in enumerate(kept) if index != to]


def _expansions(cards: list[Card]) -> list[int]:
    # The card mask of every code of a place's hand (bit i for cards[i]).
    masks = [0] * (1 << len(cards))
    for code in range(1, len(masks)):
        low = code & -code
        masks[code] = masks[code ^ low] | 1 << cards[low.bit_length() - 1]
    return masks


@final
class _Hands:
    """The three hands packed into one int: by place in the turn order, ``_WIDTH`` bits a
    place, each bit a card the place held when the search began (``held``)."""

    def __init__(self, state: State) -> None:
        #: Each place's cards when the search began, ascending.
        self.held = [_cards(state.hands[seat]) for seat in state.order]
        if max(len(cards) for cards in self.held) > _WIDTH:
            raise InvalidInputError(f"the solver takes hands of at most {_WIDTH} cards")
        self.bit_of = [-1] * 36  # each held card's bit in the packed hands
        self.start = 0  # the packed hands when the search began
        for place, cards in enumerate(self.held):
            for index, card in enumerate(cards):
                self.bit_of[card] = place * _WIDTH + index
                self.start |= 1 << (place * _WIDTH + index)
        #: For each place, the card mask of each code of its hand.
        self.expand = [_expansions(cards) for cards in self.held]
        # For each held card, the packed hands' mask that takes it out of its hand.
        self.removed = [~(1 << bit) if bit >= 0 else -1 for bit in self.bit_of]

    def cards(self, hands: int) -> int:
        """The card mask of every card in the packed ``hands``."""
        expand = self.expand
        return (
            expand[0][hands & _HAND]
            | expand[1][hands >> _WIDTH & _HAND]
            | expand[2][hands >> 2 * _WIDTH]
        )


@final
class _PlayRules:
    """The rules of the play as the search asks them, each answer remembered, and what
    probing them shows (whether the count goes card by card, each suit's rank order,
    whether the legal plays are blind to points)."""

    def __init__(self, state: State, hands: _Hands) -> None:
        assert state.bidder is not None
        rules = _play_rules(state)
        self.rules = rules
        self.trump = state.trump
        self.order = state.order
        self.expand = hands.expand
        # The legal plays remembered: by the hand's code, the trick and the place; or, where
        # the suit led decides them, by place and suit led (0: a lead) in lists.
        self.legal_answers: dict[int, int] = {}
        self.lead_decides = _lead_decides(rules)
        self.legal_by_lead = [
            [-1] * len(self.expand[index // 5]) if self.lead_decides else [] for index in range(15)
        ]
        self.winners = _winners(rules, state.trump)
        # The next leader's place by the winner's place (-1: not asked yet).
        self.leaders = [-1, -1, -1]
        #: Each card's own points, as the count of it alone.
        self.points = [rules.count_points(1 << card) for card in range(36)]
        self.count = _bidder_count(state, rules)
        self.base_won = state.won[state.bidder]
        self.count_answers: dict[int, int] = {}

    def legal(self, place: int, hands: int, trick: int) -> int:
        """The card mask of the legal plays of ``place`` to ``trick`` (encoded): the
        rule's answer, remembered."""
        code = hands >> (_WIDTH * place) & _HAND
        if self.lead_decides:
            # The book's legal plays look at the trick's first card alone, and at its suit
            # alone (:func:`_lead_decides`): the answer is kept by the suit led.
            answers = self.legal_by_lead[place * 5 + ((trick % 37 - 1) // 9 + 1 if trick else 0)]
            answer = answers[code]
            if answer < 0:
                answer = answers[code] = self.ask_legal(place, code, trick)
            return answer
        key = code | trick << _WIDTH | place << (_WIDTH + 11)
        found = self.legal_answers.get(key)
        if found is None:
            found = self.legal_answers[key] = self.ask_legal(place, code, trick)
        return found

    def ask_legal(self, place: int, code: int, trick: int) -> int:
        """The legal plays of ``place``, holding the cards of ``code``, to ``trick``: the
        rule's answer, checked (each card one the play accepts from the hand; one at least)."""
        hand = self.expand[place][code]
        answer = self.rules.legal_plays(hand, _decoded(trick), self.trump)
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
        return answer

    def winner(self, trick: int) -> int:
        """The index of the card that wins ``trick`` (encoded): the rule's answer,
        remembered."""
        answer = self.winners[trick]
        if answer < 0:
            answer = self.winners[trick] = self.rules.trick_winner(_decoded(trick), self.trump)
        return answer

    def next_place(self, winner: int) -> int:
        """The place in the turn order that leads after a trick won from ``winner``'s."""
        answer = self.leaders[winner]
        if answer < 0:
            seat = self.rules.next_leader(self.order[winner])
            if seat not in self.order:
                raise InvalidInputError(
                    f"the rules in force have seat {seat}, not in the play, lead next "
                    "[play.winner-leads-next]"
                )
            answer = self.leaders[winner] = self.order.index(seat)
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

    def counts_card_by_card(self, in_play: int) -> bool:
        """Whether the bidder's count grows by each card's own points, as far as the cards
        ``in_play`` can show it: each alone, each suit's, all of them."""
        base = self.count(self.base_won)
        points = self.points
        tests = [1 << c for c in _cards(in_play)]
        tests += [in_play & 0x1FF << (9 * suit) for suit in range(4)] + [in_play]
        return all(points[c] >= 0 for c in _cards(in_play)) and all(
            self.count(self.base_won | test) - base == sum(points[c] for c in _cards(test))
            for test in tests
        )

    def ladders(self) -> tuple[list[int], list[int]]:
        """Each card's rank in its suit and the card ranked next below it (-1: none), in
        the order the trick-winner rule shows (which of two cards of the suit wins a trick
        they are the first two cards of); a suit it orders inconsistently keeps the rank
        its numbering gives and, instead of the card below, -2 (never reduced)."""
        below = [-2] * 36
        strength = [card % 9 for card in range(36)]
        for suit in range(4):
            members = range(suit * 9, suit * 9 + 9)
            filler = next(c for c in range(36) if SUIT_OF[c] not in (suit, self.trump))
            beats = {
                (high, low): self.winner(_encoded((low, high, filler))) == 1
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

    def blind_to_points(self) -> bool:
        """Whether the legal plays treat a card that counts like one that does not: hands
        of a point card and the Six of its suit (with a trump, or not), to a lead and to a
        trick led by an Eight of each suit, allow both or neither."""
        trump = self.trump
        legal_plays = self.rules.legal_plays
        tricks: list[tuple[Card, ...]] = [(), *((suit * 9 + 2,) for suit in range(4))]
        for suit in range(4):
            six = suit * 9
            trumps = [0] if trump is None or trump == suit else [0, 1 << trump * 9]
            for card in range(six + 1, six + 9):
                if self.points[card] == self.points[six]:
                    continue
                for extra in trumps:
                    hand = 1 << card | 1 << six | extra
                    for trick in tricks:
                        allowed = legal_plays(hand, trick, trump)
                        if bool(allowed >> card & 1) != bool(allowed >> six & 1):
                            return False
        return True


def _in_trick(card: Card, trick: int) -> bool:
    # Whether ``card`` is in the trick (encoded).
    while trick:
        if trick % 37 - 1 == card:
            return True
        trick //= 37
    return False


@final
class _MoveOrder:
    """The cards to search at a position: one of each run of equivalent cards, the most
    promising first.

    Equivalent cards: of two cards of one suit in one hand, with the same points and no card
    still in play ranked between them, one is searched (``below``: the card ranked next
    below each, from the trick-winner rule; None: every card searched). Where the suits the
    search reduces rank as their cards are numbered, ``lower_in_suit`` gives the cards below
    each as a mask, and, where the legal plays are also blind to points (``dominance``), the
    last card to a trick is chosen within a run by its points."""

    def __init__(
        self, rules: _PlayRules, hands: _Hands, bidder: int, equivalent_cards: bool, by_card: bool
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.bidder = bidder
        self.points = rules.points
        below, self.strength = rules.ladders()
        #: The card ranked next below each card, from the trick-winner rule (see
        #: :meth:`_PlayRules.ladders`).
        self.ladder = below
        self.below = below if equivalent_cards and by_card else None
        # Where every suit the search reduces ranks as its cards are numbered (as under the
        # reference), the cards of its suit below each card, as a mask; else None.
        self.lower_in_suit: list[int] | None = None
        if all(
            below[card] == (card - 1 if card % 9 else -1) or below[card] == -2 for card in range(36)
        ):
            self.lower_in_suit = [
                ((1 << card) - 1) & SUIT_MASKS[SUIT_OF[card]] if below[card] != -2 else 0
                for card in range(36)
            ]
        # The last card to a trick is chosen within a run by its points where the rules'
        # legal plays are blind to points (as far as probing them shows).
        self.dominance = self.below is not None and self.lower_in_suit is not None
        self.dominance = self.dominance and rules.blind_to_points()
        # The order of leads, as a sort key: the most points first, then the highest.
        self.lead_order = [-((self.points[c] << 4) + self.strength[c]) for c in range(36)]

    def searched(self, card: Card, legal: int, hands: int, trick: int) -> Card:
        """The card searched for ``card``: the lowest of the run of his own legal cards of
        the same points that it belongs to, with no card still in play ranked between."""
        below = self.below
        if below is None or below[card] == -2:
            return card
        points, bit_of = self.points, self.hands.bit_of
        lowest, lower = card, below[card]
        while lower >= 0:
            bit = bit_of[lower]
            if (bit >= 0 and hands >> bit & 1) or _in_trick(lower, trick):
                if not (legal >> lower & 1 and points[lower] == points[card]):
                    break
                lowest = lower
            lower = below[lower]
        return lowest

    def moves(
        self, place: int, hands: int, trick: int, length: int, trick_points: int, legal: int
    ) -> int:
        """The cards to search of those ``legal`` at a position, one of each equivalent
        run, the most promising first (:func:`_packed`)."""
        cards = _cards(legal)
        lower_in_suit = self.lower_in_suit
        if self.below is not None and lower_in_suit is not None:
            in_play = self.hands.cards(hands)
            if trick:  # at most two cards
                in_play |= 1 << trick % 37 - 1
                if trick >= 37:
                    in_play |= 1 << trick // 37 - 1
            if length == 2 and self.dominance:
                return self.last_cards(place, trick, trick_points, in_play, cards)
            cards = self.tops(cards, in_play, legal, lower_in_suit)
        elif self.below is not None:
            cards = [c for c in cards if self.searched(c, legal, hands, trick) == c]
        if len(cards) == 1:
            return cards[0] + 1
        if not length:
            # A lead: the most points first, the highest card first (measured: the best of
            # several orders tried, by long or short suits, trumps first or last).
            cards.sort(key=self.lead_order.__getitem__)
            return _packed(cards)
        return self.follows(place, trick, length, trick_points, cards)

    def tops(
        self, cards: list[Card], in_play: int, legal: int, lower_in_suit: list[int]
    ) -> list[Card]:
        """Of ``cards`` (ascending), one of each run of equivalent cards: the card whose
        next card down still in play is not his own legal card of the same points."""
        points = self.points
        kept = []
        for card in cards:
            lower = in_play & lower_in_suit[card]
            if lower:
                next_down = lower.bit_length() - 1
                if legal >> next_down & 1 and points[next_down] == points[card]:
                    continue
            kept.append(card)
        return kept

    def follows(
        self, place: int, trick: int, length: int, trick_points: int, cards: list[Card]
    ) -> int:
        """``cards`` to a trick begun, the most promising first (:func:`_packed`)."""
        points, strength, winner = self.points, self.strength, self.rules.winner
        step = _STEP[length]
        keyed = []
        if length < 2:
            # A card in between: those that head the trick so far first, the most points
            # first; then the others, the fewest points first.
            for card in cards:
                if winner(trick + (card + 1) * step) == length:
                    keyed.append((self.lead_order[card] << 6) + card)
                else:
                    keyed.append((((points[card] << 4) + strength[card] + 4096) << 6) + card)
        else:
            # The last card: what the trick is then worth to the player's side, the lowest
            # of equal worth first.
            bidder_index = (self.bidder - place - 1) % 3
            maximising = place == self.bidder
            for card in cards:
                wins = (winner(trick + (card + 1) * step) == bidder_index) == maximising
                keyed.append(self.last_key(card, wins, trick_points))
        keyed.sort()
        return _packed([key & 63 for key in keyed])

    def last_key(self, card: Card, wins: bool, trick_points: int) -> int:
        """The sort key of ``card`` played last to a trick of ``trick_points`` so far that
        his side then ``wins`` or not: what the trick is then worth to his side, the lowest
        of equal worth first; the card in the key's lowest six bits."""
        points = self.points[card]
        worth = -(trick_points + points) if wins else points
        return (((worth << 4) + self.strength[card]) << 6) + card

    def last_cards(
        self, place: int, trick: int, trick_points: int, in_play: int, cards: list[Card]
    ) -> int:
        """The last card's legal ``cards`` to search, the most promising first: one of
        each run of his own cards of a suit with no card in play ranked between (they take
        the trick alike; the one played is the one with the most points if his side takes
        it, else the fewest: the card kept back plays as the other would have, and can
        only do better), ordered as :meth:`last_key` says."""
        points, below = self.points, self.lower_in_suit
        assert below is not None
        maximising = place == self.bidder
        bidder_index = (self.bidder - place - 1) % 3
        winner = self.rules.winner
        keyed = []
        run_card = -1
        run_wins = False
        previous = -1
        for card in cards:  # ascending: by suit, then rank
            lower = in_play & below[card]
            if previous >= 0 and lower and lower.bit_length() - 1 == previous:
                if (
                    (points[card] > points[run_card])
                    if run_wins
                    else (points[card] < points[run_card])
                ):
                    run_card = card
            else:
                if run_card >= 0:
                    keyed.append(self.last_key(run_card, run_wins, trick_points))
                run_card = card
                run_wins = (winner(trick + (card + 1) * 1369) == bidder_index) == maximising
            previous = card
        keyed.append(self.last_key(run_card, run_wins, trick_points))
        if len(keyed) > 1:
            keyed.sort()
        return _packed([key & 63 for key in keyed])


@final
class _Relabelling:
    """The table's keys at trick starts with the cards of each run relabelled.

    In each run of a suit's cards ranked next to each other with the same points, the cards
    still in play take the lowest cards of the run (the play treats them alike, as for
    equivalent cards), so that lines which lost different cards of a run meet."""

    def __init__(self, hands: _Hands, order: _MoveOrder) -> None:
        self.hands = hands
        below, points = order.ladder, order.points
        runs: list[list[Card]] = []
        if order.below is not None and order.lower_in_suit is not None:
            for card in range(36):
                if below[card] == -2:
                    continue
                if card % 9 and below[card] == card - 1 and points[card - 1] == points[card]:
                    runs[-1].append(card)
                else:
                    runs.append([card])
        # Each run of two cards or more, as its lowest card and, for each pattern of its
        # cards in play (bit i: its i-th card), the moves of the cards in play: (from, to).
        self.runs = [
            (run[0], [_shifts(pattern, len(run)) for pattern in range(1 << len(run))])
            for run in runs
            if len(run) > 1
        ]
        self.found: dict[int, tuple[list[tuple[int, int]], list[Card], list[Card]]] = {}

    def key(self, hands: int, place: int) -> tuple[int, list[Card], list[Card]]:
        """The table's key of the trick start of ``hands`` with ``place`` to lead, the key's
        cards to the cards in play, and the cards in play to the key's (by card)."""
        expand = self.hands.expand
        first = expand[0][hands & _HAND]
        second = expand[1][hands >> _WIDTH & _HAND]
        third = expand[2][hands >> 2 * _WIDTH]
        in_play = first | second | third
        found = self.found.get(in_play)
        if found is None:
            found = self.relabelling(in_play)
        shifts, relabelled, relabelling = found
        for card, to in shifts:
            bit = 1 << card
            if first & bit:
                first ^= bit | 1 << to
            elif second & bit:
                second ^= bit | 1 << to
            else:
                third ^= bit | 1 << to
        return ~((first | second << 36 | third << 72) << 2 | place), relabelled, relabelling

    def relabelling(self, in_play: int) -> tuple[list[tuple[int, int]], list[Card], list[Card]]:
        """For the cards ``in_play`` at a trick start: each card that moves in the
        table's key and the card it becomes; the key's card to the card in play; and the
        card in play to the key's card (by card); remembered."""
        shifts = []
        for lowest, moving in self.runs:
            for start, to in moving[in_play >> lowest & (len(moving) - 1)]:
                shifts.append((lowest + start, lowest + to))
        relabelled, relabelling = list(range(36)), list(range(36))
        for card, to in shifts:
            relabelled[to] = card
            relabelling[card] = to
        found = (shifts, relabelled, relabelling)
        self.found[in_play] = found
        return found


@final
class _Search:
    """One solve: the position at the root, the rules' remembered answers, the table.

    A position in the search is packed into ints: the hands (:class:`_Hands`); the trick so
    far (:func:`_encoded`) and its length; the place to act in the turn order (``order``).
    With them go the points in the trick, the points still in play (hands and trick), the
    bidder's cards won in the search (only where the count is not card by card, else 0)
    and the tricks still to end the play, the current one included. Values are the points
    still to come for the bidder.

    The table keeps trick starts alone (measured: inside a trick, finding the cards to
    search again costs less than a larger table's lookups). An entry is one int: the lower
    and the upper bound on the points still to come, each plus ``bound_offset`` in
    ``bound_bits`` bits, then the cards to search there (:func:`_packed`), the best found
    first.
    """

    def __init__(self, state: State, equivalent_cards: bool) -> None:
        assert state.bidder is not None and state.to_act is not None
        if len(state.order) != 3:
            raise InvalidInputError(
                f"the solver takes a play of three active seats, not {len(state.order)}"
            )
        self.packing = _Hands(state)
        self.rules = _PlayRules(state, self.packing)
        self.bidder = state.order.index(state.bidder)
        self.table: dict[int, int] = {}
        self.nodes = 0
        self.points = self.rules.points
        self.removed = self.packing.removed
        self.hands = self.packing.start
        self.trick = _encoded(state.trick)
        self.length = len(state.trick)
        self.place = state.order.index(state.to_act)
        tricks = self.rules.rules.tricks_per_deal()
        self.left = tricks - state.tricks
        if self.left <= 0:
            raise InvalidInputError(
                f"the play should have ended: {state.tricks} tricks are played and the deal "
                f"has {tricks} [play.eleven-tricks]"
            )
        # Whether each hand holds a card for each trick it has still to play to (as in a
        # deal of the rules we know): then the last trick is played out without a search.
        played = {(self.place - back) % 3 for back in range(1, self.length + 1)}
        self.one_card_each = all(
            len(cards) == self.left - (place in played)
            for place, cards in enumerate(self.packing.held)
        )
        in_play = self.packing.cards(self.hands) | _mask(state.trick)
        self.by_card = self.rules.counts_card_by_card(in_play)
        self.rest = sum(self.points[c] for c in _cards(in_play)) if self.by_card else _TOP
        self.floor = 0 if self.by_card else -_TOP
        self.trick_points = sum(self.points[c] for c in state.trick)
        self.order = _MoveOrder(
            self.rules, self.packing, self.bidder, equivalent_cards, self.by_card
        )
        self.keys = _Relabelling(self.packing, self.order)
        self.relabel = bool(self.keys.runs)
        self.relabel_from = _RELABEL_FROM
        if self.by_card:
            self.bound_offset, self.bound_bits = 0, max(self.rest, 1).bit_length()
        else:
            self.bound_offset, self.bound_bits = 1 << 62, 64

    @property
    def dominance(self) -> bool:
        """Whether the last card to a trick is chosen within a run by its points."""
        return self.order.dominance

    @property
    def relabellings(self) -> dict[int, tuple[list[tuple[int, int]], list[Card], list[Card]]]:
        """The relabellings made so far, by the cards in play (:class:`_Relabelling`)."""
        return self.keys.found

    def value(
        self,
        hands: int,
        trick: int,
        length: int,
        place: int,
        trick_points: int,
        alpha: int,
        beta: int,
        rest: int,
        won: int,
        left: int,
    ) -> int:
        """The points still to come for the bidder, exact if they lie inside (alpha, beta),
        else a bound on the side they fall (fail-soft)."""
        self.nodes += 1
        if rest <= alpha:
            return rest
        floor = self.floor
        if beta <= floor:
            return floor
        if left == 1 and self.one_card_each:
            return self.last_trick(hands, trick, length, place, trick_points, won)
        if length:  # inside a trick: no table
            legal = self.rules.legal(place, hands, trick)
            if not legal & (legal - 1):  # one card he may play: nothing to choose
                card = legal.bit_length() - 1
                return self.play(
                    hands, trick, length, place, trick_points, card, alpha, beta, rest, won, left
                )
            moves = self.order.moves(place, hands, trick, length, trick_points, legal)
            best, _ = self.best_move(
                hands, trick, length, place, trick_points, alpha, beta, rest, won, left, moves
            )
            return best
        return self.trick_start(hands, place, alpha, beta, rest, won, left)

    def trick_start(
        self, hands: int, place: int, alpha: int, beta: int, rest: int, won: int, left: int
    ) -> int:
        """:meth:`value` at the start of a trick, ``place`` to lead: through the table."""
        relabelled: list[Card] | None = None  # the key's cards to the cards in play
        relabelling: list[Card] | None = None  # and back
        if left < self.relabel_from or not self.relabel:
            key = hands | place << 36 | won << 38
        else:
            key, relabelled, relabelling = self.keys.key(hands, place)
        entry = self.table.get(key)
        bits, offset = self.bound_bits, self.bound_offset
        if entry is None:
            legal = self.rules.legal(place, hands, 0)
            if not legal & (legal - 1):  # one card he may play: nothing to choose or remember
                card = legal.bit_length() - 1
                return self.play(hands, 0, 0, place, 0, card, alpha, beta, rest, won, left)
            low, high = self.floor, rest
            moves = self.order.moves(place, hands, 0, 0, 0, legal)
        else:
            low = (entry & ((1 << bits) - 1)) - offset
            high = (entry >> bits & ((1 << bits) - 1)) - offset
            moves = entry >> 2 * bits
            if relabelled is not None:
                moves = _mapped(moves, relabelled)
            if low >= beta:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        best, best_card = self.best_move(hands, 0, 0, place, 0, alpha, beta, rest, won, left, moves)
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        if best_card != (moves & 63) - 1:  # tried first next time
            moves = _to_front(moves, best_card)
        if relabelling is not None:
            moves = _mapped(moves, relabelling)
        self.table[key] = (low + offset) | (high + offset) << bits | moves << 2 * bits
        return best

    def best_move(
        self,
        hands: int,
        trick: int,
        length: int,
        place: int,
        trick_points: int,
        alpha: int,
        beta: int,
        rest: int,
        won: int,
        left: int,
        moves: int,
    ) -> tuple[int, Card]:
        """The value of the best of ``moves`` (:func:`_packed`, searched in order) for the
        player to act, as :meth:`value` bounds it, and the card that reached it."""
        best_card = (moves & 63) - 1
        inside = length < 2
        removed, points = self.removed, self.points
        step, following = _STEP[length], (place + 1) % 3
        # The two sides written once: ``sign`` turns a value into the mover's own terms (the
        # bidder's points, or their negation for a defender), so that each side maximises;
        # ``low_side`` .. ``high_side`` is the window in those terms.
        sign = 1 if place == self.bidder else -1
        if sign > 0:
            low_side, high_side = alpha, beta
        else:
            low_side, high_side = -beta, -alpha
        best = -_TOP
        while moves:
            card = (moves & 63) - 1
            moves >>= 6
            if inside:  # the trick goes on: :meth:`play`'s work, without its call
                score = sign * self.value(
                    hands & removed[card], trick + (card + 1) * step, length + 1,
                    following, trick_points + points[card], alpha, beta, rest, won, left,
                )  # fmt: skip
            else:
                score = sign * self.play(
                    hands, trick, 2, place, trick_points, card, alpha, beta, rest, won, left
                )
            if score > best:
                best, best_card = score, card
                if best > low_side:
                    low_side = best
                    if low_side >= high_side:
                        break
                    if sign > 0:
                        alpha = best
                    else:
                        beta = -best
        return best * sign, best_card

    def last_trick(
        self, hands: int, trick: int, length: int, place: int, trick_points: int, won: int
    ) -> int:
        """The points to come for the bidder in the last trick, from ``length`` cards
        played: each player has one card left, which the rules must let him play."""
        points, removed = self.points, self.removed
        while length < 3:
            card = self.rules.legal(place, hands, trick).bit_length() - 1
            hands &= removed[card]
            trick += (card + 1) * _STEP[length]
            trick_points += points[card]
            length += 1
            place = (place + 1) % 3
        if (place + self.rules.winner(trick)) % 3 != self.bidder:  # ``place`` led the trick
            return 0
        return trick_points if self.by_card else self.rules.gain(won, _mask(_decoded(trick)))

    def play(
        self,
        hands: int,
        trick: int,
        length: int,
        place: int,
        trick_points: int,
        card: Card,
        alpha: int,
        beta: int,
        rest: int,
        won: int,
        left: int,
    ) -> int:
        """The points still to come for the bidder once ``place`` plays ``card``, as
        :meth:`value` bounds them (the trick's points counted if it ends)."""
        hands &= self.removed[card]
        trick += (card + 1) * _STEP[length]
        trick_points += self.points[card]
        if length < 2:
            following = (place + 1) % 3
            return self.value(
                hands, trick, length + 1, following, trick_points, alpha, beta, rest, won, left
            )
        winner = (place + 1 + self.rules.winner(trick)) % 3
        gain = 0
        if self.by_card:
            rest -= trick_points
            if winner == self.bidder:
                gain = trick_points
        elif winner == self.bidder:
            cards = _mask(_decoded(trick))
            gain = self.rules.gain(won, cards)
            won |= cards
        if left == 1:
            return gain
        leader = self.rules.next_place(winner)
        return gain + self.value(
            hands, 0, 0, leader, 0, alpha - gain, beta - gain, rest, won, left - 1
        )

    def root_value(self, alpha: int, beta: int) -> int:
        """:meth:`value` at the root."""
        return self.value(
            self.hands, self.trick, self.length, self.place, self.trick_points,
            alpha, beta, self.rest, 0, self.left,
        )  # fmt: skip

    def sure(self, low: int = 0, high: int | None = None) -> int:
        """The points still to come for the bidder at the root, exactly, known to lie in
        ``low .. high`` (by default 0 and every point still in play)."""
        if not self.by_card:
            return self.root_value(-_TOP, _TOP)
        # Null-window searches narrowing the range of the value (they share the table).
        high = self.rest if high is None else high
        while low < high:
            middle = (low + high + 1) // 2
            found = self.root_value(middle - 1, middle)
            if found >= middle:
                low = found
            else:
                high = found
        return low

    def best_cards(self, value: int) -> tuple[Card, ...]:
        """Every legal card at the root that keeps the points to come at ``value``: a
        null-window test of one card of each equivalent run, which answers for the run."""
        legal = self.rules.legal(self.place, self.hands, self.trick)
        searched_for = {
            card: self.order.searched(card, legal, self.hands, self.trick) for card in _cards(legal)
        }
        if len(set(searched_for.values())) == 1:  # one card to choose, in effect
            return tuple(searched_for)
        kept = {card: self.keeps(card, value) for card in set(searched_for.values())}
        return tuple(card for card, searched in searched_for.items() if kept[searched])

    def keeps(self, card: Card, value: int) -> bool:
        """Whether playing ``card`` at the root keeps the points to come at ``value``."""
        if maximising := self.place == self.bidder:
            alpha, beta = value - 1, value
        else:
            alpha, beta = value, value + 1
        score = self.play(
            self.hands, self.trick, self.length, self.place, self.trick_points, card,
            alpha, beta, self.rest, 0, self.left,
        )  # fmt: skip
        return score >= value if maximising else score <= value


def _check_position(state: State) -> None:
    if state.phase != Phase.PLAY or state.bidder is None or state.to_act is None:
        raise InvalidInputError(
            f"the solver takes a position of the play; this one is in the {state.phase.code} phase"
        )


class _CollectorPaused:
    """Python's cycle collector paused for a search, and resumed after if it was running.

    The table of a search holds millions of small tuples and lists, and the collector
    walks them all again and again as they are made, though they form no cycle (every one
    is freed by its count of references when the search ends). Measured, interleaved
    (2026-12-02): 12 whole deals, compiled, 10.5 s of CPU paused against 22.3 s running;
    the odds' samples of a strong hand (smaller tables), pure, 3.31 s against 3.66 s."""

    def __init__(self) -> None:
        self.resume = False

    def __enter__(self) -> None:
        self.resume = gc.isenabled()
        gc.disable()

    def __exit__(self, *exception: object) -> None:
        if self.resume:
            gc.enable()


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
    with _CollectorPaused():
        search = _Search(state, equivalent_cards)
        now = bidder_points_now(state)
        value = search.sure()
        return Solution(now + value, search.best_cards(value), search.nodes)


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
    return PositionSearch(state, equivalent_cards=equivalent_cards).value()


class PositionSearch:
    """One position's search, kept between questions about it: what a question finds (its
    table of bounds, the range the value is known to lie in) serves the later ones, so a
    test of a threshold followed by the exact value costs less than the two asked apart.

    >>> from frogspec.notation import parse_position
    >>> search = PositionSearch(parse_position(
    ...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    ...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
    ... ))
    >>> search.sure_of(50), search.sure_of(60), search.value()
    (True, False, 53)
    """

    def __init__(self, state: State, *, equivalent_cards: bool = True) -> None:
        _check_position(state)
        #: The position searched.
        self.state = state
        self._now = bidder_points_now(state)
        with _CollectorPaused():
            self._search = _Search(state, equivalent_cards)
        # The points still to come are known to lie in low .. high (high None: unbounded).
        by_card = self._search.by_card
        self._low = 0 if by_card else -_TOP
        self._high: int | None = self._search.rest if by_card else None

    @property
    def nodes(self) -> int:
        """Positions searched so far, over every question."""
        return self._search.nodes

    def sure_of(self, points: int) -> bool:
        """Whether the bidder is sure of at least ``points`` card points (as :func:`sure_of`)."""
        needed = points - self._now
        if needed <= self._low:
            return True
        if self._high is not None and needed > self._high:
            return False
        with _CollectorPaused():
            found = self._search.root_value(needed - 1, needed)
        if found >= needed:
            self._low = max(self._low, found)
            return True
        self._high = found if self._high is None else min(self._high, found)
        return False

    def value(self) -> int:
        """The bidder's sure card points (as :func:`solve_value`)."""
        with _CollectorPaused():
            if not self._search.by_card:
                return self._now + self._search.sure()
            low, high = self._low, self._high
            self._low = self._high = self._search.sure(low, high)
        return self._now + self._low


def sure_of(state: State, points: int, *, equivalent_cards: bool = True) -> bool:
    """Whether the bidder is sure of at least ``points`` card points (all of them, those
    already counted included) against best defence: one null-window search, cheaper than
    :func:`solve_value`, for callers that need only a side of a threshold (whether a
    contract is won, whether one lay-away or trump beats the best found so far).

    >>> from frogspec.notation import parse_position
    >>> last_trick = parse_position(
    ...     "foster-1909 3/1 KC/QC/6D 10CKD10D grand - H 1: "
    ...     "9DJD8HJHQHAH7S9SQS/6C8CACAD7H8SJSKSAS/7C9CJC7D8DQD6H9HKH10H6S10S"
    ... )
    >>> sure_of(last_trick, 53), sure_of(last_trick, 54)
    (True, False)
    """
    return PositionSearch(state, equivalent_cards=equivalent_cards).sure_of(points)


#: The longest text :func:`state_from_text` reads: a position or a whole deal's link is a
#: few hundred characters; this bounds the work on a mistaken paste.
MAX_TEXT = 10_000


def state_from_text(text: str) -> State:
    """A play position from the one-line notation (:func:`frogspec.notation.format_position`,
    any ruleset and options) or from a replay link or its fragment
    (:func:`frogspec.notation.format_deal`): the deal played to the end of its actions, or,
    for a deal played to its end, the start of its play (the lay-away or trump made, no card
    played). :class:`~frogspec.errors.InvalidInputError` naming what is wrong.

    >>> from frogspec.notation import DealRecord, format_deal, numbered_deck
    >>> from frogspec.engine import parse_action
    >>> actions = [parse_action("grand")]
    >>> from frogspec.rulesets import get_ruleset
    >>> link = format_deal(DealRecord(get_ruleset("foster-1909"), 3, 0, numbered_deck(7),
    ...                               tuple(actions), 7))
    >>> state = state_from_text(link)
    >>> state.phase.code, state.tricks, len(state.trick)
    ('play', 0, 0)
    """
    from frogspec.notation import parse_deal, parse_position

    text = text.strip()
    if len(text) > MAX_TEXT:
        raise InvalidInputError(
            f"a position or a link is at most {MAX_TEXT} characters, got {len(text)}"
        )
    if " " in text:  # the notation's nine fields; a link has no space
        return parse_position(text)
    record = parse_deal(text)
    state = engine.new_deal(record.ruleset, record.players, record.dealer, record.deck)
    play_starts: State | None = None
    for index, action in enumerate(record.actions, 1):
        try:
            state = engine.apply(state, action)
        except IllegalActionError as error:
            raise IllegalActionError(
                error.rule_id, f"action {index}, {str(action)!r}: {error.message}"
            ) from error
        if play_starts is None and state.phase == Phase.PLAY:
            play_starts = state
    if state.phase == Phase.OVER:
        if play_starts is None:
            raise InvalidInputError("the deal has no play to solve: every player passed")
        return play_starts
    return state


def _cmd_solve(args: argparse.Namespace) -> int:
    try:
        state = state_from_text(args.position)
        solution = solve(state)
    except FrogError as error:
        print(f"frogspec solve: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("frogspec solve: interrupted; nothing solved", file=sys.stderr)
        return 130
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
        "notation, any ruleset and options, or a replay link: a deal played to its end is "
        "solved from the start of its play), the most card points the bidder can be sure of "
        "against best defence, and the cards that keep it for the player to act. "
        "Analysis, not rules.",
    )
    parser.add_argument("position", help="a position (one-line notation) or a replay link")
    parser.set_defaults(handler=_cmd_solve)
