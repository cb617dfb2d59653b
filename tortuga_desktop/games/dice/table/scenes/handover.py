"""The dice game's hot-seat hand-over: the shell's :class:`~tortuga_desktop.shell.scenes.handover.Handover`
with "since your last turn" worked out from the table source below it (:mod:`..catchup`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tortuga_desktop.games.dice.table.catchup import summary_for
from tortuga_desktop.games.dice.table.source import TableSource
from tortuga_desktop.shell.scenes.handover import Handover, needs_handover

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App

__all__ = ["HandoverScene", "needs_handover"]


class HandoverScene(Handover):
    """"Pass to {name} — press Space when ready", with the seat's "since your last turn"."""

    def _find_summary(self, app: App) -> list[str]:
        """"Since your last turn" lines, from the game of the table scene below (if any)."""
        for scene in reversed(app.scenes):
            controller = getattr(scene, "controller", None)
            if not isinstance(controller, TableSource):
                continue
            seat = self.seat
            names = controller.view(None).names
            if seat is None and self.player_name in names:
                seat = names.index(self.player_name)
            if seat is None:
                return []
            try:
                return summary_for(controller, seat)
            except Exception:  # a summary is a nicety; never block the hand-over
                return []
        return []
