"""``ReplayTable`` parses each entry of a record once, when it is built: the actions of that pass tell talk from
decisions (``decision_total``, ``decisions_before``) and are the ones ``step`` carries out, forward and after a seek
back to the start; an entry whose text is no action is refused when it comes, every time it comes."""

from __future__ import annotations

import pytest
from fake_game import Sticks, SticksView, Take, Took

from tortuga_desktop.shell.engine import ActionRefused
from tortuga_desktop.shell.replay import ReplayTable

ENTRIES = ((0, "take 2"), (1, "take 1"), (0, "take 2"), (1, "take 2"))  # seven sticks: the last take wins


class CountingSticks(Sticks):
    """The fake game counting every text its engines parse (one counter for every engine ``start`` makes)."""

    parsed: list[str] = []

    def parse_action(self, text: str) -> Take:
        CountingSticks.parsed.append(text)
        return super().parse_action(text)


def replay(entries: tuple[tuple[int, str], ...]) -> ReplayTable[SticksView, Take, Took]:
    CountingSticks.parsed = []
    return ReplayTable(CountingSticks, entries, names=("Ann", "Bob"), kinds=("human", "easy"), viewer=None)


def test_each_entry_is_parsed_once_when_the_replay_is_built_and_never_while_stepping() -> None:
    table = replay(ENTRIES)
    assert CountingSticks.parsed == [text for _seat, text in ENTRIES]
    assert table.decision_total == 4 and table.decisions_before(2) == 2
    moves = [table.step() for _ in ENTRIES]
    assert [(m.seat, m.action) for m in moves if m is not None] == [(0, Take(2)), (1, Take(1)), (0, Take(2)),
                                                                     (1, Take(2))]
    assert table.step() is None and table.is_over
    table.seek(1)  # back: a fresh engine, the entries replayed from the start
    table.seek(4)
    assert table.is_over and table.view(None).winner == 1
    assert len(CountingSticks.parsed) == len(ENTRIES)


def test_an_entry_that_is_no_action_is_refused_when_it_comes_each_time() -> None:
    table = replay(((0, "take 2"), (1, "fly away"), (0, "take 1")))
    assert table.decision_total == 3  # it counts as a decision: it is reported when it comes
    assert table.step() is not None
    for _ in range(2):
        with pytest.raises(ActionRefused, match="not an action"):
            table.step()
        assert table.position == 1 and table.view(None).sticks == 5
    with pytest.raises(ActionRefused, match="not an action"):
        table.seek(3)
    table.seek(0)
    assert table.position == 0 and table.view(None).sticks == 7
    assert len(CountingSticks.parsed) == 3
