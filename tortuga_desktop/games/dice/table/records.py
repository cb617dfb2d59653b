"""Game records kept for replays: ``<data>/replays/<game_id>.json``.

Every game played (finished, abandoned, or loaded and continued) keeps its record here: the
engine's :class:`~tortuga_desktop.games.dice.rules.record.GameRecord` (format version, seed, setup, names,
every action in order) plus what the app knows around it — the seats' kinds (bot levels), a
timestamp per entry and the bots' reasons for their moves.

* :class:`ReplayFile` is one record file; :func:`parse_replay` / :func:`read_replay` check a
  file and raise :class:`RecordError` (with a translation key) on anything bad, truncated
  or written by a newer version.
* :class:`RecordKeeper` follows a running game and queues its record on the app's background
  writer after each decision (the frame loop only serialises; the worker writes).
* :func:`prune` keeps the newest :data:`KEEP` records and never removes one that is open.

Listing, exporting and importing records are the shell's (:mod:`tortuga_desktop.shell.replayfiles`,
for every game's records): it reads a dice record through the game's module, which uses
:func:`parse_replay` here.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import Game, replay
from tortuga_desktop.games.dice.rules.errors import RulesError, StateFormatError
from tortuga_desktop.games.dice.rules.record import GameRecord
from tortuga_desktop.shell import listing, paths
from tortuga_desktop.shell.levels import RECORD_KINDS
from tortuga_desktop.shell.replayfiles import MAX_BYTES, RecordError, parse_json, read_bytes, summarise_replay
from tortuga_desktop.shell.saves.text import Message, convert, one_of

logger = logging.getLogger(__name__)

_Job = TypeVar("_Job")  # what the writer's ``run`` returns for a queued piece of work

__all__ = ["FORMAT", "KEEP", "MAX_BYTES", "VERSION", "RecordError", "RecordKeeper", "ReplayFile", "parse_replay",
           "prune", "read_replay", "replays_dir", "write_replay"]

#: The ``format`` field of a replay file.
FORMAT = "tortuga-replay"
#: The ``"game"`` field of the dice game's records (missing in records written before there was a
#: second game: those are the dice game's too).
GAME = "tortuga"
#: The version of the replay file this code writes and reads.
VERSION = 1
#: How many records are kept (the oldest beyond this are pruned).
KEEP = 500
SUFFIX = ".json"

KINDS = RECORD_KINDS


def replays_dir(create: bool = True) -> Path:
    """Kept game records: ``<data>/replays`` (the shell's folder for every game's records)."""
    return paths.replays_dir(create)


def _now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _reason_to_json(reason: Reason) -> dict[str, Any]:
    return {"key": reason.key, "params": [[k, v] for k, v in reason.params], "search": reason.search}


Text80 = Annotated[str, Meta(max_length=80)]
Count = Annotated[int, Meta(ge=0)]


class _ReasonDoc(msgspec.Struct):
    """A bot's reason as the file holds it: ``{"key", "params": [[name, value], ...], "search"}``."""

    key: Text80
    params: Annotated[list[tuple[str, int | Text80]], Meta(max_length=20)] = []
    #: any value, read as true or false (as files were always read)
    search: Any = False

    def reason(self) -> Reason:
        return Reason(self.key, tuple(self.params), bool(self.search))


class _ReplayDoc(msgspec.Struct):
    """What a replay file may hold, field by field, with its limits (msgspec checks them); how
    the fields fit together (one kind per seat, a time per entry...) is checked after."""

    game_id: Annotated[str, Meta(min_length=1, max_length=64)]
    kinds: list[Annotated[str, one_of(KINDS)]]
    times: list[Annotated[float, Meta(ge=0, lt=1e11)] | None]
    reasons: list[tuple[Count, Count, _ReasonDoc]] = []
    started_at: Annotated[str, Meta(max_length=40)] = ""
    updated_at: Annotated[str, Meta(max_length=40)] = ""
    finished: bool = False
    winners: list[Count] = []
    rounds: Annotated[int, Meta(ge=0, le=1000)] = 0

    def check(self, record: GameRecord) -> None:
        """Raises ``ValueError`` when the fields do not fit ``record`` or each other."""
        seats, entries = record.players, len(record.entries)
        if not self.game_id.isalnum():
            raise ValueError(_MESSAGES["game_id"])
        if len(self.kinds) != seats:
            raise ValueError(_MESSAGES["kinds"])
        if len(self.times) != entries:
            raise ValueError("times: expected one timestamp (or null) per entry")
        if len(self.reasons) > entries:
            raise ValueError("reasons: expected a list")
        bad = next((i for i, (d, s, _) in enumerate(self.reasons) if s >= seats or d > entries), None)
        if bad is not None:
            raise ValueError(f"reasons[{bad}]: expected [decision, seat, reason]")
        # At most one winner per seat, each once (a shared win lists every seat that tied).
        if any(w >= seats for w in self.winners) or len(set(self.winners)) != len(self.winners):
            raise ValueError(_MESSAGES["winners"])


