"""Host a network game (New game -> "Host online game").

Each seat is open (a player at another computer joins it with the join code), a human at this
computer, or a computer player (Easy/Normal/Hard); the game's own table choices the host screen
offers (:attr:`~tortuga_desktop.shell.game.TableChoice.host`, e.g. whether computer players talk)
sit under the seats. The host picks where the server listens:
this computer only (127.0.0.1: for trying it out, or players on this machine), or all network
interfaces — then anyone who can reach this computer's network address can try to connect,
and only the join code keeps them out. If a player drops out, their seat is held for a minute
and then a computer player of the chosen level takes over until they come back.

Hosting starts the server on its own thread (:class:`~tortuga_desktop.net.server.ServerThread`)
from a background thread, so the window never waits for the network. The host's own humans
play through the same server, each seeing only their own view. The server autosaves the table
in ``<data>/network``; "Continue hosted game" brings the newest unfinished one back with the
same seats, code and reclaim tokens.

Keys: Enter hosts, Escape goes back.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from tortuga_desktop.net.protocol import SeatSpec
from tortuga_desktop.shell import art, palette, paths
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.game import HostSetup, NetworkGame, ShellApp
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Intent, Key, UIEvent
from tortuga_desktop.shell.levels import LEVELS, NETWORK_LEVELS, computer_key
from tortuga_desktop.shell.netsession import NetSession, wait_for_closing
from tortuga_desktop.shell.saves import MAX_NAME_LENGTH, SeatConfig
from tortuga_desktop.shell.scenes import WidgetScene
from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine, text_entry, wrap
from tortuga_desktop.shell.scenes.lobby import HostInfo, LobbyScene
from tortuga_desktop.shell.settings import HostMemory

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.net.server import ServerThread
    from tortuga_desktop.shell.loop import App

_El = TypeVar("_El", bound=UIElement)

log = logging.getLogger(__name__)

__all__ = ["HOST_KINDS", "HostPlan", "HostScene", "HostStarted", "find_saved_table", "host_again", "start_hosting"]

#: seat kinds on the host screen -> translation key
HOST_KINDS: dict[str, str] = {
    "open": "net.kind.open",
    "here": "net.kind.here",
    **{lv: computer_key(lv) for lv in NETWORK_LEVELS if lv != "random"},
}
#: The levels that may take over a seat whose player left.
TAKEOVER_LEVELS: tuple[str, ...] = tuple(lv for lv in NETWORK_LEVELS if lv != "random")
LISTEN = {"local": "127.0.0.1", "all": "0.0.0.0"}
#: names offered for the seats (the player changes them)
SEAT_NAMES = ("Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Henry Morgan", "Grace O'Malley",
              "Black Bart", "Ching Shih", "William Kidd")
DEFAULT_PORT = 47600
HOLD_SECONDS = 60.0


@dataclass(frozen=True)
class HostPlan:
    """What to host: seat kinds and names, where to listen, the takeover level."""

    kinds: tuple[str, ...]
    names: tuple[str, ...]
    listen: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    takeover: str = "normal"
    long_game: bool = False
    hold_seconds: float = HOLD_SECONDS
    #: a saved table to bring back instead of a new one (its file)
    resume: Path | None = None
    #: which game the table plays (the key of a :class:`~tortuga_desktop.shell.game.NetworkGame`)
    game: str = games.DEFAULT_GAME
    #: Tortuga 1667: the starred cards named openly (None: drawn hidden)
    starred: tuple[str, ...] | None = None
    #: the game's further table options (JSON data its network adapter checks), from the choices
    #: this screen offers (:meth:`~tortuga_desktop.shell.game.NetworkTableOptions.table_options`)
    options: Mapping[str, object] = field(default_factory=dict)

    def seat_specs(self) -> list[SeatSpec]:
        out = []
        for kind, name in zip(self.kinds, self.names, strict=True):
            if kind == "open":
                out.append(SeatSpec(kind="open", name=""))
            elif kind == "here":
                out.append(SeatSpec(kind="local", name=name))
            else:
                out.append(SeatSpec(kind="computer", name=name, level=kind))  # type: ignore[arg-type]
        return out


@dataclass
class HostStarted:
    """A running server and the table to share."""

    server: ServerThread
    port: int
    table: str
    code: str
    host_token: str
    addresses: tuple[str, ...]
    players: int
    #: a continued table that could not have its old port again: that port (the players must be told)
    moved_from: int = 0


def saved_place(path: Path) -> tuple[str, int] | None:
    """Where a saved hosted table listened (address, port); None for a save without it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    listen, port = (data.get("listen"), data.get("port")) if isinstance(data, dict) else (None, None)
    if listen in LISTEN.values() and isinstance(port, int) and 1 <= port <= 65535:
        return str(listen), port
    return None


