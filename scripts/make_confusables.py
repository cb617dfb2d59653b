"""Build ``tortuga_desktop/net/confusables.py``: the table behind lookalike-name checks.

    python -m scripts.make_confusables PATH/TO/confusables.json

Source: ``confusables.json`` from the PyPI package confusable-homoglyphs 3.3.1 (MIT licence,
https://github.com/vhf/confusable_homoglyphs), which is the Unicode Consortium's
``confusables.txt`` (Unicode Technical Standard #39, "Unicode Security Mechanisms") turned into
JSON: for each character, the characters it can be mistaken for. The package is not a
dependency of the game; only this compact table, made from its data, is kept.

Kept: characters of the Latin, IPA, Greek, Cyrillic, letterlike and fullwidth blocks that look
like a plain ASCII letter or digit (or a short run of them); each maps to that ASCII text (the
single character when there is one). That is the part of TR39's skeleton that matters for
player names typed in Latin, Greek and Cyrillic script. Plus the ASCII lookalikes TR39 itself
maps (0 -> O, 1 / I / | -> l).
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

from scripts import harness

BLOCKS = [(0x00C0, 0x02AF), (0x0370, 0x03FF), (0x0400, 0x052F), (0x1D00, 0x1DBF), (0x1E00, 0x1EFF),
          (0x2100, 0x214F), (0xFF01, 0xFF5E)]
ASCII = {"0": "O", "1": "l", "I": "l", "|": "l"}
OUT = Path(__file__).resolve().parent.parent / "tortuga_desktop" / "net" / "confusables.py"


def wanted(ch: str) -> bool:
    return len(ch) == 1 and any(lo <= ord(ch) <= hi for lo, hi in BLOCKS)


def plain(text: str) -> bool:
    return bool(text) and len(text) <= 2 and all(c.isascii() and c.isalnum() for c in text)


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__)
    ap.add_argument("source", type=Path, help="confusables.json of confusable-homoglyphs 3.3.1")
    data = json.loads(ap.parse_args(argv).source.read_text(encoding="utf-8"))
    table: dict[str, str] = {}
    for ch, entries in data.items():
        if not wanted(ch):
            continue
        targets = sorted({e["c"] for e in entries if plain(e["c"])}, key=lambda t: (len(t), t.islower(), t))
        if targets:
            table[ch] = ASCII.get(targets[0], targets[0])
    table.update(ASCII)
    lines = [f"    {ch!r}: {to!r},  # {unicodedata.name(ch, '?')}" for ch, to in sorted(table.items())]
    OUT.write_text('"""Lookalike characters -> their plain ASCII skeleton (made by scripts/make_confusables.py;\n'
                   'do not edit: see that script for the source, the Unicode confusables data of UTS #39)."""\n\n'
                   "SKELETON: dict[str, str] = {\n" + "\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"{len(table)} characters -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
