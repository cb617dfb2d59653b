"""The Tortuga rules engine: one :class:`Game` holds the whole state of a game.

The engine is a state machine driven by explicit player actions. At any moment
:meth:`Game.pending` says which seats must decide what, :meth:`Game.legal_actions`
lists their options and :meth:`Game.apply` carries one out (or raises without
changing anything). All chance goes through one seeded random source.

>>> game = Game.new(players=3, seed=7)
>>> game.phase
'dice'
>>> sorted(d.seat for d in game.pending())
[0, 1, 2]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from typing import Any

from .actions import (
    Act,
    Arrange,
    ChooseAction,
    DecisionKind,
    Forfeit,
    KeepTile,
    PlayerAction,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
    parse_action,
)
from .components import (
    ACTION_TITLES,
    CHEST_COUNTS,
    CHEST_TITLES,
    DIE_LETTERS,
    DIE_VALUES,
    GOAL_LONG,
    GOAL_NORMAL,
    MAX_BOX,
    MAX_ROUNDS,
    MIN_BOX,
    OPEN_SPACE_LIMIT,
    SKULL,
    START_BOX,
    TILE_COUNTS,
    TOTAL_BONUS_TILES,
    Action,
    Chest,
    capacity,
    chest_text,
)
from .errors import IllegalActionError, MalformedActionError
from .scoring import Score, score_seat

SCHEMA_VERSION = 1

FLEET, CREW, HUNT, BOARD, RAID = 0, 1, 2, 3, 4

# Phases
DICE = "dice"
ACTIONS = "actions"
MOVE = "move"
OVER = "over"

# Dice-phase stages
SELECT = "select"
STUCK = "stuck"
SKULLS = "skulls"
BONUS = "bonus"

# Pre-built action values (they are immutable), so hot paths allocate nothing.
_ACT = Act()
_FORFEIT = Forfeit()
_CHOOSE = tuple(ChooseAction(Action(a)) for a in range(5))
_BONUS_NEW = tuple(TakeBonus(Action(a), False) for a in range(5))
_BONUS_FLIP = tuple(TakeBonus(Action(a), True) for a in range(5))
_TAKE = tuple(TakeChest(Chest(c)) for c in range(5))
_KEEP = (None, KeepTile(1), KeepTile(2), KeepTile(3))
_CHESTS = tuple(Chest)
_CAP = tuple(capacity(b) if b else 0 for b in range(MAX_BOX + 1))


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision a seat must make now.

    ``info`` carries what the decider needs to see, e.g. ``{"action": 3, "position": 1}``
    for a POSITION decision or ``{"tiles": [1, 3]}`` for KEEP_TILE (private to the seat).
    """

    seat: int
    kind: DecisionKind
    info: dict[str, Any] = field(default_factory=dict, compare=False)