def network_dir() -> Path:
    return paths.data_dir() / "network"


def find_saved_table(folder: Path | None = None) -> Path | None:
    """The newest autosaved table whose game is not over (None when there is none)."""
    from tortuga_desktop.net.server import Table

    folder = folder if folder is not None else network_dir()
    try:
        files = sorted(folder.glob("net-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError as exc:
        log.warning("cannot look for saved network tables: %s", exc)
        return None
    for f in files[:20]:
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", f.name, exc)
            continue
        if not isinstance(data, dict) or data.get("record") is None:
            continue
        try:
            table = Table.from_save(data)
        except ValueError as exc:
            log.warning("skipping %s: %s", f.name, exc)
            continue
        if table.game is not None and not table.game.is_over:
            return f
    return None


def local_addresses() -> tuple[str, ...]:
    """This computer's IPv4 addresses (read from the network adapters; nothing is sent)."""
    from tortuga_desktop.net.discovery import local_addresses as found

    try:
        return tuple(found())
    except (ImportError, OSError) as exc:
        log.warning("cannot list network addresses: %s", exc)
        return ()


def start_hosting(plan: HostPlan, save_dir: Path | None) -> HostStarted:
    """Start the server and create (or bring back) the table (:func:`~tortuga_desktop.net.server.start_host`
    with this screen's plan). Blocks briefly: call it off the frame loop. Raises OSError (address
    in use...) or ValueError (a bad plan or save)."""
    from tortuga_desktop.net.server import start_host

    here = [n for k, n in zip(plan.kinds, plan.names, strict=True) if k == "here"]
    name = tr("net.host.announce", name=here[0]) if here else ""
    wait_for_closing(3.0)
    hosted = start_host(None if plan.resume is not None else plan.seat_specs(), resume=plan.resume,
                        host=plan.listen, port=plan.port, name=name[:24], long_game=plan.long_game,
                        hold_seconds=plan.hold_seconds, takeover_level=plan.takeover, save_dir=save_dir,
                        wait_for_port=3.0, game=plan.game,
                        starred=None if plan.starred is None else list(plan.starred), options=dict(plan.options))
    table = hosted.table
    addresses = local_addresses() if plan.listen == "0.0.0.0" else ()
    return HostStarted(hosted.server, hosted.server.port, table.id, table.code, table.host_token, addresses,
                       table.players, hosted.moved_from)


def host_again(app: ShellApp, session: NetSession) -> None:
    """After a hosted game: the host screen again with the same game and seats (the computers'
    seats and this computer's players kept, the other players' seats open)."""
    here = set(session.human_seats)
    seats = tuple(SeatConfig(s.name, s.level if s.seat not in here and s.kind == "computer" and s.level in LEVELS
                             else "human", i) for i, s in enumerate(session.lobby))
    scene = HostScene(HostSetup(session.game, seats), recall_seats=False)
    for i in range(len(seats)):  # the other computers' seats stay open
        if i not in here and seats[i].kind == "human":
            scene.kinds[i] = "open"
    app.push(scene)


class HostScene(WidgetScene):
    """The host screen (see the module docstring)."""

    name = "host"

    def __init__(self, setup: HostSetup | None = None, *,
                 starter: Callable[[HostPlan], HostStarted] | None = None, recall_seats: bool = True,
                 continue_saved: bool = False) -> None:
        """``setup``: the game chosen at first with its seats and table options (a game's setup
        screen hands its own); None: the first network game's :meth:`~.game.NetworkGame.host_setup`.
        The games offered, and each one's seat counts, are the registered network games'.

        The screen opens with what was last hosted (the settings' ``last_host``): the listening
        address, port and takeover level, and, for the same game unless ``recall_seats`` is
        False, the number of seats and each seat's kind and name. ``continue_saved`` (the main
        menu's Continue): the newest hosted table that is not over is brought back as soon as it
        is found, as *Continue hosted game* does."""
        super().__init__()
        self.continue_saved = continue_saved
        self.recall_seats = recall_seats
        self._recalled = False
        #: the games a table can play (key -> module), in menu order
        self.games: dict[str, NetworkGame] = {m.key: m for m in games.network_games()}
        if not self.games:
            raise games.UnknownGameError("a game played at network tables")
        if setup is None or setup.game not in self.games:
            setup = next(iter(self.games.values())).host_setup()
        #: per game: the seats and table options it was opened with (another game chosen: its module's)
        self.setups: dict[str, HostSetup] = {setup.game: setup}
        max_seats = max(m.max_players for m in self.games.values())
        base_seats = setup.seats
        self.count = len(base_seats)
        names = [s.name for s in base_seats]
        names += [n for n in SEAT_NAMES if n.casefold() not in {m.casefold() for m in names}]  # all different
        self.names = names[:max_seats]
        kinds = ["here" if s.kind == "human" else s.kind for s in base_seats]
        kinds = [k if k in HOST_KINDS else "normal" for k in kinds]
        kinds += ["normal"] * (max_seats - len(kinds))
        if "open" not in kinds[: self.count] and self.count > 1:
            kinds[1] = "open"
        self.kinds = kinds[:max_seats]
        #: which game to host (a key of :attr:`games`)
        self.game = setup.game
        self._game_dd: UIDropDownMenu | None = None
        self.listen = "local"
        self.port_text = str(DEFAULT_PORT)
        self.takeover = "normal"
        self.error = ""
        self.saved: Path | None = None
        self._starter = starter
        self._thread: threading.Thread | None = None
        self._result: HostStarted | None = None
        self._failure: str | None = None
        self._busy = False
        self._names: list[SafeTextEntryLine] = []
        self._kinds: list[UIDropDownMenu] = []
        self._count_dd: UIDropDownMenu | None = None
        self._listen_dd: UIDropDownMenu | None = None
        self._takeover_dd: UIDropDownMenu | None = None
        #: the chosen game's table choices offered here (key -> its dropdown)
        self._choice_dds: dict[str, UIDropDownMenu] = {}
        self._port: SafeTextEntryLine | None = None
        self._host_btn: UIButton | None = None
        self._back_btn: UIButton | None = None
        self._resume_btn: UIButton | None = None
        self._looking: threading.Thread | None = None
        self._found_saved: Path | None = None
        self._plan: HostPlan | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._explain_at = pygame.Rect(0, 0, 0, 0)
        self._title_px = 34

    # ------------------------------------------------------------------ model
    def recall(self, memory: HostMemory | None) -> None:
        """Open with the last hosted table's choices (see :meth:`__init__`); anything this screen
        does not offer (a level no longer there, a game's seat count) is left as it was."""
        if memory is None:
            return
        self.listen = memory.listen if memory.listen in LISTEN else self.listen
        self.port_text = str(memory.port)
        self.takeover = memory.takeover if memory.takeover in TAKEOVER_LEVELS else self.takeover
        chosen = self.games.get(self.game)
        if not self.recall_seats or memory.game != self.game or chosen is None:
            return
        if not chosen.min_players <= memory.players <= min(chosen.max_players, len(self.kinds)):
            return
        self.count = memory.players
        for i, kind in enumerate(memory.kinds[: len(self.kinds)]):
            if kind in HOST_KINDS:
                self.kinds[i] = kind
        for i, name in enumerate(memory.names[: len(self.names)]):
            if name.strip():
                self.names[i] = name[:MAX_NAME_LENGTH]

    def remember(self, plan: HostPlan) -> None:
        """Keep ``plan`` (a table hosted from this screen) in the settings for next time."""
        settings = self.app.settings if self.entered else None
        if settings is None or plan.resume is not None:
            return
        listen = next((k for k, v in LISTEN.items() if v == plan.listen), "local")
        settings.last_host = HostMemory(plan.game, len(plan.kinds), plan.kinds,
                                        tuple(n[:40] for n in plan.names), listen, plan.port, plan.takeover)
        self.app.save_settings()

    def enter(self, app: App) -> None:
        if not self._recalled:
            self._recalled = True
            self.recall(app.settings.last_host if app.settings is not None else None)
        super().enter(app)
        if self._starter is None:  # look for a hosted game to continue, off the frame loop
            def look() -> None:
                # a hosted game left a moment ago may still be writing its save as its server stops
                if not wait_for_closing(10.0):
                    log.warning("a network game is still closing; its save may not be offered")
                self._found_saved = find_saved_table()

            self._looking = threading.Thread(target=look, name="tortuga-find-table", daemon=True)
            self._looking.start()

    def _read(self) -> None:
        if not self._names:
            return
        if self._game_dd is not None:
            g = str(self._game_dd.selected_option[1])
            self.game = g if g in self.games else self.game
        for i in range(len(self._names)):
            self.names[i] = self._names[i].get_text()[:MAX_NAME_LENGTH]
            k = str(self._kinds[i].selected_option[1])
            if k in HOST_KINDS:
                self.kinds[i] = k
        if self._count_dd is not None:
            self.count = int(self._count_dd.selected_option[0])
        chosen = self.games[self.game]
        self.count = max(chosen.min_players, min(chosen.max_players, self.count))
        if self._listen_dd is not None:
            v = str(self._listen_dd.selected_option[1])
            self.listen = v if v in LISTEN else self.listen
        if self._takeover_dd is not None:
            v = str(self._takeover_dd.selected_option[1])
            self.takeover = v if v in TAKEOVER_LEVELS else self.takeover
        if self._port is not None:
            self.port_text = self._port.get_text()
        for key, dd in self._choice_dds.items():
            values = {v for c in self.host_choices() if c.key == key for v, _ in c.choices}
            v = str(dd.selected_option[1])
            if v in values:
                setup = self.setup()
                self.setups[self.game] = dataclasses.replace(setup, chosen={**setup.chosen, key: v})

    def plan(self) -> HostPlan:
        """The plan as the widgets show it; raises ValueError (translated text) when it cannot work."""
        self._read()
        kinds = tuple(self.kinds[: self.count])
        names = tuple(n.strip() for n in self.names[: self.count])
        if "open" not in kinds:
            raise ValueError(tr("net.host.need_open"))
        if "here" not in kinds:
            raise ValueError(tr("net.host.need_here"))
        for k, n in zip(kinds, names, strict=True):
            if k != "open" and not n:
                raise ValueError(tr("net.host.need_name"))
        used = [n.casefold() for k, n in zip(kinds, names, strict=True) if k != "open"]
        if len(used) != len(set(used)):
            raise ValueError(tr("net.host.same_name"))
        text = self.port_text.strip()
        if not text.isdigit() or not 1024 <= int(text) <= 65535:
            raise ValueError(tr("net.host.bad_port"))
        options = self.setup()
        module = self.games[self.game]
        chosen = {c.key: options.chosen.get(c.key, c.choices[0][0]) for c in self.host_choices()}
        extra = module.table_options(len(kinds), chosen) if isinstance(module, games.NetworkTableOptions) else {}
        extra = {k: v for k, v in extra.items() if k in chosen}  # only what this screen chose
        return HostPlan(kinds, names, LISTEN[self.listen], int(text), self.takeover, options.long_game,
                        game=self.game, starred=options.starred, options=extra)

    def host_choices(self) -> tuple[games.TableChoice, ...]:
        """The chosen game's table choices this screen offers (:attr:`~.game.TableChoice.host`)."""
        m = self.games[self.game]
        return tuple(c for c in m.table_choices() if c.host) if isinstance(m, games.NetworkTableOptions) else ()

    def setup(self) -> HostSetup:
        """The chosen game's table options: as this screen was opened with them, or its module's."""
        if self.game not in self.setups:
            self.setups[self.game] = self.games[self.game].host_setup()
        return self.setups[self.game]

    # ------------------------------------------------------------------ widgets
    def _size(self) -> tuple[int, int]:
        size = self.app.size if self.entered else (1280, 800)
        return (int(size[0]), int(size[1]))

    def _kill(self) -> None:
        if self._names:
            self._read()
        super()._kill()
        self._names, self._kinds = [], []
        self._count_dd = self._listen_dd = self._takeover_dd = self._game_dd = None
        self._choice_dds = {}
        self._port = None
        self._host_btn = self._back_btn = self._resume_btn = None

    def _build(self) -> None:
        self._kill()
        manager = self.app.ui
        w, h = self._size()
        pw = max(420, min(900, w - 40))
        chosen = self.games[self.game]
        seats = chosen.max_players
        shown = min(self.count, seats)  # the rows of the seats played (the others are hidden and take no room)
        choices = self.host_choices()
        row_h = max(20, min(40, (h - 80) // (max(4, shown) + 13 + len(choices))))
        gap = max(3, row_h // 6 if shown > 4 else row_h // 5)
        ph = (max(4, shown) + 10 + len(choices)) * (row_h + gap) + row_h * 2
        self._title_px = max(18, min(34, row_h + gap))  # the title fits above the first row
        px, py = (w - pw) // 2, max(10, (h - ph) // 2)
        self._panel = pygame.Rect(px - 16, py - 12, pw + 32, ph + 24)
        els = self._els

        def add(el: _El) -> _El:
            els.append(el)
            return el

        y = py + row_h + gap
        lw = min(200, pw // 4)
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("net67.host.game"), manager))
        game_opts: list[str | tuple[str, str]] = [(tr(m.title_key), k) for k, m in self.games.items()]
        self._game_dd = add(UIDropDownMenu(game_opts, game_opts[list(self.games).index(self.game)],
                                           pygame.Rect(px + lw, y, min(320, pw - lw), row_h), manager))
        y += row_h + gap
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("setup.ui.players"), manager))
        self._count_dd = add(UIDropDownMenu([str(n) for n in range(chosen.min_players, chosen.max_players + 1)],
                                            str(self.count),
                                            pygame.Rect(px + lw, y, 90, row_h), manager))
        y += row_h + gap
        name_w = max(140, int(pw * 0.36))
        kind_w = pw - lw - name_w - gap
        kind_opts: list[str | tuple[str, str]] = [(tr(v), k) for k, v in HOST_KINDS.items()]
        for i in range(seats):
            label = add(UILabel(pygame.Rect(px, y, lw, row_h), tr("setup.ui.seat_n", n=i + 1), manager))
            entry = add(text_entry(pygame.Rect(px + lw, y, name_w, row_h), manager, initial_text=self.names[i],
                                   length_limit=MAX_NAME_LENGTH))
            idx = list(HOST_KINDS).index(self.kinds[i])
            kind = add(UIDropDownMenu(kind_opts, kind_opts[idx], pygame.Rect(px + lw + name_w + gap, y, kind_w, row_h),
                                      manager))
            self._names.append(entry)
            self._kinds.append(kind)
            if self.kinds[i] == "open":
                entry.disable()  # type: ignore[no-untyped-call]
            if i >= self.count:
                for el in (label, entry, kind):
                    el.hide()  # type: ignore[no-untyped-call]
            else:
                y += row_h + gap
        for c in choices:
            opts: list[str | tuple[str, str]] = [(tr(k), v) for v, k in c.choices]
            now = self.setup().chosen.get(c.key, c.choices[0][0])
            at = next((i for i, (v, _) in enumerate(c.choices) if v == now), 0)
            add(UILabel(pygame.Rect(px, y, lw, row_h), tr("net.host.table_choice"), manager))
            self._choice_dds[c.key] = add(UIDropDownMenu(opts, opts[at], pygame.Rect(px + lw, y, min(420, pw - lw), row_h),
                                                         manager))
            y += row_h + gap
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("net.host.listen"), manager))
        listen_opts: list[str | tuple[str, str]] = [(tr("net.host.listen_local"), "local"),
                                                    (tr("net.host.listen_all"), "all")]
        self._listen_dd = add(UIDropDownMenu(listen_opts, listen_opts[0 if self.listen == "local" else 1],
                                             pygame.Rect(px + lw, y, pw - lw - 230, row_h), manager))
        add(UILabel(pygame.Rect(px + pw - 220, y, 80, row_h), tr("net.host.port"), manager))
        self._port = add(text_entry(pygame.Rect(px + pw - 130, y, 130, row_h), manager, length_limit=5,
                                    placeholder_text=tr("net.host.port")))
        self._port.set_allowed_characters("numbers")
        self._port.set_text(self.port_text)
        y += row_h + gap
        self._explain_at = pygame.Rect(px + lw, y, pw - lw, 3 * row_h)
        y += 3 * row_h
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("net.host.takeover"), manager))
        take_opts: list[str | tuple[str, str]] = [(tr(HOST_KINDS[k]), k) for k in TAKEOVER_LEVELS]
        self._takeover_dd = add(UIDropDownMenu(take_opts, take_opts[TAKEOVER_LEVELS.index(self.takeover)],
                                               pygame.Rect(px + lw, y, 260, row_h), manager))
        y += row_h + gap * 3
        bw = min(260, (pw - 2 * gap) // 3)
        self._back_btn = add(UIButton(pygame.Rect(px, y, bw, row_h + 6), tr("setup.ui.back_esc"), manager))
        if self.saved is not None:
            self._resume_btn = add(UIButton(pygame.Rect(px + (pw - bw) // 2, y, bw, row_h + 6),
                                            tr("net.host.resume"), manager))
        self._host_btn = add(UIButton(pygame.Rect(px + pw - bw, y, bw, row_h + 6), tr("net.host.host"), manager))
        self._panel.h = y + row_h + 6 + 2 * row_h - self._panel.y  # room for a message under the buttons
        if self._busy:
            for b in (self._host_btn, self._resume_btn):
                if b is not None:
                    b.disable()  # type: ignore[no-untyped-call]
        if self.entered:
            self.app.request_redraw()

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, UIEvent):
            self._ui_event(intent.event)
            return
        if not isinstance(intent, Key):
            return
        if intent.key == pygame.K_ESCAPE:
            self.back()
        elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.host()

    def _ui_event(self, event: pygame.event.Event) -> None:
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if el is self._host_btn:
                self.host()
            elif el is self._back_btn:
                self.back()
            elif el is self._resume_btn and self.saved is not None:
                self.host(resume=self.saved)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._read()
            self._build()
        self.app.request_redraw()

    def back(self) -> None:
        if not self._busy:
            self.app.pop()

    def host(self, resume: Path | None = None) -> bool:
        """Check the plan and start the server in the background (False: nothing started)."""
        if self._busy:
            return False
        try:
            plan = self.plan()
        except ValueError as exc:
            self.error = str(exc)
            self.app.request_redraw()
            return False
        if resume is not None:  # where the table was: the other players' games look for it there
            listen, port = saved_place(resume) or (plan.listen, plan.port)
            plan = HostPlan(plan.kinds, plan.names, listen, port, plan.takeover, plan.long_game, resume=resume,
                            game=plan.game, starred=plan.starred, options=plan.options)
        self.error = tr("net.host.starting")
        self._busy = True
        self._build()
        starter = self._starter
        save_dir: Path | None = None
        if starter is None:
            save_dir = network_dir()

        def work() -> None:
            try:
                self._result = starter(plan) if starter is not None else start_hosting(plan, save_dir)
            except OSError as exc:
                log.warning("cannot host: %s", exc)
                self._failure = tr("net.host.cannot_listen", port=plan.port)
            except ValueError as exc:
                log.warning("cannot host: %s", exc)
                self._failure = tr("net.host.cannot_resume")

        self._plan = plan
        self._thread = threading.Thread(target=work, name="tortuga-host-start", daemon=True)
        self._thread.start()
        return True

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> bool:
        if self._looking is not None and not self._looking.is_alive():
            self._looking = None
            if self._found_saved is not None and self.saved is None:
                self.saved = self._found_saved
                if self.continue_saved and self.app.top is self:
                    self.continue_saved = False
                    self.host(resume=self.saved)
                elif self.app.top is self:
                    self._build()
                return True
        if self._thread is None or self._thread.is_alive():
            return False
        self._thread = None
        self._busy = False
        if self._failure is not None:
            self.error, self._failure = self._failure, None
            self._build()
            return True
        started, self._result = self._result, None
        if started is not None:
            self._open_lobby(started)
        return True

    def _open_lobby(self, started: HostStarted) -> None:
        from tortuga_desktop.net.client import NetClient

        plan = self._plan
        assert plan is not None
        here = [n for k, n in zip(plan.kinds, plan.names, strict=True) if k == "here"]
        client = NetClient(f"127.0.0.1:{started.port}", code=started.code, table=started.table,
                           token=started.host_token, name=here[0] if here else "")
        client.start()
        session = NetSession(client, host=started.server)
        session.hold_seconds = plan.hold_seconds
        session.takeover_level = plan.takeover
        if started.moved_from:
            session.moved = (started.moved_from, started.port)
        info = HostInfo(plan.listen, started.port, started.code, started.addresses, started.moved_from)
        if plan.listen == "0.0.0.0" and started.addresses:
            from tortuga_desktop.net.discovery import Announcer

            name = tr("net.host.announce", name=here[0] if here else "Tortuga")
            announcer = Announcer(name, started.port, list(started.addresses), table=started.table,
                                  open_seats=plan.kinds.count("open"))
            announcer.start()  # registers in the background; the join code is never announced
            session.announcer = announcer
        self.error = ""
        self.remember(plan)
        self.app.replace(LobbyScene(session, host=info, again=host_again))

    # ------------------------------------------------------------------ drawing
    def explanation(self) -> str:
        """What the chosen listening address means, in plain words (shown under it)."""
        return tr("net.host.explain_all") if self.listen == "all" else tr("net.host.explain_local")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.SEA_DEEP)
        pygame.draw.rect(surface, palette.TABLE_DARK, self._panel, border_radius=14)
        pygame.draw.rect(surface, palette.BRASS, self._panel, width=3, border_radius=14)
        f = art.font(max(18, min(self._title_px, self._panel.h // 18)), bold=True)
        surface.blit(f.render(tr("net.host.title"), True, palette.GOLD), (self._panel.x + 16, self._panel.y + 8))
        small = art.font(max(12, min(19, self._explain_at.h // 5)))
        y = self._explain_at.y + 2
        for ln in wrap(self.explanation(), small, self._explain_at.w)[:4]:
            surface.blit(small.render(ln, True, palette.PARCHMENT_LIGHT), (self._explain_at.x, y))
            y += small.get_linesize()
        if self.error:
            ef = art.font(max(14, min(22, self._panel.h // 30)), bold=True)
            t = ef.render(self.error, True, palette.GOLD_LIGHT)
            surface.blit(t, t.get_rect(midbottom=(self._panel.centerx, self._panel.bottom - 8)))
