"""Reference pages and page pieces: the API reference, the published protocol, the CLI's
executed examples, and verified quotations for hand-written pages.

>>> "::: frogspec.engine" in api_pages()["api/frogspec.engine.md"]
True
>>> quote_markdown(MEYERS_1909, "Tapp (württembergischer Tarock)").startswith("> “Tapp")
True
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib
import io
import json
import pkgutil
import re
import shlex
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

import frogspec
from frogspec.registry import rule_for_function
from frogspec.site.build_cache import module_files
from frogspec.site.markup import escape, rule_link
from frogspec.sources import MEYERS_1909, Source, held_text

__all__ = [
    "PUBLIC_MODULES",
    "api_modules",
    "api_page_path",
    "api_pages",
    "console_markdown",
    "meyers_markdown",
    "meyers_note",
    "protocol_downloads",
    "protocol_page",
    "quote_markdown",
]

#: Packages left out of the API reference: the site builder itself.
_API_EXCLUDED: tuple[str, ...] = ("frogspec.site",)

#: The modules whose ``__all__`` is frogspec's public API, in the order the API reference
#: lists them: the package (the engine's play API and the rules' lookup), the rules and the
#: rulesets, the notation, the sources and citations, the computer players and their
#: random numbers, the conformance kit's runner and the testing aids. Every other module is
#: internal: the API reference lists it under "Internals".
PUBLIC_MODULES: tuple[str, ...] = (
    "frogspec",
    "frogspec.errors",
    "frogspec.rules",
    "frogspec.rules.cards",
    "frogspec.rules.seats",
    "frogspec.rules.deal",
    "frogspec.rules.auction",
    "frogspec.rules.widow",
    "frogspec.rules.trump",
    "frogspec.rules.play",
    "frogspec.rules.scoring",
    "frogspec.rules.settlement",
    "frogspec.rules.match",
    "frogspec.rulesets",
    "frogspec.notation",
    "frogspec.sources",
    "frogspec.citations",
    "frogspec.bots",
    "frogspec.prng",
    "frogspec.conform",
    "frogspec.pytest_plugin",
    "frogspec.testing",
    "frogspec.testing.invariants",
    "frogspec.testing.strategies",
)


def api_modules() -> list[str]:
    """Every public module of the package, the package first, then by name.

    The packages left out (:data:`_API_EXCLUDED`) are not imported.
    """
    names = []

    def walk(path: list[str], prefix: str) -> None:
        for info in pkgutil.iter_modules(path, prefix):
            parts = info.name.split(".")
            if any(p.startswith("_") for p in parts):
                continue
            if any(info.name == ex or info.name.startswith(ex + ".") for ex in _API_EXCLUDED):
                continue
            names.append(info.name)
            if info.ispkg:
                walk(list(importlib.import_module(info.name).__path__), info.name + ".")

    walk(list(frogspec.__path__), "frogspec.")
    return ["frogspec", *sorted(names)]


def api_page_path(module: str) -> str:
    """The page of a module in the API reference, under ``docs/``.

    >>> api_page_path("frogspec.engine")
    'api/frogspec.engine.md'
    """
    return f"api/{module}.md"


def _summary(module: ModuleType) -> str:
    """The first sentence of a module's docstring, on one line."""
    doc = (module.__doc__ or "").strip()
    first = doc.split("\n\n", 1)[0].replace("\n", " ").replace("``", "`")
    return re.sub(r":\w+:`~?([^`]+)`", r"`\1`", first).replace("|", "\\|")


