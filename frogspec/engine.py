"""The engine: one deal of Frog from the shuffled pack to the payments, as immutable states.

:func:`new_deal` deals a pack; :func:`legal_actions` lists what the player to act may do;
:func:`apply` returns the next state and never changes the one it is given. An action
against the rules raises :class:`~frogspec.errors.IllegalActionError` naming the rule it
breaks. :func:`play_match` runs a match of several deals.

>>> from frogspec.rules.cards import CARDS
>>> state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
>>> state.phase.code, state.to_act, [str(a) for a in legal_actions(state)]
('auction', 1, ['pass', 'frog', 'chico', 'grand'])
>>> state = apply(state, parse_action("grand"))
>>> state.phase.code, state.bidder, state.contract.code, state.trump.letter
('play', 1, 'grand', 'H')
>>> apply(state, parse_action("play AS"))
Traceback (most recent call last):
frogspec.errors.IllegalActionError: seat 1 does not hold AS [play.card-from-hand]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import IntEnum
from functools import lru_cache, partial
from typing import Any, NamedTuple, cast

from frogspec.errors import IllegalActionError, InvalidInputError
from frogspec.questions import Question
from frogspec.rules.auction import AuctionHistory, AuctionProcedure, Contract, Turn, parse_contract
from frogspec.rules.cards import (
    CARDS,
    FULL_PACK,
    SUIT_OF,
    SUIT_PATTERNS,
    SUIT_SIZE,
    Card,
    Suit,
    format_card,
    pack,
    parse_card,
    parse_suit,
    points_of,
    suit_pattern_cards,
)
from frogspec.rules.deal import deal_cards
from frogspec.rules.match import balances_after
from frogspec.rules.widow import DISCARDS
from frogspec.rulesets import Ruleset, get_ruleset
from frogspec.ruletable import DUTIES_OF_THE_PLAY, TABLE_RULES, RuleTable

__all__ = [
    "AUCTION_ACTIONS",
    "PLAY_ACTIONS",
    "Action",
    "ActionKind",
    "DealOutcome",
    "MatchError",
    "MatchResult",
    "Phase",
    "State",
    "after_auction",
    "apply",
    "auction_turn",
    "card_played",
    "check_deck",
    "check_players",
    "check_seat",
    "deal_checked",
    "legal_actions",
    "new_deal",
    "outcome",
    "parse_action",
    "play_match",
    "play_over",
    "ruleset_of",
    "settle",
    "start_play",
    "trick_taken",
    "turn_taken",
    "with_discards",
]


class Phase(IntEnum):
    """The phases of a deal."""

    AUCTION = 0
    DISCARD = 1
    TRUMP = 2
    PLAY = 3
    OVER = 4

    @property
    def code(self) -> str:
        """The protocol's name of the phase."""
        return self.name.lower()


class ActionKind(IntEnum):
    """What kind of thing an action does."""

    PASS = 0
    BID = 1
    DISCARD = 2
    TRUMP = 3
    PLAY = 4


class Action(NamedTuple):
    """One action, in the protocol's notation when printed: ``pass``, ``frog``,
    ``discard 10H``, ``trump S``, ``play AS``. ``value`` is the contract, card or suit."""

    kind: ActionKind
    value: int = 0

    def __str__(self) -> str:
        kind = self.kind
        if kind == ActionKind.PASS:
            return "pass"
        if kind == ActionKind.BID:
            return Contract(self.value).code
        if kind == ActionKind.TRUMP:
            return f"trump {Suit(self.value).letter}"
        word = "discard" if kind == ActionKind.DISCARD else "play"
        return f"{word} {format_card(self.value)}"


PASS = Action(ActionKind.PASS)

#: The actions of a turn in the auction, by the bids it allows (every subset of contracts):
#: the pass first, then each bid, as :func:`legal_actions` lists them.
AUCTION_ACTIONS: dict[tuple[Contract, ...], tuple[Action, ...]] = {
    bids: (PASS, *(Action(ActionKind.BID, c) for c in bids))
    for bids in (tuple(c for c in Contract if subset >> (c - 1) & 1) for subset in range(8))
}

#: The contracts by their value (index 0 stands for a pass).
_CONTRACTS_BY_VALUE: tuple[Contract, ...] = (Contract.FROG, *Contract)

#: The action that plays each card, by card.
PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(ActionKind.PLAY, c) for c in CARDS)


def _actions_by_suit_pattern(
    action_of: Callable[[Card], Action],
) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    # The actions of the cards of every pattern of one suit's cards (see cards.suit_pattern),
    # by suit, so that the legal plays or discards of a hand are four table lookups.
    return tuple(
        tuple(
            tuple(map(action_of, suit_pattern_cards(suit, pattern)))
            for pattern in range(SUIT_PATTERNS)
        )
        for suit in Suit
    )


