"""What the sources say, written apart from the engine, for the properties to compare with.

Nothing here calls a rule function: the expectations are taken from the sources' words
(quoted beside them) and from the editorial rulings' statements, and are keyed by ruleset
id, so that an engine whose ruleset picks the wrong reading is caught. Cards are read by
their names (``format_card``), not by the engine's bit layout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, Protocol

from frogspec.engine import Action, ActionKind, Phase, State
from frogspec.rules import cards as _cards
from frogspec.rules.auction import Contract
from frogspec.rules.cards import Card

FROG, CHICO, GRAND = Contract.FROG, Contract.CHICO, Contract.GRAND

#: Foster: "There are thirty-six cards in the pack, which rank: A 10 K Q J 9 8 7 6."
RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
SUITS = ("C", "D", "H", "S")
#: Foster: "Each Ace is worth 11, Tens are worth 10, Kings 4, Queens 3, and Jacks 2."
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def name(card: Card) -> str:
    """The card's name, as the notation writes it."""
    return _cards.format_card(card)


def rank(card: Card) -> str:
    """The card's rank, read from its name."""
    return name(card)[:-1]


def suit(card: Card) -> str:
    """The card's suit letter, read from its name."""
    return name(card)[-1]


def members(mask: int) -> list[Card]:
    """The cards of a mask, by testing each of the 36 bits."""
    return [c for c in range(36) if mask >> c & 1]


def points(mask: int) -> int:
    """The card points of a set of cards, by the sources' table."""
    return sum(POINTS.get(rank(c), 0) for c in members(mask))


def beats(card: Card, other: Card, led: str, trump: str) -> bool:
    """Whether ``card`` beats ``other`` in a trick led in ``led`` with ``trump`` trumps."""
    if suit(card) == suit(other):
        return RANKS.index(rank(card)) < RANKS.index(rank(other))
    if suit(card) == trump:
        return True
    if suit(other) == trump:
        return False
    return suit(card) == led


def legal_plays(hand: int, trick: Sequence[Card], trump: str) -> set[Card]:
    """Foster: the leader plays "any card he pleases"; "The others must follow suit if they
    can"; "If a player cannot follow suit, he must trump"; and, the web page: "If they
    cannot, they may play any card."""
    held = members(hand)
    if not trick:
        return set(held)
    led = suit(trick[0])
    following = {c for c in held if suit(c) == led}
    if following:
        return following
    trumps = {c for c in held if suit(c) == trump}
    return trumps or set(held)


# --- the rulesets, as the sources give them --------------------------------------------


class Expected(NamedTuple):
    """One ruleset as its sources describe it."""

    players: tuple[int, ...]
    deal: str
    contracts: tuple[Contract, ...]
    auction: str
    widow_shown: bool
    chico_suits: str
    rates: Mapping[Contract, int] | None
    fixed: Mapping[Contract, int] | None
    bank: int
    ends: bool
    procedure_rule: str
    contracts_rule: str
    chico_rule: str


