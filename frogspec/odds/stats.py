"""The statistics of the odds: the interval of a rate (Wilson) and of a mean (Student)."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The normal quantile of a 95% interval.
Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate (95% by default).

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    """
    if trials <= 0 or not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes of {trials} trials")
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials**2))
    # At none and at every trial the bound is exactly 0 or 1 (rounding would miss it).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


#: Student's t quantiles of a two-sided 95% interval by degrees of freedom (1 to 29);
#: from 30 on the normal quantile is used (the difference is under 4%).
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045,
)  # fmt: skip


def mean_interval(
    values: Sequence[float], z: float = Z95, bounds: tuple[float, float] | None = None
) -> tuple[float, float, float]:
    """The mean and its 95% interval: mean ± t · s/√n (s the sample standard deviation,
    t Student's quantile for fewer than 30 values, else ``z``).

    ``bounds``, the least and most a value can be (a contract's payments), keeps the
    interval inside them and keeps it from collapsing where the samples cannot support a
    point: where every value agrees (or there is one), the share of deals that would not
    is bounded as a rate is (:func:`wilson_interval`'s upper bound of a share seen in none),
    and the mean may move that share of the way to either bound. Without ``bounds`` one
    value gives ±infinity, and values that all agree a point.

    >>> [round(x, 3) for x in mean_interval([1, 2, 3, 4])]
    [2.5, 0.446, 4.554]
    >>> [round(x, 1) for x in mean_interval([120] * 20, bounds=(-240, 120))]
    [120.0, 62.0, 120.0]
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    spread = 0.0 if n == 1 else math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    if bounds is not None:
        least, most = bounds
        if spread == 0:
            other = wilson_interval(0, n, z)[1]  # the largest share that may differ
            return mean, mean - other * (mean - least), mean + other * (most - mean)
    elif n == 1:
        return mean, -math.inf, math.inf
    quantile = _T95[n - 2] if n - 1 < 30 and z == Z95 else z
    half = quantile * math.sqrt(spread / n)
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return mean, low, high


def effective_count(weights: Sequence[float]) -> float:
    """How many equally weighted values ``weights`` are worth for an average's spread:
    (Σw)² / Σw² (Kish's effective sample size); the count itself when they are equal.

    >>> effective_count([1, 1, 1, 1]), effective_count([1, 3])
    (4.0, 1.6)
    """
    total = math.fsum(weights)
    squares = math.fsum(w * w for w in weights)
    if total <= 0 or squares <= 0:
        raise ValueError("the weights must be positive")
    return total * total / squares


def weighted_rate_interval(
    won: Sequence[bool], weights: Sequence[float], z: float = Z95
) -> tuple[float, float, float]:
    """The weighted share won and its Wilson interval, taken at the
    :func:`effective_count` of the weights (equal weights: :func:`wilson_interval` exactly).

    >>> [round(x, 4) for x in weighted_rate_interval([True] * 8 + [False] * 2, [1] * 10)]
    [0.8, 0.4902, 0.9433]
    """
    total = math.fsum(weights)
    rate = math.fsum(w for w, x in zip(weights, won, strict=True) if x) / total
    n = effective_count(weights)
    low, high = wilson_interval(rate * n, n, z) if n >= 1 else (0.0, 1.0)
    return rate, low, high


def weighted_mean_interval(
    values: Sequence[float],
    weights: Sequence[float],
    bounds: tuple[float, float] | None = None,
) -> tuple[float, float, float]:
    """The weighted mean and its 95% interval: :func:`mean_interval` when the weights are
    equal; else mean ± t·s/√n with s the weighted standard deviation and n the
    :func:`effective_count`, kept inside ``bounds``.

    >>> [round(x, 3) for x in weighted_mean_interval([1, 2, 3, 4], [2, 2, 2, 2])]
    [2.5, 0.446, 4.554]
    """
    if len(set(weights)) <= 1:
        return mean_interval(values, bounds=bounds)
    total = math.fsum(weights)
    mean = math.fsum(w * v for w, v in zip(weights, values, strict=True)) / total
    n = effective_count(weights)
    spread = math.fsum(w * (v - mean) ** 2 for w, v in zip(weights, values, strict=True)) / total
    spread *= n / max(n - 1, 1e-9)
    degrees = math.floor(n) - 1
    quantile = _T95[degrees - 1] if 1 <= degrees < 30 else Z95
    half = quantile * math.sqrt(spread / n) if n > 1 else math.inf
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return mean, low, high
