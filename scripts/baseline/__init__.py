"""Frozen copies of code as it was before a speed-up, for same-run baselines in benchmarks.

- ``kernel_v1.py``, ``expert_v1.py``: the playout kernel and Expert (with its rollout policy)
  at commit 93d42e7, before issue 29 (``scripts/kernel_bench.py --rollouts`` times them beside
  today's). Loaded by :func:`load` as ``tortuga_desktop.ai.kernel_v1`` / ``expert_v1`` (their
  relative imports resolve into the installed package); never imported by the program.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def load(name: str) -> ModuleType:
    """``name`` ("kernel_v1", "expert_v1") as a module of ``tortuga_desktop.ai``."""
    full = f"tortuga_desktop.ai.{name}"
    if full in sys.modules:
        return sys.modules[full]
    if name == "expert_v1":
        load("kernel_v1")
    spec = importlib.util.spec_from_file_location(full, HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[full] = mod
    spec.loader.exec_module(mod)
    return mod
