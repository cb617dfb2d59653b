"""The lobby of a network game: who sits where, who has joined, and (for the host) the address
and join code to share. The host starts the game once every open seat is taken.

The scene drains the connection every frame (never waits for it). When the game has started
and its table at the session has this computer's views, the lobby hands over to that game's
table scene (its module's :meth:`~tortuga_desktop.shell.game.NetworkGame.network_scene`). Seats of players who dropped out show the seconds they
are still held, and a computer player taking one over.

The table's chat is a column beside the seats (:class:`~.chat.ChatPanel`, docked): T, or Enter
when it would not start the game, opens its text field.

Keys: Enter starts (host), T chats, Escape leaves.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.net.protocol import format_code
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.game import NetworkTable, PlayAgain
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Intent, Key
from tortuga_desktop.shell.netsession import NetSession, SeatState
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chat import ChatPanel
from tortuga_desktop.shell.scenes.chrome import ButtonList, MenuItem, backdrop
from tortuga_desktop.shell.scenes.dialogs import MessageScene, ask_close_table, draw_panel, scale_of, wrap

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

log = logging.getLogger(__name__)

#: what happens when the lobby hands the started game to its table (:meth:`~tortuga_desktop.shell.loop.App.withdraw_notices`)
GAME_STARTED = "network game started"

__all__ = ["HostInfo", "LobbyScene", "seat_status"]


@dataclass(frozen=True)
class HostInfo:
    """What the host shares: where the server listens and the join code."""

    listen: str
    port: int
    code: str
    #: this computer's network addresses (for "all interfaces"; loopback only otherwise)
    addresses: tuple[str, ...] = ()
    #: a continued table on a new port: the port it had (the other players must be told)
    moved_from: int = 0

    def shown_addresses(self) -> list[str]:
        """address:port lines to tell the other players."""
        if self.listen in ("127.0.0.1", "localhost", "::1"):
            return [f"127.0.0.1:{self.port}"]
        found = [a for a in self.addresses if not a.startswith("127.")]
        return [f"{a}:{self.port}" for a in found] or [f"127.0.0.1:{self.port}"]


def seat_status(s: SeatState, age: float = 0.0) -> str:
    """One seat's state in words (lobby and tests)."""
    if s.kind == "computer":
        return tr("net.seat.computer", level=tr(f"net.level.{s.level}"))
    if s.held_for is not None and not s.connected:
        return tr("net.seat.held", seconds=max(0, int(s.held_for - age + 0.999)))
    if s.bot and not s.connected:
        return tr("net.seat.taken_over")
    if s.kind == "local":
        return tr("net.seat.local")
    if not s.taken:
        return tr("net.seat.open")
    return tr("net.seat.joined") if s.connected else tr("net.seat.away")


