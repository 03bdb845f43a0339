"""The probe of ``legal_plays``: the duties of the play, one situation each.

A few hands and tricks put every duty to the test (following suit, with and without a
card that beats the trick; void, with and without a trump; a trick already trumped; a
trump led; the lead), each with hearts, spades and no trump. The departing answers are
grouped by how the engine's list differs (narrowed or widened), and ``when`` is the
condition on the situation's features (:mod:`frogspec.conform.conditions`) that sets them
apart: ``when he holds a card of the suit led that beats the trick``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from functools import partial

from frogspec._types import Json
from frogspec.conform.conditions import PLAY_NAMES, play_features
from frogspec.conform.evidence import (
    AnswerChanged,
    CardAsTrump,
    Difference,
    LegalAt,
    LegalChanged,
    differences_of,
)
from frogspec.conform.probes.base import (
    Ask,
    Probe,
    StageFinding,
    agrees,
    ask_both,
    by_difference,
    featured_finding,
    probe_rules,
    register,
)
from frogspec.rules.cards import card_strength, parse_card
from frogspec.rulesets import Ruleset

__all__ = ["SITUATIONS", "LegalPlaysProbe"]

#: The hands and tricks asked, each under every trump of :data:`TRUMPS`.
SITUATIONS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("7C", "AC", "KH", "9S"), ("9C",)),  # follows, holds a card that beats
    (("7C", "9C", "KH", "9S"), ("AC",)),  # follows, nothing beats
    (("10C", "AC", "7C", "KS"), ("9C", "KC")),  # third hand, may head
    (("7H", "KH", "9S", "QD"), ("9C",)),  # void, holds hearts
    (("9S", "QD", "JD"), ("9C",)),  # void, no heart
    (("6H", "KH", "9S"), ("9C", "7H")),  # void, the trick holds a heart
    (("AC", "7C", "8D"), ("9C", "7H")),  # follows a trick a heart has taken
    (("6H", "KH", "9S"), ("9H",)),  # hearts led
    (("6S", "AS", "9D"), ("10S", "QS")),  # third hand follows spades
    (("9S", "QD", "AH"), ()),  # the lead
)

#: The trumps each situation is asked under (``None``: a hand without trumps).
TRUMPS: tuple[str | None, ...] = ("H", "S", None)

#: The trump of the situations that ask which suit a card belongs to.
_TRUMP = "H"


def _card_situations() -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Situations that ask which suit each card of a plain suit belongs to: held with one
    card of a second plain suit, when trumps are led and when a third plain suit is led
    (by the rules he may play either card; a card counted as a trump must be played).
    Each with the card asked about, under the trump :data:`_TRUMP`.

    >>> _card_situations()[0]
    ('AC', ('AC', '7D'), ('6H',))
    """
    plain = [suit for suit in "CDS" if suit != _TRUMP]
    found: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    for suit in plain:
        second, third = (other for other in plain if other != suit)
        for rank in ("A", "10", "K", "Q", "J", "9", "8", "7", "6"):
            card = f"{rank}{suit}"
            for led in (f"6{_TRUMP}", f"6{third}"):
                found.append((card, (card, f"7{second}"), (led,)))
    return found


def _features(
    ruleset: str, trump: str | None, hand: Sequence[str], trick: Sequence[str]
) -> dict[str, Json]:
    """The situation in the rules' terms: the suit led, what the trick holds, what the
    player holds."""
    held = [parse_card(c) for c in hand]
    return {"ruleset": ruleset, **play_features(held, [parse_card(c) for c in trick], trump)}


#: The features a ``when`` of the play may name, the most general first (and
#: ``holds_QS`` for a card the engine counts as a trump).
NAMES = (*PLAY_NAMES, "trump")


def _difference(probe: Probe) -> Hashable:
    """How the list differs, for grouping: narrowed, widened or both, and the kind of
    action moved (whichever cards)."""
    found = differences_of("legal_plays", probe.expected, probe.actual)
    if not found or not isinstance(found[0], LegalChanged):
        return type(found[0]).__name__ if found else None
    change = found[0]
    return (bool(change.lacks), bool(change.adds), change.verb)


def _listed(probe: Probe) -> Difference:
    """How the engine lists the probe's plays otherwise, in its situation."""
    (difference, *_) = differences_of("legal_plays", probe.expected, probe.actual) or (None,)
    if not isinstance(difference, LegalChanged):
        return AnswerChanged(probe.actual, probe.expected)
    request = probe.request
    trump = request.get("trump")
    return LegalAt(
        difference,
        tuple(str(c) for c in request["hand"]),
        tuple(str(c) for c in request["trick"]),
        trump if isinstance(trump, str) else None,
    )


