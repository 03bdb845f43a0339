"""The broken twins: for every rule of the registry, the same function with one mistake.

Each mistake is one an implementer could plausibly make: another ruleset's reading, a
misread sentence of a source, a rule of a neighbouring game, an off-by-one. Each twin
keeps the signature of the rule it breaks, so that the engine runs with it unchanged.

The twins import the original functions they build on by name; the swap
(:mod:`frogspec.twins.substitute`) leaves this module alone, so a twin that calls an
original calls the faithful one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from frogspec.errors import InvalidInputError
from frogspec.rules.auction import (
    THREE_CONTRACTS,
    AuctionHistory,
    Contract,
    Turn,
    one_bid_each,
    overbid_to_raise,
)
from frogspec.rules.cards import (
    FULL_PACK,
    SUIT_MASKS,
    Card,
    Suit,
    card_points,
    card_strength,
    points_of,
)
from frogspec.rules.deal import PHASE_ACTIONS, DealPattern, packets_3_3_4_4, packets_4_3_3_4
from frogspec.rules.match import first_unable_to_pay
from frogspec.rules.play import trick_winner
from frogspec.rules.seats import active_seats_foster
from frogspec.rules.settlement import coeur_dalene_lost, coeur_dalene_ratio
from frogspec.twins.model import twin

# --- seats ----------------------------------------------------------------------------


@twin("seats.players-3-to-5", "Only three or four may play: a table of five is refused.")
def players_three_to_four() -> range:
    """Three or four players."""
    return range(3, 5)


@twin("seats.players-3-to-7", "Only three to six may play: a table of seven is refused.")
def players_three_to_six() -> range:
    """Three to six players."""
    return range(3, 7)


@twin("seats.players-3", "Four may play the web page's game.")
def players_three_or_four() -> range:
    """Three or four players."""
    return range(3, 5)


@twin(
    "seats.active-foster",
    "With four players the dealer takes cards and the seat on his right sits out.",
    cannot_show={"gamerules": "The web page's game is for three players, all of them active."},
)
def active_seats_wrong_seat_out(players: int, dealer: int) -> tuple[int, ...]:
    """The dealer and the two on his left are active at a table of four."""
    if players == 3:
        return (0, 1, 2)
    if players == 4:
        return tuple(sorted((dealer + k) % 4 for k in (0, 1, 2)))
    if players == 5:
        return tuple(sorted((dealer + k) % 5 for k in (1, 2, 4)))
    raise InvalidInputError(f"Foster's seating is for 3 to 5 players, not {players}")


@twin(
    "seats.active-six-or-seven",
    "With six or seven players the three seats on the dealer's left are active.",
)
def active_seats_three_on_left(players: int, dealer: int) -> tuple[int, ...]:
    """The three seats on the dealer's left at a table of six or seven."""
    if players <= 5:
        return active_seats_foster(players, dealer)
    if players in (6, 7):
        return tuple(sorted((dealer + k) % players for k in (1, 2, 3)))
    raise InvalidInputError(f"the 1922 seating is for 3 to 7 players, not {players}")


@twin(
    "seats.eldest-hand",
    "Eldest hand is the first active seat on the dealer's right, turns going clockwise from him.",
)
def eldest_on_the_right(active: tuple[int, ...], players: int, dealer: int) -> tuple[int, ...]:
    """The active seats in turn order from the one nearest the dealer's right."""
    return tuple(sorted(active, key=lambda seat: (seat - dealer + 1) % players))


# --- cards ----------------------------------------------------------------------------

_SIXES = sum(1 << (9 * suit) for suit in range(4))


@twin("cards.pack", "The pack has thirty-two cards: the Sixes are left out, as in Piquet.")
def pack_without_sixes() -> int:
    """The mask of a 32-card pack."""
    return FULL_PACK & ~_SIXES


_JACK = 4  # the strength of a Jack: 6 7 8 9 J Q K 10 A


@twin("cards.points", "A Jack counts 1 instead of 2.")
def jack_worth_one(card: Card) -> int:
    """The points of a card, a Jack counting 1."""
    return 1 if card % 9 == _JACK else card_points(card)


