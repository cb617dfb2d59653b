"""How often one Expert option changes the move the search chooses (no games played).

Takes positions from Hard's games (every seat Hard; every 7th decision with more than one legal
move), searches each twice with the same seed and a fixed number of worlds (no time cap), with
the option off and on, and prints how many choices differ, by round and by decision kind::

    python -m scripts.expert_choice_diff --players 4 --positions 80 --worlds 240 --option tau-gap

A change of value or model that moves few choices cannot move the win share by much; one that
moves many needs games to tell whether it helps.
"""

from __future__ import annotations

import argparse
from collections import Counter

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.ai.expert import ExpertBot, search
from tortuga_desktop.games.dice.arena import EXPERT_SWITCHES
from tortuga_desktop.games.dice.rules import Game

#: the arena's on/off flags (without ``--expert-``) and the ``ExpertBot`` option each sets
OPTIONS = {key.replace("_", "-"): key for key in EXPERT_SWITCHES}


def choices(players: int, positions: int, worlds: int, option: str, seed: int) -> list[tuple[int, int, bool]]:
    """(round, decision kind, whether the option changed the choice) for each position."""
    off, on = (ExpertBot(0, worlds=worlds, budget_s=600.0, **{OPTIONS[option]: v}).think for v in (False, True))
    out: list[tuple[int, int, bool]] = []
    game_seed = seed
    while len(out) < positions:
        g = Game.new(players, seed=game_seed)
        bot = make_bot("hard", game_seed)
        game_seed += 1
        step = 0
        while not g.is_over and len(out) < positions:
            d = g.pending()[0]
            if len(g.legal_actions(d.seat)) > 1 and step % 7 == 0:
                view = g.view(d.seat)
                _, cands_a, a = search(view, 11, off)
                _, cands_b, b = search(view, 11, on)
                out.append((g.round, a.kind, cands_a[a.best] != cands_b[b.best]))
            step += 1
            g.apply(d.seat, bot.decide(g.view(d.seat)).action)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--positions", type=int, default=80)
    ap.add_argument("--worlds", type=int, default=240)
    ap.add_argument("--option", choices=tuple(OPTIONS), default="tau-gap")
    ap.add_argument("--seed", type=int, default=100, help="the first game's seed")
    a = ap.parse_args(argv)
    if a.positions < 1 or a.worlds < 1:
        ap.error("--positions and --worlds must be at least 1")
    rows = choices(a.players, a.positions, a.worlds, a.option, a.seed)
    changed = sum(c for _, _, c in rows)
    print(f"{a.players} players, {len(rows)} positions, {a.worlds} worlds, --expert-{a.option} off against on: "
          f"{changed} choices differ ({100 * changed / len(rows):.1f} %)")
    for label, key in (("round", 0), ("kind", 1)):
        total, diff = Counter(r[key] for r in rows), Counter(r[key] for r in rows if r[2])
        parts = [f"{K.KIND_OF[v].value if key else v}: {diff[v]}/{total[v]}" for v in sorted(total)]
        print(f"  by {label}: " + ", ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
