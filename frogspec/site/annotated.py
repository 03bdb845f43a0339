"""An annotated deal: one complete deal played by the reference, every step tied to its rule.

The deal is played when the site is built: the pack is shuffled with a fixed seed, the
engine (:mod:`frogspec.engine`) deals it, and a simple, deterministic policy
(:func:`choose`) takes each player's decisions. Every step of the page links to the rule
that governs it; the hands are drawn as cards.

>>> deal = play_annotated_deal()
>>> deal.final.phase.code
'over'
>>> len(deal.actions) > 33
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from frogspec.auction import Contract
from frogspec.cards import (
    Card,
    Suit,
    card_points,
    card_strength,
    format_card,
    points_of,
    suit_of,
)
from frogspec.engine import (
    Action,
    ActionKind,
    Outcome,
    Phase,
    State,
    apply,
    legal_actions,
    new_deal,
    outcome,
)
from frogspec.harness import handle
from frogspec.play import trick_winner
from frogspec.site.markup import card_back_html, card_html, cards_html, escape, rule_link

__all__ = [
    "DEAL_DEALER",
    "DEAL_PLAYERS",
    "DEAL_RULESET",
    "DEAL_SEED",
    "AnnotatedDeal",
    "annotated_deal_page",
    "choose",
    "game_request",
    "play_annotated_deal",
    "pretty_json",
    "shuffled_pack",
]

#: The seed of the shuffle: ``random.Random(DEAL_SEED).shuffle`` of the cards 0..35.
DEAL_SEED = 264
DEAL_RULESET = "foster-1909"
DEAL_PLAYERS = 4
DEAL_DEALER = 0

PAGE = "deal.md"


def shuffled_pack(seed: int = DEAL_SEED) -> list[Card]:
    """The 36 cards in the order ``random.Random(seed)`` shuffles them (``deck[0]`` dealt first)."""
    deck = list(range(36))
    random.Random(seed).shuffle(deck)
    return deck


def _suit_cards(hand: int, suit: Suit) -> int:
    return hand & suit.mask


def _holds(hand: int, card: Card) -> bool:
    return bool(hand >> card & 1)


def _ace(suit: Suit) -> Card:
    return int(suit) * 9 + 8


def _ten(suit: Suit) -> Card:
    return int(suit) * 9 + 7


def wanted_bid(hand: int, chico_suits: tuple[Suit, ...]) -> tuple[Contract, Suit] | None:
    """The contract the policy wants to play with ``hand``, with its trump; ``None`` to pass.

    Grand with six hearts or more including the Ace and Ten; Chico with six cards or more of
    a suit it may name, including the Ace; Frog with four hearts or more.
    """
    hearts = _suit_cards(hand, Suit.HEARTS)
    if (
        hearts.bit_count() >= 6
        and _holds(hand, _ace(Suit.HEARTS))
        and _holds(hand, _ten(Suit.HEARTS))
    ):
        return Contract.GRAND, Suit.HEARTS
    for suit in chico_suits:
        if (
            suit != Suit.HEARTS
            and _suit_cards(hand, suit).bit_count() >= 6
            and _holds(hand, _ace(suit))
        ):
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
        wanted = wanted_bid(hand, state.ruleset.chico_trump())
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
        best = max(
            suits, key=lambda s: (_suit_cards(hand, s).bit_count(), points_of(hand & s.mask))
        )
        return Action(ActionKind.TRUMP, best)
    cards = [a.value for a in legal]
    if not state.trick:
        return Action(
            ActionKind.PLAY, max(cards, key=lambda c: (card_strength(c), -int(suit_of(c))))
        )
    winning = [c for c in cards if trick_winner((*state.trick, c), state.trump) == len(state.trick)]
    pool = winning or cards
    return Action(ActionKind.PLAY, min(pool, key=lambda c: (card_points(c), card_strength(c))))


@dataclass(frozen=True, slots=True)
class AnnotatedDeal:
    """The deal: the pack as shuffled, every state and action in order, and the outcome."""

    deck: tuple[Card, ...]
    states: tuple[State, ...]
    actions: tuple[Action, ...]
    result: Outcome

    @property
    def start(self) -> State:
        """The state after the deal, before the first bid."""
        return self.states[0]

    @property
    def final(self) -> State:
        """The state once the deal is over."""
        return self.states[-1]


def play_annotated_deal(
    seed: int = DEAL_SEED,
    ruleset: str = DEAL_RULESET,
    players: int = DEAL_PLAYERS,
    dealer: int = DEAL_DEALER,
) -> AnnotatedDeal:
    """Shuffle with ``seed``, deal, and play the deal to the end with :func:`choose`."""
    deck = shuffled_pack(seed)
    state = new_deal(ruleset, players, dealer, deck)
    states = [state]
    actions: list[Action] = []
    while state.phase != Phase.OVER:
        action = choose(state)
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    return AnnotatedDeal(tuple(deck), tuple(states), tuple(actions), outcome(state))


def game_request(deal: AnnotatedDeal) -> dict[str, object]:
    """The deal as a ``game`` request of the conformance protocol."""
    start = deal.start
    return {
        "id": 1,
        "op": "game",
        "ruleset": start.ruleset.id,
        "options": {},
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


def _link(rule_id: str, text: str | None = None) -> str:
    return rule_link(rule_id, PAGE, text)


def _seat(seat: int, state: State) -> str:
    roles = []
    if seat == state.dealer:
        roles.append("dealer")
    if state.order and seat == state.order[0]:
        roles.append("eldest")
    if state.bidder == seat:
        roles.append("bidder")
    if seat not in state.order:
        roles.append("sits out")
    return f"Seat {seat}" + (f" ({', '.join(roles)})" if roles else "")


def _play_reason(state: State, card: Card) -> str:
    """The rule that allowed this card: lead, follow, trump, or anything."""
    if not state.trick:
        return _link("play.lead-any-card", "leads")
    led = suit_of(state.trick[0])
    hand = state.hands[state.to_act] if state.to_act is not None else 0
    if hand & led.mask:
        return _link("play.follow-suit", "follows suit")
    if state.trump is not None and hand & state.trump.mask:
        return _link("play.must-trump", "must trump")
    return _link("play.any-card-when-unable", "cannot follow or trump")


def annotated_deal_page(deal: AnnotatedDeal | None = None) -> str:
    """The page: the deal from the shuffle to the payments, step by step."""
    deal = deal or play_annotated_deal()
    start = deal.start
    rs = start.ruleset
    out: list[str] = [
        "# An annotated deal",
        "",
        f"One complete deal of {escape(rs.name)} (ruleset `{rs.id}`) for {start.players} "
        f"players, played by the reference implementation when this page was built. The pack "
        f"is shuffled with `random.Random({DEAL_SEED}).shuffle`, and every decision is taken by "
        "a simple deterministic policy (`frogspec.site.annotated.choose`): bid Frog with four "
        "hearts, Chico with six cards of a suit headed by its Ace, Grand with six hearts "
        "headed by the Ace and Ten; lead the highest card; follow with the lowest card that "
        "wins the trick, or else the lowest card. Each step links to the rule that governs it.",
        "",
        "## The pack",
        "",
        f"The {_link('cards.pack', 'pack')} has 36 cards, ranking "
        f"{_link('cards.rank-order', 'A 10 K Q J 9 8 7 6')} in each suit and counting "
        f"{_link('cards.points', '11, 10, 4, 3 and 2')} for the Ace, Ten, King, Queen and Jack: "
        "120 points in all. Shuffled, in the order they are dealt:",
        "",
        cards_html(deal.deck, sort=False),
        "",
        "## Seats and the deal",
        "",
    ]
    order = start.order
    sitting = [s for s in range(start.players) if s not in order]
    out.append(
        f"Seat {start.dealer} deals. With {start.players} players "
        f"{_link(rs.rule_id('active_seats'), 'three seats are active')}: "
        f"{', '.join(str(s) for s in sorted(order))}"
        + (f"; seat {', '.join(str(s) for s in sitting)} sits out" if sitting else "")
        + f". {_link('seats.eldest-hand', 'Eldest hand')} is seat {order[0]}, on the dealer's "
        f"left; the turn goes {', '.join(str(s) for s in order)}."
    )
    out.append("")
    out.append(
        f"The cards are dealt {_link(rs.rule_id('deal_pattern'), 'in packets')}: three to "
        "each active player, three to the widow, then two rounds of four."
    )
    out += ["", "| Seat | Hand | Points |", "| --- | --- | --- |"]
    for seat in order:
        hand = start.hands[seat]
        out.append(f"| {_seat(seat, start)} | {cards_html(hand)} | {points_of(hand)} |")
    out.append(f"| Widow | {card_back_html() * 3} | |")
    out += ["", "## The auction", ""]
    index = 0
    state = start
    while state.phase == Phase.AUCTION:
        action = deal.actions[index]
        bidding = state.to_act
        assert bidding is not None
        allowed = ", ".join(str(a) for a in legal_actions(state))
        if action.kind == ActionKind.PASS:
            what = "passes"
        else:
            what = f"bids **{Contract(action.value).code.capitalize()}**"
        out.append(
            f"{index + 1}. {_seat(bidding, start)} {what} (may: {allowed}; "
            f"{_link(rs.rule_id('auction_procedure'), 'the bidding')})."
        )
        index += 1
        state = deal.states[index]
    out.append("")
    final = deal.final
    if state.bidder is None or state.contract is None:
        out.append(
            f"Everyone passed: {_link('auction.all-pass', 'the deal is over')}, nothing is "
            "paid, and the deal passes to the left."
        )
        return "\n".join(out) + "\n"
    bidder = state.bidder
    contract = state.contract
    out.append(
        f"{_link('auction.highest-bid-wins', 'The highest bidder')}, seat {bidder}, becomes the "
        f"single player against the two others, and {_link('auction.bidder-plays-named-game', 'plays the game he bid')}: "
        f"**{contract.code.capitalize()}**."
    )
    out += ["", "## The widow and trump", ""]
    if contract == Contract.FROG:
        out.append(
            f"In a Frog {_link('trump.hearts-in-frog-and-grand', 'hearts are trumps')}. "
            + (
                f"The bidder {_link('widow.frog-shown', 'turns the widow face up')}:"
                if state.widow_shown
                else f"The bidder {_link(rs.rule_id('widow_shown'), 'takes the widow unseen')}:"
            )
        )
        out += ["", cards_html(start.widow), ""]
        discards: list[Card] = []
        while state.phase == Phase.DISCARD:
            discards.append(deal.actions[index].value)
            index += 1
            state = deal.states[index]
        out.append(
            f"He {_link('widow.frog-take-and-discard', 'takes it into his hand and lays away three cards')}, "
            f"whose points ({points_of(state.laid_away)}) "
            f"{_link('scoring.widow-counts-for-bidder', 'will count for him')}:"
        )
        out += ["", cards_html(discards, sort=False), ""]
    else:
        if state.phase == Phase.TRUMP:
            suit = Suit(deal.actions[index].value)
            out.append(
                f"In Chico {_link(rs.rule_id('chico_trump'), 'the bidder names trump')}: "
                f"{suit.name.lower()} {suit.symbol}."
            )
            index += 1
            state = deal.states[index]
        else:
            out.append(f"In Grand {_link('trump.hearts-in-frog-and-grand', 'hearts are trumps')}.")
        out.append(
            f" The widow {_link('widow.untouched-in-chico-and-grand', 'stays untouched')}, but "
            f"its {points_of(start.widow)} points "
            f"{_link('scoring.widow-counts-for-bidder', 'count for the bidder')}."
        )
        out.append("")
    assert state.trump is not None
    out.append(
        f"Trump: **{state.trump.name.lower()} {state.trump.symbol}**. The hands for the play:"
    )
    out += ["", "| Seat | Hand |", "| --- | --- |"]
    for seat in order:
        out.append(f"| {_seat(seat, state)} | {cards_html(state.hands[seat])} |")
    out += [
        "",
        "## The play",
        "",
        f"{_link('play.eldest-leads-first', 'Eldest leads to the first trick')}; "
        f"{_link('play.trick-winner', 'the highest trump, or else the highest card of the suit led, wins')}, "
        f"and {_link('play.winner-leads-next', 'the winner leads to the next')}. Nobody is "
        f"obliged {_link('play.no-duty-to-head', 'to head the trick')} or "
        f"{_link('play.no-duty-to-overtrump', 'to over-trump')}.",
        "",
        "| Trick | " + " | ".join(f"Seat {s}" for s in order) + " | Won by | Points |",
        "| --- | " + " | ".join("---" for _ in order) + " | --- | --- |",
    ]
    trick_number = 0
    while state.phase == Phase.PLAY:
        cells: dict[int, str] = {}
        trick_cards: list[Card] = []
        leader = state.leader
        assert leader is not None
        while True:
            action = deal.actions[index]
            player = state.to_act
            assert player is not None
            cells[player] = f"{card_html(action.value)}<br>{_play_reason(state, action.value)}"
            trick_cards.append(action.value)
            index += 1
            state = deal.states[index]
            if not state.trick:
                break
        trick_number += 1
        winner = order[
            (order.index(leader) + trick_winner(trick_cards, deal.states[index - 1].trump))
            % len(order)
        ]
        cells[leader] = "**lead** " + cells[leader]
        trick_points = sum(card_points(c) for c in trick_cards)
        out.append(
            f"| {trick_number} | "
            + " | ".join(cells[s] for s in order)
            + f" | seat {winner} | {trick_points} |"
        )
    out += [
        "",
        f"{_link('play.eleven-tricks', 'Eleven tricks')} played, the deal is counted.",
        "",
        "## Counting",
        "",
    ]
    assert final.bidder is not None
    result = deal.result
    won_points = points_of(final.won[bidder])
    widow_points = points_of(final.laid_away if contract == Contract.FROG else final.widow)
    widow_name, verb = (
        ("the three cards he laid away", "count")
        if contract == Contract.FROG
        else ("the widow", "counts")
    )
    out.append(
        f"{_link('scoring.count-card-points', 'Each side counts the card points in its tricks')}. "
        f"The bidder took {won_points} in tricks, and {widow_name} "
        f"{_link('scoring.widow-counts-for-bidder', verb + ' for him')}: {widow_points} more, "
        f"**{result.bidder_points}** in all; the defenders took **{result.defender_points}**."
    )
    out += ["", "## Settlement", ""]
    assert result.bidder_points is not None
    margin = result.bidder_points - 60
    if margin == 0:
        out.append(
            f"The bidder has exactly 60: {_link('settlement.sixty-is-a-tie', 'a tie')}, nothing is paid."
        )
    else:
        side = "over" if margin > 0 else "under"
        out.append(
            f"The bidder is {abs(margin)} {side} 60 "
            f"({_link('settlement.sixty-is-a-tie', 'the margin that is paid')}); in a "
            f"{contract.code.capitalize()} {_link(rs.rule_id('rates'), 'each point is worth')} "
            f"{abs(rs.rates(contract, 1, margin > 0))} {escape(rs.unit)}. "
            + (
                f"He {_link(rs.rule_id('sitting_out'), 'is paid by the two defenders')}"
                if margin > 0
                else f"He {_link(rs.rule_id('sitting_out'), 'pays every other player at the table')}, "
                "those sitting out included"
            )
            + f", {_link('settlement.each-pays-in-full', 'each in full')}:"
        )
    out += ["", "| Seat | Payment |", "| --- | --- |"]
    for seat, paid in enumerate(result.payments):
        out.append(f"| {_seat(seat, final)} | {paid:+d} {escape(rs.unit)} |")
    out += [
        "",
        f"Then {_link('deal.rotation-left', 'the deal passes to the left')}: seat "
        f"{(start.dealer + 1) % start.players} deals next.",
        "",
        "## The deal as a conformance test",
        "",
        "The same deal as a `game` request of the conformance protocol, and the answer of "
        "the reference implementation (`frogspec.harness`) when this page was built. An "
        "implementation that gives another answer plays this deal differently.",
        "",
        "```json",
        pretty_json(game_request(deal)),
        "```",
        "",
        "```json",
        pretty_json(handle(game_request(deal))),
        "```",
        "",
    ]
    return "\n".join(out)
