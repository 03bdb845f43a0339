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

>>> from frogspec.registry import get_rule
>>> added_words(get_rule("play.must-trump"))
('holds',)
>>> ACCEPTED["*"]["holds"].kind
'paraphrase'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from frogspec.registry import Rule

__all__ = ["ACCEPTED", "Acceptance", "acceptance", "added_words", "content_words"]

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
    words = re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))
    return [w for w in words if w not in _STOP]


def added_words(entry: Rule) -> tuple[str, ...]:
    """The content words of a rule's statement that none of its quotes contain, sorted."""
    quoted = {_fold(w) for c in entry.citations for w in content_words(c.quote or "")}
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
        "player": _p("the quotes' 'they', 'one', 'the others' named as what they are"),
        "players": _p("the quotes' 'they', 'the others' named as what they are"),
        "holds": _p("'if he holds one' restates 'if possible', 'if they can', 'if able'"),
        "sitting": _SITTING_OUT,
        "out": _SITTING_OUT,
    },
    "seats.active-foster": {
        "seats": _t("the rulebook's word for the places at the table"),
        "dealer's": _p("Foster's 'his left' and 'his right' are the dealer's"),
    },
    "seats.eldest-hand": {
        "bid": _p("Foster's 'Each player in turn, beginning on the dealer's left' is the auction"),
        "first": _p("'beginning on the dealer's left'; 'The player left of the dealer starts'"),
        "hand": _t("'eldest hand', the rulebook's term"),
        "seat": _t("the rulebook's word for a place at the table"),
        "seats": _t("the rulebook's word for the places at the table"),
    },
    "seats.players-3": {
        "exactly": _p("the page gives one number of players: 3"),
        "play": _p("'NUMBER OF PLAYERS: 3 players'"),
    },
    "seats.players-3-to-7": {
        "three": _p(
            "Foster's least number ('Three, four, or five can play'), from which the "
            "article's 'increased to seven' counts"
        ),
        "play": _p(
            "'the number of possible players'; from three, Foster's least, as the "
            "article's 'increased to' implies"
        ),
    },
    "cards.pack": {
        "four": _p("the four suits of the French pack the ranks are taken from"),
        "eight": _p("the ranks left when 2s to 5s are removed; Foster's order A 10 K Q J 9 8 7 6"),
        "nine": _p("the ranks left when 2s to 5s are removed; Foster's order A 10 K Q J 9 8 7 6"),
        "seven": _p("the ranks left when 2s to 5s are removed; Foster's order A 10 K Q J 9 8 7 6"),
        "ten": _p("the ranks left when 2s to 5s are removed; Foster's order A 10 K Q J 9 8 7 6"),
        "ace": _p("the cards left when 2s to 5s are removed from a 52-card French pack"),
        "jack": _p("the cards left when 2s to 5s are removed from a 52-card French pack"),
        "king": _p("the cards left when 2s to 5s are removed from a 52-card French pack"),
        "queen": _p("the cards left when 2s to 5s are removed from a 52-card French pack"),
    },
    "cards.points": {
        "count": _p("'is worth'"),
        "counts": _p("'is worth'"),
        "eights": _p("the ranks the page values at 0 points, in its order A 10 K Q J 9 8 7 6"),
        "nines": _p("the ranks the page values at 0 points, in its order A 10 K Q J 9 8 7 6"),
        "sevens": _p("the ranks the page values at 0 points, in its order A 10 K Q J 9 8 7 6"),
        "sixes": _p("the ranks the page values at 0 points, in its order A 10 K Q J 9 8 7 6"),
        "nothing": _p("'0 points'"),
    },
    "cards.rank-order": {
        "every": _p("Foster gives one order for 'the pack'; the article's 'Ace (high)'"),
        "suit": _p("the order is that of the cards of each suit"),
        "highest": _p("'Ace (high)'"),
        "lowest": _p("'6 (low)'"),
    },
    "deal.first-dealer-low-card-chooses": {
        "draws": _r("the summary does not say how the fanned cards give a lowest"),
        "chooses": _p("'chose', in the present tense"),
    },
    "deal.packets-3-3-4-4": {
        "gives": _p("'are given'"),
    },
    "deal.packets-4-3-3-4": {
        "gives": _p(
            "'deals', read in the article's notation 3-(3)-4-4, which it uses for Foster's deal"
        ),
        "widow": _p("the article's bracketed packet, as in its 3-(3)-4-4 for Foster's deal"),
    },
    "deal.singly-slough-1-4-8": {
        "time": _p("'one at a time' restates 'singly'"),
        "except": _p("the 1st, 4th and 8th cards 'going to the widow'"),
        "go": _p("'going to the widow'"),
    },
    "auction.bidder-plays-named-game": {
        "lower": _p(
            "Foster's 'cannot bid Frog and play Chico' gives higher; 'must play the "
            "game he names' excludes lower too"
        ),
        "neither": _p("'must play the game he names'"),
        "nor": _p("'must play the game he names'"),
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
        "turn": _r("the order of bidding is the rulebook's, not the article's; see the reading"),
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
        "see": _p("'to show what it contained'"),
        "before": _p("'and then takes the three cards into his hand'"),
    },
    "widow.frog-take-and-discard": {
        "away": _p("'discard'"),
        "lays": _p("'discard'"),
        "back": _p("'to reduce his playing hand to eleven cards again'"),
        "bring": _p("'to reduce his playing hand to eleven cards again'"),
        "takes": _p("'They take all three cards into their hand'"),
        "widow": _p("the three cards the page's sentence speaks of are the widow"),
        "time": _r("'one at a time' is the engine's record of the lay-away; see the reading"),
    },
    "widow.untouched-in-chico-and-grand": {
        "over": _r("Foster's 'until the play is finished' is said of Grand; see the reading"),
        "stays": _p("'must not touch the widow'"),
        "takes": _p("the Frog bidder alone takes the widow (widow.frog-take-and-discard)"),
    },
    "trump.chico-not-hearts": {
        "names": _p("'can name'"),
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
        "after": _p("'The eleven tricks played, each side ... counts the points'"),
        "deal": _p("the deal is what is counted"),
    },
    "play.follow-suit": {
        "card": _p("'follow suit if they can': play a card of the suit led"),
        "holds": _p("'if they can', 'if able'"),
        "led": _p("the suit followed is the suit led"),
        "play": _p("'follow suit' is to play one of the suit"),
    },
    "play.lead-any-card": {
        "leader": _p("the player who leads, whom the page calls 'They'"),
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
    "play.no-duty-to-overtrump": {
        "already": _p("'over-trump': to beat a trump played to the trick"),
        "beat": _p("'over-trump'"),
        "need": _p("'not obliged'"),
        "play": _p("'not obliged to over-trump'"),
        "played": _p("'over-trump': to beat a trump played to the trick"),
    },
    "scoring.count-card-points": {
        "end": _p("'The eleven tricks played'; 'Once the eleventh trick is played out'"),
    },
    "scoring.widow-counts-for-bidder": {
        "untouched": _p("Foster's 'he must not touch the widow', in the same sentence"),
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
        "amount": _p("the page's example: 20 from each other player, 40 in all"),
        "whole": _p("the page's example: 20 from each other player, 40 in all"),
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
        "point": _p("'the difference between the score made and 60', in points"),
        "unit": _p("'x 1'"),
        "worth": _p("'x 1', 'x 2', 'x 3'"),
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
        "two": _p("'each of the others who held cards': the two other active players"),
        "every": _p("'each of the others at the table'"),
        "winning": _p("Foster's 'gets over 60'; the article's 'if the bidder wins'"),
    },
    "settlement.sixty-is-a-tie": {
        "exactly": _p("'A score of 60'"),
        "nothing": _p("'no payments are made'"),
        "wins": _p("'For every point the single player gets over 60 he must be paid'"),
        "loses": _p("'he must pay ... for every point his adversaries get over 60'"),
        "opponents": _p("'his adversaries'"),
        "take": _p("'get'"),
        "takes": _p("'gets'"),
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
}


def acceptance(entry: Rule, word: str) -> Acceptance | None:
    """Why ``entry``'s statement may use ``word``; ``None`` if the table does not say."""
    return ACCEPTED.get(entry.id, {}).get(word) or ACCEPTED["*"].get(word)
