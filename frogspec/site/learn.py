"""How to play: a page per ruleset, generated from the registry and the ruleset.

Each page walks through a deal in the order a table plays it (the seats, the pack, the
deal, the auction, the widow, trump, the play, the count, paying, the end of the game),
one short numbered step per rule, each step linked to the rule it rests on. A step's words
are written once per rule (:data:`PLAIN`), and the facts a ruleset decides (how many play,
how the cards are dealt, which suits a Chico bidder may name, what a point is worth) are
read from the ruleset's own functions, so that the page says what the engine does. A rule
a ruleset uses that no step explains stops the build (:class:`UnexplainedRuleError`).

>>> page = how_to_play_page("foster-1909")
>>> page.splitlines()[0]
"# Play Frog by Foster's rules"
>>> "../rules/play.md#play-must-trump" in page
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise

from frogspec.citations import rule_url
from frogspec.engine import settle
from frogspec.errors import FrogError
from frogspec.questions import Question
from frogspec.registry import TOPICS, get_rule, rule_for_function
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    RANKS_HIGH_TO_LOW,
    Suit,
    card_points,
    cards_of,
    make_card,
    pack,
    points_of,
)
from frogspec.rules.deal import WIDOW
from frogspec.rules.play import tricks_per_deal
from frogspec.rules.trump import fixed_trump
from frogspec.rules.widow import exchanges_widow
from frogspec.rulesets import RULESETS, Ruleset, get_ruleset, rules_of
from frogspec.site.annotated import contract_name, own_words
from frogspec.site.glossary import term
from frogspec.site.markup import (
    DISPLAY_SUITS,
    READING_MARK,
    RULING_MARK,
    admonition,
    card_html,
    escape,
    kind_marks,
    marks_legend,
    relative,
)

__all__ = [
    "CARD_WORDS",
    "PLAIN",
    "READING_MARK",
    "RECOMMENDED",
    "RULING_MARK",
    "SECTIONS",
    "SHORT",
    "STAGE_OF_TOPIC",
    "SUMMARY_STATES",
    "LessonStep",
    "Section",
    "UnexplainedRuleError",
    "card_page_path",
    "contract_name",
    "deal_in_words",
    "how_to_play_page",
    "how_to_play_path",
    "kind_marks",
    "learn_index_page",
    "play_page_marks",
    "recommendation",
    "rule_ids_explained",
    "rules_card_page",
    "sections_of",
    "summary_line",
]


class UnexplainedRuleError(FrogError):
    """A ruleset uses a rule that no step of its how-to-play page explains."""


@dataclass(frozen=True, slots=True)
class LessonStep:
    """One numbered step: plain words (Markdown) and the rules it rests on."""

    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """One stage of a deal, with its steps; ``extra`` is drawn under the steps (a table);
    ``optional`` are the steps the table may agree on instead, each with its option's name."""

    key: str
    title: str
    steps: tuple[LessonStep, ...]
    extra: str = ""
    optional: tuple[tuple[LessonStep, str], ...] = ()


#: The stages of a deal, in the order a table plays them, with their titles.
SECTIONS: dict[str, str] = {
    "seats": "Who sits where",
    "cards": "The pack and what the cards are worth",
    "deal": "The deal",
    "auction": "The auction",
    "widow": "The widow",
    "trump": "Trump",
    "play": "The play",
    "count": "The count",
    "paying": "Paying",
    "end": "The end of the game",
}

#: The ruleset we recommend to someone who just wants to play (an editorial choice).
RECOMMENDED = "foster-1909"

# ---------------------------------------------------------------------------- the facts


