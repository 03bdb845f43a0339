"""How the settlement's departures are told and filed: a model of every probe outweighs a
swap that matches a case or two, a count that holds more points settles more, and a loss
paid at a multiple of the ruleset's amount is said as that rule.

The values are built by hand (a finding, a deviation, a hypothesis): each test shows one
judgement of the kit, apart from any engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from frogspec.conform.accounting import FixedPoints, GroupCredited
from frogspec.conform.blame import _bonus_of_the_count as bonus_of_the_count
from frogspec.conform.blame import _coincidences_folded as coincidences_folded
from frogspec.conform.counterfactuals import composed, reference_answer
from frogspec.conform.deviations import Deviation, with_findings
from frogspec.conform.evidence import MarginFixed, MarginRaised, PaidTimes, TieMoved
from frogspec.conform.probes import probe_stages
from frogspec.conform.probes.base import Probe, StageFinding
from frogspec.conform.probes.settle import _margin_rounding, _settle, _tie_at, _tie_decided
from frogspec.conform.words import finding_instead, finding_when
from frogspec.harness import Adjust
from frogspec.rulesets import Ruleset
from frogspec.vectors.model import Case

Json = Any

SETTLE = {
    "op": "settle",
    "ruleset": "modern",
    "options": {},
    "players": 3,
    "dealer": 0,
    "bidder": 1,
    "contract": "frog",
    "bidder_points": 60,
}


def _tie_at_sixty_five(ruleset: Ruleset) -> Ruleset:
    return ruleset.replacing("settlement.sixty-is-a-tie", lambda points: points - 65)


def _tie_lost(ruleset: Ruleset) -> Ruleset:
    return ruleset.replacing("settlement.sixty-is-a-tie", lambda p: -1 if p == 60 else p - 60)


def _tie_finding(rulesets: tuple[str, ...], departure: Adjust) -> StageFinding:
    probe = Probe(SETTLE, {"result": [0, 0, 0]}, {"result": [5, -10, 5]}, ())
    return StageFinding(
        stage="settle",
        rule="settlement.sixty-is-a-tie",
        otherwise=TieMoved(65),
        agree=10,
        disagree=40,
        smallest=probe,
        rulesets=rulesets,
        model=lambda request: {"result": [5, -10, 5]},
        departure=departure,
    )


def _swapped_tie(in_rulesets: tuple[str, ...]) -> Deviation:
    return Deviation(
        rule="settlement.sixty-is-a-tie",
        reading=None,
        reading_rulesets=(),
        cases=("settle.modern.frog-60",),
        example={"id": "settle.modern.frog-60", "request": {"id": 1, **SETTLE}},
        confirmed=True,
        in_rulesets=in_rulesets,
        departure=_tie_lost,
    )


def test_a_model_of_every_probe_outweighs_a_swap_matching_a_case() -> None:
    (told,) = with_findings(
        [_swapped_tie(("modern",))], [_tie_finding(("foster-1909", "modern"), _tie_at_sixty_five)]
    )
    assert told.departure is _tie_at_sixty_five


def test_a_swap_stays_where_the_probes_did_not_reach_every_ruleset_of_its_cases() -> None:
    (told,) = with_findings(
        [_swapped_tie(("gamerules", "modern"))], [_tie_finding(("modern",), _tie_at_sixty_five)]
    )
    assert told.departure is _tie_lost


def test_a_finding_of_some_rulesets_leaves_a_group_of_others_unexplained() -> None:
    # Settle cases failing alike in foster-1909, gamerules and modern (the count's tie
    # moved, say), their example a modern one; the probes found a departure in modern only.
    # The group, mostly of rulesets the probes agreed in, is not that departure: it is left
    # as it was, and the finding is said on its own.
    from frogspec.conform.evidence import PaymentsChanged
    from frogspec.conform.words import Circumstances

    group = Deviation(
        rule=None,
        reading=None,
        reading_rulesets=(),
        cases=("settle.modern.frog-60", "settle.gamerules.frog-60", "settle.foster-1909.frog-60"),
        example={"id": "settle.modern.frog-60", "request": {"id": 1, **SETTLE}},
        differences=(PaymentsChanged((5, -10, 5), (0, 0, 0)),),
        circumstances=Circumstances(("foster-1909", "gamerules", "modern")),
    )
    finding = _tie_finding(("modern",), _tie_at_sixty_five)
    found = with_findings([group], [finding])
    assert group in found
    (said,) = [d for d in found if d.rule == "settlement.sixty-is-a-tie"]
    assert said.cases == ()
    # Where its cases are mostly of the finding's rulesets, the finding says the group.
    mostly = replace(group, circumstances=Circumstances(("gamerules", "modern")))
    (told,) = with_findings([mostly], [finding])
    assert told.rule == "settlement.sixty-is-a-tie" and told.cases == group.cases


SETTLE_BEYOND = {**SETTLE, "bidder_points": 125}
REFUSED = {"error": {"kind": "invalid", "message": "bidder_points must be 0 to 120"}}


def test_a_count_of_more_points_settles_points_beyond_the_packs() -> None:
    ten_more = FixedPoints("scoring.count-card-points", 10)
    assert ten_more.takes_points(SETTLE_BEYOND, REFUSED, {"result": [-65, 130, -65]})
    # A later rule's refusal is the engine taking the points too.
    illegal = {"error": {"kind": "illegal", "rule": "auction.contracts-without-frog"}}
    assert ten_more.takes_points(SETTLE_BEYOND, REFUSED, illegal)


def test_points_beyond_what_the_count_adds_are_not_its_doing() -> None:
    ten_more = FixedPoints("scoring.count-card-points", 10)
    too_many = {**SETTLE, "bidder_points": 131}
    assert not ten_more.takes_points(too_many, REFUSED, {"result": [-66, 132, -66]})
    assert not ten_more.takes_points(SETTLE_BEYOND, REFUSED, REFUSED)
    within = {**SETTLE, "bidder_points": 120}
    assert not ten_more.takes_points(within, {"result": [60, -120, 60]}, {"result": [0, 0, 0]})


def test_cards_that_change_sides_add_no_points() -> None:
    widow = GroupCredited("scoring.widow-counts-for-bidder", "widow")
    assert widow.added == 0
    assert not widow.takes_points(SETTLE_BEYOND, REFUSED, {"result": [-65, 130, -65]})


def _paid(asked: dict[str, Json], adjust: Adjust | None) -> Json:
    """The payments the reference, with ``adjust`` applied, answers ``asked`` with."""
    answer = reference_answer({"id": 1, **asked}, adjust)
    assert "result" in answer, answer
    return answer["result"]


def _departing(adjust: Adjust) -> Callable[[dict[str, Json]], dict[str, Json]]:
    """An engine that answers as the reference with ``adjust`` applied to every ruleset."""

    def ask(request: dict[str, Json]) -> dict[str, Json]:
        return {"id": request.get("id"), **reference_answer(request, adjust)}

    return ask


def _loss_times(times: int) -> Adjust:
    def adjust(ruleset: Ruleset) -> Ruleset:
        rates = ruleset.rules.rates
        return ruleset.replacing(
            ruleset.rule_id("rates"),
            lambda c, margin, won: rates(c, margin, won) * (1 if won else times),
        )

    return adjust


@pytest.mark.parametrize("times", [2, 3])
def test_a_loss_paid_at_a_multiple_is_one_rule_on_every_probe(times: int) -> None:
    rulesets = ["foster-1909", "gamerules", "official-1922-coeur-dalene"]
    (finding,) = probe_stages(_departing(_loss_times(times)), ["settle"], rulesets)
    assert finding.otherwise == PaidTimes(times, won=False)
    assert finding.departure is not None and finding.model is not None
    assert {finding.rule, *finding.also} == {
        "settlement.rates-1-2-4",
        "settlement.rates-1-2-3",
        "settlement.coeur-dalene-loser-pays-same",
    }
    # Joined from three rulesets, the departure is applied once: it answers as the engine.
    for ruleset in rulesets:
        lost = {**SETTLE, "ruleset": ruleset, "bidder_points": 30}
        assert _paid(lost, finding.departure) == _paid(lost, _loss_times(times))
    assert finding_when(finding).endswith("when the bidder loses")
    assert finding_instead(finding).startswith(
        "a losing bidder pays each player who settles with him "
        + ("twice" if times == 2 else "3 times")
        + " the amount the ruleset sets"
    )


def test_a_loss_paid_more_at_one_contract_only_is_no_multiple_of_every_loss() -> None:
    def grand_loss_doubled(ruleset: Ruleset) -> Ruleset:
        rates = ruleset.rules.rates
        return ruleset.replacing(
            ruleset.rule_id("rates"),
            lambda c, margin, won: rates(c, margin, won) * (2 if not won and int(c) == 3 else 1),
        )

    found = probe_stages(_departing(grand_loss_doubled), ["settle"], ["foster-1909"])
    assert found and not any(isinstance(f.otherwise, PaidTimes) for f in found)


def _slam_times(times: int) -> Adjust:
    def adjust(ruleset: Ruleset) -> Ruleset:
        rates = ruleset.rules.rates
        return ruleset.replacing(
            ruleset.rule_id("rates"),
            lambda c, margin, won: rates(c, margin, won) * (times if margin == 60 else 1),
        )

    return adjust


def test_payments_at_a_multiple_where_one_side_takes_every_point_are_said_at_those_points() -> None:
    rulesets = ["foster-1909", "gamerules", "official-1922-straight"]
    (finding,) = probe_stages(_departing(_slam_times(2)), ["settle"], rulesets)
    assert finding.otherwise == PaidTimes(2, won=None)
    assert finding_when(finding).endswith("when the bidder takes 0 or 120 points")
    assert finding_instead(finding).startswith("each payment is twice the amount the ruleset sets")
    assert {finding.rule, *finding.also} == {
        "settlement.rates-1-2-4",
        "settlement.rates-1-2-3",
        "settlement.rates-straight-1-2",
    }
    for ruleset in rulesets:
        slam = {**SETTLE, "ruleset": ruleset, "contract": "grand", "bidder_points": 120}
        assert _paid(slam, finding.departure) == _paid(slam, _slam_times(2))


def test_a_multiple_at_some_scores_that_an_agreeing_probe_refutes_is_not_said() -> None:
    # Doubled at 0 and 120 in a Grand only: a Frog at 120 paid as written refutes "every
    # payment at 0 or 120 doubled".
    def grand_slam_doubled(ruleset: Ruleset) -> Ruleset:
        rates = ruleset.rules.rates
        return ruleset.replacing(
            ruleset.rule_id("rates"),
            lambda c, margin, won: (
                rates(c, margin, won) * (2 if margin == 60 and int(c) == 3 else 1)
            ),
        )

    found = probe_stages(_departing(grand_slam_doubled), ["settle"], ["foster-1909"])
    assert found and not any(f.otherwise == PaidTimes(2, won=None) for f in found)


def _margin_raised(ruleset: Ruleset) -> Ruleset:
    """30 points added to the margin where the winning side takes 90 or more."""
    result = ruleset.rules.bidder_result

    def raised(points: int) -> int:
        margin = result(points)
        if points >= 90 or points <= 30:
            return margin + (30 if margin > 0 else -30)
        return margin

    return ruleset.replacing("settlement.sixty-is-a-tie", raised)


def test_a_margin_raised_past_a_score_is_one_rule_said_as_the_rule() -> None:
    # Every ruleset paid by the point: one margin raised, at the scores of a side that
    # takes 90 or more, the tie's rule changed (not one rate rule for each ruleset).
    rulesets = ["foster-1909", "gamerules", "official-1922-straight"]
    (finding,) = probe_stages(_departing(_margin_raised), ["settle"], rulesets)
    assert finding.otherwise == MarginRaised(30, 90, 30)
    assert finding.rule == "settlement.sixty-is-a-tie"
    assert finding_when(finding).endswith("when the bidder takes 90 or more or 30 or fewer points")
    assert finding_instead(finding) == (
        "when the winning side takes 90 points or more, the margin over or under 60 is raised "
        "by 30 points before the rate applies"
    )
    # A score no probe asked (23, 97) is paid as the engine pays it.
    for ruleset in rulesets:
        for points in (23, 97, 45):
            asked = {**SETTLE, "ruleset": ruleset, "contract": "grand", "bidder_points": points}
            assert _paid(asked, finding.departure) == _paid(asked, _margin_raised)


def _doubled_past_ninety(ruleset: Ruleset) -> Ruleset:
    rates = ruleset.rules.rates
    return ruleset.replacing(
        ruleset.rule_id("rates"),
        lambda c, margin, won: rates(c, margin, won) * (2 if margin >= 30 else 1),
    )


def test_payments_at_a_multiple_past_a_score_are_said_and_modelled_past_it() -> None:
    # Doubled where the losing side takes 30 or fewer: the probes ask every fifth score,
    # and the departure holds for the scores between them too.
    (finding,) = probe_stages(_departing(_doubled_past_ninety), ["settle"], ["modern"])
    assert finding.otherwise == PaidTimes(2, won=None)
    assert finding_when(finding).endswith("when the bidder takes 90 or more or 30 or fewer points")
    for points in (23, 97, 45, 88):
        asked = {**SETTLE, "contract": "chico", "bidder_points": points}
        assert _paid(asked, finding.departure) == _paid(asked, _doubled_past_ninety)


def _five_more(ruleset: Ruleset) -> Ruleset:
    """A flat 5 points added to every margin but the tie's: (margin + 5) × rate."""
    result = ruleset.rules.bidder_result

    def raised(points: int) -> int:
        margin = result(points)
        return margin + 5 if margin > 0 else margin - 5 if margin < 0 else 0

    return ruleset.replacing("settlement.sixty-is-a-tie", raised)


