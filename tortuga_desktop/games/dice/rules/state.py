"""The state of a game: phases, stages, one :class:`Seat` per player and the shared :class:`State`.

This module holds data and the small helpers every phase needs (seat order, chance draws,
the event record). The phases live in :mod:`.dice_phase`, :mod:`.actions_phase` and
:mod:`.move_phase`; :class:`.game.Game` is the facade over all of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from .actions import DecisionKind
from .components import (
    CHEST_COUNTS,
    DICE_GRIDS,
    GOAL_LONG,
    GOAL_NORMAL,
    MAX_BOX,
    OPEN_SPACE_LIMIT,
    RULES_VERSION,
    START_BOX,
    TILE_COUNTS,
    TOTAL_BONUS_TILES,
    capacity,
)
from .payloads import DecisionPayload
from .scoring import Score

if TYPE_CHECKING:
    from .events import Event

#: Version of the dict written by ``Game.to_dict`` (additive changes keep the number).
SCHEMA_VERSION = 1

FLEET, CREW, HUNT, BOARD, RAID = 0, 1, 2, 3, 4


class Phase(StrEnum):
    """The phases of a round (R2), plus OVER once the game has ended."""

    DICE = "dice"
    ACTIONS = "actions"
    MOVE = "move"
    OVER = "over"


class Stage(StrEnum):
    """Steps inside the dice phase (R3); NONE outside it."""

    NONE = ""
    SELECT = "select"  # R3.2: every roller confirms a selection (or a stuck roll) in secret
    STUCK = "stuck"  # R3.6: stuck rolls are shown and rerolled openly, one seat at a time
    SKULLS = "skulls"  # R3.5: skull-only selections get their action, in seat order
    BONUS = "bonus"  # R3.7: bonus tiles, in seat order


# Module-level aliases: attribute lookups on the enum classes cost time in hot paths.
DICE, ACTIONS, MOVE, OVER = Phase.DICE, Phase.ACTIONS, Phase.MOVE, Phase.OVER
SELECT, STUCK, SKULLS, BONUS, NO_STAGE = Stage.SELECT, Stage.STUCK, Stage.SKULLS, Stage.BONUS, Stage.NONE

_CAP = tuple(capacity(b) if b else 0 for b in range(MAX_BOX + 1))


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision a seat must make now.

    ``payload`` carries what the decider needs to see, typed by kind (:mod:`.payloads`), e.g.
    a :class:`~.payloads.PositionPayload` with the action and position, or a
    :class:`~.payloads.TilePayload` with the drawn tiles (private to the seat).
    """

    seat: int
    kind: DecisionKind
    payload: DecisionPayload = field(compare=False)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: every seat's score and the winner(s) (R8)."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    rounds: int
    #: True when the R5.5 safety cap ended the game (never expected)
    capped: bool = False


class Seat:
    """One player's part of the state (their board, dice and tiles)."""

    __slots__ = (
        "boat", "pirate", "tortuga", "fleet", "crew", "island", "tiles", "returned",
        "bonus", "placed", "hand", "roll", "open_roll", "selection", "skull_action",
        "arr_fleet", "arr_crew", "values",
    )

    def __init__(self, values: tuple[tuple[int, ...], ...] = DICE_GRIDS[RULES_VERSION]) -> None:
        self.boat = START_BOX
        self.pirate = START_BOX
        self.tortuga: list[int] = []
        self.fleet: list[int] = []
        self.crew: list[int] = []
        self.island: list[int] = []
        #: coin values of kept treasure tiles (private)
        self.tiles: list[int] = []
        #: values of tiles this player returned to the pool (private knowledge)
        self.returned: list[int] = []
        #: bonus space per action: 0 empty, 1 or 2
        self.bonus = [0, 0, 0, 0, 0]
        #: dice (0-4) placed on each action this round
        self.placed: list[list[int]] = [[], [], [], [], []]
        #: dice not placed yet
        self.hand: list[int] = [0, 1, 2, 3, 4]
        #: faces (0-4 action, 5 skull) of the dice in ``hand`` for the current roll, or None
        self.roll: list[int] | None = None
        #: the roll was made openly (R3.6)
        self.open_roll = False
        #: this roll step's confirmed selection, hidden until the reveal; ``()`` confirms a
        #: roll that allows no selection (R3.6, R9.1)
        self.selection: tuple[int, ...] | None = None
        #: action chosen for a skull-only selection
        self.skull_action: int | None = None
        #: move-phase arrangement choices (R5.2)
        self.arr_fleet: tuple[int, ...] | None = None
        self.arr_crew: tuple[int, ...] | None = None
        #: the game's dice grid (R0.8): ``values[die][action]``; shared, never changed
        self.values = values

    def copy(self) -> Seat:
        s = Seat.__new__(Seat)
        s.boat = self.boat
        s.pirate = self.pirate
        s.tortuga = self.tortuga[:]
        s.fleet = self.fleet[:]
        s.crew = self.crew[:]
        s.island = self.island[:]
        s.tiles = self.tiles[:]
        s.returned = self.returned[:]
        s.bonus = self.bonus[:]
        s.placed = [p[:] for p in self.placed]
        s.hand = self.hand[:]
        s.roll = None if self.roll is None else self.roll[:]
        s.open_roll = self.open_roll
        s.selection = self.selection
        s.skull_action = self.skull_action
        s.arr_fleet = self.arr_fleet
        s.arr_crew = self.arr_crew
        s.values = self.values
        return s

    def area(self, name: str) -> list[int]:
        """The chest row of an area by name: tortuga, fleet, crew or island."""
        if name == "fleet":
            return self.fleet
        if name == "crew":
            return self.crew
        if name == "island":
            return self.island
        if name == "tortuga":
            return self.tortuga
        raise KeyError(name)

    def token(self, action: int) -> int:
        """Box of the token an action moves: boat for fleet/Board, pirate for crew/Raid."""
        return self.boat if action in (FLEET, BOARD) else self.pirate

    def room(self, action: int) -> int:
        """Free room for dice on an action space (R3.3)."""
        if action < BOARD:
            return OPEN_SPACE_LIMIT - len(self.placed[action])
        r = _CAP[self.boat if action == BOARD else self.pirate] - len(self.placed[action])
        return r if r > 0 else 0

    def total(self, action: int) -> int:
        """Dice total plus bonus tile on an action (R4.2), with the game's dice grid (R0.8)."""
        v = self.values
        return sum(v[d][action] for d in self.placed[action]) + self.bonus[action]


