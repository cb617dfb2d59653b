"""The tables of a dedicated server (Join game -> "Tables on this server").

Opened from the Join screen with the address typed there. A short-lived connection asks the
server for its list (:class:`~tortuga_desktop.net.protocol.Tables`) and shows each table: its
name, the seats taken and open, who sits there, computer players and their level, a long game,
whether it waits for players or is being played, and whether it is private. A listed table is
watched without a seat (the public table and its chat, read only) or joined with one click (the list carries its join code); a private one needs its code, typed on
the Join screen. A new table of any network game is made here (the game, its players, computer
players and their level, how many of its players sit at this computer and their names, the game's
own options — :class:`~tortuga_desktop.shell.game.NetworkTableOptions`, e.g. the dice game's long
game or Tortuga 1667's starred cards named or hidden — listed or private): the creator's seat and
every other seat played at this computer are ``local`` seats, and the server answers with the join
code and the table's host token; the Join screen then sits down with that token as a hosted game's
host does (all those seats, hot-seat at this screen) and keeps it like a joiner's reclaim token. The
game starts by itself when every open seat is taken.

The connection runs in the background (:class:`TableLister`): the screen never waits for it,
and a server that is not a dedicated one, cannot be reached or refuses says so in words.

Keys: F5 (or R) asks for the list again, Escape goes back.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UILabel

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Intent, Key, UIEvent
from tortuga_desktop.shell.levels import NETWORK_LEVELS, level_key
from tortuga_desktop.shell.scenes import WidgetScene
from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine, text_entry, wrap
from tortuga_desktop.shell.scenes.host import SEAT_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.net.protocol import SeatSpec, TableInfo
    from tortuga_desktop.shell.loop import App

_El = TypeVar("_El", bound=UIElement)

log = logging.getLogger(__name__)

__all__ = ["NewTable", "TableLister", "TablesScene", "table_line"]

#: seconds to wait for the server's answer before saying it cannot be reached
ANSWER_TIMEOUT = 10.0
#: tables shown at once (the rest on further pages)
PAGE = 6


@dataclass(frozen=True)
class NewTable:
    """A table to create: a table of ``game`` with ``players`` seats, ``computers`` of them computer
    players of ``level``, ``here`` of them played at this computer (the creator's and the players
    named in ``names``), the others open for people at other computers; the game's own options as
    chosen (``chosen``: option key -> value; see :class:`~.game.NetworkTableOptions`)."""

    players: int = 2
    computers: int = 1
    level: str = "normal"
    listed: bool = True
    game: str = games.DEFAULT_GAME
    chosen: tuple[tuple[str, str], ...] = ()
    #: players at this computer, the creator counted (each of them a ``local`` seat)
    here: int = 1
    #: the names of the players at this computer besides the creator (``here - 1`` of them)
    names: tuple[str, ...] = ()

    def fitted(self) -> NewTable:
        """The same table with its counts made to fit its seats (computers leave a seat for the
        creator, and the players here fit beside the computers), as the option buttons keep them."""
        computers = max(0, min(self.computers, self.players - 1))
        return dataclasses.replace(self, computers=computers,
                                   here=max(1, min(self.here, self.players - computers)))

    def choice(self, key: str, default: str = "") -> str:
        return dict(self.chosen).get(key, default)

    def options(self) -> dict[str, object]:
        """The game's table options (JSON data) for the server."""
        m = games.module(self.game)
        return m.table_options(self.players, dict(self.chosen)) if isinstance(m, games.NetworkTableOptions) else {}

    def problem(self, player: str) -> tuple[str, dict[str, object]] | None:
        """What keeps this table from being made with the creator named ``player`` (a translation
        key and its parameters), or None: more players here than seats beside the computers, a
        player here without a name, two players here with the same name."""
        if not 1 <= self.here <= self.players - self.computers or self.computers < 0:
            return "net.tables.too_many_here", {"room": max(0, self.players - self.computers)}
        names = self.names[:self.here - 1]
        if len(names) < self.here - 1 or not all(n.strip() for n in names):
            return "net.host.need_name", {}
        used = [n.strip().casefold() for n in (player, *names) if n.strip()]
        if len(used) != len(set(used)):
            return "net.host.same_name", {}
        return None

    def seats(self, player: str = "") -> list[SeatSpec]:
        """The seats to ask for: the creator's (named ``player``) and the other players' at this
        computer (``local``: the host token plays them), the open seats, the computer players."""
        from tortuga_desktop.net.protocol import SeatSpec

        here = [player, *self.names[:self.here - 1]]
        people = self.players - self.computers - len(here)
        return [SeatSpec(kind="local", name=n) for n in here] + [SeatSpec(kind="open") for _ in range(people)] + \
            [SeatSpec(kind="computer", level=self.level) for _ in range(self.computers)]  # type: ignore[arg-type]


