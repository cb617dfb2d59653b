"""The layout test (issue 18): at 1280x720, 1920x1080 and 2560x1440, in every language, on
every screen and with every kind of decision panel, no text leaves its box, no two texts
overlap and no two interactive things overlap.

Computed from the layout, not from pixels: each screen reports its boxes and interactive
rects (:func:`tortuga_desktop.shell.layout.report_of`), and the texts come from the blits of
surfaces the game's fonts rendered (:data:`tortuga_desktop.shell.art.TEXT_PROBE`), drawn onto a
surface that notes where each text went.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.rules import DecisionKind, Game
from tortuga_desktop.games.dice.rules.prompt import seat_prompt
from tortuga_desktop.games.dice.table.controller import finished_source
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.layout import table_report
from tortuga_desktop.games.dice.table.render.table import AnimState, TableRenderer
from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
from tortuga_desktop.games.dice.table.scenes.help import HelpScene
from tortuga_desktop.games.dice.table.scenes.results import ResultsScene
from tortuga_desktop.games.dice.table.scenes.setup import SetupScene
from tortuga_desktop.shell import art, i18n
from tortuga_desktop.shell.layout import LayoutReport, report_of, set_ui_scale, ui_scale
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes.menu import MenuScene
from tortuga_desktop.shell.scenes.pause import PauseScene
from tortuga_desktop.shell.scenes.saveload import LoadScene, SaveScene
from tortuga_desktop.shell.scenes.settings import SettingsScene
from tortuga_desktop.shell.scenes.stats import StatsScene
from tortuga_desktop.shell.settings import Settings

SIZES = [(1280, 720), (1920, 1080), (2560, 1440)]
LANGUAGES = ["en", "de", "nl", "es"]
SEATS = [SeatConfig("Anne Bonny", "human", 0), SeatConfig("Blackbeard", "hard", 1),
         SeatConfig("Calico Jack", "normal", 2), SeatConfig("Mary Read", "easy", 3)]


class RecordingSurface(pygame.Surface):
    """A surface that notes where each text (a surface of :data:`art.TEXT_PROBE`) went."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: list[tuple[str, pygame.Rect]] = []
        #: every text with its font size (px)
        self.sized: list[tuple[str, pygame.Rect, int]] = []
        #: texts whose glyphs were cut: by the blit's area or by the surface's edge
        self.clipped: list[tuple[str, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        r = super().blit(source, dest, area, special_flags)
        probe = art.TEXT_PROBE
        hit = probe.get(id(source)) if probe is not None else None
        if hit is not None and hit[1] is source and hit[0].strip() and r.w > 0:
            # The ink of the text (a text surface has empty space above and below the glyphs).
            ink = source.get_bounding_rect().move(r.x - (area[0] if area else 0), r.y - (area[1] if area else 0))
            # what the blit meant to show: the area asked for, not what the surface's edge left of it
            # (a text cut by the window's edge leaves its box)
            x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
            meant = pygame.Rect(x, y, *(pygame.Rect(area).size if area else source.get_size()))
            self.texts.append((hit[0], ink.clip(meant) if area else ink))
            self.sized.append((hit[0], ink.clip(r), hit[2]))
            if ink.clip(r).w < ink.w - 1 or ink.clip(r).h < ink.h - 1:
                self.clipped.append((hit[0], ink))
        return r


@pytest.fixture(scope="module", autouse=True)
def _probe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    from tortuga_desktop.games.dice.table.render import table as table_render

    old_home = os.environ.get("TORTUGA_HOME")
    os.environ["TORTUGA_HOME"] = str(tmp_path_factory.mktemp("home"))
    art.TEXT_PROBE = {}
    table_render.text.cache_clear()
    table_render._wrap.cache_clear()
    yield
    art.TEXT_PROBE = None
    table_render.text.cache_clear()
    i18n.set_language("en")
    if old_home is not None:
        os.environ["TORTUGA_HOME"] = old_home


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    """Each test here that switches the language puts English back (the next test in this
    process may be one that reads English texts)."""
    yield
    i18n.set_language("en")


def check(rep: LayoutReport, texts: list[tuple[str, pygame.Rect]], size: tuple[int, int], where: str) -> list[str]:
    """Problems: a text outside the smallest box around its centre (1 px of slack for glyph
    edges), two texts over each other, a text over an interactive thing it is not in, and two
    interactive things over each other."""
    screen = pygame.Rect(0, 0, *size)
    out: list[str] = []
    boxes = rep.boxes
    clicks = [r for _n, r in rep.interactive]
    placed: list[tuple[str, pygame.Rect]] = []
    for t, r in texts:
        core = r.inflate(-2, -2)
        around = [b for b in boxes if b.collidepoint(r.center)]
        box = min(around, key=lambda b: b.w * b.h) if around else screen
        if not box.contains(core):
            out.append(f"{where}: text {t!r} at {r} leaves its box {box}")
        for c in clicks:
            if c.colliderect(core) and not c.contains(box) and not box.contains(c):
                out.append(f"{where}: text {t!r} at {r} lies over {c}")
                break
        for t2, r2 in placed:
            if t2 != t and r2.inflate(-2, -2).colliderect(core):  # the same text again: an outline
                out.append(f"{where}: texts {t!r} and {t2!r} overlap at {r} / {r2}")
                break
        placed.append((t, r))
    items = rep.interactive
    for i, (n1, r1) in enumerate(items):
        for n2, r2 in items[i + 1:]:
            if r1.colliderect(r2):
                out.append(f"{where}: {n1} {r1} and {n2} {r2} overlap")
    return out


def draw_scene(app: App, scene: Any) -> tuple[LayoutReport, list[tuple[str, pygame.Rect]]]:
    """Draw the visible scenes down to ``scene``'s opaque base onto a recording surface."""
    app.step(1 / 60)
    surf = RecordingSurface(app.size)
    start = max(i for i, s in enumerate(app.scenes) if s.opaque or i == 0)
    for s in app.scenes[start:]:
        if s is scene:
            surf.texts.clear()  # only the top screen's own texts
            invalidate = getattr(s, "invalidate", None)
            if callable(invalidate):
                invalidate()  # draw everything now, not from cached pictures
        s.draw(surf)
    return report_of(scene, app.ui if scene is app.top else None), surf.texts


def finished_game() -> Game:
    g = Game.new(4, 11, names=[s.name for s in SEATS])
    rng = random.Random(3)
    while not g.is_over:
        seat = g.to_move()[0]
        g.apply(seat, g.random_action(seat, rng))
    return g


def decision_states() -> list[tuple[Game, int]]:
    """One game state for every kind of decision (a copy, with the deciding seat)."""
    found: dict[DecisionKind, tuple[Game, int]] = {}
    for seed in range(40):
        g = Game.new(4, seed, names=[s.name for s in SEATS])
        rng = random.Random(seed)
        while not g.is_over and len(found) < len(DecisionKind):
            d = g.pending()[0]
            found.setdefault(d.kind, (g.clone(), d.seat))
            g.apply(d.seat, g.random_action(d.seat, rng))
        if len(found) == len(DecisionKind):
            break
    assert set(found) == set(DecisionKind)
    return list(found.values())


STATES = decision_states()
FINISHED = finished_game()


def screens(app: App) -> Iterator[tuple[str, Any]]:
    """Push each screen in turn and yield it (the caller checks it before the next)."""
    app.clear_to(MenuScene())
    yield "menu", app.top
    for n in (4, 3, 2):
        setup = SetupScene(SetupConfig(seats=SEATS[:n]), remember=False)
        app.push(setup)
        yield f"setup {n}", setup
        app.pop()
    for cls in (SettingsScene, StatsScene, LoadScene, HelpScene):
        app.push(cls())
        yield cls.__name__, app.top
        app.pop()
    data = SetupConfig(seats=SEATS).create_game()
    app.session.play(data)
    table = app.top
    for _ in range(3):
        app.step(1 / 60)
    yield "table", table
    app.push(PauseScene(table))
    yield "pause", app.top
    app.pop()
    app.push(SaveScene(data))
    yield "save", app.top
    app.pop()
    long_line = " ".join(["Blackbeard raids Anne Bonny and takes the blue chest from her crew."] * 3)
    app.push(HandoverScene("Calico Jack", summary=["Blackbeard raids Anne Bonny.", "Mary Read draws a red chest.",
                                                   long_line]))  # a long line wraps (1667's opening line is one)
    yield "hand-over", app.top
    app.pop()
    app.clear_to(ResultsScene(finished_source(FINISHED, SEATS)))
    yield "results", app.top


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_leaves_its_box_and_nothing_overlaps(size: tuple[int, int], lang: str) -> None:
    check_everything(size, lang)


@pytest.mark.parametrize(("size", "lang", "scale"), [((1280, 720), "de", 150), ((1280, 720), "nl", 80),
                                                     ((2560, 1440), "es", 150), ((1920, 1080), "en", 125)])
def test_the_ui_scale_keeps_every_screen_in_order(size: tuple[int, int], lang: str, scale: int) -> None:
    try:
        check_everything(size, lang, scale)
    finally:
        set_ui_scale(100)


def check_everything(size: tuple[int, int], lang: str, scale: int = 100) -> None:
    i18n.set_language(lang)
    app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang, ui_scale=scale))
    assert ui_scale() == scale / 100
    problems: list[str] = []
    try:
        i18n.set_language(lang)
        app.ui.set_locale(lang)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for name, scene in screens(app):
                rep, texts = draw_scene(app, scene)
                assert rep.interactive, f"{name}: nothing to click"
                problems += check(rep, texts, size, f"{lang} {size} {name}")
        problems += [f"{lang} {size}: pygame_gui: {w.message}" for w in caught if "too small" in str(w.message)]
        # The table with every kind of decision panel open.
        for game, seat in STATES:
            r = TableRenderer(size, 4, human_panel=True)
            seats = [SeatConfig(n, "human" if i == seat else "normal", i) for i, n in enumerate(game.names)]
            r.seats = seats
            surf = RecordingSurface(size)
            r.draw(surf, game.view(seat), AnimState(seats=seats, log=[]))
            ui = DecisionPanel.of(seat_prompt(game, seat))
            ui.draw(surf, r)
            problems += check(table_report(r.layout, ui, game.view(seat)), surf.texts, size,
                              f"{lang} {size} decision {ui.kind}")
    finally:
        app.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_wrap_words_is_the_one_greedy_word_wrap() -> None:
    """The decision panel, tips, tutorial and review all wrap with layout.wrap_words."""
    from tortuga_desktop.shell.layout import wrap_words

    class Font:  # 10 px a character
        def size(self, text: str) -> tuple[int, int]:
            return (10 * len(text), 12)

    f = Font()
    assert wrap_words("one two three four", f, 90) == ["one two", "three", "four"]
    assert wrap_words("a\nb  c", f, 1000) == ["a b c"]
    assert wrap_words("enormousword x", f, 30) == ["enormousword", "x"]
    assert wrap_words("  ", f, 100) == []
    # Issue 23: "32 %" broke across two lines; a percent sign stays with its number.
    assert wrap_words("odds 32 % now", f, 70) == ["odds", "32 %", "now"]
    assert wrap_words("from 34 % to 30 %.", f, 90) == ["from 34 %", "to 30 %."]
    assert wrap_words("pirate back: box 2 -> 1.", f, 120) == ["pirate back:", "box 2 -> 1."]


