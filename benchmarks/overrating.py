"""How much double-dummy odds overrate the bidder: ``python -m benchmarks.overrating``.

The play positions are those :mod:`frogspec.odds` builds: a random deal of the pack (three
players, the bidder in turn eldest, second and dealer), and for each contract of the
ruleset its play as the odds choose it with every card known (:func:`~frogspec.odds.
best_positions`: a Frog's best lay-away of the candidates, a Chico's best trump). Each
position's double-dummy value (:func:`frogspec.solve.solve_value`) is compared with the
bidder's card points when the position is played with hidden cards:

- ``sampling``: :class:`~frogspec.sampling_bot.SamplingBot` at every seat (it sees only
  its own cards, samples the unseen ones and rolls out);
- ``bidder``: the sampling player as the bidder, :class:`~frogspec.bots.Bot` defending;
- ``defence``: :class:`~frogspec.bots.Bot` as the bidder, the sampling player defending;
- ``bots``: :class:`~frogspec.bots.Bot` at every seat (what ``frogspec odds`` shows).

The overrating of a position is the double-dummy points less the points taken in play; the
run gives its mean per contract with a 95% interval (normal), and the difference of the win
rates (double-dummy wins less wins in play, its 95% interval from the paired differences);
both again over the positions the double-dummy bidder wins (``dd_won``: the hands the odds
would tell him to bid, where the overrating matters).
Each deal's row goes to a progress file as it finishes (``--progress``; a run is resumed
from it), and ``--out`` gets the summary with the command, the seed and the date.
Measurement only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.timing import run_date
from frogspec.bots import Bot
from frogspec.engine import Phase, State, apply
from frogspec.odds import (
    PLAYERS,
    best_positions,
    contract_plays,
    mean_interval,
    solver_points,
)
from frogspec.rules.cards import CARDS
from frogspec.rulesets import get_ruleset
from frogspec.sampling_bot import SamplingBot
from frogspec.solve import bidder_points_now

#: The ways of playing a position with hidden cards (see the module).
VARIANTS = ("sampling", "bidder", "defence", "bots")
SCHEMA = "frogspec-overrating/1"


def deal(seed: int, index: int) -> tuple[list[int], int, int]:
    """Deal ``index`` of run ``seed``: the three hands (in turn order from eldest), the
    widow, and the bidder's place in the turn order (eldest, second, dealer in turn)."""
    pack = list(CARDS)
    random.Random(f"frogspec-overrating:{seed}:{index}").shuffle(pack)
    hands = [sum(1 << c for c in pack[11 * i : 11 * i + 11]) for i in range(PLAYERS)]
    widow = sum(1 << c for c in pack[33:])
    return hands, widow, index % PLAYERS


def play_out(state: State, variant: str, seed: int) -> int:
    """The bidder's card points when ``variant`` plays ``state`` to the end."""
    sampler = SamplingBot(seed)
    bot = Bot(seed)
    bidder = state.bidder
    while state.phase != Phase.OVER:
        seat = state.to_act
        if variant == "sampling":
            player: Bot | SamplingBot = sampler
        elif variant == "bidder":
            player = sampler if seat == bidder else bot
        elif variant == "defence":
            player = bot if seat == bidder else sampler
        else:
            player = bot
        action = player.choose(state)
        sampler.observe(state, action)
        state = apply(state, action)
    return bidder_points_now(state)


def deal_rows(ruleset_id: str, seed: int, index: int) -> list[dict[str, Any]]:
    """One row per contract of the ruleset for deal ``index``: the play chosen, the
    double-dummy points and each variant's points."""
    rs = get_ruleset(ruleset_id)
    hands, widow, place = deal(seed, index)
    by_contract = contract_plays(rs)
    found = best_positions(rs, hands, widow, place, tuple(by_contract.values()), solver_points)
    rows = []
    for contract, (play, points, state) in zip(by_contract, found, strict=True):
        row: dict[str, Any] = {"deal": index, "contract": contract.code, "play": play}
        row["dd"] = points
        for variant in VARIANTS:
            row[variant] = play_out(state, variant, index)
        rows.append(row)
    return rows


def _paired(values: Sequence[float]) -> dict[str, float]:
    mean, low, high = mean_interval(values)
    return {"mean": round(mean, 3), "low": round(low, 3), "high": round(high, 3)}


