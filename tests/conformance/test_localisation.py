"""Where a game departs: the departure a game's first divergence is charged to, where what
parts the answers there only follows from it.

Who leads after a trick follows from who took it; who leads at all follows from the
auction having ended. These are the reference's own games, replayed in process, with the
engine's answer at the diverging step written as the typed differences the diagnosis
finds (:mod:`frogspec.conform.evidence`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from frogspec._types import Json
from frogspec.conform.accounting import Lead, who_leads
from frogspec.conform.accounting import trick_taken_by_engine as trick_taken
from frogspec.conform.conditions import Condition, ConditionTerm
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.deviations import Deviation, with_findings
from frogspec.conform.diagnosis import Divergence, diagnose
from frogspec.conform.diagnosis import _with_jump_refused_over as with_jump_refused_over
from frogspec.conform.diagnosis import _with_opener_refused as with_opener_refused
from frogspec.conform.diagnosis import _with_trick_taken as with_trick_taken
from frogspec.conform.diagnosis import _with_trump_named_later as with_trump_named_later
from frogspec.conform.evidence import (
    FieldChanged,
    JumpRefusedOver,
    LegalChanged,
    OfferedAfterPass,
    OfferedOverStanding,
    OpenerRefused,
    OverbidNotAskedAgain,
    PlayedWithoutTrumps,
    SeatChanged,
    TrickTaken,
    TrumpNamedAfterLayAway,
    TurnPassedOver,
)
from frogspec.conform.localise import Localised, localise, opener_model, step_features
from frogspec.conform.localise import _asked_again as asked_again
from frogspec.conform.localise import _card_origin as card_origin
from frogspec.conform.localise import _of_most_rulesets as of_most_rulesets
from frogspec.conform.probes import StageFinding
from frogspec.conform.probes.base import Probe
from frogspec.conform.words import Circumstances, instead_words, when_words
from frogspec.engine import ActionKind, Phase, State, apply, legal_actions, new_deal, parse_action
from frogspec.harness import Adjust
from frogspec.registry import get_rule
from frogspec.rules.cards import FULL_PACK, cards_of, format_card, suit_of
from frogspec.rulesets import Ruleset
from frogspec.vectors.model import Case


def _game(seed: int, actions: list[str] | None = None) -> dict[str, Json]:
    deck = [format_card(c) for c in cards_of(FULL_PACK)]
    random.Random(seed).shuffle(deck)
    return {
        "id": 1,
        "op": "game",
        "ruleset": "modern",
        "options": {},
        "players": 3,
        "dealer": 0,
        "deck": deck,
        "actions": actions or [],
    }


def _state(request: dict[str, Json]) -> State:
    from frogspec.rules.cards import parse_card

    deck, actions = request["deck"], request["actions"]
    assert isinstance(deck, list) and isinstance(actions, list)
    state = new_deal("modern", 3, 0, [parse_card(c) for c in deck])
    for action in actions:
        state = apply(state, parse_action(action))
    return state


def _trumped_first_trick() -> tuple[dict[str, Json], list[int], list[str]]:
    """A Grand whose first trick is a plain suit led, trumped by one player, where another
    played the highest card of the suit led: the request, the trick's seats and cards."""
    for seed in range(400):
        actions = ["grand"]
        request = _game(seed, actions)
        state = _state(request)
        seats: list[int] = []
        cards: list[str] = []
        while state.phase is Phase.PLAY and len(cards) < 3:
            legal = [a for a in legal_actions(state) if a.kind is ActionKind.PLAY]
            trumps = [a for a in legal if suit_of(a.value) == state.trump]
            plain = [a for a in legal if a not in trumps]
            # Lead a plain suit, then trump where one may (the last to play), else follow.
            pick = (plain or legal)[0] if len(cards) < 2 else (trumps or legal)[0]
            assert state.to_act is not None
            seats.append(state.to_act)
            cards.append(str(pick).split(" ")[1])
            actions.append(str(pick))
            state = apply(state, pick)
        led = cards[0][-1]
        if led != "H" and cards[2][-1] == "H" and cards[1][-1] == led:
            return request, seats, cards
    raise AssertionError("no such first trick in 400 deals")


def test_the_lead_after_a_trump_that_takes_nothing_is_who_took_the_trick() -> None:
    request, seats, cards = _trumped_first_trick()
    from frogspec.rules.cards import card_strength, parse_card

    led = [c for c in cards if c[-1] == cards[0][-1]]
    best = max(led, key=lambda c: card_strength(parse_card(c)))
    engine = seats[cards.index(best)]
    moved = (SeatChanged("to_act", engine, seats[2]),)
    taken = trick_taken(request, moved)
    assert taken == Lead(
        "play.trick-winner", False, engine, seats[2], "", tuple(cards), best, cards[2]
    )
    assert "the highest card of the suit led" in instead_words(taken)
    assert when_words(Circumstances(occasion=taken)) == (
        "when a trump is played to a plain suit led"
    )
    # A leader whose card is not the highest of the suit led did not take it so: the
    # lead itself is what departs.
    (other,) = set(seats) - {engine, seats[2]}
    assert trick_taken(request, (SeatChanged("to_act", other, seats[2]),)) is None
    assert isinstance(who_leads(request, (SeatChanged("to_act", other, seats[2]),)), Lead)


def test_no_one_leads_where_the_engines_auction_goes_on() -> None:
    request = _game(1, ["grand"])
    eldest = _state(request).to_act
    assert eldest is not None
    moved = SeatChanged("to_act", 0, eldest)
    # The reference starts the play after a Grand; an engine asking the dealer to bid
    # departs in the auction, not in who leads the first trick.
    assert isinstance(who_leads(request, (moved,)), Lead)
    assert who_leads(request, (FieldChanged("phase", "auction", "play"), moved)) is None


def test_the_cards_a_frog_bidder_holds_came_from_the_widow_or_his_hand() -> None:
    request = _game(2, ["frog", "pass", "pass"])
    state = _state(request)
    assert state.phase is Phase.DISCARD and state.to_act is not None
    held = list(cards_of(state.hands[state.to_act]))
    origins = [card_origin(state, c) for c in held]
    assert origins.count("widow") == 3 and origins.count("hand") == len(held) - 3
    assert {c for c in held if card_origin(state, c) == "widow"} == set(cards_of(state.widow))


def _first_trick_played(seed: int) -> tuple[dict[str, Json], list[int], list[str]]:
    """A Grand whose first trick is played (the first legal card each time): the request,
    the trick's seats and cards."""
    actions = ["grand"]
    request = _game(seed, actions)
    state = _state(request)
    seats: list[int] = []
    cards: list[str] = []
    while len(cards) < 3:
        pick = next(a for a in legal_actions(state) if a.kind is ActionKind.PLAY)
        assert state.to_act is not None
        seats.append(state.to_act)
        cards.append(str(pick).split(" ")[1])
        actions.append(str(pick))
        state = apply(state, pick)
    return request, seats, cards


def _divergence_at(request: dict[str, Json], engine: int, reference: int) -> Divergence:
    return Divergence.unplaced(
        Case(id="x", file="x", description="", rules=(), request=request, response={}),
        len(request["actions"]) if isinstance(request["actions"], list) else None,
        (),
        "",
        request=request,
        differences=(SeatChanged("to_act", engine, reference),),
    )


def test_the_engines_own_trick_winner_answer_says_who_took_the_trick() -> None:
    request, seats, cards = _first_trick_played(3)
    reference = _state(request).to_act
    assert reference is not None
    engine = next(s for s in seats if s != reference)

    def answering(winner: int) -> Callable[[dict[str, Json]], dict[str, Json]]:
        def ask(asked: dict[str, Json]) -> dict[str, Json]:
            assert asked["op"] == "trick_winner" and asked["cards"] == cards
            assert asked["trump"] == "H" and asked["ruleset"] == "modern"
            return {"result": winner}

        return ask

    at = _divergence_at(request, engine, reference)
    assert trick_taken(request, at.differences) is None  # no trump: no sign without the op
    # The engine's op gives the trick to the seat it lets lead: who takes it departs.
    said = with_trick_taken(at, answering(seats.index(engine)), None)
    taken = TrickTaken(tuple(cards), seats.index(engine), seats.index(reference))
    assert said.differences[-1] == taken
    lead = trick_taken(request, said.differences)
    assert lead is not None and lead.rule == "play.trick-winner" and lead.trick == tuple(cards)
    # Its op agrees with the reference: the lead itself departs, not who took the trick.
    kept = with_trick_taken(at, answering(seats.index(reference)), None)
    assert kept == at
    assert who_leads(request, kept.differences) == Lead(
        "play.winner-leads-next", False, engine, reference
    )


