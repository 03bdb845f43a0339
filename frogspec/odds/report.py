"""The odds in words: the table ``frogspec odds`` prints, its notes, and its progress line."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from frogspec.estimate import Estimate
from frogspec.notation import parse_ruleset_field
from frogspec.odds.lay_aways import THREE_LAY_AWAYS
from frogspec.odds.positions import FROG, PLAYERS
from frogspec.odds.sampling import STOPPED_BY_INTERRUPT, STOPPED_BY_TIME, Odds
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    format_cards,
)

FOOTER = (
    "Double-dummy odds let every player see every card. Measured against hidden-card play "
    "on the same positions (python -m benchmarks.overrating: 80 random foster-1909 deals, "
    "240 positions, the sampling computer player at every seat), they do not overrate the "
    "bidder's points on average but underrate them: the double-dummy value was 8.0 (Frog), "
    "10.0 (Chico) and 11.3 (Grand) card points below what he took in play (95% intervals "
    "about ±2.7), hidden-card defence giving away more than he loses by not seeing. Where "
    "the double-dummy bidder wins (40 positions) he won 33 in play (83%): read a double-dummy "
    "win rate near 100% as nearer 85%. 'bots' is the rulebook's weaker players at every "
    "seat. Analysis, not rules."
)


#: What the odds say of a Frog whose lay-away is the best of three candidates.
LOWER_BOUND_NOTE = (
    "* A lower bound: the Frog's lay-away is the best of three candidates (the side cards "
    "worth most but Aces, the shortest side suits, the weakest side cards), not of every "
    "lay-away; the exact value is as high or higher (--lay-aways every: exact, about ten "
    "times slower)."
)


def _percent(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _amount(x: float) -> str:
    return "n/a" if math.isinf(x) else f"{x:+.1f}"


def _samples(count: int) -> str:
    return f"{count} sample" + ("s" if count != 1 else "")


def _why_stopped(odds: Odds) -> str:
    if odds.stopped == STOPPED_BY_TIME:
        return f" (the first done in {odds.seconds:.0f} s: the time budget)"
    if odds.stopped == STOPPED_BY_INTERRUPT:
        return f" (the first done when interrupted, of {odds.asked} asked)"
    return ""


def format_odds(odds: Odds) -> str:
    """The odds as ``frogspec odds`` prints them."""
    rs = parse_ruleset_field(odds.ruleset)
    lines = [
        f"hand {' '.join(format_cards(odds.hand))} bid by {odds.seat} under {odds.ruleset} "
        f"({odds.players} players)",
        f"{_samples(odds.samples)} of the unseen cards, seed {odds.seed}{_why_stopped(odds)}; "
        "double-dummy",
        "",
        f"{'contract':<12} {'wins':>6} {'95% (Wilson)':>16} {'payment':>8} "
        f"{'95% (mean)':>18} {'points':>6} {'bots: points':>12} {'wins':>6}",
    ]
    bounded = odds.lay_aways == THREE_LAY_AWAYS
    for row in odds.contracts:
        low, high = row.win_interval
        p_low, p_high = row.payment_interval
        name = row.name + ("*" if bounded and FROG in row.plays else "")
        lines.append(
            f"{name:<12} {_percent(row.win_rate):>6} "
            f"{_percent(low).strip() + '–' + _percent(high).strip():>16} "
            f"{row.mean_payment:>+8.1f} {_amount(p_low) + ' to ' + _amount(p_high):>18} "
            f"{row.mean_points:>6.1f} {row.bot_mean_points:>12.1f} "
            f"{_percent(row.bot_wins / row.samples):>6}"
        )
    lines += [
        "",
        f"payment: the bidder's expected net payment per deal, in {rs.unit} (negative: he pays)",
        *(
            _wrapped(LOWER_BOUND_NOTE)
            if bounded and any(FROG in r.plays for r in odds.contracts)
            else []
        ),
        *_wrapped(FOOTER),
    ]
    return "\n".join(lines)


def _wrapped(text: str) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width=88)


class ProgressBar:
    """A progress line on stderr, drawn only when stderr is a terminal: the samples done
    and, where a time budget or a count of samples bounds the run, about how long is left
    (by the rate so far, and never past the budget)."""

    def __init__(
        self,
        total: int,
        stream: Any = None,
        seconds: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.shown = bool(getattr(self.stream, "isatty", lambda: False)())
        self.seconds = seconds
        self.clock = clock
        self.started = clock()
        self.drawn = False

    def time_left(self, done: int, elapsed: float) -> float | None:
        """About how many seconds the run has left after ``elapsed`` seconds with ``done``
        samples done, or None if nothing says yet."""
        left = None if self.seconds is None else max(0.0, self.seconds - elapsed)
        if done:
            by_rate = elapsed / done * (self.total - done)
            left = by_rate if left is None else min(left, by_rate)
        return left

    def __call__(self, done: int) -> None:
        if not self.shown:
            return
        width = 30
        filled = width * done // self.total
        elapsed = self.clock() - self.started
        if self.seconds is not None:  # the budget bounds the run: the bar is its time
            used = elapsed / self.seconds
            filled = max(filled, min(width, int(width * used)))
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total}"
        if self.seconds is not None:
            line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done} samples"
        left = self.time_left(done, elapsed)
        if left is not None and done < self.total:
            line += f", about {left:.0f} s left  "
        self.stream.write(line)
        self.drawn = True
        if done == self.total:
            self.finish()
        self.stream.flush()

    def finish(self) -> None:
        """End the line, if one was drawn."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def format_estimate(
    rows: Sequence[Estimate], hand: int, ruleset: str, seat: str, players: int = PLAYERS
) -> str:
    """The estimate from the features together (:mod:`frogspec.estimate`) as ``frogspec odds
    --quick`` prints it."""
    lines = [
        f"hand {' '.join(format_cards(hand))} bid by {seat} under {ruleset} ({players} players)",
        "estimated from its features together (frogspec.estimate), no deal solved",
        "",
        f"{'contract':<12} {'wins':>6} {'95% (odds)':>16} {'payment':>8} {'95% (odds)':>18} "
        f"{'points':>6} {'± deal':>6}",
    ]
    for row in rows:
        low, high = row.win_interval
        p_low, p_high = row.payment_interval
        name = row.name + ("*" if row.contract == Contract.FROG else "")
        lines.append(
            f"{name:<12} {_percent(row.win_chance):>6} "
            f"{_percent(low).strip() + '–' + _percent(high).strip():>16} "
            f"{row.payment:>+8.1f} {_amount(p_low) + ' to ' + _amount(p_high):>18} "
            f"{row.points:>6.1f} {row.spread:>6.1f}"
        )
    notes = (
        "The 95% ranges are of what the sampled odds (frogspec odds without --quick, many "
        "samples) would find for this hand: they count the fit's uncertainty and how far the "
        "features miss a hand's own value, measured on deals the fit never saw. '± deal' is "
        "the spread of one deal's points about the estimate. Fitted on every seat and tables "
        "of three to five (the cards play alike at any size; the payments are this table's); "
        "how it fared against the sampled odds is on the hand-worth pages. * A Frog's data "
        "is the best of three lay-aways, a lower bound. Analysis, not rules."
    )
    return "\n".join([*lines, "", *_wrapped(notes)])


def _how_far(rows: Sequence[Estimate], odds: Odds) -> str:
    # How far the estimate (its ranges for this many samples) was from the sampled answer.
    parts = []
    for row, sampled in zip(rows, odds.contracts, strict=True):
        low, high = row.win_interval
        inside = "inside" if low <= sampled.win_rate <= high else "outside"
        parts.append(
            f"{row.name} {_percent(row.win_chance).strip()} ({_percent(low).strip()} to "
            f"{_percent(high).strip()} for "
            f"{'the hand' if row.samples is None else _samples(row.samples)}), {row.payment:+.1f} "
            f"(sampled {_percent(sampled.win_rate).strip()}, {sampled.mean_payment:+.1f}: "
            f"{inside} the estimate's range)"
        )
    return "The estimate from the features together (--quick) was: " + "; ".join(parts) + "."
