"""Kernel versus engine: the same seeds and the same choices, states compared at every round end.

Used by ``tests/dice/test_kernel.py`` (a few hundred games) and ``scripts/kernel_diff.py`` (many).
The engine decides (its own cheap random policy, ``legal.random_for``); every decision goes
to both the engine and the kernel; at every step the kernel must expect the same seat and
decision kind, and at every round end (and at the game's end) the two states must be equal,
random source included.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..rules import Game
from ..rules import legal as _legal
from . import kernel as K


@dataclass
class Mismatch:
    """Where a kernel game first left its engine twin."""

    seed: int
    players: int
    decision: int
    what: str


def _first_difference(a: dict[str, object], b: dict[str, object]) -> str:
    for key in a:
        if a[key] != b.get(key):
            return f"{key}: kernel {a[key]!r:.200} != engine {b.get(key)!r:.200}"
    return "?"


def compare_game(seed: int, players: int, *, check_options: bool = False, start_player: int | None = None
                 ) -> tuple[Mismatch | None, int]:
    """Play one game through both; returns (first mismatch or None, round ends compared)."""
    g = Game.new(players, seed, start_player=start_player, log=False)
    k = K.new_game(players, seed, start_player)
    rng = random.Random(seed ^ 0x2545F491)
    compared = 0
    snap = K.snapshot(k)
    if snap != K.engine_snapshot(g):
        return Mismatch(seed, players, 0, "setup: " + _first_difference(snap, K.engine_snapshot(g))), 0
    n = 0
    while not g.is_over:
        seat = _legal.next_seat(g)
        kind = _legal.kind_for(g, seat)
        assert kind is not None
        ks = K.next_seat(k)
        kk = K.kind_for(k, ks)
        if ks != seat or kk != K.KIND_CODE[kind]:
            return Mismatch(seed, players, n, f"engine waits for {seat} {kind}, kernel for {ks} {kk}"), compared
        if check_options:
            eo = [K.to_kernel_action(a) for a in _legal.options(g, seat, kind)]
            ko = K.options(k, ks, kk)
            if eo != ko:
                return Mismatch(seed, players, n, f"options: kernel {ko} != engine {eo}"), compared
        action = _legal.random_for(g, seat, kind, rng)
        before = g.round
        g.decisions += 1
        g._apply(seat, kind, action)
        K.apply(k, ks, kk, K.to_kernel_action(action))
        n += 1
        if g.round != before or g.is_over:
            compared += 1
            es, ksnap = K.engine_snapshot(g), K.snapshot(k)
            if es != ksnap:
                return Mismatch(seed, players, n, f"round {before} end: " + _first_difference(ksnap, es)), compared
    if not k.over:
        return Mismatch(seed, players, n, "the engine game ended, the kernel game did not"), compared
    return None, compared


def compare_random_playouts(seed: int, players: int) -> str:
    """Both sides play alone with their random policies from the same seeds: the kernel's
    policy draws exactly as the engine's, so the games must end equal ('' when they do)."""
    g = Game.new(players, seed, log=False)
    g.playout(random.Random(seed + 1))
    k = K.new_game(players, seed)
    K.random_playout(k, random.Random(seed + 1))
    a, b = K.snapshot(k), K.engine_snapshot(g)
    return "" if a == b else _first_difference(a, b)


def compare_fast_playout(seed: int, players: int, *, midgame_decisions: int = 0, policy: Any = None
                         ) -> Mismatch | None:
    """The tight round loop (:func:`kernel.playout`) with a traced random policy, its decisions
    replayed through the engine: every round end must match, random source included.

    ``midgame_decisions`` first plays that many random engine decisions, so the kernel starts
    from a converted mid-round state (as a search does). ``policy`` replaces the random policy
    (every decision it makes must be legal in the engine)."""
    g = Game.new(players, seed, log=False)
    rng = random.Random(seed ^ 0x5BD1E995)
    for _ in range(midgame_decisions):
        if g.is_over:
            break
        seat = _legal.next_seat(g)
        kind = _legal.kind_for(g, seat)
        assert kind is not None
        g._apply(seat, kind, _legal.random_for(g, seat, kind, rng))
    k = K.from_game(g)
    trace: list[object] = []
    K.playout(k, policy if policy is not None else K.RandomPolicy(random.Random(seed)), trace=trace)
    n = 0
    for entry in trace:
        assert isinstance(entry, tuple)
        if entry[0] == "round":
            es = K.engine_snapshot(g)
            if es != entry[1]:
                return Mismatch(seed, players, n, "fast playout: " + _first_difference(entry[1], es))
            continue
        s, kind, v = entry
        ek = _legal.kind_for(g, s)
        if ek is None or K.KIND_CODE[ek] != kind:
            return Mismatch(seed, players, n, f"fast playout decision {entry} but engine waits for {g.pending()}")
        action = K.to_engine_action(kind, v)
        if not _legal.is_legal(g, s, ek, action):
            return Mismatch(seed, players, n, f"fast playout made an illegal move {action}")
        g.decisions += 1
        g._apply(s, ek, action)
        n += 1
    if not g.is_over:
        return Mismatch(seed, players, n, "the kernel game ended, the engine game did not")
    if K.engine_snapshot(g) != K.snapshot(k):
        return Mismatch(seed, players, n, "final: " + _first_difference(K.snapshot(k), K.engine_snapshot(g)))
    return None
