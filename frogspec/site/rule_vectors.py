"""Each rule's examples are its conformance vectors: the cases of ``spec/vectors/`` that name it.

A case lists the rule ids it exercises (:attr:`frogspec.vectors.Case.rules`). When the rulebook
is built, every case is sent to the reference (:func:`frogspec.harness.handle`) and its answer
compared with the response the vector expects (:func:`frogspec.vectors.differences`); each
rule's section then shows its cases, the most focused first, with what came back. A case the
reference no longer answers as written stops the build (:class:`VectorMismatchError`), as does
a rule that no hand-written case exercises (:class:`MissingVectorError`): the page never shows
an example that is not true of the reference, and no rule goes without one.

>>> runs = vector_runs()
>>> all(run.agrees for run in runs)
True
>>> cases_of_rule("play.must-trump")[0].case.id
'illegal.foster-1909.not-trumping'
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frogspec.errors import FrogError
from frogspec.harness import handle
from frogspec.site.markup import admonition, escape
from frogspec.vectors import Case, default_vectors_dir, differences, load_vectors

__all__ = [
    "SHOWN_IN_FULL",
    "MissingVectorError",
    "VectorMismatchError",
    "VectorRun",
    "cases_of_rule",
    "vector_runs",
    "vectors_block",
]

#: How many of a rule's hand-written cases its section shows with request and response; the
#: others are listed by id and description, each with its result.
SHOWN_IN_FULL = 3


class MissingVectorError(FrogError):
    """A rule that no hand-written case of ``spec/vectors/`` exercises."""


class VectorMismatchError(FrogError):
    """A case the reference does not answer as the vector expects."""


@dataclass(frozen=True, slots=True)
class VectorRun:
    """One case, sent to the reference when the rulebook was built."""

    case: Case
    """The case as the vector file holds it."""
    generated: bool
    """Whether the case comes from a generated file (its expectation is the reference's
    answer to a generated request) rather than from the hand-written cases."""
    answer: dict[str, Any]
    """The reference's response, without its id."""
    differences: tuple[str, ...]
    """Where the answer differs from the expected response; empty when it agrees."""

    @property
    def agrees(self) -> bool:
        """Whether the reference answered as the vector expects."""
        return not self.differences


@functools.cache
def _runs(vectors_dir: Path) -> tuple[VectorRun, ...]:
    runs = []
    for file in load_vectors(vectors_dir):
        for case in file.cases:
            response = handle(case.request)
            answer = {key: value for key, value in response.items() if key != "id"}
            found = differences(case.expected, answer, case.compare)
            runs.append(VectorRun(case, file.generated, answer, tuple(found)))
    return tuple(runs)


def vector_runs(vectors_dir: Path | None = None) -> tuple[VectorRun, ...]:
    """Every case of the vector files, each with the reference's answer (computed once)."""
    return _runs(vectors_dir or default_vectors_dir())


def _focused_first(runs: list[VectorRun]) -> list[VectorRun]:
    # The cases about fewest rules first: they show the rule most plainly.
    return sorted(runs, key=lambda run: len(run.case.rules))


def cases_of_rule(rule_id: str, vectors_dir: Path | None = None) -> list[VectorRun]:
    """The hand-written cases that exercise a rule, those about fewest rules first."""
    return _focused_first(
        [r for r in vector_runs(vectors_dir) if not r.generated and rule_id in r.case.rules]
    )


def _generated_cases_of_rule(rule_id: str, vectors_dir: Path | None = None) -> list[VectorRun]:
    """The generated cases that exercise a rule (the rules the reference evaluated)."""
    return [r for r in vector_runs(vectors_dir) if r.generated and rule_id in r.case.rules]


def _checked(rule_id: str, runs: list[VectorRun]) -> None:
    wrong = [run for run in runs if not run.agrees]
    if wrong:
        first = wrong[0]
        raise VectorMismatchError(
            f"rule {rule_id}: the reference does not answer case {first.case.id} "
            f"({first.case.file}.json) as written: {'; '.join(first.differences[:3])}"
        )


def _message(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False)


def _case_in_full(run: VectorRun) -> str:
    case = run.case
    body = (
        f"{escape(case.description)}\n\n"
        f"The request ({case.op}):\n\n```json\n{_message(case.request)}\n```\n\n"
        f"The response the vector expects, which the reference gave when this page was "
        f"built:\n\n```json\n{_message(case.response)}\n```\n"
    )
    return admonition("example", f"{case.id} ({case.file}.json): agrees", body, collapsible=True)


def _table(runs: list[VectorRun]) -> str:
    rows = ["| Case | What it checks | Result |", "| --- | --- | --- |"]
    for run in runs:
        case = run.case
        rows.append(f"| `{case.id}` ({case.file}.json) | {escape(case.description)} | agrees |")
    return "\n".join(rows) + "\n"


def _varied(runs: list[VectorRun]) -> list[VectorRun]:
    # The first cases that each check something else (the same check under several rulesets
    # is shown once), then the next ones, up to SHOWN_IN_FULL.
    chosen: list[VectorRun] = []
    for run in runs:
        if run.case.description not in {c.case.description for c in chosen}:
            chosen.append(run)
    for run in runs:
        if run not in chosen:
            chosen.append(run)
    return chosen[:SHOWN_IN_FULL]


def vectors_block(rule_id: str, vectors_dir: Path | None = None) -> str:
    """The Markdown of a rule's vectors: its cases, each run against the reference.

    Raises :class:`MissingVectorError` when no hand-written case exercises the rule, and
    :class:`VectorMismatchError` when the reference answers one of its cases otherwise than
    the vector expects.
    """
    hand = cases_of_rule(rule_id, vectors_dir)
    generated = _generated_cases_of_rule(rule_id, vectors_dir)
    if not hand:
        raise MissingVectorError(
            f"rule {rule_id} has no vector: add a case naming it to "
            "frogspec.vectors.handwritten and run python -m frogspec.vectors generate"
        )
    _checked(rule_id, hand)
    _checked(rule_id, generated)
    count = f"{len(hand)} hand-written case{'s' if len(hand) != 1 else ''}"
    if generated:
        count += f" and {len(generated)} generated case{'s' if len(generated) != 1 else ''}"
    out = [
        f"**Vectors**: the conformance cases of `spec/vectors/` that exercise this rule, "
        f"{count}, each sent to the reference when this page was built: all answered as the "
        "vectors expect. An implementation checks itself against them with `frogspec conform`.",
        "",
    ]
    # The cases' requests and answers are kept out of the search index: their card lists,
    # field names and case ids would outweigh the rule's own words in its section's entry.
    # (A <section>, not a <div>: the index's parser matches closing tags by name, so the
    # admonitions' own divs inside would end a div's exclusion early.)
    out += ['<section markdown="1" data-search-exclude>', ""]
    shown = _varied(hand)
    out += [_case_in_full(run) for run in shown]
    rest = [run for run in hand if run not in shown]
    if rest:
        out.append(
            admonition(
                "example",
                f"The other {len(rest)} hand-written case{'s' if len(rest) != 1 else ''}",
                _table(rest),
                collapsible=True,
            )
        )
    out += ["</section>", ""]
    return "\n".join(out) + "\n"
