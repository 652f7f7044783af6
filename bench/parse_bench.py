"""Benchmark (not a test): parse+bind of the whole dev corpus vs the bare Lark parse of the same text.

Both are measured in the same run, on the same paragraphs, so the ratio is meaningful on any machine:

    python bench/parse_bench.py [../shared/corpus/battle-scenes-cards-dev.jsonl] [--repeat 3]

"bare parse" = the sentence parser alone on every paragraph (lexer + LALR, failures included);
"compile"   = read_card_file + parse + AST build + binding + checks + keyword expansion of every translated card;
"full"      = the cold compile a library load does (``runtime.library.library_cards``): compile, then lower every
              card that binds to its CardDef IR (cardscript/compiler/lower.py), nothing kept from an earlier run.
``--cpu`` times with the process's CPU clock instead of the wall clock (steadier on a shared machine).

Against an earlier grammar (the sentence lexer and parser of a git revision, run from a temporary package):

    python bench/parse_bench.py --against REV [--repeat 5]     # both bare parses, alternated, in one run
    python bench/parse_bench.py --check REV CORPUS...          # every parse the compile makes, old vs new

Instructions, steadier than time on a loaded machine (the bare parse = run minus setup):

    valgrind --tool=callgrind python bench/parse_bench.py --once setup
    valgrind --tool=callgrind python bench/parse_bench.py --once run

or the parse alone, counted in one run (the set-up runs uncounted); with ``--against REV``, the parse of that
revision's grammar (from its temporary package), counted the same way:

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \
        python bench/parse_bench.py --once run [--against REV]

``--check`` records every call of the sentence parser a compile of the corpora makes (paragraphs, panels, keyword
meanings, with the card's own names) and compares the tree (every token's type, text and offsets, every node's
positions) or the failure of both grammars, paragraph by paragraph; it exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from lark import Token, Tree

from cardscript.compiler import expand, pipeline
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_source, names_from_headers
from cardscript.compiler.prelude import load_prelude
from cardscript.compiler.translate import record_to_card_text
from cardscript.core.source import SourceFile
from cardscript.grammar import parser as grammar_parser
from cardscript.grammar.card_file import read_card_file
from cardscript.grammar.names import NameRegistry
from cardscript.grammar.parser import ParseFailure, parse_paragraph, sentence_parser

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = "cardscript_grammar_reference"


def load_reference(rev: str) -> ModuleType:
    """The sentence parser module of ``cardscript/grammar`` at git revision ``rev``, imported as a package of its
    own (``cardscript_grammar_reference``) from a temporary folder; its grammar cache is off (it would overwrite
    the current grammar's)."""
    folder = Path(tempfile.mkdtemp(prefix="cardscript-grammar-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "cardscript/grammar"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    package = folder / REFERENCE
    (folder / "cardscript" / "grammar").rename(package)
    for py in package.glob("*.py"):
        py.write_text(py.read_text(encoding="utf-8").replace("cardscript.grammar", REFERENCE), encoding="utf-8")
    sys.path.insert(0, str(folder))
    module = importlib.import_module(f"{REFERENCE}.parser")
    module.cache_dir = lambda: None
    return module


def reference_names(module: ModuleType, names: NameRegistry) -> Any:
    """The same names in the reference package's own registry class."""
    names_module = importlib.import_module(f"{REFERENCE}.names")
    out = names_module.NameRegistry()
    for kind, by_folded in names.by_kind.items():
        out.add_all(kind, by_folded.values())
    return out


def shape(result: Any) -> Any:
    """A parse result as plain data: every token's type, text and offsets, every node's rule and positions; a
    failure as its fields."""
    if isinstance(result, Token):
        return ("token", result.type, str(result), result.start_pos, result.end_pos, result.line, result.column,
                result.end_line, result.end_column)
    if isinstance(result, Tree):
        meta = result.meta
        where = () if meta.empty else (meta.line, meta.column, meta.start_pos, meta.end_line, meta.end_column,
                                       meta.end_pos)
        return ("tree", str(result.data), where, tuple(shape(c) for c in result.children))
    return ("failure", result.start, result.end, result.found, result.expected, result.at_end)


def load(corpus: str) -> tuple[list[SourceFile], NameRegistry, list[str]]:
    records = [json.loads(line) for line in Path(corpus).read_text(encoding="utf-8").splitlines() if line]
    sources = [SourceFile(r["code"], record_to_card_text(r)) for r in records]
    raws = [read_card_file(s)[0] for s in sources]
    names = names_from_headers(r for r in raws if r is not None)
    paragraphs = [p.text for r in raws if r is not None for p in (*(r.permanent or ()), *r.action_text)]
    return sources, names, paragraphs


def record_calls(corpora: list[str]) -> list[tuple[str, NameRegistry, str, frozenset[str]]]:
    """Every call of the sentence parser that compiling the corpora makes."""
    calls: list[tuple[str, NameRegistry, str, frozenset[str]]] = []

    def recording(text: str, names: NameRegistry, start: str = "paragraph",
                  own: frozenset[str] = frozenset()) -> Tree[Token] | ParseFailure:
        calls.append((text, names, start, own))
        return parse_paragraph(text, names, start, own)

    pipeline.parse_paragraph = expand.parse_paragraph = recording     # type: ignore[assignment]
    try:
        for corpus in corpora:
            sources, names, paragraphs = load(corpus)
            calls.extend((text, names, "paragraph", frozenset()) for text in paragraphs)   # the bare parse's
            expand.forget_parses()
            for src in sources:
                compile_source(src, names)
    finally:
        pipeline.parse_paragraph = expand.parse_paragraph = parse_paragraph
    return calls


def check(rev: str, corpora: list[str]) -> int:
    reference = load_reference(rev)
    calls = record_calls(corpora)
    converted: dict[int, Any] = {}
    differ = 0
    for text, names, start, own in calls:
        ref_names = converted.setdefault(id(names), reference_names(reference, names))
        new = shape(parse_paragraph(text, names, start, own))
        old = shape(reference.parse_paragraph(text, ref_names, start, own))
        # the thorough second reading (parser.parse_paragraph) on every paragraph, not only on those that fail
        new_thorough = shape(grammar_parser._parse(text, names, start, True, own))
        old_thorough = shape(reference._parse(text, ref_names, start, True, own))
        if new != old or new_thorough != old_thorough:
            differ += 1
            print(f"DIFFERENT ({start}{'' if new == old else ', first reading'}): {text[:100]}")
    failures = sum(1 for text, names, start, own in calls
                   if isinstance(parse_paragraph(text, names, start, own), ParseFailure))
    print(f"{len(calls)} parses ({len(set(c[0] for c in calls))} texts, {failures} failures), each also read "
          f"thoroughly, compared with {rev}: {differ} different")
    return 1 if differ else 0


def timed(run: Callable[[], None]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of ``run`` (the CPU time of this process is steadier on a loaded machine)."""
    gc.collect()
    t0, c0 = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - t0, time.process_time() - c0


def against(rev: str, corpus: str, repeat: int) -> None:
    reference = load_reference(rev)
    _, names, paragraphs = load(corpus)
    ref_names = reference_names(reference, names)
    sentence_parser()
    reference.sentence_parser()

    def old() -> None:
        for text in paragraphs:
            reference.parse_paragraph(text, ref_names)

    def new() -> None:
        grammar_parser.forget_readings()
        for text in paragraphs:
            parse_paragraph(text, names)

    inf = float("inf")
    best_old, best_new = (inf, inf), (inf, inf)
    for _ in range(repeat):          # alternated, best of each
        o, n = timed(old), timed(new)
        best_old = (min(best_old[0], o[0]), min(best_old[1], o[1]))
        best_new = (min(best_new[0], n[0]), min(best_new[1], n[1]))
    print(f"paragraphs: {len(paragraphs)}  (best of {repeat}, alternated; wall clock / CPU time of the process)")
    for label, (wall, cpu) in ((f"at {rev}", best_old), ("now", best_new)):
        print(f"bare parse {label:12}: {wall * 1000:8.1f} ms wall {cpu * 1000:8.1f} ms CPU"
              f"  ({len(paragraphs) / cpu:6.0f} paragraphs per CPU second)")
    print(f"speed-up: {best_old[0] / best_new[0]:.2f}x wall, {best_old[1] / best_new[1]:.2f}x CPU")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="*", default=["../shared/corpus/battle-scenes-cards-dev.jsonl"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--against", metavar="REV", help="time the bare parse of this git revision's grammar too")
    ap.add_argument("--check", metavar="REV", help="compare every parse with this git revision's grammar")
    ap.add_argument("--cpu", action="store_true", help="time with the process CPU clock, not the wall clock")
    ap.add_argument("--once", choices=("setup", "run"),
                    help="for callgrind: load the corpus and the grammar (setup), and parse every paragraph once (run)")
    args = ap.parse_args()
    if args.once:
        _, names, paragraphs = load(args.corpus[0])
        parse: Callable[..., Any] = parse_paragraph
        scope: Any = names
        if args.against:       # the same count for the reference grammar (its own package, same corpus)
            reference = load_reference(args.against)
            reference.sentence_parser()
            getattr(reference, "sentence_run", lambda: None)()
            parse, scope = reference.parse_paragraph, reference_names(reference, names)
        else:
            sentence_parser()
            grammar_parser.sentence_run()
            grammar_parser.forget_readings()

        def run(_a: int, _b: int) -> int:
            for text in paragraphs:
                parse(text, scope)
            return 0

        if args.once == "run":
            # inside functools.reduce, a C function nothing else here calls: with --collect-atstart=no
            # --toggle-collect=functools_reduce callgrind counts the parse alone
            functools.reduce(run, [0, 0])
        return
    if args.check:
        raise SystemExit(check(args.check, args.corpus))
    if args.against:
        against(args.against, args.corpus[0], args.repeat)
        return
    clock = time.process_time if args.cpu else time.perf_counter
    sources, names, paragraphs = load(args.corpus[0])
    sentence_parser()  # build/load the grammar outside the timings
    load_prelude()     # and the prelude (read once per process, before any card)

    best_bare = best_compile = best_full = float("inf")
    lowered = 0
    for _ in range(args.repeat):
        grammar_parser.forget_readings()   # each run reads every paragraph afresh (the memo lives within a run)
        t0 = clock()
        for text in paragraphs:
            parse_paragraph(text, names)
        best_bare = min(best_bare, clock() - t0)
        expand.forget_parses()          # each run expands the keywords afresh (the cache lives within a run)
        grammar_parser.forget_readings()
        t0 = clock()
        for src in sources:
            compile_source(src, names)
        best_compile = min(best_compile, clock() - t0)
        expand.forget_parses()
        grammar_parser.forget_readings()
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
