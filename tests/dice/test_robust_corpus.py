"""Issue 16 proof: a corpus of damaged and hostile save files (truncations, byte flips, every
envelope field x wrong type / missing / huge / negative / non-finite / NUL / surrogates /
zero width) through ``read_save``, ``tortuga PATH``, *Continue* and *Load game*: no crash,
no hang, every bad file refused with a message naming it, no file changed.

A sample runs here; ``scripts/fuzz_saves.py`` runs the whole corpus and more damage."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tortuga_desktop.devtools.save_corpus import check_case, corpus, field_cases, sample  # noqa: E402
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
from tortuga_desktop.shell.main import build_parser  # noqa: E402
from tortuga_desktop.shell.saves import SeatConfig
from tortuga_desktop.shell.start import make_app  # noqa: E402

pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English, markers on (conftest)


def _good_doc() -> dict[str, Any]:
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=4).create_game()
    rng = random.Random(2)
    g = data.game
    for _ in range(12):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    doc = data.to_dict()
    doc["saved_at"] = "2026-01-01T00:00:00+00:00"
    return doc


def test_corpus_sample_through_every_route(tmp_path: Path) -> None:
    rng = random.Random(16)
    cases = corpus(_good_doc(), rng, n_damage=6)
    picked = sample(cases, 24, rng)
    # always include the nastiest envelope values
    must = [c for c in cases if c[0] in ("game_id = surrogate text", "meta = 1e999", "seats.0.name = NUL text",
                                         "saved_at = zero-width text", "seats.1.kind = text", "not UTF-8")]
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]))
    app.fixed_dt = 1 / 60
    outside = tmp_path / "outside"
    outside.mkdir()
    problems: list[str] = []
    from tortuga_desktop.shell import saves

    over = b'{"format": "tortuga-save", "pad": "' + b"x" * saves.MAX_SAVE_BYTES + b'"}'  # refused unread
    try:
        problems += check_case(app, "over the size limit", over, outside, must_refuse=True)
        for label, blob in [*must, *picked]:
            problems += check_case(app, label, blob, outside)
    finally:
        app.close()
    assert problems == []


# ---------------------------------------------------------------- the other formats (issue 25)
_OLD = Path(__file__).resolve().parents[1] / "data" / "old_files"

#: Fields of a settings / statistics / replay file that get every value of ``BAD_VALUES``, and
#: the values each still accepts (measured with the hand-written checks before msgspec took
#: them over: the limits are the same). Any other value is refused with the format's message.
_SETTINGS: dict[tuple[Any, ...], set[str]] = {
    ("format",): set(), ("language",): {"missing"}, ("fullscreen",): {"missing", "true"},
    ("window_size",): {"missing"}, ("window_size", 0): set(), ("animation_speed",): {"missing"},
    ("volume",): {"missing", "zero", "float"}, ("ui_scale",): {"missing"}, ("tutorial_step",): {"missing", "zero"},
    ("tips_seen",): {"missing"},
    ("tips_seen", 0): {"missing", "empty text", "text", "NUL text", "surrogate text", "low surrogate text",
                       "zero-width text", "RTL override text", "control text"},
}
_ANY_TEXT = {"empty text", "text", "NUL text", "surrogate text", "low surrogate text", "zero-width text",
             "RTL override text", "control text"}
_ANYTHING = {"missing", "null", "true", "list", "object", "zero", "negative", "float", "huge int", "huge text",
             *_ANY_TEXT}
_STATS: dict[tuple[Any, ...], set[str]] = {
    ("format",): set(), ("schema",): {"true"}, ("players",): set(), ("players", 0): {"missing"},
    ("players", 0, "name"): {"text"}, ("players", 0, "games"): set(), ("players", 0, "wins"): {"zero"},
    ("players", 0, "best"): {"zero"}, ("players", 0, "hinted"): {"missing", "zero"},
    ("players", 0, "last_played"): _ANYTHING,  # a bad date is forgotten, not refused
    ("players", 0, "vs"): {"object"}, ("players", 0, "vs", "hard"): {"missing"},
    ("players", 0, "vs", "hard", "wins"): {"zero"}, ("recorded",): {"missing", "list"},
    ("recorded", 0): _ANYTHING,  # a bad game id is dropped
}
_REPLAY: dict[tuple[Any, ...], set[str]] = {
    ("format",): set(), ("version",): set(), ("game_id",): {"text"}, ("kinds",): set(), ("kinds", 0): set(),
    ("times",): set(), ("times", 0): {"null", "zero", "float"}, ("reasons",): {"missing"},
    ("reasons", 0): {"missing"}, ("reasons", 0, 0): {"zero"}, ("reasons", 0, 2, "key"): _ANY_TEXT,
    ("reasons", 0, 2, "params"): {"missing"},
    ("reasons", 0, 2, "params", 0, 1): {"zero", "negative", "huge int", *_ANY_TEXT},
    ("reasons", 0, 2, "search"): {*_ANYTHING, "1e999", "-1e999", "NaN"},  # read as true or false
    ("finished",): {"missing", "true"}, ("winners",): {"missing", "list"}, ("rounds",): {"missing", "zero"},
    ("started_at",): {"missing", *_ANY_TEXT}, ("record",): set(),
}


def _cases(name: str, fields: dict[tuple[Any, ...], set[str]]) -> list[tuple[str, bytes, bool]]:
    """``(case, file bytes, accepted?)`` for every field x bad value, from an old file of the format."""
    doc = json.loads((_OLD / name).read_text(encoding="utf-8"))
    accepted = {f"{'.'.join(map(str, path))} = {label}" for path, labels in fields.items() for label in labels}
    return [(case, blob, case in accepted) for case, blob in field_cases(doc, tuple(fields))]


def _messages(key: str, **params: str) -> list[str]:
    from tortuga_desktop.shell import i18n

    texts = [i18n.translate(lang, key, **params) for lang in ("en", "de", "nl", "es")]
    assert all(t and t != key and not re.search(r"\{[a-z_]+\}", t) for t in texts), (key, texts)
    return texts


@pytest.mark.parametrize("fmt", ["settings", "stats"])
def test_hostile_settings_and_statistics_files_are_refused_with_a_message_and_kept(fmt: str) -> None:
    """Every bad value is refused (the field falls back, the player is told, the file is kept
    aside byte for byte); every value the file format allows still loads, the file untouched;
    a file over the size limit is refused before it is parsed. Nothing else is written."""
    from tortuga_desktop.shell import settings, stats

    if fmt == "settings":
        target, limit = settings.settings_path(), 64 * 1024
        cases = _cases("settings-schema1.json", _SETTINGS)
        load: Any = settings.load_settings
    else:
        target, limit = stats.stats_path(), 5 * 1024 * 1024
        cases = _cases("stats-schema1.json", _STATS)
        load = stats.load_stats
    _messages(f"notice.{fmt}_damaged", file="x.bad.json")
    big = b'{"format": "tortuga-%s", "pad": "' % fmt.encode() + b"x" * limit + b'"}'
    wrong: list[str] = []
    for case, blob, accepted in [*cases, ("over the size limit", big, False)]:
        for old in target.parent.glob("*.bad-*"):
            old.unlink()
        target.write_bytes(blob)
        damaged: list[Path] = []
        load(damaged)  # never raises
        left = sorted(p.name for p in target.parent.iterdir() if not p.name.startswith("."))
        if accepted:
            ok = damaged == [] and target.read_bytes() == blob and left == [target.name]
        else:
            ok = (len(damaged) == 1 and damaged[0].read_bytes() == blob and not target.exists()
                  and left == [damaged[0].name])
        if not ok:
            wrong.append(f"{case}: damaged={damaged} left={left}")
    assert wrong == []


def test_hostile_replay_files_are_refused_with_a_message_and_change_nothing(tmp_path: Path) -> None:
    """Every bad value in a replay file is a :class:`RecordError` with a message in every language,
    through reading and importing; nothing is written, moved or deleted; every value the format
    allows still reads. A file over the size limit is refused before it is read."""
    from tortuga_desktop.games.dice.table import records
    from tortuga_desktop.shell import replayfiles

    big = tmp_path / "big.json"
    big.write_bytes(b'{"format": "tortuga-replay", "pad": "' + b"x" * records.MAX_BYTES + b'"}')
    cases = [(c, b, a) for c, b, a in _cases("replay-version1.json", _REPLAY)]
    folder = records.replays_dir()
    wrong: list[str] = []
    for case, blob, accepted in [*cases, ("over the size limit", big.read_bytes(), False)]:
        src = tmp_path / "case.json"
        src.write_bytes(blob)
        try:
            records.read_replay(src)
            refused = None
        except records.RecordError as exc:
            refused = exc
        if refused is not None:
            _messages(refused.key, reason=refused.detail[:120], name="case.json", version="9")
            with pytest.raises(records.RecordError):
                replayfiles.import_replay(src)
        if (refused is None) != accepted or src.read_bytes() != blob or list(folder.iterdir()):
            wrong.append(f"{case}: {refused and refused.key}")
    assert wrong == []


#: The fields of ``replay-messages.json``: what the code before msgspec said (key | reason) for
#: each of them x every value of ``BAD_VALUES`` (the reason is shown to the player).
_REPLAY_WORDED: tuple[tuple[Any, ...], ...] = (
    ("format",), ("version",), ("game_id",), ("kinds",), ("kinds", 0), ("times",), ("times", 0), ("reasons",),
    ("reasons", 0), ("reasons", 0, 0), ("reasons", 0, 1), ("reasons", 0, 2), ("reasons", 0, 2, "key"),
    ("reasons", 0, 2, "params"), ("reasons", 0, 2, "params", 0), ("reasons", 0, 2, "params", 0, 1), ("finished",),
    ("winners",), ("winners", 0), ("rounds",), ("started_at",), ("updated_at",), ("record",),
)


def test_a_bad_replay_file_is_explained_in_the_same_words_as_before() -> None:
    from tortuga_desktop.games.dice.table import records

    want = json.loads((_OLD / "replay-messages.json").read_text(encoding="utf-8"))
    doc = json.loads((_OLD / "replay-version1.json").read_text(encoding="utf-8"))
    said: dict[str, str] = {}
    for case, blob in field_cases(doc, _REPLAY_WORDED):
        try:
            records.parse_replay(blob)
            said[case] = "ok"
        except records.RecordError as exc:
            said[case] = f"{exc.key} | {exc.params.get('reason', '')}"
    assert len(said) == len(want) > 400
    assert {k: v for k, v in said.items() if want[k] != v} == {}
