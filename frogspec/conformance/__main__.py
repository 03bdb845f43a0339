"""Deprecated: ``python -m frogspec.vectors generate`` (written by relayout.py; kept as is)."""

import sys

from frogspec.vectors.generate import main

if __name__ == "__main__":
    sys.exit(main())
