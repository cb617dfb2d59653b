"""Human decisions at the table: one :class:`DecisionUI` per decision a human makes.

A DecisionUI is a small state machine over intents. It holds the :class:`Decision`, the
legal actions the engine offers for it and what the player has picked so far, and turns
clicks (on its own prompt panel or on the table's hit targets) and keys into one confirmed
:data:`PlayerAction`. Nothing is sent to the engine before the player confirms, so every
pick can be changed until then.

The logic works without a window: :meth:`DecisionUI.layout` places the panel's buttons in a
rectangle, :meth:`DecisionUI.handle` takes ``Click``/``Key``/``Hover`` intents (anything with
``pos``+``button`` / ``key``+``unicode`` / ``pos`` attributes) and an optional table hit target
(anything with ``kind``, ``seat``, ``index``, ``area``). :meth:`DecisionUI.draw` paints the panel
into ``renderer.prompt_rect``.

Keys (the same for every decision, see :data:`KEY_HELP`):

* the hotkey printed on a button (digits, die letters A-E, chest letters R B Y W P, A/F)
  picks that option (dice and chests in an arrangement toggle);
* Tab / arrow keys cycle through the options (a single choice is picked as the focus moves),
  Ctrl+Space or Insert toggles the focused die / chest;
* Enter confirms, Backspace clears, S restores the suggested arrangement.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from ..rules import (
    CHEST_LETTERS,
    DIE_LETTERS,
    SKULL,
    Act,
    Action,
    Arrange,
    Chest,
    ChestPayload,
    ChooseAction,
    Decision,
    DecisionKind,
    DicePayload,
    Forfeit,
    KeepTile,
    PlayerAction,
    PlayerView,
    PositionPayload,
    SelectDice,
    SkullPayload,
    TakeBonus,
    TakeChest,
    Target,
    TilePayload,
    capacity,
)
from ..rules.components import OPEN_SPACE_LIMIT
from ..rules.events import Event
from ..rules.prompt import SeatPrompt
from ..rules.views import SeatView
from . import consequence as cq
from . import palette
from .i18n import action_name, chest_name, tr, trn
from .layout import wrap_lines

__all__ = [
    "KEY_HELP",
    "CatchUp",
    "DecisionUI",
    "Item",
    "Mark",
    "dice_reason",
    "catch_up",
    "propose_arrangement",
    "summary_for",
    "tr",
]

#: The confirmation of a roll that allows no selection (R3.6, R9.1): "select -".
_CONFIRM_ROLL = SelectDice(())


def _turn(d: Decision) -> tuple[int, int]:
    """The action and position (1 or 2) of an actions-phase decision (0, 1 for other kinds)."""
    p = d.payload
    if isinstance(p, PositionPayload | TilePayload | ChestPayload):
        return p.action, p.position
    return 0, 1


def _chest(d: Decision) -> ChestPayload:
    """The payload of a TAKE_CHEST decision."""
    if not isinstance(d.payload, ChestPayload):
        raise TypeError(f"a {d.kind} decision has no chest to take")
    return d.payload





#: Keys for the help overlay: (keys, what they do).
KEY_HELP: tuple[tuple[str, str], ...] = (
    ("A-E", "select / unselect a die (dice selection)"),
    ("1-5", "choose an action for skulls, a bonus tile option, a target player, a chest of an arrangement"),
    ("A / F", "act / forfeit your position"),
    ("R B Y W P", "take a red, blue, yellow, white or purple chest"),
    ("1 / 2 / 3", "keep the treasure tile worth that many coins"),
    ("Tab, arrows", "move between the options, picking single choices (Shift+Tab backwards)"),
    ("Ctrl+Space / Insert", "toggle the die or chest in focus"),
    ("Enter", "confirm your choice"),
    ("Backspace", "clear your choice"),
    ("S", "restore the suggested chest arrangement (move phase)"),
)


@dataclass(frozen=True)
class Mark:
    """Something on the table the renderer should highlight (same fields as HitTarget)."""

    kind: str
    seat: int | None = None
    index: int | None = None
    area: str | None = None


@dataclass
class Item:
    """One pickable option of the prompt panel."""

    label: str
    payload: Any
    hotkey: str = ""
    enabled: bool = True
    selected: bool = False
    reason: str = ""
    #: how to draw it: "text", "die" (payload die, face), "chest" (colour), "tile" (value)
    look: str = "text"
    face: int | None = None
    colour: int | None = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: the consequence in a few characters, drawn at the right of a text option ("9 · 1st")
    note: str = ""
    #: the consequence in words, shown while the option is hovered, focused or picked
    detail: str = ""
    #: table things this option affects (highlighted while it is hovered or focused)
    affects: tuple[Mark, ...] = ()


@dataclass
class _Button:
    name: str  # "confirm" | "clear" | "suggest"
    label: str
    enabled: bool
    rect: pygame.Rect


_SOURCE_AREA = {DecisionKind.ARRANGE_FLEET: "crew", DecisionKind.ARRANGE_CREW: "island"}
_DEST_TITLE = {DecisionKind.ARRANGE_FLEET: "human.dest.fleet", DecisionKind.ARRANGE_CREW: "human.dest.crew"}
_KEY_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
_KEY_NEXT = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
_KEY_PREV = (pygame.K_LEFT, pygame.K_UP)
#: chest letter (R B Y W P, lower case) -> chest colour index
_CHEST_KEYS = {letter.lower(): i for i, letter in enumerate(CHEST_LETTERS)}


def _room(p: SeatView, action: int) -> int:
    """Free room for dice on an action space of a seat (R3.3), from its view."""
    if action < Action.BOARD:
        return OPEN_SPACE_LIMIT - len(p.placed[action])
    return max(0, capacity(p.boat if action == Action.BOARD else p.pirate) - len(p.placed[action]))


def _own_roll(p: SeatView) -> list[int]:
    """A seat's own roll from its view (every face is shown to its owner, R9.1)."""
    if p.roll is None:
        return []
    if any(f is None for f in p.roll):
        raise ValueError("a seat's own roll with hidden faces: not that seat's view")
    return [f for f in p.roll if f is not None]


def dice_reason(view: PlayerView, seat: int, dice: Iterable[int]) -> str:
    """Why a dice pick of ``seat`` cannot be confirmed, or "" when it can (from its own view)."""
    p = view.seats[seat]
    chosen = sorted(set(dice))
    if p.roll is None:
        return tr("human.ui.no_dice_are_rolled")
    if not chosen:
        return tr("human.ui.select_the_dice_to_place_all")
    roll = _own_roll(p)
    faces = {roll[p.hand.index(d)] for d in chosen if d in p.hand}
    faces.discard(SKULL)
    if len(faces) > 1:
        names = tr("log.and").join(action_name(f) for f in sorted(faces))
        return tr("human.ui.the_dice_show_different_actions_names", names=names)
    if not faces:
        return ""
    a = next(iter(faces))
    room = _room(p, a)
    if len(chosen) <= room:
        return ""
    placed = len(p.placed[a])
    if a in (Action.BOARD, Action.RAID):
        token = tr("log.token1.boat") if a == Action.BOARD else tr("log.token1.pirate")
        box = p.boat if a == Action.BOARD else p.pirate
        cap = capacity(box)
        if placed:
            return trn("human.ui.room_only_token", room, action=action_name(a), token=token, box=box, cap=cap)
        return trn("human.ui.holds_only", cap, action=action_name(a), token=token, box=box)
    return trn("human.ui.room_only", room, action=action_name(a))


