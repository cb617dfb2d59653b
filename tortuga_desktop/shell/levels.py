"""The words for computer players' strengths, declared once: every list of levels in the program
derives from these tuples (menus, saves, records, statistics, the command line, the network
protocol). Each game says which of them its computer players have (``GameModule.levels``; the dice
game has them all, Tortuga 1667 its own list in :mod:`tortuga_desktop.games.t1667.levels`).

>>> LEVELS
('easy', 'normal', 'hard', 'expert')
>>> SEAT_KINDS
('human', 'easy', 'normal', 'hard', 'expert')

Pure constants: imported by the rules-free parts of the program without pulling in the bots.
"""

from __future__ import annotations

#: The strengths a player can choose for a computer seat, weakest first.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
#: ``LEVELS`` plus "random" (uniform legal moves: a yardstick for measurements, demos and tests).
ALL_LEVELS: tuple[str, ...] = ("random", *LEVELS)
#: Who may play a seat of a game on this computer: a human or one of ``LEVELS``.
SEAT_KINDS: tuple[str, ...] = ("human", *LEVELS)
#: Who may have played a seat in a game record (records of demos may hold "random").
RECORD_KINDS: tuple[str, ...] = ("human", *ALL_LEVELS)
#: The levels a network table offers: protocol version 1 was made before Expert and has no word
#: for it (a peer of that version refuses the message), so the network stops at Hard.
NETWORK_LEVELS: tuple[str, ...] = ALL_LEVELS[: ALL_LEVELS.index("hard") + 1]


def level_key(level: str) -> str:
    """Translation key of a level's short name ("Hard"): ``setup.<level>``."""
    return f"setup.{level}"


def computer_key(level: str) -> str:
    """Translation key of a level's long name ("Computer (hard)"): ``setup.computer_<level>``."""
    return f"setup.computer_{level}"


__all__ = ["ALL_LEVELS", "LEVELS", "NETWORK_LEVELS", "RECORD_KINDS", "SEAT_KINDS", "computer_key", "level_key"]
