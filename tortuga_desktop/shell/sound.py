"""Sound effects for Tortuga, synthesised in code.

Every effect is generated with the standard library only (``array``, ``math`` and a
seeded :class:`random.Random` instance), so the game ships no audio files and the
output is bit-for-bit deterministic.  Nothing happens at import time: pygame is only
imported by :meth:`SoundBoard.start`, and the synthesis functions run on demand.

Public API
----------
* :data:`SOUND_NAMES` – the names of all effects.
* :func:`synthesise` – ``synthesise(name, rate) -> array('h')``: 16-bit mono samples.
* :class:`SoundBoard` – mixer wrapper with volume / mute that degrades to silence when
  there is no audio device.

Performance notes: the inner loops use recurrences (damped resonators computed with
``y = c1*y1 + c2*y2``), fixed-point wavetable lookups and multiplicative envelopes, so
there are almost no per-sample Python function calls.
"""

from __future__ import annotations

import contextlib
import io
import math
import wave
from array import array
from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    import pygame

__all__ = ["SOUND_DURATIONS", "SOUND_NAMES", "SoundBoard", "synthesise"]

#: Nominal length in seconds of each effect (the synthesised buffer has exactly this length).
SOUND_DURATIONS: dict[str, float] = {
    "dice_rattle": 0.5,
    "dice_land": 0.15,
    "chest_clink": 0.25,
    "token_slide": 0.3,
    "fanfare": 1.5,
    "click": 0.04,
}

#: All effect names, in a stable order.
SOUND_NAMES: tuple[str, ...] = tuple(SOUND_DURATIONS)

# Peak level (fraction of full scale) each effect is normalised to; gives the effects a
# sensible relative loudness and leaves headroom for several sounds mixing together.
_PEAKS: dict[str, float] = {
    "dice_rattle": 0.55,
    "dice_land": 0.7,
    "chest_clink": 0.5,
    "token_slide": 0.45,
    "fanfare": 0.6,
    "click": 0.4,
}

_SEEDS: dict[str, int] = {
    "dice_rattle": 1701,
    "dice_land": 1702,
    "chest_clink": 1703,
    "token_slide": 1704,
    "fanfare": 1705,
    "click": 1706,
}

_TWO_PI = 2.0 * math.pi


# --------------------------------------------------------------------------------------
# Building blocks (all operate on a list[float] in the range roughly -1..1)
# --------------------------------------------------------------------------------------


def _add_mode(out: list[float], start: int, freq: float, tau: float, amp: float, rate: int) -> None:
    """Add a damped sinusoid ``amp * exp(-t/tau) * sin(2*pi*freq*t)`` starting at ``start``.

    Computed with the two-pole resonator recurrence, so there is no per-sample ``sin``/``exp``.
    Modes at or above Nyquist are skipped.
    """
    if freq <= 0.0 or freq >= rate * 0.48 or amp == 0.0 or start >= len(out):
        return
    w = _TWO_PI * freq / rate
    r = math.exp(-1.0 / (tau * rate))
    c1 = 2.0 * r * math.cos(w)
    c2 = -r * r
    end = min(len(out), start + int(tau * rate * 7.0) + 2)  # e^-7 ~ -60 dB
    y2 = 0.0
    y1 = amp * r * math.sin(w)
    if start + 1 < end:
        out[start + 1] += y1
    for i in range(start + 2, end):
        y = c1 * y1 + c2 * y2
        out[i] += y
        y2 = y1
        y1 = y


def _add_noise_burst(
    out: list[float], start: int, length_s: float, amp: float, smooth: float, rng: Random, rate: int
) -> None:
    """Add a short, exponentially decaying, one-pole low-passed noise burst (the 'tick')."""
    n = max(2, int(length_s * rate))
    end = min(len(out), start + n)
    if start >= end:
        return
    decay = math.exp(-5.0 / n)
    rnd = rng.random
    noise = [rnd() * 2.0 - 1.0 for _ in range(end - start)]
    env = amp
    lp = 0.0
    keep = smooth
    take = 1.0 - smooth
    for k, x in enumerate(noise):
        lp = keep * lp + take * x
        out[start + k] += lp * env
        env *= decay