def _chest_worth(colour: int, owned: Sequence[int]) -> tuple[int, int]:
    """Sort key (higher first) for keeping a chest: purple, then colours that complete sets."""
    if colour == Chest.PURPLE:
        return (3, 0)
    if colour == Chest.WHITE:
        return (1, 0)
    counts = [list(owned).count(c) for c in (Chest.RED, Chest.BLUE, Chest.YELLOW)]
    return (2, max(counts) - counts[colour])


def propose_arrangement(source: Sequence[int], owned: Sequence[int], k: int) -> list[int]:
    """Indices into ``source`` of the ``k`` chests to keep, most valuable first.

    Purple chests come first (they score double), then red/blue/yellow chests of the colour
    the player has fewest of (they complete sets), then white ones.  The leftmost chest is the
    safest one (surplus leaves from the right), so the order is the keeping order.
    """
    ranked = sorted(range(len(source)), key=lambda i: (_chest_worth(source[i], owned), -i), reverse=True)
    chosen: list[int] = []
    have = list(owned)
    for _ in range(min(k, len(source))):
        best = max((i for i in ranked if i not in chosen),
                   key=lambda i: (_chest_worth(source[i], have), -i))
        chosen.append(best)
        have.append(source[best])
    return chosen


class CatchUp:
    """Remembers how much of the log each human has seen: "since your last turn" summaries."""

    def __init__(self, limit: int = 8) -> None:
        self.limit = limit
        self._seen: dict[int, int] = {}

    def since(self, seat: int, lines: Sequence[str]) -> list[str]:
        """The log lines ``seat`` has not seen yet (the last ``limit`` of them)."""
        start = self._seen.get(seat, max(0, len(lines) - self.limit))
        new = list(lines[start:])
        return new[-self.limit:]

    def mark(self, seat: int, lines: Sequence[str]) -> None:
        """``seat`` has now seen every line of ``lines``."""
        self._seen[seat] = len(lines)


class PublicSide(Protocol):
    """What the catch-up summaries read: the public view and events (a table source has them)."""

    def view(self, viewer: int | None, /) -> PlayerView: ...

    def events_for(self, viewer: int | None, /) -> Sequence[Event]: ...


_CATCHUPS: weakref.WeakKeyDictionary[Any, CatchUp] = weakref.WeakKeyDictionary()


def catch_up(controller: Any) -> CatchUp:
    """The :class:`CatchUp` record kept for one table source, forgotten with it."""
    found = _CATCHUPS.get(controller)
    if found is None:
        found = _CATCHUPS[controller] = CatchUp()
    return found


def summary_for(controller: PublicSide, seat: int) -> list[str]:
    """Public events ``seat`` has not seen since their last confirmed decision, in words.

    Public events only (``events_for(None)``): the summary is shown on the hand-over screen
    before the player has confirmed that they are at the screen.
    """
    return catch_up(controller).since(seat, public_lines(controller))


def public_lines(source: PublicSide) -> list[str]:
    """Every public log line of a game (its table source) in the current language."""
    from .eventtext import event_text

    names = source.view(None).names
    return [line for e in source.events_for(None) if (line := event_text(e, names))]


