"""Text the game can draw: visible characters only (:func:`check_text`, :func:`clean_text`).

Pure standard library and below every module that reads files (saves, records, the listing
index), so each of them can check texts without importing the others."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_TEXT_LENGTH", "check_text", "clean_text", "first_invisible", "has_glyph", "is_visible_char", "short"]


# ---------------------------------------------------------------- text that can be drawn
#: Unicode categories that draw nothing (controls, format characters such as U+200B..U+200D,
#: U+202E, surrogates, private use, unassigned, line/paragraph separators). pygame's font
#: refuses to render a text made only of such characters ("Text has zero width"), NUL and
#: lone surrogates make it raise, and none of them belongs in a name or a file's text.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Default-ignorable marks and fillers that also render with zero width (variation selectors
#: such as U+FE0F, the combining grapheme joiner, Mongolian selectors, Hangul fillers...).
_IGNORABLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF),
)
_WHITESPACE_CONTROLS = frozenset("\t\n\r\v\f\x1c\x1d\x1e\x1f\x85\u2028\u2029")
#: Longest free text accepted anywhere in a save file (log lines are far shorter).
MAX_TEXT_LENGTH = 1000


def is_visible_char(ch: str) -> bool:
    """Whether ``ch`` (one character) may appear in a name or a text the game draws."""
    cp = ord(ch)
    if unicodedata.category(ch) in _INVISIBLE_CATEGORIES:
        return False
    return not any(lo <= cp <= hi for lo, hi in _IGNORABLE_RANGES)


#: the ASCII characters that draw nothing (every other ASCII character is visible)
_ASCII_INVISIBLE = re.compile("[\x00-\x1f\x7f]")
#: non-ASCII characters :func:`is_visible_char` found visible (a cache, so a text's characters are
#: looked up in C; at most :data:`_SEEN_MAX` of them)
_SEEN_VISIBLE: set[str] = set()
_SEEN_MAX = 65536


def first_invisible(text: str) -> str | None:
    """The first character of ``text`` that :func:`is_visible_char` refuses, or None.

    Linear and without a Python call per character: ASCII text is searched with one compiled
    pattern; other text is turned into its set of distinct characters and only characters not
    seen before are looked up (once each)."""
    if text.isascii():
        found = _ASCII_INVISIBLE.search(text)
        return None if found is None else found.group()
    fresh = set(text)
    fresh -= _SEEN_VISIBLE
    if not fresh:
        return None
    bad = {c for c in fresh if not is_visible_char(c)}
    if len(_SEEN_VISIBLE) < _SEEN_MAX:
        _SEEN_VISIBLE.update(fresh - bad)
    if not bad:
        return None
    return next(c for c in text if c in bad)


def clean_text(text: str, max_len: int | None = None) -> str:
    """``text`` with line breaks and tabs turned into spaces and every invisible character
    (see :func:`is_visible_char`) dropped; cut to ``max_len`` characters. Never raises."""
    out = "".join(" " if c in _WHITESPACE_CONTROLS else c for c in str(text) if c in _WHITESPACE_CONTROLS
                  or is_visible_char(c))
    return out if max_len is None else out[:max_len]


def has_glyph(text: str) -> bool:
    return any(unicodedata.category(c)[0] not in "MZ" for c in text)


def check_text(v: object, where: str, max_len: int = 200, *, allow_empty: bool = True) -> str:
    """``v`` if it is a str of at most ``max_len`` visible characters, else ``ValueError``.

    With ``allow_empty=False`` it must also hold something to see (not only spaces or marks).
    """
    if not isinstance(v, str) or len(v) > max_len:
        raise ValueError(f"{where}: expected a text of at most {max_len} characters, got {short(v)}")
    bad = first_invisible(v)
    if bad is not None:
        raise ValueError(f"{where}: contains the invisible or control character U+{ord(bad):04X}")
    if not allow_empty and not has_glyph(v):
        raise ValueError(f"{where}: must not be empty")
    return v


def short(v: object) -> str:
    """A safe, short description of a bad value for a message (never contains surrogates)."""
    return ascii(v)[:40]