def _any_card(group: Sequence[Probe]) -> bool:
    """Whether the engine lists every card of the hand on every probe of the group.

    >>> _any_card([])
    False
    """

    def whole_hand(probe: Probe) -> bool:
        listed = probe.actual.get("result") if isinstance(probe.actual, dict) else None
        hand = probe.request.get("hand")
        return isinstance(listed, list) and isinstance(hand, list) and set(listed) == set(hand)

    return bool(group) and all(whole_hand(p) for p in group)


def _moved(probe: Probe, answer: Json) -> set[tuple[str, str]]:
    """The cards an answer adds to or lacks from the reference's list, as marked pairs."""
    found = differences_of("legal_plays", probe.expected, answer)
    if not found or not isinstance(found[0], LegalChanged):
        return set()
    change = found[0]
    return {("adds", c) for c in change.adds} | {("lacks", c) for c in change.lacks}


def _closest_rule(group: list[Probe]) -> str | None:
    """The rule whose swap moves the reference's lists towards the engine's on most of
    the group's probes (the same cards added or left out): the one a swap reproduces
    where one does (:func:`probe_rules`), else the closest of the rules evaluated."""
    from frogspec.conform.counterfactuals import alternatives, reference_answer

    explained, ranked = probe_rules(group[0])
    if explained:
        return explained[0]
    best: tuple[int, str] | None = None
    for rule_id in ranked:
        score = 0
        for probe in group:
            wanted = _moved(probe, probe.actual)
            for _, function in alternatives(rule_id):
                try:
                    replacing = partial(Ruleset.replacing, rule_id=rule_id, function=function)
                    answer = reference_answer(probe.request, replacing)
                except Exception:  # a swapped rule may crash the reference
                    continue
                score += len(wanted & _moved(probe, answer))
        if score and (best is None or score > best[0]):
            best = (score, rule_id)
    return best[1] if best else (ranked[0] if ranked else None)


def _as_trump_plays(request: dict[str, Json], card: str) -> list[str]:
    """The cards the player may play where ``card`` counts as a trump (of the request's
    trump suit): the duties of the play, each card of its suit but that one."""
    return _as_trumps_plays(request, (card,))


def _as_trumps_plays(request: dict[str, Json], cards: Sequence[str]) -> list[str]:
    """The cards the player may play where each of ``cards`` counts as a trump (the four
    Jacks, say): :func:`_as_trump_plays` for them all.

    >>> _as_trumps_plays({"trump": "H", "hand": ["JC", "JS", "7D"], "trick": ["6H"]}, ("JC", "JS"))
    ['JC', 'JS']
    """
    trump = request.get("trump")

    def suit(played: str) -> str:
        return str(trump) if played in cards and trump is not None else played[-1]

    hand = [str(c) for c in request["hand"]]
    trick = [str(c) for c in request["trick"]]
    if not trick:
        return hand
    following = [c for c in hand if suit(c) == suit(trick[0])]
    trumps = [c for c in hand if trump is not None and suit(c) == trump]
    return following or trumps or hand


def _asks_about(probe: Probe) -> bool:
    """Whether the probe is a situation of :func:`_card_situations` (which suit its hand's
    first card belongs to)."""
    return bool(probe.feature("asks_suit"))


def _as_trump(group: list[Probe], probes: list[Probe], cards: Sequence[str]) -> CardAsTrump | None:
    """The card the group's departure is, where one is: the card asked about (or else one
    of ``cards``, those found counted as trumps), where the engine's answers to every probe
    of the group are those of the card counted as a trump, and so are its answers to the
    probes asking about that card in the same duty (trumps led, or void in the suit led);
    ``None`` elsewhere. Each duty is said where all its probes show it: an engine may
    count the card a trump and keep no duty to trump."""
    asked_about = {p.request["hand"][0] for p in group if _asks_about(p)}
    if len(asked_about) == 1 and all(_asks_about(p) for p in group):
        cards = [str(card) for card in asked_about]
    # Of several cards counted as trumps (the four Jacks, say), the first the group's
    # hands all hold whose counting explains the group.
    held = (c for c in dict.fromkeys(cards) if all(c in p.request["hand"] for p in group))
    return next((f for c in held if (f := _one_as_trump(group, probes, c)) is not None), None)


