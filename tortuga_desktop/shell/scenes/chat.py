"""The chat of a network table: :class:`ChatPanel`, on the table (an overlay of
:class:`~.nettable.NetTableScene`) and in the lobby (the host's waiting room).

On the table the panel is closed until the player presses T (or Enter when no decision panel
is open; Enter there confirms a decision) or clicks the chat tab; it then covers the ship's log
with the table's chat, a row of names to mute and the text field. Closed, a small tab in the
log's top corner says how many messages are new and shows the newest for a few seconds. In the
lobby the messages are always shown (a column beside the seats); T or Enter (when Enter would
not start the game) opens the text field.

In the field, Enter sends (the field stays open), Escape closes it (what was typed is kept);
every other key goes to the field, never to the table. Each message shows the sender's seat
colour and name as the server stamped them; the table's notes (joined, dropped out, back,
left, a computer took over) are worded here from their kind, a computer player's own line
(kind ``bot``: its game's data) by the table's game. Clicking a name in the mute row
mutes that player's messages on this computer for this table (their notes still show);
clicking again unmutes. Hot-seat games have no chat (no server, nobody to talk to).

The text field is the project's guarded entry (:func:`.dialogs.text_entry`): it refuses the
zero-width and control characters pygame_gui cannot draw; the server cleans and caps the
text again (:func:`tortuga_desktop.net.protocol.clean_chat`).

A watcher (a spectator without a seat) reads the chat but cannot write in it: the server takes
chat only from seated players, so its panel has no text field and says "you are watching: you
can read the chat, not write in it".
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.net.protocol import MAX_CHAT
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Click, Intent, Key, UIEvent
from tortuga_desktop.shell.netsession import ChatLine, NetSession
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine, text_entry

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

log = logging.getLogger(__name__)

__all__ = ["ChatPanel", "chat_text", "wrap_chars"]

#: seconds the newest message shows on the closed tab
TOAST_SECONDS = 8.0


def chat_text(line: ChatLine, session: NetSession | None = None) -> str:
    """What one chat entry says (the name is drawn in the seat's colour before it); a computer
    player's line (kind ``bot``) is worded by the table's game (``session``: the table's)."""
    if line.kind == "say":
        return line.text
    if line.kind == "bot":
        return session.bot_words(line) if session is not None else tr("net.chat.bot_unread", name=line.name)
    return tr(f"net.chat.{line.kind}", name=line.name)


def wrap_chars(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Word wrap to ``width`` pixels; a word wider than a line is cut between characters."""
    lines: list[str] = []
    cur = ""
    for word in text.split(" "):
        while font.size(word)[0] > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            if cur:
                lines.append(cur)
                cur = ""
            lines.append(word[:cut])
            word = word[cut:]
        trial = f"{cur} {word}" if cur else word
        if cur and font.size(trial)[0] > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def _render(font: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    try:
        return font.render(text, True, colour)
    except (pygame.error, ValueError):  # nothing the font can draw: a blank of the line's height
        log.warning("a chat line could not be drawn")
        return pygame.Surface((1, font.get_linesize()), pygame.SRCALPHA)


class ChatPanel:
    """The table's chat (see the module docstring). ``docked``: always shown in ``rect``
    (the lobby); else an overlay of the table that opens on the ship's log."""

    def __init__(self, session: NetSession, *, docked: bool = False) -> None:
        self.session = session
        self.docked = docked
        self.open = False
        self.draft = ""
        #: the panel's place (the lobby sets it; on the table it is the log's rect)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.entry: SafeTextEntryLine | None = None
        self._entry_rect = pygame.Rect(0, 0, 0, 0)
        self._chips: list[tuple[pygame.Rect, int]] = []
        self._tab = pygame.Rect(0, 0, 0, 0)
        self._seen = session.chat_received  # what came before (the lobby's chat) is not news here
        self._count = session.chat_received
        self._toast_until = 0.0
        self._key: tuple[object, ...] | None = None
        self._app: App | None = None
        self._lines_key: tuple[object, ...] | None = None
        self._lines_layer: pygame.Surface | None = None

    # ------------------------------------------------------------------ state
    @property
    def visible(self) -> bool:
        """Drawn over the table now (the table then redraws fully): open, or a new message shown."""
        return self.open or self.docked or time.monotonic() < self._toast_until

    def unread(self) -> int:
        """Messages (not the table's notes, not muted) that arrived since the panel was last open."""
        c = self.session
        new = min(c.chat_received - self._seen, len(c.chat))
        if new <= 0:
            return 0
        return sum(1 for x in c.chat[-new:] if x.kind == "say" and x.seat not in c.muted)

    def tab_key(self) -> tuple[int, str] | None:
        """What the closed tab shows (the table redraws its cached layer when it changes)."""
        return None if self.open or self.docked else (self.unread(), tr("net.chat.tab"))

    def people(self) -> list[tuple[int, str]]:
        """The other people at the table (seat, name): the ones who can be muted."""
        here = set(self.session.human_seats)
        return [(s.seat, s.name) for s in self.session.lobby if s.seat not in here and s.kind != "computer"
                and s.taken]

    def lines(self) -> list[str]:
        """The chat as the player reads it, "name: text" (tests)."""
        return [f"{c.name}: {chat_text(c)}" if c.kind == "say" else chat_text(c, self.session)
                for c in self.session.chat_lines()]

    @property
    def can_write(self) -> bool:
        """Can this computer write in the chat? A watcher cannot (the server takes chat only from
        seated players): its panel shows the chat with no field to type in, and says so."""
        return not self.session.watching

    def hint(self) -> str:
        """The line under the panel's title: how to write and close it, or that a watcher reads only."""
        if not self.can_write:
            return tr("net.chat.hint_watching")
        return tr("net.chat.hint") if self.open else tr("net.chat.hint_closed")

    def colour_of(self, seat: int) -> tuple[int, int, int]:
        return palette.PLAYER_COLOURS[seat % len(palette.PLAYER_COLOURS)].rgb

    # ------------------------------------------------------------------ open / close / send
    def open_field(self, app: App | None) -> None:
        self._app = app
        self.open = True
        self._seen = self.session.chat_received
        self._make_entry()

    def close_field(self) -> None:
        self._kill_entry()
        self.open = False
        self._seen = self.session.chat_received

    def send(self) -> bool:
        """Send what is typed (True: sent). An empty field sends nothing."""
        text = self.entry.get_text() if self.entry is not None else self.draft
        if not self.session.say(text):
            return False
        self.draft = ""
        if self.entry is not None:
            self.entry.set_text("")
        return True

    def toggle_mute(self, seat: int, app: App | None = None) -> None:
        name = next((n for s, n in self.people() if s == seat), f"{seat + 1}")
        muted = self.session.toggle_mute(seat)
        if app is not None:
            app.notify(tr("net.chat.muted_notice" if muted else "net.chat.unmuted_notice", name=name), "info")

    def _make_entry(self) -> None:
        app = self._app
        if app is None or self._entry_rect.w <= 0 or not self.can_write:
            return
        if self.entry is not None:
            self.draft = self.entry.get_text()
            self.entry.kill()  # type: ignore[no-untyped-call]
        self.entry = text_entry(self._entry_rect, app.ui, initial_text=self.draft,
                                placeholder_text=tr("net.chat.placeholder"), length_limit=MAX_CHAT)
        self.entry.focus()  # type: ignore[no-untyped-call]

    def _kill_entry(self) -> None:
        if self.entry is not None:
            self.draft = self.entry.get_text()
            self.entry.kill()  # type: ignore[no-untyped-call]
            self.entry = None

    def exit(self) -> None:
        """The scene goes: remove the field."""
        self._kill_entry()

    # ------------------------------------------------------------------ input
    def wants_enter(self, scene: Scene) -> bool:
        """Does Enter open the chat on ``scene`` now (not a decision or a start to confirm)?"""
        return not scene.takes_enter()

    def handle(self, intent: Intent, scene: Scene) -> bool:
        """True when the chat used the intent (the scene then ignores it)."""
        app = scene.app if scene.entered else None
        if self.open:
            if isinstance(intent, Key):
                if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    self.send()
                elif intent.key == pygame.K_ESCAPE:
                    self.close_field()
                return True  # every other key is typing
            if isinstance(intent, UIEvent):
                el = getattr(intent.event, "ui_element", None)
                return el is not None and el is self.entry
            if isinstance(intent, Click) and intent.button == 1:
                for rect, seat in self._chips:
                    if rect.collidepoint(intent.pos):
                        self.toggle_mute(seat, app)
                        return True
                if self.rect.collidepoint(intent.pos):
                    if self.entry is not None:
                        self.entry.focus()  # type: ignore[no-untyped-call]
                    return True
                if not self.docked:  # a click on the table: the chat steps aside (what was typed is kept)
                    self.close_field()
            return False
        if isinstance(intent, Key):
            if intent.key == pygame.K_t or (intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                                            and self.wants_enter(scene)):
                self.open_field(app)
                return True
            return False
        if isinstance(intent, Click) and intent.button == 1:
            if self.docked:
                for rect, seat in self._chips:
                    if rect.collidepoint(intent.pos):
                        self.toggle_mute(seat, app)
                        return True
            if self._tab.collidepoint(intent.pos) or (self.docked and self.rect.collidepoint(intent.pos)):
                self.open_field(app)
                return True
        return False

    # ------------------------------------------------------------------ update and draw
    def update(self, dt: float, scene: Scene) -> bool:
        """True when the panel looks different now."""
        c = self.session
        if c.chat_received != self._count:
            self._count = c.chat_received
            if self.open:
                self._seen = c.chat_received
            elif c.chat and c.chat[-1].kind == "say" and c.chat[-1].seat not in c.muted:
                self._toast_until = time.monotonic() + TOAST_SECONDS
        key = (self._count, len(c.muted), tuple(c.muted), self.open, time.monotonic() < self._toast_until,
               tuple(self.people()))
        if key != self._key:
            self._key = key
            return True
        return False

    def _place(self, scene: Scene) -> pygame.Rect:
        renderer = getattr(scene, "renderer", None)
        if not self.docked and renderer is not None:
            return pygame.Rect(renderer.layout.log)
        return self.rect

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        rect = self._place(scene)
        if rect.w <= 0 or rect.h <= 0:
            return
        font, bold, pad = self._fonts(surface)
        unit = max(0.6, min(1.6, surface.get_height() / 900))
        if not (self.open or self.docked):
            self._draw_toast(surface, rect, font, pad)
            return
        self._tab = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(rect)
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, rect, border_radius=pad)
        pygame.draw.rect(surface, palette.BRASS_DARK, rect, max(1, int(2 * unit)), border_radius=pad)
        title = art.font(max(13, int(22 * unit)), True)
        t = _render(title, tr("net.chat.title"), palette.INK)
        surface.blit(t, (rect.x + pad * 2, rect.y + pad))
        y = rect.y + pad + t.get_height() + pad // 2
        small = art.font(max(11, int(15 * unit)))
        for ln in wrap_chars(self.hint(), small, rect.w - 4 * pad)[:2]:
            surface.blit(_render(small, ln, palette.INK_SOFT), (rect.x + pad * 2, y))
            y += small.get_linesize()
        y = self._draw_chips(surface, rect, small, y + pad // 2, pad)
        field = self.open and self.can_write  # a watcher gets no field to type in
        entry_h = max(26, int(34 * unit)) if field else 0
        bottom = rect.bottom - pad - (entry_h + pad if field else 0)
        self._draw_lines(surface, pygame.Rect(rect.x + pad * 2, y + pad // 2, rect.w - 4 * pad,
                                              bottom - y - pad // 2), font, bold)
        if field:
            er = pygame.Rect(rect.x + pad, rect.bottom - pad - entry_h, rect.w - 2 * pad, entry_h)
            if er != self._entry_rect or self.entry is None:
                self._entry_rect = er
                if self._app is None:
                    self._app = scene.app if scene.entered else None
                self._make_entry()

    def _draw_chips(self, surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font, y: int, pad: int) -> int:
        self._chips = []
        people = self.people()
        if not people:
            return y
        x = rect.x + pad * 2
        lh = font.get_linesize() + pad // 2
        label = _render(font, tr("net.chat.mute_label"), palette.INK_SOFT)
        surface.blit(label, (x, y + pad // 4))
        x += label.get_width() + pad
        for seat, name in people:
            muted = seat in self.session.muted
            text = tr("net.chat.muted_chip", name=name) if muted else name
            t = _render(font, text, palette.INK_SOFT if muted else palette.INK)
            w = t.get_width() + lh + pad
            if x + w > rect.right - pad * 2:
                x = rect.x + pad * 2
                y += lh + pad // 2
            chip = pygame.Rect(x, y, w, lh)
            pygame.draw.rect(surface, palette.PARCHMENT_DARK if muted else palette.PARCHMENT, chip, border_radius=pad)
            pygame.draw.rect(surface, palette.BRASS_DARK, chip, 1, border_radius=pad)
            dot = pygame.Rect(chip.x + pad // 2, chip.y + lh // 4, lh // 2, lh // 2)
            pygame.draw.rect(surface, self.colour_of(seat), dot, border_radius=2)
            if muted:
                pygame.draw.line(surface, palette.DANGER, dot.topleft, dot.bottomright, 2)
            surface.blit(t, (dot.right + pad // 2, chip.y + (lh - t.get_height()) // 2))
            self._chips.append((chip, seat))
            x += w + pad // 2
        return int(y + lh + pad // 2)

    def _draw_lines(self, surface: pygame.Surface, area: pygame.Rect, font: pygame.font.Font, bold: pygame.font.Font) -> None:
        """The newest entries that fit ``area``, newest at the bottom. Drawn once into a layer
        kept until the chat, the mutes, the size or the language change (typing redraws the
        table every key; wrapping sixty messages each time took about 18 ms)."""
        if area.w <= 0 or area.h <= 0:
            return
        c = self.session
        key = (c.chat_received, len(c.chat), tuple(sorted(c.muted)), area.size, font.get_height(), tr("net.chat.empty"))
        if self._lines_key != key or self._lines_layer is None:
            self._lines_key = key
            self._lines_layer = self._render_lines(area.size, font, bold)
        surface.blit(self._lines_layer, area.topleft)

    def _render_lines(self, size: tuple[int, int], font: pygame.font.Font, bold: pygame.font.Font) -> pygame.Surface:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        lines = self.session.chat_lines()
        if not lines:
            for i, ln in enumerate(wrap_chars(tr("net.chat.empty"), font, w)[:3]):
                layer.blit(_render(font, ln, palette.INK_SOFT), (0, i * font.get_linesize()))
            return layer
        lh = font.get_linesize()
        room = max(1, h // lh)
        rows: list[list[tuple[str, tuple[int, int, int], pygame.font.Font]]] = []
        for c in reversed(lines):  # newest first, until the area is full
            entry: list[list[tuple[str, tuple[int, int, int], pygame.font.Font]]] = []
            if c.kind == "say":
                head = f"{c.name}: "
                body = wrap_chars(head + c.text, font, w)
                first = body[0][len(head):] if body and body[0].startswith(head) else None
                if first is not None:
                    entry.append([(head, self.colour_of(c.seat), bold), (first, palette.INK, font)])
                    entry += [[(b, palette.INK, font)] for b in body[1:]]
                else:
                    entry += [[(b, palette.INK, font)] for b in body]
            else:
                entry += [[(b, palette.INK_SOFT, font)] for b in wrap_chars("· " + chat_text(c, self.session), font, w)]
            rows = entry + rows
            if len(rows) >= room:
                break
        shown = rows[-room:]
        y = h - len(shown) * lh
        for row in shown:
            x = 0
            for text, colour, f in row:
                surf = _render(f, text, colour)
                if f is bold:  # the name in the seat's colour, on a dark edge so light colours read
                    layer.blit(_render(f, text, palette.INK), (x + 1, y + 1))
                layer.blit(surf, (x, y))
                x += surf.get_width()
            y += lh
        return layer

    @staticmethod
    def _fonts(surface: pygame.Surface) -> tuple[pygame.font.Font, pygame.font.Font, int]:
        unit = max(0.6, min(1.6, surface.get_height() / 900))
        return art.font(max(12, int(18 * unit))), art.font(max(12, int(18 * unit)), True), max(4, int(8 * unit))

    def _tab_rect(self, rect: pygame.Rect, bold: pygame.font.Font, pad: int, text: str) -> pygame.Rect:
        w, h = bold.size(text)
        tab = pygame.Rect(0, 0, w + 2 * pad, h + pad)
        tab.topright = (rect.right - pad, rect.y + pad)  # beside the log's title, clear of its key help
        return tab

    def draw_tab(self, surface: pygame.Surface, scene: Scene) -> None:
        """The closed chat's tab in the log's corner: "T: chat", and how many messages are new
        (drawn into the table's cached layer; see :meth:`tab_key`)."""
        rect = self._place(scene)
        if self.open or self.docked or rect.w <= 0:
            return
        _font, bold, pad = self._fonts(surface)
        n = self.unread()
        text = tr("net.chat.tab") + (f"  ·  {trn('net.chat.unread', n)}" if n else "")
        tab = self._tab_rect(rect, bold, pad, text)
        pygame.draw.rect(surface, palette.GOLD_LIGHT if n else palette.PARCHMENT, tab, border_radius=pad)
        pygame.draw.rect(surface, palette.BRASS_DARK, tab, 1, border_radius=pad)
        t = _render(bold, text, palette.INK)
        surface.blit(t, t.get_rect(center=tab.center))
        self._tab = tab

    def _draw_toast(self, surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font, pad: int) -> None:
        """The newest message for a few seconds above the closed tab."""
        last = next((c for c in reversed(self.session.chat_lines()) if c.kind == "say"), None)
        if last is None or time.monotonic() >= self._toast_until:
            return
        lines = wrap_chars(f"{last.name}: {last.text}", font, rect.w - 4 * pad)[:3]
        box = pygame.Rect(rect.x + pad, 0, rect.w - 2 * pad, len(lines) * font.get_linesize() + pad)
        box.top = (self._tab.bottom if self._tab.h else rect.y + pad) + pad // 2
        pygame.draw.rect(surface, palette.GOLD_LIGHT, box, border_radius=pad)
        pygame.draw.rect(surface, palette.BRASS_DARK, box, 1, border_radius=pad)
        pygame.draw.rect(surface, self.colour_of(last.seat), (box.x, box.y, pad, box.h), border_radius=pad)
        for i, ln in enumerate(lines):
            surface.blit(_render(font, ln, palette.INK), (box.x + pad * 2, box.y + pad // 2 + i * font.get_linesize()))
