"""Saved games of Tortuga 1667 (t1667/table/saves.py): the record + seat setup + bot chat switch + each
human seat's private deduction notes, loaded back to the same position (T9: the seed and the decisions
make the game); a damaged file is refused with a clear message and nothing is loaded."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.t1667.rules import Action, Event
from tortuga_desktop.games.t1667.table.saves import (
    Save1667,
    Seat1667,
    new_table,
    read_save,
    read_saved,
    save_of,
    table_of,
    write_save,
)
from tortuga_desktop.shell import game as games
from tortuga_desktop.shell.saves import AutosaveWriter, autosave_path
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.games import load_game
from tortuga_desktop.shell.table import LocalTable

SEATS = (Seat1667("Anne"), Seat1667("Jack", "normal"), Seat1667("Mary"), Seat1667("Bart", "easy"),
         Seat1667("Ned", "hard"))
NOTES = {0: {1: "british", 3: "french"}, 2: {0: "dutch"}}


def _advance(t: LocalTable[Any, Action, Event], decisions: int, rng: random.Random) -> None:
    while not t.is_over and t.engine.decisions < decisions:
        t.poll()
        for seat in t.waiting_for():
            if seat in t.human_seats and not t.is_over:
                t.submit(seat, rng.choice(t.prompt(seat).legal))


def _saved_game(tmp_path: Path) -> tuple[Path, LocalTable[Any, Action, Event], tuple[Seat1667, ...]]:
    t, seats = new_table(SEATS, seed=21, think="inline")
    t.bot_chat = False
    _advance(t, 30, random.Random(2))
    path = write_save(tmp_path / "game.json", save_of(t, seats, NOTES, meta={"name": "Friday"}))
    return path, t, seats


@pytest.fixture(scope="module")
def saved_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The file :func:`_saved_game` writes, made once for the tests that only read or damage it."""
    return _saved_game(tmp_path_factory.mktemp("saved"))[0].read_text()


