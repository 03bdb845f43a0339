"""The probe of ``deal``: once for each table size, dealer 0, the pack in its order.

The answer shows which pack position goes to which seat (or the widow) and who sits
out: a deal dealt otherwise is found in packets (``3-4-4-(3)`` for ``3-(3)-4-4``), a
table seated otherwise by who sits out (a finding that ``reseats``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from frogspec._types import Json
from frogspec.conform.evidence import (
    AnswerChanged,
    DealerPlays,
    DealtTo,
    Difference,
    PacketsChanged,
    SeatsOut,
)
from frogspec.conform.probes.base import (
    SEAT_ORDER_REVERSED,
    SEAT_ORDER_RULE,
    Ask,
    Probe,
    StageFinding,
    answers_as_engine,
    ask_both,
    by_difference,
    mirrored,
    play_to_the_right,
    register,
    table_finding,
)
from frogspec.harness import Adjust
from frogspec.registry import rule_for_function
from frogspec.rules.cards import FULL_PACK, cards_of, format_card
from frogspec.rules.deal import WIDOW
from frogspec.rulesets import RULESETS, Ruleset

__all__ = ["DealProbe"]


def _receivers(answer: Json, deck: Sequence[str]) -> list[str] | None:
    """Who gets each pack position: ``"seat N"`` or ``"widow"``."""
    result = answer.get("result") if isinstance(answer, dict) else None
    if not isinstance(result, dict):
        return None
    owner: dict[str, str] = {}
    hands = result.get("hands")
    widow = result.get("widow")
    for seat, hand in enumerate(hands if isinstance(hands, list) else []):
        for card in hand if isinstance(hand, list) else []:
            owner[str(card)] = f"seat {seat}"
    for card in widow if isinstance(widow, list) else []:
        owner[str(card)] = "widow"
    return [owner.get(card, "?") for card in deck]


def _pattern(receivers: Sequence[str]) -> str:
    """The packets of a deal, as the rules write them: ``3-(3)-4-4`` (a packet to each
    player in turn, the widow's in brackets)."""
    runs: list[tuple[str, int]] = []
    for who in receivers:
        if runs and runs[-1][0] == who:
            runs[-1] = (who, runs[-1][1] + 1)
        else:
            runs.append((who, 1))
    first_seat = next((w for w, _ in runs if w != "widow"), None)
    parts: list[str] = []
    for who, size in runs:
        if who == "widow":
            parts.append(f"({size})")
        elif who == first_seat:
            parts.append(str(size))
    return "-".join(parts)


def _deal(ask: Ask, rulesets: Iterable[str]) -> list[StageFinding]:
    deck = [format_card(c) for c in cards_of(FULL_PACK)]
    findings = []
    for ruleset in rulesets:
        rs = RULESETS.get(ruleset)
        if rs is None:
            continue
        probes = [
            ask_both(
                ask,
                {
                    "op": "deal",
                    "ruleset": ruleset,
                    "options": {},
                    "players": players,
                    "dealer": 0,
                    "deck": deck,
                },
                ruleset=ruleset,
                players=players,
            )
            for players in rs.rules.player_count()
        ]
        for group in by_difference(probes, lambda p: _how_dealt(p, deck)):
            found = table_finding(
                "deal",
                _deal_rule(group[0], rs, deck),
                _how_dealt(group[0], deck),
                group,
                probes,
                ruleset,
            )
            reseats = _deal_differs_in_seating(group[0]) or _in_mirror_order(group[0])
            departure = _departure(group, rs, deck, probes)
            # A departure that deals every table size probed as the engine does is a model
            # of the whole deal: it outweighs a swap that matches some cases.
            models_all = departure is not None and answers_as_engine(departure, probes)
            findings.append(
                replace(found, reseats=reseats, departure=departure, models_all=models_all)
            )
    return findings


def _departure(
    group: list[Probe], rs: Ruleset, deck: Sequence[str], probes: Sequence[Probe] = ()
) -> Adjust | None:
    """The group's departure as a change of the rulesets, if one answers each of its
    probes as the engine did: play going to the right, other seats active (at every table
    size of the ruleset's ``probes`` the engine seats otherwise), or the pack dealt in
    other packets to the same seats."""
    if _in_mirror_order(group[0]):
        departure: Adjust | None = play_to_the_right
    elif _deal_differs_in_seating(group[0]):
        departure = _seated_otherwise(probes or group, rs)
    else:
        departure = _dealt_otherwise(group[0], rs, deck)
    return departure if departure is not None and answers_as_engine(departure, group) else None


def _dealt_otherwise(probe: Probe, rs: Ruleset, deck: Sequence[str]) -> Adjust | None:
    """The engine's deal of the probe as a deal pattern (where each pack position goes,
    from eldest), in place of the ruleset's, if it deals to the reference's seats."""
    receivers = _receivers(probe.actual, deck)
    players = probe.request.get("players")
    if receivers is None or not isinstance(players, int):
        return None
    rules = rs.rules
    order = rules.eldest_first(rules.active_seats(players, 0), players, 0)
    seats = {f"seat {seat}": place for place, seat in enumerate(order)}
    if any(who != "widow" and who not in seats for who in receivers):
        return None
    pattern = tuple(WIDOW if who == "widow" else seats[who] for who in receivers)
    rule_id = rs.rule_id("deal_pattern")

    def dealt(ruleset: Ruleset) -> Ruleset:
        if ruleset.rule_id("deal_pattern") != rule_id:
            return ruleset
        return ruleset.replacing(rule_id, lambda: pattern)

    return dealt


def _seated_otherwise(probes: Sequence[Probe], rs: Ruleset) -> Adjust | None:
    """The engine's active seats as the ruleset's rule of who plays: at each table size
    where its deal (dealer 0) seats others, the same seats counted from the dealer; the
    ruleset's own elsewhere."""
    offsets: dict[int, tuple[int, ...]] = {}
    for probe in probes:
        players = probe.request.get("players")
        result = probe.actual.get("result") if isinstance(probe.actual, dict) else None
        active = result.get("active") if isinstance(result, dict) else None
        if not isinstance(players, int) or not _deal_differs_in_seating(probe):
            continue
        if not isinstance(active, list) or not all(isinstance(s, int) for s in active):
            return None
        offsets[players] = tuple(sorted(int(s) % players for s in active))
    if not offsets:
        return None
    rule_id = rs.rule_id("active_seats")
    kept = rs.rules.active_seats

    def seats(players: int, dealer: int) -> tuple[int, ...]:
        if players not in offsets:
            return kept(players, dealer)
        return tuple(sorted((dealer + o) % players for o in offsets[players]))

    def seated(ruleset: Ruleset) -> Ruleset:
        if ruleset.rule_id("active_seats") != rule_id:
            return ruleset
        return ruleset.replacing(rule_id, seats)

    return seated


def _in_mirror_order(probe: Probe) -> bool:
    """Whether the engine's deal is the reference's with the order of play reversed: each
    seat the reference names (the active seats in their order, eldest) is the seat on the
    other side of the dealer, and each hand that seat's; the widow the same. One departure
    (which way play goes round), however many fields it changes."""
    ref = probe.expected.get("result") if isinstance(probe.expected, dict) else None
    eng = probe.actual.get("result") if isinstance(probe.actual, dict) else None
    players, dealer = probe.request.get("players"), probe.request.get("dealer")
    if not isinstance(ref, dict) or not isinstance(eng, dict):
        return False
    if not isinstance(players, int) or not isinstance(dealer, int) or players < 3:
        return False
    active, hands = ref.get("active"), ref.get("hands")
    if not isinstance(active, list) or not isinstance(hands, list) or len(hands) != players:
        return False
    if not all(isinstance(s, int) and 0 <= s < players for s in [*active, ref.get("eldest")]):
        return False
    turned = [mirrored(s, dealer, players) for s in active]
    if turned == active or eng.get("active") != turned:
        return False
    if eng.get("eldest") != mirrored(ref["eldest"], dealer, players):
        return False
    their = eng.get("hands")
    if not isinstance(their, list) or len(their) != players:
        return False
    for seat in range(players):
        mine, theirs = hands[mirrored(seat, dealer, players)], their[seat]
        if (mine is None) != (theirs is None):
            return False
        if isinstance(mine, list) and (
            not isinstance(theirs, list) or sorted(map(str, mine)) != sorted(map(str, theirs))
        ):
            return False
    widow, engine_widow = ref.get("widow"), eng.get("widow")
    if isinstance(widow, list) and isinstance(engine_widow, list):
        return sorted(map(str, widow)) == sorted(map(str, engine_widow))
    return widow == engine_widow


def _out(answer: Json, players: int) -> list[int] | None:
    result = answer.get("result") if isinstance(answer, dict) else None
    if not isinstance(result, dict) or not isinstance(result.get("active"), list):
        return None
    if not isinstance(players, int):
        return None
    return [s for s in range(players) if s not in result["active"]]


def _deal_differs_in_seating(probe: Probe) -> bool:
    players = probe.request["players"]
    return _out(probe.expected, players) != _out(probe.actual, players)


def _how_dealt(probe: Probe, deck: Sequence[str]) -> Difference:
    """How the engine deals otherwise: play the other way round, other seats sitting
    out, other packets, another seat dealt to first, a pack position elsewhere."""
    players = probe.request["players"]
    if _in_mirror_order(probe):
        return SEAT_ORDER_REVERSED
    if _deal_differs_in_seating(probe):
        out = tuple(_out(probe.actual, players) or ())
        out_ref = tuple(_out(probe.expected, players) or ())
        dealer = int(probe.request["dealer"])
        if dealer in out_ref and dealer not in out:
            return DealerPlays(players, out, out_ref, dealer)
        return SeatsOut(out, out_ref, dealer)
    eng, ref = _receivers(probe.actual, deck), _receivers(probe.expected, deck)
    if eng is None or ref is None:
        return AnswerChanged(probe.actual, probe.expected)
    if _pattern(eng) != _pattern(ref):
        return PacketsChanged(_pattern(eng), _pattern(ref))
    first_eng = next((w for w in eng if w != "widow"), None)
    first_ref = next((w for w in ref if w != "widow"), None)
    if first_eng != first_ref:
        return DealtTo(None, str(first_eng), str(first_ref))
    moved = next((i for i, (a, b) in enumerate(zip(eng, ref, strict=True)) if a != b), None)
    if moved is None:  # the same cards to the same places: another field differs
        return AnswerChanged(probe.actual, probe.expected)
    return DealtTo(moved, eng[moved], ref[moved])


def _deal_rule(probe: Probe, rs: Ruleset, deck: Sequence[str]) -> str | None:
    if _in_mirror_order(probe) or _eldest_dealt_first(probe, deck):
        return SEAT_ORDER_RULE
    function: Callable[..., Any] = (
        rs.rules.active_seats if _deal_differs_in_seating(probe) else rs.rules.deal_pattern
    )
    entry = rule_for_function(function)
    return entry.id if entry is not None else None


def _eldest_dealt_first(probe: Probe, deck: Sequence[str]) -> bool:
    """Whether the engine deals first to another seat because another seat is eldest (the
    one it deals to first): the deal begins with eldest, so it is who is eldest that
    departs, not the packets."""
    how = _how_dealt(probe, deck)
    if not isinstance(how, DealtTo) or how.position is not None:
        return False
    ref = probe.expected.get("result") if isinstance(probe.expected, dict) else None
    eng = probe.actual.get("result") if isinstance(probe.actual, dict) else None
    if not isinstance(ref, dict) or not isinstance(eng, dict):
        return False
    eldest = eng.get("eldest")
    return eldest != ref.get("eldest") and how.engine == f"seat {eldest}"


class DealProbe:
    """``deal`` once per table size of each ruleset, dealer 0, the pack in its order."""

    op = "deal"
    order = 20

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of the deal: the packets, who is dealt first, who sits out."""
        return _deal(ask, rulesets)


register(DealProbe())
