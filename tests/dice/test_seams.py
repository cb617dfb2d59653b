"""Issue 25's typed seams: the App holds no game lifecycle (``app.session`` does), a scene's
``app`` is the App once it is entered and a clear error before, and hoisting imports to the top
of their modules loads neither the window for the command line nor the network at start-up."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.table.session import GameSession
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.scenes import Scene

HERE = Path(__file__).resolve().parents[1]

#: the game lifecycle that lived in the App (48 methods) and is now the session's
LIFECYCLE = ("start_game", "game_in_progress", "confirm_leaving_game", "play", "writer", "autosave",
             "keep_record", "finish_game", "open_save_dialog", "safe_on_disk_text")


def test_the_app_keeps_window_scenes_and_notices_the_session_the_games() -> None:
    assert not [name for name in LIFECYCLE if hasattr(App, name)], "game lifecycle back in the App"
    assert all(callable(getattr(GameSession, name)) for name in LIFECYCLE)
    assert not any(hasattr(App, name) for name in ("current", "unstored", "autosaver"))


def test_a_scene_has_its_app_only_once_entered() -> None:
    scene = Scene()
    assert not scene.entered
    with pytest.raises(RuntimeError, match="before it is entered"):
        _ = scene.app
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    try:
        app.push(scene)
        assert scene.entered and scene.app is app and app.session.app is app
    finally:
        app.close()


def _run(code: str) -> str:
    """Run ``code`` in a fresh interpreter with an empty game folder of its own (a kept network seat
    in a shared test folder would rightly make the title screen load the network client)."""
    with tempfile.TemporaryDirectory(prefix="tortuga-seams-") as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(HERE),
               "TORTUGA_HOME": home}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=HERE,
                             env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.strip().splitlines()[-1]


def test_the_command_line_answers_without_the_window() -> None:
    """``tortuga --version``/``--help`` and a headless seat import main.py: no pygame, no App."""
    loaded: Any = _run("import sys; from tortuga_desktop.shell import main; main.parse_args(['--mute']);"
                       "print(sorted(m for m in ('pygame', 'pygame_gui', 'tortuga_desktop.shell.loop',"
                       " 'tortuga_desktop.shell.start') if m in sys.modules))")
    assert loaded == "[]"


def test_the_title_screen_loads_no_network_code() -> None:
    """Online play (websockets, TLS, zeroconf, the server) loads when a player goes online."""
    loaded = _run("import sys; from app_helpers import start_app; app = start_app(); app.run(max_frames=2);"
                  "print(sorted(m for m in sys.modules if m.startswith(('websockets', 'zeroconf',"
                  " 'tortuga_desktop.net.client', 'tortuga_desktop.net.server', 'tortuga_desktop.shell.scenes.join',"
                  " 'tortuga_desktop.shell.scenes.host'))))")
    assert loaded == "[]"


def test_no_scene_asks_whether_its_app_is_none() -> None:
    """``Scene.app`` is the App or an error (before entry); ``scene.entered`` is the question."""
    import re

    root = HERE.parent / "tortuga_desktop"
    found = [f"{p.relative_to(root)}:{n}" for p in sorted(root.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bself\.app is (not )?None\b", line)]
    assert not found, found
