"""Loading a file is linear: the texts of a document are checked in C, without a Python call per
character, and once per document (not again by the game's own reader). Timings are in
``scripts/measure_load.py``; these tests count the work."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.games.t1667.table.saves import Seat1667, new_table, save_of
from tortuga_desktop.games.t1667.table.saves import write_save as write_1667
from tortuga_desktop.shell import visible
from tortuga_desktop.shell.saves import SaveError, SeatConfig, check_json_values, write_save
from tortuga_desktop.shell.saves.games import load_game


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every call of :func:`visible.is_visible_char` from now on, by its character."""
    calls: list[str] = []
    real = visible.is_visible_char

    def counted(ch: str) -> bool:
        calls.append(ch)
        return real(ch)

    monkeypatch.setattr(visible, "is_visible_char", counted)
    return calls


def test_ascii_texts_are_checked_without_a_call_per_character(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    check_json_values({"pad": ["x" * 1000] * 50, "name": "Anna"}, "save")
    assert calls == []
    with pytest.raises(ValueError, match=r"save\.pad\[3\]: contains the invisible or control character U\+0000"):
        check_json_values({"pad": ["x" * 1000] * 3 + ["ab\x00c"]}, "save")


def test_other_texts_look_up_each_distinct_character_at_most_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    text = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 40)) * 25  # 1,000 characters, 40 distinct
    check_json_values({"pad": [text] * 100}, "save")
    assert len(calls) <= 40
    assert len(set(calls)) == len(calls)
    with pytest.raises(ValueError, match=r"save\.pad\[1\]: contains the invisible or control character U\+200B"):
        check_json_values({"pad": [text, "é\u200bé"]}, "save")


def test_every_fault_the_slow_walk_found_is_still_found() -> None:
    cases: list[tuple[object, str]] = [
        ({"a": "x" * 1001}, r"save\.a: expected a text of at most 1000"),
        ({"x" * 1001: 1}, r"save: a key: expected a text"),
        ({"a\u202e": 1}, r"save: a key: contains the invisible"),
        ({"n": [1, 2**256 + 1]}, r"save\.n\[1\]: the number is too large"),
        ({"t": (1, 2)}, r"save\.t: tuple is not a JSON value"),
        ({"s": "\ud800"}, r"save\.s: contains the invisible or control character U\+D800"),
        ({"f": "\ufe0f"}, r"save\.f: contains the invisible or control character U\+FE0F"),
    ]
    for value, message in cases:
        with pytest.raises(ValueError, match=message):
            check_json_values(value, "save")
    deep: Any = []
    for _ in range(64):
        deep = [deep]
    check_json_values(deep, "save")  # 64 deep: accepted, as before
    with pytest.raises(ValueError, match="nested too deeply"):
        check_json_values([[deep]], "save")
    check_json_values({"ok": ["é", 1.5, None, True, -(2**256), {"k": "Anna"}]}, "save")


# ---------------------------------------------------------------- once per document
PAD = ["pad " * 200] * 20  # the one list object the files' meta hold


def _count_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time :func:`check_json_values` (wherever it was imported) is given the padding (alone or
    inside the document or its meta), the place it was told."""
    seen: list[str] = []
    import tortuga_desktop.shell.saves.text as text_module

    real = text_module.check_json_values

    def holds_pad(value: object) -> bool:
        if value is PAD:
            return True
        if isinstance(value, dict):
            if value.get("pad") is PAD:
                return True
            meta = value.get("meta")
            return isinstance(meta, dict) and meta.get("pad") is PAD
        return False

    def counted(value: object, where: str, depth: int = 0) -> None:
        if holds_pad(value):
            seen.append(where)
        real(value, where, depth)

    for name in ("tortuga_desktop.shell.saves.text", "tortuga_desktop.shell.saves.savefile",
                 "tortuga_desktop.shell.saves", "tortuga_desktop.games.dice.table.savefile",
                 "tortuga_desktop.games.t1667.table.saves", "tortuga_desktop.shell.replayfiles"):
        monkeypatch.setattr(f"{name}.check_json_values", counted, raising=False)
    return seen


def _parse_with_pad(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file's meta.pad parsed as the very :data:`PAD` object (so the counter can tell it)."""
    import tortuga_desktop.shell.saves.savefile as savefile

    real = savefile.parse_json

    def parse(raw: bytes, path: Path | None = None) -> Any:
        doc = real(raw, path)
        if isinstance(doc, dict) and isinstance(doc.get("meta"), dict) and doc["meta"].get("pad") == PAD:
            doc["meta"]["pad"] = PAD
        return doc

    monkeypatch.setattr(savefile, "parse_json", parse)


def test_a_dice_save_is_checked_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    data.meta["pad"] = PAD
    path = write_save(tmp_path / "dice.json", data)
    _parse_with_pad(monkeypatch)
    seen = _count_checks(monkeypatch)
    load_game(path)
    assert seen == ["save"]


def test_a_1667_save_is_checked_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, seats = new_table((Seat1667("Anne"), Seat1667("Jack", "easy")), seed=5, think="inline")
    rng = random.Random(1)
    while table.engine.decisions < 6 and not table.is_over:
        table.poll()
        for seat in table.waiting_for():
            if seat in table.human_seats:
                table.submit(seat, rng.choice(table.prompt(seat).legal))
    path = write_1667(tmp_path / "t1667.json", save_of(table, seats, {}, meta={"pad": PAD}))
    assert json.loads(path.read_text())["meta"]["pad"] == PAD
    _parse_with_pad(monkeypatch)
    seen = _count_checks(monkeypatch)
    load_game(path)
    assert seen == ["save"]


def test_a_bad_text_in_a_save_is_still_refused_by_the_one_check(tmp_path: Path) -> None:
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=3).create_game()
    data.meta["pad"] = ["ok", "bad\u200b"]
    path = write_save(tmp_path / "dice.json", data)
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert info.value.key == "error.save.invalid" and "U+200B" in info.value.detail
