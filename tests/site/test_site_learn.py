"""The how-to-play pages and the glossary: generated from the rulesets, tested against the
engine, and the glossary's explanations kept out of code, headings and links."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from frogspec.engine import new_deal
from frogspec.registry import all_rules, get_rule, rule_for_function
from frogspec.rules import deal, settlement, trump, widow
from frogspec.rules.cards import CARDS
from frogspec.rules.deal import WIDOW
from frogspec.rulesets import RULESETS, Ruleset, rules_of
from frogspec.site import learn, nav_sections, unlisted_pages
from frogspec.site.glossary import TERMS, glossary_page, link_terms, term
from frogspec.site.learn import (
    CARD_WORDS,
    PLAIN,
    READING_MARK,
    RECOMMENDED,
    RULING_MARK,
    SHORT,
    SUMMARY_STATES,
    UnexplainedRuleError,
    deal_in_words,
    how_to_play_page,
    rule_ids_explained,
    rules_card_page,
    sections_of,
)
from frogspec.site.markup import escape, kind_marks
from frogspec.sources import held_text

_REF = re.compile(r"\]\(\.\./rules/(\w+)\.md#([a-z0-9-]+)\)\{ \.fs-ruleref")


def _linked_rules(page: str) -> list[str]:
    by_anchor = {r.anchor: r.id for r in all_rules()}
    return [by_anchor[anchor] for _, anchor in _REF.findall(page)]


def _section(page: str, key: str) -> str:
    start = page.index(f"{{ #{key} }}")
    end = page.find("\n## ", start)
    return page[start : end if end >= 0 else None]


# ----------------------------------------------------------------- every rule, one step


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_each_step_links_the_rule_the_ruleset_uses(ruleset_id: str) -> None:
    rs = RULESETS[ruleset_id]
    used = {r.id for r in rules_of(rs)}
    sections = sections_of(rs)
    assert rule_ids_explained(sections) == used
    steps = [rid for s in sections for step in s.steps for rid in step.rules]
    assert len(steps) == len(set(steps)), "a rule explained twice"
    page = how_to_play_page(rs)
    assert set(_linked_rules(page)) == used
    # The card repeats the page's steps.
    assert set(_linked_rules(rules_card_page(rs))) == used


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_the_stages_come_in_the_order_a_table_plays(ruleset_id: str) -> None:
    page = how_to_play_page(ruleset_id)
    headings = re.findall(r"^## \d+\. (.+?) \{", page, re.M)
    titles = [t for t in learn.SECTIONS.values() if t in headings]
    assert headings == titles
    assert headings[:4] == ["Who sits where", "The pack and what the cards are worth",
                            "The deal", "The auction"]  # fmt: skip
    assert headings[-1] == "The end of the game"


def test_every_rule_has_plain_words_and_every_reading_a_short_name() -> None:
    ids = {r.id for r in all_rules()}
    assert set(PLAIN) == ids
    readings = {r.id for r in all_rules() if r.question is not None}
    assert readings - set(SHORT) == set() and set(SHORT) - readings == set()
    for rs in RULESETS.values():
        for section in sections_of(rs):
            for step in section.steps:
                assert step.text.endswith((".", ")")), step.text
                assert "`" not in step.text, f"code in a step meant for players: {step.text}"


def test_a_rule_without_plain_words_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(PLAIN, "play.must-trump")
    with pytest.raises(UnexplainedRuleError, match=r"play\.must-trump"):
        how_to_play_page("foster-1909")


# ----------------------------------------------------------- a changed ruleset, a changed page


def _swapped(**changes: Callable[..., Any]) -> Ruleset:
    # Foster's ruleset reading the questions named (by their values) otherwise.
    foster = RULESETS["foster-1909"]
    readings = {q: changes.get(q.value, function) for q, function in foster.readings.items()}
    return dataclasses.replace(foster, readings=readings)


def test_swapping_the_deal_changes_the_deal_step() -> None:
    before = _section(how_to_play_page("foster-1909"), "deal")
    after = _section(how_to_play_page(_swapped(deal_pattern=deal.packets_4_3_3_4)), "deal")
    assert "deal.packets-3-3-4-4" in before and "deal.packets-4-3-3-4" not in before
    assert "deal.packets-4-3-3-4" in after and "deal.packets-3-3-4-4" not in after
    assert "4 cards to each player, then 3 to the widow, then 3 to each" in after
    assert "3 cards to each player, then 3 to the widow, then 4 to each" in before


def test_swapping_the_rates_changes_what_a_point_is_worth() -> None:
    page = how_to_play_page(_swapped(rates=settlement.rates_1_2_3))
    paying = _section(page, "paying")
    assert "3 counters in a Grand" in paying and "settlement.rates-1-2-3" in paying
    assert "4 counters in a Grand" in _section(how_to_play_page("foster-1909"), "paying")


def test_swapping_the_chico_trump_and_the_widow_changes_their_steps() -> None:
    page = how_to_play_page(
        _swapped(chico_trump=trump.chico_trump_any_suit, widow_shown=widow.widow_hidden_in_frog)
    )
    assert "lead: any suit." in _section(page, "trump")
    assert "without showing it" in _section(page, "widow")
    original = how_to_play_page("foster-1909")
    assert "clubs, diamonds or spades (not hearts)" in _section(original, "trump")
    assert "face up for everyone to see" in _section(original, "widow")


def test_swapping_the_player_count_changes_who_sits_out() -> None:
    from frogspec.rules import seats

    page = how_to_play_page(_swapped(player_count=seats.players_three))
    assert "Exactly three people play." in page
    assert "with 4, the dealer sits out" not in page
    assert "with 4, the dealer sits out" in how_to_play_page("foster-1909")


# ----------------------------------------------------------------- the words, against the engine


def _pattern_from_words(words: str) -> tuple[int, ...]:
    """Deal the cards as the page's words say, to compare with the engine's pattern."""
    if words.startswith("one card at a time"):
        widow_at = [int(n) for n in re.findall(r"(\d+)(?:st|nd|rd|th)", words)]
        out, hand = [], 0
        for position in range(1, 37):
            if position in widow_at:
                out.append(WIDOW)
            else:
                out.append(hand)
                hand = (hand + 1) % 3
        return tuple(out)
    pattern: list[int] = []
    for packet in words.split(", then "):
        size = int(packet.split()[0])
        if packet.endswith("to the widow"):
            pattern += [WIDOW] * size
        else:
            for hand in range(3):
                pattern += [hand] * size
    return tuple(pattern)


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_the_deal_in_words_deals_as_the_engine_does(ruleset_id: str) -> None:
    rs = RULESETS[ruleset_id]
    words = deal_in_words(rs.rules.deal_pattern())
    assert _pattern_from_words(words) == rs.rules.deal_pattern()
    assert words in how_to_play_page(rs)
    state = new_deal(rs, players=3, dealer=0, deck=CARDS)
    hand_size = bin(state.hands[1]).count("1")
    assert f"Each active player now holds {hand_size} cards" in how_to_play_page(rs)


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_the_contracts_and_rates_are_the_engines(ruleset_id: str) -> None:
    rs = RULESETS[ruleset_id]
    page = how_to_play_page(rs)
    auction = _section(page, "auction")
    for contract in rs.rules.contracts():
        assert f"**{learn.contract_name(rs, contract)}**" in auction
    paying = _section(page, "paying")
    for contract in rs.rules.contracts():
        assert f"{rs.rules.rates(contract, 1, True)} " in paying


def test_the_recommendation_is_labelled_and_its_reasons_hold(site_pages: Mapping[str, str]) -> None:
    rs = RULESETS[RECOMMENDED]
    # "the one full rulebook we hold": quoted first-hand from a text we hold.
    assert all(c.reported_by is None and c.source.held for c in rs.basis)
    # "the one full rulebook of Frog we hold": the only book we hold that a ruleset rests
    # on (the others rest on an article, a web page, or books we know only through those).
    assert all(c.source.kind == "book" for c in rs.basis)
    others = [r for r in RULESETS.values() if r.id != RECOMMENDED]
    assert not any(c.source.kind == "book" and c.source.held for r in others for c in r.basis)
    assert list(rs.rules.player_count()) == [3, 4, 5]
    index = site_pages["learn/index.md"]
    assert "Our recommendation (editorial)" in index
    for ruleset_id in RULESETS:
        assert "Our recommendation (editorial)" in how_to_play_page(ruleset_id)


def test_the_cards_are_drawn_in_the_points_table() -> None:
    page = how_to_play_page("modern")
    cards = _section(page, "cards")
    assert cards.count('class="fs-card fs-red"') == 18
    assert cards.count('class="fs-card fs-black"') == 18
    assert "| A | " in cards and "| 11 |" in cards and "| Whole pack | 120 |" in cards


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_every_ruling_and_reading_is_marked_in_print_where_it_is_stated(
    ruleset_id: str, site_pages: Mapping[str, str]
) -> None:
    # A text mark, on the printed card as on the screen: not a colour, not a tooltip.
    pages = (
        site_pages[learn.how_to_play_path(ruleset_id)],
        site_pages[learn.card_page_path(ruleset_id)],
    )
    for page in pages:
        lines = [line for line in page.splitlines() if _REF.search(line)]
        assert lines
        for line in lines:
            rules = [get_rule(rule_id) for rule_id in _linked_rules(line)]
            ruled = any(r.editorial for r in rules)
            read = any(r.reading is not None for r in rules)
            assert (RULING_MARK in line) == ruled or "Elsewhere:" in line, (ruleset_id, line)
            assert (READING_MARK in line) == read or "Elsewhere:" in line, (ruleset_id, line)
        assert "A step marked **[ruling]** states an editorial ruling" in page
    # The summary, wherever it is printed, and the ruleset page's statement of each choice.
    rs = RULESETS[ruleset_id]
    # What a summary states is among the rules its ruleset uses, options included.
    assert set(SUMMARY_STATES[ruleset_id]) <= {r.id for r in rules_of(rs)} | set(_option_rules(rs))
    summary = _marked(escape(rs.summary), SUMMARY_STATES[ruleset_id])
    index = site_pages["learn/index.md"]
    assert f"| {summary} |" in index and "A summary marked **[ruling]**" in index
    assert f"(`{ruleset_id}`): {summary}\n" in site_pages["rulesets/index.md"]
    ruleset = site_pages[f"rulesets/{ruleset_id}.md"]
    assert f"Ruleset id: `{ruleset_id}`. {summary}\n" in ruleset
    assert "A statement marked **[ruling]**" in ruleset
    start = ruleset.index("## Its choices")
    choices = ruleset[start : ruleset.index("\n## ", start)]
    stated = [line for line in choices.splitlines() if "](../rules/" in line]
    assert stated
    for line in stated:
        _assert_marked_as(line, re.findall(r"\[`([a-z-]+\.[a-z0-9-]+)`\]", line))


def _assert_marked_as(line: str, rule_ids: list[str]) -> None:
    rules = [get_rule(rule_id) for rule_id in rule_ids]
    assert rules, line
    assert (RULING_MARK in line) == any(r.editorial for r in rules), line
    assert (READING_MARK in line) == any(r.reading is not None for r in rules), line


def _option_rules(rs: Ruleset) -> list[str]:
    return [
        entry.id
        for option in rs.options
        for fn in option.choices.values()
        if fn is not None and (entry := rule_for_function(fn)) is not None
    ]


def _marked(text: str, rule_ids: tuple[str, ...]) -> str:
    marks = kind_marks(rule_ids)
    return f"{text} {marks}" if marks else text


#: Terms whose rule, a ruling or a reading, says more than their definition states: the
#: "lead" definition does not say that any card may be led, nor the "widow" one that it
#: stays untouched in Chico and Grand.
_DEFINITIONS_SHORT_OF_THEIR_RULE = {"lead", "widow"}


def test_every_definition_carries_the_marks_of_the_rulings_and_readings_it_states() -> None:
    glossary = glossary_page()
    assert "A definition marked **[ruling]** states an editorial ruling" in glossary
    cards = "\n".join(rules_card_page(ruleset_id) for ruleset_id in RULESETS)
    for entry in TERMS:
        for rule_id in entry.states:
            get_rule(rule_id)
        rule = get_rule(entry.rule) if entry.rule is not None else None
        if rule is not None and (rule.editorial or rule.reading is not None):
            assert rule.id in entry.states or entry.name in _DEFINITIONS_SHORT_OF_THEIR_RULE, (
                f"{entry.name}: does its definition state {rule.id}?"
            )
        printed = _marked(escape(entry.definition), entry.states)
        assert f"\n{printed}\n" in glossary, entry.name
        if entry.name in CARD_WORDS:
            assert f"**{escape(entry.name)}**: {printed}" in cards or (
                f"**{escape(entry.name)}**:" not in cards
            ), entry.name
    # The marks the glossary prints, pinned on words whose definitions state a ruling.
    assert entry_line(glossary, "over-trump").endswith(f"no one is obliged to. {RULING_MARK}")
    assert entry_line(glossary, "widow").endswith(f"for the bidder at the end. {READING_MARK}")


def entry_line(glossary: str, name: str) -> str:
    section = glossary[glossary.index(f"{{ #{term(name).anchor} }}") :]
    return section.split("\n\n")[1]


def test_the_differences_box_marks_rival_rulings_too() -> None:
    page = how_to_play_page("foster-1909")
    assert f"Chico trumps: any suit {RULING_MARK} (gamerules)" in page


def test_the_differences_box_names_the_rivals() -> None:
    page = how_to_play_page("gamerules")
    assert "What this ruleset does differently from the others" in page
    assert "one bid each" in page
    assert f"bidding round and round {RULING_MARK} (foster-1909, hoyle-1907)" in page
    assert "It plays exactly as `hoyle-1907`" in how_to_play_page("foster-1909")
    # Options appear as what the table may agree on.
    solo = how_to_play_page("official-1922-solo")
    assert "Before play, the table may agree on these instead:" in solo
    assert "(option `penalty_frog`)" in solo


def test_the_learn_pages_are_in_the_nav_and_the_cards_are_not(
    site_pages: Mapping[str, str],
) -> None:
    pages = site_pages
    for ruleset_id in RULESETS:
        assert learn.how_to_play_path(ruleset_id) in nav_sections()["learn/"]
        assert learn.card_page_path(ruleset_id) in unlisted_pages()
        assert (
            learn.how_to_play_path(ruleset_id) in pages
            and learn.card_page_path(ruleset_id) in pages
        )
    text = (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8")
    for section in ("Learn", "Rules", "Rulesets", "Implement", "Cite", "About"):
        assert f"\n  - {section}:\n" in text


def test_titles_name_the_rules() -> None:
    assert how_to_play_page("foster-1909").startswith("# Play Frog by Foster's rules\n")
    assert how_to_play_page("modern").startswith("# Play Frog by the modern rules\n")


# ----------------------------------------------------------------------------- the glossary


def test_every_term_is_quoted_verbatim_from_a_source_that_uses_it() -> None:
    for entry in TERMS:
        if entry.citation is None:
            continue
        quote = entry.citation.quote
        assert quote is not None and quote in held_text(entry.citation.quoted_source), entry.name
        assert any(s.lower() in quote.lower() for s in entry.spellings), (
            f"{entry.name}: the quote does not use the word"
        )


def test_each_term_is_defined_once() -> None:
    spellings = [s.lower() for entry in TERMS for s in entry.spellings]
    assert len(spellings) == len(set(spellings))
    anchors = [entry.anchor for entry in TERMS]
    assert len(anchors) == len(set(anchors))
    for entry in TERMS:
        if entry.rule is not None:
            get_rule(entry.rule)
    for word in ("eldest hand", "widow", "slough", "head the trick", "over-trump", "lay away",
                 "counter"):  # fmt: skip
        assert term(word).definition
    page = glossary_page()
    for entry in TERMS:
        assert f"{{ #{entry.anchor} }}" in page


def test_terms_are_linked_once_and_never_in_code_headings_or_links() -> None:
    source = (
        '<h2 id="x">The widow</h2><p><a href="y">widow</a> <code>widow</code></p>'
        "<pre><code>widow &lt;b&gt; widow</code></pre><blockquote><p>widow</p></blockquote>"
        "<p>The widow and the widow; a grand day, a Grand.</p>"
    )
    out = link_terms(source, "learn/modern/")
    assert out.count('class="fs-term"') == 2
    assert '<h2 id="x">The widow</h2>' in out and '<a href="y">widow</a>' in out
    assert "<pre><code>widow &lt;b&gt; widow</code></pre>" in out
    assert 'href="../../glossary/#widow"' in out and 'href="../../glossary/#grand"' in out
    assert "a grand day" in out
    assert link_terms("<p>widow</p>", "").startswith('<p><a class="fs-term" href="glossary/#')


class _TermsIn(HTMLParser):
    """Where the glossary's links stand: the elements open around each."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.misplaced: list[str] = []
        self.count = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a" and ("class", "fs-term") in attrs:
            self.count += 1
            bad = {"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6"} & set(self.stack)
            if bad:
                self.misplaced.append(f"inside {sorted(bad)}")
        if tag not in ("br", "img", "input", "hr", "meta", "link", "wbr", "col", "source"):
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.stack:
            while self.stack.pop() != tag:
                pass