_CLUB_PLAYS, _DIAMOND_PLAYS, _HEART_PLAYS, _SPADE_PLAYS = _actions_by_suit_pattern(
    PLAY_ACTIONS.__getitem__
)
_DISCARDS_BY_SUIT = _actions_by_suit_pattern(partial(Action, ActionKind.DISCARD))
_PATTERN = SUIT_PATTERNS - 1


def parse_action(text: object) -> Action:
    """Parse an action in the protocol's notation.

    >>> parse_action("discard 10H") == Action(ActionKind.DISCARD, parse_card("10H"))
    True
    >>> parse_action("bid frog")
    Traceback (most recent call last):
    frogspec.errors.InvalidInputError: unknown action 'bid frog': one of 'pass', 'frog', 'chico', 'grand', 'discard CARD', 'trump SUIT', 'play CARD'
    """
    if isinstance(text, str):
        if text == "pass":
            return PASS
        if text in ("frog", "chico", "grand"):
            return Action(ActionKind.BID, parse_contract(text))
        word, _, arg = text.partition(" ")
        if word == "play" and arg:
            return Action(ActionKind.PLAY, parse_card(arg))
        if word == "discard" and arg:
            return Action(ActionKind.DISCARD, parse_card(arg))
        if word == "trump" and arg:
            return Action(ActionKind.TRUMP, parse_suit(arg))
    raise InvalidInputError(
        f"unknown action {text!r}: one of 'pass', 'frog', 'chico', 'grand', 'discard CARD', "
        "'trump SUIT', 'play CARD'"
    )


class State(NamedTuple):
    """A position in a deal. Immutable: :func:`apply` returns a new one.

    ``hands`` and ``won`` are card masks by seat (0 for a seat sitting out); ``order`` is
    the active seats from eldest; ``widow`` the three cards dealt to it (in a Frog they go
    into the bidder's hand, and ``laid_away`` holds his discards); ``trick`` the cards
    played to the current trick, led by ``leader``; ``tricks`` the tricks completed.
    """

    ruleset: Ruleset
    players: int
    dealer: int
    order: tuple[int, ...]
    hands: tuple[int, ...]
    widow: int
    phase: Phase
    to_act: int | None
    auction: AuctionHistory = ()
    bidder: int | None = None
    contract: Contract | None = None
    trump: Suit | None = None
    laid_away: int = 0
    leader: int | None = None
    trick: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    tricks: int = 0

    @property
    def active(self) -> tuple[int, ...]:
        """The active seats, sorted."""
        return tuple(sorted(self.order))

    @property
    def widow_shown(self) -> bool:
        """Whether the widow has been shown to the table (a Frog, where the ruleset shows it)."""
        return (
            self.contract == Contract.FROG
            and self.phase != Phase.AUCTION
            and self.ruleset.rules.widow_shown()
        )


# A State from its seventeen fields in order, without NamedTuple's keyword handling (nor
# State._make's check of their number). Only the builders below use it (each the _replace
# it stands for, at a third of its cost, and tested to be); every other state is built by
# field name through them, or State(...) with keywords, or _replace.
_make: Callable[[tuple[object, ...]], State] = partial(tuple.__new__, State)
_FIELD_ORDER = (
    "ruleset", "players", "dealer", "order", "hands", "widow", "phase", "to_act", "auction",
    "bidder", "contract", "trump", "laid_away", "leader", "trick", "won", "tricks",
)  # fmt: skip
if State._fields != _FIELD_ORDER:  # a field moved: the builders would mix them up silently
    raise ImportError("State's fields changed order: update _FIELD_ORDER and the builders")


def turn_taken(state: State, *, to_act: int, auction: AuctionHistory) -> State:
    """``state._replace(to_act=to_act, auction=auction)``: the auction goes on."""
    (rs, players, dealer, order, hands, widow, phase, _, _, bidder, contract, trump,
     laid_away, leader, trick, won, tricks) = state  # fmt: skip
    return _make(
        (rs, players, dealer, order, hands, widow, phase, to_act, auction, bidder,
         contract, trump, laid_away, leader, trick, won, tricks)
    )  # fmt: skip


def card_played(
    state: State, *, hands: tuple[int, ...], to_act: int, trick: tuple[Card, ...]
) -> State:
    """``state._replace(hands=hands, to_act=to_act, trick=trick)``: a card is played to
    the trick and the next seat plays."""
    (rs, players, dealer, order, _, widow, phase, _, auction, bidder, contract, trump,
     laid_away, leader, _, won, tricks) = state  # fmt: skip
    return _make(
        (rs, players, dealer, order, hands, widow, phase, to_act, auction, bidder,
         contract, trump, laid_away, leader, trick, won, tricks)
    )  # fmt: skip


