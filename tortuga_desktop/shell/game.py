"""The games the shell can offer: the :class:`GameModule` interface and the registry.

The shell (window, scene stack, main menu, saves, replays, statistics, settings) names no
game. Each game plugs in once, as a :class:`GameModule`: its key, its title and one line in
the player's language (translation keys), a small picture, and the ways into it — New game
(its setup screen), a saved game opened from *Continue* or *Load game*, a demo of computer
players, its rules help. Files the shell keeps (saves, the autosave, replays, statistics
entries) carry ``"game": <key>``; a file without it is the dice game's (``"tortuga"``: every
file written before there was a second game).

The registry holds the built-in games (:data:`BUILT_IN`, imported when first asked for, so
importing this module does no work) and any registered with :func:`register` (tests add a
fake game this way). :func:`modules` lists them in the order the main menu shows them: the
dice game first (it is the default).

Adding a game: write a class satisfying :class:`GameModule` and list it in the catalogue of games
(:mod:`tortuga_desktop.games`), or call :func:`register` with an instance (tests add a fake game so).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from tortuga_desktop import games as _catalogue

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from tortuga_desktop.shell.intents import Intent
    from tortuga_desktop.shell.netsession import NetSession
    from tortuga_desktop.shell.options import AppOptions
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.saves.savefile import SaveInfo
    from tortuga_desktop.shell.scenes import Scene
    from tortuga_desktop.shell.session import Session

__all__ = ["ABOUT", "BUILT_IN", "DEFAULT_GAME", "DemoOptions", "GameModule", "MenuOverlay", "ReplaySummary", "ReplayableGame", "SavedGame", "ShellApp", "Tutorial",
           "UnknownGameError",
           "about_lines", "find", "game_of", "game_title", "module", "modules", "names", "register", "unregister",
           "HostSetup", "NetworkChatWords", "NetworkGame", "NetworkTable", "NetworkTableOptions", "PlayAgain", "TableChoice",
           "network_games"]

#: The game a file without a ``"game"`` field belongs to, and the one the menu offers first (the
#: catalogue of games says which: :mod:`tortuga_desktop.games`).
DEFAULT_GAME = _catalogue.DEFAULT_GAME

#: The built-in games, in menu order: ``"import.path:factory"``, each factory called once with
#: no arguments to make the game's :class:`GameModule`. Imported on first use of the registry.
BUILT_IN: tuple[str, ...] = tuple(b.module for b in _catalogue.BUILT_IN)

#: What the built-in games say of themselves in ``tortuga --version`` (how their computer players
#: run): ``"import.path:function"``, each a pygame-free function returning lines, read without
#: importing the game modules (``--version`` answers without pygame).
ABOUT: tuple[str, ...] = tuple(b.about for b in _catalogue.BUILT_IN if b.about)


def about_lines() -> list[str]:
    """The lines of every :data:`ABOUT` function, in order."""
    out: list[str] = []
    for spec in ABOUT:
        path, _, name = spec.partition(":")
        func: Callable[[], list[str]] = getattr(importlib.import_module(path), name)
        out += func()
    return out


class UnknownGameError(LookupError):
    """No game with this key is registered (a file of a game this program does not have,
    a ``--game`` name it does not know). ``key`` is what was asked for."""

    def __init__(self, key: str) -> None:
        super().__init__(f"no game {key!r} (known: {', '.join(m.key for m in modules())})")
        self.key = key


class ShellApp(Protocol):
    """What a game module may use of the application (:class:`tortuga_desktop.shell.loop.App`
    satisfies it): the window size, the command-line options, the scene stack and messages."""

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    @property
    def options(self) -> AppOptions | None:
        """The parsed command line (``--speed``, ``--seed`` ...), or None."""
        ...

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top of the scene stack."""
        ...

    def show_message(self, title: str, text: str) -> None:
        """An OK dialog over the current scene."""
        ...

    def notify(self, text: str, level: str = "info", seconds: float | None = None) -> None:
        """A short notice on top of every scene (any thread)."""
        ...


