"""Tortuga 1667 bot arena: team win shares, deduction accuracy and decision times.

    python -m tortuga_desktop.arena --game 1667 --teams normal,easy --players 6 --games 400 --seed 1
    python -m tortuga_desktop.arena --game 1667 --seats hard,normal,normal,normal,normal,normal --games 400 --seed 2

``--teams A,B``: every British seat plays level A and every French seat level B, and each game
seed is played a second time with the levels swapped (the same deal: common random numbers), so
neither level profits from a lucky side. The Dutch seat of an odd table plays ``--dutch``. It prints
team A's win share with a 95 % interval that treats the two games of a seed as one linked sample.

``--seats L0,L1,…``: the levels by seat; every game seed is played once per rotation of the seats.
It prints, per entry, the win share beside the share its team's result predicts: a seat of the
winning team wins, so an entry's expected share is the mean over its games of the winners' share of
the seats.

With ``--deduction`` every Normal/Hard seat's most likely loyalty assignment is scored against the
truth (other seats only) at each tenth of the game, and at the end before the loyalties turn up: the mean over
every deducing seat's score, with a 95 % interval centred on it that takes each game seed as one sample
(:func:`deduction_by_tenth`).
Decision times are CPU milliseconds of the deciding thread, per level (p50 / p95).

With ``--talk on`` every seat speaks at the table as at a local table (its
:class:`~tortuga_desktop.games.t1667.ai.seat.SeatPlayer` talk: answers, claims, accusations, vouches,
reports, reactions), each line going into the game so the others hear it (Normal and Hard read it as
evidence); after every move each seat in turn hears what is new and may speak. It prints the lines said per
game by kind and any line the game refused. ``--talk off`` (the default): nobody speaks.

A level may be given as ``LEVEL-truthful`` (``hard-truthful``): that level, whose talk never lies (every claim
its loyalty, every report the card it saw). It is a variant for measuring what lying is worth, not a level a
player can choose: ``--teams hard,hard-truthful --talk on``; ``--seats`` of ``normal-truthful`` for a table
whose talk is all true.

With ``--workers 1``, a SIGTERM (as ``timeout`` sends) or Ctrl+C stops the run after the game in
progress and prints the report over the seeds whose games all finished, marked ``"stopped_early"``,
so a time-bounded run still gives its figures.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tortuga_desktop.games.t1667.ai.bots import LEVELS, Bot, NormalBot, make_bot
from tortuga_desktop.games.t1667.ai.seat import SeatPlayer, make_player
from tortuga_desktop.games.t1667.rules import Game, IllegalActionError
from tortuga_desktop.games.t1667.rules.events import Talked
from tortuga_desktop.games.t1667.sim import derive_seed_1667
from tortuga_desktop.serialrun import run_serial, stop_on_sigterm


@dataclass
class GameResult:
    """One game: the winners, each seat's level, deduction accuracy by tenth, and decision times by level."""

    levels: list[str]
    winners: list[int]
    loyalties: list[str]
    actions: int
    reason: str
    accuracy: list[list[float]] = field(default_factory=list)  # per tenth 0..10: accuracies of deducing seats
    times_ms: dict[str, list[float]] = field(default_factory=dict)
    #: lines of talk said, by kind, and lines the game refused
    talk: dict[str, int] = field(default_factory=dict)
    refused: int = 0


#: the suffix of a level whose talk never lies (``hard-truthful``)
TRUTHFUL = "-truthful"


def level_of(spec: str) -> tuple[str, bool]:
    """A level as the arena takes it (``hard``, ``hard-truthful``): the level and whether its talk never lies;
    ValueError for a level the game does not have."""
    level, truthful = (spec[: -len(TRUTHFUL)], True) if spec.endswith(TRUTHFUL) else (spec, False)
    if level not in LEVELS:
        raise ValueError(f"unknown level {spec!r:.30}: one of {', '.join(LEVELS)}, each also as LEVEL{TRUTHFUL}")
    return level, truthful


def _valid(spec: str) -> bool:
    try:
        level_of(spec)
    except ValueError:
        return False
    return True


