"""The positions the odds solve: a sample of the unseen cards and the plays of each
contract (trumps, lay-aways) as the engine builds them.

Each sample is drawn by its own ``random.Random`` seeded by the run's seed and the sample's
index (:func:`sample_deal`), so the same seed gives the same numbers on any number of
worker processes. Which three cards a Frog bidder lays away is
:mod:`frogspec.odds.lay_aways`; solving the positions, :mod:`frogspec.odds.solving`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from frogspec.bots import Bot
from frogspec.engine import Action, ActionKind, Phase, State, apply, legal_actions, new_deal
from frogspec.errors import InvalidInputError
from frogspec.rules.auction import Contract
from frogspec.rules.cards import Card, Suit, cards_of, format_cards, parse_card
from frogspec.rulesets import Ruleset
from frogspec.solve import bidder_points_now, solve_value

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
    return [piles[destination].pop() for destination in rs.rules.deal_pattern()]


# ------------------------------------------------------------------------ the positions
def contract_plays(rs: Ruleset) -> dict[Contract, tuple[Play, ...]]:
    """For each contract of ``rs``, the plays the solver tries for it (the best is kept).

    >>> from frogspec.rulesets import get_ruleset
    >>> contract_plays(get_ruleset("gamerules"))[Contract.CHICO]
    ('C', 'D', 'H', 'S')
    >>> contract_plays(get_ruleset("foster-1909"))[Contract.CHICO]
    ('C', 'D', 'S')
    """
    plays: dict[Contract, tuple[Play, ...]] = {}
    for contract in rs.rules.contracts():
        if contract == Contract.FROG:
            plays[contract] = (FROG,)
        elif contract == Contract.CHICO:
            plays[contract] = tuple(sorted(Suit(s).letter for s in rs.rules.chico_trump()))
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