@twin("cards.rank-order", "The Ten ranks below the King, as in most games: A K 10 Q J 9 8 7 6.")
def ten_below_king(card: Card) -> int:
    """How high a card ranks, the Ten and the King swapped."""
    strength = card % 9
    return {7: 6, 6: 7}.get(strength, strength)


# --- deal -----------------------------------------------------------------------------


@twin(
    "deal.first-dealer-any",
    "The seat on the left of the one the players choose deals first.",
)
def first_dealer_left_of_chosen(chosen: int, players: int) -> int:
    """The seat on the chosen seat's left."""
    return (chosen + 1) % players


@twin(
    "deal.first-dealer-low-card-chooses",
    "The player who draws the lowest card deals; his choice to be eldest is ignored.",
)
def low_card_always_deals(lowest: int, chooses_to_deal: bool, players: int) -> int:
    """The seat that drew lowest, whatever it chose."""
    return lowest


@twin("deal.packets-3-3-4-4", "Foster's deal dealt 4-(3)-3-4, the post-1950 pattern.")
def foster_dealt_modern() -> DealPattern:
    """The post-1950 pattern."""
    return packets_4_3_3_4()


@twin("deal.packets-4-3-3-4", "The post-1950 deal dealt 3-(3)-4-4, Foster's pattern.")
def modern_dealt_foster() -> DealPattern:
    """Foster's pattern."""
    return packets_3_3_4_4()


@twin("deal.gamerules-packets", "The web page's deal dealt 3-(3)-4-4, Foster's pattern.")
def gamerules_dealt_foster() -> DealPattern:
    """Foster's pattern."""
    return packets_3_3_4_4()


@twin(
    "deal.singly-slough-1-4-8",
    "The slough takes the 2nd, 5th and 9th cards: positions 1, 4 and 8 counted from zero.",
)
def slough_off_by_one() -> DealPattern:
    """The single-card deal with the slough one card late."""
    pattern: list[int] = []
    hand = 0
    for position in range(36):
        if position in (1, 4, 8):
            pattern.append(3)
        else:
            pattern.append(hand)
            hand = (hand + 1) % 3
    return tuple(pattern)


@twin(
    "deal.actions-by-phase",
    "An action after the end of the deal is taken and changes nothing, instead of being refused.",
)
def over_takes_anything(phase: str) -> frozenset[str]:
    """The kinds of action of each phase, and every kind once the deal is over."""
    if phase == "over":
        return frozenset().union(*PHASE_ACTIONS.values())
    return PHASE_ACTIONS[phase]


@twin("deal.rotation-left", "The deal passes to the right.")
def rotation_right(dealer: int, players: int) -> int:
    """The seat on the dealer's right."""
    return (dealer - 1) % players


# --- auction --------------------------------------------------------------------------


@twin(
    "auction.contracts-frog-chico-grand", "Grand is not offered: the contracts are Frog and Chico."
)
def contracts_without_grand() -> tuple[Contract, ...]:
    """Frog and Chico."""
    return (Contract.FROG, Contract.CHICO)


@twin("auction.contracts-without-frog", "Straight Solo keeps the Frog contract.")
def straight_keeps_frog() -> tuple[Contract, ...]:
    """All three contracts."""
    return THREE_CONTRACTS


@twin("auction.contract-order", "An equal bid outbids: a Frog may be overbid by another Frog.")
def equal_bid_outbids(bid: Contract, over: Contract | None) -> bool:
    """Whether ``bid`` is at least the standing bid."""
    return over is None or bid >= over


@twin(
    "auction.pass-is-final",
    "A player who has passed may bid again when his turn comes round.",
    cannot_show={
        rs: "The auction has a single round: no turn comes round to a player who has passed."
        for rs in (
            "modern",
            "official-1922-solo",
            "official-1922-straight",
            "official-1922-coeur-dalene",
            "gamerules",
        )
    },
)
def passed_player_bids_again(seat: int, passed: frozenset[int]) -> bool:
    """Every seat may bid, passed or not."""
    return True


@twin(
    "auction.overbid-to-raise",
    "Foster's auction has a single round: a player who is overbid may not raise.",
)
def foster_one_round(
    order: tuple[int, ...], contracts: tuple[Contract, ...], history: AuctionHistory
) -> Turn | None:
    """One bid each."""
    return one_bid_each(order, contracts, history)