def _reads(module: ModuleType, members: list[str], importers: Mapping[str, set[str]]) -> str:
    """A digest of the files a module's page is made from: its own and those of the
    modules its public names come from (a name re-exported shows its own docstring), and
    of the modules that import from any of them (``importers``): the page of a name lists
    in the site's inventory (``objects.inv``) each module's import of it."""
    modules = {module.__name__}
    for member in members:
        origin = getattr(getattr(module, member, None), "__module__", None)
        if isinstance(origin, str) and origin.startswith("frogspec"):
            modules.add(origin)
    modules |= {importer for name in sorted(modules) for importer in importers.get(name, ())}
    digest = hashlib.sha256()
    for path in module_files(modules):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _importers(names: list[str]) -> dict[str, set[str]]:
    """For each module of the package, those of ``names`` that import a name from it at
    their top level (``from frogspec.x import y``, or relative), read from their source.

    >>> _importers(["frogspec.conform.every_trick"])["frogspec.conform.counterfactuals"]
    {'frogspec.conform.every_trick'}
    """
    found: dict[str, set[str]] = {}
    for name in names:
        files = module_files([name])
        if not files:
            continue
        path = files[0]
        tree = ast.parse(path.read_bytes())
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        nodes = list(tree.body)
        while nodes:  # the top level, and the blocks of an ``if`` or ``try`` there
            node = nodes.pop()
            if isinstance(node, ast.If | ast.Try):
                nodes += [*node.body, *node.orelse]
            elif isinstance(node, ast.ImportFrom):
                origin = node.module or ""
                if node.level:
                    base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    origin = f"{base}.{origin}" if origin else base
                if origin.startswith("frogspec") and origin != name:
                    found.setdefault(origin, set()).add(name)
    return found


def api_pages() -> dict[str, str]:
    """The API reference: an index (``api.md``) saying what is public, and one page per
    module with mkdocstrings, each reached from the index; rule functions link to their
    rules.

    The index lists the public modules (:data:`PUBLIC_MODULES`) with the names of their
    ``__all__``, then the internal modules under "Internals"; an internal module's page
    says it is internal. Each module's page names the digest of the files it is made from
    in a comment, which lets the build keep its rendering while they do not change.
    """
    public_rows: dict[str, str] = {}
    internal_rows: list[str] = []
    pages: dict[str, str] = {}
    modules = api_modules()
    importers = _importers(modules)
    for name in modules:
        path = api_page_path(name)
        module = importlib.import_module(name)
        public = name in PUBLIC_MODULES
        if public:
            names = ", ".join(f"`{n}`" for n in getattr(module, "__all__", ())) or "(its modules)"
            public_rows[name] = f"| [`{name}`]({path}) | {_summary(module)} | {names} |"
        else:
            internal_rows.append(f"| [`{name}`]({path}) | {_summary(module)} |")
        pages[path] = _module_page(name, module, path, importers, public=public)
    index = [
        "# API reference",
        "",
        "The modules of `frogspec`, from their docstrings, one page each. Rule functions are "
        "documented with their rule, under their rule's permanent id; a module's page lists "
        "them with a link.",
        "",
        "## The public API",
        "",
        "What frogspec promises is the names below: the `__all__` of the package and of each "
        "module of this table. They keep their meaning from one release to the next; one "
        "removed or renamed is listed in the [changelog](changelog.md) with what to use "
        "instead. A name the package re-exports (`frogspec.apply`, `frogspec.Rule`) is "
        "public under the package's name, wherever it is documented.",
        "",
        "| Module | What it is | Public names |",
        "| --- | --- | --- |",
        *(public_rows[name] for name in PUBLIC_MODULES if name in public_rows),
        "",
        "## Internals",
        "",
        "Everything else is internal: the modules below, and any name not listed above (a "
        "name starting with `_` always). They are what the command line, the conformance "
        "kit, the analysis tools and the rulebook's build are made of, documented here for "
        "those who work on frogspec, and they may change in any release without notice.",
        "",
        "| Module | What it is |",
        "| --- | --- |",
        *internal_rows,
        "",
    ]
    return {"api.md": "\n".join(index), **pages}


#: What an internal module's page says under its title.
_INTERNAL_NOTE = (
    '!!! note "Internal"\n\n'
    "    Not part of the public API: this module may change in any release without notice "
    "([what is public](../api.md#the-public-api)).\n"
)


