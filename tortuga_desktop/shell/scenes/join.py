"""Join a network game (Main menu -> "Join game").

The player types the host's address (``host`` or ``host:port``; the port defaults to 47600)
and the join code the host shows, plus the name to play under. Games announced on the local
network (zeroconf, :mod:`tortuga_desktop.net.discovery`) are listed; a click fills in the
address. The browser starts and stops on a background thread. Joining connects in the
background: the screen says "connecting" and stays usable; a wrong address, a wrong code, a
full table or a host running a different version get a clear message here, and nothing is
left running. Once the seat is ours the lobby opens.

Every seat taken here is kept in the user data folder (:mod:`tortuga_desktop.net.seatstore`):
when a game at a network table was still being played, the screen offers "Return to your seat
at <table> (<host>)", which joins again with the kept reclaim token (the server holds the seat,
or a computer player keeps it until the player is back). Opened with ``returning=`` (the main
menu's *Continue*, and the game's start when it was playing) it goes back by itself. A return the
server refuses (the table is gone, the seat was given up) says so and is not offered again.

Keys: Enter joins, Escape goes back.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UILabel

from tortuga_desktop.net.discovery import FoundHost
from tortuga_desktop.net.protocol import CODE_LENGTH, code_problem, normalize_code
from tortuga_desktop.net.seatstore import NetSeat, SeatFinder, SeatKeeper
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.game import ShellApp
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Intent, Key, UIEvent
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes import WidgetScene
from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine, text_entry, wrap
from tortuga_desktop.shell.scenes.lobby import GAME_STARTED, LobbyScene
from tortuga_desktop.shell.scenes.tables import TablesScene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.shell.loop import App

_El = TypeVar("_El", bound=UIElement)

log = logging.getLogger(__name__)

__all__ = ["JoinScene", "LocalBrowser", "check_address", "check_join_input", "join_again"]

#: seconds to wait for the host before saying it cannot be reached
CONNECT_TIMEOUT = 12.0


def check_address(address: str) -> str:
    """The ``ws://`` (or ``wss://``) URL of a typed address; raises ValueError with the player's message."""
    from tortuga_desktop.net.client import server_url

    address = address.strip()
    if not address:
        raise ValueError(tr("net.join.need_address"))
    if any(c.isspace() or c in "/\\@?#" for c in address.removeprefix("ws://").removeprefix("wss://")) or \
            address.count("[") != address.count("]"):
        raise ValueError(tr("net.join.bad_address"))
    try:
        url = server_url(address)
    except ValueError:
        raise ValueError(tr("net.join.bad_address")) from None
    host = url.removeprefix("ws://").removeprefix("wss://").rsplit(":", 1)[0].strip("[]")
    if not host or not all(c.isalnum() or c in ".-:_" for c in host):
        raise ValueError(tr("net.join.bad_address"))
    return url


def check_join_input(address: str, code: str) -> tuple[str, str]:
    """The ``ws://`` URL and the cleaned code; raises ValueError with the player's message."""

    url = check_address(address)
    clean = normalize_code(code)
    if not clean:
        raise ValueError(tr("net.join.need_code"))
    problem = code_problem(clean)
    if problem == "chars":
        raise ValueError(tr("net.join.bad_code_chars"))
    if problem:
        raise ValueError(tr("net.join.bad_code", n=CODE_LENGTH))
    return url, clean


def join_again(app: ShellApp, session: NetSession) -> None:
    """After a joined game: the join screen for the same host (its next game has a new join
    code), the player's name kept."""
    client = session.client
    address = client.url.removeprefix("ws://")
    app.push(JoinScene(address=address, player=client.name,
                       note=tr("net.join.same_host") if address else ""))


class LocalBrowser(Protocol):
    """What the screen uses of the local-network list (:class:`~tortuga_desktop.net.discovery.Browser`)."""

    def start(self) -> None:
        """Start looking (in the background; may raise what zeroconf raises)."""
        ...

    def hosts(self) -> list[FoundHost]:
        """The games found so far."""
        ...

    def close(self) -> None:
        """Stop looking."""
        ...


