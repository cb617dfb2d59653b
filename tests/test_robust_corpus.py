"""Issue 16 proof: a corpus of damaged and hostile save files (truncations, byte flips, every
envelope field x wrong type / missing / huge / negative / non-finite / NUL / surrogates /
zero width) through ``read_save``, ``tortuga PATH``, *Continue* and *Load game*: no crash,
no hang, every bad file refused with a message naming it, no file changed.

A sample runs here; ``scripts/fuzz_saves.py`` runs the whole corpus and more damage."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from save_corpus import check_case, corpus, sample  # noqa: E402

from tortuga_desktop.app.main import build_parser, make_app  # noqa: E402
from tortuga_desktop.app.saves import SeatConfig, SetupConfig  # noqa: E402

pytestmark = pytest.mark.usefixtures("app_home")  # a private home, English, markers on (conftest)


def _good_doc() -> dict[str, Any]:
    data = SetupConfig(seats=[SeatConfig("Anna", "human", 0), SeatConfig("Bart", "easy", 1)], seed=4).create_game()
    rng = random.Random(2)
    g = data.game
    for _ in range(12):
        s = g.to_move()[0]
        g.apply(s, g.random_action(s, rng))
    doc = data.to_dict()
    doc["saved_at"] = "2026-01-01T00:00:00+00:00"
    return doc


def test_corpus_sample_through_every_route(tmp_path: Path) -> None:
    rng = random.Random(16)
    cases = corpus(_good_doc(), rng, n_damage=6)
    picked = sample(cases, 24, rng)
    # always include the nastiest envelope values
    must = [c for c in cases if c[0] in ("game_id = surrogate text", "meta = 1e999", "seats.0.name = NUL text",
                                         "saved_at = zero-width text", "seats.1.kind = text", "not UTF-8")]
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]))
    app.fixed_dt = 1 / 60
    outside = tmp_path / "outside"
    outside.mkdir()
    problems: list[str] = []
    try:
        for label, blob in [*must, *picked]:
            problems += check_case(app, label, blob, outside)
    finally:
        app.close()
    assert problems == []