def _module_page(
    name: str,
    module: ModuleType,
    path: str,
    importers: Mapping[str, set[str]],
    *,
    public: bool,
) -> str:
    """One module's page: its docstring and members by mkdocstrings, its rule functions
    as links to their rules, and, for an internal module, :data:`_INTERNAL_NOTE`."""
    listed = [] if name == "frogspec" else list(getattr(module, "__all__", []))
    members: list[str] = []
    rules: list[str] = []
    for member in listed:
        obj = getattr(module, member, None)
        entry = rule_for_function(obj) if callable(obj) else None
        if entry is not None:
            rules.append(f"{rule_link(entry.id, path, f'`{member}`')} implements `{entry.id}`")
        else:
            members.append(member)
    # The package's page is its docstring alone: its names are the modules' own.
    shown = (
        ["      members: false"]
        if name == "frogspec"
        else [
            "      show_if_no_docstring: true",
            f"      members: {json.dumps(members)}",
        ]
    )
    out = [
        *_front_matter(name),
        f"{_OWN_READS}{_reads(module, members, importers)} -->",
        "",
        "[All modules](../api.md)",
        "",
        *([] if public else [_INTERNAL_NOTE]),
        f"::: {name}",
        "    options:",
        "      heading_level: 1",
        "      show_root_heading: true",
        *shown,
        "",
    ]
    if rules:
        out.append(
            f"## Rule functions\n\nRule functions of `{name}`, each documented with its rule:\n"
        )
        out += [f"- {line}" for line in rules]
        out.append("")
    return "\n".join(out)


def _front_matter(module: str) -> list[str]:
    """A module page's title (its heading is the API block's)."""
    # Below the rules in the search: a word of a rule's statement finds the rule first.
    return ["---", f"title: {module}", "search:", f"  boost: {API_SEARCH_BOOST}", "---", ""]


#: The weight of an API page's sections in the site's search (1 is a page's own).
API_SEARCH_BOOST = 0.2

#: How a generated page names what its rendering reads (see :func:`api_pages`).
_OWN_READS = "<!-- frogspec-reads: "


# --------------------------------------------------------------------------- protocol


def _published(spec_dir: Path) -> dict[str, Path]:
    """The protocol's data files the site offers for download, by their path in ``spec/``."""
    files: dict[str, Path] = {}
    for folder, pattern in (("schema", "*.json"), ("vectors", "*.json")):
        if (spec_dir / folder).is_dir():
            for path in sorted((spec_dir / folder).glob(pattern)):
                files[f"{folder}/{path.name}"] = path
    return files


def _spec_documents(spec_dir: Path) -> list[Path]:
    """``spec/README.md`` first, then the protocol's other Markdown documents."""
    others = sorted(p for p in spec_dir.glob("*.md") if p.name != "README.md")
    return [spec_dir / "README.md", *others]


