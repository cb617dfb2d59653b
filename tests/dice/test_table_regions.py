"""The table redraws only what changed (issue 29: frames drawn while a computer player thinks).

When the view changes — a move shown, the thinking dots, a new log line — the table draws its
still picture again only where a board, the middle or the log changed (clipped to their rects)
and hands just those rects to the screen. These tests check that the picture is the same as a
whole redraw, frame after frame over a game, and that the thinking dots no longer redraw (and
send to the screen) the whole table three times a second.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import threading
import time
from typing import Any

import pygame
import pytest
from app_helpers import start_app
from test_human_game import wait_for_bot

from tortuga_desktop.games.dice.ai import BotChoice
from tortuga_desktop.games.dice.rules import Game, PlayerView
from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
from tortuga_desktop.games.dice.table.scenes.table import TableScene

pytestmark = pytest.mark.usefixtures("app_home")


def _full_picture(table: TableScene, size: tuple[int, int]) -> pygame.Surface:
    """The table drawn whole now, into a surface of its own (the scene's state is put back)."""
    r = table.renderer
    assert r is not None
    saved = (table._base, table._base_key, table._base_rest, list(table._touched), r.last_target,
             r.needs_redraw, r.log_window)
    table._base = None
    ref = pygame.Surface(size)
    assert table.draw(ref) is None  # a whole picture
    (table._base, table._base_key, table._base_rest, table._touched, r.last_target, r.needs_redraw,
     r.log_window) = saved
    return ref


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _count_regions(table: TableScene) -> list[int]:
    """Spy on the renderer's ``changed_regions``: one entry per call, the number of rects it
    found (-1: none, a whole redraw)."""
    assert table.renderer is not None
    calls: list[int] = []
    found = table.renderer.changed_regions

    def counted(*a: Any) -> list[pygame.Rect] | None:
        out = found(*a)
        calls.append(-1 if out is None else len(out))
        return out

    table.renderer.changed_regions = counted  # type: ignore[method-assign]
    return calls


def test_region_redraws_match_whole_redraws_over_a_game() -> None:
    """Every frame of a 4-player demo (moves, motions, thinking dots, log lines) drawn by the
    region path shows exactly what a whole redraw shows."""
    app = start_app()
    seats = demo_seats(4, 5, ("random",))
    game = Game.new(4, 5, names=[s.name for s in seats])
    table = TableScene(GameController(game, seats), speed="fast")
    app.push(table)
    app.run(max_frames=2)
    assert table.renderer is not None
    table.renderer.defer_log = False  # a slow frame may show the log a frame late: not in this test
    calls = _count_regions(table)
    compared = 0
    for _ in range(700):
        before, drawn = len(calls), app.frames_drawn
        wait_for_bot(table)  # the same frames however busy the machine is
        app.run(max_frames=1)
        if app.frames_drawn > drawn and len(calls) > before and calls[-1] > 0:
            assert _pixels(app.window) == _pixels(_full_picture(table, app.window.get_size())), \
                f"frame {app.frames_drawn}: the region redraw differs from a whole redraw"
            compared += 1
        if app.top is not table:
            break
    table.controller.close()
    assert table.events_played >= 10
    assert compared >= 20, f"only {compared} frames drew regions"


def test_region_redraws_match_whole_redraws_in_a_hot_seat_game() -> None:
    """The same over a hot-seat game (two humans, two computer players): the viewer changes
    at every hand-over, and what a seat may see with it."""
    import random

    from test_human_game import QuickBot, play

    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves import SeatConfig

    seats = [SeatConfig(n, "human" if k == "h" else "easy", i, i) for i, (n, k) in enumerate(zip("ABCD", "hbhb", strict=True))]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    game = Game.new(4, 7, names=[s.name for s in seats])
    table = TableScene(GameController(game, seats, bot_factory=lambda _level, s: QuickBot(s)), speed="fast")
    app.push(table)
    app.run(max_frames=2)
    assert table.renderer is not None
    table.renderer.defer_log = False
    regions = _count_regions(table)
    compared = [0]
    seen = [0]

    def check(app: App) -> None:
        if len(regions) > seen[0] and regions[-1] > 0 and app.top is table:
            assert _pixels(app.window) == _pixels(_full_picture(table, app.window.get_size())), \
                f"frame {app.frames_drawn}: the region redraw differs from a whole redraw"
            compared[0] += 1
        seen[0] = len(regions)

    try:
        play(app, table, random.Random(7), max_frames=2500, on_frame=check)
    except AssertionError as exc:  # a part of the game is enough (the check itself fails above)
        if "did not end" not in str(exc):
            raise
    finally:
        table.controller.close()
        app.close()
    assert compared[0] >= 20


class _Pondering:
    """A computer player that thinks until told to stop (then plays a random legal move)."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def decide(self, view: PlayerView, legal: Any = None) -> BotChoice:
        self.release.wait(10)
        raise RuntimeError("stopped thinking")  # the table plays a random move instead


def test_thinking_dots_redraw_only_the_thinking_board() -> None:
    """While a computer player thinks, its "thinking..." dots change three times a second: each
    such frame redraws and sends only that seat's board, never the whole table (before: a whole
    redraw and a whole-window flip each time)."""
    app = start_app()
    release = threading.Event()
    seats = demo_seats(4, 5, ("random",))
    game = Game.new(4, 5, names=[s.name for s in seats])
    controller = GameController(game, seats, bot_factory=lambda _kind, _seed: _Pondering(release), pacing=None)
    table = TableScene(controller, speed="fast")
    app.push(table)
    try:
        app.run(max_frames=5)  # the first seat is asked
        time.sleep(0.35)  # the dots show once a seat has thought for 0.3 s (wall clock)
        app.run(max_frames=2)
        assert controller.busy
        seat = controller.thinking_seat()
        assert seat is not None and table._think_tick >= 0
        assert table.renderer is not None
        L = table.renderer.layout
        board = L.boards[seat].rect.inflate(L.px(6), L.px(6))  # the board and its shadow
        returned: list[list[pygame.Rect] | None] = []
        draw = table.draw

        def noted(surface: pygame.Surface) -> list[pygame.Rect] | None:
            returned.append(draw(surface))
            return returned[-1]

        table.draw = noted  # type: ignore[method-assign]
        ticks = 0
        for _ in range(60):
            tick = table._think_tick
            drawn = app.frames_drawn
            app.run(max_frames=1)
            if app.frames_drawn > drawn and table._think_tick != tick:
                rects = returned[-1]
                assert rects is not None, "the thinking dots redrew the whole table"
                assert rects and all(board.contains(r) for r in rects), (rects, board)
                ticks += 1
        assert ticks >= 3
    finally:
        release.set()
        controller.close()


def test_a_move_shown_brings_its_log_lines_the_next_frame() -> None:
    """The frame that shows a move draws its boards; the log's new lines come the frame after
    (the two frames share the work), never later."""
    app = start_app()
    seats = demo_seats(4, 7, ("random",))
    game = Game.new(4, 7, names=[s.name for s in seats])
    table = TableScene(GameController(game, seats), speed="fast")
    app.push(table)
    app.run(max_frames=2)
    r = table.renderer
    assert r is not None and r.defer_log
    rendered: list[int] = []
    render = r._render_log

    def noted(*a: Any) -> Any:
        rendered.append(app.frame)
        return render(*a)

    r._render_log = noted  # type: ignore[method-assign]
    moves = 0
    for _ in range(900):
        shown, frame, lines = table.events_played, app.frame, len(table.log)
        wait_for_bot(table)
        app.run(max_frames=1)
        if table.events_played > shown and len(table.log) > lines:  # a move with lines to log
            moves += 1
            assert frame not in rendered, "the log was drawn in the frame that shows the move"
            app.run(max_frames=1)
            assert app.frame - 1 in rendered, "the log's new lines did not come the next frame"
            assert table.renderer is not None and table.log and not r.needs_redraw
        if app.top is not table:
            break
    table.controller.close()
    assert moves >= 6


def test_a_line_that_fits_is_measured_once() -> None:
    """Word wrap (the log's new lines, every panel): a text that fits its width costs one
    measurement instead of one per word, with the same lines as the word-by-word wrap."""
    from tortuga_desktop.shell import art
    from tortuga_desktop.shell.layout import wrap_words

    font = art.font(16)
    sizes: list[str] = []

    class Counting:
        def size(self, s: str) -> tuple[int, int]:
            sizes.append(s)
            return font.size(s)

    def greedy(text: str, width: int) -> list[str]:
        lines: list[str] = []
        cur = ""
        for word in text.split():
            trial = f"{cur} {word}" if cur else word
            if cur and font.size(trial)[0] > width:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        return [*lines, cur] if cur else lines

    text = "Calico Jack moves two chests from the fleet to the island and keeps a treasure tile"
    assert wrap_words(text, Counting(), 10_000) == [text]  # type: ignore[arg-type]
    assert len(sizes) == 1
    for width in (40, 90, 160, 300, 640, 10_000):
        assert wrap_words(text, font, width) == greedy(text, width)
