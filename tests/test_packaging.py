"""The package ships everything the compiler reads at run time (grammar fragments, templates, the library)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_data_file_the_package_reads_is_declared_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = config["tool"]["setuptools"]["package-data"]
    needed = {"cardscript.grammar": ["*.lark"], "cardscript.games.battle_scenes.scenario": ["*.lark"],
              "cardscript.compiler": ["*.j2"], "cardscript.games.battle_scenes": ["*.card", "*.deck", "*.kw"]}
    for package, suffixes in needed.items():
        folder = ROOT.joinpath(*package.split("."))
        files = {p for s in suffixes for p in folder.rglob(s)}
        shipped = {p for pattern in declared[package] for p in folder.glob(pattern)}   # setuptools' glob rules
        assert files, package
        assert files <= shipped, f"not declared as package data: {sorted(str(p) for p in files - shipped)}"
