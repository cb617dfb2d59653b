"""Write every synthesised sound effect to a WAV file for listening / inspection.

Usage::

    python -m scripts.sound_preview OUT_DIR [--rate 44100]

Prints the length, peak and RMS level of each effect and the synthesis time.
"""

from __future__ import annotations

import argparse
import math
import time
import wave
from pathlib import Path

from tortuga_desktop.shell.sound import SOUND_NAMES, synthesise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path, help="directory to write <name>.wav files into")
    parser.add_argument("--rate", type=int, default=44100, help="sample rate in Hz (default 44100)")
    args = parser.parse_args(argv)
    out_dir: Path = args.out_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    total = 0.0
    for name in SOUND_NAMES:
        t0 = time.perf_counter()
        samples = synthesise(name, args.rate)
        dt = time.perf_counter() - t0
        total += dt
        path = out_dir / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(args.rate)
            w.writeframes(samples.tobytes())
        peak = max(abs(s) for s in samples)
        rms = math.sqrt(sum(s * s for s in samples) / len(samples))
        print(
            f"{name:12s} {len(samples) / args.rate:5.3f} s  peak {peak:5d} "
            f"({20 * math.log10(peak / 32767):5.1f} dBFS)  rms {20 * math.log10(max(rms, 1.0) / 32767):5.1f} dBFS"
            f"  {dt * 1000:6.1f} ms  -> {path}"
        )
    print(f"total synthesis time: {total * 1000:.1f} ms at {args.rate} Hz")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
