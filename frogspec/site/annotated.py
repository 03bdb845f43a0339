"""Deals to read: complete deals played by the reference, every step tied to the rule behind it.

Each deal of :data:`DEALS` is a pack of the portable deal generator (:mod:`frogspec.prng`,
``spec/prng.md``) chosen by its number for what it shows, dealt by the engine
(:mod:`frogspec.engine`) and played to the payments by a simple, deterministic policy
(:func:`choose`). :func:`steps` records the position after every action with what the
engine says of it: the legal actions of the player to act, the rule that bound the card
played (:func:`play_duty`) and the rule that gave the trick to its winner
(:func:`_trick_note`). :func:`deal_data` is that record as the JSON the step-through view
of the rulebook reads; :mod:`frogspec.site.deal_pages` writes the pages.

>>> deal = play_annotated_deal(DEALS[0])
>>> deal.final.phase.code, deal.final.contract.code
('over', 'frog')
>>> [str(a) for a in deal.actions if a.kind == ActionKind.DISCARD]
['discard 10C', 'discard 10S', 'discard KS']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from frogspec.engine import (
    Action,
    ActionKind,
    DealOutcome,
    Phase,
    State,
    apply,
    legal_actions,
    new_deal,
    outcome,
)
from frogspec.notation import DealRecord, changed_options, numbered_deck
from frogspec.questions import Question
from frogspec.registry import rule_for_function
from frogspec.rules import play
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    Card,
    Suit,
    card_points,
    card_strength,
    cards_of,
    format_card,
    make_card,
    points_of,
    suit_of,
)
from frogspec.rules.deal import WIDOW
from frogspec.rulesets import Ruleset, get_ruleset, own_phrasing, own_statement, own_words
from frogspec.site.markup import DISPLAY_SUITS

__all__ = [
    "DEALS",
    "AnnotatedDeal",
    "DealSpec",
    "Segment",
    "Step",
    "annotated_game_request",
    "choose",
    "contract_name",
    "count_note",
    "counted_widow",
    "deal_data",
    "dealt_packets",
    "display_order",
    "get_deal",
    "own_phrasing",
    "own_statement",
    "own_words",
    "play_annotated_deal",
    "play_duty",
    "pretty_json",
    "replay_deal",
    "settlement_lines",
    "steps",
    "wanted_bid",
    "widow_name",
]


@dataclass(frozen=True, slots=True)
class DealSpec:
    """One deal to read: where it is published, the table, and the pack by its deal number.

    ``number`` is a deal number of the portable generator (``deal_deck(number)`` is the
    pack, ``deck[0]`` dealt first), or ``None`` for a replayed deal whose pack was given
    card by card; ``shows`` says, in one sentence, why this deal was chosen.
    """

    slug: str
    title: str
    ruleset: str
    players: int
    dealer: int
    number: int | None
    shows: str
    options: tuple[tuple[str, str | bool], ...] = ()

    @property
    def rules(self) -> Ruleset:
        """The ruleset with this deal's options in force."""
        return get_ruleset(self.ruleset).with_options(dict(self.options))


#: The deals, in the order the rulebook presents them. The numbers were found by searching
#: deal numbers for a pack that, played by :func:`choose`, shows what the deal is for; the
#: tests check that each still does.
DEALS: tuple[DealSpec, ...] = (
    DealSpec(
        slug="foster-frog",
        title="A Frog by Foster's rules, three players",
        ruleset="foster-1909",
        players=3,
        dealer=0,
        number=20,
        shows="The Frog bidder turns the widow face up, takes it into his hand and lays "
        "three cards away, whose points count for him.",
    ),
    DealSpec(
        slug="foster-chico",
        title="A Chico by Foster's rules, four players",
        ruleset="foster-1909",
        players=4,
        dealer=0,
        number=41,
        shows="The Chico bidder names his trump; the widow stays face down until the count, "
        "and the dealer, who sits out, neither pays nor is paid when the bidder wins.",
    ),
    DealSpec(
        slug="grand-five-players",
        title="A Heart Solo at five players (1922, players sitting out pay and receive)",
        ruleset="official-1922-solo",
        players=5,
        dealer=0,
        number=26,
        shows="Five sit down and three play; under the 1922 system in which players sitting "
        "out pay and receive, the two who held no cards pay the winning bidder too.",
        options=(("sitting_out", "pay-and-receive"),),
    ),
    DealSpec(
        slug="solo-1922",
        title="A Simple Solo by the 1922 rules: the single-card deal and the slough",
        ruleset="official-1922-solo",
        players=3,
        dealer=0,
        number=134,
        shows="The cards are dealt one at a time, the 1st, 4th and 8th to the slough; a "
        "Frog is overbid by a Simple Solo, whose bidder, with the slough counted for him, "
        "falls two points short and pays both defenders.",
    ),
)


