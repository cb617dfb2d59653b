"""Saves: exact continuation, bad files (fuzzed), atomic autosave under kill -9, named saves, archive."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.rules import Game
from tortuga_desktop.games.dice.table.gamesetup import SetupConfig, load_last_setup, save_last_setup
from tortuga_desktop.games.dice.table.savefile import SaveData, load_autosave, load_save, read_save
from tortuga_desktop.shell import paths, saves
from tortuga_desktop.shell.saves import SaveError, SeatConfig


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TORTUGA_HOME", str(home))
    return home


def _setup(players: int = 4, seed: int = 1234, long_game: bool = False) -> SetupConfig:
    kinds = ["human", "easy", "normal", "hard"][:players]
    seats = [SeatConfig(f"P{i}", kinds[i], i) for i in range(players)]
    return SetupConfig(seats=seats, seed=seed, long_game=long_game)


def _policy_step(data: SaveData) -> None:
    """One decision by a deterministic stand-in for players: a function of (bot_seed, state)."""
    g = data.game
    d = g.pending()[0]
    seed = data.seats[d.seat].bot_seed
    rng = random.Random(f"{seed}:{g.decisions}:{d.seat}")
    g.apply(d.seat, g.random_action(d.seat, rng))


def _play_out(data: SaveData) -> dict[str, Any]:
    while not data.game.is_over:
        _policy_step(data)
    return data.game.to_dict()


# ---------------------------------------------------------------- exact continuation
@pytest.mark.parametrize(("players", "seed", "long_game"), [(4, 11, False), (3, 22, False), (2, 33, True)])
def test_save_load_continues_identically(tmp_path: Path, players: int, seed: int, long_game: bool) -> None:
    reference = _play_out(_setup(players, seed, long_game).create_game())

    live = _setup(players, seed, long_game).create_game()
    checkpoints = 0
    step = 0
    while not live.game.is_over:
        if step % 9 == 0:
            path = saves.write_save(tmp_path / "cp.json", live)
            loaded = read_save(path)
            assert loaded.game.to_dict() == live.game.to_dict()
            assert loaded.seats == live.seats
            assert loaded.game_id == live.game_id
            assert loaded.game.pending() == live.game.pending()
            assert _play_out(loaded) == reference
            checkpoints += 1
        _policy_step(live)
        step += 1
    assert live.game.to_dict() == reference
    assert checkpoints >= 10


def test_same_seed_same_game_and_bot_seeds() -> None:
    a = _setup(seed=99).create_game()
    b = _setup(seed=99).create_game()
    assert a.game.to_dict() == b.game.to_dict()
    assert [s.bot_seed for s in a.seats] == [s.bot_seed for s in b.seats]
    assert len({s.bot_seed for s in a.seats}) == 4
    c = SetupConfig(seats=_setup().seats).create_game()  # no seed: a fresh random game
    assert 0 <= c.game.seed < 2**63


# ---------------------------------------------------------------- bad files
def _sample_bytes() -> bytes:
    data = _setup(seed=5).create_game()
    for _ in range(40):
        _policy_step(data)
    data.saved_at = "2024-01-01T00:00:00+00:00"
    return json.dumps(data.to_dict()).encode()


_JUNK: list[Any] = [None, True, False, -1, 0, 7, 10**6, -(10**20), 3.5, "", "x", "9" * 50, [], [1, 2], {}, {"a": 1}]


def _paths_of(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths_of(v, (*prefix, k))
    elif isinstance(doc, list) and len(doc) < 700:
        for i, v in enumerate(doc):
            out += _paths_of(v, (*prefix, i))
    return out


def _mutate_json(doc: Any, rng: random.Random) -> Any:
    doc = json.loads(json.dumps(doc))
    spots = [p for p in _paths_of(doc) if p]
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        where = rng.choice(spots)
        parent = doc
        try:
            for k in where[:-1]:
                parent = parent[k]
            key = where[-1]
            current = parent[key]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(parent, dict | list):
            continue
        how = rng.randrange(6)
        if how == 0:
            parent[key] = rng.choice(_JUNK)
        elif how == 1 and isinstance(parent, dict):
            del parent[key]
        elif how == 2 and isinstance(current, int) and not isinstance(current, bool):
            parent[key] = current + rng.choice((-3, -2, -1, 1, 2, 3, 100))
        elif how == 3 and isinstance(current, list):
            current.append(rng.choice(_JUNK) if rng.random() < 0.5 else (current[0] if current else 1))
        elif how == 4:  # type swap: wrap / unwrap
            parent[key] = [current] if not isinstance(current, list) else (current[0] if current else None)
        else:
            parent[key] = str(current)[:30]
    return doc


def _mutations(original: bytes, count: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    doc = json.loads(original)
    out: list[bytes] = []
    for i in range(count):
        kind = i % 5
        if kind == 0:  # truncation
            out.append(original[: rng.randrange(len(original))])
        elif kind == 1:  # byte flips
            b = bytearray(original)
            for _ in range(rng.randint(1, 4)):
                pos = rng.randrange(len(b))
                b[pos] = (b[pos] ^ (1 << rng.randrange(8))) if rng.random() < 0.7 else rng.randrange(256)
            out.append(bytes(b))
        elif kind in (2, 3):  # type swaps and value mutations
            out.append(json.dumps(_mutate_json(doc, rng)).encode())
        else:  # structural: top-level fields, schema, garbage
            d = dict(doc)
            choice = rng.randrange(8)
            if choice == 0:
                d["schema"] = rng.choice((0, 3, 99, "1", None, 1.0))
            elif choice == 1:
                d["format"] = rng.choice(("tortuga", "", None, 1))
            elif choice == 2:
                d.pop(rng.choice(list(d)))
            elif choice == 3:
                d["check"] = dict(d["check"], schema=rng.choice((2, 0, "1")))
            elif choice == 4:
                out.append(b"\xff\xfe" + original[:100])
                continue
            elif choice == 5:
                out.append(b"[" * 100_000)
                continue
            elif choice == 6:
                out.append(rng.randbytes(rng.randrange(1, 400)))
                continue
            else:
                d["seats"] = list(reversed(d["seats"]))
            out.append(json.dumps(d).encode())
    return out


def test_fuzzed_save_files_raise_only_save_error_and_are_kept(tmp_path: Path) -> None:
    original = _sample_bytes()
    target = saves.autosave_path()
    named = paths.saves_dir() / "fuzz.json"
    rejected = 0
    mutations = _mutations(original, 1100, seed=20240501)
    for i, blob in enumerate(mutations):
        path = target if i % 2 == 0 else named
        path.write_bytes(blob)
        try:
            loaded = load_autosave() if path == target else load_save(path)
        except SaveError as err:
            rejected += 1
            assert str(err) and err.user_message()
            assert not path.exists()  # moved aside, so the next write cannot overwrite it
            assert err.kept_as is not None and err.kept_as.read_bytes() == blob
            assert ".bad-" in err.kept_as.name
            err.kept_as.unlink()
        else:
            assert loaded is not None
            assert path.read_bytes() == blob  # a harmless mutation: file untouched
            path.unlink()
    assert rejected > len(mutations) * 0.6


def test_engine_raises_only_state_format_error_on_fuzzed_games() -> None:
    """A direct check of Game.from_dict on the game part (SaveError wraps it)."""
    from tortuga_desktop.games.dice.rules import StateFormatError

    doc = json.loads(_sample_bytes())["check"]
    rng = random.Random(7)
    rejected = 0
    for _ in range(400):
        try:
            Game.from_dict(_mutate_json(doc, rng))
        except StateFormatError:
            rejected += 1
    assert rejected > 200


def test_external_bad_file_is_never_touched(tmp_path: Path) -> None:
    outside = tmp_path / "downloads" / "game.json"
    outside.parent.mkdir()
    outside.write_bytes(b'{"format": "tortuga-save", "schema": 1')
    with pytest.raises(SaveError) as info:
        load_save(outside)
    assert info.value.key == "error.save.not_json"
    assert info.value.kept_as is None
    assert outside.read_bytes() == b'{"format": "tortuga-save", "schema": 1'
    assert sorted(p.name for p in outside.parent.iterdir()) == ["game.json"]


def test_error_kinds(tmp_path: Path) -> None:
    good = json.loads(_sample_bytes())
    cases: list[tuple[bytes, str]] = [
        (b"", "error.save.not_json"),
        (b"not json", "error.save.not_json"),
        (b"\x80\x81", "error.save.not_json"),
        (b'{"a": NaN}', "error.save.not_json"),
        (b"[1, 2]", "error.save.wrong_format"),
        (json.dumps(dict(good, schema=3)).encode(), "error.save.newer_version"),
        (json.dumps(dict(good, schema=0)).encode(), "error.save.older_version"),
        (json.dumps(dict(good, seats=good["seats"][:3])).encode(), "error.save.invalid"),
        (json.dumps(dict(good, check=dict(good["check"], round=-1))).encode(), "error.save.invalid"),
        (json.dumps(dict(good, meta=[])).encode(), "error.save.invalid"),
    ]
    for blob, key in cases:
        p = tmp_path / "case.json"
        p.write_bytes(blob)
        with pytest.raises(SaveError) as info:
            read_save(p)
        assert info.value.key == key, (blob[:40], info.value.detail)
        assert p.read_bytes() == blob  # read_save never changes anything
    with pytest.raises(SaveError) as info:
        read_save(tmp_path / "nope.json")
    assert info.value.key == "error.save.missing"
    with pytest.raises(SaveError) as info:
        read_save(tmp_path)
    assert info.value.key == "error.save.not_a_file"  # a folder is refused before it is opened


def test_huge_file_is_refused_before_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.write(b" " * (saves.MAX_SAVE_BYTES + 1))

    def no_parse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a huge file must not be parsed")

    monkeypatch.setattr(json, "loads", no_parse)
    with pytest.raises(SaveError) as info:
        read_save(big)
    assert info.value.key == "error.save.too_big"
    assert "5.0" in str(info.value)


# ---------------------------------------------------------------- kill -9 during autosave
_CHILD = textwrap.dedent(
    """
    import random, sys
    from tortuga_desktop.shell import saves
    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell.saves import SeatConfig

    def step(data):
        g = data.game
        d = g.pending()[0]
        rng = random.Random(f"{data.seats[d.seat].bot_seed}:{g.decisions}:{d.seat}")
        g.apply(d.seat, g.random_action(d.seat, rng))

    first = True
    while True:
        data = SetupConfig(seats=[SeatConfig(f"P{i}", "normal", i) for i in range(4)], seed=77).create_game()
        saves.autosave(data)
        while not data.game.is_over:
            step(data)
            saves.autosave(data)
            if first:
                print("ready", flush=True)
                first = False
    """
)


@pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")
def test_kill_during_autosave_always_leaves_a_written_version(_home: Path) -> None:
    data = SetupConfig(seats=[SeatConfig(f"P{i}", "normal", i) for i in range(4)], seed=77).create_game()
    versions = {data.game.decisions: data.game.to_dict()}
    while not data.game.is_over:
        _policy_step(data)
        versions[data.game.decisions] = data.game.to_dict()

    env = dict(os.environ, TORTUGA_HOME=str(_home))
    rng = random.Random(3)
    seen: set[int] = set()
    for _ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", _CHILD], env=env, stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
            time.sleep(rng.uniform(0.0, 0.6))
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
        loaded = load_autosave()
        assert loaded is not None
        assert loaded.game.to_dict() == versions[loaded.game.decisions]
        assert [s.name for s in loaded.seats] == ["P0", "P1", "P2", "P3"]
        seen.add(loaded.game.decisions)
    data_dir = paths.data_dir()
    assert not list(data_dir.glob("*.bad-*"))
    writer = saves.AutosaveWriter()  # the writer sweeps the killed processes' temporaries
    writer.submit(loaded)
    assert writer.close(10)
    assert writer.last_error is None
    assert not list(data_dir.glob(".autosave.json.*.tmp"))  # stale temp files are cleaned up
    assert len(seen) >= 2


# ---------------------------------------------------------------- autosave, named saves, archive
def test_autosave_cycle() -> None:
    assert not saves.has_autosave()
    assert load_autosave() is None
    assert saves.autosave_info() is None
    data = _setup().create_game()
    saves.autosave(data)
    assert saves.has_autosave()
    info = saves.autosave_info()
    assert info is not None and info.ok and info.player_names == ("P0", "P1", "P2", "P3")
    assert info.kinds == ("human", "easy", "normal", "hard") and info.round == 1 and not info.finished
    loaded = load_autosave()
    assert loaded is not None and loaded.game.to_dict() == data.game.to_dict()
    saves.clear_autosave()
    assert not saves.has_autosave()
    saves.clear_autosave()  # twice is fine


def test_named_saves(tmp_path: Path) -> None:
    a = _setup(seed=1).create_game()
    b = _setup(players=2, seed=2).create_game()
    pa = saves.save_named("Sunday game", a)
    pb = saves.save_named('Evil/Name:*?"', b)
    assert pa.name == "Sunday game.json" and pb.parent == paths.saves_dir()
    assert saves.named_save_path("Sunday game") == pa
    (paths.saves_dir() / "broken.json").write_text("{")
    listed = saves.list_saves()
    assert [i.name for i in listed if i.ok] == ['Evil/Name:*?"', "Sunday game"]
    broken = [i for i in listed if not i.ok]
    assert len(broken) == 1 and broken[0].error is not None
    assert load_save(pa).game.to_dict() == a.game.to_dict()
    with pytest.raises(SaveError):
        saves.save_named("  ..  ", a)
    saves.delete_save(pa)
    assert not pa.exists()
    outside = tmp_path / "x.json"
    outside.write_text("{}")
    with pytest.raises(SaveError):
        saves.delete_save(outside)
    assert outside.exists()


def test_archive_finished_games() -> None:
    data = _setup(seed=8).create_game()
    with pytest.raises(ValueError):
        saves.archive_finished(data)
    _play_out(data)
    path = saves.archive_finished(data)
    assert saves.archive_finished(data) == path  # idempotent
    finished = saves.list_finished()
    assert len(finished) == 1 and finished[0].finished and finished[0].winners
    outcome = data.game.outcome()
    assert outcome is not None and finished[0].scores == tuple(s.total for s in outcome.scores)
    review = load_save(path)
    assert review.game.log_for(None) == data.game.log_for(None) and review.game.events


def test_setup_config_validation_and_memory() -> None:
    assert load_last_setup() is None
    setup = SetupConfig(seats=[SeatConfig("Anna", "human", 2), SeatConfig("Bot", "hard", 0)],
                        start_player=1, long_game=True, seed=5)
    setup.validate()
    save_last_setup(setup)
    assert load_last_setup() == setup
    bad = [
        SetupConfig(seats=[SeatConfig("A", "human", 0)]),
        SetupConfig(seats=[SeatConfig("A", "human", 0), SeatConfig("B", "human", 0)]),
        SetupConfig(seats=[SeatConfig("A", "human", 0), SeatConfig("a ", "human", 1)]),
        SetupConfig(seats=[SeatConfig("A", "genius", 0), SeatConfig("B", "human", 1)]),
        SetupConfig(seats=[SeatConfig("", "human", 0), SeatConfig("B", "human", 1)]),
        SetupConfig(seats=[SeatConfig("A" * 41, "human", 0), SeatConfig("B", "human", 1)]),
        SetupConfig(seats=[SeatConfig("A", "human", 0), SeatConfig("B", "human", 1)], start_player=2),
        SetupConfig(seats=[SeatConfig("A", "human", 0), SeatConfig("B", "human", 1)], seed=-1),
    ]
    for s in bad:
        with pytest.raises(ValueError):
            s.validate()
    path = paths.config_dir() / "last_setup.json"
    path.write_text('{"format": "tortuga-setup", "schema": 1, "setup": {"seats": 3}}')
    assert load_last_setup() is None
    assert not path.exists() and list(paths.config_dir().glob("last_setup.bad-*.json"))
    default = SetupConfig.default("Me")
    default.validate()
    data = default.create_game()
    again = SetupConfig.same_seats_as(data)
    assert [s.name for s in again.seats] == [s.name for s in default.seats]
    assert [s.kind for s in again.seats] == [s.kind for s in default.seats]
    assert again.seed is None


def test_save_error_is_translated() -> None:
    from tortuga_desktop.shell import i18n

    err = SaveError("error.save.not_json", Path("/x/y/game.json"))
    err.kept_as = Path("/x/y/game.bad-1.json")
    try:
        i18n.set_language("de")
        assert err.user_message() == ("Die Datei game.json ist beschädigt oder kein gespeichertes Spiel. "
                                      "Die Datei wurde als game.bad-1.json aufbewahrt.")
        assert str(err).startswith("The file game.json is damaged")
    finally:
        i18n.set_language("en")


def test_background_autosave_writer() -> None:
    data = _setup(seed=12).create_game()
    writer = saves.AutosaveWriter()
    for _ in range(30):
        _policy_step(data)
        writer.submit(data)
    assert writer.flush()
    assert writer.last_error is None
    loaded = load_autosave()
    assert loaded is not None and loaded.game.to_dict() == data.game.to_dict()
    writer.submit(data)
    writer.clear()
    assert not saves.has_autosave()
    _policy_step(data)
    writer.submit(data)
    assert writer.close()
    loaded = load_autosave()
    assert loaded is not None and loaded.game.decisions == data.game.decisions
    with pytest.raises(RuntimeError):
        writer.submit(data)
