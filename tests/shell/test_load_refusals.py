"""Every refusal of a loaded file names its real fault, in every language (reproducers of the files a
reliability corpus found misdescribed): a 1667 save whose record claims another game, one whose setup no
game can start from (cap 0, 5 seats with 4 names, an impossible scenario), a dice save labelled ``t1667``,
a damaged old-format dice save, and an autosave naming a game this version does not have - which is kept
aside, never replaced by the next game's autosave nor deleted by *New game*."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.t1667.table.saves import Seat1667, new_table, save_of
from tortuga_desktop.games.t1667.table.saves import write_save as write_1667
from tortuga_desktop.shell import i18n, paths, saves
from tortuga_desktop.shell.replayfiles import RecordError, describe_error, read_kept
from tortuga_desktop.shell.saves import AutosaveWriter, SaveError, SeatConfig, write_save
from tortuga_desktop.shell.saves.games import load_game

pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English (conftest)

OLD_FILES = Path(__file__).resolve().parents[1] / "data" / "old_files"
LANGUAGES = ("en", "de", "nl", "es")


def _t1667_doc(tmp_path: Path) -> dict[str, Any]:
    table, seats = new_table((Seat1667("Anne"), Seat1667("Jack", "easy"), Seat1667("Mary"), Seat1667("Ned", "easy")),
                             seed=8, think="inline")
    rng = random.Random(3)
    while table.engine.decisions < 12 and not table.is_over:
        table.poll()
        for seat in table.waiting_for():
            if seat in table.human_seats:
                table.submit(seat, rng.choice(table.prompt(seat).legal))
    path = write_1667(tmp_path / "good1667.json", save_of(table, seats, {}))
    doc: dict[str, Any] = json.loads(path.read_text())
    return doc


def _dice_doc(tmp_path: Path) -> dict[str, Any]:
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    path = write_save(tmp_path / "gooddice.json", data)
    doc: dict[str, Any] = json.loads(path.read_text())
    return doc


def _write(path: Path, doc: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    return path


def _refusal(path: Path) -> SaveError:
    with pytest.raises(SaveError) as info:
        load_game(path)
    return info.value


def _said_in_every_language(err: SaveError, words: dict[str, str]) -> None:
    """The refusal's message in each language is its own key's text (not another refusal's) holding ``words``."""
    for lang in LANGUAGES:
        text = err._text(lang)
        assert err.key in i18n.catalog(lang), (lang, err.key)
        assert words[lang] in text, (lang, text)


def test_a_1667_save_whose_record_claims_another_game(tmp_path: Path) -> None:
    doc = _t1667_doc(tmp_path)
    doc["record"]["game"] = "tortuga"
    path = _write(tmp_path / "other.json", doc)
    err = _refusal(path)
    assert err.key == "error.save.record_other_game"
    assert "belongs to another game" in err.message and "other.json" in err.message
    _said_in_every_language(err, {"en": "another game", "de": "anderen Spiel", "nl": "ander spel", "es": "otro juego"})
    with pytest.raises(RecordError) as info:  # the same file as a kept record (the Replays list, --replay)
        read_kept(path)
    assert info.value.key == "error.replay.record_other_game"
    assert "another game" in describe_error(info.value)


@pytest.mark.parametrize("case", ["cap 0", "5 seats with 4 names", "an impossible scenario", "a cap above the rules'"])
def test_a_1667_save_whose_setup_no_game_starts_from(tmp_path: Path, case: str) -> None:
    doc = _t1667_doc(tmp_path)
    record = doc["record"]
    if case == "cap 0":
        record["setup"]["cap"] = 0
    elif case == "a cap above the rules'":
        record["setup"]["cap"] = 100_000
    elif case == "5 seats with 4 names":
        record["setup"]["players"] = 5
        doc["seats"].append({"name": "Bart", "kind": "easy", "bot_seed": 5})
    else:
        record["scenario"] = {"players": 4, "seed": 1, "loyalty": "BBBB", "nonsense": 1}
    path = _write(tmp_path / "setup.json", doc)
    err = _refusal(path)
    assert err.key == "error.save.bad_setup", err.detail
    assert "prepared in a way the rules do not allow" in err.message
    _said_in_every_language(err, {"en": "prepared", "de": "aufgestellt", "nl": "opgezet", "es": "preparada"})
    with pytest.raises(RecordError) as info:
        read_kept(path)
    assert info.value.key == "error.replay.bad_setup"


def test_a_dice_save_labelled_t1667_says_it_is_mislabelled(tmp_path: Path) -> None:
    doc = _dice_doc(tmp_path)
    doc["game"] = "t1667"
    path = _write(tmp_path / "labelled.json", doc)
    err = _refusal(path)
    assert err.key == "error.save.mislabelled", err.detail
    assert "says it holds a game of Tortuga 1667, but it is a saved game of Tortuga" in err.message
    assert "newer version" not in err.message
    _said_in_every_language(err, {"en": "Tortuga 1667", "de": "Tortuga 1667", "nl": "Tortuga 1667",
                                  "es": "Tortuga 1667"})


def test_a_1667_save_labelled_as_the_dice_game_says_it_is_mislabelled(tmp_path: Path) -> None:
    doc = _t1667_doc(tmp_path)
    doc["game"] = "tortuga"
    err = _refusal(_write(tmp_path / "labelled.json", doc))
    assert err.key == "error.save.mislabelled", err.detail
    assert "game of Tortuga, but it is a saved game of Tortuga 1667" in err.message


def _damaged_old_dice_save() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((OLD_FILES / "save-schema1.json").read_text())
    assert doc["schema"] == 1 and isinstance(doc["game"], dict)
    doc["game"] = "{\"players\": 2, \"rou"  # the old format's state, damaged into a text
    return doc


def test_a_damaged_old_format_dice_save_is_called_damaged_and_kept_aside(tmp_path: Path) -> None:
    outside = _write(tmp_path / "old.json", _damaged_old_dice_save())
    err = _refusal(outside)
    assert err.key == "error.save.damaged_label", err.detail
    assert "is a saved game of Tortuga, but the part naming its game is damaged" in err.message
    assert "does not have" not in err.message
    _said_in_every_language(err, {"en": "damaged", "de": "beschädigt", "nl": "beschadigd", "es": "dañada"})
    assert outside.exists() and err.kept_as is None  # a file elsewhere is never moved
    auto = _write(saves.autosave_path(), _damaged_old_dice_save())
    err = _refusal(auto)
    assert err.key == "error.save.damaged_label"
    assert err.kept_as is not None and err.kept_as.exists() and not auto.exists()
    assert json.loads(err.kept_as.read_text()) == _damaged_old_dice_save()


def _newer_games_autosave() -> dict[str, Any]:
    return {"format": "tortuga-save", "schema": 1, "game": "chess", "saved_at": "2031-01-01T00:00:00+00:00",
            "game_id": "c0ffee", "seats": [{"name": "Kasparov"}], "moves": ["e4", "e5"]}


def test_an_autosave_of_an_unknown_game_is_kept_aside_when_continued(tmp_path: Path) -> None:
    auto = _write(saves.autosave_path(), _newer_games_autosave())
    err = _refusal(auto)
    assert err.key == "error.save.unknown_game_autosave"
    assert "“chess”" in err.message and "no new game will replace it" in err.message
    assert err.kept_as is not None and paths.display_name(err.kept_as) in err.message
    _said_in_every_language(err, {"en": "chess", "de": "chess", "nl": "chess", "es": "chess"})
    assert json.loads(err.kept_as.read_text()) == _newer_games_autosave() and not auto.exists()


def test_an_autosave_of_an_unknown_game_is_never_replaced_by_the_next_games_autosave(tmp_path: Path) -> None:
    auto = _write(saves.autosave_path(), _newer_games_autosave())
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    writer = AutosaveWriter()
    try:
        writer.submit(data)
        assert writer.flush(10)
    finally:
        writer.close()
    kept = [p for p in auto.parent.glob("autosave.bad-*.json")]
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == _newer_games_autosave()
    assert json.loads(auto.read_text())["game_id"] == data.game_id


def test_an_autosave_of_an_unknown_game_is_never_deleted_by_new_game(tmp_path: Path) -> None:
    auto = _write(saves.autosave_path(), _newer_games_autosave())
    saves.clear_autosave()
    writer = AutosaveWriter()
    try:
        _write(auto, _newer_games_autosave())
        writer.clear()
    finally:
        writer.close()
    kept = sorted(auto.parent.glob("autosave.bad-*.json"))
    assert len(kept) == 2 and all(json.loads(p.read_text()) == _newer_games_autosave() for p in kept)
    assert not auto.exists()


def test_the_autosave_of_a_known_game_is_still_replaced_and_deleted(tmp_path: Path) -> None:
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    auto = write_save(saves.autosave_path(), copy.deepcopy(data))
    saves.clear_autosave()
    assert not auto.exists() and not list(auto.parent.glob("autosave.bad-*.json"))


def test_other_files_of_an_unknown_game_are_still_left_as_they_are(tmp_path: Path) -> None:
    named = _write(saves.named_save_path("chess"), _newer_games_autosave())
    err = _refusal(named)
    assert err.key == "error.save.unknown_game" and err.kept_as is None and named.exists()
