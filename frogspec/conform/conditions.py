"""Conditions: the smallest description, in the rules' terms, of where an engine departs.

Every situation the kit puts to an engine (a probe of a unit op, a step of a game) has
features: the ruleset, the contract, the table size, the trick's number, the suit led,
whether the trick holds a trump, an Ace or a Ten, what the player holds (void in the suit
led, trumps, a card that beats the trick)... :func:`condition_of` finds, among the
situations where the engine departs and those where it agrees, the fewest features (with
their values) that all the departing ones share and that leave out as many agreeing ones
as can be: a :class:`Condition`, true of every departing situation by construction, and
said in words by :meth:`Condition.words`.

>>> departing = [{"contract": "grand", "players": 3}, {"contract": "grand", "players": 4}]
>>> agreeing = [{"contract": "frog", "players": 3}, {"contract": "chico", "players": 4}]
>>> found = condition_of(departing, agreeing, ("players", "contract"))
>>> found.words(), found.holds({"contract": "grand", "players": 5})
('in a grand', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from frogspec._types import Json

__all__ = [
    "FEATURE_WORDS",
    "PLAY_NAMES",
    "Condition",
    "ConditionTerm",
    "condition_of",
    "play_features",
]

Features = Mapping[str, Json]

_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", None: "no suit"}


def _yes_no(yes: str, no: str) -> Callable[[Json], str]:
    return lambda value: yes if value else no


#: How each feature's value is said, in the rules' words.
FEATURE_WORDS: dict[str, Callable[[Json], str]] = {
    "ruleset": lambda v: f"in {v}",
    "contract": lambda v: f"in a {v}",
    "players": lambda v: f"with {v} at the table",
    "phase": lambda v: f"in the {v} phase",
    "trick": lambda v: f"at trick {v}",
    "first_trick": _yes_no("at the first trick", "after the first trick"),
    "last_trick": _yes_no("at the last trick", "before the last trick"),
    "position": lambda v: {1: "leading", 2: "second to play", 3: "third to play"}.get(v, f"{v}th"),
    "led": lambda v: f"with {_SUITS.get(v, v)} led",
    "led_trump": _yes_no("when trumps are led", "when a plain suit is led"),
    "trump": lambda v: "without trumps" if v is None else f"with {_SUITS.get(v, v)} trump",
    "trick_trumped": _yes_no("when the trick holds a trump", "when the trick holds no trump"),
    "trick_ace": _yes_no("when the trick holds an Ace", "when the trick holds no Ace"),
    "trick_ten": _yes_no("when the trick holds a Ten", "when the trick holds no Ten"),
    "trick_king": _yes_no("when the trick holds a King", "when the trick holds no King"),
    "holds_led": _yes_no("when he holds the suit led", "when he is void in the suit led"),
    "holds_trump": _yes_no("when he holds a trump", "when he holds no trump"),
    "can_beat": _yes_no(
        "when he holds a card of the suit led that beats the trick",
        "when he holds no card of the suit led that beats the trick",
    ),
    "holds_counter": _yes_no("when he holds an Ace or a Ten", "when he holds no Ace or Ten"),
    "won": _yes_no("when the bidder wins", "when the bidder loses"),
    "bidder_leads": _yes_no("when the bidder is to lead", "when another player is to lead"),
    "all_passed": _yes_no("when every player passes", "when someone bids"),
    "bid": lambda v: f"when {v} is bid",
    "action": lambda v: f"at the action {v}",
}


@dataclass(frozen=True)
class ConditionTerm:
    """One feature and the values it takes where the engine departs."""

    #: The feature's name (a key of :data:`FEATURE_WORDS`, or another).
    feature: str
    #: Its values in the departing situations.
    values: tuple[Json, ...]

    def holds(self, features: Features) -> bool:
        """Whether a situation has one of the values."""
        return features.get(self.feature) in self.values

    def words(self) -> str:
        """The term in the rules' words (``in a grand``, ``with 4 or 5 at the table``)."""
        say = FEATURE_WORDS.get(self.feature, lambda v: f"{self.feature} {v}")
        if len(self.values) == 1:
            return say(self.values[0])
        return " or ".join(say(v) for v in self.values)


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

    def words(self) -> str:
        """The condition in words, the terms joined by commas (empty: no condition)."""
        return ", ".join(term.words() for term in self.terms)

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
    from frogspec.rules.cards import card_strength, suit_of

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
        "can_beat": any(card_strength(c) > best for c in of_led),
    }


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
