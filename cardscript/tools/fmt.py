"""``cardscript fmt [--check] PATH...``: rewrite card files in canonical form, never changing what they mean
(:mod:`cardscript.compiler.formatting` checks each result before it is written). ``-``: the card on standard input,
written formatted to standard output (given back as it was when it cannot be formatted)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscript.tools.common import (
    add_cache_option,
    card_inputs,
    compile_inputs,
    err,
    library_names,
    other_game,
    out,
    unreadable,
)

if TYPE_CHECKING:
    from cardscript.compiler.pipeline import CompiledCard


def canonical_file(card: CompiledCard) -> str | None:
    """The canonical text of a card file that parsed: header in order, sentences rendered from the AST
    (unchecked; ``fmt`` writes :func:`~cardscript.compiler.formatting.format_card`'s checked text)."""
    from cardscript.compiler.formatting import rendered_file

    return rendered_file(card)


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.files import STDIN_NAME
    from cardscript.compiler.formatting import format_card
    from cardscript.compiler.pipeline import names_from_headers
    from cardscript.core.diagnostics import format_text

    inputs = card_inputs(args.paths)
    cards = compile_inputs(inputs)
    names = names_from_headers(c.raw for c in cards if c.raw is not None)
    more = library_names(inputs.paths)
    if more is not None:
        names = names.merged(more)
    status = 2 if inputs.missing else 0
    for card in cards:
        piped = card.source.path == STDIN_NAME       # "-": the result on standard output, the messages on stderr
        say = err if piped else out
        foreign = other_game(card, "fmt")
        if foreign is not None:
            say(foreign)
            status = max(status, 1)
            continue
        if card.raw is None or not card.parsed:
            for d in card.diagnostics:
                say(format_text(d))
            if piped and card.raw is not None and not args.check:
                out(card.source.text)                # a formatter in a pipe gives its input back as it was
            status = max(status, 2 if unreadable(card) else 1)
            continue
        formatted = format_card(card, names)
        path = card.source.path
        if formatted.text is None:
            say(f"{path}: left as it is: {formatted.reason} (`cardscript check {path}` shows its diagnostics)")
            if piped and not args.check:
                out(card.source.text)
            status = max(status, 1)
            continue
        kept = (f" ({formatted.kept} paragraph(s) kept as written: their canonical form would change the "
                "card's meaning)") if formatted.kept else ""
        if args.check:
            if formatted.text != card.source.text:
                say(f"{path}: not in canonical form{kept}")
                status = max(status, 1)
        elif piped:
            sys.stdout.write(formatted.text)
            if kept:
                err(f"{path}: {kept.strip(' ()')}")
        elif formatted.text != card.source.text:
            Path(path).write_text(formatted.text, encoding="utf-8")
            out(f"{path}: reformatted{kept}")
    return status


def register(sub: Any) -> None:
    f = sub.add_parser("fmt", help="rewrite card files in canonical form (never changing what they mean)")
    f.add_argument("paths", nargs="+", metavar="PATH",
                   help="card files and folders; - formats a card on standard input to standard output")
    f.add_argument("--check", action="store_true", help="only report files not in canonical form")
    add_cache_option(f, cached=False)
    f.set_defaults(func=run)
