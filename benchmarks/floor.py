"""A floor, NOT the reference: how fast pure CPython plays the benchmark's deals at best.

The same workload as :func:`benchmarks.engine.deals_immutable` (``foster-1909``, three
players, dealer 0: a uniform shuffle, the deal 3-(3)-4-4, the auction overbid-to-raise,
the widow exchanged in a Frog, a trump named in a Chico, eleven tricks, the points and
the payments), written as one plain immutable engine: no registry, no rule functions, no
rulesets, no error messages, a bare tuple for a state and small ints for actions. It has
the reference's shape (``legal(state)`` lists the actions, ``apply(state, action)`` checks
the action and returns a new state; the driver picks ``options[int(random() * n)]``), so
its rate is what the immutable API could reach in Python, and :func:`deals_playout` is the
same engine played out in local variables, the floor of ``random_playout``. It is a
benchmark row only: nothing but the benchmarks imports it. Their tests hold it to the
reference: on the reference's deals it offers the same actions at every step and ends in
the same payments, and its two ways play the same deals from the same seed.
"""

from __future__ import annotations

import random

__all__ = ["apply", "deals_immutable", "deals_playout", "legal", "new_state", "payments"]

SUITS = tuple(0x1FF << 9 * s for s in range(4))  # the cards of each suit; a card is suit*9+rank
HEARTS, OVER, PASS, BIDS = 2, 4, 40, 41  # actions: card 0-35, trump 36+suit, pass, bid 41-43
NEXT = (1, 2, 0)  # the seat after each, dealer 0: eldest (seat 1) first
DEAL = [0] * 3 + [1] * 3 + [2] * 3 + [3] * 3 + ([0] * 4 + [1] * 4 + [2] * 4) * 2  # 3-(3)-4-4
POINTS = [(0, 0, 0, 0, 2, 3, 4, 10, 11)[card % 9] for card in range(36)]
# The cards of each suit's 512 patterns (its nine bits), by suit.
C, D, H, S = (
    [tuple(c + 9 * s for c in range(9) if p >> c & 1) for p in range(512)] for s in range(4)
)
# A state: (phase, to_act, hands, widow, high bid, high seat, passed seats mask, trump,
# laid away, leader, trick, won, tricks). Phases: 0 auction, 1 discard, 2 trump, 3 play.


def new_state(deck: list[int]) -> tuple:  # type: ignore[type-arg]
    """The state after dealing ``deck`` (``deck[0]`` dealt first)."""
    hands = [0, 0, 0, 0]
    for card, to in zip(deck, DEAL, strict=True):
        hands[to] |= 1 << card
    return (
        0,
        1,
        (hands[2], hands[0], hands[1]),
        hands[3],
        0,
        None,
        0,
        None,
        0,
        1,
        (),
        (0, 0, 0),
        0,
    )


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a mask, by four lookups in a table of the patterns of a suit."""
    return C[mask & 511] + D[mask >> 9 & 511] + H[mask >> 18 & 511] + S[mask >> 27]


def plays(hand: int, trick: tuple[int, ...], trump: int) -> int:
    """The legal plays: any card to lead; follow suit, else trump, else anything."""
    if not trick:
        return hand
    return hand & SUITS[trick[0] // 9] or hand & SUITS[trump] or hand


def legal(s: tuple) -> tuple[int, ...]:  # type: ignore[type-arg]
    """Every action of the player to act."""
    phase = s[0]
    if phase == 3:
        return cards_of(plays(s[2][s[1]], s[10], s[7]))
    if phase == 0:
        return (PASS, *range(BIDS + s[4], BIDS + 3))
    return cards_of(s[2][s[1]]) if phase == 1 else (36, 37, 39) if phase == 2 else ()


def apply(s: tuple, a: int) -> tuple:  # type: ignore[type-arg]
    """The state after action ``a``; ``ValueError`` if it is not legal."""
    phase, seat, hands, widow, high, high_seat, passed, trump, laid, leader, trick, won, tricks = s
    if phase == 3:
        if not plays(hands[seat], trick, trump) >> a & 1:
            raise ValueError(f"illegal play {a}")
        hands = (*hands[:seat], hands[seat] ^ 1 << a, *hands[seat + 1 :])
        trick = (*trick, a)
        if len(trick) < 3:
            return (
                3,
                NEXT[seat],
                hands,
                widow,
                high,
                high_seat,
                passed,
                trump,
                laid,
                leader,
                trick,
                won,
                tricks,
            )
        best, top = 0, trick[0]
        for i in (1, 2):
            card = trick[i]
            if (card // 9 == top // 9 and card > top) or card // 9 == trump != top // 9:
                best, top = i, card
        winner = (leader, NEXT[leader], NEXT[NEXT[leader]])[best]
        won = (
            *won[:winner],
            won[winner] | 1 << trick[0] | 1 << trick[1] | 1 << trick[2],
            *won[winner + 1 :],
        )
        phase = 3 if tricks < 10 else OVER
        return (
            phase,
            winner,
            hands,
            widow,
            high,
            high_seat,
            passed,
            trump,
            laid,
            winner,
            (),
            won,
            tricks + 1,
        )
    if phase == 0 and (a == PASS or BIDS + high <= a < BIDS + 3):
        passed, high, high_seat = (
            (passed | 1 << seat, high, high_seat) if a == PASS else (passed, a - BIDS + 1, seat)
        )
        turn = next(
            (
                t
                for t in (NEXT[seat], NEXT[NEXT[seat]], seat)
                if not passed >> t & 1 and t != high_seat
            ),
            None,
        )
        if high < 3 and turn is not None:
            return (
                0,
                turn,
                hands,
                widow,
                high,
                high_seat,
                passed,
                trump,
                laid,
                leader,
                trick,
                won,
                tricks,
            )
        if high_seat is None:
            return (
                OVER,
                None,
                hands,
                widow,
                high,
                high_seat,
                passed,
                trump,
                laid,
                leader,
                trick,
                won,
                tricks,
            )
        if high == 1:
            hands = (*hands[:high_seat], hands[high_seat] | widow, *hands[high_seat + 1 :])
        phase = 1 if high == 1 else 2 if high == 2 else 3
        return (
            phase,
            high_seat if phase < 3 else 1,
            hands,
            widow,
            high,
            high_seat,
            passed,
            None if high == 2 else HEARTS,
            laid,
            1,
            trick,
            won,
            tricks,
        )
    if phase == 1 and a < 36 and hands[seat] >> a & 1:
        hands = (*hands[:seat], hands[seat] ^ 1 << a, *hands[seat + 1 :])
        done = (laid | 1 << a).bit_count() == 3
        return (
            3 if done else 1,
            1 if done else seat,
            hands,
            widow,
            high,
            high_seat,
            passed,
            trump,
            laid | 1 << a,
            leader,
            trick,
            won,
            tricks,
        )
    if phase == 2 and a in (36, 37, 39):
        return (3, 1, hands, widow, high, high_seat, passed, a - 36, laid, 1, trick, won, tricks)
    raise ValueError(f"illegal action {a}")


def payments(s: tuple) -> tuple[int, ...]:  # type: ignore[type-arg]
    """Each seat's payment at the end of the deal: the margin over 60, times 1, 2 or 4."""
    bidder = s[5]
    if bidder is None:
        return (0, 0, 0)
    taken = s[11][bidder] | s[8] | (0 if s[4] == 1 else s[3])
    margin = sum(POINTS[c] for c in cards_of(taken)) - 60
    each = margin * (1, 2, 4)[s[4] - 1]
    return tuple(2 * each if seat == bidder else -each for seat in range(3))


