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

import pytest

from frogspec.registry import Rule, all_rules, get_rule
from frogspec.sources import FOSTER_1909, GAMERULES, cite
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
