"""The check: every broken twin must be caught by the conformance vectors.

For each twin (:mod:`frogspec.twins.catalog`) in turn, the reference answers under the
twin's rulesets (:func:`~frogspec.twins.substitute.twin_ruleset`) and the cases of
``spec/vectors/`` are answered by the reference harness in process
(:func:`frogspec.harness.handle`), each answer judged as the conformance runner judges it.
A twin is *caught* when at least one case that names its rule fails; the table counts
those cases, and also every case that failed (a case may fail because of a rule it does
not name: a whole deal depends on the card points, say). A case is judged at the first
level of conformance: an ``illegal`` error must have the expected ``kind`` and ``at``, but
the rule id it names is not compared, since an engine need not speak our ids; a twin is
caught only by a difference an engine that names no rule would show.

The check also runs per ruleset (:data:`RULESET_STATUSES`): for each ruleset that uses a
rule, whether a hand-written case of that ruleset catches its twin, or only a generated
one (a whole deal, a match, a perft count), or none; a rule the ruleset does not use, or
that cannot arise under it (:attr:`~frogspec.rulesets.Ruleset.moot`), is marked so. A case
that names no ruleset (``card_points``) counts for every ruleset, as the runner's
``--ruleset`` filter keeps it.

Only the cases that can be affected are run. Before the twins, each case is answered once
by the reference under rulesets whose every rule records its call
(:meth:`~frogspec.rulesets.Ruleset.recording`), which records the rules it asks. A case
that never calls a rule's function gives the same answer with that rule's twin in: the
twin stands in the ruleset's table wherever the original stood, is only reached where the
original would have been called, and is named by the same rule, so until the first call
the two runs are the same step by step. ``--no-prune`` runs every case anyway
(a test checks, on a sample, that the two agree).

``python -m frogspec.twins check`` prints the table; ``--write`` writes it to
``spec/twins-results.json``, which the site shows and a test keeps current.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from frogspec._types import Json
from frogspec.harness import Adjust
from frogspec.registry import all_rules, get_rule
from frogspec.rulesets import Ruleset
from frogspec.twins.model import TWINS, Twin, get_twin
from frogspec.twins.substitute import twin_ruleset

__all__ = [
    "RULESET_STATUSES",
    "CaseVerdict",
    "CheckReport",
    "TwinResult",
    "case_ruleset",
    "default_results_path",
    "judge_twin_answer",
    "load_cases",
    "markdown_matrix",
    "markdown_table",
    "results_json",
    "ruleset_statuses",
    "run_check",
    "trace_cases",
    "vectors_digest",
]


_RESULTS_FORMAT = "frogspec-twins-results"
_WRITTEN_BY = "python -m frogspec.twins check --write (do not edit by hand)"
_FIRST_CASES = 3
"""How many of the catching cases the results name, per twin."""


def default_results_path() -> Path:
    """``spec/twins-results.json`` of the source tree this package was loaded from, when it
    runs from a checkout; else the copy an installed package ships
    (``frogspec/spec/twins-results.json``, put there by ``setup.py``), so that the site
    builds from a plain install too."""
    package = Path(__file__).resolve().parents[1]
    checkout = package.parent
    results = checkout / "spec" / "twins-results.json"
    if (checkout / "pyproject.toml").is_file() and results.is_file():
        return results
    return package / "spec" / "twins-results.json"


def load_cases(vectors: Path | None = None) -> list[Any]:
    """Every conformance case (:class:`frogspec.vectors.model.Case`), in file order."""
    from frogspec.vectors.model import iter_cases, load_vectors

    return list(iter_cases(load_vectors(vectors)))


def vectors_digest(cases: Sequence[Any]) -> str:
    """A digest of the cases (ids, rules, requests, responses, comparisons)."""
    digest = hashlib.sha256()
    for case in cases:
        text = json.dumps(
            [case.id, list(case.rules), case.request, case.response, case.compare],
            sort_keys=True,
            ensure_ascii=False,
        )
        digest.update(text.encode("utf-8") + b"\n")
    return "sha256:" + digest.hexdigest()


# --- judging one answer ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CaseVerdict:
    """What became of one case: ``passed``, ``failed`` or ``skipped``, and why."""

    status: str
    reason: str = ""


def judge_twin_answer(case: Any, answer: Json) -> CaseVerdict:
    """Judge an answer (id included or not) as the conformance runner judges the first
    level of conformance (:func:`frogspec.conform.comparison.judge`).

    An ``unsupported`` error the case does not expect, or a result without the extension
    field the case is about, is a skip; any difference from the expected response, the
    rule id of an ``illegal`` error aside, is a failure.
    """
    from frogspec.conform.comparison import judge as judge_answer

    if not isinstance(answer, dict):
        return CaseVerdict("failed", f"not a JSON object: {answer!r}")
    verdict = judge_answer(case, {k: v for k, v in answer.items() if k != "id"})
    if verdict.status == "failed":
        return CaseVerdict("failed", verdict.differences[0])
    return CaseVerdict(verdict.status, verdict.reason or "")


def _answer(case: Any, adjust: Adjust | None = None) -> CaseVerdict:
    from frogspec.harness import handle

    try:
        answer = handle(json.loads(json.dumps(case.request)), adjust)
    except Exception as error:  # a twin may crash the reference: that case fails
        return CaseVerdict("failed", f"crash: {type(error).__name__}: {error}")
    return judge_twin_answer(case, answer)


# --- which rules each case reaches ----------------------------------------------------


def trace_cases(cases: Sequence[Any]) -> list[frozenset[str]]:
    """For each case, the rules whose functions the faithful reference calls to answer it.

    Each case is answered under rulesets recording every rule they apply
    (:meth:`~frogspec.rulesets.Ruleset.recording`), new for each request, so that a rule
    whose answer was remembered from an earlier case is seen being asked.
    """
    from frogspec.harness import handle

    traces: list[frozenset[str]] = []
    for case in cases:
        seen: set[str] = set()
        handle(json.loads(json.dumps(case.request)), partial(Ruleset.recording, take=seen.add))
        traces.append(frozenset(seen))
    return traces


# --- one twin, all twins --------------------------------------------------------------


HAND_WRITTEN = "hand-written"
GENERATED = "generated"
NOT_CAUGHT = "not-caught"
CANNOT_SHOW = "cannot-show"
MOOT = "moot"
UNUSED = "unused"

#: What became of a twin in one ruleset: caught by a hand-written case of that ruleset;
#: caught only by generated ones; not caught although the ruleset uses the rule; the
#: twin's mistake can never change an answer under the ruleset (:attr:`Twin.cannot_show`);
#: the rule cannot arise under the ruleset (moot); or it is not one of its rules (unused).
RULESET_STATUSES = (HAND_WRITTEN, GENERATED, NOT_CAUGHT, CANNOT_SHOW, MOOT, UNUSED)


def _generated_files() -> frozenset[str]:
    from frogspec.vectors.generated import FILES

    return frozenset(name for name, *_ in FILES)


def case_ruleset(case: Any) -> str | None:
    """The ruleset a case is played under, or ``None`` for a case that names none."""
    ruleset = case.request.get("ruleset")
    return ruleset if isinstance(ruleset, str) else None


def ruleset_statuses(rule_id: str, catching: Iterable[Any]) -> dict[str, str]:
    """For each ruleset, in :data:`~frogspec.rulesets.RULESETS` order, what became of the
    twin of ``rule_id`` given the cases that caught it (:data:`RULESET_STATUSES`)."""
    from frogspec.rulesets import RULESETS, rules_of

    generated = _generated_files()
    kinds: dict[str | None, set[str]] = {}
    for case in catching:
        kind = GENERATED if case.file in generated else HAND_WRITTEN
        kinds.setdefault(case_ruleset(case), set()).add(kind)
    statuses: dict[str, str] = {}
    twin = get_twin(rule_id)
    for ruleset_id, ruleset in RULESETS.items():
        if ruleset.moot_reason(rule_id) is not None:
            statuses[ruleset_id] = MOOT
        elif all(entry.id != rule_id for entry in rules_of(ruleset)):
            statuses[ruleset_id] = UNUSED
        elif twin.cannot_show_reason(ruleset_id) is not None:
            statuses[ruleset_id] = CANNOT_SHOW
        else:
            found = kinds.get(ruleset_id, set()) | kinds.get(None, set())
            statuses[ruleset_id] = (
                HAND_WRITTEN
                if HAND_WRITTEN in found
                else GENERATED
                if GENERATED in found
                else NOT_CAUGHT
            )
    return statuses


@dataclass
class TwinResult:
    """How the vectors fared against one twin.

    ``caught_by`` counts the failed cases that name the twin's rule; ``failed`` every
    failed case; ``ran`` the cases run (the others cannot reach the rule).
    """

    rule_id: str
    mistake: str
    kind: str
    ran: int
    failed: int
    caught_by: int
    crashed: int
    first_cases: list[str] = field(default_factory=list)
    rulesets: dict[str, str] = field(default_factory=dict)

    @property
    def caught(self) -> bool:
        """Whether a case that names the rule failed."""
        return self.caught_by > 0

    @property
    def status(self) -> str:
        """``caught``; ``misnamed`` (only cases that do not name the rule failed); or
        ``survived`` (nothing failed)."""
        if self.caught_by:
            return "caught"
        return "misnamed" if self.failed else "survived"

    @property
    def gaps(self) -> list[str]:
        """The rulesets that use the rule but where no hand-written case catches the twin."""
        return [rs for rs, status in self.rulesets.items() if status in (GENERATED, NOT_CAUGHT)]

    def to_json(self) -> dict[str, Json]:
        """The twin's row of ``spec/twins-results.json``."""
        return {
            "rule": self.rule_id,
            "kind": self.kind,
            "mistake": self.mistake,
            "status": self.status,
            "caught_by": self.caught_by,
            "failed": self.failed,
            "crashed": self.crashed,
            "first_cases": self.first_cases,
            "rulesets": self.rulesets,
        }


