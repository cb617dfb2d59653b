"""Issue 16, item 1: no text typed or pasted into any field can crash the game.

Every text field of the app is a :class:`SafeTextEntryLine`; these tests type and paste
zero-width characters, NUL, controls, emoji, RTL marks and 10k-character pastes into the real
scenes (headless) and check that the app survives and the fields only hold drawable text.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import ast
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from app_helpers import new_dice_game
from app_helpers import start_app as _app

from tortuga_desktop.shell.saves import MAX_NAME_LENGTH, clean_text, is_visible_char
from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine

#: the application's code: the shell and each game's table (the rules and bots draw nothing)
APP = [Path(__file__).resolve().parents[2] / "tortuga_desktop" / d for d in ("shell", "dice/table", "t1667/table")]
NASTY = ["\u200b", "\u200c", "\u200d", "\u202e", "\ufe0f", "\u00ad", "\u2060", "\u034f", "\U000e0001",
         "\x00", "\x07", "\n", "\t", "\u2028", "\u200e\u200f", "\U0001f3f4\u200d\u2620\ufe0f", "\U0001f600",
         "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627", "e\u0301", "\u0301", "\ufff0", "\uffff"]


pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English, markers on (conftest)


def _type(app: Any, entry: SafeTextEntryLine, text: str) -> None:
    app.ui.set_focus_set(entry)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.run(max_frames=1)


def _fields(app: Any) -> list[SafeTextEntryLine]:
    return [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, SafeTextEntryLine) and el.visible]


def _drawable(text: str) -> bool:
    return all(is_visible_char(c) for c in text)


def test_every_text_field_in_the_app_is_the_guarded_one() -> None:
    """A structural guard: no screen builds a bare pygame_gui UITextEntryLine."""
    offenders = []
    for path in (p for d in APP for p in d.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                fn = node.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if name in ("UITextEntryLine", "UITextEntryBox"):
                    offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


@pytest.mark.parametrize("text", NASTY)
def test_typing_invisible_characters_into_a_seat_name_is_survived(text: str) -> None:
    app = _app()
    try:
        new_dice_game(app)
        app.run(max_frames=1)
        entry = app.top._names[0]
        entry.set_text("")
        _type(app, entry, text)
        _type(app, entry, text + "x" + text)
        assert app.exit_code is None
        assert _drawable(entry.get_text())
        # deleting the visible letter leaves nothing that cannot be drawn
        app.ui.set_focus_set(entry)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b",
                                             scancode=42))
        app.run(max_frames=2)
        assert _drawable(entry.get_text())
    finally:
        app.close()


def test_a_name_made_only_of_zero_width_characters_cannot_start_a_game() -> None:
    app = _app()
    try:
        new_dice_game(app)
        app.run(max_frames=1)
        scene = app.top
        entry = scene._names[0]
        entry.set_text("\u200b\u200d\ufe0f")
        assert entry.get_text() == ""
        assert scene.start() is None  # an empty name is refused with a message
        assert scene.error
        app.run(max_frames=2)
    finally:
        app.close()


def test_pastes_are_cleaned_and_cut_to_the_limit() -> None:
    app = _app()
    try:
        new_dice_game(app)
        app.run(max_frames=1)
        entry = app.top._names[0]
        entry.set_text("")
        entry.paste_text("\u200b" * 5000 + "Ann\u202ea" + "\U0001f600" * 5000)
        app.run(max_frames=2)
        text = entry.get_text()
        assert text.startswith("Anna") and len(text) == MAX_NAME_LENGTH and _drawable(text)
        seed = app.top._seed
        seed.set_text("")
        seed.paste_text("12\u200b34abc" + "9" * 10000)
        assert seed.get_text().isdigit() and len(seed.get_text()) <= 18
    finally:
        app.close()


def test_fuzz_every_text_field_with_random_unicode() -> None:
    """Random Unicode (all planes, incl. the nasty ones) typed and pasted into every field of
    the New game screen and the Save dialog; the app must keep running."""
    rng = random.Random(16)

    def junk() -> str:
        n = rng.choice((1, 1, 2, 5, 40, 300))
        out = []
        for _ in range(n):
            r = rng.random()
            if r < 0.3:
                out.append(rng.choice(NASTY))
            elif r < 0.5:
                out.append(chr(rng.randrange(0x20, 0x3000)))
            else:
                cp = rng.randrange(0, 0x110000)
                out.append(chr(cp) if not 0xD800 <= cp <= 0xDFFF else "\ud800")
        return "".join(out)

    app = _app("--demo", "--players", "2", "--seed", "3", "--speed", "instant")
    try:
        from tortuga_desktop.games.dice.table.gamesetup import SetupConfig

        app.clear_to(type(app.scenes[0])())
        app.run(max_frames=1)
        new_dice_game(app)
        app.run(max_frames=1)
        for _ in range(60):
            for entry in _fields(app):
                if rng.random() < 0.5:
                    _type(app, entry, junk().replace("\ud800", ""))  # SDL text input is valid UTF-8
                else:
                    entry.paste_text(junk())
                    app.run(max_frames=1)
                assert _drawable(entry.get_text())
        assert app.exit_code is None
        # the save dialog of a running game
        setup = SetupConfig.default()
        app.session.start_game(setup)
        app.run(max_frames=3)
        assert app.session.open_save_dialog()
        app.run(max_frames=2)
        entry = app.top.entry
        for _ in range(60):
            if rng.random() < 0.5:
                _type(app, entry, junk().replace("\ud800", ""))
            else:
                entry.paste_text(junk())
                app.run(max_frames=1)
            assert _drawable(entry.get_text())
        assert app.exit_code is None
    finally:
        app.close()


def test_clean_text_keeps_only_drawable_characters() -> None:
    assert clean_text("A\u200bn\u202en\ufe0fa\x00\n!") == "Anna !"
    assert clean_text("\ud800x") == "x"
    assert clean_text("x" * 100, 40) == "x" * 40


@pytest.mark.parametrize("clip", ["\u200b", "\u200d\ufe0f", "x\x00y", "\u202e" * 10_000, "A" * 10_000])
def test_ctrl_v_pastes_through_the_guard(monkeypatch: pytest.MonkeyPatch, clip: str) -> None:
    """The real Ctrl+V path of pygame_gui (KEYDOWN -> _do_paste -> clipboard)."""
    from tortuga_desktop.shell.scenes import dialogs

    monkeypatch.setattr(dialogs, "clipboard_paste", lambda: clip)
    app = _app()
    try:
        new_dice_game(app)
        app.run(max_frames=1)
        entry = app.top._names[0]
        entry.set_text("")
        app.ui.set_focus_set(entry)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v",
                                             scancode=25))
        app.run(max_frames=2)
        assert app.exit_code is None
        text = entry.get_text()
        assert _drawable(text) and len(text) <= MAX_NAME_LENGTH
        assert text == clean_text(clip.replace("\x00", ""), MAX_NAME_LENGTH)
    finally:
        app.close()