def _number_word(n: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return words[n] if 0 <= n < len(words) else str(n)


def _or_list(items: list[str], conjunction: str = "or") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def _seat_name(offset: int, players: int) -> str:
    """The seat ``offset`` places to the dealer's left, named as a player would."""
    if offset == 0:
        return "the dealer"
    right = players - offset
    # "The second on his right" was misread by a reader: count the seats instead.
    if offset <= right:
        return (
            "the player on his left"
            if offset == 1
            else f"the player {_number_word(offset)} seats to his left"
        )
    return (
        "the player on his right"
        if right == 1
        else f"the player {_number_word(right)} seats to his right"
    )


def _active_in_words(rs: Ruleset) -> list[str]:
    lines = []
    for players in rs.rules.player_count():
        active = rs.rules.active_seats(players, 0)
        out = [s for s in range(players) if s not in active]
        if not out:
            lines.append(f"with {players} at the table, everyone plays")
            continue
        names = [_seat_name(s, players) for s in out]
        verb = "sits" if len(out) == 1 else "sit"
        lines.append(f"with {players}, {_or_list(names, 'and')} {verb} out")
    return lines


def deal_in_words(pattern: tuple[int, ...]) -> str:
    """A deal pattern in plain words, read from the pattern itself.

    >>> from frogspec.rules.deal import packets_3_3_4_4, singly_slough_1_4_8
    >>> deal_in_words(packets_3_3_4_4())
    '3 cards to each player, then 3 to the widow, then 4 to each player, then 4 to each player'
    >>> deal_in_words(singly_slough_1_4_8())
    'one card at a time to each player in turn, except that the 1st, 4th and 8th cards go to the widow'
    """
    runs: list[tuple[int, int]] = []  # (destination, length)
    for dest in pattern:
        if runs and runs[-1][0] == dest:
            runs[-1] = (dest, runs[-1][1] + 1)
        else:
            runs.append((dest, 1))
    if all(length == 1 for dest, length in runs if dest != WIDOW):
        widow = [i + 1 for i, dest in enumerate(pattern) if dest == WIDOW]
        places = _or_list([_nth(i) for i in widow], "and")
        return (
            f"one card at a time to each player in turn, except that the {places} cards go "
            "to the widow"
        )
    parts: list[str] = []
    i = 0
    while i < len(runs):
        dest, length = runs[i]
        if dest == WIDOW:
            parts.append(f"{length} to the widow")
            i += 1
            continue
        # A packet to each hand: three runs of one length, to hands 0, 1, 2.
        group = runs[i : i + 3]
        if [d for d, _ in group] != [0, 1, 2] or len({n for _, n in group}) != 1:
            raise ValueError(f"deal pattern not in packets: {pattern}")
        parts.append(f"{length} to each player")
        i += 3
    first = parts[0].replace(" to each", " cards to each", 1)
    return ", then ".join([first, *parts[1:]])


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _hand_size(rs: Ruleset) -> tuple[int, int]:
    pattern = rs.rules.deal_pattern()
    return pattern.count(0), pattern.count(WIDOW)


def _contract_meaning(rs: Ruleset, contract: Contract) -> str:
    trump = fixed_trump(contract)
    if trump is not None:
        trump_words = f"{trump.name.lower()} are trumps"
    else:
        suits = [s.name.lower() for s in rs.rules.chico_trump()]
        trump_words = "the bidder names trumps" + (
            ", any suit" if len(suits) == 4 else f": {_or_list(suits)}"
        )
    widow = (
        "the bidder picks up the widow and lays away three cards"
        if exchanges_widow(contract)
        else "the widow is not touched"
    )
    return f"{trump_words}; {widow}"


def _rate_words(rs: Ruleset) -> str:
    unit = rs.unit
    if rs.rule_id(Question.RATES) == "settlement.fixed-25-50-75":
        paid = [
            f"{rs.rules.rates(c, 1, True)} {unit} for a {contract_name(rs, c)}"
            for c in rs.rules.contracts()
        ]
        return f"A won game is paid a fixed amount, whatever the margin: {_or_list(paid, 'and')}"
    paid = []
    for c in rs.rules.contracts():
        rate = rs.rules.rates(c, 1, True)
        paid.append(
            f"{rate} {unit if rate != 1 else unit.removesuffix('s')} in a {contract_name(rs, c)}"
        )
    return (
        f"Each point of the margin is worth {_or_list(paid, 'and')}: each opponent pays the "
        "bidder the margin at that rate, or is paid it by him"
    )


def _example_payment(rs: Ruleset) -> str:
    """One settlement worked through by the engine: three players, seat 1 the bidder."""
    low, high = rs.rules.contracts()[0], rs.rules.contracts()[-1]
    won = settle(rs, 3, 0, 1, low, 71)
    lost = settle(rs, 3, 0, 1, high, 50)
    return (
        f"For example, with three at the table: a bidder who takes 71 card points in a "
        f"{contract_name(rs, low)} wins by 11 and receives {won[1]} {rs.unit} in all, "
        f"{-won[0]} from each opponent; one who takes 50 in a {contract_name(rs, high)} "
        f"loses by 10 and pays {lost[0]} to each opponent, {-lost[1]} in all."
    )


# ---------------------------------------------------------------------------- plain words

Words = Callable[[Ruleset], str]

#: The plain words of each rule's step, by rule id: a function of the ruleset, so that
#: the facts a ruleset decides are read from it.
PLAIN: dict[str, Words] = {
    # Who sits where
    "seats.players-3": lambda rs: "Exactly three people play.",
    "seats.players-3-to-5": lambda rs: _players_words(rs),
    "seats.players-3-to-7": lambda rs: _players_words(rs),
    "seats.active-foster": lambda rs: _active_words(rs),
    "seats.active-six-or-seven": lambda rs: _active_words(rs),
    "seats.eldest-hand": lambda rs: (
        "The active player on the dealer's left is **eldest hand**; the next active player "
        "clockwise is **middle hand**, and the third is "
        + (
            "the **dealer**. "
            if max(rs.rules.player_count()) == 3
            else "the **dealer** when he plays (else the player on his right). "
        )
        + "Everything goes clockwise from eldest: the deal, the bidding and the play."
    ),
    # The pack
    "cards.pack": lambda rs: (
        f"Use a pack of {len(list(cards_of(pack())))} cards: take an ordinary pack and "
        "remove the 2s, 3s, 4s and 5s."
    ),
    "cards.rank-order": lambda rs: (
        f"In every suit the cards rank, highest first: **{' '.join(RANKS_HIGH_TO_LOW)}**. "
        "The Ten ranks just below the Ace, above the King."
    ),
    "cards.points": lambda rs: (
        "Some cards are worth **card points**, counted at the end of the deal: "
        + ", ".join(
            f"{rank} {card_points(make_card(rank, Suit.HEARTS))}"
            for rank in RANKS_HIGH_TO_LOW
            if card_points(make_card(rank, Suit.HEARTS))
        )
        + f"; the rest nothing. The whole pack holds {points_of(pack())} points."
    ),
    # The deal
    "deal.first-dealer-any": lambda rs: "Anyone may deal first.",
    "deal.first-dealer-low-card-chooses": lambda rs: (
        "For the first deal, spread the pack face down and let each player draw a card: the "
        "one who draws the lowest chooses whether to deal or to be eldest hand."
    ),
    "deal.packets-3-3-4-4": lambda rs: _deal_words(rs),
    "deal.packets-4-3-3-4": lambda rs: _deal_words(rs),
    "deal.gamerules-packets": lambda rs: _deal_words(rs),
    "deal.singly-slough-1-4-8": lambda rs: (
        _deal_words(rs) + " This widow is called the **slough**."
    ),
    "deal.rotation-left": lambda rs: "After each deal, the player on the dealer's left deals next.",
    "deal.actions-by-phase": lambda rs: (
        "Each thing is done in its turn: first the bidding, then the widow and trump, then "
        "the play. Nobody plays a card while the bidding is on, and nothing more is done "
        "once the deal is over."
    ),
    # The auction
    "auction.contracts-frog-chico-grand": lambda rs: _contracts_words(rs),
    "auction.contracts-without-frog": lambda rs: _contracts_words(rs) + " There is no Frog.",
    "auction.contract-order": lambda rs: _order_words(rs),
    "auction.overbid-to-raise": lambda rs: (
        "Starting with eldest and going clockwise, each active player either **passes** or "
        "**bids** a game higher than any bid so far (the first bid may be any of the games). "
        "The bidding goes round and round, and ends as soon as all but one have passed: the "
        "last bidder does not speak again. You cannot raise your own bid, but once someone "
        "outbids you, you may bid higher again when your turn comes."
    ),
    "auction.one-round-frog-may-raise": lambda rs: (
        "Starting with eldest and going clockwise, each active player speaks once: he "
        "**passes** or **bids** a game higher than any bid so far. One exception: if your "
        f"Frog is outbid by a {contract_name(rs, Contract.CHICO)}, you may at once raise to "
        f"{contract_name(rs, Contract.GRAND)}, or else pass."
        if Contract.FROG in rs.rules.contracts()
        else "Starting with eldest and going clockwise, each active player speaks once: he "
        "**passes** or **bids** a game higher than any bid so far."
    ),
    "auction.one-bid-each": lambda rs: (
        "Starting with eldest and going clockwise, each active player speaks once: he "
        "**passes** or **bids** a game higher than any bid so far. There is no second round."
    ),
    "auction.pass-is-final": lambda rs: "Once you pass, you take no further part in the bidding.",
    "auction.highest-bid-wins": lambda rs: (
        "The player with the highest bid is the **bidder**. He plays alone; the other two "
        "active players play together against him."
    ),
    "auction.bidder-plays-named-game": lambda rs: (
        "The bidder plays exactly the game he bid, no lower and no higher."
    ),
    "auction.all-pass": lambda rs: (
        "If everyone passes, nobody plays this deal: nothing is paid, and the next player deals."
    ),
    # The widow
    "widow.frog-shown": lambda rs: (
        "In a Frog, the bidder first turns the widow face up for everyone to see, then picks it up."
    ),
    "widow.frog-hidden": lambda rs: (
        "In a Frog, the bidder picks up the widow without showing it to anyone."
    ),
    "widow.hidden-when-unsaid": lambda rs: (
        "In a Frog, the bidder picks up the widow without showing it to anyone."
    ),
    "widow.frog-take-and-discard": lambda rs: (
        f"With the {_number_word(_hand_size(rs)[1])} widow cards in his hand, the Frog bidder "
        f"**lays away** any three cards face down, to hold {_hand_size(rs)[0]} again. The "
        "cards laid away count for him at the end; then the play begins."
    ),
    "widow.untouched-in-chico-and-grand": lambda rs: (
        "In "
        + _or_list([contract_name(rs, c) for c in rs.rules.contracts() if not exchanges_widow(c)])
        + ", nobody touches the widow until the play is over; its points still count for "
        "the bidder."
    ),
    # Trump
    "trump.hearts-in-frog-and-grand": lambda rs: (
        f"In {_or_list([contract_name(rs, c) for c in rs.rules.contracts() if fixed_trump(c)], 'and')}"
        ", hearts are trumps. A **trump** beats any card of another suit."
    ),
    "trump.chico-not-hearts": lambda rs: _chico_words(rs),
    "trump.chico-any-suit": lambda rs: _chico_words(rs),
    # The play
    "play.eldest-leads-first": lambda rs: "Eldest hand **leads** to the first trick.",
    "play.lead-any-card": lambda rs: "The leader may lead any card he likes, face up.",
    "play.card-from-hand": lambda rs: (
        "Then each of the other two active players, clockwise, plays one card from his hand "
        "to it. The three cards are a **trick**."
    ),
    "play.follow-suit": lambda rs: (
        "If you hold a card of the suit led (the suit of the trick's first card), you must "
        "play one (**follow suit**)."
    ),
    "play.must-trump": lambda rs: (
        "If you hold none of the suit led, you must play a trump, if you hold one."
    ),
    "play.any-card-when-unable": lambda rs: "If you hold neither, play any card.",
    "play.no-duty-to-head": lambda rs: (
        "You never have to beat the cards already played: any card of the suit led will do."
    ),
    "play.no-duty-to-overtrump": lambda rs: (
        "When you must trump, any trump will do, even one lower than a trump already played."
    ),
    "play.trick-winner": lambda rs: (
        "The highest trump in the trick wins it; if it holds no trump, the highest card of "
        f"the suit led wins ({' '.join(RANKS_HIGH_TO_LOW)}). A card of any other suit "
        "never wins."
    ),
    "play.winner-leads-next": lambda rs: (
        "The winner of a trick keeps its cards face down in front of him and leads to the "
        "next trick."
    ),
    "play.eleven-tricks": lambda rs: f"Play all {tricks_per_deal()} tricks.",
    # The count
    "scoring.count-card-points": lambda rs: (
        "Each side counts the card points in the tricks it took."
    ),
    "scoring.widow-counts-for-bidder": lambda rs: (
        "The widow counts for the bidder: "
        + (
            "in a Frog the three cards he laid away; otherwise the untouched widow. "
            if Contract.FROG in rs.rules.contracts()
            else "turn it up and add its points to his. "
        )
        + f"Both sides together always hold {points_of(pack())}."
    ),
    "settlement.sixty-is-a-tie": lambda rs: (
        "The bidder wins if he has more than 60 card points, and loses if his opponents do. "
        "The **margin** is how far the winning side is over 60 (75 points wins by 15; 50 "
        "loses by 10, because the opponents have 70). At exactly 60, nobody pays."
    ),
    # Paying
    "settlement.rates-1-2-4": lambda rs: _rate_words(rs) + ".",
    "settlement.rates-1-2-3": lambda rs: _rate_words(rs) + ".",
    "settlement.rates-straight-1-2": lambda rs: _rate_words(rs) + ".",
    "settlement.fixed-25-50-75": lambda rs: _rate_words(rs) + ".",
    "settlement.coeur-dalene-fixed-ratio": lambda rs: (
        f"These amounts stand in the ratio 1 : 2 : 3 for a {contract_name(rs, Contract.FROG)}, "
        f"a {contract_name(rs, Contract.CHICO)} and a {contract_name(rs, Contract.GRAND)}: "
        "a table may play the same ratio at any stake."
    ),
    "settlement.coeur-dalene-penalty-frog": lambda rs: (
        f"**Penalty Frog**: a bidder who loses a {contract_name(rs, Contract.FROG)} pays each "
        f"player the fixed amount of a lost {contract_name(rs, Contract.GRAND)}."
    ),
    "settlement.coeur-dalene-loser-pays-same": lambda rs: (
        "A bidder who loses pays each player the same fixed amount he would have received."
    ),
    "settlement.sitting-out-receive-only": lambda rs: (
        "A winning bidder is paid by the two other active players. A losing bidder pays "
        "everyone else at the table, those sitting out included."
        if max(rs.rules.player_count()) > 3
        else "A winning bidder is paid by both other players; a losing bidder pays both."
    ),
    "settlement.sitting-out-pay-and-receive": lambda rs: (
        "Players sitting out pay a winning bidder and are paid by a losing one, just like "
        "the two active opponents."
    ),
    "settlement.sitting-out-pay-and-receive-solo-only": lambda rs: (
        "Players sitting out pay and are paid in a Simple or Heart Solo; in a Frog they are "
        "only paid, by a losing bidder."
    ),
    "settlement.default-system-receive-only": lambda rs: (
        "Unless you agree otherwise before play (see the options below), players sitting "
        "out only receive."
    ),
    "settlement.each-pays-in-full": lambda rs: (
        "Each player who settles with the bidder pays him, or is paid by him, the whole "
        "amount: it is not shared out among them. " + _example_payment(rs)
    ),
    "settlement.penalty-frog": lambda rs: (
        "**Penalty Frog**: a bidder who loses a Frog pays at the "
        f"{contract_name(rs, Contract.GRAND)} rate."
    ),
    # The end of the game
    "match.counters-no-bank": lambda rs: (
        f"Pay at once in {rs.unit}; nobody starts with a stake, and a player's score is "
        "simply what he has won or lost so far."
    ),
    "match.bank-150-points": lambda rs: (
        f"Each player starts with {rs.rules.bank()} {rs.unit}; payments move points between players."
    ),
    "match.bank-120-chips": lambda rs: (
        f"Each player starts with {rs.rules.bank()} {rs.unit}: eleven chips worth 10 and ten worth 1."
    ),
    "match.coeur-dalene-bank-in-cents": lambda rs: (
        f"Each player starts with {rs.rules.bank()} {rs.unit}: the Solo or Slough bank of eleven 10s "
        "and ten 1s, counted in cents."
    ),
    "match.no-fixed-end": lambda rs: (
        "The rules set no end: stop when you like, and a score may go below zero."
    ),
    "match.first-unable-to-pay-loses": lambda rs: (
        "The first player who cannot pay what he owes loses, and the game is over."
    ),
    "match.unable-to-pay-order": lambda rs: (
        "You cannot pay when you owe more in one settlement than you hold. If several cannot, "
        "the first of them counting clockwise from the bidder (the bidder himself first) loses."
    ),
    "match.unable-to-pay-pays-in-full": lambda rs: (
        "That last settlement still counts in full: the player who cannot pay ends below "
        f"zero by the {rs.unit} he could not pay, and the others are credited all they are "
        "owed."
    ),
}

#: The stage of a deal (a key of :data:`SECTIONS`) each part of the game is played in.
STAGE_OF_TOPIC: dict[str, str] = {
    "seats": "seats",
    "cards": "cards",
    "deal": "deal",
    "auction": "auction",
    "widow": "widow",
    "trump": "trump",
    "play": "play",
    "scoring": "count",
    "settlement": "paying",
    "match": "end",
}
# The rules whose step belongs to another stage than their topic's.
_STAGE_EXCEPTIONS = {
    "settlement.sixty-is-a-tie": "count",
    "deal.rotation-left": "end",
    "deal.actions-by-phase": "auction",
    "auction.all-pass": "auction",
}
# Within a stage, the steps go in the order a table meets them; rules not listed follow.
_ORDER = [
    "seats.players-3",
    "seats.players-3-to-5",
    "seats.players-3-to-7",
    "seats.active-foster",
    "seats.active-six-or-seven",
    "seats.eldest-hand",
    "cards.pack",
    "cards.rank-order",
    "cards.points",
    "deal.first-dealer-any",
    "deal.first-dealer-low-card-chooses",
    "deal.actions-by-phase",
    "auction.contracts-frog-chico-grand",
    "auction.contracts-without-frog",
    "auction.contract-order",
    "auction.overbid-to-raise",
    "auction.one-round-frog-may-raise",
    "auction.one-bid-each",
    "auction.pass-is-final",
    "auction.highest-bid-wins",
    "auction.bidder-plays-named-game",
    "auction.all-pass",
    "widow.frog-shown",
    "widow.frog-hidden",
    "widow.hidden-when-unsaid",
    "widow.frog-take-and-discard",
    "widow.untouched-in-chico-and-grand",
    "trump.hearts-in-frog-and-grand",
    "play.eldest-leads-first",
    "play.lead-any-card",
    "play.card-from-hand",
    "play.follow-suit",
    "play.must-trump",
    "play.any-card-when-unable",
    "play.no-duty-to-head",
    "play.no-duty-to-overtrump",
    "play.trick-winner",
    "play.winner-leads-next",
    "play.eleven-tricks",
    "scoring.count-card-points",
    "scoring.widow-counts-for-bidder",
    "settlement.sixty-is-a-tie",
    "settlement.rates-1-2-4",
    "settlement.rates-1-2-3",
    "settlement.rates-straight-1-2",
    "settlement.fixed-25-50-75",
    "settlement.coeur-dalene-fixed-ratio",
    "settlement.coeur-dalene-loser-pays-same",
    "settlement.sitting-out-receive-only",
    "settlement.default-system-receive-only",
    "settlement.each-pays-in-full",
]


def _players_words(rs: Ruleset) -> str:
    counts = [_number_word(n) for n in rs.rules.player_count()]
    return (
        f"{_or_list(counts).capitalize()} people can play, but only three take part in each deal."
    )


def _active_words(rs: Ruleset) -> str:
    if max(rs.rules.player_count()) == 3:
        return "All three play in every deal: they are the **active** players."
    return (
        "The three who take part in a deal are the **active** players: the two on the "
        "dealer's left and the one on his right. The others **sit out** that deal: "
        + "; ".join(_active_in_words(rs))
        + "."
    )


def _deal_words(rs: Ruleset) -> str:
    hand, widow = _hand_size(rs)
    return (
        f"Shuffle. The dealer deals from the top of the pack to the active players only, "
        f"clockwise from eldest (the dealer, when he plays, is served last): "
        f"{deal_in_words(rs.rules.deal_pattern())}.{_packets_note(rs)} The widow's cards lie face "
        f"down in the middle of the table. Each active player now holds {hand} cards, and the "
        f"**widow** {widow}."
    )


def _packets_note(rs: Ruleset) -> str:
    # A reader who had never dealt in packets asked whether "3 to each" meant three rounds
    # of one card: it does not.
    pattern = rs.rules.deal_pattern()
    if all(a != b for a, b in pairwise(pattern)):
        return ""
    return (
        " A packet goes to one player in one go (all its cards together, from the top of "
        "the pack), then the next packet to the next player."
    )


def _contracts_words(rs: Ruleset) -> str:
    games = [
        f"**{contract_name(rs, c)}** ({_contract_meaning(rs, c)})" for c in rs.rules.contracts()
    ]
    # Trumps are named here before their own section explains them: say what they are.
    return (
        f"A bid names one of {_number_word(len(games))} games, from lowest to highest: "
        + "; ".join(games)
        + ". The game decides the **trumps**: a suit whose every card beats any card of the "
        "other suits (more under Trump, below)."
    )


def _order_words(rs: Ruleset) -> str:
    names = [contract_name(rs, c) for c in rs.rules.contracts()]
    pairs = [f"{high} outbids {low}" for low, high in pairwise(names)]
    text = (
        f"{_or_list(pairs, 'and')}. {names[-1]} is the highest bid: once it is bid, the "
        "bidding is over."
    )
    winning = [settle(rs, 3, 0, 1, c, 80)[1] for c in rs.rules.contracts()]
    if winning == sorted(set(winning)):  # each game pays more than the one below it
        text += " A higher game pays more (see Paying)."
    return text


def _chico_words(rs: Ruleset) -> str:
    suits = [s.name.lower() for s in rs.rules.chico_trump()]
    which = "any suit" if len(suits) == 4 else _or_list(suits) + " (not hearts)"
    return (
        f"In a {contract_name(rs, Contract.CHICO)}, the bidder names trumps once the bidding "
        f"is over, before the first lead: {which}."
    )


# ---------------------------------------------------------------------------- the sections


def _stage(rule_id: str) -> str:
    return _STAGE_EXCEPTIONS.get(rule_id) or STAGE_OF_TOPIC[rule_id.split(".", 1)[0]]


def _option_rule_ids(rs: Ruleset) -> dict[str, str]:
    """The rules only an option brings in (not the default), with the option's name."""
    found: dict[str, str] = {}
    values = rs.option_values
    for opt in rs.options:
        for value, fn in opt.choices.items():
            entry = rule_for_function(fn) if fn is not None else None
            if entry is not None and value != values[opt.name]:
                found[entry.id] = opt.name
    return found


def sections_of(ruleset: Ruleset | str) -> list[Section]:
    """The stages of a deal under ``ruleset``, each with its numbered steps.

    Every rule the ruleset uses is the subject of exactly one step, or of one line of the
    options the table may agree on; :class:`UnexplainedRuleError` names any that is not.
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    used = [r.id for r in rules_of(rs)]
    missing = [rid for rid in used if rid not in PLAIN]
    if missing:
        raise UnexplainedRuleError(
            f"{rs.id}: no plain words for {', '.join(missing)}: add them to "
            "frogspec.site.learn.PLAIN"
        )
    optional = _option_rule_ids(rs)
    order = {rid: i for i, rid in enumerate(_ORDER)}
    by_stage: dict[str, list[str]] = {key: [] for key in SECTIONS}
    for rid in used:
        if rid not in optional:
            by_stage[_stage(rid)].append(rid)
    sections: list[Section] = []
    for key, title in SECTIONS.items():
        ids = sorted(by_stage[key], key=lambda rid: (order.get(rid, len(order)), rid))
        steps = tuple(LessonStep(PLAIN[rid](rs), (rid,)) for rid in ids)
        extra = _card_table() if key == "cards" else ""
        options = tuple(
            (LessonStep(PLAIN[rid](rs), (rid,)), name)
            for rid, name in optional.items()
            if _stage(rid) == key
        )
        sections.append(Section(key, title, steps, extra, options))
    return sections


def _card_table() -> str:
    suits = DISPLAY_SUITS
    rows = [
        "| Rank | The cards | Card points |",
        "| --- | --- | ---: |",
    ]
    for rank in RANKS_HIGH_TO_LOW:
        cards = "".join(card_html(make_card(rank, s)) for s in suits)
        points = card_points(make_card(rank, suits[0]))
        rows.append(f'| {rank} | <span class="fs-hand">{cards}</span> | {points} |')
    rows.append(f"| | Whole pack | {points_of(pack())} |")
    return "Highest first, every suit alike:\n\n" + "\n".join(rows)


# ---------------------------------------------------------------------------- the pages


def how_to_play_path(ruleset_id: str) -> str:
    """The path under ``docs/`` of a ruleset's how-to-play page."""
    return f"learn/{ruleset_id}.md"


def card_page_path(ruleset_id: str) -> str:
    """The path under ``docs/`` of a ruleset's printable rules card."""
    return f"learn/card-{ruleset_id}.md"


_SHORT_NAMES = {
    "foster-1909": "Foster's rules",
    "hoyle-1907": "Foster's text under the 1907 Hoyle's title",
    "modern": "the modern rules",
    "official-1922-solo": "the 1922 Solo or Slough rules",
    "official-1922-straight": "the 1922 Straight Solo rules",
    "official-1922-coeur-dalene": "the 1922 Coeur d'Alene rules",
    "gamerules": "the modern web page's rules",
}


def _title_of(ruleset_id: str) -> str:
    """The how-to-play page's title: "Play Frog by Foster's rules"."""
    name = _SHORT_NAMES.get(ruleset_id, RULESETS[ruleset_id].name)
    return f"Play Frog by {name}"


def _ref(rule_id: str, page: str) -> str:
    entry = get_rule(rule_id)
    target = relative(page, f"rules/{entry.topic}.md", entry.anchor)
    return f'[{entry.id}]({target}){{ .fs-ruleref title="The rule this step follows" }}'


#: What the marks mean, said once on each page that uses them.
_MARKS_LEGEND = marks_legend("step")


def _step_line(step: LessonStep, page: str) -> str:
    marks = kind_marks(step.rules)
    refs = " ".join(_ref(rid, page) for rid in step.rules)
    return " ".join(part for part in (step.text, marks, refs) if part)


def _steps_markdown(section: Section, page: str) -> list[str]:
    out = []
    for n, step in enumerate(section.steps, 1):
        out.append(f"{n}. {_step_line(step, page)}")
    if section.optional:
        out += ["", "Before play, the table may agree on these instead:", ""]
        for step, option in section.optional:
            out.append(f"- {_step_line(step, page)} (option `{option}`)")
    return out


#: Short names of every rival reading, for the box of differences.
SHORT: dict[str, str] = {
    "seats.players-3": "exactly three players",
    "seats.players-3-to-5": "three to five players",
    "seats.players-3-to-7": "three to seven players",
    "seats.active-foster": "the two on the dealer's left and the one on his right (up to five "
    "at the table)",
    "seats.active-six-or-seven": "the two on the dealer's left and the one on his right (up to "
    "seven at the table)",
    "deal.first-dealer-any": "anyone deals first",
    "deal.first-dealer-low-card-chooses": "the lowest card drawn chooses who deals first",
    "deal.packets-3-3-4-4": "dealt 3-(3)-4-4",
    "deal.packets-4-3-3-4": "dealt 4-(3)-3-4",
    "deal.gamerules-packets": "dealt 4-(3)-3-4",
    "deal.singly-slough-1-4-8": "dealt one at a time, with a slough",
    "auction.contracts-frog-chico-grand": "Frog, Chico and Grand",
    "auction.contracts-without-frog": "no Frog",
    "auction.overbid-to-raise": "bidding round and round",
    "auction.one-round-frog-may-raise": "one round, a Frog may raise to Grand",
    "auction.one-bid-each": "one bid each",
    "widow.frog-shown": "widow shown in a Frog",
    "widow.frog-hidden": "widow not shown",
    "widow.hidden-when-unsaid": "widow not shown",
    "trump.chico-not-hearts": "Chico trumps: not hearts",
    "trump.chico-any-suit": "Chico trumps: any suit",
    "settlement.rates-1-2-4": "points paid 1, 2, 4",
    "settlement.rates-1-2-3": "points paid 1, 2, 3",
    "settlement.rates-straight-1-2": "points paid 1, 2",
    "settlement.fixed-25-50-75": "fixed payments 25¢, 50¢, 75¢",
    "settlement.sitting-out-receive-only": "players sitting out only receive",
    "settlement.sitting-out-pay-and-receive": "players sitting out pay and receive",
    "settlement.sitting-out-pay-and-receive-solo-only": "sitting out: pay and receive in a Solo",
    "match.counters-no-bank": "no bank",
    "match.bank-120-chips": "a bank of 120 chips",
    "match.bank-150-points": "150 points each",
    "match.coeur-dalene-bank-in-cents": "a bank of 120 cents",
    "match.no-fixed-end": "no set end",
    "match.first-unable-to-pay-loses": "ends when a player cannot pay",
}


def _reading_differences(
    ruleset: Ruleset | str,
) -> list[tuple[Question, str, list[tuple[str, list[str]]]]]:
    """Where a ruleset differs from the others: for each question on which the rulesets
    do not all agree, this ruleset's reading and every other reading with who uses it."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    found = []
    for key in Question:
        mine = rs.rule_id(key)
        others: dict[str, list[str]] = {}
        for other in RULESETS.values():
            if other.id == rs.id:
                continue
            others.setdefault(other.rule_id(key), []).append(other.id)
        rivals = [(rid, ids) for rid, ids in others.items() if rid != mine]
        if rivals:
            found.append((key, mine, rivals))
    return found


def _differences_box(rs: Ruleset, page: str) -> str:
    # Every reading in this ruleset's words: on a 1922 page, Simple Solo and Heart Solo.
    def short(rule_id: str) -> str:
        marks = kind_marks([rule_id])
        return escape(own_words(rs, SHORT[rule_id])) + (f" {marks}" if marks else "")

    lines = []
    for key, mine, rivals in _reading_differences(rs):
        rival_text = "; ".join(f"{short(rid)} ({', '.join(ids)})" for rid, ids in rivals)
        moot = rs.moot_reason(mine)
        here = (
            f"does not arise ({escape(moot.rstrip('.'))})"
            if moot is not None
            else f"{short(mine)} {_ref(mine, page)}"
        )
        question = escape(own_words(rs, key.text))
        lines.append(f"- **{question}** Here: {here}. Elsewhere: {rival_text}.")
    same = [
        other.id
        for other in RULESETS.values()
        if other.id != rs.id and all(other.rule_id(q) == rs.rule_id(q) for q in Question)
    ]
    if same:
        lines.append(
            f"- It plays exactly as {', '.join(f'`{s}`' for s in same)}: the two differ only "
            "in the sources they rest on."
        )
    return admonition("tip", "What this ruleset does differently from the others", "\n".join(lines))


def recommendation(page: str) -> str:
    """The labelled editorial recommendation: which ruleset to play, and why."""
    rs = RULESETS[RECOMMENDED]
    name = _SHORT_NAMES[rs.id]
    here = page == how_to_play_path(rs.id)
    what = name if here else f"[{name}]({relative(page, how_to_play_path(rs.id))})"
    players = _or_list([_number_word(n) for n in rs.rules.player_count()])
    body = (
        f"If you just want to play, play {what} (`{rs.id}`)"
        + (", the rules on this page" if here else "")
        + ". Foster's text of 1909 is the one full rulebook of Frog we hold, and "
        "every quotation from it is checked word for word; his rules are the ones the later "
        "sources change, so once you know them every other ruleset is a short list of "
        f"differences. It needs only a pack of cards and something to count {rs.unit} with, "
        f"and it plays with {players} at the table."
    )
    return admonition("success", "Our recommendation (editorial)", body)


def how_to_play_page(ruleset: Ruleset | str) -> str:
    """The how-to-play page of one ruleset: every step of a deal, each linked to its rule."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    page = how_to_play_path(rs.id)
    out = [
        f"# {_title_of(rs.id)}",
        "",
        _in_short(rs) + " This page is the whole game as "
        f"[{escape(rs.name)}]({relative(page, f'rulesets/{rs.id}.md')}) plays it, in the "
        "order a table plays it. Each step ends with the id of the rule it follows: click it "
        "for the sources' own words. A word underlined with dots is explained when you point "
        f"at it, and in the [glossary]({relative(page, 'glossary.md')}). " + _MARKS_LEGEND,
        "",
        f"Print it: [the rules card]({relative(page, card_page_path(rs.id))}) fits on the two "
        "sides of one sheet.",
        "",
    ]
    if rs.id == RECOMMENDED:
        out.append(recommendation(page))
    else:
        out.append(
            admonition(
                "success",
                "Our recommendation (editorial)",
                f"If you just want to play, we recommend "
                f"[{_title_of(RECOMMENDED)[len('Play Frog by ') :]}]"
                f"({relative(page, how_to_play_path(RECOMMENDED))}): "
                f"[why]({relative(page, 'learn/index.md', 'which-rules-to-play')}).",
            )
        )
    for number, section in enumerate(sections_of(rs), 1):
        if not section.steps and not section.extra:
            continue
        out += [f"## {number}. {section.title} {{ #{section.key} }}", ""]
        out += _steps_markdown(section, page)
        out.append("")
        if section.extra:
            out += [section.extra, ""]
    out.append(_differences_box(rs, page))
    out.append(UNRULED)
    out += [
        "## Then",
        "",
        "The next deal: the player on the dealer's left shuffles and deals "
        f"({_dealing_step(rs)}), and the game goes on as above. To see whole deals played out "
        f"card by card, read the [deals to read]({relative(page, 'deals/index.md')}); for the "
        f"words used here, the [glossary]({relative(page, 'glossary.md')}).",
        "",
    ]
    return "\n".join(out)


#: What the sources leave unsaid, said plainly, and the page's one ruling on it labelled.
UNRULED = admonition(
    "note",
    "Mistakes at the table: no rule in our sources",
    "The sources we hold give no rule for a **revoke** (a card played against the rules of "
    "the play), a **misdeal** or an **exposed card**, and this page invents none. "
    "*Editorial ruling:* agree before you play what you will do about them. On the Play page "
    "the engine refuses a card against the rules, so a revoke cannot happen there.",
)


def _dealing_step(rs: Ruleset) -> str:
    # The step that deals the cards, by its number and its section's, as the page numbers
    # them ("step 2 of the deal" was read as section 2); both move with the rules before.
    shown = [s for s in sections_of(rs) if s.steps or s.extra]
    number, deal = next((n, s) for n, s in enumerate(shown, 1) if s.key == "deal")
    dealing = rs.rule_id(Question.DEAL_PATTERN)
    step = next(n for n, step in enumerate(deal.steps, 1) if dealing in step.rules)
    return f"step {step} of section {number}, [The deal](#deal)"


def _in_short(rs: Ruleset) -> str:
    hand, widow = _hand_size(rs)
    games = _or_list([contract_name(rs, c) for c in rs.rules.contracts()])
    return (
        f"Frog is a card game for three active players. Each deal, one player, the "
        f"**bidder**, plays alone against the other two: he bids for the right to choose the "
        f"game ({games}), then tries to take more than half of the {points_of(pack())} card "
        f"points in the tricks. Each active player holds {hand} cards; {widow} more form the "
        "**widow**."
    )


#: The words a rules card explains, where its steps use them (from the one glossary).
CARD_WORDS = (
    "eldest hand", "widow", "slough", "bidder", "trump", "lead", "trick", "follow suit",
    "lay away", "margin", "sit out",
)  # fmt: skip


def _card_words(text: str, rs: Ruleset) -> str:
    lines = []
    for name in CARD_WORDS:
        entry = term(name)
        if any(
            re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text, re.I) for s in entry.spellings
        ):
            # The glossary speaks Foster's names; a 1922 card speaks its own.
            definition = own_words(rs, entry.definition)
            marks = f" {entry.marks}" if entry.marks else ""
            lines.append(f"**{escape(entry.name)}**: {escape(definition)}{marks}")
    return " · ".join(lines)