def test_a_margin_raised_in_every_ruleset_is_raised_once_in_each() -> None:
    # The tie's rule is every ruleset's: each ruleset's finding, joined, raises its own
    # margin, once (six raises of 5 applied everywhere would pay a Chico lost by 20 at 50
    # points a player, not 25).
    rulesets = ["foster-1909", "gamerules", "hoyle-1907", "modern", "official-1922-solo"]
    (finding,) = probe_stages(_departing(_five_more), ["settle"], rulesets)
    assert finding.otherwise == MarginRaised(5, 61, 59)
    for ruleset in rulesets:
        for points in (40, 95, 60):
            asked = {**SETTLE, "ruleset": ruleset, "contract": "chico", "bidder_points": points}
            assert _paid(asked, finding.departure) == _paid(asked, _five_more), (ruleset, points)


def _confirmed_on(case_id: str, rule: str) -> Deviation:
    return Deviation(
        rule=rule,
        reading=None,
        reading_rulesets=(),
        cases=(case_id,),
        example={},
        confirmed=True,
        departure=_loss_times(2),
    )


def test_a_swap_confirmed_on_a_deal_a_probed_model_answers_is_folded_into_it() -> None:
    # A Chico lost by 20 in Hoyle's game, paid with 5 points more on the margin: (20 + 5) × 2
    # = 50 a player, as a rate of 4 would pay... on that margin only. The probes' model
    # answers it: the rate is no second departure.
    from .test_diagnosis import answered_case

    lost = {"id": 1, **SETTLE, "ruleset": "hoyle-1907", "players": 4, "contract": "chico"}
    case = answered_case("settle.hoyle.chico-40", {**lost, "bidder_points": 40})
    actual = {"id": 1, **reference_answer(case.request, _five_more)}
    probed = replace(
        _confirmed_on("settle.modern.frog-95", "settlement.sixty-is-a-tie"),
        confirmed=False,
        otherwise=_tie_finding(("hoyle-1907", "modern"), _five_more),
        departure=_five_more,
    )
    rate = _confirmed_on(case.id, "settlement.rates-1-2-4")
    by_id = {case.id: (case, actual)}
    (folded,) = coincidences_folded([rate, probed], by_id, lambda: True)
    assert folded.rule == "settlement.sixty-is-a-tie"
    assert folded.cases == ("settle.modern.frog-95", case.id)
    # Where the probes' model answers otherwise than the engine, the swap stands apart.
    otherwise = {"id": 1, **reference_answer(case.request, _loss_times(2))}
    kept = coincidences_folded([rate, probed], {case.id: (case, otherwise)}, lambda: True)
    assert [d.rule for d in kept] == ["settlement.rates-1-2-4", "settlement.sixty-is-a-tie"]


