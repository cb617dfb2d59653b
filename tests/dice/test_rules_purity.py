"""The rules package is pure Python: no pygame, no AI, no app (STYLE habit 1; issue 2)."""

import ast
import pathlib
import subprocess
import sys

RULES = pathlib.Path(__file__).resolve().parents[2] / "tortuga_desktop" / "rules"
FORBIDDEN = ("pygame", "pygame_gui", "tortuga_desktop.games.dice.ai", "tortuga_desktop.shell", "tortuga_desktop.games.dice", "numpy")


def test_rules_import_does_not_load_pygame_or_app() -> None:
    code = (
        "import sys, tortuga_desktop.games.dice.rules as r; g = r.Game.new(4, seed=1); g.view(0); "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui', 'numpy') "
        "or m.startswith(('tortuga_desktop.games.dice.ai', 'tortuga_desktop.shell', 'tortuga_desktop.games.dice'))]; print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"rules package pulled in: {out}"


def test_rules_sources_import_only_the_standard_library_and_themselves() -> None:
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(FORBIDDEN), f"{path.name} imports {name}"
                assert name.split(".")[0] in sys.stdlib_module_names or name.startswith("tortuga_desktop.games.dice.rules"), (
                    f"{path.name} imports non-standard module {name}"
                )


def test_no_module_level_random_in_rules() -> None:
    for path in RULES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for fn in ("random.random(", "random.choice(", "random.randint(", "random.shuffle(", "random.randrange("):
            assert fn not in text, f"{path.name} uses the module-level {fn}"
