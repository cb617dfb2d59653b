"""Every screen of the program drawn headless at one size, saved as PNG, with a hash of its
pixels: the before/after check of a change that must not change what a player sees (issue 25:
"screenshots of every screen match today's").

    python -m scripts.screen_shots --out /tmp/shots-before
    python -m scripts.screen_shots --out /tmp/shots-after --compare /tmp/shots-before

Each screen is built from fixed seeds with computer players that never get to think (the
shots are taken before a bot could answer, and the table waits for the human seat), in a fresh
home folder (no saves, statistics or settings of yours), with fixed 60 fps steps: two runs of
the same code give the same pixels. ``--compare`` prints, per screen, "same" or "DIFFERENT"
(and the share of differing pixels) and exits with 1 when any differs.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse
import hashlib
import json
import random
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

NAMES_1667 = ("Anne Bonny", "Bartholomew Roberts", "Calico Jack", "Mary Read", "Edward Teach", "Grace O'Malley")


def _frames(app: Any, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def _picture(app: Any) -> Any:
    """The window as the player sees it: the scenes down to the top opaque one, the pygame_gui
    elements and the notices (the frame loop's own drawing)."""
    import pygame

    app.force_full = True
    app._dirty = True
    app.step(1 / 60)
    return pygame.image.tobytes(app.window, "RGB"), app.window.copy()


def screens(app: Any) -> Iterator[tuple[str, Callable[[], None]]]:
    """(name, put it on screen) for every screen, in a fixed order."""
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.controller import finished_source
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
    from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene, replay_of_game
    from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
    from tortuga_desktop.games.dice.table.scenes.tutorial import TutorialScene
    from tortuga_desktop.games.t1667 import rules as r1667
    from tortuga_desktop.games.t1667.table.end import End1667Scene
    from tortuga_desktop.shell import game as games
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.scenes.menu import MenuScene
    from tortuga_desktop.shell.scenes.pause import PauseScene
    from tortuga_desktop.shell.scenes.saveload import LoadScene, SaveScene
    from tortuga_desktop.shell.scenes.settings import SettingsScene
    from tortuga_desktop.shell.scenes.stats import StatsScene

    seats = [SeatConfig("Anne Bonny", "human", 0), SeatConfig("Blackbeard", "hard", 1),
             SeatConfig("Calico Jack", "normal", 2), SeatConfig("Mary Read", "easy", 3)]
    finished = Game.new(4, 11, names=[s.name for s in seats])
    rng = random.Random(3)
    while not finished.is_over:
        seat = finished.to_move()[0]
        finished.apply(seat, finished.random_action(seat, rng))

    def menu() -> None:
        app.clear_to(MenuScene())

    yield "menu", menu

    def chooser() -> None:
        app.clear_to(MenuScene())
        _frames(app, 1)
        app.top.new_game()

    yield "chooser", chooser
    for key in ("tortuga", "t1667"):
        def setup(key: str = key) -> None:
            app.clear_to(MenuScene())
            app.push(games.module(key).setup_scene(app))

        yield f"setup {key}", setup

        def help_(key: str = key) -> None:
            app.clear_to(MenuScene())
            app.push(games.module(key).help_scene(app))

        yield f"help {key}", help_
    for cls in (SettingsScene, StatsScene, LoadScene):
        def plain(cls: Any = cls) -> None:
            app.clear_to(MenuScene())
            app.push(cls())

        yield cls.__name__, plain

    def table() -> None:
        app.clear_to(MenuScene())
        app.session.play(SetupConfig(seats=seats, seed=5).create_game())

    yield "table", table

    def pause() -> None:
        table()
        _frames(app)
        app.push(PauseScene(app.top))

    yield "pause", pause

    def hint() -> None:  # the table with the Hint's box open (the evaluation is seeded)
        import time

        from tortuga_desktop.games.dice.table.hints import shown_hint, toggle_hint

        table()
        _frames(app)
        toggle_hint(app.top)
        deadline = time.monotonic() + 60
        while not shown_hint(app.top) and time.monotonic() < deadline:
            app.step(1 / 60)
            time.sleep(0.01)

    yield "hint", hint

    def save() -> None:
        app.clear_to(MenuScene())
        app.push(SaveScene(SetupConfig(seats=seats, seed=5).create_game()))

    yield "save", save

    def handover() -> None:
        app.clear_to(MenuScene())
        app.push(HandoverScene("Calico Jack", summary=["Blackbeard raids Anne Bonny.", "Mary Read draws a red chest."]))

    yield "hand-over", handover

    def results() -> None:
        app.clear_to(ResultsScene(finished_source(finished, seats)))

    yield "results", results

    def replay() -> None:
        app.clear_to(MenuScene())
        app.push(ReplayScene(replay_of_game(finished_source(finished, seats), seats), speed="instant"))

    yield "replay", replay

    def tutorial() -> None:
        app.clear_to(MenuScene())
        app.push(TutorialScene(0))

    yield "tutorial", tutorial

    def end_1667() -> None:
        g = r1667.Game.new(players=6, seed=7, names=NAMES_1667)
        g = r1667.play_random(g, random.Random(7))
        app.clear_to(MenuScene())
        app.push(End1667Scene(g.view(0)))

    yield "end t1667", end_1667

    def table_1667() -> None:  # every seat at this screen: the game opens on a hand-over (no bot thinks)
        from tortuga_desktop.games.t1667.table.module import start_game
        from tortuga_desktop.games.t1667.table.setup import Seat1667, Setup1667

        app.clear_to(MenuScene())
        start_game(app, Setup1667(tuple(Seat1667(n, "human") for n in NAMES_1667), seed=3))

    yield "hand-over t1667", table_1667

    def after_ready() -> None:
        table_1667()
        _frames(app)
        app.top.confirm()  # Anne Bonny is ready: her seat's table

    yield "table t1667", after_ready
    yield from network_screens(app)


class _Connection:
    """A network connection that never touches the network: what it "receives" is fed in by the
    shots (the network screens drawn from fixed messages)."""

    url = "ws://127.0.0.1:47600"
    name = "Anne Bonny"

    def __init__(self, items: list[Any]) -> None:
        from tortuga_desktop.net.client import ConnState

        self.items = list(items)
        self.state = ConnState.CONNECTED
        self.seats: tuple[int, ...] = ()

    def poll(self, limit: int = 200) -> list[Any]:
        out, self.items = self.items, []
        return out

    def send_action(self, seat: int, action: Any, decisions: int | None = None) -> int:
        return 1

    def say(self, text: str, seat: int | None = None) -> None: ...

    def start_game(self, token: str = "") -> None: ...

    def close(self, timeout: float = 5.0) -> None: ...

    def start(self) -> None: ...

    def list_tables(self) -> None:
        from tortuga_desktop.net import protocol as P

        self.items.append(P.Welcome(version=P.PROTOCOL_VERSION, server="shots", lobby=True))
        self.items.append(P.Tables(tables=[
            P.TableInfo(table="t1", name="Harbour", players=4, open_seats=2, started=False, over=False, listed=True,
                        code="ABCDEF", waiting=["Anne Bonny"], computers=1, level="normal"),
            P.TableInfo(table="t2", name="Sandbar", players=3, open_seats=0, started=True, over=False)]))


class _Browser:
    def start(self) -> None: ...

    def hosts(self) -> list[Any]:
        return []

    def close(self) -> None: ...


def network_screens(app: Any) -> Iterator[tuple[str, Callable[[], None]]]:
    """The host, join, tables, lobby (with its chat) and network table screens, fed fixed messages
    by a stand-in connection (nothing is sent or received)."""
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.rules.events import event_to_dict
    from tortuga_desktop.net import protocol as P
    from tortuga_desktop.net.client import Status
    from tortuga_desktop.shell.scenes.host import HostScene
    from tortuga_desktop.shell.scenes.join import JoinScene
    from tortuga_desktop.shell.scenes.lobby import HostInfo, LobbyScene
    from tortuga_desktop.shell.scenes.menu import MenuScene
    from tortuga_desktop.shell.scenes.tables import TablesScene

    def never(plan: Any) -> Any:
        raise OSError("the shots host nothing")

    def host() -> None:
        app.clear_to(MenuScene())
        app.push(HostScene(starter=never))

    yield "host", host

    def host_1667() -> None:
        from tortuga_desktop.shell.game import HostSetup
        from tortuga_desktop.shell.saves import SeatConfig

        app.clear_to(MenuScene())
        seats = [SeatConfig(n, "human" if i == 0 else "open" if i < 3 else "normal", i)
                 for i, n in enumerate(NAMES_1667)]
        app.push(HostScene(HostSetup("t1667", tuple(seats)), starter=never))

    yield "host t1667", host_1667

    def join() -> None:
        app.clear_to(MenuScene())
        app.push(JoinScene(browser=_Browser(), address="127.0.0.1", player="Anne Bonny",
                           seat_dir=Path(os.environ["TORTUGA_HOME"]) / "no-seats"))

    yield "join", join

    def tables() -> None:
        app.clear_to(MenuScene())
        app.push(TablesScene("ws://127.0.0.1:47600", "127.0.0.1", "Anne Bonny", lambda *a: None,
                             on_watch=lambda *a: True, client_factory=lambda *a, **k: _Connection([])))

    yield "tables", tables

    names = ("Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read")

    def lobby_messages(game: str, started: bool) -> list[Any]:
        seats = [P.SeatInfo(seat=0, name=names[0], kind="local", level="", taken=True, connected=True, bot=False),
                 P.SeatInfo(seat=1, name=names[1], kind="open", level="", taken=True, connected=True, bot=False),
                 P.SeatInfo(seat=2, name=names[2], kind="computer", level="hard", taken=True, connected=True,
                            bot=True),
                 P.SeatInfo(seat=3, name="", kind="open", level="", taken=False, connected=False, bot=False)]
        return [Status("connected"), P.Joined(table="t1", seats=[0], token="tok"),
                P.Chat(table="t1", n=1, seat=1, name=names[1], kind="joined"),
                P.Chat(table="t1", n=2, seat=1, name=names[1], kind="say", text="Ahoy, who brought the rum?"),
                P.Lobby(table="t1", name="Shots", players=4, seats=seats, started=started, over=False, game=game)]

    def lobby(game: str = "tortuga") -> Any:
        from tortuga_desktop.shell.netsession import NetSession

        app.clear_to(MenuScene())
        client = _Connection(lobby_messages(game, False))
        client.seats = (0,)
        scene = LobbyScene(NetSession(client), host=HostInfo("127.0.0.1", 47600, "ABCDEF"))
        app.push(scene)
        return scene

    yield "lobby", lobby
    yield "lobby t1667", lambda: lobby("t1667")

    def nettable() -> None:
        scene = lobby()
        _frames(app)
        g = Game.new(4, 5, names=list(names))
        conn = scene.session.client
        conn.items = [*lobby_messages("tortuga", True)[4:],
                      P.Update(table="t1", seat=0, view=g.view(0).to_json(),
                               events=[event_to_dict(e) for e in g.events_for(0)], first=0)]

    yield "network table", nettable


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").strip().split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="folder for the PNGs and hashes.json")
    ap.add_argument("--size", default="1280x720", help="window size WxH (default 1280x720)")
    ap.add_argument("--compare", type=Path, help="a folder of an earlier run: report what differs")
    ap.add_argument("--language", choices=("en", "de", "nl", "es"), default="en", help="the language (default en)")
    ap.add_argument("--ui-scale", type=int, default=100, choices=(80, 90, 100, 110, 125, 150),
                    help="the interface size in percent (Settings; default 100)")
    ap.add_argument("--only", action="append", default=[], metavar="NAME",
                    help="draw only this screen (repeatable; e.g. results, table, tutorial)")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    # a fresh home (no saves, statistics or settings of the user) at a fixed path: the save
    # screen shows its folder
    home = Path(tempfile.gettempdir()) / "tortuga-screen-shots-home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir()
    os.environ["TORTUGA_HOME"] = str(home)

    import pygame

    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.settings import Settings, save_settings
    from tortuga_desktop.shell.start import make_app

    if args.language != "en" or args.ui_scale != 100:  # the player's settings, as saved
        save_settings(Settings(language=args.language, ui_scale=args.ui_scale))

    app = make_app(build_parser().parse_args(["--mute", "--size", f"{w}x{h}", "--speed", "normal"]))
    app.fixed_dt = 1 / 60
    args.out.mkdir(parents=True, exist_ok=True)
    hashes: dict[str, str] = {}
    try:
        _frames(app, 2)
        for name, show in screens(app):
            if args.only and name not in args.only:
                continue
            show()
            _frames(app)
            raw, surf = _picture(app)
            file = name.replace(" ", "_") + ".png"
            pygame.image.save(surf, str(args.out / file))
            hashes[name] = hashlib.sha256(raw).hexdigest()
            print(f"{name:16} {hashes[name][:16]}  {file}")
    finally:
        app.close()
    (args.out / "hashes.json").write_text(json.dumps(hashes, indent=1), encoding="utf-8")
    if args.compare is None:
        return 0
    before = json.loads((args.compare / "hashes.json").read_text(encoding="utf-8"))
    differ = 0
    for name in sorted(set(before) | set(hashes)):
        if name not in hashes or name not in before:
            print(f"{name:16} only in {'the earlier run' if name in before else 'this run'}")
            differ += 1
        elif before[name] == hashes[name]:
            print(f"{name:16} same")
        else:
            a = pygame.image.load(str(args.compare / (name.replace(' ', '_') + '.png')))
            b = pygame.image.load(str(args.out / (name.replace(' ', '_') + '.png')))
            share = _differing(a, b)
            print(f"{name:16} DIFFERENT ({share:.2%} of pixels)")
            differ += 1
    print(f"{len(hashes)} screens, {differ} differ")
    return 1 if differ else 0


def _differing(a: Any, b: Any) -> float:
    import pygame

    if a.get_size() != b.get_size():
        return 1.0
    ra, rb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    n = len(ra) // 3
    return sum(1 for i in range(0, len(ra), 3) if ra[i:i + 3] != rb[i:i + 3]) / n


if __name__ == "__main__":
    sys.exit(main())
