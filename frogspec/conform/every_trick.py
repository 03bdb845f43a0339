"""A payment for taking every trick: each player who settles with a bidder who took every
trick pays him a fixed amount more (or, for a bidder who took none, is paid that much
more), beyond what the points give.

The ``settle`` op cannot show it: it is given the bidder's points, not his tricks. Only
the games and matches do, at their end, as payments or balances otherwise. The
hypothesis is checked as a change of the reference: the count reports whether the bidder
took every trick (or none), and the payment of that deal is raised by the amount. It must
answer every case of the group as the engine did, and every game and match the engine
passed in those rulesets too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from frogspec._types import Json
from frogspec.conform.counterfactuals import fails_under
from frogspec.conform.deviations import Deviation
from frogspec.conform.diagnosis import reproduced_under
from frogspec.conform.evidence import EveryTrickPaid, PaymentsChanged
from frogspec.conform.probes.base import StageFinding
from frogspec.conform.probes.game import paid_for_tricks, paying_for_every_trick
from frogspec.conform.words import Circumstances
from frogspec.rulesets import get_ruleset
from frogspec.vectors.model import Case

__all__ = ["failed_for_every_trick", "paid_for_every_trick"]

#: How many passed games and matches of those rulesets the hypothesis is put to, at most.
_PASSED_CHECKED = 80


def paid_for_every_trick(
    deviations: list[Deviation],
    cases: Mapping[str, tuple[Case, Json]],
    passed: Sequence[Case],
) -> list[Deviation]:
    """The deviations, each of the settlement whose games and matches a payment for
    taking every trick (or none) answers as the engine did said as that, under the rule
    of the rate of most of its cases' rulesets (the amount each player pays; the other
    rulesets' rules of the rate are its ``also``), with that change of the reference as
    its departure. A deviation that a swap confirms is left as
    it is."""
    found = []
    for d in deviations:
        paid = _every_trick_paid(d, cases, passed)
        found.append(d if paid is None else paid)
    return found


def _every_trick_paid(
    d: Deviation, cases: Mapping[str, tuple[Case, Json]], passed: Sequence[Case]
) -> Deviation | None:
    if d.confirmed or not d.cases or (d.rule is not None and not d.rule.startswith("settlement.")):
        return None
    shown = [cases[c] for c in d.cases if c in cases]
    if len(shown) < len(d.cases) or any(c.op not in ("game", "match") for c, _ in shown):
        return None
    # One amount more, or a multiple of what the points give, read off the first game
    # whose payments part so: it must answer every case of the group.
    ways = next((w for w in map(_paid_in_game, shown) if w), [])
    paid = next(
        (
            way
            for way in ways
            if all(
                reproduced_under(case, actual, paying_for_every_trick(way))
                for case, actual in shown
            )
        ),
        None,
    )
    if paid is None:
        return None
    departure = paying_for_every_trick(paid)
    rulesets = {str(case.request.get("ruleset")) for case, _ in shown}
    checked = [
        case
        for case in passed
        if case.op in ("game", "match") and case.request.get("ruleset") in rulesets
    ][:_PASSED_CHECKED]
    if not all(reproduced_under(case, case.expected, departure) for case in checked):
        return None
    by_rate = Counter(
        get_ruleset(str(case.request["ruleset"])).rule_id("rates") for case, _ in shown
    )
    rule = by_rate.most_common(1)[0][0]
    # Where it departs is the event, which the instead says: no feature of a step.
    return replace(
        d,
        rule=rule,
        otherwise=paid,
        departure=departure,
        look_at=(),
        condition=None,
        in_rulesets=tuple(sorted(rulesets)),
        circumstances=Circumstances(tuple(sorted(rulesets))),
    )


def _paid_in_game(shown: tuple[Case, Json]) -> list[EveryTrickPaid]:
    """The ways a game's payments may pay beyond the reference's for the tricks
    (:func:`~frogspec.conform.probes.game.paid_for_tricks`): one amount more from each
    player who settles with the bidder, or a multiple of each."""
    case, actual = shown
    if case.op != "game" or not isinstance(actual, dict):
        return []
    from frogspec.conform.evidence import differences_of

    paid = next(
        (
            d
            for d in differences_of("game", case.expected, actual)
            if isinstance(d, PaymentsChanged)
        ),
        None,
    )
    result = case.expected.get("result")
    bidder = result.get("bidder") if isinstance(result, dict) else None
    if paid is None or not isinstance(bidder, int):
        return []
    return paid_for_tricks(paid.engine, paid.reference, bidder)


def failed_for_every_trick(
    finding: StageFinding,
    cases: Mapping[str, tuple[Case, Json]],
    in_time: Callable[[], bool] = lambda: True,
) -> list[str]:
    """The failing games and matches (ids of ``cases``) that the payment for every trick
    the game's probe found (``finding``) would fail alone: those where, in the reference's
    play, a bidder takes every trick (or none) and is paid otherwise for it. Another
    departure may part them first (a deal, a lead), so that the engine never comes to that
    payment in them; each is still one the engine fails with this departure alone: a case
    two departures touch counts for both. Only the rulesets the probe found it in are
    looked at (any where it names none): elsewhere nothing shows the engine pays so. None
    where the finding is no such payment."""
    paid = finding.otherwise
    if finding.stage != "game" or not isinstance(paid, EveryTrickPaid):
        return []
    departure = paying_for_every_trick(paid)
    shown = []
    for case_id, (case, _) in cases.items():
        if case.op not in ("game", "match"):
            continue
        if finding.rulesets and case.request.get("ruleset") not in finding.rulesets:
            continue
        if not in_time():
            break
        # A crash of the reference with the payment applied is no evidence of it.
        if fails_under(case, departure, crash_fails=False):
            shown.append(case_id)
    return shown
