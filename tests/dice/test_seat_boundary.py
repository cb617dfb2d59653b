"""Issue 25: what a seat may see is guaranteed by construction, not only checked after drawing.

Everything above the table sources (the table scene, the decision panel, hints, review, results,
hand-over, statistics, menus...) works on a :class:`~tortuga_desktop.games.dice.table.source.TableSource`: the
seats' views, events and prompts. This test reads every application module's imports (those
inside functions too) and fails when a module above the sources imports the engine's whole game
or its state: ``Game``, ``State``, ``Seat``, the modules ``rules.game``, ``rules.state``,
``rules.serial`` (``determinize`` makes a whole game from a view), ``rules.legal`` or the phase
modules. The shell may create sources (the App starts a local game, the join screen a network
one); the consumers of a table — the scene, the decision panel, hints, review, results,
hand-over, the positions help — are handed a ``TableSource`` and do not even import a source's
module (which would let them reach the ``Game`` behind it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The application: the game-neutral shell and the dice game's table (its screens, panels, sources).
PACKAGES = ("tortuga_desktop.shell", "tortuga_desktop.games.dice.table")
DICE = "tortuga_desktop.games.dice.table"

#: The table sources and what lies below them (they own or store a whole game): these may import it.
BELOW = {
    f"{DICE}.controller",  # LocalTableSource: owns the Game (solo, hot-seat)
    f"{DICE}.tutorial", f"{DICE}.scenes.tutorial",  # the tutorial's scripted game and its table source
    f"{DICE}.netsource",  # the network table source (its public view is the public part of a game made from a seat's view)
    f"{DICE}.replay", f"{DICE}.scenes.replay",  # a record played again
    "tortuga_desktop.shell.saves", f"{DICE}.records",  # files that store whole games
    f"{DICE}.savefile", f"{DICE}.gamesetup",  # the dice game's save format and a new game's setup
    "tortuga_desktop.games.dice.table.pacing",  # R9.1 measurements over whole games (scripts and tests)
    "tortuga_desktop.shell.main",  # start-up: opens a game from a file or a demo setup into its source
    f"{DICE}.scenes.demo",  # the menu's and --demo's bots-only game, made into its source
    f"{DICE}.bench",  # the frame bench's replay and redraw measurements make their own games (scripts only)
}

#: Rules modules holding the whole game or its state (a seat's view is ``rules.views``).
ENGINE_MODULES = {
    "tortuga_desktop.games.dice.rules.game", "tortuga_desktop.games.dice.rules.state", "tortuga_desktop.games.dice.rules.serial",
    "tortuga_desktop.games.dice.rules.legal", "tortuga_desktop.games.dice.rules.dice_phase", "tortuga_desktop.games.dice.rules.actions_phase",
    "tortuga_desktop.games.dice.rules.move_phase", "tortuga_desktop.games.dice.rules.scenario",
}
#: Names that are (or make) a whole game or its state, whatever module exports them.
ENGINE_NAMES = {"Game", "State", "Seat", "determinize", "replay", "player_view", "game_from_dict", "resample_hidden"}
#: Source modules that would hand over the Game behind a table.
SOURCE_MODULES = {f"{DICE}.{m}" for m in ("controller", "netsource", "tutorial")}


def _module_name(path: Path) -> str:
    """The dotted module of a file under the repository root."""
    parts = [p for p in path.relative_to(ROOT).with_suffix("").parts if p != "__init__"]
    return ".".join(parts)


def _resolve(name: str, node: ast.ImportFrom) -> str:
    """The absolute module of ``from X import ...`` inside module ``name``."""
    if node.level == 0:
        return node.module or ""
    package = name.split(".")
    is_package = (ROOT / name.replace(".", "/") / "__init__.py").exists()
    base = package if is_package else package[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg.replace(".", "/")).rglob("*.py"))


#: Modules that are handed a table source and work on it alone.
CONSUMERS = tuple(f"{DICE}.{m}" for m in (
    "scenes.table", "human", "hints", "review", "scenes.results", "scenes.handover", "scenes.help",
    "follow", "source", "consequence", "gamelog", "dicegrid", "sidenotes", "tips"))


def engine_imports(path: Path, *, sources: bool = False) -> list[str]:
    """The imports of the engine's game or state in one module (with their line numbers);
    ``sources``: a table source's module counts too."""
    sources_ = SOURCE_MODULES if sources else set()
    name = _module_name(path)
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in ENGINE_MODULES or alias.name in sources_:
                    found.append(f"{path.name}:{node.lineno} import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(name, node)
            names = {a.name for a in node.names}
            submodules = {f"{module}.{n}" for n in names}
            if module in ENGINE_MODULES or module in sources_:
                found.append(f"{path.name}:{node.lineno} from {module} import {', '.join(sorted(names))}")
            elif module.startswith("tortuga_desktop.games.dice.rules") and names & ENGINE_NAMES:
                found.append(f"{path.name}:{node.lineno} from {module} import {', '.join(sorted(names & ENGINE_NAMES))}")
            elif submodules & (ENGINE_MODULES | sources_):
                found.append(f"{path.name}:{node.lineno} from {module} import {', '.join(sorted(names))}")
    return found


def _below(name: str) -> bool:
    """``name`` is below the sources: listed in :data:`BELOW`, or a module of a package there (``saves.savefile``)."""
    return any(name == b or name.startswith(f"{b}.") for b in BELOW)


ABOVE = [p for p in _files() if not _below(_module_name(p))]


def test_the_boundary_lists_real_modules() -> None:
    names = {_module_name(p) for p in _files()}
    assert names >= BELOW, BELOW - names
    above = {_module_name(p) for p in ABOVE}
    assert set(CONSUMERS) <= above  # the consumers the issue names are above the line


@pytest.mark.parametrize("name", CONSUMERS)
def test_a_table_consumer_imports_no_table_source(name: str) -> None:
    assert engine_imports(ROOT / (name.replace(".", "/") + ".py"), sources=True) == []


@pytest.mark.parametrize("path", ABOVE, ids=lambda p: _module_name(p))
def test_no_module_above_the_table_sources_imports_the_game(path: Path) -> None:
    assert engine_imports(path) == []


def test_the_check_sees_every_form_of_import(tmp_path: Path) -> None:
    """The check itself: each way of reaching the game is caught (top level and in functions)."""
    probe = ROOT / "tortuga_desktop" / "games" / "dice" / "table" / "scenes" / "_boundary_probe.py"
    assert not probe.exists()
    cases = {
        "from ...rules import Game\n": True,
        "from tortuga_desktop.games.dice.rules.game import replay\n": True,
        "def f():\n    from ...rules.serial import determinize\n": True,
        "import tortuga_desktop.games.dice.rules.state\n": True,
        "from ...rules import PlayerView, DecisionKind\n": False,
        "from tortuga_desktop.games.dice.rules.prompt import SeatPrompt\n": False,
        "from ..source import TableSource\n": False,
    }
    for text, bad in cases.items():
        probe.write_text(text, encoding="utf-8")
        try:
            assert bool(engine_imports(probe)) == bad, text
        finally:
            probe.unlink()
    for text in ("from .. import controller\n", "def f():\n    from ..controller import LocalTableSource\n",
                 "from ..netsource import NetTableSource\n"):
        probe.write_text(text, encoding="utf-8")
        try:
            assert engine_imports(probe, sources=True) and not engine_imports(probe), text
        finally:
            probe.unlink()
