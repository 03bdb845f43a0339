"""The estimate's stated ranges, and the check that holds them against the sampled odds
(``benchmarks/estimate_check.py``): its logic on small inputs, and the committed result."""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.estimate_check import (
    CHECK_SEED,
    calibration,
    check_hands,
    coverage,
    score,
    scores,
    weighted_share,
)
from frogspec.errors import InvalidInputError
from frogspec.estimate import binomial_interval, estimate, mixture_interval
from frogspec.rules.cards import CardSet
from frogspec.worth import load_seats, seats_deals

HAND = CardSet.parse("AH 10H KH QH 9H AS 10S KD 7D AC 6C").mask


# ------------------------------------------------------------------- the 95% check's logic
def test_coverage_meets_the_target_at_95_in_100_and_not_below() -> None:
    assert coverage([True] * 95 + [False] * 5)["met"]
    assert not coverage([True] * 94 + [False] * 6)["met"]
    assert coverage([True, False]) == {"intervals": 2, "held": 1, "share": 0.5, "met": False}


def test_the_share_as_deals_come_counts_each_hand_by_its_weight() -> None:
    assert weighted_share([True, True, False], [1, 1, 2]) == 0.5
    assert weighted_share([True] * 3, [4, 1, 1]) == 1.0


def test_calibration_bins_hands_by_the_chance_estimated() -> None:
    bins = calibration([0.05, 0.08, 0.95, 1.0], [0.0, 0.5, 1.0, 0.5], [1, 3, 1, 1])
    assert [(b["from"], b["to"], b["hands"]) for b in bins] == [(0.0, 0.1, 2), (0.9, 1.0, 2)]
    assert bins[0]["observed"] == 0.375  # weighted: (0 * 1 + 0.5 * 3) / 4
    assert bins[1]["predicted"] == 0.975


def test_the_scores_are_those_of_every_sample() -> None:
    # A certain and right forecast scores 0; a half-chance 0.25 (Brier) and log 2.
    assert scores([1.0], [3], [3]) == {"brier": 0.0, "log": 0.0}
    assert scores([0.5, 0.5], [0, 4], [4, 4]) == {"brier": 0.25, "log": round(math.log(2), 4)}
    assert scores([0.0], [1], [1])["log"] > 13  # a sure forecast that failed: no infinity


def _entry(wins: list[int], payments: list[float], samples: int = 4) -> dict[str, Any]:
    return {
        "hand_number": 0, "hand": HAND, "seat": "eldest", "players": 3, "draw_weight": 1,
        "draws": 1, "ruleset": "foster-1909", "samples": samples,
        "contracts": [
            {"contract": c, "wins": w, "mean_payment": p, "mean_points": 60.0}
            for c, w, p in zip(("frog", "chico", "grand"), wins, payments, strict=True)
        ],
    }  # fmt: skip


def test_the_score_holds_each_sampled_answer_against_the_stated_range() -> None:
    inside = estimate(HAND, "foster-1909", samples=4)
    near = [round(r.win_chance * 4) for r in inside]
    at = [r.payment for r in inside]
    found = score([_entry(near, at)])
    assert found["win_interval"]["held"] == 3 and found["payment_interval"]["held"] == 3
    # A sampled payment past every range is outside.
    far = score([_entry(near, [10_000.0] * 3)])
    assert far["payment_interval"] == {"intervals": 3, "held": 0, "share": 0.0, "met": False}
    assert set(far["contracts"]) == {"Frog", "Chico", "Grand"}
    assert far["hands_checked"][0]["contracts"][0]["sampled_payment"] == 10_000.0


def test_the_check_hands_are_none_the_fit_reads_and_every_seat_and_table() -> None:
    hands = check_hands(9)
    assert {(h["seat"], h["players"]) for h in hands} == {
        (s, n) for s in ("eldest", "second", "dealer") for n in (3, 4, 5)
    }
    fitted = {d.hand for d in seats_deals(load_seats())}
    assert load_seats().seed != CHECK_SEED and not fitted & {h["hand"] for h in check_hands(48)}


# -------------------------------------------------------------------- the stated ranges
def test_a_binomial_interval_is_of_the_share_won_in_that_many_samples() -> None:
    assert binomial_interval([(0.5, 1.0)], 10) == (0.2, 0.8)
    assert binomial_interval([(0.0, 1.0)], 5) == (0.0, 0.0)
    assert binomial_interval([(0.0, 0.5), (1.0, 0.5)], 8) == (0.0, 1.0)


