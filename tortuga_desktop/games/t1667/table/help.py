"""Tortuga 1667's rules help (F1) and its first-game tips.

:class:`Help1667Scene` is the shell's help page (:class:`...shell.scenes.helppage.HelpPage`:
contents on the left, scrollable sections with pictures, Esc/F1 close) filled with 1667's rules,
written in our own words from ``docs/rules-1667.md`` in four languages (``t1667.help.*`` keys).
Its pictures are drawn by code with the table's own symbols (:mod:`.render`), and
two sections are the card lists: every Event card with its count and effect, every Vote-card
symbol with what it counts for (:func:`card_list`, :func:`vote_list`).

First-game tips: :func:`tip_for` gives the translation key of the tip for a kind of decision
(:class:`~..rules.state.Kind`). :class:`Tips1667` shows each tip once, the first time a human
seat meets that decision, as the dice game's tips do (:mod:`...dice.table.tips`): the same setting turns
them off (``settings.tips``) and the same list remembers which were shown (``settings.tips_seen``,
as ``"1667.<kind>"``, apart from the dice game's). The table scene calls
``tips.show_for(kind)`` when a human decision opens and ``tips.draw(surface, rect)`` where it puts
the tip; a click on the tip's close box (``tips.click(pos)``) hides it.
"""

from __future__ import annotations

from typing import Any

import pygame

from tortuga_desktop.games.t1667.rules.cards import EVENT_CARDS, EventCard, Loyalty, VoteCard
from tortuga_desktop.games.t1667.rules.state import Kind
from tortuga_desktop.games.t1667.table.render import (
    LOYALTY_STYLES,
    SEAT_STYLES,
    event_glyph,
    shape,
    ship_pic,
    symbol,
    vote_card,
)
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport
from tortuga_desktop.shell.scenes.dialogs import scale_of, wrap
from tortuga_desktop.shell.scenes.helppage import HelpPage, draw_arrow

__all__ = ["CARD_ORDER", "HELP_SECTIONS_1667", "TIP_KEYS_1667", "Help1667Scene", "Tips1667", "card_list",
           "help_sections_1667", "tip_for", "vote_list"]

#: The sections of the 1667 help, in reading order: keys ``t1667.help.<id>.title`` / ``.body``.
HELP_SECTIONS_1667: tuple[str, ...] = (
    "overview", "table", "loyalty", "setup", "turn", "roles", "votes", "vote_cards", "maroon", "events",
    "cards", "starred", "end", "sudden_death", "small", "hidden", "notes",
)
#: The Event cards in the order the card list shows them (the starred six last).
CARD_ORDER: tuple[EventCard, ...] = (
    EventCard.MARQUE, EventCard.PISTOL, EventCard.SPOT, EventCard.ALBATROSS, EventCard.MAP, EventCard.POWDER,
    EventCard.NEST, EventCard.ARMADA, EventCard.FACADE, EventCard.FEVER, EventCard.WINDS, EventCard.RUM,
    EventCard.SCURVY, EventCard.REPRISAL,
)
_SYMBOLS = ("c", "t", "w", "b", "f", "s", "h")


def card_list(cards: tuple[EventCard, ...] = CARD_ORDER) -> list[str]:
    """One bullet line per Event card: its name, how many there are (and whether it is starred) and what it does."""
    out = []
    for card in cards:
        count = f"{EVENT_CARDS[card]}×" + (tr("t1667.help.starred_mark") if card.starred else "")
        out.append("• " + tr("t1667.help.card_line", name=tr(f"e1667.card.{card.value}"), count=count,
                             effect=tr(f"t1667.help.card.{card.value}")))
    return out


def vote_list() -> list[str]:
    """One bullet line per Vote-card symbol: its name and what it counts for."""
    return ["• " + tr("t1667.help.card_line", name=tr(f"e1667.sym.{sym}"), count=tr(f"t1667.help.sym_part.{sym}"),
                      effect=tr(f"t1667.help.sym.{sym}")) for sym in _SYMBOLS]


def help_sections_1667() -> list[tuple[str, str, str]]:
    """``[(id, title, body), ...]`` of the 1667 help in the current language."""
    out = []
    for sec in HELP_SECTIONS_1667:
        body = tr(f"t1667.help.{sec}.body")
        if sec == "cards":
            body = body + "\n\n" + "\n".join(card_list(CARD_ORDER[:8]))
        elif sec == "starred":
            body = body + "\n\n" + "\n".join(card_list(CARD_ORDER[8:]))
        elif sec == "vote_cards":
            body = body + "\n\n" + "\n".join(vote_list())
        out.append((sec, tr(f"t1667.help.{sec}.title"), body))
    return out


