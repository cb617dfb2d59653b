"""The "Learn to play" tutorial: its script, its prepared positions and the coach that runs it.

The tutorial is a real game of three seats (you and two scripted computer pirates) on prepared
positions built with :func:`rules.scenario.position`. The dice of later roll steps are fixed too:
the game's random source is a :class:`LoadedDice` that hands out the scripted faces first
(during the dice phase the engine draws from its random source only to roll dice).

A tutorial is a list of :class:`Step` s in the order the rules are taught:

* ``say``: an explanation; Next / Back; the computer players wait.
* ``do``: the player must make one move through the normal table UI; :meth:`Coach.allow`
  lets only the sensible move(s) through, a wrong one is explained and never reaches the game.
* ``watch``: the computer players move until the step's condition holds, then Next.

Every step names the part of the table it talks about (:class:`Spot`); :func:`spot_rect` turns
it into a screen rect from the table layout. Progress is the step index, kept in the settings
(``tutorial_step``) so the tutorial resumes where it was left: :func:`fast_forward` replays the
scripted moves up to that step headless. Nothing here draws (see ``scenes/tutorial.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import (
    Action,
    Arrange,
    Chest,
    DecisionKind,
    Game,
    KeepTile,
    Phase,
    PlayerAction,
    PlayerView,
    capacity,
    parse_action,
)
from tortuga_desktop.games.dice.rules.scenario import position
from tortuga_desktop.shell.coach import StepCoach

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.render.table import TableRenderer

__all__ = [
    "CHAPTERS",
    "HUMAN",
    "STEPS",
    "Coach",
    "LoadedDice",
    "ScriptedBot",
    "Spot",
    "Step",
    "build_chapter",
    "fast_forward",
    "spot_hit_kinds",
    "spot_rect",
]

#: The player's seat; seats 1 and 2 are the computer pirates.
HUMAN = 0
NAMES = ("Captain", "Anne Bonny", "Calico Jack")  # the app puts the player's name in their language


# ----------------------------------------------------------------------------- fixed dice


class LoadedDice(random.Random):
    """A random source that first hands out scripted dice faces, then goes on as usual.

    ``load(faces)`` queues faces 0-5; each ``random()`` call returns the next one as the float
    the engine turns into that face (``int(x * 6)``). Used only in the dice phase, where the
    engine draws nothing but rolls.
    """

    def __init__(self, state: tuple[object, ...]) -> None:
        super().__init__()
        self.setstate(state)
        self.queue: list[int] = []

    def load(self, faces: Sequence[int]) -> None:
        self.queue.extend(int(f) for f in faces)

    def random(self) -> float:
        if self.queue:
            return (self.queue.pop(0) + 0.5) / 6
        return super().random()


_FACES = "fchbrs"


def _faces(text: str) -> list[int]:
    return [_FACES.index(ch) for ch in text]


# ----------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class Chapter:
    """One prepared position: the spec for ``position``, later rolls, and the bots' script."""

    spec: dict[str, object]
    #: faces of the later roll steps, in the order the engine rolls them (start player first)
    rolls: str = ""
    #: seat -> decision kind -> action texts, used in order ("auto": the first chests that fit)
    script: dict[int, dict[DecisionKind, list[str]]] = field(default_factory=dict)


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(
        spec={
            "players": 3, "start": 0, "round": 3, "seed": 70,
            "seats": [
                {"boat": 3, "pirate": 3, "tortuga": "R", "fleet": "B", "crew": "RY", "roll": "hhbsf"},
                {"boat": 4, "pirate": 3, "tortuga": "Y", "fleet": "PR", "crew": "Y", "roll": "rrfhh"},
                {"boat": 4, "pirate": 3, "tortuga": "B", "fleet": "RYB", "crew": "B", "roll": "cbbcc"},
            ],
            "center": "W",
        },
        # roll step 2: you C D E, Anne C D E, Jack B C; step 3: you C, Anne C D; step 4: Anne C
        rolls="bsb" + "frh" + "bb" + "s" + "bh" + "f",
        script={
            1: {DecisionKind.SELECT_DICE: ["select AB", "select E", "select D", "select C"],
                DecisionKind.POSITION: ["act", "act", "target 0"],
                DecisionKind.TAKE_CHEST: ["chest Y"],
                DecisionKind.ARRANGE_FLEET: ["auto"], DecisionKind.ARRANGE_CREW: ["auto"]},
            2: {DecisionKind.SELECT_DICE: ["select ADE", "select BC"],
                DecisionKind.BONUS_TILE: ["bonus new board", "bonus flip board"],
                DecisionKind.POSITION: ["act", "target 0"],
                DecisionKind.TAKE_CHEST: ["chest B"],
                DecisionKind.ARRANGE_FLEET: ["auto"], DecisionKind.ARRANGE_CREW: ["auto"]},
        },
    ),
    Chapter(
        spec={
            "players": 3, "start": 0, "round": 9, "seed": 2024, "phase": "move",
            "seats": [
                {"boat": 6, "pirate": 5, "tortuga": "RBYWPY", "crew": "RR", "island": "YPBR", "tiles": [3, 2],
                 "bonus": "1.2.."},
                {"boat": 5, "pirate": 4, "tortuga": "YYRB", "crew": "BR", "island": "Y", "tiles": [1, 1, 2],
                 "bonus": "2..1."},
                {"boat": 2, "pirate": 7, "tortuga": "RPB", "crew": "YYW", "island": "RB", "tiles": [2],
                 "bonus": "..12."},
            ],
            "center": "Y",
        },
        script={
            1: {DecisionKind.ARRANGE_FLEET: ["auto"], DecisionKind.ARRANGE_CREW: ["auto"]},
            2: {DecisionKind.ARRANGE_FLEET: ["auto"], DecisionKind.ARRANGE_CREW: ["auto"]},
        },
    ),
)


