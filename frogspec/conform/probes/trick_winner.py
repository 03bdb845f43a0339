"""The probe of ``trick_winner``: which card takes a trick of two, for every pair of ranks.

Each pair of ranks of one suit, led in both orders, without trumps and as trumps; and each
rank led against a small trump. The departing answers form one group (the winner changed),
and ``when`` is the condition on what the trick holds (an Ace, a Ten, a trump, the Jack of
trumps and a higher trump, a Ten and a King of its suit) that sets them apart (:mod:`frogspec.conform.conditions`).
Where the answers keep to a rank order, that order is the departure (in every suit, or
among the trumps alone), said as ``instead`` and replayed on the failing cases.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import permutations
from typing import Literal

from frogspec._types import Json
from frogspec.conform.conditions import Condition, ConditionTerm, trick_features
from frogspec.conform.counterfactuals import composed
from frogspec.conform.evidence import Difference, RankOrderChanged, TrickTaken
from frogspec.conform.probes.base import (
    Ask,
    Probe,
    StageFinding,
    answers_as_engine,
    ask_both,
    by_difference,
    featured_finding,
    register,
    result_of,
)
from frogspec.harness import Adjust
from frogspec.rules.cards import (
    RANKS_HIGH_TO_LOW,
    Card,
    Suit,
    card_strength,
    parse_card,
    parse_suit,
    rank_of,
    suit_of,
)
from frogspec.rules.play import trick_winner
from frogspec.rulesets import Ruleset

__all__ = ["TrickWinnerProbe", "rank_order_of"]

#: The features a ``when`` of a trick may name (and ``off_suit_QS`` for a card the engine
#: counts as a trump: :func:`~frogspec.conform.conditions.trick_features`).
#: The pairs of ranks a trick holds, rank by rank (``beside_J``, ``beside_trump_J``).
_PAIR_NAMES = tuple(name for name in trick_features([], None) if name.startswith("beside_"))

NAMES = (
    "trick_trumped",
    "trick_ten",
    "ace_of_trumps",
    "trick_ace",
    "trick_king",
    "with_trumps",
    *_PAIR_NAMES,
)

#: The trump of the tricks of two trumps.
_TRUMP = "H"


def _features(ruleset: str, trump: str | None, cards: Sequence[str]) -> dict[str, Json]:
    """The trick's features: the trump, whether a trump is played to a plain suit, and
    what the trick holds (:func:`~frogspec.conform.conditions.trick_features`)."""
    return {
        "ruleset": ruleset,
        # Whether there is a trump suit, not which: the tricks are probed with one suit
        # trump, so a departure there is not said of that suit alone.
        "with_trumps": trump is not None,
        "trick_trumped": trump is not None and any(card.endswith(trump) for card in cards[1:]),
        **trick_features(cards, trump),
    }


def _tricks() -> list[tuple[str | None, list[str]]]:
    plain: list[tuple[str | None, list[str]]] = [
        (None, [f"{a}C", f"{b}C"]) for a, b in permutations(RANKS_HIGH_TO_LOW, 2)
    ]
    trumps: list[tuple[str | None, list[str]]] = [
        (_TRUMP, [f"{a}{_TRUMP}", f"{b}{_TRUMP}"]) for a, b in permutations(RANKS_HIGH_TO_LOW, 2)
    ]
    trumped: list[tuple[str | None, list[str]]] = [
        (_TRUMP, [f"{rank}C", f"6{_TRUMP}"]) for rank in RANKS_HIGH_TO_LOW
    ]
    # Each card of a plain suit played to another plain suit led, and to a low trump led:
    # which suit it belongs to (a card the engine counts a trump takes both).
    plain_cards = [
        f"{rank}{suit}" for suit in "CDS" if suit != _TRUMP for rank in RANKS_HIGH_TO_LOW
    ]
    off_suit: list[tuple[str | None, list[str]]] = [
        (_TRUMP, [f"6{'D' if card.endswith('C') else 'C'}", card]) for card in plain_cards
    ]
    under_trump: list[tuple[str | None, list[str]]] = [
        (_TRUMP, [f"6{_TRUMP}", card]) for card in plain_cards
    ]
    # Without trumps, a Six of each suit played to a Six of each other suit led: whether a
    # suit takes tricks it did not lead (hearts kept high where they are not trumps).
    untrumped: list[tuple[str | None, list[str]]] = [
        (None, [f"6{led}", f"6{played}"]) for led in "CDHS" for played in "CDHS" if led != played
    ]
    return plain + trumps + trumped + off_suit + under_trump + untrumped


def _placing(card: str) -> list[tuple[str | None, list[str]]]:
    """The tricks that place a card the engine counts a trump among the trumps: each trump
    led to it."""
    return [(_TRUMP, [f"{rank}{_TRUMP}", card]) for rank in RANKS_HIGH_TO_LOW]


def _moved_to_trumps(probes: Sequence[Probe]) -> tuple[str, ...]:
    """The cards of a plain suit the engine counts as trumps: each takes a trick of another
    plain suit led, where the reference gives it to the card led.

    >>> _moved_to_trumps([])
    ()
    """
    found = []
    for probe in probes:
        cards = [str(c) for c in probe.request.get("cards") or ()]
        trump = probe.request.get("trump")
        if not isinstance(trump, str) or len(cards) != 2 or trump in (cards[0][-1], cards[1][-1]):
            continue
        if cards[0][-1] != cards[1][-1] and result_of(probe.actual) == 1:
            found.append(cards[1])
    return tuple(dict.fromkeys(found))


def _below(card: str, probes: Sequence[Probe]) -> str | None:
    """The trump rank just above a card moved to the trumps, by the engine's answers to the
    trumps led to it (``None``: it takes every trump, or the answers keep to no place)."""
    beaten = set()
    for probe in probes:
        cards = [str(c) for c in probe.request.get("cards") or ()]
        placing = len(cards) == 2 and cards[1] == card and cards[0].endswith(_TRUMP)
        if placing and result_of(probe.actual) == 1:
            beaten.add(cards[0][:-1])
    above = [rank for rank in RANKS_HIGH_TO_LOW if rank not in beaten]
    return above[-1] if above else None


def _taken(probe: Probe) -> TrickTaken:
    """Which card of the probe's trick takes it, by the engine and by the reference."""
    cards = tuple(str(c) for c in probe.request["cards"])
    return TrickTaken(cards, result_of(probe.actual), result_of(probe.expected))