def _fade_edges(out: list[float], rate: int, fade_in_s: float = 0.001, fade_out_s: float = 0.006) -> None:
    """Short linear fades at both ends so the buffer never starts or stops with a click."""
    n = len(out)
    fi = min(n, max(1, int(fade_in_s * rate)))
    for i in range(fi):
        out[i] *= i / fi
    fo = min(n, max(1, int(fade_out_s * rate)))
    for k in range(fo):
        out[n - 1 - k] *= k / fo


def _to_int16(out: list[float], peak: float) -> array[int]:
    """Normalise ``out`` so its peak is ``peak`` * full scale and convert to 16-bit samples."""
    hi = max(out) if out else 0.0
    lo = min(out) if out else 0.0
    biggest = max(hi, -lo)
    if biggest <= 0.0:
        return array("h", bytes(2 * len(out)))
    scale = peak * 32767.0 / biggest
    return array("h", [int(x * scale) for x in out])


# --------------------------------------------------------------------------------------
# The effects
# --------------------------------------------------------------------------------------


def _wood_knock(out: list[float], start: int, amp: float, pitch: float, rng: Random, rate: int) -> None:
    """A knock on wood: a soft thump, a couple of woody body modes and a tiny tick."""
    _add_mode(out, start, 165.0 * pitch, 0.022, 0.9 * amp, rate)
    _add_mode(out, start, 610.0 * pitch * rng.uniform(0.95, 1.05), 0.016, 0.7 * amp, rate)
    _add_mode(out, start, 1330.0 * pitch * rng.uniform(0.95, 1.05), 0.009, 0.45 * amp, rate)
    _add_mode(out, start, 2870.0 * pitch * rng.uniform(0.95, 1.05), 0.004, 0.25 * amp, rate)
    _add_noise_burst(out, start, 0.0025, 0.35 * amp, 0.55, rng, rate)


def _dice_rattle(n: int, rate: int, rng: Random) -> list[float]:
    out = [0.0] * n
    total = n / rate
    t = 0.004
    while t < total - 0.06:
        # Dice tumble fast at first and settle: gaps grow and hits get softer.
        progress = t / total
        amp = math.exp(-2.2 * progress) * rng.uniform(0.45, 1.0)
        start = int(t * rate)
        # Small hard dice: bright, very short wooden clicks.
        base = rng.uniform(1500.0, 2600.0)
        _add_mode(out, start, base, rng.uniform(0.003, 0.006), amp, rate)
        _add_mode(out, start, base * rng.uniform(1.55, 1.75), 0.0025, 0.6 * amp, rate)
        _add_mode(out, start, rng.uniform(450.0, 700.0), 0.008, 0.4 * amp, rate)
        _add_noise_burst(out, start, 0.0015, 0.3 * amp, 0.4, rng, rate)
        t += rng.uniform(0.006, 0.022) + 0.035 * progress * rng.random()
    _fade_edges(out, rate)
    return out


def _dice_land(n: int, rate: int, rng: Random) -> list[float]:
    out = [0.0] * n
    _wood_knock(out, 0, 1.0, 1.0, rng, rate)
    _wood_knock(out, int(0.055 * rate), 0.45, 1.08, rng, rate)
    _fade_edges(out, rate, fade_in_s=0.0, fade_out_s=0.01)
    return out


def _chest_clink(n: int, rate: int, rng: Random) -> list[float]:
    out = [0.0] * n
    # Inharmonic partials of a small metal object (coin / clasp), fast decays.
    ratios = (1.0, 2.32, 4.25, 6.63)
    amps = (1.0, 0.55, 0.32, 0.18)
    taus = (0.060, 0.035, 0.020, 0.012)
    for when, f0, gain in ((0.0, 1760.0, 1.0), (0.062, 1985.0, 0.55)):
        start = int(when * rate)
        for ratio, a, tau in zip(ratios, amps, taus, strict=True):
            detune = rng.uniform(0.995, 1.005)
            _add_mode(out, start, f0 * ratio * detune, tau, a * gain, rate)
        _add_noise_burst(out, start, 0.001, 0.15 * gain, 0.2, rng, rate)
    _fade_edges(out, rate, fade_in_s=0.0, fade_out_s=0.02)
    return out


