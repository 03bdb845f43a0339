"""The replay page in a real browser: a deal played on the Play page, replayed from its link.

Headless Chromium, a fresh profile, the built site on 127.0.0.1. First the replay page is
opened cold (nothing in the browser's cache) on the link of a deal the bots played in
Python, and the time until the step-through view is drawn is measured and written to
``artifacts/replay-load.json``. Then a deal is played on the Play page through its own
buttons; its "Replay this deal step by step" link is followed, and the view must show the
same deal: the same hands as dealt, a step per action, the same payments, and stepping that
works. A tampered link must be refused on the page with the rule the engine names, a
malformed one with the field that is wrong, and no request may leave 127.0.0.1.

Needs Chromium and the Pyodide runtime in the built site, as the Play page's test does:
without either it fails under CI (``CI`` set) and is skipped, saying why, elsewhere.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from frogspec.bots import Bot, play_deal, replay_link
from frogspec.errors import IllegalActionError
from frogspec.notation import parse_deal, parse_position
from frogspec.prng import deal_deck
from frogspec.rules.cards import parse_card
from frogspec.rulesets import get_ruleset
from frogspec.site.annotated import own_statement
from frogspec.site.browser_runtime import ASSETS, RUNTIME_DIR, play_manifest
from frogspec.site.replay import replay_data

from .browser import Browser, missing
from .play_table import READY, TABLE, click, deal

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
LOAD_FIGURES = ROOT / "artifacts" / "replay-load.json"


_SHOWN = """
new Promise(resolve => {
  const started = Date.now();
  const poll = () => {
    const r = window.frogReplay;
    if (r && r.done >= WANTED) resolve({ready: r.ready, error: r.error, ms: r.readyMs, steps: r.steps});
    else if (Date.now() - started > 180000) resolve({ready: false, error: 'timeout', ms: null});
    else setTimeout(poll, 100);
  };
  poll();
})
"""

_VIEW = """
(() => {
  const root = document.querySelector('#frog-replay .fr-stepper');
  const seats = {};
  root.querySelectorAll('.fs-seat').forEach(s => {
    seats[s.dataset.seat] = [...s.querySelectorAll('.fs-card')].map(c => c.dataset.card);
  });
  return {
    step: Number(root.dataset.step),
    position: root.querySelector('.fs-step-position').textContent,
    title: root.querySelector('.fs-step-title').textContent,
    note: root.querySelector('.fs-step-note').innerText,
    seats: seats,
    legal: root.querySelectorAll('[data-legal]').length,
    rule_links: [...root.querySelectorAll('a.fs-rule')].map(a => a.href),
    payments: [...root.querySelectorAll('.fs-payments li strong')].map(s => s.textContent),
    heading: document.querySelector('#frog-replay .fr-title').textContent,
  };
})()
"""

# The text of the view at every step, from the first.
_EVERY_STEP = """
(() => {
  const root = document.querySelector('#frog-replay .fr-stepper');
  const button = (label) => root.querySelector(`.fs-step-button[aria-label="${label}"]`);
  button('First step').click();
  const texts = [root.innerText];
  while (!button('Next step').disabled) { button('Next step').click(); texts.push(root.innerText); }
  return texts;
})()
"""

# The cards under SELECTOR as codes, from what each card shows (its rank and suit sign).
_CODES = """
[...document.querySelectorAll('SELECTOR')].map(c => {
  const sign = c.querySelector('.fs-suit').textContent;
  return c.textContent.slice(0, -sign.length).trim() + {'\u2663': 'C', '\u2666': 'D', '\u2665': 'H', '\u2660': 'S'}[sign];
})
"""

# "This deal as a test case" under ROOT: the button's look and the record's, as shown.
_OFFER = """
(() => {
  const root = document.querySelector('ROOT');
  const button = root.querySelector('.fp-offers .fp-record-button');
  const record = root.querySelector('.fp-record');
  return {
    button: [button.className, button.textContent],
    record: [...record.children].map(c => c.tagName + '.' + c.className),
    words: record.querySelector('p').innerText.replace(/download [^ ]+\\.json/, 'download'),
    download: record.querySelector('a[download]').getAttribute('download'),
    notation: record.querySelector('.fp-notation').innerText,
  };
})()
"""

_ERROR = """
(() => {
  const box = document.querySelector('#frog-replay .fr-error');
  return {hidden: box.hidden, rule: box.dataset.rule, text: box.innerText,
          deal_hidden: document.querySelector('#frog-replay .fr-deal').hidden};
})()
"""


@pytest.fixture(scope="module")
def browser(built_site: Path, chromium: Browser) -> Browser:
    """The session's Chromium, with an empty cache (a first load is a first load)."""
    if not (built_site / RUNTIME_DIR / "pyodide.asm.wasm").is_file():
        missing(
            "the built site has no Pyodide runtime: install npm (apt-get install npm) and run "
            "python3 dev.py build, which fetches it once"
        )
    chromium.fresh()
    return chromium


