"""The pack's place in the pipeline: the pack's IR (what the compiler lowers Sky World text to) imports nothing of
the runtime, so that the compiler may import it. (That the core imports no game pack is
tests/test_game_packs.py::test_the_core_imports_no_game_pack.)"""

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


def test_the_sky_world_ir_imports_only_the_compilers_ir() -> None:
    imported = _imports(PACKAGE / "games" / "sky_world" / "ir.py")
    assert imported and all(i.startswith("cardscript.compiler.ir") for i in imported)
