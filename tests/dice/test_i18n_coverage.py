"""Every key exists in all four languages, and no player-visible string bypasses translation.

Three checks:

* the catalogues: same keys and same placeholders in en/de/nl/es; every key the app code
  names with ``tr("...")`` / ``trn("...")`` exists;
* a static scan (AST) of ``tortuga_desktop/shell``, ``dice/table`` and ``t1667/table``: string literals handed to text-drawing
  calls (``text``, ``fit_text``, ``font.render``, pygame_gui element constructors,
  ``MenuItem``...) must be non-words (digits, separators, symbols) — words come from ``tr``;
* a runtime scan: every scene is drawn in Dutch/German/Spanish while every rendered string is
  recorded; none of them may contain common English UI words, and the engine's log lines are
  put into words by :mod:`tortuga_desktop.games.dice.table.eventtext`.
"""

from __future__ import annotations

import ast
import os
import random
import re
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.dice.table.savefile import record_finished
from tortuga_desktop.shell import i18n

#: the application's code: the shell and each game's table (the rules and bots draw nothing)
APP = [Path(__file__).resolve().parents[2] / "tortuga_desktop" / d for d in ("shell", "dice/table", "t1667/table")]
LANGS = ("en", "de", "nl", "es")


# --------------------------------------------------------------------------- catalogues
def test_every_key_in_every_language_with_the_same_placeholders() -> None:
    i18n.reload()
    en = i18n.catalog("en")
    assert len(en) > 500
    for code in LANGS[1:]:
        other = i18n.catalog(code)
        assert set(other) == set(en), (code, sorted(set(en) ^ set(other))[:10])
        for key, text in en.items():
            assert i18n.placeholders(other[key]) == i18n.placeholders(text), (code, key)
            assert other[key].strip(), (code, key)


