"""The window program's start: the App and its first scene from the command line's options
(:func:`make_app`), a saved game opened from the command line on a worker thread (:func:`open_save`) and the
``--timing`` figures (:func:`print_timing`).

Loaded by :func:`.main.main` only when a window is wanted: ``--version``, ``--help`` and a
headless network seat answer without pygame.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from tortuga_desktop.shell import game as games
from tortuga_desktop.shell import paths
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.logfile import LOG_FILE, log_problem, watch_log_failures
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.options import AppOptions
from tortuga_desktop.shell.saves import SaveError
from tortuga_desktop.shell.saves.games import load_game
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.scenes.opening import OpeningScene, opening
from tortuga_desktop.shell.scenes.replays import open_replay_file
from tortuga_desktop.shell.settings import ANIMATION_SPEEDS, load_settings
from tortuga_desktop.shell.sound import SoundBoard

__all__ = ["Opened", "make_app", "open_save", "print_timing"]

logger = logging.getLogger(__name__)

#: what reading a saved game gives: its game module and the game, or why it was refused
Opened = tuple[games.GameModule, games.SavedGame] | SaveError


def make_app(opts: argparse.Namespace, *, auto_return: bool = False) -> App:
    """Create the App and its first scene from parsed options (no loop yet)."""
    damaged: list[Path] = []
    settings = load_settings(damaged)  # never raises: the defaults for a missing or damaged file
    if opts.speed is None:
        opts.speed = settings.animation_speed if settings.animation_speed in ANIMATION_SPEEDS else "normal"
    muted = bool(opts.mute or settings.mute)
    size = opts.size or (settings.window_size[0], settings.window_size[1])
    app = App(AppOptions.from_args(opts), size=size, settings=settings, sound=SoundBoard(settings.volume, muted))
    _show_log_notices(app)
    if damaged:
        app.notify(tr("notice.settings_damaged", file=paths.display_name(damaged[0])), "warning")
    if opts.fullscreen or (settings.fullscreen and opts.size is None):
        app.toggle_fullscreen()

    # ``auto_return`` (the program's start, see main): a game at a network table that was still
    # being played when the game ended (closed, crashed, killed) is returned to by itself, unless
    # the command line asks for something else
    asked = bool(opts.demo or opts.path or opts.replay or opts.screenshot
                 or opts.screenshot_every_phase or opts.exit_after_first_frame)
    app.push(MenuScene(auto_return=auto_return and not asked))
    if opts.demo:
        games.module(opts.game).demo(app, games.DemoOptions(opts.players, opts.seed if opts.seed is not None else 1,
                                                          opts.level))
    elif opts.path:
        open_save(app, Path(opts.path))
    elif opts.replay:
        open_replay_file(app, Path(opts.replay).expanduser())
    return app


def _show_log_notices(app: App) -> None:
    """A notice when the log file is not usable, and once when writing it fails."""
    problem = log_problem()
    if problem is not None:
        app.notify(tr("notice.log_unusable", file=paths.display_name(LOG_FILE), reason=problem), "warning")

    def failed(reason: str) -> None:
        app.notify(tr("notice.log_failed", reason=reason), "warning")

    watch_log_failures(failed)


def open_save(app: App, path: Path) -> OpeningScene[Opened]:
    """Open a saved game of any game (``tortuga PATH``) through its game module: the file is read,
    checked and replayed on a worker thread under a notice while the window stays alive
    (:class:`.scenes.opening.OpeningScene`, returned). A bad file (or one of a game this program does
    not have) then shows its message over the main menu (a file outside the data folder is never
    changed); a good one opens, after asking when it would replace a game in progress."""

    def work() -> Opened:
        try:
            return load_game(path)
        except SaveError as err:
            return err

    def done(result: Opened) -> None:
        if isinstance(result, SaveError):
            logger.warning("refused %s", result.log_text)
            app.show_message(tr("error.save.title"), result.user_message())
            return
        module, saved = result
        if saved.finished:
            module.open_saved(app, saved)
            return

        def play() -> None:
            module.open_saved(app, saved)

        app.session.confirm_leaving_game("load", play)  # over an unfinished game's autosave: ask first

    def failed(exc: BaseException) -> None:
        done(SaveError("error.save.unreadable", path, str(exc)))

    return opening(app, tr("saves.opening"), work, done, failed)


def print_timing(app: App) -> None:
    times = sorted(app.frame_times)
    if not times:
        print("timing: no frames drawn")
        return

    def pct(p: float) -> float:
        return float(times[min(len(times) - 1, int(p / 100 * len(times)))])

    print(f"timing: {len(times)} frames drawn, {app.idle_frames} idle frames skipped; "
          f"work per drawn frame p50 {pct(50):.2f} ms, p90 {pct(90):.2f} ms, p99 {pct(99):.2f} ms, max {times[-1]:.2f} ms")
