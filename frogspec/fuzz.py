"""``frogspec fuzz``: differential fuzzing of an implementation against the reference.

    frogspec fuzz [--examples N] [--ruleset R] [--seed S] [--op OP] -- COMMAND [ARGS...]

The fuzzer draws requests with the hypothesis strategies of the property suite
(:mod:`frogspec.testing.strategies`): deals from shuffled packs, lines of play by random
legal actions (now and then one more action, legal or not), settlements, whole matches,
hands and tricks. It sends each, as a protocol v1 request, to the reference (in process,
:func:`frogspec.harness.handle`) and to the implementation (COMMAND, over JSON lines, as
``frogspec conform`` runs it), and compares the answers as the conformance runner does
(:mod:`frogspec.conform.comparison`): an ``illegal`` error agrees whatever rule id it
names, unless the implementation's hello declares ``"rule_ids": "frogspec"``.

On the first disagreement hypothesis shrinks the request to a minimal one, and the
fuzzer prints it as a ready-to-add vector (a vector file of one case, valid against
``spec/schema/vectors.schema.json``) with the rules the reference evaluates to answer it,
and, when the implementation answers as one of the broken twins of those rules would
(:mod:`frogspec.twins`), says which. A progress bar runs on standard error; the seed is
printed, and ``--seed`` replays the same run. Exit status: 0 when nothing disagreed, 1 on
a disagreement, 2 for a mistake in the command line or an implementation that does not
start.

Only ops and rulesets the implementation's ``hello`` lists are drawn; an ``unsupported``
answer skips the example. Importing this module needs nothing beyond the standard
library; fuzzing needs hypothesis, which ``pip install frogspec`` installs (without it,
the command says what to install instead of failing).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from frogspec._types import Json
from frogspec.arguments import seconds, whole_number

if TYPE_CHECKING:
    from hypothesis import strategies as st

    from frogspec.conform import Implementation
    from frogspec.conform.expectations import Expectation
    from frogspec.rulesets import Ruleset
    from frogspec.vectors.model import Case

__all__ = [
    "DEFAULT_EXAMPLES",
    "FUZZED_OPS",
    "Disagreement",
    "FuzzResult",
    "fuzz",
    "main",
    "parse_reading_pair",
    "readings_ruleset",
    "register",
]


#: The ops the fuzzer draws, simplest first (hypothesis shrinks towards the first).
FUZZED_OPS = ("trick_winner", "legal_plays", "deal", "settle", "game", "match")


DEFAULT_EXAMPLES = 200
"""Examples drawn when ``--examples`` is not given."""

DEFAULT_TIMEOUT = 10.0
"""Seconds the implementation has to answer one request."""


class FuzzUsageError(Exception):
    """A mistake in the command line, or an implementation that cannot be started."""


class Disagreement(Exception):
    """The implementation's answer to ``request`` differs from the reference's.

    ``expected`` is what the reference answers (as a vector states it), ``actual`` the
    implementation's answer (``None`` if none came), ``differences`` one line each.
    """

    def __init__(
        self,
        request: dict[str, Json],
        expected: dict[str, Json],
        actual: Json,
        differences: list[str],
    ) -> None:
        super().__init__(differences[0] if differences else "disagreement")
        self.request = request
        self.expected = expected
        self.actual = actual
        self.differences = differences


@dataclass
class FuzzResult:
    """The outcome of a run: the seed, the counts, and the minimal disagreement if any.

    ``case`` is the disagreement as a conformance case (with the rules the reference
    evaluates); ``suspects`` the rules whose broken twin answers as the implementation
    did; ``vector`` the vector file of the one case.
    """

    seed: int
    examples: int
    calls: int = 0
    skipped: int = 0
    seconds: float = 0.0
    disagreement: Disagreement | None = None
    case: Case | None = None
    suspects: list[str] = field(default_factory=list)
    vector: dict[str, Json] | None = None
    flaky: bool = False
    #: Disagreements passed over because a declared deviation (``--house``, ``--expect``)
    #: accounts for them: the search goes on past them.
    declared: int = 0


# --- comparing answers ------------------------------------------------------------------


def _expected_of(op: str, response: dict[str, Json]) -> dict[str, Json]:
    """The part of the reference's response every implementation must give (as in the
    vectors: no id, no error message, no extension field; ``at`` only for ``game``)."""
    out = {k: v for k, v in response.items() if k != "id"}
    error = out.get("error")
    if isinstance(error, dict):
        kept = ("kind", "rule", "at") if op in ("game", "perft") else ("kind", "rule")
        stripped = {k: v for k, v in error.items() if k in kept}
        if stripped.get("kind") != "illegal":
            stripped.pop("rule", None)
        out["error"] = stripped
    elif isinstance(out.get("result"), dict):
        out["result"] = {k: v for k, v in out["result"].items() if k != "widow_shown"}
    return out


def _compare_modes(op: str, expected: dict[str, Json]) -> dict[str, str]:
    from frogspec.vectors.build import DEFAULT_COMPARE

    return {} if "error" in expected else dict(DEFAULT_COMPARE.get(op, {}))


def _is_unsupported(answer: Json) -> bool:
    error = answer.get("error") if isinstance(answer, dict) else None
    return isinstance(error, dict) and error.get("kind") == "unsupported"


# --- drawing requests -------------------------------------------------------------------


def _requests(rulesets: Sequence[str], ops: Sequence[str]) -> st.SearchStrategy[dict[str, Json]]:
    """A strategy of requests (without ids) of ``ops`` for ``rulesets``."""
    from hypothesis import strategies as st

    from frogspec.rules.cards import format_card, format_cards
    from frogspec.testing import strategies as S

    configurations = tuple(c for c in S.configurations() if c.ruleset in rulesets)

    @st.composite
    def tables(draw: st.DrawFn) -> S.Table:
        ruleset = draw(st.sampled_from(configurations)).resolve()
        players = draw(S.player_counts(ruleset))
        return S.Table(ruleset, players, draw(S.dealers(players)))

    def head(table: S.Table) -> dict[str, Json]:
        rs = table.ruleset
        return {"ruleset": rs.id, "options": rs.option_values, "players": table.players}

    def names(cards: Sequence[int]) -> list[str]:
        return [format_card(c) for c in cards]

    @st.composite
    def trick_winner(draw: st.DrawFn) -> dict[str, Json]:
        return {
            "op": "trick_winner",
            "ruleset": draw(st.sampled_from(rulesets)),
            "trump": draw(st.sampled_from("HCDS")),
            "cards": names(draw(st.lists(S.cards(), min_size=1, max_size=3, unique=True))),
        }

    @st.composite
    def legal_plays(draw: st.DrawFn) -> dict[str, Json]:
        situation = draw(S.situations())
        return {
            "op": "legal_plays",
            "ruleset": draw(st.sampled_from(rulesets)),
            "trump": situation.trump.letter,
            "hand": format_cards(situation.hand),
            "trick": names(situation.trick),
        }

    @st.composite
    def deal(draw: st.DrawFn) -> dict[str, Json]:
        table = draw(tables())
        return {
            "op": "deal",
            **head(table),
            "dealer": table.dealer,
            "deck": names(draw(S.decks())),
        }

    def settle() -> st.SearchStrategy[dict[str, Json]]:
        return S.settlements(tables()).map(lambda s: s.request())

    @st.composite
    def game(draw: st.DrawFn) -> dict[str, Json]:
        table = draw(tables())
        line = draw(S.lines(None, table=table))
        actions = list(line.notation)
        if draw(st.integers(0, 3)) == 3:  # now and then one more action, legal or not
            actions.append(str(draw(S.actions())))
        return {
            "op": "game",
            **head(table),
            "dealer": table.dealer,
            "deck": names(line.deck),
            "actions": actions,
        }

    def match() -> st.SearchStrategy[dict[str, Json]]:
        return S.matches(3, tables()).map(lambda plan: plan.request())

    makers: dict[str, Callable[[], st.SearchStrategy[dict[str, Json]]]] = {
        "trick_winner": trick_winner,
        "legal_plays": legal_plays,
        "deal": deal,
        "settle": settle,
        "game": game,
        "match": match,
    }
    return st.one_of(*(makers[op]() for op in FUZZED_OPS if op in ops))


# --- the implementation -----------------------------------------------------------------


class _Target:
    """The implementation under test, restarted after it crashes or hangs."""

    def __init__(self, command: Sequence[str], timeout: float) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.impl: Implementation | None = None
        self.next_id = 1
        self.hello: dict[str, Json] = {}
        self.starts = 0

    def start(self) -> None:
        from frogspec.conform import Failure, Implementation, UsageError

        try:
            impl = Implementation(self.command, self.timeout)
        except UsageError as error:
            raise FuzzUsageError(str(error)) from None
        self.starts += 1
        try:
            answer = impl.exchange({"id": self._id(), "op": "hello", "spec": "1"})
        except Failure as failure:
            impl.stop()
            raise FuzzUsageError(
                f"the implementation does not answer hello: {failure.message}"
                + (f"\n{impl.stderr_text()}" if impl.stderr_text() else "")
            ) from None
        result = answer.get("result")
        if not isinstance(result, dict) or not isinstance(result.get("ops"), list):
            impl.stop()
            raise FuzzUsageError(f"hello did not answer a result with ops: {answer!r}")
        self.hello = result
        self.impl = impl

    def _id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def ask(self, request: dict[str, Json]) -> tuple[Json, str | None]:
        """The implementation's answer to ``request`` (its id replaced), or why none came."""
        from frogspec.conform import Failure

        if self.impl is None:
            self.start()
        assert self.impl is not None
        try:
            answer = self.impl.exchange({**request, "id": self._id()})
        except Failure as failure:
            stderr = self.impl.stderr_text()
            self.stop()
            tail = stderr.splitlines()[-3:]
            return None, f"{failure.reason}: {failure.message}" + (
                " (stderr: " + " | ".join(tail) + ")" if tail else ""
            )
        return answer, None

    def stop(self) -> None:
        if self.impl is not None:
            self.impl.stop()
            self.impl = None