def _game_counted(case_id: str, reference: int, engine: int) -> tuple[Case, Json]:
    """A finished game the reference counts ``reference`` for the bidder, the engine
    ``engine``."""
    game = {"id": 1, "op": "game", "ruleset": "modern", "players": 3, "dealer": 0}
    case = Case(
        id=case_id,
        file="cases",
        description="",
        rules=(),
        request=game,
        response={
            "id": 1,
            "result": {"points": {"bidder": reference, "defenders": 120 - reference}},
        },
    )
    return case, {"id": 1, "result": {"points": {"bidder": engine, "defenders": 120 - engine}}}


def test_a_margin_raised_as_the_games_count_is_raised_is_one_bonus_of_the_count() -> None:
    # The engine counts a bidder 10 more where he takes 91 or more (10 fewer at 30 or
    # fewer), and its settle op pays given points so: one departure, of the count.
    margin = replace(
        _confirmed_on("settle.modern.frog-95", "settlement.sixty-is-a-tie"),
        confirmed=False,
        otherwise=replace(
            _tie_finding(("modern",), _five_more), otherwise=MarginRaised(10, 91, 30)
        ),
    )
    count = replace(_confirmed_on("game.slam", "scoring.count-card-points"), confirmed=False)
    games = [_game_counted("game.slam", 95, 105), _game_counted("game.even", 60, 60)]
    by_id = {case.id: (case, actual) for case, actual in games}
    (bonus,), finding = bonus_of_the_count([margin, replace(count, cases=tuple(by_id))], by_id)
    assert finding is margin.otherwise
    assert bonus.rule == "scoring.count-card-points"
    assert set(bonus.cases) == {"game.slam", "game.even", "settle.modern.frog-95"}
    assert bonus.instead.startswith("the bidder's count is raised by 10 points where he takes 91")
    # A game counted otherwise at another score: the margin stays the settlement's.
    by_id["game.even"] = _game_counted("game.even", 60, 70)
    kept, finding = bonus_of_the_count([margin, replace(count, cases=tuple(by_id))], by_id)
    assert finding is None and [d.rule for d in kept] == [margin.rule, count.rule]