@given(st.floats(-50, 50), st.floats(0.01, 400))
def test_a_mixture_of_one_normal_is_its_central_interval(mean: float, variance: float) -> None:
    low, high = mixture_interval([(mean, variance, 1.0)])
    half = 1.959963984540054 * math.sqrt(variance)
    assert low == pytest.approx(mean - half, abs=1e-6) and high == pytest.approx(
        mean + half, abs=1e-6
    )


@settings(deadline=None, max_examples=30)  # each example integrates over the hand's spread
@given(st.sets(st.integers(0, 35), min_size=11, max_size=11), st.sampled_from([None, 1, 4, 50]))
def test_fewer_samples_state_a_wider_range(cards: set[int], samples: int | None) -> None:
    hand = sum(1 << c for c in cards)
    exact = estimate(hand, "foster-1909", seat="second", players=4)
    sampled = estimate(hand, "foster-1909", seat="second", players=4, samples=samples)
    for a, b in zip(exact, sampled, strict=True):
        assert (a.win_chance, a.payment) == (b.win_chance, b.payment)
        # Within the numerical integration's resolution (a hundredth of a unit of payment).
        resolution = 0.01 * (a.payment_interval[1] - a.payment_interval[0]) + 1e-6
        assert b.payment_interval[0] <= a.payment_interval[0] + resolution
        assert b.payment_interval[1] >= a.payment_interval[1] - resolution
        assert b.points_interval[0] <= a.points_interval[0] + 1e-9


def test_the_seat_and_the_table_change_the_estimate_as_they_should() -> None:
    eldest, dealer = estimate(HAND, "foster-1909"), estimate(HAND, "foster-1909", seat="dealer")
    assert [r.points for r in eldest] != [r.points for r in dealer]
    three, five = (estimate(HAND, "foster-1909", seat="second", players=n) for n in (3, 5))
    for a, b in zip(three, five, strict=True):
        assert (a.points, a.win_chance) == (b.points, b.win_chance)  # the cards play alike
    assert five[-1].payment_interval[0] < three[-1].payment_interval[0]  # a loss costs more
    with pytest.raises(InvalidInputError, match="exactly 3 players"):
        estimate(HAND, "gamerules", players=4)
    with pytest.raises(InvalidInputError, match="unknown seat"):
        estimate(HAND, "foster-1909", seat="north")


def test_the_committed_check_is_of_enough_hands_and_says_whether_it_met_the_target() -> None:
    run = json.loads(
        resources.files("frogspec").joinpath("data", "estimate_check.json").read_text("utf-8")
    )
    # The pages print it: it is the score of the committed samples by the committed estimate.
    samples = Path(__file__).parent.parent / "benchmarks" / "estimate_check_samples.jsonl"
    entries = [json.loads(line) for line in samples.read_text().splitlines()]
    again = score(entries)
    assert {k: v for k, v in run.items() if k in again} == json.loads(json.dumps(again))
    assert run["hands"] >= 40
    assert run["check_seed"] == CHECK_SEED and run["hands"] == len(run["hands_checked"])
    intervals = run["win_interval"]["intervals"]
    assert intervals == sum(len(h["contracts"]) for h in run["hands_checked"])
    assert run["win_interval"]["met"] == (run["win_interval"]["share"] >= 0.95)
    assert set(run["seats"]) == {"eldest", "second", "dealer"}


def test_odds_quick_prints_the_estimate_for_its_seat_and_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from frogspec.cli import main

    text = "AH 10H KH QH 9H AS 10S KD 7D AC 6C"
    args = ["odds", *text.split(), "--ruleset", "modern", "--quick", "--seat", "dealer"]
    assert main([*args, "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "bid by dealer under modern (4 players)" in out
    for row in estimate(HAND, "modern", seat="dealer", players=4):
        assert f"{row.payment:+.1f}" in out and f"{100 * row.win_chance:.1f}%" in out
    assert "what the sampled odds" in out
    with pytest.raises(SystemExit) as exit_status:  # past the option's range: a usage error
        main([*args, "--players", "9"])
    assert exit_status.value.code == 2 and "at most 5, got 9" in capsys.readouterr().err
