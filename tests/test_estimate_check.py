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
    EARLIER_CHECK_SEED,
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
    assert load_seats().seed not in (CHECK_SEED, EARLIER_CHECK_SEED)
    assert not fitted & {h["hand"] for h in check_hands(48)}
    assert not {h["hand"] for h in check_hands(48)} & {
        h["hand"] for h in check_hands(48, EARLIER_CHECK_SEED)
    }


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
    folder = Path(__file__).parent.parent / "benchmarks"
    samples = folder / f"estimate_check_samples_seed{CHECK_SEED}.jsonl"
    entries = [json.loads(line) for line in samples.read_text().splitlines()]
    entries.sort(key=lambda entry: entry["hand_number"])  # as the score command takes them
    assert {e["check_seed"] for e in entries} == {CHECK_SEED}
    again = score(entries)
    assert {k: v for k, v in run.items() if k in again} == json.loads(json.dumps(again))
    assert run["hands"] >= 40
    assert run["check_seed"] == CHECK_SEED and run["hands"] == len(run["hands_checked"])
    # The earlier check is kept as it was: of its own hands, and not met for the payment.
    earlier = run["earlier"]
    kept = folder / f"estimate_check_samples_seed{EARLIER_CHECK_SEED}.jsonl"
    assert earlier["check_seed"] == EARLIER_CHECK_SEED
    assert earlier["hands"] == len(kept.read_text().splitlines()) == 48
    assert (earlier["payment_interval"]["held"], earlier["payment_interval"]["met"]) == (127, False)
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


def _exact_mean_interval(
    chances: list[float], payments: list[int], samples: int
) -> tuple[float, float]:
    # The central 95% of the mean payment over ``samples`` deals, by adding up the deals'
    # payments one at a time (every sum and its chance): the reference the ranges' mixture
    # of normals approximates.
    one: dict[int, float] = {}
    for points, chance in enumerate(chances):
        one[payments[points]] = one.get(payments[points], 0.0) + chance
    sums = {0: 1.0}
    for _ in range(samples):
        following: dict[int, float] = {}
        for total, chance in sums.items():
            for payment, other in one.items():
                following[total + payment] = following.get(total + payment, 0.0) + chance * other
        sums = following
    low = high = None
    below = 0.0
    for total, chance in sorted(sums.items()):
        below += chance
        if low is None and below >= 0.025:
            low = total / samples
        if high is None and below >= 0.975:
            high = total / samples
    assert low is not None and high is not None
    return low, high


@pytest.mark.parametrize("value", [45.0, 60.0, 75.0, 95.0])
@pytest.mark.parametrize("players", [3, 5])
def test_the_range_of_four_samples_mean_payment_is_that_of_four_deals_added(
    value: float, players: int
) -> None:
    # A hand whose own value is known: four deals' points spread about it as the estimate
    # takes them. The mean of four payments is lumpy (won and lost deals pay by different
    # rates at a table of five); the mixture the ranges use must still give its 95% range.
    from frogspec.engine import new_deal, settle
    from frogspec.estimate import _distribution, _mean_payment_parts
    from frogspec.rules.cards import CARDS
    from frogspec.rulesets import get_ruleset

    rs = get_ruleset("foster-1909")
    bidder = new_deal(rs, players, 0, list(CARDS)).order[1]
    wins = [rs.rules.bidder_result(p) > 0 for p in range(121)]
    for contract in rs.rules.contracts():
        payments = [settle(rs, players, 0, bidder, contract, p)[bidder] for p in range(121)]
        chances = _distribution(value, 12.0)
        stated = mixture_interval(_mean_payment_parts(chances, wins, payments, 4, 1.0))
        exact = _exact_mean_interval(chances, payments, 4)
        width = exact[1] - exact[0]
        assert stated == pytest.approx(exact, abs=0.025 * width)  # one normal: 5% off at five


# ---------------------------------------------------------------------- the fit's spreads
def test_two_deals_of_one_hand_that_agree_tell_no_more_than_one() -> None:
    from frogspec.estimate_fit import _least_squares

    xs = [(1.0, float(i % 7), float(i % 3)) for i in range(30)]
    ys = [2.0 + x[1] - 0.5 * x[2] + (i * 7 % 5 - 2) for i, x in enumerate(xs)]
    once = _least_squares(xs, ys, None, list(range(30)))[2]
    # Each deal twice: as two deals of one hand, and as two hands.
    same_hand = _least_squares(xs * 2, ys * 2, None, list(range(30)) * 2)[2]
    two_hands = _least_squares(xs * 2, ys * 2, None, list(range(60)))[2]
    for i in range(3):
        assert same_hand[i][i] == pytest.approx(once[i][i])
        assert two_hands[i][i] == pytest.approx(once[i][i] / 2)


def test_each_deal_is_measured_on_a_fit_that_did_not_read_its_hand() -> None:
    from frogspec.estimate import features
    from frogspec.estimate_fit import _cross_validated
    from frogspec.rules.cards import Suit
    from frogspec.worth import solved_deals

    deals = solved_deals()[:200] + seats_deals(load_seats())[:20]
    xs = [features(d.hand, Suit.HEARTS, d.seat) for d in deals]
    ys = [float(d.row[5]) for d in deals]
    before = _cross_validated(xs, ys, deals)
    # Moving the points of one hand's deals moves their misses by as much, and nothing else
    # of their part's: the line they are measured on never read them.
    moved = {i for i, d in enumerate(deals) if d.hand_number == deals[-1].hand_number}
    assert len(moved) == 2
    after = _cross_validated(xs, [y + 30 * (i in moved) for i, y in enumerate(ys)], deals)
    for i in moved:
        assert after[i][0] == pytest.approx(before[i][0] + 30)
        assert after[i][1] == pytest.approx(before[i][1])


def test_the_range_takes_the_spreads_of_the_hands_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    import frogspec.estimate as module

    strong, weak = HAND, CardSet.parse("AH 10H KS QS 9C 8C 7D 6D KD JS 6H").mask
    committed = module.load_model()
    models = {
        key: {
            **model,
            "within": {"strong": 30.0, "weak": 1.0},
            "between": {"strong": 0.0, "weak": 0.0},
            "between_by_seat": [0.0, 20.0, 0.0],
        }
        for key, model in committed["models"].items()
    }
    monkeypatch.setattr(module, "load_model", lambda: {**committed, "models": models})
    wide = estimate(strong, "foster-1909", samples=4)[-1]
    narrow = estimate(weak, "foster-1909", samples=4)[-1]
    assert wide.spread == pytest.approx(30.0, abs=0.5) and narrow.spread < 2
    # A seat whose deals show the features missing more takes its own, larger spread.
    second = estimate(weak, "foster-1909", seat="second", samples=4)[-1]
    assert second.spread == pytest.approx(20.0, abs=0.5)
    assert wide.points_interval[1] - wide.points_interval[0] > 10 * (
        narrow.points_interval[1] - narrow.points_interval[0]
    )
