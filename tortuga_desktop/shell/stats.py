"""Statistics per game and (human) player name: games, wins, best and average score, and
results against each computer strength.

Stored as JSON in ``<data>/stats.json`` (see :mod:`.paths`). Names are matched without
regard to case and surrounding spaces ("anna" and "Anna " are one player; the spelling
last used is shown). Each game (the shell's game modules: ``"tortuga"``, the dice game, ...)
keeps its own records: a player's entry carries ``"game"`` (missing: the dice game, as in files
from before there was a second game). Only human seats get statistics; for every game, each
human's record against a computer strength counts once if at least one opponent had that strength::

    record_finished(data)                 # at a dice game's end (dice/table/savefile.py)
    # or: record_game(seats, [s.total for s in outcome.scores], list(outcome.winners), game_id=...)
    stats = load_stats()                  # never raises; a bad file -> empty stats, kept aside
    for p in stats.sorted_players(): p.name, p.games, p.wins, p.best, p.average, p.vs["hard"].wins

Recording is idempotent per ``game_id``: a game recorded twice (e.g. the app was killed
between recording and clearing the autosave) counts once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Protocol

import msgspec
from msgspec import Meta

from tortuga_desktop.games import DEFAULT_GAME as _DEFAULT_GAME
from tortuga_desktop.shell import paths
from tortuga_desktop.shell.levels import LEVELS
from tortuga_desktop.shell.saves.errors import SaveError
from tortuga_desktop.shell.saves.text import check_text, convert, parse_json

__all__ = [
    "STRENGTHS",
    "VsRecord",
    "PlayerStats",
    "Stats",
    "stats_path",
    "load_stats",
    "save_stats",
    "record_game",
    "clear_stats",
]

STRENGTHS: tuple[str, ...] = LEVELS
_FORMAT = "tortuga-stats"
_SCHEMA = 1
_FILE = "stats.json"
_MAX_BYTES = 5 * 1024 * 1024
_REMEMBERED_IDS = 500


class Seated(Protocol):
    """A seat as the statistics see it: its player's name and kind ("human" or a computer strength)."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

logger = logging.getLogger(__name__)


#: The game of a statistics entry without a ``"game"`` (written before there was a second game): the
#: catalogue's default game (:data:`tortuga_desktop.games.DEFAULT_GAME`).
DEFAULT_GAME = _DEFAULT_GAME


def _key(name: str, game: str = DEFAULT_GAME) -> tuple[str, str]:
    return game, " ".join(name.split()).casefold()


@dataclass
class VsRecord:
    """Games with at least one opponent of a strength, and how many of those were won."""

    games: int = 0
    wins: int = 0


@dataclass
class PlayerStats:
    """One player's record."""

    name: str
    games: int = 0
    wins: int = 0
    best: int | None = None
    #: the game these are the records of (a game module's key)
    game: str = DEFAULT_GAME
    total_score: int = 0
    last_played: str = ""
    #: games in which this player asked for at least one hint (dice/table/hints.py)
    hinted: int = 0
    vs: dict[str, VsRecord] = field(default_factory=lambda: {k: VsRecord() for k in STRENGTHS})
    #: per side (team or loyalty) the player played: games and wins (games with sides, e.g. Tortuga 1667)
    sides: dict[str, VsRecord] = field(default_factory=dict)
    #: how the player's games ended, per kind of ending (games with endings, e.g. Tortuga 1667)
    endings: dict[str, int] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        """Average final score, or None before the first game (or in a game without scores)."""
        return self.total_score / self.games if self.games and self.best is not None else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "game": self.game, "games": self.games, "wins": self.wins, "best": self.best,
                "total_score": self.total_score, "last_played": self.last_played, "hinted": self.hinted,
                "vs": {k: {"games": v.games, "wins": v.wins} for k, v in self.vs.items()},
                **({"sides": {k: {"games": v.games, "wins": v.wins} for k, v in self.sides.items()}}
                   if self.sides else {}),
                **({"endings": dict(self.endings)} if self.endings else {})}

    @classmethod
    def from_dict(cls, d: object) -> PlayerStats:
        """Raises ValueError on bad data."""
        doc = convert(d, _PlayerDoc)
        check_text(doc.name, "player.name", 100, allow_empty=False)
        check_text(doc.game, "player.game", 40, allow_empty=False)
        p = cls(name=doc.name, games=doc.games, wins=doc.wins, best=doc.best, total_score=doc.total_score,
                hinted=doc.hinted, game=doc.game)
        last = doc.last_played
        p.last_played = last if isinstance(last, str) and len(last) <= 64 and last.isprintable() else ""
        if p.wins > p.games or p.hinted > p.games or (p.games == 0 and p.best is not None):
            raise ValueError("player: impossible counts")
        for k, raw in doc.sides.items():
            check_text(k, "player.sides", 20, allow_empty=False)
            side = convert(raw, _VsDoc)
            if side.wins > side.games or side.games > p.games:
                raise ValueError("player.sides: impossible counts")
            p.sides[k] = VsRecord(side.games, side.wins)
        for k, n in doc.endings.items():
            check_text(k, "player.endings", 20, allow_empty=False)
            if n > p.games:
                raise ValueError("player.endings: impossible counts")
            p.endings[k] = n
        if sum(p.endings.values()) > p.games or sum(v.games for v in p.sides.values()) > p.games:
            raise ValueError("player: more endings or sides than games")
        if p.games and p.best is None and not (p.sides or p.endings):
            raise ValueError("player: games with scores but no best score")  # only a game without scores has none
        for k in STRENGTHS:
            vs = convert(doc.vs.get(k, {"games": 0, "wins": 0}), _VsDoc)
            rec = VsRecord(vs.games, vs.wins)
            if rec.wins > rec.games or rec.games > p.games:
                raise ValueError("player.vs: impossible counts")
            p.vs[k] = rec
        return p


