"""Continue pressed again and again while the background writer autosaves (issue 24.11): how
many autosaves are lost. Free-running threads (no handshake): one writer thread writes
``--saves`` autosaves of a game in play, another thread calls ``load_autosave`` (what
*Continue* does) in a loop. Prints the autosaves written, lost, and the Continue calls made.

    python -m scripts.autosave_race [--saves 200]

Before the fix Continue removed the writer's temporary file (``.autosave.json.*.tmp``) and a
share of the autosaves was lost; now each temporary belongs to the write that made it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import threading


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--saves", type=int, default=200)
    args = ap.parse_args(argv)
    os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-race-")
    from tortuga_desktop.games.dice.table import savefile as dsave
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell import saves
    from tortuga_desktop.shell.saves import SeatConfig

    writer = saves.AutosaveWriter()
    stop = threading.Event()
    continues = 0

    def press_continue() -> None:
        nonlocal continues
        while not stop.is_set():
            with contextlib.suppress(saves.SaveError):
                dsave.load_autosave()
            continues += 1

    presser = threading.Thread(target=press_continue, name="continue", daemon=True)
    presser.start()
    written = lost = 0
    seed = 1
    data = SetupConfig(seats=[SeatConfig(f"P{i}", "normal", i) for i in range(4)], seed=seed).create_game()
    rng = random.Random(7)
    while written < args.saves:
        if data.game.is_over:
            seed += 1
            data = SetupConfig(seats=[SeatConfig(f"P{i}", "normal", i) for i in range(4)], seed=seed).create_game()
        g = data.game
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
        writer.submit(data)
        writer.flush(10)
        written += 1
        if writer.last_error is not None:
            lost += 1
            writer.last_error = None
    stop.set()
    presser.join(5)
    writer.close(5)
    print(f"autosaves written {written}, lost {lost}; Continue pressed {continues} times meanwhile")
    return 0


if __name__ == "__main__":
    sys.exit(main())
