"""The portable deal generator: "deal 12345" is the same pack in every language.

A deal number ``n`` (any integer from 0 to 2**64 - 1) seeds a SplitMix64 generator; the
pack, laid out in the canonical order of :data:`CANONICAL_ORDER`, is shuffled by
Fisher–Yates from the last card down, each swap partner drawn without bias by
:meth:`SplitMix64.below`. ``deck[0]`` is the first card the dealer deals. The algorithm
is specified in ``spec/prng.md`` with test values that any port can check itself against.

>>> rng = SplitMix64(0)
>>> hex(rng.next())
'0xe220a8397b1dcdaf'
>>> deal_deck(12345)[:6]
['7H', 'KH', 'QH', 'QD', '9H', '6H']

Only 64-bit unsigned arithmetic (wrapping addition and multiplication, shifts, xor) is
needed: no floating point, no library random numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = [
    "CANONICAL_ORDER",
    "GOLDEN_GAMMA",
    "SplitMix64",
    "deal_deck",
    "shuffle",
]

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
"""The increment of the SplitMix64 state at every draw."""
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB

CANONICAL_ORDER: tuple[str, ...] = tuple(
    rank + suit for suit in "CDHS" for rank in ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
)
"""The pack before shuffling: clubs, diamonds, hearts, spades, each from Ace down to Six
(the protocol's suit letters and rank order). ``CANONICAL_ORDER[0]`` is ``"AC"``,
``CANONICAL_ORDER[35]`` is ``"6S"``."""

T = TypeVar("T")


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood, 2014), as in Vigna's reference C.

    ``state`` is a 64-bit unsigned integer; every :meth:`next` adds :data:`GOLDEN_GAMMA` to it
    and returns a mix of the new state.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
            raise ValueError(f"a seed is an integer from 0 to 2**64 - 1, got {seed!r}")
        self.state = seed

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & MASK64
        return z ^ (z >> 31)

    def next32(self) -> int:
        """The high 32 bits of the next output."""
        return self.next() >> 32

    def below(self, bound: int) -> int:
        """A number from 0 to ``bound - 1``, every one equally likely (1 <= bound <= 2**32).

        Draws 32-bit numbers (:meth:`next32`) and rejects those below ``2**32 mod bound``,
        then returns the draw modulo ``bound`` (OpenBSD's ``arc4random_uniform``).

        >>> rng = SplitMix64(7)
        >>> [rng.below(6) for _ in range(5)]
        [2, 1, 4, 2, 4]
        """
        if isinstance(bound, bool) or not isinstance(bound, int) or not 1 <= bound <= 1 << 32:
            raise ValueError(f"bound must be from 1 to 2**32, got {bound!r}")
        threshold = (1 << 32) % bound
        while True:
            draw = self.next32()
            if draw >= threshold:
                return draw % bound


def shuffle(items: Sequence[T], rng: SplitMix64) -> list[T]:
    """A shuffled copy of ``items``: Fisher–Yates from the last position down to 1.

    For ``i`` from ``len(items) - 1`` down to 1, ``j = rng.below(i + 1)`` and the items at
    ``i`` and ``j`` are swapped (even when ``i == j``, which changes nothing).
    """
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = rng.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def deal_deck(number: int) -> list[str]:
    """The pack of deal ``number``: :data:`CANONICAL_ORDER` shuffled by ``SplitMix64(number)``."""
    return shuffle(CANONICAL_ORDER, SplitMix64(number))
