"""The table a screen plays at: :class:`GameTable`, and :class:`LocalTable`, which runs any
:class:`~.engine.Engine` at this computer (solo and hot-seat).

A table scene, the shell and the end screen talk to a :class:`GameTable` only; the local game,
the network client and a replay each implement it. A table hands out only what the engine gives
a seat this screen may show (:attr:`GameTable.viewers`): views, events, prompts and the moves as
that screen may know them.

:class:`LocalTable` owns the engine. Humans at this screen decide through :meth:`~LocalTable.prompt`
and :meth:`~LocalTable.submit`; computer seats are asked in :meth:`~LocalTable.poll`, which never
blocks the frame loop. How computer players think is chosen per table:

- ``"process"`` (the game): the computer players live in one home of the program's thinking host
  (:func:`~.thinkhost.shared_host`, shared with every other game's thinking): a worker process builds
  each from its :class:`BotSpec` and is sent, per seat, only that seat's events, view and legal actions;
- ``"thread"``: the same in a thinking host of the table's own on a thread of this process;
- ``"inline"`` (tests, scripts): each decision is made inside :meth:`~LocalTable.poll`.

A computer player that fails (raises, or returns an action that is not legal) is logged (the fault's
type and place, nothing of the game), reported as a notice (once per seat and game), and rebuilt from
its :class:`BotSpec` and fed its seat's events again; it is then asked again. It is never replaced by a
random move. After :data:`MAX_FAULTS` faults in a row a seat is given up (another notice) and waits:
:meth:`LocalTable.take_over` hands it to a human at this screen. One that does not answer for
``stuck_s`` is a fault too: its task is cancelled (the host ends that worker) and the seats are built
again. When the worker keeping the players ends (killed, a crash), they are built again in a new home
from their seats' events (one notice for a run of such ends); when the host gives up on worker
processes (they cannot start here, e.g. they cannot import the program), the players think on its
thread from then on (:attr:`LocalTable.think_fallback` says why; the notice is shown once for the
program, by whichever game meets it first).

Pure Python: no pygame and no game's code.
"""

from __future__ import annotations

import importlib
import itertools
import logging
import time
import traceback
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass, field
from typing import Generic, Literal, Protocol, TypeVar, cast, runtime_checkable

from tortuga_desktop.shell.engine import (
    A,
    ActionRefused,
    Choice,
    ComputerPlayer,
    E,
    Engine,
    Prompt,
    TalkEngine,
    V,
)
from tortuga_desktop.shell.thinkhost import Home, ThinkHost, shared_host

log = logging.getLogger(__name__)

#: who looks at a table: a seat decided at this screen, or None (the public view: a shared screen)
Viewer = int | None

#: seat kinds every table knows besides a game's computer levels ("remote" and "open": seats of a network table)
HUMAN, REMOTE, OPEN = "human", "remote", "open"
#: faults in a row after which a computer seat is given up (it then waits; see :meth:`LocalTable.take_over`)
MAX_FAULTS = 3
#: seconds a computer player in a worker process may think before it counts as stuck (a fault); the
#: slowest 1667 level (Hard) answers in under 4 s on a busy machine
STUCK_S = 120.0
#: how computer players think: see the module docstring
THINK_MODES = ("process", "thread", "inline")


def default_think() -> str:
    """How computer players think in this program: in a worker process (the one-file executable too)."""
    return "process"

A_contra = TypeVar("A_contra", contravariant=True)


class ViewerError(LookupError):
    """A seat or viewer this table does not show (not in :attr:`GameTable.viewers`, or not a human seat here)."""


class NotConnected(ActionRefused):
    """A table played over a network cannot take a move now: the connection to it is down and being
    made again (nothing was sent; the decision stays open and can be made once it is back)."""


@dataclass(frozen=True)
class Move(Generic[A]):
    """One decision carried out, as the screen that gets it may know it."""

    #: who decided
    seat: int
    #: the action; None when this screen may not know it (another seat's vote card)
    action: A | None
    #: a computer player's typed reason (words are made at the edge); None for humans
    reason: object | None
    #: the game's clock (:attr:`Engine.decisions`) right after it
    decisions: int
    #: True when this move ended the game
    is_over: bool


@dataclass(frozen=True)
class Said:
    """A line of table talk from a computer seat: typed data (the game's own type); words are made at the edge."""

    seat: int
    line: object


@dataclass(frozen=True)
class BotSpec:
    """How to build one computer player, in any process: ``factory`` is an import path
    ``"package.module:function"``; the function is called as ``function(level, seed)`` and returns a
    :class:`~.engine.ComputerPlayer`. Picklable, so a worker process can build the bot itself.

    ``make``, when given, is a factory of this process called the same way instead (a test's or a scripted
    tutorial's players): such a spec cannot travel to a worker process, so only a table whose players think
    on a thread or inline takes it."""

    factory: str
    level: str
    seed: int
    make: Callable[[str, int], ComputerPlayer[object, object, object]] | None = field(
        default=None, compare=False, repr=False)

    def build(self) -> ComputerPlayer[object, object, object]:
        """Import the factory and make the computer player (typed ``object``: the worker knows no game; it
        only passes on what the table sent for the player's seat)."""
        if self.make is not None:
            return self.make(self.level, self.seed)
        module, sep, name = self.factory.partition(":")
        if not sep or not module or not name:
            raise ValueError(f"a bot factory is 'package.module:function', not {self.factory!r}")
        func = getattr(importlib.import_module(module), name)
        player: ComputerPlayer[object, object, object] = func(self.level, self.seed)
        return player


