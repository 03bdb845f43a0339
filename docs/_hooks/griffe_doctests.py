"""A Griffe extension: docstrings written for doctest and Sphinx, made readable as Markdown.

Doctest examples are fenced as ``pycon`` and Sphinx roles become code spans (see
:func:`frogspec.site.markup.docstring_to_markdown`), so that ``>>>`` is not read as a
Markdown quote.
"""

from __future__ import annotations

from typing import Any

import griffe

from frogspec.site.markup import docstring_to_markdown


def _convert(obj: griffe.Object) -> None:
    if obj.docstring is not None:
        obj.docstring.value = docstring_to_markdown(obj.docstring.value)


class DoctestFences(griffe.Extension):
    """Rewrite every docstring once the object tree is built (the package's own too)."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        _convert(obj)

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        _convert(pkg)
