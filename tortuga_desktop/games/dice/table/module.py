"""The dice game (Tortuga, the pirate dice board game) as the shell's first game module.

It delegates to the application's existing screens and files: its setup screen, the table,
the results, the save format (:mod:`.saves`), its kept records and their replay screen
(:mod:`.records`, :mod:`.scenes.replay`), the demo and the rules help. Nothing here
changes how the dice game plays; it is how the shell reaches it without naming it
(:mod:`tortuga_desktop.shell.game`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.game import (
    DemoOptions,
    HostSetup,
    MenuOverlay,
    NetworkTable,
    PlayAgain,
    ReplaySummary,
    SavedGame,
    ShellApp,
    TableChoice,
    Tutorial,
)
from tortuga_desktop.shell.levels import ALL_LEVELS
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves.savefile import SaveInfo
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.session import Session

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.records import ReplayFile
    from tortuga_desktop.shell.netsession import NetSession

# The game's screens, rules and computer players are imported where they are first used (a method
# below), not with this module: the shell makes every game's module for its menu at start-up, and a
# game is loaded only once a player chooses it (start-up to the first frame, docs/architecture.md).

__all__ = ["KEY", "DiceGame"]

#: The dice game's key (files without a ``"game"`` field are this game's).
KEY = "tortuga"


def _app(app: ShellApp) -> App:
    """The dice game's screens and lifecycle (``app.session``) need the whole App."""
    if not isinstance(app, App):
        raise TypeError(f"{type(app).__name__} cannot play the dice game (not the App)")
    return app


def _replay_file(saved: SavedGame) -> ReplayFile:
    from tortuga_desktop.games.dice.table.records import ReplayFile

    if not isinstance(saved, ReplayFile):
        raise TypeError(f"not a dice game's record: {type(saved).__name__}")
    return saved


class DiceTutorial:
    """The dice game's guided first game (:mod:`.scenes.tutorial`) as the shell's :class:`Tutorial`."""

    def start(self, app: ShellApp) -> None:
        from tortuga_desktop.games.dice.table.scenes.tutorial import start_tutorial

        start_tutorial(_app(app))

    def first_start_offer(self, app: ShellApp) -> MenuOverlay | None:
        from tortuga_desktop.games.dice.table.scenes.offer import FirstStartOffer

        return FirstStartOffer.for_app(_app(app))


