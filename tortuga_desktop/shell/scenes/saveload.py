"""Save a running game under a name (pause menu, Ctrl+S) and load named games (main menu,
pause menu).

:class:`SaveScene`: a name field and a folder field ("Save as..." anywhere, e.g. when the
game's own folder cannot be written), Enter or "Save" saves (on the background writer: the
window never waits for the disk), Esc cancels.  :class:`LoadScene`: the named saves, newest first, with date, players and
round; a damaged file is listed greyed out with its error and cannot be opened; a folder
that cannot be read shows that error (never "no saves").  Up/Down
choose, Enter opens, Delete removes a save (after asking), Esc goes back.  Loading an unfinished game
over a game in progress asks first (its record stays in Replays as an unfinished game); a
file that turns out bad shows its message and changes nothing.
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from tortuga_desktop.shell import art, palette, paths, saves
from tortuga_desktop.shell.game import DEFAULT_GAME, GameModule, SavedGame, game_title
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.listing import Progress, Scan
from tortuga_desktop.shell.saves import MAX_NAME_LENGTH, Job, SaveInfo
from tortuga_desktop.shell.saves.games import load_game
from tortuga_desktop.shell.saves.writer import NamedSavable
from tortuga_desktop.shell.scenes import Scene, WidgetScene
from tortuga_desktop.shell.scenes.chrome import backdrop
from tortuga_desktop.shell.scenes.dialogs import (
    MessageScene,
    SafeTextEntryLine,
    dim,
    draw_panel,
    ok_cancel,
    scale_of,
    text_entry,
    text_lines,
    wrap,
)
from tortuga_desktop.shell.scenes.listview import RowCache, Worker, draw_position, page_key, progress_text

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["LoadScene", "SaveScene"]

logger = logging.getLogger(__name__)


class SaveScene(WidgetScene):
    """Name the game and save it."""

    opaque = False
    name = "save"

    def __init__(self, data: NamedSavable) -> None:
        super().__init__()
        self.data = data  # a saved game of any game (the dice game's SaveData, a 1667 save...)
        self.entry: SafeTextEntryLine | None = None
        self.folder_entry: SafeTextEntryLine | None = None
        self._box = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.error = False
        self.job: Job[Path | saves.SaveError] | None = None  # the background write under way
        self._job_name = ""

    def _kill(self) -> None:
        text = self.entry.get_text() if self.entry is not None else None
        folder = self.folder_entry.get_text() if self.folder_entry is not None else None
        super()._kill()
        self.entry = None
        self.folder_entry = None
        if text is not None:
            self._text = text
        if folder is not None:
            self._folder = folder

    @staticmethod
    def default_folder() -> str:
        return paths.display_path(paths.saves_dir(create=False))

    def _default_name(self) -> str:
        name = self.data.meta.get("name") if isinstance(self.data.meta, dict) else None
        if isinstance(name, str) and name:
            return name
        game = getattr(self.data, "game", None)
        if game is not None:  # the dice game: its round
            return tr("saves.default_name", round=game.round)
        return trn("saves.default_name_moves", self.data.decisions)

    def _build(self) -> None:
        self._kill()
        w, h = self.app.size
        s = scale_of((w, h))
        self._box = pygame.Rect(0, 0, min(w - 40, int(760 * s)), int(420 * s))
        self._box.center = (w // 2, h // 2)
        row = max(30, int(48 * s))
        x = self._box.x + int(40 * s)
        iw = self._box.w - int(80 * s)
        y = self._box.y + int(110 * s)

        self.entry = text_entry(pygame.Rect(x, y, iw, row), self.app.ui,
                                initial_text=getattr(self, "_text", None) or self._default_name(),
                                length_limit=MAX_NAME_LENGTH)
        self.entry.focus()  # type: ignore[no-untyped-call]  # pygame_gui leaves it untyped
        self._els.append(self.entry)
        y += row + int(44 * s)
        self._folder_y = y - int(30 * s)
        self.folder_entry = text_entry(pygame.Rect(x, y, iw, row), self.app.ui,
                                       initial_text=getattr(self, "_folder", None) or self.default_folder(),
                                       length_limit=1000)
        self._els.append(self.folder_entry)
        y += row + int(70 * s)
        bw = int(iw * 0.45)
        self._cancel = UIButton(pygame.Rect(x, y, bw, row), tr("menu.cancel"), self.app.ui)
        self._save = UIButton(pygame.Rect(x + iw - bw, y, bw, row), tr("menu.save_game"), self.app.ui)
        self._els += [self._cancel, self._save]
        self.app.request_redraw()

    def _folder_choice(self, folder: str | None) -> Path | None:
        """The folder typed in the Folder field; None for the game's own saves folder."""
        if folder is None:
            folder = self.folder_entry.get_text() if self.folder_entry is not None else ""
        folder = folder.strip()
        if not folder or folder == self.default_folder():
            return None
        try:
            return Path(folder).expanduser()
        except RuntimeError:  # "~someone" without a home folder: take it literally
            return Path(folder)

    def save(self, name: str | None = None, folder: str | None = None, *, replace: bool = False) -> bool:
        """Start saving (on the background writer); False if the name or folder is unusable.
        :meth:`update` closes the dialog when the file is written, or shows why it was not.
        A file that exists is never replaced without a question (``replace=True`` after it:
        the player said yes)."""
        if self.job is not None:
            return False
        self._asked = (name, folder)
        text = (name if name is not None else (self.entry.get_text() if self.entry is not None else "")).strip()
        if not text:
            self.message, self.error = tr("error.save.bad_name"), True
            self.app.request_redraw()
            return False
        try:
            path, doc = saves.prepare_named_save(text, self.data, self._folder_choice(folder))
        except saves.SaveError as err:
            logger.warning("cannot save: %s", err.log_text)
            self.message, self.error = err.user_message(), True
            self.app.request_redraw()
            return False
        self._job_name = text

        def write() -> Path | saves.SaveError:
            try:
                return saves.write_prepared(path, doc, replace=replace)
            except saves.SaveError as err:
                if err.key == "error.save.exists":
                    return err  # a question for the player, not a failure (no "saving failed" notice)
                raise

        self.job = self.app.session.writer().run("a named save", write, path)
        self.message, self.error = tr("saves.saving"), False
        self.app.request_redraw()
        return True

    def update(self, dt: float) -> bool:
        job = self.job
        if job is None or not job.done:
            return False
        self.job = None
        if isinstance(job.result, saves.SaveError):  # the file exists: ask
            self._ask_replace(job.result)
            return True
        if job.error is not None:
            self.message, self.error = job.error.user_message(), True
            return True
        self.message, self.error = "", False
        self.app.pop()
        self.app.notify(tr("status.saved", name=self._job_name), "info")
        top = self.app.top
        if top is not None and hasattr(top, "flash"):
            top.flash(tr("status.saved", name=self._job_name))
        return True

    def _ask_replace(self, error: saves.SaveError) -> None:
        """The file exists: ask before replacing the save in it (Enter replaces, Esc keeps it)."""
        name, folder = getattr(self, "_asked", (None, None))

        def keep() -> None:
            self.message, self.error = tr("saves.not_replaced"), True
            self.app.request_redraw()

        def replace() -> None:
            self.save(name, folder, replace=True)

        self.message, self.error = "", False
        text = tr("saves.replace_text", file=paths.display_name(error.path) if error.path else "",
                  existing=error.params.get("name", ""), name=self._job_name)
        self.app.push(MessageScene(tr("saves.replace_title"), text,
                                   replace, ok_label=tr("saves.replace"),
                                   cancel_label=tr("menu.cancel"), on_cancel=keep))

    def handle(self, intent: Intent) -> None:
        ok_cancel(self.app, intent, self._save, self._cancel, self.save)

    def draw(self, surface: pygame.Surface) -> None:
        s = scale_of(surface.get_size())
        dim(surface)
        y = draw_panel(surface, self._box, s, tr("saves.save_title"))
        f = art.font(max(11, int(19 * s)))
        t = f.render(tr("saves.save_as"), True, palette.INK)
        surface.blit(t, (self._box.x + int(40 * s), y + int(4 * s)))
        t = f.render(tr("saves.folder"), True, palette.INK)
        surface.blit(t, (self._box.x + int(40 * s), getattr(self, "_folder_y", y)))
        if self.message:
            lines = wrap(self.message, f, self._box.w - int(60 * s))[:3]
            text_lines(surface, lines, f, (self._box.x + int(30 * s), self._box.y + int(262 * s)),
                       palette.DANGER if self.error else palette.SUCCESS)


