"""Screenshots of a dedicated server's list of tables (the Join screen's "Server's tables") and
of a watched table, everything on 127.0.0.1 (no multicast: a fake local-network browser).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m scripts.tables_screens --out DIR [--lang de]

Starts a dedicated server with four tables (two public, one private, one being played by a
headless random player and a computer), opens the list through the real Join screen at
1280x720, saves it (``tables-<lang>.png``), then watches the table being played and saves that
(``watching-<lang>.png``).
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
    parser.add_argument("--out", required=True)
    parser.add_argument("--lang", default="en", choices=["en", "de", "nl", "es"])
    args = parser.parse_args()
    os.environ.setdefault("TORTUGA_HOME", tempfile.mkdtemp(prefix="tortuga-shots-"))
    import pygame

    from tortuga_desktop.devtools.netplay import FakeBrowser, Player
    from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
    from tortuga_desktop.net.protocol import SeatSpec
    from tortuga_desktop.net.server import ServerConfig, ServerThread
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.scenes.join import JoinScene
    from tortuga_desktop.shell.scenes.tables import TablesScene
    from tortuga_desktop.shell.settings import Settings

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    st = ServerThread(ServerConfig(host="127.0.0.1", port=0, lobby=True))
    st.start()
    o, c = SeatSpec(kind="open"), SeatSpec(kind="computer", level="hard")
    st.call(lambda s: s.create_table([o, o, c], name="Harbour", listed=True, long_game=True))
    st.call(lambda s: s.create_table([o, o, o, o], name="Friday night", listed=True))
    st.call(lambda s: s.create_table([o, o], name="Cove"))
    played = st.call(lambda s: s.create_table([o, SeatSpec(kind="computer", level="easy")], name="Reef",
                                              listed=True, auto_start=True))
    player = Player(st.port, played.code, 7, name="Anne")
    i18n.set_language(args.lang)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60, settings=Settings(language=args.lang))
    try:
        end = time.monotonic() + 20
        while played.game is None or played.game.decisions < 12:
            assert time.monotonic() < end, "the played table did not get going"
            player.pump()
            time.sleep(0.01)
        join = JoinScene(browser=FakeBrowser())
        app.push(join)
        app.step(1 / 60)
        assert join._addr is not None and join._name is not None
        join._addr.set_text(f"127.0.0.1:{st.port}")
        join._name.set_text("Remo")
        assert join.show_tables()
        scene = app.top
        assert isinstance(scene, TablesScene)
        while scene.lister is None or scene.lister.waiting:
            assert time.monotonic() < end + 10
            app.step(1 / 60)
            time.sleep(0.01)
        for _ in range(3):
            app.step(1 / 60)
        pygame.image.save(app.window, str(out / f"tables-{args.lang}.png"))
        row = next(btn for btn, t in scene._watch_rows if t.name == "Reef")
        scene.press(row)
        while not (isinstance(app.top, NetTableScene) and app.top.remote.ready):
            assert time.monotonic() < end + 30
            player.pump()
            app.step(1 / 60)
            time.sleep(0.01)
        for _ in range(90):
            player.pump()
            app.step(1 / 60)
            time.sleep(0.01)
        pygame.image.save(app.window, str(out / f"watching-{args.lang}.png"))
        print(f"saved {out / f'tables-{args.lang}.png'} and {out / f'watching-{args.lang}.png'}")
    finally:
        player.client.close()
        app.close()
        st.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
