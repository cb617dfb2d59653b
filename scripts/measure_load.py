"""Time loading an autosave of a whole 4-player game (issue 16.5: loading replays the record).

    python -m scripts.measure_load [--seed 7] [--repeat 5]

Plays a 4-player game to its end with a fixed random policy, writes it as the autosave, then
loads it ``--repeat`` times and prints the decisions replayed and the load times in ms.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time

from scripts import harness


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=7)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-load-")

    from tortuga_desktop.games.dice.table import savefile as dsave
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell import saves
    from tortuga_desktop.shell.saves import SeatConfig

    seats = [SeatConfig(n, k, i) for i, (n, k) in enumerate(
        [("Anna", "human"), ("Bart", "easy"), ("Clara", "normal"), ("Dirk", "hard")])]
    data = SetupConfig(seats=seats, seed=args.seed).create_game()
    g = data.game
    rng = random.Random(args.seed)
    while not g.is_over:
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    path = saves.write_save(saves.autosave_path(), data)
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        loaded = dsave.load_save(path)
        times.append((time.perf_counter() - t0) * 1000)
        assert loaded.game.to_dict() == g.to_dict()
    size_kb = path.stat().st_size / 1024
    print(f"measure_load: 4 players, {g.decisions} decisions ({len(g.record().entries)} record entries), "
          f"{size_kb:.0f} KB; load_save ms: min {min(times):.1f}, median {sorted(times)[len(times) // 2]:.1f}, "
          f"max {max(times):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
