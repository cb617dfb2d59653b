"""Record -> replay over many random games: each game is kept as a replay file (RecordKeeper,
JSON), read back and played through the replay timeline; the final state and events must be
the game's own, and a random position inside must equal a plain replay of the entries so far.

    python -m scripts.replay_check [--games 1000]

The default test run checks 200 of these games (tests/dice/test_replay_timeline.py).
"""

from __future__ import annotations

import time

from scripts import harness
from tortuga_desktop.devtools.replaycheck import record_replays_exactly


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__)
    ap.add_argument("--games", type=int, default=1000)
    games = ap.parse_args(argv).games
    t0 = time.perf_counter()
    failed = []
    for i in range(10_000, 10_000 + games):
        try:
            record_replays_exactly(i)
        except AssertionError as exc:
            failed.append((i, exc))
    took = time.perf_counter() - t0
    print(f"record -> replay: {games - len(failed)}/{games} random games give the same state and events "
          f"({took:.1f} s)")
    for i, exc in failed[:5]:
        print(f"  seed {i}: {exc}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
