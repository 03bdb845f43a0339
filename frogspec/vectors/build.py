"""Building cases: a request in, a case out, with the reference's answer as the expectation.

:func:`make_case` sends a request to the reference harness (in process), keeps the parts
of the response that every implementation must give (the ``message`` of an error is free
text, and extension fields are dropped unless the case is about them), and checks the
*hand-written expectation* of the case against it: a partial response (``check``) written
from the sources. If the reference disagrees with the hand-written expectation, building
fails: the vectors can only be written when the reference and the sources' own examples
agree.

:func:`traced_rules` lists the rules whose functions the reference evaluates while it
answers a request; the generated cases exercise exactly those.

The functions :func:`deck_for` (a pack that deals given hands) and :func:`play_out` (finish a
deal by a simple policy) serve the hand-written cases.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from frogspec._types import Json
from frogspec.engine import Action, State, apply, legal_actions, new_deal, parse_action
from frogspec.harness import handle
from frogspec.prng import CANONICAL_ORDER
from frogspec.registry import get_rule
from frogspec.rules.cards import CARDS, SUIT_OF, SUIT_SIZE, format_card, parse_card
from frogspec.rules.deal import WIDOW
from frogspec.rulesets import get_ruleset
from frogspec.vectors.model import CASE_ID_PATTERN, Case, VectorError, differences

__all__ = [
    "ERROR_FIELDS",
    "EXTENSION_FIELDS",
    "MATCH_ERROR_EXTENSION",
    "BuildError",
    "Spec",
    "deck_for",
    "extension_of",
    "make_case",
    "play_out",
    "state_after",
    "traced_rules",
]


#: The paths compared as sets, by op, in every case of that op.
DEFAULT_COMPARE: dict[str, dict[str, str]] = {
    "legal_plays": {"$.result": "set"},
    "deal": {"$.result.hands[*]": "set", "$.result.widow": "set"},
    "game": {"$.result.legal": "set"},
}

#: Extension fields of responses, by extension name: the path where each stands.
EXTENSION_FIELDS: dict[str, tuple[str, ...]] = {
    "widow_shown": ("$.result.widow_shown",),
    "error.deal": ("$.error.deal",),
}

#: The extension of a ``match`` case that expects an ``illegal`` error: its ``deal``.
MATCH_ERROR_EXTENSION = "error.deal"

#: The fields of an expected error that are compared, by op (``rule`` only at level 2).
ERROR_FIELDS: dict[str, tuple[str, ...]] = {
    "game": ("kind", "rule", "at"),
    "perft": ("kind", "rule", "at"),
    "match": ("kind", "rule", "at", "deal"),
}

#: Extension ops: an implementation may answer ``unsupported``.
_EXTENSION_OPS = ("perft", "first_dealer")


class BuildError(VectorError):
    """A case that cannot be built: the reference disagrees with its hand-written expectation."""


@dataclass(frozen=True, slots=True)
class Spec:
    """A case before the reference has answered it.

    ``check`` is the hand-written expectation: a partial response whose every key must be
    in the reference's response with that value (lists compared as the case compares
    them). ``untraced`` are rules the case exercises that no rule function shows being
    called (a default chosen by an option, a convention); every other rule in ``rules``
    must be one the reference evaluates. ``if_traced`` are rules the case exercises when
    the reference evaluates them for it; ``traced`` adds every rule the reference evaluates
    (the generated cases).
    """

    id: str
    description: str
    request: dict[str, Json]
    rules: tuple[str, ...]
    check: dict[str, Json] | None = None
    compare: dict[str, str] = field(default_factory=dict)
    extension: str | None = None
    source: str | None = None
    untraced: tuple[str, ...] = ()
    seeds: tuple[int, ...] = ()
    traced: bool = False
    if_traced: tuple[str, ...] = ()


def vector_form(response: dict[str, Json], op: str, extension: str | None) -> dict[str, Json]:
    """The response as a vector keeps it: an error with the fields compared for ``op``
    (its rule only when it is ``illegal``), a result without the extension fields unless
    ``extension`` is one. It pops fields of the result it is given."""
    out = dict(response)
    if "error" in out:
        kept = ERROR_FIELDS.get(op, ("kind", "rule"))
        error = {k: v for k, v in out["error"].items() if k in kept}
        if error["kind"] != "illegal":
            error.pop("rule", None)
        out["error"] = error
        return out
    result = out.get("result")
    if isinstance(result, dict) and extension not in EXTENSION_FIELDS:
        for paths in EXTENSION_FIELDS.values():
            for path in paths:
                if path.startswith("$.result."):
                    result.pop(path.rsplit(".", 1)[1], None)
    return out


def extension_of(op: str, response: Mapping[str, Json], declared: str | None = None) -> str | None:
    """The extension a case of ``op`` with the expected ``response`` needs: the one its
    author ``declared``, an extension op, or for a ``match`` that expects an ``illegal``
    error the field ``deal`` (:data:`MATCH_ERROR_EXTENSION`) its expected error gives.

    >>> extension_of("match", {"error": {"kind": "illegal", "at": 0, "deal": 1}})
    'error.deal'
    >>> extension_of("perft", {"result": {}}), extension_of("game", {"result": {}})
    ('perft', None)
    """
    if declared is not None:
        return declared
    if op in _EXTENSION_OPS:
        return op
    error = response.get("error")
    if op == "match" and isinstance(error, dict) and "deal" in error:
        return MATCH_ERROR_EXTENSION
    return None


def traced_rules(request: Mapping[str, Json]) -> tuple[frozenset[str], dict[str, Json]]:
    """The rules whose functions the reference calls while answering ``request``, and the
    response. They are recorded by the one mechanism that learns which rules ran: the
    harness answers under rulesets that record each rule they apply
    (:meth:`~frogspec.rulesets.Ruleset.recording`), new for the request, so that a rule
    whose answer a cache remembers is seen too."""
    calls: list[str] = []
    response = handle(dict(request), lambda ruleset: ruleset.recording(calls.append))
    return frozenset(calls), response


def make_case(spec: Spec, file: str) -> Case:
    """Ask the reference, check the hand-written expectation, and return the case."""
    if not CASE_ID_PATTERN.match(spec.id):
        raise BuildError(f"malformed case id {spec.id!r}")
    request = {"id": 1, **spec.request}
    seen, response = traced_rules(request)
    error = response.get("error")
    if isinstance(error, dict) and isinstance(error.get("rule"), str):
        seen |= {error["rule"]}  # the rule the reference names has been applied
    op = str(spec.request["op"])
    response = vector_form(response, op, spec.extension)
    where = f"case {spec.id}"
    compare = {} if "error" in response else {**DEFAULT_COMPARE.get(op, {}), **spec.compare}
    if spec.check is not None:
        wrong = differences(spec.check, response, compare)
        if wrong:
            raise BuildError(
                f"{where}: the reference departs from the case's expectation: " + "; ".join(wrong)
            )
    for rule_id in spec.rules:
        get_rule(rule_id)
    if spec.traced:
        rules = sorted(seen | set(spec.rules))
    else:
        claimed = set(spec.rules) - set(spec.untraced)
        unseen = claimed - seen
        if unseen:
            raise BuildError(
                f"{where}: claims {sorted(unseen)}, which the reference does not evaluate "
                "for this request (list it in untraced if that is right)"
            )
        rules = list(spec.rules) + [r for r in spec.if_traced if r in seen]
    extension = extension_of(op, response, spec.extension)
    return Case(
        id=spec.id,
        file=file,
        description=spec.description,
        rules=tuple(rules),
        request=request,
        response=response,
        compare=compare,
        extension=extension,
        extension_paths=EXTENSION_FIELDS.get(extension or "", ()),
        source=spec.source,
        seeds=spec.seeds,
    )


def deck_for(
    ruleset: str,
    players: int,
    dealer: int,
    hands: Mapping[int, str],
    widow: str = "",
) -> list[str]:
    """A pack that deals ``hands`` (space-separated cards by seat) and ``widow``.

    Hands may be given in part: the cards no one asked for fill the places left, in the
    canonical order of :data:`frogspec.prng.CANONICAL_ORDER`.
    """
    rs = get_ruleset(ruleset)
    order = new_deal(rs, players, dealer, CARDS).order
    pattern = rs.rules.deal_pattern()
    wanted: dict[int, list[str]] = {d: [] for d in (0, 1, 2, WIDOW)}
    for seat, text in hands.items():
        if seat not in order:
            raise BuildError(f"seat {seat} sits out and takes no cards")
        wanted[order.index(seat)] = text.split()
    wanted[WIDOW] = widow.split()
    used = [c for cards in wanted.values() for c in cards]
    if len(set(used)) != len(used):
        raise BuildError(f"a card is asked for twice: {used}")
    rest = [c for c in CANONICAL_ORDER if c not in used]
    deck: list[str] = []
    for destination in pattern:
        pool = wanted[destination]
        deck.append(pool.pop(0) if pool else rest.pop(0))
    if any(wanted.values()):
        raise BuildError(f"too many cards asked for: {wanted}")
    return deck


def state_after(request: Mapping[str, Json]) -> State:
    """The engine's state after a ``game`` request's actions."""
    state = new_deal(
        get_ruleset(request["ruleset"]).with_options(request.get("options") or {}),
        request["players"],
        request["dealer"],
        [parse_card(c) for c in request["deck"]],
    )
    for text in request["actions"]:
        state = apply(state, parse_action(text))
    return state


Policy = Callable[[State, Sequence[Action]], Action]


def _strength(state: State, action: Action) -> int:
    # How strong a card is to the policies: its place in its suit from the Six (the layout
    # of cards.py, not the rule, so that tracing a case never sees the policy ask a rule),
    # and every trump above every card of another suit.
    card = action.value
    trumps = state.trump is not None and SUIT_OF[card] == state.trump
    return card % SUIT_SIZE + (SUIT_SIZE if trumps else 0)


def high_for_bidder(state: State, legal: Sequence[Action]) -> Action:
    """A policy for :func:`play_out`: the bidder plays his strongest card, defenders their
    weakest (trumps count above every other suit); in other phases the first legal action."""
    if state.phase.code != "play":
        return legal[0]
    ranked = sorted(legal, key=lambda action: _strength(state, action))
    return ranked[-1] if state.to_act == state.bidder else ranked[0]


def low_for_bidder(state: State, legal: Sequence[Action]) -> Action:
    """The reverse of :func:`high_for_bidder`: the bidder plays low, defenders high."""
    if state.phase.code != "play":
        return legal[0]
    ranked = sorted(legal, key=lambda action: _strength(state, action))
    return ranked[0] if state.to_act == state.bidder else ranked[-1]


def play_out(
    request: Mapping[str, Json], policy: Policy = high_for_bidder, stop: int | None = None
) -> list[str]:
    """The request's actions, followed by the policy's until the deal is over (or until
    ``stop`` tricks have been played)."""
    actions = list(request["actions"])
    state = state_after(request)
    while state.phase.code != "over":
        if stop is not None and state.tricks >= stop and not state.trick:
            break
        action = policy(state, legal_actions(state))
        actions.append(str(action))
        state = apply(state, action)
    return actions


def _checked_cards(text: str) -> list[str]:
    """Split space-separated cards, checking each: ``_checked_cards("AS 10H")``."""
    return [format_card(parse_card(c)) for c in text.split()]


def unique(ids: Iterable[str]) -> None:
    """Raise :class:`BuildError` if an id is given twice."""
    seen: set[str] = set()
    for case_id in ids:
        if case_id in seen:
            raise BuildError(f"case id {case_id!r} is used twice")
        seen.add(case_id)
