"""The kept game records on the statistics screen ("Replays" tab), export / import, and
``tortuga --replay FILE``.

:class:`ReplayList` lists ``<data>/replays`` (newest first: game, date, seats, winner, rounds; a
damaged file greyed out with its reason) and opens one in its game's replay screen: every file is
read, summarised and opened through its game's module (:mod:`..replayfiles`), so this screen
knows no game.
Keys while the tab is shown: Up/Down choose, Enter watches, E exports the chosen record to a
file, I imports a record file. The list is read (from the folder's summary index) and a
record opened on a worker thread, every file is copied on the app's background writer: the
frame loop never waits for the disk. Each shown line is rendered once, not every frame.

:class:`RecordFileScene` asks for a file path (export: where to write; import: which file to
read). A bad, truncated or newer file, a file that exists already or a folder that cannot be
written gets its message on the dialog's message line; nothing is overwritten, nothing
crashes, and the dialog stays open to try another path.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from tortuga_desktop.shell import art, palette, paths, replayfiles
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.i18n import kind_name, tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.listing import Progress, Scan
from tortuga_desktop.shell.replayfiles import RecordError, ReplayInfo, describe_error
from tortuga_desktop.shell.saves.writer import Job
from tortuga_desktop.shell.scenes import Scene, WidgetScene
from tortuga_desktop.shell.scenes.dialogs import (
    dim,
    draw_panel,
    ok_cancel,
    scale_of,
    text_entry,
    text_lines,
    wrap,
)
from tortuga_desktop.shell.scenes.listview import RowCache, Worker, draw_position, page_key, progress_text
from tortuga_desktop.shell.scenes.opening import OpeningScene, opening
from tortuga_desktop.shell.scenes.saveload import _clip

if TYPE_CHECKING:  # pragma: no cover
    from pygame_gui.elements import UITextEntryLine

    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)

__all__ = ["RecordFileScene", "ReplayList", "default_export_path", "open_replay_file"]


def default_export_path(game_id: str) -> Path:
    """Where an exported record goes unless the player types another path: the user's
    documents (or downloads) folder, never the bare home folder."""
    return paths.export_dir() / f"tortuga-replay-{game_id}.json"


def _error_text(exc: BaseException) -> str:
    """A failed export/import as a message for the player."""
    if isinstance(exc, RecordError):
        return describe_error(exc)
    if isinstance(exc, FileExistsError):
        return tr("replay.export.exists", name=paths.display_name(str(exc.filename or "")))
    if isinstance(exc, OSError):
        return tr("replay.export.failed", reason=paths.display_path(exc.strerror or str(exc))[:200])
    return tr("replay.export.failed", reason=type(exc).__name__)


def open_replay_file(app: App, path: Path) -> OpeningScene[Scene | RecordError]:
    """Open a record file of any game in its game's replay screen (``tortuga --replay FILE``): read,
    checked and played through on a worker thread under a notice while the window stays alive
    (:class:`.opening.OpeningScene`, returned). A bad, truncated or newer file, or one of a game this
    program does not have, then shows its message and changes nothing."""
    speed = replayfiles.replay_speed(app)

    def work() -> Scene | RecordError:
        try:
            return replayfiles.open_scene(replayfiles.read_kept(path), speed)
        except RecordError as exc:
            return exc

    def done(result: Scene | RecordError) -> None:
        if isinstance(result, RecordError):
            logger.warning("refused replay %s: %s", paths.display_path(path), result.detail or result.key)
            app.show_message(tr("replay.error.title"), describe_error(result))
            return
        app.push(result)

    def failed(exc: BaseException) -> None:
        done(RecordError("error.replay.unreadable", str(exc), reason=str(exc)[:120]))

    return opening(app, tr("replay.opening"), work, done, failed)


class ReplayList:
    """The Replays tab of the statistics screen (drawn into an area of that scene)."""

    def __init__(self) -> None:
        #: the kept records (None while they are being read)
        self.infos: list[ReplayInfo] | None = None
        self.error = ""
        self.focus = 0
        self.scroll = 0
        self._lister: Worker[list[ReplayInfo]] = Worker()
        self._opener: Worker[Scene | RecordError] = Worker()
        self._items: list[pygame.Rect] = []
        self._buttons: dict[str, pygame.Rect] = {}
        self._rows = RowCache()
        self._generation = 0

    @property
    def busy(self) -> bool:
        return self._lister.busy or self._opener.busy

    # -- data ------------------------------------------------------------------------------

    def reload(self, app: App) -> None:
        """Read the list again (on a worker thread, from the folder's summary index), once the
        frame that shows the tab is drawn."""
        self._lister.start("listing the game records", lambda progress: replayfiles.list_replays(progress=progress),
                           after_frame=True)

    def poll(self, app: App) -> bool:
        """Take up finished background work; True when the tab must be drawn again."""
        changed = False
        task = self._lister.poll()
        if task is not None:
            if task.error is None:
                self.infos, self.error = task.result, ""
            else:
                err = task.error
                self.infos, self.error = [], str(getattr(err, "strerror", None) or err or "?")
            self._generation += 1
            self.focus = min(self.focus, max(0, len(self.infos) - 1))
            changed = True
        opened = self._opener.poll()
        if opened is not None:
            self._opened(app, opened)
            changed = True
        return changed or self._lister.progress_changed()

    def open(self, app: App, index: int) -> bool:
        """Watch record ``index``: the file is read and the replay built on a worker thread
        (a long game is replayed there); the scene opens when it is ready."""
        if self.infos is None or not 0 <= index < len(self.infos) or self._opener.busy:
            return False
        info = self.infos[index]
        if info.error:
            app.notify(tr("replay.list.damaged", reason=tr(info.error, reason="", name="", version="")), "warning")
            return False
        speed = replayfiles.replay_speed(app)

        def work(_progress: Progress) -> Scene | RecordError:
            try:
                return replayfiles.open_scene(replayfiles.read_kept(info.path), speed)
            except RecordError as exc:
                return exc

        self._opener.start("reading a game record", work)
        return True

    def _opened(self, app: App, task: Scan[Scene | RecordError]) -> None:
        scene = task.result
        try:
            if task.error is not None:
                raise RecordError("error.replay.unreadable", str(task.error), reason=str(task.error)[:120])
            if isinstance(scene, RecordError):
                raise scene
        except RecordError as exc:
            logger.warning("refused replay: %s", exc.detail or exc.key)
            app.show_message(tr("replay.error.title"), describe_error(exc))
            return
        if scene is not None:
            app.push(scene)

    def export(self, app: App, index: int) -> bool:
        if self.infos is None or not 0 <= index < len(self.infos) or self.infos[index].error:
            return False
        info = self.infos[index]
        app.push(RecordFileScene("export", info.path, default_export_path(info.game_id), on_done=lambda: None))
        return True

    def import_file(self, app: App) -> None:
        app.push(RecordFileScene("import", on_done=lambda: self.reload(app)))

    # -- input -----------------------------------------------------------------------------

    def handle(self, app: App, intent: Intent) -> bool:
        """Handle an intent of the statistics scene while this tab is shown; True if used."""
        n = len(self.infos or [])
        if isinstance(intent, Key):
            k = intent.key
            paged = page_key(k, self.focus, n, max(1, len(self._items)))
            if paged is not None:
                self.focus = paged
            elif k == pygame.K_DOWN:
                self.focus = min(max(0, n - 1), self.focus + 1)
            elif k == pygame.K_UP:
                self.focus = max(0, self.focus - 1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(app, self.focus)
            elif k == pygame.K_e:
                self.export(app, self.focus)
            elif k == pygame.K_i:
                self.import_file(app)
            else:
                return False
            self._keep_focus_visible()
            return True
        if isinstance(intent, Click) and intent.button == 1:
            for name, r in self._buttons.items():
                if r.collidepoint(intent.pos):
                    if name == "watch":
                        self.open(app, self.focus)
                    elif name == "export":
                        self.export(app, self.focus)
                    else:
                        self.import_file(app)
                    return True
            for i, r in enumerate(self._items):
                if r.collidepoint(intent.pos):
                    idx = i + self.scroll
                    if idx == self.focus:  # a second click on the chosen line watches it
                        self.open(app, idx)
                    self.focus = idx
                    return True
        if isinstance(intent, Click) and intent.button in (4, 5):
            self.scroll = max(0, min(max(0, n - 1), self.scroll + (1 if intent.button == 5 else -1)))
            return True
        return False

    def _keep_focus_visible(self) -> None:
        shown = max(1, len(self._items))
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + shown:
            self.scroll = self.focus - shown + 1

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(19 * s)), True)
        small = art.font(max(10, int(15 * s)))
        self._items = []
        # buttons along the bottom of the area
        bh = max(24, int(40 * s))
        bw = min(int(230 * s), (area.w - int(40 * s)) // 3)
        y = area.bottom - bh
        self._buttons = {}
        for i, (name, key) in enumerate((("watch", "replay.list.watch"), ("export", "replay.list.export"),
                                         ("import", "replay.list.import"))):
            r = pygame.Rect(area.x + i * (bw + int(16 * s)), y, bw, bh)
            infos = self.infos or []
            usable = name == "import" or (0 <= self.focus < len(infos) and not infos[self.focus].error)
            pygame.draw.rect(surface, palette.GOLD if usable else palette.PARCHMENT_DARK, r, border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK, r, max(1, int(2 * s)), border_radius=int(8 * s))
            t = fb.render(tr(key), True, palette.INK if usable else palette.INK_SOFT)
            surface.blit(t, t.get_rect(center=r.center))
            self._buttons[name] = r

        where = small.render(tr("replay.list.folder", folder=paths.display_path(paths.replays_dir(create=False))), True,
                             palette.INK_SOFT)
        surface.blit(where, (area.x, y - where.get_height() - int(6 * s)))
        list_area = pygame.Rect(area.x, area.y, area.w, y - where.get_height() - int(14 * s) - area.y)
        if self.infos is None:
            surface.blit(f.render(progress_text("replay.list.loading", self._lister.progress), True, palette.INK_SOFT),
                         list_area.topleft)
            return
        if self._opener.busy:
            surface.blit(f.render(tr("replay.opening"), True, palette.INK_SOFT), list_area.topleft)
            list_area.y += f.get_linesize() + int(6 * s)
            list_area.h -= f.get_linesize() + int(6 * s)
        if self.error:
            text_lines(surface, wrap(self.error, f, list_area.w), f, list_area.topleft, palette.DANGER)
            return
        if not self.infos:
            text_lines(surface, wrap(tr("replay.list.none"), f, list_area.w), f, list_area.topleft, palette.INK)
            return
        lh = fb.get_linesize() + f.get_linesize() + int(16 * s)
        visible = max(1, list_area.h // lh)
        self.scroll = max(0, min(self.scroll, len(self.infos) - 1))
        shown = self.infos[self.scroll:self.scroll + visible]
        draw_position(surface, self.scroll, len(shown), len(self.infos), (area.right, area.y - int(40 * s)), s)
        y = list_area.y
        for i, info in enumerate(shown):
            r = pygame.Rect(list_area.x, y, list_area.w, lh - int(6 * s))
            on = i + self.scroll == self.focus
            pygame.draw.rect(surface, palette.GOLD_LIGHT if on else palette.PARCHMENT, r, border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK if on else palette.BRASS, r, max(1, int(2 * s)),
                             border_radius=int(8 * s))
            tw = r.w - int(24 * s)
            t1, t2 = self._rows.get((self._generation, tw, s), i + self.scroll, partial(self._row, info, tw, s))
            surface.blit(t1, (r.x + int(12 * s), r.y + int(4 * s)))
            surface.blit(t2, (r.x + int(12 * s), r.y + int(6 * s) + t1.get_height()))
            self._items.append(r)
            y += lh

    def _row(self, info: ReplayInfo, width: int, s: float) -> tuple[pygame.Surface, pygame.Surface]:
        """One line's two texts, rendered (kept in the row cache until the list changes)."""

        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(19 * s)), True)
        if info.error:
            t1 = fb.render(paths.display_name(info.path), True, palette.INK_SOFT)
            t2 = f.render(tr("replay.list.damaged", reason=tr(info.error, reason="", name="", version="")),
                          True, palette.DANGER)
        else:
            when = (info.date or "")[:16].replace("T", " ")
            seats = ", ".join(f"{n} ({kind_name(k)})" for n, k in zip(info.names, info.kinds, strict=False))
            t1 = fb.render(tr("replay.list.of_game", game=games.game_title(info.game, tr),
                              line=tr("replay.list.line", when=when, seats=seats)), True, palette.INK)
            if info.finished:
                win = ", ".join(info.names[w] for w in info.winners[:len(info.names)] if 0 <= w < len(info.names))
                t2 = f.render(tr("replay.list.won", winners=win, rounds=info.rounds), True, palette.INK_SOFT)
            else:
                t2 = f.render(tr("replay.list.unfinished", round=info.rounds), True, palette.INK_SOFT)
        return _clip(t1, width), _clip(t2, width)