# Foster: "Three, four, or five can play"; "Three cards are given to each player the first
# round, then three for the widow, and then two rounds of four cards each"; "A player
# cannot increase his own bid unless he is overbid"; "The single player turns the widow
# face up"; "can name any suit for the trump except hearts"; "Each point under or over 60
# is worth two counters in Chico", "four counters" in a Grand; payments "at once in
# counters".
_FOSTER = Expected(
    players=(3, 4, 5),
    deal="3-(3)-4-4",
    contracts=(FROG, CHICO, GRAND),
    auction="overbid-to-raise",
    widow_shown=True,
    chico_suits="CDS",
    rates={FROG: 1, CHICO: 2, GRAND: 4},
    fixed=None,
    bank=0,
    ends=False,
    procedure_rule="auction.overbid-to-raise",
    contracts_rule="auction.contracts-frog-chico-grand",
    chico_rule="trump.chico-not-hearts",
)
# The article on the post-1950 sources: "The dealer deals 4-(3)-3-4"; "The widow is not
# exposed in a Frog"; "There is one round of bidding, but a player who announced "Frog"
# and is outbid by "Chico" may immediately raise to "Grand"".
_MODERN = _FOSTER._replace(
    deal="4-(3)-3-4",
    auction="one-round",
    widow_shown=False,
    procedure_rule="auction.one-round-frog-may-raise",
)
# The 1922 rules, as reported: up to seven players; "dealt singly, the 1st, 4th and 8th
# going to the widow"; "the slough was not exposed"; Heart Solo x 3; eleven chips worth 10
# and ten worth 1; "The first player unable to pay for winnings lost the game".
_SOLO = _MODERN._replace(
    players=(3, 4, 5, 6, 7),
    deal="slough-1-4-8",
    rates={FROG: 1, CHICO: 2, GRAND: 3},
    bank=120,
    ends=True,
)
EXPECTED: dict[str, Expected] = {
    "foster-1909": _FOSTER,
    "hoyle-1907": _FOSTER,
    "modern": _MODERN,
    "official-1922-solo": _SOLO,
    # "the Frog contract was omitted"; "1 chip was paid per point and 2 chips in a Heart Solo".
    "official-1922-straight": _SOLO._replace(
        contracts=(CHICO, GRAND),
        rates={CHICO: 1, GRAND: 2},
        contracts_rule="auction.contracts-without-frog",
    ),
    # "25¢ for Frog, 50¢ for Simple Solo and 75¢ for Heart Solo" (and, by the editorial
    # ruling, the same amount paid by a bidder who loses).
    "official-1922-coeur-dalene": _SOLO._replace(
        rates=None, fixed={FROG: 25, CHICO: 50, GRAND: 75}
    ),
    # The web page: "3 players"; the deal 4-(3)-3-4 by the editorial ruling; "Each player
    # makes only one bid"; "Chico means you get to call trumps"; "doubled for a Chico and
    # tripled for a grand"; "each player has 150 points".
    "gamerules": _MODERN._replace(
        players=(3,),
        auction="one-bid-each",
        chico_suits="CDHS",
        rates={FROG: 1, CHICO: 2, GRAND: 3},
        bank=150,
        procedure_rule="auction.one-bid-each",
        chico_rule="trump.chico-any-suit",
    ),
}


def expected(state_or_id: State | str) -> Expected:
    """The expectations for a state's ruleset, or for a ruleset id."""
    ruleset_id = state_or_id if isinstance(state_or_id, str) else state_or_id.ruleset.id
    return EXPECTED[ruleset_id]


# --- seats and the deal ---------------------------------------------------------------


def active_seats(players: int, dealer: int) -> set[int]:
    """Foster: "If four play, the dealer takes no cards. If five play, he gives cards to the
    two on his left and one on his right" (and so, by the editorial ruling, with six or
    seven)."""
    if players == 3:
        return {0, 1, 2}
    if players == 4:
        return {s for s in range(4) if s != dealer}
    return {(dealer + 1) % players, (dealer + 2) % players, (dealer - 1) % players}


def turn_order(players: int, dealer: int) -> tuple[int, ...]:
    """The active seats clockwise from the dealer's left: eldest first."""
    active = active_seats(players, dealer)
    clockwise = ((dealer + k) % players for k in range(1, players + 1))
    return tuple(s for s in clockwise if s in active)


def destinations(deal: str) -> list[int | None]:
    """Where each card of the pack goes, in dealing order: a hand counted from eldest
    (0, 1, 2) or ``None`` for the widow."""
    if deal == "slough-1-4-8":
        found: list[int | None] = []
        hand = 0
        for position in range(1, 37):
            if position in (1, 4, 8):
                found.append(None)
            else:
                found.append(hand)
                hand = (hand + 1) % 3
        return found
    first, second, third = {"3-(3)-4-4": (3, 4, 4), "4-(3)-3-4": (4, 3, 4)}[deal]
    packets: list[int | None] = [h for h in range(3) for _ in range(first)]
    packets += [None] * 3
    for size in (second, third):
        packets += [h for h in range(3) for _ in range(size)]
    return packets


# --- the auction ----------------------------------------------------------------------

Turn = tuple[int, tuple[Contract, ...]]


class AuctionModel(Protocol):
    """An auction procedure as a source describes it, fed one call at a time."""

    def turn(self) -> Turn | None:
        """Who is asked next and what he may bid (``None``: the auction is over)."""

    def record(self, seat: int, bid: Contract | None) -> None:
        """Record what the seat asked said."""


