"""Screenshots of the network chat: the lobby's chat column and the chat panel on the table.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m scripts.chat_screens --lang de --out /tmp/shots

Hosts a table on 127.0.0.1 through the real UI (the host here, one open seat, one computer
player); a headless client ("Remo") joins and both talk in the lobby and at the table; the
host mutes nobody. Saves chat-lobby-<lang>.png and chat-table-<lang>.png (1280x720).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=".")
    parser.add_argument("--lang", default="en", choices=("en", "de", "nl", "es"))
    args = parser.parse_args()
    os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-shots-"))
    import pygame

    from tortuga_desktop.devtools.drive import host_from_ui, step_until
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
    from tortuga_desktop.net.client import NetClient
    from tortuga_desktop.shell.i18n import set_language
    from tortuga_desktop.shell.intents import Key
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves import SeatConfig

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60)
    set_language(args.lang)  # after the App, which applies the settings' language
    setup = SetupConfig(seats=[SeatConfig("Ani", "human", 0), SeatConfig("Bo", "easy", 1),
                               SeatConfig("Cy", "easy", 2)])
    lobby = host_from_ui(app, setup)
    assert lobby.host is not None
    remote = NetClient(f"127.0.0.1:{lobby.host.port}", code=lobby.host.code, name="Remo", on_message=lambda m: None)
    remote.start()
    step_until(app, lambda: lobby.can_start)
    remote.say({"de": "Moin! Wer fängt an?", "nl": "Hoi! Wie begint?", "es": "¡Hola! ¿Quién empieza?"}
               .get(args.lang, "Ahoy! Who starts?"))
    step_until(app, lambda: len([c for c in lobby.session.chat if c.kind == "say"]) == 1)
    app.post(Key(pygame.K_t, 0, "t"))
    app.step(1 / 60)
    for ch in {"de": "Ich, los geht's", "nl": "Ik, daar gaan we", "es": "Yo, ¡vamos!"}.get(args.lang, "Me, let's go"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    app.step(1 / 60)
    app.post(Key(pygame.K_RETURN, 0, "\r"))
    step_until(app, lambda: len([c for c in lobby.session.chat if c.kind == "say"]) == 2)
    for _ in range(5):
        app.step(1 / 60)
    pygame.image.save(app.window, str(out / f"chat-lobby-{args.lang}.png"))
    app.post(Key(pygame.K_ESCAPE, 0, ""))
    app.step(1 / 60)
    app.post(Key(pygame.K_RETURN, 0, "\r"))
    step_until(app, lambda: isinstance(app.top, NetTableScene))
    table = app.top
    assert isinstance(table, NetTableScene)
    remote.say({"de": "Viel Glück allerseits", "nl": "Veel succes allemaal", "es": "Suerte a todos"}
               .get(args.lang, "Good luck, everyone"))
    step_until(app, lambda: table.chat.unread() == 1)
    for _ in range(30):
        app.step(1 / 60)
    pygame.image.save(app.window, str(out / f"chat-tab-{args.lang}.png"))
    app.post(Key(pygame.K_t, 0, "t"))
    app.step(1 / 60)
    for ch in {"de": "Danke!", "nl": "Bedankt!", "es": "¡Gracias!"}.get(args.lang, "Thanks!"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    for _ in range(30):
        app.step(1 / 60)
        time.sleep(0.01)
    pygame.image.save(app.window, str(out / f"chat-table-{args.lang}.png"))
    print(f"saved {out}/chat-lobby-{args.lang}.png, chat-tab-{args.lang}.png, chat-table-{args.lang}.png")
    remote.close()
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
