"""What is a hand worth? Win rates and expected payments by the features players count.

Analysis, not rules: the figures come from a reproducible run of the double-dummy solver
(:mod:`frogspec.odds`) over random deals, the bidder sitting eldest, three players (and a
second run over every seat and table size, below). Its data ships with the package (``frogspec/data/worth.json``) and is read at run time;
nothing here needs more than the standard library, and the lookups are quick (the Play
page's hint may run them in the browser).

Every ruleset plays alike to the solver: a Frog is a hearts game with the widow taken and
three cards laid away, a Chico a game in the named trump with the widow untouched, a
Grand (and a Chico in hearts) a hearts game with the widow untouched; how the cards were
dealt, whether the widow is shown, the auction and the table size (three play) change
nothing that the solver sees. So one set of solves serves every ruleset: each deal is
solved once for the Frog (best of :func:`frogspec.odds.lay_away_candidates`: a lower bound
on the exact Frog value, :data:`LAY_AWAY_LABEL`) and once for
each trump suit with the widow untouched; a ruleset then takes the plays of its own
contracts (its Chico the best of the trumps it allows) and applies its own rates.

Run it (resumable: the deals done are kept in a progress file, and the data file is
rewritten as the deals come in, whole, through a temporary file)::

    python -m frogspec.worth run --deals 2000 --seed 21 --workers 2

The data goes to ``$XDG_DATA_HOME/frogspec/worth.json`` (``~/.local/share`` without it), never to
the package's own file unless ``--out`` names it (in a checkout:
``--out frogspec/data/worth.json``). A second run on the same files is refused while the
first holds them, and a progress line torn by a stopped run is skipped on resume.

A second run (``--design seats``, :mod:`frogspec.worth_design`) puts the bidder in every
seat at tables of three to five and deals the hands players bid more often, each deal with
its weight (``frogspec/data/worth-seats.json``, :func:`load_seats`); the tables by seat
(:func:`by_seat`) and the fit of :mod:`frogspec.estimate` count each deal by its weight.

``--cluster ADDRESS`` solves the deals on a Dask distributed scheduler instead of local
processes, one task a deal (``pip install 'frogspec[cluster]'``).

A run that needs more than one machine is cut into shards, each an ordinary job for
whatever runs parallel work where it is done (``xargs -P`` on one machine, GNU Parallel
over several with ``-S``, a batch system's job array): a shard solves the deals whose index
leaves K divided by N and keeps its own progress file; ``merge`` joins the files into the
data (a deal is the same row whoever solved it: each is dealt from the seed and its index,
and the solver is deterministic)::

    seq 0 15 | xargs -P 2 -I{} python -m frogspec.worth run --deals 2000 --seed 21 \
        --shard {}/16 --progress worth-{}.jsonl
    python -m frogspec.worth merge --seed 21 worth-*.jsonl

>>> from frogspec.rules.cards import CardSet
>>> features_of(CardSet.parse("AH 10H KH QH JH AS 10S AC 10C AD 6D").mask, Suit.HEARTS)
HandFeatures(trumps=5, aces_and_tens=7, voids=0, longest=5)
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import math
import os
import random
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from frogspec.errors import InvalidInputError
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CARDS, FULL_PACK, SUIT_MASKS, Suit, card_points, cards_of
from frogspec.rules.play import TRICKS
from frogspec.rules.settlement import bidder_result
from frogspec.worth_design import ELDEST_DESIGN, SEATS_DESIGN

__all__ = [
    "FEATURES",
    "LAY_AWAY_LABEL",
    "PLAYS",
    "SCHEMA",
    "SCHEMA_SEATS",
    "HandFeatures",
    "SolvedDeal",
    "WorthData",
    "WorthRow",
    "by_seat",
    "contract_points",
    "contract_trump",
    "features_of",
    "load",
    "load_seats",
    "main",
    "merge",
    "row_for_hand",
    "seats_deals",
    "solved_deals",
    "table",
]

SCHEMA = "frogspec-worth/1"
#: The schema of a run of the second design (every seat and table size, strong hands
#: oversampled: :mod:`frogspec.worth_design`).
SCHEMA_SEATS = "frogspec-worth-seats/1"
#: The columns a row of the second design has after the plays' points.
_SEATS_COLUMNS = ("seat", "players", "draw_weight", "draws", "hand_number")
#: What the second design's weights are, as its data file says.
_WEIGHTS_LABEL = (
    "strong hands (a suit of five or more, or five Aces and Tens or more) are kept whenever "
    "dealt, others one time in 4 (draw_weight 4); an average over deals as they come weights "
    "each by draw_weight times the share of hands kept (hands kept over the sum of draws of "
    "the distinct hand_numbers): frogspec.worth_design.design_weights"
)
#: The plays solved for each deal, in the order of a data row's points.
PLAYS = ("frog", "C", "D", "S", "H")
#: The ruleset the positions are built under (any would do: they all play alike).
_PLAY_RULESET = "foster-1909"
#: The features players count, by name, with their headings.
FEATURES = {
    "trumps": "Trumps held",
    "aces_and_tens": "Aces and Tens",
    "voids": "Voids",
    "longest": "Longest suit",
}
#: A hint's row matches trumps held and Aces and Tens when it has this many deals; else
#: trumps held only; else every deal.
_MIN_MATCHED = 20
_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_DATA_FILE = "worth.json"
_SEATS_FILE = "worth-seats.json"
#: What the data's Frog values are: the lay-away is the best of three candidates, so each
#: is a lower bound on the deal's exact double-dummy Frog value.
LAY_AWAY_LABEL = (
    "the best for the solver of the three of frogspec.odds.lay_away_candidates: each Frog "
    "value is a lower bound on the exact value (the best of every lay-away), which is as "
    "high or higher"
)


class HandFeatures(NamedTuple):
    """What players count in a hand of eleven: the trumps held (0 with no trump), the Aces
    and Tens of every suit, the suits held none of, and the length of the longest suit."""

    trumps: int
    aces_and_tens: int
    voids: int
    longest: int


def features_of(hand: int, trump: Suit | None) -> HandFeatures:
    """The :class:`HandFeatures` of ``hand`` (a card mask) with ``trump`` trumps.

    >>> from frogspec.rules.cards import CardSet
    >>> features_of(CardSet.parse("AS 10S KS QS JS 9S 8S 7S 6S AC 10C").mask, None)
    HandFeatures(trumps=0, aces_and_tens=4, voids=2, longest=9)
    """
    lengths = [(hand & SUIT_MASKS[suit]).bit_count() for suit in _SUITS]
    aces_and_tens = sum(1 for card in cards_of(hand) if card_points(card) >= 10)
    return HandFeatures(
        trumps=0 if trump is None else lengths[int(trump)],
        aces_and_tens=aces_and_tens,
        voids=lengths.count(0),
        longest=max(lengths),
    )


def contract_trump(hand: int, contract: Contract, allowed: Sequence[Suit]) -> Suit:
    """The trump a hand's features are counted in for ``contract``: hearts in a Frog and a
    Grand; in a Chico the allowed suit the hand is longest in (the more points, then the
    suit's order, breaking ties): the one a player would name.

    >>> from frogspec.rules.cards import CardSet
    >>> hand = CardSet.parse("AS 10S KS QS AH 10H KH QH JH AC 6D").mask
    >>> contract_trump(hand, Contract.CHICO, (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)).name
    'SPADES'
    """
    from frogspec.estimate import chico_trump

    return Suit.HEARTS if contract != Contract.CHICO else chico_trump(hand, allowed)


# ----------------------------------------------------------------------------- the data
@dataclass(frozen=True)
class WorthData:
    """The committed run: how it was made, and one row a deal (eldest's hand, then the
    bidder's double-dummy card points for each of :data:`PLAYS`, then the same positions'
    points when :class:`frogspec.bots.Bot` plays every seat)."""

    command: str
    seed: int
    date: str
    deals: int
    rows: tuple[tuple[int, ...], ...]
    meta: dict[str, Any]

    def points(self, row: tuple[int, ...], play: str) -> int:
        """A row's double-dummy points for ``play``."""
        return row[1 + PLAYS.index(play)]

    def bot_points(self, row: tuple[int, ...], play: str) -> int:
        """A row's points for ``play`` when the bots play the same position."""
        return row[1 + len(PLAYS) + PLAYS.index(play)]


def _parse(data: dict[str, Any]) -> WorthData:
    schema = data.get("schema")
    if schema not in (SCHEMA, SCHEMA_SEATS):
        raise InvalidInputError(f"not {SCHEMA} data: schema {schema!r}")
    if list(data["plays"]) != list(PLAYS):
        raise InvalidInputError(f"the data's plays {data['plays']} are not {list(PLAYS)}")
    rows = tuple(tuple(int(x) for x in row) for row in data["rows"])
    if len(rows) != data["deals"]:
        raise InvalidInputError(f"the data says {data['deals']} deals and holds {len(rows)}")
    width = 1 + 2 * len(PLAYS) + (len(_SEATS_COLUMNS) if schema == SCHEMA_SEATS else 0)
    if any(len(row) != width for row in rows):
        raise InvalidInputError(f"a row of {schema} data is {width} numbers")
    return WorthData(
        command=data["command"],
        seed=int(data["seed"]),
        date=data["date"],
        deals=int(data["deals"]),
        rows=rows,
        meta={k: v for k, v in data.items() if k not in ("rows",)},
    )


@cache
def load() -> WorthData:
    """The committed data of eldest's hands (``frogspec/data/worth.json``), read once."""
    text = resources.files("frogspec").joinpath("data", _DATA_FILE).read_text(encoding="utf-8")
    return _parse(json.loads(text))


@cache
def load_seats() -> WorthData:
    """The committed data of every seat and table size (``frogspec/data/worth-seats.json``,
    the second design of :mod:`frogspec.worth_design`), read once."""
    text = resources.files("frogspec").joinpath("data", _SEATS_FILE).read_text(encoding="utf-8")
    return _parse(json.loads(text))


class SolvedDeal(NamedTuple):
    """A deal of either run as the fit and the averages read it: its data row, the bidder's
    place in the turn order, the table's size, its weight in an average over deals as they
    come (1 in the first run; :func:`frogspec.worth_design.design_weights` in the second),
    the number that decides whether it is held out (the deal's index; the hand's number,
    so that both deals of a hand fall alike), and which hand of the second run it is
    (two deals share one; -1 in the first run)."""

    row: tuple[int, ...]
    seat: int
    players: int
    weight: float
    fold: int
    hand_number: int

    @property
    def hand(self) -> int:
        """The bidder's hand (a card mask)."""
        return self.row[0]


def solved_deals(
    eldest: WorthData | None = None, seats: WorthData | None = None
) -> list[SolvedDeal]:
    """Every deal of both runs (the committed data by default), weighted."""
    return _eldest_deals(eldest or load()) + seats_deals(seats or load_seats())


def _eldest_deals(data: WorthData) -> list[SolvedDeal]:
    """The deals of a run of the first design: eldest at three players, each weight 1."""
    return [SolvedDeal(row, 0, 3, 1.0, index, -1) for index, row in enumerate(data.rows)]


def seats_deals(data: WorthData) -> list[SolvedDeal]:
    """The deals of a run of the second design, weighted
    (:func:`frogspec.worth_design.design_weights`)."""
    from frogspec.worth_design import design_weights

    tail = 1 + 2 * len(PLAYS)
    extra = [dict(zip(_SEATS_COLUMNS, row[tail:], strict=True)) for row in data.rows]
    weights = design_weights(
        [e["draw_weight"] for e in extra], {(e["hand_number"], e["draws"]) for e in extra}
    )
    return [
        SolvedDeal(row, e["seat"], e["players"], w, e["hand_number"], e["hand_number"])
        for row, e, w in zip(data.rows, extra, weights, strict=True)
    ]


# ------------------------------------------------------------------------- the analysis
@dataclass(frozen=True)
class WorthRow:
    """One contract's figures over the deals of a group: the share the bidder wins (Wilson
    95% interval) and his expected net payment per deal (normal 95% interval), in the
    ruleset's unit; ``matched`` says which deals the group holds."""

    contract: Contract
    name: str
    matched: str
    samples: int
    wins: int
    win_rate: float
    win_interval: tuple[float, float]
    mean_payment: float
    payment_interval: tuple[float, float]
    mean_points: float
    bot_mean_points: float


def contract_points(
    ruleset_id: str, contract: Contract, data: WorthData, row: tuple[int, ...]
) -> tuple[int, int]:
    """A deal's double-dummy points for ``contract`` of the ruleset (a Chico: the best of
    its trumps), and the bots' points in that same play."""
    plays = _plays(ruleset_id)[contract]
    best = max(plays, key=lambda p: data.points(row, p))
    return data.points(row, best), data.bot_points(row, best)


@cache
def _plays(ruleset_id: str) -> dict[Contract, tuple[str, ...]]:
    from frogspec.odds import contract_plays
    from frogspec.rulesets import get_ruleset

    return contract_plays(get_ruleset(ruleset_id))


@cache
def _payments(ruleset_id: str, seat: int = 0, players: int = 3) -> dict[Contract, tuple[int, ...]]:
    # The bidder's net payment for each count of card points, bidding from ``seat`` (his
    # place in the turn order) at a table of ``players``.
    from frogspec.engine import new_deal, settle
    from frogspec.odds import DEALER
    from frogspec.rulesets import get_ruleset

    rs = get_ruleset(ruleset_id)
    bidder = new_deal(rs, players, DEALER, list(CARDS)).order[seat]
    return {
        c: tuple(settle(rs, players, DEALER, bidder, c, p)[bidder] for p in range(121))
        for c in rs.rules.contracts()
    }


def _allowed(ruleset_id: str) -> tuple[Suit, ...]:
    from frogspec.rulesets import get_ruleset

    return tuple(Suit(s) for s in get_ruleset(ruleset_id).rules.chico_trump())


def _summarise(
    ruleset_id: str,
    contract: Contract,
    rows: Sequence[tuple[int, ...]],
    data: WorthData,
    matched: str,
    weights: Sequence[float] | None = None,
    table: tuple[int, int] = (0, 3),
) -> WorthRow:
    # The figures of ``rows``, each counted by its weight (every deal alike without
    # weights), the payments of a bidder at place ``table[0]`` of a table of ``table[1]``.
    from frogspec.odds.stats import weighted_mean_interval, weighted_rate_interval

    payments = _payments(ruleset_id, *table)[contract]
    points = [contract_points(ruleset_id, contract, data, row) for row in rows]
    wins = sum(1 for p, _ in points if bidder_result(p) > 0)
    n = len(points)
    if n == 0:
        return WorthRow(
            contract, _name(ruleset_id, contract), matched, 0, 0, math.nan, (0.0, 1.0),
            math.nan, (-math.inf, math.inf), math.nan, math.nan,
        )  # fmt: skip
    weights = list(weights) if weights is not None else [1.0] * n
    total = math.fsum(weights)
    rate, low_rate, high_rate = weighted_rate_interval(
        [bidder_result(p) > 0 for p, _ in points], weights
    )
    bounds = (min(payments), max(payments))
    mean, low, high = weighted_mean_interval(
        [payments[p] for p, _ in points], weights, bounds=bounds
    )
    return WorthRow(
        contract=contract,
        name=_name(ruleset_id, contract),
        matched=matched,
        samples=n,
        wins=wins,
        win_rate=rate,
        win_interval=(low_rate, high_rate),
        mean_payment=mean,
        payment_interval=(low, high),
        mean_points=math.fsum(w * p for w, (p, _) in zip(weights, points, strict=True)) / total,
        bot_mean_points=math.fsum(w * b for w, (_, b) in zip(weights, points, strict=True)) / total,
    )


def by_seat(
    ruleset_id: str, contract: Contract, data: WorthData | None = None
) -> list[tuple[tuple[int, int], WorthRow]]:
    """The figures of ``contract`` under the ruleset for each seat and table size of the
    second run (:func:`load_seats` by default), each deal counted by its weight: one row for
    each (place in the turn order, players) the ruleset allows, in order."""
    from frogspec.rulesets import get_ruleset

    data = data or load_seats()
    allowed = get_ruleset(ruleset_id).rules.player_count()
    groups: dict[tuple[int, int], list[SolvedDeal]] = {}
    for deal in seats_deals(data):
        if deal.players in allowed:
            groups.setdefault((deal.seat, deal.players), []).append(deal)
    return [
        (
            key,
            _summarise(
                ruleset_id,
                contract,
                [d.row for d in groups[key]],
                data,
                f"seat {key[0]}, {key[1]} players",
                [d.weight for d in groups[key]],
                key,
            ),
        )
        for key in sorted(groups)
    ]


def _name(ruleset_id: str, contract: Contract) -> str:
    from frogspec.rulesets import get_ruleset

    return get_ruleset(ruleset_id).contract_name(contract)


def _features(ruleset_id: str, contract: Contract, hand: int) -> HandFeatures:
    return _features_with(_allowed(ruleset_id), contract, hand)


@cache
def _features_with(allowed: tuple[Suit, ...], contract: Contract, hand: int) -> HandFeatures:
    # Each table of a page groups the same deals again by another feature: compute once.
    return features_of(hand, contract_trump(hand, contract, allowed))


def table(
    ruleset_id: str, contract: Contract, feature: str, data: WorthData | None = None
) -> list[tuple[int, WorthRow]]:
    """The figures of ``contract`` under the ruleset by one feature (a key of
    :data:`FEATURES`): one row for each value the deals show, in order."""
    if feature not in FEATURES:
        raise InvalidInputError(f"unknown feature {feature!r}: one of {', '.join(FEATURES)}")
    data = data or load()
    groups: dict[int, list[tuple[int, ...]]] = {}
    for row in data.rows:
        value = getattr(_features(ruleset_id, contract, row[0]), feature)
        groups.setdefault(value, []).append(row)
    return [
        (value, _summarise(ruleset_id, contract, groups[value], data, f"{feature} = {value}"))
        for value in sorted(groups)
    ]


def overall(ruleset_id: str, contract: Contract, data: WorthData | None = None) -> WorthRow:
    """The figures of ``contract`` under the ruleset over every deal of the data."""
    data = data or load()
    return _summarise(ruleset_id, contract, data.rows, data, "every deal")


@cache
def _index(
    ruleset_id: str, contract: Contract, place: int = 0
) -> dict[tuple[int, int], list[SolvedDeal]]:
    # The deals of a seat by (trumps, Aces and Tens): eldest's of the first run, another
    # seat's of the second.
    if place == 0:
        deals = _eldest_deals(load())
    else:
        deals = [d for d in seats_deals(load_seats()) if d.seat == place]
    groups: dict[tuple[int, int], list[SolvedDeal]] = {}
    for deal in deals:
        f = _features(ruleset_id, contract, deal.hand)
        groups.setdefault((f.trumps, f.aces_and_tens), []).append(deal)
    return groups


def row_for_hand(
    ruleset_id: str, hand: int, seat: str = "eldest", players: int = 3
) -> list[WorthRow]:
    """The table's row for ``hand`` (a mask of eleven cards), one :class:`WorthRow` per
    contract of the ruleset: eldest's from the first run, the deals whose eldest hand has
    as many trumps (for that contract) and as many Aces and Tens; if fewer than
    :data:`_MIN_MATCHED`, those with as many trumps; if fewer still, every deal. Another
    seat's from the second run's deals at that seat (every table size: the cards play
    alike), each counted by its weight, matched the same way; the payments are those of a
    table of ``players``.

    >>> from frogspec.rules.cards import CardSet
    >>> rows = row_for_hand("foster-1909", CardSet.parse("AH 10H KH QH JH AS 10S AC 10C AD 6D").mask)
    >>> [row.name for row in rows]
    ['Frog', 'Chico', 'Grand']
    """
    from frogspec.engine import check_players
    from frogspec.rulesets import get_ruleset
    from frogspec.worth_design import SEAT_NAMES

    rs = get_ruleset(ruleset_id)
    if seat not in SEAT_NAMES:
        raise InvalidInputError(f"unknown seat {seat!r}: one of {', '.join(SEAT_NAMES)}")
    check_players(rs, players)
    if not isinstance(hand, int) or hand.bit_count() != TRICKS or hand & ~FULL_PACK:
        raise InvalidInputError("a hand is eleven cards of the pack")
    place = SEAT_NAMES.index(seat)
    data = load() if place == 0 else load_seats()
    result = []
    for contract in rs.rules.contracts():
        f = _features(ruleset_id, contract, hand)
        groups = _index(ruleset_id, contract, place)
        chosen = groups.get((f.trumps, f.aces_and_tens), [])
        matched = f"trumps = {f.trumps}, Aces and Tens = {f.aces_and_tens}"
        if len(chosen) < _MIN_MATCHED:
            chosen = [d for (t, _), group in groups.items() if t == f.trumps for d in group]
            matched = f"trumps = {f.trumps}"
        if len(chosen) < _MIN_MATCHED:
            chosen = [d for group in groups.values() for d in group]
            matched = "every deal" if place == 0 else f"every deal with the bidder {seat}"
        weights = None if place == 0 else [d.weight for d in chosen]
        rows = [d.row for d in chosen]
        result.append(
            _summarise(ruleset_id, contract, rows, data, matched, weights, (place, players))
        )
    return result


# ------------------------------------------------------------------------------ the run
def deal_hands(seed: int, index: int) -> tuple[list[int], int]:
    """Deal ``index`` of a run: the three hands from eldest and the widow, the pack
    shuffled by ``random.Random`` seeded by the run's seed and the deal's index."""
    pack = list(CARDS)
    random.Random(f"frogspec-worth:{seed}:{index}").shuffle(pack)
    hands = [sum(1 << c for c in pack[11 * i : 11 * i + 11]) for i in range(3)]
    return hands, sum(1 << c for c in pack[33:])


def deal_row(task: tuple[Any, ...]) -> tuple[int, ...]:
    """The data row of deal ``index`` (the task is ``(seed, index, solver)`` or ``(seed,
    index, solver, design)``: ``None`` for the double-dummy solver, the design
    :data:`~frogspec.worth_design.ELDEST_DESIGN` unless named). A row of the second design
    (:data:`~frogspec.worth_design.SEATS_DESIGN`) ends with the bidder's seat, the table's
    size, the hand's draw weight, the hands dealt to keep it and the hand's number."""
    from frogspec.odds import THREE_LAY_AWAYS, solve_plays, solver_points
    from frogspec.rulesets import get_ruleset
    from frogspec.worth_design import SEATS_DESIGN, seats_deal

    seed, index, solver = task[:3]
    design = task[3] if len(task) > 3 else ELDEST_DESIGN
    if design == SEATS_DESIGN:
        deal = seats_deal(seed, index)
        hands, widow, seat, players = list(deal.hands), deal.widow, deal.seat, deal.players
        tail: tuple[int, ...] = (seat, players, deal.weight, deal.draws, deal.hand_number)
    else:
        hands, widow = deal_hands(seed, index)
        seat, players, tail = 0, 3, ()
    found = solve_plays(
        get_ruleset(_PLAY_RULESET), hands, widow, seat, PLAYS, solver or solver_points,
        bot_seed=index, lay_aways=THREE_LAY_AWAYS, players=players,
    )  # fmt: skip
    return (hands[seat], *(found[p][0] for p in PLAYS), *(found[p][1] for p in PLAYS), *tail)


def _document(
    seed: int, rows: list[tuple[int, ...]], command: str, started: str, design: str = "eldest"
) -> dict[str, Any]:
    columns = ["hand_mask", *(f"dd_{p}" for p in PLAYS), *(f"bots_{p}" for p in PLAYS)]
    head: dict[str, Any] = {"schema": SCHEMA, "command": command, "seed": seed, "date": started}
    if design == SEATS_DESIGN:
        head = {**head, "schema": SCHEMA_SEATS, "design": SEATS_DESIGN}
        columns += list(_SEATS_COLUMNS)
        shape: dict[str, Any] = {"players": "3 to 5 (the column players)", "seat": "every"}
    else:
        columns[0] = "eldest_hand_mask"
        shape = {"players": 3, "seat": "eldest"}
    return {
        **head,
        "deals": len(rows),
        **shape,
        "play_ruleset": _PLAY_RULESET,
        "plays": list(PLAYS),
        "columns": columns,
        "solver": "frogspec.solve.solve (double-dummy, exact for each position solved)",
        "lay_away": LAY_AWAY_LABEL,
        "bots": "frogspec.bots.Bot at every seat, seeded by the deal's index, same position",
        **({"weights": _WEIGHTS_LABEL} if design == SEATS_DESIGN else {}),
        "rows": [list(r) for r in rows],
    }


def _user_data_dir() -> Path:
    """Where a run writes its data unless told otherwise: ``$XDG_DATA_HOME/frogspec``
    (``~/.local/share/frogspec`` without it), never the installed package's own data."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "frogspec"


def _check_replaceable(path: Path, doing: str = "written") -> None:
    """Refuse to write over (or read, ``doing="read"``) anything but a regular file (a
    symbolic link, a device, a folder, a FIFO): replacing it would lose what it is, and
    reading it might never end."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise InvalidInputError(f"cannot write {path}: {error.strerror}") from None
    if stat.S_ISLNK(mode):
        raise InvalidInputError(
            f"{path} is a symbolic link: it is not {doing}; name the file it points to"
        )
    if not stat.S_ISREG(mode):
        raise InvalidInputError(
            f"{path} is not a regular file (a device, a folder, a FIFO...): not {doing}"
        )


def replace_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file of its own (unique) name in the
    same folder, renamed over ``path`` once complete: a reader sees the old file or the new,
    never a part. A symbolic link or a device at ``path`` is refused
    (:class:`InvalidInputError`), not replaced."""
    _check_replaceable(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise InvalidInputError(f"cannot write {path}: {error.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock of ``path`` (an exclusive lock on ``path.lock`` beside it) for the
    block: a second run on the same file is refused (:class:`InvalidInputError`) rather
    than mixing its lines with the first's. The lock ends with the process, however it
    ends; the lock file stays, empty."""
    import fcntl  # here: Pyodide (the Play page reads this module) has none

    lock = path.with_name(path.name + ".lock")
    _check_replaceable(lock)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise InvalidInputError(f"cannot lock {path}: {error.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise InvalidInputError(
                f"another run is writing {path} (it holds {lock}): wait for it to end"
            ) from None
        yield
    finally:
        os.close(fd)


def write_data(path: Path, document: dict[str, Any]) -> None:
    """Write the data file compactly (one deal a line), atomically
    (:func:`replace_atomically`)."""
    rows = document["rows"]
    head = {k: v for k, v in document.items() if k != "rows"}
    text = json.dumps(head, indent=1)[:-2] + ',\n "rows": [\n'
    text += ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows) + "\n ]\n}\n"
    replace_atomically(path, text)


