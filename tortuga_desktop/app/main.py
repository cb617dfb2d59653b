"""Command line entry point: ``tortuga`` / ``python -m tortuga_desktop``.

``tortuga`` opens the main menu.  ``tortuga --demo --players 4 --seed 7 --speed fast``
starts a game of computer players straight away; ``--exit-after-game`` quits with status
0 at the results screen; ``--screenshot PATH`` saves a PNG of the window there, and
``--screenshot-every-phase DIR`` one per phase.  With ``SDL_VIDEODRIVER=dummy`` the whole
thing runs headless.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

SPEED_CHOICES = ("slow", "normal", "fast", "instant")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from exc
    if w < 320 or h < 240 or w > 8192 or h > 8192:
        raise argparse.ArgumentTypeError(f"window size out of range: {text}")
    return (w, h)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tortuga", description="Tortuga, the pirate dice board game.")
    p.add_argument("path", nargs="?", help="a saved game to open")
    p.add_argument("--demo", action="store_true", help="start a game of computer players straight away")
    p.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players in a demo game (default 4)")
    p.add_argument("--seed", type=int, default=None, help="seed for the demo game")
    p.add_argument("--level", default=None, choices=("random", "easy", "normal", "hard"),
                   help="strength of every computer player in a demo game (default: mixed)")
    p.add_argument("--speed", choices=SPEED_CHOICES, default=None, help="animation speed")
    p.add_argument("--exit-after-game", action="store_true", help="quit with status 0 at the results screen")
    p.add_argument("--screenshot", metavar="PATH", help="save a PNG of the window at the results screen")
    p.add_argument("--screenshot-every-phase", metavar="DIR", help="save a PNG of the table at every phase")
    p.add_argument("--size", type=_size, default=None, metavar="WxH", help="window size (default 1600x900)")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    p.add_argument("--timing", action="store_true", help="print frame-time statistics at exit")
    p.add_argument("--mute", action="store_true", help="no sound")
    p.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--max-seconds", type=float, default=None, help=argparse.SUPPRESS)
    p.add_argument("--version", action="store_true", help="print the version and exit")
    return p


def _load_settings() -> Any:
    try:
        from .settings import load_settings

        return load_settings()
    except Exception:
        return None


def make_app(opts: argparse.Namespace) -> Any:
    """Create the App and its first scene from parsed options (no loop yet)."""
    from .loop import DEFAULT_SIZE, App
    from .sound import SoundBoard

    settings = _load_settings()
    if opts.speed is None:
        opts.speed = getattr(settings, "animation_speed", "normal") if settings is not None else "normal"
        if opts.speed not in SPEED_CHOICES:
            opts.speed = "normal"
    volume = getattr(settings, "volume", 0.8) if settings is not None else 0.8
    muted = bool(opts.mute or (getattr(settings, "mute", False) if settings is not None else False))
    size = opts.size or (tuple(settings.window_size) if settings is not None else DEFAULT_SIZE)
    app = App(opts, size=size, settings=settings, sound=SoundBoard(volume, muted))
    if opts.fullscreen or (settings is not None and settings.fullscreen and opts.size is None):
        app.toggle_fullscreen()
    from .scenes.menu import MenuScene

    app.push(MenuScene())
    if opts.demo:
        start_demo(app, opts.players, opts.seed if opts.seed is not None else 1, opts.level)
    elif opts.path:
        open_save(app, Path(opts.path))
    return app


def start_demo(app: Any, players: int, seed: int, level: str | None = None) -> None:
    """Push a table with a bots-only game."""
    from ..rules import Game
    from .controller import GameController, demo_seats
    from .scenes.table import TableScene

    seats = demo_seats(players, seed, (level,) if level else None)
    game = Game.new(players, seed, names=[s.name for s in seats])
    controller = GameController(game, seats)
    speed = app.table_speed() if hasattr(app, "table_speed") else (getattr(app.options, "speed", None) or "normal")
    app.push(TableScene(controller, speed=speed))


def open_save(app: Any, path: Path) -> bool:
    """Open a saved game (``tortuga PATH``). A bad file shows its message over the main menu
    (the file itself is never changed) and returns False."""
    from .i18n import tr
    from .saves import SaveError, load_save

    try:
        data = load_save(path)
    except SaveError as err:
        app.show_message(tr("error.save.title"), err.user_message())
        return False
    if data.game.is_over:
        from .scenes.results import ResultsScene

        app.push(ResultsScene(data.game, data.seats, review=True))
        return True
    app.play(data)
    return True


def main(argv: list[str] | None = None) -> int:
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported
    opts = build_parser().parse_args(argv)
    if opts.version:
        from .. import version

        print(f"tortuga {version()}")
        return 0
    try:
        app = make_app(opts)
    except Exception as exc:  # e.g. an unreadable save
        print(f"tortuga: {exc}", file=sys.stderr)
        return 2
    code = 0
    try:
        if opts.max_seconds is not None:
            import time

            end = time.monotonic() + opts.max_seconds
            while app.exit_code is None and time.monotonic() < end:
                app.run(max_frames=30)
            code = app.exit_code if app.exit_code is not None else 3
        else:
            code = app.run()
    finally:
        if opts.timing:
            print_timing(app)
        app.close()
    return code


def print_timing(app: Any) -> None:
    times = sorted(app.frame_times)
    if not times:
        print("timing: no frames drawn")
        return

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p / 100 * len(times)))]

    print(f"timing: {len(times)} frames drawn, {app.idle_frames} idle frames skipped; "
          f"work per drawn frame p50 {pct(50):.2f} ms, p90 {pct(90):.2f} ms, p99 {pct(99):.2f} ms, max {times[-1]:.2f} ms")


if __name__ == "__main__":
    sys.exit(main())