def play_game(levels: Sequence[str], seed: int, bot_seed: int, deduction: bool = False,
              talk: bool = False) -> GameResult:
    """Play one game with ``levels[s]`` at seat ``s`` (``talk``: the seats speak, and hear each other)."""
    n = len(levels)
    g = Game.new(players=n, seed=seed)
    kinds = [level_of(spec) for spec in levels]
    players = [make_player(kinds[s][0], bot_seed * 31 + s, truthful=kinds[s][1]) for s in range(n)] if talk else []
    bots: list[Bot] = ([p.bot for p in players] if talk
                       else [make_bot(kinds[s][0], bot_seed * 31 + s) for s in range(n)])
    refused = 0
    seen = [0] * n
    times: dict[str, list[float]] = {}
    snapshots: list[list[float]] = [[] for _ in range(11)]
    deck0 = len(g.deck) + 5
    last_tenth = -1
    while not g.is_over:
        if talk:
            refused += _talk_round(g, players, seen)
        pend = g.pending()
        seat = pend[0].seat
        for s in range(n):
            if s == seat or deduction:
                ev = g.events_for(s, seen[s])
                seen[s] = len(g.log)
                (players[s] if talk else bots[s]).observe(ev)
        view = g.view(seat)
        legal = g.legal_actions(seat)
        t0 = time.thread_time()
        choice = bots[seat].decide(view, legal)
        times.setdefault(levels[seat], []).append((time.thread_time() - t0) * 1000)
        g.apply(seat, choice.action)
        if deduction:
            progress = 1 - (len(g.deck) + sum(c is not None for c in g.row)) / deck0
            tenth = max(0, min(9, int(progress * 10)))
            if tenth != last_tenth:
                last_tenth = tenth
                snapshots[tenth].extend(_accuracy(bots, g))
    if deduction:
        # at the end, before the loyalties turn up: the belief as it stood after the last action
        snapshots[10].extend(_accuracy(bots, g))
    out = g.outcome
    assert out is not None
    said: dict[str, int] = {}
    for e in g.log:
        if isinstance(e, Talked):
            said[e.say.kind.value] = said.get(e.say.kind.value, 0) + 1
    return GameResult(list(levels), list(out.winners), [lo.value for lo in g.loyalty], g.decisions,
                      out.reason.value, snapshots, times, said, refused)


def _talk_round(g: Game, players: Sequence[SeatPlayer], seen: list[int]) -> int:
    """Each seat in turn hears what is new (the lines of the seats before it included) and may speak; its
    lines go into the game. Returns how many lines the game refused (a fault of the talk: none expected)."""
    refused = 0
    for s, p in enumerate(players):
        if g.is_over:
            break
        ev = g.events_for(s, seen[s])
        seen[s] = len(g.log)
        p.observe(ev)
        for line in p.talk(g.view(s)):
            try:
                g.apply(s, line)
            except IllegalActionError:
                refused += 1
    return refused


def deduction_by_tenth(meta: Sequence[tuple[int, int]],
                       results: Sequence[GameResult]) -> tuple[list[float | None], list[list[float] | None]]:
    """The deduction accuracy at each tenth 0..10 and its 95 % interval, one estimator for both.

    The figure is the mean over every deducing seat's score in every game (``meta[i]`` is the
    ``(seed index, variant)`` of ``results[i]``). Its interval takes each game seed as one sample (a
    seed's games, one per rotation or side, share the deal; the seats of a game share its events):
    with ``S_j`` the sum and ``n_j`` the number of seed ``j``'s scores, ``N`` all scores and ``k``
    seeds, the mean is ``m = sum S_j / N`` and its cluster-robust standard error is
    ``sqrt(k / (k - 1) * sum (S_j - m n_j)^2) / N``; the interval is ``m`` ± 1.96 of it, cut to 0..1.
    When every seed has as many scores this is the normal interval over the seeds' own means. None
    where a tenth has no score (no interval with fewer than two seeds)."""
    points: list[float | None] = []
    intervals: list[list[float] | None] = []
    for tenth in range(11):
        per_seed: dict[int, list[float]] = {}
        for (i, _variant), res in zip(meta, results, strict=True):
            per_seed.setdefault(i, []).extend(res.accuracy[tenth])
        seeds = [(math.fsum(v), len(v)) for v in per_seed.values() if v]
        total = sum(n for _s, n in seeds)
        if not total:
            points.append(None)
            intervals.append(None)
            continue
        m = math.fsum(s for s, _n in seeds) / total
        points.append(round(m, 3))
        k = len(seeds)
        if k < 2:
            intervals.append(None)
            continue
        half = 1.96 * math.sqrt(k / (k - 1) * math.fsum((s - m * n) ** 2 for s, n in seeds)) / total
        intervals.append([round(max(0.0, m - half), 3), round(min(1.0, m + half), 3)])
    return points, intervals


