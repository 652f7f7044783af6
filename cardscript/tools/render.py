"""``cardscript render [--lang pt|en] CARD``: the whole card -- header, blocks, costs, text.

``pt`` (the default) is the canonical card file (``compiler.formatting.rendered_file``: the header in order, each
paragraph rendered from its AST); ``en`` is the card in English, rendered from its compiled meaning, the lowered
IR (``compiler.english``; docs/english.md)."""

from __future__ import annotations

import argparse
from typing import Any

from cardscript.tools.common import add_cache_option, err, other_game, out, single, unreadable

LANGUAGES = ("pt", "en")


def run(args: argparse.Namespace) -> int:
    from cardscript.compiler.formatting import rendered_file
    from cardscript.core.diagnostics import format_text

    if args.lang not in LANGUAGES:
        err(f"no templates for --lang {args.lang} (available: {', '.join(LANGUAGES)})")
        return 2
    card = single(args.card)
    if card is None:
        return 2
    foreign = other_game(card, "render")
    if foreign is not None:
        err(foreign)
        return 1
    if not card.parsed or card.raw is None or (args.lang == "en" and not card.bound):
        for d in card.diagnostics:
            out(format_text(d))
        return 2 if unreadable(card) else 1
    if args.lang == "en":
        from cardscript.compiler.english import render_card

        try:
            text = render_card(card)
        except Exception as exc:  # noqa: BLE001 - a card the compiler cannot lower: said plainly, never a traceback
            err(f"{card.source.path}: cannot render in English: {type(exc).__name__}: {exc}")
            return 1
        out(text.rstrip("\n"))
        return 0
    canonical = rendered_file(card)
    if canonical is None:                # parsed cards always render; kept for the type checker
        return 1
    out(canonical.rstrip("\n"))
    return 0


def register(sub: Any) -> None:
    r = sub.add_parser("render", help="the whole card (header, blocks, costs, text): in Portuguese, its canonical "
                                      "file; in English (--lang en), from its compiled meaning")
    r.add_argument("card")
    r.add_argument("--lang", default="pt", help="pt (default: the canonical card file) or en (English, from the "
                                                "compiled meaning)")
    add_cache_option(r, cached=False)
    r.set_defaults(func=run)
