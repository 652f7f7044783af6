"""The pack's place in the pipeline: the core imports no game pack, and the pack's IR (what the compiler lowers
Sky World text to) imports nothing of the runtime, so that the compiler may import it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cardscript"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {n for n in found if n.startswith("cardscript")}


def test_the_core_imports_no_game_pack() -> None:
    games = PACKAGE / "games"
    breaches = [(str(p.relative_to(PACKAGE)), i) for p in PACKAGE.rglob("*.py") if games not in p.parents
                for i in _imports(p) if i.startswith("cardscript.games")]
    assert not breaches


def test_the_sky_world_ir_imports_only_the_compilers_ir() -> None:
    imported = _imports(PACKAGE / "games" / "sky_world" / "ir.py")
    assert imported and all(i.startswith("cardscript.compiler.ir") for i in imported)