# --- progress ---------------------------------------------------------------------------


class _Progress:
    """A one-line progress bar: examples drawn, then the shrinking."""

    def __init__(self, stream: IO[str] | None, examples: int) -> None:
        self.stream = stream
        self.examples = examples
        self.last = 0.0

    def update(self, calls: int, shrinking: bool, force: bool = False) -> None:
        if self.stream is None:
            return
        now = time.monotonic()
        if not force and now - self.last < 0.1:
            return
        self.last = now
        if shrinking:
            text = f"disagreement found; shrinking it ({calls} requests so far)"
        else:
            done = min(calls, self.examples)
            filled = 30 * done // max(self.examples, 1)
            text = f"[{'#' * filled}{'-' * (30 - filled)}] {done}/{self.examples} examples"
        self.stream.write("\r" + text.ljust(70))
        self.stream.flush()

    def clear(self) -> None:
        if self.stream is not None:
            self.stream.write("\r" + " " * 70 + "\r")
            self.stream.flush()


# --- the run ----------------------------------------------------------------------------


def _new_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def _offered(
    target: _Target, rulesets: Sequence[str], ops: Sequence[str]
) -> tuple[list[str], list[str]]:
    from frogspec.rulesets import RULESETS

    hello_ops = [str(o) for o in target.hello.get("ops", [])]
    hello_rulesets = [str(r) for r in target.hello.get("rulesets", [])]
    for name in rulesets:
        if name not in RULESETS:
            raise FuzzUsageError(f"unknown ruleset {name!r}; rulesets: {', '.join(RULESETS)}")
        if name not in hello_rulesets:
            raise FuzzUsageError(f"the implementation does not offer ruleset {name!r}")
    for op in ops:
        if op not in FUZZED_OPS:
            raise FuzzUsageError(f"the fuzzer draws no op {op!r}; ops: {', '.join(FUZZED_OPS)}")
    chosen_rulesets = [
        r for r in RULESETS if r in hello_rulesets and (not rulesets or r in rulesets)
    ]
    chosen_ops = [o for o in FUZZED_OPS if o in hello_ops and (not ops or o in ops)]
    if not chosen_rulesets:
        raise FuzzUsageError("the implementation offers none of the reference's rulesets")
    if not chosen_ops:
        raise FuzzUsageError(f"the implementation offers none of the ops {', '.join(FUZZED_OPS)}")
    return chosen_rulesets, chosen_ops


