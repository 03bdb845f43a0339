"""Markdown pieces the rulebook's pages are made of: escaping, links, cards, docstrings.

Everything here returns Markdown (with a little inline HTML) as a string; nothing reads or
writes files.

>>> escape("a *starred* [word]")
'a \\\\*starred\\\\* \\\\[word\\\\]'
>>> relative("rules/play.md", "sources.md", "foster-1909")
'../sources.md#foster-1909'
>>> from frogspec.rules.cards import parse_card
>>> print(card_html(parse_card("10H")))
<span class="fs-card fs-red" title="Ten of hearts">10<span class="fs-suit">♥</span></span>
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from frogspec.registry import Rule, get_rule
from frogspec.rules.cards import Card, Suit, card_strength, cards_of, rank_of, suit_of

__all__ = [
    "DISPLAY_SUITS",
    "READING_MARK",
    "RULING_MARK",
    "admonition",
    "card_back_html",
    "card_html",
    "cards_html",
    "docstring_to_markdown",
    "escape",
    "indent",
    "kind_marks",
    "marks_legend",
    "page_of_rule",
    "relative",
    "rule_link",
    "ruleset_link",
    "source_link",
]

_SPECIAL = re.compile(r"([\\`*_\[\]<>|#{}])")


def escape(text: str) -> str:
    """``text`` with every character Markdown would read as markup backslash-escaped."""
    return _SPECIAL.sub(r"\\\1", text)


def indent(text: str, prefix: str = "    ") -> str:
    """Every non-empty line of ``text`` indented by ``prefix`` (for admonition bodies)."""
    return "\n".join(prefix + line if line.strip() else "" for line in text.splitlines())


def admonition(kind: str, title: str, body: str, *, collapsible: bool = False) -> str:
    """A Material admonition: ``!!! kind "title"`` (``???`` when collapsible) with ``body``."""
    marker = "???" if collapsible else "!!!"
    safe_title = title.replace('"', "&quot;")
    return f'{marker} {kind} "{safe_title}"\n\n{indent(body)}\n'


def relative(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """The relative link from one page (a path under ``docs/``) to another, with an anchor."""
    if from_page == to_page:
        target = ""
    else:
        target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{target}#{anchor}" if anchor else target


def page_of_rule(entry: Rule) -> str:
    """The page that holds a rule: the page of its topic."""
    return f"rules/{entry.topic}.md"


def rule_link(rule_id: str, from_page: str, text: str | None = None) -> str:
    """A Markdown link to a rule's section; :class:`UnknownRuleError` for an unknown id."""
    entry = get_rule(rule_id)
    label = text if text is not None else f"`{entry.id}`"
    return f"[{label}]({relative(from_page, page_of_rule(entry), entry.anchor)})"


#: The text marks of what a statement states beyond its sources, printed with the statement:
#: on paper as on the screen, not a colour or a tooltip.
RULING_MARK = "**[ruling]**"
READING_MARK = "**[reading]**"


def kind_marks(rule_ids: Iterable[str], *, plain: bool = False) -> str:
    """The marks of the rules a statement rests on: rulings and readings, as printed text
    (Markdown, or ``plain`` for a tooltip).

    >>> kind_marks(["play.follow-suit"])
    ''
    >>> kind_marks(["play.follow-suit", "trump.chico-any-suit"])
    '**[ruling]**'
    >>> kind_marks(["trump.chico-any-suit"], plain=True)
    '[ruling]'
    """
    entries = [get_rule(rid) for rid in rule_ids]
    marks = []
    if any(e.editorial for e in entries):
        marks.append(RULING_MARK)
    if any(e.reading is not None for e in entries):
        marks.append(READING_MARK)
    text = " ".join(marks)
    return text.replace("**", "") if plain else text


