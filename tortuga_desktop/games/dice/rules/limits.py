"""Limits shared by ``Game.new`` and the loaders: one definition of a valid seed and name."""

from __future__ import annotations

from typing import Any

#: Seeds are whole numbers with 0 <= seed < MAX_SEED.
MAX_SEED = 2**64
#: Player names have 1 to MAX_NAME printable characters.
MAX_NAME = 40


def check_seed(seed: Any) -> str:
    """Why ``seed`` is not a valid seed ("" when it is)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return f"the seed must be a whole number, not {seed!r:.30}"
    if not 0 <= seed < MAX_SEED:
        return f"the seed must be in 0..2**64-1, not {seed}"
    return ""


def check_name(name: Any) -> str:
    """Why ``name`` is not a valid player name ("" when it is)."""
    if not isinstance(name, str):
        return f"a player name is a text, not {type(name).__name__}"
    if not 1 <= len(name) <= MAX_NAME:
        return f"a player name has 1-{MAX_NAME} characters, not {len(name)}"
    if not name.isprintable():
        return f"a player name must be printable, not {name!r:.50}"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return f"a player name must be valid text, not {name!r:.50}"
    return ""


def check_names(names: Any, players: int) -> str:
    """Why ``names`` are not valid names for ``players`` seats ("" when they are)."""
    if not isinstance(names, list) or len(names) != players:
        return f"{players} players need {players} names"
    for n in names:
        problem = check_name(n)
        if problem:
            return problem
    return ""
