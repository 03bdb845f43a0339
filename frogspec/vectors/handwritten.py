"""The hand-written cases: the sources' own examples and the edges of every rule.

Each case is a request and a hand-written expectation (``check``): the part of the response
that the sources, or a count anyone can do on paper, fix. Building a case asks the
reference for the whole response and refuses to go on if the reference disagrees with
the expectation (:func:`frogspec.vectors.build.make_case`). The cases that are plain
rows of data (trick winners, legal plays, settlements) are Markdown tables in ``frogspec/data/tables/``,
one case a row, read by :func:`read_table`; the Python here turns each row into a case.

The packs are built so that the position is plain to see: :func:`deck_for` deals the
hands a case names; the canonical pack (:data:`frogspec.prng.CANONICAL_ORDER`, clubs,
diamonds, hearts, spades, each from the Ace down) is used where the hands do not matter.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from importlib import resources

from frogspec._types import Json
from frogspec.prng import CANONICAL_ORDER
from frogspec.questions import Question
from frogspec.rules.auction import Contract
from frogspec.rulesets import RULESETS
from frogspec.vectors.build import (
    Spec,
    deck_for,
    high_for_bidder,
    low_for_bidder,
    play_out,
)

__all__ = ["FILES"]

CANON = list(CANONICAL_ORDER)

FOSTER = "foster-1909"
HOYLE = "hoyle-1907"
MODERN = "modern"
SOLO = "official-1922-solo"
STRAIGHT = "official-1922-straight"
COEUR = "official-1922-coeur-dalene"
GAMERULES_RULESET = "gamerules"
#: The rulesets of the 1922 rules.
OFFICIAL = (SOLO, STRAIGHT, COEUR)
#: Foster's auction, his rates and his widow shown: Foster and the 1907 Hoyle.
PREWAR = (FOSTER, HOYLE)

# Rule ids, by the ruleset's choice for a question, so that each case names the rule it
# exercises under the ruleset it is played in.


def _choice(ruleset: str, question: Question) -> str:
    return RULESETS[ruleset].rule_id(question)


def game(
    ruleset: str,
    actions: Sequence[str],
    *,
    players: int = 3,
    dealer: int = 0,
    deck: Sequence[str] | None = None,
    options: dict[str, Json] | None = None,
) -> dict[str, Json]:
    """A ``game`` request."""
    return {
        "op": "game",
        "ruleset": ruleset,
        "options": options or {},
        "players": players,
        "dealer": dealer,
        "deck": list(deck if deck is not None else CANON),
        "actions": list(actions),
    }


def settle_request(
    ruleset: str,
    contract: str,
    points: int,
    *,
    players: int = 3,
    dealer: int = 0,
    bidder: int = 1,
    options: dict[str, Json] | None = None,
) -> dict[str, Json]:
    """A ``settle`` request."""
    return {
        "op": "settle",
        "ruleset": ruleset,
        "options": options or {},
        "players": players,
        "dealer": dealer,
        "bidder": bidder,
        "contract": contract,
        "bidder_points": points,
    }


def _deal_request(
    ruleset: str, players: int, dealer: int, deck: Sequence[str] | None = None
) -> dict[str, Json]:
    """A ``deal`` request."""
    return {
        "op": "deal",
        "ruleset": ruleset,
        "options": {},
        "players": players,
        "dealer": dealer,
        "deck": list(deck if deck is not None else CANON),
    }


def over(result: dict[str, Json]) -> dict[str, Json]:
    """A check on a result."""
    return {"result": result}


def illegal(rule: str, at: int | None = None, deal: int | None = None) -> dict[str, Json]:
    """A check on an ``illegal`` error: the rule, the index of the action (``at``) and, in
    a ``match``, the index of its deal."""
    error: dict[str, Json] = {"kind": "illegal", "rule": rule}
    if at is not None:
        error["at"] = at
    if deal is not None:
        error["deal"] = deal
    return {"error": error}


INVALID: dict[str, Json] = {"error": {"kind": "invalid"}}
UNSUPPORTED: dict[str, Json] = {"error": {"kind": "unsupported"}}

# --- the cards ------------------------------------------------------------------------

_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}


def _card_cases() -> list[Spec]:
    """``card_points`` for every card of the pack."""
    specs = []
    for card in CANONICAL_ORDER:
        rank = card[:-1]
        specs.append(
            Spec(
                id=f"cards.points.{card.lower()}",
                description=f"{card} counts {_POINTS[rank]}.",
                request={"op": "card_points", "card": card},
                rules=("cards.points",),
                check={"result": _POINTS[rank]},
                source="Foster (1909): Each Ace is worth 11, Tens are worth 10, Kings 4, "
                "Queens 3, and Jacks 2.",
            )
        )
    return specs


# --- the tables: rows of plain data, in frogspec/data/tables/ ---------------------------

#: The ruleset column's mark for a row asked under every ruleset, so that each ruleset's own
#: cases hold it (a ruleset's cases are what ``frogspec conform --ruleset`` runs).
EVERY_RULESET = "*"


def read_table(name: str) -> list[dict[str, str]]:
    """The rows of the Markdown table ``frogspec/data/tables/NAME.md``, each by column name.

    A row whose ruleset is :data:`EVERY_RULESET` comes back once per ruleset, its id
    prefixed with the ruleset's, after the other rows.

    >>> read_table("tricks")[0]["id"], read_table("tricks")[-1]["id"]
    ('ace-beats-ten', 'gamerules.higher-trump-wins')
    """
    text = (resources.files("frogspec") / "data" / "tables" / f"{name}.md").read_text("utf-8")
    header, _rule, *lines = [line for line in text.splitlines() if line.startswith("|")]
    columns = _cells(header)
    rows = [dict(zip(columns, _cells(line), strict=True)) for line in lines]
    every = [row for row in rows if row["ruleset"] == EVERY_RULESET]
    return [row for row in rows if row not in every] + [
        row | {"id": f"{rs}.{row['id']}", "ruleset": rs} for rs in RULESETS for row in every
    ]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def trick_cases() -> list[Spec]:
    """``trick_winner``: rank order, trumps, off-suit cards (the table ``tricks``)."""
    return [
        Spec(
            id=f"trick.{row['id']}",
            description=row["description"],
            request={
                "op": "trick_winner",
                "ruleset": row["ruleset"],
                "trump": row["trump"],
                "cards": row["cards"].split(),
            },
            rules=("play.trick-winner",),
            check={"result": int(row["winner"])},
            if_traced=("cards.rank-order",),  # where two cards of one suit meet
        )
        for row in read_table("tricks")
    ]


def legal_cases() -> list[Spec]:
    """``legal_plays``: the duties of a player, one by one (the table ``legal-plays``)."""
    return [
        Spec(
            id=f"legal.{row['id']}",
            description=row["description"],
            request={
                "op": "legal_plays",
                "ruleset": row["ruleset"],
                "trump": row["trump"],
                "hand": row["hand"].split(),
                "trick": row["trick"].split(),
            },
            rules=tuple(row["rules"].split()),
            check={"result": row["legal"].split()},
        )
        for row in read_table("legal-plays")
    ]


# --- the deal -------------------------------------------------------------------------


def _packets(sizes: Sequence[int]) -> list[str]:
    # Which hand (by turn from eldest: 0 1 2) or widow (W) takes each card of the pack.
    out: list[str] = []
    for size in sizes:
        if size < 0:
            out.extend("W" * -size)
        else:
            for hand in "012":
                out.extend(hand * size)
    return out


def _singly() -> list[str]:
    out: list[str] = []
    hand = 0
    for position in range(1, 37):
        if position in (1, 4, 8):
            out.append("W")
        else:
            out.append("012"[hand])
            hand = (hand + 1) % 3
    return out


# The deal patterns as the sources state them, written out here independently of the engine.
_PATTERNS: dict[str, list[str]] = {
    FOSTER: _packets((3, -3, 4, 4)),
    HOYLE: _packets((3, -3, 4, 4)),
    MODERN: _packets((4, -3, 3, 4)),
    GAMERULES_RULESET: _packets((4, -3, 3, 4)),
    SOLO: _singly(),
    STRAIGHT: _singly(),
    COEUR: _singly(),
}

# Active seats from eldest, as the sources seat them (dealer on seat d of n).
_ACTIVE: dict[tuple[int, int], list[int]] = {
    (3, 0): [1, 2, 0],
    (3, 2): [0, 1, 2],
    (4, 0): [1, 2, 3],
    (4, 2): [3, 0, 1],
    (5, 0): [1, 2, 4],
    (5, 3): [4, 0, 2],
    (6, 0): [1, 2, 5],
    (7, 3): [4, 5, 2],
}


def _expected_deal(ruleset: str, players: int, dealer: int) -> dict[str, Json]:
    order = _ACTIVE[(players, dealer)]
    pattern = _PATTERNS[ruleset]
    hands: list[Json] = [None] * players
    for turn, seat in enumerate(order):
        hands[seat] = [c for c, d in zip(CANON, pattern, strict=True) if d == str(turn)]
    widow = [c for c, d in zip(CANON, pattern, strict=True) if d == "W"]
    return {"active": order, "eldest": order[0], "hands": hands, "widow": widow}


def _deal_cases() -> list[Spec]:
    """``deal``: the pattern of each ruleset, and who sits out at four to seven."""
    specs = []
    tables = [(3, 0), (3, 2), (4, 0), (4, 2), (5, 0), (5, 3), (6, 0), (7, 3)]
    for rs_id, rs in RULESETS.items():
        allowed = rs.rules.player_count()
        for players, dealer in tables:
            if players not in allowed:
                continue
            rules = [
                "cards.pack",
                _choice(rs_id, Question.PLAYER_COUNT),
                _choice(rs_id, Question.ACTIVE_SEATS),
                _choice(rs_id, Question.DEAL_PATTERN),
                "seats.eldest-hand",
            ]
            if players > 5:
                rules.append("seats.active-six-or-seven")
            sitting = sorted(set(range(players)) - set(_ACTIVE[(players, dealer)]))
            who = f"; seats {sitting} sit out" if sitting else ""
            specs.append(
                Spec(
                    id=f"deal.{rs_id}.p{players}.dealer-{dealer}",
                    description=f"{players} players, seat {dealer} deals the canonical pack "
                    f"by the pattern of {rs_id}{who}.",
                    request=_deal_request(rs_id, players, dealer),
                    rules=tuple(dict.fromkeys(rules)),
                    check={"result": _expected_deal(rs_id, players, dealer)},
                    untraced=("cards.pack",),
                )
            )
    return specs


# --- the auction ----------------------------------------------------------------------


def _auction(
    ident: str,
    rs: str,
    actions: Sequence[str],
    check: dict[str, Json],
    text: str,
    rules: Sequence[str] = (),
    players: int = 3,
    untraced: Sequence[str] = (),
) -> Spec:
    return Spec(
        id=f"auction.{rs}.{ident}",
        description=text,
        request=game(rs, actions, players=players),
        rules=tuple(dict.fromkeys([_choice(rs, Question.AUCTION_PROCEDURE), *rules])),
        check={"result": check},
        untraced=tuple(untraced),
    )


def _auction_cases() -> list[Spec]:
    """``game`` in the auction: whose turn, which bids, and when the auction ends."""
    specs: list[Spec] = []
    full = ["pass", "frog", "chico", "grand"]
    for rs in RULESETS:
        contracts = _choice(rs, Question.CONTRACTS)
        opening = full if rs != STRAIGHT else ["pass", "chico", "grand"]
        specs.append(
            _auction(
                "opening",
                rs,
                [],
                {"phase": "auction", "to_act": 1, "legal": opening, "bidder": None},
                "Eldest (seat 1, on the dealer's left) speaks first and may offer any contract.",
                (contracts, "seats.eldest-hand"),
            )
        )
        passes = ["pass"] * 3
        specs.append(
            _auction(
                "all-pass",
                rs,
                passes,
                {
                    "phase": "over",
                    "to_act": None,
                    "legal": [],
                    "bidder": None,
                    "contract": None,
                    "payments": [0, 0, 0],
                },
                "Every player passes: the deal is over, nothing is paid, and there are no points.",
                ("auction.all-pass",),
                untraced=("auction.all-pass",),
            )
        )
        if rs != STRAIGHT:
            specs.append(
                _auction(
                    "after-frog",
                    rs,
                    ["frog"],
                    {"phase": "auction", "to_act": 2, "legal": ["pass", "chico", "grand"]},
                    "After a Frog only Chico and Grand outbid it.",
                    ("auction.contract-order",),
                )
            )
        specs.append(
            _auction(
                "grand-ends-auction",
                rs,
                ["grand"],
                {"phase": "play", "to_act": 1, "bidder": 1, "contract": "grand", "trump": "H"},
                "Grand is the highest bid: no one can outbid it, so the auction ends at once "
                "and the play begins.",
                (
                    "auction.contract-order",
                    "auction.highest-bid-wins",
                    "auction.bidder-plays-named-game",
                ),
            )
        )
    for rs in PREWAR:
        specs += [
            _auction(
                "overbid-may-raise",
                rs,
                ["frog", "chico", "pass"],
                {"phase": "auction", "to_act": 1, "legal": ["pass", "grand"]},
                "Foster: the Frog bidder, overbid by Chico, may bid again (only Grand).",
                ("auction.contract-order",),
            ),
            _auction(
                "raise-to-grand",
                rs,
                ["frog", "chico", "pass", "grand"],
                {"phase": "play", "bidder": 1, "contract": "grand", "trump": "H", "to_act": 1},
                "The overbid Frog bidder raises to Grand and wins the auction.",
                ("auction.highest-bid-wins", "auction.bidder-plays-named-game"),
            ),
            _auction(
                "overbid-passes",
                rs,
                ["frog", "chico", "pass", "pass"],
                {"phase": "trump", "bidder": 2, "contract": "chico", "to_act": 2},
                "The overbid Frog bidder passes: Chico wins.",
                ("auction.highest-bid-wins", "auction.pass-is-final"),
            ),
            _auction(
                "pass-is-final",
                rs,
                ["pass", "frog", "chico"],
                {"phase": "auction", "to_act": 2, "legal": ["pass", "grand"]},
                "Eldest passed: he is not asked again; the overbid Frog bidder (seat 2) is.",
                ("auction.pass-is-final",),
            ),
            _auction(
                "second-round",
                rs,
                ["frog", "pass", "chico"],
                {"phase": "auction", "to_act": 1, "legal": ["pass", "grand"]},
                "Bidding goes round: the dealer's Chico sends it back to eldest's Frog.",
                ("auction.pass-is-final",),
            ),
        ]
    for rs in (MODERN, SOLO, COEUR):
        specs += [
            _auction(
                "frog-answers-at-once",
                rs,
                ["frog", "chico"],
                {"phase": "auction", "to_act": 1, "legal": ["pass", "grand"]},
                "The Frog bidder, overbid by Chico, answers at once, before the third player.",
                ("auction.contract-order",),
            ),
            _auction(
                "frog-raises",
                rs,
                ["frog", "chico", "grand"],
                {"phase": "play", "bidder": 1, "contract": "grand", "to_act": 1},
                "The Frog bidder raises to Grand at once and wins the auction.",
                ("auction.highest-bid-wins", "auction.bidder-plays-named-game"),
            ),
            _auction(
                "frog-declines",
                rs,
                ["frog", "chico", "pass"],
                {"phase": "auction", "to_act": 0, "legal": ["pass", "grand"]},
                "The Frog bidder passes; the round goes on to the dealer, who may still bid Grand.",
                ("auction.pass-is-final",),
            ),
            _auction(
                "one-round",
                rs,
                ["pass", "frog", "pass"],
                {"phase": "discard", "bidder": 2, "contract": "frog", "to_act": 2},
                "One round only: eldest, who passed, is not asked again, and Frog wins.",
                ("auction.pass-is-final", "auction.highest-bid-wins"),
            ),
        ]
    specs += [
        _auction(
            "one-bid-each",
            GAMERULES_RULESET,
            ["frog", "chico", "pass"],
            {"phase": "trump", "bidder": 2, "contract": "chico", "to_act": 2},
            "One bid each: the Frog bidder, overbid, does not speak again; Chico wins.",
            ("auction.highest-bid-wins",),
        ),
        _auction(
            "third-may-outbid",
            GAMERULES_RULESET,
            ["frog", "chico"],
            {"phase": "auction", "to_act": 0, "legal": ["pass", "grand"]},
            "The third player may only outbid the Chico: Grand or pass.",
            ("auction.contract-order",),
        ),
        _auction(
            "grand-outbids-chico",
            STRAIGHT,
            ["chico", "grand"],
            {"phase": "play", "bidder": 2, "contract": "grand", "trump": "H", "to_act": 1},
            "Straight Solo: seat 2's Heart Solo (grand) outbids eldest's Simple Solo and wins.",
            ("auction.highest-bid-wins",),
        ),
        _auction(
            "dealer-sits-out",
            FOSTER,
            ["pass", "pass", "frog"],
            {"phase": "discard", "bidder": 3, "contract": "frog", "to_act": 3},
            "Four players: the dealer (seat 0) takes no part; seat 3 bids last, and wins.",
            ("seats.active-foster", "auction.pass-is-final", "auction.highest-bid-wins"),
            players=4,
        ),
        _auction(
            "five-players",
            MODERN,
            ["pass", "pass"],
            {"phase": "auction", "to_act": 4, "legal": ["pass", "frog", "chico", "grand"]},
            "Five players: after seats 1 and 2 the turn goes to seat 4, on the dealer's "
            "right; seat 3 sits out.",
            ("seats.active-foster", "seats.eldest-hand"),
            players=5,
        ),
        _auction(
            "seven-players",
            SOLO,
            ["pass", "pass"],
            {"phase": "auction", "to_act": 6, "legal": ["pass", "frog", "chico", "grand"]},
            "Seven players: seats 1, 2 and 6 (on the dealer's right) are active.",
            ("seats.active-six-or-seven", "seats.eldest-hand"),
            players=7,
        ),
    ]
    return specs


# --- the widow and trumps -------------------------------------------------------------

# A pack in which eldest (seat 1) holds the clubs and two aces; the widow is AH 10H KH.
_WIDOW_HANDS = {1: "AC 10C KC QC JC 9C 8C 7C 6C AS AD"}
_WIDOW = "AH 10H KH"


def _widow_deck(rs: str) -> list[str]:
    return deck_for(rs, 3, 0, _WIDOW_HANDS, _WIDOW)


def _widow_cases() -> list[Spec]:
    """The widow in a Frog (taken, discarded, shown or not) and in Chico and Grand."""
    specs: list[Spec] = []
    hand14 = [f"discard {c}" for c in _WIDOW_HANDS[1].split() + _WIDOW.split()]
    for rs in RULESETS:
        if rs == STRAIGHT:
            continue
        shown = _choice(rs, Question.WIDOW_SHOWN)
        deck = _widow_deck(rs)
        specs.append(
            Spec(
                id=f"widow.{rs}.frog-shown-or-not",
                description="Eldest bids Frog and the others pass: he takes the widow "
                "(AH 10H KH) into his hand and must lay away three of his 14 cards; "
                f"the widow is {'shown' if shown == 'widow.frog-shown' else 'not shown'}.",
                request=game(rs, ["frog", "pass", "pass"], deck=deck),
                rules=(shown, "widow.frog-take-and-discard", "trump.hearts-in-frog-and-grand"),
                check=over(
                    {
                        "phase": "discard",
                        "to_act": 1,
                        "bidder": 1,
                        "contract": "frog",
                        "trump": "H",
                        "legal": hand14,
                        "widow_shown": shown == "widow.frog-shown",
                    }
                ),
                extension="widow_shown",
            )
        )
        specs.append(
            Spec(
                id=f"widow.{rs}.discard-widow-cards",
                description="The Frog bidder may lay away any three cards, the widow's "
                "included; then eldest leads.",
                request=game(
                    rs,
                    ["frog", "pass", "pass", "discard AH", "discard 6C", "discard 10H"],
                    deck=deck,
                ),
                rules=(
                    "widow.frog-take-and-discard",
                    "play.eldest-leads-first",
                    "auction.bidder-plays-named-game",
                ),
                check=over({"phase": "play", "to_act": 1, "trump": "H"}),
            )
        )
    deck = _widow_deck(FOSTER)
    specs.append(
        Spec(
            id="widow.foster-1909.discard-one",
            description="After one discard the Frog bidder still has 13 cards and lays away "
            "another.",
            request=game(FOSTER, ["frog", "pass", "pass", "discard 6C"], deck=deck),
            rules=("widow.frog-take-and-discard",),
            check=over(
                {"phase": "discard", "to_act": 1, "legal": [a for a in hand14 if a != "discard 6C"]}
            ),
        )
    )
    specs += [
        Spec(
            id=f"widow.{rs}.grand-untouched",
            description="In a Grand the widow is not taken: the bidder's first lead cannot "
            "be a widow card, and the legal leads are his eleven cards.",
            request=game(rs, ["grand"], deck=_widow_deck(rs)),
            rules=("widow.untouched-in-chico-and-grand",),
            check=over(
                {
                    "phase": "play",
                    "to_act": 1,
                    "legal": [f"play {c}" for c in _WIDOW_HANDS[1].split()],
                }
            ),
        )
        for rs in RULESETS
    ]
    specs.append(
        Spec(
            id="widow.modern.chico-untouched",
            description="In a Chico the widow is not taken: after naming trumps the bidder "
            "leads from his own eleven cards.",
            request=game(MODERN, ["chico", "pass", "pass", "trump C"], deck=_widow_deck(MODERN)),
            rules=("widow.untouched-in-chico-and-grand",),
            check=over(
                {
                    "phase": "play",
                    "to_act": 1,
                    "trump": "C",
                    "legal": [f"play {c}" for c in _WIDOW_HANDS[1].split()],
                }
            ),
        )
    )
    return specs


def _trump_cases() -> list[Spec]:
    """Trumps: hearts in Frog and Grand; the suit the Chico bidder may name."""
    specs: list[Spec] = []
    for rs in RULESETS:
        rule = _choice(rs, Question.CHICO_TRUMP)
        suits = ["C", "D", "H", "S"] if rule == "trump.chico-any-suit" else ["C", "D", "S"]
        specs.append(
            Spec(
                id=f"trump.{rs}.chico-choices",
                description="Eldest wins the auction with Chico and names the trump suit: "
                + ("any of the four." if len(suits) == 4 else "any suit but hearts."),
                request=game(rs, ["chico", "pass", "pass"]),
                rules=(rule, "auction.all-pass"),
                check=over(
                    {
                        "phase": "trump",
                        "to_act": 1,
                        "bidder": 1,
                        "contract": "chico",
                        "trump": None,
                        "legal": [f"trump {s}" for s in suits],
                    }
                ),
            )
        )
        if "H" in suits:
            specs.append(
                Spec(
                    id=f"trump.{rs}.chico-names-hearts",
                    description="The web page sets no limit on the Chico bidder's suit: he "
                    "may name hearts.",
                    request=game(rs, ["chico", "pass", "pass", "trump H"]),
                    rules=(rule,),
                    check=over({"phase": "play", "contract": "chico", "trump": "H"}),
                )
            )
        specs.append(
            Spec(
                id=f"trump.{rs}.chico-names-spades",
                description="The Chico bidder names spades; eldest leads.",
                request=game(rs, ["chico", "pass", "pass", "trump S"]),
                rules=(rule, "play.eldest-leads-first"),
                check=over({"phase": "play", "contract": "chico", "trump": "S", "to_act": 1}),
            )
        )
        specs.append(
            Spec(
                id=f"trump.{rs}.grand-hearts",
                description="In a Grand hearts are trumps.",
                request=game(rs, ["pass", "grand"]),
                rules=("trump.hearts-in-frog-and-grand",),
                check=over({"phase": "play", "contract": "grand", "trump": "H", "bidder": 2}),
            )
        )
    return specs


# --- the play -------------------------------------------------------------------------

# Eldest (seat 1) holds every club; seat 2 no club and no heart; seat 0 no club, all hearts.
_PLAY_HANDS = {
    1: "AC 10C KC QC JC 9C 8C 7C 6C AS 10S",
    2: "AD 10D KD QD JD 9D 8D 7D 6D KS QS",
    0: "AH 10H KH QH JH 9H 8H 7H 6H JS 9S",
}
_PLAY_WIDOW = "8S 7S 6S"


def _play_deck(rs: str) -> list[str]:
    return deck_for(rs, 3, 0, _PLAY_HANDS, _PLAY_WIDOW)


def _play_cases() -> list[Spec]:
    """``game`` in the play: the duties of each player at the table, and who leads."""
    specs: list[Spec] = []
    for rs in RULESETS:
        deck = _play_deck(rs)
        specs += [
            Spec(
                id=f"play.{rs}.eldest-leads",
                description="Seat 2 wins the auction with Grand; eldest (seat 1), not the "
                "bidder, leads to the first trick, and may lead any card.",
                request=game(rs, ["pass", "grand"], deck=deck),
                rules=("play.eldest-leads-first", "play.lead-any-card"),
                check=over(
                    {
                        "phase": "play",
                        "bidder": 2,
                        "to_act": 1,
                        "legal": [f"play {c}" for c in _PLAY_HANDS[1].split()],
                    }
                ),
            ),
            Spec(
                id=f"play.{rs}.follow-suit",
                description="Spades led: seat 2 holds KS QS and must play one of them.",
                request=game(rs, ["grand", "play AS"], deck=deck),
                rules=("play.follow-suit", "play.no-duty-to-head"),
                check=over({"to_act": 2, "legal": ["play KS", "play QS"]}),
            ),
            Spec(
                id=f"play.{rs}.unable-any-card",
                description="Must trump, without a trump: clubs led, seat 2 holds no club and "
                "no heart, and may play any card.",
                request=game(rs, ["grand", "play AC"], deck=deck),
                rules=("play.any-card-when-unable",),
                check=over({"to_act": 2, "legal": [f"play {c}" for c in _PLAY_HANDS[2].split()]}),
            ),
            Spec(
                id=f"play.{rs}.must-trump",
                description="Must trump, with trumps: clubs led, seat 0 holds no club but "
                "hearts, and must play a heart, any heart.",
                request=game(rs, ["grand", "play AC", "play AD"], deck=deck),
                rules=("play.must-trump", "play.no-duty-to-overtrump"),
                check=over(
                    {
                        "to_act": 0,
                        "legal": [
                            f"play {c}"
                            for c in ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H", "6H"]
                        ],
                    }
                ),
            ),
            Spec(
                id=f"play.{rs}.winner-leads-next",
                description="Seat 0 trumps the Ace of clubs with the Six of hearts, wins the "
                "trick, and leads to the next.",
                request=game(rs, ["grand", "play AC", "play AD", "play 6H"], deck=deck),
                rules=("play.trick-winner", "play.winner-leads-next"),
                check=over(
                    {
                        "phase": "play",
                        "to_act": 0,
                        "legal": [
                            f"play {c}"
                            for c in ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H", "JS", "9S"]
                        ],
                    }
                ),
            ),
        ]
    specs.append(
        Spec(
            id="play.official-1922-solo.chico-trump-spades",
            description="A Chico in spades: clubs led, seat 2 (no clubs, KS QS) must trump "
            "with a spade; his hearts are no trumps.",
            request=game(
                SOLO, ["chico", "pass", "pass", "trump S", "play AC"], deck=_play_deck(SOLO)
            ),
            rules=("play.must-trump",),
            check=over({"to_act": 2, "trump": "S", "legal": ["play KS", "play QS"]}),
        )
    )
    return specs


# --- whole deals: counting and settlement ---------------------------------------------

# Eldest (seat 1) holds every trump and two aces: he takes every trick.
_STRONG = "AH 10H KH QH JH 9H 8H 7H 6H AS AC"
# Eldest holds eleven cards that count nothing and cannot win a trick against the others,
# who hold every trump; see the description of the cases.
_JUNK = "9C 8C 7C 6C 9D 8D 7D 6D 8S 7S 6S"


def _grand_all(rs: str, players: int = 3, dealer: int = 0) -> dict[str, Json]:
    eldest = (dealer + 1) % players
    deck = deck_for(rs, players, dealer, {eldest: _STRONG})
    request = game(rs, ["grand"], players=players, dealer=dealer, deck=deck)
    request["actions"] = play_out(request, high_for_bidder)
    return request


def _junk(rs: str, bid: Sequence[str], widow: str) -> dict[str, Json]:
    deck = deck_for(rs, 3, 0, {1: _JUNK}, widow)
    request = game(rs, bid, deck=deck)
    request["actions"] = play_out(request, low_for_bidder)
    return request


def _scoring_cases() -> list[Spec]:
    """Whole deals whose count can be done on paper."""
    specs: list[Spec] = []
    rates = {FOSTER: 4, HOYLE: 4, MODERN: 4, SOLO: 3, STRAIGHT: 2, GAMERULES_RULESET: 3}
    for rs, rate in rates.items():
        specs.append(
            Spec(
                id=f"score.{rs}.grand-takes-all",
                description="Eldest holds all nine trumps and two Aces, bids Grand and takes "
                f"every trick: 120 points, 60 over, at {rate} a point from each defender.",
                request=_grand_all(rs),
                rules=(
                    "scoring.count-card-points",
                    "play.eleven-tricks",
                    _choice(rs, Question.RATES),
                    "settlement.each-pays-in-full",
                ),
                check=over(
                    {
                        "phase": "over",
                        "bidder": 1,
                        "contract": "grand",
                        "points": {"bidder": 120, "defenders": 0},
                        "payments": [-60 * rate, 120 * rate, -60 * rate],
                    }
                ),
            )
        )
    specs.append(
        Spec(
            id="score.official-1922-coeur-dalene.grand-takes-all",
            description="Coeur d'Alene: a Grand (Heart Solo) won by 60 is paid a fixed 75 "
            "cents by each defender.",
            request=_grand_all(COEUR),
            rules=("scoring.count-card-points", "settlement.fixed-25-50-75", "play.eleven-tricks"),
            check=over({"points": {"bidder": 120, "defenders": 0}, "payments": [-75, 150, -75]}),
        )
    )
    junk_note = (
        "Eldest holds eleven cards that count nothing (9 8 7 6 of clubs and diamonds, 8 7 6 "
        "of spades) and no trump; the defenders hold every trump and, in each suit, only "
        "cards above his, so he wins no trick."
    )
    for rs, rate in ((FOSTER, 1), (MODERN, 1), (GAMERULES_RULESET, 1), (SOLO, 1)):
        specs.append(
            Spec(
                id=f"score.{rs}.frog-discards-count",
                description=junk_note + " He bids Frog, takes the widow AS 10S KS and lays "
                "them away: the 25 points he laid away count for him. 35 under 60.",
                request=_junk(
                    rs,
                    ["frog", "pass", "pass", "discard AS", "discard 10S", "discard KS"],
                    "AS 10S KS",
                ),
                rules=("scoring.widow-counts-for-bidder", "widow.frog-take-and-discard"),
                check=over(
                    {
                        "points": {"bidder": 25, "defenders": 95},
                        "payments": [35 * rate, -70 * rate, 35 * rate],
                    }
                ),
            )
        )
    for rs, rate in ((FOSTER, 4), (HOYLE, 4), (MODERN, 4), (SOLO, 3), (STRAIGHT, 2)):
        specs.append(
            Spec(
                id=f"score.{rs}.grand-widow-counts",
                description=junk_note + " He bids Grand; the untouched widow (AS 10S KS, 25 "
                f"points) counts for him: 35 under 60, at {rate} a point to each defender.",
                request=_junk(rs, ["grand"], "AS 10S KS"),
                rules=("scoring.widow-counts-for-bidder", "widow.untouched-in-chico-and-grand"),
                check=over(
                    {
                        "points": {"bidder": 25, "defenders": 95},
                        "payments": [35 * rate, -70 * rate, 35 * rate],
                    }
                ),
            )
        )
    specs.append(
        Spec(
            id="score.official-1922-coeur-dalene.grand-widow-counts",
            description=junk_note + " He bids Grand (Heart Solo); the untouched widow (AS 10S "
            "KS, 25 points) counts for him, and he loses: the fixed 75 cents to each defender.",
            request=_junk(COEUR, ["grand"], "AS 10S KS"),
            rules=("scoring.widow-counts-for-bidder", "widow.untouched-in-chico-and-grand"),
            check=over({"points": {"bidder": 25, "defenders": 95}, "payments": [75, -150, 75]}),
        )
    )
    specs.append(
        Spec(
            id="score.gamerules.chico-widow-counts",
            description=junk_note + " He bids Chico and names hearts, as the web page allows; "
            "the untouched widow (AS 10S KS, 25 points) counts for him: 35 under 60, at two a "
            "point to each defender.",
            request=_junk(GAMERULES_RULESET, ["chico", "pass", "pass", "trump H"], "AS 10S KS"),
            rules=(
                "scoring.widow-counts-for-bidder",
                "widow.untouched-in-chico-and-grand",
                "trump.chico-any-suit",
            ),
            check=over({"points": {"bidder": 25, "defenders": 95}, "payments": [70, -140, 70]}),
        )
    )
    # Four players: the dealer sits out; a loss is paid to him as well.
    request = _grand_all(FOSTER, players=4, dealer=3)
    specs.append(
        Spec(
            id="score.foster-1909.p4.grand-won-dealer-pays-nothing",
            description="Four players, seat 3 deals and sits out; eldest (seat 0) takes "
            "every trick in a Grand: the two active defenders pay 240 each, the dealer nothing.",
            request=request,
            rules=("settlement.sitting-out-receive-only",),
            check=over({"payments": [480, -240, -240, 0]}),
        )
    )
    deck = deck_for(FOSTER, 4, 0, {1: _JUNK}, "AS 10S KS")
    request = game(FOSTER, ["grand"], players=4, dealer=0, deck=deck)
    request["actions"] = play_out(request, low_for_bidder)
    specs.append(
        Spec(
            id="score.foster-1909.p4.grand-lost-dealer-paid",
            description="Four players, seat 0 deals and sits out; eldest (seat 1) loses a "
            "Grand by 35 and pays 140 to each of the others at the table, the dealer included.",
            request=request,
            rules=("settlement.sitting-out-receive-only",),
            check=over(
                {"points": {"bidder": 25, "defenders": 95}, "payments": [140, -420, 140, 140]}
            ),
        )
    )
    return specs


# --- settlement -----------------------------------------------------------------------


def _settle(
    ident: str,
    rs: str,
    contract: str,
    points: int,
    payments: list[int],
    text: str,
    rules: Sequence[str],
    *,
    players: int = 3,
    dealer: int = 0,
    bidder: int = 1,
    options: dict[str, Json] | None = None,
    source: str | None = None,
    untraced: Sequence[str] = (),
) -> Spec:
    return Spec(
        id=f"settle.{rs}.{ident}",
        description=text,
        request=settle_request(
            rs, contract, points, players=players, dealer=dealer, bidder=bidder, options=options
        ),
        rules=tuple(rules),
        check={"result": payments},
        source=source,
        untraced=tuple(untraced),
    )


def _settle_row(row: dict[str, str]) -> Spec:
    # A row of the table ``settle``: its empty cells take _settle's defaults.
    return _settle(
        row["id"],
        row["ruleset"],
        row["contract"],
        int(row["points"]),
        [int(p) for p in row["payments"].split()],
        row["description"],
        tuple(row["rules"].split()),
        players=int(row["players"] or 3),
        bidder=int(row["bidder"] or 1),
        options=json.loads(row["options"]) if row["options"] else None,
        source=row["source"] or None,
        untraced=tuple(row["untraced"].split()),
    )


def settle_cases() -> list[Spec]:
    """``settle``: the rates, 60 as a tie, and who pays whom at four to seven players."""
    # The rows whose figures are written out: the web page's examples first, the
    # others after the cases computed from each ruleset's rates below.
    table = read_table("settle")
    specs = [_settle_row(row) for row in table if row["ruleset"] == GAMERULES_RULESET]
    # A Frog of exactly 60 in every ruleset that has a Frog (the web page's is above, with
    # its own words).
    with_frog = [rs for rs, r in RULESETS.items() if Contract.FROG in r.rules.contracts()]
    tie = ("settlement.sixty-is-a-tie",)
    specs += [
        _settle("frog-60", rs, "frog", 60, [0, 0, 0], "Exactly 60 is a tie.", tie)
        for rs in with_frog
        if rs != GAMERULES_RULESET
    ]
    foster = ("settlement.rates-1-2-4", "settlement.each-pays-in-full")
    for rs in (FOSTER, HOYLE, MODERN):
        specs += [
            _settle(
                "frog-61",
                rs,
                "frog",
                61,
                [-1, 2, -1],
                "61 in a Frog: one counter from each.",
                ("settlement.sixty-is-a-tie", *foster),
            ),
            _settle(
                "frog-59",
                rs,
                "frog",
                59,
                [1, -2, 1],
                "59 in a Frog: one counter to each.",
                ("settlement.sixty-is-a-tie", *foster),
            ),
            _settle(
                "chico-70",
                rs,
                "chico",
                70,
                [-20, 40, -20],
                "70 in a Chico: two counters a point, 20 from each.",
                foster,
            ),
            _settle(
                "grand-70",
                rs,
                "grand",
                70,
                [-40, 80, -40],
                "70 in a Grand: four counters a point, 40 from each.",
                foster,
            ),
            _settle(
                "grand-50",
                rs,
                "grand",
                50,
                [40, -80, 40],
                "50 in a Grand: 10 under, 40 counters to each.",
                foster,
            ),
            _settle(
                "p4.frog-won",
                rs,
                "frog",
                70,
                [0, 20, -10, -10],
                "Four players, seat 0 deals and sits out: a won Frog is paid by the two "
                "who held cards only.",
                ("settlement.sitting-out-receive-only", *foster),
                players=4,
            ),
            _settle(
                "p4.frog-lost",
                rs,
                "frog",
                50,
                [10, -30, 10, 10],
                "Four players: a lost Frog is paid to every other player at the table, the "
                "dealer who held no cards included.",
                ("settlement.sitting-out-receive-only", *foster),
                players=4,
            ),
            _settle(
                "p5.chico-won",
                rs,
                "chico",
                65,
                [0, -10, -10, 0, 20],
                "Five players, seat 0 deals: seats 1, 2 and 4 are active; seat 4 wins a "
                "Chico by 5 and is paid by seats 1 and 2 only.",
                ("settlement.sitting-out-receive-only", *foster),
                players=5,
                bidder=4,
            ),
            _settle(
                "p5.chico-lost",
                rs,
                "chico",
                55,
                [10, 10, 10, 10, -40],
                "Five players: seat 4 loses a Chico by 5 and pays every other player.",
                ("settlement.sitting-out-receive-only", *foster),
                players=5,
                bidder=4,
            ),
        ]
    default = "settlement.default-system-receive-only"
    receive = "settlement.sitting-out-receive-only"
    both = "settlement.sitting-out-pay-and-receive"
    solo_only = "settlement.sitting-out-pay-and-receive-solo-only"
    for rs, rates, won, penalty in (
        (SOLO, ("settlement.rates-1-2-3",), (10, 20, 30), "settlement.penalty-frog"),
        (
            COEUR,
            ("settlement.fixed-25-50-75", "settlement.coeur-dalene-fixed-ratio"),
            (25, 50, 75),
            "settlement.coeur-dalene-penalty-frog",
        ),
    ):
        frog, chico, grand = won
        each = (*rates, "settlement.each-pays-in-full")
        specs += [
            _settle(
                "frog-won", rs, "frog", 70, [-frog, 2 * frog, -frog], "A Frog won by 10.", each
            ),
            _settle(
                "chico-won",
                rs,
                "chico",
                70,
                [-chico, 2 * chico, -chico],
                "A Chico (Simple Solo) won by 10.",
                each,
            ),
            _settle(
                "grand-won",
                rs,
                "grand",
                70,
                [-grand, 2 * grand, -grand],
                "A Grand (Heart Solo) won by 10.",
                each,
            ),
            _settle(
                "p4.default.frog-won",
                rs,
                "frog",
                70,
                [0, 2 * frog, -frog, -frog],
                "Four players, no system chosen: players sitting out only receive, so the "
                "dealer (seat 0) pays nothing for a won Frog.",
                (default, receive, *each),
                players=4,
                untraced=(default,),
            ),
            _settle(
                "p4.default.frog-lost",
                rs,
                "frog",
                50,
                [frog, -3 * frog, frog, frog],
                "Four players, no system chosen: the dealer sitting out is paid for a lost Frog.",
                (default, receive, *each),
                players=4,
                untraced=(default,),
            ),
            _settle(
                "p4.receive-only.chico-won",
                rs,
                "chico",
                70,
                [0, 2 * chico, -chico, -chico],
                "First system: the dealer sitting out only receives; he pays nothing for "
                "a won Chico.",
                (receive, *each),
                players=4,
                options={"sitting_out": "receive-only"},
            ),
            _settle(
                "p4.pay-and-receive.frog-won",
                rs,
                "frog",
                70,
                [-frog, 3 * frog, -frog, -frog],
                "Second system: the dealer sitting out pays a won Frog too.",
                (both, *each),
                players=4,
                options={"sitting_out": "pay-and-receive"},
            ),
            _settle(
                "p4.pay-and-receive.chico-lost",
                rs,
                "chico",
                50,
                [chico, -3 * chico, chico, chico],
                "Second system: the dealer sitting out is paid for a lost Chico.",
                (both, *each),
                players=4,
                options={"sitting_out": "pay-and-receive"},
            ),
            _settle(
                "p4.solo-only.frog-won",
                rs,
                "frog",
                70,
                [0, 2 * frog, -frog, -frog],
                "Third system: in a Frog the dealer sitting out only receives; he pays "
                "nothing for a won Frog.",
                (solo_only, receive, *each),
                players=4,
                options={"sitting_out": "pay-and-receive-solo-only"},
            ),
            _settle(
                "p4.solo-only.grand-won",
                rs,
                "grand",
                70,
                [-grand, 3 * grand, -grand, -grand],
                "Third system: in a Solo the dealer sitting out pays too.",
                (solo_only, both, *each),
                players=4,
                options={"sitting_out": "pay-and-receive-solo-only"},
            ),
            _settle(
                "p4.solo-only.frog-lost",
                rs,
                "frog",
                50,
                [frog, -3 * frog, frog, frog],
                "Third system: the dealer sitting out is paid for a lost Frog.",
                (solo_only, receive, *each),
                players=4,
                options={"sitting_out": "pay-and-receive-solo-only"},
            ),
            _settle(
                "p7.frog-lost",
                rs,
                "frog",
                50,
                [frog, -6 * frog, *[frog] * 5],
                "Seven players: a lost Frog is paid to all six others.",
                (receive, *each),
                players=7,
            ),
            _settle(
                "p7.pay-and-receive.grand-won",
                rs,
                "grand",
                70,
                [-grand, 6 * grand, *[-grand] * 5],
                "Seven players, second system: all six others pay a won Grand.",
                (both, *each),
                players=7,
                options={"sitting_out": "pay-and-receive"},
            ),
            _settle(
                "penalty-frog.lost",
                rs,
                "frog",
                50,
                [grand, -2 * grand, grand],
                "Penalty Frog: a lost Frog is paid at the Heart Solo (grand) rate.",
                (penalty, *each),
                options={"penalty_frog": True},
            ),
            _settle(
                "penalty-frog.won",
                rs,
                "frog",
                70,
                [-frog, 2 * frog, -frog],
                "Penalty Frog: a won Frog is paid at the ordinary Frog rate.",
                (penalty, *each),
                options={"penalty_frog": True},
            ),
        ]
    specs += [
        *(_settle_row(row) for row in table if row["ruleset"] != GAMERULES_RULESET),
        Spec(
            "settle.official-1922-straight.frog",
            "Straight Solo has no Frog: settling one is against the rules.",
            settle_request(STRAIGHT, "frog", 70),
            ("auction.contracts-without-frog",),
            illegal("auction.contracts-without-frog"),
        ),
    ]
    return specs + _settle_boundary_cases()


#: The bidder's points at the edges of ``settle``'s domain: none, the 30 and 90 an engine
#: may take for a schneider-like bonus, either side of the 60 that ties, all 120.
SETTLE_BOUNDARIES = (0, 30, 59, 60, 61, 89, 90, 91, 120)

#: The points tried at every table size beyond three: a big loss, a narrow win, a big win.
SETTLE_TABLE_POINTS = (30, 61, 91)


def _settle_boundary_cases() -> list[Spec]:
    """``settle`` at the edges of its domain, for each ruleset and contract: every point of
    :data:`SETTLE_BOUNDARIES` at three players, and :data:`SETTLE_TABLE_POINTS` at each
    larger table the ruleset seats (the eldest hand bidding). The payments are the
    reference's (the hand-written cases above check the rates themselves); what these add
    is that no engine can pay a bonus for a big win, or treat 59 and 61 otherwise, unseen."""
    specs = []
    for rs_id, rs in RULESETS.items():
        for contract in rs.rules.contracts():
            code = contract.name.lower()
            sizes = [(3, p) for p in SETTLE_BOUNDARIES]
            sizes += [(n, p) for n in rs.rules.player_count() if n > 3 for p in SETTLE_TABLE_POINTS]
            for players, points in sizes:
                bidder = 1 if players == 3 else _eldest(rs_id, players)
                table = "" if players == 3 else f"p{players}."
                specs.append(
                    Spec(
                        f"settle.{rs_id}.boundary.{table}{code}-{points}",
                        f"A {code} with {points} points to the bidder at {players} players, "
                        "at the edge of settle's domain (the reference's payments).",
                        settle_request(rs_id, code, points, players=players, bidder=bidder),
                        (),
                        traced=True,
                    )
                )
    return specs


def _eldest(ruleset: str, players: int) -> int:
    """Eldest hand with the dealer at seat 0: the first active seat on the dealer's left."""
    from frogspec.rules.seats import eldest_first

    active = RULESETS[ruleset].rules.active_seats(players, 0)
    return eldest_first(active, players, 0)[0]


