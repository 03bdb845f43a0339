"""The game by replay near the divergence: a departure no swap explains, localised.

When no broken twin or rival reading reproduces a group of failing games, the step where
each first parts still says much: its phase, the typed differences of the answers there
(:mod:`frogspec.conform.evidence`) and the rules the reference evaluates at that step and
not at the step before (a rule that only comes into play there). :func:`localise` takes
the rule of the part of the game the differences belong to (the trump of a contract, the
duties of the play, the laying away, the auction's end) that is new at the diverging step
on most of the group's games, and finds ``when`` from the situations' features: those of
the diverging steps against those of the earlier steps of the same phase, where the
engine agreed (:func:`frogspec.conform.conditions.condition_of`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from frogspec._types import Json
from frogspec.conform.conditions import (
    PLAY_NAMES,
    Condition,
    ConditionTerm,
    condition_of,
    play_features,
    trick_features,
)
from frogspec.conform.evidence import (
    Difference,
    FieldChanged,
    JumpRefusedOver,
    LegalChanged,
    OfferedAfterPass,
    OfferedOverStanding,
    OpenerRefused,
    OverbidNotAskedAgain,
    PaymentsChanged,
    PointsChanged,
    SeatChanged,
    TrumpNamedAfterLayAway,
    TurnPassedOver,
)
from frogspec.errors import FrogError
from frogspec.harness import Adjust
from frogspec.questions import Question
from frogspec.rules.cards import cards_of, format_card, rank_of, suit_of
from frogspec.rulesets import Ruleset

__all__ = [
    "Localised",
    "RanksLeftOut",
    "condition_at",
    "first_bidder_model",
    "held_back_until_trumps_played",
    "localise",
    "opener_model",
    "step_features",
    "trump_model",
    "widow_model",
]


#: How many of a group's games are replayed to localise it.
REPLAYED = 12

#: How many of a group's games, and of the passed cases, its condition is found from.
CONDITIONED = 40

#: How many steps before the divergence count as "before" it: a rule they evaluate is
#: not one that only comes into play at the diverging step.
EARLIER_STEPS = 8

#: The features a ``when`` of a game's step may name, the most general first.
STEP_NAMES = (
    "contract",
    "players",
    "phase",
    "all_passed",
    "eldest_to_bid",
    "first_bid",
    "last_to_speak",
    "bid",
    "first_trick",
    "last_trick",
    *PLAY_NAMES,
    "holds_counter",
    "bidder_leads",
    "bidder_eldest",
)


@dataclass(frozen=True)
class RanksLeftOut:
    """Every game's legal list only leaves out actions of one kind on cards of a few
    ranks (and some game lists a card of another rank), or on exactly the cards of one
    origin the player holds (those he took from the widow, or those dealt to his hand),
    listing them on the other's, or on exactly the cards or suits with one property of his
    hand (:func:`_narrowed_by`): what the cards left out share."""

    #: The kind of the actions left out (``discard``, ``play``...).
    verb: str
    #: The ranks of their cards, in order (empty where their origin is what they share).
    ranks: tuple[str, ...]
    #: The first few actions left out, in the first game.
    examples: tuple[str, ...]
    #: Where the cards left out came from, where that is what they share: ``"widow"`` or
    #: ``"hand"`` (empty: their ranks).
    origin: str = ""
    #: Where what they share is a property of their suit in the player's hand (a key of
    #: :data:`_HAND_PROPERTIES`: ``trump``, ``shorter``, ``not_held``), and the list keeps
    #: every other action of the kind, that property (empty: their ranks or origin).
    in_hand: str = ""
    #: Whether every departing step is a lead (the trick empty).
    leads: bool = False
    #: Where the engine's list of the trumps the bidder may name holds the same suits on
    #: every game, whatever he holds, those suits (``("C", "S")``; empty: what the
    #: actions left out share is not the suits listed).
    suits: tuple[str, ...] = ()


def _suit_lengths(state: Any) -> Counter[str]:
    from frogspec.rules.cards import suit_of

    return Counter(suit_of(c).letter for c in cards_of(state.hands[state.to_act]))


def _is_trump(state: Any, suit: str, listed: Sequence[str]) -> bool:
    return state.trump is not None and suit == state.trump.letter


def _not_trump(state: Any, suit: str, listed: Sequence[str]) -> bool:
    return state.trump is not None and suit != state.trump.letter


def _shorter(state: Any, suit: str, listed: Sequence[str]) -> bool:
    lengths = _suit_lengths(state)
    return lengths[suit] < max(lengths[s] for s in listed)


def _not_held(state: Any, suit: str, listed: Sequence[str]) -> bool:
    return _suit_lengths(state)[suit] == 0


def _fewer_than(cards: int) -> Callable[[Any, str, Sequence[str]], bool]:
    """The property of a suit he holds fewer than ``cards`` cards of."""

    def fewer(state: Any, suit: str, listed: Sequence[str]) -> bool:
        return _suit_lengths(state)[suit] < cards

    return fewer


#: The properties of a card's or a named suit's place in the player's hand a legal list
#: may be narrowed by: each takes the position, the suit of the action and the suits of
#: the reference's actions of that kind. ``trump``: of the trump suit; ``not_trump``: of
#: another suit than the trump; ``shorter``: a suit he holds fewer cards of than another
#: listed; ``not_held``: a suit he holds none of; ``fewer_than_N``: a suit he holds fewer
#: than N cards of.
_HAND_PROPERTIES: dict[str, Callable[[Any, str, Sequence[str]], bool]] = {
    "trump": _is_trump,
    "not_trump": _not_trump,
    "shorter": _shorter,
    "not_held": _not_held,
    **{f"fewer_than_{n}": _fewer_than(n) for n in (2, 3, 4)},
}


def _suit_of_action(action: str) -> str:
    """The suit an action names or plays (``trump D``: ``D``; ``play 10H``: ``H``)."""
    return action.split(" ")[-1][-1:]


def _narrowed_by(divergences: Sequence[Any], assumed: Adjust | None) -> RanksLeftOut | None:
    """Where every game's legal list leaves out exactly the reference's actions of one
    kind with one property of the hand (:data:`_HAND_PROPERTIES`, the first that separates
    them on every game) and keeps at least one other, that property; else ``None``."""
    from frogspec.engine import legal_actions

    narrowed = _narrowed_positions(divergences, assumed)
    if narrowed is None:
        return None
    seen = [
        (state, [str(a) for a in legal_actions(state) if str(a).startswith(f"{c.verb} ")], c)
        for c, state in narrowed
    ]
    verbs = {c.verb for c, _ in narrowed}
    if not seen or len(verbs) != 1:
        return None
    verb = verbs.pop()
    if verb not in ("play", "discard", "trump"):
        return None
    first = divergences[0].differences[0]
    leads = all(not state.trick for state, _, _ in seen)
    for name, has in _HAND_PROPERTIES.items():
        if all(_separates(has, state, listed, set(c.lacks)) for state, listed, c in seen):
            return RanksLeftOut(verb, (), tuple(first.lacks[:3]), in_hand=name, leads=leads)
    return None


def suits_named(divergences: Sequence[Any], assumed: Adjust | None) -> RanksLeftOut | None:
    """Where every game's list of the trumps the bidder may name departs (suits left out
    or added), and the engine's list holds the same suits on every game whatever he holds,
    those suits; else ``None``."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import legal_actions

    named: set[tuple[str, ...]] = set()
    first: LegalChanged | None = None
    for divergence in divergences[:CONDITIONED]:
        change = divergence.differences[0] if divergence.differences else None
        step = _step_of(divergence)
        if not isinstance(change, LegalChanged) or change.verb != "trump" or not step:
            return None
        state = game_state(step[0], step[1][: step[2]], assumed)
        if state is None:
            return None
        listed = [str(a) for a in legal_actions(state) if str(a).startswith("trump ")]
        kept = {a for a in listed if a not in change.lacks} | set(change.adds)
        named.add(tuple(sorted({_suit_of_action(a) for a in kept})))
        first = first or change
    if first is None or len(named) != 1:
        return None
    examples = tuple((first.lacks or first.adds)[:3])
    return RanksLeftOut("trump", (), examples, suits=named.pop())


def _separates(
    has: Callable[[Any, str, Sequence[str]], bool],
    state: Any,
    listed: Sequence[str],
    lacked: set[str],
) -> bool:
    """Whether the actions ``lacked`` are exactly those ``listed`` whose suit has the
    property, and some listed action is kept."""
    suits = [_suit_of_action(a) for a in listed]
    try:
        left_out = {a for a in listed if has(state, _suit_of_action(a), suits)}
    except (ValueError, KeyError):
        return False
    return left_out == lacked and len(left_out) < len(listed)


def _card_origin(state: Any, card: int) -> str:
    """Where a card the player holds came from: ``"widow"`` (one of the widow's cards, taken
    up) or ``"hand"`` (dealt to him)."""
    return "widow" if state.widow >> card & 1 else "hand"


