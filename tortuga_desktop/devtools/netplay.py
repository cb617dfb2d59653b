"""Network play without the window: a headless player on 127.0.0.1 that remembers what it
received, and a stand-in for the zeroconf browser (no multicast). Shared by the network tests
and ``python -m scripts.tables_screens``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tortuga_desktop.games.dice.rules.events import event_to_dict
from tortuga_desktop.net.client import GameUpdate, NetClient
from tortuga_desktop.net.discovery import FoundHost
from tortuga_desktop.net.headless import SeatBot

__all__ = ["HOST", "FakeBrowser", "Player", "pump_until"]

HOST = "127.0.0.1"


class Player:
    """A NetClient with a random SeatBot; remembers everything it received."""

    def __init__(self, port: int, code: str, seed: int, **options: Any) -> None:
        self.client = NetClient(f"{HOST}:{port}", code=code, backoff_min=0.05, backoff_max=0.2, **options)
        self.bot = SeatBot(self.client, "random", seed)
        self.items: list[Any] = []
        self.events: dict[int, list[dict[str, Any]]] = {}
        self.last: dict[int, Any] = {}  # the newest view pumped, per seat
        self.client.start()

    def pump(self) -> None:
        for item in self.client.poll():
            self.items.append(item)
            if isinstance(item, GameUpdate):
                self.last[item.seat] = item.view
                got = self.events.setdefault(item.seat, [])
                del got[item.first:]
                got += [event_to_dict(e) for e in item.events]
            self.bot.handle(item)

    @property
    def over(self) -> bool:
        """Every seat of this player has had its game-over update."""
        seats = self.client.seats
        return bool(seats) and all(s in self.last and self.last[s].is_over for s in seats)

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
