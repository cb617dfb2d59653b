"""A tiny fake game for the shell's tests: two seats take one or two sticks from seven in turn;
whoever takes the last stick wins. It implements :class:`tortuga_desktop.shell.engine.Engine`
and is offered as a :class:`tortuga_desktop.shell.game.GameModule`, to prove the shell needs
nothing of the dice game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.engine import ActionRefused, Choice, Reason
from tortuga_desktop.shell.game import DemoOptions, SavedGame, ShellApp, Tutorial
from tortuga_desktop.shell.intents import Intent, Key
from tortuga_desktop.shell.saves import SaveError
from tortuga_desktop.shell.saves.savefile import SaveInfo, basic_info
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.session import Session
from tortuga_desktop.shell.table import BotSpec, GameTable, LocalTable, Move

STICKS = 7


@dataclass(frozen=True)
class Take:
    """Take ``n`` sticks (text form ``take N``)."""

    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class Took:
    """``seat`` took ``n`` sticks."""

    seat: int
    n: int


@dataclass(frozen=True)
class SticksView:
    sticks: int
    to_move: int | None
    winner: int | None


@dataclass
class Sticks:
    """The game: seats 0 and 1, seat 0 first."""

    sticks: int = STICKS
    moves: list[Took] = field(default_factory=list)

    players = 2

    @property
    def decisions(self) -> int:
        return len(self.moves)

    @property
    def is_over(self) -> bool:
        return self.sticks == 0

    def deciders(self) -> tuple[int, ...]:
        return () if self.is_over else (len(self.moves) % 2,)

    def legal_actions(self, seat: int) -> Sequence[Take]:
        if seat not in self.deciders():
            return ()
        return tuple(Take(n) for n in (1, 2) if n <= self.sticks)

    def parse_action(self, text: str) -> Take:
        word, _, n = text.partition(" ")
        if word != "take" or n not in ("1", "2"):
            raise ActionRefused(f"not an action: {text!r}")
        return Take(int(n))

    def apply(self, seat: int, action: Take) -> None:
        if action not in self.legal_actions(seat):
            raise ActionRefused(f"seat {seat} may not {action} now")
        self.sticks -= action.n
        self.moves.append(Took(seat, action.n))

    def view(self, seat: int | None) -> SticksView:
        winner = self.moves[-1].seat if self.is_over else None
        return SticksView(self.sticks, None if self.is_over else len(self.moves) % 2, winner)

    def events_for(self, seat: int | None, start: int = 0) -> Sequence[Took]:
        return tuple(self.moves[start:])

    def record(self) -> Mapping[str, Any]:
        return {"moves": [m.n for m in self.moves]}


class SticksBot:
    """Leaves a multiple of three when it can."""

    def observe(self, events: Sequence[Took]) -> None:
        pass

    def decide(self, view: SticksView, legal: Sequence[Take]) -> Choice[Take]:
        want = view.sticks % 3
        return Choice(next((a for a in legal if a.n == want), legal[0]), reason=Reason("leave_three"))


def make_bot(level: str, seed: int) -> SticksBot:
    return SticksBot()


@dataclass
class SavedSticks:
    """A saved sticks game: the moves so far."""

    game: Sticks
    game_id: str = "sticks-1"

    @property
    def finished(self) -> bool:
        return self.game.is_over


class SticksScene(Scene):
    """Stands in for a game's own screen (records what it was opened with)."""

    def __init__(self, what: str, game: Sticks | None = None) -> None:
        super().__init__()
        self.name = f"sticks {what}"
        self.is_help = what == "help"  # F1 on the help closes it
        self.game = game


def sticks_table(humans: tuple[int, ...] = (0,), think: str = "inline") -> LocalTable[SticksView, Take, Took]:
    """A sticks game at the shell's local table: ``humans`` at this screen, computer players
    (built from :func:`make_bot` by the table, in a worker process with ``think="process"``) in
    the other seats."""
    bots = {s: BotSpec("fake_game:make_bot", "easy", 7 + s) for s in range(2) if s not in humans}
    return LocalTable(Sticks(), names=("Ann", "Bob"), kinds=tuple("human" if s in humans else "easy"
                                                                   for s in range(2)),
                      humans=humans, bots=bots, think=think)


