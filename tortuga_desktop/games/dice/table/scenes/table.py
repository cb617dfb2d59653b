"""TableScene: the game table — renders the game, plays its animations, paces the bots.

The table works on a :class:`~..source.TableSource` only (never a ``Game``): the source applies
decisions immediately; this scene keeps a queue of the resulting :class:`~..source.TableMove` s
and plays them one after another as animation timelines built from the difference between the
shown view and the move's view.  While something animates the source is not asked for the next
bot decision (pacing), except at ``--speed instant``.

Keys: Space skips the current animation; Escape opens the pause menu (at once, even while
something moves); 1-4 choose the speed (slow, normal, fast, instant); F11 (App) toggles
fullscreen; F1 (App) the rules; Ctrl+S (App) saves.  A click on an action space during the
actions phase (or later in the round) shows who got 1st/2nd position and why.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Protocol

import pygame

from tortuga_desktop.games.dice.rules import DecisionKind, PlayerAction, PlayerView, RulesError
from tortuga_desktop.games.dice.rules import events as rev
from tortuga_desktop.games.dice.rules.components import GOAL_LONG, GOAL_NORMAL
from tortuga_desktop.games.dice.table import dicegrid, follow, sidenotes
from tortuga_desktop.games.dice.table.catchup import mark_seen
from tortuga_desktop.games.dice.table.hints import (
    HintState,
    draw_hint,
    log_room,
    poll_hint,
    shown_hint,
    toggle_hint,
)
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.layout import table_report
from tortuga_desktop.games.dice.table.life import dice_session
from tortuga_desktop.games.dice.table.render.motion import Banner, build_timeline
from tortuga_desktop.games.dice.table.render.table import AnimState, HitTarget, TableRenderer, fit_text, text
from tortuga_desktop.games.dice.table.scenes import handover
from tortuga_desktop.games.dice.table.scenes.help import PositionsScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.source import Shown, TableMove, TableSource, Viewer
from tortuga_desktop.games.dice.table.tips import attach_tips
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.anim import SPEEDS, Motion, Timeline
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.keys import hud_speed
from tortuga_desktop.shell.layout import LayoutReport, boosted_px
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.pause import PauseScene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.savefile import SaveData
    from tortuga_desktop.shell.loop import App


class MoveGate(Protocol):
    """A coach at the table (the tutorial's): it may refuse a human's confirmed move."""

    def allow(self, seat: int, action: PlayerAction) -> bool:
        """May ``action`` reach the game? (False: the table keeps the decision open.)"""
        ...


class TableOverlay(Protocol):
    """Something drawn over the table that sees input first (the coach's panel, the tips, a network
    table's chat). While ``visible`` the table is drawn in full every frame."""

    @property
    def visible(self) -> bool: ...

    def handle(self, intent: Intent, scene: TableScene) -> bool:
        """Take ``intent`` (True: used, the table does not see it)."""
        ...

    def update(self, dt: float, scene: TableScene) -> bool:
        """Advance by ``dt`` seconds; True when the table must be drawn again."""
        ...

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        """Draw over the table."""
        ...

#: Decisions that show what only the deciding seat may know (their roll, the tiles drawn).
PRIVATE_KINDS = frozenset({DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE})

SPEED_KEYS = {pygame.K_1: "slow", pygame.K_2: "normal", pygame.K_3: "fast", pygame.K_4: "instant"}

#: Keys that scroll the ship's log (rows; None: back to the newest line), even while deciding.
LOG_KEYS: dict[int, int | None] = {pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8, pygame.K_HOME: -10**6,
                                   pygame.K_END: None}
#: Events that can take something from a seat (a chest, a token's box).
_TAKING = (rev.ChestMoved, rev.SurplusDropped, rev.TokenMoved)
#: Rows one turn of the mouse wheel scrolls the log.
WHEEL_ROWS = 3
#: Seconds the table holds still after something was taken from a human (a Board, a Raid,
#: surplus, a token pushed back), so the player sees it before the next move (issue 23).
LOSS_HOLD_S = 2.0


#: a redraw of more parts than this is one pass clipped to the rect around them all (each pass
#: goes through every layer of the table once)
REGION_PASSES = 3
#: when the changed parts cover more than this share of the window, the table is drawn whole
REGION_SHARE = 0.5


class TableScene(Scene):
    """Shows one game through its table source until it ends, then the results."""

    name = "table"

    #: a changed view redraws only the parts of the table that changed (see :meth:`draw`); off:
    #: the whole table (scripts/frame_bench.py compares the two)
    redraw_regions = True

    def __init__(self, controller: TableSource, *, speed: str = "normal") -> None:
        super().__init__()
        #: the table source (named ``controller`` for the pause menu, hints and the App)
        self.controller = controller
        self.speed = speed if speed in SPEEDS else "normal"
        #: Several humans share this screen (hot-seat): the table is public except during a
        #: private moment of one of them, which only a hand-over screen can start.
        self.hotseat = len(controller.human_seats) > 1
        #: Whose eyes the table is drawn for: the one human, or None (public) in hot-seat and demos.
        self.viewer: int | None = controller.human_seats[0] if len(controller.human_seats) == 1 else None
        #: what each allowed viewer saw when the table opened (until the first move is shown)
        self._opening: dict[Viewer, Shown] = {}
        #: the move shown last (None: the table as it opened)
        self._move: TableMove | None = None
        self.reopen()
        self.view: PlayerView = self._shown(self.viewer).view
        self.log = controller.log(self.viewer)
        self.queue: list[TableMove] = []
        self.timeline: Timeline | None = None
        self.renderer: TableRenderer | None = None
        self.hover: HitTarget | None = None
        self.mouse: tuple[int, int] | None = None  # where the mouse rests on the table
        self.decision_ui: DecisionPanel | None = None
        self.decision_seat: int | None = None
        #: the printed dice grid shown over the table (G, R0.8: dice/table/dicegrid.py)
        self.dice_grid_shown = False
        self.clock = 0.0
        self._dirty = True
        self._over_wait = 0.0
        self._finished = False
        self._phase_key: tuple[int, str] | None = None
        self._think_tick = -1
        self._hover_still = 0.0
        self.events_played = 0
        self._base: pygame.Surface | None = None
        self._base_key: tuple[object, ...] | None = None
        #: what the base showed besides the boards, middle and log when last drawn (see draw)
        self._base_rest: tuple[object, ...] | None = None
        self._touched: list[pygame.Rect] = []
        #: a coach (the tutorial) may refuse a confirmed human move: ``coach.allow(seat, action)``
        self.coach: MoveGate | None = None
        #: drawn over the table, first to see input (coach panel, tips): ``handle(intent, scene)
        #: -> bool`` (True: used), ``update(dt, scene) -> bool`` (redraw), ``draw(surface, scene)``,
        #: ``visible`` (while True the table is drawn in full every frame)
        self.overlays: list[TableOverlay] = []
        #: the hint asked for, computed or on show (dice/table/hints.py)
        self.hint = HintState()
        # -- following the game (issue 23) --
        #: the first log row shown while the player reads back (None: follow the newest)
        self.log_top: int | None = None
        #: log lines from this index on are new to the human (marked); None: nobody to mark for
        self.log_seen: int | None = len(self.log) if controller.human_seats else None
        self._drag: tuple[int, int] | None = None  # (mouse y, first row) where a drag began
        #: each human seat's latest decision number (what "since your last decision" counts from)
        self._decided: dict[int, int] = {}
        #: the "since your last decision" happenings for the open decision: (seat, happenings)
        self.summary: tuple[int, list[follow.Happening]] | None = None
        #: the seats that surely reach the goal once the end is certain (the "last round" note)
        self.last_round: tuple[int, ...] | None = None
        #: what was taken from each human seat this round, named on that seat's board
        self.board_tags: dict[int, list[follow.Happening]] = {}
        #: seconds the table still holds still after a loss (no next move shown meanwhile)
        self.hold = 0.0
        self._placed: list[sidenotes.Placed] = []
        self._notes_version = 0

    # -- lifecycle -----------------------------------------------------------------------


    def takes_enter(self) -> bool:
        return self.decision_ui is not None  # Enter confirms the decision
    def enter(self, app: App) -> None:
        super().enter(app)
        self.renderer = TableRenderer(app.size, self.controller.players,
                                      human_panel=bool(self.controller.human_seats))
        self.renderer.seats = self.controller.seats
        self.renderer.defer_log = True  # the next frame brings the log up to date (see draw)
        self.renderer.warm(app.size)
        self.draw(pygame.Surface(app.size))  # the first picture while the table opens, not in the first frame
        self._phase_key = None
        self._check_phase_screenshot()
        self._check_last_round(animate=False)
        if self.coach is None:
            attach_tips(self)

    def exit(self) -> None:
        self.controller.close()

    def resize(self, size: tuple[int, int]) -> None:
        if self.renderer is not None:
            self.renderer.set_size(size)
            self.renderer.warm(size)
        self._dirty = True

    # -- input ---------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self.timeline is not None and not self.timeline.done

    def skip(self) -> None:
        if self.timeline is not None:
            self.timeline.skip()
            self._dirty = True

    def handle(self, intent: Intent) -> None:
        for overlay in reversed(self.overlays):
            if overlay.handle(intent, self):
                self._dirty = True
                return
        if self._log_input(intent):  # the ship's log scrolls: wheel, drag, PgUp/PgDn/Home/End
            return
        if dicegrid.handle(self, intent):  # G / the button by the dice: the printed screen (R0.8)
            return
        deciding = self.decision_ui is not None
        if isinstance(intent, Key) and deciding and intent.key == pygame.K_h:  # a hint from Expert (dice/table/hints.py)
            toggle_hint(self)
            return
        if (isinstance(intent, Key) and self.decision_ui is not None and intent.key == pygame.K_SPACE
                and self.decision_ui.wants_space()):
            intent_to_ui = True  # Space toggles the die or chest the focus ring is on
        else:
            intent_to_ui = isinstance(intent, Key) and deciding and intent.key not in (pygame.K_SPACE, pygame.K_ESCAPE)
        if intent_to_ui and self.decision_ui is not None:
            # A human deciding gets the keys: digits pick options, and never change the speed.
            if self.decision_ui.handle(intent, None):
                self._dirty = True
                self._check_confirmed()
            return
        if isinstance(intent, Key):
            if intent.key == pygame.K_SPACE:
                self.skip()
                return
            if intent.key == pygame.K_ESCAPE:  # always the pause menu (Space skips animations)

                self.skip()
                self.app.push(PauseScene(self))
                return
            if intent.key in SPEED_KEYS:
                if self.controller.waiting():
                    return  # a human's decision is open (its panel opens after the animation): digits pick options
                settings = self.app.settings
                if settings is not None and settings.reduced_motion:  # nothing moves: say why
                    self.app.notify(tr("glance.keys.reduced_motion"), "info")
                    return
                self.set_speed(SPEED_KEYS[intent.key])
                # Remembered like the settings screen, but not from a demo (a demo's speed is its own).
                if settings is not None and not settings.reduced_motion and self.controller.human_seats:
                    settings.animation_speed = self.speed
                    self.app.save_settings()
                return
        hit = None
        if isinstance(intent, Click | Hover) and self.renderer is not None:
            hit = self.renderer.hit_test(intent.pos, self.view)
            if isinstance(intent, Hover):
                self.mouse = intent.pos
                self._refresh_hover()
        used = False
        if self.decision_ui is not None:
            used = bool(self.decision_ui.handle(intent, hit))
            if used:
                self._dirty = True
            self._check_confirmed()
        if (not used and isinstance(intent, Click) and intent.button == 1 and hit is not None
                and hit.kind == "action_space" and hit.index is not None
                and self.view.phase in ("actions", "move", "over")):
            self.show_positions(hit.index)

    # -- the ship's log ---------------------------------------------------------------------

    def _log_input(self, intent: Intent) -> bool:
        """Scroll the log: the wheel over it, a drag on it, PgUp/PgDn/Home/End; a click on the
        "new lines below" badge goes back to the newest line. True when the intent was used."""
        w = self.renderer.log_window if self.renderer is not None else None
        if w is None:
            return False
        if isinstance(intent, Key) and intent.key in LOG_KEYS:
            rows = LOG_KEYS[intent.key]
            if rows is None:
                self.follow_log()
            else:
                self.scroll_log(rows)
            return True
        if isinstance(intent, Click):
            column = self.renderer.layout.log if self.renderer is not None else w.rect
            if intent.button in (4, 5) and column.collidepoint(intent.pos):
                self.scroll_log(WHEEL_ROWS if intent.button == 5 else -WHEEL_ROWS)
                return True
            if intent.button == 1 and w.badge.w and w.badge.collidepoint(intent.pos):
                self.follow_log()
                return True
            if intent.button == 1 and w.rect.collidepoint(intent.pos) and w.rows > w.fit:
                self._drag = (intent.pos[1], w.top)
                return True
            return False
        if isinstance(intent, Hover) and self._drag is not None:
            if not intent.held:
                self._drag = None
                return False
            y0, top0 = self._drag
            self.scroll_log_to(top0 - round((intent.pos[1] - y0) / max(1, w.row_h)))
            return True
        return False

    def scroll_log(self, rows: int) -> None:
        """Scroll the log by ``rows`` (negative: back to older lines)."""
        w = self.renderer.log_window if self.renderer is not None else None
        if w is None:
            return
        self.scroll_log_to((w.top if self.log_top is None else self.log_top) + rows)

    def scroll_log_to(self, top: int) -> None:
        """Show the log from row ``top`` on; at (or past) the newest rows it follows them again."""
        w = self.renderer.log_window if self.renderer is not None else None
        if w is None:
            return
        last = max(0, w.rows - w.fit)
        top = max(0, min(last, top))
        new = None if top >= last else top
        if new != self.log_top:
            self.log_top = new
            self._dirty = True

    def follow_log(self) -> None:
        """Back to the newest line (the log follows the game again)."""
        if self.log_top is not None:
            self.log_top = None
            self._dirty = True

    # -- following what happened (issue 23) -----------------------------------------------

    def reopen(self) -> None:
        """The source was replaced (the tutorial's next position): show it as it is now."""
        source = self.controller
        self._opening = {v: Shown(source.view(v), tuple(source.events_for(v))) for v in source.viewers}
        self._move = None

    def _shown(self, viewer: Viewer) -> Shown:
        """What ``viewer`` sees at the moment the table shows (the last move played)."""
        return self._move.shown(viewer) if self._move is not None else self._opening[viewer]

    def _last_decided(self, seat: int) -> int:
        """``seat``'s latest decision number (decided here, or as the source knows it)."""
        if seat in self._decided:
            return self._decided[seat]
        return self.controller.last_decision(seat)

    def _make_summary(self, seat: int) -> None:
        """What happened to ``seat`` since its last decision, from the events of the view the
        table is drawn for (that seat's own, or the public one on a shared screen)."""
        items = follow.since(self._shown(self.viewer).events, seat, self._last_decided(seat))
        self.summary = (seat, items) if items else None
        self._notes_version += 1

    def _note_losses(self, ev: TableMove, after: int) -> None:
        """Name on each human's board what this move (the decisions after ``after``) took from
        them, and hold the table still. Losses are public: read from the public events."""
        public = ev.events_for(None)
        new = []
        for e in reversed(public):
            if e.decision <= after:
                break
            new.append(e)
        if not any(isinstance(e, _TAKING) for e in new):
            return
        for seat in self.controller.human_seats:
            taken = follow.losses(public, seat, after)
            if taken:
                self.board_tags.setdefault(seat, []).extend(taken)
                self.hold = max(self.hold, LOSS_HOLD_S)
                self._notes_version += 1

    def _check_last_round(self, *, animate: bool) -> None:
        """Once the end is certain: the "last round" note, and a banner after the motions."""
        if self.last_round is not None or not follow.end_certain(self.view):
            return
        self.last_round = follow.finishers(self.view)
        self._notes_version += 1
        if not animate:
            return
        banner = Motion("banner", 0.0, 1.6, data=Banner(tr("follow.last_round.title"), self._last_round_text()))
        if self.timeline is None:
            self.timeline = Timeline([banner])
        else:
            banner.start = self.timeline.length
            self.timeline.add(banner)

    def _last_round_text(self) -> str:
        seats = self.last_round or ()
        if not seats:
            return tr("follow.last_round.capped")
        names = tr("log.and").join(self.view.names[s] for s in seats)
        return trn("follow.last_round.sub", GOAL_LONG if self.view.long_game else GOAL_NORMAL, names=names)

    def notes(self) -> list[sidenotes.Note]:
        """The side notes shown now: "last round", the summary of the open decision, a tip."""
        out: list[sidenotes.Note] = []
        if self.last_round is not None and not self.view.is_over:
            out.append(sidenotes.Note("last_round", tr("follow.last_round.title"), (self._last_round_text(),),
                                      fill=palette.GOLD_LIGHT))
        if self.summary is not None and self.decision_ui is not None and self.summary[0] == self.decision_seat:
            names = self.view.names
            lines = tuple(follow.happening_text(h, names) for h in self.summary[1])
            out.append(sidenotes.Note("summary", tr("follow.title"), lines))
        hinted = bool(shown_hint(self))
        for overlay in self.overlays:
            note = getattr(overlay, "note", None)
            n = note() if callable(note) else None
            if n is not None and not (hinted and n.name == "tip"):  # the hint on show says more
                out.append(n)
        return out

    def placed_notes(self) -> list[sidenotes.Placed]:
        """The side notes as drawn last, top to bottom."""
        return list(self._placed)

    def placed_note(self, name: str) -> sidenotes.Placed | None:
        """Where the side note ``name`` was drawn last (None: not shown)."""
        return next((p for p in self._placed if p.note.name == name), None)

    def tag_rect(self, seat: int) -> pygame.Rect:
        """Where a loss is named on ``seat``'s board: its dice tray (empty once the dice are
        placed, as they are whenever something can be taken)."""
        assert self.renderer is not None
        return pygame.Rect(self.renderer.layout.boards[seat].tray)

    def _draw_tags(self, surface: pygame.Surface) -> None:
        """What was taken from a human this round, on that player's board: the newest loss in
        words (and how many more; the summary and the log have them all)."""
        r = self.renderer
        assert r is not None
        L = r.layout
        names = self.view.names
        px = r.log_px()
        font = art.font(boosted_px(px), True)
        for seat, items in self.board_tags.items():
            if not items or seat >= len(L.boards):
                continue
            box = self.tag_rect(seat)
            what, why = follow.tag_text(items[-1], names)
            if len(items) > 1:  # earlier losses this round: the summary and the log have them
                what = f"{what} (+{len(items) - 1})"
            pygame.draw.rect(surface, (248, 214, 200), box, border_radius=L.px(8))
            pygame.draw.rect(surface, (150, 40, 30), box, max(2, L.px(3)), border_radius=L.px(8))
            lines = [ln for ln in (what, why) if ln]
            line_h = font.get_linesize()
            if len(lines) * line_h > box.h - L.px(4):  # a very small board: the "what" alone
                lines = lines[:1]
            y = box.y + max(L.px(3), (box.h - len(lines) * line_h) // 2 - L.px(6))  # clear of the grid button
            button = dicegrid.button_rect(self)  # drawn over the tray's corner: text stays clear of it
            for k, ln in enumerate(lines):
                width = box.w - L.px(14)
                if button is not None and box.colliderect(button) and y + line_h > button.top:
                    width = button.left - box.x - L.px(10)
                t = fit_text(ln, px, palette.INK if k == 0 else (120, 30, 20), width, k == 0)
                surface.blit(t, (box.x + L.px(7), y + (line_h - t.get_height()) // 2))
                y += line_h

    def _refresh_hover(self) -> None:
        """Recompute what is under the mouse from the view shown now (never keep a hit that
        was taken against an older view: the chest under the mouse may have moved away)."""
        if self.renderer is None:
            return
        hit = self.renderer.hit_test(self.mouse, self.view) if self.mouse is not None else None
        if hit != self.hover:
            self.hover = hit
            self._hover_still = 0.0
            self._dirty = True

    def show_positions(self, action: int) -> None:
        """Context help: why each player got 1st or 2nd position on ``action``."""
        self.app.push(PositionsScene(self._shown(None).view, action, self.controller.seats))

    def retranslate(self) -> None:
        """The language changed: rebuild every cached text layer."""
        self.invalidate()

    def invalidate(self) -> None:
        if self.renderer is not None:
            self.renderer.invalidate()
        self._base = None
        self._base_key = None
        self._dirty = True

    def set_speed(self, speed: str) -> None:
        if speed not in SPEEDS:
            return
        self.speed = speed
        if speed == "instant":
            self.skip()
        self._dirty = True

    # -- humans --------------------------------------------------------------------------

    def _check_confirmed(self) -> None:
        ui = self.decision_ui
        if ui is None or self.decision_seat is None:
            return
        action = ui.confirmed_action()
        if action is None:
            return
        mark_seen(self.controller, self.decision_seat)  # "since your last turn" starts again from here
        if self.coach is not None and not self.coach.allow(self.decision_seat, action):
            self.decision_ui = None  # refused before it reached the game: a fresh panel to try again
            self._dirty = True
            return

        try:
            ev = self.controller.submit(self.decision_seat, action)
        except RulesError:
            return
        self.decision_ui = None
        self.decision_seat = None
        self._decided[ev.seat] = ev.decisions
        self.summary = None
        self.log_seen = len(self.log)  # what was there when the player decided has been seen
        self._notes_version += 1
        if self.hotseat and self.viewer is not None:
            # The private moment is over: the shared screen goes back to the public table
            # before anything else is shown (the next private moment needs a hand-over).
            self._set_viewer(None)
        self.queue.append(ev)
        self._dirty = True

    def _set_viewer(self, viewer: int | None) -> None:
        """Draw the table for ``viewer`` from now on: the view, the log and every layer
        derived from them are rebuilt for that viewer."""
        self.viewer = viewer
        self.view = self._shown(viewer).view
        self.log = self.controller.log(viewer, self._move)
        self.timeline = None  # an animation built for the previous viewer must not go on
        self.log_top = None  # another viewer's log: start from its newest line
        self._base = None
        self._base_key = None
        if self.renderer is not None:
            self.renderer.forget_viewer_caches()
        self._refresh_hover()
        self._dirty = True

    def _ensure_decision_ui(self) -> None:
        """Open the decision panel of the next human who must decide.

        With one human the table is always theirs. In hot-seat the table is public; a private
        decision (the dice behind one's screen, the treasure tile to keep) is a private moment:
        the hand-over screen comes first unless that player is already at the screen, and the
        table is drawn for that player only after they confirm they are there.
        """
        pending = self.controller.waiting()
        if not pending:
            self.decision_ui = None
            self.decision_seat = None
            return
        if self.decision_ui is not None and any(d.seat == self.decision_seat for d in pending):
            return
        # The human already at the screen goes on first; otherwise seat order.
        d = next((x for x in pending if x.seat == self.viewer), pending[0])
        seat = d.seat

        def ready() -> None:
            if self.hotseat:
                self._set_viewer(seat if d.kind in PRIVATE_KINDS else None)
            self.decision_ui = DecisionPanel.of(self.controller.prompt(seat), seats=self.controller.seats)
            self.decision_seat = seat
            self._make_summary(seat)
            self._dirty = True

        if self.hotseat and d.kind in PRIVATE_KINDS and self.viewer != seat:
            self.decision_seat = seat
            self.decision_ui = None
            self._set_viewer(None)
            colour = self.renderer.colour_of(seat).rgb if self.renderer is not None else None
            self.app.push(handover.HandoverScene(self.controller.seats[seat].name, ready, colour=colour, seat=seat,
                                                  table=self))
            return
        ready()

    # -- update --------------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        self.clock += dt
        while self.controller.notices:  # faults during play: logged by the controller, shown here
            key, params = self.controller.notices.pop(0)
            self.app.notify(tr(key, **params), "warning")
        factor = SPEEDS.get(self.speed, 1.0)
        instant = factor <= 0
        # 1. Advance the current animation.
        if self.timeline is not None:
            if instant:
                self.timeline.skip()
            else:
                for snd in self.timeline.advance(dt / factor):
                    self._play(snd)
            self._dirty = True
            if self.timeline.done:
                self.timeline = None
        # 2. Collect bot decisions (start the next one only when the table is idle).
        if self.hold > 0:  # something was taken from a human: let them see it
            self.hold = max(0.0, self.hold - dt)
        idle = self.timeline is None and not self.queue and self.hold <= 0
        new = self.controller.poll(start_new=idle or instant, budget_s=0.006 if instant else 0.0)
        self.queue.extend(new)
        # 3. Start playing the next event.
        while self.timeline is None and self.queue and self.hold <= 0:
            ev = self.queue.pop(0)
            self._show(ev, animate=not instant)
        # 4. Humans.
        if self.timeline is None and not self.queue:
            self._ensure_decision_ui()
        for overlay in self.overlays:
            if overlay.update(dt, self):
                self._dirty = True
        # 5. The end: the results come once the last motion (and a loss being shown) ended.
        if (self.view.is_over and self.timeline is None and not self.queue and not self._finished
                and self.hold <= 0):
            self._over_wait += dt
            if self._over_wait >= (0.0 if instant else 0.6):
                self._finish()
        # Thinking indicator and tooltips redraw at a low rate.
        if self.controller.busy and self.controller.think_started is not None:
            waited = time.perf_counter() - self.controller.think_started
            tick = int(self.clock * 3) if waited > 0.3 else -1
            if tick != self._think_tick:
                self._think_tick = tick
                self._dirty = True
        if self.hover is not None and self._hover_still < 0.45:
            self._hover_still += dt
            if self._hover_still >= 0.45:
                self._dirty = True
        if poll_hint(self):
            self._dirty = True
        dirty, self._dirty = self._dirty, False
        return dirty

    def _play(self, name: str) -> None:
        sound = self.app.sound if self.entered else None
        if sound is not None:
            sound.play(name)  # the sound board keeps a failing mixer to itself

    def _show(self, ev: TableMove, *, animate: bool) -> None:
        old = self.view
        before = old.decisions
        new = ev.view(self.viewer)
        self._move = ev
        self.view = new
        self.log = self.controller.log(self.viewer, ev)
        self._refresh_hover()
        self.events_played += 1
        self._dirty = True
        if animate:
            tl = build_timeline(old, new, actor=ev.seat, kind=ev.kind.name)
            self.timeline = tl if tl.motions else None
        if new.round != old.round:
            self.board_tags.clear()  # a new round: last round's losses are in the log and the summary
            self._notes_version += 1
        self._note_losses(ev, before)
        self._check_last_round(animate=animate)
        self._check_phase_screenshot()

    def _check_phase_screenshot(self) -> None:
        key = (self.view.round, self.view.phase)
        if key == self._phase_key:
            return
        self._phase_key = key
        opts = self.app.options if self.entered else None
        folder = opts.screenshot_every_phase if opts is not None else None
        if folder:
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, f"round{key[0]:02d}_{['dice', 'actions', 'move', 'over'].index(key[1]) + 1}_{key[1]}.png")
            # Let the banner / first motions show before the picture is taken.
            self.app.request_screenshot(path, delay_s=0.0 if self.speed == "instant" else 0.9)

    def saved_game(self) -> SaveData | None:
        """The saved game this table plays, while it is not over (the pause menu's Save, Ctrl+S);
        None for a table without one (a network game, a demo, the tutorial)."""
        data = dice_session(self.app).save_data_of(self.controller)
        return None if data is None or data.game.is_over else data

    def _finish(self) -> None:
        self._finished = True

        life = dice_session(self.app)
        data = life.save_data_of(self.controller)
        if data is not None:
            life.finish_game(data)
        self.app.replace(ResultsScene(self.controller))

    # -- draw ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the table; returns the changed rects when only moving things changed.

        The state layer (everything except the motions) is cached in ``self._base`` and
        rebuilt only when the view, the hidden set or the overlays change; in between, a frame
        restores the rects the motions covered last frame and draws the motions again, and
        the App pushes just those rects to the screen.
        """
        if self.renderer is None:
            return None
        if self.renderer.layout.size != surface.get_size():
            self.renderer.set_size(surface.get_size())
        highlights: set[HitTarget] = set()
        if self.decision_ui is not None:
            highlights = set(self.decision_ui.highlighted())
        thinking = self.controller.thinking_seat() if self._think_tick >= 0 else None
        tl = self.timeline
        hidden = frozenset(tl.hidden()) if tl is not None else frozenset()
        tooltip = self.hover is not None and self._hover_still >= 0.45
        foot = self.renderer.log_foot()
        self._placed = sidenotes.stack(self.notes(), self.renderer.layout, foot, lambda n: trn("follow.more", n))
        # the log gives way to the side notes and to the hint's box (it keeps its newest rows)
        reserve = max(sidenotes.reserve(self._placed, self.renderer.layout, foot), log_room(self, surface.get_size()))
        key = (id(self.view), hidden, thinking, self._think_tick if thinking is not None else -1,
               surface.get_size(), len(self.log), self.speed, frozenset(highlights), self.log_top,
               self.log_seen, self._notes_version, reserve)
        # what the base shows besides the boards, the middle and the log (whose cached pictures
        # the renderer compares itself): while it stays the same, a new base is drawn only
        # where those changed (see below)
        button = dicegrid.button_rect(self)
        rest = (surface.get_size(), self.speed, frozenset(highlights), self.log_top, self.log_seen,
                self._notes_version, reserve, self._tags_key(),
                tuple((p.note, tuple(p.rect), tuple(p.rows), tuple(p.close)) for p in self._placed),
                None if button is None else (tuple(button), dicegrid.is_shown(self)))
        partial_ok = (self._base is not None and self.decision_ui is None
                      and not dicegrid.is_shown(self)
                      and not any(overlay.visible for overlay in self.overlays)
                      and self.entered and not self.app.force_full)
        anim = AnimState(tl, highlights, None, thinking, self.clock, self.controller.seats, self.log,
                         log_top=self.log_top, log_seen=self.log_seen, log_reserve=reserve)
        regions: list[pygame.Rect] | None = [] if key == self._base_key else None
        if (partial_ok and regions is None and self.redraw_regions and rest == self._base_rest
                and self._base is not None and self.renderer.last_target is self._base):
            # The view changed (a move, the thinking dots, a log line): only the boards, the
            # middle or the log whose pictures changed are drawn again, clipped to their rects,
            # and only those rects go to the screen. The same picture as a whole redraw (a test
            # compares them over whole games), for a fraction of its work (issue 29: the frames
            # drawn while a computer player thinks).
            regions = self.renderer.changed_regions(surface.get_size(), self.view, anim)
            w, h = surface.get_size()
            if regions is not None and sum(r.w * r.h for r in regions) > REGION_SHARE * w * h:
                regions = None  # most of the table changed (every seat rolled): a whole redraw is cheaper
            if regions is not None:
                self._draw_base(anim, regions)
                self._base_key = None if self.renderer.needs_redraw else key
                self._dirty = self._dirty or self.renderer.needs_redraw
        if partial_ok and regions is not None:
            assert self._base is not None
            dirty = list(self._touched) + regions
            for r in dirty:
                surface.blit(self._base, r, r)
            self._touched = self.renderer.draw_motions(surface, self.view, tl) if tl is not None else []
            if tooltip:
                tip = self._draw_tooltip(surface)
                if tip is not None:
                    self._touched.append(tip)
            return dirty + self._touched
        if self._base is None or self._base.get_size() != surface.get_size():
            self._base = pygame.Surface(surface.get_size()).convert() if pygame.display.get_surface() else \
                pygame.Surface(surface.get_size())
        self._draw_base(anim, None)
        self._base_rest = rest
        self._base_key = None if self.renderer.needs_redraw else key  # the rest comes next frame
        self._dirty = self._dirty or self.renderer.needs_redraw
        surface.blit(self._base, (0, 0))
        self._touched = self.renderer.draw_motions(surface, self.view, tl) if tl is not None else []
        if self.decision_ui is not None:
            self.decision_ui.draw(surface, self.renderer)
            draw_hint(self, surface)  # the hint's suggestion, ringed on the table
        dicegrid.draw(self, surface)
        for overlay in self.overlays:
            overlay.draw(surface, self)
        if tooltip:
            tip = self._draw_tooltip(surface)
            if tip is not None:
                self._touched.append(tip)
        return None

    def _draw_base(self, anim: AnimState, regions: list[pygame.Rect] | None) -> None:
        """Draw the table's still picture into ``self._base``: whole (``regions`` None) or only
        within each of ``regions`` (everything drawn, clipped to the rect)."""
        assert self._base is not None and self.renderer is not None
        later = False
        if regions is not None and len(regions) > REGION_PASSES:
            clips: list[pygame.Rect | None] = [pygame.Rect(regions[0]).unionall(regions[1:])]
        else:
            clips = [None] if regions is None else list(regions)
        for k, clip in enumerate(clips):
            self._base.set_clip(clip)
            try:
                self.renderer.same_frame = k > 0
                self.renderer.draw_base(self._base, self.view, anim)
                later = later or self.renderer.needs_redraw
                self._draw_tags(self._base)
                sidenotes.draw(self._base, self._placed, self.renderer.layout)
                self._draw_hud(self._base)
                dicegrid.draw_button(self, self._base)
            finally:
                self._base.set_clip(None)
        self.renderer.needs_redraw = later

    def _tags_key(self) -> tuple[object, ...]:
        """What :meth:`_draw_tags` draws depends on."""
        return (tuple((seat, tuple(items)) for seat, items in sorted(self.board_tags.items())), self.view.names)

    def layout_report(self) -> LayoutReport:
        """Where the table puts things (for the layout tests)."""
        assert self.renderer is not None
        return table_report(self.renderer.layout, self.decision_ui)

    def _draw_hud(self, surface: pygame.Surface) -> None:
        r = self.renderer
        assert r is not None
        L = r.layout

        label = tr("table.hud", speed=hud_speed(self.speed, self.app.settings if self.entered else None))
        box = L.log
        parts = label.split(" · ")  # two lines when one does not fit (split between the keys)
        half = (len(parts) + 1) // 2
        lines = [label] if text(label, L.px(12), palette.INK_SOFT).get_width() <= box.w - L.px(20) \
            else [" · ".join(parts[:half]), " · ".join(parts[half:])]
        y = box.bottom - L.px(6)
        for line in reversed(lines):
            t = fit_text(line, L.px(12), palette.INK_SOFT, box.w - L.px(20))
            surface.blit(t, t.get_rect(midbottom=(box.centerx, y)))
            y -= t.get_height()

    def _draw_tooltip(self, surface: pygame.Surface) -> pygame.Rect | None:
        r = self.renderer
        assert r is not None
        if self.mouse is None:
            return None
        hit = r.hit_test(self.mouse, self.view)  # from the view drawn now, never an older one
        lines = r.tooltip(hit, self.view) if hit is not None else []
        if not lines:
            return None
        L = r.layout
        surfs = [text(ln, L.px(14), palette.INK, i == 0) for i, ln in enumerate(lines)]
        w = max(s.get_width() for s in surfs) + L.px(20)
        h = sum(s.get_height() for s in surfs) + L.px(14)
        mx, my = self.mouse
        x, y = mx + L.px(16), my + L.px(18)
        sw, sh = surface.get_size()
        x = min(x, sw - w - 4)
        if y + h > sh - 4:
            y = my - h - L.px(8)
        box = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surface, palette.PARCHMENT_LIGHT, box, border_radius=L.px(8))
        pygame.draw.rect(surface, palette.INK, box, L.px(2), border_radius=L.px(8))
        yy = y + L.px(7)
        for s in surfs:
            surface.blit(s, (x + L.px(10), yy))
            yy += s.get_height()
        return box.inflate(4, 4)


__all__ = ["TableScene"]
