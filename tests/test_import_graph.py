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

ROOT = Path(__file__).resolve().parents[1]
P = "tortuga_desktop."

#: Imports that may stay inside functions: a module (with what it imports) that is optional and
#: costly to load, loaded only when the feature that needs it is used.
LAZY_ALLOWED: dict[str, str] = {
    P + "net": "online play (websockets, TLS, zeroconf, the server): loaded when a player goes online, "
               "not at start-up",
    P + "ai.expert": "the Expert search: loaded when an Expert player is made",
    P + "ai.kernel": "the fast playout kernel (Expert search, simulations): loaded when used",
    P + "t1667": "Tortuga 1667 (its rules, bots and simulations): loaded when that game is asked for",
    P + "app.loop": "the window, pygame and pygame_gui: the command line (--version, --help, a headless "
                    "network seat) answers without loading them",
}

#: Known circles, to shrink: each is a group of modules that import one another in a circle
#: today. A circle outside these groups fails; a group here that is no longer a circle fails
#: too (take it out). It waits for work that collides with another change under way:
KNOWN_CYCLES: list[frozenset[str]] = [
    # The file index and the two file kinds it lists: ``listing`` reads summaries with
    # ``records``/``saves`` and both note their files in ``listing``. To break: pass the
    # summarising function in (``scan(folder, summarise)``) and move the text cleaning
    # ``listing`` borrows from ``saves`` below both (with the file-format work, issue 25).
    # (saves/ became a package with the file-format work: its modules are in the same circle)
    frozenset(P + m for m in ("app.listing", "app.records", "app.saves", "app.saves.archive", "app.saves.autosave",
                              "app.saves.named", "app.saves.savefile", "app.saves.setup", "app.saves.writer")),
]

#: Imports inside functions kept for no reason in :data:`LAZY_ALLOWED`, per module (import
#: statements): they may only go down. Move one to the top of its module when its circle is
#: gone; then lower the number here.
LAZY_TO_HOIST: dict[str, int] = {
    "ai.expert": 1,
    "ai.workers": 2,
    "app.controller": 6,
    "app.dicegrid": 1,
    "app.gamelog": 1,
    "app.hints": 3,
    "app.listing": 7,
    "app.loop": 42,
    "app.main": 18,
    "app.netsource": 2,
    "app.review": 1,
    "app.scenes.handover": 1,
    "app.scenes.host": 1,
    "app.scenes.menu": 17,
    "app.scenes.nettable": 2,
    "app.scenes.pause": 2,
    "app.scenes.replay": 9,
    "app.scenes.replays": 7,
    "app.scenes.results": 8,
    "app.scenes.saveload": 5,
    "app.scenes.settings": 1,
    "app.scenes.setup": 2,
    "app.scenes.stats": 10,
    "app.scenes.table": 14,
    "net.headless": 1,
    "net.seatstore": 8,  # ..app.paths, read lazily (the network work, still under way)
    "net.server": 1,
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


def test_no_new_import_circle(graph: ImportGraph) -> None:
    new = [c for c in graph.cycles() if not any(c <= known for known in KNOWN_CYCLES)]
    assert not new, "import circles (counting imports inside functions):\n" + "\n".join(
        ", ".join(sorted(c)) for c in new)


def test_the_known_circles_are_still_circles(graph: ImportGraph) -> None:
    """A group in KNOWN_CYCLES that is no longer (all) in a circle: shrink the list."""
    cycles = graph.cycles()
    for known in KNOWN_CYCLES:
        inside = set().union(*(c for c in cycles if c <= known))
        assert inside == known, f"no longer in a circle, take out of KNOWN_CYCLES: {sorted(known - inside)}"


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
    assert P + "ai.heuristics" in edges[P + "ai.bots"]  # top-level, relative
    assert P + "ai.expert" in edges[P + "ai.bots"]  # inside build_bot
    assert P + "app.scenes" not in edges[P + "app.scenes.menu"]  # its own package
    assert not any(i.module == P + "t1667.rules.game" and i.target == P + "t1667.rules.views"
                   and not i.in_function for i in graph.imports)  # TYPE_CHECKING only at the top
    loop = ImportGraph(frozenset({"a", "b", "c"}), (Import("a", "b", 1, False), Import("b", "c", 1, True),
                                                    Import("c", "a", 1, True)))
    assert loop.cycles() == [frozenset({"a", "b", "c"})]
