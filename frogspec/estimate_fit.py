"""Fitting :mod:`frogspec.estimate`'s models to the hand-worth data, offline.

``python -m frogspec.estimate_fit --out frogspec/data/estimate.json`` fits each model (the
bidder's card points as a straight line in :data:`frogspec.estimate.MODEL_FEATURES`, by the
normal equations, solved by Gaussian elimination: the standard library only) on the deals of
``frogspec/data/worth.json`` and ``frogspec/data/worth-seats.json`` whose number (the deal's
index; the hand's) leaves a remainder other than :data:`~frogspec.estimate.HELD_OUT` by
:data:`~frogspec.estimate.FOLDS`, measures it on the others (the Brier score of its chance of winning beside that of one rate for every hand,
the mean error of its points, its calibration) and writes the document
:func:`frogspec.estimate.load_model` reads. The spreads the estimate's ranges need are taken
for strong and weak hands: *within* from the second run's pairs of deals of one hand,
*between* from every deal measured on a fit that did not read it (by seat and table size
too). The same data gives the same file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from frogspec.errors import InvalidInputError
from frogspec.estimate import (
    _KINDS,
    ESTIMATE_SCHEMA,
    FOLDS,
    HELD_OUT,
    MODEL_FEATURES,
    _kind_of,
    features,
    model_key,
    predicted_points,
    trump_of,
    win_chance,
)
from frogspec.rules.auction import Contract
from frogspec.rules.settlement import bidder_result
from frogspec.worth import SolvedDeal

__all__ = ["fit", "main", "within_spread"]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    # Gaussian elimination with partial pivoting: ``matrix`` · x = ``vector``.
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            raise InvalidInputError("the features are linearly dependent in these deals")
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    columns = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(size)]) for j in range(size)]
    return [[columns[j][i] for j in range(size)] for i in range(size)]


def _least_squares(
    xs: Sequence[Sequence[float]],
    ys: Sequence[float],
    ws: Sequence[float] | None = None,
    hands: Sequence[int] | None = None,
) -> tuple[list[float], float, list[list[float]]]:
    # Coefficients by weighted least squares (each deal by its weight: a line for deals as
    # they come), the weighted residual standard deviation, and the coefficients'
    # covariance by the sandwich (it holds whatever the weights and the residuals' spread),
    # the deals of one hand (``hands``: a number for each deal) summed before it is squared:
    # two deals of one hand miss the line alike, so they tell less than two hands would.
    size = len(xs[0])
    ws = list(ws) if ws is not None else [1.0] * len(ys)
    hands = list(hands) if hands is not None else list(range(len(ys)))
    gram = [
        [math.fsum(w * x[i] * x[j] for x, w in zip(xs, ws, strict=True)) for j in range(size)]
        for i in range(size)
    ]
    moment = [
        math.fsum(w * x[i] * y for x, y, w in zip(xs, ys, ws, strict=True)) for i in range(size)
    ]
    beta = _solve(gram, moment)
    residuals = [
        y - math.fsum(b * v for b, v in zip(beta, x, strict=True))
        for x, y in zip(xs, ys, strict=True)
    ]
    total = math.fsum(ws)
    sigma = math.sqrt(
        math.fsum(w * r * r for w, r in zip(ws, residuals, strict=True))
        / total
        * len(ys)
        / (len(ys) - size)
    )
    inverse = _inverse(gram)
    scores: dict[int, list[float]] = {}
    for x, r, w, hand in zip(xs, residuals, ws, hands, strict=True):
        summed = scores.setdefault(hand, [0.0] * size)
        for i in range(size):
            summed[i] += w * r * x[i]
    meat = [
        [math.fsum(g[i] * g[j] for g in scores.values()) for j in range(size)] for i in range(size)
    ]
    covariance = _product(_product(inverse, meat), inverse)
    return beta, sigma, covariance


def _product(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    return [
        [math.fsum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))]
        for i in range(len(a))
    ]


def _examples(
    ruleset_id: str, contract: Contract, deals: Sequence[SolvedDeal]
) -> tuple[list[tuple[float, ...]], list[float]]:
    from frogspec.worth import contract_points, load

    data = load()
    xs = [features(d.hand, trump_of(ruleset_id, contract, d.hand), d.seat) for d in deals]
    ys = [float(contract_points(ruleset_id, contract, data, d.row)[0]) for d in deals]
    return xs, ys


def within_spread(deals: Sequence[SolvedDeal], ys: Sequence[float]) -> tuple[float, int]:
    """The spread of one deal's points about its hand's own value, from the pairs of deals
    of one hand (the second run's): the root of the weighted mean of half the squared
    difference of each pair; and how many pairs.

    >>> from frogspec.worth import SolvedDeal
    >>> pair = [SolvedDeal((0,), 0, 3, 1.0, 7, 7), SolvedDeal((0,), 0, 3, 1.0, 7, 7)]
    >>> within_spread(pair, [40.0, 60.0])
    (14.142135623730951, 1)
    """
    by_hand: dict[int, list[tuple[float, float]]] = {}
    for deal, y in zip(deals, ys, strict=True):
        if deal.hand_number >= 0:
            by_hand.setdefault(deal.hand_number, []).append((y, deal.weight))
    pairs = [found for found in by_hand.values() if len(found) == 2]
    if not pairs:
        raise InvalidInputError("no hand is dealt twice in these deals: no within-hand spread")
    total = math.fsum(found[0][1] for found in pairs)
    half_squares = math.fsum(found[0][1] * (found[0][0] - found[1][0]) ** 2 / 2 for found in pairs)
    return math.sqrt(half_squares / total), len(pairs)


def _ruleset_for(key: str) -> tuple[str, Contract]:
    # A ruleset whose contract uses model ``key``.
    from frogspec.rulesets import RULESETS

    for ruleset_id, ruleset in RULESETS.items():
        for contract in ruleset.rules.contracts():
            if model_key(ruleset_id, contract) == key:
                return ruleset_id, contract
    raise InvalidInputError(f"no ruleset uses the model {key!r}")


def _keys() -> list[str]:
    from frogspec.rulesets import RULESETS

    found = {model_key(r, c) for r, rs in RULESETS.items() for c in rs.rules.contracts()}
    return sorted(found)


def _weighted_mean(values: Sequence[float], weights: Sequence[float]) -> float:
    return math.fsum(v * w for v, w in zip(values, weights, strict=True)) / math.fsum(weights)


def _kind_of_deal(deal: SolvedDeal) -> str:
    """The kind of the bidder's hand in ``deal`` (:func:`~frogspec.estimate._kind_of`)."""
    return _kind_of(deal.hand)


def _hand_of(deal: SolvedDeal) -> int:
    # A number for the deal's hand: the second run's hand number, or (the first run deals
    # each hand once) one below zero for each deal.
    return deal.hand_number if deal.hand_number >= 0 else -1 - deal.fold


def _fitted_variance(covariance: Sequence[Sequence[float]], x: Sequence[float]) -> float:
    # The variance of the line's value at ``x`` from the coefficients' uncertainty.
    return math.fsum(x[i] * covariance[i][j] * x[j] for i in range(len(x)) for j in range(len(x)))


def _cross_validated(
    xs: Sequence[Sequence[float]], ys: Sequence[float], deals: Sequence[SolvedDeal]
) -> list[tuple[float, float]]:
    """Each deal's miss and the line's own variance there, from a fit that did not read it:
    the deals go into :data:`~frogspec.estimate.FOLDS` parts by their hand's number (both
    deals of a hand in one part), and each part is measured on the fit of the others."""
    found: list[tuple[float, float]] = [(0.0, 0.0)] * len(deals)
    for part in range(FOLDS):
        fitted = [i for i, d in enumerate(deals) if d.fold % FOLDS != part]
        beta, _, covariance = _least_squares(
            [xs[i] for i in fitted],
            [ys[i] for i in fitted],
            [deals[i].weight for i in fitted],
            [_hand_of(deals[i]) for i in fitted],
        )
        for i, deal in enumerate(deals):
            if deal.fold % FOLDS == part:
                found[i] = (
                    ys[i] - predicted_points(beta, xs[i]),
                    _fitted_variance(covariance, xs[i]),
                )
    return found


def _between_spread(
    misses: Sequence[tuple[float, float]],
    weights: Sequence[float],
    within: Sequence[float],
) -> float:
    """How far the features miss a hand's own value, from deals no fit read (each a miss and
    the line's own variance there, :func:`_cross_validated`, counted by its weight): the root
    of their mean squared miss less the mean of ``within`` squared (each deal's spread about
    its hand's value) and of the line's own variance (zero if that leaves nothing).

    >>> _between_spread([(5.0, 0.0), (-5.0, 0.0)], [1.0, 1.0], [3.0, 3.0])
    4.0
    """
    squared = _weighted_mean([r * r for r, _ in misses], weights)
    line = _weighted_mean([v for _, v in misses], weights)
    spread = _weighted_mean([w * w for w in within], weights)
    return math.sqrt(max(squared - spread - line, 0.0))


def _between_by(
    misses: Sequence[tuple[float, float]],
    deals: Sequence[SolvedDeal],
    within: Sequence[float],
    group: Callable[[SolvedDeal], int | str],
) -> dict[str, dict[str, Any]]:
    # *between* in each group of deals (by kind of hand, seat, table size), with how many
    # deals and hands it rests on.
    found = {}
    for key in sorted({group(d) for d in deals}, key=str):
        chosen = [i for i, d in enumerate(deals) if group(d) == key]
        spread = _between_spread(
            [misses[i] for i in chosen],
            [deals[i].weight for i in chosen],
            [within[i] for i in chosen],
        )
        found[str(key)] = {
            "between": round(spread, 6),
            "deals": len(chosen),
            "hands": len({_hand_of(deals[i]) for i in chosen}),
        }
    return found


def fit() -> dict[str, Any]:
    """Fit every model to the committed hand-worth data of both runs (each deal by its
    weight), every deal but those held out, and measure each on the held-out deals: the
    document ``estimate.json`` holds. The spreads are taken for each kind of hand
    (:func:`~frogspec.estimate._kind_of`): *within* from the pairs of deals of one hand, *between* from every
    deal, each measured on a fit that did not read it (:func:`_cross_validated`). *between*
    is measured by seat and by table size too: a seat's is used where it is the larger (its
    few hands can show that the features miss more there, not reliably less); the table's
    is shown, not used, since the table's size moves no card points."""
    from frogspec.worth import load, load_seats, solved_deals

    deals = solved_deals()
    train = [d for d in deals if d.fold % FOLDS != HELD_OUT]
    test = [d for d in deals if d.fold % FOLDS == HELD_OUT]
    kinds = [_kind_of(d.hand) for d in deals]
    models: dict[str, Any] = {}
    for key in _keys():
        ruleset_id, contract = _ruleset_for(key)
        xs, ys = _examples(ruleset_id, contract, train)
        ws = [d.weight for d in train]
        beta, sigma, covariance = _least_squares(xs, ys, ws, [_hand_of(d) for d in train])
        every_x, every_y = _examples(ruleset_id, contract, deals)
        within: dict[str, float] = {}
        pairs: dict[str, int] = {}
        for kind in _KINDS:
            chosen = [i for i, k in enumerate(kinds) if k == kind]
            within[kind], pairs[kind] = within_spread(
                [deals[i] for i in chosen], [every_y[i] for i in chosen]
            )
        each_within = [within[k] for k in kinds]
        misses = _cross_validated(every_x, every_y, deals)
        by_kind = _between_by(misses, deals, each_within, _kind_of_deal)
        between = {kind: by_kind[kind]["between"] for kind in _KINDS}
        by_seat = _between_by(misses, deals, each_within, lambda d: d.seat)
        by_table = _between_by(misses, deals, each_within, lambda d: d.players)
        test_xs, test_ys = _examples(ruleset_id, contract, test)
        test_ws = [d.weight for d in test]
        residuals = [y - predicted_points(beta, x) for x, y in zip(test_xs, test_ys, strict=True)]
        held_variance = _weighted_mean([r * r for r in residuals], test_ws)
        predicted = []
        for x, d in zip(test_xs, test, strict=True):
            kind = _kind_of(d.hand)
            missed = max(between[kind], by_seat[str(d.seat)]["between"])
            spread = math.sqrt(missed**2 + within[kind] ** 2)
            predicted.append(win_chance(predicted_points(beta, x), spread))
        won = [1.0 if bidder_result(round(y)) > 0 else 0.0 for y in test_ys]
        base_rate = _weighted_mean([1.0 if bidder_result(round(y)) > 0 else 0.0 for y in ys], ws)
        brier = _weighted_mean([(p - w) ** 2 for p, w in zip(predicted, won, strict=True)], test_ws)
        base = _weighted_mean([(base_rate - w) ** 2 for w in won], test_ws)
        log = _weighted_mean(
            [
                -math.log(min(max(p if w else 1 - p, 1e-6), 1.0))
                for p, w in zip(predicted, won, strict=True)
            ],
            test_ws,
        )
        models[key] = {
            "coefficients": [round(b, 6) for b in beta],
            "sigma": round(sigma, 6),
            "between": between,
            "within": {kind: round(within[kind], 6) for kind in _KINDS},
            "between_by_seat": [by_seat[str(seat)]["between"] for seat in range(3)],
            "between_measured": {"by_kind": by_kind, "by_seat": by_seat, "by_table": by_table},
            "covariance": [[round(v, 9) for v in row] for row in covariance],
            "fitted_on": len(ys),
            "pairs": pairs,
            "held_out": {
                "deals": len(test_ys),
                "by_seat": {str(s): sum(d.seat == s for d in test) for s in range(3)},
                "residual_spread": round(math.sqrt(held_variance), 3),
                "brier": round(brier, 4),
                "brier_of_the_base_rate": round(base, 4),
                "log": round(log, 4),
                "mean_absolute_error_points": round(
                    _weighted_mean([abs(r) for r in residuals], test_ws), 2
                ),
                "calibration": _calibration(predicted, won, test_ws),
            },
        }
    eldest, seats = load(), load_seats()
    return {
        "schema": ESTIMATE_SCHEMA,
        "features": ["constant", *MODEL_FEATURES],
        "how": (
            "weighted least squares of the double-dummy card points on the features "
            "(frogspec.estimate_fit.fit), each deal by its weight, on the deals of "
            "frogspec/data/worth.json (by index) and frogspec/data/worth-seats.json (by "
            f"hand number) whose number leaves a remainder other than {HELD_OUT} by "
            f"{FOLDS}; those that leave it are held out and measured. The spreads are "
            "taken for each kind of hand (strong: a suit of five or more, or five Aces and "
            "Tens or more; weak: the rest). 'within' is the spread of one deal's points "
            "about its hand's own value, from every pair of deals of one hand in the second "
            "run (no line is fitted to it); 'between' how far the features miss a hand's "
            "own value: the spread of every deal about a fit that did not read it (five "
            "parts by hand number, each measured on the fit of the other four) less "
            "'within' and the fit's own variance. 'between_measured' gives it by kind, by "
            "seat and by table size, each with the deals and hands it rests on; "
            "'between_by_seat' is the seat's, which the estimate takes where it is larger "
            "than the kind's. The coefficients' covariance sums the deals of one hand before "
            "squaring"
        ),
        "data": [
            {
                "file": "worth.json",
                "command": eldest.command,
                "seed": eldest.seed,
                "deals": eldest.deals,
            },
            {
                "file": "worth-seats.json",
                "command": seats.command,
                "seed": seats.seed,
                "deals": seats.deals,
            },
        ],
        "models": models,
    }


def _calibration(
    predicted: Sequence[float], won: Sequence[float], weights: Sequence[float]
) -> list[dict[str, Any]]:
    # Held-out deals by their predicted chance, in bins: how many, the mean predicted chance
    # and the share won, each deal by its weight.
    edges = (0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0001)
    bins = []
    for low, high in itertools.pairwise(edges):
        chosen = [
            (p, w, c) for p, w, c in zip(predicted, won, weights, strict=True) if low <= p < high
        ]
        if chosen:
            counts = [c for _, _, c in chosen]
            bins.append(
                {
                    "from": low,
                    "to": min(high, 1.0),
                    "deals": len(chosen),
                    "predicted": round(_weighted_mean([p for p, _, _ in chosen], counts), 4),
                    "won": round(_weighted_mean([w for _, w, _ in chosen], counts), 4),
                }
            )
    return bins


# ----------------------------------------------------------------------------- command
def _by_kind(values: dict[str, float], form: str = ".1f") -> str:
    return " / ".join(f"{kind} {values[kind]:{form}}" for kind in _KINDS)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.estimate_fit --out PATH``: fit the models and write them."""
    parser = argparse.ArgumentParser(prog="python -m frogspec.estimate_fit")
    parser.add_argument("--out", type=Path, required=True, help="the file to write")
    args = parser.parse_args(argv)
    document = fit()
    args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    for key, model in document["models"].items():
        held = model["held_out"]
        print(
            f"{key}: Brier {held['brier']} (base rate {held['brier_of_the_base_rate']}), "
            f"log {held['log']}, mean absolute error {held['mean_absolute_error_points']} "
            f"points, between {_by_kind(model['between'])} (by seat "
            f"{', '.join(f'{b:.1f}' for b in model['between_by_seat'])}), within "
            f"{_by_kind(model['within'])} ({_by_kind(model['pairs'], '.0f')} pairs)",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