def _shown(browser: Any, count: int = 1) -> dict[str, Any]:
    # Wait until the page has dealt with its count-th link, well or not.
    result: dict[str, Any] = browser.evaluate(_SHOWN.replace("WANTED", str(count)))
    return result


def _press(browser: Any, label: str) -> dict[str, Any]:
    browser.evaluate(
        f"document.querySelector('#frog-replay .fs-step-button[aria-label={json.dumps(label)}]')"
        ".click()"
    )
    view: dict[str, Any] = browser.evaluate(_VIEW)
    return view


def test_a_cold_first_load_draws_the_deal(browser: Any, served_site: str) -> None:
    browser.fresh()  # an empty cache, whichever tests ran before
    deck = [parse_card(c) for c in deal_deck(12350)]
    deal = play_deal("official-1922-solo", 4, 1, deck, Bot(3))
    started = time.monotonic()
    browser.navigate(f"{served_site}/{replay_link(deal, 12350)}")
    shown = _shown(browser)
    wall = time.monotonic() - started
    assert shown["ready"], shown
    assert shown["steps"] == len(deal.actions) + 1
    view = browser.evaluate(_VIEW)
    for seat in deal.start.order:
        drawn = sorted(parse_card(c) for c in view["seats"][str(seat)])
        assert drawn == sorted(c for c in range(36) if deal.start.hands[seat] >> c & 1)
    assert view["heading"] == replay_data(replay_link(deal, 12350))["title"]
    # The 1922 rules' own names at every step, not Foster's or the protocol's codes.
    assert "Heart Solo" in view["heading"]
    # The rules in this deal, and the rule links' tooltips, in the 1922 names too.
    solo = get_ruleset("official-1922-solo")
    listed = browser.evaluate(
        "[...document.querySelectorAll('#frog-replay .fr-rules li')].map(li => li.innerText)"
    )
    ids = [item.split(": ", 1)[0] for item in listed]
    assert listed == [f"{rule_id}: {own_statement(solo, rule_id)}" for rule_id in ids]
    assert any("Heart Solo" in item or "Simple Solo" in item for item in listed)
    titles = browser.evaluate(
        "[...document.querySelectorAll('#frog-replay .fs-step-note a.fs-rule')]"
        ".map(a => [a.textContent, a.title])"
    )
    assert titles and all(title == own_statement(solo, rule_id) for rule_id, title in titles)
    texts = browser.evaluate(_EVERY_STEP)
    assert len(texts) == len(deal.actions) + 1
    assert any("Heart Solo" in text for text in texts)
    # (The rule ids keep their words: widow.untouched-in-chico-and-grand.)
    words = [re.sub(r"\([a-z]+\.[a-z0-9-]+\)", "", text) for text in texts]
    assert not [text for text in words if "Grand" in text or "Chico" in text or "widow" in text]
    LOAD_FIGURES.parent.mkdir(parents=True, exist_ok=True)
    LOAD_FIGURES.write_text(
        json.dumps({"first_load_ms": shown["ms"], "first_load_wall_s": round(wall, 1)}, indent=2)
        + "\n"
    )
    browser.screenshot(SCREENSHOTS / "replay-cold.png", full_page=True)


