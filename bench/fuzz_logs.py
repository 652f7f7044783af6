"""Long fuzz of match logs: random edits of real logs, every one must be refused by ``play --replay``'s check.

Plays ``--matches`` seeded matches (heuristic and random agents in turn, every third with an agent that gives
a wrong-typed answer before each legal one, so that logs hold ``refused`` events too), saves each log, and
makes ``--edits`` random edits of each (``tests/log_edits.py``: values, keys, events removed,
repeated, moved or forged, truncation, bytes, lines, the seal; most resealed as a forger would). Each edited
file goes through :func:`read_log` and :func:`check_log`; an edit accepted, or an exception other than the
documented refusal, is a failure. Prints a Markdown table (the figures of docs/reliability.md) and exits 1
on any failure. ``--seconds`` bounds the run.

    python bench/fuzz_logs.py --matches 6 --edits 300 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardscript.engine.agents import Agent, Decision, RandomAgent
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.log_check import LogError, check_log, read_log
from cardscript.games.battle_scenes.runtime.match import (
    bundled_deck_path,
    load_deck_file,
    make_agents,
    new_match,
    play_match,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from log_edits import random_edit  # noqa: E402

WRONG: list[Any] = ["0", 1.5, None, [0.5], [[0]], [True], [99], {"a": 1}, 7]


@dataclass
class Clumsy:
    """A random agent that gives a wrong-typed answer before each of its legal ones."""

    inner: RandomAgent
    calls: int = 0

    def decide(self, decision: Decision) -> Sequence[int]:
        self.calls += 1
        if self.calls % 2:
            return WRONG[(self.calls // 2) % len(WRONG)]  # type: ignore[no-any-return]
        return self.inner.decide(decision)


def match_log(seed: int, folder: Path) -> tuple[str, str]:
    """The text of one seeded match's saved log and how it was played."""
    deck_a = load_deck_file(bundled_deck_path("vingadores"))
    deck_b = load_deck_file(bundled_deck_path("irmandade"))
    kind = ("heuristic", "random", "clumsy")[seed % 3]
    agents: list[Agent] = (make_agents("random" if kind == "clumsy" else kind, seed))
    if kind == "clumsy":
        agents[0] = Clumsy(RandomAgent(seed))
    game = new_match(deck_a, deck_b, agents, seed=seed, deck_names=("vingadores", "irmandade"))
    play_match(game, max_turns=200)
    path = folder / f"match-{seed}.jsonl"
    game.log.save(path)
    return path.read_text(encoding="utf-8"), kind


def fuzz(text: str, edits: int, rng: random.Random, folder: Path, deadline: float,
         counts: Counter[str], failures: list[str]) -> None:
    """``edits`` random edits of one log (or until ``deadline``), counted by how they were refused."""
    path = folder / "edited.jsonl"
    for _ in range(edits):
        if time.monotonic() > deadline:
            return
        edit = random_edit(text, rng)
        path.write_bytes(edit.data)
        counts["tried"] += 1
        counts["resealed"] += edit.resealed
        try:
            verdict = check_log(read_log(path))
        except LogError:
            counts["refused reading (not JSON, wrong shape, truncated, seal)"] += 1
            continue
        except BaseException as exc:  # noqa: BLE001 - a crash is what this run looks for
            counts["failures"] += 1
            failures.append(f"{edit.what}: crash {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
            continue
        if verdict.ok:
            counts["failures"] += 1
            failures.append(f"{edit.what}: accepted ({verdict.message})")
        elif "sealed with" in verdict.message or "(seal)" in verdict.message:
            counts["refused by the seal"] += 1
        else:
            counts["refused by the replay (first event that differs)"] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--edits", type=int, default=300, help="random edits of each match's log")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=3600.0, help="stop making edits after this long")
    args = parser.parse_args()
    load_library()
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    events = 0
    start = time.monotonic()
    deadline = start + args.seconds
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for k in range(args.matches):
            text, kind = match_log(args.seed + k, folder)
            events += text.count("\n") - 1
            assert check_log(read_log(folder / f"match-{args.seed + k}.jsonl")).ok, "an unedited log must replay"
            counts[f"logs ({kind} agents)"] += 1
            fuzz(text, args.edits, rng, folder, deadline, counts, failures)
    elapsed = time.monotonic() - start
    print(f"fuzz_logs: seed {args.seed}, {args.matches} matches ({events} events), {elapsed:.0f} s\n")
    print("| figure | count |\n|---|---:|")
    for key in ["tried", "resealed", "refused reading (not JSON, wrong shape, truncated, seal)",
                "refused by the seal", "refused by the replay (first event that differs)", "failures"]:
        print(f"| {key} | {counts[key]} |")
    for key in sorted(k for k in counts if k.startswith("logs")):
        print(f"| {key} | {counts[key]} |")
    for failure in failures[:20]:
        print("\nFAILURE:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
