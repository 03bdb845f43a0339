"""A ceiling, NOT the reference: the benchmark's deals in bare Python, draw for draw.

:func:`deals` plays exactly the deals of :func:`benchmarks.engine.deals_fast`
(:func:`frogspec.playout.random_deal` of ``foster-1909`` at three players, dealer 0): the
same shuffle from the same random numbers, the deal 3-(3)-4-4, the auction
overbid-to-raise, three cards laid away in a Frog, a trump named in a Chico (not hearts),
eleven tricks, and the payments at 1, 2 or 4 a point, with each choice drawn as the
reference draws it (no draw where there is one card to choose). It is one short function
with the rules written inline: no registry, no rule functions, no rulesets, no checks, no
states. Its rate is what CPython reaches on this workload when nothing but the game is
computed, so the reference's distance from it is the cost of the reference's structure.

It is a benchmark row only; nothing but the benchmarks imports it. Its test holds it to
the reference on thousands of deals: the same pack, the same actions one by one, the same
payments, and the random generator left in the same state after each deal.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["PASS", "deals", "play", "shuffled"]

#: Actions as :func:`play` records them: a card 0-35, a trump 36 + its suit, a pass 40,
#: a bid 40 + the contract (1 Frog, 2 Chico, 3 Grand).
PASS = 40
TRUMP = 36
HEARTS = 2
CHICO_TRUMPS = (0, 1, 3)  # clubs, diamonds, spades: a Chico's trump is never hearts
RATES = (0, 1, 2, 4)  # by contract: the counters a point
NEXT = (1, 2, 0)  # the seat on each seat's left at a table of three
ELDEST = 1  # the dealer is seat 0
SUITS = tuple(0x1FF << 9 * suit for suit in range(4))  # a card is suit * 9 + strength
# Where each card of the deck goes (deck[0] first), 3-(3)-4-4 from eldest: a seat, or 3.
WIDOW = 3
DESTINATION = (1,) * 3 + (2,) * 3 + (0,) * 3 + (WIDOW,) * 3 + ((1,) * 4 + (2,) * 4 + (0,) * 4) * 2
# The card points of each pattern of a suit's nine cards (strength 0 Six .. 8 Ace).
_CARD_POINTS = (0, 0, 0, 0, 2, 3, 4, 10, 11)
SUIT_POINTS = tuple(
    sum(p for strength, p in enumerate(_CARD_POINTS) if pattern >> strength & 1)
    for pattern in range(512)
)


def shuffled(random_float: Callable[[], float]) -> list[int]:
    """The pack in the order the reference shuffles it: sorted by one draw per card."""
    keys = [random_float() for _ in range(36)]
    return sorted(range(36), key=keys.__getitem__)


def _points(cards: int) -> int:
    return (
        SUIT_POINTS[cards & 511]
        + SUIT_POINTS[cards >> 9 & 511]
        + SUIT_POINTS[cards >> 18 & 511]
        + SUIT_POINTS[cards >> 27]
    )


def play(
    deck: list[int],
    random_float: Callable[[], float],
    record: Callable[[int], object] | None = None,
) -> tuple[int, int, int]:
    """Deal ``deck`` and play it out by the reference's random choices; the payments."""
    hands = [0, 0, 0, 0]  # by seat, and the widow
    for card, to in zip(deck, DESTINATION, strict=True):
        hands[to] |= 1 << card
    # The auction: each seat in turn passes or bids a higher contract (a seat outbid may
    # raise), until Grand is bid or one bidder is left.
    high, bidder, passed, seat = 0, -1, 0, ELDEST
    while True:
        choice = int(random_float() * (4 - high))  # 0: pass, else the choice-th higher bid
        if choice:
            high, bidder = high + choice, seat
        else:
            passed |= 1 << seat
        if record is not None:
            record(PASS + (high if choice else 0))
        if high == 3:
            break
        after = NEXT[seat]
        turns = [t for t in (after, NEXT[after], seat) if t != bidder and not passed >> t & 1]
        if not turns:
            break
        seat = turns[0]  # the next seat still bidding, not the highest bidder
    if bidder < 0:
        return (0, 0, 0)
    trump, taken = HEARTS, hands[WIDOW]  # the widow counts for the bidder
    if high == 1:  # Frog: the bidder takes the widow and lays three cards away
        hand, taken = hands[bidder] | hands[WIDOW], 0
        for _ in range(3):
            card = hand
            for _ in range(int(random_float() * card.bit_count())):
                card &= card - 1
            card &= -card
            hand ^= card
            taken |= card
            if record is not None:
                record(card.bit_length() - 1)
        hands[bidder] = hand
    elif high == 2:  # Chico: the bidder names a trump
        trump = CHICO_TRUMPS[int(random_float() * 3)]
        if record is not None:
            record(TRUMP + trump)
    trumps, won, leader = SUITS[trump], [0, 0, 0], ELDEST
    for _ in range(11):
        # Lead any card; follow suit, else trump, else any card. The highest card of the
        # suit led wins, or the highest trump if any was played.
        seat = winner = leader
        led = top = trick = 0
        for _ in range(3):
            hand = hands[seat]
            card = (hand & led or hand & trumps or hand) if led else hand
            if card & (card - 1):  # one of the legal cards, each equally likely
                for _ in range(int(random_float() * card.bit_count())):
                    card &= card - 1
                card &= -card
            hands[seat] = hand ^ card
            if record is not None:
                record(card.bit_length() - 1)
            if not led:
                led = SUITS[(card.bit_length() - 1) // 9]
                top, winner = card, seat
            elif (card & trumps and (card > top or not top & trumps)) or (
                card & led & ~trumps and top & led and card > top
            ):
                top, winner = card, seat
            trick |= card
            seat = NEXT[seat]
        won[winner] |= trick
        leader = winner
    margin = _points(won[bidder] | taken) - 60
    if not margin:
        return (0, 0, 0)
    each = margin * RATES[high]  # what each defender pays (a loss: is paid)
    return (
        2 * each if bidder == 0 else -each,
        2 * each if bidder == 1 else -each,
        2 * each if bidder == 2 else -each,
    )


def deals(count: int, seed: int = 1) -> list[tuple[int, int, int]]:
    """``count`` deals from ``random.Random(seed)``, as ``deals_fast`` plays them: payments."""
    import random

    random_float = random.Random(seed).random
    return [play(shuffled(random_float), random_float) for _ in range(count)]
