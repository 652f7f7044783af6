"""Long fuzz of ``fmt``: seeded mutations of card files; the formatted file must mean what the file meant.

Takes the bundled library's cards (and, with ``--cards DIR``, the card files under DIR too, e.g. the corpus
translated by ``cardscript translate --out DIR``), makes ``--cases`` mutated files (1-3 edits of
``tests/card_mutations.py`` each), and for each one that parses compares the formatted file's
meaning (lowered IR and diagnostic codes) with the mutated file's, and fmt of fmt with fmt. Counts, besides,
how often the unchecked canonical text (the renderer alone) would have changed the meaning -- the cases the
check of ``cardscript.compiler.formatting`` catches. Prints a Markdown table; exits 1 on any failure.

    python bench/fuzz_fmt.py --cases 2000 --seed 1 [--cards /tmp/corpus-cards]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

from cardscript.compiler.formatting import format_card, meaning, rendered_file
from cardscript.compiler.pipeline import compile_paths, compile_source, library_path, names_from_headers
from cardscript.core.source import SourceFile

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from card_mutations import random_mutations  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", metavar="DIR", help="more card files to mutate (besides the bundled library)")
    parser.add_argument("--seconds", type=float, default=3600.0)
    args = parser.parse_args()
    start = time.monotonic()
    cards = compile_paths([library_path(), *([args.cards] if args.cards else [])])
    names = names_from_headers(c.raw for c in cards if c.raw is not None)
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    for _ in range(args.cases):
        if time.monotonic() - start > args.seconds:
            break
        card = rng.choice(cards)
        text = card.source.text
        edits = random_mutations(rng, rng.randint(1, 3))
        for edit in edits:
            text = edit(text)
        counts["tried"] += 1
        mutant = compile_source(SourceFile(card.source.path, text), names)
        if not mutant.parsed:
            counts["do not parse (fmt leaves them, with their diagnostics)"] += 1
            continue
        counts["parse"] += 1
        want = meaning(mutant)
        raw = rendered_file(mutant)
        if raw is not None and meaning(compile_source(SourceFile(card.source.path, raw), names)) != want:
            counts["renderer alone would change the meaning (caught by the check)"] += 1
        formatted = format_card(mutant, names)
        if formatted.text is None:
            counts["left as they are (no canonical form keeps the meaning)"] += 1
            continue
        counts["paragraphs kept as written"] += formatted.kept
        again = compile_source(SourceFile(card.source.path, formatted.text), names)
        if meaning(again) != want:
            failures.append(f"{card.source.path}: meaning changed\n{text!r}")
        elif format_card(again, names).text != formatted.text:
            failures.append(f"{card.source.path}: fmt of fmt differs\n{text!r}")
    counts["failures"] = len(failures)
    print(f"fuzz_fmt: seed {args.seed}, {len(cards)} card files, {time.monotonic() - start:.0f} s\n")
    print("| figure | count |\n|---|---:|")
    for key in ["tried", "parse", "do not parse (fmt leaves them, with their diagnostics)",
                "renderer alone would change the meaning (caught by the check)", "paragraphs kept as written",
                "left as they are (no canonical form keeps the meaning)", "failures"]:
        print(f"| {key} | {counts[key]} |")
    for failure in failures[:20]:
        print("\nFAILURE:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
