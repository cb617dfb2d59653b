"""``python -m scripts.frame_bench --game NAME`` and ``python -m scripts.tutorial_length --game NAME``: one
frame bench and one tutorial measure for any game. What differs between the games is each game's side of
the bench (:class:`tortuga_desktop.shell.bench.GameBench`), which the catalogue names; the scripts and the
shell import no game. Runs headless (dummy video driver): the frame figures mean nothing here, only that
every line is measured from the game's own table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scripts import frame_bench, tutorial_length
from tortuga_desktop import games
from tortuga_desktop.shell import i18n
from tortuga_desktop.shell.bench import PLAIN, FrameNote, PlainBench, TutorialRun

ROOT = Path(__file__).resolve().parents[2]
SHORT = ["--seconds", "1.5", "--baseline-seconds", "0.2", "--idle-seconds", "0.3", "--size", "1280x720"]


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORTUGA_HOME", str(tmp_path))


def test_every_built_in_game_gives_its_side_of_the_bench_through_the_catalogue() -> None:
    for built in games.BUILT_IN:
        bench = games.bench(built.key)
        assert built.bench and bench is not None and bench is not PLAIN, built.key
        assert bench.players in range(games.rules(built.key).min_players, games.rules(built.key).max_players + 1)
        assert bench.budget > 0
    with pytest.raises(LookupError):
        games.bench("chess")


def test_a_game_without_a_bench_of_its_own_is_measured_plainly() -> None:
    plain = PlainBench()
    assert plain.note(object()) == FrameNote() and plain.parts(object(), object()) == ()
    assert plain.run_case(frame_bench.parser("x", plain).parse_args([])) is None


def test_the_dice_table_is_measured_with_its_phases_and_dice(capsys: pytest.CaptureFixture[str]) -> None:
    assert frame_bench.main(SHORT) == 0
    out = capsys.readouterr().out
    assert "game: tortuga, 4 players, seed 3" in out and "baseline (fixed work): n=" in out
    assert "all frames:" in out and "phase dice" in out and "events played:" in out
    assert "idle:" in out and "% of one core" in out


def test_the_1667_table_is_measured_beside_the_dice_table_with_its_parts(capsys: pytest.CaptureFixture[str]) -> None:
    assert frame_bench.main(["--game", "1667", "--players", "4", "--beside", "dice", "--beside-seconds", "0.5",
                             "--breakdown", *SHORT]) == 0
    out = capsys.readouterr().out
    assert "game: t1667, 4 players" in out and "baseline, tortuga table (4 seats): n=" in out
    assert "moves shown:" in out and "over 8 ms" in out  # 1667's own budget
    assert "breakdown: mean ms per frame" in out and "table draw: strip" in out and "poll" in out
    assert "phase " not in out  # 1667 has no phases to group by


def test_a_game_s_own_options_belong_to_that_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        frame_bench.main(["--game", "1667", "--expert"])
    assert exc.value.code == 2 and "--expert" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        frame_bench.main(["--game", "chess"])
    assert exc.value.code == 2 and "no game 'chess'" in capsys.readouterr().err


def test_the_tutorial_length_plays_the_named_game_s_tutorial(capsys: pytest.CaptureFixture[str]) -> None:
    from tortuga_desktop.games.t1667.table.tutorial import STEPS

    assert tutorial_length.main(["--game", "1667"]) == 0
    out = capsys.readouterr().out
    assert f"t1667: steps: {len(STEPS)}, moves by the player: " in out
    words = sum(len(i18n.translate("en", f"tutorial.t1667.step.{s.key}").split()) for s in STEPS)
    assert f"en: {words} words, reading" in out


def test_the_tutorial_length_adds_reading_moves_and_table_time(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    class Walked(PlainBench):
        def walk_tutorial(self, app: object) -> TutorialRun | None:
            return TutorialRun(steps=3, moves=2, table_seconds=30.0, note_keys=("menu.quit", "menu.quit"))

    monkeypatch.setattr(games, "bench", lambda key: Walked())
    assert tutorial_length.main(["--wpm", "60", "--move-s", "15"]) == 0
    out = capsys.readouterr().out
    words = 2 * len(i18n.translate("de", "menu.quit").split())
    assert "tortuga: steps: 3, moves by the player: 2, table time at normal speed: 30 s" in out
    assert f"de: {words} words, reading {words / 60:.1f} min at 60 wpm; estimated total {(words + 60) / 60:.1f} min" in out
    monkeypatch.setattr(games, "bench", lambda key: None)  # a game without a tutorial is said so
    assert tutorial_length.main([]) == 1
    assert "has no tutorial" in capsys.readouterr().err


@pytest.mark.parametrize("script", ["frame_bench", "soak", "tutorial_length"])
def test_the_tools_for_any_game_import_no_game(script: str) -> None:
    tree = ast.parse((ROOT / "scripts" / f"{script}.py").read_text(encoding="utf-8"))
    imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    assert not {m for m in imported if m.startswith("tortuga_desktop.games.")}, imported
