"""Package discovery and the compiled kernel for setuptools; everything else is declared in pyproject.toml.

Every package under ``tortuga_desktop/`` is found automatically (a new sub-package can never be left out of
the wheel), and ``assets/`` is added as ``tortuga_desktop.assets`` (mapped in pyproject.toml's package-dir).

The playout kernel and Expert's rollout policy (``tortuga_desktop/games/dice/ai/kernel.py`` and ``rollout.py``) are
compiled with mypyc (a build dependency in pyproject.toml: mypy ships it; the machine needs a C compiler
and Python's headers). The ``.py`` files stay as they are: the pure-Python reference, which the program runs
when there is no compiled module. A build that cannot compile them still installs, runs on the pure-Python
kernel and says so loudly: the build prints why, writes the reason beside the package
(``tortuga_desktop/games/dice/ai/_kernel_build.json``) and ``tortuga --version`` prints it
(:mod:`tortuga_desktop.games.dice.ai.kernel_mode`). ``TORTUGA_PURE_KERNEL=1`` builds without compiling.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import traceback
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: the modules compiled with mypyc, as paths from the repository root
COMPILED = ("tortuga_desktop/games/dice/ai/kernel.py", "tortuga_desktop/games/dice/ai/rollout.py")
#: what the build wrote about the compiled kernel, beside the ``tortuga_desktop.games.dice.ai`` package's modules
RECORD = "_kernel_build.json"
#: the name of mypyc's shared library for the compiled modules (build.spec names it for PyInstaller)
GROUP = "tortuga_kernel"


def _why(exc: BaseException) -> str:
    """An exception in a few words for the record (a compiler's whole command line is in the build log)."""
    if isinstance(exc, SystemExit):  # mypyc stops on type errors, after printing them
        return "it stopped on errors that the build's output lists"
    text = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return text if len(text) <= 160 else text[:157] + "..."


def _say(text: str) -> None:
    bar = "!" * 78
    print(f"\n{bar}\n{text}\n{bar}\n", file=sys.stderr, flush=True)


def _sources() -> dict[str, str]:
    """Every compiled module's source hash (the program compares them with the ``.py`` beside it)."""
    out = {}
    for path in COMPILED:
        module = path[:-3].replace("/", ".")
        out[module] = hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
    return out


def _mypyc_extensions() -> tuple[list[Extension], str]:
    """The extensions mypyc makes of :data:`COMPILED` (type-checks and writes the C code), or none and why."""
    if os.environ.get("TORTUGA_PURE_KERNEL") == "1":
        return [], "built without compiling (TORTUGA_PURE_KERNEL=1)"
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        return [], f"mypyc is not installed in the build environment ({exc})"
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypyc writes its C files under build/ and finds the modules from here
    try:
        return list(mypycify(list(COMPILED), opt_level="3", group_name=GROUP)), ""
    except BaseException as exc:  # noqa: BLE001 - a type error or a crash in mypyc: build the pure kernel
        if isinstance(exc, KeyboardInterrupt):
            raise
        traceback.print_exc()
        return [], f"mypyc could not translate the kernel ({_why(exc)})"
    finally:
        os.chdir(cwd)


class BuildKernel(build_ext):
    """Compiles the kernel's C code; when the compiler fails, the package is built without it (loudly)."""

    failed = ""

    def run(self) -> None:
        inplace = self.inplace  # setuptools builds in the build folder, then copies in place
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler, no headers, a compile error: the pure kernel runs
            traceback.print_exc()
            self.failed = f"the C compiler could not build the kernel ({_why(exc)})"
            self._remove_built()
        self.inplace = inplace
        self._record()

    def _remove_built(self) -> None:
        """No compiled module of this build, nor of an earlier one, stays (in the build folder or in place)."""
        keep = self.inplace
        for self.inplace in (0, 1):
            for ext in self.extensions:
                path = Path(self.get_ext_fullpath(ext.name))
                if path.exists():
                    path.unlink()
        self.inplace = keep

    def _record(self) -> None:
        if self.failed or not self.extensions:
            reason = self.failed or WHY_NOT
            _say(f"tortuga-desktop: the kernel is NOT compiled: {reason}.\n"
                 "The game runs on the pure-Python kernel (slower search); `tortuga --version` says so.")
            record: dict[str, Any] = {"compiled": False, "reason": reason}
        else:
            record = {"compiled": True, "sources": _sources()}
        # beside the compiled modules: in the package folder for an editable install (in place),
        # in the build folder for a wheel
        kernel = self.get_ext_fullpath("tortuga_desktop.games.dice.ai.kernel")
        path = Path(kernel).parent / RECORD
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


class BuildPy(build_py):
    """Without extensions build_ext does not run: the record of why is written here, and compiled
    modules an earlier build left in place are removed (they no longer match the sources)."""

    def run(self) -> None:
        super().run()
        if EXTENSIONS:
            return
        folders = [Path(self.build_lib) / "tortuga_desktop" / "ai"]
        if getattr(self, "editable_mode", False):
            folders.append(ROOT / "tortuga_desktop" / "ai")
            for path in [*ROOT.glob(f"{GROUP}__mypyc.*"), *(ROOT / "tortuga_desktop" / "ai").glob("*.*")]:
                if path.name.endswith(tuple(EXTENSION_SUFFIXES)) and path.name.split(".")[0] in (
                        "kernel", "rollout", f"{GROUP}__mypyc"):
                    path.unlink()
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / RECORD).write_text(json.dumps({"compiled": False, "reason": WHY_NOT}, indent=1) + "\n",
                                         encoding="utf-8")


EXTENSIONS, WHY_NOT = _mypyc_extensions()
if not EXTENSIONS:
    _say(f"tortuga-desktop: the kernel is NOT compiled: {WHY_NOT}.\n"
         "The game runs on the pure-Python kernel (slower search); `tortuga --version` says so.")

setup(
    packages=[*find_packages(include=["tortuga_desktop", "tortuga_desktop.*"]), "tortuga_desktop.assets"],
    ext_modules=EXTENSIONS,
    cmdclass={"build_ext": BuildKernel, "build_py": BuildPy},
)