def _progress_lines(path: Path, report: Callable[[str], None], repair: bool) -> list[str]:
    """The lines of a progress file, but a torn last one (a run stopped while writing it:
    no newline ends it), which is reported and skipped, and, with ``repair``, cut off the
    file, so that the next deal is appended on a line of its own."""
    _check_replaceable(path, "read")
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise InvalidInputError(f"cannot read {path}: {error.strerror}") from None
    lines = text.splitlines()
    if text and not text.endswith("\n"):
        torn = lines.pop()
        report(
            f"warning: {path}, line {len(lines) + 1}: skipped, torn (the run that wrote it "
            f"stopped mid-line: {torn[:60]!r}); its deal is solved again"
        )
        if repair:
            replace_atomically(path, "".join(line + "\n" for line in lines))
    return lines


def _read_progress(
    path: Path,
    seed: int,
    done: dict[int, tuple[int, ...]],
    report: Callable[[str], None] = print,
    repair: bool = False,
) -> str | None:
    # Add the deals of ``seed`` in a progress file to ``done``; the run's start, if any.
    started = None
    for number, line in enumerate(_progress_lines(path, report, repair), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            index, row = int(entry["index"]), tuple(int(x) for x in entry["row"])
        except (ValueError, KeyError, TypeError) as error:
            raise InvalidInputError(
                f"{path}, line {number}: not a deal of a run ({error})"
            ) from None
        if entry.get("seed") != seed:
            continue
        if index in done and done[index] != row:
            raise InvalidInputError(
                f"{path}, line {number}: deal {index} of seed {seed} is already done with "
                "another row (the progress files come from different code or data)"
            )
        done[index] = row
        started = started or entry.get("started")
    return started


def _prefix(done: dict[int, tuple[int, ...]]) -> list[tuple[int, ...]]:
    # The deals done from deal 0 on, up to the first missing one.
    rows: list[tuple[int, ...]] = []
    while len(rows) in done:
        rows.append(done[len(rows)])
    return rows


def _data_command(deals: int, seed: int, design: str = ELDEST_DESIGN) -> str:
    """The command that solves the deals of a data file again, on one machine."""
    named = "" if design == ELDEST_DESIGN else f" --design {design}"
    return f"python -m frogspec.worth run --deals {deals} --seed {seed} --workers 2{named}"


def run(
    deals: int,
    seed: int,
    workers: int,
    out: Path,
    progress_file: Path,
    command: str,
    solver: Callable[[Any], int] | None = None,
    report: Callable[[str], None] = print,
    first: int = 0,
    shard: tuple[int, int] = (0, 1),
    design: str = ELDEST_DESIGN,
    cluster: str | None = None,
) -> int:
    """Solve deals ``first .. deals-1`` of ``seed`` (those already in ``progress_file`` are
    kept), appending each to ``progress_file`` and rewriting ``out`` with the deals done
    from deal 0 on; returns the number of deals in the progress file from deal 0 on.

    ``shard=(k, n)`` solves only the deals whose index leaves ``k`` divided by ``n``, and
    writes no data file: each of ``n`` jobs, run by any scheduler of parallel work (see the
    module's docstring), keeps a progress file of its own, and :func:`merge` joins them.

    A second run on the same files is refused while this one holds them (:func:`locked`);
    a torn last line of the progress file (a run stopped mid-line) is reported, cut off
    and its deal solved again; the data file is replaced whole (:func:`replace_atomically`),
    never through a symbolic link or onto a device.

    ``design``: which deals (:mod:`frogspec.worth_design`): eldest's hand as it comes, or
    every seat and table size with strong hands oversampled and weighted back.
    ``cluster``: the address of a Dask distributed scheduler (``tcp://host:8786``) to solve
    the deals on, one task a deal, instead of local processes."""
    part, parts = shard
    if design not in (ELDEST_DESIGN, SEATS_DESIGN):
        raise InvalidInputError(f"design: {ELDEST_DESIGN} or {SEATS_DESIGN}, not {design!r}")
    if not 0 <= part < parts:
        raise InvalidInputError(
            f"shard {part}/{parts}: the first number runs from 0 to {parts - 1}"
        )
    with contextlib.ExitStack() as locks:
        locks.enter_context(locked(progress_file))
        if parts == 1:
            locks.enter_context(locked(out))
            _check_replaceable(out)
        done: dict[int, tuple[int, ...]] = {}
        started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%MZ")
        if progress_file.exists() or progress_file.is_symlink():
            started = _read_progress(progress_file, seed, done, report, repair=True) or started
        todo = [i for i in range(first, deals) if i % parts == part and i not in done]
        report(f"{len(done)} deals already done; {len(todo)} to solve on {workers} worker(s)")
        clock = time.monotonic()

        def finish(index: int, row: tuple[int, ...]) -> None:
            done[index] = row
            with progress_file.open("a", encoding="utf-8") as stream:
                entry = {"seed": seed, "index": index, "started": started, "row": list(row)}
                stream.write(json.dumps(entry) + "\n")
            elapsed = time.monotonic() - clock
            if parts > 1:
                report(f"deal {index}: {len(done)} in this shard, {elapsed:.0f} s this run")
                return
            prefix = _prefix(done)
            write_data(out, _document(seed, prefix, command, started, design))
            report(f"deal {index}: {len(prefix)} in the data, {elapsed:.0f} s this run")

        tasks = [(seed, i, solver, design) for i in todo]
        if cluster is not None:
            for index, row in _cluster_rows(cluster, tasks):
                finish(index, row)
        elif workers <= 1:
            for task in tasks:
                finish(task[1], deal_row(task))
        else:
            # Imported here: Pyodide (the Play page reads this module) has no processes.
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=workers, initializer=_leave_interrupts) as pool:
                for task, row in zip(tasks, pool.map(deal_row, tasks), strict=True):
                    finish(task[1], row)
        return len(_prefix(done))