def _demote(text: str, first_id: str | None) -> str:
    """Every heading one level down (outside code fences); the first gets ``first_id``."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and re.match(r"^#{1,5} ", line):
            line = "#" + line
            if first_id is not None:
                line += f" {{ #{first_id} }}"
                first_id = None
        out.append(line)
    return "\n".join(out)


def protocol_page(spec_dir: Path) -> str | None:
    """The conformance protocol page: ``spec/README.md``, the other documents of ``spec/``,
    and the schemas and vectors for download.

    ``None`` when ``spec/README.md`` does not exist. Relative links are pointed at the
    published copies of the schemas and vectors, or at the section of another document;
    a link to anything else the site does not publish is kept as plain text.
    """
    if not (spec_dir / "README.md").is_file():
        return None
    published = _published(spec_dir)
    documents = _spec_documents(spec_dir)
    sections = {doc.name: f"spec-{doc.stem.lower()}" for doc in documents[1:]}

    def relink(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            return match.group(0)
        path = target.split("#", 1)[0].removeprefix("./")
        if path in published:
            return f"[{label}](protocol/{path})"
        if path in sections:
            return f"[{label}](#{sections[path]})"
        return label

    out = [
        "# Conformance protocol",
        "",
        "The protocol by which an implementation of Frog in any language is validated, as "
        "the repository's `spec/` directory publishes it (included here when the site was "
        "built).",
        "",
    ]
    for doc in documents:
        text = re.sub(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)", relink, doc.read_text(encoding="utf-8"))
        out += [_demote(text, sections.get(doc.name)), ""]
    schemas = [name for name in published if name.startswith("schema/")]
    if schemas:
        out += ["## The JSON schemas", ""]
        for name in schemas:
            content = published[name].read_text(encoding="utf-8")
            out.append(f'??? example "{name}"')
            out.append("")
            out.append(f"    [Download `{name}`](protocol/{name})")
            out.append("")
            out.append("    ```json")
            out += [("    " + line) if line else "" for line in content.rstrip("\n").splitlines()]
            out.append("    ```")
            out.append("")
    vectors = [name for name in published if name.startswith("vectors/")]
    if vectors:
        out += ["## The test vectors", ""]
        out += [f"- [`{name}`](protocol/{name})" for name in vectors]
        out.append("")
    return "\n".join(out)


def protocol_downloads(spec_dir: Path) -> dict[str, str]:
    """The files the protocol page links to, by their path on the site."""
    if not (spec_dir / "README.md").is_file():
        return {}
    return {
        f"protocol/{name}": path.read_text(encoding="utf-8")
        for name, path in _published(spec_dir).items()
    }


# --------------------------------------------------------------------------- CLI


def console_markdown(command: str) -> str:
    """Run ``frogspec ...`` in process and return a ``console`` block of what it printed."""
    from frogspec.cli import main

    argv = shlex.split(command)
    if not argv or argv[0] != "frogspec":
        raise ValueError(f"not a frogspec command: {command!r}")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv[1:])
        except SystemExit as exit_:  # argparse exits on --help and on usage errors
            status = exit_.code if isinstance(exit_.code, int) else 1
    text = (out.getvalue() + err.getvalue()).rstrip("\n")
    block = f"```console\n$ {command}\n{text}\n```\n"
    if status:
        block += f"\nExit status {status}.\n"
    return block


# --------------------------------------------------------------------------- quotations


def quote_markdown(source: Source, text: str, locator: str | None = None) -> str:
    """``text`` as a Markdown quotation of ``source``, after checking it stands in our copy.

    Raises ``ValueError`` if the words are not, to the letter, in the text we hold.
    """
    if text not in held_text(source):
        raise ValueError(f"not in the held text of {source.short}: {text!r}")
    where = locator or source.short
    return f"> “{escape(text)}”\n>\n> — {escape(where)}\n"


def meyers_note() -> tuple[str, str]:
    """The German text of the Meyers (1909) entry on Tapp and our translation of it."""
    text = held_text(MEYERS_1909)
    section = text.split("## QUOTATION", 1)[1].split("\n## ", 1)[0]
    german = " ".join(
        line[1:].strip() for line in section.splitlines() if line.startswith(">")
    ).strip()
    german = re.sub(r"^\[\d+\]\s*", "", german)
    found = re.search(r'Translation: "(.+?)"\n', text)
    if not german or found is None:
        raise ValueError(f"cannot find the entry and its translation in {MEYERS_1909.held}")
    return german, found.group(1)


def meyers_markdown() -> str:
    """The Meyers entry as Markdown: the German verbatim, then our translation, marked ours."""
    german, english = meyers_note()
    where = f"{MEYERS_1909.short}, vol. {MEYERS_1909.volume}, p. {MEYERS_1909.pages}"
    return (
        f'<div class="fs-german" lang="de" markdown>\n\n> {escape(german)}\n>\n> — {escape(where)}, '
        f"“{escape(MEYERS_1909.title)}”\n\n</div>\n\n"
        f'!!! note "Translation (ours)"\n\n    {escape(english)}\n'
    )