class DecisionUI:
    """The state of one human decision, from the first pick to the confirmed action."""

    def __init__(self, prompt: SeatPrompt, source: PublicSide | None = None, *,
                 seats: Sequence[Any] | None = None, colour: palette.RGB | None = None,
                 summary: Sequence[str] = ()) -> None:
        """The panel of ``prompt``'s open decision (its seat's view and legal actions are all it
        reads, R9). ``source`` (the table source) keeps the catch-up summaries; ``seats`` gives the
        seat's colour."""
        self.prompt = prompt
        self.controller = source
        self.seats = seats if seats is not None else getattr(source, "seats", None)
        self.seat = seat = prompt.seat
        d = prompt.decision
        if d is None:
            raise ValueError(f"seat {seat} has nothing to decide")
        self.decision: Decision = d
        self.kind: DecisionKind = d.kind
        self.legal: list[PlayerAction] = list(prompt.legal)
        self._legal_set = set(self.legal)
        self.colour = colour if colour is not None else self._seat_colour()
        self.summary = list(summary)
        p = prompt.view.seats[seat]
        self.hand: list[int] = list(p.hand)
        self.roll: list[int] = _own_roll(p)
        # What the player has picked so far.
        self.dice: list[int] = []
        self.pick: PlayerAction | None = None
        self.order: list[int] = []  # arrangement: indices into self.source
        self.source: list[int] = []
        self.k = 0
        if self.kind in _SOURCE_AREA:
            self.source = list(p.crew if self.kind == DecisionKind.ARRANGE_FLEET else p.island)
            cap = capacity(p.boat if self.kind == DecisionKind.ARRANGE_FLEET else p.pirate)
            self.k = min(cap, len(self.source))
            self.order = self.suggestion()
        self.focus = 0
        #: the focus ring was moved by keys (then the focused option previews its consequence)
        self.key_focus = False
        self.hover: tuple[str, int] | None = None
        self.flash = ""
        self._confirmed: PlayerAction | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[_Button] = []
        self._items: list[Item] = []
        self._title_lines: list[str] = []
        self._cons_lines: list[str] = []
        self._msg_lines: list[str] = []
        self._option_font_key: Any = None
        self._option_font_cache: Any = None
        #: the Hint button (app/hints.py sets these: pressed calls on_hint; None hides the button)
        self.on_hint: Callable[[], None] | None = None
        self.hint_label = ""

    # ------------------------------------------------------------------ state
    def _seat_colour(self) -> palette.RGB:
        idx = self.seat
        seats = self.seats
        if seats is not None:
            try:
                idx = int(seats[self.seat].colour)
            except (AttributeError, IndexError, TypeError, ValueError):
                idx = self.seat
        return palette.PLAYER_COLOURS[idx % len(palette.PLAYER_COLOURS)].rgb

    def suggestion(self) -> list[int]:
        """The proposed arrangement (indices into the source area), most valuable first."""
        p = self.view().seats[self.seat]
        owned = list(p.tortuga) + list(p.fleet) + list(p.crew if self.kind == DecisionKind.ARRANGE_CREW else [])
        return propose_arrangement(self.source, owned, self.k)

    def candidate(self) -> PlayerAction | None:
        """The action the current picks make, confirmable or not."""
        if self.kind == DecisionKind.SELECT_DICE:
            if not self.dice:  # a roll that allows no selection is confirmed as it is (R3.6, R9.1)
                return _CONFIRM_ROLL if _CONFIRM_ROLL in self._legal_set else None
            return SelectDice(tuple(sorted(self.dice)))
        if self.kind in _SOURCE_AREA:
            return Arrange(tuple(Chest(self.source[i]) for i in self.order))
        return self.pick

    def reason(self) -> str:
        """Why the current pick cannot be confirmed ("" when it can)."""
        cand = self.candidate()
        if self.kind == DecisionKind.SELECT_DICE:
            if cand == _CONFIRM_ROLL:
                return ""
            why = dice_reason(self.view(), self.seat, self.dice)
            if not why and cand not in self._legal_set:
                why = tr("human.ui.this_selection_is_not_allowed")
            return why
        if self.kind in _SOURCE_AREA:
            if len(self.order) != self.k:
                return trn("human.ui.choose_chests", self.k, dest=tr(_DEST_TITLE[self.kind]), chosen=len(self.order))
            return "" if cand in self._legal_set else tr("human.ui.this_arrangement_is_not_allowed")
        if cand is None:
            return tr("human.ui.pick_an_option")
        return "" if cand in self._legal_set else tr("human.ui.that_option_is_not_available")

    def can_confirm(self) -> bool:
        cand = self.candidate()
        return cand is not None and cand in self._legal_set and self.reason() == ""

    def confirm(self) -> bool:
        """Confirm the current pick; False (and a flashed reason) when it is not confirmable."""
        if self._confirmed is not None:
            return False
        if not self.can_confirm():
            self.flash = self.reason()
            return False
        self._confirmed = self.candidate()
        self.flash = ""
        if self.controller is not None:
            catch_up(self.controller).mark(self.seat, public_lines(self.controller))
        return True

    def clear(self) -> None:
        self.dice = []
        self.pick = None
        self.order = []
        self.flash = ""

    def confirmed_action(self) -> PlayerAction | None:
        """The confirmed action (None until the player confirms)."""
        return self._confirmed

    @property
    def done(self) -> bool:
        return self._confirmed is not None

    # ------------------------------------------------------------------ items
    def items(self) -> list[Item]:
        """The options shown in the panel for this decision, with their current state."""
        kind = self.kind
        g = self.view()
        p = g.seats[self.seat]
        out: list[Item] = []
        if kind == DecisionKind.SELECT_DICE:
            for d, f in zip(self.hand, self.roll, strict=False):
                title = tr("human.ui.skull") if f == SKULL else action_name(f)
                out.append(Item(f"{DIE_LETTERS[d]}: {title}", d, DIE_LETTERS[d], selected=d in self.dice,
                                look="die", face=f))
        elif kind == DecisionKind.SKULL_ACTION:
            k = self.decision.payload.skulls if isinstance(self.decision.payload, SkullPayload) else len(p.selection or ())
            for a in Action:
                act = ChooseAction(a)
                ok = act in self._legal_set
                item = Item(action_name(a), act, str(int(a) + 1), ok, self.pick == act,
                            "" if ok else trn("human.ui.no_room_for", k, action=action_name(a)))
                if ok:
                    self._skull_consequence(item, int(a))
                out.append(item)
        elif kind == DecisionKind.BONUS_TILE:
            for i, tb in enumerate(x for x in self.legal if isinstance(x, TakeBonus)):
                label = (tr("human.ui.flip_tile_on_action_1_2", action=action_name(tb.action)) if tb.flip
                         else tr("human.ui.new_tile_on_action", action=action_name(tb.action)))
                item = Item(label, tb, str(i + 1) if i < 9 else "", selected=self.pick == tb)
                self._bonus_consequence(item, tb)
                out.append(item)
        elif kind == DecisionKind.POSITION:
            targets = [x for x in self.legal if isinstance(x, Target)]
            for i, tg in enumerate(targets):
                verb = tr("human.ui.board") if _turn(self.decision)[0] == Action.BOARD else tr("human.ui.raid")
                item = Item(f"{verb} {g.names[tg.seat]}", tg, str(i + 1), selected=self.pick == tg)
                self._target_consequence(item, tg.seat)
                out.append(item)
            if Act() in self._legal_set:
                item = Item(tr("human.ui.act"), Act(), "a", selected=self.pick == Act())
                self._act_consequence(item)
                out.append(item)
            out.append(Item(tr("human.ui.forfeit"), Forfeit(), "f", selected=self.pick == Forfeit(),
                            detail=tr("glance.forfeit.detail",
                                                action=action_name(_turn(self.decision)[0]))))
        elif kind == DecisionKind.TAKE_CHEST:
            for tc in (x for x in self.legal if isinstance(x, TakeChest)):
                c = int(tc.chest)
                out.append(Item(chest_name(c), tc, CHEST_LETTERS[c].lower(),
                                selected=self.pick == tc, look="chest", colour=c,
                                detail=tr("glance.take.detail", colour=chest_name(c).lower()),
                                affects=(Mark("area", self.seat, None, "island"),)))
        elif kind == DecisionKind.KEEP_TILE:
            drawn = list(self.view().drawn or ())
            for i, kt in enumerate(x for x in self.legal if isinstance(x, KeepTile)):
                rest = list(drawn)
                if kt.value in rest:
                    rest.remove(kt.value)
                if rest and rest[0] == kt.value:  # two equal tiles: still asked (R9.1), one goes back
                    detail = trn("glance.keep.equal", kt.value)
                else:
                    detail = (trn("glance.keep.return", kt.value, back=rest[0]) if rest
                              else trn("glance.keep.only", kt.value))
                # Digits pick by the number on the option (1, 2), like every other decision.
                out.append(Item(tr("human.ui.keep_v", v=kt.value), kt, str(i + 1), selected=self.pick == kt,
                                look="tile", face=kt.value, detail=detail, affects=(Mark("tile", self.seat),)))
        elif kind in _SOURCE_AREA:
            for i, c in enumerate(self.source):
                pos = self.order.index(i) + 1 if i in self.order else 0
                label = f"{pos}. {chest_name(c)}" if pos else chest_name(c)
                out.append(Item(label, i, str(i + 1) if i < 9 else "", selected=bool(pos),
                                look="chest", colour=c, affects=(Mark("chest", self.seat, i, _SOURCE_AREA[kind]),)))
        return out

    # ------------------------------------------------------------------ consequences
    def view(self) -> PlayerView:
        """The deciding seat's own view (consequences use nothing else, R9): the prompt's."""
        return self.prompt.view

    def _pos_word(self, position: int) -> str:
        return tr({1: "glance.pos.1", 2: "glance.pos.2"}.get(position, "glance.pos.out"))

    def _competitors(self, view: PlayerView, action: int, dice: list[list[list[int]]]) -> tuple[Mark, ...]:
        """Action spaces of every seat with dice on ``action`` (they decide the positions)."""
        return tuple(Mark("action_space", s, action) for s in range(view.players) if dice[s][action] or s == self.seat)

    def _parts(self, view: PlayerView, action: int, dice: Sequence[int], bonus: int) -> str:
        parts = [f"{DIE_LETTERS[d]}{view.grid[d][action]}" for d in dice]
        if bonus and dice:
            parts.append(tr("glance.bonus_part", n=bonus))
        return " + ".join(parts)

    def _others_line(self, st: cq.Standing) -> str:
        return tr("glance.best_other", total=st.best_other) if st.best_other else tr("glance.nobody_else")

    def _skull_consequence(self, item: Item, a: int) -> None:
        view = self.view()
        dice = cq.projected_dice(view)
        me = view.seats[self.seat]
        mine = list(dice[self.seat][a]) + [d for d in (me.selection or ()) if d not in dice[self.seat][a]]
        total = cq.total_with(view, self.seat, a, mine)
        st = cq.standing(view, self.seat, a, total, dice)
        item.note = tr("glance.note.total_pos", total=total, pos=self._pos_word(st.position))
        item.detail = tr("glance.detail.total", action=action_name(a), total=total,
                         parts=self._parts(view, a, mine, me.bonus[a]), pos=self._pos_word(st.position),
                         others=self._others_line(st))
        item.affects = self._competitors(view, a, dice)

    def _bonus_consequence(self, item: Item, tb: TakeBonus) -> None:
        view = self.view()
        a = int(tb.action)
        dice = cq.projected_dice(view)
        mine = dice[self.seat][a]
        value = 2 if tb.flip else 1
        item.affects = (Mark("bonus_space", self.seat, a),) + self._competitors(view, a, dice)
        if not mine:
            item.note = f"+{value}"
            item.detail = tr("glance.bonus.later", action=action_name(a), n=value)
            return
        old = cq.total_with(view, self.seat, a, mine)
        new = cq.total_with(view, self.seat, a, mine, bonus=value)
        before = cq.standing(view, self.seat, a, old, dice)
        after = cq.standing(view, self.seat, a, new, dice)
        item.note = tr("glance.note.change", old=old, new=new, pos=self._pos_word(after.position))
        item.detail = tr("glance.detail.bonus", action=action_name(a), old=old, new=new,
                         was=self._pos_word(before.position), pos=self._pos_word(after.position),
                         others=self._others_line(after))

    def _target_consequence(self, item: Item, t: int) -> None:
        view = self.view()
        a, position = _turn(self.decision)
        first = position == 1
        area = "fleet" if a == Action.BOARD else "crew"
        token = "boat" if a == Action.BOARD else "pirate"
        target = view.seats[t]
        me = view.seats[self.seat]
        row = target.area(area)
        defends = bool(target.placed[a])
        held = ", ".join(chest_name(c).lower() for c in row) if row else tr("glance.target.empty")
        old_t = target.token(token)
        new_t = cq.token_after(old_t, -1)
        # R4.11: the target's token moves left (after 1st took a chest): surplus drops at once.
        drops = max(0, len(row) - (1 if first and row else 0) - capacity(new_t))
        tok = tr(f"log.token1.{token}")
        parts = [tr("glance.target.holds", area=tr(f"log.area.{area}"), chests=held) if first else
                 tr("glance.target.pushed", token=tok, old=old_t, new=new_t)]
        if drops:
            parts.append(trn("glance.target.drops", drops))
        if defends:
            mine = me.token(token)
            parts.append(tr("glance.target.defends", token=tok, old=mine, new=cq.token_after(mine, -1)))
            own = max(0, len(me.area(area)) - capacity(cq.token_after(mine, -1)))
            if own:
                parts.append(trn("glance.target.own_drops", own))
        else:
            parts.append(tr("glance.target.open"))
        item.detail = "; ".join(parts)
        short = trn("glance.note.chests", len(row)) if first else f"{old_t}->{new_t}"
        item.note = f"{short} · {tr('glance.note.defends')}" if defends else short
        marks = [Mark("area", t, None, area), Mark("track", t, None, token)]
        if defends:
            marks += [Mark("action_space", t, a), Mark("track", self.seat, None, token)]
        item.affects = tuple(marks)

    def _act_consequence(self, item: Item) -> None:
        view = self.view()
        a, position = _turn(self.decision)
        first = position == 1
        me = view.seats[self.seat]
        if a in (Action.EXPAND_FLEET, Action.RECRUIT_CREW):
            token = "boat" if a == Action.EXPAND_FLEET else "pirate"
            steps = 2 if first and view.players > 2 else 1
            old = me.token(token)
            new = cq.token_after(old, steps)
            item.note = f"{old}->{new}"
            item.detail = tr("glance.act.token", token=tr(f"log.token1.{token}"), old=old, new=new,
                             cap=capacity(new))
            item.affects = (Mark("track", self.seat, None, token),)
        elif a == Action.TREASURE_HUNT:
            if first and view.players > 2:
                item.detail = tr("glance.act.hunt1")
            elif first:
                item.detail = tr("glance.act.hunt_two")
            else:
                item.detail = tr("glance.act.hunt2")
            item.affects = (Mark("area", self.seat, None, "island"), Mark("tile", self.seat))

    def selection_detail(self) -> str:
        """The dice pick's consequence: the total it gives and where that stands now."""
        if self.kind != DecisionKind.SELECT_DICE or not self.dice:
            return ""
        a = self.dice_action()
        if a is None:
            return tr("glance.select.skulls")
        view = self.view()
        dice = cq.projected_dice(view)
        mine = list(dice[self.seat][a]) + [d for d in sorted(self.dice) if d not in dice[self.seat][a]]
        total = cq.total_with(view, self.seat, a, mine)
        st = cq.standing(view, self.seat, a, total, dice)
        return tr("glance.detail.select", action=action_name(a), total=total,
                  parts=self._parts(view, a, mine, view.seats[self.seat].bonus[a]),
                  pos=self._pos_word(st.position), others=self._others_line(st))

    def dice_action(self) -> int | None:
        """The action the picked dice go to (None: nothing picked, or skulls only)."""
        for d in self.dice:
            if d in self.hand:
                f = self.roll[self.hand.index(d)]
                if f != SKULL:
                    return int(f)
        return None

    def arrangement_detail(self) -> str:
        """Where the chests go with the current arrangement."""
        if self.kind not in _SOURCE_AREA:
            return ""
        dest = "fleet" if self.kind == DecisionKind.ARRANGE_FLEET else "crew"
        move = cq.arrangement(self.view(), self.seat, dest, self.source, self.order)
        kept = ", ".join(chest_name(c).lower() for c in move.kept) or tr("glance.target.empty")
        text = tr("glance.arrange.kept", area=tr(f"log.area.{dest}"), chests=kept)
        center = [chest_name(c).lower() for c, to_c in move.surplus if to_c]
        bag = [chest_name(c).lower() for c, to_c in move.surplus if not to_c]
        if center:
            text += " " + tr("glance.arrange.center", chests=", ".join(center))
        if bag:
            text += " " + tr("glance.arrange.bag", chests=", ".join(bag))
        return text + " " + tr("glance.arrange.legend")

    def preview(self) -> Item | None:
        """The option whose consequence is shown: hovered, else focused by keys, else picked."""
        items = self._items
        if self.hover is not None and self.hover[0] == "item" and 0 <= self.hover[1] < len(items):
            return items[self.hover[1]]
        if self.key_focus and 0 <= self.focus < len(items):
            return items[self.focus]
        for it in items:
            if it.selected and self.kind not in _SOURCE_AREA and self.kind != DecisionKind.SELECT_DICE:
                return it
        return None

    def consequence(self) -> str:
        """The line saying what the current (or previewed) choice does."""
        if self.kind == DecisionKind.SELECT_DICE:
            return self.selection_detail()
        if self.kind in _SOURCE_AREA:
            return self.arrangement_detail()
        it = self.preview()
        if it is None or not it.detail:
            return ""
        label = it.label
        return f"{label}: {it.detail}"

    def _activate(self, item: Item) -> None:
        """Pick/toggle ``item``; picking an already picked single choice confirms it."""
        if not item.enabled:
            self.flash = item.reason or tr("human.ui.that_option_is_not_available")
            return
        self.flash = ""
        if self.kind == DecisionKind.SELECT_DICE:
            d = int(item.payload)
            if d in self.dice:
                self.dice.remove(d)
            else:
                self.dice.append(d)
        elif self.kind in _SOURCE_AREA:
            i = int(item.payload)
            if i in self.order:
                self.order.remove(i)
            elif len(self.order) < self.k:
                self.order.append(i)
            else:
                self.flash = trn("human.ui.only_fit", self.k)
        elif self.pick == item.payload:
            self.confirm()
        else:
            self.pick = item.payload

    def _select_only(self, item: Item) -> None:
        """Pick ``item`` without the click-again-to-confirm shortcut (for cycling)."""
        if item.enabled and self.kind not in _SOURCE_AREA and self.kind != DecisionKind.SELECT_DICE:
            self.pick = item.payload
            self.flash = ""

    # ------------------------------------------------------------------ intents
    def handle(self, intent: Any, hit: Any = None) -> bool:
        """Handle one intent (and the table hit target under a click). True if something changed."""
        if self._confirmed is not None:
            return False
        if hasattr(intent, "key") and hasattr(intent, "unicode"):
            return self._key(int(intent.key), int(getattr(intent, "mod", 0)), str(intent.unicode or ""))
        if hasattr(intent, "pos") and hasattr(intent, "button"):
            if int(intent.button) != 1:
                return False
            return self._click(tuple(intent.pos), hit)
        if hasattr(intent, "pos"):
            return self._hover(tuple(intent.pos), hit)
        return False

    def _click(self, pos: tuple[int, int], hit: Any) -> bool:
        items = self._items or self.items()
        for item in items:
            if item.rect.collidepoint(pos):
                self._activate(item)
                self._refresh()
                return True
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                self._press(b.name)
                self._refresh()
                return True
        if hit is not None:
            target = self._item_for_hit(hit)
            if target is not None:
                self._activate(target)
                self._refresh()
                return True
        return False

    def _press(self, name: str) -> None:
        if name == "confirm":
            self.confirm()
        elif name == "clear":
            self.clear()
        elif name == "suggest":
            self.order = self.suggestion()
            self.flash = ""
        elif name == "hint" and self.on_hint is not None:
            self.on_hint()

    def _hover(self, pos: tuple[int, int], hit: Any = None) -> bool:
        new: tuple[str, int] | None = None
        for i, item in enumerate(self._items):
            if item.rect.collidepoint(pos):
                new = ("item", i)
        for i, b in enumerate(self.buttons):
            if b.rect.collidepoint(pos):
                new = ("button", i)
        if new is None and hit is not None and not self.rect.collidepoint(pos):
            # Hovering the table thing an option stands for (a target's board, an action
            # space...) previews that option like hovering it in the panel.
            target = self._item_for_hit(hit)
            if target is not None:
                new = next((("item", i) for i, it in enumerate(self._items) if it.payload == target.payload), None)
        changed = new != self.hover
        self.hover = new
        return changed

    def wants_space(self) -> bool:
        """Space toggles the focused die or chest once the focus ring was moved by keys
        (otherwise Space is the table's "skip animation")."""
        return self.key_focus and self._toggles()

    def _toggles(self) -> bool:
        return self.kind == DecisionKind.SELECT_DICE or self.kind in _SOURCE_AREA

    def _key(self, key: int, mod: int, uni: str) -> bool:
        items = self.items()
        if key in _KEY_ENTER:
            focused = items[self.focus % len(items)] if items and self.key_focus else None
            if (focused is not None and self.kind == DecisionKind.SELECT_DICE
                    and int(focused.payload) not in self.dice):
                self._activate(focused)  # Enter on a focused, unpicked die picks it; then confirms
            else:
                self.confirm()
            self._refresh()
            return True
        if key == pygame.K_SPACE and self.wants_space() and not mod & pygame.KMOD_CTRL:
            self._activate(items[self.focus % len(items)])
            self._refresh()
            return True
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.clear()
            self._refresh()
            return True
        if key in _KEY_NEXT or key in _KEY_PREV:
            if not items:
                return False
            step = -1 if key in _KEY_PREV or (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT) else 1
            n = len(items)
            self.key_focus = True
            for _ in range(n):
                self.focus = (self.focus + step) % n
                if items[self.focus].enabled:
                    break
            self._select_only(items[self.focus])
            self._refresh()
            return True
        if key == pygame.K_INSERT or (key == pygame.K_SPACE and mod & pygame.KMOD_CTRL):
            if items:  # toggle/pick the focused option (plain Space is the table's "skip animation")
                self._activate(items[self.focus % len(items)])
                self._refresh()
                return True
            return False
        ch = uni.lower()
        if not ch:
            return False
        for i, item in enumerate(items):
            if item.hotkey and item.hotkey.lower() == ch:
                self.focus = i
                if self.kind in _SOURCE_AREA or self.kind == DecisionKind.SELECT_DICE:
                    self._activate(item)
                elif item.enabled:
                    self._select_only(item)
                else:
                    self._activate(item)
                self._refresh()
                return True
        if self.kind in _SOURCE_AREA and ch in _CHEST_KEYS:
            return self._chest_key(_CHEST_KEYS[ch], items)
        if ch == "s" and self.kind in _SOURCE_AREA:
            self._press("suggest")
            self._refresh()
            return True
        return False

    def _chest_key(self, colour: int, items: list[Item]) -> bool:
        """R/B/Y/W/P in the move phase: choose the leftmost chest of that colour not chosen yet;
        with all of them chosen, the last one chosen is unselected (the key toggles)."""
        mine = [i for i, c in enumerate(self.source) if int(c) == colour]
        if not mine:
            self.flash = tr("keys.no_such_chest", colour=chest_name(colour).lower())
            self._refresh()
            return True
        free = [i for i in mine if i not in self.order]
        target = free[0] if free else max(mine, key=self.order.index)
        self.focus = target
        self._activate(items[target])
        self._refresh()
        return True

    def _item_for_hit(self, hit: Any) -> Item | None:
        kind = getattr(hit, "kind", None)
        seat = getattr(hit, "seat", None)
        index = getattr(hit, "index", None)
        area = getattr(hit, "area", None)
        items = self.items()

        def find(payload: Any) -> Item | None:
            for it in items:
                if it.payload == payload:
                    return it
            return None

        if self.kind == DecisionKind.SELECT_DICE and kind == "die" and seat == self.seat and index is not None:
            # The table's die targets count positions in the tray (the hand), not die letters.
            k = int(index)
            return find(self.hand[k]) if 0 <= k < len(self.hand) else None
        if self.kind == DecisionKind.SKULL_ACTION and kind == "action_space" and seat == self.seat and index is not None:
            return find(ChooseAction(Action(int(index))))
        if self.kind == DecisionKind.BONUS_TILE and kind in ("bonus_space", "action_space") and seat == self.seat \
                and index is not None:
            a = int(index)
            flip = self.view().seats[self.seat].bonus[a] == 1
            return find(TakeBonus(Action(a), flip))
        if self.kind == DecisionKind.POSITION and seat is not None and seat != self.seat \
                and kind in ("player", "chest", "tile", "action_space", "bonus_space"):
            return find(Target(int(seat)))
        if self.kind == DecisionKind.TAKE_CHEST:
            info = _chest(self.decision)
            if kind == "center_chest" and info.source == "center" and index is not None:
                return find(TakeChest(Chest(int(index))))
            if kind == "chest" and seat == info.target and area == info.source and index is not None:
                row = self.view().seats[int(seat or 0)].area(str(area))
                if 0 <= int(index) < len(row):
                    return find(TakeChest(Chest(row[int(index)])))
        if self.kind in _SOURCE_AREA and kind == "chest" and seat == self.seat and area == _SOURCE_AREA[self.kind] \
                and index is not None:
            return find(int(index))
        return None

    # ------------------------------------------------------------------ for the renderer
    def highlighted(self) -> set[Any]:
        """Table things to highlight (picked dice, chests, targets, spaces) as the table's HitTargets."""
        marks = self.marks()
        try:
            from .render.table import HitTarget
        except ImportError:  # pragma: no cover - the renderer is another module
            return set(marks)
        return {HitTarget(m.kind, m.seat, m.index, m.area) for m in marks}

    def marks(self) -> set[Mark]:
        """Table things to highlight, as :class:`Mark` tuples: what is picked, and what the
        hovered or focused option would affect."""
        out: set[Mark] = set()
        shown = self.preview()
        if shown is not None:
            out.update(shown.affects)
        if self.kind == DecisionKind.SELECT_DICE and self.dice:
            a = self.dice_action()
            if a is not None:
                view = self.view()
                out.update(self._competitors(view, a, cq.projected_dice(view)))
        if self.kind == DecisionKind.SELECT_DICE:  # tray positions, like the table's hit targets
            out.update(Mark("die", self.seat, self.hand.index(d)) for d in self.dice if d in self.hand)
        elif self.kind in _SOURCE_AREA:
            area = _SOURCE_AREA[self.kind]
            out.update(Mark("chest", self.seat, i, area) for i in self.order)
        elif isinstance(self.pick, Target):
            out.add(Mark("player", self.pick.seat))
        elif isinstance(self.pick, ChooseAction):
            out.add(Mark("action_space", self.seat, int(self.pick.action)))
        elif isinstance(self.pick, TakeBonus):
            out.add(Mark("bonus_space", self.seat, int(self.pick.action)))
        elif isinstance(self.pick, TakeChest):
            info = _chest(self.decision)
            c = int(self.pick.chest)
            if info.source == "center":
                out.add(Mark("center_chest", None, c))
            else:
                t = info.target
                row = self.view().seats[t].area(info.source)
                if c in row:
                    out.add(Mark("chest", t, row.index(c), info.source))
        return out

    def title(self) -> str:
        """One line saying what to decide."""
        g = self.view()
        name = g.names[self.seat]
        payload = self.decision.payload
        kind = self.kind
        if kind == DecisionKind.SELECT_DICE:
            if isinstance(payload, DicePayload) and payload.open:
                return tr("human.ui.name_your_roll_is_open_choose", name=name)
            return tr("human.ui.name_choose_the_dice_to_place", name=name)
        if kind == DecisionKind.SKULL_ACTION:
            return tr("human.ui.name_choose_the_action_for_your", name=name)
        if kind == DecisionKind.BONUS_TILE:
            return tr("human.ui.name_take_a_bonus_tile", name=name)
        act, position = _turn(self.decision)
        pos = tr("table.pos1") if position == 1 else tr("table.pos2")
        action = action_name(act)
        if kind == DecisionKind.POSITION:
            if any(isinstance(x, Target) for x in self.legal):
                return tr("human.ui.name_action_pos_choose_the_player", name=name, action=action, pos=pos)
            return tr("human.ui.name_action_pos_act_or_forfeit", name=name, action=action, pos=pos)
        if kind == DecisionKind.TAKE_CHEST:
            chest = _chest(self.decision)
            src = chest.source
            if src == "center":
                return tr("human.ui.name_take_a_chest_from_the", name=name)
            where = tr("human.where.fleet" if src == "fleet" else "human.where.crew",
                       name=g.names[chest.target])
            return tr("human.ui.name_take_a_chest_from_where", name=name, where=where)
        if kind == DecisionKind.KEEP_TILE:
            return tr("human.ui.name_keep_one_treasure_tile_the", name=name)
        return tr("human.ui.name_choose_the_chests_that_move", name=name,
                  dest=tr(_DEST_TITLE[kind]))

    # ------------------------------------------------------------------ layout & drawing
    def _refresh(self) -> None:
        if self.rect.w > 0:
            self.layout(self.rect)

    def _fonts(self) -> tuple[Any, Any]:
        from . import art
        from .layout import panel_px

        px = panel_px(self.rect, 16)
        return art.font(px, bold=True), art.font(max(10, px * 7 // 8))

    def _option_font(self) -> Any:
        """The one face every text option of this panel is drawn in (issue 23: options shrank
        each to its own size): the panel's small face, or a smaller one (down to 2/3 of it,
        never under 10 px) when a label does not fit its option beside its consequence, or on a line of its
        own where the option has room for two."""
        from . import art
        from .layout import panel_px

        small = self._fonts()[1]
        texts = [it for it in self._items if it.look == "text"]
        key = (small, tuple((it.label, it.hotkey, it.note, it.enabled, tuple(it.rect)) for it in texts))
        if self._option_font_key == key and self._option_font_cache is not None:
            return self._option_font_cache

        def fits(font: Any) -> bool:  # as _draw_item places a label: beside its note, or above it
            for it in texts:
                label = f"[{it.hotkey.upper()}] {it.label}" if it.hotkey else it.label
                note_w = small.size(it.note)[0] + 10 if it.note and it.enabled else 0
                if font.size(label)[0] <= it.rect.w - 6 - note_w:
                    continue
                two_lines = it.rect.h >= font.get_linesize() + small.get_linesize() + 4
                if not (note_w and two_lines and font.size(label)[0] <= it.rect.w - 12):
                    return False
            return True

        chosen = small
        if not fits(small):
            base = max(10, panel_px(self.rect, 16) * 7 // 8)
            for px in range(base - 1, max(10, base * 2 // 3) - 1, -1):
                chosen = art.font(px)
                if fits(chosen):
                    break
        self._option_font_key, self._option_font_cache = key, chosen
        return chosen

    def _button_font(self) -> Any:
        """One face for the panel's buttons, the largest (from the panel's small face down to
        10 px) in which every label fits its button (issue 23: "Thinking… cancel" spilled)."""
        from . import art

        small = self._fonts()[1]
        px = int(small.point_size)
        font = small
        while px > 10 and any(font.size(b.label)[0] > b.rect.w - 8 for b in self.buttons):
            px -= 1
            font = art.font(px)
        return font

    def _message(self) -> tuple[str, palette.RGB]:
        msg = self.flash or self.reason()
        if msg:
            if self.kind == DecisionKind.SELECT_DICE:
                nothing_yet = not self.dice
            elif self.kind in _SOURCE_AREA:
                nothing_yet = False
            else:
                nothing_yet = self.pick is None
            # Saying what to do before anything is picked is not an error: no red for it.
            return msg, palette.INK_SOFT if nothing_yet and not self.flash else palette.DANGER
        msg = tr("human.ui.ready_press_enter_or_confirm")
        if self.kind == DecisionKind.SELECT_DICE and self.dice \
                and all(self.roll[self.hand.index(d)] == SKULL for d in self.dice if d in self.hand):
            msg = tr("human.ui.skulls_only_you_choose_their_action")
        return msg, palette.SUCCESS

    def layout(self, rect: pygame.Rect) -> None:
        """Place the text, the option buttons and the Confirm/Clear buttons inside ``rect``."""
        self.rect = pygame.Rect(rect)
        r = self.rect
        big_font, small_font = self._fonts()
        pad = max(4, min(10, r.h // 24))
        gap = max(3, pad // 2)
        inner_w = max(10, r.w - 2 * pad)
        self._title_lines = wrap_lines(self.title(), big_font, inner_w, 3) or [""]
        self._items = self.items()  # the consequence line reads the options (hover, focus)
        cons = self.consequence()
        self._cons_lines = wrap_lines(cons, small_font, inner_w, 3) if cons else []
        msg, _colour = self._message()
        self._msg_lines = wrap_lines(msg, small_font, inner_w, max(1, 4 - len(self._cons_lines))) or [""]
        top = r.y + pad + len(self._title_lines) * big_font.get_linesize() + 4 * small_font.get_linesize() + gap
        btn_h = max(20, small_font.get_linesize() + 8)
        buttons = [("clear", tr("human.ui.clear"), True), ("confirm", tr("human.ui.confirm"), self.can_confirm())]
        if self.kind in _SOURCE_AREA:
            buttons.insert(0, ("suggest", tr("human.ui.suggest"), True))
        if self.on_hint is not None:
            buttons.insert(0, ("hint", self.hint_label or tr("hint.button"), True))
        # Two rows of buttons when their labels do not fit one row even in a 10 px face.
        from . import art

        tiny = art.font(10)
        one_row = sum(tiny.size(label)[0] + 16 for _n, label, _e in buttons) <= inner_w - (len(buttons) - 1) * gap
        button_rows = [buttons] if one_row else [buttons[:(len(buttons) + 1) // 2], buttons[(len(buttons) + 1) // 2:]]
        bottom_row = r.bottom - pad - btn_h - (len(button_rows) - 1) * (btn_h + gap)
        items = self._items
        avail = max(btn_h, bottom_row - gap - top)
        chip = [it for it in items if it.look != "text"]
        if chip:
            from .layout import panel_px

            size = max(20, min(panel_px(r, 64), (inner_w - 4 * gap) // max(1, min(5, len(chip))) - gap, avail))
            rows_needed = -(-len(chip) // max(1, (inner_w + gap) // (size + gap)))
            size = max(18, min(size, (avail - (rows_needed - 1) * gap) // max(1, rows_needed)))
        else:
            size = 0
        texts = [it for it in items if it.look == "text"]
        cols = 1
        if texts:
            widest = max(small_font.size(f"[{it.hotkey.upper()}] {it.label}")[0] + 16
                         + (small_font.size(it.note)[0] + 16 if it.note else 0) for it in texts)
            cols = max(1, min(len(texts), (inner_w + gap) // max(1, widest + gap)))
            rows = -(-len(texts) // cols)
            while cols > 1 and -(-len(texts) // (cols - 1)) * (btn_h + gap) <= avail:
                cols -= 1  # prefer fewer, wider columns when they fit
                rows = -(-len(texts) // cols)
            th = max(16, min(btn_h, (avail - (rows - 1) * gap) // max(1, rows)))
            tw = (inner_w - (cols - 1) * gap) // cols
            if any(small_font.size(f"[{it.hotkey.upper()}] {it.label}")[0] + 16
                   + (small_font.size(it.note)[0] + 16 if it.note else 0) > tw for it in texts):
                # a label and its consequence side by side do not fit: two lines when there is room
                two = 2 * small_font.get_linesize() + 6
                th = max(th, min(two, (avail - (rows - 1) * gap) // max(1, rows)))
        x, y = r.x + pad, top
        col = 0
        for item in items:
            if item.look != "text":
                if x + size > r.right - pad and x > r.x + pad:
                    x, y = r.x + pad, y + size + gap
                item.rect = pygame.Rect(x, y, size, size)
                x += size + gap
            else:
                if col == 0 and x > r.x + pad:
                    x, y = r.x + pad, y + (size if item is texts[0] and chip else th) + gap
                item.rect = pygame.Rect(x, y, tw, th)
                col += 1
                if col >= cols:
                    col = 0
                    x, y = r.x + pad, y + th + gap
                else:
                    x += tw + gap
        self._items = items
        self.buttons = []
        by = bottom_row
        for row in button_rows:
            room = inner_w - (len(row) - 1) * gap
            bw = room // len(row)
            natural = [small_font.size(label)[0] + 16 for _n, label, _e in row]
            if max(natural) <= bw:
                widths = [bw] * len(row)
            else:  # a long label ("Thinking… cancel"): each button as wide as its label needs
                widths = [max(1, n * room // sum(natural)) for n in natural]
                if sum(natural) <= room:
                    spare = (room - sum(natural)) // len(row)
                    widths = [n + spare for n in natural]
            bx = r.x + pad
            for (name, label, enabled), w in zip(row, widths, strict=True):
                self.buttons.append(_Button(name, label, enabled, pygame.Rect(bx, by, w, btn_h)))
                bx += w + gap
            by += btn_h + gap

    def draw(self, surface: pygame.Surface, renderer: Any = None) -> None:
        """Draw the prompt panel into ``renderer.prompt_rect`` (or the bottom of ``surface``)."""
        rect = getattr(renderer, "prompt_rect", None)
        if rect is None or rect.w <= 0 or rect.h <= 0:
            sw, sh = surface.get_size()
            rect = pygame.Rect(0, sh - max(150, sh // 4), sw, max(150, sh // 4))
        self.layout(pygame.Rect(rect))
        r = self.rect
        pygame.draw.rect(surface, palette.PARCHMENT, r, border_radius=10)
        pygame.draw.rect(surface, self.colour, r, width=3, border_radius=10)
        big_font, small_font = self._fonts()
        pad = max(4, min(10, r.h // 24))
        y = r.y + pad
        for line in self._title_lines:
            surface.blit(big_font.render(line, True, palette.INK), (r.x + pad, y))
            y += big_font.get_linesize()
        for line in self._cons_lines:
            surface.blit(small_font.render(line, True, palette.SEA), (r.x + pad, y))
            y += small_font.get_linesize()
        _msg, colour = self._message()
        for line in self._msg_lines:
            surface.blit(small_font.render(line, True, colour), (r.x + pad, y))
            y += small_font.get_linesize()
        for i, item in enumerate(self._items):
            self._draw_item(surface, item, focused=(i == self.focus), hovered=self.hover == ("item", i))
        button_font = self._button_font()
        for i, b in enumerate(self.buttons):
            fill = palette.GOLD if b.enabled else palette.PARCHMENT_DARK
            if self.hover == ("button", i) and b.enabled:
                fill = palette.GOLD_LIGHT
            pygame.draw.rect(surface, fill, b.rect, border_radius=6)
            pygame.draw.rect(surface, palette.INK, b.rect, width=2, border_radius=6)
            label = b.label
            while len(label) > 2 and button_font.size(label)[0] > b.rect.w - 8:  # the last resort
                label = label[:-2] + "…"
            txt = button_font.render(label, True, palette.INK if b.enabled else palette.INK_SOFT)
            surface.blit(txt, txt.get_rect(center=b.rect.center))

    def _draw_item(self, surface: pygame.Surface, item: Item, focused: bool, hovered: bool) -> None:
        from . import art

        rect = item.rect
        small = self._fonts()[1] if item.look == "text" else art.font(max(10, min(18, rect.h // 3)))
        if item.look == "die" and item.face is not None:
            pic = art.die_face(item.face, DIE_LETTERS[int(item.payload)], rect.w, self.colour)
            surface.blit(pic, rect.topleft)
            # What the die is worth on its action (R0.8) decides positions; a skull is worth its
            # die's number on the action of the picked dice (none yet: nothing to show).
            on = item.face if item.face != SKULL else self.dice_action()
            if on is not None:
                worth = art.font(max(11, rect.h // 3), True).render(
                    str(self.view().grid[int(item.payload)][on]), True,
                    palette.INK if item.face != SKULL else palette.SEA)
                surface.blit(worth, worth.get_rect(midtop=(rect.centerx, rect.bottom + 2)))
        elif item.look == "chest" and item.colour is not None:
            pygame.draw.rect(surface, palette.lighten(palette.CHEST_COLOURS[item.colour].rgb, 0.45), rect,
                             border_radius=6)
            pygame.draw.rect(surface, palette.CHEST_COLOURS[item.colour].rgb, rect, width=3, border_radius=6)
            pic = art.icon(art.chest_icon_name(item.colour), max(8, rect.w * 3 // 4))
            surface.blit(pic, pic.get_rect(center=rect.center))
            if item.hotkey:
                surface.blit(small.render(item.hotkey.upper(), True, palette.INK), (rect.x + 4, rect.y + 1))
            if self.kind in _SOURCE_AREA and item.payload in self.order:
                n = small.render(str(self.order.index(item.payload) + 1), True, palette.INK)
                pygame.draw.circle(surface, palette.GOLD, (rect.right - 8, rect.y + 8), 9)
                surface.blit(n, n.get_rect(center=(rect.right - 8, rect.y + 8)))
        elif item.look == "tile" and item.face is not None:
            pic = art.icon(f"treasure_tile_{item.face}", rect.w)
            surface.blit(pic, rect.topleft)
            surface.blit(small.render(item.hotkey, True, palette.INK), (rect.x + 3, rect.y + 1))
        else:
            fill = palette.PARCHMENT_LIGHT if item.enabled else palette.PARCHMENT_DARK
            if item.selected:
                fill = palette.HIGHLIGHT
            elif hovered and item.enabled:
                fill = palette.GOLD_LIGHT
            pygame.draw.rect(surface, fill, rect, border_radius=6)
            label = f"[{item.hotkey.upper()}] {item.label}" if item.hotkey else item.label
            note = small.render(item.note, True, palette.INK) if item.note and item.enabled else None
            room = rect.w - 6 - (note.get_width() + 10 if note is not None else 0)
            label_font = self._option_font()  # one face for every option of the panel
            stacked = (note is not None and label_font.size(label)[0] > room
                       and rect.h >= label_font.get_linesize() + small.get_linesize() + 4)
            if stacked:  # the label on its own line, the consequence under it on the right
                room = rect.w - 12
            if label_font.size(label)[0] > room:
                while len(label) > 2 and label_font.size(label + "…")[0] > room:
                    label = label[:-1]
                label += "…"
            txt = label_font.render(label, True, palette.INK if item.enabled else palette.INK_SOFT)
            if stacked:
                surface.blit(txt, (rect.x + 6, rect.y + 2))
            elif note is not None or any(it.note for it in self._items):  # options left, consequences right
                surface.blit(txt, txt.get_rect(midleft=(rect.x + 6, rect.centery)))
            if note is not None:
                chip = (note.get_rect(bottomright=(rect.right - 6, rect.bottom - 2)) if stacked
                        else note.get_rect(midright=(rect.right - 6, rect.centery)))
                pygame.draw.rect(surface, palette.GOLD_LIGHT, chip.inflate(6, 0), border_radius=4)
                surface.blit(note, chip)
            elif not any(it.note for it in self._items):
                surface.blit(txt, txt.get_rect(center=rect.center))
        if item.selected:  # plain to see: an ink ring around a gold one, and a tick
            w = max(2, rect.h // 20)
            pygame.draw.rect(surface, palette.INK, rect.inflate(2 * w + 4, 2 * w + 4), width=2, border_radius=10)
            pygame.draw.rect(surface, palette.GOLD, rect.inflate(2 * w, 2 * w), width=w, border_radius=8)
            if item.look != "text" and self.kind not in _SOURCE_AREA:  # arrangements show their order instead
                c = (rect.right - w, rect.y + w)
                rad = max(6, rect.w // 7)
                pygame.draw.circle(surface, palette.SUCCESS, c, rad)
                pygame.draw.circle(surface, palette.INK, c, rad, max(1, w // 2))
                pygame.draw.lines(surface, palette.BONE, False, [(c[0] - rad // 2, c[1]), (c[0] - rad // 8, c[1] + rad // 2),
                                                                 (c[0] + rad // 2, c[1] - rad // 2)], max(2, w))
        if focused:
            pygame.draw.rect(surface, palette.SEA, rect.inflate(10, 10), width=2, border_radius=10)
        if not item.enabled:
            pygame.draw.line(surface, palette.DANGER, rect.topleft, rect.bottomright, 2)
