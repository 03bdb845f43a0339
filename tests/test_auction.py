"""The three readings of the auction, sequence by sequence."""

from __future__ import annotations

import pytest

from frogspec.engine import apply, legal_actions, new_deal, parse_action
from frogspec.errors import IllegalActionError
from frogspec.rules.auction import (
    NO_FROG_CONTRACTS,
    THREE_CONTRACTS,
    AuctionHistory,
    Contract,
    one_bid_each,
    one_round_frog_may_raise,
    overbid_to_raise,
)
from frogspec.rules.cards import CARDS

F, C, G = Contract.FROG, Contract.CHICO, Contract.GRAND
ORDER = (1, 2, 0)


def h(*bids: Contract | None) -> AuctionHistory:
    return tuple((ORDER[i % 3], b) for i, b in enumerate(bids))


class TestFosterOverbidToRaise:
    def test_first_round_goes_from_eldest(self) -> None:
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, ()) == (1, (F, C, G))
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, h(F)) == (2, (C, G))

    def test_the_overbid_player_may_raise(self) -> None:
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, h(F, C, None)) == (1, (G,))

    def test_a_player_is_never_asked_to_raise_his_own_standing_bid(self) -> None:
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, h(F, None, None)) is None

    def test_a_player_who_passed_is_not_asked_again(self) -> None:
        history = ((1, None), (2, F), (0, C))
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, history) == (2, (G,))
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, (*history, (2, None))) is None

    def test_grand_ends_the_auction(self) -> None:
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, h(G)) is None

    def test_all_pass(self) -> None:
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, h(None, None, None)) is None
        assert overbid_to_raise(ORDER, THREE_CONTRACTS, h(None, None)) == (0, (F, C, G))


class TestArticleOneRound:
    def test_the_frog_bidder_overbid_by_chico_answers_at_once(self) -> None:
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, h(F, C)) == (1, (G,))

    def test_after_his_pass_the_round_goes_on(self) -> None:
        history = ((1, F), (2, C), (1, None))
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, history) == (0, (G,))
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, (*history, (0, None))) is None

    def test_his_grand_ends_the_auction(self) -> None:
        history = ((1, F), (2, C), (1, G))
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, history) is None

    def test_a_frog_overbid_by_grand_has_no_answer(self) -> None:
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, h(F, G)) is None

    def test_no_second_round_otherwise(self) -> None:
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, h(None, F, None)) is None
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, h(C, None)) == (0, (G,))
        assert one_round_frog_may_raise(ORDER, THREE_CONTRACTS, h(C, None, None)) is None

    def test_straight_solo_without_frog(self) -> None:
        assert one_round_frog_may_raise(ORDER, NO_FROG_CONTRACTS, ()) == (1, (C, G))


class TestGamerulesOneBidEach:
    def test_each_speaks_once(self) -> None:
        assert one_bid_each(ORDER, THREE_CONTRACTS, h(F)) == (2, (C, G))
        assert one_bid_each(ORDER, THREE_CONTRACTS, h(F, C)) == (0, (G,))
        assert one_bid_each(ORDER, THREE_CONTRACTS, h(F, C, None)) is None

    def test_no_raise_for_the_overbid(self) -> None:
        assert one_bid_each(ORDER, THREE_CONTRACTS, h(F, C, None)) is None


@pytest.mark.parametrize(
    ("ruleset", "actions", "rule_id"),
    [
        ("foster-1909", ["chico", "frog"], "auction.contract-order"),
        ("foster-1909", ["frog", "frog"], "auction.contract-order"),
        ("official-1922-straight", ["frog"], "auction.contracts-without-frog"),
        ("modern", ["frog", "chico", "chico"], "auction.contract-order"),
        ("foster-1909", ["play AS"], "deal.actions-by-phase"),
        ("gamerules", ["discard AS"], "deal.actions-by-phase"),
    ],
)
def test_illegal_bids_name_their_rule(ruleset: str, actions: list[str], rule_id: str) -> None:
    state = new_deal(ruleset, 3, 0, CARDS)
    for text in actions[:-1]:
        state = apply(state, parse_action(text))
    before = state
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action(actions[-1]))
    assert info.value.rule_id == rule_id
    assert state == before


def test_all_pass_is_over_with_nothing_paid() -> None:
    from frogspec.engine import Phase, outcome

    state = new_deal("foster-1909", 4, 2, CARDS)
    for _ in range(3):
        state = apply(state, parse_action("pass"))
    assert state.phase == Phase.OVER and state.bidder is None
    assert legal_actions(state) == ()
    assert outcome(state).payments == (0, 0, 0, 0)
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action("pass"))
    assert info.value.rule_id == "deal.actions-by-phase"
