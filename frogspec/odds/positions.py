"""The positions the odds solve: a sample of the unseen cards, the plays of each contract
(trumps, lay-aways) as the engine builds them, and solving them double-dummy.

Each sample is drawn by its own ``random.Random`` seeded by the run's seed and the sample's
index (:func:`sample_deal`), so the same seed gives the same numbers on any number of
worker processes. Of a contract's plays one is solved exactly and each other only tested
for beating it (:func:`solve_contracts`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial

from frogspec.bots import Bot
from frogspec.engine import Action, ActionKind, Phase, State, apply, legal_actions, new_deal
from frogspec.errors import InvalidInputError
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
from frogspec.rulesets import Ruleset
from frogspec.solve import PositionSearch, bidder_points_now, solve_value, sure_of

#: The analysis seats three players (a larger table's three active players play alike).
PLAYERS = 3
DEALER = 0
#: The bidder's seat, by its place in the turn order.
SEATS = {"eldest": 0, "second": 1, "dealer": 2}
HAND_SIZE = 11

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
    players: int = PLAYERS,
) -> State:
    """The position as the play begins, built through the engine: ``hands`` dealt (in turn
    order from eldest) with ``widow``, the player at place ``seat`` of the turn order
    bidding the contract of ``play`` and the others passing, then his lay-away (a Frog) or
    his trump (a Chico). A play in hearts other than a Frog is bid as a Grand. At a table of
    ``players`` more than three, ``hands`` are the active players' (the others sit out)."""
    state = new_deal(rs, players, DEALER, _deck_for(rs, hands, widow))
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
        players: int = PLAYERS,
    ) -> None:
        self.rs, self.hands, self.widow, self.seat = rs, hands, widow, seat
        self.players = players
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
        return play_position(
            self.rs, self.hands, self.widow, self.seat, play, lay_away, self.players
        )

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
    players: int = PLAYERS,
) -> dict[Play, tuple[int, int]]:
    """For each play, the bidder's double-dummy points (the best lay-away of
    :func:`lay_away_candidates` in a Frog, of equal ones the first) and, if ``bot_seed`` is
    given, his points when :class:`~frogspec.bots.Bot` plays that same position (else -1);
    the positions built at a table of ``players`` (``hands`` the active players').

    The same as :func:`solve_plays_exhaustively`, with fewer solves: of a Frog's lay-aways
    the first is solved and each other only tested (``sure``, by default
    :func:`solver_sure_of` for :func:`solver_points`) against the best so far."""
    found = _PlaySolver(rs, hands, widow, seat, *_solver_pair(solver, sure), lay_aways, players)
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
    players: int = PLAYERS,
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
        rs, hands, widow, seat, groups, solver, sure=sure, lay_aways=lay_aways, players=players
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
    players: int = PLAYERS,
) -> list[tuple[Play, int, State]]:
    """:func:`solve_contracts`'s search: for each group its best play, the bidder's
    double-dummy points in it and the position reaching them (a Frog's best lay-away), at a
    table of ``players``."""
    found = _PlaySolver(rs, hands, widow, seat, *_solver_pair(solver, sure), lay_aways, players)
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
