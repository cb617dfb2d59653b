"""The main menu (its button list and backdrop are in :mod:`.chrome`, shared with the dialogs).

Keys: Up/Down (or Tab) move the focus, Enter/Space activates, Escape quits (menu) or goes
back (pause).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.shell import art, palette, saves
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.game import DemoOptions, GameModule, MenuOverlay, SavedGame, Tutorial
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Intent, Key
from tortuga_desktop.shell.layout import LayoutReport, screen_scale
from tortuga_desktop.shell.listing import Progress, Scan, warm
from tortuga_desktop.shell.saves.games import load_game
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chooser import GameChooser
from tortuga_desktop.shell.scenes.chrome import ButtonList, MenuItem, backdrop, draw_title, warm_backdrop
from tortuga_desktop.shell.scenes.dialogs import MessageScene
from tortuga_desktop.shell.scenes.listview import Worker
from tortuga_desktop.shell.scenes.saveload import LoadScene
from tortuga_desktop.shell.scenes.settings import SettingsScene
from tortuga_desktop.shell.scenes.stats import StatsScene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.net.seatstore import NetSeat, SeatFinder
    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)

#: what loading the autosave gives: the game and its save, None (no autosave) or why it was refused
_Loaded = tuple[GameModule, SavedGame] | saves.SaveError | None


def return_label(table: str, host: str, width: int, px: int) -> str:
    """The main menu's offer to go back to a kept network seat, in the longest wording that fits
    ``width`` pixels at the buttons' own size ``px`` (never set smaller): with the table and the
    host, with the table, or on its own (the Join screen always shows the table and host)."""
    font = art.font(px, True)
    text = ""
    for text in (tr("net.return.offer", table=table, host=host), tr("net.return.menu_table", table=table),
                 tr("net.return.menu")):
        if font.size(text)[0] <= width:
            break
    return text


def _warm_screens() -> None:
    """Import the list screens while the title screen opens: compiling and importing them
    takes ~10 ms, which the first frame of Statistics or Load game cannot spare (issue 24.3)."""
    for name in ("stats", "saveload", "replays"):
        try:
            importlib.import_module(f"{__package__}.{name}")
        except ImportError:  # shown when the screen is opened; nothing to do here
            logger.exception("the %s screen cannot be loaded", name)


class MenuScene(Scene):
    """The title screen: new game, continue, load, demo, statistics, settings, rules, quit."""

    name = "menu"

    def __init__(self, *, auto_return: bool = False) -> None:
        """``auto_return``: when a game at a network table was still being played (a seat is kept
        in the data folder), go back to that seat by itself once the menu is up (the game's start)."""
        super().__init__()
        self.buttons = ButtonList([])
        self._size = (0, 0)
        self._px = 28
        #: a game's offer over the menu ("Learn to play?" on first start: the dice game's tutorial)
        self.offer: MenuOverlay | None = None
        self.auto_return = auto_return
        #: the newest kept network seat whose game is still on (found off the frame loop)
        self.seat: NetSeat | None = None
        #: a table this computer hosted can be continued (found off the frame loop)
        self.hosted = False
        self._finder: SeatFinder | None = None
        #: the "Return to your seat" item (its wording is chosen to fit the button)
        self._return_item: MenuItem | None = None
        self._loader: Worker[_Loaded] = Worker()  # Continue: the autosave is loaded off the frame loop

    def enter(self, app: App) -> None:
        super().enter(app)
        self._look_for_seats()
        self._build()

        warm()  # the threads that read lists and load games, started before they are needed
        warm_backdrop(app.size)
        _warm_screens()

    def resume(self) -> None:
        super().resume()
        self._look_for_seats()
        self._build()

    def _look_for_seats(self) -> None:
        from tortuga_desktop.net.seatstore import SeatFinder

        self._finder = SeatFinder()

    def update(self, dt: float) -> bool:
        task = self._loader.poll()
        if task is not None:  # Continue: the autosave was read on a worker thread
            self._continued(task)
            return True
        finder = self._finder
        if finder is None or not finder.done:
            return False
        self._finder = None
        if finder.problems:
            self.app.notify(trn("net.return.damaged", len(finder.problems)), "warning")
        seat = finder.seats[0] if finder.seats else None
        if self.auto_return and seat is not None and self.app.top is self:
            self.auto_return = False
            self.seat = seat
            self._build()
            self.return_to_seat()
            return True
        self.auto_return = False
        if seat != self.seat or finder.hosted != self.hosted:
            self.seat = seat
            self.hosted = finder.hosted
            focus = self.buttons.focus
            self._build()
            self.buttons.focus = focus
            return True
        return False

    def retranslate(self) -> None:
        focus = self.buttons.focus
        self._build()
        self.buttons.focus = focus

    def _build(self) -> None:
        has_setup = True
        try:
            games.modules()
        except ImportError:
            logger.exception("a game cannot be loaded")
            has_setup = False

        try:
            can_continue = saves.has_autosave()
        except OSError:  # e.g. the data folder is not accessible
            logger.exception("cannot look for the autosave")
            can_continue = False
        seat = self.seat
        self._return_item = None if seat is None else MenuItem(
            tr("net.return.offer", table=seat.shown_table, host=seat.host), self.return_to_seat)
        items = [
            MenuItem(tr("menu.new_game"), self.new_game, has_setup),
            MenuItem(tr("menu.continue"), self.continue_game, can_continue or seat is not None or self.hosted),
            *([self._return_item] if self._return_item is not None else []),
            *([MenuItem(tr("tutorial.menu"), self.learn)] if self._tutorial() is not None else []),
            MenuItem(tr("menu.load_game"), self.load_game),
            MenuItem(tr("net.menu.join"), self.join_game),
            MenuItem(tr("menu.demo"), self.demo),
            MenuItem(tr("menu.statistics"), self.statistics),
            MenuItem(tr("menu.settings"), self.settings),
            MenuItem(tr("menu.rules"), self.rules),
            MenuItem(tr("menu.quit"), lambda: self.app.request_quit()),
        ]
        self.buttons = ButtonList(items)

        tutorial = self._tutorial()
        self.offer = tutorial.first_start_offer(self.app) if tutorial is not None else None
        self._layout()

    def _geometry(self, size: tuple[int, int]) -> tuple[float, int, int, int]:
        """(scale, centre x of the menu column, top of the buttons, bottom of the buttons):
        title and buttons in a column on the left, the island picture on the right."""
        w, h = size
        s = screen_scale(size)
        cx = int(w * 0.30)
        return s, cx, int(h * 0.30), h - int(44 * s)

    def _layout(self) -> None:
        if not self.entered:
            return
        w, h = self.app.size
        s, cx, top, bottom = self._geometry((w, h))
        n = max(1, len(self.buttons.items))
        gap = max(4, int(11 * s))
        bh = max(24, min(int(56 * s), (bottom - top) // n - gap))  # any number of items fits
        bw = min(int(460 * s), int(w * 0.5) - 2 * int(24 * s))
        self.buttons.layout(cx, top, bw, bh, gap)
        self._size = (w, h)
        self._px = max(12, min(int(28 * s), bh * 11 // 20))
        seat, item = self.seat, self._return_item
        if seat is not None and item is not None:
            item.label = return_label(seat.shown_table, seat.host, bw - 2 * self._px, self._px)

    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        for i, r in enumerate(self.buttons.rects):
            rep.add(f"menu item {i}", r)
        return rep

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()
        warm_backdrop(size)

    def choose_game(self, then: Callable[[GameModule], None]) -> None:
        """``then(game)`` at once when there is one game; else the game chooser asks which."""
        found = games.modules()
        if len(found) == 1:
            then(found[0])
            return
        self.app.push(GameChooser(found, then))

    def new_game(self) -> None:
        """New game: the chosen game's setup screen."""
        self.choose_game(lambda m: self.app.push(m.setup_scene(self.app)))

    def join_game(self) -> None:
        from tortuga_desktop.shell.scenes.join import (
            JoinScene,  # online play: the network screens load only when asked for
        )

        self.app.push(JoinScene())

    def return_to_seat(self) -> None:
        """Back to the kept network seat (the Join screen takes it back with its token)."""
        from tortuga_desktop.shell.scenes.join import (
            JoinScene,  # online play: the network screens load only when asked for
        )

        if self.seat is not None:
            self.app.push(JoinScene(returning=self.seat))

    def continue_hosted(self) -> None:
        """The host screen, which brings the newest hosted table that is not over back."""
        from tortuga_desktop.shell.scenes.host import (
            HostScene,  # online play: the network screens load only when asked for
        )

        self.app.push(HostScene(continue_saved=True))

    @property
    def busy(self) -> bool:
        """The autosave is being loaded on a worker thread (tests wait for it)."""
        return self._loader.busy

    def continue_game(self) -> None:
        """Load the autosave on a worker thread (a long game is replayed there: the window
        keeps drawing); the game continues when it is read and checked."""
        if self.seat is not None and not saves.has_autosave():
            self.return_to_seat()  # no local game to continue: the network game it was playing
            return
        if self.hosted and not saves.has_autosave():
            self.continue_hosted()  # nor that: the game this computer hosted
            return
        if self._loader.busy:
            return

        def work(_progress: Progress) -> _Loaded:
            path = saves.autosave_path(create=False)
            if not path.is_file():
                return None
            try:
                return load_game(path)
            except saves.SaveError as err:
                return err

        self._loader.start("loading the autosave", work, after_frame=True)
        self.app.request_redraw()

    def _continued(self, task: Scan[_Loaded]) -> None:
        data = task.result if task.error is None else saves.SaveError("error.save.unreadable",
                                                                      saves.autosave_path(create=False),
                                                                      str(task.error))
        if isinstance(data, saves.SaveError):
            err = data
            logger.warning("refused the autosave: %s", err.log_text)
            self._build()
            self.app.show_message(tr("error.save.title"), err.user_message())
            return
        if data is None:
            self._build()
            return
        module, saved = data
        module.open_saved(self.app, saved, on_disk=True)

    @staticmethod
    def _tutorial() -> Tutorial | None:
        """The tutorial the first start offers: the first game's (in menu order) that has one."""
        return next((t for m in games.modules() if (t := m.tutorial()) is not None), None)

    @staticmethod
    def _learnable() -> list[GameModule]:
        """The games that have a tutorial, in menu order."""
        return [m for m in games.modules() if m.tutorial() is not None]

    def learn(self) -> None:
        """*Learn to play*: the one game's tutorial, or the game chooser of the games that have one."""
        found = self._learnable()
        if len(found) == 1:
            self._learn(found[0])
        elif found:
            self.app.push(GameChooser(found, self._learn))

    def _learn(self, module: GameModule) -> None:
        tutorial = module.tutorial()
        if tutorial is not None:
            tutorial.start(self.app)

    def load_game(self) -> None:
        self.app.push(LoadScene())

    def statistics(self) -> None:
        self.app.push(StatsScene())

    def settings(self) -> None:
        self.app.push(SettingsScene())

    def rules(self) -> None:
        """The chosen game's rules."""
        self.choose_game(lambda m: self.app.push(m.help_scene(self.app)))

    def demo(self) -> None:
        """A game of computer players, of the chosen game."""
        self.choose_game(self._demo)

    def _demo(self, module: GameModule) -> None:
        opts = self.app.options
        seed = opts.seed if opts is not None else None
        players = opts.players if opts is not None else 4
        players = max(module.min_players, min(module.max_players, players))
        seed = seed if seed is not None else int(pygame.time.get_ticks()) % 100000
        module.demo(self.app, DemoOptions(players, seed))

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and intent.key == pygame.K_ESCAPE:
            # Esc is also "back" everywhere else: on the title screen it asks before quitting
            self.app.push(MessageScene(tr("menu.quit"), tr("menu.quit_confirm"), self.app.request_quit,
                                       ok_label=tr("menu.quit"), cancel_label=tr("quit.go_back")))
            return
        if self.offer is not None and self.offer.handle(intent):
            if self.offer.closed:
                self.offer = None
            self.app.request_redraw()
            return
        if self.buttons.handle(intent):
            self.app.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self._size:
            self._layout()
        w, h = surface.get_size()
        s, cx, top, _bottom = self._geometry((w, h))
        surface.blit(backdrop((w, h), "right"), (0, 0))
        ic = art.icon("app_icon", int(96 * s))
        surface.blit(ic, ic.get_rect(center=(cx, int(h * 0.075))))
        r = draw_title(surface, (cx, int(h * 0.185)), int(84 * s))
        col_w = int(w * 0.56)
        px = max(12, int(22 * s))
        sub = art.font(px).render(tr("menu.tagline"), True, palette.PARCHMENT_LIGHT)
        while sub.get_width() > col_w and px > 12:
            px -= 1
            sub = art.font(px).render(tr("menu.tagline"), True, palette.PARCHMENT_LIGHT)
        surface.blit(sub, sub.get_rect(midtop=(cx, min(r.bottom + int(4 * s), top - sub.get_height() - 4))))
        self.buttons.draw(surface, self._px)
        hint = art.font(max(11, int(15 * s))).render(tr("saves.opening" if self._loader.busy else "menu.hint"), True,
                                                      palette.FOAM)
        surface.blit(hint, hint.get_rect(midbottom=(cx, h - int(12 * s))))
        if self.offer is not None:
            self.offer.draw(surface)


__all__ = ["MenuScene"]
