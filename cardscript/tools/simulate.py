"""``cardscript simulate``: many seeded matches with invariant checks."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardscript.tools.common import out
from cardscript.tools.play import add_match_options, decks


def run(args: argparse.Namespace) -> int:
    """Seeded matches with invariant checks: wins per deck, average turns, violations."""
    from cardscript.runtime.match import simulate

    deck_a, deck_b, names = decks(args)

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    report = simulate(deck_a, deck_b, args.games, seed=args.seed, max_turns=args.max_turns,
                      progress=None if args.quiet else progress, agents=args.agents)
    out(f"games: {report.games} ({args.agents} agents)")
    for i in (0, 1):
        out(f"wins {names[i]} (player {i}): {report.wins[i]}")
    for reason, n in sorted(report.by_reason.items()):
        out(f"  {reason}: {n}")
    out(f"unfinished (max turns {args.max_turns}): {report.unfinished}")
    out(f"average turns: {report.average_turns:.1f}")
    out(f"procedures resolved: {report.procedures} (errors: {report.procedure_errors})")
    out(f"invariant violations: {len(report.violations)}")
    for v in report.violations[:10]:
        out(f"  {v}")
    return 1 if report.violations else 0


def register(sub: Any) -> None:
    g = sub.add_parser("simulate", help="many seeded matches: wins per deck, average turns, invariant violations")
    add_match_options(g, "random")
    g.add_argument("--games", type=int, default=100)
    g.add_argument("--quiet", action="store_true", help="no progress bar")
    g.set_defaults(func=run)