def marks_legend(marked: str = "step") -> str:
    """What the marks mean, said once on each page that uses them; ``marked`` names what
    carries them there (a step, a definition, a summary).

    >>> marks_legend("definition").startswith("A definition marked **[ruling]** states")
    True
    """
    return (
        f"A {marked} marked {RULING_MARK} states an editorial ruling: the rulebook's own, "
        f"where the sources are silent or unclear, with its reasons on the rule's page. "
        f"{READING_MARK} marks our reading of words that admit more than one sense. An "
        f"unmarked {marked} says what the sources say."
    )


def ruleset_link(ruleset_id: str, from_page: str, text: str | None = None) -> str:
    """A Markdown link to a ruleset's page."""
    label = text if text is not None else f"`{ruleset_id}`"
    return f"[{label}]({relative(from_page, f'rulesets/{ruleset_id}.md')})"


def source_link(key: str, from_page: str, text: str) -> str:
    """A Markdown link to a source's entry in the bibliography."""
    return f"[{text}]({relative(from_page, 'sources.md', key)})"


_RANK_NAMES = {
    "A": "Ace",
    "10": "Ten",
    "K": "King",
    "Q": "Queen",
    "J": "Jack",
    "9": "Nine",
    "8": "Eight",
    "7": "Seven",
    "6": "Six",
}

#: The order suits are drawn in on the site: colours alternate, hearts (Frog's trump) first.
DISPLAY_SUITS: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)


def card_html(card: Card) -> str:
    """One card drawn as a small playing card, its suit symbol red or black."""
    suit = suit_of(card)
    colour = "fs-red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "fs-black"
    name = f"{_RANK_NAMES[rank_of(card)]} of {suit.name.lower()}"
    return (
        f'<span class="fs-card {colour}" title="{name}">{rank_of(card)}'
        f'<span class="fs-suit">{suit.symbol}</span></span>'
    )


def card_back_html() -> str:
    """A card lying face down."""
    return '<span class="fs-card fs-back" title="face down">&nbsp;</span>'


def cards_html(cards: int | Iterable[Card], *, sort: bool = True) -> str:
    """Cards drawn in a row: by suit (:data:`DISPLAY_SUITS`) and rank, unless ``sort=False``.

    ``cards`` is a mask or a sequence of cards (kept in its order when ``sort`` is false).
    """
    items = list(cards_of(cards)) if isinstance(cards, int) else list(cards)
    if sort:
        items.sort(key=lambda c: (DISPLAY_SUITS.index(suit_of(c)), -card_strength(c)))
    if not items:
        return '<span class="fs-hand fs-empty">(none)</span>'
    return '<span class="fs-hand">' + "".join(card_html(c) for c in items) + "</span>"


_ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc|obj):`~?([^`]+)`")
_DOCTEST_START = re.compile(r"^(\s*)>>> ")


def docstring_to_markdown(text: str) -> str:
    """A docstring written for ``doctest`` and Sphinx made readable as Markdown.

    Sphinx roles become code spans (``:func:`~a.b`` becomes ```b```), and every run of
    doctest lines (from a ``>>>`` line to the next blank line) is fenced as ``pycon``, so
    that the prompts are not read as Markdown quotes. Blocks already fenced are left as
    they are, so converting twice changes nothing.
    """

    def role(match: re.Match[str]) -> str:
        target = match.group(1)
        return f"`{target.rsplit('.', 1)[-1] if match.group(0).count('~') else target}`"

    lines = _ROLE.sub(role, text).splitlines()
    out: list[str] = []
    fenced = False
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("```"):
            fenced = not fenced
        start = None if fenced else _DOCTEST_START.match(lines[i])
        if start is None:
            out.append(lines[i])
            i += 1
            continue
        margin = len(start.group(1))
        block: list[str] = []
        while i < len(lines) and lines[i].strip() and lines[i][:margin].strip() == "":
            block.append(lines[i][margin:])
            i += 1
        if out and out[-1].strip():
            out.append("")
        out.append(" " * margin + "```pycon")
        out.extend(" " * margin + line for line in block)
        out.append(" " * margin + "```")
    return "\n".join(out)
