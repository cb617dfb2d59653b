"""The Tortuga 1667 table at a network game: :class:`NetTable1667Scene` is the 1667 table scene with the
table's chat (the talk this game is played with) over the log.

T opens the chat's text field (Enter sends, Escape closes it); closed, a tab in the log's corner says
how many messages are new, and a new message shows for a moment. The chat is the lobby's
(:class:`~tortuga_desktop.shell.scenes.chat.ChatPanel` on the lobby's controller): what was said in the
lobby is there, muting works as in the lobby.

Over Tortuga, the table's banner (:mod:`tortuga_desktop.shell.netbanner`, as at the dice game's network
table) says when the connection is lost and being made again, when a player dropped out and how long
the seat is held, when a computer player plays a seat meanwhile, and whom the game waits for; when the
connection is gone for good, a message says so and leads back to the main menu.
"""

from __future__ import annotations

import logging

import pygame

from tortuga_desktop.shell import netbanner
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Intent
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chat import ChatPanel

from .nettable import NetTable1667
from .scene import Table1667Scene

__all__ = ["NetTable1667Scene"]

log = logging.getLogger(__name__)


class _TableChat(ChatPanel):
    """The chat over the 1667 table's log; only T opens it (Enter confirms a choice at this table)."""

    def _place(self, scene: Scene) -> pygame.Rect:
        log_rect = getattr(scene, "log_rect", None)
        renderer = getattr(scene, "renderer", None)
        if callable(log_rect) and renderer is not None:
            return pygame.Rect(log_rect())
        return pygame.Rect(0, 0, 0, 0)

    def wants_enter(self, scene: Scene) -> bool:
        return False


class NetTable1667Scene(Table1667Scene):
    """The 1667 table scene playing a :class:`~.nettable.NetTable1667`, with the table's chat."""

    keys_hint = "t1667.idle.keys_net"

    def __init__(self, table: NetTable1667, *, speed: str = "normal") -> None:
        super().__init__(table, speed=speed)
        self.net_table = table
        self.chat: ChatPanel | None = _TableChat(table.controller) if table.controller is not None else None
        self._banner: list[netbanner.Banner] = []
        self._gave_up = False

    @property
    def network_session(self) -> NetSession | None:
        """The session this table plays at (the pause menu asks a host before it closes it)."""
        return self.net_table.controller

    def handle(self, intent: Intent) -> None:
        if self.chat is not None and not self.finished and self.chat.handle(intent, self):
            self._redraw_all()
            return
        super().handle(intent)

    def update(self, dt: float) -> bool:
        dirty = super().update(dt)
        if self.chat is not None and self.chat.update(dt, self):
            self._redraw_all()
            dirty = True
        lines = self.banner_lines()
        if lines != self._banner:
            self._banner = lines
            self._redraw_all()  # what the banner covered (or uncovers) is drawn again
            dirty = True
        session = self.net_table.controller
        if session is not None and session.fatal is not None and not self._gave_up and not self.table.is_over:
            self._gave_up = True
            key, params = session.fatal
            self._give_up(tr(key, **params))
        return dirty

    def banner_lines(self) -> list[netbanner.Banner]:
        """The banner's lines now (:func:`tortuga_desktop.shell.netbanner.banner_lines` for this table)."""
        session, table = self.net_table.controller, self.net_table
        if session is None:
            return []
        ready, over = table.ready, table.is_over
        waiting: list[str] = []
        if ready and not over:
            due = table.waiting_for()
            if not any(s in table.human_seats for s in due):
                names = table.names
                bots = {x.seat for x in session.lobby if x.bot}
                waiting = [names[s] for s in due if s < len(names) and s not in bots]
        return netbanner.banner_lines(session, ready=ready, over=over, waiting=waiting)

    def _give_up(self, text: str) -> None:
        netbanner.give_up(self.app, text)

    def _redraw_all(self) -> None:
        self._drawn_key = None  # the next frame is drawn whole (the chat covers or uncovers the log)
        self._dirty = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        changed = super().draw(surface)
        if self.renderer is None:
            return changed
        if self._banner:
            L = self.renderer.layout
            box = pygame.Rect(L.tortuga.rect)  # over Tortuga, below its title
            drawn = netbanner.draw_banner(surface, self._banner, box.centerx,
                                          pygame.Rect(L.tortuga.title).bottom + L.px(4), L.scale)
            if changed is not None and drawn is not None:
                changed.append(drawn)
        if self.chat is None:
            return changed
        self.chat.draw(surface, self)
        self.chat.draw_tab(surface, self)
        if changed is not None:
            changed.append(self.log_rect())
        return changed

    def pause(self) -> None:
        if self.chat is not None:
            self.chat.close_field()  # a pygame_gui text field: not over the pause menu
        super().pause()

    def exit(self) -> None:
        if self.chat is not None:
            self.chat.exit()
        super().exit()

    def chat_lines(self) -> list[str]:
        """The chat's lines as shown (tests)."""
        return self.chat.lines() if self.chat is not None else []