@dataclass(frozen=True)
class Localised:
    """A group of games localised: the ``rule`` of the part of the game that departs,
    the ``condition`` that sets its diverging steps apart, and what the engine does
    instead, as values: the ranks its legal lists leave out (``left_out``), else the typed
    ``differences`` of its smallest example (said by
    :func:`frogspec.conform.words.instead_words`)."""

    rule: str
    condition: Condition
    #: The differences of the group's smallest example.
    differences: tuple[Difference, ...]
    #: The ranks every game's legal list leaves out, where that is all it does.
    left_out: RanksLeftOut | None = None
    #: The games replayed, and on how many of them the rule is the one localised.
    replayed: int = 0
    agreeing: int = 0
    #: The seat the smallest example's engine asks to bid again after he passed and
    #: another bid since, where that is the departure (:func:`_asked_again`).
    asked_again: int | None = None
    #: Where the engine's auction opens with another player than eldest hand, that
    #: player's part at the table (``"dealer"``, ``"eldest's left"``, or ``""``: none of
    #: these) (:func:`_first_bidder`).
    first_bidder: str | None = None
    #: Where the engine lets a player bid fewer contracts at his first turn (it lists
    #: fewer, or does not ask him where he might still bid), the contracts it leaves out
    #: (:func:`_not_biddable`).
    not_biddable: tuple[str, ...] = ()
    #: Where the engine refuses those contracts to the opening bid alone (once the opener
    #: has passed, the next player may bid them, no bid standing still): what it lets that
    #: player bid (:func:`_opener_refused`).
    opener_refused: OpenerRefused | None = None
    #: Where the engine lets a player bid only the next contract above the standing bid
    #: (the lowest where none stands), a contract it refuses so being bid over a lower one
    #: elsewhere, the ruleset's contracts in order (:func:`_next_bid_only`).
    next_bid_only: tuple[str, ...] = ()
    #: Where the engine does not let the contracts next above a standing bid outbid it,
    #: while higher ones still do: the standing contract, the contracts it ranks equal
    #: with it, and those that still outbid it (:func:`_ranked_equal`).
    ranked_equal: tuple[str, tuple[str, ...], tuple[str, ...]] | None = None
    #: Where the engine lets a player who has bid and been overbid bid again only when his
    #: turn comes round (it asks the next in turn where the reference asks him at once, or
    #: asks him again in turn where the reference's auction has ended) (:func:`_in_turn`).
    overbid_in_turn: bool = False
    #: Where the engine asks the next in turn, as above, but once the others have passed
    #: leaves the auction without asking the player overbid again: each speaks once
    #: (:func:`_not_asked_again`; ``overbid_in_turn`` is then false).
    not_asked_again: OverbidNotAskedAgain | None = None
    #: Where the engine sets the trump of a contract whose bidder names it, on every game
    #: the suit of one card of the widow: that card's place in the deal (0: the first
    #: dealt), and whether it is counted among the cards of the suits he may name only
    #: (those of the others passed over) (:func:`_trump_from_widow`).
    trump_from_widow: tuple[int, bool] | None = None
    #: Where the engine's bidder names the trump of a contract whose trump is fixed: the
    #: contracts, and the suits the engine lets him name (:func:`_trump_asked`).
    trump_named: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    #: Where the engine lets one player take the standing bid over by bidding the same
    #: contract (on every game the same part at the table: ``"eldest"``, ``"last"``, or
    #: ``""``), that part (:func:`_holder`).
    holds: str | None = None
    #: The point of the rules it departs from where each ruleset answers it by a rule of
    #: its own (a :class:`~frogspec.questions.Question` value, as ``"auction_procedure"``):
    #: ``rule`` is the one of most games, the deviation's ``also`` names the others.
    question: str | None = None


def _leading(differences: Sequence[Difference]) -> Difference:
    """The difference the others may follow from: the trump of a contract both play, where
    it differs (what may be laid away or played follows from it); else the first."""
    trump = _trump_changed(differences)
    before = any(isinstance(d, FieldChanged) and d.name in _BEFORE_THE_TRUMP for d in differences)
    if trump is None or trump.reference is None or before:
        return differences[0]
    return trump


def _trump_changed(differences: Sequence[Difference]) -> FieldChanged | None:
    """The difference of the trump among ``differences``, if any."""
    return next((d for d in differences if isinstance(d, FieldChanged) and d.name == "trump"), None)


#: The fields of a game whose difference comes before the trump's: the game is another.
_BEFORE_THE_TRUMP = frozenset({"phase", "contract", "bidder"})


def _families(difference: Difference, phase: str | None) -> tuple[str, ...]:
    """The parts of the rulebook (rule id prefixes) a difference at a phase belongs to."""
    if isinstance(difference, LegalChanged) or (
        isinstance(difference, SeatChanged) and difference.name == "to_act"
    ):
        return {
            "auction": ("auction.",),
            "discard": ("widow.",),
            "trump": ("trump.",),
            "play": ("play.", "cards."),
        }.get(phase or "", ())
    if isinstance(difference, FieldChanged) and difference.name == "trump":
        return ("trump.",)
    if isinstance(difference, (SeatChanged, FieldChanged)) and phase == "auction":
        return ("auction.",)
    if isinstance(difference, PointsChanged):
        return ("scoring.", "widow.")
    if isinstance(difference, PaymentsChanged):
        return ("settlement.",)
    return ()


def step_features(
    request: Mapping[str, Json],
    actions: Sequence[Json],
    step: int,
    assumed: Adjust | None = None,
) -> dict[str, Json]:
    """The features of one step of a game (the position before ``actions[step]``, the
    action, and what follows), in the terms of :data:`frogspec.conform.words.
    FEATURE_WORDS`; empty if the reference has no such position."""
    from frogspec.conform.diagnosis import game_state

    before = game_state(request, actions[:step], assumed)
    if before is None:
        return {}
    action = actions[step] if step < len(actions) else None
    features = _features(request, before, action, _played(actions[:step]))
    features.pop("after", None)
    return features


def _played(actions: Sequence[Json]) -> list[int]:
    """The cards played by ``actions``, in order."""
    from frogspec.engine import ActionKind, parse_action
    from frogspec.errors import FrogError

    cards = []
    for text in actions:
        try:
            action = parse_action(str(text))
        except (FrogError, ValueError):
            continue
        if action.kind is ActionKind.PLAY:
            cards.append(action.value)
    return cards


def _offered(agreeing: list[dict[str, Json]], divergences: Sequence[Any]) -> list[dict[str, Json]]:
    """The agreeing steps that tell when the engine leaves bids out of its list (a
    :class:`~frogspec.conform.evidence.LegalChanged` of bids, on the group's games): the
    steps where a player made one of those bids and the engine took it. A step of a game
    the engine answered alike shows only that the action taken there was allowed, not
    that the engine would have listed the bid it leaves out elsewhere. All of
    ``agreeing`` for any other group, or where no such step was seen (nothing then tells
    the departing steps from the others better than the steps themselves)."""
    lacked: set[str] = set()
    for divergence in divergences[:CONDITIONED]:
        change = LegalChanged.in_(divergence.differences)
        if change is None or change.verb != "bid" or not change.lacks or change.adds:
            return agreeing
        lacked.update(change.lacks)
    shown = [f for f in agreeing if f.get("bid") in lacked]
    return shown or agreeing


def _game_features(
    request: Mapping[str, Json], limit: int = 60, assumed: Adjust | None = None
) -> list[dict[str, Json]]:
    """The features of every step of a ``game`` request (or a ``match``'s deals), played
    once through the reference (the first ``limit`` steps), under the departures
    ``assumed``."""
    from frogspec.conform.diagnosis import game_state

    found: list[dict[str, Json]] = []
    for game in _games(request):
        actions = game.get("actions")
        state = game_state(game, [], assumed)
        if state is None or not isinstance(actions, list):
            continue
        for at, action in enumerate(actions[:limit]):
            features = _features(game, state, action, _played(actions[:at]))
            if features.get("after") is None:
                break
            found.append(features)
            state = features.pop("after")
    return found


def _games(request: Mapping[str, Json]) -> list[Mapping[str, Json]]:
    if request.get("op") in ("game", "perft"):
        return [request]
    if request.get("op") != "match" or not isinstance(request.get("deals"), list):
        return []
    from frogspec.rules.deal import next_dealer_left

    games: list[Mapping[str, Json]] = []
    dealer = request.get("first_dealer")
    players = request.get("players")
    for deal in request["deals"]:
        if (
            not isinstance(deal, dict)
            or not isinstance(dealer, int)
            or not isinstance(players, int)
        ):
            break
        games.append({**request, "op": "game", "dealer": dealer, **deal})
        dealer = next_dealer_left(dealer, players)
    return games


def _features(
    request: Mapping[str, Json], before: Any, action: Json, played: Sequence[int] = ()
) -> dict[str, Json]:
    from frogspec.engine import Phase, apply, parse_action
    from frogspec.errors import FrogError

    after = None
    if action is not None:
        try:
            after = apply(before, parse_action(str(action)))
        except (FrogError, ValueError):
            after = None
    now = after or before
    features: dict[str, Json] = {
        "ruleset": request.get("ruleset"),
        "players": request.get("players"),
        "phase": before.phase.code,
        "contract": now.contract.code if now.contract is not None else None,
        "after": after,
        # Not a term of a condition: whether the step ends the deal, its count and payments
        # said at once (:func:`_situations` compares such steps with their like only).
        "deal_over": after is not None and after.phase is Phase.OVER,
        # Not a term either: whether the step begins the play (its first lead follows).
        "play_begins": after is not None
        and after.phase is Phase.PLAY
        and before.phase is not Phase.PLAY,
    }
    if now.bidder is not None:
        # Who leads the first trick by the rules (eldest hand) may be the bidder.
        features["bidder_eldest"] = bool(now.order) and now.bidder == now.order[0]
    if before.phase is Phase.AUCTION:
        features["last_to_speak"] = _pass_ends_deal(before)
        features["first_bid"] = not before.auction
        standing = _standing(before)
        features["standing"] = standing.code if standing is not None else None
        features["eldest_to_bid"] = bool(before.order) and before.to_act == before.order[0]
        features["has_bid"] = any(
            seat == before.to_act and bid is not None for seat, bid in before.auction
        )
    if before.phase is Phase.AUCTION and action is not None:
        features["bid"] = str(action)
        features["all_passed"] = (
            after is not None and after.phase is Phase.OVER and after.bidder is None
        )
    seat = before.to_act
    held = list(cards_of(before.hands[seat])) if seat is not None else []
    if before.phase is Phase.DISCARD:
        features["holds_counter"] = any(rank_of(c) in ("A", "10") for c in held)
    if before.phase is Phase.PLAY:
        trump = before.trump.letter if before.trump is not None else None
        features.update(play_features(held, before.trick, trump))
        features.update(
            {
                "first_trick": before.tricks == 0,
                "last_trick": len(held) <= 1,
                "bidder_leads": not before.trick and seat == before.bidder,
                # Not a term of the replay's conditions: whether a trump has been played
                # in the deal before the step (:func:`held_back_until_trumps_played`).
                "trumps_played": trump is not None
                and any(suit_of(c).letter == trump for c in played),
            }
        )
        # What the trick holds: the one being played with the card of the step, or at a
        # lead the one just taken (where who won it shows).
        just_taken = list(played[-len(before.order) :]) if before.tricks else []
        card = _played([action]) if action is not None else []
        trick = list(before.trick) + card if (before.trick or card) else just_taken
        features.update(trick_features([format_card(c) for c in trick], trump))
    return features


