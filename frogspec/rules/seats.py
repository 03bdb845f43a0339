"""Players and seats: how many may play, which three are active, and eldest hand.

Seats are numbered ``0 .. players-1`` clockwise, so seat ``s + 1`` sits on the left of
seat ``s``. Only three seats are active in a deal; the others sit out and take no cards.

>>> active_seats_foster(4, dealer=0)
(1, 2, 3)
>>> active_seats_foster(5, dealer=0)  # two on the dealer's left, one on his right
(1, 2, 4)
"""

from __future__ import annotations

from collections.abc import Callable

from frogspec.errors import InvalidInputError
from frogspec.questions import Question
from frogspec.registry import editorial, rule
from frogspec.sources import (
    FOSTER_1909,
    GAMERULES,
    OFFICIAL_RULES_1922,
    WIKIPEDIA_FROG,
    cite,
    context,
)

__all__ = [
    "active_seats_foster",
    "active_seats_up_to_seven",
    "eldest_first",
    "players_three",
    "players_three_to_five",
    "players_three_to_seven",
]


@rule(
    "seats.players-3-to-5",
    "Three, four or five may play.",
    cite(FOSTER_1909, "441–442", "Three, four, or five can play"),
    cite(WIKIPEDIA_FROG, None, "Three to five may play"),
    question=Question.PLAYER_COUNT,
)
def players_three_to_five() -> range:
    """The numbers of players the game allows."""
    return range(3, 6)


@rule(
    "seats.players-3-to-7",
    "Three to seven may play.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "The number of possible players increased to seven",
        reported_by=WIKIPEDIA_FROG,
    ),
    context(WIKIPEDIA_FROG, None, "Three to five may play"),
    question=Question.PLAYER_COUNT,
    reading="The summary gives the 1922 rules' highest number only: 'increased to seven' is "
    "read as counting from the three of the rules it summarises first ('Three to five may "
    "play'), so that three is still the least.",
)
def players_three_to_seven() -> range:
    """The numbers of players the 1922 rules allow."""
    return range(3, 8)


@rule(
    "seats.players-3",
    "Exactly three play.",
    cite(GAMERULES, None, "NUMBER OF PLAYERS: 3 players"),
    question=Question.PLAYER_COUNT,
)
def players_three() -> range:
    """The numbers of players the modern web page allows."""
    return range(3, 4)


@rule(
    "seats.active-foster",
    "Three seats are active in each deal: with three players all of them; with four the "
    "dealer sits out; with five the two on the dealer's left and the one on his right are "
    "active.",
    cite(
        FOSTER_1909,
        "441–442",
        "Three, four, or five can play; but only three are active in "
        "each deal. If four play, the dealer takes no cards. If five play, he gives cards to "
        "the two on his left and one on his right.",
    ),
    # The article agrees on four and slips on five (see the problems in the sources): its
    # words frame Foster's rule and are not credited with it.
    context(WIKIPEDIA_FROG, None, "With four players, the dealer sits out"),
    question=Question.ACTIVE_SEATS,
    notes=(
        "The Wikipedia article gives the five-player case as 'the two players on the left of "
        "the dealer and the one on the left', a slip for Foster's 'one on his right'.",
    ),
)
def active_seats_foster(players: int, dealer: int) -> tuple[int, ...]:
    """The active seats, sorted, for three to five players.

    >>> active_seats_foster(3, dealer=2)
    (0, 1, 2)
    """
    if players == 3:
        return (0, 1, 2)
    if players == 4:
        return tuple(sorted((dealer + k) % 4 for k in (1, 2, 3)))
    if players == 5:
        return tuple(sorted((dealer + k) % 5 for k in (1, 2, 4)))
    raise InvalidInputError(f"Foster's seating is for 3 to 5 players, not {players}")


@editorial(
    "seats.active-six-or-seven",
    "With six or seven players the active seats are, as with five, the two on the dealer's "
    "left and the one on his right; everyone else sits out.",
    "The 1922 rules as reported allow up to seven players but say nothing of who takes cards "
    "when six or seven sit down. Foster's five-player arrangement (two on the dealer's left, "
    "one on his right) is the only one the sources give for a table with more than four, and "
    "it extends to any larger table unchanged; with three to five players Foster's seating "
    "stands.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "The number of possible players increased to seven",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.ACTIVE_SEATS,
)
def active_seats_up_to_seven(
    players: int,
    dealer: int,
    active_seats_foster: Callable[[int, int], tuple[int, ...]] = active_seats_foster,
) -> tuple[int, ...]:
    """The active seats, sorted, for three to seven players.

    >>> active_seats_up_to_seven(7, dealer=3)
    (2, 4, 5)
    """
    if players <= 5:
        return active_seats_foster(players, dealer)
    if players in (6, 7):
        return tuple(sorted((dealer + k) % players for k in (1, 2, players - 1)))
    raise InvalidInputError(f"the 1922 seating is for 3 to 7 players, not {players}")


@rule(
    "seats.eldest-hand",
    "Eldest hand is the first active seat on the dealer's left; the active seats bid, are "
    "dealt to and play clockwise from eldest.",
    # Foster's words give the bidding's order only: they frame the rule, the article and the
    # page state it.
    context(FOSTER_1909, "441–442", "Each player in turn, beginning on the dealer’s left"),
    cite(WIKIPEDIA_FROG, None, "Deal and play are clockwise."),
    cite(
        WIKIPEDIA_FROG,
        None,
        "The dealer deals a packet of 3 cards to each player, beginning with eldest hand to the "
        "left",
    ),
    cite(WIKIPEDIA_FROG, None, "Beginning with eldest, players may pass or bid"),
    cite(GAMERULES, None, "The player left of the dealer starts."),
    cite(
        GAMERULES, None, "The game is played clockwise starting with the player left of the dealer."
    ),
    cite(GAMERULES, None, "starting with their left player, deal each player"),
)
def eldest_first(active: tuple[int, ...], players: int, dealer: int) -> tuple[int, ...]:
    """The active seats in turn order, eldest first.

    >>> eldest_first((1, 2, 4), players=5, dealer=0)
    (1, 2, 4)
    >>> eldest_first((0, 1, 2), players=3, dealer=1)
    (2, 0, 1)
    """
    return tuple(sorted(active, key=lambda seat: (seat - dealer - 1) % players))
