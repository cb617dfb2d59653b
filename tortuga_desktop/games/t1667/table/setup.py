"""Tortuga 1667's new-game screen, drawn like the dice game's (:mod:`...dice.table.scenes.setup`).

2–9 seats, each a row with the seat's marker (its colour and shape at the table), a name (the
project's guarded text field, :func:`...shell.scenes.dialogs.text_entry`) and who plays it as toggle
buttons (Human / Easy / Normal / Hard); the number of players; the starred cards, drawn at random and
hidden or named openly (T1.6d: then three of the pool are chosen here); an optional seed; whether
the computer players talk at the table. Enter starts, Escape goes back.

The screen produces a :class:`Setup1667` — a plain, validated value. :meth:`Setup1667.validate`
raises :class:`SetupProblem` (a translation key and its parameters), which the screen shows in the
player's language; nothing starts until the setup is valid.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from tortuga_desktop.games.t1667.levels import LEVELS_1667
from tortuga_desktop.games.t1667.rules.cards import SMALL_TABLE_OUT, STARRED, EventCard
from tortuga_desktop.games.t1667.rules.game import MAX_SEED
from tortuga_desktop.games.t1667.table.engine import GAME_KEY
from tortuga_desktop.games.t1667.table.help import Help1667Scene
from tortuga_desktop.games.t1667.table.render import SEAT_STYLES, shape
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.game import HostSetup
from tortuga_desktop.shell.i18n import KIND_KEYS, tr
from tortuga_desktop.shell.layout import LayoutReport
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.saves.remembered import recall_setup, remember_setup
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chrome import backdrop
from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine, draw_panel, scale_of, text_entry
from tortuga_desktop.shell.scenes.form import Control, FormScene, button_face, common_px, fit

__all__ = ["KINDS_1667", "MAX_NAME", "Seat1667", "Setup1667", "Setup1667Scene", "SetupProblem", "load_last_1667",
           "save_last_1667", "starred_pool"]

#: Who may play a seat of a 1667 game on this computer.
KINDS_1667: tuple[str, ...] = ("human", *(lv for lv in LEVELS_1667 if lv != "random"))
#: The longest name the 1667 engine takes (its ``check_settings``).
MAX_NAME = 24
_DEFAULT_NAMES = ("Player", "Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Henry Morgan",
                  "Ching Shih", "Black Bart", "Grace O'Malley")


class SetupProblem(ValueError):
    """Why a setup cannot start: ``key`` is a translation key, ``params`` fill it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self) -> str:
        return tr(self.key, **self.params)


def starred_pool(players: int) -> tuple[EventCard, ...]:
    """The starred cards a game of ``players`` may use (T1.6c, T8.4: not Facade and Cabin Fever with 2–3)."""
    return tuple(c for c in STARRED if not (players <= 3 and c in SMALL_TABLE_OUT))


@dataclass(frozen=True, slots=True)
class Seat1667:
    """One seat: its name and who plays it (one of :data:`KINDS_1667`)."""

    name: str
    kind: str = "normal"