@runtime_checkable
class SecretActions(Protocol[A_contra]):
    """An engine whose actions are not all public (1667's vote cards) says who may know one."""

    def action_visible(self, seat: int, action: A_contra, viewer: int | None) -> bool:
        """True when ``viewer`` (None: the public) may know that ``seat`` took ``action``."""
        ...


@runtime_checkable
class Timed(Protocol):
    """A computer player that can cut its thinking short to be done by a moment (a table that paces its
    answers tells it when the answer will be shown)."""

    def decide_by(self, view: object, legal: Sequence[object], deadline: float) -> Choice[object]:
        """:meth:`~.engine.ComputerPlayer.decide`, done by ``deadline`` (a ``time.perf_counter`` moment)."""
        ...


@runtime_checkable
class Talker(Protocol):
    """A computer player that speaks at the table (typed lines; words are made at the edge). Talk is
    outside the rules: what it says never changes what it decides."""

    def talk(self, view: object) -> Sequence[object]:
        """What it says now about the events it has observed since it last spoke (``view``: its seat's
        view now); may be empty."""
        ...

    def answer(self, view: object, asker: int | None) -> Sequence[object]:
        """What it says when ``asker`` (None: the whole table) asks it about itself."""
        ...


class GameTable(Protocol[V, A, E]):
    """What a table scene and the shell use: one game, seen from this screen.

    Every method that takes a viewer or seat raises :class:`ViewerError` for one this screen may not show."""

    @property
    def players(self) -> int:
        """Seats in the game (0 .. players-1)."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """Per seat: the name shown."""
        ...

    @property
    def kinds(self) -> tuple[str, ...]:
        """Per seat: "human", a computer player's level (the game's own words), "remote" or "open"."""
        ...

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The seats decided at this screen."""
        ...

    @property
    def viewers(self) -> frozenset[Viewer]:
        """Who may be shown at this screen: :attr:`human_seats` and None (the public view)."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        """Faults to show (translation key, parameters): the table scene pops them."""
        ...

    @property
    def said(self) -> list[Said]:
        """Table talk from computer seats not yet shown: the table scene pops it."""
        ...

    def view(self, viewer: Viewer) -> V:
        """What ``viewer`` may see now."""
        ...

    def events_for(self, viewer: Viewer, start: int = 0) -> Sequence[E]:
        """The events ``viewer`` may see, from index ``start`` of that viewer's list."""
        ...

    def prompt(self, seat: int) -> Prompt[V, A, E]:
        """``seat``'s view, its legal actions and the events it may see since its previous prompt."""
        ...

    def submit(self, seat: int, action: A | str) -> Move[A]:
        """Carry out a human seat's action (or its text form); :class:`ActionRefused`: nothing changed."""
        ...

    def say(self, seat: int, line: object) -> None:
        """A human seat here speaks to the table (``line``: the game's typed talk; every seat hears it as an
        event of the game). :class:`ActionRefused` (nothing changed) when the game has no such talk or does not
        take the line now."""
        ...

    def poll(self, budget_s: float = 0.0) -> list[Move[A]]:
        """Computer seats' moves made since the last call. Never blocks; ``budget_s`` > 0 (instant
        speed only) lets it go on deciding for that long."""
        ...

    def thinking(self) -> tuple[int, ...]:
        """Computer seats deciding now."""
        ...

    def waiting_for(self) -> tuple[int, ...]:
        """Every seat with an open decision now."""
        ...

    def record(self) -> Mapping[str, object] | None:
        """The whole game as data when this screen may have it (a local game), else None."""
        ...

    def close(self) -> None:
        """Stop thinking and let go of workers; the table answers nothing new afterwards."""
        ...


# ---------------------------------------------------------------------------------------------
# The computer players' side: kept in a home of the thinking host (shell/thinkhost.py: a worker
# process, or its thread) or, inline, in this process.


@dataclass
class _Seat:
    spec: BotSpec
    player: ComputerPlayer[object, object, object] | None = None


