"""Benchmark (not a test): where the full cold compile of a corpus spends its time, phase by phase.

    python bench/compile_phases.py [../shared/corpus/battle-scenes-cards-dev.jsonl] [--repeat 2]

Each phase of ``pipeline._compile`` (card-file reading, old-wording check, sentence parse, AST building, checks,
binding, chosen things, keyword expansion) and the lowering is timed with the process CPU clock around each call,
card by card, so the phases of one card run back to back and the machine's load weighs on them alike: the
figures to read are the ratios to the sentence parse of the same run. Best (lowest total) of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardscript.compiler.pipeline as pipeline
from cardscript.compiler import expand
from cardscript.compiler.lower import lower_card
from cardscript.compiler.prelude import load_prelude
from cardscript.compiler.translate import record_to_card_text
from cardscript.core.source import SourceFile
from cardscript.grammar.card_file import read_card_file
from cardscript.grammar.parser import sentence_parser

try:
    from cardscript.compiler.collector import batch
except ImportError:                                     # a tree from before the collector's pacing (its "before")
    batch = contextlib.nullcontext

PHASES = {"read_card_file": "card-file reading", "check_old_wording": "old-wording check",
          "parse_paragraph": "sentence parse", "build_paragraph": "AST building", "check_paragraphs": "checks",
          "bind_paragraphs": "binding", "chosen_in": "chosen things", "expand_keywords": "keyword expansion"}


def _timed(spent: collections.defaultdict[str, float], label: str, f: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        t0 = time.process_time()
        try:
            return f(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - t0
    return run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default="../shared/corpus/battle-scenes-cards-dev.jsonl")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    records = [json.loads(line) for line in Path(args.corpus).read_text(encoding="utf-8").splitlines() if line]
    sources = [SourceFile(r["code"], record_to_card_text(r)) for r in records]
    names = pipeline.names_from_headers(r for r in (read_card_file(s)[0] for s in sources) if r is not None)
    sentence_parser()
    load_prelude()
    spent: collections.defaultdict[str, float] = collections.defaultdict(float)
    for name, label in PHASES.items():
        setattr(pipeline, name, _timed(spent, label, getattr(pipeline, name)))
    best: tuple[float, collections.defaultdict[str, float]] | None = None
    for _ in range(args.repeat):
        spent.clear()
        expand.forget_parses()
        kept: list[object] = []                         # as the library load: every card and its IR kept,
        t0 = time.process_time()
        with batch():                                   # and the collector paced for it (compile_cards)
            for src in sources:
                card = pipeline.compile_source(src, names)
                t1 = time.process_time()
                definition = None
                if card.raw is not None and card.bound:
                    with contextlib.suppress(Exception):    # as the library load: a failing card is left out
                        definition = lower_card(card)
                kept.append((card, definition))
                spent["lowering"] += time.process_time() - t1
        total = time.process_time() - t0
        del kept
        if best is None or total < best[0]:
            best = (total, collections.defaultdict(float, spent))
    assert best is not None
    total, phases = best
    parse = phases["sentence parse"] or 1e-9
    print(f"cards: {len(sources)}  (best of {args.repeat}, CPU clock; keyword expansion includes its parses)")
    for label, seconds in sorted(phases.items(), key=lambda kv: -kv[1]):
        print(f"{label:22s} {seconds * 1000:8.0f} ms  {seconds / parse:5.2f} parses")
    print(f"{'full compile':22s} {total * 1000:8.0f} ms  {total / parse:5.2f} parses")


if __name__ == "__main__":
    main()