class TableLister:
    """A connection that lists a dedicated server's tables and creates one (background thread;
    :meth:`pump` each frame never blocks). After :meth:`pump`: ``tables`` (None until a list
    came), ``more`` (tables not listed), ``created`` (code, table id) once a table was made,
    ``problem`` (translation key) when something went wrong. ``host_token``: the made table's
    host token (a secret: never logged; it plays the table's ``local`` seats)."""

    def __init__(self, url: str, client_factory: Callable[..., NetClient] | None = None) -> None:
        factory = client_factory
        if factory is None:
            from tortuga_desktop.net.client import NetClient

            factory = NetClient
        self.url = url
        self.client = factory(url, reconnect=False, give_up_after=0.0)
        self.tables: list[TableInfo] | None = None
        self.more = 0
        self.created: tuple[str, str] | None = None
        self.host_token = ""
        self.problem = ""
        self.lobby: bool | None = None
        self._asked = time.monotonic()
        self._waiting = True
        self._closed = False
        self.client.start()
        self.client.list_tables()

    def refresh(self) -> None:
        if not self._closed and not self._waiting:
            self._waiting = True
            self._asked = time.monotonic()
            self.problem = ""
            self.client.list_tables()

    def create(self, new: NewTable, name: str, player: str = "") -> None:
        """Ask for table ``new`` named ``name``, its creator's seat named ``player``."""
        if not self._closed and not self._waiting:
            self._waiting = True
            self._asked = time.monotonic()
            self.problem = ""
            self.client.create_table(new.seats(player), name=name, hold_seconds=120.0, takeover_level=new.level,
                                     auto_start=True, listed=new.listed, game=new.game, options=dict(new.options()))

    @property
    def waiting(self) -> bool:
        return self._waiting

    def pump(self) -> bool:
        """Take what arrived (never blocks); True when anything changed."""
        from tortuga_desktop.net import protocol as P
        from tortuga_desktop.net.client import Status

        if self._closed:
            return False
        changed = False
        for msg in self.client.poll():
            changed = True
            if isinstance(msg, P.Welcome):
                self.lobby = bool(msg.lobby)
            elif isinstance(msg, P.Tables):
                self.tables, self.more, self._waiting = list(msg.tables), int(msg.more), False
            elif isinstance(msg, P.Created):
                self.created, self.host_token, self._waiting = (msg.code, msg.table), msg.host_token, False
            elif isinstance(msg, P.Error) and str(msg.code) == "offline":
                # the connection failed (or stopped) before the request went out: nobody refused it
                if not self.problem:
                    self.problem = "net.error.unreachable"
                self._waiting = False
                self.close()
            elif isinstance(msg, P.Error):
                log.warning("the server refused: %s", msg.code)  # its words may name a limit: a refusal, not a fault
                self._waiting = False
                self.problem = {"denied": "net.tables.denied" if self.lobby else "net.tables.not_dedicated",
                                "version": "net.tables.version", "rate": "net.tables.rate",
                                "tls": "net.error.tls"}.get(str(msg.code), "net.tables.refused")
                if str(msg.code) == "version" or (str(msg.code) == "denied" and not self.lobby):
                    self.close()
            elif isinstance(msg, P.Bye):
                self.problem, self._waiting = "net.error.bye", False
                self.close()
            elif isinstance(msg, Status) and str(msg.state) in ("failed", "closed") and not self.problem:
                self.problem, self._waiting = "net.error.unreachable", False
                self.close()
        if self._waiting and time.monotonic() - self._asked > ANSWER_TIMEOUT:
            self.problem, self._waiting = "net.error.unreachable", False
            self.close()
            changed = True
        return changed

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.client.close(timeout=0.0)


