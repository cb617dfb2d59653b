"""Following the game (issue 23, item 3): the ship's log scrolls and holds its place, new lines
are marked, a "since your last decision" summary is built from the seat's typed events, what is
taken from a human is held on screen and named on their board, a "last round" note comes once
the end is certain, the results wait for the last motion, and tips cover neither the log nor
a board.

Positions are built with rules/scenario.position; rule ids: R4.8 (treasure tiles), R4.10
(Raid: a chest from the crew area, the pirate token pushed back), R4.11 (surplus), R5.2 (the
move phase), R5.4 (end check), R9 (what a seat may see).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tortuga_desktop.games.dice.ai import BotChoice, Reason
from tortuga_desktop.games.dice.rules import Game, PlayerView, TakeChest, Target, determinize
from tortuga_desktop.games.dice.rules import events as ev
from tortuga_desktop.games.dice.rules.scenario import position
from tortuga_desktop.games.dice.table import follow
from tortuga_desktop.games.dice.table.controller import GameController
from tortuga_desktop.games.dice.table.render.motion import build_timeline
from tortuga_desktop.games.dice.table.scenes.table import LOSS_HOLD_S, TableScene
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Click, Hover, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig

NAMES = ["Anne", "Blackbeard", "Calico"]


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def raid_game() -> Game:
    """Round 3, Raid resolving: Blackbeard (1st) may raid Anne's crew (red, blue; pirate on 3)."""
    g = position(players=3, start=1, phase="actions", action="raid", round=3, seats=[
        {"placed": {"fleet": "ABC", "crew": "DE"}, "crew": "RB", "pirate": 3},
        {"placed": {"raid": "ABC", "hunt": "DE"}, "pirate": 5},
        {"placed": {"hunt": "ABCDE"}}])
    g.names = list(NAMES)
    return g


class ScriptBot:
    """Plays the given actions first (when legal), then the first legal action."""

    level = "script"

    def __init__(self, script: list[Any]) -> None:
        self.script = list(script)

    def decide(self, view: PlayerView, legal: Any = None) -> BotChoice:
        assert view.viewer is not None
        legal = determinize(view, 1).legal_actions(view.viewer)
        while self.script:
            a = self.script.pop(0)
            if a in legal:
                return BotChoice(a, Reason("random"))
        return BotChoice(legal[0], Reason("random"))


def table(game: Game, scripts: dict[int, list[Any]] | None = None, speed: str = "instant",
          size: tuple[int, int] = (1280, 720)) -> tuple[App, TableScene]:
    seats = [SeatConfig(n, "human" if i == 0 else "normal", i, i) for i, n in enumerate(game.names)]
    scripts = scripts or {}
    controller = GameController(game, seats, bot_factory=lambda level, s: ScriptBot(scripts.get(s, [])))
    app = App(None, size=size, fixed_dt=1 / 60)
    scene = TableScene(controller, speed=speed)
    app.push(scene)
    return app, scene


def decide(scene: TableScene) -> None:
    """The human confirms their first legal action (as the decision panel would)."""
    ui = scene.decision_ui
    assert ui is not None and scene.decision_seat is not None
    action = scene.controller.game.legal_actions(scene.decision_seat)[0]
    ui.model.show(action)
    assert ui.model.confirm()
    scene._check_confirmed()


def run_until(app: App, cond: Any, frames: int = 2000, *, play: bool = False) -> None:
    """Run frames until ``cond()``; ``play``: the human decides whenever asked."""
    for _ in range(frames):
        if cond():
            return
        if play and app.top.decision_ui is not None:
            decide(app.top)
        app.run(max_frames=1)
    raise AssertionError("the condition never came true")


# -- the summary, from typed events (R9) -------------------------------------------------------


