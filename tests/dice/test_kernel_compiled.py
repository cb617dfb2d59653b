"""The compiled kernel (issue 29): it runs, it says so, and it plays exactly as the pure-Python reference.

The build compiles ``ai/kernel.py`` and ``ai/rollout.py`` with mypyc; the ``.py`` files stay the
reference (:func:`tortuga_desktop.games.dice.ai.kernel_mode.reference` loads them from source). Here both play
the same seeded games and rollouts and must agree on every decision, every round-end state (random
sources included), every projected score and every Expert decision (the projection itself is
checked against Hard's in ``tests/dice/test_rollout.py``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tortuga_desktop.games.dice.ai import expert as E
from tortuga_desktop.games.dice.ai import kernel as K
from tortuga_desktop.games.dice.ai import kernel_mode
from tortuga_desktop.games.dice.ai import rollout as R
from tortuga_desktop.games.dice.rules import Game

PURE_ASKED = os.environ.get(kernel_mode.PURE_ENV) == "1"
needs_compiled = pytest.mark.skipif(not kernel_mode.compiled(), reason="the compiled kernel does not run here "
                                    "(test_the_compiled_kernel_runs says why)")


def test_the_compiled_kernel_runs() -> None:
    """The README's set-up builds the compiled kernel; without it the test says why (a build that
    could not compile, or sources changed since: ``pip install -e .`` again)."""
    if PURE_ASKED:
        pytest.skip(f"{kernel_mode.PURE_ENV}=1 asks for the pure-Python kernel")
    assert kernel_mode.compiled(), kernel_mode.describe()
    assert K.__file__ is not None and not K.__file__.endswith(".py")
    assert R.K is K


def _pair() -> tuple[Any, Any, Any]:
    return kernel_mode.reference()


def _rollout_trace(Km: Any, Rm: Any, seed: int, players: int, model: bool, opp: float, first: int,
                   rounds: int) -> tuple[list[Any], dict[str, Any], list[float]]:
    """A game started with the random policy for ``first`` rounds, then a rollout as Expert plays
    it: every decision, every round-end state, the final state and the projected scores."""
    k = Km.new_game(players, seed)
    Km.playout(k, Km.RandomPolicy(random.Random(seed + 1)), max_rounds=first)
    if k.over:
        return [], Km.snapshot(k), []
    k = k.copy(random.Random(seed * 3))
    policy = Rm.RolloutPolicy(random.Random(), seed % players, opp, model)
    policy.reseed(seed * 7)
    trace: list[Any] = []
    Km.playout(k, policy, rounds, trace=trace)
    return trace, Km.snapshot(k), Rm.projected_scores(k)


@needs_compiled
@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_rollouts_equal_the_reference_move_for_move(players: int) -> None:
    kernel_py, rollout_py, _ = _pair()
    decisions = 0
    for seed in range(60):
        model = seed % 2 == 0
        opp = (1.0, 0.5)[seed % 3 == 0]
        rounds = 2 if seed % 4 else K.MAX_ROUNDS
        args = (seed, players, model, opp, seed % 5, rounds)
        fast = _rollout_trace(K, R, *args)
        ref = _rollout_trace(kernel_py, rollout_py, *args)
        assert fast == ref, (seed, players)
        decisions += sum(1 for t in fast[0] if t[0] != "round")
    assert decisions > 1000  # the rollouts really made decisions


@needs_compiled
def test_compiled_random_games_equal_the_reference() -> None:
    """The general state machine (options, apply) and the random playouts, game for game."""
    kernel_py = _pair()[0]
    for seed in range(40):
        players = 2 + seed % 3
        a, b = K.new_game(players, seed), kernel_py.new_game(players, seed)
        K.random_playout(a, random.Random(seed))
        kernel_py.random_playout(b, random.Random(seed))
        assert K.snapshot(a) == kernel_py.snapshot(b), seed
        a, b = K.new_game(players, seed), kernel_py.new_game(players, seed)
        ta: list[Any] = []
        tb: list[Any] = []
        K.playout(a, K.RandomPolicy(random.Random(seed)), trace=ta)
        kernel_py.playout(b, kernel_py.RandomPolicy(random.Random(seed)), trace=tb)
        assert ta == tb, seed


def _views(players: int, seed: int, count: int) -> list[Any]:
    """Seat 0's views at its decisions with a choice, from a game between Normal bots."""
    from tortuga_desktop.games.dice.ai import make_bot

    g = Game.new(players, seed, log=False)
    bots = [make_bot("normal", seed + s) for s in range(players)]
    out = []
    i = 0
    while not g.is_over and len(out) < count:
        d = g.pending()[0]
        if d.seat == 0 and len(g.legal_actions(0)) > 1:
            if i % 4 == 0:
                out.append(g.view(0))
            i += 1
        g.apply(d.seat, bots[d.seat].decide(g.view(d.seat)).action)
    return out