def get_deal(slug: str) -> DealSpec:
    """The deal of :data:`DEALS` with this slug; :class:`KeyError` naming the slugs if none."""
    for spec in DEALS:
        if spec.slug == slug:
            return spec
    raise KeyError(f"no deal {slug!r}; deals: {', '.join(d.slug for d in DEALS)}")


# ----------------------------------------------------------------------------- the policy


def _holds(hand: int, card: Card) -> bool:
    return bool(hand >> card & 1)


def _ace(suit: Suit) -> Card:
    return make_card("A", suit)


def _ten(suit: Suit) -> Card:
    return make_card("10", suit)


def wanted_bid(hand: int, chico_suits: tuple[Suit, ...]) -> tuple[Contract, Suit] | None:
    """The contract the policy wants to play with ``hand``, with its trump; ``None`` to pass.

    Grand with six hearts or more including the Ace and Ten; Chico with six cards or more of
    a suit it may name, including the Ace; Frog with four hearts or more.
    """
    hearts = hand & Suit.HEARTS.mask
    if (
        hearts.bit_count() >= 6
        and _holds(hand, _ace(Suit.HEARTS))
        and _holds(hand, _ten(Suit.HEARTS))
    ):
        return Contract.GRAND, Suit.HEARTS
    for suit in chico_suits:
        if suit != Suit.HEARTS and (hand & suit.mask).bit_count() >= 6 and _holds(hand, _ace(suit)):
            return Contract.CHICO, suit
    if hearts.bit_count() >= 4:
        return Contract.FROG, Suit.HEARTS
    return None


def _discard_key(card: Card) -> tuple[int, int]:
    # Lay away the points most at risk: high-counting cards that are not Aces, lowest first.
    return (-card_points(card) if card_strength(card) != 8 else 0, card_strength(card))


def choose(state: State) -> Action:
    """The policy's action for the player to act.

    - Auction: bid the contract :func:`wanted_bid` wants if it is legal now, else pass.
    - Frog discards: lay away the non-heart card that counts most without being an Ace
      (its points are then safe for the bidder), else the lowest card.
    - Chico trump: the longest suit it may name.
    - Play: the leader leads his highest card; a follower plays the lowest card that wins
      the trick if he has one, else his lowest card.
    """
    legal = legal_actions(state)
    seat = state.to_act
    assert seat is not None, "the deal is over"
    hand = state.hands[seat]
    if state.phase == Phase.AUCTION:
        wanted = wanted_bid(hand, state.ruleset.rules.chico_trump())
        if wanted is not None and Action(ActionKind.BID, wanted[0]) in legal:
            return Action(ActionKind.BID, wanted[0])
        return legal[0]
    if state.phase == Phase.DISCARD:
        candidates = [a.value for a in legal if suit_of(a.value) != Suit.HEARTS] or [
            a.value for a in legal
        ]
        return Action(ActionKind.DISCARD, min(candidates, key=_discard_key))
    if state.phase == Phase.TRUMP:
        suits = [Suit(a.value) for a in legal]
        best = max(suits, key=lambda s: ((hand & s.mask).bit_count(), points_of(hand & s.mask)))
        return Action(ActionKind.TRUMP, best)
    cards = [a.value for a in legal]
    if not state.trick:
        return Action(
            ActionKind.PLAY, max(cards, key=lambda c: (card_strength(c), -int(suit_of(c))))
        )
    winning = [
        c for c in cards if play.trick_winner((*state.trick, c), state.trump) == len(state.trick)
    ]
    pool = winning or cards
    return Action(ActionKind.PLAY, min(pool, key=lambda c: (card_points(c), card_strength(c))))


