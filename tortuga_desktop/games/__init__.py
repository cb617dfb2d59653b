"""The games this program holds, one package each beside this file: ``dice`` (Tortuga, the pirate
dice game) and ``t1667`` (Tortuga 1667, the hidden-loyalty game).

This module is the one place that lists them. The shell, the network layer and the game-neutral tools
(``sim``, ``arena``, the conformance tests) find the games here, by import path, and import one only
when it is asked for: importing this module imports no game (a test proves it). Each game gives

- ``module``: its side of the application, the shell's :class:`~tortuga_desktop.shell.game.GameModule`
  (``"package.module:factory"``, the factory called once with no arguments);
- ``rules``: its rules for game-neutral tools, the shell's
  :class:`~tortuga_desktop.shell.engine.GameRules` (``"package.module:object"``; pure Python);
- ``network``: its network adapter, the network layer's
  :class:`~tortuga_desktop.net.games.NetworkAdapter` (``"package.module:object"``; pure Python), or nothing;
- ``about``: what ``tortuga --version`` says of how its computer players run (``"package.module:function"``
  returning lines, without pygame), or nothing;
- ``bench``: its side of the measurement scripts for any game (``scripts.frame_bench``,
  ``scripts.tutorial_length``), the shell's :class:`~tortuga_desktop.shell.bench.GameBench`
  (``"package.module:object"``), or nothing (the scripts then use the shell's plain one: no phases or
  parts of its own, no tutorial).

Adding a game: a package here with those parts, and a line in :data:`BUILT_IN`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.bench import GameBench
    from tortuga_desktop.shell.engine import GameRules


@dataclass(frozen=True)
class BuiltIn:
    """Where one built-in game's parts are (import paths; nothing is imported until asked)."""

    key: str
    module: str
    rules: str
    network: str = ""
    about: str = ""
    bench: str = ""


#: The game a file without a ``"game"`` field belongs to (every file written before there was a second
#: game is the dice game's), and the one menus and commands offer first.
DEFAULT_GAME = "tortuga"

#: The built-in games, in menu order.
BUILT_IN: tuple[BuiltIn, ...] = (
    BuiltIn("tortuga", "tortuga_desktop.games.dice.table.module:DiceGame", "tortuga_desktop.games.dice.engine:RULES",
            network="tortuga_desktop.games.dice.net.adapter:ADAPTER",
            about="tortuga_desktop.games.dice.ai.about:lines", bench="tortuga_desktop.games.dice.table.bench:BENCH"),
    BuiltIn("t1667", "tortuga_desktop.games.t1667.table.module:T1667Game", "tortuga_desktop.games.t1667.engine:RULES",
            network="tortuga_desktop.games.t1667.net.adapter:ADAPTER", bench="tortuga_desktop.games.t1667.table.bench:BENCH"),
)


def load(spec: str) -> Any:
    """The object an import path ``"package.module:name"`` names (importing the module)."""
    path, sep, name = spec.partition(":")
    if not sep or not path or not name:
        raise ValueError(f"an import path is 'package.module:name', not {spec!r}")
    return getattr(importlib.import_module(path), name)


def all_rules() -> tuple[GameRules, ...]:
    """Every built-in game's rules, in menu order (imports each game's rules)."""
    return tuple(load(b.rules) for b in BUILT_IN)


def rules(name: str) -> GameRules:
    """The rules of the game a command line names (its key or one of its other names, any case);
    ``LookupError`` naming the known games when there is none."""
    wanted = name.strip().lower()
    found = [r for r in all_rules() if wanted == r.key or wanted in (n.lower() for n in r.cli_names)]
    if not found:
        known = ", ".join(f"{r.key} ({', '.join(r.cli_names)})" if r.cli_names else r.key for r in all_rules())
        raise LookupError(f"no game {name!r}; known: {known}")
    return found[0]


def bench(key: str) -> GameBench | None:
    """The built-in game ``key``'s side of the measurement scripts (imported now), or None when the
    catalogue names none; ``LookupError`` when no built-in game has that key."""
    for b in BUILT_IN:
        if b.key == key:
            found: GameBench | None = load(b.bench) if b.bench else None
            return found
    raise LookupError(f"no built-in game {key!r}")


#: the commands a game may have of its own, each a module of its package with a ``main(argv)``
TOOLS = ("arena", "sim")


def own_tool(package: str | None, name: str) -> Callable[[Sequence[str] | None], int] | None:
    """A game's own command ``name`` (one of :data:`TOOLS`): ``main`` of the module ``name`` of the
    game's ``package`` (imported now), or None when the game has no such module."""
    if name not in TOOLS or not package:
        return None
    try:
        main: Callable[[Sequence[str] | None], int] = load(f"{package}.{name}:main")
        return main
    except ModuleNotFoundError as exc:
        if exc.name == f"{package}.{name}":
            return None
        raise


def run_tool(tool: str, argv: list[str] | None = None) -> int:
    """A game-neutral command (``python -m tortuga_desktop.sim|arena [--game NAME] ...``): the named
    game's own command (the default game's without ``--game``) with the remaining arguments."""
    import argparse
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    pre = argparse.ArgumentParser(prog=f"python -m tortuga_desktop.{tool}", add_help=False)
    pre.add_argument("--game", default=DEFAULT_GAME)
    known, rest = pre.parse_known_args(args)
    try:
        game = rules(known.game)
    except LookupError as exc:
        print(f"python -m tortuga_desktop.{tool}: --game: {exc}", file=sys.stderr)
        return 2
    main = game.tool(tool)
    if main is None:
        print(f"python -m tortuga_desktop.{tool}: the game {game.key!r} has no {tool}", file=sys.stderr)
        return 2
    return main(rest)


__all__ = ["BUILT_IN", "DEFAULT_GAME", "TOOLS", "BuiltIn", "all_rules", "bench", "load", "own_tool", "rules", "run_tool"]
