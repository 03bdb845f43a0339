"""``python -m benchmarks.overrating``: its deals, its play-outs and its summary's maths
(the measurement itself is a run, not a test)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from benchmarks.overrating import VARIANTS, deal, play_out, summary
from frogspec.odds import FOOTER, bot_points, lay_away_candidates, play_position
from frogspec.rulesets import get_ruleset

PACK = (1 << 36) - 1


@pytest.mark.parametrize("index", [0, 1, 2, 7])
def test_a_deal_deals_the_pack_once_and_turns_the_bidder(index: int) -> None:
    hands, widow, place = deal(3, index)
    assert [h.bit_count() for h in hands] == [11, 11, 11] and widow.bit_count() == 3
    assert hands[0] | hands[1] | hands[2] | widow == PACK
    assert place == index % 3
    assert deal(3, index) == (hands, widow, place) != deal(4, index)


def test_the_bots_variant_is_the_odds_bots_column_and_each_variant_plays_to_the_end() -> None:
    rs = get_ruleset("foster-1909")
    hands, widow, place = deal(0, 1)
    lay_away = lay_away_candidates(hands[place] | widow)[0]
    state = play_position(rs, hands, widow, place, "frog", lay_away)
    assert play_out(state, "bots", 5) == bot_points(state, 5)
    for variant in VARIANTS:
        points = play_out(state, variant, 5)
        assert 0 <= points <= 120
        assert play_out(state, variant, 5) == points  # seeded: the same game again


def _row(contract: str, dd: int, played: int) -> dict[str, object]:
    return {"contract": contract, "dd": dd, **dict.fromkeys(VARIANTS, played)}


def test_the_summary_pairs_each_position_with_its_own_play() -> None:
    rows = [_row("grand", 70, 50), _row("grand", 80, 70), _row("grand", 40, 60)]
    grand = summary("foster-1909", rows)["grand"]
    assert grand["positions"] == 3 and grand["dd_won_positions"] == 2
    sampling = grand["sampling"]
    assert sampling["overrating_points"]["mean"] == pytest.approx(10 / 3, abs=1e-3)
    # Double-dummy wins two, play one (70): the win rate is overrated by a third.
    assert sampling["overrating_win_rate"]["mean"] == pytest.approx(1 / 3, abs=1e-3)
    # Over the two the double-dummy bidder wins: 20 and 10 points, one of two lost.
    assert sampling["dd_won"]["overrating_points"]["mean"] == 15
    assert sampling["dd_won"]["overrating_win_rate"]["mean"] == 0.5
    assert "frog" not in summary("foster-1909", rows)


def test_the_odds_quote_the_committed_measurement() -> None:
    # The footer's figures are the committed run's (frogspec/data/overrating.json).
    data = json.loads(
        resources.files("frogspec").joinpath("data", "overrating.json").read_text("utf-8")
    )
    assert f"{data['deals']} random {data['ruleset']} deals" in FOOTER
    for contract in ("frog", "chico", "grand"):
        overrating = data["contracts"][contract]["sampling"]["overrating_points"]["mean"]
        assert f"{-overrating:.1f} (" in FOOTER
