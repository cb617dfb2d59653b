"""The game's components and fixed tables (RULES.md R0)."""

from __future__ import annotations

from enum import IntEnum


class Action(IntEnum):
    """The five actions, in the order they resolve (R4.1)."""

    EXPAND_FLEET = 0
    RECRUIT_CREW = 1
    TREASURE_HUNT = 2
    BOARD = 3
    RAID = 4

    @property
    def word(self) -> str:
        """Short lower-case word used in the text form of actions."""
        return ACTION_WORDS[self]

    @property
    def title(self) -> str:
        """The English game term."""
        return ACTION_TITLES[self]


ACTIONS: tuple[Action, ...] = tuple(Action)
ACTION_WORDS: tuple[str, ...] = ("fleet", "crew", "hunt", "board", "raid")
ACTION_TITLES: tuple[str, ...] = ("Expand fleet", "Recruit crew", "Treasure hunt", "Board", "Raid")

#: Face index of the skull on every die; faces 0-4 are the actions.
SKULL = 5
DIE_LETTERS = "ABCDE"


class Chest(IntEnum):
    """Treasure chest colours (R0.1)."""

    RED = 0
    BLUE = 1
    YELLOW = 2
    WHITE = 3
    PURPLE = 4

    @property
    def letter(self) -> str:
        """One-letter code: R B Y W P."""
        return CHEST_LETTERS[self]

    @property
    def title(self) -> str:
        return CHEST_TITLES[self]


CHEST_LETTERS = "RBYWP"
CHEST_TITLES: tuple[str, ...] = ("red", "blue", "yellow", "white", "purple")
#: Chests of each colour in the game (R0.1): 40 in all.
CHEST_COUNTS: tuple[int, ...] = (10, 10, 10, 5, 5)

#: Treasure tiles by coin value 1, 2, 3 (R0.2): 30 tiles, 47 coins.
TILE_COUNTS: tuple[int, ...] = (17, 9, 4)
TOTAL_TILES = 30
#: Bonus tiles in the supply at the start (R0.3).
TOTAL_BONUS_TILES = 20

#: Token boxes on the fleet and crew tracks (R0.5).
MIN_BOX = 1
MAX_BOX = 8
START_BOX = 3

#: The rules version of new games. Version 2 (R0.8 revised) changed the dice grid; a save
#: without a rules version is version 1 and keeps the earlier grid.
RULES_VERSION = 2


def _latin_grid(first: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Dice A-E: die A has ``first``; each later die adds one to every value, wrapping 5 -> 1."""
    return tuple(tuple((v - 1 + k) % 5 + 1 for v in first) for k in range(5))


#: The dice by rules version (R0.8): ``DICE_GRIDS[version][die][action]`` is the value of
#: that die on that action (actions in R4.1 order: fleet, crew, hunt, Board, Raid).
DICE_GRIDS: dict[int, tuple[tuple[int, ...], ...]] = {
    1: _latin_grid((2, 3, 4, 5, 1)),
    2: _latin_grid((4, 1, 3, 5, 2)),
}

#: The current dice (rules version 2): DIE_VALUES[die][action].
DIE_VALUES: tuple[tuple[int, ...], ...] = DICE_GRIDS[RULES_VERSION]

#: Capacity by token box (R0.7); index 0 unused.
_CAPACITY = (0, 1, 2, 2, 3, 3, 4, 4, 4)


def capacity(box: int) -> int:
    """Capacity given by a token on ``box`` (R0.7).

    >>> [capacity(b) for b in range(1, 9)]
    [1, 2, 2, 3, 3, 4, 4, 4]
    """
    return _CAPACITY[box]


#: Dice an action space holds at most when its capacity is not set by a token (R3.3).
OPEN_SPACE_LIMIT = 5

#: Points per chest by area (R8.1): Tortuga, fleet, crew, island.
AREA_POINTS: tuple[int, ...] = (3, 2, 1, 0)

#: Tortuga chests that end the game (R5.4, R7.1).
GOAL_NORMAL = 6
GOAL_LONG = 8

#: Hard safety cap on rounds (R5.5); never reached in simulation.
MAX_ROUNDS = 200


def chest_text(chests: list[int] | tuple[int, ...]) -> str:
    """Compact text for a row of chests, e.g. ``'RBY'``."""
    return "".join(CHEST_LETTERS[c] for c in chests)
