"""The probe of ``match``: who deals next, after a deal with a bidder and after one passed out.

A match's cases show who deals next only where the engine plays their deals as the
reference does: an engine that departs in the deal or the play refuses them in their first
deal. The probe plays each deal by the engine's own answers instead (``game``, one action
at a time, the first legal action where the plan says nothing), at three players with seat
0 dealing first: a deal in which the first to speak bids, one in which the second does, one
in which every player passes (where the engine lets them), and one more to read who deals
it. Each deal is dealt by the seat the engine's ``match`` gives it (the seats are tried in
turn, the one on the last dealer's left first). Who deals each next deal is set against the
rules' (the seat on the last dealer's left, whatever the deal before): the ways of passing
the deal that every departing move fits and no agreeing one contradicts
(:mod:`frogspec.conform.rotation`) make the finding, after the kind of deal it departs
after (``auction.all-pass`` after a deal passed out, ``deal.rotation-left`` after one with
a bidder), or after both alike (``deal.rotation-left``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from frogspec._types import Json
from frogspec.conform.conditions import Condition, ConditionTerm
from frogspec.conform.evidence import DealerMoved
from frogspec.conform.probes.base import (
    SEAT_ORDER_REVERSED,
    Ask,
    Probe,
    StageFinding,
    ask_engine,
    next_dealer_right,
    register,
)
from frogspec.conform.rotation import (
    ROTATION_RULES,
    RULES_OF_PASSING,
    NextDealer,
    Rotation,
    next_dealer_after,
    passing_fits,
)
from frogspec.harness import Adjust
from frogspec.rules.cards import FULL_PACK, cards_of, format_card

__all__: list[str] = []

#: The deals of the probe's match, in order: who bids (the first or the second to speak),
#: or nobody.
PLAN = ("first bids", "second bids", "all pass", "all pass")

#: The table size probed.
PLAYERS = 3

#: The most actions a deal may take before the probe gives it up.
MOST_ACTIONS = 60


def _deck(deal: int) -> list[str]:
    """The pack shuffled for the probe's deal ``deal`` (the same for every engine)."""
    deck = [format_card(c) for c in cards_of(FULL_PACK)]
    random.Random(deal).shuffle(deck)
    return deck


def _choose(legal: list[Json], spoken: int, plan: str, auction: bool) -> Json:
    """The action the plan takes: in the auction a bid by the speaker it names (the first
    bid listed), else a pass where one is listed; elsewhere the first legal action."""
    bids = [a for a in legal if a != "pass"]
    bidder = {"first bids": 0, "second bids": 1}.get(plan)
    if auction and spoken == bidder and bids:
        return bids[0]
    if auction and "pass" in legal:
        return "pass"
    return legal[0]


def _played(
    ask: Ask, ruleset: str, dealer: int, deck: list[str], plan: str
) -> tuple[list[Json], int | None] | None:
    """A whole deal as the engine plays it by the plan: its actions and its bidder
    (``None``: every player passed); ``None`` where the engine refuses a step."""
    actions: list[Json] = []
    spoken = 0
    for _ in range(MOST_ACTIONS):
        request = {
            "id": 1,
            "op": "game",
            "ruleset": ruleset,
            "options": {},
            "players": PLAYERS,
            "dealer": dealer,
            "deck": deck,
            "actions": list(actions),
        }
        answer = ask_engine(ask, request)
        result = answer.get("result") if isinstance(answer, dict) else None
        if not isinstance(result, dict):
            return None
        if result.get("phase") == "over":
            bidder = result.get("bidder")
            return actions, bidder if isinstance(bidder, int) else None
        legal = result.get("legal")
        if not isinstance(legal, list) or not legal:
            return None
        auction = result.get("phase") == "auction"
        actions.append(_choose(legal, spoken, plan, auction))
        spoken += auction
    return None


