"""The checks of the invariants, one per invariant id, shared by the property tests, the
stateful test and the teeth tests.

A check raises :class:`AssertionError` when its invariant does not hold. The checks of a
deal come in four sizes, so that the stateful test can run them step by step: on the
deal as dealt, on every state, on every step (state, action, next state), and on a
finished deal. :func:`check_line` runs them over a whole :class:`Line`.

The checks reach the engine through its module (``engine.apply``) and the rule functions
through a ruleset's rule table (:func:`_rules`: the rules every ruleset uses, as
:data:`~frogspec.rulesets.RULESETS` has them now), so that a teeth test which replaces a
rule is seen here.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeVar

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis.errors import HypothesisWarning, NoSuchExample
from hypothesis.strategies import SearchStrategy

from frogspec import engine, notation, registry, rulesets
from frogspec.engine import Action, ActionKind, MatchResult, State
from frogspec.engine import Phase as DealPhase
from frogspec.errors import FrogError, IllegalActionError, UnknownRuleError
from frogspec.rules import cards as cards_module
from frogspec.rules import scoring
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CARDS, CardSet, Suit
from frogspec.ruletable import RuleTable
from frogspec.testing.strategies import (
    ALL_ACTIONS,
    MAX_ACTIONS,
    Line,
    MatchPlan,
    Settlement,
    Situation,
)

from . import model
from .model import FROG, GRAND, POINTS, RANKS, SUITS, beats, members

FULL = (1 << 36) - 1


def _rules() -> RuleTable:
    """The rule table of a ruleset as :data:`~frogspec.rulesets.RULESETS` holds it now (the
    play's rules are every ruleset's)."""
    return rulesets.RULESETS["foster-1909"].rules


T = TypeVar("T")

#: Settings for a search for an example (an existence, or a broken engine's failure):
#: deterministic, no database, no shrinking.
SEARCH = settings(
    max_examples=1000,
    database=None,
    derandomize=True,
    deadline=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def search(
    strategy: SearchStrategy[T],
    condition: Callable[[T], bool],
    max_examples: int = 1000,
) -> T:
    """An example of ``strategy`` meeting ``condition`` among ``max_examples`` drawn;
    AssertionError if there is none."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HypothesisWarning)
        try:
            return find(strategy, condition, settings=settings(SEARCH, max_examples=max_examples))
        except NoSuchExample:
            raise AssertionError("no example found") from None


def describe(state: State) -> str:
    """A state's table, for failure messages."""
    rs = state.ruleset
    options = f" {rs.option_values}" if rs.options else ""
    return f"{rs.id}{options}, {state.players} players, dealer {state.dealer}"


def snapshot(state: State) -> tuple[object, ...]:
    """Everything a state holds, its ruleset's every field included, for comparison."""
    rs = state.ruleset
    return (tuple(state[1:]), tuple(getattr(rs, f.name) for f in dataclasses.fields(rs)))


def _bids(state: State) -> list[tuple[int, Contract]]:
    return [(seat, bid) for seat, bid in state.auction if bid is not None]


# --- on the deal as dealt --------------------------------------------------------------


def deal_seats(deck: Sequence[int], start: State) -> None:
    """deal-seats: the active seats and eldest hand, by the model of the sources."""
    order = model.turn_order(start.players, start.dealer)
    assert start.order == order, f"active seats from eldest {start.order}, expected {order}"
    assert start.to_act == order[0], f"seat {start.to_act} asked first, eldest is {order[0]}"


def deal_hands(deck: Sequence[int], start: State) -> None:
    """deal-hands: eleven cards to each active seat, three to the widow, the pack once."""
    assert len(start.order) == 3, f"{len(start.order)} active seats"
    for seat in range(start.players):
        held = start.hands[seat].bit_count()
        want = 11 if seat in start.order else 0
        assert held == want, f"seat {seat} holds {held} cards, expected {want}"
    assert start.widow.bit_count() == 3, f"the widow holds {start.widow.bit_count()} cards"
    union = start.widow
    for hand in start.hands:
        union |= hand
    assert union == FULL, f"cards missing from the deal: {CardSet(FULL & ~union)}"


def deal_pattern(deck: Sequence[int], start: State) -> None:
    """deal-pattern: each card where the ruleset's way of dealing sends it."""
    e = model.expected(start)
    for position, (card, where) in enumerate(
        zip(deck, model.destinations(e.deal), strict=True), start=1
    ):
        if where is None:
            assert start.widow >> card & 1, (
                f"card {position} ({model.name(card)}) should go to the widow ({e.deal})"
            )
        else:
            seat = start.order[where]
            assert start.hands[seat] >> card & 1, (
                f"card {position} ({model.name(card)}) should go to seat {seat} ({e.deal})"
            )


# --- on every state --------------------------------------------------------------------