def _tie_at_62_frog_loss_at_grand_rate(ruleset: Ruleset) -> Ruleset:
    """A King at 5 moves the tie to 62; a lost Frog is paid at the Grand's rate (4)."""
    rates = ruleset.rules.rates
    moved = ruleset.replacing("settlement.sixty-is-a-tie", lambda points: points - 62)
    return moved.replacing(
        ruleset.rule_id("rates"),
        lambda c, margin, won: rates(c, margin, won) * (4 if not won and int(c) == 1 else 1),
    )


def test_a_rate_is_measured_from_the_tie_the_engine_moved() -> None:
    # Judged against the reference with the tie at 62, a lost Frog pays 4 a point from
    # that tie, the Grand's rate: Penalty Frog, one rule, modelled. Measured from 60 it
    # would vary from score to score.
    found = probe_stages(_departing(_tie_at_62_frog_loss_at_grand_rate), ["settle"], ["modern"])
    (rate,) = [f for f in found if f.rule == "settlement.rates-1-2-4"]
    assert finding_instead(rate).startswith("a bidder who loses a frog pays what a lost grand")
    assert finding_when(rate) == "in modern, in a frog, when the bidder loses"
    assert rate.departure is not None
    lost = {**SETTLE, "bidder_points": 40}
    assert _paid(lost, rate.departure) != _paid(lost, _tie_at_62_frog_loss_at_grand_rate)
    assert _paid(lost, composed(_tie_at(62), rate.departure)) == _paid(
        lost, _tie_at_62_frog_loss_at_grand_rate
    )


