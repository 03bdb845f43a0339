"""The generated pages of the rulebook: rules, rulesets, disagreements, rulings, sources.

Each function returns the Markdown of one page, built from the registry
(:mod:`frogspec.registry`), the rulesets (:mod:`frogspec.rulesets`) and the bibliography
(:mod:`frogspec.sources`) as they stand when the site is built. A rule added in code
appears here with nothing written twice.

>>> page = topic_page("play")
>>> '<a id="play.must-trump"></a>`play.must-trump` { #play-must-trump }' in page
True
>>> "::: frogspec.rules.play.must_trump" in page
True
"""

from __future__ import annotations

import importlib
import inspect
from collections import defaultdict
from pathlib import Path

from frogspec.citations import bibtex, cite_rule, cite_rule_bibtex, cite_rule_text
from frogspec.engine import settle
from frogspec.errors import FrogError
from frogspec.questions import Question
from frogspec.registry import TOPICS, Rule, all_rules, rule_for_function
from frogspec.rules.auction import Contract
from frogspec.rulesets import RULESETS, Ruleset, rules_of
from frogspec.ruletable import RATE_AS
from frogspec.site.annotated import own_statement, own_words
from frogspec.site.learn import RECOMMENDED, STAGE_OF_TOPIC, how_to_play_path, summary_line
from frogspec.site.markup import (
    RULING_MARK,
    admonition,
    docstring_to_markdown,
    escape,
    indent,
    kind_marks,
    marks_legend,
    page_of_rule,
    relative,
    rule_link,
    ruleset_link,
    source_link,
)
from frogspec.site.rule_vectors import vectors_block
from frogspec.sources import ALL_SOURCES, SOURCE_PROBLEMS, Citation, Source

__all__ = [
    "METHOD_PAGE",
    "disagreements_page",
    "editorial_page",
    "match_consequences",
    "question_key",
    "rule_section",
    "rules_index_page",
    "rules_of_topic",
    "ruleset_page",
    "rulesets_matrix_page",
    "source_problems_page",
    "sources_page",
    "topic_page",
    "usage",
]


#: The page that says what each label of a rule promises ("How we read the sources").
METHOD_PAGE = "method.md"


def question_key(entry: Rule) -> Question | None:
    """The question a rule answers, if it is one reading of a point where rulesets differ
    (its value is the question's anchor on the page of disagreements)."""
    return entry.question


