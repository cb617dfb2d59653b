"""A compact playout kernel: the engine's transitions and chance, without validation or events.

Search rollouts play thousands of games per decision; :class:`~tortuga_desktop.games.dice.rules.Game`
validates every action, builds typed events and keeps a record, which costs time a rollout
does not need. :class:`KState` holds the same game in small ints and plain lists (dice as
bit masks, actions as small ints) and changes it exactly as the engine does, drawing the
same random numbers in the same order: for the same seed and the same choices a kernel game
and an engine game stay equal (``tests/dice/test_kernel.py`` and ``scripts/kernel_diff.py`` check it
state by state at every round end).

Actions are small values per decision kind (see :data:`K_SELECT` ...):

- ``K_SELECT``: a bit mask of dice (bit ``d`` = die ``d``); ``0`` confirms a stuck roll (R3.6);
- ``K_SKULL``: the action 0-4; ``K_BONUS``: ``action`` for a new tile, ``5 + action`` for a flip;
- ``K_POSITION``: ``ACT`` (-2), ``FORFEIT`` (-1) or a target seat; ``K_TAKE``: a colour;
- ``K_KEEP``: a tile value; ``K_ARR_FLEET`` / ``K_ARR_CREW``: a tuple of colours, left to right.

:func:`from_game` converts an engine game (for instance a determinized one) and
:func:`to_kernel_action` / :func:`to_engine_action` translate actions. Pure Python, no pygame.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Any, Final

from ..rules import (
    Act,
    Arrange,
    Chest,
    ChooseAction,
    DecisionKind,
    Forfeit,
    Game,
    KeepTile,
    PlayerAction,
    SelectDice,
    TakeBonus,
    TakeChest,
    Target,
)
from ..rules.components import DICE_GRIDS, RULES_VERSION, Action
from ..rules.components import MAX_ROUNDS as _MAX_ROUNDS
from ..rules.dice_phase import MAX_REROLLS as _MAX_REROLLS
from ..rules.dice_phase import MAX_ROLL_STEPS as _MAX_ROLL_STEPS
from ..rules.errors import EngineLoopError

#: the rules' limits (R3.6, R3.8, R5.4), as constants of this module
MAX_ROUNDS: Final[int] = _MAX_ROUNDS
MAX_REROLLS: Final[int] = _MAX_REROLLS
MAX_ROLL_STEPS: Final[int] = _MAX_ROLL_STEPS
# decision kinds
K_SELECT: Final = 0
K_SKULL: Final = 1
K_BONUS: Final = 2
K_POSITION: Final = 3
K_TAKE: Final = 4
K_KEEP: Final = 5
K_ARR_FLEET: Final = 6
K_ARR_CREW: Final = 7
KIND_OF = (DecisionKind.SELECT_DICE, DecisionKind.SKULL_ACTION, DecisionKind.BONUS_TILE, DecisionKind.POSITION,
           DecisionKind.TAKE_CHEST, DecisionKind.KEEP_TILE, DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW)
KIND_CODE = {k: i for i, k in enumerate(KIND_OF)}
# phases and dice stages
P_DICE: Final = 0
P_ACTIONS: Final = 1
P_MOVE: Final = 2
P_OVER: Final = 3
S_NONE: Final = 0
S_SELECT: Final = 1
S_STUCK: Final = 2
S_SKULLS: Final = 3
S_BONUS: Final = 4
_PHASES = ("dice", "actions", "move", "over")
_STAGES = ("", "select", "stuck", "skulls", "bonus")
ACT: Final = -2
FORFEIT: Final = -1
FLEET: Final = 0
CREW: Final = 1
HUNT: Final = 2
BOARD: Final = 3
RAID: Final = 4
SKULL: Final = 5
CAP: Final[tuple[int, ...]] = (0, 1, 2, 2, 3, 3, 4, 4, 4)
#: dice (0-4) in a mask, in increasing order, and how many
DICE_OF: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(d for d in range(5) if m >> d & 1) for m in range(32))
POP: Final[tuple[int, ...]] = tuple(len(x) for x in DICE_OF)
#: sort key of a selection as the engine sorts them: (size, dice)
SEL_KEY: Final = tuple((POP[m], DICE_OF[m]) for m in range(32))
FULL: Final = 31
#: ``SUB[mask][i]``: the sub-masks of ``mask`` with ``i`` dice
SUB: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(tuple(tuple(x for x in range(32) if x & m == x and POP[x] == i) for i in range(6)) for m in range(32))
#: ``BITS[mask]``: the single-die bits of ``mask``
BITS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(1 << d for d in DICE_OF[m]) for m in range(32))
#: ``KEYS[m]``: the faces (0-5) whose bit is set in ``m``
KEYS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(f for f in range(6) if m >> f & 1) for m in range(64))
FACE_BIT: Final[tuple[int, ...]] = (1, 2, 4, 8, 16, 32)
#: ``KPERM[n][k]``: the ordered choices of ``k`` positions out of ``n`` (arrangements, R5.2)
KPERM: Final = tuple(tuple(tuple(permutations(range(n), kk)) for kk in range(min(n, 4) + 1)) for n in range(9))


def _sums(grid: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """``SUMS[action][mask]``: the value of the dice in ``mask`` on ``action`` (R0.8)."""
    return tuple(tuple(sum(grid[d][a] for d in DICE_OF[m]) for m in range(32)) for a in range(5))


_SUMS_BY_VERSION: Final = {v: _sums(g) for v, g in DICE_GRIDS.items()}


class KState:
    """One game in the kernel's compact form (see the module docstring)."""

    __slots__ = (
        "n", "goal", "rng", "round", "start", "phase", "stage", "bag", "pool", "supply", "center",
        "boat", "pirate", "tortuga", "fleet", "crew", "island", "tiles", "returned", "bonus", "placed",
        "hand", "roll", "open_roll", "sel", "skull", "arr_f", "arr_c", "queue", "rollers", "stuck",
        "bonus_due", "act_action", "act_order", "act_pos", "first_target", "effect", "drawn", "capped",
        "sums", "version", "decisions",
    )

    n: int
    goal: int
    rng: random.Random
    round: int
    start: int
    phase: int
    stage: int
    bag: list[int]
    pool: list[int]
    supply: int
    center: list[bool]
    boat: list[int]
    pirate: list[int]
    tortuga: list[list[int]]
    fleet: list[list[int]]
    crew: list[list[int]]
    island: list[list[int]]
    tiles: list[list[int]]
    returned: list[list[int]]
    bonus: list[list[int]]
    placed: list[list[int]]
    hand: list[int]
    roll: list[list[int] | None]
    open_roll: list[bool]
    sel: list[int]
    skull: list[int]
    arr_f: list[tuple[int, ...] | None]
    arr_c: list[tuple[int, ...] | None]
    queue: list[int]
    rollers: list[int]
    stuck: list[int]
    bonus_due: list[int]
    act_action: int
    act_order: list[int]
    act_pos: int
    first_target: int
    effect: tuple[int, int, int, int] | None
    drawn: list[int]
    capped: bool
    sums: tuple[tuple[int, ...], ...]
    version: int
    decisions: int

    def copy(self, rng: random.Random | None = None) -> KState:
        """An independent copy; ``rng`` replaces the random source (else it is copied)."""
        k = KState.__new__(KState)
        k.n = self.n
        k.goal = self.goal
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        k.rng = rng
        k.round = self.round
        k.start = self.start
        k.phase = self.phase
        k.stage = self.stage
        k.bag = self.bag[:]
        k.pool = self.pool[:]
        k.supply = self.supply
        k.center = self.center[:]
        k.boat = self.boat[:]
        k.pirate = self.pirate[:]
        k.tortuga = [x[:] for x in self.tortuga]
        k.fleet = [x[:] for x in self.fleet]
        k.crew = [x[:] for x in self.crew]
        k.island = [x[:] for x in self.island]
        k.tiles = [x[:] for x in self.tiles]
        k.returned = [x[:] for x in self.returned]
        k.bonus = [x[:] for x in self.bonus]
        k.placed = [x[:] for x in self.placed]
        k.hand = self.hand[:]
        k.roll = [None if x is None else x[:] for x in self.roll]
        k.open_roll = self.open_roll[:]
        k.sel = self.sel[:]
        k.skull = self.skull[:]
        k.arr_f = self.arr_f[:]
        k.arr_c = self.arr_c[:]
        k.queue = self.queue[:]
        k.rollers = self.rollers[:]
        k.stuck = self.stuck[:]
        k.bonus_due = self.bonus_due[:]
        k.act_action = self.act_action
        k.act_order = self.act_order[:]
        k.act_pos = self.act_pos
        k.first_target = self.first_target
        k.effect = self.effect
        k.drawn = self.drawn[:]
        k.capped = self.capped
        k.sums = self.sums
        k.version = self.version
        k.decisions = self.decisions
        return k

    # ------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase == P_OVER

    def total(self, s: int, a: int) -> int:
        """Dice plus bonus tile of seat ``s`` on action ``a`` (R4.2)."""
        return self.sums[a][self.placed[s][a]] + self.bonus[s][a]

    def room(self, s: int, a: int) -> int:
        """Free room for dice on an action space (R3.3)."""
        if a < BOARD:
            return 5 - POP[self.placed[s][a]]
        r = CAP[self.boat[s] if a == BOARD else self.pirate[s]] - POP[self.placed[s][a]]
        return r if r > 0 else 0

    def scores(self) -> list[int]:
        """Every seat's score now (R8)."""
        return [score(self, s) for s in range(self.n)]

    def winners(self) -> list[int]:
        sc = self.scores()
        best = max(sc)
        return [s for s in range(self.n) if sc[s] == best]


