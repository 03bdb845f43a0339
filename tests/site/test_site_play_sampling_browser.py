"""The sampling player and the hint on the Play page, in headless Chromium on the engine
running in Pyodide: how long a decision of each computer player takes there (written to
``artifacts/play-sampling.json``), and the hint button shows the hand-worth row or says why
not.

Needs Chromium and the Pyodide runtime in the built site, as the Play page's other browser
tests do (``tests/site/test_site_play_browser.py``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from frogspec.site.browser_runtime import RUNTIME_DIR

from .browser import Browser, missing
from .play_table import READY

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "artifacts" / "play-sampling.json"

#: Deals played at the page's entry point with each computer player, you passing in the
#: auction and playing your first legal card: the time of each of your actions, which
#: runs the computers' decisions up to your next turn, over the number of those decisions.
TIMED = """
(() => {
  const call = window.frogPlay.state.call;
  const out = {};
  for (const opponent of ["bot", "sampling"]) {
    let decisions = 0, total = 0, worst = 0;
    for (const seed of %s) {
      let view = JSON.parse(call("start", JSON.stringify({ruleset: "foster-1909", players: 3, seed: seed, opponent: opponent}))).view;
      while (view.phase !== "over") {
        const started = performance.now();
        view = JSON.parse(call("act", view.legal[0])).view;
        const took = performance.now() - started;
        const made = view.since_you.length;
        if (made) { decisions += made; total += took; worst = Math.max(worst, took / made); }
      }
    }
    out[opponent] = {decisions: decisions, total_ms: Math.round(total),
                     mean_ms: Math.round(total / decisions), worst_ms: Math.round(worst)};
  }
  return out;
})()
"""

#: The deal numbers timed.
SEEDS = [31, 32, 33, 34, 35, 36]


@pytest.fixture(scope="module")
def play_page(built_site: Path, served_site: str, chromium: Browser) -> Iterator[Browser]:
    """The browser on the Play page with its engine started."""
    if not (built_site / RUNTIME_DIR / "pyodide.asm.wasm").is_file():
        missing(
            "the built site has no Pyodide runtime: install npm (apt-get install npm) and run "
            "python3 dev.py build, which fetches it once"
        )
    chromium.fresh()
    try:
        chromium.navigate(served_site + "/play/")
        ready = chromium.evaluate(READY)
        assert ready["ready"], f"the Play page did not start: {ready['error']}"
        yield chromium
    finally:
        chromium.fresh()


def test_a_decision_of_each_computer_player_is_timed(play_page: Browser) -> None:
    figures: dict[str, Any] = play_page.evaluate(TIMED % json.dumps(SEEDS))
    assert figures["bot"]["decisions"] > 0 and figures["sampling"]["decisions"] > 0
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    FIGURES.write_text(json.dumps({"seeds": SEEDS, **figures}, indent=2) + "\n")
    print(json.dumps(figures))


def test_the_form_offers_both_computer_players(play_page: Browser) -> None:
    options = play_page.evaluate(
        "[...document.querySelectorAll('#frog-play select[name=opponent] option')].map(o => o.value)"
    )
    assert options == ["bot", "sampling"]
    # Dealt with the sampling player, the table says so.
    play_page.evaluate(
        "(() => { const f = document.querySelector('#frog-play .fp-setup');"
        " f.opponent.value = 'sampling'; f.querySelector('.fp-start').click(); })()"
    )
    assert play_page.evaluate("window.frogPlay.state.view.opponent") == "sampling"


def test_the_hint_button_shows_the_row_or_says_why_not(play_page: Browser) -> None:
    play_page.evaluate("document.querySelector('#frog-play .fp-start').click()")
    assert play_page.evaluate("!!document.querySelector('#frog-play .fp-hint-button')")
    play_page.evaluate("document.querySelector('#frog-play .fp-hint-button').click()")
    shown = play_page.evaluate(
        "(() => { const h = document.querySelector('#frog-play .fp-hint');"
        " return {rows: h.querySelectorAll('tbody tr').length, text: h.innerText}; })()"
    )
    answer = json.loads(play_page.evaluate("window.frogPlay.state.call('hint', '')"))
    print(shown["text"])
    if "hint" in answer:
        assert shown["rows"] == len(answer["hint"]["rows"]) > 0
        assert answer["hint"]["position"] in shown["text"]
    else:
        assert shown["text"] == "No hint: " + answer["refused"]["message"] + "."
