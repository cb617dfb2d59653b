"""A game's remembered new-game setup: one small JSON file in the config folder, written when a game is
started and read when its setup screen opens (``{"format": FORMAT, "schema": 1, "setup": ...}``).

Writing is atomic and a disk error is only logged; a file that cannot be read (not JSON, another
format, a setup the game's own reader refuses) is logged and kept aside, and the screen opens with its
defaults. Each game gives its own file name, format word and reader.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from tortuga_desktop.shell import paths
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.text import check_json_values, parse_json

__all__ = ["recall_setup", "remember_setup"]

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: the largest remembered setup read (a few seats' names and options)
MAX_BYTES = 64 * 1024


def remember_setup(name: str, fmt: str, setup: object, what: str) -> None:
    """Write ``setup`` (JSON data) as the file ``name`` of the config folder, labelled ``fmt``;
    ``what`` names it in the log ("setup", "1667 setup")."""
    try:
        paths.atomic_write_json(paths.config_dir() / name, {"format": fmt, "schema": 1, "setup": setup})
    except (OSError, ValueError) as exc:
        logger.warning("the %s could not be remembered: %s", what, exc)


def recall_setup(name: str, fmt: str, read: Callable[[object], T], what: str) -> T | None:
    """The setup remembered in ``name`` as ``read`` makes it (ValueError: refused), or None: no file
    yet, or an unusable one (logged and kept aside)."""
    path = paths.config_dir(False) / name
    if not path.is_file():
        return None
    try:
        doc = parse_json(paths.read_bytes_limited(path, MAX_BYTES), path)
        check_json_values(doc, "setup file")
        if not isinstance(doc, dict) or doc.get("format") != fmt or doc.get("schema") != 1:
            raise ValueError(f"not a {what} file")
        return read(doc.get("setup"))
    except (OSError, SaveError, ValueError, RecursionError) as exc:
        logger.warning("the remembered %s %s is unusable: %s", what, paths.display_path(path), exc)
        paths.keep_aside(path)
        return None
