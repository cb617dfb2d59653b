"""Code as it was before a speed-up, read from git history, for same-run baselines in benchmarks.

:func:`load` gives the playout kernel (``"kernel_v1"``) or Expert with its rollout policy
(``"expert_v1"``) as they were at commit :data:`BEFORE_ISSUE_29` (``scripts/kernel_bench.py
--rollouts`` times them beside today's), as modules of ``tortuga_desktop.games.dice.ai`` so that their
relative imports resolve into the installed package; Expert's import of the kernel is pointed
at the old kernel. Needs the repository's history (a git checkout); never imported by the program.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

#: the commit before issue 29 changed the kernel and the rollout policy
BEFORE_ISSUE_29 = "93d42e7"
ROOT = Path(__file__).resolve().parent.parent
_SOURCES = {"kernel_v1": "tortuga_desktop/games/dice/ai/kernel.py", "expert_v1": "tortuga_desktop/games/dice/ai/expert.py"}


def _source(name: str) -> str:
    try:
        text = subprocess.run(["git", "show", f"{BEFORE_ISSUE_29}:{_SOURCES[name]}"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"the baseline needs the git history of this checkout ({BEFORE_ISSUE_29}): {exc}") from None
    if name == "expert_v1":
        old = "from . import kernel as K\n"
        if text.count(old) != 1:
            raise SystemExit(f"expert.py at {BEFORE_ISSUE_29} does not import the kernel as expected")
        text = text.replace(old, "from . import kernel_v1 as K\n")
    return text


def load(name: str) -> ModuleType:
    """``name`` ("kernel_v1", "expert_v1") as a module of ``tortuga_desktop.games.dice.ai``."""
    full = f"tortuga_desktop.games.dice.ai.{name}"
    if full in sys.modules:
        return sys.modules[full]
    if name == "expert_v1":
        load("kernel_v1")
    mod = ModuleType(full)
    mod.__package__ = "tortuga_desktop.games.dice.ai"
    mod.__file__ = f"{BEFORE_ISSUE_29}:{_SOURCES[name]}"
    sys.modules[full] = mod
    exec(compile(_source(name), mod.__file__, "exec"), mod.__dict__)
    return mod
