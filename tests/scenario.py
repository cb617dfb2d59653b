"""Scenario helpers for the rules tests: exact game states and scripted dice.

``build`` makes a game in a chosen state by editing ``Game.new(...).to_dict()`` and loading
it back with ``Game.from_dict`` (so every scenario passes the engine's own validation and
keeps the 40 chests / 30 tiles / 20 bonus tiles invariant: chests come out of the bag,
tiles out of the pool, bonus tiles out of the supply).

Dice are scripted with ``game.set_roll``; ``roll_step`` / ``play_dice`` / ``place`` drive a
whole dice phase. Faces: 0 Expand fleet, 1 Recruit crew, 2 Treasure hunt, 3 Board, 4 Raid,
5 skull; one face per die in hand (dice 0-4 = A-E, in hand order).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tortuga_desktop.rules import (
    CHEST_LETTERS,
    DIE_LETTERS,
    SKULL,
    DecisionKind,
    Game,
    check_invariants,
)

FLEET, CREW, HUNT, BOARD, RAID = 0, 1, 2, 3, 4
R, B, Y, W, P = 0, 1, 2, 3, 4
ACTION_WORDS = ("fleet", "crew", "hunt", "board", "raid")
CHEST_COUNTS = (10, 10, 10, 5, 5)
TILE_COUNTS = (17, 9, 4)

Step = tuple[Sequence[int], str] | tuple[Sequence[int], str, str]


class ScenarioError(AssertionError):
    """The script does not fit the game (a test-writing error, not an engine bug)."""


def chests(text: str | Sequence[int]) -> list[int]:
    """``"RBY"`` -> ``[0, 1, 2]`` (lists of ints pass through)."""
    if isinstance(text, str):
        return [CHEST_LETTERS.index(ch) for ch in text.upper() if ch != "-"]
    return [int(c) for c in text]


def letters(row: Iterable[int]) -> str:
    """``[0, 1, 2]`` -> ``"RBY"``."""
    return "".join(CHEST_LETTERS[c] for c in row)


def dice(text: str) -> list[int]:
    """``"ACE"`` -> ``[0, 2, 4]``."""
    return [DIE_LETTERS.index(ch) for ch in text.upper()]


def action_index(a: int | str) -> int:
    return a if isinstance(a, int) else ACTION_WORDS.index(a)


def _counts(values: Iterable[int], size: int, offset: int = 0) -> list[int]:
    out = [0] * size
    for v in values:
        out[v - offset] += 1
    return out


def reload(g: Game, data: dict[str, Any]) -> Game:
    """Replace ``g``'s whole state by ``data`` (validated by from_dict), keeping the object."""
    fresh = Game.from_dict(data)
    for slot in Game.__slots__:
        if slot != "__weakref__":  # bookkeeping of the object itself, not game state
            setattr(g, slot, getattr(fresh, slot))
    return g


