"""Teeth: for every invariant, a deliberately broken engine that its check catches.

Each test breaks one rule function (swapped with ``monkeypatch`` in every module that
imported it by name and in every ruleset that holds it), or gives one ruleset another
reading of one question, and then shows that the invariant's own check fails: on an
example that hypothesis finds (:func:`caught`), or, for the exhaustive checks, outright.
A check that no broken engine could fail would have no teeth.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import pytest
from hypothesis.strategies import SearchStrategy

from frogspec import engine, notation
from frogspec import rulesets as rulesets_module
from frogspec.registry import clear_caches, rule_for_function
from frogspec.rules import auction, cards, deal, match, play, scoring, seats, settlement, trump
from frogspec.rules import widow as widow_module
from frogspec.rules.auction import Contract
from frogspec.rules.cards import FULL_PACK, Suit, cards_of, mask_of
from frogspec.rulesets import RULESETS
from frogspec.testing.invariants import bites
from frogspec.testing.strategies import (
    ALL_ACTIONS,
    Line,
    Table,
    dealers,
    lines,
    masks,
    matches,
    settlements,
    situations,
)

from . import checks as c

T = TypeVar("T")

FROG, CHICO, GRAND = Contract.FROG, Contract.CHICO, Contract.GRAND


# --- how to break an engine -----------------------------------------------------------------


def swap(
    monkeypatch: pytest.MonkeyPatch, original: Callable[..., Any], broken: Callable[..., Any]
) -> None:
    """Put ``broken`` in the place of the rule function ``original``: every ruleset of
    :data:`RULESETS` with the rule replaced (:meth:`~frogspec.rulesets.Ruleset.replacing`,
    which the engine asks for every rule), and, for the code outside the engine that
    imports it by name (the notation, the checks), every module attribute that holds it."""
    entry = rule_for_function(original)
    places = 0
    if entry is not None:
        for ruleset_id, ruleset in list(RULESETS.items()):
            monkeypatch.setitem(RULESETS, ruleset_id, ruleset.replacing(entry.id, broken))
            places += 1
    for name, module in list(sys.modules.items()):
        if name != "frogspec" and not name.startswith("frogspec."):
            continue
        for attribute, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, attribute, broken)
                places += 1
    assert places, f"{original.__name__} is used nowhere"


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Empty the engine's caches before and after each test: the engine remembers the
    answers of rule functions (auction turns, say), which a swapped helper changes."""
    clear_caches()
    yield
    clear_caches()


def reread(monkeypatch: pytest.MonkeyPatch, ruleset_id: str, **fields: Any) -> None:
    """Give one ruleset another reading of some questions (its other fields unchanged)."""
    ruleset = RULESETS[ruleset_id]
    questions = {q.value for q in ruleset.readings}
    for name in fields:
        assert name in questions, f"a ruleset answers no question {name}"
    readings = {q: fields.get(q.value, function) for q, function in ruleset.readings.items()}
    monkeypatch.setitem(RULESETS, ruleset_id, dataclasses.replace(ruleset, readings=readings))


def caught(check: Callable[[T], None], strategy: SearchStrategy[T]) -> T:
    """An example on which ``check`` fails; the test fails if there is none."""

    def fails(example: T) -> bool:
        try:
            check(example)
        except AssertionError:
            return True
        return False

    try:
        return c.search(strategy, fails)
    except AssertionError:
        pytest.fail("the check passed on every example of the broken engine: it has no teeth")


def on_lines(invariant: str) -> Callable[[Line], None]:
    """The check of one deal invariant over a whole line."""

    def check(line: Line) -> None:
        c.check_line(line, [invariant], finished=line.state.phase == engine.Phase.OVER)

    return check


def at_table(ruleset_id: str, phase: str | None = None, **kwargs: Any) -> SearchStrategy[Line]:
    """Lines of play under one ruleset at three players, the dealer drawn."""
    ruleset = rulesets_module.get_ruleset(ruleset_id).with_options({})
    return dealers(3).flatmap(lambda d: lines(phase, Table(ruleset, 3, d), **kwargs))


def fails_outright(check: Callable[[], None]) -> None:
    """The check, which needs no example, fails."""
    with pytest.raises(AssertionError):
        check()


# --- the pack -------------------------------------------------------------------------------