@dataclass(frozen=True)
class DemoOptions:
    """What a demo game is started with (the command line's ``--players``, ``--seed``,
    ``--level``; the menu's *Watch a demo* fills them the same way)."""

    #: how many seats (within the module's ``min_players``..``max_players``)
    players: int
    #: the game's seed
    seed: int
    #: the computer players' levels, one for every seat or seat by seat (None: the game's mix)
    level: tuple[str, ...] | None = None


class SavedGame(Protocol):
    """A saved game read and checked by its module (:meth:`GameModule.read_saved`), ready to open."""

    @property
    def game_id(self) -> str:
        """The game's id (the same across its autosave, named saves, archive and replay)."""
        ...

    @property
    def finished(self) -> bool:
        """True when the game is over (it opens on its results, read-only)."""
        ...


class MenuOverlay(Protocol):
    """Something a game shows over the main menu (the dice game's "New to Tortuga? Learn to
    play" on first start): it draws itself on top and may take a click; once ``closed`` the
    menu drops it."""

    @property
    def closed(self) -> bool:
        """True once answered: the menu no longer shows it."""
        ...

    def handle(self, intent: Intent) -> bool:
        """Take ``intent`` (True) or leave it to the menu (False)."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw over the menu."""
        ...


class Tutorial(Protocol):
    """A game's guided first game (the menu's *Learn to play*)."""

    def start(self, app: ShellApp) -> None:
        """Push the tutorial (resuming where the player left it)."""
        ...

    def first_start_offer(self, app: ShellApp) -> MenuOverlay | None:
        """What to show over the menu on a first start to offer the tutorial; None once it was
        taken or declined."""
        ...


@runtime_checkable
class GameModule(Protocol):
    """One game, as the shell sees it. Everything a game gives the shell goes through here;
    the shell never imports a game's rules, scenes or files itself.

    Scenes returned here are pushed by the shell; the module's own scenes then lead on
    (setup starts the game's table, the table its results ...). Everything on the frame
    loop returns at once: files are read in :meth:`read_saved`, which the shell calls on a
    worker thread."""

    @property
    def key(self) -> str:
        """The game's key: short, lower-case, stable (written into every file as ``"game"``)."""
        ...

    @property
    def cli_names(self) -> tuple[str, ...]:
        """Other names ``tortuga --game NAME`` accepts for it (the key is always accepted)."""
        ...

    @property
    def title_key(self) -> str:
        """Translation key of the game's name (the chooser, Statistics, Load game)."""
        ...

    @property
    def blurb_key(self) -> str:
        """Translation key of one line saying what the game is (the chooser)."""
        ...

    @property
    def min_players(self) -> int:
        """The fewest seats a game may have."""
        ...

    @property
    def max_players(self) -> int:
        """The most seats a game may have."""
        ...

    @property
    def levels(self) -> tuple[str, ...]:
        """Its computer players' levels, weakest first (``tortuga --demo --level`` takes these)."""
        ...

    @property
    def stat_sides(self) -> tuple[str, ...]:
        """The sides a player can win on, counted apart in Statistics (1667's loyalties; none: one
        table of wins). Shown as the translations ``stats.<key>.<side>``."""
        ...

    @property
    def stat_endings(self) -> tuple[str, ...]:
        """How its games can end, counted apart in Statistics (none: not counted). Shown as the
        translations ``stats.<key>.<ending>``."""
        ...

    def draw_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the game's small picture into ``rect`` of ``surface`` (by code, any size from
        32 px up; draws only inside ``rect``)."""
        ...

    def setup_scene(self, app: ShellApp) -> Scene:
        """The game's New game screen (seats, options); it starts the game itself."""
        ...

    def read_saved(self, doc: Mapping[str, object], path: Path | None) -> SavedGame:
        """Check a saved game of this game (``doc``: the file's JSON object, ``"game"`` already
        matched) and make it ready to open: called on a worker thread, may take long (a
        replay). Raises ``app.saves.SaveError`` (with its translated message) for a bad file,
        never anything else; changes nothing on disk."""
        ...

    def claims(self, doc: Mapping[str, object]) -> bool:
        """Whether a saved file's JSON object is laid out as this game's save, whatever its ``"game"``
        field says (pure, quick; a game with no recognisable layout answers False). The shell asks it
        only about a file it refuses, to name the real fault: a file labelled as another game
        (``error.save.mislabelled``) or whose ``"game"`` names no game (``error.save.damaged_label``)."""
        ...

    def list_line(self, path: Path, doc: Mapping[str, object], saved: SavedGame) -> SaveInfo:
        """The line of a saved file of this game in Load game, the finished games and the
        folder index (``saved``: what :meth:`read_saved` made of ``doc``); the shell's
        ``saves.basic_info`` gives the fields every game's save has."""
        ...

    def open_saved(self, app: ShellApp, saved: SavedGame, *, on_disk: bool = False) -> None:
        """Open on the frame loop what this module's :meth:`read_saved` returned (*Continue*,
        *Load game*, ``tortuga PATH``, a finished game in Statistics): the game's table, or its
        results when it is over. ``on_disk``: ``saved`` is the autosave file's game, read just
        now (*Continue*): a finished one there is archived and counted first. The shell has
        already asked before replacing a game in progress."""
        ...

    def prepare_open(self) -> None:
        """Import what :meth:`open_saved` needs (its table, results and replay screens): called on
        the worker thread that read the file, so the frame that opens the game imports nothing
        (a first import of a game's table takes a tenth of a second)."""
        ...

    def demo(self, app: ShellApp, options: DemoOptions) -> None:
        """Start a game of computer players (the menu's *Watch a demo*, ``tortuga --demo``)."""
        ...

    def help_scene(self, app: ShellApp) -> Scene:
        """The game's rules help (the menu's *Rules*, F1 during its games). Its scene sets
        ``is_help`` (F1 on top of it closes it)."""
        ...

    def tutorial(self) -> Tutorial | None:
        """The game's tutorial (*Learn to play* on the menu), or None when it has none."""
        ...

    def make_session(self, app: ShellApp) -> Session | None:
        """The App's session when this game keeps a lifecycle around the shell's file service
        (the game in progress, asking before it is left, Ctrl+S, storing finished games), or
        None. The App takes the first game's (in menu order) that gives one, else a plain
        :class:`~tortuga_desktop.shell.session.Session`: one game at a time may extend it."""
        ...


