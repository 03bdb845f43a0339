"""Hypothesis strategies for Frog: cards, hands, packs, rulesets, positions and matches.

The property tests draw from these, and so does the differential fuzzer. They are built
to shrink well: every choice of the game is drawn as the index of one legal action, so
hypothesis shrinks a failing line of play towards the first legal action at every step,
and a pack towards the unshuffled order. The indices and the shuffle are drawn as strings
of bytes, a few draws a line rather than one a card: hypothesis's cost is by the draw.

Every strategy looks the rulesets up and calls the engine when it draws, not when it is
built, so a test that swaps a rule function (or a ruleset in
:data:`frogspec.rulesets.RULESETS`) draws games played by the swapped engine.

>>> from hypothesis import find
>>> line = find(lines(phase="trump"), lambda line: True)
>>> line.state.phase.code, line.state.contract.code
('trump', 'chico')

Importing this module needs hypothesis (the ``test`` extra).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import NamedTuple

from hypothesis import reject
from hypothesis import strategies as st

from frogspec import engine
from frogspec import rulesets as _rulesets
from frogspec.engine import Action, ActionKind, Phase, State
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CARDS, FULL_PACK, Card, CardSet, Suit, format_card, mask_of
from frogspec.rulesets import Ruleset

__all__ = [
    "ALL_ACTIONS",
    "MAX_ACTIONS",
    "Configuration",
    "Line",
    "MatchPlan",
    "Settlement",
    "Situation",
    "Table",
    "actions",
    "card_sets",
    "cards",
    "configurations",
    "dealers",
    "decks",
    "hands",
    "lines",
    "masks",
    "matches",
    "player_counts",
    "rulesets",
    "settlements",
    "situations",
    "tables",
]

#: How many actions a drawn line of play may hold at most. A deal under a correct engine
#: never needs more than about 45; the bound keeps a broken engine whose deal never ends
#: from drawing forever.
MAX_ACTIONS = 120

_PASS = Action(ActionKind.PASS)

#: Every action there is: pass, the three bids, 36 discards, four trumps and 36 plays.
ALL_ACTIONS: tuple[Action, ...] = (
    _PASS,
    *(Action(ActionKind.BID, c) for c in Contract),
    *(Action(ActionKind.DISCARD, c) for c in CARDS),
    *(Action(ActionKind.TRUMP, s) for s in Suit),
    *(Action(ActionKind.PLAY, c) for c in CARDS),
)


# --- cards ----------------------------------------------------------------------------


def cards() -> st.SearchStrategy[Card]:
    """A card (0..35)."""
    return st.integers(min_value=0, max_value=35)


def masks(min_size: int = 0, max_size: int = 36) -> st.SearchStrategy[int]:
    """A set of cards as a mask, of ``min_size`` to ``max_size`` cards."""
    if (min_size, max_size) == (0, 36):
        return st.integers(min_value=0, max_value=FULL_PACK)
    return st.sets(cards(), min_size=min_size, max_size=max_size).map(mask_of)


def card_sets(min_size: int = 0, max_size: int = 36) -> st.SearchStrategy[CardSet]:
    """A :class:`~frogspec.rules.cards.CardSet` of ``min_size`` to ``max_size`` cards."""
    return masks(min_size, max_size).map(CardSet)


def hands(min_size: int = 1, max_size: int = 11) -> st.SearchStrategy[int]:
    """A hand as a mask: one to eleven cards by default (a Frog bidder holds up to 14)."""
    return masks(min_size, max_size)


def _shuffled(swaps: bytes) -> list[Card]:
    # Fisher-Yates from a string of bytes, two a step: a step's zero swaps nothing, so
    # hypothesis, shrinking the bytes towards zero, shrinks the deck towards the pack's order.
    deck = list(CARDS)
    for i in range(len(deck) - 1, 0, -1):
        step = 2 * (len(deck) - 1 - i)
        j = i - int.from_bytes(swaps[step : step + 2], "big") % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def decks() -> st.SearchStrategy[list[Card]]:
    """A shuffled pack: a list of the 36 cards once each, ``deck[0]`` dealt first
    (shrinking towards the unshuffled order).

    The shuffle is drawn as one string of bytes, not one number a card: hypothesis's cost
    is by the draw, and the fuzzer draws a pack for most requests.
    """
    size = 2 * (len(CARDS) - 1)
    return st.binary(min_size=size, max_size=size).map(_shuffled)


def actions() -> st.SearchStrategy[Action]:
    """Any action at all, legal or not (one of :data:`ALL_ACTIONS`)."""
    return st.sampled_from(ALL_ACTIONS)


class Situation(NamedTuple):
    """A player about to play: his hand, the cards already in the trick, and trumps."""

    hand: int
    trick: tuple[Card, ...]
    trump: Suit


@st.composite
def situations(draw: st.DrawFn, max_hand: int = 11) -> Situation:
    """A hand of one to ``max_hand`` cards, a trick of none to two cards not in it, and a
    trump suit.

    The hand is drawn suit by suit, each suit held or not, so that hands void in the suit
    led, in trumps or in both come often.
    """
    trump = draw(st.sampled_from(tuple(Suit)))
    trick = tuple(draw(st.lists(cards(), max_size=2, unique=True)))
    hand = 0
    for suit in Suit:
        if draw(st.booleans()):
            hand |= draw(st.integers(1, 0x1FF)) << (9 * suit)
    hand &= ~mask_of(trick)
    while hand.bit_count() > max_hand:
        hand &= hand - 1  # drop the lowest card
    if not hand:
        hand = 1 << draw(st.sampled_from([c for c in CARDS if c not in trick]))
    return Situation(hand, trick, trump)


# --- rulesets and tables --------------------------------------------------------------


class Configuration(NamedTuple):
    """A ruleset id and the values of its options (every option named)."""

    ruleset: str
    options: tuple[tuple[str, str | bool], ...]

    @property
    def option_dict(self) -> dict[str, str | bool]:
        """The options as the engine and the protocol take them."""
        return dict(self.options)

    def resolve(self) -> Ruleset:
        """The ruleset, looked up now, with these options in force."""
        return _rulesets.get_ruleset(self.ruleset).with_options(self.option_dict)


def configurations() -> tuple[Configuration, ...]:
    """Every ruleset with every combination of its options' values, defaults first (for
    tests that go through them all)."""
    found: list[Configuration] = []
    for ruleset_id, ruleset in _rulesets.RULESETS.items():
        names = [opt.name for opt in ruleset.options]
        for values in itertools.product(*(tuple(opt.choices) for opt in ruleset.options)):
            found.append(Configuration(ruleset_id, tuple(zip(names, values, strict=True))))
    return tuple(found)


@st.composite
def rulesets(draw: st.DrawFn, contracts: frozenset[Contract] | None = None) -> Ruleset:
    """A ruleset, each equally likely, with a value drawn for each of its options.

    ``contracts``: only rulesets that offer one of these contracts (to reach a Frog's
    discard, say, which Straight Solo has no Frog for).
    """
    ids = [
        ruleset_id
        for ruleset_id, ruleset in _rulesets.RULESETS.items()
        if contracts is None or contracts & set(ruleset.rules.contracts())
    ]
    ruleset = _rulesets.get_ruleset(draw(st.sampled_from(ids)))
    options = {opt.name: draw(st.sampled_from(tuple(opt.choices))) for opt in ruleset.options}
    return ruleset.with_options(options)


def player_counts(ruleset: Ruleset) -> st.SearchStrategy[int]:
    """A number of players the ruleset allows (shrinking to the fewest)."""
    return st.sampled_from(tuple(ruleset.rules.player_count()))


def dealers(players: int) -> st.SearchStrategy[int]:
    """A dealer's seat at a table of ``players``."""
    return st.integers(min_value=0, max_value=players - 1)