@bites("pack-distinct")
def test_a_pack_of_35(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, cards.pack, lambda: FULL_PACK & ~1)
    fails_outright(c.pack_distinct)


@bites("pack-points")
def test_a_jack_worth_one(monkeypatch: pytest.MonkeyPatch) -> None:
    original = cards.card_points

    def jack_worth_one(card: int) -> int:
        return 1 if cards.rank_of(card) == "J" else original(card)

    swap(monkeypatch, original, jack_worth_one)
    caught(c.pack_points, masks())


@bites("pack-rank-order")
def test_a_ten_below_the_king(monkeypatch: pytest.MonkeyPatch) -> None:
    def ten_below_king(card: int) -> int:
        strength = card % 9
        return {7: 6, 6: 7}.get(strength, strength)

    swap(monkeypatch, cards.card_strength, ten_below_king)
    fails_outright(c.pack_rank_order)


# --- seats and the deal ---------------------------------------------------------------------


@bites("players-allowed")
def test_foster_for_three_only(monkeypatch: pytest.MonkeyPatch) -> None:
    reread(monkeypatch, "foster-1909", player_count=seats.players_three)
    fails_outright(lambda: c.players_allowed(("foster-1909", {})))


@bites("deal-seats")
def test_eldest_on_the_dealers_right(monkeypatch: pytest.MonkeyPatch) -> None:
    def counterclockwise(active: tuple[int, ...], players: int, dealer: int) -> tuple[int, ...]:
        return tuple(sorted(active, key=lambda seat: (dealer - seat - 1) % players))

    swap(monkeypatch, seats.eldest_first, counterclockwise)
    caught(on_lines("deal-seats"), lines("auction"))


@bites("deal-hands")
def test_twelve_cards_to_eldest(monkeypatch: pytest.MonkeyPatch) -> None:
    pattern = list(deal.packets_3_3_4_4())
    pattern[pattern.index(deal.WIDOW)] = 0
    reread(monkeypatch, "foster-1909", deal_pattern=lambda: tuple(pattern))
    caught(on_lines("deal-hands"), at_table("foster-1909", "auction"))


@bites("deal-pattern")
def test_modern_dealt_as_foster(monkeypatch: pytest.MonkeyPatch) -> None:
    reread(monkeypatch, "modern", deal_pattern=deal.packets_3_3_4_4)
    caught(on_lines("deal-pattern"), at_table("modern", "auction"))


@bites("cards-conserved")
def test_a_discard_from_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, widow_module.discardable, lambda hand: FULL_PACK)
    caught(on_lines("cards-conserved"), lines("play", contracts=frozenset({FROG})))


# --- the auction ----------------------------------------------------------------------------


@bites("auction-bids-rise")
def test_an_equal_bid_outbids(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, auction.outbids, lambda bid, over: over is None or bid >= over)
    caught(on_lines("auction-bids-rise"), lines("auction"))


@bites("auction-raise-rule")
def test_a_pass_is_not_final(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, auction.still_bidding, lambda seat, passed: True)
    caught(on_lines("auction-raise-rule"), lines("auction"))


@bites("auction-turns")
def test_gamerules_with_the_articles_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    reread(monkeypatch, "gamerules", auction_procedure=auction.one_round_frog_may_raise)
    caught(on_lines("auction-turns"), at_table("gamerules", "over"))


@bites("auction-end")
def test_the_first_bid_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    def first_bid_wins(history: auction.AuctionHistory) -> tuple[int, Contract] | None:
        return next(((seat, bid) for seat, bid in history if bid is not None), None)

    swap(monkeypatch, auction.auction_winner, first_bid_wins)
    caught(on_lines("auction-end"), lines("over", bid=True))


# --- the widow and trump --------------------------------------------------------------------


@bites("contract-course")
def test_spades_trumps_in_grand(monkeypatch: pytest.MonkeyPatch) -> None:
    def spades_in_grand(contract: Contract) -> Suit | None:
        return {FROG: Suit.HEARTS, CHICO: None, GRAND: Suit.SPADES}[contract]

    swap(monkeypatch, trump.fixed_trump, spades_in_grand)
    caught(on_lines("contract-course"), lines("play", contracts=frozenset({GRAND})))


@bites("widow-shown")
def test_modern_shows_the_widow(monkeypatch: pytest.MonkeyPatch) -> None:
    reread(monkeypatch, "modern", widow_shown=widow_module.widow_shown_in_frog)
    caught(on_lines("widow-shown"), at_table("modern", "discard"))