def cards_conserved(start: State, state: State) -> None:
    """cards-conserved: every card in exactly one place."""
    widow_taken = state.contract == FROG and state.phase != DealPhase.AUCTION
    trick = 0
    for card in state.trick:
        trick |= 1 << card
    places = [*state.hands, 0 if widow_taken else state.widow, state.laid_away, trick, *state.won]
    union = 0
    for place in places:
        union |= place
    total = sum(place.bit_count() for place in places)
    assert union == FULL and total == 36, (
        f"{total} cards in play, {union.bit_count()} different; missing {CardSet(FULL & ~union)}"
    )


def auction_bids_rise(start: State, state: State) -> None:
    """auction-bids-rise: every bid higher than the one before, of the ruleset's contracts."""
    e = model.expected(state)
    last: Contract | None = None
    for seat, bid in _bids(state):
        assert bid in e.contracts, (
            f"seat {seat} bid {bid.code}, not a contract of {state.ruleset.id}"
        )
        assert last is None or bid > last, f"seat {seat} bid {bid.code} after {last.code}"
        last = bid


def auction_raise_rule(start: State, state: State) -> None:
    """auction-raise-rule: nobody bids after passing, and a second word only as allowed."""
    kind = model.expected(state).auction
    history = state.auction
    passed: set[int] = set()
    for i, (seat, bid) in enumerate(history):
        assert seat not in passed, f"seat {seat} passed and spoke again (auction step {i})"
        earlier = [j for j in range(i) if history[j][0] == seat]
        if earlier:
            last = earlier[-1]
            between = [b for _, b in history[last + 1 : i] if b is not None]
            if kind == "overbid-to-raise":
                assert between, f"seat {seat} spoke again without being overbid (step {i})"
            elif kind == "one-round":
                assert len(earlier) == 1 and history[last][1] == FROG, (
                    f"seat {seat} spoke a second time (step {i}) but had not bid Frog"
                )
                assert last < i - 1 and history[i - 1][1] == Contract.CHICO, (
                    f"seat {seat} spoke again (step {i}) not at once after a Chico"
                )
                assert between == [Contract.CHICO], f"seat {seat} answered late (step {i})"
                assert bid in (None, GRAND), f"seat {seat} raised to {bid}, not Grand (step {i})"
            else:
                raise AssertionError(f"seat {seat} spoke twice (step {i}) in a one-bid auction")
        if bid is None:
            passed.add(seat)


def auction_turns(start: State, state: State) -> None:
    """auction-turns: the seat asked and its bids, by the ruleset's procedure."""
    turn = model.expected_turn(state)
    if state.phase != DealPhase.AUCTION:
        assert turn is None, (
            f"the auction ended, but seat {turn[0] if turn else None} should still be asked"
        )
        return
    legal = engine.legal_actions(state)
    assert Action(ActionKind.PASS) in legal, "passing is not offered"
    offered = tuple(sorted(Contract(a.value) for a in legal if a.kind == ActionKind.BID))
    assert len(legal) == len(offered) + 1, f"the auction offers {[str(a) for a in legal]}"
    assert turn is not None, f"seat {state.to_act} is asked, but the auction should be over"
    assert (state.to_act, offered) == (turn[0], tuple(sorted(turn[1]))), (
        f"seat {state.to_act} asked to bid {[c.code for c in offered]}; expected seat "
        f"{turn[0]} with {[c.code for c in turn[1]]}"
    )


def auction_end(start: State, state: State) -> None:
    """auction-end: one bidder, last and highest, or all passed and nothing paid."""
    if state.phase == DealPhase.AUCTION:
        assert state.bidder is None and state.contract is None, "a bidder during the auction"
        return
    bids = _bids(state)
    if not bids:
        assert state.phase == DealPhase.OVER, f"all passed, yet the deal is in {state.phase.code}"
        assert state.bidder is None and state.contract is None and state.to_act is None
        result = engine.outcome(state)
        assert result.payments == (0,) * state.players, f"all passed, paid {result.payments}"
        assert result.bidder_points is None and result.defender_points is None
        return
    seat, bid = bids[-1]
    assert bid == max(b for _, b in bids), f"the last bid {bid.code} is not the highest"
    assert state.bidder == seat, f"seat {state.bidder} is the bidder; seat {seat} bid last"
    assert state.contract == bid, f"{state.contract} is played; {bid.code} was bid"


