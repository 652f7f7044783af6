"""``cardscript deck check DECK...``: check deck files against the deck-building rules (docs/decks.md)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardscript.tools.common import (
    UsageError,
    add_cache_option,
    add_library_option,
    err,
    library_folders,
    library_of,
    out,
)


def run_check(args: argparse.Namespace) -> int:
    """Check deck files against the bundled library plus the ``--library`` folders: 0 valid, 1 a rule broken,
    2 unreadable (or a ``--library`` that is not a folder)."""
    from cardscript.core.diagnostics import format_text
    from cardscript.games.battle_scenes.runtime.deck import check_deck
    from cardscript.games.battle_scenes.runtime.library import load_library
    from cardscript.games.battle_scenes.runtime.rules import DEFAULT_DECK_COPIES

    try:
        library = library_of(args).cards() if library_folders(args) else load_library()
    except UsageError as exc:
        err(str(exc))
        return 2
    reports = [check_deck(path, library) for path in args.decks]
    if args.format == "json":
        out(json.dumps([r.to_dict() for r in reports], ensure_ascii=False, indent=2))
    else:
        for report in reports:
            for d in report.diagnostics:
                out(format_text(d))
            out(report.summary())
            for c in (c for c in report.counts if c.limit != DEFAULT_DECK_COPIES):   # set by the card
                out(f"  {c.card.title}: {c.count} of at most {c.limit} ({c.reason})")
    if any(not r.readable for r in reports):
        return 2
    return 0 if all(r.valid for r in reports) else 1


def register(sub: Any) -> None:
    d = sub.add_parser("deck", help="deck files: check them against the deck-building rules")
    deck_sub = d.add_subparsers(dest="deck_command", required=True)
    dc = deck_sub.add_parser("check", help="copy limits (3; Item Único: 1), unknown cards, malformed lines")
    dc.add_argument("decks", nargs="+", metavar="DECK")
    dc.add_argument("--format", choices=("text", "json"), default="text")
    add_library_option(dc, "a folder of your own card files, added to the bundled library (repeat it for more "
                           "folders); a card with the printed code of a bundled card replaces it, with a note")
    add_cache_option(dc)
    dc.set_defaults(func=run_check)
