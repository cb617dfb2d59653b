"""Network play without the window: a headless player on 127.0.0.1 that remembers what it
received, and a stand-in for the zeroconf browser (no multicast). Shared by the network tests
and ``python -m scripts.tables_screens``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tortuga_desktop.net import games
from tortuga_desktop.net.client import NetClient
from tortuga_desktop.net.discovery import FoundHost
from tortuga_desktop.net.headless import SeatBot
from tortuga_desktop.net.protocol import SPECTATOR, Update

__all__ = ["HOST", "FakeBrowser", "Player", "pump_until"]

HOST = "127.0.0.1"


class Player:
    """A NetClient with a random SeatBot; remembers everything it received."""

    def __init__(self, port: int, code: str, seed: int, **options: Any) -> None:
        self.client = NetClient(f"{HOST}:{port}", code=code, backoff_min=0.05, backoff_max=0.2, **options)
        self.bot = SeatBot(self.client, "random", seed)
        self.items: list[Any] = []
        self.events: dict[int, list[dict[str, Any]]] = {}
        self.last: dict[int, Any] = {}  # the newest view pumped, per seat (as its game reads it)
        self._over: dict[int, bool] = {}
        self.client.start()

    def pump(self) -> None:
        for item in self.client.poll():
            self.items.append(item)
            if isinstance(item, Update):
                d = games.adapter(self.client.game).decode(
                    item.view, item.events, None if item.seat == SPECTATOR else item.seat, item.decisions, item.legal)
                self.last[item.seat] = d.view
                self._over[item.seat] = d.over
                got = self.events.setdefault(item.seat, [])
                del got[item.first:]
                got += item.events
            self.bot.handle(item)

    @property
    def over(self) -> bool:
        """Every seat of this player has had its game-over update."""
        seats = self.client.seats
        return bool(seats) and all(self._over.get(s, False) for s in seats)

    def of(self, kind: type) -> list[Any]:
        return [i for i in self.items if isinstance(i, kind)]


def pump_until(players: list[Player], done: Callable[[], bool], timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for p in players:
            p.pump()
        if done():
            return
        time.sleep(0.002)
    raise AssertionError("timed out")


class FakeBrowser:
    """Stands in for the zeroconf browser: no multicast in tests."""

    def __init__(self, hosts: list[FoundHost] | None = None) -> None:
        self.found = list(hosts or [])
        self.started = self.closed = False

    def start(self) -> None:
        self.started = True

    def hosts(self) -> list[FoundHost]:
        return list(self.found)

    def close(self) -> None:
        self.closed = True