def _accuracy(bots: Sequence[Any], g: Game) -> list[float]:
    """How much of each deducing seat's most likely assignment is right (other seats; the end's reveal unread)."""
    out = []
    for s, b in enumerate(bots):
        if not isinstance(b, NormalBot):
            continue
        b.flush(g.view(s), keep_end=False)
        if b.belief is None:
            continue
        guess = b.belief.most_likely()
        others = [t for t in range(g.players) if t != s and g.players != 2]
        if others:
            out.append(sum(guess[t] is g.loyalty[t] for t in others) / len(others))
    return out


def _job(args: tuple[list[str], int, int, bool, bool]) -> GameResult:
    return play_game(*args)


def wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def linked_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean of per-seed values with a normal 95 % interval (each value is one seed's linked games)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, 0.0, 1.0
    se = statistics.stdev(values) / math.sqrt(len(values))
    return m, max(0.0, m - 1.96 * se), min(1.0, m + 1.96 * se)


def _pct(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def team_report(meta: Sequence[tuple[int, int]], results: Sequence[GameResult], pair: list[str],
                players: int) -> dict[str, Any]:
    """Wins by team (and Dutch wins, draws) with Wilson intervals, and team A's share over both variants of
    each seed with an interval that treats a seed's two games as one linked sample."""
    a_key, b_key = (pair[0], pair[1]) if pair[0] != pair[1] else ("team A", "team B")
    wins = {a_key: 0, b_key: 0, "dutch": 0, "draw": 0}
    per_seed: dict[int, list[float]] = {}
    for (i, variant), res in zip(meta, results, strict=True):
        team_a = "british" if variant == 0 else "french"
        winner = res.loyalties[res.winners[0]] if res.winners else None
        key = "draw" if winner is None else "dutch" if winner == "dutch" else a_key if winner == team_a else b_key
        wins[key] += 1
        per_seed.setdefault(i, []).append(1.0 if key == a_key else 0.0)
    m, lo, hi = linked_interval([statistics.fmean(v) for v in per_seed.values()])
    n = len(results)
    shares = {k: {"share": round(w / n, 4), "ci95": [round(x, 4) for x in wilson(w, n)]} for k, w in wins.items()}
    return {"teams": pair, "players": players, "wins": wins, "shares": shares, "team_a_win_share": round(m, 3),
            "interval_95_linked": [round(lo, 3), round(hi, 3)]}


def seat_report(meta: Sequence[tuple[int, int]], results: Sequence[GameResult], seats: list[str]) -> list[dict[str, Any]]:
    """Each entry's win share (Wilson 95 %) beside the share its games' winners predict."""
    n = len(seats)
    wins: dict[int, list[float]] = {k: [] for k in range(n)}
    expect: dict[int, list[float]] = {k: [] for k in range(n)}
    for (_i, r), res in zip(meta, results, strict=True):
        for k in range(n):
            seat = (k + r) % n
            wins[k].append(1.0 if seat in res.winners else 0.0)
            expect[k].append(len(res.winners) / n)
    out = []
    for k, lvl in enumerate(seats):
        lo, hi = wilson(sum(wins[k]), len(wins[k]))
        out.append({"seat_entry": k, "level": lvl, "win_share": round(statistics.fmean(wins[k]), 3),
                    "interval_95": [round(lo, 3), round(hi, 3)], "expected_share": round(statistics.fmean(expect[k]), 3)})
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tortuga_desktop.arena --game 1667", description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("1667",), default="1667")
    ap.add_argument("--teams", help="A,B: British seats play A, French seats B, then swapped")
    ap.add_argument("--seats", help="levels by seat, rotated")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--dutch", default="normal", help="the Dutch seat's level in --teams with an odd table")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--deduction", action="store_true", help="score Normal/Hard beliefs against the truth")
    ap.add_argument("--talk", choices=("on", "off"), default="off",
                    help="on: the computer players talk at the table and hear each other")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.workers == 1:
        stop_on_sigterm()
    if (a.teams is None) == (a.seats is None):
        ap.error("give --teams A,B or --seats L0,L1,...")
    if a.games < 1 or a.workers < 1:
        ap.error("--games and --workers must be at least 1")
    talk = a.talk == "on"
    jobs: list[tuple[list[str], int, int, bool, bool]] = []
    meta: list[tuple[int, int]] = []  # (seed index, variant)
    if a.teams is not None:
        pair = a.teams.split(",")
        if len(pair) != 2 or not all(_valid(x) for x in (*pair, a.dutch)):
            ap.error(f"--teams takes two of {', '.join(LEVELS)} (each also as LEVEL{TRUTHFUL})")
        if not 2 <= a.players <= 9:
            ap.error("--players: 2-9")
        for i in range(a.games):
            seed = derive_seed_1667(a.seed, i)
            lo = [x.value for x in Game.new(players=a.players, seed=seed).loyalty]
            for variant, (b_lvl, f_lvl) in enumerate(((pair[0], pair[1]), (pair[1], pair[0]))):
                levels = [b_lvl if x == "british" else f_lvl if x == "french" else a.dutch for x in lo]
                jobs.append((levels, seed, i, a.deduction, talk))
                meta.append((i, variant))
    else:
        seats = a.seats.split(",")
        if not all(_valid(x) for x in seats) or not 2 <= len(seats) <= 9:
            ap.error(f"--seats: 2-9 of {', '.join(LEVELS)} (each also as LEVEL{TRUTHFUL})")
        n = len(seats)
        for i in range(a.games):
            seed = derive_seed_1667(a.seed, i)
            for r in range(n):
                jobs.append(([seats[(k - r) % n] for k in range(n)], seed, i, a.deduction, talk))
                meta.append((i, r))
    t0 = time.perf_counter()
    stopped = False
    if a.workers == 1:
        per_seed = 2 if a.teams is not None else len(a.seats.split(","))
        results, stopped = run_serial(jobs, _job, per_seed)
        meta = meta[:len(results)]
        if not results:
            print("stopped before a seed's games all finished: no figures", file=sys.stderr)
            return 1
    else:
        with ProcessPoolExecutor(a.workers) as ex:
            results = list(ex.map(_job, jobs, chunksize=4))
    seconds = time.perf_counter() - t0
    report: dict[str, Any] = {"games": len(results), "seconds": round(seconds, 1), "seed": a.seed, "talk": a.talk}
    if stopped:
        report["stopped_early"] = True
    if a.teams is not None:
        report.update(team_report(meta, results, a.teams.split(","), a.players))
    else:
        report["entries"] = seat_report(meta, results, a.seats.split(","))
    times: dict[str, list[float]] = {}
    for res in results:
        for lvl, ts in res.times_ms.items():
            times.setdefault(lvl, []).extend(ts)
    report["decision_ms"] = {lvl: {"p50": round(_pct(ts, 0.5), 2), "p95": round(_pct(ts, 0.95), 2),
                                   "decisions": len(ts)} for lvl, ts in sorted(times.items())}
    actions = [res.actions for res in results]
    report["actions"] = {"median": statistics.median(actions), "max": max(actions)}
    reasons: dict[str, int] = {}
    for res in results:
        reasons[res.reason] = reasons.get(res.reason, 0) + 1
    report["end_reasons"] = reasons
    if talk:
        kinds: dict[str, int] = {}
        for res in results:
            for k, v in res.talk.items():
                kinds[k] = kinds.get(k, 0) + v
        report["talk_lines_per_game"] = {k: round(v / len(results), 1) for k, v in sorted(kinds.items())}
        report["talk_refused"] = sum(res.refused for res in results)
    if a.deduction:
        report["deduction_by_tenth"], report["deduction_ci95_by_tenth"] = deduction_by_tenth(meta, results)
    if a.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