#: the new table's option buttons in one row at most (more: two rows)
OPTIONS_PER_ROW = 6


def table_line(t: TableInfo) -> str:
    """One table of the list in words: name, seats, who sits there, computers, state."""
    taken = t.players - t.open_seats
    game = str(t.game)
    parts = [t.name, games.game_title(game, tr),
             tr("net.tables.seats", taken=taken, players=t.players)]
    if t.waiting:
        parts.append(", ".join(t.waiting))
    if t.computers:
        levels = list(t.levels) or [t.level]  # every computer player's level (an older server: the first's)
        named = [tr(level_key(lv)) if lv in NETWORK_LEVELS else lv for lv in levels]
        parts.append(trn("net.tables.computers", t.computers, level=", ".join(named)))
    if t.long_game:
        parts.append(tr("net.tables.long"))
    parts.append(tr("net.tables.playing" if t.started else "net.tables.waiting"))
    if t.watchers:
        parts.append(trn("net.tables.watchers", t.watchers))
    if not t.listed:
        parts.append(tr("net.tables.private"))
    return "  —  ".join(parts)


class TablesScene(WidgetScene):
    """The server's tables (see the module docstring). ``on_pick(code, table_id, name)`` is
    called to join a table (the code "" for a private one: the Join screen asks for it) and
    the screen closes."""

    name = "tables"

    def __init__(self, url: str, address: str, player: str, on_pick: Callable[[str, str, str], None], *,
                 on_watch: Callable[[str, str], object] | None = None,
                 on_created: Callable[[str, str, str], object] | None = None,
                 client_factory: Callable[..., NetClient] | None = None) -> None:
        """``on_watch(table_id, name)``: watch a listed table without a seat (None: no Watch buttons).
        ``on_created(code, table_id, host_token)``: sit down at the table made here with its host
        token (None: no table is made here)."""
        super().__init__()
        self.on_watch = on_watch
        self.on_created = on_created
        #: the names offered for the other players at this computer (the player changes them)
        self.names = [n for n in SEAT_NAMES if n.casefold() != player.strip().casefold()]
        #: a problem with the new table's setup, in words ("" none)
        self.error = ""
        self._name_entries: list[SafeTextEntryLine] = []
        self.url = url
        self.address = address
        self.player = player
        self.on_pick = on_pick
        self.new = NewTable()
        self.page = 0
        self.lister: TableLister | None = None
        self._factory = client_factory
        self._rows: list[tuple[UIButton, TableInfo]] = []
        self._watch_rows: list[tuple[UIButton, TableInfo]] = []
        self._btn: dict[str, UIButton] = {}
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._msg_at = pygame.Rect(0, 0, 0, 0)
        self._list_at = pygame.Rect(0, 0, 0, 0)
        self._lines: list[tuple[pygame.Rect, str]] = []
        self._picked = False

    # ------------------------------------------------------------------ lifecycle
    def enter(self, app: App) -> None:
        self.lister = TableLister(self.url, self._factory)
        super().enter(app)

    def exit(self) -> None:
        super().exit()
        if self.lister is not None:
            self.lister.close()

    def _read(self) -> None:
        """Take the names typed for the players at this computer."""
        for i, entry in enumerate(self._name_entries):
            self.names[i] = entry.get_text()

    def _kill(self) -> None:
        self._read()
        super()._kill()
        self._name_entries = []
        self._rows = []
        self._watch_rows = []
        self._btn = {}
        self._lines = []

    def message(self) -> str:
        lister = self.lister
        if lister is None:
            return ""
        if self.error:
            return self.error
        if lister.problem:
            return tr(lister.problem, address=self.address)
        if lister.waiting:
            return tr("net.tables.asking", address=self.address)
        if lister.tables is not None and not lister.tables:
            return tr("net.tables.none")
        return ""

    def _build(self) -> None:
        self._kill()
        manager = self.app.ui
        w, h = self.app.size
        pw = max(420, min(1100, w - 40))
        # the new table's options: one row of buttons, two when the game has many (each stays readable)
        n_options = (len(self.network_games()) > 1) + 5 + len(self.choices())
        option_rows = 1 if n_options <= OPTIONS_PER_ROW else 2
        # the names of the other players at this computer: a row of fields (two when there are many)
        others = self.new.here - 1
        name_lw = min(260, pw // 4)
        per_name_row = max(2, (pw - name_lw) // 150)
        name_rows = -(-others // per_name_row)
        rows = PAGE + 5 + option_rows + name_rows
        row_h = max(28, min(40, (h - 80) // (rows + 2)))
        gap = max(5, row_h // 5)
        ph = rows * (row_h + gap) + row_h
        px, py = (w - pw) // 2, max(10, (h - ph) // 2)
        self._panel = pygame.Rect(px - 16, py - 12, pw + 32, ph + 24)
        els = self._els

        def add(el: _El) -> _El:
            els.append(el)
            return el

        def button(key: str, rect: pygame.Rect, text: str, enabled: bool = True) -> UIButton:
            b: UIButton = add(UIButton(rect, text, manager))
            if not enabled:
                b.disable()  # type: ignore[no-untyped-call]
            self._btn[key] = b
            return b

        y = py + row_h + gap * 2
        self._list_at = pygame.Rect(px, y, pw, PAGE * (row_h + gap))
        lister = self.lister
        tables = (lister.tables if lister is not None else None) or []
        pages = max(1, -(-len(tables) // PAGE))
        self.page = min(self.page, pages - 1)
        bw = min(200, pw // 5)
        busy = lister is None or lister.waiting or self._picked
        for i, t in enumerate(tables[self.page * PAGE:(self.page + 1) * PAGE]):
            ry = y + i * (row_h + gap)
            can = t.open_seats > 0 and not t.started and not busy
            label = tr("net.tables.join" if t.listed else "net.tables.join_code")
            btn: UIButton = add(UIButton(pygame.Rect(px + pw - bw, ry, bw, row_h), label, manager))
            if not can:
                btn.disable()  # type: ignore[no-untyped-call]
            self._rows.append((btn, t))
            text_w = pw - bw - 16
            if self.on_watch is not None:
                wb: UIButton = add(UIButton(pygame.Rect(px + pw - 2 * bw - gap, ry, bw, row_h), tr("net.tables.watch"),
                                            manager))
                if busy or not t.listed:  # a private table is watched with its code only: not from the list
                    wb.disable()  # type: ignore[no-untyped-call]
                self._watch_rows.append((wb, t))
                text_w -= bw + gap
            self._lines.append((pygame.Rect(px + 8, ry, text_w, row_h), table_line(t)))
        y += PAGE * (row_h + gap)
        nb = min(150, pw // 7)
        button("prev", pygame.Rect(px, y, nb, row_h), tr("net.tables.prev"), self.page > 0)
        button("next", pygame.Rect(px + nb + gap, y, nb, row_h), tr("net.tables.next"), self.page < pages - 1)
        more = lister.more if lister is not None else 0
        add(UILabel(pygame.Rect(px + 2 * (nb + gap), y, pw - 2 * (nb + gap) - bw - gap, row_h),
                    tr("net.tables.page", page=self.page + 1, pages=pages)
                    + (("  " + trn("net.tables.more", more)) if more else ""), manager))
        button("refresh", pygame.Rect(px + pw - bw, y, bw, row_h), tr("net.tables.refresh"), not busy)
        y += row_h + gap * 3
        add(UILabel(pygame.Rect(px, y, pw, row_h), tr("net.tables.new"), manager))
        y += row_h + gap
        n = self.new
        options = [("game", games.game_title(n.game, tr))] if len(self.network_games()) > 1 else []
        options += [
            ("players", trn("net.tables.players", n.players)),
            ("computers", trn("net.tables.computer_players", n.computers)),
            ("level", tr(level_key(n.level))),
            ("here", trn("net.tables.here", n.here)),
        ]
        for c in self.choices():
            value = n.choice(c.key, c.choices[0][0])
            options.append((c.key, tr(next((k for v, k in c.choices if v == value), c.choices[0][1]))))
        options.append(("listed", tr("net.tables.public" if n.listed else "net.tables.private")))
        per_row = -(-len(options) // option_rows)
        cw = (pw - (per_row - 1) * gap) // per_row
        for i, (key, text) in enumerate(options):
            row, col = divmod(i, per_row)
            button(key, pygame.Rect(px + col * (cw + gap), y + row * (row_h + gap), cw, row_h), text,
                   not (key == "level" and not n.computers))
        y += option_rows * (row_h + gap) + gap
        if others:
            add(UILabel(pygame.Rect(px, y, name_lw, row_h), tr("net.tables.here_names"), manager))
            ew = (pw - name_lw - (per_name_row - 1) * gap) // per_name_row
            from tortuga_desktop.net.protocol import MAX_NAME

            for i in range(others):
                row, col = divmod(i, per_name_row)
                entry = add(text_entry(pygame.Rect(px + name_lw + col * (ew + gap), y + row * (row_h + gap), ew, row_h),
                                       manager, initial_text=self.names[i], length_limit=MAX_NAME))
                self._name_entries.append(entry)
            y += name_rows * (row_h + gap)
        self._msg_at = pygame.Rect(px, y, pw, row_h + gap)
        y += row_h + gap * 2
        button("back", pygame.Rect(px, y, bw, row_h + 4), tr("setup.ui.back_esc"))
        cb = min(320, pw // 3)
        button("create", pygame.Rect(px + pw - cb, y, cb, row_h + 4), tr("net.tables.create"),
               not busy and self.on_created is not None and bool(lister is not None and lister.lobby))
        self.app.request_redraw()

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, UIEvent):
            if intent.event.type == pygame_gui.UI_BUTTON_PRESSED:
                self.press(getattr(intent.event, "ui_element", None))
            return
        if not isinstance(intent, Key):
            return
        if intent.key == pygame.K_ESCAPE:
            self.back()
        elif intent.key in (pygame.K_F5, pygame.K_r):
            self.refresh()

    def press(self, el: object) -> None:
        for btn, t in self._rows:
            if el is btn:
                self.pick(t)
                return
        for btn, t in self._watch_rows:
            if el is btn:
                self.watch(t)
                return
        key = next((k for k, b in self._btn.items() if b is el), "")
        n = self.new
        if key not in ("prev", "next", "refresh", "back", ""):
            self.error = ""  # the setup changes (or is tried again): its last problem is said again if it stays
        if key == "prev":
            self.page = max(0, self.page - 1)
        elif key == "next":
            self.page += 1
        elif key == "refresh":
            self.refresh()
            return
        elif key == "game":
            keys = [m.key for m in self.network_games()]
            game = keys[(keys.index(n.game) + 1) % len(keys)] if n.game in keys else keys[0]
            m = games.module(game)
            players = max(m.min_players, min(m.max_players, n.players))
            self.new = dataclasses.replace(n, game=game, players=players, chosen=()).fitted()
        elif key == "players":
            m = games.module(n.game)
            players = m.min_players + (n.players - m.min_players + 1) % (m.max_players - m.min_players + 1)
            self.new = dataclasses.replace(n, players=players).fitted()
        elif key == "computers":  # 0 up to every seat but those of the players here
            self.new = dataclasses.replace(n, computers=(n.computers + 1) % (n.players - n.here + 1)).fitted()
        elif key == "here":  # 1 (the creator) up to every seat but the computers'
            self.new = dataclasses.replace(n, here=n.here % (n.players - n.computers) + 1).fitted()
        elif key == "level":
            levels = list(NETWORK_LEVELS)
            self.new = dataclasses.replace(n, level=levels[(levels.index(n.level) + 1) % len(levels)])
        elif key == "listed":
            self.new = dataclasses.replace(n, listed=not n.listed)
        elif key in {c.key for c in self.choices()}:
            c = next(c for c in self.choices() if c.key == key)
            values = [v for v, _ in c.choices]
            now = n.choice(key, values[0])
            chosen = dict(n.chosen)
            chosen[key] = values[(values.index(now) + 1) % len(values)] if now in values else values[0]
            self.new = dataclasses.replace(n, chosen=tuple(sorted(chosen.items())))
        elif key == "create":
            self.create()
            return
        elif key == "back":
            self.back()
            return
        else:
            return
        self._build()

    @staticmethod
    def network_games() -> tuple[games.NetworkGame, ...]:
        return games.network_games()

    def choices(self) -> tuple[games.TableChoice, ...]:
        """The chosen game's own options for a new table."""
        m = games.module(self.new.game)
        return m.table_choices() if isinstance(m, games.NetworkTableOptions) else ()

    def refresh(self) -> None:
        if self.lister is not None and not self._picked:
            if self.lister.problem in ("net.error.unreachable", "net.error.bye"):
                self.lister.close()
                self.lister = TableLister(self.url, self._factory)  # a new try
            else:
                self.lister.refresh()
            self._build()

    def create(self) -> bool:
        """Ask the server for the new table (False: nothing asked; a problem with the setup is said
        on the screen)."""
        if self.lister is None or self._picked or not self.lister.lobby or self.on_created is None:
            return False
        from tortuga_desktop.net.protocol import MAX_NAME

        def clean(text: str) -> str:
            return "".join(c for c in text if c.isprintable())[:MAX_NAME].strip()

        self._read()
        player = clean(self.player.strip())
        new = dataclasses.replace(self.new, names=tuple(clean(n.strip()) for n in self.names[:self.new.here - 1]))
        problem = new.problem(player)
        if problem is not None:
            key, params = problem
            self.error = tr(key, **params)
            self._build()
            return False
        self.error = ""
        name = tr("net.tables.table_of", name=player) if player else tr("net.tables.unnamed")
        self.lister.create(new, clean(name), player)
        self._build()
        return True

    def pick(self, t: TableInfo) -> None:
        """Join table ``t`` (a private one: back to the Join screen for its code)."""
        if self._picked or t.open_seats <= 0 or t.started:
            return
        self._picked = True
        self.app.pop()
        self.on_pick(str(t.code) if t.listed else "", str(t.table), str(t.name))

    def watch(self, t: TableInfo) -> None:
        """Watch listed table ``t`` without a seat (the Join screen connects)."""
        if self._picked or self.on_watch is None or not t.listed:
            return
        self._picked = True
        self.app.pop()
        self.on_watch(str(t.table), str(t.name))

    def back(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> bool:
        lister = self.lister
        if lister is None or not lister.pump():
            return False
        if lister.created is not None and not self._picked and self.on_created is not None:
            code, table = lister.created
            self._picked = True
            self.app.pop()
            self.on_created(code, table, lister.host_token)
            return True
        self._build()
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.SEA_DEEP)
        pygame.draw.rect(surface, palette.TABLE_DARK, self._panel, border_radius=14)
        pygame.draw.rect(surface, palette.BRASS, self._panel, width=3, border_radius=14)
        f = art.font(max(18, min(32, self._panel.h // 18)), bold=True)
        title = tr("net.tables.title", address=self.address)
        surface.blit(f.render(title, True, palette.GOLD), (self._panel.x + 16, self._panel.y + 8))
        for rect, text in self._lines:
            small = art.font(max(11, min(17, int(rect.h / 2.6))))
            lines = wrap(text, small, rect.w)
            if len(lines) > 2:  # a long row in two lines at most: the rest is cut with a mark
                lines = [lines[0], lines[1][:max(1, len(lines[1]) - 1)] + "…"]
            y = rect.y + max(0, (rect.h - small.get_linesize() * len(lines)) // 2)
            for ln in lines[:2]:
                surface.blit(small.render(ln, True, palette.PARCHMENT_LIGHT), (rect.x, y))
                y += small.get_linesize()
        text = self.message()
        if text:
            problem = bool(self.error) or (self.lister is not None and bool(self.lister.problem))
            colour = palette.GOLD_LIGHT if problem else palette.FOAM
            mf = art.font(max(13, min(20, self._msg_at.h // 2)), bold=problem)
            y = self._msg_at.y
            for ln in wrap(text, mf, self._msg_at.w)[:2]:
                surface.blit(mf.render(ln, True, colour), (self._msg_at.x, y))
                y += mf.get_linesize()
