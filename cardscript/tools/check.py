"""``cardscript check [PATH...]``: parse, bind and check card files (default: the bundled library)."""

from __future__ import annotations

import argparse
from typing import Any

from cardscript.compiler import diagnostics as dg
from cardscript.compiler.diagnostics import format_json, format_sarif, format_text
from cardscript.compiler.pipeline import compile_paths, library_path
from cardscript.tools.common import diagnostics_of, out


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.prelude import load_prelude

    paths = args.paths or [str(library_path())]
    cards = compile_paths(paths)
    diags = [*load_prelude().diagnostics, *diagnostics_of(cards)]   # a broken keyword definition is reported too
    if args.format == "json":
        out(format_json(diags))
    elif args.format == "sarif":
        out(format_sarif(diags))
    else:
        for d in diags:
            out(format_text(d))
        errors = sum(1 for d in diags if d.severity is dg.Severity.ERROR)
        warnings = sum(1 for d in diags if d.severity is dg.Severity.WARNING)
        ok = sum(1 for c in cards if c.ok)
        out(f"checked {len(cards)} card(s): {ok} clean, {errors} error(s), {warnings} warning(s)")
    return 1 if any(d.severity is dg.Severity.ERROR for d in diags) else 0


def register(sub: Any) -> None:
    c = sub.add_parser("check", help="check card files (default: the bundled library)")
    c.add_argument("paths", nargs="*")
    c.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    c.set_defaults(func=run)