def _by_card_as_trump(groups: list[list[Probe]], cards: Sequence[str]) -> list[list[Probe]]:
    """The groups with the probes that one of ``cards`` counted as a trump explains (the
    first such card the hand holds) apart, one group per card: a list narrowed by a card
    counted as a trump is not joined to another narrowed list."""
    split: list[list[Probe]] = []
    for group in groups:
        parts: dict[str | None, list[Probe]] = {}
        for probe in group:
            card = next(
                (
                    c
                    for c in cards
                    if c in probe.request["hand"]
                    and agrees(
                        "legal_plays", {"result": _as_trump_plays(probe.request, c)}, probe.actual
                    )
                ),
                None,
            )
            parts.setdefault(card, []).append(probe)
        split += parts.values()
    return split


def _one_as_trump(group: list[Probe], probes: list[Probe], card: str) -> CardAsTrump | None:
    """:func:`_as_trump` for the one card ``card``."""
    asked = [p for p in probes if _asks_about(p) and p.request["hand"][0] == card]

    def as_trump(probe: Probe) -> bool:
        answer: Json = {"result": _as_trump_plays(probe.request, card)}
        return agrees("legal_plays", answer, probe.actual)

    duties = {bool(p.feature("led_trump")) for p in group}
    if not all(map(as_trump, group)) or not all(
        as_trump(p) for p in asked if bool(p.feature("led_trump")) in duties
    ):
        return None
    follows, void = (
        all(as_trump(p) for p in asked if bool(p.feature("led_trump")) is led)
        and any(bool(p.feature("led_trump")) is led for p in asked)
        for led in (True, False)
    )
    return CardAsTrump(card, follows, void)


class LegalPlaysProbe:
    """``legal_plays`` over :data:`SITUATIONS` and :data:`TRUMPS` in each ruleset."""

    op = "legal_plays"
    order = 40

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of the duties of the play, one finding per way of listing
        otherwise."""
        probes = [
            ask_both(
                ask,
                {
                    "op": "legal_plays",
                    "ruleset": ruleset,
                    "trump": trump,
                    "hand": list(hand),
                    "trick": list(trick),
                },
                **_features(ruleset, trump, hand, trick),
            )
            for ruleset in rulesets
            for trump in TRUMPS
            for hand, trick in SITUATIONS
        ]
        probes += [
            ask_both(
                ask,
                {
                    "op": "legal_plays",
                    "ruleset": ruleset,
                    "trump": _TRUMP,
                    "hand": list(hand),
                    "trick": list(trick),
                },
                **_features(ruleset, _TRUMP, hand, trick),
                asks_suit=True,
            )
            for ruleset in rulesets
            for card, hand, trick in _card_situations()
        ]
        groups = by_difference(probes, _difference)
        # The cards asked about that the engine counts as trumps: any other situation's
        # departure may be one of them played as a trump.
        asking = [p for group in groups for p in group if _asks_about(p)]
        trumps = [
            card
            for card in dict.fromkeys(str(p.request["hand"][0]) for p in asking)
            if _one_as_trump([p for p in asking if p.request["hand"][0] == card], probes, card)
        ]
        groups = _by_card_as_trump(groups, trumps)
        found: list[StageFinding] = []
        # Each finding's duties of the play, where a hypothesis has them.
        hypotheses: list[Callable[[dict[str, Json]], list[str]] | None] = []
        for group in groups:
            as_trump = _as_trump(group, probes, trumps)
            heading = None if as_trump is not None else _heading_shown(group, probes)
            heads = heading is not None
            held_back = (
                as_trump is None and not heads and _duty_shown(_trumps_held_back, group, probes)
            )
            overtrumps = (
                as_trump is None
                and not heads
                and not held_back
                and _duty_shown(_overtrumped_plays, group, probes)
            )
            if as_trump is None:
                otherwise: Difference = _listed(group[0])
                if isinstance(otherwise, LegalAt) and _any_card(group):
                    otherwise = replace(otherwise, any_card=True)
                if isinstance(otherwise, LegalAt) and heads:
                    lapses = heading is _headed_unless_trumped
                    otherwise = replace(otherwise, heads=True, unless_trumped=lapses)
                if isinstance(otherwise, LegalAt) and held_back:
                    otherwise = replace(otherwise, trumps_held_back=True)
                if isinstance(otherwise, LegalAt) and overtrumps:
                    otherwise = replace(otherwise, overtrumps=True)
                rule = "play.no-duty-to-head" if heads else _closest_rule(group)
            else:
                # Following trumps led with it is following suit; playing it when void,
                # trumping.
                otherwise = as_trump
                rule = "play.follow-suit" if as_trump.follows_trumps else "play.must-trump"
            # A card counted as a trump: where it is held (``instead`` says what the
            # player must do with it, whatever else he holds).
            names = NAMES if as_trump is None else (f"holds_{as_trump.card}",)
            finding = featured_finding("legal_plays", group, probes, names, otherwise, rule)
            plays: Callable[[dict[str, Json]], list[str]] | None = None
            if as_trump is not None:
                # Every card found counted as a trump, as the engine lists any hand's plays.
                counted = tuple(trumps) or (as_trump.card,)
                plays = partial(_as_trumps_plays, cards=counted)
            elif heading is not None:
                plays = heading
            elif held_back:
                plays = _trumps_held_back
            elif overtrumps:
                plays = _overtrumped_plays
            if plays is not None:
                finding = _modelled(finding, probes, plays)
            found.append(finding)
            hypotheses.append(plays)
        return _modelled_beside(found, hypotheses, groups, probes)


def _headed_plays(request: dict[str, Json]) -> list[str]:
    """The cards the player may play where a player following suit must head the trick:
    play a card of the suit led higher than every card of that suit in the trick, where he
    holds one (any card of the suit where he does not); the other duties as written.

    >>> _headed_plays({"trump": "H", "hand": ["7C", "AC", "KH"], "trick": ["9C", "6H"]})
    ['AC']
    """
    trump = request.get("trump")
    hand = [str(c) for c in request["hand"]]
    trick = [str(c) for c in request["trick"]]
    if not trick:
        return hand
    led = trick[0][-1]
    following = [c for c in hand if c[-1] == led]
    if following:
        best = max(card_strength(parse_card(c)) for c in trick if c[-1] == led)
        return [c for c in following if card_strength(parse_card(c)) > best] or following
    trumps = [c for c in hand if trump is not None and c[-1] == trump]
    return trumps or hand


def _reference_plays(request: dict[str, Json]) -> list[str]:
    """The cards the reference lets the player play in a ``legal_plays`` request (as
    written), the list a duty of the engine's narrows."""
    from frogspec.conform.counterfactuals import reference_answer

    answer = reference_answer({"id": 1, **request}).get("result")
    return [str(c) for c in answer] if isinstance(answer, list) else []