def _saved_copy(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.json"
    path.write_text(text)
    return path


def test_T9_a_saved_game_loads_back_to_the_same_position_with_its_notes(tmp_path: Path) -> None:
    path, t, seats = _saved_game(tmp_path)
    doc = json.loads(path.read_text())
    assert doc["game"] == "t1667" and doc["format"] == "tortuga-save" and doc["notes"]["0"]["3"] == "french"
    assert all(s.bot_seed for s in seats if not s.human)  # computer seats' seeds come from the game's seed
    save = read_save(path)
    assert save.seats == seats and save.notes == NOTES and save.bot_chat is False and save.meta == {"name": "Friday"}
    again = table_of(save, think="inline")
    assert again.bot_chat is False and again.human_seats == (0, 2) and again.kinds == tuple(s.kind for s in SEATS)
    assert again.engine.decisions == t.engine.decisions
    for viewer in (None, 0, 2):
        assert again.view(viewer) == t.view(viewer) and list(again.events_for(viewer)) == list(t.events_for(viewer))
    assert again.waiting_for() == t.waiting_for()
    # the loaded game goes on to its end: its computer players were rebuilt from their seeds and fed their
    # seats' events (their random sources start afresh, so it need not end as the unsaved game would)
    _advance(again, 10_000, random.Random(5))
    assert again.is_over and again.notices == []
    saved = t.record()["entries"]  # type: ignore[index]
    assert again.record()["entries"][:len(saved)] == saved  # type: ignore[index]


def test_a_save_file_is_made_when_the_game_is_over_too(tmp_path: Path) -> None:
    t, seats = new_table(SEATS[:3], seed=4, think="inline")
    _advance(t, 10_000, random.Random(1))
    save = read_save(write_save(tmp_path / "over.json", save_of(t, seats, {})))
    assert save.engine.is_over and save.engine.outcome == t.engine.outcome  # type: ignore[attr-defined]


def _damage(doc: dict[str, Any], how: str) -> Any:
    d = copy.deepcopy(doc)
    if how == "seats_count":
        d["seats"] = d["seats"][:4]
    elif how == "names":
        d["seats"][1]["name"] = "Someone"
    elif how == "kind":
        d["seats"][1]["kind"] = "wizard"
    elif how == "notes_bot":
        d["notes"]["1"] = {"0": "french"}  # seat 1 is a computer player: no notes of its own
    elif how == "notes_self":
        d["notes"]["0"]["0"] = "me"
    elif how == "notes_long":
        d["notes"]["0"]["1"] = "x" * 200
    elif how == "notes_free_text":  # the table's notes model has marks, not free text
        d["notes"]["0"]["1"] = "lied about French"
    elif how == "notes_key":
        d["notes"]["zero"] = {}
    elif how == "illegal_entry":
        d["record"]["entries"][5] = [d["record"]["entries"][5][0], "mutiny"]
    elif how == "no_record":
        del d["record"]
    elif how == "bad_seed":
        d["record"]["setup"]["seed"] = -3
    elif how == "newer":
        d["schema"] = 7
    elif how == "other_game":
        d["game"] = "tortuga"
    elif how == "seats_type":
        d["seats"] = "five"
    return d


@pytest.mark.parametrize(("how", "key"), [
    ("seats_count", "error.save.invalid"), ("names", "error.save.invalid"), ("kind", "error.save.invalid"),
    ("notes_bot", "error.save.invalid"), ("notes_self", "error.save.invalid"), ("notes_long", "error.save.invalid"),
    ("notes_free_text", "error.save.invalid"),
    ("notes_key", "error.save.invalid"), ("illegal_entry", "error.save.bad_record"),
    ("no_record", "error.save.invalid"), ("bad_seed", "error.save.bad_setup"), ("newer", "error.save.newer_version"),
    ("other_game", "error.save.wrong_format"), ("seats_type", "error.save.invalid")])
def test_a_damaged_file_is_refused_with_a_clear_message(tmp_path: Path, saved_text: str, how: str, key: str) -> None:
    path = _saved_copy(tmp_path, saved_text)
    bad = tmp_path / f"{how}.json"
    bad.write_text(json.dumps(_damage(json.loads(path.read_text()), how)))
    with pytest.raises(SaveError) as err:
        read_save(bad)
    assert err.value.key == key and bad.name in str(err.value)


def test_files_that_are_not_saves_are_refused(tmp_path: Path, saved_text: str) -> None:
    path = _saved_copy(tmp_path, saved_text)
    cut = tmp_path / "cut.json"
    cut.write_bytes(path.read_bytes()[:300])
    with pytest.raises(SaveError) as err:
        read_save(cut)
    assert err.value.key == "error.save.not_json"
    with pytest.raises(SaveError) as err:
        read_save(tmp_path / "nothing.json")
    assert err.value.key == "error.save.missing"


def test_random_damage_never_crashes_only_refuses(tmp_path: Path, saved_text: str) -> None:
    """Any change to a leaf of a valid file either still loads or gives a SaveError (never another error)."""
    path = _saved_copy(tmp_path, saved_text)
    doc = json.loads(path.read_text())
    rng = random.Random(7)
    junk: list[Any] = [None, True, -1, 10**30, 2.5, "", "x" * 500, [], {}, "vote WBH", [0, "attack"]]
    leaves: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            leaves.append((node, k))
            walk(v)

    walk(doc)
    refused = 0
    for i in range(150):
        d = copy.deepcopy(doc)
        leaves.clear()
        walk(d)
        node, k = rng.choice(leaves)
        node[k] = rng.choice(junk)
        f = tmp_path / f"fuzz{i}.json"
        f.write_text(json.dumps(d))
        try:
            read_save(f)
        except SaveError:
            refused += 1
    assert refused > 50


def test_notes_are_only_for_human_seats_even_when_made_in_code() -> None:
    t, seats = new_table(SEATS, seed=1, think="inline")
    with pytest.raises(ValueError):
        save_of(t, seats, {1: {0: "french"}})
    with pytest.raises(ValueError):  # a note is a mark of the notes model, as the table makes it
        save_of(t, seats, {0: {4: "dutch?"}})
    assert isinstance(save_of(t, seats, {0: {4: "dutch"}}), Save1667)


def test_a_save_is_a_snapshot_the_game_goes_on_while_it_is_written(tmp_path: Path) -> None:
    t, seats = new_table(SEATS, seed=3, think="inline")
    _advance(t, 12, random.Random(4))
    save = save_of(t, seats, {})
    at = save.decisions
    _advance(t, 40, random.Random(4))
    assert t.engine.decisions > at and save.decisions == at
    assert read_save(write_save(tmp_path / "s.json", save)).decisions == at


def test_read_saved_takes_the_shells_parsed_document_and_knows_a_finished_game(tmp_path: Path, saved_text: str) -> None:
    path = _saved_copy(tmp_path, saved_text)
    doc = json.loads(path.read_text())
    saved = read_saved(doc, path)
    assert not saved.finished and saved.game_id == doc["game_id"] and saved.decisions == len(doc["record"]["entries"])
    t, seats = new_table(SEATS[:3], seed=4, think="inline")
    _advance(t, 10_000, random.Random(1))
    assert read_saved(save_of(t, seats, {}).to_dict(), None).finished
    for junk in ({}, {"format": "tortuga-save", "game": "t1667"}, {**doc, "meta": "not an object"}, {**doc, "seats": None}):
        with pytest.raises(SaveError):
            read_saved(junk, None)


# ------------------------------------------------------------------ through the shell's file path (shell/game.py)
class _Saves1667:
    """The 1667 module's file side as the shell sees it (the table scene opens what it reads)."""

    key = "t1667"
    cli_names = ("1667",)
    title_key = blurb_key = "test.t1667"
    min_players, max_players = 2, 9
    levels: tuple[str, ...] = ("easy",)
    stat_sides: tuple[str, ...] = ()
    stat_endings: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.opened: list[Save1667] = []

    def draw_badge(self, surface: Any, rect: Any) -> None:
        pass

    def setup_scene(self, app: Any) -> Any:
        raise AssertionError("not used here")

    def read_saved(self, doc: Any, path: Path | None) -> Any:
        return read_saved(doc, path)

    def claims(self, doc: Any) -> bool:
        return False

    def list_line(self, path: Path, doc: Any, saved: Any) -> Any:
        from tortuga_desktop.shell.saves.savefile import basic_info

        return basic_info(path, self.key, doc, saved)

    def prepare_open(self) -> None:
        pass

    def open_saved(self, app: Any, saved: Any, *, on_disk: bool = False) -> None:
        self.opened.append(saved)

    def demo(self, app: Any, options: Any) -> None:
        raise AssertionError("not used here")

    def help_scene(self, app: Any) -> Any:
        raise AssertionError("not used here")

    def tutorial(self) -> None:
        return None

    def make_session(self, app: Any) -> None:
        return None


@pytest.fixture
def saves_module(app_home: None) -> Iterator[_Saves1667]:
    m = _Saves1667()
    real = next((x for x in games.modules() if x.key == m.key), None)  # the built-in 1667 module stands aside
    if real is not None:
        games.unregister(m.key)
    games.register(m)
    try:
        yield m
    finally:
        games.unregister(m.key)
        if real is not None:
            games.register(real)


def test_continue_reads_a_1667_autosave_through_its_module(saves_module: _Saves1667) -> None:
    t, seats = new_table(SEATS, seed=21, think="inline")
    _advance(t, 20, random.Random(2))
    path = write_save(autosave_path(), save_of(t, seats, NOTES))
    found, saved = load_game(path)
    assert found is saves_module and isinstance(saved, Save1667) and saved.notes == NOTES
    assert table_of(saved, think="inline").view(None) == t.view(None)


def test_a_damaged_1667_autosave_is_refused_and_kept_aside(saves_module: _Saves1667) -> None:
    t, seats = new_table(SEATS, seed=21, think="inline")
    _advance(t, 20, random.Random(2))
    path = write_save(autosave_path(), save_of(t, seats, NOTES))
    doc = json.loads(path.read_text())
    doc["record"]["entries"][3][1] = "mutiny"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert err.value.key == "error.save.bad_record" and err.value.kept_as is not None and not path.exists()


def test_a_1667_game_autosaves_through_the_background_writer(saves_module: _Saves1667) -> None:
    """The frame loop only queues the save: the one background writer writes it (as for the dice game)."""
    t, seats = new_table(SEATS, seed=5, think="inline")
    writer = AutosaveWriter()
    try:
        for stop in (6, 14):
            _advance(t, stop, random.Random(3))
            writer.submit(save_of(t, seats, {0: {1: "french"}}))
        assert writer.close(5.0)
    finally:
        writer.close(1.0)
    _found, saved = load_game(autosave_path())
    assert isinstance(saved, Save1667) and saved.decisions == t.engine.decisions and saved.notes == {0: {1: "french"}}