_BIG = 10**9
Count = Annotated[int, Meta(ge=0, le=_BIG)]


class _VsDoc(msgspec.Struct):
    """A player's record against one strength, as the file holds it."""

    games: Count
    wins: Count


class _PlayerDoc(msgspec.Struct):
    """One player's entry as the file holds it, with its limits (msgspec checks them)."""

    name: Annotated[str, Meta(max_length=100)]
    games: Count
    wins: Count
    total_score: Count
    vs: dict[str, object]  # each checked as a _VsDoc (only the strengths counted)
    best: Count | None = None
    #: absent in files written before there was a second game
    game: Annotated[str, Meta(max_length=40)] = DEFAULT_GAME
    #: absent in files written before hints were counted
    hinted: Count = 0
    #: absent for games without sides or endings (and in files from before Tortuga 1667 was counted)
    sides: Annotated[dict[str, object], Meta(max_length=8)] = {}
    endings: Annotated[dict[str, Count], Meta(max_length=8)] = {}
    #: kept only when it is a short printable text (else forgotten, as before)
    last_played: object = ""


@dataclass
class Stats:
    """All players' records, keyed by (game, normalised name)."""

    players: dict[tuple[str, str], PlayerStats] = field(default_factory=dict)
    recorded: list[str] = field(default_factory=list)  # recent game ids (duplicates are ignored)

    def get(self, name: str, game: str = DEFAULT_GAME) -> PlayerStats | None:
        return self.players.get(_key(name, game))

    def games(self) -> list[str]:
        """The games with records, in the order they were first recorded."""
        return list(dict.fromkeys(p.game for p in self.players.values()))

    def sorted_players(self, game: str | None = None) -> list[PlayerStats]:
        """Most wins first, then most games, then name (``game``: only that game's records)."""
        return sorted((p for p in self.players.values() if game is None or p.game == game),
                      key=lambda p: (-p.wins, -p.games, p.name.casefold()))

    def to_dict(self) -> dict[str, object]:
        return {"format": _FORMAT, "schema": _SCHEMA, "players": [p.to_dict() for p in self.players.values()],
                "recorded": self.recorded[-_REMEMBERED_IDS:]}

    @classmethod
    def from_dict(cls, data: object) -> tuple[Stats, bool]:
        """Stats plus whether everything was readable (bad player entries are dropped)."""
        s = cls()
        if not isinstance(data, dict) or data.get("format") != _FORMAT or data.get("schema") != _SCHEMA:
            return s, False
        ok = True
        players = data.get("players")
        if not isinstance(players, list):
            return s, False
        for entry in players:
            try:
                p = PlayerStats.from_dict(entry)
            except ValueError:
                ok = False
                continue
            s.players[_key(p.name, p.game)] = p
        recorded = data.get("recorded", [])
        if isinstance(recorded, list):
            s.recorded = [x for x in recorded if isinstance(x, str) and len(x) <= 64 and x.isprintable()
                          ][-_REMEMBERED_IDS:]
        else:
            ok = False
        return s, ok

    def add_game(self, seats: Sequence[Seated], scores: list[int] | None, winners: list[int],
                 hinted: Iterable[int] = (), game: str = DEFAULT_GAME, *, sides: Sequence[str] | None = None,
                 ending: str | None = None) -> None:
        """Count one finished game of ``game`` (in memory); ``hinted``: the seats that asked for a hint.
        ``scores``: each seat's final score (None: a game without scores); ``sides``: each seat's side (team or
        loyalty), ``ending``: how the game ended (games that have them)."""
        hinted = frozenset(hinted)
        if (scores is not None and len(scores) != len(seats)) or not all(0 <= w < len(seats) for w in winners):
            raise ValueError("scores and winners must match the seats")
        if sides is not None and len(sides) != len(seats):
            raise ValueError("one side per seat")
        now = datetime.now(UTC).isoformat(timespec="seconds")
        for i, seat in enumerate(seats):
            if seat.kind != "human":
                continue
            key = _key(seat.name, game)
            p = self.players.get(key)
            if p is None:
                p = self.players[key] = PlayerStats(name=" ".join(seat.name.split()), game=game)
            p.name = " ".join(seat.name.split())
            won = i in winners
            p.games += 1
            p.wins += won
            if scores is not None:
                p.total_score += max(0, scores[i])
                p.best = scores[i] if p.best is None else max(p.best, scores[i])
            if sides is not None:
                rec = p.sides.setdefault(sides[i], VsRecord())
                rec.games += 1
                rec.wins += won
            if ending is not None:
                p.endings[ending] = p.endings.get(ending, 0) + 1
            p.last_played = now
            p.hinted += i in hinted
            opponents = {s.kind for j, s in enumerate(seats) if j != i and s.kind in STRENGTHS}
            for kind in opponents:
                rec = p.vs[kind]
                rec.games += 1
                rec.wins += won