def _play_a_deal(browser: Any, served_site: str) -> dict[str, Any]:
    # A whole deal through the Play page's buttons, the highlighted action each time.
    browser.navigate(served_site + "/play/")
    ready = browser.evaluate(READY)
    assert ready["ready"], ready
    deal(browser, "foster-1909", 3, 44)
    hand = browser.evaluate(_CODES.replace("SELECTOR", "#frog-play .fp-hand .fs-card"))
    for _ in range(300):
        table = browser.evaluate(TABLE)
        if table["phase"] == "over":
            break
        # Bid a Frog when you may, so that the deal is played and paid.
        click(browser, "frog" if "frog" in table["legal"] else table["legal"][0])
    else:
        pytest.fail("the deal did not end in 300 clicks")
    browser.evaluate("document.querySelector('#frog-play .fp-record-button').click()")
    notation = browser.evaluate("document.querySelector('#frog-play .fp-notation').innerText")
    start, actions, final = notation.strip().split("\n")
    payments = browser.evaluate(
        "[...document.querySelectorAll('#frog-play .fp-payments tbody tr td:nth-child(2)')]"
        ".map(td => td.textContent)"
    )
    vector = browser.evaluate("document.querySelector('#frog-play .fp-vector').textContent")
    offer = browser.evaluate(_OFFER.replace("ROOT", "#frog-play"))
    href = browser.evaluate("document.querySelector('#frog-play a.fp-replay').href")
    label = browser.evaluate("document.querySelector('#frog-play a.fp-replay').textContent")
    return {
        "hand": hand,
        "start": start,
        "actions": actions,
        "final": final,
        "payments": payments,
        "href": href,
        "label": label,
        "vector": json.loads(vector),
        "offer": offer,
    }


@pytest.fixture(scope="module")
def played(browser: Any, served_site: str) -> dict[str, Any]:
    """A deal played on the Play page, its record, and its replay link followed."""
    record = _play_a_deal(browser, served_site)
    since = len(browser.events)
    browser.evaluate("document.querySelector('#frog-play a.fp-replay').click()")
    browser.wait_for_event("Page.loadEventFired", since, browser.session)
    shown = _shown(browser)
    assert shown["ready"], shown
    record["shown"] = shown
    return record


def _on_the_replay(browser: Any, href: str) -> None:
    # Each test that reads the replay of the played deal loads it afresh, whatever ran
    # before (a full load from a blank page: at step 0, its count of links starts again).
    browser.navigate("about:blank")
    browser.navigate(href)
    assert _shown(browser)["ready"]


def test_the_play_page_offers_the_replay(played: dict[str, Any], served_site: str) -> None:
    assert played["label"] == "Replay this deal step by step"
    assert played["href"].startswith(f"{served_site}/deals/replay/#ruleset=foster-1909&")
    # The load after the Play page's: the runtime comes from the browser's cache.
    assert played["shown"]["ms"] > 0
    figures = json.loads(LOAD_FIGURES.read_text()) if LOAD_FIGURES.is_file() else {}
    figures["after_the_play_page_ms"] = played["shown"]["ms"]
    LOAD_FIGURES.write_text(json.dumps(figures, indent=2) + "\n")