def build_chapter(index: int) -> Game:
    """The prepared position of chapter ``index`` with its later rolls loaded."""
    ch = CHAPTERS[index]
    g = position(ch.spec)
    g.names = list(NAMES)
    loaded = LoadedDice(g.rng.getstate())
    loaded.load(_faces(ch.rolls))
    g.rng = loaded
    return g


@dataclass(frozen=True)
class ScriptedChoice:
    """What a scripted pirate does (the controller reads ``action`` and ``reason``)."""

    action: PlayerAction
    reason: Reason | None = None


class ScriptedBot:
    """A computer pirate that plays its part of the script; it reads only its own view."""

    level = "normal"

    def __init__(self, script: dict[DecisionKind, list[str]]) -> None:
        self.script = {k: list(v) for k, v in script.items()}
        self.used = {k: 0 for k in script}

    def decide(self, view: PlayerView, legal: Sequence[PlayerAction] | None = None) -> ScriptedChoice:
        """The next scripted move for the decision in ``view`` (it counts as used only once it
        is applied: a controller may drop an answer when the game moved on meanwhile). The script
        names its moves: ``legal`` is not needed (the table checks the move against it)."""
        me = view.me()
        kind = next(p.kind for p in view.pending if p.seat == view.viewer)
        moves = self.script.get(kind, [])
        i = self.used.get(kind, 0)
        if i >= len(moves):
            raise LookupError(f"the tutorial script has no more {kind.value} moves for seat {view.viewer}")
        text = moves[i]
        if text == "auto":  # the first chests of the source area that fit
            source = me.crew if kind == DecisionKind.ARRANGE_FLEET else me.island
            cap = capacity(me.boat if kind == DecisionKind.ARRANGE_FLEET else me.pirate)
            return ScriptedChoice(Arrange(tuple(Chest(c) for c in source[:cap])))
        return ScriptedChoice(parse_action(text))


    def applied(self, kind: DecisionKind) -> None:
        """The move decided for ``kind`` was played: the script moves on."""
        self.used[kind] = self.used.get(kind, 0) + 1


def make_bots(chapter: int) -> dict[int, ScriptedBot]:
    return {seat: ScriptedBot(s) for seat, s in CHAPTERS[chapter].script.items()}


# ----------------------------------------------------------------------------- spots


@dataclass(frozen=True)
class Spot:
    """A part of the table a step talks about (kinds: see :func:`spot_rect`)."""

    kind: str
    seat: int | None = None
    index: int | None = None
    area: str | None = None


