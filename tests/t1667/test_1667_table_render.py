"""The 1667 table renderer (app/render/table1667.py), headless: it draws any seat's view of random
games for 2, 5 and 9 seats at three window sizes, and what it draws comes from that view alone (issue 28)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pygame
import pytest

from tortuga_desktop.games.t1667.rules import Game, Loyalty, PlayerView
from tortuga_desktop.games.t1667.table.panel import PanelState, panel_for
from tortuga_desktop.games.t1667.table.render import LOYALTY_STYLES, SEAT_STYLES, Table1667Renderer
from tortuga_desktop.shell import art, i18n

SIZES = [(1280, 720), (1920, 1080), (2560, 1440)]
RENDER = Path(__file__).resolve().parents[2] / "tortuga_desktop" / "t1667" / "table" / "render.py"


def _positions(players: int, seed: int, stops: int) -> list[tuple[PlayerView, list[object]]]:
    """Views (and legal actions) of one seat at ``stops`` points of a random game, the end included."""
    g = Game.new(players, seed)
    rng = random.Random(seed)
    out: list[tuple[PlayerView, list[object]]] = []
    every = 7
    n = 0
    while not g.is_over:
        pend = g.pending()
        seat = pend[rng.randrange(len(pend))].seat
        if n % every == 0 and len(out) < stops - 1:
            out.append((g.view(seat), list(g.legal_actions(seat))))
        legal = g.legal_actions(seat)
        g.apply(seat, legal[rng.randrange(len(legal))])
        n += 1
    out.append((g.view(rng.randrange(players)), []))
    return out


@pytest.mark.parametrize("players", [2, 5, 9])
def test_draws_random_games_at_every_size(players: int) -> None:
    renderers = {size: Table1667Renderer(size, players) for size in SIZES}
    surfaces = {size: pygame.Surface(size) for size in SIZES}
    for seed in range(2):
        for k, (view, legal) in enumerate(_positions(players, 100 + seed, 6)):
            size = SIZES[k % len(SIZES)]
            panel = panel_for(view, legal)  # type: ignore[arg-type]
            state = PanelState(panel, 0) if panel.groups and len(panel.groups[0].options) > 1 else None
            renderers[size].draw(surfaces[size], view, panel, state)
    for size, surf in surfaces.items():  # something was drawn, not a blank frame
        assert len({surf.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 41)}) > 20


def test_draws_in_every_language_and_with_the_window_resized() -> None:
    g = Game.new(9, 4)
    view = g.view(g.active)
    r = Table1667Renderer((1280, 720), 9)
    try:
        for code in ("en", "de", "nl", "es"):
            i18n.set_language(code)
            for size in SIZES:
                r.draw(pygame.Surface(size), view, panel_for(view, g.legal_actions(g.active)))
                assert r.layout.size == size
    finally:
        i18n.set_language("en")


def test_text_is_never_below_twelve_pixels_at_1280() -> None:
    """Nine seats at 1280x720 stay readable: every text the table renders is at least 12 px."""
    g = Game.new(9, 8)
    rng = random.Random(8)
    for _ in range(60):
        if g.is_over:
            break
        pend = g.pending()
        seat = pend[rng.randrange(len(pend))].seat
        legal = g.legal_actions(seat)
        g.apply(seat, legal[rng.randrange(len(legal))])
    view = g.view(g.pending()[0].seat if g.pending() else 0)
    art.font.cache_clear()
    probe: dict[int, tuple[str, pygame.Surface, int]] = {}
    art.TEXT_PROBE = probe
    try:
        from tortuga_desktop.games.t1667.table import render as table1667

        table1667._text.cache_clear()
        Table1667Renderer((1280, 720), 9).draw(pygame.Surface((1280, 720)), view,
                                               panel_for(view, g.legal_actions(view.seat)))
    finally:
        art.TEXT_PROBE = None
        art.font.cache_clear()
    sizes = [px for _t, _s, px in probe.values()]
    assert sizes and min(sizes) >= 11  # glyph badges; words below
    words = [px for t, _s, px in probe.values() if any(c.isalpha() for c in t) and len(t) > 1]
    assert words and min(words) >= 12, sorted(set(words))


def test_seat_and_loyalty_markers_differ_in_shape_not_only_colour() -> None:
    assert len({s.shape for s in SEAT_STYLES}) == len(SEAT_STYLES) == 9
    assert len({s.rgb for s in SEAT_STYLES}) == 9
    assert len({s.shape for s in LOYALTY_STYLES.values()}) == len(Loyalty) == 3


# ---------------------------------------------------------------------------------------------- privacy
def test_the_renderer_takes_a_view_never_a_game() -> None:
    g = Game.new(4, 2)
    r = Table1667Renderer((1280, 720), 4)
    with pytest.raises(TypeError):
        r.draw(pygame.Surface((1280, 720)), g)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Table1667Renderer((1280, 720), 5).draw(pygame.Surface((1280, 720)), g.view(0))


def test_the_renderer_imports_nothing_that_holds_the_whole_game() -> None:
    """Its inputs are only the seat's view: the module imports the view, cards and panel data, never the
    engine (``Game``, the state, scenarios, records) nor the computer players."""
    tree = ast.parse(RENDER.read_text(encoding="utf-8"))
    imported: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            imported += [a.name for a in node.names]
    t1667 = [m.removeprefix("tortuga_desktop.") for m in imported if m.startswith("t1667") or ".t1667" in m]
    # its sibling drawing modules (the table's geometry, the panel's data, event words) hold no game
    t1667 = [m for m in t1667 if not m.startswith(("t1667.table.layout.", "t1667.table.panel.", "t1667.table.eventtext."))]
    views = ("t1667.rules.views.PlayerView", "t1667.rules.views.PublicView", "t1667.rules.views.TableView")
    assert t1667 and all(m.startswith("t1667.rules.cards.") or m in (*views, "t1667.rules.state.Kind")
                         for m in t1667), t1667
    assert not any(m.split(".")[-1] in ("Game", "position", "replay", "GameRecord") for m in imported)
    assert not any(".ai" in m for m in imported)


def test_hidden_information_outside_the_view_changes_no_pixel() -> None:
    """Two games that differ only in what seat 0 may not know (other seats' hands and loyalties, the
    decks' order, unviewed row cards) give seat 0 equal views and the very same frame."""
    a = Game.new(5, 21)
    b = a.clone()
    me = 0
    others = [s for s in range(5) if s != me]
    # swap two other seats' loyalties and hands, reverse the vote deck and the event deck (Armada kept last)
    s1, s2 = others[0], others[1]
    b.loyalty[s1], b.loyalty[s2] = b.loyalty[s2], b.loyalty[s1]
    b.hands[s1], b.hands[s2] = b.hands[s2], b.hands[s1]
    b.vote_deck.reverse()
    b.deck[:-1] = list(reversed(b.deck[:-1]))
    unseen = [i for i in range(5) if (i + 1) not in b.known[me]]
    b.row[unseen[0]], b.row[unseen[1]] = b.row[unseen[1]], b.row[unseen[0]]
    assert a.snapshot() != b.snapshot()
    va, vb = a.view(me), b.view(me)
    assert va == vb
    r = Table1667Renderer((1280, 720), 5)
    fa, fb = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    r.draw(fa, va, panel_for(va, a.legal_actions(me)))
    r.draw(fb, vb, panel_for(vb, b.legal_actions(me)))
    assert pygame.image.tobytes(fa, "RGB") == pygame.image.tobytes(fb, "RGB")


def test_a_frame_drawn_after_others_equals_one_drawn_afresh() -> None:
    """The renderer redraws only the parts of the table whose view fields changed; every frame must still
    be exactly what a new renderer draws from the same view (no stale part)."""
    size = (1280, 720)
    kept = Table1667Renderer(size, 5)
    surf, fresh_surf = pygame.Surface(size), pygame.Surface(size)
    g = Game.new(5, 33)
    rng = random.Random(33)
    checked = 0
    step = 0
    while not g.is_over and checked < 12:
        view = g.view(1)
        panel = panel_for(view, g.legal_actions(1))
        kept.draw(surf, view, panel)
        if step % 5 == 0:
            Table1667Renderer(size, 5).draw(fresh_surf, view, panel)
            assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(fresh_surf, "RGB"), step
            checked += 1
        pend = g.pending()
        seat = pend[rng.randrange(len(pend))].seat
        legal = g.legal_actions(seat)
        g.apply(seat, legal[rng.randrange(len(legal))])
        step += 1
    assert checked >= 5


def test_every_shown_field_redraws_its_part() -> None:
    """Change one field of a view at a time: the kept renderer's frame must equal a fresh one's."""
    from dataclasses import replace

    from tortuga_desktop.games.t1667.rules import EventCard, Loyalty, SlotView

    g = Game.new(5, 12)
    base = g.view(0)
    r0 = base.row[0]
    variants = {
        "hand": replace(base, hand=base.hand[1:]),
        "hand_sizes": replace(base, hand_sizes=(base.hand_sizes[0], 1, *base.hand_sizes[2:])),
        "row": replace(base, row=(SlotView(1, True, EventCard.PISTOL, (0,)), *base.row[1:])),
        "row_empty": replace(base, row=(SlotView(r0.slot, False, None, ()), *base.row[1:])),
        "front": replace(base, front=(base.front[0], (EventCard.ALBATROSS,), *base.front[2:])),
        "galleon": replace(base, galleon=base.galleon - 1,
                           tortuga=((base.tortuga[0][0], base.tortuga[0][1] + 1), base.tortuga[1])),
        "names": replace(base, names=(base.names[0], "Zed", *base.names[2:])),
        "discard": replace(base, discard=(EventCard.SPOT,)),
        "deck_size": replace(base, deck_size=base.deck_size - 1),
        "vote_deck_size": replace(base, vote_deck_size=base.vote_deck_size - 1),
        "loyalties": replace(base, loyalties=(base.loyalties[0], Loyalty.DUTCH, *base.loyalties[2:])),
        "active": replace(base, active=(base.active + 1) % 5),
        "destroyed": replace(base, destroyed=base.rowboats[0][0]),
        "armada": replace(base, armada_at_bottom=False, final_row=True),
    }
    size = (1280, 720)
    kept = Table1667Renderer(size, 5)
    surf, fresh = pygame.Surface(size), pygame.Surface(size)
    for name, v in variants.items():
        kept.draw(surf, base)
        kept.draw(surf, v)
        Table1667Renderer(size, 5).draw(fresh, v)
        assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(fresh, "RGB"), name


@pytest.mark.parametrize("players", [2, 5, 9])
def test_the_shared_screen_is_the_same_from_every_seat(players: int) -> None:
    """Hot-seat's shared screen (``shared=True``) draws only public facts (T9.1): at any moment, every
    seat's view gives the very same frame, so no hand, loyalty, viewed card or vote choice can show."""
    size = (1280, 720)
    renderers = [Table1667Renderer(size, players) for _ in range(players)]
    surfs = [pygame.Surface(size) for _ in range(players)]
    public, public_surf = Table1667Renderer(size, players), pygame.Surface(size)
    g = Game.new(players, 50 + players)
    rng = random.Random(players)
    step = checked = 0
    while not g.is_over or checked == 0:
        if step % 9 == 0 or g.is_over:
            for seat in range(players):
                renderers[seat].draw(surfs[seat], g.view(seat), shared=True)
            first = pygame.image.tobytes(surfs[0], "RGB")
            assert all(pygame.image.tobytes(s, "RGB") == first for s in surfs[1:]), step
            # the public view (a shared screen's own view, T9.1) draws that very frame
            public.draw(public_surf, g.view(None))
            assert pygame.image.tobytes(public_surf, "RGB") == first, step
            checked += 1
        if g.is_over:
            break
        pend = g.pending()
        seat = pend[rng.randrange(len(pend))].seat
        legal = g.legal_actions(seat)
        g.apply(seat, legal[rng.randrange(len(legal))])
        step += 1
    assert checked >= 3
    # and the private frame of a seat does differ from the shared one (its hand and loyalty show)
    own = pygame.Surface(size)
    Table1667Renderer(size, players).draw(own, g.view(0))
    assert pygame.image.tobytes(own, "RGB") != pygame.image.tobytes(surfs[0], "RGB")