def _pairs_taken(probes: Sequence[Probe], trump: str | None) -> list[tuple[str, str]] | None:
    """The ranks of each trick of two cards of one suit the engine answered, the winner's
    and the loser's (without ``trump``, a plain suit without trumps; with it, two trumps);
    ``None`` where it answered one otherwise than with the index of a card.

    >>> _pairs_taken([], "H")
    []
    """
    taken = []
    for probe in probes:
        cards = [str(c) for c in probe.request.get("cards") or ()]
        if probe.request.get("trump") != trump or len(cards) != 2:
            continue
        if cards[0][-1] != cards[1][-1] or (trump is not None and not cards[0].endswith(trump)):
            continue
        won = result_of(probe.actual)
        if won not in (0, 1) or isinstance(won, bool):
            return None
        taken.append((cards[int(won)][:-1], cards[1 - int(won)][:-1]))
    return taken


def rank_order_of(probes: Sequence[Probe], trump: str | None = None) -> tuple[str, ...] | None:
    """The rank order the engine's answers to the tricks of two cards of one suit keep to,
    highest first: each rank placed by how many ranks it takes (led or played second).
    Without ``trump``, the tricks of a plain suit without trumps; with it, those of two
    cards of the trump suit. ``None`` where the answers keep to no order (a rank that
    takes a trick led and loses it played second to the same rank), or where there are
    none.

    >>> rank_order_of([])
    """
    taken = _pairs_taken(probes, trump)
    if not taken:
        return None
    beats: dict[str, set[str]] = {rank: set() for rank in RANKS_HIGH_TO_LOW}
    for winner, loser in taken:
        beats[winner].add(loser)
    if any(beats[a] & {b for b in beats if a in beats[b]} for a in beats):
        return None  # one pair taken both ways: the order of play decides, not the ranks
    order = tuple(sorted(RANKS_HIGH_TO_LOW, key=lambda rank: -len(beats[rank])))
    return order if len({len(b) for b in beats.values()}) == len(order) else None