def spot_rect(renderer: TableRenderer, spot: Spot) -> pygame.Rect:
    """The screen rect of ``spot`` in the table renderer's layout."""
    L = renderer.layout
    k = spot.kind
    if k == "prompt":
        return pygame.Rect(renderer.prompt_rect)
    if k in ("center", "bag", "phase", "supply", "log"):
        return pygame.Rect(getattr(L, k))
    if k == "pool":
        return pygame.Rect(L.island)
    b = L.boards[int(spot.seat or 0)]
    if k == "board":
        return pygame.Rect(b.rect)
    if k == "tray":
        return pygame.Rect(b.tray)
    if k == "action_space":
        return pygame.Rect(b.actions[int(spot.index or 0)])
    if k == "bonus_space":
        return pygame.Rect(b.bonus[int(spot.index or 0)])
    if k == "area":
        return pygame.Rect(b.areas[str(spot.area)])
    if k == "track":
        return pygame.Rect(b.track_rows[str(spot.area)]).union(b.capacity[str(spot.area)])
    if k == "tiles":
        return pygame.Rect(b.tiles)
    if k == "score":
        return pygame.Rect(b.score)
    if k == "start_token":
        return pygame.Rect(b.start_token)
    raise ValueError(f"unknown spot kind {k!r}")


def spot_hit_kinds(spot: Spot) -> frozenset[str]:
    """What the table's hit test may answer at the middle of ``spot`` (tests: the highlight
    points at the element it names); empty for the prompt panel, which is not a table target."""
    return {
        "tray": frozenset({"die", "screen"}),
        "board": frozenset({"player", "tile", "area", "chest", "action_space", "bonus_space", "track", "die",
                            "screen", "score", "start_token"}),
        "action_space": frozenset({"action_space"}),
        "bonus_space": frozenset({"bonus_space"}),
        "area": frozenset({"area", "chest"}),
        "track": frozenset({"track"}),
        "tiles": frozenset({"tile"}),
        "score": frozenset({"score"}),
        "start_token": frozenset({"start_token"}),
        "center": frozenset({"center", "center_chest"}),
        "bag": frozenset({"bag"}),
        "pool": frozenset({"pool", "center", "center_chest", "supply"}),
        "phase": frozenset({"phase"}),
        "supply": frozenset({"supply"}),
        "log": frozenset({"log"}),
        "prompt": frozenset(),
    }[spot.kind]


# ----------------------------------------------------------------------------- steps


Check = Callable[[Game], bool]


@dataclass(frozen=True)
class Step:
    """One step of the tutorial (see the module docstring)."""

    key: str
    spot: Spot
    mode: str = "say"  # "say" | "do" | "watch"
    chapter: int = 0
    #: do: the human decision this step asks for
    kind: DecisionKind | None = None
    #: do: the move the script makes (fast-forward) — always allowed
    move: Callable[[Game], PlayerAction] | None = None
    #: do: other moves that are let through as well
    also: Callable[[Game, PlayerAction], bool] | None = None
    #: do: the explanation of a wrong move (translation key)
    wrong: str = "tutorial.wrong.generic"
    #: watch: the computer players move until this holds
    until: Check | None = None
    #: values for the text's placeholders
    params: Callable[[Game], dict[str, str | int]] | None = None
    #: phases (``Phase`` values) the step's text speaks of besides the one the table shows when
    #: the step begins: the table may move on to them during the step, never further (the
    #: table must not run ahead of the coach; a test plays the tutorial and checks it)
    shows: tuple[str, ...] = ()
    #: the final scores may be shown from this step on: before it, the log holds back its
    #: game-over line (the steps before explain how the points are counted)
    final_scores: bool = False

    def allows(self, game: Game, action: PlayerAction) -> bool:
        if self.move is None:
            return False
        if action == self.move(game):
            return True
        return self.also is not None and self.also(game, action)


def _const(action: str) -> Callable[[Game], PlayerAction]:
    parsed = parse_action(action)
    return lambda _g: parsed


def _human_pending(kind: DecisionKind) -> Check:
    return lambda g: any(d.seat == HUMAN and d.kind == kind for d in g.pending())


def _best_tile(g: Game) -> PlayerAction:
    return max((a for a in g.legal_actions(HUMAN) if isinstance(a, KeepTile)), key=lambda a: a.value)


def _tile_as_good(g: Game, a: PlayerAction) -> bool:
    best = _best_tile(g)
    return isinstance(a, KeepTile) and isinstance(best, KeepTile) and a.value == best.value


def _keeps_purple(g: Game, a: PlayerAction) -> bool:
    island = g.seats[HUMAN].island
    return isinstance(a, Arrange) and (Chest.PURPLE not in island or Chest.PURPLE in a.chests)


def _scores(g: Game) -> dict[str, str | int]:
    p = g.seats[HUMAN]
    sc = g.score(HUMAN)
    return {"boat": p.boat, "pirate": p.pirate, "tracks": sc.tracks, "coins": sc.coins, "sets": sc.sets,
            "chests": sc.chests, "total": sc.total}