# ---------------------------------------------------------------- setup and conversion
def _blank(players: int, rng: random.Random, version: int, long_game: bool) -> KState:
    k = KState.__new__(KState)
    n = players
    k.n = n
    k.goal = 8 if long_game else 6
    k.rng = rng
    k.round = 1
    k.start = 0
    k.phase = P_DICE
    k.stage = S_SELECT
    k.bag = [10, 10, 10, 5, 5]
    k.pool = [17, 9, 4]
    k.supply = 20
    k.center = [False] * 5
    k.boat = [3] * n
    k.pirate = [3] * n
    k.tortuga = [[] for _ in range(n)]
    k.fleet = [[] for _ in range(n)]
    k.crew = [[] for _ in range(n)]
    k.island = [[] for _ in range(n)]
    k.tiles = [[] for _ in range(n)]
    k.returned = [[] for _ in range(n)]
    k.bonus = [[0, 0, 0, 0, 0] for _ in range(n)]
    k.placed = [[0, 0, 0, 0, 0] for _ in range(n)]
    k.hand = [FULL] * n
    k.roll = [None] * n
    k.open_roll = [False] * n
    k.sel = [-1] * n
    k.skull = [-1] * n
    k.arr_f = [None] * n
    k.arr_c = [None] * n
    k.queue = []
    k.rollers = []
    k.stuck = []
    k.bonus_due = []
    k.act_action = 0
    k.act_order = []
    k.act_pos = 0
    k.first_target = -1
    k.effect = None
    k.drawn = []
    k.capped = False
    k.sums = _SUMS_BY_VERSION[version]
    k.version = version
    k.decisions = 0
    return k


def new_game(players: int, seed: int, start_player: int | None = None, long_game: bool = False,
             version: int = RULES_VERSION) -> KState:
    """A new game, set up exactly as ``Game.new(players, seed, start_player=...)`` (R1)."""
    rng = random.Random(seed)
    k = _blank(players, rng, version, long_game)
    k.start = rng.randrange(players) if start_player is None else start_player
    for s in order(k):
        first = draw_chest(k)
        second = draw_chest(k)
        if first >= 0:
            k.island[s].append(first)
        if second >= 0:
            k.crew[s].append(second)
    start_roll_step(k)
    return k


def _mask(dice: Any) -> int:
    m = 0
    for d in dice:
        m |= 1 << d
    return m


def from_game(g: Game, rng: random.Random | None = None) -> KState:
    """The kernel form of an engine game (the random source copied unless ``rng`` is given)."""
    n = g.players
    if rng is None:
        rng = random.Random()
        rng.setstate(g.rng.getstate())
    k = _blank(n, rng, g.rules_version, g.long_game)
    k.round, k.start = g.round, g.start
    k.phase = _PHASES.index(str(g.phase))
    k.stage = _STAGES.index(str(g.stage))
    k.bag, k.pool, k.supply, k.center = g.bag[:], g.pool[:], g.supply, g.center[:]
    for s, p in enumerate(g.seats):
        k.boat[s], k.pirate[s] = p.boat, p.pirate
        k.tortuga[s], k.fleet[s], k.crew[s], k.island[s] = p.tortuga[:], p.fleet[:], p.crew[:], p.island[:]
        k.tiles[s], k.returned[s], k.bonus[s] = p.tiles[:], p.returned[:], p.bonus[:]
        k.placed[s] = [_mask(x) for x in p.placed]
        k.hand[s] = _mask(p.hand)
        if p.roll is None:
            k.roll[s] = None
        else:
            faces = [0] * 5
            for d, f in zip(p.hand, p.roll, strict=True):
                faces[d] = f
            k.roll[s] = faces
        k.open_roll[s] = p.open_roll
        k.sel[s] = -1 if p.selection is None else _mask(p.selection)
        k.skull[s] = -1 if p.skull_action is None else p.skull_action
        k.arr_f[s] = None if p.arr_fleet is None else tuple(int(c) for c in p.arr_fleet)
        k.arr_c[s] = None if p.arr_crew is None else tuple(int(c) for c in p.arr_crew)
    k.queue, k.rollers, k.stuck, k.bonus_due = g.queue[:], g.rollers[:], g.stuck[:], g.bonus_due[:]
    k.act_action, k.act_order, k.act_pos = g.act_action, g.act_order[:], g.act_pos
    k.first_target = -1 if g.first_target is None else g.first_target
    k.effect = None if g.effect is None else (g.effect[0], g.effect[1], g.effect[2], g.effect[3])
    k.drawn = g.drawn[:]
    k.capped = g.capped
    k.decisions = g.decisions
    return k


