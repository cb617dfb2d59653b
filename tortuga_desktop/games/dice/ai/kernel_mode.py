"""Which playout kernel runs: the compiled one (mypyc) or the pure-Python reference, never silently.

The kernel and Expert's rollout policy (``kernel.py``, ``rollout.py``) are compiled by the build
(``setup.py``: mypyc) into extension modules beside the ``.py`` files, which Python imports in their
place. The ``.py`` files are the reference: the same code, run by the interpreter.
:func:`select` (called by the ``tortuga_desktop.games.dice.ai`` package before anything imports the kernel)
takes the compiled modules when the build made them from the ``.py`` files that are there now
(their source hashes, recorded by the build in ``_kernel_build.json``), and otherwise runs the
pure-Python ones and logs why: the build could not compile them, a source changed since the build
(an editable install: ``pip install -e .`` builds them again), or they do not load.
:func:`describe` is what ``tortuga --version`` prints.

:func:`reference` loads the pure-Python kernel, rollout policy and Expert search from their sources
beside the compiled ones (tests and ``scripts/kernel_bench.py`` compare them move for move).
``TORTUGA_PURE_KERNEL=1`` in the environment runs the pure-Python kernel on purpose.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from pathlib import Path
from types import ModuleType

log = logging.getLogger(__name__)

PACKAGE = "tortuga_desktop.games.dice.ai"
#: the modules the build compiles, in import order (the rollout policy imports the kernel)
COMPILED_MODULES = ("kernel", "rollout")
#: what the build wrote about the compiled modules (setup.py's ``RECORD``)
RECORD = "_kernel_build.json"
#: set to "1": run the pure-Python kernel even where a compiled one is installed
PURE_ENV = "TORTUGA_PURE_KERNEL"

_HERE = Path(__file__).resolve().parent
#: whether the compiled kernel runs, and why not (after :func:`select`)
_state: dict[str, object] = {"selected": False, "compiled": False, "reason": "not selected yet"}


def _is_extension(origin: str | None) -> bool:
    return origin is not None and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def _read_record() -> dict[str, object] | None:
    try:
        data = json.loads((_HERE / RECORD).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        return {"compiled": False, "reason": f"the build's record {RECORD} cannot be read ({exc})"}
    return data if isinstance(data, dict) else None


def _why_not_compiled() -> str:
    """The reason the compiled modules may not run here, or "" when they may."""
    if os.environ.get(PURE_ENV) == "1":
        return f"{PURE_ENV}=1 asks for it"
    record = _read_record()
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(f"{PACKAGE}.{name}")
        if spec is None or not _is_extension(spec.origin):
            if record is not None and record.get("compiled") is False:
                return f"the build did not compile it: {record.get('reason')}"
            return "no compiled kernel is installed (pip install -e . builds it)"
        source = _HERE / f"{name}.py"
        if not source.exists():  # the one-file executable ships the compiled modules only
            continue
        sources = record.get("sources") if record is not None else None
        if not isinstance(sources, dict):
            return f"the compiled {name} module has no build record to check it against {name}.py"
        if sources.get(f"{PACKAGE}.{name}") != hashlib.sha256(source.read_bytes()).hexdigest():
            return f"{name}.py changed since the kernel was compiled (pip install -e . compiles it again)"
    return ""


def _load_source(name: str, as_name: str, replace: tuple[tuple[str, str], ...] = ()) -> ModuleType:
    """The module ``name`` of this package from its ``.py`` file, as ``as_name``; every pair of
    ``replace`` (an import line and its replacement) must occur exactly once in the source."""
    path = _HERE / f"{name}.py"
    text = path.read_text(encoding="utf-8")
    for old, new in replace:
        if text.count(old) != 1:
            raise ImportError(f"{path.name}: expected the line {old.strip()!r} once")
        text = text.replace(old, new)
    full = f"{PACKAGE}.{as_name}"
    mod = ModuleType(full)
    mod.__file__ = str(path)
    mod.__package__ = PACKAGE
    sys.modules[full] = mod
    try:
        exec(compile(text, str(path), "exec"), mod.__dict__)
    except BaseException:
        del sys.modules[full]
        raise
    return mod


def _run_pure(reason: str) -> None:
    """Put the pure-Python modules in place of compiled ones that must not run."""
    package = sys.modules[PACKAGE]
    for name in COMPILED_MODULES:
        full = f"{PACKAGE}.{name}"
        sys.modules.pop(full, None)
        spec = importlib.util.spec_from_file_location(full, _HERE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[full] = mod
        spec.loader.exec_module(mod)
        setattr(package, name, mod)
    _state.update(selected=True, compiled=False, reason=reason)


def select() -> None:
    """Choose the kernel for this process (once; the ``tortuga_desktop.games.dice.ai`` package calls it)."""
    if _state["selected"]:
        return
    reason = _why_not_compiled()
    if not reason:
        try:
            for name in COMPILED_MODULES:
                importlib.import_module(f"{PACKAGE}.{name}")
        except ImportError as exc:
            reason = f"the compiled kernel does not load ({exc})"
        else:
            _state.update(selected=True, compiled=True, reason="")
            return
    specs = [importlib.util.find_spec(f"{PACKAGE}.{name}") for name in COMPILED_MODULES]
    if any(spec is not None and _is_extension(spec.origin) for spec in specs):
        _run_pure(reason)  # compiled modules are there but must not run: load the sources explicitly
    else:
        for name in COMPILED_MODULES:
            importlib.import_module(f"{PACKAGE}.{name}")
        _state.update(selected=True, compiled=False, reason=reason)
    if os.environ.get(PURE_ENV) != "1":
        log.warning("the playout kernel runs in pure Python (Expert searches less in its time): %s", reason)


def compiled() -> bool:
    """Whether the compiled kernel runs in this process."""
    select()
    return bool(_state["compiled"])


def describe() -> str:
    """Which kernel runs, in words (``tortuga --version`` prints it)."""
    select()
    if _state["compiled"]:
        return "playout kernel: compiled (mypyc)"
    return f"playout kernel: pure Python ({_state['reason']})"


def reference() -> tuple[ModuleType, ModuleType, ModuleType]:
    """The pure-Python kernel, rollout policy and Expert search, loaded from their sources (the
    reference the compiled ones are compared with); the running ones when they are pure already."""
    select()
    if not _state["compiled"]:
        return (importlib.import_module(f"{PACKAGE}.kernel"), importlib.import_module(f"{PACKAGE}.rollout"),
                importlib.import_module(f"{PACKAGE}.expert"))
    got = sys.modules.get(f"{PACKAGE}.expert_py")
    if got is not None:
        return sys.modules[f"{PACKAGE}.kernel_py"], sys.modules[f"{PACKAGE}.rollout_py"], got
    kernel = _load_source("kernel", "kernel_py")
    rollout = _load_source("rollout", "rollout_py", (("from . import kernel as K\n", "from . import kernel_py as K\n"),))
    expert = _load_source("expert", "expert_py", (
        ("from . import kernel as K\n", "from . import kernel_py as K\n"),
        ("from .rollout import RolloutPolicy, projected_scores\n",
         "from .rollout_py import RolloutPolicy, projected_scores\n"),
    ))
    return kernel, rollout, expert


__all__ = ["COMPILED_MODULES", "PURE_ENV", "compiled", "describe", "reference", "select"]