def _match(ask: Ask, ruleset: str) -> tuple[list[Probe], list[DealerMoved]]:
    """The probe's match in one ruleset: a probe of each next dealer, and the moves of
    those the engine gives otherwise than the rules."""
    deals: list[Json] = []
    dealers: list[int] = []
    bidders: list[int | None] = []
    probes: list[Probe] = []
    moves: list[DealerMoved] = []
    for k, plan in enumerate(PLAN):
        left = (dealers[-1] + 1) % PLAYERS if dealers else 0
        tried = [left, *(s for s in range(PLAYERS) if s != left)] if dealers else [0]
        found = None
        for dealer in tried:
            played = _played(ask, ruleset, dealer, _deck(k), plan)
            if played is None:
                continue
            deal = {"deck": _deck(k), "actions": played[0]}
            request: dict[str, Json] = {
                "id": 1,
                "op": "match",
                "ruleset": ruleset,
                "options": {},
                "players": PLAYERS,
                "first_dealer": 0,
                "deals": [*deals, deal],
            }
            answer = ask_engine(ask, request)
            result = answer.get("result") if isinstance(answer, dict) else None
            given = result.get("dealers") if isinstance(result, dict) else None
            if isinstance(given, list) and given[: k + 1] == [*dealers, dealer]:
                found = (deal, played[1], request)
                break
        if found is None:
            break
        deal, bidder, request = found
        if dealers:
            after = bidders[-1] is None
            features = (
                ("ruleset", ruleset),
                ("players", PLAYERS),
                ("after_passed_out", after),
                ("bidder", bidders[-1]),
            )
            expected = {"result": {"dealers": [*dealers, left]}}
            actual = {"result": {"dealers": [*dealers, dealer]}}
            probes.append(Probe(request, expected, actual, features))
            if dealer != left:
                moves.append(DealerMoved(k, dealer, left, dealers[-1], PLAYERS, after, bidders[-1]))
        deals.append(deal)
        dealers.append(dealer)
        bidders.append(bidder)
    return probes, moves


def _way(moves: Sequence[DealerMoved], agreeing: Sequence[Probe]) -> NextDealer | None:
    """The simplest way of passing the deal every move fits and no agreeing probe of
    the same kind of deal contradicts (its dealer the one the way gives)."""
    shared = set.intersection(*(passing_fits(m) for m in moves)) if moves else set()
    for way in RULES_OF_PASSING:
        if way in shared and not any(_contradicts(p, way) for p in agreeing):
            return way
    return None


def _contradicts(probe: Probe, way: NextDealer) -> bool:
    """Whether an agreeing probe's next dealer is not the one the way gives."""
    result = probe.actual.get("result") if isinstance(probe.actual, dict) else None
    dealers = result.get("dealers") if isinstance(result, dict) else None
    bidder = probe.feature("bidder")
    if not isinstance(dealers, list) or len(dealers) < 2:
        return False
    previous, given = int(dealers[-2]), int(dealers[-1])
    by_bidder = bidder if isinstance(bidder, int) else None
    return next_dealer_after(previous, PLAYERS, by_bidder, way) != given


def _departure(way: NextDealer) -> Adjust | None:
    """After every deal, the way as a change of the reference's rulesets where the rule
    of the next dealer can say it (the deal passing to the right); else ``None``."""
    if way != "right":
        return None
    return lambda ruleset: ruleset.replacing("deal.rotation-left", next_dealer_right)


class _MatchProbe:
    """``match``: who deals next after each kind of deal, deals played by the engine."""

    op = "match"
    order = 70

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures in passing the deal."""
        probes: list[Probe] = []
        moves: list[DealerMoved] = []
        for ruleset in rulesets:
            found, moved = _match(ask, ruleset)
            probes += found
            moves += moved
        if not moves:
            return []
        # Both kinds of deal departing alike are the rule of every deal; else each kind's.
        kinds: list[tuple[bool, ...]] = [(False, True)]
        kinds += [(True,), (False,)]
        findings: list[StageFinding] = []
        taken: set[bool] = set()
        for kind in kinds:
            if taken & set(kind):
                continue
            mine = [m for m in moves if m.after_passed_out in kind]
            if {m.after_passed_out for m in mine} != set(kind):
                continue
            agreeing = [
                p for p in probes if not p.departs and p.feature("after_passed_out") in kind
            ]
            way = _way(mine, agreeing)
            if way is None:
                continue
            reversed_seats = any(f.otherwise == SEAT_ORDER_REVERSED for f in before)
            if way == "right" and reversed_seats:
                continue  # play going to the right passes the deal to the right too
            rule = ROTATION_RULES[kind == (True,)]
            other_agrees = any(
                not p.departs and p.feature("after_passed_out") not in kind for p in probes
            )
            group = [p for p in probes if p.departs and p.feature("after_passed_out") in kind]
            condition = (
                Condition((ConditionTerm("after_passed_out", kind),)) if len(kind) == 1 else None
            )
            findings.append(
                StageFinding(
                    stage="match",
                    rule=rule,
                    otherwise=Rotation(rule, mine[0], way),
                    agree=sum(not p.departs for p in probes),
                    disagree=len(group),
                    smallest=group[0],
                    rulesets=tuple(dict.fromkeys(str(p.feature("ruleset")) for p in group)),
                    tables=(PLAYERS,),
                    condition=condition,
                    # A change of the rule after every deal, where no probe of the other
                    # kind of deal says otherwise (none may be playable: the engine may
                    # not let every player pass).
                    departure=None if other_agrees else _departure(way),
                    models_all=not other_agrees and _departure(way) is not None,
                )
            )
            taken |= set(kind)
        return findings


register(_MatchProbe())