def to_kernel_action(action: PlayerAction) -> Any:
    """The kernel value of an engine action (see the module docstring)."""
    if isinstance(action, SelectDice):
        return _mask(action.dice)
    if isinstance(action, ChooseAction):
        return int(action.action)
    if isinstance(action, TakeBonus):
        return int(action.action) + (5 if action.flip else 0)
    if isinstance(action, Act):
        return ACT
    if isinstance(action, Forfeit):
        return FORFEIT
    if isinstance(action, Target):
        return action.seat
    if isinstance(action, TakeChest):
        return int(action.chest)
    if isinstance(action, KeepTile):
        return action.value
    return tuple(int(c) for c in action.chests)


def to_engine_action(kind: int, value: Any) -> PlayerAction:
    """The engine action of a kernel value for a decision of ``kind``."""
    if kind == K_SELECT:
        return SelectDice(DICE_OF[value])
    if kind == K_SKULL:
        return ChooseAction(Action(value))
    if kind == K_BONUS:
        return TakeBonus(Action(value % 5), value >= 5)
    if kind == K_POSITION:
        return Act() if value == ACT else (Forfeit() if value == FORFEIT else Target(value))
    if kind == K_TAKE:
        return TakeChest(Chest(value))
    if kind == K_KEEP:
        return KeepTile(value)
    return Arrange(tuple(Chest(c) for c in value))


def snapshot(k: KState) -> dict[str, Any]:
    """Everything the game holds, in one canonical form shared with :func:`engine_snapshot`."""
    return {
        "round": k.round, "start": k.start, "phase": _PHASES[k.phase], "stage": _STAGES[k.stage],
        "bag": list(k.bag), "pool": list(k.pool), "supply": k.supply, "center": list(k.center),
        "seats": [
            (k.boat[s], k.pirate[s], list(k.tortuga[s]), list(k.fleet[s]), list(k.crew[s]), list(k.island[s]),
             list(k.tiles[s]), list(k.returned[s]), list(k.bonus[s]), [DICE_OF[m] for m in k.placed[s]],
             DICE_OF[k.hand[s]])
            for s in range(k.n)
        ],
        "rng": k.rng.getstate(), "capped": k.capped,
    }


def engine_snapshot(g: Game) -> dict[str, Any]:
    """:func:`snapshot`'s form of an engine game."""
    return {
        "round": g.round, "start": g.start, "phase": str(g.phase), "stage": str(g.stage),
        "bag": list(g.bag), "pool": list(g.pool), "supply": g.supply, "center": list(g.center),
        "seats": [
            (p.boat, p.pirate, list(p.tortuga), list(p.fleet), list(p.crew), list(p.island), list(p.tiles),
             list(p.returned), list(p.bonus), [tuple(sorted(x)) for x in p.placed], tuple(p.hand))
            for p in g.seats
        ],
        "rng": g.rng.getstate(), "capped": g.capped,
    }


# ---------------------------------------------------------------- chance (the engine's draws)
def draw_chest(k: KState) -> int:
    """A random chest out of the bag (-1 when empty): one ``random()`` as ``State.draw_chest``."""
    bag = k.bag
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
    if total == 0:
        return -1
    r = int(k.rng.random() * total)
    for c in range(4):
        if r < bag[c]:
            bag[c] -= 1
            return c
        r -= bag[c]
    bag[4] -= 1
    return 4


def draw_tile(k: KState) -> int:
    """A random tile value out of the pool (0 when empty), as ``State.draw_tile``."""
    pool = k.pool
    total = pool[0] + pool[1] + pool[2]
    if total == 0:
        return 0
    r = int(k.rng.random() * total)
    v = 0 if r < pool[0] else (1 if r < pool[0] + pool[1] else 2)
    pool[v] -= 1
    return v + 1


def roll(k: KState, s: int) -> None:
    """Roll every die in seat ``s``'s hand (one ``random()`` per die, in die order)."""
    rnd = k.rng.random
    faces = [0, 0, 0, 0, 0]
    for d in DICE_OF[k.hand[s]]:
        faces[d] = int(rnd() * 6)
    k.roll[s] = faces


def to_center(k: KState, c: int) -> None:
    """A surplus chest to the center island, or into the bag (R4.11, R6.2)."""
    if k.n > 2 and not k.center[c]:
        k.center[c] = True
    else:
        k.bag[c] += 1


def order(k: KState) -> list[int]:
    n, st = k.n, k.start
    return [(st + i) % n for i in range(n)]


# ---------------------------------------------------------------- dice phase (R3)
def has_selection(k: KState, s: int) -> bool:
    faces = k.roll[s]
    if faces is None:
        return False
    dice = DICE_OF[k.hand[s]]
    for d in dice:
        if faces[d] == SKULL:
            return True
    return any(k.room(s, faces[d]) > 0 for d in dice)


def selections(k: KState, s: int) -> list[int]:
    """Every valid selection (masks) of seat ``s``'s roll, in the engine's order (R3.2, R3.3)."""
    faces = k.roll[s]
    if faces is None:
        return []
    skulls: list[int] = []
    groups: dict[int, list[int]] = {}
    for d in DICE_OF[k.hand[s]]:
        f = faces[d]
        if f == SKULL:
            skulls.append(d)
        else:
            groups.setdefault(f, []).append(d)
    skull_masks = [0]
    for j in range(1, len(skulls) + 1):
        skull_masks.extend(_mask(c) for c in combinations(skulls, j))
    out: set[int] = set()
    for a, dice in groups.items():
        room = k.room(s, a)
        for i in range(1, min(len(dice), room) + 1):
            for chosen in combinations(dice, i):
                m = _mask(chosen)
                for sk in skull_masks:
                    if i + POP[sk] <= room:
                        out.add(m | sk)
    out.update(skull_masks[1:])
    return sorted(out, key=SEL_KEY.__getitem__)


def selection_action(k: KState, s: int, mask: int) -> int:
    """The action a selection goes to; -1 for skulls only (chosen after the reveal)."""
    faces = k.roll[s]
    if faces is None:
        return -1
    for d in DICE_OF[mask]:
        f = faces[d]
        if f != SKULL:
            return f
    return -1


def bonus_options(k: KState, s: int) -> list[int]:
    """R3.7 in the engine's order: new tiles on empty spaces, then flips."""
    b = k.bonus[s]
    out = [a for a in range(5) if b[a] == 0] if k.supply > 0 else []
    out.extend(a + 5 for a in range(5) if b[a] == 1)
    return out


def take_bonus(k: KState, s: int, v: int) -> None:
    if v >= 5:
        k.bonus[s][v - 5] = 2
    else:
        k.bonus[s][v] = 1
        k.supply -= 1


