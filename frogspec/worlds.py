"""Deals consistent with what one seat has seen: the worlds a sampling player imagines.

A seat at the table sees its own hand, the auction, every card played and by whom, the
trump, the widow when the ruleset shows it, and (as a Frog bidder) the cards it laid away.
:func:`sample_world` deals every card it has not seen to the places it cannot see (the
other hands, and the widow or the lay-away while they lie hidden), uniformly among the
deals that agree with all of that:

- each hidden hand gets as many cards as it holds now;
- a seat that failed to follow suit holds none of the suit led; one that could have
  trumped and did not holds no trump (what :func:`~frogspec.rules.play.legal_plays` forbids a
  hand, asked of the rule function itself, not written out again here);
- a widow shown in a Frog lies in the bidder's hand or in his lay-away.

What has been played is remembered by :class:`PlayMemory` (the table calls
:meth:`PlayMemory.observe` with each action; the engine's state keeps the tricks won, not
who played which card). The draw is exact, not by rejection: the ways of dealing each class
of cards (a suit, or the shown widow's cards of a suit) to the places allowed it are counted
once for a position, and each world is drawn by those counts.

>>> from frogspec.engine import new_deal
>>> from frogspec.notation import numbered_deck
>>> import random
>>> state = new_deal("foster-1909", 3, 0, numbered_deck(7))
>>> world = sample_world(state, 1, PlayMemory(), random.Random(0))
>>> world.hands[1] == state.hands[1], bin(world.hands[2]).count("1")
(True, 11)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from math import comb

from frogspec.engine import Action, ActionKind, Phase, State
from frogspec.rules.auction import Contract
from frogspec.rules.cards import FULL_PACK, SUIT_MASKS, SUIT_OF, Card, Suit, cards_of
from frogspec.rules.play import legal_plays as reference_legal_plays

__all__ = [
    "HIDDEN",
    "Play",
    "PlayMemory",
    "Unseen",
    "played_cards",
    "sample_world",
    "unseen",
    "voids",
]

#: The place of the cards no one at the table sees: the widow (in the auction, in a Chico
#: and a Grand) or the bidder's lay-away (to a defender in a Frog).
HIDDEN = -1


@dataclass(frozen=True, slots=True)
class Play:
    """A card the table saw played: by ``seat``, to a trick that held ``before``."""

    seat: int
    card: Card
    before: tuple[Card, ...]


@dataclass
class PlayMemory:
    """The cards played this deal, in order, as every seat sees them.

    :meth:`observe` takes each action with the state it was taken in (any action: only
    plays are kept, and a new deal's first action starts afresh). A memory that does not
    agree with a state (it missed a play) is not used for that state (:meth:`plays_for`).
    """

    plays: list[Play] = field(default_factory=list)

    def observe(self, state: State, action: Action) -> None:
        """Remember ``action`` taken in ``state`` if it is a play."""
        if state.phase == Phase.AUCTION and not state.auction:
            self.plays.clear()
        if action.kind == ActionKind.PLAY and state.to_act is not None:
            if state.tricks == 0 and not state.trick:
                self.plays.clear()
            self.plays.append(Play(state.to_act, action.value, state.trick))

    def plays_for(self, state: State) -> list[Play]:
        """The remembered plays if they are exactly the cards played in ``state``, else none."""
        if state.phase != Phase.PLAY and state.phase != Phase.OVER:
            return []
        played = played_cards(state)
        mine = 0
        for play in self.plays:
            mine |= 1 << play.card
        if mine != played or len(self.plays) != played.bit_count():
            return []
        return self.plays


def played_cards(state: State) -> int:
    """The cards played so far, as a mask: those in the tricks won and in the current trick
    (a shown widow is not played: :func:`~frogspec.bots.Bot` adds it to what it has seen)."""
    played = 0
    for won in state.won:
        played |= won
    for card in state.trick:
        played |= 1 << card
    # A Chico or Grand's widow is counted with the bidder's tricks only at the end; in a
    # Frog the lay-away is kept apart from the tricks (State.laid_away).
    return played


def voids(
    plays: Sequence[Play],
    trump: Suit | None,
    legal_plays: Callable[[int, Sequence[Card], Suit | None], int] = reference_legal_plays,
) -> dict[int, int]:
    """The suits each seat is known to hold none of (a mask of suit numbers by seat): a card
    played where the rules (``legal_plays``: the ruleset's, :func:`~frogspec.rules.play.legal_plays`
    unless given) would have forbidden it to a hand that also held a card of the suit.

    >>> from frogspec.rules.cards import parse_card
    >>> plays = [Play(0, parse_card("AS"), ()), Play(1, parse_card("7D"), (parse_card("AS"),))]
    >>> voids(plays, Suit.HEARTS)[1] == 1 << Suit.SPADES | 1 << Suit.HEARTS
    True
    """
    found: dict[int, int] = {}
    for play in plays:
        if not play.before:
            continue
        for suit in Suit:
            if SUIT_OF[play.card] == suit:
                continue
            # A hand of this card and one card of the suit: would the rules allow the card?
            other = next(iter(cards_of(SUIT_MASKS[suit] & ~(1 << play.card))))
            probe = 1 << play.card | 1 << other
            if not legal_plays(probe, play.before, trump) >> play.card & 1:
                found[play.seat] = found.get(play.seat, 0) | 1 << suit
    return found


@dataclass(frozen=True)
class Unseen:
    """What ``seat`` cannot see in a position: the places (seats, and :data:`HIDDEN`) with
    the number of cards each holds, and the unseen cards as classes, each a mask of cards
    with the places it may lie in."""

    seat: int
    places: tuple[int, ...]
    sizes: tuple[int, ...]
    classes: tuple[tuple[int, tuple[int, ...]], ...]


def unseen(state: State, seat: int, plays: Sequence[Play] = ()) -> Unseen:
    """The unseen cards and places of ``seat`` in ``state`` (``plays``: the cards seen
    played, for the voids; none if unknown). Reads only what ``seat`` may see."""
    contract = state.contract
    bidder = state.bidder
    known = state.hands[seat] | played_cards(state)
    frog = contract == Contract.FROG and state.phase != Phase.AUCTION
    if frog and seat == bidder:
        known |= state.laid_away | state.widow
    shown_widow = 0
    if state.widow_shown:
        shown_widow = state.widow & ~known
        known |= state.widow
    places = [s for s in state.order if s != seat]
    sizes = [state.hands[s].bit_count() for s in places]
    if not frog:
        places.append(HIDDEN)
        sizes.append(state.widow.bit_count())
    elif seat != bidder:
        places.append(HIDDEN)
        sizes.append(state.laid_away.bit_count())
    void = voids(plays, state.trump, state.ruleset.rules.legal_plays) if plays else {}
    classes: list[tuple[int, tuple[int, ...]]] = []
    hidden_cards = FULL_PACK & ~known
    for suit in Suit:
        allowed = tuple(p for p in places if not (void.get(p, 0) >> suit & 1))
        plain = hidden_cards & SUIT_MASKS[suit]
        if plain:
            classes.append((plain, allowed))
        shown = shown_widow & SUIT_MASKS[suit]
        if shown:
            # The widow shown went into the bidder's hand; what he laid away of it is hidden.
            classes.append((shown, tuple(p for p in allowed if p in (bidder, HIDDEN))))
    return Unseen(seat, tuple(places), tuple(sizes), tuple(classes))


@cache
def _splits(count: int, parts: int) -> list[tuple[int, ...]]:
    # Every way of writing count as an ordered sum of ``parts`` numbers >= 0.
    if parts == 1:
        return [(count,)]
    return [
        (first, *rest) for first in range(count + 1) for rest in _splits(count - first, parts - 1)
    ]


class _Counter:
    """The number of deals of the classes from ``index`` on into the capacities left."""

    def __init__(self, view: Unseen) -> None:
        self.view = view
        self.where = {place: i for i, place in enumerate(view.places)}
        self.ways = cache(self._ways)
        self.options = cache(self._options)

    def _options(self, index: int, caps: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """The splits of class ``index`` over its places that fit ``caps``, with weights."""
        mask, allowed = self.view.classes[index]
        count = mask.bit_count()
        out = []
        for split in _splits(count, len(allowed)) if allowed else []:
            left = list(caps)
            fits = True
            for place, k in zip(allowed, split, strict=True):
                left[self.where[place]] -= k
                fits = fits and left[self.where[place]] >= 0
            if not fits:
                continue
            weight, rest = 1, count
            for k in split:
                weight *= comb(rest, k)
                rest -= k
            rest_ways = self.ways(index + 1, tuple(left))
            if rest_ways:
                out.append((weight * rest_ways, tuple(left)))
        return out

    def _ways(self, index: int, caps: tuple[int, ...]) -> int:
        if index == len(self.view.classes):
            return int(not any(caps))
        return sum(w for w, _ in self.options(index, caps))


def _weighted(options: list[tuple[int, tuple[int, ...]]], rng: random.Random) -> tuple[int, ...]:
    # One of the options, each as likely as its weight.
    pick = rng.randrange(sum(weight for weight, _ in options))
    for weight, left in options:
        if pick < weight:
            return left
        pick -= weight
    raise AssertionError("the weights add up to more than their sum")


@lru_cache(maxsize=4)
def _counter(view: Unseen) -> _Counter:
    # The counts of a position, kept for the many worlds drawn from it.
    return _Counter(view)


def _draw(view: Unseen, rng: random.Random) -> dict[int, int] | None:
    counter = _counter(view)
    caps = view.sizes
    if not counter.ways(0, caps):
        return None
    dealt = dict.fromkeys(view.places, 0)
    for index, (mask, allowed) in enumerate(view.classes):
        options = counter.options(index, caps)
        left = _weighted(options, rng)
        cards = list(cards_of(mask))
        rng.shuffle(cards)
        for place in allowed:
            k = caps[counter.where[place]] - left[counter.where[place]]
            for card in cards[:k]:
                dealt[place] |= 1 << card
            cards = cards[k:]
        caps = left
    return dealt


def sample_world(
    state: State, seat: int, memory: PlayMemory, rng: random.Random, *, view: Unseen | None = None
) -> State:
    """``state`` with every card ``seat`` cannot see dealt afresh, consistently with what it
    has seen (``memory``'s plays, for the voids). ``view``: :func:`unseen` computed once for
    many draws. If the plays remembered leave no deal at all (they cannot, when the table
    reported every play), the voids are dropped."""
    if view is None:
        view = unseen(state, seat, memory.plays_for(state))
    dealt = _draw(view, rng)
    if dealt is None:
        view = unseen(state, seat)
        dealt = _draw(view, rng)
        assert dealt is not None, "the cards unseen fit the places unseen"
    hands = list(state.hands)
    for place, mask in dealt.items():
        if place != HIDDEN:
            hands[place] = mask
    world = state._replace(hands=tuple(hands))
    if HIDDEN in dealt:
        if state.contract == Contract.FROG and state.phase != Phase.AUCTION:
            # The defender does not know the widow taken up: let it be what was laid away.
            world = world._replace(laid_away=dealt[HIDDEN])
            if not state.widow_shown:
                world = world._replace(widow=dealt[HIDDEN])
        else:
            world = world._replace(widow=dealt[HIDDEN])
    return world