class RecordFileScene(WidgetScene):
    """Export a kept record to a file (``mode="export"``) or import a record file (``"import"``)."""

    opaque = False
    name = "record_file"

    def __init__(self, mode: str, source: Path | None = None, default: Path | None = None, *,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__()
        if mode not in ("export", "import") or (mode == "export" and source is None):
            raise ValueError(f"bad record file dialog: {mode}")
        self.mode = mode
        self.source = source
        self._text = str(default) if default is not None else ""
        self.entry: UITextEntryLine | None = None
        self.message = ""
        self.error = False
        self.job: Job[Path | RecordError | OSError] | None = None
        self.on_done = on_done
        self._box = pygame.Rect(0, 0, 0, 0)
        self._ok: UIButton | None = None
        self._cancel: UIButton | None = None

    def _kill(self) -> None:
        if self.entry is not None:
            self._text = self.entry.get_text()
        super()._kill()
        self.entry = None

    def _build(self) -> None:
        self._kill()
        w, h = self.app.size
        s = scale_of((w, h))
        self._box = pygame.Rect(0, 0, min(w - 40, int(860 * s)), int(360 * s))
        self._box.center = (w // 2, h // 2)
        row = max(30, int(48 * s))
        x = self._box.x + int(40 * s)
        iw = self._box.w - int(80 * s)
        y = self._box.y + int(120 * s)
        self.entry = text_entry(pygame.Rect(x, y, iw, row), self.app.ui, initial_text=self._text, length_limit=1000)
        self.entry.focus()  # type: ignore[no-untyped-call]  # pygame_gui leaves it untyped
        self._els.append(self.entry)
        y += row + int(90 * s)
        bw = int(iw * 0.4)
        self._cancel = UIButton(pygame.Rect(x, y, bw, row), tr("menu.cancel"), self.app.ui)
        self._ok = UIButton(pygame.Rect(x + iw - bw, y, bw, row),
                            tr("replay.file.ok_export" if self.mode == "export" else "replay.file.ok_import"),
                            self.app.ui)
        self._els += [self._cancel, self._ok]
        self.app.request_redraw()

    def path_text(self) -> str:
        return (self.entry.get_text() if self.entry is not None else self._text).strip()

    def confirm(self) -> bool:
        """Start the export/import on the background writer; False if there is nothing to do."""
        if self.job is not None:
            return False
        typed = self.path_text()
        if not typed:
            self.message, self.error = tr("replay.file.empty"), True
            self.app.request_redraw()
            return False
        try:
            path = Path(typed).expanduser()
        except RuntimeError:  # "~someone" without a home folder: taken literally
            path = Path(typed)
        source = self.source

        def work() -> Path | RecordError | OSError:
            try:
                if self.mode == "export":
                    assert source is not None
                    return replayfiles.export_replay(source, path)
                return replayfiles.import_replay(path)
            except (RecordError, OSError) as exc:
                return exc

        self.job = self.app.session.writer().run(f"{self.mode} a game record", work)
        self.message, self.error = tr("replay.file.working"), False
        self.app.request_redraw()
        return True

    def update(self, dt: float) -> bool:
        job = self.job
        if job is None or not job.done:
            return False
        self.job = None

        if job.error is not None:
            self.message, self.error = job.error.user_message(), True
            return True
        done = job.result
        if not isinstance(done, Path):
            logger.warning("%s refused: %s", self.mode, done)
            self.message, self.error = _error_text(done), True
            return True
        self.app.pop()
        if self.mode == "export":
            self.app.notify(tr("replay.export.done", path=paths.display_path(done)), "info")
        else:
            self.app.notify(tr("replay.import.done", name=paths.display_name(done)), "info")
        if self.on_done is not None:
            self.on_done()
        return True

    def handle(self, intent: Intent) -> None:
        ok_cancel(self.app, intent, self._ok, self._cancel, self.confirm)

    def draw(self, surface: pygame.Surface) -> None:
        s = scale_of(surface.get_size())
        dim(surface)
        title = tr("replay.export.title" if self.mode == "export" else "replay.import.title")
        y = draw_panel(surface, self._box, s, title)
        f = art.font(max(11, int(19 * s)))
        t = f.render(tr("replay.file.label"), True, palette.INK)
        surface.blit(t, (self._box.x + int(40 * s), y + int(8 * s)))
        if self.message:
            lines = wrap(self.message, f, self._box.w - int(80 * s))[:3]
            text_lines(surface, lines, f, (self._box.x + int(40 * s), self._box.y + int(178 * s)),
                       palette.DANGER if self.error else palette.SUCCESS)