def _trumps_held_back(request: dict[str, Json]) -> list[str]:
    """The cards the player may play where no trump may be led while the leader holds a
    card of another suit: the reference's list, without the trumps where he leads and
    holds another card.

    >>> ask = {"op": "legal_plays", "ruleset": "modern", "trump": "H"}
    >>> _trumps_held_back({**ask, "hand": ["7C", "AH", "KH"], "trick": []})
    ['7C']
    >>> sorted(_trumps_held_back({**ask, "hand": ["AH", "KH"], "trick": []}))
    ['AH', 'KH']
    >>> _trumps_held_back({**ask, "hand": ["7C", "AC", "KH"], "trick": ["9C"]})
    ['7C', 'AC']
    """
    listed = _reference_plays(request)
    trump = request.get("trump")
    if request.get("trick") or trump is None:
        return listed
    return [c for c in listed if c[-1] != trump] or listed


def _overtrumped_plays(request: dict[str, Json]) -> list[str]:
    """The cards the player may play where a player void in a plain suit led, the trick
    holding a trump, must play a trump higher than every trump in it where he holds one
    (any trump where he holds none higher): the reference's list otherwise.

    >>> ask = {"op": "legal_plays", "ruleset": "modern", "trump": "H"}
    >>> _overtrumped_plays({**ask, "hand": ["6H", "KH", "9S"], "trick": ["9C", "7H"]})
    ['KH']
    >>> sorted(_overtrumped_plays({**ask, "hand": ["6H", "8H", "9S"], "trick": ["9C", "AH"]}))
    ['6H', '8H']
    """
    listed = _reference_plays(request)
    trump = request.get("trump")
    trick = [str(c) for c in request["trick"]]
    if not trick or trump is None or trick[0][-1] == trump:
        return listed
    played = [card_strength(parse_card(c)) for c in trick if c[-1] == trump]
    if not played:
        return listed
    higher = [c for c in listed if c[-1] == trump and card_strength(parse_card(c)) > max(played)]
    return higher or listed