@dataclass(frozen=True, slots=True)
class Setup1667:
    """A 1667 game to start: the seats, the starred cards (None: three drawn at random, hidden), the seed
    (None: a random one when the game starts) and whether computer players talk at the table."""

    seats: tuple[Seat1667, ...]
    starred: tuple[EventCard, ...] | None = None
    seed: int | None = None
    bot_chat: bool = True

    @classmethod
    def default(cls) -> Setup1667:
        """One human against three Normal computer players."""
        return cls((Seat1667("Player", "human"), *(Seat1667(n, "normal") for n in _DEFAULT_NAMES[1:4])))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(s.kind for s in self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played at this computer."""
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "human")

    @property
    def bots(self) -> dict[int, str]:
        """Computer seats and their levels."""
        return {i: s.kind for i, s in enumerate(self.seats) if s.kind != "human"}

    def validate(self) -> None:
        """Raise :class:`SetupProblem` unless a game can start from this setup."""
        n = len(self.seats)
        if not 2 <= n <= 9:
            raise SetupProblem("t1667.setup.err.players", n=n)
        seen: set[str] = set()
        for i, seat in enumerate(self.seats):
            name = seat.name.strip()
            if not name or not any(ch.isprintable() and not ch.isspace() for ch in name):
                raise SetupProblem("t1667.setup.err.name_empty", seat=i + 1)
            if len(name) > MAX_NAME or any(not ch.isprintable() for ch in name):
                raise SetupProblem("t1667.setup.err.name_long", seat=i + 1, n=MAX_NAME)
            if name.casefold() in seen:
                raise SetupProblem("t1667.setup.err.name_twice", name=name)
            seen.add(name.casefold())
            if seat.kind not in KINDS_1667:
                raise SetupProblem("t1667.setup.err.kind", seat=i + 1)
        if self.starred is not None:
            pool = starred_pool(n)
            if len(self.starred) != 3 or len(set(self.starred)) != 3 or any(c not in pool for c in self.starred):
                raise SetupProblem("t1667.setup.err.starred")
        if self.seed is not None and (isinstance(self.seed, bool) or not 0 <= self.seed <= MAX_SEED):
            raise SetupProblem("t1667.setup.err.seed", n=MAX_SEED)

    def cleaned(self) -> Setup1667:
        """The same setup with names trimmed (what a game starts from)."""
        return replace(self, seats=tuple(replace(s, name=s.name.strip()) for s in self.seats))

    def game_seed(self) -> int:
        """The seed to start with: the chosen one, else a fresh random one."""
        return self.seed if self.seed is not None else secrets.randbelow(MAX_SEED + 1)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
                "starred": None if self.starred is None else [c.value for c in self.starred],
                "seed": self.seed, "bot_chat": self.bot_chat}

    @classmethod
    def from_dict(cls, data: Any) -> Setup1667:
        """Read :meth:`to_dict`'s form; raises :class:`SetupProblem` for anything wrong."""
        if not isinstance(data, Mapping) or not isinstance(data.get("seats"), list) or len(data["seats"]) > 9:
            raise SetupProblem("t1667.setup.err.data")
        seats = []
        for s in data["seats"]:
            if not isinstance(s, Mapping) or not isinstance(s.get("name"), str) or not isinstance(s.get("kind"), str):
                raise SetupProblem("t1667.setup.err.data")
            seats.append(Seat1667(s["name"][:200], s["kind"][:20]))
        starred_raw = data.get("starred")
        starred: tuple[EventCard, ...] | None = None
        if starred_raw is not None:
            if not isinstance(starred_raw, list) or len(starred_raw) > 6:
                raise SetupProblem("t1667.setup.err.starred")
            try:
                starred = tuple(EventCard(str(c)[:20]) for c in starred_raw)
            except ValueError:
                raise SetupProblem("t1667.setup.err.starred") from None
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise SetupProblem("t1667.setup.err.seed", n=MAX_SEED)
        chat = data.get("bot_chat", True)
        if not isinstance(chat, bool):
            raise SetupProblem("t1667.setup.err.data")
        setup = cls(tuple(seats), starred, seed, chat)
        setup.validate()
        return setup


#: the file (in the config folder) that keeps the last 1667 setup started here
LAST_SETUP_NAME = "last_setup_1667.json"
logger = logging.getLogger(__name__)


def save_last_1667(setup: Setup1667) -> None:
    """Remember ``setup`` for the next new 1667 game (its seats, starred cards and talk; not its seed: a
    remembered seed would deal the same game again). Atomic; a disk error is logged, never fatal."""
    remember_setup(LAST_SETUP_NAME, "tortuga-1667-setup", replace(setup, seed=None).to_dict(), "1667 setup")


def load_last_1667() -> Setup1667 | None:
    """The remembered 1667 setup, or None (no file yet, or a bad one: that is logged and kept aside)."""
    return recall_setup(LAST_SETUP_NAME, "tortuga-1667-setup", Setup1667.from_dict, "1667 setup")


@dataclass
class _Form:
    names: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)