@twin(
    "auction.one-round-frog-may-raise",
    "A Frog bidder overbid by Chico may not raise to Grand: one plain round.",
    cannot_show={
        "official-1922-straight": "Straight Solo has no Frog, so no Frog bidder is overbid.",
    },
)
def no_frog_raise(
    order: tuple[int, ...], contracts: tuple[Contract, ...], history: AuctionHistory
) -> Turn | None:
    """One bid each, without the Frog bidder's raise."""
    return one_bid_each(order, contracts, history)


@twin(
    "auction.one-bid-each",
    "The web page's auction goes round until all but one have passed, as Foster's does.",
)
def gamerules_round_and_round(
    order: tuple[int, ...], contracts: tuple[Contract, ...], history: AuctionHistory
) -> Turn | None:
    """Foster's auction."""
    return overbid_to_raise(order, contracts, history)


@twin("auction.highest-bid-wins", "The first bid made wins the auction, not the highest.")
def first_bid_wins(history: AuctionHistory) -> tuple[int, Contract] | None:
    """The first bidder and his bid."""
    for seat, bid in history:
        if bid is not None:
            return seat, bid
    return None


@twin(
    "auction.bidder-plays-named-game",
    "A Frog bidder plays Chico: he names a trump and leaves the widow alone.",
    cannot_show={"official-1922-straight": "Straight Solo has no Frog, so no one bids one."},
)
def frog_played_as_chico(bid: Contract) -> Contract:
    """Chico for a Frog bid, the bid otherwise."""
    return Contract.CHICO if bid == Contract.FROG else bid


@twin(
    "auction.all-pass",
    "An auction that ends on a pass is taken for one that everybody passed: a Frog or a "
    "Chico the others pass is never played.",
)
def last_call_a_pass(history: AuctionHistory) -> bool:
    """Whether the last call of the auction was a pass (instead of every call)."""
    return bool(history) and history[-1][1] is None


# --- widow ----------------------------------------------------------------------------


@twin("widow.frog-shown", "Foster's Frog bidder takes the widow without showing it.")
def foster_widow_hidden() -> bool:
    """No."""
    return False


@twin("widow.frog-hidden", "The widow is shown to the table in a Frog, as Foster has it.")
def modern_widow_shown() -> bool:
    """Yes."""
    return True


@twin("widow.hidden-when-unsaid", "The web page's Frog bidder shows the widow.")
def gamerules_widow_shown() -> bool:
    """Yes."""
    return True


@twin("widow.frog-take-and-discard", "The Frog bidder may not lay away a trump.")
def no_trump_discards(hand: int) -> int:
    """The cards of the hand that are not hearts (all of them if only hearts are left)."""
    return hand & ~SUIT_MASKS[Suit.HEARTS] or hand


@twin(
    "widow.untouched-in-chico-and-grand",
    "The Grand bidder takes the widow into his hand and discards, as in a Frog.",
)
def grand_takes_widow(contract: Contract) -> bool:
    """True for Frog and Grand."""
    return contract in (Contract.FROG, Contract.GRAND)


# --- trump ----------------------------------------------------------------------------


@twin(
    "trump.hearts-in-frog-and-grand",
    "In Grand the bidder names the trump suit, as in Chico.",
)
def grand_names_trump(contract: Contract) -> Suit | None:
    """Hearts for a Frog; for Chico and Grand the bidder names it."""
    return Suit.HEARTS if contract == Contract.FROG else None