def _cluster_rows(
    address: str, tasks: Sequence[tuple[Any, ...]]
) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Solve ``tasks`` (:func:`deal_row`'s) on the Dask distributed scheduler at
    ``address``, one task a deal: each deal's index and row as it is done, in any order.
    Dask is imported only here (``pip install 'frogspec[cluster]'``); without it, or when
    the scheduler cannot be reached, :class:`InvalidInputError` says so."""
    import importlib

    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise InvalidInputError(
            "--cluster needs Dask's distributed scheduler, which is not installed: "
            "pip install 'frogspec[cluster]' (or dask distributed)"
        ) from None
    try:
        client = distributed.Client(address, timeout=30)
    except (OSError, TimeoutError) as error:
        raise InvalidInputError(f"cannot reach the scheduler at {address}: {error}") from None
    with client:
        futures = client.map(deal_row, list(tasks), pure=False)
        indices = {future.key: task[1] for future, task in zip(futures, tasks, strict=True)}
        for future in distributed.as_completed(futures):
            yield indices[future.key], tuple(future.result())


def _leave_interrupts() -> None:
    # Ctrl-C reaches the workers too: the run reports it once; they only end.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def merge(
    progress_files: Sequence[Path], seed: int, out: Path, report: Callable[[str], None] = print
) -> int:
    """Join the progress files of a run's shards (or of several machines) and write the data
    file with the deals done from deal 0 on; returns their number. A deal found twice must
    have the same row in both (:class:`InvalidInputError` if not); the first missing deal,
    if any deal after it is done, is reported."""
    done: dict[int, tuple[int, ...]] = {}
    starts = []
    for path in progress_files:
        if not path.exists():
            raise InvalidInputError(f"no progress file {path}")
        started = _read_progress(path, seed, done, report)
        if started:
            starts.append(started)
    rows = _prefix(done)
    if not rows:
        raise InvalidInputError(f"the progress files hold no deal 0 of seed {seed}")
    later = [i for i in done if i > len(rows)]
    if later:
        report(
            f"deal {len(rows)} is missing: {len(later)} later deals are left out until it is done"
        )
    started = min(starts) if starts else ""
    design = SEATS_DESIGN if len(rows[0]) > 1 + 2 * len(PLAYS) else ELDEST_DESIGN
    with locked(out):
        command = _data_command(len(rows), seed, design)
        write_data(out, _document(seed, rows, command, started, design))
    report(f"{len(rows)} deals of seed {seed} in {out}")
    return len(rows)


#: The most deals one run solves, and the most worker processes it starts.
MAX_DEALS = 1_000_000
MAX_WORKERS = 2 * (os.cpu_count() or 1)


def bounded(least: int, most: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``least`` to ``most``."""
    from frogspec.cli import whole_number

    parse_least = whole_number(least)

    def parse(text: str) -> int:
        value = parse_least(text)
        if value > most:
            raise argparse.ArgumentTypeError(f"at most {most:,}, got {text}")
        return value

    return parse


def _shard(text: str) -> tuple[int, int]:
    part, slash, parts = text.partition("/")
    if not (slash and part.isdigit() and parts.isdigit() and int(parts) >= 1):
        raise argparse.ArgumentTypeError(f"a shard is K/N, like 0/16, not {text!r}")
    if int(part) >= int(parts):
        raise argparse.ArgumentTypeError(f"shard {text}: K runs from 0 to {int(parts) - 1}")
    return int(part), int(parts)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.worth run --deals N --seed S [--workers W] [--shard K/N]`` and
    ``python -m frogspec.worth merge --seed S PROGRESS...``."""
    from frogspec.arguments import whole_number

    parser = argparse.ArgumentParser(
        prog="python -m frogspec.worth",
        description="Solve random deals double-dummy for the hand-worth pages (resumable), "
        "or join the progress files of a run's shards. Analysis, not rules.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    # Never the package's own data (a run of one deal would replace 2,000): a user's folder.
    default_out = _user_data_dir() / _DATA_FILE
    out_help = f"the data file (default {default_out}; the package's own is not written)"
    go = sub.add_parser("run", help="solve the deals and write the data (resumable)")
    go.add_argument("--deals", type=bounded(1, MAX_DEALS), required=True)
    go.add_argument("--seed", type=whole_number(0), required=True)
    go.add_argument(
        "--workers",
        type=bounded(1, MAX_WORKERS),
        default=1,
        help=f"processes solving at once (at most {MAX_WORKERS}, twice this machine's cores)",
    )
    go.add_argument(
        "--first", type=whole_number(0), default=0, help="the first deal to solve (a range)"
    )
    go.add_argument(
        "--shard",
        type=_shard,
        default=(0, 1),
        help="K/N: solve only the deals whose index leaves K divided by N (one job of N, "
        "run by any scheduler; no data file is written: merge the progress files)",
    )
    go.add_argument(
        "--design",
        choices=(ELDEST_DESIGN, SEATS_DESIGN),
        default=ELDEST_DESIGN,
        help="which deals: eldest's hand as it comes at three players (default), or every "
        "seat and table size of three to five, strong hands oversampled and weighted back",
    )
    go.add_argument(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="solve the deals on this Dask distributed scheduler (tcp://host:8786), one task "
        "a deal, instead of local processes (needs: pip install 'frogspec[cluster]')",
    )
    go.add_argument("--out", type=Path, default=default_out, help=out_help)
    go.add_argument(
        "--progress", type=Path, default=Path("worth-progress.jsonl"), help="the deals done"
    )
    join = sub.add_parser("merge", help="join progress files into the data file")
    join.add_argument("--seed", type=whole_number(0), required=True)
    join.add_argument("--out", type=Path, default=default_out, help=out_help)
    join.add_argument("progress", type=Path, nargs="+", help="the shards' progress files")
    args = parser.parse_args(argv)
    try:
        if args.command == "merge":
            merge(args.progress, args.seed, args.out, report=_to_stderr)
            return 0
        count = run(
            args.deals,
            args.seed,
            args.workers,
            args.out,
            args.progress,
            _data_command(args.deals, args.seed, args.design),
            first=args.first,
            shard=args.shard,
            report=_to_stderr,
            design=args.design,
            cluster=args.cluster,
        )
    except InvalidInputError as error:
        print(f"python -m frogspec.worth: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            f"python -m frogspec.worth: interrupted; the deals done are kept in {args.progress}"
            if args.command == "run"
            else "python -m frogspec.worth: interrupted; nothing was written",
            file=sys.stderr,
        )
        return 130
    if args.shard[1] > 1:
        print(f"shard {args.shard[0]}/{args.shard[1]} is in {args.progress}: merge the "
              "shards' progress files into the data", file=sys.stderr)  # fmt: skip
    else:
        print(f"{count} deals done from deal 0 on in {args.out}", file=sys.stderr)
    return 0


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
