"""The engine's instructions for N seeded random games, counted by callgrind (deterministic, unlike this shared
machine's clock): the games run inside ``functools.reduce``, the function callgrind is told to count.

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce python bench/cg_engine.py 10
    PYTHONPATH=/tmp/main-tree valgrind ... python bench/cg_engine.py 10       # another engine (a git archive of it)

The bundled decks (vingadores vs irmandade), random agents, no invariant checks, seeds 1..N; one game (seed 999)
before, outside the count, to warm the caches of compiled cards.
"""

from __future__ import annotations

import argparse
import functools

from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, new_match, play_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int)
    args = parser.parse_args()
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    play_match(new_match(deck_a, deck_b, seed=999))
    functools.reduce(lambda _, k: play_match(new_match(deck_a, deck_b, seed=1 + k)), range(args.games), None)


if __name__ == "__main__":
    main()