class LoadScene(Scene):
    """The list of named saves.

    The folder is read on a worker thread (from its summary index, :mod:`..listing`; files it
    does not describe yet are read and checked there, with a progress line), and a chosen
    game is loaded there too: the window keeps drawing while thousands of files are listed
    or a large game is replayed. Long lists page (Page Up/Down, Home, End) and each shown
    line is rendered once, not every frame."""

    opaque = True
    name = "load"

    def __init__(self) -> None:
        super().__init__()
        self.infos: list[SaveInfo] = []
        #: True until the first listing arrived
        self.loading = True
        self.focus = 0
        self.scroll = 0
        self._items: list[pygame.Rect] = []
        self._back = pygame.Rect(0, 0, 0, 0)
        #: why the saves folder could not be read ("" when it could)
        self.error = ""
        self._lister: Worker[list[SaveInfo] | saves.SaveError] = Worker()
        self._opener: Worker[tuple[GameModule, SavedGame] | saves.SaveError] = Worker()
        self._rows: RowCache[tuple[pygame.Surface, pygame.Surface]] = RowCache()
        self._generation = 0
        self._visible = 1

    @property
    def busy(self) -> bool:
        """The list is being read or a game opened (tests wait for it)."""
        return self._lister.busy or self._opener.busy

    def enter(self, app: App) -> None:
        super().enter(app)
        self.reload(after_frame=True)

    def resume(self) -> None:
        super().resume()
        self.reload(after_frame=True)

    def retranslate(self) -> None:
        self._rows.clear()

    def resize(self, size: tuple[int, int]) -> None:
        self._rows.clear()

    def reload(self, *, after_frame: bool = False) -> None:
        """Read the list again (on a worker thread; :meth:`update` takes the result up;
        ``after_frame``: once the screen's first frame is drawn)."""
        def work(progress: Progress) -> list[SaveInfo] | saves.SaveError:
            try:
                return saves.list_saves(progress)
            except saves.SaveError as err:
                return err

        self._lister.start("listing the saves", work, after_frame=after_frame)

    def _listed(self, task: Scan[list[SaveInfo] | saves.SaveError]) -> None:
        folder = paths.saves_dir(create=False)
        result = task.result if task.error is None else saves.SaveError(
            "error.save.folder_unreadable", folder, str(task.error), folder=paths.display_path(folder))
        if isinstance(result, saves.SaveError):
            logger.warning("cannot list the saves: %s", result.log_text)
            self.infos = []
            self.error = result.user_message()
        else:
            self.infos = result
            self.error = ""
        self.loading = False
        self._generation += 1
        self.focus = min(self.focus, max(0, len(self.infos) - 1))

    def update(self, dt: float) -> bool:
        changed = False
        task = self._lister.poll()
        if task is not None:
            self._listed(task)
            changed = True
        opened = self._opener.poll()
        if opened is not None:
            self._opened(opened)
            changed = True
        return changed or self._lister.progress_changed()

    def open(self, index: int) -> bool:
        """Start loading the save at ``index`` (on a worker thread; the game starts when it is
        read and checked). False: a damaged line or a game already being opened."""
        if not 0 <= index < len(self.infos) or self._opener.busy:
            return False
        info = self.infos[index]
        if not info.ok:
            return False

        def work(_progress: Progress) -> tuple[GameModule, SavedGame] | saves.SaveError:
            try:
                return load_game(info.path)
            except saves.SaveError as err:
                return err

        self._opener.start("loading a save", work, after_frame=True)
        self.app.request_redraw()
        return True

    def _opened(self, task: Scan[tuple[GameModule, SavedGame] | saves.SaveError]) -> None:
        data = task.result if task.error is None else saves.SaveError(
            "error.save.unreadable", None, str(task.error))
        if isinstance(data, saves.SaveError):
            logger.warning("refused %s", data.log_text)
            self.reload()
            self.app.show_message(tr("error.save.title"), data.user_message())
            return
        app = self.app
        found: tuple[GameModule, SavedGame] = data
        module, saved = found

        def go() -> None:
            while len(app.scenes) > 1:
                app.scenes.pop().exit()
            module.open_saved(app, saved)

        if saved.finished:  # the game in progress stays where Continue finds it
            go()
        else:  # it takes the game in progress's place: ask first
            app.session.confirm_leaving_game("load", go)

    def delete(self, index: int, *, confirmed: bool = False) -> None:
        """Delete the save at ``index`` - after asking (Enter deletes, Esc keeps it)."""

        if not 0 <= index < len(self.infos):
            return
        info = self.infos[index]
        if not confirmed:
            self.app.push(MessageScene(tr("saves.delete_title"), tr("saves.delete_confirm", name=info.name),
                                       lambda: self._delete(info.path), ok_label=tr("menu.delete"),
                                       cancel_label=tr("menu.cancel")))
            return
        self._delete(info.path)

    def _delete(self, path: Path) -> None:
        try:
            saves.delete_save(path)
        except saves.SaveError as err:
            logger.warning("cannot delete: %s", err.log_text)
            self.app.show_message(tr("error.title"), err.user_message())
        self.reload()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            k = intent.key
            paged = page_key(k, self.focus, len(self.infos), self._visible)
            if paged is not None:
                self.focus = paged
            elif k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif k == pygame.K_DOWN and self.infos:
                self.focus = min(len(self.infos) - 1, self.focus + 1)
            elif k == pygame.K_UP:
                self.focus = max(0, self.focus - 1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.focus)
            elif k == pygame.K_DELETE:
                self.delete(self.focus)
            self.app.request_redraw()
            return
        if isinstance(intent, Click):
            if intent.button == 1:
                if self._back.collidepoint(intent.pos):
                    self.app.pop()
                    return
                for i, r in enumerate(self._items):
                    if r.collidepoint(intent.pos):
                        self.focus = i + self.scroll
                        self.open(self.focus)
                        return
            elif intent.button in (4, 5):
                self.scroll = max(0, min(max(0, len(self.infos) - 1), self.scroll + (1 if intent.button == 5 else -1)))
                self.app.request_redraw()

    def _row(self, info: SaveInfo, width: int, s: float) -> tuple[pygame.Surface, pygame.Surface]:
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(21 * s)), True)
        if info.ok:
            when = (info.saved_at or "")[:16].replace("T", " ")
            t1 = fb.render(info.name, True, palette.INK)
            if info.game == DEFAULT_GAME:
                line = tr("saves.info_line", when=when, players=", ".join(info.player_names), round=info.round)
            else:
                line = tr("saves.info_line_game", when=when, players=", ".join(info.player_names),
                          game=game_title(info.game, tr))
            t2 = f.render(line, True, palette.INK_SOFT)
        else:
            t1 = fb.render(f"{info.name} — {tr('saves.damaged')}", True, palette.INK_SOFT)
            t2 = f.render(info.error.user_message() if info.error else "", True, palette.DANGER)
        return _clip(t1, width), _clip(t2, width)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        w, h = size
        s = scale_of(size)
        surface.blit(backdrop(size), (0, 0))
        box = pygame.Rect(int(120 * s), int(40 * s), w - int(240 * s), h - int(80 * s))
        y = draw_panel(surface, box, s, tr("saves.load_title")) + int(10 * s)
        self.notice_top = y  # a notice ("Game saved as ...") goes below the title, never over it
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(21 * s)), True)
        area = pygame.Rect(box.x + int(30 * s), y, box.w - int(60 * s), box.bottom - y - int(90 * s))
        self._items = []
        if self._opener.busy:
            surface.blit(f.render(tr("saves.opening"), True, palette.INK_SOFT), area.topleft)
            area.y += f.get_linesize() + int(6 * s)
            area.h -= f.get_linesize() + int(6 * s)
        if self.error:
            text_lines(surface, wrap(self.error, f, area.w), f, area.topleft, palette.DANGER)
        elif self.loading or (self._lister.busy and self._lister.progress[1]):
            surface.blit(f.render(progress_text("saves.reading", self._lister.progress), True, palette.INK_SOFT),
                         area.topleft)
            if self.loading:
                area.h = 0  # nothing listed yet: only the back button below
            area.y += f.get_linesize() + int(6 * s)
            area.h -= f.get_linesize() + int(6 * s)
        elif not self.infos:
            surface.blit(f.render(tr("saves.none"), True, palette.INK), area.topleft)
        self.scroll = min(self.scroll, max(0, self.focus))
        lh = fb.get_linesize() + f.get_linesize() + int(16 * s)
        visible = self._visible = max(1, area.h // lh)
        if self.focus >= self.scroll + visible:
            self.scroll = self.focus - visible + 1
        shown = self.infos[self.scroll:self.scroll + visible] if area.h > 0 else []
        draw_position(surface, self.scroll, len(shown), len(self.infos), (area.right, box.y + int(18 * s)), s)
        yy = area.y
        for i, info in enumerate(shown):
            idx = i + self.scroll
            r = pygame.Rect(area.x, yy, area.w, lh - int(6 * s))
            on = idx == self.focus
            fill = palette.GOLD_LIGHT if on and info.ok else (palette.PARCHMENT if info.ok else palette.PARCHMENT_DARK)
            pygame.draw.rect(surface, fill, r, border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK if on else palette.BRASS, r, max(1, int(2 * s)),
                             border_radius=int(8 * s))
            tw = r.w - int(24 * s)
            t1, t2 = self._rows.get((self._generation, tw, s), idx, partial(self._row, info, tw, s))
            surface.blit(t1, (r.x + int(12 * s), r.y + int(4 * s)))
            surface.blit(t2, (r.x + int(12 * s), r.y + int(6 * s) + t1.get_height()))
            self._items.append(r)
            yy += lh
        hint = art.font(max(10, int(15 * s))).render(tr("saves.load_hint"), True, palette.INK_SOFT)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - int(70 * s))))
        bt = fb.render(tr("settings.back"), True, palette.INK)
        self._back = bt.get_rect(midbottom=(box.centerx, box.bottom - int(18 * s))).inflate(int(60 * s), int(14 * s))
        pygame.draw.rect(surface, palette.GOLD, self._back, border_radius=int(8 * s))
        pygame.draw.rect(surface, palette.INK, self._back, max(1, int(2 * s)), border_radius=int(8 * s))
        surface.blit(bt, bt.get_rect(center=self._back.center))


def _clip(t: pygame.Surface, width: int) -> pygame.Surface:
    """``t`` cut to ``width`` pixels (a long name never spills out of its line)."""
    if width > 0 and t.get_width() > width:
        return t.subsurface(pygame.Rect(0, 0, width, t.get_height())).copy()
    return t