class Table(NamedTuple):
    """A ruleset (options in force), a number of players and the dealer."""

    ruleset: Ruleset
    players: int
    dealer: int


@st.composite
def tables(draw: st.DrawFn, contracts: frozenset[Contract] | None = None) -> Table:
    """A ruleset with its options, a player count valid for it, and a dealer."""
    ruleset = draw(rulesets(contracts))
    players = draw(player_counts(ruleset))
    return Table(ruleset, players, draw(dealers(players)))


class Settlement(NamedTuple):
    """The arguments of :func:`frogspec.engine.settle`: who bid what and how many points."""

    ruleset: Ruleset
    players: int
    dealer: int
    bidder: int
    contract: Contract
    bidder_points: int

    def request(self) -> dict[str, object]:
        """The protocol's ``settle`` request for this settlement (without an ``id``)."""
        return {
            "op": "settle",
            "ruleset": self.ruleset.id,
            "options": dict(self.ruleset.option_values),
            "players": self.players,
            "dealer": self.dealer,
            "bidder": self.bidder,
            "contract": self.contract.code,
            "bidder_points": self.bidder_points,
        }


@st.composite
def settlements(
    draw: st.DrawFn, table_strategy: st.SearchStrategy[Table] | None = None
) -> Settlement:
    """A table (from ``table_strategy``, or :func:`tables`), a bidder among its active
    seats, one of its contracts and 0..120 points.

    The points favour the edges: 0, 59, 60, 61 and 120 come often.
    """
    table = draw(table_strategy if table_strategy is not None else tables())
    rs = table.ruleset
    bidder = draw(st.sampled_from(rs.rules.active_seats(table.players, table.dealer)))
    contract = draw(st.sampled_from(rs.rules.contracts()))
    points = draw(st.sampled_from((60, 61, 59, 0, 120)) | st.integers(0, 120))
    return Settlement(rs, table.players, table.dealer, bidder, contract, points)


