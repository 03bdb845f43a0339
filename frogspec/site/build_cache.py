"""What the rulebook is built from, as digests: the site is rebuilt only when they change.

A digest is a SHA-256 over the bytes of files (with their paths), over the versions of the
installed packages, or over both. The serving command (:mod:`frogspec.site.serve`) keeps the
digest of everything a build read beside the built site, and serves that build at once while
the digest still matches; the build hook keeps each page's rendered HTML under a digest of the
page's Markdown and of what the page runs (:func:`page_key`), so that a change renders again
only the pages it can alter. Nothing here needs anything beyond the standard library.

>>> len(tree_digest(ROOT, ["mkdocs.yml"]))
64
>>> tree_digest(ROOT, ["mkdocs.yml"]) == tree_digest(ROOT, ["mkdocs.yml", "no-such-file"])
True
>>> module_files(["frogspec.rules.play"])[0].name
'play.py'
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import importlib.util
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from frogspec.served import ROOT

__all__ = [
    "CACHE_DIR",
    "INPUTS",
    "behaviour_digest",
    "environment_digest",
    "module_files",
    "page_key",
    "site_digest",
    "tree_digest",
]


#: Where builds keep what they can reuse: the last served site and the rendered pages.
CACHE_DIR = Path(".cache") / "rulebook"

#: What a build of the rulebook reads, relative to the top directory: the configuration, the
#: hand-written pages and the hooks, the package (its code, its data and the source texts it
#: quotes), the published protocol, and the Play page's runtime.
INPUTS: tuple[str, ...] = (
    "mkdocs.yml",
    "pyproject.toml",
    "docs",
    "frogspec",
    "spec",
    ".cache/pyodide",
)

#: Files no build reads: bytecode, and what editors and tools leave behind.
_SKIPPED_PARTS = frozenset({"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"})
_SKIPPED_SUFFIXES = (".pyc", ".pyo", ".swp", "~", ".tgz", ".partial")


def _files(root: Path, inputs: Iterable[str]) -> Iterator[Path]:
    for name in inputs:
        path = root / name
        if path.is_file():
            yield path
        elif path.is_dir():
            for found in sorted(path.rglob("*")):
                skipped = _SKIPPED_PARTS.intersection(found.relative_to(root).parts)
                if found.is_file() and not skipped and not found.name.endswith(_SKIPPED_SUFFIXES):
                    yield found


def tree_digest(root: Path, inputs: Iterable[str]) -> str:
    """The SHA-256 of every file of ``inputs`` (files or folders under ``root``), each with its
    path, in order; a name that does not exist counts for nothing."""
    digest = hashlib.sha256()
    for path in _files(root, inputs):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def environment_digest() -> str:
    """The SHA-256 of the Python version and of every installed package's name and version:
    a new MkDocs, theme or plugin can change every page."""
    versions = sorted(
        f"{dist.metadata['Name']}=={dist.version}" for dist in importlib.metadata.distributions()
    )
    return hashlib.sha256("\n".join([sys.version, *versions]).encode()).hexdigest()


def site_digest(root: Path = ROOT, *extra: str, inputs: Iterable[str] = INPUTS) -> str:
    """The digest of everything a build of the rulebook reads (``inputs`` under ``root``, the
    installed packages) and of ``extra`` (the address it is built for, say)."""
    parts = [tree_digest(root, inputs), environment_digest(), *extra]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def module_files(modules: Iterable[str]) -> list[Path]:
    """The source files of the named modules (a package: its ``__init__.py``), by name."""
    files = []
    for name in sorted(set(modules)):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None and spec.origin.endswith(".py"):
            files.append(Path(spec.origin))
    return files


def page_key(markdown: str, url: str, *digests: str) -> str:
    """The key of a page's rendered HTML: its Markdown, its address (its links are relative)
    and the digests of what else its rendering reads."""
    digest = hashlib.sha256(f"{url}\0{markdown}".encode())
    for part in digests:
        digest.update(b"\0" + part.encode())
    return digest.hexdigest()


def _without_rule_words(source: bytes) -> bytes:
    """A module's code with the arguments of its ``@rule(...)`` decorators left out."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            node.decorator_list = [
                d
                for d in node.decorator_list
                if not (isinstance(d, ast.Call) and getattr(d.func, "id", None) == "rule")
            ]
    return ast.dump(tree).encode()


def behaviour_digest(root: Path, inputs: Iterable[str]) -> str:
    """Like :func:`tree_digest`, but blind to the words of the rules: the arguments of each
    ``@rule(...)`` decorator (the rule's id, statement and citations) are left out. A page
    that shows what the code computes, and no rule's words, is the same while this is.

    >>> behaviour_digest(ROOT, ["frogspec/rules/play.py"]) == behaviour_digest(
    ...     ROOT, ["frogspec/rules/play.py"])
    True
    """
    digest = hashlib.sha256()
    for path in _files(root, inputs):
        data = path.read_bytes()
        if path.suffix == ".py" and b"@rule(" in data:
            data = _without_rule_words(data)
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()
