"""Figures of the import graph of tortuga_desktop, imports inside functions counted (see
tests/shell/test_import_graph.py): import statements inside functions that import a module of the
package, how many of them are for an optional heavy module, and the circles with their modules.

    python -m scripts.import_graph [--root PATH/TO/CHECKOUT] [--json]

``--root`` reads another checkout (for a before/after in the same run, e.g. a ``git archive``
of main unpacked somewhere).
"""

from __future__ import annotations

from pathlib import Path

from scripts import harness
from tortuga_desktop.devtools.importgraph import read_graph

HEAVY = ("tortuga_desktop.net", "tortuga_desktop.games.dice.ai.expert", "tortuga_desktop.games.dice.ai.kernel", "tortuga_desktop.games.t1667",
         "tortuga_desktop.shell.loop")


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, json=True)
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = ap.parse_args(argv)
    graph = read_graph(args.root, "tortuga_desktop")
    statements = graph.statements(graph.function_level())
    heavy = sum(1 for t in statements.values() if any(t == h or t.startswith(h + ".") for h in HEAVY))
    cycles = sorted((sorted(c) for c in graph.cycles()), key=len, reverse=True)
    figures = {"modules": len(graph.modules), "function_level_imports": len(statements),
               "of_which_heavy_modules": heavy, "cycles": len(cycles),
               "cycle_members": sum(len(c) for c in cycles), "cycle_sizes": [len(c) for c in cycles]}
    lines = [f"{len(graph.modules)} modules; {len(statements)} import statements inside functions "
             f"({heavy} of them for an optional heavy module)",
             f"{len(cycles)} circles, {figures['cycle_members']} modules in them"]
    lines += [f"  {len(c)}: {', '.join(m.removeprefix('tortuga_desktop.') for m in c)}" for c in cycles]
    harness.report(args, figures, lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
