"""The conformance kit: the vectors in ``spec/vectors/`` and the code that reads and writes them.

- :mod:`frogspec.vectors.model`: a case, a vector file, loading them, and comparing
  an implementation's response with the expected one (standard library only; the runner,
  :mod:`frogspec.conform`, uses it).
- :mod:`frogspec.vectors.build`: the tools that turn a request into a case by asking
  the reference harness, checking the hand-written expectations on the way.
- :mod:`frogspec.vectors.handwritten` and :mod:`frogspec.vectors.generated`: the
  cases themselves.
- ``python -m frogspec.vectors generate`` (or ``frogspec vectors generate``) writes the
  files; ``--check`` only reports whether the committed files are up to date.
"""

from frogspec.vectors.model import (
    Case,
    VectorError,
    VectorFile,
    default_vectors_dir,
    differences,
    load_vectors,
)

__all__ = [
    "Case",
    "VectorError",
    "VectorFile",
    "default_vectors_dir",
    "differences",
    "load_vectors",
]
