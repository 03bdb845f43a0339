"""A table for the rulebook's Play page: you in seat 0 against :mod:`frogspec.bots`.

The page runs this module in the browser, in Pyodide, and speaks to it in JSON: the page's
script only draws what :meth:`PlayTable.view` describes and passes clicks to :meth:`PlayTable.act`.
Every decision about the rules is the engine's (:func:`~frogspec.engine.legal_actions`,
:func:`~frogspec.engine.apply`); a click the rules forbid comes back refused with the rule
the engine's :class:`~frogspec.errors.IllegalActionError` names, its statement and its
sources' words. Each step of the deal carries the rule that governs it, as a link to its
place in the rulebook.

The packs come from the portable deal generator (:func:`frogspec.prng.deal_deck`), deal
numbers ``seed``, ``seed + 1``, ...; the seat on your right deals first and the deal turns to
the left, as in a match (:func:`~frogspec.engine.play_match`).

>>> table = PlayTable("foster-1909", players=3, seed=7)
>>> view = table.view()
>>> view["phase"], view["to_act"], view["legal"]
('auction', 0, ['pass', 'frog', 'chico', 'grand'])
>>> table.act("play AS")["refused"]["rule"]["id"]
'deal.actions-by-phase'
>>> while table.view()["phase"] != "over":
...     _ = table.act(table.view()["legal"][0])
>>> sum(table.view()["result"]["payments"])
0
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import io
import json
import re
import traceback
from collections.abc import Callable
from typing import Any, cast

from frogspec.bots import (
    Bot,
    BotDeal,
    Policy,
    deal_notation,
    deal_vector,
    recorded_deal,
    replay_link,
)
from frogspec.engine import (
    Action,
    ActionKind,
    Phase,
    State,
    apply,
    legal_actions,
    new_deal,
    outcome,
    parse_action,
)
from frogspec.errors import FrogError, IllegalActionError
from frogspec.notation import numbered_deck, parse_deal
from frogspec.registry import Rule, get_rule, rule_for_function
from frogspec.rules import play
from frogspec.rules.auction import Contract, all_pass_ends_deal
from frogspec.rules.cards import SUIT_OF, Suit, card_strength, cards_of, format_card
from frogspec.rules.match import balances_after, never_over
from frogspec.rules.scoring import count_points
from frogspec.rules.settlement import bidder_result
from frogspec.rules.widow import discardable
from frogspec.rulesets import RULESETS, Ruleset, get_ruleset, own_phrasing
from frogspec.sampling_bot import SamplingBot

__all__ = [
    "HUMAN",
    "OPPONENTS",
    "PlayTable",
    "call",
    "deal_test_case",
    "estimate_line",
    "hint_rows",
    "offered_rulesets",
    "replay_test_case",
    "run_example",
    "seat_position",
]

#: Your seat.
HUMAN = 0

#: The computer players the page offers, by name: the cautious :class:`~frogspec.bots.Bot`,
#: and :class:`~frogspec.sampling_bot.SamplingBot` with the samples a browser can afford
#: (see the Play page for what a decision takes there).
OPPONENTS: dict[str, Callable[[int], Policy]] = {
    "bot": Bot,
    "sampling": lambda seed: SamplingBot(seed, samples=8, bid_samples=16),
}

#: A JSON object as the Play page sends and receives it.
JsonObject = dict[str, Any]

# Suits as the site draws them: colours alternating, hearts (Frog's trump) first.
_DRAW_ORDER = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)


def _sorted_cards(mask: int) -> list[str]:
    cards = list(cards_of(mask))
    cards.sort(key=lambda c: (_DRAW_ORDER.index(SUIT_OF[c]), -card_strength(c)))
    return [format_card(c) for c in cards]


_FROG = re.compile(r"\bFrog\b")

_SUIT_WORD: dict[str, str] = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}

#: The engine's words for seat HUMAN, as the table that calls you "You" says them.
_TO_YOU = (
    (
        re.compile(rf"\bseat {HUMAN} holds ([CDHS]) and"),
        lambda m: f"you hold a {_SUIT_WORD[m[1]]} and",
    ),
    (
        re.compile(rf"\bseat {HUMAN} cannot follow ([CDHS])"),
        lambda m: f"you cannot follow {_SUIT_WORD[m[1]]}s",
    ),
    (re.compile(rf"\bseat {HUMAN} does not\b"), lambda m: "you do not"),
    (re.compile(rf"\bseat {HUMAN}\b"), lambda m: "you"),
    (re.compile(r"\bseat (\d)\b"), lambda m: f"Seat {m[1]}"),
)


def _to_you(message: str) -> str:
    """An engine's message in the words of the table, which calls seat :data:`HUMAN` "You"
    and the others "Seat N" (the page shows it after "Refused: ").

    >>> _to_you("seat 0 holds S and must follow suit, not play 7H")
    'you hold a spade and must follow suit, not play 7H'
    >>> _to_you("seat 2 does not hold AS")
    'Seat 2 does not hold AS'
    """
    for pattern, words in _TO_YOU:
        message = pattern.sub(words, message)
    return message


def _rule_ref(entry: Rule, rs: Ruleset | None = None) -> JsonObject:
    """A rule as the page shows it: id, statement, the sources' words, and its page. At a
    table of ``rs`` the statement is in that ruleset's own names for the contracts
    (:func:`~frogspec.rulesets.own_phrasing`: Simple Solo and Heart Solo at a 1922 table);
    the sources' words stay verbatim.

    >>> _rule_ref(get_rule("auction.contract-order"), get_ruleset("official-1922-solo"))["statement"]
    'Simple Solo outbids Frog, and Heart Solo outbids Simple Solo; Heart Solo is the highest bid.'
    """
    statement = entry.statement if rs is None else own_phrasing(rs, entry.statement)
    if rs is not None and Contract.FROG not in rs.rules.contracts() and _FROG.search(statement):
        # A rule shared with rulesets that have a Frog (Straight Solo's auction): say which
        # part does not apply here, rather than word a Frog this table does not have.
        statement += f" ({rs.name} has no Frog: what is said of one does not apply here.)"
    return {
        "id": entry.id,
        "statement": statement,
        "editorial": entry.editorial,
        "reasoning": entry.reasoning,
        "citations": [{"quote": c.quote, "where": c.locator()} for c in entry.citations if c.quote],
        "url": f"rules/{entry.topic}/#{entry.anchor}",
    }


def _ref(function: Callable[..., object], rs: Ruleset) -> JsonObject:
    entry = rule_for_function(function)
    assert entry is not None, f"{function.__qualname__} is not a registered rule"
    return _rule_ref(entry, rs)


def offered_rulesets() -> list[JsonObject]:
    """The rulesets the page offers, with the table sizes each allows."""
    return [
        {
            "id": rs.id,
            "name": rs.name,
            "summary": rs.summary,
            "players": list(rs.rules.player_count()),
            "has_end": rs.rules.game_end is not never_over,
            "unit": rs.unit,
        }
        for rs in RULESETS.values()
    ]


def _duty(state: State) -> Callable[..., object]:
    # The duty that decides the legal plays now, asked of the rule functions themselves.
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if not state.trick:
        return play.lead_any_card
    if play.follow_suit(hand, state.trick[0] // 9):
        return play.follow_suit
    if play.must_trump(hand, state.trump):
        return play.must_trump
    return play.any_card_when_unable


def _step_rule(state: State) -> JsonObject:
    # The rule that governs the choice of the player to act.
    rs = state.ruleset
    if state.phase == Phase.AUCTION:
        return _ref(rs.rules.auction_procedure, rs)
    if state.phase == Phase.DISCARD:
        return _ref(discardable, rs)
    if state.phase == Phase.TRUMP:
        return _ref(rs.rules.chico_trump, rs)
    return _ref(_duty(state), rs)


_OPPONENT_CODE = {"bot": "frogspec.bots.Bot", "sampling": "frogspec.sampling_bot.SamplingBot"}


def seat_position(state: State, seat: int) -> str:
    """Where ``seat`` sits in the deal, as the hand-worth tables name it: ``eldest`` (on
    the dealer's left, first to speak), ``dealer``, or ``second`` between them."""
    if seat == state.order[0]:
        return "eldest"
    return "dealer" if seat == state.dealer else "second"


#: The hint's columns: the fields of ``frogspec.worth.WorthRow`` it shows, under the page's
#: headings, in order (a field the row lacks is left out).
_HINT_COLUMNS = (
    ("name", "contract"),
    ("win_rate", "bidder wins"),
    ("win_interval", "95% interval"),
    ("mean_payment", "expected payment"),
    ("payment_interval", "95% interval"),
    ("samples", "deals"),
    ("matched", "deals like yours"),
)


def _worth_cell(name: str, value: object) -> str:
    # A cell of the hint's table: rates as percentages, payments to two places, an
    # interval as its two ends.
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return " to ".join(_worth_cell(name, v) for v in value)
    if isinstance(value, float):
        return f"{value:.0%}" if name.startswith("win") else f"{value:+.2f}"
    return str(value)


def _fields(row: object) -> dict[str, object]:
    if dataclasses.is_dataclass(row) and not isinstance(row, type):
        return {f.name: getattr(row, f.name) for f in dataclasses.fields(row)}
    return dict(vars(row))


def estimate_line(
    ruleset: Ruleset, hand: int, position: str = "eldest", players: int = 3
) -> str | None:
    """One estimate for ``hand`` bid from ``position`` at a table of ``players`` from its
    features together (``frogspec.estimate.estimate``, the same call as ``frogspec odds
    --quick`` and the hand-worth pages make), in a sentence; None if it cannot be read here."""
    try:
        module = importlib.import_module("frogspec.estimate")
        rows = module.estimate(hand, ruleset, seat=position, players=players)
    except (ImportError, OSError, ValueError, KeyError, TypeError):
        return None
    parts = [
        f"{row.name} {row.win_chance:.0%} to win ({row.win_interval[0]:.0%} to "
        f"{row.win_interval[1]:.0%}), {row.payment:+.1f}"
        for row in rows
    ]
    return (
        f"From all your hand's features together (bid {position}, {players} players; the "
        "ranges: where this hand's own double-dummy odds lie, 95 times in 100; a Frog's a "
        "lower bound): " + "; ".join(parts) + "."
    )


def hint_rows(ruleset: Ruleset, hand: int, position: str, players: int = 3) -> JsonObject:
    """The hint: the hand-worth table's row for ``hand`` at ``position`` under ``ruleset``
    at a table of ``players`` (``frogspec.worth.row_for_hand``, one row per contract), as
    headings and rows of text for the page. Where the tables cannot give that seat, the row
    is the eldest hand's, and ``note`` says so; ``{"refused": ...}`` when the tables cannot
    be read."""
    try:
        worth = importlib.import_module("frogspec.worth")
        note = None
        try:
            rows = worth.row_for_hand(ruleset.id, hand, position, players)
        except FrogError:
            rows = worth.row_for_hand(ruleset.id, hand, "eldest", players)
            note = f"The tables hold no deals for your seat: this is the row for your cards as if you sat eldest, not {position}."
    except (ImportError, OSError, ValueError) as error:
        why = f"the hand-worth tables cannot be read here ({type(error).__name__}: {error})"
        return {"refused": {"message": why, "rule": None}}
    fields = [_fields(row) for row in rows]
    shown = [(name, heading) for name, heading in _HINT_COLUMNS if fields and name in fields[0]]
    contracts = [cast(Contract, row["contract"]) for row in fields]
    trumps = _assumed_trumps(worth, ruleset, hand, contracts)
    return {
        "hint": {
            "ruleset": ruleset.id,
            "position": position,
            "note": note,
            "estimate": estimate_line(ruleset, hand, position, players),
            "cards": _sorted_cards(hand),
            "columns": [heading for _, heading in shown],
            "rows": [[_worth_cell(name, row[name]) for name, _ in shown] for row in fields],
            "trumps": None if trumps is None else [_suit_held(*t) for t in trumps],
            "assumes": _assumption(ruleset, contracts, trumps),
        }
    }


def _assumed_trumps(
    worth: object, ruleset: Ruleset, hand: int, contracts: list[Contract]
) -> list[tuple[Suit, int]] | None:
    # Each row's trump suit as the tables count it (``frogspec.worth.contract_trump``):
    # hearts in a Frog and a Grand, in a Chico the suit the hand would name; and how many
    # of it the hand holds.
    contract_trump = getattr(worth, "contract_trump", None)
    if contract_trump is None:
        return None
    allowed = tuple(Suit(s) for s in ruleset.rules.chico_trump())
    suits = [Suit(contract_trump(hand, c, allowed)) for c in contracts]
    return [(suit, (hand & suit.mask).bit_count()) for suit in suits]


def _suit_held(suit: Suit, held: int) -> str:
    return f"{suit.symbol} {suit.name.lower()} ({held} held)"


def _assumption(
    ruleset: Ruleset, contracts: list[Contract], trumps: list[tuple[Suit, int]] | None
) -> str | None:
    # The sentence naming the trump the Chico row assumes (the others' is fixed by rule).
    if trumps is None:
        return None
    for contract, (suit, held) in zip(contracts, trumps, strict=True):
        if contract == Contract.CHICO:
            return (
                f"The {ruleset.contract_name(Contract.CHICO)} row assumes you name "
                f"{suit.symbol} {suit.name.lower()} as trumps ({held} held): of the suits you "
                "may name, the one you hold most of. In the other rows hearts are trumps."
            )
    return None


def _seat_name(seat: int) -> str:
    return "You" if seat == HUMAN else f"Seat {seat}"


class PlayTable:
    """A match at one table: you in seat :data:`HUMAN`, a computer player of
    :data:`OPPONENTS` in the others (``opponent``, :class:`~frogspec.bots.Bot` unless
    said). ``seed`` numbers the first deal and seeds the computer players."""

    def __init__(self, ruleset: str, players: int, seed: int = 1, opponent: str = "bot") -> None:
        self.ruleset = get_ruleset(ruleset)
        self.players = players
        self.seed = seed
        if opponent not in OPPONENTS:
            raise ValueError(f"no computer player {opponent!r}: choose from {', '.join(OPPONENTS)}")
        self.opponent = opponent
        self.bot = OPPONENTS[opponent](seed)
        self.balances = [self.ruleset.rules.bank()] * players
        self.deals: list[BotDeal] = []
        self.numbers: list[int] = []
        self.loser: int | None = None
        self.dealer = players - 1
        self.number = seed
        self.log: list[JsonObject] = []
        self._actions: list[Action] = []
        self._deal()

    # ------------------------------------------------------------------ the deal

    def _deal(self) -> None:
        self.deck = list(numbered_deck(self.number))
        self.start = new_deal(self.ruleset, self.players, self.dealer, self.deck)
        self.state = self.start
        self._actions = []
        self.log = []
        # Where the log stood after your last action: what the others did since is shown.
        self._since = 0
        self.last_trick: list[JsonObject] = []
        self.last_trick_won_by: int | None = None
        self._advance()

    def _record(self, action: Action) -> None:
        state = self.state
        seat = state.to_act
        assert seat is not None
        entry: JsonObject = {"seat": seat, "who": _seat_name(seat), "action": str(action)}
        if action.kind == ActionKind.BID:
            entry["label"] = state.ruleset.contract_name(Contract(action.value))
        entry["rule"] = _step_rule(state)
        after = apply(state, action)
        observe = getattr(self.bot, "observe", None)
        if observe is not None:  # the table shows every action to every seat
            observe(state, action)
        self._actions.append(action)
        if state.phase == Phase.PLAY and len(state.trick) == len(state.order) - 1:
            trick = (*state.trick, action.value)
            leader = state.leader
            assert leader is not None
            winner = state.order[
                (state.order.index(leader) + play.trick_winner(trick, state.trump))
                % len(state.order)
            ]
            self.last_trick_won_by = winner
            self.last_trick = [
                {
                    "seat": state.order[(state.order.index(leader) + i) % len(state.order)],
                    "card": format_card(card),
                }
                for i, card in enumerate(trick)
            ]
            entry["trick_won_by"] = winner
            entry["trick_rule"] = _ref(play.trick_winner, state.ruleset)
        self.log.append(entry)
        self.state = after
        if after.phase == Phase.OVER:
            self._finish()

    def _advance(self) -> None:
        # The bots act until it is your turn or the deal is over.
        while self.state.phase != Phase.OVER and self.state.to_act != HUMAN:
            self._record(self.bot.choose(self.state))

    def _finish(self) -> None:
        deal = BotDeal(
            self.ruleset.id,
            self.players,
            self.dealer,
            tuple(self.deck),
            tuple(self._actions),
            self.start,
            self.state,
        )
        self.deals.append(deal)
        self.numbers.append(self.number)
        result = outcome(self.state)
        if self.state.bidder is not None:
            self.loser = self.ruleset.rules.game_end(
                self.balances, result.payments, self.state.bidder, self.players
            )
        self.balances = list(balances_after(self.balances, result.payments, self.loser))

    def act(self, text: str) -> JsonObject:
        """Your action in the protocol's notation (``"frog"``, ``"play 10H"``): the view
        after it and the bots' replies, or ``{"refused": ...}`` with the rule it breaks (the
        engine's message and the rule's statement in the ruleset's own names, :func:`_rule_ref`)."""
        if self.state.phase == Phase.OVER or self.state.to_act != HUMAN:
            return {"refused": {"message": "it is not your turn", "rule": None}}
        try:
            action = parse_action(text)
            apply(self.state, action)  # the engine's verdict, before anything is recorded
        except IllegalActionError as error:
            return {
                "refused": {
                    "message": _to_you(own_phrasing(self.ruleset, error.message)),
                    "rule": _rule_ref(get_rule(error.rule_id), self.ruleset),
                }
            }
        except FrogError as error:
            return {"refused": {"message": str(error), "rule": None}}
        self._record(action)
        self._since = len(self.log)
        self._advance()
        return {"view": self.view()}

    def next_deal(self) -> JsonObject:
        """Deal the next deal of the match (the deal turns to the left)."""
        if self.state.phase != Phase.OVER:
            return {"refused": {"message": "the deal is not over yet", "rule": None}}
        if self.loser is not None:
            return {
                "refused": {
                    "message": f"the match is over: {_seat_name(self.loser)} could not pay",
                    "rule": _ref(self.ruleset.rules.game_end, self.ruleset),
                }
            }
        self.dealer = (self.dealer + 1) % self.players
        self.number += 1
        self._deal()
        return {"view": self.view()}

    def hint(self) -> JsonObject:
        """The hand-worth table's row for your hand as dealt, at your place in this deal
        (:func:`hint_rows`)."""
        if HUMAN not in self.start.order:
            return {"refused": {"message": "you sit out this deal", "rule": None}}
        # Your place among the three who play (at four or five the third is not the dealer).
        position = ("eldest", "second", "dealer")[self.start.order.index(HUMAN)]
        return hint_rows(self.ruleset, self.start.hands[HUMAN], position, self.players)

    # ------------------------------------------------------------------ what you see

    def view(self) -> JsonObject:
        """The table as seat :data:`HUMAN` sees it, with the legal actions when it is your
        turn and the rule that governs the step."""
        state = self.state
        rs = self.ruleset
        yours = state.to_act == HUMAN and state.phase != Phase.OVER
        legal = [str(a) for a in legal_actions(state)] if yours else []
        seats = []
        for seat in range(self.players):
            seats.append(
                {
                    "seat": seat,
                    "name": _seat_name(seat),
                    "cards": state.hands[seat].bit_count(),
                    "playing": seat in state.order,
                    "dealer": seat == state.dealer,
                    "bidder": seat == state.bidder,
                    "tricks": sum(1 for e in self.log if e.get("trick_won_by") == seat),
                    "balance": self.balances[seat],
                }
            )
        widow_visible = state.widow_shown or (
            state.phase == Phase.OVER and state.bidder is not None
        )
        view: JsonObject = {
            "ruleset": rs.id,
            "ruleset_name": rs.name,
            "opponent": self.opponent,
            "unit": rs.unit,
            "players": self.players,
            "human": HUMAN,
            "deal_index": len(self.deals) - (1 if state.phase == Phase.OVER else 0),
            "deal_number": self.number,
            "dealer": state.dealer,
            "phase": state.phase.code,
            "to_act": state.to_act,
            "your_turn": yours,
            "seats": seats,
            "hand": _sorted_cards(state.hands[HUMAN]),
            "widow": _sorted_cards(state.widow) if widow_visible else None,
            "laid_away": _sorted_cards(state.laid_away) if state.bidder == HUMAN else None,
            "bidder": state.bidder,
            "contracts": [c.code for c in rs.rules.contracts()],
            "contract": state.contract.code if state.contract else None,
            # What the ruleset's sources call the contracts and the widow (the 1922 names).
            "contract_names": {c.code: rs.contract_name(c) for c in rs.rules.contracts()},
            "widow_name": rs.widow_name(),
            "trump": state.trump.letter if state.trump is not None else None,
            "trick": self._current_trick(),
            "last_trick": self.last_trick,
            "last_trick_won_by": self.last_trick_won_by,
            # What the computers did since your last action, in order: the page shows it
            # step by step rather than all at once.
            "since_you": self.log[self._since :],
            "you_sit_out": HUMAN not in state.order,
            "legal": legal,
            "step_rule": _step_rule(state) if state.phase != Phase.OVER else None,
            "log": self.log,
            "result": self._result() if state.phase == Phase.OVER else None,
            "balances": list(self.balances),
            "match_over": self.loser is not None,
            "loser": self.loser,
        }
        return view

    def _current_trick(self) -> list[JsonObject]:
        state = self.state
        if state.leader is None or not state.trick:
            return []
        start = state.order.index(state.leader)
        return [
            {"seat": state.order[(start + i) % len(state.order)], "card": format_card(card)}
            for i, card in enumerate(state.trick)
        ]

    def _result(self) -> JsonObject:
        state = self.state
        result = outcome(state)
        rs = self.ruleset
        rules = [_ref(count_points, rs), _ref(bidder_result, rs), _ref(rs.rules.rates, rs)]
        if state.bidder is None:
            rules = [_ref(all_pass_ends_deal, rs)]
        return {
            "bidder_points": result.bidder_points,
            "defender_points": result.defender_points,
            "payments": list(result.payments),
            "rules": rules,
            "replay": replay_link(self.deals[-1], self.numbers[-1]),
        }

    # ------------------------------------------------------------------ the record

    def record(self) -> JsonObject:
        """The last finished deal as a conformance vector and in the position notation."""
        if not self.deals:
            return {"refused": {"message": "no deal has been finished yet", "rule": None}}
        deal = self.deals[-1]
        number = self.numbers[-1]
        case_id = f"played.{deal.ruleset}.p{deal.players}.deal-{number}"
        description = (
            f"Deal {number} of the portable generator at {deal.players} players, seat "
            f"{deal.dealer} deals, played on the rulebook's Play page (seat {HUMAN} by a "
            f"reader, the others by {_OPPONENT_CODE[self.opponent]}({self.seed}))."
        )
        return deal_test_case(deal, number, case_id, description)


def deal_test_case(deal: BotDeal, number: int | None, case_id: str, description: str) -> JsonObject:
    """A finished deal as the pages offer it for a test: a conformance vector of one case
    (:func:`~frogspec.bots.deal_vector`: the ``game`` request, its actions and the observation
    the reference answers), the deal in the position notation, and its replay link.
    ``number`` is the deal number of the portable generator whose pack was dealt, if it was.
    """
    return {
        "vector": deal_vector(deal, case_id, description, number),
        "notation": deal_notation(deal),
        "replay": replay_link(deal, number),
    }


def replay_test_case(link: str) -> JsonObject:
    """The deal of a replay link as a test case (:func:`deal_test_case`), for the replay page's
    "This deal as a test case"; ``{"refused": ...}`` saying what is wrong with the link.

    >>> case = replay_test_case("ruleset=modern&players=3&dealer=0&deal=7&actions=pass,pass,pass")
    >>> case["vector"]["cases"][0]["id"], case["notation"]["actions"]
    ('replayed.modern.p3.deal-7', ['pass', 'pass', 'pass'])
    """
    record = parse_deal(link)  # a malformed link: InvalidInputError, refused by call()
    try:
        deal = recorded_deal(record)
    except IllegalActionError as error:
        rule = _rule_ref(get_rule(error.rule_id), record.ruleset)
        return {"refused": {"message": error.message, "rule": rule}}
    table = f"{deal.players} players, seat {deal.dealer} deals"
    if record.number is None:
        case_id = f"replayed.{deal.ruleset}.p{deal.players}.dealer-{deal.dealer}"
        pack = f"A pack of the reader's own at {table}"
    else:
        case_id = f"replayed.{deal.ruleset}.p{deal.players}.deal-{record.number}"
        pack = f"Deal {record.number} of the portable generator at {table}"
    description = f"{pack}, as shown on the rulebook's replay page from its link."
    return deal_test_case(deal, record.number, case_id, description)


def run_example(code: str) -> str:
    """Run a rule's example (as the reader edited it) and return what it printed, with the
    traceback of anything it raised: the "Run it here" button of the rulebook.

    >>> print(run_example("from frogspec.rules.cards import card_points, parse_card\\n"
    ...                   "print(card_points(parse_card('10H')))"), end="")
    10
    >>> run_example("1/0").splitlines()[-1]
    'ZeroDivisionError: division by zero'
    """
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
        except BaseException:  # the reader's own code: show whatever it raised, as Python would
            traceback.print_exc(file=out)
    return out.getvalue()


def replay(link: str) -> JsonObject:
    """The step-through view's data for a replay link
    (:func:`frogspec.site.replay.replay_data`), or ``{"refused": ...}`` saying what is wrong
    with the link: for an action the rules forbid, the rule the engine names.

    >>> replay("ruleset=modern&players=3&dealer=0&deal=7&actions=play+AS")["refused"]["rule"]["id"]
    'deal.actions-by-phase'
    """
    # The rulebook's generators are needed here only, not by the Play page.
    from frogspec.site.replay import replay_data

    try:
        return {"deal": replay_data(link)}
    except IllegalActionError as error:
        return {"refused": {"message": error.message, "rule": _rule_ref(get_rule(error.rule_id))}}


_table: PlayTable | None = None


def call(command: str, argument: str = "") -> str:
    """The page's one entry point: a command and its JSON argument in, JSON out.

    Commands: ``rulesets``; ``run`` (an example's source); ``replay`` and ``replay-record``
    (a replay link: the deal's view, the deal as a test case);
    ``start`` (``{"ruleset", "players", "seed", "opponent"}``, the opponent a name of
    :data:`OPPONENTS`); ``act`` (an action); ``next``; ``view``; ``record``; ``hint`` (the
    hand-worth table's row for your hand, :meth:`PlayTable.hint`).
    """
    global _table
    try:
        if command == "rulesets":
            return json.dumps(offered_rulesets())
        if command == "run":
            return json.dumps({"output": run_example(argument)})
        if command == "replay":
            return json.dumps(replay(argument))
        if command == "replay-record":
            return json.dumps(replay_test_case(argument))
        if command == "start":
            options = json.loads(argument)
            _table = PlayTable(
                options["ruleset"],
                int(options["players"]),
                int(options["seed"]),
                str(options.get("opponent", "bot")),
            )
            return json.dumps({"view": _table.view()})
        if _table is None:
            return json.dumps(
                {"refused": {"message": "no table yet: choose and start", "rule": None}}
            )
        if command == "act":
            return json.dumps(_table.act(argument))
        if command == "next":
            return json.dumps(_table.next_deal())
        if command == "view":
            return json.dumps({"view": _table.view()})
        if command == "record":
            return json.dumps(_table.record())
        if command == "hint":
            return json.dumps(_table.hint())
    except (FrogError, ValueError, KeyError) as error:
        return json.dumps({"refused": {"message": str(error), "rule": None}})
    return json.dumps({"refused": {"message": f"unknown command {command!r}", "rule": None}})
