"""Issue 23 item 6: things the game or its documents told a player that were not true."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.rules.components import DICE_GRIDS, RULES_VERSION

ROOT = Path(__file__).resolve().parents[2]


def test_rules_document_holds_one_dice_table_and_it_is_the_engines() -> None:
    """R0.8: docs/rules.md shows the dice grid once, as the engine plays it, and every table row
    belongs to a table with a header (a stray copy of the old grid had lost its header)."""
    lines = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
    die_rows = [ln for ln in lines if re.match(r"^\| [A-E] \|", ln)]
    assert len(die_rows) == 5
    grid = [tuple(int(c) for c in row.split("|")[2:7]) for row in die_rows]
    assert tuple(grid) == DICE_GRIDS[RULES_VERSION]
    for i, ln in enumerate(lines):
        if re.match(r"^-*\|[-|]+$", ln) and not ln.startswith("|---"):
            raise AssertionError(f"line {i + 1} is a table separator without its header: {ln!r}")


# ---------------------------------------------------------------- the computer's levels, declared once
LANGS = ("en", "de", "nl", "es")


def test_levels_are_declared_once() -> None:
    """No module but levels.py spells out a list of levels: every other list derives from it."""
    pattern = re.compile(r"""["']easy["'],\s*["']normal["'],\s*["']hard["']""")
    offenders = []
    for path in sorted((ROOT / "tortuga_desktop").rglob("*.py")):
        if path.name == "levels.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and "Literal[" not in line:
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []


def test_derived_lists_follow_the_declaration() -> None:
    from typing import get_args

    from tortuga_desktop.games.dice import ai
    from tortuga_desktop.games.dice.table import controller, records
    from tortuga_desktop.games.dice.table.scenes import setup
    from tortuga_desktop.games.t1667 import levels as levels_1667
    from tortuga_desktop.games.t1667.table import module as module_1667
    from tortuga_desktop.net import protocol
    from tortuga_desktop.shell import i18n, levels, saves, stats
    from tortuga_desktop.shell.scenes import host

    assert levels.LEVELS[-1] == "expert"
    assert module_1667.T1667Game().levels == levels_1667.LEVELS_1667 and set(levels_1667.LEVELS_1667) <= set(levels.ALL_LEVELS)
    assert ai.LEVELS == stats.STRENGTHS == saves.BOT_KINDS == levels.LEVELS
    assert saves.KINDS == tuple(setup.LEVEL_LABELS) == tuple(setup.KIND_LABELS) == tuple(i18n.KIND_KEYS)
    assert set(controller.BOT_KINDS) == set(ai.ALL_LEVELS) and set(records.KINDS) == {"human", *ai.ALL_LEVELS}
    # The network protocol's type spells its levels out for the decoder: they must be the same words.
    assert get_args(protocol.Level) == protocol.LEVELS == levels.NETWORK_LEVELS
    assert [k for k in host.HOST_KINDS if k in levels.LEVELS] == list(host.TAKEOVER_LEVELS)


def test_every_level_is_named_in_the_rules_help_and_the_statistics() -> None:
    """The F1 rules say which strengths the computer plays, and the statistics have a column for
    each, in every language."""
    from tortuga_desktop.games.dice.ai import LEVELS
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.scenes.stats import stats_rows

    try:
        for code in LANGS:
            i18n.set_language(code)
            body = i18n.tr("help.setup.body")
            head = stats_rows()[0]
            for level in LEVELS:
                name = i18n.kind_name(level)
                assert name in body, (code, level)
                assert i18n.has_key(f"stats.vs_{level}", code), (code, level)
                assert i18n.tr(f"stats.vs_{level}") in head, (code, level)
                assert name in i18n.tr("stats.vs_note"), (code, level)
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- the 2-player table has no center island
def test_two_player_table_draws_no_center_island(monkeypatch: Any) -> None:
    """R6.2: with two players every chest that would go to the center island goes to the bag, so
    the table shows no center island (no disc, no label, no slots to point at); 3-4 players do."""
    import pygame

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.layout import table_report
    from tortuga_desktop.games.dice.table.render import table as table_mod

    asked: list[str] = []
    real_tr = table_mod.tr

    def spy(key: str, **kw: Any) -> str:
        asked.append(key)
        return real_tr(key, **kw)

    monkeypatch.setattr(table_mod, "tr", spy)
    pygame.init()
    seen = {}
    for players in (2, 3, 4):
        asked.clear()
        view = Game.new(players=players, seed=5).view(0)
        r = table_mod.TableRenderer((1280, 720), players)
        surf = pygame.Surface((1280, 720))
        r.draw(surf, view)
        four = table_mod.TableLayout((1280, 720), 4)
        hits = {getattr(r.hit_test(slot.center, view), "kind", None) for slot in (four.center, *four.center_slots)}
        names = {n for n, _ in table_report(r.layout, None, view).interactive}
        seen[players] = ("term.center_island" in asked, bool({"center", "center_chest"} & hits),
                         any(n.startswith("center") for n in names))
    assert seen == {2: (False, False, False), 3: (True, True, True), 4: (True, True, True)}


# ---------------------------------------------------------------- the screen does not claim dice were chosen
def test_screen_badge_does_not_count_chosen_dice(monkeypatch: Any) -> None:
    """R9.1: after a player chose 2 of 5 dice, the others see 5 dice behind the screen and that
    a choice was made, never "5 dice chosen" (the count is the hand; the choice is secret)."""
    import pygame

    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.rules.actions import SelectDice
    from tortuga_desktop.games.dice.table.render import table as table_mod
    from tortuga_desktop.shell import i18n

    drawn: list[str] = []
    real_text, real_spaced = table_mod.text, table_mod.spaced_text
    inside = [False]

    def spy(s: str, *a: Any, **kw: Any) -> Any:
        if not inside[0]:
            drawn.append(s)
        return real_text(s, *a, **kw)

    def spy_spaced(s: str, *a: Any, **kw: Any) -> Any:  # a pill's text, its spaces kept wide
        drawn.append(s)
        inside[0] = True
        try:
            return real_spaced(s, *a, **kw)
        finally:
            inside[0] = False

    monkeypatch.setattr(table_mod, "text", spy)
    monkeypatch.setattr(table_mod, "spaced_text", spy_spaced)
    pygame.init()
    g = Game.new(players=2, seed=3)
    g.apply(1, SelectDice(dice=(2, 3)))
    view = g.view(0)
    assert len(view.seats[1].hand) == 5
    try:
        for code in LANGS:
            i18n.set_language(code)
            r = table_mod.TableRenderer((1280, 720), 2)
            drawn.clear()
            r._draw_screen(pygame.Surface((1280, 720)), view, 1, 0.0)
            assert drawn == [i18n.trn("table.dice_n", 5), i18n.tr("table.choice_made")], code
            assert not i18n.has_key("table.chosen", code)
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- the hand-over follows a language switch
def test_handover_summary_follows_a_language_switch() -> None:
    from tests.app_helpers import start_app
    from tortuga_desktop.games.dice.rules import Game
    from tortuga_desktop.games.dice.table.catchup import summary_for
    from tortuga_desktop.games.dice.table.controller import GameController
    from tortuga_desktop.games.dice.table.scenes.handover import HandoverScene
    from tortuga_desktop.games.dice.table.scenes.table import TableScene
    from tortuga_desktop.shell import i18n
    from tortuga_desktop.shell.saves import SeatConfig

    app = start_app()
    try:
        seats = [SeatConfig("Ann", "human", 0, 0), SeatConfig("Bob", "human", 1, 1)]
        controller = GameController(Game.new(2, 4, names=["Ann", "Bob"]), seats)
        app.push(TableScene(controller, speed=app.table_speed()))
        for _ in range(3000):
            if isinstance(app.top, HandoverScene):
                break
            app.run(max_frames=1)
        handover = app.top
        assert isinstance(handover, HandoverScene) and handover.seat is not None
        english = list(handover.summary)
        assert english
        i18n.set_language("de")
        app.retranslate()
        german = summary_for(controller, handover.seat)
        assert german != english
        assert handover.summary == german
    finally:
        i18n.set_language("en")
        app.close()


# ---------------------------------------------------------------- the replay's last position shows the final scores
def test_public_replay_ends_on_the_final_scores() -> None:
    """R8.4: at the end everybody's coins count openly; the public replay's last position shows
    every seat's final score exactly (it showed "35+" for a final 38), earlier ones keep tiles hidden."""
    import random

    from tortuga_desktop.games.dice.table.render.table import public_score
    from tortuga_desktop.games.dice.table.replay import ReplayTimeline

    for seed in range(3):
        g = Game.new(2 + seed, seed=seed)
        g.playout(random.Random(seed))
        outcome = g.outcome()
        assert outcome is not None
        tl = ReplayTimeline(g.record())
        last = tl.game_at(len(tl) - 1)
        for wanted in (None, 0):
            view = tl.view(last, wanted)
            shown = [public_score(s) for s in view.seats]
            assert shown == [(sc.total, True) for sc in outcome.scores], (seed, wanted)
        before = tl.view(tl.game_at(len(tl) - 2), None)
        assert all(s.tiles is None for s in before.seats)


