"""Every command the README, CONTRIBUTING.md and docs/ name keeps working: each Python entry point they
show (``python -m scripts.X``, ``python -m tortuga_desktop.X``, ``tortuga``, ``tortuga-server``) answers
``--help``, and every ``--option`` shown with it is one its help lists. Shell scripts they name exist.

A command of a script that was removed may stay beside the results it made when the docs mark it so right
after it: ``(script removed after commit abc1234)``. Such a script must really be gone; its command is not
asked for ``--help``.

All entry points answer ``--help`` in one interpreter (their imports are shared), so the test stays short.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
#: installed commands -> their entry point (pyproject.toml's scripts)
_PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
ENTRY_POINTS: dict[str, str] = {**_PYPROJECT["scripts"], **_PYPROJECT["gui-scripts"]}
#: modules whose ``--game`` chooses another parser (Tortuga 1667's): their help is asked with it
GAME_DISPATCH = ("tortuga_desktop.arena", "tortuga_desktop.sim", "scripts.frame_bench")

_SPAN = re.compile(r"```[a-z]*\n(.*?)```|`([^`]+)`", re.S)
_COMMAND = re.compile(r"python3? -m ((?:scripts|tortuga_desktop)(?:\.\w+)+)|(?:^|(?<=[\s/]))(tortuga-server|tortuga)(?=\s|$)")
_END = re.compile(r"&&|;| \| |\n")
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
_SHELL_SCRIPT = re.compile(r"scripts/\w+\.sh")
#: the mark right after a removed script's command (outside its backticks)
_REMOVED = re.compile(r"\s*\(script\s+removed\s+after\s+commit\s+[0-9a-f]{7,40}\)")


@dataclass(frozen=True)
class Invocation:
    target: str  # "module" for python -m, or "module:function" for an installed command
    prefix: tuple[str, ...]  # arguments before --help (``--game 1667`` for the dispatching modules)


def _spans(text: str) -> list[tuple[str, bool]]:
    """Each code span and block of ``text``, and whether the removed-script mark follows it."""
    return [(" ".join((m.group(1) or m.group(2)).split()) if m.group(2) else m.group(1),
             _REMOVED.match(text, m.end()) is not None) for m in _SPAN.finditer(text)]


def removed_commands() -> dict[str, set[str]]:
    """Each module of a command the docs mark as removed -> the doc files that show it."""
    found: dict[str, set[str]] = {}
    for doc in DOCS:
        for span, removed in _spans(doc.read_text(encoding="utf-8")):
            if removed:
                for m in _COMMAND.finditer(span):
                    found.setdefault(m.group(1) or ENTRY_POINTS[m.group(2)], set()).add(doc.name)
    return found


def documented_commands() -> dict[Invocation, dict[str, set[str]]]:
    """Each entry point named in the docs (not marked removed) -> {doc file: the options shown with it there}."""
    found: dict[Invocation, dict[str, set[str]]] = {}
    for doc in DOCS:
        for span, removed in _spans(doc.read_text(encoding="utf-8")):
            if removed:
                continue
            starts = list(_COMMAND.finditer(span))
            for i, m in enumerate(starts):
                end = starts[i + 1].start() if i + 1 < len(starts) else len(span)
                stop = _END.search(span, m.end(), end)
                segment = span[m.end(): stop.start() if stop else end]
                target = m.group(1) or ENTRY_POINTS[m.group(2)]
                options = set(_OPTION.findall(segment))
                prefix: tuple[str, ...] = ()
                game = re.search(r"--game[ =](\w+)", segment)
                if target in GAME_DISPATCH and game is not None:
                    prefix = ("--game", game.group(1))
                    options.discard("--game")
                found.setdefault(Invocation(target, prefix), {}).setdefault(doc.name, set()).update(options)
    return found


_RUNNER = r"""
import contextlib, importlib, io, json, runpy, sys
results = {}
for key, target, prefix in json.load(sys.stdin):
    out = io.StringIO()
    code = None
    argv = [*prefix, "--help"]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            if ":" in target:
                module, func = target.split(":")
                sys.argv = [module, *argv]
                code = getattr(importlib.import_module(module), func)(argv)
            else:
                sys.argv = [target, *argv]
                runpy.run_module(target, run_name="__main__", alter_sys=True)
                code = "returned without exiting: no --help"
    except SystemExit as exc:
        code = exc.code
    except BaseException as exc:
        code = f"{type(exc).__name__}: {exc}"
    results[key] = {"code": code, "help": out.getvalue()}
print("\x00" + json.dumps(results))
"""


def _help_texts(invocations: list[Invocation]) -> dict[str, dict[str, object]]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    env.setdefault("TORTUGA_HOME", str(ROOT / ".no-home"))
    jobs = [[repr(inv), inv.target, list(inv.prefix)] for inv in invocations]
    done = subprocess.run([sys.executable, "-c", _RUNNER], input=json.dumps(jobs), capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=240)
    assert "\x00" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]
    results: dict[str, dict[str, object]] = json.loads(done.stdout.rsplit("\x00", 1)[1])
    return results


def test_the_docs_name_commands() -> None:
    found = documented_commands()
    targets = {inv.target for inv in found}
    assert {"tortuga_desktop.shell.main:main", "tortuga_desktop.net.server:main", "tortuga_desktop.arena",
            "tortuga_desktop.sim", "scripts.net_bench", "scripts.frame_bench"} <= targets, sorted(targets)
    assert Invocation("tortuga_desktop.arena", ("--game", "1667")) in found


def test_every_documented_command_takes_help_and_the_options_shown() -> None:
    found = documented_commands()
    results = _help_texts(sorted(found, key=repr))
    problems: list[str] = []
    for inv, by_doc in sorted(found.items(), key=lambda kv: repr(kv[0])):
        result = results[repr(inv)]
        text = str(result["help"])
        name = " ".join([inv.target, *inv.prefix])
        if result["code"] not in (0, None) or "usage:" not in text:
            problems.append(f"{name} --help: exit {result['code']!r}: {text[-300:]}")
            continue
        listed = set(_OPTION.findall(text))
        for doc, options in sorted(by_doc.items()):
            missing = sorted(options - listed)
            if missing:
                problems.append(f"{doc}: {name} does not take {', '.join(missing)}")
    assert not problems, "\n".join(problems)


def test_a_command_marked_removed_names_a_script_that_is_gone() -> None:
    removed = removed_commands()
    assert "scripts.frame_bench_1667" in removed, sorted(removed)
    still_there = sorted(f"{module} ({', '.join(sorted(docs))})" for module, docs in removed.items()
                         if not module.startswith("scripts.")
                         or (ROOT / (module.replace(".", "/") + ".py")).exists())
    assert not still_there, f"marked removed, but still there: {still_there}"


def test_the_removed_mark_excuses_only_the_command_it_follows() -> None:
    text = ("`python -m scripts.gone --old` (script removed after commit a4e088d) and "
            "`python -m scripts.net_bench --tables 5` (script removed later) and `python -m scripts.also_gone` "
            "(script removed after commit xyz)")
    assert [removed for _span, removed in _spans(text)] == [True, False, False]


def test_shell_scripts_the_docs_name_exist() -> None:
    named = {m.group(0) for doc in DOCS for m in _SHELL_SCRIPT.finditer(doc.read_text(encoding="utf-8"))}
    assert "scripts/wheel_check.sh" in named
    missing = sorted(path for path in named if not (ROOT / path).is_file())
    assert not missing, missing