def _fixed_winner(index: int) -> Adjust:
    """Every trick taken by the card at ``index``."""

    def adjust(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing("play.trick-winner", lambda *_, **__: index)

    return adjust


def test_a_trick_the_engines_op_gives_its_leader_is_filed_under_that_ops_finding() -> None:
    request, seats, cards = _first_trick_played(3)
    reference = _state(request).to_act
    assert reference is not None
    engine = next(s for s in seats if s != reference)
    taken = TrickTaken(tuple(cards), seats.index(engine), seats.index(reference))
    lead = Deviation(
        rule="play.trick-winner",
        reading=None,
        reading_rulesets=(),
        cases=("a-game",),
        example={"request": request},
        differences=(SeatChanged("to_act", engine, reference), taken),
        stage="trick",
    )
    probe = Probe({"op": "trick_winner"}, {"result": 0}, {"result": 1}, ())

    def finding(departure: Adjust) -> StageFinding:
        otherwise = TrickTaken(("KC", "10C"), 0, 1)
        return StageFinding(
            "trick_winner", "cards.rank-order", otherwise, 9, 2, probe, departure=departure
        )

    # The op's model gives the engine's answer to the game's trick: one departure.
    (found,) = with_findings([lead], [finding(_fixed_winner(seats.index(engine)))])
    assert found.rule == "cards.rank-order" and found.cases == ("a-game",)
    # A model that gives that trick to the reference's winner is another departure.
    apart = with_findings([lead], [finding(_fixed_winner(seats.index(reference)))])
    assert sorted(str(d.rule) for d in apart) == ["cards.rank-order", "play.trick-winner"]


def _refusing_a_pass(actions: list[str], seed: int) -> SimpleNamespace:
    """A game's first divergence where the engine's auction refuses a pass: the step after
    ``actions``, whose legal list lacks "pass"."""
    from frogspec.conform.diagnosis import step_evaluates

    request = _game(seed, actions)
    # The rules the reference evaluates for the legal list there, as the diagnosis has them.
    evaluated = step_evaluates(request, actions, len(actions))
    return SimpleNamespace(
        request=request,
        game_step=len(actions),
        differences=(LegalChanged(("pass",), ()),),
        rules=tuple(sorted(evaluated)),
        actual={},
    )


def test_the_last_to_speak_refused_a_pass_departs_from_what_happens_when_all_pass() -> None:
    # Every other player has passed and no bid stands: the pass refused is the one that
    # would pass the deal out.
    stuck = [_refusing_a_pass(["pass", "pass"], seed) for seed in range(3)]
    localised = localise(stuck)
    assert localised is not None and localised.rule == "auction.all-pass"
    said = when_words(Circumstances(condition=localised.condition))
    assert said == "when every other player has passed and no bid stands"
    # A pass refused where another player may still bid is not that.
    early = [_refusing_a_pass(["pass"], seed) for seed in range(3)]
    other = localise(early)
    assert other is None or other.rule != "auction.all-pass"


def _asking(actions: list[str], seed: int, seat: int, *differences: object) -> SimpleNamespace:
    """A game's first divergence after ``actions`` where the engine asks ``seat`` to bid."""
    from frogspec.conform.diagnosis import step_evaluates

    request = _game(seed, actions)
    reference = _state(request).to_act
    return SimpleNamespace(
        request=request,
        game_step=len(actions),
        differences=(*differences, SeatChanged("to_act", seat, reference)),
        rules=tuple(sorted(step_evaluates(request, actions, len(actions)))),
        actual={},
    )


def test_a_player_asked_again_after_his_pass_and_a_later_bid_departs_from_the_pass_being_final() -> (
    None
):
    # Eldest (seat 1) passed, seat 2 bid Frog, the dealer passed: the reference lays away,
    # the engine asks eldest again.
    goes_on = FieldChanged("phase", "auction", "discard")
    games = [_asking(["pass", "frog", "pass"], seed, 1, goes_on) for seed in range(3)]
    localised = localise(games)
    assert localised is not None and localised.rule == "auction.pass-is-final"
    assert instead_words(localised) == (
        "a player who has passed (seat 1) is asked again after a later bid"
    )
    # Where it departs is what it does: no term of the steps beside it.
    assert localised.condition == Condition(())
    # No bid since his pass, or no pass of his: not that.
    assert asked_again(_asking(["pass", "pass"], 0, 1), None) is None
    assert asked_again(_asking(["frog"], 0, 1), None) is None


def test_a_passed_player_asked_again_after_the_bid_that_ends_the_auction_is_that_too() -> None:
    # Eldest (seat 1) and seat 2 passed, the dealer bid Frog: the reference lays away,
    # the engine asks eldest again. The game parts after the Frog (the step's own action):
    # it is the bid since his pass.
    goes_on = FieldChanged("phase", "auction", "discard")
    games = []
    for seed in range(3):
        after = _asking(["pass", "pass", "frog"], seed, 1, goes_on)
        after.game_step = 2  # after actions[2], the last of the request's
        games.append(after)
    assert asked_again(games[0], None) == 1
    localised = localise(games)
    assert localised is not None and localised.rule == "auction.pass-is-final"
    assert instead_words(localised) == (
        "a player who has passed (seat 1) is asked again after a later bid"
    )


def test_a_bidder_laying_away_where_the_widow_stays_untouched_departs_from_who_takes_it() -> None:
    # A Chico bid and passed to: the reference names the trump, the engine lays away.
    def laying_away(actions: list[str], seed: int, reference: str) -> SimpleNamespace:
        from frogspec.conform.diagnosis import step_evaluates

        request = _game(seed, actions)
        return SimpleNamespace(
            request=request,
            game_step=len(actions),
            differences=(FieldChanged("phase", "discard", reference),),
            rules=tuple(sorted(step_evaluates(request, actions, len(actions)))),
            actual={},
        )

    games = [laying_away(["chico", "pass", "pass"], seed, "trump") for seed in range(3)]
    localised = localise(games)
    assert localised is not None and localised.rule == "widow.untouched-in-chico-and-grand"
    assert instead_words(localised) == (
        "the bidder takes the widow and lays away (the reference: trump)"
    )
    # In a Frog the bidder lays away by the rules: a lay-away there is no such departure.
    frog = localise([laying_away(["frog", "pass", "pass"], 0, "play")])
    assert frog is None or frog.rule != "widow.untouched-in-chico-and-grand"


def test_an_auction_opened_by_the_dealer_departs_from_eldest_hand_bidding_first() -> None:
    # Seat 0 deals, eldest (seat 1) bids first by the reference; the engine asks the dealer.
    games = [_asking([], seed, 0) for seed in range(3)]
    localised = localise(games)
    assert localised is not None and localised.rule == "seats.eldest-hand"
    assert localised.first_bidder == "dealer"
    assert instead_words(localised) == "the dealer bids first instead of eldest hand"
    assert when_words(Circumstances(condition=localised.condition)).startswith(
        "at the first bid of the auction"
    )
    # The player on eldest's left asked first is said by his part at the table too.
    other = localise([_asking([], seed, 2) for seed in range(3)])
    assert other is not None and instead_words(other) == (
        "the player on eldest's left bids first instead of eldest hand"
    )


def test_an_auction_opened_by_the_last_hand_at_every_table_is_said_so_and_modelled() -> None:
    # The engine's auction opens with the player who speaks last in turn from eldest: at
    # three the dealer (seat 0), at four, where the dealer sits out, seat 3. One part at
    # the table for both: the last hand, not the dealer.
    from frogspec.conform.counterfactuals import reference_answer
    from frogspec.conform.diagnosis import step_evaluates
    from frogspec.conform.localise import first_bidder_model

    def opened_at_four(seed: int) -> SimpleNamespace:
        request = {**_game(seed), "players": 4}
        return SimpleNamespace(
            request=request,
            game_step=0,
            differences=(SeatChanged("to_act", 3, 1),),
            rules=tuple(sorted(step_evaluates(request, [], 0))),
            actual={},
        )

    games = [_asking([], seed, 0) for seed in range(2)] + [opened_at_four(s) for s in range(2)]
    localised = localise(games)
    assert localised is not None and localised.rule == "seats.eldest-hand"
    assert localised.first_bidder == "last hand"
    assert instead_words(localised) == (
        "the last hand (who speaks last in turn from eldest) bids first instead of eldest hand"
    )
    # As a model: the auction opens with the last hand at each table, eldest next.
    model = first_bidder_model(localised.first_bidder)
    assert model is not None
    for players, last in ((3, 0), (4, 3)):
        asked = {**_game(0), "players": players}
        assert reference_answer(asked, model)["result"]["to_act"] == last
        after = reference_answer({**asked, "actions": ["pass"]}, model)
        assert after["result"]["to_act"] == 1
    # The dealer's games alone (three at the table) still say the dealer.
    dealer = localise([_asking([], seed, 0) for seed in range(3)])
    assert dealer is not None and dealer.first_bidder == "dealer"


def test_another_player_asked_where_no_one_has_passed_is_not_a_pass_taken_back() -> None:
    # After eldest's Frog the engine asks the dealer, not seat 2: no one has passed, so
    # the pass being final is not what departs (even ranked first among the rules the
    # step evaluates), and the auction has opened already.
    games = []
    for seed in range(3):
        game = _asking(["frog"], seed, 0)
        final = "auction.pass-is-final"
        game.rules = (final, *(r for r in game.rules if r != final))
        games.append(game)
    localised = localise(games)
    assert localised is None or localised.rule != "auction.pass-is-final"
    assert localised is None or localised.first_bidder is None


def _not_asking(actions: list[str], seed: int, engine_phase: str) -> SimpleNamespace:
    """A game's first divergence after the last of ``actions``: the engine's auction has
    ended (its phase ``engine_phase``) where the reference asks the next player."""
    from frogspec.conform.diagnosis import step_evaluates

    request = _game(seed, actions)
    reference = _state(request).to_act
    step = len(actions) - 1
    return SimpleNamespace(
        request=request,
        game_step=step,
        differences=(
            FieldChanged("phase", engine_phase, "auction"),
            SeatChanged("to_act", 1, reference),
        ),
        rules=tuple(sorted(step_evaluates(request, actions, step))),
        actual={},
    )


def test_a_contract_a_player_may_not_bid_at_his_first_turn_departs_from_the_contracts() -> None:
    from frogspec.conform.localise import _not_biddable as not_biddable

    # Eldest passed; the engine's list for seat 2, at his first turn, lacks the Grand.
    lacking = [_asking(["pass"], seed, 2, LegalChanged(("grand",), ())) for seed in range(3)]
    localised = localise(lacking)
    assert localised is not None and localised.rule == "auction.contracts-frog-chico-grand"
    assert instead_words(localised) == "grand may not be bid"
    assert "when the player to bid is not eldest hand" in when_words(
        Circumstances(condition=localised.condition)
    )
    # Eldest's Chico stands where the reference asks seat 2, who may still bid a Grand:
    # the engine not asking him is the same departure, said at his turn.
    unasked = [_not_asking(["chico"], seed, "trump") for seed in range(3)]
    # The games the engine passed: eldest bids a Grand at once.
    passed = [SimpleNamespace(request=_game(seed, ["grand"])) for seed in range(3)]
    found = localise(unasked, passed)
    assert found is not None and found.rule == "auction.contracts-frog-chico-grand"
    assert found.not_biddable == ("grand",)
    assert "when the player to bid is not eldest hand" in when_words(
        Circumstances(condition=found.condition)
    )
    # A player who has bid already, refused a raise, is not that: another rule's.
    raise_refused = _asking(["frog", "chico"], 0, 1, LegalChanged(("grand",), ()))
    assert not_biddable(raise_refused, None) == ()


def _opening_lacking(seed: int, *lacks: str) -> SimpleNamespace:
    """A game's first divergence at eldest's opening bid: the engine's list lacks ``lacks``."""
    from frogspec.conform.diagnosis import step_evaluates

    request = _game(seed)
    return SimpleNamespace(
        request=request,
        game_step=0,
        differences=(LegalChanged(lacks, ()),),
        rules=tuple(sorted(step_evaluates(request, [], 0))),
        actual={},
    )


def _widened(actions: list[str], seed: int, added: str) -> SimpleNamespace:
    """A game's first divergence at the position after ``actions``: the engine's legal list
    is the reference's and ``added``."""
    from frogspec.conform.diagnosis import step_evaluates

    request = _game(seed, actions)
    evaluated = step_evaluates(request, actions, len(actions))
    return SimpleNamespace(
        request=request,
        game_step=len(actions),
        differences=(LegalChanged((), (added,)),),
        rules=tuple(sorted(evaluated)),
        actual={},
    )


def _narrowed(
    actions: list[str], seed: int, left_out: Callable[[State, str], bool]
) -> SimpleNamespace | None:
    """A game's first divergence at the position after ``actions``: the engine's legal list
    is the reference's less the actions ``left_out`` picks (``None`` where that leaves out
    none, or all)."""
    from frogspec.conform.diagnosis import step_evaluates

    request = _game(seed, actions)
    state = _state(request)
    listed = [str(a) for a in legal_actions(state)]
    lacks = tuple(a for a in listed if left_out(state, a))
    if not lacks or len(lacks) == len(listed):
        return None
    evaluated = step_evaluates(request, actions, len(actions))
    return SimpleNamespace(
        request=request,
        game_step=len(actions),
        differences=(LegalChanged(lacks, ()),),
        # The rules listing the legal actions first, as the diagnosis ranks them.
        rules=tuple(sorted(evaluated, key=lambda r: (not r.startswith("play."), r))),
        actual={},
    )


def test_only_the_lowest_contract_opened_and_a_higher_one_bid_over_it_is_the_order_of_bids() -> (
    None
):
    # The engine lets eldest open with a Frog alone, and (in the games it passed) a Chico
    # was bid over a Frog: which contracts may be bid follows the standing bid.
    openings = [_opening_lacking(seed, "chico", "grand") for seed in range(3)]
    over_frog = [SimpleNamespace(request=_game(seed, ["frog", "chico"])) for seed in range(3)]
    localised = localise(openings, over_frog)
    assert localised is not None and localised.rule == "auction.contract-order"
    assert localised.next_bid_only == ("frog", "chico", "grand")
    assert localised.not_biddable == ()
    assert when_words(Circumstances(condition=localised.condition)) == "when no bid stands"
    assert instead_words(localised) == (
        "a bid must be the next contract above the standing bid (frog, chico, grand): no jump"
    )
    # Never bid over a lower one where the engine agreed: the contracts themselves.
    frog_alone = [SimpleNamespace(request=_game(seed, ["frog", "pass"])) for seed in range(3)]
    alone = localise(openings, frog_alone)
    assert alone is not None and alone.rule == "auction.contracts-frog-chico-grand"
    assert alone.next_bid_only == () and alone.not_biddable == ("chico", "grand")
    # A Chico still offered at the opening is no bid kept to the next contract.
    grand_refused = [_opening_lacking(seed, "grand") for seed in range(3)]
    kept = localise(grand_refused, over_frog)
    assert kept is not None and kept.rule == "auction.contracts-frog-chico-grand"
    assert kept.next_bid_only == ()


def _opening_asked_on(seed: int, action: str, listed: list[str]) -> Divergence:
    """Eldest's opening bid narrowed to a Frog by the engine, as the diagnosis reads it on
    from the engine's answer once he has taken ``action`` (a pass, or the Frog), which
    lists ``listed`` for the next player (seat 2)."""
    request = _game(seed)
    at = Divergence.unplaced(
        Case(id="x", file="x", description="", rules=(), request=request, response={}),
        0,
        (),
        "",
        request=request,
        differences=(LegalChanged(("chico", "grand"), ()),),
        game_step=0,
    )

    def ask(asked: dict[str, Json]) -> dict[str, Json]:
        assert asked["actions"] == [action]
        return {"result": {"phase": "auction", "to_act": 2, "legal": listed}}

    read_on = with_opener_refused if action == "pass" else with_jump_refused_over
    return read_on(at, ask, None)


def _opening_refused(seed: int, offered_after: list[str]) -> Divergence:
    """The opening narrowed, the engine's list once eldest has passed ``offered_after``."""
    return _opening_asked_on(seed, "pass", offered_after)


def test_contracts_refused_to_the_opening_bid_alone_are_read_off_the_engine_after_a_pass() -> None:
    # The engine lets eldest open with a Frog alone; once he has passed, it lets the next
    # player bid a Grand, no bid standing still: the opener's contracts depart, not the
    # order of the bids (the vectors' games never show a player bidding after a pass).
    openings = [_opening_refused(seed, ["pass", "frog", "chico", "grand"]) for seed in range(3)]
    assert openings[0].differences[-1] == OpenerRefused(("chico", "grand"), ("chico", "grand"), 2)
    over_frog = [SimpleNamespace(request=_game(seed, ["frog", "chico"])) for seed in range(3)]
    localised = localise(openings, over_frog)
    assert localised is not None and localised.rule == "auction.contracts-frog-chico-grand"
    assert localised.next_bid_only == () and localised.not_biddable == ("chico", "grand")
    assert when_words(Circumstances(condition=localised.condition)) == (
        "at the first bid of the auction"
    )
    assert instead_words(localised) == (
        "the opening bid may not be chico or grand: once the opener has passed, the next "
        "player may bid chico or grand, no bid standing still"
    )
    # Its model refuses the opener those contracts, and no one else: a game that opens
    # with a Grand is refused where one with a pass and then a Grand is not.
    model = opener_model(localised.opener_refused)
    assert model is not None
    refused = reference_answer({**_game(0, ["grand"]), "id": 1}, model)
    assert refused["error"]["kind"] == "illegal" and refused["error"]["at"] == 0
    assert "result" in reference_answer({**_game(0, ["pass", "grand"]), "id": 1}, model)
    assert "result" in reference_answer({**_game(0, ["frog"]), "id": 1}, model)
    # Where the next player too is refused them, no difference is added: no jump anywhere.
    kept = _opening_refused(0, ["pass", "frog"])
    assert not any(isinstance(d, OpenerRefused) for d in kept.differences)
    no_jump = localise([_opening_refused(s, ["pass", "frog"]) for s in range(3)], over_frog)
    assert no_jump is not None and no_jump.rule == "auction.contract-order"


def _opening_kept_to_a_frog(seed: int, over_frog: list[str]) -> Divergence:
    """The opening narrowed, the engine's list once eldest has bid a Frog ``over_frog``."""
    return _opening_asked_on(seed, "frog", over_frog)


def test_a_jump_refused_over_the_openers_frog_too_is_said_where_the_engine_was_asked_on() -> None:
    # The opening alone shows jumps barred when no bid stands; asked one bid on, the
    # engine offers no Grand over the Frog either: the order of the bids departs there too.
    openings = [_opening_kept_to_a_frog(seed, ["pass", "chico"]) for seed in range(3)]
    assert openings[0].differences[-1] == JumpRefusedOver("frog", ("grand",))
    over_frog = [SimpleNamespace(request=_game(seed, ["frog", "chico"])) for seed in range(3)]
    localised = localise(openings, over_frog)
    assert localised is not None and localised.rule == "auction.contract-order"
    assert localised.next_bid_only == ("frog", "chico", "grand")
    assert when_words(Circumstances(condition=localised.condition)) == (
        "when no bid stands or when a Frog stands"
    )
    # Where the engine offers the Grand over the Frog, nothing is added: the opening alone.
    kept = [_opening_kept_to_a_frog(seed, ["pass", "chico", "grand"]) for seed in range(3)]
    assert not any(isinstance(d, JumpRefusedOver) for d in kept[0].differences)
    opening = localise(kept, over_frog)
    assert opening is not None
    assert when_words(Circumstances(condition=opening.condition)) == "when no bid stands"


def _bidding(actions: list[str], seed: int, lacks: tuple[str, ...], ruleset: str = "modern") -> Any:
    """A game's first divergence at the next bid after ``actions``: the engine's legal
    list lacks the bids ``lacks`` (the game in ``ruleset``)."""
    from frogspec.conform.diagnosis import step_evaluates

    request = {**_game(seed, actions), "ruleset": ruleset}
    return SimpleNamespace(
        request=request,
        game_step=len(actions),
        differences=(LegalChanged(lacks, ()),),
        rules=tuple(sorted(step_evaluates(request, actions, len(actions)))),
        actual={},
    )


def test_a_contract_refused_while_no_bid_stands_is_how_the_bidding_goes() -> None:
    # The engine lets no one open with a Grand, eldest or the next player after a pass,
    # while a Grand over a Frog is one it agreed to: the contracts are all there, when each
    # may be bid departs, which each ruleset says by its own rule of the bidding.
    games = [
        _bidding([], 0, ("grand",)),
        _bidding(["pass"], 1, ("grand",)),
        _bidding([], 2, ("grand",), "foster-1909"),
    ]
    passed = [SimpleNamespace(request=_game(seed, ["frog", "grand"])) for seed in range(2)]
    localised = localise(games, passed)
    assert localised is not None and localised.rule == "auction.one-round-frog-may-raise"
    assert localised.question == "auction_procedure" and localised.not_biddable == ("grand",)
    assert when_words(Circumstances(condition=localised.condition)) == "when no bid stands"
    assert instead_words(localised) == "grand may not be bid"
    said = Deviation(
        rule=localised.rule,
        reading=None,
        reading_rulesets=(),
        cases=("a",),
        example={},
        otherwise=localised,
        in_rulesets=("foster-1909", "gamerules", "modern"),
    )
    assert said.also == (
        ("auction.one-bid-each", ("gamerules",)),
        ("auction.overbid-to-raise", ("foster-1909",)),
    )
    # Where no Grand was bid over a standing bid, the contract itself may be barred.
    alone = localise(games, [SimpleNamespace(request=_game(0, ["frog", "chico"]))])
    assert alone is not None and alone.question is None
    assert alone.rule != "auction.one-round-frog-may-raise"


def _grand_refused_at_opening(seed: int, over_frog: list[str]) -> Divergence:
    """Eldest's opening bid lacking a Grand, as the diagnosis reads it on from the engine:
    once he has passed, the next player is refused it too; once he has bid a Frog, the
    engine lists ``over_frog`` for the next player."""
    from frogspec.conform.diagnosis import _with_offered_over_standing as read_on

    request = _game(seed)
    at = Divergence.unplaced(
        Case(id="x", file="x", description="", rules=(), request=request, response={}),
        0,
        (),
        "",
        request=request,
        differences=(LegalChanged(("grand",), ()),),
        game_step=0,
    )

    def ask(asked: dict[str, Json]) -> dict[str, Json]:
        assert asked["actions"] == ["frog"]
        return {"result": {"phase": "auction", "to_act": 2, "legal": over_frog}}

    return read_on(at, ask, None)


def test_a_grand_offered_over_the_openers_frog_is_read_off_the_engine_asked_on() -> None:
    # Where every game that shows a Grand over a standing bid parts from the reference
    # earlier (another departure of the engine), the engine is asked one bid on: it lets
    # the next player bid a Grand over eldest's Frog, so the Grand is refused while no bid
    # stands, not barred. No agreeing game shows it here.
    openings = [_grand_refused_at_opening(seed, ["pass", "chico", "grand"]) for seed in range(3)]
    assert openings[0].differences[-1] == OfferedOverStanding("frog", ("grand",))
    localised = localise(openings, [])
    assert localised is not None and localised.rule == "auction.one-round-frog-may-raise"
    assert localised.question == "auction_procedure"
    assert when_words(Circumstances(condition=localised.condition)) == "when no bid stands"
    # Where the engine refuses it over the Frog too, nothing is added: the contract itself.
    barred = [_grand_refused_at_opening(seed, ["pass", "chico"]) for seed in range(3)]
    assert not any(isinstance(d, OfferedOverStanding) for d in barred[0].differences)
    contracts = localise(barred, [])
    assert contracts is not None and contracts.question is None
    assert contracts.rule == "auction.contracts-frog-chico-grand"
    # A group the evidence charged to the contracts (no swap reproduces it) is named by
    # the rule of how the bidding goes where the replay finds that point, else kept.
    from frogspec.conform.deviations import _point_of_each_ruleset as point_of

    def named(divergences: list[Divergence]) -> str:
        case = Case(id="x", file="x", description="", rules=(), request={}, response={})
        members = [(case, d) for d in divergences]
        return point_of("auction.contracts-frog-chico-grand", members, [], None)

    assert named(openings) == "auction.one-round-frog-may-raise"
    assert named(barred) == "auction.contracts-frog-chico-grand"


def test_a_bid_kept_to_the_next_of_two_contracts_joins_a_contract_refused_with_no_bid() -> None:
    # Straight Solo has two contracts: a Grand refused while no bid stands is there a bid
    # kept to the next contract. Where the other rulesets show the Grand refused while no
    # bid stands, the two are one departure, said under the rule of the bidding.
    from frogspec.conform.deviations import _two_contracts_kept_in_order as joined

    no_bid = Condition((ConditionTerm("standing", (None,)),))

    def said(rule: str, rulesets: tuple[str, ...], cases: tuple[str, ...], **how: Any) -> Any:
        return Deviation(
            rule=rule,
            reading=None,
            reading_rulesets=(),
            cases=cases,
            example={},
            otherwise=Localised(rule, no_bid, (LegalChanged(("grand",), ()),), **how),
            in_rulesets=rulesets,
            condition=no_bid,
        )

    refused = said(
        "auction.one-round-frog-may-raise",
        ("foster-1909", "modern"),
        ("a", "b"),
        not_biddable=("grand",),
        question="auction_procedure",
    )
    straight = said(
        "auction.contract-order",
        ("official-1922-straight",),
        ("c",),
        next_bid_only=("chico", "grand"),
    )

    def none_hand_written(cases: Iterable[str]) -> int:
        return 0

    (one,) = joined([refused, straight], none_hand_written)
    assert one.rule == "auction.one-round-frog-may-raise" and one.cases == ("a", "b", "c")
    assert one.in_rulesets == ("foster-1909", "modern", "official-1922-straight")
    # Three contracts kept in order is a departure of its own: no jump over a Frog either.
    three = replace(
        straight,
        otherwise=replace(straight.otherwise, next_bid_only=("frog", "chico", "grand")),
        in_rulesets=("gamerules",),
    )
    assert joined([refused, three], none_hand_written) == [refused, three]


def test_a_bid_kept_to_the_next_contract_for_some_seats_is_the_order_of_bids() -> None:
    # Other players than eldest may bid only the next contract up, in rulesets with a
    # Frog and without one (Straight Solo), while eldest opened with a Grand and a Chico
    # was bid over a Frog where the engine agreed.
    games = [
        _bidding(["pass"], 0, ("chico", "grand")),
        _bidding(["frog"], 1, ("grand",)),
        _bidding(["pass"], 2, ("grand",), "official-1922-straight"),
    ]
    passed = [
        SimpleNamespace(request=_game(seed, actions))
        for seed, actions in enumerate((["grand"], ["frog", "chico"]))
    ]
    localised = localise(games, passed)
    assert localised is not None and localised.rule == "auction.contract-order"
    assert localised.next_bid_only == ("frog", "chico", "grand")
    assert when_words(Circumstances(condition=localised.condition)) == (
        "when the player to bid is not eldest hand"
    )
    assert instead_words(localised) == (
        "a bid must be the next contract above the standing bid (frog, chico, grand): no jump"
    )


def test_a_contract_that_does_not_outbid_the_one_it_ranks_next_above_is_the_order_of_bids() -> None:
    # Over a Frog the engine offers a Grand and no Chico, at any seat's first turn; a Grand
    # was bid over a Frog where it agreed.
    games = [_bidding(["frog"], 0, ("chico",)), _bidding(["pass", "frog"], 1, ("chico",))]
    over_frog = [SimpleNamespace(request=_game(seed, ["frog", "grand"])) for seed in range(2)]
    localised = localise(games, over_frog)
    assert localised is not None and localised.rule == "auction.contract-order"
    assert localised.ranked_equal == ("frog", ("chico",), ("grand",))
    assert localised.not_biddable == ()
    assert when_words(Circumstances(condition=localised.condition)) == "when a Frog stands"
    assert instead_words(localised) == (
        "a Chico does not outbid a Frog: over a Frog only a Grand may be bid"
    )
    # A Chico bid over a Frog where the engine agreed: not a rank shared with the Frog.
    chico_over_frog = [SimpleNamespace(request=_game(0, ["frog", "chico"]))]
    found = localise(games, chico_over_frog)
    assert found is not None and found.ranked_equal is None
    # Over a Frog a Grand left out and a Chico offered: a jump refused, no rank shared.
    jump = localise([_bidding(["frog"], seed, ("grand",)) for seed in range(2)], over_frog)
    assert jump is not None and jump.ranked_equal is None


def _lengths(state: State) -> dict[str, int]:
    assert state.to_act is not None
    held = [suit_of(c).letter for c in cards_of(state.hands[state.to_act])]
    return {suit: held.count(suit) for suit in "CDHS"}


def _diagnosed_without_first_trump_lead(seed: int, only: bool = False) -> Divergence | None:
    """The first divergence of a Grand's game from an engine that lists no trump at the
    first lead where the leader holds a trump and another card (``only``: lists the trumps
    alone), as the diagnosis finds it (the engine asked step by step)."""
    from frogspec.conform.counterfactuals import reference_answer
    from frogspec.conform.diagnosis import diagnose

    def engine(request: dict[str, Json]) -> Json:
        answer = reference_answer(request)
        result = answer.get("result") if isinstance(answer, dict) else None
        if not isinstance(result, dict) or result.get("phase") != "play":
            return answer
        legal = [str(a) for a in result["legal"]]
        trumps = [a for a in legal if a.endswith("H")]
        actions = request["actions"]
        assert isinstance(actions, list)
        if not any(str(a).startswith("play") for a in actions) and 0 < len(trumps) < len(legal):
            legal = trumps if only else [a for a in legal if a not in trumps]
        return {**answer, "result": {**result, "legal": legal}}

    request = _game(seed, ["grand"])
    case = Case(id=f"g{seed}", file="x", description="", rules=(), request=request, response={})
    case = replace(case, response={"result": reference_answer(request)["result"]})
    return diagnose(case, engine(request), lambda r: engine(r))


def test_a_first_lead_without_its_trumps_is_said_as_a_trump_that_may_not_be_led() -> None:
    # After a Grand (hearts trump) the engine's first lead lists no heart where the leader
    # holds hearts and other cards: the lead's rule, though the step before listed it.
    games = [d for seed in range(8) if (d := _diagnosed_without_first_trump_lead(seed))]
    assert len(games) >= 3
    localised = localise(games)
    assert localised is not None and localised.rule == "play.lead-any-card"
    assert instead_words(localised) == "a trump may not be led"
    assert when_words(Circumstances(condition=localised.condition)) == (
        "at the first trick, when he leads and holds a trump and a card of another suit"
    )
    # Every departing step is one the when describes.
    departing = []
    for game in games:
        assert game.request is not None and game.game_step is not None
        departing.append(step_features(game.request, game.request["actions"], game.game_step))
    assert localised.condition.contradicted_by(departing) == []


def test_a_first_lead_of_trumps_alone_is_said_as_a_trump_that_must_be_led() -> None:
    # After a Grand the engine's first lead lists only the hearts where the leader holds
    # hearts and other cards: the cards left out are all but the trumps, game by game.
    games = [d for seed in range(8) if (d := _diagnosed_without_first_trump_lead(seed, True))]
    lacking = [g.differences[0] for g in games]
    assert all(isinstance(d, LegalChanged) for d in lacking)
    assert len(games) >= 3 and len({d.lacks for d in lacking if isinstance(d, LegalChanged)}) > 1
    localised = localise(games)
    assert localised is not None and localised.rule == "play.lead-any-card"
    assert localised.left_out is not None and localised.left_out.in_hand == "not_trump"
    assert instead_words(localised) == "he must lead a trump"
    assert when_words(Circumstances(condition=localised.condition)) == (
        "at the first trick, when he leads and holds a trump"
    )


def test_a_trump_list_kept_to_the_same_suits_is_said_as_those_suits() -> None:
    # After a Chico the engine lists only clubs and spades, whatever the bidder holds:
    # the suits it keeps are the same on every game, those it leaves out are the others.
    actions = ["chico", "pass", "pass"]
    games = [
        g
        for seed in range(12)
        if (g := _narrowed(actions, seed, lambda state, action: action[-1] in "DH")) is not None
    ]
    assert len(games) >= 3
    localised = localise(games)
    assert localised is not None and localised.left_out is not None
    assert localised.left_out.suits == ("C", "S")
    assert instead_words(localised) == "the bidder may name only a black suit (C or S)"
    # Hearts added where the rules bar them: every suit, whatever he holds.
    hearts = [_widened(actions, seed, "trump H") for seed in range(12)]
    assert len(hearts) >= 3
    widened = localise(hearts)
    assert widened is not None and widened.left_out is not None
    assert widened.left_out.suits == ("C", "D", "H", "S")
    assert instead_words(widened) == "the bidder may name any suit"

    # Kept to a suit that changes with the hand (one listed, picked by the cards he
    # holds): no suits of its own.
    def first_held(state: State, action: str) -> bool:
        assert state.to_act is not None
        listed = [str(a) for a in legal_actions(state)]
        return action != listed[sum(cards_of(state.hands[state.to_act])) % len(listed)]

    arbitrary = [g for seed in range(12) if (g := _narrowed(actions, seed, first_held)) is not None]
    assert len({g.differences[0].lacks for g in arbitrary}) > 1
    found = localise(arbitrary)
    assert found is None or found.left_out is None or found.left_out.suits == ()


def test_a_trump_list_narrowed_to_suits_of_three_cards_is_said_as_that_many() -> None:
    # After a Chico the engine lists only the suits the bidder holds three cards of or
    # more (all those it may name where he holds none so long): not his longest alone.
    def short(state: State, action: str) -> bool:
        lengths = _lengths(state)
        listed = [str(a)[-1] for a in legal_actions(state)]
        return lengths[action[-1]] < 3 and any(lengths[s] >= 3 for s in listed)

    actions = ["chico", "pass", "pass"]
    games = [g for seed in range(16) if (g := _narrowed(actions, seed, short)) is not None]
    assert len(games) >= 3 and len({g.differences[0].lacks for g in games}) > 1
    localised = localise(games)
    assert localised is not None and localised.rule == "trump.chico-not-hearts"
    assert localised.left_out is not None and localised.left_out.in_hand == "fewer_than_3"
    assert instead_words(localised) == (
        "the bidder may name only a suit he holds at least 3 cards of, among those he may name"
    )


def test_a_trump_list_narrowed_to_the_longest_suits_is_said_as_the_longest_suits() -> None:
    # After a Chico the engine lists only the bidder's longest suits among those the
    # reference lists (hearts is not one in modern): whatever the suits are, game by game.
    def shorter(state: State, action: str) -> bool:
        lengths = _lengths(state)
        listed = [str(a)[-1] for a in legal_actions(state)]
        return lengths[action[-1]] < max(lengths[s] for s in listed)

    actions = ["chico", "pass", "pass"]
    games = [g for seed in range(12) if (g := _narrowed(actions, seed, shorter)) is not None]
    assert len({g.differences[0].lacks for g in games}) > 1
    localised = localise(games)
    assert localised is not None and localised.rule == "trump.chico-not-hearts"
    assert instead_words(localised) == (
        "the bidder may name only one of his longest suits among those he may name"
    )

    # Left out by no property of the hand (the first suit listed, whatever he holds):
    # said as the list's difference, not as a rule of the hand.
    def first(state: State, action: str) -> bool:
        return action == str(legal_actions(state)[0])

    arbitrary = [g for seed in range(12) if (g := _narrowed(actions, seed, first)) is not None]
    found = localise(arbitrary)
    assert found is None or found.left_out is None or not found.left_out.in_hand


def test_a_phase_entered_otherwise_is_grouped_by_the_phase_the_engine_enters() -> None:
    from frogspec.conform.deviations import _by_kind as by_kind

    # After a Chico's last pass the reference names trump: an engine that lays away and
    # one that asks a passer again depart otherwise, and are not one group.
    lays_away = SimpleNamespace(differences=(FieldChanged("phase", "discard", "trump"),))
    asks_again = SimpleNamespace(differences=(FieldChanged("phase", "auction", "trump"),))
    also_lays_away = SimpleNamespace(differences=(FieldChanged("phase", "discard", "play"),))
    # A lay-away where every player passed (the reference's deal is over) is another.
    played_on = SimpleNamespace(differences=(FieldChanged("phase", "discard", "over"),))
    entries: list[object] = [
        ("a", lays_away),
        ("b", asks_again),
        ("c", also_lays_away),
        ("d", played_on),
    ]
    groups = by_kind(entries)  # type: ignore[arg-type]
    assert sorted([str(case) for case, _ in group] for group in groups) == [
        ["a", "c"],
        ["b"],
        ["d"],
    ]


def _parting(
    actions: list[str], seed: int, *differences: Any, ruleset: str = "modern"
) -> SimpleNamespace:
    """A game of the reference parting after ``actions`` by the engine's ``differences``."""
    from frogspec.conform.diagnosis import step_evaluates

    request = {**_game(seed, actions), "ruleset": ruleset}
    return SimpleNamespace(
        request=request,
        game_step=len(actions) - 1,
        differences=differences,
        rules=tuple(sorted(step_evaluates(request, actions, len(actions) - 1))),
        actual={},
    )


def _widow_suits(request: dict[str, Json]) -> list[str]:
    """The suits of a modern deal's widow, in the order dealt."""
    from frogspec.rules.deal import WIDOW
    from frogspec.rulesets import get_ruleset

    deck = request["deck"]
    assert isinstance(deck, list)
    pattern = get_ruleset("modern").rules.deal_pattern()
    return [str(card)[-1] for card, to in zip(deck, pattern, strict=True) if to == WIDOW]


def test_a_chicos_trump_set_from_the_widow_departs_from_the_suits_the_bidder_names() -> None:
    # A Chico bid and passed to: the reference's bidder is to name the trump; the engine
    # has set it, the suit of the widow's first card he may name (hearts passed over).
    games = []
    for seed in range(12):
        widow = _widow_suits(_game(seed))
        trump = next((s for s in widow if s != "H"), None)
        if trump is None:
            continue
        games.append(
            _parting(
                ["chico", "pass", "pass"],
                seed,
                FieldChanged("phase", "play", "trump"),
                FieldChanged("trump", trump, None),
            )
        )
    firsts = [_widow_suits(g.request)[0] for g in games]
    assert "H" in firsts, "some widow opens with a heart, passed over"
    localised = localise(games)
    assert localised is not None and localised.rule == "trump.chico-not-hearts"
    assert localised.trump_from_widow == (0, True)
    assert instead_words(localised) == (
        "the trump is the suit of the widow's first card of a suit he may name (the others "
        "passed over): the bidder names none"
    )
    # Where the widow's first card is the trump on every game, that is all it says.
    plain = [g for g, first in zip(games, firsts, strict=True) if first != "H"]
    alone = localise(plain)
    assert alone is not None and alone.trump_from_widow == (0, False)
    # A trump that is no widow card's suit on some game is not said as the widow's.
    other = next(s for s in "CDS" if s not in _widow_suits(games[0].request))
    odd = SimpleNamespace(
        **{
            **vars(games[0]),
            "differences": (games[0].differences[0], FieldChanged("trump", other, None)),
        }
    )
    mixed = localise([odd, *games[1:]])
    assert mixed is not None and mixed.trump_from_widow is None


def test_a_grand_whose_bidder_names_the_trump_departs_from_the_trump_it_fixes() -> None:
    games = [
        _parting(
            ["grand"],
            seed,
            FieldChanged("phase", "trump", "play"),
            LegalChanged(lacks=("play AS",), adds=("trump C", "trump D", "trump H", "trump S")),
            FieldChanged("trump", None, "H"),
        )
        for seed in range(3)
    ]
    localised = localise(games)
    assert localised is not None and localised.rule == "trump.hearts-in-frog-and-grand"
    assert instead_words(localised) == (
        "in a Grand: the bidder names the trump suit (C, D, H or S)"
    )


def _frog_bid_without_trump(seed: int) -> Divergence:
    """A modern Frog bid by eldest (seat 1) and passed to, the engine giving no trump."""
    request = _game(seed, ["frog", "pass", "pass"])
    return Divergence.unplaced(
        Case(id="x", file="x", description="", rules=(), request=request, response={}),
        2,
        (),
        "",
        request=request,
        differences=(FieldChanged("trump", None, "H"),),
    )


def _bidder_cards(divergence: Divergence) -> list[str]:
    """The cards the bidder lays away from at the divergence (his hand and the widow)."""
    from frogspec.conform.diagnosis import game_state
    from frogspec.engine import legal_actions

    assert divergence.request is not None
    state = game_state(divergence.request, divergence.request["actions"])
    assert state is not None
    return [str(a).split(" ")[1] for a in legal_actions(state)]


def test_a_frogs_trump_asked_for_after_the_lay_away_is_read_off_the_engines_answer() -> None:
    at = _frog_bid_without_trump(3)
    asked: list[list[Json]] = []

    def answering(phase: str, legal: list[str]) -> Callable[[dict[str, Json]], dict[str, Json]]:
        def ask(request: dict[str, Json]) -> dict[str, Json]:
            actions = request["actions"]
            assert isinstance(actions, list)
            asked.append(actions)
            return {"result": {"phase": phase, "to_act": 1, "legal": legal, "trump": None}}

        return ask

    suits = ["trump C", "trump D", "trump H", "trump S"]
    said = with_trump_named_later(at, [], answering("trump", suits), None)
    assert said.differences[-1] == TrumpNamedAfterLayAway(("C", "D", "H", "S"), "H")
    # It is asked after the three discards the reference allows (no case's own given).
    discards = asked[-1][3:]
    assert len(discards) == 3 and all(str(a).startswith("discard ") for a in discards)
    # The case's own discards are the ones played.
    own = [str(a) for a in asked[-1][3:]][::-1]
    with_trump_named_later(at, [*own, "play AS"], answering("trump", suits), None)
    assert asked[-1][3:] == own
    # A Frog the engine plays on without a trump is not one whose trump is named: it is
    # played without trumps, read on there.
    played = with_trump_named_later(at, [], answering("play", ["play AS"]), None)
    (without,) = played.differences
    assert without == PlayedWithoutTrumps("trump", None, "H")
    assert isinstance(without, PlayedWithoutTrumps) and without.read_on == tuple(asked[-1])
    # A swap that names a trump there (the twin of hearts in a Frog and a Grand) is not
    # the engine's departure, though the game refused at its next step cannot tell.
    from frogspec.conform.deviations import _plays_as_read_on as plays_as_read_on

    rule = "trump.hearts-in-frog-and-grand"
    case = Case(id="x", file="x", description="", rules=(), request={}, response={})
    entry = (case, replace(played, explained_by=(rule,)))
    assert not plays_as_read_on(rule, None, [entry], None)
    assert plays_as_read_on(rule, None, [(case, replace(at, explained_by=(rule,)))], None)
    # Neither is a trump asked for among other actions.
    mixed = with_trump_named_later(at, [], answering("trump", ["trump S", "play AS"]), None)
    assert mixed.differences == at.differences
    # Where the engine lists fewer discards than the reference (it keeps some cards from
    # being laid away), the case's own that it does not list give way to ones it does.
    kept_from_lay_away = own[:1]
    listing = [f"discard {c}" for c in _bidder_cards(at) if f"discard {c}" not in own[:1]]
    lists_fewer = replace(at, actual={"result": {"phase": "discard", "legal": listing}})
    said = with_trump_named_later(lists_fewer, own, answering("trump", suits), None)
    assert said.differences[-1] == TrumpNamedAfterLayAway(("C", "D", "H", "S"), "H")
    laid = asked[-1][3:]
    assert len(laid) == 3 and not set(laid) & set(kept_from_lay_away)
    assert all(a in listing for a in laid) and set(own[1:]) <= set(laid)


def test_a_lay_away_beside_a_trump_named_later_is_judged_at_its_own_position() -> None:
    from frogspec.conform.diagnosis import LAY_AWAY_RULE, lay_away_apart
    from frogspec.conform.evidence import LegalChanged

    at = _frog_bid_without_trump(3)
    listed = [f"discard {c}" for c in _bidder_cards(at)]
    counters = tuple(a for a in listed if a.split(" ")[1][:-1] in ("A", "10"))
    assert counters  # the deal gives the bidder an Ace or a Ten
    kept = [a for a in listed if a not in counters]
    lay_away = LegalChanged(counters, ())
    named = TrumpNamedAfterLayAway(("C", "D", "H", "S"), "H")
    parting = replace(
        at,
        differences=(FieldChanged("trump", None, "H"), lay_away, named),
        expected={"result": {"phase": "discard", "legal": listed, "trump": "H"}},
        actual={"result": {"phase": "discard", "legal": kept, "trump": None}},
    )
    apart = lay_away_apart(parting)
    assert apart is not None
    # At the position after the auction, as a case departing there alone diverges: the
    # lay-away's difference alone, the engine's answer with the reference's trump.
    assert apart.step == 3 and apart.to_act == 1 and apart.action is None
    assert apart.differences == (lay_away,) and apart.rules == (LAY_AWAY_RULE,)
    assert apart.actual == {"result": {"phase": "discard", "legal": kept, "trump": "H"}}
    assert apart.engine_legal == kept and apart.reference_legal == listed
    # Without a trump named later, or with the same discards listed, nothing is apart;
    # nor where the engine lists discards the reference does not (other cards: a deal).
    assert lay_away_apart(replace(parting, differences=(lay_away,))) is None
    assert lay_away_apart(replace(parting, differences=(named,))) is None
    dealt_otherwise = LegalChanged(counters, ("discard 6H",))
    assert lay_away_apart(replace(parting, differences=(dealt_otherwise, named))) is None


def test_a_frog_whose_bidder_names_the_trump_departs_from_the_trump_it_fixes() -> None:
    games = [
        _parting(
            ["frog", "pass", "pass"],
            seed,
            FieldChanged("trump", None, "H"),
            TrumpNamedAfterLayAway(("C", "D", "H", "S"), "H"),
        )
        for seed in range(3)
    ]
    localised = localise(games)
    assert localised is not None and localised.rule == "trump.hearts-in-frog-and-grand"
    assert instead_words(localised) == (
        "in a Frog: the bidder names the trump suit (C, D, H or S) once he has laid away"
    )


def test_eldest_bidding_the_standing_contract_departs_from_the_order_of_the_contracts() -> None:
    # Seat 0 deals, eldest is seat 1. After his Frog and seat 2's Chico, the engine lets
    # him bid Chico too (modern); after Frog, Chico and the dealer's Grand, where the
    # reference's auction has ended, the engine asks him again, a Grand among his bids
    # (Foster).
    held = [
        _parting(["frog", "chico"], seed, LegalChanged(lacks=(), adds=("chico",)))
        for seed in range(3)
    ]
    grand = [
        _parting(
            ["frog", "chico", "grand"],
            seed,
            FieldChanged("phase", "auction", "play"),
            LegalChanged(lacks=("play AS",), adds=("pass", "grand")),
            ruleset="foster-1909",
        )
        for seed in range(3)
    ]
    for games in (held, grand, [*held, *grand]):
        localised = localise(games)
        assert localised is not None and localised.rule == "auction.contract-order"
        assert localised.holds == "eldest"
        assert instead_words(localised).startswith("eldest hand may hold: bidding the contract")
    # The player after eldest let bid eldest's Frog: a hold, not eldest's.
    second = localise(
        [_parting(["frog"], seed, LegalChanged(lacks=(), adds=("frog",))) for seed in range(3)]
    )
    assert second is not None and second.holds == ""
    assert instead_words(second).startswith("a player may hold")
    # Eldest passed; the Frog bidder, overbid by the dealer's Chico, let bid Chico too: he
    # speaks before the one whose bid stands, and is not eldest.
    ahead = localise(
        [
            _parting(["pass", "frog", "chico"], seed, LegalChanged(lacks=(), adds=("chico",)))
            for seed in range(3)
        ]
    )
    assert ahead is not None and ahead.holds == "ahead"
    assert instead_words(ahead).startswith(
        "a player ahead of the one whose bid stands (nearer eldest hand) may hold"
    )


def test_the_bidder_leading_first_is_set_apart_among_the_plays_begun() -> None:
    # Seat 2 bids a Grand over eldest's pass and leads it (the reference: eldest, seat 1).
    # Among every step of the games the engine answered alike (a Frog bid by seat 2, its
    # auction only), the Grand and eldest's turn to bid seem to set it apart; among the
    # steps that begin the play (eldest's own Grand), only that the bidder is not eldest.
    from frogspec.conform.localise import condition_at

    games = [_parting(["pass", "grand"], seed, SeatChanged("to_act", 2, 1)) for seed in range(3)]
    passed = [
        SimpleNamespace(request=_game(seed, actions), op="game")
        for seed in range(3, 6)
        for actions in (["grand"], ["pass", "frog", "pass"])
    ]
    every_step = condition_at(games, passed)
    assert "contract" in {term.feature for term in every_step.terms}
    found = condition_at(games, passed, first_lead=True)
    assert [(t.feature, t.values) for t in found.terms] == [("bidder_eldest", (False,))]
    assert when_words(Circumstances((), found)) == "when the bidder is not eldest hand"


def test_groups_held_by_eldest_and_by_a_player_ahead_are_one_departure() -> None:
    # One engine's equal bid shows in two groups of games: where the reference's auction
    # ends at a Grand, only eldest hand is left to hold it; elsewhere the Frog bidder, not
    # eldest, holds a Chico. Eldest hand is ahead of every other holder: one deviation,
    # with the cases of both, said for the wider part.
    from frogspec.conform.deviations import _one_per_departure

    def held(part: str, cases: tuple[str, ...]) -> Deviation:
        legal = LegalChanged(lacks=(), adds=("chico",))
        return Deviation(
            rule="auction.contract-order",
            reading=None,
            reading_rulesets=(),
            cases=cases,
            example={},
            otherwise=Localised("auction.contract-order", Condition(()), (legal,), holds=part),
            differences=(legal,),
            stage="game",
            in_rulesets=("modern",),
        )

    (joined,) = _one_per_departure(
        [held("eldest", ("a", "b")), held("ahead", ("c",))], lambda ids: 0
    )
    assert joined.cases == ("a", "b", "c")
    assert isinstance(joined.otherwise, Localised) and joined.otherwise.holds == "ahead"
    assert joined.instead.startswith("a player ahead of the one whose bid stands")
    # A player who may hold wherever he sits is another departure than eldest's.
    assert len(_one_per_departure([held("eldest", ("a",)), held("", ("c",))], lambda ids: 0)) == 2


def test_an_overbid_player_asked_in_his_turn_is_said_as_the_auction_going_round() -> None:
    # Modern: after eldest's Frog (seat 1) and seat 2's Chico the reference asks the Frog
    # bidder at once; the engine asks the dealer, next in turn. Gamerules: after Frog,
    # Chico and the dealer's pass the reference's auction has ended; the engine asks the
    # Frog bidder again, his turn come round.
    modern = [_parting(["frog", "chico"], seed, SeatChanged("to_act", 0, 1)) for seed in range(3)]
    gamerules = [
        _parting(
            ["frog", "chico", "pass"],
            seed,
            FieldChanged("phase", "auction", "trump"),
            SeatChanged("to_act", 1, 2),
            ruleset="gamerules",
        )
        for seed in range(3)
    ]
    said = (
        "a player who has been overbid may bid again when his turn comes round: the auction "
        "goes round until all but one have passed"
    )
    for games, rule in (
        (modern, "auction.one-round-frog-may-raise"),
        (gamerules, "auction.one-bid-each"),
    ):
        localised = localise(games, settled=rule)
        assert localised is not None and localised.rule == rule
        assert localised.overbid_in_turn and instead_words(localised) == said
    # The Chico bidder asked (the standing bid's own) is not the next in turn.
    other = [_parting(["frog", "chico"], seed, SeatChanged("to_act", 2, 1)) for seed in range(3)]
    found = localise(other, settled="auction.one-round-frog-may-raise")
    assert found is not None and not found.overbid_in_turn


def test_a_departure_each_ruleset_reads_its_own_way_is_named_by_most_rulesets() -> None:
    # A Chico's trump departs in every ruleset; the smallest games replayed are gamerules'
    # (a Chico in any suit), the others' rule is "any suit but hearts": the departure is
    # named by the reading of most of the group's rulesets, not of the most votes.
    rulesets = ["gamerules"] * 3 + ["modern", "foster-1909", "official-1922-solo"]
    group = [SimpleNamespace(request={"op": "game", "ruleset": r}) for r in rulesets]
    votes = Counter({"trump.chico-any-suit": 7, "trump.chico-not-hearts": 5})
    assert of_most_rulesets(votes, group) == "trump.chico-not-hearts"
    # Where the group is gamerules' alone, its own reading names it.
    only = [SimpleNamespace(request={"op": "game", "ruleset": "gamerules"})]
    assert of_most_rulesets(votes, only) == "trump.chico-any-suit"
    # A rule that is no rival reading of the one voted most is never taken for it.
    other = Counter({"trump.chico-any-suit": 7, "play.follow-suit": 5})
    assert of_most_rulesets(other, group) == "trump.chico-any-suit"


def _auction_swapped(rule: str, reading: str | None) -> Callable[[dict[str, Json]], Json]:
    """An engine: the reference with the rule's twin (``reading`` ``None``) or that rival
    reading in its place."""
    from frogspec.conform.counterfactuals import reference_answer, stand_in
    from frogspec.twins import get_twin

    function = get_twin(rule).function if reading is None else stand_in(reading)

    def ask(request: dict[str, Json]) -> Json:
        answer = reference_answer(request, lambda rs: rs.replacing(rule, function))
        return {"id": request.get("id"), **answer}

    return ask


def test_an_overbid_player_never_asked_again_is_one_bid_each_not_a_second_round() -> None:
    # Frog, then Chico over it: modern asks the Frog bidder at once. Both an engine with
    # one plain round and one with Foster's second round ask the next player instead; the
    # diagnosis asks each on with that player passing, and only the first leaves the
    # auction without asking the Frog bidder again.
    from frogspec.conform.diagnosis import diagnose

    from .test_diagnosis import answered_case

    rule = "auction.one-round-frog-may-raise"
    said: dict[str, Localised] = {}
    for name, reading in (("once", None), ("in turn", "auction.overbid-to-raise")):
        ask = _auction_swapped(rule, reading)
        divergences = []
        for seed in range(3):
            request = _game(seed, ["frog", "chico", "pass", "pass"])
            case = answered_case("g", request)
            found = diagnose(case, ask(request), ask)
            assert found is not None and found.game_step == 1
            divergences.append(found)
        seen = [d for d in divergences[0].differences if isinstance(d, OverbidNotAskedAgain)]
        assert seen == ([OverbidNotAskedAgain(1, 1)] if name == "once" else [])
        localised = localise(divergences, [])
        assert localised is not None and localised.rule == rule
        said[name] = localised
    assert said["once"].not_asked_again is not None and not said["once"].overbid_in_turn
    # Where it departs is the turn of the player overbid, which its words say: the bid
    # that overbid him and the other steps of these auctions add nothing to its ``when``.
    assert said["once"].condition.terms == ()
    assert instead_words(said["once"]).startswith(
        "each player in turn from eldest makes one bid or passes: a player who has been "
        "overbid is not asked again"
    )
    assert said["in turn"].not_asked_again is None and said["in turn"].overbid_in_turn
    assert instead_words(said["in turn"]).startswith(
        "a player who has been overbid may bid again when his turn comes round"
    )


def test_a_frogs_trump_beside_a_lay_away_narrowed_is_said_by_the_trump() -> None:
    # An engine that plays a Frog in diamonds and keeps a Frog bidder from laying away an
    # Ace or a Ten: at the lay-away both show, the trump and the legal list. The group
    # the replay names by the trump says the trump, not the ranks the list leaves out
    # (the lay-away's own departure).
    from frogspec.conform.counterfactuals import reference_answer
    from frogspec.conform.diagnosis import diagnose
    from frogspec.rules.cards import Suit, rank_of

    from .test_diagnosis import answered_case

    def diamonds(contract: Any) -> Any:
        return (
            Suit.DIAMONDS
            if contract.name == "FROG"
            else (None if contract.name == "CHICO" else Suit.HEARTS)
        )

    def keeps_aces_and_tens(hand: int) -> int:
        return sum(1 << c for c in cards_of(hand) if rank_of(c) not in ("A", "10")) or hand

    def adjust(ruleset: Ruleset) -> Ruleset:
        ruleset = ruleset.replacing("trump.hearts-in-frog-and-grand", diamonds)
        return ruleset.replacing("widow.frog-take-and-discard", keeps_aces_and_tens)

    def ask(request: dict[str, Json]) -> Json:
        return {"id": request.get("id"), **reference_answer(request, adjust)}

    divergences = []
    for seed in range(6):
        request = _game(seed, ["frog", "pass", "pass"])
        found = diagnose(answered_case("g", request), ask(request), ask)
        assert found is not None
        divergences.append(found)
    kinds = {type(d).__name__ for d in divergences[0].differences}
    assert {"LegalChanged", "FieldChanged"} <= kinds
    localised = localise(divergences, [])
    assert localised is not None and localised.rule == "trump.hearts-in-frog-and-grand"
    assert localised.left_out is None
    assert instead_words(localised) == 'trump is "D" instead of "H"'


def _fresh_players_no_grand_over_chico(request: dict[str, Json]) -> dict[str, Json]:
    """An engine in which a player who has not bid yet may not bid a Grand over a Chico
    (an overbid Frog may still raise to one), and which, as the protocol has it, does not
    ask a player who may only pass: it passes him over."""

    def adjust(ruleset: Ruleset) -> Ruleset:
        written = ruleset.rules.auction_procedure

        def procedure(order: Any, contracts: Any, history: Any) -> Any:
            turn = written(order, contracts, history)
            standing = next((b for _, b in reversed(history) if b is not None), None)
            spoke = turn is not None and any(s == turn.seat and b for s, b in history)
            if turn is None or standing is None or standing.code != "chico" or spoke:
                return turn
            return turn._replace(bids=tuple(c for c in turn.bids if c.code != "grand"))

        return ruleset.replacing(ruleset.rule_id("auction_procedure"), procedure)

    def answer(actions: list[Json]) -> dict[str, Json]:
        return reference_answer({**request, "id": 1, "actions": actions}, adjust)

    def passing_only(found: dict[str, Json]) -> bool:
        result = found.get("result")
        return isinstance(result, dict) and result.get("legal") == ["pass"]

    played: list[Json] = []
    given = request.get("actions")
    for action in given if isinstance(given, list) else []:
        while passing_only(answer(played)):
            played.append("pass")
        played.append(action)
    while passing_only(answer(played)):
        played.append("pass")
    return answer(played)


def test_a_grand_refused_over_a_chico_to_players_yet_to_bid_departs_from_the_order() -> None:
    # After eldest's Frog and the next player's Chico, the engine passes the dealer over
    # (he may not bid the Grand, all he might) and asks the overbid Frog, who may raise to
    # it: a list narrowed to the pass, read off the answer once the dealer has passed.
    from .test_diagnosis import answered_case

    found = []
    for seed in range(3):
        request = {**_game(seed, ["frog", "chico", "pass"]), "ruleset": "foster-1909"}
        case = answered_case(f"g{seed}", request)
        engine = _fresh_players_no_grand_over_chico
        divergence = diagnose(case, engine(request), engine)
        assert divergence is not None and divergence.step == 2
        assert divergence.differences[0] == LegalChanged(("grand",), ())
        assert TurnPassedOver(0, 1, ("grand",)) in divergence.differences
        # Once eldest has passed, the next player may bid a Grand, no bid standing.
        assert OfferedAfterPass(("frog", "chico", "grand")) in divergence.differences
        found.append(divergence)
    localised = localise(found)
    assert localised is not None and localised.rule == "auction.contract-order"
    assert when_words(Circumstances(condition=localised.condition)) == (
        "when a Chico stands, when the player to bid has not yet bid"
    )
    assert instead_words(localised) == "grand may not be bid"


def test_a_player_asked_later_is_not_passed_over() -> None:
    # An engine that asks the overbid Frog at once and the dealer after him (one round,
    # the Frog raising first) keeps the dealer's Grand: the order of the turns departs.
    from .test_diagnosis import answered_case

    one_round = "auction.one-round-frog-may-raise"

    def engine(request: dict[str, Json]) -> dict[str, Json]:
        def adjust(ruleset: Ruleset) -> Ruleset:
            procedure = get_rule(one_round).function
            return ruleset.replacing(ruleset.rule_id("auction_procedure"), procedure)

        return reference_answer({**request, "id": 1}, adjust)

    request = {**_game(0, ["frog", "chico", "pass"]), "ruleset": "foster-1909"}
    divergence = diagnose(answered_case("g", request), engine(request), engine)
    assert divergence is not None
    assert not any(isinstance(d, TurnPassedOver) for d in divergence.differences)


def test_a_bid_left_out_is_set_apart_by_the_steps_where_the_engine_took_that_bid() -> None:
    from frogspec.conform.conditions import condition_of
    from frogspec.conform.localise import STEP_NAMES, _offered

    narrowed = SimpleNamespace(differences=(LegalChanged(("frog",), ()),))

    def step(eldest: bool, last: bool, bid: str) -> dict[str, Json]:
        return {"phase": "auction", "eldest_to_bid": eldest, "last_to_speak": last, "bid": bid}

    departing = [step(False, False, "frog"), step(False, False, "frog")]
    # The dealer passing after two passes says nothing of whether he may bid a Frog there.
    agreeing = [step(True, False, "frog"), step(False, True, "pass"), step(True, False, "pass")]
    shown = _offered(agreeing, [narrowed])
    assert shown == [step(True, False, "frog")]
    condition = condition_of(departing, shown, STEP_NAMES)
    assert [t.feature for t in condition.terms] == ["eldest_to_bid"]
    # Read from every step, the dealer's pass seems to set the departing steps apart too.
    every = condition_of(departing, agreeing, STEP_NAMES)
    assert "last_to_speak" in [t.feature for t in every.terms]
    # No step shows the bid taken, or the group is no narrowed auction: every step is kept.
    assert _offered(agreeing[1:], [narrowed]) == agreeing[1:]
    widened = SimpleNamespace(differences=(LegalChanged((), ("frog",)),))
    assert _offered(agreeing, [widened]) == agreeing


def _frog_trumped_by(seed: int, place: int | None) -> Divergence:
    """A modern Frog bid by eldest and passed to, the engine's trump the suit of the
    widow's card at ``place`` (``None``: diamonds whatever the widow holds)."""
    from frogspec.conform.diagnosis import game_state, step_evaluates
    from frogspec.conform.localise import _widow_suits as widow_suits

    actions = ["frog", "pass", "pass"]
    request = _game(seed, actions)
    state = game_state(request, actions)
    suit = "D" if place is None else widow_suits(request, state)[place]
    at = len(actions) - 1  # the answer to the last pass, which ends the auction
    return replace(
        Divergence.unplaced(
            Case(id="x", file="x", description="", rules=(), request=request, response={}),
            at,
            tuple(sorted(step_evaluates(request, actions, at))),
            "",
            request=request,
            differences=(FieldChanged("trump", suit, "H"),),
        ),
        game_step=at,
    )


def test_a_frogs_trump_from_the_widow_is_said_by_the_widows_card() -> None:
    # The engine makes a Frog's trump the suit of the widow's first card, not hearts.
    games = [_frog_trumped_by(seed, 0) for seed in range(4)]
    localised = localise(games, [])
    assert localised is not None and localised.rule == "trump.hearts-in-frog-and-grand"
    assert localised.trump_from_widow == (0, False)
    assert instead_words(localised) == (
        "the trump is the suit of the widow's first card instead of hearts"
    )
    # Diamonds whatever the widow holds is no card of it; one game alone tells nothing.
    diamonds = localise([_frog_trumped_by(seed, None) for seed in range(4)], [])
    assert diamonds is not None and diamonds.trump_from_widow is None
    alone = localise(games[:1], [])
    assert alone is not None and alone.trump_from_widow is None
