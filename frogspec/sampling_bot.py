"""A computer player that bids from the odds and plays by sampling.

:class:`SamplingBot` decides as a player who cannot see the other hands would: at each
decision it deals the cards it has not seen in a number of ways consistent with what it has
seen (:func:`frogspec.worlds.sample_world`: the cards played, the voids shown by failing to
follow or to trump, the widow if shown), plays each of its choices out in every one of those
worlds, and takes the choice with the best average payment to its seat.

- **Bidding**: for each contract it may bid, the mean payment it would receive as that
  contract's bidder with this hand, over ``bid_samples`` worlds (its bid, the others'
  passes, and the play by :class:`~frogspec.bots.Bot` in every seat). It bids the contract
  with the best mean if that mean is positive, and passes otherwise.
- **Play and trump**: each legal card (one of each run of equivalent cards) or suit, over
  ``samples`` worlds, the same worlds for every choice; the rest of the deal is played out
  by :class:`~frogspec.bots.Bot` in every seat (a rollout).
- **Lay-away** (a Frog): as :class:`~frogspec.bots.Bot` does.

Why rollouts rather than the double-dummy solver (:func:`frogspec.solve.solve_value`), by
measurement (``python -m benchmarks.sampling``, 2026-12-02, pure Python on the shared
build machine): a solve took a median of about 1 ms with four tricks to go or fewer, 10 to
25 ms with five or six and 165 ms with seven, one world and one card; a play-out by
:class:`~frogspec.bots.Bot` from the same positions, 0.1 to 0.3 ms, ten to several hundred
times less. A decision asks for one per world and per choice, so only rollouts fit 2,000
measured deals, and a browser.

It is analysis of play, not a rule: it chooses among :func:`~frogspec.engine.legal_actions`
only, and reads only what its seat may see (the worlds are built from that alone). The
same seed plays the same game.

>>> from frogspec.bots import play_deal
>>> from frogspec.notation import numbered_deck
>>> deal = play_deal("foster-1909", 3, 0, numbered_deck(7), SamplingBot(1, samples=2, bid_samples=2))
>>> deal.final.phase.code
'over'
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from frogspec.bots import Bot, play_deal
from frogspec.engine import PASS, Action, ActionKind, Phase, State, apply, legal_actions, outcome
from frogspec.notation import numbered_deck
from frogspec.rules.auction import Contract
from frogspec.rules.cards import FULL_PACK, SUIT_OF, Card, card_points, card_strength
from frogspec.worlds import PlayMemory, sample_world, unseen

__all__ = [
    "POSITIONS",
    "SamplingBot",
    "Settings",
    "distinct_plays",
    "main",
    "measure_deal",
    "measure_deals",
    "summary",
]


def distinct_plays(state: State, cards: Sequence[Card]) -> list[Card]:
    """One card of each run of equivalent cards among ``cards`` (the legal plays of the
    seat to act): cards of one suit, worth the same points, with no card between them
    still in another hand or in the trick. Which of them is played changes nothing.

    >>> from frogspec.engine import new_deal
    >>> from frogspec.notation import numbered_deck
    >>> from frogspec.rules.cards import format_card
    >>> state = new_deal("foster-1909", 3, 0, numbered_deck(7))
    >>> len(distinct_plays(state, list(range(9)))) < 9
    True
    """
    seat = state.to_act
    assert seat is not None
    mine = state.hands[seat]
    # What this seat knows is out of play: the tricks won, and its own lay-away. Every
    # other card it does not hold may still be played, and the trick's cards may be beaten.
    gone = state.laid_away if seat == state.bidder else 0
    for won in state.won:
        gone |= won
    between = FULL_PACK & ~mine & ~gone
    for card in state.trick:
        between |= 1 << card
    kept: list[Card] = []
    chosen = set(cards)
    for suit in {SUIT_OF[c] for c in cards}:
        ranked = sorted(
            (c for c in range(suit * 9, suit * 9 + 9) if (mine | between) >> c & 1),
            key=card_strength,
        )
        previous: Card | None = None
        for card in ranked:
            if (
                card in chosen
                and previous is not None
                and card_points(card) == card_points(previous)
            ):
                previous = card
                continue
            if card in chosen:
                kept.append(card)
                previous = card
            else:
                previous = None
    return sorted(kept)


@dataclass
class SamplingBot:
    """The sampling player (see the module). ``samples``: worlds per decision of the play
    and the trump; ``bid_samples``: worlds per contract in the auction. One instance can
    play every seat: it reads only what the seat to act may see, and remembers the plays
    the table shows it (:meth:`observe`)."""

    seed: int = 0
    samples: int = 6
    bid_samples: int = 12
    rng: random.Random = field(init=False, repr=False)
    memory: PlayMemory = field(init=False, repr=False)
    rollout: Bot = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.samples < 1 or self.bid_samples < 1:
            raise ValueError("samples and bid_samples must be at least 1")
        self.rng = random.Random(self.seed)
        self.memory = PlayMemory()
        self.rollout = Bot(self.seed)

    def observe(self, state: State, action: Action) -> None:
        """What the table shows every seat: ``action`` taken in ``state``."""
        self.memory.observe(state, action)

    def choose(self, state: State) -> Action:
        """The action for the player to act; one of ``legal_actions(state)``."""
        legal = legal_actions(state)
        if not legal:
            raise ValueError("the deal is over: no one is to act")
        if state.phase == Phase.DISCARD:
            return self.rollout.choose(state)
        if state.phase == Phase.AUCTION:
            return self._bid(state, legal)
        if len(legal) == 1:
            return legal[0]
        if state.phase == Phase.PLAY:
            cards = distinct_plays(state, [a.value for a in legal])
            choices = [Action(ActionKind.PLAY, c) for c in cards]
            if len(choices) == 1:
                return choices[0]
        else:
            choices = list(legal)
        means = self._means(state, choices, self.samples)
        return max(zip(means, range(len(choices)), choices, strict=True))[2]

    def expected_payments(self, state: State) -> dict[Contract, float]:
        """The mean payment to the seat to act as the bidder of each contract it may bid
        now, over ``bid_samples`` worlds."""
        bids = [a for a in legal_actions(state) if a.kind == ActionKind.BID]
        means = self._means(state, bids, self.bid_samples)
        return {Contract(a.value): m for a, m in zip(bids, means, strict=True)}

    def _bid(self, state: State, legal: Sequence[Action]) -> Action:
        odds = self.expected_payments(state)
        passing = next(a for a in legal if a.kind == ActionKind.PASS)
        if not odds:
            return passing
        # The best mean; of equal means the lower contract.
        best = max(odds, key=lambda c: (odds[c], -c.value))
        return Action(ActionKind.BID, best.value) if odds[best] > 0 else passing

    def _means(self, state: State, choices: Sequence[Action], samples: int) -> list[float]:
        seat = state.to_act
        assert seat is not None
        view = unseen(state, seat, self.memory.plays_for(state))
        totals = [0.0] * len(choices)
        for _ in range(samples):
            world = sample_world(state, seat, self.memory, self.rng, view=view)
            for index, action in enumerate(choices):
                totals[index] += self._play_out(apply(world, action), seat)
        return [t / samples for t in totals]

    def _play_out(self, state: State, seat: int) -> int:
        # The rest of the deal by the cheap policy; in the auction the others pass (the
        # value of a bid is the value of playing it), and so does this seat if asked again.
        while state.phase != Phase.OVER:
            if state.phase == Phase.AUCTION:
                state = apply(state, PASS)
            else:
                state = apply(state, self.rollout.choose(state))
        return outcome(state).payments[seat]


# ---------------------------------------------------------------------- measuring it

#: The seats by their place at a three-handed table, from the dealer's left.
POSITIONS = ("eldest", "second", "dealer")


@dataclass(frozen=True)
class Settings:
    """What a measurement plays: the ruleset, the deal numbers ``seed`` onwards, and the
    sampling player's samples per decision (play, and per contract in the auction)."""

    ruleset: str = "foster-1909"
    seed: int = 0
    samples: int = 6
    bid_samples: int = 12


