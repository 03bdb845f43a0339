"""A sourced statement adds nothing to the quotes of each source it is attributed to, or
says what it adds.

For every sourced rule and every source whose citation states it,
:func:`frogspec.wording.added_words` lists the statement's content words that none of *that
source's* quotes contain: another source's words never cover them. Each must be accepted in
the reviewed table (:data:`frogspec.wording.ACCEPTED`) with a reason; a word of kind
``reading`` is allowed only on a rule that carries a reading, which its page shows with the
*reading* badge.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from frogspec.registry import Rule, all_rules, get_rule
from frogspec.sources import (
    ALL_SOURCES,
    FOSTER_1909,
    GAMERULES,
    WIKIPEDIA_FROG,
    cite,
    held_text,
)
from frogspec.wording import (
    ACCEPTED,
    acceptance,
    added_words,
    attributed_sources,
    content_words,
)

SOURCED = [r for r in all_rules() if not r.editorial]


@pytest.mark.parametrize("entry", SOURCED, ids=lambda r: r.id)
def test_every_added_word_is_accepted_for_its_source_with_a_reason(entry: Rule) -> None:
    assert attributed_sources(entry), entry.id
    for source in attributed_sources(entry):
        for word in added_words(entry, source):
            accepted = acceptance(entry, word, source)
            assert accepted is not None, (
                f"{entry.id}: {word!r} is in no quote of {source} and not accepted"
            )
            assert accepted.reason.strip(), (entry.id, source, word)
            if accepted.kind == "reading":
                assert entry.reading, f"{entry.id} adds {word!r} but carries no reading"


def test_the_table_names_only_words_a_statement_adds() -> None:
    # A stale entry would accept a word the statement no longer uses, or a rule that is gone.
    used: dict[str, set[str]] = {"*": set()}
    for entry in SOURCED:
        for source in attributed_sources(entry):
            words = set(added_words(entry, source))
            used["*"] |= words
            used.setdefault(entry.id, set()).update(words)
            used.setdefault(f"{entry.id}@{source}", set()).update(words)
    for key, accepted in ACCEPTED.items():
        assert key in used, key
        assert set(accepted) <= used[key], (key, set(accepted) - used[key])


def test_one_sources_words_never_cover_anothers_statement() -> None:
    # Foster's quote says "play a trump"; the web page's alone would not cover "suit".
    entry = get_rule("play.must-trump")
    page_only = dataclasses.replace(
        entry,
        citations=(
            entry.citations[0],
            cite(GAMERULES, None, "If they cannot, they must play a trump if they can."),
        ),
    )
    assert "suit" not in added_words(page_only, FOSTER_1909.key)
    assert "suit" in added_words(page_only, GAMERULES.key)


def test_a_word_the_quotes_lack_is_found() -> None:
    entry = get_rule("play.must-trump")
    widened = dataclasses.replace(entry, statement=entry.statement[:-1] + " on Sundays.")
    assert "sundays" in added_words(widened, FOSTER_1909.key)
    assert acceptance(widened, "sundays", FOSTER_1909.key) is None


def test_a_context_quote_is_not_an_attribution() -> None:
    # The 1922 rules are credited with "increased to seven"; the article's "Three to five"
    # frames the rule, and "three" is the rule's reading.
    entry = get_rule("seats.players-3-to-7")
    assert attributed_sources(entry) == ("official-rules-1922",)
    assert "three" in added_words(entry, "official-rules-1922")
    accepted = acceptance(entry, "three", "official-rules-1922")
    assert accepted is not None and accepted.kind == "reading" and entry.reading


def test_words_are_compared_without_endings_numbers_or_card_letters() -> None:
    assert content_words("The Ace counts") == ["ace", "counts"]
    assert "36" in content_words("thirty-six cards")
    fake = get_rule("match.bank-120-chips")
    (source,) = attributed_sources(fake)
    assert "eleven" not in added_words(fake, source) and "ten" not in added_words(fake, source)


# ------------------------------------------------------------- the reasons quote their sources

# A quoted fragment in a reason: 'in single quotes' (not an apostrophe: no letter outside),
# “curly” or "straight" double quotes.
_FRAGMENT = re.compile(r"(?<![\w])'(.+?)'(?![\w])|“(.+?)”|\"(.+?)\"")
# The sources a reason names for the fragment that follows ("Foster's 'is worth'", "the
# article's and the page's 'A score of 60'") or that it names after it ("(the page)").
_NAMED_BEFORE = re.compile(r"((?:(?:Foster's|the article's|the page's)(?:,? and )?)+)\s*$")
_NAMED_AFTER = re.compile(r"^\s*\((the article|the page|Foster)\)")
_NAMES = {"Foster": FOSTER_1909.key, "article": WIKIPEDIA_FROG.key, "page": GAMERULES.key}


def _typeset(text: str) -> str:
    # Compared as words: line breaks and typographic apostrophes and quotes do not count.
    text = text.replace("’", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text)


def _stands_in(fragment: str, text: str) -> bool:
    """``fragment`` stands verbatim in ``text``: "..." marks words left out, and a word in
    [brackets] is ours (a letter added, a misprint replaced)."""
    pieces = [p.strip() for p in re.split(r"\.\.\.|…|\[[^\]]*\]", fragment) if p.strip()]
    position = 0
    for piece in pieces:
        found = text.find(piece, position)
        if found < 0:
            return False
        position = found + len(piece)
    return bool(pieces)


def _quoted_sources(key: str) -> set[str]:
    """The held texts a table entry's reason may quote unnamed: those of the entry's source,
    or of every source its rule is attributed to (through the reporter for a source we
    hold no text of); of every source for ``"*"``."""
    if key == "*":
        return {s.key for s in ALL_SOURCES if s.held}
    rule_id, _, only = key.partition("@")
    entry = get_rule(rule_id)
    wanted = {only} if only else set(attributed_sources(entry))
    return {c.quoted_source.key for c in entry.citations if c.source.key in wanted}


def quotes_not_in_their_sources(key: str, reason: str) -> list[str]:
    """The fragments a reason quotes that do not stand in the text of the source they are
    given as: the one the reason names, else the entry's own."""
    texts = {s.key: _typeset(held_text(s)) for s in ALL_SOURCES if s.held}
    wrong = []
    previous_end = 0
    for match in _FRAGMENT.finditer(reason):
        fragment = next(group for group in match.groups() if group)
        before = _NAMED_BEFORE.search(reason[previous_end : match.start()])
        after = _NAMED_AFTER.match(reason[match.end() :])
        named = before.group(1) if before else after.group(1) if after else ""
        sources = {key for name, key in _NAMES.items() if name in named}
        # A reason that names sources quotes each of them; else one of the entry's own.
        if sources:
            ok = all(_stands_in(_typeset(fragment), texts[s]) for s in sources)
        else:
            ok = any(_stands_in(_typeset(fragment), texts[s]) for s in _quoted_sources(key))
        if not ok:
            wrong.append(fragment)
        previous_end = match.end()
    return wrong


