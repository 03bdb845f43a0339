"""How a match's bank and its end are told: one bank joined across the rulesets that keep
one and those that count from 0, and one end of the match at a balance of 0 joined across
the rules of the end the rulesets keep, with a model that ends the match there.

The deviations are built by hand: each test shows one judgement of the kit, apart from
any engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from frogspec._types import Json
from frogspec.conform.blame import _one_bank
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.deviations import (
    Deviation,
    _match_ends,
    _one_end,
    joined_deviation,
    match_ends_at,
)
from frogspec.conform.diagnosis import answered_alike
from frogspec.conform.evidence import FieldChanged, MatchOtherwise
from frogspec.conform.match_end import end_at_limits
from frogspec.harness import Adjust
from frogspec.questions import Question
from frogspec.rulesets import get_ruleset, rulesets_using
from frogspec.vectors.model import Case, iter_cases, load_vectors


def _deviation(
    rule: str, cases: tuple[str, ...], otherwise: MatchOtherwise, rulesets: tuple[str, ...]
) -> Deviation:
    return Deviation(
        rule=rule,
        reading=None,
        reading_rulesets=(),
        cases=cases,
        example={},
        otherwise=otherwise,
        in_rulesets=rulesets,
        confirmed=rule == "match.first-unable-to-pay-loses",
    )


def _none_written(case_ids: Iterable[str]) -> int:
    return 0


def test_a_departure_found_apart_joined_counts_each_case_once() -> None:
    # The same case filed under both halves (a case two departures touch counts for both):
    # the joined deviation holds it once, counts the hand-written cases again, and keeps as
    # only touched none that the other files as its own.
    first = replace(
        _deviation("match.no-fixed-end", ("h1", "g1"), MatchOtherwise(0, 1), ("gamerules",)),
        touched=("g1",),
    )
    other = _deviation("match.no-fixed-end", ("g1", "h2"), MatchOtherwise(0, 1), ("modern",))
    joined = joined_deviation(
        first, [other], lambda ids: sum(c.startswith("h") for c in ids), confirmed=True
    )
    assert joined.cases == ("h1", "g1", "h2")
    assert joined.hand_written == 2
    assert joined.in_rulesets == ("gamerules", "modern")
    assert joined.circumstances.rulesets == ("gamerules", "modern")
    assert joined.touched == ()
    assert joined.confirmed


def test_a_swap_reproduces_only_the_cases_a_deviation_still_files() -> None:
    # Cases filed under another deviation later are no longer this one's: the count a
    # report gives ("reproduces N of these M cases") is of its own cases, never over M;
    # a departure joined counts what each part's swap reproduced.
    first = replace(
        _deviation("match.no-fixed-end", ("a", "b"), MatchOtherwise(0, 1), ("gamerules",)),
        reproduced_cases=("a", "b", "moved", "away"),
    )
    assert first.reproduced == 2
    other = replace(
        _deviation("match.no-fixed-end", ("c", "d"), MatchOtherwise(0, 1), ("modern",)),
        reproduced_cases=("d",),
    )
    joined = joined_deviation(first, [other], _none_written)
    assert (joined.reproduced, len(joined.cases)) == (3, 4)
    assert replace(joined, cases=("a",)).reproduced == 1


def test_a_match_ended_at_zero_across_the_rules_of_the_end_is_one_rule() -> None:
    # The 1922 rulesets end at 0 (a payer left with nothing); gamerules, which has no end,
    # ends below it: one departure, said as the rule, named by the rule a swap confirms.
    at_zero = _deviation(
        "match.first-unable-to-pay-loses",
        ("a", "b"),
        MatchOtherwise(0, 2, at_zero=True),
        ("official-1922-solo",),
    )
    below = _deviation(
        "match.no-fixed-end", ("c", "d", "e"), MatchOtherwise(0, 1, True), ("gamerules",)
    )
    (joined,) = _one_end([below, at_zero], _none_written)
    assert joined.rule == "match.first-unable-to-pay-loses"
    assert set(joined.cases) == {"a", "b", "c", "d", "e"}
    assert joined.in_rulesets == ("gamerules", "official-1922-solo")
    assert joined.instead == (
        "the match ends when a player's balance is 0 or below after a settlement: he loses"
    )
    # Its model ends the match at 0 where the rulesets shown keep those rules, and only there.
    assert joined.departure is not None
    balances, payments = [20, 150, 150], [-20, 40, -20]
    for ruleset, loser in (("gamerules", 0), ("official-1922-solo", 0), ("modern", None)):
        rules = joined.departure(get_ruleset(ruleset)).rules
        assert rules.game_end(balances, payments, 1, 3) == loser


def test_an_end_of_another_kind_is_not_joined() -> None:
    seat = _deviation("match.no-fixed-end", ("c",), MatchOtherwise(0, 1), ("gamerules",))
    at_zero = _deviation(
        "match.first-unable-to-pay-loses",
        ("a",),
        MatchOtherwise(0, 2, at_zero=True),
        ("official-1922-solo",),
    )
    assert len(_one_end([seat, at_zero], _none_written)) == 2


def test_one_bank_found_apart_is_joined_with_every_rulesets_bank() -> None:
    # A bank of 100 where the 1922 rulesets keep 120 and modern counts from 0, found in two
    # groups of cases: one bank, named by the rule of the one with most cases.
    solo = _deviation(
        "match.bank-120-chips",
        ("a", "b", "c"),
        MatchOtherwise(-20, bank=100, banks=(("official-1922-solo", 120),)),
        ("official-1922-solo",),
    )
    modern = _deviation(
        "match.counters-no-bank",
        ("d",),
        MatchOtherwise(100, bank=100, banks=(("modern", 0),)),
        ("modern",),
    )
    (joined,) = _one_bank([modern, solo], {})
    assert joined.rule == "match.bank-120-chips"
    assert set(joined.cases) == {"a", "b", "c", "d"}
    assert joined.instead == (
        "each player starts with 100 counters instead of 120 (official-1922-solo) and 0 (modern)"
    )


# --- an end at a balance of the engine's own ------------------------------------------


def _match_cases(rulesets: tuple[str, ...]) -> list[Case]:
    return [
        case
        for case in iter_cases(load_vectors())
        if case.op == "match" and case.request.get("ruleset") in rulesets
    ]


def _engine_ending_at(limit: int, rulesets: tuple[str, ...]) -> Adjust:
    """An engine that ends the match at a payer left with ``limit`` or below."""
    return match_ends_at(frozenset({"match.no-fixed-end"}), dict.fromkeys(rulesets, limit))


def _split_by_the_reading(
    cases: list[Case], engine: Adjust
) -> tuple[list[str], list[str], dict[str, tuple[Case, Json]], list[Case]]:
    """The failing cases split as the kit first files them: those the rival reading
    (below 0 ends it) answers as the engine did, and those nothing explains."""
    below = _match_ends(frozenset({"match.no-fixed-end"}), ("hoyle-1907", "modern"), False)
    read: list[str] = []
    unexplained: list[str] = []
    by_id: dict[str, tuple[Case, Json]] = {}
    passed: list[Case] = []
    for case in cases:
        actual = reference_answer(case.request, assumed=engine)
        if answered_alike(case, case.expected, actual):
            passed.append(case)
            continue
        by_id[case.id] = (case, actual)
        alike = answered_alike(case, reference_answer(case.request, assumed=below), actual)
        (read if alike else unexplained).append(case.id)
    return read, unexplained, by_id, passed


def test_a_match_ended_at_a_balance_of_the_engines_own_is_said_at_that_balance() -> None:
    # Without a bank the engine ends the match at a payer left with -120 or below: the
    # reading (below 0) explains the matches that end deep at once, not those it would end
    # earlier than the engine does. The matches bound the limit, and the end so changed
    # answers every one of them as the engine did.
    rulesets = ("hoyle-1907", "modern")
    engine = _engine_ending_at(-120, rulesets)
    read, unexplained, by_id, passed = _split_by_the_reading(_match_cases(rulesets), engine)
    assert read and unexplained  # the vectors show both kinds
    end = replace(
        _deviation("match.no-fixed-end", tuple(read), MatchOtherwise(0, 2, True), rulesets),
        departure=_match_ends(frozenset({"match.no-fixed-end"}), rulesets, False),
    )
    other = _deviation("match.no-fixed-end", tuple(unexplained), MatchOtherwise(), rulesets)
    other = replace(other, rule=None, otherwise=FieldChanged("over", False, True))
    (joined,) = end_at_limits([end, other], by_id, passed, _none_written, lambda d: d.departure)
    assert set(joined.cases) == set(read) | set(unexplained)
    assert isinstance(joined.otherwise, MatchOtherwise)
    (limit,) = joined.otherwise.limits
    assert limit.rulesets == rulesets
    assert limit.ended_at <= -120 < (limit.went_on_at or 0)
    assert joined.instead.startswith("the match ends when a payer's balance is ")
    for case, actual in by_id.values():
        assert answered_alike(
            case, reference_answer(case.request, assumed=joined.departure), actual
        )


def test_matches_no_limit_answers_are_left_unexplained() -> None:
    # An engine that ends the match at a seat of its own whatever the balances: no limit
    # answers its matches, and nothing is joined.
    rulesets = ("hoyle-1907", "modern")
    read, unexplained, by_id, passed = _split_by_the_reading(
        _match_cases(rulesets), _engine_ending_at(-120, rulesets)
    )
    first = unexplained[0]
    case, actual = by_id[first]
    assert isinstance(actual, dict) and "error" in actual
    by_id[first] = (
        case,
        {"result": {"balances": [0, 0, 0], "dealers": [0], "over": True, "loser": 0}},
    )
    end = replace(
        _deviation("match.no-fixed-end", tuple(read), MatchOtherwise(0, 2, True), rulesets),
        departure=_match_ends(frozenset({"match.no-fixed-end"}), rulesets, False),
    )
    other = replace(
        _deviation("match.no-fixed-end", tuple(unexplained), MatchOtherwise(), rulesets),
        rule=None,
        otherwise=FieldChanged("over", False, True),
    )
    assert end_at_limits([end, other], by_id, passed, _none_written, lambda d: d.departure) == [
        end,
        other,
    ]


def _all_unexplained(
    rulesets: tuple[str, ...], engine: Adjust
) -> tuple[Deviation, dict[str, tuple[Case, Json]], list[Case]]:
    """Every match the engine fails, as one unexplained deviation whose first difference
    ends the match where the reference plays on (no rule's swap ends it)."""
    read, unexplained, by_id, passed = _split_by_the_reading(_match_cases(rulesets), engine)
    cases = tuple(read + unexplained)
    other = replace(
        _deviation("match.no-fixed-end", cases, MatchOtherwise(), ()),
        rule=None,
        example={"description": "No rule. Where a match first departs: after deal 0."},
        differences=(FieldChanged("over", True, False), FieldChanged("loser", 2, None)),
    )
    return other, by_id, passed


def test_matches_no_rule_ends_are_named_by_the_end_their_balances_show() -> None:
    # Where no ruleset keeps a bank, no reading of the end ends a match as the engine does
    # (at a payer left with -100 or below): every match it ends is unexplained. Their
    # balances, and those of the matches it played on, still say where it ends them.
    rulesets = ("foster-1909", "hoyle-1907", "modern")
    other, by_id, passed = _all_unexplained(rulesets, _engine_ending_at(-100, rulesets))
    assert other.cases
    (named,) = end_at_limits([other], by_id, passed, _none_written, lambda d: d.departure)
    assert named.rule == "match.no-fixed-end" and named.status == "confirmed"
    assert set(named.cases) == set(other.cases)
    assert named.in_rulesets == rulesets and named.when == "in " + ", ".join(rulesets)
    assert isinstance(named.otherwise, MatchOtherwise)
    (limit,) = named.otherwise.limits
    assert limit.limit == -100 and limit.ended_at <= -100 < (limit.went_on_at or 0)
    assert named.instead.startswith("the match ends when a payer's balance is -100 or below")
    assert str(named.example["description"]).startswith("The game has no end set by the rules")
    assert named.example["rules"] == ["match.no-fixed-end"]
    for case, actual in by_id.values():
        assert answered_alike(case, reference_answer(case.request, assumed=named.departure), actual)


def test_matches_of_two_readings_of_the_end_are_not_named_by_one() -> None:
    # A ruleset that ends its match otherwise (a bank, the first unable to pay) among the
    # matches: no one reading to name, and they stay unexplained.
    rulesets = ("modern", "official-1922-solo")
    ends = frozenset(get_ruleset(r).rule_id(Question.GAME_END) for r in rulesets)
    assert len(ends) == 2
    engine = match_ends_at(ends, dict.fromkeys(rulesets, -100))
    other, by_id, passed = _all_unexplained(rulesets, engine)
    assert {by_id[c][0].ruleset for c in other.cases} == set(rulesets)
    assert end_at_limits([other], by_id, passed, _none_written, lambda d: d.departure) == [other]


def test_an_end_its_swap_found_that_its_own_matches_contradict_is_said_at_their_limit() -> None:
    # The engine ends the match at a payer left with -120 or below. Named by the rival
    # reading (below 0), which a swap confirms on a match that ends deep at once, among
    # matches played again (no model of it is held), the end holds matches that reading
    # would end earlier than the engine did: its matches bound the limit, which answers
    # each of them and each match passed.
    rulesets = ("hoyle-1907", "modern")
    engine = _engine_ending_at(-120, rulesets)
    read, unexplained, by_id, passed = _split_by_the_reading(_match_cases(rulesets), engine)
    assert read and unexplained
    below_zero = _match_ends(frozenset({"match.no-fixed-end"}), rulesets, False)
    cases = (*read, *unexplained)
    end = replace(
        _deviation("match.no-fixed-end", cases, MatchOtherwise(0, 2, True), rulesets),
        departure=below_zero,
    )
    (said,) = end_at_limits([end], by_id, passed, _none_written, lambda d: None)
    assert said.cases == cases and said.rule == end.rule
    assert isinstance(said.otherwise, MatchOtherwise)
    (limit,) = said.otherwise.limits
    assert limit.ended_at <= -120 < (limit.went_on_at or 0)
    assert said.instead.startswith("the match ends when a payer's balance is ")
    for case, actual in [*by_id.values(), *((c, c.expected) for c in passed)]:
        assert answered_alike(case, reference_answer(case.request, assumed=said.departure), actual)


def test_an_end_its_swap_found_that_every_match_agrees_with_is_kept() -> None:
    # An engine that ends the match below 0 as the rival reading does: a modelled reading
    # is kept as it is; one held without a model is said at the limit its matches bound,
    # which is that reading's (below 0: he cannot pay).
    rulesets = ("hoyle-1907", "modern")
    below_zero = _match_ends(frozenset({"match.no-fixed-end"}), rulesets, False)
    read, unexplained, by_id, passed = _split_by_the_reading(_match_cases(rulesets), below_zero)
    assert read and not unexplained
    end = replace(
        _deviation("match.no-fixed-end", tuple(read), MatchOtherwise(0, 2, True), rulesets),
        departure=below_zero,
    )
    assert end_at_limits([end], by_id, passed, _none_written, lambda d: d.departure) == [end]
    (said,) = end_at_limits([end], by_id, passed, _none_written, lambda d: None)
    assert isinstance(said.otherwise, MatchOtherwise)
    assert [limit.limit for limit in said.otherwise.limits] == [-1]
    assert said.instead.startswith("the match ends when a player cannot pay")


def _match_case(case_id: str) -> Case:
    return next(c for c in iter_cases(load_vectors()) if c.id == case_id)


def _paid_twice(case: Case, d: int, times: int = 2) -> tuple[dict[str, Json], Json, Json, Json]:
    """The match cut after deal ``d``, the reference's answer, an engine's that moves
    every balance ``times`` as far at that deal, and the reference's answer up to the deal
    before."""
    deals = case.request["deals"]
    assert isinstance(deals, list)
    prefix = {**case.request, "deals": deals[: d + 1]}
    ref = reference_answer(prefix)
    earlier = reference_answer({**prefix, "deals": deals[:d]})
    before = earlier["result"]["balances"]
    after = ref["result"]["balances"]
    moved = [b + times * (a - b) for b, a in zip(before, after, strict=True)]
    return prefix, ref, {"result": {**ref["result"], "balances": moved}}, earlier


def test_a_deal_paid_twice_after_one_passed_out_is_the_rates_after_a_passed_out_deal() -> None:
    from frogspec.conform.deviations import _paid_after_passed_out
    from frogspec.conform.diagnosis import Divergence, played_deals
    from frogspec.conform.diagnosis import _match_differences as match_differences
    from frogspec.conform.evidence import DealPaidTimes

    def paid_times(*differences: object) -> DealPaidTimes | None:
        return next((d for d in differences if isinstance(d, DealPaidTimes)), None)

    # Every player passed in the first deal; the engine pays the second twice over.
    case = _match_case("gen.match.foster-1909.p3.10100300")
    prefix, ref, eng, earlier = _paid_twice(case, 1)
    paid = paid_times(*match_differences(prefix, 1, ref, eng, None, earlier))
    assert isinstance(paid, DealPaidTimes)
    assert (paid.times, paid.after_passed_out) == (2, True)
    # A deal after a played one, paid so, says that it was.
    prefix_2, ref_2, eng_2, earlier_2 = _paid_twice(case, 2)
    played = paid_times(*match_differences(prefix_2, 2, ref_2, eng_2, None, earlier_2))
    assert isinstance(played, DealPaidTimes) and not played.after_passed_out
    # Balances that do not all move the same times over are no such deal.
    uneven = {"result": {**eng["result"], "balances": [*eng["result"]["balances"][:-1], 0]}}
    assert paid_times(*match_differences(prefix, 1, ref, uneven, None, earlier)) is None
    assert paid_times(*match_differences(prefix, 1, ref, ref, None, earlier)) is None

    def member(paid: DealPaidTimes) -> tuple[Case, Divergence]:
        at = Divergence.unplaced(case, 1, (), "", request=prefix, differences=(paid,))
        return case, at

    # A match the engine passed whose every deal played follows one played (or is the
    # first): deals paid alike that no deal passed out comes before.
    matches = [c for c in iter_cases(load_vectors()) if c.op == "match" and "result" in c.expected]
    other = next(
        c for c in matches if played_deals(c.request) and True not in played_deals(c.request)
    )
    named = _paid_after_passed_out([member(paid)], [other], None)
    assert named == ("settlement.rates-1-2-4", paid)
    # A match the engine passed that plays a deal after one passed out refutes it: the
    # engine paid that deal as the reference does.
    assert _paid_after_passed_out([member(paid)], [case], None) is None
    # So does a group of deals after a played one: the rates themselves.
    assert _paid_after_passed_out([member(played)], [other], None) is None


# --- an end at a target, and a payer unable to pay paying what he has ------------------


def test_matches_ended_at_a_target_are_named_by_the_target_their_balances_show() -> None:
    # The engine ends the match when a player is 200 up, the lowest balance losing: no
    # payer's limit answers that (the loser need not be a payer at all), but the highest
    # balance after each deal, where the matches ended and where they went on, bounds it.
    from frogspec.conform.match_end import _match_ends_at_target

    # Gamerules keeps a bank of 150: its target, 200 up as everywhere, is said at 350.
    rulesets = ("foster-1909", "gamerules", "hoyle-1907", "modern")
    targets = {r: 200 + get_ruleset(r).rules.bank() for r in rulesets}
    assert targets["gamerules"] == 350
    engine = _match_ends_at_target(frozenset({"match.no-fixed-end"}), targets)
    other, by_id, passed = _all_unexplained(rulesets, engine)
    assert other.cases
    (named,) = end_at_limits([other], by_id, passed, _none_written, lambda d: d.departure)
    assert named.rule == "match.no-fixed-end" and named.status == "confirmed"
    assert isinstance(named.otherwise, MatchOtherwise)
    assert {r: t.limit for t in named.otherwise.limits for r in t.rulesets} == targets
    for target in named.otherwise.limits:
        assert target.target
        assert (target.went_on_at or 0) < target.limit <= target.ended_at
    assert named.instead.startswith("the match ends when a player's balance is 200 or more")
    assert "350 or more (gamerules" in named.instead
    assert named.instead.endswith(": the lowest balance loses")
    for case, actual in by_id.values():
        assert answered_alike(case, reference_answer(case.request, assumed=named.departure), actual)


def _paying(pays: Any) -> Adjust:
    """An engine whose player unable to pay settles by ``pays`` (balances, payments)."""
    rule = "match.unable-to-pay-pays-in-full"
    return lambda rs: rs.replacing(rule, pays) if rs.id in rulesets_using(rule) else rs


def _unexplained_matches(
    engine: Adjust,
) -> tuple[Deviation, dict[str, tuple[Case, Json]], list[Case]]:
    rulesets = tuple(rulesets_using("match.unable-to-pay-pays-in-full"))
    by_id: dict[str, tuple[Case, Json]] = {}
    passed: list[Case] = []
    for case in _match_cases(rulesets):
        actual = reference_answer(case.request, assumed=engine)
        if answered_alike(case, case.expected, actual):
            passed.append(case)
        else:
            by_id[case.id] = (case, actual)
    other = replace(
        _deviation("match.no-fixed-end", tuple(by_id), MatchOtherwise(), ()),
        rule=None,
        example={"description": "No rule. Where a match first departs: after deal 0."},
        differences=(FieldChanged("balances", [0, 360, 0], [-60, 480, -60]),),
    )
    return other, by_id, passed


def test_a_player_unable_to_pay_paying_what_he_has_is_named_by_the_ruling() -> None:
    # The 1922 ruling charges him in full; its twin stops his balance at 0 but credits
    # those he owes in full all the same. An engine that credits them only what he pays,
    # shared, is that ruling's departure too, and says so.
    from frogspec.conform.match_end import _pays_what_he_has

    other, by_id, passed = _unexplained_matches(_paying(_pays_what_he_has))
    assert other.cases
    (named,) = end_at_limits([other], by_id, passed, _none_written, lambda d: d.departure)
    assert named.rule == "match.unable-to-pay-pays-in-full" and named.status == "confirmed"
    assert set(named.cases) == set(other.cases)
    assert named.instead == (
        "a player unable to pay pays only what he has (his balance stops at 0), and those "
        "he owes share it, each in proportion to what he is owed"
    )


def test_a_player_unable_to_pay_settling_otherwise_is_left_unexplained() -> None:
    # He pays what he has, and those he owes are paid nothing: the model does not answer
    # the matches, and they stay unexplained.
    def nothing_paid(balances: Any, payments: Any) -> tuple[int, ...]:
        return tuple(
            b + p if p < 0 and b + p >= 0 else (0 if p < 0 else b)
            for b, p in zip(balances, payments, strict=True)
        )

    other, by_id, passed = _unexplained_matches(_paying(nothing_paid))
    assert other.cases
    assert end_at_limits([other], by_id, passed, _none_written, lambda d: d.departure) == [other]
