"""Hints for humans: how the moves of the decision in front of a human compare, and why.

Press H while deciding: the one evaluation (:func:`tortuga_desktop.games.dice.ai.evaluate.evaluate`, the
same call with the same seed the game review makes at this decision) runs on a worker thread
on what this seat may know — its own :class:`~tortuga_desktop.games.dice.rules.PlayerView`, or, when
several humans share this screen and the decision is not a private one, the public view (a
hint the whole table reads must not be computed from this seat's hidden treasure tiles; see
:func:`tortuga_desktop.games.dice.ai.review.shared_view`). H again cancels.

When the evaluation is done, the suggested move is picked in the decision panel (dice, chests
or option highlighted on the table as if the player had picked them; confirming stays with the
player) and a box right above the decision panel says only what the evaluation shows: "clearly
best" when the best move beats every other by more than the uncertainty, otherwise which two or
three moves are about equal; the chance to win with its uncertainty; and one reason a player
can check on the table (:mod:`.evaltext`). The box sits in the panel's column, so it never
covers a board or a die it points at.

The decision panel shows a Hint button (the same as H; while the evaluation runs it says so and
a click cancels); once shown, the suggested dice, chests or option are ringed on the table with
a "Hint" tag until the decision closes. The setting ``Settings.hints`` off hides the button and
H does nothing. Which seats asked for a hint is kept in the game's save data
(:func:`note_used`, :func:`seats_hinted`) so the statistics can count games played with hints.

The table scene calls :func:`toggle_hint` on the H key, :func:`poll_hint` every frame and
:func:`draw_hint` after the decision panel.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop import thinking
from tortuga_desktop.games.dice.ai import tasks as think_tasks
from tortuga_desktop.games.dice.ai.evaluate import HINT_CAP_S, Evaluation, evaluate
from tortuga_desktop.games.dice.rules import DecisionKind, PlayerAction, PlayerView
from tortuga_desktop.games.dice.table.evaltext import hint_lines
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.life import dice_session
from tortuga_desktop.games.dice.table.render.table import HitTarget
from tortuga_desktop.games.dice.table.savefile import SaveData
from tortuga_desktop.games.dice.table.source import TableSource
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.layout import wrap_words
from tortuga_desktop.shell.thinkhost import shared_host

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.scenes.table import TableScene

logger = logging.getLogger(__name__)


def note_used(data: SaveData | None, seat: int) -> None:
    """Remember in the game's :class:`~tortuga_desktop.games.dice.table.savefile.SaveData` (``None``: a game
    without one, nothing to remember) that ``seat`` asked for a hint: the statistics count it,
    and the save keeps it across a restart."""
    if data is not None:
        data.hinted.add(seat)


def seats_hinted(data: SaveData | None) -> frozenset[int]:
    """The seats that asked for a hint in the game of ``data`` (a SaveData, or None)."""
    return frozenset(data.hinted) if data is not None else frozenset()


def hints_enabled(scene: TableScene) -> bool:
    """The Hints setting (on when there are no settings)."""
    settings = scene.app.settings if scene.entered else None
    return settings.hints if settings is not None else True


@dataclass
class HintJob:
    """One hint being computed (or computed) for one decision."""

    seat: int
    decisions: int
    view: PlayerView
    #: the decision panel the hint is for (a new decision gets a new panel)
    panel: DecisionPanel | None = None
    #: the evaluation's seed (:func:`~tortuga_desktop.games.dice.ai.evaluate.position_seed`)
    seed: int = 0
    #: the view is the public one: several humans share the screen
    shared: bool = False
    #: pick the suggested move in the panel when done (not when the player changed the pick
    #: since the previous hint of this decision)
    repick: bool = True
    cancelled: bool = False
    result: Evaluation | None = None
    error: str = ""
    done: threading.Event = field(default_factory=threading.Event)
    #: the evaluation in a worker process (shell/thinkhost.py), or None on a thread (tests)
    future: Future[Evaluation] | None = None

    def run(self) -> None:
        try:
            self.result = evaluate(self.view, self.seed, seat=self.seat, time_cap_s=HINT_CAP_S)
        except Exception as exc:  # a fault must not kill the game: logged, and poll_hint shows a notice
            logger.exception("hint evaluation failed")
            self.error = type(exc).__name__
        finally:
            self.done.set()

    def start(self) -> None:
        if thinking.ENABLED:  # the view and the seed go to a worker process, nothing more
            self.future = think_tasks.submit_evaluation(shared_host(), self.view, self.seed, seat=self.seat,
                                                        time_cap_s=HINT_CAP_S)
            self.future.add_done_callback(self._arrived)
            return
        threading.Thread(target=self.run, name="tortuga-hint", daemon=True).start()

    def _arrived(self, future: Future[Evaluation]) -> None:
        try:
            if not future.cancelled():
                self.result = future.result()
        except Exception as exc:  # a fault must not kill the game: logged, and poll_hint shows a notice
            logger.error("hint evaluation failed", exc_info=exc)
            self.error = type(exc).__name__
        finally:
            self.done.set()

    def cancel(self) -> None:
        """Stop computing the hint (a worker process stops at once)."""
        self.cancelled = True
        if self.future is not None:
            self.future.cancel()


@dataclass
class HintState:
    """What a table scene holds of hints (``scene.hint``): the hint being computed, the one on
    show with its decision panel, the game's decision count it was computed at, the move it
    picked and the table things it rings."""

    job: HintJob | None = None
    #: the lines on show and the decision panel they are for
    shown: tuple[list[str], DecisionPanel] | None = None
    at: int | None = None
    pick: PlayerAction | None = None
    marks: frozenset[HitTarget] | None = None


def hint_job(source: TableSource, seat: int, public: bool = False) -> HintJob:
    """The hint for ``seat``'s open decision at a table (its source): the seat's own view, or
    the public one when several humans share the screen and the decision is not private (the
    dice behind one's screen, the tile to keep) or ``public`` (the screen is not private to that
    seat now). The search's seed is the one the review uses at this decision."""
    humans = source.human_seats
    shared = len(humans) > 1 and seat in humans
    if shared and not public:
        d = next((d for d in source.waiting() if d.seat == seat), None)
        shared = d is None or d.kind not in (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE)
    view = source.view(None) if shared else source.view(seat)
    return HintJob(seat, view.decisions, view, seed=source.search_seed(seat), shared=view.viewer is None)


