"""A small stand-in for ``shell.table.LocalTable`` over a 1667 game, for the table scene's tests
until the generic local table lands: the documented GameTable API, computer players inline.

``poll`` applies at most one computer decision per call (the first seat in the table's order with
one open), so a test sees every move; humans submit through ``submit``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tortuga_desktop.shell.engine import ActionRefused, Prompt
from tortuga_desktop.t1667.ai.bots import make_bot
from tortuga_desktop.t1667.rules import Game
from tortuga_desktop.t1667.rules.actions import parse_action
from tortuga_desktop.t1667.rules.errors import RulesError
from tortuga_desktop.t1667.rules.views import PlayerView


@dataclass(frozen=True)
class Move:
    seat: int
    action: Any
    reason: object | None
    decisions: int
    is_over: bool


def public_view(g: Game) -> PlayerView:
    """What everyone may see (built from seat 0's view with its private fields blanked)."""
    v = g.view(0)
    over = g.is_over
    row = tuple(dataclasses.replace(sv, card=None) for sv in v.row)
    vote = dataclasses.replace(v.vote, my_card=None) if v.vote is not None else None
    return dataclasses.replace(v, hand=(), loyalties=v.loyalties if over else (None,) * g.players, row=row,
                               vote=vote)


class StandInTable:
    def __init__(self, game: Game, humans: Sequence[int], levels: Mapping[int, str] | None = None) -> None:
        self.game = game
        self._humans = tuple(humans)
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self.bots = {s: make_bot((levels or {}).get(s, "easy"), 1000 + s)
                     for s in range(game.players) if s not in self._humans}
        self._seen = {s: 0 for s in self.bots}
        self._prompted: dict[int, int] = {}
        self.closed = False
        self.polls = 0

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.game.names)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple("human" if s in self._humans else "easy" for s in range(self.players))

    @property
    def human_seats(self) -> tuple[int, ...]:
        return self._humans

    @property
    def viewers(self) -> frozenset[int | None]:
        return frozenset((*self._humans, None))

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def _check(self, viewer: int | None) -> None:
        if viewer not in self.viewers:
            raise LookupError(f"seat {viewer} is not shown at this screen")

    def view(self, viewer: int | None) -> PlayerView:
        self._check(viewer)
        return public_view(self.game) if viewer is None else self.game.view(viewer)

    def events_for(self, viewer: int | None, start: int = 0) -> list[Any]:
        self._check(viewer)
        return self.game.events_for(viewer)[start:]

    def prompt(self, seat: int) -> Prompt[Any, Any, Any]:
        if seat not in self._humans:
            raise LookupError(seat)
        evs = self.game.events_for(seat)
        start = self._prompted.get(seat, 0)
        self._prompted[seat] = len(evs)
        return Prompt(seat, self.game.view(seat), tuple(self.game.legal_actions(seat)), tuple(evs[start:]))

    def submit(self, seat: int, action: Any) -> Move:
        if seat not in self._humans:
            raise LookupError(seat)
        try:
            act = parse_action(action) if isinstance(action, str) else action
            self.game.apply(seat, act)
        except RulesError as exc:
            raise ActionRefused(str(exc)) from exc
        return Move(seat, act, None, len(self.game.record().entries), self.game.is_over)

    def poll(self, budget_s: float = 0.0) -> list[Move]:
        self.polls += 1
        if self.game.is_over:
            return []
        for s in self.waiting_for():
            if s in self.bots:
                bot = self.bots[s]
                evs = self.game.events_for(s)
                bot.observe(evs[self._seen[s]:])
                self._seen[s] = len(evs)
                choice = bot.decide(self.game.view(s), self.game.legal_actions(s))
                self.game.apply(s, choice.action)
                return [Move(s, choice.action, choice.reason, 0, self.game.is_over)]
        return []

    def thinking(self) -> tuple[int, ...]:
        return ()

    def waiting_for(self) -> tuple[int, ...]:
        return tuple(sorted({d.seat for d in self.game.pending()}))

    def record(self) -> Mapping[str, Any] | None:
        return None

    def close(self) -> None:
        self.closed = True
