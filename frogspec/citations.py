"""Citing rules and sources: plain text, BibTeX and CSL-JSON.

A rule is cited as a section of the rulebook (its permanent id and statement) by its
authors, with the rulebook's title, version and release date, its address on the site when
the site's address is configured (``FROGSPEC_SITE_URL``), and the sources it rests on. A
source is cited by its bibliographic data. Citing several rules gives one bibliography: each
rule's entry, then each source once.

>>> from frogspec.sources import FOSTER_1909
>>> print(bibtex(FOSTER_1909).splitlines()[0])
@book{foster-1909,
>>> csl_json(FOSTER_1909)["type"]
'book'
>>> cite_rule_text("play.must-trump").startswith("The frogspec authors (2026). “play.must-trump")
True
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

from frogspec import __release_date__, __version__
from frogspec.errors import InvalidInputError
from frogspec.registry import Rule, get_rule
from frogspec.sources import ALL_SOURCES, Source

__all__ = [
    "AUTHOR",
    "FORMATS",
    "NOT_CONSULTED_HEAD",
    "RULEBOOK_TITLE",
    "SITE_URL_VARIABLE",
    "bibtex",
    "bibtex_all",
    "cite_rule",
    "cite_rule_bibtex",
    "cite_rule_csl",
    "cite_rule_text",
    "cite_rules",
    "csl_json",
    "not_consulted_entry",
    "rule_key",
    "rule_url",
    "site_url",
    "sources_of",
    "unseen_sources_of",
]

RULEBOOK_TITLE = "frogspec: the reference specification of the card game Frog"
#: The rulebook's author, as ``CITATION.cff`` names it.
AUTHOR = "The frogspec authors"
FORMATS = ("text", "bibtex", "csl-json")
#: The environment variable that holds the rulebook site's address (also read by
#: ``mkdocs.yml`` as its ``site_url``). Unset, citations carry no address.
SITE_URL_VARIABLE = "FROGSPEC_SITE_URL"


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def site_url() -> str | None:
    """The rulebook's address from ``FROGSPEC_SITE_URL``, ending in ``/``; ``None`` if unset.

    A value that is not an ``http`` or ``https`` address raises :class:`InvalidInputError`.
    """
    value = os.environ.get(SITE_URL_VARIABLE, "").strip()
    if not value:
        return None
    if not re.match(r"^https?://[^\s/]+", value):
        raise InvalidInputError(f"{SITE_URL_VARIABLE} must be an http(s) address, got {value!r}")
    return value if value.endswith("/") else value + "/"


def rule_url(rule: Rule | str) -> str | None:
    """The rule's address on the rulebook site, or ``None`` when the site's is not set.

    >>> import os
    >>> os.environ["FROGSPEC_SITE_URL"] = "https://rules.example.org/frog"
    >>> rule_url("play.must-trump")
    'https://rules.example.org/frog/rules/play/#play-must-trump'
    >>> del os.environ["FROGSPEC_SITE_URL"]
    >>> rule_url("play.must-trump") is None
    True
    """
    base = site_url()
    if base is None:
        return None
    entry = _rule(rule)
    return f"{base}rules/{entry.topic}/#{entry.anchor}"


def _bib_escape(text: str) -> str:
    return re.sub(r"([&%$#_{}])", r"\\\1", text)


def _bib_value(name: str, value: str) -> str:
    if name == "url":
        return value
    # Extra braces keep a title's capitals (and a rule id's case).
    if name == "title":
        return "{" + _bib_escape(value) + "}"
    if name in ("author", "editor"):
        # A name without "Family, Given" is one corporate name, braced so that no style
        # splits it into given and family names.
        return " and ".join(
            _bib_escape(n) if ", " in n else "{" + _bib_escape(n) + "}"
            for n in value.split(" and ")
        )
    return _bib_escape(value)


def _pages_bib(pages: str) -> str:
    return pages.replace("–", "--")


def _bib_entry(kind: str, key: str, fields: Sequence[tuple[str, str]]) -> str:
    body = ",\n".join(f"  {name} = {{{_bib_value(name, value)}}}" for name, value in fields)
    return f"@{kind}{{{key},\n{body}\n}}"


def _bib_kind(source: Source) -> str:
    # Entry types classic BibTeX knows, each with the fields its styles require: a book with
    # an author or editor; anything else (a work with no author, an encyclopedia entry, a
    # wiki article, a web page) is @misc, whose howpublished says where it stands.
    if source.kind == "book" and (source.authors or source.editors):
        return "book"
    return "misc"


def _caveat(source: Source) -> str | None:
    return f"{_capital(source.caveat)}." if source.caveat else None


def _published_in(source: Source) -> str | None:
    """Where a @misc entry stands: its container, edition, volume, pages and publisher."""
    parts: list[str] = []
    if source.container:
        parts.append(f"In {source.container}")
    if source.edition:
        parts.append(f"{source.edition} ed.")
    if source.volume:
        parts.append(f"vol. {source.volume}")
    where = ": ".join(p for p in (source.place, source.publisher) if p)
    if where:
        parts.append(where)
    if source.pages and source.pages_given_by is None:
        parts.append(f"{_page_label(source.pages)} {source.pages}")
    return ", ".join(parts) or source.howpublished


def bibtex(source: Source) -> str:
    """A BibTeX entry for a source, of a type classic BibTeX knows, that pybtex's styles
    render: its caveats (not consulted; pages not checked; edition; our copy and its date)
    in ``note``, which every style prints. No ``urldate``: nobody recorded a visit.

    >>> from frogspec.sources import HOYLE_1907
    >>> print(bibtex(HOYLE_1907))
    @misc{hoyle-1907,
      key = {Hoyle's Games},
      title = {{Hoyle's Games}},
      howpublished = {New York: McClure, pp. 241–242},
      year = {1907},
      note = {Not consulted: known only from Wikipedia (rev. 1222580806), which gives its pages.}
    }
    """
    kind = _bib_kind(source)
    fields: list[tuple[str, str]] = []
    if source.authors:
        fields.append(("author", " and ".join(source.authors)))
    else:
        # Sorts and labels a work with no author by its own name.
        fields.append(("key", source.title))
    if source.editors:
        fields.append(("editor", " and ".join(source.editors)))
    fields.append(("title", source.title))
    if kind == "book":
        if source.edition:
            fields.append(("edition", source.edition))
        if source.volume:
            fields.append(("volume", source.volume))
        if source.publisher:
            fields.append(("publisher", source.publisher))
        if source.place:
            fields.append(("address", source.place))
    else:
        published = _published_in(source)
        if published:
            fields.append(("howpublished", published))
    if source.year:
        fields.append(("year", str(source.year)))
    if source.pages and kind == "book":
        fields.append(("pages", _pages_bib(source.pages)))
    if source.isbn:
        fields.append(("isbn", source.isbn))
    if source.url:
        fields.append(("url", source.url))
    note = _caveat(source)
    if note:
        fields.append(("note", note))
    return _bib_entry(kind, source.key, fields)


def bibtex_all() -> str:
    """BibTeX entries for the whole bibliography."""
    return "\n\n".join(bibtex(s) for s in ALL_SOURCES) + "\n"


def _names(names: tuple[str, ...]) -> list[dict[str, str]]:
    result = []
    for name in names:
        family, _, given = name.partition(", ")
        result.append({"family": family, "given": given} if given else {"literal": name})
    return result


def _date_parts(iso: str) -> dict[str, list[list[int]]]:
    return {"date-parts": [[int(part) for part in iso.split("-")]]}


def _as_written(text: str) -> str:
    """A CSL-JSON value no style may re-case (a rule id, the rulebook's lower-case name)."""
    return f'<span class="nocase">{text}</span>'


def csl_json(source: Source) -> dict[str, Any]:
    """A CSL-JSON item for a source, that Harvard, Chicago author-date and APA render with
    each caveat (in ``medium``, which all three print) and the work's name once.

    A work with no author is listed by its own name in the author's place (an encyclopedia
    entry by the encyclopedia's), so that no style prints the name twice. No ``accessed``:
    the date we have is our copy's, in the caveat.

    >>> from frogspec.sources import HOYLE_1907
    >>> item = csl_json(HOYLE_1907)
    >>> item["author"], "title" in item
    ([{'literal': "Hoyle's Games"}], False)
    """
    item: dict[str, Any] = {"id": source.key}
    # A printed encyclopedia's entry is listed as its volume, a book: the one type whose
    # caveat, edition and place all three styles print.
    printed = source.kind == "book" or bool(source.publisher)
    item["type"] = "book" if printed else "webpage"
    medium = [source.caveat] if source.caveat else []
    # Pages that come from another source are given only in the caveat, which says so.
    pages = source.pages if source.pages_given_by is None else None
    if source.authors:
        item["author"] = _names(source.authors)
        item["title"] = source.title
        if source.container:
            item["container-title"] = source.container
    elif source.container:
        item["author"] = [{"literal": source.container}]
        item["title"] = source.title
        if source.volume and pages:
            # Its place in the volume, which not every style prints for a book.
            medium.insert(0, f"vol. {source.volume}, {_page_label(pages)} {pages}")
            pages = None
    else:
        item["author"] = [{"literal": source.title}]
    if source.editors:
        item["editor"] = _names(source.editors)
    if source.edition:
        item["edition"] = source.edition
    if source.volume and pages:
        item["volume"] = source.volume
    if source.publisher:
        item["publisher"] = source.publisher
    if source.place:
        item["publisher-place"] = source.place
    if source.year:
        item["issued"] = {"date-parts": [[source.year]]}
    if pages:
        item["page"] = pages
    if source.isbn:
        item["ISBN"] = source.isbn
    if source.url:
        item["URL"] = source.url
    if medium:
        item["medium"] = "; ".join(medium)
    if source.caveat:
        item["note"] = source.caveat
    return item


def _rule(rule: Rule | str) -> Rule:
    return rule if isinstance(rule, Rule) else get_rule(rule)


def rule_key(rule: Rule | str) -> str:
    """The citation key of a rule: ``frogspec-play-must-trump``."""
    return "frogspec-" + _rule(rule).anchor


def sources_of(rule: Rule | str) -> tuple[Source, ...]:
    """The works a rule's citations were read in, in the bibliography's order: each cited
    source whose text we hold, and each source that reports one we do not hold.

    A book we have not seen is never among them (see :func:`unseen_sources_of`).

    >>> [s.key for s in sources_of("deal.packets-4-3-3-4")]
    ['wikipedia-frog']
    """
    entry = _rule(rule)
    keys: set[str] = set()
    for citation in entry.citations:
        keys.add(citation.quoted_source.key)
        if citation.source.held is not None:
            keys.add(citation.source.key)
    return tuple(s for s in ALL_SOURCES if s.key in keys)


def unseen_sources_of(rule: Rule | str) -> tuple[Source, ...]:
    """The books a rule's citations name that we have not consulted: known only as
    reported by a source we hold, or named by it as examples."""
    entry = _rule(rule)
    keys: set[str] = set()
    for citation in entry.citations:
        if citation.source.held is None:
            keys.add(citation.source.key)
        keys.update(s.key for s in citation.examples if s.held is None)
    return tuple(s for s in ALL_SOURCES if s.key in keys)


def _reporter(source: Source) -> str:
    # "Wikipedia (rev. 1222580806)" reads "Wikipedia, rev. 1222580806" inside a sentence.
    return (
        source.short.replace(" (rev. ", ", rev. ").removesuffix(")")
        if "(rev. " in (source.short)
        else source.short
    )


def _second_hand(entry: Rule) -> list[str]:
    """Each unseen book the rule rests on, named with the source that reports it."""
    trail: list[str] = []
    for citation in entry.citations:
        if citation.reported_by is not None and citation.source.held is None:
            book = citation.source
            year = f" ({book.year})" if book.year else ""
            pages = f", {_page_label(citation.pages)} {citation.pages}" if citation.pages else ""
            text = f"{book.title}{year}{pages}, as reported by {_reporter(citation.reported_by)}"
        elif citation.examples:
            named = ", ".join(s.short for s in citation.examples)
            text = (
                f"{_reporter(citation.quoted_source)}, which names {named} as examples "
                "(not consulted)"
            )
        else:
            continue
        if text not in trail:
            trail.append(text)
    return trail


def _page_label(pages: str) -> str:
    return "pp." if re.search(r"[–-]", pages) else "p."


def _kind_text(entry: Rule) -> str:
    """What the rule is, as every citation of it says: an editorial ruling names the
    sources it interprets (never as its author); a sourced rule says when it carries our
    reading.

    >>> _kind_text(get_rule("settlement.fixed-25-50-75"))
    'editorial ruling of the rulebook, interpreting Wikipedia (rev. 1222580806)'
    >>> _kind_text(get_rule("auction.one-bid-each"))
    "sourced rule, with the rulebook's reading"
    """
    if entry.editorial:
        shorts = [s.short for s in sources_of(entry)]
        interpreted = (
            " and ".join(filter(None, (", ".join(shorts[:-1]), shorts[-1]))) if shorts else ""
        )
        return "editorial ruling of the rulebook" + (
            f", interpreting {interpreted}" if interpreted else ""
        )
    return "sourced rule, with the rulebook's reading" if entry.reading else "sourced rule"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rests_on(entry: Rule) -> str:
    shorts = ", ".join(s.short for s in sources_of(entry))
    if not shorts:
        return "No source speaks to it."
    verb = "Interprets" if entry.editorial else "Rests on"
    text = f"{verb}: {shorts}."
    trail = [] if entry.editorial else _second_hand(entry)
    if trail:
        text += f" Second-hand: {'; '.join(trail)}."
    return text


def _rule_title(entry: Rule) -> str:
    """The rule's title with what it is in brackets, so that every style prints it: an
    editorial ruling as the rulebook's own, interpreting its sources; a sourced rule
    resting on a book we have not seen names the book and its reporter."""
    bracket = [_kind_text(entry)]
    if not entry.editorial:
        bracket += _second_hand(entry)
    return f"{entry.id}: {entry.statement.removesuffix('.')} [{'; '.join(bracket)}]"


def _year() -> str:
    return __release_date__[:4]


def _edition() -> str:
    return f"{RULEBOOK_TITLE}, version {__version__}"


def cite_rule_text(rule: Rule | str) -> str:
    """A plain-text citation of a rule: who, when, what, where; then its sources."""
    entry = _rule(rule)
    url = rule_url(entry)
    head = (
        f"{AUTHOR} ({_year()}). “{entry.id}: {entry.statement}” In {_edition()} "
        f"({__release_date__}), rule {entry.id}. {_capital(_kind_text(entry))}."
    )
    if url:
        head += f" {url}"
    lines = [head, f"  {_rests_on(entry)}"]
    for citation in entry.citations:
        label = "Interprets" if entry.editorial else "Context" if citation.context else "Source"
        lines.append(f"  {label}: {citation.text(page_note=True)}")
    unseen = unseen_sources_of(entry)
    if unseen:
        lines.append(f"  Not consulted: {', '.join(s.short for s in unseen)}.")
    return "\n".join(lines)


def _rule_bibtex_entry(entry: Rule) -> str:
    year, month, _ = __release_date__.split("-")
    keys = ", ".join(s.key for s in sources_of(entry))
    note = f"Rule {entry.id}."
    if keys:
        note += f" {'Interprets' if entry.editorial else 'Rests on'}: {keys}."
    fields: list[tuple[str, str]] = [
        ("author", AUTHOR),
        ("title", _rule_title(entry)),
        ("howpublished", f"In {_edition()}"),
        ("year", year),
        ("month", _MONTHS[int(month) - 1]),
    ]
    url = rule_url(entry)
    if url:
        fields.append(("url", url))
    fields.append(("note", note))
    body = ",\n".join(
        # A month is a BibTeX macro (dec), written bare.
        f"  {name} = {value}" if name == "month" else f"  {name} = {{{_bib_value(name, value)}}}"
        for name, value in fields
    )
    return f"@misc{{{rule_key(entry)},\n{body}\n}}"


def _rule_csl_item(entry: Rule) -> dict[str, Any]:
    # A section of the rulebook: "chapter" is the type whose container, with the version in
    # it, Harvard, Chicago author-date and APA all print. Rule ids keep their case.
    item: dict[str, Any] = {
        "id": rule_key(entry),
        "type": "chapter",
        "author": [{"literal": AUTHOR}],
        "title": _as_written(_rule_title(entry)),
        "container-title": _as_written(_edition()),
        "issued": _date_parts(__release_date__),
        "section": entry.id,
        "note": f"{_capital(_kind_text(entry))}. {_rests_on(entry)}",
    }
    url = rule_url(entry)
    if url:
        item["URL"] = url
    return item


def _many(rules: Iterable[Rule | str]) -> list[Rule]:
    unique: dict[str, Rule] = {}
    for rule in rules:
        entry = _rule(rule)
        unique.setdefault(entry.id, entry)
    if not unique:
        raise ValueError("no rule to cite")
    return list(unique.values())


def _sources_of_all(entries: Sequence[Rule]) -> list[Source]:
    keys = {s.key for entry in entries for s in sources_of(entry)}
    return [s for s in ALL_SOURCES if s.key in keys]


#: How the BibTeX comment that lists the books not consulted begins.
NOT_CONSULTED_HEAD = "@comment{Not consulted, named only by the sources above: "


def not_consulted_entry(source: Source) -> str:
    """A book we have not seen, as the BibTeX comment of books not consulted lists it."""
    return f"{source.reference()} ({source.reached})".replace("{", "(").replace("}", ")")


def _not_consulted(entries: Sequence[Rule]) -> str | None:
    keys = {s.key for entry in entries for s in unseen_sources_of(entry)}
    unseen = [s for s in ALL_SOURCES if s.key in keys]
    if not unseen:
        return None
    return NOT_CONSULTED_HEAD + "; ".join(not_consulted_entry(s) for s in unseen) + "}"


def cite_rule_bibtex(rule: Rule | str, *more: Rule | str) -> str:
    """BibTeX for one or more rules: each rule's entry, then each source it was read in,
    once; books not consulted are listed apart, in a comment no style renders as cited."""
    entries = _many((rule, *more))
    parts = [_rule_bibtex_entry(e) for e in entries]
    parts += [bibtex(s) for s in _sources_of_all(entries)]
    unseen = _not_consulted(entries)
    if unseen:
        parts.append(unseen)
    return "\n\n".join(parts)


def cite_rule_csl(rule: Rule | str, *more: Rule | str) -> list[dict[str, Any]]:
    """CSL-JSON items for one or more rules: the rules, then each source they rest on, once."""
    entries = _many((rule, *more))
    return [
        *(_rule_csl_item(e) for e in entries),
        *(csl_json(s) for s in _sources_of_all(entries)),
    ]


def cite_rules(rules: Sequence[Rule | str], fmt: str = "text") -> str:
    """A citation of one or more rules in ``fmt`` (``text``, ``bibtex`` or ``csl-json``): one
    bibliography, each source once, no key twice."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown citation format {fmt!r}: one of {', '.join(FORMATS)}")
    entries = _many(rules)
    if fmt == "text":
        return "\n\n".join(cite_rule_text(e) for e in entries)
    if fmt == "bibtex":
        return cite_rule_bibtex(*entries)
    return json.dumps(cite_rule_csl(*entries), indent=2, ensure_ascii=False)


def cite_rule(rule: Rule | str, fmt: str = "text") -> str:
    """A citation of one rule in ``fmt``: ``text``, ``bibtex`` or ``csl-json``."""
    return cite_rules([rule], fmt)
