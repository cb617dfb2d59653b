"""Playout kernel speed beside the engine's, measured in the same run.

    python -m scripts.kernel_bench [--games 2000] [--runs 5] [--players 4]

Times random games from setup to the end on one core, alternating engine and kernel
``--runs`` times, and prints the median games per second of

- ``engine playout``: ``Game.playout`` with events off (the engine's own fastest path, the
  figure scripts/engine_bench.py reports);
- ``kernel playout``: :func:`tortuga_desktop.games.dice.ai.kernel.playout` with its random policy
  (what ``python -m tortuga_desktop.sim --fast`` runs);
- ``kernel step``: the kernel's general state machine, one ``apply`` per decision with the
  engine-identical random policy (the path a search uses at its root).

    python -m scripts.kernel_bench --rollouts [--positions 40] [--worlds 4] [--runs 5]

``--rollouts``: Expert's rollouts (kernel + rollout policy, issue 29): CPU time per rollout of
today's code, with the compiled kernel (when it runs: ``tortuga --version`` says) and with the
pure-Python one (the reference, loaded from the sources), beside the code before issue 29 (read
from git history by ``scripts/baseline.py``), in the same run,
on the same positions, worlds and seeds: positions from games between Normal bots (every third
decision of seat 0 with a choice), ``--worlds`` sampled worlds each, up to four candidate moves
in each world, each rollout as the search plays it (the state copied with the world's future
dice, the candidate applied, played on with the rollout policy: two rounds and the projection
with 3-4 players, to the end with 2; then valued). All must reach the same values (the same
moves for the same seeds), which the script checks before printing. Times are CPU time
(``time.process_time``), the wall clock in brackets: on a shared machine the wall clock also
counts the time others run; on a quiet one they agree.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from types import ModuleType
from typing import Any

from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.rules import Game, PlayerView, determinize

from .harness import seat_views


def engine(games: int, players: int) -> float:
    t = time.perf_counter()
    for i in range(games):
        Game.new(players, 1000 + i, log=False).playout(random.Random(i))
    return games / (time.perf_counter() - t)


def kernel(games: int, players: int) -> float:
    t = time.perf_counter()
    for i in range(games):
        K.playout(K.new_game(players, 1000 + i), K.RandomPolicy(random.Random(i)))
    return games / (time.perf_counter() - t)


def kernel_step(games: int, players: int) -> float:
    t = time.perf_counter()
    for i in range(games):
        K.random_playout(K.new_game(players, 1000 + i), random.Random(i))
    return games / (time.perf_counter() - t)


def _jobs(views: list[PlayerView], worlds: int) -> list[tuple[int, int, list[Any], int, int, Game]]:
    """Per position and world: (seat, decision kind, candidates, dice seed, policy seed, world)."""
    out = []
    for i, v in enumerate(views):
        rng = random.Random(i)
        me = v.viewer
        assert isinstance(me, int)
        g0 = determinize(v, rng.randrange(2**31))
        d = g0.decision_for(me)
        assert d is not None
        cands = [K.to_kernel_action(a) for a in g0.legal_actions(me)][:4]
        for w in range(worlds):
            world = g0 if w == 0 else determinize(v, rng.randrange(2**31))
            out.append((me, K.KIND_CODE[d.kind], cands, rng.randrange(2**31), rng.randrange(2**31), world))
    return out


def rollouts_old(jobs: list[Any], players: int) -> tuple[float, float, list[tuple[float, float]]]:
    """The search's inner loop before issue 29 (frozen copies): CPU and wall seconds per rollout, values."""
    from scripts.baseline import load

    K1 = load("kernel_v1")
    E1 = load("expert_v1")
    th = E1.THINK["normal"]
    opp, horizon = (th.opp_attack if players == 2 else 1.0), th.horizon_for(players)
    model = False  # see rollouts_new
    rounds = E1.MAX_ROUNDS if horizon is None else horizon
    bases = [K1.from_game(j[5]) for j in jobs]
    out = []
    t, w = time.process_time(), time.perf_counter()
    for (me, kind, cands, ds, ps, _w), base in zip(jobs, bases, strict=True):
        for c in cands:
            k = base.copy(random.Random(ds))
            K1.apply(k, me, kind, c)
            K1.playout(k, E1.RolloutPolicy(random.Random(ps), me, opp, model), rounds)
            out.append(E1._value(k, me) if k.over else E1._projected_value(k, me, th.tau))
    return (time.process_time() - t) / len(out), (time.perf_counter() - w) / len(out), out