# The messages to the table's computer players (pickled between processes: the engine's types are not known
# there, so views, events and actions travel as ``object``):
_Build = tuple[Literal["build"], int, BotSpec, tuple[object, ...]]  # seat, spec, events
_Hear = tuple[Literal["hear"], int, tuple[object, ...], object]  # seat, events, view
_Ask = tuple[Literal["ask"], int, tuple[object, ...], object, "int | None"]  # seat, events, view, asker
# seat, job, events, view, legal, deadline (a ``time.perf_counter`` moment to be done by, or None)
_Decide = tuple[Literal["decide"], int, int, tuple[object, ...], object, tuple[object, ...], "float | None"]
ToPlayers = _Build | _Hear | _Ask | _Decide
# Their replies (and ``("dead",)`` when the worker keeping them ended unasked):
_Chose = tuple[Literal["choice"], int, int, object, object, tuple[object, ...], float]  # seat, job, action, reason, said, think_s
_Spoke = tuple[Literal["said"], int, int, tuple[object, ...]]  # seat, -1, lines
_Failed = tuple[Literal["fault"], int, int, str]  # seat, job (-1: outside a decision), where
_Dead = tuple[Literal["dead"]]
FromPlayers = _Chose | _Spoke | _Failed | _Dead


class TableBots:
    """The computer players of one table, wherever they think (a home of the thinking host, or this
    process). Messages in, replies out:

    - ``("build", seat, spec, events)``: (re)build the seat's player and feed it ``events``;
    - ``("hear", seat, events, view)``: feed ``events``; a :class:`Talker` may speak;
    - ``("ask", seat, events, view, asker)``: feed ``events``; a :class:`Talker` answers ``asker``;
    - ``("decide", seat, job, events, view, legal, deadline)``: feed ``events``, then decide (by ``deadline``
      when it is not None and the player is :class:`Timed`), and maybe speak.

    Replies: ``("choice", seat, job, action, reason, said, think_s)``, ``("said", seat, -1, lines)``
    or ``("fault", seat, job, where)`` (``job`` is -1 for a fault outside a decision)."""

    def __init__(self) -> None:
        self.seats: dict[int, _Seat] = {}

    def handle(self, msg: ToPlayers) -> _Chose | _Spoke | _Failed | None:
        op, seat = msg[0], msg[1]
        job = msg[2] if msg[0] == "decide" else -1
        try:
            if msg[0] == "build":
                spec, events = msg[2], msg[3]
                slot = self.seats[seat] = _Seat(spec)
                slot.player = spec.build()
                if events:
                    slot.player.observe(events)
                return None
            player = self.seats[seat].player
            if player is None and op in ("hear", "ask"):
                return None  # it failed; the table rebuilds it (its fault is already reported)
            if player is None:
                raise RuntimeError("computer player not built")
            if msg[0] == "decide":
                _op, _seat, _job, events, view, legal, deadline = msg
                if events:
                    player.observe(events)
                t0 = time.perf_counter()
                if deadline is not None and isinstance(player, Timed):
                    choice = player.decide_by(view, legal, deadline)
                else:
                    choice = player.decide(view, legal)
                think_s = time.perf_counter() - t0
                said = tuple(player.talk(view)) if isinstance(player, Talker) else ()
                return ("choice", seat, job, choice.action, choice.reason, said, think_s)
            if msg[0] == "hear" or msg[0] == "ask":
                events, view = msg[2], msg[3]
                if events:
                    player.observe(events)
                if not isinstance(player, Talker):
                    return None
                lines = tuple(player.talk(view) if msg[0] == "hear" else player.answer(view, msg[4]))
                return ("said", seat, -1, lines) if lines else None
            raise ValueError(f"unknown message {op!r}")
        except Exception as exc:  # a fault of the bot: reported, the table rebuilds it
            self.seats.get(seat, _Seat(BotSpec("", "", 0))).player = None
            return ("fault", seat, job, _where(exc))


def players_task(state: dict[str, object], msg: ToPlayers) -> _Chose | _Spoke | _Failed | None:
    """The thinking host's task for a table's computer players: ``state`` is the table's home there."""
    bots = state.get("bots")
    if not isinstance(bots, TableBots):
        bots = state["bots"] = TableBots()
    return bots.handle(msg)


#: :func:`players_task` as the thinking host names it
PLAYERS_TASK = f"{__name__}:players_task"


def _where(exc: BaseException) -> str:
    """A fault's type and innermost place (file:line): never its message, which may name hidden facts."""
    tb = traceback.extract_tb(exc.__traceback__)
    place = f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""
    return f"{type(exc).__name__}{place}"


class _Players:
    """Where a table's computer players think: ``send`` and ``replies`` never block (``replies`` waits up
    to ``timeout`` for the next one). ``host`` None: inline, each message handled in :meth:`send`;
    else in a :class:`~.thinkhost.Home` of ``host``, replies in the order sent. A home whose worker
    ended gives one ``("dead",)``."""

    def __init__(self, host: ThinkHost | None) -> None:
        self.host = host
        self.home: Home | None = host.home() if host is not None else None
        self._inline = TableBots()
        self._out: list[FromPlayers] = []
        self._pending: deque[Future[_Chose | _Spoke | _Failed | None]] = deque()

    def send(self, msg: ToPlayers) -> None:
        if self.home is None:
            r = self._inline.handle(msg)
            if r is not None:
                self._out.append(r)
            return
        try:
            self._pending.append(self.home.submit(PLAYERS_TASK, msg))
        except RuntimeError as exc:  # the host was shut down (the program ends) or the home closed
            dead: Future[_Chose | _Spoke | _Failed | None] = Future()
            dead.set_exception(exc)
            self._pending.append(dead)

    def replies(self, timeout: float = 0.0) -> list[FromPlayers]:
        out, self._out = self._out, []
        if timeout > 0 and self._pending and not self._pending[0].done():
            futures_wait([self._pending[0]], timeout=timeout)
        while self._pending and self._pending[0].done():
            fut = self._pending.popleft()
            if fut.cancelled():
                continue
            if fut.exception() is not None:  # its worker ended (state gone): what follows fails too
                out.append(("dead",))
                self.drop()
                break
            r = fut.result()
            if r is not None:
                out.append(r)
        return out

    def drop(self) -> None:
        """Cancel what is not answered (a running task's worker is ended) and let the home go."""
        for fut in self._pending:
            fut.cancel()
        self._pending.clear()
        if self.home is not None:
            self.home.close()

    def close(self) -> None:
        self.drop()
        self._inline.seats.clear()


