"""The strategies draw whole packs and lines of play in a few draws, and still shrink to
the pack's order and to the first legal action at every step."""

from __future__ import annotations

from hypothesis import HealthCheck, find, given, settings

from frogspec.engine import legal_actions
from frogspec.rules.cards import CARDS
from frogspec.rulesets import get_ruleset
from frogspec.testing.strategies import Line, Table, decks, lines

_QUIET = settings(database=None, suppress_health_check=list(HealthCheck))


@_QUIET
@given(decks())
def test_a_deck_is_the_pack_once_each(deck: list[int]) -> None:
    assert sorted(deck) == list(CARDS)


def test_a_deck_shrinks_to_the_pack_in_order() -> None:
    assert find(decks(), lambda deck: True, settings=_QUIET) == list(CARDS)
    # A random pack leads with 35 about once in 36: enough examples that the search cannot
    # miss it (hypothesis's default 100 did, now and then), and then it must shrink there.
    searching = settings(_QUIET, max_examples=5000)
    assert find(decks(), lambda deck: deck[0] == 35, settings=searching)[0] == 35


def test_a_line_shrinks_to_the_first_legal_action_at_every_step() -> None:
    table = Table(get_ruleset("foster-1909"), 3, 0)
    line: Line = find(lines("over", table, bid=True), lambda line: True, settings=_QUIET)
    assert list(line.deck) == list(CARDS)
    for state, action in zip(line.states, line.actions, strict=False):
        assert action == legal_actions(state)[0] or state.phase.code == "auction"
    assert line.state.phase.code == "over" and len(line.actions) > 33


@_QUIET
@given(lines("over", Table(get_ruleset("modern"), 4, 1)))
def test_every_action_of_a_line_is_legal_where_it_is_taken(line: Line) -> None:
    for state, action in zip(line.states, line.actions, strict=False):
        assert action in legal_actions(state)
