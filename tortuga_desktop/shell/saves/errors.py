"""The one error the saved-game files raise: :class:`SaveError` (a translation key, the file, a
technical detail for the log, and where a damaged file was kept aside)."""

from __future__ import annotations

from pathlib import Path

from tortuga_desktop.shell import i18n, paths

__all__ = ["SaveError", "write_error"]


class SaveError(Exception):
    """A save file could not be read or written. The only error this module raises for files.

    ``key``/``params`` name a translation (``error.save.*`` in assets/translations);
    ``str(err)`` is the English message, :meth:`user_message` the one in the current
    language. ``detail`` is a technical explanation (English, for logs / a "details" line),
    ``path`` the file concerned and ``kept_as`` where a damaged file was moved, if it was.
    """

    def __init__(self, key: str, path: Path | None = None, detail: str = "", **params: object) -> None:
        self.key = key
        self.path = None if path is None else Path(path)
        self.detail = detail
        self.params: dict[str, object] = {"file": paths.display_name(self.path) if self.path else "", **params}
        self.kept_as: Path | None = None
        super().__init__(self._text("en"))

    def _text(self, lang: str | None) -> str:
        text = i18n.tr(self.key, **self.params) if lang is None else i18n.translate(lang, self.key, **self.params)
        if self.kept_as is not None:
            extra_params = {"file": paths.display_name(self.kept_as)}
            extra = (i18n.tr("error.save.kept_aside", **extra_params) if lang is None
                     else i18n.translate(lang, "error.save.kept_aside", **extra_params))
            text = f"{text} {extra}"
        return text

    @property
    def log_text(self) -> str:
        """A line for the log: key, file and detail (safe to write anywhere)."""
        where = paths.display_path(self.path) if self.path is not None else "-"
        return paths.display_path(f"{self.key} {where}: {self.detail}")[:500]

    @property
    def message(self) -> str:
        """The English message (same as ``str(err)``)."""
        return self._text("en")

    def user_message(self) -> str:
        """The message in the current language (:func:`i18n.tr`), incl. where the file was kept."""
        return self._text(None)

    def __str__(self) -> str:
        return self._text("en")

def write_error(exc: BaseException, path: Path | None) -> SaveError:
    """``exc`` (from writing ``path``) as a :class:`SaveError` ``error.save.write_failed`` whose
    ``reason`` is the system's short explanation ("No space left on device")."""
    if isinstance(exc, SaveError):
        return exc
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    reason = paths.display_path(reason)[:200]
    return SaveError("error.save.write_failed", path, paths.display_path(str(exc))[:300], reason=reason)
