#!/usr/bin/env python3
"""pyfrog: a small Frog engine speaking conformance protocol v1, written apart from frogspec.

It was written from the protocol page (spec/README.md), the vectors' descriptions, the
rule statements ``frogspec rules`` prints and the source texts; it imports nothing from
frogspec and shares none of its code, so that the conformance kit can be tried the way
an outside author meets it. Cards are strings (``"10H"``), hands are lists, a deal in
progress is one mutable :class:`Table`.

    python frog_engine.py [--rule-ids] [--fault NAME ...]

By default an illegal action is refused with ``"rule": null`` and the engine's own code in
the message (``[must-follow] ...``): it does not know frogspec's rule ids. ``--rule-ids``
names them where it can. Each ``--fault`` switches on one deliberate bug or house rule
(``--list-faults`` prints them); the faults are listed with the rules they break in
``tests/conformance/engines/README.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

Json = Any

RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")  # high to low
SUITS = ("C", "D", "H", "S")
PACK = tuple(rank + suit for suit in SUITS for rank in RANKS)
LEVEL = {"frog": 1, "chico": 2, "grand": 3}
BIDS = ("frog", "chico", "grand")
POSITION_LIMIT = 100_000

FAULTS: dict[str, str] = {
    "wrong-leader": "the player who led a trick leads the next one too, whoever won it",
    "bidder-leads": "the bidder leads to the first trick instead of eldest hand",
    "grand-x3": "a Grand is paid three times the Frog rate",
    "no-must-trump": "a player void in the suit led may play any card, trump or not",
    "jack-1": "Jacks count 1 point",
    "overtrump-duty": "a player who trumps must beat a trump already in the trick if he can",
    "reading-auction-one-round": (
        "Foster's auction read as one round: an overbid Frog answers at once, then the round goes on"
    ),
    "reading-widow-hidden": "a Frog bidder never shows the widow",
    "reading-chico-any-suit": "a Chico bidder may name hearts too",
}

#: frogspec's id for each of the engine's own refusal codes (the protocol's table "which
#: rule an illegal action breaks"): an action of a kind the phase does not take, or any
#: action once the deal is over, breaks ``deal.actions-by-phase`` whatever the phase;
#: ``must-overtrump`` breaks a rule frogspec does not have.
FROGSPEC_IDS: dict[str, str] = {
    "bid-too-low": "auction.contract-order",
    "no-frog-here": "auction.contracts-without-frog",
    "lay-away": "widow.frog-take-and-discard",
    "no-heart-chico": "trump.chico-not-hearts",
    "out-of-phase": "deal.actions-by-phase",
    "not-held": "play.card-from-hand",
    "must-follow": "play.follow-suit",
    "must-trump": "play.must-trump",
    "nobody-bid": "deal.actions-by-phase",
    "hand-finished": "deal.actions-by-phase",
    "game-finished": "match.first-unable-to-pay-loses",
}


@dataclass(frozen=True)
class Variant:
    """One ruleset, as data."""

    name: str
    min_players: int
    max_players: int
    packets: tuple[int, ...] | None  # packets to each player and the widow; None: one by one
    auction: str  # "overbid", "one-round" or "one-bid"
    frog_allowed: bool
    widow_shown: bool
    hearts_chico: bool
    rates: dict[str, int] | None  # per point over or under 60
    fixed: dict[str, int] | None  # a fixed sum whatever the margin (Coeur d'Alene)
    bank: int
    bankruptcy: bool
    options: dict[str, tuple[Json, ...]] = field(default_factory=dict)


_SITTING = ("receive-only", "pay-and-receive", "pay-and-receive-solo-only")
FOSTER = Variant(
    "foster-1909",
    min_players=3,
    max_players=5,
    packets=(3, 3, 4, 4),
    auction="overbid",
    frog_allowed=True,
    widow_shown=True,
    hearts_chico=False,
    rates={"frog": 1, "chico": 2, "grand": 4},
    fixed=None,
    bank=0,
    bankruptcy=False,
)
SOLO_1922 = Variant(
    "official-1922-solo",
    min_players=3,
    max_players=7,
    packets=None,
    auction="one-round",
    frog_allowed=True,
    widow_shown=False,
    hearts_chico=False,
    rates={"frog": 1, "chico": 2, "grand": 3},
    fixed=None,
    bank=120,
    bankruptcy=True,
    options={"sitting_out": _SITTING, "penalty_frog": (True, False)},
)
VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        FOSTER,
        replace(FOSTER, name="hoyle-1907"),
        replace(
            FOSTER, name="modern", packets=(4, 3, 3, 4), auction="one-round", widow_shown=False
        ),
        SOLO_1922,
        replace(
            SOLO_1922,
            name="official-1922-straight",
            frog_allowed=False,
            rates={"chico": 1, "grand": 2},
            options={"sitting_out": _SITTING},
        ),
        replace(
            SOLO_1922,
            name="official-1922-coeur-dalene",
            rates=None,
            fixed={"frog": 25, "chico": 50, "grand": 75},
        ),
        replace(
            FOSTER,
            name="gamerules",
            max_players=3,
            packets=(4, 3, 3, 4),
            auction="one-bid",
            widow_shown=False,
            hearts_chico=True,
            rates={"frog": 1, "chico": 2, "grand": 3},
            bank=150,
        ),
    )
}


class Refused(Exception):
    """A request the engine will not answer: ``kind`` is invalid, illegal or unsupported."""

    def __init__(self, kind: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.rule = rule  # frogspec's id, named only with --rule-ids
        self.at: int | None = None
        self.deal: int | None = None


def invalid(message: str) -> Refused:
    """A malformed request."""
    return Refused("invalid", message)


def illegal(code: str, message: str, rule: str | None = None) -> Refused:
    """An illegal action, under the engine's own ``code`` (and frogspec's id, if it has one)."""
    return Refused("illegal", f"[{code}] {message}", rule or FROGSPEC_IDS.get(code))


class Engine:
    """The rules, with the faults switched on."""

    def __init__(self, faults: set[str], rule_ids: bool) -> None:
        self.faults = faults
        self.rule_ids = rule_ids

    # --- cards and tricks ---------------------------------------------------------------

    def points(self, card: str) -> int:
        """What ``card`` counts."""
        rank = card[:-1]
        if rank == "J" and "jack-1" in self.faults:
            return 1
        return {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}.get(rank, 0)

    @staticmethod
    def beats(card: str, best: str, trump: str | None) -> bool:
        """Whether ``card`` takes the trick from ``best`` (the card winning so far)."""
        if card[-1] == best[-1]:
            return RANKS.index(card[:-1]) < RANKS.index(best[:-1])
        return card[-1] == trump

    def winner(self, cards: list[str], trump: str | None) -> int:
        """The index in ``cards`` (in play order) of the card that takes the trick."""
        best = 0
        for index in range(1, len(cards)):
            if self.beats(cards[index], cards[best], trump):
                best = index
        return best

    def playable(self, hand: list[str], trick: list[str], trump: str | None) -> list[str]:
        """The cards of ``hand`` that may be played to ``trick``."""
        if not trick:
            return list(hand)
        led = trick[0][-1]
        same = [c for c in hand if c[-1] == led]
        if same:
            return same
        trumps = [c for c in hand if c[-1] == trump]
        if not trumps or "no-must-trump" in self.faults:
            return list(hand)
        if "overtrump-duty" in self.faults:
            played = [c for c in trick if c[-1] == trump]
            if played:
                top = max(played, key=lambda c: -RANKS.index(c[:-1]))
                higher = [c for c in trumps if self.beats(c, top, trump)]
                if higher:
                    return higher
        return trumps

    def why_not(self, card: str, hand: list[str], trick: list[str], trump: str | None) -> str:
        """The refusal code for playing ``card`` (held) when it is not among the playable."""
        if trick and any(c[-1] == trick[0][-1] for c in hand):
            return "must-follow"
        if any(c[-1] == trump for c in hand) and card[-1] != trump:
            return "must-trump"
        return "must-overtrump"

    # --- paying -------------------------------------------------------------------------

    def settle(
        self,
        variant: Variant,
        options: dict[str, Json],
        players: int,
        dealer: int,
        bidder: int,
        contract: str,
        bidder_points: int,
    ) -> list[int]:
        """The payments by seat when ``bidder`` took ``bidder_points`` in ``contract``."""
        margin = bidder_points - 60
        pay = [0] * players
        if margin == 0:
            return pay
        won = margin > 0
        rated = contract
        if not won and contract == "frog" and options.get("penalty_frog") is True:
            rated = "grand"
        if variant.fixed is not None:
            amount = variant.fixed[rated]
        else:
            assert variant.rates is not None
            rate = variant.rates[rated]
            if rated == "grand" and "grand-x3" in self.faults:
                rate = 3 * variant.rates.get("frog", 1)
            amount = rate * abs(margin)
        seated = active_seats(players, dealer)
        system = options.get("sitting_out", "receive-only")
        all_settle = system == "pay-and-receive" or (
            system == "pay-and-receive-solo-only" and contract != "frog"
        )
        for seat in range(players):
            if seat == bidder:
                continue
            if won and seat not in seated and not all_settle:
                continue
            pay[seat] = -amount if won else amount
            pay[bidder] += amount if won else -amount
        return pay


def active_seats(players: int, dealer: int) -> list[int]:
    """The seats that hold cards, from eldest hand clockwise."""
    left = [(dealer + k) % players for k in range(1, players + 1)]
    if players == 3:
        return left
    if players == 4:
        return left[:3]
    return [left[0], left[1], (dealer - 1) % players]


class Table:
    """One deal in progress: cards in hand, the auction, the play."""

    def __init__(
        self,
        engine: Engine,
        variant: Variant,
        options: dict[str, Json],
        players: int,
        dealer: int,
        deck: list[str],
    ) -> None:
        self.engine = engine
        self.variant = variant
        self.options = options
        self.players = players
        self.dealer = dealer
        self.seats = active_seats(players, dealer)
        self.hands: dict[int, list[str]] = {s: [] for s in self.seats}
        self.widow: list[str] = []
        self._deal(deck)
        self.phase = "auction"
        self.to_act: int | None = self.seats[0]
        self.passed: set[int] = set()
        self.high: tuple[int, str] | None = None  # seat, contract
        self.spoken = 0  # how many of the one round have spoken
        self.answering: int | None = None  # the overbid Frog bidder, answering at once
        self.bidder: int | None = None
        self.contract: str | None = None
        self.trump: str | None = None
        self.laid_away: list[str] = []
        self.trick: list[tuple[int, str]] = []
        self.taken: dict[int, int] = {s: 0 for s in self.seats}
        self.tricks = 0
        self.payments: list[int] | None = None
        self.score: tuple[int, int] | None = None
        self.all_passed = False

    def _deal(self, deck: list[str]) -> None:
        cards = iter(deck)
        if self.variant.packets is None:
            order = iter([s for _ in range(11) for s in self.seats])
            for position, card in enumerate(deck):
                if position in (0, 3, 7):
                    self.widow.append(card)
                else:
                    self.hands[next(order)].append(card)
            return
        first, *rest = self.variant.packets
        for seat in self.seats:
            self.hands[seat] += [next(cards) for _ in range(first)]
        self.widow = [next(cards) for _ in range(rest[0])]
        for size in rest[1:]:
            for seat in self.seats:
                self.hands[seat] += [next(cards) for _ in range(size)]

    def clone(self) -> Table:
        """A copy that can be played on without touching this one (for perft)."""
        twin = object.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin.hands = {s: list(h) for s, h in self.hands.items()}
        twin.passed = set(self.passed)
        twin.laid_away = list(self.laid_away)
        twin.trick = list(self.trick)
        twin.taken = dict(self.taken)
        return twin

    # --- what may be done ---------------------------------------------------------------

    @property
    def auction_style(self) -> str:
        """How the auction goes: "overbid", "one-round" or "one-bid"."""
        style = self.variant.auction
        if style == "overbid" and "reading-auction-one-round" in self.engine.faults:
            return "one-round"
        return style

    @property
    def hearts_chico(self) -> bool:
        """Whether a Chico bidder may name hearts."""
        return self.variant.hearts_chico or "reading-chico-any-suit" in self.engine.faults

    def bids_open(self) -> list[str]:
        """The contracts that would outbid the best bid so far."""
        floor = LEVEL[self.high[1]] if self.high else 0
        return [b for b in BIDS if LEVEL[b] > floor and (b != "frog" or self.variant.frog_allowed)]

    def legal(self) -> list[str]:
        """The actions the player to act may take, in the protocol's words."""
        if self.phase == "auction":
            return ["pass", *self.bids_open()]
        if self.phase == "discard":
            assert self.bidder is not None
            return [f"discard {c}" for c in self.hands[self.bidder]]
        if self.phase == "trump":
            return [f"trump {s}" for s in SUITS if s != "H" or self.hearts_chico]
        if self.phase == "play":
            assert self.to_act is not None
            trick = [c for _, c in self.trick]
            cards = self.engine.playable(self.hands[self.to_act], trick, self.trump)
            return [f"play {c}" for c in cards]
        return []

    # --- doing it -----------------------------------------------------------------------

    def act(self, action: str) -> None:
        """Take one action, or raise :class:`Refused` saying which rule it breaks."""
        word, _, arg = action.partition(" ")
        if self.phase == "over":
            if self.all_passed:
                raise illegal("nobody-bid", "everybody passed; the hand is thrown in")
            raise illegal("hand-finished", "all eleven tricks have been played")
        seat = self.to_act
        assert seat is not None
        if self.phase == "auction":
            self._bid(seat, word)
        elif self.phase == "discard":
            if word != "discard":
                raise illegal("out-of-phase", f"seat {seat} has three cards to lay away first")
            if arg not in self.hands[seat]:
                raise illegal("lay-away", f"seat {seat} cannot lay away {arg}: not in his hand")
            self.hands[seat].remove(arg)
            self.laid_away.append(arg)
            if len(self.laid_away) == 3:
                self._start_play()
        elif self.phase == "trump":
            if word != "trump":
                raise illegal("out-of-phase", f"seat {seat} must name the trump suit")
            if arg == "H" and not self.hearts_chico:
                raise illegal("no-heart-chico", "hearts cannot be trumps in a Chico")
            self.trump = arg
            self._start_play()
        else:
            self._play(seat, word, arg)

    def _bid(self, seat: int, word: str) -> None:
        if word not in ("pass", *BIDS):
            raise illegal("out-of-phase", f"'{word}' during the bidding: pass or bid")
        if word == "frog" and not self.variant.frog_allowed:
            raise illegal("no-frog-here", "this game has no Frog")
        if word != "pass":
            if word not in self.bids_open():
                raise illegal(
                    "bid-too-low", f"{word} is not higher than {self.high and self.high[1]}"
                )
            previous = self.high
            self.high = (seat, word)
        else:
            previous = None
            self.passed.add(seat)
        style = self.auction_style
        if self.answering == seat:
            self.answering = None  # the Frog's answer does not use up a turn in the round
        elif style != "overbid":
            self.spoken += 1
            if (
                style == "one-round"
                and word == "chico"
                and previous is not None
                and previous[1] == "frog"
            ):
                self.answering = previous[0]
        self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> None:
        if self.high is not None and self.high[1] == "grand":
            self.to_act = None
        elif self.auction_style == "overbid":
            ring = self.seats
            start = ring.index(seat)
            self.to_act = None
            for step in range(1, len(ring) + 1):
                other = ring[(start + step) % len(ring)]
                if other not in self.passed and (self.high is None or other != self.high[0]):
                    self.to_act = other
                    break
        elif self.answering is not None:
            self.to_act = self.answering
        else:
            self.to_act = self.seats[self.spoken] if self.spoken < len(self.seats) else None
        if self.to_act is not None:
            return
        if self.high is None:
            self.phase = "over"
            self.all_passed = True
            self.payments = [0] * self.players
            return
        self.bidder, self.contract = self.high
        if self.contract == "frog":
            self.trump = "H"
            self.hands[self.bidder] += self.widow
            self.phase = "discard"
            self.to_act = self.bidder
        elif self.contract == "chico":
            self.phase = "trump"
            self.to_act = self.bidder
        else:
            self.trump = "H"
            self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        leader = self.seats[0]
        if "bidder-leads" in self.engine.faults and self.bidder is not None:
            leader = self.bidder
        self.to_act = leader

    def _play(self, seat: int, word: str, card: str) -> None:
        if word != "play":
            raise illegal("out-of-phase", f"seat {seat} must play a card now, not '{word}'")
        hand = self.hands[seat]
        if card not in hand:
            raise illegal("not-held", f"seat {seat} has no {card}")
        trick = [c for _, c in self.trick]
        if card not in self.engine.playable(hand, trick, self.trump):
            code = self.engine.why_not(card, hand, trick, self.trump)
            raise illegal(code, f"seat {seat} may not play {card} here")
        hand.remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 3:
            ring = self.seats
            self.to_act = ring[(ring.index(seat) + 1) % 3]
            return
        won = self.trick[self.engine.winner([c for _, c in self.trick], self.trump)][0]
        self.taken[won] += sum(self.engine.points(c) for _, c in self.trick)
        leader = self.trick[0][0] if "wrong-leader" in self.engine.faults else won
        self.trick = []
        self.tricks += 1
        self.to_act = leader
        if self.tricks == 11:
            self._finish()

    def _finish(self) -> None:
        assert self.bidder is not None and self.contract is not None
        kept = self.laid_away if self.contract == "frog" else self.widow
        mine = self.taken[self.bidder] + sum(self.engine.points(c) for c in kept)
        total = sum(self.engine.points(c) for c in PACK)
        self.score = (mine, total - mine)
        self.phase = "over"
        self.to_act = None
        self.payments = self.engine.settle(
            self.variant,
            self.options,
            self.players,
            self.dealer,
            self.bidder,
            self.contract,
            mine,
        )

    def observe(self) -> dict[str, Json]:
        """The protocol's observation of the deal."""
        seen: dict[str, Json] = {
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal(),
            "bidder": self.bidder,
            "contract": self.contract,
            "trump": self.trump,
        }
        if self.contract == "frog":
            seen["widow_shown"] = (
                self.variant.widow_shown and "reading-widow-hidden" not in self.engine.faults
            )
        if self.phase == "over":
            seen["payments"] = self.payments
            if self.score is not None:
                seen["points"] = {"bidder": self.score[0], "defenders": self.score[1]}
        return seen