def check_twin(
    twin: Twin, cases: Sequence[Any], traces: Sequence[frozenset[str]] | None = None
) -> TwinResult:
    """Run the cases that reach the twin's rule (all of them if ``traces`` is ``None``)
    with the twin swapped in."""
    chosen = [
        case for index, case in enumerate(cases) if traces is None or twin.rule_id in traces[index]
    ]
    failed = crashed = 0
    catching: list[Any] = []

    def adjust(ruleset: Ruleset) -> Ruleset:
        return twin_ruleset(ruleset, twin.rule_id)

    for case in chosen:
        verdict = _answer(case, adjust)
        if verdict.status != "failed":
            continue
        failed += 1
        crashed += verdict.reason.startswith("crash:")
        if twin.rule_id in case.rules:
            catching.append(case)
    return TwinResult(
        twin.rule_id,
        twin.mistake,
        get_rule(twin.rule_id).kind,
        len(chosen),
        failed,
        len(catching),
        crashed,
        [case.id for case in catching[:_FIRST_CASES]],
        ruleset_statuses(twin.rule_id, catching),
    )


@dataclass
class CheckReport:
    """The results of every twin checked, with the cases they were checked against."""

    results: list[TwinResult]
    cases: int
    digest: str
    pruned: bool
    seconds: float = 0.0

    @property
    def not_caught(self) -> list[TwinResult]:
        """The twins no case naming their rule caught."""
        return [r for r in self.results if not r.caught]

    @property
    def gaps(self) -> list[str]:
        """``rule @ ruleset`` for each ruleset that uses a rule whose twin no hand-written
        case of that ruleset catches."""
        return [f"{r.rule_id} @ {rs}" for r in self.results for rs in r.gaps]


