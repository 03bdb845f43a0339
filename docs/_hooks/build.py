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
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from frogspec import site
from frogspec.site import browser_runtime

log = logging.getLogger("mkdocs.hooks.frogspec")

_generated: dict[str, str] = {}


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


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    _generated.clear()
    _generated.update(site.generated_pages(_spec_dir(config)))
    docs = Path(config.docs_dir)
    exists = {p.relative_to(docs).as_posix() for p in docs.rglob("*.md")} | set(_generated)
    if config.nav is not None:
        config.nav = _expand(config.nav, site.nav_sections(), exists)
    return config


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


def on_page_content(html: str, page: Page, **kwargs: Any) -> str:
    # The glossary explains its terms where they are used, on every page but its own.
    if page.file.src_uri == "glossary.md":
        return html
    return site.link_terms(html, page.url, site.page_ruleset(page.file.src_uri))