def shuffled(random_float: object) -> list[int]:
    """The pack in a uniformly random order, as the reference shuffles it."""
    return sorted(range(36), key=lambda _: random_float())  # type: ignore[operator]


def deals_immutable(count: int, seed: int = 1) -> list[tuple[int, ...]]:
    """``count`` random complete deals through ``legal`` and ``apply``: their payments."""
    random_float = random.Random(seed).random
    paid = []
    for _ in range(count):
        state = new_state(shuffled(random_float))
        while state[0] != OVER:
            options = legal(state)
            state = apply(state, options[int(random_float() * len(options))])
        paid.append(payments(state))
    return paid


def deals_playout(count: int, seed: int = 1) -> list[tuple[int, ...]]:
    """The same deals, the play (after the auction, through ``apply``) in local variables.

    Each card is the k-th lowest of the legal ones, k drawn as the driver of ``apply``
    draws its index: the same seed plays the same deals as :func:`deals_immutable`.
    """
    random_float = random.Random(seed).random
    paid = []
    for _ in range(count):
        state = new_state(shuffled(random_float))
        while 0 <= state[0] < 3:
            options = legal(state)
            state = apply(state, options[int(random_float() * len(options))])
        if state[0] == OVER:
            paid.append(payments(state))
            continue
        hands, leader, won = list(state[2]), state[9], [0, 0, 0]
        trumps = SUITS[state[7]]
        for _ in range(11):  # the leader leads any card; the others follow, else trump
            hand = playable = hands[leader]
            for _ in range(int(random_float() * hand.bit_count())):  # one drawn uniformly
                playable &= playable - 1
            top = taken = playable & -playable
            hands[leader] = hand ^ top
            led, best, seat = SUITS[(top.bit_length() - 1) // 9], leader, NEXT[leader]
            for _ in (1, 2):
                hand = hands[seat]
                playable = hand & led or hand & trumps or hand
                for _ in range(int(random_float() * playable.bit_count())):
                    playable &= playable - 1
                card = playable & -playable
                hands[seat] = hand ^ card
                if (card & led and card > top and top & led) or (
                    card & trumps and (card > top or not top & trumps)
                ):
                    top, best = card, seat  # a higher card of the suit led, or of trumps
                taken |= card
                seat = NEXT[seat]
            won[best] |= taken
            leader = best
        paid.append(payments((OVER, None, tuple(hands), *state[3:10], (), tuple(won), 11)))
    return paid
