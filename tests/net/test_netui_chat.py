"""The chat through the real UI (issue 26 item 4), on 127.0.0.1 with real sockets.

The host opens a table from the setup screen; a remote player (a NetClient) joins; both talk
in the lobby (the chat column beside the seats) and at the table (T opens the panel over the
ship's log, Enter sends, Escape closes); the host mutes the remote player; the table's notes
(sat down, lost the connection, back) appear in the same stream. A hot-seat game has no chat.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest

from tortuga_desktop.devtools.drive import host_from_ui, step_until
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.net import protocol as P
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.shell.i18n import set_language
from tortuga_desktop.shell.intents import Click, Key
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes.chat import wrap_chars


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))
    set_language("en")


def _type(app: App, text: str) -> None:
    """Type into the focused chat field as a player would (one character at a time)."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    app.step(1 / 60)


def _chats(items: list[Any], kind: str = "say") -> list[P.Chat]:
    return [i for i in items if isinstance(i, P.Chat) and i.kind == kind]


def test_chat_in_the_lobby_and_at_the_table_with_mute_and_notes(tmp_path: Any) -> None:
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1),
                               SeatConfig("Cy", "easy", 2)])
    remote: NetClient | None = None
    got: list[Any] = []
    try:
        lobby = host_from_ui(app, setup)
        info = lobby.host
        assert info is not None
        remote = NetClient(f"127.0.0.1:{info.port}", code=info.code, name="Remo", on_message=got.append,
                           backoff_min=0.05, backoff_max=0.2)
        remote.start()
        step_until(app, lambda: lobby.can_start)
        step_until(app, lambda: any("Remo sat down" in ln for ln in lobby.chat.lines()))
        remote.say("ahoy\u200b Ani")
        step_until(app, lambda: "Remo: ahoy Ani" in lobby.chat.lines())
        # the host: T opens the field (Enter would start the game: it can start now), types, Enter sends
        app.post(Key(pygame.K_t, 0, "t"))
        app.step(1 / 60)
        assert lobby.chat.open and lobby.chat.entry is not None
        _type(app, "hello Remo")
        assert lobby.chat.entry.get_text() == "hello Remo"  # the T that opened it is not typed
        app.post(Key(pygame.K_RETURN, 0, "\r"))
        step_until(app, lambda: "Ani: hello Remo" in lobby.chat.lines())
        step_until(app, lambda: any(c.text == "hello Remo" for c in _chats(got)))
        sent = next(c for c in _chats(got) if c.text == "hello Remo")
        assert (sent.seat, sent.name) == (0, "Ani")
        assert lobby.chat.entry.get_text() == ""
        assert not isinstance(app.top, NetTableScene)  # Enter sent the message, it did not start the game
        _type(app, "and again")  # the field keeps the keyboard after sending
        app.post(Key(pygame.K_RETURN, 0, "\r"))
        step_until(app, lambda: "Ani: and again" in lobby.chat.lines())
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.step(1 / 60)
        assert not lobby.chat.open and app.top is lobby  # Escape closed the field, not the lobby
        # mute Remo: a click on the name in the mute row
        app.step(1 / 60)
        chip = next(r for r, seat in lobby.chat._chips if seat == 1)
        app.post(Click(chip.center, 1))
        app.step(1 / 60)
        assert lobby.session.muted == {1}
        remote.say("you cannot hear me")
        step_until(app, lambda: any(c.text == "you cannot hear me" for c in lobby.session.chat))
        assert not any("cannot hear" in ln for ln in lobby.chat.lines())
        assert any("Remo sat down" in ln for ln in lobby.chat.lines())  # the table's notes still show
        app.post(Click(chip.center, 1))  # unmute: the message shows again
        app.step(1 / 60)
        assert "Remo: you cannot hear me" in lobby.chat.lines()
        pygame.image.save(app.window, str(tmp_path / "lobby-chat.png"))
        # the table: Enter starts the game (chat closed), T opens the panel over the ship's log
        app.post(Key(pygame.K_RETURN, 0, "\r"))
        step_until(app, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        assert isinstance(table, NetTableScene)
        assert not table.chat.open and table.chat.unread() == 0  # the lobby's messages are not news
        remote.say("good luck")
        step_until(app, lambda: table.chat.unread() == 1)
        app.post(Key(pygame.K_t, 0, "t"))
        app.step(1 / 60)
        assert table.chat.open and table.chat.unread() == 0
        app.step(1 / 60)
        assert table.chat.entry is not None and table.chat.rect == table.renderer.layout.log
        _type(app, "thanks")
        app.post(Key(pygame.K_RETURN, 0, "\r"))
        step_until(app, lambda: "Ani: thanks" in table.chat.lines())
        for _ in range(3):
            app.step(1 / 60)
        pygame.image.save(app.window, str(tmp_path / "table-chat.png"))
        app.post(Key(pygame.K_ESCAPE, 0, ""))
        app.step(1 / 60)
        assert not table.chat.open and app.top is table  # Escape closed the chat, no pause menu
        # the remote player drops and comes back: the notes say so
        remote.drop_connection()
        step_until(app, lambda: any("Remo lost the connection" in ln for ln in table.chat.lines()))
        step_until(app, lambda: any("Remo is back" in ln for ln in table.chat.lines()))
    finally:
        if remote is not None:
            remote.close()
        app.close()


def test_rate_limit_refusal_is_a_notice_for_the_player(tmp_path: Any) -> None:
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1),
                               SeatConfig("Cy", "easy", 2)])
    try:
        lobby = host_from_ui(app, setup)
        step_until(app, lambda: lobby.session.joined)
        for i in range(7):
            assert lobby.session.say(f"m{i}")
        shown: list[str] = []
        real = app.notify
        app.notify = lambda text, level="info", seconds=None: shown.append(text)  # type: ignore[method-assign]
        try:
            step_until(app, lambda: len([c for c in lobby.session.chat if c.kind == "say"]) == 5
                       and any("Too many messages" in t for t in shown))
        finally:
            app.notify = real  # type: ignore[method-assign]
    finally:
        app.close()


def test_a_hot_seat_table_has_no_chat() -> None:
    from app_helpers import start_app

    app = start_app("--demo", "--players", "2", "--seed", "3")
    try:
        table = app.top
        assert isinstance(table, TableScene) and not isinstance(table, NetTableScene)
        assert not hasattr(table, "chat")
        app.post(Key(pygame.K_t, 0, "t"))
        app.step(1 / 60)
        assert app.top is table and not any(type(o).__name__ == "ChatPanel" for o in table.overlays)
    finally:
        app.close()


def test_long_words_are_cut_to_fit_the_panel() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    lines = wrap_chars("a " + "x" * 300 + " b", font, 120)
    assert all(font.size(ln)[0] <= 120 for ln in lines)
    assert "".join(lines).replace(" ", "") == "a" + "x" * 300 + "b"
