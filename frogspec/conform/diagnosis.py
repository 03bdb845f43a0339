"""Diagnosis: the first step at which an engine parts from the reference, and its rules.

A failing ``game`` case says only that the final observation differs; the mistake may lie
forty actions earlier. :func:`diagnose` replays the case's prefixes through the engine
(``ask``) and the reference (in process) and stops at the first one whose answers differ.
That is the step it reports: the position in the notation of :mod:`frogspec.notation`,
who is to act, the legal actions each side lists there, and the rules that decide it.

Which step: when only the legal list differs (or nothing has been played yet), the step
is the position where the lists part; otherwise the action just applied is the step (its
consequences differ: who acts next, the contract, the payments, an error).

Which rules: the ones the reference evaluates *at that step alone* (the function calls of
that one ``apply`` and of the observation after it are traced, with the rulings that set
the request's options), then those of the deal itself, whose hands stay hidden until a
legal list shows them. They are ranked in two ways.

- **By the field that differs** (:attr:`Divergence.suspects`): the rules that computed
  the legal list when only the list differs; those of the ``apply`` (most recently called
  first) when who acts next, the contract or an error differs; those of the observation
  when the points, the payments or the widow's showing differ.
- **Decisively, by counterfactuals**: each candidate rule in turn is swapped for its
  broken twin (:mod:`frogspec.twins`) and for each rival reading of its point (the rules
  the registry groups under the same ``question``), and the reference answers the same
  prefix again (and the one before, which must not change). A rule whose swap reproduces
  the engine's answer exactly *explains* the divergence and goes first; where a rival
  reading does, the engine may follow that reading. The deal's rules are only tried when
  no rule of the step explains it. :func:`fits_passed` asks the same swap of the cases an
  engine passed (:mod:`frogspec.conform.deviations` turns down a swap that fails them).

``perft`` descends its ``by_first`` counts to the first position whose legal lists
differ, then diagnoses that line as a game. ``match`` finds the first deal whose prefix
differs, then diagnoses that deal as a game (or, when the deal plays alike, ranks the rules
the match adds: the bank, the rotation, the end of the game). Other ops have no steps: the
case's own rules and those the reference evaluates for the request are ranked the same way.

Each counterfactual is the reference answering under rulesets with one rule replaced
(:meth:`~frogspec.rulesets.Ruleset.replacing`, passed to
:func:`~frogspec.conform.counterfactuals.reference_answer`); nothing is changed in the
running reference, so a diagnosis takes milliseconds and the faithful reference answers
beside it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Any

from frogspec._types import Json
from frogspec.conform.counterfactuals import (
    alternatives,
    evaluated_rules,
    fits_passed,
    recent_first,
    reference_answer,
    rival_readings,
    swapped,
)
from frogspec.conform.evidence import Difference, dealer_moved, differences_of
from frogspec.engine import State, apply, legal_actions, new_deal, parse_action
from frogspec.errors import FrogError, IllegalActionError
from frogspec.harness import Adjust, observation
from frogspec.notation import format_position
from frogspec.registry import get_rule
from frogspec.rules.cards import parse_card
from frogspec.rules.deal import next_dealer_left
from frogspec.rulesets import Ruleset, get_ruleset
from frogspec.ruletable import TABLE_RULES
from frogspec.vectors.build import DEFAULT_COMPARE, vector_form
from frogspec.vectors.model import Case

__all__ = [
    "Ask",
    "Divergence",
    "ProbeScore",
    "answered_alike",
    "diagnose",
    "divergence_json",
    "divergence_lines",
    "evaluated_rules",
    "finished_trick",
    "fits_passed",
    "game_state",
    "legal_of",
    "reproduced_under",
    "rival_readings",
    "step_evaluates",
]


Ask = Callable[[dict[str, Json]], dict[str, Json]]
"""Sends one request to the engine and returns its answer (its ``id`` is not looked at).

The request carries an ``id``, which the caller may renumber. A transport failure raises
:class:`frogspec.conform.Failure`; :func:`diagnose` then gives up on the case (``None``).
"""

#: How many candidate rules a diagnosis tries counterfactuals on, most likely first.
COUNTERFACTUAL_LIMIT = 16


@dataclass(frozen=True)
class Divergence:
    """The first step at which engine and reference part, for one failing case.

    ``step`` indexes the case's actions (for ``perft``, the actions followed by the line
    the diagnosis descended; for ``match``, the deal); it is ``None`` for an op without
    actions. ``position`` is the reference's position before that step in
    :mod:`frogspec.notation`, ``to_act`` the seat to act there, ``reference_legal`` and
    ``engine_legal`` the legal actions each side lists (for ``legal_plays``, the two
    answers), ``action`` the action taken at the step. ``rules`` are the rules that
    decide the step, most likely first; ``explained_by`` those of them whose broken twin
    or rival reading, swapped into the reference, reproduces the engine's answer, and
    ``readings`` the pairs (rule, rival reading) among those reproductions; ``suspects``
    the rules in the order the differing fields alone suggest; ``rule_named`` says that
    both sides refuse alike and the rule is the one the reference's error names (the
    second level: the refusal itself names the rule, no swap is needed). ``differences``
    are the ways the engine's answer at that step parts from the reference's, as typed
    values (:mod:`frogspec.conform.evidence`): the diagnosis decides from them, ``detail``
    only says them. ``request`` is
    the shortest request that shows the divergence (with ``"id": 1``), ``expected`` the
    reference's answer to it as a vector keeps it, ``actual`` the engine's; ``compare``
    and ``extension`` are those a vector case of that request needs.
    """

    case_id: str
    op: str
    step: int | None
    position: str | None
    to_act: int | None
    reference_legal: list[str] | None
    engine_legal: list[str] | None
    action: str | None
    rules: tuple[str, ...]
    detail: str
    explained_by: tuple[str, ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    request: dict[str, Json] | None = None
    expected: dict[str, Json] | None = None
    actual: Json = None
    compare: dict[str, str] = field(default_factory=dict)
    extension: str | None = None
    suspects: tuple[str, ...] = ()
    rule_named: bool = False
    differences: tuple[Difference, ...] = ()
    #: Each swap that reproduces the engine here: the rule and its rival reading
    #: (``None``: its broken twin).
    swaps: tuple[tuple[str, str | None], ...] = ()
    #: The index of the step in the actions of ``request`` (a ``game``): for a match,
    #: the step within the deal where it parts (``step`` is then the deal).
    game_step: int | None = None

    @classmethod
    def unplaced(
        cls, case: Case, step: int | None, rules: tuple[str, ...], detail: str, **more: Any
    ) -> Divergence:
        """A divergence at no position: an op without actions, a match's own rules, a rule
        named otherwise. ``more`` are the other fields (``reference_legal`` too)."""
        fields: dict[str, Any] = {
            "reference_legal": None,
            "engine_legal": None,
            "position": None,
            "to_act": None,
            "action": None,
            **more,
        }
        return cls(case_id=case.id, op=case.op, step=step, rules=rules, detail=detail, **fields)

    @property
    def confirmed(self) -> bool:
        """Whether the first rule's swap reproduces the engine's answer."""
        return bool(self.rules) and self.rules[0] in self.explained_by

    def reading_of(self, rule_id: str) -> tuple[str, ...]:
        """The rival readings of ``rule_id`` that reproduce the engine's answer."""
        return tuple(reading for rule, reading in self.readings if rule == rule_id)


# --- answers and how they differ -------------------------------------------------------


def _asking_once(ask: Ask) -> Ask:
    """``ask``, answering a request put to it before with (a copy of) its first answer;
    a request that failed is put again."""
    answers: dict[str, str] = {}

    def asked(request: dict[str, Json]) -> dict[str, Json]:
        key = json.dumps(request, sort_keys=True)
        if key not in answers:
            answers[key] = json.dumps(ask(request))
        answer: dict[str, Json] = json.loads(answers[key])
        return answer

    return asked


def _ask(ask: Ask, request: dict[str, Json]) -> Json:
    answer = ask(json.loads(json.dumps(request)))
    if isinstance(answer, dict):
        return {k: v for k, v in answer.items() if k != "id"}
    return answer


def _stripped(answer: Json, op: str, extension: str | None) -> Json:
    """The answer as a vector keeps it (:func:`frogspec.vectors.build.vector_form`), on a
    copy: that function pops fields of the result it is given."""
    copied = dict(answer)
    if isinstance(copied.get("result"), dict):
        copied["result"] = dict(copied["result"])
    return vector_form(copied, op, extension)


