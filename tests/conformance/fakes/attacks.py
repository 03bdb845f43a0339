"""Fake implementations that attack the runner's transport, for its tests and benchmark.

    python attacks.py MODE [AMOUNT]

Each serves protocol v1 like ``python -m frogspec.harness``, except:

- ``stderr_lines``: on each ``card_points`` request, writes 40 lines of AMOUNT bytes
  (5,000,000 by default) to standard error, then exits with status 3;
- ``stderr_unended``: on each ``card_points`` request, writes AMOUNT bytes (500,000,000 by
  default) to standard error without a newline, then exits with status 3;
- ``grandchild``: starts a process that holds its standard error (and output) for AMOUNT
  seconds (300), then exits with status 3 on the Queen of spades;
- ``never_reads``: answers hello, then reads nothing more for an hour;
- ``slow``: answers every request after AMOUNT seconds (9.5);
- ``hello_then_hang``: answers hello after AMOUNT seconds (25), then nothing more;
- ``early``: with its answer to hello, answers the next request before it is sent;
- ``restarts``: exits at once on five cards (the Queen, King, Jack, Ten and Nine of
  spades), answering everything else right, and leaves behind a process holding its
  standard output that writes a stray line there once it has exited: whoever reads that
  pipe then, it must not be the reader of the next engine's answers;
- ``escapes``: its hello name and version, its error message for the Queen of spades (and
  for every ``trick_winner``) and what it writes to standard error before it exits on the
  King hold terminal escapes (a screen clear, a window title), Markdown and HTML, and
  characters XML 1.0 forbids.

With ``FROGSPEC_FAKE_PIDS`` set to a file, each start appends its process id (its process
group, as the runner starts it) to that file, and so does a grandchild, for the tests to
check that nothing is left running.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

from frogspec.harness import handle

MODE = sys.argv[1]
AMOUNT = sys.argv[2] if len(sys.argv) > 2 else None

_ESCAPES = "\x1b[2J\x1b]0;owned\x07\x9b31m<script>x</script>|*_`[a](b)\x00\x0b\ufffe\u202e"


def _record(pid: int) -> None:
    path = os.environ.get("FROGSPEC_FAKE_PIDS")
    if path:
        with open(path, "a", encoding="utf-8") as stream:
            stream.write(f"{pid}\n")


def _answer(response: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _flood_stderr(lines: int, size: int, newline: bool) -> None:
    chunk = b"e" * min(size, 1 << 20)
    err = sys.stderr.buffer
    for _ in range(lines):
        left = size
        while left > 0:
            err.write(chunk[:left])
            left -= len(chunk)
        if newline:
            err.write(b"\n")
    err.flush()


def _grandchild(seconds: float) -> None:
    code = (
        "import os, sys, time\n"
        "path = os.environ.get('FROGSPEC_FAKE_PIDS')\n"
        "if path:\n"
        "    open(path, 'a').write(f'{os.getpid()}\\n')\n"
        f"time.sleep({seconds})\n"
    )
    subprocess.Popen([sys.executable, "-c", code])  # inherits stdout and stderr


_STRAY = (
    "import os, sys, time\n"
    "path = os.environ.get('FROGSPEC_FAKE_PIDS')\n"
    "if path:\n"
    "    open(path, 'a').write(f'{os.getpid()}\\n')\n"
    "parent = os.getppid()\n"
    "for _ in range(6000):\n"
    "    if os.getppid() != parent:\n"
    "        break\n"
    "    time.sleep(0.05)\n"
    'os.write(1, b\'{"id": 999999, "result": "stray"}\\n\')\n'
    "time.sleep(300)\n"
)


def serve(request: dict[str, Any]) -> None:
    """Answer one request the mode's way."""
    op = request.get("op")
    card = request.get("card")
    if MODE == "stderr_lines" and op == "card_points":
        _flood_stderr(40, int(AMOUNT or 5_000_000), newline=True)
        sys.exit(3)
    if MODE == "stderr_unended" and op == "card_points":
        _flood_stderr(1, int(AMOUNT or 500_000_000), newline=False)
        sys.exit(3)
    if MODE == "grandchild" and op == "card_points" and card == "QS":
        sys.exit(3)
    if MODE == "never_reads" and op != "hello":
        time.sleep(3600)
    if MODE == "slow":
        time.sleep(float(AMOUNT or 9.5))
    if MODE == "hello_then_hang":
        if op != "hello":
            time.sleep(3600)
        time.sleep(float(AMOUNT or 25))
    if MODE == "restarts" and op == "card_points" and card in ("QS", "KS", "JS", "10S", "9S"):
        os._exit(3)
    response = handle(request)
    if MODE == "escapes":
        if op == "hello":
            response["result"]["name"] = f"engine{_ESCAPES}"
            response["result"]["version"] = f"1{_ESCAPES}"
        elif op == "card_points" and card == "KS":
            sys.stderr.write(f"stderr{_ESCAPES}\n")
            sys.stderr.flush()
            sys.exit(3)
        elif (op == "card_points" and card == "QS") or op == "trick_winner":
            response = {
                "id": request["id"],
                "error": {"kind": "invalid", "rule": None, "message": f"no{_ESCAPES}"},
            }
    if MODE == "early" and op == "hello":
        # One write: the answer ahead of its request reaches the runner with hello's.
        ahead = {"id": request["id"] + 1, "result": 0}
        sys.stdout.write(json.dumps(response) + "\n" + json.dumps(ahead) + "\n")
        sys.stdout.flush()
        return
    _answer(response)


def main() -> None:
    """Serve requests from standard input until it closes."""
    _record(os.getpid())
    if MODE == "grandchild":
        _grandchild(float(AMOUNT or 300))
    if MODE == "restarts":
        subprocess.Popen([sys.executable, "-c", _STRAY])  # holds standard output
    if MODE == "never_reads":
        # Answer hello, then stop reading: the runner's writes must not wait on it.
        serve(json.loads(sys.stdin.readline()))
        time.sleep(3600)
    for line in sys.stdin:
        if line.strip():
            serve(json.loads(line))


if __name__ == "__main__":
    main()
