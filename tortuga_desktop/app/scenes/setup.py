"""The new-game screen (pygame_gui): seats, start player, long variant and seed.

2-4 seats, each with a name, a colour and Human or Computer (Easy/Normal/Hard); the start
player (random or a chosen seat); the long variant (8 chests); an optional seed. Defaults:
one human against three Normal computer players. The last setup is remembered
(:func:`saves.save_last_setup`) and pre-fills the screen next time.

Keys: Enter starts the game, Escape goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel

from .. import palette
from ..i18n import player_colour_name, tr
from ..saves import KINDS, MAX_NAME_LENGTH, SeatConfig, SetupConfig, load_last_setup, save_last_setup
from . import Scene
from .dialogs import SafeTextEntryLine, text_entry

__all__ = ["KIND_LABELS", "SetupScene", "complete_rows"]

#: SeatConfig.kind -> translation key of its label
KIND_LABELS: dict[str, str] = {
    "human": "setup.human",
    "easy": "setup.computer_easy",
    "normal": "setup.computer_normal",
    "hard": "setup.computer_hard",
    "expert": "setup.computer_expert",
}
_DEFAULT_NAMES = ("Player", "Anne Bonny", "Blackbeard", "Calico Jack")
_RANDOM = "random"


def complete_rows(setup: SetupConfig) -> list[SeatConfig]:
    """Four seat rows: the setup's seats, then defaults (unused colours and names) for the rest."""
    rows = [replace(s, bot_seed=0) for s in setup.seats[:4]]
    for i in range(len(rows), 4):
        used_c = {r.colour for r in rows}
        used_n = {r.name.strip().casefold() for r in rows}
        colour = next(c for c in range(4) if c not in used_c)
        name = next((n for n in _DEFAULT_NAMES[1:] + ("Mary Read", "Jack Sparrow") if n.casefold() not in used_n),
                    f"Pirate {i + 1}")
        rows.append(SeatConfig(name, "normal", colour))
    return rows


