"""The page that replays a deal from its link, in the step-through view of "Deals to read".

A replay link is the page :data:`~frogspec.notation.REPLAY_PATH` with a whole deal in its
fragment (:func:`frogspec.notation.format_deal`: the ruleset, the table, the pack and every
action in the protocol's notation). The page runs frogspec in the browser, in the Pyodide
runtime of the Play page, and asks :func:`replay_data` for the view's data: the same
:func:`~frogspec.site.annotated.deal_data` that the build writes for the deals to read,
computed from the deal the engine plays again from the link
(:func:`~frogspec.site.annotated.replay_deal`). The page's script
(``docs/javascripts/play.js``) hands the data to the view (``docs/javascripts/deals.js``);
neither decides anything about the game. A link that is not a whole legal deal is refused
with the engine's own error, naming the rule an action breaks.

>>> from frogspec.site.annotated import DEALS, play_annotated_deal
>>> data = replay_data(example_link(play_annotated_deal(DEALS[0])))
>>> data["format"], data["steps"][-1]["phase"], data["rule_urls"]["play.follow-suit"]
('frogspec-deal/1', 'over', 'rules/play/#play-follow-suit')
"""

from __future__ import annotations

from frogspec.notation import REPLAY_PATH, DealRecord, format_deal, parse_deal
from frogspec.registry import get_rule
from frogspec.rulesets import get_ruleset
from frogspec.site.annotated import (
    DEALS,
    AnnotatedDeal,
    deal_data,
    play_annotated_deal,
    replay_deal,
)

__all__ = ["REPLAY_PAGE", "example_link", "replay_data", "replay_page", "rule_path"]

#: The page, a path under ``docs/``.
REPLAY_PAGE = REPLAY_PATH.rstrip("/") + ".md"


def rule_path(rule_id: str) -> str:
    """The address of a rule's section under the site's root (``rules/play/#play-follow-suit``)."""
    entry = get_rule(rule_id)
    return f"rules/{entry.topic}/#{entry.anchor}"


def example_link(deal: AnnotatedDeal) -> str:
    """The fragment of the replay link of one of the deals to read (its pack by number)."""
    spec = deal.spec
    record = DealRecord(
        get_ruleset(spec.ruleset).with_options(dict(spec.options)),
        spec.players,
        spec.dealer,
        deal.deck,
        deal.actions,
        spec.number,
    )
    return format_deal(record)


def replay_data(link: str) -> dict[str, object]:
    """The step-through view's data for the deal in a replay link (a whole link or its
    fragment): :func:`~frogspec.site.annotated.deal_data` of the deal played again by the
    engine, with the link's text (``link``), the ruleset's name and each rule's address
    under the site's root (``rule_urls``).

    The engine's errors pass through: :class:`~frogspec.errors.InvalidInputError` for a
    malformed link, :class:`~frogspec.errors.IllegalActionError` naming the action and the
    rule it breaks.
    """
    record = parse_deal(link)
    deal = replay_deal(record)
    data = deal_data(deal)
    rules = data["rules"]
    assert isinstance(rules, dict)
    data["link"] = format_deal(record)
    data["ruleset_name"] = record.ruleset.name
    data["rule_urls"] = {rule_id: rule_path(rule_id) for rule_id in rules}
    return data


