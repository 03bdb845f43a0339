"""Sampling a hand's odds: the samples solved over worker processes, within a time budget,
and each contract's rates and payments with their intervals (:func:`hand_odds`)."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from frogspec.engine import check_players, new_deal, settle
from frogspec.errors import InvalidInputError
from frogspec.notation import parse_ruleset_field, ruleset_field
from frogspec.odds.lay_aways import THREE_LAY_AWAYS, _check_lay_aways
from frogspec.odds.positions import (
    DEALER,
    HAND_SIZE,
    PLAYERS,
    SEATS,
    Play,
    Solver,
    SureTest,
    _turn_order_hands,
    contract_plays,
    sample_deal,
    solver_points,
)
from frogspec.odds.solving import solve_contracts
from frogspec.odds.stats import mean_interval, wilson_interval
from frogspec.rules.auction import Contract
from frogspec.rulesets import RULESETS, Ruleset

#: The most samples a run takes: a sample solves a whole deal for each contract (about a
#: second to half a minute), so a million is weeks of work; more is a mistake.
MAX_SAMPLES = 1_000_000
#: ``frogspec odds``'s time budget when no count of samples is given, seconds: with the
#: start and the report, an answer within half a minute.
DEFAULT_SECONDS = 25.0


@dataclass(frozen=True)
class ContractOdds:
    """One contract's odds: its chance of winning (Wilson 95% interval) and the bidder's
    expected payment per deal (positive: he is paid; normal 95% interval), double-dummy; and
    the same positions played by :class:`~frogspec.bots.Bot` at every seat."""

    contract: Contract
    name: str
    plays: tuple[Play, ...]
    samples: int
    wins: int
    win_interval: tuple[float, float]
    mean_payment: float
    payment_interval: tuple[float, float]
    mean_points: float
    bot_mean_points: float
    bot_wins: int

    @property
    def win_rate(self) -> float:
        """The share of samples the bidder wins (more than 60 card points)."""
        return self.wins / self.samples


@dataclass(frozen=True)
class Odds:
    """What :func:`hand_odds` found for a hand."""

    ruleset: str
    hand: int
    seat: str
    samples: int
    seed: int
    contracts: tuple[ContractOdds, ...]
    #: The samples asked for (more than ``samples`` where the run stopped early).
    asked: int = 0
    #: Why the run stopped before ``asked``: :data:`STOPPED_BY_TIME`,
    #: :data:`STOPPED_BY_INTERRUPT`, or "" (it did not).
    stopped: str = ""
    #: How a Frog's lay-away was chosen: :data:`EVERY_LAY_AWAY` (exact) or
    #: :data:`THREE_LAY_AWAYS` (a lower bound).
    lay_aways: str = THREE_LAY_AWAYS
    #: The run's time, seconds by the clock (not compared: two runs alike are equal).
    seconds: float = field(default=0.0, compare=False)
    #: The players at the table (the cards go to three; the rest sit out and settle).
    players: int = PLAYERS


def _sample_task(
    task: tuple[
        str,
        int,
        int,
        int,
        int,
        tuple[tuple[Play, ...], ...],
        Solver,
        SureTest | None,
        str,
        int,
    ],
) -> list[tuple[Play, int, int]]:
    field, hand, seed, index, seat, groups, solver, sure, lay_aways, players = task
    first, second, widow = sample_deal(hand, seed, index)
    hands = _turn_order_hands(hand, (first, second), seat)
    rs = parse_ruleset_field(field)
    return solve_contracts(
        rs, hands, widow, seat, groups, solver, bot_seed=index, sure=sure,
        lay_aways=lay_aways, players=players,
    )  # fmt: skip


#: Why a run ended before its samples: the time budget, or an interruption (Ctrl-C).
STOPPED_BY_TIME = "time"
STOPPED_BY_INTERRUPT = "interrupted"


def _ignore_interrupts() -> None:
    # A worker leaves Ctrl-C to the run, which keeps what is done and ends the workers.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(
    tasks: Iterable[Any],
    workers: int,
    progress: Callable[[int], None],
    deadline: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[list[Any], str]:
    """The results of the first samples, in order, and why the run stopped early ("" if
    it did not): at ``deadline`` (by ``clock``) once a sample is done, or on Ctrl-C. Only
    the first samples by index are kept, whichever finished first, so that stopping at a
    time does not favour the deals that solve quickly, and the same seed and count give
    the same numbers."""
    results: list[Any] = []
    if workers <= 1 and deadline is None:
        try:
            for task in tasks:
                results.append(_sample_task(task))
                progress(len(results))
        except KeyboardInterrupt:
            return results, STOPPED_BY_INTERRUPT
        return results, ""
    # Imported here: Pyodide (the Play page reads this module) has no processes. The
    # samples are handed out a few at a time (never the whole run at once) and the
    # workers ended at the deadline, not waited for.
    import multiprocessing
    from collections import deque

    pool = multiprocessing.get_context().Pool(max(1, workers), initializer=_ignore_interrupts)
    pending: deque[Any] = deque()
    to_do: Iterator[Any] | None = iter(tasks)
    stopped = ""
    try:
        while True:
            late = deadline is not None and clock() >= deadline
            while to_do is not None and not late and len(pending) < 2 * workers:
                task = next(to_do, None)
                if task is None:
                    to_do = None
                else:
                    pending.append(pool.apply_async(_sample_task, (task,)))
            if not pending:
                break
            if late and results:
                stopped = STOPPED_BY_TIME
                break
            pending[0].wait(0.25)
            if pending[0].ready():
                results.append(pending.popleft().get())
            progress(len(results))
    except KeyboardInterrupt:
        stopped = STOPPED_BY_INTERRUPT
    finally:
        pool.terminate()
        pool.join()
    return results, stopped


def _no_progress(done: int) -> None:
    pass


def max_workers() -> int:
    """The most worker processes a run uses: twice the machine's cores, at most 16 (more
    only share the same cores, each with its own copy of the solver's tables)."""
    return min(16, 2 * (os.cpu_count() or 1))