def hint_text(job: HintJob, names: tuple[str, ...] | list[str]) -> list[str]:
    """The lines of a finished hint (claim, reason, and the shared-screen note)."""
    assert job.result is not None
    lines = hint_lines(job.result, job.view, names)
    if job.shared:
        lines.append(tr("hint.shared"))
    return lines


def show_pick(ui: DecisionPanel, action: PlayerAction) -> None:
    """Pick ``action`` in a decision panel, as the player would (nothing is confirmed)."""
    ui.model.show(action)


def _job(scene: TableScene) -> HintJob | None:
    return scene.hint.job


def toggle_hint(scene: TableScene) -> None:
    """H or the Hint button: start a hint for the open decision panel, or cancel the one being
    computed. Nothing happens while the Hints setting is off."""
    if not hints_enabled(scene):
        return
    job = _job(scene)
    if job is not None and not job.done.is_set() and not job.cancelled:
        job.cancel()
        if job.panel is not None:
            job.panel.hint_label = ""
        scene.app.notify(tr("hint.cancelled"))
        return
    ui = scene.decision_ui
    if ui is None or ui.done:
        return
    note_used(dice_session(scene.app).save_data_of(scene.controller), ui.seat)
    _start(scene, ui, repick=True)


def _start(scene: TableScene, ui: DecisionPanel, repick: bool) -> None:
    """Start the evaluation for ``ui``'s decision as the game stands now (``repick``: pick its
    move in the panel when it is done)."""
    # at a shared screen the table is private to a seat only while it is drawn for that seat
    public = scene.hotseat and scene.viewer != ui.seat
    job = hint_job(scene.controller, ui.seat, public)
    job.panel = ui
    job.repick = repick
    scene.hint.job = job
    scene.hint.shown = None
    scene.hint.marks = None
    ui.hint_label = tr("hint.button_thinking")
    job.start()


def _attach(scene: TableScene) -> bool:
    """Give the open decision panel its Hint button (or take it away when hints are off);
    True when the panel changed."""
    ui = scene.decision_ui
    if ui is None or not hasattr(ui, "on_hint"):
        return False
    if hints_enabled(scene):
        if ui.on_hint is None:
            ui.on_hint = lambda: toggle_hint(scene)
            return True
    elif ui.on_hint is not None:
        ui.on_hint = None
        return True
    return False


