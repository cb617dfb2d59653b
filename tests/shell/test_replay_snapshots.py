"""``ReplayTable`` jumps from copies of the game (an engine offering :class:`~tortuga_desktop.shell.engine.Snapshots`):
it keeps one every ``snapshot_every`` entries as it first passes them, a jump back or far forward starts from the
nearest one at or before the position (fewer than ``snapshot_every`` entries replayed), and what it shows is the same
as replaying from the start. An engine that cannot copy itself is replayed from its start, as before."""

from __future__ import annotations

import pytest
from fake_game import Sticks, SticksView, Take, Took
from hypothesis import given, settings
from hypothesis import strategies as st

from tortuga_desktop.shell.engine import Snapshots
from tortuga_desktop.shell.replay import ReplayTable

PILE = 40
#: a long sticks game: one stick each turn (40 entries, seat 1 takes the last)
ENTRIES = tuple((i % 2, "take 1") for i in range(PILE))


class LongSticks(Sticks):
    """The fake game with a longer pile, counting how many actions all its engines applied."""

    applied = 0

    def __init__(self) -> None:
        super().__init__(sticks=PILE)

    def apply(self, seat: int, action: Take) -> None:
        LongSticks.applied += 1
        super().apply(seat, action)


class CopyingSticks(LongSticks):
    """... and able to copy itself (the shell's Snapshots capability)."""

    copies = 0

    def clone(self) -> CopyingSticks:
        CopyingSticks.copies += 1
        twin = CopyingSticks()
        twin.sticks, twin.moves = self.sticks, list(self.moves)
        return twin


def table(start: type[LongSticks], every: int = 8) -> ReplayTable[SticksView, Take, Took]:
    LongSticks.applied = 0
    return ReplayTable(start, ENTRIES, names=("Ann", "Bob"), kinds=("human", "easy"), viewer=None,
                       snapshot_every=every)


def replayed(n: int) -> Sticks:
    """The game after the first ``n`` entries, replayed from the start."""
    g = Sticks(sticks=PILE)
    for seat, text in ENTRIES[:n]:
        g.apply(seat, g.parse_action(text))
    return g


def test_the_fake_game_that_copies_itself_offers_snapshots_and_the_plain_one_does_not() -> None:
    assert isinstance(CopyingSticks(), Snapshots)
    assert not isinstance(LongSticks(), Snapshots)


def test_a_jump_back_replays_from_the_nearest_copy_not_from_the_start() -> None:
    t = table(CopyingSticks, every=8)
    t.seek(PILE)  # the first pass keeps copies at 0, 8, 16, 24, 32, 40
    assert LongSticks.applied == PILE and t.is_over
    LongSticks.applied = 0
    t.seek(35)
    assert LongSticks.applied == 3 and t.position == 35 and t.view(None) == replayed(35).view(None)
    LongSticks.applied = 0
    t.seek(13)
    assert LongSticks.applied == 5 and t.view(None).sticks == PILE - 13
    LongSticks.applied = 0
    t.seek(38)  # far forward, past a kept copy: from the copy at 32
    assert LongSticks.applied == 6 and t.events_for(None) == replayed(38).events_for(None)
    LongSticks.applied = 0
    t.seek(39)  # one step forward: no copy needed
    assert LongSticks.applied == 1


def test_without_copies_a_jump_back_replays_from_the_start_as_before() -> None:
    t = table(LongSticks, every=8)
    t.seek(PILE)
    LongSticks.applied = 0
    t.seek(35)
    assert LongSticks.applied == 35 and t.view(None) == replayed(35).view(None)


def test_copies_are_kept_as_the_table_first_passes_them_and_stay_untouched() -> None:
    t = table(CopyingSticks, every=4)
    t.seek(10)  # copies at 0, 4, 8 only
    LongSticks.applied = 0
    t.seek(30)  # on from where it stands (10, past the last copy there is): 20 entries, keeping copies at 12 .. 28
    assert LongSticks.applied == 20
    for k, applied in ((29, 1), (2, 2), (17, 1), (30, 2), (0, 0), (12, 0), (40, 12), (39, 3)):
        LongSticks.applied = 0  # 40: from the copy at 28, the last one there was; 39 then from the one at 36
        t.seek(k)
        assert t.view(None) == replayed(k).view(None) and tuple(t.events_for(None)) == tuple(replayed(k).moves)
        assert LongSticks.applied == applied, k


def test_snapshot_every_must_be_a_whole_number_from_one() -> None:
    for bad in (0, -3, True, 2.5):
        with pytest.raises(ValueError, match="snapshot_every"):
            ReplayTable(CopyingSticks, ENTRIES, names=("Ann", "Bob"), kinds=("human", "easy"), viewer=None,
                        snapshot_every=bad)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(every=st.integers(1, 12), jumps=st.lists(st.integers(0, PILE), min_size=1, max_size=12))
def test_any_jumps_show_what_replaying_from_the_start_shows(every: int, jumps: list[int]) -> None:
    t = table(CopyingSticks, every=every)
    for k in jumps:
        t.seek(k)
        want = replayed(k)
        assert t.position == k and t.view(None) == want.view(None) and t.is_over == want.is_over
        assert tuple(t.events_for(None)) == tuple(want.moves)
        assert t.engine.decisions == k
