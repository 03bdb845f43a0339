"""``python -m frogspec.conform [options] [-- COMMAND ...]``: as ``frogspec conform``."""

import sys

from frogspec.conform.cli import main

sys.exit(main())
