"""The Tortuga 1667 table at a network game: :class:`NetTable1667Scene` is the 1667 table scene with the
table's chat (the talk this game is played with) over the log.

T opens the chat's text field (Enter sends, Escape closes it); closed, a tab in the log's corner says
how many messages are new, and a new message shows for a moment. The chat is the lobby's
(:class:`~tortuga_desktop.shell.scenes.chat.ChatPanel` on the lobby's controller): what was said in the
lobby is there, muting works as in the lobby.
"""

from __future__ import annotations

import pygame

from tortuga_desktop.shell.intents import Intent
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chat import ChatPanel

from .nettable import NetTable1667
from .scene import Table1667Scene

__all__ = ["NetTable1667Scene"]


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
        return dirty

    def _redraw_all(self) -> None:
        self._drawn_key = None  # the next frame is drawn whole (the chat covers or uncovers the log)
        self._dirty = True

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        changed = super().draw(surface)
        if self.chat is None or self.renderer is None:
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