class JoinScene(WidgetScene):
    """The join screen (see the module docstring)."""

    name = "join"

    def __init__(self, *, browser: LocalBrowser | None = None,
                 client_factory: Callable[..., NetClient] | None = None, address: str = "", player: str = "",
                 note: str = "", returning: NetSeat | None = None, seat_dir: Path | None = None) -> None:
        """``address``/``player``: filled in (e.g. the same host again after a game); ``note``: the
        message shown first. ``returning``: a kept seat to go back to at once. ``seat_dir``: where
        seats are kept (default: the user data folder)."""
        super().__init__()
        #: the kept seat offered ("Return to your seat at ..."), and the one being returned to
        self.seat: NetSeat | None = returning
        self._auto_return = returning is not None
        self._returning: NetSeat | None = None
        self._seat_dir = seat_dir
        self._finder: SeatFinder | None = None
        self._return_btn: UIButton | None = None
        self.address = address
        self.code = ""
        self.player = player
        self.message = note
        self.message_level = "info"
        #: the local network is searched only once the player asks (the button): no multicast before
        self.browsing = False
        self._look_btn: UIButton | None = None
        self._browser = browser
        self._client_factory = client_factory
        self._found: list[FoundHost] = []
        self._pending: NetSession | None = None
        self._pending_since = 0.0
        self._addr: SafeTextEntryLine | None = None
        self._code: SafeTextEntryLine | None = None
        self._name: SafeTextEntryLine | None = None
        self._join_btn: UIButton | None = None
        self._back_btn: UIButton | None = None
        self._tables_btn: UIButton | None = None
        #: kept seats of tables that are gone or were left: offered for removal (a button)
        self.gone: list[Path] = []
        self._forget_btn: UIButton | None = None
        self._forgetting: threading.Thread | None = None
        self._forgot = -1
        self._host_btns: list[tuple[UIButton, FoundHost]] = []
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._msg_at = pygame.Rect(0, 0, 0, 0)
        self._list_at = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------ lifecycle
    def enter(self, app: App) -> None:
        self.player = self.player or ""
        if self._browser is None:
            from tortuga_desktop.net.discovery import Browser

            self._browser = Browser()  # made now, started only when the player asks
        if self.seat is None:
            self._finder = SeatFinder(self._seat_dir)  # the files are read off the frame loop
        super().enter(app)
        if self._auto_return:
            self._auto_return = False
            self.return_to_seat()

    def look(self) -> None:
        """Look for games announced on the local network (zeroconf, in the background)."""
        browser = self._browser
        if self.browsing or browser is None:
            return
        self.browsing = True

        def start() -> None:
            try:
                browser.start()
            except Exception as exc:  # zeroconf raises many kinds; no local list then, joining still works
                log.warning("cannot look for games on the local network: %s", exc)

        threading.Thread(target=start, name="tortuga-browse", daemon=True).start()
        self._build()

    def exit(self) -> None:
        super().exit()
        self._cancel()
        browser, self._browser = self._browser, None
        if browser is not None and self.browsing:
            def close() -> None:
                try:
                    browser.close()
                except Exception as exc:  # as in start: logged, nothing else depends on it
                    log.warning("closing the local-network browser: %s", exc)

            threading.Thread(target=close, name="tortuga-browse-close", daemon=True).start()

    def _read(self) -> None:
        if self._addr is not None:
            self.address = self._addr.get_text()
        if self._code is not None:
            self.code = self._code.get_text()
        if self._name is not None:
            self.player = self._name.get_text()

    def _kill(self) -> None:
        self._read()
        super()._kill()
        self._addr = self._code = self._name = None
        self._join_btn = self._back_btn = self._look_btn = self._return_btn = self._tables_btn = None
        self._forget_btn = None
        self._host_btns = []

    def _build(self) -> None:
        self._kill()
        manager = self.app.ui
        w, h = self.app.size
        pw = max(420, min(860, w - 40))
        # a row more for "Return to your seat at ...", and one for removing seats at gone tables
        rows = 12 + (self.seat is not None) + bool(self.gone)
        row_h = max(28, min(42, (h - 80) // (rows + 3)))
        gap = max(6, row_h // 4)
        ph = rows * (row_h + gap) + row_h
        px, py = (w - pw) // 2, max(10, (h - ph) // 2)
        self._panel = pygame.Rect(px - 16, py - 12, pw + 32, ph + 24)
        els = self._els

        def add(el: _El) -> _El:
            els.append(el)
            return el

        lw = min(210, pw // 3)
        y = py + row_h + gap * 2
        if self.seat is not None:
            self._return_btn = add(UIButton(pygame.Rect(px, y, pw, row_h), self.return_label(), manager))
            if self._pending is not None:
                self._return_btn.disable()  # type: ignore[no-untyped-call]
            y += row_h + gap
        if self.gone:
            self._forget_btn = add(UIButton(pygame.Rect(px, y, pw, row_h), trn("net.return.forget", len(self.gone)),
                                            manager))
            if self._forgetting is not None:
                self._forget_btn.disable()  # type: ignore[no-untyped-call]
            y += row_h + gap
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("net.join.address"), manager))
        tw = min(260, pw // 3)
        self._addr = add(text_entry(pygame.Rect(px + lw, y, pw - lw - tw - gap, row_h), manager,
                                    initial_text=self.address, placeholder_text=tr("net.join.address_hint"),
                                    length_limit=80))
        self._tables_btn = add(UIButton(pygame.Rect(px + pw - tw, y, tw, row_h), tr("net.tables.open"), manager))
        if self._pending is not None:
            self._tables_btn.disable()  # type: ignore[no-untyped-call]
        y += row_h + gap
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("net.join.code"), manager))
        self._code = add(text_entry(pygame.Rect(px + lw, y, 220, row_h), manager, initial_text=self.code,
                                    placeholder_text=tr("net.join.code_hint"), length_limit=16))
        y += row_h + gap
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("net.join.name"), manager))
        self._name = add(text_entry(pygame.Rect(px + lw, y, 320, row_h), manager, initial_text=self.player,
                                    length_limit=20))
        y += row_h + gap * 2
        add(UILabel(pygame.Rect(px, y, pw - min(360, pw // 2) - gap, row_h), tr("net.join.found"), manager))
        lbw = min(360, pw // 2)
        self._look_btn = add(UIButton(pygame.Rect(px + pw - lbw, y, lbw, row_h),
                                      tr("net.join.looking" if self.browsing else "net.join.look"), manager))
        if self.browsing:
            self._look_btn.disable()  # type: ignore[no-untyped-call]
        y += row_h + gap
        self._list_at = pygame.Rect(px, y, pw, 4 * (row_h + gap))
        for i, found in enumerate(self._found[:4]):
            label = f"{found.name}  —  {found.addr}  —  " + (
                trn("net.join.open_seats", found.open_seats) if found.compatible else tr("net.join.other_version"))
            btn = add(UIButton(pygame.Rect(px, y + i * (row_h + gap), pw, row_h), label, manager))
            self._host_btns.append((btn, found))
        y += 4 * (row_h + gap)
        self._msg_at = pygame.Rect(px, y, pw, 2 * row_h)
        y += 2 * row_h + gap
        bw = min(240, pw // 3)
        self._back_btn = add(UIButton(pygame.Rect(px, y, bw, row_h + 6), tr("setup.ui.back_esc"), manager))
        self._join_btn = add(UIButton(pygame.Rect(px + pw - bw, y, bw, row_h + 6), tr("net.join.join"), manager))
        if self._pending is not None:
            self._join_btn.disable()  # type: ignore[no-untyped-call]
        self.app.request_redraw()

    def return_label(self) -> str:
        """"Return to your seat at <table> (<host>)" for the kept seat."""
        seat = self.seat
        return "" if seat is None else tr("net.return.offer", table=seat.shown_table, host=seat.host)

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, UIEvent):
            event = intent.event
            el = getattr(event, "ui_element", None)
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                if el is self._join_btn:
                    self.join()
                elif el is self._return_btn and self._return_btn is not None:
                    self.return_to_seat()
                elif el is self._back_btn:
                    self.back()
                elif el is self._look_btn:
                    self.look()
                elif el is self._tables_btn:
                    self.show_tables()
                elif el is self._forget_btn and self._forget_btn is not None:
                    self.forget_gone()
                else:
                    for btn, found in self._host_btns:
                        if el is btn:
                            self.pick(found)
            elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.join()
            self.app.request_redraw()
            return
        if not isinstance(intent, Key):
            return
        if intent.key == pygame.K_ESCAPE:
            self.back()
        elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join()

    def pick(self, found: FoundHost) -> None:
        """Take a host found on the local network (the code still has to be typed)."""
        self.address = found.addr
        if self._addr is not None:
            self._addr.set_text(self.address)
        self._say(tr("net.join.picked", name=found.name))
        if self._code is not None:
            self._code.focus()  # type: ignore[no-untyped-call]

    def forget_gone(self) -> bool:
        """Remove the kept seats of tables that are gone or were left (the player pressed the
        button that says so); on a thread of its own. A finished game's seat is never among them."""
        files = list(self.gone)
        if not files or self._forgetting is not None:
            return False
        from tortuga_desktop.net.seatstore import forget_seats

        def work() -> None:
            self._forgot = forget_seats(files)

        self._forgot = -1
        self._forgetting = threading.Thread(target=work, name="tortuga-forget-seats", daemon=True)
        self._forgetting.start()
        if self._forget_btn is not None:
            self._forget_btn.disable()  # type: ignore[no-untyped-call]
        return True

    def show_tables(self) -> bool:
        """Open the list of tables of the server at the typed address (a dedicated server)."""
        if self._pending is not None:
            return False
        self._read()
        try:
            url = check_address(self.address)
        except ValueError as exc:
            self._say(str(exc), "error")
            return False
        self._say("")
        self.app.push(TablesScene(url, self.address.strip(), self.player, self.picked_table,
                                  on_watch=self.watch_table, on_created=self.created_table))
        return True

    def picked_table(self, code: str, table: str, name: str) -> None:
        """A table chosen in the server's list: join it (a private one: its code is asked for)."""
        if not code:
            self.code = ""
            if self._code is not None:
                self._code.set_text("")
                self._code.focus()  # type: ignore[no-untyped-call]
            self._say(tr("net.tables.type_code", name=name))
            return
        from tortuga_desktop.net.protocol import format_code

        self.code = format_code(code)
        if self._code is not None:
            self._code.set_text(self.code)
        self.join()

    def created_table(self, code: str, table: str, host_token: str) -> bool:
        """A table made just now in the server's list: its code is shown to pass on, and this
        computer sits down with the table's ``host_token`` as a hosted game's host does: the
        creator's seat and every other seat played here (hot-seat at this screen). The token is
        kept on disk like a joiner's (:class:`~tortuga_desktop.net.seatstore.SeatKeeper`), so
        *Continue* and *Return to your seat* bring all those seats back. False: not connecting
        (a message says why)."""
        from tortuga_desktop.net.protocol import format_code

        self.code = format_code(code)
        if self._code is not None:
            self._code.set_text(self.code)
        self.app.notify(tr("net.tables.created", join_code=self.code), "info", 60.0, until_event=GAME_STARTED)
        if self._pending is not None:
            return False
        self._read()
        try:
            url, clean = check_join_input(self.address, code)
        except ValueError as exc:
            self._say(str(exc), "error")
            return False
        name = "".join(c for c in self.player.strip() if c.isprintable())[:20]
        return self._connect(url, clean, name, table, host_token, SeatKeeper(self._seat_dir, url, clean, name),
                             tr("net.join.connecting", address=self.address.strip()))

    def watch_table(self, table: str, name: str) -> bool:
        """Watch a table of the server at the typed address without a seat (the public table and
        its chat): its lobby opens, then the table as a spectator sees it."""
        if self._pending is not None:
            return False
        self._read()
        try:
            url = check_address(self.address)
        except ValueError as exc:
            self._say(str(exc), "error")
            return False
        factory: Callable[..., NetClient] | None = self._client_factory
        if factory is None:
            from tortuga_desktop.net.client import NetClient

            factory = NetClient
        try:
            client = factory(url, name=self.player.strip()[:20], give_up_after=None)
            client.start()
            client.watch(table)
        except (OSError, RuntimeError, ValueError) as exc:
            log.warning("cannot connect to the server: %s", exc)
            self._say(tr("net.error.unreachable"), "error")
            return False
        self._pending = NetSession(client)  # no seat: nothing to keep on disk
        self._pending_since = time.perf_counter()
        self._say(tr("net.tables.watching", name=name))
        for btn in (self._join_btn, self._return_btn, self._tables_btn):
            if btn is not None:
                btn.disable()  # type: ignore[no-untyped-call]
        return True

    def back(self) -> None:
        self._cancel()
        self.app.pop()

    def _say(self, text: str, level: str = "info") -> None:
        self.message = text
        self.message_level = level
        self.app.request_redraw()

    def join(self) -> bool:
        """Check the input and connect in the background (False: a message says what is wrong)."""
        if self._pending is not None:
            return False
        self._read()
        try:
            url, code = check_join_input(self.address, self.code)
        except ValueError as exc:
            self._say(str(exc), "error")
            return False
        name = "".join(c for c in self.player.strip() if c.isprintable())[:20]
        return self._connect(url, code, name, "", "", SeatKeeper(self._seat_dir, url, code, name),
                             tr("net.join.connecting", address=self.address.strip()))

    def return_to_seat(self) -> bool:
        """Join again with the kept seat's token (False: nothing to return to, or already joining)."""
        seat = self.seat
        if seat is None or self._pending is not None:
            return False
        self._returning = seat
        self._read()
        # the address the player typed for this table (and the name) fill the empty fields: if the
        # host has gone, Server's tables and Join are one click away with them
        if not self.address.strip():
            self.address = seat.host
            if self._addr is not None:
                self._addr.set_text(self.address)
        if not self.player.strip():
            self.player = seat.name
            if self._name is not None:
                self._name.set_text(self.player)
        return self._connect(seat.server, seat.code, seat.name, seat.table, seat.token,
                             SeatKeeper.returning(self._seat_dir, seat),
                             tr("net.return.going", table=seat.shown_table, host=seat.host))

    def _connect(self, url: str, code: str, name: str, table: str, token: str, keeper: SeatKeeper,
                 message: str) -> bool:
        factory: Callable[..., NetClient] | None = self._client_factory
        if factory is None:
            from tortuga_desktop.net.client import NetClient

            factory = NetClient
        try:
            # once seated, the game keeps trying to get back to the host for as long as the player
            # stays (the host holds the seat, or a computer player keeps it until they return);
            # before that, CONNECT_TIMEOUT says when nobody answers
            if token:
                client = factory(url, code=code, name=name, give_up_after=None, table=table, token=token)
            else:
                client = factory(url, code=code, name=name, give_up_after=None)
            client.start()
        except (OSError, RuntimeError, ValueError) as exc:
            log.warning("cannot connect to the server: %s", exc)
            self._say(tr("net.error.unreachable"), "error")
            self._returning = None
            return False
        self._pending = NetSession(client, keeper=keeper)
        self._pending_since = time.perf_counter()
        self._say(message)
        for btn in (self._join_btn, self._return_btn):
            if btn is not None:
                btn.disable()  # type: ignore[no-untyped-call]
        return True

    def _cancel(self) -> None:
        self._returning = None
        if self._pending is not None:
            self._pending.close()
            self._pending = None
            for btn in (self._join_btn, self._return_btn, self._tables_btn):
                if btn is not None:
                    btn.enable()  # type: ignore[no-untyped-call]

    def _failed(self, key: str, params: Mapping[str, object]) -> None:
        seat, c = self._returning, self._pending
        if seat is not None and c is not None and key in ("net.error.token", "net.error.code"):
            # the server no longer knows this seat: it is not offered again (its record stays)
            if c.keeper is not None:
                c.keeper.set_state("lost")
            self.seat = None
            self._cancel()
            path = c.keeper.path if c.keeper is not None else None
            if path is not None and path not in self.gone:
                self.gone.append(path)  # now offered for removal (it is checked again before it goes)
            self._build()
            self._say(tr("net.return.gone", table=seat.shown_table, host=seat.host), "error")
            return
        self._cancel()
        self._say(tr(key, **params), "error")

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> bool:
        changed = False
        finder = self._finder
        if finder is not None and finder.done:
            self._finder = None
            if finder.problems:
                self.app.notify(trn("net.return.damaged", len(finder.problems)), "warning")
            if finder.seats and self.seat is None:
                self.seat = finder.seats[0]
                changed = True
            if finder.gone != self.gone:
                self.gone = list(finder.gone)
                changed = True
            if changed:
                self._build()
        forgetting = self._forgetting
        if forgetting is not None and not forgetting.is_alive():
            self._forgetting = None
            self.gone = []
            self._say(trn("net.return.forgotten", max(0, self._forgot)))
            self._finder = SeatFinder(self._seat_dir)  # what is left (a seat taken back meanwhile stays)
            self._build()
            changed = True
        if self._browser is not None and self.browsing:
            found = self._browser.hosts()
            if found != self._found:
                self._found = list(found)
                self._build()
                changed = True
        c = self._pending
        if c is None:
            return changed
        c.pump()
        if c.fatal is not None:
            self._failed(*c.fatal)
            return True
        if c.last_error is not None and not c.joined:
            self._failed(*c.last_error)
            return True
        if not c.joined and c.net.state == "reconnecting":
            self._failed("net.error.unreachable", {})
            return True
        if not c.joined and time.perf_counter() - self._pending_since > CONNECT_TIMEOUT:
            self._failed("net.error.unreachable", {})
            return True
        if c.joined and c.lobby:
            self._pending = None
            self.app.replace(LobbyScene(c, again=join_again))
            return True
        return changed

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.SEA_DEEP)
        pygame.draw.rect(surface, palette.TABLE_DARK, self._panel, border_radius=14)
        pygame.draw.rect(surface, palette.BRASS, self._panel, width=3, border_radius=14)
        f = art.font(max(18, min(34, self._panel.h // 16)), bold=True)
        surface.blit(f.render(tr("net.join.title"), True, palette.GOLD), (self._panel.x + 16, self._panel.y + 8))
        small = art.font(max(12, min(20, self._list_at.h // 8)))
        if not self._found:
            hint = tr("net.join.none_found" if self.browsing else "net.join.not_looking")
            y = self._list_at.y + 6
            for ln in wrap(hint, small, self._list_at.w - 16)[:3]:  # long in German: wrapped, never past the panel
                surface.blit(small.render(ln, True, palette.FOAM), (self._list_at.x + 8, y))
                y += small.get_linesize()
        if self.message:
            colour = palette.GOLD_LIGHT if self.message_level == "error" else palette.PARCHMENT_LIGHT
            mf = art.font(max(13, min(22, self._msg_at.h // 3)), bold=self.message_level == "error")
            y = self._msg_at.y
            for ln in wrap(self.message, mf, self._msg_at.w)[:3]:
                surface.blit(mf.render(ln, True, colour), (self._msg_at.x, y))
                y += mf.get_linesize()
