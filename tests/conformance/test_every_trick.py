"""A payment for taking every trick: games whose payments each part by one amount where
the bidder took every trick are said as that payment, under the rule of the rate, and the
change of the reference that says it answers them as the engine did. A game where the
bidder did not take every trick, paid so, is not."""

from __future__ import annotations

from dataclasses import replace

from frogspec._types import Json
from frogspec.conform.blame import blame
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.deviations import Deviation
from frogspec.conform.diagnosis import answered_alike
from frogspec.conform.every_trick import failed_for_every_trick, paid_for_every_trick
from frogspec.conform.evidence import EveryTrickPaid, FieldChanged
from frogspec.conform.probes.base import Probe, StageFinding
from frogspec.vectors.model import Case, iter_cases, load_vectors

_CASES = {case.id: case for case in iter_cases(load_vectors())}

#: Games whose Grand bidder takes every trick, in rulesets of two rates.
_TAKES_ALL = (
    "score.foster-1909.grand-takes-all",
    "score.gamerules.grand-takes-all",
    "score.official-1922-solo.grand-takes-all",
)

#: A game of Foster's whose bidder wins without taking every trick.
_NOT_EVERY_TRICK = next(
    c.id
    for c in _CASES.values()
    if c.op == "game"
    and c.request.get("ruleset") == "foster-1909"
    and isinstance(c.expected.get("result"), dict)
    and c.expected["result"].get("phase") == "over"
    and 60 < c.expected["result"].get("points", {}).get("bidder", 0) < 120
)


def _paid_more(case: Case, extra: int) -> Json:
    """The case's expected game answer with every payer paying ``extra`` more to the
    bidder."""
    result = dict(case.expected["result"])
    bidder = result["bidder"]
    payments = list(result["payments"])
    payers = [s for s, paid in enumerate(payments) if s != bidder and paid < 0]
    for seat in payers:
        payments[seat] -= extra
    payments[bidder] += extra * len(payers)
    return {"result": {**result, "payments": payments}}


def _deviation(case_ids: tuple[str, ...]) -> Deviation:
    """A deviation of the settlement filing the cases, as the diagnosis gives it."""
    return Deviation(
        rule="settlement.each-pays-in-full",
        reading=None,
        reading_rulesets=(),
        cases=case_ids,
        example={},
        in_rulesets=tuple(sorted({str(_CASES[i].request["ruleset"]) for i in case_ids})),
    )


def test_a_payment_for_taking_every_trick_is_said_under_the_rate() -> None:
    ids = ("score.foster-1909.grand-takes-all", "score.modern.grand-takes-all")
    by_id = {i: (_CASES[i], _paid_more(_CASES[i], 30)) for i in ids}
    passed = [
        c
        for c in _CASES.values()
        if c.op == "game" and c.request.get("ruleset") in ("foster-1909", "modern")
    ]
    (found,) = paid_for_every_trick([_deviation(ids)], by_id, passed)
    assert found.rule == "settlement.rates-1-2-4"
    assert found.otherwise == EveryTrickPaid(30, True)
    assert found.instead == (
        "a bidder who takes every trick is paid 30 more by each player who settles with him, "
        "beyond what his points give"
    )
    assert found.when == "in foster-1909, modern"
    assert found.departure is not None
    for case, actual in by_id.values():
        assert answered_alike(case, reference_answer(case.request, assumed=found.departure), actual)
    # The settlement given the bidder's points is paid as written: no tricks are known.
    settle = next(
        c
        for c in _CASES.values()
        if c.op == "settle"
        and c.request.get("ruleset") == "foster-1909"
        and c.request.get("bidder_points") == 120
    )
    assert answered_alike(
        settle, reference_answer(settle.request, assumed=found.departure), settle.expected
    )


def test_paid_more_where_the_bidder_did_not_take_every_trick_is_not_that() -> None:
    ids = (_TAKES_ALL[0], _NOT_EVERY_TRICK)
    by_id = {i: (_CASES[i], _paid_more(_CASES[i], 30)) for i in ids}
    deviation = _deviation(ids)
    assert paid_for_every_trick([deviation], by_id, []) == [deviation]


def test_a_payment_for_every_trick_in_rulesets_of_several_rates_names_each_rate() -> None:
    ids = _TAKES_ALL
    by_id = {i: (_CASES[i], _paid_more(_CASES[i], 30)) for i in ids}
    (found,) = paid_for_every_trick([_deviation(ids)], by_id, [])
    # The rate of most of its rulesets, and Foster's own beside it.
    assert found.rule == "settlement.rates-1-2-3"
    assert found.also == (("settlement.rates-1-2-4", ("foster-1909",)),)
    assert found.in_rulesets == ("foster-1909", "gamerules", "official-1922-solo")


