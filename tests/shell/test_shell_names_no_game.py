"""Issue 25: the application shell names no game. Every import from ``tortuga_desktop/shell`` into
a game (the dice game's table, rules or computer players; Tortuga 1667's packages) is read here,
inside functions too, and must be one of the seams listed below, each with the reason it is still
there. A new one fails the test; a listed one that is gone fails it too, so the list only shrinks.

Games reach the shell through :mod:`tortuga_desktop.shell.game` (the registry imports the
built-in games by name, on first use): help, the tutorial and the demo are asked of a module, and
network play of a ``NetworkGame`` (the host screen's games, a session's tables, the table scene),
kept records of a ``ReplayableGame`` (the Replays list, its export and import, ``tortuga --replay``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHELL = ROOT / "tortuga_desktop" / "shell"
GAMES = ("tortuga_desktop.games.dice", "tortuga_desktop.games.dice.rules", "tortuga_desktop.games.dice.ai", "tortuga_desktop.games.t1667")

#: (shell module, game module) -> why it is still there (none is left: a new one needs its reason here)
SEAMS: dict[tuple[str, str], str] = {}


def _module(path: Path) -> str:
    parts = [p for p in path.relative_to(ROOT / "tortuga_desktop").with_suffix("").parts if p != "__init__"]
    return ".".join(parts)


def _resolve(name: str, path: Path, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    package = f"tortuga_desktop.{name}".split(".")
    base = package if path.name == "__init__.py" else package[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def game_imports(path: Path) -> set[tuple[str, str]]:
    """(this module, the game module it imports) for each import of a game in ``path``."""
    name = _module(path)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add(_resolve(name, path, node))
    return {(name, m.removeprefix("tortuga_desktop.")) for m in found
            if any(m == g or m.startswith(g + ".") for g in GAMES)}


def test_the_shell_imports_a_game_only_at_the_listed_seams() -> None:
    found: set[tuple[str, str]] = set()
    for path in sorted(SHELL.rglob("*.py")):
        found |= game_imports(path)
    new = sorted(found - set(SEAMS))
    gone = sorted(set(SEAMS) - found)
    assert not new, f"the shell imports a game here (go through shell.game, or list it with why): {new}"
    assert not gone, f"these seams are cut: remove them from SEAMS: {gone}"


def test_the_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    probe = SHELL / "scenes" / "_game_probe.py"
    assert not probe.exists()
    try:
        probe.write_text("def f():\n    from ...dice.table.scenes.help import HelpScene\n", encoding="utf-8")
        assert game_imports(probe) == {("shell.scenes._game_probe", "dice.table.scenes.help")}
        probe.write_text("import tortuga_desktop.games.t1667.rules\nfrom .. import game\n", encoding="utf-8")
        assert game_imports(probe) == {("shell.scenes._game_probe", "t1667.rules")}
    finally:
        probe.unlink()


def test_no_game_imports_another() -> None:
    """The games meet only in the shell: Tortuga 1667's packages never import the dice game's (its
    table, rules or bots), nor the dice game's 1667's (the hand-over and the help page they share
    are the shell's)."""
    root = ROOT / "tortuga_desktop"
    dice = ("dice", "rules", "ai")
    found: list[tuple[str, str]] = []
    for pkg, others in ((("t1667",), dice), (dice, ("t1667",))):
        for top in pkg:
            for path in sorted((root / top).rglob("*.py")):
                found += [(a, b) for a, b in _imports(path) if b.split(".")[0] in others]
    assert found == []


def _imports(path: Path) -> set[tuple[str, str]]:
    """(this module, each tortuga_desktop module it imports), prefix dropped."""
    name = _module(path)
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add(_resolve(name, path, node))
    return {(name, m.removeprefix("tortuga_desktop.")) for m in out if m.startswith("tortuga_desktop.")}
