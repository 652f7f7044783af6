"""How many effects find all their words in the anatomy's tables (docs/anatomy.md): every effect and action mode of
a folder of card files (default: the bundled library), in Apoteose's terms.

    python bench/anatomy_coverage.py [DIR]     # e.g. a corpus translated with cardscript translate

Prints the anatomies, how many are of texts the compiler does not read (no activation), and each name no table
knows, with how often.
"""

from __future__ import annotations

import sys
from collections import Counter

import cardscript.games.battle_scenes.anatomy_words  # noqa: F401 - Battle Scenes' rows
from cardscript.compiler.anatomy import Activation, Anatomy, card_anatomies
from cardscript.compiler.files import card_files
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import compile_paths


def _unknown(found: Anatomy, names: Counter[str]) -> None:
    for entry in (*found.timing, *found.limit, *found.scope, *found.requirements):
        if not entry.known:
            names[entry.words.pt] += 1
    for step in found.task:
        if not step.known:
            names[f"family {step.family}"] += 1
    for generated in found.generated:
        _unknown(generated, names)


def main(folders: list[str]) -> int:
    from cardscript.compiler.files import library_path

    paths = card_files(folders or [str(library_path())])
    total = unread = 0
    names: Counter[str] = Counter()
    for card in compile_paths(paths):
        if not card.bound:
            continue
        definition = lower_card(card)
        for _, found in card_anatomies(definition.effects, definition.action):
            total += 1
            if found.activation is Activation.UNKNOWN:
                unread += 1
            else:
                _unknown(found, names)
    print(f"anatomies: {total}, of texts not read: {unread}, names with no words: {sum(names.values())}")
    for name, n in names.most_common():
        print(f"  {n:5d}  {name}")
    return 1 if names else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
