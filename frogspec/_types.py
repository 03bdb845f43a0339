"""Types shared across the package."""

from typing import Any

__all__ = ["Json"]

#: A JSON value as :func:`json.loads` gives it: a dict, list, str, int, float, bool or None.
Json = Any
