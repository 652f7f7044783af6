"""Rules-engine benchmark: random games per second and procedures resolved per second.

Plays ``--games`` seeded random matches between the two bundled decks (vingadores vs irmandade), once
without and once with invariant checks after every primitive (``Game(check=True)``, as ``cardscript
simulate`` runs), side by side in one run, and prints a Markdown table.

    python bench/engine_bench.py --games 100 --seed 1
"""

from __future__ import annotations

import argparse
import time

from cardscript.runtime.match import bundled_deck_path, load_deck_file, new_match, play_match


def run(games: int, seed: int, check: bool) -> dict[str, float]:
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    procedures = events = turns = 0
    start = time.perf_counter()
    for k in range(games):
        game = new_match(deck_a, deck_b, seed=seed + k, check=check)
        result = play_match(game)
        procedures += result.procedures
        events += len(game.log.events)
        turns += result.turns
    elapsed = time.perf_counter() - start
    return {"seconds": elapsed, "games/s": games / elapsed, "procedures/s": procedures / elapsed,
            "events/s": events / elapsed, "turns/s": turns / elapsed, "procedures": procedures, "turns": turns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_deck_file(bundled_deck_path("vingadores"))          # warm the library cache, outside the timing
    plain = run(args.games, args.seed, check=False)
    checked = run(args.games, args.seed, check=True)
    print(f"{args.games} random games, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"{plain['turns']:.0f} turns, {plain['procedures']:.0f} procedures resolved\n")
    print("| run | time | games/s | turns/s | procedures/s | events/s |")
    print("|---|---|---|---|---|---|")
    for label, r in (("no checks", plain), ("invariants checked (simulate)", checked)):
        print(f"| {label} | {r['seconds'] * 1000:.0f} ms | {r['games/s']:.1f} | {r['turns/s']:.0f} | "
              f"{r['procedures/s']:.0f} | {r['events/s']:.0f} |")
    print(f"| **ratio checked / plain** | **{checked['seconds'] / plain['seconds']:.2f}** | | | | |")


if __name__ == "__main__":
    main()
