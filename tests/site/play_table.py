"""The Play page as the browser tests drive it: wait for its engine, read its table, click
its buttons, deal from its form (shared by the Play and replay browser tests)."""

from __future__ import annotations

import json

from .browser import Browser

#: Resolves when the Play page has started its engine (or failed, or 180 s passed).
READY = """
new Promise(resolve => {
  const started = Date.now();
  const poll = () => {
    const p = window.frogPlay;
    if (p && (p.ready || p.error)) resolve({ready: p.ready, error: p.error, ms: p.readyMs, timings: p.timings});
    else if (Date.now() - started > 180000) resolve({ready: false, error: 'timeout', ms: null});
    else setTimeout(poll, 100);
  };
  poll();
})
"""

#: What the Play table shows now: the phase, the legal actions, a refusal, the words.
TABLE = """
(() => {
  const app = document.getElementById('frog-play');
  const actions = (selector) => [...app.querySelectorAll(selector)].map(b => b.dataset.action);
  const refusal = app.querySelector('.fp-refusal');
  return {
    phase: app.dataset.phase,
    legal: actions('.fp-legal[data-action]'),
    illegal_cards: actions('button.fs-card[data-action]:not(.fp-legal)'),
    hand: app.querySelectorAll('.fp-hand .fs-card').length,
    steps: app.querySelectorAll('.fp-log li').length,
    refused: refusal ? refusal.dataset.rule : null,
    refusal_text: refusal ? refusal.innerText : null,
    result: app.querySelector('.fp-result') ? app.querySelector('.fp-result').innerText : null,
    // What the prompt, the refusal (but its quotes, which stay verbatim) and the step log
    // say, the rule statements in their links' titles included.
    words: [...app.querySelectorAll('.fp-prompt, .fp-refusal > p, .fp-log li')].flatMap(
      (node) => [node.innerText, ...[...node.querySelectorAll('a.fp-rule')].map(a => a.title)]),
  };
})()
"""


def click(browser: Browser, action: str) -> None:
    """Click the Play table's button for ``action``."""
    found = browser.evaluate(
        f"(() => {{ const b = document.querySelector('#frog-play [data-action={json.dumps(action)}]');"
        " if (!b) return false; b.click(); return true; })()"
    )
    assert found, f"no button for {action}"


def deal(browser: Browser, ruleset: str, players: int, seed: int) -> None:
    """Deal from the Play page's form: this ruleset, table and deal number."""
    browser.evaluate(
        "(() => { const f = document.querySelector('#frog-play .fp-setup');"
        f" f.ruleset.value = {json.dumps(ruleset)}; f.ruleset.dispatchEvent(new Event('change'));"
        f" f.players.value = '{players}'; f.seed.value = '{seed}';"
        " f.querySelector('.fp-start').click(); })()"
    )
