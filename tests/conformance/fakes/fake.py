"""Fake implementations for the runner's tests: the reference harness, with a twist.

    python fake.py MODE [--always | --exit]

Each mode serves protocol v1 like ``python -m frogspec.harness`` but misbehaves in one way
when a request matches its trigger (most ask the points of one card), so that the
runner's handling of that misbehaviour can be tested:

- ``crash``: exits with status 3 on the Queen of spades (``--always``: on every card);
- ``hang``: sleeps for an hour on the King of spades;
- ``junk``: prints a line that is not JSON for the Nine of spades;
- ``wrong_id``: answers the Eight of spades with another id;
- ``partial``: writes half an answer for the Seven of spades, then hangs (``--exit``:
  exits);
- ``not_utf8``: answers the Six of hearts in bytes that are not UTF-8;
- ``exit``: exits at once, reading nothing;
- ``hang_hello``: never answers hello;
- ``unsupported``: its hello lists neither perft nor first_dealer, it answers
  ``unsupported`` to every request for the gamerules ruleset, and its game observation
  has no ``widow_shown``;
- ``jack_one``: wrong on one rule: each Jack counts 1 instead of 2.
- ``queen_five``: ``card_points`` answers 5 for each Queen (3), and nothing else changes: a
  mistake no broken twin or rival reading makes (the twin of ``cards.points`` counts a
  Jack 1), for the deviation that says so.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

import frogspec.rules.cards
from frogspec.harness import handle
from frogspec.rules.cards import Card
from frogspec.rulesets import Ruleset

Request = dict[str, Any]
#: A twist gets a request and returns True when it has dealt with it (answered or not).
Twist = Callable[[Request], bool]

FLAGS = sys.argv[2:]


def _is_card(request: Request, card: str) -> bool:
    return request.get("op") == "card_points" and request.get("card") == card


def _answer(response: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(response) + "\n")
    sys.stdout.flush()


def crash(request: Request) -> bool:
    if _is_card(request, "QS") or ("--always" in FLAGS and request.get("op") == "card_points"):
        sys.stderr.write("fake: a crash on purpose\n")
        sys.stderr.flush()
        sys.exit(3)
    return False


def hang(request: Request) -> bool:
    if _is_card(request, "KS"):
        time.sleep(3600)
    return False


def junk(request: Request) -> bool:
    if _is_card(request, "9S"):
        sys.stdout.write("debug: counting the nine of spades...\n")
        sys.stdout.flush()
        return True
    return False


def wrong_id(request: Request) -> bool:
    if _is_card(request, "8S"):
        _answer({"id": request["id"] + 1000, "result": 0})
        return True
    return False


def partial(request: Request) -> bool:
    if _is_card(request, "7S"):
        sys.stdout.write('{"id": ' + str(request["id"]) + ', "res')
        sys.stdout.flush()
        if "--exit" in FLAGS:
            sys.exit(0)
        time.sleep(3600)
    return False


def not_utf8(request: Request) -> bool:
    if _is_card(request, "6H"):
        sys.stdout.buffer.write(b'{"id": %d, "result": "\xff\xfe"}\n' % request["id"])
        sys.stdout.flush()
        return True
    return False


def hang_hello(request: Request) -> bool:
    if request.get("op") == "hello":
        time.sleep(3600)
    return False


def unsupported(request: Request) -> bool:
    response: dict[str, Any] = handle(request)
    if request.get("op") == "hello" and "result" in response:
        ops = [op for op in response["result"]["ops"] if op not in ("perft", "first_dealer")]
        response["result"]["ops"] = ops
    elif request.get("ruleset") == "gamerules":
        response = {
            "id": request["id"],
            "error": {"kind": "unsupported", "rule": None, "message": "no gamerules here"},
        }
    elif request.get("op") == "game" and "result" in response:
        response["result"].pop("widow_shown", None)
    _answer(response)
    return True


def _jack_one(card: Card) -> int:
    points = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 1}
    return points.get(frogspec.rules.cards.rank_of(card), 0)


def jack_one(request: Request) -> bool:
    return False


def queen_five(request: Request) -> bool:
    card = request.get("card")
    if request.get("op") == "card_points" and isinstance(card, str) and card.startswith("Q"):
        response = handle(request)
        if "result" in response:
            response["result"] = 5
        _answer(response)
        return True
    return False


TWISTS: dict[str, Twist] = {
    "crash": crash,
    "hang": hang,
    "junk": junk,
    "wrong_id": wrong_id,
    "partial": partial,
    "not_utf8": not_utf8,
    "unsupported": unsupported,
    "jack_one": jack_one,
    "queen_five": queen_five,
    "hang_hello": hang_hello,
}


def main() -> None:
    """Serve requests from standard input like the reference, with the mode's twist."""
    mode = sys.argv[1]
    if mode == "exit":
        sys.exit(0)
    adjust: Callable[[Ruleset], Ruleset] | None = None
    if mode == "jack_one":  # the reference with its rule cards.points replaced

        def adjust(ruleset: Ruleset) -> Ruleset:
            return ruleset.replacing("cards.points", _jack_one)

    twist = TWISTS[mode]
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if not twist(request):
            _answer(handle(request, adjust))


if __name__ == "__main__":
    main()