def _reasons_problem(inside: str) -> str:
    """The wording of a problem at ``inside`` (e.g. ``reasons[0][2].params``) in the reasons."""
    found = re.match(r"reasons\[(\d+)\](.*)", inside)
    if found is None:
        return "reasons: expected a list"
    i, rest = found.groups()
    if rest == "[2].params":
        return f"reasons[{i}].params: expected a short list"
    if rest.startswith("[2].params"):
        return f"reasons[{i}].params: expected [name, value] pairs"
    if rest.startswith("[2]"):
        return f"reasons[{i}]: expected a reason object"
    return f"reasons[{i}]: expected [decision, seat, reason]"


#: The file's own words for a field that is wrong (shown to the player as the reason).
_MESSAGES: dict[str, Message] = {
    "game_id": "game_id: expected up to 64 letters and digits",
    "kinds": "kinds: expected one known kind per seat",
    "times": lambda inside: ("times: expected one timestamp (or null) per entry" if inside == "times"
                             else "times: expected seconds since the epoch or null"),
    "reasons": _reasons_problem,
    "started_at": "started_at/updated_at: expected short texts",
    "updated_at": "started_at/updated_at: expected short texts",
    "finished": "finished/winners/rounds: bad values",
    "winners": "finished/winners/rounds: bad values",
    "rounds": "finished/winners/rounds: bad values",
}


def _check_version(data: object) -> None:
    """Raises :class:`RecordError` unless ``data`` is a replay file of a version this game reads."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("error.replay.wrong_format", "the 'format' field is not 'tortuga-replay'")
    game = data.get("game")
    if isinstance(game, str) and game != GAME:
        raise RecordError("error.replay.other_game", f"a record of the game {game!r:.40}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("error.replay.invalid", f"version {version!r:.20} is not a number", reason="version")
    if version > VERSION:
        raise RecordError("error.replay.newer_version", f"version {version}, this game reads {VERSION}",
                          version=version)
    if version < 1:
        raise RecordError("error.replay.invalid", f"version {version}", reason="version")


@dataclass
class ReplayFile:
    """One kept record: the engine record, the seats' kinds, a timestamp per entry (seconds
    since the epoch, or None when unknown), and the bots' reasons keyed by decision number."""

    game_id: str
    record: GameRecord
    kinds: tuple[str, ...]
    times: list[float | None] = field(default_factory=list)
    reasons: dict[int, tuple[int, Reason]] = field(default_factory=dict)
    started_at: str = ""
    updated_at: str = ""
    finished: bool = False
    winners: tuple[int, ...] = ()
    rounds: int = 0
    path: Path | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "game": GAME, "version": VERSION, "game_id": self.game_id,
            "started_at": self.started_at, "updated_at": self.updated_at,
            "finished": self.finished, "winners": list(self.winners), "rounds": self.rounds,
            "kinds": list(self.kinds), "record": self.record.to_dict(), "times": list(self.times),
            "reasons": [[d, s, _reason_to_json(r)] for d, (s, r) in sorted(self.reasons.items())],
        }

    @classmethod
    def from_dict(cls, data: Any, path: Path | None = None) -> ReplayFile:
        """Check parsed data; raises :class:`RecordError`."""
        _check_version(data)
        try:
            record = GameRecord.from_dict(data.get("record"))
            doc = convert(data, _ReplayDoc, _MESSAGES)
            doc.check(record)
        except (StateFormatError, ValueError) as exc:
            raise RecordError("error.replay.invalid", str(exc), reason=str(exc)[:120]) from None
        reasons = {d: (seat, r.reason()) for d, seat, r in doc.reasons}
        return cls(doc.game_id, record, tuple(doc.kinds), list(doc.times), reasons, doc.started_at,
                   doc.updated_at, doc.finished, tuple(doc.winners), doc.rounds, path)

    def replay(self) -> Game:
        """The whole game played again; raises :class:`RecordError` when the record does not fit."""
        try:
            return replay(self.record)
        except RulesError as exc:
            raise RecordError("error.replay.invalid", str(exc), reason=str(exc)[:120]) from None


def parse_replay(raw: bytes, path: Path | None = None) -> ReplayFile:
    """A replay file's bytes as a :class:`ReplayFile`; raises :class:`RecordError`."""
    return ReplayFile.from_dict(parse_json(raw), path)