def _you(kind: str, index: int | None = None, area: str | None = None) -> Spot:
    return Spot(kind, HUMAN, index, area)


FLEET, CREW, HUNT, BOARD, RAID = (int(a) for a in Action)
ANNE, JACK = 1, 2

STEPS: tuple[Step, ...] = (
    # the goal
    Step("welcome", _you("board")),
    Step("goal", _you("area", area="tortuga")),
    Step("areas", _you("area", area="island")),
    Step("round", Spot("phase")),
    # rolling and choosing behind the screen; the same-action rule
    Step("dice", _you("tray")),
    Step("same_action", _you("tray"), "do", kind=DecisionKind.SELECT_DICE, move=_const("select AB"),
         wrong="tutorial.wrong.select_ab"),
    Step("wait_reveal", _you("action_space", HUNT), "watch",
         until=lambda g: g.phase == Phase.DICE and len(g.seats[HUMAN].hand) == 3
         and _human_pending(DecisionKind.SELECT_DICE)(g)),
    Step("reveal", _you("action_space", HUNT)),
    Step("reroll", _you("tray")),
    # skulls, both uses
    Step("skull_join", _you("tray"), "do", kind=DecisionKind.SELECT_DICE, move=_const("select DE"),
         wrong="tutorial.wrong.select_de"),
    Step("board_room", _you("track", area="boat")),
    Step("stuck", _you("tray")),
    Step("wait_skull", _you("tray"), "watch", until=lambda g: len(g.seats[HUMAN].hand) == 1
         and _human_pending(DecisionKind.SELECT_DICE)(g)),
    Step("skull_alone", _you("tray"), "do", kind=DecisionKind.SELECT_DICE, move=_const("select C"),
         wrong="tutorial.wrong.select_c"),
    Step("skull_choose", _you("action_space", FLEET), "do", kind=DecisionKind.SKULL_ACTION,
         move=_const("skulls fleet"), wrong="tutorial.wrong.skull_fleet"),
    # bonus tiles
    Step("wait_bonus", Spot("board", JACK), "watch", until=_human_pending(DecisionKind.BONUS_TILE)),
    Step("bonus", _you("bonus_space", BOARD), "do", kind=DecisionKind.BONUS_TILE, move=_const("bonus new board"),
         wrong="tutorial.wrong.bonus_board"),
    Step("wait_actions", Spot("board", ANNE), "watch", until=lambda g: g.phase == Phase.ACTIONS,
         shows=("actions",)),
    # totals, positions, ties
    Step("totals", _you("action_space", BOARD)),
    Step("positions", _you("action_space", HUNT)),
    Step("ties", _you("start_token")),
    # the actions
    Step("fleet", _you("track", area="boat"), "do", kind=DecisionKind.POSITION, move=_const("act"),
         wrong="tutorial.wrong.act"),
    Step("crew", Spot("track", JACK, None, "pirate"), "watch", until=_human_pending(DecisionKind.POSITION)),
    Step("hunt", _you("action_space", HUNT), "do", kind=DecisionKind.POSITION, move=_const("act"),
         wrong="tutorial.wrong.act"),
    Step("keep_tile", Spot("prompt"), "do", kind=DecisionKind.KEEP_TILE, move=_best_tile, also=_tile_as_good,
         wrong="tutorial.wrong.keep_tile"),
    Step("hunt_second", _you("tiles"), "watch", until=_human_pending(DecisionKind.POSITION)),
    Step("board", Spot("board", ANNE), "do", kind=DecisionKind.POSITION, move=_const("target 1"),
         wrong="tutorial.wrong.board_anne"),
    Step("take_chest", Spot("area", ANNE, None, "fleet"), "do", kind=DecisionKind.TAKE_CHEST,
         move=_const("chest P"), wrong="tutorial.wrong.purple"),
    Step("board_second", Spot("center"), "watch", until=lambda g: g.phase == Phase.ACTIONS and g.act_action == RAID),
    Step("surplus", Spot("area", JACK, None, "fleet")),
    Step("raid", Spot("area", ANNE, None, "crew")),
    Step("raid_watch", _you("area", area="crew"), "watch", until=lambda g: g.phase == Phase.MOVE,
         shows=("move",)),
    # the move phase and capacities
    Step("move", _you("area", area="island")),
    Step("capacity", _you("track", area="pirate")),
    # the arrange steps play the Hint's best move (a test checks that every move the Hint calls
    # about equal keeps the purple chest, as the coach says; chapter 0's seed was chosen so)
    Step("arrange", _you("area", area="island"), "do", kind=DecisionKind.ARRANGE_CREW,
         move=_const("arrange WP"), also=_keeps_purple, wrong="tutorial.wrong.purple_keep"),
    Step("round_end", Spot("start_token", ANNE), "watch", until=lambda g: g.round == 4, shows=("dice",)),
    Step("jump", _you("board")),
    # the end and scoring
    Step("last_round", _you("area", area="tortuga"), chapter=1),
    Step("last_move", _you("area", area="island"), "do", chapter=1, kind=DecisionKind.ARRANGE_CREW,
         move=_const("arrange PBY"), also=_keeps_purple, wrong="tutorial.wrong.purple_keep"),
    Step("game_over", Spot("phase"), "watch", chapter=1, until=lambda g: g.is_over, shows=("over",)),
    Step("score_chests", _you("area", area="tortuga"), chapter=1),
    Step("score_sets", _you("board"), chapter=1, params=_scores),
    Step("score_tracks", _you("track", area="boat"), chapter=1, params=_scores),
    Step("score_coins", _you("tiles"), chapter=1, params=_scores),
    Step("two_players", Spot("center"), chapter=1),
    # the helpers for the games to come: the Hint, the review, the log
    Step("helpers", Spot("log"), chapter=1),
    Step("the_end", _you("score"), chapter=1, params=_scores, final_scores=True),
)


