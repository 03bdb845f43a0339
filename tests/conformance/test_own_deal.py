"""Games played on the engine's own deal (:mod:`frogspec.conform.own_deal`): a vector
game the engine and the modelled reference refuse alike is played again with actions
that fit the deal the engine makes."""

from __future__ import annotations

import sys
from collections.abc import Collection

import pytest

from frogspec._types import Json
from frogspec.conform.blame import blame
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.diagnosis import Divergence, diagnose
from frogspec.conform.evidence import OpenerRefused
from frogspec.conform.localise import opener_model
from frogspec.conform.own_deal import adapted_actions, played_on_own_deal, refused_at
from frogspec.conform.reports import render_text
from frogspec.conform.runner import run_conformance
from frogspec.harness import Adjust
from frogspec.rulesets import Ruleset
from frogspec.twins import twin_ruleset
from frogspec.vectors.model import Case

from .composite.twins import twin_engine
from .test_deviations import COMPOSITE_PROGRAM, run_engine
from .test_localisation import _game as game_request


def _game(actions: list[str], seed: int = 7) -> dict[str, Json]:
    return game_request(seed, list(actions))


def _played_out(request: dict[str, Json], plays: int) -> list[str]:
    """The request's actions and then ``plays`` more, the first legal each time."""
    actions = [str(a) for a in request["actions"]]
    for _ in range(plays):
        answer = reference_answer({**request, "id": 1, "actions": actions})
        legal = answer["result"]["legal"]
        actions.append(str(legal[0]))
    return actions


def test_legal_actions_are_kept_and_the_others_replaced_by_one_of_their_kind() -> None:
    request = _game(["grand"])
    request["actions"] = _played_out(request, 6)
    assert adapted_actions(request, None) == request["actions"]
    # Under another deal the same plays are mostly not in hand: each is replaced by a play.
    adapted = adapted_actions(request, lambda rs: twin_ruleset(rs, "deal.packets-4-3-3-4"))
    assert adapted is not None and len(adapted) == len(request["actions"])
    assert adapted[0] == "grand" and all(a.startswith("play ") for a in adapted[1:])
    assert adapted != request["actions"]


def test_a_step_the_engine_allows_otherwise_takes_an_action_both_allow() -> None:
    request = _game(["grand"])
    request["actions"] = _played_out(request, 1)
    first = request["actions"][1]
    answer = reference_answer({**request, "id": 1, "actions": ["grand"]})
    legal = [str(a) for a in answer["result"]["legal"]]
    others = [a for a in legal if a != first]
    adapted = adapted_actions(request, None, {1: others})
    assert adapted is not None and adapted[1] in others
    assert adapted_actions(request, None, {1: []}) is None  # no action both allow


def test_a_bid_refused_to_the_opener_is_passed_on_to_the_next_player() -> None:
    # Where the opening may not be a Frog, eldest passes and the next player bids the Frog
    # in place of his own pass: the game played again stays a Frog, and shows what the
    # engine does in one (its widow, its lay-away).
    refused = OpenerRefused(("frog",), ("frog",), 2)
    no_frog_to_open = opener_model(refused)
    assert no_frog_to_open is not None
    assert adapted_actions(_game(["frog", "pass", "pass"]), no_frog_to_open) == [
        "pass",
        "frog",
        "pass",
    ]
    # Where the opener may bid it, the game is kept as it was.
    assert adapted_actions(_game(["frog", "pass", "pass"]), None) == ["frog", "pass", "pass"]


def test_no_game_is_adapted_from_another_op_or_an_unreadable_request() -> None:
    assert adapted_actions({"op": "deal"}, None) is None
    assert adapted_actions({**_game(["grand"]), "deck": ["AH"]}, None) is None
    assert adapted_actions(_game(["grand", "play 5H"]), None) is None


def test_refused_at_reads_only_an_illegal_answers_index() -> None:
    assert refused_at({"error": {"kind": "illegal", "at": 3}}) == 3
    assert refused_at({"error": {"kind": "invalid", "at": 3}}) is None
    assert refused_at({"error": {"kind": "illegal", "at": True}}) is None
    assert refused_at({"error": {"kind": "illegal", "at": -1}}) is None
    assert refused_at([]) is None


def _case(request: dict[str, Json]) -> Case:
    response = {"id": 1, **reference_answer({**request, "id": 1})}
    return Case("g", "generated-games.json", "A game.", (), {**request, "id": 1}, response)


