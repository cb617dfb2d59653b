"""The dice game's decision panel on screen: :class:`DecisionPanel` draws a :class:`.decision.DecisionModel`.

The model (:mod:`.decision`, no pygame) holds the decision, what is picked and what confirming
would send; this panel lays it out in a rectangle, draws it, and turns the player's input into the
model's inputs: a click on an option or on the table thing it stands for picks it, a click on a
button presses it, hovering previews an option, keys move the focus, pick by hotkey, clear and
confirm (see :data:`.decision.KEY_HELP`).

:meth:`DecisionPanel.layout` places the options and buttons (their rectangles are the panel's own
state); :meth:`DecisionPanel.handle` takes ``Click``/``Key``/``Hover`` intents and an optional
table hit target; :meth:`DecisionPanel.draw` paints the panel into ``renderer.prompt_rect``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol

import pygame

from tortuga_desktop.games.dice.rules import DIE_LETTERS, SKULL, DecisionKind, PlayerAction
from tortuga_desktop.games.dice.rules.prompt import SeatPrompt
from tortuga_desktop.games.dice.table import pictures
from tortuga_desktop.games.dice.table.decision import DecisionModel as DecisionModel
from tortuga_desktop.games.dice.table.decision import Mark, Option, Tone
from tortuga_desktop.games.dice.table.render.table import HitTarget
from tortuga_desktop.games.dice.table.source import SeatInfo
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.intents import Click, Hover, Key
from tortuga_desktop.shell.layout import panel_px, wrap_lines
from tortuga_desktop.shell.words import say, w

__all__ = ["DecisionModel", "DecisionPanel", "TableThing"]

_KEY_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
_KEY_NEXT = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
_KEY_PREV = (pygame.K_LEFT, pygame.K_UP)
_TONE: dict[Tone, palette.RGB] = {"hint": palette.INK_SOFT, "error": palette.DANGER, "ready": palette.SUCCESS}


class TableThing(Protocol):
    """A thing on the table under the mouse (the table's ``HitTarget``)."""

    @property
    def kind(self) -> str: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def index(self) -> int | None: ...

    @property
    def area(self) -> str | None: ...


@dataclass
class _Shown:
    """An option as laid out: its words said, and where it is."""

    option: Option
    label: str
    note: str
    rect: pygame.Rect

    @property
    def full(self) -> str:
        """The label as drawn on a text option: "[hotkey] label"."""
        hk = self.option.hotkey
        return f"[{hk.upper()}] {self.label}" if hk else self.label


#: the panel's buttons: the model's and the Hint button
ButtonName = Literal["hint", "suggest", "clear", "confirm"]


class _Box(NamedTuple):
    """The panel's spacing: padding, gap between things, inner width, button height."""

    pad: int
    gap: int
    inner_w: int
    btn_h: int


@dataclass
class _Button:
    name: ButtonName
    label: str
    enabled: bool
    rect: pygame.Rect


class DecisionPanel:
    """One decision panel at the table: the model's options and buttons, laid out and drawn."""

    def __init__(self, model: DecisionModel, *, seats: Sequence[SeatInfo] | None = None,
                 colour: palette.RGB | None = None) -> None:
        """The panel of ``model``; ``seats`` (who plays each seat) gives the seat's colour."""
        self.model = model
        self.colour = colour if colour is not None else self._seat_colour(seats)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[_Button] = []
        self.shown: list[_Shown] = []
        #: the button under the mouse (its index in :attr:`buttons`), None: none
        self.hover_button: int | None = None
        self._title_lines: list[str] = []
        self._cons_lines: list[str] = []
        self._msg_lines: list[str] = []
        self._option_font_key: object = None
        self._option_font_cache: pygame.font.Font | None = None
        #: the Hint button (dice/table/hints.py sets these: pressed calls on_hint; None hides the button)
        self.on_hint: Callable[[], None] | None = None
        self.hint_label = ""

    @classmethod
    def of(cls, prompt: SeatPrompt, *, seats: Sequence[SeatInfo] | None = None) -> DecisionPanel:
        """The panel of ``prompt``'s open decision."""
        return cls(DecisionModel(prompt), seats=seats)

    def _seat_colour(self, seats: Sequence[SeatInfo] | None) -> palette.RGB:
        idx = self.model.seat
        if seats is not None and 0 <= idx < len(seats):
            idx = int(seats[idx].colour)
        return palette.PLAYER_COLOURS[idx % len(palette.PLAYER_COLOURS)].rgb

    # ------------------------------------------------------------------ what the table asks
    @property
    def seat(self) -> int:
        return self.model.seat

    @property
    def kind(self) -> DecisionKind:
        return self.model.kind

    @property
    def prompt(self) -> SeatPrompt:
        return self.model.prompt

    @property
    def done(self) -> bool:
        return self.model.done

    def confirmed_action(self) -> PlayerAction | None:
        """The confirmed action (None until the player confirms)."""
        return self.model.confirmed_action()

    def wants_space(self) -> bool:
        """Space toggles the focused die or chest (see :meth:`.DecisionModel.wants_space`)."""
        return self.model.wants_space()

    @property
    def item_rects(self) -> list[pygame.Rect]:
        """Where the options are (after :meth:`layout`), in the model's order."""
        return [s.rect for s in self.shown]

    def marks(self) -> set[Mark]:
        return self.model.marks()

    def highlighted(self) -> set[HitTarget]:
        """Table things to highlight (picked dice, chests, targets, spaces) as the table's hit targets."""
        return {HitTarget(m.kind, m.seat, m.index, m.area) for m in self.model.marks()}

    # ------------------------------------------------------------------ input
    def handle(self, intent: object, hit: TableThing | None = None) -> bool:
        """Handle one intent (and the table hit target under a click). True if something changed."""
        if self.model.done:
            return False
        if isinstance(intent, Key):
            changed = self._key(intent.key, intent.mod, intent.unicode or "")
        elif isinstance(intent, Click):
            changed = intent.button == 1 and self._click(intent.pos, hit)
        elif isinstance(intent, Hover):
            return self._hover(intent.pos, hit)
        else:
            return False
        if changed and self.rect.w > 0:
            self.layout(self.rect)
        return changed

    def _option_at(self, hit: TableThing) -> int | None:
        return self.model.option_for_hit(hit.kind, hit.seat, hit.index, hit.area)

    def _click(self, pos: tuple[int, int], hit: TableThing | None) -> bool:
        for i, s in enumerate(self.shown):
            if s.rect.collidepoint(pos):
                return self.model.activate(i)
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.name == "hint":
                    if self.on_hint is not None:
                        self.on_hint()
                    return True
                return self.model.press(b.name)
        if hit is not None:
            target = self._option_at(hit)
            if target is not None:
                return self.model.activate(target)
        return False

    def _hover(self, pos: tuple[int, int], hit: TableThing | None = None) -> bool:
        item: int | None = None
        button: int | None = None
        for i, s in enumerate(self.shown):
            if s.rect.collidepoint(pos):
                item = i
        for i, b in enumerate(self.buttons):
            if b.rect.collidepoint(pos):
                item, button = None, i
        if item is None and button is None and hit is not None and not self.rect.collidepoint(pos):
            # Hovering the table thing an option stands for (a target's board, an action
            # space...) previews that option like hovering it in the panel.
            item = self._option_at(hit)
        changed = button != self.hover_button
        self.hover_button = button
        return self.model.set_hover(item) or changed

    def _key(self, key: int, mod: int, uni: str) -> bool:
        m = self.model
        if key in _KEY_ENTER:
            return m.enter()
        if key == pygame.K_SPACE and m.wants_space() and not mod & pygame.KMOD_CTRL:
            return m.toggle_focused()
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            return m.clear()
        if key in _KEY_NEXT or key in _KEY_PREV:
            return m.step_focus(-1 if key in _KEY_PREV or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT) else 1)
        if key == pygame.K_INSERT or (key == pygame.K_SPACE and mod & pygame.KMOD_CTRL):
            return m.toggle_focused()  # plain Space is the table's "skip animation"
        return m.hotkey(uni)

    # ------------------------------------------------------------------ layout
    def _fonts(self) -> tuple[pygame.font.Font, pygame.font.Font]:
        px = panel_px(self.rect, 16)
        return art.font(px, bold=True), art.font(max(10, px * 7 // 8))

    def _option_font(self) -> pygame.font.Font:
        """The one face every text option of this panel is drawn in (issue 23: options shrank
        each to its own size): the panel's small face, or a smaller one (down to 2/3 of it,
        never under 10 px) when a label does not fit its option beside its consequence, or on a line of its
        own where the option has room for two."""
        small = self._fonts()[1]
        texts = [s for s in self.shown if s.option.look == "text"]
        key = (small, tuple((s.full, s.note, s.option.enabled, tuple(s.rect)) for s in texts))
        if self._option_font_key == key and self._option_font_cache is not None:
            return self._option_font_cache

        def fits(font: pygame.font.Font) -> bool:  # as _draw_item places a label: beside its note, or above it
            for s in texts:
                note_w = small.size(s.note)[0] + 10 if s.note and s.option.enabled else 0
                if font.size(s.full)[0] <= s.rect.w - 6 - note_w:
                    continue
                two_lines = s.rect.h >= font.get_linesize() + small.get_linesize() + 4
                if not (note_w and two_lines and font.size(s.full)[0] <= s.rect.w - 12):
                    return False
            return True

        chosen = small
        if not fits(small):
            base = max(10, panel_px(self.rect, 16) * 7 // 8)
            for px in range(base - 1, max(10, base * 2 // 3) - 1, -1):
                chosen = art.font(px)
                if fits(chosen):
                    break
        self._option_font_key, self._option_font_cache = key, chosen
        return chosen

    def _button_font(self) -> pygame.font.Font:
        """One face for the panel's buttons, the largest (from the panel's small face down to
        10 px) in which every label fits its button (issue 23: "Thinking… cancel" spilled)."""
        small = self._fonts()[1]
        px = int(small.point_size)
        font = small
        while px > 10 and any(font.size(b.label)[0] > b.rect.w - 8 for b in self.buttons):
            px -= 1
            font = art.font(px)
        return font

    def layout(self, rect: pygame.Rect) -> None:
        """Place the text, the option buttons and the Confirm/Clear buttons inside ``rect``."""
        self.rect = pygame.Rect(rect)
        r = self.rect
        big_font, small_font = self._fonts()
        pad = max(4, min(10, r.h // 24))
        box = _Box(pad, max(3, pad // 2), max(10, r.w - 2 * pad), max(20, small_font.get_linesize() + 8))
        self._lay_text(box.inner_w)
        top = r.y + pad + len(self._title_lines) * big_font.get_linesize() + 4 * small_font.get_linesize() + box.gap
        button_rows = self._button_rows(box)
        bottom_row = r.bottom - pad - box.btn_h - (len(button_rows) - 1) * (box.btn_h + box.gap)
        self.shown = [_Shown(o, say(o.label), say(o.note) if o.note is not None else "", pygame.Rect(0, 0, 0, 0))
                      for o in self.model.options()]
        self._place_options(box, top, max(box.btn_h, bottom_row - box.gap - top))
        self._place_buttons(box, button_rows, bottom_row)

    def _lay_text(self, width: int) -> None:
        """The title, consequence and message lines, wrapped to ``width``."""
        m = self.model
        big_font, small_font = self._fonts()
        self._title_lines = wrap_lines(say(m.title()), big_font, width, 3) or [""]
        cons = m.consequence()
        self._cons_lines = wrap_lines(say(cons), small_font, width, 3) if cons is not None else []
        msg, _tone = m.message()
        self._msg_lines = wrap_lines(say(msg), small_font, width, max(1, 4 - len(self._cons_lines))) or [""]

    def _button_rows(self, box: _Box) -> list[list[tuple[ButtonName, str, bool]]]:
        """The buttons (name, label, enabled), in one row or, when their labels do not fit one
        row even in a 10 px face, in two."""
        buttons: list[tuple[ButtonName, str, bool]] = [(b.name, say(b.label), b.enabled) for b in self.model.buttons()]
        if self.on_hint is not None:
            buttons.insert(0, ("hint", self.hint_label or say(w("hint.button")), True))
        tiny = art.font(10)
        if sum(tiny.size(label)[0] + 16 for _n, label, _e in buttons) <= box.inner_w - (len(buttons) - 1) * box.gap:
            return [buttons]
        half = (len(buttons) + 1) // 2
        return [buttons[:half], buttons[half:]]

    def _place_options(self, box: _Box, top: int, avail: int) -> None:
        """Place the options from ``top`` in ``avail`` pixels: dice, chests and tiles as square
        chips, text options in columns (fewer, wider ones when they fit)."""
        r, gap, inner_w, btn_h = self.rect, box.gap, box.inner_w, box.btn_h
        small_font = self._fonts()[1]
        chip = [s for s in self.shown if s.option.look != "text"]
        size = 0
        if chip:
            size = max(20, min(panel_px(r, 64), (inner_w - 4 * gap) // max(1, min(5, len(chip))) - gap, avail))
            rows_needed = -(-len(chip) // max(1, (inner_w + gap) // (size + gap)))
            size = max(18, min(size, (avail - (rows_needed - 1) * gap) // max(1, rows_needed)))
        texts = [s for s in self.shown if s.option.look == "text"]
        cols = 1
        th = tw = 0
        if texts:
            def natural(s: _Shown) -> int:
                return small_font.size(s.full)[0] + 16 + (small_font.size(s.note)[0] + 16 if s.note else 0)

            widest = max(natural(s) for s in texts)
            cols = max(1, min(len(texts), (inner_w + gap) // max(1, widest + gap)))
            while cols > 1 and -(-len(texts) // (cols - 1)) * (btn_h + gap) <= avail:
                cols -= 1  # prefer fewer, wider columns when they fit
            rows = -(-len(texts) // cols)
            th = max(16, min(btn_h, (avail - (rows - 1) * gap) // max(1, rows)))
            tw = (inner_w - (cols - 1) * gap) // cols
            if any(natural(s) > tw for s in texts):
                # a label and its consequence side by side do not fit: two lines when there is room
                two = 2 * small_font.get_linesize() + 6
                th = max(th, min(two, (avail - (rows - 1) * gap) // max(1, rows)))
        left = r.x + box.pad
        x, y = left, top
        col = 0
        for s in self.shown:
            if s.option.look != "text":
                if x + size > r.right - box.pad and x > left:
                    x, y = left, y + size + gap
                s.rect = pygame.Rect(x, y, size, size)
                x += size + gap
                continue
            if col == 0 and x > left:
                x, y = left, y + (size if s is texts[0] and chip else th) + gap
            s.rect = pygame.Rect(x, y, tw, th)
            col += 1
            if col >= cols:
                col = 0
                x, y = left, y + th + gap
            else:
                x += tw + gap

    def _place_buttons(self, box: _Box, rows: list[list[tuple[ButtonName, str, bool]]], y: int) -> None:
        """Place the rows of buttons from ``y`` down, each row across the panel."""
        small_font = self._fonts()[1]
        self.buttons = []
        for row in rows:
            room = box.inner_w - (len(row) - 1) * box.gap
            natural = [small_font.size(label)[0] + 16 for _n, label, _e in row]
            widths = [room // len(row)] * len(row)
            if max(natural) > room // len(row):  # a long label ("Thinking… cancel"): as wide as it needs
                widths = [max(1, n * room // sum(natural)) for n in natural]
                if sum(natural) <= room:
                    spare = (room - sum(natural)) // len(row)
                    widths = [n + spare for n in natural]
            x = self.rect.x + box.pad
            for (name, label, enabled), width in zip(row, widths, strict=True):
                self.buttons.append(_Button(name, label, enabled, pygame.Rect(x, y, width, box.btn_h)))
                x += width + box.gap
            y += box.btn_h + box.gap

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, renderer: object = None) -> None:
        """Draw the prompt panel into ``renderer.prompt_rect`` (or the bottom of ``surface``)."""
        rect = getattr(renderer, "prompt_rect", None)
        if not isinstance(rect, pygame.Rect) or rect.w <= 0 or rect.h <= 0:
            sw, sh = surface.get_size()
            rect = pygame.Rect(0, sh - max(150, sh // 4), sw, max(150, sh // 4))
        self.layout(pygame.Rect(rect))
        r = self.rect
        pygame.draw.rect(surface, palette.PARCHMENT, r, border_radius=10)
        pygame.draw.rect(surface, self.colour, r, width=3, border_radius=10)
        big_font, small_font = self._fonts()
        pad = max(4, min(10, r.h // 24))
        y = r.y + pad
        for line in self._title_lines:
            surface.blit(big_font.render(line, True, palette.INK), (r.x + pad, y))
            y += big_font.get_linesize()
        for line in self._cons_lines:
            surface.blit(small_font.render(line, True, palette.SEA), (r.x + pad, y))
            y += small_font.get_linesize()
        colour = _TONE[self.model.message()[1]]
        for line in self._msg_lines:
            surface.blit(small_font.render(line, True, colour), (r.x + pad, y))
            y += small_font.get_linesize()
        any_note = any(s.note for s in self.shown)
        for i, s in enumerate(self.shown):
            self._draw_item(surface, s, focused=(i == self.model.focus), hovered=self.model.hover == i,
                            any_note=any_note)
        button_font = self._button_font()
        for i, b in enumerate(self.buttons):
            fill = palette.GOLD if b.enabled else palette.PARCHMENT_DARK
            if self.hover_button == i and b.enabled:
                fill = palette.GOLD_LIGHT
            pygame.draw.rect(surface, fill, b.rect, border_radius=6)
            pygame.draw.rect(surface, palette.INK, b.rect, width=2, border_radius=6)
            label = b.label
            while len(label) > 2 and button_font.size(label)[0] > b.rect.w - 8:  # the last resort
                label = label[:-2] + "…"
            txt = button_font.render(label, True, palette.INK if b.enabled else palette.INK_SOFT)
            surface.blit(txt, txt.get_rect(center=b.rect.center))

    def _draw_item(self, surface: pygame.Surface, shown: _Shown, focused: bool, hovered: bool,
                   any_note: bool) -> None:
        item, rect = shown.option, shown.rect
        small = self._fonts()[1] if item.look == "text" else art.font(max(10, min(18, rect.h // 3)))
        if item.look == "die" and item.face is not None and isinstance(item.payload, int):
            self._draw_die(surface, rect, item.payload, item.face)
        elif item.look == "chest" and item.colour is not None:
            pygame.draw.rect(surface, palette.lighten(pictures.CHEST_COLOURS[item.colour].rgb, 0.45), rect,
                             border_radius=6)
            pygame.draw.rect(surface, pictures.CHEST_COLOURS[item.colour].rgb, rect, width=3, border_radius=6)
            pic = art.icon(pictures.chest_icon_name(item.colour), max(8, rect.w * 3 // 4))
            surface.blit(pic, pic.get_rect(center=rect.center))
            if item.hotkey:
                surface.blit(small.render(item.hotkey.upper(), True, palette.INK), (rect.x + 4, rect.y + 1))
            order = self.model.order
            if self.model.arranging and isinstance(item.payload, int) and item.payload in order:
                n = small.render(str(order.index(item.payload) + 1), True, palette.INK)
                pygame.draw.circle(surface, palette.GOLD, (rect.right - 8, rect.y + 8), 9)
                surface.blit(n, n.get_rect(center=(rect.right - 8, rect.y + 8)))
        elif item.look == "tile" and item.face is not None:
            pic = art.icon(f"treasure_tile_{item.face}", rect.w)
            surface.blit(pic, rect.topleft)
            surface.blit(small.render(item.hotkey, True, palette.INK), (rect.x + 3, rect.y + 1))
        else:
            self._draw_text_item(surface, shown, small, hovered, any_note)
        if item.selected:  # plain to see: an ink ring around a gold one, and a tick
            w = max(2, rect.h // 20)
            pygame.draw.rect(surface, palette.INK, rect.inflate(2 * w + 4, 2 * w + 4), width=2, border_radius=10)
            pygame.draw.rect(surface, palette.GOLD, rect.inflate(2 * w, 2 * w), width=w, border_radius=8)
            if item.look != "text" and not self.model.arranging:  # arrangements show their order instead
                c = (rect.right - w, rect.y + w)
                rad = max(6, rect.w // 7)
                pygame.draw.circle(surface, palette.SUCCESS, c, rad)
                pygame.draw.circle(surface, palette.INK, c, rad, max(1, w // 2))
                pygame.draw.lines(surface, palette.BONE, False, [(c[0] - rad // 2, c[1]), (c[0] - rad // 8, c[1] + rad // 2),
                                                                 (c[0] + rad // 2, c[1] - rad // 2)], max(2, w))
        if focused:
            pygame.draw.rect(surface, palette.SEA, rect.inflate(10, 10), width=2, border_radius=10)
        if not item.enabled:
            pygame.draw.line(surface, palette.DANGER, rect.topleft, rect.bottomright, 2)

    def _draw_die(self, surface: pygame.Surface, rect: pygame.Rect, die: int, face: int) -> None:
        pic = pictures.die_face(face, DIE_LETTERS[die], rect.w, self.colour)
        surface.blit(pic, rect.topleft)
        # What the die is worth on its action (R0.8) decides positions; a skull is worth its
        # die's number on the action of the picked dice (none yet: nothing to show).
        on = face if face != SKULL else self.model.dice_action()
        if on is not None:
            worth = art.font(max(11, rect.h // 3), True).render(
                str(self.model.view().grid[die][on]), True, palette.INK if face != SKULL else palette.SEA)
            surface.blit(worth, worth.get_rect(midtop=(rect.centerx, rect.bottom + 2)))

    def _draw_text_item(self, surface: pygame.Surface, shown: _Shown, small: pygame.font.Font, hovered: bool,
                        any_note: bool) -> None:
        item, rect = shown.option, shown.rect
        fill = palette.PARCHMENT_LIGHT if item.enabled else palette.PARCHMENT_DARK
        if item.selected:
            fill = palette.HIGHLIGHT
        elif hovered and item.enabled:
            fill = palette.GOLD_LIGHT
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        label = shown.full
        note = small.render(shown.note, True, palette.INK) if shown.note and item.enabled else None
        room = rect.w - 6 - (note.get_width() + 10 if note is not None else 0)
        label_font = self._option_font()  # one face for every option of the panel
        stacked = (note is not None and label_font.size(label)[0] > room
                   and rect.h >= label_font.get_linesize() + small.get_linesize() + 4)
        if stacked:  # the label on its own line, the consequence under it on the right
            room = rect.w - 12
        if label_font.size(label)[0] > room:
            while len(label) > 2 and label_font.size(label + "…")[0] > room:
                label = label[:-1]
            label += "…"
        txt = label_font.render(label, True, palette.INK if item.enabled else palette.INK_SOFT)
        if stacked:
            surface.blit(txt, (rect.x + 6, rect.y + 2))
        elif note is not None or any_note:  # options left, consequences right
            surface.blit(txt, txt.get_rect(midleft=(rect.x + 6, rect.centery)))
        if note is not None:
            chip = (note.get_rect(bottomright=(rect.right - 6, rect.bottom - 2)) if stacked
                    else note.get_rect(midright=(rect.right - 6, rect.centery)))
            pygame.draw.rect(surface, palette.GOLD_LIGHT, chip.inflate(6, 0), border_radius=4)
            surface.blit(note, chip)
        elif not any_note:
            surface.blit(txt, txt.get_rect(center=rect.center))

