"""When a computer player's answer is shown (rule R9.1: timing must not tell a forced choice
from a real one).

A decision of a kind that can come with a single option — a dice selection or stuck roll to
confirm, a treasure tile to keep, skulls to turn — is answered at once when it is forced and
after a search when it is not. Shown as it comes, the time taken would tell the other players
which it was. So when such a decision comes up, a *release time* is drawn from one distribution
(:meth:`Pacing.hold`, the same for forced and chosen decisions: it is drawn before the bot
starts and without looking at the options), the bot is told to be done by then
(``stop_at``: Hard and Expert cut their search short at that moment rather than run past it),
and its answer is held until that moment. The time every other player sees is the drawn time,
whatever the bot did, and the "thinking" dots (shown once a decision has waited 0.3 s) come up
the same way, as every drawn time is longer than that.

Only an answer that arrives after its release time (a machine so loaded that even the
shortened search overruns) is shown late; :func:`tortuga_desktop.games.dice.table.controller` counts those.
Games with only computer players (demos, tests) are not paced: nobody is there to watch.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from tortuga_desktop.games.dice.rules import DecisionKind, Game

#: Decision kinds that can come with a single option (R9.1); other kinds with one option are
#: carried out by the engine itself (E1), and their options are public anyway.
HELD_KINDS = frozenset({DecisionKind.SELECT_DICE, DecisionKind.KEEP_TILE, DecisionKind.SKULL_ACTION})

#: Release time in seconds after the decision came up, drawn uniformly from (low, high) by level.
#: The lower end is above the 0.3 s after which the table shows the thinking dots; the range
#: covers the search times measured for chosen decisions (20-440 ms for Hard and Expert).
HOLD_S: dict[str, tuple[float, float]] = {
    "random": (0.4, 1.0), "easy": (0.4, 1.0), "normal": (0.4, 1.0),
    "hard": (0.5, 1.2), "expert": (0.6, 1.5),
}
#: the range for a level not in :data:`HOLD_S` (a scripted bot, a future level)
DEFAULT_HOLD_S = (0.4, 1.0)

#: The bot is told to be done this long before the release time: on a loaded machine the last
#: sample of a search can take longer than the one before it (measured: 86 of 1,000 chosen Expert
#: answers arrived after their release time at load average 13-15 on 2 cores without it)
BOT_MARGIN_S = 0.15

#: Off in tests that drive whole games frame by frame (tests/conftest.py); the game itself keeps it on.
ENABLED = True


class Pacing:
    """Draws release times and tells the time; ``clock`` and ``rng`` can be injected (tests)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, rng: random.Random | None = None) -> None:
        self.clock = clock
        self.rng = rng if rng is not None else random.Random()
        #: answers that arrived after their release time (shown late; see the module docstring)
        self.late = 0

    def hold(self, level: str) -> float:
        """Seconds from a decision coming up to its answer being shown, for a bot of ``level``."""
        low, high = HOLD_S.get(level, DEFAULT_HOLD_S)
        return low + (high - low) * self.rng.random()

    @staticmethod
    def holds(kind: DecisionKind) -> bool:
        return kind in HELD_KINDS

    def bot_deadline(self, release_at: float) -> float:
        """The moment the bot is told to be done by: ``release_at`` (this pacing's clock) less
        :data:`BOT_MARGIN_S`, as a ``time.perf_counter`` moment (the clock the bots' searches read)."""
        return time.perf_counter() + (release_at - self.clock()) - BOT_MARGIN_S


def held_positions(want: int, first_seed: int) -> tuple[list[Game], list[Game]]:
    """``want`` positions each of 3-player random games (seeds from ``first_seed`` on) where seat 0 must
    make a decision of a kind that can be forced: (forced ones, chosen ones). For measuring R9.1."""
    forced: list[Game] = []
    chosen: list[Game] = []
    game_seed = first_seed
    while len(forced) < want or len(chosen) < want:
        g = Game.new(3, seed=game_seed, log=False)
        rng = random.Random(game_seed)
        game_seed += 1
        while not g.is_over:
            d = g.decision_for(0)
            if d is not None and d.kind in HELD_KINDS:
                bucket = forced if len(g.legal_actions(0)) == 1 else chosen
                if len(bucket) < want:
                    bucket.append(g.clone())
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, rng))
    return forced, chosen


def ks_two_sample(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The two-sample Kolmogorov-Smirnov statistic of ``a`` and ``b`` and its asymptotic p-value
    (the chance of a statistic at least this large if both come from one distribution)."""
    if not a or not b:
        raise ValueError("both samples need values")
    xs, ys = sorted(a), sorted(b)
    n, m = len(xs), len(ys)
    i = j = 0
    d = 0.0
    while i < n and j < m:
        v = min(xs[i], ys[j])
        while i < n and xs[i] <= v:
            i += 1
        while j < m and ys[j] <= v:
            j += 1
        d = max(d, abs(i / n - j / m))
    en = math.sqrt(n * m / (n + m))
    lam = (en + 0.12 + 0.11 / en) * d
    if lam < 1e-3:
        return d, 1.0
    total = 0.0
    for k in range(1, 101):
        term = 2.0 * (-1) ** (k - 1) * math.exp(-2.0 * k * k * lam * lam)
        total += term
        if abs(term) < 1e-12:
            break
    return d, min(1.0, max(0.0, total))


__all__ = ["BOT_MARGIN_S", "DEFAULT_HOLD_S", "ENABLED", "HELD_KINDS", "HOLD_S", "Pacing", "held_positions",
           "ks_two_sample"]
