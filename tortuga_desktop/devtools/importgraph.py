"""The import graph of a package, read from its source (nothing is imported): which module
imports which, counting imports inside functions too, and the circles in it.

An import under ``if TYPE_CHECKING:`` does not count (it never runs). ``from . import x`` names
the module ``x`` when there is one, else the package. A submodule importing its own package
(``from . import Scene`` in ``shell/scenes/menu.py``) is no edge: Python has the package half
made by then, and counting it would make every package with a submodule a circle.

Used by ``tests/shell/test_import_graph.py`` (no new circle, no new import hidden in a function) and
by ``python -m scripts.import_graph`` (the figures).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Import", "ImportGraph", "read_graph"]


@dataclass(frozen=True)
class Import:
    """One imported module: who imports it, where, and whether inside a function."""

    module: str
    target: str
    line: int
    in_function: bool


@dataclass(frozen=True)
class ImportGraph:
    modules: frozenset[str]
    imports: tuple[Import, ...]

    def edges(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {m: set() for m in self.modules}
        for i in self.imports:
            out[i.module].add(i.target)
        return out

    @staticmethod
    def statements(imports: Iterable[Import]) -> dict[tuple[str, int], str]:
        """One entry per import statement of ``imports``, ``(module, line) -> target``: a statement that
        names several modules (``from pkg import a, b``) counts once, by its longest target."""
        out: dict[tuple[str, int], str] = {}
        for i in imports:
            key = (i.module, i.line)
            if len(i.target) > len(out.get(key, "")):
                out[key] = i.target
        return out

    def function_level(self) -> list[Import]:
        return [i for i in self.imports if i.in_function]

    def cycles(self) -> list[frozenset[str]]:
        """The strongly connected groups of two or more modules (each holds at least one circle)."""
        edges = self.edges()
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on: set[str] = set()
        found: list[frozenset[str]] = []
        counter = 0
        for root in sorted(self.modules):  # Tarjan's algorithm, without recursion
            if root in index:
                continue
            work: list[tuple[str, Iterator[str]]] = []
            index[root] = low[root] = counter
            counter += 1
            stack.append(root)
            on.add(root)
            work.append((root, iter(sorted(edges[root]))))
            while work:
                v, it = work[-1]
                w = next(it, None)
                if w is not None:
                    if w not in index:
                        index[w] = low[w] = counter
                        counter += 1
                        stack.append(w)
                        on.add(w)
                        work.append((w, iter(sorted(edges[w]))))
                    elif w in on:
                        low[v] = min(low[v], index[w])
                    continue
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = set()
                    while True:
                        x = stack.pop()
                        on.discard(x)
                        group.add(x)
                        if x == v:
                            break
                    if len(group) > 1:
                        found.append(frozenset(group))
        return found


def _module_names(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    out: dict[str, tuple[Path, bool]] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_package)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _named(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The module names an import statement may mean (most specific first per alias)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    return [f"{prefix}.{a.name}" for a in node.names] + [prefix]


def read_graph(root: Path, package: str) -> ImportGraph:
    """The graph of ``package`` (a folder below ``root``), modules named as Python names them."""
    names = _module_names(root, package)
    found: list[Import] = []
    for module, (path, is_package) in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

        def known(name: str) -> str | None:
            while name and name not in names:
                name = name.rpartition(".")[0]
            return name or None

        def add(node: ast.Import | ast.ImportFrom, in_function: bool, module: str = module,
                is_package: bool = is_package) -> None:
            targets: set[str] = set()
            for name in _named(node, module, is_package):
                target = known(name)
                if target is None:
                    continue
                if isinstance(node, ast.ImportFrom) and name != target and target in targets:
                    continue  # ``from .x import y``: y is a name in x, already counted
                targets.add(target)
            for target in sorted(targets):
                # importing a.b.c runs a and a.b first (unless this module is inside them)
                parts = target.split(".")
                for k in range(1, len(parts) + 1):
                    t = ".".join(parts[:k])
                    if t in names and t != module and not module.startswith(t + "."):
                        found.append(Import(module, t, node.lineno, in_function))

        def visit(node: ast.AST, in_function: bool) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and _is_type_checking(child.test):
                    for c in child.orelse:
                        visit_one(c, in_function)
                    continue
                visit_one(child, in_function)

        def visit_one(child: ast.AST, in_function: bool) -> None:
            if isinstance(child, ast.Import | ast.ImportFrom):
                add(child, in_function)
                return
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

        visit(tree, False)
    unique = tuple(dict.fromkeys(found))
    return ImportGraph(frozenset(names), unique)