def _step_of(divergence: Any) -> tuple[Mapping[str, Json], list[Json], int] | None:
    """The game request, its actions and the index of the step where it parts."""
    request = divergence.request
    if not isinstance(request, dict) or request.get("op") != "game":
        return None
    actions = request.get("actions")
    step = divergence.game_step
    if not isinstance(actions, list) or not isinstance(step, int):
        return None
    return request, actions, step


def _rule_at(divergence: Any, families: tuple[str, ...], assumed: Adjust | None) -> str | None:
    """The rule of the families the reference evaluates at the diverging step and not at
    the step before it (else the first of the families it evaluates there)."""
    from frogspec.conform.diagnosis import step_evaluates

    found = _step_of(divergence)
    if found is None or not families:
        return None
    request, actions, step = found
    candidates = [str(r) for r in divergence.rules if str(r).startswith(families)]
    if _pass_is_final_rule() in candidates and not _passer_to_act(divergence, assumed):
        # No player who passed is asked again: the pass was final, whatever departs.
        candidates.remove(_pass_is_final_rule())
    if not candidates:
        return None
    earlier: set[str] = set()
    # Where only the legal list parts, the step before listed that very list: only
    # applying its action comes before the divergence.
    listed_here = all(
        isinstance(d, LegalChanged) or d.READ_OFF_ANOTHER_ANSWER for d in divergence.differences
    )
    for before in range(max(0, step - EARLIER_STEPS), step):
        applying_only = listed_here and before == step - 1
        earlier |= step_evaluates(request, actions, before, assumed, applying_only)
    new = [r for r in candidates if r not in earlier]
    return (new or candidates)[0]


