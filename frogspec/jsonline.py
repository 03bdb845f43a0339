"""Reading one JSON line within fixed bounds, for the harness and the conformance runner.

A protocol line (spec/README.md, "Bounds of a line") is at most :data:`MAX_LINE_BYTES`
bytes of UTF-8, nests arrays and objects at most :data:`MAX_DEPTH` deep, writes no number
in more than :data:`MAX_NUMBER_CHARS` characters, and holds no ``NaN`` or ``Infinity``, no
lone surrogate and no key twice in one object. :func:`decode_line` returns the value of
such a line and raises :class:`LineError`, naming the bound, for any other; it never
raises anything else, however odd the line (the stdlib parser recurses, so depth is
counted by a cheap scan before it runs).

>>> decode_line(b'{"id": 1, "op": "hello"}')
{'id': 1, 'op': 'hello'}
>>> decode_line("[" * 100_000)
Traceback (most recent call last):
...
frogspec.jsonline.LineError: nesting deeper than 64 arrays and objects
>>> decode_line('{"id": 1, "id": 2}')
Traceback (most recent call last):
...
frogspec.jsonline.LineError: key 'id' twice in one object
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from itertools import accumulate
from pathlib import Path
from typing import IO

from frogspec._types import Json

__all__ = [
    "MAX_DEPTH",
    "MAX_LINE_BYTES",
    "MAX_NUMBER_CHARS",
    "LineError",
    "Overlong",
    "decode_line",
    "read_json_file",
    "read_lines",
]


#: The longest line (bytes, without its newline) either side reads.
MAX_LINE_BYTES = 1 << 24
#: How deep arrays and objects may nest (the protocol's own go 5 deep).
MAX_DEPTH = 64
#: The most characters a number may be written in (a 64-bit integer takes 20).
MAX_NUMBER_CHARS = 40


class LineError(ValueError):
    """A line out of bounds or not JSON; ``bound`` names which: ``length``, ``depth``,
    ``number``, ``non-finite``, ``utf-8``, ``surrogate``, ``duplicate-key``, ``json`` or
    (for :func:`read_json_file`) ``file``."""

    def __init__(self, bound: str, message: str) -> None:
        super().__init__(message)
        self.bound = bound
        self.message = message


class Overlong:
    """What :func:`read_lines` yields for a line longer than the bound: its first bytes."""

    def __init__(self, head: bytes) -> None:
        self.head = head

    def error(self) -> LineError:
        """The :class:`LineError` this line earns."""
        return LineError("length", f"a line longer than {MAX_LINE_BYTES} bytes")


#: A string, or an unterminated one to the end: it always matches at its first quote, so
#: the scan is linear however the quotes and backslashes fall.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """How deep the brackets of ``text`` nest outside its strings (an upper bound for
    text that is not JSON)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0  # cannot be too deep: skip the scan
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(_STEP[c] for c in brackets), default=0)


def _number(parse: Callable[[str], Json]) -> Callable[[str], Json]:
    def checked(text: str) -> Json:
        if len(text) > MAX_NUMBER_CHARS:
            raise LineError(
                "number", f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARS})"
            )
        value = parse(text)
        if value in (float("inf"), float("-inf")):
            raise LineError("non-finite", f"the number {text} is beyond a double")
        return value

    return checked


def _constant(name: str) -> Json:
    raise LineError("non-finite", f"{name} is not JSON")


def _object(pairs: list[tuple[str, Json]]) -> dict[str, Json]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise LineError("duplicate-key", f"key {key!r} twice in one object")
            seen.add(key)
    return result


def _strings(value: Json) -> Iterator[str]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            yield from item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object,
    parse_int=_number(int),
    parse_float=_number(float),
    parse_constant=_constant,
)


def decode_line(line: bytes | str) -> Json:
    """The JSON value of one line (without or with its newline), within the bounds;
    :class:`LineError` naming the bound otherwise."""
    if len(line) > MAX_LINE_BYTES:  # a str this long is at least as long in UTF-8
        raise LineError("length", f"a line longer than {MAX_LINE_BYTES} bytes")
    if isinstance(line, bytes):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise LineError("utf-8", f"not UTF-8 at byte {error.start} ({error.reason})") from None
    else:
        text = line
        if len(text.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
            raise LineError("length", f"a line longer than {MAX_LINE_BYTES} bytes")
    if _depth(text) > MAX_DEPTH:
        raise LineError("depth", f"nesting deeper than {MAX_DEPTH} arrays and objects")
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as error:
        raise LineError("json", f"not JSON: {error}") from None
    except RecursionError:  # only if the scan undercounted; never seen
        raise LineError("depth", f"nesting deeper than {MAX_DEPTH} arrays and objects") from None
    for string in _strings(value):
        if _SURROGATE.search(string):
            raise LineError("surrogate", "a lone surrogate (\\ud800-\\udfff) in a string")
    return value


def read_lines(stream: IO[bytes], chunk: int = 65536) -> Iterator[bytes | Overlong]:
    """The lines of a binary stream (without newlines), each at most
    :data:`MAX_LINE_BYTES` bytes: a longer one comes as :class:`Overlong`, its rest skipped
    as it arrives, so no more than the bound is ever held. A last line without newline is
    yielded too."""
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1]
        elif len(line) <= MAX_LINE_BYTES:
            yield line  # the stream ended without a newline
        else:
            head = line[:200]
            del line
            while True:
                rest = stream.readline(chunk)
                if not rest or rest.endswith(b"\n"):
                    break
            yield Overlong(head)


def read_json_file(path: Path, limit: int = MAX_LINE_BYTES) -> Json:
    """The JSON value of the file at ``path``, within the bounds of a line (at most
    ``limit`` bytes, nesting, numbers, no lone surrogate: :func:`decode_line`).

    Only a regular file is read: a pipe, a FIFO or a device (``/dev/zero``) could hang
    the reader or never end, and is refused. :class:`LineError` names the bound broken
    (``file`` for one that cannot be read or is not a regular file), and so does nothing
    else, whatever the file holds.

    >>> read_json_file(Path("/dev/zero"))
    Traceback (most recent call last):
    ...
    frogspec.jsonline.LineError: /dev/zero is not a regular file (a device, a pipe or a FIFO is not read)
    """
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer before it can be refused.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise LineError("file", f"cannot read {path}: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise LineError(
                "file", f"{path} is not a regular file (a device, a pipe or a FIFO is not read)"
            )
        if info.st_size > limit:
            raise LineError("length", f"{path} is longer than {limit:,} bytes")
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise LineError("file", f"cannot read {path}: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise LineError("length", f"{path} is longer than {limit:,} bytes")
    try:
        return decode_line(data)
    except LineError as error:
        raise LineError(error.bound, f"{path}: {error.message}") from None
