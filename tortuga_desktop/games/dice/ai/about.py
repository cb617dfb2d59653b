"""What ``tortuga --version`` says of the dice game's computer players: where they think (worker
processes or a thread) and which playout kernel runs (compiled or pure Python). Pure Python,
no pygame: the shell reads it through :data:`tortuga_desktop.shell.game.ABOUT`."""

from __future__ import annotations

from tortuga_desktop import thinking

from . import kernel_mode

__all__ = ["lines"]


def lines() -> list[str]:
    """The lines ``tortuga --version`` prints for the dice game's computer players."""
    return [thinking.thinking_mode(), kernel_mode.describe()]