def build(
    players: int = 4,
    *,
    start: int = 0,
    seats: Sequence[Mapping[str, Any]] | None = None,
    center: str = "",
    bag: str | Sequence[int] | None = None,
    pool: Sequence[int] | None = None,
    park: int | None = None,
    park_area: str = "island",
    round: int = 1,
    long_game: bool = False,
    seed: int = 0,
    rules_version: int = 2,
) -> Game:
    """A game in the dice phase (selections open) with exactly these boards.

    Seat spec keys (all optional): boat, pirate (boxes, default 3); tortuga, fleet, crew, island
    (chest letters, default empty); tiles (coin values); bonus (5 ints 0/1/2); placed (mapping
    action word or index -> die letters already placed this round). Unplaced dice are rolled
    (neutral faces; script them with ``set_roll``/``roll_step``). Seats with every die placed are
    due a bonus tile at the coming reveal (R3.7).

    ``bag`` (letters or 5 counts) and ``pool`` (3 counts) default to "everything not elsewhere";
    when given, the rest of the chests/tiles is parked on seat ``park``'s ``park_area`` (island by
    default; "tortuga" keeps them out of the move phase but counts for the end check) / tiles.
    """
    g = Game.new(players, seed, start_player=start, long_game=long_game, rules_version=rules_version)
    d = g.to_dict()
    specs = list(seats or [])
    specs += [{}] * (players - len(specs))
    used = [0] * 5
    tiles_used = [0] * 3
    bonus_used = 0
    order = [(start + k) % players for k in range(players)]
    for i, sd in enumerate(d["seats"]):
        spec = dict(specs[i])
        unknown = set(spec) - {"boat", "pirate", "tortuga", "fleet", "crew", "island", "tiles", "bonus", "placed"}
        if unknown:
            raise ScenarioError(f"unknown seat keys {unknown}")
        sd["boat"] = spec.get("boat", 3)
        sd["pirate"] = spec.get("pirate", 3)
        for area in ("tortuga", "fleet", "crew", "island"):
            sd[area] = chests(spec.get(area, ""))
            for c in sd[area]:
                used[c] += 1
        sd["tiles"] = list(spec.get("tiles", []))
        for v in sd["tiles"]:
            tiles_used[v - 1] += 1
        sd["returned"] = []
        sd["bonus"] = list(spec.get("bonus", [0] * 5))
        bonus_used += sum(1 for b in sd["bonus"] if b)
        placed: list[list[int]] = [[], [], [], [], []]
        for a, ds in dict(spec.get("placed", {})).items():
            placed[action_index(a)] = dice(ds)
        sd["placed"] = placed
        sd["hand"] = [x for x in range(5) if all(x not in p for p in placed)]
        sd["roll"] = [FLEET] * len(sd["hand"]) if sd["hand"] else None
        sd["open_roll"] = False
        sd["selection"] = None
        sd["skull_action"] = None
        sd["arr_fleet"] = None
        sd["arr_crew"] = None
    centre = chests(center)
    for c in centre:
        used[c] += 1
    d["center"] = [c in centre for c in range(5)]
    rest = [CHEST_COUNTS[c] - used[c] for c in range(5)]
    if any(x < 0 for x in rest):
        raise ScenarioError(f"too many chests: {used}")
    if bag is not None:
        want = _counts(chests(bag), 5) if isinstance(bag, str) else list(bag)
        extra = [rest[c] - want[c] for c in range(5)]
        if any(x < 0 for x in extra):
            raise ScenarioError(f"bag {want} needs more chests than are left {rest}")
        if any(extra):
            if park is None:
                raise ScenarioError("bag given: name a park seat for the other chests")
            d["seats"][park][park_area] += [c for c in range(5) for _ in range(extra[c])]
        rest = want
    d["bag"] = rest
    prest = [TILE_COUNTS[v] - tiles_used[v] for v in range(3)]
    if any(x < 0 for x in prest):
        raise ScenarioError(f"too many tiles: {tiles_used}")
    if pool is not None:
        extra = [prest[v] - pool[v] for v in range(3)]
        if any(x < 0 for x in extra):
            raise ScenarioError("pool needs more tiles than are left")
        if any(extra):
            if park is None:
                raise ScenarioError("pool given: name a park seat for the other tiles")
            d["seats"][park]["tiles"] += [v + 1 for v in range(3) for _ in range(extra[v])]
        prest = list(pool)
    d["pool"] = prest
    d["supply"] = 20 - bonus_used
    d["round"] = round
    d["start"] = start
    d["phase"] = "dice"
    d["stage"] = "select"
    d["queue"] = []
    d["stuck"] = []
    d["rollers"] = [s for s in order if d["seats"][s]["hand"]]
    d["bonus_due"] = [s for s in order if not d["seats"][s]["hand"]]
    if not d["rollers"]:
        raise ScenarioError("somebody must still have dice to roll")
    d["act"] = {"action": 0, "order": [], "pos": 0, "first_target": None, "effect": None, "drawn": []}
    d["events"] = []
    d["record"] = None  # an edited position has no history to replay
    d["decisions"] = 0
    return Game.from_dict(d)


def state(g: Game) -> str:
    """The full state as canonical JSON (for before/after comparisons)."""
    return json.dumps(g.to_dict(), sort_keys=True)


def seat_rows(g: Game, seat: int) -> dict[str, str]:
    p = g.seats[seat]
    return {"tortuga": letters(p.tortuga), "fleet": letters(p.fleet), "crew": letters(p.crew),
            "island": letters(p.island)}


# ---------------------------------------------------------------- dice
def roll_step(g: Game, plan: Mapping[int, Step], bonus: Mapping[int, list[str]] | None = None) -> Game:
    """One roll step: every roller gets the scripted faces, then its selection is made.

    ``plan[seat] = (faces, "select AB")`` or ``(faces, "select AB", "skulls board")`` for a
    skull-only selection; ``"select -"`` confirms a roll that allows no selection (R3.6, R9.1).
    Every roller confirms, forced rolls included (R9.1). ``bonus[seat]`` is a queue of answers
    ("bonus new fleet" ...) used for BONUS_TILE decisions after the reveal.
    """
    if g.phase != "dice" or g.stage != "select":
        raise ScenarioError(f"not at a roll step (phase {g.phase}, stage {g.stage})")
    if set(plan) != set(g.rollers):
        raise ScenarioError(f"plan for seats {sorted(plan)} but rollers are {g.rollers}")
    for s, step in plan.items():
        if len(step[0]) != len(g.seats[s].hand):
            raise ScenarioError(f"seat {s}: {len(step[0])} faces for hand {g.seats[s].hand}")
        g.set_roll(s, list(step[0]))
    for s, step in plan.items():
        g.apply(s, step[1])
    answer_pending(g, {s: [st[2]] for s, st in plan.items() if len(st) > 2}, bonus)
    return g


