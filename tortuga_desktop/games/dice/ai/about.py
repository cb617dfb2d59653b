"""What ``tortuga --version`` says of the computer players: where they think (worker processes,
or a thread when worker processes cannot run here) and which playout kernel runs (compiled or pure Python). Pure Python,
no pygame: the shell reads it through :data:`tortuga_desktop.shell.game.ABOUT`."""

from __future__ import annotations

from tortuga_desktop import thinking
from tortuga_desktop.shell.thinkhost import probe

from . import kernel_mode

__all__ = ["lines"]


def lines() -> list[str]:
    """The lines ``tortuga --version`` prints for the computer players: whether a worker process
    starts and answers on this machine (one is started to find out), and the playout kernel."""
    fallback = probe() if thinking.ENABLED else ""
    return [thinking.thinking_mode(fallback), kernel_mode.describe()]
