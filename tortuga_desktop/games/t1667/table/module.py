"""Tortuga 1667 as the shell's second game module (:class:`~...shell.game.GameModule`).

The ways into the game: *New game* (its setup screen, :mod:`.setup`; the table starts from the setup
it hands back), *Continue* / *Load game* (its saves, :mod:`.saves`), the demo (``tortuga --demo --game
1667``, :mod:`.demo`) and its rules help (:mod:`.help`). The setup screen, the saves and the help are
its neighbours in this package.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tortuga_desktop.games.t1667.levels import LEVELS_1667
from tortuga_desktop.shell import art
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
from tortuga_desktop.shell.replayfiles import RecordError as KeptRecordError
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.savefile import SaveInfo, basic_info
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.session import Session

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.t1667.rules import Action, Event
    from tortuga_desktop.games.t1667.table.notes import Notes
    from tortuga_desktop.games.t1667.table.saves import Save1667
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene
    from tortuga_desktop.games.t1667.table.setup import Setup1667
    from tortuga_desktop.shell.netsession import NetSession
    from tortuga_desktop.shell.table import LocalTable

# The game's table, screens, saves and computer players are imported where they are first used (a
# function below), not with this module: the shell makes every game's module for its menu at start-up,
# and a game is loaded only once a player chooses it.

__all__ = ["KEY", "T1667Game", "start_game"]

KEY = "t1667"  # the engine's GAME_KEY (tests/t1667/test_1667_setup.py), without importing the engine


def _speed(app: Any) -> str:
    return str(app.table_speed()) if hasattr(app, "table_speed") else "normal"


class Autosave1667:
    """Keeps a 1667 game played at this computer in the autosave (so *Continue* picks it up): after every
    decision a snapshot of the game's record, its seats and the human seats' deduction notes goes to the
    app's background writer (the frame loop never waits for the disk); once the game is over the autosave
    is dropped. ``notes()``: the human seats' notes as the table holds them now (its notes model)."""

    def __init__(self, app: Any, table: LocalTable[Any, Action, Event], seats: Sequence[Any], *,
                 game_id: str = "", notes: Callable[[], Notes] | None = None) -> None:
        from tortuga_desktop.games.t1667.table.notes import Notes

        self.app = app
        self.table = table
        self.seats = tuple(seats)
        self.game_id = game_id or uuid.uuid4().hex
        self.notes = notes if notes is not None else (lambda: Notes.empty(table.players))
        self._saved: tuple[int, int, Notes] | None = None
        self._cleared = False

    def snapshot(self) -> Any:
        """The game as it is now, as its save (a ``Save1667``)."""
        from tortuga_desktop.games.t1667.table.saves import save_of

        return save_of(self.table, self.seats, self.notes().to_dict(), game_id=self.game_id)

    def __call__(self) -> None:
        """After a decision, a line of talk or a changed note: queue the autosave (nothing when none changed)."""
        from tortuga_desktop.games.t1667.table.archive import keep_finished

        if self.table.is_over:
            if not self._cleared:
                self._cleared = True
                finished = self.snapshot()
                writer = self.app.session.writer()
                # kept in the finished games and the replays, counted in the statistics; then no autosave
                writer.run("keeping a finished Tortuga 1667 game", lambda: keep_finished(finished))
                writer.clear_later()
            return
        # table talk (T9.7) moves no decision counter but is kept with the game: the public events count it
        now = (self.table.engine.decisions, len(self.table.events_for(None)), self.notes())
        if now == self._saved:
            return
        self._saved = now
        self.app.session.autosave(self.snapshot())


def _open(app: Any, table: LocalTable[Any, Action, Event], seats: Sequence[Any], *, game_id: str = "",
          notes: Notes | None = None, again: Callable[[], None] | None = None) -> Table1667Scene:
    """Push the table scene of a game at this computer (with its saved deduction notes), autosaved."""
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene

    scene = Table1667Scene(table, speed=_speed(app))
    if notes is not None:
        scene.aids.notes = notes
    keeper = Autosave1667(app, table, seats, game_id=game_id, notes=lambda: scene.aids.notes)
    scene.keeper = keeper
    scene.on_progress = keeper
    scene.on_new_game = again
    app.push(scene)
    keeper()  # a new game is on disk at once (Continue finds it even before the first move)
    return scene


