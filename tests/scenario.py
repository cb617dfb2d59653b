"""Scenario helpers for the rules tests: exact game states and scripted dice.

``build`` makes a game in a chosen state with the engine's position builder
(``tortuga_desktop.games.dice.rules.scenario.position``: validated, and chests come out of the bag, tiles
out of the pool, bonus tiles out of the supply).

Dice are scripted with ``game.set_roll``; ``roll_step`` / ``play_dice`` / ``place`` drive a
whole dice phase. Faces: 0 Expand fleet, 1 Recruit crew, 2 Treasure hunt, 3 Board, 4 Raid,
5 skull; one face per die in hand (dice 0-4 = A-E, in hand order).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tortuga_desktop.games.dice.rules import (
    CHEST_LETTERS,
    DIE_LETTERS,
    SKULL,
    DecisionKind,
    Game,
    ScenarioError,
    check_invariants,
)
from tortuga_desktop.games.dice.rules.scenario import position

FLEET, CREW, HUNT, BOARD, RAID = 0, 1, 2, 3, 4
R, B, Y, W, P = 0, 1, 2, 3, 4
ACTION_WORDS = ("fleet", "crew", "hunt", "board", "raid")

Step = tuple[Sequence[int], str] | tuple[Sequence[int], str, str]


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
    """A game in the dice phase (selections open) with exactly these boards, made by the engine's
    position builder (:func:`tortuga_desktop.games.dice.rules.scenario.position`).

    Seat spec keys as there; ``placed`` may also use action indices. Unplaced dice show neutral
    faces (all Expand fleet); script them with ``set_roll``/``roll_step``. ``bag``/``pool`` given:
    the rest is parked on seat ``park``'s ``park_area`` (chests) / tiles.
    """
    specs = []
    for spec in seats or []:
        sp = dict(spec)
        if "placed" in sp:
            sp["placed"] = {ACTION_WORDS[action_index(a)]: ds for a, ds in dict(sp["placed"]).items()}
        if "tiles" in sp:
            sp["tiles"] = list(sp["tiles"])
        specs.append(sp)
    for i in range(players):
        if i == len(specs):
            specs.append({})
        used = sum(len(ds) for ds in specs[i].get("placed", {}).values())
        if used < 5:
            specs[i]["roll"] = [FLEET] * (5 - used)
    return position(
        players=players, start=start, seats=specs, center=center, bag=bag, pool=pool,
        park=None if park is None else (park, park_area), round=round, long_game=long_game, seed=seed,
        rules_version=rules_version,
    )


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
