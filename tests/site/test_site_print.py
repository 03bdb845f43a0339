"""The learn pages in headless Chromium: the rules cards printed to PDF fit two sides, and
the how-to-play page reads on a desktop and on a phone.

Each ruleset's rules card (``learn/card-RULESET/``) is loaded from the built site and
printed with Chromium's own print engine (``Page.printToPDF``), on US Letter and on A4;
the PDF must have one or two pages. The PDFs go to ``artifacts/rules-cards/``. The browser
is the one the browser tests share (``browser.py``; one Chromium for the session).
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest

from frogspec.rulesets import RULESETS
from frogspec.site.learn import card_page_path

from .browser import Browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "rules-cards"
SCREENSHOTS = ROOT / "artifacts" / "learn"

#: Paper sizes in inches: (width, height).
PAPERS = {"letter": (8.5, 11.0), "a4": (8.27, 11.69)}

_PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Browser:
    """The session's Chromium, on a blank page."""
    chromium.fresh()
    return chromium


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF: its page objects (Chromium writes them uncompressed)."""
    return len(_PAGE_OBJECT.findall(pdf))


def test_pdf_pages_counts_page_objects_not_the_page_tree() -> None:
    pdf = b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page /Parent 1 0 R >>"
    assert pdf_pages(pdf) == 2


def _print(browser: Any, url: str, paper: tuple[float, float]) -> bytes:
    browser.navigate(url)
    width, height = paper
    params = {
        "paperWidth": width,
        "paperHeight": height,
        "printBackground": False,
        "preferCSSPageSize": False,
        "marginTop": 0,
        "marginBottom": 0,
        "marginLeft": 0,
        "marginRight": 0,
    }
    data = browser.send("Page.printToPDF", params, browser.session)["data"]
    return base64.b64decode(data)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_the_rules_card_prints_on_two_sides(
    browser: Any, served_site: str, ruleset_id: str, paper: str
) -> None:
    path = card_page_path(ruleset_id).removesuffix(".md") + "/"
    pdf = _print(browser, f"{served_site}/{path}", PAPERS[paper])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{ruleset_id}-{paper}.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF")
    assert 1 <= pdf_pages(pdf) <= 2, f"{ruleset_id} on {paper}: {pdf_pages(pdf)} pages"


# On paper (print media): each rule id's size against its step's, its colour against the
# text's, and the card's last paragraph.
_PRINTED_IDS = """
(() => {
  const ids = [...document.querySelectorAll('.fs-rulescard li > a.fs-ruleref')];
  const px = (node) => parseFloat(getComputedStyle(node).fontSize);
  const card = document.querySelector('.fs-rulescard');
  const paragraphs = card.querySelectorAll(':scope > p');
  return {
    count: ids.length,
    smallest: Math.min(...ids.map((a) => px(a) / px(a.parentElement))),
    smallest_px: Math.min(...ids.map(px)),
    coloured: ids.filter((a) => getComputedStyle(a).color !== getComputedStyle(a.parentElement).color).length,
    last: paragraphs[paragraphs.length - 1].innerText,
  };
})()
"""


@pytest.mark.parametrize("ruleset_id", ["foster-1909", "official-1922-solo"])
def test_the_printed_card_says_how_to_look_a_rule_up(
    browser: Any, served_site: str, ruleset_id: str
) -> None:
    path = card_page_path(ruleset_id).removesuffix(".md") + "/"
    # Print media from the load on (switched after it, the links' colour transitions).
    browser.send("Emulation.setEmulatedMedia", {"media": "print"}, browser.session)
    try:
        browser.navigate(f"{served_site}/{path}")
        printed = browser.evaluate(_PRINTED_IDS)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        browser.screenshot(SCREENSHOTS / f"card-{ruleset_id}-print.png", full_page=True)
    finally:
        browser.send("Emulation.setEmulatedMedia", {"media": ""}, browser.session)
    assert printed["count"] >= 30
    # 7.4 pt text: an id at 0.9 of it, about 6.7 pt (8.9 px), in the text's colour.
    assert printed["smallest"] >= 0.85 and printed["smallest_px"] >= 8.5, printed
    assert printed["coloured"] == 0, printed
    assert printed["last"].startswith("Looking a rule up.")
    assert "frogspec rule seats." in printed["last"]


def test_the_how_to_play_page_alone_does_not_fit(browser: Any, served_site: str) -> None:
    # The page count is a real measure: the full how-to-play page, with its boxes and
    # card table, runs longer than its card.
    pdf = _print(browser, f"{served_site}/learn/foster-1909/", PAPERS["letter"])
    assert pdf_pages(pdf) > 2


def _view(browser: Any, width: int, mobile: bool) -> None:
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": mobile},
        browser.session,
    )


@pytest.mark.parametrize(("device", "width"), [("desktop", 1280), ("phone", 390)])
def test_the_how_to_play_page_reads_on_a_desktop_and_a_phone(
    browser: Any, served_site: str, device: str, width: int
) -> None:
    _view(browser, width, device == "phone")
    try:
        browser.navigate(f"{served_site}/learn/foster-1909/")
        title = browser.evaluate("document.querySelector('h1').innerText")
        assert str(title).startswith("Play Frog by Foster's rules")
        counts = browser.evaluate(
            "[document.querySelectorAll('article .fs-card.fs-red').length,"
            " document.querySelectorAll('article .fs-card.fs-black').length,"
            " document.querySelectorAll('article ol > li').length,"
            " document.querySelectorAll('article ol > li > a.fs-ruleref').length]"
        )
        assert counts[0] == 18 and counts[1] == 18
        assert counts[2] >= 30 and counts[3] == counts[2]  # a rule for every step
        term = browser.evaluate(
            "(() => { const a = document.querySelector('article a.fs-term[href$=\"#widow\"]');"
            " return a && [a.getAttribute('href'), a.getAttribute('title') || a.dataset.mdTooltip"
            " || '']; })()"
        )
        assert term is not None and term[0].endswith("glossary/#widow")
        # The page fits the screen's width: wide tables scroll inside themselves.
        overflow = browser.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 1, f"{overflow}px wider than the {device} screen"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        browser.screenshot(SCREENSHOTS / f"learn-foster-1909-{device}.png", full_page=True)
        # The glossary entry the term links to exists.
        browser.navigate(f"{served_site}/glossary/#widow")
        assert browser.evaluate("!!document.getElementById('widow')")
    finally:
        _view(browser, 1280, False)