def start_roll_step(k: KState) -> bool:
    """R3.1; True when nobody has dice left (R3.8)."""
    n, st = k.n, k.start
    hand = k.hand
    rollers = []
    due = []
    for i in range(n):
        s = (st + i) % n
        if hand[s]:
            rollers.append(s)
        else:
            due.append(s)
    if not rollers:
        k.rollers = []
        k.stuck = []
        k.bonus_due = []
        return True
    k.rollers = rollers
    k.bonus_due = due
    k.stuck = []
    k.stage = S_SELECT
    k.queue = []
    rnd = k.rng.random
    rolls, sel, skull, open_roll = k.roll, k.sel, k.skull, k.open_roll
    for s in rollers:
        faces = [0, 0, 0, 0, 0]
        for d in DICE_OF[hand[s]]:
            faces[d] = int(rnd() * 6)
        rolls[s] = faces
        open_roll[s] = False
        sel[s] = -1
        skull[s] = -1
    return False


def advance(k: KState) -> bool:
    """Progress the dice phase until a decision is due; True when the phase is over."""
    sel = k.sel
    for _step in range(MAX_ROLL_STEPS):  # bounded: every roll step places dice (R3.8)
        if k.stage == S_SELECT:
            for s in k.rollers:
                if sel[s] < 0:
                    return False
            k.stuck = [s for s in k.rollers if sel[s] == 0]
            k.stage = S_STUCK
            k.queue = k.stuck[:]
        if k.stage == S_STUCK:
            q = k.queue
            while q:
                s = q[0]
                if not k.open_roll[s]:
                    k.open_roll[s] = True
                    sel[s] = -1
                    for _ in range(MAX_REROLLS):
                        if has_selection(k, s):
                            break
                        roll(k, s)
                    else:
                        raise EngineLoopError(f"seat {s}: no valid selection after {MAX_REROLLS} open rerolls")
                if sel[s] < 0:
                    opts = selections(k, s)
                    if len(opts) > 1:
                        return False
                    sel[s] = opts[0]
                q.pop(0)
            k.stage = S_SKULLS
            k.queue = [s for s in k.rollers if selection_action(k, s, sel[s] if sel[s] > 0 else 0) < 0]
        if k.stage == S_SKULLS:
            if k.queue:
                return False
            _place_dice(k)
            k.stage = S_BONUS
            k.queue = [s for s in k.bonus_due if bonus_options(k, s)]
        if k.stage == S_BONUS:
            q = k.queue
            while q:
                opts = bonus_options(k, q[0])
                if len(opts) > 1:
                    return False
                if opts:
                    take_bonus(k, q[0], opts[0])
                q.pop(0)
            if start_roll_step(k):
                return True
            continue
        return False  # pragma: no cover
    raise EngineLoopError(f"the dice phase did not end after {MAX_ROLL_STEPS} roll steps")


def _place_dice(k: KState) -> None:
    sel, hand, placed = k.sel, k.hand, k.placed
    for s in k.rollers:
        m = sel[s] if sel[s] > 0 else 0
        a = selection_action(k, s, m)
        if a < 0:
            a = k.skull[s] if k.skull[s] >= 0 else 0
        placed[s][a] |= m
        hand[s] &= ~m
        k.roll[s] = None
        k.open_roll[s] = False
        sel[s] = -1
        k.skull[s] = -1


# ---------------------------------------------------------------- actions phase (R4)
def positions(k: KState, a: int) -> list[int]:
    n, st = k.n, k.start
    sums = k.sums[a]
    part = [s for s in range(n) if k.placed[s][a]]
    if len(part) > 1:
        part.sort(key=lambda s: (-(sums[k.placed[s][a]] + k.bonus[s][a]), (s - st) % n))
    return part


def _begin_actions(k: KState) -> bool:
    k.phase = P_ACTIONS
    k.stage = S_NONE
    k.rollers = []
    k.stuck = []
    k.bonus_due = []
    k.queue = []
    k.act_action = -1
    return _next_action(k)


def _next_action(k: KState) -> bool:
    keep = 1 if k.n == 2 else 2
    for _ in range(RAID + 2):  # bounded: the action number only grows
        k.act_action += 1
        if k.act_action > RAID:
            for s in range(k.n):  # R4.12
                k.placed[s] = [0, 0, 0, 0, 0]
                k.hand[s] = FULL
            k.act_order = []
            k.effect = None
            return True
        k.act_order = positions(k, k.act_action)[:keep]
        k.act_pos = 0
        k.first_target = -1
        k.effect = None
        if k.act_order:
            return False
    raise EngineLoopError(f"the actions phase did not end (action {k.act_action})")


def _advance_position(k: KState) -> bool:
    k.effect = None
    k.drawn = []
    k.act_pos += 1
    if k.act_pos >= len(k.act_order):
        return _next_action(k)
    return False


def _act(k: KState, s: int) -> bool:
    a = k.act_action
    two = k.n == 2
    if a in (FLEET, CREW):
        steps = 1 if two or k.act_pos == 1 else 2
        tok = k.boat if a == FLEET else k.pirate
        v = tok[s] + steps
        tok[s] = v if v < 8 else 8
        return _advance_position(k)
    if k.act_pos == 0:
        c = draw_chest(k)
        if c >= 0:
            k.island[s].append(c)
    drawn = []
    for _ in range(1 if (two or k.act_pos == 1) else 2):
        t = draw_tile(k)
        if t:
            drawn.append(t)
    if len(drawn) == 2:  # a KEEP_TILE decision even for equal values, as in the engine (R9.1)
        k.drawn = drawn
        return False
    if drawn:
        k.tiles[s].append(drawn[0])
    return _advance_position(k)


def _keep(k: KState, s: int, value: int) -> bool:
    back = list(k.drawn)
    back.remove(value)
    k.tiles[s].append(value)
    for v in back:
        k.pool[v - 1] += 1
        k.returned[s].append(v)
    return _advance_position(k)


def _target(k: KState, s: int, t: int) -> bool:
    a = k.act_action
    pos = k.act_pos
    k.effect = (a, pos, s, t)
    if pos == 0:
        k.first_target = t
        src = k.fleet[t] if a == BOARD else k.crew[t]
        if src:
            c0 = src[0]
            for c in src:
                if c != c0:
                    return False  # TAKE decision
            return _take(k, c0)
        return _take(k, -1)
    _knock(k, a, s, t)
    here = -1
    center = k.center
    for c in range(5):
        if center[c]:
            if here >= 0:
                return False
            here = c
    return _take(k, here)


def _take(k: KState, c: int) -> bool:
    eff = k.effect
    if eff is None:  # pragma: no cover
        return _advance_position(k)
    a, pos, s, t = eff
    if pos == 0:
        if c >= 0:
            (k.fleet[t] if a == BOARD else k.crew[t]).remove(c)
            k.island[s].append(c)
        _knock(k, a, s, t)
    elif c >= 0:
        k.center[c] = False
        k.island[s].append(c)
    return _advance_position(k)


