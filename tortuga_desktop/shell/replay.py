"""A recorded game watched again: :class:`ReplayTable`, a :class:`~.table.GameTable` over any
:class:`~.engine.Engine` and its decisions, seen from one seat or from the public.

The game's module hands it how to set the game up (``start``: a fresh engine before the first
decision) and the decisions in order (seat, action text). The table steps through them with
:meth:`ReplayTable.step` and :meth:`ReplayTable.seek`; it hands out only what the engine lets its
viewer see at the current step (a seat's view and events, or the public's), so a replay from a
seat's perspective shows what that seat knew then and no more. Nothing can be decided in it.

Jumps: an engine that can copy itself (:class:`~.engine.Snapshots`) is copied every ``snapshot_every``
entries as the table first passes them, and :meth:`ReplayTable.seek` starts from the nearest copy at or
before the wanted position (fewer than ``snapshot_every`` entries replayed, backwards or forwards); any
other engine is replayed from its start on every jump back.

Pure Python: no pygame and no game's code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Generic, cast

from tortuga_desktop.shell.engine import A, ActionRefused, E, Engine, Prompt, Snapshots, TalkEngine, V
from tortuga_desktop.shell.table import GameTable, Move, Said, SecretActions, Viewer, ViewerError


class ReplayTable(Generic[V, A, E]):
    """:class:`~.table.GameTable` for a recorded game. ``viewer``: the seat whose knowledge is shown
    (None: the public). ``record`` is the game's record as data (kept, handed out by :meth:`record`).
    ``snapshot_every``: how many entries apart the copies of a :class:`~.engine.Snapshots` engine are kept."""

    def __init__(self, start: Callable[[], Engine[V, A, E]], entries: Sequence[tuple[int, str]], *,
                 names: Sequence[str], kinds: Sequence[str], viewer: Viewer,
                 record: Mapping[str, object] | None = None, snapshot_every: int = 16) -> None:
        if isinstance(snapshot_every, bool) or not isinstance(snapshot_every, int) or snapshot_every < 1:
            raise ValueError(f"snapshot_every is a whole number from 1, not {snapshot_every!r:.20}")
        self._start = start
        self._engine = start()
        self._every = snapshot_every
        #: copies of the game at positions 0, N, 2N ... (N: ``snapshot_every``) as far as the table has been;
        #: empty for an engine that cannot copy itself
        self._snapshots: list[Engine[V, A, E]] = [self._copy(self._engine)] if isinstance(self._engine, Snapshots) \
            else []
        #: whether the game hides some actions (asked once: a protocol check costs more than a replayed step)
        self._secret = isinstance(self._engine, SecretActions)
        n = self._engine.players
        if len(names) != n or len(kinds) != n:
            raise ValueError(f"give a name and a kind for each of the {n} seats")
        if viewer is not None and (isinstance(viewer, bool) or not 0 <= viewer < n):
            raise ViewerError(f"no seat {viewer!r:.20} in a {n}-player game")
        self._entries = tuple(entries)
        #: each entry's action, parsed once here (its refusal when its text is no action: :meth:`step`
        #: raises it when the entry comes); parsing does not depend on the game's state
        self._actions = self._parsed()
        #: how many of the first i entries are decisions (not table talk, which decides nothing)
        self._decided = _decisions_before(self._engine, self._actions)
        self._names = tuple(names)
        self._kinds = tuple(kinds)
        self._viewer = viewer
        self._record = record
        self._at = 0
        self._notices: list[tuple[str, dict[str, str | int]]] = []
        self._said: list[Said] = []

    def _parsed(self) -> tuple[A | ActionRefused, ...]:
        """Each entry's action, or the engine's refusal of its text."""
        actions: list[A | ActionRefused] = []
        for _seat, text in self._entries:
            try:
                actions.append(self._engine.parse_action(text))
            except ActionRefused as exc:
                actions.append(exc)
        return tuple(actions)

    # ------------------------------------------------------------------ stepping
    @property
    def length(self) -> int:
        """How many decisions the record holds."""
        return len(self._entries)

    @property
    def position(self) -> int:
        """How many entries have been replayed (0: the start)."""
        return self._at

    @property
    def decision_total(self) -> int:
        """How many of the record's entries are decisions: a game's talk lines (:class:`~.engine.TalkEngine`)
        are entries of its record that decide nothing."""
        return self._decided[-1]

    def decisions_before(self, position: int) -> int:
        """How many decisions the first ``position`` entries hold (0 .. :attr:`decision_total`)."""
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(self._entries):
            raise ValueError(f"a replay position is 0-{len(self._entries)}, not {position!r:.20}")
        return self._decided[position]

    def step(self) -> Move[A] | None:
        """Replay the next decision; None at the end of the record. ``ActionRefused`` when the record does not
        replay (the game's module checks records when it loads them, so this is a damaged record)."""
        if self._at >= len(self._entries):
            return None
        seat, action = self._apply_next()
        seen: A | None = action
        if (self._viewer != seat and self._secret
                and not cast("SecretActions[A]", self._engine).action_visible(seat, action, self._viewer)):
            seen = None
        return Move(seat, seen, None, self._engine.decisions, self._engine.is_over)

    def _apply_next(self) -> tuple[int, A]:
        """Carry out the next entry (there is one), keeping a copy of the game where one is due."""
        seat, action = self._entries[self._at][0], self._actions[self._at]
        if isinstance(action, ActionRefused):
            raise action.with_traceback(None)  # the same refusal each time the entry comes
        self._engine.apply(seat, action)
        self._at += 1
        if self._snapshots and self._at == len(self._snapshots) * self._every:
            self._snapshots.append(self._copy(self._engine))
        return seat, action

    def seek(self, position: int) -> None:
        """Go to ``position`` (0 .. :attr:`length`): from the nearest copy of the game at or before it when it
        is nearer than the current position (or behind it), else by replaying forward; back to the start
        without copies."""
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(self._entries):
            raise ValueError(f"a replay position is 0-{len(self._entries)}, not {position!r:.20}")
        if self._snapshots:
            i = min(position // self._every, len(self._snapshots) - 1)
            at = i * self._every
            if position < self._at or at > self._at:
                self._engine = self._copy(self._snapshots[i])
                self._at = at
        elif position < self._at:
            self._engine = self._start()
            self._at = 0
        while self._at < position:
            self._apply_next()

    @staticmethod
    def _copy(engine: Engine[V, A, E]) -> Engine[V, A, E]:
        """A copy of an engine that can copy itself (:class:`~.engine.Snapshots`)."""
        return cast("Engine[V, A, E]", cast("Snapshots", engine).clone())

    # ------------------------------------------------------------------ GameTable
    @property
    def players(self) -> int:
        return self._engine.players

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def kinds(self) -> tuple[str, ...]:
        return self._kinds

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The seat whose perspective is shown (it decides nothing here)."""
        return () if self._viewer is None else (self._viewer,)

    @property
    def viewers(self) -> frozenset[Viewer]:
        return frozenset({self._viewer, None})

    @property
    def viewer(self) -> Viewer:
        return self._viewer

    @property
    def engine(self) -> Engine[V, A, E]:
        """The game at the current position, for the game's own replay screen (e.g. the whole table of a
        finished game, everything revealed: the game's module decides what it may show)."""
        return self._engine

    @property
    def is_over(self) -> bool:
        return self._engine.is_over

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        return self._notices

    @property
    def said(self) -> list[Said]:
        return self._said

    def _check(self, viewer: Viewer) -> None:
        if viewer not in self.viewers or isinstance(viewer, bool):
            raise ViewerError(f"viewer {viewer!r:.20} is not shown in this replay")

    def view(self, viewer: Viewer) -> V:
        self._check(viewer)
        return self._engine.view(viewer)

    def events_for(self, viewer: Viewer, start: int = 0) -> Sequence[E]:
        self._check(viewer)
        return self._engine.events_for(viewer, start)

    def prompt(self, seat: int) -> Prompt[V, A, E]:
        """The seat's view and events so far; nothing to decide (a replay)."""
        if seat is None or seat != self._viewer:
            raise ViewerError(f"seat {seat!r:.20} is not shown in this replay")
        return Prompt(seat, self._engine.view(seat), (), tuple(self._engine.events_for(seat)))

    def submit(self, seat: int, action: A | str) -> Move[A]:
        raise ActionRefused("nothing can be decided in a replay")

    def say(self, seat: int, line: object) -> None:
        raise ActionRefused("nothing can be said in a replay")

    def poll(self, budget_s: float = 0.0) -> list[Move[A]]:
        return []

    def thinking(self) -> tuple[int, ...]:
        return ()

    def waiting_for(self) -> tuple[int, ...]:
        return tuple(self._engine.deciders())

    def record(self) -> Mapping[str, object] | None:
        return self._record

    def close(self) -> None:
        pass


__all__ = ["ReplayTable"]


def _decisions_before(engine: Engine[V, A, E], actions: Sequence[A | ActionRefused]) -> tuple[int, ...]:
    """For each i, how many of ``actions[:i]`` are decisions (an entry that does not parse counts as one:
    :meth:`ReplayTable.step` reports it when it comes)."""
    counts = [0]
    talk = engine if isinstance(engine, TalkEngine) else None
    for action in actions:
        said = talk is not None and not isinstance(action, ActionRefused) and talk.is_talk(action)
        counts.append(counts[-1] + (0 if said else 1))
    return tuple(counts)


def _is_a_game_table(t: ReplayTable[V, A, E]) -> GameTable[V, A, E]:
    """mypy checks here that :class:`ReplayTable` implements :class:`~.table.GameTable`."""
    return t
