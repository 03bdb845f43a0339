"""Settlement for any table, bidder, contract and points; whole matches."""

from __future__ import annotations

from hypothesis import event, given

from frogspec.testing.invariants import checks
from frogspec.testing.strategies import MatchPlan, Settlement, matches, settlements

from . import checks as c
from . import model
from .profiles import profile


@checks(*c.SETTLEMENT_CHECKS)
@profile(1.0)
@given(settlements())
def test_settle(case: Settlement) -> None:
    event("won" if case.bidder_points > 60 else "lost" if case.bidder_points < 60 else "at 60")
    event(f"{case.players} players")
    settled = c.settled(case)
    for check in c.SETTLEMENT_CHECKS.values():
        check(settled)


@checks(*c.MATCH_CHECKS)
@profile(0.05)
@given(matches())
def test_match(plan: MatchPlan) -> None:
    event(f"{len(plan.deals)} deals")
    if model.expected(plan.ruleset).ends:
        event("1922: lost" if c.expected_match(plan).loser is not None else "1922: not lost")
    for check in c.MATCH_CHECKS.values():
        check(plan)