def test_the_replay_shows_the_same_deal(browser: Any, played: dict[str, Any]) -> None:
    _on_the_replay(browser, played["href"])
    # The link carries the actions the Play page's record lists.
    actions = played["href"].split("&actions=")[1].split(",")
    assert " ".join(a.replace("+", " ") for a in actions) == played["actions"]
    # A step for the deal and one after each action.
    assert played["shown"]["steps"] == len(actions) + 1
    view = browser.evaluate(_VIEW)
    assert view["step"] == 0
    assert view["position"] == f"Step 0 of {len(actions)}"
    dealt = parse_position(played["start"])
    for seat in dealt.order:
        drawn = sorted(parse_card(c) for c in view["seats"][str(seat)])
        assert drawn == sorted(c for c in range(36) if dealt.hands[seat] >> c & 1), seat
    # Your hand on the Play page is seat 0's in the view.
    yours = browser.evaluate(
        _CODES.replace("SELECTOR", '#frog-replay .fs-seat[data-seat="0"] .fs-card')
    )
    assert sorted(yours) == sorted(played["hand"])
    last = _press(browser, "Last step")
    assert last["step"] == len(actions)
    paid = [p.split(": ")[1].split()[0].replace("\u2212", "-") for p in last["payments"]]
    assert [int(p) for p in paid] == [int(p.split()[0]) for p in played["payments"]]
    browser.screenshot(SCREENSHOTS / "replay-played.png", full_page=True)


def test_stepping_works(browser: Any, played: dict[str, Any]) -> None:
    _on_the_replay(browser, played["href"])
    first = _press(browser, "First step")
    assert first["step"] == 0 and first["title"] == "The deal"
    second = _press(browser, "Next step")
    assert second["step"] == 1 and second["title"] == "The auction"
    assert second["note"] != first["note"]
    assert second["legal"] > 0, "the engine's legal actions are not highlighted"
    # Every rule in the commentary links to its section on the site.
    assert second["rule_links"] and all("/rules/" in href for href in second["rule_links"])
    browser.evaluate(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}))"
    )
    assert browser.evaluate(_VIEW)["step"] == 2
    assert _press(browser, "Previous step")["step"] == 1


def test_the_replay_offers_the_deal_as_a_test_case(browser: Any, played: dict[str, Any]) -> None:
    _on_the_replay(browser, played["href"])  # a fresh load: no record offered yet
    assert not browser.evaluate("document.querySelector('#frog-replay .fp-record')")
    browser.evaluate("document.querySelector('#frog-replay .fp-record-button').click()")
    offer = browser.evaluate(_OFFER.replace("ROOT", "#frog-replay"))
    # The Play page's offer, in the same words and the same look.
    assert offer["button"] == played["offer"]["button"]
    assert offer["button"][1] == "This deal as a test case"
    assert offer["record"] == played["offer"]["record"]
    assert offer["words"] == played["offer"]["words"]
    assert offer["notation"] == played["offer"]["notation"]
    # The same game request and the same observation: the same test.
    vector = json.loads(
        browser.evaluate("document.querySelector('#frog-replay .fp-vector').textContent")
    )
    (case,) = vector["cases"]
    (was,) = played["vector"]["cases"]
    assert case["id"] == was["id"].replace("played.", "replayed.", 1)
    assert offer["download"] == case["id"] + ".json"
    for key in ("request", "response", "compare", "rules", "seeds"):
        assert case[key] == was[key], key
    browser.screenshot(SCREENSHOTS / "replay-test-case.png", full_page=True)


def test_a_heading_of_the_page_is_not_taken_for_a_deal(
    browser: Any, played: dict[str, Any]
) -> None:
    _on_the_replay(browser, played["href"])
    # The table of contents links to the page's headings: the deal stays on view.
    done = browser.evaluate("window.frogReplay.done")
    browser.evaluate("document.querySelector('a[href=\"#how-it-runs\"]').click()")
    assert _shown(browser, done + 1)["ready"]
    error = browser.evaluate(_ERROR)
    assert error["hidden"] and not error["deal_hidden"]
    browser.evaluate("history.back()")
    assert _shown(browser, done + 2)["ready"]