def trick_taken(
    state: State, *, hands: tuple[int, ...], leader: int, won: tuple[int, ...], tricks: int
) -> State:
    """``state._replace(hands=hands, to_act=leader, leader=leader, trick=(), won=won,
    tricks=tricks)``: a trick is taken and ``leader`` leads to the next."""
    (rs, players, dealer, order, _, widow, phase, _, auction, bidder, contract, trump,
     laid_away, _, _, _, _) = state  # fmt: skip
    return _make(
        (rs, players, dealer, order, hands, widow, phase, leader, auction, bidder,
         contract, trump, laid_away, leader, (), won, tricks)
    )  # fmt: skip


# The members the hot paths compare with, looked up once (an enum's attribute is slow).
_AUCTION, _DISCARD, _TRUMP, _PLAY, _OVER = Phase
_PLAY_KIND = ActionKind.PLAY


@lru_cache(maxsize=1024)
def _seating(
    active_seats: Callable[[int, int], tuple[int, ...]],
    eldest_first: Callable[[tuple[int, ...], int, int], tuple[int, ...]],
    players: int,
    dealer: int,
) -> tuple[int, ...]:
    # The active seats from eldest: a pure function of the rules and the table, asked at
    # every deal (keyed by the rule functions, so that a ruleset's own are asked).
    return eldest_first(active_seats(players, dealer), players, dealer)


@lru_cache(maxsize=8192)
def auction_turn(
    procedure: AuctionProcedure,
    order: tuple[int, ...],
    contracts: tuple[Contract, ...],
    history: AuctionHistory,
) -> Turn | None:
    """The next turn of the auction after ``history`` (``None``: the auction is over), as
    ``procedure`` (a ruleset's ``auction_procedure``) gives it for the seats ``order`` and
    the ``contracts`` allowed; remembered, since a procedure is a pure function of these."""
    return procedure(order, contracts, history)


_PACK_CARDS = frozenset(CARDS)
#: The card points of the whole pack (120).
_PACK_POINTS = points_of(FULL_PACK)
_ONLY_INT = {int}


def ruleset_of(ruleset: Ruleset | str) -> Ruleset:
    """``ruleset`` itself, or the ruleset with that id (:func:`~frogspec.rulesets.get_ruleset`)."""
    return ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)