class LobbyScene(Scene):
    """The lobby (see the module docstring)."""

    name = "lobby"

    def __init__(self, session: NetSession, *, host: HostInfo | None = None,
                 again: PlayAgain | None = None) -> None:
        super().__init__()
        self.session = session
        self.host = host
        #: what "new game" on the results opens (given by the screen that opened the lobby)
        self.again = again
        self.buttons = ButtonList([])
        self._handed_over = False
        self._closed = False
        self._box = pygame.Rect(0, 0, 0, 0)
        self._key: tuple[object, ...] | None = None
        self.chat = ChatPanel(session, docked=True)

    # ------------------------------------------------------------------ lifecycle
    def enter(self, app: App) -> None:
        super().enter(app)
        self._build()

    def resume(self) -> None:
        super().resume()
        self._build()

    def retranslate(self) -> None:
        self._build()

    def resize(self, size: tuple[int, int]) -> None:
        self._layout(size)

    def exit(self) -> None:
        self.chat.exit()
        if not self._handed_over:
            self.session.close()

    def pause(self) -> None:
        self.chat.close_field()
        super().pause()

    def takes_enter(self) -> bool:
        return self.can_start  # Enter starts the game

    @property
    def can_start(self) -> bool:
        c = self.session
        if self.host is None or c.started or not c.lobby or not c.joined:
            return False
        return all(s.taken or s.kind != "open" for s in c.lobby)

    def _build(self) -> None:
        items: list[MenuItem] = []
        if self.host is not None:
            items.append(MenuItem(tr("net.lobby.start"), self.start, self.can_start))
        items.append(MenuItem(tr("net.lobby.leave"), self.leave))
        self.buttons = ButtonList(items)  # focus: the first enabled (Start, once it can)
        if self.entered:
            self._layout(self.app.size)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = scale_of(size)
        gap = max(8, int(16 * s))
        chat_w = max(240, int(w * 0.28))
        self._box = pygame.Rect(0, 0, min(w - 30 - chat_w - gap, int(1100 * s)), min(h - 30, int(820 * s)))
        left = (w - (self._box.w + gap + chat_w)) // 2
        self._box.topleft = (left, (h - self._box.h) // 2)
        self.chat.rect = pygame.Rect(self._box.right + gap, self._box.y, chat_w, self._box.h)
        n = len(self.buttons.items)
        bw, bh, gap = int(330 * s), int(56 * s), int(24 * s)
        total = n * bw + (n - 1) * gap
        x0 = self._box.centerx - total // 2
        self.buttons.layout(0, 0, bw, bh, 0)
        for i in range(n):
            self.buttons.rects[i] = pygame.Rect(x0 + i * (bw + gap), self._box.bottom - bh - int(22 * s), bw, bh)

    # ------------------------------------------------------------------ actions
    def start(self) -> None:
        if not self.can_start:
            return
        self.session.start_game()

    def leave(self) -> None:
        """Leave the table; the host is asked first, since that closes the table for everyone."""
        if self.host is not None and not self._closed:
            self.app.push(ask_close_table(self._leave_now))
            return
        self._leave_now()

    def _leave_now(self) -> None:
        app = self.app
        self.session.leave_for_good()
        self.session.close()
        self._closed = True
        if app is not None and app.top is self:
            app.pop()

    def handle(self, intent: Intent) -> None:
        if self.chat.handle(intent, self):
            if self.entered:
                self.app.request_redraw()
            return
        if isinstance(intent, Key):
            if intent.key == pygame.K_ESCAPE:
                self.leave()
                return
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.can_start:
                self.start()
                return
        if self.buttons.handle(intent) and self.entered:
            self.app.request_redraw()

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> bool:
        c = self.session
        changed = c.pump()
        while c.notices:
            key, params = c.notices.pop(0)
            self.app.notify(tr(key, **params), "warning")
        if c.fatal is not None and not self._closed:
            key, params = c.fatal
            self._fail(tr(key, **params))
            return True
        table = c.table()
        if c.started and table is not None and table.ready and not self._handed_over:
            self._to_table(table)
            return True
        if self.chat.update(dt, self):
            changed = True
        age = time.perf_counter() - c.lobby_at
        state = (tuple(c.lobby), c.watchers, c.net.state, c.started, self.can_start,
                 tuple(int(s.held_for - age) for s in c.lobby if s.held_for is not None))
        if state != self._key:
            self._key = state
            if c.announcer is not None and not c.started:  # the local-network list shows the open seats
                c.announcer.update(sum(1 for s in c.lobby if s.kind == "open" and not s.taken))
            self._build()
            changed = True
        return changed

    def _to_table(self, table: NetworkTable) -> None:
        """The started game's table scene (its module's), played through its table at the session."""
        self._handed_over = True
        self.chat.exit()
        self.app.withdraw_notices(GAME_STARTED)  # (a new table's join code to pass on: not over the game)
        module = next(m for m in games.network_games() if m.key == self.session.game)
        self.app.replace(module.network_scene(table, speed=self.app.table_speed(), again=self.again))

    def _fail(self, text: str) -> None:
        self._closed = True
        self.session.close()
        app = self.app

        def back() -> None:
            if app.top is self:
                app.pop()

        app.push(MessageScene(tr("net.title.connection"), text, back))

    # ------------------------------------------------------------------ drawing
    def lines(self) -> list[str]:
        """The lobby's text as a player reads it (tests)."""
        c = self.session
        age = time.perf_counter() - c.lobby_at
        out = [f"{s.seat + 1}. {s.name}: {seat_status(s, age)}" for s in c.lobby]
        if c.watchers:
            out.append(self.watchers_text())
        out.append(self.status_text())
        return out

    def watchers_text(self) -> str:
        """How many watch the table without a seat ("" when nobody does)."""
        n = self.session.watchers
        return trn("net.tables.watchers", n) if n else ""

    def status_text(self) -> str:
        c = self.session
        if c.net.state in ("connecting", "reconnecting"):
            return tr("net.lobby.connecting") if c.net.state == "connecting" else tr("net.banner.reconnecting")
        if c.started:
            return tr("net.lobby.starting")
        if c.watching:
            return tr("net.lobby.watching")
        open_left = sum(1 for s in c.lobby if s.kind == "open" and not s.taken)
        if open_left:
            return tr("net.lobby.waiting_players", n=open_left)
        return tr("net.lobby.ready_host") if self.host is not None else tr("net.lobby.waiting_host")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self._box.w == 0:
            self._layout((w, h))
        s = scale_of((w, h))
        surface.blit(backdrop((w, h)), (0, 0))
        c = self.session
        title = tr("net.lobby.title", table=c.table_name) if c.table_name else tr("net.lobby.title_plain")
        if c.game != games.DEFAULT_GAME:  # which game the table plays (the dice game's lobby looks as it did)
            title = f"{title} · {games.game_title(c.game, tr)}"
        y = draw_panel(surface, self._box, s, title)
        x = self._box.x + int(36 * s)
        inner = self._box.w - int(72 * s)
        if self.host is not None:
            y = self._draw_share(surface, x, y, inner, s)
        y += int(10 * s)
        y = self._draw_seats(surface, x, y, inner, s, c.lobby)
        if c.hold_seconds is not None and not c.started:
            small = art.font(max(11, int(20 * s)))
            rule = tr("net.lobby.hold_rule", seconds=int(c.hold_seconds),
                      level=tr(f"net.level.{c.takeover_level}"))
            for ln in wrap(rule, small, inner)[:2]:
                surface.blit(small.render(ln, True, palette.INK_SOFT), (x, y + int(6 * s)))
                y += small.get_linesize()
        f = art.font(max(12, int(22 * s)), True)
        status = self.status_text()
        if c.watchers:  # on the status line: no room taken from a nine-seat table's rows
            status = f"{status}  ·  {self.watchers_text()}"
        st = f.render(status, True, palette.INK)
        surface.blit(st, st.get_rect(midbottom=(self._box.centerx, self.buttons.rects[0].y - int(14 * s))))
        self.buttons.draw(surface, int(26 * s))
        self.chat.draw(surface, self)

    def _draw_share(self, surface: pygame.Surface, x: int, y: int, width: int, s: float) -> int:
        assert self.host is not None
        box = pygame.Rect(x, y, width, int(150 * s))
        pygame.draw.rect(surface, palette.PARCHMENT, box, border_radius=int(12 * s))
        pygame.draw.rect(surface, palette.BRASS, box, max(1, int(3 * s)), border_radius=int(12 * s))
        small = art.font(max(11, int(20 * s)))
        big = art.font(max(14, int(40 * s)), True)
        t = small.render(tr("net.lobby.share"), True, palette.INK_SOFT)
        surface.blit(t, (box.x + int(18 * s), box.y + int(10 * s)))
        addr = "   ".join(self.host.shown_addresses()[:3])
        a = big.render(addr, True, palette.INK)
        surface.blit(a, (box.x + int(18 * s), box.y + int(40 * s)))
        label = small.render(tr("net.lobby.code"), True, palette.INK_SOFT)
        code = big.render(format_code(self.host.code), True, palette.DANGER)
        cx = box.right - int(18 * s) - max(label.get_width(), code.get_width())
        surface.blit(label, (cx, box.y + int(10 * s)))
        surface.blit(code, (cx, box.y + int(40 * s)))
        scope = tr("net.lobby.scope_local") if self.host.listen.startswith("127.") else tr("net.lobby.scope_all")
        if self.host.moved_from:
            scope = tr("net.lobby.moved", old=self.host.moved_from, new=self.host.port)
        yy = box.y + int(98 * s)
        for ln in wrap(scope, small, box.w - int(36 * s))[:2]:
            surface.blit(small.render(ln, True, palette.INK_SOFT), (box.x + int(18 * s), yy))
            yy += small.get_linesize()
        return box.bottom + int(8 * s)

    def _draw_seats(self, surface: pygame.Surface, x: int, y: int, width: int, s: float,
                    seats: Sequence[SeatState]) -> int:
        row_h = int(64 * s)
        name_f = art.font(max(12, int(26 * s)), True)
        small = art.font(max(11, int(21 * s)))
        age = time.perf_counter() - self.session.lobby_at
        for st in seats:
            r = pygame.Rect(x, y, width, row_h - int(8 * s))
            pygame.draw.rect(surface, palette.PARCHMENT_DARK if not st.here else palette.GOLD_LIGHT, r,
                             border_radius=int(10 * s))
            colour = palette.TABLE_SEATS[st.seat % len(palette.TABLE_SEATS)][0]  # 2-9 seats, as the tables colour them
            chip = pygame.Rect(r.x + int(10 * s), r.y + int(8 * s), r.h - int(16 * s), r.h - int(16 * s))
            pygame.draw.rect(surface, colour, chip, border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK, chip, max(1, int(2 * s)), border_radius=int(8 * s))
            name = st.name + (f"  ({tr('net.seat.you')})" if st.here else "")
            t = name_f.render(name, True, palette.INK)
            surface.blit(t, (chip.right + int(16 * s), r.centery - t.get_height() // 2))
            status = seat_status(st, age)
            dot = palette.SUCCESS if (st.connected or st.kind == "computer") else \
                (palette.DANGER if st.taken else palette.INK_SOFT)
            tt = small.render(status, True, palette.INK)
            sx = r.right - int(20 * s) - tt.get_width()
            surface.blit(tt, (sx, r.centery - tt.get_height() // 2))
            pygame.draw.circle(surface, dot, (sx - int(16 * s), r.centery), max(4, int(8 * s)))
            y += row_h
        return y
