"""The dice game at network tables: its :class:`~tortuga_desktop.net.games.NetworkAdapter`.

The server runs a :class:`DiceRun` (the rules' :class:`~tortuga_desktop.games.dice.rules.Game`): a seat is sent
``game.view(seat)`` (``PlayerView.to_json``; the views of several seats are built together, what
they share made JSON once) and ``visible(events, seat)`` (``event_to_dict``); an action comes as its
text (``parse_action``) and goes through :meth:`Game.apply`. The view holds the decision counter and
what the seat decides, so the wire's ``decisions``/``legal`` stay unused.

Computer players are the dice game's :class:`~tortuga_desktop.games.dice.engine.DicePlayer` (the shell's
computer player interface, as at a table on one computer: a seat's view and legal actions in, a choice
out); rule R9.1 holds at the table: an answer
to a decision that can be forced (:data:`~.pacing.HELD_KINDS`) is held until a release time drawn
when it is asked, from one distribution for forced and chosen decisions alike
(:meth:`DiceRun.release_hold`), and Hard and Expert are told to be done by then.

Options: ``long_game`` (a :class:`DiceOptions`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import msgspec

from tortuga_desktop.games.dice.engine import DicePlayer
from tortuga_desktop.games.dice.rules import (
    Game,
    GameRecord,
    IllegalActionError,
    MalformedActionError,
    PlayerAction,
    PlayerView,
    RulesError,
    StateFormatError,
    legal_from_view,
    parse_action,
    replay,
)
from tortuga_desktop.games.dice.rules.events import Event, event_from_dict, event_to_dict, visible
from tortuga_desktop.games.dice.rules.views import SeatView, player_views
from tortuga_desktop.games.dice.table import pacing as pacing_mod
from tortuga_desktop.games.dice.table.pacing import BOT_MARGIN_S, Pacing
from tortuga_desktop.net.games import (
    ActionIllegal,
    ActionMalformed,
    Cursor,
    Decoded,
    SeatData,
    SetupMalformed,
)
from tortuga_desktop.net.protocol import ProtocolError
from tortuga_desktop.shell.engine import Choice
from tortuga_desktop.shell.levels import NETWORK_LEVELS

__all__ = ["ADAPTER", "DiceAdapter", "DiceOptions", "DiceRun"]

KEY = "tortuga"


class DiceOptions(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """A dice table's options."""

    #: the long game (rule R0: more rounds)
    long_game: bool = False


