"""The points of the game on which rulesets differ, each named once.

A rule that is one reading of a point says which (``question=Question.DEAL_PATTERN``); a
:class:`~frogspec.rulesets.Ruleset` picks one reading of each (its ``readings``, keyed by
:class:`Question`); its :class:`~frogspec.ruletable.RuleTable` holds the reading in force
in the field named by the member's value (``rs.rules.deal_pattern``).

>>> from frogspec.rulesets import get_ruleset
>>> get_ruleset("modern").rule_id(Question.DEAL_PATTERN)
'deal.packets-4-3-3-4'
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Question"]


class Question(StrEnum):
    """A point of the game on which rulesets differ: its one name, everywhere.

    The member's value names the field of :class:`~frogspec.ruletable.RuleTable` that holds
    a ruleset's reading; ``text`` is the question the rival readings answer.

    >>> Question.CHICO_TRUMP.value, Question.CHICO_TRUMP.text
    ('chico_trump', 'Which suits may a Chico bidder name?')
    """

    #: The question the rival readings answer, in words.
    text: str

    def __new__(cls, value: str, text: str) -> Question:
        member = str.__new__(cls, value)
        member._value_ = value
        member.text = text
        return member

    PLAYER_COUNT = "player_count", "How many may play?"
    ACTIVE_SEATS = "active_seats", "Which three seats are active?"
    FIRST_DEALER = "first_dealer", "Who deals first?"
    DEAL_PATTERN = "deal_pattern", "How are the cards dealt?"
    CONTRACTS = "contracts", "Which contracts may be bid?"
    AUCTION_PROCEDURE = "auction_procedure", "How does the bidding go, and who may raise?"
    WIDOW_SHOWN = "widow_shown", "Is the widow shown in a Frog?"
    CHICO_TRUMP = "chico_trump", "Which suits may a Chico bidder name?"
    RATES = "rates", "What is a point over or under 60 worth?"
    SITTING_OUT = "sitting_out", "Who pays and is paid, players sitting out included?"
    BANK = "bank", "What does each player start with?"
    GAME_END = "game_end", "When is the game over?"