def test_wrap_lines_marks_a_cut_sentence() -> None:
    """The decision panel keeps its text to a few lines; a cut one ends in an ellipsis."""
    from tortuga_desktop.shell.layout import wrap_lines

    class Font:  # 10 px a character
        def size(self, text: str) -> tuple[int, int]:
            return (10 * len(text), 12)

    f = Font()
    assert wrap_lines("one two three four", f, 90, 3) == ["one two", "three", "four"]
    assert wrap_lines("one two three four", f, 90, 2) == ["one two", "three …"]
    assert wrap_lines("one two three four", f, 70, 1) == ["one …"]
    assert all(f.size(ln)[0] <= 70 for ln in wrap_lines("aa bb cc dd ee ff", f, 70, 2))


# -- issue 23, item 7: one size for the options of a panel, no cut text, readable sizes -------------

#: window sizes and UI scales the panels are checked at
PANEL_CASES = [((1280, 720), 80), ((1280, 720), 100), ((1280, 720), 150), ((1920, 1080), 100)]


def draw_decision(game: Game, seat: int, size: tuple[int, int]) -> tuple[TableRenderer, DecisionPanel, RecordingSurface]:
    r = TableRenderer(size, 4, human_panel=True)
    seats = [SeatConfig(n, "human" if i == seat else "normal", i) for i, n in enumerate(game.names)]
    r.seats = seats
    surf = RecordingSurface(size)
    r.draw(surf, game.view(seat), AnimState(seats=seats, log=[]))
    ui = DecisionPanel.of(seat_prompt(game, seat))
    ui.draw(surf, r)
    return r, ui, surf


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_options_of_a_panel_share_one_size_and_are_never_cut(lang: str) -> None:
    """Issue 23: option texts shrank each to its own size, and German ones were cut."""
    problems: list[str] = []
    try:
        i18n.set_language(lang)
        for size, scale in PANEL_CASES:
            set_ui_scale(scale)
            for game, seat in STATES:
                _r, ui, surf = draw_decision(game, seat, size)
                sizes: set[int] = set()
                for it in ui.shown:
                    if it.option.look != "text":
                        continue
                    full = f"[{it.option.hotkey.upper()}] {it.label}" if it.option.hotkey else it.label
                    drawn = [(t, px) for t, rr, px in surf.sized if it.rect.collidepoint(rr.center) and t != it.note]
                    if not any(t == full for t, _px in drawn):
                        problems.append(f"{lang} {size} {scale}% {ui.kind}: option {full!r} drawn as {drawn}")
                    sizes.update(px for t, px in drawn if t == full or t.endswith("…"))
                if len(sizes) > 1:
                    problems.append(f"{lang} {size} {scale}% {ui.kind}: options in {sorted(sizes)} px")
    finally:
        set_ui_scale(100)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:30])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_table_text_is_clipped_or_leaves_its_box(lang: str) -> None:
    """Issue 23: "Bolsa de cofres" was clipped at 150 % and at 1280x720, the replay dropped
    the "0" of "Island 0 pts": the table's static labels (drawn once, then cached) are checked
    like everything else, and no text's glyphs may be cut by the surface it is drawn on."""
    problems: list[str] = []
    try:
        i18n.set_language(lang)
        for size, scale in PANEL_CASES:
            set_ui_scale(scale)
            for human in (True, False):
                r = TableRenderer(size, 4, human_panel=human)
                game, seat = STATES[0]
                seats = [SeatConfig(n, "normal", i) for i, n in enumerate(game.names)]
                r.seats = seats
                surf = RecordingSurface(size)
                r.draw_static(surf)
                r.draw(surf, game.view(seat), AnimState(seats=seats, log=[]))
                where = f"{lang} {size} {scale}% {'panel' if human else 'no panel'}"
                inner = r.layout.bag.inflate(-2 * r.layout.px(4), -2 * r.layout.px(4))  # clear of its frame
                problems += [f"{where}: {t!r} at {rr} runs into the bag's frame {r.layout.bag}"
                             for t, rr in surf.texts if r.layout.bag.collidepoint(rr.center) and not inner.contains(rr)]
                problems += [f"{where}: {t!r} clipped at {ink}" for t, ink in surf.clipped]
                problems += check(table_report(r.layout, None, game.view(seat)), surf.texts, size, where)
    finally:
        set_ui_scale(100)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:30])