@dataclass(frozen=True)
class ReplaySummary:
    """What the Replays list shows of a kept record (:meth:`ReplayableGame.replay_summary`)."""

    #: the game's id (the record's file is named after it)
    game_id: str
    #: when it was last played (ISO text; may be empty)
    date: str
    #: the seats' names, in seat order
    names: tuple[str, ...]
    #: the seats' kinds (``human`` or a computer player's level), one per seat
    kinds: tuple[str, ...]
    #: the winning seats (several in a shared win; none while unfinished)
    winners: tuple[int, ...]
    #: how many rounds were played
    rounds: int
    #: the record reaches the game's end
    finished: bool


@runtime_checkable
class ReplayableGame(Protocol):
    """A game that keeps records of its games for the shell's Replays list (files in ``<data>/replays``
    with ``"game": <key>``; :mod:`tortuga_desktop.shell.replayfiles` reads them, lists them, exports and
    imports them and opens them, also for ``tortuga --replay FILE``). Every method here is file or replay
    work: the shell calls it on a worker thread (or before the first frame), never on the frame loop."""

    def read_replay(self, doc: Mapping[str, object], path: Path | None) -> SavedGame:
        """Check a kept record of this game (``doc``: the file's JSON object, ``"game"`` already matched;
        ``path``: where it was read) and return it ready to summarise and open. Raises
        ``shell.replayfiles.RecordError`` (a translation key with its parameters) for a bad, truncated or
        newer file, never anything else. Quick enough to list hundreds of records (each is read once into
        the folder's index): whether the decisions play by the rules may be left to :meth:`replay_scene`."""
        ...

    def replay_summary(self, saved: SavedGame) -> ReplaySummary:
        """What the Replays list shows of ``saved`` (what :meth:`read_replay` returned)."""
        ...

    def replay_scene(self, saved: SavedGame, speed: str) -> Scene:
        """The game's replay screen for ``saved``, at ``speed`` (a key of ``shell.anim.SPEEDS``: the
        player's animation speed); the shell pushes it. Plays the record through, so it may take long.
        Raises ``shell.replayfiles.RecordError`` when the decisions do not fit the game's rules (nothing
        is shown)."""
        ...