def contract_course(start: State, state: State) -> None:
    """contract-course: the widow, the discards and trumps, by the contract."""
    assert state.widow == start.widow, "the widow changed"
    if state.phase == DealPhase.AUCTION or state.bidder is None:
        assert state.laid_away == 0 and state.trump is None, "a trump or a discard in the auction"
        return
    bidder, contract = state.bidder, state.contract
    hearts = Suit.HEARTS
    untouched = all(hand & start.widow == 0 for hand in state.hands) and all(
        won & start.widow == 0 for won in state.won
    )
    if contract == FROG:
        assert state.trump == hearts, f"hearts are not trumps in a Frog ({state.trump})"
        taken = start.hands[bidder] | start.widow
        assert state.phase != DealPhase.TRUMP, "a Frog bidder is asked for a trump"
        if state.phase == DealPhase.DISCARD:
            assert state.to_act == bidder, f"seat {state.to_act} discards, not the bidder"
            assert state.laid_away.bit_count() < 3
            assert state.hands[bidder] | state.laid_away == taken, (
                "the Frog bidder's hand and discards are not his hand and the widow"
            )
        else:
            assert state.laid_away.bit_count() == 3, (
                f"the Frog bidder laid away {state.laid_away.bit_count()} cards"
            )
            assert state.laid_away & ~taken == 0, "a discard not from hand and widow"
        return
    assert state.laid_away == 0, f"cards laid away in a {contract}"
    assert untouched, f"the widow was touched in a {contract}"
    if contract == GRAND:
        assert state.phase in (DealPhase.PLAY, DealPhase.OVER), f"Grand in {state.phase.code}"
        assert state.trump == hearts, f"hearts are not trumps in Grand ({state.trump})"
        return
    suits = model.expected(state).chico_suits
    if state.phase == DealPhase.TRUMP:
        assert state.to_act == bidder and state.trump is None
        named = sorted(Suit(a.value).letter for a in engine.legal_actions(state))
        assert named == sorted(suits), f"a Chico bidder may name {named}, expected {suits}"
    else:
        assert state.phase != DealPhase.DISCARD, "a Chico bidder discards"
        assert state.trump is not None and state.trump.letter in suits, (
            f"{state.trump} named in Chico; allowed {suits}"
        )


def widow_shown(start: State, state: State) -> None:
    """widow-shown: shown only in a Frog, and only where the ruleset shows it."""
    e = model.expected(state)
    want = state.contract == FROG and state.phase != DealPhase.AUCTION and e.widow_shown
    assert state.widow_shown == want, f"widow shown: {state.widow_shown}, expected {want}"


def play_legal(start: State, state: State) -> None:
    """play-legal: the legal actions in the play, by the duties of the sources."""
    if state.phase != DealPhase.PLAY:
        return
    assert state.to_act is not None and state.trump is not None
    legal = engine.legal_actions(state)
    assert all(a.kind == ActionKind.PLAY for a in legal), "the play offers other actions"
    got = {a.value for a in legal}
    check_plays(state.hands[state.to_act], state.trick, state.trump, got)


def check_plays(hand: int, trick: Sequence[int], trump: Suit, got: set[int]) -> None:
    """The cards ``got`` are the ones the sources allow ``hand`` to play to ``trick``."""
    want = model.legal_plays(hand, trick, trump.letter)
    assert got, "no legal card"
    assert got == want, (
        f"hand {CardSet(hand)}, trick {[model.name(c) for c in trick]}, trumps {trump.letter}: "
        f"may play {CardSet(got)}, expected {CardSet(want)}"
    )


def play_turns_state(start: State, state: State) -> None:
    """play-turns (each state): eldest leads first, then clockwise from the leader."""
    if state.phase != DealPhase.PLAY:
        return
    order = state.order
    assert state.leader is not None
    if state.tricks == 0:
        assert state.leader == order[0], f"seat {state.leader} led the first trick, not eldest"
    due = order[(order.index(state.leader) + len(state.trick)) % len(order)]
    assert state.to_act == due, f"seat {state.to_act} to play, seat {due} is due"


def notation_position(state: State) -> None:
    """notation-position: the position notation reads back to the same state."""
    text = notation.format_position(state)
    try:
        back = notation.parse_position(text)
    except FrogError as error:
        raise AssertionError(f"{text!r} does not parse: {error}") from None
    assert tuple(back) == tuple(state), f"{text!r} reads back as another position: {back}"
    assert notation.format_position(back) == text


# --- on every step ---------------------------------------------------------------------


def _completed_trick(before: State, action: Action) -> tuple[list[int], list[int]] | None:
    """The cards of a trick the action completes and the seats that played them."""
    if before.phase != DealPhase.PLAY or len(before.trick) != len(before.order) - 1:
        return None
    assert before.leader is not None
    cards = [*before.trick, action.value]
    first = before.order.index(before.leader)
    seats = [before.order[(first + i) % len(before.order)] for i in range(len(cards))]
    return cards, seats


def _best(cards: Sequence[int], trump: Suit) -> int:
    led = model.suit(cards[0])
    winners = [
        i
        for i, card in enumerate(cards)
        if all(beats(card, other, led, trump.letter) for j, other in enumerate(cards) if j != i)
    ]
    assert len(winners) == 1, f"no single best card in {[model.name(c) for c in cards]}"
    return winners[0]