# Worker state for the processes of a parallel check (inherited through fork).
_WORK: tuple[list[Any], list[frozenset[str]] | None] | None = None


def _work(rule_ids: list[str]) -> list[TwinResult]:
    assert _WORK is not None
    cases, traces = _WORK
    return [check_twin(get_twin(r), cases, traces) for r in rule_ids]


def _in_order(rule_ids: Iterable[str] | None) -> list[str]:
    wanted = None if rule_ids is None else set(rule_ids)
    if wanted is not None:
        for rule_id in wanted:
            get_twin(rule_id)
    return [e.id for e in all_rules() if e.id in TWINS and (wanted is None or e.id in wanted)]


def run_check(
    rule_ids: Iterable[str] | None = None,
    *,
    vectors: Path | None = None,
    prune: bool = True,
    jobs: int = 1,
    progress: Callable[[TwinResult], None] | None = None,
) -> CheckReport:
    """Check the twins of ``rule_ids`` (every twin if ``None``) against the vectors.

    ``jobs`` > 1 checks twins in that many processes (where the platform can fork).
    """
    global _WORK
    began = time.monotonic()
    cases = load_cases(vectors)
    ids = _in_order(rule_ids)
    traces = trace_cases(cases) if prune else None
    results: list[TwinResult] = []
    import multiprocessing

    can_fork = "fork" in multiprocessing.get_all_start_methods()
    if jobs > 1 and can_fork and len(ids) > 1:
        from concurrent.futures import ProcessPoolExecutor

        _WORK = (cases, traces)
        chunks = [ids[i::jobs] for i in range(jobs)]
        try:
            context = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                parts = list(pool.map(_work, chunks))
        finally:
            _WORK = None
        by_id = {r.rule_id: r for part in parts for r in part}
        results = [by_id[i] for i in ids]
        if progress is not None:
            for result in results:
                progress(result)
    else:
        for rule_id in ids:
            result = check_twin(get_twin(rule_id), cases, traces)
            results.append(result)
            if progress is not None:
                progress(result)
    return CheckReport(results, len(cases), vectors_digest(cases), prune, time.monotonic() - began)