#: A rank that takes a trick from a rank the order puts above it: the winner's, the loser's.
_Beats = tuple[str, str]


def _beaten_out_of_order(probes: Sequence[Probe], trump: str | None = None) -> tuple[_Beats, ...]:
    """The pairs of ranks where, in the engine's answers to the tricks of two cards of one
    suit, the lower by the written order takes the trick from the higher whichever is led,
    each as (winner, loser), where every other pair goes as written (without ``trump``, a
    plain suit without trumps; with it, two trumps); empty where there are none, or where
    the answers keep to no such exceptions (a pair taken both ways, another pair departing).

    >>> _beaten_out_of_order([])
    ()
    """
    strength = {rank: -i for i, rank in enumerate(RANKS_HIGH_TO_LOW)}
    taken: dict[frozenset[str], set[str]] = {}
    for winner, loser in _pairs_taken(probes, trump) or ():
        taken.setdefault(frozenset((winner, loser)), set()).add(winner)
    beats = []
    for pair, winners in taken.items():
        if len(winners) != 1:
            return ()  # the order of play decides, not the ranks
        (winner,) = winners
        (loser,) = pair - winners
        if strength[winner] < strength[loser]:
            beats.append((winner, loser))
    return tuple(sorted(beats, key=lambda b: (-strength[b[1]], -strength[b[0]])))


#: The trick's winner with some ranks beating a higher one, by those pairs and whether
#: only among the trumps (one function each, as :data:`_TRUMPS_RANKED`).
_BEATING: dict[object, Callable[..., int]] = {}


def _beating(beats: Sequence[_Beats], trumps_only: bool) -> Adjust:
    """The trick's winner as written, except that where it is a card of a rank some pair
    of ``beats`` puts below another, and the trick holds that other rank of the same suit,
    the other takes the trick (among the trumps alone where ``trumps_only``).

    >>> from frogspec.rulesets import get_ruleset
    >>> rules = _beating([("6", "A")], True)(get_ruleset("modern")).rules
    >>> [rules.trick_winner([parse_card(c) for c in t], Suit.HEARTS)
    ...  for t in (["AH", "6H"], ["6H", "10H", "AH"], ["6H", "10H"], ["AS", "6S"])]
    [1, 0, 1, 0]
    """
    key = (tuple(beats), trumps_only)

    def beating(ruleset: Ruleset) -> Ruleset:
        written = ruleset.rules.trick_winner
        winner = _BEATING.get((key, written))
        if winner is None:

            def winner(cards: Sequence[Card], trump: Suit | None) -> int:
                best = written(cards, trump)
                suit = suit_of(cards[best])
                if trumps_only and suit != trump:
                    return best
                for taker, beaten in beats:
                    if rank_of(cards[best]) != beaten:
                        continue
                    for i, card in enumerate(cards):
                        if suit_of(card) == suit and rank_of(card) == taker:
                            return i
                return best

            _BEATING[key, written] = winner
        return ruleset.replacing("play.trick-winner", winner)

    return beating


