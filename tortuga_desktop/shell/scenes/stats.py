"""Statistics screen: per human player name games, wins, best and average score and the
record against each computer strength; plus the list of finished games, each of which opens
its results and log read-only.

Keys: Tab switches between the lists, Up/Down choose a finished game, Enter opens it,
Esc goes back. The third tab lists the kept game records to watch, export and import
(:class:`.replays.ReplayList`).
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.shell import art, palette, paths, saves, stats
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.i18n import decimal, tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.layout import wrap_words
from tortuga_desktop.shell.listing import Progress, Scan
from tortuga_desktop.shell.saves import SaveInfo
from tortuga_desktop.shell.saves.games import read_game
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.chrome import backdrop
from tortuga_desktop.shell.scenes.dialogs import draw_panel, scale_of, text_lines, wrap
from tortuga_desktop.shell.scenes.listview import RowCache, Worker, draw_position, page_key, progress_text
from tortuga_desktop.shell.scenes.replays import ReplayList
from tortuga_desktop.shell.scenes.saveload import _clip

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

logger = logging.getLogger(__name__)

__all__ = ["StatsScene", "stats_rows"]

#: what one reading of the screen brings back from its worker thread: the statistics' rows, each game's
#: own tables, the statistics files found damaged, and the finished games (or why they cannot be listed)
_Read = tuple[list[list[str]], list[tuple[str, list[list[str]]]], list[Path], list[SaveInfo] | saves.SaveError]


def stats_rows(damaged: list[Path] | None = None) -> list[list[str]]:
    """The statistics table as text rows (header first); a damaged statistics file is added
    to ``damaged`` (see :func:`stats.load_stats`)."""
    return stats_tables(damaged)[0]


def stats_tables(damaged: list[Path] | None = None) -> tuple[list[list[str]], list[tuple[str, list[list[str]]]]]:
    """The statistics table as text rows (header first), and per game that counts sides and endings (a
    game module's ``stat_sides`` / ``stat_endings``, e.g. Tortuga 1667's loyalties and how its games end)
    its own table: (the game's key, rows with the header first; its title and note are the translations
    ``stats.<key>.title`` and ``stats.<key>.note``). The file is read once."""
    records = stats.load_stats(damaged)
    return _main_rows(records), _side_tables(records)


def _side_tables(records: stats.Stats) -> list[tuple[str, list[list[str]]]]:
    out: list[tuple[str, list[list[str]]]] = []
    for m in games.modules():
        sides, endings = m.stat_sides, m.stat_endings
        players = records.sorted_players(m.key)
        if not (sides or endings) or not players:
            continue
        head = [tr("stats.player"), tr("stats.games"), tr("stats.wins"),
                *(tr(f"stats.{m.key}.{k}") for k in sides), *(tr(f"stats.{m.key}.{k}") for k in endings)]
        rows = [head]
        for p in players:
            by_side = [f"{p.sides[k].wins}/{p.sides[k].games}" if k in p.sides and p.sides[k].games else "–"
                       for k in sides]
            rows.append([p.name, str(p.games), str(p.wins), *by_side, *(str(p.endings.get(k, 0)) for k in endings)])
        out.append((m.key, rows))
    return out


def _main_rows(records: stats.Stats) -> list[list[str]]:
    head = [tr("stats.player"), tr("stats.games"), tr("stats.wins"), tr("stats.best"), tr("stats.average"),
            tr("stats.hinted"), *(tr(f"stats.vs_{k}") for k in stats.STRENGTHS)]
    played = records.games()
    several = len(played) > 1 or (bool(played) and played[0] != games.DEFAULT_GAME)
    rows = [[head[0], tr("stats.game"), *head[1:]] if several else head]
    order = {k: i for i, k in enumerate(games.names())}  # the menu's order; games not installed last
    for game in sorted(played, key=lambda k: (order.get(k, len(order)), k)):
        for p in records.sorted_players(game):
            avg = p.average
            vs = [f"{p.vs[k].wins}/{p.vs[k].games}" if p.vs[k].games else "–" for k in stats.STRENGTHS]
            row = [p.name, str(p.games), str(p.wins), "–" if p.best is None else str(p.best),
                   "–" if avg is None else decimal(avg), str(p.hinted), *vs]
            rows.append([row[0], games.game_title(game, tr), *row[1:]] if several else row)
    return rows




def column_widths(table: list[list[str]], font: pygame.font.Font, width: int) -> list[int]:
    """The widths of a table's columns in ``width``: the names 18 %, the others shared alike, except that a
    column whose widest cell (a game's title) needs more gets that much from the rest."""
    n = len(table[0])
    first = int(width * 0.18)
    rest = width - first
    need = [max(font.size(row[c])[0] for row in table[1:]) + 12 if len(table) > 1 else 0 for c in range(1, n)]
    wide = {c: w for c, w in enumerate(need) if w > rest // (n - 1)}
    if wide and sum(wide.values()) < rest:
        share = (rest - sum(wide.values())) // max(1, n - 1 - len(wide))
        return [first, *(wide.get(c, share) for c in range(n - 1))]
    return [first, *([rest // (n - 1)] * (n - 1))]


class StatsScene(Scene):
    """Statistics and finished games."""

    opaque = True
    name = "stats"

    def __init__(self) -> None:
        super().__init__()
        self.tab = "stats"
        self.rows: list[list[str]] = []
        #: per game with sides and endings (Tortuga 1667): its key and its own table (header first)
        self.tables: list[tuple[str, list[list[str]]]] = []
        self.finished: list[SaveInfo] = []
        #: True until the first reading of the statistics and the archive arrived
        self.loading = True
        #: why the finished-games folder could not be read ("" when it could)
        self.error = ""
        self.focus = 0
        self._tabs: dict[str, pygame.Rect] = {}
        self._items: list[pygame.Rect] = []
        self._back = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.replays = ReplayList()
        self._reader: Worker[_Read] = Worker()
        self._opener: Worker[tuple[games.GameModule, games.SavedGame] | saves.SaveError] = Worker()
        self._rows = RowCache()
        self._generation = 0
        self._visible = 1
        self._drawn_focus = 0

    @property
    def busy(self) -> bool:
        """Something is being read on a worker thread (tests wait for it)."""
        return self._reader.busy or self._opener.busy or self.replays.busy

    def enter(self, app: App) -> None:
        super().enter(app)
        self.reload(after_frame=True)

    def resume(self) -> None:
        super().resume()
        self.reload(after_frame=True)

    def retranslate(self) -> None:
        self._rows.clear()
        self.reload()

    def resize(self, size: tuple[int, int]) -> None:
        self._rows.clear()

    def reload(self, *, after_frame: bool = False) -> None:
        """Read the statistics, the finished games (from the archive's summary index) and the
        replays again, on worker threads: the screen draws while they are read (``after_frame``:
        once its first frame is drawn)."""
        def work(progress: Progress) -> _Read:
            damaged: list[Path] = []
            rows, tables = stats_tables(damaged)
            finished: list[SaveInfo] | saves.SaveError
            try:
                finished = saves.list_finished(progress)
            except saves.SaveError as err:
                finished = err
            return rows, tables, damaged, finished

        self._reader.start("listing the finished games", work, after_frame=after_frame)
        if self.entered and (self.tab == "replays" or self.replays.infos is not None):
            self.replays.reload(self.app)  # the replays are read once their tab is first shown

    def show_tab(self, name: str) -> None:
        """Show tab ``name`` (the replays are read the first time their tab shows)."""
        self.tab = name
        if name == "replays" and self.replays.infos is None and not self.replays.busy and self.entered:
            self.replays.reload(self.app)

    def _read(self, task: Scan[_Read]) -> None:
        if task.error is not None:
            folder = paths.archive_dir(create=False)
            got: _Read = ([], [], [], saves.SaveError("error.save.folder_unreadable", folder, str(task.error),
                                                      folder=paths.display_path(folder)))
        else:
            got = task.result
        rows, tables, damaged, finished = got
        self.rows = rows
        self.tables = tables
        if damaged and self.entered:
            self.app.notify(tr("notice.stats_damaged", file=paths.display_name(damaged[0])), "warning")
        if isinstance(finished, saves.SaveError):
            logger.warning("cannot list the finished games: %s", finished.log_text)
            self.finished = []
            self.error = finished.user_message()
        else:
            self.finished = finished
            self.error = ""
        self.loading = False
        self._generation += 1
        self.focus = min(self.focus, max(0, len(self.finished) - 1))

    def update(self, dt: float) -> bool:
        if self.tab == "replays" and self.replays.infos is None and not self.replays.busy:
            self.show_tab("replays")
        changed = self.replays.poll(self.app)
        task = self._reader.poll()
        if task is not None:
            self._read(task)
            changed = True
        opened = self._opener.poll()
        if opened is not None:
            self._opened(opened)
            changed = True
        return changed or self._reader.progress_changed()

    def open_finished(self, index: int) -> bool:
        """Show a finished game's results and log (read-only); the file is read and checked on
        a worker thread. False: nothing to open (a damaged line, or one already opening)."""
        if not 0 <= index < len(self.finished) or self._opener.busy:
            return False
        info = self.finished[index]
        if not info.ok:
            return False

        def work(_progress: Progress) -> tuple[games.GameModule, games.SavedGame] | saves.SaveError:
            try:
                module, saved = read_game(info.path)
            except saves.SaveError as err:
                return err
            module.prepare_open()  # its screens imported here, not in the frame that opens them
            return module, saved

        self._opener.start("reading a finished game", work, after_frame=True)
        self.app.request_redraw()
        return True

    def _opened(self, task: Scan[tuple[games.GameModule, games.SavedGame] | saves.SaveError]) -> None:
        data = task.result if task.error is None else saves.SaveError("error.save.unreadable", None, str(task.error))
        if isinstance(data, saves.SaveError):
            logger.warning("refused %s", data.log_text)
            self.app.show_message(tr("error.save.title"), data.user_message())
            return
        found: tuple[games.GameModule, games.SavedGame] = data
        module, saved = found
        if saved.finished:  # its results, read-only (through the module of its game)
            module.open_saved(self.app, saved)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            k = intent.key
            order = ["stats", "finished", "replays"]
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif k in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                self.show_tab(order[(order.index(self.tab) + (-1 if k == pygame.K_LEFT else 1)) % len(order)])
            elif self.tab == "replays":
                self.replays.handle(self.app, intent)
            elif self.tab == "finished" and page_key(k, self.focus, len(self.finished), self._visible) is not None:
                self.focus = page_key(k, self.focus, len(self.finished), self._visible) or 0
            elif self.tab == "finished" and k == pygame.K_DOWN:
                self.focus = min(len(self.finished) - 1, self.focus + 1)
            elif self.tab == "finished" and k == pygame.K_UP:
                self.focus = max(0, self.focus - 1)
            elif self.tab == "finished" and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_finished(self.focus)
            self.app.request_redraw()
            return
        if isinstance(intent, Click) and intent.button == 1:
            if self._back.collidepoint(intent.pos):
                self.app.pop()
                return
            for name, r in self._tabs.items():
                if r.collidepoint(intent.pos):
                    self.show_tab(name)
                    self.app.request_redraw()
                    return
            if self.tab == "replays" and self.replays.handle(self.app, intent):
                self.app.request_redraw()
                return
            if self.tab == "finished":
                for i, r in enumerate(self._items):
                    if r.collidepoint(intent.pos):
                        self.focus = i + self.scroll
                        self.open_finished(self.focus)
                        return
        if isinstance(intent, Click) and intent.button in (4, 5) and self.tab == "replays":
            self.replays.handle(self.app, intent)
            self.app.request_redraw()
        if isinstance(intent, Click) and intent.button in (4, 5) and self.tab == "finished":
            self.scroll = max(0, min(max(0, len(self.finished) - 1), self.scroll + (1 if intent.button == 5 else -1)))
            self.app.request_redraw()
        if isinstance(intent, Hover):
            pass

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        w, h = size
        s = scale_of(size)
        surface.blit(backdrop(size), (0, 0))
        box = pygame.Rect(int(40 * s), int(30 * s), w - int(80 * s), h - int(60 * s))
        y = draw_panel(surface, box, s, tr("stats.title"))
        # tabs
        tf = art.font(max(12, int(22 * s)), True)
        x = box.x + int(30 * s)
        self._tabs = {}
        for name, key in (("stats", "stats.title"), ("finished", "menu.finished_games"), ("replays", "replay.list.tab")):
            t = tf.render(tr(key), True, palette.INK)
            r = t.get_rect(topleft=(x, y)).inflate(int(24 * s), int(10 * s))
            r.topleft = (x, y)
            pygame.draw.rect(surface, palette.GOLD if self.tab == name else palette.PARCHMENT_DARK, r,
                             border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK, r, max(1, int(2 * s)), border_radius=int(8 * s))
            surface.blit(t, t.get_rect(center=r.center))
            self._tabs[name] = r
            x = r.right + int(14 * s)
        y += int(60 * s)
        area = pygame.Rect(box.x + int(30 * s), y, box.w - int(60 * s), box.bottom - y - int(80 * s))
        if self.tab == "stats":
            self._draw_stats(surface, area, s)
        elif self.tab == "replays":
            self.replays.draw(surface, area, s)
        else:
            self._draw_finished(surface, area, s)
        bf = art.font(max(12, int(22 * s)), True)
        bt = bf.render(tr("settings.back"), True, palette.INK)
        self._back = bt.get_rect(midbottom=(box.centerx, box.bottom - int(20 * s))).inflate(int(60 * s), int(14 * s))
        pygame.draw.rect(surface, palette.GOLD, self._back, border_radius=int(8 * s))
        pygame.draw.rect(surface, palette.INK, self._back, max(1, int(2 * s)), border_radius=int(8 * s))
        surface.blit(bt, bt.get_rect(center=self._back.center))

    def _draw_header(self, surface: pygame.Surface, area: pygame.Rect, s: float, cols: list[int],
                     head: list[str]) -> int:
        """The column names: each on up to two lines, all in one size that fits its column
        (issue 23: the Dutch header was cut); returns the y under the header. ``cols``: the columns' widths."""
        widths = [w - 6 for w in cols]
        px = max(10, int(16 * s))
        while True:
            hf = art.font(px, True)
            cells = [wrap_words(label, hf, w) or [""] for label, w in zip(head, widths, strict=True)]
            fits = all(len(c) <= 2 and all(hf.size(ln)[0] <= w for ln in c)
                       for c, w in zip(cells, widths, strict=True))
            if fits or px <= 9:
                break
            px -= 1
        lines = max(len(c) for c in cells)
        lh = lines * hf.get_linesize() + int(10 * s)
        x = area.x
        for c, cell in enumerate(cells):
            cw = cols[c]
            top = area.y + (lh - len(cell) * hf.get_linesize()) // 2
            for k, ln in enumerate(cell):
                t = hf.render(ln, True, palette.INK)
                if c == 0:
                    surface.blit(t, (x, top + k * hf.get_linesize()))
                else:
                    surface.blit(t, t.get_rect(midtop=(x + cw // 2, top + k * hf.get_linesize())))
            x += cw
        return area.y + lh

    def _draw_stats(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(19 * s)), True)
        if self.loading:
            surface.blit(f.render(tr("stats.reading"), True, palette.INK_SOFT), (area.x, area.y))
            return
        if len(self.rows) <= 1:
            t = f.render(tr("stats.none"), True, palette.INK)
            surface.blit(t, (area.x, area.y))
            t = f.render(tr("stats.humans_only"), True, palette.INK_SOFT)
            surface.blit(t, (area.x, area.y + f.get_linesize() + 4))
            return
        y = self._draw_table(surface, area, s, self.rows)
        note = art.font(max(10, int(15 * s))).render(tr("stats.vs_note"), True, palette.INK_SOFT)
        surface.blit(note, (area.x, min(area.bottom - note.get_height(), y + int(10 * s))))
        y += int(16 * s) + note.get_height()
        for game, rows in self.tables:  # a game's own figures (Tortuga 1667: loyalties, endings), below
            if y + 3 * (fb.get_linesize() + int(10 * s)) > area.bottom:
                break
            t = fb.render(tr(f"stats.{game}.title"), True, palette.INK)
            surface.blit(t, (area.x, y))
            y = self._draw_table(surface, pygame.Rect(area.x, y + t.get_height() + int(6 * s), area.w,
                                                      area.bottom - y - t.get_height() - int(6 * s)), s, rows)
            nf = art.font(max(10, int(15 * s)))
            lines = wrap(tr(f"stats.{game}.note"), nf, area.w)[:max(0, (area.bottom - y - int(8 * s)) // nf.get_linesize())]
            text_lines(surface, lines, nf, (area.x, y + int(8 * s)), palette.INK_SOFT)
            y += int(12 * s) + len(lines) * nf.get_linesize()

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, s: float, table: list[list[str]]) -> int:
        """One table of figures (header first) from the top of ``area``; returns the y under it."""
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(19 * s)), True)
        cols = column_widths(table, f, area.w)
        lh = fb.get_linesize() + int(10 * s)
        y = self._draw_header(surface, area, s, cols, table[0])
        for i, row in enumerate(table):
            if i == 0:
                continue  # the header, drawn above
            if y + lh > area.bottom:
                break
            font = f
            if i % 2 == 1:
                pygame.draw.rect(surface, palette.PARCHMENT, pygame.Rect(area.x - 6, y, area.w + 12, lh),
                                 border_radius=4)
            x = area.x
            for c, cell in enumerate(row):
                if c:
                    x += cols[c - 1]
                cw = cols[c]
                label = cell
                t = font.render(label, True, palette.INK)
                while t.get_width() > cw - 6 and len(label) > 2:
                    label = label[:-2] + "…"
                    t = font.render(label, True, palette.INK)
                if c == 0:
                    surface.blit(t, (x, y + (lh - t.get_height()) // 2))
                else:
                    surface.blit(t, t.get_rect(center=(x + cw // 2, y + lh // 2)))
            y += lh
        return y

    def _finished_row(self, info: SaveInfo, width: int, s: float) -> tuple[pygame.Surface, pygame.Surface]:
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(19 * s)), True)
        if info.ok and info.game != games.DEFAULT_GAME:  # another game's finished game: its name and players
            when = (info.saved_at or "")[:16].replace("T", " ")
            t1 = fb.render(info.name, True, palette.INK)
            t2 = f.render(tr("saves.info_line_game", when=when, players=", ".join(info.player_names),
                             game=games.game_title(info.game, tr)), True, palette.INK_SOFT)
        elif info.ok:
            when = (info.saved_at or "")[:16].replace("T", " ")
            names = ", ".join(f"{n} {sc}" for n, sc in zip(info.player_names, info.scores or (), strict=False))
            win = ", ".join(info.player_names[wi] for wi in (info.winners or ()) if 0 <= wi < len(info.player_names))
            t1 = fb.render(tr("saves.finished_line", when=when, winners=win), True, palette.INK)
            t2 = f.render(tr("saves.finished_detail", rounds=info.round, scores=names), True, palette.INK_SOFT)
        else:
            t1 = fb.render(info.name, True, palette.INK_SOFT)
            t2 = f.render(info.error.user_message() if info.error else "", True, palette.DANGER)
        return _clip(t1, width), _clip(t2, width)

    def _draw_finished(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        f = art.font(max(11, int(19 * s)))
        fb = art.font(max(11, int(19 * s)), True)
        self._items = []
        if self._opener.busy:
            surface.blit(f.render(tr("saves.opening"), True, palette.INK_SOFT), area.topleft)
            area = area.copy()
            area.y += f.get_linesize() + int(6 * s)
            area.h -= f.get_linesize() + int(6 * s)
        if self.error:
            text_lines(surface, wrap(self.error, f, area.w), f, area.topleft, palette.DANGER)
            return
        if self.loading or (self._reader.busy and self._reader.progress[1]):
            surface.blit(f.render(progress_text("saves.reading_finished", self._reader.progress), True,
                                  palette.INK_SOFT), area.topleft)
            if self.loading:
                return
            area = area.copy()
            area.y += f.get_linesize() + int(6 * s)
            area.h -= f.get_linesize() + int(6 * s)
        if not self.finished:
            surface.blit(f.render(tr("saves.none_finished"), True, palette.INK), (area.x, area.y))
            return
        lh = fb.get_linesize() + f.get_linesize() + int(16 * s)
        visible = self._visible = max(1, area.h // lh)
        if self.focus != self._drawn_focus:  # the chosen line moved (keys): keep it in view
            self._drawn_focus = self.focus
            if self.focus < self.scroll:
                self.scroll = self.focus
            elif self.focus >= self.scroll + visible:
                self.scroll = self.focus - visible + 1
        self.scroll = max(0, min(self.scroll, len(self.finished) - 1))
        shown = self.finished[self.scroll:self.scroll + visible]
        draw_position(surface, self.scroll, len(shown), len(self.finished), (area.right, area.y - int(40 * s)), s)
        y = area.y
        for i, info in enumerate(shown):
            r = pygame.Rect(area.x, y, area.w, lh - int(6 * s))
            idx = i + self.scroll
            on = idx == self.focus
            pygame.draw.rect(surface, palette.GOLD_LIGHT if on else palette.PARCHMENT, r, border_radius=int(8 * s))
            pygame.draw.rect(surface, palette.INK if on else palette.BRASS, r, max(1, int(2 * s)),
                             border_radius=int(8 * s))
            tw = r.w - int(24 * s)
            t1, t2 = self._rows.get((self._generation, tw, s), idx, partial(self._finished_row, info, tw, s))
            surface.blit(t1, (r.x + int(12 * s), r.y + int(4 * s)))
            surface.blit(t2, (r.x + int(12 * s), r.y + int(6 * s) + t1.get_height()))
            self._items.append(r)
            y += lh
