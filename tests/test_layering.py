"""The layout shows the pipeline and imports flow one way (vision, "Code people want to live in"): the grammar does
not import the compiler, the compiler does not import the engine, the engine does not import the games' packs,
a pack does not import the tools. Every
import of every module is read (at the top, inside functions, under TYPE_CHECKING)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cardscript"

# what each layer may not import (the layers after it): the language core (core, grammar, compiler), the engine's
# shared part (engine: the Effects Tree, the event log, decisions), the game packs (games: each game's engine,
# library, prelude...), then the applications (the commands, the editor server, the CLI, the Python API)
FORBIDDEN = {
    "core": {"grammar", "compiler", "engine", "games", "tools", "lsp", "cli", "api"},
    "grammar": {"compiler", "engine", "games", "tools", "lsp", "cli", "api"},
    "compiler": {"engine", "games", "tools", "lsp", "cli", "api"},
    "engine": {"games", "tools", "lsp", "cli", "api"},
    "games": {"tools", "lsp", "cli", "api"},
}
# inside a pack, its engine does not import what is built on it (Battle Scenes' scenario files)
FORBIDDEN_IN_PACK = {"games.battle_scenes.runtime": {"games.battle_scenes.scenario"}}

# Known, older breaches, to be removed (issue 14 moves the header's vocabulary out of the compiler, into the
# game packs): the grammar's card-file reader and the keyword lines of the sentence parser. A new breach fails; one
# fixed is to be taken off this list.
KNOWN = {
    ("grammar.card_file", "compiler.header"), ("grammar.card_file", "compiler.vocabulary"),
    ("grammar.parser", "compiler.prelude"),
}


def _imports(path: Path) -> set[str]:
    """The ``cardscript.*`` modules a file imports, without the ``cardscript.`` prefix."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found.update(n.removeprefix("cardscript.") for n in names if n == "cardscript" or n.startswith("cardscript."))
    return found


def _breaches() -> set[tuple[str, str]]:
    out: set[tuple[str, str]] = set()
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        layer = module.split(".")[0]
        inner = next((v for k, v in FORBIDDEN_IN_PACK.items() if module.startswith(k + ".")), set())
        for imported in _imports(path):
            if imported.split(".")[0] in FORBIDDEN.get(layer, set()) or any(
                    imported == f or imported.startswith(f + ".") for f in inner):
                out.add((module, imported))
    return out


def test_imports_flow_one_way() -> None:
    new = _breaches() - KNOWN
    assert not new, "imports against the pipeline's direction: " + ", ".join(f"{a} -> {b}" for a, b in sorted(new))


def test_the_known_breaches_are_still_there() -> None:
    """When one is fixed, take it off :data:`KNOWN` so that it cannot come back."""
    assert _breaches() >= KNOWN


def test_the_check_reads_function_level_imports() -> None:
    """grammar.parser imports the prelude inside a function: it is seen."""
    assert "compiler.prelude" in _imports(PACKAGE / "grammar" / "parser.py")
