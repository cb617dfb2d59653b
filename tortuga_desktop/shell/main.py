"""Command line entry point: ``tortuga`` / ``python -m tortuga_desktop``.

``tortuga`` opens the main menu.  ``tortuga --demo --players 4 --seed 7 --speed fast``
starts a game of computer players straight away; ``--exit-after-game`` quits with status
0 at the results screen; ``--screenshot PATH`` saves a PNG of the window there, and
``--screenshot-every-phase DIR`` one per phase; ``--replay FILE`` opens a game record in the
replay scene (a bad file shows its message over the main menu).  With ``SDL_VIDEODRIVER=dummy`` the whole
thing runs headless.

Arguments are checked before anything starts (argparse: a clear message and exit status 2):
``--screenshot`` needs an image extension and a folder that can be written, ``--demo`` takes
no saved game. :func:`main` sets up logging once (:func:`.logfile.setup_logging`): every fault caught
during play goes to a rotating log file in the user's log folder.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

from tortuga_desktop import SUMMARY, version
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell import paths
from tortuga_desktop.shell.levels import ALL_LEVELS, NETWORK_LEVELS
from tortuga_desktop.shell.logfile import setup_logging

SPEED_CHOICES = ("slow", "normal", "fast", "instant")
#: Image types ``pygame.image.save`` writes, by file extension.
SCREENSHOT_EXTENSIONS = (".png", ".jpg", ".jpeg", ".bmp", ".tga")

logger = logging.getLogger(__name__)


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
        if opts.level and any(v not in game.levels for v in opts.level):
            parser.error(f"--level: {game.key}'s computer players are {', '.join(game.levels)}")
    elif opts.players not in range(2, 10):
        parser.error("--players: a demo game has 2-9 players")
    if opts.trust_cert is not None:
        from tortuga_desktop.net.client import tls_context

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
    p = argparse.ArgumentParser(prog="tortuga", description=f"{SUMMARY} Without options: the main menu.")
    p.add_argument("path", nargs="?", help="a saved game to open")
    p.add_argument("--replay", metavar="FILE", default=None, help="watch a game record (a replay file)")
    p.add_argument("--demo", action="store_true", help="start a game of computer players straight away")
    p.add_argument("--game", type=_game, default=games.DEFAULT_GAME, metavar="GAME",
                   help="which game a demo plays, by its key or another name (default: the dice game); "
                        "a wrong one is refused with the list")
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


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported
    opts = parse_args(argv)
    if opts.version:
        print(f"tortuga {version()}")
        for line in games.about_lines():  # how the games' computer players run (pygame-free)
            print(line)
        return 0
    if opts.trust_cert is not None:
        from tortuga_desktop.net.client import set_trusted_certificate

        set_trusted_certificate(opts.trust_cert)
    if opts.join or opts.resume:  # headless network client: no window, no pygame
        from tortuga_desktop.net.headless import resume_headless, run_headless

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
    # the window program (pygame, pygame_gui, every scene): loaded only now, so --version,
    # --help and a headless network seat answer without it
    from tortuga_desktop.shell.start import make_app, print_timing

    try:
        app = make_app(opts, auto_return=True)
    except Exception as exc:  # e.g. no display
        logger.exception("the game could not start")
        print(f"tortuga: {paths.display_path(str(exc))}", file=sys.stderr)
        return 2
    code = 0
    try:
        if opts.max_seconds is not None:
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


if __name__ == "__main__":
    sys.exit(main())