# --- illegal actions ------------------------------------------------------------------

#: The rule an action of a kind its phase does not take breaks, and any action after the end.
PHASES = "deal.actions-by-phase"


def _illegal_cases() -> list[Spec]:
    """Every kind of illegal action, with the rule it breaks."""
    widow_deck = _widow_deck(FOSTER)
    play_deck = _play_deck(FOSTER)
    full = _grand_all(FOSTER)
    specs = [
        Spec(
            "illegal.official-1922-straight.frog-not-a-contract",
            "Straight Solo has no Frog: bidding one is illegal.",
            game(STRAIGHT, ["frog"]),
            ("auction.contracts-without-frog",),
            illegal("auction.contracts-without-frog", 0),
        ),
        Spec(
            "illegal.foster-1909.frog-after-chico",
            "A Frog does not outbid a Chico.",
            game(FOSTER, ["chico", "frog"]),
            ("auction.contract-order",),
            illegal("auction.contract-order", 1),
        ),
        Spec(
            "illegal.modern.same-bid",
            "A bid must be higher than the last: a second Frog does not outbid the first.",
            game(MODERN, ["frog", "frog"]),
            ("auction.contract-order",),
            illegal("auction.contract-order", 1),
        ),
        Spec(
            "illegal.gamerules.chico-after-chico",
            "One bid each, each higher than the last: Chico after Chico is illegal.",
            game(GAMERULES_RULESET, ["chico", "chico"]),
            ("auction.contract-order",),
            illegal("auction.contract-order", 1),
        ),
        Spec(
            "illegal.foster-1909.play-in-auction",
            "A card played during the auction: the player must pass or bid.",
            game(FOSTER, ["play AS"]),
            (PHASES,),
            illegal(PHASES, 0),
        ),
        Spec(
            "illegal.modern.discard-in-auction",
            "A discard during the auction: the player must pass or bid.",
            game(MODERN, ["pass", "discard AS"]),
            (PHASES,),
            illegal(PHASES, 1),
        ),
        Spec(
            "illegal.gamerules.trump-in-auction",
            "Naming trumps during the auction: the player must pass or bid.",
            game(GAMERULES_RULESET, ["trump S"]),
            (PHASES,),
            illegal(PHASES, 0),
        ),
        Spec(
            "illegal.official-1922-coeur-dalene.play-in-auction",
            "A card played during the auction.",
            game(COEUR, ["frog", "play AS"]),
            (PHASES,),
            illegal(PHASES, 1),
        ),
        Spec(
            "illegal.foster-1909.play-before-discard",
            "The Frog bidder must lay away three cards before the play.",
            game(FOSTER, ["frog", "pass", "pass", "play AC"], deck=widow_deck),
            (PHASES,),
            illegal(PHASES, 3),
        ),
        Spec(
            "illegal.foster-1909.discard-not-held",
            "The Frog bidder can only lay away cards in his hand (the widow included).",
            game(FOSTER, ["frog", "pass", "pass", "discard AH", "discard QH"], deck=widow_deck),
            ("widow.frog-take-and-discard",),
            illegal("widow.frog-take-and-discard", 4),
        ),
        Spec(
            "illegal.modern.discard-twice",
            "A card laid away is no longer in hand: it cannot be laid away twice.",
            game(
                MODERN,
                ["frog", "pass", "pass", "discard 6C", "discard 6C"],
                deck=_widow_deck(MODERN),
            ),
            ("widow.frog-take-and-discard",),
            illegal("widow.frog-take-and-discard", 4),
        ),
        Spec(
            "illegal.foster-1909.play-before-trump",
            "The Chico bidder must name trumps before the play.",
            game(FOSTER, ["chico", "pass", "pass", "play AS"]),
            (PHASES,),
            illegal(PHASES, 3),
        ),
        Spec(
            "illegal.gamerules.pass-for-trump",
            "The Chico bidder must name trumps; he cannot pass.",
            game(GAMERULES_RULESET, ["chico", "pass", "pass", "pass"]),
            (PHASES,),
            illegal(PHASES, 3),
        ),
        *[
            Spec(
                f"illegal.{rs}.chico-names-hearts",
                "A Chico bidder may not name hearts.",
                game(rs, ["chico", "pass", "pass", "trump H"]),
                ("trump.chico-not-hearts",),
                illegal("trump.chico-not-hearts", 3),
            )
            for rs in (FOSTER, HOYLE, MODERN, SOLO, STRAIGHT, COEUR)
        ],
        Spec(
            "illegal.foster-1909.bid-in-play",
            "A bid during the play: the player must play a card.",
            game(FOSTER, ["grand", "frog"]),
            (PHASES,),
            illegal(PHASES, 1),
        ),
        *[
            Spec(
                f"illegal.{rs}.card-not-held",
                "Eldest leads a card another player holds.",
                game(rs, ["grand", "play AD"], deck=_play_deck(rs)),
                ("play.card-from-hand",),
                illegal("play.card-from-hand", 1),
            )
            for rs in RULESETS
        ],
        Spec(
            "illegal.foster-1909.widow-card-in-grand",
            "In a Grand the widow is untouched: its cards cannot be played.",
            game(FOSTER, ["grand", "play 8S"], deck=play_deck),
            ("play.card-from-hand",),
            illegal("play.card-from-hand", 1),
        ),
        Spec(
            "illegal.modern.discarded-card",
            "A card laid away in a Frog cannot be played.",
            game(
                MODERN,
                ["frog", "pass", "pass", "discard AS", "discard AD", "discard 6C", "play AS"],
                deck=_widow_deck(MODERN),
            ),
            ("play.card-from-hand",),
            illegal("play.card-from-hand", 6),
        ),
        Spec(
            "illegal.foster-1909.card-played-twice",
            "A card already played is gone from the hand.",
            game(
                FOSTER,
                [
                    "grand",
                    "play AC",
                    "play AD",
                    "play 6H",
                    "play AH",
                    "play 10S",
                    "play KS",
                    "play 6H",
                ],
                deck=play_deck,
            ),
            ("play.card-from-hand",),
            illegal("play.card-from-hand", 7),
        ),
        *[
            Spec(
                f"illegal.{rs}.not-following-suit",
                "Spades led: seat 2 holds KS QS and plays a diamond.",
                game(rs, ["grand", "play AS", "play AD"], deck=_play_deck(rs)),
                ("play.follow-suit",),
                illegal("play.follow-suit", 2),
            )
            for rs in (FOSTER, MODERN, SOLO, GAMERULES_RULESET)
        ],
        *[
            Spec(
                f"illegal.{rs}.not-trumping",
                "Clubs led: seat 0, void in clubs, holds hearts (trumps) and plays a spade.",
                game(rs, ["grand", "play AC", "play AD", "play JS"], deck=_play_deck(rs)),
                ("play.must-trump",),
                illegal("play.must-trump", 3),
            )
            for rs in (FOSTER, MODERN, SOLO, GAMERULES_RULESET)
        ],
        *[
            Spec(
                f"illegal.{rs}.after-all-pass",
                "Every player passed: the deal is over and no more actions are taken.",
                game(rs, ["pass", "pass", "pass", "frog"]),
                (PHASES, "auction.all-pass"),
                illegal(PHASES, 3),
            )
            for rs in RULESETS
        ],
        Spec(
            "illegal.foster-1909.after-eleven-tricks",
            "After the eleventh trick the deal is over: no more cards are played.",
            {**full, "actions": [*full["actions"], "play AS"]},
            (PHASES, "play.eleven-tricks"),
            illegal(PHASES, len(full["actions"])),
        ),
    ]
    return specs


