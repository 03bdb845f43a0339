"""The rulebook site's generator: every page that is built from code rather than written.

The MkDocs build hook (``docs/_hooks/build.py``) asks :func:`generated_pages` for the
Markdown of the generated pages, :func:`downloads` for the files offered for download, and
:func:`nav_sections` for the pages of the sections whose contents follow the registry.
Nothing here writes files; nothing needs anything beyond the standard library.

>>> pages = generated_pages()
>>> "rules/play.md" in pages and "rulesets/index.md" in pages and "deals/index.md" in pages
True
>>> {"frogspec.bib", "frogspec.csl.json", "cite-data.json"} <= set(downloads())
True
>>> "learn/foster-1909.md" in pages and "glossary.md" in pages
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from frogspec.citations import bibtex_all, csl_json
from frogspec.registry import TOPICS, all_rules
from frogspec.rulesets import RULESETS, Ruleset
from frogspec.served import ROOT
from frogspec.site.annotated import DEALS
from frogspec.site.cite import cite_downloads, cite_page
from frogspec.site.deal_pages import deal_downloads, deal_pages
from frogspec.site.deal_pages import page_path as deal_page_path
from frogspec.site.glossary import glossary_page, link_terms
from frogspec.site.learn import (
    card_page_path,
    how_to_play_page,
    how_to_play_path,
    learn_index_page,
    rules_card_page,
)
from frogspec.site.markup import page_of_rule
from frogspec.site.pages import (
    disagreements_page,
    editorial_page,
    rules_index_page,
    ruleset_page,
    rulesets_matrix_page,
    source_problems_page,
    sources_page,
    topic_page,
)
from frogspec.site.reference import (
    api_modules,
    api_page_path,
    api_pages,
    console_markdown,
    meyers_markdown,
    protocol_downloads,
    protocol_page,
    quote_markdown,
)
from frogspec.site.replay import REPLAY_PAGE, replay_page
from frogspec.site.worth_pages import worth_pages
from frogspec.sources import ALL_SOURCES

__all__ = [
    "ROOT",
    "console_markdown",
    "downloads",
    "generated_pages",
    "link_terms",
    "meyers_markdown",
    "nav_sections",
    "page_ruleset",
    "quote_markdown",
    "unlisted_pages",
    "weigh_search_entries",
    "worth_pages",
]


def nav_sections() -> dict[str, list[str]]:
    """The pages that stand for ``rules/``, ``rulesets/``, ``learn/`` and ``worth/`` in the nav of
    ``mkdocs.yml``."""
    return {
        "rules/": [f"rules/{topic}.md" for topic in TOPICS],
        "rulesets/": [f"rulesets/{rs}.md" for rs in RULESETS],
        "learn/": [how_to_play_path(rs) for rs in RULESETS],
        "worth/": [f"worth/{rs}.md" for rs in RULESETS],
    }


def unlisted_pages() -> list[str]:
    """Generated pages reached by links only, not from the nav: the printable rules cards,
    and each module's page of the API reference (reached from its index)."""
    return [card_page_path(rs) for rs in RULESETS] + [api_page_path(m) for m in api_modules()]


def page_ruleset(page: str) -> Ruleset | None:
    """The ruleset a page is about (a path under ``docs/``): its ruleset page, how to play it,
    its rules card, a deal to read played under it; ``None`` for any other page. On such a
    page the glossary's tooltips speak the ruleset's names (:func:`link_terms`).

    >>> [page_ruleset(p).id for p in ("learn/card-official-1922-solo.md", "deals/solo-1922.md")]
    ['official-1922-solo', 'official-1922-solo']
    >>> page_ruleset("rules/play.md") is None
    True
    """
    for ruleset_id, rs in RULESETS.items():
        if page in (
            f"rulesets/{ruleset_id}.md",
            how_to_play_path(ruleset_id),
            card_page_path(ruleset_id),
            f"worth/{ruleset_id}.md",
        ):
            return rs
    for spec in DEALS:
        if page == deal_page_path(spec):
            return RULESETS[spec.ruleset]
    return None


#: The weight in the site's search of a rule's own section (its statement, its sources'
#: words) and of a section documenting code (its name starts ``frogspec.``), against 1 for
#: any other section: the words of a rule find the rule before the code that implements it
#: or the pages that mention it.
SEARCH_WEIGHTS = {"rule": 8.0, "code": 0.3}


def weigh_search_entries(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries of the site's search index (Material's ``search_index.json``), each rule's
    section and each code section weighed by :data:`SEARCH_WEIGHTS` (times any weight the
    page gives itself).

    >>> rule, code = weigh_search_entries([
    ...     {"location": "rules/play/#play-must-trump", "title": "play.must-trump"},
    ...     {"location": "api/frogspec.engine/#frogspec.engine.apply", "boost": 0.5},
    ... ])
    >>> rule["boost"], code["boost"]
    (8.0, 0.15)
    """
    rules = {f"{page_of_rule(entry).removesuffix('.md')}/#{entry.anchor}" for entry in all_rules()}
    weighed = []
    for entry in entries:
        location = str(entry.get("location", ""))
        weight = 1.0
        if location in rules:
            weight = SEARCH_WEIGHTS["rule"]
        elif location.partition("#")[2].startswith("frogspec."):
            weight = SEARCH_WEIGHTS["code"]
        if weight != 1.0:
            entry = {**entry, "boost": round(float(entry.get("boost", 1.0)) * weight, 6)}
        weighed.append(entry)
    return weighed


def generated_pages(
    spec_dir: Path | None = None, worth: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The Markdown of every generated page, by its path under ``docs/``; ``worth``: the
    hand-worth pages when they are already made (:func:`worth_pages`, the slowest)."""
    pages: dict[str, str] = {"rules/index.md": rules_index_page()}
    pages["learn/index.md"] = learn_index_page()
    for ruleset_id in RULESETS:
        pages[how_to_play_path(ruleset_id)] = how_to_play_page(ruleset_id)
        pages[card_page_path(ruleset_id)] = rules_card_page(ruleset_id)
    pages["glossary.md"] = glossary_page()
    for topic in TOPICS:
        pages[f"rules/{topic}.md"] = topic_page(topic, spec_dir / "vectors" if spec_dir else None)
    pages["rulesets/index.md"] = rulesets_matrix_page()
    for ruleset_id in RULESETS:
        pages[f"rulesets/{ruleset_id}.md"] = ruleset_page(ruleset_id)
    pages["disagreements.md"] = disagreements_page()
    pages["editorial.md"] = editorial_page()
    pages["source-problems.md"] = source_problems_page()
    pages["sources.md"] = sources_page()
    pages["cite.md"] = cite_page()
    pages.update(deal_pages())
    pages[REPLAY_PAGE] = replay_page()
    pages.update(worth_pages() if worth is None else worth)
    pages.update(api_pages())
    protocol = protocol_page(spec_dir or ROOT / "spec")
    if protocol is not None:
        pages["protocol.md"] = protocol
    return pages


def downloads(spec_dir: Path | None = None) -> dict[str, str]:
    """The files offered for download, by their path on the site: the bibliography in
    BibTeX and CSL-JSON, the citations the "Cite these rules" page joins, and the
    protocol's schemas."""
    files = {
        "frogspec.bib": bibtex_all(),
        "frogspec.csl.json": json.dumps(
            [csl_json(s) for s in ALL_SOURCES], indent=2, ensure_ascii=False
        )
        + "\n",
    }
    files.update(cite_downloads())
    files.update(protocol_downloads(spec_dir or ROOT / "spec"))
    files.update(deal_downloads())
    return files