def replay_page() -> str:
    """The Markdown of the replay page: the view, filled in by the page's script, and how
    to make a link."""
    example = example_link(play_annotated_deal(DEALS[0]))
    return "\n".join(
        [
            "# Replay a deal",
            "",
            "This page shows a whole deal from its link, step by step, in the same view as the "
            "[deals to read](index.md): the hands shrinking as the cards are played, the "
            "auction, each trick, the actions the rules allow the player to act, and the rule "
            "behind each step. The deal is played again by the reference engine in your "
            "browser, the engine of the [Play page](../play.md), so a link whose actions the "
            "rules forbid is refused with the rule the engine names.",
            "",
            '<div id="frog-replay">',
            '  <p class="fr-status">Loading the engine…</p>',
            '  <div class="fr-error" role="alert" hidden></div>',
            '  <div class="fr-deal" hidden>',
            '    <p class="fr-title"></p>',
            '    <div class="fs-stepper fr-stepper"></div>',
            '    <div class="fr-test-case"></div>',
            '    <div class="fr-rules"></div>',
            "  </div>",
            '  <form class="fr-paste" hidden>',
            '    <label>Paste a replay link <input name="link" type="text" '
            'autocomplete="off" spellcheck="false"></label>',
            '    <button type="submit" class="md-button">Replay</button>',
            "  </form>",
            "  <noscript><p>The replay runs the engine in your browser and needs "
            "JavaScript.</p></noscript>",
            "</div>",
            "",
            "## Where the links come from",
            "",
            "- **The Play page**: when a deal is over, *Replay this deal step by step* opens "
            "it here.",
            "- **Python**: `frogspec.bots.replay_link(deal, number)` gives the link of a deal "
            "played by `frogspec.bots.play_annotated_deal` (`number`, the deal number of the portable "
            "generator, if the pack is one); `frogspec.notation.format_deal` writes the "
            "fragment of any deal, `parse_deal` reads it.",
            "- **The command line**: `python -m frogspec.bots play --ruleset foster-1909 "
            "--deal 12350` plays a deal with the computer players in every seat and prints it "
            "in the position notation with its replay link (under `FROGSPEC_SITE_URL` when "
            "that is set).",
            "",
            "A link is plain text: bookmark it, share it, paste it into a bug report. Anyone "
            "who opens it sees the same deal, played again by the engine.",
            "",
            "Under the view, **This deal as a test case** offers the deal as the "
            "[Play page](../play.md#every-deal-is-a-test-case) does: a conformance vector of "
            "one case (the protocol's `game` request with every action of the deal, and the "
            "observation the reference answers), to save in a folder and run with "
            "`frogspec conform --vectors FOLDER -- your-engine`, and the deal in the position "
            "notation.",
            "",
            "## The link",
            "",
            "The page's address is followed by `#` and the deal, in fields `key=value` "
            "joined by `&`, in the notation of the [conformance protocol](../protocol.md) "
            "(`frogspec.notation.format_deal`):",
            "",
            "| field | what |",
            "| --- | --- |",
            "| `ruleset` | the ruleset id, with any options not at their default in brackets: "
            "`official-1922-solo[sitting_out=pay-and-receive]` |",
            "| `players`, `dealer` | the number at the table and the dealer's seat |",
            "| `deal` | the deal number of the [portable deal generator]"
            "(../protocol.md#spec-prng) whose pack was dealt |",
            "| `deck` | instead of `deal`: the 36 cards run together, the first dealt first "
            "(`6C10HAH…`) |",
            "| `actions` | every action of the deal in order, separated by commas, with `+` "
            "for the space inside an action: `pass,frog,discard+10C,…,play+AS` |",
            "",
            "The deal of [A Frog by Foster's rules, three players](foster-frog.md), as a "
            "replay link:",
            "",
            f'<p class="fr-example"><a href="./#{example}">#{example}</a></p>',
            "",
            "A link that is not a whole deal the rules allow is refused: the page names the "
            "field that cannot be read, or the action the engine refuses, by its number, with "
            "the rule it breaks.",
            "",
            "## How it runs",
            "",
            "The page starts the Python runtime of the Play page (served from this site), "
            "installs frogspec, and asks `frogspec.site.replay.replay_data` for the deal: "
            "the engine plays the link's actions from its pack, and the same code that wrote "
            "the data of the deals to read when this site was built writes every position "
            "with the engine's legal actions and the rules. The page's script only draws it. "
            "If the runtime was not available when the site was built, the page says what to "
            "install.",
            "",
            "The first load, from an empty browser cache to the deal drawn, took 8 to 14 "
            "seconds on this project's two-core build machine while other jobs ran on it; "
            "following the link from the Play page, with the runtime in the browser's cache, "
            "5 to 7 seconds (measured 2026-12-01 by `tests/site/test_site_replay_browser.py` "
            "from the local server). Most of it is the start of the Python runtime.",
            "",
        ]
    )