@needs_compiled
@pytest.mark.parametrize("players", [2, 4])
def test_expert_decides_the_same_with_the_compiled_kernel(players: int) -> None:
    """Expert's search on fixed seeds: the same candidates, numbers and choice with either kernel
    (no time cap: the worlds are fixed)."""
    expert_py = _pair()[2]
    think = E.THINK["fast"]
    views = _views(players, 900 + players, 6)
    assert len(views) == 6
    searched = 0
    for i, view in enumerate(views):
        _, _, fast = E.search(view, 50 + i, think, budget_s=1e9)
        _, _, ref = expert_py.search(view, 50 + i, expert_py.THINK["fast"], budget_s=1e9)
        assert (fast.candidates, fast.wins, fast.margins, fast.played, fast.best) == \
            (ref.candidates, ref.wins, ref.margins, ref.played, ref.best), i
        searched += fast.worlds >= 8
    assert searched >= 3  # most decisions were searched over many worlds


# ---------------------------------------------------------------- which kernel runs, and saying so
def test_a_source_changed_since_the_build_is_not_run_silently(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build records its sources' hashes; a compiled module whose ``.py`` changed since is
    stale, and the reason says what to do."""
    if not kernel_mode.compiled():
        pytest.skip("no compiled kernel here: " + kernel_mode.describe())
    here = Path(kernel_mode.__file__).parent
    for name in ("kernel.py", "rollout.py", kernel_mode.RECORD):
        (tmp_path / name).write_bytes((here / name).read_bytes())
    monkeypatch.delenv(kernel_mode.PURE_ENV, raising=False)
    monkeypatch.setattr(kernel_mode, "_HERE", tmp_path)
    assert kernel_mode._why_not_compiled() == ""
    with (tmp_path / "rollout.py").open("a", encoding="utf-8") as f:
        f.write("# changed\n")
    assert "rollout.py changed since the kernel was compiled" in kernel_mode._why_not_compiled()
    (tmp_path / kernel_mode.RECORD).unlink()
    assert "no build record" in kernel_mode._why_not_compiled()


def test_a_build_that_could_not_compile_gives_its_reason(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(kernel_mode.PURE_ENV, raising=False)
    monkeypatch.setattr(kernel_mode, "_HERE", tmp_path)
    monkeypatch.setattr(kernel_mode.importlib.util, "find_spec", lambda name: None)
    assert "no compiled kernel is installed" in kernel_mode._why_not_compiled()
    (tmp_path / kernel_mode.RECORD).write_text(json.dumps({"compiled": False, "reason": "no C compiler"}))
    assert kernel_mode._why_not_compiled() == "the build did not compile it: no C compiler"


def _version(env: dict[str, str]) -> str:
    out = subprocess.run([sys.executable, "-m", "tortuga_desktop", "--version"], capture_output=True, text=True,
                         timeout=120, env={**os.environ, **env}, check=True)
    return out.stdout


def test_version_says_which_kernel_runs() -> None:
    text = _version({kernel_mode.PURE_ENV: "1"})
    assert f"playout kernel: pure Python ({kernel_mode.PURE_ENV}=1 asks for it)" in text
    if kernel_mode.compiled():
        assert "playout kernel: compiled (mypyc)" in _version({kernel_mode.PURE_ENV: "0"})


def test_asking_for_the_pure_kernel_loads_the_sources_in_place_of_the_compiled_ones() -> None:
    code = ("import random\n"
            "from tortuga_desktop.games.dice.ai import kernel as K, rollout as R, expert as E, kernel_mode\n"
            "assert K.__file__.endswith('kernel.py') and R.__file__.endswith('rollout.py'), (K.__file__, R.__file__)\n"
            "assert R.K is K and E.K is K and E.RolloutPolicy is R.RolloutPolicy\n"
            "k = K.new_game(4, 3); K.playout(k, R.RolloutPolicy(random.Random(1)))\n"
            "assert k.over and not kernel_mode.compiled()\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120,
                   env={**os.environ, kernel_mode.PURE_ENV: "1"})
