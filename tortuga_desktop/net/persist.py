"""Saves and archives of the server's tables: each table's autosave (written off the event loop, at
most one every half second, atomically and readable by the owner only), the last save when the
server stops, the archive of a finished or abandoned table's record, and the tables brought back
from their saves when the dedicated server starts again (:class:`Persistence`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tortuga_desktop.net.core import ServerCore, logger
from tortuga_desktop.net.table import Table


class Persistence:
    """Writes the tables' saves and archives on a thread of its own (never on the event loop,
    but the last saves when the server stops)."""

    def __init__(self, core: ServerCore) -> None:
        self.core = core
        self._io: Executor = ThreadPoolExecutor(1, thread_name_prefix="net-save")
        #: tables archived (finished, or abandoned) and their saves removed
        self.tables_archived = 0

    def autosave(self, table: Table) -> None:
        """Save ``table`` soon (half a second after the first change; one write for a burst)."""
        if table.save_path is None or table.save_pending:
            return
        table.save_pending = True
        self.core.running_loop().call_later(0.5, self._autosave_now, table)

    def _autosave_now(self, table: Table) -> None:
        table.save_pending = False
        if self.core.stopping or table.save_path is None:  # stop() writes the last save itself
            return
        try:
            data = self.save_data(table)
        except ValueError:
            logger.exception("table %s: cannot save", table.id)
            return
        path = table.save_path
        assert path is not None
        self._run(_write_json, path, data)

    def save_data(self, table: Table) -> dict[str, Any]:
        """The table's save, with where this server listens: a host continuing the table opens it
        on the same address and port, where the other players' games look for it."""
        data = table.to_save()
        data["listen"], data["port"] = self.core.config.host, self.core.port
        return data

    def archive(self, table: Table) -> None:
        """Keep the record of ``table`` (taken off the server) in the archive and remove its
        save, off the loop; no autosave brings the save back."""
        self.tables_archived += 1
        save_path, table.save_path = table.save_path, None
        self._run(archive_table, self.core.config.save_dir, table.to_archive(), save_path)

    def _run(self, fn: Callable[..., None], *args: Any) -> None:
        fut = self.core.running_loop().run_in_executor(self._io, fn, *args)
        self.core.track(fut)
        fut.add_done_callback(self._save_done)

    def _save_done(self, fut: asyncio.Future[Any]) -> None:
        self.core.tasks.discard(fut)
        exc = None if fut.cancelled() else fut.exception()
        if exc is not None:
            logger.error("autosave failed: %s", exc)

    def write_save(self, table: Table) -> None:
        """Write the table's save now, on this thread (a fault is logged)."""
        if table.save_path is not None:
            try:
                _write_json(table.save_path, self.save_data(table))
            except (OSError, ValueError) as exc:
                logger.error("table %s: final save failed: %s", table.id, exc)

    def close(self, tables: list[Table]) -> None:
        """The server stops: the saves being written are finished, then every started table's
        last save is written."""
        self._io.shutdown(wait=True)
        for table in tables:
            if table.save_path is not None and table.game is not None:
                self.write_save(table)

    def restore_saved(self, save_dir: Path, resume: Callable[[dict[str, Any], Path], Table]) -> int:
        """Open the tables saved in ``save_dir`` again (a restart) through ``resume(data, path)``;
        finished ones are archived and their saves removed instead. Returns how many tables were
        opened."""
        opened = 0
        for path in sorted(save_dir.glob("net-*.json")):
            try:
                data = load_table_save(path)
                table = Table.from_save(data)
                if table.game is not None and table.game.is_over:
                    archive_table(save_dir, table.to_archive(), path)
                    self.tables_archived += 1
                    logger.info("archived the finished table from %s", path.name)
                    continue
                resume(data, path)
                opened += 1
                logger.info("resumed table from %s", path.name)
            except (ValueError, OSError) as exc:
                logger.warning("not resumed: %s", exc)
        return opened


def _write_json(path: Path, data: dict[str, Any]) -> None:
    """Write atomically (a temporary file renamed over the old one) and readable by the owner
    only: a table save holds the join code, the host token and the seed."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), 0o600)  # also when the file was left over with other rights
            f.write(json.dumps(data, separators=(",", ":")).encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def archive_table(save_dir: Path | None, data: dict[str, Any], save_path: Path | None) -> None:
    """Keep a finished table's record in ``save_dir/archive`` and remove its save (so it does
    not come back on the next start)."""
    if save_dir is not None:
        _write_json(save_dir / "archive" / f"net-{data['table']}.json", data)
    if save_path is not None:
        with contextlib.suppress(FileNotFoundError):
            save_path.unlink()


def load_table_save(path: Path) -> dict[str, Any]:
    """Read a table autosave file (raises ValueError with a clear message)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path.name}: cannot read ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: not a saved network table")
    return data


