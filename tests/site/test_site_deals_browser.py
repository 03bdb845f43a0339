"""The step-through view of "Deals to read" in a real browser, at desktop and phone widths.

Headless Chromium (the session's, from ``browser.py``, over the DevTools pipe) loads
each deal's page from the built site served on 127.0.0.1 and steps through the deal with
the buttons and the arrow keys. At every step the hands it draws must be the hands of the
build's data, the cards it highlights the legal cards the engine listed, and the page no
wider than the window. Screenshots go to ``artifacts/screenshots/deals/``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from frogspec.site.annotated import DEALS

from .browser import Browser

pytestmark = pytest.mark.browser

_HERE = Path(__file__).resolve().parent
ROOT = _HERE.parents[1]
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "deals"

WIDTHS = {"desktop": (1280, 900, False), "phone": (390, 844, True)}

# Wait (at most 15 s) until the view has drawn its first step, or said it failed.
_READY = """
new Promise(resolve => {
  const started = Date.now();
  const poll = () => {
    const root = document.querySelector('.fs-stepper');
    const state = root && root.getAttribute('data-ready');
    if ((state && state !== 'loading') || Date.now() - started > 15000) resolve(state);
    else setTimeout(poll, 50);
  };
  poll();
})
"""

# What the view shows now: the step, each seat's cards, the highlighted cards, the trick.
_SHOWN = """
(() => {
  const root = document.querySelector('.fs-stepper');
  const cards = el => [...el.querySelectorAll('.fs-card')].map(c => c.getAttribute('data-card'));
  const seats = {};
  root.querySelectorAll('.fs-seat').forEach(box => {
    seats[box.getAttribute('data-seat')] = cards(box);
  });
  return {
    step: Number(root.getAttribute('data-step')),
    seats: seats,
    legal: [...root.querySelectorAll('.fs-seat .fs-card.fs-legal')].map(c => c.getAttribute('data-card')),
    dimmed: root.querySelectorAll('.fs-seat .fs-card.fs-dim').length,
    trick: cards(root.querySelector('.fs-step-table .fs-step-trick') || document.createElement('div')),
    choices: [...root.querySelectorAll('.fs-chip.fs-legal')].map(c => c.textContent),
    note: root.querySelector('.fs-step-note').innerText,
    ruleLinks: root.querySelectorAll('.fs-step-note a.fs-rule').length,
    payments: root.querySelectorAll('.fs-payments li').length,
    nextDisabled: root.querySelector('button[aria-label="Next step"]').disabled,
  };
})()
"""

_OVERFLOW = """
(() => {
  const wide = [...document.querySelectorAll('article *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
                 && !e.closest('pre, .md-typeset__scrollwrap, details:not([open])'))
    .map(e => e.tagName + '.' + e.className);
  return {
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    stepper: document.querySelector('.fs-stepper').scrollWidth
      - document.querySelector('.fs-stepper').clientWidth,
    wide: wide.slice(0, 5),
  };
})()
"""


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Browser:
    """The session's Chromium, on a blank page; this module's screenshots made afresh."""
    chromium.fresh()
    if SCREENSHOTS.exists():
        shutil.rmtree(SCREENSHOTS)
    SCREENSHOTS.mkdir(parents=True)
    return chromium


def _resize(browser: Any, width: int, height: int, mobile: bool) -> None:
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        browser.session,
    )


def _press(browser: Any, key: str, code: int) -> None:
    for kind in ("keyDown", "keyUp"):
        browser.send(
            "Input.dispatchKeyEvent",
            {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code},
            browser.session,
        )


def _click(browser: Any, label: str) -> None:
    browser.evaluate(
        f"document.querySelector('.fs-stepper button[aria-label=\"{label}\"]').click()"
    )


def _scroll_to_view(browser: Any) -> None:
    # The view's top just below the theme's fixed header.
    browser.evaluate(
        "window.scrollTo(0, document.querySelector('.fs-stepper').getBoundingClientRect().top"
        " + window.scrollY - document.querySelector('.md-header').offsetHeight - 8)"
    )


def _cards_of(step: dict[str, Any], kind: str) -> set[str]:
    return {a.split()[1] for a in step["legal"] if a.startswith(kind + " ")}


def _check(shown: dict[str, Any], data: dict[str, Any], index: int) -> None:
    step = data["steps"][index]
    assert shown["step"] == index
    if step["phase"] == "over":
        # Every hand is empty: the count and the payments take their place.
        assert not shown["seats"] and shown["payments"] == data["players"]
        assert not any(step["hands"])
        return
    for seat in data["order"]:
        assert shown["seats"][str(seat)] == step["hands"][seat], (index, seat)
    legal = _cards_of(step, step["phase"] if step["phase"] in ("play", "discard") else "none")
    assert set(shown["legal"]) == legal, index
    if legal:
        hand = step["hands"][step["to_act"]]
        assert shown["dimmed"] == len(hand) - len(legal)
    if step["phase"] in ("auction", "trump"):
        assert len(shown["choices"]) == len(step["legal"]) > 0
    assert shown["ruleLinks"] >= sum(1 for s in step["note"] if "rule" in s) > 0


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("slug", [spec.slug for spec in DEALS])
def test_step_through(browser: Any, served_site: str, slug: str, width: str) -> None:
    w, h, mobile = WIDTHS[width]
    _resize(browser, w, h, mobile)
    browser.navigate(f"{served_site}/deals/{slug}/")
    assert browser.evaluate(_READY) == "true"
    data = json.loads(
        browser.evaluate("fetch(document.querySelector('a.fs-deal-data').href).then(r => r.text())")
    )
    steps = data["steps"]
    _check(browser.evaluate(_SHOWN), data, 0)
    # Step with the keyboard and the buttons in turn, checking every step; the hands shrink.
    sizes = [33]
    for index in range(1, len(steps)):
        if index % 2:
            _press(browser, "ArrowRight", 39)
        else:
            _click(browser, "Next step")
        shown = browser.evaluate(_SHOWN)
        _check(shown, data, index)
        size = sum(len(cards) for cards in shown["seats"].values())
        if steps[index - 1]["phase"] == "play":
            assert size == sizes[-1] - 1, index  # the card played has left its hand
        sizes.append(size)
        if index == len(steps) // 2 + 1:
            # A position in the play, the legal cards of the player to act highlighted.
            _scroll_to_view(browser)
            browser.screenshot(SCREENSHOTS / f"{slug}-{width}-play.png")
    assert sizes[-1] == 0
    final = browser.evaluate(_SHOWN)
    assert final["nextDisabled"] and final["payments"] == data["players"]
    _scroll_to_view(browser)
    browser.screenshot(SCREENSHOTS / f"{slug}-{width}-end.png")
    # Back with the arrow key, then to the start with the first-step button.
    _press(browser, "ArrowLeft", 37)
    _check(browser.evaluate(_SHOWN), data, len(steps) - 2)
    _click(browser, "First step")
    _check(browser.evaluate(_SHOWN), data, 0)
    overflow = browser.evaluate(_OVERFLOW)
    assert overflow["page"] <= overflow["window"], overflow
    assert overflow["stepper"] <= 0 and not overflow["wide"], overflow
    if width == "phone":
        browser.screenshot(SCREENSHOTS / f"{slug}-phone-page.png", full_page=True)


def test_deal_pages_load_nothing_from_elsewhere(browser: Any, served_site: str) -> None:
    # Every deal page loaded here, whatever ran before (the session's browser has loaded
    # other tests' servers too, on other ports of 127.0.0.1: only this test's loads count).
    browser.fresh()  # an empty cache: every file is asked for again
    since = len(browser.events)
    for spec in DEALS:
        browser.navigate(f"{served_site}/deals/{spec.slug}/")
        assert browser.evaluate(_READY) == "true"
    browser.navigate(served_site + "/deals/")
    assert "Deals to read" in browser.evaluate("document.querySelector('h1').innerText")
    urls = [
        event["params"]["request"]["url"]
        for event in browser.events[since:]
        if event.get("method") == "Network.requestWillBeSent"
    ]
    assert any(url.endswith("/javascripts/deals.js") for url in urls)
    assert sum(url.endswith(".json") and "/deals/" in url for url in urls) >= len(DEALS)
    host = urlsplit(served_site).netloc
    outside = [
        url
        for url in urls
        if not url.startswith(("data:", "blob:", "about:")) and urlsplit(url).netloc != host
    ]
    assert not outside, "requests that left 127.0.0.1:\n" + "\n".join(outside)