def rules_card_page(ruleset: Ruleset | str) -> str:
    """The printable rules card of one ruleset: the same steps, compact, for two sides."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    page = card_page_path(rs.id)
    out = [
        "---",
        "hide:",
        "  - navigation",
        "  - toc",
        "---",
        "",
        f"# {_title_of(rs.id)}: rules card",
        "",
        f"The rules of [{escape(rs.name)}]({relative(page, how_to_play_path(rs.id))}) on two sides "
        "of paper; print this page. Each step names its rule in the rulebook. " + _MARKS_LEGEND,
        "",
        '<div class="fs-rulescard" markdown>',
        "",
        _in_short(rs),
        "",
    ]
    steps: list[str] = []
    for number, section in enumerate(sections_of(rs), 1):
        if not section.steps:
            continue
        steps += [f"### {number}. {section.title}", ""]
        steps += _steps_markdown(section, page)
        steps.append("")
    out += steps
    # The example of how to look a rule up: the card's first.
    first_rule = next(
        rule_id for section in sections_of(rs) for step in section.steps for rule_id in step.rules
    )
    out += [
        f"**Words.** {_card_words(chr(10).join(steps), rs)}",
        "",
        _card_lookup(first_rule),
        "",
        "</div>",
        "",
    ]
    return "\n".join(out)


def _card_lookup(rule_id: str) -> str:
    """How a reader holding the printed card finds a rule from the id after a step: its
    address on the rulebook when the site's is known (``FROGSPEC_SITE_URL``), else where it
    stands in the rulebook; and ``frogspec rule``. The example is ``rule_id``; any id reads
    the same way, so the card prints the address once, not after every step.

    >>> print(_card_lookup("play.follow-suit"))  # doctest: +NORMALIZE_WHITESPACE
    **Looking a rule up.** The id after a step names the rule it follows. The rule
    `play.follow-suit`, with its sources' words, is in the rulebook under Rules › The play,
    the page the part before the dot names, at the heading of the id;
    `frogspec rule play.follow-suit` prints it.
    """
    entry = get_rule(rule_id)
    address = rule_url(entry)
    if address is not None:
        where = (
            f"is at {address}: for any other id, the page is the part before the dot and the "
            "place on it the whole id with a hyphen for the dot"
        )
    else:
        where = (
            f"is in the rulebook under Rules › {TOPICS[entry.topic]}, the page the part "
            "before the dot names, at the heading of the id"
        )
    return (
        f"**Looking a rule up.** The id after a step names the rule it follows. The rule "
        f"`{entry.id}`, with its sources' words, {where}; `frogspec rule {entry.id}` prints it."
    )


#: The rules each ruleset's summary (:attr:`~frogspec.rulesets.Ruleset.summary`) states:
#: where one is a ruling or a reading, the summary carries its mark wherever it is printed.
SUMMARY_STATES: dict[str, tuple[str, ...]] = {
    "foster-1909": (
        "seats.players-3-to-5",
        "deal.packets-3-3-4-4",
        "widow.frog-shown",
        "settlement.rates-1-2-4",
    ),
    "hoyle-1907": (),
    "modern": ("deal.packets-4-3-3-4", "widow.frog-hidden", "auction.one-round-frog-may-raise"),
    "official-1922-solo": (
        "seats.players-3-to-7",
        "deal.singly-slough-1-4-8",
        "settlement.rates-1-2-3",
        "match.bank-120-chips",
        "match.first-unable-to-pay-loses",
    ),
    "official-1922-straight": ("auction.contracts-without-frog", "settlement.rates-straight-1-2"),
    "official-1922-coeur-dalene": (
        "settlement.coeur-dalene-fixed-ratio",
        "settlement.fixed-25-50-75",
        "match.coeur-dalene-bank-in-cents",
        "settlement.coeur-dalene-penalty-frog",
        "settlement.coeur-dalene-loser-pays-same",
        "match.first-unable-to-pay-loses",
    ),
    "gamerules": (
        "seats.players-3",
        "match.bank-150-points",
        "auction.one-bid-each",
        "settlement.rates-1-2-3",
    ),
}


def summary_line(ruleset: Ruleset | str) -> str:
    """A ruleset's summary as printed: escaped, with the marks of the rulings and readings
    it states (:data:`SUMMARY_STATES`).

    >>> summary_line("gamerules").endswith("Grand ×3. **[reading]**")
    True
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    marks = kind_marks(SUMMARY_STATES[rs.id])
    return " ".join(part for part in (escape(rs.summary), marks) if part)