def _knock(k: KState, a: int, s: int, t: int) -> None:
    defended = k.placed[t][a] != 0
    _move_left(k, t, a)
    if defended:
        _move_left(k, s, a)


def _move_left(k: KState, s: int, a: int) -> None:
    if a == BOARD:
        new = k.boat[s] - 1 if k.boat[s] > 1 else 1
        k.boat[s] = new
        row = k.fleet[s]
    else:
        new = k.pirate[s] - 1 if k.pirate[s] > 1 else 1
        k.pirate[s] = new
        row = k.crew[s]
    cap = CAP[new]
    while len(row) > cap:
        to_center(k, row.pop())


def chest_choices(k: KState) -> list[int]:
    eff = k.effect
    if eff is None:
        return []
    a, pos, _s, t = eff
    if pos == 0:
        return sorted(set(k.fleet[t] if a == BOARD else k.crew[t]))
    return [c for c in range(5) if k.center[c]]


# ---------------------------------------------------------------- move phase (R5)
def arrangements(chests: list[int], cap: int) -> list[tuple[int, ...]]:
    kk = cap if cap < len(chests) else len(chests)
    if kk == 0:
        return [()]
    c0 = chests[0]
    for c in chests:
        if c != c0:
            return sorted(set(permutations(chests, kk)))
    return [tuple(chests[:kk])]


def _single(chests: list[int], cap: int) -> tuple[int, ...] | None:
    """The only arrangement when there is one (no chests, or all of one colour), else None."""
    if not chests or cap == 0:
        return ()
    c0 = chests[0]
    for c in chests:
        if c != c0:
            return None
    return tuple(chests[:cap])


def _begin_move(k: KState) -> bool:
    k.phase = P_MOVE
    k.stage = S_NONE
    od = order(k)
    for s in od:
        c = draw_chest(k)
        if c >= 0:
            k.island[s].append(c)
    for s in od:
        if k.fleet[s]:
            k.tortuga[s].extend(k.fleet[s])
            k.fleet[s] = []
        k.arr_f[s] = _single(k.crew[s], CAP[k.boat[s]])
        k.arr_c[s] = _single(k.island[s], CAP[k.pirate[s]])
    return _finish_move(k)


def _finish_move(k: KState) -> bool:
    arr_f, arr_c = k.arr_f, k.arr_c
    for s in range(k.n):
        if arr_f[s] is None or arr_c[s] is None:
            return False
    for s in order(k):
        chosen = arr_f[s] or ()
        left = k.crew[s][:]
        for c in chosen:
            left.remove(c)
        k.fleet[s] = list(chosen)
        for c in left:
            to_center(k, c)
        chosen = arr_c[s] or ()
        left = k.island[s]
        for c in chosen:
            left.remove(c)
        k.crew[s] = list(chosen)
        for c in left:
            to_center(k, c)
        k.island[s] = []
        arr_f[s] = None
        arr_c[s] = None
    return True


def _end_round(k: KState) -> bool:
    best = max(len(t) for t in k.tortuga)
    if best >= k.goal or k.round >= MAX_ROUNDS:
        k.phase = P_OVER
        k.stage = S_NONE
        k.capped = best < k.goal
        return False
    k.round += 1
    k.start = (k.start + 1) % k.n
    k.phase = P_DICE
    return start_roll_step(k)


def next_phase(k: KState) -> None:
    """The current phase is over: start the next ones until a decision is due (or the game ends)."""
    for _ in range(3 * (MAX_ROUNDS + 1)):  # bounded: three phases a round, and the rounds are capped
        ph = k.phase
        if ph == P_DICE:
            if not _begin_actions(k):
                return
        elif ph == P_ACTIONS:
            if not _begin_move(k):
                return
        elif ph == P_MOVE:
            if not _end_round(k):
                return
        else:
            return
    raise EngineLoopError(f"no decision came up in {MAX_ROUNDS + 1} rounds of phases")


# ---------------------------------------------------------------- decisions
def next_seat(k: KState) -> int:
    """The first seat that must decide now (the engine's ``legal.next_seat``); -1 when none."""
    ph = k.phase
    if ph == P_DICE:
        if k.stage == S_SELECT:
            for s in k.rollers:
                if k.sel[s] < 0:
                    return s
            return -1
        return k.queue[0] if k.queue else -1
    if ph == P_ACTIONS:
        return k.act_order[k.act_pos] if k.act_pos < len(k.act_order) else -1
    if ph == P_MOVE:
        for s in order(k):
            if k.arr_f[s] is None or k.arr_c[s] is None:
                return s
    return -1


def kind_for(k: KState, s: int) -> int:
    """The decision kind awaited from seat ``s`` (-1 for none), as ``legal.kind_for``."""
    ph = k.phase
    if ph == P_DICE:
        st = k.stage
        if st == S_SELECT:
            return K_SELECT if s in k.rollers and k.sel[s] < 0 else -1
        if not k.queue or k.queue[0] != s:
            return -1
        if st == S_STUCK:
            return K_SELECT
        return K_SKULL if st == S_SKULLS else K_BONUS
    if ph == P_ACTIONS:
        if not k.act_order or k.act_pos >= len(k.act_order) or k.act_order[k.act_pos] != s:
            return -1
        if k.drawn:
            return K_KEEP
        return K_TAKE if k.effect is not None else K_POSITION
    if ph == P_MOVE:
        if k.arr_f[s] is None:
            return K_ARR_FLEET
        if k.arr_c[s] is None:
            return K_ARR_CREW
    return -1


def options(k: KState, s: int, kind: int) -> list[Any]:
    """Every legal action of seat ``s`` for ``kind``, in the engine's order."""
    if kind == K_SELECT:
        found = selections(k, s)
        if not found and k.stage == S_SELECT:
            return [0]
        return found
    if kind == K_SKULL:
        need = POP[k.sel[s]] if k.sel[s] > 0 else 0
        return [a for a in range(5) if k.room(s, a) >= need]
    if kind == K_BONUS:
        return bonus_options(k, s)
    if kind == K_POSITION:
        if k.act_action <= HUNT:
            return [ACT, FORFEIT]
        out: list[Any] = [t for t in range(k.n) if t != s and t != k.first_target]
        out.append(FORFEIT)
        return out
    if kind == K_KEEP:
        return sorted(set(k.drawn))
    if kind == K_TAKE:
        return chest_choices(k)
    if kind == K_ARR_FLEET:
        return list(arrangements(k.crew[s], CAP[k.boat[s]]))
    return list(arrangements(k.island[s], CAP[k.pirate[s]]))


