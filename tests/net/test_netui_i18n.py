"""The network screens speak the player's language: join, host, lobby and the networked table
(with its banner) draw no English words in Dutch, German and Spanish."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dice"))  # its helpers live beside the dice tests
from test_i18n_coverage import _english_hits, _Recorder, _ui_texts, recorder  # noqa: F401, E402 (a fixture)

from tortuga_desktop.devtools.drive import free_port
from tortuga_desktop.games.dice.table.scenes.nettable import NetTableScene
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.discovery import FoundHost
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.game import HostSetup
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes.host import HostPlan, HostScene, start_hosting
from tortuga_desktop.shell.scenes.join import JoinScene
from tortuga_desktop.shell.scenes.lobby import HostInfo, LobbyScene

NET_WORDS = ("Join", "Host", "Lobby", "Leave", "Start game", "Open", "joined", "Waiting", "dropped out",
             "computer player", "Listen", "address", "Connecting", "network")


#: Words that are right in that language too.
SAME = {"nl": {"Lobby", "Host", "Open"}, "de": {"Lobby", "Host"}, "es": set()}


class _Fake:
    def start(self) -> None: ...
    def hosts(self) -> list[FoundHost]:
        return [FoundHost("Anna", "127.0.0.20", 47600, "t1", 1, 1)]
    def close(self) -> None: ...


@pytest.mark.parametrize("lang", ["nl", "de", "es"])
def test_network_screens_draw_only_translated_text(lang: str, recorder: _Recorder,  # noqa: F811
                                                    tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))
    from app_helpers import start_app

    app = start_app()
    texts: list[str] = []
    remote: NetClient | None = None

    def grab(frames: int = 2) -> None:
        app.request_redraw()
        app.run(max_frames=frames)
        texts.extend(_ui_texts(app))

    try:
        app.settings.language = lang
        app.apply_settings({"language"})
        grab()
        recorder.seen.clear()  # what was drawn before the switch
        texts.clear()
        join = JoinScene(browser=_Fake())
        app.push(join)
        grab()
        join._say(i18n.tr("net.error.version", version=1), "error")
        grab()
        app.pop()
        host = HostScene(HostSetup("tortuga", (SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1))),
                         starter=lambda plan: None)  # type: ignore[arg-type,return-value]
        app.push(host)
        host.listen = "all"
        grab()
        app.pop()
        plan = HostPlan(("here", "open", "easy"), ("Anna", "", "Clara"), port=free_port())
        started = start_hosting(plan, None)
        client = NetClient(f"127.0.0.1:{started.port}", code=started.code, token=started.host_token, name="Anna")
        client.start()
        session = NetSession(client, host=started.server)
        lobby = LobbyScene(session, host=HostInfo("127.0.0.1", started.port, started.code))
        app.push(lobby)
        end = time.monotonic() + 15
        while len(session.lobby) < 3:
            assert time.monotonic() < end
            grab(1)
            time.sleep(0.01)
        remote = NetClient(f"127.0.0.1:{started.port}", code=started.code, name="Bart")
        remote.start()
        while not lobby.can_start:
            assert time.monotonic() < end
            grab(1)
            time.sleep(0.01)
        grab()
        lobby.start()
        while not isinstance(app.top, NetTableScene):
            assert time.monotonic() < end
            grab(1)
            time.sleep(0.01)
        grab(3)
        remote.close()  # Bart drops out: the banner says so
        table = app.top
        while not table.current_banner():
            assert time.monotonic() < end + 10
            grab(1)
            time.sleep(0.01)
        grab(3)
        texts.extend(t for t, _ in table.current_banner())
        texts.extend(recorder.seen)
        names = {"Anna", "Bart", "Clara", "Tortuga"}
        hits = _english_hits(texts, names, lang)
        for t in texts:
            clean = t
            for n in names:
                clean = clean.replace(n, "")
            hits += [f"{w!r} in {t!r}" for w in NET_WORDS if w in clean and w not in SAME[lang]]
        assert not hits, hits[:20]
    finally:
        if remote is not None:
            remote.close()
        app.close()
        i18n.set_language("en")
