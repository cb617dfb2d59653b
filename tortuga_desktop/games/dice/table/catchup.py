""""Since your last turn": how much of a table's public log each human has seen (no pygame).

The hand-over screen shows a seat the public events it has not seen since its last confirmed
decision (:func:`summary_for`); the table marks them seen when the seat confirms (:func:`mark_seen`).
One :class:`CatchUp` record per table source, forgotten with it.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Protocol

from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.rules.events import Event
from tortuga_desktop.games.dice.table.eventtext import event_text

__all__ = ["CatchUp", "PublicSide", "catch_up", "mark_seen", "public_lines", "summary_for"]


class CatchUp:
    """Remembers how much of the log each human has seen: "since your last turn" summaries."""

    def __init__(self, limit: int = 8) -> None:
        self.limit = limit
        self._seen: dict[int, int] = {}

    def since(self, seat: int, lines: Sequence[str]) -> list[str]:
        """The log lines ``seat`` has not seen yet (the last ``limit`` of them)."""
        start = self._seen.get(seat, max(0, len(lines) - self.limit))
        new = list(lines[start:])
        return new[-self.limit:]

    def mark(self, seat: int, lines: Sequence[str]) -> None:
        """``seat`` has now seen every line of ``lines``."""
        self._seen[seat] = len(lines)


class PublicSide(Protocol):
    """What the catch-up summaries read: the public view and events (a table source has them)."""

    def view(self, viewer: int | None, /) -> PlayerView: ...

    def events_for(self, viewer: int | None, /) -> Sequence[Event]: ...


_CATCHUPS: weakref.WeakKeyDictionary[PublicSide, CatchUp] = weakref.WeakKeyDictionary()


def catch_up(source: PublicSide) -> CatchUp:
    """The :class:`CatchUp` record kept for one table source, forgotten with it."""
    found = _CATCHUPS.get(source)
    if found is None:
        found = _CATCHUPS[source] = CatchUp()
    return found


def summary_for(source: PublicSide, seat: int) -> list[str]:
    """Public events ``seat`` has not seen since their last confirmed decision, in words.

    Public events only (``events_for(None)``): the summary is shown on the hand-over screen
    before the player has confirmed that they are at the screen.
    """
    return catch_up(source).since(seat, public_lines(source))


def mark_seen(source: PublicSide, seat: int) -> None:
    """``seat`` confirmed a decision: every public event so far counts as seen."""
    catch_up(source).mark(seat, public_lines(source))


def public_lines(source: PublicSide) -> list[str]:
    """Every public log line of a game (its table source) in the current language."""
    names = source.view(None).names
    return [line for e in source.events_for(None) if (line := event_text(e, names))]
