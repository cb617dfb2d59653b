"""Typed player views (R9): built by allow-list, JSON round trip, and the privacy property.

The property: re-randomise every fact a seat must not know — other seats' unrevealed dice and
selections, their kept and returned tiles, the tiles someone else drew, the pool's make-up, other
seats' secret arrangements, the random state — and that seat's view stays the same, byte for
byte in JSON. And the reverse: every public fact of R9.3 is in every seat's view.
"""

from __future__ import annotations

import random

import pytest

from tortuga_desktop.games.dice.rules import DecisionKind, Game, StateFormatError, determinize
from tortuga_desktop.games.dice.rules.views import PlayerView


def positions(games: int, seed: int) -> list[Game]:
    """Copies of games at many decision points (every decision kind), from seeded random play."""
    rng = random.Random(seed)
    out: list[Game] = []
    for gi in range(games):
        g = Game.new(2 + gi % 3, rng.randrange(2**32))
        while not g.is_over:
            if rng.random() < 0.3:
                out.append(g.clone())
            d = g.pending()[0]
            g.apply(d.seat, g.random_action(d.seat, rng))
        out.append(g.clone())
    return out


POSITIONS = positions(60, 1)


def rerandomise_hidden(g: Game, viewer: int | None, rng: random.Random) -> Game:
    """A copy of ``g`` with every fact hidden from ``viewer`` changed at random."""
    h = g.clone()
    h.rng.seed(rng.randrange(2**63))
    revealed = not (h.phase == "dice" and h.stage == "select")
    decider = h.act_order[h.act_pos] if h.act_order and h.act_pos < len(h.act_order) else None
    # Tiles nobody but their holder knows: others' kept tiles, the pool, others' drawn tiles.
    others = [i for i in range(h.players) if i != viewer]
    unknown = [v for v, c in zip((1, 2, 3), h.pool, strict=True) for _ in range(c)]
    for i in others:
        unknown += h.seats[i].tiles
    hidden_drawn = bool(h.drawn) and decider != viewer
    if hidden_drawn:
        unknown += h.drawn
    rng.shuffle(unknown)
    for i in others:
        k = len(h.seats[i].tiles)
        h.seats[i].tiles, unknown = unknown[:k], unknown[k:]
        h.seats[i].returned = [rng.randint(1, 3) for _ in range(rng.randrange(4))]
    if hidden_drawn:
        k = len(h.drawn)
        h.drawn, unknown = unknown[:k], unknown[k:]
    h.pool = [unknown.count(v) for v in (1, 2, 3)]
    for i in others:
        p = h.seats[i]
        if p.roll is not None and not p.open_roll and not (revealed and i in h.stuck):
            shown = set(p.selection or ()) if revealed else set()
            p.roll = [f if d in shown else rng.randrange(6) for d, f in zip(p.hand, p.roll, strict=True)]
            if not revealed and p.selection is not None:
                p.selection = tuple(sorted(rng.sample(p.hand, rng.randint(0, len(p.hand)))))
    return h


def test_positions_cover_every_decision_kind() -> None:
    kinds = {d.kind for g in POSITIONS for d in g.pending()}
    assert kinds == set(DecisionKind)
    assert len(POSITIONS) >= 2000


def test_views_do_not_change_when_hidden_facts_change() -> None:
    """R9: a seat's view (JSON bytes) is the same whatever the facts hidden from it are."""
    rng = random.Random(5)
    checked = 0
    for g in POSITIONS:
        for viewer in [None, *range(g.players)]:
            before = g.view(viewer).to_bytes()
            for _ in range(2):
                assert rerandomise_hidden(g, viewer, rng).view(viewer).to_bytes() == before
                checked += 1
    assert checked > 10_000


def test_the_property_sees_a_leak() -> None:
    """The re-randomiser changes what it hides: the owner's own view does change (so the test
    above could fail)."""
    rng = random.Random(9)
    changed = 0
    for g in POSITIONS[:400]:
        for seat in range(g.players):
            other = (seat + 1) % g.players
            h = rerandomise_hidden(g, other, rng)  # hidden from `other`, known to `seat`
            changed += h.view(seat).to_bytes() != g.view(seat).to_bytes()
    assert changed > 100


