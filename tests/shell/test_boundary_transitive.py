"""The layers hold at import time, transitively: what a module loads, through any chain of imports,
is looked up in ``sys.modules`` of a fresh interpreter (imports inside functions that run at import
time count too; imports inside functions that do not run are the static checks' business).

- importing every module of ``tortuga_desktop.shell`` and of ``tortuga_desktop.net`` loads no module of
  any game (the catalogue ``tortuga_desktop.games`` itself holds no game: it names them by import path);
- importing every module of one game loads no module of another.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tortuga_desktop.games import BUILT_IN

ROOT = Path(__file__).resolve().parents[2]
#: each game's package, from the catalogue (its module's import path, up to ``games.<name>``)
GAME_PACKAGES = sorted({".".join(b.module.split(":")[0].split(".")[:3]) for b in BUILT_IN})

PROBE = r"""
import importlib, json, pkgutil, sys
roots = sys.argv[1:]
for root in roots:
    pkg = importlib.import_module(root)
    for m in pkgutil.walk_packages(pkg.__path__, root + "."):
        if m.name.endswith("__main__"):
            continue
        importlib.import_module(m.name)
print(json.dumps(sorted(sys.modules)))
"""


def loaded_by(*roots: str) -> list[str]:
    """Every module a fresh interpreter holds after importing every module below ``roots``."""
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    out = subprocess.run([sys.executable, "-c", PROBE, *roots], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={**__import__("os").environ, **env})
    assert out.returncode == 0, out.stderr[-2000:]
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def of_games(modules: list[str], games: list[str]) -> list[str]:
    return [m for m in modules if any(m == g or m.startswith(g + ".") for g in games)]


def test_the_catalogue_names_real_game_packages() -> None:
    assert GAME_PACKAGES == ["tortuga_desktop.games.dice", "tortuga_desktop.games.t1667"]
    for pkg in GAME_PACKAGES:
        assert (ROOT / pkg.replace(".", "/") / "__init__.py").is_file()


@pytest.mark.parametrize("layer", ["tortuga_desktop.shell", "tortuga_desktop.net"])
def test_the_shell_and_the_network_layer_load_no_game(layer: str) -> None:
    games = of_games(loaded_by(layer), GAME_PACKAGES)
    assert not games, f"importing {layer} loads these modules of a game: {games[:12]}"


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_no_game_loads_another(game: str) -> None:
    others = [g for g in GAME_PACKAGES if g != game]
    found = of_games(loaded_by(game), others)
    assert not found, f"importing {game} loads modules of another game: {found[:12]}"


def test_the_probe_sees_a_chain_of_imports() -> None:
    """The dice game's rules are reached from its table only through other modules: the probe sees them."""
    mods = loaded_by("tortuga_desktop.games.dice.table")
    assert "tortuga_desktop.games.dice.rules.game" in mods
