"""Every file version the game has written still loads, and reads the same as before the files
were validated by msgspec schemas (issue 25, "Files by a library").

``tests/data/old_files/`` holds one file per format and schema version, written by the code
of that time, and ``expected.json`` what that code read from each (made with the code before
the change: saves, settings, statistics, replays and the remembered setup)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.table import records
from tortuga_desktop.games.dice.table.gamesetup import load_last_setup
from tortuga_desktop.games.dice.table.savefile import SaveData, read_save
from tortuga_desktop.shell import paths, settings, stats

pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English (conftest)

_DIR = Path(__file__).resolve().parents[1] / "data" / "old_files"
_EXPECTED: dict[str, Any] = json.loads((_DIR / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["save-schema2.json", "save-schema2-before-hints.json", "save-schema1.json",
                                  "save-schema1-before-records.json"])
def test_every_save_schema_loads_as_before(name: str) -> None:
    data = read_save(_DIR / name)
    want = _EXPECTED[name]
    assert [s.to_dict() for s in data.seats] == want["seats"]
    assert data.game.to_dict() == want["game"]
    assert (data.meta, data.game_id, data.saved_at, sorted(data.hinted)) == (
        want["meta"], want["game_id"], want["saved_at"], want["hinted"])
    again = SaveData.from_dict(json.loads(json.dumps(data.to_dict())))  # written back as schema 2
    assert again.game.to_dict() == data.game.to_dict()


@pytest.mark.parametrize("name", ["settings-schema1.json", "settings-schema1-before-tips.json"])
def test_every_settings_file_loads_as_before(name: str) -> None:
    shutil.copy(_DIR / name, settings.settings_path())
    damaged: list[Path] = []
    loaded = settings.load_settings(damaged)
    assert loaded.to_dict() == _EXPECTED[name]["settings"]
    assert damaged == [] and _EXPECTED[name]["problems"] == []
    assert settings.settings_path().read_bytes() == (_DIR / name).read_bytes()  # nothing moved aside


@pytest.mark.parametrize("name", ["stats-schema1.json", "stats-schema1-before-hints.json"])
def test_every_statistics_file_loads_as_before(name: str) -> None:
    shutil.copy(_DIR / name, stats.stats_path())
    damaged: list[Path] = []
    loaded = stats.load_stats(damaged).to_dict()
    assert all(p.pop("game") == "tortuga" for p in loaded["players"])  # written since: each entry's game
    assert loaded == _EXPECTED[name]["stats"]
    assert damaged == [] and _EXPECTED[name]["ok"]


def test_replay_version_1_loads_and_replays_as_before() -> None:
    rf = records.read_replay(_DIR / "replay-version1.json")
    written = rf.to_dict()
    assert written.pop("game") == "tortuga"  # written since: the record's game
    assert written == _EXPECTED["replay-version1.json"]["replay"]
    assert rf.reasons[3][1].param("tile") == "x"
    assert rf.replay().decisions == len(rf.record.entries)


def test_the_remembered_setup_schema_1_loads() -> None:
    shutil.copy(_DIR / "last-setup-schema1.json", paths.config_dir() / "last_setup.json")
    setup = load_last_setup()
    doc = json.loads((_DIR / "last-setup-schema1.json").read_text(encoding="utf-8"))
    assert setup is not None and setup.to_dict() == doc["setup"]