@twin("trump.chico-not-hearts", "A Chico bidder may name hearts.")
def chico_hearts_allowed() -> tuple[Suit, ...]:
    """All four suits."""
    return (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@twin(
    "trump.chico-any-suit", "Under the web page a Chico bidder may not name hearts, as in Foster."
)
def gamerules_chico_not_hearts() -> tuple[Suit, ...]:
    """Every suit but hearts."""
    return (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


# --- play -----------------------------------------------------------------------------


@twin(
    "play.eldest-leads-first",
    "The last active seat in turn (the dealer or the seat on his right) leads to the first trick.",
)
def last_seat_leads(order: tuple[int, ...], bidder: int | None, contract: Contract | None) -> int:
    """The last seat in the turn order."""
    return order[-1]


@twin(
    "play.lead-any-card",
    "The leader may not lead a heart while he holds a card of another suit, as in the game "
    "of Hearts.",
)
def hearts_not_led(hand: int) -> int:
    """The cards that are not hearts, or every card of an all-hearts hand."""
    return hand & ~SUIT_MASKS[Suit.HEARTS] or hand


@twin(
    "play.follow-suit",
    "No duty to follow suit: a player who holds the suit led may trump instead.",
)
def no_duty_to_follow(hand: int, led: int) -> int:
    """No card must follow."""
    return 0


@twin(
    "play.no-duty-to-head",
    "A player following suit must head the trick, beating the best card of the suit led, "
    "when he can.",
)
def duty_to_head(
    following: int,
    trick: Sequence[Card],
    trump: Suit | None,
    trick_winner: Callable[[Sequence[Card], Suit | None], int] = trick_winner,
) -> int:
    """The following cards that beat the best card of the suit led, if any: that would win
    a trick of the suit led's cards played so far, as the ruleset's tricks are won (so by
    its own order of the cards)."""
    led = [c for c in trick if c // 9 == trick[0] // 9]
    return _winning(following, led, trump, trick_winner) or following


@twin("play.must-trump", "No duty to trump: a player void in the suit led may play any card.")
def no_duty_to_trump(hand: int, trump: Suit | None) -> int:
    """No card must trump."""
    return 0


@twin(
    "play.no-duty-to-overtrump",
    "A player who must trump must over-trump a trump already played when he can.",
)
def duty_to_overtrump(
    trumps: int,
    trick: Sequence[Card],
    trump: Suit | None,
    trick_winner: Callable[[Sequence[Card], Suit | None], int] = trick_winner,
) -> int:
    """The trumps that beat every trump in the trick, if any, as the ruleset's tricks are
    won (so by its own order of the trumps)."""
    played = [c for c in trick if c // 9 == trump]
    if not played:
        return trumps
    return _winning(trumps, played, trump, trick_winner) or trumps


def _winning(
    cards: int,
    played: Sequence[Card],
    trump: Suit | None,
    trick_winner: Callable[[Sequence[Card], Suit | None], int],
) -> int:
    """The cards of ``cards`` that, played after ``played``, would win that trick.

    >>> from frogspec.rules.cards import Suit, format_cards, parse_card
    >>> hearts = sum(1 << parse_card(c) for c in ("6H", "QH", "AH"))
    >>> format_cards(_winning(hearts, [parse_card("KH")], Suit.HEARTS, trick_winner))
    ['AH']
    """
    found = 0
    rest = cards
    while rest:  # each card held, the lowest first
        card = rest & -rest
        if trick_winner([*played, card.bit_length() - 1], trump) == len(played):
            found |= card
        rest ^= card
    return found


_BLANKS = sum(0xF << (9 * suit) for suit in range(4))  # Sixes to Nines: no points


@twin(
    "play.any-card-when-unable",
    "A player who can neither follow nor trump must throw a card that counts nothing, if he "
    "holds one.",
)
def must_throw_blank(hand: int) -> int:
    """The cards of no value, or every card if there is none."""
    return hand & _BLANKS or hand


@twin("play.card-from-hand", "A card the player does not hold is taken as if he held it.")
def any_card_is_in_hand(hand: int, card: Card) -> bool:
    """Always true."""
    return True


@twin(
    "play.trick-winner",
    "The first trump played to a trick wins it: a later, higher trump does not over-trump.",
)
def first_trump_wins(cards: Sequence[Card], trump: Suit | None) -> int:
    """The winner, a trump played after another trump never beating it."""
    best = 0
    led = cards[0] // 9
    for i in range(1, len(cards)):
        card = cards[i]
        top = cards[best]
        if card // 9 == top // 9:
            if top // 9 == trump and top // 9 != led:
                continue
            if card_strength(card) > card_strength(top):
                best = i
        elif card // 9 == trump and top // 9 == led:
            best = i
    return best


@twin(
    "play.winner-leads-next",
    "The player on the left of the trick's winner leads to the next trick (seats counted at "
    "a table of three).",
)
def left_of_winner_leads(winner: int) -> int:
    """The seat after the winner's, at a table of three."""
    return (winner + 1) % 3


@twin("play.eleven-tricks", "The deal is counted after ten tricks.")
def ten_tricks() -> int:
    """Ten."""
    return 10


# --- scoring --------------------------------------------------------------------------


@twin(
    "scoring.count-card-points",
    "The points of the spades are left out of the count: the table of suits stops one short.",
)
def count_without_spades(cards: int) -> int:
    """The points of the clubs, diamonds and hearts in ``cards``."""
    return points_of(cards & ~SUIT_MASKS[Suit.SPADES])


@twin(
    "scoring.widow-counts-for-bidder",
    "The untouched widow of a Chico or Grand is not counted for the bidder; only a Frog "
    "bidder's discards are.",
)
def untouched_widow_not_counted(won: int, widow: int, laid_away: int) -> int:
    """The bidder's tricks and discards."""
    return won | laid_away


# --- settlement -----------------------------------------------------------------------


@twin("settlement.sixty-is-a-tie", "At exactly 60 the bidder loses by one point: 61 is needed.")
def sixty_loses(points: int) -> int:
    """The bidder's points over 60, at 60 a loss of one."""
    return -1 if points == 60 else points - 60


@twin("settlement.rates-1-2-4", "Foster's Grand is paid at ×3 instead of ×4.")
def foster_grand_times_three(contract: Contract, margin: int, won: bool) -> int:
    """The margin times 1, 2 or 3."""
    return margin * int(contract)


@twin("settlement.rates-1-2-3", "Grand is paid at ×4 instead of ×3, as in Foster.")
def grand_times_four(contract: Contract, margin: int, won: bool) -> int:
    """The margin times 1, 2 or 4."""
    return margin * (1, 2, 4)[contract - 1]


@twin(
    "settlement.rates-straight-1-2",
    "Straight Solo pays as Solo or Slough does: a Simple Solo ×2, a Heart Solo ×3.",
)
def straight_times_two_three(contract: Contract, margin: int, won: bool) -> int:
    """The margin times 2 (chico) or 3 (grand)."""
    return margin * int(contract)


@twin(
    "settlement.coeur-dalene-fixed-ratio",
    "Coeur d'Alene's fixed payments double as Foster's rates do: 1 : 2 : 4, not 1 : 2 : 3.",
)
def coeur_dalene_doubling(contract: Contract) -> int:
    """1, 2 or 4."""
    return (1, 2, 4)[contract - 1]


@twin(
    "settlement.fixed-25-50-75",
    "Coeur d'Alene's ratio is played at a stake of 20 cents: 20, 40 and 60.",
)
def coeur_dalene_twenty_cents(contract: Contract, margin: int, won: bool) -> int:
    """20, 40 or 60 cents for a won contract."""
    if won:
        return 20 * coeur_dalene_ratio(contract)
    return coeur_dalene_lost(contract)


@twin(
    "settlement.coeur-dalene-loser-pays-same",
    "A losing Coeur d'Alene bidder pays nothing: the source names payments only for winning.",
)
def coeur_dalene_loser_pays_nothing(contract: Contract) -> int:
    """Nothing."""
    return 0


@twin(
    "settlement.coeur-dalene-penalty-frog",
    "Penalty Frog does nothing in Coeur d'Alene: a lost Frog pays a Frog's 25 cents.",
)
def coeur_dalene_penalty_ignored(contract: Contract, won: bool) -> Contract:
    """The contract played, lost Frog or not."""
    return contract


@twin("settlement.penalty-frog", "With Penalty Frog a lost Frog pays at the Simple Solo rate.")
def penalty_at_simple_solo(contract: Contract, won: bool) -> Contract:
    """Chico for a lost Frog."""
    return Contract.CHICO if contract == Contract.FROG and not won else contract


@twin(
    "settlement.sitting-out-receive-only",
    "A seat sitting out pays a winning bidder.",
    cannot_show={"gamerules": "The web page's game is for three players: no one sits out."},
)
def sitting_out_pays_winner(
    players: int, active: tuple[int, ...], bidder: int, contract: Contract, won: bool
) -> tuple[int, ...]:
    """Every other seat, won or lost."""
    return tuple(seat for seat in range(players) if seat != bidder)


@twin(
    "settlement.sitting-out-pay-and-receive",
    "Seats sitting out pay a winning bidder but are not paid by a losing one.",
)
def sitting_out_pays_only(
    players: int, active: tuple[int, ...], bidder: int, contract: Contract, won: bool
) -> tuple[int, ...]:
    """Everyone when the bidder won, the active defenders when he lost."""
    if won:
        return tuple(seat for seat in range(players) if seat != bidder)
    return tuple(seat for seat in sorted(active) if seat != bidder)


@twin(
    "settlement.sitting-out-pay-and-receive-solo-only",
    "The third 1922 system turned round: seats sitting out pay and receive in a Frog, and "
    "only receive in a Solo.",
)
def solo_only_turned_round(
    players: int, active: tuple[int, ...], bidder: int, contract: Contract, won: bool
) -> tuple[int, ...]:
    """Receive-only in a Solo, pay-and-receive in a Frog."""
    everyone = tuple(seat for seat in range(players) if seat != bidder)
    if contract == Contract.FROG or not won:
        return everyone
    return tuple(seat for seat in sorted(active) if seat != bidder)


@twin(
    "settlement.default-system-receive-only",
    "Without an agreement, seats sitting out pay and receive.",
)
def default_pay_and_receive() -> str:
    """The second 1922 system."""
    return "pay-and-receive"


@twin(
    "settlement.each-pays-in-full",
    "The amount is shared among the seats that settle, instead of each paying it in full.",
)
def amount_shared(
    players: int, bidder: int, counterparties: tuple[int, ...], amount: int, won: bool
) -> tuple[int, ...]:
    """Each counterparty pays (or is paid) an equal share of ``amount``."""
    sign = 1 if won else -1
    share = amount // len(counterparties)
    result = [0] * players
    for seat in counterparties:
        result[seat] = -sign * share
    result[bidder] = sign * share * len(counterparties)
    return tuple(result)


# --- match ----------------------------------------------------------------------------


@twin("match.counters-no-bank", "Foster's players start with a bank of 120, as in 1922.")
def foster_bank_120() -> int:
    """120."""
    return 120


@twin("match.bank-150-points", "The web page's players start with nothing.")
def gamerules_no_bank() -> int:
    """Nothing."""
    return 0


@twin("match.bank-120-chips", "The bank counts only the eleven chips of 10: 110.")
def bank_110() -> int:
    """110."""
    return 11 * 10


@twin(
    "match.coeur-dalene-bank-in-cents",
    "Coeur d'Alene players start with no bank, so the first payment ends the game.",
)
def coeur_dalene_no_bank() -> int:
    """Nothing."""
    return 0


@twin(
    "match.no-fixed-end",
    "The game ends when a player cannot pay, as in the 1922 rules.",
)
def foster_ends_when_unable(
    balances: Sequence[int], payments: Sequence[int], bidder: int, players: int
) -> int | None:
    """The 1922 end of the game."""
    return first_unable_to_pay(balances, payments, bidder, players)


@twin(
    "match.first-unable-to-pay-loses",
    "A player left with nothing after paying has lost, as if he could not pay.",
    cannot_show={
        "official-1922-coeur-dalene": "Every payment is a multiple of 25 cents and the bank "
        "is 120 cents, so no balance is ever exactly nothing.",
    },
)
def nothing_left_loses(
    balances: Sequence[int], payments: Sequence[int], bidder: int, players: int
) -> int | None:
    """The first payer, clockwise from the bidder, whose balance is not above zero."""
    for k in range(players):
        seat = (bidder + k) % players
        if payments[seat] < 0 and balances[seat] + payments[seat] <= 0:
            return seat
    return None


@twin(
    "match.unable-to-pay-order",
    "When several cannot pay, the first counter-clockwise from the bidder is the one who loses.",
)
def payers_counter_clockwise(bidder: int, players: int) -> tuple[int, ...]:
    """The bidder, then the seats from his right."""
    return tuple((bidder - k) % players for k in range(players))


@twin(
    "match.unable-to-pay-pays-in-full",
    "A player unable to pay pays only what he holds: his balance stops at nothing.",
)
def pays_only_what_he_holds(balances: Sequence[int], payments: Sequence[int]) -> tuple[int, ...]:
    """Each balance after the settlement, none below zero."""
    return tuple(max(0, b + p) for b, p in zip(balances, payments, strict=True))
