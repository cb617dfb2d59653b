"""The examples in the 1667 engine's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

RULES = pathlib.Path(__file__).resolve().parents[2] / "tortuga_desktop" / "t1667" / "rules"


@pytest.mark.parametrize("name", sorted(p.stem for p in RULES.glob("*.py")))
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"tortuga_desktop.games.t1667.rules.{name}" if name != "__init__"
                                     else "tortuga_desktop.games.t1667.rules")
    result = doctest.testmod(module)
    assert result.failed == 0