class _Auction:
    def __init__(self, order: tuple[int, ...], contracts: tuple[Contract, ...]) -> None:
        self.order = order
        self.contracts = contracts
        self.high: Contract | None = None
        self.high_seat: int | None = None
        self.passed: set[int] = set()

    def higher(self) -> tuple[Contract, ...]:
        return tuple(c for c in self.contracts if self.high is None or c > self.high)

    def note(self, seat: int, bid: Contract | None) -> None:
        if bid is None:
            self.passed.add(seat)
        else:
            self.high, self.high_seat = bid, seat


class OverbidToRaise(_Auction):
    """Foster: "Each player in turn, beginning on the dealer's left, can offer to play one
    of three games, and the highest offer must be accepted. [...] A player cannot increase
    his own bid unless he is overbid." Bidding goes round until all but one have passed."""

    def __init__(self, order: tuple[int, ...], contracts: tuple[Contract, ...]) -> None:
        super().__init__(order, contracts)
        self.last: int | None = None

    def turn(self) -> Turn | None:
        bids = self.higher()
        if not bids:
            return None
        start = 0 if self.last is None else self.order.index(self.last) + 1
        for k in range(3):
            seat = self.order[(start + k) % 3]
            if seat not in self.passed and seat != self.high_seat:
                return seat, bids
        return None

    def record(self, seat: int, bid: Contract | None) -> None:
        self.last = seat
        self.note(seat, bid)


class OneRound(_Auction):
    """The article: "There is one round of bidding, but a player who announced "Frog" and
    is outbid by "Chico" may immediately raise to "Grand"; otherwise must pass." """

    def __init__(self, order: tuple[int, ...], contracts: tuple[Contract, ...]) -> None:
        super().__init__(order, contracts)
        self.waiting = list(order)
        self.answering: int | None = None

    def turn(self) -> Turn | None:
        bids = self.higher()
        if not bids:
            return None
        if self.answering is not None:
            return self.answering, (GRAND,)
        return (self.waiting[0], bids) if self.waiting else None

    def record(self, seat: int, bid: Contract | None) -> None:
        if seat == self.answering:
            self.answering = None
        else:
            self.waiting.pop(0)
            if bid == CHICO and self.high == FROG:
                self.answering = self.high_seat
        self.note(seat, bid)


class OneBidEach(_Auction):
    """The web page: "Each player makes only one bid on their turn and must increase the bid
    of the last player if applicable, or pass." """

    def __init__(self, order: tuple[int, ...], contracts: tuple[Contract, ...]) -> None:
        super().__init__(order, contracts)
        self.waiting = list(order)

    def turn(self) -> Turn | None:
        bids = self.higher()
        return (self.waiting[0], bids) if bids and self.waiting else None

    def record(self, seat: int, bid: Contract | None) -> None:
        self.waiting.pop(0)
        self.note(seat, bid)


_AUCTIONS: dict[str, Callable[[tuple[int, ...], tuple[Contract, ...]], AuctionModel]] = {
    "overbid-to-raise": OverbidToRaise,
    "one-round": OneRound,
    "one-bid-each": OneBidEach,
}


def expected_turn(state: State) -> Turn | None:
    """Replay the state's auction through its ruleset's model; the next turn, or ``None``.

    Raises :class:`AssertionError` if the history itself breaks the model.
    """
    e = expected(state)
    model = _AUCTIONS[e.auction](turn_order(state.players, state.dealer), e.contracts)
    for i, (seat, bid) in enumerate(state.auction):
        turn = model.turn()
        assert turn is not None, f"auction step {i}: the auction should already be over"
        assert turn[0] == seat, f"auction step {i}: seat {seat} spoke, seat {turn[0]} was due"
        assert bid is None or bid in turn[1], (
            f"auction step {i}: seat {seat} bid {bid.code}, "
            f"allowed only {[c.code for c in turn[1]]}"
        )
        model.record(seat, bid)
    return model.turn()


# --- settlement and the match ---------------------------------------------------------


