"""tortuga.log holds faults, never play (issue 23.5): no hint text, dice, tile, seed, join code or
token reaches it, while real games are played, a table is hosted and joined on 127.0.0.1 and a
hint is asked for. Faults still are logged."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tortuga_desktop.net import protocol as P
from tortuga_desktop.shell import logfile, start

SEED = 987_654_321_012


@pytest.fixture
def log_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app's own logging, set up as ``main`` does, into a private home."""
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANGUAGE", "en")
    monkeypatch.setattr(logfile, "_log_handler", None)
    monkeypatch.setattr(logfile, "_log_problem", None)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    root = logging.getLogger("tortuga_desktop")
    level = root.level
    path = logfile.setup_logging()
    assert path is not None
    handler = logfile._log_handler
    try:
        yield path
    finally:
        assert handler is not None
        root.removeHandler(handler)
        handler.close()
        root.setLevel(level)


def _hint_text() -> str:
    """Ask for a hint at a real table (the H key) and return the hint it showed (its first line:
    the claim with the chance to win)."""
    from test_expert_hints import _table, _until

    from tortuga_desktop.games.dice.table.hints import shown_hint

    app, table = _table(SEED % 1000)
    try:
        _until(app, table, lambda: table.decision_ui is not None and table.decision_ui.rect.w > 0)
        from tortuga_desktop.shell.intents import Key

        app.post(Key(pygame.K_h, 0, "h"))
        app.step(1 / 60)
        _until(app, table, lambda: bool(shown_hint(table)))
        return shown_hint(table)[0]
    finally:
        app.close()


def _local_game(seed: int) -> None:
    """A whole game of computer players through the app (autosave, record, archive, statistics)."""
    from app_helpers import start_app

    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell.saves import SeatConfig

    app = start_app()
    try:
        data = SetupConfig(seats=[SeatConfig("Anna", "easy", 0), SeatConfig("Bart", "normal", 1),
                                  SeatConfig("Clara", "hard", 2)], seed=seed).create_game()
        table = app.session.play(data)
        table.set_speed("instant")
        for _ in range(3000):
            app.run(max_frames=5)
            if app.top.name == "results":
                break
        assert app.top.name == "results"
        assert app.session.writer().flush()
    finally:
        app.close()


def _network_game() -> tuple[str, list[str], int]:
    """Host a table from the UI on 127.0.0.1, let a client join with the code, play a few
    decisions; returns the join code, the tokens and the server's seed."""
    from tortuga_desktop.devtools.drive import host_from_ui, human_choice, inputs_for, step_until
    from tortuga_desktop.games.dice.rules import determinize
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.net.headless import SeatBot
    from tortuga_desktop.shell.intents import Key
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves import SeatConfig

    app = App(None, size=(1280, 800), fixed_dt=1 / 60)
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1),
                               SeatConfig("Cy", "easy", 2)])
    remote: NetClient | None = None
    try:
        lobby = host_from_ui(app, setup)
        info = lobby.host
        assert info is not None and info.listen == "127.0.0.1"
        holder: list[SeatBot] = []
        remote = NetClient(f"127.0.0.1:{info.port}", code=info.code, name="Remo",
                           on_message=lambda m: holder[0].handle(m))
        holder.append(SeatBot(remote, "random", 5))
        remote.start()
        step_until(app, lambda: lobby.can_start)
        app.post(Key(pygame.K_RETURN, 0, "\r"))
        step_until(app, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        table.set_speed("instant")
        controller = table.remote
        rng = random.Random(3)
        answered: list[object] = []
        end = time.monotonic() + 60
        while len(answered) < 8 and time.monotonic() < end:
            ui = table.decision_ui if app.top is table else None
            if ui is not None and ui.rect.w > 0 and not any(ui is u for u in answered):
                answered.append(ui)
                for intent in inputs_for(table, ui, human_choice(determinize(table.controller.view(ui.seat), 0), ui.seat, rng),
                                         True):
                    app.post(intent)
            app.step(1 / 60)
            time.sleep(0.001)
        assert len(answered) >= 3
        tokens = [t for t in (remote.token, controller.session.client.token, controller.session.client.host_token) if t]
        server_game = next(iter(controller.session.host.server.tables.values())).game
        return info.code, tokens, int(server_game.seed)
    finally:
        if remote is not None:
            remote.close()
        app.close()


def _a_fault() -> None:
    """A real fault: a damaged save opened from the command line (it must be logged)."""
    from app_helpers import start_app

    bad = Path(os.environ["TORTUGA_HOME"]) / "broken-save.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text("{not json", encoding="utf-8")
    app = start_app()
    try:
        assert not start.open_save(app, bad)
    finally:
        app.close()


#: words that only a line about play would hold (dice, tiles, choices), in the log's language
PLAY_WORDS = re.compile(r"\b(tiles?|keeps?|kept|dice|die|select|selects|treasure|hint|Expert would)\b", re.I)


def test_the_log_holds_faults_and_never_play(log_file: Path) -> None:
    hint = _hint_text()
    _local_game(SEED)
    code, tokens, server_seed = _network_game()
    _a_fault()
    for h in logging.getLogger("tortuga_desktop").handlers:
        h.flush()
    text = log_file.read_text(encoding="utf-8")
    assert "broken-save.json" in text  # the fault is there: the log is not simply empty
    secrets = {"the hint": hint, "the hint's start": hint[:30], "the game seed": str(SEED),
               "the hosted table's seed": str(server_seed), "the join code": code}
    secrets.update({f"token {i}": t for i, t in enumerate(tokens)})
    assert tokens and len(code) == P.CODE_LENGTH
    leaks = [name for name, value in secrets.items() if value and value in text]
    assert not leaks, f"{leaks} in the log:\n{text[:3000]}"
    play = [line for line in text.splitlines() if PLAY_WORDS.search(line)]
    assert not play, play[:10]
    assert "notice: Expert" not in text
