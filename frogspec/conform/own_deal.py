"""Games played on the engine's own deal: what a departure of the deal hides.

An engine that deals otherwise (in other packets, from another seat) holds other cards in
every game. A vector game's fixed actions (``play KC``) are then refused by the engine and
by the reference made to deal as it does, alike, and no such game comes to its play or its
count: whatever the engine does there stays hidden behind the deal. So the kit plays those
games itself: the same deck and the same actions wherever they are legal on the deal the
engine makes, and where one is not, another of the same kind (a play for a play) that the
reference, with the departures found applied, allows; where the engine refuses one of
them, another that both allow (:func:`adapted_actions`). What such a game shows past the
departures found is filed as a departure of its own, under the vector case it was played
from.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import replace

from frogspec._types import Json
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.diagnosis import game_state, legal_of
from frogspec.engine import Action, ActionKind, Phase, apply, legal_actions, parse_action
from frogspec.errors import FrogError
from frogspec.harness import Adjust
from frogspec.vectors.model import Case

__all__ = ["adapted_actions", "played_on_own_deal", "refused_at"]

#: How many actions a match's deal may take past its own to come to its end, at most.
_MOST_MORE = 64

#: The pass, which a player refused his bid makes instead.
_PASS = parse_action("pass")

#: How many times a game is played again where the engine refuses an action the
#: reference allows (each time with one the engine allows there), at most.
_TRIES = 4


def adapted_actions(
    request: Mapping[str, Json],
    assumed: Adjust | None,
    allowed: Mapping[int, Collection[str]] | None = None,
    to_the_end: bool = False,
) -> list[str] | None:
    """The ``game`` request's actions, played on the deal of the reference under the
    departures ``assumed``: each kept where it is legal there, else the first legal action
    of the same kind (or the first legal one), and at an index of ``allowed`` one the
    engine allows there too (its ``legal`` list at that step). As many actions as the
    request has, fewer if the deal ends first (``to_the_end``: and then the first legal
    action, a play for a play, until it ends, as a match's deal must); ``None`` where the
    request is no game the reference plays (another op, a deck or an action it cannot
    read, a deal it refuses).

    >>> deck = ["AC", "10C", "KC", "QC", "JC", "9C", "8C", "7C", "6C",
    ...         "AD", "10D", "KD", "QD", "JD", "9D", "8D", "7D", "6D",
    ...         "AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H", "6H",
    ...         "AS", "10S", "KS", "QS", "JS", "9S", "8S", "7S", "6S"]
    >>> ask = {"op": "game", "ruleset": "modern", "options": {}, "players": 3,
    ...        "dealer": 0, "deck": deck, "actions": ["grand", "play 2C"]}
    >>> adapted_actions(ask, None) is None  # "2C" is no card: no action to keep
    True
    >>> ask["actions"] = ["grand", "play 6S"]
    >>> adapted_actions(ask, None)
    ['grand', 'play QC']
    """
    if request.get("op") != "game" or not isinstance(request.get("actions"), list):
        return None
    try:
        state = game_state(request, [], assumed)
        if state is None:
            return None
        played: list[str] = []
        given: list[Json] = list(request["actions"])
        if to_the_end:
            given += [None] * _MOST_MORE
        # A bid refused to its player (the opening refused a contract) is passed on to
        # the next player who may bid it: the game stays the contract it was.
        passed_on: Action | None = None
        for at, text in enumerate(given):
            if state.phase == Phase.OVER:
                break
            if text is None:  # past the request's actions: the first legal one
                text = str(legal_actions(state)[0])
            wanted = parse_action(text)
            legal = legal_actions(state)
            if allowed is not None and at in allowed:
                both = set(allowed[at])
                legal = tuple(a for a in legal if str(a) in both)
            if not legal:
                return None
            if passed_on is not None and state.phase == Phase.AUCTION and passed_on in legal:
                wanted, passed_on = passed_on, None
            action = wanted if wanted in legal else _instead(wanted, legal)
            if action != wanted and wanted.kind is ActionKind.BID and _PASS in legal:
                action, passed_on = _PASS, wanted
            played.append(str(action))
            state = apply(state, action)
    except (FrogError, KeyError, TypeError, ValueError):
        return None
    if to_the_end and state.phase != Phase.OVER:
        return None
    return played


def _match_played(
    request: Mapping[str, Json], assumed: Adjust | None, ask: Callable[[dict[str, Json]], Json]
) -> tuple[dict[str, Json], Json] | None:
    """The ``match`` request played on the engine's own deal and by its own dealers, with
    the engine's answer: each deal's actions adapted as :func:`adapted_actions` adapts a
    game's, for the dealer the engine's match gives that deal. A deal's dealer follows
    from the deals before it, not from its own actions: each seat is tried (the one on
    the last dealer's left first) and the one whose deal the engine's match takes, and
    names as its dealer, is kept. Where the engine refuses an action that its own
    ``game`` allows with that dealer, the dealer is not its; where its ``game`` refuses
    it too, the deal is played again with one both allow, as a game is. Up to the deal
    that ends the match or the first no seat plays; ``None`` where no deal needed
    another action or none was played."""
    deals = request.get("deals")
    players = request.get("players")
    first = request.get("first_dealer")
    if not isinstance(deals, list) or not isinstance(players, int) or not isinstance(first, int):
        return None
    if not 0 < players < 16:
        return None
    game = {k: request.get(k) for k in ("ruleset", "options", "players")}
    played: list[Json] = []
    dealer = first
    for d, deal in enumerate(deals):
        if not isinstance(deal, dict):
            break
        seats = [dealer] if d == 0 else [(dealer + k) % players for k in range(1, players + 1)]
        taken = None
        for seat in seats:
            dealt = {**game, "op": "game", "dealer": seat, "deck": deal.get("deck")}
            taken = _deal_taken(
                {**request, "deals": played},
                {**dealt, "actions": deal.get("actions")},
                d,
                ask,
                assumed,
            )
            if taken is not None:
                break
        if taken is None:
            break
        actions, over = taken
        dealer = seat
        played.append({**deal, "actions": actions})
        if over:
            break
    if not played or played == deals:
        return None  # nothing played, or the case itself: it shows what the match does
    final = {**request, "deals": played}
    return final, ask(final)


def refused_at(answer: Json) -> int | None:
    """The index of the action an ``illegal`` answer to a ``game`` refuses (its ``at``);
    ``None`` for any other answer.

    >>> refused_at({"error": {"kind": "illegal", "rule": "play.follow-suit", "at": 7}})
    7
    >>> refused_at({"result": {"phase": "over"}}) is None
    True
    """
    error = answer.get("error") if isinstance(answer, dict) else None
    if not isinstance(error, dict) or error.get("kind") != "illegal":
        return None
    at = error.get("at")
    return at if isinstance(at, int) and not isinstance(at, bool) and at >= 0 else None


def _deal_taken(
    before: Mapping[str, Json],
    game: Mapping[str, Json],
    d: int,
    ask: Callable[[dict[str, Json]], Json],
    assumed: Adjust | None,
) -> tuple[list[str], bool] | None:
    """The actions of deal ``d`` (the ``game`` request: its deck, dealer and actions) that
    the engine's match takes after the deals of ``before``, and whether its match is then
    over; ``None`` where it takes none of the tries (another dealer is its)."""
    deals = before.get("deals")
    earlier = list(deals) if isinstance(deals, list) else []

    def put(actions: list[str]) -> Json:
        return ask({**before, "deals": [*earlier, {"deck": game.get("deck"), "actions": actions}]})

    def refused_here(answer: Json) -> int | None:
        error = answer.get("error") if isinstance(answer, dict) else None
        where = error.get("deal", d) if isinstance(error, dict) else None
        return refused_at(answer) if where == d else None

    for actions, answer in _played_until_taken(
        {"id": 1, **game}, assumed, ask, put, refused_here, to_the_end=True, listed_stops=True
    ):
        if refused_here(answer) is not None:
            continue  # tried again, if a try is left
        error = answer.get("error") if isinstance(answer, dict) else None
        if error is not None and refused_at(answer) is None:
            return None  # another error than a refusal: nothing to play on
        result = answer.get("result") if isinstance(answer, dict) else None
        dealers = result.get("dealers") if isinstance(result, dict) else None
        if error is None and not (isinstance(dealers, list) and d < len(dealers)):
            return None
        if isinstance(dealers, list) and dealers[d] != game.get("dealer"):
            return None
        return actions, bool(result.get("over")) if isinstance(result, dict) else False
    return None


def _played_until_taken(
    game: Mapping[str, Json],
    assumed: Adjust | None,
    ask: Callable[[dict[str, Json]], Json],
    put: Callable[[list[str]], Json],
    refused: Callable[[Json], int | None] = refused_at,
    to_the_end: bool = False,
    listed_stops: bool = False,
) -> Iterator[tuple[list[str], Json]]:
    """Each try of the ``game`` request's actions, adapted (:func:`adapted_actions`) and
    put to the engine (``put``), with its answer. Where the engine refuses one (``refused``
    gives its index), its own game's ``legal`` list at that step is asked (``ask``) and the
    game is played again with an action both allow there, at most :data:`_TRIES` times
    in all. No more tries where it refuses none, refuses again at a step already given one
    it listed, or lists none; with ``listed_stops``, also where its game lists the action
    refused (the refusal then comes from elsewhere than its game: a match's dealer)."""
    allowed: dict[int, list[str]] = {}
    for _ in range(_TRIES):
        actions = adapted_actions(game, assumed, allowed, to_the_end=to_the_end)
        if actions is None:
            return
        answer = put(actions)
        yield actions, answer
        at = refused(answer)
        if at is None or at in allowed or at >= len(actions):
            return
        legal = legal_of(ask({**game, "actions": actions[:at]}))
        if legal is None or (listed_stops and actions[at] in legal):
            return
        # The action refused is not one it allows, whatever its list there says.
        allowed[at] = [action for action in legal if action != actions[at]]


def _instead(wanted: Action, legal: Sequence[Action]) -> Action:
    """The first legal action of the kind wanted (a play for a play), else the first."""
    return next((a for a in legal if a.kind == wanted.kind), legal[0])


def played_on_own_deal(
    case: Case, assumed: Adjust | None, ask: Callable[[dict[str, Json]], Json]
) -> list[tuple[Case, Json]]:
    """The vector game or match ``case`` played on the engine's own deal (:func:`adapted_actions`
    under the departures ``assumed``), each game put to the engine through ``ask`` with
    the engine's answer: the first, and where the engine refuses an action the reference
    allows, the game again with one both allow there (its ``legal`` list for that step
    asked), at most :data:`_TRIES` games; a game the vector plays to its end, to its end.
    None where the actions need no change (the case itself shows what the game does) or
    the request is no game the reference plays.
    Each game is a case of the same id, its expected answer the reference's. A match
    is played once, deal by deal as the engine takes them (:func:`_match_played`)."""
    if case.op == "match":
        found = _match_played(case.request, assumed, ask)
        if found is None:
            return []
        request, answer = found
        return [(_as_case(case, request), answer)]
    # A game the vector plays to its end is played to its end: where the departures add
    # steps (a lay-away in a Chico), as many actions as the vector's would stop short.
    result = case.expected.get("result") if isinstance(case.expected, dict) else None
    whole = isinstance(result, dict) and result.get("phase") == "over"
    unchanged = adapted_actions(case.request, assumed, to_the_end=whole)
    if unchanged is None or unchanged == case.request.get("actions"):
        return []
    return [
        (_as_case(case, {**case.request, "actions": actions}), answer)
        for actions, answer in _played_until_taken(
            case.request,
            assumed,
            ask,
            lambda actions: ask({**case.request, "actions": actions}),
            to_the_end=whole,
        )
    ]


def _as_case(case: Case, request: dict[str, Json]) -> Case:
    """The case with the game's request, answered by the reference."""
    return replace(
        case,
        request=request,
        response={"id": request.get("id", 1), **reference_answer(request)},
        description=f"{case.description} Played on the deal the engine makes.",
    )