def _headed_unless_trumped(request: dict[str, Json]) -> list[str]:
    """The cards the player may play where a player following suit must head the trick
    unless a trump has been played to a plain suit led (then any card of the suit):
    :func:`_headed_plays` otherwise.

    >>> _headed_unless_trumped({"trump": "H", "hand": ["7C", "AC", "KH"], "trick": ["9C", "6H"]})
    ['7C', 'AC']
    >>> _headed_unless_trumped({"trump": "H", "hand": ["7C", "AC", "KH"], "trick": ["9C"]})
    ['AC']
    """
    trump = request.get("trump")
    trick = [str(c) for c in request["trick"]]
    led = trick[0][-1] if trick else None
    if led is not None and led != trump and any(c[-1] == trump for c in trick):
        following = [str(c) for c in request["hand"] if str(c)[-1] == led]
        if following:
            return following
    return _headed_plays(request)


def _heading_shown(
    group: list[Probe], probes: list[Probe]
) -> Callable[[dict[str, Json]], list[str]] | None:
    """The duty to head the trick the engine lists the cards by (:func:`_duty_shown`):
    always, or unless a plain suit led has been trumped; ``None`` for neither."""
    return next(
        (
            plays
            for plays in (_headed_plays, _headed_unless_trumped)
            if _duty_shown(plays, group, probes)
        ),
        None,
    )


def _duty_shown(
    plays: Callable[[dict[str, Json]], list[str]], group: list[Probe], probes: list[Probe]
) -> bool:
    """Whether the engine lists the cards as ``plays`` does on every probe of the group,
    and on every probe where ``plays`` lists otherwise than the rules: a duty of its own,
    wherever it shows."""

    def shown(probe: Probe) -> bool:
        return agrees("legal_plays", {"result": plays(probe.request)}, probe.actual)

    def departs(probe: Probe) -> bool:
        return not agrees("legal_plays", {"result": plays(probe.request)}, probe.expected)

    return all(map(shown, group)) and all(shown(p) for p in probes if departs(p))


def _modelled(
    found: StageFinding,
    probes: Sequence[Probe],
    plays: Callable[[dict[str, Json]], list[str]],
) -> StageFinding:
    """The finding with the duties of the play ``plays`` (a card counted as a trump, a
    duty to head the trick) as its model, where they answer every probe of the op as the
    engine did (the agreeing ones too: no other duty departs): the engine's list for any
    hand and trick, which a failing game's legal list at a play step is put to."""

    def model(request: dict[str, Json]) -> Json:
        return {"result": plays(request)}

    if not all(agrees("legal_plays", model(p.request), p.actual) for p in probes):
        return found
    return replace(found, model=model)


def _modelled_beside(
    found: list[StageFinding],
    hypotheses: Sequence[Callable[[dict[str, Json]], list[str]] | None],
    groups: Sequence[Sequence[Probe]],
    probes: Sequence[Probe],
) -> list[StageFinding]:
    """The findings (one per group, each with its hypothesis of the duties, if any), those
    whose hypothesis answers every probe as the engine did but the probes of the other
    groups given it as their :attr:`~frogspec.conform.probes.base.StageFinding.partial_model`:
    two duties departing at once (a card counted as a trump, a duty to overtrump) each
    leave the other's hypothesis wrong where both reach, and right elsewhere. Only where
    every other finding has a condition that says where it reaches."""
    for index, (finding, plays) in enumerate(zip(found, hypotheses, strict=True)):
        if finding.model is not None or plays is None:
            continue
        # Another group of the same departure (its list widened where this one's is
        # narrowed) is this hypothesis's to answer too.
        others = [i for i, f in enumerate(found) if f.otherwise != finding.otherwise]
        conditions = list(dict.fromkeys(found[i].condition for i in others))
        if not others or any(c is None or not c.terms for c in conditions):
            continue
        elsewhere = {id(p) for i in others for p in groups[i]}
        outside = [p for p in probes if id(p) not in elsewhere]
        beside = _modelled(finding, outside, plays)
        if beside.model is not None:
            found[index] = replace(
                finding,
                partial_model=beside.model,
                partial_model_not_in=tuple(c for c in conditions if c is not None),
            )
    return found


register(LegalPlaysProbe())