def fuzz(
    command: Sequence[str],
    *,
    examples: int = DEFAULT_EXAMPLES,
    seed: int | None = None,
    rulesets: Sequence[str] = (),
    ops: Sequence[str] = (),
    timeout: float = DEFAULT_TIMEOUT,
    progress: IO[str] | None = None,
    readings: Mapping[str, str] | None = None,
    declared: Sequence[Expectation] = (),
) -> FuzzResult:
    """Fuzz ``command`` against the reference; see the module's documentation.

    ``readings`` maps a rule to the rival reading the implementation follows instead
    (``--reading RULE=READING``): the reference plays that reading, so the fuzzer finds
    the implementation's other departures, not that one. ``declared`` are the deviations
    of the implementation's own that are accepted (``--house RULE``, an ``--expect`` file's
    deviations that follow no reading): a disagreement whose diagnosis is one of them is
    passed over (counted in :attr:`FuzzResult.declared`) and the search goes on.

    Raises :class:`FuzzUsageError` for bad arguments or an implementation that does not
    start.
    """
    try:
        from hypothesis import HealthCheck, Phase, Verbosity, given, settings
        from hypothesis import seed as use_seed
        from hypothesis.errors import Flaky
    except ImportError:  # installed with --no-deps, or hypothesis removed since
        raise FuzzUsageError(
            "fuzzing needs hypothesis, which is not installed: pip install 'hypothesis>=6.100'"
        ) from None

    from frogspec.conform.comparison import compare_answer, declares_rule_ids
    from frogspec.harness import handle

    in_force = partial(readings_ruleset, readings=readings or {})
    if examples < 1:
        raise FuzzUsageError(f"--examples must be 1 or more, got {examples}")
    if not command:
        raise FuzzUsageError("give the implementation's command after --")
    result = FuzzResult(seed if seed is not None else _new_seed(), examples)
    target = _Target(command, timeout)
    target.start()
    bar = _Progress(progress, examples)
    found: list[Disagreement] = []
    began = time.monotonic()
    try:
        chosen_rulesets, chosen_ops = _offered(target, rulesets, ops)

        def probe(request: dict[str, Json]) -> None:
            result.calls += 1
            bar.update(result.calls, bool(found))
            op = str(request["op"])
            reference = handle(json.loads(json.dumps({"id": 0, **request})), in_force)
            expected = _expected_of(op, reference)
            answer, failure = target.ask(request)
            if failure is not None:
                found.append(Disagreement(dict(request), expected, None, [f"no answer: {failure}"]))
                raise found[-1]
            if _is_unsupported(answer) and not _is_unsupported(expected):
                result.skipped += 1
                return
            actual = {k: v for k, v in answer.items() if k != "id"}
            judged = compare_answer(expected, actual, _compare_modes(op, expected))
            diffs = judged.differences
            if not diffs and judged.names_rule is False and declares_rule_ids(target.hello):
                diffs = [judged.rule_line()]  # level 2 counts for an engine that declares it
            if diffs and declared and _is_declared(request, actual, target, declared):
                result.declared += 1
                return
            if diffs:
                found.append(Disagreement(dict(request), expected, actual, diffs))
                raise found[-1]

        test = given(_requests(chosen_rulesets, chosen_ops))(probe)
        test = settings(
            max_examples=examples,
            deadline=None,
            database=None,
            derandomize=False,
            print_blob=False,
            report_multiple_bugs=False,
            verbosity=Verbosity.quiet,
            phases=(Phase.generate, Phase.shrink),
            suppress_health_check=list(HealthCheck),
        )(test)
        test = use_seed(result.seed)(test)
        try:
            test()
        except Disagreement as disagreement:
            result.disagreement = disagreement
        except Flaky:
            result.flaky = True
            result.disagreement = found[-1] if found else None
        except BaseExceptionGroup as group:  # a flaky failure, in recent hypothesis
            result.flaky = True
            result.disagreement = found[-1] if found else None
            if not found:
                raise group
    finally:
        bar.update(result.calls, bool(found), force=True)
        bar.clear()
        target.stop()
        result.seconds = time.monotonic() - began
    if result.disagreement is not None:
        _describe(result)
    return result