def test_a_game_the_engine_refuses_at_a_step_is_played_again_with_what_it_allows() -> None:
    request = _game(["grand"])
    request["actions"] = _played_out(request, 8)
    case = _case(request)
    packets = "deal.packets-4-3-3-4"
    dealt_so = lambda rs: twin_ruleset(rs, packets)  # noqa: E731
    asked: list[list[str]] = []

    def engine(ask: dict[str, Json]) -> Json:
        actions = [str(a) for a in ask["actions"]]
        asked.append(actions)
        # The engine deals as the twin does and refuses its first lead once only.
        if len(actions) > 1 and len(asked) == 1:
            return {"error": {"kind": "illegal", "rule": "play.lead-any-card", "at": 1}}
        return reference_answer({**ask, "id": 1}, assumed=dealt_so)

    played = played_on_own_deal(case, dealt_so, engine)
    assert len(played) == 2
    (first, refused), (again, answer) = played
    assert refused_at(refused) == 1 and "result" in answer
    assert asked[1] == first.request["actions"][:1]
    assert again.request["actions"] != first.request["actions"]
    # Each game is a case of the same id, expected as the reference answers it.
    assert again.id == case.id
    assert again.expected == reference_answer(again.request)


def _chico_laid_away(ruleset: Ruleset) -> Ruleset:
    """The reference, where a Chico's bidder takes the widow and lays away as in a Frog."""
    written = ruleset.rules.exchanges_widow
    return ruleset.replacing(
        "widow.untouched-in-chico-and-grand",
        lambda contract: contract.name == "CHICO" or bool(written(contract)),
    )


def test_a_game_the_vector_plays_to_its_end_is_played_to_its_end() -> None:
    # A Chico played out by the reference; the engine lays away first, three steps more:
    # as many actions as the vector's would stop before the last trick.
    request = _game(["chico", "pass", "pass", "trump S"])
    request["actions"] = _played_out(request, 33)
    case = _case(request)
    assert case.expected["result"]["phase"] == "over"

    def engine(ask: dict[str, Json]) -> Json:
        return reference_answer({**ask, "id": 1}, assumed=_chico_laid_away)

    (played, answer), *_ = played_on_own_deal(case, _chico_laid_away, engine)
    assert len(played.request["actions"]) == len(request["actions"]) + 3
    assert answer["result"]["phase"] == "over"
    # A vector game that stops before the end stops as far on.
    short = _game(["chico", "pass", "pass", "trump S"])
    short["actions"] = _played_out(short, 20)
    (cut, _), *_ = played_on_own_deal(_case(short), _chico_laid_away, engine)
    assert len(cut.request["actions"]) == len(short["actions"])


def test_a_game_whose_actions_fit_the_deal_is_not_played_again() -> None:
    request = _game(["grand"])
    request["actions"] = _played_out(request, 4)

    def engine(ask: dict[str, Json]) -> Json:
        raise AssertionError("not asked")

    assert played_on_own_deal(_case(request), None, engine) == []


def _vector_match(ruleset: str) -> Case:
    """The vector match of ``ruleset`` with the most deals."""
    from frogspec.vectors.model import iter_cases, load_vectors

    matches = [
        c
        for c in iter_cases(load_vectors())
        if c.op == "match" and c.request.get("ruleset") == ruleset and "result" in c.expected
    ]
    return max(matches, key=lambda c: (len(c.request["deals"]), c.id))


def test_a_match_is_played_on_the_engines_deal_and_by_its_dealers() -> None:
    from frogspec.conform.blame import _dealt_otherwise as dealt_otherwise
    from frogspec.conform.probes.base import next_dealer_right

    case = _vector_match("modern")
    deals = case.request["deals"]
    assert isinstance(deals, list) and len(deals) > 2
    packets = "deal.packets-4-3-3-4"
    dealt_so = lambda rs: twin_ruleset(rs, packets)  # noqa: E731

    def engine_rules(rs: Ruleset) -> Ruleset:
        # The engine deals in other packets, and passes the deal to the right.
        return twin_ruleset(rs, packets).replacing("deal.rotation-left", next_dealer_right)

    def engine(ask: dict[str, Json]) -> Json:
        return reference_answer({**ask, "id": 1}, assumed=engine_rules)

    # The vector match itself is refused on the engine's deal.
    assert refused_at(engine(dict(case.request))) is not None
    ((played, answer),) = played_on_own_deal(case, dealt_so, engine)
    assert played.id == case.id and played.op == "match"
    result = answer["result"]
    players, first = case.request["players"], case.request["first_dealer"]
    assert isinstance(players, int) and isinstance(first, int)
    # Every deal is played, each dealt by the seat on the last dealer's right.
    assert len(result["dealers"]) == len(played.request["deals"])
    assert result["dealers"] == [(first - d) % players for d in range(len(result["dealers"]))]
    # The modelled reference (the packets only) deals them otherwise: its dealers show it.
    assert dealt_otherwise(played, answer, dealt_so)
    assert not dealt_otherwise(played, answer, engine_rules)
    # A match whose deals fit the engine's is not played again.
    assert played_on_own_deal(case, None, lambda ask: reference_answer({**ask, "id": 1})) == []


