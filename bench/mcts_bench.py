"""Search-agent benchmark (issue 12 part 7): the MCTS agent against the heuristic agent.

Plays ``--games`` seeded matches between the two bundled decks (vingadores as player 0, irmandade as player 1),
the search agent (runtime.mcts.MCTSAgent) in seat 0 of the even games and seat 1 of the odd ones (so it plays
each deck and each seat half the time) against runtime.agents.HeuristicAgent, on the steppable engine
(runtime.stepping.play_stepped). Prints the search agent's win rate with its 95% Wilson interval, per seat, and
the time of its searched decisions (wall: mean, 99th percentile, slowest; and the process's CPU time, which a
loaded machine does not inflate) with the playouts they ran.

    python bench/mcts_bench.py --games 200 --seed 1 --budget-ms 1000
    python bench/mcts_bench.py --games 20 --seed 1 --playouts 16 --workers 2     # deterministic budget

``--workers N`` plays the matches over N processes (the figures are the same: each match is seeded alone;
the times are each process's own). ``--json`` prints the figures as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardscript.engine.agents import HeuristicAgent
from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file
from cardscript.games.battle_scenes.runtime.mcts import MCTSAgent


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (a draw counts half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


Job = tuple[int, int | None, float | None, int, float, float, int, int, bool, str, float, bool]


def play_one(args: Job) -> dict[str, Any]:
    """One match: the search agent's seat, the winner, the turns and the searched decisions' times."""
    from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch, play_stepped

    game_seed, playouts, ms, depth, exploration, scale, max_turns, tree_depth, paired, phases, margin, cpu_clock = args
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    seat = game_seed % 2
    searcher = MCTSAgent(game_seed * 2 + 1 + seat, playouts=playouts, ms=ms, depth=depth, exploration=exploration,
                         scale=scale, tree_depth=tree_depth or None, paired=paired, margin=margin,
                         play_phases=tuple(phases.split(",")), cpu_clock=cpu_clock)
    agents: list[Any] = [None, None]
    agents[seat] = _Timed(searcher)
    agents[1 - seat] = HeuristicAgent(game_seed * 2 + 2 - seat)
    match = SteppedMatch.start(deck_a, deck_b, seed=game_seed, max_turns=max_turns)
    start = time.perf_counter()
    result = play_stepped(match, agents)
    return {"seed": game_seed, "seat": seat, "winner": result.winner, "turns": result.turns,
            "seconds": time.perf_counter() - start, "times": agents[seat].times, "cpu": agents[seat].cpu,
            "iterations": searcher.iterations, "searches": searcher.searches}


class _Timed:
    """The search agent, with the wall time of each searched decision kept."""

    def __init__(self, agent: MCTSAgent) -> None:
        self.agent = agent
        self.times: list[float] = []
        self.cpu: list[float] = []                # the process's CPU time (all its threads): the load aside
        self.wants_facts = True

    def decide(self, decision: Any) -> Any:
        return self.agent.decide(decision)

    def decide_in(self, match: Any, decision: Any) -> Any:
        before = self.agent.searches
        start, cpu = time.perf_counter(), time.process_time()
        answer = self.agent.decide_in(match, decision)
        if self.agent.searches > before:
            self.times.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - cpu)
        return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=None, help="milliseconds per searched decision")
    parser.add_argument("--playouts", type=int, default=None, help="playouts per searched decision")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="--budget-ms counts the process's CPU time (a shared machine: what an idle one does)")
    parser.add_argument("--depth", type=int, default=1, help="turns a playout plays before it is evaluated")
    parser.add_argument("--tree-depth", type=int, default=1, help="nodes on a path (0: no bound)")
    parser.add_argument("--unpaired", action="store_true", help="no common random numbers at the root")
    parser.add_argument("--play-phases", default="preparation,combat",
                        help="the phases whose plays are searched (comma-separated)")
    parser.add_argument("--margin", type=float, default=0.01,
                        help="how much better than the heuristic's answer a searched answer must be")
    parser.add_argument("--exploration", type=float, default=0.7)
    parser.add_argument("--scale", type=float, default=8.0, help="the evaluation's squashing scale")
    parser.add_argument("--max-turns", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--records", metavar="FILE",
                        help="append each finished match as a JSON line (an interrupted run keeps its matches)")
    parser.add_argument("--summarize", metavar="FILE", help="print the figures of a --records file and stop")
    args = parser.parse_args()
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as f:
            done = [json.loads(line) for line in f if line.strip()]
        print(json.dumps({k: v for k, v in summary(done, 0.0).items() if k != "matches"}, indent=2))
        return
    if args.budget_ms is None and args.playouts is None:
        args.budget_ms = 1000.0
    jobs = [(args.seed + k, args.playouts, args.budget_ms, args.depth, args.exploration, args.scale, args.max_turns,
             args.tree_depth, not args.unpaired, args.play_phases, args.margin, args.cpu_clock)
            for k in range(args.games)]
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    def record(r: dict[str, Any]) -> None:
        results.append(r)
        _progress(results, args.games)
        if args.records:
            with open(args.records, "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")

    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            for r in pool.map(play_one, jobs):
                record(r)
    else:
        for job in jobs:
            record(play_one(job))
    wall = time.perf_counter() - start
    report = summary(results, wall)
    report["command"] = " ".join(["python bench/mcts_bench.py", *sys.argv[1:]])
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['games']} games, seeds {args.seed}..{args.seed + args.games - 1}, search agent vs heuristic "
          f"(budget: {args.playouts or '-'} playouts, {args.budget_ms or '-'} ms; depth {args.depth}, "
          f"exploration {args.exploration}, scale {args.scale}, tree depth {args.tree_depth or 'unbounded'}, "
          f"{'unpaired' if args.unpaired else 'paired'}, plays searched in {args.play_phases}, margin {args.margin})")
    lo, hi = report["ci95"]
    print(f"search agent wins: {report['wins']} of {report['games']} = {report['rate']:.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}); draws/unfinished {report['draws']}")
    for seat in (0, 1):
        s = report["seats"][seat]
        print(f"  as player {seat} ({('vingadores', 'irmandade')[seat]}): {s['wins']} of {s['games']}")
    t = report["decisions"]
    print(f"searched decisions: {t['count']}, mean {t['mean_ms']:.0f} ms, p99 {t['p99_ms']:.0f} ms, "
          f"slowest {t['max_ms']:.0f} ms; {t['playouts_per_search']:.1f} playouts per search")
    if t["cpu_mean_ms"] is not None:
        print(f"their CPU time (the machine's load aside): mean {t['cpu_mean_ms']:.0f} ms, "
              f"slowest {t['cpu_max_ms']:.0f} ms")
    print(f"wall time {wall:.0f} s")


def summary(results: list[dict[str, Any]], wall: float) -> dict[str, Any]:
    """Wins (draws half), the Wilson interval, per-seat wins, and the searched decisions' times."""
    wins = sum(1 for r in results if r["winner"] == r["seat"])
    draws = sum(1 for r in results if r["winner"] is None)
    n = len(results)
    score = wins + draws / 2
    times = sorted(t for r in results for t in r["times"])
    cpu = sorted(t for r in results for t in r.get("cpu", []))
    searches = sum(r["searches"] for r in results)
    seats = [{"games": sum(1 for r in results if r["seat"] == s),
              "wins": sum(1 for r in results if r["seat"] == s and r["winner"] == s)} for s in (0, 1)]
    return {
        "games": n, "wins": wins, "draws": draws, "rate": score / n if n else 0.0, "ci95": wilson(score, n),
        "seats": seats, "wall_seconds": round(wall, 1),
        "decisions": {"count": len(times), "mean_ms": 1000 * sum(times) / len(times) if times else 0.0,
                      "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))] if times else 0.0,
                      "max_ms": 1000 * times[-1] if times else 0.0,
                      "playouts_per_search": sum(r["iterations"] for r in results) / searches if searches else 0.0,
                      "cpu_mean_ms": 1000 * sum(cpu) / len(cpu) if cpu else None,
                      "cpu_max_ms": 1000 * cpu[-1] if cpu else None},
        "matches": [{k: v for k, v in r.items() if k not in ("times", "cpu")} for r in results],
    }


def _progress(results: list[dict[str, Any]], total: int) -> None:
    wins = sum(1 for r in results if r["winner"] == r["seat"])
    sys.stderr.write(f"\r{len(results)}/{total} games, search agent won {wins}")
    if len(results) == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


if __name__ == "__main__":
    main()
