"""The application shell: one window, one clock, a stack of scenes.

* One main loop: ``clock.tick`` gives ``dt`` for the pygame_gui manager and every scene.
* Scenes live on a stack (menu, table, results; overlays like the pause menu): the top
  scene gets input, drawing starts at the topmost opaque scene.
* Redraw only on change: a frame is drawn and flipped only when an event arrived, a scene's
  ``update`` returned True, or someone called :meth:`App.request_redraw`.  An unchanged
  screen costs a few event polls per second and no drawing.
* F11 toggles fullscreen (and remembers it); the window is resizable (VIDEORESIZE re-lays out
  every scene).  F1 opens the rules help anywhere; Ctrl+S opens "Save game" during a game.
* Settings (:mod:`.settings`) apply at once through :meth:`App.apply_settings`; a language
  change re-translates every scene (``scene.retranslate()``) and pygame_gui (``set_locale``).
* The game lifecycle (starting, autosaving, keeping the record, finishing a game) and the
  background writer every file written during play goes through are the App's
  :class:`~.session.GameSession` (``app.session``): the frame loop never waits for the disk,
  and quitting waits for it at most :data:`QUIT_WAIT_S` seconds.
* Notices: :meth:`App.notify` shows a short message on top of whatever scene is showing, for a
  few seconds (a failed autosave, a damaged settings file...). Any code may call it, from
  any thread.
* Tests drive it with ``App.run(max_frames=...)``, ``App.post(intent)`` and ``fixed_dt``.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui

from tortuga_desktop.shell import art, i18n, palette, paths
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell import settings as settings_mod
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key, Quit, Resize, UIEvent
from tortuga_desktop.shell.layout import set_ui_scale
from tortuga_desktop.shell.options import AppOptions
from tortuga_desktop.shell.resources import asset_path
from tortuga_desktop.shell.saves import clean_text
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.dialogs import MessageScene, scale_theme, wrap
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.session import Session
from tortuga_desktop.shell.settings import Settings
from tortuga_desktop.shell.sound import SoundBoard

MIN_SIZE = (1280, 720)
DEFAULT_SIZE = (1600, 900)
#: How long quitting waits for the background writer (seconds).
QUIT_WAIT_S = 1.0
#: How long a notice stays on screen (seconds), by level.
NOTICE_SECONDS = {"info": 4.0, "warning": 8.0, "error": 12.0}
NOTICE_LEVELS = ("info", "warning", "error")

logger = logging.getLogger(__name__)


class Notice:
    """One message of :meth:`App.notify`: shown on top of every scene until ``until``."""

    def __init__(self, text: str, level: str, seconds: float, until_event: str = "") -> None:
        self.text = text
        self.level = level if level in NOTICE_LEVELS else "info"
        self.seconds = seconds
        self.until: float | None = None  # set on the frame thread when first drawn
        #: a notice that is news only until something happens: :meth:`App.withdraw_notices` with this
        self.until_event = until_event

#: seconds a thread holding the interpreter lock may run before a waiting thread gets it
FRAME_SWITCH_INTERVAL = 0.001


class App:
    """Window, clock, scene stack and the pygame_gui manager."""

    def __init__(self, options: AppOptions | None = None, *, size: tuple[int, int] | None = None,
                 fixed_dt: float | None = None, settings: Settings | None = None, sound: SoundBoard | None = None,
                 fps: int = 60) -> None:
        self.options = options
        self.settings = settings
        self.sound = sound
        self.fps = fps
        self.fixed_dt = fixed_dt
        self.scenes: list[Scene] = []
        self.exit_code: int | None = None
        self.frame = 0
        self.frames_drawn = 0
        self.frame_times: list[float] = []  # ms of work per drawn frame (--timing)
        self.idle_frames = 0
        self._dirty = True
        #: the next frame must be drawn and shown completely (set on resize, scene changes...)
        self.force_full = True
        self._posted: list[Intent] = []
        self._screenshots: list[tuple[str, float]] = []
        self._after_screenshot: Callable[[], None] | None = None
        self._fullscreen = False
        self._windowed_size = size or DEFAULT_SIZE
        #: where the window was before full screen (restored on the way back; F11)
        self._windowed_pos: tuple[int, int] | None = None
        # Worker threads (computer players, list readers) compute while the frame thread draws;
        # every pygame call that lets go of the interpreter lock must take it back, which by
        # default can wait 5 ms each time: hand it back to the frame loop quickly.
        sys.setswitchinterval(FRAME_SWITCH_INTERVAL)
        # On Linux, SDL's default "accelerated" window-surface path goes through OpenGL; with a
        # software GL (VMs, remote desktops, Xvfb) that makes every flip cost ~45 ms at 1080p.
        # The plain X11 framebuffer path (MIT-SHM) flips the same frame in ~4 ms.
        if sys.platform.startswith("linux"):
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # Only what the game uses: pygame.init() would also probe audio devices and joysticks
        # (~140 ms); the sound board starts the mixer itself, and only when sound is on.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Tortuga")
        self.window = self._set_mode(self._windowed_size, fullscreen=False)
        self._set_icon()

        i18n.set_language(settings.language if settings is not None else i18n.DEFAULT_LANGUAGE)
        art.set_markers(settings.colourblind_markers if settings is not None else True)

        set_ui_scale(settings.ui_scale if settings is not None else 100)

        # The project's theme: parchment and brass widgets that match the table.
        self.ui = pygame_gui.UIManager(self.window.get_size(), str(asset_path("theme", "ui_theme.json")),
                                       starting_language=i18n.get_language(),
                                       translation_directory_paths=[str(i18n.translations_dir())])

        scale_theme(self.ui, self.window.get_size())
        self.clock = pygame.time.Clock()
        self.time = 0.0
        #: the background writer every game uses, extended by the first game that keeps a
        #: lifecycle of its own (the dice game: start, autosave, records, finish)
        self.session: Session = next((s for m in games.modules() if (s := m.make_session(self)) is not None),
                                     None) or Session(self)
        #: notices waiting to be shown (any thread may add) and those on screen
        self._notice_lock = threading.Lock()
        self._incoming_notices: list[Notice] = []
        self.notices: list[Notice] = []
        #: where the notices were drawn in the last frame (tests: nothing of a scene's title under them)
        self.notice_rects: list[pygame.Rect] = []
        #: what could not be written when the app closed (filled by :meth:`close`)
        self.unsaved: list[str] = []
        self.screenshot_failed = False
        self._quit_confirmed = False
        #: a message to show once (e.g. a bad save from the command line): (title, text)
        self.messages: list[tuple[str, str]] = []

    # -- window --------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def _set_mode(self, size: tuple[int, int], *, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            win = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            win = pygame.display.set_mode(size, pygame.RESIZABLE)

        art.clear_caches()
        return win

    def _set_icon(self) -> None:
        try:
            pygame.display.set_icon(art.icon("app_icon", 64))
        except (pygame.error, OSError, ValueError):
            logger.exception("could not set the window icon")

    @property
    def fullscreen(self) -> bool:
        return self._fullscreen

    @staticmethod
    def _sdl_window() -> pygame.Window | None:
        """The display module's window as a ``pygame.Window`` (None when there is none)."""
        try:
            return pygame.Window.from_display_module()
        except (pygame.error, AttributeError):
            return None

    def toggle_fullscreen(self, persist: bool = False) -> None:
        """Full screen and back; the way back restores the window's previous size and place
        (without a window manager SDL would leave it at the screen's corner and size)."""
        win = self._sdl_window()
        if not self._fullscreen and win is not None:
            (x, y), (w, h) = win.position, win.size
            self._windowed_pos = (int(x), int(y))
            self._windowed_size = (int(w), int(h))
        self._fullscreen = not self._fullscreen

        with warnings.catch_warnings():  # "forcibly resized by the OS": put right just below
            warnings.simplefilter("ignore", RuntimeWarning)
            self.window = self._set_mode(self._windowed_size, fullscreen=self._fullscreen)
        if not self._fullscreen:
            win = self._sdl_window()
            if win is not None:
                if tuple(win.size) != tuple(self._windowed_size):
                    win.size = self._windowed_size
                    self.window = self._set_mode(self._windowed_size, fullscreen=False)
                if self._windowed_pos is not None and tuple(win.position) != self._windowed_pos:
                    win.position = self._windowed_pos
        self._resized(self.window.get_size())
        if persist and self.settings is not None:
            self.settings.fullscreen = self._fullscreen
            self.save_settings()

    # -- settings ------------------------------------------------------------------------

    def save_settings(self) -> bool:
        """Queue writing the settings on the background writer (a failure shows a notice);
        False when there are no settings or the writer is closed."""
        if self.settings is None:
            return False

        snapshot = dataclasses.replace(self.settings)
        try:
            self.session.writer().run("saving the settings", lambda: settings_mod.write_settings(snapshot),
                              settings_mod.settings_path(create=False))
        except RuntimeError:  # the writer is closed (quitting)
            logger.exception("settings changed after the writer was closed")
            return False
        return True

    def table_speed(self) -> str:
        """The animation speed a new table starts with (the command line wins)."""
        s = self.settings
        if s is not None and s.reduced_motion:
            return "instant"
        opt = self.options.speed if self.options is not None else None
        return opt or (s.animation_speed if s is not None else None) or "normal"

    def apply_settings(self, changed: set[str] | None = None) -> None:
        """Make ``self.settings`` take effect now (``changed``: field names, None = all)."""
        s = self.settings
        if s is None:
            return
        every = changed is None

        def has(name: str) -> bool:
            return every or name in (changed or set())

        if has("language"):
            code = i18n.set_language(s.language)
            try:
                self.ui.set_locale(code)
            except Exception:
                logger.exception("pygame_gui could not switch to %s", code)
            self.retranslate()
        if has("fullscreen") and bool(s.fullscreen) != self._fullscreen:
            self.toggle_fullscreen()
        if has("window_size") and not self._fullscreen and tuple(s.window_size) != self.size:
            self.resize((s.window_size[0], s.window_size[1]))
        if has("animation_speed") or has("reduced_motion"):
            speed = "instant" if s.reduced_motion else s.animation_speed
            if self.options is not None:
                self.options.speed = None if s.reduced_motion else s.animation_speed
            for sc in self.scenes:
                sc.set_speed(speed)
        if (has("volume") or has("mute")) and self.sound is not None:
            try:
                self.sound.set_volume(float(s.volume))
                self.sound.set_muted(bool(s.mute) or bool(self.options is not None and self.options.mute and every))
            except Exception:
                logger.exception("the sound settings could not be applied")
        if has("ui_scale"):
            set_ui_scale(s.ui_scale)
            for sc in self.scenes:
                sc.invalidate()
            self._resized(self.size)
        if has("colourblind_markers"):
            art.set_markers(bool(s.colourblind_markers))
            for sc in self.scenes:
                sc.invalidate()
        self.force_full = True
        self._dirty = True

    def retranslate(self) -> None:
        """Re-draw every scene's texts in the current language."""
        for sc in self.scenes:
            sc.retranslate()
        self.force_full = True
        self._dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (also what a VIDEORESIZE does)."""
        w, h = max(640, int(size[0])), max(360, int(size[1]))
        if not self._fullscreen:
            self._windowed_size = (w, h)
            if self.window.get_size() != (w, h):
                self.window = self._set_mode((w, h), fullscreen=False)
        self._resized(self.window.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        self.force_full = True
        self.ui.set_window_resolution(size)
        scale_theme(self.ui, size)
        for s in self.scenes:
            s.resize(size)
        self._dirty = True

    # -- scenes --------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.force_full = True
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter(self)
        scene.resize(self.size)
        self._entered(scene)
        self._dirty = True

    def pop(self) -> Scene | None:
        self.force_full = True
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.quit(0)
        self._dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        self.force_full = True
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter(self)
        scene.resize(self.size)
        self._entered(scene)
        self._dirty = True

    def clear_to(self, scene: Scene) -> None:
        """Replace the whole stack by ``scene``."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def go_home(self) -> None:
        """Replace the whole stack by a new title screen (scenes ask for it rather than import the menu)."""
        self.clear_to(MenuScene())

    def _entered(self, scene: Scene) -> None:
        opts = self.options
        if type(scene).__name__ == "ResultsScene" and opts is not None:
            shot = opts.screenshot
            if shot:
                self.request_screenshot(shot, delay_s=0.4)
            if opts.exit_after_game:
                if shot:
                    self._after_screenshot = lambda: self.quit(0)
                else:
                    self.quit(0)

    def show_message(self, title: str, text: str) -> None:
        """An OK dialog over the current scene."""
        self.push(MessageScene(title, text))

    def open_help(self) -> None:
        """F1: close the help when it is on top, else open the rules of the game being played."""
        top = self.top
        if top is not None and top.is_help:
            self.pop()
        else:
            self.push(self.help_scene())

    def help_scene(self) -> Scene:
        """The rules help of the game on screen: the first scene on the stack, from the top, with a
        ``help_scene()`` of its own (a game's table, setup or end screen) gives it; when no scene
        offers one (the menus), the first game's (in menu order: the dice game)."""
        for scene in reversed(self.scenes):
            made = scene.help_scene()
            if made is not None:
                return made
        return games.modules()[0].help_scene(self)

    # -- notices -------------------------------------------------------------------------

    def notify(self, text: str, level: str = "info", seconds: float | None = None, *, until_event: str = "") -> None:
        """Show ``text`` on top of every scene for a few seconds (``level``: "info",
        "warning" or "error"; the time depends on it unless ``seconds`` is given). ``until_event``:
        the notice goes sooner when :meth:`withdraw_notices` is called with that word (a new
        table's join code, to pass on, is no longer news once the game has started).

        Never blocks and may be called from any thread (the background writer does). A
        warning or an error (a fault) is logged too; an info notice is not: it can be play (a
        hint, what a player did), and the log holds faults, never play (issue 23.5)."""
        if level in ("warning", "error"):
            logger.log(logging.WARNING if level == "warning" else logging.ERROR, "notice: %s", text)
        notice = Notice(str(text), level, seconds if seconds is not None else NOTICE_SECONDS.get(level, 5.0),
                        until_event)
        with self._notice_lock:
            self._incoming_notices.append(notice)

    def withdraw_notices(self, event: str) -> None:
        """``event`` has happened: the notices shown until it (``notify(until_event=event)``) go."""
        with self._notice_lock:
            self._incoming_notices = [n for n in self._incoming_notices if n.until_event != event]
        keep = [n for n in self.notices if n.until_event != event]
        if len(keep) != len(self.notices):
            self.notices = keep
            self.force_full = True

    def _update_notices(self) -> bool:
        """Take new notices in and drop expired ones; True when what is shown changed."""
        with self._notice_lock:
            incoming, self._incoming_notices = self._incoming_notices, []
        changed = bool(incoming)
        for n in incoming:
            n.until = self.time + n.seconds
            self.notices.append(n)
        self.notices = self.notices[-4:]  # the newest few
        keep = [n for n in self.notices if n.until is None or n.until > self.time]
        if len(keep) != len(self.notices):
            changed = True
            self.force_full = True
        self.notices = keep
        return changed

    def _draw_notices(self) -> None:
        if not self.notices:
            return

        w, h = self.size
        s = max(0.5, min(w / 1600, h / 900))
        f = art.font(max(12, int(20 * s)))
        pad = max(6, int(12 * s))
        width = min(w - 2 * pad, int(1000 * s))
        top = self.scenes[-1] if self.scenes else None
        y = max(pad, int(getattr(top, "notice_top", 0)))
        self.notice_rects = []
        colours = {"info": palette.SUCCESS, "warning": palette.GOLD, "error": palette.DANGER}

        for n in self.notices:
            text = clean_text(n.text.replace("\n", " ")) or "?"
            lines = wrap(text, f, width - 3 * pad)[:6]
            box = pygame.Rect(0, 0, width, len(lines) * f.get_linesize() + 2 * pad)
            box.midtop = (w // 2, y)
            self.notice_rects.append(box)
            pygame.draw.rect(self.window, palette.PARCHMENT_LIGHT, box, border_radius=pad)
            pygame.draw.rect(self.window, colours.get(n.level, palette.INK), box, max(2, int(4 * s)),
                             border_radius=pad)
            yy = box.y + pad
            for ln in lines:
                if ln.strip():
                    self.window.blit(f.render(ln, True, palette.INK), (box.x + 2 * pad, yy))
                yy += f.get_linesize()
            y = box.bottom + pad // 2

    # -- control -------------------------------------------------------------------------

    def request_redraw(self) -> None:
        self._dirty = True

    def request_screenshot(self, path: str | os.PathLike[str], delay_s: float = 0.0) -> None:
        """Save a PNG of the window after the next drawn frame at least ``delay_s`` from now."""
        self._screenshots.append((str(path), self.time + delay_s))
        self._dirty = True

    def request_quit(self) -> None:
        """The player wants to quit (window closed, *Quit* in a menu). If the last autosave
        failed, first say that the game is not saved (Quit anyway / Back); else quit."""
        error = self.session.unsaved_error()
        if error is None or self._quit_confirmed:
            self.quit(0)
            return

        self._quit_confirmed = True  # closing the window again quits
        folder = paths.display_path(error.path.parent) if error.path is not None else "?"
        reason = str(error.params.get("reason") or error.key)

        def back() -> None:
            self._quit_confirmed = False

        text = tr("quit.unsaved_text", reason=reason, folder=folder)
        unwritten = self.session.autosaver.unwritten if self.session.autosaver is not None else None
        if unwritten is not None:  # say which decision is safe on disk
            text = f"{text} {self.session.safe_on_disk_text(*unwritten)}"
        self.push(MessageScene(tr("quit.unsaved_title"), text,
                               lambda: self.quit(0), ok_label=tr("quit.anyway"), cancel_label=tr("quit.go_back"),
                               on_cancel=back))

    def quit(self, code: int = 0) -> None:
        if self.exit_code is None:
            self.exit_code = code

    def post(self, intent: Intent) -> None:
        """Inject an intent as if it came from the user (tests)."""
        self._posted.append(intent)

    # -- the loop ------------------------------------------------------------------------

    def _intents(self) -> list[Intent]:
        out: list[Intent] = []
        for ev in pygame.event.get():
            self.ui.process_events(ev)
            t = ev.type
            if t == pygame.QUIT:
                out.append(Quit())
            elif t == pygame.VIDEORESIZE:
                if not self._fullscreen:
                    out.append(Resize((ev.w, ev.h)))
            elif t in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
                self._dirty = True
                self.force_full = True
            elif t == pygame.KEYDOWN:
                out.append(Key(ev.key, ev.mod, ev.unicode))
            elif t == pygame.MOUSEBUTTONDOWN:
                out.append(Click(ev.pos, ev.button))
            elif t == pygame.MOUSEMOTION:
                out.append(Hover(ev.pos, bool(ev.buttons[0])))
            elif t == pygame.MOUSEWHEEL:
                out.append(Click(pygame.mouse.get_pos(), 4 if ev.y > 0 else 5))
            elif t >= pygame.USEREVENT:
                out.append(UIEvent(ev))
                self._dirty = True
        out.extend(self._posted)
        self._posted.clear()
        return out

    def _dispatch(self, intent: Intent) -> None:
        self._dirty = True
        if isinstance(intent, Quit):
            self.request_quit()
            return
        if isinstance(intent, Resize):
            self.resize(intent.size)
            return
        if isinstance(intent, Key) and intent.key == pygame.K_F11:
            self.toggle_fullscreen(persist=True)
            return
        if isinstance(intent, Key) and intent.key == pygame.K_F1:
            self.open_help()
            return
        if (isinstance(intent, Key) and intent.key == pygame.K_s and intent.mod & pygame.KMOD_CTRL
                and self.session.open_save_dialog()):
            return
        top = self.top
        if top is not None:
            top.handle(intent)

    def step(self, dt: float) -> bool:
        """One frame: input, update, maybe draw. Returns True if a frame was drawn."""
        t0 = time.perf_counter()
        self.time += dt
        for intent in self._intents():
            self._dispatch(intent)
            if self.exit_code is not None:
                return False
        # Only the top scene advances: a pause overlay freezes the table below it.
        top = self.top
        changed = bool(top is not None and top.update(dt))
        if self._update_notices():
            changed = True
        self.ui.update(dt)
        due = any(at <= self.time for _p, at in self._screenshots)
        if not (self._dirty or changed or due):
            self.idle_frames += 1
            return False
        self._dirty = False
        rects = self._draw()
        if rects is not None and not self.force_full:
            if rects:
                pygame.display.update(rects)
        else:
            pygame.display.flip()
        self.force_full = False
        self.frames_drawn += 1
        self.frame_times.append((time.perf_counter() - t0) * 1000.0)
        if self.frames_drawn == 1:
            self._first_frame_shown()
        self._take_screenshots()
        return True

    def _first_frame_shown(self) -> None:
        """--timing: report the first frame on screen (scripts/startup_bench.py reads this line)."""
        opts = self.options
        if opts is not None and opts.timing:
            print("timing: first frame shown", flush=True)
        if opts is not None and opts.exit_after_first_frame:
            self.quit(0)

    def _draw(self) -> list[pygame.Rect] | None:
        """Draw the visible scenes. Returns changed rects when the only drawn scene reported
        a partial redraw (and no pygame_gui element is on screen), else None (flip all)."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        if not self.scenes:
            self.window.fill((0, 0, 0))
        drawn = self.scenes[start:]
        result: list[pygame.Rect] | None = None
        for s in drawn:
            result = s.draw(self.window)
        root = self.ui.get_root_container()
        ui_elements = root is not None and next(iter(root), None) is not None  # any pygame_gui element on screen
        self.ui.draw_ui(self.window)
        self._draw_notices()
        if (len(drawn) == 1 and isinstance(result, list) and not ui_elements and not self._screenshots
                and not self.notices):
            return result
        return None

    def _take_screenshots(self) -> None:
        keep = []
        for path, at in self._screenshots:
            if at <= self.time:
                try:
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(self.window, path)
                except (OSError, pygame.error) as exc:
                    logger.error("screenshot %s failed: %s", paths.display_path(path), exc)
                    self.notify(tr("notice.screenshot_failed", reason=paths.display_path(str(exc))), "error")

                    print(f"tortuga: screenshot {paths.display_path(path)} failed: {exc}", file=sys.stderr)
                    self.screenshot_failed = True
            else:
                keep.append((path, at))
        taken = len(keep) != len(self._screenshots)
        self._screenshots = keep
        if taken and not keep and self._after_screenshot is not None:
            cb, self._after_screenshot = self._after_screenshot, None
            cb()

    def run(self, max_frames: int | None = None) -> int:
        """Run until quit (or ``max_frames`` frames); returns the exit status."""
        frames = 0
        while self.exit_code is None:
            if self.fixed_dt is not None:
                dt = self.fixed_dt
            else:
                dt = min(0.1, self.clock.tick(self.fps) / 1000.0)
            self.step(dt)
            self.frame += 1
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        return self.exit_code if self.exit_code is not None else 0

    def close(self, wait: float = QUIT_WAIT_S) -> None:
        """Close the window; waits at most ``wait`` seconds for the background writer and
        reports (log and stderr) what could not be written."""
        while self.scenes:
            self.scenes.pop().exit()
        self.unsaved.extend(self.session.close(wait))
        if self.unsaved:
            text = "; ".join(self.unsaved)
            logger.error("quitting with unsaved data: %s", text)
            print(f"tortuga: could not save {text}", file=sys.stderr)

        art.clear_caches()
        pygame.quit()


__all__ = ["App", "DEFAULT_SIZE", "MIN_SIZE", "NOTICE_LEVELS", "NOTICE_SECONDS", "Notice", "QUIT_WAIT_S"]