def summary(ruleset_id: str, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per contract and variant: the mean overrating in points and in win rate (95%)."""
    rs = get_ruleset(ruleset_id)
    wins = rs.rules.bidder_result
    result: dict[str, Any] = {}
    for contract in contract_plays(rs):
        mine = [r for r in rows if r["contract"] == contract.code]
        if not mine:
            continue
        entry: dict[str, Any] = {
            "name": rs.contract_name(contract),
            "positions": len(mine),
            "dd_points": round(sum(r["dd"] for r in mine) / len(mine), 2),
            "dd_win_rate": round(sum(wins(r["dd"]) > 0 for r in mine) / len(mine), 4),
        }
        won = [r for r in mine if wins(r["dd"]) > 0]
        entry["dd_won_positions"] = len(won)
        for variant in VARIANTS:
            entry[variant] = {
                "points": round(sum(r[variant] for r in mine) / len(mine), 2),
                "win_rate": round(sum(wins(r[variant]) > 0 for r in mine) / len(mine), 4),
                "overrating_points": _paired([r["dd"] - r[variant] for r in mine]),
                "overrating_win_rate": _paired(
                    [(wins(r["dd"]) > 0) - (wins(r[variant]) > 0) for r in mine]
                ),
            }
            if len(won) > 1:  # the positions a double-dummy bidder would bid
                entry[variant]["dd_won"] = {
                    "win_rate": round(sum(wins(r[variant]) > 0 for r in won) / len(won), 4),
                    "overrating_points": _paired([r["dd"] - r[variant] for r in won]),
                    "overrating_win_rate": _paired([1 - (wins(r[variant]) > 0) for r in won]),
                }
        result[contract.code] = entry
    return result


def _rows_task(task: tuple[str, int, int]) -> list[dict[str, Any]]:
    return deal_rows(*task)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.overrating")
    parser.add_argument("--ruleset", default="foster-1909")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--progress", type=Path, default=Path(".cache/overrating.jsonl"))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    command = (
        f"python -m benchmarks.overrating --ruleset {args.ruleset} --deals {args.deals} "
        f"--seed {args.seed}"
    )
    done: dict[int, list[dict[str, Any]]] = {}
    if args.progress.exists():
        for line in args.progress.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if (record["ruleset"], record["seed"]) == (args.ruleset, args.seed):
                done[record["deal"]] = record["rows"]
    args.progress.parent.mkdir(parents=True, exist_ok=True)
    todo = [i for i in range(args.deals) if i not in done]
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with (
        args.progress.open("a", encoding="utf-8") as sink,
        ProcessPoolExecutor(max_workers=args.workers) as pool,
    ):
        jobs = {pool.submit(_rows_task, (args.ruleset, args.seed, i)): i for i in todo}
        for job in as_completed(jobs):
            index = jobs[job]
            done[index] = job.result()
            record = {"ruleset": args.ruleset, "seed": args.seed, "deal": index}
            sink.write(json.dumps({**record, "rows": done[index]}) + "\n")
            sink.flush()
            print(f"\r{len(done)}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows = [row for i in sorted(done) if i < args.deals for row in done[i]]
    deals = len({r["deal"] for r in rows})
    document = {
        "schema": SCHEMA,
        "command": command,
        "seed": args.seed,
        "date": run_date(),
        "ruleset": args.ruleset,
        "deals": deals,
        "positions": "each contract's play as frogspec.odds.best_positions chooses it",
        "variants": {
            "sampling": "frogspec.sampling_bot.SamplingBot (default settings) at every seat",
            "bidder": "SamplingBot as the bidder, frogspec.bots.Bot defending",
            "defence": "Bot as the bidder, SamplingBot defending",
            "bots": "Bot at every seat",
        },
        "overrating": "double-dummy points (or win) less the points (or win) in play, paired",
        "contracts": summary(args.ruleset, rows),
        "columns": ["deal", "contract", "play", "dd", *VARIANTS],
        "rows": [[r[c] for c in ("deal", "contract", "play", "dd", *VARIANTS)] for r in rows],
    }
    rows_text = ",\n".join(json.dumps(r, separators=(",", ":")) for r in document.pop("rows"))
    text = json.dumps(document, indent=1)[:-2] + ',\n "rows": [\n' + rows_text + "\n ]\n}"
    if args.out is not None:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
