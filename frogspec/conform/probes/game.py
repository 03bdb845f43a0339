"""The probe of ``game``: a Grand whose bidder takes every trick, paid against the engine's
own ``settle``.

A payment for taking every trick shows only in a whole game (``settle`` is given the
bidder's points, not his tricks), and only where the bidder does take every trick: few
vector games have him do so, and none comes to its end where another departure (of the
deal, of who leads) has the engine refuse its actions. So the probe plays such a game
itself, on the deal the engine makes: its ``deal`` of the pack in order shows where each
place of the pack goes; eldest hand is given every heart and the Aces of spades and clubs
there, bids Grand and plays the first card of that hand (trumps high to low, then the
Aces) that the engine lets him, the others the first card the engine lists. A second game gives him the Six of clubs for its Ace, the higher clubs held
against him, so that he loses a trick. Each game's payments are set against those the
engine's own ``settle`` gives for the points its game counted. Where the game with every
trick pays otherwise and the other pays as its ``settle`` does, the engine pays for the
tricks: a multiple of what the points give, or a fixed amount more, as a typed
:class:`~frogspec.conform.evidence.EveryTrickPaid` under the ruleset's rule of the rate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frogspec._types import Json
from frogspec.conform.evidence import EveryTrickPaid
from frogspec.conform.probes.base import Ask, Probe, StageFinding, ask_engine, register
from frogspec.harness import Adjust
from frogspec.registry import rule_for_function
from frogspec.rules.cards import FULL_PACK, cards_of, format_card
from frogspec.rulesets import get_ruleset

__all__ = ["paid_for_tricks", "paying_for_every_trick"]

#: The table size probed.
_PLAYERS = 3

#: The bidder's hand in the game he takes every trick of, in the order he plays it.
_EVERY_TRICK_HAND = ("AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "AS", "AC")

#: The bidder's hand in the game he loses a trick of: the Six of clubs for the Ace, led
#: first so that another seat leads the second trick; the higher clubs go to the others.
_ONE_TRICK_LOST_HAND = ("6C", *_EVERY_TRICK_HAND[:-1])
_CLUBS_AGAINST = ("AC", "10C", "KC")

#: The pack's cards, in order.
_PACK = tuple(format_card(c) for c in cards_of(FULL_PACK))

#: The most actions a game may take before the probe gives it up.
_MOST_ACTIONS = 60

#: The cards a bidder holds in his tricks when he took all eleven (three to a trick).
_EVERY_TRICK = 33


def paid_for_tricks(
    engine: Sequence[int], reference: Sequence[int], bidder: int
) -> list[EveryTrickPaid]:
    """The ways a deal's payments ``engine`` may pay beyond ``reference`` (what the
    points give) for its bidder (seat ``bidder``) taking every trick, or none: each player
    settling with him paying one amount more, then each payment so many times the
    reference's (a whole number, 2 or more); those that fit, none where they part
    otherwise. One deal may fit both (twice 20 is 20 more): others tell them apart.

    >>> paid_for_tricks([-30, 60, -30], [-20, 40, -20], 1)
    [EveryTrickPaid(extra=10, to_bidder=True, times=1)]
    >>> paid_for_tricks([-60, 120, -60], [-20, 40, -20], 1)
    [EveryTrickPaid(extra=40, to_bidder=True, times=1), EveryTrickPaid(extra=0, to_bidder=True, times=3)]
    >>> paid_for_tricks([-30, 40, -10], [-20, 40, -20], 1)
    []
    """
    if len(engine) != len(reference) or not 0 <= bidder < len(reference):
        return []
    ways = []
    moved = [e - r for e, r in zip(engine, reference, strict=True)]
    others = [m for seat, m in enumerate(moved) if seat != bidder and m]
    if others and len(set(others)) == 1 and moved[bidder] == -sum(others):
        ways.append(EveryTrickPaid(abs(others[0]), others[0] < 0))
    pairs = [(e, r) for e, r in zip(engine, reference, strict=True) if e or r]
    if pairs and all(r and not e % r for e, r in pairs):
        ratios = {e // r for e, r in pairs}
        if len(ratios) == 1 and min(ratios) >= 2:
            ways.append(EveryTrickPaid(0, reference[bidder] > 0, ratios.pop()))
    return ways


def paying_for_every_trick(paid: EveryTrickPaid) -> Adjust:
    """The reference with each deal whose bidder took every trick (or, ``to_bidder``
    false, none) paid as ``paid`` says: the count notes the bidder's tricks, and that
    deal's settlement reads the note (a settlement given its points, with no tricks
    counted first, is paid as written)."""
    times, extra, to_bidder = paid.times, paid.extra, paid.to_bidder

    def departure(ruleset: Any) -> Any:
        taken: list[bool] = []
        counted, rates = ruleset.rules.counted_for_bidder, ruleset.rules.rates

        def counted_noting(won: int, untouched: int, laid_away: int) -> int:
            tricks = won.bit_count()
            taken.append(tricks == _EVERY_TRICK if to_bidder else tricks == 0)
            return int(counted(won, untouched, laid_away))

        def rates_raised(contract: Any, margin: int, won: bool) -> int:
            amount = int(rates(contract, margin, won))
            if taken and taken.pop() and won == to_bidder:
                return amount * times + extra
            return amount

        counting, rating = rule_for_function(counted), rule_for_function(rates)
        if counting is None or rating is None:
            return ruleset
        return ruleset.replacing(counting.id, counted_noting).replacing(rating.id, rates_raised)

    return departure


def _places(ask: Ask, ruleset: str) -> tuple[dict[int, list[int]], int] | None:
    """Where the engine's ``deal`` of the pack in order puts each place of the pack, by
    seat (the widow's places under no seat), and its eldest hand; ``None`` where its
    answer does not say (another departure of the deal, or no such op)."""
    pack = list(_PACK)
    request: dict[str, Json] = {
        "id": 1,
        "op": "deal",
        "ruleset": ruleset,
        "options": {},
        "players": _PLAYERS,
        "dealer": 0,
        "deck": pack,
    }
    answer = ask_engine(ask, request)
    result = answer.get("result") if isinstance(answer, dict) else None
    if not isinstance(result, dict):
        return None
    hands, eldest = result.get("hands"), result.get("eldest")
    if not isinstance(hands, list) or not isinstance(eldest, int) or isinstance(eldest, bool):
        return None
    places: dict[int, list[int]] = {}
    for seat, hand in enumerate(hands):
        if isinstance(hand, list):
            places[seat] = sorted(pack.index(c) for c in hand if isinstance(c, str) and c in pack)
    if len(places.get(eldest, [])) != len(_EVERY_TRICK_HAND):
        return None
    return places, eldest


def _deck(places: dict[int, list[int]], eldest: int, hand: Sequence[str]) -> list[str]:
    """The pack with ``hand`` at eldest's places, the clubs that beat his Six first at the
    other players' places, and the rest in order after them (the widow's places last)."""
    against = [c for c in _CLUBS_AGAINST if c not in hand]
    rest = [card for card in _PACK if card not in hand and card not in against]
    deck: list[str | None] = [None] * len(_PACK)
    for place, card in zip(places[eldest], hand, strict=True):
        deck[place] = card
    others = [p for seat, ps in sorted(places.items()) if seat != eldest for p in ps]
    widow = [p for p in range(len(deck)) if deck[p] is None and p not in others]
    for place, card in zip([*others, *widow], [*against, *rest], strict=False):
        deck[place] = card
    return [card for card in deck if card is not None]


def _played(
    ask: Ask, ruleset: str, deck: list[str], eldest: int, hand: Sequence[str]
) -> tuple[dict[str, Json], dict[str, Json], bool] | None:
    """The Grand eldest bids and plays with ``hand``, as the engine plays it: the last
    request, its answer (over) and whether eldest led every trick after the first (took
    every trick but perhaps the last, which his hand wins unless the others rank the
    cards otherwise); ``None`` where the engine refuses a step, or the game is no Grand of
    his in hearts."""
    actions: list[str] = []
    led_every = True
    for _ in range(_MOST_ACTIONS):
        request: dict[str, Json] = {
            "id": 1,
            "op": "game",
            "ruleset": ruleset,
            "options": {},
            "players": _PLAYERS,
            "dealer": 0,
            "deck": deck,
            "actions": list(actions),
        }
        answer = ask_engine(ask, request)
        result = answer.get("result") if isinstance(answer, dict) else None
        if not isinstance(result, dict):
            return None
        phase, legal, to_act = result.get("phase"), result.get("legal"), result.get("to_act")
        if phase == "over":
            grand = result.get("bidder") == eldest and result.get("contract") == "grand"
            return (request, answer, led_every) if grand else None
        if not isinstance(legal, list) or not legal:
            return None
        chosen = _chosen(phase, legal, to_act == eldest, hand, result.get("trump"))
        if chosen is None:
            return None
        plays = sum(a.startswith("play ") for a in actions)
        if phase == "play" and plays and plays % _PLAYERS == 0 and to_act != eldest:
            led_every = False
        actions.append(chosen)
    return None


def _chosen(
    phase: Json, legal: list[Json], eldest: bool, hand: Sequence[str], trump: Json
) -> str | None:
    """The probe's action: eldest bids Grand and plays his first card (by ``hand``'s
    order) that is legal; the others pass and play their first legal card."""
    if phase == "auction":
        wanted = "grand" if eldest else "pass"
        return wanted if wanted in legal else None
    if phase == "trump":
        return "trump H" if "trump H" in legal else None
    if phase != "play" or trump != "H":
        return None
    if eldest:
        return next((f"play {c}" for c in hand if f"play {c}" in legal), None)
    first = legal[0]
    return first if isinstance(first, str) else None


def _settled(ask: Ask, ruleset: str, eldest: int, answer: dict[str, Json]) -> list[int] | None:
    """What the engine's ``settle`` pays for the points its game counted for eldest's
    Grand (``None``: no points, or no payments)."""
    result = answer.get("result")
    points = result.get("points") if isinstance(result, dict) else None
    bidder = points.get("bidder") if isinstance(points, dict) else None
    if not isinstance(bidder, int) or isinstance(bidder, bool):
        return None
    request: dict[str, Json] = {
        "id": 1,
        "op": "settle",
        "ruleset": ruleset,
        "options": {},
        "players": _PLAYERS,
        "dealer": 0,
        "bidder": eldest,
        "contract": "grand",
        "bidder_points": bidder,
    }
    settled = ask_engine(ask, request)
    payments = settled.get("result") if isinstance(settled, dict) else None
    if not isinstance(payments, list) or not all(isinstance(p, int) for p in payments):
        return None
    return [int(p) for p in payments]


def _probe(
    ask: Ask, ruleset: str, places: dict[int, list[int]], eldest: int, hand: Sequence[str]
) -> tuple[Probe, bool] | None:
    """The game with ``hand`` as a probe (expected: the game's answer paid as the engine's
    ``settle`` pays its points), and whether eldest took every trick."""
    played = _played(ask, ruleset, _deck(places, eldest, hand), eldest, hand)
    if played is None:
        return None
    request, answer, every = played
    settled = _settled(ask, ruleset, eldest, answer)
    result = answer.get("result")
    if settled is None or not isinstance(result, dict):
        return None
    features = (("ruleset", ruleset), ("players", _PLAYERS), ("contract", "grand"))
    expected: dict[str, Json] = {"result": {**result, "payments": list(settled)}}
    return Probe(request, expected, answer, features), every


def _payments(answer: Json) -> list[int] | None:
    result = answer.get("result") if isinstance(answer, dict) else None
    paid = result.get("payments") if isinstance(result, dict) else None
    if not isinstance(paid, list) or not all(isinstance(p, int) for p in paid):
        return None
    return [int(p) for p in paid]


def _finding(ask: Ask, ruleset: str) -> StageFinding | None:
    """The payment for every trick the engine's games show in one ruleset, if any."""
    seated = _places(ask, ruleset)
    if seated is None:
        return None
    places, eldest = seated
    every = _probe(ask, ruleset, places, eldest, _EVERY_TRICK_HAND)
    lost = _probe(ask, ruleset, places, eldest, _ONE_TRICK_LOST_HAND)
    if every is None or lost is None or not every[1] or lost[1]:
        return None  # no game of every trick, or none to set it against
    probe, control = every[0], lost[0]
    if not probe.departs or control.departs:
        return None
    engine, settled = _payments(probe.actual), _payments(probe.expected)
    ways = [] if engine is None or settled is None else paid_for_tricks(engine, settled, eldest)
    # One game cannot tell twice what the points give from as much again: the multiple,
    # which holds whatever the points, is taken.
    paid = max(ways, key=lambda way: way.times, default=None)
    if paid is None or not paid.to_bidder:
        return None
    return StageFinding(
        stage="game",
        rule=get_ruleset(ruleset).rule_id("rates"),
        otherwise=paid,
        agree=1,
        disagree=1,
        smallest=probe,
        rulesets=(ruleset,),
        tables=(_PLAYERS,),
    )


class _GameProbe:
    """``game``: a Grand whose bidder takes every trick, and one whose bidder loses a
    trick, on the engine's own deal, each paid against its own ``settle``."""

    op = "game"
    order = 80

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The payments for every trick, one finding per ruleset that shows one."""
        return [f for rs in rulesets if (f := _finding(ask, rs)) is not None]


register(_GameProbe())
