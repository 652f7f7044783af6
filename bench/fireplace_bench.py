"""The rules engine vs fireplace (the Python Hearthstone simulator): random games per second, side by side in
one run.

Plays ``--games`` seeded random games of cardscript -- the bundled decks (vingadores vs irmandade), random
agents, no invariant checks (the plain engine, as ``bench/engine_bench.py``'s first row) -- and ``--games``
random games of fireplace, run by ``bench/fireplace_driver.py`` in ``--fireplace-python`` (an interpreter that
has fireplace installed: it is not a dependency of cardscript; see docs/performance.md for how to install it),
alternating the two ``--repeat`` times, and prints the best rate of each and their ratio, by the wall clock and
by each process's CPU time (which a machine loaded by other jobs disturbs far less). A game's time runs from
building the match to its end on both sides (cardscript's decks are compiled once, fireplace's card database
loaded once and its drafts timed apart). When fireplace cannot be run it says so and exits 0.

    python bench/fireplace_bench.py --games 50 --seed 1 --fireplace-python /work/venv-fireplace/bin/python
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, new_match, play_match

DRIVER = Path(__file__).with_name("fireplace_driver.py")


def cardscript_games(games: int, seed: int) -> dict[str, Any]:
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for k in range(games):
        result = play_match(new_match(deck_a, deck_b, seed=seed + k))
        turns += result.turns
    return {"games": games, "seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu,
            "turns": turns}


def fireplace_games(python: str, games: int, seed: int) -> dict[str, Any] | None:
    """The driver's report, or None (with a message) when fireplace cannot be run there."""
    try:
        done = subprocess.run([python, str(DRIVER), str(games), str(seed)], capture_output=True, text=True,
                              check=False)
    except OSError as exc:
        print(f"fireplace: cannot run {python} ({exc.strerror}); skipped")
        return None
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["no message"])[-1]
        print(f"fireplace: not run with {python}: {reason}; skipped (install it: docs/performance.md)")
        return None
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=2, help="alternated runs of each; the best is reported")
    parser.add_argument("--fireplace-python", default=sys.executable,
                        help="the interpreter that has fireplace installed (default: this one)")
    args = parser.parse_args()
    try:
        probe = subprocess.run([args.fireplace_python, "-c", "import fireplace"], capture_output=True, text=True,
                               check=False)
    except OSError as exc:
        print(f"fireplace: cannot run {args.fireplace_python} ({exc.strerror}); skipped")
        return 0
    if probe.returncode != 0:
        print(f"fireplace is not importable with {args.fireplace_python}; skipped (pass --fireplace-python, "
              "and see docs/performance.md for installing it)")
        return 0
    load_deck_file(bundled_deck_path("vingadores"))            # the library compiled outside the timing
    best: dict[str, dict[str, Any]] = {}
    for _ in range(args.repeat):
        ours = cardscript_games(args.games, args.seed)
        theirs = fireplace_games(args.fireplace_python, args.games, args.seed)
        if theirs is None:
            return 0
        for label, run in (("cardscript", ours), ("fireplace", theirs)):
            if label not in best or run["cpu"] < best[label]["cpu"]:
                best[label] = run
    fp = best["fireplace"]
    print(f"{args.games} random games each, seeds {args.seed}..{args.seed + args.games - 1}, best of "
          f"{args.repeat} alternated runs; fireplace: {fp['errors']} game(s) stopped by a fireplace error, "
          f"{fp['unfinished']} unfinished, card database {fp['load_seconds']:.1f} s, drafts "
          f"{fp['draft_seconds'] / max(1, fp['games']) * 1000:.0f} ms a game (not timed), Python {fp['python']}\n")
    print("| engine | time | games/s | CPU time | games/s of CPU | turns/game | turns/s |")
    print("|---|---|---|---|---|---|---|")
    rate, cpu_rate = {}, {}
    for label, run in best.items():
        rate[label] = run["games"] / run["seconds"]
        cpu_rate[label] = run["games"] / run["cpu"]
        print(f"| {label} | {run['seconds'] * 1000:.0f} ms | {rate[label]:.2f} | {run['cpu'] * 1000:.0f} ms | "
              f"{cpu_rate[label]:.2f} | {run['turns'] / run['games']:.1f} | {run['turns'] / run['seconds']:.0f} |")
    print(f"| **ratio cardscript / fireplace** | | **{rate['cardscript'] / rate['fireplace']:.1f}x** | | "
          f"**{cpu_rate['cardscript'] / cpu_rate['fireplace']:.1f}x** | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
