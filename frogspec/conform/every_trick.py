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
from typing import Any

from frogspec._types import Json
from frogspec.conform.deviations import Deviation
from frogspec.conform.diagnosis import reproduced_under
from frogspec.conform.evidence import EveryTrickPaid, PaymentsChanged
from frogspec.conform.words import Circumstances
from frogspec.harness import Adjust
from frogspec.registry import rule_for_function
from frogspec.rulesets import get_ruleset
from frogspec.vectors.model import Case

__all__ = ["paid_for_every_trick"]

#: The cards a bidder holds in his tricks when he took all eleven (three to a trick).
_EVERY_TRICK = 33

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
    paid: tuple[int, bool, int] | None = None
    found = next((p for p in map(_extra_paid, shown) if p is not None), None)
    if found is not None:
        departure = _paying_more(*found)
        if all(reproduced_under(case, actual, departure) for case, actual in shown):
            paid = (*found, 1)
    if paid is None:
        # Each payment so many times what the points give: the amount differs by deal.
        times = next((t for t in map(_times_paid, shown) if t is not None), None)
        if times is None:
            return None
        departure = _paying_times(*times)
        if not all(reproduced_under(case, actual, departure) for case, actual in shown):
            return None
        paid = (0, times[1], times[0])
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
        otherwise=EveryTrickPaid(*paid),
        departure=departure,
        look_at=(),
        condition=None,
        in_rulesets=tuple(sorted(rulesets)),
        circumstances=Circumstances(tuple(sorted(rulesets))),
    )


def _extra_paid(shown: tuple[Case, Json]) -> tuple[int, bool] | None:
    """The amount each settling player pays more and whether the bidder is the one paid
    (he took every trick), from a game whose payments part so: the bidder's payment moved
    by that amount for each player he settles with, theirs the other way."""
    parted = _payments_parted(shown)
    if parted is None:
        return None
    paid, bidder = parted
    moved = [e - r for e, r in zip(paid.engine, paid.reference, strict=True)]
    others = [m for seat, m in enumerate(moved) if seat != bidder and m]
    if not others or len(set(others)) != 1 or moved[bidder] != -sum(others):
        return None
    extra = others[0]
    return abs(extra), extra < 0


def _payments_parted(shown: tuple[Case, Json]) -> tuple[PaymentsChanged, int] | None:
    """A game's payments where they part from the reference's, seat by seat, with the
    bidder's seat (``None``: no game, or no such payments)."""
    case, actual = shown
    if case.op != "game" or not isinstance(actual, dict):
        return None
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
    if paid is None or not isinstance(bidder, int) or len(paid.engine) != len(paid.reference):
        return None
    return paid, bidder


def _times_paid(shown: tuple[Case, Json]) -> tuple[int, bool] | None:
    """How many times what the points give each payment of a game is, where every
    payment is that many times the reference's (a whole number, 2 or more), and whether
    the bidder is the one paid."""
    parted = _payments_parted(shown)
    if parted is None:
        return None
    paid, bidder = parted
    pairs = [(e, r) for e, r in zip(paid.engine, paid.reference, strict=True) if e or r]
    if not pairs or any(not r or e % r for e, r in pairs):
        return None
    ratios = {e // r for e, r in pairs}
    if len(ratios) != 1 or min(ratios) < 2 or not 0 <= bidder < len(paid.reference):
        return None
    return ratios.pop(), paid.reference[bidder] > 0


def _paying_times(times: int, to_bidder: bool) -> Adjust:
    """The reference with each payment of a deal whose bidder took every trick
    (``to_bidder``), or none, ``times`` what the points give."""

    def raised(amount: int, won: bool) -> int:
        return amount * times if won == to_bidder else amount

    return _paid_on_every_trick(to_bidder, raised)


def _paying_more(extra: int, to_bidder: bool) -> Adjust:
    """The reference with each player who settles with a bidder who took every trick
    (``to_bidder``), or none, paying ``extra`` more: the count notes the bidder's tricks,
    and the rate of that deal's settlement is raised by ``extra``."""

    def raised(amount: int, won: bool) -> int:
        return amount + extra if won == to_bidder else amount

    return _paid_on_every_trick(to_bidder, raised)


def _paid_on_every_trick(to_bidder: bool, raised: Callable[[int, bool], int]) -> Adjust:
    """The reference with the rate of a deal whose bidder took every trick
    (``to_bidder``), or none, ``raised`` (given the amount and whether the bidder won): the
    count notes the bidder's tricks, and that deal's settlement reads the note."""

    def departure(ruleset: Any) -> Any:
        taken: list[bool] = []
        counted, rates = ruleset.rules.counted_for_bidder, ruleset.rules.rates

        def counted_noting(won: int, untouched: int, laid_away: int) -> int:
            tricks = won.bit_count()
            taken.append(tricks == _EVERY_TRICK if to_bidder else tricks == 0)
            return int(counted(won, untouched, laid_away))

        def rates_raised(contract: Any, margin: int, won: bool) -> int:
            amount = int(rates(contract, margin, won))
            # A settlement given its points (no tricks counted first) is paid as written.
            if taken and taken.pop():
                return raised(amount, won)
            return amount

        counting, rating = rule_for_function(counted), rule_for_function(rates)
        if counting is None or rating is None:
            return ruleset
        return ruleset.replacing(counting.id, counted_noting).replacing(rating.id, rates_raised)

    return departure