class DiceRun:
    """One dice game at a network table (see the module docstring)."""

    def __init__(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.seed = seed
        self._pacing = Pacing()

    def __getattr__(self, name: str) -> Any:
        """The rules' game for the rest (``events``, ``view``, ``round`` ...: tools and tests)."""
        if name == "game":  # not set yet (unpickling, copying): no recursion
            raise AttributeError(name)
        return getattr(self.game, name)

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def decisions(self) -> int:
        return self.game.decisions

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def record_dict(self) -> dict[str, Any]:
        return self.game.record().to_dict()

    def legal_actions(self, seat: int) -> list[Any]:
        return self.game.legal_actions(seat)

    def decision_key(self, seat: int) -> Hashable | None:
        g = self.game
        d = g.decision_for(seat)
        if d is None:
            return None
        return (d.kind, g.round, g.phase, g.stage, g.act_action, g.act_pos)

    def apply_text(self, seat: int, text: str) -> None:
        try:
            self.game.apply(seat, text)
        except MalformedActionError as exc:
            raise ActionMalformed(str(exc)) from None
        except (IllegalActionError, RulesError) as exc:
            raise ActionIllegal(str(exc)) from None

    def updates(self, viewers: Sequence[int | None], cursors: Sequence[Cursor]) -> list[SeatData]:
        g = self.game
        seats = [v for v in viewers if v is not None]
        # the views are built together: what the seats see alike is built (and made JSON) once
        seat_memo: dict[int, tuple[SeatView, dict[str, Any]]] = {}
        views = dict(zip(seats, (v.to_json(seat_memo) for v in player_views(g, seats)), strict=True))
        public: dict[str, Any] | None = None
        # the seats share most events: each is turned into JSON data once (the memo holds the
        # event itself, so its id cannot be reused by another object while the memo lives)
        memo: dict[int, tuple[Event, dict[str, Any]]] = {}
        out = []
        total = len(g.events)
        for viewer, (raw, sent) in zip(viewers, cursors, strict=True):
            if viewer is None:
                if public is None:
                    public = g.view(None).to_json()
                view = public
            else:
                view = views[viewer]
            if raw == 0:
                events, first = visible(g.events, viewer), 0
            else:
                events, first = visible(g.events[raw:], viewer), sent
            dicts = []
            for e in events:
                hit = memo.get(id(e))
                if hit is None or hit[0] is not e:
                    hit = memo[id(e)] = (e, event_to_dict(e))
                dicts.append(hit[1])
            out.append(SeatData(view, dicts, first, (total, first + len(dicts))))
        return out

    # ------------------------------------------------------------------ computer players
    def make_bot(self, seat: int, level: str, *, budget_s: float) -> DicePlayer:
        """The computer player of ``level`` at ``seat``: the shell's computer player of the dice game
        (:class:`~tortuga_desktop.games.dice.engine.DicePlayer`), as at a table on one computer."""
        seed = random.Random(f"net-bot:{self.seed}:{seat}").randrange(2**31)
        options = {"budget_s": budget_s} if level == "hard" else {}
        return DicePlayer(level, seed, **options)

    def bot_job(self, bot: Any, seat: int, *, budget_s: float,
                release_in: float | None) -> Callable[[], Choice[PlayerAction]]:
        """What ``bot`` (a :class:`DicePlayer`) decides at ``seat``: its view and legal actions are taken
        now (on the server's loop); the call only thinks. Paced (R9.1): done by the release time."""
        player: DicePlayer = bot
        if player.budget_s is not None:
            player.budget_s = budget_s
        view = self.game.view(seat)
        legal = tuple(self.game.legal_actions(seat))
        if release_in is not None:  # Hard, Expert: done by the release time
            stop_at = time.perf_counter() + release_in - BOT_MARGIN_S
            return lambda: player.decide_by(view, legal, stop_at)
        return lambda: player.decide(view, legal)

    def apply_bot(self, seat: int, result: Any) -> None:
        try:
            self.game.apply(seat, result.action)
        except RulesError as exc:
            raise ActionIllegal(str(exc)) from None

    def bot_talk(self, bot: Any, seat: int) -> list[str]:
        """The dice game's computer players say nothing at the table."""
        return []

    def release_hold(self, seat: int, level: str, pacing: Any = None) -> float | None:
        if not pacing_mod.ENABLED:
            return None
        d = next((d for d in self.game.pending() if d.seat == seat), None)
        if d is None or not Pacing.holds(d.kind):
            return None
        return float((pacing or self._pacing).hold(level))


class _SeatBot:
    """The headless client's computer player: the dice game's computer player
    (:class:`~tortuga_desktop.games.dice.engine.DicePlayer`) deciding on the seat's view and the legal
    actions it holds."""

    observes = False

    def __init__(self, level: str, seed: int, **options: Any) -> None:
        self.player = DicePlayer(level, seed, **options)

    def observe(self, seat: int, update: Decoded, first: int) -> None:
        """A dice bot decides on the view alone."""

    def decide(self, seat: int, update: Decoded) -> str:
        return self.player.decide(update.view, legal_from_view(update.view)).action.text()


class DiceAdapter:
    """The dice game's network adapter."""

    key = KEY
    min_players = 2
    max_players = 4
    levels: tuple[str, ...] = NETWORK_LEVELS

    def check_options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        try:
            opts = msgspec.convert(dict(raw), DiceOptions)
        except msgspec.ValidationError as exc:
            raise SetupMalformed(f"options of a Tortuga table: {exc}") from None
        out: dict[str, Any] = msgspec.to_builtins(opts)
        return out

    def new_run(self, players: int, seed: int, *, names: Sequence[str], options: Mapping[str, Any]) -> DiceRun:
        try:
            game = Game.new(players, seed, long_game=bool(options.get("long_game", False)), names=list(names))
        except (RulesError, ValueError) as exc:
            raise ValueError(f"Tortuga setup: {exc}") from None
        return DiceRun(game, seed)

    def run_from_record(self, record: Any, seed: int | None, options: Mapping[str, Any]) -> DiceRun:
        try:
            return DiceRun(replay(GameRecord.from_dict(record)), seed)
        except (RulesError, StateFormatError, TypeError, KeyError) as exc:
            raise ValueError(f"Tortuga record: {exc}") from None

    def decode(self, view: Any, events: Any, seat: int | None, decisions: int,
               legal: Sequence[str] | None) -> Decoded:
        try:
            v = PlayerView.from_json(view)
        except StateFormatError as exc:
            raise ProtocolError(f"bad view: {exc}") from None
        try:
            evs = tuple(event_from_dict(e) for e in events)
        except StateFormatError as exc:
            raise ProtocolError(f"bad event: {exc}") from None
        if v.viewer != seat:
            raise ProtocolError("the server sent a view of another seat")
        return Decoded(v, evs, v.decisions, seat is not None and seat in v.waiting(), v.is_over)

    def glance(self, view: Mapping[str, Any], legal: Sequence[str] | None, seat: int) -> tuple[bool, bool]:
        """Unchecked, only to skip reading a view: may ``seat`` decide now, may the game be over
        (anything unexpected counts as yes: the checked reading then decides)."""
        pending = view.get("pending")
        waits = not isinstance(pending, list) or any(not isinstance(p, list) or not p or p[0] == seat
                                                     for p in pending)
        return waits, view.get("phase") == "over"

    def check_seat_data(self, view: Any | None, events: Sequence[Any], seat: int) -> None:
        try:
            for i, e in enumerate(events):
                event_from_dict(e, f"[{i}]")
            v = None if view is None else PlayerView.from_json(view)
        except StateFormatError as exc:
            raise ValueError(str(exc)) from None
        if v is not None and v.viewer != seat:
            raise ValueError("the view of another seat")

    def check_action_text(self, text: str) -> None:
        try:
            parse_action(text)
        except RulesError:
            raise ValueError("not an action") from None

    def seat_player(self, level: str, seed: int, **options: Any) -> _SeatBot:
        if level not in self.levels:
            raise ValueError(f"the computer levels of Tortuga at network tables: {', '.join(self.levels)}")
        return _SeatBot(level, seed, **options)


ADAPTER = DiceAdapter()
