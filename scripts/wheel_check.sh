#!/usr/bin/env bash
# Builds the wheel, installs it (not editable) in a fresh virtual environment outside the checkout, imports
# every module of the installed package and plays a headless demo game from it. Catches a module or an asset
# left out of the wheel, which the editable install used for development would hide.
#   bash scripts/wheel_check.sh            (CI runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m pip wheel -q --no-deps -w "$work/wheel" . > "$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
wheel=$(ls "$work"/wheel/*.whl)
echo "built $(basename "$wheel")"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$wheel"
# Run from / so that nothing in the checkout can be imported by accident.
cd /
"$work/venv/bin/python" - <<'PY'
import importlib
import pathlib
import pkgutil

import tortuga_desktop

root = pathlib.Path(tortuga_desktop.__file__).parent
assert "site-packages" in str(root), f"imported from the checkout, not the wheel: {root}"
names = ["tortuga_desktop"] + [m.name for m in pkgutil.walk_packages(tortuga_desktop.__path__, "tortuga_desktop.")]
for name in names:
    importlib.import_module(name)
src_modules = [p for p in root.rglob("*.py")]
print(f"imported {len(names)} modules from the installed wheel ({len(src_modules)} .py files)")
from tortuga_desktop.shell import resources

font = resources.font_path()
assert font.is_file() and "site-packages" in str(font), font
import os

from tortuga_desktop.games.dice.ai import kernel_mode

# the wheel carries the compiled kernel (setup.py; TORTUGA_PURE_KERNEL=1 builds without it)
print(kernel_mode.describe())
assert kernel_mode.compiled() or os.environ.get("TORTUGA_PURE_KERNEL") == "1", kernel_mode.describe()
PY
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 TORTUGA_HOME="$work/home" \
  timeout 300 "$work/venv/bin/tortuga" --demo --players 3 --seed 2 --speed instant --exit-after-game
echo "wheel: demo game played to the end (exit 0)"
