"""The dice game's part of ``app.session``, as its screens see it (:func:`dice_session`).

The App's session is the dice game's :class:`~.session.GameSession` (its module's
``make_session``); the table, results, setup and hint screens reach it through this
:class:`DiceLife` protocol rather than importing the session (which imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.games.dice.table.savefile import SaveData
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves.writer import Job

__all__ = ["DiceLife", "dice_session"]


@runtime_checkable
class DiceLife(Protocol):
    """What the dice game's screens ask of its lifecycle."""

    def save_data_of(self, source: object) -> SaveData | None:
        """The saved game a table source plays (None for one without: network, demo, replay)."""
        ...

    def start_game(self, setup: SetupConfig) -> None:
        """Start a game from a setup (asking first over a game in progress)."""
        ...

    def play(self, data: SaveData, *, on_disk: bool = False) -> object | None:
        """Push a table for a saved game (new, continued or loaded)."""
        ...

    def finish_game(self, data: SaveData | None) -> Job[None] | None:
        """Archive a finished game, count it, drop the autosave (on the background writer)."""
        ...


def dice_session(app: App) -> DiceLife:
    """``app.session`` as the dice game's lifecycle; TypeError when the App's session is not
    the dice game's (a program without the dice game cannot show its screens)."""
    session = app.session
    if not isinstance(session, DiceLife):
        raise TypeError(f"the App's session ({type(session).__name__}) is not the dice game's")
    return session
