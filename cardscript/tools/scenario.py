"""``cardscript scenario FILE|DIR...``: run scenario files on the engine (docs/scenarios.md).

Each branch of each file is built, played and checked: PASS, FAIL (with what the engine did instead), CANNOT (a
card text the engine does not run was reached), ERROR (a decision the file does not answer...), INVALID (the file
has diagnostics); XFAIL / XPASS for a known failure (``falha conhecida:``) that fails / passes. Exit 0 only when
every branch passes or is an XFAIL (``--allow-cannot``: or a CANNOT); 1 otherwise; 2 when a file cannot be read
or no file is found. ``--library DIR`` (repeatable) adds the card files of DIR to the bundled library.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cardscript.tools.common import UsageError, add_cache_option, add_library_option, err, library_folders, out

SUFFIX = ".scn"


def scenario_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The ``.scn`` files named or under the folders named (sorted), and the paths that are neither."""
    found: list[Path] = []
    missing: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found.extend(sorted(path.rglob(f"*{SUFFIX}")))
        elif path.exists():
            found.append(path)
        else:
            missing.append(p)
    return found, missing


def run_file(path: Path, index: Any) -> Any:
    from cardscript.compiler.textfile import UnreadableFile, read_text
    from cardscript.core import diagnostics as dg
    from cardscript.core.diagnostics import Diagnostic
    from cardscript.core.source import SourceFile, Span
    from cardscript.games.battle_scenes.scenario.check import check_scenario
    from cardscript.games.battle_scenes.scenario.parser import parse_scenario
    from cardscript.games.battle_scenes.scenario.report import FileResult
    from cardscript.games.battle_scenes.scenario.run import run_plan

    try:
        source = SourceFile(str(path), read_text(path, "scenario file"))
    except UnreadableFile as exc:
        empty = SourceFile(str(path), "")
        return FileResult(str(path), None, diagnostics=[Diagnostic(dg.E_IO, f"cannot read the scenario: {exc.why}",
                                                                   Span(0, 0), empty)], unreadable=True)
    tree, diags = parse_scenario(source)
    result = FileResult(str(path), source, diagnostics=list(diags))
    if tree is None:
        result.not_run = ["principal"]
        return result
    checked = check_scenario(tree, index)
    result.title = checked.title
    result.diagnostics = checked.diagnostics
    result.not_run = [name for name, _ in checked.broken]
    result.branches = [run_plan(plan, source) for plan in checked.plans]
    return result


def run(args: argparse.Namespace) -> int:
    from cardscript.games.battle_scenes.scenario.cards import library_index
    from cardscript.games.battle_scenes.scenario.report import counts, text_report

    files, missing = scenario_files(args.paths)
    for m in missing:
        err(f"{m}: no such file or folder")
    if not files:
        err("no scenario file (*.scn) found")
        return 2
    try:
        folders = library_folders(args)
    except UsageError as exc:
        err(str(exc))
        return 2
    index = library_index(folders)
    results = [run_file(f, index) for f in files]
    if args.json:
        out(json.dumps({"files": [r.to_dict() for r in results], "counts": dict(counts(results))},
                       ensure_ascii=False, indent=2))
    else:
        for line in text_report(results, trace=not args.quiet):
            out(line)
    if missing or any(r.unreadable for r in results):
        return 2
    return exit_code(results, args.allow_cannot)


def exit_code(results: list[Any], allow_cannot: bool = False) -> int:
    """0 when every branch is a PASS or an XFAIL (``allow_cannot``: or a CANNOT), else 1."""
    from cardscript.games.battle_scenes.scenario.run import CANNOT, GOOD

    good = (*GOOD, CANNOT) if allow_cannot else GOOD
    return 0 if all(v in good for r in results for v in r.verdicts) else 1


def register(sub: Any) -> None:
    p = sub.add_parser("scenario", help="run scenario files (.scn): a board, moves, expectations (docs/scenarios.md)")
    p.add_argument("paths", nargs="+", metavar="FILE|DIR")
    add_library_option(p, "add the card files of DIR to the bundled library (repeatable)")
    add_cache_option(p)
    p.add_argument("--json", action="store_true", help="the results as JSON")
    p.add_argument("--quiet", "-q", action="store_true", help="verdicts only, no trace")
    p.add_argument("--allow-cannot", action="store_true",
                   help="exit 0 also with CANNOT branches (a card text the engine does not run yet), as for the "
                        "rulings: they are counted, not failures")
    p.set_defaults(func=run)
