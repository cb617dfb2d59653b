"""The talk menu at the Tortuga 1667 table: what the player on screen says to the table (T9.7).

S (or the Talk button under the ship's log) opens :class:`TalkScene` over the table for the seat whose own
view is on screen. Its steps come from :class:`TalkChoices` (pure: no pygame), one choice at a time:

- *claim* a loyalty (to the table, or in answer to a player who asked this seat and got no answer yet);
- *accuse* a player of a loyalty; *vouch* for a player; *ask* a player what they are;
- *report* a row slot and a card: the slot's card this seat has seen comes first, marked (what it saw), and
  has the focus, but any card may be named (a report may be a lie, as across a cardboard table);
- a short reaction: cheer, groan, agree, doubt, or *suspect* a player.

Only the loyalties of this game's mix are offered, and never the speaker as the player spoken of (the
rules refuse both). The line the focused choice would say is shown in the table's words before it is
said. Keys: 1-9 and 0 choose, Up/Down/Left/Right move, Enter chooses, PageUp/PageDown page a long list,
Backspace (or a right click) goes back a step, Esc (or S) closes. A line said goes to the table
(``Table1667Scene.say``): the menu closes and the line shows in the log; a refusal (enough said this
turn, a table that takes no talk) is a short notice and the menu stays open.

>>> from tortuga_desktop.games.t1667.rules import Game
>>> c = TalkChoices(Game.new(4, 1).view(0), ("A", "B", "C", "D"))
>>> [o.value for o in c.options()][:5]
['claim', 'accuse', 'vouch', 'report', 'ask']
>>> c.pick(2) is None, [o.value for o in c.options()]
(True, [1, 2, 3])
>>> str(c.pick(1))
'say vouch 2'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tortuga_desktop.games.t1667.ai.talk import Claim, Reaction
from tortuga_desktop.games.t1667.rules import events as ev
from tortuga_desktop.games.t1667.rules.cards import EventCard, Loyalty
from tortuga_desktop.games.t1667.rules.talk import TALK_PER_TURN, Mood, Say, TalkKind
from tortuga_desktop.games.t1667.rules.views import PlayerView
from tortuga_desktop.games.t1667.table.eventtext import card_name, loyalty_name, say_text
from tortuga_desktop.games.t1667.table.help import CARD_ORDER
from tortuga_desktop.games.t1667.table.render import SEAT_STYLES, fit, rounded, shape
from tortuga_desktop.shell import art, palette
from tortuga_desktop.shell.i18n import tr
from tortuga_desktop.shell.intents import Click, Hover, Intent, Key
from tortuga_desktop.shell.layout import LayoutReport, wrap_lines
from tortuga_desktop.shell.scenes import Scene

__all__ = ["TalkChoices", "TalkOption", "TalkScene", "open_asks", "said_key", "spoken_this_turn", "talked_key"]

#: the first choices: the kinds of talk, then the reactions
ROOT: tuple[str, ...] = ("claim", "accuse", "vouch", "report", "ask", "cheer", "groan", "suspect", "agree", "doubt")
#: the first choices that say their line at once (a reaction without a player)
_PLAIN_MOODS = {"cheer": Mood.CHEER, "groan": Mood.GROAN, "agree": Mood.AGREE, "doubt": Mood.DOUBT}
#: the seat a choice "to the whole table" stands for in a claim's last step
TO_TABLE = -1
_DIGITS = {getattr(pygame, f"K_{k}"): k for k in range(1, 10)} | {getattr(pygame, f"K_KP{k}"): k for k in range(1, 10)}
_DIGITS |= {pygame.K_0: 10, pygame.K_KP0: 10}


def spoken_this_turn(events: Sequence[ev.Event], seat: int) -> int:
    """How many lines ``seat`` has said since the current turn started (the rules allow
    :data:`~tortuga_desktop.games.t1667.rules.talk.TALK_PER_TURN`); ``events``: any viewer's (talk is public)."""
    n = 0
    for e in reversed(events):
        if isinstance(e, ev.TurnStarted):
            break
        if isinstance(e, ev.Talked) and e.seat == seat:
            n += 1
    return n


