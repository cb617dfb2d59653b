"""Helpers for the Tortuga 1667 tests: scripted positions and playing a few decisions."""

from __future__ import annotations

from typing import Any

from tortuga_desktop.games.t1667.rules import Game, Kind, Loc, Ship, Side, parse_action, position
from tortuga_desktop.games.t1667.rules.events import Event


def game(**kw: Any) -> Game:
    """A 4-player position by default: British 0 and 2, French 1 and 3; FD = [0, 1], JR = [2, 3]."""
    spec: dict[str, Any] = {"players": 4, "loyalty": "BFBF", "fd": "0 1", "jr": "2 3"}
    spec.update({k.replace("rb_", "rb-"): v for k, v in kw.items()})
    return position(spec)


def play(g: Game, seat: int, *texts: str) -> list[Event]:
    """Apply action texts for ``seat`` one after another; returns all their events."""
    out: list[Event] = []
    for t in texts:
        out += g.apply(seat, parse_action(t))
    return out


def vote_all(g: Game, cards: dict[int, str]) -> list[Event]:
    """Every participant plays the given card code (in seat order)."""
    out: list[Event] = []
    for seat, code in cards.items():
        out += play(g, seat, f"vote {code}")
    return out


def kinds(g: Game) -> list[tuple[int, Kind]]:
    return [(d.seat, d.kind) for d in g.pending()]


def hold(g: Game, ship: str, side: str) -> int:
    return g.holds[(Ship(ship), Side(side))]


def names(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


__all__ = ["game", "play", "vote_all", "kinds", "hold", "names", "Loc"]


def finished_record(players: int, seed: int) -> dict[str, Any]:
    """The record (as data) of a whole game played with random legal actions by seats taken at random."""
    import random

    from tortuga_desktop.games.t1667.table.engine import T1667Engine

    e = T1667Engine.new(players, seed)
    rng = random.Random(seed)
    while not e.is_over:
        seat = e.deciders()[rng.randrange(len(e.deciders()))]
        e.apply(seat, rng.choice(list(e.legal_actions(seat))))
    return dict(e.record())