def apply(k: KState, s: int, kind: int, v: Any) -> None:
    """Carry out seat ``s``'s action ``v`` for a decision of ``kind`` (not validated)."""
    k.decisions += 1
    if kind == K_SELECT:
        k.sel[s] = v
        done = advance(k)
    elif kind == K_POSITION:
        if v == ACT:
            done = _act(k, s)
        elif v == FORFEIT:
            done = _advance_position(k)
        else:
            done = _target(k, s, v)
    elif kind == K_TAKE:
        done = _take(k, v)
    elif kind == K_ARR_FLEET:
        k.arr_f[s] = v
        done = _finish_move(k)
    elif kind == K_ARR_CREW:
        k.arr_c[s] = v
        done = _finish_move(k)
    elif kind == K_SKULL:
        k.skull[s] = v
        k.queue.pop(0)
        done = advance(k)
    elif kind == K_BONUS:
        take_bonus(k, s, v)
        k.queue.pop(0)
        done = advance(k)
    else:
        done = _keep(k, s, v)
    if done:
        next_phase(k)


# ---------------------------------------------------------------- scoring (R8)
def max_sets(red: int, blue: int, yellow: int, wild: int) -> int:
    s = (red + blue + yellow + wild) // 3
    while s > 0:
        if max(0, s - red) + max(0, s - blue) + max(0, s - yellow) <= wild:
            return s
        s -= 1
    return 0


def score(k: KState, s: int) -> int:
    """Seat ``s``'s total score if the game ended now (R8)."""
    cnt = [0, 0, 0, 0, 0]
    pts = 0
    for row, per in ((k.tortuga[s], 3), (k.fleet[s], 2), (k.crew[s], 1)):
        for c in row:
            cnt[c] += 1
            pts += per * 2 if c == 4 else per
    wild = k.tortuga[s].count(3)
    return pts + 3 * max_sets(cnt[0], cnt[1], cnt[2], wild) + k.boat[s] + k.pirate[s] + sum(k.tiles[s])


# ---------------------------------------------------------------- the random policy
def random_action(k: KState, s: int, kind: int, rng: random.Random) -> Any:
    """A random legal action drawn exactly as the engine's ``legal.random_for`` draws it
    (same calls on ``rng``), so kernel and engine random games match choice for choice."""
    if kind == K_SELECT:
        faces = k.roll[s]
        assert faces is not None
        skulls: list[int] = []
        groups: dict[int, list[int]] = {}
        for d in DICE_OF[k.hand[s]]:
            f = faces[d]
            if f == SKULL:
                skulls.append(d)
            elif k.room(s, f) > 0:
                if f in groups:
                    groups[f].append(d)
                else:
                    groups[f] = [d]
        keys = list(groups)
        if skulls:
            keys.append(SKULL)
        if not keys:
            return 0
        pick = keys[int(rng.random() * len(keys))]
        if pick == SKULL:
            return _mask(rng.sample(skulls, 1 + int(rng.random() * len(skulls))))
        dice = groups[pick]
        room = k.room(s, pick)
        i = 1 + int(rng.random() * min(len(dice), room))
        j = int(rng.random() * (min(len(skulls), room - i) + 1))
        return _mask(rng.sample(dice, i)) | _mask(rng.sample(skulls, j))
    if kind == K_ARR_FLEET:
        src = k.crew[s]
        return tuple(rng.sample(src, min(CAP[k.boat[s]], len(src))))
    if kind == K_ARR_CREW:
        src = k.island[s]
        return tuple(rng.sample(src, min(CAP[k.pirate[s]], len(src))))
    opts = options(k, s, kind)
    return opts[int(rng.random() * len(opts))]


def random_playout(k: KState, rng: random.Random, max_decisions: int = 1_000_000) -> int:
    """Play on with :func:`random_action` until the game ends; returns the decisions made."""
    done = 0
    while k.phase != P_OVER and done < max_decisions:
        s = next_seat(k)
        kind = kind_for(k, s)
        apply(k, s, kind, random_action(k, s, kind, rng))
        done += 1
    return done


__all__ = [
    "ACT", "FORFEIT", "KIND_OF", "KIND_CODE", "K_ARR_CREW", "K_ARR_FLEET", "K_BONUS", "K_KEEP", "K_POSITION",
    "K_SELECT", "K_SKULL", "K_TAKE", "KState", "apply", "engine_snapshot", "face_masks", "from_game", "kind_for", "new_game",
    "next_seat", "options", "random_action", "random_playout", "score", "snapshot", "to_engine_action",
    "to_kernel_action",
]


# ---------------------------------------------------------------- fast playouts
class RandomPolicy:
    """Random decisions for :func:`playout`, cheap: uniform over the same choices as the engine's
    random policy (an action group, then how many dice; uniform arrangements), drawn from tables."""

    def __init__(self, rng: random.Random) -> None:
        self.rnd = rng.random
        self.rng = rng

    def select(self, k: KState, s: int, fm: list[int]) -> int:
        """A selection from face masks ``fm`` (``fm[f]``: dice showing face ``f``; ``fm[6]``: the
        faces present, one bit each); 0 when stuck."""
        rnd = self.rnd
        pl = k.placed[s]
        allowed = 39
        if CAP[k.boat[s]] > POP[pl[3]]:
            allowed = 47
        if CAP[k.pirate[s]] > POP[pl[4]]:
            allowed |= 16
        keys = KEYS[fm[6] & allowed]
        if not keys:
            return 0
        pick = keys[int(rnd() * len(keys))]
        sk = fm[5]
        if pick == 5:
            c = SUB[sk][1 + int(rnd() * POP[sk])]
            return c[int(rnd() * len(c))]
        g = fm[pick]
        if pick < 3:  # an open space has room for the whole hand
            c = SUB[g][1 + int(rnd() * POP[g])]
            m = c[int(rnd() * len(c))]
            j = int(rnd() * (POP[sk] + 1))
        else:
            room = CAP[k.boat[s] if pick == 3 else k.pirate[s]] - POP[pl[pick]]
            ng = POP[g]
            i = 1 + int(rnd() * (ng if ng < room else room))
            c = SUB[g][i]
            m = c[int(rnd() * len(c))]
            ns = POP[sk]
            j = int(rnd() * ((ns if ns < room - i else room - i) + 1))
        if j:
            c = SUB[sk][j]
            m |= c[int(rnd() * len(c))]
        return m

    def choose(self, k: KState, s: int, kind: int, opts: list[Any]) -> Any:
        """Skulls, bonus tile, position, chest to take, tile to keep: uniform over ``opts``."""
        return opts[int(self.rnd() * len(opts))]

    def arrange(self, k: KState, s: int, fleet: bool, src: list[int], cap: int) -> tuple[int, ...]:
        n = len(src)
        kk = cap if cap < n else n
        if n < 9:
            c = KPERM[n][kk]
            return tuple([src[i] for i in c[int(self.rnd() * len(c))]])
        return tuple(self.rng.sample(src, kk))


def _fresh_roll_step(k: KState) -> bool:
    """Whether ``k`` stands at the start of a roll step with no selection made yet."""
    if k.phase != P_DICE or k.stage != S_SELECT:
        return False
    sel = k.sel
    return all(sel[s] < 0 for s in k.rollers)