def parse_reading_pair(text: str) -> tuple[str, str]:
    """``RULE=READING`` as a pair (:func:`frogspec.conform.expectations.parse_reading`).

    >>> parse_reading_pair("auction.overbid-to-raise=auction.one-round-frog-may-raise")
    ('auction.overbid-to-raise', 'auction.one-round-frog-may-raise')
    """
    from frogspec.conform.expectations import ExpectationError
    from frogspec.conform.expectations import parse_reading as parse

    try:
        expectation = parse(text)
    except ExpectationError as error:
        raise FuzzUsageError(str(error)) from error
    assert expectation.rule is not None and expectation.reading is not None
    return expectation.rule, expectation.reading


def _is_declared(
    request: dict[str, Json],
    actual: Json,
    target: _Target,
    declared: Sequence[Expectation],
) -> bool:
    """Whether the disagreement on ``request`` is a declared deviation: its diagnosis
    (the first divergence, replayed through the implementation) gives deviations each of
    which a declared one matches by rule (an unexplained one, by its differences). One
    request cannot show the ``when`` of a whole group, so that is not compared here."""
    from frogspec.conform import Failure
    from frogspec.conform.deviations import find_deviations
    from frogspec.conform.diagnosis import diagnose
    from frogspec.conform.expectations import matches_rule
    from frogspec.vectors.build import Spec, make_case

    def ask(question: dict[str, Json]) -> dict[str, Json]:
        answer, failure = target.ask(question)
        if failure is not None or not isinstance(answer, dict):
            raise Failure("not-run", failure or "no answer")
        return {k: v for k, v in answer.items() if k != "id"}

    body = {k: v for k, v in request.items() if k != "id"}
    try:
        case = make_case(Spec(id="fuzz.declared", description="", request=body, rules=()), "fuzz")
        divergence = diagnose(case, actual, ask)
        deviations = find_deviations([(case, actual, divergence)])
    except Exception:  # a request the reference cannot diagnose is no declared deviation
        return False
    return bool(deviations) and all(any(matches_rule(e, d) for e in declared) for d in deviations)