class DiceGame:
    """The dice game's :class:`~tortuga_desktop.shell.game.GameModule`."""

    key = KEY
    cli_names: tuple[str, ...] = ("dice",)
    title_key = "game.tortuga.title"
    blurb_key = "game.tortuga.blurb"
    levels: tuple[str, ...] = ALL_LEVELS
    #: one table of wins in Statistics (no sides, no endings counted apart)
    stat_sides: tuple[str, ...] = ()
    stat_endings: tuple[str, ...] = ()
    min_players = 2
    max_players = 4

    def draw_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Two dice on a round sea-blue badge: a five in front of a tilted three."""
        with art.round_badge(surface, rect) as box:
            side = box.w
            die = max(8, side * 9 // 20)
            back = pygame.Rect(0, 0, die, die)
            back.center = (box.centerx - side // 9, box.centery - side // 9)
            front = pygame.Rect(0, 0, die, die)
            front.center = (box.centerx + side // 9, box.centery + side // 9)
            self._die(surface, back, (0, 4, 8), palette.PARCHMENT_DARK)
            self._die(surface, front, (0, 2, 4, 6, 8), palette.BONE)

    @staticmethod
    def _die(surface: pygame.Surface, rect: pygame.Rect, pips: tuple[int, ...], face: tuple[int, int, int]) -> None:
        radius = max(2, rect.w // 6)
        pygame.draw.rect(surface, face, rect, border_radius=radius)
        pygame.draw.rect(surface, palette.INK, rect, max(1, rect.w // 16), border_radius=radius)
        step = rect.w // 4
        dot = max(1, rect.w // 11)
        for p in pips:  # 0..8: a 3x3 grid, row by row
            x = rect.x + step * (1 + p % 3)
            y = rect.y + step * (1 + p // 3)
            pygame.draw.circle(surface, palette.INK, (x, y), dot)

    def setup_scene(self, app: ShellApp) -> Scene:
        from tortuga_desktop.games.dice.table.scenes.setup import SetupScene

        return SetupScene()

    def read_saved(self, doc: Mapping[str, Any], path: Path | None) -> SavedGame:
        from tortuga_desktop.games.dice.table.savefile import SaveData

        return SaveData.from_dict(dict(doc), path)

    def claims(self, doc: Mapping[str, Any]) -> bool:
        """Whether ``doc`` is laid out as a dice game's save, whatever its ``"game"`` says
        (:func:`.savefile.has_layout`)."""
        from tortuga_desktop.games.dice.table.savefile import has_layout

        return has_layout(doc)

    def list_line(self, path: Path, doc: Mapping[str, Any], saved: SavedGame) -> SaveInfo:
        """With the dice game's round, phase, scores and winners."""
        from tortuga_desktop.games.dice.table.savefile import SaveData, info_of

        if not isinstance(saved, SaveData):
            raise TypeError(f"not a saved dice game: {type(saved).__name__}")
        return info_of(path, saved)

    def prepare_open(self) -> None:
        import tortuga_desktop.games.dice.table.controller
        import tortuga_desktop.games.dice.table.life
        import tortuga_desktop.games.dice.table.scenes.replay
        import tortuga_desktop.games.dice.table.scenes.results
        import tortuga_desktop.games.dice.table.scenes.table  # noqa: F401

    def open_saved(self, app: ShellApp, saved: SavedGame, *, on_disk: bool = False) -> None:
        from tortuga_desktop.games.dice.table.controller import finished_source
        from tortuga_desktop.games.dice.table.life import dice_session
        from tortuga_desktop.games.dice.table.savefile import SaveData
        from tortuga_desktop.games.dice.table.scenes.results import ResultsScene

        if not isinstance(saved, SaveData):
            raise TypeError(f"not a saved dice game: {type(saved).__name__}")
        life = dice_session(_app(app))
        if saved.game.is_over:
            if on_disk:  # a finished game whose archiving failed last time: store it now
                life.finish_game(saved)
            app.push(ResultsScene(finished_source(saved.game, saved.seats), saved.seats, review=True))
            return
        life.play(saved, on_disk=on_disk)

    def read_replay(self, doc: Mapping[str, Any], path: Path | None) -> SavedGame:
        """A dice record (:class:`.records.ReplayFile`): its fields checked, its decisions not yet played."""
        from tortuga_desktop.games.dice.table.records import ReplayFile

        return ReplayFile.from_dict(dict(doc), path)

    def replay_summary(self, saved: SavedGame) -> ReplaySummary:
        rf = _replay_file(saved)
        return ReplaySummary(rf.game_id, rf.updated_at or rf.started_at, tuple(rf.record.names), rf.kinds,
                             rf.winners, rf.rounds, rf.finished)

    def replay_scene(self, saved: SavedGame, speed: str) -> Scene:
        """The replay with its timeline (:class:`.scenes.replay.ReplayScene`)."""
        from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene

        return ReplayScene(_replay_file(saved), speed=speed)

    def demo(self, app: ShellApp, options: DemoOptions) -> None:
        from tortuga_desktop.games.dice.table.scenes.demo import start_demo

        start_demo(_app(app), options.players, options.seed, options.level)

    def help_scene(self, app: ShellApp) -> Scene:
        from tortuga_desktop.games.dice.table.scenes.help import HelpScene

        return HelpScene()

    def tutorial(self) -> Tutorial | None:
        return DiceTutorial()

    # ------------------------------------------------------------ network play (shell.game.NetworkGame)
    def table_choices(self) -> tuple[TableChoice, ...]:
        """A table made from a server's list: the short or the long game."""
        return (TableChoice("long_game", (("short", "net.tables.short"), ("long", "net.tables.long"))),)

    def table_options(self, players: int, chosen: Mapping[str, str]) -> dict[str, object]:
        return {"long_game": True} if chosen.get("long_game") == "long" else {}

    def host_setup(self) -> HostSetup:
        """The host screen's start for a dice table: one human here and three normal computer players
        (the host makes seats open for the players elsewhere)."""
        from tortuga_desktop.games.dice.table.gamesetup import SetupConfig

        return HostSetup(self.key, tuple(SetupConfig.default().seats))

    def network_table(self, session: NetSession) -> NetworkTable:
        """The dice game's table at ``session`` (a :class:`~.netsource.NetTableSource`). Online play
        loads only when a player goes online."""
        from tortuga_desktop.games.dice.table.netsource import NetTableSource

        return NetTableSource(session)

    def network_scene(self, table: NetworkTable, *, speed: str = "normal", again: PlayAgain | None = None) -> Scene:
        """The network table scene (the table with the connection's banner and the table's chat)."""
        from tortuga_desktop.games.dice.table.netsource import NetTableSource
        from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene

        if not isinstance(table, NetTableSource):
            raise TypeError("a dice network table plays a dice game's network table")
        return NetTableScene(table, speed=speed, again=again)

    def make_session(self, app: ShellApp) -> Session | None:
        """The dice game's lifecycle (:class:`.session.GameSession`): the game in progress,
        Continue and asking before leaving it, Ctrl+S, archiving finished games."""
        from tortuga_desktop.games.dice.table.session import GameSession

        return GameSession(_app(app))
