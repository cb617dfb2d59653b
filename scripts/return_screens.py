"""Screenshots of the "Return to your seat" offer (issue 26, item 1): the main menu and the Join
screen with a kept network seat, and the Join screen going back to it, in English and German.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m scripts.return_screens --out /tmp/shots

Uses a private data folder with one kept seat (a table called "Coral Bay" on 127.0.0.1:47621);
nothing listens there, so no packet leaves this computer (run it under ``unshare -n`` all the same).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=tempfile.gettempdir())
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-return-shots-")
    import pygame

    from tortuga_desktop.net import seatstore
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.scenes.join import JoinScene
    from tortuga_desktop.shell.scenes.menu import MenuScene

    seat = seatstore.NetSeat(version=seatstore.FORMAT_VERSION, server="ws://127.0.0.1:47621", table="5f3a9c2e",
                             code="K7PQ2MXRA", seats=[1], token="kept-token-for-screens-only", name="Anne",
                             table_name="Coral Bay", saved_at=time.time())
    seatstore.write_seat(seatstore.seat_path(seatstore.seats_dir(), seat.server, seat.table, seat.token), seat)

    class NoBrowser:
        def start(self) -> None: ...
        def hosts(self) -> list[object]:
            return []
        def close(self) -> None: ...

    class NoClient:  # the "returning" picture: a connection that never answers
        state = "connecting"

        def __init__(self, url: str, **options: object) -> None: ...
        def start(self) -> None: ...
        def poll(self) -> list[object]:
            return []
        def close(self, timeout: float = 5.0) -> None: ...

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(x) for x in args.size.split("x"))
    for lang in ("en", "de"):
        app = App(None, size=(w, h), fixed_dt=1 / 60)
        i18n.set_language(lang)  # after the App, which sets the language of its settings
        menu = MenuScene()
        app.push(menu)
        end = time.monotonic() + 5
        while menu.seat is None and time.monotonic() < end:
            app.step(1 / 60)
            time.sleep(0.01)
        app.step(1 / 60)
        pygame.image.save(app.window, str(out / f"return-menu-{lang}.png"))
        join = JoinScene(browser=NoBrowser(), client_factory=NoClient)
        app.push(join)
        end = time.monotonic() + 5
        while join.seat is None and time.monotonic() < end:
            app.step(1 / 60)
            time.sleep(0.01)
        app.step(1 / 60)
        pygame.image.save(app.window, str(out / f"return-join-{lang}.png"))
        join.return_to_seat()
        app.step(1 / 60)
        pygame.image.save(app.window, str(out / f"return-going-{lang}.png"))
        join._cancel()
        app.close()
        print(f"{lang}: {out}/return-menu-{lang}.png, return-join-{lang}.png, return-going-{lang}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