def hand_odds(
    hand: int,
    ruleset: str | Ruleset,
    seat: str,
    samples: int,
    seed: int,
    workers: int = 1,
    *,
    solver: Solver = solver_points,
    sure: SureTest | None = None,
    progress: Callable[[int], None] = _no_progress,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
    lay_aways: str = THREE_LAY_AWAYS,
    players: int = PLAYERS,
) -> Odds:
    """Each contract's odds for ``hand`` (a mask of eleven cards) bid from ``seat`` (a key
    of :data:`SEATS`), over ``samples`` deals of the unseen cards drawn from ``seed``,
    solved by ``solver`` over ``workers`` processes (the numbers do not depend on it);
    ``sure`` is the solver's one-sided test (:func:`solve_contracts`).

    ``seconds``: a time budget (by ``clock``): the run stops when it is spent, once a sample
    is done, and gives the odds of the first samples done (:attr:`Odds.stopped` says so).
    Ctrl-C likewise stops the run with what it has (``KeyboardInterrupt`` again if no
    sample is done). At most :data:`MAX_SAMPLES` samples and :func:`max_workers` workers.
    ``players``: the table's size (the ruleset's to allow); the payments are that table's."""
    rs = ruleset if isinstance(ruleset, Ruleset) else parse_ruleset_field(ruleset)
    check_players(rs, players)
    if rs.id not in RULESETS or RULESETS[rs.id].with_options(rs.option_values) != rs:
        raise InvalidInputError(
            "the odds take a ruleset by its id, with its options (as a position's first "
            "field writes them: official-1922-solo[penalty_frog=true])"
        )
    field = ruleset_field(rs)
    if seat not in SEATS:
        raise InvalidInputError(f"unknown seat {seat!r}: one of {', '.join(SEATS)}")
    if hand.bit_count() != HAND_SIZE or hand >> 36:
        raise InvalidInputError(f"a hand is {HAND_SIZE} cards of the pack")
    if not 1 <= samples <= MAX_SAMPLES:
        raise InvalidInputError(f"samples must be from 1 to {MAX_SAMPLES}, got {samples}")
    if not 1 <= workers <= max_workers():
        raise InvalidInputError(
            f"workers must be from 1 to {max_workers()} on this machine, got {workers}"
        )
    by_contract = contract_plays(rs)
    groups = tuple(by_contract.values())
    place = SEATS[seat]
    _check_lay_aways(lay_aways)
    tasks = (
        (field, hand, seed, index, place, groups, solver, sure, lay_aways, players)
        for index in range(samples)
    )
    started = clock()
    deadline = None if seconds is None else started + seconds
    results, stopped = _results(tasks, workers, progress, deadline, clock)
    if not results:
        raise KeyboardInterrupt
    done = len(results)
    bidder = new_deal(rs, players, DEALER, list(range(36))).order[place]
    rows = []
    for place_in_groups, (contract, group) in enumerate(by_contract.items()):
        points = [result[place_in_groups][1] for result in results]
        by_bot = [result[place_in_groups][2] for result in results]
        payments = [settle(rs, players, DEALER, bidder, contract, p)[bidder] for p in range(121)]
        pay = [payments[p] for p in points]
        mean, low, high = mean_interval(pay, bounds=(min(payments), max(payments)))
        bidder_result = rs.rules.bidder_result
        wins = sum(bidder_result(p) > 0 for p in points)
        rows.append(
            ContractOdds(
                contract=contract,
                name=rs.contract_name(contract),
                plays=group,
                samples=done,
                wins=wins,
                win_interval=wilson_interval(wins, done),
                mean_payment=mean,
                payment_interval=(low, high),
                mean_points=math.fsum(points) / done,
                bot_mean_points=math.fsum(by_bot) / done,
                bot_wins=sum(bidder_result(p) > 0 for p in by_bot),
            )
        )
    return Odds(
        field, hand, seat, done, seed, tuple(rows), asked=samples, stopped=stopped,
        seconds=clock() - started, lay_aways=lay_aways, players=players,
    )  # fmt: skip
