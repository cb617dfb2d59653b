"""Tortuga for the desktop: two pirate board games (Tortuga, the dice game, and Tortuga 1667), their
rules engines, computer players and tables, under one application shell."""

#: What the application is, in one sentence: ``tortuga --help`` says it, and pyproject.toml's
#: description is the same text (a test compares them).
SUMMARY = ("Two pirate board games for the desktop: Tortuga, the dice game (2-4 players), and Tortuga 1667, "
           "the game of hidden loyalties (2-9 players); solo against computer players, hot-seat or over the "
           "network.")


def version() -> str:
    """The installed version (single source of truth: pyproject.toml)."""
    from importlib import metadata  # imported here: it costs ~45 ms at start-up

    try:
        return metadata.version("tortuga-desktop")
    except metadata.PackageNotFoundError:  # running from a checkout that was never installed
        return "0.0.0+checkout"
