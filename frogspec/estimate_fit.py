"""Fitting :mod:`frogspec.estimate`'s models to the hand-worth data, offline.

``python -m frogspec.estimate_fit --out frogspec/data/estimate.json`` fits each model (the
bidder's card points as a straight line in :data:`frogspec.estimate.MODEL_FEATURES`, by the
normal equations, solved by Gaussian elimination: the standard library only) on the deals of
``frogspec/data/worth.json`` whose index leaves a remainder other than
:data:`~frogspec.estimate.HELD_OUT` by :data:`~frogspec.estimate.FOLDS`, measures it on the
others (the Brier score of its chance of winning beside that of one rate for every hand,
the mean error of its points, its calibration) and writes the document
:func:`frogspec.estimate.load_model` reads. The same data gives the same file.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from frogspec.errors import InvalidInputError
from frogspec.estimate import (
    ESTIMATE_SCHEMA,
    FOLDS,
    HELD_OUT,
    MODEL_FEATURES,
    features,
    model_key,
    predicted_points,
    trump_of,
    win_chance,
)
from frogspec.rules.auction import Contract
from frogspec.rules.settlement import bidder_result

__all__ = ["fit", "main"]


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
    xs: Sequence[Sequence[float]], ys: Sequence[float]
) -> tuple[list[float], float, list[list[float]]]:
    # Coefficients, the residual standard deviation and the coefficients' covariance.
    size = len(xs[0])
    gram = [[math.fsum(x[i] * x[j] for x in xs) for j in range(size)] for i in range(size)]
    moment = [math.fsum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(size)]
    beta = _solve(gram, moment)
    residuals = [
        y - math.fsum(b * v for b, v in zip(beta, x, strict=True))
        for x, y in zip(xs, ys, strict=True)
    ]
    sigma = math.sqrt(math.fsum(r * r for r in residuals) / (len(ys) - size))
    inverse = _inverse(gram)
    covariance = [[sigma * sigma * value for value in row] for row in inverse]
    return beta, sigma, covariance


def _examples(
    ruleset_id: str, contract: Contract, rows: Sequence[tuple[int, ...]]
) -> tuple[list[tuple[float, ...]], list[float]]:
    from frogspec.worth import contract_points, load

    data = load()
    xs = [features(row[0], trump_of(ruleset_id, contract, row[0])) for row in rows]
    ys = [float(contract_points(ruleset_id, contract, data, row)[0]) for row in rows]
    return xs, ys


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


def fit() -> dict[str, Any]:
    """Fit every model to the committed hand-worth data, every deal but those held out, and
    measure each on the held-out deals: the document ``estimate.json`` holds."""
    from frogspec.worth import load

    data = load()
    train = [row for i, row in enumerate(data.rows) if i % FOLDS != HELD_OUT]
    test = [row for i, row in enumerate(data.rows) if i % FOLDS == HELD_OUT]
    models: dict[str, Any] = {}
    for key in _keys():
        ruleset_id, contract = _ruleset_for(key)
        xs, ys = _examples(ruleset_id, contract, train)
        beta, sigma, covariance = _least_squares(xs, ys)
        test_xs, test_ys = _examples(ruleset_id, contract, test)
        predicted = [win_chance(predicted_points(beta, x), sigma) for x in test_xs]
        won = [1.0 if bidder_result(round(y)) > 0 else 0.0 for y in test_ys]
        base_rate = sum(1 for y in ys if bidder_result(round(y)) > 0) / len(ys)
        brier = math.fsum((p - w) ** 2 for p, w in zip(predicted, won, strict=True)) / len(won)
        base = math.fsum((base_rate - w) ** 2 for w in won) / len(won)
        error = math.fsum(
            abs(predicted_points(beta, x) - y) for x, y in zip(test_xs, test_ys, strict=True)
        )
        models[key] = {
            "coefficients": [round(b, 6) for b in beta],
            "sigma": round(sigma, 6),
            "covariance": [[round(v, 9) for v in row] for row in covariance],
            "fitted_on": len(ys),
            "held_out": {
                "deals": len(test_ys),
                "brier": round(brier, 4),
                "brier_of_the_base_rate": round(base, 4),
                "mean_absolute_error_points": round(error / len(test_ys), 2),
                "calibration": _calibration(predicted, won),
            },
        }
    return {
        "schema": ESTIMATE_SCHEMA,
        "features": ["constant", *MODEL_FEATURES],
        "how": (
            "least squares of the double-dummy card points on the features, by the normal "
            "equations (frogspec.estimate_fit.fit), on the deals of frogspec/data/worth.json "
            f"whose index leaves a remainder other than {HELD_OUT} by {FOLDS}; those that "
            "leave it are held out and measured; a deal's points are taken as normal about "
            "the line with the residual spread (sigma)"
        ),
        "data": {"command": data.command, "seed": data.seed, "deals": data.deals},
        "models": models,
    }


def _calibration(predicted: Sequence[float], won: Sequence[float]) -> list[dict[str, Any]]:
    # Held-out deals by their predicted chance, in bins: how many, the mean predicted chance
    # and the share won.
    edges = (0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0001)
    bins = []
    for low, high in itertools.pairwise(edges):
        chosen = [(p, w) for p, w in zip(predicted, won, strict=True) if low <= p < high]
        if chosen:
            bins.append(
                {
                    "from": low,
                    "to": min(high, 1.0),
                    "deals": len(chosen),
                    "predicted": round(math.fsum(p for p, _ in chosen) / len(chosen), 4),
                    "won": round(math.fsum(w for _, w in chosen) / len(chosen), 4),
                }
            )
    return bins


# ----------------------------------------------------------------------------- command
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
            f"mean absolute error {held['mean_absolute_error_points']} points, "
            f"sigma {model['sigma']:.1f}",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