# ----------------------------------------------------------------------------- the deal


@dataclass(frozen=True, slots=True)
class AnnotatedDeal:
    """A deal played to the end: its spec, the pack, every state and action, the outcome."""

    spec: DealSpec
    deck: tuple[Card, ...]
    states: tuple[State, ...]
    actions: tuple[Action, ...]
    result: DealOutcome

    @property
    def start(self) -> State:
        """The state after the deal, before the first bid."""
        return self.states[0]

    @property
    def final(self) -> State:
        """The state once the deal is over."""
        return self.states[-1]


def play_annotated_deal(
    spec: DealSpec, policy: Callable[[State], Action] = choose
) -> AnnotatedDeal:
    """Deal the pack of ``spec.number`` and play the deal to the end with ``policy``."""
    if spec.number is None:
        raise ValueError(f"deal {spec.slug!r} has no deal number to deal its pack from")
    deck = numbered_deck(spec.number)
    state = new_deal(spec.ruleset, spec.players, spec.dealer, deck, dict(spec.options))
    states = [state]
    actions: list[Action] = []
    while state.phase != Phase.OVER:
        action = policy(state)
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return AnnotatedDeal(spec, deck, tuple(states), tuple(actions), outcome(state))


def replay_deal(record: DealRecord) -> AnnotatedDeal:
    """A deal as a replay link records it (:class:`~frogspec.notation.DealRecord`), played
    again by the engine: the engine's error, naming the action and the rule it breaks, if the
    record is not a whole legal deal."""
    states = record.states()
    rs = record.ruleset
    options = changed_options(rs)
    final = states[-1]
    if final.bidder is None or final.contract is None:
        what = "everyone passes"
    else:
        what = f"seat {final.bidder} plays {rs.contract_name(final.contract)}"
    where = "" if record.number is None else f"deal {record.number}, "
    spec = DealSpec(
        slug="replay",
        title=f"{rs.name}: {where}{record.players} players, seat {record.dealer} deals; {what}",
        ruleset=rs.id,
        players=record.players,
        dealer=record.dealer,
        number=record.number,
        shows="A deal replayed from its link.",
        options=options,
    )
    return AnnotatedDeal(spec, record.deck, states, record.actions, outcome(final))


def annotated_game_request(deal: AnnotatedDeal) -> dict[str, object]:
    """The deal as a ``game`` request of the conformance protocol."""
    start = deal.start
    return {
        "id": 1,
        "op": "game",
        "ruleset": start.ruleset.id,
        "options": dict(deal.spec.options),
        "players": start.players,
        "dealer": start.dealer,
        "deck": [format_card(card) for card in deal.deck],
        "actions": [str(action) for action in deal.actions],
    }


def pretty_json(value: object, indent: str = "", width: int = 76) -> str:
    """JSON laid out for the page: objects one key a line, long lists packed into lines."""
    inline = json.dumps(value, ensure_ascii=False)
    if len(indent) + len(inline) <= width or not isinstance(value, dict | list):
        return inline
    inner = indent + "  "
    if isinstance(value, dict):
        items = list(value.items())
        lines = [
            f"{inner}{json.dumps(k)}: {pretty_json(v, inner, width)}"
            + ("," if n < len(items) - 1 else "")
            for n, (k, v) in enumerate(items)
        ]
        return "{\n" + "\n".join(lines) + f"\n{indent}}}"
    pieces = [json.dumps(v, ensure_ascii=False) for v in value]
    lines, line = [], ""
    for n, piece in enumerate(pieces):
        piece += "," if n < len(pieces) - 1 else ""
        if line and len(inner) + len(line) + 1 + len(piece) > width:
            lines.append(inner + line)
            line = ""
        line += (" " if line else "") + piece
    lines.append(inner + line)
    return "[\n" + "\n".join(lines) + f"\n{indent}]"


