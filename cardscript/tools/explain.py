"""``cardscript explain CARD_OR_LOG [--turn N]``: how the compiler reads a card, or a match log's resolutions."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardscript.compiler.diagnostics import format_text
from cardscript.tools.common import err, out, single, unreadable


def run(args: argparse.Namespace) -> int:
    """A card file: how the compiler reads it. A match log (``cardscript play --log FILE``): each
    resolution of ``--turn N`` (or of every turn) step by step, with its damage calculations in full."""
    from cardscript.compiler.explain import ExplainError, explain_card, explain_log, is_event_log

    path = Path(args.card)
    if is_event_log(path):
        try:
            text, status = explain_log(path, args.turn)
        except ExplainError as exc:
            err(str(exc))
            return 2
        out(text)
        return status
    if args.turn is not None:
        err(f"--turn explains a match log (cardscript play --log FILE); {path} is not one")
        return 2
    card = single(args.card)
    if card is None:
        return 2
    out(explain_card(card))
    for d in card.diagnostics:
        out(format_text(d))
    if unreadable(card):
        return 2
    return 0 if card.ok else 1


def register(sub: Any) -> None:
    e = sub.add_parser("explain", help="how the compiler reads a card; or a saved match log's resolutions step by "
                                        "step, with every damage calculation in the rulebook's lettering")
    e.add_argument("card", metavar="CARD_OR_LOG", help="a .card file, or an event log from cardscript play --log")
    e.add_argument("--turn", type=int, help="a match log: explain only this turn's resolutions")
    e.set_defaults(func=run)
