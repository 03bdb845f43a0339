"""Engines that answer as the reference does, but for one convention each.

    python variants.py MODE

Modes, for the tests of the levels of conformance and of the scope a report states:

- ``rule-null``: every ``illegal`` error names ``"rule": null``, and hello declares no
  rule ids (right on every rule, silent on our ids: passes level 1);
- ``rule-own``: every ``illegal`` error names a code of its own (passes level 1);
- ``at-off``: ``rule-null``, and every ``illegal`` error's ``at`` is one too far (fails);
- ``kind-invalid``: ``rule-null``, and every ``illegal`` error says ``invalid`` (fails);
- ``deal-off``: ``rule-null``, and every ``illegal`` error of a ``match`` names the deal
  after the one at fault (fails);
- ``deal-absent``: ``rule-null``, and no ``illegal`` error says which deal (the extension
  field ``deal`` left out: the rest is judged, and passes);
- ``declared-wrong``: hello declares ``"rule_ids": "frogspec"``, yet every ``illegal``
  error names ``cards.points`` (passes level 1, fails level 2);
- ``cards-only``: hello lists only ``card_points`` (most cases are not offered);
- ``widow-reversed``: every deal's widow and hands listed in reverse order (which the
  vectors accept: they compare them as sets), and a Grand settled at twice the reference's
  payments (fails: the diagnosis then probes the engine's ``deal``);
- ``flaky-game``: its first two ``game`` answers say ``to_act`` 9, the third ``game``
  request makes it exit with status 3, and it answers the later ones right (the count
  goes on across restarts in the file named by ``VARIANTS_STATE``; for the diagnosis).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from frogspec.harness import handle

Json = Any


def _flaky_game(answer: dict[str, Json]) -> dict[str, Json]:
    state = Path(os.environ["VARIANTS_STATE"])
    count = int(state.read_text()) + 1 if state.exists() else 1
    state.write_text(str(count))
    if count == 3:
        sys.exit(3)
    if count < 3 and isinstance(answer.get("result"), dict):
        answer["result"]["to_act"] = 9
    return answer


def _reversed(request: dict[str, Json], answer: dict[str, Json]) -> dict[str, Json]:
    result = answer.get("result")
    if isinstance(result, dict):
        if isinstance(result.get("widow"), list):
            result["widow"] = list(reversed(result["widow"]))
        if isinstance(result.get("hands"), list):
            result["hands"] = [list(reversed(h)) if h else h for h in result["hands"]]
    grand = request.get("op") == "settle" and request.get("contract") == "grand"
    if grand and isinstance(result, list):
        answer["result"] = [2 * v for v in result]
    return answer


def vary(mode: str, request: dict[str, Json]) -> dict[str, Json]:
    """The reference's answer to ``request``, varied as ``mode`` says."""
    answer: dict[str, Json] = handle(request)
    if mode == "flaky-game" and request.get("op") == "game":
        return _flaky_game(answer)
    result = answer.get("result")
    if mode == "widow-reversed":
        return _reversed(request, answer)
    if request.get("op") == "hello" and isinstance(result, dict):
        result.pop("rule_ids", None)
        if mode == "declared-wrong":
            result["rule_ids"] = "frogspec"
        if mode == "cards-only":
            result["ops"] = ["hello", "card_points"]
        return answer
    error = answer.get("error")
    if not isinstance(error, dict) or error.get("kind") != "illegal":
        return answer
    if mode == "rule-own":
        error["rule"] = "E-NOT-ALLOWED"
    elif mode == "declared-wrong":
        error["rule"] = "cards.points"
    elif mode != "cards-only":
        error["rule"] = None
    if mode == "at-off" and isinstance(error.get("at"), int):
        error["at"] += 1
    if mode == "deal-off" and isinstance(error.get("deal"), int):
        error["deal"] += 1
    if mode == "deal-absent":
        error.pop("deal", None)
    if mode == "kind-invalid":
        error["kind"] = "invalid"
    return answer


def main() -> None:
    """Serve protocol v1 on standard input and output, in the mode of ``sys.argv[1]``."""
    mode = sys.argv[1]
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(vary(mode, json.loads(line))) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
