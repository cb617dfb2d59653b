"""Statistics per game (issue 28): finished Tortuga 1667 games count for their human players — games, wins,
wins by the loyalty played and how the games ended (Armada, Dutch on a tie, sudden death, draw) — in a table
of their own beside the dice game's, whole and inside the screen in four languages at three sizes."""

from __future__ import annotations

import random

import pytest
from dice.test_layout import LANGUAGES, SIZES, _probe, check, draw_scene  # noqa: F401 - _probe: the text probe

from tortuga_desktop.devtools.settle import settle
from tortuga_desktop.games.t1667.rules import EndReason, Game, play_random
from tortuga_desktop.games.t1667.table.archive import ending_of, record_stats
from tortuga_desktop.games.t1667.table.saves import Save1667, Seat1667
from tortuga_desktop.shell import i18n, stats
from tortuga_desktop.shell.loop import App
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.scenes.stats import StatsScene, stats_tables
from tortuga_desktop.shell.settings import Settings

NAMES = ("Anne Bonny", "Bartholomew Roberts", "Calico Jack", "Mary Read", "Edward Teach")


def _save(seed: int, humans: tuple[int, ...] = (0, 2)) -> tuple[Save1667, Game]:
    g = play_random(Game.new(5, seed, names=NAMES), random.Random(seed))
    seats = tuple(Seat1667(n, "human" if i in humans else "hard", 0 if i in humans else 3) for i, n in enumerate(NAMES))
    return Save1667(seats=seats, record=g.record().to_dict(), game_id=f"g{seed}"), g


def test_finished_1667_games_count_by_loyalty_and_ending(app_home: None) -> None:
    games = []
    for seed in (1, 2, 3):
        save, g = _save(seed)
        record_stats(save)
        record_stats(save)  # the same game twice counts once
        games.append(g)
    stats.record_game([SeatConfig("Anne Bonny", "human", 0), SeatConfig("Jack", "easy", 1)], [30, 20], [0],
                      game_id="dice1")
    loaded = stats.load_stats()
    anne = loaded.get("Anne Bonny", "t1667")
    assert anne is not None and anne.games == 3 and anne.best is None and anne.average is None
    assert anne.wins == sum(0 in g.outcome.winners for g in games)  # type: ignore[union-attr]
    for side in ("british", "french", "dutch"):
        played = [g for g in games if g.loyalty[0].value == side]
        rec = anne.sides.get(side, stats.VsRecord())
        assert (rec.games, rec.wins) == (len(played), sum(0 in g.outcome.winners for g in played))  # type: ignore[union-attr]
    endings = [ending_of(g.outcome.reason) for g in games]  # type: ignore[union-attr]
    assert anne.endings == {k: endings.count(k) for k in set(endings)}
    assert loaded.get("Edward Teach", "t1667") is None  # computer players get no statistics
    dice = loaded.get("Anne Bonny")
    assert dice is not None and dice.games == 1 and dice.sides == {} and dice.best == 30  # the dice game's, apart
    rows, tables = stats_tables()
    assert sorted(r[0:2] for r in rows[1:]) == [["Anne Bonny", "Tortuga"], ["Anne Bonny", "Tortuga 1667"],
                                                 ["Calico Jack", "Tortuga 1667"]]
    (key, table), = tables
    assert key == "t1667" and table[0][:3] == ["Player", "Games", "Wins"]
    assert table[0][3:] == ["As British", "As French", "As Dutch", "Armada", "Dutch on a tie", "Sudden death", "Draw"]
    anne_row = next(r for r in table if r[0] == "Anne Bonny")
    assert anne_row[6:] == [str(anne.endings.get(k, 0)) for k in ("armada", "dutch_tie", "sudden_death", "draw")]


def test_the_endings_are_the_four_the_player_knows() -> None:
    assert {ending_of(r) for r in EndReason} == {"armada", "dutch_tie", "sudden_death", "draw"}


def test_impossible_side_or_ending_counts_are_dropped(app_home: None) -> None:
    good = stats.PlayerStats("Anne", games=2, wins=1, game="t1667", sides={"british": stats.VsRecord(2, 1)},
                             endings={"armada": 2})
    assert stats.PlayerStats.from_dict(good.to_dict()) == good
    for bad in ({"sides": {"british": {"games": 3, "wins": 1}}}, {"endings": {"armada": 3}},
                {"sides": {"british": {"games": 1, "wins": 2}}}, {"endings": {"armada": 2, "draw": 1}},
                {"sides": {}, "endings": {}}):  # games with scores (the dice game's) always have a best score
        with pytest.raises(ValueError):
            stats.PlayerStats.from_dict({**good.to_dict(), **bad})


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_statistics_screen_shows_1667_beside_the_dice_game(app_home: None, size: tuple[int, int], lang: str) -> None:
    for seed in (1, 2):
        record_stats(_save(seed)[0])
    stats.record_game([SeatConfig("Anne Bonny", "human", 0), SeatConfig("Jack", "hard", 1)], [30, 20], [0],
                      game_id="dice1")
    i18n.set_language(lang)
    app = App(None, size=size, fixed_dt=1 / 60, settings=Settings(language=lang))
    try:
        i18n.set_language(lang)
        app.push(StatsScene())
        settle(app)
        rep, texts = draw_scene(app, app.top)
        shown = [t for t, _r in texts]
        words = " ".join(shown).split()
        (_key, table), = app.top.tables
        for label in [i18n.tr("stats.t1667.title"), *table[0]]:
            assert all(w in words for w in label.split()), f"{label!r} is not shown whole"
        assert not [t for t in shown if t.endswith("…")]
        problems = check(rep, texts, size, f"{lang} {size} stats 1667")
    finally:
        app.close()
    assert not problems, "\n".join(problems[:20])
