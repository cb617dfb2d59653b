"""Cost of the game log and of the decision panel (issue 18: consequences, log folding).

    SDL_VIDEODRIVER=dummy python -m scripts.glance_bench

Prints the ms per call of ``GameController.log_lines`` for a whole finished 4-player game (done
once per shown move) and of one decision-panel draw with its highlights (done per drawn frame
while a human decides). For a baseline in the same run, run it again with PYTHONPATH pointing
at another checkout (e.g. ``PYTHONPATH=/path/to/main python -m scripts.glance_bench``).
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    import pygame

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.rules.prompt import seat_prompt
    from tortuga_desktop.games.dice.rules.scenario import position
    from tortuga_desktop.games.dice.table.controller import GameController, demo_seats
    from tortuga_desktop.games.dice.table.human import DecisionPanel

    seats = demo_seats(4, 3)
    g = Game.new(4, 3, names=[s.name for s in seats])
    c = GameController(g, seats)
    while not g.is_over:
        c.poll(start_new=True, budget_s=2)
    c.close()
    t = time.perf_counter()
    for _ in range(100):
        n = len(c.log_lines(None))
    print(f"log_lines: {(time.perf_counter() - t) * 10:.2f} ms per call ({n} lines, {len(c._reasons)} reasons)")

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1920, 1080))
    b = position(players=4, start=1, phase="actions", action="board", seats=[
        {"placed": {"board": "AB", "fleet": "CDE"}, "fleet": "RBW", "boat": 4},
        {"placed": {"board": "C", "raid": "AB", "hunt": "DE"}, "fleet": "YP", "boat": 2},
        {"placed": {"hunt": "ABCDE"}, "fleet": "R", "boat": 5}, {"placed": {"fleet": "ABCDE"}}])
    ui = DecisionPanel.of(seat_prompt(b, 0))

    class Renderer:
        prompt_rect = pygame.Rect(1500, 730, 410, 340)

    ui.draw(screen, Renderer)
    t = time.perf_counter()
    for _ in range(200):
        ui.draw(screen, Renderer)
        ui.marks()
    print(f"decision panel draw + highlights: {(time.perf_counter() - t) * 5:.2f} ms per frame")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