# ---------------------------------------------------------------- plurals, one word per term, decimal marks
COUNTED = re.compile(r"\{(\w+)\}\s+(?:more\s+)?(?:points?|chests?|coins?|dice|die|tiles?|treasure tiles?|boxes"
                     r"|rounds?|games?|pts?|seats?|skulls?)\b")
#: Counts that are never 1, so one form is always right: a final score or a winner's points
#: (the two tracks alone give at least 2), a finished game's rounds (a chest needs three rounds
#: to reach Tortuga), the tutorial's fixed position, a score badge, the end goal (6 or 8 chests).
NEVER_ONE = {("results.ui.name_wins_with_points_points", "points"),
             ("results.ui.shared_victory_names_points_points", "points"), ("results.ui.n_rounds_played", "n"),
             ("saves.finished_detail", "rounds"), ("replay.list.won", "rounds"), ("table.score_pts", "score"),
             ("tutorial.step.score_tracks", "tracks"), ("tutorial.step.the_end", "total"), ("table.goal", "n"),
             # the hint's own line is issue 23 item 1 (hint and review), reworded there
             ("reason.x_odds", "edge"),
             # a network table has 2-4 seats
             ("net.tables.seats", "players")}


def _catalog(code: str) -> dict[str, str]:
    from tortuga_desktop.shell import i18n

    return i18n.catalog(code)


