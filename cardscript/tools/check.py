"""``cardscript check [PATH...] [--strict]``: parse, bind, check card files (default: the bundled library; ``-``:
a card on standard input) and report what the engine will not run (CS260; an error with ``--strict``). The
library's names are in scope for cards checked apart from it; each file's diagnostics come in the order of their
places."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscript.tools.common import (
    CardInputs,
    add_cache_option,
    add_color_option,
    card_inputs,
    color_wanted,
    library_names,
    out,
)

if TYPE_CHECKING:
    from cardscript.core.diagnostics import Diagnostic


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.cache import CardBuild, build_of, compile_cards, names_in, prelude_diagnostics
    from cardscript.compiler.files import STDIN_NAME, library_path, read_stdin
    from cardscript.core import diagnostics as dg
    from cardscript.core.diagnostics import format_json, format_sarif, format_text

    inputs = card_inputs(args.paths) if args.paths else CardInputs([str(library_path())], False, 0)
    names = library_names(inputs.paths)          # a card checked apart from the library knows its names
    cards: list[CardBuild] = []
    if inputs.paths:
        cards = compile_cards(inputs.paths, names=names, definitions=False)   # what check needs, without the IR
    if inputs.stdin:                             # "-": the card on standard input, with the others' names too
        given = read_stdin()
        if isinstance(given, dg.Diagnostic):
            cards.append(CardBuild(given.source, (given,)))
        else:
            from cardscript.compiler.pipeline import compile_sources  # (a warm check loads no parser)

            scope = names_in(inputs.paths)
            if names is not None:
                scope = scope.merged(names)
            cards.extend(build_of(c) for c in compile_sources([given], scope))
    diags = list(prelude_diagnostics())          # a broken keyword definition is reported too
    executable = clean = 0
    for card in cards:
        mine = by_position([*card.diagnostics, *card.lowering_diagnostics(strict=args.strict)])
        diags.extend(mine)
        executable += int(card.executable)
        clean += int(card.executable and not any(d.severity in (dg.Severity.ERROR, dg.Severity.WARNING)
                                                 for d in mine))
    if args.format == "json":
        out(format_json(diags))
    elif args.format == "sarif":
        out(format_sarif(diags))
    else:
        color = color_wanted(args)
        for d in diags:
            out(format_text(d, color))
        errors = sum(1 for d in diags if d.severity is dg.Severity.ERROR)
        warnings = sum(1 for d in diags if d.severity is dg.Severity.WARNING)
        out(f"checked {len(cards)} card(s): {executable} executable, {clean} clean, {errors} error(s), "
            f"{warnings} warning(s)")
    named = {str(Path(p)) for p in inputs.paths if not Path(p).is_dir()}
    if inputs.missing or any(card.unreadable and (str(Path(card.source.path)) in named or card.source.path ==
                                                  STDIN_NAME) for card in cards):
        return 2          # a file named on the command line does not read; one inside a folder is a diagnostic
    return 1 if any(d.severity is dg.Severity.ERROR for d in diags) else 0


def by_position(diags: list[Diagnostic]) -> list[Diagnostic]:
    """One file's diagnostics in the order of where they are (line, column), the order found kept at a place."""
    return sorted(diags, key=lambda d: d.span.start)


def register(sub: Any) -> None:
    c = sub.add_parser("check", help="check card files (default: the bundled library) and what will not run")
    c.add_argument("paths", nargs="*", metavar="PATH",
                   help="card files and folders (default: the bundled library); - reads a card on standard input")
    c.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    c.add_argument("--strict", action="store_true", help="report the parts that will not run as errors (CS261)")
    add_color_option(c)
    add_cache_option(c)
    c.set_defaults(func=run)
