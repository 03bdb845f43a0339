"""The estimate against the sampled odds, on hands it was not fitted on.

``python -m benchmarks.estimate_check sample --hands 48 --samples 8 --progress FILE`` deals
the check's hands (:func:`check_hands`: seed :data:`CHECK_SEED` of the second hand-worth
design, :mod:`frogspec.worth_design`, which no fit reads: strong hands oversampled with
their weights, every seat, tables of three to five) and runs :func:`frogspec.odds.hand_odds`
on each (``--samples`` samples, seed 0, one process), appending each hand's sampled answer
to ``FILE`` (resumable: the hands done are kept). ``--part K/N`` takes only the hands whose
number leaves K by N (one of N processes), ``--done FILES`` skips the hands other runs did.

``python -m benchmarks.estimate_check score --progress FILE... --out frogspec/data/estimate_check.json``
(the committed samples: ``benchmarks/estimate_check_samples.jsonl``)
holds each sampled answer against :func:`frogspec.estimate.estimate` for that hand, seat and
table, its interval stated for that many samples (:func:`score`): how often the interval held
the sampled win rate and the sampled mean payment (the target: 95% or more), the calibration
(the chance estimated against the share of samples won, by bins) and the Brier and log scores.
The rulebook's hand-worth pages print that file. ``--seed`` names the check's seed (both
commands; :data:`CHECK_SEED` unless given), and ``score --earlier FILE`` keeps an earlier
check's result (:data:`EARLIER_FIELDS` of its document) beside the new one: the earlier
check's hands have been looked at, so a refitted estimate is judged on fresh ones.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import frogspec
from frogspec.worth_design import SEAT_NAMES, seats_deal

#: The seed of the check's hands (the data's runs use others: 21 eldest, 22 every seat).
CHECK_SEED = 24
#: The seed of the earlier check, whose hands have been looked at since: its result is kept
#: as it was (:data:`EARLIER_FIELDS`), not scored again to judge the estimate.
EARLIER_CHECK_SEED = 23
#: What the document keeps of the earlier check (``score --earlier FILE``).
EARLIER_FIELDS = (
    "date", "check_seed", "hands", "samples", "seats", "players", "strong_hands",
    "win_interval", "payment_interval", "as_deals_come",
)  # fmt: skip
#: The ruleset the check plays (it allows tables of three to five, and every contract).
CHECK_RULESET = "foster-1909"
#: The share of intervals that must hold the sampled answer.
TARGET = 0.95
#: The bins of the calibration, by the chance estimated.
BINS = (0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0)


def check_hands(count: int, seed: int = CHECK_SEED) -> list[dict[str, Any]]:
    """The check's first ``count`` hands: each hand of the second design's seed ``seed``
    (its first deal), with its seat, table size and draw weight."""
    hands = []
    for number in range(count):
        deal = seats_deal(seed, 2 * number)
        hands.append(
            {
                "hand_number": number,
                "hand": deal.hands[deal.seat],
                "seat": SEAT_NAMES[deal.seat],
                "players": deal.players,
                "draw_weight": deal.weight,
                "draws": deal.draws,
            }
        )
    return hands


def _sample(args: argparse.Namespace) -> int:
    from frogspec.odds import hand_odds

    done = [e for path in args.done if path.exists() for e in _read(path)]
    done += _read(args.progress) if args.progress.exists() else []
    seen = {entry["hand_number"] for entry in done}
    print(_heading(f"{args.hands} check hands, {args.samples} samples each"), flush=True)
    part, parts = (int(x) for x in args.part.split("/"))
    hands = check_hands(args.hands, args.seed)
    for hand in reversed(hands) if args.reverse else hands:
        if hand["hand_number"] in seen or hand["hand_number"] % parts != part:
            continue
        started = time.process_time()
        odds = hand_odds(
            hand["hand"], args.ruleset, hand["seat"], args.samples, 0, 1,
            players=hand["players"],
        )  # fmt: skip
        if odds.stopped:  # interrupted: a hand of fewer samples than asked is not kept
            print(f"hand {hand['hand_number']}: {odds.stopped}; not kept", flush=True)
            return 130
        entry = {
            **hand,
            "check_seed": args.seed,
            "ruleset": args.ruleset,
            "samples": odds.samples,
            "cpu_seconds": round(time.process_time() - started, 1),
            "contracts": [
                {
                    "contract": row.contract.code,
                    "wins": row.wins,
                    "mean_payment": round(row.mean_payment, 4),
                    "mean_points": round(row.mean_points, 4),
                }
                for row in odds.contracts
            ],
        }
        with args.progress.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps(entry) + "\n")
        print(
            f"hand {hand['hand_number']} ({hand['seat']}, {hand['players']} players): "
            f"{entry['cpu_seconds']} CPU s",
            flush=True,
        )
    return 0


def _read(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip() and line.endswith("}")]


def _heading(what: str) -> str:
    build = "compiled" if frogspec.COMPILED else "pure"
    now = datetime.datetime.now(datetime.UTC)
    return f"{now:%Y-%m-%d %H:%M} UTC, {build} build, Python {platform.python_version()}: {what}"


# --------------------------------------------------------------------------- the score
def coverage(held: Sequence[bool], target: float = TARGET) -> dict[str, Any]:
    """How many of ``held`` (one per interval: whether it held the sampled answer) are
    true, their share, and whether the share meets ``target``.

    >>> coverage([True] * 19 + [False])
    {'intervals': 20, 'held': 19, 'share': 0.95, 'met': True}
    """
    count = sum(held)
    share = count / len(held) if held else math.nan
    return {"intervals": len(held), "held": count, "share": round(share, 4), "met": share >= target}


def weighted_share(held: Sequence[bool], weights: Sequence[float]) -> float:
    """The share of ``held`` that are true, each counted by its weight (a hand's draw weight:
    the share among hands as they are dealt, the strong ones no longer oversampled).

    >>> weighted_share([True, False], [1.0, 3.0])
    0.25
    """
    total = math.fsum(weights)
    return round(math.fsum(w for h, w in zip(held, weights, strict=True) if h) / total, 4)


def calibration(
    predicted: Sequence[float], observed: Sequence[float], weights: Sequence[float]
) -> list[dict[str, Any]]:
    """The hands by the chance of winning estimated, in :data:`BINS`: how many, the mean
    chance estimated and the mean share of samples won (each hand counted by its weight).

    >>> calibration([0.05, 0.95, 0.92], [0.0, 1.0, 0.5], [1, 1, 1])[1]["observed"]
    0.75
    """
    bins = []
    for low, high in itertools.pairwise(BINS):
        last = high == BINS[-1]
        chosen = [
            (p, o, w)
            for p, o, w in zip(predicted, observed, weights, strict=True)
            if low <= p < high or (last and p == high)
        ]
        if chosen:
            total = math.fsum(w for _, _, w in chosen)
            bins.append(
                {
                    "from": low,
                    "to": high,
                    "hands": len(chosen),
                    "predicted": round(math.fsum(p * w for p, _, w in chosen) / total, 4),
                    "observed": round(math.fsum(o * w for _, o, w in chosen) / total, 4),
                }
            )
    return bins


def scores(
    predicted: Sequence[float], wins: Sequence[int], samples: Sequence[int]
) -> dict[str, float]:
    """The Brier score and the log score (mean negative log-likelihood, natural log) of the
    chances ``predicted`` over every sample: a hand's ``wins`` of its ``samples`` each
    scored against its chance; lower is better for both.

    >>> scores([0.5], [1], [2])
    {'brier': 0.25, 'log': 0.6931}
    """
    total = sum(samples)
    brier = log = 0.0
    for p, won, n in zip(predicted, wins, samples, strict=True):
        q = min(max(p, 1e-6), 1 - 1e-6)
        brier += won * (1 - p) ** 2 + (n - won) * p**2
        log -= won * math.log(q) + (n - won) * math.log(1 - q)
    return {"brier": round(brier / total, 4), "log": round(log / total, 4)}


def score(entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Hold each sampled answer against the estimate (:func:`frogspec.estimate.estimate`,
    its intervals stated for the hand's number of samples): the document the pages print."""
    from frogspec.estimate import estimate

    win_held: list[bool] = []
    counts: list[float] = []  # each interval's hand's draw weight: as deals come
    pay_held: list[bool] = []
    by_contract: dict[str, dict[str, list[Any]]] = {}
    hands = []
    for entry in entries:
        estimates = estimate(
            entry["hand"], entry["ruleset"], seat=entry["seat"], players=entry["players"],
            samples=entry["samples"],
        )  # fmt: skip
        rows = []
        for guess, sampled in zip(estimates, entry["contracts"], strict=True):
            rate = sampled["wins"] / entry["samples"]
            win_in = guess.win_interval[0] <= rate <= guess.win_interval[1]
            pay_in = (
                guess.payment_interval[0] <= sampled["mean_payment"] <= guess.payment_interval[1]
            )
            win_held.append(win_in)
            pay_held.append(pay_in)
            counts.append(float(entry["draw_weight"]))
            kept = by_contract.setdefault(
                guess.name, {k: [] for k in ("p", "o", "w", "n", "win", "pay")}
            )
            kept["p"].append(guess.win_chance)
            kept["o"].append(rate)
            kept["w"].append(sampled["wins"])
            kept["n"].append(entry["samples"])
            kept["win"].append(win_in)
            kept["pay"].append(pay_in)
            rows.append(
                {
                    "contract": guess.name,
                    "estimate": round(guess.win_chance, 4),
                    "win_interval": [round(x, 4) for x in guess.win_interval],
                    "sampled_win_rate": round(rate, 4),
                    "payment": round(guess.payment, 2),
                    "payment_interval": [round(x, 2) for x in guess.payment_interval],
                    "sampled_payment": sampled["mean_payment"],
                }
            )
        hands.append(
            {k: entry[k] for k in ("hand_number", "seat", "players", "draw_weight")}
            | {"contracts": rows}
        )
    contracts = {}
    for name, kept in by_contract.items():
        weights = [1.0] * len(kept["p"])
        contracts[name] = {
            "win_interval": coverage(kept["win"]),
            "payment_interval": coverage(kept["pay"]),
            "calibration": calibration(kept["p"], kept["o"], weights),
            **scores(kept["p"], kept["w"], kept["n"]),
        }
    return {
        "hands": len(entries),
        "samples": sorted({e["samples"] for e in entries}),
        "ruleset": sorted({e["ruleset"] for e in entries}),
        "seats": {s: sum(e["seat"] == s for e in entries) for s in SEAT_NAMES},
        "players": {str(n): sum(e["players"] == n for e in entries) for n in (3, 4, 5)},
        "strong_hands": sum(e["draw_weight"] == 1 for e in entries),
        "win_interval": coverage(win_held),
        "payment_interval": coverage(pay_held),
        "as_deals_come": {
            "win_interval": weighted_share(win_held, counts),
            "payment_interval": weighted_share(pay_held, counts),
        },
        "contracts": contracts,
        "hands_checked": hands,
    }


