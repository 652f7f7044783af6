"""``cardscript fmt [--check] PATH...``: rewrite card files in canonical form, never changing what they mean
(:mod:`cardscript.compiler.formatting` checks each result before it is written)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardscript.tools.common import add_cache_option, out

if TYPE_CHECKING:
    from cardscript.compiler.pipeline import CompiledCard


def canonical_file(card: CompiledCard) -> str | None:
    """The canonical text of a card file that parsed: header in order, sentences rendered from the AST
    (unchecked; ``fmt`` writes :func:`~cardscript.compiler.formatting.format_card`'s checked text)."""
    from cardscript.compiler.formatting import rendered_file

    return rendered_file(card)


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.diagnostics import format_text
    from cardscript.compiler.formatting import format_card
    from cardscript.compiler.pipeline import compile_paths, names_from_headers

    cards = compile_paths(args.paths)
    names = names_from_headers(c.raw for c in cards if c.raw is not None)
    status = 0
    for card in cards:
        if card.raw is None or not card.parsed:
            for d in card.diagnostics:
                out(format_text(d))
            status = 1
            continue
        formatted = format_card(card, names)
        path = card.source.path
        if formatted.text is None:
            out(f"{path}: left as it is: {formatted.reason} (`cardscript check {path}` shows its diagnostics)")
            status = 1
            continue
        kept = (f" ({formatted.kept} paragraph(s) kept as written: their canonical form would change the "
                "card's meaning)") if formatted.kept else ""
        if formatted.text != card.source.text:
            if args.check:
                out(f"{path}: not in canonical form{kept}")
                status = 1
            else:
                Path(path).write_text(formatted.text, encoding="utf-8")
                out(f"{path}: reformatted{kept}")
    return status


def register(sub: Any) -> None:
    f = sub.add_parser("fmt", help="rewrite card files in canonical form (never changing what they mean)")
    f.add_argument("paths", nargs="+")
    f.add_argument("--check", action="store_true", help="only report files not in canonical form")
    add_cache_option(f, cached=False)
    f.set_defaults(func=run)