def _withdraw(scene: TableScene) -> None:
    """Take a shown hint off the screen once its decision panel is gone: a hint about one's
    dice or tile must not stay up for the next player at a shared screen (R9)."""
    shown = scene.hint.shown
    if shown is None:
        return
    _lines, panel = shown
    if scene.decision_ui is panel and panel is not None and not panel.done:
        return
    scene.hint.shown = None
    scene.hint.marks = None
    if scene.entered:
        scene.app.request_redraw()


def _open(source: TableSource, seat: int) -> bool:
    """Does ``seat`` have a decision open at this table now?"""
    return any(d.seat == seat for d in source.waiting())


def poll_hint(scene: TableScene) -> bool:
    """Show a finished hint if its decision is still open; True when the panel changed.

    A hint is for the game as it stood when it was computed. When the game moves on while its
    panel stays open (another seat decided meanwhile, at the same time as this one), the hint
    is computed again for the position as it is now, so the hint on show is always the one the
    review gives for this decision."""
    _withdraw(scene)
    changed = _attach(scene)
    source: TableSource = scene.controller
    job = _job(scene)
    shown = scene.hint.shown
    now = source.decisions
    if job is None and shown is not None and scene.hint.at is not None and scene.hint.at != now:
        shown_ui = shown[1]
        if shown_ui is scene.decision_ui and not shown_ui.done and _open(source, shown_ui.seat):
            _start(scene, shown_ui, repick=shown_ui.model.candidate() == scene.hint.pick)
            return True
    if job is None or not job.done.is_set():
        return changed
    scene.hint.job = None
    if job.panel is not None:
        job.panel.hint_label = ""
    if job.cancelled:
        return True
    ui = job.panel
    if ui is None or scene.decision_ui is not ui or ui.done or not _open(source, job.seat):
        return False  # the moment has passed (others deciding at the same time do not matter)
    if job.decisions != now and job.result is not None:
        _start(scene, ui, repick=job.repick)  # the game moved on while it was computed
        return True
    best = job.result.best.action if job.result is not None else None
    if job.result is None or best is None:
        scene.app.notify(tr("hint.failed"), "warning")
        return False
    if job.repick:
        show_pick(ui, best)
    ui.hint_label = tr("hint.button_shown")
    scene.hint.shown = (hint_text(job, list(job.view.names)), ui)
    scene.hint.at = job.decisions
    scene.hint.pick = best
    scene.hint.marks = frozenset(ui.highlighted()) if job.repick else frozenset()
    return True


def shown_hint(scene: TableScene) -> list[str]:
    """The lines of the hint on show (empty when none is, or its decision closed)."""
    shown = scene.hint.shown
    if shown is None:
        return []
    lines, panel = shown
    if scene.decision_ui is not panel or panel is None or panel.done:
        return []
    return list(lines)


#: log rows that stay readable above the hint's box (the log gives way to the box, never wholly)
LOG_ROWS_KEPT = 3
#: the smallest text size (screen px) the hint's box shrinks to before it takes more of the log
HINT_MIN_PX = 12


def hint_box(scene: TableScene, surface_size: tuple[int, int]) -> tuple[pygame.Rect, list[tuple[str, bool]], tuple[pygame.font.Font, pygame.font.Font]] | None:
    """Where the hint's box goes and its lines (text, bold), with the font: right above the
    decision panel (and above the side notes at the foot of the log; the first-game tip yields
    its place to the hint) in the panel's own column (never over a board), as tall as its text.
    The log above it gives way (:func:`log_room`) but keeps its title and its newest
    :data:`LOG_ROWS_KEPT` rows: the text gets smaller, down to :data:`HINT_MIN_PX`, before the
    box takes more (at 150 % in Spanish the box once covered the whole log). None without a
    hint on show."""
    lines = shown_hint(scene)
    renderer = scene.renderer
    if not lines or renderer is None:
        return None

    L = renderer.layout
    panel = pygame.Rect(L.prompt_rect)
    ui = scene.decision_ui
    if ui is not None and getattr(ui, "rect", None) is not None and ui.rect.w > 0:
        panel = pygame.Rect(ui.rect)
    pad = L.px(10)
    width = panel.w - 2 * pad
    gap = L.px(6)
    bottom = panel.top
    column = pygame.Rect(panel.x, L.log.top, panel.w, panel.top - L.log.top)
    for note in scene.placed_notes():  # side notes at the foot of the log: the box goes above them
        if note.rect.colliderect(column):
            bottom = min(bottom, note.rect.top)
    log_rows = renderer.log_text_rect()
    ceiling = min(bottom - gap, log_rows.top + LOG_ROWS_KEPT * renderer.log_row_height())
    size = max(HINT_MIN_PX, L.fpx(15))
    while True:
        font, bold = art.font(size), art.font(size, True)
        rows: list[tuple[str, bool]] = [(tr("hint.title"), True)]
        for line in lines:
            rows += [(part, False) for part in wrap_words(line, font, width)]
        height = 2 * pad + len(rows) * font.get_linesize()
        if bottom - gap - height >= ceiling or size <= HINT_MIN_PX:
            break
        size -= 1
    top = max(L.log.top, bottom - gap - height)
    box = pygame.Rect(panel.x, top, panel.w, bottom - gap - top)
    return box, rows, (font, bold)


