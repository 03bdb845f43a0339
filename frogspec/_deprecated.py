"""Old names kept working, with a warning, after a rename (public names unique, issue 22).

A module assigns ``__getattr__ = deprecated_names(__name__, {"Old": "New"})``: the old name
is not a module attribute (so it is no second definition of the name in the package), and
using it warns with a :class:`DeprecationWarning` naming the new one.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Mapping


def deprecated_names(module: str, renamed: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` that answers each old name of ``renamed`` with its new one."""

    def __getattr__(name: str) -> object:
        if name in renamed:
            new = renamed[name]
            warnings.warn(
                f"{module}.{name} is now {module}.{new}", DeprecationWarning, stacklevel=2
            )
            return getattr(sys.modules[module], new)
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