@pytest.mark.parametrize("scale", [80, 100, 150])
def test_the_log_is_never_smaller_than_12_px(scale: int) -> None:
    """Issue 23: at 80 % the log's text was about 9 px."""
    from tortuga_desktop.games.dice.rules import events as ev
    from tortuga_desktop.games.dice.table.controller import LogLine

    try:
        set_ui_scale(scale)
        r = TableRenderer((1280, 720), 4, human_panel=True)
        surf = RecordingSurface((1280, 720))
        game, seat = STATES[0]
        log = [LogLine(1, ev.StartPlayer(1, 0, 0), None, 0, "setup"), LogLine(1, ev.RoundStarted(1, 0, 0), None, 0, "dice")]
        from tortuga_desktop.games.dice.table.eventtext import log_rows
        from tortuga_desktop.games.dice.table.render import table as table_render

        assert art.TEXT_PROBE is not None
        art.TEXT_PROBE.clear()
        table_render.text.cache_clear()  # every text of this frame is rendered (and noted) now
        r.draw(surf, game.view(seat), AnimState(log=log))
        rows = {body for _style, body in log_rows(log, game.names)}
        drawn = [(t, px) for t, _s, px in art.TEXT_PROBE.values() if t in rows]
        assert len(drawn) >= len(rows) and min(px for _t, px in drawn) >= 12, drawn
    finally:
        set_ui_scale(100)


