"""The rules help (F1) and the context help for action positions.

:class:`HelpScene` is an opaque, scrollable page: a table of contents on the left, the
sections of :func:`help_sections` on the right, each with a small picture made from
the game's own art (dice faces, action icons, chests, tokens, tiles).  Keys: Up/Down and
the mouse wheel scroll, PageUp/PageDown a page, Home/End, Esc or F1 close.

:class:`PositionsScene` is the small panel a click on an action space opens: each
participant's dice values, bonus tile and total, the tie-break order from the start player,
and who got 1st and 2nd position.  Only public information (placed dice are open).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, TypedDict

import pygame

from tortuga_desktop.games.dice.rules import DICE_GRIDS, DIE_LETTERS, RULES_VERSION, PlayerView
from tortuga_desktop.games.dice.table import pictures
from tortuga_desktop.games.dice.table.keys import keys_help
from tortuga_desktop.games.dice.table.words import HELP_SECTIONS, action_name
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import dim, draw_panel, scale_of, text_lines, wrap
from tortuga_desktop.shell.scenes.helppage import HelpPage, draw_arrow

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.source import SeatInfo
    pass

__all__ = ["HelpScene", "PositionsScene", "SECTION_PICTURES", "help_sections", "position_rows"]


def help_sections() -> list[tuple[str, str]]:
    """The rules help as ``[(title, body), ...]`` in the current language (sections in
    :data:`..words.HELP_SECTIONS`; the keyboard page is made from :data:`..keys.KEY_TABLE`)."""
    return [(tr(f"help.{s}.title"), keys_help() if s == "keys" else tr(f"help.{s}.body")) for s in HELP_SECTIONS]

# A picture is a row of items: an art name, ("die", face, label), ("token", name),
# ("chest", colour), or "→" (an arrow).
Item = str | tuple[Literal["die"], int, str] | tuple[Literal["token"], str] | tuple[Literal["chest"], int]
_RGB = palette.PLAYER_COLOURS[0].rgb
SECTION_PICTURES: dict[str, list[Item]] = {
    "overview": ["app_icon", "→", ("chest", 4), ("chest", 0), ("chest", 1), "→", "island"],
    "components": [("die", 0, "A"), ("die", 5, "B"), ("chest", 0), ("chest", 3), "treasure_tile_back",
                   "bonus_tile_1", ("token", "boat_token"), ("token", "pirate_token"), "screen"],
    "setup": [("token", "boat_token"), ("token", "pirate_token"), ("chest", 1), ("chest", 2), "start_player", "bag"],
    "round": [("die", 2, "C"), "→", "action_fleet", "action_crew", "action_hunt", "action_board", "action_raid",
              "→", ("chest", 0)],
    "dice": [("die", 0, "A"), ("die", 0, "B"), ("die", 5, "C"), ("die", 3, "D"), ("die", 1, "E"), "screen"],
    "skulls": [("die", 5, "C"), "→", ("die", 4, "C")],
    "bonus": ["bonus_tile_1", "→", "bonus_tile_2"],
    "actions": ["action_fleet", "action_crew", "action_hunt", "action_board", "action_raid"],
    "expand_fleet": ["action_fleet", "→", ("token", "boat_token")],
    "recruit_crew": ["action_crew", "→", ("token", "pirate_token")],
    "treasure_hunt": ["action_hunt", "→", ("chest", 2), "treasure_tile_2", "treasure_tile_back"],
    "board": ["action_board", "→", ("chest", 4), ("token", "boat_token")],
    "raid": ["action_raid", "→", ("chest", 0), ("token", "pirate_token")],
    "surplus": [("chest", 1), ("chest", 1), "→", "island", "bag"],
    "move": [("chest", 2), "→", ("chest", 2), "→", ("chest", 2), "→", "island"],
    "end": [("chest", 0), ("chest", 1), ("chest", 2), ("chest", 3), ("chest", 4), ("chest", 0)],
    "scoring": [("chest", 0), ("chest", 1), ("chest", 2), "→", "coin", "treasure_tile_3"],
    "two_players": [("token", "boat_token"), ("token", "pirate_token"), "action_board", "action_raid"],
    "long_game": [("chest", c % 5) for c in range(8)],
    "hidden": ["screen", ("die", 5, "A"), "treasure_tile_back"],
    "keys": [],
}


def draw_picture(surface: pygame.Surface, items: list[Item], x: int, y: int, size: int) -> int:
    """Draw a picture row at (x, y); returns its height (0 when empty)."""
    if not items:
        return 0
    gap = max(4, size // 6)
    for it in items:
        if it == "→":
            x += draw_arrow(surface, x, y, size) + gap
            continue
        if isinstance(it, tuple) and it[0] == "die":
            pic = pictures.die_face(it[1], it[2], size, _RGB)
        elif isinstance(it, tuple) and it[0] == "token":
            pic = art.token(it[1], size, palette.PLAYER_COLOURS[1].rgb)
        elif isinstance(it, tuple) and it[0] == "chest":
            pic = pictures.chest(it[1], size)
        elif it == "island":
            pic = art.load_svg("island", (int(size * 1.8), size))
        elif it == "screen":
            pic = art.load_svg("screen", (int(size * 1.5), size))
        else:
            pic = art.icon(str(it), size)
        surface.blit(pic, (x, y))
        x += pic.get_width() + gap
    return size


def draw_dice_grid(surface: pygame.Surface, x: int, y: int, size: int,
                   grid: tuple[tuple[int, ...], ...] = DICE_GRIDS[RULES_VERSION],
                   rgb: palette.RGB = _RGB) -> pygame.Rect:
    """The faces of the five dice, one row per die, as the printed screen shows them (R0.8):
    the five actions with that die's number on each, then the skull with the die's letter.
    Returns the rect drawn."""
    gap = max(3, size // 8)
    label_w = size // 2 + gap
    font = art.font(max(10, size // 2), True)
    for a in range(5):  # column heads: the action icons
        surface.blit(art.icon(pictures.ACTION_ICONS[a], size), (x + label_w + a * (size + gap), y))
    for d in range(5):
        row_y = y + (d + 1) * (size + gap)
        letter = font.render(DIE_LETTERS[d], True, palette.INK)
        surface.blit(letter, letter.get_rect(midleft=(x, row_y + size // 2)))
        for a in range(5):
            surface.blit(pictures.die_face(a, str(grid[d][a]), size, rgb), (x + label_w + a * (size + gap), row_y))
        surface.blit(pictures.die_face(5, DIE_LETTERS[d], size, rgb), (x + label_w + 5 * (size + gap), row_y))
    return pygame.Rect(x, y, label_w + 6 * (size + gap), 6 * (size + gap))


class HelpScene(HelpPage):
    """The dice game's rules, scrollable, with pictures."""

    def sections(self) -> list[tuple[str, str, str]]:
        """``[(section id, title, body), ...]`` in the current language, in reading order."""
        return [(sec, title, body) for sec, (title, body) in zip(HELP_SECTIONS, help_sections(), strict=True)]

    def section_picture(self, page: pygame.Surface | None, sec: str, x: int, y: int, size: int) -> int:
        """Draw section ``sec``'s picture at (x, y) (only measure it when ``page`` is None); its height."""
        items = SECTION_PICTURES.get(sec, [])
        if page is None:
            return (size + int(size * 0.2) + 6 * (size + max(3, size // 8))) if sec == "dice" else (size if items else 0)
        height = draw_picture(page, items, x, y, size)
        if sec == "dice":  # the dice faces under the picture row
            height = draw_dice_grid(page, x, y + height + int(size * 0.2), size).bottom - y
        return height


# --- context help: positions on an action --------------------------------------------------


class PositionRow(TypedDict):
    """One participant on an action (:func:`position_rows`)."""

    seat: int
    name: str
    #: the dice placed there: (letter, value)
    dice: list[tuple[str, int]]
    bonus: int
    total: int
    #: 0-based, best first
    rank: int
    #: the place in the order from the start player (breaks ties, R4.2)
    tie: int
    #: 1 or 2, or 0 for none
    position: int


def position_rows(view: PlayerView, action: int) -> list[PositionRow]:
    """Per participant, best first: seat, name, dice [(letter, value)], bonus, total, rank
    (0-based), tie (index in the order from the start player), position (1, 2 or 0 = none).
    From a view: placed dice and bonus tiles are public (R9.3), ties go by the order from the
    start player (R4.2, R4.3)."""
    n = view.players
    part = [s for s in range(n) if view.seats[s].placed[action]]
    ranking = sorted(part, key=lambda s: (-view.total(s, action), (s - view.start) % n))
    acting = 1 if n == 2 else 2
    rows: list[PositionRow] = []
    for rank, seat in enumerate(ranking):
        p = view.seats[seat]
        dice = [(DIE_LETTERS[d], view.grid[d][action]) for d in p.placed[action]]
        rows.append({"seat": seat, "name": view.names[seat], "dice": dice, "bonus": p.bonus[action],
                     "total": view.total(seat, action), "rank": rank, "tie": (seat - view.start) % n + 1,
                     "position": rank + 1 if rank < acting else 0})
    return rows


class PositionsScene(Scene):
    """Who got 1st and 2nd position on one action, and why (click or any key closes)."""

    opaque = False
    name = "positions"

    def __init__(self, view: PlayerView, action: int, seats: Sequence[SeatInfo] | None = None) -> None:
        super().__init__()
        self.game = view
        self.action = action
        self.seats = seats
        self.rows = position_rows(view, action)

    def lines(self) -> list[tuple[str, bool]]:
        """The panel's text lines (bold flag)."""
        g = self.game
        out: list[tuple[str, bool]] = []
        if not self.rows:
            out.append((tr("context.nobody"), False))
        for r in self.rows:
            dice = " + ".join(f"{letter}={v}" for letter, v in r["dice"])
            if r["bonus"]:
                dice += " + " + tr("context.bonus", n=r["bonus"])
            pos = {1: tr("term.position_1"), 2: tr("term.position_2")}.get(r["position"], tr("context.no_position"))
            out.append((tr("context.row", rank=r["rank"] + 1, name=r["name"], dice=dice, total=r["total"],
                           position=pos), r["position"] > 0))
        totals = [r["total"] for r in self.rows]
        if len(totals) != len(set(totals)):
            out.append((tr("context.tie"), False))
        out.append((tr("context.order", names=", ".join(g.names[(g.start + i) % g.players]
                                                        for i in range(g.players))), False))
        if g.players == 2:
            out.append((tr("context.two_players"), False))
        return out

    def handle(self, intent: Intent) -> None:
        closing = isinstance(intent, Key) or (isinstance(intent, Click) and intent.button in (1, 3))
        if closing and self.entered and self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = scale_of((w, h))
        dim(surface, 110)
        f = art.font(max(11, int(20 * s)))
        fb = art.font(max(11, int(20 * s)), True)
        lines = self.lines()
        width = min(w - 40, int(900 * s))
        wrapped: list[tuple[str, bool]] = []
        for text, bold in lines:
            for ln in wrap(text, fb if bold else f, width - int(140 * s)):
                wrapped.append((ln, bold))
        lh = f.get_linesize() + 4
        box = pygame.Rect(0, 0, width, int(150 * s) + lh * len(wrapped))
        box.center = (w // 2, h // 2)
        y = draw_panel(surface, box, s, tr("context.title", action=action_name(self.action)))
        ic = art.icon(pictures.ACTION_ICONS[self.action], int(64 * s))
        surface.blit(ic, (box.x + int(20 * s), box.y + int(14 * s)))
        for ln, bold in wrapped:
            surface.blit((fb if bold else f).render(ln, True, palette.INK), (box.x + int(100 * s), y))
            y += lh
        text_lines(surface, [tr("context.close")], art.font(max(10, int(15 * s))),
                   (box.x + int(100 * s), box.bottom - int(34 * s)), palette.INK_SOFT)
