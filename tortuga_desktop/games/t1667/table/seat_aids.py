"""What the 1667 table adds for a human seat on its own screen: its deduction notes and first-game tips.

:class:`SeatAids` is the one object the table scene keeps for them; the scene calls it from three places::

    self.aids = SeatAids(players, table.human_seats)           # in __init__
    self.aids.use_settings(app.settings, app.save_settings)    # in enter(): tips on/off and the tips shown
    dirty |= self.aids.update(self)                            # in update(), after the scene's own work
    if self.aids.handle(intent, self): return                  # in handle(): a click on a tag or the tip
    self.aids.draw(surface, self)                              # in draw(), after the table and the log
    key = (..., self.aids.key(self))                           # in what a frame is drawn from

It reads from the scene only what a screen may show (:class:`AidsHost`): whose view is on screen
(``viewer``; None on a shared hot-seat screen), whether the game is over, the
viewer's view, the open decision panel and whose it is, the table's layout and the log's rectangle.
Notes are drawn only while the screen shows a human seat's own view (never on a shared screen, T9), on
the plaques of the seats whose loyalty that seat does not know (:func:`.notes_widget.tag_rects`); the
first-game tip of the open decision's kind (:func:`.help.tip_for`) shows once, at the top of the log.
``aids.notes`` is what a save keeps (``aids.notes.to_dict()``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from tortuga_desktop.games.t1667.rules.state import Kind
from tortuga_desktop.games.t1667.table.help import Tips1667
from tortuga_desktop.games.t1667.table.layout import Table1667Layout
from tortuga_desktop.games.t1667.table.notes import Notes
from tortuga_desktop.games.t1667.table.notes_widget import NotesWidget, SeatsView, tag_rects
from tortuga_desktop.shell.intents import Click, Hover

__all__ = ["AidsHost", "SeatAids"]


class _Renderer(Protocol):
    @property
    def layout(self) -> Table1667Layout: ...


class _Panel(Protocol):
    @property
    def kind(self) -> Kind | None: ...


class AidsHost(Protocol):
    """What :class:`SeatAids` reads of the 1667 table scene."""

    @property
    def viewer(self) -> int | None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def view(self) -> SeatsView: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def panel(self) -> _Panel | None: ...
    @property
    def renderer(self) -> _Renderer | None: ...
    def log_rect(self) -> pygame.Rect: ...


class SeatAids:
    """One table's deduction notes (every human seat's) and first-game tips."""

    def __init__(self, players: int, humans: Sequence[int], *, notes: Notes | None = None, settings: Any = None,
                 save_settings: Callable[[], Any] | None = None) -> None:
        """``humans``: the seats decided at this screen (only they keep notes here); ``notes``: a saved
        game's; ``settings``: the App's (tips on/off and the tips shown; None: no tips)."""
        self.notes = notes if notes is not None else Notes.empty(players)
        if self.notes.players != players:
            raise ValueError(f"notes of a {self.notes.players}-player game at a {players}-player table")
        self.players = players
        self.humans = frozenset(humans)
        self.tips: Tips1667 | None = None
        self.use_settings(settings, save_settings)
        self._widget: NotesWidget | None = None
        self._panel: object = None

    def use_settings(self, settings: Any, save_settings: Callable[[], Any] | None = None) -> None:
        """Take the App's settings (``tips``, ``tips_seen``) and how to store them; None: no tips."""
        self.tips = Tips1667(settings, save_settings) if settings is not None else None

    def key(self, host: AidsHost) -> object:
        """What the aids look like now (a frame drawn from another key must draw them again)."""
        widget = self.widget(host)
        tip = self.tips.current if self.tips is not None and self.tips.visible else None
        return (self.notes, widget.seat if widget else None, widget.hover if widget else None, tip)

    def _own(self, host: AidsHost) -> int | None:
        """The human seat whose own view is on screen now, or None."""
        v = host.viewer
        return v if v is not None and v in self.humans and not host.finished else None

    def widget(self, host: AidsHost) -> NotesWidget | None:
        """The notes tags of the seat on screen, placed on the plaques; None when no seat's own view shows."""
        seat = self._own(host)
        if seat is None or host.renderer is None:
            return None
        if self._widget is None or self._widget.seat != seat:
            self._widget = NotesWidget(seat, self.players)
        self._widget.place(tag_rects(host.renderer.layout, seat, host.view.loyalties))
        return self._widget

    def update(self, host: AidsHost) -> bool:
        """Show the tip of a newly opened decision of the seat on screen; True when the screen changed."""
        seat = self._own(host)
        panel = host.panel if seat is not None and host.seat == seat else None
        if self.tips is None or panel is self._panel:
            return False
        self._panel = panel
        return self.tips.show_for(panel.kind if panel is not None else None)

    def handle(self, intent: object, host: AidsHost) -> bool:
        """A click on a note tag (left: next mark, right: back, wheel: surer or less sure) or on the tip's close box:
        True when used."""
        widget = self.widget(host)
        if isinstance(intent, Click):
            if self.tips is not None and intent.button == 1 and self.tips.click(intent.pos):
                return True
            if widget is not None:
                marked = widget.click(intent.pos, intent.button, self.notes)
                if marked is not None:
                    self.notes = marked
                    return True
        elif isinstance(intent, Hover) and widget is not None:
            widget.move(intent.pos)  # the scene redraws on every input
        return False

    def draw(self, surface: pygame.Surface, host: AidsHost) -> None:
        """The tags of the seat on screen (its own notes only) and its tip, over the table."""
        widget = self.widget(host)
        if widget is not None:
            widget.draw(surface, self.notes)
        self.draw_tip(surface, host)

    def draw_tip(self, surface: pygame.Surface, host: AidsHost) -> None:
        """The tip alone, at the top of the log (again after the log is drawn again)."""
        if self.tips is not None and self._own(host) is not None:
            log = host.log_rect()
            self.tips.draw(surface, pygame.Rect(log.x + 4, log.y + 4, log.w - 8, log.h // 2))