def test_every_quote_in_a_reason_stands_in_the_source_it_is_given_as() -> None:
    wrong = {
        (key, word, fragment)
        for key, words in ACCEPTED.items()
        for word, accepted in words.items()
        for fragment in quotes_not_in_their_sources(key, accepted.reason)
    }
    assert not wrong


def test_a_quote_in_a_reason_is_checked_against_the_source_it_names() -> None:
    assert quotes_not_in_their_sources("play.follow-suit", "Foster's 'if they can'") == []
    # The article's words are not the page's, nor are the rulebook's own a source's.
    assert quotes_not_in_their_sources("play.follow-suit", "the page's 'if possible'") == [
        "if possible"
    ]
    assert quotes_not_in_their_sources("play.must-trump", "'if he holds one'") == [
        "if he holds one"
    ]
    # Case counts; words left out and bracketed words of ours do not.
    assert quotes_not_in_their_sources("*", "'the number of possible players'") == [
        "the number of possible players"
    ]
    assert quotes_not_in_their_sources("*", "'Even if they do not [choose] to exchange'") == []
    assert quotes_not_in_their_sources("*", "Foster's 'must be paid ... by each'") == []
    # An apostrophe is not a quotation mark.
    assert quotes_not_in_their_sources("*", "the rulebook's word for the dealer's seat") == []
