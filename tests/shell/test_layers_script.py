"""``python -m scripts.layers``: the wrong-way imports it counts are real import statements."""

from __future__ import annotations

from pathlib import Path

from scripts.layers import figures


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "tortuga_desktop" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_each_kind_of_wrong_way_import_is_counted(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "__init__.py": "", "levels.py": "", "games/__init__.py": "", "games/dice/__init__.py": "",
        "games/dice/rules.py": "", "net/__init__.py": "", "shell/__init__.py": "",
        "net/server.py": "def f():\n    from tortuga_desktop.games.dice import rules\n",
        "shell/a.py": "from tortuga_desktop.net import server\nfrom tortuga_desktop import levels\n",
        "shell/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tortuga_desktop.games.dice import rules\n",
    })
    out = figures(root)
    assert out["by_kind"] == {"net into a game": 1, "shell into the game-aware network layer": 1,
                              "shell into the per-game level lists": 1}
    assert out["wrong_way_imports"] == 3


def test_a_network_layer_that_knows_no_game_makes_the_shell_s_imports_of_it_right(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "__init__.py": "", "games/__init__.py": "", "net/__init__.py": "", "net/server.py": "import json\n",
        "shell/__init__.py": "", "shell/a.py": "from tortuga_desktop.net import server\n",
    })
    assert figures(root)["wrong_way_imports"] == 0
