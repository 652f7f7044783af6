"""Parallel simulation benchmark: ``cardscript simulate`` serial vs ``--workers N``, side by side in one run.

Plays ``--games`` seeded random matches between the bundled decks (vingadores vs irmandade) with the invariant
checks on, as ``cardscript simulate`` does: serially (:func:`simulate_matches`, one process) and over ``--workers``
spawned processes (:func:`parallel.simulate_processes`: process start-up, imports and the decks sent to each
worker included in its time), alternating the two ``--repeat`` times, and prints a Markdown table of the best
run of each, their games/s ratio and whether the two reports are identical (they must be). The decks are
compiled once, before any timing. ``cpu s`` is the CPU time of the run (the parent's, plus the workers' for the
parallel run): their ratio is the parallel overhead (start-up, pickling) whatever else the machine is running, and
from it the ratio on idle cores is estimated.

    python bench/simulate_bench.py --games 200 --seed 1 --workers 2 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from typing import Any

from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, simulate_matches
from cardscript.games.battle_scenes.runtime.parallel import FixedDecks, MatchSettings, simulate_processes


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(run: Any) -> tuple[Any, float, float]:
    cpu, start = _cpu(), time.perf_counter()
    report = run()
    return report, time.perf_counter() - start, _cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3, help="alternated runs of each; the best is reported")
    args = parser.parse_args()
    decks = FixedDecks(tuple(load_deck_file(bundled_deck_path("vingadores"))),
                       tuple(load_deck_file(bundled_deck_path("irmandade"))))
    settings = MatchSettings()
    best: dict[str, tuple[float, float]] = {}
    reports: dict[str, Any] = {}
    for _ in range(args.repeat):
        runs = {
            "serial": lambda: simulate_matches(decks, args.games, seed=args.seed),
            f"--workers {args.workers}": lambda: simulate_processes(decks, settings, args.games, args.seed,
                                                                    args.workers),
        }
        for label, run in runs.items():
            report, wall, cpu = timed(run)
            reports[label] = report.to_dict()
            if label not in best or wall < best[label][0]:
                best[label] = (wall, cpu)
    (serial, s_cpu), (parallel, p_cpu) = best.values()
    identical = len({repr(r) for r in reports.values()}) == 1
    print(f"{args.games} random matches (invariants checked), seeds {args.seed}..{args.seed + args.games - 1}, "
          f"best of {args.repeat} alternated runs, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}\n")
    print("| run | time | games/s | cpu s |")
    print("|---|---|---|---|")
    for label, (wall, cpu) in best.items():
        print(f"| {label} | {wall * 1000:.0f} ms | {args.games / wall:.1f} | {cpu:.1f} |")
    print(f"| **ratio parallel / serial games/s** | | **{serial / parallel:.2f}** | {p_cpu / s_cpu:.2f} |")
    print(f"\nfrom the CPU times, on {args.workers} idle cores the ratio would be about "
          f"{s_cpu / (p_cpu / args.workers):.2f} (the parallel run's CPU time shared evenly by the workers)")
    print(f"\nreports identical: {'yes' if identical else 'NO'}")


if __name__ == "__main__":
    main()
