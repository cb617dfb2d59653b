"""Hints for humans: what Expert would do in the decision in front of a human, and why.

Press H while deciding: Expert searches that seat's :class:`~tortuga_desktop.rules.PlayerView`
(never the game itself) on a worker thread, while a notice says it is thinking; H again cancels.
When the search is done, its move is picked in the decision panel (dice, chests or option
highlighted on the table as if the player had picked them; confirming stays with the player)
and a notice gives the reason and the search's numbers.

The decision panel shows a Hint button (the same as H; while Expert thinks it says so and a
click cancels); once shown, the suggested dice, chests or option are ringed on the table with a
"Hint" tag until the decision closes. The setting ``Settings.hints`` off hides the button and
H does nothing. Which seats asked for a hint is kept in the game's save data
(:func:`note_used`, :func:`seats_hinted`) so the statistics can count games played with hints.

The table scene calls :func:`toggle_hint` on the H key, :func:`poll_hint` every frame and
:func:`draw_hint` after the decision panel.
"""

from __future__ import annotations

import logging
import threading
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..ai import BotChoice
from ..ai.expert import ExpertBot, SearchResult, odds_reason
from ..rules import Arrange, DecisionKind, PlayerAction, PlayerView, SelectDice
from . import palette
from .eventtext import reason_text
from .i18n import tr

logger = logging.getLogger(__name__)

#: the thinking time of hints
HINT_THINK = "normal"

def note_used(data: Any, seat: int) -> None:
    """Remember in the game's :class:`~tortuga_desktop.app.saves.SaveData` (``None``: a game
    without one, nothing to remember) that ``seat`` asked for a hint: the statistics count it,
    and the save keeps it across a restart."""
    hinted = getattr(data, "hinted", None)
    if isinstance(hinted, set):
        hinted.add(seat)


def seats_hinted(data: Any) -> frozenset[int]:
    """The seats that asked for a hint in the game of ``data`` (a SaveData, or None)."""
    hinted = getattr(data, "hinted", None)
    return frozenset(hinted) if isinstance(hinted, set) else frozenset()


def hints_enabled(scene: Any) -> bool:
    """The Hints setting (on when there are no settings)."""
    settings = getattr(getattr(scene, "app", None), "settings", None)
    return bool(getattr(settings, "hints", True))


@dataclass
class HintJob:
    """One hint being computed (or computed) for one decision."""

    seat: int
    decisions: int
    view: PlayerView
    #: the decision panel the hint is for (a new decision gets a new panel)
    panel: Any = None
    cancelled: bool = False
    choice: BotChoice | None = None
    search: SearchResult | None = None
    error: str = ""
    done: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        try:
            bot = ExpertBot(zlib.crc32(f"hint|{self.seat}|{self.decisions}".encode()), think=HINT_THINK)
            self.choice = bot.decide(self.view)
            self.search = bot.last
        except Exception as exc:  # a fault must not kill the game: logged, and poll_hint shows a notice
            logger.exception("hint search failed")
            self.error = repr(exc)
        finally:
            self.done.set()

    def start(self) -> None:
        threading.Thread(target=self.run, name="tortuga-hint", daemon=True).start()


def hint_text(choice: BotChoice, search: SearchResult | None, names: tuple[str, ...] | list[str]) -> str:
    """The notice for a finished hint: Expert's reason, then the search's numbers."""
    text = tr("hint.expert_would", reason=reason_text(choice.reason, names))
    if search is not None and search.worlds:
        text += " — " + reason_text(odds_reason(search), names)
    return text


def show_pick(ui: Any, action: PlayerAction) -> None:
    """Pick ``action`` in a decision panel, as the player would (nothing is confirmed)."""
    if ui.kind == DecisionKind.SELECT_DICE and isinstance(action, SelectDice):
        ui.dice = list(action.dice)
    elif ui.kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW) and isinstance(action, Arrange):
        order: list[int] = []
        for c in action.chests:
            i = next((i for i, x in enumerate(ui.source) if x == int(c) and i not in order), None)
            if i is not None:
                order.append(i)
        ui.order = order
    else:
        ui.pick = action
    ui.flash = ""


def _job(scene: Any) -> HintJob | None:
    job: HintJob | None = getattr(scene, "_hint_job", None)
    return job


def toggle_hint(scene: Any) -> None:
    """H or the Hint button: start a hint for the open decision panel, or cancel the one being
    computed. Nothing happens while the Hints setting is off."""
    if not hints_enabled(scene):
        return
    job = _job(scene)
    if job is not None and not job.done.is_set() and not job.cancelled:
        job.cancelled = True
        if job.panel is not None:
            job.panel.hint_label = ""
        scene.app.notify(tr("hint.cancelled"))
        return
    ui = scene.decision_ui
    if ui is None or ui.done:
        return
    game = scene.controller.game
    job = HintJob(ui.seat, game.decisions, game.view(ui.seat), ui)
    scene._hint_job = job
    ui.hint_label = tr("hint.button_thinking")
    note_used(getattr(scene.controller, "save_data", None), ui.seat)
    job.start()
    scene.app.notify(tr("hint.thinking"), seconds=2.5)


