"""Citing rules and sources: plain text, BibTeX and CSL-JSON.

A rule is cited as the rulebook's section (the permanent rule id) together with the
sources it stands on; a source by its bibliographic data.

>>> from frogspec.sources import FOSTER_1909
>>> print(bibtex(FOSTER_1909).splitlines()[0])
@book{foster-1909,
>>> csl_json(FOSTER_1909)["type"]
'book'
>>> cite_rule_text("play.must-trump").startswith("frogspec, rule play.must-trump")
True
"""

from __future__ import annotations

import re
from typing import Any

from frogspec import __version__
from frogspec.registry import Rule, get_rule
from frogspec.sources import ALL_SOURCES, Source

__all__ = [
    "FORMATS",
    "RULEBOOK_TITLE",
    "bibtex",
    "bibtex_all",
    "cite_rule",
    "cite_rule_bibtex",
    "cite_rule_csl",
    "cite_rule_text",
    "csl_json",
]

RULEBOOK_TITLE = "frogspec: the reference specification of the card game Frog"
FORMATS = ("text", "bibtex", "csl-json")

_CSL_TYPES = {
    "book": "book",
    "encyclopedia-article": "entry-encyclopedia",
    "web-page": "webpage",
}


def _bib_escape(text: str) -> str:
    return re.sub(r"([&%$#_{}])", r"\\\1", text)


def _bib_value(name: str, value: str) -> str:
    if name == "url":
        return value
    if name == "title":  # an extra pair of braces keeps the title's capitals
        return "{" + _bib_escape(value) + "}"
    return _bib_escape(value)


def _pages_bib(pages: str) -> str:
    return pages.replace("–", "--")


def bibtex(source: Source) -> str:
    """A BibTeX entry for a source."""
    kind = {"book": "book", "encyclopedia-article": "incollection", "web-page": "online"}[
        source.kind
    ]
    fields: list[tuple[str, str]] = []
    if source.authors:
        fields.append(("author", " and ".join(source.authors)))
    if source.editors:
        fields.append(("editor", " and ".join(source.editors)))
    fields.append(("title", source.title))
    if source.container:
        fields.append(("booktitle" if kind == "incollection" else "organization", source.container))
    if source.edition:
        fields.append(("edition", source.edition))
    if source.volume:
        fields.append(("volume", source.volume))
    if source.publisher:
        fields.append(("publisher", source.publisher))
    if source.place:
        fields.append(("address", source.place))
    if source.year:
        fields.append(("year", str(source.year)))
    if source.pages:
        fields.append(("pages", _pages_bib(source.pages)))
    if source.isbn:
        fields.append(("isbn", source.isbn))
    if source.url:
        fields.append(("url", source.url))
    notes = [n for n in (source.revision, source.reached) if n]
    if notes:
        fields.append(("note", ". ".join(n.rstrip(".") for n in notes) + "."))
    body = ",\n".join(f"  {name} = {{{_bib_value(name, value)}}}" for name, value in fields)
    return f"@{kind}{{{source.key},\n{body}\n}}"


def bibtex_all() -> str:
    """BibTeX entries for the whole bibliography."""
    return "\n\n".join(bibtex(s) for s in ALL_SOURCES) + "\n"


def _names(names: tuple[str, ...]) -> list[dict[str, str]]:
    result = []
    for name in names:
        family, _, given = name.partition(", ")
        result.append({"family": family, "given": given} if given else {"literal": name})
    return result


def csl_json(source: Source) -> dict[str, Any]:
    """A CSL-JSON item for a source."""
    item: dict[str, Any] = {
        "id": source.key,
        "type": _CSL_TYPES[source.kind],
        "title": source.title,
    }
    if source.authors:
        item["author"] = _names(source.authors)
    if source.editors:
        item["editor"] = _names(source.editors)
    if source.container:
        item["container-title"] = source.container
    if source.edition:
        item["edition"] = source.edition
    if source.volume:
        item["volume"] = source.volume
    if source.publisher:
        item["publisher"] = source.publisher
    if source.place:
        item["publisher-place"] = source.place
    if source.year:
        item["issued"] = {"date-parts": [[source.year]]}
    if source.pages:
        item["page"] = source.pages
    if source.isbn:
        item["ISBN"] = source.isbn
    if source.url:
        item["URL"] = source.url
    notes = [n for n in (source.revision, source.reached) if n]
    if notes:
        item["note"] = " ".join(notes)
    return item


def _rule(rule: Rule | str) -> Rule:
    return rule if isinstance(rule, Rule) else get_rule(rule)


def cite_rule_text(rule: Rule | str) -> str:
    """A plain-text citation of a rule: the rulebook section, then its sources."""
    entry = _rule(rule)
    lines = [
        f"frogspec, rule {entry.id}: “{entry.statement}” In {RULEBOOK_TITLE}, version "
        f"{__version__}." + (" Editorial ruling." if entry.editorial else "")
    ]
    for citation in entry.citations:
        lines.append(f"  Source: {citation.text()}")
    return "\n".join(lines)


def cite_rule_bibtex(rule: Rule | str) -> str:
    """A BibTeX entry for a rule, followed by the entries of the sources it cites."""
    entry = _rule(rule)
    keys: list[str] = []
    for citation in entry.citations:
        for source in (citation.source, citation.reported_by):
            if source is not None and source.key not in keys:
                keys.append(source.key)
    note = "Editorial ruling" if entry.editorial else "Sources: " + ", ".join(keys)
    head = (
        f"@misc{{frogspec-{entry.id.replace('.', '-')},\n"
        f"  title = {{{_bib_escape(entry.id)}: {_bib_escape(entry.statement)}}},\n"
        f"  howpublished = {{{RULEBOOK_TITLE}, version {__version__}}},\n"
        f"  note = {{{_bib_escape(note)}}}\n}}"
    )
    sources = [bibtex(s) for s in ALL_SOURCES if s.key in keys]
    return "\n\n".join([head, *sources])


def cite_rule_csl(rule: Rule | str) -> list[dict[str, Any]]:
    """CSL-JSON items: the rule, then the sources it cites."""
    entry = _rule(rule)
    keys: list[str] = []
    for citation in entry.citations:
        for source in (citation.source, citation.reported_by):
            if source is not None and source.key not in keys:
                keys.append(source.key)
    item: dict[str, Any] = {
        "id": f"frogspec-{entry.id.replace('.', '-')}",
        "type": "entry",
        "title": f"{entry.id}: {entry.statement}",
        "container-title": RULEBOOK_TITLE,
        "version": __version__,
        "note": "Editorial ruling" if entry.editorial else "Sources: " + ", ".join(keys),
    }
    return [item, *(csl_json(s) for s in ALL_SOURCES if s.key in keys)]


def cite_rule(rule: Rule | str, fmt: str = "text") -> str:
    """A citation of a rule in ``fmt``: ``text``, ``bibtex`` or ``csl-json``."""
    import json

    if fmt == "text":
        return cite_rule_text(rule)
    if fmt == "bibtex":
        return cite_rule_bibtex(rule)
    if fmt == "csl-json":
        return json.dumps(cite_rule_csl(rule), indent=2, ensure_ascii=False)
    raise ValueError(f"unknown citation format {fmt!r}: one of {', '.join(FORMATS)}")