def rollouts_new(jobs: list[Any], players: int, K: ModuleType,
                 E: ModuleType, today: bool = False) -> tuple[float, float, list[tuple[float, float]]]:
    """The search's inner loop today (:func:`tortuga_desktop.games.dice.ai.expert.search`) on the kernel ``K``
    and the Expert module ``E`` bound to it (compiled or pure Python): CPU and wall seconds per
    rollout, values. The rollout policy plays without an opponent model, as both sides can (the
    models changed since: the kernel now shows the skull choice its selection, and Hard-like
    opponents came with 3-4 players), so that both sides play the same rollouts; ``today``:
    Expert's policy of today instead (its opponent model; with 3-4 players Hard-like opponents,
    whose targets and searched round cost more per rollout), one policy per position as in the
    search."""
    th = E.THINK["normal"]
    opp, horizon = (th.opp_attack if players == 2 else 1.0), th.horizon_for(players)
    rounds = E.MAX_ROUNDS if horizon is None else horizon
    bases = [K.from_game(j[5]) for j in jobs]
    out = []
    dice_rng, policy_rng = random.Random(), random.Random()
    t, w = time.process_time(), time.perf_counter()
    last: list[Any] | None = None
    policy = E.RolloutPolicy(policy_rng, -1, opp)
    for (me, kind, cands, ds, ps, world), base in zip(jobs, bases, strict=True):
        if cands is not last:  # a new position: a new policy (the search makes one per decision)
            last = cands
            policy = E.rollout_policy(th, policy_rng, me, world) if today else E.RolloutPolicy(policy_rng, me, opp)
        for c in cands:
            dice_rng.seed(ds)
            k = base.copy(dice_rng)
            K.apply(k, me, kind, c)
            policy.reseed(ps)
            K.playout(k, policy, rounds)
            out.append(E._value(k, me) if k.over else E._projected_value(k, me, th.tau))
    return (time.process_time() - t) / len(out), (time.perf_counter() - w) / len(out), out


def rollout_bench(a: argparse.Namespace) -> int:
    from tortuga_desktop.games.dice.ai import expert, kernel_mode

    pure_k, _pure_r, pure_e = kernel_mode.reference()
    compiled = kernel_mode.compiled()
    print(f"{kernel_mode.describe()}; per rollout: CPU time of this process (wall clock in brackets)")
    for players in (4, 2):
        views = seat_views(players, a.games_for_positions, 4000 + players)[: a.positions]
        jobs = _jobs(views, a.worlds)
        cpu: dict[str, list[float]] = {"old": [], "pure": [], "now": []}
        wall: dict[str, list[float]] = {"old": [], "pure": [], "now": []}
        for _ in range(a.runs):
            c_old, w_old, v_old = rollouts_old(jobs, players)
            c_pure, w_pure, v_pure = rollouts_new(jobs, players, pure_k, pure_e)
            c_new, w_new, v_new = (rollouts_new(jobs, players, K, expert) if compiled else (c_pure, w_pure, v_pure))
            for name, vals in (("pure Python", v_pure), ("now", v_new)):
                if vals != v_old:
                    bad = next(i for i in range(len(v_old)) if v_old[i] != vals[i])
                    print(f"{players} players: rollout {bad} differs: before {v_old[bad]}, {name} {vals[bad]}")
                    return 1
            for d, o, p, n in ((cpu, c_old, c_pure, c_new), (wall, w_old, w_pure, w_new)):
                d["old"].append(o)
                d["pure"].append(p)
                d["now"].append(n)
        today = [rollouts_new(jobs, players, K, expert, today=True)[:2] for _ in range(a.runs)] if compiled else []
        med = {k: (statistics.median(cpu[k]), statistics.median(wall[k])) for k in cpu}
        print(f"{players} players: {len(v_new)} rollouts ({len(views)} positions x {a.worlds} worlds x up to 4 "
              f"moves), median of {a.runs} alternating runs, all values equal before and now")
        rows = [("before issue 29", "old"), ("now, pure-Python kernel", "pure")]
        if compiled:
            rows.append(("now, compiled kernel", "now"))
        (co, wo) = med["old"]
        for label, key in rows:
            c, w = med[key]
            ratio = "" if key == "old" else f"   {co / c:4.2f}x faster ({wo / w:4.2f}x)"
            print(f"  {label:26} {1e3 * c:7.3f} ms per rollout ({1e3 * w:7.3f} ms){ratio}")
        if today:
            c, w = statistics.median(x[0] for x in today), statistics.median(x[1] for x in today)
            label = "today's opponent model"
            print(f"  {label:26} {1e3 * c:7.3f} ms per rollout ({1e3 * w:7.3f} ms)   "
                  f"{co / c:4.2f}x faster ({wo / w:4.2f}x); compiled, its own rollouts (not compared)")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--rollouts", action="store_true", help="time Expert's rollouts, before issue 29 and now")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=4)
    ap.add_argument("--games-for-positions", type=int, default=3)
    a = ap.parse_args()
    if a.rollouts:
        return rollout_bench(a)
    runs: dict[str, list[float]] = {"engine playout": [], "kernel playout": [], "kernel step": []}
    for _ in range(a.runs):
        runs["engine playout"].append(engine(max(1, a.games // 4), a.players))
        runs["kernel playout"].append(kernel(a.games, a.players))
        runs["kernel step"].append(kernel_step(max(1, a.games // 4), a.players))
    base = statistics.median(runs["engine playout"])
    print(f"{a.players}-player random games per second on one core, median of {a.runs} alternating runs "
          f"({a.games} kernel games, {max(1, a.games // 4)} engine games per run)")
    print(f"{'path':16} {'games/s':>9} {'vs engine':>10}")
    for name, vals in runs.items():
        m = statistics.median(vals)
        print(f"{name:16} {m:9.1f} {m / base:9.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