def open_asks(events: Sequence[ev.Event], seat: int) -> tuple[int, ...]:
    """The players who asked ``seat`` what it is and have had no claim from it in answer since (newest first)."""
    asked: dict[int, None] = {}
    for e in events:
        if not isinstance(e, ev.Talked):
            continue
        if e.say.kind is TalkKind.ASK and e.say.about == seat and e.seat != seat:
            asked.pop(e.seat, None)
            asked[e.seat] = None
        elif e.seat == seat and e.say.kind is TalkKind.CLAIM and e.say.about is not None:
            asked.pop(e.say.about, None)
    return tuple(reversed(asked))


def said_key(line: Claim | Reaction) -> tuple[object, ...]:
    """What a computer player's older talk line (:attr:`GameTable.said`) says, to know it again as a Talked event."""
    if isinstance(line, Claim):
        return (line.speaker, "claim", line.loyalty.value, line.asker)
    return (line.speaker, "react", line.mood, line.about, line.vote_no)


def talked_key(e: ev.Talked) -> tuple[object, ...] | None:
    """:func:`said_key` of the same line said as a Talked event (None: no older line says it: the other kinds)."""
    s = e.say
    if s.kind is TalkKind.CLAIM and s.loyalty is not None:
        return (e.seat, "claim", s.loyalty.value, s.about)
    if s.kind is TalkKind.REACT and s.mood is not None:
        return (e.seat, "react", s.mood.value, s.about, s.vote_no)
    return None


def _capital(word: str) -> str:
    """A word as a menu's choice: its first letter capital ("británico" -> "Británico")."""
    return word[:1].upper() + word[1:]


@dataclass(frozen=True, slots=True)
class TalkOption:
    """One choice of a step: its words, what it stands for (a kind, a seat, a loyalty, a slot, a card), and
    whether it opens another step (its label ends in an ellipsis then)."""

    label: str
    value: Any
    more: bool = False
    #: a seat's marker is drawn beside the label (a choice of a player)
    seat: int | None = None