# --- reading requests -------------------------------------------------------------------


def need(request: dict[str, Json], name: str) -> Json:
    """The field ``name`` of the request, which must be there."""
    if name not in request:
        raise invalid(f"the request has no '{name}'")
    return request[name]


def whole_number(request: dict[str, Json], name: str, low: int, high: int) -> int:
    """The field ``name``: a whole number (not a bool, not 60.0) from ``low`` to ``high``."""
    value = need(request, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise invalid(f"'{name}' must be a whole number, got {json.dumps(value)}")
    if not low <= value <= high:
        raise invalid(f"'{name}' is {value}; it must be from {low} to {high}")
    return value


def a_card(value: Json) -> str:
    """``value`` checked to be one of the 36 cards."""
    if not isinstance(value, str) or value not in PACK:
        raise invalid(f'{json.dumps(value)} is not a card (like "AS", "10H", "6C")')
    return value


def some_cards(request: dict[str, Json], name: str, low: int, high: int) -> list[str]:
    """The field ``name``: a list of ``low`` to ``high`` different cards."""
    value = need(request, name)
    if not isinstance(value, list):
        raise invalid(f"'{name}' must be a list of cards")
    cards = [a_card(v) for v in value]
    if len(set(cards)) != len(cards):
        raise invalid(f"'{name}' holds a card twice")
    if not low <= len(cards) <= high:
        raise invalid(f"'{name}' has {len(cards)} cards; from {low} to {high} expected")
    return cards


def a_suit(value: Json, name: str = "trump") -> str:
    """``value`` checked to be a suit letter."""
    if value not in SUITS:
        raise invalid(f"'{name}' must be one of C D H S, got {json.dumps(value)}")
    assert isinstance(value, str)
    return value


def ruleset_of(request: dict[str, Json]) -> Variant:
    """The ruleset the request names (``unsupported`` for one pyfrog does not play)."""
    name = need(request, "ruleset")
    if not isinstance(name, str):
        raise invalid("'ruleset' must be a string")
    if name not in VARIANTS:
        raise Refused("unsupported", f"pyfrog does not know the ruleset '{name}'")
    return VARIANTS[name]


def options_of(request: dict[str, Json], variant: Variant) -> dict[str, Json]:
    """The request's options, each checked against what the ruleset takes."""
    options = need(request, "options")
    if not isinstance(options, dict):
        raise invalid("'options' must be an object")
    for key, value in options.items():
        allowed = variant.options.get(key)
        if allowed is None:
            raise invalid(f"{variant.name} has no option '{key}'")
        if not any(value is a or (type(value) is type(a) and value == a) for a in allowed):
            raise invalid(f"option '{key}' takes {', '.join(map(json.dumps, allowed))}")
    return dict(options)


def table_of(request: dict[str, Json], variant: Variant) -> tuple[int, int]:
    """The number of players (as the ruleset allows) and the dealer's seat."""
    players = whole_number(request, "players", 2, 99)
    if not variant.min_players <= players <= variant.max_players:
        raise invalid(
            f"{variant.name} is played by {variant.min_players} to {variant.max_players}, "
            f"not {players}"
        )
    dealer = whole_number(request, "dealer", 0, players - 1)
    return players, dealer


def deck_of(value: Json) -> list[str]:
    """``value`` checked to be the whole pack, each card once."""
    if not isinstance(value, list) or len(value) != 36:
        raise invalid("'deck' must be a list of the 36 cards")
    cards = [a_card(v) for v in value]
    if len(set(cards)) != 36:
        raise invalid("the deck holds a card twice")
    return cards


def actions_of(value: Json) -> list[str]:
    """``value`` checked to be a list of well-formed actions (legal or not)."""
    if not isinstance(value, list):
        raise invalid("'actions' must be a list of strings")
    for action in value:
        if not isinstance(action, str):
            raise invalid(f"{json.dumps(action)} is not an action")
        word, _, arg = action.partition(" ")
        if word in ("pass", *BIDS) and not arg:
            continue
        if word in ("play", "discard") and arg in PACK:
            continue
        if word == "trump" and arg in SUITS:
            continue
        raise invalid(f"'{action}' is not an action")
    return list(value)


# --- the ops ----------------------------------------------------------------------------


class Server:
    """Answers protocol requests."""

    OPS = (
        "hello",
        "card_points",
        "trick_winner",
        "legal_plays",
        "deal",
        "settle",
        "game",
        "match",
        "perft",
        "first_dealer",
    )

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.handlers: dict[str, Callable[[dict[str, Json]], Json]] = {
            op: getattr(self, "op_" + op) for op in self.OPS
        }

    def answer(self, request: Json) -> dict[str, Json]:
        """The response to one request."""
        ident = request.get("id") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise invalid("a request is a JSON object")
            op = request.get("op")
            handler = self.handlers.get(op) if isinstance(op, str) else None
            if handler is None:
                raise Refused("unsupported", f"pyfrog has no op {json.dumps(op)}")
            return {"id": ident, "result": handler(request)}
        except Refused as refused:
            rule = refused.rule if refused.kind == "illegal" and self.engine.rule_ids else None
            error: dict[str, Json] = {
                "kind": refused.kind,
                "rule": rule,
                "message": refused.message,
            }
            if refused.at is not None:
                error["at"] = refused.at
            if refused.deal is not None:
                error["deal"] = refused.deal
            return {"id": ident, "error": error}

    def op_hello(self, request: dict[str, Json]) -> Json:
        """Who we are and what we offer."""
        spec = need(request, "spec")
        if not isinstance(spec, str):
            raise invalid(f"'spec' is the protocol version, a string, not {json.dumps(spec)}")
        if spec != "1":
            raise Refused(
                "unsupported", f'pyfrog speaks spec "1", not {json.dumps(request.get("spec"))}'
            )
        hello: dict[str, Json] = {
            "name": "pyfrog" + "".join(f" +{f}" for f in sorted(self.engine.faults)),
            "version": "0.3",
            "rulesets": list(VARIANTS),
            "ops": list(
                self.OPS
            ),  # hello too: it is an op, and the runner skips its cases otherwise
        }
        if self.engine.rule_ids:
            hello["rule_ids"] = "frogspec"  # it says so: its illegal errors name frogspec's ids
        return hello

    def op_card_points(self, request: dict[str, Json]) -> Json:
        """``card_points``."""
        return self.engine.points(a_card(need(request, "card")))

    def op_trick_winner(self, request: dict[str, Json]) -> Json:
        """``trick_winner``."""
        ruleset_of(request)
        trump = need(request, "trump")
        cards = some_cards(request, "cards", 1, 3)
        return self.engine.winner(cards, None if trump is None else a_suit(trump))

    def op_legal_plays(self, request: dict[str, Json]) -> Json:
        """``legal_plays``."""
        ruleset_of(request)
        trump = need(request, "trump")
        hand = some_cards(request, "hand", 1, 11)
        trick = some_cards(request, "trick", 0, 2)
        if set(hand) & set(trick):
            raise invalid("a card cannot be both in the hand and in the trick")
        return self.engine.playable(hand, trick, None if trump is None else a_suit(trump))

    def op_deal(self, request: dict[str, Json]) -> Json:
        """``deal``: who holds what."""
        variant = ruleset_of(request)
        options_of(request, variant)
        players, dealer = table_of(request, variant)
        table = Table(self.engine, variant, {}, players, dealer, deck_of(need(request, "deck")))
        return {
            "active": table.seats,
            "eldest": table.seats[0],
            "hands": [table.hands.get(s) for s in range(players)],
            "widow": table.widow,
        }

    def op_settle(self, request: dict[str, Json]) -> Json:
        """``settle``."""
        variant = ruleset_of(request)
        options = options_of(request, variant)
        players, dealer = table_of(request, variant)
        bidder = whole_number(request, "bidder", 0, players - 1)
        if bidder not in active_seats(players, dealer):
            raise invalid(f"seat {bidder} sits out this deal and cannot be the bidder")
        contract = need(request, "contract")
        if contract not in BIDS:
            raise invalid(f"{json.dumps(contract)} is not a contract")
        points = whole_number(request, "bidder_points", 0, 120)
        if contract == "frog" and not variant.frog_allowed:
            raise illegal("no-frog-here", "this game has no Frog")
        return self.engine.settle(variant, options, players, dealer, bidder, contract, points)

    def _played(self, request: dict[str, Json], dealer_field: str = "dealer") -> Table:
        variant = ruleset_of(request)
        options = options_of(request, variant)
        players, dealer = table_of(request, variant)
        deck = deck_of(need(request, "deck"))
        actions = actions_of(need(request, "actions"))
        table = Table(self.engine, variant, options, players, dealer, deck)
        self._run(table, actions)
        return table

    def _run(self, table: Table, actions: list[str]) -> None:
        for index, action in enumerate(actions):
            try:
                table.act(action)
            except Refused as refused:
                refused.at = index
                raise

    def op_game(self, request: dict[str, Json]) -> Json:
        """``game``: the observation after the actions."""
        return self._played(request).observe()

    def op_perft(self, request: dict[str, Json]) -> Json:
        """``perft``: the number of action sequences from the position, by first action."""
        depth = None
        if request.get("depth") is not None:
            depth = whole_number(request, "depth", 0, 200)
        table = self._played(request)
        visited = [0]
        # In the play the count below a position depends on the cards left, the trick and
        # whose turn it is, not on how the position was reached: count each such once.
        known: dict[tuple[Json, ...], int] = {}

        def count(node: Table, left: int | None) -> int:
            """The number of sequences from ``node``, ``left`` actions deep (None: to the end)."""
            visited[0] += 1
            if visited[0] > POSITION_LIMIT:
                raise invalid(f"more than {POSITION_LIMIT} positions; ask for a smaller depth")
            if node.phase == "over" or left == 0:
                return 1
            key = None
            if node.phase == "play":
                hands = tuple(frozenset(node.hands[s]) for s in node.seats)
                key = (hands, tuple(node.trick), node.to_act, left)
                if key in known:
                    return known[key]
            total = 0
            for action in node.legal():
                child = node.clone()
                child.act(action)
                total += count(child, None if left is None else left - 1)
            if key is not None:
                known[key] = total
            return total

        by_first: dict[str, int] = {}
        if table.phase != "over" and depth != 0:
            for action in table.legal():
                child = table.clone()
                child.act(action)
                by_first[action] = count(child, None if depth is None else depth - 1)
        return {"total": sum(by_first.values()) if by_first else 1, "by_first": by_first}

    def op_match(self, request: dict[str, Json]) -> Json:
        """``match``: the balances after the deals, and whether the 1922 game is over."""
        variant = ruleset_of(request)
        options = options_of(request, variant)
        players = table_of({**request, "dealer": 0}, variant)[0]
        first = whole_number(request, "first_dealer", 0, players - 1)
        deals = need(request, "deals")
        if not isinstance(deals, list):
            raise invalid("'deals' must be a list")
        games = []
        for number, one in enumerate(deals):
            if not isinstance(one, dict):
                raise invalid(f"deal {number} is not an object")
            games.append((deck_of(need(one, "deck")), actions_of(need(one, "actions"))))
        balances = [variant.bank] * players
        dealers: list[int] = []
        loser: int | None = None
        for number, (deck, actions) in enumerate(games):
            if loser is not None:
                refused = illegal("game-finished", f"seat {loser} could not pay: the game is over")
                refused.at, refused.deal = 0, number  # refused before its first action
                raise refused
            dealer = (first + number) % players
            dealers.append(dealer)
            table = Table(self.engine, variant, options, players, dealer, deck)
            try:
                self._run(table, actions)
            except Refused as refused:
                refused.deal = number
                raise
            if table.phase != "over":
                raise invalid(f"deal {number} stops before its end")
            assert table.payments is not None
            if variant.bankruptcy and table.bidder is not None:
                ring = [(table.bidder + k) % players for k in range(players)]
                broke = [s for s in ring if -table.payments[s] > balances[s]]
                if broke:
                    loser = broke[0]
            balances = [b + p for b, p in zip(balances, table.payments, strict=True)]
        return {"balances": balances, "dealers": dealers, "over": loser is not None, "loser": loser}

    def op_first_dealer(self, request: dict[str, Json]) -> Json:
        """``first_dealer``: who deals the first hand."""
        variant = ruleset_of(request)
        players = table_of({**request, "dealer": 0}, variant)[0]
        if variant.packets is not None:
            return whole_number(request, "chosen", 0, players - 1)
        lowest = whole_number(request, "lowest", 0, players - 1)
        deals = need(request, "chooses_to_deal")
        if not isinstance(deals, bool):
            raise invalid("'chooses_to_deal' is true or false")
        return lowest if deals else (lowest - 1) % players


def serve(engine: Engine) -> None:
    """Answer one request per line of standard input until it ends."""
    server = Server(engine)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError:
            reply: dict[str, Json] = {
                "id": None,
                "error": {"kind": "invalid", "rule": None, "message": "not a line of JSON"},
            }
        else:
            reply = server.answer(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description="pyfrog: Frog over protocol v1 on stdin/stdout")
    parser.add_argument("--rule-ids", action="store_true", help="name frogspec's rule ids")
    parser.add_argument(
        "--fault",
        action="append",
        default=[],
        metavar="NAME",
        help="switch on a deliberate fault (repeatable)",
    )
    parser.add_argument("--list-faults", action="store_true", help="print the faults and exit")
    args = parser.parse_args(argv)
    if args.list_faults:
        for name, what in FAULTS.items():
            print(f"{name}: {what}")
        return 0
    unknown = [f for f in args.fault if f not in FAULTS]
    if unknown:
        parser.error(f"unknown fault {unknown[0]!r}; --list-faults prints them")
    serve(Engine(set(args.fault), args.rule_ids))
    return 0


if __name__ == "__main__":
    sys.exit(main())