# --- malformed requests ---------------------------------------------------------------


def _invalid_cases() -> list[Spec]:
    """Malformed requests (kind ``invalid``) and what is not offered (``unsupported``)."""
    short = CANON[:35]
    dup = [*CANON[:35], "AC"]
    bad = [*CANON[:35], "1S"]
    full = _grand_all(SOLO)

    def inv(ident: str, text: str, request: dict[str, Json], rules: Sequence[str] = ()) -> Spec:
        return Spec(f"invalid.{ident}", text, request, tuple(rules), INVALID, untraced=tuple(rules))

    return [
        inv("unknown-card", "1H is not a card.", {"op": "card_points", "card": "1H"}),
        inv(
            "lower-case-card",
            "Cards are written in capitals: 10h is not a card.",
            {"op": "card_points", "card": "10h"},
        ),
        inv("card-not-a-string", "A card is a string.", {"op": "card_points", "card": 10}),
        inv(
            "trick-duplicate-card",
            "The same card twice in one trick.",
            {"op": "trick_winner", "ruleset": FOSTER, "trump": "H", "cards": ["AS", "AS"]},
        ),
        inv(
            "trick-four-cards",
            "A trick has at most three cards.",
            {
                "op": "trick_winner",
                "ruleset": FOSTER,
                "trump": "H",
                "cards": ["AS", "KS", "QS", "JS"],
            },
        ),
        inv(
            "trick-unknown-suit",
            "X is not a suit.",
            {"op": "trick_winner", "ruleset": FOSTER, "trump": "X", "cards": ["AS"]},
        ),
        inv(
            "legal-card-in-hand-and-trick",
            "A card cannot be both in hand and in the trick.",
            {
                "op": "legal_plays",
                "ruleset": FOSTER,
                "trump": "H",
                "hand": ["AS", "KS"],
                "trick": ["AS"],
            },
        ),
        inv(
            "legal-empty-hand",
            "A player with no cards has nothing to play: legal_plays asks about a hand of 1 "
            "to 11 cards.",
            {"op": "legal_plays", "ruleset": FOSTER, "trump": "H", "hand": [], "trick": []},
        ),
        inv(
            "legal-hand-twelve-cards",
            "No hand in the play holds more than 11 cards (the Frog bidder's 14 are down to "
            "11 once he has laid three away).",
            {
                "op": "legal_plays",
                "ruleset": FOSTER,
                "trump": "H",
                "hand": ["AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S", "6S", "AC", "10C", "KC"],
                "trick": [],
            },
        ),
        inv(
            "deal-short-deck",
            "A deck of 35 cards.",
            _deal_request(FOSTER, 3, 0, short),
            ("cards.pack",),
        ),
        inv(
            "deal-duplicate-card",
            "A deck with the Ace of clubs twice (and no Six of spades).",
            _deal_request(FOSTER, 3, 0, dup),
            ("cards.pack",),
        ),
        inv(
            "deal-unknown-card",
            "A deck with 1S in it.",
            _deal_request(MODERN, 3, 0, bad),
            ("cards.pack",),
        ),
        inv(
            "deal-long-deck",
            "A deck of 37 cards.",
            _deal_request(SOLO, 3, 0, [*CANON, "AC"]),
            ("cards.pack",),
        ),
        inv(
            "deal-dealer-out-of-range",
            "Seat 3 at a table of three (seats 0 to 2).",
            _deal_request(FOSTER, 3, 3),
        ),
        inv("deal-negative-dealer", "Seat -1.", _deal_request(FOSTER, 3, -1)),
        inv(
            "deal-six-players-foster",
            "Foster's game is for three to five players.",
            _deal_request(FOSTER, 6, 0),
            ("seats.players-3-to-5",),
        ),
        inv(
            "deal-four-players-gamerules",
            "The web page's game is for three players.",
            _deal_request(GAMERULES_RULESET, 4, 0),
            ("seats.players-3",),
        ),
        inv(
            "deal-eight-players-1922",
            "The 1922 game is for three to seven players.",
            _deal_request(COEUR, 8, 0),
            ("seats.players-3-to-7",),
        ),
        inv(
            "deal-two-players",
            "Two players are too few for any ruleset.",
            _deal_request(MODERN, 2, 0),
        ),
        inv(
            "unknown-option",
            "Foster's game has no Penalty Frog option.",
            {**game(FOSTER, []), "options": {"penalty_frog": True}},
        ),
        inv(
            "bad-option-value",
            "sitting_out has three values; 'sometimes' is none of them.",
            {**game(SOLO, [], players=4), "options": {"sitting_out": "sometimes"}},
        ),
        inv(
            "option-wrong-type",
            "penalty_frog is true or false, not a string.",
            {**game(SOLO, []), "options": {"penalty_frog": "yes"}},
        ),
        inv("unknown-action", "'bid frog' is not an action.", game(FOSTER, ["bid frog"])),
        inv("action-unknown-card", "'play 1S' names no card.", game(FOSTER, ["grand", "play 1S"])),
        inv(
            "game-missing-deck",
            "A game request without a deck.",
            {k: v for k, v in game(FOSTER, []).items() if k != "deck"},
        ),
        inv(
            "settle-bidder-sits-out",
            "Four players, seat 0 deals: the dealer sits out and cannot be the bidder.",
            settle_request(FOSTER, "frog", 70, players=4, bidder=0),
        ),
        inv(
            "settle-points-over-120",
            "There are only 120 points.",
            settle_request(FOSTER, "frog", 121),
        ),
        inv(
            "settle-unknown-contract",
            "'misere' is not a contract.",
            settle_request(FOSTER, "misere", 70),
        ),
        inv(
            "settle-bidder-out-of-range",
            "Seat 5 at a table of three.",
            settle_request(MODERN, "grand", 70, bidder=5),
        ),
        inv(
            "match-unfinished-deal",
            "A match's deals must each be played to the end.",
            {
                "op": "match",
                "ruleset": SOLO,
                "options": {},
                "players": 3,
                "first_dealer": 0,
                "deals": [{"deck": full["deck"], "actions": full["actions"][:10]}],
            },
        ),
        inv(
            "options-null",
            "options is an object ({} for the defaults); null is not one.",
            {**game(FOSTER, []), "options": None},
        ),
        inv(
            "options-missing",
            "A deal request without options.",
            {k: v for k, v in _deal_request(FOSTER, 3, 0).items() if k != "options"},
        ),
        inv(
            "options-a-list",
            "options is an object, not a list.",
            {**_deal_request(SOLO, 3, 0), "options": []},
        ),
        inv(
            "settle-points-not-an-integer",
            "bidder_points is an integer: 60.5 is not one.",
            settle_request(FOSTER, "frog", 60) | {"bidder_points": 60.5},
        ),
        inv(
            "settle-points-a-string",
            "bidder_points is a number, not a string.",
            settle_request(FOSTER, "frog", 60) | {"bidder_points": "60"},
        ),
        inv(
            "players-a-string",
            "players is an integer, not a string.",
            {**_deal_request(FOSTER, 3, 0), "players": "3"},
        ),
        inv(
            "dealer-true",
            "dealer is a seat, an integer: true is not one.",
            {**_deal_request(FOSTER, 3, 0), "dealer": True},
        ),
        inv(
            "actions-not-a-list",
            "actions is a list of actions.",
            {**game(FOSTER, []), "actions": "pass"},
        ),
        inv(
            "hello-spec-not-a-string",
            'spec is a string: the protocol version, "1".',
            {"op": "hello", "spec": 1},
        ),
        # Which error comes first (spec/README.md, "Which error"): the whole request is
        # read before any action is applied.
        inv(
            "game-malformed-after-illegal",
            "Frog after Chico is illegal (action 1), but "
            "action 3 is no action at all: the request is malformed, whatever it plays.",
            game(FOSTER, ["chico", "frog", "pass", "bid grand"]),
        ),
        inv(
            "match-malformed-after-illegal",
            "Deal 0 has an illegal action, deal 1 a deck of 35 cards: the request is malformed.",
            {
                "op": "match",
                "ruleset": FOSTER,
                "options": {},
                "players": 3,
                "first_dealer": 0,
                "deals": [
                    {"deck": CANON, "actions": ["chico", "frog"]},
                    {"deck": short, "actions": ["pass", "pass", "pass"]},
                ],
            },
        ),
        inv(
            "perft-malformed-after-illegal",
            "As in a game: an illegal action, then a malformed one; the request is malformed.",
            {**game(FOSTER, ["chico", "frog", "pass", "bid grand"]), "op": "perft"},
        ),
        inv(
            "settle-points-before-contract",
            "Straight Solo has no Frog (illegal), and 121 "
            "points are more than there are (malformed): malformed comes first.",
            settle_request(STRAIGHT, "frog", 121),
        ),
        Spec(
            "unsupported.hello-other-version",
            "A hello in a protocol version the implementation does not speak: unsupported.",
            {"op": "hello", "spec": "2"},
            (),
            UNSUPPORTED,
        ),
        Spec(
            "unsupported.ruleset-before-invalid",
            "A ruleset no one offers, with a deck of 35 "
            "cards: the ruleset is decided first, so the answer is unsupported.",
            {**game("skat", []), "deck": short},
            (),
            UNSUPPORTED,
        ),
        Spec(
            "unsupported.unknown-op",
            "An op the protocol does not have.",
            {"op": "teleport"},
            (),
            UNSUPPORTED,
        ),
        Spec(
            "unsupported.unknown-ruleset",
            "A ruleset no one offers: Skat.",
            {"op": "trick_winner", "ruleset": "skat", "trump": "H", "cards": ["AS"]},
            (),
            UNSUPPORTED,
        ),
        Spec(
            "unsupported.unknown-ruleset-deal",
            "A ruleset no one offers, in a deal.",
            _deal_request("tapp", 3, 0),
            (),
            UNSUPPORTED,
        ),
    ]


