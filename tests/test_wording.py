"""A sourced statement adds nothing to its quotes, or says what it adds.

For every sourced rule, :func:`frogspec.wording.added_words` lists the statement's content
words that none of its quotes contain. Each must be accepted in the reviewed table
(:data:`frogspec.wording.ACCEPTED`) with a reason; a word of kind ``reading`` is allowed
only on a rule that carries a reading, which its page shows with the *reading* badge.
"""

from __future__ import annotations

import dataclasses

import pytest

from frogspec.registry import Rule, all_rules, get_rule
from frogspec.wording import ACCEPTED, acceptance, added_words, content_words

SOURCED = [r for r in all_rules() if not r.editorial]


@pytest.mark.parametrize("entry", SOURCED, ids=lambda r: r.id)
def test_every_added_word_is_accepted_with_a_reason(entry: Rule) -> None:
    for word in added_words(entry):
        accepted = acceptance(entry, word)
        assert accepted is not None, f"{entry.id}: {word!r} is in no quote and not accepted"
        assert accepted.reason.strip(), (entry.id, word)
        if accepted.kind == "reading":
            assert entry.reading, f"{entry.id} adds {word!r} but carries no reading"


def test_the_table_names_only_words_a_statement_adds() -> None:
    # A stale entry would accept a word the statement no longer uses, or a rule that is gone.
    sourced = {r.id: r for r in SOURCED}
    for rule_id, words in ACCEPTED.items():
        if rule_id == "*":
            used = {w for r in SOURCED for w in added_words(r)}
            assert set(words) <= used, set(words) - used
            continue
        assert rule_id in sourced, rule_id
        assert set(words) <= set(added_words(sourced[rule_id])), rule_id


def test_a_word_the_quotes_lack_is_found() -> None:
    entry = get_rule("play.must-trump")
    widened = dataclasses.replace(entry, statement=entry.statement[:-1] + " on Sundays.")
    assert "sundays" in added_words(widened)
    assert acceptance(widened, "sundays") is None


def test_words_are_compared_without_endings_numbers_or_card_letters() -> None:
    assert content_words("The Ace counts") == ["ace", "counts"]
    fake = get_rule("match.bank-120-chips")
    assert "eleven" not in added_words(fake) and "ten" not in added_words(fake)