def _face_masks(k: KState, s: int) -> list[int]:
    """Seat ``s``'s roll as face masks: ``fm[f]`` the dice showing ``f``, ``fm[6]`` the faces shown."""
    fm = [0, 0, 0, 0, 0, 0, 0]
    faces = k.roll[s]
    assert faces is not None
    for d in DICE_OF[k.hand[s]]:
        fm[faces[d]] |= 1 << d
        fm[6] |= 1 << faces[d]
    return fm


def face_masks(k: KState, s: int) -> list[int]:
    """Seat ``s``'s roll as face masks (what a rollout policy's ``select`` takes): ``fm[f]`` the
    dice showing ``f``, ``fm[6]`` the faces shown."""
    return _face_masks(k, s)


def policy_step(k: KState, policy: Any, trace: list[Any] | None = None) -> None:
    """One decision by ``policy`` through the general state machine."""
    s = next_seat(k)
    kind = kind_for(k, s)
    if kind == K_SELECT:
        v = policy.select(k, s, _face_masks(k, s))
        if k.stage == S_STUCK and v == 0:  # pragma: no cover - an open roll always has a selection
            raise AssertionError("policy returned no selection for an open roll")
    elif kind == K_ARR_FLEET:
        v = policy.arrange(k, s, True, k.crew[s], CAP[k.boat[s]])
    elif kind == K_ARR_CREW:
        v = policy.arrange(k, s, False, k.island[s], CAP[k.pirate[s]])
    else:
        v = policy.choose(k, s, kind, options(k, s, kind))
    if trace is not None:
        trace.append((s, kind, v))
    apply(k, s, kind, v)


def playout(k: KState, policy: Any, max_rounds: int = MAX_ROUNDS, trace: list[Any] | None = None) -> None:
    """Play on with ``policy`` until the game ends (or ``max_rounds`` more rounds have started).

    The general state machine runs until the next fresh roll step, then whole rounds run in
    one tight loop (:func:`_rounds`). ``trace`` (tests) collects every decision as
    ``(seat, kind, value)`` and a ``("round", snapshot)`` entry at every round end.
    """
    stop = k.round + max_rounds
    while k.phase != P_OVER and not _fresh_roll_step(k):
        r = k.round
        policy_step(k, policy, trace)
        if trace is not None and (k.round != r or k.phase == P_OVER):
            trace.append(("round", snapshot(k)))
    if k.phase != P_OVER and k.round < stop:
        _rounds(k, policy, stop, trace)


