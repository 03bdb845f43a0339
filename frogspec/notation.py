"""A one-line notation for a whole deal position, in the spirit of chess's FEN.

Nine fields separated by single spaces:

1. the ruleset id, with any options not at their default in brackets:
   ``official-1922-solo[penalty_frog=true,sitting_out=pay-and-receive]``;
2. ``players/dealer``, like ``5/0``;
3. the hands, seat 0 first, separated by ``/``: the cards run together
   (``6C10HAH``), ``-`` for an empty hand, ``x`` for a seat sitting out;
4. the widow as dealt (``-`` if empty);
5. the auction so far, bids and passes in order separated by commas (``-`` before the
   first bid);
6. the cards the Frog bidder has laid away (``-`` if none);
7. the trump suit (``-`` until it is known);
8. the current trick as ``leader:cards`` (``2:AS10S``; ``2:`` before anyone has
   played to it), or ``-`` outside the play;
9. the cards each seat has won in tricks, as in field 3.

The phase, the player to act, the bidder and contract and the count of tricks follow from
these and are not written. Cards run in the order suit by suit (C D H S), each from Six to
Ace, so a position has exactly one notation.

>>> from frogspec.rules.cards import CARDS
>>> from frogspec.engine import new_deal
>>> text = format_position(new_deal("foster-1909", 3, 0, CARDS))
>>> text.split()[:2], text.split()[4:]
(['foster-1909', '3/0'], ['-', '-', '-', '-', '-/-/-'])
>>> parse_position(text) == new_deal("foster-1909", 3, 0, CARDS)
True

A whole deal, to replay it, is written as the fragment of a link (:func:`format_deal`,
:func:`parse_deal`): the table, the pack and every action, in the protocol's notation, as
``key=value`` fields joined by ``&``. The rulebook's page :data:`REPLAY_PATH` reads it
and shows the deal step by step.

- ``ruleset``: as in field 1 above (``modern``, ``official-1922-solo[penalty_frog=true]``);
- ``players`` and ``dealer``: numbers;
- ``deal``: the deal number of the portable deal generator (:func:`frogspec.prng.deal_deck`)
  whose pack was dealt, or instead ``deck``: the 36 cards run together, first dealt first;
- ``actions``: every action of the deal in order, separated by commas, with ``+`` for the
  space inside an action (``pass,frog,discard+10C,play+AS``).

>>> record = parse_deal("ruleset=modern&players=3&dealer=0&deal=7&actions=pass,frog")
>>> [str(action) for action in record.actions], len(record.deck)
(['pass', 'frog'], 36)
>>> format_deal(record)
'ruleset=modern&players=3&dealer=0&deal=7&actions=pass,frog'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote

from frogspec.engine import Action, Phase, State, apply, new_deal, parse_action
from frogspec.errors import IllegalActionError, InvalidInputError
from frogspec.prng import deal_deck
from frogspec.rules.auction import Contract, auction_winner
from frogspec.rules.cards import (
    CARDS,
    FULL_PACK,
    Card,
    format_card,
    format_cards,
    mask_of,
    parse_card,
    parse_suit,
)
from frogspec.rules.play import TRICKS
from frogspec.rules.seats import eldest_first
from frogspec.rules.widow import DISCARDS
from frogspec.rulesets import Ruleset, get_ruleset

__all__ = [
    "REPLAY_PATH",
    "DealRecord",
    "changed_options",
    "format_deal",
    "format_position",
    "numbered_deck",
    "parse_deal",
    "parse_position",
    "parse_ruleset_field",
    "ruleset_field",
]

_CARD = re.compile(r"(10|[AKQJ9876])([CDHS])")


def _shown(text: str, limit: int = 40) -> str:
    # A piece of the user's text for an error message: quoted, cut short if it is long.
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def _cards(mask: int) -> str:
    return "".join(format_cards(mask)) or "-"


def _read_cards(text: str, what: str) -> list[int]:
    # The cards run together in ``text``, in the order written.
    cards: list[int] = []
    pos = 0
    while pos < len(text):
        match = _CARD.match(text, pos)
        if match is None:
            raise InvalidInputError(f"{what}: cannot read a card at {text[pos:]!r}")
        cards.append(parse_card(match.group(0)))
        pos = match.end()
    return cards


def _parse_cards(text: str, what: str) -> int:
    if text == "-":
        return 0
    mask = 0
    for card in _read_cards(text, what):
        if mask >> card & 1:
            raise InvalidInputError(f"{what}: card {format_card(card)} written twice")
        mask |= 1 << card
    return mask


def changed_options(ruleset: Ruleset) -> tuple[tuple[str, str | bool], ...]:
    """The options of ``ruleset`` not at their default, as (name, value) pairs in the order
    the ruleset declares them: what a replay link and a ``game`` request carry."""
    return tuple(
        (opt.name, ruleset.option_values[opt.name])
        for opt in ruleset.options
        if ruleset.option_values[opt.name] != opt.default_value()
    )


def ruleset_field(ruleset: Ruleset) -> str:
    """The ruleset as the notation's first field writes it: its id, and the options not at
    their default in brackets (:func:`parse_ruleset_field` reads it back).

    >>> ruleset_field(get_ruleset("official-1922-solo").with_options({"penalty_frog": True}))
    'official-1922-solo[penalty_frog=true]'
    """
    changed = [f"{name}={_option_text(value)}" for name, value in changed_options(ruleset)]
    return f"{ruleset.id}[{','.join(changed)}]" if changed else ruleset.id


def _option_text(value: str | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def parse_ruleset_field(text: str) -> Ruleset:
    """The ruleset a notation's first field names, with its options in force
    (:class:`InvalidInputError` naming what is wrong).

    >>> parse_ruleset_field("official-1922-solo[penalty_frog=true]").option_values["penalty_frog"]
    True
    """
    match = re.fullmatch(r"([a-z0-9-]+)(?:\[([^\]]*)\])?", text)
    if match is None:
        raise InvalidInputError(f"ruleset field: cannot read {text!r}")
    ruleset = get_ruleset(match.group(1))
    options: dict[str, object] = {}
    for item in filter(None, (match.group(2) or "").split(",")):
        name, eq, value = item.partition("=")
        if not eq:
            raise InvalidInputError(f"ruleset field: option {item!r} needs name=value")
        options[name] = {"true": True, "false": False}.get(value, value)
    return ruleset.with_options(options)


def _seat_masks(masks: tuple[int, ...], active: set[int]) -> str:
    return "/".join(_cards(m) if seat in active else "x" for seat, m in enumerate(masks))


def format_position(state: State) -> str:
    """The one-line notation of a position."""
    active = set(state.order)
    auction = ",".join("pass" if bid is None else bid.code for _, bid in state.auction) or "-"
    if state.leader is not None and state.phase == Phase.PLAY:
        trick = f"{state.leader}:" + "".join(format_card(c) for c in state.trick)
    else:
        trick = "-"
    return " ".join(
        (
            ruleset_field(state.ruleset),
            f"{state.players}/{state.dealer}",
            _seat_masks(state.hands, active),
            _cards(state.widow),
            auction,
            _cards(state.laid_away),
            state.trump.letter if state.trump is not None else "-",
            trick,
            _seat_masks(state.won, active),
        )
    )


def _parse_seat_masks(text: str, players: int, active: set[int], what: str) -> tuple[int, ...]:
    parts = text.split("/")
    if len(parts) != players:
        raise InvalidInputError(f"{what}: {len(parts)} seats written for {players} players")
    masks = []
    for seat, part in enumerate(parts):
        if (part == "x") != (seat not in active):
            state = "sits out" if seat not in active else "is active"
            raise InvalidInputError(
                f"{what}: seat {seat} {state}; write 'x' exactly for those sitting out"
            )
        masks.append(0 if part == "x" else _parse_cards(part, f"{what}, seat {seat}"))
    return tuple(masks)


def parse_position(text: str) -> State:
    """The position a notation describes; :class:`InvalidInputError` if it is not one."""
    fields = text.split(" ")
    if len(fields) != 9:
        raise InvalidInputError(f"a position has 9 fields separated by spaces, got {len(fields)}")
    ruleset = parse_ruleset_field(fields[0])
    match = re.fullmatch(r"([0-9]{1,2})/([0-9]{1,2})", fields[1])
    if match is None:
        raise InvalidInputError(
            f"players/dealer field: want two numbers of 1 or 2 digits like 3/0, got "
            f"{_shown(fields[1])}"
        )
    players, dealer = int(match.group(1)), int(match.group(2))
    if players not in ruleset.rules.player_count():
        raise InvalidInputError(f"ruleset {ruleset.id!r} does not allow {players} players")
    if not 0 <= dealer < players:
        raise InvalidInputError(f"dealer {dealer} is not a seat of {players}")
    order = eldest_first(ruleset.rules.active_seats(players, dealer), players, dealer)
    active = set(order)
    hands = _parse_seat_masks(fields[2], players, active, "hands")
    widow = _parse_cards(fields[3], "widow")
    history = _parse_auction(fields[4], ruleset, order)
    laid_away = _parse_cards(fields[5], "laid away")
    trump = None if fields[6] == "-" else parse_suit(fields[6])
    leader, trick = _parse_trick(fields[7], active)
    won = _parse_seat_masks(fields[8], players, active, "won")
    if widow.bit_count() != 3:
        raise InvalidInputError(f"the widow has 3 cards, got {widow.bit_count()}")

    state = State(
        ruleset,
        players,
        dealer,
        order,
        hands,
        widow,
        Phase.AUCTION,
        None,
        auction=history,
        laid_away=laid_away,
        trump=trump,
        leader=leader,
        trick=tuple(trick),
        won=won,
    )
    state = _derive(state)
    _check_cards(state)
    return state


def _parse_auction(
    text: str, ruleset: Ruleset, order: tuple[int, ...]
) -> tuple[tuple[int, Contract | None], ...]:
    history: list[tuple[int, Contract | None]] = []
    if text == "-":
        return ()
    for word in text.split(","):
        turn = ruleset.rules.auction_procedure(order, ruleset.rules.contracts(), tuple(history))
        if turn is None:
            raise InvalidInputError(f"auction: {word!r} comes after the auction is over")
        if word == "pass":
            history.append((turn.seat, None))
            continue
        try:
            bid = Contract[word.upper()]
        except KeyError:
            raise InvalidInputError(f"auction: unknown bid {word!r}") from None
        if word != bid.code or bid not in turn.bids:
            raise InvalidInputError(f"auction: seat {turn.seat} cannot bid {word!r} there")
        history.append((turn.seat, bid))
    return tuple(history)


def _parse_trick(text: str, active: set[int]) -> tuple[int | None, list[int]]:
    if text == "-":
        return None, []
    leader_text, colon, cards_text = text.partition(":")
    if not colon or not re.fullmatch("[0-9]{1,2}", leader_text) or int(leader_text) not in active:
        raise InvalidInputError(
            f"trick field: want leader:cards with an active leader's seat (1 or 2 digits), "
            f"got {_shown(text)}"
        )
    trick = _read_cards(cards_text, "trick field")
    if len(trick) > 2:
        raise InvalidInputError("trick field: a trick in progress has at most 2 cards")
    return int(leader_text), trick


def _derive(state: State) -> State:
    rs = state.ruleset
    turn = rs.rules.auction_procedure(state.order, rs.rules.contracts(), state.auction)
    played = state.leader is not None
    if turn is not None:
        if state.laid_away or state.trump or played or any(state.won):
            raise InvalidInputError("the auction is not over, yet cards are laid away or played")
        return state._replace(to_act=turn.seat)
    won = auction_winner(state.auction)
    if won is None:
        if state.laid_away or state.trump or played or any(state.won):
            raise InvalidInputError("everyone passed, yet the deal went on")
        return state._replace(phase=Phase.OVER)
    bidder, contract = won
    state = state._replace(bidder=bidder, contract=contract)
    if contract == Contract.FROG and state.laid_away.bit_count() < DISCARDS:
        if played or any(state.won):
            raise InvalidInputError("the Frog bidder has not laid away three cards")
        return state._replace(phase=Phase.DISCARD, to_act=bidder)
    if contract == Contract.CHICO and state.trump is None:
        if played or any(state.won):
            raise InvalidInputError("the Chico bidder has not named a trump")
        return state._replace(phase=Phase.TRUMP, to_act=bidder)
    tricks = sum(m.bit_count() for m in state.won) // 3
    state = state._replace(tricks=tricks)
    if tricks == TRICKS:
        if played:
            raise InvalidInputError("all eleven tricks are played: write the trick as '-'")
        return state._replace(phase=Phase.OVER)
    if state.leader is None:
        raise InvalidInputError("the play is on: write the trick as leader:cards")
    order = state.order
    to_act = order[(order.index(state.leader) + len(state.trick)) % len(order)]
    return state._replace(phase=Phase.PLAY, to_act=to_act)


def _check_cards(state: State) -> None:
    taken_widow = state.contract == Contract.FROG and state.phase != Phase.AUCTION
    parts = [*state.hands, state.laid_away, mask_of(state.trick), *state.won]
    if not taken_widow:
        parts.append(state.widow)
    seen = 0
    for part in parts:
        if seen & part:
            raise InvalidInputError(f"card {format_cards(seen & part)[0]} is in two places")
        seen |= part
    if seen != FULL_PACK:
        missing = format_cards(FULL_PACK & ~seen)
        raise InvalidInputError(f"cards missing from the position: {' '.join(missing)}")
    if taken_widow and state.phase == Phase.DISCARD:
        expected = {s: 11 for s in state.order}
        assert state.bidder is not None
        expected[state.bidder] = 14 - state.laid_away.bit_count()
    else:
        done = state.tricks
        expected = {s: TRICKS - done for s in state.order}
        if state.leader is not None:
            for i in range(len(state.trick)):
                expected[state.order[(state.order.index(state.leader) + i) % 3]] -= 1
    for seat, count in expected.items():
        if state.hands[seat].bit_count() != count:
            raise InvalidInputError(
                f"seat {seat} should hold {count} cards here, holds {state.hands[seat].bit_count()}"
            )
    if state.trump is not None and state.contract is not None:
        if state.contract != Contract.CHICO and state.trump.letter != "H":
            raise InvalidInputError(f"{state.contract.code} is played with hearts trump")
        if (
            state.contract == Contract.CHICO
            and state.trump not in state.ruleset.rules.chico_trump()
        ):
            raise InvalidInputError(f"a Chico bidder cannot name {state.trump.letter} here")
    elif state.trump is not None:
        raise InvalidInputError("no trump before the auction is won")


# ----------------------------------------------------------------------------- whole deals

#: Where the rulebook replays a deal: the page, under the site's root, that reads
#: :func:`format_deal`'s text from its link's fragment.
REPLAY_PATH = "deals/replay/"

_DEAL_KEYS = ("ruleset", "players", "dealer", "deal", "deck", "actions")

_MAX_DEAL_NUMBER = 2**64 - 1


@lru_cache(maxsize=64)
def numbered_deck(number: int) -> tuple[Card, ...]:
    """The pack of deal ``number`` of the portable deal generator
    (:func:`frogspec.prng.deal_deck`) as cards, ``deck[0]`` dealt first.

    Remembered for the last few numbers: a replay link's deal number is dealt when the link
    is read and again when its record checks that the number deals its pack.

    >>> format_card(numbered_deck(12345)[0])
    '7H'
    """
    return tuple(parse_card(text) for text in deal_deck(number))


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A whole deal as a replay link carries it: the table, the pack, every action.

    ``deck`` is the pack, ``deck[0]`` dealt first; ``number``, when the pack is a deal of the
    portable generator, its deal number (the link then carries the number, not the cards;
    :class:`InvalidInputError` if that deal number deals another pack). ``ruleset`` carries
    the options in force.
    """

    ruleset: Ruleset
    players: int
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    number: int | None = None

    def __post_init__(self) -> None:
        if self.number is not None and self.deck != numbered_deck(self.number):
            raise InvalidInputError(
                f"deal {self.number} of the portable generator is not this deal's pack"
            )

    def states(self) -> tuple[State, ...]:
        """Every position of the deal by the engine, from the deal to the end.

        The engine's own errors, with where in the record they arise: malformed
        (:class:`InvalidInputError`: the table or the pack), against the rules
        (:class:`IllegalActionError` naming the rule the action breaks, and the action by
        its number), or a deal that does not end with the last action.
        """
        state = new_deal(self.ruleset, self.players, self.dealer, self.deck)
        states = [state]
        for index, action in enumerate(self.actions, 1):
            try:
                state = apply(state, action)
            except IllegalActionError as error:
                raise IllegalActionError(
                    error.rule_id, f"action {index}, {str(action)!r}: {error.message}"
                ) from error
            states.append(state)
        if state.phase != Phase.OVER:
            assert state.to_act is not None
            raise InvalidInputError(
                f"the deal is not over after its {len(self.actions)} actions: seat "
                f"{state.to_act} is still to act ({state.phase.code}); a replay needs every "
                "action to the end of the deal"
            )
        return tuple(states)


