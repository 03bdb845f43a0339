"""The invariants of Frog: what must hold in every deal, for every ruleset.

The rules (:mod:`frogspec.registry`) say what a player may do; an invariant says what
must then be true whatever he does: the hands hold eleven cards, the points make 120, the
payments sum to zero. Each invariant has a stable id (kebab-case, never dotted, so that it
cannot be taken for a rule id), a statement in plain words and the ids of the rules it
checks. The property tests in ``tests/properties`` check them with hypothesis, and each
one is shown to catch a deliberately broken engine.

A test names the invariants it checks with :func:`checks`, and a test that shows an
invariant catching a broken engine names it with :func:`bites`; both refuse an unknown id
at once, and a test in the suite fails if an invariant lacks either kind of test.

>>> get_invariant("points-total").rules
('scoring.count-card-points', 'scoring.widow-counts-for-bidder', 'cards.points')
>>> @checks("points-total")
... def test_points(): ...
>>> invariants_checked_by(test_points)
('points-total',)
>>> checks("no-such-thing")  # doctest: +ELLIPSIS
Traceback (most recent call last):
frogspec.testing.invariants.UnknownInvariantError: no invariant 'no-such-thing'; invariants: pack-distinct, ...

This module needs only the standard library: the documentation imports it to list the
invariants (:func:`markdown`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

__all__ = [
    "INVARIANTS",
    "INVARIANT_TOPICS",
    "Invariant",
    "InvariantKind",
    "UnknownInvariantError",
    "all_invariants",
    "bites",
    "checks",
    "get_invariant",
    "invariants_bitten_by",
    "invariants_checked_by",
    "markdown",
]

InvariantKind = Literal["game", "engine"]

#: The parts of the game the invariants are grouped under, in the rulebook's order.
INVARIANT_TOPICS: dict[str, str] = {
    "cards": "The pack",
    "deal": "Seats and the deal",
    "auction": "The auction",
    "widow": "The widow and trump",
    "play": "The play",
    "scoring": "Counting",
    "settlement": "Settlement",
    "match": "Matches",
    "engine": "The engine",
    "notation": "Notation",
}


@dataclass(frozen=True, slots=True)
class Invariant:
    """One invariant: what must always hold, and the rules whose breach it would reveal.

    ``kind`` is ``"game"`` for a truth about the game, which names at least one rule, and
    ``"engine"`` for a promise of the engine's interface (``apply`` changes nothing it is
    given, notation round-trips), which may name none.
    """

    id: str
    topic: str
    statement: str
    rules: tuple[str, ...]
    kind: InvariantKind = "game"


class UnknownInvariantError(LookupError):
    """An invariant id that is not in :data:`INVARIANTS`."""

    def __init__(self, invariant_id: object) -> None:
        self.invariant_id = invariant_id
        known = ", ".join(INVARIANTS)
        super().__init__(f"no invariant {invariant_id!r}; invariants: {known}")

    def __str__(self) -> str:
        return str(self.args[0])


_DEAL_PATTERNS = (
    "deal.packets-3-3-4-4",
    "deal.packets-4-3-3-4",
    "deal.singly-slough-1-4-8",
    "deal.gamerules-packets",
)
_PROCEDURES = (
    "auction.overbid-to-raise",
    "auction.one-round-frog-may-raise",
    "auction.one-bid-each",
)

_ALL: tuple[Invariant, ...] = (
    Invariant(
        "pack-distinct",
        "cards",
        "The pack holds 36 different cards, each of the nine ranks A 10 K Q J 9 8 7 6 in "
        "each of the four suits.",
        ("cards.pack",),
    ),
    Invariant(
        "pack-points",
        "cards",
        "Each Ace counts 11, each Ten 10, each King 4, each Queen 3, each Jack 2 and every "
        "other card nothing, so the pack holds 120 points.",
        ("cards.points", "scoring.count-card-points"),
    ),
    Invariant(
        "pack-rank-order",
        "cards",
        "Of two cards of one suit, the one that comes first in the order A 10 K Q J 9 8 7 6 "
        "wins a trick that holds only those two.",
        ("cards.rank-order", "play.trick-winner"),
    ),
    Invariant(
        "players-allowed",
        "deal",
        "A deal can be set up for exactly the numbers of players the ruleset allows: three to "
        "five under Foster, Hoyle and the modern rules, three to seven under the 1922 rules, "
        "three under the web page's.",
        ("seats.players-3-to-5", "seats.players-3-to-7", "seats.players-3"),
    ),
    Invariant(
        "deal-seats",
        "deal",
        "Three seats take cards: all three of three; of four, all but the dealer; of five or "
        "more, the two on the dealer's left and the one on his right. Eldest hand is the "
        "first of them on the dealer's left, and they are dealt to and bid clockwise from him.",
        ("seats.active-foster", "seats.active-six-or-seven", "seats.eldest-hand"),
    ),
    Invariant(
        "deal-hands",
        "deal",
        "After the deal each active hand holds 11 cards, the widow 3 and a seat sitting out "
        "none, and together they are the whole pack with no card twice.",
        ("cards.pack", *_DEAL_PATTERNS),
    ),
    Invariant(
        "deal-pattern",
        "deal",
        "Every card goes where the ruleset's way of dealing sends it: 3-(3)-4-4 under Foster "
        "and Hoyle, 4-(3)-3-4 under the modern rules and the web page's, and under the 1922 "
        "rules one at a time from eldest with the 1st, 4th and 8th cards to the slough.",
        _DEAL_PATTERNS,
    ),
    Invariant(
        "cards-conserved",
        "deal",
        "At every moment of a deal each of the 36 cards is in exactly one place: a hand, the "
        "widow, the Frog bidder's discards, the trick on the table or the tricks taken.",
        ("cards.pack", "widow.frog-take-and-discard", "play.card-from-hand"),
    ),
    Invariant(
        "auction-bids-rise",
        "auction",
        "Every bid is higher than the bid before it (Frog, then Chico, then Grand), and only "
        "the ruleset's contracts are bid: there is no Frog in Straight Solo.",
        (
            "auction.contract-order",
            "auction.contracts-frog-chico-grand",
            "auction.contracts-without-frog",
        ),
    ),
    Invariant(
        "auction-raise-rule",
        "auction",
        "A player who has passed never bids again, and a player speaks a second time only as "
        "the ruleset's raise rule allows: under Foster after he has been overbid; in the "
        "one-round auction only a Frog bidder overbid by Chico, at once, and only to Grand; "
        "under the web page's rules never.",
        ("auction.pass-is-final", *_PROCEDURES),
    ),
    Invariant(
        "auction-turns",
        "auction",
        "At every turn of the auction the seat asked and the bids it may make are those the "
        "ruleset's procedure gives, starting with eldest hand, and nobody is asked when "
        "passing is all he could do.",
        ("seats.eldest-hand", *_PROCEDURES),
    ),
    Invariant(
        "auction-end",
        "auction",
        "The auction ends with one bidder, who made the last and highest bid and plays the "
        "contract he bid, or with every player passed, and then the deal is over with "
        "nothing paid.",
        ("auction.highest-bid-wins", "auction.bidder-plays-named-game", "auction.all-pass"),
    ),
    Invariant(
        "contract-course",
        "widow",
        "A Frog bidder takes the widow into his hand and lays away three cards from it, and "
        "hearts are trumps; a Chico bidder names a trump among the suits the ruleset allows "
        "(not hearts, except under the web page's rules) and the widow stays untouched; in "
        "Grand hearts are trumps, the widow stays untouched and the play starts at once.",
        (
            "auction.bidder-plays-named-game",
            "widow.frog-take-and-discard",
            "widow.untouched-in-chico-and-grand",
            "trump.hearts-in-frog-and-grand",
            "trump.chico-not-hearts",
            "trump.chico-any-suit",
        ),
    ),
    Invariant(
        "widow-shown",
        "widow",
        "The widow is shown to the table only in a Frog, and only under the rulesets that "
        "show it (Foster and Hoyle).",
        ("widow.frog-shown", "widow.frog-hidden", "widow.hidden-when-unsaid"),
    ),
    Invariant(
        "play-legal",
        "play",
        "The cards a player may play are never none and always in his hand: the leader any "
        "card; a player holding the suit led only cards of that suit; one void in it who "
        "holds trumps only trumps; one who holds neither any card.",
        (
            "play.lead-any-card",
            "play.follow-suit",
            "play.must-trump",
            "play.any-card-when-unable",
            "play.card-from-hand",
        ),
    ),
    Invariant(
        "no-duty-to-head",
        "play",
        "There are deals in which a player following suit, who could head the trick, may "
        "play a card that does not.",
        ("play.no-duty-to-head",),
    ),
    Invariant(
        "no-duty-to-overtrump",
        "play",
        "There are deals in which a player who must trump, and could over-trump a trump "
        "already in the trick, may play a lower trump.",
        ("play.no-duty-to-overtrump",),
    ),
    Invariant(
        "play-turns",
        "play",
        "Eldest hand leads to the first trick, the active seats play to a trick in turn "
        "clockwise, and the winner of a trick leads to the next.",
        ("play.eldest-leads-first", "seats.eldest-hand", "play.winner-leads-next"),
    ),
    Invariant(
        "trick-winner",
        "play",
        "The card that wins a trick is in it and beats every other card in it (a trump beats "
        "every other suit, a card of the suit led beats a card of a third suit, and in one "
        "suit the higher rank wins), and the seat that played it takes the three cards.",
        ("play.trick-winner", "cards.rank-order"),
    ),
    Invariant(
        "deal-end",
        "play",
        "A deal with a bidder ends after exactly 11 tricks, in which the 33 cards of the "
        "three playing hands are each played once, and nothing remains to be done.",
        ("play.eleven-tricks", "play.card-from-hand"),
    ),
    Invariant(
        "points-total",
        "scoring",
        "At the end of a deal the bidder's points and the defenders' points make 120: the "
        "bidder counts his tricks and the widow, or in a Frog the three cards he laid away.",
        ("scoring.count-card-points", "scoring.widow-counts-for-bidder", "cards.points"),
    ),
    Invariant(
        "settlement-zero-sum",
        "settlement",
        "The payments of every deal sum to zero.",
        ("settlement.each-pays-in-full",),
    ),
    Invariant(
        "settlement-sixty",
        "settlement",
        "The bidder is paid exactly when he took more than 60 points, pays exactly when he "
        "took fewer, and at 60 nothing moves.",
        ("settlement.sixty-is-a-tie",),
    ),
    Invariant(
        "settlement-amount",
        "settlement",
        "Each seat that settles with the bidder pays or receives his points over or under 60 "
        "times the contract's rate (Frog, Chico, Grand: 1, 2, 4 under Foster, Hoyle and the "
        "modern rules; 1, 2, 3 under 1922 Solo and the web page; Chico 1 and Grand 2 in "
        "Straight Solo; a lost Frog at 3 with Penalty Frog), or in Coeur d'Alene the fixed "
        "25, 50 or 75, and the bidder gets or gives that much from or to each of them.",
        (
            "settlement.rates-1-2-4",
            "settlement.rates-1-2-3",
            "settlement.rates-straight-1-2",
            "settlement.fixed-25-50-75",
            "settlement.coeur-dalene-loser-pays-same",
            "settlement.penalty-frog",
            "settlement.each-pays-in-full",
        ),
    ),
    Invariant(
        "settlement-sitting-out",
        "settlement",
        "A seat sitting out never pays a winning bidder, except under the 1922 system "
        "'pay-and-receive', or 'pay-and-receive-solo-only' in a Solo; a losing bidder pays "
        "every other seat at the table; the 1922 default is 'receive-only'.",
        (
            "settlement.sitting-out-receive-only",
            "settlement.sitting-out-pay-and-receive",
            "settlement.sitting-out-pay-and-receive-solo-only",
            "settlement.default-system-receive-only",
        ),
    ),
    Invariant(
        "match-balances",
        "match",
        "In a match every balance starts at the ruleset's bank (nothing under Foster, Hoyle "
        "and the modern rules, 150 under the web page's, 120 under the 1922 rules) and moves "
        "only by the settlement of each deal.",
        (
            "match.counters-no-bank",
            "match.bank-150-points",
            "match.bank-120-chips",
            "match.coeur-dalene-bank-in-cents",
        ),
    ),
    Invariant(
        "match-rotation",
        "match",
        "The deal passes to the left after every deal, one that everybody passed included.",
        ("deal.rotation-left", "auction.all-pass"),
    ),
    Invariant(
        "match-end",
        "match",
        "Under the 1922 rules the game ends with the first seat, from the bidder clockwise, "
        "that owes more in a settlement than it holds, and no deal is played after it; under "
        "the other rulesets the game never ends by rule.",
        (
            "match.first-unable-to-pay-loses",
            "match.unable-to-pay-order",
            "match.no-fixed-end",
        ),
    ),
    Invariant(
        "illegal-refused",
        "engine",
        "Every action that is not legal is refused with an illegal-action error naming a "
        "registered rule (the one it breaks: a card not held, a suit not followed, a trump "
        "not played, a bid that does not outbid, ...), and the state is left as it was; "
        "every legal action is accepted.",
        (
            "play.card-from-hand",
            "play.follow-suit",
            "play.must-trump",
            "auction.contract-order",
            "widow.frog-take-and-discard",
            "play.eleven-tricks",
            "auction.all-pass",
        ),
        kind="engine",
    ),
    Invariant(
        "apply-pure",
        "engine",
        "Applying an action never changes the state it is applied to, nor its ruleset, and "
        "gives the same result every time.",
        (),
        kind="engine",
    ),
    Invariant(
        "notation-card",
        "notation",
        "Every card's name (rank then suit, as 10H or AS) parses back to that card, and the "
        "36 names are all different.",
        ("cards.pack",),
        kind="engine",
    ),
    Invariant(
        "notation-action",
        "notation",
        "Every action prints in the protocol's notation (pass, frog, discard 10H, trump S, "
        "play AS) and parses back to itself.",
        (),
        kind="engine",
    ),
    Invariant(
        "notation-position",
        "notation",
        "Every position reached in a deal writes as one line of the position notation, which "
        "reads back to the same position.",
        (),
        kind="engine",
    ),
    Invariant(
        "notation-cardset",
        "notation",
        "Every set of cards prints as its cards' names and parses back to the same set.",
        (),
        kind="engine",
    ),
)

#: Every invariant, by id, in the order of :data:`INVARIANT_TOPICS`.
INVARIANTS: dict[str, Invariant] = {inv.id: inv for inv in _ALL}

F = TypeVar("F", bound=Callable[..., Any])


def all_invariants() -> tuple[Invariant, ...]:
    """Every invariant, topic by topic."""
    order = {topic: i for i, topic in enumerate(INVARIANT_TOPICS)}
    return tuple(sorted(_ALL, key=lambda inv: order[inv.topic]))


def get_invariant(invariant_id: str) -> Invariant:
    """The invariant with this id; :class:`UnknownInvariantError` if there is none."""
    try:
        return INVARIANTS[invariant_id]
    except (KeyError, TypeError):
        raise UnknownInvariantError(invariant_id) from None


def checks(*invariant_ids: str) -> Callable[[F], F]:
    """Mark a test as checking these invariants (refusing an unknown id at once)."""
    if not invariant_ids:
        raise ValueError("checks() needs at least one invariant id")
    for invariant_id in invariant_ids:
        get_invariant(invariant_id)

    def mark(test: F) -> F:
        ids = (*getattr(test, "__frogspec_checks__", ()), *invariant_ids)
        test.__frogspec_checks__ = ids  # type: ignore[attr-defined]
        return test

    return mark


def bites(invariant_id: str) -> Callable[[F], F]:
    """Mark a test as showing that this invariant's check catches a broken engine."""
    get_invariant(invariant_id)

    def mark(test: F) -> F:
        test.__frogspec_bites__ = invariant_id  # type: ignore[attr-defined]
        return test

    return mark


