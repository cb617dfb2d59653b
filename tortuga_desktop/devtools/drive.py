"""Driving the real application headless, as a player would: clicks and keys posted as
intents, frames stepped until something is on screen. Shared by the tests and the screenshot
scripts (``python -m scripts.netui_screens``, ``python -m scripts.chat_screens``)."""

from __future__ import annotations

import random
import socket
import time
from typing import Any

import pygame
import pygame_gui

from tortuga_desktop.games.dice.rules import (
    SKULL,
    Arrange,
    ChestPayload,
    DecisionKind,
    Forfeit,
    Game,
    PlayerAction,
    SelectDice,
    TakeChest,
    Target,
)
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.scenes.setup import SetupScene
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell.intents import Click, Key, UIEvent
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.scenes.host import HostScene
from tortuga_desktop.shell.scenes.lobby import LobbyScene

__all__ = ["free_port", "host_from_ui", "human_choice", "inputs_for", "press", "step_until"]


def press(app: App, button: Any) -> None:
    app.post(UIEvent(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": button})))


def step_until(app: App, cond: Any, seconds: float = 20.0) -> None:
    """Step frames (with a little real time for the network threads) until ``cond()``."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting; top scene is {type(app.top).__name__}")
        app.step(1 / 60)
        time.sleep(0.002)


def host_from_ui(app: App, setup: SetupConfig) -> LobbyScene:
    """New game -> Host online game -> Host: the lobby of a table on 127.0.0.1 (a free port)."""
    app.push(SetupScene(setup, remember=False))
    app.step(1 / 60)
    setup_scene = app.top
    assert isinstance(setup_scene, SetupScene)
    button = setup_scene.control("host")
    assert button is not None
    app.post(Click(button.rect.center, 1))  # the setup screen's own button
    app.step(1 / 60)
    host = app.top
    assert isinstance(host, HostScene)
    assert host.kinds[:3] == ["here", "open", "easy"]
    assert host.listen == "local"
    assert host._port is not None
    host._port.set_text("0")  # not a valid port for a player...
    press(app, host._host_btn)
    app.step(1 / 60)
    assert "1024" in host.error and app.top is host  # ...a clear message, nothing started
    host._port.set_text(str(free_port()))
    press(app, host._host_btn)
    step_until(app, lambda: isinstance(app.top, LobbyScene))
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def free_port() -> int:
    """A free TCP port on 127.0.0.1 (free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def human_choice(game: Game, seat: int, rng: random.Random) -> PlayerAction:
    """A human who likes to try everything: skull-only picks, big picks, acting, targets."""
    legal = game.legal_actions(seat)
    d = game.decision_for(seat)
    assert d is not None
    if d.kind == DecisionKind.SELECT_DICE:
        p = game.seats[seat]
        assert p.roll is not None
        skull_only = [a for a in legal if isinstance(a, SelectDice)
                      and all(p.roll[p.hand.index(x)] == SKULL for x in a.dice)]
        if skull_only and rng.random() < 0.7:
            return max(skull_only, key=lambda a: len(a.dice))
        hunt = [a for a in legal if isinstance(a, SelectDice)
                and {p.roll[p.hand.index(x)] for x in a.dice} - {SKULL} == {2}]
        if hunt and rng.random() < 0.6:  # Treasure hunt: the way to a treasure tile choice
            return max(hunt, key=lambda a: len(a.dice))
        if rng.random() < 0.5:
            return max(legal, key=lambda a: len(a.dice))  # type: ignore[union-attr]
    if d.kind == DecisionKind.POSITION:
        active = [a for a in legal if not isinstance(a, Forfeit)]
        if active and rng.random() < 0.9:
            return rng.choice(active)
    return rng.choice(legal)


def inputs_for(table: TableScene, ui: DecisionPanel, action: PlayerAction, mouse: bool) -> list[Any]:
    """The clicks or keys a person would use to make ``action`` (mouse: table targets where possible)."""
    out: list[Any] = []
    r = table.renderer
    assert r is not None
    L = r.layout
    model = ui.model
    items = model.options()

    def item_pos(payload: Any) -> tuple[int, int]:
        return next(s.rect.center for s in ui.shown if s.option.payload == payload)

    def hotkey(payload: Any) -> Key:
        ch = next(it.hotkey for it in items if it.payload == payload).lower()
        return Key(pygame.key.key_code(ch), 0, ch)

    if isinstance(action, SelectDice):
        for die in action.dice:
            if mouse:  # click the die in the player's tray on the table
                k = model.hand.index(die)
                out.append(Click(L.boards[ui.seat].tray_slots[k].center, 1))
            else:
                out.append(hotkey(die))
    elif isinstance(action, Arrange):
        out.append(Key(pygame.K_BACKSPACE, 0, "") if not mouse else
                   Click(next(b.rect.center for b in ui.buttons if b.name == "clear"), 1))
        used: list[int] = []
        for c in action.chests:
            i = next(i for i, s in enumerate(model.source) if s == c and i not in used)
            used.append(i)
            out.append(Click(item_pos(i), 1) if mouse else hotkey(i))
    elif mouse and isinstance(action, Target):  # click the target's board
        out.append(Click(L.boards[action.seat].header.center, 1))
    elif (mouse and isinstance(action, TakeChest) and isinstance(model.decision.payload, ChestPayload)
          and model.decision.payload.source != "center"):
        info = model.decision.payload
        row = table.view.seats[info.target].area(info.source)
        k = row.index(int(action.chest))
        out.append(Click(L.chest_slot(info.target, info.source, k, len(row)).center, 1))
    else:
        out.append(Click(item_pos(action), 1) if mouse else hotkey(action))
    if mouse:
        out.append(Click(next(b.rect.center for b in ui.buttons if b.name == "confirm"), 1))
    else:
        out.append(Key(pygame.K_RETURN, 0, "\r"))
    return out
