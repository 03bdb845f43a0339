"""One estimate of what a hand is worth in each contract, from its features taken together.

Analysis, not rules. The hand-worth tables (:mod:`frogspec.worth`) give one feature at a
time; this gives one answer: for each contract, the bidder's card points as a straight line
in the features players count, all together, and his seat (:data:`MODEL_FEATURES`: the
trumps held and their card points, the Aces and the Tens of the side suits, the side suits
held none or one of, whether he speaks second or third), fitted by weighted least squares
to the double-dummy deals of both hand-worth runs (``frogspec/data/worth.json``, eldest at
three; ``frogspec/data/worth-seats.json``, every seat at tables of three to five, strong
hands oversampled and each deal weighted back: :mod:`frogspec.worth_design`). The table's
size changes no card points (the cards go to three at any size) but the payments, which are
that table's.

A hand's own value (what sampled odds find with samples without end) is taken as normal
about the line, ``between`` apart (how far the features miss, from every deal measured on a
fit that did not read it), and one deal's points as normal about it, ``within`` apart (from
the pairs of deals of one hand); both are taken for the hand's kind, strong or weak
(:func:`frogspec.worth_design.is_strong`), since the unseen cards move a strong hand's
points further; ``between`` is that of the bidder's seat where the seat's deals show more. The chance of winning and the expected payment follow through the
ruleset's rates; each comes with a 95% range **of what** ``frogspec odds`` **would find**
over a given count of samples (:func:`estimate`'s ``samples``; none: the hand's own value).
The rulebook's pages, the Play page's hint and ``frogspec odds --quick`` all call
:func:`estimate`. ``python -m benchmarks.estimate_check`` holds the ranges against sampled
odds on hands no fit read; the hand-worth pages print what it found.

The coefficients are data (``frogspec/data/estimate.json``), fitted offline with the
standard library (``python -m frogspec.estimate_fit --out PATH``), with how they were
fitted and how the estimate fared on deals it was not fitted on (every fifth deal or hand,
held out): the Brier and log scores of the chance of winning beside a constant's, and its
calibration. A Frog's data is the lower bound of three candidate lay-aways.

>>> from frogspec.rules.cards import CardSet
>>> hand = CardSet.parse("AH 10H KH QH 9H AS 10S KD 7D AC 6C").mask
>>> rows = estimate(hand, "foster-1909")
>>> [row.name for row in rows]
['Frog', 'Chico', 'Grand']
>>> all(0 <= row.win_chance <= 1 for row in rows)
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from statistics import NormalDist
from typing import Any

from frogspec.errors import InvalidInputError
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    CARDS,
    FULL_PACK,
    SUIT_MASKS,
    Suit,
    card_points,
    cards_of,
    points_of,
)
from frogspec.rules.play import TRICKS
from frogspec.rulesets import Ruleset

__all__ = [
    "ESTIMATE_SCHEMA",
    "FOLDS",
    "HELD_OUT",
    "MODEL_FEATURES",
    "Estimate",
    "binomial_interval",
    "chico_trump",
    "estimate",
    "features",
    "load_model",
    "mixture_interval",
    "model_key",
    "predicted_points",
    "trump_of",
    "win_chance",
]

ESTIMATE_SCHEMA = "frogspec-estimate/3"
#: The features, in the order of a model's coefficients (after the constant).
MODEL_FEATURES = (
    "trumps",
    "trump_points",
    "side_aces",
    "side_tens",
    "side_voids",
    "side_singletons",
    "seat_second",
    "seat_third",
)
#: The kinds of hand the spreads are taken for (:func:`_kind_of`).
_KINDS = ("strong", "weak")
#: Deals whose index leaves this remainder by :data:`FOLDS` are held out of the fit.
FOLDS = 5
HELD_OUT = 4
_DATA_FILE = "estimate.json"
#: The bidder's seats by their place in the turn order (as ``frogspec odds`` names them).
_SEATS = ("eldest", "second", "dealer")
_NORMAL = NormalDist()

#: The card points of the whole pack (120).
_PACK_POINTS = points_of(FULL_PACK)
#: The 95% quantile of the normal distribution.
_Z95 = 1.959963984540054


def features(hand: int, trump: Suit, seat: int = 0) -> tuple[float, ...]:
    """The features of ``hand`` (a card mask) with ``trump`` trumps, bid from place ``seat``
    of the turn order (0 eldest, 1 second, 2 third: at three players the dealer), with the
    constant 1 first.

    >>> from frogspec.rules.cards import CardSet
    >>> features(CardSet.parse("AH 10H KH AS 10S 6S AC 6C 7C 8C 6D").mask, Suit.HEARTS, 1)
    (1.0, 3.0, 25.0, 2.0, 1.0, 0.0, 1.0, 1.0, 0.0)
    """
    trump_cards = list(cards_of(hand & SUIT_MASKS[trump]))
    side = list(cards_of(hand & ~SUIT_MASKS[trump]))
    lengths = [(hand & SUIT_MASKS[suit]).bit_count() for suit in Suit if suit != trump]
    return (
        1.0,
        float(len(trump_cards)),
        float(sum(card_points(c) for c in trump_cards)),
        float(sum(1 for c in side if card_points(c) == 11)),
        float(sum(1 for c in side if card_points(c) == 10)),
        float(lengths.count(0)),
        float(lengths.count(1)),
        float(seat == 1),
        float(seat == 2),
    )


def _kind_of(hand: int) -> str:
    """The kind of ``hand`` its spreads are taken for: ``strong`` (a suit of five or more,
    or five Aces and Tens or more: :func:`frogspec.worth_design.is_strong`) or ``weak``.
    One deal's points spread further about a strong hand's value than a weak one's.

    >>> from frogspec.rules.cards import CardSet
    >>> _kind_of(CardSet.parse("AH 10H KH QH JH AS 7S 6C 7C 6D 7D").mask)
    'strong'
    """
    from frogspec.worth_design import is_strong

    return "strong" if is_strong(hand) else "weak"


def model_key(ruleset_id: str, contract: Contract) -> str:
    """The model a ruleset's contract uses: ``frog``, ``grand``, or ``chico-`` and the
    trumps the ruleset allows (``chico-CDS``).

    >>> model_key("foster-1909", Contract.CHICO)
    'chico-CDS'
    """
    if contract == Contract.FROG:
        return "frog"
    if contract == Contract.CHICO:
        return "chico-" + "".join(Suit(s).letter for s in sorted(_allowed(ruleset_id)))
    return "grand"


def _allowed(ruleset_id: str) -> tuple[Suit, ...]:
    from frogspec.rulesets import get_ruleset

    return tuple(Suit(s) for s in get_ruleset(ruleset_id).rules.chico_trump())


def chico_trump(hand: int, allowed: Sequence[Suit]) -> Suit:
    """The trump a Chico bidder holding ``hand`` names among ``allowed``: the suit he is
    longest in (the more card points, then the suit's order, breaking ties): the one a
    player would name, and the one the hand's features are counted in.

    >>> from frogspec.rules.cards import CardSet
    >>> hand = CardSet.parse("AS 10S KS QS AH 10H KH QH JH AC 6D").mask
    >>> chico_trump(hand, (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)).name
    'SPADES'
    """

    def strength(suit: Suit) -> tuple[int, int]:
        cards = list(cards_of(hand & SUIT_MASKS[suit]))
        return len(cards), sum(card_points(c) for c in cards)

    return max(sorted(allowed), key=strength)


def trump_of(ruleset_id: str, contract: Contract, hand: int) -> Suit:
    """The trump ``hand``'s features are counted in for ``contract`` of the ruleset: hearts
    in a Frog and a Grand, :func:`chico_trump` among the ruleset's Chico trumps."""
    if contract != Contract.CHICO:
        return Suit.HEARTS
    return chico_trump(hand, _allowed(ruleset_id))


def predicted_points(coefficients: Sequence[float], x: Sequence[float]) -> float:
    """A model's card points for features ``x`` (:func:`features`): the line's value."""
    return math.fsum(b * v for b, v in zip(coefficients, x, strict=True))


def win_chance(points: float, spread: float) -> float:
    """The chance of more than 60 card points for a deal whose points are normal about
    ``points`` with standard deviation ``spread``."""
    return 1 - _NORMAL.cdf((60.5 - points) / spread)


# -------------------------------------------------------------------------- estimating
@cache
def load_model() -> dict[str, Any]:
    """The committed models (``frogspec/data/estimate.json``), read once."""
    text = resources.files("frogspec").joinpath("data", _DATA_FILE).read_text(encoding="utf-8")
    document = json.loads(text)
    if document.get("schema") != ESTIMATE_SCHEMA:
        raise InvalidInputError(f"not {ESTIMATE_SCHEMA} data: schema {document.get('schema')!r}")
    return dict(document)


@dataclass(frozen=True)
class Estimate:
    """One contract's estimate for a hand: the bidder's expected card points, his chance of
    winning and his expected payment per deal (in the ruleset's unit), each with a 95%
    interval **of what sampled odds would find** for this hand (``frogspec odds`` over
    ``samples`` deals of the unseen cards; ``None``: over so many that only the hand's own
    value is left): the interval counts the fit's uncertainty, how far the features miss a
    hand's value (``between``, from deals measured on fits that did not read them) and, for
    a finite count of samples, how much the unseen cards move the points (``within``, from
    the data's pairs of deals of one hand), both for hands of its kind, strong or weak."""

    contract: Contract
    name: str
    model: str
    points: float
    points_interval: tuple[float, float]
    #: The spread of one deal's points about the estimate (every source of error together).
    spread: float
    win_chance: float
    win_interval: tuple[float, float]
    payment: float
    payment_interval: tuple[float, float]
    #: The count of samples the intervals are of (None: the hand's own value).
    samples: int | None = None


def _distribution(mean: float, sigma: float) -> list[float]:
    # The chance of each count of card points 0..120, normal about ``mean`` (the tails
    # gathered at 0 and 120).
    chances = []
    previous = 0.0
    for points in range(_PACK_POINTS + 1):
        upper = 1.0 if points == _PACK_POINTS else _NORMAL.cdf((points + 0.5 - mean) / sigma)
        chances.append(upper - previous)
        previous = upper
    return chances


def _win_and_payment(
    mean: float, sigma: float, wins: Sequence[bool], payments: Sequence[int]
) -> tuple[float, float, float]:
    # The chance of a win, the expected payment and its variance over one deal, by the
    # ruleset's result and rates.
    chances = _distribution(mean, sigma)
    win = math.fsum(c for c, won in zip(chances, wins, strict=True) if won)
    pay = math.fsum(c * p for c, p in zip(chances, payments, strict=True))
    spread = math.fsum(c * (p - pay) ** 2 for c, p in zip(chances, payments, strict=True))
    return win, pay, spread


def _mean_payment_parts(
    chances: Sequence[float],
    wins: Sequence[bool],
    payments: Sequence[int],
    samples: int,
    weight: float,
) -> list[tuple[float, float, float]]:
    # The mean payment over ``samples`` deals whose points have the chances ``chances``, as
    # a mixture by how many are won: with k wins, normal about the mean of k winning and
    # samples - k losing payments (a payment is far apart won and lost: one normal for all
    # would miss the mean of a few deals all won or all lost).
    sides = []
    for won in (True, False):
        share = math.fsum(c for c, x in zip(chances, wins, strict=True) if x == won)
        if share <= 0:
            sides.append((share, 0.0, 0.0))
            continue
        mean = math.fsum(c * p for c, p, x in zip(chances, payments, wins, strict=True) if x == won)
        mean /= share
        spread = math.fsum(
            c * (p - mean) ** 2 for c, p, x in zip(chances, payments, wins, strict=True) if x == won
        )
        sides.append((share, mean, spread / share))
    (p_win, m_win, v_win), (_, m_lose, v_lose) = sides
    parts = []
    for k in range(samples + 1):
        chance = math.comb(samples, k) * p_win**k * (1 - p_win) ** (samples - k)
        if chance > 0:
            parts.append(
                (
                    (k * m_win + (samples - k) * m_lose) / samples,
                    (k * v_win + (samples - k) * v_lose) / samples**2,
                    weight * chance,
                )
            )
    return parts


#: The hand's own value is taken at these many points of its normal spread about the line
#: (from -4 to +4 standard deviations), for the intervals of a finite count of samples.
_GRID = 81


def _grid() -> list[tuple[float, float]]:
    # Points of the standard normal and their weights (summing to 1).
    steps = [-4 + 8 * i / (_GRID - 1) for i in range(_GRID)]
    density = [math.exp(-t * t / 2) for t in steps]
    total = math.fsum(density)
    return [(t, d / total) for t, d in zip(steps, density, strict=True)]


def binomial_interval(
    chances: Sequence[tuple[float, float]], samples: int, level: float = 0.95
) -> tuple[float, float]:
    """The central ``level`` interval of the share won in ``samples`` deals, the chance of
    a win being each of ``chances`` (chance, weight) with its weight: the shares k/n whose
    mixed binomial tails hold less than (1 - level)/2 each are left out.

    >>> binomial_interval([(0.5, 1.0)], 10)
    (0.2, 0.8)
    """
    tail = (1 - level) / 2
    mass = [0.0] * (samples + 1)
    for p, weight in chances:
        for k in range(samples + 1):
            mass[k] += weight * math.comb(samples, k) * p**k * (1 - p) ** (samples - k)
    below = 0.0
    low = 0
    while low < samples and below + mass[low] < tail:
        below += mass[low]
        low += 1
    above = 0.0
    high = samples
    while high > 0 and above + mass[high] < tail:
        above += mass[high]
        high -= 1
    return low / samples, high / samples


def mixture_interval(
    parts: Sequence[tuple[float, float, float]], level: float = 0.95
) -> tuple[float, float]:
    """The central ``level`` interval of a mixture of normal distributions, each part
    (mean, variance, weight); a part of no variance is a point.

    >>> [round(x, 2) for x in mixture_interval([(0.0, 1.0, 1.0)])]
    [-1.96, 1.96]
    """
    tail = (1 - level) / 2

    def cdf(x: float) -> float:
        total = 0.0
        for mean, variance, weight in parts:
            if variance <= 0:
                total += weight * (x >= mean)
            else:
                total += weight * _NORMAL.cdf((x - mean) / math.sqrt(variance))
        return total

    spread = max(math.sqrt(max(v, 0.0)) for _, v, _ in parts)
    least = min(m for m, _, _ in parts) - 10 * spread - 1
    most = max(m for m, _, _ in parts) + 10 * spread + 1

    def quantile(q: float) -> float:
        low, high = least, most
        for _ in range(60):
            middle = (low + high) / 2
            if cdf(middle) < q:
                low = middle
            else:
                high = middle
        return high

    return quantile(tail), quantile(1 - tail)


def _model_error(
    model: dict[str, Any], x: Sequence[float], hand: int, seat: int
) -> tuple[float, float]:
    # The variance of the hand's own value about the line (the fit's, and what the features
    # miss in hands of its kind or, if more, in the bidder's seat), and of one deal's points
    # about the hand's value.
    covariance = model["covariance"]
    fitted = math.fsum(x[i] * covariance[i][j] * x[j] for i in range(len(x)) for j in range(len(x)))
    kind = _kind_of(hand)
    between = max(model["between"][kind], model["between_by_seat"][seat])
    return max(fitted, 0.0) + between**2, model["within"][kind] ** 2


def estimate(
    hand: int,
    ruleset: str | Ruleset,
    seat: str = "eldest",
    players: int = 3,
    samples: int | None = None,
) -> list[Estimate]:
    """The estimate for ``hand`` (a mask of eleven cards) bid from ``seat`` (``eldest``,
    ``second`` or ``dealer``: the first, second or third player to speak) at a table of
    ``players`` (the ruleset's to allow; the cards play alike, the payments differ) of each
    contract of ``ruleset`` (a ruleset, or its id with any options as a position's first
    field writes them: the options' rates are in force). The intervals are of what
    ``frogspec odds`` would find over ``samples`` deals (None: the hand's own value): the
    one answer the rulebook's pages, the Play page's hint and ``frogspec odds --quick``
    give."""
    from frogspec.engine import check_players, new_deal, settle
    from frogspec.notation import parse_ruleset_field

    if not isinstance(hand, int) or hand.bit_count() != TRICKS or hand & ~FULL_PACK:
        raise InvalidInputError("a hand is 11 cards of the pack")
    if seat not in _SEATS:
        raise InvalidInputError(f"unknown seat {seat!r}: one of {', '.join(_SEATS)}")
    if samples is not None and not 1 <= samples <= 10_000:
        raise InvalidInputError(f"samples: from 1 to 10000, or none; got {samples}")
    rs = ruleset if isinstance(ruleset, Ruleset) else parse_ruleset_field(ruleset)
    check_players(rs, players)
    place = _SEATS.index(seat)
    models = load_model()["models"]
    bidder = new_deal(rs, players, 0, list(CARDS)).order[place]
    found = []
    for contract in rs.rules.contracts():
        key = model_key(rs.id, contract)
        model = models[key]
        x = features(hand, trump_of(rs.id, contract, hand), place)
        mean = predicted_points(model["coefficients"], x)
        between, within = _model_error(model, x, hand, place)
        payments = [settle(rs, players, 0, bidder, contract, p)[bidder] for p in range(121)]
        wins = [rs.rules.bidder_result(p) > 0 for p in range(121)]
        win, payment, _ = _win_and_payment(mean, math.sqrt(between + within), wins, payments)
        spread_of_mean = within / samples if samples else 0.0
        half = _Z95 * math.sqrt(between + spread_of_mean)
        # The hand's own value, at each point of its spread about the line: its chance of a
        # win and its mean payment (and a deal's spread about it).
        grid = [
            (*_win_and_payment(mean + t * math.sqrt(between), math.sqrt(within), wins, payments), w)
            for t, w in _grid()
        ]
        if samples:
            win_interval = binomial_interval([(p, w) for p, _, _, w in grid], samples)
            pay_interval = mixture_interval(
                [
                    part
                    for t, w in _grid()
                    for part in _mean_payment_parts(
                        _distribution(mean + t * math.sqrt(between), math.sqrt(within)),
                        wins,
                        payments,
                        samples,
                        w,
                    )
                ]
            )
        else:
            # The chance and the payment grow with the hand's value: their range is its.
            ends = [
                _win_and_payment(mean + t * math.sqrt(between), math.sqrt(within), wins, payments)
                for t in (-_Z95, _Z95)
            ]
            win_interval = (ends[0][0], ends[1][0])
            pay_interval = (ends[0][1], ends[1][1])
        # The range holds the estimate itself (a skewed spread's mean may lie past a tail).
        win_interval = (min(win_interval[0], win), max(win_interval[1], win))
        pay_interval = (min(pay_interval[0], payment), max(pay_interval[1], payment))
        found.append(
            Estimate(
                contract=contract,
                name=rs.contract_name(contract),
                model=key,
                points=mean,
                points_interval=(mean - half, mean + half),
                spread=math.sqrt(between + within),
                win_chance=win,
                win_interval=win_interval,
                payment=payment,
                payment_interval=pay_interval,
                samples=samples,
            )
        )
    return found