def _differing(
    reference: Json,
    engine: Json,
    op: str,
    compare: Mapping[str, str],
    extension: str | None = None,
) -> list[str]:
    """The fields in which two answers differ, as the first level of conformance judges
    them (an error's kind, ``at`` and ``deal``, not the rule it names): ``"error"``,
    ``"result"``, or a key of an object result (``"legal"``, ``"to_act"``...)."""
    if not isinstance(engine, dict):
        return ["answer"]
    ref_error, eng_error = reference.get("error"), engine.get("error")
    if isinstance(ref_error, dict) or isinstance(eng_error, dict):
        if not (isinstance(ref_error, dict) and isinstance(eng_error, dict)):
            return ["error"]
        keys = ("kind", "at", "deal")
        same = all(ref_error.get(k) == eng_error.get(k) for k in keys)
        return [] if same else ["error"]
    expected = _stripped(reference, op, extension)
    found = differences_of(op, expected, engine, dict(compare))
    if not isinstance(expected.get("result"), dict) or not isinstance(engine.get("result"), dict):
        return ["result"] if found else []
    return list(dict.fromkeys(d.field for d in found))


def answered_alike(case: Case, reference: Json, engine: Json) -> bool:
    """Whether the engine's answer to the case is the reference's, as the first level of
    conformance judges them (:func:`_differing`: no field differs)."""
    return not _differing(reference, engine, case.op, case.compare, case.extension)


def reproduced_under(case: Case, engine: Json, assumed: Adjust | None) -> bool:
    """Whether the reference, under the departures ``assumed``, answers the case as the
    engine did (``engine``, its answer); a departure that crashes the reference there
    does not."""
    try:
        answer = reference_answer(case.request, assumed=assumed)
    except Exception:  # a departure applied may crash the reference: not reproduced
        return False
    return answered_alike(case, answer, engine)


def _kind(answer: Json) -> str | None:
    error = answer.get("error") if isinstance(answer, dict) else None
    return str(error.get("kind")) if isinstance(error, dict) else None


def _protocol_only(reference: Json, engine: Json) -> bool:
    # Where the reference refuses the input (or the engine does not offer the op), the
    # difference is one of the protocol unless a rule's swap reproduces it (the number of
    # players a ruleset allows is a rule, and its breach is an ``invalid`` request).
    return _kind(reference) in ("invalid", "unsupported") or _kind(engine) == "unsupported"


def _show(value: Json) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _describe_answer(answer: Json) -> str:
    if not isinstance(answer, dict):
        return f"not an object ({_show(answer)})"
    error = answer.get("error")
    if isinstance(error, dict):
        where = f" at {error['at']}" if "at" in error else ""
        if "deal" in error:
            where += f" of deal {error['deal']}"
        rule = f" [{error['rule']}]" if error.get("rule") else ""
        return f"{error.get('kind')}{where}{rule}"
    return "a result"


def legal_of(answer: Json) -> list[str] | None:
    """The ``legal`` list of a ``game`` answer, as text; ``None`` where it has none."""
    result = answer.get("result") if isinstance(answer, dict) else None
    if isinstance(result, dict) and isinstance(result.get("legal"), list):
        return [str(a) for a in result["legal"]]
    return None


def _field_text(name: str, reference: Json, engine: Json) -> str:
    ref = reference.get("result", {}) if isinstance(reference, dict) else {}
    eng = engine.get("result", {}) if isinstance(engine, dict) else {}
    ref_value = ref.get(name) if isinstance(ref, dict) else ref
    eng_value = eng.get(name) if isinstance(eng, dict) else eng
    if name == "legal" and isinstance(ref_value, list) and isinstance(eng_value, list):
        lacks = [a for a in ref_value if a not in eng_value]
        adds = [a for a in eng_value if a not in ref_value]
        parts = []
        if lacks:
            parts.append("lacks " + ", ".join(map(str, lacks)))
        if adds:
            parts.append("adds " + ", ".join(map(str, adds)))
        return "the engine's legal list " + "; ".join(parts or ["is in another order"])
    if name in ("error", "answer"):
        return (
            f"the engine answers {_describe_answer(engine)}, "
            f"the reference {_describe_answer(reference)}"
        )
    if name == "result":
        return f"the engine answers {_show(eng_value)}, the reference {_show(ref_value)}"
    return f"{name} is {_show(eng_value)} (the reference: {_show(ref_value)})"


# --- ranking candidates by counterfactuals ---------------------------------------------


class ProbeScore(IntEnum):
    """How far a swap of a rule goes towards the engine's answers, worst first."""

    #: The swap changes nothing the engine does, or spoils an answer it shared.
    NO_MATCH = 0
    #: It fixes a differing field of the last answer and spoils none.
    FIXES_A_FIELD = 1
    #: It reproduces every answer: the swap explains the divergence.
    REPRODUCES = 2


@dataclass
class _Probe:
    """What a counterfactual must reproduce: the engine's answers to some requests."""

    requests: list[dict[str, Json]]
    answers: list[Json]
    references: list[Json]
    op: str
    compare: dict[str, str]
    extension: str | None = None
    #: The engine's departures found already, applied to the reference first.
    assumed: Adjust | None = None

    def score(self, replacement: Mapping[str, Callable[..., Any]]) -> ProbeScore:
        """How close the reference with ``replacement`` swapped in comes to the engine.
        The last request is tried first (it is the one that tells most often)."""
        last = len(self.requests) - 1
        adjust = swapped(replacement)
        for index in range(last, -1, -1):
            try:
                got = reference_answer(self.requests[index], adjust, self.assumed)
            except Exception:  # a swapped rule may crash the reference: no reproduction
                return ProbeScore.NO_MATCH
            left = _differing(got, self.answers[index], self.op, self.compare, self.extension)
            if not left:
                continue
            if index != last:
                return ProbeScore.NO_MATCH
            before = set(
                _differing(
                    self.references[index],
                    self.answers[index],
                    self.op,
                    self.compare,
                    self.extension,
                )
            )
            fixes = before - set(left) and set(left) <= before
            return ProbeScore.FIXES_A_FIELD if fixes else ProbeScore.NO_MATCH
        return ProbeScore.REPRODUCES


def _rank(
    tiers: Sequence[Sequence[str]], probe: _Probe, only_explained: bool = False
) -> tuple[
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, str], ...],
    tuple[str, ...],
    tuple[tuple[str, str | None], ...],
]:
    """The candidates most likely first, those whose swap reproduces the engine, and the
    rival readings that do (pairs of rule and reading), and the candidates in the order
    the differing fields suggest (before any counterfactual).

    ``tiers`` are the candidates in groups, likeliest first: a later group is only tried
    when no rule of the earlier ones reproduces the engine's answer. ``only_explained``
    keeps only the rules that reproduce it (a difference of the protocol, not of a rule,
    unless a rule's swap shows otherwise).
    """
    ordered = list(dict.fromkeys(r for tier in tiers for r in tier))
    scores: dict[str, ProbeScore] = {}
    readings: list[tuple[str, str]] = []
    swaps: list[tuple[str, str | None]] = []
    tried = 0
    for tier in tiers:
        if ProbeScore.REPRODUCES in scores.values():
            break
        for rule_id in dict.fromkeys(tier):
            if rule_id in scores or tried >= COUNTERFACTUAL_LIMIT:
                continue
            tried += 1
            best = ProbeScore.NO_MATCH
            for reading, function in alternatives(rule_id):
                score = probe.score({rule_id: function})
                if score is ProbeScore.REPRODUCES and reading is not None:
                    readings.append((rule_id, reading))
                if score is ProbeScore.REPRODUCES:
                    swaps.append((rule_id, reading))
                best = max(best, score)
            scores[rule_id] = best
    ranked = sorted(ordered, key=lambda r: -scores.get(r, ProbeScore.NO_MATCH))
    explained = tuple(r for r in ranked if scores.get(r) is ProbeScore.REPRODUCES)
    rules = explained if only_explained else tuple(ranked)
    return rules, explained, tuple(readings), tuple(ordered), tuple(swaps)


# --- games -----------------------------------------------------------------------------


def _state(
    request: Mapping[str, Json],
    actions: Sequence[Json],
    calls: list[str] | None = None,
    assumed: Adjust | None = None,
) -> State | None:
    """The reference's state after ``actions``, or ``None`` if it has none (its ruleset
    recording into ``calls`` the rules it applies, if given), under the departures
    ``assumed``."""
    try:
        ruleset = _assumed(get_ruleset(request["ruleset"]), assumed)
        if calls is not None:
            ruleset = ruleset.recording(calls.append)
        ruleset = ruleset.with_options(request.get("options") or {})
        state = new_deal(
            ruleset, request["players"], request["dealer"], [parse_card(c) for c in request["deck"]]
        )
        for text in actions:
            state = apply(state, parse_action(text))
    except (FrogError, KeyError, TypeError, ValueError):
        return None
    return state


def _assumed(ruleset: Ruleset, assumed: Adjust | None) -> Ruleset:
    return ruleset if assumed is None else assumed(ruleset)


def game_state(
    request: Mapping[str, Json], actions: Sequence[Json], assumed: Adjust | None = None
) -> State | None:
    """The reference's state after ``actions`` of a ``game`` request (``None`` if it has
    none: the request or an action is refused), under the departures ``assumed``."""
    return _state(request, actions, assumed=assumed)


