"""Who deals next: a match whose dealers part from the reference's, said as a way of passing
the deal that holds in every failing case and that no match the engine passed contradicts.

The moves are typed values (:class:`~frogspec.conform.evidence.DealerMoved`); the passed
matches are the reference's own, played out in process.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from frogspec._types import Json
from frogspec.conform.evidence import DealerMoved
from frogspec.conform.rotation import Rotation, passes_so, who_deals
from frogspec.conform.words import Circumstances, instead_words, when_words
from frogspec.engine import apply, legal_actions, new_deal, parse_action
from frogspec.harness import handle
from frogspec.rules.cards import FULL_PACK, cards_of, format_card, parse_card


def _moved(*differences: object) -> SimpleNamespace:
    return SimpleNamespace(differences=differences)


def _deal(seed: int, dealer: int, opening: list[str]) -> dict[str, Json]:
    """A whole deal at three players: the ``opening`` actions, then the first legal
    action at each step to the end."""
    deck = [format_card(c) for c in cards_of(FULL_PACK)]
    random.Random(seed).shuffle(deck)
    state = new_deal("modern", 3, dealer, [parse_card(c) for c in deck])
    actions = list(opening)
    for action in opening:
        state = apply(state, parse_action(action))
    while legal_actions(state):
        first = legal_actions(state)[0]
        actions.append(str(first))
        state = apply(state, first)
    return {"deck": deck, "actions": actions}


def _passed_match(opening: list[str]) -> SimpleNamespace:
    """A match of two deals the engine passed: the first opened by ``opening``."""
    request: dict[str, Json] = {
        "id": 1,
        "op": "match",
        "ruleset": "modern",
        "options": {},
        "players": 3,
        "first_dealer": 0,
        "deals": [_deal(1, 0, opening), _deal(2, 1, [])],
    }
    answer = handle(request)
    assert "result" in answer
    return SimpleNamespace(op="match", request=request, expected={"result": answer["result"]})


def _assert_after_a_bid(moves: list[DealerMoved], how: str, instead: str) -> None:
    """The moves, each after a deal with a bidder, are said as ``how`` passes the deal."""
    rotation = who_deals([_moved(m) for m in moves])
    assert rotation is not None and rotation.rule == "deal.rotation-left"
    assert rotation.next_dealer == how
    assert when_words(Circumstances(occasion=rotation)) == "after a deal with a bidder"
    assert instead_words(rotation) == instead


def test_the_seat_on_the_bidders_left_dealing_next_is_said_as_that() -> None:
    # At three players the seat on the bidder's left (1) deals after seat 0's deal; at
    # five, the bidder on the dealer's right makes the dealer deal again: one way of
    # passing the deal holds in both, the bidder's left.
    three = DealerMoved(1, 2, 1, 0, 3, False, 1)
    five = DealerMoved(1, 0, 1, 0, 5, False, 4)
    _assert_after_a_bid(
        [three, five],
        "bidder's left",
        "the seat on the bidder's left deals next instead of the seat on the dealer's left",
    )
    # Alone, the five-player move is the same dealer dealing again: the simplest way.
    alone = who_deals([_moved(five)])
    assert alone is not None and alone.next_dealer == "same"
    # Without who bid, the moves share no way of passing the deal.
    assert who_deals([_moved(DealerMoved(1, 2, 1, 0, 3, False)), _moved(five)]) is None


def test_the_bidder_dealing_next_is_said_as_that() -> None:
    # At three players the bidder (2) deals after seat 0's deal; at four, seat 3 does:
    # neither the dealer's left nor the bidder's left, the bidder in both.
    three = DealerMoved(1, 2, 1, 0, 3, False, 2)
    four = DealerMoved(1, 3, 2, 1, 4, False, 3)
    _assert_after_a_bid(
        [three, four], "bidder", "the bidder deals next instead of the seat on the dealer's left"
    )
    # A passed match in which eldest bid and the dealer's left (eldest) dealt next agrees;
    # one in which the dealer bid and the dealer's left dealt next contradicts it.
    assert who_deals([_moved(three)], [_passed_match(["grand"])]) is not None
    assert who_deals([_moved(three)], [_passed_match(["pass", "pass", "grand"])]) is None


def test_a_passed_match_whose_bidder_was_not_the_dealer_contradicts_the_bidders_left() -> None:
    moves = [_moved(DealerMoved(1, 2, 1, 0, 3, False, 1))]
    # Eldest (seat 1) bids a Grand in the dealer's deal and the engine gave the next
    # deal to seat 1, the dealer's left, not the bidder's: it does not pass the deal so.
    eldest_bid = _passed_match(["grand"])
    assert who_deals(moves, [eldest_bid]) is None
    # Where the dealer himself was the bidder, both ways give the same next dealer.
    dealer_bid = _passed_match(["pass", "pass", "grand"])
    found = who_deals(moves, [dealer_bid])
    assert found is not None and found.next_dealer == "bidder's left"


def test_the_dealers_of_a_match_say_who_bid_in_the_deal_before() -> None:
    from frogspec.conform.diagnosis import _match_differences as match_differences

    match = _passed_match(["grand"]).request
    reference = handle(match)
    engine = {"result": {**reference["result"], "dealers": [0, 2]}}
    moved = match_differences(match, 1, reference, engine)[0]
    assert isinstance(moved, DealerMoved)
    assert (moved.previous, moved.bidder, moved.engine, moved.reference) == (0, 1, 2, 1)


def _engine(adjust: Any = None) -> Any:
    """The reference as an engine, its rules changed by ``adjust``."""
    return lambda request: handle(request, adjust)


def test_the_match_probe_finds_the_deal_passing_right_in_deals_the_engine_plays() -> None:
    from frogspec.conform.probes.base import SEAT_ORDER_REVERSED, next_dealer_right
    from frogspec.conform.probes.match import _MatchProbe as MatchProbe

    right = _engine(lambda rs: rs.replacing("deal.rotation-left", next_dealer_right))
    (finding,) = MatchProbe().run(right, ["modern"], ())
    assert finding.rule == "deal.rotation-left" and finding.condition is None
    assert isinstance(finding.otherwise, Rotation) and finding.otherwise.next_dealer == "right"
    assert instead_words(finding.otherwise) == "the deal passes to the right"
    # Both kinds of deal depart alike: a change of the rule the cases can be judged under.
    assert finding.departure is not None
    # The rules' own engine departs nowhere; play going to the right explains it.
    assert MatchProbe().run(_engine(), ["modern"], ()) == []
    reversed_seats = SimpleNamespace(otherwise=SEAT_ORDER_REVERSED)
    assert MatchProbe().run(right, ["modern"], (reversed_seats,)) == []  # type: ignore[arg-type]


def test_a_match_whose_balances_are_all_raised_alike_starts_with_a_bank() -> None:
    from frogspec.conform.deviations import _match_otherwise as match_otherwise
    from frogspec.conform.evidence import FieldChanged, MatchOtherwise

    def raised(engine: list[int], reference: list[int]) -> SimpleNamespace:
        return SimpleNamespace(
            differences=(FieldChanged("balances", engine, reference),), actual={}
        )

    bank = match_otherwise([raised([120] * 4, [0] * 4), raised([100, 140, 120], [-20, 20, 0])])
    assert bank == MatchOtherwise(120)
    assert instead_words(bank) == "each player starts with 120 counters"
    # Raised by other amounts, from one player to another or from one match to another:
    # no bank.
    assert match_otherwise([raised([120, 100], [0, 0])]) is None
    assert match_otherwise([raised([120] * 3, [0] * 3), raised([150] * 3, [0] * 3)]) is None


def test_a_match_ended_by_a_player_unable_to_pay_is_said_as_that() -> None:
    from frogspec.conform.deviations import _match_otherwise as match_otherwise
    from frogspec.conform.evidence import FieldChanged

    def ended(loser: int, balances: list[int]) -> SimpleNamespace:
        over = (FieldChanged("over", True, False), FieldChanged("loser", loser, None))
        return SimpleNamespace(differences=over, actual={"result": {"balances": balances}})

    end = match_otherwise([ended(2, [-120, 600, -120]), ended(0, [-30, 20, 10])])
    assert end is not None and end.unable_to_pay
    assert instead_words(end) == "the match ends when a player cannot pay: he loses"
    # A loser who could pay, in one match: not a player unable to pay.
    other = match_otherwise([ended(2, [-120, 600, -120]), ended(1, [-30, 20, 10])])
    assert other is None
    same = match_otherwise([ended(1, [-5, 5, 0])])
    assert same is not None and not same.unable_to_pay
    assert instead_words(same) == "the match ends, seat 1 losing, where the reference plays on"
    # A loser left with nothing, beside one unable to pay: the match ends at 0 or below.
    at_zero = match_otherwise([ended(1, [0, 0, 0]), ended(0, [-30, 20, 10])])
    assert at_zero is not None and at_zero.at_zero and not at_zero.unable_to_pay
    assert instead_words(at_zero) == (
        "the match ends when a player's balance is 0 or below after a settlement: he loses"
    )


def _bid_by_seat_two() -> dict[str, Json]:
    """A match of two deals at three players: in the first, dealt by seat 0, seat 2 bids."""
    request: dict[str, Json] = _passed_match(["pass", "grand"]).request
    return request


def test_a_matchs_dealers_passed_by_a_way_are_told_from_who_bid() -> None:
    match = _bid_by_seat_two()
    after_a_bid = frozenset({False})
    assert passes_so(match, [0, 2], "bidder", after_a_bid)
    # Passed to the left as the rules pass it: the way does not show.
    assert not passes_so(match, [0, 1], "bidder", after_a_bid)
    # The seat on the bidder's left is seat 0, not 2.
    assert not passes_so(match, [0, 2], "bidder's left", after_a_bid)
    # Dealers that do not start with the first dealer are no match's.
    assert not passes_so(match, [1, 2], "bidder", after_a_bid)


def test_failing_matches_dealt_as_the_match_probe_found_are_filed_under_it() -> None:
    # The match's balances may part first (another departure); its dealers, passed as the
    # probes found the engine passes the deal, show that departure too.
    from frogspec.conform.blame import _dealt_as_found as dealt_as_found
    from frogspec.conform.probes.base import Probe, StageFinding

    from .test_diagnosis import answered_case

    case = answered_case("match.bidder-deals", _bid_by_seat_two())
    result = case.expected["result"]
    actual = {"id": 1, "result": {**result, "balances": [0, 0, 0], "dealers": [0, 2]}}
    probe = Probe({"op": "match"}, {"result": 1}, {"result": 2}, ())
    rotation = Rotation("deal.rotation-left", DealerMoved(1, 2, 1, 0, 3, False, 2), "bidder")
    finding = StageFinding(
        "match", "deal.rotation-left", rotation, 3, 4, probe, rulesets=("modern",)
    )
    (found,) = dealt_as_found([], [finding], {}, {case.id: (case, actual)}, lambda: True)
    assert found.rule == "deal.rotation-left" and found.cases == (case.id,)
    # Dealers passed to the left: nothing filed under it.
    left = {"id": 1, "result": {**result, "balances": [0, 0, 0]}}
    assert dealt_as_found([], [finding], {}, {case.id: (case, left)}, lambda: True) == []
