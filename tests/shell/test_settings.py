"""Settings: defaults, system language, persistence across restarts, robust loading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tortuga_desktop.shell import paths, settings
from tortuga_desktop.shell.settings import Settings, load_settings, save_settings, system_language


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("TORTUGA_HOME", str(home))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(settings.locale, "getlocale", lambda *a: (None, None))
    return home


def test_paths_follow_tortuga_home(_home: Path) -> None:
    assert paths.config_dir() == _home.resolve() / "config"
    assert paths.data_dir() == _home.resolve() / "data"
    assert settings.settings_path().parent == paths.config_dir()


def test_defaults_on_first_start() -> None:
    s = load_settings()
    assert s == Settings()
    assert s.language == "en" and s.colourblind_markers and not s.fullscreen
    assert not settings.settings_path().exists()  # loading writes nothing


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:nl_BE:en", "LANG": "fr_FR.UTF-8"}, "nl"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LC_MESSAGES": "nl-NL"}, "nl"),
        ({"LANG": "Spanish_Spain.1252"}, "es"),
        ({}, "en"),
    ],
)
def test_system_language(env: dict[str, str], expected: str) -> None:
    assert system_language(env) == expected


def test_first_start_uses_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert load_settings().language == "nl"
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    monkeypatch.setattr(settings.locale, "getlocale", lambda *a: ("de_DE", "UTF-8"))
    assert load_settings().language == "de"


def test_settings_persist_across_restarts() -> None:
    s = Settings(language="es", fullscreen=True, window_size=(1600, 900), animation_speed="fast",
                 reduced_motion=True, volume=0.25, mute=True, colourblind_markers=False)
    assert save_settings(s)
    fresh = load_settings()
    assert fresh == s
    fresh.language = "de"
    assert save_settings(fresh)
    assert load_settings().language == "de"
    leftovers = [p.name for p in paths.config_dir().iterdir() if p.name != "settings.json"]
    assert leftovers == []


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b"\xff\xfe", b'"text"', b"null"])
def test_unreadable_file_gives_defaults_and_is_kept_aside(content: bytes) -> None:
    path = settings.settings_path()
    path.write_bytes(content)
    assert load_settings() == Settings()
    assert not path.exists()
    kept = list(paths.config_dir().glob("settings.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_bad_fields_fall_back_individually() -> None:
    path = settings.settings_path()
    doc = Settings(language="nl", volume=0.5).to_dict()
    doc.update(fullscreen="yes", window_size=[10, 10], animation_speed="warp", unknown_key=1)
    path.write_text(json.dumps(doc))
    s = load_settings()
    assert s.language == "nl" and s.volume == 0.5  # the good fields survive
    assert s.fullscreen is False and s.window_size == Settings().window_size and s.animation_speed == "normal"
    assert list(paths.config_dir().glob("settings.bad-*.json"))
    save_settings(s)
    assert load_settings() == s


def test_validation_edges() -> None:
    for value, ok in [(0, True), (1, True), (0.5, True), (1.5, False), (-0.1, False), (True, False), ("1", False)]:
        s, problems = Settings.from_dict({"format": "tortuga-settings", "volume": value})
        assert (problems == []) == ok, value
    s, problems = Settings.from_dict({"format": "tortuga-settings", "language": "fr"})
    assert problems == ["language"] and s.language == "en"
    # A choice is one of the names exactly: no line break after it, no other case, no part of one.
    for field, value in [("language", "en\n"), ("language", "EN"), ("language", " de"), ("language", "e"),
                         ("language", "en|de"), ("animation_speed", "fast\n"), ("animation_speed", "fastest")]:
        s, problems = Settings.from_dict({"format": "tortuga-settings", field: value})
        assert problems == [field] and s == Settings(), value


def test_derived_values() -> None:
    assert Settings(animation_speed="slow").animation_factor > 1
    assert Settings(animation_speed="instant").animation_factor == 0
    assert Settings(animation_speed="fast", reduced_motion=True).animation_factor == 0
    assert Settings(volume=0.7, mute=True).effective_volume == 0
    assert Settings(volume=0.7).effective_volume == 0.7


def test_save_failure_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(paths, "atomic_write_text", boom)
    assert save_settings(Settings()) is False