def format_deal(record: DealRecord) -> str:
    """The text of a replay link's fragment for ``record`` (without the ``#``)."""
    fields = [
        ("ruleset", ruleset_field(record.ruleset)),
        ("players", str(record.players)),
        ("dealer", str(record.dealer)),
    ]
    if record.number is not None:
        fields.append(("deal", str(record.number)))
    else:
        fields.append(("deck", "".join(format_card(card) for card in record.deck)))
    fields.append(("actions", ",".join(str(a).replace(" ", "+") for a in record.actions)))
    return "&".join(f"{key}={value}" for key, value in fields)


def _number(text: str, what: str, limit: int) -> int:
    # The length first: Python refuses to read a number of more than 4,300 digits.
    if not re.fullmatch(f"[0-9]{{1,{len(str(limit))}}}", text) or int(text) > limit:
        raise InvalidInputError(
            f"{what}: want a whole number from 0 to {limit}, got {_shown(text)}"
        )
    return int(text)


def parse_deal(text: str) -> DealRecord:
    """The deal a replay link's fragment describes (:func:`format_deal`'s text; a whole
    link, a leading ``#`` and percent-escapes are accepted); :class:`InvalidInputError`
    naming the field that is wrong. Whether the actions are legal is the engine's to say:
    :meth:`DealRecord.states`."""
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if not text:
        raise InvalidInputError(
            "the link carries no deal: it ends with '#' and then "
            "ruleset=...&players=...&dealer=...&deal=...&actions=..."
        )
    fields: dict[str, str] = {}
    for item in text.split("&"):
        key, eq, value = item.partition("=")
        key = unquote(key)
        if not eq:
            raise InvalidInputError(f"{key!r} needs a value: write {key}=...")
        if key not in _DEAL_KEYS:
            raise InvalidInputError(
                f"unknown field {key!r}: the fields are {', '.join(_DEAL_KEYS)}"
            )
        if key in fields:
            raise InvalidInputError(f"the field {key!r} is given twice")
        fields[key] = unquote(value).strip()
    missing = [k for k in ("ruleset", "players", "dealer", "actions") if k not in fields]
    if missing:
        raise InvalidInputError(f"the link has no {' and no '.join(missing)} field")
    if ("deal" in fields) == ("deck" in fields):
        raise InvalidInputError(
            "the link needs the pack once: either deal=NUMBER (the portable deal generator) "
            "or deck=CARDS (36 cards run together)"
        )
    ruleset = parse_ruleset_field(fields["ruleset"])
    players = _number(fields["players"], "players", 99)
    dealer = _number(fields["dealer"], "dealer", 99)
    number: int | None = None
    deck: tuple[Card, ...] = ()
    if "deal" in fields:
        number = _number(fields["deal"], "deal", _MAX_DEAL_NUMBER)
        deck = numbered_deck(number)
    else:
        deck = tuple(_read_cards(fields["deck"], "deck"))
        if len(deck) != len(CARDS) or len(set(deck)) != len(CARDS):
            twice = sorted({format_card(c) for c in deck if deck.count(c) > 1})
            detail = f"; written twice: {' '.join(twice)}" if twice else ""
            raise InvalidInputError(f"deck: a pack is 36 different cards, got {len(deck)}{detail}")
    actions: list[Action] = []
    for n, word in enumerate(filter(None, fields["actions"].split(",")), 1):
        try:
            actions.append(parse_action(word.replace("+", " ").strip()))
        except InvalidInputError as error:
            raise InvalidInputError(f"actions, number {n}: {error}") from None
    return DealRecord(ruleset, players, dealer, deck, tuple(actions), number)