def _attach(scene: Any) -> bool:
    """Give the open decision panel its Hint button (or take it away when hints are off);
    True when the panel changed."""
    ui = getattr(scene, "decision_ui", None)
    if ui is None or not hasattr(ui, "on_hint"):
        return False
    if hints_enabled(scene):
        if ui.on_hint is None:
            ui.on_hint = lambda: toggle_hint(scene)
            return True
    elif ui.on_hint is not None:
        ui.on_hint = None
        return True
    return False


def _withdraw(scene: Any) -> None:
    """Take a shown hint's notice off the screen once its decision panel is gone: a hint about
    one's dice or tile must not stay up for the next player at a shared screen (R9)."""
    shown = getattr(scene, "_hint_shown", None)
    if shown is None:
        return
    text, panel = shown
    if scene.decision_ui is panel and panel is not None and not panel.done:
        return
    scene._hint_shown = None
    scene._hint_marks = None
    _drop_notice(scene.app, text)


def _drop_notice(app: Any, text: str) -> None:
    """Take the notices saying ``text`` off the screen (and out of the queue)."""
    lock = getattr(app, "_notice_lock", None) if app is not None else None
    if lock is None:
        return
    with lock:
        app._incoming_notices = [n for n in app._incoming_notices if n.text != text]
    app.notices = [n for n in app.notices if n.text != text]
    app.request_redraw()


def poll_hint(scene: Any) -> bool:
    """Show a finished hint if its decision is still open; True when the panel changed."""
    _withdraw(scene)
    changed = _attach(scene)
    job = _job(scene)
    if job is None or not job.done.is_set():
        return changed
    scene._hint_job = None
    _drop_notice(scene.app, tr("hint.thinking"))  # the thinking is over, whatever came of it
    if job.panel is not None:
        job.panel.hint_label = ""
    if job.cancelled:
        return True
    ui = scene.decision_ui
    game = scene.controller.game
    if ui is None or ui is not job.panel or ui.done or game.decision_for(job.seat) is None:
        return False  # the moment has passed (others deciding at the same time do not matter)
    if job.choice is None:
        scene.app.notify(tr("hint.failed"), "warning")
        return False
    show_pick(ui, job.choice.action)
    ui.hint_label = tr("hint.button_shown")
    text = hint_text(job.choice, job.search, list(game.names))
    scene.app.notify(text, seconds=8.0)
    scene._hint_shown = (text, ui)
    scene._hint_marks = frozenset(ui.highlighted())  # the suggestion, ringed on the table (draw_hint)
    return True


def hint_marks(scene: Any) -> frozenset[Any]:
    """The table things of the hint on show (empty when none is, or its decision closed)."""
    shown = getattr(scene, "_hint_shown", None)
    marks: frozenset[Any] | None = getattr(scene, "_hint_marks", None)
    if shown is None or marks is None:
        return frozenset()
    panel = shown[1]
    if scene.decision_ui is not panel or panel is None or panel.done:
        return frozenset()
    return marks


def draw_hint(scene: Any, surface: Any) -> None:
    """Ring the hint's suggestion on the table, each with a small "Hint" tag."""
    marks: Iterable[Any] = hint_marks(scene)
    renderer = getattr(scene, "renderer", None)
    if not marks or renderer is None:
        return
    import pygame

    from . import art

    px = renderer.px
    font = art.font(max(10, px(13)), True)
    tag = font.render(tr("hint.tag"), True, palette.FOAM)
    for m in marks:
        r = renderer.highlight_rect(m, scene.view)
        if r is None:
            continue
        ring = r.inflate(px(12), px(12))
        pygame.draw.rect(surface, palette.SEA_LIGHT, ring, px(4), border_radius=px(8))
        box = tag.get_rect(midbottom=(ring.centerx, ring.top + px(2))).inflate(px(8), px(2))
        pygame.draw.rect(surface, palette.SEA, box, border_radius=px(5))
        pygame.draw.rect(surface, palette.FOAM, box, 1, border_radius=px(5))
        surface.blit(tag, tag.get_rect(center=box.center))


def hint_busy(scene: Any) -> bool:
    """Whether a hint is being computed for ``scene`` (the thinking state)."""
    job = _job(scene)
    return job is not None and not job.done.is_set() and not job.cancelled


__all__ = ["HINT_THINK", "HintJob", "draw_hint", "hint_busy", "hint_marks", "hint_text", "hints_enabled", "note_used",
           "poll_hint", "seats_hinted", "show_pick", "toggle_hint"]