def start_game(app: Any, setup: Any) -> Table1667Scene:
    """Start a new game from the setup screen's valid setup (its seats: names and kinds, the
    starred cards, the seed, whether computer players talk) and push its table."""
    from tortuga_desktop.games.t1667.table.demo import think_mode
    from tortuga_desktop.games.t1667.table.saves import Seat1667, new_table
    from tortuga_desktop.games.t1667.table.scene import Table1667Scene

    seats = [Seat1667(s.name, s.kind) for s in setup.seats]
    table, played = new_table(seats, setup.game_seed(), starred=setup.starred, think=think_mode())
    table.bot_chat = bool(getattr(setup, "bot_chat", True))

    def again() -> None:  # the end screen's New game: the same seats, a fresh seed (unless one was chosen)
        while len(app.scenes) > 1 and not isinstance(app.top, Table1667Scene):
            app.pop()
        if isinstance(app.top, Table1667Scene):
            app.pop()
        start_game(app, setup)

    return _open(app, table, played, again=again)


def _save(saved: SavedGame) -> Save1667:
    from tortuga_desktop.games.t1667.table.saves import Save1667

    if not isinstance(saved, Save1667):
        raise TypeError("a 1667 replay is read from a 1667 game's file")
    return saved


#: a 1667 save's refusal as the refusal of a kept record (the rest: "damaged")
_REPLAY_KEYS = {"error.save.record_other_game": "error.replay.record_other_game",
                "error.save.bad_setup": "error.replay.bad_setup"}


class Tutorial1667:
    """Tortuga 1667's guided first game (:mod:`.tutorial_scene`) as the shell's :class:`Tutorial`."""

    def start(self, app: ShellApp) -> None:
        from tortuga_desktop.games.t1667.table.tutorial_scene import start_tutorial

        start_tutorial(app)

    def first_start_offer(self, app: ShellApp) -> MenuOverlay | None:
        """None: the first start offers the first game's tutorial; *Learn to play* offers this one too."""
        return None