def _code_keys() -> set[str]:
    keys: set[str] = set()
    for path in (p for d in APP for p in d.rglob("*.py")):
        for call in _calls(ast.parse(path.read_text(encoding="utf-8"))):
            if _name(call.func) in ("tr", "trn", "translate") and call.args:
                if _name(call.func) == "translate" and len(call.args) < 2:
                    continue  # not pygame_gui's translate(locale, key)
                arg = call.args[0] if _name(call.func) != "translate" else call.args[1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    keys.add(arg.value)
    return keys


def test_every_key_used_by_the_app_exists() -> None:
    en = i18n.catalog("en")
    keys = _code_keys()
    assert len(keys) > 150
    missing = [k for k in keys if k not in en and f"{k}.one" not in en]
    assert not missing, missing


def test_dynamic_key_families_exist() -> None:
    en = i18n.catalog("en")
    for area in ("tortuga", "fleet", "crew", "island"):
        assert f"tip.area.{area}.1" in en and f"tip.area.{area}.2" in en
    for a in range(5):
        assert f"tip.effect.{a}" in en
    for sp in ("slow", "normal", "fast", "instant"):
        assert f"settings.speed.{sp}" in en


# --------------------------------------------------------------------------- static scan
#: Calls whose string arguments are drawn on screen.
DRAWING_CALLS = {"text", "fit_text", "render", "UILabel", "UIButton", "UICheckBox", "UITextEntryLine",
                 "MenuItem", "Item", "MessageScene", "show_message", "draw_title", "text_lines"}
ALLOWED = re.compile(r"^[\s\d×·•—–…+\-=:/.,;()\[\]{}%#*✓“”„‘’«»|<>!?]*$")


def _calls(tree: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)]


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literal_words(node: ast.expr) -> list[str]:
    """String constants in ``node`` that would reach the screen as they are."""
    out: list[str] = []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        out.append(node.value)
    elif isinstance(node, ast.JoinedStr):
        out.extend(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    elif isinstance(node, ast.BinOp):
        out.extend(_literal_words(node.left) + _literal_words(node.right))
    elif isinstance(node, ast.IfExp):
        out.extend(_literal_words(node.body) + _literal_words(node.orelse))
    return out


def test_no_literal_words_reach_the_screen() -> None:
    offenders: list[str] = []
    for path in sorted(p for d in APP for p in d.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in _calls(tree):
            name = _name(call.func)
            if name not in DRAWING_CALLS:
                continue
            args = list(call.args[:1] if name not in ("MessageScene", "show_message") else call.args[:2])
            args += [kw.value for kw in call.keywords if kw.arg in ("text", "label", "title", "placeholder_text")]
            for arg in args:
                for lit in _literal_words(arg):
                    if not ALLOWED.match(lit):
                        offenders.append(f"{path.relative_to(APP[0].parent)}:{call.lineno}: {lit!r}")
    assert not offenders, "\n".join(offenders)


def test_no_local_translation_shims_remain() -> None:
    for path in (p for d in APP for p in d.rglob("*.py")):
        src = path.read_text(encoding="utf-8")
        assert not re.search(r"^def _\(", src, re.M), path
        if path.name != "i18n.py":
            assert not re.search(r"^def tr\(", src, re.M), path


# --------------------------------------------------------------------------- runtime scan
ENGLISH_UI_WORDS = ("Round", "Fleet", "Crew", "Waiting", "Settings", "New game", "Continue", "Quit", "Load game",
                    "Statistics", "Rules", "Chest bag", "Ship's log", "thinking", "Human",
                    "Resume", "Paused", "Main menu", "Animation speed", "Language", "Back", "Close",
                    "Treasure hunt", "Expand fleet", "Recruit crew", "Game ends", "reveals", "rolls",
                    "Select", "Confirm", "Everyone", "nobody", "Players", "Games", "Wins", "chest", "pts")


class _Recorder:
    def __init__(self) -> None:
        self.seen: list[str] = []


@pytest.fixture()
def recorder(monkeypatch: pytest.MonkeyPatch) -> _Recorder:
    from tortuga_desktop.games.dice.table.render import table as rtable
    from tortuga_desktop.shell import art
    from tortuga_desktop.shell.resources import font_path

    rec = _Recorder()

    class RecFont(pygame.font.Font):
        def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def, override]
            rec.seen.append(str(text))
            return super().render(text, *args, **kwargs)

    cache: dict[tuple[int, bool], RecFont] = {}

    def font(px: int, bold: bool = False) -> RecFont:
        if not pygame.font.get_init():
            pygame.font.init()
        key = (max(6, int(px)), bold)
        if key not in cache:
            cache[key] = RecFont(str(font_path(bold)), key[0])
        return cache[key]

    font.cache_clear = cache.clear  # type: ignore[attr-defined]
    monkeypatch.setattr(art, "font", font)
    rtable.text.cache_clear()
    rtable._wrap.cache_clear()
    yield rec
    rtable.text.cache_clear()
    rtable._wrap.cache_clear()


def _ui_texts(app) -> list[str]:  # type: ignore[no-untyped-def]
    out = []
    for el in app.ui.get_root_container().elements:
        t = getattr(el, "text", None)
        if isinstance(t, str):
            out.append(t)
        opt = getattr(el, "selected_option", None)
        if isinstance(opt, tuple):
            out.append(str(opt[0]))
    return out


#: Words that are also correct in that language ("Crew" is the German game term).
SAME_IN = {"de": {"Crew"}, "es": {"pts"}, "nl": set()}


def _english_hits(texts: list[str], names: set[str], lang: str) -> list[str]:
    hits = []
    for t in texts:
        clean = t
        for n in names:
            clean = clean.replace(n, "")
        for word in ENGLISH_UI_WORDS:
            if word in SAME_IN[lang]:
                continue
            if re.search(rf"(?<![A-Za-zÀ-ÿ]){re.escape(word)}(?![a-zà-ÿ])", clean):
                hits.append(f"{word!r} in {t!r}")
    return hits


@pytest.mark.parametrize("lang", ["nl", "de", "es"])
def test_every_scene_draws_only_translated_text(lang: str, recorder: _Recorder, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path / "home"))
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell import saves
    from tortuga_desktop.shell.intents import Key
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.start import make_app

    names = {"Anna", "Bart", "Clara"}
    seats = [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1), SeatConfig("Clara", "hard", 2)]
    done = SetupConfig(seats=seats, seed=3).create_game()
    rng = random.Random(3)
    while not done.game.is_over:
        s = done.game.to_move()[0]
        done.game.apply(s, done.game.random_action(s, rng))
    saves.archive_finished(done)
    record_finished(done)

    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720", "--speed", "instant"]))
    app.fixed_dt = 1 / 60
    try:
        app.settings.language = lang
        app.apply_settings({"language"})
        texts: list[str] = []

        def grab(frames: int = 2) -> None:
            app.request_redraw()
            app.run(max_frames=frames)
            texts.extend(_ui_texts(app))

        grab()
        for opener in ("settings", "rules", "statistics", "load_game"):
            getattr(app.top, opener)()
            settle(app)
            grab()
            if opener == "statistics":
                app.top.tab = "finished"
                grab()
                assert app.top.open_finished(0)
                settle(app)
                grab()
                app.top.show_log = True
                grab()
                app.pop()
            app.pop()
        # a running game: table, context help, pause menu, save dialog
        data = SetupConfig(seats=seats, seed=5).create_game()
        g = data.game
        while g.phase != "actions" or g.act_action < 1:
            s = g.to_move()[0]
            g.apply(s, g.random_action(s, rng))
        table = app.session.play(data)
        grab(6)
        from tortuga_desktop.games.dice.table.render.table import HitTarget

        hits = [HitTarget("area", 0, None, a) for a in ("tortuga", "fleet", "crew", "island")]
        hits += [HitTarget("track", 0, None, k) for k in ("boat", "pirate")]
        hits += [HitTarget(k, 0, 1) for k in ("action_space", "bonus_space", "screen", "tile", "start_token",
                                               "score", "player")]
        hits += [HitTarget(k, None, 1) for k in ("center", "supply", "bag", "pool", "phase")]
        for hit in hits:
            texts.extend(table.renderer.tooltip(hit, table.view))
        table.show_positions(g.act_action)
        grab()
        app.pop()
        app.post(Key(pygame.K_ESCAPE))
        grab()
        app.post(Key(pygame.K_s, pygame.KMOD_CTRL))
        grab()
        assert app.top.name == "save"
        texts.extend(recorder.seen)
        hits = _english_hits(texts, names, lang)
        assert not hits, hits[:20]
    finally:
        app.close()
        i18n.set_language("en")


