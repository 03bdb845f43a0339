"""The Play page in a real browser: headless Chromium plays a whole deal of every ruleset
through the page's own buttons, on the engine running in Pyodide from the local server.

The page is loaded once for the module (one Pyodide start), and every ruleset is dealt
from its form. In each deal the test first clicks a card the rules forbid and checks that
the page refuses it with the rule the engine names, and that nothing changed; then it plays
the highlighted actions to the end of the deal and checks the count and the payments are
shown. No request may leave 127.0.0.1. The first load (time to the first playable table)
and a second load (from the browser's cache) are measured and written to
``artifacts/play-load.json``; screenshots go to ``artifacts/screenshots/``.

Needs Chromium (``apt-get install chromium``) and the Pyodide runtime in the built site
(``python3 dev.py build`` fetches it with npm). Without either the test fails under CI
(``CI`` set) and is skipped, saying why, elsewhere.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from frogspec.rules.auction import Contract
from frogspec.rulesets import RULESETS
from frogspec.site.browser_runtime import RUNTIME_DIR

from .browser import Browser, missing
from .play_table import READY, TABLE, click, deal

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
LOAD_FIGURES = ROOT / "artifacts" / "play-load.json"


#: The table each ruleset is played at in the test, the deal number, and what you bid when
#: you may (so that, between them, the deals take up the widow and name a trump).
TABLES = {
    ruleset: (4 if ruleset == "foster-1909" else 3, 40 + n, ("frog", "chico", "grand")[n % 3])
    for n, ruleset in enumerate(RULESETS)
}

#: Foster's names for the contracts, except in brackets after the ruleset's own ("a Simple
#: Solo (Chico)"): what a table of the 1922 rules must not say.
FOSTER_NAMES = re.compile(r"(?<!\()\b(Chico|Grand)\b")


@pytest.fixture(scope="module")
def play_page(
    built_site: Path, served_site: str, chromium: Browser
) -> Iterator[tuple[Browser, dict[str, Any]]]:
    """The browser with the Play page loaded and its engine started, and the first load's figures."""
    if not (built_site / RUNTIME_DIR / "pyodide.asm.wasm").is_file():
        missing(
            "the built site has no Pyodide runtime: install npm (apt-get install npm) and run "
            "python3 dev.py build, which fetches it once"
        )
    browser = chromium
    browser.fresh()  # an empty cache: the first load is a first load
    try:
        started = time.monotonic()
        browser.navigate(served_site + "/play/")
        ready = browser.evaluate(READY)
        wall = time.monotonic() - started
        assert ready["ready"], f"the Play page did not start: {ready['error']}"
        figures = {
            "first_load_ms": ready["ms"],
            "first_load_wall_s": round(wall, 1),
            "first_load_marks_ms": ready["timings"],
        }
        yield browser, figures
    finally:
        browser.fresh()


def test_the_first_load_is_measured(play_page: tuple[Any, dict[str, Any]]) -> None:
    _, figures = play_page
    assert figures["first_load_ms"] > 0
    LOAD_FIGURES.parent.mkdir(parents=True, exist_ok=True)
    LOAD_FIGURES.write_text(json.dumps(figures, indent=2) + "\n")


@dataclass
class PlayedDeal:
    """What one deal through the page's buttons showed."""

    phases: set[str] = field(default_factory=set)
    said: list[str] = field(default_factory=list)
    refused_once: bool = False
    result: str | None = None
    notation: str = ""
    vector: dict[str, Any] = field(default_factory=dict)


def _on_the_play_page(browser: Any, served_site: str) -> None:
    # Whatever ran before (a test may have loaded another page): the Play page, started.
    if browser.evaluate("location.href") == served_site + "/play/" and browser.evaluate(
        "!!(window.frogPlay && window.frogPlay.ready)"
    ):
        return
    browser.navigate(served_site + "/play/")
    assert browser.evaluate(READY)["ready"]