def readings_ruleset(ruleset: Ruleset, readings: Mapping[str, str]) -> Ruleset:
    """``ruleset`` playing, in place of each rule (by id), the rival reading given for it.

    >>> from frogspec.rulesets import get_ruleset
    >>> foster = get_ruleset("foster-1909")
    >>> five = readings_ruleset(foster, {"seats.players-3-to-5": "seats.players-3"})
    >>> foster.rules.player_count(), five.rules.player_count()
    (range(3, 6), range(3, 4))
    """
    from frogspec.conform.counterfactuals import stand_in, swapped

    adjust = swapped({rule_id: stand_in(reading) for rule_id, reading in readings.items()})
    return adjust(ruleset) if adjust is not None else ruleset


def _describe(result: FuzzResult) -> None:
    """Turn the minimal disagreement into a case and a vector, and look for suspects."""
    from frogspec.conform.comparison import compare_answer
    from frogspec.harness import handle
    from frogspec.twins import TWINS, twin_ruleset
    from frogspec.vectors.build import Spec, make_case
    from frogspec.vectors.model import VectorFile

    found = result.disagreement
    assert found is not None
    request = {k: v for k, v in found.request.items() if k != "id"}
    op = str(request["op"])
    ruleset = str(request.get("ruleset", "any"))
    spec = Spec(
        id=f"fuzz.{op.replace('_', '-')}.{ruleset}.s{result.seed}",
        description=f"Found by frogspec fuzz (seed {result.seed}): an implementation answered "
        f"this {op} request otherwise than the reference ({found.differences[0]}).",
        request=request,
        rules=(),
        traced=True,
    )
    case = make_case(spec, "fuzz")
    result.case = case
    vector = VectorFile(
        "fuzz",
        "Cases found by frogspec fuzz",
        "Minimal disagreements found by differential fuzzing.",
        (case,),
    ).to_json()
    vector["written_by"] = f"frogspec fuzz --seed {result.seed}"
    result.vector = vector
    if found.actual is None:
        return
    compare = _compare_modes(op, found.expected)
    for rule_id in case.rules:
        if rule_id not in TWINS:
            continue
        try:
            broken = handle(
                json.loads(json.dumps({"id": 0, **request})),
                partial(twin_ruleset, rule_id=rule_id),
            )
        except Exception:  # a twin may crash the reference
            continue
        if not compare_answer(_expected_of(op, broken), found.actual, compare).differences:
            result.suspects.append(rule_id)