def check_seat(seat: object, players: int, what: str) -> int:
    """``seat`` if it is a seat of a table of ``players``; :class:`InvalidInputError` naming
    ``what`` it is (the dealer, the bidder) otherwise."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidInputError(f"{what} must be a seat from 0 to {players - 1}, got {seat!r}")
    return seat


def check_players(ruleset: Ruleset, players: object) -> int:
    """``players`` if the ruleset allows that many; :class:`InvalidInputError` otherwise."""
    allowed = ruleset.rules.player_count()
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        many = (
            f"exactly {allowed.start}"
            if len(allowed) == 1
            else f"{allowed.start} to {allowed.stop - 1}"
        )
        raise InvalidInputError(f"ruleset {ruleset.id!r} is for {many} players, got {players!r}")
    return players


def check_deck(deck: Sequence[object], rules: RuleTable | None = None) -> tuple[Card, ...]:
    """``deck`` as a tuple if it is the pack (:func:`~frogspec.rules.cards.pack`, or the pack of
    the ``rules`` given: a ruleset's :class:`~frogspec.ruletable.RuleTable`) once each;
    :class:`InvalidInputError` if not (the items are untrusted: ``True`` is not a card, in
    the compiled build too).

    >>> check_deck([True, *range(1, 36)])
    Traceback (most recent call last):
    frogspec.errors.InvalidInputError: not a card: True
    """
    cards: tuple[object, ...] = tuple(deck)
    full = pack() if rules is None else rules.pack()
    if (
        full == FULL_PACK
        and len(cards) == len(CARDS)
        and set(map(type, cards)) == _ONLY_INT
        and _PACK_CARDS.issubset(cards)
    ):
        return cast("tuple[Card, ...]", cards)  # the 36 cards of the pack, each once
    if len(cards) != full.bit_count():
        raise InvalidInputError(f"a deck has {full.bit_count()} cards, got {len(cards)}")
    seen = 0
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(CARDS):
            raise InvalidInputError(f"not a card: {card!r}")
        if not full >> card & 1:
            raise InvalidInputError(f"{format_card(card)} is not a card of the pack")
        if seen >> card & 1:
            raise InvalidInputError(f"duplicate card {format_card(card)} in the deck")
        seen |= 1 << card
    return cast("tuple[Card, ...]", cards)  # each checked to be a card of the pack


def new_deal(
    ruleset: Ruleset | str,
    players: int,
    dealer: int,
    deck: Sequence[Card],
    options: Mapping[str, object] | None = None,
) -> State:
    """Deal ``deck`` (``deck[0]`` dealt first) and open the auction."""
    rs = ruleset_of(ruleset)
    if options:
        rs = rs.with_options(options)
    check_players(rs, players)
    check_seat(dealer, players, "dealer")
    return deal_checked(rs, players, dealer, check_deck(deck, rs.rules))


def deal_checked(rs: Ruleset, players: int, dealer: int, deck: Sequence[Card]) -> State:
    """:func:`new_deal`'s work once its arguments are known to be good: ``players`` allowed
    by ``rs``, ``dealer`` a seat, ``deck`` the pack once each (a deck the engine shuffled
    from :func:`~frogspec.rules.cards.pack` itself is; anything else goes through
    :func:`new_deal`)."""
    rules = rs.rules
    order = _seating(rules.active_seats, rules.eldest_first, players, dealer)
    dealt, widow = deal_cards(rules.deal_pattern(), deck)
    hands = [0] * players
    for seat, hand in zip(order, dealt, strict=True):
        hands[seat] = hand
    turn = auction_turn(rules.auction_procedure, order, rules.contracts(), ())
    assert turn is not None, "an auction always opens with eldest's turn"
    # The auction opens; nothing is bid, laid away or played (State's defaults).
    return State(
        ruleset=rs,
        players=players,
        dealer=dealer,
        order=order,
        hands=tuple(hands),
        widow=widow,
        phase=_AUCTION,
        to_act=turn.seat,
        won=(0,) * players,
    )


class _LastLegalPlays:
    """The legal plays :func:`legal_actions` found last, with the state they are of.

    A caller of the API asks ``legal_actions(state)`` and then ``apply(state, action)``:
    apply takes the mask from here instead of asking ``legal_plays`` again, when it is the
    very same state (held here, so that no other object can take its id), which carries its
    ruleset and so its rules. The answer is one tuple, replaced whole, so that threads
    cannot mix two states' halves; registry.clear_caches forgets it.
    """

    __slots__ = ("answer", "cache_clear")

    def __init__(self) -> None:
        self.answer: tuple[State, int] | None = None
        # An attribute of the one instance, not a method: registry.clear_caches calls the
        # cache_clear it finds on every value of the module, this class included.
        self.cache_clear: Callable[[], None] = self._forget

    def _forget(self) -> None:
        self.answer = None


_last_legal_plays = _LastLegalPlays()


@lru_cache(maxsize=16)
def _trump_actions(suits: tuple[Suit, ...]) -> tuple[Action, ...]:
    return tuple(Action(ActionKind.TRUMP, suit) for suit in suits)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action the player to act may take (empty once the deal is over)."""
    # Taken apart once, in State's order (_FIELD_ORDER): asked before every action.
    (rs, _, _, _, hands, _, phase, to_act, _, _, _, trump, _, _, trick, _, _) = state
    if phase == _PLAY:
        mask = rs.rules.legal_plays(hands[to_act], trick, trump)  # type: ignore[index]
        _last_legal_plays.answer = (state, mask)
        # The play actions of each suit's pattern (cards.suit_pattern), written out.
        return (
            _CLUB_PLAYS[mask & _PATTERN]
            + _DIAMOND_PLAYS[mask >> SUIT_SIZE & _PATTERN]
            + _HEART_PLAYS[mask >> 2 * SUIT_SIZE & _PATTERN]
            + _SPADE_PLAYS[mask >> 3 * SUIT_SIZE]
        )
    if phase == _AUCTION:
        rules = state.ruleset.rules
        turn = auction_turn(rules.auction_procedure, state.order, rules.contracts(), state.auction)
        assert turn is not None
        return AUCTION_ACTIONS[turn.bids]
    if phase == _DISCARD:
        mask = state.ruleset.rules.discardable(state.hands[state.to_act])  # type: ignore[index]
        clubs, diamonds, hearts, spades = _DISCARDS_BY_SUIT
        return (
            clubs[mask & _PATTERN]
            + diamonds[mask >> SUIT_SIZE & _PATTERN]
            + hearts[mask >> 2 * SUIT_SIZE & _PATTERN]
            + spades[mask >> 3 * SUIT_SIZE]
        )
    if phase == _TRUMP:
        return _trump_actions(state.ruleset.rules.chico_trump())
    return ()


def _illegal(rule_id: str, message: str) -> IllegalActionError:
    # The rule broken is named by its id (a ruleset's reading: Ruleset.rule_id), whatever
    # function its ruleset has in its place.
    return IllegalActionError(rule_id, message)


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the player to act. ``state`` itself is not changed."""
    phase = state.phase
    if phase == _PLAY:
        return _apply_play(state, action)
    if phase == _AUCTION:
        return _apply_auction(state, action)
    if phase == _DISCARD:
        return _apply_discard(state, action)
    if phase == _TRUMP:
        return _apply_trump(state, action)
    if action.kind.name.lower() in state.ruleset.rules.actions_of_phase(phase.code):
        return state  # an action the finished deal took would change nothing in it
    raise _out_of_phase(state, action)


def _out_of_phase(state: State, action: Action) -> IllegalActionError:
    # An action of a kind the phase does not take (deal.actions-by-phase).
    if state.phase == Phase.OVER:
        why = "every player passed" if state.bidder is None else "all eleven tricks are played"
        return _illegal(
            "deal.actions-by-phase", f"the deal is over ({why}): no action is taken, not {action}"
        )
    takes = state.ruleset.rules.actions_of_phase(state.phase.code)
    return _illegal(
        "deal.actions-by-phase",
        f"seat {state.to_act} must {' or '.join(_DOING[kind] for kind in sorted(takes))} in "
        f"the {state.phase.code} phase, not {action}",
    )


# The kinds of action (deal.PHASE_ACTIONS) as a player does them, for messages.
_DOING = {
    "bid": "bid",
    "pass": "pass",
    "discard": "lay away a card",
    "trump": "name a trump",
    "play": "play a card",
}


def _apply_auction(state: State, action: Action) -> State:
    rs = state.ruleset
    rules = rs.rules
    contracts = rules.contracts()
    turn = auction_turn(rules.auction_procedure, state.order, contracts, state.auction)
    assert turn is not None
    seat = turn.seat
    if action.kind == ActionKind.PASS:
        history = (*state.auction, (seat, None))
    elif action.kind == ActionKind.BID:
        bid = _CONTRACTS_BY_VALUE[action.value]
        if bid not in contracts:
            raise _illegal(
                rs.rule_id(Question.CONTRACTS), f"{bid.code} is not a contract of {rs.name}"
            )
        standing = next((b for _, b in reversed(state.auction) if b is not None), None)
        if not rules.outbids(bid, standing):
            raise _illegal(
                "auction.contract-order",
                f"seat {seat} bid {bid.code}, which does not outbid "
                f"{standing.code if standing else 'nothing'}",
            )
        if bid not in turn.bids:
            allowed = ", ".join(c.code for c in turn.bids) or "nothing"
            raise _illegal(
                rs.rule_id(Question.AUCTION_PROCEDURE),
                f"seat {seat} may pass or bid {allowed}, not {bid.code}",
            )
        history = (*state.auction, (seat, bid))
    else:
        raise _out_of_phase(state, action)
    return _after_bid(state, history, contracts)


def _after_bid(state: State, history: AuctionHistory, contracts: tuple[Contract, ...]) -> State:
    # The state once ``history`` (the auction with its newest bid or pass) stands: the next
    # seat's turn, or the end of the auction.
    following = auction_turn(state.ruleset.rules.auction_procedure, state.order, contracts, history)
    if following is None:
        return after_auction(state, history)
    return turn_taken(state, to_act=following.seat, auction=history)


def after_auction(state: State, history: AuctionHistory) -> State:
    """The state once the auction has ended with ``history`` (the procedure gives no more
    turns): the deal is over if everyone passed; otherwise the bidder takes the widow, or
    names a trump, or the play begins. (Where the rules let the bidder of a contract
    without a fixed trump take the widow, he names the trump once he has laid away.)"""
    rules = state.ruleset.rules
    if rules.all_pass_ends_deal(history):
        return state._replace(phase=_OVER, to_act=None, auction=history)
    winning = rules.auction_winner(history)
    assert winning is not None, "an auction that is not all passes has a highest bid"
    bidder, bid = winning
    contract = rules.contract_played(bid)
    trump = rules.fixed_trump(contract)
    if rules.exchanges_widow(contract):
        taken = list(state.hands)
        taken[bidder] |= state.widow
        return state._replace(
            hands=tuple(taken),
            phase=_DISCARD,
            to_act=bidder,
            auction=history,
            bidder=bidder,
            contract=contract,
            trump=trump,
        )
    if trump is None:
        return state._replace(
            phase=_TRUMP, to_act=bidder, auction=history, bidder=bidder, contract=contract
        )
    return _playing(state, history, bidder, contract, trump)


def start_play(state: State, trump: Suit) -> State:
    """The state as the play begins under ``trump``: the first leader to lead."""
    return _playing(state, state.auction, state.bidder, state.contract, trump)


def _playing(
    state: State,
    auction: AuctionHistory,
    bidder: int | None,
    contract: Contract | None,
    trump: Suit,
) -> State:
    # The play begins: state._replace(phase=PLAY, to_act=leader, auction=auction,
    # bidder=bidder, contract=contract, trump=trump, leader=leader), built by field name in
    # State's order (_FIELD_ORDER) at a third of _replace's cost.
    (rs, players, dealer, order, hands, widow, _, _, _, _, _, _, laid_away, _, trick, won,
     tricks) = state  # fmt: skip
    leader = rs.rules.first_leader(order, bidder, contract)
    return _make(
        (rs, players, dealer, order, hands, widow, _PLAY, leader, auction, bidder, contract,
         trump, laid_away, leader, trick, won, tricks)
    )  # fmt: skip


def with_discards(state: State, hands: tuple[int, ...], laid_away: int) -> State:
    """``state`` with the bidder's hand (in ``hands``) and his discards changed."""
    (rs, players, dealer, order, _, widow, phase, to_act, auction, bidder, contract, trump,
     _, leader, trick, won, tricks) = state  # fmt: skip
    return _make(
        (rs, players, dealer, order, hands, widow, phase, to_act, auction, bidder, contract,
         trump, laid_away, leader, trick, won, tricks)
    )  # fmt: skip


def _apply_discard(state: State, action: Action) -> State:
    seat = state.bidder
    assert seat is not None
    if action.kind != ActionKind.DISCARD:
        raise _out_of_phase(state, action)
    card = action.value
    hand = state.hands[seat]
    if not state.ruleset.rules.discardable(hand) >> card & 1:
        raise _illegal(
            "widow.frog-take-and-discard", f"seat {seat} does not hold {format_card(card)}"
        )
    hands = list(state.hands)
    hands[seat] = hand & ~(1 << card)
    laid_away = state.laid_away | 1 << card
    state = with_discards(state, tuple(hands), laid_away)
    if laid_away.bit_count() < DISCARDS:
        return state
    if state.trump is None:  # a contract whose bidder names the trump names it now
        return state._replace(phase=_TRUMP, to_act=seat)
    return start_play(state, state.trump)


def _apply_trump(state: State, action: Action) -> State:
    rs = state.ruleset
    allowed = rs.rules.chico_trump()
    if action.kind != ActionKind.TRUMP:
        raise _out_of_phase(state, action)
    suit = Suit(action.value)
    if suit not in allowed:
        names = " ".join(s.letter for s in allowed)
        raise _illegal(
            rs.rule_id(Question.CHICO_TRUMP),
            f"a Chico bidder names one of {names}, not {suit.letter}",
        )
    return start_play(state, suit)


def _apply_play(state: State, action: Action) -> State:
    # The hot path of the engine: the state is taken apart once and the next one built
    # field by field, in State's order (_FIELD_ORDER, held to State's at import): each
    # build is the builder named beside it written out (a call of it costs a tenth of
    # apply), and the tests hold the two to the same _replace.
    (rs, players, dealer, order, hands, widow, phase, seat, auction, bidder, contract, trump,
     laid_away, leader, trick, won, tricks) = state  # fmt: skip
    rules = rs.rules
    if action.kind != _PLAY_KIND:
        raise _out_of_phase(state, action)
    card = action.value
    hand = hands[seat]  # type: ignore[index]
    if not rules.play_from_hand(hand, card):
        raise _illegal("play.card-from-hand", f"seat {seat} does not hold {format_card(card)}")
    # The duties are judged on the hand with the card in it: play.card-from-hand alone
    # decides whether the card is held (the same hand, for a card that is). The legal
    # plays legal_actions found for this very state are those of that hand.
    bit = 1 << card
    last = _last_legal_plays.answer
    if last is not None and last[0] is state and hand & bit:
        legal = last[1]
    else:
        legal = rules.legal_plays(hand | bit, trick, trump)
    if not legal & bit:
        raise _why_not(rules, hand | bit, trick, trump, seat, card)  # type: ignore[arg-type]
    after: tuple[int, ...]
    if len(hands) == 3:  # the hands with the card taken out, written out for three seats
        first, second, third = hands
        after = (
            (first & ~bit, second, third)
            if seat == 0
            else (first, second & ~bit, third)
            if seat == 1
            else (first, second, third & ~bit)
        )
    else:
        taken_out = list(hands)
        taken_out[seat] = hand & ~bit  # type: ignore[index]
        after = tuple(taken_out)
    trick = (*trick, card)
    if len(trick) < len(order):
        following = order[(order.index(seat) + 1) % len(order)]
        return _make(  # card_played(state, hands=after, to_act=following, trick=trick)
            (rs, players, dealer, order, after, widow, phase, following, auction, bidder,
             contract, trump, laid_away, leader, trick, won, tricks)
        )  # fmt: skip
    assert leader is not None
    winner = order[(order.index(leader) + rules.trick_winner(trick, trump)) % len(order)]
    taken = list(won)
    for played in trick:
        taken[winner] |= 1 << played
    tricks += 1
    if tricks == rules.tricks_per_deal():
        return play_over(state, after, tuple(taken), tricks)
    leader = rules.next_leader(winner)
    return _make(  # trick_taken(state, hands=after, leader=leader, won=..., tricks=tricks)
        (rs, players, dealer, order, after, widow, phase, leader, auction, bidder,
         contract, trump, laid_away, leader, (), tuple(taken), tricks)
    )  # fmt: skip


def play_over(state: State, hands: tuple[int, ...], won: tuple[int, ...], tricks: int) -> State:
    """The state after the last card of the deal, played from ``state``: the ``hands`` left,
    the cards each seat ``won``, ``tricks`` played; over, nobody to act, nothing on the
    table (the end of :func:`apply` and of :func:`~frogspec.playout.random_playout`)."""
    (rs, players, dealer, order, _, widow, _, _, auction, bidder, contract, trump, laid_away,
     _, _, _, _) = state  # fmt: skip
    return _make(
        (rs, players, dealer, order, hands, widow, _OVER, None, auction, bidder, contract,
         trump, laid_away, None, (), won, tricks)
    )  # fmt: skip


#: What a seat is told when a card breaks a duty of the play, by the duty's field of the
#: rule table (the rule it names is the field's, :data:`~frogspec.ruletable.TABLE_RULES`).
_REFUSALS = {
    "lead_any_card": "seat {seat} may not lead {card}",
    "follow_suit": "seat {seat} holds {led} and must follow suit, not play {card}",
    "no_duty_to_head": "seat {seat} may not play {card} to this trick",
    "must_trump": "seat {seat} cannot follow {led} and must trump ({trump}), not play {card}",
    "no_duty_to_overtrump": "seat {seat} may not play {card} to this trick",
    "any_card_when_unable": "seat {seat} may not play {card}",
}


def _why_not(
    rules: RuleTable, hand: int, trick: tuple[Card, ...], trump: Suit | None, seat: int, card: Card
) -> IllegalActionError:
    # Name the duty that refuses the card: the play's legal cards asked again, with each duty
    # they are put together from (DUTIES_OF_THE_PLAY, in legal_plays' own order) watched;
    # the first that answers with cards and leaves this one out refuses it, else the last
    # asked (the lead, or any card when unable).
    asked: list[tuple[str, int]] = []

    def watched(name: str) -> Callable[..., int]:
        duty = getattr(rules, name)

        def ask(*args: Any) -> int:
            cards: int = duty(*args)
            asked.append((name, cards))
            return cards

        return ask

    rules.legal_plays(hand, trick, trump, **{name: watched(name) for name in DUTIES_OF_THE_PLAY})
    bit = 1 << card
    duty = next((name for name, cards in asked if cards and not cards & bit), asked[-1][0])
    message = _REFUSALS[duty].format(
        seat=seat,
        card=format_card(card),
        led=SUIT_OF[trick[0]].letter if trick else "",
        trump=trump.letter if trump is not None else "",
    )
    return _illegal(TABLE_RULES[duty], message)


class DealOutcome(NamedTuple):
    """How a deal ended: the bidder's and defenders' card points, and the payments."""

    bidder_points: int | None
    defender_points: int | None
    payments: tuple[int, ...]


def outcome(state: State) -> DealOutcome:
    """The points and payments of a finished deal (points ``None`` when everyone passed)."""
    phase, bidder, contract = state.phase, state.bidder, state.contract
    if phase != _OVER:
        raise InvalidInputError(f"the deal is not over: it is in the {phase.code} phase")
    if bidder is None or contract is None:
        return DealOutcome(None, None, (0,) * state.players)
    rs, won = state.ruleset, state.won
    rules = rs.rules
    count_points = rules.count_points
    untouched = 0 if rules.exchanges_widow(contract) else state.widow
    bidder_points = count_points(rules.counted_for_bidder(won[bidder], untouched, state.laid_away))
    defender_points = 0
    for seat in state.order:
        if seat != bidder:
            defender_points += count_points(won[seat])
    payments = _payments(rs, state.players, state.active, bidder, contract, bidder_points)
    return DealOutcome(bidder_points, defender_points, payments)


def settle(
    ruleset: Ruleset | str,
    players: int,
    dealer: int,
    bidder: int,
    contract: Contract | str,
    bidder_points: int,
) -> tuple[int, ...]:
    """The payments by seat when ``bidder`` took ``bidder_points`` in ``contract``.

    >>> settle("gamerules", 3, dealer=0, bidder=1, contract=Contract.FROG, bidder_points=80)
    (-20, 40, -20)
    """
    rs = ruleset_of(ruleset)
    if not isinstance(contract, Contract):
        contract = parse_contract(contract)
    check_players(rs, players)
    check_seat(dealer, players, "dealer")
    check_seat(bidder, players, "bidder")
    active = rs.rules.active_seats(players, dealer)
    if bidder not in active:
        raise InvalidInputError(f"seat {bidder} sits out this deal and cannot be the bidder")
    if (
        isinstance(bidder_points, bool)
        or not isinstance(bidder_points, int)
        or not (0 <= bidder_points <= _PACK_POINTS)
    ):
        raise InvalidInputError(f"bidder_points must be 0 to {_PACK_POINTS}, got {bidder_points!r}")
    # Malformed input is refused before a rule is applied: an illegal contract comes last.
    if contract not in rs.rules.contracts():
        raise _illegal(
            rs.rule_id(Question.CONTRACTS), f"{contract.code} is not a contract of {rs.name}"
        )
    return _payments(rs, players, active, bidder, contract, bidder_points)


def _payments(
    rs: Ruleset,
    players: int,
    active: tuple[int, ...],
    bidder: int,
    contract: Contract,
    bidder_points: int,
) -> tuple[int, ...]:
    # settle's work once its arguments are known to be good (a finished deal's are).
    rules = rs.rules
    result = rules.bidder_result(bidder_points)
    if result == 0:
        return (0,) * players
    won = result > 0
    rated = rules.rate_as(contract, won) if rules.rate_as is not None else contract
    amount = rules.rates(rated, abs(result), won)
    counterparties = rules.sitting_out(players, active, bidder, contract, won)
    return rules.payments_each_in_full(players, bidder, counterparties, amount, won)


class MatchResult(NamedTuple):
    """The end of a run of deals: balances by seat, each deal's dealer, and who lost."""

    balances: tuple[int, ...]
    dealers: tuple[int, ...]
    over: bool
    loser: int | None


class MatchError(IllegalActionError):
    """An illegal action in a match: ``deal`` is the deal's index, ``at`` the action's."""

    def __init__(self, rule_id: str, message: str, deal: int, at: int | None) -> None:
        super().__init__(rule_id, message)
        self.deal = deal
        self.at = at


def play_match(
    ruleset: Ruleset | str,
    players: int,
    first_dealer: int,
    deals: Sequence[tuple[Sequence[Card], Sequence[Action]]],
    options: Mapping[str, object] | None = None,
) -> MatchResult:
    """Play ``deals`` (each a deck and its actions, played to the end) from ``first_dealer``.

    Each deal's actions must finish the deal. The match stops being played once the
    ruleset says the game is over; a deal given after that is refused.
    """
    rs = ruleset_of(ruleset).with_options(options or {})
    check_players(rs, players)
    dealer = check_seat(first_dealer, players, "first_dealer")
    rules = rs.rules
    balances = [rules.bank()] * players
    dealers: list[int] = []
    loser: int | None = None
    for index, (deck, actions) in enumerate(deals):
        if loser is not None:
            raise MatchError(
                rs.rule_id(Question.GAME_END),
                f"the game ended after deal {index - 1}: seat {loser} could not pay",
                index,
                None,
            )
        dealers.append(dealer)
        state = new_deal(rs, players, dealer, deck)
        for at, action in enumerate(actions):
            try:
                state = apply(state, action)
            except IllegalActionError as error:
                raise MatchError(
                    error.rule_id, f"deal {index}: {error.message}", index, at
                ) from None
        if state.phase != Phase.OVER:
            raise InvalidInputError(
                f"deal {index} is not finished: it stops in the {state.phase.code} phase"
            )
        result = outcome(state)
        if state.bidder is not None:
            loser = rules.game_end(balances, result.payments, state.bidder, players)
        balances = list(
            balances_after(balances, result.payments, loser, rules.unable_to_pay_pays_in_full)
        )
        dealer = rules.next_dealer_left(dealer, players)
    return MatchResult(tuple(balances), tuple(dealers), loser is not None, loser)
