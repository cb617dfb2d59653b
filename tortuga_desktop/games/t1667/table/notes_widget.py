"""The deduction-notes tag the table scene puts beside each other seat's name (model: :mod:`.notes`).

The table scene owns one :class:`NotesWidget` per screen seat (the seat whose eyes the screen shows;
in hot-seat, the seat whose turn it is behind the hand-over). After laying the table out it says
where each tag goes, draws them and passes clicks on::

    widget = NotesWidget(seat=me, players=view.players)
    widget.place(tag_rects(renderer.layout, me, view.loyalties))  # the seats whose loyalty ``me`` does not know
    widget.draw(surface, notes)                    # only notes.of(me): nothing of another seat's notes
    new = widget.click(pos, button, notes)         # left: next mark, right: previous, wheel: surer / less
                                                   # sure; None = not on a tag
    if new is not None: notes = new                # keep it with the game (saved with the seat's data)

A tag is a small rounded box: empty with a faint "?" when unmarked, otherwise the loyalty's badge
(the same shapes and colours as the loyalty cards: British square with a cross, French ring,
Dutch triangle) with how sure the note is: "?" a guess, "~" likely, "!" sure — never drawn like a real
loyalty card. ``tag_size(name_height)``
gives a good square size for a tag beside a name of that height.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import pygame

from tortuga_desktop.games.t1667.rules.cards import Loyalty
from tortuga_desktop.games.t1667.table.layout import Rect, Table1667Layout
from tortuga_desktop.games.t1667.table.notes import Notes
from tortuga_desktop.games.t1667.table.render import LOYALTY_STYLES, shape
from tortuga_desktop.shell import art, palette

__all__ = ["NotesWidget", "draw_tag", "tag_rects", "tag_size"]


class SeatsView(Protocol):
    """What the notes read of the view on screen: the loyalties it shows (None: unknown to it)."""

    @property
    def loyalties(self) -> Sequence[Loyalty | None]: ...


def tag_rects(layout: Table1667Layout, seat: int | None,
              loyalties: Sequence[Loyalty | None]) -> dict[int, pygame.Rect]:
    """Where the tags go on the 1667 table: a square at the right end of each seat plaque's loyalty line,
    for every other seat whose loyalty ``seat`` does not know (``loyalties``: its view's; a known loyalty
    needs no guess). Empty for ``seat`` None (a shared screen shows nobody's notes)."""
    if seat is None:
        return {}
    out: dict[int, pygame.Rect] = {}
    for other, box in enumerate(layout.seats):
        if other == seat or loyalties[other] is not None:
            continue
        x, y, w, h = _ints(box.loyalty)
        side = min(h, w)
        out[other] = pygame.Rect(x + w - side, y, side, side)
    return out


def _ints(r: Rect) -> tuple[int, int, int, int]:
    return (round(r[0]), round(r[1]), round(r[2]), round(r[3]))


def tag_size(name_height: int) -> int:
    """The side of a tag beside a name ``name_height`` pixels high (at least 14, for a mouse)."""
    return max(14, int(name_height * 1.1))


#: the sign a tag shows for each confidence of a note
CONFIDENCE_SIGNS: dict[str, str] = {"guess": "?", "likely": "~", "sure": "!"}


def draw_tag(surface: pygame.Surface, rect: pygame.Rect, mark: str | None, *, hover: bool = False,
             confidence: str = "guess") -> None:
    """One note tag in ``rect``: ``mark`` is None, "british", "french" or "dutch"; ``confidence`` one of
    :data:`.notes.CONFIDENCES`."""
    rad = max(2, rect.h // 4)
    fill = palette.GOLD_LIGHT if hover else palette.PARCHMENT_LIGHT
    pygame.draw.rect(surface, fill, rect, border_radius=rad)
    pygame.draw.rect(surface, palette.INK if hover or mark else palette.BRASS_DARK, rect, max(1, rect.h // 12),
                     border_radius=rad)
    q = art.font(max(9, int(rect.h * 0.62)), True)
    if mark is None:
        t = q.render("?", True, palette.INK_SOFT)
        surface.blit(t, t.get_rect(center=rect.center))
        return
    style = LOYALTY_STYLES[Loyalty(mark)]
    r = rect.h * 0.3
    shape(surface, style.shape, (rect.x + rect.w * 0.38, rect.centery), r, style.rgb)
    t = art.font(max(8, int(rect.h * 0.5)), True).render(CONFIDENCE_SIGNS[confidence], True, palette.INK)
    surface.blit(t, t.get_rect(midright=(rect.right - max(1, rect.w // 12), rect.centery + rect.h // 10)))


class NotesWidget:
    """The tags of one seat's notes: placed by the table, drawn from that seat's notes only."""

    def __init__(self, seat: int, players: int) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat} in a {players}-player game")
        self.seat = seat
        self.players = players
        self.rects: dict[int, pygame.Rect] = {}
        self.hover: int | None = None

    def place(self, rects: Mapping[int, pygame.Rect]) -> None:
        """Where each tag goes: ``{other seat: rect}`` (the widget's own seat is left out)."""
        self.rects = {t: pygame.Rect(r) for t, r in rects.items() if t != self.seat and 0 <= t < self.players}

    def target_at(self, pos: tuple[int, int]) -> int | None:
        return next((t for t, r in self.rects.items() if r.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, notes: Notes) -> None:
        """Draw this seat's tags (nothing of any other seat's notes)."""
        mine, sure = notes.of(self.seat), notes.confidences(self.seat)
        for target, rect in self.rects.items():
            draw_tag(surface, rect, mine.get(target), hover=target == self.hover,
                     confidence=sure.get(target, "guess"))

    def click(self, pos: tuple[int, int], button: int, notes: Notes) -> Notes | None:
        """A click: on a tag, the notes with that tag's next (left) or previous (right) mark, or a marked
        tag surer (wheel up) or less sure (wheel down); else None."""
        target = self.target_at(pos)
        if target is None or button not in (1, 3, 4, 5):
            return None
        if button in (4, 5):
            return notes.surer(self.seat, target, 1 if button == 4 else -1)
        return notes.cycle(self.seat, target, 1 if button == 1 else -1)

    def move(self, pos: tuple[int, int]) -> bool:
        """The mouse moved: True when the highlighted tag changed (redraw)."""
        target = self.target_at(pos)
        changed = target != self.hover
        self.hover = target
        return changed