# ----------------------------------------------------------------------------- names


def contract_name(rs: Ruleset, contract: Contract) -> str:
    """The contract as the ruleset's source calls it (:meth:`Ruleset.contract_name
    <frogspec.rulesets.Ruleset.contract_name>`): Simple Solo and Heart Solo in 1922."""
    return rs.contract_name(contract)


def widow_name(rs: Ruleset) -> str:
    """What the ruleset's source calls the widow: the slough in 1922."""
    return rs.widow_name()


def display_order(cards: int) -> list[Card]:
    """The cards of a mask in the order the site draws a hand: by suit, highest first."""
    return sorted(
        cards_of(cards), key=lambda c: (DISPLAY_SUITS.index(suit_of(c)), -card_strength(c))
    )


def _card_text(card: Card) -> str:
    return format_card(card)[:-1] + suit_of(card).symbol


# ----------------------------------------------------------------------------- commentary


class Segment(NamedTuple):
    """A piece of commentary: its words, and the id of the rule they state, if any."""

    text: str
    rule: str | None = None


def _rule(function: Callable[..., object]) -> str:
    entry = rule_for_function(function)
    assert entry is not None, f"{function.__name__} is not a registered rule"
    return entry.id


def play_duty(state: State) -> str:
    """The id of the rule that says which cards the player to act may play now.

    The engine's rule functions are asked in the order :func:`frogspec.rules.play.legal_plays`
    asks them: a leader may lead anything; a player holding the suit led must follow;
    one void in it must trump if he can; one who can do neither plays anything.
    """
    seat = state.to_act
    assert state.phase == Phase.PLAY and seat is not None, "no card to play"
    hand = state.hands[seat]
    if not state.trick:
        return _rule(play.lead_any_card)
    if play.follow_suit(hand, state.trick[0] // 9):
        return _rule(play.follow_suit)
    if play.must_trump(hand, state.trump):
        return _rule(play.must_trump)
    return _rule(play.any_card_when_unable)


_DUTY_WORDS = {
    "play.lead-any-card": "leads",
    "play.follow-suit": "follows suit with",
    "play.must-trump": "cannot follow suit, so must trump:",
    "play.any-card-when-unable": "can neither follow suit nor trump, and throws",
}


def _trick_note(
    cards: tuple[Card, ...], seats: tuple[int, ...], duties: tuple[str, ...], trump: Suit
) -> list[Segment]:
    """One line saying who won the trick and which rules decided it.

    ``cards`` and ``seats`` are in play order (the leader first); ``duties`` the rule that
    bound each card (:func:`play_duty`). The winner is the engine's
    (:func:`frogspec.rules.play.trick_winner`).
    """
    won = play.trick_winner(cards, trump)
    led = suit_of(cards[0])
    card = cards[won]
    trumps = [c for c in cards if suit_of(c) == trump]
    if led == trump:
        why = "the highest trump, trumps being led"
    elif suit_of(card) == trump:
        why = "the only trump" if len(trumps) == 1 else "the highest trump"
    else:
        why = f"the highest {led.name.lower()[:-1]} and nobody trumped"
    out = [
        Segment(f"Seat {seats[won]} wins with {_card_text(card)}, "),
        Segment(why, _rule(play.trick_winner)),
    ]
    for seat, played, duty in zip(seats[1:], cards[1:], duties[1:], strict=True):
        if duty == _rule(play.must_trump):
            out += [
                Segment(f"; seat {seat}, void in {led.name.lower()}, "),
                Segment("had to trump", duty),
            ]
            beaten = [c for c in cards[: cards.index(played)] if suit_of(c) == trump]
            if beaten and card_strength(played) < max(card_strength(c) for c in beaten):
                out.append(Segment(" and ", None))
                out.append(Segment("need not over-trump", _rule(play.no_duty_to_overtrump)))
        elif duty == _rule(play.any_card_when_unable):
            void = "out of trumps" if led == trump else f"void in {led.name.lower()} and in trumps"
            out += [
                Segment(f"; seat {seat}, {void}, "),
                Segment(f"threw {_card_text(played)}", duty),
            ]
    if all(duty == _rule(play.follow_suit) for duty in duties[1:]):
        out += [Segment("; "), Segment("everyone followed suit", _rule(play.follow_suit))]
    out.append(Segment("."))
    return out


# ----------------------------------------------------------------------------- the steps


class Step(NamedTuple):
    """The position after ``number`` actions, with what the engine says of it.

    ``note`` says what the last action did (for the first step, the deal); ``legal`` are
    the engine's legal actions from here; ``completed`` is the trick the last action
    finished, in play order as ``(seat, card)``, with its winner; ``points`` the card points
    in the tricks taken so far by the bidder and by the defenders.
    """

    number: int
    state: State
    legal: tuple[Action, ...]
    note: tuple[Segment, ...]
    completed: tuple[tuple[tuple[int, Card], ...], int] | None
    points: tuple[int, int] | None


def _seat_label(seat: int) -> str:
    return f"Seat {seat}"


def _auction_note(state: State, action: Action, after: State) -> list[Segment]:
    rs = state.ruleset
    who = _seat_label(state.to_act or 0)
    procedure = rs.rule_id(Question.AUCTION_PROCEDURE)
    if action.kind == ActionKind.PASS:
        out = [Segment(f"{who} "), Segment("passes", procedure)]
    else:
        name = contract_name(rs, Contract(action.value))
        out = [Segment(f"{who} "), Segment(f"bids {name}", procedure)]
    if after.phase == Phase.AUCTION:
        return [*out, Segment(".")]
    if after.bidder is None or after.contract is None:
        return [
            *out,
            Segment("; "),
            Segment("everyone has passed", "auction.all-pass"),
            Segment("."),
        ]
    out += [
        Segment(f". Seat {after.bidder} "),
        Segment("has the highest bid", "auction.highest-bid-wins"),
        Segment(" and "),
        Segment(f"plays {contract_name(rs, after.contract)}", "auction.bidder-plays-named-game"),
    ]
    if after.phase == Phase.DISCARD:
        if rs.rules.widow_shown():
            out += [
                Segment(": he "),
                Segment("turns the widow face up", rs.rule_id(Question.WIDOW_SHOWN)),
            ]
        else:
            out += [
                Segment(": he "),
                Segment(
                    f"takes the {widow_name(rs)} without showing it",
                    rs.rule_id(Question.WIDOW_SHOWN),
                ),
            ]
        out += [
            Segment(", "),
            Segment(
                "takes it into his hand and must lay three cards away",
                "widow.frog-take-and-discard",
            ),
        ]
    elif after.phase == Phase.TRUMP:
        out += [Segment(": he "), Segment("names the trump", rs.rule_id(Question.CHICO_TRUMP))]
    else:
        out += [Segment("; "), Segment("hearts are trumps", "trump.hearts-in-frog-and-grand")]
    if after.phase == Phase.PLAY:
        out += _widow_untouched(rs)
    return [*out, Segment(".")]


def _widow_untouched(rs: Ruleset) -> list[Segment]:
    return [
        Segment(f"; the {widow_name(rs)} "),
        Segment("stays face down, untouched", "widow.untouched-in-chico-and-grand"),
        Segment(", but "),
        Segment("its points will count for the bidder", "scoring.widow-counts-for-bidder"),
    ]


def _play_note(state: State, action: Action, duty: str) -> list[Segment]:
    return [
        Segment(f"{_seat_label(state.to_act or 0)} "),
        Segment(f"{_DUTY_WORDS[duty]} {_card_text(action.value)}", duty),
    ]


def _points(state: State) -> tuple[int, int] | None:
    if state.bidder is None or state.phase not in (Phase.PLAY, Phase.OVER):
        return None
    bidder = points_of(state.won[state.bidder])
    defenders = sum(points_of(state.won[s]) for s in state.order if s != state.bidder)
    return bidder, defenders


def _deal_note(state: State) -> list[Segment]:
    rs = state.ruleset
    sitting = [s for s in range(state.players) if s not in state.order]
    out = [
        Segment(f"Seat {state.dealer} "),
        Segment("deals", rs.rule_id(Question.DEAL_PATTERN)),
        Segment(f" to seats {', '.join(str(s) for s in state.order)} "),
        Segment("from eldest", "seats.eldest-hand"),
    ]
    if sitting:
        seats = " and ".join(str(s) for s in sitting)
        out += [
            Segment(f"; seat{'s' if len(sitting) > 1 else ''} {seats} "),
            Segment(
                "sit" + ("" if len(sitting) > 1 else "s") + " out",
                rs.rule_id(Question.ACTIVE_SEATS),
            ),
        ]
    out += [
        Segment(". Eldest, seat "),
        Segment(f"{state.order[0]}", None),
        Segment(", bids first."),
    ]
    return out


def steps(deal: AnnotatedDeal) -> Iterator[Step]:
    """Every position of the deal, from the deal itself to the end, with its commentary."""
    state = deal.start
    yield Step(0, state, legal_actions(state), tuple(_deal_note(state)), None, None)
    trick_seats: list[int] = []
    duties: list[str] = []
    for index, (action, after) in enumerate(zip(deal.actions, deal.states[1:], strict=True), 1):
        completed = None
        if state.phase == Phase.AUCTION:
            note = _auction_note(state, action, after)
        elif state.phase == Phase.DISCARD:
            note = [
                Segment(f"Seat {state.bidder} "),
                Segment(f"lays away {_card_text(action.value)}", "widow.frog-take-and-discard"),
            ]
            if after.phase == Phase.PLAY:
                note += [
                    Segment(", his third; "),
                    Segment("hearts are trumps", "trump.hearts-in-frog-and-grand"),
                    Segment(" and "),
                    Segment(f"eldest, seat {after.leader}, leads", "play.eldest-leads-first"),
                ]
            note.append(Segment("."))
        elif state.phase == Phase.TRUMP:
            suit = Suit(action.value)
            note = [
                Segment(f"Seat {state.bidder} "),
                Segment(
                    f"names {suit.name.lower()} {suit.symbol} trumps",
                    state.ruleset.rule_id(Question.CHICO_TRUMP),
                ),
                *_widow_untouched(state.ruleset),
                Segment("; "),
                Segment(f"eldest, seat {after.leader}, leads", "play.eldest-leads-first"),
                Segment("."),
            ]
        else:
            duty = play_duty(state)
            if not state.trick:
                trick_seats, duties = [], []
            assert state.to_act is not None
            trick_seats.append(state.to_act)
            duties.append(duty)
            note = _play_note(state, action, duty)
            if after.trick:
                note.append(Segment("."))
            else:
                cards = (*state.trick, action.value)
                assert state.trump is not None
                note += [
                    Segment(". "),
                    *_trick_note(cards, tuple(trick_seats), tuple(duties), state.trump),
                ]
                winner = trick_seats[play.trick_winner(cards, state.trump)]
                completed = (tuple(zip(trick_seats, cards, strict=True)), winner)
                if after.phase == Phase.OVER:
                    note += [
                        Segment(" "),
                        Segment("Eleven tricks are played", "play.eleven-tricks"),
                        Segment(": the deal is counted."),
                    ]
                else:
                    note += [
                        Segment(" "),
                        Segment(f"Seat {winner} leads next", "play.winner-leads-next"),
                        Segment("."),
                    ]
        yield Step(index, after, legal_actions(after), tuple(note), completed, _points(after))
        state = after


# ----------------------------------------------------------------------------- the count


def counted_widow(deal: AnnotatedDeal) -> tuple[int, str]:
    """The cards that count for the bidder beside his tricks, and what they are: the three he
    laid away in a Frog, else the untouched widow."""
    final = deal.final
    if final.contract == Contract.FROG:
        return final.laid_away, "the three cards he laid away"
    return final.widow, f"the {widow_name(final.ruleset)}"


def count_note(deal: AnnotatedDeal) -> list[Segment]:
    """The count in words: each side's card points, the widow's included, with their rules."""
    final = deal.final
    result = deal.result
    assert final.bidder is not None
    extra, what = counted_widow(deal)
    in_tricks = points_of(final.won[final.bidder])
    return [
        Segment("Each side "),
        Segment("counts the card points in its tricks", "scoring.count-card-points"),
        Segment(f", and {what}, turned up now, "),
        Segment("count for the bidder", "scoring.widow-counts-for-bidder"),
        Segment(
            f": {in_tricks} in tricks + {points_of(extra)} = {result.bidder_points} for the "
            f"bidder, seat {final.bidder}; {result.defender_points} for the defenders."
        ),
    ]


# ----------------------------------------------------------------------------- settlement


def settlement_lines(deal: AnnotatedDeal) -> list[tuple[int, int, list[Segment]]]:
    """Each seat's payment with the rules that set it: ``(seat, amount, why)``."""
    final = deal.final
    rs = final.ruleset
    result = deal.result
    bidder = final.bidder
    if bidder is None or final.contract is None or result.bidder_points is None:
        return [
            (seat, 0, [Segment("nothing: "), Segment("everyone passed", "auction.all-pass")])
            for seat in range(final.players)
        ]
    margin = result.bidder_points - 60
    won = margin > 0
    contract = final.contract
    rated = rs.rules.rate_as(contract, won) if rs.rules.rate_as is not None else contract
    each = rs.rules.rates(rated, abs(margin), won) if margin else 0
    per_point = rs.rules.rates(rated, 1, won) if margin else 0
    system = rs.rule_id(Question.SITTING_OUT)
    counterparties = (
        rs.rules.sitting_out(final.players, final.active, bidder, contract, won) if margin else ()
    )
    lines: list[tuple[int, int, list[Segment]]] = []
    for seat, paid in enumerate(result.payments):
        if margin == 0:
            why = [
                Segment("nothing: the bidder has exactly 60, "),
                Segment("a tie", "settlement.sixty-is-a-tie"),
            ]
        elif seat == bidder:
            side = "paid by" if won else "pays"
            why = [
                Segment(f"the bidder {side} {len(counterparties)} seats "),
                Segment(f"{each} {rs.unit} each, in full", "settlement.each-pays-in-full"),
            ]
        elif seat in counterparties:
            active = seat in final.order
            role = "a defender" if active else "sitting out"
            how = "pays" if won else "is paid"
            why = [
                Segment(f"{role}, {how} "),
                Segment(
                    f"{abs(margin)} points {'over' if won else 'under'} 60",
                    "settlement.sixty-is-a-tie",
                ),
                Segment(" × "),
                Segment(
                    f"{per_point} {rs.unit.removesuffix('s') if per_point == 1 else rs.unit} "
                    f"a point in a {contract_name(rs, rated)}",
                    rs.rule_id(Question.RATES),
                ),
            ]
            if not active:
                why += [Segment(": "), Segment("players sitting out settle too", system)]
        else:
            why = [Segment("sitting out: "), Segment("only paid when the bidder loses", system)]
        lines.append((seat, paid, why))
    return lines


# ----------------------------------------------------------------------------- the data


def dealt_packets(deal: AnnotatedDeal) -> list[tuple[int, int | None, tuple[Card, ...]]]:
    """The pack as dealt: ``(position of the first card, seat or None for the widow,
    cards)`` for each packet, a packet being a run of cards dealt to the same place (in the
    single-card deal, every card is a packet of its own)."""
    pattern = deal.start.ruleset.rules.deal_pattern()
    order = deal.start.order
    packets: list[tuple[int, int | None, list[Card]]] = []
    previous = None
    for position, (card, destination) in enumerate(zip(deal.deck, pattern, strict=True), 1):
        to = None if destination == WIDOW else order[destination]
        if packets and destination == previous:
            packets[-1][2].append(card)
        else:
            packets.append((position, to, [card]))
        previous = destination
    return [(position, to, tuple(cards)) for position, to, cards in packets]


def _codes(cards: int) -> list[str]:
    return [format_card(c) for c in display_order(cards)]


def _segments_json(segments: tuple[Segment, ...] | list[Segment]) -> list[dict[str, str]]:
    return [{"text": s.text, "rule": s.rule} if s.rule else {"text": s.text} for s in segments]


def deal_data(deal: AnnotatedDeal) -> dict[str, object]:
    """The deal as the step-through view reads it: one entry per position, from the engine.

    Every field is written here, from the engine's states and legal actions; the view only
    draws them.
    """
    spec = deal.spec
    start, final = deal.start, deal.final
    rs = start.ruleset
    shown = final.contract == Contract.FROG and rs.rules.widow_shown()
    out_steps: list[dict[str, object]] = []
    rules: set[str] = set()
    for step in steps(deal):
        state = step.state
        rules.update(s.rule for s in step.note if s.rule)
        if state.phase == Phase.OVER and state.bidder is not None:
            widow_state = "revealed"
        elif state.contract == Contract.FROG and state.phase != Phase.AUCTION:
            widow_state = "taken"
        else:
            widow_state = "down"
        out_steps.append(
            {
                "phase": state.phase.code,
                "to_act": state.to_act,
                "hands": [_codes(hand) for hand in state.hands],
                "legal": [str(a) for a in step.legal],
                "choices": _choices(rs, step.legal),
                "trick": [
                    [seat, format_card(card)]
                    for seat, card in zip(_trick_seats(state), state.trick, strict=True)
                ],
                "completed": None
                if step.completed is None
                else {
                    "cards": [[seat, format_card(card)] for seat, card in step.completed[0]],
                    "winner": step.completed[1],
                },
                "widow": widow_state,
                "laid_away": _codes(state.laid_away),
                "bidder": state.bidder,
                "contract": None if state.contract is None else contract_name(rs, state.contract),
                "trump": None if state.trump is None else state.trump.letter,
                "auction": [
                    [seat, "pass" if bid is None else contract_name(rs, bid)]
                    for seat, bid in state.auction
                ],
                "tricks": state.tricks,
                "points": None if step.points is None else list(step.points),
                "note": _segments_json(step.note),
                "next": str(deal.actions[step.number]) if step.number < len(deal.actions) else None,
            }
        )
    settlement = settlement_lines(deal)
    counted = count_note(deal) if final.bidder is not None else []
    widow_cards, widow_what = counted_widow(deal)
    for segments in [counted, *(why for _, _, why in settlement)]:
        rules.update(s.rule for s in segments if s.rule)
    return {
        "format": "frogspec-deal/1",
        "slug": spec.slug,
        "title": spec.title,
        "ruleset": rs.id,
        "options": dict(spec.options),
        "players": start.players,
        "dealer": start.dealer,
        "deal_number": spec.number,
        "order": list(start.order),
        "widow_name": widow_name(rs),
        "widow_shown": shown,
        "widow": _codes(start.widow),
        "unit": rs.unit,
        "steps": out_steps,
        "result": {
            "bidder_points": deal.result.bidder_points,
            "defender_points": deal.result.defender_points,
            "payments": list(deal.result.payments),
            "counted": _codes(widow_cards),
            "counted_name": widow_what,
            "count": _segments_json(counted),
            "lines": [
                {"seat": seat, "amount": paid, "why": _segments_json(why)}
                for seat, paid, why in settlement
            ],
        },
        # The statements in the ruleset's own names: the view's tooltips and rules list.
        "rules": {rule_id: own_statement(rs, rule_id) for rule_id in sorted(rules)},
    }


def _choices(rs: Ruleset, legal: tuple[Action, ...]) -> list[str]:
    # The names of the legal bids and trumps, for the view to show (cards are shown in hand).
    names = []
    for action in legal:
        if action.kind == ActionKind.PASS:
            names.append("pass")
        elif action.kind == ActionKind.BID:
            names.append(contract_name(rs, Contract(action.value)))
        elif action.kind == ActionKind.TRUMP:
            suit = Suit(action.value)
            names.append(f"{suit.symbol} {suit.name.lower()}")
    return names


def _trick_seats(state: State) -> list[int]:
    if not state.trick:
        return []
    assert state.leader is not None
    at = state.order.index(state.leader)
    return [state.order[(at + k) % len(state.order)] for k in range(len(state.trick))]
