"""Deprecated: the pack is :mod:`frogspec.rules.cards` (written by relayout.py; kept as is).

``from frogspec.cards import CARDS`` keeps working; new code imports ``frogspec.rules.cards``.
"""

import warnings

from frogspec.rules.cards import *  # noqa: F403 - every public name of the chapter
from frogspec.rules.cards import __all__ as __all__

warnings.warn("frogspec.cards is now frogspec.rules.cards", DeprecationWarning, stacklevel=2)