def test_what_a_deal_dealt_otherwise_hides_shows_in_games_played_on_it(
    cases: list[Case],
) -> None:
    # The widow counted for the defenders is seen only at a game's end; under a deal in
    # other packets every vector game is refused before that, by the engine and the
    # modelled reference alike. Played again on the engine's deal, the games show it.
    rules = ("deal.packets-3-3-4-4", "scoring.widow-counts-for-bidder")
    ask = twin_engine(rules)
    failed, passed = run_engine(ask, [c for c in cases if c.ruleset == "foster-1909"])

    def rediagnose(
        case: Case, actual: Json, assumed: Adjust | None, past: Collection[str] = ()
    ) -> Divergence | None:
        return diagnose(case, actual, ask, assumed, past)

    def replay(case: Case, assumed: Adjust | None) -> list[tuple[Case, Json]]:
        return played_on_own_deal(case, assumed, ask)

    hidden = blame(failed, passed, (), rediagnose=rediagnose)
    assert [d.rule for d in hidden.deviations] == ["deal.packets-3-3-4-4"]
    found = blame(failed, passed, (), rediagnose=rediagnose, replay=replay)
    assert sorted(str(d.rule) for d in found.deviations) == sorted(rules)
    (count,) = [d for d in found.deviations if d.rule == rules[1]]
    # Filed under the vector cases the games were played from, each once.
    failing = {case.id for case, _, _ in failed}
    assert count.cases and set(count.cases) <= failing
    assert len(set(count.cases)) == len(count.cases)


def test_the_runner_plays_the_refused_games_on_the_engines_deal() -> None:
    # The same engine as a program, judged by ``frogspec conform``'s runner: the widow's
    # count shows only in the games the runner plays on the engine's deal.
    rules = ("deal.packets-3-3-4-4", "scoring.widow-counts-for-bidder")
    command = [sys.executable, str(COMPOSITE_PROGRAM), *rules]
    run = run_conformance(command, rulesets=["foster-1909"])
    assert not run.diagnosis_failures
    assert sorted(str(d.rule) for d in run.deviations) == sorted(rules)
    # The report opens with both, each on a headline of its own.
    headlines = render_text(run).split("\n\n")[0].splitlines()
    assert sorted(line.split(" — ")[0] for line in headlines) == sorted(rules)


def test_games_are_played_again_by_table_and_contract_each_contract_in_turn() -> None:
    from frogspec.conform.blame import _in_order_to_play as in_order_to_play
    from frogspec.vectors.model import iter_cases, load_vectors

    cases = [
        c
        for c in iter_cases(load_vectors())
        if c.request.get("ruleset") == "foster-1909"
        and c.op in ("game", "match")
        and "result" in c.expected
    ]
    ordered = in_order_to_play(cases)
    assert sorted(c.id for c in ordered) == sorted(c.id for c in cases)
    # The longest match is second: a match shows who deals next, which no game does.
    assert ordered[1].op == "match" and all(c.op == "game" for c in ordered[:1])

    def contract(c: Case) -> Json:
        result = c.expected["result"]
        return result.get("contract") if isinstance(result, dict) else None

    # Each contract comes before any contract comes again: a short Grand is not left out.
    games = [c for c in ordered if c.op == "game"]
    played = [contract(c) for c in games[:3]]
    assert len(set(played)) == 3, played


def test_matches_are_played_again_past_the_games_count(monkeypatch: pytest.MonkeyPatch) -> None:
    # Many games refused alike fill the games' count; the matches are still played again,
    # up to their own count: one match bounds where an engine ends a match at one balance
    # only, several bound it from both sides.
    from frogspec.conform import blame as blame_module
    from frogspec.vectors.model import iter_cases, load_vectors

    monkeypatch.setattr(blame_module, "reproduced_under", lambda *args: True)
    refused: Json = {"error": {"kind": "illegal", "rule": "play.follow-suit", "at": 0}}
    cases = [
        c
        for c in iter_cases(load_vectors())
        if c.op in ("game", "match") and "result" in c.expected
    ]
    by_id = {c.id: (c, refused) for c in cases}
    matches = [c for c in cases if c.op == "match"]
    games = [c for c in cases if c.op == "game"]
    assert len(games) > 4 * blame_module._GAMES_PLAYED_AGAIN
    assert len(matches) > blame_module._MATCHES_PLAYED_AGAIN
    chosen = blame_module._refused_alike(by_id, None, lambda: True, 8)
    assert sum(c.op == "match" for c in chosen) == blame_module._MATCHES_PLAYED_AGAIN
    # The first ones are those of the turn by ruleset, as before the matches past them.
    in_turn = blame_module._refused_alike(
        {k: v for k, v in by_id.items() if v[0].op == "game" or v[0] in chosen[:8]},
        None,
        lambda: True,
        8,
    )
    assert chosen[:8] == in_turn[:8]
