"""Scholarly fidelity: no reading, example or inference passes as a source's rule.

Each test keeps one of the fixes in place: a sourced rule's quotes state it, an inference
is an editorial ruling, an article's own words are cited as the article's, and the site
says where each label's promise is set out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from frogspec.engine import settle
from frogspec.questions import Question
from frogspec.registry import Rule, all_rules, get_rule, rule
from frogspec.rules import settlement
from frogspec.rules.auction import Contract
from frogspec.rulesets import RULESETS, get_ruleset
from frogspec.site.pages import METHOD_PAGE, match_consequences, rule_section, ruleset_page
from frogspec.sources import (
    ALL_SOURCES,
    FOSTER_1909,
    GAMERULES,
    PENNYCOOK_1982,
    POST_1950_EXAMPLES,
    SOURCE_PROBLEMS,
    WIKIPEDIA_FROG,
    cite,
    context,
    held_text,
)

ROOT = Path(__file__).resolve().parents[1]
RULES = list(all_rules())
SOURCED = [r for r in RULES if not r.editorial]

#: Words that mark an inference: a sourced rule's notes and reading must not need them.
INFERENCE_MARKERS = (
    "infer",
    "silen",
    "says nothing",
    "sets no limit",
    "no limit",
    "for granted",
    "presuppos",
    "evidently",
)


@pytest.mark.parametrize("entry", SOURCED, ids=lambda r: r.id)
def test_every_sourced_rule_has_a_quote_that_states_it(entry: Rule) -> None:
    stating = [c for c in entry.citations if c.quote is not None and not c.context]
    assert stating, f"{entry.id} carries the sourced badge but no quote states it"
    for citation in stating:
        assert citation.quote is not None
        assert citation.quote in held_text(citation.quoted_source)


@pytest.mark.parametrize("entry", SOURCED, ids=lambda r: r.id)
def test_a_sourced_rule_rests_on_no_inference(entry: Rule) -> None:
    words = " ".join((*entry.notes, entry.reading or "")).lower()
    for marker in INFERENCE_MARKERS:
        assert marker not in words, (
            f"{entry.id}: its notes speak of an inference ({marker!r}); a rule that rests on "
            "one is an editorial ruling"
        )


def test_the_registry_refuses_a_sourced_rule_whose_quotes_only_give_context() -> None:
    with pytest.raises(ValueError, match="needs a citation whose quote states it"):
        rule("play.test-only-context", "A test.", context(GAMERULES, None, "FROG"))
    with pytest.raises(ValueError, match="needs a citation whose quote states it"):
        rule("play.test-no-quote", "A test.", cite(GAMERULES, None))


@pytest.mark.parametrize(
    "rule_id",
    [
        "settlement.fixed-25-50-75",  # point 1: the amounts are the article's example
        "settlement.coeur-dalene-penalty-frog",  # point 1: Penalty Frog in Coeur d'Alene
        "match.coeur-dalene-bank-in-cents",  # point 1: the bank
        "trump.chico-any-suit",  # point 5: an argument from silence
        "match.counters-no-bank",  # point 6: one of Foster's two methods
        "deal.gamerules-packets",  # point 7: the repair of the web page's deal
        "auction.overbid-to-raise",  # point 9: the round and its end are inferred
    ],
)
def test_inferences_and_examples_are_editorial_rulings(rule_id: str) -> None:
    entry = get_rule(rule_id)
    assert entry.editorial
    assert entry.reasoning is not None and len(entry.reasoning) > 200


def test_the_coeur_dalene_ruling_separates_the_ratio_from_the_example() -> None:
    entry = get_rule("settlement.fixed-25-50-75")
    assert entry.reasoning is not None
    assert "ratio 1:2:3" in entry.reasoning and "e.g." in entry.reasoning
    assert "150 cents" in entry.reasoning
    (quoted,) = entry.citations
    assert quoted.context and quoted.quote is not None and "e.g. 25¢" in quoted.quote


def test_one_lost_heart_solo_ends_a_three_player_coeur_dalene_match() -> None:
    coeur = get_ruleset("official-1922-coeur-dalene")
    paid = settle(coeur, 3, 0, 1, Contract.GRAND, 59)
    assert -paid[1] > coeur.rules.bank() == 120
    page = ruleset_page(coeur.id)
    assert "## Losses that end the match at once" in page
    table = match_consequences(coeur)
    assert table is not None
    assert "| 3 | Heart Solo (`grand`) | **any loss**: even a point short, he owes 150 |" in table
    assert "150¢" in coeur.summary
    assert match_consequences(get_ruleset("foster-1909")) is None


def test_penalty_frog_in_coeur_dalene_is_its_own_ruling() -> None:
    coeur = get_ruleset("official-1922-coeur-dalene")
    (option,) = [opt for opt in coeur.options if opt.name == "penalty_frog"]
    assert option.choices[True] is settlement.coeur_dalene_penalty_frog
    solo = get_ruleset("official-1922-solo")
    (option,) = [opt for opt in solo.options if opt.name == "penalty_frog"]
    assert option.choices[True] is settlement.penalty_frog
    lost = settle(coeur.with_options({"penalty_frog": True}), 3, 0, 1, Contract.FROG, 50)
    assert lost == (75, -150, 75)


def test_the_post_1950_books_are_named_only_as_the_articles_examples() -> None:
    for entry in RULES:
        for citation in entry.citations:
            assert citation.source not in POST_1950_EXAMPLES, (
                f"{entry.id} credits {citation.source.short} with the article's words"
            )
    for rule_id in ("deal.packets-4-3-3-4", "widow.frog-hidden"):
        stating = [c for c in get_rule(rule_id).citations if c.examples]
        assert stating and all(c.source is WIKIPEDIA_FROG for c in stating)
        assert set(stating[0].examples) == set(POST_1950_EXAMPLES)
    for rs in RULESETS.values():
        for citation in rs.basis:
            assert citation.source not in POST_1950_EXAMPLES


def test_the_hoyle_ruleset_cites_the_articles_comparison_as_the_articles() -> None:
    hoyle = get_ruleset("hoyle-1907")
    for citation in hoyle.basis:
        assert citation.source is WIKIPEDIA_FROG and citation.reported_by is None
    assert any("Virtually identical" in (c.quote or "") for c in hoyle.basis)
    assert "not identical" in hoyle.summary and "Foster's text" in hoyle.summary


def test_fosters_61_and_60_are_a_recorded_problem_with_a_ruling() -> None:
    (problem,) = [p for p in SOURCE_PROBLEMS if p.key == "foster-sixty-one"]
    assert problem.source is FOSTER_1909
    assert any("above or below 61" in q for q in problem.quotes)
    assert any("over 60" in q for q in problem.quotes)
    assert "settlement.sixty-is-a-tie" in problem.rule_ids
    tie = get_rule("settlement.sixty-is-a-tie")
    assert tie.reading is not None and "above or below 61" in tie.reading
    assert not any("agrees" in note for note in tie.notes)


def test_the_auction_says_where_it_comes_from() -> None:
    for ruleset_id in (
        "modern",
        "official-1922-solo",
        "official-1922-straight",
        "official-1922-coeur-dalene",
    ):
        rs = get_ruleset(ruleset_id)
        assert rs.rule_id(Question.AUCTION_PROCEDURE) == "auction.one-round-frog-may-raise"
        borrowed = rs.borrowed_from(Question.AUCTION_PROCEDURE)
        assert borrowed is not None and "unknown" in borrowed
        assert "Borrowed:" in ruleset_page(ruleset_id)
    assert get_ruleset("foster-1909").borrowed_from(Question.AUCTION_PROCEDURE) is None
    reading = get_rule("auction.one-round-frog-may-raise")
    assert any(c.context and "based on" in (c.quote or "") for c in reading.citations)
    ruling = get_rule("auction.overbid-to-raise")
    assert ruling.reasoning is not None and "inference" in ruling.reasoning


def test_the_web_pages_deal_is_described_as_it_stands() -> None:
    entry = get_rule("deal.gamerules-packets")
    assert entry.reasoning is not None
    assert "retelling" not in entry.reasoning and "first three packets" not in entry.reasoning
    for repair in ("(a)", "(b)", "(c)"):
        assert repair in entry.reasoning
    (problem,) = [p for p in SOURCE_PROBLEMS if p.key == "gamerules-ten-cards"]
    assert "all three batches" in problem.problem


def test_bibliographic_details_say_what_we_hold() -> None:
    assert "third-party copy" in WIKIPEDIA_FROG.reached
    assert "1222580806" in held_text(WIKIPEDIA_FROG)
    assert "the year 1909 is the Wikipedia article's" in FOSTER_1909.reached
    assert "“Grenada” [sic]" in PENNYCOOK_1982.reached
    # The page's address and the day our copy came to the project, which is no date of the page's.
    assert GAMERULES.url == "https://gamerules.com/rules/frog/"
    assert "handed to the project on 2026-11-29" in GAMERULES.reached
    assert "carries no date of its own" in GAMERULES.reached
    assert "Grenada" in held_text(WIKIPEDIA_FROG)


def test_every_badge_links_to_what_it_promises() -> None:
    method = (ROOT / "docs" / METHOD_PAGE).read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{ #([a-z-]+) \}", method))
    for entry in RULES:
        section = rule_section(entry)
        badges = re.findall(r"\]\(\.\./method\.md#([a-z-]+)\)\{ \.fs-badge", section)
        expected = "editorial-ruling" if entry.editorial else "sourced-rule"
        assert expected in badges, entry.id
        assert (entry.reading is not None) == ("reading" in badges), entry.id
        assert set(badges) <= anchors, entry.id


def test_second_hand_page_numbers_are_said_beside_the_quote() -> None:
    assert FOSTER_1909.page_note is not None
    section = rule_section(get_rule("play.must-trump"))
    assert "pages as given by Wikipedia (rev. 1222580806); not checked against the print" in (
        section
    )
    reported = rule_section(get_rule("settlement.penalty-frog"))
    assert "the pages are theirs" in reported


def test_no_source_is_listed_with_an_invented_address() -> None:
    # An address is given only where what we hold names it, or where the record of how the
    # copy reached us does (the web page: its address is said with the copy).
    assert GAMERULES.url is not None and GAMERULES.url in GAMERULES.reached
    wikipedia_id = WIKIPEDIA_FROG.url.rsplit("oldid=", 1)[1] if WIKIPEDIA_FROG.url else ""
    assert f"oldid {wikipedia_id}" in held_text(WIKIPEDIA_FROG)
    assert FOSTER_1909.url is not None and FOSTER_1909.url.endswith("/53881")
    assert "eBook #53881" in FOSTER_1909.reached
    for source in ALL_SOURCES:
        if source.url is not None and source not in (WIKIPEDIA_FROG, FOSTER_1909, GAMERULES):
            assert source.url in held_text(source), source.key


def test_the_history_gives_both_sides_with_their_sources() -> None:
    history = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
    # Mexico: Foster's claim and the article's lead, and the article's doubt.
    for words in (
        "This is a very popular game in Mexico",
        "is or was popular in southern USA and Mexico (where it is known as rana)",
        "there is no direct evidence that frog or Rana was ever played in Mexico",
        # Skat or Tapp: Foster's own words, then the article's on Dummett's authority.
        "seems to be an elementary form of Skat",
        "Frog is an American derivative of the south German game of Tapp",
        # The payments: Meyers over 61, Foster over 60, and his own 61.
        "Die Pointzahl, die er darüber hat",
        "above or below 61",
        "gets over 60",
    ):
        assert words in history, words
    # Every quotation goes through quote_markdown, which the strict build runs and which
    # refuses words not in our copy; and the page does not settle the origin in its voice.
    assert "did not come from Skat" not in history
    assert history.count("quote_markdown(") >= 10
    assert "over 61" in history and "Our assessment" in history