def _json(value: str | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"'


def usage(rule_id: str) -> list[tuple[Ruleset, str]]:
    """The rulesets that use a rule, each with how: ``""`` (always) or the option it needs."""
    found: list[tuple[Ruleset, str]] = []
    for rs in RULESETS.values():
        how: str | None = None
        if rs.moot_reason(rule_id) is not None:
            continue
        if any(rs.rule_id(q) == rule_id for q in Question) or any(
            opt.default_rule == rule_id for opt in rs.options
        ):
            how = ""
        for opt in rs.options:
            for value, fn in opt.choices.items():
                chosen = rule_for_function(fn) if fn is not None else None
                if chosen is not None and chosen.id == rule_id and how is None:
                    how = "" if value == opt.default_value() else f"{opt.name}: {_json(value)}"
        if how is None and any(r.id == rule_id for r in rules_of(rs)):
            how = ""
        if how is not None:
            found.append((rs, how))
    return found


def _usage_text(rule_id: str, page: str) -> str:
    parts = []
    for rs, how in usage(rule_id):
        link = ruleset_link(rs.id, page)
        parts.append(f"{link} (with option `{how}`)" if how else link)
    return ", ".join(parts) if parts else "no ruleset"


def _quote_body(citation: Citation, page: str) -> str:
    source = citation.source
    lines: list[str] = []
    if citation.quote is not None:
        lines.append(f"“{escape(citation.quote)}”")
    else:
        lines.append("*Cited without a quotation.*")
    where = source_link(source.key, page, escape(source.short))
    if citation.pages:
        where += f", {'pp.' if '–' in citation.pages or '-' in citation.pages else 'p.'}"
        where += f" {citation.pages}"
        if source.page_note and citation.reported_by is None:
            where += f" ({escape(source.page_note)})"
    if citation.reported_by is not None:
        reporter = citation.reported_by
        where += ", as reported by " + source_link(reporter.key, page, escape(reporter.short))
        lines.append("")
        pages = " and the pages are theirs" if citation.pages else ""
        lines.append(
            f"— {where}. We hold no text of {escape(source.short)}: these are "
            f"{escape(reporter.short)}'s words{pages}."
        )
    else:
        lines.append("")
        lines.append(f"— {where}")
    if citation.context:
        lines.append("")
        lines.append(
            f"*Context:* these words give the setting; they do not state the rule "
            f"([what this means]({relative(page, METHOD_PAGE, 'context')}))."
        )
    if citation.examples:
        names = ", ".join(source_link(s.key, page, escape(s.short)) for s in citation.examples)
        lines.append("")
        lines.append(
            f"*Named only as examples* by {escape(citation.quoted_source.short)}: {names}. "
            f"The statement is {escape(citation.quoted_source.short)}'s "
            f"([first-hand and second-hand]({relative(page, METHOD_PAGE, 'second-hand')}))."
        )
    if citation.note:
        lines.append("")
        lines.append(escape(citation.note))
    return "\n".join(lines)


def _kind_mark(entry: Rule) -> str:
    """The mark a list puts after a rule that is a ruling, or carries our reading: the
    one printed wherever a ruling or a reading is stated (:func:`kind_marks`)."""
    marks = kind_marks([entry.id])
    return f" {marks}" if marks else ""


def _badges(entry: Rule, page: str) -> str:
    """The rule's kind as badges, each linked to what it promises on the method page."""
    method = METHOD_PAGE
    if entry.editorial:
        badges = [
            f"[editorial ruling]({relative(page, method, 'editorial-ruling')})"
            "{ .fs-badge .fs-badge-editorial }"
        ]
    else:
        badges = [
            f"[sourced rule]({relative(page, method, 'sourced-rule')})"
            "{ .fs-badge .fs-badge-sourced }"
        ]
    if entry.reading is not None:
        badges.append(
            f"[reading]({relative(page, method, 'reading')}){{ .fs-badge .fs-badge-reading }}"
        )
    return " ".join(badges)


def _quotes(entry: Rule, page: str) -> str:
    return "\n".join(
        admonition("quote", citation.locator(), _quote_body(citation, page))
        for citation in entry.citations
    )


def _readings_table(entry: Rule, page: str) -> str:
    key = question_key(entry)
    assert key is not None
    rows = ["| Reading | Statement | Used by |", "| --- | --- | --- |"]
    for other in _rulebook_order():
        if other.question != entry.question:
            continue
        mark = "**this rule**" if other.id == entry.id else rule_link(other.id, page)
        kind = f" {RULING_MARK}" if other.editorial else ""
        rows.append(f"| {mark}{kind} | {escape(other.statement)} | {_usage_text(other.id, page)} |")
    # The other readings' statements stand in this rule's section: kept out of the search
    # index, so that a reading's words find that reading's own section first.
    return (
        f"This rule is one reading of the question **{escape(key.text)}** "
        f"([all readings side by side]({relative(page, 'disagreements.md', key)})):\n\n"
        + '<div markdown="1" data-search-exclude>\n\n'
        + "\n".join(rows)
        + "\n\n</div>\n"
    )


def rule_section(entry: Rule, vectors_dir: Path | None = None) -> str:
    """The section of one rule on its topic's page: its words, its function and its vectors
    (those of ``vectors_dir``, by default the package's ``spec/vectors``)."""
    page = page_of_rule(entry)
    out: list[str] = [
        # The heading's id is the permanent anchor; the dotted id is an anchor too.
        f'## <a id="{entry.id}"></a>`{entry.id}` {{ #{entry.anchor} }}',
        "",
        escape(entry.statement),
        "{ .fs-statement }",
        "",
    ]
    out.append(f"{_badges(entry, page)} Used by: {_usage_text(entry.id, page)}.")
    out.append("")
    if entry.editorial:
        assert entry.reasoning is not None
        out.append(
            admonition(
                "abstract",
                "Editorial ruling: no source says this; our reasoning",
                escape(entry.reasoning),
            )
        )
        if entry.citations:
            out.append("The source text this ruling interprets:\n")
    elif entry.citations:
        out.append("What the sources say, word for word:\n")
    if entry.citations:
        out.append(_quotes(entry, page))
    if entry.reading is not None:
        out.append(admonition("tip", "How we read the words", escape(entry.reading)))
    for note in entry.notes:
        out.append(admonition("note", "Note", escape(note)))
    if entry.question is not None:
        out.append(_readings_table(entry, page))
    out.append(
        f"::: {entry.qualified_name}\n"
        "    options:\n"
        "      heading_level: 4\n"
        "      show_root_heading: true\n"
        "      show_root_toc_entry: false\n"
    )
    out.append(vectors_block(entry.id, vectors_dir))
    cite_body = (
        '=== "Text"\n\n'
        + indent(f"```text\n{cite_rule_text(entry)}\n```")
        + '\n\n=== "BibTeX"\n\n'
        + indent(f"```bibtex\n{cite_rule_bibtex(entry)}\n```")
        + '\n\n=== "CSL-JSON"\n\n'
        + indent(f"```json\n{cite_rule(entry, 'csl-json')}\n```")
        + f"\n\nTo cite several rules as one bibliography: [cite these rules]"
        f"({relative(page, 'cite.md')}).\n"
    )
    out.append(admonition("info", "Cite this rule", cite_body, collapsible=True))
    return "\n".join(out) + "\n"


def _module_intro(topic: str) -> tuple[str, str]:
    """The topic module's docstring, before its doctests: its first paragraph (what the part
    of the game is, for a player) and the rest (how the code goes about it)."""
    try:
        module = importlib.import_module(f"frogspec.rules.{topic}")
    except ImportError:
        return "", ""
    doc = module.__doc__ or ""
    kept: list[str] = []
    for paragraph in doc.strip().split("\n\n"):
        if ">>>" in paragraph:
            break
        kept.append(" ".join(line.strip() for line in paragraph.splitlines()))
    if not kept:
        return "", ""
    return docstring_to_markdown(kept[0]), docstring_to_markdown("\n\n".join(kept[1:]))


def _definition_order(entry: Rule) -> tuple[str, int]:
    code = getattr(inspect.unwrap(entry.function), "__code__", None)
    return entry.function.__module__, code.co_firstlineno if code is not None else 0


def rules_of_topic(topic: str) -> list[Rule]:
    """The rules of one part of the game, in the order their module defines them."""
    return sorted((r for r in all_rules() if r.topic == topic), key=_definition_order)


def _rulebook_order() -> list[Rule]:
    """Every rule, part by part, each part in the order its module defines its rules."""
    return [entry for topic in TOPICS for entry in rules_of_topic(topic)]


def topic_page(topic: str, vectors_dir: Path | None = None) -> str:
    """The page of one part of the game: every rule of that topic, in full, with the vectors
    of ``vectors_dir`` (by default the package's ``spec/vectors``)."""
    title = TOPICS[topic]
    page = f"rules/{topic}.md"
    entries = rules_of_topic(topic)
    out = [f"# {title}", ""]
    summary, implementation = _module_intro(topic)
    if summary:
        out += [summary, ""]
    stage = STAGE_OF_TOPIC[topic]
    out.append(
        f"**To play:** this part of the game, step by step, is on "
        f"[how to play]({relative(page, how_to_play_path(RECOMMENDED), stage)}); below, each rule in "
        "one sentence, and where the sources differ, which ruleset follows which reading.\n"
    )
    out += ["| Rule | Statement | Rulesets |", "| --- | --- | --- |"]
    for entry in entries:
        mark = _kind_mark(entry)
        out.append(
            f"| {rule_link(entry.id, page)}{mark} | {escape(entry.statement)} | "
            f"{_usage_label(entry, page)} |"
        )
    out.append("")
    out.append(
        f"Then each of the {len(entries)} rules in full, under its permanent id: the words of "
        "its sources, the function that implements it and its conformance vectors, each run "
        "against the reference when this page was built.\n"
    )
    if implementation:
        out.append(
            admonition(
                "note",
                "Implementation notes: how the code represents this part of the game",
                implementation,
                collapsible=True,
            )
        )
    for entry in entries:
        out.append(rule_section(entry, vectors_dir))
    return "\n".join(out)


def _usage_label(entry: Rule, page: str) -> str:
    """ "every ruleset" for an undisputed rule; else the rulesets that use it."""
    users = usage(entry.id)
    if entry.question is None and len(users) == len(RULESETS):
        return "every ruleset"
    return _usage_text(entry.id, page)


def rules_index_page() -> str:
    """The overview of the rules: every part of the game with its rules."""
    page = "rules/index.md"
    entries = list(all_rules())
    editorial = sum(1 for r in entries if r.editorial)
    out = [
        "# The rules",
        "",
        f"The rulebook has {len(entries)} rules in {len(TOPICS)} parts: "
        f"{len(entries) - editorial} stated by the sources and {editorial} "
        f"[editorial rulings]({relative(page, 'editorial.md')}) where no source says. A rule's "
        "id is permanent: `play.must-trump` will always mean the same rule, and its section "
        "can always be reached at `#play-must-trump` (or `#play.must-trump`) on its page.",
        "",
    ]
    for topic, title in TOPICS.items():
        topic_entries = rules_of_topic(topic)
        out.append(f"## [{title}]({topic}.md)")
        out.append("")
        for entry in topic_entries:
            mark = _kind_mark(entry)
            line = f"- {rule_link(entry.id, page)}{mark}: {escape(entry.statement)}"
            key = question_key(entry)
            if key is not None:
                line += (
                    f" *One reading of [{escape(key.text)}]"
                    f"({relative(page, 'disagreements.md', key)}); used by:* "
                    f"{_usage_text(entry.id, page)}."
                )
            out.append(line)
        out.append("")
    return "\n".join(out)


def _short(rule_id: str) -> str:
    # The id without its topic, breakable at its hyphens: "packets-3-3-4-4".
    return rule_id.split(".", 1)[1]


def _choice_cell(rs: Ruleset, key: str, page: str) -> str:
    """The rule a ruleset uses for a question, with the readings its options swap in."""
    entry = rs.choice(key)
    moot = rs.moot_reason(entry.id)
    if moot is not None:
        return f"*does not arise*: {escape(moot)}"
    cell = rule_link(entry.id, page, _short(entry.id)) + _kind_mark(entry)
    for opt in rs.options:
        if opt.field != key:
            continue
        others = []
        for value, fn in opt.choices.items():
            other = rule_for_function(fn) if fn is not None else None
            if other is not None and other.id != entry.id:
                others.append(rule_link(other.id, page, escape(str(value))))
        if others:
            cell += f"<br>*option {escape(opt.name)}:* " + ", ".join(others)
    borrowed = rs.borrowed_from(key)
    if borrowed is not None:
        cell += f"<br>*borrowed:* {escape(borrowed)}"
    return cell


def rulesets_matrix_page() -> str:
    """Every ruleset side by side: one row per question, one column per ruleset."""
    page = "rulesets/index.md"
    rulesets = list(RULESETS.values())
    out = [
        "---",
        "hide:",
        "  - navigation",
        "  - toc",
        "---",
        "",
        "# Rulesets",
        "",
        "A ruleset is one way to play Frog: for each point on which the sources differ it "
        "picks one reading, a rule with its own id. Rules no source disputes (follow suit, "
        "must trump, ...) belong to every ruleset. Each cell links to the rule the ruleset "
        "uses; an option names the readings it swaps in.",
        "",
        "## The matrix { #matrix }",
        "",
        '<div class="fs-matrix" markdown>',
        "",
        "| Question | " + " | ".join(ruleset_link(rs.id, page, rs.id) for rs in rulesets) + " |",
        "| --- | " + " | ".join("---" for _ in rulesets) + " |",
    ]
    for key in Question:
        question = key.text
        cells = " | ".join(_choice_cell(rs, key, page) for rs in rulesets)
        link = f"[{escape(question)}]({relative(page, 'disagreements.md', key)})"
        out.append(f"| {link} | {cells} |")
    out.append("| Unit of payment | " + " | ".join(escape(rs.unit) for rs in rulesets) + " |")
    options = []
    for rs in rulesets:
        names = [escape(opt.name) for opt in rs.options]
        options.append(", ".join(names) if names else "none")
    out.append("| Options | " + " | ".join(options) + " |")
    out += ["", "</div>", "", "## The rulesets", "", marks_legend("summary"), ""]
    for rs in rulesets:
        out.append(
            f"- {ruleset_link(rs.id, page, escape(rs.name))} (`{rs.id}`): {summary_line(rs)}"
        )
    out.append("")
    return "\n".join(out)


def _contract_cell(rs: Ruleset, contract: Contract) -> str:
    # The protocol's code, after the ruleset's own name where its sources use another.
    name = rs.contract_name(contract)
    return contract.code if name.lower() == contract.code else f"{name} (`{contract.code}`)"


def _payments_table(rs: Ruleset, page: str) -> str:
    seats = ", ".join(str(s) for s in range(3))
    rows = [
        f"| Contract | Bidder (seat 1) takes | Payments by seat ({seats}) |",
        "| --- | --- | --- |",
    ]
    for contract in rs.rules.contracts():
        for points in (75, 60, 50):
            try:
                paid = settle(rs, 3, 0, 1, contract, points)
            except FrogError as error:  # pragma: no cover - every listed contract settles
                raise AssertionError(f"{rs.id}: {error}") from error
            rows.append(
                f"| {_contract_cell(rs, contract)} | {points} | {', '.join(str(p) for p in paid)} |"
            )
    return "\n".join(rows)


def _ending_loss(rs: Ruleset, players: int, contract: Contract) -> str:
    """The least loss by which a bidder with the starting bank cannot pay, as a table cell."""
    bank = rs.rules.bank()
    for points in range(59, -1, -1):
        paid = -settle(rs, players, 0, 1, contract, points)[1]
        if paid > bank:
            if points == 59:
                return f"**any loss**: even a point short, he owes {paid}"
            return f"a loss by {60 - points} or more: taking {points}, he owes {paid}"
    return "none: even taking no points he owes no more than his bank"


def match_consequences(rs: Ruleset) -> str | None:
    """Which single lost contracts end a match at once, from the starting bank, or ``None``.

    Only for a ruleset whose game ends when a player cannot pay: the table is computed by
    the reference when the page is built, for three and four players and for each value
    of an option that changes the rate.
    """
    if rs.rule_id(Question.GAME_END) != "match.first-unable-to-pay-loses":
        return None
    variants: list[tuple[str, Ruleset]] = [("", rs)]
    for opt in rs.options:
        if opt.field == RATE_AS:
            variants.append((f" ({opt.name}: true)", rs.with_options({opt.name: True})))
    rows = [
        "| Players | Contract lost | The smallest loss that ends the match in its first deal |",
        "| --- | --- | --- |",
    ]
    for players in (3, 4):
        for label, variant in variants:
            for contract in variant.rules.contracts():
                if label and contract != Contract.FROG:
                    continue
                rows.append(
                    f"| {players} | {_contract_cell(rs, contract)}{escape(label)} | "
                    f"{_ending_loss(variant, players, contract)} |"
                )
    return (
        f"Each player starts with {rs.rules.bank()} {escape(rs.unit)}, and the first who cannot pay "
        "loses the game. A bidder who loses pays every seat that settles with him, so one "
        "bad deal can end the match before anyone has won anything. Computed by the "
        "reference when this page was built (seat 0 deals, seat 1 bids; with four players "
        "the dealer sits out).\n\n" + "\n".join(rows) + "\n"
    )


def _borrowed_note(rs: Ruleset, key: str) -> str:
    borrowed = rs.borrowed_from(key)
    return f" *Borrowed: {escape(borrowed)}.*" if borrowed is not None else ""


def ruleset_page(ruleset_id: str) -> str:
    """The page of one ruleset: what it is, its choices, options, rules and payments."""
    rs = RULESETS[ruleset_id]
    page = f"rulesets/{rs.id}.md"
    out = [f"# {escape(rs.name)}", "", f"Ruleset id: `{rs.id}`. {summary_line(rs)}", ""]
    out += [marks_legend("statement"), ""]
    out.append(f"Payments are counted in **{escape(rs.unit)}**.\n")
    if rs.basis:
        out.append("## What it stands on\n")
        for citation in rs.basis:
            out.append(admonition("quote", citation.locator(), _quote_body(citation, page)))
    if rs.notes:
        out.append("## Where its sources are silent\n")
        out += [f"- {escape(note)}" for note in rs.notes]
        out.append("")
    out += ["## Its choices", "", "| Question | Rule | Statement |", "| --- | --- | --- |"]
    for key in Question:
        question = key.text
        entry = rs.choice(key)
        moot = rs.moot_reason(entry.id)
        out.append(
            f"| [{escape(own_words(rs, question))}]({relative(page, 'disagreements.md', key)}) | "
            + (
                f"*does not arise* | {escape(moot)} |"
                if moot is not None
                else f"{rule_link(entry.id, page)} | {escape(own_statement(rs, entry.id))}"
                + (f" {kind_marks([entry.id])}" if kind_marks([entry.id]) else "")
                + _borrowed_note(rs, key)
                + " |"
            )
        )
    out.append("")
    if rs.options:
        out += [
            "## Options",
            "",
            "| Option | Values | Default | What it does |",
            "| --- | --- | --- | --- |",
        ]
        for opt in rs.options:
            values = []
            for value, fn in opt.choices.items():
                chosen = rule_for_function(fn) if fn is not None else None
                text = f"`{_json(value)}`"
                values.append(
                    f"{text} → {rule_link(chosen.id, page)}" if chosen else f"{text} → off"
                )
            default = f"`{_json(opt.default_value())}`"
            if opt.default_rule:
                default += f" ({rule_link(opt.default_rule, page, 'ruling')})"
            out.append(
                f"| `{opt.name}` | {'<br>'.join(values)} | {default} | {escape(opt.description)} |"
            )
        out.append("")
    out += ["## Every rule it uses", ""]
    by_topic: dict[str, list[Rule]] = defaultdict(list)
    for entry in rules_of(rs):
        by_topic[entry.topic].append(entry)
    for topic, title in TOPICS.items():
        if by_topic[topic]:
            links = ", ".join(rule_link(r.id, page) for r in by_topic[topic])
            out.append(f"- **{title}**: {links}")
    out += [
        "",
        "## What a deal pays",
        "",
        "Three players, seat 0 dealing, seat 1 the bidder; computed by the reference "
        "(`frogspec.engine.settle`) when this page was built. A positive payment is "
        "received, a negative one paid.",
        "",
        _payments_table(rs, page),
        "",
    ]
    consequences = match_consequences(rs)
    if consequences is not None:
        out += ["## Losses that end the match at once { #ends-the-match }", "", consequences]
    return "\n".join(out)


def _readings_of(key: str) -> list[Rule]:
    return [r for r in _rulebook_order() if question_key(r) == key]


def disagreements_page() -> str:
    """Each point where the sources disagree: the readings side by side, and who picks which."""
    page = "disagreements.md"
    out = [
        "# Where the sources disagree",
        "",
        "On these points the sources give different rules. Each reading is a rule of its own, "
        "with its own id, and each ruleset picks one. The quotes are verbatim; "
        f"[editorial rulings]({relative(page, 'editorial.md')}) are marked as ours.",
        "",
    ]
    for key in Question:
        question = key.text
        readings = _readings_of(key)
        out += [f"## {escape(question)} {{ #{key} }}", ""]
        out.append('<div class="fs-side" markdown>')
        for entry in readings:
            out.append('<div class="fs-reading" markdown>')
            out.append("")
            mark = _kind_mark(entry)
            out.append(f"**{rule_link(entry.id, page)}**{mark}")
            out.append("")
            out.append(escape(entry.statement))
            out.append("")
            for citation in entry.citations:
                if citation.quote is None:
                    continue
                out.append(f"> “{escape(citation.quote)}”  ")
                out.append(f"> — {escape(citation.locator(page_note=True))}")
                out.append("")
            if entry.editorial and entry.reasoning:
                out.append(f"*Our reasoning:* {escape(entry.reasoning)}")
                out.append("")
            out.append("</div>")
        out.append("</div>")
        out += ["", "| Ruleset | Its reading |", "| --- | --- |"]
        for rs in RULESETS.values():
            out.append(f"| {ruleset_link(rs.id, page)} | {_choice_cell(rs, key, page)} |")
        out.append("")
    return "\n".join(out)


def editorial_page() -> str:
    """Every editorial ruling with its reasoning."""
    page = "editorial.md"
    entries = [r for r in _rulebook_order() if r.editorial]
    out = [
        "# Editorial rulings",
        "",
        f"Where no source says what to do, or a source says something that cannot be played "
        f"as written, or a rule rests on an inference from a source's words or takes its "
        f"example for a rule, the rulebook rules. These {len(entries)} rulings are ours, not "
        "the sources'; each gives its reasoning, and the source text it interprets where "
        f"there is one. What each label promises: [how we read the sources]"
        f"({relative(page, METHOD_PAGE)}).",
        "",
    ]
    for entry in entries:
        out += [f"## `{entry.id}` {{ #{entry.anchor} }}", ""]
        out.append(f"**{escape(entry.statement)}** ({rule_link(entry.id, page, 'the rule')})")
        out.append("")
        assert entry.reasoning is not None
        out.append(admonition("abstract", "Our reasoning", escape(entry.reasoning)))
        for citation in entry.citations:
            out.append(admonition("quote", citation.locator(), _quote_body(citation, page)))
        out.append(f"Used by: {_usage_text(entry.id, page)}.\n")
    return "\n".join(out)


def source_problems_page() -> str:
    """The places where a source contradicts itself or slips, and how the rulebook handles each."""
    page = "source-problems.md"
    out = [
        "# Problems in the sources",
        "",
        "Places where a source contradicts itself or makes a slip, quoted verbatim, with how "
        "the rulebook handles each.",
        "",
    ]
    for problem in SOURCE_PROBLEMS:
        source = problem.source
        out += [f"## {escape(source.short)}: {problem.key} {{ #{problem.key} }}", ""]
        for quote in problem.quotes:
            out.append(f"> “{escape(quote)}”")
            out.append("")
        out.append(f"— {source_link(source.key, page, escape(source.short))}")
        out.append("")
        out.append(f"**The problem.** {escape(problem.problem)}")
        out.append("")
        out.append(f"**How the rulebook handles it.** {escape(problem.handling)}")
        out.append("")
        if problem.rule_ids:
            out.append("Rules: " + ", ".join(rule_link(rid, page) for rid in problem.rule_ids))
            out.append("")
    return "\n".join(out)


def _citing(source: Source) -> list[Rule]:
    return [
        r
        for r in _rulebook_order()
        if any(c.source == source or c.reported_by == source for c in r.citations)
    ]


def _naming_as_example(source: Source) -> list[Rule]:
    return [r for r in _rulebook_order() if any(source in c.examples for c in r.citations)]


def _address(source: Source) -> str:
    if source.url:
        return f"<{source.url}>"
    if source.kind == "web-page":
        return (
            "not held: our copy of the page was made without its address, and we give "
            "none rather than guess one."
        )
    return "none: a printed book, which we cite by its edition and pages."


def sources_page() -> str:
    """The bibliography: each source, what it is, how we reached it, and the rules citing it."""
    page = "sources.md"
    out = [
        "# Sources",
        "",
        "Every work the rulebook cites. Quotations are verbatim from the texts we hold; a "
        "source we do not hold is cited only through one we do, *as reported by* it. The works "
        "we read come first; those we have not seen follow, each marked *not consulted*.",
        "",
        "Download the bibliography: [BibTeX](frogspec.bib) · [CSL-JSON](frogspec.csl.json). "
        "To cite rules with their sources, see [cite these rules](cite.md); how each kind of "
        "citation is to be read is on [how we read the sources](method.md).",
        "",
    ]
    read_first = sorted(ALL_SOURCES, key=lambda s: s.held is None)
    for source in read_first:
        out += [f"## {escape(source.short)} {{ #{source.key} }}", ""]
        out.append(source.reference() if source.held else f"*Not consulted.* {source.reference()}")
        out.append("")
        if source.role:
            out.append(f"**What it is.** {escape(source.role)}")
            out.append("")
        if source.reached:
            out.append(f"**How we reached it.** {escape(source.reached)}")
            out.append("")
        out.append(f"**Address.** {_address(source)}")
        out.append("")
        if source.copy_text:
            out.append(
                f"**Our copy.** {escape(source.copy_text[:1].upper() + source.copy_text[1:])}: "
                "the day it came to the project, not a visit to the address."
            )
            out.append("")
        if source.caveat:
            out.append(f"**Every citation of it says:** {escape(source.caveat)}.")
            out.append("")
        if source.held:
            out.append(
                "**Text held.** Every quotation from it is checked, to the letter, against our copy."
            )
        else:
            out.append("**Text not held.** It is cited only as reported by a source we hold.")
        out.append("")
        citing = _citing(source)
        if citing:
            out.append(
                f"**Cited by {len(citing)} rules:** "
                + ", ".join(rule_link(r.id, page) for r in citing)
            )
            out.append("")
        naming = _naming_as_example(source)
        if naming:
            out.append(
                f"**Named as an example by the Wikipedia article in {len(naming)} rules** "
                "(the statement is the article's): "
                + ", ".join(rule_link(r.id, page) for r in naming)
            )
            out.append("")
        out.append(
            admonition("info", "BibTeX", f"```bibtex\n{bibtex(source)}\n```", collapsible=True)
        )
    return "\n".join(out)
