"""Deprecated: the vectors' builder is :mod:`frogspec.vectors` (written by relayout.py; kept as is).

``frogspec.conformance`` re-exports :mod:`frogspec.vectors`' public names and
:mod:`frogspec.vectors.model`, and ``python -m frogspec.conformance generate`` runs
``python -m frogspec.vectors generate``.
"""

import sys
import warnings

from frogspec.vectors import *  # noqa: F403 - every public name of the package
from frogspec.vectors import __all__ as __all__
from frogspec.vectors import model

sys.modules.setdefault(__name__ + ".model", model)

warnings.warn("frogspec.conformance is now frogspec.vectors", DeprecationWarning, stacklevel=2)
