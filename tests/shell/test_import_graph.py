"""No circle in the import graph of tortuga_desktop, counting the imports inside functions.

An import inside a function still makes its module depend on the other one: hiding it there
only moves the failure from import time to the moment the function first runs. So the graph
here counts every import wherever it stands (not those under ``if TYPE_CHECKING:``, which never
run), and a circle in it fails. An import inside a function is kept only for a module that is
optional and heavy to load (:data:`LAZY_ALLOWED`, each with its reason); the ones still there
for no such reason are counted per module in :data:`LAZY_TO_HOIST` and may only go down.

``python -m scripts.import_graph`` prints the figures (``--root`` for another checkout).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tortuga_desktop.devtools.importgraph import Import, ImportGraph, read_graph

ROOT = Path(__file__).resolve().parents[2]
P = "tortuga_desktop."

#: Imports that may stay inside functions: a module (with what it imports) that is optional and
#: costly to load, loaded only when the feature that needs it is used.
LAZY_ALLOWED: dict[str, str] = {
    P + "net": "online play (websockets, TLS, zeroconf, the server): loaded when a player goes online, "
               "not at start-up",
    P + "games.dice.ai.expert": "the Expert search: loaded when an Expert player is made",
    P + "games.dice.ai.kernel": "the fast playout kernel (Expert search, simulations): loaded when used",
    P + "games.t1667": "Tortuga 1667 (its rules, bots and simulations): loaded when that game is asked for",
    P + "shell.loop": "the window, pygame and pygame_gui: the command line (--version, --help, a headless "
                    "network seat) answers without loading them",
    P + "shell.scenes.join": "online play's screens (they load the network client, discovery and the lobby): "
                           "loaded when a player goes online, not at start-up",
    P + "shell.scenes.host": "online play's screens (the server, discovery): loaded when a player hosts a table",
    P + "games.dice.table.remote": "the dice game's network table (it loads the network client): loaded when a "
                             "player goes online",
    P + "games.dice.table.scenes.nettable": "the dice game's network table scene (its table, the network client): loaded "
                                      "when a network game starts",
    P + "devtools": "developer tools (not in the executable): loaded only by the tools that use them",
    P + "games.dice.ai": "the dice game's computer players (they load the playout kernel): loaded when one is "
                         "made, not by its rules' tools",
    P + "games.dice.rules": "the dice game's rules: loaded when that game is played or read; the dice game's session, "
                            "made with the app, reaches them only then: the menu's first frame does not wait for them",
    P + "games.dice.table": "the dice game (its table, screens, saves, bots): loaded when that game is asked for; the "
                      "menu's first frame loads no game (the shell makes every game's module for its menu)",
    P + "shell.start": "the window program's start (the App, every scene): loaded by the command line only "
                     "when a window is wanted",
}

#: Imports inside functions kept for no reason in :data:`LAZY_ALLOWED`, per module (import
#: statements): they may only go down. Move one to the top of its module when its circle is
#: gone; then lower the number here.
LAZY_TO_HOIST: dict[str, int] = {
    "games.dice.ai.expert": 1,  # the AI's own (its speed work is under way at the same time)
}


@pytest.fixture(scope="module")
def graph() -> ImportGraph:
    return read_graph(ROOT, "tortuga_desktop")


def lazy_allowed(target: str) -> bool:
    return any(target == a or target.startswith(a + ".") for a in LAZY_ALLOWED)


def lazy_statements(graph: ImportGraph) -> dict[tuple[str, int], list[Import]]:
    """Import statements inside functions whose module is not optional and heavy."""
    out: dict[tuple[str, int], list[Import]] = {}
    for i in graph.function_level():
        out.setdefault((i.module, i.line), []).append(i)
    # a statement names its most specific module last-but-not-least: judge by the longest
    return {k: v for k, v in out.items() if not lazy_allowed(max((i.target for i in v), key=len))}


def test_no_import_circle(graph: ImportGraph) -> None:
    """Any circle fails (the last one, the folder index with the saves and records it lists, was
    broken by passing the summarising function in: ``listing.scan(folder, kind, summarise)``)."""
    cycles = graph.cycles()
    assert not cycles, "import circles (counting imports inside functions):\n" + "\n".join(
        ", ".join(sorted(c)) for c in cycles)


def test_imports_inside_functions_only_for_heavy_modules(graph: ImportGraph) -> None:
    counts = Counter(m.removeprefix(P) for m, _ in lazy_statements(graph))
    grown = {m: (n, LAZY_TO_HOIST.get(m, 0)) for m, n in counts.items() if n > LAZY_TO_HOIST.get(m, 0)}
    where = sorted(f"{m}:{line}" for m, line in lazy_statements(graph) if m.removeprefix(P) in grown)
    assert not grown, ("imports inside functions (module: found, allowed); put them at the top of the module, "
                       f"or name an optional heavy module in LAZY_ALLOWED: {grown}\n" + "\n".join(where))


def test_the_graph_sees_what_python_sees(graph: ImportGraph) -> None:
    """The reader itself: a relative import inside a function counts, one under TYPE_CHECKING
    does not, a submodule importing its own package is no edge, and a circle is found."""
    edges = graph.edges()
    assert P + "games.dice.ai.heuristics" in edges[P + "games.dice.ai.bots"]  # top-level, relative
    assert P + "games.dice.ai.expert" in edges[P + "games.dice.ai.bots"]  # inside build_bot
    assert P + "shell.scenes" not in edges[P + "shell.scenes.menu"]  # its own package
    assert not any(i.module == P + "games.t1667.rules.game" and i.target == P + "games.t1667.rules.views"
                   and not i.in_function for i in graph.imports)  # TYPE_CHECKING only at the top
    loop = ImportGraph(frozenset({"a", "b", "c"}), (Import("a", "b", 1, False), Import("b", "c", 1, True),
                                                    Import("c", "a", 1, True)))
    assert loop.cycles() == [frozenset({"a", "b", "c"})]
