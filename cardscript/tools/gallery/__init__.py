"""``cardscript gallery [PATH...] --out DIR``: a static HTML site of card files (default: the bundled library) --
one page per card laid out like the printed card, with its English rendering, what the engine runs and its
diagnostics, and an index with search and filters (docs/gallery.md).

:mod:`.model` is the data of a card's page, built from the compiler's results; :mod:`.icons` draws the power and
cost icons; :mod:`.site` writes the files from the templates (``templates/``, package data)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardscript.tools.common import (
    CardInputs,
    add_cache_option,
    card_inputs,
    compile_inputs,
    err,
    out,
    unreadable,
)


def run(args: argparse.Namespace) -> int:
    """Compile every card given (a broken one still gets its page), write the site, one summary line."""
    from cardscript.compiler.cache import build_of
    from cardscript.compiler.files import STDIN_NAME, library_path
    from cardscript.core.normalize import fold_text
    from cardscript.tools.gallery.model import card_page, slugs
    from cardscript.tools.gallery.site import write_site

    folder = Path(args.out)
    if folder.exists() and not folder.is_dir():
        err(f"--out {args.out}: not a folder")
        return 2
    inputs = card_inputs(args.paths) if args.paths else CardInputs([str(library_path())], False, 0)
    cards = compile_inputs(inputs)
    if not cards and inputs.missing:
        return 2
    pages = []
    for card, slug in zip(cards, slugs([c.source.path for c in cards]), strict=True):
        page = card_page(card, build_of(card))
        page.slug = slug
        pages.append(page)
    pages.sort(key=lambda p: (fold_text(p.title), p.file))
    try:
        index = write_site(pages, folder)
    except OSError as exc:
        err(f"--out {args.out}: cannot write the gallery: {exc.strerror or exc}")
        return 2
    with_errors = sum(1 for p in pages if p.errors)
    out(f"{len(pages)} page{'' if len(pages) == 1 else 's'}, {with_errors} with errors: {index}")
    named = {str(Path(p)) for p in inputs.paths if not Path(p).is_dir()}
    if inputs.missing or any(unreadable(c) and (str(Path(c.source.path)) in named or c.source.path == STDIN_NAME)
                             for c in cards):
        return 2          # as check: a file named on the command line does not read; one inside a folder is a page
    return 0


def register(sub: Any) -> None:
    g = sub.add_parser("gallery", help="a static HTML site of card files (default: the bundled library): a page per "
                                       "card, with its English, what the engine runs and its diagnostics, and an "
                                       "index with search and filters")
    g.add_argument("paths", nargs="*", metavar="PATH",
                   help="card files and folders (default: the bundled library); - reads a card on standard input")
    g.add_argument("--out", metavar="DIR", required=True, help="the folder to write the site into (made if missing)")
    add_cache_option(g, cached=False)
    g.set_defaults(func=run)