def log_room(scene: TableScene, surface_size: tuple[int, int]) -> int:
    """The pixels at the foot of the log the hint's box takes (0 without one): the log draws its
    rows above it."""
    placed = hint_box(scene, surface_size)
    renderer = scene.renderer
    if placed is None or renderer is None:
        return 0
    L = renderer.layout
    box = placed[0]
    if not box.colliderect(L.log):
        return 0
    return max(0, L.log.bottom - renderer.log_foot() - box.top + L.px(4))


def hint_marks(scene: TableScene) -> frozenset[HitTarget]:
    """The table things of the hint on show (empty when none is, or its decision closed)."""
    shown = scene.hint.shown
    marks = scene.hint.marks
    if shown is None or marks is None:
        return frozenset()
    panel = shown[1]
    if scene.decision_ui is not panel or panel is None or panel.done:
        return frozenset()
    return marks


def draw_hint(scene: TableScene, surface: pygame.Surface) -> None:
    """Ring the hint's suggestion on the table, each with a small "Hint" tag, and draw the
    hint's box above the decision panel (:func:`hint_box`)."""
    marks: Iterable[HitTarget] = hint_marks(scene)
    renderer = scene.renderer
    if renderer is None:
        return

    px = renderer.px
    if marks:
        font = art.font(max(10, px(13)), True)
        tag = font.render(tr("hint.tag"), True, palette.FOAM)
        for m in marks:
            r = renderer.highlight_rect(m, scene.view)
            if r is None:
                continue
            ring = r.inflate(px(12), px(12))
            pygame.draw.rect(surface, palette.SEA_LIGHT, ring, px(4), border_radius=px(8))
            box = tag.get_rect(midbottom=(ring.centerx, ring.top + px(2))).inflate(px(8), px(2))
            pygame.draw.rect(surface, palette.SEA, box, border_radius=px(5))
            pygame.draw.rect(surface, palette.FOAM, box, 1, border_radius=px(5))
            surface.blit(tag, tag.get_rect(center=box.center))
    placed = hint_box(scene, surface.get_size())
    if placed is None:
        return
    box, rows, (font, bold) = placed
    pygame.draw.rect(surface, palette.SEA_DEEP, box, border_radius=px(10))
    pygame.draw.rect(surface, palette.SEA_LIGHT, box, max(1, px(3)), border_radius=px(10))
    pad = renderer.layout.px(10)
    y = box.y + pad
    clip = surface.get_clip()
    surface.set_clip(box)
    for text, strong in rows:
        surface.blit((bold if strong else font).render(text, True, palette.FOAM), (box.x + pad, y))
        y += font.get_linesize()
    surface.set_clip(clip)


def hint_busy(scene: TableScene) -> bool:
    """Whether a hint is being computed for ``scene`` (the thinking state)."""
    job = _job(scene)
    return job is not None and not job.done.is_set() and not job.cancelled


__all__ = ["HINT_CAP_S", "HINT_MIN_PX", "LOG_ROWS_KEPT", "HintJob", "HintState", "draw_hint", "hint_box", "hint_busy",
           "hint_job", "hint_marks", "hint_text", "hints_enabled", "log_room", "note_used", "poll_hint", "seats_hinted",
           "show_pick", "shown_hint", "toggle_hint"]
