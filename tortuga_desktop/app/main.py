"""Command line entry point: ``tortuga`` / ``python -m tortuga_desktop``.

``tortuga`` opens the main menu.  ``tortuga --demo --players 4 --seed 7 --speed fast``
starts a game of computer players straight away; ``--exit-after-game`` quits with status
0 at the results screen; ``--screenshot PATH`` saves a PNG of the window there, and
``--screenshot-every-phase DIR`` one per phase; ``--replay FILE`` opens a game record in the
replay scene (a bad file shows its message over the main menu).  With ``SDL_VIDEODRIVER=dummy`` the whole
thing runs headless.

Arguments are checked before anything starts (argparse: a clear message and exit status 2):
``--screenshot`` needs an image extension and a folder that can be written, ``--demo`` takes
no saved game. :func:`main` sets up logging once (:func:`setup_logging`): every fault caught
during play goes to a rotating log file in the user's log folder.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..ai import kernel_mode
from ..ai.workers import thinking_mode
from ..levels import ALL_LEVELS, NETWORK_LEVELS
from ..shell import game as games

SPEED_CHOICES = ("slow", "normal", "fast", "instant")
#: Image types ``pygame.image.save`` writes, by file extension.
SCREENSHOT_EXTENSIONS = (".png", ".jpg", ".jpeg", ".bmp", ".tga")
LOG_FILE = "tortuga.log"

logger = logging.getLogger(__name__)
_log_handler: logging.Handler | None = None
#: why the log file could not be used at start-up (shown as a notice once the window is up)
_log_problem: str | None = None
_LOG_FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"


class LogFileHandler:
    """What the log-file handler adds to logging's: ``on_failure(reason)`` is called once,
    when a write first fails."""

    on_failure: Any = None


def _open_regular_for_append(path: Path) -> Any:
    """``path`` opened for appending (UTF-8 text), only when it is a regular file (created if
    missing). A FIFO, device, socket or folder is refused with ``paths.NotRegularFileError``
    and never blocks: the open is non-blocking and checked again with ``fstat``."""
    import stat

    from . import paths

    try:
        st = os.stat(path)
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISREG(st.st_mode):
            raise paths.NotRegularFileError(path, paths._kind_of(st.st_mode))
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags, 0o644)  # a FIFO without a reader: ENXIO at once, never a wait
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise paths.NotRegularFileError(path, paths._kind_of(st.st_mode))
        return os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")
    except BaseException:
        os.close(fd)
        raise


def _make_log_handler(path: Path) -> logging.Handler:
    from logging.handlers import RotatingFileHandler

    class SafeLogHandler(RotatingFileHandler, LogFileHandler):
        """A rotating log that opens only regular files and reports a failing write once
        (``on_failure(reason)``, e.g. a notice) instead of a traceback per record; after a
        failure, warnings and errors go to stderr as plain lines."""

        def __init__(self, filename: Path) -> None:
            self.failed = False
            self.on_failure: Any = None
            self._fallback = logging.StreamHandler(sys.stderr)
            self._fallback.setLevel(logging.WARNING)
            self._fallback.handleError = lambda record: None  # type: ignore[method-assign]
            super().__init__(filename, maxBytes=1_000_000, backupCount=3, encoding="utf-8",
                             errors="backslashreplace")

        def _open(self) -> Any:
            return _open_regular_for_append(Path(self.baseFilename))

        def setFormatter(self, fmt: logging.Formatter | None) -> None:  # noqa: N802 (logging's name)
            super().setFormatter(fmt)
            self._fallback.setFormatter(fmt)

        def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
            exc = sys.exc_info()[1]
            first = not self.failed
            self.failed = True
            if first:
                reason = (exc.strerror if isinstance(exc, OSError) and exc.strerror
                          else str(exc) or type(exc).__name__)
                from . import paths

                reason = paths.display_path(reason)[:200]
                print(f"tortuga: the log file cannot be written ({reason}); faults go to stderr",
                      file=sys.stderr)
                callback = self.on_failure
                if callback is not None:
                    import contextlib

                    with contextlib.suppress(Exception):  # a notice that cannot be shown must not break logging
                        callback(reason)
            if record.levelno >= logging.WARNING:
                self._fallback.handle(record)

    return SafeLogHandler(path)


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log faults (warnings and errors, never play) to ``<log dir>/tortuga.log`` (rotating:
    3 files of 1 MB) and log uncaught exceptions, also those of threads. Returns the log file, or None when it cannot be used
    (a folder that cannot be made, or a log path that is not a regular file: a FIFO, a
    device...): then warnings go to stderr and :func:`log_problem` says why (the app shows
    it as a notice). A write that fails later (a full disk) is reported once
    (:func:`watch_log_failures`), never as a traceback per record. Call once, from :func:`main`."""
    from . import paths

    global _log_handler, _log_problem
    root = logging.getLogger("tortuga_desktop")
    root.setLevel(level)
    if _log_handler is not None:
        return None
    handler: logging.Handler
    path: Path | None
    try:
        path = paths.log_dir() / LOG_FILE
        handler = _make_log_handler(path)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        _log_problem = paths.display_path(reason)[:200]
        path = None
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING)
        print(f"tortuga: no log file ({paths.display_path(str(exc))})", file=sys.stderr)
    handler.setFormatter(logging.Formatter(_LOG_FORMAT))
    # Faults only (issue 23.5): what happens in play - seeds, dice, tiles, hints, join codes,
    # tokens - is never a warning, so no line about play reaches the file, whichever part of
    # the program (or a server hosted in this process) writes it.
    handler.setLevel(logging.WARNING)
    _log_handler = handler
    root.addHandler(handler)

    def thread_hook(args: Any) -> None:
        root.error("uncaught exception in thread %s", getattr(args.thread, "name", "?"),
                   exc_info=(args.exc_type, args.exc_value, args.exc_traceback))

    import threading

    threading.excepthook = thread_hook
    return path


