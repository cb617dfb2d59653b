"""The game log as a viewer reads it: lines grouped by round and phase, bots' reasons on their moves.

:func:`build_log` turns the events a viewer may see (already filtered, R9) and the bots' reasons
(``decision number -> (seat, Reason)``) into :class:`~.controller.LogLine` s:

* every event that makes a line gets one :class:`LogLine`, tagged with its round and phase
  (``"setup"``, ``"dice"``, ``"actions"``, ``"move"``, ``"over"``) so the log can show headers;
  the phase-start events themselves make no line (the phase header says it);
* each reason sits on the line of the move it explains: the first line of that decision made
  by the same seat, else the first line of that decision, else (moves shown later, like the
  move-phase arrangements) the next line of that seat;
* repeats fold: the same reason on consecutive moves of one round and phase (one seat twice, or
  several seats in turn) is shown once, on the last of those moves, naming every seat.

No words are made here: the renderer turns events and reasons into text in the current language.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import describe
from tortuga_desktop.games.dice.rules import events as ev
from tortuga_desktop.games.dice.table.source import LogLine

__all__ = ["build_log", "event_seat", "phase_of"]


def event_seat(e: ev.Event) -> int | None:
    """The seat an event is about (its actor or owner), if any."""
    seat = getattr(e, "seat", getattr(e, "owner", None))
    return seat if isinstance(seat, int) else None


def phase_of(e: ev.Event, current: str) -> str:
    """The phase the log is in after ``e`` (``current`` before it)."""
    if isinstance(e, ev.RoundStarted):
        return "dice"
    if isinstance(e, ev.PhaseStarted):
        return str(e.phase)
    if isinstance(e, ev.GameEnded):
        return "over"
    return current


@lru_cache(maxsize=32768)
def _makes_line(e: ev.Event, names: tuple[str, ...]) -> bool:
    """Whether ``e`` makes a log line (rolls, confirmations and placements make none); events
    are frozen values, so the answer is kept for the log's next rebuild."""
    return bool(describe(e, names))


def _reason_key(r: Reason) -> tuple[object, ...]:
    return (r.key, tuple(r.params), r.search)


def build_log(events: Iterable[ev.Event], names: Sequence[str],
              reasons: Mapping[int, tuple[int, Reason]], *, upto: int | None = None) -> list[LogLine]:
    """The log lines for ``events`` (what one viewer may see) with ``reasons`` attached and folded.

    ``upto``: only reasons of decisions up to this number (the game as it stood then).
    """
    lines: list[LogLine] = []
    key = tuple(names)
    phase = "setup"
    for e in events:
        phase = phase_of(e, phase)
        if isinstance(e, ev.PhaseStarted):
            continue  # the phase header shows it
        try:
            if not _makes_line(e, key):  # rolls, confirmations, placements: no line
                continue
        except TypeError:  # an event holding something unhashable: ask every time
            if not describe(e, names):
                continue
        lines.append(LogLine(e.round, e, None, event_seat(e), phase))
    # Attach each reason to the line of its move.
    by_decision: dict[int, list[int]] = {}
    by_seat: dict[int, list[int]] = {}
    for i, ln in enumerate(lines):
        by_decision.setdefault(ln.event.decision if ln.event is not None else -1, []).append(i)
        if ln.seat is not None:
            by_seat.setdefault(ln.seat, []).append(i)
    taken: set[int] = set()
    for decision, (who, reason) in sorted(reasons.items()):
        if upto is not None and decision > upto:
            break
        k = _target_line(lines, taken, decision, who, by_decision, by_seat)
        if k is None:
            continue
        taken.add(k)
        lines[k] = replace(lines[k], reason=reason, seat=who, seats=(who,))
    return _fold(lines)


def _target_line(lines: Sequence[LogLine], taken: set[int], decision: int, who: int,
                 by_decision: dict[int, list[int]], by_seat: dict[int, list[int]]) -> int | None:
    same = by_decision.get(decision, [])
    for i in same:
        if i not in taken and lines[i].seat == who:
            return i
    for i in same:
        if i not in taken:
            return i
    # A move shown later (arrangements appear when all are made): the next line of that seat.
    mine = by_seat.get(who, [])
    start = bisect_right([e.decision if (e := lines[i].event) is not None else -1 for i in mine], decision)
    for i in mine[start:]:
        if i not in taken:
            return i
    return None


def _fold(lines: list[LogLine]) -> list[LogLine]:
    """Show one reason repeated on consecutive moves (same round and phase) only once, on the last
    of those moves, naming every seat that gave it."""
    out = list(lines)
    run: list[int] = []  # indices of lines carrying the same reason, in order

    def close() -> None:
        if len(run) > 1:
            seats: list[int] = []
            for i in run:
                one = out[i].seat
                for s in out[i].seats or ((one,) if one is not None else ()):
                    if s not in seats:
                        seats.append(s)
            for i in run[:-1]:
                out[i] = replace(out[i], reason=None, seats=())
            out[run[-1]] = replace(out[run[-1]], seats=tuple(seats))
        run.clear()

    run_key: tuple[object, ...] = ()  # the reason of the lines in ``run``, with their round and phase
    for i, ln in enumerate(out):
        if ln.reason is None:
            continue
        key = (_reason_key(ln.reason), ln.round, ln.phase)
        if run and key != run_key:
            close()
        run_key = key
        run.append(i)
    close()
    return out