def trick_winner_step(before: State, action: Action, after: State) -> None:
    """trick-winner: the seat with the best card takes the trick's cards."""
    done = _completed_trick(before, action)
    if done is None:
        return
    cards, seats = done
    assert before.trump is not None
    winner = seats[_best(cards, before.trump)]
    taken = 0
    for card in cards:
        taken |= 1 << card
    for seat in range(before.players):
        gained = after.won[seat] & ~before.won[seat]
        want = taken if seat == winner else 0
        assert gained == want, (
            f"trick {[model.name(c) for c in cards]} (trumps {before.trump.letter}): seat "
            f"{seat} took {CardSet(gained)}; the best card is seat {winner}'s"
        )


def play_turns_step(before: State, action: Action, after: State) -> None:
    """play-turns (each step): the winner of a trick leads to the next."""
    done = _completed_trick(before, action)
    if done is None or after.phase != DealPhase.PLAY:
        return
    cards, seats = done
    assert before.trump is not None
    winner = seats[_best(cards, before.trump)]
    assert after.leader == winner == after.to_act, (
        f"seat {after.leader} leads the next trick; seat {winner} won this one"
    )


def apply_pure(before: State, action: Action, after: State) -> None:
    """apply-pure: applying again changes nothing given and gives the same state."""
    kept = snapshot(before)
    again = engine.apply(before, action)
    assert snapshot(before) == kept, f"apply({action}) changed the state it was given"
    assert snapshot(again) == snapshot(after), f"apply({action}) gave two different states"


# --- on a finished deal ----------------------------------------------------------------


def deal_end(line: Line) -> None:
    """deal-end: eleven tricks, the 33 cards of the playing hands once each."""
    final = line.state
    assert engine.legal_actions(final) == (), "actions remain after the deal is over"
    if final.bidder is None:
        return
    start = line.start
    played = [a.value for a in line.actions if a.kind == ActionKind.PLAY]
    assert final.tricks == 11, f"the deal ended after {final.tricks} tricks"
    assert len(played) == 33 and len(set(played)) == 33, (
        f"{len(played)} cards played, {len(set(played))} different"
    )
    dealt = 0
    for seat in final.order:
        dealt |= start.hands[seat]
    if final.contract == FROG:
        dealt = (dealt | start.widow) & ~final.laid_away
    assert set(played) == set(members(dealt)), "the cards played are not the playing hands"
    assert all(hand == 0 for hand in final.hands) and final.trick == ()
    taken = 0
    for won in final.won:
        assert won & taken == 0, "a card taken twice"
        taken |= won
    assert set(members(taken)) == set(played), "the tricks taken are not the cards played"


def points_total(line: Line) -> None:
    """points-total: bidder and defenders make 120, the widow or discards for the bidder."""
    final = line.state
    if final.bidder is None:
        return
    result = engine.outcome(final)
    assert result.bidder_points is not None and result.defender_points is not None
    assert result.bidder_points + result.defender_points == 120, (
        f"bidder {result.bidder_points} + defenders {result.defender_points} != 120"
    )
    extra = final.laid_away if final.contract == FROG else line.start.widow
    want = model.points(final.won[final.bidder] | extra)
    assert result.bidder_points == want, f"the bidder counts {result.bidder_points}, not {want}"
    defenders = sum(model.points(final.won[s]) for s in final.order if s != final.bidder)
    assert result.defender_points == defenders, (
        f"the defenders count {result.defender_points}, not {defenders}"
    )


class Case(NamedTuple):
    """A settlement: the table, who bid what, his points, and the payments made."""

    ruleset: str
    options: dict[str, str | bool]
    players: int
    dealer: int
    bidder: int
    contract: Contract
    bidder_points: int
    paid: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"{self.ruleset} {self.options}, {self.players} players, dealer {self.dealer}: "
            f"seat {self.bidder} took {self.bidder_points} in {self.contract.code}, "
            f"payments {list(self.paid)}"
        )


def settlement_zero_sum(case: Case) -> None:
    """settlement-zero-sum."""
    assert len(case.paid) == case.players, f"{len(case.paid)} payments for {case.players}"
    assert sum(case.paid) == 0, f"payments sum to {sum(case.paid)}: {case}"


def settlement_sixty(case: Case) -> None:
    """settlement-sixty: paid over 60, pays under, nothing at 60."""
    b, pts = case.bidder, case.bidder_points
    others = [p for seat, p in enumerate(case.paid) if seat != b]
    if pts > 60:
        assert case.paid[b] > 0 and all(p <= 0 for p in others), f"not paid over 60: {case}"
    elif pts < 60:
        assert case.paid[b] < 0 and all(p >= 0 for p in others), f"not paying under 60: {case}"
    else:
        assert not any(case.paid), f"payments at 60: {case}"


