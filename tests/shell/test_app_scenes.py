"""Headless tests of the application shell and the table (engineer T, issue 4)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest
from app_helpers import choose_game

from tortuga_desktop.shell.intents import Click, Hover, Key, Resize
from tortuga_desktop.shell.main import build_parser, main
from tortuga_desktop.shell.start import make_app


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))


def _app(*args: str):
    opts = build_parser().parse_args(["--mute", *args])
    app = make_app(opts)
    app.fixed_dt = 1 / 60
    return app


def _not_blank(surface: pygame.Surface) -> bool:
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, surface.get_width(), 97)
               for y in range(0, surface.get_height(), 53)}
    return len(colours) > 20


def test_menu_renders_and_keys() -> None:
    app = _app("--size", "1280x720")
    try:
        assert app.top.name == "menu"
        app.run(max_frames=3)
        assert app.frames_drawn >= 1
        assert _not_blank(app.window)
        drawn = app.frames_drawn
        app.run(max_frames=5)  # nothing changed: no redraw
        assert app.frames_drawn == drawn
        app.post(Key(pygame.K_DOWN))
        app.run(max_frames=1)
        assert app.frames_drawn == drawn + 1
    finally:
        app.close()


def test_menu_demo_button_starts_table() -> None:
    app = _app("--size", "1280x720")
    try:
        app.run(max_frames=2)
        menu = app.top
        demo = [i for i, it in enumerate(menu.buttons.items) if "demo" in it.label.lower()][0]
        app.post(Click(menu.buttons.rects[demo].center, 1))
        choose_game(app, "tortuga")  # two games: Watch a demo asks which
        app.run(max_frames=2)
        assert app.top.name == "table"
    finally:
        app.close()


def test_table_renders_tooltips_and_hit_test() -> None:
    app = _app("--demo", "--players", "4", "--seed", "2", "--speed", "fast")
    try:
        app.run(max_frames=120)
        table = app.top
        assert table.name == "table"
        assert _not_blank(app.window)
        r = table.renderer
        L = r.layout
        b = L.boards[0]
        hits = {
            "action_space": b.actions[2].center,
            "bonus_space": b.bonus[2].center,
            "track": b.track_boxes["boat"][2].center,
            "bag": L.bag.center,
            "supply": L.supply.center,
            "phase": L.phase.center,
            "score": b.score.center,
        }
        for kind, pos in hits.items():
            hit = r.hit_test(pos, table.view)
            assert hit is not None and hit.kind == kind, (kind, hit)
            assert r.tooltip(hit, table.view), kind
        # Hovering shows a tooltip after a short delay (a redraw happens).
        app.post(Hover(L.bag.center))
        app.run(max_frames=40)
        assert table.hover is not None and table.hover.kind == "bag"
    finally:
        app.close()


def test_pause_overlay_renders_and_resumes() -> None:
    app = _app("--demo", "--seed", "4", "--speed", "fast")
    try:
        app.run(max_frames=5)
        table = app.top
        table.skip()
        table.timeline = None
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert app.top.name == "pause"  # one press, even while something animates
        app.run(max_frames=2)
        assert _not_blank(app.window)
        app.post(Key(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert app.top is table
    finally:
        app.close()


def test_skip_key_ends_animation() -> None:
    app = _app("--demo", "--seed", "6", "--speed", "slow")
    try:
        table = app.top
        for _ in range(600):
            app.run(max_frames=1)
            if table.animating:
                break
        assert table.animating
        playing = table.timeline
        app.post(Key(pygame.K_SPACE))
        app.run(max_frames=1)
        assert playing.done  # (the next event may already have started its own timeline)
    finally:
        app.close()


def test_resize_mid_game() -> None:
    app = _app("--demo", "--seed", "8", "--speed", "normal")
    try:
        app.run(max_frames=200)
        table = app.top
        for size in ((1280, 720), (1920, 1080), (3840, 2160), (1600, 900)):
            app.post(Resize(size))
            app.run(max_frames=30)
            assert app.size == size
            assert table.renderer.layout.size == size
            assert _not_blank(app.window)
        assert table.events_played > 0
    finally:
        app.close()


def test_full_demo_game_to_results(tmp_path: Path) -> None:
    shot = tmp_path / "results.png"
    phases = tmp_path / "phases"
    code = main(["--demo", "--players", "4", "--seed", "5", "--speed", "instant", "--exit-after-game",
                 "--screenshot", str(shot), "--screenshot-every-phase", str(phases), "--mute", "--max-seconds", "60"])
    assert code == 0
    assert shot.exists() and shot.stat().st_size > 10_000
    names = sorted(p.name for p in phases.iterdir())
    assert names[0] == "round01_1_dice.png"
    assert any("actions" in n for n in names) and any("move" in n for n in names)


def test_game_state_does_not_depend_on_animation() -> None:
    """The same seed gives the same game whether animations play (skipped) or not."""
    finals = []
    for speed, skip in (("instant", False), ("fast", True)):
        app = _app("--demo", "--players", "3", "--seed", "11", "--speed", speed)
        try:
            table = app.top
            for _ in range(20000):
                if skip:
                    app.post(Key(pygame.K_SPACE))
                app.run(max_frames=1)
                if table.controller.game.is_over and not table.queue:
                    break
            assert table.controller.game.is_over
            finals.append(table.controller.game.to_dict())
        finally:
            app.close()
    assert finals[0] == finals[1]
