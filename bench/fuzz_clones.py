"""The long clone check of the steppable engine (issue 12 part 4; docs/performance.md): many more matches and
decks than ``tests/test_stepping.py``, with random decks of any card folders.

    python bench/fuzz_clones.py --library DIR [DIR ...] --seeds 1 250 [--rate 0.05]

For each seed, random decks of the folders' executable cards (``runtime.random_decks``) are played by random
agents one decision at a time; at about ``--rate`` of the decisions the match is cloned, and sometimes
determinised for the player deciding and played out. At the end each clone is given the answers the original got
after it was made: it must end with the original's whole log and state hash. Prints the clones checked, those that
differ, the determinisations that could not reach their decision (``ReplayDiverged``: a re-dealt card mattered
since the last rest point), and any error with its seed. Exit 1 when a clone differs or a match fails.
"""

from __future__ import annotations

import argparse
import random
import time
import traceback
from dataclasses import asdict

from cardscript.engine.agents import RandomAgent
from cardscript.games.battle_scenes.runtime.library import load_libraries
from cardscript.games.battle_scenes.runtime.match import make_agents
from cardscript.games.battle_scenes.runtime.random_decks import card_pool, random_decks
from cardscript.games.battle_scenes.runtime.stepping import ReplayDiverged, SteppedMatch


def check_seed(definitions: list[object], seed: int, rate: float) -> tuple[int, int, int]:
    """One match of random decks: (clones checked, clones that differ, determinisations diverged)."""
    deck_a, deck_b = random_decks(definitions, seed)                  # type: ignore[arg-type]
    match = SteppedMatch.start(deck_a, deck_b, seed=seed, facts=(False, False))
    agents = make_agents("random", seed)
    rng = random.Random(seed)
    answers: list[object] = []
    clones: list[tuple[int, SteppedMatch]] = []
    diverged = 0
    decision = match.advance()
    while decision is not None:
        if rng.random() < rate:
            clones.append((len(answers), match.clone()))
            if rng.random() < 0.3:
                dealt = match.determinize(decision.player, rng)
                try:
                    dealt.finish([RandomAgent(seed + 5), RandomAgent(seed + 6)])
                except ReplayDiverged:
                    diverged += 1
        answers.append(agents[decision.player].decide(decision))
        decision = match.give(answers[-1])
    events = [asdict(e) for e in match.game.log.events]
    bad = 0
    for since, clone in clones:
        for raw in answers[since:]:
            clone.give(raw)
        if clone.state_hash() != match.state_hash() or [asdict(e) for e in clone.game.log.events] != events:
            bad += 1
            print(f"seed {seed}: the clone made after {since} answers differs")
    return len(clones), bad, diverged


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--library", nargs="+", required=True, metavar="DIR", help="card folders (e.g. translated corpora)")
    ap.add_argument("--seeds", nargs=2, type=int, default=(1, 100), metavar=("FIRST", "COUNT"))
    ap.add_argument("--rate", type=float, default=0.05, help="the share of decisions a clone is made at")
    args = ap.parse_args(argv)
    pool = card_pool(entries=load_libraries(args.library).folder_entries())
    first, count = args.seeds
    checked = bad = diverged = failed = 0
    start = time.perf_counter()
    for seed in range(first, first + count):
        try:
            c, b, d = check_seed(list(pool.definitions), seed, args.rate)
        except Exception as exc:  # noqa: BLE001 - reported with its seed; the other seeds go on
            failed += 1
            print(f"seed {seed}: {type(exc).__name__}: {exc}")
            traceback.print_exc()
            continue
        checked, bad, diverged = checked + c, bad + b, diverged + d
    print(f"seeds {first}..{first + count - 1}: {checked} clones checked, {bad} different, {diverged} "
          f"determinisations diverged, {failed} matches failed ({time.perf_counter() - start:.0f} s)")
    return 1 if bad or failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