# --- the play -------------------------------------------------------------------------------


@bites("play-legal")
def test_no_duty_to_trump(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, play.must_trump, lambda hand, trump: 0)
    caught(c.play_legal_situation, situations())


@bites("no-duty-to-head")
def test_a_duty_to_head(monkeypatch: pytest.MonkeyPatch) -> None:
    def must_head(following: int, trick: Sequence[int], trump: Suit | None) -> int:
        best = trick[play.trick_winner(trick, trump)]
        higher = [x for x in cards_of(following) if x // 9 == best // 9 and x % 9 > best % 9]
        return mask_of(higher) or following

    swap(monkeypatch, play.no_duty_to_head, must_head)
    fails_outright(
        lambda: c.exists(c.heads_needlessly, situations(), lines("over", bid=True), "heads")
    )


@bites("no-duty-to-overtrump")
def test_a_duty_to_overtrump(monkeypatch: pytest.MonkeyPatch) -> None:
    def must_overtrump(trumps: int, trick: Sequence[int], trump: Suit | None) -> int:
        best = trick[play.trick_winner(trick, trump)]
        higher = [x for x in cards_of(trumps) if x // 9 == best // 9 and x % 9 > best % 9]
        return mask_of(higher) or trumps

    swap(monkeypatch, play.no_duty_to_overtrump, must_overtrump)
    fails_outright(
        lambda: c.exists(c.undertrumps, situations(), lines("over", bid=True), "undertrumps")
    )


@bites("play-turns")
def test_second_hand_leads_first(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, play.first_leader, lambda order, bidder, contract: order[1])
    caught(on_lines("play-turns"), lines("play"))


@bites("trick-winner")
def test_trumps_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    def highest_of_the_suit_led(cards_played: Any, trump: Suit | None) -> int:
        led = cards_played[0] // 9
        same = [i for i, x in enumerate(cards_played) if x // 9 == led]
        return max(same, key=lambda i: cards_played[i] % 9)

    swap(monkeypatch, play.trick_winner, highest_of_the_suit_led)
    caught(on_lines("trick-winner"), lines("over", bid=True))


@bites("deal-end")
def test_ten_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, play.tricks_per_deal, lambda: 10)
    caught(on_lines("deal-end"), lines("over", bid=True))


@bites("points-total")
def test_the_widow_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, scoring.counted_for_bidder, lambda won, widow, laid_away: won | laid_away)
    caught(on_lines("points-total"), lines("over", contracts=frozenset({GRAND})))


# --- settlement -----------------------------------------------------------------------------


def _settles(invariant: str) -> Callable[[Any], None]:
    return lambda case: c.SETTLEMENT_CHECKS[invariant](c.settled(case))


@bites("settlement-zero-sum")
def test_the_bidder_settles_with_two(monkeypatch: pytest.MonkeyPatch) -> None:
    original = settlement.payments_each_in_full

    def two_opponents(
        players: int, bidder: int, counterparties: tuple[int, ...], amount: int, won: bool
    ) -> tuple[int, ...]:
        paid = list(original(players, bidder, counterparties, amount, won))
        paid[bidder] = (1 if won else -1) * amount * 2
        return tuple(paid)

    swap(monkeypatch, original, two_opponents)
    caught(_settles("settlement-zero-sum"), settlements())


@bites("settlement-sixty")
def test_sixty_one_is_a_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, settlement.bidder_result, lambda points: points - 61)
    caught(_settles("settlement-sixty"), settlements())


@bites("settlement-amount")
def test_grand_at_three_in_foster(monkeypatch: pytest.MonkeyPatch) -> None:
    reread(monkeypatch, "foster-1909", rates=settlement.rates_1_2_3)
    caught(_settles("settlement-amount"), settlements())


@bites("settlement-sitting-out")
def test_sitting_out_pays_a_winner_in_foster(monkeypatch: pytest.MonkeyPatch) -> None:
    reread(monkeypatch, "foster-1909", sitting_out=settlement.sitting_out_pay_and_receive)
    caught(_settles("settlement-sitting-out"), settlements())


# --- matches --------------------------------------------------------------------------------