# --- matches --------------------------------------------------------------------------


def match(
    ruleset: str,
    deals: Sequence[dict[str, Json]],
    *,
    players: int = 3,
    first_dealer: int = 0,
    options: dict[str, Json] | None = None,
) -> dict[str, Json]:
    """A ``match`` request from ``game`` requests (their decks and actions)."""
    return {
        "op": "match",
        "ruleset": ruleset,
        "options": options or {},
        "players": players,
        "first_dealer": first_dealer,
        "deals": [{"deck": d["deck"], "actions": d["actions"]} for d in deals],
    }


def _match_cases() -> list[Spec]:
    """``match``: the deal going round, the banks, and the end of the 1922 game."""
    passes = {"deck": CANON, "actions": ["pass", "pass", "pass"]}
    specs = [
        Spec(
            "match.foster-1909.rotation",
            "Three deals in which everyone passes: the deal "
            "passes to the left each time, and nothing is paid.",
            match(FOSTER, [passes] * 3),
            ("deal.rotation-left", "match.counters-no-bank", "auction.all-pass"),
            over({"balances": [0, 0, 0], "dealers": [0, 1, 2], "over": False, "loser": None}),
            untraced=("auction.all-pass",),
        ),
        Spec(
            "match.modern.p4.rotation",
            "Four players, five deals, seat 2 deals first: the "
            "deal goes round the table, each dealer sitting out his deal.",
            match(
                MODERN, [{"deck": CANON, "actions": ["pass"] * 3}] * 5, players=4, first_dealer=2
            ),
            ("deal.rotation-left", "seats.active-foster"),
            over({"balances": [0, 0, 0, 0], "dealers": [2, 3, 0, 1, 2], "over": False}),
        ),
        Spec(
            "match.foster-1909.two-grands",
            "Seat 1 takes every trick of a Grand (240 from "
            "each), then seat 2 does the same as eldest of the next deal.",
            match(FOSTER, [_grand_all(FOSTER), _grand_all(FOSTER, dealer=1)]),
            ("deal.rotation-left", "match.counters-no-bank", "match.no-fixed-end"),
            over({"balances": [-480, 240, 240], "dealers": [0, 1], "over": False, "loser": None}),
        ),
        Spec(
            "match.gamerules.bank-150",
            "The web page's players start with 150 points; seat "
            "1's Grand of 120 points costs each of the others 180, and the game goes on with "
            "their balances below zero.",
            match(GAMERULES_RULESET, [_grand_all(GAMERULES_RULESET)]),
            ("match.bank-150-points", "match.no-fixed-end"),
            over({"balances": [-30, 510, -30], "dealers": [0], "over": False, "loser": None}),
        ),
        Spec(
            "match.official-1922-solo.bidder-bankrupt",
            "A bank of 120 chips each. Seat 1 bids Heart Solo (grand) with eleven cards that "
            "count nothing and a widow that counts nothing: no points, 60 under at three a "
            "point, 180 to each defender. He cannot pay 360: he loses the game, which is over. "
            "He is charged the 360 all the same, and ends 240 below zero.",
            match(SOLO, [_junk(SOLO, ["grand"], "9H 8H 7H")]),
            (
                "match.bank-120-chips",
                "match.first-unable-to-pay-loses",
                "match.unable-to-pay-order",
                "match.unable-to-pay-pays-in-full",
            ),
            over({"balances": [300, -240, 300], "dealers": [0], "over": True, "loser": 1}),
        ),
        Spec(
            "match.official-1922-solo.defender-bankrupt",
            "Seat 1 takes every trick of a Heart Solo: 180 from each defender, who hold 120 "
            "each. Both are unable to pay; the first clockwise from the bidder, seat 2, loses. "
            "Both are charged in full, 60 below zero each, and the bidder is paid all 360.",
            match(SOLO, [_grand_all(SOLO)]),
            (
                "match.first-unable-to-pay-loses",
                "match.unable-to-pay-order",
                "match.unable-to-pay-pays-in-full",
            ),
            over({"balances": [-60, 480, -60], "over": True, "loser": 2}),
        ),
        Spec(
            "match.official-1922-solo.deal-after-end",
            "The game is over once a player cannot pay: a further deal is refused.",
            match(SOLO, [_grand_all(SOLO), passes]),
            ("match.first-unable-to-pay-loses",),
            illegal("match.first-unable-to-pay-loses", at=0, deal=1),
        ),
        Spec(
            "match.official-1922-straight.bidder-bankrupt",
            "Straight Solo: a Heart Solo with no points costs 60 × 2 = 120 to each defender; "
            "the bidder cannot pay 240 and loses, and is charged it in full.",
            match(STRAIGHT, [_junk(STRAIGHT, ["grand"], "9H 8H 7H")]),
            (
                "match.bank-120-chips",
                "match.first-unable-to-pay-loses",
                "match.unable-to-pay-pays-in-full",
            ),
            over({"balances": [240, -120, 240], "over": True, "loser": 1}),
        ),
        Spec(
            "match.official-1922-coeur-dalene.first-unable",
            "Coeur d'Alene, a bank of 120 cents each. Seat 1 wins a Heart Solo (75 from "
            "each); in the next deal seat 1, now the dealer, wins another. Seats 2 and 0, "
            "with 45 each, both cannot pay 75: seat 2, the first clockwise from the bidder, "
            "loses.",
            match(COEUR, [_grand_all(COEUR), _dealer_grand(COEUR)]),
            (
                "match.coeur-dalene-bank-in-cents",
                "match.first-unable-to-pay-loses",
                "match.unable-to-pay-order",
                "settlement.fixed-25-50-75",
            ),
            over({"balances": [-30, 420, -30], "dealers": [0, 1], "over": True, "loser": 2}),
        ),
        Spec(
            "match.official-1922-coeur-dalene.heart-solo-lost",
            "Coeur d'Alene at three players: one lost Heart Solo costs the bidder 75 cents to "
            "each defender, 150 against his bank of 120, and ends the match in its first "
            "deal; he is charged the 150 in full and ends 30 below zero.",
            match(COEUR, [_junk(COEUR, ["grand"], "9H 8H 7H")]),
            (
                "match.coeur-dalene-bank-in-cents",
                "match.first-unable-to-pay-loses",
                "match.unable-to-pay-pays-in-full",
                "settlement.coeur-dalene-loser-pays-same",
            ),
            over({"balances": [195, -30, 195], "over": True, "loser": 1}),
        ),
        Spec(
            "match.official-1922-coeur-dalene.solvent",
            "Coeur d'Alene: a won Heart Solo costs each defender 75 of his 120 cents; the "
            "game goes on.",
            match(COEUR, [_grand_all(COEUR)]),
            ("match.coeur-dalene-bank-in-cents", "match.first-unable-to-pay-loses"),
            over({"balances": [45, 270, 45], "over": False, "loser": None}),
        ),
        Spec(
            "match.official-1922-solo.paid-to-zero",
            "A defender who pays his whole bank of 120 is left with nothing but has paid: he "
            "is not unable to pay, and the game goes on. Seat 1's Grand of 100 points (deck "
            "number 83) is 40 over 60 at three a point: 120 from each defender.",
            match(
                SOLO,
                [
                    {
                        "deck": [
                            "8H",
                            "QH",
                            "6H",
                            "AD",
                            "KD",
                            "6C",
                            "8C",
                            "KH",
                            "6S",
                            "AH",
                            "QD",
                            "7D",
                            "AS",
                            "8S",
                            "9D",
                            "7C",
                            "JS",
                            "9S",
                            "KS",
                            "JH",
                            "JC",
                            "7H",
                            "JD",
                            "9H",
                            "10H",
                            "10S",
                            "8D",
                            "AC",
                            "QS",
                            "QC",
                            "10D",
                            "9C",
                            "10C",
                            "6D",
                            "KC",
                            "7S",
                        ],
                        "actions": [
                            "grand",
                            "play AS",
                            "play 8S",
                            "play 6S",
                            "play KS",
                            "play QS",
                            "play 9S",
                            "play QH",
                            "play JH",
                            "play 9H",
                            "play 7H",
                            "play 6H",
                            "play 8D",
                            "play 10H",
                            "play JS",
                            "play JC",
                            "play 10D",
                            "play JD",
                            "play 9D",
                            "play 6D",
                            "play QD",
                            "play 7D",
                            "play KC",
                            "play QC",
                            "play 6C",
                            "play 9C",
                            "play 10C",
                            "play 7C",
                            "play 7S",
                            "play AH",
                            "play 10S",
                            "play AC",
                            "play 8C",
                            "play KD",
                        ],
                    }
                ],
            ),
            ("match.first-unable-to-pay-loses", "match.bank-120-chips", "settlement.rates-1-2-3"),
            over({"balances": [0, 360, 0], "dealers": [0], "over": False, "loser": None}),
            seeds=(83,),
        ),
        Spec(
            "match.official-1922-solo.penalty-frog",
            "Penalty Frog in a match: the bidder loses a Frog by 35 (25 points laid away) "
            "and pays at the Heart Solo rate, 105 to each defender; he has 120 and cannot "
            "pay 210.",
            match(
                SOLO,
                [
                    _junk(
                        SOLO,
                        ["frog", "pass", "pass", "discard AS", "discard 10S", "discard KS"],
                        "AS 10S KS",
                    )
                ],
                options={"penalty_frog": True},
            ),
            ("settlement.penalty-frog", "match.first-unable-to-pay-loses"),
            over({"balances": [225, -90, 225], "over": True, "loser": 1}),
        ),
        *[
            Spec(
                f"match.{rs}.rotation",
                "Three deals in which everyone passes: the deal passes to the left each time.",
                match(rs, [passes] * 3),
                ("deal.rotation-left",),
                over({"dealers": [0, 1, 2], "over": False, "loser": None}),
            )
            for rs in (HOYLE, SOLO, STRAIGHT, COEUR, GAMERULES_RULESET)
        ],
        *[
            Spec(
                f"match.{rs}.two-grands",
                "Seat 1 takes every trick of a Grand (240 from "
                "each), then seat 2 does the same as eldest of the next deal: balances "
                "start at nothing and the game goes on.",
                match(rs, [_grand_all(rs), _grand_all(rs, dealer=1)]),
                ("match.counters-no-bank", "match.no-fixed-end"),
                over(
                    {"balances": [-480, 240, 240], "dealers": [0, 1], "over": False, "loser": None}
                ),
            )
            for rs in (HOYLE, MODERN)
        ],
        Spec(
            "match.official-1922-straight.second-grand",
            "Straight Solo, 120 chips each. Seat 1 takes every trick of a Heart Solo: 120 "
            "from each defender, who are left with nothing but have paid. In the next deal "
            "seat 1, now the dealer, wins another: seats 2 and 0 both cannot pay; seat 2, "
            "the first clockwise from the bidder, loses.",
            match(STRAIGHT, [_grand_all(STRAIGHT), _dealer_grand(STRAIGHT)]),
            (
                "match.first-unable-to-pay-loses",
                "match.unable-to-pay-order",
                "match.bank-120-chips",
            ),
            over({"balances": [-120, 600, -120], "dealers": [0, 1], "over": True, "loser": 2}),
        ),
        Spec(
            "match.foster-1909.illegal-in-second-deal",
            "An illegal action in the second deal of a match names the rule it breaks.",
            match(
                FOSTER,
                [passes, {"deck": _play_deck(FOSTER), "actions": ["pass", "pass", "pass", "frog"]}],
            ),
            ("deal.actions-by-phase", "auction.all-pass"),
            illegal("deal.actions-by-phase", at=3, deal=1),
            untraced=("auction.all-pass",),
        ),
        Spec(
            "match.foster-1909.illegal-before-unfinished",
            "Deals are played in order: an illegal action in deal 0 is reported, though "
            "deal 1 stops before its end (which would make the request invalid).",
            match(
                FOSTER,
                [
                    {"deck": CANON, "actions": ["chico", "frog"]},
                    {"deck": CANON, "actions": ["pass"]},
                ],
            ),
            ("auction.contract-order",),
            illegal("auction.contract-order", at=1, deal=0),
        ),
        Spec(
            "match.official-1922-solo.illegal-play",
            "An illegal play in a match: the player does not follow suit.",
            match(SOLO, [{"deck": _play_deck(SOLO), "actions": ["grand", "play AS", "play AD"]}]),
            ("play.follow-suit",),
            illegal("play.follow-suit", at=2, deal=0),
        ),
    ]
    return specs


