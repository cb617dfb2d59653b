"""How well Expert's rollout policy predicts a level's own choices (its opponent model).

Plays games between bots of one level (Hard by default) through the engine; at every decision
of the kinds the rollout policy makes differently from the searching seat's view (which action
the dice go to, whom to board or raid, where the skulls and the bonus tile go) it asks the
rollout policy, playing an opponent, what it would do in the same position, and counts how
often the two agree. Prints one line per setting::

    python -m scripts.opponent_fit --players 4 --games 40 --level hard
    python -m scripts.opponent_fit --players 2 --games 60 --opp-attack 1.0,0.5
    python -m scripts.opponent_fit --players 4 --games 20 --seed 7 --opp-attack 1.0   (issue 29's model)

Agreement is a cheap stand-in for arena games when tuning the opponent model: a rollout whose
opponents play like the real ones estimates the real game better.
"""

from __future__ import annotations

import random

from scripts import harness
from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai.bots import build_bot
from tortuga_desktop.games.dice.ai.expert import RolloutPolicy
from tortuga_desktop.games.dice.rules import Game

KINDS = {K.K_SELECT: "dice", K.K_POSITION: "attack", K.K_SKULL: "skulls", K.K_BONUS: "bonus"}


def collect(players: int, games: int, seed: int, level: str) -> list[tuple[K.KState, int, int, object]]:
    """(kernel state, seat, kind, the level's choice) at every compared decision."""
    out: list[tuple[K.KState, int, int, object]] = []
    for gi in range(games):
        gs = seed * 10_000 + gi
        bots = [build_bot(level, seed=gs * 10 + s) for s in range(players)]
        g = Game.new(players=players, seed=gs, start_player=gi % players, log=False)
        while not g.is_over:
            d = g.pending()[0]
            legal = g.legal_actions(d.seat)
            choice = bots[d.seat].decide(g.view(d.seat)).action
            if len(legal) > 1:
                k = K.from_game(g)
                kind = K.kind_for(k, d.seat)
                if kind in KINDS and not (kind == K.K_POSITION and k.act_action <= 2):
                    out.append((k, d.seat, kind, K.to_kernel_action(choice)))
            g.apply(d.seat, choice)
    return out


def agreement(samples: list[tuple[K.KState, int, int, object]], opp_attack: float, seed: int,
              model: bool = False, targets: bool = False, root_hard: bool = False) -> dict[str, tuple[int, int]]:
    """Per decision kind: (choices the rollout policy shares with the level, choices compared).
    ``targets``, ``root_hard``: the 3-4 player model's Hard-like targets, and Hard's heuristic for
    dice, skulls and bonus tiles as in the searched decision's own round (every sample is one)."""
    rng = random.Random(seed)
    tally: dict[str, list[int]] = {}
    for k, s, kind, real in samples:
        pol = RolloutPolicy(rng, me=-1, opp_attack=opp_attack, model=model, targets=targets)  # every seat an opponent
        if root_hard:
            pol.hard_round = k.round
        if kind == K.K_SELECT:
            fm = K.face_masks(k, s)
            mine = pol.select(k, s, fm)
            assert isinstance(real, int)
            same = K.selection_action(k, s, mine) == K.selection_action(k, s, real)  # -1: skulls alone
        else:
            mine = pol.choose(k, s, kind, K.options(k, s, kind))
            same = mine == real
        key = KINDS[kind] if kind != K.K_POSITION else ("attack 1st" if k.act_pos == 0 else "attack 2nd")
        t = tally.setdefault(key, [0, 0])
        t[0] += int(same)
        t[1] += 1
    return {key: (v[0], v[1]) for key, v in tally.items()}


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--opp-attack", default="1.0,0.5")
    args = ap.parse_args(argv)
    samples = collect(args.players, args.games, args.seed, args.level)
    print(f"{args.level}, {args.players} players, {args.games} games: {len(samples)} decisions compared")
    variants = [("model off", False, False, False), ("model on", True, False, False)]
    if args.players > 2:  # Expert's model with 3-4 players
        variants += [("+ targets", True, True, False), ("+ targets + searched round", True, True, True)]
    for name, model, targets, root_hard in variants:
        for x in (float(v) for v in args.opp_attack.split(",")):
            res = agreement(samples, x, args.seed, model, targets, root_hard)
            parts = [f"{key} {a / max(1, n):.3f} ({n})" for key, (a, n) in sorted(res.items())]
            total = sum(a for a, _ in res.values()) / max(1, sum(n for _, n in res.values()))
            print(f"{name} opp_attack {x:.2f}: all {total:.3f} | " + " | ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
