"""Build a legal position from a short, readable spec (tests, tutorials, puzzles).

Chests come out of the bag, treasure tiles out of the pool and bonus tiles out of the supply,
so the component counts always hold; the result is validated like a loaded save, and anything
that does not describe a legal position raises :class:`ScenarioError` with a clear message.

>>> g = position(
...     players=3, start=1,
...     seats=[
...         {"boat": 4, "fleet": "RBY", "tiles": [3], "bonus": "1.2..", "placed": {"board": "A"}},
...         {"pirate": 1, "island": "PW", "roll": "bbrsh"},
...     ],
...     center="Y",
... )
>>> g.phase, g.stage, g.rollers
(<Phase.DICE: 'dice'>, <Stage.SELECT: 'select'>, [1, 2, 0])
>>> g.seats[0].fleet, g.seats[0].bonus, g.seats[1].roll, g.bag[2], g.supply
([0, 1, 2], [1, 0, 2, 0, 0], [3, 3, 4, 5, 2], 8, 18)

Spec, all keys optional:

- ``players`` (2-4), ``start`` (start player), ``round``, ``long_game``, ``seed``, ``rules_version``;
- ``seats``: one mapping per seat (missing seats are fresh): ``boat``, ``pirate`` (boxes 1-8);
  ``tortuga``, ``fleet``, ``crew``, ``island`` (chest letters R B Y W P, left to right);
  ``tiles`` (coin values 1-3); ``bonus`` (5 values 0/1/2, or text like ``"1.2.."``);
  ``placed`` (action word -> die letters, e.g. ``{"board": "AB"}``); ``roll`` (faces of the dice
  still in hand, in hand order: ``f c h b r`` for the actions, ``s`` for a skull; or ints 0-5);
- ``center``: chest letters on the center island (at most one of each colour);
- ``bag``: the bag's chests (letters, or 5 counts). Default: every chest not elsewhere. When
  given, the chests left over go to ``park`` = (seat, area), e.g. ``(0, "tortuga")``;
- ``pool``: 3 counts of tiles worth 1, 2, 3 (default: the rest); left-over tiles are kept by
  ``park``'s seat;
- ``phase``: ``"dice"`` (a roll step with selections open; the default), ``"actions"`` (every die
  placed; ``action`` names the action resolving now, default the first with participants) or
  ``"move"`` (chests about to move; the arrangements are open).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import actions_phase, move_phase
from .components import (
    ACTION_WORDS,
    CHEST_COUNTS,
    CHEST_LETTERS,
    DIE_LETTERS,
    MAX_BOX,
    MIN_BOX,
    TILE_COUNTS,
    TOTAL_BONUS_TILES,
    capacity,
)
from .errors import RulesError, ScenarioError
from .game import Game
from .state import ACTIONS, DICE, MOVE, NO_STAGE, SELECT, Seat

_FACE_LETTERS = "fchbrs"
_SEAT_KEYS = {"boat", "pirate", "tortuga", "fleet", "crew", "island", "tiles", "bonus", "placed", "roll"}
_AREAS = ("tortuga", "fleet", "crew", "island")


def _chests(text: Any, where: str) -> list[int]:
    if not isinstance(text, str):
        raise ScenarioError(f"{where}: chests are letters from {CHEST_LETTERS}, got {text!r:.30}")
    out = []
    for ch in text.upper():
        if ch in " -.":
            continue
        if ch not in CHEST_LETTERS:
            raise ScenarioError(f"{where}: unknown chest colour {ch!r}; use {CHEST_LETTERS}")
        out.append(CHEST_LETTERS.index(ch))
    return out


def _box(v: Any, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not MIN_BOX <= v <= MAX_BOX:
        raise ScenarioError(f"{where}: a token box is 1-8, got {v!r:.20}")
    return v


def _counts(v: Any, size: int, where: str) -> list[int]:
    if isinstance(v, str) and size == 5:
        counts = [0] * 5
        for c in _chests(v, where):
            counts[c] += 1
        return counts
    if not isinstance(v, (list, tuple)) or len(v) != size or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
        raise ScenarioError(f"{where}: expected {size} counts, got {v!r:.40}")
    return list(v)


def _seat(spec: Any, i: int, grid: tuple[tuple[int, ...], ...]) -> tuple[Seat, list[int] | None]:
    where = f"seats[{i}]"
    if not isinstance(spec, Mapping):
        raise ScenarioError(f"{where}: expected a mapping")
    unknown = set(spec) - _SEAT_KEYS
    if unknown:
        raise ScenarioError(f"{where}: unknown keys {', '.join(sorted(map(str, unknown)))}")
    p = Seat(grid)
    p.boat = _box(spec.get("boat", p.boat), f"{where}.boat")
    p.pirate = _box(spec.get("pirate", p.pirate), f"{where}.pirate")
    for area in _AREAS:
        setattr(p, area, _chests(spec.get(area, ""), f"{where}.{area}"))
    tiles = spec.get("tiles", [])
    if not isinstance(tiles, (list, tuple)) or not all(t in (1, 2, 3) and not isinstance(t, bool) for t in tiles):
        raise ScenarioError(f"{where}.tiles: coin values 1-3 expected, got {tiles!r:.40}")
    p.tiles = list(tiles)
    bonus = spec.get("bonus", [0] * 5)
    if isinstance(bonus, str):
        bonus = [0 if ch == "." else int(ch) if ch in "012" else -1 for ch in bonus]
    if not isinstance(bonus, (list, tuple)) or len(bonus) != 5 or not all(b in (0, 1, 2) for b in bonus):
        raise ScenarioError(f"{where}.bonus: 5 values 0/1/2 (or text like '1.2..') expected, got {bonus!r:.40}")
    p.bonus = [int(b) for b in bonus]
    placed = spec.get("placed", {})
    if not isinstance(placed, Mapping):
        raise ScenarioError(f"{where}.placed: expected a mapping action word -> die letters")
    used: list[int] = []
    for word, letters in placed.items():
        if word not in ACTION_WORDS:
            raise ScenarioError(f"{where}.placed: unknown action {word!r}; use {', '.join(ACTION_WORDS)}")
        if not isinstance(letters, str) or any(ch not in DIE_LETTERS for ch in letters.upper()):
            raise ScenarioError(f"{where}.placed.{word}: die letters A-E expected, got {letters!r:.20}")
        dice = [DIE_LETTERS.index(ch) for ch in letters.upper()]
        p.placed[ACTION_WORDS.index(word)] = dice
        used += dice
    if len(set(used)) != len(used):
        raise ScenarioError(f"{where}.placed: a die is placed twice")
    for a in (3, 4):
        if len(p.placed[a]) > capacity(p.token(a)):
            raise ScenarioError(f"{where}.placed: more dice on {ACTION_WORDS[a]} than its capacity (R3.3)")
    p.hand = [d for d in range(5) if d not in used]
    roll = spec.get("roll")
    faces: list[int] | None = None
    if roll is not None:
        if isinstance(roll, str):
            if any(ch not in _FACE_LETTERS for ch in roll.lower()):
                raise ScenarioError(f"{where}.roll: faces are {' '.join(_FACE_LETTERS)}, got {roll!r:.20}")
            faces = [_FACE_LETTERS.index(ch) for ch in roll.lower()]
        elif isinstance(roll, (list, tuple)) and all(f in range(6) and not isinstance(f, bool) for f in roll):
            faces = list(roll)
        else:
            raise ScenarioError(f"{where}.roll: faces as text like 'bbrs' or ints 0-5, got {roll!r:.30}")
        if len(faces) != len(p.hand):
            raise ScenarioError(f"{where}.roll: {len(faces)} faces for {len(p.hand)} dice in hand")
    return p, faces


def position(spec: Mapping[str, Any] | None = None, /, **kw: Any) -> Game:
    """A game in exactly the position ``spec`` describes (see the module docstring).

    The spec may be given as a mapping, as keywords, or both (keywords win).
    """
    s: dict[str, Any] = dict(spec or {})
    s.update(kw)
    known = {"players", "start", "round", "long_game", "seed", "rules_version", "seats", "center", "bag", "pool",
             "park", "phase", "action"}
    unknown = set(s) - known
    if unknown:
        raise ScenarioError(f"unknown spec keys {', '.join(sorted(map(str, unknown)))}")
    try:
        g = Game.new(s.get("players", 4), s.get("seed", 0), start_player=s.get("start", 0),
                     long_game=s.get("long_game", False), rules_version=s.get("rules_version", 2))
    except RulesError as exc:
        raise ScenarioError(str(exc)) from None
    n = g.players
    rnd = s.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= 200:
        raise ScenarioError(f"round: 1-200 expected, got {rnd!r:.20}")
    specs = s.get("seats", [])
    if not isinstance(specs, Sequence) or isinstance(specs, str) or len(specs) > n:
        raise ScenarioError(f"seats: at most {n} seat mappings expected")
    built = [_seat(specs[i] if i < len(specs) else {}, i, g.grid) for i in range(n)]
    g.seats = [p for p, _ in built]
    g.round = rnd
    g.events = []
    g.actions_log = []
    g.has_history = False
    g.decisions = 0
    # components: chests from the bag, tiles from the pool, bonus tiles from the supply
    center = _chests(s.get("center", ""), "center")
    if len(set(center)) != len(center):
        raise ScenarioError("center: the center island holds at most one chest of each colour (R0.4)")
    g.center = [c in center for c in range(5)]
    used = [0] * 5
    for c in center:
        used[c] += 1
    for p in g.seats:
        for area in _AREAS:
            for c in p.area(area):
                used[c] += 1
    rest = [CHEST_COUNTS[c] - used[c] for c in range(5)]
    if any(x < 0 for x in rest):
        raise ScenarioError(f"more chests than the game has: {used} used of {list(CHEST_COUNTS)} (R0.1)")
    park = s.get("park")
    if park is not None and not (isinstance(park, (list, tuple)) and len(park) == 2 and park[0] in range(n)
                                 and park[1] in _AREAS):
        raise ScenarioError(f"park: expected (seat, area), got {park!r:.30}")
    if "bag" in s and s["bag"] is not None:
        want = _counts(s["bag"], 5, "bag")
        extra = [rest[c] - want[c] for c in range(5)]
        if any(x < 0 for x in extra):
            raise ScenarioError(f"bag {want} needs more chests than are left ({rest})")
        if any(extra):
            if park is None:
                raise ScenarioError("bag given: name park=(seat, area) for the chests left over")
            g.seats[park[0]].area(park[1]).extend(c for c in range(5) for _ in range(extra[c]))
        rest = want
    g.bag = rest
    tiles_used = [0, 0, 0]
    for p in g.seats:
        for v in p.tiles:
            tiles_used[v - 1] += 1
    prest = [TILE_COUNTS[v] - tiles_used[v] for v in range(3)]
    if any(x < 0 for x in prest):
        raise ScenarioError(f"more treasure tiles than the game has: {tiles_used} (R0.2)")
    if "pool" in s and s["pool"] is not None:
        want = _counts(s["pool"], 3, "pool")
        extra = [prest[v] - want[v] for v in range(3)]
        if any(x < 0 for x in extra):
            raise ScenarioError("pool needs more tiles than are left")
        if any(extra):
            if park is None:
                raise ScenarioError("pool given: name park=(seat, area) for the tiles left over")
            g.seats[park[0]].tiles.extend(v + 1 for v in range(3) for _ in range(extra[v]))
        prest = want
    g.pool = prest
    bonus_used = sum(1 for p in g.seats for b in p.bonus if b)
    if bonus_used > TOTAL_BONUS_TILES:
        raise ScenarioError("more bonus tiles than the supply holds (R0.3)")
    g.supply = TOTAL_BONUS_TILES - bonus_used
    _set_phase(g, s, [f for _, f in built])
    try:
        return Game.from_dict(g.to_dict())  # validated like a save
    except RulesError as exc:
        raise ScenarioError(f"not a legal position: {exc}") from None


def _set_phase(g: Game, s: Mapping[str, Any], rolls: list[list[int] | None]) -> None:
    phase = s.get("phase", "dice")
    order = g.order()
    g.queue = []
    g.stuck = []
    g.effect = None
    g.drawn = []
    g.first_target = None
    if phase == "dice":
        g.phase, g.stage = DICE, SELECT
        g.rollers = [i for i in order if g.seats[i].hand]
        g.bonus_due = [i for i in order if not g.seats[i].hand]
        if not g.rollers:
            raise ScenarioError("phase dice: somebody must still have dice to roll (else use phase 'actions')")
        for i in g.rollers:
            p = g.seats[i]
            faces = rolls[i]
            if faces is None:
                g.roll(p)
            else:
                p.roll = faces
        g.act_action, g.act_order, g.act_pos = 0, [], 0
        return
    if any(f is not None for f in rolls):
        raise ScenarioError("a roll belongs to the dice phase")
    g.rollers, g.bonus_due = [], []
    if phase == "actions":
        if any(p.hand for p in g.seats):
            raise ScenarioError("phase actions: every die must be placed (R3.8)")
        g.phase, g.stage = ACTIONS, NO_STAGE
        word = s.get("action")
        if word is not None and word not in ACTION_WORDS:
            raise ScenarioError(f"action: one of {', '.join(ACTION_WORDS)}, got {word!r:.20}")
        first = ACTION_WORDS.index(word) if word is not None else 0
        for a in range(first, 5):
            ranking = actions_phase.positions(g, a)
            if ranking:
                g.act_action, g.act_order, g.act_pos = a, ranking[: (1 if g.players == 2 else 2)], 0
                return
            if word is not None:
                raise ScenarioError(f"nobody takes part in {word}: nothing to resolve")
        raise ScenarioError("phase actions: nobody placed a die")
    if phase == "move":
        if any(p.hand != [0, 1, 2, 3, 4] for p in g.seats):
            raise ScenarioError("phase move: dice are back with their owners (R4.12); place none")
        g.phase, g.stage = MOVE, NO_STAGE
        g.act_action, g.act_order, g.act_pos = 5, [], 0
        waiting = False
        for p in g.seats:
            p.arr_fleet = p.arr_crew = None
            if p.fleet:
                raise ScenarioError("phase move: fleet chests have sailed to Tortuga already (R5.2); use tortuga")
            opts = move_phase.arrangements(p.crew, capacity(p.boat))
            p.arr_fleet = opts[0] if len(opts) == 1 else None
            opts = move_phase.arrangements(p.island, capacity(p.pirate))
            p.arr_crew = opts[0] if len(opts) == 1 else None
            waiting = waiting or p.arr_fleet is None or p.arr_crew is None
        if not waiting:
            raise ScenarioError("phase move: nobody has an arrangement to choose")
        return
    raise ScenarioError(f"phase: dice, actions or move, got {phase!r:.20}")


__all__ = ["position", "ScenarioError"]
