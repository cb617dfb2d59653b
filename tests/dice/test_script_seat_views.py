"""``scripts.harness.seat_views``: the positions the Expert benches search (kernel_bench's
rollouts, expert_worlds_gain's decisions)."""

from __future__ import annotations

from scripts.harness import seat_views


def test_seat_views_are_seat_zeros_choices_every_nth_one() -> None:
    every = seat_views(2, 1, 5, level="easy", every=1)
    third = seat_views(2, 1, 5, level="easy", every=3)
    assert every and all(v.viewer == 0 for v in every)
    assert third == every[::3]  # the same game, every third decision with a choice
    assert seat_views(2, 1, 5, level="easy", every=1) == every  # seeded: the same games again
