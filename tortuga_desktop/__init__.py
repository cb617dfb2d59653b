"""Tortuga for the desktop: rules engine, computer opponents and the pygame table."""

from importlib import metadata as _metadata


def version() -> str:
    """The installed version (single source of truth: pyproject.toml)."""
    try:
        return _metadata.version("tortuga-desktop")
    except _metadata.PackageNotFoundError:  # running from a checkout that was never installed
        return "0.0.0+checkout"