class SetupScene(Scene):
    """New game: edit the seats and options, then start (Enter) or go back (Escape)."""

    name = "setup"

    def __init__(self, setup: SetupConfig | None = None, *,
                 on_start: Callable[[SetupConfig], None] | None = None,
                 on_back: Callable[[], None] | None = None, remember: bool = True) -> None:
        super().__init__()
        self.on_start = on_start
        self.on_back = on_back
        self.remember = remember
        self._initial = setup
        self.rows: list[SeatConfig] = []
        self.count = 4
        self.start_player: int | None = None
        self.long_game = False
        self.seed_text = ""
        self.error = ""
        self.started: SetupConfig | None = None
        self._els: list[Any] = []
        self._names: list[SafeTextEntryLine] = []
        self._colours: list[UIDropDownMenu] = []
        self._kinds: list[UIDropDownMenu] = []
        self._count_dd: UIDropDownMenu | None = None
        self._start_dd: UIDropDownMenu | None = None
        self._long_cb: UICheckBox | None = None
        self._seed: SafeTextEntryLine | None = None
        self._error_label: UILabel | None = None
        self._start_btn: UIButton | None = None
        self._back_btn: UIButton | None = None
        self._host_btn: UIButton | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------ model
    def _load(self, setup: SetupConfig) -> None:
        self.rows = complete_rows(setup)
        self.count = len(setup.seats)
        self.start_player = setup.start_player
        self.long_game = setup.long_game
        self.seed_text = "" if setup.seed is None else str(setup.seed)

    def config(self) -> SetupConfig:
        """The setup as the widgets show it now (not validated)."""
        self._read()
        seed = int(self.seed_text) if self.seed_text.strip().isdigit() else None
        start = self.start_player if self.start_player is not None and self.start_player < self.count else None
        return SetupConfig(seats=list(self.rows[: self.count]), start_player=start, long_game=self.long_game,
                           seed=seed)

    def _read(self) -> None:
        """Copy widget values into the model."""
        if not self._names:
            return
        for i in range(4):
            name = self._names[i].get_text()[:MAX_NAME_LENGTH]
            colour_id = str(self._colours[i].selected_option[1])
            kind_id = str(self._kinds[i].selected_option[1])
            kind = kind_id if kind_id in KIND_LABELS else self.rows[i].kind
            colour = int(colour_id) if colour_id.isdigit() else self.rows[i].colour
            self.rows[i] = replace(self.rows[i], name=name, kind=kind, colour=colour)
        if self._count_dd is not None:
            self.count = int(self._count_dd.selected_option[0])
        if self._start_dd is not None:
            sid = str(self._start_dd.selected_option[1])
            self.start_player = None if not sid.isdigit() else int(sid)
        if self._long_cb is not None:
            self.long_game = bool(self._long_cb.is_checked)
        if self._seed is not None:
            self.seed_text = self._seed.get_text()

    # ------------------------------------------------------------------ scene
    def enter(self, app: Any) -> None:
        super().enter(app)
        setup = self._initial
        if setup is None and self.remember:
            setup = load_last_setup()
        self._load(setup or SetupConfig.default())
        self._build()

    def exit(self) -> None:
        self._kill()

    def pause(self) -> None:
        self._read()
        self._kill()

    def resume(self) -> None:
        self._build()
        super().resume()

    def resize(self, size: tuple[int, int]) -> None:
        self._read()
        self._build()

    def retranslate(self) -> None:
        if self._els:
            self._read()
            self._build()

    def _kill(self) -> None:
        for el in self._els:
            el.kill()
        self._els = []
        self._names, self._colours, self._kinds = [], [], []
        self._count_dd = self._start_dd = None
        self._long_cb = None
        self._seed = None
        self._error_label = None
        self._start_btn = self._back_btn = self._host_btn = None

    def _size(self) -> tuple[int, int]:
        size = getattr(self.app, "size", None)
        if size is None:
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else (1280, 800)
        return (int(size[0]), int(size[1]))

    def _build(self) -> None:
        self._kill()
        manager = self.app.ui
        w, h = self._size()
        pw = max(360, min(820, w - 40))
        row_h = max(28, min(40, (h - 80) // 12))
        gap = max(4, row_h // 5)
        ph = 10 * (row_h + gap) + row_h * 2
        px, py = (w - pw) // 2, max(10, (h - ph) // 2)
        self._panel = pygame.Rect(px - 16, py - 12, pw + 32, ph + 24)
        els = self._els

        def add(el: Any) -> Any:
            els.append(el)
            return el

        y = py + row_h + gap  # title row is drawn by the scene
        lw = min(160, pw // 4)
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("setup.ui.players"), manager))
        counts: list[str | tuple[str, str]] = ["2", "3", "4"]
        self._count_dd = add(UIDropDownMenu(counts, str(self.count), pygame.Rect(px + lw, y, 90, row_h),
                                            manager))
        y += row_h + gap
        name_w = max(120, int(pw * 0.34))
        colour_w = max(100, int(pw * 0.22))
        kind_w = max(120, pw - lw - name_w - colour_w - 3 * gap)
        colour_names: list[str | tuple[str, str]] = [(player_colour_name(i), str(i))
                                                     for i in range(len(palette.PLAYER_COLOURS))]
        kind_opts: list[str | tuple[str, str]] = [(tr(KIND_LABELS[k]), k) for k in KINDS]
        for i in range(4):
            seat = self.rows[i]
            x = px
            label = add(UILabel(pygame.Rect(x, y, lw, row_h), tr("setup.ui.seat_n", n=i + 1), manager))
            x += lw
            entry = add(text_entry(pygame.Rect(x, y, name_w, row_h), manager, initial_text=seat.name,
                                   length_limit=MAX_NAME_LENGTH))
            x += name_w + gap
            colour = add(UIDropDownMenu(colour_names, colour_names[seat.colour], pygame.Rect(x, y, colour_w, row_h),
                                        manager, expand_on_option_click=True))
            x += colour_w + gap
            kind = add(UIDropDownMenu(kind_opts, kind_opts[KINDS.index(seat.kind)], pygame.Rect(x, y, kind_w, row_h),
                                      manager))
            self._names.append(entry)
            self._colours.append(colour)
            self._kinds.append(kind)
            if i >= self.count:
                for el in (label, entry, colour, kind):
                    el.hide()
            y += row_h + gap
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("setup.ui.start_player"), manager))
        opts: list[str | tuple[str, str]] = [(tr("setup.random"), _RANDOM),
                                             *((tr("setup.seat_n", n=i + 1), str(i)) for i in range(self.count))]
        current = opts[0] if self.start_player is None or self.start_player >= self.count else opts[self.start_player + 1]
        self._start_dd = add(UIDropDownMenu(opts, current, pygame.Rect(px + lw, y, 160, row_h), manager))
        y += row_h + gap
        self._long_cb = add(UICheckBox(pygame.Rect(px + lw, y + (row_h - 20) // 2, 20, 20),
                                       tr("setup.ui.long_game_ends_at_8_chests"), manager,
                                       initial_state=self.long_game))
        y += row_h + gap
        add(UILabel(pygame.Rect(px, y, lw, row_h), tr("setup.ui.seed_optional"), manager))
        self._seed = add(text_entry(pygame.Rect(px + lw, y, 220, row_h), manager,
                                    placeholder_text=tr("setup.ui.random"), length_limit=18))
        self._seed.set_allowed_characters("numbers")
        self._seed.set_text(self.seed_text)
        y += row_h + gap
        self._error_label = add(UILabel(pygame.Rect(px, y, pw, row_h), self.error or " ", manager))
        y += row_h + gap
        bw = min(220, pw // 3)
        self._back_btn = add(UIButton(pygame.Rect(px, y, bw, row_h + 6), tr("setup.ui.back_esc"), manager))
        self._start_btn = add(UIButton(pygame.Rect(px + pw - bw, y, bw, row_h + 6), tr("setup.ui.start_game_enter"), manager))
        self._host_btn = add(UIButton(pygame.Rect(px + (pw - bw) // 2, y, bw, row_h + 6), tr("net.setup.host"), manager))
        if self.app is not None and hasattr(self.app, "request_redraw"):
            self.app.request_redraw()

    # ------------------------------------------------------------------ input
    def handle(self, intent: Any) -> None:
        event = getattr(intent, "event", None)
        if event is not None:
            self._ui_event(event)
            return
        key = getattr(intent, "key", None)
        if key is None:
            return
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()

    def _ui_event(self, event: pygame.event.Event) -> None:
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if el is self._start_btn:
                self.start()
            elif el is self._back_btn:
                self.back()
            elif el is self._host_btn:
                self.host()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if el in self._colours:
                i = self._colours.index(el)
                old = self.rows[i].colour
                self._read()
                new = self.rows[i].colour
                for j in range(4):  # keep colours distinct: swap with the seat that had it
                    if j != i and self.rows[j].colour == new:
                        self.rows[j] = replace(self.rows[j], colour=old)
                self._build()
            elif el is self._count_dd:
                self._read()
                self._build()
        if self.app is not None and hasattr(self.app, "request_redraw"):
            self.app.request_redraw()

    def host(self) -> None:
        """Host this setup as a network game (the host screen opens with these seats)."""
        from .host import HostScene

        self.app.push(HostScene(self.config()))

    def back(self) -> None:
        self._read()
        if self.on_back is not None:
            self.on_back()
        elif self.app is not None:
            self.app.pop()

    def start(self) -> SetupConfig | None:
        """Validate and start the game; shows the problem instead when the setup is not valid."""
        setup = self.config()
        try:
            setup.validate()
        except ValueError as exc:
            self.error = str(exc).split(": ", 1)[-1]
            if self._error_label is not None:
                self._error_label.set_text(self.error)
            return None
        self.error = ""
        setup = replace(setup, seats=[replace(s, name=s.name.strip()) for s in setup.seats])
        if self.remember:
            writer = getattr(self.app, "writer", None)
            if callable(writer):  # never write on the frame loop
                remembered = setup
                writer().run("remembering the setup", lambda: save_last_setup(remembered))
            else:
                save_last_setup(setup)
        self.started = setup
        if self.on_start is not None:
            self.on_start(setup)
        else:
            start_game = getattr(self.app, "start_game", None)
            if callable(start_game):
                start_game(setup)
        return setup

    # ------------------------------------------------------------------ drawing
    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        from .. import art

        surface.fill(palette.SEA_DEEP)
        pygame.draw.rect(surface, palette.TABLE_DARK, self._panel, border_radius=14)
        pygame.draw.rect(surface, palette.BRASS, self._panel, width=3, border_radius=14)
        f = art.font(max(18, min(34, self._panel.h // 16)), bold=True)
        text = f.render(tr("setup.ui.new_game"), True, palette.GOLD)
        surface.blit(text, (self._panel.x + 16, self._panel.y + 8))