def play_page_marks() -> str:
    """For the Play page: the marks each ruleset's summary carries in print, as the JSON its
    script reads (``#fp-summary-marks``), then what the marks mean.

    >>> print(play_page_marks().splitlines()[0][:67])
    <script type="application/json" id="fp-summary-marks">{"modern": "[
    """
    every = {rs_id: kind_marks(SUMMARY_STATES[rs_id], plain=True) for rs_id in RULESETS}
    marks = {rs_id: mark for rs_id, mark in every.items() if mark}
    data = json.dumps(marks, ensure_ascii=False).replace("</", "<\\/")
    return (
        f'<script type="application/json" id="fp-summary-marks">{data}</script>\n\n'
        + marks_legend("summary")
        + "\n"
    )


def learn_index_page() -> str:
    """The Learn section's front page: which rules to play, and a page per ruleset."""
    page = "learn/index.md"
    out = [
        "# Learn to play",
        "",
        "Frog is a trick-taking card game for three active players with a "
        f"{len(list(cards_of(pack())))}-card pack. Each deal one player, the bidder, plays "
        "alone against the other two and tries to take more than half of the "
        f"{points_of(pack())} card points. It takes a few minutes to learn and one deal to "
        "play.",
        "",
        "## Which rules to play { #which-rules-to-play }",
        "",
        recommendation(page),
        "## How to play, ruleset by ruleset",
        "",
        "Each page is the whole game under one ruleset, step by step in the order a table "
        "plays, made from the rules the reference engine uses; each has a rules card to "
        "print. " + marks_legend("summary"),
        "",
        "| How to play | Rules card | In short |",
        "| --- | --- | --- |",
    ]
    for rs in RULESETS.values():
        out.append(
            f"| [{escape(_title_of(rs.id))}]({relative(page, how_to_play_path(rs.id))}) | "
            f"[print]({relative(page, card_page_path(rs.id))}) | {summary_line(rs)} |"
        )
    out += [
        "",
        "## Deals to read",
        "",
        f"[Deals to read]({relative(page, 'deals/index.md')}) plays four whole deals card by "
        "card (a Frog, a Chico, a Grand at five, a 1922 Solo), with the rule behind each step.",
        "",
        "## Words",
        "",
        f"Eldest hand, widow, lay away, head the trick: the [glossary]"
        f"({relative(page, 'glossary.md')}) defines every word of the game once, with the "
        "source that uses it. On every page of the rulebook, a dotted word is explained when "
        "you point at it.",
        "",
    ]
    return "\n".join(out)


def rule_ids_explained(sections: Iterable[Section]) -> set[str]:
    """The ids of every rule the steps (and the optional steps) of ``sections`` rest on."""
    steps = [step for section in sections for step in section.steps]
    steps += [step for section in sections for step, _ in section.optional]
    return {rid for step in steps for rid in step.rules}