def test_the_pause_menu_follows_the_interface_size() -> None:
    """Issue 23: the pause menu ignored the interface size."""
    boxes: dict[int, pygame.Rect] = {}
    sizes: dict[int, int] = {}
    for scale in (80, 100, 150):
        app = App(None, size=(1920, 1080), fixed_dt=1 / 60, settings=Settings(ui_scale=scale))
        try:
            app.session.play(SetupConfig(seats=SEATS).create_game())
            app.push(PauseScene(app.top))
            assert art.TEXT_PROBE is not None
            art.TEXT_PROBE.clear()  # only this scale's texts
            rep, texts = draw_scene(app, app.top)
            resume = i18n.tr("menu.resume")
            probe = art.TEXT_PROBE or {}
            sizes[scale] = max(px for t, _s, px in probe.values() if t == resume)
            boxes[scale] = pygame.Rect(getattr(app.top, "_box", (0, 0, 0, 0)))
            assert not check(rep, texts, (1920, 1080), f"pause {scale}%")
        finally:
            app.close()
            set_ui_scale(100)
    assert sizes[80] < sizes[100] < sizes[150], sizes
    assert boxes[80].h < boxes[100].h < boxes[150].h
    assert all(pygame.Rect(0, 0, 1920, 1080).contains(b) for b in boxes.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_statistics_header_is_never_cut(lang: str) -> None:
    """Issue 23: the Dutch statistics header was cut ("Overwinn…")."""
    from tortuga_desktop.shell.scenes.stats import stats_rows
    from tortuga_desktop.shell.stats import record_game

    record_game([SeatConfig("Anne Bonny", "human", 0), SeatConfig("Blackbeard", "hard", 1),
                 SeatConfig("Calico Jack", "easy", 2)], [40, 30, 35], [0], game_id=f"layout-{lang}")
    problems: list[str] = []
    for size, scale in PANEL_CASES:
        i18n.set_language(lang)
        app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang, ui_scale=scale))
        try:
            i18n.set_language(lang)
            app.push(StatsScene())
            settle(app)  # Statistics reads its list on a worker thread
            rep, texts = draw_scene(app, app.top)
            words = " ".join(t for t, _r in texts).split()
            for label in stats_rows()[0]:
                if not all(w in words for w in label.split()):
                    problems.append(f"{lang} {size} {scale}%: header {label!r} not shown whole")
            problems += [f"{lang} {size} {scale}%: {t!r} cut" for t, _r in texts if t.endswith("…")]
            problems += check(rep, texts, size, f"{lang} {size} {scale}% stats")
        finally:
            app.close()
            set_ui_scale(100)
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_panel_buttons_keep_their_labels_inside(lang: str) -> None:
    """Issue 23: "Thinking… cancel" spilled from its button. Every button label of a decision
    panel (the Hint button while Expert thinks included) lies inside its button, whole, and
    all in one size."""
    problems: list[str] = []
    try:
        i18n.set_language(lang)
        for size, scale in PANEL_CASES:
            set_ui_scale(scale)
            for game, seat in STATES:
                r = TableRenderer(size, 4, human_panel=True)
                surf = RecordingSurface(size)
                ui = DecisionPanel.of(seat_prompt(game, seat))
                ui.on_hint = lambda: None
                ui.hint_label = i18n.tr("hint.button_thinking")
                ui.draw(surf, r)
                sizes = set()
                for b in ui.buttons:
                    drawn = [(t, rr, px) for t, rr, px in surf.sized if b.rect.collidepoint(rr.center)]
                    if not any(t == b.label and b.rect.contains(rr) for t, rr, _px in drawn):
                        problems.append(f"{lang} {size} {scale}% {ui.kind}: button {b.label!r} drawn as {drawn}")
                    sizes.update(px for _t, _rr, px in drawn)
                if len(sizes) > 1:
                    problems.append(f"{lang} {size} {scale}% {ui.kind}: buttons in {sorted(sizes)} px")
    finally:
        set_ui_scale(100)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(sorted(set(problems))[:30])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_wave_runs_through_the_menu_footer(size: tuple[int, int]) -> None:
    """Issue 23: the sea's wave marks ran through the title screen's key hint."""
    from tortuga_desktop.shell import palette
    from tortuga_desktop.shell.scenes.chrome import backdrop

    backdrop.cache_clear()
    app = App(None, size=size, fixed_dt=1 / 60)
    try:
        app.clear_to(MenuScene())
        rep, texts = draw_scene(app, app.top)
        hint = [r for t, r in texts if t == i18n.tr("menu.hint")]
        assert hint
        wave = palette.mix(palette.SEA_LIGHT, palette.SEA, 0.5)
        back = backdrop(size, "right")
        band = hint[0].inflate(0, 8).clip(back.get_rect())
        marks = sum(1 for x in range(band.left, band.right) for y in range(band.top, band.bottom)
                    if tuple(back.get_at((x, y)))[:3] == tuple(wave))
        assert marks == 0, f"{marks} wave pixels under the key hint {hint[0]}"
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_two_player_boards_use_the_table(size: tuple[int, int]) -> None:
    """Issue 23: about 40 % of the 2-player window was empty wood. The boards grow into it
    (R6: two boards, no third or fourth), and everything still fits its box in every language."""
    from tortuga_desktop.games.dice.table.layout import TableLayout

    four = TableLayout(size, 4, True)
    two = TableLayout(size, 2, True)
    assert two.boards[0].rect.h > 1.3 * four.boards[0].rect.h
    used = sum(b.rect.w * b.rect.h for b in two.boards) + two.middle.w * two.middle.h + two.log.w * (two.log.h + two.prompt_rect.h)
    assert used >= 0.9 * two.canvas.w * two.canvas.h
    rects = [b.rect for b in two.boards] + [two.middle, two.log, two.prompt_rect]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert all(two.middle.contains(r) for r in (two.phase, two.bag, two.island, *two.pool_tiles))
    g = Game.new(2, 5, names=["Anne Bonny", "Blackbeard"])
    rng = random.Random(5)
    while g.round < 2 or str(g.phase) != "dice":  # round 2's dice: chests on the boards, no ribbon
        d = g.pending()[0]
        g.apply(d.seat, g.random_action(d.seat, rng))
    problems: list[str] = []
    for lang in LANGUAGES:
        i18n.set_language(lang)
        r = TableRenderer(size, 2, human_panel=True)
        seats = [SeatConfig(n, "human" if i == 0 else "normal", i) for i, n in enumerate(g.names)]
        r.seats = seats
        surf = RecordingSurface(size)
        r.draw_static(surf)
        r.draw(surf, g.view(0), AnimState(seats=seats, log=[]))
        problems += [f"{lang}: {t!r} clipped at {ink}" for t, ink in surf.clipped]
        problems += check(table_report(r.layout, None, g.view(0)), surf.texts, size, f"{lang} {size} 2 players")
    i18n.set_language("en")
    assert not problems, "\n".join(sorted(set(problems))[:30])


