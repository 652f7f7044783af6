"""``cardscript render [--lang pt] CARD``: the canonical card text, rendered from the AST."""

from __future__ import annotations

import argparse
from typing import Any

from cardscript.tools.common import add_cache_option, err, out, single, unreadable


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.diagnostics import format_text
    from cardscript.compiler.render import LANGUAGES, render_node

    if args.lang not in LANGUAGES:
        err(f"no templates for --lang {args.lang} (available: {', '.join(LANGUAGES)})")
        return 2
    card = single(args.card)
    if card is None:
        return 2
    if not card.parsed or card.raw is None:
        for d in card.diagnostics:
            out(format_text(d))
        return 2 if unreadable(card) else 1
    if card.permanent:
        out("\n".join(render_node(p, args.lang) for p in card.permanent.paragraphs))
    if card.action:
        out("\n".join(render_node(p, args.lang) for p in card.action.paragraphs))
    return 0


def register(sub: Any) -> None:
    r = sub.add_parser("render", help="the canonical card text, rendered from the AST")
    r.add_argument("card")
    r.add_argument("--lang", default="pt")
    add_cache_option(r, cached=False)
    r.set_defaults(func=run)
