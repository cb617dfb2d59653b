"""The replay scene driven headless by intents: open, scrub, step, switch perspective, close."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.records import RecordKeeper, ReplayFile
from tortuga_desktop.games.dice.table.replay import ALL
from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.scenes import Scene


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))


def _file(finish: bool = True) -> ReplayFile:
    g = Game.new(4, 6)
    keeper = RecordKeeper("scene", g, ["human", "easy", "normal", "hard"], clock=lambda: 1.0)
    if finish:
        g.playout(random.Random(6))
    else:
        for _ in range(40):
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, random.Random(2)))
    rf = keeper.snapshot({})
    assert rf is not None
    return rf


def _open(rf: ReplayFile) -> tuple[App, ReplayScene]:
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    base = Scene()
    app.push(base)
    scene = ReplayScene(rf)
    app.push(scene)
    app.step(1 / 60)
    return app, scene


def _key(app: App, key: int, mod: int = 0) -> None:
    app.post(Key(key, mod, ""))
    app.step(1 / 60)


def test_open_step_scrub_perspective_close() -> None:
    app, scene = _open(_file())
    tl = scene.timeline
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_RIGHT)
    assert scene.position == 2
    _key(app, pygame.K_LEFT)
    assert scene.position == 1
    _key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.position == tl.round_starts()[1]
    _key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert scene.position == 0
    _key(app, pygame.K_END)
    assert scene.position == len(tl) - 1 and scene.view.phase == "over"
    _key(app, pygame.K_HOME)
    assert scene.position == 0
    bar = scene.bar()
    app.post(Click((bar.centerx, bar.centery), 1))
    app.step(1 / 60)
    assert abs(scene.position - (len(tl) - 1) // 2) <= 2
    assert scene.game.to_dict() == tl.game_at(scene.position).to_dict()
    seen = []
    for _ in range(6):
        _key(app, pygame.K_p)
        seen.append(scene.perspective)
    assert seen == [0, 1, 2, 3, ALL, None]
    _key(app, pygame.K_SPACE)
    assert scene.playing
    start = scene.position
    for _ in range(120):
        app.step(1 / 60)
    assert scene.position > start
    _key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_a_game_that_can_go_on_shows_only_the_public_view() -> None:
    app, scene = _open(_file(finish=False))
    for _ in range(6):
        _key(app, pygame.K_p)
        assert scene.perspective is None
        assert scene.view == scene.game.view(None)
    _key(app, pygame.K_ESCAPE)


def _bot_file() -> ReplayFile:
    """A finished 3-player game of computer players, with their reasons."""
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats

    seats = demo_seats(3, 5, ("easy",))
    c = GameController(Game.new(3, 5, names=[s.name for s in seats]), seats)
    keeper = RecordKeeper("bots", c.game, [s.kind for s in seats], clock=lambda: 1.0)
    while not c.is_over:
        c.poll(budget_s=0.05)
    c.close()
    rf = keeper.snapshot(dict(c._reasons))
    assert rf is not None and rf.reasons
    return rf


def test_the_log_follows_the_position_with_the_bots_reasons() -> None:
    from tortuga_desktop.games.dice.table.scenes.replay import replay_log

    rf = _bot_file()
    app, scene = _open(rf)
    tl = scene.timeline
    for k in (0, 1, 17, len(tl) // 2, len(tl) - 1):
        scene.seek(k)
        for wanted in (None, 0, 2, ALL):
            scene.set_perspective(wanted)
            assert scene.log == replay_log(tl.game_at(k), wanted, rf.reasons)
    scene.seek(len(tl) - 1)
    reasons = [ln for ln in scene.log if ln.reason is not None]
    assert reasons and all(ln.seat is not None for ln in reasons)
    # each reason stands on the line of a move of (one of) the seat(s) that gave it
    for ln in reasons:
        assert ln.event is not None
        assert ln.seat in (ln.seats or (ln.seat,))


def test_drag_the_scrubber_and_press_the_buttons(monkeypatch: pytest.MonkeyPatch) -> None:
    from tortuga_desktop.shell.intents import Hover

    app, scene = _open(_file())
    tl = scene.timeline
    held = [True]
    monkeypatch.setattr(ReplayScene, "_button_held", staticmethod(lambda: held[0]))
    bar = scene.bar()
    app.post(Click((bar.x + 2, bar.centery), 1))
    app.step(1 / 60)
    assert scene.dragging and scene.position == 0
    for frac in (0.25, 0.5, 0.9):  # several moves in one frame: one jump, to the last
        app.post(Hover((bar.x + int(bar.w * 0.1), bar.centery)))
        app.post(Hover((bar.x + int(bar.w * frac), bar.centery)))
        app.step(1 / 60)
        assert scene.position == tl.clamp(round(frac * (len(tl) - 1)))
        assert scene.motion is None  # dragging jumps, it does not animate
        assert scene.game.to_dict() == tl.game_at(scene.position).to_dict()
    held[0] = False
    app.post(Hover((bar.x + 5, bar.centery)))
    app.step(1 / 60)
    assert not scene.dragging and scene.position == tl.clamp(round(0.9 * (len(tl) - 1)))
    rects = scene._layout()
    before = scene.position

    def press(name: str) -> None:
        app.post(Click(rects[name].center, 1))
        app.step(1 / 60)

    press("prev")
    assert scene.position == before - 1
    press("next")
    assert scene.position == before
    press("start")
    assert scene.position == 0
    press("next_round")
    assert scene.position == tl.round_starts()[1]
    press("prev_round")
    assert scene.position == 0
    press("end")
    assert scene.position == len(tl) - 1
    press("view")
    assert scene.perspective == 0
    press("speed")
    assert scene.speed == "fast"
    _key(app, pygame.K_1)
    assert scene.speed == "slow"
    press("play")
    assert scene.playing and scene.position == 0  # play at the end starts again


def test_play_moves_the_table_and_a_jump_stops_the_motion() -> None:
    app, scene = _open(_file())
    _key(app, pygame.K_SPACE)
    moved = 0
    for _ in range(400):
        app.step(1 / 60)
        moved += scene.animating
        if scene.position >= 3:
            break
    assert scene.position >= 3 and moved > 10  # motions were played between the steps
    _key(app, pygame.K_SPACE)
    _key(app, pygame.K_RIGHT)
    assert scene.animating  # a single step forward moves too
    _key(app, pygame.K_END)
    assert scene.motion is None and scene.position == len(scene.timeline) - 1
    scene.set_speed("instant")
    scene.seek(0)
    _key(app, pygame.K_SPACE)
    for _ in range(60):
        app.step(1 / 60)
        assert scene.motion is None
    assert scene.position >= 5


def test_tooltips_on_controls_markers_and_table() -> None:
    from tortuga_desktop.shell.intents import Hover

    app, scene = _open(_file())
    rects = scene._layout()

    def tip_at(pos: tuple[int, int]) -> list[str]:
        app.post(Hover(pos))
        for _ in range(30):
            app.step(1 / 60)
        return scene.tooltip_lines()

    assert "(Space)" in tip_at(rects["play"].center)[0]
    assert "(Home)" in tip_at(rects["start"].center)[0]
    r3 = scene.timeline.round_starts()[2]
    lines = tip_at((scene.x_of(r3), scene.bar().centery))
    assert lines[0].startswith(f"Decision {r3} of") and "Round 3 begins here" in lines
    board = scene.renderer.layout.boards[0].rect
    assert tip_at(board.center)  # the table's own tooltips work in a replay too
    locked_app, locked = _open(_file(finish=False))
    locked_app.post(Hover(locked._layout()["view"].center))
    for _ in range(30):
        locked_app.step(1 / 60)
    assert "public view" in " ".join(locked.tooltip_lines())


def test_win_chance_chart_under_the_scrubber() -> None:
    rf = _file()
    n = 40
    chances = [[(k % 4 == s) * 0.7 + 0.1 for s in range(4)] for k in range(n)]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    app.push(Scene())
    scene = ReplayScene(rf, chances=chances)
    app.push(scene)
    app.step(1 / 60)
    chart = scene.chart()
    assert chart is not None and chart.top > scene.bar().bottom
    app.post(Click((scene.x_of(25), chart.centery), 1))
    app.step(1 / 60)
    assert scene.position == 25
    app.post(Click((chart.right - 2, chart.centery), 1))  # past the series' end: its last point
    app.step(1 / 60)
    assert scene.position == n - 1
    from tortuga_desktop.shell.intents import Hover

    app.post(Hover((scene.x_of(12), chart.centery)))
    for _ in range(30):
        app.step(1 / 60)
    lines = scene.tooltip_lines()
    assert lines[0] == "Win chances after decision 12" and f"{rf.record.names[0]}: 80 %" in lines
    # a series of the wrong shape is refused at the edge
    for bad in ([], [[0.5, 0.5]], [[1.5, 0, 0, 0]], [[0.25] * 4] * (len(scene.timeline) + 1)):
        with pytest.raises(ValueError):
            ReplayScene(rf, chances=bad)
    plain = ReplayScene(rf)
    assert plain.chances == [] and plain.strip_height((1280, 800)) < scene.strip_height((1280, 800))


def test_the_log_panel_shows_what_the_tables_log_would_show() -> None:
    """The scene draws the log from rows it renders once; the pixels are the renderer's own."""
    from tortuga_desktop.games.dice.table.render.table import AnimState, TableRenderer

    rf = _bot_file()
    app, scene = _open(rf)
    r = scene.renderer
    assert r is not None
    plain = TableRenderer(r.layout.size, rf.record.players)
    plain.seats = scene.seats
    for k, wanted in ((5, None), (len(scene.timeline) // 2, 1), (len(scene.timeline) - 1, ALL)):
        scene.seek(k)
        scene.set_perspective(wanted)
        mine = pygame.Surface(r.layout.size)
        scene._draw_table(mine, None)
        theirs = pygame.Surface(r.layout.size)
        plain.draw_base(theirs, scene.view, AnimState(None, set(), None, None, 0.0, scene.seats, scene.log))
        log = r.layout.log
        assert pygame.image.tobytes(mine.subsurface(log), "RGB") == pygame.image.tobytes(theirs.subsurface(log), "RGB")


def test_an_edited_finished_flag_does_not_unlock_a_game_in_progress() -> None:
    rf = _file(finish=False)
    rf.finished = True  # e.g. an exported file edited by hand and imported again
    app, scene = _open(rf)
    assert scene.timeline.locked
    for _ in range(6):
        _key(app, pygame.K_p)
        assert scene.view == scene.game.view(None)


def test_resize_and_language_change_while_watching() -> None:
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.intents import Resize

    app, scene = _open(_file())
    scene.seek(30)
    for size in ((800, 600), (1600, 900)):
        app.post(Resize(size))
        app.step(1 / 60)
        assert scene.bar().right <= size[0] and scene.bar().bottom <= size[1]
        assert scene.renderer is not None and scene.renderer.layout.size[1] == size[1] - scene.strip_height(size)
        app.post(Click((scene.x_of(10), scene.bar().centery), 1))
        app.step(1 / 60)
        assert scene.position == 10
    from tortuga_desktop.shell.intents import Hover

    app.post(Hover((scene.x_of(10), scene.bar().centery)))
    app.step(1 / 60)
    try:
        i18n.set_language("nl")
        app.retranslate()
        for _ in range(30):
            app.step(1 / 60)
        assert scene.tooltip_lines()[0].startswith("Beslissing 10 van")
    finally:
        i18n.set_language("en")
        app.retranslate()
    app.step(1 / 60)


@pytest.mark.parametrize("seed", range(4))
def test_a_game_in_progress_reveals_nothing_private_anywhere(seed: int) -> None:
    """Every position, every perspective asked for, the view, the log and the scrubber's
    tooltips of a game that can go on hold only public facts (R9)."""
    from tortuga_desktop.games.dice.rules.events import PrivateEvent
    from tortuga_desktop.games.dice.table.eventtext import event_text
    from tortuga_desktop.shell.intents import Hover

    g = Game.new(3 + seed % 2, seed + 40)
    keeper = RecordKeeper("open", g, ["human"] * g.players, clock=lambda: 1.0)
    rng = random.Random(seed)
    for _ in range(60 + 20 * seed):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    rf = keeper.snapshot({})
    assert rf is not None and not g.is_over
    app, scene = _open(rf)
    public_texts = {event_text(e, g.names) for e in g.events_for(None)}
    private_texts = {event_text(e, g.names) for e in g.events if isinstance(e, PrivateEvent)} - public_texts
    assert private_texts  # the game has secrets to keep
    for k in rng.sample(range(len(scene.timeline)), 12):
        scene.seek(k)
        for _ in range(g.players + 2):
            _key(app, pygame.K_p)
            assert scene.view == scene.game.view(None)
            assert not any(isinstance(ln.event, PrivateEvent) for ln in scene.log)
        app.post(Hover((scene.x_of(k), scene.bar().centery)))
        for _ in range(25):
            app.step(1 / 60)
        assert not set(scene.tooltip_lines()) & private_texts


def test_the_window_shows_the_position_while_dragging(monkeypatch: pytest.MonkeyPatch) -> None:
    from tortuga_desktop.shell.intents import Hover

    app, scene = _open(_file())
    monkeypatch.setattr(ReplayScene, "_button_held", staticmethod(lambda: True))
    bar = scene.bar()
    app.post(Click((bar.x + bar.w // 3, bar.centery), 1))
    app.step(1 / 60)
    for dx in (0, 1, 2, 40, 41, 3):  # some moves stay on the same decision
        app.post(Hover((bar.x + bar.w // 3 + dx, bar.centery)))
        app.step(1 / 60)
        assert scene.renderer is not None
        table = pygame.Rect((0, 0), scene.renderer.layout.size)
        fresh = pygame.Surface(table.size)
        scene._draw_table(fresh, None)
        shown = app.window.subsurface(table)
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh.convert(shown), "RGB")


def test_only_the_changed_parts_go_to_the_screen_while_dragging(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside the rects the scene reports while dragging, the table drawn for the new
    position is pixel for pixel the one drawn for the old position."""
    from tortuga_desktop.shell.intents import Hover

    app, scene = _open(_file())
    tl = scene.timeline
    assert scene.renderer is not None
    table = pygame.Rect((0, 0), scene.renderer.layout.size)
    rng = random.Random(3)
    pairs = [(k, k + 1) for k in rng.sample(range(len(tl) - 1), 25)] + \
        [(rng.randrange(len(tl)), rng.randrange(len(tl))) for _ in range(10)]
    partial = 0
    for a, b in pairs:
        shots = []
        views = []
        for k in (a, b):
            scene.seek(k)
            surf = pygame.Surface(table.size)
            scene._draw_table(surf, None)
            shots.append(surf)
            views.append(scene.view)
        rects = scene._changed(views[0], views[1], table)
        partial += len(rects) < 2 + len(views[1].seats)
        for surf in shots:
            for r in rects:
                surf.fill((0, 0, 0), r)
        assert pygame.image.tobytes(shots[0], "RGB") == pygame.image.tobytes(shots[1], "RGB"), (a, b)
    assert partial >= 10  # most single steps change only some boards
    # and the scene hands such rects to the App while dragging
    monkeypatch.setattr(ReplayScene, "_button_held", staticmethod(lambda: True))
    bar = scene.bar()
    app.post(Click((bar.x + bar.w // 2, bar.centery), 1))
    app.step(1 / 60)
    drawn = []
    for dx in range(1, 40, 9):
        app.post(Hover((bar.x + bar.w // 2 + dx, bar.centery)))
        app.step(1 / 60)
        drawn.append(scene.draw(app.window))
    assert all(isinstance(d, list) and scene._layout()["strip"] in d for d in drawn)
