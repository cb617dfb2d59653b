"""A Tortuga 1667 game at this computer: its :class:`~...shell.table.LocalTable` (solo, hot-seat,
computer players only), and the demo (``tortuga --demo --game 1667``, the menu's demo of this game).

Computer players are built from a :class:`~...shell.table.BotSpec` (``t1667.ai.seat``) and think in
a worker process in the game (on a thread in tests, as the dice game's
do: :data:`...thinking.ENABLED`), so the frame loop never waits for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tortuga_desktop import thinking
from tortuga_desktop.games.t1667.levels import LEVELS_1667
from tortuga_desktop.games.t1667.rules import Action, Event, EventCard, TableView
from tortuga_desktop.games.t1667.table.saves import Seat1667, new_table
from tortuga_desktop.games.t1667.table.scene import Table1667Scene
from tortuga_desktop.shell.table import LocalTable

__all__ = ["DEMO_LEVELS", "DEMO_NAMES", "local_table", "start_demo", "think_mode"]

#: names of a demo's seats (seat order)
DEMO_NAMES = ("Anne Bonny", "Calico Jack", "Mary Read", "Blackbeard", "Henry Every", "Grace O'Malley",
              "Ching Shih", "Black Bart", "Stede Bonnet")
#: a demo's computer players, seat by seat (repeated around the table)
DEMO_LEVELS = ("normal", "easy")


def think_mode() -> str:
    """How this program's 1667 computer players think: in a worker process, or on a thread."""
    return "process" if thinking.ENABLED else "thread"


def local_table(players: int, seed: int, *, names: Sequence[str], humans: Sequence[int] = (),
                levels: Sequence[str] = DEMO_LEVELS, starred: Sequence[EventCard] | None = None,
                think: str | None = None) -> LocalTable[TableView, Action, Event]:
    """A new game at this computer: ``humans`` decide here, every other seat is a computer player
    (``levels`` seat by seat among them, repeated; each seeded from ``seed`` and its seat). The table is
    made by :func:`.saves.new_table`, the one maker of a 1667 table at this computer.

    Raises ValueError (the rules' SetupError is one) for settings the game does not allow."""
    bad = [lv for lv in levels if lv not in LEVELS_1667]
    if bad or not levels:
        raise ValueError(f"1667 computer players are {', '.join(LEVELS_1667)}, not {bad[0] if bad else 'none'!r}")
    bots = [s for s in range(players) if s not in humans]
    level = {s: levels[k % len(levels)] for k, s in enumerate(bots)}
    seats = [Seat1667(names[s], "human") if s in humans else Seat1667(names[s], level[s], seed * 101 + s)
             for s in range(players)]
    table, _played = new_table(seats, seed, starred=starred, think=think or think_mode())
    return table


def start_demo(app: Any, players: int, seed: int, level: str | tuple[str, ...] | None = None) -> Table1667Scene:
    """Push a table with a 1667 game of computer players only (``level``: one for every seat, or seat
    by seat) and return its scene."""
    levels = (level,) if isinstance(level, str) else (level or DEMO_LEVELS)
    table = local_table(players, seed, names=DEMO_NAMES[:players], levels=levels)
    speed = app.table_speed() if hasattr(app, "table_speed") else (getattr(app.options, "speed", None) or "normal")
    scene = Table1667Scene(table, speed=speed)
    app.push(scene)
    return scene
