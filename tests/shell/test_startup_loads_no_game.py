"""The menu's first frame loads no game's rules, table or computer players (docs/architecture.md,
Start-up): the shell makes every game's module for its menu and the App's session, and each imports the
rest only when a game is played or read. The dice game's session used to import its rules with the App
(a sixth of the start-up's imports)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROBE = """
import sys
from tortuga_desktop.shell.main import build_parser
from tortuga_desktop.shell.start import make_app
app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]))
app.fixed_dt = 1 / 60
app.run(max_frames=2)
assert app.frames_drawn >= 1 and app.top.name == "menu", app.top
loaded = sorted(m for m in sys.modules if m.startswith((
    "tortuga_desktop.games.dice.rules", "tortuga_desktop.games.dice.ai", "tortuga_desktop.games.dice.table.controller",
    "tortuga_desktop.games.dice.table.scenes.table", "tortuga_desktop.games.t1667.rules",
    "tortuga_desktop.games.t1667.ai", "tortuga_desktop.games.t1667.table.scene", "multiprocessing")))
app.close()
print(loaded)
"""


def test_the_menus_first_frame_loads_no_game(tmp_path: Path) -> None:
    env = dict(os.environ, TORTUGA_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, env=env,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"
