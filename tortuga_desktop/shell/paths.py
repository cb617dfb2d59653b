"""Where the game keeps the user's files, and how it writes them safely.

Directories (computed on every call, never at import time, so tests can change the
environment):

* :func:`data_dir` — saved games, the autosave, finished games, statistics.
  ``platformdirs.user_data_dir("tortuga-desktop")`` (e.g. ``~/.local/share/tortuga-desktop``).
* :func:`config_dir` — settings and the last new-game setup.
  ``platformdirs.user_config_dir("tortuga-desktop")`` (e.g. ``~/.config/tortuga-desktop``).
* With the environment variable ``TORTUGA_HOME`` set (tests, portable installs), both live
  under it instead: ``$TORTUGA_HOME/data`` and ``$TORTUGA_HOME/config``.

Files are written with :func:`atomic_write_text` / :func:`atomic_write_json`: the text goes
to a temporary file in the same directory, which is flushed, ``fsync``-ed and then moved
over the old file with ``os.replace``. Killing the process at any moment leaves either the
old file or the new one on disk, never a half-written one.

Each temporary file has one owner: the write that made it. Its name carries the writing
process's id (``.<name>.<pid>.<random>.tmp``); only that write renames or removes it. A
temporary left behind by a process that was killed mid-write is removed by
:func:`remove_orphan_temps`, which never touches one whose process is still running.

Files are read with :func:`read_bytes_limited`, which refuses anything larger than a limit
*before* reading it. A damaged file that the game manages itself is moved out of the way
with :func:`keep_aside` (``name.json`` -> ``name.bad-20240101-120000-123456.json``), so the
next write cannot overwrite it and the user can still send it in.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from datetime import datetime
from pathlib import Path

import platformdirs

__all__ = [
    "APP_NAME",
    "HOME_ENV",
    "data_dir",
    "config_dir",
    "saves_dir",
    "archive_dir",
    "atomic_write_text",
    "atomic_write_json",
    "read_bytes_limited",
    "FileTooLargeError",
    "NotRegularFileError",
    "list_files",
    "display_name",
    "display_path",
    "log_dir",
    "export_dir",
    "keep_aside",
    "is_inside",
    "remove_orphan_temps",
]

APP_NAME = "tortuga-desktop"
HOME_ENV = "TORTUGA_HOME"


def _base(kind: str) -> Path:
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        return Path(home).expanduser().resolve() / kind
    if kind == "data":
        return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir(create: bool = True) -> Path:
    """The user's data directory (saves, autosave, finished games, statistics)."""
    path = _base("data")
    return _ensure(path) if create else path


def config_dir(create: bool = True) -> Path:
    """The user's configuration directory (settings, last setup)."""
    path = _base("config")
    return _ensure(path) if create else path


def saves_dir(create: bool = True) -> Path:
    """Named saved games: ``<data>/saves``."""
    path = data_dir(create) / "saves"
    return _ensure(path) if create else path


def replays_dir(create: bool = True) -> Path:
    """Kept game records of every game, for the Replays list: ``<data>/replays``."""
    path = data_dir(create) / "replays"
    return _ensure(path) if create else path


def archive_dir(create: bool = True) -> Path:
    """Finished games with their full log: ``<data>/finished``."""
    path = data_dir(create) / "finished"
    return _ensure(path) if create else path


def log_dir(create: bool = True) -> Path:
    """Where the game's log file goes: ``platformdirs.user_log_dir`` (``$TORTUGA_HOME/logs``
    when that is set)."""
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        path = Path(home).expanduser().resolve() / "logs"
    else:
        path = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    return _ensure(path) if create else path


def export_dir() -> Path:
    """Where the game proposes to put a file the player exports: the user's documents folder
    (``platformdirs.user_documents_dir``), else their downloads folder when only that one
    exists; never the bare home folder."""
    documents = Path(platformdirs.user_documents_dir())
    downloads = Path(platformdirs.user_downloads_dir())
    for folder in (documents, downloads):
        try:
            if folder.is_dir() and folder != Path.home():
                return folder
        except (OSError, RuntimeError):
            continue
    return documents if documents != Path.home() else documents / "Documents"


def display_path(path: Path | str | bytes) -> str:
    """``path`` as a text that can always be shown and encoded as UTF-8.

    File names need not be valid UTF-8: Python keeps undecodable bytes as lone surrogates
    (``surrogateescape``), which make pygame's text rendering (and ``str.encode``) raise.
    They become U+FFFD here, and control characters (a newline in a file name) become ``?``.
    """
    text = os.fsdecode(path) if isinstance(path, bytes) else str(path)
    with contextlib.suppress(UnicodeError):  # other surrogates are replaced below
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else ("?" if ord(c) < 32 or ord(c) == 127 else c)
                   for c in text)


def display_name(path: Path | str | bytes) -> str:
    """The last part of ``path`` (its file name), safe to show: see :func:`display_path`."""
    text = os.fsdecode(path) if isinstance(path, bytes) else str(path)
    return display_path(Path(text).name or text)


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":  # directories cannot be opened for fsync on Windows
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str, *, overwrite: bool = True) -> None:
    """Replace ``path`` by ``text`` (UTF-8) atomically: temp file, fsync, ``os.replace``.

    With ``overwrite=False`` an existing ``path`` is never replaced: ``FileExistsError``
    (checked atomically where the system allows: a hard link or a rename that refuses to
    overwrite). Raises ``OSError`` if the file cannot be written; the old file is then untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if overwrite:
            os.replace(tmp_name, path)
        else:
            _move_no_overwrite(Path(tmp_name), path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(path.parent)


#: A temporary whose writer cannot be asked whether it still runs (no process id in its name,
#: or no way to check on this system) is an orphan only when it is older than this (seconds).
ORPHAN_AGE_S = 3600.0


def _process_running(pid: int) -> bool:
    """Whether process ``pid`` exists (POSIX only; elsewhere ``True``: not known)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)  # signal 0: only asks
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it runs under another user
        return True
    return True