def log_problem() -> str | None:
    """Why the log file is not in use (None when it is, or logging was not set up)."""
    return _log_problem


def watch_log_failures(notify: Any, handler: logging.Handler | None = None) -> bool:
    """Call ``notify(reason)`` once when writing the log file first fails (a full disk);
    False when there is no log file to watch."""
    handler = handler if handler is not None else _log_handler
    if not isinstance(handler, LogFileHandler):
        return False
    handler.on_failure = notify
    return True


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from exc
    if w < 320 or h < 240 or w > 8192 or h > 8192:
        raise argparse.ArgumentTypeError(f"window size out of range: {text}")
    return (w, h)


def _game(text: str) -> str:
    """``--game``: a game's key or one of its other names (``dice``) -> its key."""
    if text == games.DEFAULT_GAME:  # also argparse's default: --join, --help and --version load no game (nor pygame)
        return text
    try:
        return games.find(text).key
    except games.UnknownGameError:
        known = ", ".join(n for m in games.modules() for n in (m.key, *m.cli_names))
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; expected one of {known}") from None


def _levels(text: str) -> tuple[str, ...]:
    """``--level``: one level for every computer seat, or a comma-separated list seat by seat
    (repeated when shorter than the table): "expert" or "hard,expert"."""
    names = tuple(v.strip().lower() for v in text.split(","))
    wrong = [v for v in names if v not in ALL_LEVELS]
    if wrong or not names:
        raise argparse.ArgumentTypeError(f"unknown level {', '.join(repr(v) for v in wrong) or repr(text)}; "
                                         f"expected one of {', '.join(ALL_LEVELS)}, or several joined by commas")
    return names


def _writable_folder(folder: Path) -> str | None:
    """Why files cannot be written in ``folder`` (created on demand), or None if they can."""
    probe = folder
    while not probe.exists():
        if probe.parent == probe:
            return f"{folder} cannot be created"
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is not a folder"
    if probe != folder:
        return None if os.access(probe, os.W_OK | os.X_OK) else f"{probe} is not writable"
    try:  # the real test: os.access is wrong on read-only mounts and for root
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return f"{folder} is not writable ({exc.strerror or exc})"
    return None


