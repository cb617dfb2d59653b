"""First-game tips: the first time each kind of decision comes up, a one-line tip beside it.

A :class:`TipOverlay` sits on a normal game's table (``TableScene.overlays``; never in the
tutorial). When a human decision panel opens for a kind of decision whose tip was never shown,
the tip appears at the foot of the log column, above the panel (a side note: the log gives
way, so the tip covers neither the log nor a board); it goes with the decision, or earlier with its close
button. Shown tips are remembered in the settings (``tips_seen``); "First-game tips" in the
settings screen (``tips``) turns them all off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.games.dice.rules import DecisionKind, PlayerAction, Target
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.sidenotes import Note
from tortuga_desktop.shell import palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell.settings import Settings

__all__ = ["TIP_KEYS", "TipOverlay", "attach_tips", "tip_kind"]

#: tip name -> translation key (one per kind of decision; Board/Raid targets have their own)
TIP_KEYS: dict[str, str] = {
    "select_dice": "tips.select_dice",
    "skull_action": "tips.skull_action",
    "bonus_tile": "tips.bonus_tile",
    "position": "tips.position",
    "target": "tips.target",
    "take_chest": "tips.take_chest",
    "keep_tile": "tips.keep_tile",
    "arrange_fleet": "tips.arrange_fleet",
    "arrange_crew": "tips.arrange_crew",
}


def tip_kind(kind: DecisionKind, legal: Sequence[PlayerAction]) -> str | None:
    """The tip name for a decision of ``kind`` with these legal actions, or None."""
    if kind == DecisionKind.POSITION and any(isinstance(a, Target) for a in legal):
        return "target"
    name = str(kind.value)
    return name if name in TIP_KEYS else None


def attach_tips(scene: TableScene) -> TipOverlay | None:
    """Put the tip overlay on a normal game's table (when tips are on and a human plays)."""
    settings = scene.app.settings if scene.entered else None
    if settings is None or not settings.tips or not scene.controller.human_seats:
        return None
    if set(TIP_KEYS) <= set(settings.tips_seen):  # (the list holds other games' tips too)
        return None
    overlay = TipOverlay(settings)
    scene.overlays.append(overlay)
    return overlay


class TipOverlay:
    """Shows one tip at a time above the human decision panel."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.current: str | None = None
        self._ui: DecisionPanel | None = None  # the panel the tip belongs to
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float, scene: TableScene) -> bool:
        ui = scene.decision_ui
        if ui is self._ui:
            return False
        self._ui = ui
        before = self.current
        self.current = None
        name = tip_kind(ui.kind, ui.model.legal) if ui is not None else None
        if name is not None and self.settings.tips and name not in self.settings.tips_seen:
            self.current = name
            self.settings.tips_seen = (*self.settings.tips_seen, name)
            if scene.entered:
                scene.app.save_settings()
        return before != self.current

    @property
    def visible(self) -> bool:
        return self.current is not None

    def dismiss(self) -> None:
        self.current = None

    def handle(self, intent: Intent, scene: TableScene) -> bool:
        if self.current is None or not isinstance(intent, Click) or intent.button != 1:
            return False
        if self.close_rect.collidepoint(intent.pos):
            self.dismiss()
            return True
        return False

    def text(self) -> str:
        return tr(TIP_KEYS[self.current]) if self.current is not None else ""

    def note(self) -> Note | None:
        """The tip as a side note (:mod:`.sidenotes`), or None when no tip is shown."""
        if self.current is None or not self.settings.tips:
            return None
        return Note("tip", tr("tips.label"), (self.text(),), fill=palette.GOLD_LIGHT, closable=True)

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        """The table draws the tip among its side notes, at the foot of the log column (never
        over the log, a board or the decision panel); here only its rects are noted."""
        placed = scene.placed_note("tip")
        if self.current is None or not self.settings.tips or placed is None:
            self.rect = self.close_rect = pygame.Rect(0, 0, 0, 0)
            return
        self.rect = pygame.Rect(placed.rect)
        self.close_rect = pygame.Rect(placed.close)
