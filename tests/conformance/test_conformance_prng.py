"""The portable deal generator: the reference against the test values of spec/prng.md."""

from __future__ import annotations

import re

import pytest

from frogspec.prng import CANONICAL_ORDER, SplitMix64, deal_deck, shuffle

from .helpers import SPEC

PRNG_MD = (SPEC / "prng.md").read_text(encoding="utf-8")


def _block(name: str) -> list[list[str]]:
    match = re.search(rf"```{name}\n(.*?)```", PRNG_MD, re.S)
    assert match, f"spec/prng.md has no ```{name} block"
    return [line.split() for line in match.group(1).strip().splitlines()]


def test_splitmix64_matches_the_reference_c_code() -> None:
    # The first outputs of Vigna's splitmix64.c from state 0, known independently of us.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize("line", _block("prng-draws"), ids=lambda line: line[0])
def test_draws_of_prng_md(line: list[str]) -> None:
    rng = SplitMix64(int(line[0]))
    assert [f"{rng.next():016x}" for _ in line[1:]] == line[1:]


def test_below_of_prng_md() -> None:
    (line,) = _block("prng-below")
    rng = SplitMix64(int(line[0]))
    for pair in line[1:]:
        bound, value = (int(x) for x in pair.split(":"))
        assert rng.below(bound) == value


@pytest.mark.parametrize("line", _block("prng-decks"), ids=lambda line: line[0])
def test_decks_of_prng_md(line: list[str]) -> None:
    assert deal_deck(int(line[0])) == line[1:]


def test_swap_table_of_prng_md() -> None:
    rows = re.findall(
        r"^\| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\S+) ↔ (\S+) \|$", PRNG_MD, re.M
    )
    assert len(rows) == 6
    rng = SplitMix64(1)
    deck = list(CANONICAL_ORDER)
    for i, bound, draw, threshold, j, a, b in rows:
        assert int(bound) == int(i) + 1
        assert rng.next32() == int(draw)
        assert (1 << 32) % int(bound) == int(threshold)
        assert int(draw) % int(bound) == int(j)
        assert (deck[int(i)], deck[int(j)]) == (a, b)
        deck[int(i)], deck[int(j)] = deck[int(j)], deck[int(i)]


def test_canonical_order_of_prng_md() -> None:
    listed = re.findall(r"\b(\d+) ((?:10|[AKQJ9876])[CDHS])\b", PRNG_MD.split("## 3.")[1])
    assert [card for _, card in listed[:36]] == list(CANONICAL_ORDER)
    assert [int(i) for i, _ in listed[:36]] == list(range(36))


class _Scripted(SplitMix64):
    """A generator whose 32-bit draws are given."""

    def __init__(self, draws: list[int]) -> None:
        super().__init__(0)
        self.draws = draws

    def next32(self) -> int:
        return self.draws.pop(0)


def test_below_rejects_draws_under_the_threshold() -> None:
    # 2**32 mod 3 is 1: the draw 0 is rejected, the draw 5 gives 5 mod 3.
    rng = _Scripted([0, 5])
    assert rng.below(3) == 2
    assert rng.draws == []
    assert _Scripted([1]).below(3) == 1


def test_shuffle_is_fisher_yates_from_the_top() -> None:
    # Four items; the draws give j = 0 at i = 3, 2, 1 (3 mod 3 is 0; the threshold of the
    # bound 3 is 1, so a draw of 0 there would be rejected): each swap sends the item at
    # the front to position i.
    rng = _Scripted([0, 3, 0])
    assert shuffle(["a", "b", "c", "d"], rng) == ["b", "c", "d", "a"]
    assert rng.draws == []


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**63, 2**64 - 1])
def test_every_deck_is_the_whole_pack(seed: int) -> None:
    deck = deal_deck(seed)
    assert sorted(deck) == sorted(CANONICAL_ORDER)
    assert deck != list(CANONICAL_ORDER)


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "1"])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        SplitMix64(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("bound", [0, -3, 2**32 + 1, True])
def test_bad_bounds_are_refused(bound: int) -> None:
    with pytest.raises(ValueError, match="bound"):
        SplitMix64(1).below(bound)