def _token_slide(n: int, rate: int, rng: Random) -> list[float]:
    """Noise through a swept state-variable band-pass, with a smooth swell envelope."""
    rnd = rng.random
    noise = [rnd() * 2.0 - 1.0 for _ in range(n)]
    out = [0.0] * n
    low = 0.0
    band = 0.0
    q = 1.0 / 1.4  # damping; gentle resonance
    attack = 0.35  # fraction of the sound spent swelling in
    soft = 0.0  # extra one-pole low-pass (~2.5 kHz) to take the hiss off the top
    lp_a = 1.0 - math.exp(-_TWO_PI * 2500.0 / rate)

    def swell(x: float) -> float:
        if x < attack:
            return 0.5 - 0.5 * math.cos(math.pi * x / attack)
        return 0.5 + 0.5 * math.cos(math.pi * min(1.0, (x - attack) / (1.0 - attack)))

    block = 32
    for b0 in range(0, n, block):
        b1 = min(n, b0 + block)
        x = b0 / n  # 0..1 through the sound
        # Centre frequency sweeps up then back down: the 'sss-wooo' of a token pushed along.
        fc = 500.0 + 1300.0 * math.sin(math.pi * min(1.0, x * 1.15)) ** 1.5
        f = 2.0 * math.sin(math.pi * min(fc, rate * 0.2) / rate)
        e = swell(x)
        de = (swell(b1 / n) - e) / (b1 - b0)
        for i in range(b0, b1):
            high = noise[i] - low - q * band
            band += f * high
            low += f * band
            soft += lp_a * (band - soft)
            out[i] = soft * e
            e += de
    _fade_edges(out, rate)
    return out


_TABLE_BITS = 11
_TABLE_SIZE = 1 << _TABLE_BITS
_FRAC_BITS = 16


def _wavetable(amps: list[float]) -> list[float]:
    """One cycle of an additive waveform with harmonic amplitudes ``amps``, peak-normalised."""
    size = _TABLE_SIZE
    table = [0.0] * size
    for h, a in enumerate(amps, start=1):
        if a == 0.0:
            continue
        step = _TWO_PI * h / size
        for i in range(size):
            table[i] += a * math.sin(step * i)
    peak = max(abs(v) for v in table) or 1.0
    return [v / peak for v in table]


def _brass_note(
    out: list[float],
    start: int,
    freq: float,
    dur: float,
    amp: float,
    rate: int,
    dark: list[float],
    diff: list[float],
    vibrato: bool,
) -> None:
    """A brass-like note: bright attack with a slight 'blat', sustain, soft release.

    Brightness follows the envelope (cross-fade from the ``dark`` wavetable towards the
    bright one, ``diff`` = bright - dark), which is what makes additive tones sound brassy
    rather than organ-like.  The envelope is evaluated per 64-sample block and linearly
    interpolated inside the block, so the inner loop is pure arithmetic.
    """
    attack = 0.03
    decay = 0.08
    release = 0.09
    n_sustain = int(dur * rate)
    n = min(len(out) - start, n_sustain + int(release * rate))
    if n <= 0:
        return
    release_tau = release / 5.0

    def envelope(i: int) -> float:
        # Rise to 1.15, settle to 0.85, hold, exponential release.
        t = i / rate
        if t < attack:
            return 1.15 * t / attack
        if t < attack + decay:
            return 1.15 - 0.3 * (t - attack) / decay
        if i < n_sustain:
            return 0.85
        return 0.85 * math.exp(-(i - n_sustain) / (release_tau * rate))

    shift = _FRAC_BITS
    mask = (_TABLE_SIZE << shift) - 1
    base_inc = freq * _TABLE_SIZE / rate * (1 << shift)
    phase = 0
    block = 64
    k = 0.87  # brightness per unit of envelope
    for b0 in range(0, n, block):
        b1 = min(n, b0 + block)
        t = b0 / rate
        if vibrato and t > 0.2:
            depth = min(1.0, (t - 0.2) / 0.25) * 0.0045
            inc = int(base_inc * (1.0 + depth * math.sin(_TWO_PI * 5.3 * t)))
        else:
            inc = int(base_inc)
        e = envelope(b0) * amp
        de = (envelope(b1) * amp - e) / (b1 - b0)
        kk = k / amp
        for j in range(start + b0, start + b1):
            idx = (phase & mask) >> shift
            out[j] += e * (dark[idx] + kk * e * diff[idx])
            phase += inc
            e += de


