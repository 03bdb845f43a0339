"""The built rulebook in a real browser: Debian's Chromium, headless, over the DevTools pipe.

The site is served on 127.0.0.1. The test checks that the home page, a rule page and the
ruleset matrix render, that a rule's permanent anchor resolves, that the search (Material's
lunr index, run by the page's own worker) finds a rule by a word of its quote, and that no
request leaves localhost. Screenshots go to ``artifacts/screenshots/``.

Chromium must be at ``/usr/bin/chromium`` (``apt-get install chromium``). Without it the
test fails under CI (``CI`` set) and is skipped, saying why, elsewhere. The DevTools client
and the one Chromium of the session are in ``tests/site/browser.py`` and ``conftest.py``.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .browser import SEARCH_RESULTS, Browser

pytestmark = pytest.mark.browser

# ------------------------------------------------------------------------- the tests

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

# A word of a quotation: Foster's "they are not obliged to head the trick".
SEARCH_WORD = "obliged"


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Browser:
    """The session's Chromium, on a blank page."""
    chromium.fresh()
    return chromium


@pytest.fixture(scope="module", autouse=True)
def _screenshots() -> None:
    # Made, not emptied: the other browser modules write theirs here too, in any order.
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)


def _text(browser: Browser) -> str:
    return str(browser.evaluate("document.querySelector('article').innerText"))


def test_home_page_renders(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/")
    assert str(browser.evaluate("document.querySelector('h1').innerText")).startswith(
        "Frog: the rulebook"
    )
    text = _text(browser)
    # The four doors, one per reader, and the history on a page of its own.
    for door in ("Learn to play", "Look up a rule", "Validate an engine", "Cite a rule"):
        assert door in text
    assert "Tapp (württembergischer Tarock)" not in text
    # The stylesheet is applied: the theme's header is coloured, not default black on white.
    header = browser.evaluate(
        "getComputedStyle(document.querySelector('.md-header')).backgroundColor"
    )
    assert header not in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")
    browser.screenshot(SCREENSHOTS / "home.png", full_page=True)
    browser.navigate(served_site + "/history/")
    text = _text(browser)
    assert "Tapp (württembergischer Tarock)" in text
    assert "Translation (ours)" in text


def test_rule_page_and_permanent_anchor(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/rules/play/#play.must-trump")
    found = browser.evaluate(
        "[!!document.getElementById('play.must-trump'), !!document.getElementById('play-must-trump')]"
    )
    assert found == [True, True]
    # The browser scrolled to the rule: its heading is near the top of the window.
    top = browser.evaluate("document.getElementById('play-must-trump').getBoundingClientRect().top")
    assert browser.evaluate("window.scrollY") > 500
    assert 0 <= top < 300
    text = _text(browser)
    assert "If a player cannot follow suit, he must trump" in text
    # Its vectors, each sent to the reference when the page was built.
    assert "legal.must-trump (legal-plays.json): agrees" in text
    browser.screenshot(SCREENSHOTS / "rule-play-must-trump.png")
    # Another rule on the same page: the browser moves to it.
    browser.navigate(served_site + "/rules/play/#play-no-duty-to-head")
    top = browser.evaluate(
        "document.getElementById('play-no-duty-to-head').getBoundingClientRect().top"
    )
    assert 0 <= top < 300


def test_ruleset_matrix_renders(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/rulesets/")
    columns = browser.evaluate("document.querySelectorAll('article table')[0].rows[0].cells.length")
    assert columns == 8  # the question, then seven rulesets
    text = _text(browser)
    assert "How are the cards dealt?" in text and "packets-3-3-4-4" in text
    browser.screenshot(SCREENSHOTS / "rulesets-matrix.png", full_page=True)


def test_cards_are_drawn_in_colour(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/deals/foster-frog/")
    counts = browser.evaluate(
        "[document.querySelectorAll('.fs-card.fs-red').length,"
        " document.querySelectorAll('.fs-card.fs-black').length]"
    )
    assert counts[0] >= 18 and counts[1] >= 18
    red = browser.evaluate("getComputedStyle(document.querySelector('.fs-card.fs-red')).color")
    assert red == "rgb(200, 16, 46)"
    browser.screenshot(SCREENSHOTS / "annotated-deal.png", full_page=True)


def test_search_finds_a_rule_by_a_word_of_its_quote(browser: Browser, served_site: str) -> None:
    before = len(browser.requested_urls())
    browser.navigate(served_site + f"/?q={SEARCH_WORD}")
    links = browser.evaluate(SEARCH_RESULTS)
    found = {(urlsplit(link).path, urlsplit(link).fragment) for link in links}
    assert ("/rules/play/", "play-no-duty-to-head") in found, links
    assert any(
        url.endswith("search/search_index.json") for url in browser.requested_urls()[before:]
    )
    browser.screenshot(SCREENSHOTS / "search.png")


def test_cite_page_builds_one_bibliography(browser: Browser, served_site: str) -> None:
    browser.navigate(served_site + "/cite/")
    # The page's script loads the citations (offline, beside the page), then joins the
    # ticked rules' entries: each source once.
    browser.evaluate(
        """new Promise((done) => {
          const tick = (id) => {
            const box = document.querySelector(`input[value="${id}"]`);
            box.checked = true;
            box.dispatchEvent(new Event("change"));
          };
          const ready = () => {
            if (document.querySelector(".fs-cite").dataset.citeReady === "yes") {
              const format = document.getElementById("fs-cite-format");
              format.value = "bibtex";
              format.dispatchEvent(new Event("change"));
              tick("play.must-trump");
              tick("play.follow-suit");
              done(true);
            } else {
              setTimeout(ready, 50);
            }
          };
          ready();
        })"""
    )
    text = str(browser.evaluate("document.getElementById('fs-cite-output').textContent"))
    assert text.startswith("@misc{frogspec-play-follow-suit,") or text.startswith(
        "@misc{frogspec-play-must-trump,"
    )
    assert text.count("@book{foster-1909,") == 1
    assert "@misc{frogspec-play-must-trump," in text and "@misc{frogspec-play-follow-suit," in text
    link = browser.evaluate("document.getElementById('fs-cite-download').download")
    assert link == "frogspec-citation.bib"
    browser.screenshot(SCREENSHOTS / "cite.png")


def test_no_request_leaves_localhost(browser: Browser, served_site: str) -> None:
    # Runs last: every page above has been loaded by now.
    urls = browser.requested_urls()
    assert len(urls) > 10
    outside = browser.requests_outside(served_site)
    assert not outside, "requests that left localhost:\n" + "\n".join(outside)