def test_a_tampered_link_names_the_rule(
    browser: Any, played: dict[str, Any], served_site: str
) -> None:
    # The last card of the deal replaced by the first card played: no longer in that hand.
    link = played["href"]
    head, actions = link.split("&actions=")
    words = actions.split(",")
    first_play = next(w for w in words if w.startswith("play+"))
    words[-1] = first_play
    tampered = f"{head}&actions={','.join(words)}"
    with pytest.raises(IllegalActionError) as expected:
        parse_deal(tampered).states()
    _on_the_replay(browser, played["href"])
    before = browser.evaluate("window.frogReplay.done")
    browser.navigate(tampered)
    shown = _shown(browser, before + 1)
    assert shown["error"], shown
    error = browser.evaluate(_ERROR)
    assert not error["hidden"] and error["deal_hidden"]
    assert error["rule"] == expected.value.rule_id
    assert expected.value.rule_id in error["text"]
    assert f"action {len(words)}" in error["text"]
    browser.screenshot(SCREENSHOTS / "replay-tampered.png", full_page=True)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("deal=", "deal=x"), "deal: want a whole number"),
        (("ruleset=foster-1909", "ruleset=fostr"), "unknown ruleset 'fostr'"),
        (("play+", "play+1X"), "unknown card"),
    ],
)
def test_a_malformed_link_says_what_is_wrong(
    browser: Any, played: dict[str, Any], change: tuple[str, str], said: str
) -> None:
    _on_the_replay(browser, played["href"])  # the good deal first: each change seen anew
    before = browser.evaluate("window.frogReplay.done")
    browser.navigate(played["href"].replace(*change, 1))
    assert _shown(browser, before + 1)["error"]
    error = browser.evaluate(_ERROR)
    assert not error["hidden"] and said in error["text"], error


def test_an_empty_link_says_where_links_come_from(browser: Any, served_site: str) -> None:
    browser.navigate(served_site + "/deals/replay/")
    status = browser.evaluate("document.querySelector('#frog-replay .fr-status').innerText")
    assert "carries no deal" in status and "Play page" in status


def test_the_play_page_names_the_1922_contracts(browser: Any, served_site: str) -> None:
    browser.navigate(served_site + "/play/")
    assert browser.evaluate(READY)["ready"]
    deal(browser, "official-1922-solo", 3, 12)
    labels = browser.evaluate(
        "[...document.querySelectorAll('#frog-play .fp-actions [data-action]')]"
        ".map(b => [b.dataset.action, b.textContent])"
    )
    assert labels == [
        ["pass", "Pass"],
        ["frog", "Frog"],
        ["chico", "Simple Solo"],
        ["grand", "Heart Solo"],
    ]


def test_the_view_fits_a_phone(browser: Any, played: dict[str, Any]) -> None:
    browser.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
        browser.session,
    )
    try:
        browser.navigate(played["href"].replace("#", "?phone#"))  # a new load, at this size
        assert _shown(browser, 1)["ready"]
        _press(browser, "Next step")
        width = browser.evaluate("document.querySelector('#frog-replay').scrollWidth")
        assert width <= 390, f"the view is {width} px wide on a 390 px phone"
        browser.evaluate("document.getElementById('frog-replay').scrollIntoView()")
        browser.screenshot(SCREENSHOTS / "replay-phone.png")
    finally:
        browser.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False},
            browser.session,
        )


def test_without_the_runtime_the_page_says_what_to_install(
    browser: Any, built_site: Path, tmp_path: Path, played: dict[str, Any]
) -> None:
    # The site as built where npm was missing: no runtime, and a manifest that says so.
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns(RUNTIME_DIR))
    (site / ASSETS / "manifest.json").write_text(json.dumps(play_manifest(None)))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        link = played["href"].split("#", 1)[1]
        browser.navigate(f"http://127.0.0.1:{server.server_address[1]}/deals/replay/#{link}")
        shown = _shown(browser)
        status = browser.evaluate("document.querySelector('#frog-replay .fr-status').innerText")
    finally:
        server.shutdown()
        server.server_close()
    assert shown["error"] == "no runtime"
    assert "apt-get install npm" in status and "python3 dev.py build" in status


def test_no_request_leaves_localhost(browser: Any, served_site: str) -> None:
    outside = browser.requests_outside(served_site)
    assert not outside, "requests that left localhost:\n" + "\n".join(outside)