class TalkChoices:
    """The talk menu's steps for the speaker (its own ``view``): pure, no pygame (see the module's text)."""

    def __init__(self, view: PlayerView, names: Sequence[str], askers: Sequence[int] = ()) -> None:
        self.view = view
        self.seat = view.seat
        self.names = tuple(names)
        self.askers = tuple(a for a in askers if a != view.seat and 0 <= a < view.players)
        #: the choices made so far (a kind first)
        self.path: list[Any] = []

    # ---------------------------------------------------------------- the steps
    def _others(self) -> list[TalkOption]:
        return [TalkOption(self._name(s), s, seat=s) for s in range(self.view.players) if s != self.seat]

    def _name(self, s: int) -> str:
        return self.names[s] if 0 <= s < len(self.names) else "?"

    def loyalties(self) -> list[Loyalty]:
        """The loyalties of this game's mix (a 4-player game has no Dutch card)."""
        mix = {lo for lo, n in self.view.loyalty_mix if n > 0}
        return [lo for lo in Loyalty if lo in mix]

    def known_card(self, slot: int) -> EventCard | None:
        """The card this seat has seen in row slot ``slot`` (its own view: T9.5), if any."""
        return next((s.card for s in self.view.row if s.slot == slot), None)

    def options(self) -> list[TalkOption]:
        """The choices of the current step."""
        p = self.path
        if not p:
            return [TalkOption(tr(f"t1667.say.kind.{k}"), k, more=k not in _PLAIN_MOODS) for k in ROOT]
        kind = p[0]
        if kind == "claim":
            if len(p) == 1:
                return [TalkOption(_capital(loyalty_name(lo)), lo, more=bool(self.askers)) for lo in self.loyalties()]
            return [TalkOption(tr("t1667.say.to_table"), TO_TABLE)] + [
                TalkOption(tr("t1667.say.answer", name=self._name(a)), a, seat=a) for a in self.askers]
        if kind == "accuse":
            if len(p) == 1:
                return [TalkOption(o.label, o.value, True, o.seat) for o in self._others()]
            return [TalkOption(_capital(loyalty_name(lo)), lo) for lo in self.loyalties()]
        if kind in ("vouch", "ask", "suspect"):
            return self._others()
        if kind == "report":
            if len(p) == 1:
                return [TalkOption(self._slot_label(s.slot, s.face_down, s.card), s.slot, more=True)
                        for s in self.view.row]
            known = self.known_card(p[1])
            cards = ([known] if known is not None else []) + [c for c in CARD_ORDER if c is not known]
            return [TalkOption(tr("t1667.say.card_seen", card=card_name(c)) if c is known else card_name(c), c)
                    for c in cards]
        return []

    @staticmethod
    def _slot_label(slot: int, face_down: bool, card: EventCard | None) -> str:
        if card is not None:
            return tr("t1667.say.slot_seen", slot=slot, card=card_name(card))
        return tr("t1667.say.slot" if face_down else "t1667.say.slot_empty", slot=slot)

    def title(self) -> str:
        """What the current step asks."""
        p = self.path
        if not p:
            return tr("t1667.say.title", name=self._name(self.seat))
        kind = p[0]
        if kind == "claim":
            return tr("t1667.say.ask.claim" if len(p) == 1 else "t1667.say.ask.claim_to")
        if kind == "accuse":
            return tr("t1667.say.ask.accuse") if len(p) == 1 else tr("t1667.say.ask.accuse_as", name=self._name(p[1]))
        if kind == "report":
            return tr("t1667.say.ask.report") if len(p) == 1 else tr("t1667.say.ask.report_card", slot=p[1])
        return tr(f"t1667.say.ask.{kind}")

    def line_for(self, index: int) -> Say | None:
        """The line choosing option ``index`` now would say (None: it opens another step)."""
        opts = self.options()
        if not 0 <= index < len(opts):
            return None
        v = opts[index].value
        p = [*self.path, v]
        kind = p[0]
        if kind in _PLAIN_MOODS:
            return Say(TalkKind.REACT, mood=_PLAIN_MOODS[kind])
        if len(p) < 2:
            return None
        if kind == "claim":
            if len(p) == 2 and self.askers:
                return None
            to = p[2] if len(p) > 2 and p[2] != TO_TABLE else None
            return Say(TalkKind.CLAIM, about=to, loyalty=p[1])
        if kind == "accuse":
            return Say(TalkKind.ACCUSE, about=p[1], loyalty=p[2]) if len(p) > 2 else None
        if kind == "vouch":
            return Say(TalkKind.VOUCH, about=p[1])
        if kind == "ask":
            return Say(TalkKind.ASK, about=p[1])
        if kind == "suspect":
            return Say(TalkKind.REACT, about=p[1], mood=Mood.SUSPECT)
        if kind == "report":
            return Say(TalkKind.REPORT, slot=p[1], card=p[2]) if len(p) > 2 else None
        return None

    def pick(self, index: int) -> Say | None:
        """Choose option ``index``: the line to say, or None when it opened the next step."""
        opts = self.options()
        if not 0 <= index < len(opts):
            return None
        line = self.line_for(index)
        if line is None:
            self.path.append(opts[index].value)
        return line

    def back(self) -> bool:
        """One step back; False at the first step."""
        if not self.path:
            return False
        self.path.pop()
        return True