def _finished_games() -> list[Any]:
    from tortuga_desktop.games.dice.rules import Game

    games = []
    for seed in range(12):
        for players in (2, 3, 4):
            g = Game.new(players, seed, names=["Anna", "Bart", "Clara", "Dirk"][:players])
            rng = random.Random(seed)
            while not g.is_over:
                s = g.to_move()[0]
                g.apply(s, g.random_action(s, rng))
            games.append(g)
    return games


def test_every_event_line_is_translated() -> None:
    """Every event that makes a log line has words in every language, with no placeholder left
    and no English sentence in the other languages."""
    from tortuga_desktop.games.dice.rules import describe
    from tortuga_desktop.games.dice.table.eventtext import event_text

    pairs = []
    for g in _finished_games():
        for viewer in (None, 0):
            pairs += [(e, g.names) for e in g.events_for(viewer) if describe(e, g.names)]
    kinds = {type(e).__name__ for e, _ in pairs}
    assert {"Reveal", "ActionTotals", "TokenMoved", "ChestsArranged", "GameEnded", "TileKept"} <= kinds
    try:
        for lang in ("en", "de", "nl", "es"):
            i18n.set_language(lang)
            for e, names in pairs:
                line = event_text(e, names)
                assert line and "{" not in line, (lang, e)
                if lang != "en":
                    assert line != describe(e, names), (lang, line)
    finally:
        i18n.set_language("en")


def test_bot_reasons_are_translated() -> None:
    from tortuga_desktop.games.dice.ai import REASON_KEYS, Reason
    from tortuga_desktop.games.dice.table.eventtext import reason_text

    names = ("Anna", "Bart")
    samples = [Reason(k, (("action", 4), ("colour", 4), ("seat", 1), ("area", "fleet"), ("box", 5), ("cap", 3),
                          ("total", 9), ("lead", 4), ("count", 2), ("coins", 3), ("win", 41), ("worlds", 48),
                          ("edge", 6))) for k in REASON_KEYS]
    try:
        for lang in ("en", "de", "nl", "es"):
            i18n.set_language(lang)
            for r in samples:
                line = reason_text(r, names)
                assert line and "{" not in line, (lang, r)
                if lang != "en":
                    assert line != r.english(names), (lang, line)
        i18n.set_language("de")
        assert "Überfallen" in reason_text(Reason("dice_to", (("action", 4),)), names)
        assert "Bart" in reason_text(Reason("raids_push", (("seat", 1),)), names)
    finally:
        i18n.set_language("en")


def test_pygame_gui_speaks_dutch_from_the_projects_file() -> None:
    import i18n as gui_i18n  # python-i18n, used by pygame_gui
    import pygame_gui

    pygame.init()
    pygame.display.set_mode((200, 150))
    manager = pygame_gui.UIManager((200, 150), starting_language="nl",
                                   translation_directory_paths=[str(i18n.translations_dir())])
    assert gui_i18n.t("pygame-gui.Cancel") == "Annuleren"
    manager.set_locale("es")
    assert gui_i18n.t("pygame-gui.Cancel") != "Annuleren"
    manager.set_locale("en")
