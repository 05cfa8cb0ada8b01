"""Untrusted text and values made safe to show in a message.

Error messages and the command line echo what they were given: a record's
member names, a typed move, a file name. :func:`printable` escapes whatever
a terminal would act on instead of showing (control characters such as the
escape that starts a terminal's title sequence, invisible format characters,
lone surrogates), :func:`shown` writes any value briefly, and
:func:`shown_path` writes a file name that is not valid UTF-8.
"""

from __future__ import annotations

import contextlib
import os
import unicodedata
from typing import Final

__all__ = ["clean", "got", "printable", "shown", "shown_path"]

_HIDDEN: Final = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""The Unicode categories never shown as they are: controls, format
characters (bidirectional overrides, zero-width marks), surrogates, line and
paragraph separators."""

_LONGEST: Final = 60
"""The most characters :func:`shown` writes of a value."""

_HUGE_BITS: Final = 3_000
"""Integers of more bits than this are described rather than written: Python
refuses to write integers of more than 4,300 digits as text."""


def _escape(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def clean(text: str) -> bool:
    """Whether ``text`` holds nothing :func:`printable` would escape."""
    return text.isprintable() or all(unicodedata.category(char) not in _HIDDEN for char in text)


def printable(text: str) -> str:
    r"""``text`` with every control, format or surrogate character written as
    a Python escape (``\x1b``, ``\u202e``); other characters, spaces and
    accents included, are kept.

    >>> printable("caf\u00e9 \x1b]0;title\x07")
    'café \\x1b]0;title\\x07'
    """
    if text.isprintable():
        return text
    return "".join(
        _escape(char) if unicodedata.category(char) in _HIDDEN else char for char in text
    )


def shown(value: object, limit: int = _LONGEST) -> str:
    """A short, printable description of any value for a message: its
    ``repr``, cut to ``limit`` characters; an integer too long to write as
    text is described by its size.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > _HUGE_BITS:
            return f"a whole number of about {int(value.bit_length() * 0.30103)} digits"
    elif isinstance(value, list | tuple | dict | set | frozenset) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    text = printable(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def got(value: object) -> str:
    """``"str 'bid 0'"``, ``"None"``: the type and value of what was given,
    for a :class:`TypeError`'s message."""
    if value is None:
        return "None"
    return f"{type(value).__name__} {shown(value)}"


def shown_path(path: str | os.PathLike[str]) -> str:
    r"""A file name as a terminal can show it: bytes that are not UTF-8 are
    written ``\xff``, control characters escaped.

    >>> shown_path("game\udcff.json")
    'game\\xff.json'
    """
    name = os.fspath(path)
    with contextlib.suppress(UnicodeError):  # a name no file system could hold
        name = os.fsencode(name).decode("utf-8", "backslashreplace")
    return printable(name)
