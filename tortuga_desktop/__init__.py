"""Tortuga for the desktop: rules engine, computer opponents and the pygame table."""


def version() -> str:
    """The installed version (single source of truth: pyproject.toml)."""
    from importlib import metadata  # imported here: it costs ~45 ms at start-up

    try:
        return metadata.version("tortuga-desktop")
    except metadata.PackageNotFoundError:  # running from a checkout that was never installed
        return "0.0.0+checkout"