def _sitting_out_settle_nothing(ruleset: Ruleset) -> Ruleset:
    def active_only(
        players: int, active: tuple[int, ...], bidder: int, contract: Any, won: bool
    ) -> tuple[int, ...]:
        return tuple(s for s in active if s != bidder)

    return ruleset.replacing(ruleset.rule_id("sitting_out"), active_only)


def test_a_settlement_leaving_out_only_those_sitting_out_is_the_rule_of_who_sits_out() -> None:
    # A losing bidder pays the active players only: the seats left out are those sitting
    # out, so the rule departed from is who sits out, not who settles with the bidder.
    found = probe_stages(_departing(_sitting_out_settle_nothing), ["settle"], ["modern"])
    assert found
    assert {f.rule for f in found} == {"settlement.sitting-out-receive-only"}


def test_a_defender_paid_where_he_should_pay_is_said_as_the_outcome_reversed() -> None:
    from frogspec.conform.evidence import PaidOtherwise
    from frogspec.conform.words import _otherwise_words

    reversed_ = PaidOtherwise("defender", 50, 50, receives=False, reversed=True)
    assert _otherwise_words(reversed_) == (
        "the bidder's win and loss are reversed: each defender receives 50 instead of paying 50"
    )


def _grand_paid_double(ruleset: Ruleset) -> Ruleset:
    rates = ruleset.rules.rates
    return ruleset.replacing(
        ruleset.rule_id("rates"),
        lambda c, margin, won: rates(c, margin, won) * (2 if int(c) == 3 else 1),
    )