# A picture is a row of items: ("loyalty", Loyalty), ("seat", i), ("sym", "C"), ("vote", "CBS"),
# ("event", EventCard), ("ship", i), ("coin", n) or "→".
_PICTURES: dict[str, list[Any]] = {
    "overview": [("ship", 0), ("coin", 2), ("loyalty", Loyalty.BRITISH), ("loyalty", Loyalty.FRENCH),
                 ("loyalty", Loyalty.DUTCH), ("ship", 1)],
    "table": [("ship", 0), ("ship", 1), ("coin", 4), ("event", EventCard.ARMADA)],
    "loyalty": [("loyalty", Loyalty.BRITISH), ("loyalty", Loyalty.FRENCH), ("loyalty", Loyalty.DUTCH)],
    "setup": [("seat", 0), ("seat", 1), ("seat", 2), ("seat", 3), ("seat", 4), "→", ("ship", 0), ("ship", 1)],
    "turn": [("event", EventCard.NEST), ("event", EventCard.MARQUE), "→", ("seat", 2)],
    "roles": [("seat", 0), ("seat", 1), ("seat", 2), "→", ("sym", "C"), ("sym", "S"), ("sym", "B")],
    "votes": [("vote", "CBS"), ("vote", "TFH"), ("vote", "WBS"), "→", ("sym", "C"), ("sym", "T")],
    "vote_cards": [("vote", "CBBH"), ("vote", "CFFS"), ("vote", "TBS"), ("vote", "WFH")],
    "maroon": [("seat", 3), "→", ("sym", "S")],
    "events": [("event", c) for c in CARD_ORDER[:4]],
    "cards": [("event", c) for c in CARD_ORDER[:8]],
    "starred": [("event", c) for c in CARD_ORDER[8:]],
    "end": [("event", EventCard.ARMADA), "→", ("coin", 3), ("loyalty", Loyalty.BRITISH), ("coin", 2),
            ("loyalty", Loyalty.FRENCH)],
    "sudden_death": [("coin", 3), ("loyalty", Loyalty.BRITISH), ("coin", 3), ("loyalty", Loyalty.FRENCH), "→",
                     ("event", EventCard.PISTOL)],
    "small": [("seat", 0), ("seat", 1), ("loyalty", Loyalty.BRITISH), ("loyalty", Loyalty.FRENCH)],
    "hidden": [("loyalty", Loyalty.DUTCH), ("vote", "TFS"), ("event", EventCard.FACADE)],
    "notes": [("seat", 1), ("loyalty", Loyalty.FRENCH), ("seat", 2), ("loyalty", Loyalty.BRITISH)],
}