@bites("match-balances")
def test_a_game_end_that_moves_a_balance(monkeypatch: pytest.MonkeyPatch) -> None:
    def meddling_end(balances: Any, payments: Any, bidder: int, players: int) -> int | None:
        balances[bidder] += 1
        return match.never_over(balances, payments, bidder, players)

    reread(monkeypatch, "foster-1909", game_end=meddling_end)
    caught(c.match_balances, matches())


@bites("match-rotation")
def test_the_deal_passes_right(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, deal.next_dealer_left, lambda dealer, players: (dealer - 1) % players)
    caught(c.match_rotation, matches())


@bites("match-end")
def test_the_1922_game_never_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    reread(monkeypatch, "official-1922-solo", game_end=match.never_over)
    caught(c.match_end, matches())


# --- the engine and notation ----------------------------------------------------------------


@bites("illegal-refused")
def test_any_card_counts_as_held(monkeypatch: pytest.MonkeyPatch) -> None:
    swap(monkeypatch, play.play_from_hand, lambda hand, card: True)
    caught(on_lines("illegal-refused"), lines("play"))


@bites("apply-pure")
def test_apply_writes_into_its_input(monkeypatch: pytest.MonkeyPatch) -> None:
    original = play.trick_winner

    def meddling(cards_played: Sequence[int], trump: Suit | None) -> int:
        # Simulates an engine that writes into the state it is given: the rule reaches the
        # state being applied (in its caller's frame) and changes that state's ruleset.
        caller = inspect.currentframe()
        while caller is not None and not isinstance(caller.f_locals.get("state"), engine.State):
            caller = caller.f_back
        if caller is not None:
            ruleset = caller.f_locals["state"].ruleset
            object.__setattr__(ruleset, "notes", (*ruleset.notes, "changed"))
        return original(cards_played, trump)

    swap(monkeypatch, original, meddling)
    caught(on_lines("apply-pure"), lines("play"))


@bites("notation-card")
def test_a_ten_written_t(monkeypatch: pytest.MonkeyPatch) -> None:
    original = cards.format_card
    swap(monkeypatch, original, lambda card: original(card).replace("10", "T"))
    fails_outright(c.notation_card)


@bites("notation-action")
def test_every_contract_read_as_frog(monkeypatch: pytest.MonkeyPatch) -> None:
    # The engine's reading of an action, as the check reaches it (through the module: on
    # the compiled build a helper the engine calls inside cannot be swapped).
    original = engine.parse_action

    def as_frog(text: object) -> engine.Action:
        action = original(text)
        return action._replace(value=FROG) if action.kind == engine.ActionKind.BID else action

    swap(monkeypatch, engine.parse_action, as_frog)

    def every_action() -> None:
        for action in ALL_ACTIONS:
            c.notation_action(action)

    fails_outright(every_action)


@bites("notation-position")
def test_the_notation_reads_the_first_bid_as_winning(monkeypatch: pytest.MonkeyPatch) -> None:
    def first_bid_wins(history: auction.AuctionHistory) -> tuple[int, Contract] | None:
        return next(((seat, bid) for seat, bid in history if bid is not None), None)

    # Only the notation's reading is broken: the engine keeps the right winner.
    monkeypatch.setattr(notation, "auction_winner", first_bid_wins)
    caught(on_lines("notation-position"), lines("play"))


@bites("notation-cardset")
def test_the_last_card_not_written(monkeypatch: pytest.MonkeyPatch) -> None:
    original = cards.format_cards
    swap(monkeypatch, original, lambda mask: original(mask)[:-1])
    caught(c.notation_cardset, masks())


# --- the helpers themselves -----------------------------------------------------------------


def test_swap_reaches_every_holder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A swapped rule is seen by the engine (through every ruleset), by the rule module
    and by the rulesets' options."""

    def no_trumps(hand: int, trump: Suit | None) -> int:
        return 0

    swap(monkeypatch, play.must_trump, no_trumps)
    assert play.must_trump is no_trumps
    assert all(rs.rules.must_trump is no_trumps for rs in RULESETS.values())

    def everyone(*args: Any) -> tuple[int, ...]:
        return ()

    swap(monkeypatch, settlement.sitting_out_receive_only, everyone)
    held: Any = RULESETS["foster-1909"].rules.sitting_out
    assert held is everyone
    solo: Any = rulesets_module.get_ruleset("official-1922-solo").with_options({}).rules
    assert solo.sitting_out is everyone