class State:
    """Everything one game holds; the phase modules read and change it, :class:`.game.Game` drives it."""

    __slots__ = (
        "players", "names", "long_game", "seed", "start_choice", "rng", "round", "start", "phase",
        "bag", "pool", "supply", "center", "seats", "stage", "queue", "rollers", "stuck", "bonus_due",
        "act_action", "act_order", "act_pos", "first_target", "effect", "drawn", "events", "logging",
        "capped", "decisions", "rules_version", "grid", "actions_log", "has_history", "__weakref__",
    )

    def __init__(self) -> None:  # use Game.new or Game.from_dict
        self.players = 0
        self.names: list[str] = []
        self.long_game = False
        self.seed = 0
        self.start_choice: int | None = None
        self.rng = random.Random(0)
        self.round = 1
        self.start = 0
        self.phase: Phase = DICE
        #: chests in the bag by colour (the bag has no order: draws are random)
        self.bag = list(CHEST_COUNTS)
        #: face-down treasure tiles in the pool by value 1, 2, 3
        self.pool = list(TILE_COUNTS)
        #: bonus tiles left in the island supply
        self.supply = TOTAL_BONUS_TILES
        #: center island: one slot per chest colour
        self.center = [False] * 5
        self.seats: list[Seat] = []
        self.stage: Stage = SELECT
        self.queue: list[int] = []
        #: seats rolling in this roll step, from the start player
        self.rollers: list[int] = []
        #: rollers whose confirmed roll allowed no selection (R3.6); known only after the reveal
        self.stuck: list[int] = []
        self.bonus_due: list[int] = []
        self.act_action = 0
        #: acting seats of the current action, 1st then 2nd
        self.act_order: list[int] = []
        self.act_pos = 0
        self.first_target: int | None = None
        #: the Board/Raid effect waiting for a chest choice: [action, position, seat, target]
        self.effect: list[int] | None = None
        #: treasure tiles drawn by the Treasure hunt 1st, waiting for KEEP_TILE
        self.drawn: list[int] = []
        #: what happened, as typed events (see :mod:`.events`); empty with logging off
        self.events: list[Event] = []
        self.logging = True
        self.capped = False
        #: number of decisions applied so far (by players, not automatic ones)
        self.decisions = 0
        #: rules version (R0.8): which dice grid the game uses
        self.rules_version = RULES_VERSION
        self.grid: tuple[tuple[int, ...], ...] = DICE_GRIDS[RULES_VERSION]
        #: every decision and scripted roll given to the game, in order: (seat, text)
        self.actions_log: list[tuple[int, str]] = []
        #: the record holds the whole game from its setup (False for edited or older saves)
        self.has_history = True

    # ------------------------------------------------------------ basic queries
    def order(self) -> list[int]:
        """Seats in clockwise order starting with the start player."""
        n = self.players
        return [(self.start + i) % n for i in range(n)]

    @property
    def goal(self) -> int:
        """Tortuga chests that end the game (R5.4 / R7.1)."""
        return GOAL_LONG if self.long_game else GOAL_NORMAL

    def emit(self, event: Event) -> None:
        """Record an event (callers check ``logging`` first so playouts build none)."""
        self.events.append(event)

    # ------------------------------------------------------------ chance
    def draw_chest(self) -> int | None:
        """A random chest out of the bag, or None when it is empty."""
        bag = self.bag
        total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
        if total == 0:
            return None
        r = int(self.rng.random() * total)
        for c in range(4):
            if r < bag[c]:
                bag[c] -= 1
                return c
            r -= bag[c]
        bag[4] -= 1
        return 4

    def draw_tile(self) -> int | None:
        """A random treasure tile's value out of the pool, or None when it is empty."""
        pool = self.pool
        total = pool[0] + pool[1] + pool[2]
        if total == 0:
            return None
        r = int(self.rng.random() * total)
        v = 0 if r < pool[0] else (1 if r < pool[0] + pool[1] else 2)
        pool[v] -= 1
        return v + 1

    def roll(self, p: Seat) -> None:
        """Roll every die in ``p``'s hand."""
        rnd = self.rng.random
        p.roll = [int(rnd() * 6) for _ in p.hand]

    def to_center(self, colour: int) -> bool:
        """Put a surplus chest on the center island (True), or into the bag (R4.11, R6.2)."""
        if self.players > 2 and not self.center[colour]:
            self.center[colour] = True
            return True
        self.bag[colour] += 1
        return False