def draw_picture_1667(surface: pygame.Surface | None, items: list[Any], x: int, y: int, size: int) -> int:
    """Draw a picture row at (x, y) (only measure it when ``surface`` is None); its height (0 when empty)."""
    if not items:
        return 0
    if surface is None:
        return size
    gap = max(4, size // 6)
    for it in items:
        if it == "→":
            x += draw_arrow(surface, x, y, size) + gap
            continue
        what, arg = it
        c = (x + size // 2, y + size // 2)
        width = size
        if what == "loyalty":
            style = LOYALTY_STYLES[arg]
            shape(surface, style.shape, c, size * 0.38, style.rgb)
        elif what == "seat":
            style = SEAT_STYLES[arg]
            shape(surface, style.shape, c, size * 0.32, style.rgb)
        elif what == "sym":
            symbol(surface, arg, c, int(size * 0.4))
        elif what == "vote":
            width = int(size * 0.7)
            vote_card(surface, pygame.Rect(x, y, width, size), VoteCard.parse(arg))
        elif what == "event":
            width = int(size * 0.75)
            card = pygame.Rect(x, y, width, size)
            fill = palette.GOLD_LIGHT if arg.starred else palette.PARCHMENT
            pygame.draw.rect(surface, fill, card, border_radius=max(3, size // 10))
            pygame.draw.rect(surface, palette.INK, card, max(1, size // 28), border_radius=max(3, size // 10))
            event_glyph(surface, arg, card.center, int(size * 0.28))
        elif what == "ship":
            width = int(size * 1.5)
            ship_pic(surface, pygame.Rect(x, y, width, size), SEAT_STYLES[6 + arg].rgb)
        elif what == "coin":
            coin = art.icon("coin", int(size * 0.55))
            for k in range(arg):
                surface.blit(coin, (x + k * size // 4, y + size // 4))
            width = size // 4 * (arg - 1) + int(size * 0.55)
        x += width + gap
    return size


class Help1667Scene(HelpPage):
    """The 1667 rules, scrollable, with pictures (F1 at the 1667 table, Help in its game chooser)."""

    name = "help1667"
    title_key = "t1667.help.heading"

    def sections(self) -> list[tuple[str, str, str]]:
        return help_sections_1667()

    def section_picture(self, page: pygame.Surface | None, sec: str, x: int, y: int, size: int) -> int:
        return draw_picture_1667(page, _PICTURES.get(sec, []), x, y, size)

    # -- Learn to play: a button beside Close (and the L key) starts the guided game ---------------
    _learn = pygame.Rect(0, 0, 0, 0)

    def learn(self) -> None:
        """Close the rules and start (or go back to) Tortuga 1667's guided game (through the game's module in
        the shell's registry: the tutorial's scene is a table scene, whose F1 opens this page)."""
        if not self.entered:
            return
        app = self.app
        self.close()
        if any(getattr(s, "name", "") == TUTORIAL_SCENE for s in app.scenes):
            return  # F1 during the tutorial: back to it
        tutorial = games.module(GAME).tutorial()
        if tutorial is not None:
            tutorial.start(app)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Click) and intent.button == 1 and self._learn.collidepoint(intent.pos):
            self.learn()
            return
        if isinstance(intent, Key) and intent.key == pygame.K_l and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.learn()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = scale_of(surface.get_size())
        f = art.font(max(11, int(20 * s)), True)
        t = f.render(tr("tutorial.t1667.help_button"), True, palette.INK)
        close = self._close
        self._learn = t.get_rect(midright=(close.x - max(8, int(16 * s)), close.centery)).inflate(int(24 * s), 0)
        self._learn.h = close.h
        self._learn.centery = close.centery
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, self._learn, border_radius=max(3, int(8 * s)))
        pygame.draw.rect(surface, palette.INK, self._learn, max(1, int(2 * s)), border_radius=max(3, int(8 * s)))
        surface.blit(t, t.get_rect(center=self._learn.center))

    def layout_report(self) -> LayoutReport:
        rep = super().layout_report()
        rep.add("learn", self._learn)
        return rep


#: this game's key in the shell's registry, and the name of its tutorial's scene (``tutorial_scene.py``)
GAME = "t1667"
TUTORIAL_SCENE = "tutorial1667"


# ------------------------------------------------------------------------------------------ tips
#: Decision kind -> the translation key of its first-game tip (every kind has one).
TIP_KEYS_1667: dict[Kind, str] = {kind: f"t1667.tip.{kind.value.replace('-', '_')}" for kind in Kind}


def tip_for(kind: Kind | str) -> str:
    """The translation key of the first-game tip for a decision ``kind`` (a :class:`Kind` or its value);
    raises ValueError for anything that is not a 1667 decision kind."""
    return TIP_KEYS_1667[Kind(kind)]


class Tips1667:
    """Shows each decision kind's tip once (first game), remembered in the settings like the dice game's."""

    def __init__(self, settings: Any, save: Any = None) -> None:
        """``settings``: the App's settings (``tips``, ``tips_seen``); ``save()`` stores them (the App's
        ``save_settings``; it writes off the frame loop)."""
        self.settings = settings
        self.save = save
        self.current: Kind | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def seen_name(kind: Kind) -> str:
        return f"1667.{kind.value}"

    def show_for(self, kind: Kind | None) -> bool:
        """A human decision of ``kind`` opened (None: none is open). Returns True when the shown tip changed."""
        before = self.current
        self.current = None
        if kind is not None and getattr(self.settings, "tips", False):
            name = self.seen_name(Kind(kind))
            seen = tuple(getattr(self.settings, "tips_seen", ()))
            if name not in seen:
                self.current = Kind(kind)
                self.settings.tips_seen = (*seen, name)
                if callable(self.save):
                    self.save()
        return before != self.current

    @property
    def visible(self) -> bool:
        return self.current is not None and bool(getattr(self.settings, "tips", False))

    def text(self) -> str:
        return tr(tip_for(self.current)) if self.current is not None else ""

    def dismiss(self) -> None:
        self.current = None

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click: True when it closed the tip (the click is used up)."""
        if self.visible and self.close_rect.collidepoint(pos):
            self.dismiss()
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, px: int = 15) -> None:
        """The tip in a gold box at the top of ``rect`` (as high as its text needs), with a close box."""
        if not self.visible:
            self.rect = self.close_rect = pygame.Rect(0, 0, 0, 0)
            return
        size = max(10, px)
        while True:  # the largest type (from px down to 10 px) at which the whole tip fits
            f = art.font(size)
            fb = art.font(size, True)
            lines = wrap(self.text(), f, rect.w - 16)
            h = fb.get_linesize() + len(lines) * f.get_linesize() + 14
            if h <= rect.h or size <= 10:
                break
            size -= 1
        close = max(14, fb.get_linesize())
        box = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, h))
        room = max(1, (box.h - 14 - fb.get_linesize()) // f.get_linesize())
        if len(lines) > room:  # still too long at 10 px: the last line that fits says the text goes on
            lines = lines[:room]
            lines[-1] = lines[-1].rstrip() + " …"
        pygame.draw.rect(surface, palette.GOLD_LIGHT, box, border_radius=8)
        pygame.draw.rect(surface, palette.BRASS_DARK, box, 2, border_radius=8)
        surface.blit(fb.render(tr("tips.label"), True, palette.INK), (box.x + 8, box.y + 5))
        y = box.y + 5 + fb.get_linesize()
        for ln in lines:
            if y + f.get_linesize() > box.bottom:
                break
            surface.blit(f.render(ln, True, palette.INK), (box.x + 8, y))
            y += f.get_linesize()
        self.close_rect = pygame.Rect(box.right - close - 4, box.y + 4, close, close)
        x_ = self.close_rect.inflate(-close // 2, -close // 2)
        pygame.draw.line(surface, palette.INK, x_.topleft, x_.bottomright, 2)
        pygame.draw.line(surface, palette.INK, x_.bottomleft, x_.topright, 2)
        self.rect = box
