"""Rule R9.1 at a network table: a computer player's answer to a decision that can be forced (dice
selection, skulls, treasure tile) is shown no sooner than a release time drawn when it is asked, from
one distribution for forced and chosen decisions alike, so the time it takes tells nobody which it was.
On 127.0.0.1, with a fixed hold injected so that the check is exact."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from test_net_game import Player, make_table, pump_until, start_server

from tortuga_desktop.games.dice.table import pacing
from tortuga_desktop.games.dice.table.pacing import Pacing
from tortuga_desktop.net.runner import Runner
from tortuga_desktop.net.server import SeatSlot, Table

HOLD = 0.25


class FixedHold(Pacing):
    def hold(self, level: str) -> float:
        return HOLD


def test_computer_answers_that_can_be_forced_are_held_to_their_release_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pacing, "ENABLED", True)  # tests/conftest.py switches it off for whole-game tests
    asked: dict[tuple[str, int], tuple[float, float, bool]] = {}
    shown: dict[tuple[str, int], float] = {}
    release_time = Runner._release_time
    bot_result = Runner._bot_result

    def spy_release(self: Runner, game: Any, slot: SeatSlot, now: float) -> float | None:
        release = release_time(self, game, slot, now)
        if release is not None:
            forced = len(game.legal_actions(slot.index)) == 1
            asked[(slot.index, slot.pending_since)] = (now, release, forced)  # type: ignore[index]
        return release

    def spy_result(self: Runner, table: Table, slot: SeatSlot, since: int, fut: Any) -> None:
        if (slot.index, since) in asked:
            shown[(slot.index, since)] = self.core.loop.time() if self.core.loop else time.monotonic()  # type: ignore[index]
        bot_result(self, table, slot, since, fut)

    monkeypatch.setattr(Runner, "_release_time", spy_release)
    monkeypatch.setattr(Runner, "_bot_result", spy_result)
    st = start_server()
    st.server.pacing = FixedHold(rng=random.Random(1))
    table = make_table(st, "occ", auto_start=True)
    player = Player(st.port, table.code, seed=3, name="Ann")
    try:
        # play on until both a forced and a chosen held decision have been answered (games are dealt at random)
        def enough() -> bool:
            kinds = {asked[k][2] for k in shown if k in asked}
            return len(shown) >= 10 and kinds == {True, False}

        pump_until([player], lambda: enough() or (table.game is not None and table.game.is_over), timeout=120)
    finally:
        player.client.close()
        st.stop()
    assert len(shown) >= 10
    for key, at in shown.items():
        now, release, _forced = asked[key]
        assert release == pytest.approx(now + HOLD)
        assert at >= release - 1e-3, f"seat {key[0]}'s answer was shown {release - at:.3f} s before its release time"
    assert any(forced for _, _, forced in asked.values()), "no forced decision was held"
    assert any(not forced for _, _, forced in asked.values())
