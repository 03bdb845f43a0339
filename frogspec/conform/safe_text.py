"""Text from an implementation is data: shown, never obeyed, wherever a report puts it.

An engine names itself in its hello, writes messages in its errors and anything at all on
standard error. Each function here makes such text safe for one destination, keeping every
character readable: what the destination would act on is written as an escape.

>>> for_terminal("engine\\x1b[2J\\x1b]0;owned\\x07")
'engine\\\\x1b[2J\\\\x1b]0;owned\\\\x07'
>>> for_markdown("*bold* | [link](x) <b>")
'\\\\*bold\\\\* \\\\| \\\\[link\\\\]\\\\(x\\\\) &lt;b&gt;'
>>> for_xml("ansi \\x1b[31mred\\x1b[0m")
'ansi \\\\x1b[31mred\\\\x1b[0m'
"""

from __future__ import annotations

import re

__all__ = ["code_span", "for_markdown", "for_terminal", "for_xml"]

#: What a terminal acts on: C0 controls but the newline, DEL, C1 controls (``\x9b`` starts
#: an escape sequence on some terminals), and the bidirectional controls that reorder what
#: is shown (lines that read otherwise than they are).
_TERMINAL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

#: What XML 1.0 forbids (and lone surrogates, which no encoding writes), with what a
#: terminal would act on when the report is shown.
_XML = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff"
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)

#: The characters Markdown (CommonMark and tables) may read as markup.
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+!|~>-])")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """``text`` with every control character but the newline written as an escape
    (``\\x1b``, ``\\u202e``), so that printing it cannot move the cursor, clear the
    screen, set a window's title or reorder a line."""
    return _TERMINAL.sub(_escape, text)


def for_xml(text: str) -> str:
    """``text`` with what XML 1.0 forbids (most C0 controls, lone surrogates, U+FFFE and
    U+FFFF) and what a terminal acts on written as escapes: the serializer escapes ``<``,
    ``&`` and quotes; these it cannot. Safe on a whole serialized document too, as no
    markup of its own holds such a character."""
    return _XML.sub(_escape, text)


def for_markdown(text: str) -> str:
    """``text`` for a Markdown line or table cell: controls escaped
    (:func:`for_terminal`, newlines made spaces), markup characters backslashed, ``<``,
    ``>`` and ``&`` written as entities (no HTML gets through)."""
    flat = for_terminal(text).replace("\n", " ")
    flat = flat.replace("&", "&amp;").replace("<", "&lt;")
    return _MARKDOWN.sub(r"\\\1", flat).replace("\\>", "&gt;")


def code_span(text: str) -> str:
    """``text`` as a Markdown code span, with a fence of more backticks than it holds in a
    row, so that no backtick in it ends the span early.

    >>> code_span('{"a": "x`y"}')
    '`` {"a": "x`y"} ``'
    """
    flat = for_terminal(text).replace("\n", " ")
    longest = max((len(run) for run in re.findall("`+", flat)), default=0)
    fence = "`" * (longest + 1)
    return f"{fence} {flat} {fence}" if longest else f"{fence}{flat}{fence}"