def test_every_count_in_a_text_has_plural_forms() -> None:
    """"1 points", "1 chests", "1 and 1 coins": a text that puts a count before a counted noun has
    .one/.other forms (chosen by trn) with the count as {n}, unless the count is never 1."""
    en = _catalog("en")
    offenders = []
    for key, text in en.items():
        for m in COUNTED.finditer(text):
            name = m.group(1)
            plural_key = key.endswith((".one", ".other"))
            if plural_key and name == "n":
                continue
            if name in ("colour", "colour2", "name", "token", "token1", "worlds"):
                continue  # not counts
            if (key, name) not in NEVER_ONE:
                offenders.append((key, m.group(0)))
    assert offenders == []


def test_counts_of_one_read_right() -> None:
    from tortuga_desktop.games.dice.ai import Reason
    from tortuga_desktop.games.dice.rules import events as ev
    from tortuga_desktop.games.dice.table.eventtext import event_text, reason_text
    from tortuga_desktop.shell import i18n

    names = ("Anna", "Bart")
    tiles = ev.TilesDrawn(round=1, decision=0, owner=0, values=(1, 1))
    want = {"en": ("holds 1 chest", "leads by 1 point", "1 chest into", "1 coin and 1 coin"),
            "de": ("fasst 1 Truhe", "mit 1 Punkt", "1 Truhe in", "1 Münze und 1 Münze"),
            "nl": ("houden 1 kist", "1 punt voorstaat", "1 kist naar", "1 munt en 1 munt"),
            "es": ("admite 1 cofre", "por 1 punto", "1 cofre a", "1 moneda y 1 moneda")}
    try:
        for code, (boat, lead, arrange, coins) in want.items():
            i18n.set_language(code)
            assert boat in reason_text(Reason("x_boat", (("box", 1), ("cap", 1))), names)
            assert lead in reason_text(Reason("x_board_leader", (("seat", 1), ("lead", 1))), names)
            assert arrange in reason_text(Reason("x_arrange_fleet", (("count", 1), ("colour", 0))), names)
            assert coins in event_text(tiles, names)
    finally:
        i18n.set_language("en")


