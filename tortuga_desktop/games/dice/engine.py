"""The dice game as an :class:`~tortuga_desktop.shell.engine.Engine` and as the shell's
:class:`~tortuga_desktop.shell.engine.GameRules`: a thin adapter over :class:`~.rules.Game`.

- :meth:`DiceEngine.deciders` comes from ``Game.pending()`` (the secret selection of a roll step is
  several seats at once, R3.2);
- every refusal of the rules (:class:`~.rules.RulesError`) becomes
  :class:`~tortuga_desktop.shell.engine.ActionRefused`, and nothing changes;
- views are the rules' own player views (R9); events are the rules' typed events as that seat may
  see them (others' private events replaced by their public twins);
- :meth:`DiceEngine.record` is the rules' record as JSON-ready data; :func:`replay` builds it back.

Its computer players (:class:`DicePlayer`) are the dice game's bots behind the shell's
:class:`~tortuga_desktop.shell.engine.ComputerPlayer`. Pure Python: no pygame.

>>> e = DiceEngine.new(players=2, seed=3)
>>> seat = e.deciders()[0]
>>> e.apply(seat, e.legal_actions(seat)[0])
>>> replay(e.record()).view(seat) == e.view(seat)
True
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

from tortuga_desktop.games import own_tool
from tortuga_desktop.shell.engine import ActionRefused, Choice
from tortuga_desktop.shell.levels import ALL_LEVELS

from .rules import (
    Game,
    GameRecord,
    KeepTile,
    PlayerAction,
    PlayerView,
    RulesError,
    SelectDice,
    StateFormatError,
    check_invariants,
    determinize,
    parse_action,
)
from .rules import replay as replay_record
from .rules.events import Event

#: the key of this game in the shell, its files and its network tables
GAME_KEY = "tortuga"


class DiceEngine:
    """One game of the dice game behind the shell's Engine interface (it owns the :class:`Game`)."""

    def __init__(self, game: Game) -> None:
        self._game = game

    @classmethod
    def new(cls, players: int, seed: int) -> DiceEngine:
        """A new game (R1); :class:`~.rules.SetupError` for bad settings."""
        return cls(Game.new(players=players, seed=seed))

    @property
    def game(self) -> Game:
        """The rules' game (for this game's own tools and tests; the shell never reads it)."""
        return self._game

    # ------------------------------------------------------------------ Engine
    @property
    def players(self) -> int:
        return self._game.players

    @property
    def decisions(self) -> int:
        return self._game.decisions

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    def deciders(self) -> tuple[int, ...]:
        return tuple(sorted(set(self._game.to_move())))

    def legal_actions(self, seat: int) -> Sequence[PlayerAction]:
        self._check_seat(seat)
        return tuple(self._game.legal_actions(seat))

    def parse_action(self, text: str) -> PlayerAction:
        try:
            return parse_action(text)
        except RulesError as exc:
            raise ActionRefused(str(exc)) from None

    def apply(self, seat: int, action: PlayerAction) -> None:
        self._check_seat(seat)
        try:
            self._game.apply(seat, action)
        except RulesError as exc:
            raise ActionRefused(str(exc)) from None

    def action_visible(self, seat: int, action: PlayerAction, viewer: int | None) -> bool:
        """A dice selection (until the reveal) and a kept treasure tile are secret to everyone but their seat
        (R3.2, R4.8; the events tell what may be known of them)."""
        return viewer == seat or not isinstance(action, SelectDice | KeepTile)

    def view(self, seat: int | None) -> PlayerView:
        if seat is not None:
            self._check_seat(seat)
        return self._game.view(seat)

    def events_for(self, seat: int | None, start: int = 0) -> Sequence[Event]:
        if seat is not None:
            self._check_seat(seat)
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise ValueError(f"an event index is a whole number from 0, not {start!r:.20}")
        return tuple(self._game.events_for(seat)[start:])

    def record(self) -> Mapping[str, Any]:
        return self._game.record().to_dict()

    # ------------------------------------------------------------------ Snapshots
    def clone(self) -> Self:
        """An independent copy of the game now (the shell's :class:`~tortuga_desktop.shell.engine.Snapshots`: a
        replay keeps copies to jump from): the rules' :meth:`~.rules.Game.clone`, random source, events and
        record included. A kind of engine with more state of its own copies that too."""
        twin = copy.copy(self)
        twin._game = self._game.clone()
        return twin

    def _check_seat(self, seat: object) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._game.players:
            raise ValueError(f"no seat {seat!r:.20} in a {self._game.players}-player game")


def replay(data: Mapping[str, Any]) -> DiceEngine:
    """The game a :meth:`DiceEngine.record` describes, replayed to its last decision; a
    :class:`~.rules.RulesError` with a clear message for a record that is not one or does not replay."""
    if not isinstance(data, Mapping):
        raise StateFormatError("not a record of the dice game")
    return DiceEngine(replay_record(GameRecord.from_dict(dict(data))))


