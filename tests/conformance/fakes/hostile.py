"""Fake implementations that answer one request with a hostile line, for the runner's tests.

    python hostile.py MODE [--all]

Each serves protocol v1 like ``python -m frogspec.harness``, except that it answers the
points of the Queen of spades (``--all``: every request but hello) with the line of its
mode (:data:`LINES`), or, in ``flood``, with a line that never ends.
"""

from __future__ import annotations

import json
import sys

from frogspec.harness import handle

#: The hostile answer of each mode, given the request's id.
LINES = {
    "deep_array": lambda n: b"[" * 100_000,
    "deep_object": lambda n: b'{"a":' * 50_000,
    "deep_inside": lambda n: b'{"id": %d, "result": %s}' % (n, b"[" * 5000 + b"]" * 5000),
    "giant": lambda n: b'{"id": %d, "result": "%s"}' % (n, b"x" * (17 << 20)),
    "nan": lambda n: b'{"id": %d, "result": NaN}' % n,
    "infinity": lambda n: b'{"id": %d, "result": -Infinity}' % n,
    "huge_float": lambda n: b'{"id": %d, "result": 1e999}' % n,
    "big_number": lambda n: b'{"id": %d, "result": 1%s}' % (n, b"0" * 100_000),
    "surrogate": lambda n: b'{"id": %d, "result": "\\udc00"}' % n,
    "duplicate": lambda n: b'{"id": %d, "result": 3, "result": 4}' % n,
}


def main() -> None:
    """Serve requests like the reference, with the mode's hostile answer."""
    mode = sys.argv[1]
    out = sys.stdout.buffer
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if (request.get("op") == "card_points" and request.get("card") == "QS") or (
            "--all" in sys.argv[2:] and request.get("op") != "hello"
        ):
            if mode == "flood":
                while True:  # until the runner has had enough and ends the process
                    out.write(b"[" * 65536)
            out.write(LINES[mode](request["id"]) + b"\n")
        else:
            out.write(json.dumps(handle(request)).encode() + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
