"""Pause overlay over the table: resume, save, load, settings, rules, animation speed,
main menu, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Intent, Key
from tortuga_desktop.shell.keys import hud_speed  # the table's word for the speed (reduced motion included)
from tortuga_desktop.shell.layout import screen_scale
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chrome import ButtonList, MenuItem
from tortuga_desktop.shell.scenes.dialogs import ask_close_table
from tortuga_desktop.shell.scenes.saveload import LoadScene, SaveScene
from tortuga_desktop.shell.scenes.settings import SettingsScene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves.writer import NamedSavable

SPEEDS = ("slow", "normal", "fast", "instant")


class PausedTable(Protocol):
    """What the pause menu uses of the table under it (any game's table scene)."""

    speed: str

    @property
    def controller(self) -> object:
        """The table's source (its saved game, if it has one, comes through the session)."""
        ...

    def set_speed(self, speed: str) -> None: ...

    def saved_game(self) -> NamedSavable | None:
        """The game to save under a name (:meth:`~tortuga_desktop.shell.scenes.Scene.saved_game`)."""
        ...


class PauseScene(Scene):
    """A translucent overlay; Escape or Resume returns to the table."""

    opaque = False
    name = "pause"

    def __init__(self, table: PausedTable) -> None:
        super().__init__()
        self.table = table
        self.buttons = ButtonList([])
        self._dim: pygame.Surface | None = None
        self._box = pygame.Rect(0, 0, 0, 0)

    def enter(self, app: App) -> None:
        super().enter(app)
        self._build()

    def _build(self) -> None:
        speed = self.table.speed
        data = self._save_data()
        can_save = data is not None
        self.buttons = ButtonList([
            MenuItem(tr("menu.resume"), self.resume_game),
            MenuItem(tr("menu.save_game"), self.save_game, can_save),
            MenuItem(tr("menu.load_game"), self.load_game),
            MenuItem(tr("menu.settings"), self.settings),
            MenuItem(tr("menu.rules"), self.rules),
            MenuItem(tr("pause.speed", speed=hud_speed(speed, self.app.settings if self.entered else None)),
                     self.cycle_speed),
            MenuItem(tr("menu.main_menu"), self.to_menu),
            MenuItem(tr("menu.quit"), self.quit),
        ])
        self.resize(self.app.size)

    def resume(self) -> None:
        super().resume()
        focus = self.buttons.focus
        self._build()
        self.buttons.focus = focus

    def retranslate(self) -> None:
        focus = self.buttons.focus
        self._build()
        self.buttons.focus = focus

    def _save_data(self) -> NamedSavable | None:
        """The saved game of the table below, of any game (None for a game without one: network, demo, a
        finished game): the table scene's ``saved_game()`` gives it."""
        return self.table.saved_game()

    def save_game(self) -> None:
        data = self._save_data()
        if data is not None:
            self.app.push(SaveScene(data))

    def load_game(self) -> None:
        self.app.push(LoadScene())

    def settings(self) -> None:
        self.app.push(SettingsScene())

    def rules(self) -> None:
        self.app.push(self.app.help_scene())  # the rules of the game under this menu

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = screen_scale(size)  # the window's scale times the interface size (issue 23)
        self._box = pygame.Rect(0, 0, int(540 * s), int(580 * s))
        self._box.center = (w // 2, int(h * 0.47))
        self.buttons.layout(w // 2, self._box.y + int(72 * s), int(440 * s), int(50 * s), int(9 * s))
        self._dim = None

    def resume_game(self) -> None:
        self.app.pop()

    def cycle_speed(self) -> None:
        cur = self.table.speed
        nxt = SPEEDS[(SPEEDS.index(cur) + 1) % len(SPEEDS)] if cur in SPEEDS else "normal"
        self.table.set_speed(nxt)
        settings = self.app.settings if self.entered else None
        if settings is not None and not settings.reduced_motion and settings.animation_speed != nxt:
            # remembered: the next table (and the next start) begins at this speed
            settings.animation_speed = nxt
            self.app.apply_settings({"animation_speed"})
            self.app.save_settings()
        focus = self.buttons.focus
        self._build()
        self.buttons.focus = focus

    def hosting(self) -> bool:
        """The table below is a network table this computer hosts and its game is not over:
        leaving it closes it for everyone (the table scene's ``network_session`` says)."""
        session = getattr(self.table, "network_session", None)
        return session is not None and getattr(session, "host", None) is not None and not session.over

    def quit(self) -> None:
        """Quit the program (the host is asked first: that closes its table for everyone)."""
        if self.hosting():
            self.app.push(ask_close_table(self.app.request_quit))
            return
        self.app.request_quit()

    def to_menu(self) -> None:
        """Back to the main menu (the host is asked first: that closes its table for everyone)."""
        if self.hosting():
            self.app.push(ask_close_table(self._to_menu_now))
            return
        self._to_menu_now()

    def _to_menu_now(self) -> None:
        app = self.app
        app.pop()  # this overlay
        while len(app.scenes) > 1:
            app.pop()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and intent.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.buttons.handle(intent):
            self.app.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self._dim is None or self._dim.get_size() != (w, h):
            self._dim = pygame.Surface((w, h), pygame.SRCALPHA)
            self._dim.fill((10, 20, 30, 150))
        surface.blit(self._dim, (0, 0))
        s = screen_scale((w, h))
        if self._box.size != (int(540 * s), int(580 * s)):
            self.resize((w, h))
        box = self._box
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, box, border_radius=int(18 * s))
        pygame.draw.rect(surface, palette.BRASS_DARK, box, max(2, int(4 * s)), border_radius=int(18 * s))
        t = art.font(int(34 * s), True).render(tr("menu.paused"), True, palette.INK)
        surface.blit(t, t.get_rect(midtop=(w // 2, box.y + int(10 * s))))
        self.buttons.draw(surface, int(26 * s))


__all__ = ["PauseScene"]