def _dealer_grand(rs: str) -> dict[str, Json]:
    # Seat 1 deals (order 2, 0, 1) and takes every trick of a Grand he bids last.
    deck = deck_for(rs, 3, 1, {1: _STRONG})
    request = game(rs, ["pass", "pass", "grand"], dealer=1, deck=deck)
    request["actions"] = play_out(request, high_for_bidder)
    return request


# --- the first dealer (an extension op) -----------------------------------------------


def _first_dealer_cases() -> list[Spec]:
    """``first_dealer``: who deals the first hand (extension op)."""
    specs = []
    for rs in (FOSTER, HOYLE, MODERN, GAMERULES_RULESET):
        specs.append(
            Spec(
                f"first-dealer.{rs}.any",
                "Any player may deal first: the one chosen deals.",
                {"op": "first_dealer", "ruleset": rs, "players": 3, "chosen": 2},
                ("deal.first-dealer-any",),
                {"result": 2},
            )
        )
    for rs in OFFICIAL:
        specs += [
            Spec(
                f"first-dealer.{rs}.low-card-deals",
                "Seat 2 draws the lowest card and chooses to deal.",
                {
                    "op": "first_dealer",
                    "ruleset": rs,
                    "players": 4,
                    "lowest": 2,
                    "chooses_to_deal": True,
                },
                ("deal.first-dealer-low-card-chooses",),
                {"result": 2},
            ),
            Spec(
                f"first-dealer.{rs}.low-card-eldest",
                "Seat 0 draws the lowest card and chooses to be eldest hand: the seat on his "
                "right (seat 4 of five) deals.",
                {
                    "op": "first_dealer",
                    "ruleset": rs,
                    "players": 5,
                    "lowest": 0,
                    "chooses_to_deal": False,
                },
                ("deal.first-dealer-low-card-chooses",),
                {"result": 4},
            ),
        ]
    return specs