class Setup1667Scene(FormScene):
    """New 1667 game: edit the seats and options, then start (Enter) or go back (Escape).

    ``on_start(setup)`` receives the valid :class:`Setup1667` (the game module starts the table from it)."""

    name = "setup1667"

    def __init__(self, setup: Setup1667 | None = None, *,
                 on_start: Callable[[Setup1667], None],
                 on_back: Callable[[], None] | None = None, remember: bool = False) -> None:
        super().__init__()
        #: a game started here is remembered for the next new game (:func:`save_last_1667`)
        self.remember = remember
        initial = setup or Setup1667.default()
        self.on_start = on_start
        self.on_back = on_back
        self.count = len(initial.seats)
        self.form = _Form([s.name for s in initial.seats], [s.kind for s in initial.seats])
        for i in range(len(self.form.names), 9):  # rows for the seats not in play yet
            self.form.names.append(_DEFAULT_NAMES[i])
            self.form.kinds.append("normal")
        self.named = initial.starred is not None
        self.chosen: list[EventCard] = list(initial.starred or starred_pool(self.count)[-3:])
        self.seed_text = "" if initial.seed is None else str(initial.seed)
        self.bot_chat = initial.bot_chat
        self.error = ""
        self.started: Setup1667 | None = None
        self.controls: list[Control] = []
        self._labels: list[tuple[str, pygame.Rect]] = []
        self._els: list[Any] = []
        self._names: list[SafeTextEntryLine] = []
        self._seed: SafeTextEntryLine | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._msg = pygame.Rect(0, 0, 0, 0)
        self._hover: str | None = None
        self._px = 16

    def help_scene(self) -> Scene:
        """F1 here opens Tortuga 1667's rules (see ``App.help_scene``)."""
        return Help1667Scene()

    # ------------------------------------------------------------------ model
    def _read(self) -> None:
        for i, entry in enumerate(self._names):
            self.form.names[i] = entry.get_text()[:MAX_NAME]
        if self._seed is not None:
            self.seed_text = self._seed.get_text()

    def config(self) -> Setup1667:
        """The setup as the screen shows it (not validated; a seed that is not a number is kept out
        here and refused by :meth:`start`)."""
        self._read()
        text = self.seed_text.strip()
        seed = int(text) if text.isascii() and text.isdigit() and len(text) <= 19 else None
        seats = tuple(Seat1667(self.form.names[i], self.form.kinds[i]) for i in range(self.count))
        return Setup1667(seats, tuple(self.chosen) if self.named else None, seed, self.bot_chat)

    def set_count(self, n: int) -> None:
        self._read()
        self.count = max(2, min(9, n))
        pool = starred_pool(self.count)
        self.chosen = [c for c in self.chosen if c in pool]
        for c in reversed(pool):  # keep three named when the pool shrinks
            if len(self.chosen) >= 3:
                break
            if c not in self.chosen:
                self.chosen.append(c)
        self._build()

    def toggle_card(self, card: EventCard) -> None:
        """Name or un-name a starred card; naming a fourth drops the earliest named one."""
        self._read()
        if card in self.chosen:
            self.chosen.remove(card)
        elif card in starred_pool(self.count):
            self.chosen.append(card)
            if len(self.chosen) > 3:
                self.chosen.pop(0)
        self._build()

    # ------------------------------------------------------------------ scene
    def enter(self, app: Any) -> None:
        super().enter(app)
        self._build()

    def _size(self) -> tuple[int, int]:
        size = getattr(self.app, "size", None)
        return (int(size[0]), int(size[1])) if size is not None else (1280, 720)

    def _build(self) -> None:  # noqa: C901 - one block per row of the form
        self._kill()
        w, h = self._size()
        s = scale_of((w, h))
        rows = self.count + 6 + (1 if self.named else 0)  # players, seats, starred, (cards), seed, chat, msg, buttons
        gap = max(4, int(9 * s))
        title_h = int(66 * s)
        rh = max(24, int(44 * s))
        while rh > 22 and title_h + rows * (rh + gap) + int(30 * s) > h - 16:
            rh -= 1
        while gap > 2 and title_h + rows * (rh + gap) + int(30 * s) > h - 16:
            gap -= 1
        self._px = max(11, min(int(20 * s), rh * 9 // 20))
        pw = min(w - 30, int(1060 * s))
        ph = title_h + rows * (rh + gap) + int(20 * s)
        self._panel = pygame.Rect((w - pw) // 2, max(6, (h - ph) // 2), pw, ph)
        pad = int(30 * s)
        font = art.font(self._px, True)
        label_keys = ["setup.ui.players", "t1667.setup.starred", "setup.ui.seed_optional", "t1667.setup.bot_chat"]
        lw = min(max(font.size(tr(k))[0] for k in label_keys) + int(24 * s), int(pw * 0.3))
        x0 = self._panel.x + pad
        cx = x0 + lw
        right = self._panel.right - pad
        y = self._panel.y + title_h
        self.controls = []
        self._labels = []
        manager = self.app.ui if self.entered else None

        def toggles(prefix: str, options: list[tuple[str, str]], current: set[str], x: int, width: int) -> None:
            n = len(options)
            bw = (width - (n - 1) * gap) // n
            for k, (value, label) in enumerate(options):
                self.controls.append(Control(f"{prefix}:{value}", label,
                                             pygame.Rect(x + k * (bw + gap), y, bw, rh), on=value in current))

        self._labels.append((tr("setup.ui.players"), pygame.Rect(x0, y, lw - gap, rh)))
        toggles("count", [(str(n), str(n)) for n in range(2, 10)], {str(self.count)}, cx, right - cx)
        y += rh + gap
        name_w = int((right - x0 - rh - gap) * 0.38)
        for i in range(self.count):
            self.controls.append(Control(f"seat:{i}", str(i + 1), pygame.Rect(x0, y, rh, rh), style="seat", seat=i))
            nx = x0 + rh + gap
            if manager is not None:
                entry = text_entry(pygame.Rect(nx, y, name_w, rh), manager, initial_text=self.form.names[i],
                                   length_limit=MAX_NAME)
                self._els.append(entry)
                self._names.append(entry)
            kx = nx + name_w + gap
            toggles(f"kind:{i}", [(k, tr(KIND_KEYS[k])) for k in KINDS_1667], {self.form.kinds[i]}, kx, right - kx)
            y += rh + gap
        self._labels.append((tr("t1667.setup.starred"), pygame.Rect(x0, y, lw - gap, rh)))
        toggles("starred", [("hidden", tr("t1667.setup.starred_hidden")), ("named", tr("t1667.setup.starred_named"))],
                {"named" if self.named else "hidden"}, cx, right - cx)
        y += rh + gap
        if self.named:
            pool = starred_pool(self.count)
            toggles("card", [(c.value, tr(f"e1667.card.{c.value}")) for c in pool],
                    {c.value for c in self.chosen}, x0, right - x0)  # no label: the whole width
            y += rh + gap
        self._labels.append((tr("setup.ui.seed_optional"), pygame.Rect(x0, y, lw - gap, rh)))
        if manager is not None:
            self._seed = text_entry(pygame.Rect(cx, y, min(right - cx, int(320 * s)), rh), manager,
                                    placeholder_text=tr("setup.ui.random"), length_limit=19)
            self._seed.set_allowed_characters("numbers")
            self._seed.set_text(self.seed_text)
            self._els.append(self._seed)
        y += rh + gap
        self._labels.append((tr("t1667.setup.bot_chat"), pygame.Rect(x0, y, lw - gap, rh)))
        toggles("chat", [("on", tr("t1667.setup.chat_on")), ("off", tr("t1667.setup.chat_off"))],
                {"on" if self.bot_chat else "off"}, cx, min(right - cx, int(420 * s)))
        y += rh + gap
        self._msg = pygame.Rect(x0, y, right - x0, rh)
        y += rh + gap
        bw = min(int(300 * s), (right - x0 - 3 * gap) // 4)
        step = (right - x0 - bw) // 3
        self.controls.append(Control("back", tr("setup.ui.back_esc"), pygame.Rect(x0, y, bw, rh), style="button"))
        self.controls.append(Control("learn", tr("tutorial.menu"), pygame.Rect(x0 + step, y, bw, rh), style="button"))
        self.controls.append(Control("host", tr("net.setup.host"), pygame.Rect(x0 + 2 * step, y, bw, rh),
                                     style="button"))
        self.controls.append(Control("go", tr("setup.ui.start_game_enter"), pygame.Rect(right - bw, y, bw, rh),
                                     style="primary"))
        self._redraw()

    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        rep.boxes.append(self._panel)
        for c in self.controls:
            rep.add(c.name, c.rect)
        for _label, r in self._labels:
            rep.add("", r, click=False)
        rep.add("", self._msg, click=False)
        return rep

    # ------------------------------------------------------------------ input
    def press_own(self, name: str) -> None:
        """The setup's own controls (seat count, kinds, options): :meth:`FormScene.press` takes back, host and go."""
        kind, _, rest = name.partition(":")
        if kind == "count":
            self.set_count(int(rest))
        elif kind == "kind":
            i, _, k = rest.partition(":")
            self._read()
            if k in KINDS_1667:
                self.form.kinds[int(i)] = k
            self._build()
        elif kind == "starred":
            self._read()
            self.named = rest == "named"
            self._build()
        elif kind == "card":
            self.toggle_card(EventCard(rest))
        elif kind == "chat":
            self._read()
            self.bot_chat = rest == "on"
            self._build()
        elif kind == "learn":
            self.learn()

    def learn(self) -> None:
        """Learn to play: Tortuga 1667's guided game (leaving it comes back to this screen)."""
        from tortuga_desktop.games.t1667.table.tutorial_scene import start_tutorial

        self._read()
        if self.entered:
            start_tutorial(self.app)

    def host(self) -> None:
        """Host these seats as a network game: the host screen opens with Tortuga 1667 chosen (a human
        here stays here, computer players keep their level; the host makes seats open for remote players)."""
        from tortuga_desktop.shell.scenes.host import HostScene  # online play: loaded only when asked for

        setup = self.config()
        seats = tuple(SeatConfig(s.name, s.kind, i) for i, s in enumerate(setup.seats))
        starred = None if setup.starred is None else tuple(c.value for c in setup.starred)
        self.app.push(HostScene(HostSetup(GAME_KEY, seats, starred=starred,
                                          chosen={"talk": "on" if setup.bot_chat else "off"})))

    def back(self) -> None:
        self._read()
        if self.on_back is not None:
            self.on_back()
        elif self.entered:
            self.app.pop()

    def start(self) -> Setup1667 | None:
        """Validate and start; shows the problem instead (in the player's language) when the setup is not valid."""
        setup = self.config()
        text = self.seed_text.strip()
        try:
            if text and setup.seed is None:
                raise SetupProblem("t1667.setup.err.seed", n=MAX_SEED)
            setup.validate()
        except SetupProblem as problem:
            self.error = problem.text()
            self._redraw()
            return None
        self.error = ""
        setup = setup.cleaned()
        if self.remember:
            if self.entered:  # never written on the frame loop
                remembered = setup
                self.app.session.writer().run("remembering the 1667 setup", lambda: save_last_1667(remembered))
            else:
                save_last_1667(setup)
        self.started = setup
        self.on_start(setup)
        return setup

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        s = scale_of(size)
        surface.blit(backdrop(size, "none"), (0, 0))
        draw_panel(surface, self._panel, s, tr("t1667.setup.title"))
        for text, r in self._labels:
            t = fit(text, self._px, r.w, True, palette.INK)
            surface.blit(t, t.get_rect(midleft=(r.x, r.centery)))
        groups: dict[str, list[Control]] = {}
        for c in self.controls:
            if c.style == "toggle":
                groups.setdefault(c.name.split(":")[0], []).append(c)
        sizes = {g: common_px([c.label for c in cs], self._px, min(c.rect.w for c in cs) - int(10 * s))
                 for g, cs in groups.items()}
        for c in self.controls:
            self._draw_control(surface, c, s, sizes.get(c.name.split(":")[0], self._px))
        if self.error:
            note, colour = self.error, palette.DANGER
        elif self.named:
            note, colour = tr("t1667.setup.named_hint", n=len(self.chosen)), palette.INK_SOFT
        else:
            note, colour = tr("t1667.setup.hint"), palette.INK_SOFT
        t = fit(note, self._px, self._msg.w, bool(self.error), colour)
        surface.blit(t, t.get_rect(midleft=self._msg.midleft))

    def _draw_control(self, surface: pygame.Surface, c: Control, s: float, px: int) -> None:
        r = c.rect
        rad = max(4, int(10 * s))
        hover = self._hover == c.name
        if c.style == "seat" and c.seat is not None:
            style = SEAT_STYLES[c.seat % len(SEAT_STYLES)]
            pygame.draw.rect(surface, palette.PARCHMENT, r, border_radius=rad)
            pygame.draw.rect(surface, palette.BRASS_DARK, r, max(1, int(2 * s)), border_radius=rad)
            shape(surface, style.shape, (r.x + r.w * 0.36, r.centery), r.h * 0.26, style.rgb)
            t = art.font(max(10, int(r.h * 0.42)), True).render(c.label, True, palette.INK)
            surface.blit(t, t.get_rect(midright=(r.right - max(2, r.w // 10), r.centery)))
            return
        button_face(surface, c, s, rad, hover)
        t = fit(c.label, px, r.w - int(10 * s), c.on or c.style != "toggle", palette.INK)
        surface.blit(t, t.get_rect(center=r.center))


