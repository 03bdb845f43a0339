"""Engines made of the reference with broken twins swapped in, several at once.

In process, :func:`twin_engine` gives an ``ask`` (a request in, the answer out) for the
diagnosis; as a program, ``python twins.py RULE [RULE...]`` serves protocol v1 on standard
input and output like ``python -m frogspec.harness``, with those rules' twins in.

:data:`COMPOSITES` are the fixtures with two or three faults in separate parts of the game
(seats and deal, auction, widow and trump, play, scoring and settlement), so that each
fault shows on cases of its own and the deviations must name exactly those rules.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import partial, reduce
from typing import Any

from frogspec.harness import handle, respond
from frogspec.rulesets import Ruleset
from frogspec.twins import twin_ruleset

Ask = Callable[[dict[str, Any]], dict[str, Any]]

#: Composite engines by name: the rules whose twins they hold, most cases first.
COMPOSITES: dict[str, tuple[str, ...]] = {
    "leader-and-grand-rate": ("play.winner-leads-next", "settlement.rates-1-2-4"),
    "pass-jack-trump": ("auction.pass-is-final", "cards.points", "play.must-trump"),
    "deal-overtrump": ("deal.packets-3-3-4-4", "play.no-duty-to-overtrump"),
    "discard-eldest-chico": (
        "widow.frog-take-and-discard",
        "play.eldest-leads-first",
        "trump.chico-not-hearts",
    ),
    "four-seats-bank": ("seats.active-foster", "match.bank-120-chips"),
}


def twins_ruleset(ruleset: Ruleset, rule_ids: Sequence[str]) -> Ruleset:
    """``ruleset`` with the twins of ``rule_ids`` in place of their rules."""
    return reduce(twin_ruleset, rule_ids, ruleset)


def twin_engine(rule_ids: Sequence[str]) -> Ask:
    """The reference answering under the twins of ``rule_ids``."""
    adjust = partial(twins_ruleset, rule_ids=tuple(rule_ids))

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        try:
            return handle(request, adjust)
        except Exception as error:  # a twin may crash the reference: an engine's crash
            return {"id": request.get("id"), "error": {"kind": "crash", "message": str(error)}}

    return ask


def main(argv: Sequence[str]) -> int:
    """Serve protocol v1 with the twins of the rules named in ``argv`` in place."""
    adjust = partial(twins_ruleset, rule_ids=tuple(argv))
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(respond(line, adjust) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