def _rounds(k: KState, policy: Any, stop: int, trace: list[Any] | None) -> None:
    """Whole rounds from a fresh roll step, with the engine's transitions and chance."""
    n = k.n
    rnd = k.rng.random
    two = n == 2
    keep = 1 if two else 2
    placed, hand, bonus, boat, pirate = k.placed, k.hand, k.bonus, k.boat, k.pirate
    tortuga, fleet, crew, island = k.tortuga, k.fleet, k.crew, k.island
    bag, center = k.bag, k.center
    select, choose, arrange = policy.select, policy.choose, policy.arrange
    fms = [_face_masks(k, s) if k.roll[s] is not None else [0, 0, 0, 0, 0, 0, 0] for s in range(n)]
    rollers = k.rollers
    due = k.bonus_due
    for _round in range(MAX_ROUNDS + 1):  # bounded: the loop ends at ``stop`` or the game's end
        st = k.start
        od = [(st + i) % n for i in range(n)]
        # ------------------------------------------------ dice phase (R3)
        for _step in range(MAX_ROLL_STEPS + 1):  # bounded: every roll step places dice (R3.8)
            sels = [0] * n
            stuck = []
            for s in rollers:
                m = select(k, s, fms[s])
                if trace is not None:
                    trace.append((s, K_SELECT, m))
                sels[s] = m
                if not m:
                    stuck.append(s)
            for s in stuck:  # R3.6: open rerolls until a selection exists
                pl = placed[s]
                for _reroll in range(MAX_REROLLS + 1):
                    if _reroll == MAX_REROLLS:
                        raise EngineLoopError(f"seat {s}: no valid selection after {MAX_REROLLS} open rerolls")
                    fm = fms[s]
                    if fm[5] or fm[0] or fm[1] or fm[2]:
                        break
                    if (fm[3] and CAP[boat[s]] > POP[pl[3]]) or (fm[4] and CAP[pirate[s]] > POP[pl[4]]):
                        break
                    fm = [0, 0, 0, 0, 0, 0, 0]
                    pres = 0
                    for b in BITS[hand[s]]:
                        f = int(rnd() * 6)
                        fm[f] |= b
                        pres |= FACE_BIT[f]
                    fm[6] = pres
                    fms[s] = fm
                usable = fm[5] | fm[0] | fm[1] | fm[2]
                if fm[3] and CAP[boat[s]] > POP[pl[3]]:
                    usable |= fm[3]
                if fm[4] and CAP[pirate[s]] > POP[pl[4]]:
                    usable |= fm[4]
                if POP[usable] == 1:
                    m = usable
                else:
                    m = select(k, s, fm)
                    if trace is not None:
                        trace.append((s, K_SELECT, m))
                sels[s] = m
            acts = [0] * n
            for s in rollers:
                m = sels[s]
                fm = fms[s]
                a = -1
                for f in (0, 1, 2, 3, 4):
                    if fm[f] & m:
                        a = f
                        break
                if a < 0:  # R3.5: skulls only, their action chosen in seat order
                    need = POP[m]
                    pl = placed[s]
                    opts = [0, 1, 2]
                    if CAP[boat[s]] - POP[pl[3]] >= need:
                        opts.append(3)
                    if CAP[pirate[s]] - POP[pl[4]] >= need:
                        opts.append(4)
                    was = k.sel[s]
                    k.sel[s] = m  # the policy may weigh the skulls it turns (the general machine's state)
                    a = choose(k, s, K_SKULL, opts)
                    k.sel[s] = was
                    if trace is not None:
                        trace.append((s, K_SKULL, a))
                acts[s] = a
            for s in rollers:
                m = sels[s]
                placed[s][acts[s]] |= m
                hand[s] &= ~m
            if due:  # R3.7
                queue = [s for s in due if (k.supply and 0 in bonus[s]) or 1 in bonus[s]]
                for s in queue:
                    opts = bonus_options(k, s)
                    if len(opts) > 1:
                        v = choose(k, s, K_BONUS, opts)
                        if trace is not None:
                            trace.append((s, K_BONUS, v))
                    elif opts:
                        v = opts[0]
                    else:
                        continue
                    take_bonus(k, s, v)
            rollers = []
            due = []
            for s in od:
                h = hand[s]
                if h:
                    rollers.append(s)
                    fm = [0, 0, 0, 0, 0, 0, 0]
                    pres = 0
                    for b in BITS[h]:
                        f = int(rnd() * 6)
                        fm[f] |= b
                        pres |= FACE_BIT[f]
                    fm[6] = pres
                    fms[s] = fm
                else:
                    due.append(s)
            if not rollers:
                break
        else:
            raise EngineLoopError(f"the dice phase did not end after {MAX_ROLL_STEPS + 1} roll steps")
        # ------------------------------------------------ actions phase (R4)
        k.phase = P_ACTIONS
        k.stage = S_NONE
        k.rollers, k.bonus_due = [], []
        for a in range(5):
            sums = k.sums[a]
            part = [s for s in od if placed[s][a]]
            if len(part) > 1:
                part.sort(key=lambda s: -(sums[placed[s][a]] + bonus[s][a]))  # stable: seat order from start
            act_order = part[:keep]
            first_target = -1
            k.act_action = a
            k.act_order = act_order
            for pos in range(len(act_order)):
                s = act_order[pos]
                k.act_pos = pos
                k.first_target = first_target
                if a <= HUNT:
                    v = choose(k, s, K_POSITION, [ACT, FORFEIT])
                else:
                    opts = [t for t in range(n) if t != s and t != first_target]
                    opts.append(FORFEIT)
                    v = choose(k, s, K_POSITION, opts)
                if trace is not None:
                    trace.append((s, K_POSITION, v))
                if v == FORFEIT:
                    continue
                if a < HUNT:
                    tok = boat if a == FLEET else pirate
                    x = tok[s] + (1 if two or pos == 1 else 2)
                    tok[s] = x if x < 8 else 8
                elif a == HUNT:
                    if pos == 0:
                        c = draw_chest(k)
                        if c >= 0:
                            island[s].append(c)
                    drawn = []
                    for _ in range(1 if (two or pos == 1) else 2):
                        t = draw_tile(k)
                        if t:
                            drawn.append(t)
                    if len(drawn) == 2:  # asked even for equal values, as in the engine (R9.1)
                        opts = sorted(set(drawn))
                        k.drawn = drawn
                        t = choose(k, s, K_KEEP, opts)
                        if trace is not None:
                            trace.append((s, K_KEEP, t))
                        other = drawn[1] if t == drawn[0] else drawn[0]
                        k.tiles[s].append(t)
                        k.pool[other - 1] += 1
                        k.returned[s].append(other)
                    elif drawn:
                        k.tiles[s].append(drawn[0])
                else:
                    t = v
                    defended = placed[t][a] != 0
                    if pos == 0:
                        first_target = t
                        src = fleet[t] if a == BOARD else crew[t]
                        if src:
                            opts = sorted(set(src))
                            if len(opts) > 1:
                                k.effect = (a, 0, s, t)
                                c = choose(k, s, K_TAKE, opts)
                                if trace is not None:
                                    trace.append((s, K_TAKE, c))
                            else:
                                c = opts[0]
                            src.remove(c)
                            island[s].append(c)
                        _move_left(k, t, a)
                        if defended:
                            _move_left(k, s, a)
                    else:
                        _move_left(k, t, a)
                        if defended:
                            _move_left(k, s, a)
                        opts = [c for c in range(5) if center[c]]
                        if opts:
                            if len(opts) > 1:
                                k.effect = (a, 1, s, t)
                                c = choose(k, s, K_TAKE, opts)
                                if trace is not None:
                                    trace.append((s, K_TAKE, c))
                            else:
                                c = opts[0]
                            center[c] = False
                            island[s].append(c)
        k.effect = None
        k.drawn = []
        k.act_order = []
        for s in range(n):  # R4.12
            placed[s] = [0, 0, 0, 0, 0]
            hand[s] = FULL
        # ------------------------------------------------ move phase (R5)
        k.phase = P_MOVE
        for s in od:  # R5.1: draw_chest inlined (one random() per chest, the same walk over the bag)
            total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
            if total:
                r = int(rnd() * total)
                c = 0
                while r >= bag[c]:
                    r -= bag[c]
                    c += 1
                bag[c] -= 1
                island[s].append(c)
        arr = []
        for s in od:
            if fleet[s]:
                tortuga[s].extend(fleet[s])
                fleet[s] = []
            src = crew[s]
            cap = CAP[boat[s]]
            if not src:
                af: tuple[int, ...] | None = ()
            elif src.count(src[0]) == len(src):
                af = tuple(src[:cap])
            else:
                af = None
            if af is None:
                af = arrange(k, s, True, src, cap)
                if trace is not None:
                    trace.append((s, K_ARR_FLEET, af))
            arr.append(af)
            src = island[s]
            cap = CAP[pirate[s]]
            if not src:
                ac: tuple[int, ...] | None = ()
            elif src.count(src[0]) == len(src):
                ac = tuple(src[:cap])
            else:
                ac = None
            if ac is None:
                ac = arrange(k, s, False, src, cap)
                if trace is not None:
                    trace.append((s, K_ARR_CREW, ac))
            arr.append(ac)
        for i, s in enumerate(od):
            chosen = arr[2 * i]
            left = crew[s]
            for c in chosen:
                left.remove(c)
            fleet[s] = list(chosen)
            for c in left:
                to_center(k, c)
            chosen = arr[2 * i + 1]
            left = island[s]
            for c in chosen:
                left.remove(c)
            crew[s] = list(chosen)
            for c in left:
                to_center(k, c)
            island[s] = []
        # ------------------------------------------------ end check (R5.4)
        best = 0
        for s in range(n):
            if len(tortuga[s]) > best:
                best = len(tortuga[s])
        if best >= k.goal or k.round >= MAX_ROUNDS:
            k.phase = P_OVER
            k.stage = S_NONE
            k.capped = best < k.goal
            k.act_order, k.act_pos, k.effect, k.first_target = [], 0, None, -1
            k.rollers, k.bonus_due, k.queue, k.stuck = [], [], [], []
            if trace is not None:
                trace.append(("round", snapshot(k)))
            return
        k.round += 1
        k.start = st = (st + 1) % n
        k.phase = P_DICE
        k.stage = S_SELECT
        od = [(st + i) % n for i in range(n)]
        rollers = od[:]
        due = []
        for s in od:
            fm = [0, 0, 0, 0, 0, 0, 0]
            pres = 0
            for b in (1, 2, 4, 8, 16):
                f = int(rnd() * 6)
                fm[f] |= b
                pres |= FACE_BIT[f]
            fm[6] = pres
            fms[s] = fm
        if trace is not None:
            trace.append(("round", snapshot(k)))
        if k.round >= stop:
            _sync_rolls(k, rollers, fms)
            return
    raise EngineLoopError(f"the game did not end after {MAX_ROUNDS + 1} rounds")


def _sync_rolls(k: KState, rollers: list[int], fms: list[list[int]]) -> None:
    """Write a fresh roll step's face masks back into the general state (to continue there)."""
    k.rollers = rollers
    k.bonus_due = []
    k.stuck = []
    k.queue = []
    for s in range(k.n):
        faces = [0, 0, 0, 0, 0]
        fm = fms[s]
        for f in range(6):
            for d in DICE_OF[fm[f]]:
                faces[d] = f
        k.roll[s] = faces
        k.sel[s] = -1
        k.skull[s] = -1
        k.open_roll[s] = False
