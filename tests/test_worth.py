"""The hand-worth analysis: the features players count, the committed data's schema, the
resumable run, the rows for a hand, and that the pages' figures come from the data."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from frogspec.errors import InvalidInputError
from frogspec.odds import points_now_solver
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CardSet, Suit
from frogspec.rulesets import RULESETS
from frogspec.site.worth_pages import worth_index_page, worth_page
from frogspec.worth import (
    PLAYS,
    SCHEMA,
    WorthData,
    _parse,
    deal_hands,
    deal_row,
    features_of,
    load,
    main,
    merge,
    overall,
    row_for_hand,
    run,
    table,
)

HAND = CardSet.parse("AH 10H KH QH JH AS 10S AC 10C AD 6D").mask


def test_features_of_counts_what_players_count() -> None:
    features = features_of(HAND, Suit.HEARTS)
    assert features == (5, 7, 0, 5)
    assert features_of(HAND, Suit.SPADES).trumps == 2
    assert features_of(HAND, None).trumps == 0
    spades = CardSet.parse("AS 10S KS QS JS 9S 8S 7S 6S AC 10C").mask
    assert features_of(spades, Suit.SPADES) == (9, 4, 2, 9)


@given(st.sets(st.integers(0, 35), min_size=11, max_size=11), st.sampled_from(list(Suit)))
def test_features_agree_with_the_suit_lengths(cards: set[int], trump: Suit) -> None:
    hand = sum(1 << c for c in cards)
    lengths = [sum(1 for c in cards if c // 9 == suit) for suit in Suit]
    features = features_of(hand, trump)
    assert features.trumps == lengths[trump] <= features.longest == max(lengths)
    assert features.voids == lengths.count(0) and features.longest >= 3
    assert 0 <= features.aces_and_tens <= 8


def _stub_data(tmp_path: Path, deals: int) -> WorthData:
    out, progress = tmp_path / "worth.json", tmp_path / "progress.jsonl"
    run(deals, 9, 1, out, progress, "stub", solver=points_now_solver, report=lambda _: None)
    return _parse(json.loads(out.read_text(encoding="utf-8")))


def test_the_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    out, progress = tmp_path / "worth.json", tmp_path / "progress.jsonl"
    said: list[str] = []
    assert run(3, 9, 1, out, progress, "c", solver=points_now_solver, report=said.append) == 3
    assert run(5, 9, 1, out, progress, "c", solver=points_now_solver, report=said.append) == 5
    assert said[-3].startswith("3 deals already done; 2 to solve")
    (tmp_path / "whole").mkdir()
    whole = _stub_data(tmp_path / "whole", 5)
    assert _parse(json.loads(out.read_text(encoding="utf-8"))).rows == whole.rows


def test_the_committed_data_follows_its_schema() -> None:
    data = load()
    assert data.meta["schema"] == SCHEMA and data.meta["plays"] == list(PLAYS)
    assert data.deals == len(data.rows) >= 1
    assert data.command.startswith("python -m frogspec.worth run ")
    assert f"--seed {data.seed}" in data.command and data.date
    for index, row in enumerate(data.rows):
        assert len(row) == 1 + 2 * len(PLAYS)
        # Each row is the deal its index draws from the seed: eldest's hand.
        assert row[0] == deal_hands(data.seed, index)[0][0]
        assert all(0 <= points <= 120 for points in row[1:])


def test_the_data_is_refused_with_another_schema() -> None:
    with pytest.raises(InvalidInputError, match="schema"):
        _parse({"schema": "other"})


def test_the_page_figures_come_from_the_data(tmp_path: Path) -> None:
    data = _stub_data(tmp_path, 12)
    page = worth_page("foster-1909", data)
    assert "**Deals solved:** 12" in page and "**Seed:** 9" in page
    frog = overall("foster-1909", Contract.FROG, data)
    assert f"| Frog | 12 | {round(100 * frog.win_rate)}% (" in page
    assert f"{frog.mean_payment:+.1f} ({frog.payment_interval[0]:+.1f} to " in page
    for value, row in table("foster-1909", Contract.GRAND, "trumps", data):
        assert f"| {value} | {row.samples} | {round(100 * row.win_rate)}% (" in page
    assert "<svg" in page and "Analysis, not rules" in page and "`foster-1909`" in page
    assert "**Deals solved:** 12" in worth_index_page(data)


def test_the_committed_page_states_the_run() -> None:
    data = load()
    for ruleset_id in RULESETS:
        page = worth_page(ruleset_id)
        assert f"**Deals solved:** {data.deals:,}" in page and f"`{ruleset_id}`" in page


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_row_for_hand_gives_each_contract(ruleset_id: str) -> None:
    rows = row_for_hand(ruleset_id, HAND)
    assert [row.contract for row in rows] == list(RULESETS[ruleset_id].rules.contracts())
    for row in rows:
        assert row.samples >= 1 and row.matched
        assert row.win_interval[0] <= row.win_rate <= row.win_interval[1]


def test_row_for_hand_refuses_what_it_has_no_data_for() -> None:
    with pytest.raises(InvalidInputError, match="unknown seat 'north'"):
        row_for_hand("modern", HAND, seat="north")
    with pytest.raises(InvalidInputError, match="exactly 3 players, got 4"):
        row_for_hand("gamerules", HAND, players=4)
    with pytest.raises(InvalidInputError, match="eleven cards"):
        row_for_hand("modern", HAND & (HAND - 1))
    with pytest.raises(InvalidInputError, match="unknown ruleset"):
        row_for_hand("nope", HAND)


@pytest.mark.slow
def test_the_first_committed_deal_is_solved_again_to_the_same_row() -> None:
    # Seven whole-deal solves: the data is what the command it names gives.
    data = load()
    assert deal_row((data.seed, 0, None)) == data.rows[0]


def test_shards_merged_give_the_whole_run(tmp_path: Path) -> None:
    # Three shards, each with its own progress file, merged: the rows of one whole run.
    files = [tmp_path / f"shard-{k}.jsonl" for k in range(3)]
    out = tmp_path / "worth.json"
    for k, progress in enumerate(files):
        run(7, 9, 1, out, progress, "c", solver=points_now_solver, report=lambda _: None,
            shard=(k, 3))  # fmt: skip
    assert not out.exists()  # a shard writes no data file
    assert [len(p.read_text().splitlines()) for p in files] == [3, 2, 2]
    said: list[str] = []
    assert merge(files, 9, out, report=said.append) == 7
    (tmp_path / "whole").mkdir()
    assert _parse(json.loads(out.read_text())).rows == _stub_data(tmp_path / "whole", 7).rows
    # Without the middle shard the data stops at its first deal, and says so.
    assert merge([files[0], files[2]], 9, out, report=said.append) == 1
    assert said[-2] == "deal 1 is missing: 4 later deals are left out until it is done"


def test_merge_refuses_shards_that_disagree(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"seed": 9, "index": 0, "row": [1, 2]}\n')
    second.write_text('{"seed": 9, "index": 0, "row": [1, 3]}\n')
    with pytest.raises(InvalidInputError, match="deal 0 of seed 9 is already done with another"):
        merge([first, second], 9, tmp_path / "out.json", report=lambda _: None)
    second.write_text("not json\n")
    with pytest.raises(InvalidInputError, match="line 1: not a deal of a run"):
        merge([second], 9, tmp_path / "out.json", report=lambda _: None)


def test_the_command_refuses_a_bad_shard(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["run", "--deals", "4", "--seed", "1", "--shard", "3/3"])
    assert "K runs from 0 to 2" in capsys.readouterr().err
    assert main(["merge", "--seed", "1", "/nonexistent/progress.jsonl"]) == 2
    assert "no progress file" in capsys.readouterr().err


def test_the_frog_values_are_labelled_the_lower_bound_they_are() -> None:
    from frogspec.worth import LAY_AWAY_LABEL

    data = load()
    assert data.meta["lay_away"] == LAY_AWAY_LABEL and "lower bound" in LAY_AWAY_LABEL
    assert "exact)" not in data.meta["solver"]
    for ruleset_id in RULESETS:
        text = " ".join(worth_page(ruleset_id).split())
        assert "The Frog's figures are a lower bound" in text
        assert "lay-away and trump are chosen knowing" not in text


# ------------------------------------------------------ one estimate from the features together
def test_the_committed_estimate_is_the_fit_of_the_committed_data() -> None:
    from frogspec.estimate import load_model
    from frogspec.estimate_fit import fit

    stored = load_model()
    assert json.loads(json.dumps(fit())) == stored
    assert stored["data"][0]["deals"] == load().deals


def test_the_estimate_beats_one_rate_for_every_hand_on_deals_it_never_saw() -> None:
    from frogspec.estimate import load_model

    for key, model in load_model()["models"].items():
        held = model["held_out"]
        assert held["deals"] >= 300, key
        assert held["brier"] < held["brier_of_the_base_rate"], key
        # Calibrated where the groups are large: within three standard errors of the share
        # won (and two points), which is 0.03 to 0.2 for these groups' sizes.
        for group in held["calibration"]:
            if group["deals"] >= 50:
                chance = group["predicted"]
                error = 3 * math.sqrt(chance * (1 - chance) / group["deals"]) + 0.02
                assert abs(chance - group["won"]) < error, (key, group)


@given(st.sets(st.integers(0, 35), min_size=11, max_size=11))
def test_the_estimate_is_a_chance_and_a_payment_within_the_rates(cards: set[int]) -> None:
    from frogspec.engine import new_deal, settle
    from frogspec.estimate import estimate
    from frogspec.rulesets import get_ruleset

    hand = sum(1 << c for c in cards)
    rs = get_ruleset("foster-1909")
    bidder = new_deal(rs, 3, 0, list(range(36))).order[0]
    for row in estimate(hand, rs):
        rates = [settle(rs, 3, 0, bidder, row.contract, p)[bidder] for p in range(121)]
        assert 0 <= row.win_interval[0] <= row.win_chance <= row.win_interval[1] <= 1
        assert min(rates) <= row.payment_interval[0] <= row.payment <= row.payment_interval[1]
        assert row.payment_interval[1] <= max(rates)


def test_a_strong_hand_is_estimated_strong_where_the_tables_cannot_say() -> None:
    # Foster, eldest: five hearts with the top three, two side Aces and a side Ten. The
    # trumps-only table puts the Grand at a loss on average; together the features say a
    # Grand is won in most deals.
    from frogspec.estimate import estimate

    by_trumps = dict(table("foster-1909", Contract.GRAND, "trumps"))
    assert by_trumps[5].mean_payment < 0
    hand = CardSet.parse("AH 10H KH QH 9H AS 10S KD 7D AC 6C").mask
    grand = next(r for r in estimate(hand, "foster-1909") if r.contract == Contract.GRAND)
    assert grand.win_chance > 0.8 and grand.payment > 0


def test_the_play_hint_gives_the_same_estimate_as_odds_quick() -> None:
    from frogspec.estimate import estimate
    from frogspec.rulesets import get_ruleset
    from frogspec.web_table import estimate_line, hint_rows

    rs = get_ruleset("modern")
    for seat, players in (("eldest", 3), ("dealer", 4), ("second", 5)):
        line = estimate_line(rs, HAND, seat, players)
        assert line is not None and "a Frog's a lower bound" in line
        for row in estimate(HAND, rs, seat=seat, players=players):
            low, high = row.win_interval
            assert f"{row.name} {row.win_chance:.0%} to win ({low:.0%} to {high:.0%}), " in line
            assert f"{row.payment:+.1f}" in line
        assert hint_rows(rs, HAND, seat, players)["hint"]["estimate"] == line