def test_spanish_names_a_set_one_way() -> None:
    """Every Spanish text about sets says "combinación"/"combinaciones", never "juego(s)"; the
    results' log is the "Cuaderno de bitácora" as on the table, so "Registros" there means tracks."""
    en, es = _catalog("en"), _catalog("es")
    for key, text in en.items():
        if re.search(r"\bsets?\b", text, re.I):
            assert re.search(r"combinaci", es[key], re.I), key
            assert not re.search(r"\bjuegos?\b", es[key], re.I), key
    assert es["results.game_log"] == es["table.log_title"]
    assert "Registro" not in es["results.show_log"]


def test_numbers_with_decimals_use_the_languages_mark(tmp_path: Path) -> None:
    from tortuga_desktop.shell import i18n, stats
    from tortuga_desktop.shell.saves import SeatConfig
    from tortuga_desktop.shell.scenes.stats import stats_rows

    seats = [SeatConfig("Anna", "human", 0), SeatConfig("Bart", "hard", 1)]
    stats.record_game(seats, [41, 20], [0], game_id="d1")
    stats.record_game(seats, [42, 50], [1], game_id="d2")
    try:
        for code, avg in (("en", "41.5"), ("de", "41,5"), ("nl", "41,5"), ("es", "41,5")):
            i18n.set_language(code)
            rows = stats_rows()
            col = rows[0].index(i18n.tr("stats.average"))
            assert rows[1][col] == avg, code
            assert i18n.decimal(41.0) == avg.replace("5", "0")
    finally:
        i18n.set_language("en")
    # No other number with decimals is formatted for the screen by hand.
    fmt = re.compile(r"\{[^{}]*:[^{}]*\.\d+f\}")
    hand_made = []
    for path in sorted(p for d in ("shell", "dice/table", "t1667/table") for p in (ROOT / "tortuga_desktop" / d).rglob("*.py")):
        if path.name in ("main.py", "start.py"):
            continue  # --timing prints its figures to the console, for developers
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if fmt.search(line) and not re.search(r"\b(log|logger|print)\b", line):
                hand_made.append(f"{path.name}:{n}")
    assert hand_made == []


def test_two_player_texts_do_not_send_chests_to_a_center_island() -> None:
    """R6: the action tooltips of a 2-player table give the 2-player effects (only 1st acts, no
    center island); the move-phase tips say surplus may go into the bag (always, with two)."""
    import pygame

    from tortuga_desktop.games.dice.table.render.table import HitTarget, TableRenderer
    from tortuga_desktop.shell import i18n

    pygame.init()
    bag = {"en": "bag", "de": "Beutel", "nl": "zak", "es": "bolsa"}
    try:
        for code in LANGS:
            i18n.set_language(code)
            center = i18n.tr("term.center_island").lower()
            for players in (2, 4):
                view = Game.new(players, seed=2).view(0)
                r = TableRenderer((1280, 720), players)
                for a in range(5):
                    effect = r.tooltip(HitTarget("action_space", 0, a), view)[1]
                    if players == 2:
                        assert effect == i18n.tr(f"tip.effect2p.{a}"), (code, a)
                        assert center not in effect.lower() and "2." not in effect and "2e" not in effect
                    else:
                        assert effect == i18n.tr(f"tip.effect.{a}")
            for kind in ("arrange_fleet", "arrange_crew"):
                assert bag[code] in i18n.tr(f"tips.{kind}"), (code, kind)
    finally:
        i18n.set_language("en")
