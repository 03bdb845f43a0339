"""One estimate of what a hand is worth in each contract, from its features taken together.

Analysis, not rules. The hand-worth tables (:mod:`frogspec.worth`) give one feature at a
time; this gives one answer: for each contract, the bidder's card points as a straight line
in the features players count, all together (:data:`MODEL_FEATURES`: the trumps held and their
card points, the Aces and the Tens of the side suits, the side suits held none or one
of), fitted by least squares to the double-dummy deals of ``frogspec/data/worth.json``.
A deal's points are taken as spread normally about the line (the fit's residual spread),
which gives the chance of winning and, through the ruleset's rates, the expected payment.

The coefficients are data (``frogspec/data/estimate.json``), fitted offline with the
standard library (``python -m frogspec.estimate_fit --out PATH``), with how they were
fitted and how the estimate fared on deals it was not fitted on (every fifth deal, held
out): the Brier score of the chance of winning beside a constant's, and its calibration.

What it does not know, said where it is shown: the data holds eldest's hands at a table of
three only (the seat is not a feature); a Frog's data is the lower bound of three candidate
lay-aways; the interval given is the fit's own uncertainty, not what the features leave
out; and strong hands are rare among random deals, so the fit is thinnest where players bid.

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
    "chico_trump",
    "estimate",
    "features",
    "load_model",
    "model_key",
    "predicted_points",
    "trump_of",
    "win_chance",
]

ESTIMATE_SCHEMA = "frogspec-estimate/1"
#: The features, in the order of a model's coefficients (after the constant).
MODEL_FEATURES = (
    "trumps",
    "trump_points",
    "side_aces",
    "side_tens",
    "side_voids",
    "side_singletons",
)
#: Deals whose index leaves this remainder by :data:`FOLDS` are held out of the fit.
FOLDS = 5
HELD_OUT = 4
_DATA_FILE = "estimate.json"
_NORMAL = NormalDist()

#: The card points of the whole pack (120).
_PACK_POINTS = points_of(FULL_PACK)
#: The 95% quantile of the normal distribution.
_Z95 = 1.959963984540054


def features(hand: int, trump: Suit) -> tuple[float, ...]:
    """The features of ``hand`` (a card mask) with ``trump`` trumps, with the constant 1 first.

    >>> from frogspec.rules.cards import CardSet
    >>> features(CardSet.parse("AH 10H KH AS 10S 6S AC 6C 7C 8C 6D").mask, Suit.HEARTS)
    (1.0, 3.0, 25.0, 2.0, 1.0, 0.0, 1.0)
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
    )


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
    """One contract's estimate for a hand: the bidder's expected card points and their
    spread over deals, his chance of winning and his expected payment per deal (in the
    ruleset's unit), each with a 95% interval from the fit's own uncertainty (not from what
    the features leave out: the held-out measures say how far that goes)."""

    contract: Contract
    name: str
    model: str
    points: float
    points_interval: tuple[float, float]
    spread: float
    win_chance: float
    win_interval: tuple[float, float]
    payment: float
    payment_interval: tuple[float, float]


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
) -> tuple[float, float]:
    # The chance of a win and the expected payment, by the ruleset's result and rates.
    chances = _distribution(mean, sigma)
    win = math.fsum(c for c, won in zip(chances, wins, strict=True) if won)
    return win, math.fsum(c * pay for c, pay in zip(chances, payments, strict=True))


def estimate(hand: int, ruleset: str | Ruleset) -> list[Estimate]:
    """The estimate for ``hand`` (a mask of eleven cards, bid by eldest) of each contract
    of ``ruleset`` (a ruleset, or its id with any options as a position's first field
    writes them: the options' rates are in force)."""
    from frogspec.engine import new_deal, settle
    from frogspec.notation import parse_ruleset_field

    if hand.bit_count() != TRICKS or hand & ~FULL_PACK:
        raise InvalidInputError("a hand is 11 cards of the pack")
    rs = ruleset if isinstance(ruleset, Ruleset) else parse_ruleset_field(ruleset)
    models = load_model()["models"]
    bidder = new_deal(rs, 3, 0, list(CARDS)).order[0]
    found = []
    for contract in rs.rules.contracts():
        key = model_key(rs.id, contract)
        model = models[key]
        beta, sigma = model["coefficients"], model["sigma"]
        x = features(hand, trump_of(rs.id, contract, hand))
        mean = predicted_points(beta, x)
        covariance = model["covariance"]
        variance = math.fsum(
            x[i] * covariance[i][j] * x[j] for i in range(len(x)) for j in range(len(x))
        )
        half = _Z95 * math.sqrt(max(variance, 0.0))
        low, high = mean - half, mean + half
        payments = [settle(rs, 3, 0, bidder, contract, p)[bidder] for p in range(121)]
        wins = [rs.rules.bidder_result(p) > 0 for p in range(121)]
        win, payment = _win_and_payment(mean, sigma, wins, payments)
        win_low, payment_low = _win_and_payment(low, sigma, wins, payments)
        win_high, payment_high = _win_and_payment(high, sigma, wins, payments)
        found.append(
            Estimate(
                contract=contract,
                name=rs.contract_name(contract),
                model=key,
                points=mean,
                points_interval=(low, high),
                spread=sigma,
                win_chance=win,
                win_interval=(win_low, win_high),
                payment=payment,
                payment_interval=(payment_low, payment_high),
            )
        )
    return found