def remove_orphan_temps(path: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporaries of ``path`` left by writers that are gone (killed mid-write).

    A temporary of this process, or of a process that still runs, is never removed: its
    write owns it. Returns the removed files. Never raises (file errors are skipped)."""
    path = Path(path)
    now = time.time() if now is None else now
    prefix = f".{path.name}."
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid_text = name[len(prefix):].split(".", 1)[0]
        pid = int(pid_text) if pid_text.isdigit() else None
        if pid == os.getpid():
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        if pid is not None and os.name == "posix":
            orphan = not _process_running(pid)
        else:
            orphan = now - st.st_mtime > ORPHAN_AGE_S
        if orphan:
            try:
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    return removed


def atomic_write_json(path: Path, data: object, *, indent: int | None = 1) -> None:
    """:func:`atomic_write_text` of ``data`` as JSON (no NaN/Infinity, UTF-8 kept readable).

    The text is the same as ``json.dumps`` gives, but made piece by piece: ``json.dumps`` encodes
    a whole document in one call that holds the interpreter (a 5 MB save: 35-50 ms), and the
    frame thread waits that long for its next frame while a writer thread makes it."""
    encoder = json.JSONEncoder(ensure_ascii=False, allow_nan=False, indent=indent)
    text = "".join(encoder.iterencode(data))
    atomic_write_text(path, text + "\n")


class FileTooLargeError(OSError):
    """The file is larger than the caller's limit; it was not read."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(f"{path} is {size} bytes (limit {limit})")
        self.path = path
        self.size = size
        self.limit = limit


class NotRegularFileError(OSError):
    """The path is a folder, a FIFO, a device or a socket, not a file; it was not read."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(f"{display_path(path)} is a {kind}, not a regular file")
        self.path = path
        self.kind = kind


def _kind_of(mode: int) -> str:
    for test, kind in ((stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "FIFO"), (stat.S_ISCHR, "character device"),
                       (stat.S_ISBLK, "block device"), (stat.S_ISSOCK, "socket")):
        if test(mode):
            return kind
    return "special file"


def read_bytes_limited(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, refusing files larger than ``limit`` before reading them.

    Only regular files are read: a FIFO, device or folder is refused before it is opened
    (:class:`NotRegularFileError`) — opening a FIFO for reading would block until a writer
    comes. The file is opened non-blocking all the same (a FIFO swapped in between the
    check and the open is refused again after ``fstat``).

    Raises ``FileNotFoundError``/``OSError`` as ``open`` does, :class:`NotRegularFileError`
    and :class:`FileTooLargeError`.
    """
    path = Path(path)
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegularFileError(path, _kind_of(st.st_mode))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFileError(path, _kind_of(st.st_mode))
        if st.st_size > limit:
            raise FileTooLargeError(path, st.st_size, limit)
        data = fh.read(limit + 1)  # a file that grows while we read is refused too
    if len(data) > limit:
        raise FileTooLargeError(path, len(data), limit)
    return data


def list_files(directory: Path, suffix: str) -> list[Path]:
    """Regular files in ``directory`` whose names end in ``suffix`` (no hidden files).

    A missing folder has none; a folder that cannot be read raises ``OSError`` (unlike
    ``Path.glob``, which would silently report it as empty).
    """
    directory = Path(directory)
    out: list[Path] = []
    try:
        it = os.scandir(directory)
    except FileNotFoundError:
        return []
    with it:
        for entry in it:
            if entry.name.startswith(".") or not entry.name.endswith(suffix):
                continue
            try:
                if entry.is_file():
                    out.append(Path(entry.path))
            except OSError:
                continue
    return out


def _move_no_overwrite(path: Path, target: Path) -> None:
    if os.name != "posix":
        os.rename(path, target)  # Windows: rename refuses to overwrite
        return
    try:
        os.link(path, target)  # fails if target exists: never overwrites
    except FileExistsError:
        raise
    except OSError:  # no hard links on this file system
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(path, target)
        return
    os.unlink(path)


def keep_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<stem>.bad-<timestamp><suffix>`` next to it.

    Never overwrites anything (a counter is added if the name is taken). Returns the new
    path, or ``None`` if the file is gone or could not be renamed (it is then left alone).
    """
    path = Path(path)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):  # never move a FIFO, device or folder
            return None
    except OSError:
        return None
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    suffix = path.suffix or ".json"
    for n in range(1000):
        extra = "" if n == 0 else f"-{n}"
        target = path.with_name(f"{path.stem}.bad-{stamp}{extra}{suffix}")
        if target.exists():
            continue
        try:
            _move_no_overwrite(path, target)
        except FileExistsError:
            continue
        except OSError:
            return None
        _fsync_dir(path.parent)
        return target
    return None


def is_inside(path: Path, directory: Path) -> bool:
    """Whether ``path`` lies inside ``directory`` (after resolving both)."""
    try:
        Path(path).resolve().relative_to(Path(directory).resolve())
    except (ValueError, OSError):
        return False
    return True