def _results_game(players: int) -> Game:
    g = Game.new(players, 11, names=[s.name for s in SEATS[:players]])
    rng = random.Random(3)
    while not g.is_over:
        seat = g.to_move()[0]
        g.apply(seat, g.random_action(seat, rng))
    return g


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_results_buttons_show_their_whole_labels(lang: str) -> None:
    """At 1280x720 (and 150 %) the Spanish results screen cut "Nueva partida, mismos jugadores
    [N]" to "Nueva partida, mi…" with two or three players, and English shrank its label to
    11 px: every button of the row (play and review mode, 2-4 players) shows its whole label,
    at the size of the screen's text."""
    problems: list[str] = []
    i18n.set_language(lang)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60, settings=Settings(language=lang, ui_scale=150))
    try:
        i18n.set_language(lang)
        for players in (2, 3, 4):
            game = _results_game(players)
            for review in (False, True):
                scene = ResultsScene(finished_source(game, SEATS[:players]), review=review)
                app.clear_to(scene)
                app.step(1 / 60)
                surf = RecordingSurface(app.size)
                scene.draw(surf)
                labels = scene._button_labels()
                sizes = set()
                for name, rect in scene._buttons.items():
                    drawn = [(t, px) for t, r, px in surf.sized if rect.colliderect(r)]
                    if not any(t == labels[name] for t, _px in drawn):
                        problems.append(f"{lang} {players} players review={review}: {labels[name]!r} drawn as {drawn}")
                    sizes.update(px for _t, px in drawn)
                if len(sizes) > 1:
                    problems.append(f"{lang} {players} players review={review}: labels in {sorted(sizes)} px")
                rects = list(scene._buttons.values())
                for i, a in enumerate(rects):
                    assert pygame.Rect(0, 0, *app.size).contains(a)
                    assert not any(a.colliderect(b) for b in rects[i + 1:])
    finally:
        app.close()
        set_ui_scale(100)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hint_box_leaves_the_log_readable(lang: str) -> None:
    """At 1280x720 and 150 % the hint's box covered the whole ship's log (Spanish): the log keeps
    its title and its newest rows above the box (it gives way, as to a side note), the box
    holds the whole hint and covers no board."""
    from tortuga_desktop.games.dice.table.hints import LOG_ROWS_KEPT, hint_box, shown_hint, toggle_hint

    i18n.set_language(lang)
    app = App(None, size=(1280, 720), fixed_dt=1 / 60, settings=Settings(language=lang, ui_scale=150))
    try:
        i18n.set_language(lang)
        app.session.play(SetupConfig(seats=SEATS, seed=5).create_game())
        table = app.top
        for _ in range(600):
            if table.decision_ui is not None and table.decision_ui.rect.w > 0:
                break
            app.step(1 / 60)
        toggle_hint(table)
        for _ in range(3000):
            if shown_hint(table):
                break
            job = table.hint.job
            if job is not None:
                job.done.wait(timeout=0.05)
            app.step(1 / 60)
        assert shown_hint(table)
        app.step(1 / 60)
        surf = RecordingSurface(app.size)
        table.invalidate()
        table.draw(surf)
        placed = hint_box(table, app.size)
        assert placed is not None
        box, rows, (font, _bold) = placed
        r = table.renderer
        L = r.layout
        assert box.h >= len(rows) * font.get_linesize(), "the hint is cut"
        title = pygame.Rect(L.log.x, L.log.y, L.log.w, r.log_text_rect().top - L.log.y)
        assert not box.colliderect(title), "the box covers the log's title"
        window = r.log_window
        assert window is not None and window.fit >= LOG_ROWS_KEPT, window
        assert window.rows >= LOG_ROWS_KEPT and not window.rect.colliderect(box), (window, box)
        for board in L.boards:
            assert not box.colliderect(board.rect)
    finally:
        app.close()
        set_ui_scale(100)
