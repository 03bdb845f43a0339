"""MkDocs hooks of the rulebook: the generated pages come from the registry at build time.

- ``on_config`` expands the ``rules/`` and ``rulesets/`` entries of the nav into one page
  per topic and per ruleset, and leaves out a page that no one has written (or, for the
  conformance protocol, that ``spec/README.md`` does not yet provide), saying so.
- ``on_page_content`` links the first use of each glossary term on a page to its entry
  (:func:`frogspec.site.link_terms`), its tooltip in the names of the ruleset the page is
  about (:func:`frogspec.site.page_ruleset`).
- ``on_files`` adds every page of :func:`frogspec.site.generated_pages` and every file of
  :func:`frogspec.site.downloads` (the BibTeX and CSL-JSON bibliography, the protocol's
  schemas) to the build. Nothing is copied by hand from the code.
- ``on_page_markdown`` and ``on_page_content`` keep each page's rendered HTML in
  ``.cache/rulebook/pages/`` under :func:`frogspec.site.build_cache.page_key`: the page's
  Markdown, and for a page that runs code (an executed example, an API block) the digest of
  the package's code. A page whose key is unchanged is not rendered again: its HTML, table of
  contents, anchors and cross-reference targets are taken from the cache; so are its
  entries in the search index (``on_pre_build``), under a key of its final HTML.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any, TypedDict

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from frogspec import site
from frogspec.served import SERVED_VARIABLE
from frogspec.site import browser_runtime
from frogspec.site.build_cache import (
    CACHE_DIR,
    behaviour_digest,
    environment_digest,
    page_key,
    tree_digest,
)

log = logging.getLogger("mkdocs.hooks.frogspec")

_generated: dict[str, str] = {}

#: A page that runs code while it is rendered: an executed example, an API block.
_RUNS_CODE = ('exec="on"', "\n::: ")

#: A page that says itself what its rendering reads (the API pages: their modules' files).
_OWN_DEPENDENCIES = "<!-- frogspec-reads: "


class _Rendered(TypedDict):
    """What rendering a page left behind, kept so that the page need not be rendered again."""

    html: str
    toc: Any
    title: str | None
    anchors: set[str]
    links: dict[str, dict[str, str]]
    registered: list[tuple[str, str | None, str | None, bool]]
    inventory: list[tuple[Any, ...]]


class _PageCache:
    """The rendered pages of this build: those taken from the cache, those rendered anew.
    (Plain classes here: MkDocs loads the hook as a file, not as an importable module.)"""

    def __init__(self, folder: Path, common: str, code: str) -> None:
        self.folder = folder
        self.common = common
        self.code = code
        self.keys: dict[str, str] = {}
        self.hits: dict[str, _Rendered] = {}
        self.registered: dict[str, list[tuple[str, str | None, str | None, bool]]] = {}
        self.inventory: dict[str, list[tuple[Any, ...]]] = {}
        self.current: list[str] = []
        self.rendered = 0


_cache: list[_PageCache] = []


def _write(path: Path, data: bytes) -> None:
    # Whole or not at all: a build stopped halfway leaves no half-written entry, and one
    # pruned away by another build running at the same time is simply not kept.
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        partial.write_bytes(data)
        partial.replace(path)
    except FileNotFoundError:
        pass


def _root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent


def _record_registrations(config: MkDocsConfig, cache: _PageCache) -> None:
    # Rendering a page registers its headings and API objects as cross-reference targets;
    # the registrations are kept with the page, to be made again when it comes from the cache.
    autorefs = config.plugins.get("autorefs")
    if autorefs is None:
        return
    register = autorefs.register_anchor

    def recording(
        page: Page,
        identifier: str,
        anchor: str | None = None,
        *,
        title: str | None = None,
        primary: bool = True,
    ) -> None:
        if isinstance(page, Page):
            cache.registered.setdefault(page.file.src_uri, []).append(
                (identifier, anchor, title, primary)
            )
        register(page, identifier, anchor, title=title, primary=primary)

    autorefs.register_anchor = recording
    # And the API objects it documents, for the inventory (objects.inv) of other sites.
    mkdocstrings = config.plugins.get("mkdocstrings")
    if mkdocstrings is None:
        return
    inventory = mkdocstrings.handlers.inventory
    register_item = inventory.register

    def recording_item(*args: Any, **kwargs: Any) -> None:
        if cache.current:
            cache.inventory.setdefault(cache.current[0], []).append((args, kwargs))
        register_item(*args, **kwargs)

    inventory.register = recording_item


def _generated_pages(config: MkDocsConfig) -> dict[str, str]:
    # The generated pages read the package (its code and data) and the protocol's files
    # only: made again when they change, else taken from the last build.
    root = _root(config)
    code = tree_digest(root, ["frogspec", "spec"])
    key = "generated-" + page_key(code, os.environ.get("FROGSPEC_SITE_URL", ""), sys.version)
    path = root / CACHE_DIR / "pages" / key
    cached = os.environ.get("FROGSPEC_BUILD_CACHE", "1") != "0"
    _generated_key[:] = [key, _worth_key(root)] if cached else []
    if cached and path.is_file():
        try:
            pages: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            pass
        else:
            log.info("frogspec: the package has not changed: its %d pages as built", len(pages))
            return pages
    started = time.perf_counter()
    log.info("frogspec: making the pages generated from the registry")
    pages = site.generated_pages(_spec_dir(config), worth=_worth_pages(root, cached))
    log.info("frogspec: %d pages generated in %.1f s", len(pages), time.perf_counter() - started)
    if cached:
        _write(path, json.dumps(pages).encode())
    return pages


def _worth_key(root: Path) -> str:
    return "worth-" + page_key(behaviour_digest(root, ["frogspec"]), sys.version)


def _worth_pages(root: Path, cached: bool) -> dict[str, str]:
    # The hand-worth pages (the slowest to make) show what the code computes from the
    # solved deals and no rule's words: kept under a digest blind to those words, so that
    # rewording a rule does not make them again.
    key = _worth_key(root)
    path = root / CACHE_DIR / "pages" / key
    if cached:
        try:
            pages: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
        else:
            log.info("frogspec: the hand-worth pages as built (the code they run is unchanged)")
            return pages
    log.info("frogspec: making the hand-worth pages")
    pages = site.worth_pages()
    if cached:
        _write(path, json.dumps(pages).encode())
    return pages


#: The key under which this build's generated pages are kept (spared by the pruning).
_generated_key: list[str] = []


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    # The pages that run ``frogspec rule`` show no local server's address, served or not.
    os.environ[SERVED_VARIABLE] = ""
    _generated.clear()
    _generated.update(_generated_pages(config))
    docs = Path(config.docs_dir)
    exists = {p.relative_to(docs).as_posix() for p in docs.rglob("*.md")} | set(_generated)
    if config.nav is not None:
        config.nav = _expand(config.nav, site.nav_sections(), exists)
    root = _root(config)
    # Every page depends on the configuration, the hooks, the installed packages and the
    # site's address (the citations carry it); a page that runs code, on the package's code.
    common = hashlib.sha256(
        "\0".join(
            [
                tree_digest(root, ["mkdocs.yml", "docs/_hooks"]),
                environment_digest(),
                os.environ.get("FROGSPEC_SITE_URL", ""),
                *sorted(exists),
            ]
        ).encode()
    ).hexdigest()
    _cache.clear()
    if os.environ.get("FROGSPEC_BUILD_CACHE", "1") == "0":
        return config  # every page rendered anew (a test compares the two)
    _cache.append(_PageCache(root / CACHE_DIR / "pages", common, tree_digest(root, ["frogspec"])))
    _record_registrations(config, _cache[0])
    return config


def _key(markdown: str, page: Page, cache: _PageCache) -> str:
    if _OWN_DEPENDENCIES in markdown or not any(mark in markdown for mark in _RUNS_CODE):
        return page_key(markdown, page.url, cache.common)
    return page_key(markdown, page.url, cache.common, cache.code)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    if not _cache:
        return markdown
    cache = _cache[0]
    key = _key(markdown, page, cache)
    cache.keys[page.file.src_uri] = key
    cache.current[:] = [page.file.src_uri]
    try:
        with (cache.folder / key).open("rb") as kept:
            rendered: _Rendered = pickle.load(kept)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError):
        cache.rendered += 1
        return markdown
    if not isinstance(rendered, dict) or set(rendered) != set(_Rendered.__annotations__):
        cache.rendered += 1  # kept by another version of this hook
        return markdown
    cache.hits[page.file.src_uri] = rendered
    if any(mark in markdown for mark in _RUNS_CODE):
        # The API styles are written only when the handler has been asked for.
        mkdocstrings = config.plugins.get("mkdocstrings")
        if mkdocstrings is not None:
            mkdocstrings.handlers.get_handler("python")
    return ""


def _from_cache(page: Page, rendered: _Rendered, config: MkDocsConfig, files: Files) -> str:
    page.toc = rendered["toc"]
    page._title_from_render = rendered["title"]
    page.present_anchor_ids = set(rendered["anchors"])
    links = {}
    for path, anchors in rendered["links"].items():
        target = files.get_file_from_path(path)
        if target is not None:
            links[target] = dict(anchors)
    page.links_to_anchors = links
    autorefs = config.plugins.get("autorefs")
    if autorefs is not None:
        for identifier, anchor, title, primary in rendered["registered"]:
            autorefs.register_anchor(page, identifier, anchor, title=title, primary=primary)
    mkdocstrings = config.plugins.get("mkdocstrings")
    if mkdocstrings is not None:
        for args, kwargs in rendered["inventory"]:
            mkdocstrings.handlers.inventory.register(*args, **kwargs)
    return rendered["html"]


def _keep(page: Page, html: str, cache: _PageCache) -> None:
    rendered = _Rendered(
        html=html,
        toc=page.toc,
        title=page._title_from_render,
        anchors=set(page.present_anchor_ids or ()),
        links={
            target.src_uri: dict(anchors)
            for target, anchors in (page.links_to_anchors or {}).items()
        },
        registered=cache.registered.get(page.file.src_uri, []),
        inventory=cache.inventory.get(page.file.src_uri, []),
    )
    data = pickle.dumps(rendered, protocol=pickle.HIGHEST_PROTOCOL)
    _write(cache.folder / cache.keys[page.file.src_uri], data)


def _spec_dir(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path).resolve().parent / "spec"


def _expand(items: list[Any], sections: dict[str, list[str]], exists: set[str]) -> list[Any]:
    result: list[Any] = []
    for item in items:
        if isinstance(item, str) and item in sections:
            result.extend(sections[item])
            continue
        if isinstance(item, dict):
            ((title, value),) = item.items()
            if isinstance(value, list):
                children = _expand(value, sections, exists)
                if children:
                    result.append({title: children})
                continue
            if isinstance(value, str) and value.endswith(".md") and value not in exists:
                log.info("frogspec: %s does not exist yet; left out of the nav", value)
                continue
        elif isinstance(item, str) and item.endswith(".md") and item not in exists:
            log.info("frogspec: %s does not exist yet; left out of the nav", item)
            continue
        result.append(item)
    return result


def on_files(files: Files, config: MkDocsConfig) -> Files:
    unlisted = set(site.unlisted_pages())
    for path, content in _generated.items():
        if files.get_file_from_path(path) is not None:
            raise PluginError(f"docs/{path} would hide the page generated from the registry")
        inclusion = InclusionLevel.NOT_IN_NAV if path in unlisted else InclusionLevel.UNDEFINED
        files.append(File.generated(config, path, content=content, inclusion=inclusion))
    for path, content in site.downloads(_spec_dir(config)).items():
        files.append(File.generated(config, path, content=content))
    # The Play page's wheel and runtime (the runtime only if already fetched: see dev.py).
    play_files, note = browser_runtime.site_files(_spec_dir(config).parent)
    log.info("frogspec: %s", note)
    for path, data in play_files.items():
        if isinstance(data, Path):
            files.append(File.generated(config, path, abs_src_path=str(data)))
        else:
            files.append(File.generated(config, path, content=data))
    return files


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if _cache:
        cache = _cache[0]
        rendered = cache.hits.get(page.file.src_uri)
        if rendered is not None:
            html = _from_cache(page, rendered, config, files)
        elif page.file.src_uri in cache.keys:
            _keep(page, html, cache)
    # The glossary explains its terms where they are used, on every page but its own.
    if page.file.src_uri != "glossary.md":
        html = site.link_terms(html, page.url, site.page_ruleset(page.file.src_uri))
    # The hand-worth pages' tables and chart are laid out for a phone by worth.css.
    if page.file.src_uri.startswith("worth/"):
        html = f'<div class="fs-worth">{html}</div>'
    return html


def _cache_search_entries(index: Any, cache: _PageCache) -> None:
    # The search index's entries of a page depend on its final HTML, its title and its own
    # search settings only: kept under a key of those, like the page's rendering.
    add = index.add_entry_from_context

    def cached(page: Page) -> None:
        settings = json.dumps([page.meta.get("search"), page.meta.get("tags")], sort_keys=True)
        title = str(page.meta.get("title", page.title))
        key = "search-" + page_key(page.content or "", page.url, cache.common, settings, title)
        cache.keys["search:" + page.file.src_uri] = key
        path = cache.folder / key
        try:
            index.entries.extend(json.loads(path.read_text(encoding="utf-8")))
            return
        except (OSError, ValueError):
            pass
        before = len(index.entries)
        add(page)
        _write(path, json.dumps(index.entries[before:]).encode())

    index.add_entry_from_context = cached


def _every_import_known(config: MkDocsConfig) -> None:
    # An API page lists in the inventory (objects.inv) every name under which its objects
    # are imported elsewhere, as far as the documentation's loader has followed those
    # imports by then: a page taken from the cache follows none. Followed all at once
    # before any page is rendered, the inventory is the same whichever pages are kept.
    mkdocstrings = config.plugins.get("mkdocstrings")
    if mkdocstrings is None:
        return
    handler = mkdocstrings.handlers.get_handler("python")
    package = handler.collect("frogspec", handler.get_options({}))
    found = [package]
    while found:
        for member in found.pop().members.values():
            if member.is_alias:
                with contextlib.suppress(Exception):  # an import from outside the package
                    member.final_target  # noqa: B018 (following it records the import)
            elif member.is_module or member.is_class:
                found.append(member)


def on_nav(nav: Any, config: MkDocsConfig, files: Files) -> Any:
    _every_import_known(config)
    pages = sum(1 for file in files if file.is_documentation_page())
    reused = " (a page unchanged since the last build is taken as it was)" if _cache else ""
    log.info("frogspec: rendering the %d pages%s", pages, reused)
    return nav


def on_pre_build(config: MkDocsConfig) -> None:
    if not _cache:
        return
    for plugin in config.plugins.values():
        index = getattr(plugin, "search_index", None)
        if index is not None and hasattr(index, "add_entry_from_context"):
            _cache_search_entries(index, _cache[0])


def on_env(env: Any, config: MkDocsConfig, files: Files) -> Any:
    if _cache:
        cache = _cache[0]
        log.info(
            "frogspec: %d pages rendered, %d unchanged taken from %s",
            cache.rendered,
            len(cache.hits),
            cache.folder,
        )
    return env


def on_post_build(config: MkDocsConfig) -> None:
    search_index = Path(config.site_dir) / "search" / "search_index.json"
    if search_index.is_file():
        index = json.loads(search_index.read_text(encoding="utf-8"))
        index["docs"] = site.weigh_search_entries(index["docs"])
        search_index.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")
    # Only the pages of the latest build are kept.
    if not _cache:
        return
    cache = _cache[0]
    used = set(cache.keys.values()) | set(_generated_key)
    if cache.folder.is_dir():
        for kept in cache.folder.iterdir():
            if kept.name in used:
                continue
            # Another build's entry being written is spared; one left by a stopped build
            # an hour ago is not.
            with contextlib.suppress(FileNotFoundError):
                if not kept.name.endswith(".partial") or time.time() - kept.stat().st_mtime > 3600:
                    kept.unlink()
