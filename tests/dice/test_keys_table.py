"""One table of keys (games/dice/table/keys.py KEY_TABLE): the F1 keyboard page is made from it, docs/playing.md's
keyboard table lists the same keys, and every key listed does what its line says (issue 23, item 6)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import start_app

from tortuga_desktop.games.dice.rules import Act, Chest, DecisionKind, Forfeit, Game, KeepTile, TakeChest
from tortuga_desktop.games.dice.rules.prompt import seat_prompt
from tortuga_desktop.games.dice.table import words
from tortuga_desktop.games.dice.table.controller import GameController, finished_source
from tortuga_desktop.games.dice.table.human import DecisionPanel
from tortuga_desktop.games.dice.table.keys import KEY_TABLE
from tortuga_desktop.games.dice.table.scenes.help import help_sections
from tortuga_desktop.games.dice.table.scenes.table import TableScene
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.intents import Key
from tortuga_desktop.shell.saves import SeatConfig

pytestmark = pytest.mark.usefixtures("app_home")
ROOT = Path(__file__).resolve().parents[2]
RECT = pygame.Rect(1000, 500, 300, 260)


def _k(ch: str, mod: int = 0) -> Key:
    named = {"enter": (pygame.K_RETURN, "\r"), "bksp": (pygame.K_BACKSPACE, "\b"), "tab": (pygame.K_TAB, "\t"),
             "space": (pygame.K_SPACE, " "), "esc": (pygame.K_ESCAPE, "\x1b"), "f1": (pygame.K_F1, ""),
             "f11": (pygame.K_F11, "")}
    if ch in named:
        code, uni = named[ch]
        return Key(code, mod, uni)
    return Key(pygame.key.key_code(ch), mod, ch)


def _state(kind: DecisionKind, want: Callable[[Game, int], bool] | None = None) -> tuple[Game, int]:
    for seed in range(60):
        g = Game.new(4 if seed % 3 else 3, seed)
        rng = random.Random(seed)
        while not g.is_over:
            d = g.pending()[0]
            if d.kind == kind and (want is None or want(g, d.seat)):
                return g, d.seat
            g.apply(d.seat, g.random_action(d.seat, rng))
    raise AssertionError(f"no {kind}")


def _ui(kind: DecisionKind, want: Callable[[Game, int], bool] | None = None) -> DecisionPanel:
    g, seat = _state(kind, want)
    ui = DecisionPanel.of(seat_prompt(g, seat))
    ui.layout(RECT)
    return ui


def _press(app: Any, *intents: Any, frames: int = 2) -> None:
    for it in intents:
        app.post(it)
        app.run(max_frames=frames)


def _until(app: Any, cond: Callable[[], bool], frames: int = 3000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.run(max_frames=1)
    raise AssertionError("condition not reached")


def _table(app: Any, kinds: str = "hbbb", seed: int = 6) -> TableScene:
    names = [f"P{i}" for i in range(len(kinds))]
    seats = [SeatConfig(names[i], "human" if k == "h" else "easy", i, i) for i, k in enumerate(kinds)]
    table = TableScene(GameController(Game.new(len(kinds), seed, names=names), seats), speed=app.table_speed())
    app.push(table)
    return table


# ------------------------------------------------------------------ one check per row
def check_f1() -> None:
    app = start_app()
    try:
        _press(app, _k("f1"))
        assert app.top.name == "help"
    finally:
        app.close()


def check_f11() -> None:
    app = start_app()
    try:
        _press(app, _k("f11"), frames=1)
        assert app.fullscreen
    finally:
        app.close()


def check_esc() -> None:
    from tortuga_desktop.shell.scenes.pause import PauseScene

    app = start_app()
    try:
        _table(app)
        _press(app, _k("esc"))
        assert isinstance(app.top, PauseScene)
    finally:
        app.close()


def check_space() -> None:
    from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene

    app = start_app()
    try:
        table = _table(app, "hh")
        _until(app, lambda: isinstance(app.top, HandoverScene))
        _press(app, _k("space"))
        assert app.top is table
    finally:
        app.close()


def check_speed() -> None:
    app = start_app()
    try:
        table = _table(app, "bbbb")
        _press(app, _k("3"))
        assert table.speed == "fast"
        _press(app, _k("1"))
        assert table.speed == "slow"
    finally:
        app.close()


def check_save() -> None:
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell.scenes.saveload import SaveScene

    app = start_app()
    try:
        app.session.start_game(SetupConfig.default("Ann"))
        app.run(max_frames=3)
        _press(app, _k("s", pygame.KMOD_CTRL))
        assert isinstance(app.top, SaveScene)
    finally:
        app.close()


def check_dice() -> None:
    ui = _ui(DecisionKind.SELECT_DICE)
    letter = "abcde"[ui.model.hand[0]]
    ui.handle(_k(letter))
    assert ui.model.dice == [ui.model.hand[0]]
    ui.handle(_k(letter))
    assert ui.model.dice == []


def check_options() -> None:
    # The treasure-tile choice: digits pick by the number on the option, not by the coin value.
    ui = _ui(DecisionKind.KEEP_TILE, lambda g, s: len(set(g.decision_for(s).payload.tiles)) == 2)
    items = ui.model.options()
    assert [it.hotkey for it in items] == ["1", "2"]
    for n, item in enumerate(items, 1):
        ui.model.clear()
        ui.handle(_k(str(n)))
        assert ui.model.candidate() == item.payload and isinstance(item.payload, KeepTile)
    # ...and the same in a decision with more options: the skull action.
    sk = _ui(DecisionKind.SKULL_ACTION)
    ok = [it for it in sk.model.options() if it.enabled]
    sk.handle(_k(ok[0].hotkey))
    assert sk.model.candidate() == ok[0].payload


def check_act() -> None:
    ui = _ui(DecisionKind.POSITION, lambda g, s: Act() in g.legal_actions(s))
    ui.handle(_k("a"))
    assert ui.model.candidate() == Act()
    ui.handle(_k("f"))
    assert ui.model.candidate() == Forfeit()


def check_chests() -> None:
    take = _ui(DecisionKind.TAKE_CHEST)
    chest = next(a for a in take.model.legal if isinstance(a, TakeChest))
    take.handle(_k("rbywp"[int(chest.chest)]))
    assert take.model.candidate() == chest
    # The move phase: the letter chooses the next chest of that colour; with all chosen, it unselects.
    for kind in (DecisionKind.ARRANGE_FLEET, DecisionKind.ARRANGE_CREW):
        ui = _ui(kind)
        ui.handle(_k("bksp"))
        counts = {int(c): sum(1 for x in ui.model.source if int(x) == int(c)) for c in ui.model.source}
        colour = next((c for c, n in counts.items() if n <= ui.model.k), int(ui.model.source[0]))
        same = [i for i, c in enumerate(ui.model.source) if int(c) == colour]
        letter = "rbywp"[colour]
        for n in range(1, min(len(same), ui.model.k) + 1):
            ui.handle(_k(letter))
            assert ui.model.order == same[:n]
        if len(same) <= ui.model.k:  # all of that colour chosen: the key takes the last one back
            ui.handle(_k(letter))
            assert ui.model.order == same[:-1]
        missing = next((c for c in Chest if int(c) not in counts), None)
        if missing is not None:
            before = list(ui.model.order)
            ui.handle(_k("rbywp"[int(missing)]))
            assert ui.model.order == before and ui.model.flash


def check_focus() -> None:
    ui = _ui(DecisionKind.SELECT_DICE)
    ui.handle(_k("tab"))
    first = ui.model.focus
    assert ui.model.key_focus
    ui.handle(_k("tab"))
    assert ui.model.focus != first


def check_pick() -> None:
    ui = _ui(DecisionKind.SELECT_DICE)
    ui.handle(_k("tab"))
    die = int(ui.model.options()[ui.model.focus].payload)
    ui.handle(_k("space"))
    assert die in ui.model.dice


def check_grid() -> None:
    from tortuga_desktop.games.dice.table import dicegrid

    app = start_app()
    try:
        table = _table(app)
        _until(app, lambda: table.decision_ui is not None)
        _press(app, _k("g"))
        assert dicegrid.is_shown(table)
    finally:
        app.close()


def check_enter() -> None:
    ui = _ui(DecisionKind.POSITION, lambda g, s: Act() in g.legal_actions(s))
    ui.handle(_k("a"))
    ui.handle(_k("enter"))
    assert ui.confirmed_action() == Act()


def check_clear() -> None:
    ui = _ui(DecisionKind.SELECT_DICE)
    ui.handle(_k("abcde"[ui.model.hand[0]]))
    ui.handle(_k("bksp"))
    assert ui.model.dice == []


def check_suggest() -> None:
    ui = _ui(DecisionKind.ARRANGE_FLEET)
    suggested = ui.model.candidate()
    ui.handle(_k("bksp"))
    assert ui.model.candidate() != suggested or not ui.model.order
    ui.handle(_k("s"))
    assert ui.model.candidate() == suggested


def check_hint() -> None:
    from tortuga_desktop.games.dice.table.hints import hint_busy

    app = start_app()
    try:
        table = _table(app)
        _until(app, lambda: table.decision_ui is not None and table.decision_ui.rect.w > 0)
        _press(app, _k("h"), frames=1)
        assert hint_busy(table) or table.hint.job is not None
    finally:
        app.close()


def _results(app: Any) -> Any:
    from tortuga_desktop.games.dice.table.scenes.results import ResultsScene

    g = Game.new(2, 8, names=["Anna", "Bart"])
    g.playout(random.Random(8))
    results = ResultsScene(finished_source(g, [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "normal", 1)]), app=app)
    app.push(results)
    app.run(max_frames=1)
    return results


def check_replay() -> None:
    from tortuga_desktop.games.dice.table.scenes.replay import ReplayScene

    app = start_app()
    try:
        _results(app)
        _press(app, _k("r"), frames=1)
        assert isinstance(app.top, ReplayScene)
    finally:
        app.close()


def check_review() -> None:
    from tortuga_desktop.games.dice.table.review import ReviewScene

    app = start_app()
    try:
        _results(app)
        _press(app, _k("v"), frames=1)
        assert isinstance(app.top, ReviewScene)
    finally:
        app.close()


def check_chat() -> None:
    """T opens the chat at a network table (the chat's own UI test, on 127.0.0.1)."""
    import importlib.util
    import tempfile

    # the network UI's own test module lives with the network tests (tests/net)
    spec = importlib.util.spec_from_file_location("_netui_chat", Path(__file__).resolve().parents[1] / "net" /
                                                  "test_netui_chat.py")
    assert spec is not None and spec.loader is not None
    chat_ui = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(chat_ui)

    with tempfile.TemporaryDirectory() as tmp:
        chat_ui.test_chat_in_the_lobby_and_at_the_table_with_mute_and_notes(Path(tmp))


def check_log() -> None:
    """PgUp scrolls the ship's log back, End follows the newest line again."""
    import test_follow as follow

    app, scene = follow.table(follow.long_game())
    try:
        app.run(max_frames=3)
        w = scene.renderer.log_window
        assert w is not None and w.rows > w.fit
        newest = w.top
        _press(app, Key(pygame.K_PAGEUP), frames=2)
        assert scene.renderer.log_window is not None and scene.renderer.log_window.top < newest
        _press(app, Key(pygame.K_END), frames=2)
        assert scene.log_top is None
    finally:
        app.close()


CHECKS: dict[str, Callable[[], None]] = {
    "f1": check_f1, "f11": check_f11, "esc": check_esc, "space": check_space, "speed": check_speed,
    "save": check_save, "dice": check_dice, "options": check_options, "act": check_act, "chests": check_chests,
    "focus": check_focus, "pick": check_pick, "grid": check_grid, "enter": check_enter, "clear": check_clear,
    "suggest": check_suggest, "hint": check_hint, "replay": check_replay, "review": check_review,
    "chat": check_chat, "log": check_log,
}


def test_every_listed_key_has_a_check() -> None:
    assert [row.id for row in KEY_TABLE] == list(CHECKS)


@pytest.mark.parametrize("row", [row.id for row in KEY_TABLE])
def test_every_listed_key_does_what_it_says(row: str) -> None:
    pygame.init()
    CHECKS[row]()


def test_the_keyboard_page_and_the_readme_list_the_table() -> None:
    readme = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    section = readme.split("### Keyboard", 1)[1].split("\n###", 1)[0]
    listed = [m.group(1).strip() for m in re.finditer(r"^\| ([^|]+) \|", section, re.M)][1:]
    assert listed == [i18n.translate("en", f"keys.{row.id}.keys") for row in KEY_TABLE]
    try:
        for code in ("en", "de", "nl", "es"):
            i18n.set_language(code)
            page = dict(zip(words.HELP_SECTIONS, help_sections(), strict=True))["keys"][1]
            lines = page.split("\n")
            assert lines == [f"• {row.keys}: {row.what}" for row in KEY_TABLE], code
            for row in KEY_TABLE:
                assert i18n.has_key(f"keys.{row.id}.keys", code) and i18n.has_key(f"keys.{row.id}.what", code)
    finally:
        i18n.set_language("en")