def _score(args: argparse.Namespace) -> int:
    entries = sorted(
        {e["hand_number"]: e for path in args.progress for e in _read(path)}.values(),
        key=lambda e: e["hand_number"],
    )
    seeds = {e.get("check_seed", args.seed) for e in entries}
    if seeds != {args.seed}:
        print(f"the samples are of seeds {sorted(seeds)}, not {args.seed}", file=sys.stderr)
        return 2
    document = score(entries)
    document = {
        "command": "python -m benchmarks.estimate_check score",
        "date": f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        "check_seed": args.seed,
        "cpu_seconds_sampling": round(math.fsum(e["cpu_seconds"] for e in entries), 1),
        **document,
    }
    if args.earlier is not None:
        earlier = json.loads(args.earlier.read_text(encoding="utf-8"))
        document["earlier"] = {k: earlier[k] for k in EARLIER_FIELDS}
    args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"{document['date']}: {document['hands']} check hands scored")
    for what in ("win_interval", "payment_interval"):
        found = document[what]
        print(f"{what}: held {found['held']} of {found['intervals']} ({100 * found['share']:.1f}%)")
    for name, found in document["contracts"].items():
        print(
            f"{name}: win interval {found['win_interval']['held']}/{found['win_interval']['intervals']}, "
            f"payment {found['payment_interval']['held']}/{found['payment_interval']['intervals']}, "
            f"Brier {found['brier']}, log {found['log']}"
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``sample`` the check's hands' odds, or ``score`` the estimate against them."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.estimate_check")
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("sample", help="run the odds of the check's hands (resumable)")
    go.add_argument("--hands", type=int, default=48)
    go.add_argument("--samples", type=int, default=8)
    go.add_argument("--ruleset", default=CHECK_RULESET)
    go.add_argument("--seed", type=int, default=CHECK_SEED, help="the seed of the check's hands")
    go.add_argument("--progress", type=Path, required=True)
    go.add_argument("--reverse", action="store_true", help="the last hands first")
    go.add_argument("--part", default="0/1", help="K/N: only the hands whose number leaves K by N")
    go.add_argument(
        "--done", type=Path, nargs="*", default=[], help="other runs' files: their hands are done"
    )
    judge = sub.add_parser("score", help="hold the estimate against the sampled odds")
    judge.add_argument("--progress", type=Path, nargs="+", required=True)
    judge.add_argument("--out", type=Path, required=True)
    judge.add_argument("--seed", type=int, default=CHECK_SEED, help="the seed of the samples")
    judge.add_argument(
        "--earlier", type=Path, default=None, help="an earlier check's document: its result is kept"
    )
    args = parser.parse_args(argv)
    return _sample(args) if args.command == "sample" else _score(args)


if __name__ == "__main__":
    sys.exit(main())
