"""The table source of a network game: :class:`NetTableSource` (:class:`~.source.TableSource`).

A network client never holds the game. The server sends each seat played here its view (R9,
built by allow-list on the server) and the events it may see; this source hands out exactly
those, and everything else is made from them alone:

* a seat's prompt is :func:`~tortuga_desktop.games.dice.rules.prompt.prompt_from_view` of its view and its
  new events (its open decision with its payload, its legal actions);
* the public view (viewer ``None``) is the public part of a seat's view: the public view of any
  game consistent with that view is the same, because a seat knows every public fact (R9.3);
  the public events are the seat's events with its own secrets replaced by their public twins;
* the outcome takes every seat's board from the final view and the totals from the server's
  :class:`~tortuga_desktop.games.dice.rules.events.GameEnded` event; the coins of a seat are its total less
  its board (a seat's own coins are checked against its own tiles).

Nothing is guessed and nothing made up: a fact the seats here were not sent is not handed out.
The connection, the lobby, chat and the seat kept on disk are the shell's
(:class:`~tortuga_desktop.shell.netsession.NetSession`), which tells this source every message it
reads; the dice game's :class:`~.remote.RemoteController` keeps what the seats here were shown.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.ai.evaluate import position_seed
from tortuga_desktop.games.dice.rules import (
    Decision,
    DecisionKind,
    IllegalActionError,
    Outcome,
    PlayerAction,
    PlayerView,
    RulesError,
    StateFormatError,
    parse_action,
)
from tortuga_desktop.games.dice.rules.events import Event, GameEnded, event_from_dict, visible
from tortuga_desktop.games.dice.rules.prompt import SeatPrompt, decision_from_view, prompt_from_view
from tortuga_desktop.games.dice.rules.record import GameRecord
from tortuga_desktop.games.dice.rules.scoring import score_seat
from tortuga_desktop.games.dice.rules.views import public_part
from tortuga_desktop.games.dice.table.gamelog import build_log, event_seat
from tortuga_desktop.games.dice.table.source import (
    LogLine,
    SeatInfo,
    SeatRecord,
    Shown,
    TableMove,
    TableSource,
    Viewer,
    ViewerError,
)
from tortuga_desktop.net.protocol import SPECTATOR
from tortuga_desktop.net.seatstore import SeatRecord as KeptRecord

if TYPE_CHECKING:
    from tortuga_desktop.games.dice.table.remote import RemoteController
    from tortuga_desktop.net.client import GameUpdate, Incoming

log = logging.getLogger(__name__)

__all__ = ["NetTableSource", "as_table_source", "outcome_from_view", "public_view", "seat_records"]


def public_view(view: PlayerView) -> PlayerView:
    """The public view (viewer None) of the game ``view`` belongs to, from that view alone (each
    seat knows every public fact, R9.3): the seat's own secrets dropped by allow-list
    (:func:`~tortuga_desktop.games.dice.rules.views.public_part`), no game built."""
    return public_part(view)


def outcome_from_view(view: PlayerView, events: Sequence[Event]) -> Outcome | None:
    """The outcome of a finished game from one seat's final view and its events (None before
    the end). Boards are public (R9.3); each total is the server's (:class:`GameEnded`), and a
    seat's coins are its total less its board. Raises :class:`StateFormatError` when the
    server's totals do not fit the board (or the seat's own tiles)."""
    if not view.is_over:
        return None
    end = next((e for e in reversed(events) if isinstance(e, GameEnded)), None)
    if end is None or len(end.scores) != view.players:
        raise StateFormatError("the game is over but its final scores did not arrive")
    scores = []
    for i, sv in enumerate(view.seats):
        board = score_seat(sv.tortuga, sv.fleet, sv.crew, sv.boat, sv.pirate, ())
        coins = end.scores[i] - board.total
        if coins < 0 or (i == view.viewer and sv.tiles is not None and coins != sum(sv.tiles)):
            raise StateFormatError(f"seat {i}'s final total does not fit its board")
        scores.append(score_seat(sv.tortuga, sv.fleet, sv.crew, sv.boat, sv.pirate, (coins,)))
    return Outcome(tuple(scores), tuple(end.winners), view.round, end.capped)


def seat_records(kept: KeptRecord, names: Sequence[str] = ()) -> dict[int, SeatRecord]:
    """Each seat's :class:`~.source.SeatRecord` from the record kept with a network seat: one
    prompt per view it was sent (with the events since the previous one), and its actions."""
    out: dict[int, SeatRecord] = {}
    for seat in sorted({f.seat for f in kept.frames}):
        events = [event_from_dict(e, f"events[{seat}][{i}]") for i, e in enumerate(kept.events.get(seat, ()))]
        prompts: list[SeatPrompt] = []
        before = 0
        for f in kept.frames:
            if f.seat == seat:
                view = PlayerView.from_json(f.view)
                prompts.append(prompt_from_view(view, events[before:f.events], f.events))
                before = f.events
        actions = tuple(parse_action(a.action) for a in kept.actions if a.seat == seat)
        shown = tuple(names) or (prompts[-1].view.names if prompts else ())
        out[seat] = SeatRecord(seat, tuple(shown), tuple(prompts), actions)
    return out


class NetTableSource:
    """The table source of a network game (see the module docstring), fed by ``remote``."""

    def __init__(self, remote: RemoteController) -> None:
        self.remote = remote
        self._views: dict[int, PlayerView] = {}
        self._events: dict[int, list[Event]] = {}
        #: the moment every local seat's view agreed on last (what :meth:`view` shows)
        self._shown: dict[int, Shown] = {}
        self._public: tuple[int, Shown] | None = None
        self._prompted: dict[int, int] = {}
        self._inflight: dict[int, int] = {}  # seat -> request id
        self._acked: dict[int, int] = {}  # seat -> decisions of the update that answered it
        self._last: dict[int, int] = {}
        self._opened = 0
        self._new: list[TableMove] = []
        self.think_started: float | None = None
        remote.session.listeners.insert(0, self._on_message)

    # ------------------------------------------------------------ who is here
    @property
    def seats(self) -> Sequence[SeatInfo]:
        return self.remote.seats

    @property
    def human_seats(self) -> Sequence[int]:
        return self.remote.human_seats

    @property
    def notices(self) -> list[tuple[str, dict[str, str | int]]]:
        return self.remote.session.notices

    def _here(self) -> list[int]:
        """The seats whose updates make the picture: those played here, or for a watcher the
        public view it is sent (:data:`~tortuga_desktop.net.protocol.SPECTATOR`)."""
        return list(self.remote.human_seats) or ([SPECTATOR] if self.remote.session.watching else [])

    @property
    def ready(self) -> bool:
        """Every seat played here (or a watcher's public view) has been shown the game."""
        here = self._here()
        return bool(here) and all(s in self._shown for s in here)

    @property
    def players(self) -> int:
        return self._any().view.players

    @property
    def viewers(self) -> frozenset[Viewer]:
        return frozenset([None, *self.remote.human_seats])

    def _any(self) -> Shown:
        if not self._shown:
            raise RulesError("the game has not reached this computer yet")
        return self._shown[min(self._shown)]

    # ------------------------------------------------------------ what a viewer sees
    def _check(self, viewer: Viewer) -> None:
        if viewer not in self.viewers:
            raise ViewerError(f"viewer {viewer!r} is not shown at this table")

    def _shown_for(self, viewer: Viewer) -> Shown:
        self._check(viewer)
        if viewer is not None:
            if viewer not in self._shown:
                raise RulesError("the game has not reached this computer yet")
            return self._shown[viewer]
        if SPECTATOR in self._shown:  # a watcher is sent the public view itself
            return self._shown[SPECTATOR]
        ref = self._any()
        if self._public is None or self._public[0] != ref.view.decisions or \
                len(self._public[1].events) != len(ref.events):
            own = ref.view.viewer
            self._public = (ref.view.decisions, Shown(public_view(ref.view), tuple(visible(list(ref.events), None))))
            assert own is not None
        return self._public[1]

    def view(self, viewer: Viewer) -> PlayerView:
        return self._shown_for(viewer).view

    def events_for(self, viewer: Viewer) -> Sequence[Event]:
        return self._shown_for(viewer).events

    def log(self, viewer: Viewer, move: TableMove | None = None) -> list[LogLine]:
        """The log ``viewer`` may read (no bots' reasons: they think on the server)."""
        shown = self._shown_for(viewer) if move is None else move.shown(viewer)
        lines: list[LogLine] = build_log(shown.events, shown.view.names, {}, upto=shown.view.decisions)
        return lines

    @property
    def decisions(self) -> int:
        return self._any().view.decisions

    def search_seed(self, seat: int) -> int:
        """A hint's seed: from the decision count alone (the server's game seed is its secret,
        and a network game has no review here to agree with)."""
        return position_seed(0, self.decisions, seat)

    def last_decision(self, seat: int) -> int:
        return self._last.get(seat, self._opened)

    # ------------------------------------------------------------ deciding
    def waiting(self) -> list[Decision]:
        taken = {s.seat for s in self.remote.session.lobby if s.here and s.bot}
        out = []
        for seat in sorted(self._shown):
            if seat in self._inflight or seat in taken or seat == SPECTATOR:
                continue
            d = self._decision(seat)
            if d is not None:
                out.append(d)
        return out

    def _decision(self, seat: int) -> Decision | None:
        return decision_from_view(self._shown[seat].view) if seat in self._shown else None

    def prompt(self, seat: int) -> SeatPrompt:
        if seat not in self.remote.human_seats:
            raise ViewerError(f"seat {seat} is not played at this table")
        shown = self._shown_for(seat)
        since = min(self._prompted.get(seat, 0), len(shown.events))
        self._prompted[seat] = len(shown.events)
        return prompt_from_view(shown.view, shown.events[since:], len(shown.events))

    def submit(self, seat: int, action: PlayerAction | str) -> TableMove:
        """Send ``seat``'s decision, checked first against its prompt (raises
        :class:`RulesError`; nothing is sent then). The move returned changes nothing: the game
        moves when the server's update arrives."""
        if seat not in self.remote.human_seats or seat not in self._shown:
            raise IllegalActionError(f"seat {seat} is not played on this computer")
        shown = self._shown[seat]
        decision = self._decision(seat)
        if decision is None or seat in self._inflight:
            raise IllegalActionError(f"seat {seat} has no decision to make")
        act = parse_action(action) if isinstance(action, str) else action
        if act not in prompt_from_view(shown.view).legal:
            raise IllegalActionError(f"{act.text()} is not a legal choice now")
        decisions = shown.view.decisions
        rid = int(self.remote.session.client.send_action(seat, act, decisions))
        self._inflight[seat] = rid
        self.remote.sent(rid, seat, act)
        self._last[seat] = decisions + 1
        return self._move(seat, decision.kind, act, by_bot=False)

    def poll(self, start_new: bool = True, budget_s: float = 0.0) -> list[TableMove]:
        """What the server said since the last frame, as moves (never blocks)."""
        self.remote.pump()
        out, self._new = self._new, []
        return out

    # ------------------------------------------------------------ indicators
    @property
    def busy(self) -> bool:
        return self.thinking_seat() is not None

    def thinking_seat(self) -> int | None:
        if not self._shown:
            return None
        bots = {s.seat for s in self.remote.session.lobby if s.bot}
        return next((p.seat for p in self._any().view.pending if p.seat in bots), None)

    def waiting_for(self) -> list[int]:
        if not self._shown:
            return []
        here = set(self.remote.human_seats)
        return [p.seat for p in self._any().view.pending if p.seat not in here]

    @property
    def halted(self) -> bool:
        return self.remote.session.fatal is not None

    @property
    def is_over(self) -> bool:
        return bool(self._shown) and self._any().view.is_over

    def outcome(self) -> Outcome | None:
        if not self._shown:
            return None
        ref = self._any()
        return outcome_from_view(ref.view, ref.events)

    def record(self, seat: int) -> SeatRecord:
        if seat not in self.remote.human_seats:
            raise ViewerError(f"seat {seat} is not played at this table")
        records = seat_records(self.remote.kept_record())
        if seat not in records:
            raise RulesError("this seat has not been shown the game yet")
        return records[seat]

    def game_record(self) -> GameRecord | None:
        return None  # the server holds the game; this computer only what its seats were shown

    def reasons(self) -> dict[int, tuple[int, Reason]]:
        return {}

    def close(self) -> None:
        self.remote.close()

    # ------------------------------------------------------------ incoming
    def _on_message(self, msg: Incoming) -> None:
        from tortuga_desktop.net import protocol as P
        from tortuga_desktop.net.client import GameUpdate, Status

        if isinstance(msg, GameUpdate):
            self._on_update(msg)
        elif isinstance(msg, P.Error) and msg.ref >= 0:
            ref = msg.ref
            for seat, rid in list(self._inflight.items()):
                if rid == ref:  # refused: the seat's panel opens again
                    del self._inflight[seat]
                    self._acked.pop(seat, None)
        elif isinstance(msg, Status) and str(msg.state) == "reconnecting":
            self._inflight.clear()  # answers to actions sent before the drop never come
            self._acked.clear()

    def _on_update(self, msg: GameUpdate) -> None:
        seat = int(msg.seat)
        if seat not in self._here():
            return
        evs = self._events.setdefault(seat, [])
        if int(msg.first) > len(evs):
            log.warning("seat %d: events from %d, have %d", seat, msg.first, len(evs))
            return
        evs[int(msg.first):int(msg.first) + len(msg.events)] = list(msg.events)
        self._views[seat] = msg.view
        if int(msg.ack) >= 0 and self._inflight.get(seat) == int(msg.ack):
            # answered once a moment at least this new is shown (with several seats here, the
            # other seats' updates of the same moment may still be on their way)
            self._acked[seat] = msg.view.decisions
        self._settle()

    def _settle(self) -> None:
        """Show a new moment when every local seat's newest view is of the same one."""
        here = self._here()
        if not here or any(s not in self._views for s in here):
            return
        moment = {self._views[s].decisions for s in here}
        if len(moment) != 1:
            return
        new = {s: Shown(self._views[s], tuple(self._events.get(s, ()))) for s in here}
        old = dict(self._shown)
        if old and all(old.get(s) == new[s] for s in here):
            return
        self._shown = new
        shown_at = next(iter(moment))
        for s in list(self._inflight):
            if self._decision(s) is None or (s in self._acked and self._acked[s] <= shown_at):
                del self._inflight[s]
                self._acked.pop(s, None)
        self.think_started = time.perf_counter()
        if not old:
            self._opened = next(iter(moment))
            return
        ref = here[0]
        fresh = new[ref].events[len(old[ref].events) if ref in old else 0:]
        actor = next((x for x in map(event_seat, fresh) if x is not None), None)
        kind = DecisionKind.SELECT_DICE
        before = old.get(actor if actor is not None else -1) or old.get(ref)
        if before is not None:
            pend = before.view.pending
            if actor is not None:
                kind = next((p.kind for p in pend if p.seat == actor), kind)
            elif pend:
                actor, kind = pend[0].seat, pend[0].kind
        self._new.append(self._move(actor if actor is not None else ref, kind, None,
                                    by_bot=actor not in here))

    def _move(self, seat: int, kind: DecisionKind, action: PlayerAction | None, *, by_bot: bool) -> TableMove:
        shown = dict(self._shown)
        public: list[Shown] = []
        ref = shown[min(shown)]

        def seen(viewer: Viewer) -> Shown:
            if viewer is not None:
                return shown[viewer]
            if SPECTATOR in shown:
                return shown[SPECTATOR]
            if not public:
                public.append(Shown(public_view(ref.view), tuple(visible(list(ref.events), None))))
            return public[0]

        return TableMove(seat, kind, action, None, ref.view.decisions, ref.view.is_over,
                         frozenset([None, *(s for s in shown if s != SPECTATOR)]), seen, by_bot)


def as_table_source(source: NetTableSource) -> TableSource:
    """``source`` as the table's interface (mypy checks here that it implements all of it)."""
    return source