def settlement_amount(case: Case) -> None:
    """settlement-amount: each counterparty pays the margin times the rate (or fixed)."""
    if case.bidder_points == 60:
        return
    want = model.amount(case.ruleset, case.options, case.contract, case.bidder_points)
    settling = [p for seat, p in enumerate(case.paid) if seat != case.bidder and p]
    assert settling, f"nobody settles with the bidder: {case}"
    assert all(abs(p) == want for p in settling), f"each should settle {want}: {case}"
    assert abs(case.paid[case.bidder]) == want * len(settling), (
        f"the bidder should settle {want} with each of {len(settling)}: {case}"
    )


def settlement_sitting_out(case: Case) -> None:
    """settlement-sitting-out: who settles with the bidder, seats sitting out included."""
    if case.bidder_points == 60:
        return
    won = case.bidder_points > 60
    want = model.counterparties(
        case.ruleset, case.options, case.players, case.dealer, case.bidder, case.contract, won
    )
    got = {seat for seat, p in enumerate(case.paid) if seat != case.bidder and p}
    assert got == want, f"seats {sorted(got)} settle, expected {sorted(want)}: {case}"


def settled(case: Settlement) -> Case:
    """The engine's payments for a drawn settlement, as a :class:`Case`."""
    rs = case.ruleset
    paid = engine.settle(
        rs, case.players, case.dealer, case.bidder, case.contract, case.bidder_points
    )
    return Case(
        rs.id,
        rs.option_values,
        case.players,
        case.dealer,
        case.bidder,
        case.contract,
        case.bidder_points,
        paid,
    )


SETTLEMENT_CHECKS: dict[str, Callable[[Case], None]] = {
    "settlement-zero-sum": settlement_zero_sum,
    "settlement-sixty": settlement_sixty,
    "settlement-amount": settlement_amount,
    "settlement-sitting-out": settlement_sitting_out,
}


def _settled(check: Callable[[Case], None]) -> Callable[[Line], None]:
    def on_line(line: Line) -> None:
        final = line.state
        result = engine.outcome(final)
        if final.bidder is None or final.contract is None:
            assert not any(result.payments), f"all passed, yet paid {result.payments}"
            return
        assert result.bidder_points is not None
        rs = final.ruleset
        check(
            Case(
                rs.id,
                rs.option_values,
                final.players,
                final.dealer,
                final.bidder,
                final.contract,
                result.bidder_points,
                result.payments,
            )
        )

    return on_line


# --- on the last state of a line: every action tried --------------------------------------


def check_refusal(state: State, action: Action, legal: Iterable[Action]) -> None:
    """illegal-refused, for one action: accepted if legal, refused rightly if not."""
    kept = snapshot(state)
    try:
        engine.apply(state, action)
    except IllegalActionError as error:
        assert action not in legal, f"legal action {action} refused: {error}"
        try:
            registry.get_rule(error.rule_id)
        except UnknownRuleError:
            raise AssertionError(
                f"{action} refused citing unknown rule {error.rule_id!r}"
            ) from None
        want = model.broken_rule(state, action)
        assert want is None or error.rule_id == want, (
            f"{action} in the {state.phase.code} refused under {error.rule_id}, not {want}"
        )
    except FrogError as error:
        raise AssertionError(f"{action} raised {type(error).__name__}: {error}") from None
    except Exception as error:  # a crash is a failure of the invariant, not of the test
        raise AssertionError(f"{action} crashed with {type(error).__name__}: {error}") from error
    else:
        assert action in legal, f"illegal action {action} accepted in the {state.phase.code}"
    assert snapshot(state) == kept, f"refusing {action} changed the state"


def illegal_refused(state: State) -> None:
    """illegal-refused: every one of the 80 actions there are, at this state."""
    legal = set(engine.legal_actions(state))
    for action in ALL_ACTIONS:
        check_refusal(state, action, legal)


# --- the table of line checks ----------------------------------------------------------


class LineCheck(NamedTuple):
    """The parts of one invariant's check on a deal."""

    start: Callable[[Sequence[int], State], None] | None = None
    state: Callable[[State, State], None] | None = None
    step: Callable[[State, Action, State], None] | None = None
    end: Callable[[Line], None] | None = None
    last: Callable[[State], None] | None = None


LINE_CHECKS: dict[str, LineCheck] = {
    "deal-seats": LineCheck(start=deal_seats),
    "deal-hands": LineCheck(start=deal_hands),
    "deal-pattern": LineCheck(start=deal_pattern),
    "cards-conserved": LineCheck(state=cards_conserved),
    "auction-bids-rise": LineCheck(state=auction_bids_rise),
    "auction-raise-rule": LineCheck(state=auction_raise_rule),
    "auction-turns": LineCheck(state=auction_turns),
    "auction-end": LineCheck(state=auction_end),
    "contract-course": LineCheck(state=contract_course),
    "widow-shown": LineCheck(state=widow_shown),
    "notation-position": LineCheck(last=notation_position),
    "play-legal": LineCheck(state=play_legal),
    "play-turns": LineCheck(state=play_turns_state, step=play_turns_step),
    "trick-winner": LineCheck(step=trick_winner_step),
    "deal-end": LineCheck(end=deal_end),
    "points-total": LineCheck(end=points_total),
    "apply-pure": LineCheck(step=apply_pure),
    "illegal-refused": LineCheck(last=illegal_refused),
    **{inv: LineCheck(end=_settled(check)) for inv, check in SETTLEMENT_CHECKS.items()},
}

