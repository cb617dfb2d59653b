"""Test-wide settings: headless SDL, and a private home for saves/settings/statistics."""

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never read or write the real user's saves and settings from tests.
os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-tests-")
# Compiled modules are cached in __pycache__ (Python's default, which some machines turn off with
# PYTHONDONTWRITEBYTECODE): the test workers and every computer players' worker process they start
# import the package, and without the cache each one compiles it, and pytest rewrites the tests, anew.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _no_bot_pacing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests that drive whole games frame by frame do not wait for the R9.1 release times of
    computer players' answers; the tests of that pacing inject their own (tests/dice/test_pacing.py)."""
    from tortuga_desktop.games.dice.table import pacing

    monkeypatch.setattr(pacing, "ENABLED", False)


@pytest.fixture(autouse=True)
def _bots_on_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Computer players think on a thread of the test's process (tests patch bots there); the
    tests of thinking in worker processes turn it back on (tests/dice/test_workers.py)."""
    from tortuga_desktop import thinking

    monkeypatch.setattr(thinking, "ENABLED", False)


@pytest.fixture
def app_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A private home for one app test, in English; language and markers are reset afterwards."""
    from tortuga_desktop.shell import art, i18n

    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    i18n.set_language("en")
    art.set_markers(True)