def test_a_rate_of_a_contract_leaves_one_paid_at_its_rate_by_an_option_as_it_was() -> None:
    # The probes set no option: a Grand paid double says nothing of a lost Frog paid at
    # the Grand's rate where the request puts the penalty Frog in force. The model keeps
    # that Frog at the rate written, as the engine that doubles only its Grands does.
    found = probe_stages(_departing(_grand_paid_double), ["settle"], ["official-1922-solo"])
    (rate,) = [f for f in found if f.departure is not None]
    assert finding_instead(rate) == "pays 6 a point instead of 3"
    grand = {"id": 1, **SETTLE, "ruleset": "official-1922-solo", "contract": "grand"}
    assert _paid(grand, rate.departure) == _paid(grand, _grand_paid_double)
    frog = {
        "id": 1,
        **SETTLE,
        "ruleset": "official-1922-solo",
        "options": {"penalty_frog": True},
        "bidder_points": 50,
    }
    assert _paid(frog, rate.departure) == reference_answer(frog)["result"]

    # Asked again under the model with its rate swapped for another (as the diagnosis
    # tries a rule's rivals), the Frog rated as a Grand leaves no trace on the next
    # request: a Grand lost without the option is still paid double.
    def one_a_point(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("settlement.rates-1-2-3", lambda contract, margin, won: margin)

    for _ in range(3):
        reference_answer(frog, one_a_point, assumed=rate.departure)
    lost = {**grand, "bidder_points": 50}
    assert _paid(lost, rate.departure) == _paid(lost, _grand_paid_double)


def _tie_and_margin_rounded(tie: int, rounded_to: int | None) -> Adjust:
    """The settlement from ``tie``, each margin rounded up to ``rounded_to`` (if given)."""

    def adjust(ruleset: Ruleset) -> Ruleset:
        moved = _tie_at(tie)(ruleset)
        return moved if rounded_to is None else _margin_rounding(rounded_to, "up")(moved)

    return adjust


def test_a_margin_rounded_from_the_tie_the_count_moves_is_said_apart_from_the_tie() -> None:
    from frogspec.conform.evidence import PaymentsRounded

    engine = _departing(_tie_and_margin_rounded(56, 5))
    # Without the count's tie, no one change of a rule gives these answers.
    plain = {f.otherwise for f in _settle(engine, ["modern"])}
    assert PaymentsRounded(5, "up", 0, 0, of_margin=True) not in plain
    # With the tie at half of the 112 points a deal holds by the engine's count, both.
    found = {f.otherwise for f in _settle(engine, ["modern"], tie_by_count=TieMoved(56))}
    assert TieMoved(56) in found
    assert PaymentsRounded(5, "up", 0, 0, of_margin=True) in found
    # A tie the engine moves elsewhere than the count's half is found where it is.
    elsewhere = _departing(_tie_and_margin_rounded(55, None))
    assert {f.otherwise for f in _settle(elsewhere, ["modern"], tie_by_count=TieMoved(50))} == {
        TieMoved(55)
    }


def test_a_tie_lost_where_the_count_puts_the_tie_is_said_at_that_tie() -> None:
    from frogspec.conform.evidence import TieDecided

    def engine_rules(ruleset: Ruleset) -> Ruleset:  # the tie at 56, and lost there
        return _tie_decided(False)(_tie_at(56)(ruleset))

    engine = _departing(engine_rules)
    found = {f.otherwise: f for f in _settle(engine, ["modern"], tie_by_count=TieMoved(56))}
    assert TieMoved(56) in found and TieDecided(56, False) in found
    decided = found[TieDecided(56, False)]
    assert finding_instead(decided).startswith("the bidder loses as if he had taken 55")
    # Its model decides the tie where the count puts it: at 56, not at 60.
    assert decided.departure is not None
    for points, paid in ((56, [1, -2, 1]), (60, [-4, 8, -4])):
        ask = {**SETTLE, "id": 1, "bidder_points": points}
        assert reference_answer(ask, decided.departure) == {"result": paid}


def _game_settled(case_id: str, points: int, payments: list[int]) -> tuple[Case, Json]:
    """A failing modern game (a Frog bid by seat 1) the engine ends with the bidder at
    ``points`` and ``payments``, where the reference's count and payments differ."""
    game = {"id": 1, "op": "game", "ruleset": "modern", "options": {}, "players": 3}
    case = Case(
        id=case_id,
        file="cases",
        description="",
        rules=(),
        request={**game, "dealer": 0},
        response={"id": 1, "result": {"phase": "over", "payments": [0, 0, 0]}},
    )
    over = {"phase": "over", "bidder": 1, "contract": "frog", "payments": payments}
    return case, {"id": 1, "result": {**over, "points": {"bidder": points}}}


def test_a_game_the_engine_settles_at_its_tie_as_the_probes_found_is_filed_under_the_tie() -> None:
    from frogspec.conform.blame import _tie_settled_as_found as tie_settled_as_found
    from frogspec.conform.evidence import TieDecided

    def engine_rules(ruleset: Ruleset) -> Ruleset:  # the count's tie at 62, lost there
        return _tie_decided(False)(_tie_at(62)(ruleset))

    found = {
        f.otherwise: f
        for f in _settle(_departing(engine_rules), ["modern"], tie_by_count=TieMoved(62))
    }
    decided = found[TieDecided(62, False)]
    # The count's departure parts every game first; the unit ops found the tie lost.
    lost = _game_settled("lost-at-62", 62, [1, -2, 1])
    by_id = {
        "lost-at-62": lost,
        "won-at-62": _game_settled("won-at-62", 62, [-1, 2, -1]),
        "lost-at-61": _game_settled("lost-at-61", 61, [1, -2, 1]),
    }
    counted = Deviation(
        rule="cards.points",
        reading=None,
        reading_rulesets=(),
        cases=tuple(by_id),
        example={"id": "lost-at-62", "request": lost[0].request},
    )
    filed = tie_settled_as_found([counted], [decided], by_id)
    tie = next(d for d in filed if d.rule == "settlement.sixty-is-a-tie")
    assert tie.cases == ("lost-at-62",) and tie.touched == ("lost-at-62",)
    assert filed[0] == counted  # the count's deviation keeps its cases: both touch it
    # A game played again on the engine's own deal shows it too, filed under its case.
    again = [("won-at-62", *_game_settled("played", 62, [1, -2, 1]))]
    with_again = tie_settled_as_found([counted], [decided], by_id, again)
    assert [d.cases for d in with_again if d.rule == tie.rule] == [("lost-at-62", "won-at-62")]
    # No game at the tie, none filed: the finding stays the probes' alone.
    assert tie_settled_as_found([counted], [decided], {"lost-at-61": by_id["lost-at-61"]}) == [
        counted
    ]


def test_a_contract_refused_at_every_probe_is_the_rulesets_contracts() -> None:
    from frogspec.conform.evidence import ContractRefused

    plain = _departing(_tie_decided(False))

    def engine(request: dict[str, Json]) -> dict[str, Json]:  # no Grand, and 60 loses
        if request.get("op") == "settle" and request.get("contract") == "grand":
            return {"id": request.get("id"), "error": {"kind": "illegal", "message": "no"}}
        return plain(request)

    found = _settle(engine, ["modern", "official-1922-straight"])
    refused = {(f.rulesets, f.rule) for f in found if f.otherwise == ContractRefused("grand")}
    assert refused == {
        (("modern",), "auction.contracts-frog-chico-grand"),
        (("official-1922-straight",), "auction.contracts-without-frog"),
    }
    assert finding_instead(
        next(f for f in found if isinstance(f.otherwise, ContractRefused))
    ).startswith("a Grand may not be bid")
    # The refusals leave the rest of the settlement to be found as it is: the tie lost.
    from frogspec.conform.evidence import TieDecided

    assert {f.rulesets for f in found if f.otherwise == TieDecided(60, False)} == {
        ("modern",),
        ("official-1922-straight",),
    }


def test_a_line_half_a_point_above_a_score_is_found_as_no_tie() -> None:
    # A deal of 131 points (a card counted double) puts the line at 65½: the bidder wins
    # with 66 by 1 and loses with 65 by 1. No whole tie gives both: the line half a
    # point above 65 does, in a ruleset paid by the point and in one of fixed amounts.

    engine = _departing(_tie_at(65, half=True))
    for ruleset in ("modern", "official-1922-coeur-dalene"):
        (found,) = _settle(engine, [ruleset])
        assert found.otherwise == TieMoved(65, half=True)
        assert finding_instead(found) == (
            "no score ties (the line is 65½ points instead of a tie at 60): the bidder wins "
            "with 66 or more, by his points less 65, and loses with 65 or fewer, by 66 less "
            "his points"
        )
    # A whole tie moved is found as before.
    (whole,) = _settle(_departing(_tie_at(65)), ["modern"])
    assert whole.otherwise == TieMoved(65)


def _flat_frog(ruleset: Ruleset) -> Ruleset:
    """A Frog settled as a margin of 10 whatever the bidder takes (the rate applying to it,
    a lost Frog at the Grand's where Penalty Frog is in force)."""
    rates, rate_as = ruleset.rules.rates, ruleset.rules.rate_as

    def rated(contract: Any, margin: int, won: bool) -> int:
        return int(rates(contract, 10 if contract == 1 else margin, won))

    if rate_as is None:
        return ruleset.replacing(ruleset.rule_id("rates"), rated)
    return ruleset  # not asked: the probes set no option


@pytest.mark.parametrize("ruleset", ["modern", "foster-1909", "official-1922-solo"])
def test_a_contract_settled_as_one_margin_whatever_the_points_is_said_as_that_margin(
    ruleset: str,
) -> None:

    (found,) = _settle(_departing(_flat_frog), [ruleset])
    assert found.otherwise == MarginFixed(10, "frog")
    assert finding_when(found) == f"in {ruleset}, in a frog"
    assert finding_instead(found) == (
        "a frog is settled as a margin of 10 points whatever the bidder takes: the rate "
        "applies to 10, won or lost, instead of to his points' margin over or under the tie"
    )
    # Its model pays a lost Frog at the Grand's rate on that margin, where an option puts
    # Penalty Frog in force.
    assert found.departure is not None
    if ruleset == "official-1922-solo":
        lost = {**SETTLE, "ruleset": ruleset, "options": {"penalty_frog": True}}
        assert _paid({**lost, "bidder_points": 25}, found.departure) == [30, -60, 30]


def test_a_margin_fixed_behind_a_line_half_a_point_above_a_score_is_found_after_it() -> None:
    # A deal of 131 points and a flat Frog: the Frogs between 61 and 65 lose by the line
    # and pay the flat margin; no candidate alone gives every probe, the two in turn do.

    def both(ruleset: Ruleset) -> Ruleset:
        return _flat_frog(_tie_at(65, half=True)(ruleset))

    found = _settle(_departing(both), ["modern"])
    assert [f.otherwise for f in found] == [TieMoved(65, half=True), MarginFixed(10, "frog")]