def _play_whole_deal(browser: Any, served_site: str, ruleset: str) -> PlayedDeal:
    _on_the_play_page(browser, served_site)
    players, seed, bid = TABLES[ruleset]
    deal(browser, ruleset, players, seed)
    played = PlayedDeal()
    for _ in range(300):
        table = browser.evaluate(TABLE)
        played.said += table["words"]
        if table["phase"] == "over":
            break
        assert table["legal"], f"your turn with nothing highlighted: {table}"
        if table["phase"] == "play" and table["illegal_cards"] and not played.refused_once:
            card = table["illegal_cards"][0]
            click(browser, card)
            after = browser.evaluate(TABLE)
            assert after["refused"] in ("play.follow-suit", "play.must-trump"), after
            code = card.split()[1]  # the card refused, drawn as the page draws cards
            assert code[:-1] + "♣♦♥♠"["CDHS".index(code[-1])] in after["refusal_text"]
            played.said += after["words"]
            assert (after["hand"], after["steps"]) == (table["hand"], table["steps"]), (
                f"the page accepted {card}, which the rules forbid"
            )
            if ruleset == "foster-1909":
                browser.screenshot(SCREENSHOTS / "play-refused.png", full_page=True)
            played.refused_once = True
            continue
        played.phases.add(table["phase"])
        if table["phase"] == "trump" and "trump H" not in table["legal"]:
            click(browser, "trump H")  # hearts may not be named in a Chico here
            refused = browser.evaluate(TABLE)
            assert refused["refused"].startswith("trump."), ruleset
            played.said += refused["words"]
        if table["phase"] == "auction":
            click(browser, bid if bid in table["legal"] else table["legal"][0])
        else:
            click(browser, table["legal"][0])
    else:
        pytest.fail(f"the deal of {ruleset} did not end in 300 clicks")
    played.result = table["result"]
    browser.screenshot(SCREENSHOTS / f"play-{ruleset}-over.png", full_page=True)
    # The deal as a test case.
    browser.evaluate("document.querySelector('#frog-play .fp-record-button').click()")
    played.notation = browser.evaluate(
        "document.querySelector('#frog-play .fp-notation').innerText"
    )
    played.vector = json.loads(
        browser.evaluate("document.querySelector('#frog-play .fp-vector').textContent")
    )
    return played


@pytest.fixture(scope="module")
def played_deals(play_page: tuple[Any, dict[str, Any]], served_site: str) -> dict[str, PlayedDeal]:
    """Every deal of TABLES played through the page's buttons, once, whichever test asks
    first: so that no test depends on another having run."""
    browser, _ = play_page
    return {ruleset: _play_whole_deal(browser, served_site, ruleset) for ruleset in TABLES}


@pytest.mark.parametrize("ruleset", list(TABLES))
def test_a_whole_deal_through_the_pages_buttons(
    played_deals: dict[str, PlayedDeal], ruleset: str
) -> None:
    played = played_deals[ruleset]
    players, seed, _ = TABLES[ruleset]
    assert played.refused_once, f"deal {seed} of {ruleset} never offered a card to refuse"
    if RULESETS[ruleset].contract_name(Contract.GRAND) != "Grand":
        said = played.said
        assert said and not [words for words in said if FOSTER_NAMES.search(words)], ruleset
    assert played.result is not None and "The count and the payments" in played.result
    assert played.notation.startswith(f"{ruleset} {players}/")
    assert played.vector["cases"][0]["request"]["op"] == "game"


def test_the_deals_took_up_the_widow_and_named_a_trump(
    played_deals: dict[str, PlayedDeal],
) -> None:
    phases = set().union(*(played.phases for played in played_deals.values()))
    assert {"auction", "discard", "trump", "play"} <= phases, phases


def test_the_page_fits_a_phone(play_page: tuple[Any, dict[str, Any]], served_site: str) -> None:
    browser, _ = play_page
    _on_the_play_page(browser, served_site)
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
        browser.session,
    )
    try:
        deal(browser, "modern", 3, 7)
        width = browser.evaluate("document.querySelector('#frog-play').scrollWidth")
        assert width <= 390, f"the table is {width} px wide on a 390 px phone"
        browser.evaluate("document.getElementById('frog-play').scrollIntoView()")
        browser.screenshot(SCREENSHOTS / "play-phone.png")
    finally:
        browser.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
            browser.session,
        )


#: Where the table, what to do, your hand and the messages are, in the window's pixels.
_LAYOUT = """
(() => {
  const app = document.getElementById('frog-play');
  const box = (selector) => {
    const node = app.querySelector(selector);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return {
    header: header, height: window.innerHeight, width: window.innerWidth,
    trick: box('.fp-tricks'), hand: box('.fp-hand'), refusal: box('.fp-refusal'),
    hint: box('.fp-hint-table'), since: box('.fp-since'),
    page_width: document.documentElement.scrollWidth,
  };
})()
"""


def _to_the_play_with_a_refusal_and_the_hint(browser: Any) -> None:
    # Foster's rules, deal 45: you bid a Grand (or what you may), the others play, and at
    # your first turn to play with a card the rules forbid, you try it; then the hint.
    deal(browser, "foster-1909", 3, 45)
    for _ in range(60):
        table = browser.evaluate(TABLE)
        if (
            table["phase"] == "play"
            and table["illegal_cards"]
            and browser.evaluate(
                "document.querySelectorAll('#frog-play .fp-tricks .fp-played').length > 0"
            )
        ):
            break
        assert table["phase"] != "over", "the deal ended before a card could be refused"
        bid_grand = table["phase"] == "auction" and "grand" in table["legal"]
        click(browser, "grand" if bid_grand else table["legal"][0])
    else:
        pytest.fail("never reached a trick with a card to refuse")
    click(browser, table["illegal_cards"][0])
    browser.evaluate("document.querySelector('#frog-play .fp-hint-button').click()")
    # The table at the top of the window, under the site's header.
    browser.evaluate(
        "window.scrollTo(0, document.querySelector('#frog-play .fp-board').getBoundingClientRect()"
        ".top + window.scrollY - document.querySelector('.md-header').offsetHeight - 8)"
    )


