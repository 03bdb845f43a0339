"""Computer players: a policy that bids from the hand's strength and plays sensibly, and a
random one.

Both are built on the engine's public API only (:func:`~frogspec.engine.legal_actions`,
:func:`~frogspec.engine.apply`, :func:`~frogspec.rules.play.trick_winner`): they choose among the
actions the rules allow, and never decide a rule themselves. Each is deterministic given its
seed: the seed only breaks ties between equally good choices (:class:`Bot`) or draws the
choice (:class:`RandomBot`), so the same seed plays the same game.

:class:`Bot` sees what its seat would see at the table: its own hand, the auction, the
cards played so far, the trump, the widow if the ruleset shows it, and (as the bidder) the
cards it laid away. Never another player's hand.

- **Bidding** (:func:`_expected_points`): for each contract it may bid, the points it can
  expect to take as the bidder: the points of the trumps and side cards it expects to win
  tricks with, two captured cards of average value for each such trick, and the widow (which
  counts for the bidder in a Chico and a Grand, and which a Frog bidder takes up and lays
  away). It bids the highest contract whose estimate reaches that contract's threshold
  (:data:`_THRESHOLDS`: a higher contract is paid more, so it wants a safer margin), and
  passes otherwise.
- **Widow** (a Frog): it lays away, one by one, the side card (not a trump) that counts most
  among those it does not expect to win with, shortest suit first, to make voids.
- **Trump** (a Chico): the suit it may name with the best estimate.
- **Play**: leading, the bidder draws trumps while its top trump is the highest left;
  otherwise it leads a side card that is the highest left in its suit, else a low card of
  its longest side suit, keeping its trumps for the suits it is void in. Following, a
  defender whose partner is winning the trick gives it points when the trick is safe; else
  it wins cheaply when it can (the lowest card that wins, a side card before a trump, and
  when others are still to play only a card that cannot be beaten or a cheap one), and
  throws low when it cannot (the legal card worth least, a side card before a trump).

>>> deal = play_deal("foster-1909", 3, 0, numbered_deck(7), Bot(1))
>>> deal.final.phase.code
'over'
>>> play_deal("foster-1909", 3, 0, deal.deck, Bot(1)).actions == deal.actions
True

Measure the policy with ``python -m frogspec.bots measure`` (:func:`measure`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from frogspec.citations import site_url
from frogspec.engine import (
    Action,
    ActionKind,
    DealOutcome,
    Phase,
    State,
    apply,
    legal_actions,
    new_deal,
    outcome,
)
from frogspec.errors import FrogError
from frogspec.notation import (
    REPLAY_PATH,
    DealRecord,
    changed_options,
    format_deal,
    format_position,
    numbered_deck,
)
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    FULL_PACK,
    SUIT_MASKS,
    Card,
    Suit,
    card_points,
    card_strength,
    cards_of,
    format_card,
    parse_card,
)
from frogspec.rules.play import trick_winner
from frogspec.rules.settlement import bidder_result
from frogspec.rulesets import RULESETS, get_ruleset
from frogspec.worlds import played_cards

__all__ = [
    "Bot",
    "BotDeal",
    "Measurement",
    "Policy",
    "RandomBot",
    "deal_notation",
    "deal_record",
    "deal_vector",
    "main",
    "measure",
    "play_deal",
    "recorded_deal",
    "replay_link",
]

#: The estimate (:func:`_expected_points`) a hand needs before the bot bids each contract.
#: More than 60 wins; a Chico and a Grand pay two to four times a Frog, and lose as much, so
#: they ask for a margin.
_THRESHOLDS: dict[Contract, float] = {
    Contract.FROG: 64.0,
    Contract.CHICO: 68.0,
    Contract.GRAND: 70.0,
}

#: The share of two average cards a trick won by the bidder is expected to capture: the
#: defenders throw low to a trick they cannot win.
_CAPTURE_SHARE = 0.8


class Policy(Protocol):
    """Anything that chooses the action of the player to act."""

    def choose(self, state: State) -> Action:
        """One of ``legal_actions(state)``."""
        ...


def _pick(rng: random.Random, options: Sequence[Card], key: Any) -> Card:
    # The best by ``key`` (smallest), the seed breaking ties between equals.
    best = min(key(c) for c in options)
    tied = [c for c in options if key(c) == best]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def _suit(card: Card) -> Suit:
    return Suit(card // 9)


def _in_suit(mask: int, suit: Suit) -> list[Card]:
    return list(cards_of(mask & SUIT_MASKS[suit]))


def _trump_tricks(hand: int, trump: Suit) -> list[Card]:
    """The trumps the hand expects to win tricks with, highest first.

    The unbroken run from the Ace is sure; beyond it, once the defenders' trumps are drawn
    (about two of theirs go on each round), the rest of a long suit wins too.
    """
    held = sorted(_in_suit(hand, trump), key=card_strength, reverse=True)
    run = 0
    for strength, card in zip(range(8, -1, -1), held, strict=False):
        if card_strength(card) != strength:
            break
        run += 1
    missing = 9 - len(held)
    long_tricks = len(held) - (missing + 1) // 2
    return held[: max(run, long_tricks, 0)]


def _side_winners(hand: int, trump: Suit | None) -> list[Card]:
    """The side cards the hand expects to win with: each Ace, and a Ten behind its Ace."""
    winners: list[Card] = []
    for suit in Suit:
        if suit == trump:
            continue
        held = {card_strength(c): c for c in _in_suit(hand, suit)}
        if 8 in held:
            winners.append(held[8])
            if 7 in held:
                winners.append(held[7])
    return winners


def _expected_points(hand: int, trump: Suit, contract: Contract) -> float:
    """The card points the hand can expect to take as the bidder of ``contract`` with
    ``trump``: the points of its expected winners (:func:`_trump_tricks`, each side Ace and
    a Ten behind it), :data:`_CAPTURE_SHARE` of two unseen cards of average value for each
    such trick, and the three cards of the widow at the average value (a Frog bidder takes
    them up and lays three away, which count for him; in a Chico and a Grand the widow
    counts for the bidder as it lies). A Frog bidder's choice of what to keep is worth one
    more average card.

    >>> strong = _mask_of_text("AH 10H KH QH JH 9H 8H AS 10S AD 10D")
    >>> _expected_points(strong, Suit.HEARTS, Contract.GRAND) > _THRESHOLDS[Contract.GRAND]
    True
    >>> weak = _mask_of_text("6H 7S 8S 6S 7D 8D 6D 7C 8C 6C 9C")
    >>> _expected_points(weak, Suit.HEARTS, Contract.FROG) < _THRESHOLDS[Contract.FROG]
    True
    """
    unseen = list(cards_of(FULL_PACK & ~hand))
    average = sum(card_points(c) for c in unseen) / len(unseen)
    winners = _trump_tricks(hand, trump) + _side_winners(hand, trump)
    tricks = min(len(winners), 11)
    points: float = sum(card_points(c) for c in winners)
    points += tricks * 2 * average * _CAPTURE_SHARE
    widow = 3 * average + (average if contract == Contract.FROG else 0.0)
    return points + widow


def _mask_of_text(text: str) -> int:
    """The mask of cards written as ``"AH 10H KS"`` (for examples and tests)."""
    mask = 0
    for word in text.split():
        mask |= 1 << parse_card(word)
    return mask


def _played(state: State) -> int:
    # Every card the table has seen go: the cards played, and the widow where it was shown.
    return played_cards(state) | (state.widow if state.widow_shown else 0)


def _is_master(card: Card, hand: int, gone: int) -> bool:
    """Whether no card of its suit that this seat has not seen outranks ``card``."""
    suit = _suit(card)
    unseen = SUIT_MASKS[suit] & ~hand & ~gone
    return all(card_strength(c) < card_strength(card) for c in cards_of(unseen))


@dataclass
class _Seeded:
    # A policy's seed and the generator it starts.
    seed: int = 0
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def _legal(self, state: State) -> tuple[Action, ...]:
        legal = legal_actions(state)
        if not legal:
            raise ValueError("the deal is over: no one is to act")
        return legal


@dataclass
class Bot(_Seeded):
    """The computer player: bids from the hand's strength and plays sensibly (see the module).

    One instance can play every seat: it reads only what the seat to act may see. ``seed``
    breaks ties, so the same seed plays the same game.
    """

    def choose(self, state: State) -> Action:
        """The action for the player to act; one of ``legal_actions(state)``."""
        legal = self._legal(state)
        if state.phase == Phase.AUCTION:
            return self._bid(state, legal)
        if state.phase == Phase.DISCARD:
            return self._discard(state, legal)
        if state.phase == Phase.TRUMP:
            return self._trump(state, legal)
        return Action(ActionKind.PLAY, self._play(state, [a.value for a in legal]))

    def _bid(self, state: State, legal: Sequence[Action]) -> Action:
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        bids = sorted((a for a in legal if a.kind == ActionKind.BID), reverse=True)
        for action in bids:
            contract = Contract(action.value)
            if (
                self._estimate(hand, contract, state.ruleset.rules.chico_trump())
                >= _THRESHOLDS[contract]
            ):
                return action
        return next(a for a in legal if a.kind == ActionKind.PASS)

    @staticmethod
    def _estimate(hand: int, contract: Contract, chico_suits: Iterable[Suit]) -> float:
        if contract == Contract.CHICO:
            return max((_expected_points(hand, s, contract) for s in chico_suits), default=0.0)
        return _expected_points(hand, Suit.HEARTS, contract)

    def _discard(self, state: State, legal: Sequence[Action]) -> Action:
        seat = state.to_act
        assert seat is not None and state.trump is not None
        hand = state.hands[seat]
        keep = set(_trump_tricks(hand, state.trump)) | set(_side_winners(hand, state.trump))
        cards = [a.value for a in legal]
        side = [c for c in cards if _suit(c) != state.trump and c not in keep]
        pool = side or [c for c in cards if c not in keep] or cards

        def key(card: Card) -> tuple[int, int, int]:
            length = (hand & SUIT_MASKS[_suit(card)]).bit_count()
            return (-card_points(card), length, card_strength(card))

        return Action(ActionKind.DISCARD, _pick(self.rng, pool, key))

    def _trump(self, state: State, legal: Sequence[Action]) -> Action:
        seat = state.to_act
        assert seat is not None and state.contract is not None
        hand = state.hands[seat]
        contract = state.contract
        suits = [a.value for a in legal]
        best = _pick(
            self.rng,
            suits,
            lambda s: (
                -_expected_points(hand, Suit(s), contract),
                -(hand & SUIT_MASKS[s]).bit_count(),
            ),
        )
        return Action(ActionKind.TRUMP, best)

    def _play(self, state: State, cards: list[Card]) -> Card:
        seat = state.to_act
        assert seat is not None
        trump = state.trump
        hand = state.hands[seat]
        gone = _played(state)
        if seat == state.bidder:
            gone |= state.laid_away

        def is_trump(card: Card) -> int:
            return int(_suit(card) == trump)

        def low(card: Card) -> tuple[int, int, int]:
            return (is_trump(card), card_points(card), card_strength(card))

        if not state.trick:
            return self._lead(state, cards, hand, gone, low)
        trick = state.trick
        wins = [c for c in cards if trick_winner((*trick, c), trump) == len(trick)]
        last = len(trick) == len(state.order) - 1
        leader = state.leader
        assert leader is not None
        order = state.order
        winning_seat = order[(order.index(leader) + trick_winner(trick, trump)) % len(order)]
        partner_winning = (
            state.bidder is not None and seat != state.bidder and winning_seat != state.bidder
        )
        if partner_winning:
            best = trick[trick_winner(trick, trump)]
            safe = last or (_suit(best) == _suit(trick[0]) and _is_master(best, hand, gone))
            if safe:
                # Give the partner's trick points, keeping trumps.
                return _pick(self.rng, cards, lambda c: (is_trump(c), -card_points(c), c))
            return _pick(self.rng, cards, low)
        if wins:
            cheap = lambda c: (is_trump(c), card_strength(c), card_points(c))  # noqa: E731
            if last:
                return _pick(self.rng, wins, cheap)
            sure = [c for c in wins if _is_master(c, hand, gone) or _suit(c) == trump]
            if sure:
                return _pick(self.rng, sure, cheap)
            cheap_wins = [c for c in wins if card_points(c) <= 4]
            if cheap_wins:
                return _pick(self.rng, cheap_wins, cheap)
        return _pick(self.rng, cards, low)

    def _lead(self, state: State, cards: list[Card], hand: int, gone: int, low: Any) -> Card:
        trump = state.trump
        seat = state.to_act
        if trump is not None and seat == state.bidder:
            trumps = sorted(_in_suit(hand, trump), key=card_strength, reverse=True)
            theirs = SUIT_MASKS[trump] & ~hand & ~gone & ~state.laid_away
            if trumps and theirs and _is_master(trumps[0], hand, gone | state.laid_away):
                return trumps[0]
        side = [c for c in cards if _suit(c) != trump]
        masters = [c for c in side if _is_master(c, hand, gone)]
        if masters:
            return _pick(self.rng, masters, lambda c: (-card_points(c), c))
        if side:
            longest = max((hand & SUIT_MASKS[_suit(c)]).bit_count() for c in side)
            pool = [c for c in side if (hand & SUIT_MASKS[_suit(c)]).bit_count() == longest]
            return _pick(self.rng, pool, low)
        return _pick(self.rng, cards, low)


@dataclass
class RandomBot(_Seeded):
    """The random policy: each legal action equally likely, drawn with ``random.Random(seed)``."""

    def choose(self, state: State) -> Action:
        """A legal action drawn uniformly."""
        return self.rng.choice(self._legal(state))


@dataclass(frozen=True, slots=True)
class BotDeal:
    """A deal played by policies: the pack, the table, every action and the final state."""

    ruleset: str
    players: int
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    start: State
    final: State
    options: tuple[tuple[str, object], ...] = ()

    @property
    def result(self) -> DealOutcome:
        """The points and payments."""
        return outcome(self.final)


def play_deal(
    ruleset: str,
    players: int,
    dealer: int,
    deck: Sequence[Card],
    policies: Policy | Sequence[Policy],
    options: dict[str, object] | None = None,
) -> BotDeal:
    """Deal ``deck`` and play the deal to the end, each seat by its policy (one policy for
    every seat, or one per seat). A policy with an ``observe(state, action)`` method is
    shown every action as the table sees it (:class:`~frogspec.sampling_bot.SamplingBot`
    remembers the plays)."""
    start = new_deal(ruleset, players, dealer, deck, options)
    by_seat = list(policies) if isinstance(policies, Sequence) else [policies] * players
    if len(by_seat) != players:
        raise ValueError(f"{players} players need {players} policies, got {len(by_seat)}")
    # Policies that remember what the table shows (an ``observe`` method) see every action.
    watchers = [
        p
        for i, p in enumerate(by_seat)
        if hasattr(p, "observe") and all(p is not q for q in by_seat[:i])
    ]
    state = start
    actions: list[Action] = []
    while state.phase != Phase.OVER:
        seat = state.to_act
        assert seat is not None
        action = by_seat[seat].choose(state)
        for watcher in watchers:
            watcher.observe(state, action)
        state = apply(state, action)
        actions.append(action)
    return BotDeal(
        ruleset,
        players,
        dealer,
        tuple(deck),
        tuple(actions),
        start,
        state,
        tuple(sorted((options or {}).items())),
    )


def _game_request(deal: BotDeal) -> dict[str, Any]:
    """The deal as a ``game`` request of the conformance protocol."""
    return {
        "id": 1,
        "op": "game",
        "ruleset": deal.ruleset,
        "options": dict(deal.options),
        "players": deal.players,
        "dealer": deal.dealer,
        "deck": [format_card(c) for c in deal.deck],
        "actions": [str(a) for a in deal.actions],
    }


def deal_vector(
    deal: BotDeal, case_id: str, description: str, seed: int | None = None
) -> dict[str, Any]:
    """The deal as a vector file of one case (``spec/vectors/*.json``'s format): the
    ``game`` request and the observation the reference answers, with the rules it used.
    ``seed`` is the deal number of the portable generator the pack came from, if it did."""
    from frogspec.vectors.build import Spec, make_case

    request = {k: v for k, v in _game_request(deal).items() if k != "id"}
    seeds = () if seed is None else (seed,)
    spec = Spec(case_id, description, request, rules=(), traced=True, seeds=seeds)
    return {
        "$schema": "../schema/vectors.schema.json",
        "spec": "1",
        "title": "A deal played by frogspec.bots",
        "description": description,
        "generated": seed is not None,
        "written_by": "frogspec.bots.deal_vector",
        "cases": [make_case(spec, "played.json").to_json()],
    }


def deal_record(deal: BotDeal, number: int | None = None) -> DealRecord:
    """The deal as a replay link records it (:class:`~frogspec.notation.DealRecord`).

    ``number`` is the deal number of the portable generator whose pack was dealt, if it was
    (the record then carries the number rather than the cards);
    :class:`~frogspec.errors.InvalidInputError` if that deal number deals another pack.
    """
    return DealRecord(
        deal.start.ruleset, deal.players, deal.dealer, deal.deck, deal.actions, number
    )


def recorded_deal(record: DealRecord) -> BotDeal:
    """The deal a replay link records (:class:`~frogspec.notation.DealRecord`), played again by
    the engine, as :func:`play_deal` returns a deal: the inverse of :func:`deal_record`. The
    engine's error, naming the action and the rule it breaks, if it is not a whole legal deal.

    >>> deal = play_deal("modern", 3, 0, numbered_deck(7), Bot(1))
    >>> recorded_deal(deal_record(deal, 7)) == deal
    True
    """
    states = record.states()
    return BotDeal(
        record.ruleset.id,
        record.players,
        record.dealer,
        record.deck,
        record.actions,
        states[0],
        states[-1],
        tuple(sorted(changed_options(record.ruleset))),
    )


def replay_link(deal: BotDeal, number: int | None = None, site: str | None = None) -> str:
    """The link that shows ``deal`` step by step in the rulebook's replay page: the page's
    path (:data:`~frogspec.notation.REPLAY_PATH`) and the deal in its fragment
    (:func:`~frogspec.notation.format_deal`), under the site's address ``site`` when given.

    >>> deal = play_deal("modern", 3, 0, numbered_deck(7), Bot(1))
    >>> replay_link(deal, 7).split("&actions=")[0]
    'deals/replay/#ruleset=modern&players=3&dealer=0&deal=7'
    >>> replay_link(deal, 7, "https://rules.example.org/frog").startswith("https://rules.example.org/frog/deals/")
    True
    """
    base = "" if not site else site if site.endswith("/") else site + "/"
    return f"{base}{REPLAY_PATH}#{format_deal(deal_record(deal, number))}"


def deal_notation(deal: BotDeal) -> dict[str, Any]:
    """The deal in the position notation (:mod:`frogspec.notation`): the position as dealt,
    the actions in order, and the final position."""
    return {
        "start": format_position(deal.start),
        "actions": [str(a) for a in deal.actions],
        "final": format_position(deal.final),
    }


@dataclass
class Measurement:
    """What :func:`measure` counts for one ruleset and table."""

    ruleset: str
    players: int
    deals: int
    bids: dict[str, list[int]] = field(default_factory=dict)
    passed_out: int = 0
    bot_vs_random: float = 0.0
    random_vs_bot: float = 0.0
    bot_wins_vs_random: int = 0
    seconds: float = 0.0

    def rows(self) -> list[dict[str, Any]]:
        """Per contract: how often it was bid, won, tied (60) and lost, by the bot table."""
        out = []
        for code, (won, tied, lost) in self.bids.items():
            played = won + tied + lost
            out.append(
                {
                    "contract": code,
                    "played": played,
                    "share": played / self.deals,
                    "won": won / played if played else 0.0,
                    "tied": tied / played if played else 0.0,
                    "lost": lost / played if played else 0.0,
                }
            )
        return out


def measure(ruleset: str, players: int = 3, deals: int = 10_000, seed: int = 0) -> Measurement:
    """Play ``deals`` deals of the portable generator (deal numbers ``seed`` onwards, the
    dealer turning) twice: once with :class:`Bot` in every seat, counting per contract how
    often the bidder wins, ties and loses; once with one :class:`Bot` (its seat turning)
    against :class:`RandomBot` in the others, recording the mean payment per deal to the
    bot and to a random player."""
    started = time.perf_counter()
    rs = get_ruleset(ruleset)
    result = Measurement(ruleset, players, deals)
    result.bids = {c.code: [0, 0, 0] for c in rs.rules.contracts()}
    bot = Bot(seed)
    chance = RandomBot(seed)
    bot_total = random_total = 0
    for index in range(deals):
        deck = numbered_deck(seed + index)
        dealer = index % players
        deal = play_deal(ruleset, players, dealer, deck, bot)
        final = deal.final
        if final.contract is None:
            result.passed_out += 1
        else:
            points = deal.result.bidder_points
            assert points is not None
            tally = result.bids[final.contract.code]
            margin = bidder_result(points)
            tally[0 if margin > 0 else 1 if margin == 0 else 2] += 1
        seat = (index // players) % players
        mixed: list[Policy] = [chance] * players
        mixed[seat] = bot
        payments = play_deal(ruleset, players, dealer, deck, mixed).result.payments
        bot_total += payments[seat]
        random_total += sum(p for s, p in enumerate(payments) if s != seat)
        result.bot_wins_vs_random += payments[seat] > 0
    result.bot_vs_random = bot_total / deals
    result.random_vs_bot = random_total / deals / (players - 1)
    result.seconds = time.perf_counter() - started
    return result


def _markdown(results: list[Measurement], command: str) -> str:
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    lines = [
        f"Measured {today} with `{command}`.",
        "",
        "| ruleset | contract | share of deals | won | 60 (tie) | lost |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for m in results:
        for row in m.rows():
            lines.append(
                f"| `{m.ruleset}` | {row['contract']} | {row['share']:.1%} | "
                f"{row['won']:.1%} | {row['tied']:.1%} | {row['lost']:.1%} |"
            )
        lines.append(f"| `{m.ruleset}` | (all passed) | {m.passed_out / m.deals:.1%} | | | |")
    lines += [
        "",
        "| ruleset | bot's mean payment per deal | a random player's | deals the bot gained |",
        "| --- | ---: | ---: | ---: |",
    ]
    for m in results:
        lines.append(
            f"| `{m.ruleset}` | {m.bot_vs_random:+.2f} | {m.random_vs_bot:+.2f} | "
            f"{m.bot_wins_vs_random / m.deals:.1%} |"
        )
    return "\n".join(lines) + "\n"


def _play(args: argparse.Namespace) -> str:
    # One deal of the portable generator, the bot in every seat: its notation and its link.
    if not 0 <= args.deal < 2**64:
        raise ValueError(f"--deal: a deal number is from 0 to 2**64 - 1, got {args.deal}")
    deck = numbered_deck(args.deal)
    deal = play_deal(args.ruleset, args.players, args.dealer, deck, Bot(args.seed))
    notation = deal_notation(deal)
    return "\n".join(
        [
            notation["start"],
            " ".join(notation["actions"]),
            notation["final"],
            replay_link(deal, args.deal, site_url()),
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.bots measure [--deals N] [--ruleset ID ...] [--json FILE]``, or
    ``python -m frogspec.bots play [--ruleset ID] [--players N] [--dealer SEAT] [--deal N]
    [--seed N]``: one deal played by :class:`Bot` in every seat, printed in the position
    notation (as dealt, the actions, the end) and then as its replay link (:func:`replay_link`,
    under ``FROGSPEC_SITE_URL`` when it is set)."""
    parser = argparse.ArgumentParser(prog="python -m frogspec.bots")
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("play", help="play one deal with the bot and print its replay link")
    one.add_argument("--ruleset", default="foster-1909", choices=sorted(RULESETS))
    one.add_argument("--players", type=int, default=3)
    one.add_argument("--dealer", type=int, default=0)
    one.add_argument(
        "--deal", type=int, default=0, help="the deal number of the portable generator"
    )
    one.add_argument("--seed", type=int, default=1, help="the bot's seed")
    run = sub.add_parser("measure", help="measure the bot over many deals")
    run.add_argument("--deals", type=int, default=10_000)
    run.add_argument("--players", type=int, default=3)
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--ruleset", action="append", choices=sorted(RULESETS))
    run.add_argument("--json", help="also write the figures as JSON to this file")
    given = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(given)
    if args.command == "play":
        try:
            print(_play(args))
        except (FrogError, ValueError) as error:
            parser.error(str(error))
        return 0
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    results = []
    for ruleset in args.ruleset or list(RULESETS):
        m = measure(ruleset, args.players, args.deals, args.seed)
        print(f"{ruleset}: {m.deals} deals in {m.seconds:.1f} s", file=sys.stderr, flush=True)
        results.append(m)
    print(_markdown(results, " ".join(["python -m frogspec.bots", *given])))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([m.__dict__ for m in results], out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