def read_replay(path: Path | str) -> ReplayFile:
    """Read and check one replay file; raises :class:`RecordError` (never anything else for a
    bad or unreadable file)."""
    path = Path(path)
    return parse_replay(read_bytes(path), path)


def replay_path(game_id: str, folder: Path | None = None) -> Path:
    return (folder or replays_dir(create=False)) / f"{game_id}{SUFFIX}"


def write_replay(rf: ReplayFile, folder: Path | None = None) -> Path:
    """Write ``rf`` atomically as ``<folder>/<game_id>.json`` (file work: call it on the writer).

    Entries already in the file keep their timestamps and reasons when this session does not
    know them (a loaded game continued)."""
    folder = folder or replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = replay_path(rf.game_id, folder)
    if any(t is None for t in rf.times) and path.exists():
        try:
            old = read_replay(path)
        except RecordError:
            old = None
        if old is not None and old.record.entries == rf.record.entries[:len(old.record.entries)]:
            for i, t in enumerate(old.times):
                if rf.times[i] is None:
                    rf.times[i] = t
            for d, r in old.reasons.items():
                rf.reasons.setdefault(d, r)
            rf.started_at = old.started_at or rf.started_at
    paths.atomic_write_text(path, json.dumps(rf.to_dict(), ensure_ascii=False, allow_nan=False) + "\n")
    return path


def _date_of(text: str) -> datetime | None:
    """A record's own ISO date ("2024-05-01T12:00:00+00:00"), or None when it has none."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def prune(keep: int = KEEP, *, open_ids: Iterable[str] = (), folder: Path | None = None) -> list[Path]:
    """Delete the oldest game records beyond ``keep``, never one whose game id is in
    ``open_ids``; returns the deleted paths (file work: call it on the writer).

    Only files that are valid records of this game count and can go, ordered by the dates
    written inside them (when the game was last played), not by the files' modification
    times: any other ``.json`` file in the folder (a damaged record, someone's notes, a copy
    touched later) is neither counted nor deleted, and neither is a record without a date."""
    folder = folder or replays_dir(create=False)
    if len(paths.list_files(folder, SUFFIX)) <= keep:  # fewer files than that: nothing to read
        return []
    protected = {f"{g}{SUFFIX}" for g in open_ids}
    dated: list[tuple[datetime, int, Path]] = []
    for p, summary, mtime in listing.scan(folder, "replays", summarise_replay):
        if "error" in summary:
            continue
        when = _date_of(summary["date"])
        if when is not None and p.name == f"{summary['game_id']}{SUFFIX}":
            dated.append((when, mtime, p))  # the same date (within a second): the later file is newer
    dated.sort(key=lambda x: (x[0], x[1]), reverse=True)
    removed: list[Path] = []
    for _, _, p in dated[keep:]:
        if p.name in protected:
            continue
        try:
            p.unlink()
        except FileNotFoundError:
            continue
        removed.append(p)
    return removed


class RecordKeeper:
    """Follows one running game and keeps its record file up to date.

    :meth:`snapshot` (main thread) copies the record, the new timestamps and reasons;
    :meth:`queue` hands the writing to ``run`` (the app's background writer)."""

    def __init__(self, game_id: str, game: Game, kinds: Iterable[str], *,
                 clock: Callable[[], float] = time.time) -> None:
        self.game_id = game_id
        self.game = game
        self.kinds = tuple(kinds)
        self.clock = clock
        self.times: list[float | None] = [None] * len(game.actions_log)
        self.started_at = _now_iso()
        self.enabled = True

    def snapshot(self, reasons: dict[int, tuple[int, Reason]]) -> ReplayFile | None:
        """The record as it stands now, or None for a game without its whole history."""
        if not self.enabled:
            return None
        try:
            record = self.game.record()
        except RulesError:
            self.enabled = False  # an older save: nothing to keep
            logger.info("game %s has no full history: no replay is kept", self.game_id)
            return None
        now = self.clock()
        while len(self.times) < len(record.entries):
            self.times.append(now)
        outcome = self.game.outcome()
        return ReplayFile(self.game_id, record, self.kinds, list(self.times), dict(reasons), self.started_at,
                          _now_iso(), outcome is not None, outcome.winners if outcome else (), self.game.round)

    def queue(self, run: Callable[[str, Callable[[], None], Path | None], _Job], reasons: dict[int, tuple[int, Reason]],
              open_ids: Callable[[], Iterable[str]]) -> _Job | None:
        """Queue writing the record (and pruning old ones) on ``run``; returns its job or None."""
        rf = self.snapshot(reasons)
        if rf is None:
            return None

        def work() -> None:
            write_replay(rf)
            prune(open_ids=set(open_ids()) | {rf.game_id})

        return run("keeping the game record", work, replays_dir(create=False))
