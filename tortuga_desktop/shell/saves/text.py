"""What a file's text may hold: visible characters only (:func:`check_text`,
:func:`clean_text`), strict JSON (:func:`parse_json`) and values the game can draw and write
back (:func:`check_json_values`). Used by every file the game reads."""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import msgspec

from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.visible import (
    MAX_TEXT_LENGTH,
    check_text,
    clean_text,
    first_invisible,
    has_glyph,
    is_visible_char,
)

__all__ = ["MAX_TEXT_LENGTH", "check_json_values", "convert", "prepared", "one_of", "check_text", "clean_text", "has_glyph", "is_visible_char",
           "parse_json"]

_MAX_ABS_INT = 2**256  # room for any random-source state; 10**4000 is refused


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not allowed")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses as inf, which can never be written back
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def parse_json(raw: bytes, path: Path | None = None) -> Any:  # json.loads: any JSON value, not yet checked
    """Parse a file's bytes as strict JSON: UTF-8, no NaN/Infinity, every number finite.

    Raises :class:`SaveError` (``error.save.not_json``)."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_reject_constant, parse_float=_finite_float)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError("error.save.not_json", path, f"{type(exc).__name__}: {exc}"[:200]) from None


def check_json_values(value: object, where: str, depth: int = 0) -> None:
    """Every value in a parsed file is one the game can hold, draw and write back.

    Texts (values and keys) at most :data:`MAX_TEXT_LENGTH` visible characters (no NUL, no
    controls, no lone surrogates, no zero-width characters — :func:`is_visible_char`),
    whole numbers within +-2**256, nesting at most 64 deep. Raises ``ValueError``.

    One pass over the values, each text searched in C (:func:`.visible.first_invisible`): a
    5 MB file takes a fraction of a second. Only a file found wrong is walked again, to say
    where (``where`` and the path inside it)."""
    if not _all_sound(value, depth):
        _check_placed(value, where, depth)


_SCALARS = (bool, type(None), float)


def _all_sound(value: object, depth: int) -> bool:
    """True when :func:`check_json_values` finds nothing wrong in ``value``; False when it may
    (then :func:`_check_placed` says what and where). Iterative: no place names are built."""
    stack: list[tuple[object, int]] = [(value, depth)]
    pop, push, limit = stack.pop, stack.append, MAX_TEXT_LENGTH
    while stack:
        v, d = pop()
        if d > 64:
            return False
        kind = type(v)
        if kind is str:
            if len(v) > limit or first_invisible(v) is not None:  # type: ignore[arg-type]
                return False
        elif kind is int:
            if abs(v) > _MAX_ABS_INT:  # type: ignore[arg-type]
                return False
        elif kind is list:
            for x in v:  # type: ignore[attr-defined]
                push((x, d + 1))
        elif kind is dict:
            for k, x in v.items():  # type: ignore[attr-defined]
                if type(k) is not str or len(k) > limit or first_invisible(k) is not None:
                    return False
                push((x, d + 1))
        elif kind not in _SCALARS:
            return False
    return True


def _check_placed(value: object, where: str, depth: int = 0) -> None:
    """:func:`check_json_values` naming the place of the first fault (the slow walk, for a file
    already found wrong)."""
    if depth > 64:
        raise ValueError(f"{where}: nested too deeply")
    if isinstance(value, str):
        check_text(value, where, MAX_TEXT_LENGTH)
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        return
    elif isinstance(value, int):
        if abs(value) > _MAX_ABS_INT:
            raise ValueError(f"{where}: the number is too large")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_placed(v, f"{where}[{i}]", depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            check_text(k, f"{where}: a key", MAX_TEXT_LENGTH)
            _check_placed(v, f"{where}.{k}", depth + 1)
    else:
        raise ValueError(f"{where}: {type(value).__name__} is not a JSON value")


T = TypeVar("T")


def one_of(values: tuple[str, ...]) -> msgspec.Meta:
    """The msgspec limit "exactly one of ``values``" for a text (``Annotated[str, one_of(...)]``)."""
    return msgspec.Meta(pattern=r"\A(?:" + "|".join(map(re.escape, values)) + r")\Z")


#: A field's own wording of a problem: a text, or a function of where in the field it is
#: (msgspec's path inside the file, e.g. ``reasons[0][2].params``).
Message = str | Callable[[str], str]
_AT = re.compile(r"at `\$\.?([^`]*)`$")  # where msgspec found the problem
_MISSING = re.compile(r"missing required field `([^`]*)`")


_prepared: set[object] = set()
_prepare_lock = threading.Lock()


def prepared(kind: type[T]) -> type[T]:
    """``kind``, with what msgspec knows of it built: msgspec builds that the first time it meets a type,
    partly in Python, and two threads doing it at once for the same types can crash the whole process
    (a segmentation fault, msgspec 0.22: two network clients in one process, and four threads reading
    Tortuga 1667 views in 5 of 40 runs with a 1 µs switch interval). Built once per type, under a lock,
    before its first conversion; then every thread may convert to it at once."""
    if kind not in _prepared:
        with _prepare_lock:
            if kind not in _prepared:
                msgspec.json.Decoder(kind)
                _prepared.add(kind)
    return kind


def convert(data: object, kind: type[T], messages: Mapping[str, Message] | None = None, where: str = "") -> T:
    """``data`` (parsed JSON) checked against the schema ``kind`` (a msgspec struct, with its
    limits in ``Annotated`` metadata) and converted to it.

    Raises ``ValueError``: the message is ``messages[field]`` for the first top-level field
    found wrong (the file's own wording), else ``"<where>.<field>: <msgspec's explanation>"``."""
    try:
        return msgspec.convert(data, prepared(kind))
    except UnicodeEncodeError:  # msgspec could not describe a text holding a lone surrogate
        try:
            msgspec.convert(_without_surrogates(data), kind)
        except msgspec.ValidationError as exc:  # it is in the wrong place anyway: say where
            raise ValueError(_problem(str(exc), messages or {}, where)) from None
        raise ValueError(f"{where or 'file'}: a text holds a lone surrogate") from None
    except msgspec.ValidationError as exc:
        raise ValueError(_problem(str(exc), messages or {}, where)) from None


def _without_surrogates(value: object, depth: int = 0) -> object:
    """``value`` with every lone surrogate in its texts replaced (to find where a problem is)."""
    if depth > 100:
        return None
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, list):
        return [_without_surrogates(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {_without_surrogates(k, depth + 1): _without_surrogates(v, depth + 1) for k, v in value.items()}
    return value


def _problem(text: str, messages: Mapping[str, Message], where: str) -> str:
    """msgspec's ``text`` ("Expected `int`, got `str` - at `$.seats[0].colour`") in the file's
    words: ``messages[field]`` when the field has one, else the place and the explanation."""
    found = _AT.search(text) or _MISSING.search(text)
    inside = found.group(1) if found else ""
    field = re.split(r"[.\[]", inside, maxsplit=1)[0]
    if field in messages:
        message = messages[field]
        return message if isinstance(message, str) else message(inside)
    place = ".".join(x for x in (where, inside) if x).replace(".[", "[") or "file"
    return f"{place}: {re.sub(r' - at `[^`]*`$', '', text)}"[:300]
