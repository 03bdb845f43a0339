"""The sources' own worked examples, pinned."""

from __future__ import annotations

import pytest

from frogspec.engine import new_deal, settle
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    CARDS,
    RANKS_HIGH_TO_LOW,
    CardSet,
    card_points,
    parse_card,
    points_of,
)


class TestGamerulesEightyPointExample:
    """gamerules: "if the bidder earned 80 points in a round. the frog score they earn from
    each player would be 20, 40 for Chico, and 60 for grand." ... "the bidder receives 40
    points, 20 from each other player." ... "If they only scored 40 points ... they would
    have to pay each player 20 points for a bid of frog; resulting in them losing 40"."""

    @pytest.mark.parametrize(
        ("contract", "each"), [(Contract.FROG, 20), (Contract.CHICO, 40), (Contract.GRAND, 60)]
    )
    def test_eighty_points(self, contract: Contract, each: int) -> None:
        payments = settle("gamerules", 3, dealer=0, bidder=1, contract=contract, bidder_points=80)
        assert payments == (-each, 2 * each, -each)

    def test_forty_points_in_a_frog(self) -> None:
        assert settle("gamerules", 3, 0, 1, Contract.FROG, 40) == (20, -40, 20)

    def test_sixty_is_a_tie(self) -> None:
        assert settle("gamerules", 3, 0, 1, Contract.GRAND, 60) == (0, 0, 0)


class TestFosterPaymentWording:
    """Foster: "For every point the single player gets over 60 he must be paid a counter by
    each of the others who held cards. But if he does not get 60, he must pay each of the
    others at the table, including those who held no cards, if any, a counter for every
    point his adversaries get over 60." Chico x2, Grand x4."""

    def test_sixty_one_is_paid_a_counter_by_each_who_held_cards(self) -> None:
        # four play, dealer 0 holds no cards
        assert settle("foster-1909", 4, 0, 1, Contract.FROG, 61) == (0, 2, -1, -1)

    def test_sixty_pays_nothing(self) -> None:
        assert settle("foster-1909", 4, 0, 1, Contract.FROG, 60) == (0, 0, 0, 0)

    def test_fifty_nine_pays_everyone_at_the_table(self) -> None:
        assert settle("foster-1909", 4, 0, 1, Contract.FROG, 59) == (1, -3, 1, 1)

    def test_five_players_the_two_sitting_out_are_paid_by_a_loser(self) -> None:
        # five play, dealer 0: seats 1, 2 and 4 hold cards; 0 and 3 sit out
        assert settle("foster-1909", 5, 0, 4, Contract.CHICO, 50) == (20, 20, 20, 20, -80)
        assert settle("foster-1909", 5, 0, 4, Contract.CHICO, 70) == (0, -20, -20, 0, 40)

    @pytest.mark.parametrize(("contract", "rate"), [(Contract.CHICO, 2), (Contract.GRAND, 4)])
    def test_chico_two_grand_four_counters(self, contract: Contract, rate: int) -> None:
        assert settle("foster-1909", 3, 0, 2, contract, 61) == (-rate, -rate, 2 * rate)


class TestSeating:
    """Foster: "If four play, the dealer takes no cards. If five play, he gives cards to the
    two on his left and one on his right." Seat s+1 is on the left of seat s."""

    @pytest.mark.parametrize("dealer", range(4))
    def test_four_players_the_dealer_takes_no_cards(self, dealer: int) -> None:
        state = new_deal("foster-1909", 4, dealer, CARDS)
        assert state.hands[dealer] == 0
        assert sorted(state.order) == sorted(s for s in range(4) if s != dealer)
        assert state.order[0] == (dealer + 1) % 4

    @pytest.mark.parametrize("dealer", range(5))
    def test_five_players_two_on_his_left_one_on_his_right(self, dealer: int) -> None:
        state = new_deal("foster-1909", 5, dealer, CARDS)
        left1, left2, right = (dealer + 1) % 5, (dealer + 2) % 5, (dealer - 1) % 5
        assert state.order == (left1, left2, right)
        for seat in range(5):
            assert (state.hands[seat] != 0) == (seat in (left1, left2, right))


class TestTheCards:
    """Foster: "There are thirty-six cards in the pack, which rank: A 10 K Q J 9 8 7 6. Each
    Ace is worth 11, Tens are worth 10, Kings 4, Queens 3, and Jacks 2. This gives us 120
    points in the pack"."""

    def test_points(self) -> None:
        assert [card_points(parse_card(r + "S")) for r in RANKS_HIGH_TO_LOW] == [
            11,
            10,
            4,
            3,
            2,
            0,
            0,
            0,
            0,
        ]

    def test_one_hundred_and_twenty_in_the_pack(self) -> None:
        assert points_of(CardSet(CARDS).mask) == 120 == sum(card_points(c) for c in CARDS)


class TestOfficialRules1922:
    """As reported by Wikipedia: Frog x1, Simple Solo x2, Heart Solo x3; Penalty Frog; the
    three systems of payment to non-active players; Straight Solo x1, x2; Coeur d'Alene
    25c / 50c / 75c."""

    def test_rates(self) -> None:
        for contract, rate in ((Contract.FROG, 1), (Contract.CHICO, 2), (Contract.GRAND, 3)):
            assert settle("official-1922-solo", 3, 0, 1, contract, 70)[1] == 2 * 10 * rate

    def test_penalty_frog(self) -> None:
        from frogspec.rulesets import get_ruleset

        penalty = get_ruleset("official-1922-solo").with_options({"penalty_frog": True})
        assert settle(penalty, 3, 0, 1, Contract.FROG, 50) == (30, -60, 30)
        assert settle(penalty, 3, 0, 1, Contract.FROG, 70) == (-10, 20, -10)

    def test_the_three_systems_with_a_seat_sitting_out(self) -> None:
        from frogspec.rulesets import get_ruleset

        solo = get_ruleset("official-1922-solo")
        # four players, dealer 0 sits out, seat 1 bids and takes 70
        receive = solo.with_options({"sitting_out": "receive-only"})
        both = solo.with_options({"sitting_out": "pay-and-receive"})
        solo_only = solo.with_options({"sitting_out": "pay-and-receive-solo-only"})
        assert settle(receive, 4, 0, 1, Contract.CHICO, 70) == (0, 40, -20, -20)
        assert settle(both, 4, 0, 1, Contract.CHICO, 70) == (-20, 60, -20, -20)
        assert settle(solo_only, 4, 0, 1, Contract.CHICO, 70) == (-20, 60, -20, -20)
        assert settle(solo_only, 4, 0, 1, Contract.FROG, 70) == (0, 20, -10, -10)
        assert settle(solo_only, 4, 0, 1, Contract.FROG, 50) == (10, -30, 10, 10)

    def test_straight_solo_has_no_frog(self) -> None:
        from frogspec.errors import IllegalActionError

        assert settle("official-1922-straight", 3, 0, 1, Contract.GRAND, 61) == (-2, 4, -2)
        with pytest.raises(IllegalActionError) as info:
            settle("official-1922-straight", 3, 0, 1, Contract.FROG, 61)
        assert info.value.rule_id == "auction.contracts-without-frog"

    def test_coeur_dalene_fixed_payments(self) -> None:
        for contract, cents in ((Contract.FROG, 25), (Contract.CHICO, 50), (Contract.GRAND, 75)):
            assert settle("official-1922-coeur-dalene", 3, 0, 1, contract, 61) == (
                -cents,
                2 * cents,
                -cents,
            )
            assert settle("official-1922-coeur-dalene", 3, 0, 1, contract, 110) == (
                -cents,
                2 * cents,
                -cents,
            )
