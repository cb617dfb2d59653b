"""Deduction notes: what one seat suspects about the others' loyalties ("British?", "French?", "Dutch?"),
each with how sure it is (:data:`CONFIDENCES`: a guess, likely, sure).

Tortuga 1667 is a game of deduction, so each seat may mark every other seat with a guess. The notes
are private: a seat's marks are shown only to that seat (:meth:`Notes.of`), never to another seat
and never on a shared screen. This module is the model: pure standard-library Python, immutable
values, saved as ``{seat: {other seat: mark}}`` (a mark is ``"french"`` for a guess, or
``"french:likely"`` / ``"french:sure"``; JSON turns the keys into strings; :meth:`Notes.from_dict`
accepts both) and validated when loaded (notes saved before there were confidences are guesses). The drawing and clicking widget
the table places beside each seat's name is :mod:`.notes_widget`.

>>> n = Notes.empty(5).mark(0, 3, "french").mark(0, 1, "dutch").mark(2, 0, "british")
>>> n.of(0)
{1: 'dutch', 3: 'french'}
>>> Notes.from_dict(n.to_dict(), 5) == n
True
>>> n.mark(0, 3, None).of(0)
{1: 'dutch'}
>>> m = n.surer(0, 3).surer(0, 3)
>>> m.confidence(0, 3), m.to_dict()[0][3], Notes.from_dict(m.to_dict(), 5) == m
('sure', 'french:sure', True)
>>> m.cycle(0, 3).get(0, 3), m.cycle(0, 3).confidence(0, 3)
('dutch', 'guess')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["CONFIDENCES", "MARKS", "Notes", "NotesError", "marks_in_play", "next_mark"]

#: Every mark a note may hold, in the order a click cycles through them.
MARKS: tuple[str, ...] = ("british", "french", "dutch")
#: How sure a note is, least first (the wheel over a tag steps through them; a new mark is a guess).
CONFIDENCES: tuple[str, ...] = ("guess", "likely", "sure")
_MAX_SEATS = 9


class NotesError(ValueError):
    """Notes that cannot be: a bad seat, a mark on oneself, an unknown mark, malformed data."""


def marks_in_play(players: int) -> tuple[str, ...]:
    """The marks worth making in a game of ``players``: "dutch" only when a Dutch card is dealt (odd counts, T1)."""
    return MARKS if players % 2 else MARKS[:2]


def next_mark(mark: str | None, players: int, step: int = 1) -> str | None:
    """The mark after ``mark`` when a note is clicked: none → British? → French? (→ Dutch?) → none.
    ``step=-1`` goes backwards (a right click)."""
    cycle: tuple[str | None, ...] = (None, *marks_in_play(players))
    i = cycle.index(mark) if mark in cycle else 0
    return cycle[(i + step) % len(cycle)]


def _seat(value: object, players: int, what: str) -> int:
    if isinstance(value, str) and value.isdigit() and len(value) <= 2:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise NotesError(f"{what}: {str(value)[:12]!r} is not a seat of a {players}-player game")
    return value


@dataclass(frozen=True, slots=True)
class Notes:
    """Every seat's notes on the other seats. Immutable: :meth:`mark` returns new notes."""

    players: int
    #: (seat, target, mark), sorted; at most one per (seat, target), never seat == target
    entries: tuple[tuple[int, int, str], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 2 <= self.players <= _MAX_SEATS:
            raise NotesError(f"notes are for 2-{_MAX_SEATS} players, not {str(self.players)[:12]!r}")
        seen: set[tuple[int, int]] = set()
        allowed = marks_in_play(self.players)
        for entry in self.entries:
            if not isinstance(entry, tuple) or len(entry) != 3:
                raise NotesError("a note is (seat, target, mark)")
            seat, target, mark = entry
            _seat(seat, self.players, "seat")
            _seat(target, self.players, "target")
            if not isinstance(seat, int) or not isinstance(target, int):
                raise NotesError("seats in notes are whole numbers")
            if seat == target:
                raise NotesError(f"seat {seat} cannot note its own loyalty")
            base, _, sure = mark.partition(":") if isinstance(mark, str) else (mark, "", "")
            if base not in allowed or (sure and sure not in CONFIDENCES[1:]):
                raise NotesError(f"{str(mark)[:12]!r} is not a mark of a {self.players}-player game "
                                 f"({', '.join(allowed)})")
            if (seat, target) in seen:
                raise NotesError(f"two notes of seat {seat} on seat {target}")
            seen.add((seat, target))
        if list(self.entries) != sorted(self.entries):
            object.__setattr__(self, "entries", tuple(sorted(self.entries)))

    @classmethod
    def empty(cls, players: int) -> Notes:
        return cls(players)

    def of(self, seat: int) -> dict[int, str]:
        """``seat``'s own notes, ``{target: mark}``: the only notes a screen showing ``seat`` may draw."""
        _seat(seat, self.players, "seat")
        return {t: m.partition(":")[0] for s, t, m in self.entries if s == seat}

    def confidences(self, seat: int) -> dict[int, str]:
        """How sure ``seat`` is of each of its notes, ``{target: one of CONFIDENCES}``."""
        _seat(seat, self.players, "seat")
        return {t: m.partition(":")[2] or CONFIDENCES[0] for s, t, m in self.entries if s == seat}

    def confidence(self, seat: int, target: int) -> str | None:
        """How sure ``seat``'s note on ``target`` is (None: no note)."""
        return self.confidences(seat).get(target)

    def get(self, seat: int, target: int) -> str | None:
        """``seat``'s mark on ``target``, or None."""
        return self.of(seat).get(target)

    def mark(self, seat: int, target: int, mark: str | None, confidence: str = "guess") -> Notes:
        """These notes with ``seat``'s mark on ``target`` set (None clears it), as sure as ``confidence``.
        Raises :class:`NotesError`."""
        _seat(seat, self.players, "seat")
        _seat(target, self.players, "target")
        if confidence not in CONFIDENCES:
            raise NotesError(f"{str(confidence)[:12]!r} is not a confidence ({', '.join(CONFIDENCES)})")
        rest = tuple(e for e in self.entries if (e[0], e[1]) != (seat, target))
        if mark is None:
            return Notes(self.players, rest)
        stored = mark if confidence == CONFIDENCES[0] else f"{mark}:{confidence}"
        return Notes(self.players, (*rest, (seat, target, stored)))

    def surer(self, seat: int, target: int, step: int = 1) -> Notes:
        """The wheel over ``seat``'s note on ``target``: a step surer (``step=-1``: less sure), kept
        between a guess and sure. Unchanged when there is no note."""
        mark, now = self.get(seat, target), self.confidence(seat, target)
        if mark is None or now is None:
            return self
        i = max(0, min(len(CONFIDENCES) - 1, CONFIDENCES.index(now) + step))
        return self.mark(seat, target, mark, CONFIDENCES[i])

    def cycle(self, seat: int, target: int, step: int = 1) -> Notes:
        """Click on ``seat``'s note on ``target``: the next mark (:func:`next_mark`), a guess again."""
        return self.mark(seat, target, next_mark(self.get(seat, target), self.players, step))

    def to_dict(self) -> dict[int, dict[int, str]]:
        """``{seat: {target: mark}}`` for a save (seats without notes are left out)."""
        out: dict[int, dict[int, str]] = {}
        for s, t, m in self.entries:
            out.setdefault(s, {})[t] = m
        return out

    @classmethod
    def from_dict(cls, data: Any, players: int) -> Notes:
        """Read :meth:`to_dict`'s form (keys may be ints or digit strings, as JSON gives them back);
        raises :class:`NotesError` for anything else."""
        if not isinstance(data, Mapping):
            raise NotesError("notes are a mapping {seat: {seat: mark}}")
        if len(data) > _MAX_SEATS:
            raise NotesError("too many seats in the notes")
        entries: list[tuple[int, int, str]] = []
        for seat_key, marks in data.items():
            seat = _seat(seat_key, players, "seat")
            if not isinstance(marks, Mapping):
                raise NotesError(f"seat {seat}'s notes are a mapping {{seat: mark}}")
            if len(marks) > _MAX_SEATS:
                raise NotesError(f"too many notes for seat {seat}")
            for target_key, mark in marks.items():
                entries.append((seat, _seat(target_key, players, "target"), mark))
        keys = [(s, t) for s, t, _m in entries]
        if len(set(keys)) != len(keys):  # "1" and 1 both given
            raise NotesError("a seat's note on another seat is given twice")
        return cls(players, tuple(entries))
