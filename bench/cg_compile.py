"""Driver for instruction counts (not a test): load the grammar and the prelude, read the card files, then do one of
``none`` / ``bare`` (the bare parse of every paragraph) / ``compile`` (the cold compile without the lowering: card
file, parse, AST, checks, binding, keyword expansion) / ``full`` (the full cold compile: compile + lowering).

    valgrind --tool=callgrind --callgrind-out-file=cg-full.out python bench/cg_compile.py full [--cards 120]

A figure is a run's instruction count minus the ``none`` run's (docs/performance.md); the lowering alone is
``full`` minus ``compile``, the compile's work beyond the parse but for the lowering ``compile`` minus ``bare``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from pathlib import Path

from cardscript.compiler import expand
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source, names_from_headers
from cardscript.compiler.prelude import load_prelude
from cardscript.compiler.translate import record_to_card_text
from cardscript.core.source import SourceFile
from cardscript.grammar.card_file import read_card_file
from cardscript.grammar.parser import parse_paragraph, sentence_parser

try:
    from cardscript.compiler.collector import batch
except ImportError:                                     # a tree from before the collector's pacing (its "before")
    batch = contextlib.nullcontext


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=("none", "bare", "compile", "full"))
    ap.add_argument("corpus", nargs="?", default="../shared/corpus/battle-scenes-cards-dev.jsonl")
    ap.add_argument("--cards", type=int, default=0, help="only the first N cards (0: all)")
    args = ap.parse_args()
    records = [json.loads(line) for line in Path(args.corpus).read_text(encoding="utf-8").splitlines() if line]
    if args.cards:
        records = records[:args.cards]
    sources = [SourceFile(r["code"], record_to_card_text(r)) for r in records]
    raws = [read_card_file(s)[0] for s in sources]
    names = names_from_headers(r for r in raws if r is not None)
    paragraphs = [p.text for r in raws if r is not None for p in (*(r.permanent or ()), *r.action_text)]
    sentence_parser()
    load_prelude()
    if args.mode == "bare":
        for text in paragraphs:
            parse_paragraph(text, names)
    elif args.mode == "compile":
        expand.forget_parses()
        kept_cards = []                                 # as the library load: every card kept
        with batch():
            for src in sources:
                kept_cards.append(compile_source(src, names))
    elif args.mode == "full":
        expand.forget_parses()
        kept: list[object] = []                         # as the library load: every card and its IR kept
        with batch():                                   # ... and the collector paced for it (compile_cards)
            for src in sources:
                card = compile_source(src, names)
                definition = None
                if card.raw is not None and card.bound:
                    with contextlib.suppress(Exception):    # as the library load: a failing card is left out
                        definition = lower_card(card)
                kept.append((card, definition))


if __name__ == "__main__":
    main()
