"""Tests for the synthesised sound effects and the SoundBoard wrapper."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from array import array  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tortuga_desktop.shell import sound  # noqa: E402
from tortuga_desktop.shell.sound import SOUND_NAMES, SoundBoard, synthesise  # noqa: E402

# Expected duration range (seconds) for each effect, from the design brief.
EXPECTED_LENGTH_S: dict[str, tuple[float, float]] = {
    "dice_rattle": (0.35, 0.7),
    "dice_land": (0.08, 0.25),
    "chest_clink": (0.15, 0.4),
    "token_slide": (0.2, 0.45),
    "fanfare": (1.2, 1.9),
    "click": (0.02, 0.08),
}


@pytest.fixture
def fresh_mixer() -> Iterator[None]:
    """Make sure each SoundBoard test starts (and ends) with the mixer shut down."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_all_names_covered() -> None:
    assert set(SOUND_NAMES) == set(EXPECTED_LENGTH_S)


@pytest.mark.parametrize("rate", [22050, 44100])
@pytest.mark.parametrize("name", SOUND_NAMES)
def test_synthesise_shape_and_level(name: str, rate: int) -> None:
    samples = synthesise(name, rate)
    assert isinstance(samples, array)
    assert samples.typecode == "h"
    lo, hi = EXPECTED_LENGTH_S[name]
    assert lo * rate <= len(samples) <= hi * rate
    peak = max(abs(s) for s in samples)
    assert peak <= 32767
    assert peak > 3000
    # Non-silent over a meaningful part of the sound, not just one spike.
    assert sum(1 for s in samples if abs(s) > 300) > len(samples) // 20


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_synthesise_is_deterministic(name: str) -> None:
    assert synthesise(name, 22050) == synthesise(name, 22050)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sounds_start_and_end_quietly(name: str) -> None:
    samples = synthesise(name, 22050)
    # No click at the edges: the last sample is (nearly) zero, the first is small.
    assert abs(samples[-1]) < 200
    assert abs(samples[0]) < 2000


def test_unknown_sound_name() -> None:
    with pytest.raises(KeyError):
        synthesise("kraken_roar", 22050)


def test_no_global_random_use(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    def boom(*_args: object, **_kwargs: object) -> float:
        raise AssertionError("module-level random used")

    for fn in ("random", "uniform", "randint", "gauss", "choice", "seed"):
        monkeypatch.setattr(random, fn, boom)
    for name in SOUND_NAMES:
        synthesise(name, 22050)


@pytest.mark.parametrize(
    ("size", "channels", "bytes_per_frame"),
    [(-16, 2, 4), (-16, 1, 2), (16, 2, 4), (-8, 1, 1), (8, 2, 2), (-32, 2, 8)],
)
def test_to_mixer_bytes_layout(size: int, channels: int, bytes_per_frame: int) -> None:
    mono = array("h", [0, 1000, -1000, 32767, -32768])
    raw = sound._to_mixer_bytes(mono, size, channels)
    assert raw is not None
    assert len(raw) == len(mono) * bytes_per_frame


def test_to_mixer_bytes_stereo_duplicates_samples() -> None:
    mono = array("h", [1, -2, 3])
    raw = sound._to_mixer_bytes(mono, -16, 2)
    assert raw is not None
    stereo = array("h")
    stereo.frombytes(raw)
    assert list(stereo) == [1, 1, -2, -2, 3, 3]


def test_to_mixer_bytes_unknown_format() -> None:
    assert sound._to_mixer_bytes(array("h", [0]), 24, 2) is None


def test_soundboard_plays_everything_with_dummy_driver(fresh_mixer: None) -> None:
    board = SoundBoard()
    assert board.start() is True
    assert board.available
    assert board.start() is True  # idempotent
    for name in SOUND_NAMES:
        board.play(name)
    with pytest.raises(KeyError):
        board.play("kraken_roar")


def test_soundboard_matches_preinitialised_mixer_format(fresh_mixer: None) -> None:
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    board = SoundBoard()
    assert board.start() is True
    board.play("click")
    snd = board._sounds["click"]
    assert snd.get_length() == pytest.approx(sound.SOUND_DURATIONS["click"], abs=0.005)


def test_soundboard_lazy_start_on_play(fresh_mixer: None) -> None:
    board = SoundBoard()
    assert not board.available
    board.play("dice_land")
    assert board.available


def test_soundboard_silent_when_mixer_fails(fresh_mixer: None, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = 0

    def broken_init(*_args: object, **_kwargs: object) -> None:
        nonlocal calls
        calls += 1
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    board = SoundBoard()
    assert board.start() is False
    assert not board.available
    for name in SOUND_NAMES:
        board.play(name)  # silent, no exception
    assert board.start() is False  # stays silent forever, without retrying
    assert calls == 1
    with pytest.raises(KeyError):
        board.play("kraken_roar")


def test_soundboard_volume_and_mute(fresh_mixer: None) -> None:
    board = SoundBoard(volume=2.0, muted=True)
    assert board.volume == 1.0
    assert board.muted
    board.play("click")  # muted: no start, no error
    board.set_volume(-1.0)
    assert board.volume == 0.0
    board.set_volume(0.25)
    assert board.volume == 0.25
    board.set_muted(False)
    assert not board.muted
    assert board.start()
    assert board._sounds["fanfare"].get_volume() == pytest.approx(0.25, abs=0.01)
    board.set_volume(0.5)
    assert board._sounds["fanfare"].get_volume() == pytest.approx(0.5, abs=0.01)
    board.play("fanfare")
