"""``python -m frogspec.conform [options] [-- COMMAND ...]``: as ``frogspec conform``."""

import sys

from frogspec.conform.cli import main

if __name__ == "__main__":
    sys.exit(main())
