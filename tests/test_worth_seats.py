"""The second hand-worth run: every seat and table size, strong hands oversampled and
weighted back (frogspec.worth_design), its data, its tables, and running it on a cluster."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frogspec.errors import InvalidInputError
from frogspec.odds import points_now_solver, solver_points
from frogspec.odds.positions import play_position
from frogspec.odds.stats import effective_count, weighted_mean_interval, weighted_rate_interval
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CARDS, CardSet, Suit
from frogspec.rulesets import get_ruleset
from frogspec.worth import (
    SCHEMA_SEATS,
    _parse,
    by_seat,
    deal_hands,
    load,
    load_seats,
    row_for_hand,
    run,
    seats_deals,
    solved_deals,
)
from frogspec.worth_design import (
    SEAT_NAMES,
    TABLE_SIZES,
    WEAK_DRAW_WEIGHT,
    design_weights,
    draw_weight,
    is_strong,
    seats_deal,
)

HAND = CardSet.parse("AH 10H KH QH JH AS 10S AC 10C AD 6D").mask


def test_a_deal_of_the_design_deals_every_card_once_to_its_seat_and_table() -> None:
    for index in range(18):
        deal = seats_deal(5, index)
        masks = [*deal.hands, deal.widow]
        assert sum(m.bit_count() for m in masks) == 36
        assert sum(masks) == (1 << 36) - 1  # no card twice: the masks do not overlap
        assert deal.weight == draw_weight(deal.hands[deal.seat]) and deal.draws >= 1
        number = index // 2
        assert (deal.seat, deal.players, deal.hand_number) == (
            number % 3,
            TABLE_SIZES[number // 3 % 3],
            number,
        )
    # Two deals of one hand: the same hand, other cards unseen.
    first, second = seats_deal(5, 6), seats_deal(5, 7)
    assert first.hands[first.seat] == second.hands[second.seat]
    assert first.hands != second.hands


def test_the_design_keeps_strong_hands_more_often_than_they_come() -> None:
    # 400 hands of the design against 400 as they come (no solving: the dealing only).
    kept = [seats_deal(1, 2 * n) for n in range(400)]
    strong_kept = sum(is_strong(d.hands[d.seat]) for d in kept) / len(kept)
    pack = list(CARDS)
    dealt = []
    for n in range(400):
        random.Random(n).shuffle(pack)
        dealt.append(is_strong(sum(1 << c for c in pack[:11])))
    assert strong_kept > sum(dealt) / len(dealt) + 0.2


def test_the_weights_give_back_the_share_of_strong_hands_as_they_come() -> None:
    # Weighted back, the design's 1,500 hands hold as many strong hands as 6,000 dealt as
    # they come (about a third): the estimate of the share agrees within a few points.
    kept = [seats_deal(2, 2 * n) for n in range(1500)]
    weights = design_weights([d.weight for d in kept], [(d.hand_number, d.draws) for d in kept])
    weighted = math.fsum(
        w for w, d in zip(weights, kept, strict=True) if is_strong(d.hands[d.seat])
    )
    pack = list(CARDS)
    plain = 0
    for n in range(6000):
        random.Random(f"plain:{n}").shuffle(pack)
        plain += is_strong(sum(1 << c for c in pack[:11]))
    assert abs(weighted / math.fsum(weights) - plain / 6000) < 0.04


@given(
    st.lists(
        st.tuples(st.sampled_from([1, WEAK_DRAW_WEIGHT]), st.integers(1, 9)),
        min_size=1,
        max_size=40,
    )
)
def test_design_weights_sum_to_the_hands_dealt_share(hands: list[tuple[int, int]]) -> None:
    # Each weight is its draw weight times the share kept; over the hands they sum to the
    # hands kept times their mean draw weight over the mean draws: a weight 1 each where
    # every hand is kept at the first draw.
    weights = design_weights([w for w, _ in hands], [(n, d) for n, (_, d) in enumerate(hands)])
    kept = len(hands) / sum(d for _, d in hands)
    assert all(math.isclose(x, w * kept) for x, (w, _) in zip(weights, hands, strict=True))
    assert math.isclose(math.fsum(weights), kept * sum(w for w, _ in hands))
    if all(d == 1 and w == 1 for w, d in hands):
        assert weights == [1.0] * len(hands)


@given(st.lists(st.floats(0.1, 10), min_size=1, max_size=30))
def test_the_effective_count_lies_between_one_and_the_count(weights: list[float]) -> None:
    n = effective_count(weights)
    assert 1 - 1e-9 <= n <= len(weights) + 1e-9
    assert math.isclose(effective_count([w * 3 for w in weights]), n)


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=30))
def test_equal_weights_give_the_unweighted_intervals(values: list[int]) -> None:
    from frogspec.odds.stats import mean_interval, wilson_interval

    assert weighted_mean_interval(values, [2.5] * len(values)) == mean_interval(values)
    won = [v > 0 for v in values]
    rate, low, high = weighted_rate_interval(won, [1.0] * len(won))
    assert (low, high) == pytest.approx(wilson_interval(sum(won), len(won)))
    assert low <= rate <= high


def test_a_larger_table_plays_the_same_cards_alike() -> None:
    # The cards go to three at any table size: the double-dummy value of the same hands is
    # the same at three, four and five players.
    rs = get_ruleset("foster-1909")
    hands, widow = deal_hands(21, 3)
    for seat, play in ((0, "H"), (1, "D"), (2, "S")):
        values = {
            players: solver_points(play_position(rs, hands, widow, seat, play, 0, players))
            for players in TABLE_SIZES
        }
        assert len(set(values.values())) == 1, values


def _stub_seats(tmp_path: Path, deals: int) -> Path:
    out = tmp_path / "seats.json"
    run(deals, 4, 1, out, tmp_path / "p.jsonl", "stub", solver=points_now_solver,
        report=lambda _: None, design="seats")  # fmt: skip
    return out


def test_a_run_of_the_second_design_writes_its_weights_with_each_deal(tmp_path: Path) -> None:
    document = json.loads(_stub_seats(tmp_path, 8).read_text())
    assert document["schema"] == SCHEMA_SEATS and document["design"] == "seats"
    assert document["columns"][-5:] == ["seat", "players", "draw_weight", "draws", "hand_number"]
    assert "draw_weight" in document["weights"]
    data = _parse(document)
    deals = seats_deals(data)
    assert [d.hand_number for d in deals] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [(d.seat, d.players) for d in deals[::2]] == [(0, 3), (1, 3), (2, 3), (0, 4)]
    assert all(d.weight > 0 for d in deals)


def test_the_committed_seats_data_covers_every_seat_and_table_size() -> None:
    deals = seats_deals(load_seats())
    assert {d.seat for d in deals} == {0, 1, 2}
    assert {d.players for d in deals} == set(TABLE_SIZES)
    assert any(d.weight != deals[0].weight for d in deals)  # strong and weak hands both
    # Every deal of both runs, once each.
    assert len(solved_deals()) == len(deals) + load().deals


def test_the_tables_by_seat_are_weighted_and_keep_to_the_rulesets_tables() -> None:
    rows = by_seat("foster-1909", Contract.FROG)
    assert {seat for (seat, _), _ in rows} == {0, 1, 2}
    for _, row in rows:
        assert row.win_interval[0] <= row.win_rate <= row.win_interval[1]
    assert {players for (_, players), _ in by_seat("gamerules", Contract.FROG)} == {3}


def test_the_trumps_by_seat_count_the_second_runs_deals_of_that_seat_and_length() -> None:
    from frogspec.site.worth_pages import worth_page
    from frogspec.worth import features_of

    page = worth_page("foster-1909")
    table = page[page.index("Trumps held, by seat") : page.index("## Win rate by trumps held")]
    # A Frog's trumps are hearts: the eldest's deals with three hearts, every table size.
    chosen = [
        d
        for d in seats_deals(load_seats())
        if d.seat == 0 and features_of(d.hand, Suit.HEARTS).trumps == 3
    ]
    assert len(chosen) >= 10
    won = math.fsum(d.weight for d in chosen if d.row[1] > 60) / math.fsum(d.weight for d in chosen)
    assert f"| Frog | eldest | 3 | {len(chosen)} | {100 * won:.0f}% (" in table
    header = next(line for line in table.splitlines() if line.startswith("| contract | seat |"))
    assert "payment" not in header  # the payments are each table's: not pooled


def test_another_seats_row_comes_from_the_second_run_and_its_tables_payments() -> None:
    for seat in SEAT_NAMES[1:]:
        three = row_for_hand("foster-1909", HAND, seat, 3)
        five = row_for_hand("foster-1909", HAND, seat, 5)
        assert [r.samples for r in three] == [r.samples for r in five]
        assert all("every deal" in r.matched or "trumps" in r.matched for r in three)
        # A loss costs more at a larger table.
        assert five[-1].payment_interval[0] < three[-1].payment_interval[0]


def test_a_run_refuses_an_unknown_design(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="design: eldest or seats"):
        run(2, 1, 1, tmp_path / "o.json", tmp_path / "p.jsonl", "c", design="north")


# ------------------------------------------------------------------------- on a cluster
def test_the_cluster_option_without_dask_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # an import of it fails
    with pytest.raises(InvalidInputError, match=r"pip install 'frogspec\[cluster\]'"):
        run(2, 1, 1, tmp_path / "o.json", tmp_path / "p.jsonl", "c",
            solver=points_now_solver, cluster="tcp://127.0.0.1:1")  # fmt: skip


def test_a_run_on_a_cluster_gives_the_rows_of_a_local_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import types

    if not hasattr(sys.modules.get("site"), "PREFIXES"):
        # The suite's tests/site package can stand as "site" where Dask reads the
        # interpreter's site.PREFIXES when first imported: lend it those.
        lent = types.ModuleType("site")
        lent.PREFIXES = [sys.prefix, sys.exec_prefix]  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "site", lent)
    distributed = pytest.importorskip(
        "distributed", reason="Dask's distributed is an optional extra (frogspec[cluster])"
    )
    (tmp_path / "local").mkdir()
    local = _stub_seats(tmp_path / "local", 6)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        out = tmp_path / "cluster.json"
        done = run(6, 4, 1, out, tmp_path / "c.jsonl", "stub", solver=points_now_solver,
                   report=lambda _: None, design="seats", cluster=cluster.scheduler_address)  # fmt: skip
    assert done == 6
    assert json.loads(out.read_text())["rows"] == json.loads(local.read_text())["rows"]