def counterparties(
    ruleset_id: str,
    options: Mapping[str, object],
    players: int,
    dealer: int,
    bidder: int,
    contract: Contract,
    won: bool,
) -> set[int]:
    """The seats that settle with the bidder. Foster: "he must be paid a counter by each of
    the others who held cards. But if he does not get 60, he must pay each of the others at
    the table, including those who held no cards"; 1922: sitting out "They only received
    payments" (the default, by the editorial ruling), "They paid and received", "They paid
    and received for a Solo, but only received for Frog"."""
    others = {s for s in range(players) if s != bidder}
    system = options.get("sitting_out", "receive-only")
    if system == "pay-and-receive" or (system == "pay-and-receive-solo-only" and contract != FROG):
        return others
    if won:
        return active_seats(players, dealer) - {bidder}
    return others


def amount(
    ruleset_id: str, options: Mapping[str, object], contract: Contract, bidder_points: int
) -> int:
    """What each counterparty pays or is paid: the margin over or under 60 times the rate,
    or Coeur d'Alene's fixed amount. Penalty Frog: "the bidder paid the Heart Solo rate if
    a Frog contract was lost"."""
    e = EXPECTED[ruleset_id]
    won = bidder_points > 60
    rated = (
        GRAND if options.get("penalty_frog") is True and contract == FROG and not won else contract
    )
    if e.fixed is not None:
        return e.fixed[rated]
    assert e.rates is not None
    return abs(bidder_points - 60) * e.rates[rated]


def payments(
    ruleset_id: str,
    options: Mapping[str, object],
    players: int,
    dealer: int,
    bidder: int,
    contract: Contract,
    bidder_points: int,
) -> tuple[int, ...]:
    """The payments by seat. "A score of 60 is, in effect, a tie and no payments are
    made"; over 60 each counterparty pays the bidder, under 60 the bidder pays each."""
    result = [0] * players
    if bidder_points == 60:
        return tuple(result)
    won = bidder_points > 60
    each = amount(ruleset_id, options, contract, bidder_points)
    sign = 1 if won else -1
    seats = counterparties(ruleset_id, options, players, dealer, bidder, contract, won)
    for seat in seats:
        result[seat] = -sign * each
    result[bidder] = sign * each * len(seats)
    return tuple(result)


def loser(
    ruleset_id: str,
    balances: Sequence[int],
    paid: Sequence[int],
    bidder: int,
    players: int,
) -> int | None:
    """1922: "The first player unable to pay for winnings lost the game": by the editorial
    ruling, the first seat from the bidder clockwise that owes more than it holds."""
    if not EXPECTED[ruleset_id].ends:
        return None
    for k in range(players):
        seat = (bidder + k) % players
        if paid[seat] < 0 and balances[seat] + paid[seat] < 0:
            return seat
    return None


# --- illegal actions ------------------------------------------------------------------


def broken_rule(state: State, action: Action) -> str | None:
    """The rule an illegal action breaks, where the rules leave no doubt (``None``: any
    registered rule will do)."""
    e = expected(state)
    phase = state.phase
    wanted = {
        Phase.AUCTION: (ActionKind.PASS, ActionKind.BID),
        Phase.DISCARD: (ActionKind.DISCARD,),
        Phase.TRUMP: (ActionKind.TRUMP,),
        Phase.PLAY: (ActionKind.PLAY,),
        Phase.OVER: (),
    }[phase]
    if action.kind not in wanted:
        return "deal.actions-by-phase"
    if phase == Phase.AUCTION:
        if action.kind == ActionKind.BID:
            bid = Contract(action.value)
            if bid not in e.contracts:
                return e.contracts_rule
            standing = [b for _, b in state.auction if b is not None]
            if standing and bid <= standing[-1]:
                return "auction.contract-order"
        return e.procedure_rule
    if phase == Phase.DISCARD:
        return "widow.frog-take-and-discard"
    if phase == Phase.TRUMP:
        return e.chico_rule
    assert state.to_act is not None and state.trump is not None
    hand = state.hands[state.to_act]
    if not hand >> action.value & 1:
        return "play.card-from-hand"
    if state.trick:
        led = suit(state.trick[0])
        held = {suit(c) for c in members(hand)}
        if led in held and suit(action.value) != led:
            return "play.follow-suit"
        trump = state.trump.letter
        if led not in held and trump in held and suit(action.value) != trump:
            return "play.must-trump"
    return None
