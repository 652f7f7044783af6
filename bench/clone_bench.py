"""Steppable engine benchmark (issue 12 part 4): copies and clones of a mid-game state, and what playing one
decision at a time costs, measured side by side in one run; prints a Markdown table.

A mid-game state: the bundled decks (vingadores vs irmandade), random agents, the match of ``--seed`` stepped
to the first decision of turn ``--turn``.

* ``GameState.copy()`` (explicit) beside ``copy.deepcopy`` of the same state (what it replaced);
* ``SteppedMatch.clone()``: a position (the last rest point's snapshot and the answers since);
* a clone made real: the snapshot copied, the answers since replayed, the state hash computed;
* random games played straight (``play_match``) beside the same games stepped (``play_stepped``: the engine in
  its thread, one hand-over per decision) and finished inline (``SteppedMatch.finish``).

    python bench/clone_bench.py --seed 3 --turn 8 --repeat 2000
"""

from __future__ import annotations

import argparse
import copy
import time
from collections.abc import Callable

from cardscript.games.battle_scenes.runtime.match import (
    bundled_deck_path,
    load_deck_file,
    make_agents,
    new_match,
    play_match,
)
from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch, play_stepped


def rate(work: Callable[[], object], repeat: int) -> float:
    """Calls per second of ``work`` (the best of three runs of ``repeat`` calls)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            work()
        best = min(best, time.perf_counter() - start)
    return repeat / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--turn", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=2000)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    match = SteppedMatch.start(deck_a, deck_b, seed=args.seed, facts=(False, False))
    agents = make_agents("random", args.seed)
    decision = match.advance()
    while decision is not None and match.game.state.turn < args.turn:
        decision = match.give(agents[decision.player].decide(decision))
    state = match.game.state
    position = match.position()
    print(f"mid-game state: seed {args.seed}, turn {state.turn} ({state.phase}), {len(state.scene)} cards in the "
          f"scene, {len(state.effects)} continuous effects, {len(match.game.log.events)} events in the log; a clone "
          f"starts from the snapshot of rest point {position.snapshot.at} and replays {len(position.answers)} "
          f"answers\n")

    def made_real() -> None:
        match.clone().state_hash()

    rows = [
        ("copy.deepcopy(state)", rate(lambda: copy.deepcopy(state), max(1, args.repeat // 20))),
        ("GameState.copy()", rate(state.copy, args.repeat)),
        ("SteppedMatch.clone()", rate(match.clone, args.repeat)),
        ("clone made real (restore, replay, state hash)", rate(made_real, max(1, args.repeat // 100))),
    ]
    print("| operation | per second | time each |")
    print("|---|---|---|")
    for name, per_second in rows:
        print(f"| {name} | {per_second:,.0f} | {1e6 / per_second:,.1f} us |")

    def straight() -> None:
        for k in range(args.games):
            play_match(new_match(deck_a, deck_b, make_agents("random", k), seed=k))

    def stepped() -> None:
        for k in range(args.games):
            play_stepped(SteppedMatch.start(deck_a, deck_b, seed=k, facts=(False, False)), make_agents("random", k))

    def inline() -> None:
        for k in range(args.games):
            SteppedMatch.start(deck_a, deck_b, seed=k, facts=(False, False)).finish(make_agents("random", k))

    print(f"\n{args.games} random games, the same seeds each way:\n")
    print("| driver | games/s | ratio to straight |")
    print("|---|---|---|")
    base = rate(straight, 1) * args.games
    for name, work in (("play_match (straight)", None), ("play_stepped (one hand-over per decision)", stepped),
                       ("SteppedMatch.finish (inline)", inline)):
        games = base if work is None else rate(work, 1) * args.games
        print(f"| {name} | {games:.1f} | {games / base:.2f} |")


if __name__ == "__main__":
    main()
