"""Benchmark (not a test): the compiled-card cache (issue 12.1) -- a warm compile of a folder of card files vs the
bare parse of the same cards' paragraphs, measured side by side in one run:

    python bench/cache_bench.py [/tmp/s8cards/battle-scenes-cards-dev] [--repeat 5]

"bare parse"  = the sentence parser alone on every paragraph of every card (lexer + LALR, failures included), as
               ``bench/parse_bench.py`` measures it;
"cache off"   = ``compiler.cache.compile_cards`` with the cache turned off (``--no-cache``): the compile alone;
"cold"        = ``compiler.cache.compile_cards`` of the folder into an empty cache (read, parse, bind, check,
               expand, lower, write every entry);
"warm"        = the same call again: every card's build read from the cache (with its lowered CardDef; and
               without it, as ``cardscript check`` reads it).
The cache lives in a temporary folder (``$CARDSCRIPT_CACHE_DIR``), removed at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default="/tmp/s8cards/battle-scenes-cards-dev")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="cardscript-cache-bench-")
    os.environ["CARDSCRIPT_CACHE_DIR"] = folder
    os.environ.pop("CARDSCRIPT_NO_CACHE", None)
    try:
        run(Path(args.folder), args.repeat)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(cards: Path, repeat: int) -> None:
    from cardscript.compiler.cache import compile_cards, set_enabled
    from cardscript.compiler.files import card_files, read_source
    from cardscript.compiler.pipeline import names_from_headers, read_header
    from cardscript.core.source import SourceFile
    from cardscript.grammar.parser import parse_paragraph, sentence_parser

    sources = [s for s in map(read_source, card_files([cards])) if isinstance(s, SourceFile)]
    raws = [r for r, _ in map(read_header, sources) if r is not None]
    names = names_from_headers(raws)
    paragraphs = [p.text for r in raws for p in (*(r.permanent or ()), *r.action_text)]
    sentence_parser()                                  # the grammar built outside the timings

    set_enabled(False)
    t0 = time.perf_counter()
    uncached = compile_cards([cards])
    uncached_s = time.perf_counter() - t0
    set_enabled(True)
    t0 = time.perf_counter()
    cold = compile_cards([cards])
    cold_s = time.perf_counter() - t0
    best_bare = best_warm = best_report = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for text in paragraphs:
            parse_paragraph(text, names)
        best_bare = min(best_bare, time.perf_counter() - t0)
        t0 = time.perf_counter()
        warm = compile_cards([cards])
        best_warm = min(best_warm, time.perf_counter() - t0)
        t0 = time.perf_counter()
        compile_cards([cards], definitions=False)
        best_report = min(best_report, time.perf_counter() - t0)
    assert warm == cold == uncached, "the warm compile differs from the cold one"
    print(f"cards: {len(sources)}  paragraphs: {len(paragraphs)}  (best of {repeat}; cold: one run)")
    print(f"bare parse                    : {best_bare * 1000:8.1f} ms")
    print(f"compile, cache off (--no-cache): {uncached_s * 1000:8.1f} ms   ratio to bare parse "
          f"{uncached_s / best_bare:5.2f}")
    print(f"cold compile (cache empty)    : {cold_s * 1000:8.1f} ms   ratio to bare parse {cold_s / best_bare:5.2f}")
    print(f"warm compile (with CardDefs)  : {best_warm * 1000:8.1f} ms   ratio to bare parse "
          f"{best_warm / best_bare:5.3f}")
    print(f"warm compile (check's reports): {best_report * 1000:8.1f} ms   ratio to bare parse "
          f"{best_report / best_bare:5.3f}")


if __name__ == "__main__":
    main()