@pytest.mark.parametrize(("width", "height", "phone"), [(1280, 800, False), (390, 844, True)])
def test_the_trick_the_hand_and_the_messages_are_in_view_together(
    play_page: tuple[Any, dict[str, Any]], served_site: str, width: int, height: int, phone: bool
) -> None:
    browser, _ = play_page
    _on_the_play_page(browser, served_site)
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 2 if phone else 1, "mobile": phone},
        browser.session,
    )
    try:
        _to_the_play_with_a_refusal_and_the_hint(browser)
        time.sleep(0.5)  # the others' steps fade in
        layout = browser.evaluate(_LAYOUT)
        browser.screenshot(SCREENSHOTS / f"play-table-{width}x{height}.png")
        for part in ("trick", "hand", "refusal", "hint"):
            assert layout[part] is not None, f"no {part} on the table: {layout}"
        top, bottom = layout["header"], layout["height"]
        # The trick and the whole hand in the window, and the refusal's first lines.
        assert top <= layout["trick"]["top"] and layout["trick"]["bottom"] <= bottom, layout
        assert layout["hand"]["bottom"] <= bottom, layout
        assert layout["refusal"]["top"] <= bottom - 60, layout
        if not phone:  # beside the table, the hint too
            assert layout["hint"]["top"] <= bottom - 40, layout
        assert layout["page_width"] <= width, layout
    finally:
        browser.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
            browser.session,
        )


def test_the_page_speaks_of_cards_and_counts_as_a_player_would(
    play_page: tuple[Any, dict[str, Any]], served_site: str
) -> None:
    browser, _ = play_page
    _on_the_play_page(browser, served_site)
    _to_the_play_with_a_refusal_and_the_hint(browser)
    text = browser.evaluate("document.getElementById('frog-play').innerText")
    # Cards as cards (a rank and a suit symbol), never the protocol's "play AC".
    assert not re.search(r"\b(play|discard) (10|[2-9AKQJ])[CDHS]\b", text), text
    assert re.search(r"\b(plays|play) (10|[2-9AKQJ])[♣♦♥♠]", text), text
    # "1 trick", never "1 tricks" or "1 cards".
    assert not re.search(r"\b1 (tricks|cards|points)\b", text), text
    # The hint is a table that names the suit its Chico row assumes.
    assumes = browser.evaluate("document.querySelector('#frog-play .fp-hint-assumes').innerText")
    assert re.match(
        r"The Chico row assumes you name [♣♦♥♠] (clubs|diamonds|hearts|spades)", assumes
    )
    headings = browser.evaluate(
        "[...document.querySelectorAll('#frog-play .fp-hint-table thead th')].map(th => th.innerText)"
    )
    assert headings[:2] == ["contract", "trumps"], headings
    # Its figures stand apart: every cell has room on both sides.
    gaps = browser.evaluate(
        "(() => { const cells = [...document.querySelector('#frog-play .fp-hint-table tbody tr').cells];"
        " return cells.slice(1).map((c, i) => c.getBoundingClientRect().left"
        " - cells[i].getBoundingClientRect().right); })()"
    )
    assert min(gaps) >= 0, gaps
    widths = browser.evaluate(
        "[...document.querySelector('#frog-play .fp-hint-table tbody tr').cells].map("
        "c => parseFloat(getComputedStyle(c).paddingRight))"
    )
    assert min(widths[:-1]) >= 8, widths


def test_the_result_says_who_pays_whom(
    play_page: tuple[Any, dict[str, Any]], served_site: str, played_deals: dict[str, PlayedDeal]
) -> None:
    for ruleset, played in played_deals.items():
        assert played.result is not None
        said = re.search(
            r"(Nothing is paid: no one pays anyone for this deal\.|.* pays? .*\.)", played.result
        )
        assert said, f"{ruleset}: the result does not say who pays whom: {played.result}"


