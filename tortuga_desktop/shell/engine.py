"""What one game's rules give the shell: the seat-facing interface every game implements.

The shell (window, scenes, menus, saves, replays, statistics, lobby) names no game type. A game
hands it an :class:`Engine` (its rules, or a thin adapter over them) and :class:`ComputerPlayer` s;
the shell's local table runs any engine with humans at this screen and computer players, and hands
each seat only what :meth:`Engine.view` and :meth:`Engine.events_for` give that seat.

Pure Python: no pygame, no application code (``tests`` prove it for the whole ``shell`` engine side).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, Self, TypeVar, runtime_checkable

#: a seat's view (frozen, typed, built by allow-list by the game)
V = TypeVar("V")
#: an action (a hashable value with a text form: ``str(action)`` parses back)
A = TypeVar("A")
#: a typed event
E = TypeVar("E")

V_co = TypeVar("V_co", covariant=True)
E_co = TypeVar("E_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
E_contra = TypeVar("E_contra", contravariant=True)


class ActionRefused(ValueError):
    """An action the engine refused (not legal now, not this seat's turn, not an action): nothing changed.

    Adapters raise it (or a subclass) for every refusal, whatever the game's own error types are."""


class Engine(Protocol[V_co, A, E_co]):
    """One game in progress, seen seat by seat.

    Simultaneous decisions (1667's votes) are several seats in :meth:`deciders` at once; each
    decides in any order, and nothing is revealed until all have.
    """

    @property
    def players(self) -> int:
        """How many seats the game has (seats are 0 .. players-1)."""
        ...

    @property
    def decisions(self) -> int:
        """How many decisions have been applied so far (the game's clock)."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    def deciders(self) -> tuple[int, ...]:
        """The seats with an open decision now, in seat order; empty once the game is over."""
        ...

    def legal_actions(self, seat: int) -> Sequence[A]:
        """Every action ``seat`` may take now (empty when it has nothing to decide)."""
        ...

    def parse_action(self, text: str) -> A:
        """The action whose text form is ``text``; :class:`ActionRefused` when it is none."""
        ...

    def apply(self, seat: int, action: A) -> None:
        """Carry out ``seat``'s ``action``; :class:`ActionRefused` (and no change) when refused."""
        ...

    def view(self, seat: int | None) -> V_co:
        """What ``seat`` may see now; ``None``: the public view (a shared screen, a watcher)."""
        ...

    def events_for(self, seat: int | None, start: int = 0) -> Sequence[E_co]:
        """The events ``seat`` may see (None: public ones), from index ``start`` of that seat's list."""
        ...

    def record(self) -> Mapping[str, object]:
        """The game as data (seed, setup, every decision in order): JSON-ready, replayable by its module."""
        ...


@dataclass(frozen=True)
class Reason:
    """Why a computer player chose its action, as data: a key and the game values it names (seats,
    cards, actions: never words). Each game's reasons are this type or a kind of it with its own
    wording (the dice game's and Tortuga 1667's ``Reason``); words are made at the edge."""

    key: str
    params: tuple[tuple[str, int | str], ...] = ()

    def param(self, name: str) -> int | str | None:
        """The value of parameter ``name`` (None: the reason has none)."""
        return dict(self.params).get(name)


@dataclass(frozen=True)
class Choice(Generic[A]):
    """A computer player's decision and, when it can say, why (typed: words are made at the edge)."""

    action: A
    reason: Reason | None = None


class ComputerPlayer(Protocol[V_contra, A, E_contra]):
    """A computer player for one seat. It is given only that seat's view and events."""

    def observe(self, events: Sequence[E_contra]) -> None:
        """Events this seat may see, in order, since the previous call."""
        ...

    def decide(self, view: V_contra, legal: Sequence[A]) -> Choice[A]:
        """Choose one of ``legal`` (never empty) for the open decision in ``view``."""
        ...


@runtime_checkable
class TalkEngine(Protocol):
    """An engine that keeps table talk as moves: a seat's line (the game's own typed talk) becomes an event of
    the game that every seat may see and an entry of its record (replays, saves and the network carry it); it
    binds nobody and moves no decision counter (:attr:`Engine.decisions`)."""

    def is_talk(self, line: object) -> bool:
        """True when ``line`` is a line of this game's talk (it may still be refused by :meth:`say`)."""
        ...

    def say(self, seat: int, line: object) -> None:
        """``seat`` says ``line``; :class:`ActionRefused` (nothing changed) for a line the game does not take now."""
        ...


@runtime_checkable
class Snapshots(Protocol):
    """An engine that can copy itself: a replay (:class:`~.replay.ReplayTable`) keeps copies of the game every
    few decisions and jumps to any position from the nearest one instead of replaying from the start. Optional:
    an engine without it is replayed from its start."""

    def clone(self) -> Self:
        """An independent copy of the game as it stands now (the same type): applying actions to either
        changes nothing of the other, and the copy sees and does exactly what the original would."""
        ...


@dataclass(frozen=True)
class Prompt(Generic[V, A, E]):
    """What one seat is handed when it is asked (or may look): its view, its legal actions
    (empty: nothing to decide now) and the events it may see since its previous prompt."""

    seat: int
    view: V
    legal: tuple[A, ...]
    events: tuple[E, ...]

    @property
    def open(self) -> bool:
        """True when the seat has a decision to make."""
        return bool(self.legal)


class GameRules(Protocol):
    """One game's rules as every game-neutral tool sees them (the conformance tests, ``sim``,
    ``arena``): pure Python, no pygame. Each game's package gives one (the catalogue in
    :mod:`tortuga_desktop.games` names where); nothing here names a game."""

    @property
    def key(self) -> str:
        """The game's key (the one its files and network tables carry)."""
        ...

    @property
    def cli_names(self) -> tuple[str, ...]:
        """Other names a command line's ``--game`` accepts for it."""
        ...

    @property
    def min_players(self) -> int:
        """The fewest seats a game may have."""
        ...

    @property
    def max_players(self) -> int:
        """The most seats a game may have."""
        ...

    @property
    def levels(self) -> tuple[str, ...]:
        """Its computer players' levels, weakest first ("random" first where it has one)."""
        ...

    def new_engine(self, players: int, seed: int) -> Engine[object, object, object]:
        """A new game with ``players`` seats from ``seed`` (the game's errors for bad settings)."""
        ...

    def replay(self, record: Mapping[str, object]) -> Engine[object, object, object]:
        """The game an :meth:`Engine.record` describes, replayed to its last decision."""
        ...

    def check(self, engine: object) -> list[str]:
        """Every broken invariant of the game's state, in words; empty: sound."""
        ...

    def redeal(self, engine: object, seat: int | None, seed: int) -> Engine[object, object, object]:
        """A game at the same moment that differs only in what ``seat`` (None: a watcher) may not
        know, drawn again from ``seed``: that seat's view of it must be the same (the no-leak property)."""
        ...

    @property
    def bot_factory(self) -> str:
        """Where its computer players are made: ``"package.module:function"``, called as
        ``function(level, seed)`` (a level of :attr:`levels`) to return a :class:`ComputerPlayer` (what
        the shell's ``BotSpec`` names, so a worker process can build one)."""
        ...

    def tool(self, name: str) -> Callable[[Sequence[str] | None], int] | None:
        """The game's own command behind a game-neutral one (``"sim"``, ``"arena"``): its ``main``
        taking the remaining arguments, or None when the game has none."""
        ...


__all__ = ["A", "ActionRefused", "Choice", "ComputerPlayer", "E", "Engine", "GameRules", "Prompt", "Snapshots", "TalkEngine", "V"]