def test_every_public_fact_is_in_every_view() -> None:
    """R9.3: tokens, bonus tiles, chests, center island, bag counts, placed dice, start player,
    tile counts and pool size are the same in every seat's view and equal to the game."""
    for g in POSITIONS[::3]:
        for viewer in [None, *range(g.players)]:
            v = g.view(viewer)
            assert v.start == g.start and v.round == g.round and v.phase == g.phase
            assert list(v.bag) == g.bag and list(v.center) == g.center and v.supply == g.supply
            assert v.pool_size == sum(g.pool)
            assert [p.seat for p in v.pending] == [d.seat for d in g.pending()]
            for i, (sv, p) in enumerate(zip(v.seats, g.seats, strict=True)):
                assert (sv.boat, sv.pirate) == (p.boat, p.pirate)
                assert [list(sv.tortuga), list(sv.fleet), list(sv.crew), list(sv.island)] == \
                    [p.tortuga, p.fleet, p.crew, p.island]
                assert list(sv.bonus) == p.bonus and [list(x) for x in sv.placed] == p.placed
                assert list(sv.hand) == p.hand and sv.tile_count == len(p.tiles)
                if i == viewer:  # and the owner's own secrets
                    assert sv.tiles == tuple(p.tiles) and sv.returned == tuple(p.returned)
                    assert sv.roll == (None if p.roll is None else tuple(p.roll))
                else:
                    assert sv.tiles is None and sv.returned is None


def test_forced_and_stuck_rolls_look_like_chosen_ones() -> None:
    """R9.1: before the reveal, others see only who is still choosing."""
    for g in POSITIONS:
        if g.phase != "dice" or g.stage != "select":
            continue
        for viewer in range(g.players):
            v = g.view(viewer)
            assert v.stuck == ()
            for i in g.rollers:
                if i != viewer:
                    sv = v.seats[i]
                    assert sv.roll is None and sv.selection is None
                    assert sv.done == (g.seats[i].selection is not None)
                    assert (i in v.waiting()) == (not sv.done)


def test_json_round_trip_is_lossless() -> None:
    for g in POSITIONS[::5]:
        for viewer in [None, *range(g.players)]:
            v = g.view(viewer)
            assert PlayerView.from_json(v.to_json()) == v
            assert PlayerView.from_bytes(v.to_bytes()) == v


@pytest.mark.parametrize("change", [
    lambda d: d.pop("seats"), lambda d: d.update(version=99), lambda d: d.update(players=7),
    lambda d: d.update(names=["\x00", "b"]), lambda d: d["seats"][0].update(boat=9),
    lambda d: d["seats"][0].update(roll=[1, 2]), lambda d: d.update(phase="lunch"),
    lambda d: d.update(pending=[[0, "nap"]]), lambda d: d.update(bag=[1e999, 0, 0, 0, 0]),
    lambda d: d["seats"][1].update(tiles="3"), lambda d: d.update(center=[1, 0, 0, 0, 0]),
])
def test_bad_view_data_is_refused(change: object) -> None:
    d = Game.new(2, 3).view(0).to_json()
    change(d)  # type: ignore[operator]
    with pytest.raises(StateFormatError):
        PlayerView.from_json(d)
    with pytest.raises(StateFormatError):
        PlayerView.from_bytes(b"{not json")


def test_determinize_gives_a_game_with_the_same_view() -> None:
    """A determinised game looks exactly like the view it came from, to that seat."""
    rng = random.Random(2)
    for g in POSITIONS[::7]:
        for d in g.pending():
            v = g.view(d.seat)
            h = determinize(v, rng.randrange(2**31))
            assert h.view(d.seat) == v
            assert h.legal_actions(d.seat) == g.legal_actions(d.seat)


def test_view_rejects_a_bad_seat() -> None:
    g = Game.new(3, 1)
    for bad in (-1, 3, True, "0"):
        with pytest.raises(Exception) as info:
            g.view(bad)  # type: ignore[arg-type]
        assert type(info.value).__name__ == "MalformedActionError"


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33)])
def test_views_built_together_are_the_views_built_alone(players: int, seed: int) -> None:
    """player_views (the server builds every seat's view at once, sharing what seats see
    alike) gives exactly player_view's view for each viewer, and so does its shared JSON."""
    from tortuga_desktop.games.dice.rules.views import SeatView, player_view, player_views

    g = Game.new(players, seed=seed, log=False)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        viewers: list[int | None] = [*range(players), None]
        together = player_views(g, viewers)
        alone = [player_view(g, v) for v in viewers]
        assert together == alone
        memo: dict[int, tuple[SeatView, dict[str, object]]] = {}
        assert [v.to_json(memo) for v in together] == [v.to_json() for v in alone]
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
        steps += 1
    assert steps > 50