def test_the_built_pages_explain_their_terms(built_site: Path) -> None:
    total = 0
    for page in built_site.rglob("*.html"):
        parser = _TermsIn()
        parser.feed(page.read_text(encoding="utf-8"))
        assert not parser.misplaced, f"{page.relative_to(built_site)}: {parser.misplaced}"
        total += parser.count
    learn_page = (built_site / "learn" / "foster-1909" / "index.html").read_text(encoding="utf-8")
    assert 'class="fs-term" href="../../glossary/#widow"' in learn_page
    rules_page = (built_site / "rules" / "play" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../glossary/#head-the-trick"' in rules_page
    assert total > 100


# ------------------------------------------------------------- pages by audience


@pytest.mark.parametrize("topic", ["cards", "deal", "auction", "play"])
def test_topic_pages_open_with_the_player_and_keep_the_code_in_a_box(topic: str) -> None:
    from frogspec.site.pages import topic_page

    page = topic_page(topic)
    opening = page[: page.index("\n## ")]
    box = opening.find('??? note "Implementation notes')
    before_box = opening if box < 0 else opening[:box]
    for engine_word in ("mask", "python-chess", "integer", "deck[0]", "protocol's names"):
        assert engine_word not in before_box, f"{topic}: {engine_word!r} before the notes box"
    assert "**To play:**" in before_box and "../learn/foster-1909.md#" in before_box
    if topic == "cards":
        assert "36-bit mask" in opening[box:]


def test_the_rules_index_labels_each_rival_reading_with_its_rulesets() -> None:
    from frogspec.site.pages import rules_index_page, usage

    page = rules_index_page()
    for entry in all_rules():
        line = next(line for line in page.splitlines() if line.startswith(f"- [`{entry.id}`]"))
        if entry.question is None:
            assert "One reading of" not in line
            continue
        assert "One reading of" in line, entry.id
        for rs, _ in usage(entry.id):
            assert f"[`{rs.id}`]" in line, (entry.id, rs.id)


def test_the_card_says_how_to_look_a_rule_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FROGSPEC_SITE_URL", raising=False)
    card = rules_card_page("foster-1909")
    lookup = card.split("**Looking a rule up.**", 1)[1].split("\n", 1)[0]
    assert "`seats.players-3-to-5`" in lookup and "Rules › Players and seats" in lookup
    assert "`frogspec rule seats.players-3-to-5`" in lookup and "http" not in lookup
    monkeypatch.setenv("FROGSPEC_SITE_URL", "https://rules.example.org/frog")
    card = rules_card_page("official-1922-solo")
    lookup = card.split("**Looking a rule up.**", 1)[1].split("\n", 1)[0]
    address = "https://rules.example.org/frog/rules/seats/#seats-players-3-to-7"
    assert f"is at {address}:" in lookup
    # The address once on the card, not after every step.
    assert card.count("https://rules.example.org/") == 1


def test_the_rule_lists_mark_rulings_and_readings_as_every_page_does(
    site_pages: Mapping[str, str],
) -> None:
    index = site_pages["rules/index.md"]
    for entry in all_rules():
        (line,) = [line for line in index.splitlines() if line.startswith(f"- [`{entry.id}`]")]
        assert (RULING_MARK in line) == entry.editorial, line
        assert (READING_MARK in line) == (entry.reading is not None), line
        table = site_pages[f"rules/{entry.topic}.md"]
        # The topic's table of rules comes first; a rule's table of rival readings may follow.
        row = next(row for row in table.splitlines() if row.startswith(f"| [`{entry.id}`]"))
        assert (RULING_MARK in row) == entry.editorial, row
        assert (READING_MARK in row) == (entry.reading is not None), row
    assert READING_MARK in site_pages["disagreements.md"]
    assert "*(editorial)*" not in index and "*(reading)*" not in index


def test_a_glossary_tooltip_carries_the_marks_its_definition_does_in_print() -> None:
    from frogspec.site.glossary import hover_text

    for entry in TERMS:
        marks = kind_marks(entry.states, plain=True)
        tooltip = hover_text(entry)
        assert tooltip.endswith(f" {marks}") if marks else "[" not in tooltip[-10:], entry.name
        assert ("[ruling]" in tooltip) == (RULING_MARK in kind_marks(entry.states)), entry.name
    assert hover_text(term("over-trump")).endswith("no one is obliged to. [ruling]")


def test_the_play_page_marks_each_summary_as_printed_elsewhere() -> None:
    import json

    from frogspec.site.learn import play_page_marks, summary_line

    block = play_page_marks()
    found = re.search(
        r'<script type="application/json" id="fp-summary-marks">(.*?)</script>', block
    )
    assert found is not None
    marks = json.loads(found.group(1))
    for ruleset_id in RULESETS:
        printed = summary_line(ruleset_id).removeprefix(escape(RULESETS[ruleset_id].summary))
        assert marks.get(ruleset_id, "") == printed.replace("**", "").strip(), ruleset_id
    assert "A summary marked **[ruling]**" in block
    page = (Path(__file__).resolve().parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    assert "print(play_page_marks())" in page
    script = (Path(__file__).resolve().parents[2] / "docs" / "javascripts" / "play.js").read_text(
        encoding="utf-8"
    )
    assert 'getElementById("fp-summary-marks")' in script