def _not_outbidding(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of the order of the bids, where the engine lets a player bid what does not
    outbid the standing bid (an equal bid, or a lower one): whatever else follows from it,
    the order of the contracts is what it departs from. ``None`` elsewhere."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import ActionKind, Phase, parse_action
    from frogspec.registry import rule_for_function
    from frogspec.rules.auction import Contract, outbids

    first = divergence.differences[0] if divergence.differences else None
    found = _step_of(divergence)
    if not isinstance(first, LegalChanged) or not first.adds or found is None:
        return None
    request, actions, step = found
    state = game_state(request, actions[:step], assumed)
    if state is None or state.phase is not Phase.AUCTION:
        return None
    standing = _standing(state)
    if standing is None:
        return None
    for added in first.adds:
        try:
            action = parse_action(added)
        except FrogError:
            continue
        if action.kind is ActionKind.BID and not outbids(Contract(action.value), standing):
            entry = rule_for_function(outbids)
            return entry.id if entry is not None else None
    return None


def _equal_bid(divergence: Any, assumed: Adjust | None) -> tuple[int, Any] | None:
    """Where the engine lets a player bid the very contract that stands in the reference's
    auction (its legal list adds it), whether or not the reference's auction has ended:
    that player's seat and the reference's position; ``None`` elsewhere."""
    change = LegalChanged.in_(divergence.differences)
    state = _answered(divergence, assumed)
    if change is None or state is None or not state.auction:
        return None
    standing = _standing(state)
    if standing is None or standing.code not in change.adds:
        return None
    moved = SeatChanged.to_act_in(divergence.differences)
    seat = moved.engine if moved is not None else state.to_act
    return (seat, state) if isinstance(seat, int) else None


def _holding_rule(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of the order of the bids, where the engine lets a player take the standing
    bid over by bidding the same contract (:func:`_equal_bid`): whatever follows (the
    auction going on where it has ended), that an equal bid outbids is what it departs
    from. ``None`` elsewhere."""
    from frogspec.rules.auction import outbids

    return None if _equal_bid(divergence, assumed) is None else _rule_of(outbids)


def _holder(divergences: Sequence[Any], assumed: Adjust | None) -> str | None:
    """Where on every game the engine lets a player take the standing bid over by bidding
    the same contract (:func:`_equal_bid`): ``"eldest"`` where that player is eldest hand
    on every game, ``"last"`` where he is the last to speak in turn (the last of the active
    seats), ``"ahead"`` where he speaks before the player whose bid stands in the order of
    bidding (nearer eldest hand), else ``""``; ``None`` elsewhere."""
    found = [f for d in divergences[:CONDITIONED] if (f := _equal_bid(d, assumed)) is not None]
    if not found or len(found) < len(divergences[:CONDITIONED]):
        return None
    for part, at in (("eldest", 0), ("last", -1)):
        if all(state.order[at] == seat for seat, state in found):
            return part
    if all(_ahead_of_the_holder(seat, state) for seat, state in found):
        return "ahead"
    return ""


def _ahead_of_the_holder(seat: int, state: Any) -> bool:
    """Whether ``seat`` speaks before the player whose bid stands, in the order of bidding."""
    entry = _standing_entry(state)
    order = list(state.order)
    if entry is None or entry[0] not in order or seat not in order:
        return False
    return order.index(seat) < order.index(entry[0])


def _pass_ends_deal(state: Any) -> bool:
    """Whether a pass in the auction's position would end the deal with every player
    passed: every other active player has passed and no bid stands."""
    from frogspec.engine import PASS, Phase, apply

    try:
        after = apply(state, PASS)
    except (FrogError, ValueError):
        return False
    return after.phase is Phase.OVER and after.bidder is None


def _not_passing_out(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of what happens when all pass, where the engine's legal list leaves out
    the pass that would end the deal with every player passed (the last to speak must
    bid): whatever else it lists, the deal not passed out is what it departs from.
    ``None`` elsewhere."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import Phase
    from frogspec.registry import rule_for_function
    from frogspec.rules.auction import all_pass_ends_deal

    first = divergence.differences[0] if divergence.differences else None
    found = _step_of(divergence)
    if not isinstance(first, LegalChanged) or "pass" not in first.lacks or found is None:
        return None
    request, actions, step = found
    state = game_state(request, actions[:step], assumed)
    if state is None or state.phase is not Phase.AUCTION or not _pass_ends_deal(state):
        return None
    entry = rule_for_function(all_pass_ends_deal)
    return entry.id if entry is not None else None


def _asked_again(divergence: Any, assumed: Adjust | None) -> int | None:
    """The seat the engine asks to bid where it has already passed in the reference's
    auction, a bid having been made after his pass (the engine still in the auction,
    whether or not the reference's has ended); ``None`` elsewhere."""
    moved = SeatChanged.to_act_in(divergence.differences)
    seat = moved.engine if moved is not None else None
    if not isinstance(seat, int):
        return None
    phase = next(
        (d for d in divergence.differences if isinstance(d, FieldChanged) and d.name == "phase"),
        None,
    )
    # The position the engine answered at: after the step's own action, where it parts
    # after one (the bid that ends the reference's auction is a bid since his pass).
    state = _answered(divergence, assumed)
    if state is None:
        return None
    in_auction = phase.engine == "auction" if phase is not None else state.phase.code == "auction"
    history = list(state.auction)
    passes = [at for at, (who, bid) in enumerate(history) if who == seat and bid is None]
    if not in_auction or not passes:
        return None
    bid_since = any(bid is not None for _, bid in history[passes[0] + 1 :])
    return seat if bid_since else None


def _pass_is_final_rule() -> str:
    """The rule that a player who has passed may not bid again."""
    from frogspec.rules.auction import still_bidding

    return _rule_of(still_bidding)


def _passer_asked_again(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule that a pass is final, where the engine asks a player to bid again after he
    has passed and another has bid since (:func:`_asked_again`); ``None`` elsewhere."""
    return None if _asked_again(divergence, assumed) is None else _pass_is_final_rule()


def _passer_to_act(divergence: Any, assumed: Adjust | None) -> bool:
    """Whether the engine's player to act at the divergence has passed already in the
    reference's auction (his pass not final by the engine)."""
    moved = SeatChanged.to_act_in(divergence.differences)
    state = _answered(divergence, assumed)
    if state is None:
        return False
    seat = moved.engine if moved is not None else state.to_act
    return any(who == seat and bid is None for who, bid in state.auction)


def _answered(divergence: Any, assumed: Adjust | None) -> Any:
    """The reference's position the engine answered at the divergence (after the actions
    of its request), or ``None``."""
    from frogspec.conform.diagnosis import game_state

    found = _step_of(divergence)
    return game_state(found[0], found[1], assumed) if found is not None else None


def _next_in_turn(state: Any) -> int | None:
    """The seat whose turn comes next in an auction, going round from the last to speak
    and passing over those who have passed; ``None`` before any has spoken."""
    order = list(state.order)
    if not state.auction or state.auction[-1][0] not in order:
        return None
    passed = {who for who, bid in state.auction if bid is None}
    at = order.index(state.auction[-1][0])
    following = (order[(at + k) % len(order)] for k in range(1, len(order) + 1))
    return next((seat for seat in following if seat not in passed), None)


def _in_turn(divergence: Any, assumed: Adjust | None) -> bool:
    """Whether the engine asks the next player in turn (:func:`_next_in_turn`) where the
    reference asks one who has been overbid at once, or asks an overbid player again, in
    his turn, where the reference does not: an overbid player speaks again when his turn
    comes round."""
    from frogspec.engine import Phase

    moved = SeatChanged.to_act_in(divergence.differences)
    state = _answered(divergence, assumed)
    if moved is None or state is None or moved.engine != _next_in_turn(state):
        return False
    overbid = OverbidNotAskedAgain.overbid(state)
    if moved.engine in overbid:
        return True
    return state.phase is Phase.AUCTION and moved.reference in overbid


def _first_bidder(divergence: Any, assumed: Adjust | None) -> str | None:
    """Where the engine's auction opens with another player than the reference's (eldest
    hand), that player's part at the table (:func:`frogspec.conform.accounting.seat_role`:
    ``"dealer"``, ``"eldest's left"``, or ``""``); ``None`` elsewhere."""
    from frogspec.conform.accounting import seat_role

    opening = _opened_by(divergence, assumed)
    return None if opening is None else seat_role(*opening)


def _opened_by(divergence: Any, assumed: Adjust | None) -> tuple[Any, int] | None:
    """Where the engine's auction opens with another player than the reference's (eldest
    hand): the position at the opening (no one has spoken) and the engine's player to
    bid; ``None`` elsewhere."""
    from frogspec.engine import Phase

    moved = SeatChanged.to_act_in(divergence.differences)
    if moved is None or not isinstance(moved.engine, int) or _phase_moved(divergence):
        return None
    state = _answered(divergence, assumed)
    if state is None or state.phase is not Phase.AUCTION or state.auction:
        return None
    return (state, moved.engine) if state.to_act == moved.reference else None


#: The parts at the table an auction may open with, the most telling first where one
#: seat is several (at three players the dealer is the last hand).
_OPENERS = ("eldest's left", "dealer", "last hand")


def _opener_roles(state: Any, seat: int) -> tuple[str, ...]:
    """The parts at the table of :data:`_OPENERS` that ``seat`` has at the auction's
    opening: eldest's left, the dealer, the last hand (who speaks last in turn from
    eldest)."""
    order = tuple(state.order)
    roles = {
        "eldest's left": len(order) > 1 and seat == order[1],
        "dealer": seat == state.dealer,
        "last hand": len(order) > 1 and seat == order[-1],
    }
    return tuple(role for role in _OPENERS if roles[role])


def _first_bidder_of(divergences: Sequence[Any], assumed: Adjust | None) -> str | None:
    """The part at the table of the player the engine's auction opens with, one for the
    group's games (:func:`_first_bidder`): the one of :data:`_OPENERS` every such game's
    opener has (the last hand, where the dealer is one at three players and sits out at
    four), else the first game's; ``None`` where the first game's auction opens as the
    reference's."""
    first = _first_bidder(divergences[0], assumed)
    if first is None:
        return None
    # The first game's opening among them: never empty.
    openings = [o for d in divergences[:CONDITIONED] if (o := _opened_by(d, assumed)) is not None]
    shared = set.intersection(*(set(_opener_roles(*opening)) for opening in openings))
    return next((role for role in _OPENERS if role in shared), first)


def _first_bidder_rule(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of the seats' order (eldest hand bids first), where the engine's auction
    opens with another player (:func:`_first_bidder`); ``None`` elsewhere."""
    from frogspec.rules.seats import eldest_first

    return None if _first_bidder(divergence, assumed) is None else _rule_of(eldest_first)


def _phase_moved(divergence: Any) -> FieldChanged | None:
    """The divergence's difference of phase, if any."""
    return next(
        (d for d in divergence.differences if isinstance(d, FieldChanged) and d.name == "phase"),
        None,
    )


def _not_asked(divergence: Any, assumed: Adjust | None) -> bool:
    """Whether the engine has ended the auction, a bid standing, where the reference asks a
    player who has not spoken yet, who might still outbid it."""
    from frogspec.engine import Phase

    phase = _phase_moved(divergence)
    if phase is None or phase.reference != "auction" or phase.engine in ("auction", "over"):
        return False
    state = _answered(divergence, assumed)
    return (
        state is not None
        and state.phase is Phase.AUCTION
        and any(bid is not None for _, bid in state.auction)
        and all(who != state.to_act for who, _ in state.auction)
    )


def _not_biddable(divergence: Any, assumed: Adjust | None) -> tuple[str, ...]:
    """The contracts the engine does not let a player bid at his first turn in the
    auction: those its legal list leaves out (adding none), or, where it does not ask him
    (:func:`_not_asked`), every contract the reference lets him bid. Empty elsewhere."""
    from frogspec.engine import ActionKind, Phase, legal_actions

    state = _answered(divergence, assumed)
    if state is None or state.phase is not Phase.AUCTION:
        return ()
    if any(who == state.to_act for who, _ in state.auction):
        return ()  # he has spoken: a raise, or a pass not final, is another rule's
    if _not_asked(divergence, assumed):
        return tuple(str(a) for a in legal_actions(state) if a.kind is ActionKind.BID)
    first = divergence.differences[0] if divergence.differences else None
    if not isinstance(first, LegalChanged) or first.adds or not first.lacks:
        return ()
    bids = {str(a) for a in legal_actions(state) if a.kind is ActionKind.BID}
    return tuple(first.lacks) if set(first.lacks) <= bids else ()


def _standing(state: Any) -> Any:
    """The bid standing in an auction's position (the last made), or ``None``."""
    entry = _standing_entry(state)
    return None if entry is None else entry[1]


def _standing_entry(state: Any) -> tuple[int, Any] | None:
    """The seat that made the bid standing in an auction's position, and that bid, or
    ``None``."""
    return next(((seat, bid) for seat, bid in reversed(state.auction) if bid is not None), None)


def _first_turn_bids(
    divergence: Any, assumed: Adjust | None
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], str | None] | None:
    """At a player's first turn in the auction where the engine's legal list lacks
    contracts (:func:`_not_biddable`, the player asked): the ruleset's contracts in
    order, those above the standing bid (all where none stands), those the engine still
    offers there and the standing contract; ``None`` elsewhere."""
    from frogspec.engine import ActionKind, legal_actions

    lacks = _not_biddable(divergence, assumed)
    state = _answered(divergence, assumed)
    if not lacks or state is None or _not_asked(divergence, assumed):
        return None
    contracts = tuple(c.code for c in state.ruleset.rules.contracts())
    offered = tuple(
        str(a) for a in legal_actions(state) if a.kind is ActionKind.BID and str(a) not in lacks
    )
    standing = _standing(state)
    above = contracts[contracts.index(standing.code) + 1 :] if standing else contracts
    return contracts, above, offered, standing.code if standing else None


def _contract_order(ruleset: Json) -> tuple[str, ...]:
    """The contracts of the ruleset named, lowest first (none for a name not known)."""
    from frogspec.rulesets import get_ruleset

    try:
        return tuple(c.code for c in get_ruleset(str(ruleset)).rules.contracts())
    except (KeyError, ValueError, LookupError):
        return ()


def _steps_above(situation: Mapping[str, Json]) -> int:
    """How many contracts above the standing bid a situation's bid is (the lowest
    contract, with none standing, is 1); 0 where the bid is no contract of its ruleset."""
    order = _contract_order(situation.get("ruleset"))
    bid, standing = situation.get("bid"), situation.get("standing")
    if bid not in order or (standing is not None and standing not in order):
        return 0
    return order.index(str(bid)) - (order.index(str(standing)) if standing is not None else -1)


def _next_bid_only(
    divergences: Sequence[Any], agreeing: Sequence[Mapping[str, Json]], assumed: Adjust | None
) -> tuple[str, ...]:
    """The contracts in order (of the ruleset with the most), where every game's engine
    offers a player at his first turn only the contract next above the standing bid (the
    lowest where none stands), leaving out higher ones the reference offers, and where the
    engine agreed (``agreeing``, situations with ``bid`` and ``standing``) one of those was
    bid over a lower standing bid: which contracts may be bid follows the standing bid, so
    the order of the bids departs, not the contracts. Empty elsewhere."""
    refused: set[str] = set()
    orders: list[tuple[str, ...]] = []
    if _opener_refused(divergences) is not None:
        return ()  # a player after the opener's pass may bid them: no order of the bids
    for divergence in divergences[:CONDITIONED]:
        bids = _first_turn_bids(divergence, assumed)
        if bids is None or not bids[1] or bids[2] != bids[1][:1]:
            return ()
        refused |= set(bids[1][1:])
        orders.append(bids[0])
    bid_over_lower = any(
        situation.get("bid") in refused
        and situation.get("standing") is not None
        and _steps_above(situation) > 0
        for situation in agreeing
    )
    return max(orders, key=len) if orders and bid_over_lower else ()


def _refused_over_standing(
    divergences: Sequence[Any], agreeing: Sequence[Mapping[str, Json]], assumed: Adjust | None
) -> Condition | None:
    """Where every game's engine refuses contracts to a player at his first turn in the
    auction (:func:`_not_biddable`: its list lacks them, or it passes him over) over one
    standing contract, and where it agreed one of them was bid with another standing, or
    none, by a player other than the opener, or its list offers one of them once the
    opener has passed (:class:`~frogspec.conform.evidence.OfferedAfterPass`): which
    contracts may be bid follows the standing bid, the order of the bids departs. The
    condition of the departure: that contract standing, and, where a player who had bid
    before may still bid one of them over it (an overbid Frog raising: where the engine
    agreed, or in its list for the player it asks in place of one it passes over,
    :class:`~frogspec.conform.evidence.TurnPassedOver`), the player yet to bid. ``None``
    elsewhere."""
    standing: set[Json] = set()
    refused: set[str] = set()
    for divergence in divergences[:CONDITIONED]:
        lacks = _not_biddable(divergence, assumed)
        state = _answered(divergence, assumed)
        if not lacks or state is None or _standing(state) is None:
            return None
        standing.add(_standing(state).code)
        refused |= set(lacks)
    if len(standing) != 1:
        return None
    over = standing.pop()
    # A player other than the opener (who may be the only one offered them) bidding
    # them where the engine agreed, or offered them once the opener has passed.
    offered_elsewhere = any(
        f.get("bid") in refused and f.get("standing") != over and not f.get("eldest_to_bid")
        for f in agreeing
    ) or any(
        set(d.contracts) & refused
        for divergence in divergences[:CONDITIONED]
        for d in divergence.differences
        if isinstance(d, OfferedAfterPass)
    )
    if not offered_elsewhere:
        return None  # not bid elsewhere, nor offered once the opener has passed
    # Shown where the engine agreed, or by the engine's own list for the player it asks
    # in place of one it passes over.
    raised = any(
        f.get("standing") == over and f.get("bid") in refused and f.get("has_bid") for f in agreeing
    ) or any(
        set(d.raised_to) & refused
        for divergence in divergences[:CONDITIONED]
        for d in divergence.differences
        if isinstance(d, TurnPassedOver)
    )
    terms = [ConditionTerm("standing", (over,))]
    if raised:
        terms.append(ConditionTerm("has_bid", (False,)))
    return Condition(tuple(terms))


def _opener_refused(divergences: Sequence[Any]) -> OpenerRefused | None:
    """The engine's answer one pass after the opening (an
    :class:`~frogspec.conform.evidence.OpenerRefused` among the differences), where the
    first game (the smallest) shows it: the contracts the engine refuses the opener, the
    next player may bid once he has passed. ``None`` elsewhere."""
    if not divergences:
        return None
    return next((d for d in divergences[0].differences if isinstance(d, OpenerRefused)), None)


def _ranked_equal(
    divergences: Sequence[Any], agreeing: Sequence[Mapping[str, Json]], assumed: Adjust | None
) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """Where every game's engine leaves out, over one standing contract, exactly the
    contracts next above it and still offers the higher ones (and never let a player bid
    those over it where it agreed): the standing contract, those left out (they rank equal
    with it: they do not outbid it) and those offered. ``None`` elsewhere."""
    found: set[tuple[str, tuple[str, ...], tuple[str, ...]]] = set()
    for divergence in divergences[:CONDITIONED]:
        bids = _first_turn_bids(divergence, assumed)
        if bids is None:
            return None
        _, above, offered, standing = bids
        if standing is None:
            return None
        kept = len(above) - len(offered)
        if not offered or kept < 1 or offered != above[kept:]:
            return None
        found.add((standing, above[:kept], offered))
    if len(found) != 1:
        return None
    standing, equal, offered = found.pop()
    if any(f.get("standing") == standing and f.get("bid") in equal for f in agreeing):
        return None
    return standing, equal, offered


def _not_biddable_rule(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of the contracts that may be bid, where the engine lets a player bid fewer
    at his first turn (:func:`_not_biddable`); ``None`` elsewhere."""
    if not _not_biddable(divergence, assumed):
        return None
    state = _answered(divergence, assumed)
    return state.ruleset.rule_id("contracts") if state is not None else None


def _lays_away_untouched(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of who takes the widow, where the engine's bidder lays away (its phase is
    ``discard`` where the reference's is not) in a contract whose ruleset leaves the widow
    untouched; ``None`` elsewhere."""
    from frogspec.registry import rule_for_function
    from frogspec.rules.widow import exchanges_widow

    if _untouched_widow_taken(divergence, assumed) is None:
        return None
    entry = rule_for_function(exchanges_widow)
    return entry.id if entry is not None else None


def _untouched_widow_taken(divergence: Any, assumed: Adjust | None) -> Any:
    """The contract whose bidder lays away by the engine (its phase is ``discard`` where
    the reference's is not) while its ruleset leaves the widow untouched; ``None``
    elsewhere."""
    from frogspec.conform.diagnosis import game_state

    found = _step_of(divergence)
    phase = next(
        (d for d in divergence.differences if isinstance(d, FieldChanged) and d.name == "phase"),
        None,
    )
    if found is None or phase is None or phase.engine != "discard" or phase.reference == "discard":
        return None
    request, actions, step = found
    # The position the engine answered: the reference's after the step's action.
    state = game_state(request, actions[: step + 1], assumed)
    if state is None or state.contract is None:
        return None
    if state.ruleset.rules.exchanges_widow(state.contract):
        return None
    return state.contract


def _trump_set(divergence: Any, assumed: Adjust | None) -> tuple[str, Any] | None:
    """Where the engine has set the trump (a suit) where the reference's bidder is to name
    it (its phase ``trump``, no trump yet), that suit and the reference's position; ``None``
    elsewhere."""
    from frogspec.engine import Phase

    trump = next(
        (d for d in divergence.differences if isinstance(d, FieldChanged) and d.name == "trump"),
        None,
    )
    if trump is None or not isinstance(trump.engine, str) or trump.reference is not None:
        return None
    state = _answered(divergence, assumed)
    if state is None or state.phase is not Phase.TRUMP:
        return None
    return trump.engine, state


def _fixed_trump_otherwise(divergence: Any, assumed: Adjust | None) -> tuple[str, Any] | None:
    """Where the engine gives a contract whose trump the rules fix (a Frog's hearts)
    another suit, that suit and the reference's position; ``None`` elsewhere."""
    trump = _trump_changed(divergence.differences)
    if trump is None or not isinstance(trump.engine, str) or not isinstance(trump.reference, str):
        return None
    state = _answered(divergence, assumed)
    if state is None or state.trump is None or state.contract is None:
        return None
    return trump.engine, state


def _trump_named_by_none(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of the suits a Chico's bidder may name, where the engine sets the trump
    itself where he is to name it (:func:`_trump_set`): whatever else follows (the play
    begun at once), who chooses the trump is what it departs from. ``None`` elsewhere."""
    from frogspec.questions import Question
    from frogspec.rules.auction import Contract

    found = _trump_set(divergence, assumed)
    if found is None or found[1].contract is not Contract.CHICO:
        return None
    return str(found[1].ruleset.rule_id(Question.CHICO_TRUMP))


def _trump_asked(divergence: Any, assumed: Adjust | None) -> tuple[str, tuple[str, ...]] | None:
    """Where the engine asks the bidder to name the trump (its phase ``trump``, no trump
    set) of a contract whose trump the reference fixes: the contract, and the suits the
    engine lets him name; ``None`` elsewhere. A Frog whose trump the engine leaves unset
    until the lay-away is over, then asks for, is one too
    (:class:`~frogspec.conform.evidence.TrumpNamedAfterLayAway`)."""
    later = next((d for d in divergence.differences if isinstance(d, TrumpNamedAfterLayAway)), None)
    if later is not None:
        return "frog", later.suits
    phase = _phase_moved(divergence)
    trump = next(
        (d for d in divergence.differences if isinstance(d, FieldChanged) and d.name == "trump"),
        None,
    )
    if phase is None or phase.engine != "trump" or phase.reference == "trump":
        return None
    if trump is None or trump.engine is not None or trump.reference is None:
        return None
    state = _answered(divergence, assumed)
    if state is None or state.contract is None or state.trump is None:
        return None
    change = LegalChanged.in_(divergence.differences)
    named = [a for a in change.adds if a.startswith("trump ")] if change is not None else []
    return state.contract.code, tuple(sorted(_suit_of_action(a) for a in named))


def _trump_asked_rule(divergence: Any, assumed: Adjust | None) -> str | None:
    """The rule of the trump a contract fixes, where the engine's bidder names it instead
    (:func:`_trump_asked`): whatever follows, who sets the trump is what it departs from.
    ``None`` elsewhere."""
    from frogspec.rules.trump import fixed_trump

    return None if _trump_asked(divergence, assumed) is None else _rule_of(fixed_trump)


def _trump_named(
    divergences: Sequence[Any], assumed: Adjust | None
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """Where on every game the engine's bidder names the trump of a contract whose trump
    is fixed (:func:`_trump_asked`): those contracts, and the suits he may name (those of
    every game); ``None`` elsewhere."""
    found = [_trump_asked(d, assumed) for d in divergences[:CONDITIONED]]
    asked = [f for f in found if f is not None]
    if not asked or len(asked) < len(found):
        return None
    contracts = tuple(sorted({c for c, _ in asked}))
    suits = tuple(sorted(set.intersection(*(set(s) for _, s in asked))))
    return contracts, suits


def trump_model(divergences: Sequence[Any], assumed: Adjust | None = None) -> Adjust | None:
    """The trump the engine gives a contract whose trump is fixed, as a change of the
    reference: where on every game of the group (up to :data:`CONDITIONED`) the trump
    differs at the divergence, in a contract the rules give a trump, and each contract has
    one suit by the engine. ``None`` elsewhere (a trump named by the bidder, suits that
    differ from game to game)."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.rules.cards import Suit

    suits: dict[str, str] = {}
    for divergence in divergences[:CONDITIONED]:
        changed = _trump_changed(divergence.differences)
        found = _step_of(divergence)
        if changed is None or found is None or not isinstance(changed.engine, str):
            return None
        request, actions, _ = found
        state = game_state(request, actions, assumed)  # the position whose trump differs
        if state is None or state.contract is None or state.trump is None:
            return None
        contract = state.contract.name.lower()
        if suits.setdefault(contract, changed.engine) != changed.engine:
            return None
    by_letter = {suit.letter: suit for suit in Suit}
    if not suits or not set(suits.values()) <= set(by_letter):
        return None
    trumps = {contract: by_letter[letter] for contract, letter in suits.items()}

    def adjust(ruleset: Ruleset) -> Ruleset:
        written = ruleset.rules.fixed_trump

        def fixed_trump(contract: Any) -> Any:
            return trumps.get(contract.name.lower()) or written(contract)

        return ruleset.replacing("trump.hearts-in-frog-and-grand", fixed_trump)

    return adjust


#: The rule that says which contracts' bidder takes the widow.
_WIDOW_TAKEN_RULE = "widow.untouched-in-chico-and-grand"


def widow_model(divergences: Sequence[Any], assumed: Adjust | None = None) -> Adjust | None:
    """The contracts whose bidder takes the widow by the engine, as a change of the
    reference: where on every game of the group (up to :data:`CONDITIONED`) the engine
    goes on to lay away cards where the reference does not, in a contract whose widow the
    rules leave untouched (it is taken, as in a Frog, before the trump is named). ``None``
    elsewhere.

    >>> widow_model([]) is None
    True
    """
    contracts: set[str] = set()
    for divergence in divergences[:CONDITIONED]:
        contract = _untouched_widow_taken(divergence, assumed)
        if contract is None:
            return None
        contracts.add(contract.name.lower())
    if not contracts:
        return None
    taken = frozenset(contracts)

    def adjust(ruleset: Ruleset) -> Ruleset:
        written = ruleset.rules.exchanges_widow

        def exchanges_widow(contract: Any) -> bool:
            return contract.name.lower() in taken or bool(written(contract))

        return ruleset.replacing(_WIDOW_TAKEN_RULE, exchanges_widow)

    return adjust


def opener_model(found: OpenerRefused | None) -> Adjust | None:
    """The contracts the engine refuses the player who opens the auction, as a change of
    the reference: where the group's games show them refused to the opening bid alone
    (``found``, its :attr:`Localised.opener_refused`: once he has passed, the next player
    may bid them), the opener may bid none of them, every other turn as written. ``None``
    elsewhere.

    >>> from frogspec.rules.auction import Contract
    >>> from frogspec.rulesets import get_ruleset
    >>> model = opener_model(OpenerRefused(("frog",), ("frog",), 2))
    >>> rules = model(get_ruleset("foster-1909")).rules
    >>> order, contracts = (1, 2, 0), tuple(Contract)
    >>> [c.code for c in rules.auction_procedure(order, contracts, ()).bids]
    ['chico', 'grand']
    >>> [c.code for c in rules.auction_procedure(order, contracts, ((1, None),)).bids]
    ['frog', 'chico', 'grand']
    >>> opener_model(None) is None
    True
    """
    if found is None:
        return None
    refused = frozenset(found.refused)

    def adjust(ruleset: Ruleset) -> Ruleset:
        written = ruleset.rules.auction_procedure

        def auction_procedure(order: Any, contracts: Any, history: Any) -> Any:
            turn = written(order, contracts, history)
            if turn is None or history:
                return turn
            return turn._replace(bids=tuple(c for c in turn.bids if c.code not in refused))

        return ruleset.replacing(ruleset.rule_id("auction_procedure"), auction_procedure)

    return adjust


def first_bidder_model(first_bidder: str | None) -> Adjust | None:
    """The auction opened by another player than eldest hand, as a change of the
    reference: where the group's games show it (``first_bidder``, its
    :attr:`Localised.first_bidder`), the bidding goes round from him in the order of play:
    from the player on eldest's left (``"eldest's left"``, eldest speaking last), or from
    the last hand (``"last hand"``, shown at tables where the dealer sits out too), then
    eldest. The deal and the play keep eldest hand. ``None`` elsewhere: the dealer, shown
    only where he plays (the last hand there), says nothing of a table where he sits out.

    >>> from frogspec.rules.auction import Contract
    >>> from frogspec.rulesets import get_ruleset
    >>> rules = first_bidder_model("eldest's left")(get_ruleset("foster-1909")).rules
    >>> rules.auction_procedure((1, 2, 0), tuple(Contract), ()).seat
    2
    >>> rules.auction_procedure((1, 2, 0), tuple(Contract), ((2, None),)).seat
    0
    >>> last = first_bidder_model("last hand")(get_ruleset("foster-1909")).rules
    >>> last.auction_procedure((1, 2, 3), tuple(Contract), ()).seat
    3
    >>> last.auction_procedure((1, 2, 3), tuple(Contract), ((3, None),)).seat
    1
    >>> first_bidder_model("dealer") is None
    True
    """
    # How far round the order of play the auction opens.
    shift = {"eldest's left": 1, "last hand": -1}.get(first_bidder or "")
    if shift is None:
        return None

    def adjust(ruleset: Ruleset) -> Ruleset:
        written = ruleset.rules.auction_procedure

        def auction_procedure(order: Any, contracts: Any, history: Any) -> Any:
            return written((*order[shift:], *order[:shift]), contracts, history)

        return ruleset.replacing(ruleset.rule_id("auction_procedure"), auction_procedure)

    return adjust


def _widow_suits(request: Mapping[str, Json], state: Any) -> list[str]:
    """The suits of the widow's cards in the order they were dealt (empty where the
    request's deck is not the deal's)."""
    from frogspec.rules.cards import parse_card, suit_of
    from frogspec.rules.deal import WIDOW

    deck = request.get("deck")
    pattern = state.ruleset.rules.deal_pattern()
    if not isinstance(deck, list) or len(deck) != len(pattern):
        return []
    try:
        cards = [parse_card(c) for c in deck]
    except (ValueError, TypeError, KeyError, FrogError):
        return []
    return [suit_of(c).letter for c, to in zip(cards, pattern, strict=True) if to == WIDOW]


def _trump_from_widow(
    divergences: Sequence[Any], assumed: Adjust | None
) -> tuple[int, bool] | None:
    """Where on every game the engine sets the trump where the bidder is to name it
    (:func:`_trump_set`), or gives a contract whose trump is fixed another suit (on two
    games or more: :func:`_fixed_trump_otherwise`), and it is the suit of the widow card
    dealt at one place on every game, that place (0: the first), counting every card
    (``False``) or only those of the suits he may name (``True``: the others passed over);
    ``None`` elsewhere."""
    from frogspec.engine import legal_actions

    games: list[tuple[str, list[str], list[str]]] = []
    fixed = 0
    for divergence in divergences[:CONDITIONED]:
        found = _trump_set(divergence, assumed)
        if found is None:
            found = _fixed_trump_otherwise(divergence, assumed)
            fixed += 1
        if found is None:
            return None
        trump, state = found
        widow = _widow_suits(divergence.request, state)
        listed = [str(a) for a in legal_actions(state)]
        named = {_suit_of_action(a) for a in listed if a.startswith("trump ")}
        games.append((trump, widow, [s for s in widow if s in named]))
    if not games or fixed == 1:  # one game's suit of a fixed trump may be the widow's by chance
        return None
    for among_named in (False, True):
        for place in range(max(len(w) for _, w, _ in games)):
            if all(
                place < len(cards := (n if among_named else w)) and cards[place] == trump
                for trump, w, n in games
            ):
                return place, among_named
    return None


def _phase_of(divergence: Any, assumed: Adjust | None) -> str | None:
    from frogspec.conform.diagnosis import game_state

    found = _step_of(divergence)
    if found is None:
        return None
    request, actions, step = found
    state = game_state(request, actions[:step], assumed)
    return state.phase.code if state is not None else None


def _ranks_left_out(divergences: Sequence[Any], assumed: Adjust | None) -> RanksLeftOut | None:
    """Where every game's legal list only leaves out actions on cards of a few ranks (and
    some game lists a card of another rank), those ranks (the discards of the cards of
    rank 10 or A); else ``None``."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.rules.cards import parse_card

    firsts = [d.differences[0] for d in divergences[:CONDITIONED] if d.differences]
    changes = [d for d in firsts if isinstance(d, LegalChanged)]
    if not changes or len(changes) < len(firsts) or any(c.adds or not c.verb for c in changes):
        return None
    try:
        ranks = {rank_of(parse_card(str(a).split(" ")[-1])) for c in changes for a in c.lacks}
    except (ValueError, TypeError, KeyError, FrogError):
        return None
    kept = set()
    for divergence in divergences[:CONDITIONED]:
        found = _step_of(divergence)
        state = game_state(found[0], found[1][: found[2]], assumed) if found else None
        if state is not None and state.to_act is not None:
            kept |= {rank_of(c) for c in cards_of(state.hands[state.to_act])}
    if not ranks or not kept - ranks:
        return None
    return RanksLeftOut(changes[0].verb, tuple(sorted(ranks)), tuple(changes[0].lacks[:3]))


def _narrowed_positions(
    divergences: Sequence[Any], assumed: Adjust | None
) -> list[tuple[LegalChanged, Any]] | None:
    """Each game's legal list narrowed (actions of one kind left out, none added) and the
    position it is listed at, where every game's is; else ``None``."""
    from frogspec.conform.diagnosis import game_state

    found: list[tuple[LegalChanged, Any]] = []
    for divergence in divergences[:CONDITIONED]:
        change = divergence.differences[0] if divergence.differences else None
        step = _step_of(divergence)
        if not isinstance(change, LegalChanged) or change.adds or not change.verb or not step:
            return None
        state = game_state(step[0], step[1][: step[2]], assumed)
        if state is None or state.to_act is None:
            return None
        found.append((change, state))
    return found


def _origin_left_out(divergences: Sequence[Any], assumed: Adjust | None) -> RanksLeftOut | None:
    """Where every game's legal list leaves out the actions of one kind on exactly the
    cards of one origin the player holds (:func:`_card_origin`), and no other, that origin;
    else ``None``."""
    from frogspec.rules.cards import parse_card

    origins: set[str] = set()
    first: LegalChanged | None = None
    for change, state in _narrowed_positions(divergences, assumed) or ():
        try:
            lacked = {parse_card(str(a).split(" ")[-1]) for a in change.lacks}
        except (ValueError, TypeError, KeyError, FrogError):
            return None
        held = list(cards_of(state.hands[state.to_act]))
        by_origin = {o: {c for c in held if _card_origin(state, c) == o} for o in ("widow", "hand")}
        origin = next((o for o, cards in by_origin.items() if cards and cards == lacked), None)
        if origin is None:
            return None
        origins.add(origin)
        first = first or change
    if first is None or len(origins) != 1:
        return None
    return RanksLeftOut(first.verb, (), tuple(first.lacks[:3]), origins.pop())


def localise(
    divergences: Sequence[Any],
    passed: Sequence[Any] = (),
    assumed: Adjust | None = None,
    settled: str | None = None,
) -> Localised | None:
    """The rule and the condition of a group of games no swap explains (each given by its
    first divergence, :class:`frogspec.conform.diagnosis.Divergence`, smallest first), or
    ``None`` where the games do not agree on a part of the game. The agreeing situations
    are the steps before each divergence and every step of the ``passed`` cases (the
    engine answered those alike). The games are replayed through the reference under the
    departures ``assumed`` (those the divergences were found under).

    ``settled``: the rule the group is named by, whether a swap has settled it or the
    evidence points to it; where the replay comes to another, the group is said under it
    from its typed differences: the situation that sets its diverging steps apart
    (:func:`condition_at`) and what the smallest game's answer does otherwise."""
    found = _localised(divergences, passed, assumed)
    if settled is None or (found is not None and found.rule == settled):
        return found
    differences = next((tuple(v.differences) for v in divergences if v.differences), ())
    if not differences:
        return None
    not_asked_again = _not_asked_again(divergences, assumed)
    return Localised(
        settled,
        condition_at(divergences, passed, assumed),
        differences,
        suits_named(divergences, assumed),
        overbid_in_turn=_overbid_in_turn(divergences, assumed, not_asked_again),
        not_asked_again=not_asked_again,
    )


def _overbid_in_turn(
    divergences: Sequence[Any],
    assumed: Adjust | None,
    not_asked_again: OverbidNotAskedAgain | None,
) -> bool:
    """Whether on every game an overbid player speaks again when his turn comes round
    (:func:`_in_turn`), where the engine was not seen to leave the auction without asking
    him (``not_asked_again``, :func:`_not_asked_again`, is ``None``)."""
    if not_asked_again is not None:
        return False
    games = [d for d in divergences[:CONDITIONED] if d.differences]
    return bool(games) and all(_in_turn(d, assumed) for d in games)


def _not_asked_again(
    divergences: Sequence[Any], assumed: Adjust | None
) -> OverbidNotAskedAgain | None:
    """Where on every game the engine asks the next in turn instead of a player overbid
    (:func:`_in_turn`), and the diagnosis, asking the engine on with the others passing,
    saw it leave the auction without asking him again on one at least (an
    :class:`~frogspec.conform.evidence.OverbidNotAskedAgain`): the first seen. ``None``
    elsewhere."""
    games = [d for d in divergences[:CONDITIONED] if d.differences]
    seen = [
        next((x for x in d.differences if isinstance(x, OverbidNotAskedAgain)), None) for d in games
    ]
    # Where the engine leaves the auction at the step itself, no one is asked in turn.
    at_once = [x is not None and x.passes == 0 for x in seen]
    asked = zip(games, at_once, strict=True)
    if not games or not all(now or _in_turn(d, assumed) for d, now in asked):
        return None
    return next((x for x in seen if x is not None), None)


def _localised(
    divergences: Sequence[Any], passed: Sequence[Any], assumed: Adjust | None
) -> Localised | None:
    """:func:`localise` by the replay alone."""
    votes: Counter[str] = Counter()
    replayed = 0
    for divergence in divergences[:REPLAYED]:
        found = _step_of(divergence)
        if found is None or not divergence.differences:
            continue
        replayed += 1
        phase = _phase_of(divergence, assumed)
        rule = (
            _holding_rule(divergence, assumed)
            or _not_outbidding(divergence, assumed)
            or _not_passing_out(divergence, assumed)
            or _passer_asked_again(divergence, assumed)
            or _first_bidder_rule(divergence, assumed)
            or _not_biddable_rule(divergence, assumed)
            or _lays_away_untouched(divergence, assumed)
            or _trump_named_by_none(divergence, assumed)
            or _trump_asked_rule(divergence, assumed)
            or _rule_at(divergence, _families(_leading(divergence.differences), phase), assumed)
        )
        if rule is not None:
            votes[rule] += 1
    if not votes or 2 * votes.most_common(1)[0][1] < replayed:
        return None
    departing, agreeing = _situations(divergences, passed, assumed)
    rule = _of_most_rulesets(votes, divergences)
    first_bidder = _first_bidder_of(divergences, assumed)
    not_asked_again = _not_asked_again(divergences, assumed)
    pass_not_final = rule == _pass_is_final_rule()
    # Where the pass is not final, the first of its games that asks a passed player again
    # says his seat; elsewhere the smallest game alone.
    asking = divergences[:CONDITIONED] if pass_not_final else divergences[:1]
    again = (_asked_again(d, assumed) for d in asking)
    asked_again = next((seat for seat in again if seat is not None), None)
    if not_asked_again is not None or (pass_not_final and asked_again is not None):
        # Where it departs is what it does: at the turn of a player overbid, not asked
        # again, or of one who passed, asked again. The steps beside his turn (the bid
        # before it, the table) only share what the vectors' auctions happen to hold.
        condition = Condition(())
    elif first_bidder is not None:
        # The auction's opening is where it departs: what sets it apart among openings.
        openings = [f for f in agreeing if f.get("first_bid")]
        names = tuple(n for n in STEP_NAMES if n != "first_bid")
        condition = condition_of(departing, openings, names)
        opening = ConditionTerm("first_bid", (True,))
        condition = replace(condition, terms=(opening, *condition.terms))
    else:
        condition = condition_of(departing, _offered(agreeing, divergences), STEP_NAMES)
    opener_refused = _opener_refused(divergences)
    if opener_refused is not None and all(f.get("first_bid") for f in departing):
        # The contracts are refused to the opening bid alone: that is where it departs.
        condition = Condition((ConditionTerm("first_bid", (True,)),))
    next_bid_only = _next_bid_only(divergences, agreeing, assumed)
    ranked_equal = None if next_bid_only else _ranked_equal(divergences, agreeing, assumed)
    if next_bid_only or ranked_equal:
        # Which contracts may be bid follows the standing bid: the order of the bids.
        from frogspec.rules.auction import outbids

        rule = _rule_of(outbids)
        # The standing bids of the departing steps, and where the engine was asked one bid
        # on, the opener's bid it refused a jump over too.
        over = [
            d.standing
            for divergence in divergences[:CONDITIONED]
            for d in divergence.differences
            if isinstance(d, JumpRefusedOver)
        ]
        standing = tuple(dict.fromkeys([*(f.get("standing") for f in departing), *over]))
        condition = Condition((ConditionTerm("standing", standing),))
    over_standing = (
        None
        if next_bid_only or ranked_equal
        else _refused_over_standing(divergences, agreeing, assumed)
    )
    if over_standing is not None:
        # Contracts refused over one standing bid and bid where another stands, or none:
        # what outbids that bid departs (for those yet to bid, where others may raise).
        from frogspec.rules.auction import outbids

        rule = _rule_of(outbids)
        condition = over_standing
    at_opening = (
        None
        if next_bid_only or ranked_equal or over_standing is not None
        else _refused_with_none_standing(divergences, agreeing, assumed)
    )
    if at_opening is not None:
        # Contracts refused while no bid stands and bid over a standing bid elsewhere:
        # the contracts are all there, when each may be bid departs, which is how the
        # bidding goes (each ruleset's own rule of it).
        rule, condition = at_opening, Condition((ConditionTerm("standing", (None,)),))
    if next_bid_only:
        # Where the engine let some players jump (bid above the next contract), who may
        # not is what sets the steps apart: the seat, or the standing bid.
        jumps = [f for f in agreeing if _steps_above(f) > 1]
        by_seat = condition_of(departing, jumps, _AUCTION_NAMES)
        condition = by_seat if by_seat.terms else condition
    origin = _origin_left_out(divergences, assumed)
    narrowed = None if origin else _narrowed_by(divergences, assumed)
    narrowed = narrowed or (None if origin else suits_named(divergences, assumed))
    if narrowed is not None:
        condition = _with_shared(condition, narrowed, departing)
    shown = tuple(divergences[0].differences)
    left_out = origin or narrowed or _ranks_left_out(divergences, assumed)
    if rule.startswith("trump.") and shown:  # what else parts there follows from the trump
        shown = (_leading(shown),)
        # Ranks or cards a legal list leaves out at that step are another departure's
        # (a lay-away that keeps the Aces): the trump's is the suits that may be named.
        left_out = narrowed
    if not_asked_again is not None:
        condition = Condition(())  # not the terms a reading of the order of bids found
    return Localised(
        rule,
        condition,
        shown,
        left_out,
        replayed=replayed,
        agreeing=len(agreeing),
        asked_again=asked_again,
        first_bidder=first_bidder,
        not_biddable=()
        if next_bid_only or ranked_equal
        else _not_biddable(divergences[0], assumed),
        next_bid_only=next_bid_only,
        opener_refused=opener_refused,
        ranked_equal=ranked_equal,
        overbid_in_turn=_overbid_in_turn(divergences, assumed, not_asked_again),
        not_asked_again=not_asked_again,
        trump_from_widow=_trump_from_widow(divergences, assumed),
        trump_named=_trump_named(divergences, assumed),
        holds=_holder(divergences, assumed),
        question=_PROCEDURE if at_opening is not None else None,
    )


#: The point of the rules of how the bidding goes, which each ruleset answers by its own rule.
_PROCEDURE = str(Question.AUCTION_PROCEDURE)


def _refused_with_none_standing(
    divergences: Sequence[Any], agreeing: Sequence[Mapping[str, Json]], assumed: Adjust | None
) -> str | None:
    """Where every game's engine lists fewer contracts to a player asked at his first turn
    while no bid stands (:func:`_not_biddable`), and where it agreed one of them was bid
    over a standing bid: the ruleset's rule of how the bidding goes, of most games (the
    contracts are all there; when each may be bid departs). ``None`` elsewhere."""
    refused: set[str] = set()
    procedures: Counter[str] = Counter()
    for divergence in divergences[:CONDITIONED]:
        lacks = _not_biddable(divergence, assumed)
        state = _answered(divergence, assumed)
        if not lacks or state is None or _standing(state) is not None:
            return None
        if _not_asked(divergence, assumed) or _opener_refused([divergence]) is not None:
            return None
        refused |= set(lacks)
        procedures[state.ruleset.rule_id(_PROCEDURE)] += 1
    if not procedures:
        return None
    bid_over = (
        any(f.get("bid") in refused and f.get("standing") is not None for f in agreeing)
        or any(  # the engine asked one bid on, where the games that show it part elsewhere
            set(d.offered) & refused
            for divergence in divergences[:CONDITIONED]
            for d in divergence.differences
            if isinstance(d, OfferedOverStanding)
        )
    )
    if not bid_over:
        return None  # never bid where the engine agreed: the contract itself may be barred
    return procedures.most_common(1)[0][0]


def _of_most_rulesets(votes: Counter[str], divergences: Sequence[Any]) -> str:
    """The rule the replay comes to most often, or a rival reading of it that it also came
    to and that more of the group's rulesets use: where each ruleset answers the point by
    its own reading (a Chico in any suit, or in any but hearts), the departure is named by
    the reading of most of its rulesets, not of those whose games happen to be smallest."""
    from frogspec.conform.counterfactuals import rival_readings
    from frogspec.rulesets import rulesets_using

    top = votes.most_common(1)[0][0]
    shown = {d.request.get("ruleset") for d in divergences if isinstance(d.request, dict)}

    def reach(rule_id: str) -> tuple[int, int]:
        return len(shown & set(rulesets_using(rule_id))), votes[rule_id]

    rivals = [r for r in rival_readings(top) if r in votes]
    return max([top, *rivals], key=reach)


#: The features of an auction's turn that say who may jump: the seat, the standing bid.
_AUCTION_NAMES = ("eldest_to_bid", "standing")


#: The features of a turn in the play every departing step of a narrowed play shares,
#: said where they do: the trick it departs at, and whether the player leads.
_SHARED_NAMES = ("first_trick", "position")


#: What a player whose plays are narrowed by a property of the hand holds, said where
#: every departing step shows it: trumps left out, a trump and a card of another suit
#: (the list keeps one); all but trumps left out, a trump (what he leaves out is the rest).
_HELD = {"trump": ("holds_trump", "holds_plain"), "not_trump": ("holds_trump",)}


def _with_shared(
    condition: Condition, narrowed: RanksLeftOut, departing: Sequence[Mapping[str, Json]]
) -> Condition:
    """The condition of a legal list narrowed by a property of the hand, with what every
    departing step shows of it: what he holds (:data:`_HELD`), and the trick and the position every
    departing step shares (each step's own: what its cases show, no more)."""
    if narrowed.verb != "play" or not departing:
        return condition
    named = {t.feature for t in condition.terms}
    shared = [
        ConditionTerm(name, (values.pop(),))
        for name in _SHARED_NAMES
        if name not in named
        and len(values := {f.get(name) for f in departing}) == 1
        and None not in values
    ]
    shared += [
        ConditionTerm(name, (True,))
        for name in _HELD.get(narrowed.in_hand, ())
        if name not in named and all(f.get(name) for f in departing)
    ]
    kept = [t for t in condition.terms if t.feature != "phase"]
    return replace(condition, terms=(*shared, *kept))


def condition_at(
    divergences: Sequence[Any],
    passed: Sequence[Any] = (),
    assumed: Adjust | None = None,
    first_lead: bool = False,
) -> Condition:
    """The condition that sets the diverging steps of a group of games apart from the
    steps where the engine agreed (those before each divergence, and the ``passed``
    cases'), the games replayed under the departures ``assumed``.

    ``first_lead``: the games part in who leads the first trick, at the step that begins
    the play: they are set apart among the steps that begin the play only (whatever the
    contract, the play begins after another step: a bid, a lay-away, a trump named)."""
    departing, agreeing = _situations(divergences, passed, assumed)
    if first_lead and departing and all(f.get("play_begins") for f in departing):
        agreeing = [f for f in agreeing if f.get("play_begins")]
        # Who leads first by the rules is eldest hand: whether the bidder is he tells most.
        names = ("bidder_eldest", *(n for n in STEP_NAMES if n != "bidder_eldest"))
        return condition_of(departing, agreeing, names)
    return condition_of(departing, agreeing, STEP_NAMES)


def _spread(items: Sequence[Any], most: int) -> Sequence[Any]:
    """At most ``most`` of ``items``, spread evenly over them (the first always): a group's
    first cases are often alike (one vector file's), and its ``when`` must hold on all.

    >>> _spread(list(range(10)), 4)
    [0, 3, 6, 9]
    >>> _spread([1, 2], 4)
    [1, 2]
    """
    if len(items) <= most:
        return items
    return [items[i * (len(items) - 1) // (most - 1)] for i in range(most)]


def _situations(
    divergences: Sequence[Any], passed: Sequence[Any], assumed: Adjust | None
) -> tuple[list[dict[str, Json]], list[dict[str, Json]]]:
    """The features of the diverging steps, and of the steps where the engine agreed."""
    departing: list[dict[str, Json]] = []
    agreeing: list[dict[str, Json]] = []
    for divergence in _spread(divergences, CONDITIONED):
        found = _step_of(divergence)
        if found is None:
            continue
        request, actions, step = found
        # Where the engine did not ask a player, his turn is the situation it departs in.
        at = len(actions) if _not_asked(divergence, assumed) else step
        here = step_features(request, actions, at, assumed)
        if here:
            departing.append(here)
        agreeing += _game_features({**request, "actions": actions[:step]}, assumed=assumed)
    for case in passed[:CONDITIONED]:
        agreeing += _game_features(case.request, assumed=assumed)
    if departing and all(f.get("deal_over") for f in departing):
        # A deal's count or payments part where it ends: what sets those deals apart is
        # among the deals the engine ended alike, not the steps of their play.
        games = [case for case in passed if case.op in ("game", "match")]
        agreeing = [
            f
            for case in _spread(games, CONDITIONED)
            for f in _game_features(case.request, assumed=assumed)
            if f.get("deal_over")
        ]
    return departing, agreeing


def held_back_until_trumps_played(
    divergences: Sequence[Any], passed: Sequence[Any], assumed: Adjust | None = None
) -> bool:
    """Whether a leader's trumps that the engine leaves out of his legal list (while he
    holds a card of another suit) are left out only until a trump has been played in the
    deal: every diverging step of the games (their first divergences) is a lead before
    any trump was played, and where the engine agreed, a player led holding a trump and a
    card of another suit after one had been (the reference lists his trumps there, and
    so did the engine)."""
    departing, agreeing = _situations(divergences, (), assumed)
    # A game filed here that first parts elsewhere (another departure's step, before the
    # play) tells nothing of when the leads depart.
    departing = [f for f in departing if f.get("phase") == "play"]
    if not departing or any(f.get("position") != 1 or f.get("trumps_played") for f in departing):
        return False
    if all(f.get("first_trick") for f in departing):
        return False  # the first lead alone may be what departs: no trick says otherwise

    def lapsed(features: Mapping[str, Json]) -> bool:
        return bool(
            features.get("position") == 1
            and features.get("holds_trump")
            and features.get("holds_plain")
            and features.get("trumps_played")
        )

    # Every agreeing game is looked at (the first that shows it will do): such a lead
    # comes late in a deal, past where the first games of the vectors end.
    return any(lapsed(f) for f in agreeing) or any(
        lapsed(f) for case in passed for f in _game_features(case.request, assumed=assumed)
    )


def all_pass_played(divergences: Sequence[Any], assumed: Adjust | None = None) -> Adjust | None:
    """Where every game of a group parts after every player passed, and the engine has the
    same player (counted back from the last to speak) play the same contract instead of
    ending the deal, that as a change of the rulesets (the auction's end replaced), if it
    answers every game as the engine did; else ``None``."""
    from frogspec.conform.counterfactuals import reference_answer
    from frogspec.conform.diagnosis import game_state
    from frogspec.rules.auction import AuctionHistory, Contract, all_pass_ends_deal, auction_winner

    played: set[tuple[int, str]] = set()
    for divergence in divergences[:REPLAYED]:
        found = _step_of(divergence)
        result = divergence.actual.get("result") if isinstance(divergence.actual, dict) else None
        if found is None or not isinstance(result, dict):
            return None
        request, actions, step = found
        state = game_state(request, actions[: step + 1], assumed)
        if state is None or not state.auction or not all_pass_ends_deal(state.auction):
            return None
        speakers = [seat for seat, _ in state.auction]
        bidder, contract = result.get("bidder"), result.get("contract")
        if bidder not in speakers or not isinstance(contract, str):
            return None
        played.add((speakers[::-1].index(bidder), contract))
    if len(played) != 1:
        return None
    back, name = played.pop()
    try:
        contract = next(c for c in Contract if c.name.lower() == name)
    except StopIteration:
        return None

    def made_to_play(ruleset: Ruleset) -> Ruleset:
        kept = ruleset.rules.auction_winner

        def winner(history: AuctionHistory) -> tuple[int, Contract] | None:
            if all_pass_ends_deal(history) and back < len(history):
                return history[-1 - back][0], contract
            return kept(history)

        return ruleset.replacing(_rule_of(all_pass_ends_deal), lambda history: False).replacing(
            _rule_of(auction_winner), winner
        )

    for divergence in divergences[:REPLAYED]:
        request = divergence.request
        try:
            answer = reference_answer(request, made_to_play, assumed)
        except Exception:  # the change crashes the reference here: no model
            return None
        # Who plays what is the model's; what else the engine answers (the cards he may
        # lay away) may show other departures.
        mine, theirs = answer.get("result"), divergence.actual.get("result")
        if not isinstance(mine, dict) or not isinstance(theirs, dict):
            return None
        if any(mine.get(name) != theirs.get(name) for name in ("phase", "bidder", "contract")):
            return None
    return made_to_play


def _rule_of(function: Any) -> str:
    from frogspec.registry import rule_for_function

    entry = rule_for_function(function)
    if entry is None:
        raise LookupError(f"{function.__name__} is no rule")
    return entry.id