# ----------------------------------------------------------------------------- running


class TutorialError(RuntimeError):
    """The script and the engine disagree (a bug in the tutorial, never the player's fault)."""


def _run_bots(g: Game, bots: dict[int, ScriptedBot], stop: Check, limit: int = 200) -> None:
    for _ in range(limit):
        if stop(g) or g.is_over:
            return
        todo = [d for d in g.pending() if d.seat != HUMAN]
        if not todo:
            return
        d = todo[0]
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
        bots[d.seat].applied(d.kind)
    raise TutorialError("the scripted players do not stop")


def fast_forward(step: int) -> tuple[Game, dict[int, ScriptedBot]]:
    """The game and bots as they stand at the start of ``step``, replayed headless."""
    step = max(0, min(step, len(STEPS) - 1))
    chapter = STEPS[step].chapter
    g = build_chapter(chapter)
    bots = make_bots(chapter)
    for s in STEPS[:step]:
        if s.chapter != chapter:
            continue
        if s.mode == "watch" and s.until is not None:
            _run_bots(g, bots, s.until)
        elif s.mode == "do" and s.kind is not None and s.move is not None:
            _run_bots(g, bots, _human_pending(s.kind))
            if not _human_pending(s.kind)(g):
                raise TutorialError(f"step {s.key}: the game does not ask for {s.kind.value}")
            g.apply(HUMAN, s.move(g))
    return g, bots


class Coach(StepCoach[Step, Game]):
    """Runs the steps: what to show, which moves pass, when the computer players may move."""

    def __init__(self, step: int = 0) -> None:
        super().__init__(STEPS, step)

    def bots_may_move(self) -> bool:
        s, g = self.step, self.game
        if g is None:
            return False
        if s.mode == "do":
            # only until the step's decision is the player's: then they wait for the player's
            # move, as :func:`fast_forward` replays it (the steps after it tell what they do)
            return s.kind is None or not _human_pending(s.kind)(g)
        if s.mode == "watch" and s.until is not None:
            return not s.until(g)
        return False

    def scores_shown(self) -> bool:
        """May the table show the final scores (the log's game-over line) yet?"""
        return any(s.final_scores for s in STEPS[: self.index + 1])

    def restart(self) -> None:
        """Back to the first step (the caller sets out the first position again)."""
        self.index = self.floor = 0
        self.error = ""
        self.resumed = False

    def allow(self, seat: int, action: PlayerAction) -> bool:
        """May the player's confirmed ``action`` reach the game? A wrong move sets ``error``."""
        s, g = self.step, self.game
        if seat != HUMAN or g is None:
            return True
        decision = g.decision_for(seat)
        if s.mode == "do" and decision is not None and decision.kind == s.kind and s.allows(g, action):
            self.error = ""
            return True
        self.error = s.wrong if s.mode == "do" else "tutorial.wrong.read_first"
        self.wrong_moves += 1
        return False

    def applied(self, seat: int, action: PlayerAction) -> None:
        """A move reached the game: a do step is done."""
        if seat == HUMAN and self.step.mode == "do":
            self.index = min(self.index + 1, len(STEPS) - 1)
            self.floor = self.index
            self.resumed = False
