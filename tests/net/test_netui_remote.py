"""The network table source (app/netsource.py) and the host screen's checks.

:class:`NetTableSource` hands the table what the server sent the seats played on this computer,
and what it builds from that alone: every local seat's view, the public view, the local seats'
prompts and the final scores must be exactly the real game's, at every moment of random games
with one, two or three local seats (R9).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from typing import Any

import pygame
import pygame_gui
import pytest

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.rules.prompt import seat_prompt
from tortuga_desktop.net.client import ConnState
from tortuga_desktop.shell.intents import UIEvent
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes.lobby import HostInfo


class _FakeClient:
    state = ConnState.CONNECTED
    seats: tuple[int, ...] = ()

    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.items: list[Any] = []

    def poll(self) -> list[Any]:
        out, self.items = self.items, []
        return out

    def send_action(self, seat: int, action: Any, decisions: int | None = None) -> int:
        self.sent.append((seat, action, decisions))
        return len(self.sent)

    def close(self, timeout: float = 0) -> None:
        pass


@pytest.mark.parametrize("seed", range(6))
def test_the_source_agrees_with_the_real_game_for_every_local_seat(seed: int) -> None:
    from dice_updates import dice_update

    from tortuga_desktop.net.protocol import Joined

    rng = random.Random(seed)
    players = 2 + seed % 3
    g = Game.new(players, seed, log=True)
    local = sorted(rng.sample(range(players), 1 + seed % players))
    client = _FakeClient()
    src = NetSession(client).tables["tortuga"]
    client.items = [Joined(table="t", seats=local, token="x")]
    sent = {s: 0 for s in local}
    moments = 0
    while True:
        for s in local:  # what the server sends each local seat after every decision
            evs = g.events_for(s)
            client.items.append(dice_update(g, s, sent[s]))
            sent[s] = len(evs)
        src.poll()
        assert src.ready and src.viewers == frozenset([None, *local])
        for s in local:
            assert src.view(s) == g.view(s) and list(src.events_for(s)) == g.events_for(s)
            p, want = src.prompt(s), seat_prompt(g, s)
            assert (p.decision, set(p.legal)) == (want.decision, set(want.legal))
        assert src.view(None) == g.view(None)  # the public part of a seat's view: all public facts
        assert list(src.events_for(None)) == g.events_for(None)
        assert [d.seat for d in src.waiting()] == [s for s in local if g.decision_for(s) is not None]
        moments += 1
        if g.is_over:
            break
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    assert moments > 50
    # Others' treasure tiles stay secret to the end; the final totals come from the server's event.
    assert src.outcome() == g.outcome()


def test_the_controller_sends_only_legal_choices_once_and_waits_for_the_answer() -> None:
    from dice_updates import dice_update

    from tortuga_desktop.games.dice.rules import IllegalActionError
    from tortuga_desktop.net.protocol import Joined

    g = Game.new(2, 3, log=True)
    client = _FakeClient()
    c = NetSession(client).tables["tortuga"]
    client.items = [Joined(table="t", seats=[1], token="x"),
                    dice_update(g, 1)]
    assert c.poll() == []  # the game is shown: no move yet
    src = c
    assert c.ready and c.human_seats == [1]
    assert [d.seat for d in c.pending_humans()] == [1]
    with pytest.raises(IllegalActionError):
        src.submit(0, g.legal_actions(0)[0])  # not this computer's seat
    action = g.legal_actions(1)[0]
    src.submit(1, action)
    assert client.sent == [(1, str(action), g.decisions)]
    assert c.pending_humans() == []  # sent: no panel until the answer
    with pytest.raises(IllegalActionError):
        src.submit(1, action)
    seen = len(src.events_for(1))
    g.apply(1, action)
    client.items = [dice_update(g, 1, seen, ack=1)]
    new = src.poll()
    assert len(new) == 1 and new[0].decisions == g.decisions and new[0].view(1) == g.view(1)
    assert src.view(1) == g.view(1)


def test_shown_addresses() -> None:
    assert HostInfo("127.0.0.1", 5000, "ABCDEF").shown_addresses() == ["127.0.0.1:5000"]
    assert HostInfo("0.0.0.0", 5000, "ABCDEF", ("192.168.1.20", "10.0.0.2")).shown_addresses() == \
        ["192.168.1.20:5000", "10.0.0.2:5000"]
    assert HostInfo("0.0.0.0", 5000, "ABCDEF", ()).shown_addresses() == ["127.0.0.1:5000"]


@pytest.mark.usefixtures("app_home")
def test_the_host_screen_explains_what_cannot_work() -> None:
    from app_helpers import start_app

    from tortuga_desktop.shell.game import HostSetup
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.scenes.host import HostScene

    app = start_app()
    try:
        started: list[Any] = []
        scene = HostScene(HostSetup("tortuga", (SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1))),
                          starter=lambda plan: started.append(plan))  # type: ignore[func-returns-value]
        app.push(scene)
        app.run(max_frames=1)
        assert scene.kinds[:2] == ["here", "open"]

        def attempt(kinds: list[str], names: list[str] | None = None) -> str:
            for i, kind in enumerate(kinds):
                dd = scene._kinds[i]
                dd.selected_option = next(o for o in dd.options_list if o[1] == kind)
                scene.handle(UIEvent(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                                        {"ui_element": dd, "text": ""})))
            for entry, name in zip(scene._names, names or ["Ani", "Bo"], strict=False):
                entry.set_text(name)
            scene.error = ""
            scene.host()
            return scene.error

        assert "open" in attempt(["here", "easy"])
        assert "this computer" in attempt(["open", "easy"])
        assert scene._count_dd is not None
        scene._count_dd.selected_option = next(o for o in scene._count_dd.options_list if o[0] == "3")
        scene.handle(UIEvent(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                                {"ui_element": scene._count_dd, "text": ""})))
        assert scene.count == 3
        assert "same name" in attempt(["here", "open", "here"], ["Ani", "", "ani"])
        assert not started
        assert scene.kinds[:3] == ["here", "open", "here"]
        # The listening address: "all interfaces" is explained in plain words on the screen.
        assert scene._listen_dd is not None
        scene._listen_dd.selected_option = next(o for o in scene._listen_dd.options_list if o[1] == "all")
        scene.handle(UIEvent(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                                {"ui_element": scene._listen_dd, "text": ""})))
        assert scene.listen == "all"
        scene.draw(app.window)
        shown = scene.explanation().lower()
        assert "anyone who can reach this computer" in shown and "join code" in shown
    finally:
        app.close()