def measure_deal(settings: Settings, index: int) -> dict[str, object]:
    """Deal ``settings.seed + index`` at three players (the dealer ``index % 3``), played
    twice: :class:`SamplingBot` in one seat (it turns with ``index // 3``) and
    :class:`~frogspec.bots.Bot` in the others; and :class:`~frogspec.bots.Bot` in every
    seat. The payments to that seat both times, the contract and who bid it."""
    number = settings.seed + index
    dealer = index % 3
    seat = (index // 3 + dealer + 1) % 3  # eldest, second, dealer in turn
    deck = numbered_deck(number)
    sampler = SamplingBot(number, settings.samples, settings.bid_samples)
    policies: list[Bot | SamplingBot] = [Bot(number)] * 3
    policies[seat] = sampler
    started = time.perf_counter()
    deal = play_deal(settings.ruleset, 3, dealer, deck, policies)
    seconds = time.perf_counter() - started
    baseline = play_deal(settings.ruleset, 3, dealer, deck, Bot(number))
    final = deal.final
    return {
        "deal": number,
        "position": POSITIONS[(seat - dealer - 1) % 3],
        "sampler": deal.result.payments[seat],
        "bot": baseline.result.payments[seat],
        "contract": final.contract.code if final.contract is not None else None,
        "sampler_bid": final.bidder == seat,
        "bot_contract": baseline.final.contract.code if baseline.final.contract else None,
        "bot_bid": baseline.final.bidder == seat,
        "seconds": round(seconds, 3),
    }


def _measure_chunk(settings: Settings, indices: list[int]) -> list[dict[str, object]]:
    return [measure_deal(settings, i) for i in indices]


def measure_deals(
    settings: Settings, deals: int, workers: int = 1, out: Path | None = None
) -> list[dict[str, object]]:
    """:func:`measure_deal` for deals ``0 .. deals - 1``, on ``workers`` processes
    (``concurrent.futures``; every deal seeds its own players, so the figures do not depend
    on the number of workers). With ``out``, each deal is written to it as a JSON line as it
    finishes, and the deals already there are not played again (a run can be resumed)."""
    # Imported here: the Play page imports this module in a browser, which has no processes.
    from concurrent.futures import ProcessPoolExecutor, as_completed

    done: dict[int, dict[str, object]] = {}
    if out is not None and out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row.get("settings") != asdict(settings):
                raise ValueError(f"{out} holds a run with other settings: {row.get('settings')}")
            done[int(row["deal"]) - settings.seed] = row
    todo = [i for i in range(deals) if i not in done]
    chunks = [todo[i : i + 10] for i in range(0, len(todo), 10)]
    sink = out.open("a", encoding="utf-8") if out is not None else None
    try:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [pool.submit(_measure_chunk, settings, chunk) for chunk in chunks]
            for job in as_completed(jobs):
                for row in job.result():
                    row["settings"] = asdict(settings)
                    done[int(str(row["deal"])) - settings.seed] = row
                    if sink is not None:
                        sink.write(json.dumps(row) + "\n")
                if sink is not None:
                    sink.flush()
                print(f"\r{len(done)}/{deals} deals", end="", file=sys.stderr, flush=True)
    finally:
        if sink is not None:
            sink.close()
        print(file=sys.stderr)
    return [done[i] for i in sorted(done) if i < deals]


def _interval(values: Sequence[float]) -> tuple[float, float]:
    # The mean and the half-width of its 95% confidence interval (normal approximation).
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("inf")
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def summary(rows: Sequence[dict[str, Any]]) -> str:
    """The measurement as a Markdown table: per position and over all, the mean payment per
    deal to :class:`SamplingBot`, to :class:`~frogspec.bots.Bot` in the same seat of the
    same deals, and their difference, each with its 95% confidence interval; then, for
    the deals where either bid, how often each contract it bid was won and lost."""
    lines = [
        "| seat | deals | sampling player, per deal | `Bot` in its place | difference | "
        "sampling player bid | `Bot` bid |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for position in (*POSITIONS, "all"):
        chosen = [r for r in rows if position in ("all", r["position"])]
        if not chosen:
            continue
        cells = []
        for values in (
            [r["sampler"] for r in chosen],
            [r["bot"] for r in chosen],
            [r["sampler"] - r["bot"] for r in chosen],
        ):
            mean, half = _interval(values)
            cells.append(f"{mean:+.2f} ± {half:.2f}")
        bids = sum(bool(r["sampler_bid"]) for r in chosen) / len(chosen)
        bot_bids = sum(bool(r["bot_bid"]) for r in chosen) / len(chosen)
        lines.append(
            f"| {position} | {len(chosen)} | {' | '.join(cells)} | {bids:.1%} | {bot_bids:.1%} |"
        )
    lines += [
        "",
        "| bidder | contract | deals bid | won | lost | mean payment to the bidder |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for who, bid, contract, paid in (
        ("sampling player", "sampler_bid", "contract", "sampler"),
        ("`Bot` in its place", "bot_bid", "bot_contract", "bot"),
    ):
        codes = sorted({str(r[contract]) for r in rows if r[bid]})
        for code in codes:
            played = [r[paid] for r in rows if r[bid] and r[contract] == code]
            won = sum(p > 0 for p in played) / len(played)
            lost = sum(p < 0 for p in played) / len(played)
            mean, half = _interval(played)
            lines.append(
                f"| {who} | {code} | {len(played)} | {won:.1%} | {lost:.1%} | "
                f"{mean:+.2f} ± {half:.2f} |"
            )
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.sampling_bot measure [--deals N] [--ruleset ID] [--seed N]
    [--samples N] [--bid-samples N] [--workers N] [--out FILE]``: measure
    :class:`SamplingBot` against :class:`~frogspec.bots.Bot` (:func:`measure_deals`) and print the
    table (:func:`summary`); ``summary FILE`` prints the table of a run already written."""
    from frogspec.rulesets import RULESETS

    parser = argparse.ArgumentParser(prog="python -m frogspec.sampling_bot")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("measure", help="play the sampling player against the bots")
    run.add_argument("--deals", type=int, default=2000)
    run.add_argument("--ruleset", default="foster-1909", choices=sorted(RULESETS))
    run.add_argument("--seed", type=int, default=0, help="the first deal number")
    run.add_argument("--samples", type=int, default=Settings.samples)
    run.add_argument("--bid-samples", type=int, default=Settings.bid_samples)
    run.add_argument("--workers", type=int, default=1)
    run.add_argument("--out", type=Path, help="write (and resume) the deals as JSON lines")
    show = sub.add_parser("summary", help="the table of a run written with --out")
    show.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.command == "summary":
        try:
            text = args.file.read_text(encoding="utf-8")
        except OSError as error:
            parser.error(f"cannot read {args.file}: {error.strerror}")
        print(summary([json.loads(line) for line in text.splitlines()]), end="")
        return 0
    if args.deals < 1 or args.samples < 1 or args.bid_samples < 1 or args.workers < 1:
        parser.error("--deals, --samples, --bid-samples and --workers must be at least 1")
    settings = Settings(args.ruleset, args.seed, args.samples, args.bid_samples)
    try:
        rows = measure_deals(settings, args.deals, args.workers, args.out)
    except ValueError as error:
        parser.error(str(error))
    print(summary(rows), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
