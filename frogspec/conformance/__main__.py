"""``python -m frogspec.conformance generate [--check] [--dir DIR]``."""

import sys

from frogspec.conformance.generate import main

if __name__ == "__main__":
    sys.exit(main())
