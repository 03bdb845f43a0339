"""The "Cite these rules" page: pick rules, get one bibliography, offline.

The page lists every rule with a box to tick. The build writes the citation of every rule
and every source, made by :mod:`frogspec.citations`, to ``cite-data.json``; the page's
script (``docs/javascripts/cite.js``) only joins the chosen rules' entries and their
sources, each source once, in the order :func:`frogspec.citations.cite_rules` gives them,
so that the page and ``frogspec cite`` agree to the character. The whole rulebook is also
offered as two files, for readers without a script.

>>> data = cite_data()
>>> sorted(data) == ["formats", "not_consulted_head", "rules", "source_order", "sources"]
True
>>> data["rules"]["play.must-trump"]["sources"]
['foster-1909', 'wikipedia-frog', 'gamerules']
"""

from __future__ import annotations

import html
import json
from typing import Any

from frogspec.citations import (
    FORMATS,
    NOT_CONSULTED_HEAD,
    SITE_URL_VARIABLE,
    bibtex,
    cite_rule_bibtex,
    cite_rule_csl,
    cite_rule_text,
    cite_rules,
    csl_json,
    not_consulted_entry,
    sources_of,
    unseen_sources_of,
)
from frogspec.registry import TOPICS, all_rules
from frogspec.site.markup import escape, rule_link
from frogspec.sources import ALL_SOURCES

__all__ = ["CITE_DATA", "cite_data", "cite_downloads", "cite_page"]

#: The file, beside the page, that holds every rule's and source's citation.
CITE_DATA = "cite-data.json"


def cite_data() -> dict[str, Any]:
    """Every rule's citation in each format (its own entry only) and every source's."""
    rules: dict[str, Any] = {}
    for entry in all_rules():
        # The rule's own BibTeX entry is the first of its bibliography; its CSL item too.
        rules[entry.id] = {
            "text": cite_rule_text(entry),
            "bibtex": cite_rule_bibtex(entry).split("\n\n", 1)[0],
            "csl": cite_rule_csl(entry)[0],
            "sources": [s.key for s in sources_of(entry)],
            "unseen": [s.key for s in unseen_sources_of(entry)],
        }
    sources = {
        s.key: {"bibtex": bibtex(s), "csl": csl_json(s), "not_consulted": not_consulted_entry(s)}
        for s in ALL_SOURCES
    }
    return {
        "formats": list(FORMATS),
        "not_consulted_head": NOT_CONSULTED_HEAD,
        "rules": rules,
        "source_order": [s.key for s in ALL_SOURCES],
        "sources": sources,
    }


def cite_downloads() -> dict[str, str]:
    """The data the page's script reads, and the whole rulebook as one bibliography."""
    ids = [entry.id for entry in all_rules()]
    return {
        CITE_DATA: json.dumps(cite_data(), ensure_ascii=False) + "\n",
        "frogspec-rules.bib": cite_rules(ids, "bibtex") + "\n",
        "frogspec-rules.csl.json": cite_rules(ids, "csl-json") + "\n",
    }


def cite_page() -> str:
    """The Markdown of the page: how to cite, the form, and the downloads."""
    page = "cite.md"
    out = [
        "# Cite these rules",
        "",
        "Tick the rules you cite and choose a format: the box below gives one bibliography, "
        "each rule's entry and then each source it rests on, once, with no key twice. It "
        "is the same text as `frogspec cite ID ID ... --format FORMAT` prints. Each rule's "
        "entry gives the authors, the rule's id and statement, the rulebook's title, "
        "version and date, whether the rule is sourced or an editorial ruling, and the "
        "sources it rests on. Its address on this site is added when the site is built "
        f"with `{SITE_URL_VARIABLE}` set to the site's address.",
        "",
        "The whole rulebook as one bibliography: [BibTeX](frogspec-rules.bib) · "
        "[CSL-JSON](frogspec-rules.csl.json). The sources alone: "
        "[BibTeX](frogspec.bib) · [CSL-JSON](frogspec.csl.json).",
        "",
        '<div class="fs-cite" data-cite-data="../cite-data.json" markdown>',
        "",
        '<p class="fs-cite-controls">'
        '<label>Format <select id="fs-cite-format">'
        + "".join(f'<option value="{fmt}">{fmt}</option>' for fmt in FORMATS)
        + "</select></label> "
        '<button type="button" id="fs-cite-none" class="md-button">Clear</button> '
        '<button type="button" id="fs-cite-copy" class="md-button">Copy</button> '
        '<a id="fs-cite-download" class="md-button" download="frogspec-citation.txt" '
        'href="#">Download</a></p>',
        "",
        '<pre id="fs-cite-output" class="fs-cite-output" aria-live="polite">'
        "Tick one or more rules below.</pre>",
        "",
    ]
    for topic, title in TOPICS.items():
        entries = [e for e in all_rules() if e.topic == topic]
        out.append(f"## {escape(title)} {{ #cite-{topic} }}")
        out.append("")
        out.append('<ul class="fs-cite-rules">')
        for entry in entries:
            out.append(
                f'<li><label><input type="checkbox" name="rule" value="{entry.id}"> '
                f"<code>{entry.id}</code></label> {html.escape(entry.statement)}</li>"
            )
        out.append("</ul>")
        out.append("")
    out.append("</div>")
    out.append("")
    out.append(
        "Each rule's own page has its citation too, in the box *Cite this rule* under it "
        f"(for instance {rule_link('play.must-trump', page)})."
    )
    out.append("")
    return "\n".join(out)
