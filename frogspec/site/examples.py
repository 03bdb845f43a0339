"""The live example of every rule: a short program the site runs when it is built.

Each rule's section in the rulebook shows its example's source and, under it, the output
it printed when the page was built (with ``markdown-exec``). Every example calls the rule's
function or the engine and prints what the rule decides. The test suite runs them all, and
fails for a rule without one.

>>> sorted(EXAMPLES)[:2]
['auction.all-pass', 'auction.bidder-plays-named-game']
"""

from __future__ import annotations

__all__ = ["EXAMPLES"]

#: Rule id -> Python source that demonstrates the rule and prints its result.
EXAMPLES: dict[str, str] = {
    # ----------------------------------------------------------------- seats
    "seats.players-3-to-5": """
from frogspec import InvalidInputError, new_deal
from frogspec.rules.cards import CARDS
from frogspec.rules.seats import players_three_to_five

print("Foster allows:", list(players_three_to_five()), "players")
try:
    new_deal("foster-1909", players=6, dealer=0, deck=CARDS)
except InvalidInputError as error:
    print("Six players:", error)
""",
    "seats.players-3-to-7": """
from frogspec import new_deal
from frogspec.rules.cards import CARDS
from frogspec.rules.seats import players_three_to_seven

print("The 1922 rules allow:", list(players_three_to_seven()), "players")
state = new_deal("official-1922-solo", players=7, dealer=0, deck=CARDS)
print("Seven at the table; the active seats:", state.active)
""",
    "seats.players-3": """
from frogspec import InvalidInputError, new_deal
from frogspec.rules.cards import CARDS
from frogspec.rules.seats import players_three

print("The web page allows:", list(players_three()), "players")
try:
    new_deal("gamerules", players=4, dealer=0, deck=CARDS)
except InvalidInputError as error:
    print("Four players:", error)
""",
    "seats.active-foster": """
from frogspec.rules.seats import active_seats_foster

for players in (3, 4, 5):
    active = active_seats_foster(players, dealer=0)
    out = [seat for seat in range(players) if seat not in active]
    print(f"{players} players, seat 0 deals: active {active}, out {out}")
""",
    "seats.active-six-or-seven": """
from frogspec.rules.seats import active_seats_up_to_seven

for players, dealer in ((6, 0), (7, 3)):
    active = active_seats_up_to_seven(players, dealer)
    print(f"{players} players, seat {dealer} deals: active {active}")
""",
    "seats.eldest-hand": """
from frogspec import new_deal
from frogspec.rules.cards import CARDS
from frogspec.rules.seats import eldest_first

# Five players, seat 0 deals: the active seats from eldest.
print(eldest_first((1, 2, 4), players=5, dealer=0))
state = new_deal("foster-1909", players=4, dealer=2, deck=CARDS)
print("Seat 2 deals to four: turn order", state.order)
print("First to bid:", state.to_act)
""",
    # ----------------------------------------------------------------- cards
    "cards.pack": """
from frogspec.rules.cards import CardSet, Suit, pack

whole = CardSet(pack())
print(len(whole), "cards")
for suit in Suit:
    print(suit.symbol, whole & suit.mask)
""",
    "cards.rank-order": """
from frogspec.rules.cards import CardSet, Suit, card_strength, format_card
from frogspec.rules.cards import pack

hearts = CardSet(pack()) & Suit.HEARTS.mask
ranked = sorted(hearts, key=card_strength, reverse=True)
print("Hearts, highest first:", *(format_card(card) for card in ranked))
""",
    "cards.points": """
from frogspec.rules.cards import CardSet, card_points, pack, parse_card

for name in ("AS", "10S", "KS", "QS", "JS", "9S", "6S"):
    print(name, card_points(parse_card(name)))
total = sum(card_points(card) for card in CardSet(pack()))
print("The whole pack:", total)
""",
    # ------------------------------------------------------------------ deal
    "deal.packets-3-3-4-4": """
from frogspec.rules.deal import WIDOW, packets_3_3_4_4

# Where each card goes, in dealing order: hands 1-3 from eldest, W widow.
pattern = packets_3_3_4_4()
print("".join("W" if to == WIDOW else str(to + 1) for to in pattern))
""",
    "deal.packets-4-3-3-4": """
from frogspec.rules.cards import CARDS
from frogspec.rules.deal import WIDOW, deal_cards, packets_4_3_3_4

pattern = packets_4_3_3_4()
print("".join("W" if to == WIDOW else str(to + 1) for to in pattern))
hands, widow = deal_cards(pattern, CARDS)
print("cards per hand:", [hand.bit_count() for hand in hands])
print("widow:", widow.bit_count())
""",
    "deal.singly-slough-1-4-8": """
from frogspec.rules.deal import WIDOW, singly_slough_1_4_8

pattern = singly_slough_1_4_8()
print("".join("W" if to == WIDOW else str(to + 1) for to in pattern))
slough = [n + 1 for n, to in enumerate(pattern) if to == WIDOW]
print("to the slough: cards", slough)
""",
    "deal.gamerules-packets": """
from frogspec.rules.cards import CARDS
from frogspec.rules.deal import WIDOW, deal_cards, gamerules_packets

pattern = gamerules_packets()
print("".join("W" if to == WIDOW else str(to + 1) for to in pattern))
hands, widow = deal_cards(pattern, CARDS)
dealt = sum(hand.bit_count() for hand in hands) + widow.bit_count()
print("cards dealt:", dealt, "(not 33)")
""",
    "deal.rotation-left": """
from frogspec.rules.deal import next_dealer_left

dealer, dealers = 2, []
for _ in range(6):
    dealers.append(dealer)
    dealer = next_dealer_left(dealer, players=4)
print("Dealers of six deals at a table of four:", dealers)
""",
    "deal.first-dealer-any": """
from frogspec.rules.deal import first_dealer_any

print("The players choose seat 3:", first_dealer_any(3, players=5))
""",
    "deal.first-dealer-low-card-chooses": """
from frogspec.rules.deal import first_dealer_low_card

# Seat 2 draws the lowest card at a table of four.
for deals in (True, False):
    dealer = first_dealer_low_card(2, chooses_to_deal=deals, players=4)
    choice = "to deal" if deals else "to be eldest"
    print(f"seat 2 chooses {choice}: seat {dealer} deals")
""",
    "deal.actions-by-phase": """
from frogspec import IllegalActionError, apply, new_deal, parse_action
from frogspec.rules.cards import CARDS
from frogspec.rules.deal import actions_of_phase

for phase in ("auction", "discard", "trump", "play", "over"):
    print(f"{phase}: takes {sorted(actions_of_phase(phase)) or 'nothing'}")
state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
for action in ("chico", "pass", "pass", "play AS"):
    try:
        state = apply(state, parse_action(action))
    except IllegalActionError as error:
        print(f"{action!r} before trumps are named: {error}")
""",
    # --------------------------------------------------------------- auction
    "auction.contracts-frog-chico-grand": """
from frogspec import legal_actions, new_deal
from frogspec.rules.auction import contracts_frog_chico_grand
from frogspec.rules.cards import CARDS

print([c.code for c in contracts_frog_chico_grand()])
state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
print("Eldest may:", [str(a) for a in legal_actions(state)])
""",
    "auction.contracts-without-frog": """
from frogspec import IllegalActionError, apply, legal_actions, new_deal
from frogspec import parse_action
from frogspec.rules.cards import CARDS

state = new_deal("official-1922-straight", 3, dealer=0, deck=CARDS)
print("Eldest may:", [str(a) for a in legal_actions(state)])
try:
    apply(state, parse_action("frog"))
except IllegalActionError as error:
    print(error.rule_id, "-", error.message)
""",
    "auction.contract-order": """
from frogspec.rules.auction import Contract, outbids

for bid in Contract:
    beats = [c.code for c in Contract if outbids(bid, c)]
    print(f"{bid.code:5} outbids {beats or 'nothing'}")
""",
    "auction.pass-is-final": """
from frogspec.rules.auction import THREE_CONTRACTS, Contract
from frogspec.rules.auction import overbid_to_raise, still_bidding

order = (1, 2, 0)
history = ((1, None), (2, Contract.FROG), (0, Contract.CHICO))
print("May seat 1, who passed, bid again?", still_bidding(1, frozenset({1})))
print("Next:", overbid_to_raise(order, THREE_CONTRACTS, history))
""",
    "auction.overbid-to-raise": """
from frogspec.rules.auction import THREE_CONTRACTS, Contract, overbid_to_raise

order = (1, 2, 0)
history = ((1, Contract.FROG), (2, Contract.CHICO), (0, None))
turn = overbid_to_raise(order, THREE_CONTRACTS, history)
bids = [c.code for c in turn.bids]
print(f"Seat {turn.seat} was overbid and may raise to {bids}")
""",
    "auction.one-round-frog-may-raise": """
from frogspec.rules.auction import THREE_CONTRACTS, Contract
from frogspec.rules.auction import one_round_frog_may_raise as procedure

order = (1, 2, 0)
history = ((1, Contract.FROG), (2, Contract.CHICO))
turn = procedure(order, THREE_CONTRACTS, history)
bids = [c.code for c in turn.bids]
print(f"Seat {turn.seat} answers at once: pass or {bids}")
history += ((1, None), (0, None))
print("After seat 0:", procedure(order, THREE_CONTRACTS, history))
""",
    "auction.one-bid-each": """
from frogspec.rules.auction import THREE_CONTRACTS, Contract, one_bid_each

order = (1, 2, 0)
history = ((1, Contract.FROG), (2, Contract.CHICO), (0, None))
over = one_bid_each(order, THREE_CONTRACTS, history) is None
print("After one bid each, the auction is over:", over)
""",
    "auction.highest-bid-wins": """
from frogspec.rules.auction import Contract, auction_winner

history = ((1, Contract.FROG), (2, Contract.CHICO), (0, None), (1, None))
seat, contract = auction_winner(history)
print(f"Seat {seat} is the bidder, playing {contract.code}")
""",
    "auction.bidder-plays-named-game": """
from frogspec import apply, legal_actions, new_deal, parse_action
from frogspec.rules.cards import CARDS

state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
for action in ("frog", "pass", "pass"):
    state = apply(state, parse_action(action))
print(f"Seat {state.bidder} plays {state.contract.code}: {state.phase.code}")
print("He may only lay away:", [str(a) for a in legal_actions(state)][:3])
""",
    "auction.all-pass": """
from frogspec import apply, new_deal, outcome, parse_action
from frogspec.rules.cards import CARDS

state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
for _ in range(3):
    state = apply(state, parse_action("pass"))
print(state.phase.code, outcome(state))
""",
    # ----------------------------------------------------------------- widow
    "widow.frog-shown": """
from frogspec import apply, new_deal, parse_action
from frogspec.rules.cards import CARDS, CardSet

state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
for action in ("frog", "pass", "pass"):
    state = apply(state, parse_action(action))
print("Shown to the table:", state.widow_shown, CardSet(state.widow))
""",
    "widow.frog-hidden": """
from frogspec import apply, new_deal, parse_action
from frogspec.rules.cards import CARDS

for ruleset in ("modern", "official-1922-solo"):
    state = new_deal(ruleset, players=3, dealer=0, deck=CARDS)
    for action in ("frog", "pass", "pass"):
        state = apply(state, parse_action(action))
    print(f"{ruleset}: widow shown in a Frog? {state.widow_shown}")
""",
    "widow.hidden-when-unsaid": """
from frogspec import apply, new_deal, parse_action
from frogspec.rules.cards import CARDS
from frogspec.rules.widow import widow_hidden_when_unsaid

print("Shown, by the ruling:", widow_hidden_when_unsaid())
state = new_deal("gamerules", players=3, dealer=0, deck=CARDS)
for action in ("frog", "pass", "pass"):
    state = apply(state, parse_action(action))
print("Shown, in the engine:", state.widow_shown)
""",
    "widow.frog-take-and-discard": """
from frogspec import apply, new_deal, parse_action
from frogspec.rules.cards import CARDS, CardSet

state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
for action in ("frog", "pass", "pass"):
    state = apply(state, parse_action(action))
print("With the widow:", len(CardSet(state.hands[1])), "cards")
for card in ("6C", "7C", "8C"):
    state = apply(state, parse_action(f"discard {card}"))
print("Laid away:", CardSet(state.laid_away))
print("In hand:", len(CardSet(state.hands[1])), "cards; now", state.phase.code)
""",
    "widow.untouched-in-chico-and-grand": """
from frogspec import apply, new_deal, parse_action
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CARDS, CardSet
from frogspec.rules.widow import exchanges_widow

print({c.code: exchanges_widow(c) for c in Contract})
state = apply(new_deal("foster-1909", 3, 0, CARDS), parse_action("grand"))
print("Grand: the bidder keeps", len(CardSet(state.hands[1])), "cards")
print("The widow stays aside:", CardSet(state.widow))
""",
    # ----------------------------------------------------------------- trump
    "trump.hearts-in-frog-and-grand": """
from frogspec.rules.auction import Contract
from frogspec.rules.trump import fixed_trump

for contract in Contract:
    suit = fixed_trump(contract)
    print(contract.code, "->", suit.symbol if suit else "the bidder names it")
""",
    "trump.chico-not-hearts": """
from frogspec import IllegalActionError, apply, legal_actions, new_deal
from frogspec import parse_action
from frogspec.rules.cards import CARDS

state = new_deal("foster-1909", players=3, dealer=0, deck=CARDS)
for action in ("chico", "pass", "pass"):
    state = apply(state, parse_action(action))
print("The bidder may name:", [str(a) for a in legal_actions(state)])
try:
    apply(state, parse_action("trump H"))
except IllegalActionError as error:
    print(error)
""",
    "trump.chico-any-suit": """
from frogspec import apply, legal_actions, new_deal, parse_action
from frogspec.rules.cards import CARDS

state = new_deal("gamerules", players=3, dealer=0, deck=CARDS)
for action in ("chico", "pass", "pass"):
    state = apply(state, parse_action(action))
print("The bidder may name:", [str(a) for a in legal_actions(state)])
""",
    # ------------------------------------------------------------------ play
    "play.eldest-leads-first": """
from frogspec import apply, new_deal, parse_action
from frogspec.rules.cards import CARDS

state = new_deal("foster-1909", players=4, dealer=1, deck=CARDS)
state = apply(state, parse_action("grand"))
print("Turn order", state.order, "- first to lead:", state.to_act)
""",
    "play.lead-any-card": """
from frogspec.rules.cards import CardSet, Suit
from frogspec.rules.play import lead_any_card, legal_plays

hand = CardSet.parse("AS 7H 9C 10C").mask
print("May lead:", CardSet(lead_any_card(hand)))
print("legal_plays agrees:", CardSet(legal_plays(hand, (), Suit.HEARTS)))
""",
    "play.follow-suit": """
from frogspec.rules.cards import CardSet, Suit, parse_card
from frogspec.rules.play import follow_suit, legal_plays

hand = CardSet.parse("AS 7H 9C 10C").mask
print("Clubs in hand:", CardSet(follow_suit(hand, Suit.CLUBS)))
trick = (parse_card("KC"),)
print("Clubs led, may play:", CardSet(legal_plays(hand, trick, Suit.HEARTS)))
""",
    "play.no-duty-to-head": """
from frogspec.rules.cards import CardSet, Suit, parse_card
from frogspec.rules.play import legal_plays

hand = CardSet.parse("6C AC 9D").mask
trick = (parse_card("10C"),)  # the Ten of clubs is winning
print("May play:", CardSet(legal_plays(hand, trick, Suit.HEARTS)))
""",
    "play.must-trump": """
from frogspec.rules.cards import CardSet, Suit, parse_card
from frogspec.rules.play import legal_plays, must_trump

hand = CardSet.parse("AS 7H 9C").mask  # no diamonds
print("Trumps held:", CardSet(must_trump(hand, Suit.HEARTS)))
trick = (parse_card("10D"),)
print("Diamonds led:", CardSet(legal_plays(hand, trick, Suit.HEARTS)))
""",
    "play.no-duty-to-overtrump": """
from frogspec.rules.cards import CardSet, Suit, parse_card
from frogspec.rules.play import legal_plays

hand = CardSet.parse("6H AH 9C").mask  # void in spades
trick = (parse_card("AS"), parse_card("KH"))  # spades led, trumped
print("May play:", CardSet(legal_plays(hand, trick, Suit.HEARTS)))
""",
    "play.any-card-when-unable": """
from frogspec.rules.cards import CardSet, Suit, parse_card
from frogspec.rules.play import any_card_when_unable, legal_plays

hand = CardSet.parse("AS 9C 10D").mask  # no hearts, so no trumps either
trick = (parse_card("KH"),)
print("Hearts led:", CardSet(legal_plays(hand, trick, Suit.HEARTS)))
print("any_card_when_unable:", CardSet(any_card_when_unable(hand)))
""",
    "play.card-from-hand": """
from frogspec import IllegalActionError, apply, new_deal, parse_action
from frogspec.rules.cards import CARDS

state = apply(new_deal("foster-1909", 3, 0, CARDS), parse_action("grand"))
try:
    apply(state, parse_action("play AS"))
except IllegalActionError as error:
    print(error.rule_id, "-", error.message)
""",
    "play.trick-winner": """
from frogspec.rules.cards import Suit, parse_card
from frogspec.rules.play import trick_winner

for cards, trump in (
    (["KS", "AS", "6H"], Suit.HEARTS),
    (["KS", "AS", "10S"], Suit.HEARTS),
    (["KS", "AD", "6C"], Suit.DIAMONDS),
):
    winner = trick_winner([parse_card(c) for c in cards], trump)
    print(cards, "trump", trump.symbol, "-> won by", cards[winner])
""",
    "play.winner-leads-next": """
from frogspec import apply, new_deal, parse_action
from frogspec.rules.cards import CARDS

state = apply(new_deal("foster-1909", 3, 0, CARDS), parse_action("grand"))
for card in ("6S", "JS", "AS"):
    print(f"seat {state.to_act} plays {card}")
    state = apply(state, parse_action(f"play {card}"))
print("Seat", state.leader, "won the trick and leads the next")
""",
    "play.eleven-tricks": """
from frogspec import apply, legal_actions, new_deal, parse_action
from frogspec.rules.cards import CARDS
from frogspec.rules.play import tricks_per_deal

state = apply(new_deal("foster-1909", 3, 0, CARDS), parse_action("grand"))
while state.phase.code == "play":
    state = apply(state, legal_actions(state)[0])
print(f"{state.tricks} tricks of {tricks_per_deal()}: {state.phase.code}")
""",
    # --------------------------------------------------------------- scoring
    "scoring.count-card-points": """
from frogspec.rules.cards import CardSet
from frogspec.rules.scoring import count_points

tricks = CardSet.parse("AS 10S KC 6H QD JD 9H 7C 8S")
print(tricks, "->", count_points(tricks.mask), "points")
""",
    "scoring.widow-counts-for-bidder": """
from frogspec import apply, legal_actions, new_deal, outcome, parse_action
from frogspec.rules.cards import CARDS, points_of

deck = CARDS[::-1]  # the pack upside down: AH 10H KH go to the widow
state = apply(new_deal("foster-1909", 3, 0, deck), parse_action("grand"))
while state.phase.code == "play":
    state = apply(state, legal_actions(state)[0])
print("In the bidder's tricks:", points_of(state.won[state.bidder]))
print("In the untouched widow:", points_of(state.widow))
print("Counted for him:", outcome(state).bidder_points)
""",
    # ------------------------------------------------------------ settlement
    "settlement.sixty-is-a-tie": """
from frogspec import settle
from frogspec.rules.auction import Contract
from frogspec.rules.settlement import bidder_result

for points in (61, 60, 59):
    paid = settle("foster-1909", 3, 0, 1, Contract.FROG, points)
    print(f"takes {points}: {bidder_result(points):+d}, payments {paid}")
""",
    "settlement.rates-1-2-4": """
from frogspec import settle
from frogspec.rules.auction import Contract

# Three players, seat 0 deals, seat 1 bids and takes 70.
for contract in Contract:
    paid = settle("foster-1909", 3, 0, 1, contract, bidder_points=70)
    print(f"{contract.code:5} won by 10: payments {paid}")
""",
    "settlement.rates-1-2-3": """
from frogspec import settle
from frogspec.rules.auction import Contract

# Three players, seat 0 deals, seat 1 bids and takes 70.
for contract in Contract:
    paid = settle("gamerules", 3, 0, 1, contract, bidder_points=70)
    print(f"{contract.code:5} won by 10: payments {paid}")
""",
    "settlement.rates-straight-1-2": """
from frogspec import settle
from frogspec.rules.auction import Contract

names = {Contract.CHICO: "Simple Solo", Contract.GRAND: "Heart Solo"}
for contract, name in names.items():
    paid = settle("official-1922-straight", 3, 0, 1, contract, 70)
    print(f"{name} won by 10: payments {paid}")
""",
    "settlement.fixed-25-50-75": """
from frogspec import settle
from frogspec.rules.auction import Contract

for contract in Contract:
    for points in (61, 100):
        paid = settle("official-1922-coeur-dalene", 3, 0, 1, contract, points)
        print(f"{contract.code:5} with {points:3}: payments {paid} cents")
""",
    "settlement.coeur-dalene-loser-pays-same": """
from frogspec import settle
from frogspec.rules.auction import Contract

chico = Contract.CHICO
for points in (70, 50):
    paid = settle("official-1922-coeur-dalene", 3, 0, 1, chico, points)
    print(f"chico with {points}: payments {paid} cents")
""",
    "settlement.penalty-frog": """
from frogspec import get_ruleset, settle
from frogspec.rules.auction import Contract

solo = get_ruleset("official-1922-solo")
for penalty in (False, True):
    rs = solo.with_options({"penalty_frog": penalty})
    paid = settle(rs, 3, 0, 1, Contract.FROG, bidder_points=50)
    print(f"penalty_frog={penalty}: a Frog lost by 10 pays {paid}")
""",
    "settlement.coeur-dalene-fixed-ratio": """
from frogspec.rules.auction import Contract
from frogspec.rules.settlement import coeur_dalene_fixed, coeur_dalene_ratio

for contract in Contract:
    paid = [coeur_dalene_fixed(contract, m, won=True) for m in (1, 30, 60)]
    ratio = coeur_dalene_ratio(contract)
    print(f"{contract.code}: ratio {ratio}; won by 1, 30, 60: {paid}")
""",
    "settlement.coeur-dalene-penalty-frog": """
from frogspec import get_ruleset, settle
from frogspec.rules.auction import Contract

coeur = get_ruleset("official-1922-coeur-dalene")
for penalty in (False, True):
    rs = coeur.with_options({"penalty_frog": penalty})
    paid = settle(rs, 3, 0, 1, Contract.FROG, bidder_points=50)
    print(f"penalty_frog={penalty}: a lost Frog pays {paid} (cents)")
""",
    "settlement.sitting-out-receive-only": """
from frogspec import settle
from frogspec.rules.auction import Contract

# Four players: seat 0 deals and sits out; seat 1 bids a Frog.
for points in (70, 50):
    paid = settle("foster-1909", 4, 0, 1, Contract.FROG, points)
    print(f"bidder takes {points}: payments {paid}")
""",
    "settlement.sitting-out-pay-and-receive": """
from frogspec import get_ruleset, settle
from frogspec.rules.auction import Contract

solo = get_ruleset("official-1922-solo")
rs = solo.with_options({"sitting_out": "pay-and-receive"})
# Four players: seat 0 deals and sits out; seat 1 bids a Frog.
for points in (70, 50):
    paid = settle(rs, 4, 0, 1, Contract.FROG, points)
    print(f"bidder takes {points}: payments {paid}")
""",
    "settlement.sitting-out-pay-and-receive-solo-only": """
from frogspec import get_ruleset, settle
from frogspec.rules.auction import Contract

solo = get_ruleset("official-1922-solo")
rs = solo.with_options({"sitting_out": "pay-and-receive-solo-only"})
# Four players: seat 0 deals and sits out; seat 1 bids and takes 70.
for contract in (Contract.FROG, Contract.CHICO):
    paid = settle(rs, 4, 0, 1, contract, bidder_points=70)
    print(f"{contract.code} won by 10: payments {paid}")
""",
    "settlement.default-system-receive-only": """
from frogspec import get_ruleset
from frogspec.rules.settlement import default_sitting_out_system

print("Default system:", default_sitting_out_system())
solo = get_ruleset("official-1922-solo")
print("official-1922-solo, options in force:", solo.option_values)
""",
    "settlement.each-pays-in-full": """
from frogspec.rules.settlement import payments_each_in_full

print("won, 20 each: ", payments_each_in_full(3, 0, (1, 2), 20, won=True))
print("lost, 20 each:", payments_each_in_full(4, 0, (1, 2, 3), 20, won=False))
""",
    # ----------------------------------------------------------------- match
    "match.counters-no-bank": """
from frogspec import parse_action, play_match
from frogspec.rules.cards import CARDS

passes = [parse_action("pass")] * 3
result = play_match("foster-1909", 3, 0, [(CARDS, passes)])
print("Balances after an all-pass deal:", result.balances)
""",
    "match.bank-150-points": """
from frogspec import apply, legal_actions, new_deal, parse_action, play_match
from frogspec.rules.cards import CARDS

# One deal: eldest bids Grand, then everyone plays his first legal card.
actions = [parse_action("grand")]
state = apply(new_deal("gamerules", 3, 0, CARDS), actions[0])
while state.phase.code != "over":
    actions.append(legal_actions(state)[0])
    state = apply(state, actions[-1])
result = play_match("gamerules", 3, 0, [(CARDS, actions)])
print("Balances after one Grand:", result.balances)
""",
    "match.bank-120-chips": """
from frogspec import parse_action, play_match
from frogspec.rules.cards import CARDS
from frogspec.rules.match import bank_120_chips

print("Eleven 10s and ten 1s:", bank_120_chips())
passes = [parse_action("pass")] * 3
result = play_match("official-1922-solo", 3, 0, [(CARDS, passes)])
print("Balances after an all-pass deal:", result.balances)
""",
    "match.coeur-dalene-bank-in-cents": """
from frogspec import get_ruleset
from frogspec.rules.auction import Contract
from frogspec.rules.match import bank_120_cents

rs = get_ruleset("official-1922-coeur-dalene")
print("Each starts with", bank_120_cents(), rs.unit)
print("A won Frog pays", rs.rates(Contract.FROG, 10, True), rs.unit)
""",
    "match.no-fixed-end": """
from frogspec.rules.match import never_over

# Seat 0 pays 500 from a balance of nothing.
loser = never_over((0, 0, 0), (-500, 250, 250), bidder=1, players=3)
print("The loser:", loser, "- the game goes on")
""",
    "match.unable-to-pay-order": """
from frogspec.rules.match import first_unable_to_pay, payers_in_order

print("Seat 2 bids at a table of four:", payers_in_order(2, players=4))
# Seats 3 and 0 each owe 20 and hold 10: seat 3 comes first.
balances, payments = (10, 120, 120, 10), (-20, 0, 40, -20)
print("Loser:", first_unable_to_pay(balances, payments, 2, players=4))
""",
    "match.unable-to-pay-pays-in-full": """
from frogspec.rules.match import first_unable_to_pay
from frogspec.rules.match import unable_to_pay_pays_in_full

# Seat 1 loses a Heart Solo by 60 at three chips a point: 180 to each defender.
balances, payments = (120, 120, 120), (180, -360, 180)
print("Loser:", first_unable_to_pay(balances, payments, 1, players=3))
print("Balances:", unable_to_pay_pays_in_full(balances, payments))
""",
    "match.first-unable-to-pay-loses": """
from frogspec.rules.match import first_unable_to_pay

payments = (-10, 20, -10)  # seat 1 wins 10 from each defender
for held in (5, 50):
    loser = first_unable_to_pay((held, 120, 120), payments, 1, players=3)
    print(f"Seat 0 holds {held}: the loser is {loser}")
""",
}
