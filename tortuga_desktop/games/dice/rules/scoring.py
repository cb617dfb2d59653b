"""Final scoring (R8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RED, BLUE, YELLOW, WHITE, PURPLE = 0, 1, 2, 3, 4


@dataclass(frozen=True, slots=True)
class Score:
    """One player's score breakdown (R8.1-R8.4)."""

    tortuga: int  # points for chests in Tortuga (3 each, purple 6)
    fleet: int  # points for chests in the fleet area (2 each, purple 4)
    crew: int  # points for chests in the crew area (1 each, purple 2)
    purple_bonus: int  # the part of the three above that comes from purple chests scoring double
    sets: int  # number of red+blue+yellow sets (whites in Tortuga as wildcards)
    set_points: int  # 3 per set
    tracks: int  # boat box + pirate box
    coins: int  # coins on kept treasure tiles

    @property
    def chests(self) -> int:
        """All chest points, purple doubling included."""
        return self.tortuga + self.fleet + self.crew

    @property
    def total(self) -> int:
        return self.chests + self.set_points + self.tracks + self.coins

    def as_dict(self) -> dict[str, int]:
        return {
            "tortuga": self.tortuga, "fleet": self.fleet, "crew": self.crew, "purple_bonus": self.purple_bonus,
            "sets": self.sets, "set_points": self.set_points, "tracks": self.tracks, "coins": self.coins,
            "total": self.total,
        }


def area_points(chests: Sequence[int], per_chest: int) -> int:
    """Points of one area: ``per_chest`` each, purple chests double (R8.1)."""
    return sum(per_chest * (2 if c == PURPLE else 1) for c in chests)


def max_sets(red: int, blue: int, yellow: int, wild: int) -> int:
    """Most red+blue+yellow sets when ``wild`` chests may each stand in for any one colour (R8.2).

    >>> max_sets(2, 2, 1, 1)
    2
    >>> max_sets(0, 0, 0, 3)
    1
    """
    s = (red + blue + yellow + wild) // 3
    while s > 0:
        if max(0, s - red) + max(0, s - blue) + max(0, s - yellow) <= wild:
            return s
        s -= 1
    return 0


def score_seat(
    tortuga: Sequence[int], fleet: Sequence[int], crew: Sequence[int], boat: int, pirate: int, tiles: Sequence[int]
) -> Score:
    """Score a board (R8). The island area scores nothing."""
    t, f, c = area_points(tortuga, 3), area_points(fleet, 2), area_points(crew, 1)
    purple = 3 * list(tortuga).count(PURPLE) + 2 * list(fleet).count(PURPLE) + list(crew).count(PURPLE)
    board = list(tortuga) + list(fleet) + list(crew)
    sets = max_sets(board.count(RED), board.count(BLUE), board.count(YELLOW), list(tortuga).count(WHITE))
    return Score(t, f, c, purple, sets, 3 * sets, boat + pirate, sum(tiles))
