"""Rules-engine benchmark: random games per second and procedures resolved per second.

Plays ``--games`` seeded random matches between the two bundled decks (vingadores vs irmandade), once
without and once with invariant checks after every primitive (``Game(check=True)``, as ``cardscript
simulate`` runs), side by side in one run, and prints a Markdown table.

    python bench/engine_bench.py --games 100 --seed 1
    python bench/engine_bench.py --games 100 --seed 1 --compare main --rounds 3
    python bench/engine_bench.py --games 100 --seed 1 --verify main

``--verify REF``: the same seeded games played by this engine and by the one of REF, with and without invariant
checks, must give the same event logs and final states (one digest per game: its events as JSON, its state hash).

``--compare REF``: the same games played by the engine of the git commit REF (``git archive`` of it in a temporary
folder, run with this script in a child process whose ``PYTHONPATH`` puts it first), alternating with this
engine's, ``--rounds`` times each; the best time of each is reported, with the ratio.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardscript.engine.events import state_hash
from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, new_match, play_match


def run(games: int, seed: int, check: bool, digests: list[str] | None = None) -> dict[str, float]:
    """Play the seeded games; ``digests``: gets one digest per game (its whole event log and final state, hashed
    after the timing) -- what two engines must agree on (principle 9)."""
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    procedures = events = turns = 0
    played = []
    start, cpu = time.perf_counter(), time.process_time()
    for k in range(games):
        game = new_match(deck_a, deck_b, seed=seed + k, check=check)
        result = play_match(game)
        procedures += result.procedures
        events += len(game.log.events)
        turns += result.turns
        if digests is not None:
            played.append(game)
    elapsed = time.perf_counter() - start
    cpu_time = time.process_time() - cpu
    if digests is not None:
        digests.extend(game_digest(game) for game in played)
    return {"seconds": elapsed, "cpu": cpu_time, "games/s": games / elapsed,
            "procedures/s": procedures / elapsed,
            "events/s": events / elapsed, "turns/s": turns / elapsed, "procedures": procedures, "turns": turns}


def game_digest(game: object) -> str:
    """One game's digest: every event of its log (JSON, in order) and the hash of its final state."""
    h = hashlib.sha256()
    for event in game.log.events:                                        # type: ignore[attr-defined]
        h.update(event.to_json().encode())
        h.update(b"\n")
    h.update(state_hash(game.state).encode())                            # type: ignore[attr-defined]
    return h.hexdigest()[:16]


def digests_of(games: int, seed: int, check: bool, source: Path | None) -> list[str]:
    """The digests of the seeded games played by the engine of ``source`` (None: this one), in a child process."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(source), *filter(None, [env.get("PYTHONPATH")])])
    cmd = [sys.executable, __file__, "--games", str(games), "--seed", str(seed),
           "--digests", "checked" if check else "plain"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    found: list[str] = json.loads(done.stdout.splitlines()[-1])
    return found


def verify(games: int, seed: int, ref: str) -> bool:
    """The seeded games give the same event logs and final states with this engine as with the one of commit
    ``ref``, with and without invariant checks (``Game(check=True)``); prints what differs."""
    same = True
    with _archive(ref) as tmp:
        for check in (False, True):
            theirs = digests_of(games, seed, check, tmp)
            mine = digests_of(games, seed, check, None)
            differ = [seed + k for k, (a, b) in enumerate(zip(theirs, mine, strict=True)) if a != b]
            what = "invariants checked" if check else "no checks"
            print(f"{games} games, seeds {seed}..{seed + games - 1}, {what}: "
                  + ("same logs and final states as " + ref if not differ else f"DIFFERENT from {ref}: seeds {differ}"))
            same = same and not differ
    return same


def _child(games: int, seed: int, check: bool, source: Path | None) -> dict[str, float]:
    """One run in a child process, with the engine of ``source`` (a folder) first on the path (None: this one)."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(source), *filter(None, [env.get("PYTHONPATH")])])
    cmd = [sys.executable, __file__, "--games", str(games), "--seed", str(seed),
           "--one", "checked" if check else "plain"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


@contextmanager
def _archive(ref: str) -> Iterator[Path]:
    """The tree of commit ``ref`` (``git archive``) in a temporary folder."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="engine-bench-") as tmp:
        archive = subprocess.run(["git", "-C", str(root), "archive", ref], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        yield Path(tmp)


def compare(games: int, seed: int, ref: str, rounds: int, check: bool) -> None:
    """This engine against the one of commit ``ref``, alternated ``rounds`` times; best of each (by the CPU time of
    the process, less sensitive than wall-clock to the other jobs of a shared machine)."""
    with _archive(ref) as tmp:
        mine: list[dict[str, float]] = []
        theirs: list[dict[str, float]] = []
        for _ in range(rounds):
            theirs.append(_child(games, seed, check, tmp))
            mine.append(_child(games, seed, check, None))
    best_mine = min(mine, key=lambda r: r["cpu"])
    best_theirs = min(theirs, key=lambda r: r["cpu"])
    what = "invariants checked" if check else "no checks"
    print(f"{games} random games, seeds {seed}..{seed + games - 1}, {what}, best of {rounds} alternated runs\n")
    print("| engine | CPU time | games/s (CPU) | wall time | turns | procedures |")
    print("|---|---|---|---|---|---|")
    for label, r in ((ref, best_theirs), ("this tree", best_mine)):
        print(f"| {label} | {r['cpu'] * 1000:.0f} ms | {games / r['cpu']:.1f} | {r['seconds'] * 1000:.0f} ms "
              f"| {r['turns']:.0f} | {r['procedures']:.0f} |")
    print(f"| **speed-up** | **{best_theirs['cpu'] / best_mine['cpu']:.2f}x** | | | | |")
    if (best_mine["turns"], best_mine["procedures"]) != (best_theirs["turns"], best_theirs["procedures"]):
        print("\nwarning: the two engines played different games (turns / procedures differ)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", metavar="REF", help="also time the engine of git commit REF, alternated")
    parser.add_argument("--rounds", type=int, default=3, help="alternated runs of each engine with --compare")
    parser.add_argument("--checked", action="store_true", help="with --compare: time the runs with invariant checks")
    parser.add_argument("--verify", metavar="REF", help="check that the seeded games give the same event logs and "
                        "final states as the engine of git commit REF, with and without checks (exit 1 if not)")
    parser.add_argument("--one", choices=("plain", "checked"), help=argparse.SUPPRESS)   # a child run: JSON out
    parser.add_argument("--digests", choices=("plain", "checked"), help=argparse.SUPPRESS)  # a child: digests out
    args = parser.parse_args()
    if args.digests:
        digests: list[str] = []
        run(args.games, args.seed, check=args.digests == "checked", digests=digests)
        print(json.dumps(digests))
        return
    if args.verify:
        sys.exit(0 if verify(args.games, args.seed, args.verify) else 1)
    if args.one:
        load_deck_file(bundled_deck_path("vingadores"))
        print(json.dumps(run(args.games, args.seed, check=args.one == "checked")))
        return
    if args.compare:
        compare(args.games, args.seed, args.compare, args.rounds, args.checked)
        return
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