def stats_path(create: bool = True) -> Path:
    """``<data>/stats.json``."""
    return paths.data_dir(create) / _FILE


def load_stats(damaged: list[Path] | None = None) -> Stats:
    """The statistics; never raises. A damaged file gives what could be read and is kept aside
    (where it went — or the file itself if it could not be moved — is added to ``damaged``)."""
    path = stats_path(create=False)
    try:
        if not path.is_file():
            return Stats()
    except OSError:
        return Stats()
    try:
        data = parse_json(paths.read_bytes_limited(path, _MAX_BYTES), path)
    except (OSError, SaveError) as exc:
        logger.warning("the statistics file %s is unusable: %s", paths.display_path(path), exc)
        kept = paths.keep_aside(path)
        if damaged is not None:
            damaged.append(kept or path)
        return Stats()
    stats, ok = Stats.from_dict(data)
    if not ok:
        logger.warning("the statistics file %s was partly damaged", paths.display_path(path))
        kept = paths.keep_aside(path)
        if damaged is not None:
            damaged.append(kept or path)
    return stats


def save_stats(stats: Stats) -> bool:
    """Write atomically; False if the disk refused."""
    try:
        paths.atomic_write_json(stats_path(), stats.to_dict())
    except (OSError, ValueError) as exc:
        logger.warning("the statistics could not be saved: %s", exc)
        return False
    return True


def record_game(seats: Sequence[Seated], outcome_scores: list[int] | None, winners: list[int],
                *, game_id: str | None = None, strict: bool = False, hinted: Iterable[int] = (),
                game: str = DEFAULT_GAME, sides: Sequence[str] | None = None, ending: str | None = None) -> Stats:
    """Add a finished game of ``game`` (a game module's key) to the statistics and save them;
    returns the updated stats.

    With ``strict=True`` a file that cannot be written raises ``OSError`` (else it is only
    logged and the game is not counted on disk).

    A ``game_id`` already recorded is ignored (nothing changes).
    """
    stats = load_stats()
    if game_id is not None and game_id in stats.recorded:
        return stats
    stats.add_game(list(seats), None if outcome_scores is None else list(outcome_scores), list(winners), hinted,
                   game, sides=sides, ending=ending)
    if game_id is not None:
        stats.recorded.append(game_id)
        stats.recorded = stats.recorded[-_REMEMBERED_IDS:]
    if strict:
        paths.atomic_write_json(stats_path(), stats.to_dict())
    else:
        save_stats(stats)
    return stats


def clear_stats() -> bool:
    """Forget all statistics (writes empty statistics); False if the disk refused."""
    return save_stats(Stats())
