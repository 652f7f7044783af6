"""Benchmark (not a test): parse+bind of the whole dev corpus vs the bare Lark parse of the same text.

Both are measured in the same run, on the same paragraphs, so the ratio is meaningful on any machine:

    python bench/parse_bench.py [../shared/corpus/battle-scenes-cards-dev.jsonl] [--repeat 3]

"bare parse" = the sentence parser alone on every paragraph (lexer + LALR, failures included);
"compile"   = read_card_file + parse + AST build + binding + checks + keyword expansion of every translated card.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from cardscript.compiler import expand
from cardscript.compiler.pipeline import compile_source, names_from_headers
from cardscript.compiler.source import SourceFile
from cardscript.compiler.translate import record_to_card_text
from cardscript.grammar.card_file import read_card_file
from cardscript.grammar.parser import parse_paragraph, sentence_parser


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default="../shared/corpus/battle-scenes-cards-dev.jsonl")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    records = [json.loads(line) for line in Path(args.corpus).read_text(encoding="utf-8").splitlines() if line]
    sources = [SourceFile(r["code"], record_to_card_text(r)) for r in records]
    raws = [read_card_file(s)[0] for s in sources]
    names = names_from_headers(r for r in raws if r is not None)
    paragraphs = [p.text for r in raws if r is not None for p in (*(r.permanent or ()), *r.action_text)]
    sentence_parser()  # build/load the grammar outside the timings

    best_bare = best_compile = float("inf")
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        for text in paragraphs:
            parse_paragraph(text, names)
        best_bare = min(best_bare, time.perf_counter() - t0)
        expand.forget_parses()          # each run expands the keywords afresh (the cache lives within a run)
        t0 = time.perf_counter()
        for src in sources:
            compile_source(src, names)
        best_compile = min(best_compile, time.perf_counter() - t0)
    print(f"cards: {len(sources)}  paragraphs: {len(paragraphs)}  (best of {args.repeat})")
    print(f"bare Lark parse : {best_bare * 1000:8.1f} ms  ({len(paragraphs) / best_bare:8.0f} paragraphs/s)")
    print(f"parse + bind    : {best_compile * 1000:8.1f} ms  ({len(sources) / best_compile:8.0f} cards/s)")
    print(f"ratio compile / bare parse: {best_compile / best_bare:.2f}")


if __name__ == "__main__":
    main()
