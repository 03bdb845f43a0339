"""The "What is a hand worth?" pages in headless Chromium, on a desktop and on a phone.

On both: nothing makes the page scroll sideways (a table too wide scrolls within its own
frame), the chart labels both its axes, and its text is drawn at a readable size.
Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .browser import Browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

#: The smallest text the chart may draw, in CSS pixels.
READABLE_PX = 10.5

_MEASURE = """
(() => {
  const chart = document.querySelector('svg.frogspec-worth-chart');
  const scale = chart.getBoundingClientRect().width / chart.viewBox.baseVal.width;
  const sizes = [...chart.querySelectorAll('text')].map(
    t => parseFloat(getComputedStyle(t).fontSize) * scale);
  const tables = [...document.querySelectorAll('article table')].map(table => {
    const frame = table.closest('.md-typeset__scrollwrap') || table.parentElement;
    const style = getComputedStyle(frame);
    return {fits: table.scrollWidth <= frame.clientWidth + 1,
            scrolls: ['auto', 'scroll'].includes(style.overflowX)};
  });
  return {
    page: document.documentElement.scrollWidth, window: window.innerWidth,
    smallest: Math.min(...sizes), chart_width: chart.getBoundingClientRect().width,
    axes: [...chart.querySelectorAll('text.fs-axis')].map(t => t.textContent),
    tables: tables,
  };
})()
"""


@pytest.fixture(scope="module")
def browser(chromium: Browser) -> Browser:
    """The session's Chromium, on a blank page."""
    chromium.fresh()
    return chromium


@pytest.mark.parametrize(("width", "height", "phone"), [(1280, 800, False), (390, 844, True)])
def test_the_hand_worth_page_reads_on_a_desktop_and_a_phone(
    browser: Browser, served_site: str, width: int, height: int, phone: bool
) -> None:
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1, "mobile": phone},
        browser.session,
    )
    try:
        browser.navigate(served_site + "/worth/foster-1909/")
        seen: dict[str, Any] = browser.evaluate(_MEASURE)
        browser.evaluate("document.querySelector('svg.frogspec-worth-chart').scrollIntoView()")
        browser.screenshot(SCREENSHOTS / f"worth-chart-{width}x{height}.png")
        browser.evaluate("document.querySelectorAll('article table')[1].scrollIntoView()")
        browser.screenshot(SCREENSHOTS / f"worth-table-{width}x{height}.png")
    finally:
        browser.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
            browser.session,
        )
    assert seen["page"] <= seen["window"], seen
    assert all(t["fits"] or t["scrolls"] for t in seen["tables"]), seen["tables"]
    assert seen["axes"] == ["Trumps held", "bidder wins"], seen["axes"]
    assert seen["smallest"] >= READABLE_PX, seen
    if not phone:
        assert seen["chart_width"] >= 600, seen  # not a thumbnail on a desktop
