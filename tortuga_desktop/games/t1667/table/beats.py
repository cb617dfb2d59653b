"""What the 1667 table shows after each move, one *beat* at a time, so a person can follow it.

The table scene turns the typed events a move caused (as the viewer may see them) into beats
(:func:`beats_from`): a vote turned up (:class:`VoteBeat`: the set in canonical order turns over
card by card, then the count and the result), an event card turned up (:class:`CardBeat`: it
rises from its slot and turns over, then its effect is said), or anything else (:class:`MoveBeat`:
a short pause with the move's words). Each beat lasts a fixed time at normal speed (the scene
scales it by the speed; Space skips it) and draws itself over the table.

The counts are read from the turned-up cards, as T4.6-T4.8 count them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.cards import EventCard, VoteCard, VoteKind
from tortuga_desktop.games.t1667.rules.views import TableView
from tortuga_desktop.games.t1667.table.eventtext import event_text
from tortuga_desktop.games.t1667.table.layout import Table1667Layout
from tortuga_desktop.games.t1667.table.render import (
    CARD_BACK,
    VOTE_BACK,
    card_back,
    event_glyph,
    fit,
    rounded,
    vote_card,
)
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr, trn
from tortuga_desktop.shell.layout import wrap_lines

__all__ = ["Beat", "CardBeat", "MoveBeat", "VoteBeat", "beats_from", "vote_count"]

#: seconds at normal speed
MOVE_S = 0.7
CARD_RISE_S = 0.45
CARD_HOLD_S = 1.6
VOTE_CARD_S = 0.4
VOTE_RESULT_S = 1.6


@dataclass
class Beat:
    """One step of what the table shows; ``t`` runs from 0 to ``length`` (seconds at normal speed)."""

    events: list[ev.Event] = field(default_factory=list)
    t: float = 0.0
    #: the viewer's view to draw the table from while this beat plays (None: the table now); a vote's
    #: reveal shows the table as it was, so its result is not read off the board before it turns up
    before: TableView | None = None

    @property
    def length(self) -> float:
        return MOVE_S

    @property
    def done(self) -> bool:
        return self.t >= self.length

    def advance(self, dt: float) -> None:
        self.t = min(self.length, self.t + dt)

    def skip(self) -> None:
        self.t = self.length

    def sound(self) -> str | None:
        """The sound effect this beat starts with (a name of :mod:`...shell.sound`), or None."""
        if any(isinstance(e, ev.TreasureMoved) for e in self.events):
            return "chest_clink"
        if any(isinstance(e, (ev.PawnMoved, ev.Marooned)) for e in self.events):
            return "token_slide"
        return None

    def draw(self, surf: pygame.Surface, L: Table1667Layout, names: Sequence[str],
             viewer: int | None) -> pygame.Rect | None:
        """Draw over the table; the part drawn on (None: nothing -- a plain move: the table shows it)."""
        return None


@dataclass
class MoveBeat(Beat):
    """A move with nothing to turn over: the table shows it; the pause lets a person see it."""


@dataclass
class CardBeat(Beat):
    """An event card turned up from ``slot`` (T3.4): it rises and turns over, then its effect is said."""

    card: EventCard = EventCard.PISTOL
    slot: int = 1
    _pics: tuple[pygame.Surface, pygame.Surface] | None = field(default=None, repr=False, compare=False)

    @property
    def length(self) -> float:
        return CARD_RISE_S + CARD_HOLD_S

    def sound(self) -> str | None:
        return "click"

    def _pictures(self, L: Table1667Layout, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Surface]:
        """The card's back and face at its full size, drawn once (the rise and the turn scale them)."""
        if self._pics is None or self._pics[0].get_size() != size:
            back = pygame.Surface(size, pygame.SRCALPHA)
            card_back(back, back.get_rect(), CARD_BACK, "event")
            face = pygame.Surface(size, pygame.SRCALPHA)
            r = face.get_rect()
            rounded(face, r, palette.PARCHMENT_LIGHT, palette.INK, L.px(10), max(2, L.px(3)))
            event_glyph(face, self.card, (r.centerx, round(r.h * 0.32)), min(r.w, r.h) // 4)
            name_y = round(r.h * 0.58)
            for line in wrap_lines(tr(f"p1667.card.{self.card.value}"), art.font(L.px_title, True), r.w - L.px(10), 2):
                t = fit(line, L.px_title, palette.INK, r.w - L.px(10), True)
                face.blit(t, t.get_rect(midtop=(r.centerx, name_y)))
                name_y += t.get_height()
            self._pics = (back, face)
        return self._pics

    def draw(self, surf: pygame.Surface, L: Table1667Layout, names: Sequence[str],
             viewer: int | None) -> pygame.Rect | None:
        k = min(1.0, self.t / CARD_RISE_S)
        ease = 1 - (1 - k) ** 3
        start = pygame.Rect(L.row[self.slot - 1])
        mat = pygame.Rect(L.mat)
        big = pygame.Rect(0, 0, round(start.w * 1.9), round(start.h * 1.9))
        big.center = (mat.centerx, mat.centery + L.px(20))
        r = pygame.Rect(round(start.x + (big.x - start.x) * ease), round(start.y + (big.y - start.y) * ease),
                        round(start.w + (big.w - start.w) * ease), round(start.h + (big.h - start.h) * ease))
        # turning over: the card narrows to an edge, then widens face up
        squeeze = abs(1 - 2 * k) if k < 1 else 1.0
        shown = pygame.Rect(0, 0, max(2, round(r.w * squeeze)), r.h)
        shown.center = r.center
        back, face = self._pictures(L, big.size)
        pic = face if k >= 0.5 else back
        surf.blit(pic if shown.size == pic.get_size() else pygame.transform.scale(pic, shown.size), shown)
        drawn = shown
        if self.t < CARD_RISE_S:
            return drawn
        # what it did: the words of the events after the card was turned up
        lines = [x for x in (event_text(e, names, viewer) for e in self.events[1:]
                             if not isinstance(e, _NOT_EFFECTS)) if x]
        if not lines:
            return drawn
        width = min(L.mat[2] - L.px(40), L.px(560))
        f = art.font(L.px_body)
        wrapped: list[str] = []
        for line in lines[:3]:
            wrapped += wrap_lines(line, f, width - L.px(16), 2)
        h = len(wrapped) * f.get_linesize() + L.px(12)
        box = pygame.Rect(0, 0, width, h)
        box.midtop = (shown.centerx, min(shown.bottom + L.px(8), mat.bottom - h - L.px(4)))
        rounded(surf, box, palette.PARCHMENT, palette.BRASS_DARK, L.px(8), max(1, L.px(2)))
        y = box.y + L.px(6)
        for line in wrapped:
            t = fit(line, L.px_body, palette.INK, box.w - L.px(16))
            surf.blit(t, (box.x + L.px(8), y))
            y += f.get_linesize()
        return drawn.union(box)


#: what follows a card's effect without being part of it (the row refilled, the next turn)
_NOT_EFFECTS = (ev.RowRefilled, ev.TurnStarted)


def vote_count(kind: VoteKind, cards: Sequence[VoteCard]) -> tuple[int, int, int]:
    """What a vote of ``kind`` counts on its turned-up ``cards`` (T4.6-T4.8): (cannons, torches,
    water) for an Attack, (skulls, helms, 0) for a Mutiny, (British flags, French flags, 0) for a Brawl."""
    if kind is VoteKind.ATTACK:
        return (sum(c.top == "C" for c in cards), sum(c.top == "T" for c in cards), sum(c.top == "W" for c in cards))
    if kind is VoteKind.MUTINY:
        return (sum(c.bottom == "S" for c in cards), sum(c.bottom == "H" for c in cards), 0)
    return (sum(c.flags for c in cards if c.flag == "B"), sum(c.flags for c in cards if c.flag == "F"), 0)


@dataclass
class VoteBeat(Beat):
    """A vote turned up (T4.5): the set in canonical order (TR25) turns over card by card, then the
    count and the result are shown."""

    kind: VoteKind = VoteKind.ATTACK
    cards: tuple[VoteCard, ...] = ()
    added: bool = False
    success: bool = False

    @property
    def length(self) -> float:
        return VOTE_CARD_S * (len(self.cards) + 1) + VOTE_RESULT_S

    def sound(self) -> str | None:
        return "fanfare" if self.success and self.kind is not VoteKind.BRAWL else "click"

    def result_text(self) -> str:
        a, b, c = vote_count(self.kind, self.cards)
        if self.kind is VoteKind.ATTACK:
            count = tr("t1667.reveal.count.attack", a=trn("t1667.reveal.n.cannon", a), b=trn("t1667.reveal.n.torch", b),
                       c=trn("t1667.reveal.n.water", c))
        elif self.kind is VoteKind.MUTINY:
            count = tr("t1667.reveal.count.mutiny", a=trn("t1667.reveal.n.skull", a), b=trn("t1667.reveal.n.helm", b))
        else:
            count = tr("t1667.reveal.count.brawl", a=trn("t1667.reveal.n.british", a),
                       b=trn("t1667.reveal.n.french", b))
        if self.kind is VoteKind.BRAWL:
            outcome = "british" if a > b else "french" if b > a else "even"
        else:
            outcome = "yes" if self.success else "no"
        return tr("t1667.reveal.result", count=count, result=tr(f"p1667.t.result.{self.kind.value}.{outcome}"))

    def draw(self, surf: pygame.Surface, L: Table1667Layout, names: Sequence[str],
             viewer: int | None) -> pygame.Rect | None:
        mat = pygame.Rect(L.mat)
        n = max(1, len(self.cards))
        ch = min(L.px(150), mat.h // 2)
        cw = round(ch * 0.68)
        gap = L.px(10)
        cw = min(cw, (mat.w - L.px(60) - (n - 1) * gap) // n)
        row_w = n * cw + (n - 1) * gap
        box = pygame.Rect(0, 0, max(row_w + L.px(40), L.px(420)), ch + L.px(110))
        box.center = mat.center
        rounded(surf, box, palette.PARCHMENT, palette.BRASS_DARK, L.px(12), max(2, L.px(3)))
        title = tr(f"t1667.reveal.title.{self.kind.value}")
        t = fit(title, L.px_title, palette.INK, box.w - L.px(20), True)
        surf.blit(t, t.get_rect(midtop=(box.centerx, box.y + L.px(8))))
        if self.added:
            sub = fit(tr("t1667.reveal.added"), L.px_small, palette.INK_SOFT, box.w - L.px(20))
            surf.blit(sub, sub.get_rect(midtop=(box.centerx, box.y + L.px(8) + t.get_height())))
        x0 = box.centerx - row_w // 2
        y0 = box.y + L.px(52)
        for k, card in enumerate(self.cards):
            r = pygame.Rect(x0 + k * (cw + gap), y0, cw, ch)
            local = (self.t - VOTE_CARD_S * k) / VOTE_CARD_S  # this card's turn: 0..1
            if local <= 0:
                card_back(surf, r, VOTE_BACK, "vote")
                continue
            k2 = min(1.0, local)
            if k2 >= 1:
                vote_card(surf, r, card, self.kind)
                continue
            # turning over: drawn at full size (cached), squeezed to an edge and back
            pic = pygame.Surface(r.size, pygame.SRCALPHA)
            if k2 < 0.5:
                card_back(pic, pic.get_rect(), VOTE_BACK, "vote")
            else:
                vote_card(pic, pic.get_rect(), card, self.kind)
            shown = pygame.Rect(0, 0, max(2, round(r.w * abs(1 - 2 * k2))), r.h)
            shown.center = r.center
            surf.blit(pygame.transform.scale(pic, shown.size), shown)
        if not self.cards:
            t2 = fit(tr("e1667.no_cards"), L.px_body, palette.INK_SOFT, box.w - L.px(20))
            surf.blit(t2, t2.get_rect(center=(box.centerx, y0 + ch // 2)))
        if self.t >= VOTE_CARD_S * (len(self.cards) + 1) - 1e-9:
            colour = palette.INK if self.kind is VoteKind.BRAWL else (
                (0x1E, 0x7A, 0x3A) if self.success else palette.DANGER)
            res = fit(self.result_text(), L.px_title, colour, box.w - L.px(20), True)
            surf.blit(res, res.get_rect(midbottom=(box.centerx, box.bottom - L.px(10))))
        return box


def beats_from(events: Sequence[ev.Event]) -> list[Beat]:
    """The beats of one move's events (as the viewer sees them): a card turned up and a vote
    turned up each start a beat that takes the events after it; the rest make one plain beat."""
    out: list[Beat] = []
    cur: Beat | None = None
    for e in events:
        if isinstance(e, ev.CardRevealed):
            cur = CardBeat([e], card=e.card, slot=e.slot)
            out.append(cur)
        elif isinstance(e, ev.VoteRevealed):
            cur = VoteBeat([e], kind=e.kind, cards=e.cards, added=e.added, success=e.success)
            out.append(cur)
        else:
            if cur is None:
                cur = MoveBeat([])
                out.append(cur)
            cur.events.append(e)
    return out