def test_the_controls_wait_for_the_engine(served_site: str, chromium: Browser) -> None:
    # Before the engine answers, no drop-down or Deal button can be used.
    chromium.navigate(served_site + "/play/")
    before = chromium.evaluate(
        "(() => { const f = document.querySelector('#frog-play .fp-setup');"
        " return {shown: getComputedStyle(f).display !== 'none',"
        " disabled: f.querySelector('.fp-controls').disabled,"
        " ready: !!(window.frogPlay && window.frogPlay.ready)}; })()"
    )
    assert before["ready"] or (not before["shown"] and before["disabled"]), before
    assert chromium.evaluate(READY)["ready"]
    after = chromium.evaluate(
        "(() => { const f = document.querySelector('#frog-play .fp-setup');"
        " return [getComputedStyle(f).display !== 'none', f.querySelector('.fp-controls').disabled]; })()"
    )
    assert after == [True, False]


def test_a_second_load_uses_the_cache(
    play_page: tuple[Any, dict[str, Any]], served_site: str
) -> None:
    browser, figures = play_page
    since = len(browser.events)
    started = time.monotonic()
    browser.navigate(served_site + "/play/")
    ready = browser.evaluate(READY)
    assert ready["ready"], ready
    figures["second_load_ms"] = ready["ms"]
    figures["second_load_marks_ms"] = ready["timings"]
    figures["second_load_wall_s"] = round(time.monotonic() - started, 1)
    events = browser.events[since:]
    asked = [
        e["params"]["requestId"]
        for e in events
        if e.get("method") == "Network.requestWillBeSent"
        and e["params"]["request"]["url"].endswith("/pyodide/pyodide.asm.wasm")
    ]
    assert asked, "the second load asked for the runtime"
    # Bytes that came over the wire for it: a 304 or the cache, not the 10 MB again.
    transferred = [
        e["params"]["encodedDataLength"]
        for e in events
        if e.get("method") == "Network.loadingFinished" and e["params"]["requestId"] in asked
    ]
    figures["second_load_runtime_bytes"] = sum(transferred)
    assert transferred and sum(transferred) < 100_000, (
        f"the runtime was downloaded again: {transferred} bytes"
    )
    LOAD_FIGURES.write_text(json.dumps(figures, indent=2) + "\n")


_RUN_EXAMPLE = """
new Promise(resolve => {
  const result = [...document.querySelectorAll('article .result')]
    .find(r => r.textContent.includes('Diamonds led: 7H'));
  const built = result.textContent.trim();
  result.nextElementSibling.click();
  const started = Date.now();
  const poll = () => {
    const panel = document.querySelector('.fp-example');
    if (panel && panel.dataset.done === WANTED) {
      resolve({built: built, output: panel.querySelector('.fp-example-output').textContent});
    } else if (Date.now() - started > 180000) resolve({built: built, output: 'timeout'});
    else setTimeout(poll, 100);
  };
  poll();
})
"""

_RUN_AGAIN = """
new Promise(resolve => {
  const panel = document.querySelector('.fp-example');
  panel.querySelector('textarea').value += '\\nprint(must_trump(hand, Suit.SPADES) > 0)';
  panel.querySelector('.fp-run').click();
  const poll = () => panel.dataset.done === '2'
    ? resolve(panel.querySelector('.fp-example-output').textContent) : setTimeout(poll, 100);
  poll();
})
"""


def test_an_example_runs_here_and_can_be_edited(
    play_page: tuple[Any, dict[str, Any]], served_site: str
) -> None:
    browser, _ = play_page
    browser.navigate(served_site + "/play/")
    ran = browser.evaluate(_RUN_EXAMPLE.replace("WANTED", "'1'"))
    assert ran["output"].strip() == ran["built"], ran
    edited = browser.evaluate(_RUN_AGAIN)
    assert edited.strip().endswith("True"), edited
    browser.evaluate("document.querySelector('.fp-example').scrollIntoView()")
    browser.screenshot(SCREENSHOTS / "example-run-here.png")


def test_without_the_runtime_the_page_says_what_to_install(
    play_page: tuple[Any, dict[str, Any]], built_site: Path, tmp_path: Path
) -> None:
    # The site as built where npm was missing: no runtime, and a manifest that says so.
    from frogspec.site.browser_runtime import ASSETS, play_manifest

    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns(RUNTIME_DIR))
    (site / ASSETS / "manifest.json").write_text(json.dumps(play_manifest(None)))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser, _ = play_page
    try:
        browser.navigate(f"http://127.0.0.1:{server.server_address[1]}/play/")
        ready = browser.evaluate(READY)
        status = browser.evaluate("document.querySelector('#frog-play .fp-status').innerText")
    finally:
        server.shutdown()
        server.server_close()
    assert ready["error"] == "no runtime"
    assert "apt-get install npm" in status and "python3 dev.py build" in status


def test_no_request_leaves_localhost(
    play_page: tuple[Any, dict[str, Any]], served_site: str
) -> None:
    browser, _ = play_page
    urls = browser.requested_urls()
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in urls)
    outside = browser.requests_outside(served_site)
    assert not outside, "requests that left localhost:\n" + "\n".join(outside)
