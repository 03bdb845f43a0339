"""Hostile input through the reference harness, and hostile engines through the runner.

``python -m benchmarks.hostile [--lines N]``: hostile requests through the harness.
``python -m benchmarks.hostile --engines``: every attacking engine through the runner.

Writes N fuzzed request lines (100,000 by default; a fixed seed): requests with random ops
and fields of every type, giant numbers, 10,000-character strings, random Unicode and
bytes, deep nesting (up to 100,000 ``[``), ``NaN``, lone surrogates, duplicate keys, lines
past the length bound. It pipes them through ``python -m frogspec.harness`` once and
prints, ready to paste, how many answer lines came back, how many crashes (a wrong count of
answers, an exit status but 0, a traceback) and the wall clock. Figures only: nothing is
asserted.

With ``--engines``, it runs ``frogspec conform`` (the cases of ``cards.points``, the
defaults of ``conform``: ``--timeout 10``, ``--deadline 45``) against every fake engine of
``tests/conformance/fakes/attacks.py`` at the sizes of the attacks it stands for (40 lines
of 5 MB of standard error, 500 MB without a newline, answers of 9.5 s, hello at 25 s...),
each run in a process of its own, and prints for each its wall clock, the runner's peak
memory (its ``ru_maxrss``, the engine's not counted), how the run ended (its last line and
the bound that cut it off) and how many of the processes the engine started are left.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path
from typing import Any

from benchmarks.timing import load_average, run_date
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


_FAKES = Path(__file__).resolve().parents[1] / "tests" / "conformance" / "fakes"

#: Each attacking engine: its mode of ``attacks.py`` and the amount of its attack.
ENGINES = [
    ("stderr_lines", "5000000"),
    ("stderr_unended", "500000000"),
    ("grandchild", "300"),
    ("never_reads", None),
    ("slow", "9.5"),
    ("hello_then_hang", "25"),
    ("early", None),
    ("restarts", None),
    ("escapes", None),
]

_ONE_RUN = """
import json, resource, sys, time
from frogspec.conform import run_conformance
from frogspec.conform.reports import render_text
began = time.monotonic()
run = run_conformance(json.loads(sys.argv[1]), cases=["cards.points.*"])
seconds = time.monotonic() - began
text = render_text(run, quiet=True)
print(json.dumps({
    "seconds": seconds,
    "peak_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    "summary": run.summary_line(),
    "cut_off": run.cut_off,
    "report_chars": len(text),
}))
"""


def _running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return stat[0] != "Z"


def run_engine(mode: str, amount: str | None) -> dict[str, Any]:
    """One run of the runner against one attacking engine, in a process of its own."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.NamedTemporaryFile("r") as pids:
        env = {**os.environ, "PYTHONPATH": str(root), "FROGSPEC_FAKE_PIDS": pids.name}
        command = [sys.executable, str(_FAKES / "attacks.py"), mode, *([amount] if amount else [])]
        began = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", _ONE_RUN, json.dumps(command)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
            timeout=600,
        )
        wall = time.monotonic() - began
        time.sleep(1.0)  # a killed group may take a moment to be gone
        started = [int(p) for p in Path(pids.name).read_text().split()]
    result: dict[str, Any] = (
        json.loads(done.stdout.splitlines()[-1])
        if done.returncode == 0 and done.stdout.strip()
        else {"summary": f"exit {done.returncode}: {done.stderr.strip()[-200:]}"}
    )
    result.update(
        mode=mode,
        amount=amount,
        wall=wall,
        started=len(started),
        left=sum(map(_running, started)),
        traceback="Traceback" in done.stderr,
    )
    return result


def engines_main() -> int:
    """Run the runner against every attacking engine and print a dated table."""
    now = run_date()
    print(
        f"`python -m benchmarks.hostile --engines`, {now}: Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, load average {load_average()}"
    )
    print()
    print("| engine (attack) | wall s | runner peak MB | result | cut off by | left running |")
    print("|---|--:|--:|---|---|--:|")
    for mode, amount in ENGINES:
        r = run_engine(mode, amount)
        peak = f"{r['peak_kib'] / 1024:.0f}" if "peak_kib" in r else "?"
        cut = (r.get("cut_off") or "-").split(":")[0]
        tb = " (traceback)" if r["traceback"] else ""
        print(
            f"| {mode} ({amount or '-'}) | {r['wall']:.1f} | {peak} | {r['summary']}{tb} "
            f"| {cut} | {r['left']} of {r['started']} |",
            flush=True,
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Pipe the lines through the harness and print the run (``--engines``: run the
    attacking engines)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hostile", description=__doc__)
    parser.add_argument("--lines", type=int, default=100_000, help="request lines (100,000)")
    parser.add_argument(
        "--engines", action="store_true", help="run the attacking engines through the runner"
    )
    args = parser.parse_args(argv)
    if args.engines:
        return engines_main()
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
    now = run_date()
    print(
        f"`python -m benchmarks.hostile`, {now}: Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, load average {load_average()}"
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
