"""Hints for humans (issue 12, item 4; issue 23, item 1) driven through the real table scene, headless."""

from __future__ import annotations

import os
from typing import Any

import pygame

from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import GameController, LocalTableSource
from tortuga_desktop.games.dice.table.hints import hint_box, hint_busy, shown_hint
from tortuga_desktop.games.dice.table.savefile import SaveData
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.settings import Settings


def _table(seed: int, settings: Settings | None = None, game_id: str = "") -> tuple[App, TableScene]:
    """Anna (human) against Bart (Normal) at a headless table; ``game_id``: with save data."""
    seats = [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "normal", 1, bot_seed=5)]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60, settings=settings)
    game = Game.new(2, seed, names=[s.name for s in seats])
    controller = GameController(game, seats, bot_factory=lambda level, s: make_bot("normal", s))
    if game_id:
        controller.save_data = SaveData(seats, game, game_id=game_id)
    table = TableScene(controller, speed="instant")
    app.push(table)
    return app, table


def _until(app: App, table: TableScene, cond: Any, frames: int = 600) -> None:
    for _ in range(frames):
        if cond():
            return
        table.controller.wait(30)
        job = table.hint.job
        if job is not None:
            job.done.wait(timeout=30)
        app.step(1 / 60)
    raise AssertionError(f"condition not met; notices {_notices(app)}")


def _notices(app: App) -> list[str]:
    return [n.text for n in app.notices]


def test_hint_picks_the_best_move_and_says_only_what_it_shows(tmp_path: Any) -> None:
    app, table = _table(3)
    _until(app, table, lambda: table.decision_ui is not None and table.decision_ui.rect.w > 0)
    app.post(Key(pygame.K_h, 0, "h"))
    app.step(1 / 60)
    assert hint_busy(table) or table.hint.job is not None
    _until(app, table, lambda: bool(shown_hint(table)))
    ui = table.decision_ui
    assert ui is not None and not ui.done
    cand = ui.model.candidate()
    assert cand is not None and cand in table.controller.game.legal_actions(ui.seat)
    lines = shown_hint(table)
    head = lines[0]
    assert "% chance to win" in head and "{" not in " ".join(lines)
    assert "points ahead" not in head and " 0 percentage point" not in head  # the old "0 points ahead"
    assert head.startswith(("Clearly best", "2 moves", "3 moves", "4 moves", "5 moves", "6 moves")) or ":" in head
    assert lines[1].startswith("Why: ")
    assert not any(n.text in lines for n in app.notices)  # not a banner over the boards
    app.step(1 / 60)
    out = os.environ.get("TORTUGA_SHOTS")
    pygame.image.save(app.window, str(tmp_path / "hint.png") if not out else os.path.join(out, "hint.png"))


def test_hint_box_sits_by_the_decision_panel_and_covers_no_board() -> None:
    app, table = _table(5)
    _until(app, table, lambda: table.decision_ui is not None and table.decision_ui.rect.w > 0)
    app.post(Key(pygame.K_h, 0, "h"))
    app.step(1 / 60)
    _until(app, table, lambda: bool(shown_hint(table)))
    placed = hint_box(table, app.window.get_size())
    assert placed is not None
    box = placed[0]
    ui = table.decision_ui
    assert ui is not None and table.renderer is not None
    tips = [o.rect for o in table.overlays if o.visible and o.rect.w > 0 and o.rect.colliderect(box.inflate(0, 40))]
    for r in tips:  # a first-game tip above the panel: the box goes above it, never under it
        assert not box.colliderect(r) and box.bottom <= r.top
    anchor = min([ui.rect.top, *(r.top for r in tips)])
    assert box.bottom <= anchor and anchor - box.bottom < 20  # right above the panel (or its tip)
    assert box.left == ui.rect.left and box.w == ui.rect.w
    for board in table.renderer.layout.boards:
        assert not box.colliderect(board.rect)
    for mark in ui.highlighted():
        r = table.renderer.highlight_rect(mark, table.view)
        assert r is None or not box.colliderect(r)