# ---------------------------------------------------------------- network play
@dataclass(frozen=True)
class HostSetup:
    """What the host screen starts from for a game: the game, its seats (names, and ``kind``
    "human" for a person at this computer or a computer player's level; the host makes seats
    open for players elsewhere) and the table's options the server is told
    (:func:`tortuga_desktop.net.server.start_host`): ``long_game`` and ``starred`` (the starred
    cards named openly, None: drawn hidden), each left at its default by a game without it, and
    ``chosen``: the values of the game's table choices the host screen offers
    (:attr:`TableChoice.host`; a choice not named: its default)."""

    game: str
    seats: tuple[SeatConfig, ...]
    long_game: bool = False
    starred: tuple[str, ...] | None = None
    chosen: Mapping[str, str] = field(default_factory=dict)


class NetworkTable(Protocol):
    """A game's table at a network session (:meth:`NetworkGame.network_table`): told every message
    the session reads, it holds what the server sent the seats played here."""

    @property
    def ready(self) -> bool:
        """The game has started and every seat played here (a watcher: the public) has its view:
        the table scene can show it."""
        ...


#: After a network game, "new game" on its results: given the App and the session, opens the
#: screen to play again (the host screen for the host, the join screen for a joiner). The screen
#: that opens the lobby passes it in, so the lobby and the tables never import those screens.
PlayAgain = Callable[[ShellApp, "NetSession"], None]


@runtime_checkable
class NetworkGame(GameModule, Protocol):
    """A game played at network tables: the host screen offers it (seats from its
    :attr:`~GameModule.min_players` to its :attr:`~GameModule.max_players`), each network session
    (:class:`~tortuga_desktop.shell.netsession.NetSession`) keeps its table, and the lobby hands a
    started game of it to its table scene. The shell's screens take the connection, the lobby,
    the chat and leaving; the module only turns what its seats are sent into its table."""

    def host_setup(self) -> HostSetup:
        """The seats and options the host screen starts from when it opens on this game without a
        setup of the player's (this game's setup screen hands its own :class:`HostSetup`)."""
        ...

    def network_table(self, session: NetSession) -> NetworkTable:
        """This game's table at ``session``, made with the session (every session, before its game is
        known): it adds itself to ``session.listeners`` and stays empty unless its game is played."""
        ...

    def network_scene(self, table: NetworkTable, *, speed: str = "normal", again: PlayAgain | None = None) -> Scene:
        """The table scene of a started game at ``table`` (one this module's :meth:`network_table`
        made, ready). ``speed``: the table speed setting; ``again``: what "new game" on its results
        opens (None: back to the menu)."""
        ...


@dataclass(frozen=True)
class TableChoice:
    """One of a game's own options for a table made from a server's table list: ``key`` names it,
    ``choices`` are its values in the order a button steps through them, each ``(value, translation
    key of its words)``; the first is the default. ``host``: the host screen offers it too (a
    choice the game's own setup screen makes otherwise, e.g. which starred cards, is not)."""

    key: str
    choices: tuple[tuple[str, str], ...]
    host: bool = False


@runtime_checkable
class NetworkTableOptions(Protocol):
    """A network game with options of its own for a table made from a server's table list (the
    list's "new table" offers them beside the seats, computer players and public/private)."""

    def table_choices(self) -> tuple[TableChoice, ...]:
        """The game's options, each a button of the list's "new table"."""
        ...

    def table_options(self, players: int, chosen: Mapping[str, str]) -> dict[str, object]:
        """The options a table of ``players`` seats is created with (JSON data the game's network
        adapter checks), from the values chosen (``TableChoice.key`` -> value; a key missing: its default)."""
        ...


@runtime_checkable
class NetworkChatWords(Protocol):
    """A network game whose computer players speak in the table's chat (entries of kind ``bot``: the
    game's own data as text, stamped with the speaker's seat): it words each line."""

    def bot_chat_text(self, text: str, seat: int, names: Sequence[str]) -> str:
        """What computer seat ``seat`` said (``text``: the chat entry's), in the current language with
        its name; ``names``: the table's seats' names. ValueError for a text that is no line of the game."""
        ...