def _fanfare(n: int, rate: int, rng: Random) -> list[float]:
    del rng  # deterministic without noise
    out = [0.0] * n
    nyquist = rate * 0.45
    top = 784.0 * 1.01  # highest fundamental incl. vibrato

    def limit(amps: list[float]) -> list[float]:
        return [a if (h * top) < nyquist else 0.0 for h, a in enumerate(amps, start=1)]

    dark = _wavetable(limit([1.0, 0.45, 0.2, 0.08]))
    bright = _wavetable(limit([1.0 / h**0.85 for h in range(1, 11)]))
    diff = [b - d for b, d in zip(bright, dark, strict=True)]
    g4, c5, e5, g5 = 392.0, 523.25, 659.26, 783.99
    # Ta-ta-ta-taaa: G4 C5 E5 then a held G5 over a soft C-major chord.
    notes: list[tuple[float, float, float, float, bool]] = [
        (0.00, g4, 0.13, 0.9, False),
        (0.16, c5, 0.13, 0.9, False),
        (0.32, e5, 0.13, 0.9, False),
        (0.48, g5, 0.86, 1.0, True),
        (0.50, e5, 0.80, 0.3, False),
        (0.50, c5, 0.80, 0.3, False),
        (0.50, 261.63, 0.80, 0.35, False),
    ]
    for when, freq, dur, amp, vib in notes:
        _brass_note(out, int(when * rate), freq, dur, amp, rate, dark, diff, vib)
    # A touch of room: two quiet early reflections (feed-forward, so it cannot ring).
    for delay_s, gain in ((0.047, 0.18), (0.089, 0.1)):
        d = int(delay_s * rate)
        out[d:] = [a + gain * b for a, b in zip(out[d:], out, strict=False)]
    _fade_edges(out, rate, fade_out_s=0.03)
    return out


def _click(n: int, rate: int, rng: Random) -> list[float]:
    out = [0.0] * n
    _add_mode(out, 0, 2200.0, 0.0035, 1.0, rate)
    _add_mode(out, 0, 3500.0, 0.0018, 0.45, rate)
    _add_mode(out, 0, 950.0, 0.006, 0.5, rate)
    _add_noise_burst(out, 0, 0.0008, 0.2, 0.3, rng, rate)
    _fade_edges(out, rate, fade_in_s=0.0, fade_out_s=0.008)
    return out


_SYNTHS: dict[str, Callable[[int, int, Random], list[float]]] = {
    "dice_rattle": _dice_rattle,
    "dice_land": _dice_land,
    "chest_clink": _chest_clink,
    "token_slide": _token_slide,
    "fanfare": _fanfare,
    "click": _click,
}


def synthesise(name: str, rate: int) -> array[int]:
    """Synthesise the effect ``name`` at sample rate ``rate`` as 16-bit signed mono samples.

    Deterministic: the same ``(name, rate)`` always gives the same samples.
    Raises :class:`KeyError` for an unknown name and :class:`ValueError` for a silly rate.
    """
    synth = _SYNTHS[name]
    if rate < 8000:
        raise ValueError(f"sample rate too low: {rate}")
    n = int(SOUND_DURATIONS[name] * rate)
    samples = synth(n, rate, Random(_SEEDS[name]))
    return _to_int16(samples, _PEAKS[name])


# --------------------------------------------------------------------------------------
# Mixer format conversion
# --------------------------------------------------------------------------------------


