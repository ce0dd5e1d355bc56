"""The layers talk downwards, through public names: a test of the package's shape.

engine -> strategy -> study, widget (and the package's top level above them all). The engine
imports nothing above it, not even inside a function (the SVG picture, drawn on request as
python-chess draws its Board, is the one allowed exception), and no module outside the
engine reads or writes a private name of an engine object.
"""

from __future__ import annotations

import ast
from pathlib import Path

import yukon_widget

PACKAGE = Path(yukon_widget.__file__).parent
ENGINE = PACKAGE / "engine"
LAYERS = {"engine": 0, "strategy": 1, "study": 2, "widget": 2}
ALLOWED_UPWARD = {("engine/game.py", "picture")}  # Game._repr_svg_ and Game.show


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "static" not in p.parts)


def _layer(path: Path) -> str | None:
    rel = path.relative_to(PACKAGE).parts
    return rel[0] if len(rel) > 1 and rel[0] in LAYERS else None


def _imported(path: Path, node: ast.ImportFrom) -> str | None:
    """The package-level module an import names (``strategy``, ``picture``...), or None."""
    if node.level == 0:
        parts = (node.module or "").split(".")
        return parts[1] if parts[0] == "yukon_widget" and len(parts) > 1 else None
    here = path.relative_to(PACKAGE).parent.parts
    base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
    target = [*base, *(node.module or "").split(".")] if node.module else list(base)
    if not target or not target[0]:
        names = [a.name for a in node.names]
        return names[0] if len(names) == 1 else None
    return target[0]


def test_no_layer_imports_a_layer_above_it():
    wrong = []
    for path in _modules():
        layer = _layer(path)
        if layer is None:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            target = _imported(path, node)
            rel = str(path.relative_to(PACKAGE))
            if (target in LAYERS and LAYERS[target] > LAYERS[layer]) or (
                layer == "engine"
                and target not in (None, "engine", *LAYERS)
                and (rel, target) not in ALLOWED_UPWARD
            ):
                wrong.append(f"{rel}:{node.lineno} imports {target}")
    assert not wrong, "imports that point upward:\n" + "\n".join(wrong)


def _engine_private_names() -> set[str]:
    """Private names the engine's classes define: ``self._x = ...`` and ``def _x`` in a
    class body, and ``__slots__`` entries."""
    names: set[str] = set()
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for node in ast.walk(cls):
                if isinstance(node, ast.FunctionDef) and _private(node.name):
                    names.add(node.name)
                elif (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "self"
                    and _private(node.attr)
                ):
                    names.add(node.attr)
                elif (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and _private(node.value)
                    and node.value.isidentifier()
                ):
                    names.add(node.value)
    return names


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_nothing_outside_the_engine_touches_its_private_names():
    private = _engine_private_names()
    assert {"_board", "_line", "_redo", "_ck"} <= private  # the scan sees what it guards
    reach = []
    for path in _modules():
        if ENGINE in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute) or node.attr not in private:
                continue
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            reach.append(f"{path.relative_to(PACKAGE)}:{node.lineno} .{node.attr}")
    assert not reach, "private engine names used outside the engine:\n" + "\n".join(reach)


def test_importing_the_package_loads_the_engine_alone():
    """Scripts and solver workers that never ask for a hint import only the engine."""
    import subprocess
    import sys

    code = (
        "import sys, yukon_widget; "
        "print(sorted(m for m in sys.modules if m.startswith('yukon_widget.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(out.stdout)  # a list of module names printed by the child
    assert loaded and all(
        m.startswith(("yukon_widget.engine", "yukon_widget.game")) for m in loaded
    )
