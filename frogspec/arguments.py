"""The types of the command line's arguments, shared by the ``frogspec`` command and the
modules that add subcommands to it: each parses a text and refuses a bad one with
``argparse.ArgumentTypeError``, which ``argparse`` turns into a usage error (exit 2).

>>> seconds("2.5"), whole_number(1, 9)("7")
(2.5, 7)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

__all__ = ["MAX_SECONDS", "seconds", "whole_number"]

#: The most seconds a duration given on the command line may be (about eleven days).
MAX_SECONDS = 1_000_000


def seconds(text: str) -> float:
    """An argument type: a number of seconds, more than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"must be more than 0 and at most {MAX_SECONDS:,} seconds, got {text}"
        )
    return value


def whole_number(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number, at least ``minimum`` and at most ``maximum`` if
    they are given (a number of more than 30 digits is refused by its length)."""

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if len(digits) > 30:
            bound = f"at most {maximum}" if maximum is not None else "of at most 30 digits"
            raise argparse.ArgumentTypeError(f"must be {bound}, got {len(digits)} digits")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(f"must be {minimum} or more, got {text}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, got {text}")
        return value

    return parse