def _is_int(v: object, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _well_formed(action: object) -> PlayerAction:
    """Check an action's fields (types and ranges) and return it in canonical form.

    Raises MalformedActionError: an action object with a bad field is not an action at all.
    """
    if isinstance(action, SelectDice):
        dice = action.dice
        if not isinstance(dice, tuple) or not all(_is_int(d, 0, 4) for d in dice):
            raise MalformedActionError(f"SelectDice needs a tuple of die indices 0-4, got {dice!r:.60}")
        return SelectDice(tuple(sorted(dice)))  # a die named twice is illegal, checked later
    if isinstance(action, ChooseAction):
        if not _is_int(action.action, 0, 4):
            raise MalformedActionError(f"no action {action.action!r:.30}; actions are 0-4")
        return _CHOOSE[action.action]
    if isinstance(action, TakeBonus):
        if not _is_int(action.action, 0, 4) or not isinstance(action.flip, bool):
            raise MalformedActionError(f"TakeBonus needs an action 0-4 and flip true/false, got {action!r:.60}")
        return (_BONUS_FLIP if action.flip else _BONUS_NEW)[action.action]
    if isinstance(action, Target):
        if not isinstance(action.seat, int) or isinstance(action.seat, bool):
            raise MalformedActionError(f"a target is a seat number, not {action.seat!r:.30}")
        return action
    if isinstance(action, TakeChest):
        if not _is_int(action.chest, 0, 4):
            raise MalformedActionError(f"no chest colour {action.chest!r:.30}; colours are 0-4")
        return _TAKE[action.chest]
    if isinstance(action, KeepTile):
        if not _is_int(action.value, 1, 3):
            raise MalformedActionError(f"treasure tiles are worth 1-3 coins, not {action.value!r:.30}")
        return _KEEP[action.value]  # type: ignore[return-value]
    if isinstance(action, Arrange):
        chests = action.chests
        if not isinstance(chests, tuple) or len(chests) > 4 or not all(_is_int(c, 0, 4) for c in chests):
            raise MalformedActionError(f"Arrange needs a tuple of at most 4 chest colours 0-4, got {chests!r:.60}")
        return Arrange(tuple(_CHESTS[c] for c in chests))
    if isinstance(action, (Act, Forfeit)):
        return action
    raise MalformedActionError(f"not an action: {action!r:.60}")


class Seat:
    """One player's part of the state (their board, dice and tiles)."""

    __slots__ = (
        "boat", "pirate", "tortuga", "fleet", "crew", "island", "tiles", "returned",
        "bonus", "placed", "hand", "roll", "open_roll", "selection", "skull_action",
        "arr_fleet", "arr_crew",
    )

    def __init__(self) -> None:
        self.boat = START_BOX
        self.pirate = START_BOX
        self.tortuga: list[int] = []
        self.fleet: list[int] = []
        self.crew: list[int] = []
        self.island: list[int] = []
        #: coin values of kept treasure tiles (private)
        self.tiles: list[int] = []
        #: values of tiles this player returned to the pool (private knowledge)
        self.returned: list[int] = []
        #: bonus space per action: 0 empty, 1 or 2
        self.bonus = [0, 0, 0, 0, 0]
        #: dice (0-4) placed on each action this round
        self.placed: list[list[int]] = [[], [], [], [], []]
        #: dice not placed yet
        self.hand: list[int] = [0, 1, 2, 3, 4]
        #: faces (0-4 action, 5 skull) of the dice in ``hand`` for the current roll, or None
        self.roll: list[int] | None = None
        #: the roll was made openly (R3.6)
        self.open_roll = False
        #: this roll step's selection, hidden until the reveal
        self.selection: tuple[int, ...] | None = None
        #: action chosen for a skull-only selection
        self.skull_action: int | None = None
        #: move-phase arrangement choices (R5.2)
        self.arr_fleet: tuple[int, ...] | None = None
        self.arr_crew: tuple[int, ...] | None = None

    def copy(self) -> Seat:
        s = Seat.__new__(Seat)
        s.boat = self.boat
        s.pirate = self.pirate
        s.tortuga = self.tortuga[:]
        s.fleet = self.fleet[:]
        s.crew = self.crew[:]
        s.island = self.island[:]
        s.tiles = self.tiles[:]
        s.returned = self.returned[:]
        s.bonus = self.bonus[:]
        s.placed = [p[:] for p in self.placed]
        s.hand = self.hand[:]
        s.roll = None if self.roll is None else self.roll[:]
        s.open_roll = self.open_roll
        s.selection = self.selection
        s.skull_action = self.skull_action
        s.arr_fleet = self.arr_fleet
        s.arr_crew = self.arr_crew
        return s

    def area(self, name: str) -> list[int]:
        """The chest row of an area by name: tortuga, fleet, crew or island."""
        if name == "fleet":
            return self.fleet
        if name == "crew":
            return self.crew
        if name == "island":
            return self.island
        if name == "tortuga":
            return self.tortuga
        raise KeyError(name)

    def token(self, action: int) -> int:
        """Box of the token an action moves: boat for fleet/Board, pirate for crew/Raid."""
        return self.boat if action in (FLEET, BOARD) else self.pirate

    def room(self, action: int) -> int:
        """Free room for dice on an action space (R3.3)."""
        if action < BOARD:
            return OPEN_SPACE_LIMIT - len(self.placed[action])
        r = _CAP[self.boat if action == BOARD else self.pirate] - len(self.placed[action])
        return r if r > 0 else 0

    def total(self, action: int) -> int:
        """Dice total plus bonus tile on an action (R4.2)."""
        return sum(DIE_VALUES[d][action] for d in self.placed[action]) + self.bonus[action]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: every seat's score and the winner(s) (R8)."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    rounds: int
    #: True when the R5.5 safety cap ended the game (never expected)
    capped: bool = False


class Game:
    """The complete state of one game of Tortuga."""

    __slots__ = (
        "players", "names", "long_game", "seed", "start_choice", "rng", "round", "start", "phase",
        "bag", "pool", "supply", "center", "seats", "stage", "queue", "rollers", "stuck", "bonus_due",
        "act_action", "act_order", "act_pos", "first_target", "effect", "drawn", "log", "logging",
        "capped", "decisions", "__weakref__",
    )

    # ------------------------------------------------------------------ setup
    def __init__(self) -> None:  # use Game.new or Game.from_dict
        self.players = 0
        self.names: list[str] = []
        self.long_game = False
        self.seed = 0
        self.start_choice: int | None = None
        self.rng = random.Random(0)
        self.round = 1
        self.start = 0
        self.phase = DICE
        #: chests in the bag by colour (the bag has no order: draws are random)
        self.bag = list(CHEST_COUNTS)
        #: face-down treasure tiles in the pool by value 1, 2, 3
        self.pool = list(TILE_COUNTS)
        #: bonus tiles left in the island supply
        self.supply = TOTAL_BONUS_TILES
        #: center island: one slot per chest colour
        self.center = [False] * 5
        self.seats: list[Seat] = []
        self.stage = SELECT
        self.queue: list[int] = []
        self.rollers: list[int] = []
        self.stuck: list[int] = []
        self.bonus_due: list[int] = []
        self.act_action = 0
        #: acting seats of the current action, 1st then 2nd
        self.act_order: list[int] = []
        self.act_pos = 0
        self.first_target: int | None = None
        #: the Board/Raid effect waiting for a chest choice: [action, position, seat, target]
        self.effect: list[int] | None = None
        #: treasure tiles drawn by the Treasure hunt 1st, waiting for KEEP_TILE
        self.drawn: list[int] = []
        #: event log: [round, private_seat or -1, public text, private text]
        self.log: list[list[Any]] = []
        self.logging = True
        self.capped = False
        #: number of decisions applied so far (by players, not automatic ones)
        self.decisions = 0

    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: int = 0,
        *,
        start_player: int | None = None,
        long_game: bool = False,
        names: Sequence[str] | None = None,
        log: bool = True,
    ) -> Game:
        """Set up a new game (R1). ``start_player`` None draws the start player at random (R1.5)."""
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise MalformedActionError(f"Tortuga is for 2-4 players, not {players!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise MalformedActionError(f"the seed must be an integer, not {seed!r}")
        if start_player is not None and (
            not isinstance(start_player, int) or isinstance(start_player, bool) or not 0 <= start_player < players
        ):
            raise MalformedActionError(f"start player must be a seat 0-{players - 1}, not {start_player!r}")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        names = [str(n) for n in names]
        if len(names) != players:
            raise MalformedActionError(f"{players} players need {players} names, got {len(names)}")
        g = cls()
        g.players = players
        g.names = list(names)
        g.long_game = bool(long_game)
        g.seed = seed
        g.start_choice = start_player
        g.logging = log
        g.rng = random.Random(seed)
        g.seats = [Seat() for _ in range(players)]
        g.start = g.rng.randrange(players) if start_player is None else start_player
        g._log(f"{g.names[g.start]} is the start player.")
        for s in g.order():  # R1.4
            p = g.seats[s]
            first = g._draw_chest()
            second = g._draw_chest()
            if first is not None:
                p.island.append(first)
            if second is not None:
                p.crew.append(second)
            g._log(f"{g.names[s]} draws a {CHEST_TITLES[first or 0]} chest to the island and a "
                   f"{CHEST_TITLES[second or 0]} chest to the crew.")
        g._log("Round 1 begins.")
        g._start_roll_step()
        return g

    # ------------------------------------------------------------ basic queries
    def order(self) -> list[int]:
        """Seats in clockwise order starting with the start player."""
        n = self.players
        return [(self.start + i) % n for i in range(n)]

    @property
    def goal(self) -> int:
        """Tortuga chests that end the game (R5.4 / R7.1)."""
        return GOAL_LONG if self.long_game else GOAL_NORMAL

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _log(self, public: str, seat: int = -1, private: str | None = None) -> None:
        if self.logging:
            self.log.append([self.round, seat, public, public if private is None else private])

    def log_for(self, viewer: int | None) -> list[str]:
        """The event log as ``viewer`` may read it (R9): others' secrets redacted."""
        return [e[3] if (viewer is not None and e[1] == viewer) else e[2] for e in self.log]

    def log_entries_for(self, viewer: int | None) -> list[tuple[int, str]]:
        """Like :meth:`log_for` but with the round of each entry."""
        return [(e[0], e[3] if (viewer is not None and e[1] == viewer) else e[2]) for e in self.log]

    # ------------------------------------------------------------ chance
    def _draw_chest(self) -> int | None:
        bag = self.bag
        total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
        if total == 0:
            return None
        r = int(self.rng.random() * total)
        for c in range(5):
            if r < bag[c]:
                bag[c] -= 1
                return c
            r -= bag[c]
        raise AssertionError("bag draw out of range")  # pragma: no cover

    def _draw_tile(self) -> int | None:
        pool = self.pool
        total = pool[0] + pool[1] + pool[2]
        if total == 0:
            return None
        r = int(self.rng.random() * total)
        v = 0 if r < pool[0] else (1 if r < pool[0] + pool[1] else 2)
        pool[v] -= 1
        return v + 1

    def _roll(self, p: Seat) -> None:
        rnd = self.rng.random
        p.roll = [int(rnd() * 6) for _ in p.hand]

    # ------------------------------------------------------------ dice phase
    def _start_roll_step(self) -> None:
        order = self.order()
        rollers = [s for s in order if self.seats[s].hand]
        if not rollers:
            self._begin_actions()
            return
        self.rollers = rollers
        self.bonus_due = [s for s in order if not self.seats[s].hand]
        stuck = []
        for s in rollers:
            p = self.seats[s]
            self._roll(p)
            p.open_roll = False
            p.selection = None
            p.skull_action = None
            if not self._has_selection(p):
                stuck.append(s)
            elif self._is_forced(p):  # a single valid selection is applied at once (engine ruling)
                p.selection = self.selections(p)[0]
        self.stuck = stuck
        self.stage = SELECT
        self.queue = []
        if self.logging:
            self._log("Everyone with dice left rolls behind their screen: " + ", ".join(self.names[s] for s in rollers) + ".")
        self._after_select()

    @staticmethod
    def _has_selection(p: Seat) -> bool:
        roll = p.roll
        assert roll is not None
        if SKULL in roll:
            return True
        return any(p.room(f) > 0 for f in roll)

    @staticmethod
    def selections(p: Seat) -> list[tuple[int, ...]]:
        """Every valid selection of a seat's current roll (R3.2, R3.3), dice as sorted tuples."""
        roll = p.roll
        if roll is None:
            return []
        hand = p.hand
        skulls = [d for d, f in zip(hand, roll, strict=True) if f == SKULL]
        groups: dict[int, list[int]] = {}
        for d, f in zip(hand, roll, strict=True):
            if f != SKULL:
                groups.setdefault(f, []).append(d)
        skull_subsets: list[tuple[int, ...]] = [()]
        for k in range(1, len(skulls) + 1):
            skull_subsets.extend(combinations(skulls, k))
        out: set[tuple[int, ...]] = set()
        for action, dice in groups.items():
            room = p.room(action)
            for k in range(1, min(len(dice), room) + 1):
                for chosen in combinations(dice, k):
                    for sk in skull_subsets:
                        if k + len(sk) <= room:
                            out.add(tuple(sorted(chosen + sk)))
        for sk in skull_subsets[1:]:  # skull use A: room on Expand fleet always suffices
            out.add(tuple(sorted(sk)))
        return sorted(out, key=lambda t: (len(t), t))

    @staticmethod
    def _is_forced(p: Seat) -> bool:
        """Whether the current roll allows exactly one valid selection (cheap early exits)."""
        # Any two usable dice (skulls, or dice whose action has room) are two different one-die
        # selections, so a roll is forced exactly when it has one usable die.
        roll = p.roll
        assert roll is not None
        usable = 0
        for f in roll:
            if f == SKULL or p.room(f) > 0:
                usable += 1
                if usable > 1:
                    return False
        return usable == 1

    def _selection_action(self, p: Seat, dice: Iterable[int]) -> int | None:
        """The action a selection goes to, or None for skull-only (chosen after the reveal)."""
        roll = p.roll
        assert roll is not None
        faces = {roll[p.hand.index(d)] for d in dice}
        faces.discard(SKULL)
        return next(iter(faces)) if faces else None

    def _after_select(self) -> None:
        """Progress the dice phase as far as it goes without a decision."""
        while True:
            if self.stage == SELECT:
                if any(self.seats[s].selection is None for s in self.rollers if s not in self.stuck):
                    return
                self._reveal()
                self.stage = STUCK
                self.queue = list(self.stuck)
            if self.stage == STUCK:
                while self.queue:
                    s = self.queue[0]
                    p = self.seats[s]
                    if not p.open_roll:
                        self._open_reroll(s)
                    if p.selection is None:
                        options = self.selections(p)
                        if len(options) > 1:
                            return
                        p.selection = options[0]
                        self._log_open_selection(s)
                    self.queue.pop(0)
                self.stage = SKULLS
                self.queue = [s for s in self.rollers if self._selection_action(self.seats[s], self.seats[s].selection or ()) is None]
            if self.stage == SKULLS:
                if self.queue:
                    return
                self._place_dice()
                self.stage = BONUS
                self.queue = [s for s in self.bonus_due if self._bonus_options(self.seats[s])]
            if self.stage == BONUS:
                while self.queue:
                    bonus = self._bonus_options(self.seats[self.queue[0]])
                    if len(bonus) > 1:
                        return
                    if bonus:  # a single possibility is taken at once
                        self._take_bonus(self.queue[0], bonus[0])
                    self.queue.pop(0)
                self._start_roll_step()
                return

    def _reveal(self) -> None:
        if not self.logging:
            return
        for s in self.rollers:
            if s in self.stuck:
                continue
            p = self.seats[s]
            sel = p.selection or ()
            a = self._selection_action(p, sel)
            letters = "".join(DIE_LETTERS[d] for d in sel)
            where = ACTION_TITLES[a] if a is not None else "skulls only (action chosen next)"
            self._log(f"{self.names[s]} reveals {letters}: {where}.")

    def _open_reroll(self, s: int) -> None:
        """R3.6: a player with no valid selection rerolls openly until one exists."""
        p = self.seats[s]
        p.open_roll = True
        self._log(f"{self.names[s]} cannot place any die and reveals the roll.")
        while not self._has_selection(p):
            self._roll(p)
            self._log(f"{self.names[s]} rerolls openly: " + self._roll_text(p) + ".")

    @staticmethod
    def _roll_text(p: Seat) -> str:
        assert p.roll is not None
        return " ".join(
            DIE_LETTERS[d] + ("=skull" if f == SKULL else "=" + ACTION_TITLES[f]) for d, f in zip(p.hand, p.roll, strict=True)
        )

    def _place_dice(self) -> None:
        for s in self.rollers:
            p = self.seats[s]
            sel = p.selection
            assert sel is not None
            a = self._selection_action(p, sel)
            if a is None:
                a = p.skull_action
                assert a is not None
            p.placed[a].extend(sel)
            p.hand = [d for d in p.hand if d not in sel]
            p.roll = None
            p.open_roll = False
            p.selection = None
            p.skull_action = None

    def _log_open_selection(self, s: int) -> None:
        p = self.seats[s]
        sel = p.selection or ()
        a = self._selection_action(p, sel)
        where = ACTION_TITLES[a] if a is not None else "skulls only"
        self._log(f"{self.names[s]} openly selects {''.join(DIE_LETTERS[d] for d in sel)}: {where}.")

    def _take_bonus(self, s: int, action: TakeBonus) -> None:
        p = self.seats[s]
        a = int(action.action)
        if action.flip:
            p.bonus[a] = 2
            self._log(f"{self.names[s]} flips the bonus tile on {ACTION_TITLES[a]} to 2.")
        else:
            p.bonus[a] = 1
            self.supply -= 1
            self._log(f"{self.names[s]} puts a bonus tile on {ACTION_TITLES[a]}.")

    def _bonus_options(self, p: Seat) -> list[TakeBonus]:
        out: list[TakeBonus] = []
        b = p.bonus
        if self.supply > 0:
            out.extend(_BONUS_NEW[a] for a in range(5) if b[a] == 0)
        out.extend(_BONUS_FLIP[a] for a in range(5) if b[a] == 1)
        return out

    # ------------------------------------------------------------ actions phase
    def _begin_actions(self) -> None:
        self.phase = ACTIONS
        self.stage = ""
        self.rollers = []
        self.stuck = []
        self.bonus_due = []
        self.act_action = -1
        self._log("All dice are placed: the actions resolve.")
        self._next_action()

    def positions(self, action: int) -> list[int]:
        """Seats taking part in ``action``, best first (R4.2, R4.3)."""
        n = self.players
        start = self.start
        part = [s for s in range(n) if self.seats[s].placed[action]]
        part.sort(key=lambda s: (-self.seats[s].total(action), (s - start) % n))
        return part

    def _next_action(self) -> None:
        while True:
            self.act_action += 1
            if self.act_action > RAID:
                self._end_actions()
                return
            a = self.act_action
            ranking = self.positions(a)
            self.act_order = ranking[: (1 if self.players == 2 else 2)]
            self.act_pos = 0
            self.first_target = None
            self.effect = None
            if self.logging:
                if ranking:
                    totals = ", ".join(f"{self.names[s]} {self.seats[s].total(a)}" for s in ranking)
                    self._log(f"{ACTION_TITLES[a]}: {totals}.")
                else:
                    self._log(f"{ACTION_TITLES[a]}: nobody takes part.")
            if self.act_order:
                return

    def _advance_position(self) -> None:
        self.effect = None
        self.drawn = []
        self.act_pos += 1
        if self.act_pos >= len(self.act_order):
            self._next_action()

    def _position_options(self, s: int) -> list[PlayerAction]:
        a = self.act_action
        if a in (FLEET, CREW, HUNT):
            return [_ACT, _FORFEIT]
        out: list[PlayerAction] = [Target(t) for t in range(self.players) if t != s and t != self.first_target]
        out.append(_FORFEIT)
        return out

    def _position_name(self) -> str:
        return "1st" if self.act_pos == 0 else "2nd"

    def _apply_position(self, s: int, action: PlayerAction) -> None:
        a = self.act_action
        name = self.names[s]
        p = self.seats[s]
        if isinstance(action, Forfeit):
            self._log(f"{name} ({self._position_name()}) forfeits {ACTION_TITLES[a]}.")
            self._advance_position()
            return
        two = self.players == 2
        if a in (FLEET, CREW):
            steps = 1 if two or self.act_pos == 1 else 2
            if a == FLEET:
                old = p.boat
                p.boat = min(MAX_BOX, p.boat + steps)
                self._log(f"{name} expands the fleet: boat {old} -> {p.boat}.")
            else:
                old = p.pirate
                p.pirate = min(MAX_BOX, p.pirate + steps)
                self._log(f"{name} recruits crew: pirate {old} -> {p.pirate}.")
            self._advance_position()
            return
        if a == HUNT:
            if self.act_pos == 0:
                c = self._draw_chest()
                if c is not None:
                    p.island.append(c)
                    self._log(f"{name} hunts treasure and draws a {CHEST_TITLES[c]} chest.")
                else:
                    self._log(f"{name} hunts treasure, but the bag is empty.")
            drawn = []
            for _ in range(1 if (two or self.act_pos == 1) else 2):
                t = self._draw_tile()
                if t is not None:
                    drawn.append(t)
            if len(drawn) == 2 and drawn[0] != drawn[1]:
                self.drawn = drawn
                self._log(f"{name} draws two treasure tiles.", s, f"{name} draws two treasure tiles: {drawn[0]} and {drawn[1]} coins.")
                return
            if len(drawn) == 2:  # equal values: nothing to choose, but others must not learn that
                self.pool[drawn[1] - 1] += 1
                p.returned.append(drawn[1])
                p.tiles.append(drawn[0])
                self._log(f"{name} draws two treasure tiles.", s, f"{name} draws two treasure tiles: {drawn[0]} and {drawn[1]} coins.")
                self._log(f"{name} keeps a treasure tile and returns the other.", s,
                          f"{name} keeps a {drawn[0]}-coin tile and returns the other {drawn[1]}.")
                self._advance_position()
                return
            if drawn:
                p.tiles.append(drawn[0])
                self._log(f"{name} keeps a treasure tile.", s, f"{name} keeps a {drawn[0]}-coin treasure tile.")
            else:
                self._log(f"{name} finds no treasure tile: the pool is empty.")
            self._advance_position()
            return
        # Board / Raid
        assert isinstance(action, Target)
        t = action.seat
        self.effect = [a, self.act_pos, s, t]
        verb = "boards" if a == BOARD else "raids"
        self._log(f"{name} ({self._position_name()}) {verb} {self.names[t]}.")
        if self.act_pos == 0:
            self.first_target = t
            src = self.seats[t].fleet if a == BOARD else self.seats[t].crew
            if len(set(src)) > 1:
                return  # TAKE_CHEST decision
            self._take_chest(src[0] if src else None)
        else:
            self._knock_tokens()
            if len(set(c for c in range(5) if self.center[c])) > 1:
                return
            only = [c for c in range(5) if self.center[c]]
            self._take_chest(only[0] if only else None)

    def _knock_tokens(self) -> None:
        assert self.effect is not None
        a, _pos, s, t = self.effect
        target, me = self.seats[t], self.seats[s]
        defended = bool(target.placed[a])
        if a == BOARD:
            target.boat = max(MIN_BOX, target.boat - 1)
            if defended:
                me.boat = max(MIN_BOX, me.boat - 1)
        else:
            target.pirate = max(MIN_BOX, target.pirate - 1)
            if defended:
                me.pirate = max(MIN_BOX, me.pirate - 1)
        token = "boat" if a == BOARD else "pirate"
        if defended:
            self._log(f"{self.names[t]} defends: both {token}s move back one box.")
        else:
            self._log(f"{self.names[t]}'s {token} moves back one box.")

    def _take_chest(self, colour: int | None) -> None:
        """Finish the current Board/Raid effect with the chosen chest (or none)."""
        assert self.effect is not None
        a, pos, s, t = self.effect
        me = self.seats[s]
        if pos == 0:
            if colour is not None:
                src = self.seats[t].fleet if a == BOARD else self.seats[t].crew
                src.remove(colour)
                me.island.append(colour)
                where = "fleet" if a == BOARD else "crew"
                self._log(f"{self.names[s]} takes a {CHEST_TITLES[colour]} chest from {self.names[t]}'s {where}.")
            self._knock_tokens()
        elif colour is not None:
            self.center[colour] = False
            me.island.append(colour)
            self._log(f"{self.names[s]} takes the {CHEST_TITLES[colour]} chest from the center island.")
        self._surplus()
        self._advance_position()

    def _to_center(self, colour: int) -> str:
        if self.players > 2 and not self.center[colour]:
            self.center[colour] = True
            return "center island"
        self.bag[colour] += 1
        return "bag"

    def _surplus(self) -> None:
        """R4.11: areas over capacity lose chests from the right."""
        for s in self.order():
            p = self.seats[s]
            for row, cap, where in ((p.fleet, capacity(p.boat), "fleet"), (p.crew, capacity(p.pirate), "crew")):
                while len(row) > cap:
                    c = row.pop()
                    dest = self._to_center(c)
                    self._log(f"{self.names[s]}'s {where} is over capacity: a {CHEST_TITLES[c]} chest goes to the {dest}.")

    def _end_actions(self) -> None:
        for p in self.seats:  # R4.12
            p.placed = [[], [], [], [], []]
            p.hand = [0, 1, 2, 3, 4]
        self.act_order = []
        self.effect = None
        self._begin_move()

    # ------------------------------------------------------------ move phase
    def _begin_move(self) -> None:
        self.phase = MOVE
        self._log("Chests move.")
        for s in self.order():  # R5.1
            c = self._draw_chest()
            if c is not None:
                self.seats[s].island.append(c)
                self._log(f"{self.names[s]} draws a {CHEST_TITLES[c]} chest to the island.")
        for s in self.order():  # R5.2 (1)
            p = self.seats[s]
            if p.fleet:
                self._log(f"{self.names[s]} brings {len(p.fleet)} chest(s) to Tortuga: {chest_text(p.fleet)}.")
            p.tortuga.extend(p.fleet)
            p.fleet = []
            p.arr_fleet = None
            p.arr_crew = None
            opts = self.arrangements(p.crew, capacity(p.boat))
            if len(opts) == 1:
                p.arr_fleet = opts[0]
            opts = self.arrangements(p.island, capacity(p.pirate))
            if len(opts) == 1:
                p.arr_crew = opts[0]
        self._after_move_choice()

    @staticmethod
    def arrangements(chests: Sequence[int], cap: int) -> list[tuple[int, ...]]:
        """Distinct ordered choices of ``min(cap, len(chests))`` chests (R5.2)."""
        k = min(cap, len(chests))
        if k == 0:
            return [()]
        if len(set(chests)) == 1:
            return [tuple(chests[:k])]
        return sorted(set(permutations(chests, k)))

    def _after_move_choice(self) -> None:
        if any(p.arr_fleet is None or p.arr_crew is None for p in self.seats):
            return
        for s in self.order():
            p = self.seats[s]
            for old, new, target in ((p.crew, p.arr_fleet, "fleet"), (p.island, p.arr_crew, "crew")):
                assert new is not None
                left = list(old)
                for c in new:
                    left.remove(c)
                if new:
                    self._log(f"{self.names[s]} moves {chest_text(new)} to the {target}.")
                if target == "fleet":
                    p.fleet = list(new)
                else:
                    p.crew = list(new)
                for c in left:
                    dest = self._to_center(c)
                    self._log(f"{self.names[s]} has no room for a {CHEST_TITLES[c]} chest: it goes to the {dest}.")
            p.island = []
            p.arr_fleet = None
            p.arr_crew = None
        self._end_round()

    def _end_round(self) -> None:
        best = max(len(p.tortuga) for p in self.seats)
        if best >= self.goal:  # R5.4
            self.phase = OVER
            self._log(self._final_text())
            return
        if self.round >= MAX_ROUNDS:  # R5.5 safety cap
            self.phase = OVER
            self.capped = True
            self._log("The game is stopped by the round limit.")
            return
        self.round += 1
        self.start = (self.start + 1) % self.players
        self.phase = DICE
        self._log(f"Round {self.round} begins; {self.names[self.start]} is the start player.")
        self._start_roll_step()

    def _final_text(self) -> str:
        o = self.outcome()
        assert o is not None
        won = " and ".join(self.names[w] for w in o.winners)
        parts = ", ".join(f"{self.names[i]} {sc.total}" for i, sc in enumerate(o.scores))
        return f"The game ends. Scores: {parts}. Winner: {won}."

    def set_roll(self, seat: int, faces: Sequence[int]) -> None:
        """Replace ``seat``'s current hidden roll with fixed faces (scenario tests, tutorials).

        ``faces`` gives one face per die in the hand (0-4 actions, 5 skull). Allowed only while
        the seat's selection is still open in a roll step. A forced or impossible roll is
        handled exactly as a random one would be (R3.6).
        """
        p = self.seats[seat]
        if self.phase != DICE or self.stage != SELECT or seat not in self.rollers:
            raise IllegalActionError("a roll can only be set while the roll step's selections are open")
        if len(faces) != len(p.hand) or any(not isinstance(f, int) or not 0 <= f <= SKULL for f in faces):
            raise MalformedActionError(f"need {len(p.hand)} faces in 0..5, got {list(faces)!r}")
        p.roll = list(faces)
        p.selection = None
        if seat in self.stuck:
            self.stuck.remove(seat)
        if not self._has_selection(p):
            self.stuck = [s for s in self.rollers if s in self.stuck or s == seat]
        elif self._is_forced(p):
            p.selection = self.selections(p)[0]
        self._after_select()

    # ------------------------------------------------------------ decisions
    def pending(self) -> list[Decision]:
        """Every decision awaited now: several seats at once in simultaneous steps (R3.2, R5.2)."""
        ph = self.phase
        if ph == DICE:
            if self.stage == SELECT:
                return [Decision(s, DecisionKind.SELECT_DICE) for s in self.rollers
                        if s not in self.stuck and self.seats[s].selection is None]
            if self.stage == STUCK and self.queue:
                return [Decision(self.queue[0], DecisionKind.SELECT_DICE, {"open": True})]
            if self.stage == SKULLS and self.queue:
                s = self.queue[0]
                return [Decision(s, DecisionKind.SKULL_ACTION, {"skulls": len(self.seats[s].selection or ())})]
            if self.stage == BONUS and self.queue:
                return [Decision(self.queue[0], DecisionKind.BONUS_TILE)]
            return []
        if ph == ACTIONS:
            if not self.act_order or self.act_pos >= len(self.act_order):
                return []
            s = self.act_order[self.act_pos]
            info = {"action": self.act_action, "position": self.act_pos + 1}
            if self.drawn:
                return [Decision(s, DecisionKind.KEEP_TILE, {**info, "tiles": list(self.drawn)})]
            if self.effect is not None:
                a, pos, _, t = self.effect
                source = ("fleet" if a == BOARD else "crew") if pos == 0 else "center"
                return [Decision(s, DecisionKind.TAKE_CHEST, {**info, "source": source, "target": t})]
            return [Decision(s, DecisionKind.POSITION, info)]
        if ph == MOVE:
            out = []
            for s in self.order():
                p = self.seats[s]
                if p.arr_fleet is None:
                    out.append(Decision(s, DecisionKind.ARRANGE_FLEET, {"capacity": capacity(p.boat)}))
                elif p.arr_crew is None:
                    out.append(Decision(s, DecisionKind.ARRANGE_CREW, {"capacity": capacity(p.pirate)}))
            return out
        return []

    def _kind_for(self, seat: int) -> DecisionKind | None:
        """The kind of decision awaited from ``seat`` (cheap: builds no Decision objects)."""
        ph = self.phase
        if ph == DICE:
            st = self.stage
            if st == SELECT:
                if seat in self.rollers and seat not in self.stuck and self.seats[seat].selection is None:
                    return DecisionKind.SELECT_DICE
                return None
            if not self.queue or self.queue[0] != seat:
                return None
            if st == STUCK:
                return DecisionKind.SELECT_DICE
            return DecisionKind.SKULL_ACTION if st == SKULLS else DecisionKind.BONUS_TILE
        if ph == ACTIONS:
            if not self.act_order or self.act_pos >= len(self.act_order) or self.act_order[self.act_pos] != seat:
                return None
            if self.drawn:
                return DecisionKind.KEEP_TILE
            return DecisionKind.TAKE_CHEST if self.effect is not None else DecisionKind.POSITION
        if ph == MOVE:
            p = self.seats[seat]
            if p.arr_fleet is None:
                return DecisionKind.ARRANGE_FLEET
            if p.arr_crew is None:
                return DecisionKind.ARRANGE_CREW
        return None

    def _next_seat(self) -> int:
        """Some seat that must decide now (the first pending one); -1 when the game is over."""
        ph = self.phase
        if ph == DICE:
            if self.stage == SELECT:
                for s in self.rollers:
                    if self.seats[s].selection is None and s not in self.stuck:
                        return s
                raise AssertionError("dice phase without a pending selection")  # pragma: no cover
            return self.queue[0]
        if ph == ACTIONS:
            return self.act_order[self.act_pos]
        if ph == MOVE:
            for s in self.order():
                p = self.seats[s]
                if p.arr_fleet is None or p.arr_crew is None:
                    return s
            raise AssertionError("move phase without a pending arrangement")  # pragma: no cover
        return -1

    def playout(self, rng: random.Random, max_decisions: int = 1_000_000) -> int:
        """Play on with random decisions (as :meth:`random_action` draws them) until the game ends.

        The fast path for simulations and search rollouts: the same state transitions as
        :meth:`apply`, without re-validating actions it generated itself. Returns the number of
        decisions made.
        """
        n = 0
        while self.phase != OVER and n < max_decisions:
            seat = self._next_seat()
            kind = self._kind_for(seat)
            assert kind is not None
            self._apply(seat, kind, self._random_for(seat, kind, rng))
            n += 1
        self.decisions += n
        return n

    def to_move(self) -> list[int]:
        """Seats that must decide now."""
        return [d.seat for d in self.pending()]

    def decision_for(self, seat: int) -> Decision | None:
        """The decision awaited from ``seat``, if any."""
        if self._kind_for(seat) is None:
            return None
        for d in self.pending():
            if d.seat == seat:
                return d
        return None  # pragma: no cover

    def legal_actions(self, seat: int) -> list[PlayerAction]:
        """The legal actions of ``seat`` now (empty when it has nothing to decide)."""
        kind = self._kind_for(seat) if isinstance(seat, int) and 0 <= seat < self.players else None
        if kind is None:
            return []
        return self._options(seat, kind)

    def _options(self, seat: int, kind: DecisionKind) -> list[PlayerAction]:
        p = self.seats[seat]
        if kind == DecisionKind.SELECT_DICE:
            return [SelectDice(sel) for sel in self.selections(p)]
        if kind == DecisionKind.SKULL_ACTION:
            k = len(p.selection or ())
            return [_CHOOSE[a] for a in range(5) if p.room(a) >= k]
        if kind == DecisionKind.BONUS_TILE:
            return list[PlayerAction](self._bonus_options(p))
        if kind == DecisionKind.POSITION:
            return self._position_options(seat)
        if kind == DecisionKind.KEEP_TILE:
            return [_KEEP[v] for v in sorted(set(self.drawn))]  # type: ignore[misc]
        if kind == DecisionKind.TAKE_CHEST:
            return [_TAKE[c] for c in self._chest_choices()]
        if kind == DecisionKind.ARRANGE_FLEET:
            return [Arrange(tuple(_CHESTS[c] for c in o)) for o in self.arrangements(p.crew, capacity(p.boat))]
        if kind == DecisionKind.ARRANGE_CREW:
            return [Arrange(tuple(_CHESTS[c] for c in o)) for o in self.arrangements(p.island, capacity(p.pirate))]
        raise AssertionError(kind)  # pragma: no cover

    def _chest_choices(self) -> list[int]:
        assert self.effect is not None
        a, pos, _s, t = self.effect
        if pos == 0:
            src = self.seats[t].fleet if a == BOARD else self.seats[t].crew
            return sorted(set(src))
        return [c for c in range(5) if self.center[c]]

    def apply(self, seat: int, action: PlayerAction | str) -> None:
        """Carry out ``seat``'s action. Raises and changes nothing when it is malformed or illegal."""
        if isinstance(action, str):
            action = parse_action(action)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise MalformedActionError(f"no seat {seat!r} in a {self.players}-player game")
        action = _well_formed(action)
        if self.phase == OVER:
            raise IllegalActionError("the game is over")
        kind = self._kind_for(seat)
        if kind is None:
            waiting = ", ".join(f"{self.names[x.seat]} ({x.kind.value})" for x in self.pending())
            raise IllegalActionError(f"{self.names[seat]} has nothing to decide now; waiting for {waiting}")
        if not self._is_legal(seat, kind, action):
            raise IllegalActionError(self._why_illegal(seat, kind, action, self._options(seat, kind)))
        self.decisions += 1
        self._apply(seat, kind, action)

    def _is_legal(self, seat: int, kind: DecisionKind, action: PlayerAction) -> bool:
        """Whether ``action`` answers ``kind`` legally, checked without listing every option."""
        p = self.seats[seat]
        if kind == DecisionKind.SELECT_DICE:
            if not isinstance(action, SelectDice) or not action.dice or p.roll is None:
                return False
            dice = action.dice
            if len(set(dice)) != len(dice) or any(d not in p.hand for d in dice):
                return False
            faces = {p.roll[p.hand.index(d)] for d in dice}
            faces.discard(SKULL)
            if not faces:
                return True  # skull-only: Expand fleet always has room
            return len(faces) == 1 and len(dice) <= p.room(next(iter(faces)))
        if kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
            if not isinstance(action, Arrange):
                return False
            src = p.crew if kind == DecisionKind.ARRANGE_FLEET else p.island
            cap = capacity(p.boat if kind == DecisionKind.ARRANGE_FLEET else p.pirate)
            if len(action.chests) != min(cap, len(src)):
                return False
            left = list(src)
            for c in action.chests:
                if c not in left:
                    return False
                left.remove(c)
            return True
        return action in self._options(seat, kind)

    def random_action(self, seat: int, rng: random.Random) -> PlayerAction:
        """A random legal action for ``seat``, drawn cheaply (for simulations and playouts).

        Not uniform over the option list: a dice selection picks an action group first.
        """
        kind = self._kind_for(seat)
        if kind is None:
            raise IllegalActionError(f"{self.names[seat]} has nothing to decide now")
        return self._random_for(seat, kind, rng)

    def _random_for(self, seat: int, kind: DecisionKind, rng: random.Random) -> PlayerAction:
        p = self.seats[seat]
        if kind == DecisionKind.SELECT_DICE:
            roll = p.roll
            assert roll is not None
            skulls = [dd for dd, f in zip(p.hand, roll, strict=True) if f == SKULL]
            groups: dict[int, list[int]] = {}
            for dd, f in zip(p.hand, roll, strict=True):
                if f != SKULL and p.room(f) > 0:
                    groups.setdefault(f, []).append(dd)
            keys = list(groups)
            if skulls:
                keys.append(SKULL)
            pick = keys[int(rng.random() * len(keys))]
            if pick == SKULL:
                chosen = rng.sample(skulls, 1 + int(rng.random() * len(skulls)))
            else:
                dice = groups[pick]
                room = p.room(pick)
                i = 1 + int(rng.random() * min(len(dice), room))
                j = int(rng.random() * (min(len(skulls), room - i) + 1))
                chosen = rng.sample(dice, i) + rng.sample(skulls, j)
            return SelectDice(tuple(sorted(chosen)))
        if kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
            src = p.crew if kind == DecisionKind.ARRANGE_FLEET else p.island
            cap = capacity(p.boat if kind == DecisionKind.ARRANGE_FLEET else p.pirate)
            return Arrange(tuple(_CHESTS[c] for c in rng.sample(src, min(cap, len(src)))))
        options = self._options(seat, kind)
        return options[int(rng.random() * len(options))]

    def _why_illegal(self, seat: int, kind: DecisionKind, action: PlayerAction, legal: list[PlayerAction]) -> str:
        expected = {
            DecisionKind.SELECT_DICE: SelectDice, DecisionKind.SKULL_ACTION: ChooseAction,
            DecisionKind.BONUS_TILE: TakeBonus, DecisionKind.KEEP_TILE: KeepTile,
            DecisionKind.TAKE_CHEST: TakeChest, DecisionKind.ARRANGE_FLEET: Arrange, DecisionKind.ARRANGE_CREW: Arrange,
        }.get(kind)
        who = self.names[seat]
        if kind == DecisionKind.POSITION:
            if not isinstance(action, (Act, Forfeit, Target)):
                return f"{who} must act, choose a target or forfeit, not {action.text()!r}"
        elif expected is not None and not isinstance(action, expected):
            return f"{who} must decide {kind.value}, not {action.text()!r}"
        if isinstance(action, SelectDice):
            p = self.seats[seat]
            if not action.dice:
                return "a selection needs at least one die"
            missing = [DIE_LETTERS[d] for d in action.dice if d not in p.hand]
            if missing:
                return f"die {', '.join(missing)} is not in {who}'s roll"
            return f"{action.text()!r} is not a valid selection: dice must show one action (plus skulls) and fit on its space"
        if isinstance(action, Target):
            return f"{who} cannot target seat {action.seat}; legal: {', '.join(a.text() for a in legal)}"
        shown = ", ".join(a.text() for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"{action.text()!r} is not legal for {who} now; legal: {shown}"

    def _apply(self, seat: int, kind: DecisionKind, action: PlayerAction) -> None:
        p = self.seats[seat]
        if kind == DecisionKind.SELECT_DICE:
            assert isinstance(action, SelectDice)
            p.selection = action.dice
            if self.stage == STUCK:
                self._log_open_selection(seat)
            self._after_select()
        elif kind == DecisionKind.SKULL_ACTION:
            assert isinstance(action, ChooseAction)
            p.skull_action = int(action.action)
            self._log(f"{self.names[seat]} turns the skulls to {ACTION_TITLES[action.action]}.")
            self.queue.pop(0)
            self._after_select()
        elif kind == DecisionKind.BONUS_TILE:
            assert isinstance(action, TakeBonus)
            self._take_bonus(seat, action)
            self.queue.pop(0)
            self._after_select()
        elif kind == DecisionKind.POSITION:
            self._apply_position(seat, action)
        elif kind == DecisionKind.KEEP_TILE:
            assert isinstance(action, KeepTile)
            back = list(self.drawn)
            back.remove(action.value)
            p.tiles.append(action.value)
            for v in back:
                self.pool[v - 1] += 1
                p.returned.append(v)
            self._log(f"{self.names[seat]} keeps a treasure tile and returns the other.", seat,
                      f"{self.names[seat]} keeps the {action.value}-coin tile and returns the {back[0]}.")
            self._advance_position()
        elif kind == DecisionKind.TAKE_CHEST:
            assert isinstance(action, TakeChest)
            self._take_chest(int(action.chest))
        elif kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
            assert isinstance(action, Arrange)
            chosen = tuple(int(c) for c in action.chests)
            if kind == DecisionKind.ARRANGE_FLEET:
                p.arr_fleet = chosen
            else:
                p.arr_crew = chosen
            self._after_move_choice()

    # ------------------------------------------------------------ scoring
    def score(self, seat: int) -> Score:
        """The score ``seat`` would have if the game ended now (R8)."""
        p = self.seats[seat]
        return score_seat(p.tortuga, p.fleet, p.crew, p.boat, p.pirate, p.tiles)

    def outcome(self) -> Outcome | None:
        """Scores and winner(s) once the game is over, else None."""
        if self.phase != OVER:
            return None
        scores = tuple(self.score(s) for s in range(self.players))
        best = max(sc.total for sc in scores)
        winners = tuple(s for s in range(self.players) if scores[s].total == best)
        return Outcome(scores, winners, self.round, self.capped)

    # ------------------------------------------------------------ copying
    def clone(self) -> Game:
        """An independent copy (including the random source)."""
        g = Game.__new__(Game)
        g.players = self.players
        g.names = self.names
        g.long_game = self.long_game
        g.seed = self.seed
        g.start_choice = self.start_choice
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.round = self.round
        g.start = self.start
        g.phase = self.phase
        g.bag = self.bag[:]
        g.pool = self.pool[:]
        g.supply = self.supply
        g.center = self.center[:]
        g.seats = [p.copy() for p in self.seats]
        g.stage = self.stage
        g.queue = self.queue[:]
        g.rollers = self.rollers[:]
        g.stuck = self.stuck[:]
        g.bonus_due = self.bonus_due[:]
        g.act_action = self.act_action
        g.act_order = self.act_order[:]
        g.act_pos = self.act_pos
        g.first_target = self.first_target
        g.effect = None if self.effect is None else self.effect[:]
        g.drawn = self.drawn[:]
        g.log = self.log[:]
        g.logging = self.logging
        g.capped = self.capped
        g.decisions = self.decisions
        return g

    # ------------------------------------------------------------ serialising
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-compatible data (see :mod:`.serial`)."""
        from .serial import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_dict` data; raises StateFormatError on bad data."""
        from .serial import game_from_dict

        return game_from_dict(data)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (R9); ``None`` gives the public view."""
        from .serial import player_view

        return player_view(self, seat)
