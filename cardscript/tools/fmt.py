"""``cardscript fmt [--check] PATH...``: rewrite card files in canonical form."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardscript.compiler.diagnostics import format_text
from cardscript.compiler.pipeline import CompiledCard, compile_paths
from cardscript.tools.common import out


def canonical_file(card: CompiledCard) -> str | None:
    """The canonical text of a card file that parsed: header in order, sentences rendered from the AST."""
    from cardscript.compiler.render import render_node
    from cardscript.compiler.translate import format_card_text

    if card.raw is None or not card.parsed:
        return None
    permanent = [render_node(p) for p in card.permanent.paragraphs] if card.permanent else []
    action = [render_node(p) for p in card.action.paragraphs] if card.action else []
    return format_card_text(card.raw, permanent, action)


def run(args: argparse.Namespace) -> int:
    cards = compile_paths(args.paths)
    status = 0
    for card in cards:
        text = canonical_file(card)
        if text is None:
            for d in card.diagnostics:
                out(format_text(d))
            status = 1
            continue
        if text != card.source.text:
            if args.check:
                out(f"{card.source.path}: not in canonical form")
                status = 1
            else:
                Path(card.source.path).write_text(text, encoding="utf-8")
                out(f"{card.source.path}: reformatted")
    return status


def register(sub: Any) -> None:
    f = sub.add_parser("fmt", help="rewrite card files in canonical form")
    f.add_argument("paths", nargs="+")
    f.add_argument("--check", action="store_true", help="only report files not in canonical form")
    f.set_defaults(func=run)
