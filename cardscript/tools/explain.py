"""``cardscript explain CARD_OR_LOG_OR_CODE [--turn N]``: how the compiler reads a card (``-``: one on standard input),
a match log's resolutions, or what a diagnostic code means (``cardscript explain CS220``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardscript.tools.common import (
    UsageError,
    add_cache_option,
    add_library_option,
    err,
    library_folders,
    out,
    single,
    unreadable,
)


def _names_a_card(text: str) -> bool:
    """``Hulk V1`` or ``BSUM 20/100`` (not a file name: no ``.card``)."""
    import re

    from cardscript.compiler.card_refs import CODE_PATTERN

    text = text.strip()
    return not text.endswith(".card") and bool(CODE_PATTERN.fullmatch(text) or re.fullmatch(r".*\S\s+[Vv]\d+", text))


def _card_path(ref: str, args: argparse.Namespace) -> str:
    """A card named by title or printed code (``Hulk V1``, ``BSUM 20/100``) instead of a path: its file in the
    bundled library plus the ``--library`` folders. UsageError when none, or several, carry that name."""
    from cardscript.compiler.card_refs import candidates_text
    from cardscript.games.battle_scenes.runtime.library import load_libraries, load_library

    folders = library_folders(args)
    library = load_libraries(folders).cards() if folders else load_library()
    found = library.find(ref)
    if found.card is not None:
        return library.path_of(found.card)
    if found.ambiguous:
        raise UsageError(f"{ref!r} names {len(found.candidates)} different printed cards: "
                         f"{candidates_text(found.candidates, library.path_of)}; give the printed code")
    raise UsageError(f"{ref}: no such file, nor a card of that title or printed code in the library")


def _is_code(text: str) -> bool:
    """``CS220`` (any case): a diagnostic code, not a file or a card."""
    import re

    return re.fullmatch(r"\s*[Cc][Ss]\d{3}\s*", text) is not None


def _explain_code(code: str) -> int:
    """What a diagnostic code means: its severity, title and explanation (docs/diagnostics.md lists them all)."""
    import textwrap

    from cardscript.core.diagnostics import CODES

    found = CODES.get(code)
    if found is None:
        near = sorted(sorted(CODES, key=lambda c: abs(int(c[2:]) - int(code[2:])))[:4])
        err(f"{code}: no such diagnostic code (the nearest: {', '.join(near)}; every code is in "
            "docs/diagnostics.md)")
        return 2
    out(f"{found.code} ({found.severity.value}): {found.title}\n")
    out(textwrap.fill(found.explanation, width=100))
    from cardscript.about import docs_page

    page = docs_page("diagnostics.md", found.code.lower())
    if page is not None:
        out(f"\nsee {page}")
    return 0


def run(args: argparse.Namespace) -> int:
    """A card file: how the compiler reads it. A match log (``cardscript play --log FILE``): each
    resolution of ``--turn N`` (or of every turn) step by step, with its damage calculations in full."""
    from cardscript.compiler.explain import explain_card
    from cardscript.core.diagnostics import format_text
    from cardscript.games.battle_scenes.runtime.log_explain import ExplainError, explain_log, is_event_log

    path = Path(args.card)
    if not path.exists() and _is_code(args.card):         # "CS220": what that diagnostic means
        return _explain_code(args.card.strip().upper())
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
    target = args.card
    if not path.exists() and _names_a_card(args.card):    # a title or a printed code: that card's file
        try:
            target = _card_path(args.card, args)
        except UsageError as exc:
            err(str(exc))
            return 2
    card = single(target)
    if card is None:
        return 2
    out(explain_card(card))
    for d in card.diagnostics:
        out(format_text(d))
    if unreadable(card):
        return 2
    return 0 if card.ok else 1


def register(sub: Any) -> None:
    e = sub.add_parser("explain", help="how the compiler reads a card; a saved match log's resolutions step by "
                                        "step, with every damage calculation in the rulebook's lettering; or what a "
                                        "diagnostic code means")
    e.add_argument("card", metavar="CARD_OR_LOG", help="a .card file (or a card's title or printed code: "
                                                      "'Hulk V1', 'BSUM 20/100'; - reads one on standard input), "
                                                      "an event log from cardscript play --log, or a diagnostic "
                                                      "code (CS220)")
    add_library_option(e, "with a title or code: a folder of your own card files to look in too, beside the "
                          "bundled library (repeatable)")
    add_cache_option(e)
    e.add_argument("--turn", type=int, help="a match log: explain only this turn's resolutions")
    e.set_defaults(func=run)