class T1667Game:
    """Tortuga 1667's :class:`~tortuga_desktop.shell.game.GameModule`."""

    key = KEY
    cli_names: tuple[str, ...] = ("1667",)
    title_key = "game.t1667.title"
    blurb_key = "game.t1667.blurb"
    min_players = 2
    max_players = 9
    #: its computer players' levels (``tortuga --demo --game 1667 --level``)
    levels = LEVELS_1667

    #: the loyalties (``rules.cards.Loyalty`` values) and the endings (``table.archive.ENDINGS`` values)
    #: Statistics counts apart, written out so the menu's registry loads no game (the shell's
    #: ``isinstance`` check reads them; tests/t1667/test_1667_setup.py checks they equal the game's)
    stat_sides: tuple[str, ...] = ("british", "french", "dutch")
    stat_endings: tuple[str, ...] = ("armada", "dutch_tie", "sudden_death", "draw")

    def draw_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A ship under sail on a round night-sea badge, ringed by the three loyalty marks."""
        from tortuga_desktop.games.t1667.rules.cards import Loyalty
        from tortuga_desktop.games.t1667.table.render import LOYALTY_STYLES, SEAT_STYLES, shape, ship_pic

        with art.round_badge(surface, rect) as box:
            side, r = box.w, box.w // 2
            hull = pygame.Rect(0, 0, side * 11 // 20, side * 9 // 20)
            hull.center = (box.centerx, box.centery - side // 14)
            ship_pic(surface, hull, SEAT_STYLES[8].rgb)
            for a, loyalty in zip((0.8 * math.pi, 0.5 * math.pi, 0.2 * math.pi),
                                  (Loyalty.BRITISH, Loyalty.DUTCH, Loyalty.FRENCH), strict=True):
                cx = box.centerx + math.cos(a) * r * 0.62
                cy = box.centery + math.sin(a) * r * 0.62
                st = LOYALTY_STYLES[loyalty]
                shape(surface, st.shape, (cx, cy), max(3, side // 11), st.rgb)

    def setup_scene(self, app: ShellApp) -> Scene:
        from tortuga_desktop.games.t1667.table.setup import Setup1667Scene, load_last_1667

        def start(chosen: Setup1667) -> None:
            start_game(app, chosen)

        return Setup1667Scene(load_last_1667(), on_start=start, remember=True)

    def read_saved(self, doc: Mapping[str, Any], path: Path | None) -> SavedGame:
        from tortuga_desktop.games.t1667.table.saves import read_saved as read_1667_save

        saved: SavedGame = read_1667_save(doc, path)
        return saved

    def claims(self, doc: Mapping[str, Any]) -> bool:
        """Whether ``doc`` is laid out as a 1667 save (a 1667 record inside), whatever its ``"game"`` says."""
        from tortuga_desktop.games.t1667.table.saves import has_layout

        return has_layout(doc)

    def list_line(self, path: Path, doc: Mapping[str, Any], saved: SavedGame) -> SaveInfo:
        return basic_info(path, self.key, doc, saved)

    def prepare_open(self) -> None:
        import tortuga_desktop.games.t1667.table.archive
        import tortuga_desktop.games.t1667.table.demo
        import tortuga_desktop.games.t1667.table.end
        import tortuga_desktop.games.t1667.table.notes
        import tortuga_desktop.games.t1667.table.replay
        import tortuga_desktop.games.t1667.table.saves
        import tortuga_desktop.games.t1667.table.scene  # noqa: F401

    def open_saved(self, app: ShellApp, saved: SavedGame, *, on_disk: bool = False) -> None:
        from tortuga_desktop.games.t1667.table.archive import keep_finished
        from tortuga_desktop.games.t1667.table.demo import think_mode
        from tortuga_desktop.games.t1667.table.end import End1667Scene
        from tortuga_desktop.games.t1667.table.notes import Notes
        from tortuga_desktop.games.t1667.table.replay import open_replay
        from tortuga_desktop.games.t1667.table.saves import Save1667, table_of

        if not isinstance(saved, Save1667):
            raise TypeError("a 1667 game opens from a 1667 save")
        save: Any = saved
        if save.finished:  # its results, read-only, with its replay (a game at the table is no game to play on)
            if on_disk:  # the autosave held a finished game: keep and count it, then it is no game to continue
                shell: Any = app  # the App: its background writer
                writer = shell.session.writer()
                writer.run("keeping a finished Tortuga 1667 game", lambda: keep_finished(save))
                writer.clear_later()
            kinds = [s.kind for s in save.seats]

            def watch() -> None:
                open_replay(app, save.record, kinds=kinds)

            app.push(End1667Scene(save.engine.view(None), on_replay=watch))
            return
        table = table_of(save, think=think_mode())
        notes = Notes.from_dict(save.notes, table.players)  # the human seats' deduction notes, back at the table
        _open(app, table, save.seats, game_id=save.game_id, notes=notes)

    def read_replay(self, doc: Mapping[str, Any], path: Path | None) -> SavedGame:
        """A kept 1667 game is its save file (:mod:`.archive`): checked and replayed as one."""
        from tortuga_desktop.games.t1667.table.saves import read_saved as read_1667_save

        try:
            saved: SavedGame = read_1667_save(doc, path)
        except SaveError as exc:  # the same fault, said of a record
            key = _REPLAY_KEYS.get(exc.key, "error.replay.invalid")
            raise KeptRecordError(key, exc.detail or exc.key, reason=(exc.detail or exc.key)[:120]) from None
        return saved

    def replay_summary(self, saved: SavedGame) -> ReplaySummary:
        from tortuga_desktop.games.t1667.table.archive import summary

        return summary(_save(saved))

    def replay_scene(self, saved: SavedGame, speed: str) -> Scene:
        """Its replay screen (:class:`.replay.Replay1667Scene`)."""
        from tortuga_desktop.games.t1667.rules import RecordError
        from tortuga_desktop.games.t1667.table.replay import Replay1667Scene

        save = _save(saved)
        try:
            scene: Scene = Replay1667Scene(save.record, kinds=[s.kind for s in save.seats], speed=speed)
        except RecordError as exc:
            raise KeptRecordError("t1667.replay.damaged", str(exc)[:200]) from None
        return scene

    def demo(self, app: ShellApp, options: DemoOptions) -> None:
        from tortuga_desktop.games.t1667.table.demo import start_demo

        start_demo(app, options.players, options.seed, options.level)

    # ------------------------------------------------------------ network play (shell.game.NetworkGame)
    def table_choices(self) -> tuple[TableChoice, ...]:
        """A table made from a server's list: the starred cards drawn hidden, or named openly; and
        whether the computer players talk at the table (the host screen offers that too)."""
        return (TableChoice("starred", (("hidden", "net67.tables.starred_hidden"),
                                        ("named", "net67.tables.starred_named"))),
                TableChoice("talk", (("on", "net67.tables.talk_on"), ("off", "net67.tables.talk_off")), host=True))

    def table_options(self, players: int, chosen: Mapping[str, str]) -> dict[str, object]:
        """Named starred cards: three of the pool a game of ``players`` may use, drawn here at random
        (every seat sees them named, T1.6); the computer players' talk on unless chosen off."""
        options: dict[str, object] = {"talk": chosen.get("talk", "on") != "off"}
        if chosen.get("starred") != "named":
            return options
        import random

        from tortuga_desktop.games.t1667.table.setup import starred_pool

        return {**options, "starred": [c.value for c in random.sample(starred_pool(players), 3)]}

    def bot_chat_text(self, text: str, seat: int, names: Sequence[str]) -> str:
        """A computer player's line from the table's chat, in words (as the local table's log says it)."""
        from tortuga_desktop.games.t1667.net.codec import talk_from_text
        from tortuga_desktop.games.t1667.table.eventtext import talk_text

        return talk_text(talk_from_text(text, seat, len(names)), names)

    def host_setup(self) -> HostSetup:
        """The host screen's start for a 1667 table: its setup screen's first seats (one human here,
        three Normal computer players), the starred cards drawn hidden."""
        from tortuga_desktop.games.t1667.table.setup import Setup1667

        return HostSetup(self.key, tuple(SeatConfig(s.name, s.kind, i) for i, s in enumerate(Setup1667.default().seats)),
                         chosen={"talk": "on" if Setup1667.default().bot_chat else "off"})

    def network_table(self, session: NetSession) -> NetworkTable:
        """The network table a session keeps for a 1667 game (a ``NetTable1667``, told every message
        the session reads). Online play loads only when a player goes online."""
        from tortuga_desktop.games.t1667.table.nettable import NetTable1667

        return NetTable1667(session.client, controller=session)

    def network_scene(self, table: NetworkTable, *, speed: str = "normal", again: PlayAgain | None = None) -> Scene:
        """The table scene of a started network game (the table's chat over its log); its end screen
        goes back to the menu (``again`` is not offered)."""
        from tortuga_desktop.games.t1667.table.netscene import NetTable1667Scene
        from tortuga_desktop.games.t1667.table.nettable import NetTable1667

        if not isinstance(table, NetTable1667):
            raise TypeError("a 1667 network table plays a 1667 game's network table")
        scene: Scene = NetTable1667Scene(table, speed=speed)
        return scene

    def help_scene(self, app: ShellApp) -> Scene:
        from tortuga_desktop.games.t1667.table.help import Help1667Scene

        scene: Scene = Help1667Scene()
        return scene

    def tutorial(self) -> Tutorial | None:
        """Its guided first game (:mod:`.tutorial_scene`)."""
        return Tutorial1667()

    def make_session(self, app: ShellApp) -> Session | None:
        """None: 1667 saves through the shell's session (its autosave, named saves, archive)."""
        return None
