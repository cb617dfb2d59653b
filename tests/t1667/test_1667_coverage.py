"""Every rule id of RULES-1667.md (T0-T9, TX) is named by at least one 1667 test."""

from __future__ import annotations

import pathlib
import re

RULE_COUNTS = {"TX": 2, "T0": 8, "T1": 7, "T2": 8, "T3": 12, "T4": 11, "T5": 6, "T6": 19, "T7": 9, "T8": 6, "T9": 7}


def test_every_rule_id_has_a_test() -> None:
    here = pathlib.Path(__file__).resolve().parent  # the 1667 tests
    text = "\n".join(p.read_text(encoding="utf-8") for p in here.glob("test_1667_*.py") if p.name != pathlib.Path(
        __file__).name)
    named = {m.replace("_", ".") for m in re.findall(r"T[0-9X][._][0-9]+", text)}
    missing = [f"{group}.{i}" for group, n in RULE_COUNTS.items() for i in range(1, n + 1)
               if f"{group}.{i}" not in named]
    assert missing == []
