"""The fake sticks game of :mod:`fake_game` at network tables: its
:class:`~tortuga_desktop.net.games.NetworkAdapter`, written only against the network layer's declared
interfaces. The server, the client and the headless client play it once it is registered
(``net.games.register(ADAPTER)``) with no line of ``net/`` or ``shell/`` knowing it.

A seat is sent the view (sticks left, who moves, the winner), the moves from its cursor on and its legal
actions; everything is public, as in the game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from fake_game import Sticks, SticksBot, SticksView, Take, Took

from tortuga_desktop.net.games import (
    ActionIllegal,
    ActionMalformed,
    Cursor,
    Decoded,
    SeatData,
    SetupMalformed,
)
from tortuga_desktop.net.protocol import ProtocolError
from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.nettable import ViewFacts

KEY = "sticks"


def _view_json(v: SticksView) -> dict[str, Any]:
    return {"sticks": v.sticks, "to_move": v.to_move, "winner": v.winner}


def _view_from_json(raw: Any) -> SticksView:
    if not isinstance(raw, dict) or set(raw) != {"sticks", "to_move", "winner"}:
        raise ValueError("not a sticks view")
    sticks, to_move, winner = raw["sticks"], raw["to_move"], raw["winner"]
    if not (type(sticks) is int and 0 <= sticks <= 7):
        raise ValueError("sticks out of range")
    for seat in (to_move, winner):
        if seat is not None and seat not in (0, 1):
            raise ValueError("no such seat")
    return SticksView(sticks, to_move, winner)


def _events_from_json(raw: Any) -> tuple[Took, ...]:
    if not isinstance(raw, list):
        raise ValueError("events are a list")
    out = []
    for e in raw:
        if not (isinstance(e, dict) and set(e) == {"seat", "n"} and e["seat"] in (0, 1) and e["n"] in (1, 2)):
            raise ValueError("not a sticks event")
        out.append(Took(e["seat"], e["n"]))
    return tuple(out)


class SticksRun:
    """One sticks game at a network table (the server's side)."""

    def __init__(self, game: Sticks) -> None:
        self.game = game

    @property
    def players(self) -> int:
        return 2

    @property
    def decisions(self) -> int:
        return self.game.decisions

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def record_dict(self) -> dict[str, Any]:
        return dict(self.game.record())

    def decision_key(self, seat: int) -> Hashable | None:
        return ("sticks", self.game.decisions) if seat in self.game.deciders() else None

    def apply_text(self, seat: int, text: str) -> None:
        try:
            action = self.game.parse_action(text)
        except ActionRefused:
            raise ActionMalformed(f"not an action of sticks: {text[:40]!r}") from None
        try:
            self.game.apply(seat, action)
        except ActionRefused as exc:
            raise ActionIllegal(str(exc)) from None

    def updates(self, viewers: Sequence[int | None], cursors: Sequence[Cursor]) -> list[SeatData]:
        out = []
        for viewer, (raw, sent) in zip(viewers, cursors, strict=True):
            first = sent if raw else 0
            events = [{"seat": e.seat, "n": e.n} for e in self.game.events_for(viewer, first)]
            legal = None if viewer is None else [str(a) for a in self.game.legal_actions(viewer)]
            out.append(SeatData(_view_json(self.game.view(viewer)), events, first, (1, first + len(events)),
                                self.game.decisions, legal))
        return out

    def make_bot(self, seat: int, level: str, *, budget_s: float) -> SticksBot:
        return SticksBot()

    def bot_job(self, bot: Any, seat: int, *, budget_s: float, release_in: float | None) -> Callable[[], Any]:
        view = self.game.view(seat)
        legal = tuple(self.game.legal_actions(seat))

        def decide() -> Take:
            return bot.decide(view, legal).action  # type: ignore[no-any-return]

        return decide

    def apply_bot(self, seat: int, result: Any) -> None:
        try:
            self.apply_text(seat, str(result))
        except ActionMalformed as exc:
            raise ActionIllegal(str(exc)) from None

    def release_hold(self, seat: int, level: str, pacing: Any = None) -> float | None:
        return None

    def bot_talk(self, bot: Any, seat: int) -> list[str]:
        return []  # the sticks game's computer players do not talk


class _SeatBot:
    """The headless client's sticks player."""

    observes = False

    def observe(self, seat: int, update: Decoded, first: int) -> None:
        pass

    def decide(self, seat: int, update: Decoded) -> str:
        legal = [Take(int(t.split()[1])) for t in update.legal]
        return str(SticksBot().decide(update.view, legal).action)


class SticksAdapter:
    """The sticks game's network adapter."""

    key = KEY
    min_players = 2
    max_players = 2
    levels: tuple[str, ...] = ("easy",)

    def check_options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        if raw:
            raise SetupMalformed("sticks has no options")
        if players != 2:
            raise ValueError("sticks is for two players")
        return {}

    def new_run(self, players: int, seed: int, *, names: Sequence[str], options: Mapping[str, Any]) -> SticksRun:
        if players != 2:
            raise ValueError("sticks is for two players")
        return SticksRun(Sticks())

    def run_from_record(self, record: Any, seed: int | None, options: Mapping[str, Any]) -> SticksRun:
        game = Sticks()
        moves = record.get("moves") if isinstance(record, dict) else None
        if not isinstance(moves, list):
            raise ValueError("not a sticks record")
        try:
            for n in moves:
                game.apply(game.deciders()[0], game.parse_action(f"take {n}"))
        except (ActionRefused, IndexError):
            raise ValueError("a sticks record that does not replay") from None
        return SticksRun(game)

    def decode(self, view: Any, events: Any, seat: int | None, decisions: int,
               legal: Sequence[str] | None) -> Decoded:
        v = _view_from_json(view)
        evs = _events_from_json(events)
        for t in legal or ():
            self.check_action_text(t)
        return Decoded(v, evs, decisions, bool(legal), v.winner is not None, tuple(legal or ()))

    def glance(self, view: Mapping[str, Any], legal: Sequence[str] | None, seat: int) -> tuple[bool, bool]:
        return legal is None or bool(legal), view.get("winner") is not None

    def check_seat_data(self, view: Any | None, events: Sequence[Any], seat: int) -> None:
        if view is not None:
            _view_from_json(view)
        _events_from_json(list(events))

    def check_action_text(self, text: str) -> None:
        if text not in ("take 1", "take 2"):
            raise ValueError("not an action")

    def seat_player(self, level: str, seed: int, **options: Any) -> _SeatBot:
        if level not in self.levels:
            raise ValueError(f"the computer levels of sticks: {', '.join(self.levels)}")
        return _SeatBot()


ADAPTER = SticksAdapter()


class SticksCodec:
    """The sticks game's side of the shell's network table at a client
    (:class:`~tortuga_desktop.shell.nettable.NetTableCodec`): everything is public, there is no talk."""

    key = KEY

    def read(self, view: Any, events: Any, seat: int | None) -> tuple[SticksView, list[Took]]:
        return _view_from_json(view), list(_events_from_json(events))

    def parse_action(self, text: str) -> Take:
        if text not in ("take 1", "take 2"):
            raise ValueError("not an action of sticks")
        return Take(int(text[-1]))

    def legal(self, view: Any, seat: int, sent: Sequence[str] | None) -> tuple[Take, ...]:
        return tuple(self.parse_action(t) for t in sent or ())

    def facts(self, view: Any) -> ViewFacts:
        assert isinstance(view, SticksView)
        return ViewFacts(2, ("Seat 1", "Seat 2"), () if view.to_move is None else (view.to_move,),
                         view.to_move or 0, view.winner is not None)

    def public(self, view: Any) -> SticksView:
        return view  # type: ignore[no-any-return]

    def public_events(self, events: Sequence[Any]) -> list[Any]:
        return list(events)

    def talk_text(self, line: object, players: int) -> str:
        raise ValueError("sticks has no table talk")

    def talk_seat(self, event: Any) -> int | None:
        return None

    def bot_line(self, text: str, seat: int, players: int) -> object:
        raise ProtocolError("sticks has no computer players' lines")