class SticksTableScene(Scene):
    """A minimal table for any game at a :class:`GameTable` with at most one human seat: it
    shows that seat's view (the public one with no human), lists its legal actions as 1, 2 ...,
    sends the one whose number is pressed, polls the computer players every frame and shows
    the end. Escape goes back to the title screen. It knows nothing of the game but the table."""

    name = "sticks table"

    def __init__(self, table: GameTable[Any, Any, Any]) -> None:
        super().__init__()
        if len(table.human_seats) > 1:
            raise ValueError("this table shows one human seat at most")
        self.table = table
        self.seat = table.human_seats[0] if table.human_seats else None
        self.moves: list[Move[Any]] = []

    def exit(self) -> None:
        self.table.close()

    def update(self, dt: float) -> bool:
        moves = self.table.poll()
        self.moves += moves
        return bool(moves)

    def handle(self, intent: Intent) -> None:
        if not isinstance(intent, Key):
            return
        if intent.key == pygame.K_ESCAPE:
            self.app.go_home()
            return
        if self.seat is None or self.table.is_over:
            return
        legal = self.table.prompt(self.seat).legal
        index = intent.key - pygame.K_1
        if 0 <= index < len(legal):
            self.moves.append(self.table.submit(self.seat, legal[index]))
            self.app.request_redraw()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(palette.SEA_DEEP)
        font = art.font(20)
        view = self.table.view(self.seat)
        lines = [" / ".join(f"{n} ({k})" for n, k in zip(self.table.names, self.table.kinds, strict=True)),
                 str(view)]
        if self.seat is not None and not self.table.is_over:
            lines += [f"{i + 1}: {a}" for i, a in enumerate(self.table.prompt(self.seat).legal)]
        lines += [str(e) for e in self.table.events_for(self.seat)[-6:]]
        for i, line in enumerate(lines):
            surface.blit(font.render(line, True, palette.PARCHMENT), (20, 20 + i * 28))


class SticksModule:
    """The fake game as the shell sees it."""

    key = "sticks"
    cli_names: tuple[str, ...] = ("nim",)
    title_key = "test.sticks.title"
    blurb_key = "test.sticks.blurb"
    min_players = 2
    max_players = 2
    levels: tuple[str, ...] = ("easy",)
    stat_sides: tuple[str, ...] = ()
    stat_endings: tuple[str, ...] = ()

    def __init__(self, think: str = "inline") -> None:
        self.think = think
        self.badges: list[pygame.Rect] = []
        self.demos: list[DemoOptions] = []

    def draw_badge(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.badges.append(rect)
        for i in range(STICKS):
            x = rect.x + (i + 1) * rect.w // (STICKS + 1)
            pygame.draw.line(surface, (120, 80, 40), (x, rect.y + 4), (x, rect.bottom - 4), 3)

    def setup_scene(self, app: ShellApp) -> Scene:
        """No setup to make: one human against a computer player, at once."""
        return SticksTableScene(sticks_table(think=self.think))

    def read_saved(self, doc: Mapping[str, Any], path: Path | None) -> SavedGame:
        moves = doc.get("moves")
        game = Sticks()
        if not isinstance(moves, list):
            raise SaveError("error.save.invalid", path, "moves: expected a list")
        try:
            for n in moves:
                game.apply(game.deciders()[0] if game.deciders() else 0, game.parse_action(f"take {n}"))
        except ActionRefused as exc:
            raise SaveError("error.save.bad_record", path, str(exc)) from None
        return SavedSticks(game)

    def claims(self, doc: Mapping[str, Any]) -> bool:
        return False

    def list_line(self, path: Path, doc: Mapping[str, Any], saved: SavedGame) -> SaveInfo:
        return basic_info(path, self.key, doc, saved)

    def prepare_open(self) -> None:
        pass

    def open_saved(self, app: ShellApp, saved: SavedGame, *, on_disk: bool = False) -> None:
        assert isinstance(saved, SavedSticks)
        app.push(SticksScene("results" if saved.finished else "table", saved.game))

    def demo(self, app: ShellApp, options: DemoOptions) -> None:
        self.demos.append(options)
        app.push(SticksScene("demo", Sticks()))

    def help_scene(self, app: ShellApp) -> Scene:
        return SticksScene("help")

    def tutorial(self) -> Tutorial | None:
        return None

    def make_session(self, app: ShellApp) -> Session | None:
        return None


class SticksRules:
    """The sticks game as the shell's :class:`~tortuga_desktop.shell.engine.GameRules` (two seats, nothing
    hidden, no chance: the seed is not used)."""

    key = "sticks"
    cli_names: tuple[str, ...] = ()
    min_players = 2
    max_players = 2
    levels: tuple[str, ...] = ("easy",)
    bot_factory = "fake_game:make_bot"

    def new_engine(self, players: int, seed: int) -> Sticks:
        if players != 2:
            raise ValueError("sticks is for two players")
        return Sticks()

    def replay(self, record: Mapping[str, object]) -> Sticks:
        game = Sticks()
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise ValueError("not a sticks record")
        for n in moves:
            game.apply(game.deciders()[0], game.parse_action(f"take {n}"))
        return game

    def check(self, engine: object) -> list[str]:
        assert isinstance(engine, Sticks)
        taken = sum(m.n for m in engine.moves)
        return [] if engine.sticks >= 0 and taken + engine.sticks == STICKS else ["sticks were lost"]

    def redeal(self, engine: object, seat: int | None, seed: int) -> Sticks:
        assert isinstance(engine, Sticks)
        return self.replay(engine.record())  # nothing is hidden: the same game

    def tool(self, name: str) -> None:
        return None
