"""Words: where a deviation's typed ``when`` and ``instead`` become the report's words.

A deviation (:class:`frogspec.conform.deviations.Deviation`) carries where it departs as a
:class:`Circumstances` (the rulesets, the :class:`~frogspec.conform.conditions.Condition` of
the features, the occasion found otherwise) and what the engine does as a typed value (the
passing of the deal, a count, the unit op's finding...). The reporters (:mod:`.reports`,
:mod:`.report_data`, :mod:`.summary`) and the expectations (:mod:`.expectations`, which
compare what a report said) turn them into words here, and only here:
:func:`when_words`, :func:`instead_words`.

The unit ops' probes and the replay of a game still say what they find in words of their
own (a finding's ``instead``, a localised group's ``instead``): those words are passed on
as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from frogspec.conform.conditions import Condition

if TYPE_CHECKING:
    from frogspec.conform.probes.base import StageFinding

__all__ = [
    "Circumstances",
    "finding_when",
    "hypothesis_words",
    "instead_words",
    "lead_words",
    "rotation_words",
    "when_words",
]


@dataclass(frozen=True)
class Circumstances:
    """Where a departure shows, as values: said by :func:`when_words`."""

    #: The rulesets of the cases it shows in (none: not said).
    rulesets: tuple[str, ...] = ()
    #: The features of the situations it shows in, found against those where the engine
    #: agreed (:mod:`frogspec.conform.conditions`).
    condition: Condition | None = None
    #: What it shows at, found otherwise than from features: the passing of the deal after
    #: a kind of deal (:class:`~frogspec.conform.rotation.Rotation`), a lead
    #: (:class:`~frogspec.conform.accounting.Lead`), a departure said in the rules' terms
    #: (:class:`~frogspec.conform.accounting.Accounting`), or the unit op's probes (a
    #: :class:`~frogspec.conform.probes.StageFinding`, whose situation is then the whole).
    occasion: Any = None


def finding_when(finding: StageFinding) -> str:
    """A unit op's finding's ``when``, with its rulesets: ``in foster-1909, in a grand``
    (``always`` when it departs on every probe of every ruleset)."""
    where = f"in {', '.join(finding.rulesets)}" if finding.rulesets else ""
    when = "" if finding.when == "always" else finding.when
    return ", ".join(part for part in (where, when) if part) or "always"


def _rulesets_words(rulesets: tuple[str, ...]) -> str:
    return f"in {', '.join(rulesets)}" if rulesets else ""


def when_words(circumstances: Circumstances) -> str:
    """The situation in the rules' words: the rulesets, the occasion, the condition.

    >>> from frogspec.conform.conditions import ConditionTerm
    >>> grand = Condition((ConditionTerm("contract", ("grand",)),))
    >>> when_words(Circumstances(("foster-1909",), grand))
    'in foster-1909, in a grand'
    """
    from frogspec.conform.accounting import Lead
    from frogspec.conform.probes.base import StageFinding
    from frogspec.conform.rotation import Rotation

    occasion = circumstances.occasion
    if isinstance(occasion, StageFinding):
        return finding_when(occasion)
    if isinstance(occasion, Rotation):
        said = rotation_words(occasion)[0]
    elif isinstance(occasion, Lead):
        said = lead_words(occasion)[0]
    else:
        said = str(getattr(occasion, "when", "") or "")
    condition = circumstances.condition.words() if circumstances.condition is not None else ""
    parts = (_rulesets_words(circumstances.rulesets), said, condition)
    return ", ".join(part for part in parts if part)


def rotation_words(rotation: Any) -> tuple[str, str]:
    """How an engine passes the deal (a :class:`~frogspec.conform.rotation.Rotation`): the
    situation, and what it does there.

    >>> from frogspec.conform.evidence import DealerMoved
    >>> from frogspec.conform.rotation import Rotation
    >>> rotation_words(Rotation("auction.all-pass", DealerMoved(1, 0, 1, 0, 3, True)))
    ('after a deal in which every player passed', 'the same player deals again')
    """
    moved = rotation.moved
    when = (
        "after a deal in which every player passed"
        if moved.after_passed_out
        else "after a deal played"
    )
    if moved.steps == 0:
        return when, "the same player deals again"
    if moved.steps == moved.players - 1:
        return when, "the deal passes to the right"
    return when, f"seat {moved.engine} deals instead of seat {moved.reference}"


_ROLES = {
    "bidder": "the bidder",
    "eldest's left": "the player on eldest's left",
    "dealer": "the dealer",
}


def lead_words(lead: Any) -> tuple[str, str]:
    """Who leads where the engine departs (a :class:`~frogspec.conform.accounting.Lead`):
    the situation, and what the engine does there.

    >>> from frogspec.conform.accounting import Lead
    >>> lead_words(Lead("play.winner-leads-next", False, 2, 0))
    ('after a trick', "seat 2 leads the next trick instead of the last trick's winner (seat 0)")
    """
    if not lead.first_trick:
        return "after a trick", (
            f"seat {lead.engine} leads the next trick instead of the last trick's winner "
            f"(seat {lead.reference})"
        )
    role = _ROLES.get(lead.role)
    who = f"{role} (seat {lead.engine})" if role else f"seat {lead.engine}"
    return "at the first trick of a deal", (
        f"{who} leads instead of eldest hand (seat {lead.reference})"
    )


def hypothesis_words(hypothesis: Any) -> str:
    """What an engine counts otherwise (a :class:`~frogspec.conform.accounting.
    PointsHypothesis`), in words.

    >>> from frogspec.conform.accounting import FixedPoints
    >>> hypothesis_words(FixedPoints("scoring.count-card-points", 10))
    'the side that wins the last trick counts 10 points more'
    """
    from frogspec.conform.accounting import FixedPoints, GroupCredited

    if isinstance(hypothesis, GroupCredited):
        return f"the {hypothesis.group} cards' points counted for the defenders, not the bidder"
    if isinstance(hypothesis, FixedPoints):
        return f"the side that wins the last trick counts {hypothesis.points} points more"
    return f"counts otherwise ({hypothesis.rule})"


def instead_words(otherwise: Any) -> str:
    """What the engine does where it departs, from the typed value that says it: the
    passing of the deal, a count otherwise (a hypothesis of the accounting), or the words
    of the probe or the replay that found it; empty for none."""
    from frogspec.conform.accounting import Lead, PointsHypothesis
    from frogspec.conform.rotation import Rotation

    if otherwise is None:
        return ""
    if isinstance(otherwise, Rotation):
        return rotation_words(otherwise)[1]
    if isinstance(otherwise, Lead):
        return lead_words(otherwise)[1]
    if isinstance(otherwise, PointsHypothesis):
        return hypothesis_words(otherwise)
    return str(getattr(otherwise, "instead", "") or "")
