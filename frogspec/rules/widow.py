"""The widow: three cards set aside in the deal, taken by a Frog bidder, untouched otherwise.

In a Frog the bidder takes the widow into his hand and lays away three cards; in Chico and
Grand the widow stays untouched. Either way the cards end up counting for the bidder (see
:mod:`frogspec.rules.scoring`). Whether the widow is shown to the table in a Frog is where the
sources differ.

>>> exchanges_widow(Contract.FROG), exchanges_widow(Contract.GRAND)
(True, False)
"""

from __future__ import annotations

from frogspec.questions import Question
from frogspec.registry import editorial, rule
from frogspec.rules.auction import Contract
from frogspec.sources import (
    FOSTER_1909,
    GAMERULES,
    OFFICIAL_RULES_1922,
    WIKIPEDIA_FROG,
    cite,
    post_1950,
)

__all__ = [
    "DISCARDS",
    "discardable",
    "exchanges_widow",
    "widow_hidden_in_frog",
    "widow_hidden_when_unsaid",
    "widow_shown_in_frog",
]

DISCARDS = 3
"""How many cards a Frog bidder lays away."""


@rule(
    "widow.frog-shown",
    "In a Frog the bidder turns the widow face up for all to see before taking it into his hand.",
    cite(
        FOSTER_1909,
        "441–442",
        "The single player turns the widow face up to show what it "
        "contained, and then takes the three cards into his hand.",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "In a Frog the bidder exposes the widow, picks it up and discards 3 cards",
    ),
    question=Question.WIDOW_SHOWN,
)
def widow_shown_in_frog() -> bool:
    """Whether the widow is shown to the table in a Frog: yes."""
    return True


@rule(
    "widow.frog-hidden",
    "In a Frog the bidder takes the widow into his hand without showing it.",
    *post_1950("The widow is not exposed in a Frog"),
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "In a Frog, the slough was not exposed",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.WIDOW_SHOWN,
)
def widow_hidden_in_frog() -> bool:
    """Whether the widow is shown to the table in a Frog: no."""
    return False


@editorial(
    "widow.hidden-when-unsaid",
    "Under the modern web page's rules the Frog bidder takes the widow without showing it.",
    "The page says the bidder takes the three cards into his hand and replaces them, and says "
    "nothing of showing them. The Wikipedia article reports that post-1950 sources do not "
    "expose the widow (nothing shows whether the page follows them); a rule to show cards would have to be stated, so silence is read as not showing.",
    cite(
        GAMERULES,
        None,
        "They take all three cards into their hand and replace them with any three they wish.",
    ),
    question=Question.WIDOW_SHOWN,
)
def widow_hidden_when_unsaid() -> bool:
    """Whether the widow is shown to the table in a Frog under the web page: no."""
    return False


@rule(
    "widow.frog-take-and-discard",
    "In a Frog the bidder takes the three widow cards into his hand and then lays away any "
    "three cards, one at a time, to bring his hand back to eleven.",
    cite(FOSTER_1909, "441–442", "and then takes the three cards into his hand."),
    cite(
        FOSTER_1909,
        "441–442",
        "He must then discard to reduce his playing hand to eleven cards again.",
    ),
    cite(
        GAMERULES,
        None,
        "They take all three cards into their hand and replace them with any three they wish.",
    ),
    notes=(
        "'One at a time' is how the engine and the conformance protocol record the lay-away "
        "(one discard action a card); the sources say only that three cards are laid away, "
        "and nothing in the game turns on their order.",
    ),
    reading="The sources say only that three cards are laid away; 'one at a time' is how the "
    "engine and the protocol record it, one discard a card, and nothing turns on the order.",
)
def discardable(hand: int) -> int:
    """The cards a Frog bidder may lay away: any card in his hand."""
    return hand


@rule(
    "widow.untouched-in-chico-and-grand",
    "Only a Frog bidder takes the widow; in Chico and Grand it stays untouched until the play "
    "is over.",
    cite(
        FOSTER_1909,
        "441–442",
        "he must not touch the widow, although the points in it will count for him at the end.",
    ),
    cite(
        FOSTER_1909,
        "441–442",
        "the player offering this game must not touch the widow until the play is finished.",
    ),
    cite(WIKIPEDIA_FROG, None, "In Chico and Grand, the widow is untouched."),
    reading="'Until the play is over' is Foster's for Grand ('until the play is finished'); "
    "for Chico he says only 'he must not touch the widow', with its points counting 'at the "
    "end', which we read the same way. The article's 'In Chico and Grand, the widow is "
    "untouched' is read the same way too: untouched until the play is over.",
)
def exchanges_widow(contract: Contract) -> bool:
    """Whether the bidder takes the widow into his hand: only in a Frog."""
    return contract == Contract.FROG
