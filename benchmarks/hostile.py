"""Hostile input through the reference harness: ``python -m benchmarks.hostile [--lines N]``.

Writes N fuzzed request lines (100,000 by default; a fixed seed): requests with random ops
and fields of every type, giant numbers, 10,000-character strings, random Unicode and
bytes, deep nesting (up to 100,000 ``[``), ``NaN``, lone surrogates, duplicate keys, lines
past the length bound. It pipes them through ``python -m frogspec.harness`` once and
prints, ready to paste, how many answer lines came back, how many crashes (a wrong count of
answers, an exit status but 0, a traceback) and the wall clock. Figures only: nothing is
asserted.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from frogspec.harness import OPS
from frogspec.jsonline import MAX_LINE_BYTES

__all__ = ["hostile_lines", "main"]

# Every op the harness offers, in its own order, and names it does not know.
_OPS = [*OPS, "nope", ""]
_FIELDS = [
    "card",
    "cards",
    "ruleset",
    "players",
    "dealer",
    "deck",
    "actions",
    "trump",
    "contract",
    "depth",
    "seed",
    "spec",
    "deals",
    "chosen",
    "lowest",
]


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(10 if depth < 3 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.randrange(-(10**30), 10**30) if rng.random() < 0.2 else rng.randrange(-5, 40)
    if kind == 3:
        return rng.uniform(-1e300, 1e300)
    if kind == 4:
        return rng.choice(["QS", "10H", "foster-1909", "gamerules", "1922", "grand", "pass"])
    if kind == 5:
        return "".join(chr(rng.randrange(0x20, 0x2FFFF)) for _ in range(rng.randrange(20)))
    if kind == 6:
        return "x" * 10_000
    if kind == 7:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(_FIELDS): _value(rng, depth + 1) for _ in range(rng.randrange(4))}


def _request(rng: random.Random) -> bytes:
    request: dict[str, Any] = {"id": rng.randrange(10**6), "op": rng.choice(_OPS)}
    if rng.random() < 0.1:
        request["id"] = _value(rng)
    for name in rng.sample(_FIELDS, rng.randrange(5)):
        request[name] = _value(rng)
    return json.dumps(request, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


_HOSTILE: list[Callable[[random.Random], bytes]] = [
    lambda rng: b"[" * rng.choice([65, 1000, 100_000]),
    lambda rng: b"{" * 50_000,
    lambda rng: (
        b'{"id": 1, "op": "hello", "x": ' + rng.choice([b"NaN", b"Infinity", b"1e999"]) + b"}"
    ),
    lambda rng: b'{"id": 1' + b"0" * rng.randrange(30, 10_000) + b', "op": "hello"}',
    lambda rng: b'{"id": 1, "op": "\\ud800"}',
    lambda rng: b'{"id": 1, "id": 2, "op": "hello"}',
    lambda rng: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(
        b"\n", b" "
    ),
    lambda rng: _request(rng)[: rng.randrange(1, 40)],
]


def hostile_lines(count: int, seed: int = 23) -> list[bytes]:
    """``count`` fuzzed request lines (without newlines), none blank; one is past the length
    bound, one in a hundred is one of the hostile kinds, the rest random requests."""
    rng = random.Random(seed)
    lines = [
        rng.choice(_HOSTILE)(rng) if rng.random() < 0.01 else _request(rng) for _ in range(count)
    ]
    lines = [line if line.strip() else b"?" for line in lines]
    lines[count // 2] = b"x" * (MAX_LINE_BYTES + 1)
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Pipe the lines through the harness and print the run."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hostile", description=__doc__)
    parser.add_argument("--lines", type=int, default=100_000, help="request lines (100,000)")
    args = parser.parse_args(argv)
    lines = hostile_lines(args.lines)
    with tempfile.TemporaryFile() as requests, tempfile.TemporaryFile() as answers:
        requests.write(b"\n".join(lines) + b"\n")
        requests.seek(0)
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "frogspec.harness"],
            stdin=requests,
            stdout=answers,
            stderr=subprocess.PIPE,
            check=False,
        )
        seconds = time.perf_counter() - began
        answers.seek(0)
        got = answers.read().splitlines()
    kinds: Counter[str] = Counter()
    for line in got:
        body = json.loads(line)
        kinds["result" if "result" in body else body["error"]["kind"]] += 1
    crashes = (
        int(len(got) != len(lines)) + int(done.returncode != 0) + int(b"Traceback" in done.stderr)
    )
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"`python -m benchmarks.hostile`, {now}: Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    print(
        f"{len(lines):,} fuzzed request lines through `python -m frogspec.harness` over the "
        f"pipe: {len(got):,} answer lines ({', '.join(f'{n:,} {k}' for k, n in kinds.most_common())}), "
        f"exit status {done.returncode}, {crashes} crashes, {seconds:.1f} s on the wall clock "
        f"({len(lines) / seconds:,.0f} lines per second)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
