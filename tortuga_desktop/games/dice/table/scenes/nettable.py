"""The table of a network game: :class:`NetTableScene`, the ordinary table fed by the dice game's
table at a network session (:class:`~..netsource.NetTableSource`: only what the server sent the
seats played here), with a banner for the connection.

Everything else is the table as it is for a local game: the views drawn are the ones the server
sent to the seats played at this computer (one human: always theirs; several: the public table
with hand-over screens for their private moments). Humans at other computers decide at the
same time as the ones here; the banner says who the game waits for.

The banner (top of the table) shows, most urgent first: the connection is lost and being
retried; a seat is held for a player who dropped out (with the seconds left); a computer
player has taken over a dropped seat; whom the game waits for. If the connection cannot come
back (the server is gone, the seat was reclaimed elsewhere), a message says so and the game
goes back to the main menu; the host's server keeps its autosave.

The table's chat (:class:`~.chat.ChatPanel`) is an overlay: T (or Enter when no decision is
open) opens it over the ship's log; its tab in the log's corner counts new messages.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.table.netsource import NetTableSource
from tortuga_desktop.games.dice.table.scenes.replay import open_seat_replay
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell import netbanner
from tortuga_desktop.shell.game import PlayAgain
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes.chat import ChatPanel

log = logging.getLogger(__name__)

__all__ = ["NetTableScene", "banner_lines", "decision_key"]


def banner_lines(controller: NetTableSource, now: float | None = None) -> list[tuple[str, str]]:
    """The banner's lines as (text, level) with level "danger", "warning" or "info"
    (:func:`tortuga_desktop.shell.netbanner.banner_lines` for this table)."""
    session = controller.session
    waiting: list[str] = []
    if controller.ready and not controller.is_over and not controller.pending_humans():
        waiting = [controller.seats[s].name for s in controller.waiting_for() if s < len(controller.seats)
                   if not any(x.seat == s and x.bot for x in session.lobby)]
    return netbanner.banner_lines(session, ready=controller.ready, over=controller.is_over, waiting=waiting, now=now)


def decision_key(view: PlayerView, seat: int) -> tuple[Any, ...] | None:
    """What makes one decision of ``seat`` different from its next one (from the seat's view)."""
    kind = next((p.kind for p in view.pending if p.seat == seat), None)
    if kind is None:
        return None
    own = view.seats[seat]
    return (kind, view.round, view.phase, view.stage, view.act_action, view.act_pos, tuple(own.hand),
            None if own.roll is None else tuple(own.roll))


class NetTableScene(TableScene):
    """The table for a network game (see the module docstring)."""

    name = "nettable"

    def __init__(self, controller: NetTableSource, *, speed: str = "normal", again: PlayAgain | None = None) -> None:
        super().__init__(controller, speed=speed)
        self.remote = controller
        self._again = again
        self._banner: list[tuple[str, str]] = []
        self._ended = False
        self.chat = ChatPanel(controller.session)
        self.overlays.append(self.chat)
        self._chat_tab: object = None

    def update(self, dt: float) -> bool:
        ui = self.decision_ui
        if ui is not None and self.remote.ready and \
                decision_key(ui.prompt.view, ui.seat) != decision_key(self.remote.view(ui.seat), ui.seat):
            # The seat's decision changed under the open panel (others acted first): a new panel.
            self.decision_ui = None
            self.decision_seat = None
            self._dirty = True
        dirty = super().update(dt)
        lines = banner_lines(self.remote)
        tab = self.chat.tab_key()
        if lines != self._banner or tab != self._chat_tab:
            self._banner = lines
            self._chat_tab = tab
            self._base = None  # the banner is part of the cached table layer
            self._base_key = None
            dirty = True
        fatal = self.remote.session.fatal
        if fatal is not None and not self._ended and not self.remote.is_over:
            self._ended = True
            key, params = fatal
            self._give_up(tr(key, **params))
        return dirty

    def _check_confirmed(self) -> None:
        ui = self.decision_ui
        confirmed = ui is not None and ui.confirmed_action() is not None
        super()._check_confirmed()
        if confirmed and self.decision_ui is ui:
            # Refused before sending (the game moved on meanwhile): a fresh panel next frame.
            log.warning("a confirmed choice could not be sent; the decision is asked again")
            self.decision_ui = None
            self.decision_seat = None
            self._dirty = True

    def _give_up(self, text: str) -> None:
        netbanner.give_up(self.app, text)

    @property
    def network_session(self) -> NetSession:
        """The session this table plays at (the pause menu asks a host before it closes it)."""
        return self.remote.session

    def pause(self) -> None:
        self.chat.close_field()  # the text field is a pygame_gui element: not over the pause menu
        super().pause()

    def _draw_hud(self, surface: pygame.Surface) -> None:
        super()._draw_hud(surface)
        self.chat.draw_tab(surface, self)
        if not self._banner or self.renderer is None:
            return
        L = self.renderer.layout
        netbanner.draw_banner(surface, self._banner, L.island.centerx, L.middle.y + L.px(6), L.s)

    def _finish(self) -> None:
        """The results; "new game" goes back to the menu and opens what ``again`` opens (the
        host screen again for the host, the join screen for a joiner: see :data:`~tortuga_desktop.shell.game.PlayAgain`)."""
        self._finished = True
        app = self.app

        def again(setup: Any) -> None:
            while len(app.scenes) > 1:
                app.pop()
            if self._again is not None:
                self._again(app, self.remote.session)

        remote = self.remote

        def replay() -> bool:  # as the seats played here saw the game, from what they were shown

            return open_seat_replay(app, remote.kept_record(), list(remote.seats), remote.human_seats)

        app.replace(ResultsScene(self.controller, on_new_game=again, replay=replay))

    def exit(self) -> None:
        self.chat.exit()
        super().exit()  # closes the controller: the connection (and a hosted server) ends

    def current_banner(self) -> list[tuple[str, str]]:
        """The banner lines shown now (tests)."""
        return list(self._banner)
