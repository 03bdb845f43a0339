"""The rulebook's search finds a rule by the words of its statement or its sources, and by its id.

Each query is typed into Material's own search (its lunr index, run by the page's worker, in
headless Chromium): the first section it lists must be the rule's own section, on the rule's
page. Also, the search index weighs a rule's section above the code that implements it.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote_plus, urlsplit

import pytest

from frogspec.registry import get_rule
from frogspec.site.markup import page_of_rule

from .browser import SEARCH_RESULTS, Browser

pytestmark = pytest.mark.browser

#: Plain words a reader may type, and the rule they should find first: words of statements,
#: of the sources' quotations, and ids.
QUERIES = [
    ("must trump", "play.must-trump"),
    ("follow suit", "play.follow-suit"),
    ("overtrump", "play.no-duty-to-overtrump"),
    ("obliged to head the trick", "play.no-duty-to-head"),
    ("leads to the first trick", "play.eldest-leads-first"),
    ("eleven tricks", "play.eleven-tricks"),
    ("pack has thirty six cards", "cards.pack"),
    ("hearts are trumps", "trump.hearts-in-frog-and-grand"),
    ("widow counts for the bidder", "scoring.widow-counts-for-bidder"),
    ("deal passes to the left", "deal.rotation-left"),
    pytest.param(
        "Chico outbids Frog",
        "auction.contract-order",
        id="Chico outbids Frog",
        # Known miss: auction.contracts-frog-chico-grand comes first, its id's words
        # ("frog", "chico") counting as a title's; strict, so a fix shows as a failure here.
        marks=pytest.mark.xfail(strict=True, reason="an id's words in a title outweigh"),
    ),
    ("lowest chooses whether to deal", "deal.first-dealer-low-card-chooses"),
    ("turns the widow face up", "widow.frog-shown"),
    ("play.must-trump", "play.must-trump"),
    ("cards.rank-order", "cards.rank-order"),
    ("seats.players-3-to-7", "seats.players-3-to-7"),
]


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Browser:
    """The session's Chromium, on a blank page."""
    chromium.fresh()
    return chromium


def _first_section(browser: Browser, served_site: str, query: str) -> tuple[str, str]:
    browser.navigate(f"{served_site}/?q={quote_plus(query)}")
    links = browser.evaluate(SEARCH_RESULTS)
    sections = [urlsplit(link) for link in links if urlsplit(link).fragment]
    assert sections, f"{query!r} found nothing"
    return sections[0].path, sections[0].fragment


@pytest.mark.parametrize(("query", "rule_id"), QUERIES)
def test_a_rules_words_find_the_rule_first(
    browser: Browser, served_site: str, query: str, rule_id: str
) -> None:
    rule = get_rule(rule_id)
    page = "/" + page_of_rule(rule).removesuffix(".md") + "/"
    assert _first_section(browser, served_site, query) == (page, rule.anchor)


def test_the_index_weighs_a_rule_above_its_code(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    weights = {doc["location"]: doc.get("boost", 1.0) for doc in index["docs"]}
    assert weights["rules/play/#play-must-trump"] > 1.0
    assert weights["rules/play/#frogspec.rules.play.must_trump"] < 1.0
    assert index["config"]["pipeline"] == ["trimmer"]  # "must" is searchable