def _options_of(
    request: Mapping[str, Json], calls: list[str], assumed: Adjust | None = None
) -> None:
    """Build the request's ruleset with its options (the rulings that set a default),
    recording into ``calls`` the rules asked."""
    with suppress(FrogError, KeyError, TypeError):
        recording = _assumed(get_ruleset(request["ruleset"]), assumed).recording(calls.append)
        recording.with_options(request.get("options") or {})


@dataclass
class _Step:
    """The traced parts of one step: the deal, the action applied, the observation after."""

    setup: list[str]
    applied: list[str]
    legal: list[str]
    observed: list[str]
    refused_by: str | None
    options: list[str] = field(default_factory=list)


def _trace_step(
    request: Mapping[str, Json], before: State | None, action: Json, assumed: Adjust | None
) -> _Step:
    """Trace the deal, then (from ``before``) the one ``action`` and the observation."""
    step = _Step([], [], [], [], None)
    if before is None:  # the reference refuses the request: what did it ask to do so?
        calls: list[str] = []
        reference_answer(request, lambda rs: rs.recording(calls.append), assumed)
        step.setup = recent_first(calls)
        return step
    calls = []
    _state(request, [], calls, assumed)
    step.setup = recent_first(calls)
    calls = []
    _options_of(request, calls, assumed)
    step.options = recent_first(calls)
    after: State | None = before
    if action is not None:
        calls = []
        try:
            after = apply(
                before._replace(ruleset=before.ruleset.recording(calls.append)),
                parse_action(action),
            )
        except IllegalActionError as error:
            step.refused_by = error.rule_id
            after = None
        except FrogError:
            after = None
        step.applied = recent_first(calls)
    if after is not None:
        calls = []
        legal_actions(after._replace(ruleset=after.ruleset.recording(calls.append)))
        step.legal = recent_first(calls)
        calls = []
        observation(after._replace(ruleset=after.ruleset.recording(calls.append)))
        step.observed = [r for r in recent_first(calls) if r not in step.legal]
    return step


def step_evaluates(
    request: Mapping[str, Json],
    actions: Sequence[Json],
    step: int,
    assumed: Adjust | None = None,
    applying_only: bool = False,
) -> frozenset[str]:
    """The rules the reference (under the departures ``assumed``) evaluates at one step of
    a game: applying ``actions[step]`` to the position before it, and listing and
    observing what follows (at the position alone, when ``step`` is past the last
    action); ``applying_only``: those of applying the action alone."""
    before = _state(request, actions[:step], assumed=assumed)
    if before is None:
        return frozenset()
    action = actions[step] if step < len(actions) else None
    traced = _trace_step(request, before, action, assumed)
    if applying_only:
        return frozenset(traced.applied)
    return frozenset(traced.applied + traced.legal + traced.observed)


_OBSERVED_FIELDS = ("points", "payments", "widow_shown")


def _candidates(step: _Step, fields: Sequence[str]) -> list[list[str]]:
    """The rules of a step in the order the differing fields suggest, in two tiers: the
    step's own (with the rulings that set the request's options), then the deal's (whose
    effect, the hands and seats, only shows later)."""
    order: list[str] = []
    if step.refused_by:
        order.append(step.refused_by)
    # The points, the payments and whether the widow is shown are the observation's own
    # doing; who acts, the contract, an error, the action's. A legal list that differs
    # with them follows from them, so it comes last.
    for name in fields:
        if name != "legal":
            order += step.observed if name in _OBSERVED_FIELDS else step.applied
    order += step.legal + step.applied + step.observed + step.options
    own = list(dict.fromkeys(r for r in order if r))
    return [own, [r for r in step.setup if r not in own]]


def _game_scan(
    case: Case,
    request: dict[str, Json],
    actual: Json,
    ask: Ask,
    extra: int = 0,
    assumed: Adjust | None = None,
    past: Collection[str] = (),
) -> Divergence | None:
    """Replay the prefixes of a ``game`` request; the first step at which answers part.

    ``actual`` is the engine's answer to the whole request, if known (else ``None``).
    ``extra`` is how many of the actions a ``perft`` descent appended (for the detail).
    ``past`` are kinds of difference of a legal list passed over (see :func:`diagnose`).
    """
    actions = request.get("actions")
    if not isinstance(actions, list):
        return None
    compare = dict(DEFAULT_COMPARE["game"])
    previous: tuple[Json, Json] | None = None
    references = _reference_prefixes(request, actions, assumed)
    for k in range(len(actions) + 1):
        prefix = {**request, "op": "game", "actions": actions[:k]}
        # The whole request is answered by the harness itself, whose order of checks is
        # the protocol's; the shorter prefixes are played on in one pass.
        ref = reference_answer(prefix, assumed=assumed) if k == len(actions) else next(references)
        if k == len(actions) and actual is not None and request.get("op") == "game":
            eng = actual
        else:
            eng = _ask(ask, prefix)
        fields = _differing(ref, eng, "game", compare, case.extension)
        if fields and past and _passed_over(ref, eng, fields, actions[k:], compare, case, past):
            # The step parts by the departure passed over: no swap of the next step's rule
            # is asked to give it.
            previous = None
            continue
        if fields:
            over = _player_passed_over(prefix, ref, eng, compare, assumed, ask)
            if over is None:
                found = _game_step(
                    case, prefix, k, ref, eng, fields, previous, compare, extra, assumed
                )
            else:  # the step is the list the engine leaves the one it passes over
                listed, said = over
                found = _game_step(
                    case, prefix, k, ref, listed, ["legal"], previous, compare, extra, assumed
                )
                found = replace(found, differences=(*found.differences, said))
            # The read-ons may put the same question (the opener's lowest bid, read on
            # for a jump refused and for a contract offered over it): asked once.
            once = _asking_once(ask)
            found = _with_trick_taken(found, once, assumed)
            found = _with_opener_refused(found, once, assumed)
            found = _with_jump_refused_over(found, once, assumed)
            found = _with_offered_over_standing(found, once, assumed)
            found = _with_overbid_not_asked_again(found, once, assumed)
            found = _with_offered_after_pass(found, once, assumed)
            return _with_trump_named_later(found, actions[k:], once, assumed)
        if "error" in ref:
            break
        previous = (ref, eng)
    return None


def _player_passed_over(
    prefix: dict[str, Json],
    ref: Json,
    eng: Json,
    compare: dict[str, str],
    assumed: Adjust | None,
    ask: Ask,
) -> tuple[Json, Any] | None:
    """Where in the auction the engine asks another player than the reference, one who
    has not yet spoken, a bid standing, and its answer is the reference's once he has
    passed, and where, the player it asks passing too, it does not ask him then with a
    contract to bid: the engine passes him over, as the protocol does a player who may
    only pass (it lets him bid nothing), and does not merely ask him later (another order
    of the turns). The reference's answer with his legal list narrowed to the pass (what
    the engine's answer means there), and the :class:`~frogspec.conform.evidence.
    TurnPassedOver`; ``None`` elsewhere."""
    from frogspec.conform.evidence import TurnPassedOver
    from frogspec.engine import ActionKind, Phase

    shown, answered = _result_of(ref), _result_of(eng)
    if shown is None or answered is None or shown.get("phase") != "auction":
        return None
    seat, asked = shown.get("to_act"), answered.get("to_act")
    legal = legal_of(ref) or []
    if not isinstance(seat, int) or seat == asked or "pass" not in legal or len(legal) < 2:
        return None
    if asked is not None and not isinstance(asked, int):
        return None
    actions = prefix.get("actions")
    if not isinstance(actions, list):
        return None
    state = _state(prefix, actions, assumed=assumed)
    if state is None or state.phase is not Phase.AUCTION or state.to_act != seat:
        return None
    if any(spoke == seat for spoke, _ in state.auction):
        return None  # a player asked again: another departure (who bids again)
    if all(bid is None for _, bid in state.auction):
        return None  # no bid stands: who opens, or speaks next, departs
    after = reference_answer({**prefix, "actions": [*actions, "pass"]}, assumed=assumed)
    if "result" not in after or _differing(after, eng, "game", compare):
        return None
    if asked is not None and "pass" in (legal_of(eng) or []):
        later = _listed_for(ask, {**prefix, "actions": [*actions, "pass"]}, seat)
        if later is not None and any(a != "pass" for a in later):
            return None  # asked later with a bid to make: the order of the turns departs
    listed = {**shown, "legal": ["pass"]}
    bid_before = asked is not None and any(
        spoke == asked and bid is not None for spoke, bid in state.auction
    )
    contracts = {str(a) for a in legal_actions(state) if a.kind is ActionKind.BID}
    raised_to = tuple(a for a in legal_of(eng) or [] if bid_before and a in contracts)
    return {**ref, "result": listed}, TurnPassedOver(seat, asked, raised_to)


