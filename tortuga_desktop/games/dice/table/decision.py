"""One human decision of the dice game as a model, without pygame: :class:`DecisionModel`.

A model is built from a seat's prompt (:class:`~..rules.prompt.SeatPrompt`: its view, its open
decision and its legal actions; nothing else is read, R9). It holds what the player has picked so
far and answers what the panel shows and what confirming would send:

* :meth:`DecisionModel.options` -- the options of the decision (dice, actions, targets, chests,
  tiles) with their state, their consequence (a short note and a sentence) and the table things
  they affect (:class:`Mark`);
* :meth:`DecisionModel.would_send` -- the legal action a confirm sends now, or None;
  :meth:`DecisionModel.reason` -- why not;
* :meth:`DecisionModel.title`, :meth:`DecisionModel.consequence`, :meth:`DecisionModel.message`
  -- the panel's lines, as typed :mod:`.words` (text only at the edge, :func:`.words.say`).

Input is abstract: pick or toggle option ``i`` (:meth:`~DecisionModel.activate`), move the focus
(:meth:`~DecisionModel.step_focus`), a hotkey character, Enter, clear, suggest, confirm. Every input
is a state transition; wrong input (a disabled option, an incomplete pick) changes nothing but the
flashed reason. Nothing is sent before the player confirms, so every pick can be changed until then.

Keys (the same for every decision, see :data:`KEY_HELP`; the drawing panel in :mod:`.human` turns
key presses into these inputs):

* the hotkey printed on a button (digits, die letters A-E, chest letters R B Y W P, A/F)
  picks that option (dice and chests in an arrangement toggle);
* Tab / arrow keys cycle through the options (a single choice is picked as the focus moves),
  Ctrl+Space or Insert toggles the focused die / chest;
* Enter confirms, Backspace clears, S restores the suggested arrangement.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from tortuga_desktop.games.dice.rules import (
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
from tortuga_desktop.games.dice.rules.components import OPEN_SPACE_LIMIT
from tortuga_desktop.games.dice.rules.prompt import SeatPrompt
from tortuga_desktop.games.dice.rules.views import SeatView
from tortuga_desktop.games.dice.table import consequence as cq
from tortuga_desktop.games.dice.table.words import ACTION_KEYS, CHEST_KEYS
from tortuga_desktop.shell.words import Joined, Lower, Phrase, Words, w

__all__ = [
    "KEY_HELP",
    "Button",
    "DecisionModel",
    "Look",
    "Mark",
    "Option",
    "Payload",
    "Tone",
    "dice_reason",
    "propose_arrangement",
]

#: The confirmation of a roll that allows no selection (R3.6, R9.1): "select -".
_CONFIRM_ROLL = SelectDice(())

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

#: what an option stands for: a legal action, a die (its letter index) or a chest of an
#: arrangement (its index in the source area)
Payload = PlayerAction | int
#: how an option is drawn: a text button, a die (``face``), a chest (``colour``), a tile (``face``: value)
Look = Literal["text", "die", "chest", "tile"]
#: how the panel's message reads: what to do next, what is wrong, or ready to confirm
Tone = Literal["hint", "error", "ready"]
#: the panel's buttons (the Hint button belongs to the drawing panel)
ButtonName = Literal["suggest", "clear", "confirm"]

_SOURCE_AREA = {DecisionKind.ARRANGE_FLEET: "crew", DecisionKind.ARRANGE_CREW: "island"}
_DEST_TITLE = {DecisionKind.ARRANGE_FLEET: "human.dest.fleet", DecisionKind.ARRANGE_CREW: "human.dest.crew"}
#: chest letter (R B Y W P, lower case) -> chest colour index
_CHEST_KEYS = {letter.lower(): i for i, letter in enumerate(CHEST_LETTERS)}


@dataclass(frozen=True)
class Mark:
    """Something on the table the renderer should highlight (same fields as HitTarget)."""

    kind: str
    seat: int | None = None
    index: int | None = None
    area: str | None = None


@dataclass(frozen=True)
class Option:
    """One pickable option of the decision, with its state and its consequence."""

    label: Phrase
    payload: Payload
    hotkey: str = ""
    enabled: bool = True
    selected: bool = False
    #: why a disabled option cannot be picked
    reason: Phrase | None = None
    look: Look = "text"
    face: int | None = None
    colour: int | None = None
    #: the consequence in a few characters, drawn at the right of a text option ("9 · 1st")
    note: Phrase | None = None
    #: the consequence in words, shown while the option is hovered, focused or picked
    detail: Phrase | None = None
    #: table things this option affects (highlighted while it is hovered or focused)
    affects: tuple[Mark, ...] = ()


@dataclass(frozen=True)
class Button:
    """A button under the options: what it does, its label and whether it can be pressed."""

    name: ButtonName
    label: Words
    enabled: bool


def action_word(action: int) -> Words:
    """The name of an action (R0.1) as words."""
    return w(ACTION_KEYS[int(action)])


def chest_word(colour: int) -> Words:
    """The name of a chest colour as words."""
    return w(CHEST_KEYS[int(colour)])


def _chest_lower(colour: int) -> Lower:
    return Lower(chest_word(colour))


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


def dice_reason(view: PlayerView, seat: int, dice: Iterable[int]) -> Words | None:
    """Why a dice pick of ``seat`` cannot be confirmed, or None when it can (from its own view)."""
    p = view.seats[seat]
    chosen = sorted(set(dice))
    if p.roll is None:
        return w("human.ui.no_dice_are_rolled")
    if not chosen:
        return w("human.ui.select_the_dice_to_place_all")
    roll = _own_roll(p)
    faces = {roll[p.hand.index(d)] for d in chosen if d in p.hand}
    faces.discard(SKULL)
    if len(faces) > 1:
        names = Joined(tuple(action_word(f) for f in sorted(faces)), w("log.and"))
        return w("human.ui.the_dice_show_different_actions_names", names=names)
    if not faces:
        return None
    a = next(iter(faces))
    room = _room(p, a)
    if len(chosen) <= room:
        return None
    placed = len(p.placed[a])
    if a in (Action.BOARD, Action.RAID):
        token = w("log.token1.boat") if a == Action.BOARD else w("log.token1.pirate")
        box = p.boat if a == Action.BOARD else p.pirate
        cap = capacity(box)
        if placed:
            return w("human.ui.room_only_token", room, action=action_word(a), token=token, box=box, cap=cap)
        return w("human.ui.holds_only", cap, action=action_word(a), token=token, box=box)
    return w("human.ui.room_only", room, action=action_word(a))


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


def _pos_word(position: int) -> Words:
    return w({1: "glance.pos.1", 2: "glance.pos.2"}.get(position, "glance.pos.out"))


def _others_line(st: cq.Standing) -> Words:
    return w("glance.best_other", total=st.best_other) if st.best_other else w("glance.nobody_else")


def _parts(view: PlayerView, action: int, dice: Sequence[int], bonus: int) -> Joined:
    parts: list[Phrase] = [f"{DIE_LETTERS[d]}{view.grid[d][action]}" for d in dice]
    if bonus and dice:
        parts.append(w("glance.bonus_part", n=bonus))
    return Joined(tuple(parts), " + ")


class DecisionModel:
    """The state of one human decision, from the first pick to the confirmed action."""

    def __init__(self, prompt: SeatPrompt) -> None:
        """The model of ``prompt``'s open decision (its seat's view and legal actions are all it
        reads, R9); a prompt with nothing to decide is an error."""
        self.prompt = prompt
        self.seat = seat = prompt.seat
        d = prompt.decision
        if d is None:
            raise ValueError(f"seat {seat} has nothing to decide")
        self.decision: Decision = d
        self.kind: DecisionKind = d.kind
        self.legal: tuple[PlayerAction, ...] = tuple(prompt.legal)
        self._legal_set = frozenset(self.legal)
        p = prompt.view.seats[seat]
        self.hand: tuple[int, ...] = tuple(p.hand)
        self.roll: tuple[int, ...] = tuple(_own_roll(p))
        # What the player has picked so far.
        self.dice: list[int] = []
        self.pick: PlayerAction | None = None
        self.order: list[int] = []  # arrangement: indices into self.source
        self.source: tuple[int, ...] = ()
        self.k = 0
        if self.kind in _SOURCE_AREA:
            self.source = tuple(p.crew if self.kind == DecisionKind.ARRANGE_FLEET else p.island)
            cap = capacity(p.boat if self.kind == DecisionKind.ARRANGE_FLEET else p.pirate)
            self.k = min(cap, len(self.source))
            self.order = self.suggestion()
        #: the option with the focus ring (keyboard)
        self.focus = 0
        #: the focus ring was moved by keys (then the focused option previews its consequence)
        self.key_focus = False
        #: the option under the mouse (it previews its consequence), None: none
        self.hover: int | None = None
        #: why the last input did nothing (shown until the next input), None: nothing to say
        self.flash: Phrase | None = None
        self._confirmed: PlayerAction | None = None
        self._options_key: object = None
        self._options: tuple[Option, ...] = ()

    # ------------------------------------------------------------------ what is picked
    def view(self) -> PlayerView:
        """The deciding seat's own view (consequences use nothing else, R9): the prompt's."""
        return self.prompt.view

    @property
    def arranging(self) -> bool:
        """A move-phase decision: which chests stay, in order (R7)."""
        return self.kind in _SOURCE_AREA

    @property
    def toggles(self) -> bool:
        """Options toggle (dice, chests of an arrangement) rather than pick one of them."""
        return self.kind == DecisionKind.SELECT_DICE or self.kind in _SOURCE_AREA

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

    def reason(self) -> Words | None:
        """Why the current pick cannot be confirmed (None when it can)."""
        cand = self.candidate()
        if self.kind == DecisionKind.SELECT_DICE:
            if cand == _CONFIRM_ROLL:
                return None
            why = dice_reason(self.view(), self.seat, self.dice)
            if why is None and cand not in self._legal_set:
                why = w("human.ui.this_selection_is_not_allowed")
            return why
        if self.kind in _SOURCE_AREA:
            if len(self.order) != self.k:
                return w("human.ui.choose_chests", self.k, dest=w(_DEST_TITLE[self.kind]), chosen=len(self.order))
            return None if cand in self._legal_set else w("human.ui.this_arrangement_is_not_allowed")
        if cand is None:
            return w("human.ui.pick_an_option")
        return None if cand in self._legal_set else w("human.ui.that_option_is_not_available")

    def would_send(self) -> PlayerAction | None:
        """The legal action confirming would send now, or None (nothing confirmable is picked)."""
        cand = self.candidate()
        if cand is None or cand not in self._legal_set or self.reason() is not None:
            return None
        return cand

    def can_confirm(self) -> bool:
        return self.would_send() is not None

    def confirmed_action(self) -> PlayerAction | None:
        """The confirmed action (None until the player confirms)."""
        return self._confirmed

    @property
    def done(self) -> bool:
        return self._confirmed is not None

    def dice_action(self) -> int | None:
        """The action the picked dice go to (None: nothing picked, or skulls only)."""
        for d in self.dice:
            if d in self.hand:
                f = self.roll[self.hand.index(d)]
                if f != SKULL:
                    return int(f)
        return None

    # ------------------------------------------------------------------ input
    def confirm(self) -> bool:
        """Confirm the current pick; False (and a flashed reason) when it is not confirmable."""
        if self._confirmed is not None:
            return False
        action = self.would_send()
        if action is None:
            self.flash = self.reason()
            return False
        self._confirmed = action
        self.flash = None
        return True

    def clear(self) -> bool:
        """Back to nothing picked (Backspace, the Clear button)."""
        if self._confirmed is not None:
            return False
        self.dice = []
        self.pick = None
        self.order = []
        self.flash = None
        return True

    def suggest(self) -> bool:
        """Restore the suggested arrangement (the Suggest button, S)."""
        if self._confirmed is not None or self.kind not in _SOURCE_AREA:
            return False
        self.order = self.suggestion()
        self.flash = None
        return True

    def press(self, name: ButtonName) -> bool:
        """Press one of the panel's buttons."""
        if name == "confirm":
            self.confirm()  # refused: the reason is flashed
            return True
        if name == "clear":
            return self.clear()
        return self.suggest()

    def show(self, action: PlayerAction) -> None:
        """Pick ``action`` as the player would (a hint shows its move; nothing is confirmed)."""
        if self._confirmed is not None:
            return
        if self.kind == DecisionKind.SELECT_DICE and isinstance(action, SelectDice):
            self.dice = list(action.dice)
        elif self.kind in _SOURCE_AREA and isinstance(action, Arrange):
            order: list[int] = []
            for c in action.chests:
                i = next((i for i, x in enumerate(self.source) if x == int(c) and i not in order), None)
                if i is not None:
                    order.append(i)
            self.order = order
        else:
            self.pick = action
        self.flash = None

    def activate(self, index: int) -> bool:
        """Pick or toggle option ``index`` (a click on it); picking an already picked single
        choice confirms it. A disabled option changes nothing but says why."""
        options = self.options()
        if self._confirmed is not None or not 0 <= index < len(options):
            return False
        item = options[index]
        if not item.enabled:
            self.flash = item.reason or w("human.ui.that_option_is_not_available")
            return True
        self.flash = None
        payload = item.payload
        if isinstance(payload, int):  # a die (its index) or a chest of an arrangement (its place)
            if self.kind in _SOURCE_AREA:
                self._toggle_chest(payload)
            elif payload in self.dice:
                self.dice.remove(payload)
            else:
                self.dice.append(payload)
        elif self.pick == payload:
            self.confirm()
        else:
            self.pick = payload
        return True

    def _toggle_chest(self, i: int) -> None:
        """Choose chest ``i`` of an arrangement (next in order), or take it out of the order."""
        if i in self.order:
            self.order.remove(i)
        elif len(self.order) < self.k:
            self.order.append(i)
        else:
            self.flash = w("human.ui.only_fit", self.k)

    def _select_only(self, index: int) -> None:
        """Pick option ``index`` without the click-again-to-confirm shortcut (for cycling)."""
        item = self.options()[index]
        if item.enabled and not isinstance(item.payload, int):  # a single choice: an action
            self.pick = item.payload
            self.flash = None

    def set_hover(self, index: int | None) -> bool:
        """The mouse is over option ``index`` (None: over none); True when that changed."""
        changed = index != self.hover
        self.hover = index
        return changed

    def step_focus(self, step: int) -> bool:
        """Move the focus ring ``step`` (+1 / -1) to the next enabled option, picking a single
        choice as it goes (Tab, arrows)."""
        items = self.options()
        if self._confirmed is not None or not items:
            return False
        n = len(items)
        self.key_focus = True
        for _ in range(n):
            self.focus = (self.focus + step) % n
            if items[self.focus].enabled:
                break
        self._select_only(self.focus)
        return True

    def toggle_focused(self) -> bool:
        """Toggle or pick the option with the focus ring (Insert, Ctrl+Space)."""
        items = self.options()
        if self._confirmed is not None or not items:
            return False
        self.activate(self.focus % len(items))
        return True

    def wants_space(self) -> bool:
        """Space toggles the focused die or chest once the focus ring was moved by keys
        (otherwise Space is the table's "skip animation")."""
        return self.key_focus and self.toggles

    def enter(self) -> bool:
        """Enter: confirm (a focused die that is not picked yet is picked first, then confirmed)."""
        if self._confirmed is not None:
            return False
        items = self.options()
        focused = items[self.focus % len(items)] if items and self.key_focus else None
        if focused is not None and self.kind == DecisionKind.SELECT_DICE and focused.payload not in self.dice:
            self.activate(self.focus % len(items))
        else:
            self.confirm()
        return True

    def hotkey(self, ch: str) -> bool:
        """A character key: the option with that hotkey, a chest colour letter in the move phase,
        or S (the suggested arrangement). False when the key means nothing here."""
        if self._confirmed is not None:
            return False
        ch = ch.lower()
        if not ch:
            return False
        items = self.options()
        for i, item in enumerate(items):
            if item.hotkey and item.hotkey.lower() == ch:
                self.focus = i
                if self.toggles or not item.enabled:
                    self.activate(i)
                else:
                    self._select_only(i)
                return True
        if self.kind in _SOURCE_AREA and ch in _CHEST_KEYS:
            return self._chest_key(_CHEST_KEYS[ch])
        if ch == "s" and self.kind in _SOURCE_AREA:
            return self.suggest()
        return False

    def _chest_key(self, colour: int) -> bool:
        """R/B/Y/W/P in the move phase: choose the leftmost chest of that colour not chosen yet;
        with all of them chosen, the last one chosen is unselected (the key toggles)."""
        mine = [i for i, c in enumerate(self.source) if int(c) == colour]
        if not mine:
            self.flash = w("keys.no_such_chest", colour=_chest_lower(colour))
            return True
        free = [i for i in mine if i not in self.order]
        target = free[0] if free else max(mine, key=self.order.index)
        self.focus = target
        self.activate(target)
        return True

    def option_for_hit(self, kind: str, seat: int | None, index: int | None, area: str | None) -> int | None:
        """The option a table thing stands for (a die in the tray, an action space, a player, a
        chest...), or None: clicking it picks that option, hovering it previews it."""

        def find(payload: Payload) -> int | None:
            return next((i for i, it in enumerate(self.options()) if it.payload == payload), None)

        if self.kind == DecisionKind.SELECT_DICE and kind == "die" and seat == self.seat and index is not None:
            # The table's die targets count positions in the tray (the hand), not die letters.
            return find(self.hand[index]) if 0 <= index < len(self.hand) else None
        if self.kind == DecisionKind.SKULL_ACTION and kind == "action_space" and seat == self.seat \
                and index is not None:
            return find(ChooseAction(Action(index)))
        if self.kind == DecisionKind.BONUS_TILE and kind in ("bonus_space", "action_space") and seat == self.seat \
                and index is not None:
            flip = self.view().seats[self.seat].bonus[index] == 1
            return find(TakeBonus(Action(index), flip))
        if self.kind == DecisionKind.POSITION and seat is not None and seat != self.seat \
                and kind in ("player", "chest", "tile", "action_space", "bonus_space"):
            return find(Target(seat))
        if self.kind == DecisionKind.TAKE_CHEST:
            info = _chest(self.decision)
            if kind == "center_chest" and info.source == "center" and index is not None:
                return find(TakeChest(Chest(index)))
            if kind == "chest" and seat == info.target and area == info.source and index is not None:
                row = self.view().seats[info.target].area(info.source)
                if 0 <= index < len(row):
                    return find(TakeChest(Chest(row[index])))
        if self.kind in _SOURCE_AREA and kind == "chest" and seat == self.seat and area == _SOURCE_AREA[self.kind] \
                and index is not None:
            return find(index)
        return None

    # ------------------------------------------------------------------ options
    def options(self) -> tuple[Option, ...]:
        """The options of this decision, with their current state (kept while nothing changes)."""
        key = (tuple(self.dice), self.pick, tuple(self.order))
        if key != self._options_key:
            self._options = tuple(self._make_options())
            self._options_key = key
        return self._options

    def _make_options(self) -> list[Option]:
        makers = {DecisionKind.SELECT_DICE: self._dice_options, DecisionKind.SKULL_ACTION: self._skull_options,
                  DecisionKind.BONUS_TILE: self._bonus_options, DecisionKind.POSITION: self._position_options,
                  DecisionKind.TAKE_CHEST: self._chest_options, DecisionKind.KEEP_TILE: self._tile_options,
                  DecisionKind.ARRANGE_FLEET: self._arrange_options, DecisionKind.ARRANGE_CREW: self._arrange_options}
        return makers[self.kind]()

    def _dice_options(self) -> list[Option]:
        """The dice in the tray, each with its face (R3: choose the dice to place)."""
        out: list[Option] = []
        for d, f in zip(self.hand, self.roll, strict=False):
            title = w("human.ui.skull") if f == SKULL else action_word(f)
            out.append(Option(Joined((DIE_LETTERS[d], title), ": "), d, DIE_LETTERS[d],
                              selected=d in self.dice, look="die", face=f))
        return out

    def _skull_options(self) -> list[Option]:
        """The five actions for skulls; those without room are shown, disabled, with the reason."""
        p = self.view().seats[self.seat]
        k = self.decision.payload.skulls if isinstance(self.decision.payload, SkullPayload) \
            else len(p.selection or ())
        out: list[Option] = []
        for a in Action:
            act = ChooseAction(a)
            if act in self._legal_set:
                out.append(self._skull_option(act, int(a)))
            else:
                out.append(Option(action_word(a), act, str(int(a) + 1), False, self.pick == act,
                                  w("human.ui.no_room_for", k, action=action_word(a))))
        return out

    def _bonus_options(self) -> list[Option]:
        out: list[Option] = []
        for i, tb in enumerate(x for x in self.legal if isinstance(x, TakeBonus)):
            label = (w("human.ui.flip_tile_on_action_1_2", action=action_word(tb.action)) if tb.flip
                     else w("human.ui.new_tile_on_action", action=action_word(tb.action)))
            out.append(self._bonus_option(Option(label, tb, str(i + 1) if i < 9 else "",
                                                 selected=self.pick == tb), tb))
        return out

    def _position_options(self) -> list[Option]:
        """A position on an action: the targets (Board, Raid), Act, and Forfeit."""
        g = self.view()
        action = _turn(self.decision)[0]
        verb = w("human.ui.board") if action == Action.BOARD else w("human.ui.raid")
        out: list[Option] = []
        for i, tg in enumerate(x for x in self.legal if isinstance(x, Target)):
            out.append(self._target_option(Option(Joined((verb, g.names[tg.seat]), " "), tg, str(i + 1),
                                                  selected=self.pick == tg), tg.seat))
        if Act() in self._legal_set:
            out.append(self._act_option(Option(w("human.ui.act"), Act(), "a", selected=self.pick == Act())))
        out.append(Option(w("human.ui.forfeit"), Forfeit(), "f", selected=self.pick == Forfeit(),
                          detail=w("glance.forfeit.detail", action=action_word(action))))
        return out

    def _chest_options(self) -> list[Option]:
        out: list[Option] = []
        for tc in (x for x in self.legal if isinstance(x, TakeChest)):
            c = int(tc.chest)
            out.append(Option(chest_word(c), tc, CHEST_LETTERS[c].lower(), selected=self.pick == tc,
                              look="chest", colour=c, detail=w("glance.take.detail", colour=_chest_lower(c)),
                              affects=(Mark("area", self.seat, None, "island"),)))
        return out

    def _tile_options(self) -> list[Option]:
        """The treasure tiles to keep; the other goes back (R9.1: asked even when they are equal)."""
        drawn = list(self.view().drawn or ())
        out: list[Option] = []
        for i, kt in enumerate(x for x in self.legal if isinstance(x, KeepTile)):
            rest = list(drawn)
            if kt.value in rest:
                rest.remove(kt.value)
            if rest and rest[0] == kt.value:  # two equal tiles: still asked (R9.1), one goes back
                detail = w("glance.keep.equal", kt.value)
            else:
                detail = (w("glance.keep.return", kt.value, back=rest[0]) if rest
                          else w("glance.keep.only", kt.value))
            # Digits pick by the number on the option (1, 2), like every other decision.
            out.append(Option(w("human.ui.keep_v", v=kt.value), kt, str(i + 1), selected=self.pick == kt,
                              look="tile", face=kt.value, detail=detail, affects=(Mark("tile", self.seat),)))
        return out

    def _arrange_options(self) -> list[Option]:
        """The chests that may move (R7), numbered in the order they are kept."""
        out: list[Option] = []
        for i, c in enumerate(self.source):
            pos = self.order.index(i) + 1 if i in self.order else 0
            name: Phrase = Joined((f"{pos}.", chest_word(c)), " ") if pos else chest_word(c)
            out.append(Option(name, i, str(i + 1) if i < 9 else "", selected=bool(pos), look="chest",
                              colour=c, affects=(Mark("chest", self.seat, i, _SOURCE_AREA[self.kind]),)))
        return out

    # ------------------------------------------------------------------ consequences
    def _competitors(self, view: PlayerView, action: int, dice: list[list[list[int]]]) -> tuple[Mark, ...]:
        """Action spaces of every seat with dice on ``action`` (they decide the positions)."""
        return tuple(Mark("action_space", s, action) for s in range(view.players) if dice[s][action] or s == self.seat)

    def _skull_option(self, act: ChooseAction, a: int) -> Option:
        view = self.view()
        dice = cq.projected_dice(view)
        me = view.seats[self.seat]
        mine = list(dice[self.seat][a]) + [d for d in (me.selection or ()) if d not in dice[self.seat][a]]
        total = cq.total_with(view, self.seat, a, mine)
        st = cq.standing(view, self.seat, a, total, dice)
        return Option(action_word(a), act, str(a + 1), True, self.pick == act,
                      note=w("glance.note.total_pos", total=total, pos=_pos_word(st.position)),
                      detail=w("glance.detail.total", action=action_word(a), total=total,
                               parts=_parts(view, a, mine, me.bonus[a]), pos=_pos_word(st.position),
                               others=_others_line(st)),
                      affects=self._competitors(view, a, dice))

    def _bonus_option(self, item: Option, tb: TakeBonus) -> Option:
        view = self.view()
        a = int(tb.action)
        dice = cq.projected_dice(view)
        mine = dice[self.seat][a]
        value = 2 if tb.flip else 1
        affects = (Mark("bonus_space", self.seat, a),) + self._competitors(view, a, dice)
        if not mine:
            return _with(item, f"+{value}", w("glance.bonus.later", action=action_word(a), n=value), affects)
        old = cq.total_with(view, self.seat, a, mine)
        new = cq.total_with(view, self.seat, a, mine, bonus=value)
        before = cq.standing(view, self.seat, a, old, dice)
        after = cq.standing(view, self.seat, a, new, dice)
        return _with(item, w("glance.note.change", old=old, new=new, pos=_pos_word(after.position)),
                     w("glance.detail.bonus", action=action_word(a), old=old, new=new,
                       was=_pos_word(before.position), pos=_pos_word(after.position), others=_others_line(after)),
                     affects)

    def _target_option(self, item: Option, t: int) -> Option:
        view = self.view()
        a, position = _turn(self.decision)
        first = position == 1
        area = "fleet" if a == Action.BOARD else "crew"
        token = "boat" if a == Action.BOARD else "pirate"
        target = view.seats[t]
        me = view.seats[self.seat]
        row = target.area(area)
        defends = bool(target.placed[a])
        held: Phrase = Joined(tuple(_chest_lower(c) for c in row), ", ") if row else w("glance.target.empty")
        old_t = target.token(token)
        new_t = cq.token_after(old_t, -1)
        # R4.11: the target's token moves left (after 1st took a chest): surplus drops at once.
        drops = max(0, len(row) - (1 if first and row else 0) - capacity(new_t))
        tok = w(f"log.token1.{token}")
        parts: list[Phrase] = [w("glance.target.holds", area=w(f"log.area.{area}"), chests=held) if first else
                               w("glance.target.pushed", token=tok, old=old_t, new=new_t)]
        if drops:
            parts.append(w("glance.target.drops", drops))
        if defends:
            mine = me.token(token)
            parts.append(w("glance.target.defends", token=tok, old=mine, new=cq.token_after(mine, -1)))
            own = max(0, len(me.area(area)) - capacity(cq.token_after(mine, -1)))
            if own:
                parts.append(w("glance.target.own_drops", own))
        else:
            parts.append(w("glance.target.open"))
        short: Phrase = w("glance.note.chests", len(row)) if first else f"{old_t}->{new_t}"
        marks = [Mark("area", t, None, area), Mark("track", t, None, token)]
        if defends:
            marks += [Mark("action_space", t, a), Mark("track", self.seat, None, token)]
        note = Joined((short, w("glance.note.defends")), " · ") if defends else short
        return _with(item, note, Joined(tuple(parts), "; "), tuple(marks))

    def _act_option(self, item: Option) -> Option:
        view = self.view()
        a, position = _turn(self.decision)
        first = position == 1
        me = view.seats[self.seat]
        if a in (Action.EXPAND_FLEET, Action.RECRUIT_CREW):
            token = "boat" if a == Action.EXPAND_FLEET else "pirate"
            steps = 2 if first and view.players > 2 else 1
            old = me.token(token)
            new = cq.token_after(old, steps)
            return _with(item, f"{old}->{new}",
                         w("glance.act.token", token=w(f"log.token1.{token}"), old=old, new=new, cap=capacity(new)),
                         (Mark("track", self.seat, None, token),))
        if a == Action.TREASURE_HUNT:
            if first and view.players > 2:
                detail = w("glance.act.hunt1")
            elif first:
                detail = w("glance.act.hunt_two")
            else:
                detail = w("glance.act.hunt2")
            return _with(item, None, detail, (Mark("area", self.seat, None, "island"), Mark("tile", self.seat)))
        return item

    def selection_detail(self) -> Phrase | None:
        """The dice pick's consequence: the total it gives and where that stands now."""
        if self.kind != DecisionKind.SELECT_DICE or not self.dice:
            return None
        a = self.dice_action()
        if a is None:
            return w("glance.select.skulls")
        view = self.view()
        dice = cq.projected_dice(view)
        mine = list(dice[self.seat][a]) + [d for d in sorted(self.dice) if d not in dice[self.seat][a]]
        total = cq.total_with(view, self.seat, a, mine)
        st = cq.standing(view, self.seat, a, total, dice)
        return w("glance.detail.select", action=action_word(a), total=total,
                 parts=_parts(view, a, mine, view.seats[self.seat].bonus[a]),
                 pos=_pos_word(st.position), others=_others_line(st))

    def arrangement_detail(self) -> Phrase | None:
        """Where the chests go with the current arrangement."""
        if self.kind not in _SOURCE_AREA:
            return None
        dest = "fleet" if self.kind == DecisionKind.ARRANGE_FLEET else "crew"
        move = cq.arrangement(self.view(), self.seat, dest, list(self.source), self.order)
        kept: Phrase = Joined(tuple(_chest_lower(c) for c in move.kept), ", ") if move.kept \
            else w("glance.target.empty")
        text: list[Phrase] = [w("glance.arrange.kept", area=w(f"log.area.{dest}"), chests=kept)]
        center = tuple(_chest_lower(c) for c, to_c in move.surplus if to_c)
        bag = tuple(_chest_lower(c) for c, to_c in move.surplus if not to_c)
        if center:
            text.append(w("glance.arrange.center", chests=Joined(center, ", ")))
        if bag:
            text.append(w("glance.arrange.bag", chests=Joined(bag, ", ")))
        text.append(w("glance.arrange.legend"))
        return Joined(tuple(text), " ")

    def preview(self) -> Option | None:
        """The option whose consequence is shown: hovered, else focused by keys, else picked."""
        items = self.options()
        if self.hover is not None and 0 <= self.hover < len(items):
            return items[self.hover]
        if self.key_focus and 0 <= self.focus < len(items):
            return items[self.focus]
        if not self.toggles:
            for it in items:
                if it.selected:
                    return it
        return None

    def consequence(self) -> Phrase | None:
        """The line saying what the current (or previewed) choice does (None: nothing to say)."""
        if self.kind == DecisionKind.SELECT_DICE:
            return self.selection_detail()
        if self.kind in _SOURCE_AREA:
            return self.arrangement_detail()
        it = self.preview()
        if it is None or it.detail is None:
            return None
        return Joined((it.label, it.detail), ": ")

    def message(self) -> tuple[Phrase, Tone]:
        """The panel's status line: what is wrong or still to do, or that the pick is ready."""
        msg = self.flash or self.reason()
        if msg:
            if self.kind == DecisionKind.SELECT_DICE:
                nothing_yet = not self.dice
            elif self.kind in _SOURCE_AREA:
                nothing_yet = False
            else:
                nothing_yet = self.pick is None
            # Saying what to do before anything is picked is not an error: no red for it.
            return msg, "hint" if nothing_yet and not self.flash else "error"
        if self.kind == DecisionKind.SELECT_DICE and self.dice \
                and all(self.roll[self.hand.index(d)] == SKULL for d in self.dice if d in self.hand):
            return w("human.ui.skulls_only_you_choose_their_action"), "ready"
        return w("human.ui.ready_press_enter_or_confirm"), "ready"

    def buttons(self) -> list[Button]:
        """The buttons under the options: Suggest (arrangements), Clear, Confirm."""
        out = [Button("clear", w("human.ui.clear"), True), Button("confirm", w("human.ui.confirm"), self.can_confirm())]
        if self.kind in _SOURCE_AREA:
            out.insert(0, Button("suggest", w("human.ui.suggest"), True))
        return out

    def title(self) -> Words:
        """One line saying what to decide."""
        g = self.view()
        name = g.names[self.seat]
        payload = self.decision.payload
        kind = self.kind
        if kind == DecisionKind.SELECT_DICE:
            if isinstance(payload, DicePayload) and payload.open:
                # R3.6: why the roll is in the open, and that everyone sees this choice
                return w("human.ui.name_open_reroll", name=name)
            if self._legal_set == {_CONFIRM_ROLL}:  # R3.6: nothing can be placed; confirm as it is
                return w("human.ui.name_roll_stuck", name=name)
            return w("human.ui.name_choose_the_dice_to_place", name=name)
        if kind == DecisionKind.SKULL_ACTION:
            return w("human.ui.name_choose_the_action_for_your", name=name)
        if kind == DecisionKind.BONUS_TILE:
            return w("human.ui.name_take_a_bonus_tile", name=name)
        act, position = _turn(self.decision)
        pos = w("table.pos1") if position == 1 else w("table.pos2")
        action = action_word(act)
        if kind == DecisionKind.POSITION:
            if any(isinstance(x, Target) for x in self.legal):
                return w("human.ui.name_action_pos_choose_the_player", name=name, action=action, pos=pos)
            return w("human.ui.name_action_pos_act_or_forfeit", name=name, action=action, pos=pos)
        if kind == DecisionKind.TAKE_CHEST:
            chest = _chest(self.decision)
            if chest.source == "center":
                return w("human.ui.name_take_a_chest_from_the", name=name)
            where = w("human.where.fleet" if chest.source == "fleet" else "human.where.crew",
                      name=g.names[chest.target])
            return w("human.ui.name_take_a_chest_from_where", name=name, where=where)
        if kind == DecisionKind.KEEP_TILE:
            return w("human.ui.name_keep_one_treasure_tile_the", name=name)
        return w("human.ui.name_choose_the_chests_that_move", name=name, dest=w(_DEST_TITLE[kind]))

    # ------------------------------------------------------------------ for the table
    def marks(self) -> set[Mark]:
        """Table things to highlight: what is picked, and what the hovered or focused option
        would affect."""
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


def _with(item: Option, note: Phrase | None, detail: Phrase | None, affects: tuple[Mark, ...]) -> Option:
    """``item`` with its consequence."""
    return replace(item, note=note, detail=detail, affects=affects)