def _ranked(order: Sequence[str]) -> Adjust:
    """The rank order ``order`` (highest first) in place of the rulesets' own."""
    strength = {rank: len(order) - 1 - i for i, rank in enumerate(order)}

    def in_that_order(card: Card) -> int:
        return strength.get(rank_of(card), card_strength(card))

    def ranked(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("cards.rank-order", in_that_order)

    return ranked


#: The trick's winner with the trumps in an order of their own, by the order, the cards
#: moved to the trumps and the ruleset's own rank order (one function each, so that the
#: caches keyed by a rule's function keep their answers).
_TRUMPS_RANKED: dict[object, Callable[..., int]] = {}

#: A card moved to the trumps, with the trump rank just above it (``None``: above them all).
_Moved = tuple[str, str | None]


def _trumps_ranked(order: Sequence[str], moved: Sequence[_Moved] = ()) -> Adjust:
    """The trumps ranked in the order ``order`` (highest first), with the cards ``moved``
    counted as trumps whatever the trump suit, each just below the trump rank given; the
    plain suits as the ruleset ranks them: the trick's winner otherwise, among trumps alone.

    >>> from frogspec.rulesets import get_ruleset
    >>> jack_high = _trumps_ranked(("J", "A", "10", "K", "Q", "9", "8", "7", "6"))
    >>> rules = jack_high(get_ruleset("modern")).rules
    >>> [rules.trick_winner([parse_card(c) for c in t], Suit.HEARTS) for t in (["AH", "JH"], ["AS", "JS"])]
    [1, 0]
    >>> queen = _trumps_ranked(RANKS_HIGH_TO_LOW, [("QS", "A")])(get_ruleset("modern")).rules
    >>> [queen.trick_winner([parse_card(c) for c in t], Suit.HEARTS) for t in (["AC", "QS"], ["10H", "QS"], ["AH", "QS"])]
    [1, 1, 0]
    """
    # Twice the place in the order, so that a moved card fits between two ranks.
    strength = {rank: 2 * (len(order) - i) for i, rank in enumerate(order)}
    slots = {
        parse_card(card): strength[above] - 1 if above is not None else 2 * len(order) + 1
        for card, above in moved
    }
    key = (tuple(order), tuple(moved))

    def ranked(ruleset: Ruleset) -> Ruleset:
        plain = ruleset.rules.card_strength
        winner = _TRUMPS_RANKED.get((key, plain))
        if winner is None:

            def winner(cards: Sequence[Card], trump: Suit | None) -> int:
                def suit(card: Card) -> Suit:
                    return trump if trump is not None and card in slots else suit_of(card)

                def ranking(card: Card) -> int:
                    if trump is None or suit(card) != trump:
                        return plain(card)
                    return slots[card] if card in slots else strength[rank_of(card)]

                if not slots:
                    return trick_winner(cards, trump, ranking)
                best, led = 0, suit(cards[0])
                for i, card in enumerate(cards[1:], 1):
                    top = suit(cards[best])
                    if (suit(card) == top and ranking(card) > ranking(cards[best])) or (
                        suit(card) == trump and top == led != trump
                    ):
                        best = i
                return best

            _TRUMPS_RANKED[key, plain] = winner
        return ruleset.replacing("play.trick-winner", winner)

    return ranked


def _first_trump_wins(ruleset: Ruleset) -> Ruleset:
    """The ruleset whose trick goes to the first trump played in it, whatever its rank,
    where it holds one; else as written.

    >>> from frogspec.rulesets import get_ruleset
    >>> rules = _first_trump_wins(get_ruleset("modern")).rules
    >>> [rules.trick_winner([parse_card(c) for c in t], Suit.HEARTS)
    ...  for t in (["6H", "AH"], ["9C", "7H", "AH"], ["9C", "AC", "KS"])]
    [0, 1, 1]
    """
    return _trump_by_order(ruleset, 0)


def _last_trump_wins(ruleset: Ruleset) -> Ruleset:
    """The ruleset whose trick goes to the last trump played in it, whatever its rank,
    where it holds one; else as written.

    >>> from frogspec.rulesets import get_ruleset
    >>> rules = _last_trump_wins(get_ruleset("modern")).rules
    >>> [rules.trick_winner([parse_card(c) for c in t], Suit.HEARTS)
    ...  for t in (["AH", "6H"], ["9C", "7H", "AH", "8H"], ["9C", "AC", "KS"])]
    [1, 3, 1]
    """
    return _trump_by_order(ruleset, -1)


def _trump_by_order(ruleset: Ruleset, which: int) -> Ruleset:
    """The ruleset whose trick goes to the trump played ``which`` among the trumps in it
    (0 the first, -1 the last), where it holds one; else as written."""
    written = ruleset.rules.trick_winner
    winner = _BY_ORDER.get((written, which))
    if winner is None:

        def winner(cards: Sequence[Card], trump: Suit | None) -> int:
            trumps = [i for i, card in enumerate(cards) if suit_of(card) == trump]
            return trumps[which] if trumps else written(cards, trump)

        _BY_ORDER[written, which] = winner
    return ruleset.replacing("play.trick-winner", winner)


#: The trick's winner with the first or the last trump taking it, by the written winner
#: and which (one function each, so that the caches keyed by a rule's function keep their
#: answers).
_BY_ORDER: dict[tuple[object, int], Callable[..., int]] = {}

#: Where the first trump takes the trick: a trick of two trumps or more.
_TWO_TRUMPS = Condition((ConditionTerm("two_trumps", (True,)),))


def _over_plain(probes: Sequence[Probe]) -> str | None:
    """The suit the engine ranks above the plain suits: in the tricks of two cards of two
    suits without trumps, the one suit that takes every such trick it is in, led or
    played to another, where every other trick goes to the card led (``None``: no suit).

    >>> _over_plain([])
    """
    # Each trick without trumps of two suits: the suit led, the suit played, who takes it.
    tricks = []
    for probe in probes:
        cards = [str(c) for c in probe.request.get("cards") or ()]
        if probe.request.get("trump") is None and len(cards) == 2 and cards[0][-1] != cards[1][-1]:
            tricks.append((cards[0][-1], cards[1][-1], result_of(probe.actual)))
    taking = {played for _, played, won in tricks if won == 1}
    if len(taking) != 1:
        return None
    (suit,) = taking
    as_over = all(won == (1 if played == suit else 0) for led, played, won in tricks)
    return suit if as_over else None


#: The trick's winner with a suit above the plain suits, by the suit, the written winner
#: and the rank order (one function each, as :data:`_TRUMPS_RANKED`).
_OVER_PLAIN: dict[object, Callable[..., int]] = {}


def _suit_over_plain(letter: str) -> Adjust:
    """The trick's winner as written, except that where the trick holds no trump, the
    highest card of the suit ``letter`` in it takes it, whatever suit was led.

    >>> from frogspec.rulesets import get_ruleset
    >>> rules = _suit_over_plain("H")(get_ruleset("modern")).rules
    >>> [rules.trick_winner([parse_card(c) for c in t], trump)
    ...  for t, trump in ((["AC", "6H", "10H"], None), (["AC", "6H"], Suit.SPADES),
    ...                   (["AC", "6H", "6S"], Suit.SPADES), (["AC", "6H"], Suit.HEARTS))]
    [2, 1, 2, 1]
    """
    high = parse_suit(letter)

    def over(ruleset: Ruleset) -> Ruleset:
        written, strength = ruleset.rules.trick_winner, ruleset.rules.card_strength
        winner = _OVER_PLAIN.get((high, written, strength))
        if winner is None:

            def winner(cards: Sequence[Card], trump: Suit | None) -> int:
                if trump is not None and any(suit_of(card) == trump for card in cards):
                    return written(cards, trump)
                ours = [i for i, card in enumerate(cards) if suit_of(card) == high]
                if not ours:
                    return written(cards, trump)
                return max(ours, key=lambda i: strength(cards[i]))

            _OVER_PLAIN[high, written, strength] = winner
        return ruleset.replacing("play.trick-winner", winner)

    return over


def _modelled(found: StageFinding, group: Sequence[Probe], probes: Sequence[Probe]) -> StageFinding:
    """The finding with the engine's rank order as a change of the rulesets, where that
    order (in every suit, or among the trumps alone, with any cards it counts as trumps)
    answers every probe as the engine did: said as the order, and named by the rank order,
    or by the trick's winner where the trumps alone rank otherwise. Where the first trump
    played takes the trick whatever its rank (no order of the ranks does), or the last,
    that is the departure, of the trick's winner, where two trumps are played to a
    trick. Where one suit takes every trick of two suits without trumps it is in
    (:func:`_over_plain`), that suit ranked above the plain suits is."""
    over = _over_plain(probes)
    if over is not None and answers_as_engine(_suit_over_plain(over), [*group, *probes]):
        return replace(
            found,
            rule="play.trick-winner",
            otherwise=RankOrderChanged(RANKS_HIGH_TO_LOW, RANKS_HIGH_TO_LOW, over_plain=over),
            condition=Condition((ConditionTerm(f"suit_off_{over}", (True,)),)),
            departure=_suit_over_plain(over),
            models_all=True,
        )
    paired = _pairs_taken(probes, _TRUMP)
    orders: tuple[tuple[Callable[[Ruleset], Ruleset], Literal["first", "last"]], ...] = (
        (_first_trump_wins, "first"),
        (_last_trump_wins, "last"),
    )
    for by_order, which in orders:
        if paired and answers_as_engine(by_order, [*group, *probes]):
            return replace(
                found,
                rule="play.trick-winner",
                otherwise=RankOrderChanged(
                    RANKS_HIGH_TO_LOW,
                    RANKS_HIGH_TO_LOW,
                    True,
                    trump_by_order=which,
                ),
                condition=_TWO_TRUMPS,
                departure=by_order,
                models_all=True,
            )
    plain = rank_order_of(probes)
    trumps = rank_order_of(probes, _TRUMP)
    moved = tuple((card, _below(card, probes)) for card in _moved_to_trumps(probes))
    if trumps is None and not moved:
        # No order: a few ranks beating a higher one, the others as written.
        return _modelled_beating(found, group, probes, plain)
    if plain is None or trumps is None:
        return found
    if plain == trumps == RANKS_HIGH_TO_LOW and not moved:
        return found
    departure: Adjust | None = None if plain == RANKS_HIGH_TO_LOW else _ranked(plain)
    otherwise: Difference = RankOrderChanged(plain, RANKS_HIGH_TO_LOW)
    rule = found.rule
    if trumps != plain or moved:
        departure = composed(departure, _trumps_ranked(trumps, moved))
        if plain == RANKS_HIGH_TO_LOW:
            otherwise = RankOrderChanged(trumps, RANKS_HIGH_TO_LOW, True, moved)
            rule = "play.trick-winner"
        else:
            otherwise = found.otherwise  # the plain suits and the trumps, each their own
    if departure is None or not answers_as_engine(departure, [*group, *probes]):
        return found
    return replace(found, departure=departure, models_all=True, otherwise=otherwise, rule=rule)


def _modelled_beating(
    found: StageFinding,
    group: Sequence[Probe],
    probes: Sequence[Probe],
    plain: tuple[str, ...] | None,
) -> StageFinding:
    """The finding with the pairs of ranks where the lower beats the higher
    (:func:`_beaten_out_of_order`) as a change of the rulesets, where they answer every
    probe as the engine did: among the trumps alone (the plain suits as written, named by
    the trick's winner) or in every suit alike (named by the rank order)."""
    trumps = _beaten_out_of_order(probes, _TRUMP)
    if not trumps:
        return found
    if plain == RANKS_HIGH_TO_LOW:
        trumps_only, rule = True, "play.trick-winner"
    elif plain is None and _beaten_out_of_order(probes) == trumps:
        trumps_only, rule = False, "cards.rank-order"
    else:
        return found
    departure = _beating(trumps, trumps_only)
    if not answers_as_engine(departure, [*group, *probes]):
        return found
    otherwise = RankOrderChanged(RANKS_HIGH_TO_LOW, RANKS_HIGH_TO_LOW, trumps_only, beats=trumps)
    return replace(found, departure=departure, models_all=True, otherwise=otherwise, rule=rule)


class TrickWinnerProbe:
    """``trick_winner`` for every pair of ranks of a suit, and each rank against a trump."""

    op = "trick_winner"
    order = 50

    def run(
        self, ask: Ask, rulesets: Sequence[str], before: Sequence[StageFinding]
    ) -> list[StageFinding]:
        """The departures of who wins a trick: one finding per ruleset's group."""
        probes = [
            ask_both(
                ask,
                {"op": "trick_winner", "ruleset": ruleset, "trump": trump, "cards": cards},
                **_features(ruleset, trump, cards),
            )
            for ruleset in rulesets
            for trump, cards in _tricks()
        ]
        probes += [
            ask_both(
                ask,
                {"op": "trick_winner", "ruleset": ruleset, "trump": trump, "cards": cards},
                **_features(ruleset, trump, cards),
            )
            for card in _moved_to_trumps(probes)
            for ruleset in rulesets
            for trump, cards in _placing(card)
        ]
        # A card counted as a trump is named where it is played to another suit.
        names = (*NAMES, *(f"off_suit_{card}" for card in _moved_to_trumps(probes)))
        return [
            _modelled(
                featured_finding("trick_winner", group, probes, names, _taken(group[0])),
                group,
                probes,
            )
            for group in by_difference(probes, lambda p: TrickTaken)
        ]


register(TrickWinnerProbe())
