"""``cardscript check [PATH...] [--strict]``: parse, bind, check card files (default: the bundled library) and
report what the engine will not run (CS260; an error with ``--strict``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardscript.tools.common import add_cache_option, out


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler import diagnostics as dg
    from cardscript.compiler.cache import compile_cards, prelude_diagnostics
    from cardscript.compiler.diagnostics import format_json, format_sarif, format_text
    from cardscript.compiler.files import library_path

    paths = args.paths or [str(library_path())]
    cards = compile_cards(paths, definitions=False)      # what check needs, without the IR
    diags = list(prelude_diagnostics())          # a broken keyword definition is reported too
    executable = clean = 0
    for card in cards:
        mine = [*card.diagnostics, *card.lowering_diagnostics(strict=args.strict)]
        diags.extend(mine)
        executable += int(card.executable)
        clean += int(card.executable and not any(d.severity in (dg.Severity.ERROR, dg.Severity.WARNING)
                                                 for d in mine))
    if args.format == "json":
        out(format_json(diags))
    elif args.format == "sarif":
        out(format_sarif(diags))
    else:
        for d in diags:
            out(format_text(d))
        errors = sum(1 for d in diags if d.severity is dg.Severity.ERROR)
        warnings = sum(1 for d in diags if d.severity is dg.Severity.WARNING)
        out(f"checked {len(cards)} card(s): {executable} executable, {clean} clean, {errors} error(s), "
            f"{warnings} warning(s)")
    named = {str(Path(p)) for p in args.paths if not Path(p).is_dir()}
    if any(card.unreadable and str(Path(card.source.path)) in named for card in cards):
        return 2          # a file named on the command line does not read; one inside a folder is a diagnostic
    return 1 if any(d.severity is dg.Severity.ERROR for d in diags) else 0


def register(sub: Any) -> None:
    c = sub.add_parser("check", help="check card files (default: the bundled library) and what will not run")
    c.add_argument("paths", nargs="*")
    c.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    c.add_argument("--strict", action="store_true", help="report the parts that will not run as errors (CS261)")
    add_cache_option(c)
    c.set_defaults(func=run)