# --- lines of play --------------------------------------------------------------------


class Line(NamedTuple):
    """A deal from the shuffled pack: ``states[0]`` is the new deal and ``states[i + 1]``
    is ``apply(states[i], actions[i])``."""

    deck: tuple[Card, ...]
    states: tuple[State, ...]
    actions: tuple[Action, ...]

    @property
    def start(self) -> State:
        """The state the deal opened with."""
        return self.states[0]

    @property
    def state(self) -> State:
        """The state reached."""
        return self.states[-1]

    @property
    def notation(self) -> list[str]:
        """The actions in the protocol's notation."""
        return [str(a) for a in self.actions]

    def request(self) -> dict[str, object]:
        """The protocol's ``game`` request for this line (without an ``id``)."""
        start = self.start
        return {
            "op": "game",
            "ruleset": start.ruleset.id,
            "options": start.ruleset.option_values,
            "players": start.players,
            "dealer": start.dealer,
            "deck": [format_card(c) for c in self.deck],
            "actions": self.notation,
        }

    def __repr__(self) -> str:
        start = self.start
        rs = start.ruleset
        options = f" {rs.option_values}" if rs.options else ""
        deck = " ".join(format_card(c) for c in self.deck)
        return (
            f"Line({rs.id}{options}, players={start.players}, dealer={start.dealer}, "
            f"deck='{deck}', actions={self.notation})"
        )


_PHASES = {phase.code: phase for phase in Phase}
_ANY_CONTRACT = frozenset(Contract)
#: For a target phase: the contracts the auction must end with to reach it.
_STEER: dict[str, frozenset[Contract]] = {
    "discard": frozenset({Contract.FROG}),
    "trump": frozenset({Contract.CHICO}),
    "play": _ANY_CONTRACT,
}
#: For a target phase: the most actions to take once inside it.
_DEPTH_INSIDE = {"auction": 12, "discard": 2, "trump": 0, "play": 32}
_GREEDY_STEPS = 40


def _standing(state: State) -> Contract | None:
    return next((bid for _, bid in reversed(state.auction) if bid is not None), None)


def _can_be_won_with(state: State, targets: frozenset[Contract]) -> bool:
    """Whether the auction can still end with one of ``targets``: the bidders bid the
    lowest target while none stands, and otherwise pass."""
    for _ in range(_GREEDY_STEPS):
        if state.phase != Phase.AUCTION:
            return state.contract in targets
        standing = _standing(state)
        choice = _PASS
        if standing is None or standing not in targets:
            bids = [
                a
                for a in engine.legal_actions(state)
                if a.kind == ActionKind.BID and Contract(a.value) in targets
            ]
            if bids:
                choice = bids[0]
        state = engine.apply(state, choice)
    return False


class _Chooser:
    """Indices of legal actions drawn a few dozen at a time, as strings of bytes.

    Hypothesis's cost is by the draw; a line of play makes up to a hundred choices. Each
    index is two bytes modulo the number of choices, so a zero byte pair is the first
    legal action, towards which hypothesis shrinks.
    """

    CHUNK = 32  # bytes a draw: sixteen choices

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw
        self.bytes = b""
        self.at = 0

    def index(self, count: int) -> int:
        """An index from 0 to ``count - 1``."""
        if self.at + 2 > len(self.bytes):
            self.bytes = self.draw(st.binary(min_size=self.CHUNK, max_size=self.CHUNK))
            self.at = 0
        value = int.from_bytes(self.bytes[self.at : self.at + 2], "big")
        self.at += 2
        return value % count