def _result_of(answer: Json) -> dict[str, Json] | None:
    """The ``result`` object of an answer (``None``: an error, or no object)."""
    result = answer.get("result") if isinstance(answer, dict) else None
    return result if isinstance(result, dict) else None


def _passed_over(
    ref: Json,
    eng: Json,
    fields: list[str],
    rest: list[Json],
    compare: dict[str, str],
    case: Case,
    past: Collection[str],
) -> bool:
    """Whether the step parts only in its legal list, by differences of the kinds ``past``
    alone, and the case's next action (the first of ``rest``) is legal by both: the game
    goes on alike, and a later step may show another departure."""
    if fields != ["legal"] or not rest:
        return False
    both = (legal_of(ref) or [], legal_of(eng) or [])
    if not all(rest[0] in legal for legal in both):
        return False
    found = differences_of("game", _stripped(ref, "game", case.extension), eng, compare)
    return bool(found) and all(d.kind in past for d in found)


def _with_trick_taken(divergence: Divergence, ask: Ask, assumed: Adjust | None) -> Divergence:
    """The divergence, where it is the lead after a trick, with the engine's own answer to
    who takes that trick (its ``trick_winner`` op asked the trick's cards and trump) as a
    :class:`~frogspec.conform.evidence.TrickTaken`, when that answer departs and names
    the seat the engine lets lead: who takes the trick is then where it departs."""
    from frogspec.conform.evidence import SeatChanged, TrickTaken
    from frogspec.rules.cards import format_card

    moved = SeatChanged.to_act_in(divergence.differences)
    if moved is not None and moved.engine is None:
        moved = None  # nobody to act by the engine: no trick it gave away
    finished = finished_trick(divergence.request, assumed) if moved is not None else None
    if moved is None or finished is None:
        return divergence
    after, seats, cards = finished
    if moved.engine not in seats or after.to_act not in seats:
        return divergence
    shown = [format_card(c) for c in cards]
    trump = after.trump.letter if after.trump is not None else None
    ruleset = divergence.request.get("ruleset") if divergence.request is not None else None
    asked: dict[str, Json] = {"op": "trick_winner", "ruleset": ruleset, "trump": trump}
    from frogspec.conform.transport import Failure

    try:
        answer = _ask(ask, {**asked, "cards": list(shown)})
    except Failure:  # no answer is no evidence: the lead stays the step
        return divergence
    taken = answer.get("result") if isinstance(answer, dict) else None
    if taken != seats.index(moved.engine) or isinstance(taken, bool):
        return divergence
    said = TrickTaken(tuple(shown), taken, seats.index(after.to_act))
    return replace(divergence, differences=(*divergence.differences, said))


def _opening_narrowed(
    divergence: Divergence, assumed: Adjust | None
) -> tuple[dict[str, Json], list[Json], Any, tuple[str, ...]] | None:
    """Where the divergence is the opening of the auction (no one has spoken) and the
    engine's list there only lacks actions of the reference's: the request, its actions,
    the state at the opening (under the departures ``assumed``) and what the list lacks."""
    from frogspec.conform.evidence import LegalChanged
    from frogspec.engine import Phase

    first = divergence.differences[0] if divergence.differences else None
    request = divergence.request
    if not isinstance(first, LegalChanged) or first.adds or not first.lacks or request is None:
        return None
    given = request.get("actions")
    if not isinstance(given, list):
        return None
    done: list[Json] = list(given)
    state = _state(request, done, assumed=assumed)
    if state is None or state.phase is not Phase.AUCTION or state.auction:
        return None
    return request, done, state, tuple(first.lacks)


def _listed_for(ask: Ask, request: dict[str, Json], seat: int) -> list[str] | None:
    """The engine's legal list for ``request``, where its answer has ``seat`` to act
    (``None``: another answer, or none: no answer is no evidence)."""
    from frogspec.conform.transport import Failure

    try:
        answer = _ask(ask, request)
    except Failure:
        return None
    result = _result_of(answer)
    if result is None or result.get("to_act") != seat:
        return None
    return legal_of(answer)


def _with_opener_refused(divergence: Divergence, ask: Ask, assumed: Adjust | None) -> Divergence:
    """The divergence, where the engine lets the player who opens the auction (no one has
    spoken) bid fewer contracts than the reference, with the engine's own answer once he
    has passed: where it then lets the next player bid some of the contracts it refused
    him, no bid standing still, an :class:`~frogspec.conform.evidence.OpenerRefused`.
    Whether those contracts are refused to the opening bid alone, or to any player with
    no bid standing, is where the two departures part; the vectors' games need not show
    a player after a pass bidding them."""
    from frogspec.conform.evidence import OpenerRefused
    from frogspec.engine import ActionKind, Phase

    opening = _opening_narrowed(divergence, assumed)
    if opening is None:
        return divergence
    request, done, state, lacks = opening
    bids = {str(a) for a in legal_actions(state) if a.kind is ActionKind.BID}
    if not set(lacks) <= bids:
        return divergence
    try:
        after = apply(state, parse_action("pass"))
    except FrogError:
        return divergence
    if after.phase is not Phase.AUCTION or after.auction[-1:] != ((state.to_act, None),):
        return divergence
    if after.to_act is None or after.to_act == state.to_act:
        return divergence
    legal = _listed_for(ask, {**request, "actions": [*done, "pass"]}, after.to_act)
    if legal is None:
        return divergence
    offered = tuple(bid for bid in lacks if bid in legal)
    if not offered:
        return divergence
    said = OpenerRefused(lacks, offered, after.to_act)
    return replace(divergence, differences=(*divergence.differences, said))


def _with_offered_after_pass(
    divergence: Divergence, ask: Ask, assumed: Adjust | None
) -> Divergence:
    """The divergence, where in the auction a bid stands and the engine refuses the player
    to bid (one who has not bid yet) some of the contracts the reference offers him (its
    list lacks them, or it passes him over, :class:`~frogspec.conform.evidence.
    TurnPassedOver`), with the contracts the engine offers the player after the opener
    once the opener has passed, no bid standing (its answer one pass after the opening):
    an :class:`~frogspec.conform.evidence.OfferedAfterPass`, where it offers some of
    them there. Whether it refuses them over the standing bid only is where a departure
    of the order of the bids and one of the contracts part (the opener's own list would
    not tell them from contracts refused to all but him)."""
    from frogspec.conform.evidence import (
        FieldChanged,
        LegalChanged,
        OfferedAfterPass,
        TurnPassedOver,
    )
    from frogspec.engine import ActionKind, Phase

    request = divergence.request
    first = divergence.differences[0] if divergence.differences else None
    narrowed = isinstance(first, LegalChanged) and not first.adds and bool(first.lacks)
    # The engine ends the auction where the reference asks him: it passes him over too.
    ended = any(
        isinstance(d, FieldChanged) and d.name == "phase" and d.reference == "auction"
        for d in divergence.differences
    )
    if request is None or not (narrowed or ended):
        return divergence
    passed_over = ended or any(isinstance(d, TurnPassedOver) for d in divergence.differences)
    actions = request.get("actions")
    if not isinstance(actions, list) or not actions:
        return divergence
    state = _state(request, actions, assumed=assumed)
    if state is None or state.phase is not Phase.AUCTION or state.to_act is None:
        return divergence
    if all(bid is None for _, bid in state.auction) or any(
        seat == state.to_act for seat, _ in state.auction
    ):
        return divergence  # no bid stands, or the player has spoken
    bids = {str(a) for a in legal_actions(state) if a.kind is ActionKind.BID}
    if not bids or (
        isinstance(first, LegalChanged) and not passed_over and not set(first.lacks) <= bids
    ):
        return divergence
    after = _state(request, ["pass"], assumed=assumed)
    if after is None or after.phase is not Phase.AUCTION or after.to_act is None:
        return divergence
    legal = _listed_for(ask, {**request, "actions": ["pass"]}, after.to_act)
    if legal is None:
        return divergence
    contracts = {str(a) for a in legal_actions(after) if a.kind is ActionKind.BID}
    refused = set(first.lacks) if isinstance(first, LegalChanged) else bids
    offered = tuple(a for a in legal if a in contracts)
    if not refused & set(offered):
        return divergence  # refused there too: no evidence of the order of the bids
    said = OfferedAfterPass(offered)
    return replace(divergence, differences=(*divergence.differences, said))


def _with_jump_refused_over(divergence: Divergence, ask: Ask, assumed: Adjust | None) -> Divergence:
    """The divergence, where the engine offers the player who opens the auction only the
    lowest contract of those the reference offers (and no other player has been refused
    them, :class:`~frogspec.conform.evidence.OpenerRefused`), with the engine's answer
    once he has bid it: where it then lets the next player bid fewer contracts over it
    than the reference, a :class:`~frogspec.conform.evidence.JumpRefusedOver`. Whether
    jumps are barred over a standing bid too, or only when none stands, the opening alone
    does not show."""
    from frogspec.conform.evidence import JumpRefusedOver

    def lowest_alone(kept: list[str], bids: list[str], over: list[str]) -> bool:
        # Only the lowest contract kept, and more than the next one to bid over it.
        return len(kept) == 1 and kept[0] == bids[0] and len(over) >= 2

    asked = _asked_over_lowest(divergence, ask, assumed, lowest_alone)
    if asked is None:
        return divergence
    standing, over, legal, _ = asked
    refused = tuple(bid for bid in over if bid not in legal)
    if not refused:
        return divergence
    said = JumpRefusedOver(standing, refused)
    return replace(divergence, differences=(*divergence.differences, said))


