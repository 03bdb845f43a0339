"""``python -m frogspec.vectors generate [--check] [--dir DIR]``."""

import sys

from frogspec.vectors.generate import main

if __name__ == "__main__":
    sys.exit(main())