#: The hand-written vector files: name, title, description, and the function that builds them.
FILES: list[tuple[str, str, str, Callable[[], list[Spec]]]] = [
    ("cards", "Card points", "card_points for each of the 36 cards.", _card_cases),
    (
        "tricks",
        "Trick winners",
        "trick_winner: the rank order, trumps, cards of other suits.",
        trick_cases,
    ),
    (
        "legal-plays",
        "Legal plays",
        "legal_plays: following suit, trumping, and the duties a player does not have.",
        legal_cases,
    ),
    (
        "deal",
        "The deal",
        "deal: the pattern of each ruleset, eldest hand, and the seats "
        "that sit out at four to seven players.",
        _deal_cases,
    ),
    (
        "auction",
        "The auction",
        "game, stopped in or at the end of the auction: whose turn, which bids, who wins.",
        _auction_cases,
    ),
    (
        "widow",
        "The widow",
        "game: the widow in a Frog (taken, laid away, shown or not) and "
        "untouched in Chico and Grand.",
        _widow_cases,
    ),
    (
        "trump",
        "Trumps",
        "game: hearts in Frog and Grand; the suits a Chico bidder may name.",
        _trump_cases,
    ),
    (
        "play",
        "The play",
        "game, stopped in the first tricks: following suit, trumping, who leads.",
        _play_cases,
    ),
    (
        "scoring",
        "Counting and payments",
        "game, played to the end in deals whose count can be done on paper.",
        _scoring_cases,
    ),
    (
        "settle",
        "Settlement",
        "settle: the rates, 60 as a tie, and who pays whom when "
        "players sit out, under each 1922 system.",
        settle_cases,
    ),
    (
        "illegal",
        "Illegal actions",
        "game: every kind of illegal action, with the rule it breaks and the index of the action.",
        _illegal_cases,
    ),
    (
        "invalid",
        "Malformed requests",
        "Requests an implementation must refuse as invalid, "
        "and ops and rulesets no one offers (unsupported).",
        _invalid_cases,
    ),
    (
        "match",
        "Matches",
        "match: the deal going round, the banks, the end of the 1922 "
        "game, and illegal actions in a match.",
        _match_cases,
    ),
    (
        "first-dealer",
        "The first dealer (extension)",
        "first_dealer, an extension op: who deals the first hand.",
        _first_dealer_cases,
    ),
]
