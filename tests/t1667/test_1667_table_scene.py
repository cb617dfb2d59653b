"""The Tortuga 1667 table scene in the real loop (App, headless): whole games for 2, 5 and 9 seats,
input (a click on the table, a panel button, keys), and a vote through hot-seat hand-overs.

Rule ids: T3 (a turn's actions), T3.4 (turning a card up), T4.3-T4.5 (votes chosen in secret and
turned up together), T7.9 (the end), T9 (what a seat may see).
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from table1667_local import local_table

from tortuga_desktop.games.t1667.rules import Game
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.actions import Pick
from tortuga_desktop.games.t1667.rules.state import Kind
from tortuga_desktop.games.t1667.table.beats import CardBeat, VoteBeat
from tortuga_desktop.games.t1667.table.layout import targets
from tortuga_desktop.games.t1667.table.panel import options_at, panel_for
from tortuga_desktop.games.t1667.table.scene import Handover1667, Table1667Scene
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.table import LocalTable


@pytest.fixture(autouse=True)
def _home(app_home: None) -> None:
    """Every test here runs in a private home, in English."""


def _table(players: int, seed: int, humans: tuple[int, ...]) -> tuple[Game, LocalTable[Any, Any, Any]]:
    return local_table(players, seed, humans)


def _app(table: LocalTable[Any, Any, Any], speed: str, size: tuple[int, int] = (1280, 720)) -> tuple[App, Table1667Scene]:
    app = App(None, size=size, fixed_dt=1 / 60)
    scene = Table1667Scene(table, speed=speed)
    app.push(scene)
    return app, scene


def play_out(app: App, scene: Table1667Scene, rng: random.Random, max_frames: int = 40000) -> set[Kind]:
    """Step the App until the game's end is shown; humans answer with a digit key for a random
    button (and confirm every hand-over with Space). Returns the decision kinds humans made."""
    kinds: set[Kind] = set()
    for _ in range(max_frames):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, Handover1667):
            app.post(Key(pygame.K_SPACE))
            continue
        if scene.finished:
            return kinds
        if scene.panel is not None and scene.prompt is not None:
            if scene.panel.kind is not None:
                kinds.add(scene.panel.kind)
            choices = scene._choices()
            k = rng.randrange(min(9, len(choices)))
            app.post(Key(getattr(pygame, f"K_{k + 1}")))
    raise AssertionError(f"the game did not end in {max_frames} frames")


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (5, 6), (9, 8)])
def test_a_whole_demo_game_plays_to_its_end_in_the_loop(players: int, seed: int) -> None:
    """T7.9: computer players only, at instant speed: the scene polls every move, shows the public
    table, and shows the end (the GameOver in its log and its words in the end box)."""
    g, table = _table(players, seed, ())
    app, scene = _app(table, "instant")
    try:
        play_out(app, scene, random.Random(seed))
        assert g.is_over and scene.finished
        assert scene.viewer is None
        assert isinstance(scene.log_events[-1], ev.GameOver)
        assert scene.log_events == list(g.events_for(None))
        lines = scene.outcome_lines()
        assert lines and all(n in lines[0] for n in g.names)  # every loyalty is named at the end
        assert app.frames_drawn >= 2
    finally:
        app.close()
    assert table.poll() == []  # the scene closed its table when it left


@pytest.mark.parametrize(("players", "seed", "humans"), [(2, 11, (0,)), (5, 12, (1,)), (9, 13, (0, 4))])
def test_a_whole_game_with_humans_plays_to_its_end_by_keys(players: int, seed: int, humans: tuple[int, ...]) -> None:
    """Humans answer every decision with the digit keys (and hand-overs in hot-seat) to the end."""
    g, table = _table(players, seed, humans)
    app, scene = _app(table, "instant")
    try:
        kinds = play_out(app, scene, random.Random(seed))
    finally:
        app.close()
    assert g.is_over and scene.finished
    assert Kind.TURN in kinds
    assert any(s in humans for s, _a in g.record().entries)


def test_paced_speed_shows_moves_one_at_a_time() -> None:
    """At normal speed the table asks for the next computer move only when nothing is being shown:
    a vote's reveal and a card's turning up each play as a beat first."""
    g, table = _table(4, 5, ())
    app, scene = _app(table, "normal")
    seen: set[type] = set()
    polls_during_beats = 0
    try:
        for _ in range(6000):
            before = len(g.log)
            busy = scene.animating
            app.step(1 / 60)
            if busy and scene.beat is not None:
                polls_during_beats += len(g.log) - before  # nothing is applied while a beat shows
            if scene.beat is not None:
                seen.add(type(scene.beat))
            if {VoteBeat, CardBeat} <= seen:
                break
    finally:
        app.close()
    assert {VoteBeat, CardBeat} <= seen
    assert polls_during_beats == 0


def _to_decision(app: App, scene: Table1667Scene, g: Game, seat: int, want: Kind, rng: random.Random) -> None:
    """Play on (humans: random keys) until ``seat`` has an open ``want`` decision on the panel."""
    for _ in range(40000):
        app.step(1 / 60)
        if isinstance(app.top, Handover1667):
            app.top.confirm()
            continue
        if scene.panel is not None and scene.seat == seat and scene.panel.kind is want:
            return
        if scene.panel is not None:
            choices = scene._choices()
            scene.activate(*choices[rng.randrange(len(choices))])
        assert not g.is_over, "the game ended first"
    raise AssertionError("no such decision came")


def test_a_click_on_a_slot_narrows_the_panel_and_a_key_sends_the_choice() -> None:
    """T3.4: clicking a face-down slot during one's turn offers the actions about that slot (turn it
    up, look at it with another, make someone choose between it and another); '1' sends the first."""
    g, table = _table(4, 21, (0,))
    app, scene = _app(table, "instant")
    try:
        _to_decision(app, scene, g, 0, Kind.TURN, random.Random(1))
        view = g.view(0)
        L = scene.renderer.layout  # type: ignore[union-attr]
        slot_rects = [(t, r) for t, r in targets(L, view) if t.kind == "slot" and view.row[t.slot - 1].face_down]  # type: ignore[operator]
        target, rect = slot_rects[0]
        expected = options_at(panel_for(view, g.legal_actions(0)), view, target)
        assert len(expected) > 1
        app.post(Click((rect[0] + rect[2] // 2, rect[1] + rect[3] // 2), 1))
        app.step(1 / 60)
        assert scene.panel is not None and [o.action for o in scene.panel.groups[0].options] == \
            [o.action for o in expected]
        entries = len(g.record().entries)
        app.post(Key(pygame.K_1))
        app.step(1 / 60)
        assert g.record().entries[entries] == (0, str(expected[0].action))
    finally:
        app.close()


def test_a_click_on_a_panel_button_presses_it_and_backspace_goes_back() -> None:
    g, table = _table(4, 22, (0,))
    app, scene = _app(table, "instant")
    try:
        _to_decision(app, scene, g, 0, Kind.TURN, random.Random(2))
        assert scene.panel is not None and scene.renderer is not None
        app.step(1 / 60)
        hits = scene.renderer.panel_hits
        k = next(i for i, (_r, _w, idx) in enumerate(hits) if len(scene.panel.groups[idx].options) > 1)
        rect, what, index = hits[k]
        app.post(Click(rect.center, 1))
        app.step(1 / 60)
        assert scene.state is not None and scene.state.group == index and what == "group"
        app.post(Key(pygame.K_BACKSPACE))
        app.step(1 / 60)
        assert scene.state is not None and scene.state.group is None
        # a one-option button sends its action at once (Enter on the focused button)
        one = next((i for i, grp in enumerate(scene.panel.groups) if len(grp.options) == 1), None)
        if one is not None:
            action = scene.panel.groups[one].options[0].action
            entries = len(g.record().entries)
            scene.focus = one
            app.post(Key(pygame.K_RETURN))
            app.step(1 / 60)
            assert g.record().entries[entries] == (0, str(action))
    finally:
        app.close()


def test_a_refused_action_changes_nothing_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    g, table = _table(3, 23, (0,))
    app, scene = _app(table, "instant")
    try:
        _to_decision(app, scene, g, 0, Kind.TURN, random.Random(3))
        entries = len(g.record().entries)
        assert not scene.submit(Pick(1))  # not a turn's action: the engine refuses it
        assert len(g.record().entries) == entries
        assert scene.panel is not None  # still open, the player can try again
    finally:
        app.close()


def test_a_vote_in_hot_seat_goes_through_a_hand_over_for_each_human() -> None:
    """T4.3: with several humans here, each participant chooses its card behind its own hand-over;
    between them the screen shows the public table (no hand, no chosen card)."""
    rng = random.Random(5)
    for seed in range(30, 60):
        g, table = _table(4, seed, (0, 1, 2, 3))
        app, scene = _app(table, "instant")
        try:
            handovers: list[int] = []
            voted: list[int] = []
            for _ in range(20000):
                app.step(1 / 60)
                top = app.top
                if isinstance(top, Handover1667):
                    assert scene.viewer is None  # the table under the hand-over is the public one
                    handovers.append(top.seat)  # type: ignore[arg-type]
                    app.post(Key(pygame.K_SPACE))
                    continue
                if scene.panel is None:
                    continue
                assert scene.viewer == scene.seat  # a human decides only with the table drawn for them
                if scene.panel.kind is Kind.VOTE:
                    voted.append(scene.seat)  # type: ignore[arg-type]
                    assert handovers[-1] == scene.seat
                    app.post(Key(pygame.K_1))
                    app.step(1 / 60)
                    vote = g.vote
                    if vote is not None and len(voted) >= 2 and len(set(voted)) >= 2:
                        break
                    if vote is None and len(voted) >= 2:
                        break
                    continue
                choices = scene._choices()
                scene.activate(*choices[rng.randrange(len(choices))])
                if g.is_over:
                    break
            if len(set(voted)) >= 2:
                assert set(voted) <= set(handovers)
                return
        finally:
            app.close()
    raise AssertionError("no vote with two humans came up")


def test_escape_opens_the_pause_menu_over_the_table() -> None:
    g, table = _table(3, 24, (0,))
    app, scene = _app(table, "normal")
    try:
        for _ in range(5):
            app.step(1 / 60)
        app.post(Key(pygame.K_ESCAPE))
        app.step(1 / 60)
        assert app.top is not None and app.top.name == "pause"
        app.post(Key(pygame.K_ESCAPE))
        app.step(1 / 60)
        assert app.top is scene
    finally:
        app.close()


def test_the_log_scrolls_and_follows_again() -> None:
    g, table = _table(5, 25, ())
    app, scene = _app(table, "instant")
    try:
        for _ in range(2000):  # until the log holds more than it shows (the game goes on)
            app.step(1 / 60)
            if len(scene.log_rows()) > scene._log_capacity() + 6:
                break
        assert len(scene.log_rows()) > scene._log_capacity() and not scene.finished and app.top is scene
        app.post(Key(pygame.K_PAGEUP))
        app.step(1 / 60)
        assert scene.log_top is not None
        app.post(Key(pygame.K_END))
        app.step(1 / 60)
        assert scene.log_top is None
    finally:
        app.close()


def test_a_partly_drawn_frame_shows_what_a_whole_frame_shows() -> None:
    """While only a beat (or the log) moves, the scene redraws only those parts: the window then
    holds the very picture a whole redraw gives."""
    g, table = _table(5, 26, (0,))
    app, scene = _app(table, "normal")
    real = scene.draw
    partial: list[bool] = []

    def draw(surface: pygame.Surface) -> list[pygame.Rect] | None:
        out = real(surface)
        partial.append(out is not None)
        return out

    scene.draw = draw  # type: ignore[method-assign]
    compared = cards = 0
    rng = random.Random(4)
    try:
        for frame in range(5000):
            partial.clear()
            app.step(1 / 60)
            rising = isinstance(scene.beat, CardBeat) and scene.beat.t < 0.4
            if partial and partial[-1] and scene.beat is not None and (rising or frame % 7 == 0):
                shown = pygame.image.tobytes(app.window, "RGB")
                scene._drawn_key = None  # forget the last frame: draw it whole
                fresh = pygame.Surface(app.size)
                real(fresh)
                assert pygame.image.tobytes(fresh, "RGB") == shown, frame
                compared += 1
                cards += rising
            if scene.panel is not None:
                choices = scene._choices()
                scene.activate(*choices[rng.randrange(len(choices))])
            if (compared >= 12 and cards >= 3) or g.is_over:
                break
    finally:
        app.close()
    assert compared >= 12 and cards >= 3


def test_a_votes_words_come_into_the_log_once_it_has_turned_up() -> None:
    """T4.5: while the set turns over, neither the table nor the log tells the result; then both do."""
    g, table = _table(4, 5, ())
    app, scene = _app(table, "normal")
    try:
        for _ in range(8000):
            app.step(1 / 60)
            beat = scene.beat
            if isinstance(beat, VoteBeat) and not beat.done:
                revealed = beat.events[0]
                assert revealed not in scene.log_events[:scene.log_shown]
                assert beat.before is not None and beat.before.last_vote != scene.view.last_vote
                while scene.beat is beat:
                    app.step(1 / 60)
                assert revealed in scene.log_events[:scene.log_shown]
                return
    finally:
        app.close()
    raise AssertionError("no vote came up")


def test_computer_players_table_talk_comes_into_the_log() -> None:
    """T9.7: what a computer player says at the table is public; the log shows it after the move."""
    from tortuga_desktop.games.t1667.ai.talk import Reaction
    from tortuga_desktop.games.t1667.rules.cards import VoteKind
    from tortuga_desktop.games.t1667.table.eventtext import talk_text
    from tortuga_desktop.shell.table import Said

    g, table = _table(3, 27, ())
    table.bot_chat = False  # only the line said here (the bots' own talk is tested with the table)
    app, scene = _app(table, "instant")
    try:
        app.step(1 / 60)
        line = Reaction(1, "cheer", VoteKind.ATTACK)
        table.said.append(Said(1, line))
        table.said.append(Said(2, "not a line of this game"))  # never shown
        for _ in range(3):
            app.step(1 / 60)
        rows = [r.lstrip("\x01") for r in scene.log_rows()]
        assert talk_text(line, g.names) in " ".join(rows)
        assert not table.said and len(scene.talk) == 1
    finally:
        app.close()