def _with_offered_over_standing(
    divergence: Divergence, ask: Ask, assumed: Adjust | None
) -> Divergence:
    """The divergence, where the engine lets the player who opens the auction bid fewer
    contracts than the reference and refuses them the next player too once he has passed
    (no :class:`~frogspec.conform.evidence.OpenerRefused`), with the engine's answer once
    the opener has bid the lowest contract it offered him: where it then lets the next
    player bid over it some of those it refused, an
    :class:`~frogspec.conform.evidence.OfferedOverStanding`. Whether the contracts are
    refused while no bid stands or barred outright, the opening alone does not show, and
    the games of the vectors that show such an overbid may part from the reference
    elsewhere first."""
    from frogspec.conform.evidence import OfferedOverStanding

    def may_follow(kept: list[str], bids: list[str], over: list[str]) -> bool:
        # Some contract refused at the opening (not kept) may be bid over the lowest kept.
        return bool(set(over) - set(kept))

    asked = _asked_over_lowest(divergence, ask, assumed, may_follow)
    if asked is None:
        return divergence
    standing, over, legal, lacks = asked
    offered = tuple(bid for bid in lacks if bid in over and bid in legal)
    if not offered:
        return divergence
    said = OfferedOverStanding(standing, offered)
    return replace(divergence, differences=(*divergence.differences, said))


def _asked_over_lowest(
    divergence: Divergence,
    ask: Ask,
    assumed: Adjust | None,
    worth_asking: Callable[[list[str], list[str], list[str]], bool],
) -> tuple[str, list[str], list[str], tuple[str, ...]] | None:
    """Where the engine lets the player who opens the auction bid fewer contracts than the
    reference (and refuses them the next player too once he has passed: no
    :class:`~frogspec.conform.evidence.OpenerRefused`), the engine's answer once he has bid
    the lowest contract it offered him: that contract, the bids the reference lets the next
    player make over it, the engine's list there and the contracts the opening lacks.
    ``None`` where the auction ends there, no answer is given, or ``worth_asking`` (the
    contracts the engine offered the opener, the reference's bids there, and over the
    lowest) says the answer cannot tell."""
    from frogspec.conform.evidence import OpenerRefused
    from frogspec.engine import ActionKind, Phase

    opening = _opening_narrowed(divergence, assumed)
    if opening is None or any(isinstance(d, OpenerRefused) for d in divergence.differences):
        return None
    request, done, state, lacks = opening
    bids = [str(a) for a in legal_actions(state) if a.kind is ActionKind.BID]
    kept = [bid for bid in bids if bid not in lacks]
    if not kept:
        return None
    try:
        after = apply(state, parse_action(kept[0]))
    except FrogError:
        return None
    if after.phase is not Phase.AUCTION or after.to_act is None:
        return None
    over = [str(a) for a in legal_actions(after) if a.kind is ActionKind.BID]
    if not worth_asking(kept, bids, over):
        return None
    legal = _listed_for(ask, {**request, "actions": [*done, kept[0]]}, after.to_act)
    if legal is None:
        return None
    return kept[0], over, legal, lacks


def _with_overbid_not_asked_again(
    divergence: Divergence, ask: Ask, assumed: Adjust | None
) -> Divergence:
    """The divergence, where the reference asks a player who has been overbid to bid again
    and the engine asks another: with the engine's answers as the players it asks pass in
    turn, where it leaves the auction without asking him, an
    :class:`~frogspec.conform.evidence.OverbidNotAskedAgain` (each speaks once). Whether he
    is asked again when his turn comes round, or never, is where a second round and one
    bid each part; the step itself shows only that the engine asks the next in turn."""
    from frogspec.conform.evidence import FieldChanged, OverbidNotAskedAgain, SeatChanged
    from frogspec.conform.transport import Failure
    from frogspec.engine import Phase

    moved = SeatChanged.to_act_in(divergence.differences)
    request = divergence.request
    given = request.get("actions") if request is not None else None
    if moved is None or request is None or not isinstance(given, list):
        return divergence
    state = _state(request, list(given), assumed=assumed)
    if state is None or state.phase is not Phase.AUCTION:
        return divergence
    overbid = OverbidNotAskedAgain.overbid(state)
    if moved.reference not in overbid or moved.engine in overbid:
        return divergence
    if any(
        isinstance(d, FieldChanged) and d.name == "phase" and d.reference == "auction"
        for d in divergence.differences
    ):  # the engine has left the auction at the step itself
        said = OverbidNotAskedAgain(moved.reference, 0)
        return replace(divergence, differences=(*divergence.differences, said))
    done: list[Json] = list(given)
    for passes in range(1, len(state.order) + 1):
        done.append("pass")
        try:
            answer = _ask(ask, {**request, "actions": list(done)})
        except Failure:  # no answer is no evidence
            return divergence
        result = _result_of(answer)
        if result is None or result.get("to_act") in overbid:
            return divergence  # refused, or he is asked again in his turn
        if result.get("phase") != "auction":
            said = OverbidNotAskedAgain(moved.reference, passes)
            return replace(divergence, differences=(*divergence.differences, said))
    return divergence


def _with_trump_named_later(
    divergence: Divergence, rest: Sequence[Json], ask: Ask, assumed: Adjust | None
) -> Divergence:
    """The divergence, where the engine leaves a contract's trump unset while the bidder
    lays away, with the engine's own answer at the end of the lay-away: if it then asks the
    bidder to name a trump, a :class:`~frogspec.conform.evidence.TrumpNamedAfterLayAway`;
    if it plays on with none, the trump's difference is a
    :class:`~frogspec.conform.evidence.PlayedWithoutTrumps` read on there.
    The lay-away is the case's own discards (``rest``: its actions from the diverging
    step's), else the first discards the reference allows, of those the engine lists for
    the lay-away. A trump missing only until the bidder names one is not a Frog played
    without trumps."""
    from frogspec.conform.evidence import (
        FieldChanged,
        PlayedWithoutTrumps,
        TrumpNamedAfterLayAway,
    )
    from frogspec.conform.transport import Failure
    from frogspec.engine import Phase

    missing = any(
        isinstance(d, FieldChanged) and d.name == "trump" and d.engine is None
        for d in divergence.differences
    )
    request = divergence.request
    if not missing or request is None or not isinstance(request.get("actions"), list):
        return divergence
    done: list[Json] = list(request["actions"])
    state = _state(request, done, assumed=assumed)
    if state is None or state.phase is not Phase.DISCARD or state.trump is None:
        return divergence
    given = [a for a in rest if isinstance(a, str)]
    # The discards the engine lists once the lay-away begins, where it lists any: an
    # engine that keeps some cards from being laid away is asked on a lay-away it allows.
    listed = set(legal_of(divergence.actual) or ())
    while state.phase is Phase.DISCARD:
        allowed = [str(a) for a in legal_actions(state) if not listed or str(a) in listed]
        own = [a for a in given if a in allowed]
        if own:
            text = own[0]
            given.remove(text)
        else:
            text = (allowed or [str(legal_actions(state)[0])])[0]
        try:
            state = apply(state, parse_action(text))
        except FrogError:
            return divergence
        done.append(text)
    try:
        answer = _ask(ask, {**request, "actions": done})
    except Failure:  # no answer is no evidence
        return divergence
    result = _result_of(answer)
    legal = legal_of(answer)
    if result is not None and _played_without_trumps(result, state):
        # The trump missing at the lay-away is the contract's: it is played without one.
        contract = result.get("contract")
        without = PlayedWithoutTrumps(
            "trump",
            None,
            state.trump.letter,
            contract if isinstance(contract, str) else "",
            read_on=tuple(str(a) for a in done),
        )
        shown = tuple(
            without if isinstance(d, FieldChanged) and d.name == "trump" else d
            for d in divergence.differences
        )
        return replace(divergence, differences=shown)
    if result is None or result.get("phase") != "trump" or not legal:
        return divergence
    named = sorted({str(a).split(" ")[1] for a in legal if str(a).startswith("trump ")})
    if len(named) != len(legal):
        return divergence
    said = TrumpNamedAfterLayAway(tuple(named), state.trump.letter)
    return replace(divergence, differences=(*divergence.differences, said))


