"""A table source: everything the table screen is handed about one game, in seat terms.

The table scene, the decision panel, hints, review, results, the hand-over and statistics work on
a :class:`TableSource` only. What a source hands out for a seat is that seat's view (R9, built by
allow-list), the events that seat may see, and that seat's prompt (:class:`~..rules.prompt.SeatPrompt`);
for the public viewer (``None``) the public view and events. A source never hands out a ``Game`` or
the engine's state: the local source owns its ``Game`` privately, a network source only ever holds
what the server sent to its seat, a replay only what the recorded seat saw.

Implemented by:

* the local game (solo, hot-seat, the tutorial's scripted game): ``controller.LocalTableSource``;
* the network client (``seatremote``): the seats of this computer, the rest from the server;
* a replay of one seat's record.

Which viewers a screen may show is the source's :attr:`TableSource.viewers`: the seats played at
this screen and the public viewer ``None``. Asking for any other viewer is a :class:`ViewerError`
(a programming error, never a silent public view).

Moves: :meth:`TableSource.submit` and :meth:`TableSource.poll` return :class:`TableMove` s — one
decision each, applied already; the table animates from the view before to the view after. A move
carries the views and events of the allowed viewers right after it (never a game snapshot).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import Decision, DecisionKind, Outcome, PlayerAction, PlayerView
from tortuga_desktop.games.dice.rules.events import Event
from tortuga_desktop.games.dice.rules.prompt import SeatPrompt
from tortuga_desktop.games.dice.rules.record import GameRecord
from tortuga_desktop.shell.table import Viewer, ViewerError


@dataclass(frozen=True)
class LogLine:
    """One line of the game log as shown to a viewer: an event with, when a bot explained that
    move, its reason (an older form: a reason alone, under the line of its move). Words are made
    at drawing time, in the current language."""

    round: int
    event: Event | None = None
    reason: Reason | None = None
    #: the seat the line is about (with a reason: the bot that gave it)
    seat: int | None = None
    #: the phase of the round the line belongs to ("setup", "dice", "actions", "move", "over")
    phase: str = ""
    #: every seat that gave ``reason`` on consecutive moves (repeats folded into this line)
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Shown:
    """What one viewer sees right after a move: its view and all its visible events so far."""

    view: PlayerView
    events: tuple[Event, ...]


class SeatInfo(Protocol):
    """Who plays a seat, as the table shows it: name, kind ("human", a computer strength, or
    "remote" for another computer's player) and colour index (``palette.PLAYER_COLOURS``).
    ``saves.SeatConfig`` is one."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def colour(self) -> int: ...


@dataclass
class TableMove:
    """One applied decision as the table shows it: who decided what, and what each allowed viewer
    sees right after it. Replaces the old ``GameEvent`` (which carried a whole ``Game``).

    ``action`` is None when this screen may not know it (another computer's seat in a network
    game, a hidden choice of another seat); ``reason`` is a computer player's explanation when it
    may be shown. ``viewers`` are the viewers :meth:`shown` answers for; the data behind them is
    the source's business (computed lazily by the local source, received by a network source).
    """

    seat: int
    kind: DecisionKind
    action: PlayerAction | None
    reason: Reason | None
    #: the game's decision count right after this move (every viewer's ``view.decisions``)
    decisions: int
    is_over: bool
    viewers: frozenset[Viewer]
    _shown: Callable[[Viewer], Shown] = field(repr=False)
    by_bot: bool = True
    _cache: dict[Viewer, Shown] = field(default_factory=dict, repr=False)

    def shown(self, viewer: Viewer) -> Shown:
        """What ``viewer`` sees right after this move; :class:`ViewerError` for a viewer the
        source may not show."""
        if viewer not in self.viewers:
            raise ViewerError(f"viewer {viewer!r} is not shown at this table")
        if viewer not in self._cache:
            self._cache[viewer] = self._shown(viewer)
        return self._cache[viewer]

    def view(self, viewer: Viewer) -> PlayerView:
        """The game right after this move as ``viewer`` sees it."""
        return self.shown(viewer).view

    def events_for(self, viewer: Viewer) -> tuple[Event, ...]:
        """Every event ``viewer`` may see, up to and including this move's."""
        return self.shown(viewer).events

    @classmethod
    def from_shown(cls, seat: int, kind: DecisionKind, action: PlayerAction | None, reason: Reason | None,
                   shown: Mapping[Viewer, Shown], *, by_bot: bool = True) -> TableMove:
        """A move from the views already known (a network or replay source)."""
        if None not in shown:
            raise ValueError("a move needs at least the public view")
        public = shown[None].view
        data = dict(shown)
        return cls(seat, kind, action, reason, public.decisions, public.is_over, frozenset(data),
                   data.__getitem__, by_bot)


@dataclass(frozen=True)
class SeatRecord:
    """What one seat saw of a game and what it did: its prompts in order (each with the events
    since the previous one) and its answers (``actions[i]`` answers the i-th prompt that had a
    decision; an unanswered last prompt has none). Enough to replay the game from that seat's
    perspective, and all a network client may keep (with its reclaim token)."""

    seat: int
    names: tuple[str, ...]
    prompts: tuple[SeatPrompt, ...]
    actions: tuple[PlayerAction, ...]


@runtime_checkable
class TableSource(Protocol):
    """Everything the table screen needs from a game, in seat terms (see the module doc).

    The frame loop calls :meth:`poll` every frame: it never blocks (unless ``budget_s`` > 0, used
    at the instant speed), so sources think, wait for the network or read files elsewhere.
    """

    @property
    def seats(self) -> Sequence[SeatInfo]:
        """Who plays each seat (names, kinds, colours), in seat order."""

    @property
    def human_seats(self) -> Sequence[int]:
        """The seats whose decisions are made at this screen (the humans here), in seat order."""

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        """Faults during play to show as short notices: (translation key, parameters). The table
        pops them; the source has logged them."""

    @property
    def players(self) -> int:
        """How many seats the game has."""

    @property
    def viewers(self) -> frozenset[Viewer]:
        """The viewers this screen may show: :attr:`human_seats` and None (the public view)."""

    # -- what a viewer sees now -----------------------------------------------------------

    def view(self, viewer: Viewer) -> PlayerView:
        """The game now as ``viewer`` sees it (:class:`ViewerError` outside :attr:`viewers`)."""

    def events_for(self, viewer: Viewer) -> Sequence[Event]:
        """Every event ``viewer`` may see so far, in order."""

    def log(self, viewer: Viewer, move: TableMove | None = None) -> list[LogLine]:
        """The game log ``viewer`` may read, with the bots' reasons on their lines: as it is now,
        or as it stood right after ``move``."""

    @property
    def decisions(self) -> int:
        """How many decisions the game has had so far (its clock: a view's ``decisions``)."""

    def search_seed(self, seat: int) -> int:
        """The seed of a search (a hint) for ``seat``'s open decision: the same number the game
        review uses at that decision, so the hint and the review agree."""

    def last_decision(self, seat: int) -> int:
        """The game's decision count right after ``seat``'s latest decision (or when this table
        opened, if the source does not know): what "since your last decision" counts from."""

    # -- deciding ------------------------------------------------------------------------

    def waiting(self) -> list[Decision]:
        """The decisions waiting for a seat at this screen, in seat order (empty once halted)."""

    def prompt(self, seat: int) -> SeatPrompt:
        """``seat``'s prompt now: its view, its open decision (None: nothing to decide), its legal
        actions and its events since its previous prompt (``seat`` must be in :attr:`human_seats`)."""

    def submit(self, seat: int, action: PlayerAction | str) -> TableMove:
        """Send ``seat``'s decision. Raises :class:`~..rules.RulesError` when it is refused
        (nothing changes); a local source returns the applied move at once."""

    def poll(self, start_new: bool = True, budget_s: float = 0.0) -> list[TableMove]:
        """The moves that arrived since the last call (bots answered, the network reported).
        ``start_new`` False: collect finished work but ask no computer player for the next
        decision (the table holds the game while an animation plays)."""

    # -- the table's indicators ------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a decision is being made elsewhere (a bot thinking, another player)."""

    @property
    def think_started(self) -> float | None:
        """When the decision shown as "thinking" came up (``time.perf_counter`` clock), or None."""

    def thinking_seat(self) -> int | None:
        """The seat shown as thinking (never chosen by whether its search is still running, which
        would tell a forced choice from a real one)."""

    def waiting_for(self) -> list[int]:
        """The seats elsewhere the game waits for (a network game; empty for a local one)."""

    @property
    def halted(self) -> bool:
        """True when the game cannot go on (a fault inside the engine): nobody is asked any more."""

    # -- the end ----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R8)."""

    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over (R8), else None."""

    def record(self, seat: int) -> SeatRecord:
        """``seat``'s record: its prompts and its actions so far."""

    def game_record(self) -> GameRecord | None:
        """The whole game's record when this screen may replay all of it (a local game), else None."""

    def reasons(self) -> Mapping[int, tuple[int, Reason]]:
        """The computer players' explanations this screen may show (a replay keeps them):
        decision number -> (seat, reason)."""

    def close(self) -> None:
        """Stop any background work (an unfinished answer is dropped)."""


__all__ = ["LogLine", "SeatInfo", "SeatRecord", "Shown", "TableMove", "TableSource", "Viewer", "ViewerError"]
