"""Hot-seat hand-over: an opaque screen naming the next player.

While it is shown nothing of the table is drawn (the scene is opaque and paints the whole
window itself), so one human's dice, selection and tiles are never visible to the next.
The next player presses Space (or Enter, or clicks Ready) to continue; ``on_ready`` then
runs and the scene pops itself. Escape opens the pause menu over it and Ctrl+S the save dialog
(to save or quit without revealing the next player's dice). A short "since your last turn"
summary of public events can be shown: its newest lines, as many as fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Intent, Key
from tortuga_desktop.shell.layout import wrap_words
from tortuga_desktop.shell.scenes import Scene
from tortuga_desktop.shell.scenes.form import fit
from tortuga_desktop.shell.scenes.pause import PausedTable, PauseScene

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.shell.loop import App
    from tortuga_desktop.shell.saves.writer import NamedSavable

__all__ = ["Handover", "needs_handover"]


def needs_handover(prev_seat: int | None, next_seat: int, humans: Sequence[int]) -> bool:
    """True when the screen must be handed over before ``next_seat`` sees private things.

    Only with more than one human at the table, and only when the human changes (the first
    human decision of a game after no human, ``prev_seat`` None, needs one too).
    """
    if len(set(humans)) < 2 or next_seat not in humans:
        return False
    return prev_seat != next_seat


class Handover(Scene):
    """"Pass to {name} — press Space when ready" (a game's hand-over gives its "since your last turn"
    lines, or hands them in)."""

    opaque = True
    name = "handover"
    #: the line about Escape at the bottom (another game's hand-over names what stays hidden)
    esc_key = "glance.handover.esc"

    def __init__(self, player_name: str, on_ready: Callable[[], None] | None = None, *,
                 summary: Sequence[str] = (), colour: palette.RGB | None = None, seat: int | None = None,
                 table: PausedTable | None = None) -> None:
        super().__init__()
        #: the table this screen covers (its pause menu opens over this screen on Escape)
        self.table = table
        self.player_name = player_name
        self.on_ready = on_ready
        self.summary = list(summary)
        #: the summary was worked out here from the game (so it can be put into another language)
        self._own_summary = not self.summary
        self.colour = colour or palette.BRASS
        self.seat = seat
        self.ready = False
        self._button = pygame.Rect(0, 0, 0, 0)

    def enter(self, app: App) -> None:
        super().enter(app)
        if self._own_summary:
            self.summary = self._find_summary(app)

    def retranslate(self) -> None:
        """The language changed (settings from the pause menu): the summary is words made from
        the game's events, so make them again in the new language."""
        if self._own_summary and self.entered:
            self.summary = self._find_summary(self.app)

    def _find_summary(self, app: App) -> list[str]:
        """"Since your last turn" lines worked out from the game below (a game's hand-over gives
        them); none here."""
        return []

    def message(self) -> str:
        return tr("hotseat.ui.pass_to_name_press_space_when", name=self.player_name)

    def handle(self, intent: Intent) -> None:
        key = intent.key if isinstance(intent, Key) else None
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
            return
        if key == pygame.K_ESCAPE:
            self.open_pause_menu()
            return
        if isinstance(intent, Click) and intent.button == 1 and self._button.collidepoint(intent.pos):
            self.confirm()

    def open_pause_menu(self) -> None:
        """Escape: the pause menu of the table below (save, load, quit...) over this screen,
        which stays opaque: nothing private shows. Resume comes back here."""
        if self.entered and self.table is not None:
            self.app.push(PauseScene(self.table))

    def saved_game(self) -> NamedSavable | None:
        """Ctrl+S on this screen saves the table below, as its pause menu's Save would (None: nothing to
        save); the save dialog opens over this opaque screen, so nothing of the table shows."""
        return self.table.saved_game() if self.table is not None else None

    def confirm(self) -> None:
        """The named player is at the screen: leave and let the table show their view."""
        if self.ready:
            return
        self.ready = True
        if self.entered:
            self.app.pop()
        if self.on_ready is not None:
            self.on_ready()

    def update(self, dt: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(palette.SEA_DEEP)
        small = art.font(max(12, min(22, w // 60)))
        y = h // 3
        # a long name: the line shrinks to fit the window
        text = fit(self.message(), max(18, min(48, w // 26)), w - 40, True, palette.GOLD)
        surface.blit(text, text.get_rect(center=(w // 2, y)))
        pygame.draw.line(surface, self.colour, (w // 2 - text.get_width() // 2, y + text.get_height() // 2 + 6),
                         (w // 2 + text.get_width() // 2, y + text.get_height() // 2 + 6), 4)
        y += text.get_height() + 20
        hint = small.render(tr("hotseat.ui.everyone_else_please_look_away"), True, palette.FOAM)
        surface.blit(hint, hint.get_rect(center=(w // 2, y)))
        y += hint.get_height() + 20
        bw, bh = max(160, w // 6), max(36, h // 16)
        self._button = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
        pygame.draw.rect(surface, palette.GOLD, self._button, border_radius=8)
        pygame.draw.rect(surface, palette.INK, self._button, width=2, border_radius=8)
        label = small.render(tr("hotseat.ui.ready_space"), True, palette.INK)
        surface.blit(label, label.get_rect(center=self._button.center))
        esc = small.render(tr(self.esc_key), True, palette.FOAM)
        surface.blit(esc, esc.get_rect(midbottom=(w // 2, h - 12)))
        y += bh + 30
        if self.summary:
            head = small.render(tr("hotseat.ui.since_your_last_turn"), True, palette.GOLD_LIGHT)
            surface.blit(head, (w // 6, y))
            y += head.get_height() + 6
            # the newest lines are the ones that matter: fill the room from the end, older lines give way
            room = max(0, (h - 2 * small.get_height() - 12 - y) // (small.get_height() + 2))
            rows = [row for line in self.summary for row in wrap_words(line, small, w * 2 // 3)]
            if len(rows) > room:
                rows = (["…"] + rows[len(rows) - room + 1:]) if room > 1 else rows[len(rows) - room:]
            for row in rows:
                surface.blit(small.render(row, True, palette.FOAM), (w // 6, y))
                y += small.get_height() + 2
