"""Benchmark (not a test): parse+bind of the whole dev corpus vs the bare Lark parse of the same text.

Both are measured in the same run, on the same paragraphs, so the ratio is meaningful on any machine:

    python bench/parse_bench.py [../shared/corpus/battle-scenes-cards-dev.jsonl] [--repeat 3]

"bare parse" = the sentence parser alone on every paragraph (lexer + LALR, failures included);
"compile"   = read_card_file + parse + AST build + binding + checks + keyword expansion of every translated card;
"full"      = the cold compile a library load does (``runtime.library.library_cards``): compile, then lower every
              card that binds to its CardDef IR (cardscript/compiler/lower.py), nothing kept from an earlier run.
``--cpu`` times with the process's CPU clock instead of the wall clock (steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cardscript.compiler import expand
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source, names_from_headers
from cardscript.compiler.prelude import load_prelude
from cardscript.compiler.source import SourceFile
from cardscript.compiler.translate import record_to_card_text
from cardscript.grammar.card_file import read_card_file
from cardscript.grammar.parser import parse_paragraph, sentence_parser


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default="../shared/corpus/battle-scenes-cards-dev.jsonl")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cpu", action="store_true", help="time with the process CPU clock, not the wall clock")
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    records = [json.loads(line) for line in Path(args.corpus).read_text(encoding="utf-8").splitlines() if line]
    sources = [SourceFile(r["code"], record_to_card_text(r)) for r in records]
    raws = [read_card_file(s)[0] for s in sources]
    names = names_from_headers(r for r in raws if r is not None)
    paragraphs = [p.text for r in raws if r is not None for p in (*(r.permanent or ()), *r.action_text)]
    sentence_parser()  # build/load the grammar outside the timings
    load_prelude()     # and the prelude (read once per process, before any card)

    best_bare = best_compile = best_full = float("inf")
    for _ in range(args.repeat):
        t0 = clock()
        for text in paragraphs:
            parse_paragraph(text, names)
        best_bare = min(best_bare, clock() - t0)
        expand.forget_parses()          # each run expands the keywords afresh (the cache lives within a run)
        t0 = clock()
        for src in sources:
            compile_source(src, names)
        best_compile = min(best_compile, clock() - t0)
        expand.forget_parses()
        t0 = clock()
        lowered = 0
        for src in sources:
            card = compile_source(src, names)
            if card.raw is not None and card.bound:
                try:
                    lower_card(card)
                    lowered += 1
                except Exception:  # noqa: BLE001, S112 - as the library load: a failing card is left out
                    continue
        best_full = min(best_full, clock() - t0)
    print(f"cards: {len(sources)}  paragraphs: {len(paragraphs)}  (best of {args.repeat}, "
          f"{'CPU' if args.cpu else 'wall'} clock)")
    print(f"bare Lark parse : {best_bare * 1000:8.1f} ms  ({len(paragraphs) / best_bare:8.0f} paragraphs/s)")
    print(f"parse + bind    : {best_compile * 1000:8.1f} ms  ({len(sources) / best_compile:8.0f} cards/s)")
    print(f"full compile    : {best_full * 1000:8.1f} ms  ({len(sources) / best_full:8.0f} cards/s, {lowered} lowered)")
    print(f"ratio compile / bare parse: {best_compile / best_bare:.2f}")
    print(f"ratio full compile / bare parse: {best_full / best_bare:.2f}")


if __name__ == "__main__":
    main()