def test_since_lists_what_a_raid_took_from_the_seat() -> None:
    """R4.10: the raider takes a chest from the crew area and pushes the pirate token back."""
    g = raid_game()
    before = g.decisions
    g.apply(1, Target(0))
    g.apply(1, TakeChest(0))  # the red chest
    items = follow.since(g.events_for(0), 0, before)
    lost = [h for h in items if h.kind == "lost"]
    assert [(h.colour, h.other, h.area) for h in lost] == [(0, 1, "crew")]
    pushed = [h for h in items if h.kind == "token"]
    assert [(h.token, h.start, h.end, h.other, h.why) for h in pushed] == [("pirate", 3, 2, 1, "hit")]
    assert all(h.takes for h in lost + pushed)
    assert follow.losses(g.events, 0) == lost + pushed  # what the board names
    assert follow.since(g.events_for(0), 1, before) == [h for h in follow.since(g.events_for(1), 1, before)]
    words = [follow.happening_text(h, g.names) for h in items]
    assert "−1 red chest: Blackbeard took it from your crew area." in words
    assert "Blackbeard pushed your pirate back: box 3 -> 2." in words
    assert follow.tag_text(lost[0], g.names) == ("−1 red chest", "raided by Blackbeard")
    i18n.set_language("de")
    assert follow.tag_text(lost[0], g.names) == ("−1 Truhe (rot)", "überfallen von Blackbeard")


def test_since_shows_a_kept_tile_value_only_to_its_owner() -> None:
    """R4.8 / R9: the kept tile's value is the owner's secret; the public summary says a tile."""
    events: list[ev.Event] = [ev.TileKept(2, 7, 0, 3, 1, True), ev.TilesDrawn(2, 7, 0, (3, 1))]
    public = [e.public() or e for e in events]
    own = follow.since(events, 0, 6)
    shared = follow.since([e for e in public if e is not None], 0, 6)
    assert [(h.kind, h.value) for h in own] == [("tile", 3)]
    assert [(h.kind, h.value) for h in shared] == [("tile", 0)]
    assert follow.happening_text(own[0], NAMES) == "You kept a treasure tile worth 3 coins."
    assert follow.happening_text(shared[0], NAMES) == "You kept a treasure tile."
    assert follow.since(events, 0, 7) == []  # only what came after the seat's last decision


def test_last_decision_counts_decisions_not_scripted_rolls() -> None:
    log = [(0, "select A"), (1, "roll 0 1"), (1, "select B"), (0, "arrange RB"), (2, "select -")]
    assert follow.last_decision(log, 0) == 3
    assert follow.last_decision(log, 1) == 2
    assert follow.last_decision(log, 3) == 0


def test_end_is_certain_once_board_is_over_and_a_fleet_reaches_the_goal() -> None:
    """R5.4: 5 in Tortuga + 1 in the fleet sails home in the move phase; after Board nothing
    can take a fleet chest any more."""
    spec: dict[str, Any] = {"players": 3, "start": 0, "round": 5, "phase": "actions", "seats": [
        {"placed": {"board": "A", "hunt": "BCDE"}, "tortuga": "RRBBY", "fleet": "W"},
        {"placed": {"board": "A", "hunt": "BCDE"}}, {"placed": {"raid": "A", "hunt": "BCDE"}}]}
    board = position(**{**spec, "action": "board"})
    assert not follow.end_certain(board.view(0))  # Board may still take the white chest
    raid = position(**{**spec, "action": "raid"})
    assert follow.finishers(raid.view(None)) == (0,) and follow.end_certain(raid.view(1))
    short = position(**{**spec, "action": "raid", "seats": [{**spec["seats"][0], "fleet": ""}] + spec["seats"][1:]})
    assert not follow.end_certain(short.view(0))


# -- the table -----------------------------------------------------------------------------------


def long_game(seed: int = 4, decisions: int = 120) -> Game:
    g = Game.new(3, seed, names=NAMES)
    rng = random.Random(seed)
    for _ in range(decisions):
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    return g