def _to_mixer_bytes(mono: array[int], size: int, channels: int) -> bytes | None:
    """Convert 16-bit mono samples to the raw layout of a mixer opened with ``size``/``channels``.

    ``size`` is the format from ``pygame.mixer.get_init()`` (-16 = signed 16-bit, 16 =
    unsigned 16-bit, -8/8 = signed/unsigned 8-bit, +-32 = 32-bit float).  Returns None
    for a format we do not know how to write.
    """
    if size == -16:
        return _interleave(array("h", mono), channels)
    if size == 16:
        return _interleave(array("H", [s + 32768 for s in mono]), channels)
    if size == -8:
        return _interleave(array("b", [s >> 8 for s in mono]), channels)
    if size == 8:
        return _interleave(array("B", [(s >> 8) + 128 for s in mono]), channels)
    if size in (32, -32):
        return _interleave(array("f", [s / 32768.0 for s in mono]), channels)
    return None


_Sample = TypeVar("_Sample", int, float)


def _interleave(data: array[_Sample], channels: int) -> bytes:
    """``data``'s bytes with every sample repeated in each of ``channels`` (one frame holds a
    sample per channel)."""
    if channels > 1:
        wide = data * channels  # the frames' length and item type; every slot is written below
        for c in range(channels):
            wide[c::channels] = data
        data = wide
    return data.tobytes()


def _to_wav_bytes(mono: array[int], rate: int) -> bytes:
    """A complete in-memory WAV file (fallback for unusual mixer formats; SDL converts it)."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(mono.tobytes())
    return buf.getvalue()


# --------------------------------------------------------------------------------------
# SoundBoard
# --------------------------------------------------------------------------------------


class SoundBoard:
    """Plays the game's sound effects, degrading gracefully to silence.

    ``start()`` opens the mixer (if nobody has yet) and synthesises the effects in the
    mixer's own format.  If there is no audio device, or anything goes wrong, the board
    becomes permanently silent: ``play`` then does nothing and nothing ever raises
    (except :class:`KeyError` for an unknown effect name, which is a programming error).
    """

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _clamp01(volume)
        self._muted = bool(muted)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._started = False
        self._failed = False

    # -- properties -------------------------------------------------------------------

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def available(self) -> bool:
        """True once the mixer is running and the effects are loaded."""
        return self._started and not self._failed

    # -- control ----------------------------------------------------------------------

    def set_volume(self, v: float) -> None:
        self._volume = _clamp01(v)
        for snd in self._sounds.values():
            with contextlib.suppress(Exception):
                snd.set_volume(self._volume)

    def set_muted(self, m: bool) -> None:
        self._muted = bool(m)

    def start(self) -> bool:
        """Initialise the mixer if needed and synthesise all effects.

        Returns True when sound is available.  After a failure it returns False forever
        without retrying.
        """
        if self._failed:
            return False
        if self._started:
            return True
        try:
            import pygame

            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if init is None:
                raise RuntimeError("mixer did not initialise")
            frequency, size, channels = init
            sounds: dict[str, pygame.mixer.Sound] = {}
            for name in SOUND_NAMES:
                mono = synthesise(name, int(frequency))
                raw = _to_mixer_bytes(mono, int(size), int(channels))
                if raw is not None:
                    snd = pygame.mixer.Sound(buffer=raw)
                else:
                    snd = pygame.mixer.Sound(file=io.BytesIO(_to_wav_bytes(mono, int(frequency))))
                snd.set_volume(self._volume)
                sounds[name] = snd
        except Exception:  # pygame.error is an Exception subclass; also ImportError etc.
            self._failed = True
            self._sounds = {}
            return False
        self._sounds = sounds
        self._started = True
        return True

    def play(self, name: str) -> None:
        """Play effect ``name`` (starting the board lazily).  Unknown names raise KeyError."""
        if name not in SOUND_DURATIONS:
            raise KeyError(name)
        if self._muted or self._failed:
            return
        if not self._started and not self.start():
            return
        # A mixer that dies mid-game must not take the game with it.
        with contextlib.suppress(Exception):
            self._sounds[name].play()


def _clamp01(v: float) -> float:
    v = float(v)
    if math.isnan(v):
        return 0.0
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v