def _played_without_trumps(result: Mapping[str, Json], state: Any) -> bool:
    """Whether the engine's answer once the lay-away is over plays the deal with no trump
    (``null``) where the reference, laid away alike, plays it with one."""
    from frogspec.engine import Phase

    return (
        result.get("phase") == "play"
        and result.get("trump") is None
        and "trump" in result
        and state.phase is Phase.PLAY
        and state.trump is not None
    )


def lay_away_apart(divergence: Divergence, assumed: Adjust | None = None) -> Divergence | None:
    """The lay-away the engine lists where it leaves a Frog's trump to be named once the
    bidder has laid away (a :class:`~frogspec.conform.evidence.TrumpNamedAfterLayAway`
    among the divergence's differences) and lists fewer discards than the reference, and
    none it does not list: the divergence at that position, with the lay-away's difference
    alone and the engine's answer showing the reference's trump, as a case departing there
    alone diverges (``None`` elsewhere). No change of the reference plays such a Frog on,
    so its games show nothing past that step: the lay-away is judged from the lists there."""
    from frogspec.conform.evidence import LegalChanged, TrumpNamedAfterLayAway

    differences = divergence.differences
    change = LegalChanged.in_(differences)
    if not any(isinstance(d, TrumpNamedAfterLayAway) for d in differences):
        return None
    # A list that adds discards holds other cards (a deal of its own), no narrower lay-away.
    if change is None or change.verb != "discard" or not change.lacks or change.adds:
        return None
    request, actual = divergence.request, divergence.actual
    actions = request.get("actions") if request is not None else None
    result = _result_of(actual)
    if request is None or not isinstance(actions, list) or not isinstance(actual, dict):
        return None
    if result is None:
        return None
    state = _state(request, actions, assumed=assumed)
    if state is None or state.to_act is None:
        return None
    shown = _result_of(divergence.expected)
    trump = shown.get("trump") if shown is not None else None
    step = len(actions)
    return replace(
        divergence,
        step=step,
        game_step=step,
        position=format_position(state),
        to_act=state.to_act,
        reference_legal=legal_of(divergence.expected),
        engine_legal=legal_of(actual),
        action=None,
        detail=f"at actions[{step}]: {_field_text('legal', divergence.expected, actual)}",
        actual={**actual, "result": {**result, "trump": trump}},
        differences=(change,),
        rules=(LAY_AWAY_RULE,),
        suspects=(LAY_AWAY_RULE,),
        explained_by=(),
        readings=(),
        swaps=(),
    )


#: The rule of the cards a Frog's bidder may lay away (the rule table's, by its field).
LAY_AWAY_RULE = TABLE_RULES["discardable"]


def _reference_prefixes(
    request: Mapping[str, Json], actions: list[Json], assumed: Adjust | None
) -> Iterator[Json]:
    """The reference's answers to a ``game`` request with no action, one, two... (its
    answers to the prefixes, as :func:`frogspec.harness.handle` gives them), in one pass."""
    first = reference_answer({**request, "op": "game", "actions": []}, assumed=assumed)
    yield first
    state = _state(request, [], assumed=assumed) if "result" in first else None
    for at, text in enumerate(actions):
        if state is None:
            prefix = {**request, "op": "game", "actions": actions[: at + 1]}
            yield reference_answer(prefix, assumed=assumed)
            continue
        try:
            state = apply(state, parse_action(text))
        except IllegalActionError as error:
            state = None
            yield {"error": {"kind": "illegal", "rule": error.rule_id, "at": at}}
        except FrogError as error:
            state = None
            yield {"error": {"kind": "invalid", "rule": None, "message": str(error)}}
        else:
            yield {"result": observation(state)}


def _game_step(
    case: Case,
    prefix: dict[str, Json],
    k: int,
    ref: Json,
    eng: Json,
    fields: list[str],
    previous: tuple[Json, Json] | None,
    compare: dict[str, str],
    extra: int,
    assumed: Adjust | None,
) -> Divergence:
    actions: list[Json] = prefix["actions"]
    all_actions = case.request.get("actions")
    full = list(all_actions) if isinstance(all_actions, list) else actions
    at_position = k == 0 or fields == ["legal"]
    step = k if at_position else k - 1
    before = _state(prefix, actions[:step], assumed=assumed)
    action = actions[step] if step < len(actions) else None
    if at_position and action is None and step < len(full):
        action = full[step]
    shown_ref, shown_eng = (ref, eng) if at_position or previous is None else previous
    where = f"at actions[{step}]" if at_position else f"after actions[{step}] ({action})"
    if extra:
        where += f" (the last {extra} of them from the perft descent)"
    detail = f"{where}: " + "; ".join(_field_text(f, ref, eng) for f in fields[:3])
    probe = _Probe([prefix], [eng], [ref], "game", compare, case.extension, assumed)
    if previous is not None and k > 0:
        earlier = {**prefix, "actions": actions[: k - 1]}
        probe = _Probe(
            [earlier, prefix],
            [previous[1], eng],
            [previous[0], ref],
            "game",
            compare,
            case.extension,
            assumed,
        )
    traced = _trace_step(prefix, before, None if at_position else action, assumed)
    rules, explained, readings, suspects, swaps = _rank(
        _candidates(traced, fields), probe, _protocol_only(ref, eng)
    )
    return Divergence(
        case_id=case.id,
        op=case.op,
        step=step,
        position=format_position(before) if before is not None else None,
        to_act=before.to_act if before is not None else None,
        reference_legal=legal_of(shown_ref),
        engine_legal=legal_of(shown_eng),
        action=str(action) if action is not None else None,
        rules=rules,
        detail=detail,
        explained_by=explained,
        readings=readings,
        suspects=suspects,
        swaps=swaps,
        request={"id": 1, **{k2: v for k2, v in prefix.items() if k2 != "id"}},
        expected=_stripped(ref, "game", case.extension),
        actual=eng,
        compare=compare if "result" in ref else {},
        extension=case.extension,
        differences=differences_of("game", _stripped(ref, "game", case.extension), eng, compare),
        game_step=step,
    )


# --- perft ------------------------------------------------------------------------------


def _by_first(answer: Json) -> dict[str, Json] | None:
    result = answer.get("result") if isinstance(answer, dict) else None
    if isinstance(result, dict) and isinstance(result.get("by_first"), dict):
        return dict(result["by_first"])
    return None


def _diagnose_perft(
    case: Case, actual: Json, ask: Ask, assumed: Adjust | None
) -> Divergence | None:
    request = dict(case.request)
    actions = request.get("actions")
    if not isinstance(actions, list):
        return _diagnose_request(case, actual, assumed)
    depth = request.get("depth")
    line: list[str] = []
    ref = reference_answer(request, assumed=assumed)
    eng = actual if actual is not None else _ask(ask, request)
    while True:
        ref_counts, eng_counts = _by_first(ref), _by_first(eng)
        if ref_counts is None or eng_counts is None or set(ref_counts) != set(eng_counts):
            break
        differing = [a for a, n in ref_counts.items() if eng_counts.get(a) != n]
        if not differing or depth == 1:
            break
        line.append(differing[0])
        if isinstance(depth, int) and not isinstance(depth, bool):
            depth -= 1
        below = {**request, "actions": actions + line, "depth": depth}
        ref, eng = reference_answer(below, assumed=assumed), _ask(ask, below)
    game = {**request, "op": "game", "actions": actions + line}
    game.pop("depth", None)
    found = _game_scan(case, game, None, ask, extra=len(line), assumed=assumed)
    if found is not None and _kind(found.actual) != "unsupported":
        return found
    # The engine plays the line alike (or offers no ``game``): the counts part here.
    before = _state(game, actions + line, assumed=assumed)
    ref_counts, eng_counts = _by_first(ref), _by_first(eng)
    perft_request = {"id": 1, **{k: v for k, v in request.items() if k != "id"}}
    perft_request["actions"] = actions + line
    perft_request["depth"] = depth
    traced = _trace_step(game, before, None, assumed)
    probe = _Probe([perft_request], [eng], [ref], "perft", {}, assumed=assumed)
    rules, explained, readings, suspects, swaps = _rank(_candidates(traced, ["legal"]), probe)
    return Divergence(
        case_id=case.id,
        op=case.op,
        step=len(actions) + len(line),
        position=format_position(before) if before is not None else None,
        to_act=before.to_act if before is not None else None,
        reference_legal=list(ref_counts) if ref_counts is not None else None,
        engine_legal=list(eng_counts) if eng_counts is not None else None,
        action=None,
        rules=rules,
        detail=f"after {len(line)} actions of descent, the counts part: "
        + _field_text("result", ref, eng),
        explained_by=explained,
        readings=readings,
        suspects=suspects,
        swaps=swaps,
        request=perft_request,
        expected=_stripped(ref, "perft", "perft"),
        actual=eng,
        extension="perft",
        differences=differences_of("perft", _stripped(ref, "perft", "perft"), eng, {}),
    )


# --- match ------------------------------------------------------------------------------


