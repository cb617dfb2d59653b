"""The examples in the rules package's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

RULES = pathlib.Path(__file__).resolve().parents[2] / "tortuga_desktop" / "rules"


@pytest.mark.parametrize("name", sorted(p.stem for p in RULES.glob("*.py") if p.stem != "__init__"))
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"tortuga_desktop.games.dice.rules.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0
