"""Tools for developers, shared by the tests and ``scripts/`` (run as ``python -m scripts.NAME``):
nothing here is used by the game itself."""