# ---------------------------------------------------------------------------------------------
# The local table


@dataclass
class _Job:
    id: int
    #: the game's clock when it was asked
    asked_at: int
    #: ``time.perf_counter()`` when it was sent
    sent: float
    #: when its answer may be shown (the table's clock; None: when it comes), see ``pace``
    release_at: float | None = None
    #: its answer, held until ``release_at``
    reply: _Chose | None = None
    #: the table's clock when it was asked
    started: float = 0.0


@dataclass
class _BotSeat:
    spec: BotSpec
    #: how many of the seat's events the player has been given
    fed: int = 0
    job: _Job | None = None
    faults: int = 0
    given_up: bool = False
    #: when the last answered job was sent (``time.perf_counter()``)
    job_sent: float = 0.0
    #: its restart was shown (once per game)
    told: bool = False


class LocalTable(Generic[V, A, E]):
    """:class:`GameTable` for an engine at this computer: solo (one human) and hot-seat (several).

    ``humans`` and the keys of ``bots`` must together be every seat, once. :meth:`poll` returns the
    moves as this screen may know them: with one human, as that seat may; otherwise as the public
    (a shared screen). :meth:`submit` returns the submitter's own move in full.

    ``pace`` paces the computer players' answers for a game that needs it (the dice game's R9.1: timing
    must not tell a forced choice from a chosen one): called as ``pace(seat, level)`` when a seat is asked,
    it gives the seconds after which its answer may be shown (drawn then, without looking at the options)
    and the deadline the player is told to be done by (:class:`Timed`; a ``time.perf_counter`` moment, or
    whatever clock that player reads), or None (shown when it comes). An answer that comes earlier is held
    until then. ``clock`` is the clock of those holds (tests inject one).

    ``on_move`` is called with each move right after it was carried out (as :meth:`submit` or :meth:`poll`
    return it), before anything else happens in the game: a game's table uses it to keep what each move
    showed, or to save. Its fault is logged and shown once; it never stops the game.

    A fault inside the engine (anything but :class:`~.engine.ActionRefused` from ``apply``) stops the game
    (:attr:`halted`, one notice): nobody is asked any more and :meth:`submit` refuses. The engine is
    expected to leave its state as it was before the failing move."""

    def __init__(self, engine: Engine[V, A, E], *, names: Sequence[str], kinds: Sequence[str],
                 humans: Sequence[int], bots: Mapping[int, BotSpec], think: str = "process",
                 stuck_s: float = STUCK_S, pace: Callable[[int, str], tuple[float, float] | None] | None = None,
                 clock: Callable[[], float] = time.perf_counter,
                 on_move: Callable[[Move[A]], None] | None = None) -> None:
        n = engine.players
        if len(names) != n or len(kinds) != n:
            raise ValueError(f"give a name and a kind for each of the {n} seats")
        if any(not isinstance(k, str) or not k for k in kinds):
            raise ValueError("a seat's kind is 'human' or a computer player's level")
        seats = sorted([*humans, *bots])
        if seats != list(range(n)):
            raise ValueError(f"humans and computer players must be the seats 0-{n - 1}, each once")
        if any(kinds[s] != "human" for s in humans) or any(kinds[s] == "human" for s in bots):
            raise ValueError("a human seat's kind is 'human'; a computer seat's is not")
        if think not in THINK_MODES:
            raise ValueError(f"think is one of {', '.join(THINK_MODES)}, not {think!r}")
        if think == "process" and any(spec.make is not None for spec in bots.values()):
            raise ValueError("a computer player made in this process (BotSpec.make) thinks on a thread or inline")
        self._engine = engine
        self._names = tuple(names)
        self._kinds = tuple(kinds)
        self._humans = tuple(sorted(humans))
        self._viewers: frozenset[Viewer] = frozenset([*self._humans, None])
        self._bots = {s: _BotSeat(spec) for s, spec in sorted(bots.items())}
        self._think = think
        self._stuck_s = stuck_s
        self._jobs = itertools.count(1)
        self._prompted: dict[int, int] = dict.fromkeys(self._humans, 0)
        self._notices: list[tuple[str, dict[str, str | int]]] = []
        self._said: list[Said] = []
        #: per game: computer seats speak at the table (False: they are not asked to, and say nothing)
        self.bot_chat = True
        #: per computer decision: (seat, seconds it thought, seconds from asking to its answer here)
        self.think_times: list[tuple[int, float, float]] = []
        self._closed = False
        self._pace = pace
        self._clock = clock
        self.on_move = on_move
        #: while it returns True, no computer seat is asked and no answer is carried out (an answer that came
        #: waits): a guided game's coach holds the table between moves
        self.hold: Callable[[], bool] | None = None
        #: answers shown later than their release time (see ``pace``): a machine too busy for the deadline
        self.late = 0
        #: True once a fault inside the engine stopped the game (see the class doc)
        self.halted = False
        self._told: set[str] = set()
        #: replies :meth:`wait` received, carried out by the next :meth:`poll`
        self._early: list[tuple[FromPlayers, float]] = []
        #: seats whose decision was asked and then lost with their worker: asked again even while the game is
        #: held (``poll(start_new=False)``), as it is no new decision
        self._reask: set[int] = set()
        #: worker ends in a row without a move in between
        self._deaths = 0
        #: why the computer players think on a thread although a process was asked for ("" while they do not)
        self.think_fallback = ""
        self._players = _Players(self._new_host())
        for seat, b in self._bots.items():
            self._players.send(("build", seat, b.spec, ()))

    # ------------------------------------------------------------------ GameTable: who is here
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
        return self._humans

    @property
    def viewers(self) -> frozenset[Viewer]:
        return self._viewers

    @property
    def screen_viewer(self) -> Viewer:
        """Whose knowledge :meth:`poll`'s moves carry: the one human seat, else None (a shared screen)."""
        return self._humans[0] if len(self._humans) == 1 else None

    @property
    def is_over(self) -> bool:
        return self._engine.is_over

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        return self._notices

    @property
    def said(self) -> list[Said]:
        return self._said

    # ------------------------------------------------------------------ GameTable: looking
    def _check_viewer(self, viewer: Viewer) -> None:
        if viewer not in self._viewers or isinstance(viewer, bool):
            raise ViewerError(f"viewer {viewer!r:.20} is not shown at this table")

    def _check_human(self, seat: int) -> None:
        if seat not in self._humans or isinstance(seat, bool):
            raise ViewerError(f"seat {seat!r:.20} is not decided at this screen")

    def view(self, viewer: Viewer) -> V:
        self._check_viewer(viewer)
        return self._engine.view(viewer)

    def events_for(self, viewer: Viewer, start: int = 0) -> Sequence[E]:
        self._check_viewer(viewer)
        return self._engine.events_for(viewer, start)

    def prompt(self, seat: int) -> Prompt[V, A, E]:
        self._check_human(seat)
        events = tuple(self._engine.events_for(seat, self._prompted[seat]))
        self._prompted[seat] += len(events)
        return Prompt(seat, self._engine.view(seat), tuple(self._engine.legal_actions(seat)), events)

    def thinking(self) -> tuple[int, ...]:
        return tuple(s for s, b in self._bots.items() if b.job is not None)

    @property
    def think_started(self) -> float | None:
        """When the first decision now being thought about (or held, see ``pace``) was asked, on the table's
        clock; None when no computer seat is deciding."""
        started = [b.job.started for b in self._bots.values() if b.job is not None]
        return min(started) if started else None

    def waiting_for(self) -> tuple[int, ...]:
        return tuple(self._engine.deciders())

    def record(self) -> Mapping[str, object] | None:
        return self._engine.record()

    @property
    def engine(self) -> Engine[V, A, E]:
        """The engine (the local game's owner only: saves; never a table scene)."""
        return self._engine

    # ------------------------------------------------------------------ deciding
    def _move(self, seat: int, action: A, reason: object | None, viewer: Viewer) -> Move[A]:
        seen: A | None = action
        if viewer != seat and isinstance(self._engine, SecretActions) and not self._engine.action_visible(
                seat, action, viewer):
            seen = None
        return Move(seat, seen, reason, self._engine.decisions, self._engine.is_over)

    def submit(self, seat: int, action: A | str) -> Move[A]:
        self._check_human(seat)
        if self._closed:
            raise ActionRefused("the table is closed")
        if self.halted:
            raise ActionRefused("the game cannot go on")
        act = self._engine.parse_action(action) if isinstance(action, str) else action
        self._apply(seat, act, "a player's decision")
        move = self._move(seat, act, None, seat)
        self._moved(move)
        self._hear()
        return move

    def _apply(self, seat: int, action: A, what: str) -> None:
        """The engine carries out ``action``; a fault inside it (not a refusal) halts the game."""
        try:
            self._engine.apply(seat, action)
        except ActionRefused:
            raise
        except Exception:
            log.exception("%s in seat %d failed inside the engine; the game stops here", what, seat)
            self.halted = True
            for b in self._bots.values():  # nobody is asked any more; answers on their way are dropped
                b.job = None
            self._notices.append(("notice.game_halted", {}))
            raise ActionRefused("the game cannot go on") from None

    def _holding(self) -> bool:
        return self.hold is not None and self.hold()

    def _moved(self, move: Move[A]) -> None:
        if self.on_move is None:
            return
        try:
            self.on_move(move)
        except Exception:  # e.g. an autosave that failed: the game goes on
            log.exception("after-move hook failed")
            self._notice_once("notice.after_move_failed")

    def _notice_once(self, key: str) -> None:
        if key not in self._told:
            self._told.add(key)
            self._notices.append((key, {}))

    def _hear(self) -> None:
        """With bot chat on, every computer seat hears its new events (and may speak)."""
        if not self.bot_chat:
            return
        for seat, b in self._bots.items():
            if b.given_up:
                continue
            events = tuple(self._engine.events_for(seat, b.fed))
            if events:
                b.fed += len(events)
                self._players.send(("hear", seat, events, self._engine.view(seat)))

    def say(self, seat: int, line: object) -> None:
        self._check_human(seat)
        if self._closed:
            raise ActionRefused("the table is closed")
        if not isinstance(self._engine, TalkEngine):
            raise ActionRefused("this game has no table talk")
        self._engine.say(seat, line)
        self._hear()

    def _spoken(self, seat: int, lines: Sequence[object]) -> None:
        """A computer seat's lines: talk the game keeps as moves goes into the game (every seat hears it);
        other lines wait in :attr:`said` for the table scene."""
        for line in lines:
            if isinstance(self._engine, TalkEngine) and self._engine.is_talk(line):
                try:
                    self._engine.say(seat, line)
                except ActionRefused as exc:  # the bot said what the game does not take now: a fault of its talk
                    log.warning("computer player of seat %d said a line the game refused: %s",
                                seat, type(exc).__name__)
            else:
                self._said.append(Said(seat, line))

    def ask(self, seat: int, asker: int | None) -> None:
        """``asker`` (a seat, or None: the whole table) asks computer seat ``seat`` about itself; its answer
        comes as :attr:`said` lines (none with bot chat off)."""
        b = self._bots.get(seat)
        if b is None or isinstance(seat, bool):
            raise ViewerError(f"seat {seat!r:.20} is not a computer seat at this table")
        if asker is not None and (isinstance(asker, bool) or not isinstance(asker, int)
                                  or not 0 <= asker < self.players):
            raise ViewerError(f"no seat {asker!r:.20} at this table")
        if not self.bot_chat or b.given_up or self._closed:
            return
        events = tuple(self._engine.events_for(seat, b.fed))
        b.fed += len(events)
        self._players.send(("ask", seat, events, self._engine.view(seat), asker))

    def poll(self, budget_s: float = 0.0, *, start_new: bool = True) -> list[Move[A]]:
        """The moves made since the last call (see :class:`GameTable`). ``start_new`` False: carry out the
        answers that came (and whose time came, see ``pace``) but ask no computer seat anew (the table holds
        the game while an animation plays)."""
        if self._closed:
            return []
        stop = time.perf_counter() + max(0.0, budget_s)
        moves: list[Move[A]] = []
        while True:
            if start_new or self._reask:
                self._ask(None if start_new else self._reask)
            left = stop - time.perf_counter()
            wait = left if self._think != "inline" and left > 0 and self._unanswered() else 0.0
            early, self._early = self._early, []
            came = self._players.replies(0.0 if early else wait)
            got = self._collect(early + [(r, self._clock()) for r in came])
            self._check_fallback()
            moves += got
            if got:
                self._hear()  # before the next seat is asked: what it says follows the move it heard
            self._unstick()
            if self._engine.is_over or self._closed or self.halted or self._holding() or time.perf_counter() >= stop:
                break
            if not start_new and not got:
                break
            if not self._unanswered() and (not start_new or not self._askable()):
                break  # a human decides next, a given-up seat waits, or only held answers wait for their time
        return moves

    def _unanswered(self) -> list[int]:
        """The computer seats asked whose answer has not come yet."""
        return [s for s, b in self._bots.items() if b.job is not None and b.job.reply is None]

    def _askable(self) -> list[int]:
        """The computer seats to ask now: every one with an open decision, once the last ones asked have all
        been answered (so the answers of seats deciding at the same time are carried out in one order,
        whatever the timing: a game with the same seeds and no pacing is the same game, move for move)."""
        if self.halted or any(b.job is not None for b in self._bots.values()) or self._holding():
            return []
        return [s for s in self._engine.deciders()
                if s in self._bots and self._bots[s].job is None and not self._bots[s].given_up]

    def _ask(self, only: set[int] | None = None) -> None:
        """Ask every computer seat with an open decision that is not already deciding (``only``: of these seats)."""
        for seat in self._askable():
            if only is not None and seat not in only:
                continue
            self._reask.discard(seat)
            b = self._bots[seat]
            events = tuple(self._engine.events_for(seat, b.fed))
            b.fed += len(events)
            legal = tuple(self._engine.legal_actions(seat))
            now = self._clock()
            paced = self._pace(seat, b.spec.level) if self._pace is not None else None
            hold, deadline = paced if paced is not None else (None, None)
            b.job = _Job(next(self._jobs), self._engine.decisions, time.perf_counter(),
                         now + hold if hold is not None else None, None, now)
            self._players.send(("decide", seat, b.job.id, events, self._engine.view(seat), legal, deadline))

    def _collect(self, replies: list[tuple[FromPlayers, float]]) -> list[Move[A]]:
        """Take the replies (each with when it came, on the table's clock), then carry out the answers whose
        time has come."""
        moves: list[Move[A]] = []
        now = self._clock()
        for r, came_at in replies:
            if r[0] == "dead":
                self._worker_died()
                continue
            seat, job = r[1], r[2]
            b = self._bots.get(seat)
            if r[0] == "said":
                if b is not None and self.bot_chat and not self._engine.is_over:
                    self._spoken(seat, r[3])
                continue
            if r[0] == "fault" and job == -1 and b is not None and not b.given_up:
                if b.job is not None:
                    continue  # its decision, asked after, fails too and is handled then
                self._fault(seat, r[3])
                continue
            if b is None or b.job is None or b.job.id != job or b.job.reply is not None:
                continue  # an answer nobody waits for any more (the seat was rebuilt)
            if r[0] == "fault":
                b.job_sent = b.job.sent
                b.job = None
                self._fault(seat, r[3])
                continue
            b.job.reply = r
            self.think_times.append((seat, r[6], time.perf_counter() - b.job.sent))
            if b.job.release_at is not None and came_at > b.job.release_at:
                self.late += 1
        # the answers whose time has come, earliest first
        ready = sorted((b.job.release_at or 0.0, seat) for seat, b in self._bots.items()
                       if b.job is not None and b.job.reply is not None
                       and (b.job.release_at is None or now >= b.job.release_at))
        for _at, seat in ready:
            if self._engine.is_over or self.halted or self._holding():
                break
            b = self._bots[seat]
            assert b.job is not None and b.job.reply is not None
            asked_at, reply = b.job.asked_at, b.job.reply
            b.job_sent = b.job.sent
            b.job = None
            _k, _s, _j, answer, reason, said, _think_s = reply
            # the answer of the player built for this seat (the pipe carries it as ``object``); apply checks it
            action = cast(A, answer)
            if seat not in self._engine.deciders():
                continue  # the decision went away (cannot happen today; asked again if it comes back)
            if self.bot_chat and said:
                self._spoken(seat, said)  # what it says of what it heard comes before its move
            try:
                self._apply(seat, action, "a computer player's move")
            except ActionRefused:
                if self.halted:
                    break
                if self._engine.decisions == asked_at:
                    self._fault(seat, "an action that is not legal")
                continue  # the position moved on since it was asked: it is asked again
            b.faults = 0
            self._deaths = 0
            move = self._move(seat, action, reason, self.screen_viewer)
            moves.append(move)
            self._moved(move)
        return moves

    def _fault(self, seat: int, where: str) -> None:
        b = self._bots[seat]
        b.faults += 1
        log.warning("computer player of seat %d (%s) failed: %s", seat, b.spec.factory, where)
        if b.faults >= MAX_FAULTS:
            b.given_up = True
            self._notices.append(("notice.bot_stopped", {"name": self._names[seat], "seat": seat}))
            return
        if not b.told:  # once per seat and game: a bot that fails now and then is not reported per move
            b.told = True
            self._notices.append(("table.notice.bot_restarted", {"name": self._names[seat], "seat": seat}))
        self._rebuild(seat)

    def _rebuild(self, seat: int) -> None:
        b = self._bots[seat]
        events = tuple(self._engine.events_for(seat, 0))
        b.fed = len(events)
        b.job = None
        self._players.send(("build", seat, b.spec, events))

    def _unstick(self) -> None:
        """A computer player in a worker process that has not answered for ``stuck_s`` is a fault: its task is
        cancelled (the host ends the worker and starts a new one) and the seats are built again (a thread
        cannot be ended: there it waits)."""
        host = self._players.host
        if host is None or not host.processes or host.fallback:
            return
        now = time.perf_counter()
        stuck = [s for s, b in self._bots.items()
                 if b.job is not None and b.job.reply is None and now - b.job.sent > self._stuck_s]
        if not stuck:
            return
        for seat in stuck:
            b = self._bots[seat]
            b.faults += 1
            log.warning("computer player of seat %d (%s) did not answer in %.0f s", seat, b.spec.factory,
                        self._stuck_s)
            if b.faults >= MAX_FAULTS:
                b.given_up = True
                self._notices.append(("notice.bot_stopped", {"name": self._names[seat], "seat": seat}))
            elif not b.told:
                b.told = True
                self._notices.append(("table.notice.bot_restarted", {"name": self._names[seat], "seat": seat}))
        self._reask |= {seat for seat, b in self._bots.items() if b.job is not None and not b.given_up}
        self._players.close()
        self._players = _Players(self._new_host(host))
        for seat, b in self._bots.items():
            if not b.given_up:
                self._rebuild(seat)
            b.job = None

    def _new_host(self, old: ThinkHost | None = None) -> ThinkHost | None:
        """Where this table's computer players think: the program's thinking host ("process"), a host of
        this table's own on a thread ("thread"), or nowhere ("inline": in :meth:`poll`)."""
        if old is not None and not old.closed:
            return old
        if self._think == "inline":
            return None
        if self._think == "thread":
            return ThinkHost(1, processes=False)
        return shared_host()

    def _check_fallback(self) -> None:
        """The thinking host gave up on worker processes: said once for the program (whichever game sees it
        first), and :attr:`think_fallback` says why."""
        host = self._players.host
        if host is not None and host.fallback and not self.think_fallback:
            self.think_fallback = host.fallback
            if not host.fallback_told:
                host.fallback_told = True
                self._notices.append(("notice.thinking_on_thread", {}))

    def _worker_died(self) -> None:
        """The worker keeping the computer players ended (their state went with it): they are built again in
        a new home of the host, from their seats' events, and asked again."""
        self._deaths += 1
        host = self._players.host
        self._players.close()
        self._check_fallback()
        if self._deaths >= 2 * MAX_FAULTS:
            log.warning("the computer players' worker ended %d times in a row; computer seats wait", self._deaths)
            for seat, b in self._bots.items():
                if not b.given_up:
                    b.given_up, b.job = True, None
                    self._notices.append(("notice.bot_stopped", {"name": self._names[seat], "seat": seat}))
            self._players = _Players(None)  # nothing is sent to it: every computer seat is given up
            return
        self._reask |= {seat for seat, b in self._bots.items() if b.job is not None and not b.given_up}
        log.warning("the computer players' worker ended unasked; they are built again in a new one")
        if self._deaths == 1 and not self.think_fallback:  # once for a run of ends in a row
            self._notices.append(("table.notice.worker_restarted", {}))
        self._players = _Players(self._new_host(host))
        for seat, b in self._bots.items():
            if not b.given_up:
                self._rebuild(seat)

    def asked(self) -> dict[int, float | None]:
        """The computer seats deciding now (thinking, or their answer held), each with the moment its answer
        may be shown (the table's clock; None: when it comes)."""
        return {s: b.job.release_at for s, b in self._bots.items() if b.job is not None}

    def given_up(self, seat: int) -> bool:
        """True when computer seat ``seat`` kept failing and was given up (it waits; see :meth:`take_over`)."""
        b = self._bots.get(seat)
        return b is not None and b.given_up

    def wait(self, timeout: float, seat: int | None = None) -> None:
        """Wait up to ``timeout`` seconds for the answer of a computer seat that is thinking (``seat``, or any)
        (tests and benches that step frame by frame); what came is carried out by the next :meth:`poll`."""
        stop = time.perf_counter() + timeout

        def came(s: int) -> bool:  # its answer is among those received here, not carried out yet
            job = self._bots[s].job
            return job is not None and any(r[0] in ("choice", "fault") and r[1] == s and r[2] == job.id
                                           for r, _at in self._early)

        while self._think != "inline":
            open_ = [s for s in self._unanswered() if not came(s)]
            if not open_ or (seat is not None and seat not in open_):
                return
            left = stop - time.perf_counter()
            if left <= 0:
                return
            got = self._players.replies(left)
            self._early += [(r, self._clock()) for r in got]
            if seat is None and any(r[0] != "said" for r in got):
                return
            if not got:
                time.sleep(min(left, 0.001))  # a reply that came to nothing (a rebuilt player's): look again

    @property
    def worker_pid(self) -> int | None:
        """The worker process keeping this table's computer players (None: none yet, a thread, or inline; tests)."""
        p = self._players
        return p.host.home_pid(p.home) if p.host is not None and p.home is not None else None

    def take_over(self, seat: int) -> None:
        """A computer seat that was given up becomes a human seat at this screen (the player chose so)."""
        b = self._bots.get(seat)
        if b is None or not b.given_up:
            raise ValueError(f"seat {seat} is not a computer seat that was given up")
        del self._bots[seat]
        self._humans = tuple(sorted([*self._humans, seat]))
        self._viewers = frozenset([*self._humans, None])
        self._kinds = tuple("human" if s == seat else k for s, k in enumerate(self._kinds))
        self._prompted[seat] = 0

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            host = self._players.host
            self._players.close()
            if host is not None and self._think == "thread":  # the table's own
                host.shutdown(wait=False)

    def __enter__(self) -> LocalTable[V, A, E]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["BotSpec", "PLAYERS_TASK", "TableBots", "GameTable", "HUMAN", "LocalTable", "OPEN", "REMOTE", "MAX_FAULTS", "Move", "NotConnected", "Said",
           "SecretActions", "Talker", "THINK_MODES", "Viewer", "ViewerError", "Choice"]


def _is_a_game_table(t: LocalTable[V, A, E]) -> GameTable[V, A, E]:
    """mypy checks here that :class:`LocalTable` implements :class:`GameTable`."""
    return t