class DicePlayer:
    """A dice-game bot (:func:`~.ai.make_bot`) as the shell's ComputerPlayer: it decides from its
    seat's view alone (the dice game's bots keep no memory of events), among the legal actions it is
    handed (the bot is given them: nothing is listed twice)."""

    def __init__(self, level: str, seed: int, **options: Any) -> None:
        """``options`` tune the bot (:func:`~.ai.make_bot`'s: Hard's ``budget_s``, ...)."""
        from .ai import make_bot  # the bots load the playout kernel: only when a player is made

        self.level = level
        self._bot: Any = make_bot(level, seed=seed, **options)

    @classmethod
    def around(cls, bot: Any, level: str = "") -> DicePlayer:
        """A dice bot made elsewhere (a test's, the tutorial's scripted pirates: anything with
        ``decide(view, legal)`` answering an ``action`` and a ``reason``, and maybe
        ``decide_by(view, deadline, legal)``: the dice :class:`~.ai.Bot`) as the shell's computer player;
        None: a seat whose player must never be asked (a finished game's)."""
        player = cls.__new__(cls)
        player.level = level
        player._bot = bot
        return player

    @property
    def budget_s(self) -> float | None:
        """The thinking time of a bot that has one (Hard; None: the bot has none)."""
        got = getattr(self._bot, "budget_s", None)
        return float(got) if isinstance(got, (int, float)) else None

    @budget_s.setter
    def budget_s(self, seconds: float) -> None:
        if hasattr(self._bot, "budget_s"):
            self._bot.budget_s = seconds

    def observe(self, events: Sequence[Event]) -> None:
        """Nothing to remember: every dice bot decides from the view it is given."""

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction]) -> Choice[PlayerAction]:
        if self._bot is None:
            raise RuntimeError("this seat has no computer player (a finished game's)")
        return self._checked(self._bot.decide(view, legal), legal)

    def decide_by(self, view: PlayerView, legal: Sequence[PlayerAction], deadline: float) -> Choice[PlayerAction]:
        """:meth:`decide`, done by ``deadline`` (a ``time.perf_counter`` moment; R9.1 pacing): a bot whose search
        can be cut short (Hard, Expert) stops it in time."""
        decide_by = getattr(self._bot, "decide_by", None)
        if not callable(decide_by):
            return self.decide(view, legal)
        return self._checked(decide_by(view, deadline, legal), legal)

    def _checked(self, choice: Any, legal: Sequence[PlayerAction]) -> Choice[PlayerAction]:
        """The bot's answer as the shell's choice; RuntimeError (a fault of the player) when it is not legal."""
        if choice.action not in legal:
            raise RuntimeError(f"the {self.level} computer player chose {choice.action.text()!r}, "
                               "which is not among the legal actions")
        return Choice(choice.action, choice.reason)


def make_player(level: str, seed: int) -> DicePlayer:
    """A dice-game computer player (a :class:`~tortuga_desktop.shell.table.BotSpec` factory)."""
    return DicePlayer(level, seed)


#: the import path a BotSpec names to build a dice-game computer player
FACTORY = "tortuga_desktop.games.dice.engine:make_player"


class DiceRules:
    """The dice game's rules as the shell's :class:`~tortuga_desktop.shell.engine.GameRules`."""

    key = GAME_KEY
    cli_names: tuple[str, ...] = ("dice",)
    min_players = 2
    max_players = 4
    bot_factory = FACTORY

    levels: tuple[str, ...] = ALL_LEVELS

    def new_engine(self, players: int, seed: int) -> DiceEngine:
        return DiceEngine.new(players, seed)

    def replay(self, record: Mapping[str, Any]) -> DiceEngine:
        return replay(record)

    def check(self, engine: object) -> list[str]:
        g = _game(engine)
        problems = check_invariants(g)
        if g.is_over and g.capped:
            problems.append("the game reached the round cap without a winner by the rules (R5.5)")
        return problems

    def redeal(self, engine: object, seat: int | None, seed: int) -> DiceEngine:
        """The same moment with everything ``seat`` may not know drawn again (R9): others' kept tiles,
        the pool, others' hidden dice and selections, the random state. The public (None) redeal is
        the view of a watcher, which sees what every seat shows."""
        g = _game(engine)
        return DiceEngine(determinize(g.view(seat), seed) if seat is not None else _public_redeal(g, seed))

    def tool(self, name: str) -> Callable[[Sequence[str] | None], int] | None:
        return own_tool(__package__, name)


def _game(engine: object) -> Game:
    if not isinstance(engine, DiceEngine):
        raise TypeError(f"not a dice-game engine: {type(engine).__name__}")
    return engine.game


def _public_redeal(g: Game, seed: int) -> Game:
    """A watcher knows less than any seat: drawing again from seat 0's view and then everything of
    seat 0 a watcher may not know (its kept tiles, its hidden dice) from a watcher's view of that game
    would need a view of nobody; the determinizer takes a seat's view, so the public redeal keeps
    seat 0's secrets and draws the others'. A watcher's view must not change either way."""
    return determinize(g.view(random.Random(seed).randrange(g.players)), seed)


RULES = DiceRules()

__all__ = ["FACTORY", "GAME_KEY", "RULES", "DiceEngine", "DicePlayer", "DiceRules", "make_player", "replay"]