def network_games() -> tuple[NetworkGame, ...]:
    """The registered games that play at network tables, in menu order (the host screen's list)."""
    return tuple(m for m in modules() if isinstance(m, NetworkGame))


_lock = threading.Lock()
_modules: dict[str, GameModule] = {}
_loaded = False


def _load_built_in() -> None:
    """Import the built-in games once (on first use: importing this module does no work)."""
    global _loaded
    if _loaded:
        return
    made: list[GameModule] = []
    for spec in BUILT_IN:
        path, _, name = spec.partition(":")
        factory: Callable[[], GameModule] = getattr(importlib.import_module(path), name)
        made.append(factory())
    _loaded = True
    for m in made:
        if m.key not in _modules:  # a test may have put a stand-in in its place first
            _check(m)
            _modules[m.key] = m
    # the built-in games first, in their order, then the registered ones
    order = [m.key for m in made] + [k for k in _modules if k not in {m.key for m in made}]
    _modules.update({k: _modules.pop(k) for k in order})


def _check(m: GameModule) -> None:
    if not isinstance(m, GameModule):
        raise TypeError(f"{m!r} is not a GameModule")
    if not (m.key and m.key.isascii() and m.key.isidentifier() and m.key == m.key.lower()):
        raise ValueError(f"a game's key is a short lower-case identifier, not {m.key!r}")
    if not 1 <= m.min_players <= m.max_players:
        raise ValueError(f"game {m.key!r}: players {m.min_players}..{m.max_players}")


def register(m: GameModule) -> None:
    """Add a game after the built-in ones. A key already registered raises ``ValueError``."""
    with _lock:
        _load_built_in()
        _check(m)
        if m.key in _modules:
            raise ValueError(f"a game with the key {m.key!r} is already registered")
        _modules[m.key] = m


def unregister(key: str) -> None:
    """Take a registered game out again (tests); an unknown key raises :class:`UnknownGameError`."""
    with _lock:
        _load_built_in()
        if key not in _modules:
            raise UnknownGameError(key)
        del _modules[key]


def modules() -> tuple[GameModule, ...]:
    """Every registered game, in menu order (the dice game first)."""
    with _lock:
        _load_built_in()
        return tuple(_modules.values())


def module(key: str) -> GameModule:
    """The game with this key; :class:`UnknownGameError` when there is none."""
    with _lock:
        _load_built_in()
        found = _modules.get(key)
    if found is None:
        raise UnknownGameError(key)
    return found


def find(name: str) -> GameModule:
    """The game a player named on the command line (its key or one of its ``cli_names``,
    any case); :class:`UnknownGameError` when there is none."""
    wanted = name.strip().lower()
    for m in modules():
        if wanted == m.key or wanted in (n.lower() for n in m.cli_names):
            return m
    raise UnknownGameError(name)


def game_of(doc: Mapping[str, object]) -> str:
    """The game a file's JSON object belongs to: its ``"game"`` field when that is a text, else
    :data:`DEFAULT_GAME` (files from before there was a second game have no such field, or — the
    dice game's first save schema — hold the game's state under it; the dice game's module checks
    those). A text that cannot be a game's key raises ``ValueError``; whether it is known is
    :func:`module`'s question."""
    key = doc.get("game")
    if not isinstance(key, str):
        return DEFAULT_GAME
    if not key or len(key) > 40 or not key.isprintable():
        raise ValueError("the 'game' field is not a game's name")
    return key


def game_title(key: str, translate: Callable[[str], str]) -> str:
    """A game's name in the player's language (``translate``: the app's ``tr``); a game this
    program does not have is shown by its key."""
    try:
        title_key = module(key).title_key
    except UnknownGameError:
        return key
    return translate(title_key)


def names(ms: Sequence[GameModule] | None = None) -> tuple[str, ...]:
    """The keys of ``ms`` (default: every registered game), in menu order."""
    return tuple(m.key for m in (modules() if ms is None else ms))