def check_options(parser: argparse.ArgumentParser, opts: argparse.Namespace) -> argparse.Namespace:
    """Refuse unusable combinations and paths before the game starts (``parser.error``:
    a message and exit status 2)."""
    from . import paths

    if getattr(opts, "replay", None) and (opts.demo or opts.path):
        parser.error("--replay opens a game record on its own (no --demo, no saved game)")
    if opts.demo and opts.path:
        parser.error(f"--demo starts a new game and takes no saved game (got {paths.display_path(opts.path)})")
    if opts.screenshot:
        shot = Path(opts.screenshot).expanduser()
        shown = paths.display_path(opts.screenshot)
        if shot.suffix.lower() not in SCREENSHOT_EXTENSIONS:
            parser.error(f"--screenshot {shown}: the file name must end in one of "
                         f"{', '.join(SCREENSHOT_EXTENSIONS)}")
        if shot.is_dir():
            parser.error(f"--screenshot {shown}: is a folder")
        problem = _writable_folder(shot.parent if str(shot.parent) else Path.cwd())
        if problem:
            parser.error(f"--screenshot {shown}: {paths.display_path(problem)}")
        opts.screenshot = str(shot)
    if opts.screenshot_every_phase:
        folder = Path(opts.screenshot_every_phase).expanduser()
        problem = _writable_folder(folder)
        if problem:
            parser.error(f"--screenshot-every-phase {paths.display_path(folder)}: {paths.display_path(problem)}")
    if opts.resume:
        if not opts.bot:
            parser.error("--resume needs --bot (a headless client plays its seat with a computer player)")
        if opts.code or opts.token:
            parser.error("--resume takes the kept seat's code and token: no --code or --token")
    elif opts.join is not None and (not opts.code or not opts.bot):
        parser.error("--join needs --code and --bot (a headless client plays its seat with a computer player)")
    if opts.join is None and not opts.resume and (opts.code or opts.bot or opts.token):
        parser.error("--code, --token and --bot go with --join (or --resume)")
    if not 0 <= opts.think <= 60:
        parser.error("--think must be 0-60 seconds")
    if opts.token is not None and not (opts.token.strip() and opts.token.isprintable() and len(opts.token) <= 64):
        parser.error("--token: not a reclaim token")
    if opts.seed is not None and opts.seed < 0:
        parser.error("--seed must be 0 or more")
    if opts.demo:  # the game's module is loaded only when it is played (--help, --version stay light)
        game = games.module(opts.game)
        if not game.min_players <= opts.players <= game.max_players:
            parser.error(f"--players: {game.key} is played by {game.min_players}-{game.max_players} players")
    elif opts.players not in range(2, 10):
        parser.error("--players: a demo game has 2-9 players")
    if opts.trust_cert is not None:
        from ..net.client import tls_context

        try:
            tls_context(Path(opts.trust_cert).expanduser())
        except (OSError, ValueError) as exc:  # ssl.SSLError is an OSError
            parser.error(f"--trust-cert {opts.trust_cert}: not a readable PEM certificate ({exc})")
        opts.trust_cert = str(Path(opts.trust_cert).expanduser())
    if opts.max_seconds is not None and not 0 < opts.max_seconds < 1e9:
        parser.error("--max-seconds must be a positive number")
    return opts


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse and check the command line (exits with status 2 and a message if it is bad)."""
    parser = build_parser()
    return check_options(parser, parser.parse_args(argv))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tortuga", description="Tortuga, the pirate dice board game.")
    p.add_argument("path", nargs="?", help="a saved game to open")
    p.add_argument("--replay", metavar="FILE", default=None, help="watch a game record (a replay file)")
    p.add_argument("--demo", action="store_true", help="start a game of computer players straight away")
    p.add_argument("--game", type=_game, default=games.DEFAULT_GAME, metavar="GAME",
                   help="which game a demo plays (default: the dice game)")
    p.add_argument("--players", type=int, default=4, help="players in a demo game (default 4; the dice game: 2-4)")
    p.add_argument("--seed", type=int, default=None, help="seed for the demo game")
    p.add_argument("--level", default=None, type=_levels, metavar="LEVEL[,LEVEL...]",
                   help=f"strength of the computer players in a demo game: one of {', '.join(ALL_LEVELS)} "
                        "for every seat, or one per seat joined by commas, e.g. hard,expert (default: mixed)")
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
    net = p.add_argument_group("network (headless)")
    net.add_argument("--join", metavar="ADDR",
                     help="join a network game at ADDR (host:port, or wss://host:port for a server with TLS) "
                          "without a window")
    net.add_argument("--code", help="join code of the table (with --join)")
    net.add_argument("--bot", choices=NETWORK_LEVELS, help="computer level that plays the seat")
    net.add_argument("--name", default="", help="player name at the table (with --join)")
    net.add_argument("--token", help="reclaim token of a seat this computer had at the table (with --join and "
                                     "--code); --resume finds it by itself")
    net.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                     help="seconds the headless client waits before each decision (to watch it play)")
    net.add_argument("--resume", action="store_true",
                     help="take back the newest seat kept in the data folder whose game is still on "
                          "(with --join ADDR: the one at that server)")
    net.add_argument("--trust-cert", metavar="FILE", default=None,
                     help="trust this certificate (PEM) for wss:// servers besides the system's: a server with a "
                          "self-signed certificate (the game's Join screen and --join)")
    return p


def _load_settings(damaged: list[Path]) -> Any:
    from .settings import load_settings

    return load_settings(damaged)  # never raises


def make_app(opts: argparse.Namespace, *, auto_return: bool = False) -> Any:
    """Create the App and its first scene from parsed options (no loop yet)."""
    from .loop import DEFAULT_SIZE, App
    from .sound import SoundBoard

    damaged: list[Path] = []
    settings = _load_settings(damaged)
    if opts.speed is None:
        opts.speed = getattr(settings, "animation_speed", "normal") if settings is not None else "normal"
        if opts.speed not in SPEED_CHOICES:
            opts.speed = "normal"
    volume = getattr(settings, "volume", 0.8) if settings is not None else 0.8
    muted = bool(opts.mute or (getattr(settings, "mute", False) if settings is not None else False))
    size = opts.size or (tuple(settings.window_size) if settings is not None else DEFAULT_SIZE)
    app = App(opts, size=size, settings=settings, sound=SoundBoard(volume, muted))
    _show_log_notices(app)
    if damaged:
        from . import paths
        from .i18n import tr

        app.notify(tr("notice.settings_damaged", file=paths.display_name(damaged[0])), "warning")
    if opts.fullscreen or (settings is not None and settings.fullscreen and opts.size is None):
        app.toggle_fullscreen()
    from .scenes.menu import MenuScene

    # ``auto_return`` (the program's start, see main): a game at a network table that was still
    # being played when the game ended (closed, crashed, killed) is returned to by itself, unless
    # the command line asks for something else
    asked = bool(opts.demo or opts.path or getattr(opts, "replay", None) or opts.screenshot
                 or opts.screenshot_every_phase or opts.exit_after_first_frame)
    app.push(MenuScene(auto_return=auto_return and not asked))
    if opts.demo:
        games.module(opts.game).demo(app, games.DemoOptions(opts.players, opts.seed if opts.seed is not None else 1,
                                                          opts.level))
    elif opts.path:
        open_save(app, Path(opts.path))
    elif getattr(opts, "replay", None):
        from .scenes.replay import open_replay_file

        open_replay_file(app, Path(opts.replay).expanduser())
    return app


def _show_log_notices(app: Any) -> None:
    """A notice when the log file is not usable, and once when writing it fails."""
    from . import paths
    from .i18n import tr

    problem = log_problem()
    if problem is not None:
        app.notify(tr("notice.log_unusable", file=paths.display_name(LOG_FILE), reason=problem), "warning")

    def failed(reason: str) -> None:
        app.notify(tr("notice.log_failed", reason=reason), "warning")

    watch_log_failures(failed)


def open_save(app: Any, path: Path) -> bool:
    """Open a saved game of any game (``tortuga PATH``) through its game module. A bad file
    (or one of a game this program does not have) shows its message over the main menu (the
    file itself is never changed) and returns False."""
    from .i18n import tr
    from .saves import SaveError
    from .saves.games import load_game

    try:
        module, saved = load_game(path)
    except SaveError as err:
        logger.warning("refused %s", err.log_text)
        app.show_message(tr("error.save.title"), err.user_message())
        return False
    if saved.finished:
        module.open_saved(app, saved)
        return True
    confirm = getattr(app, "confirm_leaving_game", None)
    if callable(confirm):  # over the autosave of an unfinished game: ask first
        confirm("load", lambda: module.open_saved(app, saved))
        return True
    module.open_saved(app, saved)  # a game it cannot play (a bad seat) shows its own message
    return True


def main(argv: list[str] | None = None) -> int:
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported
    opts = parse_args(argv)
    if opts.version:
        from .. import version

        print(f"tortuga {version()}")
        print(thinking_mode())
        print(kernel_mode.describe())
        return 0
    if opts.trust_cert is not None:
        from ..net.client import set_trusted_certificate

        set_trusted_certificate(opts.trust_cert)
    if opts.join or opts.resume:  # headless network client: no window, no pygame
        from ..net.headless import resume_headless, run_headless

        setup_logging()
        try:
            if opts.resume:
                return resume_headless(opts.bot, addr=opts.join or "", think=opts.think,
                                       seed=opts.seed if opts.seed is not None else 1)
            return run_headless(opts.join, opts.code, opts.bot, name=opts.name, token=(opts.token or "").strip(),
                                think=opts.think, seed=opts.seed if opts.seed is not None else 1)
        except ValueError as exc:
            print(f"tortuga: --join: {exc}", file=sys.stderr)
            return 2
    setup_logging()
    try:
        app = make_app(opts, auto_return=True)
    except Exception as exc:  # e.g. no display
        logger.exception("the game could not start")
        from . import paths

        print(f"tortuga: {paths.display_path(str(exc))}", file=sys.stderr)
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
        if code == 0 and app.screenshot_failed:
            code = 1
    except Exception:
        logger.exception("the game stopped on an error")
        raise
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
        return float(times[min(len(times) - 1, int(p / 100 * len(times)))])

    print(f"timing: {len(times)} frames drawn, {app.idle_frames} idle frames skipped; "
          f"work per drawn frame p50 {pct(50):.2f} ms, p90 {pct(90):.2f} ms, p99 {pct(99):.2f} ms, max {times[-1]:.2f} ms")


if __name__ == "__main__":
    sys.exit(main())
