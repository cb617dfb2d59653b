"""The network layer knows no game: importing every module of ``tortuga_desktop.net`` loads no module
of any game, checked in a fresh interpreter through ``sys.modules`` (so imports made by the modules
net imports count too, not only net's own import lines). The games reach the network layer through
their network adapters (``tortuga_desktop.net.games``), looked up when a table of a game is made."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import tortuga_desktop.net

ROOT = Path(__file__).resolve().parents[2]
#: the games' modules and what only a game uses (the dice game's rules and players sit at the top level)
GAME_PREFIXES = ("tortuga_desktop.games.dice", "tortuga_desktop.games.t1667", "tortuga_desktop.games.dice.rules", "tortuga_desktop.games.dice.ai",
                 "tortuga_desktop.arena", "tortuga_desktop.sim", "tortuga_desktop.thinking",
                 "tortuga_desktop.serialrun")


def net_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(tortuga_desktop.net.__path__, "tortuga_desktop.net."))


def loaded_after_importing(modules: list[str]) -> list[str]:
    code = ("import importlib, json, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name)\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         check=True)
    loaded: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return loaded


def test_importing_every_net_module_loads_no_game_module() -> None:
    modules = net_modules()
    assert {"tortuga_desktop.net.server", "tortuga_desktop.net.client", "tortuga_desktop.net.headless",
            "tortuga_desktop.net.seatstore", "tortuga_desktop.net.protocol", "tortuga_desktop.net.games"} <= set(modules)
    loaded = loaded_after_importing(modules)
    games = [m for m in loaded if m.startswith(GAME_PREFIXES)]
    assert not games, f"importing tortuga_desktop.net loads game modules: {games}"


def test_the_check_sees_a_game_module_loaded_transitively() -> None:
    """The same check fails when a module loads a game only through another module (it can fail)."""
    loaded = loaded_after_importing(["tortuga_desktop.net.protocol", "tortuga_desktop.games.dice.net.adapter"])
    assert "tortuga_desktop.games.dice.rules" in loaded and "tortuga_desktop.games.dice.engine" in loaded