#: The invariants checked at every step of the stateful test; those checked on the last
#: state of a line (``illegal-refused``, ``notation-position``) it checks its own way.
PER_STEP = tuple(i for i, c in LINE_CHECKS.items() if c.last is None)


class InvariantBroken(AssertionError):
    """An invariant that does not hold, named, with the deal where it failed."""


def _fail(invariant: str, where: str, error: AssertionError) -> InvariantBroken:
    return InvariantBroken(f"[{invariant}] {error} -- {where}")


def _where(start: State, actions: Sequence[Action]) -> str:
    return f"{describe(start)}, actions {[str(a) for a in actions]}"


def check_start(ids: Iterable[str], deck: Sequence[int], start: State) -> None:
    """Run the checks on the deal as dealt."""
    for inv in ids:
        part = LINE_CHECKS[inv].start
        if part is not None:
            try:
                part(deck, start)
            except AssertionError as error:
                raise _fail(inv, f"{describe(start)}, deck {list(deck)}", error) from error


def check_state(ids: Iterable[str], start: State, state: State, actions: Sequence[Action]) -> None:
    """Run the checks on one state of a deal."""
    for inv in ids:
        part = LINE_CHECKS[inv].state
        if part is not None:
            try:
                part(start, state)
            except AssertionError as error:
                raise _fail(inv, _where(start, actions), error) from error


def check_step(
    ids: Iterable[str],
    start: State,
    before: State,
    action: Action,
    after: State,
    actions: Sequence[Action],
) -> None:
    """Run the checks on one step of a deal."""
    for inv in ids:
        part = LINE_CHECKS[inv].step
        if part is not None:
            try:
                part(before, action, after)
            except AssertionError as error:
                raise _fail(inv, _where(start, actions), error) from error


def check_end(ids: Iterable[str], line: Line) -> None:
    """Run the checks on a finished deal."""
    for inv in ids:
        part = LINE_CHECKS[inv].end
        if part is not None:
            try:
                part(line)
            except AssertionError as error:
                raise _fail(inv, _where(line.start, line.actions), error) from error


def check_line(line: Line, ids: Iterable[str] = tuple(LINE_CHECKS), finished: bool = False) -> None:
    """Run the checks of ``ids`` over a whole line of play; ``finished``: it must have ended."""
    ids = tuple(ids)
    start = line.start
    check_start(ids, line.deck, start)
    for i, state in enumerate(line.states):
        check_state(ids, start, state, line.actions[:i])
    for i, action in enumerate(line.actions):
        check_step(ids, start, line.states[i], action, line.states[i + 1], line.actions[: i + 1])
    final = line.state
    if final.phase == DealPhase.OVER:
        check_end(ids, line)
    elif finished and "deal-end" in ids:
        raise _fail(
            "deal-end",
            _where(start, line.actions),
            AssertionError(f"the deal is not over after {MAX_ACTIONS} actions"),
        )
    check_last(ids, start, final, line.actions)


def check_last(ids: Iterable[str], start: State, state: State, actions: Sequence[Action]) -> None:
    """Run the checks made on the last state of a line (every action tried, the notation)."""
    for inv in ids:
        part = LINE_CHECKS[inv].last
        if part is not None:
            try:
                part(state)
            except AssertionError as error:
                raise _fail(inv, _where(start, actions), error) from error


# --- the pack, the play's rules alone, notation -------------------------------------------


def pack_distinct() -> None:
    """pack-distinct: 36 cards, every rank of every suit, once."""
    full = cards_module.pack()
    assert full.bit_count() == 36, f"the pack has {full.bit_count()} cards"
    names = [model.name(c) for c in members(full)]
    assert sorted(names) == sorted(r + s for r in RANKS for s in SUITS), f"the pack is {names}"


def pack_points(mask: int) -> None:
    """pack-points: each card's points, the pack's 120, and any set's total."""
    for card in CARDS:
        want = POINTS.get(model.rank(card), 0)
        got = cards_module.card_points(card)
        assert got == want, f"{model.name(card)} counts {got}, not {want}"
    assert scoring.count_points(cards_module.pack()) == 120, "the pack does not hold 120"
    got = scoring.count_points(mask)
    assert got == model.points(mask), f"{CardSet(mask)} counts {got}, not {model.points(mask)}"