def answer_pending(
    g: Game, skulls: Mapping[int, list[str]] | None = None, bonus: Mapping[int, list[str]] | None = None
) -> None:
    """Answer SKULL_ACTION and BONUS_TILE decisions from the given queues (consumed)."""
    skulls = {k: list(v) for k, v in (skulls or {}).items()}
    while g.phase == "dice" and g.stage in ("skulls", "bonus") and g.pending():
        d = g.pending()[0]
        queue = skulls if d.kind == DecisionKind.SKULL_ACTION else bonus
        if queue is None or not queue.get(d.seat):
            raise ScenarioError(f"no scripted answer for {d}")
        g.apply(d.seat, queue[d.seat].pop(0))


def play_dice(g: Game, plan: Mapping[int, Sequence[Step]], bonus: Mapping[int, list[str]] | None = None) -> Game:
    """Play roll steps from per-seat scripts; seats drop out of the plan when their script ends."""
    bonus = {k: list(v) for k, v in (bonus or {}).items()}
    step = 0
    while g.phase == "dice":
        todo = {s: v[step] for s, v in plan.items() if step < len(v)}
        if not todo:
            break
        roll_step(g, todo, bonus)
        step += 1
    return g


def place(g: Game, layout: Mapping[int, Mapping[int | str, str]], bonus: Mapping[int, list[str]] | None = None,
          ) -> Game:
    """Play the dice phase so that each seat's dice end on the given actions.

    ``layout[seat] = {"board": "AB", "fleet": "CDE"}``. Each group is placed in its own roll step
    (groups split so every seat needs the same number of steps: nobody earns a bonus tile);
    the unselected dice show skulls. The largest group goes last.
    """
    plans: dict[int, list[tuple[int, list[int]]]] = {}
    for s, lay in layout.items():
        groups = sorted(((action_index(a), dice(ds)) for a, ds in lay.items() if ds), key=lambda x: len(x[1]))
        if sorted(x for _, ds in groups for x in ds) != [0, 1, 2, 3, 4]:
            raise ScenarioError(f"seat {s}: layout must use each die once")
        plans[s] = groups
    steps = max(len(v) for v in plans.values())
    for groups in plans.values():
        while len(groups) < steps:  # split the largest group
            groups.sort(key=lambda x: -len(x[1]))
            a, ds = groups.pop(0)
            groups += [(a, ds[:1]), (a, ds[1:])]
        groups.sort(key=lambda x: len(x[1]))
    script: dict[int, list[Step]] = {}
    for s, groups in plans.items():
        hand = [0, 1, 2, 3, 4]
        out: list[Step] = []
        for a, ds in groups:
            faces = [a if x in ds else SKULL for x in hand]
            out.append((faces, "select " + "".join(DIE_LETTERS[x] for x in ds)))
            hand = [x for x in hand if x not in ds]
        script[s] = out
    play_dice(g, script, bonus)
    return g


# ---------------------------------------------------------------- other phases
def run(g: Game, moves: Iterable[tuple[int, str]]) -> Game:
    """Apply ``(seat, text)`` actions in order."""
    for s, text in moves:
        g.apply(s, text)
    return g


def arrange_all(g: Game, choices: Mapping[int, Sequence[str]] | None = None, rng: random.Random | None = None) -> Game:
    """Answer the move phase: scripted ``choices[seat] = ["arrange ...", ...]`` else the first option."""
    queues = {k: list(v) for k, v in (choices or {}).items()}
    while g.phase == "move":
        d = g.pending()[0]
        q = queues.get(d.seat)
        if q:
            g.apply(d.seat, q.pop(0))
        else:
            opts = g.legal_actions(d.seat)
            g.apply(d.seat, opts[0] if rng is None else rng.choice(opts))
    return g


def playout(g: Game, rng: random.Random, until: str | None = None, check: bool = False, limit: int = 100_000) -> Game:
    """Random legal actions until the game ends (or ``until`` phase is reached)."""
    for _ in range(limit):
        if g.is_over or (until is not None and g.phase == until):
            return g
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
        if check:
            problems = check_invariants(g)
            if problems:
                raise AssertionError(problems)
    raise AssertionError("playout did not finish")


def finish_actions(g: Game) -> Game:
    """Forfeit / act first option through the remaining actions phase (deterministic)."""
    while g.phase == "actions":
        s = g.to_move()[0]
        g.apply(s, "forfeit" if g.decision_for(s).kind == DecisionKind.POSITION else g.legal_actions(s)[0])
    return g
