"""Whole matches played by random legal and illegal actions, every invariant checked after
every step: a hypothesis rule-based state machine."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, event
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from frogspec import engine
from frogspec.engine import Action, Phase, State
from frogspec.rules.cards import Card
from frogspec.testing.invariants import checks
from frogspec.testing.strategies import ALL_ACTIONS, Line, MatchPlan, Table, decks, tables

from . import checks as c
from .profiles import profile

IDS = c.PER_STEP
#: Checked when a deal opens and when it ends (too slow for every step).
ON_ENDS = ("notation-position",)


class FrogMatch(RuleBasedStateMachine):
    """A table playing deal after deal; a new match starts when a 1922 game is lost."""

    def __init__(self) -> None:
        super().__init__()
        self.deals: list[tuple[tuple[Card, ...], tuple[Action, ...]]] = []
        self.game_over = False
        self.steps = 0
        self.illegal = 0

    # --- setting up ---

    def _open(self, table: Table, deck: Sequence[Card]) -> None:
        self.table = table
        self.dealer = table.dealer
        self.deals = []
        self.game_over = False
        self._deal(deck)

    def _deal(self, deck: Sequence[Card]) -> None:
        self.deck = tuple(deck)
        self.start = engine.new_deal(self.table.ruleset, self.table.players, self.dealer, deck)
        self.state: State = self.start
        self.states = [self.start]
        self.actions: list[Action] = []
        c.check_start(IDS, deck, self.start)
        c.check_last(ON_ENDS, self.start, self.start, [])

    def _plan(self, deals: list[tuple[tuple[Card, ...], tuple[Action, ...]]]) -> MatchPlan:
        rs = self.table.ruleset
        return MatchPlan(
            rs.id, rs.option_values, self.table.players, self.table.dealer, tuple(deals)
        )

    @initialize(table=tables(), deck=decks())
    def open_match(self, table: Table, deck: list[Card]) -> None:
        self._open(table, deck)

    # --- the rules ---

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """Take a legal action; once the deal is over, deal the next one (or, when the
        game is lost, open a new match)."""
        self.steps += 1
        if self.state.phase == Phase.OVER:
            self._after_deal(data)
            return
        legal = engine.legal_actions(self.state)
        assert legal, f"nothing legal in the {self.state.phase.code}"
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="legal choice")]
        before = self.state
        self.state = engine.apply(before, action)
        self.actions.append(action)
        self.states.append(self.state)
        c.check_step(IDS, self.start, before, action, self.state, self.actions)
        if self.state.phase == Phase.OVER:
            line = Line(self.deck, tuple(self.states), tuple(self.actions))
            c.check_end(IDS, line)
            c.check_last(ON_ENDS, self.start, self.state, self.actions)

    def _after_deal(self, data: st.DataObject) -> None:
        if self.game_over:
            self._open(data.draw(tables(), label="new table"), data.draw(decks(), label="deck"))
            return
        self.deals.append((self.deck, tuple(self.actions)))
        plan = self._plan(self.deals)
        for check in c.MATCH_CHECKS.values():
            check(plan)
        if c.expected_match(plan).loser is not None:
            self.game_over = True
            return
        self.dealer = (self.dealer + 1) % self.table.players
        self._deal(data.draw(decks(), label="deck"))

    @rule(data=st.data())
    def try_illegal_action(self, data: st.DataObject) -> None:
        """Try an action that is not legal: it must be refused, and change nothing."""
        self.steps += 1
        self.illegal += 1
        legal = set(engine.legal_actions(self.state))
        illegal = [a for a in ALL_ACTIONS if a not in legal]
        action = data.draw(st.sampled_from(illegal), label="illegal action")
        c.check_refusal(self.state, action, legal)

    def teardown(self) -> None:
        """Let hypothesis's statistics show how far the runs went."""
        state: State | None = getattr(self, "state", None)
        finished = len(self.deals) + (state is not None and state.phase == Phase.OVER)
        event("deals finished", finished)
        event("steps", self.steps // 50 * 50)
        event("illegal share", round(self.illegal / max(1, self.steps), 1))

    # --- after every step ---

    @invariant()
    def every_state(self) -> None:
        c.check_state(IDS, self.start, self.state, self.actions)


# The simplest run is already a whole match, hundreds of actions long: that is the point.
FrogMatch.TestCase.settings = profile(
    0.04,
    stateful_step_count=250,
    suppress_health_check=[
        HealthCheck.large_base_example,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
TestFrogMatch = checks(*IDS, *ON_ENDS, "illegal-refused", *c.MATCH_CHECKS)(FrogMatch.TestCase)