def invariants_checked_by(test: Callable[..., Any]) -> tuple[str, ...]:
    """The ids a test was marked with by :func:`checks`."""
    return tuple(getattr(test, "__frogspec_checks__", ()))


def invariants_bitten_by(test: Callable[..., Any]) -> tuple[str, ...]:
    """The id a test was marked with by :func:`bites`, as a tuple (empty if none)."""
    bitten = getattr(test, "__frogspec_bites__", None)
    return (bitten,) if bitten else ()


def markdown(rule_link: Callable[[str], str] | None = None) -> str:
    """The invariants as Markdown, topic by topic: id, statement and rule ids.

    ``rule_link`` writes a rule id as Markdown (a link to the rule, say); by default the
    id is written as code.
    """
    show = rule_link if rule_link is not None else (lambda rule_id: f"`{rule_id}`")
    lines: list[str] = []
    for topic, title in INVARIANT_TOPICS.items():
        members = [inv for inv in _ALL if inv.topic == topic]
        if not members:
            continue
        lines += [f"## {title}", ""]
        for inv in members:
            if inv.rules:
                rules = ", ".join(show(rule_id) for rule_id in inv.rules)
                checked = f"Rules checked: {rules}."
            else:
                checked = "A promise of the engine's interface; it checks no rule of the game."
            lines += [f"### `{inv.id}`", "", inv.statement, "", checked, ""]
    return "\n".join(lines).rstrip() + "\n"
