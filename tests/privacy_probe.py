"""Records what is actually drawn in every frame, with the viewer of that frame.

Hooks the drawing primitives the app uses (text rendering, die faces, icons, the decision
panel), attributes cached layers (the table's base layer and its log surface) to the frames
that show them, and checks each frame against the live game: nothing private to a seat other
than the frame's viewer may appear (RULES.md R9; issue "hot-seat privacy").

A frame's viewer is the table scene's viewer when the table is drawn, and nobody (``None``)
when an opaque scene such as the hand-over screen covers it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from tortuga_desktop.games.dice.rules import DIE_LETTERS, DecisionKind, Game, PlayerView
from tortuga_desktop.games.dice.rules.events import Event, PrivateEvent
from tortuga_desktop.games.dice.table import pictures
from tortuga_desktop.games.dice.table.eventtext import event_text
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.render import table as render_table
from tortuga_desktop.games.dice.table.scenes import table as scene_table
from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell import art
from tortuga_desktop.shell.loop import App

PRIVATE_KINDS = (DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE)


@dataclass
class Frame:
    """What one drawn frame showed."""

    index: int
    viewer: int | None
    table_drawn: bool
    handover_for: str | None
    strings: list[str] = field(default_factory=list)
    dice: list[tuple[int, str, tuple[int, int, int]]] = field(default_factory=list)
    icons: list[str] = field(default_factory=list)
    panels: list[tuple[int, DecisionKind]] = field(default_factory=list)
    #: the viewer's own private things are on screen (a private moment)
    private: bool = False


class _RecFont:
    """A font that records every string it renders."""

    def __init__(self, probe: Probe, font: pygame.font.Font) -> None:
        object.__setattr__(self, "_probe", probe)
        object.__setattr__(self, "_font", font)

    def render(self, s: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        self._probe.add_string(str(s))
        return self._font.render(s, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._font, name, value)


class Probe:
    """Install with :meth:`install`; every drawn frame is appended to :attr:`frames`."""

    def __init__(self, app: App, table: TableScene) -> None:
        self.app = app
        self.table = table
        self.frames: list[Frame] = []
        self._cur: list[str] = []
        self._dice: list[tuple[int, str, tuple[int, int, int]]] = []
        self._icons: list[str] = []
        self._panels: list[tuple[int, DecisionKind]] = []
        self._base: tuple[list[str], list[Any], list[str]] = ([], [], [])
        self._log_text: dict[int, list[str]] = {}
        self._prev_snapshot: Game | None = None
        self._snap_now: Game | None = None
        #: the whole game right after each move the table may show (the table holds views only)
        self._games: dict[int, Game] = {}
        self.failures: list[str] = []
        #: (frame count when applied, seat, kind) of every decision the controller applied
        self.decisions: list[tuple[int, int, DecisionKind]] = []
        self._views: dict[tuple[int, int, int], PlayerView] = {}
        self._text_key: Any = None
        #: each event's log line, made once (events are frozen values; the language does not change in a game)
        self._lines: dict[Event, str] = {}
        self._text_val: tuple[str, list[str], str] = ("", [], "")
        #: the log lines a seat (or nobody) may read in a game with so many events: (id, events, seat)
        self._readable: dict[tuple[int, int, int | None], list[str]] = {}

    # -- recording -------------------------------------------------------------------
    def add_string(self, s: str) -> None:
        self._cur.append(s)

    def log_strings(self) -> set[str]:
        """Every string the table's log surfaces were rendered with (the ship's log's rows)."""
        return {s for strings in self._log_text.values() for s in strings}

    def install(self, mp: pytest.MonkeyPatch) -> None:
        probe = self
        real_font = art.font
        real_text = render_table.text
        real_die = pictures.die_face
        real_icon = art.icon

        def font(px: int, bold: bool = False) -> Any:
            return _RecFont(probe, real_font(px, bold))

        def text(s: str, px: int, rgb: tuple[int, int, int], bold: bool = False, italic: bool = False) -> pygame.Surface:
            probe.add_string(s)
            return real_text(s, px, rgb, bold, italic)

        def die_face(face: int, label: str, size: int, rgb: tuple[int, int, int]) -> pygame.Surface:
            probe._dice.append((face, label, tuple(rgb)))  # type: ignore[arg-type]
            return real_die(face, label, size, rgb)

        def icon(name: str, size: int) -> pygame.Surface:
            probe._icons.append(name)
            return real_icon(name, size)

        for fake, real in ((font, real_font), (die_face, real_die), (text, real_text)):
            fake.cache_clear = real.cache_clear  # type: ignore[attr-defined]
        mp.setattr(art, "font", font)
        mp.setattr(pictures, "die_face", die_face)
        mp.setattr(art, "icon", icon)
        mp.setattr(render_table, "text", text)
        mp.setattr(scene_table, "text", text)

        real_render_log = render_table.TableRenderer._render_log
        real_draw_log = render_table.TableRenderer._draw_log

        def render_log(self: Any, lines: list[Any], names: tuple[str, ...], *rest: Any) -> pygame.Surface:
            start = len(probe._cur)
            out = real_render_log(self, lines, names, *rest)
            probe._log_text[id(out)] = probe._cur[start:]
            return out

        def draw_log(self: Any, surf: pygame.Surface, anim: Any, names: tuple[str, ...]) -> None:
            real_draw_log(self, surf, anim, names)
            if self._log_cache is not None:  # the cached log surface is on screen now
                probe._cur.extend(probe._log_text.get(id(self._log_cache[1]), []))

        mp.setattr(render_table.TableRenderer, "_render_log", render_log)
        mp.setattr(render_table.TableRenderer, "_draw_log", draw_log)

        real_table_draw = TableScene.draw
        real_draw_base = render_table.TableRenderer.draw_base
        base_drawn = [False]

        def draw_base(self: Any, *args: Any, **kwargs: Any) -> None:
            base_drawn[0] = True
            real_draw_base(self, *args, **kwargs)

        mp.setattr(render_table.TableRenderer, "draw_base", draw_base)

        def table_draw(self: TableScene, surface: pygame.Surface) -> Any:
            s0, d0, i0 = len(probe._cur), len(probe._dice), len(probe._icons)
            base_drawn[0] = False
            result = real_table_draw(self, surface)
            drawn = (probe._cur[s0:], probe._dice[d0:], probe._icons[i0:])
            if result is None or base_drawn[0]:
                # a full redraw, or one of the parts that changed (issue 29): this is the new base
                # layer (what a redraw takes from cached pictures is not seen here, either way)
                probe._base = (list(drawn[0]), list(drawn[1]), list(drawn[2]))
            else:  # a partial frame: the rest of the screen still shows the base layer
                probe._cur.extend(probe._base[0])
                probe._dice.extend(probe._base[1])
                probe._icons.extend(probe._base[2])
            return result

        mp.setattr(TableScene, "draw", table_draw)

        real_ui_draw = DecisionPanel.draw

        def ui_draw(self: DecisionPanel, surface: pygame.Surface, renderer: Any = None) -> None:
            probe._panels.append((self.seat, self.kind))
            real_ui_draw(self, surface, renderer)

        mp.setattr(DecisionPanel, "draw", ui_draw)

        controller = self.table.controller
        then = controller.on_decision

        def decided(move: Any) -> None:  # the source's public hook, called right after each move
            probe.decisions.append((len(probe.frames), move.seat, move.kind))
            probe._games[move.decisions] = controller.game.clone()  # the whole game behind the move
            if then is not None:
                then(move)

        controller.on_decision = decided
        self._games[controller.game.decisions] = controller.game.clone()

        real_app_draw = App._draw

        def app_draw(self: App) -> Any:
            probe._cur, probe._dice, probe._icons, probe._panels = [], [], [], []
            result = real_app_draw(self)
            probe._frame_done()
            return result

        mp.setattr(App, "_draw", app_draw)

    # -- checking --------------------------------------------------------------------
    def _frame_done(self) -> None:
        app, table = self.app, self.table
        start = 0
        for i in range(len(app.scenes) - 1, -1, -1):
            if app.scenes[i].opaque:
                start = i
                break
        drawn = app.scenes[start:]
        table_drawn = table in drawn
        handover = next((s.player_name for s in drawn if isinstance(s, HandoverScene)), None)
        viewer = table.viewer if table_drawn else None
        f = Frame(len(self.frames), viewer, table_drawn, handover, self._cur, self._dice, self._icons, self._panels)
        self.frames.append(f)
        snap = self.shown_game()
        if snap is not self._snap_now:
            self._prev_snapshot, self._snap_now = self._snap_now, snap
        self.check(f)

    def shown_game(self) -> Game | None:
        """The whole game at the moment the table shows (its view's decision count)."""
        return self._games.get(self.table.view.decisions)

    def check(self, f: Frame) -> None:
        """Assert-free check of one frame; problems are collected in :attr:`failures`."""
        game = self.table.controller.game
        snaps = [g for g in (self.shown_game(), self._prev_snapshot, game) if g is not None]
        v = f.viewer
        n = game.players
        # 1. Text: lines private to another seat (with facts the public wording leaves out).
        allowed, secrets, any_secret = self._texts(snaps, v)
        for s in f.strings:
            s = s.strip()
            if len(s) < 6 or s not in any_secret or s in allowed:
                continue
            for secret in secrets:
                if s in secret:
                    self.failures.append(f"frame {f.index} (viewer {v}): text {s!r} is from the private line {secret!r}")
        # 2.-4. Dice, tiles and panels private to a seat.
        for seat in range(n):
            items = self.private_items(f, seat, snaps)
            if seat == v:
                f.private = bool(items)
            else:
                self.failures.extend(f"frame {f.index} (viewer {v}): {item}" for item in items)
        if v is None:
            shown = self._tiles_shown(f)
            if shown:
                self.failures.append(f"frame {f.index} (viewer None): face-up treasure tiles {dict(shown)} drawn")

    def _texts(self, snaps: list[Game], v: int | None) -> tuple[str, list[str], str]:
        """Log lines viewer ``v`` may read in these games, and the lines private to others; the
        readable lines and the private ones also joined into one text each, "\\0" between lines (a
        drawn string, which holds no NUL, is in one of the lines exactly when it is in that text)."""
        key = (v, tuple((id(g), len(g.events)) for g in snaps))
        if self._text_key != key:
            game = snaps[-1]
            allowed: set[str] = set()
            for g in snaps:
                for who in (v, None):
                    allowed.update(self._lines_for(g, who))
            secrets = [self._line(e, game.names) for e in game.events if isinstance(e, PrivateEvent) and e.owner != v]
            self._text_key, self._text_val = key, ("\0".join(allowed), secrets, "\0".join(secrets))
        return self._text_val

    def _lines_for(self, g: Game, who: int | None) -> list[str]:
        """The log lines of ``g.events_for(who)`` (remembered while ``g`` has as many events)."""
        key = (id(g), len(g.events), who)
        found = self._readable.get(key)
        if found is None:
            if len(self._readable) > 256:
                self._readable.clear()
            found = self._readable[key] = [self._line(e, g.names) for e in g.events_for(who)]
        return found

    def _line(self, e: Event, names: Sequence[str]) -> str:
        """``event_text(e, names)``, remembered (the names of one game never change)."""
        found = self._lines.get(e)
        if found is None:
            found = self._lines[e] = event_text(e, names)
        return found

    def _public(self, g: Game) -> PlayerView:
        key = (id(g), g.decisions, len(g.events))
        found = self._views.get(key)
        if found is None:
            if len(self._views) > 64:
                self._views.clear()
            found = self._views[key] = g.view(None)
        return found

    @staticmethod
    def _tiles_shown(f: Frame) -> Counter[int]:
        return Counter(int(name.rsplit("_", 1)[1]) for name in f.icons
                       if name.startswith("treasure_tile_") and name[-1].isdigit())

    def private_items(self, f: Frame, seat: int, snaps: list[Game]) -> list[str]:
        """What frame ``f`` shows that only ``seat`` may know."""
        out: list[str] = []
        renderer = self.table.renderer
        # Dice of the seat's roll that its public view does not show.
        if renderer is not None:
            rgb = tuple(renderer.colour_of(seat).rgb)
            public: set[tuple[int, str]] = set()
            for g in snaps:
                sv = self._public(g).seats[seat]
                for die, face in zip(sv.hand, sv.roll or (), strict=False):
                    if face is not None:
                        public.add((face, DIE_LETTERS[die]))
            for face, label, col in f.dice:
                if col == rgb and label in DIE_LETTERS and (face, label) not in public:
                    out.append(f"seat {seat}'s hidden die {label}={face} drawn")
        # Face-up treasure tiles: the viewer's own (kept, or drawn and being chosen) only.
        if seat == f.viewer:
            shown = self._tiles_shown(f)
            if shown:
                own: Counter[int] = Counter()
                for g in snaps:
                    mine = Counter(g.seats[seat].tiles) + Counter(g.drawn if g.decision_for(seat) is not None else [])
                    own = own | mine
                for value, count in shown.items():
                    if count > own[value]:
                        out.append(f"{count} face-up {value}-coin tile(s) drawn, the viewer may know {own[value]}")
                    else:
                        out.append(f"seat {seat}'s {value}-coin tiles")
        # A private decision panel.
        for s, kind in f.panels:
            if s == seat and kind in PRIVATE_KINDS:
                out.append(f"seat {seat}'s {kind.value} panel drawn")
        return out

    def handover_discipline(self) -> list[str]:
        """Every private moment of a seat follows a hand-over to that seat, with no other
        seat's turn (a decision other than a hidden dice selection) in between."""
        problems: list[str] = []
        names = self.table.controller.game.names
        last_handover: dict[int, int] = {}  # seat -> frame index of its latest hand-over frame
        latest: int | None = None  # frame index of the latest hand-over frame of anyone
        latest_seat: int | None = None
        for f in self.frames:
            if f.handover_for is not None:
                seat = names.index(f.handover_for)
                last_handover[seat] = f.index
                latest, latest_seat = f.index, seat
                continue
            if not f.private or f.viewer is None:
                continue
            s = f.viewer
            start = last_handover.get(s)
            if start is None:
                problems.append(f"frame {f.index}: seat {s}'s private moment without any hand-over")
                continue
            if latest is not None and latest_seat != s and latest > start:
                problems.append(f"frame {f.index}: seat {s}'s private moment after a hand-over to seat {latest_seat}")
                continue
            between = [(seat, kind) for fr, seat, kind in self.decisions
                       if start < fr <= f.index and seat != s and kind != DecisionKind.SELECT_DICE]
            if between:
                problems.append(f"frame {f.index}: seat {s}'s private moment; since its hand-over "
                                f"(frame {start}) others decided {between[:3]}")
        return problems