def pack_rank_order() -> None:
    """pack-rank-order: in each suit, the higher of two cards wins a two-card trick."""
    for first in CARDS:
        for second in CARDS:
            if first == second or model.suit(first) != model.suit(second):
                continue
            for trump in Suit:
                won = _rules().trick_winner([first, second], trump)
                want = 0 if RANKS.index(model.rank(first)) < RANKS.index(model.rank(second)) else 1
                assert won == want, (
                    f"{model.name(first)} then {model.name(second)} (trumps {trump.letter}): "
                    f"card {won} wins"
                )


def play_legal_situation(situation: Situation) -> None:
    """play-legal, on the rule functions alone: any hand, any trick."""
    hand, trick, trump = situation
    check_plays(hand, trick, trump, set(members(_rules().legal_plays(hand, trick, trump))))


def trick_winner_situation(situation: Situation) -> None:
    """trick-winner, on the rule function alone: any two or three cards."""
    _, trick, trump = situation
    cards = [*trick, *members(situation.hand)[:1]]
    index = _rules().trick_winner(cards, trump)
    assert 0 <= index < len(cards), f"winner {index} of {len(cards)} cards"
    assert index == _best(cards, trump), (
        f"{[model.name(c) for c in cards]} (trumps {trump.letter}): card {index} wins, "
        f"not card {_best(cards, trump)}"
    )


def _loses(card: int, trick: Sequence[int], trump: Suit) -> bool:
    led = model.suit(trick[0])
    best = trick[_best(trick, trump)]
    return not beats(card, best, led, trump.letter)


def heads_needlessly(hand: int, trick: Sequence[int], trump: Suit, legal: set[int]) -> bool:
    """Whether a player following suit who could head the trick may play a card of the suit
    led that does not (no duty to head)."""
    if not trick:
        return False
    led = model.suit(trick[0])
    following = [c for c in members(hand) if model.suit(c) == led]
    could_head = any(not _loses(c, trick, trump) for c in following)
    return could_head and any(c in legal and _loses(c, trick, trump) for c in following)


def undertrumps(hand: int, trick: Sequence[int], trump: Suit, legal: set[int]) -> bool:
    """Whether a player void in the suit led who could over-trump a trump in the trick may
    play a lower trump (no duty to over-trump)."""
    if not trick or model.suit(trick[0]) == trump.letter:
        return False
    led = model.suit(trick[0])
    held = members(hand)
    if any(model.suit(c) == led for c in held):
        return False
    if not any(model.suit(c) == trump.letter for c in trick):
        return False
    trumps = [c for c in held if model.suit(c) == trump.letter]
    could_overtrump = any(not _loses(c, trick, trump) for c in trumps)
    return could_overtrump and any(c in legal and _loses(c, trick, trump) for c in trumps)


Duty = Callable[[int, Sequence[int], Suit, set[int]], bool]


def _in_rules(test: Duty) -> Callable[[Situation], bool]:
    def condition(example: Situation) -> bool:
        hand, trick, trump = example
        return test(hand, trick, trump, set(members(_rules().legal_plays(hand, trick, trump))))

    return condition


def _in_deals(test: Duty) -> Callable[[Line], bool]:
    def condition(example: Line) -> bool:
        for state in example.states:
            if state.phase != DealPhase.PLAY or state.to_act is None or state.trump is None:
                continue
            legal = {a.value for a in engine.legal_actions(state)}
            if test(state.hands[state.to_act], state.trick, state.trump, legal):
                return True
        return False

    return condition


def exists(
    test: Duty,
    situations: SearchStrategy[Situation],
    lines: SearchStrategy[Line],
    what: str,
) -> None:
    """There is a hand and trick, and a position of a real deal, where ``test`` holds."""
    try:
        search(situations, _in_rules(test))
    except AssertionError:
        raise AssertionError(f"no hand and trick found where {what}") from None
    try:
        search(lines, _in_deals(test), max_examples=300)
    except AssertionError:
        raise AssertionError(f"no deal found where {what}") from None


def notation_card() -> None:
    """notation-card: every card's name parses back; all names differ."""
    names = set()
    for card in CARDS:
        text = cards_module.format_card(card)
        names.add(text)
        try:
            back = cards_module.parse_card(text)
        except FrogError as error:
            raise AssertionError(f"{text!r} does not parse: {error}") from None
        assert back == card, f"{text!r} parses to {back}, not {card}"
    assert len(names) == 36, f"{len(names)} different card names"


def notation_action(action: Action) -> None:
    """notation-action: an action prints and parses back to itself."""
    text = str(action)
    try:
        back = engine.parse_action(text)
    except FrogError as error:
        raise AssertionError(f"{text!r} does not parse: {error}") from None
    assert back == action, f"{text!r} parses to {back!r}, not {action!r}"
    assert str(back) == text