# --- the results file and the table ---------------------------------------------------


def results_json(report: CheckReport) -> dict[str, Json]:
    """The content of ``spec/twins-results.json``: no times, so that it only changes when
    the vectors, the twins or the rules do."""
    return {
        "format": _RESULTS_FORMAT,
        "written_by": _WRITTEN_BY,
        "vectors": {"cases": report.cases, "digest": report.digest},
        "summary": {
            "twins": len(report.results),
            "caught": sum(r.caught for r in report.results),
            "not_caught": [r.rule_id for r in report.not_caught],
            "not_caught_by_hand_written_case": report.gaps,
        },
        "twins": [r.to_json() for r in report.results],
    }


def results_text(data: Json) -> str:
    """The results as written to the file."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def load_results(path: Path | None = None) -> dict[str, Json]:
    """The committed results (``spec/twins-results.json`` by default)."""
    target = path or default_results_path()
    data: dict[str, Json] = json.loads(target.read_text(encoding="utf-8"))
    return data


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table(data: dict[str, Json] | None = None, rules_url: str = "../rules/") -> str:
    """The results as a Markdown table, with a summary line (the docs page prints this).

    Each rule links to its section at ``{rules_url}{topic}/#{anchor}``: the default is the
    address of the rules pages seen from the built page ``twins/`` (a page generated at
    build time gets finished links, which the site does not rewrite).
    """
    results = data if data is not None else load_results()
    summary = results["summary"]
    vectors = results["vectors"]
    lines = [
        f"**{summary['caught']} of {summary['twins']} twins caught** by the "
        f"{vectors['cases']} conformance cases"
        + (
            "; not caught: " + ", ".join(f"`{r}`" for r in summary["not_caught"])
            if summary["not_caught"]
            else "."
        ),
        "",
        "| rule | the twin's mistake | caught by | failed | first catching cases |",
        "| --- | --- | --: | --: | --- |",
    ]
    for row in results["twins"]:
        anchor = row["rule"].replace(".", "-")
        topic = row["rule"].split(".", 1)[0]
        rule = f"[`{row['rule']}`]({rules_url}{topic}/#{anchor})"
        if row["kind"] == "editorial":
            rule += " **[ruling]**"
        caught = str(row["caught_by"]) if row["status"] == "caught" else f"**{row['status']}**"
        first = ", ".join(f"`{c}`" for c in row["first_cases"])
        lines.append(f"| {rule} | {_cell(row['mistake'])} | {caught} | {row['failed']} | {first} |")
    return "\n".join(lines) + "\n"


#: How the matrix writes each status.
_MATRIX_CELLS = {
    HAND_WRITTEN: "✓",
    GENERATED: "**generated only**",
    NOT_CAUGHT: "**✗**",
    CANNOT_SHOW: "cannot show",
    MOOT: "does not arise",
    UNUSED: "·",
}


def markdown_matrix(data: dict[str, Json] | None = None, rules_url: str = "../rules/") -> str:
    """The per-ruleset results as a Markdown matrix (rule × ruleset), with its legend and
    the reason for every exemption (the docs page prints this)."""
    from frogspec.rulesets import RULESETS

    results = data if data is not None else load_results()
    gaps = results["summary"]["not_caught_by_hand_written_case"]
    lines = [
        (
            "**Every rule is caught, in every ruleset that uses it, by a hand-written case of "
            "that ruleset.**"
            if not gaps
            else f"**{len(gaps)} gaps**: " + ", ".join(f"`{g}`" for g in gaps)
        ),
        "",
        "✓ a hand-written case of the ruleset catches the twin; *generated only*: only whole "
        "deals, matches or perft counts do; ✗ no case of the ruleset does; *cannot show*: the "
        "ruleset uses the rule, but the twin's mistake can change none of its answers; *does "
        "not arise*: the rule can never come into play under the ruleset; · the ruleset does "
        "not use the rule (it uses another reading).",
        "",
        "| rule | " + " | ".join(f"`{rs}`" for rs in RULESETS) + " |",
        "| --- |" + " :-: |" * len(RULESETS),
    ]
    exemptions: list[str] = []
    for row in results["twins"]:
        anchor = row["rule"].replace(".", "-")
        topic = row["rule"].split(".", 1)[0]
        cells = [_MATRIX_CELLS[row["rulesets"][rs]] for rs in RULESETS]
        lines.append(
            f"| [`{row['rule']}`]({rules_url}{topic}/#{anchor}) | " + " | ".join(cells) + " |"
        )
        for rs in RULESETS:
            status = row["rulesets"][rs]
            if status == CANNOT_SHOW:
                reason = get_twin(row["rule"]).cannot_show_reason(rs)
            elif status == MOOT:
                reason = RULESETS[rs].moot_reason(row["rule"])
            else:
                continue
            exemptions.append(f"- `{row['rule']}` in `{rs}` ({status.replace('-', ' ')}): {reason}")
    if exemptions:
        lines += ["", "The exemptions, each with its reason:", "", *exemptions]
    return "\n".join(lines) + "\n"


def text_table(report: CheckReport) -> str:
    """The results for the terminal."""
    width = max(len(r.rule_id) for r in report.results) if report.results else 10
    lines = [f"  {'rule':<{width}}  {'status':<9} {'caught':>6} {'failed':>6} {'ran':>5}"]
    for r in report.results:
        lines.append(
            f"  {r.rule_id:<{width}}  {r.status:<9} {r.caught_by:>6} {r.failed:>6} {r.ran:>5}"
        )
    caught = sum(r.caught for r in report.results)
    lines.append("")
    lines.append(
        f"{caught} of {len(report.results)} twins caught by {report.cases} cases "
        f"in {report.seconds:.1f} s" + ("" if report.pruned else " (every case run)")
    )
    for r in report.not_caught:
        lines.append(f"NOT CAUGHT {r.rule_id}: {r.mistake} ({r.status})")
    for gap in report.gaps:
        lines.append(f"NO HAND-WRITTEN CASE CATCHES {gap}")
    return "\n".join(lines)


def default_jobs() -> int:
    """Processes for a check: two, or one on a single core."""
    return max(1, min(2, os.cpu_count() or 1))
