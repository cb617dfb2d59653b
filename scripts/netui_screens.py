"""Screenshots of network play for the docs: the host's lobby and a networked table.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m scripts.netui_screens [--out docs]

Hosts a game on 127.0.0.1 through the real UI (one human here, one open seat, two computer
players), lets a headless client join, saves the lobby, starts, plays the human's decisions for
a few rounds and then drops the remote player, so the table shows the "seat held" banner.
Also saves the join screen (with a fake local-network list) to the output folder's tmp copy.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "docs"))
    parser.add_argument("--extra", default="", help="folder for extra screenshots (join screen)")
    args = parser.parse_args()
    os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-shots-"))
    import pygame

    from tortuga_desktop.devtools.drive import free_port, human_choice, inputs_for, press, step_until
    from tortuga_desktop.games.dice.rules import determinize
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
    from tortuga_desktop.games.dice.table.scenes.setup import SetupScene
    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.net.discovery import FoundHost
    from tortuga_desktop.net.headless import SeatBot
    from tortuga_desktop.shell.intents import Click, Key
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.scenes.host import HostScene
    from tortuga_desktop.shell.scenes.join import JoinScene
    from tortuga_desktop.shell.scenes.lobby import LobbyScene

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(None, size=(1600, 900), fixed_dt=1 / 60)
    setup = SetupConfig(seats=[SeatConfig("Anne", "human", 0), SeatConfig("Jack", "easy", 1),
                               SeatConfig("Mary", "normal", 2), SeatConfig("Edward", "easy", 3)])
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
    if args.extra:
        app.step(1 / 60)
        pygame.image.save(app.window, str(Path(args.extra) / "host.png"))
    host._port.set_text(str(free_port()))
    press(app, host._host_btn)
    step_until(app, lambda: isinstance(app.top, LobbyScene))
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and lobby.host is not None
    holder: list[SeatBot] = []
    remote = NetClient(f"127.0.0.1:{lobby.host.port}", code=lobby.host.code, name="Jack",
                       on_message=lambda m: holder[0].handle(m))
    holder.append(SeatBot(remote, "easy", 2))
    remote.start()
    step_until(app, lambda: lobby.can_start)
    for _ in range(3):
        app.step(1 / 60)
    pygame.image.save(app.window, str(out / "lobby.png"))
    app.post(Key(pygame.K_RETURN, 0, "\r"))
    step_until(app, lambda: isinstance(app.top, NetTableScene))
    table = app.top
    assert isinstance(table, NetTableScene)
    table.set_speed("instant")
    rng = random.Random(4)
    answered: list[object] = []  # the panels answered (each decision opens a new one)
    made = 0
    end = time.monotonic() + 120
    while table.view.round < 3 or table.view.phase != "dice" or not table.decision_ui:
        if time.monotonic() > end:
            break
        ui = table.decision_ui
        if app.top is table and ui is not None and ui.rect.w > 0 and not any(ui is u for u in answered):
            answered.append(ui)
            for intent in inputs_for(table, ui, human_choice(determinize(table.controller.view(ui.seat), 0), ui.seat, rng), made % 2 == 0):
                app.post(intent)
            made += 1
        app.step(1 / 60)
        time.sleep(0.001)
    remote.close()  # the remote player drops out: the seat is held for them
    step_until(app, lambda: any("held" in t or "dropped" in t for t, _ in table.current_banner()), 10)
    table.set_speed("normal")
    for _ in range(30):
        app.step(1 / 60)
    pygame.image.save(app.window, str(out / "network-table.png"))
    if args.extra:
        class Fake:
            def start(self) -> None: ...
            def hosts(self) -> list[FoundHost]:
                return [FoundHost("Anne's table", "127.0.0.20", 47600, "t1", 1, 1)]
            def close(self) -> None: ...

        join = JoinScene(browser=Fake())
        app.push(join)
        app.step(1 / 60)
        join.look()  # the local network is searched only when the player asks
        for _ in range(3):
            app.step(1 / 60)
            time.sleep(0.05)
        pygame.image.save(app.window, str(Path(args.extra) / "join.png"))
    print(f"saved {out / 'lobby.png'} and {out / 'network-table.png'} (round {table.view.round}, "
          f"{made} decisions made here)")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
