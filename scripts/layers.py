"""The layers of tortuga_desktop in figures: import statements that cross them the wrong way (the shell and the
network layer into a game; the shell into a network layer that imports a game; the shell into the
per-game level lists of ``levels.py``), lines per package, and the network server's size.

    python -m scripts.layers [--root PATH/TO/CHECKOUT] [--json]

Imports inside functions count; ``if TYPE_CHECKING:`` imports do not (they never run). ``--root`` reads
another checkout (a before/after in the same run: ``git worktree add /tmp/before 53602c1``); both the
layout with ``tortuga_desktop/games/`` and the one before it (``rules/``, ``ai/``, ``dice/``, ``t1667/`` at
the top) are understood.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from scripts import harness
from tortuga_desktop.devtools.importgraph import read_graph

#: the games' packages in either layout
GAMES = ("tortuga_desktop.games.dice", "tortuga_desktop.games.t1667", "tortuga_desktop.rules", "tortuga_desktop.ai",
         "tortuga_desktop.dice", "tortuga_desktop.t1667", "tortuga_desktop.arena", "tortuga_desktop.sim")


def _under(module: str, prefixes: tuple[str, ...] | str) -> bool:
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def _lines(path: Path) -> int:
    return sum(1 for _ in path.open(encoding="utf-8"))


def _class_size(path: Path, name: str) -> tuple[int, int]:
    """Lines and methods of class ``name`` in ``path`` (0, 0 when there is none)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == name:
            methods = sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in node.body)
            return (node.end_lineno or node.lineno) - node.lineno + 1, methods
    return 0, 0


def figures(root: Path) -> dict[str, object]:
    graph = read_graph(root, "tortuga_desktop")
    statements = graph.statements(graph.imports)
    net_is_game_aware = any(_under(m, "tortuga_desktop.net") and _under(t, GAMES) for (m, _), t in statements.items())
    wrong: Counter[str] = Counter()
    for (module, _), target in statements.items():
        if _under(module, "tortuga_desktop.net") and _under(target, GAMES):
            wrong["net into a game"] += 1
        elif _under(module, "tortuga_desktop.shell") and _under(target, GAMES):
            wrong["shell into a game"] += 1
        elif _under(module, "tortuga_desktop.shell") and _under(target, "tortuga_desktop.net") and net_is_game_aware:
            wrong["shell into the game-aware network layer"] += 1
        elif _under(module, "tortuga_desktop.shell") and target == "tortuga_desktop.levels":
            wrong["shell into the per-game level lists"] += 1
    pkg = root / "tortuga_desktop"
    sizes: Counter[str] = Counter()
    for path in sorted(pkg.rglob("*.py")):
        parts = path.relative_to(pkg).parts
        top = parts[0] if len(parts) > 1 else "(top-level modules)"
        if top == "games" and len(parts) > 2:
            top = f"games/{parts[1]}"
        sizes[top] += _lines(path)
    server = pkg / "net" / "server.py"
    lines, methods = _class_size(server, "GameServer") if server.exists() else (0, 0)
    return {"wrong_way_imports": sum(wrong.values()), "by_kind": dict(wrong),
            "lines_by_package": dict(sorted(sizes.items())), "game_server_lines": lines, "game_server_methods": methods}


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, json=True)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = ap.parse_args(argv)
    out = figures(args.root)
    lines = [f"wrong-way imports: {out['wrong_way_imports']}"]
    lines += [f"  {k}: {v}" for k, v in dict(out["by_kind"]).items()]  # type: ignore[call-overload]
    lines.append("lines by package:")
    lines += [f"  {k}: {v}" for k, v in dict(out["lines_by_package"]).items()]  # type: ignore[call-overload]
    lines.append(f"GameServer: {out['game_server_lines']} lines, {out['game_server_methods']} methods")
    harness.report(args, out, lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