def report(result: FuzzResult, command: Sequence[str], options: str) -> str:
    """What ``frogspec fuzz`` prints at the end."""
    from frogspec.vectors.model import dumps

    lines: list[str] = []
    found = result.disagreement
    replay = f"frogspec fuzz --seed {result.seed} --examples {result.examples}{options} -- " + (
        shlex.join(command)
    )
    if found is None:
        lines.append(
            f"{result.calls} requests, {result.skipped} skipped (unsupported), no disagreement "
            f"with the reference in {result.seconds:.1f} s (seed {result.seed})."
        )
        if result.declared:
            lines.append(f"{result.declared} disagreements passed over as declared deviations.")
        lines.append(f"Replay: {replay}")
        return "\n".join(lines)
    lines.append(
        f"The implementation disagrees with the reference (seed {result.seed}; "
        f"{result.calls} requests, shrinking included)."
        + (" The implementation did not answer the same way twice (flaky)." if result.flaky else "")
    )
    lines.append("Minimal request:")
    lines.append(f"  request:  {json.dumps(found.request, ensure_ascii=False)}")
    lines.append(f"  expected: {json.dumps(found.expected, ensure_ascii=False)}")
    actual = json.dumps(found.actual, ensure_ascii=False) if found.actual is not None else "-"
    lines.append(f"  actual:   {actual}")
    lines += [f"    {d}" for d in found.differences[:10]]
    if result.case is not None:
        lines.append(f"Rules the reference evaluates to answer it: {', '.join(result.case.rules)}")
    if result.suspects:
        from frogspec.twins import get_twin

        for rule_id in result.suspects:
            lines.append(
                f"The implementation answers as the broken twin of {rule_id} would: "
                f"{get_twin(rule_id).mistake}"
            )
    if result.vector is not None:
        lines.append(
            "Ready-to-add vector (a file of spec/vectors/, valid against "
            "spec/schema/vectors.schema.json):"
        )
        lines.append(dumps(result.vector))
    lines.append(f"Replay: {replay}")
    return "\n".join(lines)


# --- the command line -------------------------------------------------------------------


def _cmd_fuzz(args: argparse.Namespace) -> int:
    command = list(args.impl_command)
    if command and command[0] == "--":
        command = command[1:]
    if not command:  # a usage error comes first, before anything is drawn or printed
        args.fuzz_parser.error("give the implementation's command after --")
    seed = args.seed if args.seed is not None else _new_seed()
    try:
        readings = dict(parse_reading_pair(text) for text in args.reading or ())
        expected_readings, declared = _declared(args.house or (), args.expect)
        readings.update(expected_readings)
    except FuzzUsageError as error:
        print(f"frogspec fuzz: {error}", file=sys.stderr)
        return 2
    options = (
        "".join(f" --reading {r}={v}" for r, v in readings.items())
        + "".join(f" --ruleset {r}" for r in args.ruleset or ())
        + "".join(f" --op {o}" for o in args.op or ())
    )
    show = sys.stderr if sys.stderr.isatty() and not args.quiet else None
    print(f"frogspec fuzz: seed {seed}", file=sys.stderr)
    from frogspec.conform.safe_text import for_terminal
    from frogspec.conform.transport import Signalled, ending_engines_on_signals

    try:
        with ending_engines_on_signals():
            result = fuzz(
                command,
                examples=args.examples,
                seed=seed,
                rulesets=args.ruleset or (),
                ops=args.op or (),
                timeout=args.timeout,
                progress=show,
                readings=readings,
                declared=declared,
            )
    except FuzzUsageError as error:
        print(f"frogspec fuzz: {for_terminal(str(error))}", file=sys.stderr)
        return 2
    except (Signalled, KeyboardInterrupt) as stop:
        name = stop.name if isinstance(stop, Signalled) else "SIGINT"
        print(f"frogspec fuzz: stopped by {name}; the implementation was stopped", file=sys.stderr)
        return stop.status if isinstance(stop, Signalled) else 130
    print(for_terminal(report(result, command, options)))
    if result.vector is not None and args.vector is not None:
        from frogspec.vectors.model import dumps

        try:
            Path(args.vector).write_text(dumps(result.vector) + "\n", encoding="utf-8")
        except OSError as error:
            print(f"frogspec fuzz: cannot write {args.vector}: {error}", file=sys.stderr)
            return 2
    return 1 if result.disagreement is not None else 0


