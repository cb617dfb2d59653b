"""The replay of a network game as one seat saw it: :class:`SeatTimeline`.

A network client never holds the game, only what the server sent its seats: for each seat every
view with the number of its events at that moment (:class:`~tortuga_desktop.net.seatstore.SeatFrame`)
and its events (R9: others' secrets already replaced by their public twins). Those are kept in the
seat's record (:class:`~tortuga_desktop.net.seatstore.SeatRecord`, on disk with the seat), and this
timeline plays them back in the ordinary replay scene (:class:`.scenes.replay.ReplayScene`).

Positions are the moments the seats played here were shown (one per view the server sent, in
order). The perspectives are those seats only: nothing is shown that the seat was not sent, so
there is no public or "everything revealed" view of a network game here.
"""

from __future__ import annotations

import logging
from bisect import bisect_right
from collections.abc import Mapping, Sequence

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import PlayerView, StateFormatError
from tortuga_desktop.games.dice.rules.events import Event, event_from_dict
from tortuga_desktop.games.dice.table.gamelog import build_log, event_seat
from tortuga_desktop.games.dice.table.replay import Stop, StopMarks
from tortuga_desktop.games.dice.table.source import LogLine
from tortuga_desktop.net.seatstore import SeatRecord

log = logging.getLogger(__name__)

__all__ = ["SeatTimeline"]


class SeatTimeline(StopMarks):
    """The positions of a seat's record (see the module docstring); the interface the replay
    scene reads, as :class:`~.replay.ReplayTimeline` offers it for a whole game record.

    Raises :class:`~tortuga_desktop.games.dice.rules.errors.StateFormatError` for a record that holds no
    view or does not read back."""

    locked = False

    def __init__(self, record: SeatRecord, seats: Sequence[int] | None = None) -> None:
        shown = sorted({f.seat for f in record.frames})
        self.seats = [s for s in (shown if seats is None else seats) if s in shown]
        if not self.seats:
            raise StateFormatError("the seat's record holds no view of the game")
        self._events: dict[int, list[Event]] = {
            s: [event_from_dict(e, f"events[{s}][{i}]") for i, e in enumerate(record.events.get(s, ()))]
            for s in self.seats}
        #: per seat: (decisions, events, view) of every frame, in the order received
        frames: dict[int, list[tuple[int, int, PlayerView]]] = {s: [] for s in self.seats}
        for f in record.frames:
            if f.seat in frames:
                view = PlayerView.from_json(f.view)
                if view.viewer != f.seat or f.events > len(self._events[f.seat]):
                    raise StateFormatError("the seat's record does not fit together")
                frames[f.seat].append((view.decisions, f.events, view))
        self._frames = frames
        self._keys = {s: [d for d, _, _ in fs] for s, fs in frames.items()}
        moments = sorted({d for fs in frames.values() for d, _, _ in fs})
        first = self.seats[0]
        self._moments = moments
        self.stops: list[Stop] = []
        before = 0
        for d in moments:
            _, n, view = self._frame(first, d)
            new = self._events[first][before:n]
            actor = next((x for x in map(event_seat, new) if x is not None), None)
            self.stops.append(Stop(d, view.round, view.phase.value, actor, n))
            before = n
        last = self._frame(first, moments[-1])[2]
        self.players = last.players
        self.names: tuple[str, ...] = tuple(last.names)
        self.finished = last.is_over
        self._mark_stops()
        self._logs: dict[tuple[int, int], list[LogLine]] = {}

    def _frame(self, seat: int, decisions: int) -> tuple[int, int, PlayerView]:
        """The newest frame of ``seat`` at or before the moment ``decisions`` (its first one
        when it was shown nothing before)."""
        i = bisect_right(self._keys[seat], decisions) - 1
        return self._frames[seat][max(0, i)]

    def __len__(self) -> int:
        return len(self.stops)

    def clamp(self, k: int) -> int:
        return max(0, min(len(self.stops) - 1, k))

    def decision_at(self, k: int) -> int:
        """The number of decisions made at position ``k``."""
        return self._moments[self.clamp(k)]

    def perspectives(self) -> list[int | None]:
        return list(self.seats)

    def perspective(self, wanted: int | None) -> int | None:
        """Only the seats played here: anything else shows the first of them."""
        return wanted if wanted in self.seats else self.seats[0]

    def view_at(self, k: int, wanted: int | None) -> PlayerView:
        """The view the seat was sent at position ``k``: exactly what it saw then."""
        seat = self.perspective(wanted)
        assert seat is not None
        return self._frame(seat, self.decision_at(k))[2]

    def events_at(self, k: int, wanted: int | None) -> list[Event]:
        """The seat's events up to position ``k`` (what it had been shown then)."""
        seat = self.perspective(wanted)
        assert seat is not None
        n = self._frame(seat, self.decision_at(k))[1]
        return self._events[seat][:n]

    def log_at(self, k: int, viewer: int | None, reasons: Mapping[int, tuple[int, Reason]]) -> list[LogLine]:
        """The seat's log at position ``k`` (the computer players' reasons stay on the server)."""
        seat = self.perspective(viewer)
        assert seat is not None
        key = (seat, self.clamp(k))
        lines = self._logs.get(key)
        if lines is None:
            events = self.events_at(k, seat)
            lines = build_log(events, self.names, {}, upto=events[-1].decision if events else 0)
            if len(self._logs) > 64:
                self._logs.pop(next(iter(self._logs)))
            self._logs[key] = lines
        return list(lines)