def _paid_times(case: Case, times: int) -> Json:
    """The case's expected game answer with every payment ``times`` as much."""
    result = dict(case.expected["result"])
    return {"result": {**result, "payments": [p * times for p in result["payments"]]}}


def test_payments_doubled_for_taking_every_trick_are_said_so_under_the_rate() -> None:
    # Twice what the points give: each deal's payments part by another amount (the rate
    # differs by ruleset), so no one amount more answers them; twice as much does.
    ids = _TAKES_ALL
    by_id = {i: (_CASES[i], _paid_times(_CASES[i], 2)) for i in ids}
    extras = {
        _paid_times(_CASES[i], 2)["result"]["payments"][0]
        - _CASES[i].expected["result"]["payments"][0]
        for i in ids
    }
    assert len(extras) > 1
    (found,) = paid_for_every_trick([_deviation(ids)], by_id, [])
    assert found.otherwise == EveryTrickPaid(0, True, 2)
    assert found.instead == (
        "a bidder who takes every trick is paid twice what his points give by each player "
        "who settles with him"
    )
    assert found.departure is not None
    for case, actual in by_id.values():
        assert answered_alike(case, reference_answer(case.request, assumed=found.departure), actual)
    # Doubled where the bidder did not take every trick too is not that.
    other = _NOT_EVERY_TRICK
    more = {**by_id, other: (_CASES[other], _paid_times(_CASES[other], 2))}
    deviation = _deviation((*ids, other))
    assert paid_for_every_trick([deviation], more, []) == [deviation]


def _game_finding(paid: EveryTrickPaid) -> StageFinding:
    """The game probe's finding of a payment for every trick, as the probe gives it."""
    probe = Probe({"op": "game"}, {"result": 1}, {"result": 2}, ())
    rulesets = ("foster-1909", "gamerules", "official-1922-solo")
    return StageFinding("game", "settlement.rates-1-2-4", paid, 3, 2, probe, rulesets)


#: An engine's answer that refuses a game's first action: another departure parts it.
_REFUSED: Json = {"error": {"kind": "illegal", "at": 0, "rule": "deal.packets-3-3-4-4"}}


def test_the_games_a_payment_for_every_trick_would_fail_alone_are_its_own() -> None:
    # Games refused at their first action by another departure never come to their
    # payments; those whose bidder takes every trick would fail with the payment alone.
    ids = (*_TAKES_ALL, _NOT_EVERY_TRICK)
    by_id = {i: (_CASES[i], _REFUSED) for i in ids}
    doubled = _game_finding(EveryTrickPaid(0, True, 2))
    assert failed_for_every_trick(doubled, by_id) == list(_TAKES_ALL)
    # Found in Foster's games alone, it is no evidence of the other rulesets' games.
    foster = replace(doubled, rulesets=("foster-1909",))
    assert failed_for_every_trick(foster, by_id) == [_TAKES_ALL[0]]
    # Another stage's finding, or another difference, files none.
    assert failed_for_every_trick(replace(doubled, stage="settle"), by_id) == []
    trump = replace(doubled, otherwise=FieldChanged("trump", "D", "H"))
    assert failed_for_every_trick(trump, by_id) == []
    # Out of time: none looked at.
    assert failed_for_every_trick(doubled, by_id, lambda: False) == []


def test_a_payment_for_every_trick_that_no_games_end_shows_is_a_deviation_of_its_games() -> None:
    # The blame files those games under the finding's deviation, each as one another
    # departure also touches, and the finding is no unit-op finding any more.
    failed = [(_CASES[i], _REFUSED, None) for i in (*_TAKES_ALL, _NOT_EVERY_TRICK)]
    found = blame(failed, [], [_game_finding(EveryTrickPaid(0, True, 2))])
    (paid,) = [d for d in found.deviations if d.rule == "settlement.rates-1-2-4"]
    assert set(paid.cases) == set(_TAKES_ALL) == set(paid.touched)
    assert paid.instead == (
        "a bidder who takes every trick is paid twice what his points give by each player "
        "who settles with him"
    )
    assert paid.when == "in foster-1909, gamerules, official-1922-solo"
    assert found.unit_findings == []
    # With no game its bidder takes every trick in, it stays a unit-op finding.
    alone = blame(failed[-1:], [], [_game_finding(EveryTrickPaid(0, True, 2))])
    assert all(d.rule != "settlement.rates-1-2-4" for d in alone.deviations)
    assert [f.stage for f in alone.unit_findings] == ["game"]