def _diagnose_match(
    case: Case, actual: Json, ask: Ask, assumed: Adjust | None, past: Collection[str] = ()
) -> Divergence | None:
    request = dict(case.request)
    deals = request.get("deals")
    if not isinstance(deals, list) or not deals:
        return _diagnose_request(case, actual, assumed)
    previous: tuple[Json, Json] | None = None
    for d in range(len(deals)):
        prefix = {**request, "deals": deals[: d + 1]}
        ref = reference_answer(prefix, assumed=assumed)
        last = d == len(deals) - 1 and actual is not None
        eng = actual if last else _ask(ask, prefix)
        fields = _differing(ref, eng, "match", {})
        if fields:
            return _match_deal(case, prefix, d, ref, eng, fields, previous, ask, assumed, past)
        previous = (ref, eng)
        if "error" in ref:
            break
    return None


def _match_deal(
    case: Case,
    prefix: dict[str, Json],
    d: int,
    ref: Json,
    eng: Json,
    fields: list[str],
    previous: tuple[Json, Json] | None,
    ask: Ask,
    assumed: Adjust | None,
    past: Collection[str] = (),
) -> Divergence:
    deal = prefix["deals"][d]
    dealer = _dealer_of(prefix, d)
    if isinstance(deal, dict) and dealer is not None:
        game = {
            "id": 1,
            "op": "game",
            "ruleset": prefix.get("ruleset"),
            "options": prefix.get("options") or {},
            "players": prefix.get("players"),
            "dealer": dealer,
            "deck": deal.get("deck"),
            "actions": deal.get("actions"),
        }
        inner = _game_scan(case, game, None, ask, assumed=assumed, past=past)
        if inner is not None and _kind(inner.actual) != "unsupported":
            return Divergence(
                case_id=case.id,
                op=case.op,
                step=d,
                position=inner.position,
                to_act=inner.to_act,
                reference_legal=inner.reference_legal,
                engine_legal=inner.engine_legal,
                action=inner.action,
                rules=inner.rules,
                detail=f"deal {d}, {inner.detail}",
                explained_by=inner.explained_by,
                readings=inner.readings,
                suspects=inner.suspects,
                swaps=inner.swaps,
                request=inner.request,
                expected=inner.expected,
                actual=inner.actual,
                compare=inner.compare,
                extension=inner.extension,
                differences=inner.differences,
                game_step=inner.game_step,
            )
    # The deal plays alike: what differs is the match's own (the bank, the dealers, the end).
    calls: list[str] = []
    reference_answer(prefix, lambda rs: rs.recording(calls.append), assumed)
    inside: list[str] = []
    if isinstance(deal, dict) and dealer is not None:
        game_calls: list[str] = []
        reference_answer(
            {
                "id": 1,
                "op": "game",
                **{k: prefix.get(k) for k in ("ruleset", "options", "players")},
                "dealer": dealer,
                "deck": deal.get("deck"),
                "actions": deal.get("actions"),
            },
            lambda rs: rs.recording(game_calls.append),
            assumed,
        )
        inside = recent_first(game_calls)
    own = [r for r in recent_first(calls) if r not in inside]
    probe = _Probe([prefix], [eng], [ref], "match", {}, assumed=assumed)
    rules, explained, readings, suspects, swaps = _rank(
        [own, inside], probe, _protocol_only(ref, eng)
    )
    return Divergence.unplaced(
        case,
        d,
        rules,
        f"after deal {d}: " + "; ".join(_field_text(f, ref, eng) for f in fields[:3]),
        explained_by=explained,
        readings=readings,
        suspects=suspects,
        swaps=swaps,
        request={"id": 1, **{k: v for k, v in prefix.items() if k != "id"}},
        expected=_stripped(ref, "match", None),
        actual=eng,
        differences=_match_differences(
            prefix, d, ref, eng, assumed, previous[0] if previous is not None else None
        ),
    )


def _match_differences(
    prefix: Mapping[str, Json],
    d: int,
    ref: Json,
    eng: Json,
    assumed: Adjust | None = None,
    earlier: Json = None,
) -> tuple[Difference, ...]:
    """How a match parts after deal ``d`` plays alike: where another player deals it, that
    first (the balances that differ follow from who dealt), with who bid in the deal
    before; else, where the deal is paid a whole number of times over, that
    (:func:`_deal_paid_times`; ``earlier``: the reference's answer to the match up to the
    deal before, where the scan has it)."""
    from frogspec.engine import Phase

    found = differences_of("match", _stripped(ref, "match", None), eng, {})
    result = ref.get("result") if isinstance(ref, dict) else None
    dealers = result.get("dealers") if isinstance(result, dict) else None
    before = dealers[d - 1] if isinstance(dealers, list) and 0 < d <= len(dealers) else None
    played = _deal_played(prefix, d - 1, before, assumed) if isinstance(before, int) else None
    bidder = played.bidder if played is not None else None
    moved = dealer_moved(prefix, d, ref, eng, bidder)
    if moved is not None:
        return (moved, *found)
    passed_out = played is not None and played.phase is Phase.OVER and bidder is None
    paid = _deal_paid_times(earlier, ref, eng, passed_out) if earlier is not None else None
    return found if paid is None else (*found, paid)


