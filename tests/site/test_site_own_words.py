"""The 1922 rulesets' own names where a page about one shows rule statements and the
glossary's definitions: the deals to read and their replays, the ruleset pages, the
glossary's tooltips. The rule's own page keeps the statement as registered."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from frogspec.bots import Bot, play_deal, replay_link
from frogspec.prng import deal_deck
from frogspec.questions import Question
from frogspec.registry import all_rules, get_rule
from frogspec.rules.cards import parse_card
from frogspec.rulesets import RULESETS, Ruleset, get_ruleset
from frogspec.site import page_ruleset
from frogspec.site.annotated import (
    DEALS,
    deal_data,
    own_phrasing,
    own_statement,
    play_annotated_deal,
)
from frogspec.site.deal_pages import deal_page, page_path
from frogspec.site.glossary import TERMS, hover_text, link_terms, term
from frogspec.site.learn import card_page_path
from frogspec.site.pages import ruleset_page, topic_page
from frogspec.site.replay import replay_data

FOSTER_NAMES = re.compile(r"\b(Chico|Grand)\b")
OF_1922 = [rs for rs in RULESETS.values() if rs.names]


def test_the_1922_rulesets_are_the_ones_with_their_own_names() -> None:
    assert sorted(rs.id for rs in OF_1922) == [
        "official-1922-coeur-dalene",
        "official-1922-solo",
        "official-1922-straight",
    ]


@pytest.mark.parametrize("rs", OF_1922, ids=lambda rs: rs.id)
def test_every_statement_reads_in_the_1922_names(rs: Ruleset) -> None:
    for entry in all_rules():
        shown = own_statement(rs, entry.id)
        # Foster's names stay only in brackets, after the 1922 ones.
        assert not FOSTER_NAMES.search(re.sub(r" \((Chico|Grand)\)", "", shown)), shown
        if not FOSTER_NAMES.search(entry.statement):
            assert shown == entry.statement, entry.id


def test_the_renaming_keeps_the_meaning() -> None:
    solo = get_ruleset("official-1922-solo")
    assert own_statement(solo, "auction.one-round-frog-may-raise").endswith(
        "a player whose Frog is overbid by Simple Solo may at once raise to Heart Solo or "
        "else pass."
    )
    assert own_statement(solo, "settlement.rates-1-2-3") == (
        "Each point over or under 60 is worth one unit in a Frog, two in a Simple Solo "
        "(Chico) and three in a Heart Solo (Grand)."
    )
    # A text that names the 1922 contracts otherwise is not renamed a second time.
    assert own_phrasing(solo, "The 1922 rules call it Simple Solo; Foster, Chico.") == (
        "The 1922 rules call it Simple Solo; Foster, Chico."
    )
    # Foster's ruleset and the modern one keep the registered words.
    for other in ("foster-1909", "modern", "hoyle-1907"):
        for entry in all_rules():
            assert own_statement(get_ruleset(other), entry.id) == entry.statement


def test_a_1922_deal_lists_its_rules_in_the_1922_names() -> None:
    for spec in DEALS:
        rs = get_ruleset(spec.ruleset)
        deal = play_annotated_deal(spec)
        data = deal_data(deal)
        rules = data["rules"]
        assert isinstance(rules, dict)
        assert rules == {rule_id: own_statement(rs, rule_id) for rule_id in rules}
        page = deal_page(spec, deal)
        listed = page.split("## The rules in this deal", 1)[1]
        for rule_id, statement in rules.items():
            # The rule's id, its link and its data-rule mark are kept.
            assert f'){{ data-rule="{rule_id}" }}: {statement}' in listed.replace("\\", "")
        if rs.names:
            assert any(statement != get_rule(i).statement for i, statement in rules.items())
            assert not FOSTER_NAMES.search(re.sub(r" \((Chico|Grand)\)", "", listed))
        else:
            assert all(statement == get_rule(i).statement for i, statement in rules.items())


def test_a_replayed_1922_deal_has_the_1922_statements() -> None:
    deal = play_deal("official-1922-solo", 4, 1, [parse_card(c) for c in deal_deck(12350)], Bot(3))
    data = replay_data(replay_link(deal, 12350))
    rules = data["rules"]
    assert isinstance(rules, dict) and rules
    rs = get_ruleset("official-1922-solo")
    assert rules == {rule_id: own_statement(rs, rule_id) for rule_id in rules}
    assert not [s for s in rules.values() if FOSTER_NAMES.search(re.sub(r" \(\w+\)", "", s))]


def test_a_1922_ruleset_page_states_its_choices_in_its_names() -> None:
    rs = get_ruleset("official-1922-solo")
    page = ruleset_page(rs.id)
    choices = page.split("## Its choices", 1)[1].split("\n## ", 1)[0]
    shown = 0
    for key in Question:
        entry = rs.choice(key)
        if rs.moot_reason(entry.id) is None:
            assert own_statement(rs, entry.id) in choices.replace("\\", ""), entry.id
            shown += 1
    assert shown and "Heart Solo" in choices
    # The rule's own page keeps the registered statement, word for word.
    assert get_rule("trump.hearts-in-frog-and-grand").statement in topic_page("trump")
    assert own_statement(rs, "trump.hearts-in-frog-and-grand") not in topic_page("trump")


def test_the_glossary_tooltips_on_a_1922_page() -> None:
    solo = get_ruleset("official-1922-solo")
    assert "hearts in Frog and Heart Solo; in a Simple Solo" in hover_text(term("trump"), solo)
    assert hover_text(term("trump")) == term("trump").definition
    # The entries of the 1922 names are about the names: kept as they are.
    assert hover_text(term("Heart Solo"), solo) == "The 1922 name of Grand."
    html = link_terms("<p>The trump and the bid.</p>", "learn/official-1922-solo/", solo)
    titles = re.findall(r'title="([^"]*)"', html)
    assert len(titles) == 2 and "Heart Solo" in titles[0] and "Simple Solo" in titles[1]
    assert not any(FOSTER_NAMES.search(t) for t in titles)
    plain = link_terms("<p>The trump and the bid.</p>", "learn/modern/")
    assert "Grand" in plain


def test_the_pages_about_a_ruleset() -> None:
    for rs in RULESETS.values():
        for page in (f"rulesets/{rs.id}.md", f"learn/{rs.id}.md", card_page_path(rs.id)):
            found = page_ruleset(page)
            assert found is not None and found.id == rs.id, page
    for spec in DEALS:
        found = page_ruleset(page_path(spec))
        assert found is not None and found.id == spec.ruleset
    for page in ("rules/trump.md", "glossary.md", "deals/replay.md", "play.md", "index.md"):
        assert page_ruleset(page) is None


def _hover_titles(built_site: Path, page: str) -> list[str]:
    text = (built_site / page / "index.html").read_text(encoding="utf-8")
    return [html.unescape(t) for t in re.findall(r'class="fs-term"[^>]*title="([^"]*)"', text)]


def test_the_built_1922_pages_hover_in_the_1922_names(built_site: Path) -> None:
    for page in ("learn/card-official-1922-solo", "deals/solo-1922", "rulesets/official-1922-solo"):
        titles = _hover_titles(built_site, page)
        assert [t for t in titles if "Heart Solo" in t or "Simple Solo" in t], page
        # Foster's names only where the definition is about the names.
        assert not [
            t for t in titles if FOSTER_NAMES.search(t) and not re.search("Solo|1922", t)
        ], page
    # Elsewhere the glossary's own words.
    definitions = {hover_text(entry) for entry in TERMS}
    assert set(_hover_titles(built_site, "learn/card-foster-1909")) <= definitions