def notation_cardset(mask: int) -> None:
    """notation-cardset: a set of cards prints and parses back to itself."""
    cards = CardSet(mask)
    text = " ".join(cards_module.format_cards(mask))  # as str(cards) prints it
    assert text == str(cards), f"{text!r} is not how {cards!r} prints"
    try:
        back = CardSet.parse(text)
    except FrogError as error:
        raise AssertionError(f"{text!r} does not parse: {error}") from None
    assert back == cards, f"{text!r} parses to {back!r}, not {cards!r}"


def players_allowed(configuration: tuple[str, dict[str, str | bool]]) -> None:
    """players-allowed: a deal is dealt for exactly the player counts the ruleset allows."""
    ruleset_id, options = configuration
    allowed = model.expected(ruleset_id).players
    for players in range(0, 10):
        try:
            engine.new_deal(ruleset_id, players, 0, CARDS, options)
        except FrogError:
            assert players not in allowed, f"{ruleset_id} refused {players} players"
        else:
            assert players in allowed, f"{ruleset_id} dealt for {players} players"


# --- matches -------------------------------------------------------------------------------


class Expected(NamedTuple):
    """A match as the sources would have it go."""

    balances: tuple[int, ...]
    dealers: tuple[int, ...]
    loser: int | None
    deals: int


def expected_match(plan: MatchPlan) -> Expected:
    """Replay each deal with the model's dealer and settle it by the model."""
    e = model.expected(plan.ruleset)
    balances = [e.bank] * plan.players
    dealers: list[int] = []
    dealer = plan.first_dealer
    for index, (deck, actions) in enumerate(plan.deals):
        dealers.append(dealer)
        state = engine.new_deal(plan.ruleset, plan.players, dealer, deck, dict(plan.options))
        for action in actions:
            state = engine.apply(state, action)
        assert state.phase == DealPhase.OVER, f"deal {index} is not over"
        if state.bidder is not None and state.contract is not None:
            points = engine.outcome(state).bidder_points
            assert points is not None
            paid = model.payments(
                plan.ruleset,
                plan.options,
                plan.players,
                dealer,
                state.bidder,
                state.contract,
                points,
            )
            loser = model.loser(plan.ruleset, balances, paid, state.bidder, plan.players)
            balances = [b + p for b, p in zip(balances, paid, strict=True)]
            if loser is not None:
                return Expected(tuple(balances), tuple(dealers), loser, index + 1)
        dealer = (dealer + 1) % plan.players
    return Expected(tuple(balances), tuple(dealers), None, len(plan.deals))


def run_match(plan: MatchPlan, deals: int | None = None) -> MatchResult:
    """The engine's result for the first ``deals`` deals of the plan."""
    chosen = plan.deals if deals is None else plan.deals[:deals]
    try:
        return engine.play_match(
            plan.ruleset, plan.players, plan.first_dealer, chosen, dict(plan.options)
        )
    except FrogError as error:
        raise AssertionError(f"play_match refused the match: {error}") from None


def match_balances(plan: MatchPlan) -> None:
    """match-balances: the bank, then only the settlements."""
    want = expected_match(plan)
    got = run_match(plan, want.deals)
    assert got.balances == want.balances, f"balances {got.balances}, expected {want.balances}"


def match_rotation(plan: MatchPlan) -> None:
    """match-rotation: the deal passes to the left."""
    want = expected_match(plan)
    try:
        got = engine.play_match(
            plan.ruleset,
            plan.players,
            plan.first_dealer,
            plan.deals[: want.deals],
            dict(plan.options),
        )
    except IllegalActionError as error:
        index = getattr(error, "deal", None)
        dealer = want.dealers[index] if isinstance(index, int) else None
        raise AssertionError(
            f"deal {index}, legal when dealt by seat {dealer} (the deal passing to the left), "
            f"was refused: {error}"
        ) from None
    assert got.dealers == want.dealers, f"dealers {got.dealers}, expected {want.dealers}"


def match_end(plan: MatchPlan) -> None:
    """match-end: over exactly when the ruleset says, and no deal after that."""
    want = expected_match(plan)
    got = run_match(plan, want.deals)
    assert (got.over, got.loser) == (want.loser is not None, want.loser), (
        f"over {got.over}, loser {got.loser}; expected loser {want.loser}"
    )
    if want.loser is None:
        return
    more = (*plan.deals[: want.deals], (tuple(CARDS), ()))
    try:
        engine.play_match(plan.ruleset, plan.players, plan.first_dealer, more, dict(plan.options))
    except IllegalActionError as error:
        assert error.rule_id == "match.first-unable-to-pay-loses", (
            f"a deal after the end refused under {error.rule_id}"
        )
        assert getattr(error, "deal", None) == want.deals, "the wrong deal refused"
    except FrogError as error:
        raise AssertionError(f"a deal after the end refused as {error!r}") from None
    else:
        raise AssertionError(f"a deal was played after seat {want.loser} lost the game")


MATCH_CHECKS: dict[str, Callable[[MatchPlan], None]] = {
    "match-balances": match_balances,
    "match-rotation": match_rotation,
    "match-end": match_end,
}