def test_the_log_scrolls_by_wheel_keys_and_drag_and_holds_its_place() -> None:
    app, scene = table(long_game())
    try:
        app.run(max_frames=3)
        w = scene.renderer.log_window
        assert w is not None and w.rows > w.fit and w.top == w.rows - w.fit  # the newest rows
        app.post(Click(w.rect.center, 4))  # the wheel, up: older lines
        app.run(max_frames=2)
        top = scene.renderer.log_window.top
        assert scene.log_top == top == w.rows - w.fit - 3
        app.post(Key(pygame.K_PAGEUP))
        app.run(max_frames=2)
        assert scene.renderer.log_window.top == top - 8
        held = scene.renderer.log_window.top
        # New lines arrive while the player reads: the rows shown stay the same.
        rows_before = scene.renderer.log_window.rows
        run_until(app, lambda: scene.renderer.log_window.rows > rows_before + 3, play=True)
        assert scene.renderer.log_window.top == held
        # Dragging the log down shows older lines.
        r = scene.renderer.log_window
        app.post(Click(r.rect.center, 1))
        app.post(Hover((r.rect.centerx, r.rect.centery + 3 * r.row_h), held=True))
        app.run(max_frames=2)
        assert scene.renderer.log_window.top == held - 3
        app.post(Hover((r.rect.centerx, r.rect.centery), held=False))
        app.post(Key(pygame.K_END))
        app.run(max_frames=2)
        w = scene.renderer.log_window
        assert scene.log_top is None and w.top == w.rows - w.fit  # follows the newest again
    finally:
        app.close()


def test_new_lines_are_marked_and_counted_under_a_scrolled_log() -> None:
    app, scene = table(long_game())
    try:
        run_until(app, lambda: scene.decision_ui is not None)
        decide(scene)
        seen = scene.log_seen
        assert seen == len(scene.log)  # everything up to the decision was seen
        scene.scroll_log(-10**6)
        app.run(max_frames=2)
        assert scene.renderer.log_window.badge.w > 0  # "back to the newest" under a scrolled log
        run_until(app, lambda: len(scene.log) > seen + 2, play=True)
        app.run(max_frames=2)
        w = scene.renderer.log_window
        # New means since the human's latest decision (playing on, it may have decided again), counted
        # over the lines below the window as drawn.
        now_seen = scene.log_seen
        assert now_seen is not None and seen <= now_seen
        cache = scene.renderer._rows_cache
        assert cache is not None and len(cache[1]) == w.rows
        assert w.badge.w > 0 and 0 < w.new_below == len({i for _s, _p, _d, i in cache[1][w.top + w.fit:]
                                                         if i >= now_seen})
        app.post(Click(w.badge.center, 1))  # the badge goes back to the newest line
        app.run(max_frames=2)
        assert scene.log_top is None
    finally:
        app.close()


def test_a_raid_on_the_human_is_held_named_on_the_board_and_summarised() -> None:
    """R4.10 at the table: the next move waits LOSS_HOLD_S even at instant speed; the board
    names the loss; the summary lists it when the human decides next."""
    app, scene = table(raid_game(), scripts={1: [Target(0), TakeChest(0)]})
    try:
        run_until(app, lambda: bool(scene.board_tags.get(0)))
        assert scene.hold > 0
        shown = scene.events_played
        app.run(max_frames=round(LOSS_HOLD_S * 60) - 10)
        assert scene.events_played == shown  # nothing else moved while the loss is shown
        assert [follow.tag_text(h, NAMES) for h in scene.board_tags[0]] == [
            ("−1 red chest", "raided by Blackbeard"), ("Pirate: box 3 -> 2", "pushed back by Blackbeard")]
        run_until(app, lambda: scene.decision_ui is not None)  # the move phase: Anne arranges
        assert scene.summary is not None and scene.summary[0] == 0
        kinds = [h.kind for h in scene.summary[1]]
        assert "lost" in kinds and "token" in kinds
        app.force_full = True
        app.run(max_frames=2)
        note = scene.placed_note("summary")
        assert note is not None and note.rows[0] == ("Since your last decision", True)
        texts = " ".join(r for r, _b in note.rows)
        assert "Blackbeard took it from your crew area" in texts
        L = scene.renderer.layout
        assert not any(note.rect.colliderect(b.rect) for b in L.boards)
        assert not note.rect.colliderect(scene.renderer.prompt_rect)
        assert not note.rect.colliderect(scene.renderer.log_window.rect)  # the log gives way
    finally:
        app.close()