def test_hint_can_be_cancelled() -> None:
    app, table = _table(4)
    _until(app, table, lambda: table.decision_ui is not None and table.decision_ui.rect.w > 0)
    ui = table.decision_ui
    assert ui is not None
    before = ui.model.candidate()
    app.post(Key(pygame.K_h, 0, "h"))
    app.step(1 / 60)
    app.post(Key(pygame.K_h, 0, "h"))  # H again while thinking: cancel
    app.step(1 / 60)
    assert any("cancelled" in t for t in _notices(app))
    job = table.hint.job
    if job is not None:
        job.done.wait(timeout=30)
    for _ in range(5):
        app.step(1 / 60)
    assert table.decision_ui is ui and ui.model.candidate() == before
    assert not shown_hint(table)


def test_hint_leaves_with_its_decision() -> None:
    """Once the player confirms, the hint (which may name hidden dice) is taken off the screen."""
    app, table = _table(6)
    _until(app, table, lambda: table.decision_ui is not None and table.decision_ui.rect.w > 0)
    app.post(Key(pygame.K_h, 0, "h"))
    app.step(1 / 60)
    _until(app, table, lambda: bool(shown_hint(table)))
    ui = table.decision_ui
    assert ui is not None and ui.model.can_confirm()
    app.post(Key(pygame.K_RETURN, 0, "\r"))
    for _ in range(3):
        app.step(1 / 60)
    assert ui.done
    assert not shown_hint(table)


class _HeldBot:
    """A computer player that decides only once released (a seat deciding at the same time)."""

    level = "normal"

    def __init__(self) -> None:
        import threading

        self.release = threading.Event()

    def decide(self, view: Any, legal: Any = None) -> Any:
        self.release.wait(timeout=60)
        return make_bot("normal", 1).decide(view, legal)


def test_hint_follows_the_game_when_another_seat_decides_meanwhile() -> None:
    """A hint is for the position as it is: when another seat confirms its (secret) dice while
    the hint is on show, the hint is computed again for the new position, which is what the
    review evaluates at this decision (ai.evaluate.position_seed of its decision_number). The
    confirmation tells nothing (R9.1), so the hint says the same as before it."""
    from tortuga_desktop.games.dice.ai.evaluate import decision_number, evaluate, position_seed
    from tortuga_desktop.games.dice.table.hints import hint_job

    held = _HeldBot()
    seats = [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "normal", 1, bot_seed=5)]
    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    game = Game.new(2, 11, names=[s.name for s in seats])
    controller = GameController(game, seats, bot_factory=lambda level, s: held)
    table = TableScene(controller, speed="instant")
    app.push(table)
    try:
        for _ in range(300):
            if table.decision_ui is not None and table.decision_ui.rect.w > 0:
                break
            app.step(1 / 60)
        assert {d.seat for d in game.pending()} == {0, 1}  # both choose their dice at the same time
        app.post(Key(pygame.K_h, 0, "h"))
        app.step(1 / 60)
        for _ in range(300):  # (not _until: it would wait for the held bot)
            job = table.hint.job
            if job is not None:
                job.done.wait(timeout=30)
            app.step(1 / 60)
            if shown_hint(table):
                break
        first = table.hint.at
        assert first == game.decisions
        before = shown_hint(table)
        held.release.set()  # Bart confirms his dice now
        _until(app, table, lambda: game.decisions > first and bool(shown_hint(table)) and table.hint.at == game.decisions)
        job = hint_job(_source(game, [0]), 0)
        job.run()
        expected = evaluate(game.view(0), position_seed(game.seed, decision_number(game.view(None)), 0))
        assert job.result is not None and job.result.best.action == expected.best.action
        assert shown_hint(table)[0] == hint_text_of(job, game) == before[0]
    finally:
        held.release.set()
        app.close()


def hint_text_of(job: Any, game: Game) -> str:
    from tortuga_desktop.games.dice.table.hints import hint_text

    return hint_text(job, list(game.names))[0]


def _source(game: Game, humans: list[int]) -> LocalTableSource:
    """A table source for ``game`` whose humans are ``humans`` (nobody else is asked anything)."""
    seats = [SeatConfig(f"P{i}", "human" if i in humans else "easy", i) for i in range(game.players)]
    return LocalTableSource(game, seats, bot_factory=lambda _kind, _seed: None, pacing=None)
