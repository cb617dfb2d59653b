"""R9.1 timing (issue 24.5): forced versus chosen computer decisions, before and with the pacing.

    python -m scripts.forced_timing [--level hard] [--decisions 1000] [--seed 1] [--think normal]

Positions: random-policy 3-player games (seeds from ``--seed``); every moment seat 0 must confirm a
dice selection or stuck roll, turn skulls or keep a treasure tile (the kinds that can be forced)
is a position, *forced* when it has one legal option and *chosen* otherwise, until there are
``--decisions`` of each. Seat 0 is a real computer player of ``--level``; the other seats are
humans (so the game is watched and paced, and only seat 0 is asked).

Each position is decided twice through the real ``GameController`` with the real bot:

- **unpaced** (the behaviour before issue 24.5): the time from the decision being asked to its
  answer being applied, and whether the thinking dots would show (the table shows them once a
  decision has waited 0.3 s);
- **paced**: the same with :class:`~tortuga_desktop.games.dice.table.pacing.Pacing`.

What is measured: the controller's clock is real time (``perf_counter``) while the bot thinks;
once the answer is in and only the hold is left, the clock skips ahead to the release time
instead of sleeping. So the bot's real search, the stop time it is given, and the controller's
release rule are all the real ones; only idle waiting is skipped. The window polls once a frame,
which adds the same 0-17 ms to both kinds; that is not modelled. Prints per mode the median and
95th percentile of each kind, the share with thinking dots, and the two-sample
Kolmogorov-Smirnov statistic and p-value (forced vs chosen), plus answers that came late.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from scripts import harness
from tortuga_desktop.games.dice.ai import make_bot
from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.controller import GameController
from tortuga_desktop.games.dice.table.pacing import HELD_KINDS, Pacing, held_positions, ks_two_sample
from tortuga_desktop.shell.saves import SeatConfig

DOTS_AFTER = 0.3


class SkipClock:
    """Real time, plus the idle waits skipped so far."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.perf_counter() + self.offset

    def skip_to(self, t: float) -> None:
        now = self()
        if t > now:
            self.offset += t - now


def time_one(game: Game, level: str, options: dict[str, Any], paced: bool, rng: random.Random,
             late: list[int]) -> tuple[float, bool]:
    clock = SkipClock()
    seats = [SeatConfig("Bot", level, 0, 7), SeatConfig("Ann", "human", 1), SeatConfig("Ben", "human", 2)]
    pacing = Pacing(clock, random.Random(rng.random())) if paced else None
    c = GameController(game, seats, bot_factory=lambda kind, s: make_bot(kind, s, **options), pacing=pacing,
                       clock=clock)
    try:
        c.poll()
        started = c.think_started
        assert started is not None and c.thinking_seat() == 0
        while True:
            events = c.poll(start_new=False)
            if events:
                waited = clock() - started
                if pacing is not None:
                    late[0] += pacing.late
                return waited, waited > DOTS_AFTER
            release = c.table.asked().get(0)
            c.table.wait(120, 0)  # its answer is there (at once if it came already) ...
            if release is not None:
                clock.skip_to(release)  # ... and its release time has come
    finally:
        c.close()


def report(name: str, forced: list[tuple[float, bool]], chosen: list[tuple[float, bool]]) -> None:
    tf = [t for t, _ in forced]
    tc = [t for t, _ in chosen]
    d, p = ks_two_sample(tf, tc)

    def q(xs: list[float], f: float) -> float:
        return sorted(xs)[min(len(xs) - 1, int(f * len(xs)))] * 1000

    print(f"{name:8s} forced: median {statistics.median(tf) * 1000:7.1f} ms, 95% {q(tf, 0.95):7.1f} ms, dots "
          f"{sum(x for _, x in forced) / len(forced):.3f} | chosen: median {statistics.median(tc) * 1000:7.1f} ms, "
          f"95% {q(tc, 0.95):7.1f} ms, dots {sum(x for _, x in chosen) / len(chosen):.3f} | "
          f"KS D = {d:.3f}, p = {p:.3g}")


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard", "expert"))
    ap.add_argument("--decisions", type=int, default=1000, help="forced and chosen decisions (each)")
    ap.add_argument("--think", default="normal", help="Expert's thinking time (fast, normal, long)")
    a = ap.parse_args(argv)
    options: dict[str, Any] = {"think": a.think} if a.level == "expert" else {}
    t0 = time.perf_counter()
    forced, chosen = held_positions(a.decisions, a.seed * 100_003)
    kinds = {k: sum(1 for g in forced if (d := g.decision_for(0)) is not None and d.kind == k) for k in HELD_KINDS}
    print(f"forced_timing: level {a.level}{' (' + a.think + ')' if a.level == 'expert' else ''}, "
          f"{a.decisions} forced and {a.decisions} chosen positions (forced by kind: "
          f"{', '.join(f'{k.value} {n}' for k, n in sorted(kinds.items(), key=lambda kv: kv[0].value))})")
    rng = random.Random(a.seed)
    late = [0]
    for paced in (False, True):
        f = [time_one(g.clone(), a.level, options, paced, rng, late) for g in forced]
        c = [time_one(g.clone(), a.level, options, paced, rng, late) for g in chosen]
        report("paced" if paced else "unpaced", f, c)
    print(f"answers that came after their release time (paced): {late[0]}; {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