@st.composite
def lines(
    draw: st.DrawFn,
    phase: str | None = None,
    table: Table | None = None,
    bid: bool = False,
    contracts: frozenset[Contract] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Line:
    """A deal played by random legal actions from a shuffled pack.

    ``phase``: ``None`` stops at a random depth anywhere in the deal; ``"auction"``,
    ``"discard"``, ``"trump"`` or ``"play"`` stops at a random point inside that phase
    (steering the auction to a Frog, a Chico, or any bid, to get there); ``"over"`` plays
    the deal to its end (everybody may pass, unless ``bid``). ``contracts`` steers the
    auction to end with one of them (left to chance, a Foster auction mostly ends in
    Grand). ``table`` fixes the ruleset, players and dealer; otherwise they are drawn
    among the rulesets that offer one of the contracts steered to.
    """
    if phase is not None and phase not in _PHASES:
        raise ValueError(f"phase must be one of {', '.join(_PHASES)} or None, not {phase!r}")
    steer = contracts or _STEER.get(phase or "", _ANY_CONTRACT if bid else None)
    if table is None:
        table = draw(tables(steer))
    deck = tuple(draw(decks()))
    state = engine.new_deal(table.ruleset, table.players, table.dealer, deck)
    chooser = _Chooser(draw)
    states = [state]
    taken: list[Action] = []
    target = _PHASES[phase] if phase is not None else None
    depth = draw(st.integers(0, 60)) if phase is None else None
    inside = draw(st.integers(0, _DEPTH_INSIDE[phase])) if phase in _DEPTH_INSIDE else None
    steps_inside = 0
    while state.phase != Phase.OVER and len(taken) < max_actions:
        if depth is not None and len(taken) >= depth:
            break
        if inside is not None and state.phase == target:
            if steps_inside >= inside:
                break
            steps_inside += 1
        choices = engine.legal_actions(state)
        if state.phase == Phase.AUCTION and steer is not None:
            choices = tuple(a for a in choices if _can_be_won_with(engine.apply(state, a), steer))
        if target == Phase.AUCTION:
            choices = tuple(a for a in choices if engine.apply(state, a).phase == Phase.AUCTION)
            if not choices:
                break
        if not choices:
            reject()
        action = choices[chooser.index(len(choices))]
        state = engine.apply(state, action)
        states.append(state)
        taken.append(action)
    if target is not None and target != Phase.OVER and state.phase != target:
        reject()
    return Line(deck, tuple(states), tuple(taken))


# --- matches --------------------------------------------------------------------------


class MatchPlan(NamedTuple):
    """A match as :func:`frogspec.engine.play_match` and the protocol's ``match`` op take
    it: each deal a deck and the actions that play it to the end."""

    ruleset: str
    options: Mapping[str, str | bool]
    players: int
    first_dealer: int
    deals: tuple[tuple[tuple[Card, ...], tuple[Action, ...]], ...]

    def request(self) -> dict[str, object]:
        """The protocol's ``match`` request for this plan (without an ``id``)."""
        return {
            "op": "match",
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "players": self.players,
            "first_dealer": self.first_dealer,
            "deals": [
                {"deck": [format_card(c) for c in deck], "actions": [str(a) for a in actions]}
                for deck, actions in self.deals
            ],
        }

    def __repr__(self) -> str:
        deals = [
            (" ".join(format_card(c) for c in deck), [str(a) for a in actions])
            for deck, actions in self.deals
        ]
        return (
            f"MatchPlan({self.ruleset!r}, {dict(self.options)}, players={self.players}, "
            f"first_dealer={self.first_dealer}, deals={deals})"
        )


@st.composite
def matches(
    draw: st.DrawFn, max_deals: int = 4, table_strategy: st.SearchStrategy[Table] | None = None
) -> MatchPlan:
    """A whole match of one to ``max_deals`` deals, each played to its end by random legal
    actions, the deal turning to the left; the match stops early if the ruleset says the
    game is over. The table comes from ``table_strategy`` (default :func:`tables`)."""
    table = draw(table_strategy if table_strategy is not None else tables())
    rs = table.ruleset
    count = draw(st.integers(1, max_deals))
    balances = [rs.rules.bank()] * table.players
    dealer = table.dealer
    deals: list[tuple[tuple[Card, ...], tuple[Action, ...]]] = []
    for _ in range(count):
        line = draw(lines("over", Table(rs, table.players, dealer)))
        deals.append((line.deck, line.actions))
        final = line.state
        if final.phase != Phase.OVER:
            break
        payments = engine.outcome(final).payments
        loser = None
        if final.bidder is not None:
            loser = rs.rules.game_end(balances, payments, final.bidder, table.players)
        balances = [b + p for b, p in zip(balances, payments, strict=True)]
        if loser is not None:
            break
        dealer = (dealer + 1) % table.players
    return MatchPlan(rs.id, rs.option_values, table.players, table.dealer, tuple(deals))
