"""Conditions: the smallest description, in the rules' terms, of where an engine departs.

Every situation the kit puts to an engine (a probe of a unit op, a step of a game) has
features: the ruleset, the contract, the table size, the trick's number, the suit led,
whether the trick holds a trump, an Ace or a Ten, what the player holds (void in the suit
led, trumps, a card that beats the trick)... :func:`condition_of` finds, among the
situations where the engine departs and those where it agrees, the fewest features (with
their values) that all the departing ones share and that leave out as many agreeing ones
as can be: a :class:`Condition`, true of every departing situation by construction, and
said in words by a reporter (:func:`frogspec.conform.words.condition_words`).

>>> departing = [{"contract": "grand", "players": 3}, {"contract": "grand", "players": 4}]
>>> agreeing = [{"contract": "frog", "players": 3}, {"contract": "chico", "players": 4}]
>>> found = condition_of(departing, agreeing, ("players", "contract"))
>>> found.terms, found.holds({"contract": "grand", "players": 5})
((ConditionTerm(feature='contract', values=('grand',)),), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from frogspec._types import Json

__all__ = [
    "PLAY_NAMES",
    "Condition",
    "ConditionTerm",
    "condition_of",
    "play_features",
    "trick_features",
]

Features = Mapping[str, Json]


@dataclass(frozen=True)
class ConditionTerm:
    """One feature and the values it takes where the engine departs."""

    #: The feature's name (a key of :data:`frogspec.conform.words.FEATURE_WORDS`, or
    #: another).
    feature: str
    #: Its values in the departing situations.
    values: tuple[Json, ...]

    def holds(self, features: Features) -> bool:
        """Whether a situation has one of the values."""
        return features.get(self.feature) in self.values


@dataclass(frozen=True)
class Condition:
    """Where an engine departs: every term holds (empty: everywhere looked at).
    ``agreeing_left`` counts the agreeing situations the terms do not leave out (0: the
    condition separates them exactly)."""

    #: The terms, the most telling first.
    terms: tuple[ConditionTerm, ...]
    #: Agreeing situations the condition still describes.
    agreeing_left: int = 0

    def holds(self, features: Features) -> bool:
        """Whether a situation is one the condition describes."""
        return all(term.holds(features) for term in self.terms)

    def joined(self, other: Condition) -> Condition:
        """A condition true wherever either is: the features both name, with the values
        of both (a feature only one names is dropped)."""
        theirs = {t.feature: t for t in other.terms}
        terms = tuple(
            ConditionTerm(
                t.feature,
                tuple(sorted(set(t.values) | set(theirs[t.feature].values), key=_sort_key)),
            )
            for t in self.terms
            if t.feature in theirs
        )
        return Condition(terms, self.agreeing_left + other.agreeing_left)

    def contradicted_by(self, departing: Sequence[Features]) -> list[Features]:
        """The departing situations the condition does not describe (none, when found by
        :func:`condition_of` from them)."""
        return [f for f in departing if not self.holds(f)]


#: The features of a turn in the play a ``when`` may name (:func:`play_features`), the
#: most general first.
PLAY_NAMES = (
    "position",
    "holds_led",
    "can_beat",
    "holds_trump",
    "trick_trumped",
    "led_trump",
)


def play_features(held: Sequence[int], trick: Sequence[int], trump: str | None) -> dict[str, Json]:
    """The features of a player's turn in the play: his cards ``held`` and the ``trick``
    so far (cards of :mod:`frogspec.rules.cards`), with ``trump`` (a suit letter, or
    ``None``): the suit led, what the trick holds, what he holds."""
    from frogspec.rules.cards import card_strength, format_card, suit_of

    def suit(card: int) -> str:
        return suit_of(card).letter

    led = suit(trick[0]) if trick else None
    of_led = [c for c in held if led is not None and suit(c) == led]
    best = max((card_strength(c) for c in trick if suit(c) == led), default=-1)
    return {
        "trump": trump,
        "position": len(trick) + 1,
        "led": led,
        "led_trump": led is not None and led == trump,
        "trick_trumped": trump is not None
        and led != trump
        and any(suit(c) == trump for c in trick),
        "holds_led": bool(of_led),
        "holds_trump": trump is not None and any(suit(c) == trump for c in held),
        "holds_plain": trump is not None and any(suit(c) != trump for c in held),
        "can_beat": any(card_strength(c) > best for c in of_led),
        # Each card held (``holds_QS``), for a departure of one card.
        **{f"holds_{format_card(c)}": True for c in held},
    }


#: The features of which pairs of ranks a trick holds (:func:`trick_features`), rank by
#: rank: ``beside_J``, ``beside_trump_J``.
_PAIR_NAMES = tuple(
    f"{kind}_{rank}"
    for kind in ("beside", "beside_trump")
    for rank in ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
)


def trick_features(cards: Sequence[str], trump: str | None) -> dict[str, Json]:
    """The features of what a trick holds (its cards as written, ``10H``, in play order):
    two trumps or more, a Ten, an Ace, a King, the Ace of trumps; beside each card, the
    highest other card of its suit (``beside_J``: its rank; ``beside_trump_J``: where the
    Jack is a trump); and each card played to another suit than the one led that is no
    trump (``off_suit_QS``).

    >>> found = trick_features(["JH", "6H", "AH"], "H")
    >>> found["beside_trump_J"], found["beside_A"], found["ace_of_trumps"]
    ('A', 'J', True)
    >>> trick_features(["6C", "QS"], "H")["off_suit_QS"]
    True
    """
    from frogspec.rules.cards import RANKS_HIGH_TO_LOW

    ranks = {card[:-1] for card in cards}
    found: dict[str, Json] = {
        "two_trumps": trump is not None and sum(card[-1:] == trump for card in cards) >= 2,
        "trick_ten": "10" in ranks,
        "trick_ace": "A" in ranks,
        "trick_king": "K" in ranks,
        "ace_of_trumps": trump is not None and f"A{trump}" in cards,
        **{name: None for name in _PAIR_NAMES},
    }
    for card in cards:
        rank, suit = card[:-1], card[-1:]
        beside = [other[:-1] for other in cards if other != card and other[-1:] == suit]
        if beside:
            highest = min(beside, key=RANKS_HIGH_TO_LOW.index)
            found[f"beside_{rank}"] = highest
            if suit == trump:
                found[f"beside_trump_{rank}"] = highest
    led = cards[0][-1:] if cards else None
    for card in cards[1:]:
        if card[-1:] not in (led, trump):
            found[f"off_suit_{card}"] = True
    # Each suit, where a card of it that is no trump is played to another suit led.
    for suit in "CDHS":
        found[f"suit_off_{suit}"] = suit != trump and any(
            card[-1:] == suit != led for card in cards[1:]
        )
    return found


def _sort_key(value: Json) -> tuple[str, str]:
    return (type(value).__name__, str(value))


def condition_of(
    departing: Sequence[Features], agreeing: Sequence[Features], names: Sequence[str]
) -> Condition:
    """The fewest terms (over the features ``names``, in that order of preference) that
    every departing situation meets and that leave out the most agreeing ones, chosen
    greedily: each step takes the term that leaves out most of the agreeing situations
    still described (fewer values first, then the earlier name), until none is left out
    or no term leaves any out."""
    terms: list[ConditionTerm] = []
    left = list(agreeing)
    candidates = []
    for name in names:
        values = {f.get(name) for f in departing}
        if not departing or (None in values and name not in ("trump", "led")):
            continue
        candidates.append(ConditionTerm(name, tuple(sorted(values, key=_sort_key))))
    while left and candidates:
        best = max(
            candidates,
            key=lambda t: (
                sum(not t.holds(f) for f in left),
                -len(t.values),
                -names.index(t.feature),
            ),
        )
        if not any(not best.holds(f) for f in left):
            break
        terms.append(best)
        candidates.remove(best)
        left = [f for f in left if best.holds(f)]
    return Condition(tuple(terms), len(left))
