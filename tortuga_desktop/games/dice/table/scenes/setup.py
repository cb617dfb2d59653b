"""The new-game screen, drawn like the table: seats, start player, long variant and seed.

2-4 seats, each a row with a colour swatch (click: the next colour; a colour another seat has
is swapped with it), a name and who plays it as toggle buttons (Human / Easy / Normal / Hard / Expert);
the number of players, the start player (random or a seat) and the long variant (8 chests) as
toggle buttons; an optional seed. Only the seats in play are shown: with 3 players there is no
gap where seat 4 was. Defaults: one human against three Normal computer players. The last
setup is remembered (:func:`saves.save_last_setup`) and pre-fills the screen next time, all but
the seed (a seed is for the game it was typed for).

Keys: Enter starts the game, Escape goes back. Names and the seed are pygame_gui text fields
(:func:`.dialogs.text_entry`); everything else is drawn here in the table's palette.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.table.gamesetup import SetupConfig, load_last_setup, save_last_setup
from tortuga_desktop.games.dice.table.life import dice_session
from tortuga_desktop.games.dice.table.render.table import draw_marker
from tortuga_desktop.games.dice.table.savefile import GAME
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.game import HostSetup
from tortuga_desktop.shell.i18n import KIND_KEYS, tr, trn
from tortuga_desktop.shell.layout import LayoutReport
from tortuga_desktop.shell.levels import LEVELS, computer_key
from tortuga_desktop.shell.saves import KINDS, MAX_NAME_LENGTH, SeatConfig
from tortuga_desktop.shell.scenes.chrome import backdrop
from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine, draw_panel, scale_of, text_entry
from tortuga_desktop.shell.scenes.form import Control, FormScene, button_face, common_px, fit

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["KIND_LABELS", "LEVEL_LABELS", "Control", "SetupScene", "complete_rows"]

#: SeatConfig.kind -> translation key of its long label ("Computer (easy)")
KIND_LABELS: dict[str, str] = {"human": "setup.human", **{lv: computer_key(lv) for lv in LEVELS}}
#: SeatConfig.kind -> translation key of its toggle button
LEVEL_LABELS: dict[str, str] = KIND_KEYS
_DEFAULT_NAMES = ("Player", "Anne Bonny", "Blackbeard", "Calico Jack")


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


class SetupScene(FormScene):
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
        self._names: list[SafeTextEntryLine] = []
        self._seed: SafeTextEntryLine | None = None
        self.controls: list[Control] = []
        self._labels: list[tuple[str, pygame.Rect]] = []
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._error_rect = pygame.Rect(0, 0, 0, 0)
        self._hover: str | None = None
        self._px = 16

    # ------------------------------------------------------------------ model
    def _load(self, setup: SetupConfig) -> None:
        self.rows = complete_rows(setup)
        self.count = len(setup.seats)
        self.start_player = setup.start_player
        self.long_game = setup.long_game
        self.seed_text = "" if setup.seed is None else str(setup.seed)

    def config(self) -> SetupConfig:
        """The setup as the screen shows it now (not validated)."""
        self._read()
        seed = int(self.seed_text) if self.seed_text.strip().isdigit() else None
        start = self.start_player if self.start_player is not None and self.start_player < self.count else None
        return SetupConfig(seats=list(self.rows[: self.count]), start_player=start, long_game=self.long_game,
                           seed=seed)

    def _read(self) -> None:
        """Copy the text fields into the model."""
        for i, entry in enumerate(self._names):
            self.rows[i] = replace(self.rows[i], name=entry.get_text()[:MAX_NAME_LENGTH])
        if self._seed is not None:
            self.seed_text = self._seed.get_text()

    def set_colour(self, seat: int, colour: int) -> None:
        """Give ``seat`` a colour; the seat that had it gets ``seat``'s old one (colours stay distinct)."""
        self._read()
        old = self.rows[seat].colour
        for j in range(4):
            if j != seat and self.rows[j].colour == colour:
                self.rows[j] = replace(self.rows[j], colour=old)
        self.rows[seat] = replace(self.rows[seat], colour=colour)

    def set_count(self, n: int) -> None:
        self._read()
        self.count = max(2, min(4, n))
        if self.start_player is not None and self.start_player >= self.count:
            self.start_player = None
        self._build()

    # ------------------------------------------------------------------ scene
    def enter(self, app: App) -> None:
        super().enter(app)
        setup = self._initial
        if setup is None and self.remember:
            setup = load_last_setup()
            if setup is not None:  # a seed is for the game it was typed for (older files kept it)
                setup = replace(setup, seed=None)
        self._load(setup or SetupConfig.default())
        self._build()

    def _size(self) -> tuple[int, int]:
        size = self.app.size if self.entered else None
        if size is None:
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else (1280, 800)
        return (int(size[0]), int(size[1]))

    def _build(self) -> None:
        """Lay the screen out for the window and the number of seats; (re)make the text fields."""
        self._kill()
        w, h = self._size()
        s = scale_of((w, h))
        rows = self.count + 6  # players, seats, start player, game length, seed, message, buttons
        gap = max(5, int(11 * s))
        title_h = int(74 * s)
        rh = max(26, int(46 * s))
        while rh > 26 and title_h + rows * (rh + gap) + int(40 * s) > h - 20:
            rh -= 1
        self._px = max(12, min(int(20 * s), rh * 9 // 20))
        pw = min(w - 40, int(1000 * s))
        ph = title_h + rows * (rh + gap) + int(24 * s)
        self._panel = pygame.Rect((w - pw) // 2, max(10, (h - ph) // 2), pw, ph)
        pad = int(32 * s)
        font = art.font(self._px, True)
        label_keys = ["setup.ui.players", "setup.ui.start_player", "setup.game_length", "setup.ui.seed_optional"]
        lw = max(font.size(tr(k))[0] for k in label_keys) + int(24 * s)
        lw = min(lw, int(pw * 0.34))
        x0 = self._panel.x + pad
        cx = x0 + lw
        right = self._panel.right - pad
        y = self._panel.y + title_h
        self.controls = []
        self._labels = []
        manager = self.app.ui if self.entered else None

        def toggles(prefix: str, options: list[tuple[str, str]], current: str, x: int, width: int) -> None:
            n = len(options)
            bw = (width - (n - 1) * gap) // n
            for k, (value, label) in enumerate(options):
                self.controls.append(Control(f"{prefix}:{value}", label, pygame.Rect(x + k * (bw + gap), y, bw, rh),
                                             on=value == current))

        # Players.
        self._labels.append((tr("setup.ui.players"), pygame.Rect(x0, y, lw - gap, rh)))
        toggles("count", [(str(n), str(n)) for n in (2, 3, 4)], str(self.count), cx, min(right - cx, int(300 * s)))
        y += rh + gap
        # Seats: swatch, name, who plays.
        name_w = int((right - x0 - rh - gap) * 0.36)
        for i in range(4):
            seat = self.rows[i]
            if i >= self.count:
                continue
            self.controls.append(Control(f"colour:{i}", str(i + 1), pygame.Rect(x0, y, rh, rh), style="swatch",
                                         colour=seat.colour))
            nx = x0 + rh + gap
            if manager is not None:
                entry = text_entry(pygame.Rect(nx, y, name_w, rh), manager, initial_text=seat.name,
                                   length_limit=MAX_NAME_LENGTH)
                self._els.append(entry)
                self._names.append(entry)
            kx = nx + name_w + gap
            toggles(f"kind:{i}", [(k, tr(LEVEL_LABELS[k])) for k in KINDS], seat.kind, kx, right - kx)
            y += rh + gap
        # Start player.
        self._labels.append((tr("setup.ui.start_player"), pygame.Rect(x0, y, lw - gap, rh)))
        current = "random" if self.start_player is None or self.start_player >= self.count else str(self.start_player)
        toggles("start", [("random", tr("setup.random"))] + [(str(i), str(i + 1)) for i in range(self.count)],
                current, cx, right - cx)
        for c in self.controls:  # the seats' buttons carry their colour
            if c.name.startswith("start:") and c.name != "start:random":
                c.colour = self.rows[int(c.name.split(":")[1])].colour
        y += rh + gap
        # Long game.
        self._labels.append((tr("setup.game_length"), pygame.Rect(x0, y, lw - gap, rh)))
        toggles("long", [("off", trn("setup.n_chests", 6)), ("on", trn("setup.n_chests", 8))],
                "on" if self.long_game else "off", cx, min(right - cx, int(560 * s)))
        y += rh + gap
        # Seed.
        self._labels.append((tr("setup.ui.seed_optional"), pygame.Rect(x0, y, lw - gap, rh)))
        if manager is not None:
            self._seed = text_entry(pygame.Rect(cx, y, min(right - cx, int(300 * s)), rh), manager,
                                    placeholder_text=tr("setup.ui.random"), length_limit=18)
            self._seed.set_allowed_characters("numbers")
            self._seed.set_text(self.seed_text)
            self._els.append(self._seed)
        y += rh + gap
        self._error_rect = pygame.Rect(x0, y, right - x0, rh)
        y += rh + gap
        buttons = self.bottom_buttons()
        n = len(buttons)
        bw = min(int(320 * s), (right - x0 - (n - 1) * gap) // n)
        step = (right - x0 - bw) / max(1, n - 1)  # first at the left, last at the right, the rest between
        for k, (name, label, style) in enumerate(buttons):
            self.controls.append(Control(name, label, pygame.Rect(round(x0 + k * step), y, bw, rh), style=style))
        if self.entered:
            self.app.request_redraw()

    def bottom_buttons(self) -> list[tuple[str, str, str]]:
        """(name, label, style) of the buttons under the form, left to right; another button is
        one more line here and a branch in :meth:`press`."""
        return [
            ("back", tr("setup.ui.back_esc"), "button"),
            ("host", tr("net.setup.host"), "button"),
            ("go", tr("setup.ui.start_game_enter"), "primary"),
        ]

    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        rep.boxes.append(self._panel)
        for c in self.controls:
            rep.add(c.name, c.rect)
        for _label, r in self._labels:
            rep.add("", r, click=False)
        rep.add("", self._error_rect, click=False)
        return rep  # the text fields are pygame_gui widgets: report_of adds those

    # ------------------------------------------------------------------ input
    def press_own(self, name: str) -> None:
        """The setup's own controls (seat count, kinds, options): :meth:`FormScene.press` takes back, host and go."""
        kind, _, rest = name.partition(":")
        if kind == "count":
            self.set_count(int(rest))
        elif kind == "kind":
            i, _, k = rest.partition(":")
            self._read()
            self.rows[int(i)] = replace(self.rows[int(i)], kind=k)
            self._build()
        elif kind == "colour":
            seat = int(rest)
            self.set_colour(seat, (self.rows[seat].colour + 1) % len(palette.PLAYER_COLOURS))
            self._build()
        elif kind == "start":
            self._read()
            self.start_player = None if rest == "random" else int(rest)
            self._build()
        elif kind == "long":
            self._read()
            self.long_game = rest == "on"
            self._build()

    def host(self) -> None:
        """Host this setup as a network game (the host screen opens with these seats)."""
        from tortuga_desktop.shell.scenes.host import (
            HostScene,  # online play: the network screens load only when asked for
        )

        config = self.config()
        self.app.push(HostScene(HostSetup(GAME, tuple(config.seats), long_game=config.long_game)))

    def back(self) -> None:
        self._read()
        if self.on_back is not None:
            self.on_back()
        elif self.entered:
            self.app.pop()

    def start(self) -> SetupConfig | None:
        """Validate and start the game; shows the problem instead when the setup is not valid."""
        setup = self.config()
        try:
            setup.validate()
        except ValueError as exc:
            self.error = str(exc).split(": ", 1)[-1]
            self._redraw()
            return None
        self.error = ""
        setup = replace(setup, seats=[replace(s, name=s.name.strip()) for s in setup.seats])
        if self.remember:
            # remembered without its seed: the next New game starts random unless one is typed
            remembered = replace(setup, seed=None)
            if self.entered:  # never written on the frame loop
                self.app.session.writer().run("remembering the setup", lambda: save_last_setup(remembered))
            else:
                save_last_setup(remembered)
        self.started = setup
        if self.on_start is not None:
            self.on_start(setup)
        else:
            dice_session(self.app).start_game(setup)
        return setup

    # ------------------------------------------------------------------ drawing
    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        s = scale_of(size)
        surface.blit(backdrop(size, "none"), (0, 0))
        draw_panel(surface, self._panel, s, tr("setup.ui.new_game"))
        font = art.font(self._px, True)
        for text, r in self._labels:
            t = fit(text, self._px, r.w, True, palette.INK)
            surface.blit(t, t.get_rect(midleft=(r.x, r.centery)))
        labels = [c for c in self.controls if c.style == "toggle"]
        groups: dict[str, list[Control]] = {}
        for c in labels:
            groups.setdefault(c.name.split(":")[0], []).append(c)
        sizes = {g: common_px([c.label for c in cs], self._px, min(c.rect.w for c in cs) - int(12 * s))
                 for g, cs in groups.items()}
        for c in self.controls:
            self._draw_control(surface, c, s, sizes.get(c.name.split(":")[0], self._px))
        note, colour = (self.error, palette.DANGER) if self.error else (tr("setup.colour_hint"), palette.INK_SOFT)
        t = fit(note, self._px, self._error_rect.w, False, colour)
        surface.blit(t, t.get_rect(midleft=self._error_rect.midleft))
        del font

    def _draw_control(self, surface: pygame.Surface, c: Control, s: float, px: int) -> None:
        r = c.rect
        rad = max(4, int(10 * s))
        hover = self._hover == c.name
        if c.style == "swatch" and c.colour is not None:
            pc = palette.PLAYER_COLOURS[c.colour % len(palette.PLAYER_COLOURS)]
            pygame.draw.rect(surface, palette.darken(palette.PARCHMENT_DARK, 0.3), r.move(0, max(2, int(3 * s))),
                             border_radius=rad)
            pygame.draw.rect(surface, pc.rgb, r, border_radius=rad)
            pygame.draw.rect(surface, palette.INK if hover else pc.dark, r, max(2, int(3 * s)), border_radius=rad)
            if art.markers_on():
                draw_marker(surface, pc.marker, (r.x + r.w * 0.28, r.y + r.h * 0.3), r.w * 0.13, palette.BONE)
            t = art.font(max(10, int(r.h * 0.5)), True).render(c.label, True, palette.BONE)
            surface.blit(t, t.get_rect(center=(r.centerx + r.w // 8, r.centery + r.h // 10)))
            return
        button_face(surface, c, s, rad, hover)
        t = fit(c.label, px, r.w - int(12 * s), c.on or c.style != "toggle", palette.INK)
        tr_ = t.get_rect(center=r.center)
        if c.colour is not None:  # a seat's colour beside its number
            pc = palette.PLAYER_COLOURS[c.colour % len(palette.PLAYER_COLOURS)]
            rad_ = max(4, r.h // 5)
            dot = (tr_.x - rad_ - max(3, int(6 * s)), r.centery)
            tr_.x += rad_
            pygame.draw.circle(surface, pc.rgb, (dot[0] + rad_, dot[1]), rad_)
            pygame.draw.circle(surface, pc.dark, (dot[0] + rad_, dot[1]), rad_, max(1, int(2 * s)))
        surface.blit(t, tr_)