def test_the_last_round_is_announced_once_the_end_is_certain() -> None:
    g = position(players=3, start=0, round=5, phase="actions", action="board", seats=[
        {"placed": {"board": "A", "hunt": "BCDE"}, "tortuga": "RRBBY", "fleet": "W"},
        {"placed": {"board": "A", "hunt": "BCDE"}}, {"placed": {"raid": "A", "hunt": "BCDE"}}])
    g.names = list(NAMES)
    app, scene = table(g, scripts={1: []}, speed="normal")
    try:
        assert scene.last_round is None
        run_until(app, lambda: scene.last_round is not None, frames=4000, play=True)
        assert scene.last_round == (0,)
        assert not scene.view.is_over
        notes = [n.name for n in scene.notes()]
        assert notes[0] == "last_round"
        assert "Anne will reach 6 chests in Tortuga" in scene.notes()[0].lines[0]
    finally:
        app.close()


def test_game_over_is_announced_after_the_last_chests_land() -> None:
    """R5.2 / R5.4: the final move's chests move first; the "Game over" banner comes after."""
    g = position(players=3, start=0, round=5, phase="move", seats=[
        {"tortuga": "RRBBYW", "crew": "YP", "island": "PB"}, {"crew": "B"}, {"island": "R"}])
    old = g.view(0)
    while not g.is_over:
        d = g.pending()[0]
        g.apply(d.seat, g.legal_actions(d.seat)[0])
    tl = build_timeline(old, g.view(0))
    banners = [m for m in tl.motions if m.kind == "banner"]
    chests = [m for m in tl.motions if m.kind == "chest"]
    assert chests and len(banners) == 1
    assert banners[0].start >= max(m.end for m in chests)


def test_tips_never_cover_the_log_or_a_board(monkeypatch: pytest.MonkeyPatch) -> None:
    from tortuga_desktop.games.dice.table.tips import TipOverlay
    from tortuga_desktop.shell.settings import Settings

    app, scene = table(long_game(decisions=40))
    try:
        tip = TipOverlay(Settings(tips=True))
        scene.overlays.append(tip)
        run_until(app, lambda: scene.decision_ui is not None and tip.current is not None)
        app.force_full = True
        app.run(max_frames=3)
        assert tip.rect.w > 0
        L = scene.renderer.layout
        assert not any(tip.rect.colliderect(b.rect) for b in L.boards)
        assert not tip.rect.colliderect(scene.renderer.prompt_rect)
        assert not tip.rect.colliderect(scene.renderer.log_window.rect)
        assert L.log.contains(tip.rect)
    finally:
        app.close()


@pytest.mark.parametrize("scale", [80, 100, 150])
def test_the_log_text_is_at_least_12_px(scale: int) -> None:
    """Issue 23 item 7: at 80 % in a 1280x720 window the log was about 9 px."""
    from tortuga_desktop.games.dice.table.render.table import TableRenderer
    from tortuga_desktop.shell import art
    from tortuga_desktop.shell.layout import boosted_px, set_ui_scale

    try:
        set_ui_scale(scale)
        r = TableRenderer((1280, 720), 4, human_panel=True)
        r.use_text_scale()
        assert boosted_px(r.log_px()) >= 12
        assert art.font(boosted_px(r.log_px())).size("Ag")[1] >= 12
    finally:
        set_ui_scale(100)
