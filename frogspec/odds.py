"""Odds for a hand: each contract's chance of winning and expected payment, double-dummy.

``frogspec odds HAND --ruleset R --seat eldest`` deals the cards the bidder cannot see
(the rest of the pack) uniformly at random to the other two hands and the widow, many
times, and for each contract of the ruleset builds the play position through the engine
(:func:`~frogspec.engine.new_deal` with a deck that gives those hands, the bids applied,
the lay-away or the trump) and solves it with every hand open
(:func:`frogspec.solve.solve`). It is analysis, not rules.

- **Frog**: the bidder takes the widow and lays three cards away. Which three is a choice
  of play: by default the best of three candidates is kept (:func:`lay_away_candidates`:
  the side cards worth most that are not Aces; the cards of the shortest side suits; the
  weakest side cards), which makes the Frog's figures a **lower bound** on its
  double-dummy value; ``lay_aways="every"`` (``--lay-aways every``) tries every lay-away
  (:func:`every_lay_away`) and is exact, about ten times slower (:data:`THREE_LAY_AWAYS`).
- **Chico**: each trump the ruleset allows is tried and the best kept.
- **Grand**: hearts are trumps.

Plays that look alike to the solver are solved once: a Chico in hearts (where the ruleset
allows it) is a Grand's play, and the rates come after. A contract needs only its best
play's exact value, so of its candidates (trumps, lay-aways) one is solved exactly and each
other only tested (:func:`frogspec.solve.sure_of`, one null-window search) for beating it,
and solved if it does (:func:`solve_contracts`; the same answers as solving all,
:func:`solve_plays_exhaustively`). The likely best is tried first: trumps by
:func:`trump_order`, lay-aways by :func:`lay_away_order`.

Each sample is drawn by its own ``random.Random`` seeded by the run's seed and the sample's
index, so the same seed gives the same numbers on any number of worker processes.

**How far double-dummy odds are from play with hidden cards** is measured, not assumed
(``python -m benchmarks.overrating``, 80 random foster-1909 deals, the data in
``frogspec/data/overrating.json``): on the positions these odds build (each contract's play
with the lay-away or trump chosen double-dummy), the double-dummy value was compared with
the card points the bidder took when :class:`frogspec.sampling_bot.SamplingBot` (which sees
only its own cards) played every seat. On average the double-dummy value was *below* what
he took: by 8.0 (Frog; 95% interval 5.1 to 10.9), 10.0 (Chico; 7.5 to 12.5) and 11.3 card
points (Grand; 8.7 to 13.8), and its win rate 20, 14 and 11 points lower: hidden-card
defence gives away more than the bidder loses by not seeing. Where the double-dummy bidder
wins (40 positions of 240) he took 3.4 points more in play (95% interval -1.0 to 7.7) but
won 33 of them (83%; Frog 17 of 19, Chico 10 of 14, Grand 6 of 7): a double-dummy win there
is a win in play about five times in six. A stronger hidden-card defence would take more
from him. :class:`ContractOdds` also gives the points when the rulebook's computer players
(:class:`frogspec.bots.Bot`) play the same positions; their defence is weaker still.

>>> from frogspec.rules.cards import CardSet
>>> hand = CardSet.parse("AH 10H KH QH JH 9H AS 10S AC 10C AD").mask
>>> odds = hand_odds(hand, "foster-1909", "eldest", samples=2, seed=1, workers=1,
...                  solver=points_now_solver)
>>> [row.name for row in odds.contracts]
['Frog', 'Chico', 'Grand']
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from frogspec.bots import Bot
from frogspec.engine import Action, ActionKind, Phase, State, apply, legal_actions, new_deal, settle
from frogspec.errors import FrogError, InvalidInputError
from frogspec.estimate import Estimate, estimate
from frogspec.notation import parse_ruleset_field, ruleset_field
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    SUIT_MASKS,
    Card,
    Suit,
    card_points,
    card_strength,
    cards_of,
    format_cards,
    parse_card,
)
from frogspec.rulesets import RULESETS, Ruleset
from frogspec.solve import PositionSearch, bidder_points_now, solve_value, sure_of

__all__ = [
    "DEFAULT_SECONDS",
    "EVERY_LAY_AWAY",
    "LAY_AWAY_CHOICES",
    "LOWER_BOUND_NOTE",
    "MAX_SAMPLES",
    "PLAYERS",
    "SEATS",
    "STOPPED_BY_INTERRUPT",
    "STOPPED_BY_TIME",
    "THREE_LAY_AWAYS",
    "ContractOdds",
    "Odds",
    "Play",
    "ProgressBar",
    "Solver",
    "SureTest",
    "best_positions",
    "bot_points",
    "contract_plays",
    "every_lay_away",
    "format_estimate",
    "format_odds",
    "hand_odds",
    "lay_away_candidates",
    "lay_away_order",
    "max_workers",
    "mean_interval",
    "parse_hand",
    "play_position",
    "points_now_solver",
    "register",
    "sample_deal",
    "solve_contracts",
    "solve_plays",
    "solve_plays_exhaustively",
    "solver_points",
    "solver_sure_of",
    "trump_order",
    "wilson_interval",
]

#: The analysis seats three players (a larger table's three active players play alike).
PLAYERS = 3
DEALER = 0
#: The bidder's seat, by its place in the turn order.
SEATS = {"eldest": 0, "second": 1, "dealer": 2}
HAND_SIZE = 11
#: The most samples a run takes: a sample solves a whole deal for each contract (about a
#: second to half a minute), so a million is weeks of work; more is a mistake.
MAX_SAMPLES = 1_000_000
#: ``frogspec odds``'s time budget when no count of samples is given, seconds: with the
#: start and the report, an answer within half a minute.
DEFAULT_SECONDS = 25.0
#: The normal quantile of a 95% interval.
Z95 = 1.959963984540054

#: A solver: the bidder's card points in a play position against best defence.
Solver = Callable[[State], int]
#: A solver's one-sided test: whether the bidder is sure of at least so many card points.
SureTest = Callable[[State, int], bool]

#: A way of playing as the solver sees it: ``"frog"`` (hearts trump, the widow taken and
#: three cards laid away), or a trump suit's letter with the widow untouched (``"H"`` is the
#: Grand's play, and a Chico's in hearts).
Play = str
FROG = "frog"


def solver_points(state: State) -> int:
    """The double-dummy solver's value: all the bidder's card points
    (:func:`frogspec.solve.solve_value`, :func:`frogspec.solve.solve`'s value alone)."""
    return solve_value(state)


def points_now_solver(state: State) -> int:
    """A stand-in solver for tests and doctests: the points counted for the bidder so far (the
    widow or lay-away), no search."""
    return bidder_points_now(state)


# ---------------------------------------------------------------------------- the hand
def parse_hand(text: str) -> int:
    """The mask of a hand of eleven cards written like ``"AH 10H KH ..."`` or run together
    (``"AH10HKH..."``); :class:`InvalidInputError` naming what is wrong.

    >>> format_cards(parse_hand("AH10HKHQHJH9HASACADKSKC"))[:3]
    ['KC', 'AC', 'AD']
    >>> parse_hand("AH AH")
    Traceback (most recent call last):
    frogspec.errors.InvalidInputError: the hand holds AH twice
    """
    mask = 0
    count = 0
    for token in text.replace(",", " ").split():
        pos = 0
        while pos < len(token):
            width = 3 if token.startswith("10", pos) else 2
            card = parse_card(token[pos : pos + width])
            if mask >> card & 1:
                raise InvalidInputError(f"the hand holds {format_cards(1 << card)[0]} twice")
            mask |= 1 << card
            count += 1
            pos += width
    if count != HAND_SIZE:
        raise InvalidInputError(f"a hand is {HAND_SIZE} cards, got {count}")
    return mask


def sample_deal(hand: int, seed: int, index: int) -> tuple[int, int, int]:
    """Sample ``index`` of a run: the two other hands (in turn order after the bidder) and
    the widow, the unseen cards dealt uniformly by ``random.Random`` seeded by both."""
    unseen = [card for card in range(36) if not hand >> card & 1]
    random.Random(f"frogspec-odds:{seed}:{index}").shuffle(unseen)
    first = sum(1 << c for c in unseen[:HAND_SIZE])
    second = sum(1 << c for c in unseen[HAND_SIZE : 2 * HAND_SIZE])
    widow = sum(1 << c for c in unseen[2 * HAND_SIZE :])
    return first, second, widow


def _deck_for(rs: Ruleset, hands: Sequence[int], widow: int) -> list[Card]:
    # The deck that the ruleset's deal pattern deals into ``hands`` (from eldest) and the
    # widow: each position of the pattern takes the next card of its destination.
    piles = [sorted(cards_of(mask)) for mask in (*hands, widow)]
    return [piles[destination].pop() for destination in rs.deal_pattern()]


# ------------------------------------------------------------------------ the positions
def _side(hand: int, trump: Suit) -> list[Card]:
    return [c for c in cards_of(hand) if c // 9 != trump]


def lay_away_candidates(hand: int, trump: Suit = Suit.HEARTS) -> list[int]:
    """The lay-aways tried for a Frog bidder holding ``hand`` (fourteen cards, the widow
    taken), distinct, each three cards:

    1. the side cards (not trumps) worth most that are not Aces (a Ten laid away is ten
       points the defence can never take);
    2. the side cards of the shortest side suits, worth most first, Aces last (a void to
       trump in);
    3. the weakest side cards (every counting card kept for the play).

    Where fewer than three side cards qualify, the weakest trumps make up the three.

    >>> from frogspec.rules.cards import CardSet
    >>> hand = CardSet.parse("AH 10H KH QH JH 9H 8H AS 10S 6S AC 10C 7C 6D").mask
    >>> [" ".join(format_cards(m)) for m in lay_away_candidates(hand)]
    ['10C 6D 10S', '7C 10C 6D', '7C 6D 6S']
    """
    by_suit: dict[int, list[Card]] = {}
    for card in _side(hand, trump):
        by_suit.setdefault(card // 9, []).append(card)
    points_first = sorted(
        (c for c in _side(hand, trump) if card_points(c) != 11),
        key=lambda c: (-card_points(c), len(by_suit[c // 9])),
    )
    shortest_first = sorted(
        _side(hand, trump),
        key=lambda c: (card_points(c) == 11, len(by_suit[c // 9]), c // 9, -card_points(c)),
    )
    weakest_first = sorted(_side(hand, trump), key=lambda c: (card_strength(c), card_points(c)))
    trumps_weakest = sorted(
        (c for c in cards_of(hand) if c // 9 == trump), key=lambda c: card_strength(c)
    )
    candidates: list[int] = []
    for order in (points_first, shortest_first, weakest_first):
        chosen = (order + [c for c in weakest_first + trumps_weakest if c not in order])[:3]
        mask = sum(1 << c for c in chosen)
        if mask not in candidates:
            candidates.append(mask)
    return candidates


#: A Frog's lay-away chosen among every three cards the bidder may lay away: the value is
#: exact (one of each set of equivalent lay-aways is tried, the others only tested for
#: beating the best so far).
EVERY_LAY_AWAY = "every"
#: A Frog's lay-away chosen among :func:`lay_away_candidates` only: a lower bound on the
#: exact value, and about ten times quicker. Measured (``python -m benchmarks.lay_away``,
#: 2026-12-03, pure build): on 6 deals of the hand-worth data the exact value was higher on
#: 5, by 1 to 12 points, and took 9.4 times the CPU time (219 s against 23 s); on a strong
#: hand's odds samples it took 10 to 20 times as long, and one sample over five minutes.
THREE_LAY_AWAYS = "three"
LAY_AWAY_CHOICES = (EVERY_LAY_AWAY, THREE_LAY_AWAYS)


def every_lay_away(hand: int, trump: Suit = Suit.HEARTS) -> list[int]:
    """Every lay-away of a Frog bidder holding ``hand`` (fourteen cards, the widow taken,
    the defenders holding every other card), one of each set that plays alike: the
    :func:`lay_away_candidates` first, in :func:`lay_away_order`, then the others, fewest
    card points laid away first.

    Two lay-aways play alike where they differ only in which cards they take of a run: the
    bidder's cards of one suit with the same points and no defender's card ranked between
    (his blanks next to each other, such as the Nine and Eight of hearts below); the cards
    laid away count for him alike and the cards he keeps play alike. Of the 364 threes of
    fourteen cards, a hand with no such run keeps them all.

    >>> from frogspec.rules.cards import CardSet
    >>> hand = CardSet.parse("AH 10H KH QH JH 9H 8H AS 10S 6S AC 10C 7C 6D").mask
    >>> lay_aways = every_lay_away(hand)
    >>> len(lay_aways), lay_aways[:3] == [lay_away_candidates(hand)[i] for i in (2, 1, 0)]
    (298, True)
    >>> len(every_lay_away(CardSet.parse("AH 10H KH QH JH 9H 8H 7H 6H AS 6C 7C 8C 9C").mask))
    72
    """
    cards = sorted(cards_of(hand), key=lambda c: (c // 9, card_strength(c)))
    lowest_of_run: dict[Card, Card] = {}
    for lower, upper in itertools.pairwise(cards):
        alike = card_points(lower) == card_points(upper) and lower // 9 == upper // 9
        if alike and card_strength(upper) == card_strength(lower) + 1:
            lowest_of_run[upper] = lowest_of_run.get(lower, lower)
    runs: dict[Card, list[Card]] = {}
    for card in cards:
        runs.setdefault(lowest_of_run.get(card, card), []).append(card)

    def canonical(three: tuple[Card, ...]) -> int:
        # The same count of each run's cards, its lowest ones.
        mask = 0
        for head, members in runs.items():
            taken = sum(1 for c in three if lowest_of_run.get(c, c) == head)
            mask |= sum(1 << c for c in members[:taken])
        return mask

    candidates = lay_away_candidates(hand, trump)
    first = [candidates[i] for i in lay_away_order(candidates)]
    others = {canonical(three) for three in itertools.combinations(cards, 3)}
    tried_first = list(dict.fromkeys(canonical(tuple(cards_of(m))) for m in first))
    return tried_first + sorted(others - set(tried_first), key=_laid_points)


def _laid_points(mask: int) -> tuple[int, int]:
    return sum(card_points(c) for c in cards_of(mask)), mask


def contract_plays(rs: Ruleset) -> dict[Contract, tuple[Play, ...]]:
    """For each contract of ``rs``, the plays the solver tries for it (the best is kept).

    >>> from frogspec.rulesets import get_ruleset
    >>> contract_plays(get_ruleset("gamerules"))[Contract.CHICO]
    ('C', 'D', 'H', 'S')
    >>> contract_plays(get_ruleset("foster-1909"))[Contract.CHICO]
    ('C', 'D', 'S')
    """
    plays: dict[Contract, tuple[Play, ...]] = {}
    for contract in rs.contracts():
        if contract == Contract.FROG:
            plays[contract] = (FROG,)
        elif contract == Contract.CHICO:
            plays[contract] = tuple(sorted(Suit(s).letter for s in rs.chico_trump()))
        else:
            plays[contract] = (Suit.HEARTS.letter,)
    return plays


def _turn_order_hands(hand: int, others: tuple[int, int], seat: int) -> list[int]:
    hands = list(others)
    hands.insert(seat, hand)
    return hands


def play_position(
    rs: Ruleset,
    hands: Sequence[int],
    widow: int,
    seat: int,
    play: Play,
    lay_away: int = 0,
) -> State:
    """The position as the play begins, built through the engine: ``hands`` dealt (in turn
    order from eldest) with ``widow``, the player at place ``seat`` of the turn order
    bidding the contract of ``play`` and the others passing, then his lay-away (a Frog) or
    his trump (a Chico). A play in hearts other than a Frog is bid as a Grand."""
    state = new_deal(rs, PLAYERS, DEALER, _deck_for(rs, hands, widow))
    bidder = state.order[seat]
    if play == FROG:
        contract = Contract.FROG
    elif play == Suit.HEARTS.letter:
        contract = Contract.GRAND
    else:
        contract = Contract.CHICO
    bid = Action(ActionKind.BID, contract)
    pass_ = Action(ActionKind.PASS)
    done = False
    while state.phase == Phase.AUCTION:
        legal = legal_actions(state)
        action = bid if state.to_act == bidder and not done else pass_
        if action not in legal:
            raise InvalidInputError(
                f"{rs.id}: seat {state.to_act} cannot {action} here; cannot reach a "
                f"{contract.code} by seat {bidder}"
            )
        done = done or action == bid
        state = apply(state, action)
    if state.phase == Phase.DISCARD:
        for card in cards_of(lay_away):
            state = apply(state, Action(ActionKind.DISCARD, card))
    elif state.phase == Phase.TRUMP:
        state = apply(state, Action(ActionKind.TRUMP, "CDHS".index(play)))
    if state.phase != Phase.PLAY or state.bidder != bidder or state.contract != contract:
        raise InvalidInputError(
            f"{rs.id}: the auction did not give seat {bidder} a {contract.code}"
        )
    return state


def bot_points(state: State, seed: int) -> int:
    """The bidder's card points when the rulebook's computer player
    (:class:`frogspec.bots.Bot`, seeing only its own cards) plays every seat from ``state``."""
    bot = Bot(seed)
    while state.phase != Phase.OVER:
        state = apply(state, bot.choose(state))
    points = bidder_points_now(state)
    return points


def solver_sure_of(state: State, points: int) -> bool:
    """The double-dummy solver's one-sided test (:func:`frogspec.solve.sure_of`): whether
    the bidder is sure of at least ``points`` card points; :func:`solver_points`'s pair."""
    return sure_of(state, points)


def _solver_pair(solver: Solver, sure: SureTest | None) -> tuple[Solver, SureTest]:
    # The solver and its one-sided test. The double-dummy pair share the search of the
    # position last asked about (a test and then the value of one position, as the best of
    # candidates asks them, search it once); a stand-in solver without its own test is
    # tested by its value (exact, no saving).
    if solver is solver_points and sure in (None, solver_sure_of):
        shared = _SharedSearch()
        return shared.value, shared.sure_of
    if sure is not None:
        return solver, sure
    return solver, partial(_by_value, solver)


class _SharedSearch:
    """:func:`solver_points` and :func:`solver_sure_of` over one kept
    :class:`~frogspec.solve.PositionSearch`: the last position's (one at a time, so that
    no more than one table of bounds is held)."""

    def __init__(self) -> None:
        self.search: PositionSearch | None = None

    def _for(self, state: State) -> PositionSearch:
        if self.search is None or self.search.state is not state:
            self.search = PositionSearch(state)
        return self.search

    def value(self, state: State) -> int:
        return self._for(state).value()

    def sure_of(self, state: State, points: int) -> bool:
        return self._for(state).sure_of(points)


def _by_value(solver: Solver, state: State, points: int) -> bool:
    return solver(state) >= points


def trump_order(hand: int, plays: Sequence[Play], defenders: int = 0) -> list[Play]:
    """``plays`` (trump suits' letters) in the order they are tried: the suit in which the
    bidder's ``hand`` holds most cards first, then the one in which the ``defenders``'
    cards (a mask of both their hands, where the sample deals them) hold fewest, then most
    card points held, then strongest top card; of equal suits the earlier in ``plays``.
    The first is solved exactly and the others only tested against it, so the likelier
    best first saves most. Measured on 140 samples of three hands (2026-12-02): the first
    tried was the best in 104, against 78 by the bidder's hand alone.

    >>> from frogspec.rules.cards import CardSet
    >>> hand = CardSet.parse("AH 10H KH AS 10S AC 10C 8C 6D 7D 8D").mask
    >>> trump_order(hand, "CDS")
    ['C', 'D', 'S']
    >>> trump_order(hand, "CDS", defenders=CardSet.parse("KC QC JC 9C 7C 6C").mask)
    ['D', 'C', 'S']
    """

    def strength(play: Play) -> tuple[int, int, int, int]:
        suit = "CDHS".index(play)
        held = [c for c in cards_of(hand) if c // 9 == suit]
        against = (defenders & SUIT_MASKS[suit]).bit_count()
        top = max((card_strength(c) for c in held), default=-1)
        return (-len(held), against, -sum(card_points(c) for c in held), -top)

    return sorted(plays, key=strength)


def lay_away_order(candidates: Sequence[int]) -> list[int]:
    """The places in ``candidates`` (lay-aways) in the order they are tried: fewest card
    points laid away first (the most kept for the play), of equal the later first. Measured
    (``python -m benchmarks.odds``): with a strong hand the lay-away keeping every counting
    card is the best and the quickest to solve (a solve near the top of the range is
    short), and the Tens laid away the worst and the slowest; trying the likely best first
    leaves the others a one-sided test that fails fast.

    >>> from frogspec.rules.cards import CardSet
    >>> lay_away_order([CardSet.parse(t).mask for t in ("10C 10S 6D", "7C 10C 6D", "7C 6D 6S")])
    [2, 1, 0]
    """
    laid = [sum(card_points(c) for c in cards_of(mask)) for mask in candidates]
    return sorted(range(len(candidates)), key=lambda i: (laid[i], -i))


def _check_lay_aways(lay_aways: str) -> None:
    if lay_aways not in LAY_AWAY_CHOICES:
        raise InvalidInputError(
            f"lay-aways: one of {', '.join(LAY_AWAY_CHOICES)}, not {lay_aways!r}"
        )


def _lay_aways_tried(hand: int, lay_aways: str) -> list[int]:
    # A Frog bidder's lay-aways tried, by the way of choosing them.
    _check_lay_aways(lay_aways)
    return every_lay_away(hand) if lay_aways == EVERY_LAY_AWAY else lay_away_candidates(hand)


class _PlaySolver:
    """One sample's plays, each position built once, each exact value found once: the
    best of candidates by one exact solve and one-sided tests of the others."""

    def __init__(
        self,
        rs: Ruleset,
        hands: Sequence[int],
        widow: int,
        seat: int,
        solver: Solver,
        sure: SureTest,
        lay_aways: str = THREE_LAY_AWAYS,
    ) -> None:
        self.rs, self.hands, self.widow, self.seat = rs, hands, widow, seat
        self.solver, self.sure = solver, sure
        self.lay_aways = lay_aways
        self.frog_lay_aways: list[int] | None = None
        self.states: dict[Play, list[State]] = {}
        self.exact: dict[Play, tuple[int, State]] = {}

    def positions(self, play: Play) -> list[State]:
        """The play's positions: one per lay-away tried (a Frog), in their order."""
        if play not in self.states:
            self.states[play] = [
                self.position(play, index) for index in range(len(self._lay_aways(play)))
            ]
        return self.states[play]

    def position(self, play: Play, index: int) -> State:
        """The play's position with its ``index``-th lay-away (a Frog), built when asked."""
        built = self.states.get(play)
        if built is not None:
            return built[index]
        lay_away = self._lay_aways(play)[index]
        return play_position(self.rs, self.hands, self.widow, self.seat, play, lay_away)

    def _lay_aways(self, play: Play) -> list[int]:
        if play != FROG:
            return [0]
        if self.frog_lay_aways is None:
            hand = self.hands[self.seat] | self.widow
            self.frog_lay_aways = _lay_aways_tried(hand, self.lay_aways)
        return self.frog_lay_aways

    def value(self, play: Play) -> tuple[int, State]:
        """The play's points, the best of its positions' exact values (a Frog's: of the
        lay-aways tried, so a lower bound unless every lay-away is), and the position
        reaching them (of equal positions the first, as the exhaustive search keeps): the
        positions are tried in
        :func:`lay_away_order` (every lay-away: in :func:`every_lay_away`'s order), the first
        solved, each other solved only if it beats the best so far (one point more, or as
        many and earlier)."""
        if play not in self.exact:
            lay_aways = self._lay_aways(play)
            if self.lay_aways == EVERY_LAY_AWAY:
                order = list(range(len(lay_aways)))
            else:
                order = lay_away_order(lay_aways)
            states = {index: self.position(play, index) for index in order[:1]}
            best = order[0]
            best_points = self.solver(states[best])
            for index in order[1:]:
                states[index] = self.position(play, index)
                found = self._beats(states[index], best_points, index < best)
                if found is not None:
                    best, best_points = index, found
                else:
                    del states[index]  # no longer needed: its search's table is freed
            self.exact[play] = (best_points, states[best])
        return self.exact[play]

    def _beats(self, state: State, points: int, earlier: bool) -> int | None:
        # The position's exact points if it beats ``points`` (as many do if it is earlier),
        # else None. An earlier position sure of as many is solved only if it may have more.
        if not self.sure(state, points + (not earlier)):
            return None
        if earlier and not self.sure(state, points + 1):
            return points
        return self.solver(state)

    def reaches(self, play: Play, points: int) -> bool:
        """Whether the play's best position is sure of ``points``."""
        if play in self.exact:
            return self.exact[play][0] >= points
        return any(self.sure(state, points) for state in self.positions(play))

    def best(self, group: Sequence[Play], order: Sequence[Play]) -> Play:
        """The play of ``group`` with the most points, of equal plays the first in
        ``group`` (as ``max`` over the exact values picks): plays already solved are
        compared first, then ``order``'s; each other play is solved only if it beats the
        best so far (one point more, or as many and earlier in ``group``)."""
        known = [p for p in group if p in self.exact]
        tried = known + [p for p in order if p not in known]
        best = tried[0]
        best_points = self.value(best)[0]
        for play in tried[1:]:
            earlier = group.index(play) < group.index(best)
            if not self.reaches(play, best_points + (not earlier)):
                continue
            states = self.positions(play)
            if earlier and len(states) == 1 and not self.reaches(play, best_points + 1):
                self.exact[play] = (best_points, states[0])  # as many, and first
            best, best_points = play, self.value(play)[0]
        return best


def solve_plays(
    rs: Ruleset,
    hands: Sequence[int],
    widow: int,
    seat: int,
    plays: Iterable[Play],
    solver: Solver,
    bot_seed: int | None = None,
    *,
    sure: SureTest | None = None,
    lay_aways: str = THREE_LAY_AWAYS,
) -> dict[Play, tuple[int, int]]:
    """For each play, the bidder's double-dummy points (the best lay-away of
    :func:`lay_away_candidates` in a Frog, of equal ones the first) and, if ``bot_seed`` is
    given, his points when :class:`~frogspec.bots.Bot` plays that same position (else -1).

    The same as :func:`solve_plays_exhaustively`, with fewer solves: of a Frog's lay-aways
    the first is solved and each other only tested (``sure``, by default
    :func:`solver_sure_of` for :func:`solver_points`) against the best so far."""
    found = _PlaySolver(rs, hands, widow, seat, *_solver_pair(solver, sure), lay_aways)
    results: dict[Play, tuple[int, int]] = {}
    for play in plays:
        points, state = found.value(play)
        results[play] = (points, -1 if bot_seed is None else bot_points(state, bot_seed))
    return results


def solve_contracts(
    rs: Ruleset,
    hands: Sequence[int],
    widow: int,
    seat: int,
    groups: Sequence[Sequence[Play]],
    solver: Solver,
    bot_seed: int | None = None,
    *,
    sure: SureTest | None = None,
    lay_aways: str = THREE_LAY_AWAYS,
) -> list[tuple[Play, int, int]]:
    """For each group of plays (a contract's, :func:`contract_plays`), its best play (of
    equal ones the first in the group), the bidder's double-dummy points in it, and his
    points when :class:`~frogspec.bots.Bot` plays it (-1 without ``bot_seed``): what
    :func:`solve_plays_exhaustively` gives for the best play of each group, with fewer
    solves. The plays of a group are tried in :func:`trump_order` (a play solved for an
    earlier group first, the Grand's hearts for a Chico in hearts): the first is solved
    exactly, each other is only tested (``sure``) for beating the best so far, and solved
    if it does; a Frog's lay-aways likewise."""
    bots: dict[Play, int] = {}
    rows = []
    for play, points, state in best_positions(
        rs, hands, widow, seat, groups, solver, sure=sure, lay_aways=lay_aways
    ):
        if play not in bots:
            bots[play] = -1 if bot_seed is None else bot_points(state, bot_seed)
        rows.append((play, points, bots[play]))
    return rows


def best_positions(
    rs: Ruleset,
    hands: Sequence[int],
    widow: int,
    seat: int,
    groups: Sequence[Sequence[Play]],
    solver: Solver,
    *,
    sure: SureTest | None = None,
    lay_aways: str = THREE_LAY_AWAYS,
) -> list[tuple[Play, int, State]]:
    """:func:`solve_contracts`'s search: for each group its best play, the bidder's
    double-dummy points in it and the position reaching them (a Frog's best lay-away)."""
    found = _PlaySolver(rs, hands, widow, seat, *_solver_pair(solver, sure), lay_aways)
    rows: dict[int, tuple[Play, int, State]] = {}
    # The groups of one play first: their exact values are then free bounds for the others.
    defenders = 0
    for cards in hands:
        defenders |= cards
    defenders &= ~hands[seat]
    for index in sorted(range(len(groups)), key=lambda i: len(groups[i])):
        group = groups[index]
        order = [p for p in group if p == FROG]
        order += trump_order(hands[seat], [p for p in group if p != FROG], defenders)
        play = found.best(group, order)
        points, state = found.value(play)
        rows[index] = (play, points, state)
    return [rows[index] for index in range(len(groups))]


def solve_plays_exhaustively(
    rs: Ruleset,
    hands: Sequence[int],
    widow: int,
    seat: int,
    plays: Iterable[Play],
    solver: Solver,
    bot_seed: int | None = None,
    *,
    lay_aways: str = THREE_LAY_AWAYS,
) -> dict[Play, tuple[int, int]]:
    """:func:`solve_plays` by solving every lay-away tried of every play exactly: the
    reference the tests and ``python -m benchmarks.odds`` hold the saving ones to."""
    results: dict[Play, tuple[int, int]] = {}
    for play in plays:
        candidates = [0]
        if play == FROG:
            candidates = _lay_aways_tried(hands[seat] | widow, lay_aways)
        best_points, best_state = -1, None
        for lay_away in candidates:
            state = play_position(rs, hands, widow, seat, play, lay_away)
            points = solver(state)
            if points > best_points:
                best_points, best_state = points, state
        assert best_state is not None
        by_bot = -1 if bot_seed is None else bot_points(best_state, bot_seed)
        results[play] = (best_points, by_bot)
    return results


# ------------------------------------------------------------------------------ the maths
def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% by default).

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    """
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes of {trials} trials")
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials**2))
    # At none and at every trial the bound is exactly 0 or 1 (rounding would miss it).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


#: Student's t quantiles of a two-sided 95% interval by degrees of freedom (1 to 29);
#: from 30 on the normal quantile is used (the difference is under 4%).
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
)  # fmt: skip


def mean_interval(
    values: Sequence[float], z: float = Z95, bounds: tuple[float, float] | None = None
) -> tuple[float, float, float]:
    """The mean and its 95% interval: mean ± t · s/√n (s the sample standard deviation,
    t Student's quantile for fewer than 30 values, else ``z``).

    ``bounds``, the least and most a value can be (a contract's payments), keeps the
    interval inside them and keeps it from collapsing where the samples cannot support a
    point: where every value agrees (or there is one), the share of deals that would not
    is bounded as a rate is (:func:`wilson_interval`'s upper bound of a share seen in none),
    and the mean may move that share of the way to either bound. Without ``bounds`` one
    value gives ±infinity, and values that all agree a point.

    >>> [round(x, 3) for x in mean_interval([1, 2, 3, 4])]
    [2.5, 0.446, 4.554]
    >>> [round(x, 1) for x in mean_interval([120] * 20, bounds=(-240, 120))]
    [120.0, 62.0, 120.0]
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    spread = 0.0 if n == 1 else math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    if bounds is not None:
        least, most = bounds
        if spread == 0:
            other = wilson_interval(0, n, z)[1]  # the largest share that may differ
            return mean, mean - other * (mean - least), mean + other * (most - mean)
    elif n == 1:
        return mean, -math.inf, math.inf
    quantile = _T95[n - 2] if n - 1 < 30 and z == Z95 else z
    half = quantile * math.sqrt(spread / n)
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return mean, low, high


# ------------------------------------------------------------------------------ the odds
@dataclass(frozen=True)
class ContractOdds:
    """One contract's odds: its chance of winning (Wilson 95% interval) and the bidder's
    expected payment per deal (positive: he is paid; normal 95% interval), double-dummy; and
    the same positions played by :class:`~frogspec.bots.Bot` at every seat."""

    contract: Contract
    name: str
    plays: tuple[Play, ...]
    samples: int
    wins: int
    win_interval: tuple[float, float]
    mean_payment: float
    payment_interval: tuple[float, float]
    mean_points: float
    bot_mean_points: float
    bot_wins: int

    @property
    def win_rate(self) -> float:
        """The share of samples the bidder wins (more than 60 card points)."""
        return self.wins / self.samples


@dataclass(frozen=True)
class Odds:
    """What :func:`hand_odds` found for a hand."""

    ruleset: str
    hand: int
    seat: str
    samples: int
    seed: int
    contracts: tuple[ContractOdds, ...]
    #: The samples asked for (more than ``samples`` where the run stopped early).
    asked: int = 0
    #: Why the run stopped before ``asked``: :data:`STOPPED_BY_TIME`,
    #: :data:`STOPPED_BY_INTERRUPT`, or "" (it did not).
    stopped: str = ""
    #: How a Frog's lay-away was chosen: :data:`EVERY_LAY_AWAY` (exact) or
    #: :data:`THREE_LAY_AWAYS` (a lower bound).
    lay_aways: str = THREE_LAY_AWAYS
    #: The run's time, seconds by the clock (not compared: two runs alike are equal).
    seconds: float = field(default=0.0, compare=False)


def _sample_task(
    task: tuple[
        str, int, int, int, int, tuple[tuple[Play, ...], ...], Solver, SureTest | None, str
    ],
) -> list[tuple[Play, int, int]]:
    field, hand, seed, index, seat, groups, solver, sure, lay_aways = task
    first, second, widow = sample_deal(hand, seed, index)
    hands = _turn_order_hands(hand, (first, second), seat)
    rs = parse_ruleset_field(field)
    return solve_contracts(
        rs, hands, widow, seat, groups, solver, bot_seed=index, sure=sure, lay_aways=lay_aways
    )


#: Why a run ended before its samples: the time budget, or an interruption (Ctrl-C).
STOPPED_BY_TIME = "time"
STOPPED_BY_INTERRUPT = "interrupted"


def _ignore_interrupts() -> None:
    # A worker leaves Ctrl-C to the run, which keeps what is done and ends the workers.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(
    tasks: Iterable[Any],
    workers: int,
    progress: Callable[[int], None],
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[list[Any], str]:
    """The results of the first samples, in order, and why the run stopped early ("" if
    it did not): at ``deadline`` (by ``clock``) once a sample is done, or on Ctrl-C. Only
    the first samples by index are kept, whichever finished first, so that stopping at a
    time does not favour the deals that solve quickly, and the same seed and count give
    the same numbers."""
    results: list[Any] = []
    if workers <= 1 and deadline is None:
        try:
            for task in tasks:
                results.append(_sample_task(task))
                progress(len(results))
        except KeyboardInterrupt:
            return results, STOPPED_BY_INTERRUPT
        return results, ""
    # Imported here: Pyodide (the Play page reads this module) has no processes. The
    # samples are handed out a few at a time (never the whole run at once) and the
    # workers ended at the deadline, not waited for.
    import multiprocessing
    from collections import deque

    pool = multiprocessing.get_context().Pool(max(1, workers), initializer=_ignore_interrupts)
    pending: deque[Any] = deque()
    to_do: Iterator[Any] | None = iter(tasks)
    stopped = ""
    try:
        while True:
            late = deadline is not None and clock() >= deadline
            while to_do is not None and not late and len(pending) < 2 * workers:
                task = next(to_do, None)
                if task is None:
                    to_do = None
                else:
                    pending.append(pool.apply_async(_sample_task, (task,)))
            if not pending:
                break
            if late and results:
                stopped = STOPPED_BY_TIME
                break
            pending[0].wait(0.25)
            if pending[0].ready():
                results.append(pending.popleft().get())
            progress(len(results))
    except KeyboardInterrupt:
        stopped = STOPPED_BY_INTERRUPT
    finally:
        pool.terminate()
        pool.join()
    return results, stopped


def _no_progress(done: int) -> None:
    pass


def max_workers() -> int:
    """The most worker processes a run uses: twice the machine's cores, at most 16 (more
    only share the same cores, each with its own copy of the solver's tables)."""
    return min(16, 2 * (os.cpu_count() or 1))


def hand_odds(
    hand: int,
    ruleset: str | Ruleset,
    seat: str,
    samples: int,
    seed: int,
    workers: int = 1,
    *,
    solver: Solver = solver_points,
    sure: SureTest | None = None,
    progress: Callable[[int], None] = _no_progress,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    lay_aways: str = THREE_LAY_AWAYS,
) -> Odds:
    """Each contract's odds for ``hand`` (a mask of eleven cards) bid from ``seat`` (a key
    of :data:`SEATS`), over ``samples`` deals of the unseen cards drawn from ``seed``,
    solved by ``solver`` over ``workers`` processes (the numbers do not depend on it);
    ``sure`` is the solver's one-sided test (:func:`solve_contracts`).

    ``seconds``: a time budget (by ``clock``): the run stops when it is spent, once a sample
    is done, and gives the odds of the first samples done (:attr:`Odds.stopped` says so).
    Ctrl-C likewise stops the run with what it has (``KeyboardInterrupt`` again if no
    sample is done). At most :data:`MAX_SAMPLES` samples and :func:`max_workers` workers."""
    rs = ruleset if isinstance(ruleset, Ruleset) else parse_ruleset_field(ruleset)
    if rs.id not in RULESETS or RULESETS[rs.id].with_options(rs.option_values) != rs:
        raise InvalidInputError(
            "the odds take a ruleset by its id, with its options (as a position's first "
            "field writes them: official-1922-solo[penalty_frog=true])"
        )
    field = ruleset_field(rs)
    if seat not in SEATS:
        raise InvalidInputError(f"unknown seat {seat!r}: one of {', '.join(SEATS)}")
    if hand.bit_count() != HAND_SIZE or hand >> 36:
        raise InvalidInputError(f"a hand is {HAND_SIZE} cards of the pack")
    if not 1 <= samples <= MAX_SAMPLES:
        raise InvalidInputError(f"samples must be from 1 to {MAX_SAMPLES}, got {samples}")
    if not 1 <= workers <= max_workers():
        raise InvalidInputError(
            f"workers must be from 1 to {max_workers()} on this machine, got {workers}"
        )
    by_contract = contract_plays(rs)
    groups = tuple(by_contract.values())
    place = SEATS[seat]
    _check_lay_aways(lay_aways)
    tasks = (
        (field, hand, seed, index, place, groups, solver, sure, lay_aways)
        for index in range(samples)
    )
    started = clock()
    deadline = None if seconds is None else started + seconds
    results, stopped = _results(tasks, workers, progress, deadline, clock)
    if not results:
        raise KeyboardInterrupt
    done = len(results)
    bidder = new_deal(rs, PLAYERS, DEALER, list(range(36))).order[place]
    rows = []
    for place_in_groups, (contract, group) in enumerate(by_contract.items()):
        points = [result[place_in_groups][1] for result in results]
        by_bot = [result[place_in_groups][2] for result in results]
        payments = [settle(rs, PLAYERS, DEALER, bidder, contract, p)[bidder] for p in range(121)]
        pay = [payments[p] for p in points]
        mean, low, high = mean_interval(pay, bounds=(min(payments), max(payments)))
        bidder_result = rs.rules.bidder_result
        wins = sum(bidder_result(p) > 0 for p in points)
        rows.append(
            ContractOdds(
                contract=contract,
                name=rs.contract_name(contract),
                plays=group,
                samples=done,
                wins=wins,
                win_interval=wilson_interval(wins, done),
                mean_payment=mean,
                payment_interval=(low, high),
                mean_points=math.fsum(points) / done,
                bot_mean_points=math.fsum(by_bot) / done,
                bot_wins=sum(bidder_result(p) > 0 for p in by_bot),
            )
        )
    return Odds(
        field, hand, seat, done, seed, tuple(rows), asked=samples, stopped=stopped,
        seconds=clock() - started, lay_aways=lay_aways,
    )  # fmt: skip


# --------------------------------------------------------------------------------- the CLI
FOOTER = (
    "Double-dummy odds let every player see every card. Measured against hidden-card play "
    "on the same positions (python -m benchmarks.overrating: 80 random foster-1909 deals, "
    "240 positions, the sampling computer player at every seat), they do not overrate the "
    "bidder's points on average but underrate them: the double-dummy value was 8.0 (Frog), "
    "10.0 (Chico) and 11.3 (Grand) card points below what he took in play (95% intervals "
    "about ±2.7), hidden-card defence giving away more than he loses by not seeing. Where "
    "the double-dummy bidder wins (40 positions) he won 33 in play (83%): read a double-dummy "
    "win rate near 100% as nearer 85%. 'bots' is the rulebook's weaker players at every "
    "seat. Analysis, not rules."
)


#: What the odds say of a Frog whose lay-away is the best of three candidates.
LOWER_BOUND_NOTE = (
    "* A lower bound: the Frog's lay-away is the best of three candidates (the side cards "
    "worth most but Aces, the shortest side suits, the weakest side cards), not of every "
    "lay-away; the exact value is as high or higher (--lay-aways every: exact, about ten "
    "times slower)."
)


def _percent(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _amount(x: float) -> str:
    return "n/a" if math.isinf(x) else f"{x:+.1f}"


def _samples(count: int) -> str:
    return f"{count} sample" + ("s" if count != 1 else "")


def _why_stopped(odds: Odds) -> str:
    if odds.stopped == STOPPED_BY_TIME:
        return f" (the first done in {odds.seconds:.0f} s: the time budget)"
    if odds.stopped == STOPPED_BY_INTERRUPT:
        return f" (the first done when interrupted, of {odds.asked} asked)"
    return ""


def format_odds(odds: Odds) -> str:
    """The odds as ``frogspec odds`` prints them."""
    rs = parse_ruleset_field(odds.ruleset)
    lines = [
        f"hand {' '.join(format_cards(odds.hand))} bid by {odds.seat} under {odds.ruleset} "
        f"({PLAYERS} players)",
        f"{_samples(odds.samples)} of the unseen cards, seed {odds.seed}{_why_stopped(odds)}; "
        "double-dummy",
        "",
        f"{'contract':<12} {'wins':>6} {'95% (Wilson)':>16} {'payment':>8} "
        f"{'95% (mean)':>18} {'points':>6} {'bots: points':>12} {'wins':>6}",
    ]
    bounded = odds.lay_aways == THREE_LAY_AWAYS
    for row in odds.contracts:
        low, high = row.win_interval
        p_low, p_high = row.payment_interval
        name = row.name + ("*" if bounded and FROG in row.plays else "")
        lines.append(
            f"{name:<12} {_percent(row.win_rate):>6} "
            f"{_percent(low).strip() + '–' + _percent(high).strip():>16} "
            f"{row.mean_payment:>+8.1f} {_amount(p_low) + ' to ' + _amount(p_high):>18} "
            f"{row.mean_points:>6.1f} {row.bot_mean_points:>12.1f} "
            f"{_percent(row.bot_wins / row.samples):>6}"
        )
    lines += [
        "",
        f"payment: the bidder's expected net payment per deal, in {rs.unit} (negative: he pays)",
        *(
            _wrapped(LOWER_BOUND_NOTE)
            if bounded and any(FROG in r.plays for r in odds.contracts)
            else []
        ),
        *_wrapped(FOOTER),
    ]
    return "\n".join(lines)


def _wrapped(text: str) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width=88)


class ProgressBar:
    """A progress line on stderr, drawn only when stderr is a terminal: the samples done
    and, where a time budget or a count of samples bounds the run, about how long is left
    (by the rate so far, and never past the budget)."""

    def __init__(
        self,
        total: int,
        stream: Any = None,
        seconds: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.shown = bool(getattr(self.stream, "isatty", lambda: False)())
        self.seconds = seconds
        self.clock = clock
        self.started = clock()
        self.drawn = False

    def time_left(self, done: int, elapsed: float) -> float | None:
        """About how many seconds the run has left after ``elapsed`` seconds with ``done``
        samples done, or None if nothing says yet."""
        left = None if self.seconds is None else max(0.0, self.seconds - elapsed)
        if done:
            by_rate = elapsed / done * (self.total - done)
            left = by_rate if left is None else min(left, by_rate)
        return left

    def __call__(self, done: int) -> None:
        if not self.shown:
            return
        width = 30
        filled = width * done // self.total
        elapsed = self.clock() - self.started
        if self.seconds is not None:  # the budget bounds the run: the bar is its time
            used = elapsed / self.seconds
            filled = max(filled, min(width, int(width * used)))
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total}"
        if self.seconds is not None:
            line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done} samples"
        left = self.time_left(done, elapsed)
        if left is not None and done < self.total:
            line += f", about {left:.0f} s left  "
        self.stream.write(line)
        self.drawn = True
        if done == self.total:
            self.finish()
        self.stream.flush()

    def finish(self) -> None:
        """End the line, if one was drawn."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def format_estimate(rows: Sequence[Estimate], hand: int, ruleset: str, seat: str) -> str:
    """The estimate from the features together (:mod:`frogspec.estimate`) as ``frogspec odds
    --quick`` prints it."""
    lines = [
        f"hand {' '.join(format_cards(hand))} bid by {seat} under {ruleset} ({PLAYERS} players)",
        "estimated from its features together (frogspec.estimate), no deal solved",
        "",
        f"{'contract':<12} {'wins':>6} {'95% (fit)':>16} {'payment':>8} {'95% (fit)':>18} "
        f"{'points':>6} {'± deal':>6}",
    ]
    for row in rows:
        low, high = row.win_interval
        p_low, p_high = row.payment_interval
        name = row.name + ("*" if row.contract == Contract.FROG else "")
        lines.append(
            f"{name:<12} {_percent(row.win_chance):>6} "
            f"{_percent(low).strip() + '–' + _percent(high).strip():>16} "
            f"{row.payment:>+8.1f} {_amount(p_low) + ' to ' + _amount(p_high):>18} "
            f"{row.points:>6.1f} {row.spread:>6.1f}"
        )
    notes = (
        "The fit's 95% intervals count its own uncertainty only, not what the features leave "
        "out; '± deal' is the spread of one deal's points about the estimate. Fitted on "
        "eldest's hands at a table of three"
        + ("" if seat == "eldest" else f" (not {seat}'s: read it as if the hand sat eldest)")
        + "; how it fared on deals it was not fitted on is on the hand-worth pages. * A Frog's "
        "data is the best of three lay-aways, a lower bound. Analysis, not rules."
    )
    return "\n".join([*lines, "", *_wrapped(notes)])


def _how_far(rows: Sequence[Estimate], odds: Odds) -> str:
    # How far the estimate was from the sampled answer, contract by contract.
    parts = []
    for row, sampled in zip(rows, odds.contracts, strict=True):
        low, high = sampled.payment_interval
        inside = "inside" if low <= row.payment <= high else "outside"
        parts.append(
            f"{row.name} {_percent(row.win_chance).strip()}, {row.payment:+.1f} "
            f"(sampled {_percent(sampled.win_rate).strip()}, {sampled.mean_payment:+.1f}: the "
            f"estimate's payment {inside} the sampled interval)"
        )
    seat = "" if odds.seat == "eldest" else f", fitted on eldest's hands, not {odds.seat}'s"
    return f"The estimate from the features together (--quick{seat}) was: " + "; ".join(parts) + "."


def _cmd_odds(args: argparse.Namespace) -> int:
    if args.quick:
        try:
            hand = parse_hand(" ".join(args.hand))
            print(format_estimate(estimate(hand, args.ruleset), hand, args.ruleset, args.seat))
        except FrogError as error:
            print(f"frogspec odds: {error}", file=sys.stderr)
            return 2
        return 0
    workers = args.workers
    if workers > max_workers():
        print(
            f"frogspec odds: {workers} workers is more than this machine can use "
            f"({os.cpu_count()} cores): {max_workers()} workers",
            file=sys.stderr,
        )
        workers = max_workers()
    # A count of samples alone runs them all; a budget alone (the default) as many as fit.
    seconds = args.seconds
    if seconds is None and args.samples is None:
        seconds = DEFAULT_SECONDS
    samples = MAX_SAMPLES if args.samples is None else args.samples
    bar = ProgressBar(samples, seconds=seconds)
    try:
        hand = parse_hand(" ".join(args.hand))
        odds = hand_odds(
            hand, args.ruleset, args.seat, samples, args.seed, workers,
            progress=bar, seconds=seconds, lay_aways=args.lay_aways,
        )  # fmt: skip
    except FrogError as error:
        bar.finish()
        print(f"frogspec odds: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        bar.finish()
        print("frogspec odds: interrupted before the first sample was done", file=sys.stderr)
        return 130
    bar.finish()
    print(format_odds(odds))
    print()
    print("\n".join(_wrapped(_how_far(estimate(odds.hand, odds.ruleset), odds))))
    if odds.stopped == STOPPED_BY_INTERRUPT:
        print(
            f"frogspec odds: interrupted: the odds of the {_samples(odds.samples)} done",
            file=sys.stderr,
        )
        return 130
    return 0


def register(subparsers: Any) -> None:
    """Add ``odds`` to the ``frogspec`` command."""
    from frogspec.cli import seconds, whole_number

    parser = subparsers.add_parser(
        "odds",
        help="a hand's chance of winning and expected payment in each contract (double-dummy)",
        description="Deal the unseen cards at random many times, solve each contract "
        "double-dummy, and print each contract's chance of winning and expected payment with "
        "95% intervals; the footer says how double-dummy figures compare with play with "
        f"hidden cards. By default it samples for {DEFAULT_SECONDS:.0f} seconds on as many "
        "worker processes as the machine has cores (the compiled build, FROGSPEC_COMPILE=1 "
        "at install, solves several times faster: see the README). The samples are the first of the "
        "seed's, so the same seed and count give the same numbers. Ctrl-C stops it with the "
        "odds of the samples done. Analysis, not rules.",
    )
    parser.add_argument(
        "hand", nargs="+", help="the eleven cards, like AH 10H KH ... or AH10HKH..."
    )
    parser.add_argument(
        "--ruleset",
        required=True,
        help="a ruleset id, like foster-1909, with any options as a position writes them: "
        "official-1922-solo[penalty_frog=true]",
    )
    parser.add_argument(
        "--seat", choices=list(SEATS), default="eldest", help="the bidder's seat (default: eldest)"
    )
    parser.add_argument(
        "--seconds",
        type=seconds,
        default=None,
        help=f"the time budget: stop when it is spent, once a sample is done (default: "
        f"{DEFAULT_SECONDS:.0f}, or none when --samples is given)",
    )
    parser.add_argument(
        "--samples",
        type=whole_number(1, MAX_SAMPLES),
        default=None,
        help="exactly this many samples, however long they take (with --seconds: whichever "
        "comes first; default: as many as fit in the time budget)",
    )
    parser.add_argument(
        "--seed", type=whole_number(0, 2**63), default=0, help="the samples' seed (default: 0)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="no sampling: the estimate from the hand's features together, fitted to the "
        "hand-worth data (frogspec.estimate), at once",
    )
    parser.add_argument(
        "--lay-aways",
        choices=LAY_AWAY_CHOICES,
        default=THREE_LAY_AWAYS,
        help="a Frog's lay-away: the best of three candidates, a lower bound on its value "
        "('three', the default), or of every lay-away, exact and about ten times slower "
        "('every')",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(1),
        default=min(os.cpu_count() or 1, max_workers()),
        help=f"worker processes (default: the machine's cores, here {os.cpu_count()}; at most "
        f"{max_workers()}, twice the cores up to 16)",
    )
    parser.set_defaults(handler=_cmd_odds)
