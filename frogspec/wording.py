"""What each sourced statement says beyond its quotes: the words it adds, and why.

A sourced rule's statement should restate its quotes. :func:`added_words` lists the
content words of a statement that none of the rule's quotes contain (after folding case,
plural and tense endings, a few irregular forms, number words and card letters).
:data:`ACCEPTED` is the reviewed table: every listed word must appear there, for that rule
or for every rule, with its reason and its kind:

- ``"term"``: the rulebook's fixed word for what the quotes say in their own words
  (*eldest*, *active*, *bidder*, the contract names);
- ``"paraphrase"``: the same sense in other words (*need not beat* for *not obliged to head*);
- ``"reading"``: the statement adds something the quotes do not say; the rule then carries
  a ``reading`` that says what it adds and why, shown on its page with the *reading* badge.

Each source is judged on its own quotes: a word one source's quote contains does not cover
another's statement. A table key is a rule id (the word is accepted whichever of the rule's
sources lacks it, for the reason given), ``"rule.id@source-key"`` (accepted for that source
only) or ``"*"`` (every rule).

>>> from frogspec.registry import get_rule
>>> added_words(get_rule("play.must-trump"), "wikipedia-frog")
('cannot', 'holds', 'play', 'player', 'suit')
>>> acceptance(get_rule("play.must-trump"), "cannot", "wikipedia-frog").reason
"'if unable to follow'"
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Literal

from frogspec.registry import Rule

__all__ = [
    "ACCEPTED",
    "Acceptance",
    "acceptance",
    "accepted_words_table",
    "added_words",
    "attributed_sources",
    "content_words",
]

AcceptanceKind = Literal["term", "paraphrase", "reading"]

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "and",
        "or",
        "is",
        "are",
        "be",
        "by",
        "for",
        "with",
        "as",
        "at",
        "it",
        "its",
        "his",
        "he",
        "him",
        "that",
        "this",
        "which",
        "who",
        "if",
        "not",
        "no",
        "from",
        "each",
        "one",
        "their",
        "they",
        "them",
        "any",
        "all",
        "but",
        "has",
        "have",
        "was",
        "were",
        "than",
        "then",
        "there",
        "so",
        "do",
        "does",
        "must",
        "may",
        "can",
        "only",
        "same",
        "other",
    ]
)
_IRREGULAR = {
    "took": "take", "taken": "take", "lost": "lose", "won": "win", "dealt": "deal",
    "paid": "pay", "chose": "choose", "led": "lead", "three": "3", "two": "2", "four": "4",
    "ten": "10", "eleven": "11", "seven": "7", "eight": "8", "nine": "9", "six": "6",
    "eleventh": "11", "ace": "a", "king": "k", "queen": "q", "jack": "j",
}  # fmt: skip


def _fold(word: str) -> str:
    word = _IRREGULAR.get(word, word)
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return _IRREGULAR.get(word, word)


def content_words(text: str) -> list[str]:
    """The words of ``text`` that carry content, lower-cased, in order.

    >>> content_words("A player who cannot follow suit must play a trump.")
    ['player', 'cannot', 'follow', 'suit', 'play', 'trump']
    """
    text = text.lower().replace("’", "'").replace("thirty-six", "36")
    words = re.findall(r"[a-z0-9']+", text)
    return [w for w in words if w not in _STOP]


def attributed_sources(entry: Rule) -> tuple[str, ...]:
    """The keys of the sources a sourced rule is attributed to: each whose citation states it
    (not only its context), in the order of the citations.

    >>> from frogspec.registry import get_rule
    >>> attributed_sources(get_rule("seats.players-3-to-7"))
    ('official-rules-1922',)
    """
    keys: list[str] = []
    for citation in entry.citations:
        if citation.quote is not None and not citation.context and citation.source.key not in keys:
            keys.append(citation.source.key)
    return tuple(keys)


def added_words(entry: Rule, source: str) -> tuple[str, ...]:
    """The content words of a rule's statement that none of the quotes of ``source`` (a
    source key) contain, sorted. Another source's quotes never cover them: each source is
    credited only with what its own words say.

    >>> from frogspec.registry import get_rule
    >>> added_words(get_rule("play.must-trump"), "foster-1909")
    ('holds',)
    """
    quoted = {
        _fold(w)
        for c in entry.citations
        if c.source.key == source
        for w in content_words(c.quote or "")
    }
    return tuple(sorted({w for w in content_words(entry.statement) if _fold(w) not in quoted}))


@dataclass(frozen=True, slots=True)
class Acceptance:
    """Why a statement may use a word its quotes do not: its kind and the reason."""

    kind: AcceptanceKind
    reason: str


def _t(reason: str) -> Acceptance:
    return Acceptance("term", reason)


def _p(reason: str) -> Acceptance:
    return Acceptance("paraphrase", reason)


def _r(reason: str) -> Acceptance:
    return Acceptance("reading", reason)


_ELDEST = _t(
    "the rulebook's name for the first active seat on the dealer's left (seats.eldest-hand)"
)
_ACTIVE = _t("the rulebook's word for the three seats dealt cards (seats.active-foster)")
_BIDDER = _t("the rulebook's word for the single player, the auction's winner")
_CONTRACT = _t(
    "the contract names the rulebook uses throughout: Frog; Chico or Simple Solo; Grand or "
    "Heart Solo (the 1922 names beside the older ones)"
)
_SITTING_OUT = _t("the rulebook's words for the players dealt no cards ('non-active players')")

_RANKS_LEFT = _p(
    "the ranks left when the 2s to 5s are removed: the article's 'the 2s, 3s, 4s and 5s being "
    "removed', the page's 'the 5s and below are removed'"
)
_FOSTERS_PACK = _p(
    "Foster's thirty-six cards are those he ranks 'A 10 K Q J 9 8 7 6' (cards.rank-order): "
    "nine ranks in each of four suits"
)

_VALUE = _p("Foster's 'is worth'; the article's 'Value'; the page's 'values'")
_NOTHING = _p(
    "the ranks valued at nothing: the page's '0, 0, 0, and 0 points'; the article's table "
    "values only A 10 K Q J; Foster values only Aces, Tens, Kings, Queens and Jacks, which "
    "make his 120"
)

#: The reviewed table: for each rule id (or ``"*"`` for every rule), each accepted word.
ACCEPTED: dict[str, dict[str, Acceptance]] = {
    "*": {
        "active": _ACTIVE,
        "eldest": _ELDEST,
        "bidder": _BIDDER,
        "chico": _CONTRACT,
        "grand": _CONTRACT,
        "frog": _CONTRACT,
        "simple": _CONTRACT,
        "heart": _CONTRACT,
        "solo": _CONTRACT,
        "player": _p("the quotes' 'they', 'one', 'the others' named as what they are"),
        "players": _p("the quotes' 'they', 'the others' named as what they are"),
        "holds": _p(
            "holding a card that can be played restates the quotes' 'if possible', 'if they "
            "can', 'if able'"
        ),
        "sitting": _SITTING_OUT,
        "out": _SITTING_OUT,
    },
    "seats.active-foster": {
        "seats": _t("the rulebook's word for the places at the table"),
        "dealer's": _p("Foster's 'his left' and 'his right' are the dealer's"),
    },
    "seats.eldest-hand": {
        "bid": _p(
            "the page's 'The game is played clockwise' stands in its account of the play; its "
            "bidding too begins on the dealer's left: 'The player left of the dealer starts'"
        ),
        "first": _p(
            "'beginning with eldest hand to the left' (the article); 'The player left of the "
            "dealer starts' (the page)"
        ),
        "hand": _t("'eldest hand', the rulebook's term"),
        "seat": _t("the rulebook's word for a place at the table"),
        "seats": _t("the rulebook's word for the places at the table"),
    },
    "seats.players-3": {
        "exactly": _p("the page gives one number of players: 3"),
        "play": _p("'NUMBER OF PLAYERS: 3 players'"),
    },
    "seats.players-3-to-7@official-rules-1922": {
        "three": _r("'increased to seven' read as counting from three; see the reading"),
        "play": _p("the article's report: 'The number of possible players increased to seven'"),
    },
    "cards.pack": {
        "four": _p("the four suits of the pack the 2s to 5s are removed from"),
        "eight": _RANKS_LEFT,
        "nine": _RANKS_LEFT,
        "seven": _RANKS_LEFT,
        "ten": _RANKS_LEFT,
        "six": _RANKS_LEFT,
        "ace": _RANKS_LEFT,
        "jack": _RANKS_LEFT,
        "king": _RANKS_LEFT,
        "queen": _RANKS_LEFT,
    },
    "cards.points": {
        "count": _VALUE,
        "counts": _VALUE,
        "eights": _NOTHING,
        "nines": _NOTHING,
        "sevens": _NOTHING,
        "sixes": _NOTHING,
        "nothing": _NOTHING,
    },
    "cards.rank-order": {
        "every": _p("each source gives one order, for every suit: Foster's for 'the pack'"),
        "suit": _p("the order is that of the cards of each suit"),
        "highest": _p("the page's 'Ace (high)'; Foster's and the article's orders begin at A"),
        "lowest": _p("the page's '6 (low)'; Foster's and the article's orders end at 6"),
    },
    "deal.first-dealer-low-card-chooses": {
        "draws": _r("the summary does not say how the fanned cards give a lowest"),
        "chooses": _p("'chose', in the present tense"),
    },
    "deal.packets-3-3-4-4": {
        "gives": _p("Foster's 'are given'; the article's 'deals'"),
    },
    "deal.packets-4-3-3-4": {
        "gives": _p(
            "'deals', read in the article's notation 3-(3)-4-4, which it uses for Foster's deal"
        ),
        "widow": _p("the article's bracketed packet, as in its 3-(3)-4-4 for Foster's deal"),
    },
    "deal.singly-slough-1-4-8": {
        "time": _p("dealing one card at a time restates the article's 'Cards were dealt singly'"),
        "except": _p("the 1st, 4th and 8th cards 'going to the widow'"),
        "go": _p("'going to the widow'"),
    },
    "auction.bidder-plays-named-game": {
        "lower": _p("Foster's 'must play the game he names' excludes a lower game too"),
        "neither": _p("Foster's 'must play the game he names'"),
        "nor": _p("Foster's 'must play the game he names'"),
    },
    "auction.contracts-without-frog": {
        "straight": _t(
            "the 1922 variant's name, Straight Solo, which the quote's sentence describes"
        ),
    },
    "auction.highest-bid-wins": {
        "against": _p("'opposed to'"),
    },
    "auction.one-bid-each": {
        "higher": _p("'must increase the bid of the last player'"),
        "passes": _p("'or pass'"),
        "round": _r("'only one bid' read as one round; see the rule's reading"),
        "second": _r("'only one bid' read as no second round; see the rule's reading"),
    },
    "auction.one-round-frog-may-raise": {
        "else": _p("'otherwise must pass'"),
        "except": _p("'but a player who announced \"Frog\"'"),
        "higher": _p("'outbid': each bid above the last"),
        "once": _p("'immediately'"),
        "overbid": _p("'outbid'"),
        "passing": _p("'must pass'"),
        "turn": _p("'Beginning with eldest, players may pass or bid': each in turn from eldest"),
        "whose": _p("'a player who announced \"Frog\"'"),
    },
    "widow.frog-hidden": {
        "hand": _p("the Frog bidder's taking of the widow (widow.frog-take-and-discard)"),
        "into": _p("the Frog bidder's taking of the widow (widow.frog-take-and-discard)"),
        "takes": _p("the Frog bidder's taking of the widow (widow.frog-take-and-discard)"),
        "showing": _p("'not exposed'"),
        "without": _p("'not exposed'"),
    },
    "widow.frog-shown": {
        "see": _p("Foster's 'to show what it contained'; the article's 'exposes the widow'"),
        "before": _p(
            "Foster's 'and then takes the three cards into his hand'; the article's 'exposes "
            "the widow, picks it up'"
        ),
    },
    "widow.frog-take-and-discard": {
        "away": _p("Foster's 'discard'; the page's 'replace them with any three'"),
        "lays": _p("Foster's 'discard'; the page's 'replace them with any three'"),
        "back": _p(
            "Foster's 'to reduce his playing hand to eleven cards again'; the page's 'replace "
            "them with any three'"
        ),
        "bring": _p(
            "Foster's 'to reduce his playing hand to eleven cards again'; the page's 'replace "
            "them with any three'"
        ),
        "takes": _p("the page's 'They take all three cards into their hand'"),
        "widow": _p("the three cards the sentences speak of are the widow's"),
        "time": _r(
            "laying the cards away one at a time is how the engine records the lay-away; see "
            "the reading"
        ),
    },
    "widow.untouched-in-chico-and-grand": {
        "over": _r("Foster's 'until the play is finished' is said of Grand; see the reading"),
        "stays": _p("Foster's 'must not touch the widow'; the article's 'the widow is untouched'"),
        "takes": _p("the Frog bidder alone takes the widow (widow.frog-take-and-discard)"),
    },
    "trump.chico-not-hearts": {
        "names": _p("Foster's 'can name'; the article's table gives the suits he may choose"),
    },
    "play.any-card-when-unable": {
        "follow": _p(
            "'If they cannot' follows the page's sentences on following suit and trumping"
        ),
        "suit": _p("'If they cannot' follows the page's sentences on following suit and trumping"),
        "trump": _p("'If they cannot' follows the page's sentences on following suit and trumping"),
        "neither": _p("'If they cannot'"),
        "nor": _p("'If they cannot'"),
    },
    "play.eldest-leads-first": {
        "hand": _t("'eldest hand', the rulebook's term"),
    },
    "play.eleven-tricks": {
        "after": _p(
            "Foster's 'The eleven tricks played, each side ... counts the points'; the article's "
            "'Once the eleventh trick is played out'"
        ),
        "deal": _p("the deal is what is counted"),
    },
    "play.follow-suit": {
        "card": _p("'follow suit': play a card of the suit led"),
        "holds": _p("Foster's 'if they can'; the article's and the page's 'if able'"),
        "led": _p("the suit followed is the suit led"),
        "play": _p("'follow suit' is to play one of the suit"),
    },
    "play.no-duty-to-head@wikipedia-frog": {
        "card": _p("'There is no requirement to head the trick': any card of the suit followed"),
        "need": _p("'no requirement'"),
        "play": _p("'no requirement to head the trick'"),
    },
    "play.no-duty-to-head@gamerules": {
        "already": _p("'no obligation to win tricks': to beat the cards played to the trick"),
        "beat": _p("'no obligation to win tricks'"),
        "card": _p("'no obligation to win tricks': any card he may play"),
        "cards": _p("'no obligation to win tricks': to beat the cards played to the trick"),
        "following": _p("the page's sentence follows its 'must follow suit if able'"),
        "need": _p("'no obligation'"),
        "play": _p("'no obligation to win tricks': any card he may play"),
        "played": _p("'no obligation to win tricks': to beat the cards played to the trick"),
        "suit": _p("the page's sentence follows its 'must follow suit if able'"),
    },
    "play.no-duty-to-head": {
        "already": _p("'to head the trick': to beat the cards played to it"),
        "beat": _p("'to head the trick'"),
        "card": _p("'not obliged to head the trick': any card of the suit followed"),
        "cards": _p("'to head the trick': to beat the cards played to it"),
        "following": _p("the duty to follow suit, which the quotes' sentences speak of"),
        "need": _p("'not obliged'"),
        "play": _p("'not obliged to head the trick'"),
        "played": _p("'to head the trick': to beat the cards played to it"),
        "suit": _p("the duty to follow suit, which the quotes' sentences speak of"),
    },
    "scoring.count-card-points": {
        "end": _p("'The eleven tricks played'; 'Once the eleventh trick is played out'"),
    },
    "scoring.widow-counts-for-bidder": {
        "untouched": _p(
            "Foster's 'he must not touch the widow', in the same sentence; the article's 'In "
            "Chico and Grand, the widow is untouched'; the page's 'Even if they do not [choose] "
            "to exchange'"
        ),
    },
    "settlement.coeur-dalene-fixed-ratio": {
        "amount": _p("'fixed payments'"),
        "amounts": _p("'fixed payments'"),
        "coeur": _t("the 1922 variant's name, Coeur d'Alene Solo, whose payments the quote gives"),
        "d'alene": _t(
            "the 1922 variant's name, Coeur d'Alene Solo, whose payments the quote gives"
        ),
        "contract": _p("'for winning'"),
        "won": _p("'for winning'"),
        "paid": _p("'payments'"),
        "margin": _p("'instead of point-based payments'"),
        "whatever": _p("'instead of point-based payments'"),
        "standing": _p(
            "'in the ratio 1:2:3 e.g. 25¢ for Frog, 50¢ for Simple Solo and 75¢ for Heart Solo'"
        ),
    },
    "settlement.each-pays-in-full": {
        "amount": _p(
            "the page's example, 20 from each other player, 40 in all; Foster's 'a "
            "counter by each of the others' for every point"
        ),
        "whole": _p(
            "the page's example, 20 from each other player, 40 in all; Foster's 'a "
            "counter by each of the others' for every point"
        ),
        "seat": _t("the rulebook's word for a place at the table"),
        "settles": _p("'must be paid ... by each'; 'have to pay each player'"),
    },
    "settlement.penalty-frog": {
        "loses": _p("'if a Frog contract was lost'"),
        "force": _p("'In a variation called Penalty Frog'"),
    },
    "settlement.rates-1-2-3": {
        "over": _p("'the difference between the score made and 60'"),
        "under": _p("'the difference between the score made and 60'"),
        "point": _p("the page's 'the difference between the score made and 60', in points"),
        "unit": _p("the page's payout for a Frog, the difference itself: one per point"),
        "worth": _p("the page's 'Payouts are the difference'"),
    },
    "settlement.rates-straight-1-2": {
        "60": _r("the 'point' paid for is counted from 60, as in Solo; see the reading"),
        "over": _r("the 'point' paid for is counted from 60, as in Solo; see the reading"),
        "under": _r("the 'point' paid for is counted from 60, as in Solo; see the reading"),
        "straight": _t("the 1922 variant's name, Straight Solo, whose payments the quote gives"),
        "worth": _p("'1 chip was paid per point'"),
    },
    "settlement.sitting-out-pay-and-receive": {
        "both": _p("'They paid and received'"),
        "winning": _p("'paid': to a bidder who wins"),
        "losing": _p("'received': from a bidder who loses"),
        "defenders": _r(
            "what they pay and receive is read as the active defenders'; see the reading"
        ),
        "like": _r("what they pay and receive is read as the active defenders'; see the reading"),
    },
    "settlement.sitting-out-pay-and-receive-solo-only": {
        "losing": _p("'only received for Frog': from a bidder who loses"),
    },
    "settlement.sitting-out-receive-only": {
        "two": _p(
            "Foster's 'each of the others who held cards'; the article's non-active players "
            "'not required to pay if the bidder wins': the two other active players"
        ),
        "every": _p(
            "Foster's 'each of the others at the table'; the article's 'the non-active players "
            "are also paid'"
        ),
        "winning": _p("Foster's 'gets over 60'; the article's 'if the bidder wins'"),
    },
    "settlement.sixty-is-a-tie": {
        "exactly": _p(
            "the article's and the page's 'A score of 60'; Foster pays only for points 'over "
            "60', which at 60 neither side has (see the reading)"
        ),
        "nothing": _p(
            "the article's 'no payments are made'; the page's 'no points are gained or lost'; "
            "Foster pays only for points 'over 60'"
        ),
        "wins": _p(
            "Foster's 'For every point the single player gets over 60 he must be paid'; the "
            "article's '1 chip for every point above 60'; the page's 'Payouts are the "
            "difference between the score made and 60'"
        ),
        "loses": _p(
            "Foster's 'he must pay ... for every point his adversaries get over 60'; the "
            "article's 'If the bidder loses he pays the same rate'; the page's 'Payouts are "
            "the difference'"
        ),
        "opponents": _p(
            "Foster's 'his adversaries'; for the article and the page, the bidder's points short "
            "of 60 are his opponents' over 60, the pack holding 120"
        ),
        "take": _p("Foster's 'get'; the article's and the page's 'score'"),
        "takes": _p("Foster's 'gets'; the article's and the page's 'score'"),
    },
    "match.bank-120-chips": {
        "120": _p("11 chips worth 10 and 10 worth 1"),
    },
    "match.first-unable-to-pay-loses": {
        "over": _p("'lost the game'"),
        "owes": _p("'unable to pay'"),
        "what": _p("'unable to pay for winnings'"),
        "loses": _p("'lost', in the present tense"),
    },
    # Words one source's quotes lack, accepted for that source only ("rule.id@source").
    "seats.active-foster@foster-1909": {
        "sits": _p("'If four play, the dealer takes no cards'"),
    },
    "seats.eldest-hand@wikipedia-frog": {
        "dealer's": _p("'The dealer deals ... beginning with eldest hand to the left'"),
    },
    "seats.eldest-hand@gamerules": {
        "dealer's": _p("'the player left of the dealer'"),
    },
    "seats.players-3-to-5@wikipedia-frog": {
        "four": _p("'Three to five': four lies between"),
    },
    "cards.pack@foster-1909": {
        "four": _FOSTERS_PACK,
        "eight": _FOSTERS_PACK,
        "nine": _FOSTERS_PACK,
        "seven": _FOSTERS_PACK,
        "ten": _FOSTERS_PACK,
        "six": _FOSTERS_PACK,
        "ace": _FOSTERS_PACK,
        "jack": _FOSTERS_PACK,
        "king": _FOSTERS_PACK,
        "queen": _FOSTERS_PACK,
        "suits": _p("'thirty-six cards': nine ranks (Foster's A 10 K Q J 9 8 7 6) in four suits"),
    },
    "cards.pack@gamerules": {
        "pack": _p("'deck'"),
        "suits": _p("'the 5s and below are removed': from each of the deck's four suits"),
    },
    "cards.points@wikipedia-frog": {
        "ace": _p("the 'A' of the article's table 'Rank A 10 K Q J 9 8 7 6', valued 11"),
    },
    "cards.points@gamerules": {
        "120": _p("the sum of the page's values over the four suits: 4 × (11 + 10 + 4 + 3 + 2)"),
        "ace": _p("'in the above order': the page's ranking 'Ace (high), 10, King, Queen, Jack'"),
        "king": _p("'in the above order': the page's ranking 'Ace (high), 10, King, Queen, Jack'"),
        "queen": _p("'in the above order': the page's ranking 'Ace (high), 10, King, Queen, Jack'"),
        "jack": _p("'in the above order': the page's ranking 'Ace (high), 10, King, Queen, Jack'"),
        "pack": _p("'the deck' of 36 cards the page's values are of"),
    },
    "cards.rank-order@wikipedia-frog": {
        "cards": _p("the ranks of the article's table are those of the cards"),
    },
    "deal.first-dealer-any@wikipedia-frog": {
        "deal": _p("'The first dealer': who deals the first hand"),
        "hand": _p("'The first dealer': who deals the first hand"),
    },
    "deal.first-dealer-any@gamerules": {
        "deal": _r("'the dealer is chosen at random', read as any player dealing; see the reading"),
        "first": _r(
            "'the dealer is chosen at random', read as any player dealing; see the reading"
        ),
        "hand": _r("'the dealer is chosen at random', read as any player dealing; see the reading"),
    },
    "deal.packets-3-3-4-4@foster-1909": {
        "dealer": _p("'are given': by the dealer, who 'gives cards' in Foster's seating"),
    },
    "deal.rotation-left@gamerules": {
        "after": _p("'for each new deal'"),
    },
    "auction.bidder-plays-named-game@foster-1909": {
        "higher": _p("'He cannot bid Frog and play Chico, or bid Chico and play Grand'"),
    },
    "auction.bidder-plays-named-game@wikipedia-frog": {
        "lower": _r("the article forbids a higher contract only; see the reading"),
        "neither": _r("the article forbids a higher contract only; see the reading"),
        "nor": _r("the article forbids a higher contract only; see the reading"),
        "bid": _p("'that which won the auction': the contract bid"),
        "game": _p("'contract'"),
    },
    "auction.contracts-frog-chico-grand@wikipedia-frog": {
        "offer": _p("'bid for one of the following games'"),
        "three": _p("the article's table of 'the following games' has three: Frog, Chico, Grand"),
    },
    "auction.contracts-frog-chico-grand@gamerules": {
        "games": _p("'bids'"),
        "offer": _p("'bids'"),
        "three": _p("the bids the page ranks above pass: Frog, Chico and Grand"),
    },
    "widow.frog-hidden@official-rules-1922": {
        "widow": _p("'the slough': the 1922 name of the widow, as the article says"),
    },
    "widow.frog-shown@wikipedia-frog": {
        "face": _p("'exposes the widow'"),
        "turns": _p("'exposes the widow'"),
        "hand": _p("'picks it up'"),
        "into": _p("'picks it up'"),
        "taking": _p("'picks it up'"),
    },
    "widow.frog-take-and-discard@gamerules": {
        "eleven": _p("'replace them with any three': the hand is as many as before the widow"),
    },
    "widow.untouched-in-chico-and-grand@foster-1909": {
        "untouched": _p("'must not touch the widow'"),
    },
    "widow.untouched-in-chico-and-grand@wikipedia-frog": {
        "over": _r("the article's 'untouched' is read as until the play is over; see the reading"),
        "play": _r("the article's 'untouched' is read as until the play is over; see the reading"),
        "until": _r("the article's 'untouched' is read as until the play is over; see the reading"),
    },
    "trump.chico-not-hearts@wikipedia-frog": {
        "hearts": _p("the table's suits for Chico, '♣, ♠ or ♦': all but ♥"),
        "suit": _p("the table's suits column: '♣, ♠ or ♦'"),
        "trump": _p("the table's suits column, which gives each contract's trumps"),
    },
    "play.eldest-leads-first@gamerules": {
        "first": _p("'starting with the player left of the dealer'"),
    },
    "play.must-trump@wikipedia-frog": {
        "cannot": _p("'if unable to follow'"),
        "suit": _p("'follow': the article's sentence before says 'follow suit if able'"),
        "play": _p("'they must trump'"),
    },
    "scoring.count-card-points@wikipedia-frog": {
        "side": _p("'players count up': the bidder, and his opponents together"),
        "took": _p("'The trick winner takes up the trick'"),
    },
    "scoring.widow-counts-for-bidder@foster-1909": {
        "three": _p("'the cards he lays away': three, to reduce his hand to eleven again"),
    },
    "scoring.widow-counts-for-bidder@wikipedia-frog": {
        "away": _r("the laid-away cards are read as the widow's; see the reading"),
        "cards": _r("the laid-away cards are read as the widow's; see the reading"),
        "counts": _p(
            "'For this purpose the widow belongs to the bidder': the purpose is the count of "
            "card points"
        ),
        "lays": _r("the laid-away cards are read as the widow's; see the reading"),
        "three": _r("the laid-away cards are read as the widow's; see the reading"),
    },
    "scoring.widow-counts-for-bidder@gamerules": {
        "away": _p("the cards the bidder 'replace[s] them with', the page's sentence before"),
        "lays": _p("the cards the bidder 'replace[s] them with', the page's sentence before"),
        "counts": _p("'will be scored for the bidder'"),
        "widow": _p("'These three cards': the widow's, of the page's sentence before"),
    },
    "settlement.rates-1-2-3@official-rules-1922": {
        "point": _r("the 1922 multipliers are read as per point counted from 60; see the reading"),
        "unit": _p("'x 1'"),
        "worth": _p("'x 1', 'x 2', 'x 3'"),
        "60": _r("the points of the 1922 table are read as counted from 60; see the reading"),
        "over": _r("the points of the 1922 table are read as counted from 60; see the reading"),
        "under": _r("the points of the 1922 table are read as counted from 60; see the reading"),
    },
    "settlement.rates-1-2-3@gamerules": {
        "two": _p("'doubled'"),
        "three": _p("'tripled'"),
    },
    "settlement.rates-1-2-4@wikipedia-frog": {
        "counter": _p("'chip'"),
        "worth": _p("'1 chip for every point'"),
        "over": _p("'above 60'"),
        "under": _p("'If the bidder loses he pays the same rate'"),
        "two": _p("'double'"),
        "four": _p("'quadruple'"),
    },
    "settlement.sitting-out-receive-only@foster-1909": {
        "losing": _p("'if he does not get 60'"),
    },
    "settlement.sitting-out-receive-only@wikipedia-frog": {
        "included": _p("'the non-active players are also paid by a bidder who loses'"),
        "table": _p("'the non-active players are also paid by a bidder who loses'"),
        "those": _p("'the non-active players are also paid by a bidder who loses'"),
    },
    "settlement.sitting-out-receive-only@official-rules-1922": {
        "two": _r("'They only received payments', read as the article's Frog; see the reading"),
        "every": _r("'They only received payments', read as the article's Frog; see the reading"),
        "winning": _r("'They only received payments', read as the article's Frog; see the reading"),
        "included": _p("'They only received payments': they, the non-active players, are paid"),
        "losing": _p("'only received': from a losing bidder, the one who pays"),
        "paid": _p("'received payments'"),
        "pays": _p("'received payments'"),
        "table": _p("'payments to or from non-active players': those at the table sitting out"),
        "those": _p("'payments to or from non-active players': those at the table sitting out"),
    },
    "settlement.sixty-is-a-tie@wikipedia-frog": {
        "over": _p("'every point above 60'"),
    },
    "settlement.sixty-is-a-tie@gamerules": {
        "over": _p("'the difference between the score made and 60'"),
        "paid": _p("'Payouts'"),
    },
}


def acceptance(entry: Rule, word: str, source: str) -> Acceptance | None:
    """Why ``entry``'s statement may use ``word`` beyond the quotes of ``source``; ``None``
    if the table does not say."""
    return (
        ACCEPTED.get(f"{entry.id}@{source}", {}).get(word)
        or ACCEPTED.get(entry.id, {}).get(word)
        or ACCEPTED["*"].get(word)
    )


def _cell(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "\\|").replace("*", "\\*")


def accepted_words_table() -> str:
    """The reviewed table as Markdown, for the method page: each rule's accepted words, for
    which of its sources (or all of them, or every rule), with their kind and reason.

    >>> print(accepted_words_table().splitlines()[0])
    | Rule | For the quotes of | Word | Kind | Reason |
    """
    rows = [
        "| Rule | For the quotes of | Word | Kind | Reason |",
        "| --- | --- | --- | --- | --- |",
    ]
    for key, words in ACCEPTED.items():
        rule_id, _, source = key.partition("@")
        rule_cell = "every rule" if rule_id == "*" else f"`{rule_id}`"
        source_cell = f"`{source}`" if source else "each of its sources"
        for word, accepted in sorted(words.items()):
            rows.append(
                f"| {rule_cell} | {source_cell} | {_cell(word)} | {accepted.kind} | "
                f"{_cell(accepted.reason)} |"
            )
    return "\n".join(rows)
