"""A fake implementation for the fuzzer's tests: the reference, misbehaving on purpose.

python impl.py crash-on-settle      exits when asked to settle
python impl.py legal-plays-only     its hello offers legal_plays and foster-1909 only
python impl.py unsupported-settle   answers settle with unsupported
python impl.py silent               never answers, not even hello
"""

from __future__ import annotations

import json
import sys

from frogspec.harness import handle


def main(mode: str) -> int:
    if mode == "silent":
        for _ in sys.stdin:
            pass
        return 0
    for line in sys.stdin:
        request = json.loads(line)
        answer = handle(request)
        op = request.get("op")
        if op == "settle" and mode == "crash-on-settle":
            return 3
        if op == "settle" and mode == "unsupported-settle":
            answer = {
                "id": request["id"],
                "error": {"kind": "unsupported", "rule": None, "message": "no settle here"},
            }
        if op == "hello" and mode == "legal-plays-only":
            answer["result"]["ops"] = ["hello", "legal_plays"]
            answer["result"]["rulesets"] = ["foster-1909"]
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
