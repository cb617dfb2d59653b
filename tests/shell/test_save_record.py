"""Issue 16.5: a save is its game record. Loading replays the record; the stored state is only
a cross-check, so impossible or stuck states and tampered records are refused with a message
naming the file, through ``read_save``, ``tortuga PATH`` and *Continue*, and nothing is changed."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tortuga_desktop.devtools.save_corpus import check_case, legacy_doc, record_cases  # noqa: E402
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.dice.table.savefile import SCHEMA, SaveData, read_save
from tortuga_desktop.shell.main import build_parser  # noqa: E402
from tortuga_desktop.shell.saves import SaveError, SeatConfig
from tortuga_desktop.shell.start import make_app  # noqa: E402

pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English, markers on (conftest)


def _good_doc(players: int = 3, decisions: int = 7) -> dict[str, Any]:
    names = ("Anna", "Bart", "Clara", "Dirk")
    kinds = ("human", "easy", "normal", "hard")
    seats = [SeatConfig(names[i], kinds[i], i) for i in range(players)]
    data = SetupConfig(seats=seats, seed=4).create_game()
    rng = random.Random(1)
    g = data.game
    for _ in range(decisions):
        if g.is_over:
            break
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    doc = data.to_dict()
    doc["saved_at"] = "2026-01-01T00:00:00+00:00"
    return doc


_CASES = dict(record_cases(_good_doc()))


def test_the_good_save_replays_to_the_same_state(tmp_path: Path) -> None:
    doc = _good_doc()
    path = tmp_path / "good.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    data = read_save(path)
    assert data.game.to_dict() == {**doc["check"], "record": doc["record"]["entries"]}


def test_an_older_save_without_a_record_still_loads(tmp_path: Path) -> None:
    doc = legacy_doc(_good_doc())
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    data = read_save(path)
    assert data.game.decisions == 7
    assert data.game.pending()


def test_a_schema_1_save_with_its_record_in_the_state_loads_by_replay(tmp_path: Path) -> None:
    doc = _good_doc()
    old = {k: v for k, v in doc.items() if k not in ("record", "check")}
    old["schema"], old["game"] = 1, {**doc["check"], "record": doc["record"]["entries"]}
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    data = read_save(path)
    assert data.game.to_dict() == old["game"]
    assert data.to_dict()["record"] == doc["record"]  # written back as schema 2


def test_the_envelope_keeps_the_record_first_and_the_state_as_a_check() -> None:
    doc = _good_doc()
    assert doc["schema"] == SCHEMA == 2
    assert len(doc["record"]["entries"]) == 7
    assert "record" not in doc["check"] and doc["game"] == "tortuga"  # the module key, not a second copy of the game


@pytest.mark.parametrize("case", sorted(_CASES))
def test_impossible_and_tampered_saves_are_refused(tmp_path: Path, case: str) -> None:
    blob = _CASES[case]
    path = tmp_path / "bad.json"
    path.write_bytes(blob)
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert "bad.json" in info.value.user_message(), info.value.detail
    assert path.read_bytes() == blob


def test_tampered_record_messages() -> None:
    doc = _good_doc()
    cases = {
        "record: illegal action": "error.save.bad_record",
        "record: truncated": "error.save.bad_record",
        "state: empty action order": "error.save.record_mismatch",
        "state: duplicated roller": "error.save.record_mismatch",
        "older save (no record), state: duplicated roller": "error.save.unreachable",
        "older save (no record), state: dice phase without rollers": "error.save.unreachable",
        "older save (no record), state: move phase already arranged": "error.save.unreachable",
    }
    for name, blob in record_cases(doc):
        if name not in cases:
            continue
        with pytest.raises(SaveError) as info:
            SaveData.from_dict(json.loads(blob))
        assert info.value.key == cases.pop(name), (name, info.value.detail)
    assert cases == {}


def test_refused_through_every_route(tmp_path: Path) -> None:
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]))
    app.fixed_dt = 1 / 60
    outside = tmp_path / "outside"
    outside.mkdir()
    problems: list[str] = []
    try:
        for label, blob in sorted(_CASES.items()):
            problems += check_case(app, label, blob, outside, must_refuse=True)
    finally:
        app.close()
    assert problems == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replayed_saves_load_at_many_decision_points(tmp_path: Path, players: int) -> None:
    for decisions in range(0, 60, 7):
        doc = _good_doc(players, decisions)
        path = tmp_path / "cp.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        assert read_save(path).game.to_dict() == {**doc["check"], "record": doc["record"]["entries"]}
