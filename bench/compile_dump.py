"""Checker (not a test): dump what the compiler makes of every card -- the lowered IR and its problems, the
ASTs, the keyword uses and the diagnostics -- so two trees can be diffed (behaviour must stay identical when the
compile is made faster).

    PYTHONHASHSEED=0 python bench/compile_dump.py OUT.txt [CARD_DIR ...]
    PYTHONHASHSEED=0 PYTHONPATH=<git archive of main> python bench/compile_dump.py BASE.txt [CARD_DIR ...]
    cmp BASE.txt OUT.txt

Without folders: both translated corpora (/tmp/s8cards/...) and the bundled library. The cache is off, so
every card is compiled cold; every card is compiled twice (through ``compile_cards`` as the library does, and
through ``compile_paths`` with its ASTs), so a result kept between calls that changed it would show.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

import cardscript
from cardscript.compiler.cache import compile_cards, store
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_paths, library_path

CORPORA = ["/tmp/s8cards/battle-scenes-cards-dev", "/tmp/s8cards/battle-scenes-cards-bsgc-bsaq"]


class _Rooted:
    """Writes lines with the tree's own folder written as ``<tree>`` (the library's and the prelude's paths)."""

    def __init__(self, out: TextIO, tree: str) -> None:
        self.out, self.tree = out, tree

    def write(self, text: str) -> None:
        self.out.write(text.replace(self.tree, "<tree>"))


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    dirs = sys.argv[2:] or [*CORPORA, str(library_path())]
    store.set_enabled(False)
    tree = str(Path(cardscript.__file__).resolve().parent.parent)     # two trees' paths differ: not compared
    with open(sys.argv[1], "w", encoding="utf-8") as raw_out:
        out = _Rooted(raw_out, tree)
        for d in dirs:
            for b in sorted(compile_cards([d]), key=lambda b: b.path):
                out.write(repr(b) + "\n")
            for card in sorted(compile_paths([d]), key=lambda c: c.source.path):
                out.write(repr((card.source.path, card.permanent, card.action, card.evolution, card.keywords,
                                card.diagnostics, card.unparsed, card.unbound)) + "\n")
                if card.raw is not None and card.bound:
                    try:
                        out.write(repr(lower_card(card)) + "\n")
                    except Exception as exc:  # noqa: BLE001 - a failing lowering is part of what is compared
                        out.write("LOWER-ERR " + repr(exc) + "\n")
    print(f"{sys.argv[1]}: {len(Path(sys.argv[1]).read_text(encoding='utf-8').splitlines())} lines")


if __name__ == "__main__":
    main()