def _deal_paid_times(earlier: Json, ref: Json, eng: Json, passed_out: bool) -> Difference | None:
    """Where a deal of a match (the first whose answers part, dealt alike) moves every
    balance a whole number of times (two or more) as far as the reference's settlement of
    it, a :class:`~frogspec.conform.evidence.DealPaidTimes` (``passed_out``: every player
    passed in the deal before); ``None`` elsewhere. ``earlier`` is the reference's answer
    to the match up to the deal before, ``ref`` and ``eng`` the answers up to the deal."""
    from frogspec.conform.evidence import DealPaidTimes

    before, after, engine = (_balances(a) for a in (earlier, ref, eng))
    if before is None or after is None or engine is None:
        return None
    if not len(before) == len(after) == len(engine):
        return None
    moves = [(e - b, a - b) for b, a, e in zip(before, after, engine, strict=True)]
    times = {e // a for e, a in moves if a and e % a == 0}
    if len(times) != 1 or any((a == 0) != (e == 0) or (a and e % a) for e, a in moves):
        return None
    (k,) = times
    if k < 2:
        return None
    example = next((e, a) for e, a in moves if a)
    return DealPaidTimes(k, None, abs(example[0]), abs(example[1]), after_passed_out=passed_out)


def played_deals(request: Mapping[str, Json], assumed: Adjust | None = None) -> list[bool]:
    """For each deal of a match that someone bid in, by the reference under the departures
    ``assumed``, whether every player passed in the deal before it (the first deal: no)."""
    deals = request.get("deals")
    answer = reference_answer(dict(request), assumed=assumed)
    result = answer.get("result") if isinstance(answer, dict) else None
    dealers = result.get("dealers") if isinstance(result, dict) else None
    if not isinstance(deals, list) or not isinstance(dealers, list):
        return []
    found: list[bool] = []
    before_passed_out = False
    for d, dealer in enumerate(dealers[: len(deals)]):
        if not isinstance(dealer, int):
            break
        passed_out = _passed_out(request, d, dealer, assumed)
        if not passed_out:
            found.append(before_passed_out)
        before_passed_out = passed_out
    return found


def _balances(answer: Json) -> list[int] | None:
    """The balances of a match's answer (``None``: none given, or not whole numbers)."""
    result = answer.get("result") if isinstance(answer, dict) else None
    balances = result.get("balances") if isinstance(result, dict) else None
    if not isinstance(balances, list) or not all(type(b) is int for b in balances):
        return None
    return list(balances)


def _passed_out(request: Mapping[str, Json], d: int, dealer: int, assumed: Adjust | None) -> bool:
    """Whether every player passed in deal ``d`` of a match dealt by ``dealer``, by the
    reference under the departures ``assumed``."""
    from frogspec.engine import Phase

    state = _deal_played(request, d, dealer, assumed)
    return state is not None and state.phase is Phase.OVER and state.bidder is None


def match_bidder(
    request: Mapping[str, Json], d: int, dealer: int, assumed: Adjust | None = None
) -> int | None:
    """The seat that wins the auction of deal ``d`` of a match dealt by ``dealer``, by the
    reference under the departures ``assumed`` (``None`` where every player passes, or the
    deal is refused)."""
    state = _deal_played(request, d, dealer, assumed)
    return state.bidder if state is not None else None


def _deal_played(
    request: Mapping[str, Json], d: int, dealer: int, assumed: Adjust | None
) -> State | None:
    """The reference's state once deal ``d`` of a match dealt by ``dealer`` is played
    through its actions, under the departures ``assumed`` (``None``: no such deal, or
    its actions refused)."""
    deals = request.get("deals")
    deal = deals[d] if isinstance(deals, list) and 0 <= d < len(deals) else None
    if not isinstance(deal, dict) or not isinstance(deal.get("actions"), list):
        return None
    game = {k: request.get(k) for k in ("ruleset", "options", "players")}
    return game_state(
        {**game, "dealer": dealer, "deck": deal.get("deck")}, deal["actions"], assumed
    )


def _dealer_of(request: Mapping[str, Json], d: int) -> int | None:
    """The dealer of deal ``d`` of a match, as the reference rotates the deal."""
    dealer = request.get("first_dealer")
    players = request.get("players")
    if not isinstance(dealer, int) or not isinstance(players, int) or players < 1:
        return None
    for _ in range(d):
        dealer = next_dealer_left(dealer, players)
    return dealer


# --- ops without actions ----------------------------------------------------------------


def _diagnose_request(case: Case, actual: Json, assumed: Adjust | None) -> Divergence | None:
    """A case judged on its one request: its own rules and the ones the reference
    evaluates, ranked by counterfactuals against the engine's answer."""
    request = {"id": 1, **{k: v for k, v in case.request.items() if k != "id"}}
    ref = reference_answer(request, assumed=assumed)
    compare = dict(case.compare)
    fields = _differing(ref, actual, case.op, compare, case.extension)
    if not fields:
        return _rule_named(case, actual, ref, None)
    calls: list[str] = []
    reference_answer(request, lambda rs: rs.recording(calls.append), assumed)
    candidates = [r for r in case.rules if _known(r)] + recent_first(calls)
    probe = _Probe([request], [actual], [ref], case.op, compare, case.extension, assumed)
    rules, explained, readings, suspects, swaps = _rank(
        [candidates], probe, _protocol_only(ref, actual)
    )
    legal = case.op == "legal_plays"
    return Divergence.unplaced(
        case,
        None,
        rules,
        "; ".join(_field_text(f, ref, actual) for f in fields[:3]),
        reference_legal=ref.get("result") if legal and "result" in ref else None,
        engine_legal=actual.get("result") if legal and isinstance(actual, dict) else None,
        explained_by=explained,
        readings=readings,
        suspects=suspects,
        swaps=swaps,
        request=request,
        expected=_stripped(ref, case.op, case.extension),
        actual=actual,
        compare=compare,
        extension=case.extension,
        differences=differences_of(
            case.op, _stripped(ref, case.op, case.extension), actual, compare
        ),
    )


def _known(rule_id: str) -> bool:
    try:
        get_rule(rule_id)
    except FrogError:
        return False
    return True


def _rule_named(case: Case, actual: Json, ref: Json, step: int | None) -> Divergence | None:
    """Both sides refuse alike but name different rules (the optional second level)."""
    ref_error = ref.get("error") if isinstance(ref, dict) else None
    eng_error = actual.get("error") if isinstance(actual, dict) else None
    if not (isinstance(ref_error, dict) and isinstance(eng_error, dict)):
        return None
    if ref_error.get("kind") != "illegal" or ref_error.get("rule") == eng_error.get("rule"):
        return None
    at = ref_error.get("at")
    rule = str(ref_error.get("rule"))
    return Divergence.unplaced(
        case,
        at if isinstance(at, int) else step,
        (rule,) if _known(rule) else (),
        f"the engine names the rule {_show(eng_error.get('rule'))}, the reference {rule}",
        request={"id": 1, **{k: v for k, v in case.request.items() if k != "id"}},
        expected=_stripped(ref, case.op, case.extension),
        actual=actual,
        rule_named=True,
    )


# --- the entry point --------------------------------------------------------------------


def diagnose(
    case: Case,
    outcome_actual: Json,
    ask: Ask | None,
    assumed: Adjust | None = None,
    past: Collection[str] = (),
) -> Divergence | None:
    """The first step at which the engine parts from the reference on a failing case.

    ``outcome_actual`` is the engine's answer to the case's request (id aside). For
    ``game``, ``match`` and ``perft`` the prefixes are replayed through ``ask``; for other
    ops (or without ``ask``) the case's request alone is diagnosed. ``outcome_actual`` may
    be ``None`` (no answer came): ``ask`` is then asked the whole request too.
    ``assumed`` are the engine's departures found already: the reference the engine is
    compared with departs likewise, so the divergence found is the next departure.
    ``past`` are kinds of difference (:attr:`~frogspec.conform.evidence.Difference.kind`)
    of a departure found already that only changes a legal list: a step of a game that
    parts by those alone, where the case's next action is legal by both, is passed over
    (the game goes on alike), so that the next departure shows.

    ``None`` when no difference is found, when there is nothing to compare, when the
    engine stops answering (a transport failure).
    """
    from frogspec.conform.transport import Failure

    try:
        if ask is not None and case.op == "game":
            found = _game_scan(
                case, dict(case.request), outcome_actual, ask, assumed=assumed, past=past
            )
            if found is None:
                ref = reference_answer(case.request, assumed=assumed)
                return _rule_named(case, outcome_actual, ref, None)
            return found
        if ask is not None and case.op == "perft":
            return _diagnose_perft(case, outcome_actual, ask, assumed)
        if ask is not None and case.op == "match":
            found = _diagnose_match(case, outcome_actual, ask, assumed, past)
            if found is None:
                ref = reference_answer(case.request, assumed=assumed)
                return _rule_named(case, outcome_actual, ref, None)
            return found
        if outcome_actual is None:
            return None
        return _diagnose_request(case, outcome_actual, assumed)
    except Failure:
        return None


def divergence_lines(divergence: Divergence) -> list[str]:
    """The divergence for a failure's entry in a text report, one fact a line."""
    lines = [f"first divergence: {divergence.detail}"]
    if divergence.position is not None:
        lines.append(f"position: {divergence.position}")
    if divergence.to_act is not None:
        lines.append(f"to act: seat {divergence.to_act}")
    reference_legal, engine_legal = divergence.reference_legal, divergence.engine_legal
    if (
        reference_legal is not None
        and engine_legal is not None
        and sorted(reference_legal) == sorted(engine_legal)
    ):
        # The same position's lists: the step parts elsewhere (who acts, what follows), and
        # two identical lines would only hide that.
        lines.append(f"legal (both):      {_show(reference_legal)}")
    elif reference_legal is not None or engine_legal is not None:
        lines.append(f"legal (reference): {_show(reference_legal)}")
        lines.append(f"legal (engine):    {_show(engine_legal)}")
    if divergence.rules:
        first = divergence.rules[0]
        how = " (its swap reproduces the engine)" if divergence.confirmed else ""
        if not divergence.explained_by and not divergence.rule_named:
            how = " (first to look at: no swap of any rule reproduces the engine here)"
        lines.append(f"rule: {first}{how}")
        if len(divergence.rules) > 1:
            lines.append("also evaluated there: " + ", ".join(divergence.rules[1:6]))
    return lines


def divergence_json(divergence: Divergence) -> dict[str, Json]:
    """The divergence for a JSON report: the fields of :class:`Divergence` from ``step`` to
    ``detail``, then ``explained_by`` and ``readings`` (each ``{"rule", "reading"}``), the
    ``request`` that shows it and the ``expected`` and ``actual`` answers to it."""
    return {
        "step": divergence.step,
        "position": divergence.position,
        "to_act": divergence.to_act,
        "reference_legal": divergence.reference_legal,
        "engine_legal": divergence.engine_legal,
        "action": divergence.action,
        "rules": list(divergence.rules),
        "detail": divergence.detail,
        "explained_by": list(divergence.explained_by),
        "readings": [{"rule": rule, "reading": reading} for rule, reading in divergence.readings],
        "request": divergence.request,
        "expected": divergence.expected,
        "actual": divergence.actual,
    }


def finished_trick(
    request: Json, assumed: Adjust | None = None
) -> tuple[Any, tuple[int, ...], tuple[int, ...]] | None:
    """Where the request's actions end on a trick just finished (the next lead to come):
    the state after it, and the trick's seats and cards in play order; ``None`` elsewhere
    (the game replayed under the departures ``assumed``)."""
    from frogspec.engine import Phase

    actions = request.get("actions") if isinstance(request, dict) else None
    if not isinstance(actions, list):
        return None
    after = game_state(request, actions, assumed)
    if after is None or after.phase is not Phase.PLAY or after.trick or not after.tricks:
        return None
    start = len(actions) - len(after.order)
    # One replay to the trick's lead, then its cards played one by one.
    before = game_state(request, actions[:start], assumed) if start >= 0 else None
    seats: list[int] = []
    cards: list[int] = []
    for text in actions[start:] if before is not None else ():
        if before is None or before.to_act is None or len(before.trick) != len(cards):
            return None
        try:
            card = _played_card(text)
            seats.append(before.to_act)
            before = apply(before, parse_action(str(text)))
        except (FrogError, ValueError):
            return None
        cards.append(card)
    if before is None:
        return None
    return after, tuple(seats), tuple(cards)


def _played_card(action: Json) -> int:
    from frogspec.engine import ActionKind, parse_action

    parsed = parse_action(str(action))
    if parsed.kind is not ActionKind.PLAY:
        raise ValueError(f"not a card played: {action!r}")
    return parsed.value