class TalkScene(Scene):
    """The talk menu over the 1667 table for ``seat`` (see the module's text). ``say`` sends a line to the
    table: True when it was said (the menu closes), False when refused (the table has shown why)."""

    opaque = False
    name = "talk1667"

    def __init__(self, choices: TalkChoices, say: Callable[[Say], bool], area: Callable[[], pygame.Rect],
                 scale: Callable[[], float], spoken: Callable[[], int]) -> None:
        super().__init__()
        self.choices = choices
        self._say = say
        self._area = area
        self._scale = scale
        self._spoken = spoken
        self.focus = 0
        #: the first option shown (a long list is shown a page at a time)
        self.top = 0
        self._per_page = 10
        self._hits: list[tuple[pygame.Rect, str, int]] = []
        self._box = pygame.Rect(0, 0, 0, 0)
        self._shown_texts: list[str] = []

    # ---------------------------------------------------------------- input
    def choose(self, index: int) -> bool:
        """Choose option ``index``: a step opens, or the line is said (and the menu closes). True when used."""
        opts = self.choices.options()
        if not 0 <= index < len(opts):
            return False
        line = self.choices.pick(index)
        if line is None:
            self._step_changed()
            return True
        if self._say(line):
            self.close()
        return True

    def _step_changed(self) -> None:
        self.top = 0
        self.focus = 0
        if self.choices.path and self.choices.path[0] == "report" and len(self.choices.path) == 2:
            self.focus = 0  # the card the seat saw there (if it saw one) comes first: it is the focus

    def back(self) -> bool:
        if self.choices.back():
            self._step_changed()
            return True
        return False

    def close(self) -> None:
        if self.entered and self.app.top is self:
            self.app.pop()

    def page(self, direction: int) -> None:
        n = len(self.choices.options())
        top = max(0, min(self.top + direction * self._per_page, max(0, n - 1)))
        if top >= n:
            return
        self.top = top - top % self._per_page
        self.focus = self.top

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key):
            self._key(intent)
        elif isinstance(intent, Click):
            if intent.button == 3:
                if not self.back():
                    self.close()
            elif intent.button in (4, 5):
                self.page(-1 if intent.button == 4 else 1)
            elif intent.button == 1:
                for rect, what, index in self._hits:
                    if rect.collidepoint(intent.pos):
                        self._press(what, index)
                        return
                if not self._box.collidepoint(intent.pos):
                    self.close()  # a click beside the menu: back to the table
        elif isinstance(intent, Hover):
            for rect, what, index in self._hits:
                if what == "option" and rect.collidepoint(intent.pos):
                    self.focus = index

    def _press(self, what: str, index: int) -> None:
        if what == "option":
            self.choose(index)
        elif what == "back":
            self.back()
        elif what == "close":
            self.close()
        elif what == "prev":
            self.page(-1)
        elif what == "next":
            self.page(1)

    def _key(self, intent: Key) -> None:
        k = intent.key
        n = len(self.choices.options())
        if k in (pygame.K_ESCAPE, pygame.K_s):
            self.close()
        elif k in (pygame.K_BACKSPACE,):
            if not self.back():
                self.close()
        elif k in _DIGITS:
            self.choose(self.top + _DIGITS[k] - 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.focus)
        elif k in (pygame.K_DOWN, pygame.K_TAB):
            self._move(1, n)
        elif k == pygame.K_UP:
            self._move(-1, n)
        elif k == pygame.K_RIGHT:
            self._move(self._rows, n)
        elif k == pygame.K_LEFT:
            if self._rows and self.focus - self._rows >= self.top:
                self._move(-self._rows, n)
            elif not self.back():
                self.close()
        elif k == pygame.K_PAGEDOWN:
            self.page(1)
        elif k == pygame.K_PAGEUP:
            self.page(-1)

    _rows = 5  # options per column (set when drawn)

    def _move(self, step: int, n: int) -> None:
        if not n:
            return
        self.focus = (self.focus + step) % n
        if not self.top <= self.focus < self.top + self._per_page:
            self.top = self.focus - self.focus % self._per_page

    # ---------------------------------------------------------------- drawing
    def layout_report(self) -> LayoutReport:
        rep = LayoutReport()
        rep.add("", self._box, click=False)
        for k, (rect, what, _index) in enumerate(self._hits):
            rep.add(f"talk[{k}:{what}]", rect)
        return rep

    def shown_texts(self) -> list[str]:
        """The texts drawn in the last frame (tests)."""
        return list(self._shown_texts)

    def draw(self, surface: pygame.Surface) -> None:
        s = self._scale()

        def px(v: float) -> int:
            return max(1, round(v * s))

        area = self._area()
        c = self.choices
        opts = c.options()
        small, body, title_px = max(11, px(13)), max(12, px(16)), max(14, px(20))
        pad = px(14)
        box = pygame.Rect(0, 0, min(area.w - px(24), px(660)), area.h - px(24))
        cols = 2 if len(opts) > 4 else 1
        inner_w = box.w - 2 * pad
        col_w = (inner_w - (cols - 1) * px(10)) // cols
        btn_h = art.font(body).get_linesize() + px(12)
        gap = px(6)
        head_h = art.font(title_px, True).get_linesize() + px(6) + art.font(small).get_linesize() + px(8)
        foot_h = 2 * art.font(small).get_linesize() + btn_h + px(18)
        rows_fit = max(1, (box.h - 2 * pad - head_h - foot_h + gap) // (btn_h + gap))
        per_page = rows_fit * cols
        paged = len(opts) > per_page
        if paged:
            rows_fit = max(1, rows_fit)
            per_page = rows_fit * cols
        self._per_page = per_page
        self.top = max(0, min(self.top, len(opts) - 1)) if opts else 0
        self.top -= self.top % per_page
        shown = opts[self.top:self.top + per_page]
        rows = max(1, -(-len(shown) // cols))
        self._rows = rows
        box.h = 2 * pad + head_h + rows * (btn_h + gap) - gap + foot_h
        box.midtop = (area.centerx, area.y + px(12))  # the top stays put from step to step: the choices under the mouse
        self._box = box
        self._hits = []
        self._shown_texts = []
        shadow = box.move(px(4), px(5))
        pygame.draw.rect(surface, palette.INK_SOFT, shadow, border_radius=px(14))
        rounded(surface, box, palette.PARCHMENT_LIGHT, palette.BRASS_DARK, px(14), max(2, px(3)))

        def text(t: str, size: int, rgb: tuple[int, int, int], max_w: int, bold: bool = False) -> pygame.Surface:
            self._shown_texts.append(t)
            return fit(t, size, rgb, max_w, bold)

        y = box.y + pad
        head = text(c.title(), title_px, palette.INK, inner_w, True)
        surface.blit(head, (box.x + pad, y))
        y += art.font(title_px, True).get_linesize() + px(6)
        left = max(0, TALK_PER_TURN - self._spoken())
        sub = text(tr("t1667.say.left", n=left, most=TALK_PER_TURN) if left else tr("t1667.say.none_left"),
                   small, palette.INK_SOFT if left else palette.DANGER, inner_w)
        surface.blit(sub, (box.x + pad, y))
        y += art.font(small).get_linesize() + px(8)
        self.focus = min(self.focus, max(0, len(opts) - 1))
        for k, opt in enumerate(shown):
            index = self.top + k
            col, row = divmod(k, rows)
            r = pygame.Rect(box.x + pad + col * (col_w + px(10)), y + row * (btn_h + gap), col_w, btn_h)
            focused = index == self.focus
            rounded(surface, r, palette.GOLD_LIGHT if focused else palette.PARCHMENT, palette.BRASS_DARK,
                    px(7), max(1, px(2)) if focused else 1)
            x = r.x + px(8)
            number = str(k + 1) if k < 9 else ("0" if k == 9 else "")
            if number:
                t = text(number, small, palette.BRASS_DARK, px(16), True)
                surface.blit(t, t.get_rect(midleft=(x, r.centery)))
            x += px(18)
            if opt.seat is not None:
                style = SEAT_STYLES[opt.seat % len(SEAT_STYLES)]
                shape(surface, style.shape, (x + px(7), r.centery), px(7), style.rgb)
                x += px(18)
            label = opt.label + ("…" if opt.more else "")
            t = text(label, body, palette.INK, r.right - x - px(6))
            surface.blit(t, t.get_rect(midleft=(x, r.centery)))
            self._hits.append((r, "option", index))
        y += rows * (btn_h + gap) - gap + px(8)
        # what the focused choice would say, in the table's words
        line = c.line_for(self.focus)
        preview = (tr("t1667.say.preview", line=say_text(c.seat, line, c.names)) if line is not None
                   else tr("t1667.say.more"))
        f = art.font(small)
        for k, row_text in enumerate(wrap_lines(preview, f, inner_w, 2)[:2]):
            t = text(row_text, small, palette.INK if line is not None else palette.INK_SOFT, inner_w)
            surface.blit(t, (box.x + pad, y + k * f.get_linesize()))
        y += 2 * f.get_linesize() + px(8)
        # the buttons: back (after the first step), the pages of a long list, close
        buttons: list[tuple[str, str]] = []
        if c.path:
            buttons.append(("back", tr("t1667.say.back")))
        if paged:
            buttons += [("prev", tr("t1667.say.prev")), ("next", tr("t1667.say.next"))]
        buttons.append(("close", tr("t1667.say.close")))
        bw = (inner_w - (len(buttons) - 1) * px(8)) // len(buttons)
        for k, (what, label) in enumerate(buttons):
            r = pygame.Rect(box.x + pad + k * (bw + px(8)), y, bw, btn_h)
            live = not (what == "prev" and self.top == 0) and not (what == "next" and self.top + per_page >= len(opts))
            rounded(surface, r, palette.PARCHMENT if live else palette.PARCHMENT_DARK, palette.BRASS_DARK, px(7), 1)
            t = text(label, small, palette.INK if live else palette.INK_SOFT, r.w - px(10), True)
            surface.blit(t, t.get_rect(center=r.center))
            self._hits.append((r, what, -1))
