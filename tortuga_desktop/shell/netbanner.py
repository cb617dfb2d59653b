"""What a network table says of its connection and its seats, for every game's table screen.

:func:`banner_lines` words the table's state from the lobby's :class:`~.netsession.NetSession`: the
connection lost (or the host closed the table), the connection gone for good, a player dropped out
and held for N seconds or played by a computer meanwhile, and whom the table waits for.
:func:`draw_banner` draws those lines as boxes, one below the other. A game's network table scene
calls both (the dice table over its island, Tortuga 1667's over Tortuga), and :func:`give_up` when the
connection is gone for good.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.netsession import NetSession
from tortuga_desktop.shell.scenes.dialogs import MessageScene

if TYPE_CHECKING:
    from tortuga_desktop.shell.loop import App

__all__ = ["Banner", "banner_lines", "draw_banner", "give_up"]

log = logging.getLogger(__name__)

#: a banner line: (text, level) with level "danger", "warning" or "info"
Banner = tuple[str, str]


def banner_lines(session: NetSession, *, ready: bool, over: bool, waiting: Sequence[str],
                 now: float | None = None) -> list[Banner]:
    """The banner's lines for a table at ``session``: ``ready`` once the game has started and this
    screen has its views, ``over`` once the game has ended, ``waiting`` the names of the players the
    game waits for when no seat played here has a decision open (said only when nothing else is)."""
    out: list[Banner] = []
    net = session.net
    if net.state in ("reconnecting", "connecting") and ready:
        # the host closed the table: said as such (it may continue the game), not as a lost connection
        out.append((tr("net.banner.host_closed" if session.host_closed else "net.banner.reconnecting"), "danger"))
    elif net.state == "failed":
        out.append((tr("net.banner.failed"), "danger"))
    age = (now if now is not None else time.perf_counter()) - session.lobby_at
    # who is held or taken over is the host's news: while the host cannot be reached it is stale
    # (its countdown may belong to a server that is gone), so it is not shown
    for s in session.lobby if net.state == "connected" else ():
        if s.kind == "computer" or (s.kind == "open" and not s.taken):
            continue
        if s.held_for is not None and not s.connected:
            left = max(0, int(s.held_for - age + 0.999))
            out.append((tr("net.banner.held", name=s.name, seconds=left), "warning"))
        elif s.bot and not s.connected:
            out.append((tr("net.banner.taken_over", name=s.name), "warning"))
    if session.moved is not None and any(s.kind == "open" and s.taken and not s.connected for s in session.lobby):
        old, new = session.moved  # the others' games look for the old port: the host must tell them
        out.append((tr("net.lobby.moved", old=old, new=new), "warning"))
    if not out and ready and not over and waiting:
        out.append((tr("net.banner.waiting", names=", ".join(waiting)), "info"))
    return out


def draw_banner(surface: pygame.Surface, lines: Sequence[Banner], centerx: int, top: int,
                px: float) -> pygame.Rect | None:
    """Draw ``lines`` as boxes centred on ``centerx`` from ``top`` down (``px``: the table's pixels
    per design pixel); the rectangle they cover (None: no lines)."""
    def p(v: float) -> int:
        return max(1, round(v * px))

    f = art.font(max(12, p(20)), True)
    y = top
    drawn: list[pygame.Rect] = []
    for text, level in lines:
        fill = {"danger": palette.DANGER, "warning": palette.GOLD_LIGHT}.get(level, palette.PARCHMENT_LIGHT)
        ink = palette.PARCHMENT_LIGHT if level == "danger" else palette.INK
        t = f.render(text, True, ink)
        box = t.get_rect(midtop=(centerx, y + p(5))).inflate(p(28), p(10))
        box.x = max(0, min(box.x, surface.get_width() - box.w))
        pygame.draw.rect(surface, fill, box, border_radius=p(10))
        pygame.draw.rect(surface, palette.INK, box, p(2), border_radius=p(10))
        surface.blit(t, t.get_rect(center=box.center))
        drawn.append(box)
        y = box.bottom + p(4)
    return drawn[0].unionall(drawn[1:]) if drawn else None


def give_up(app: App, text: str) -> None:
    """The connection to a network table is gone for good: a message says ``text``; its OK leads back
    to the main menu."""
    log.warning("network game ends here: %s", text)

    def to_menu() -> None:
        while len(app.scenes) > 1:
            app.pop()

    app.push(MessageScene(tr("net.title.connection"), text, to_menu))