def _declared(houses: Sequence[str], path: Path | None) -> tuple[dict[str, str], list[Expectation]]:
    """What the implementation declares, from ``--house RULE`` and an expectation file
    (read once, within a protocol line's bounds): the readings it follows, and its own
    deviations that follow no reading."""
    from frogspec.conform.expectations import ExpectationError, parse_house, read_expectations

    try:
        accepted = read_expectations(path) if path is not None else []
        own = [parse_house(text) for text in houses]
    except ExpectationError as error:
        raise FuzzUsageError(str(error)) from error
    readings = {a.rule: a.reading for a in accepted if a.rule is not None and a.reading}
    return readings, own + [a for a in accepted if a.reading is None]


def register(subparsers: Any) -> None:
    """Add ``fuzz`` to the ``frogspec`` command."""
    parser = subparsers.add_parser(
        "fuzz",
        help="fuzz an implementation against the reference, and shrink a disagreement",
        description="Draw random requests (deals, lines of play, settlements, matches), send "
        "each to the reference and to COMMAND, and on the first disagreement shrink it to a "
        "minimal case, printed as a ready-to-add vector.",
        usage="frogspec fuzz [options] -- COMMAND [ARGS...]",
    )
    parser.add_argument(
        "--examples",
        type=whole_number(1),
        default=DEFAULT_EXAMPLES,
        metavar="N",
        help=f"requests to draw (default {DEFAULT_EXAMPLES})",
    )
    parser.add_argument(
        "--ruleset",
        action="append",
        metavar="ID",
        help="draw only this ruleset (repeatable; default: every one offered)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0),
        metavar="S",
        help="the seed (printed at the start; the same seed replays the run)",
    )
    parser.add_argument(
        "--op",
        action="append",
        choices=FUZZED_OPS,
        metavar="OP",
        help=f"draw only this op (repeatable): {', '.join(FUZZED_OPS)}",
    )
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds to wait for each answer (default {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument(
        "--vector",
        type=Path,
        metavar="FILE",
        help="also write the vector of a disagreement to FILE",
    )
    parser.add_argument(
        "--reading",
        action="append",
        metavar="RULE=READING",
        help="the implementation follows READING, a rival reading of RULE in the rulebook: "
        "the reference plays it too (repeatable)",
    )
    parser.add_argument(
        "--house",
        action="append",
        metavar="RULE",
        help="the implementation departs from RULE by a house rule of its own: a "
        "disagreement diagnosed as that is passed over, and the search goes on (repeatable)",
    )
    parser.add_argument(
        "--expect",
        type=Path,
        metavar="FILE",
        help="a JSON report of frogspec conform whose deviations are accepted: those that "
        "follow a reading are played by the reference; a disagreement diagnosed as one of "
        "the others is passed over, and the search goes on",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "impl_command",
        nargs=argparse.REMAINDER,
        metavar="COMMAND",
        help="the implementation's command line, after --",
    )
    parser.set_defaults(handler=_cmd_fuzz, fuzz_parser=parser)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.fuzz [options] -- COMMAND ...``."""
    from frogspec.cli import main as cli_main

    return cli_main(["fuzz", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
