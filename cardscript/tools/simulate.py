"""``cardscript simulate``: many seeded matches with invariant checks (docs/simulation.md).

Two decks: ``--deck-a`` / ``--deck-b`` (default: the bundled ones), played in every match; or
``--random-decks``: two new random legal decks for every match, from the executable cards of the ``--library DIR``
folders (only theirs; the bundled library's when none is given). Deck files' cards come from the bundled library
plus the ``--library`` folders (repeatable; a folder's card with a bundled card's printed code replaces it).
The report: matches, wins per side, how they ended, average turns, procedure
errors and invariant violations, then each card whose procedure failed (card, file, procedure, error, count,
the seeds to replay). ``--json`` prints the same as one JSON object. An exception escaping the engine stops its
match only and is reported as a procedure error of the card being resolved; ``--debug`` prints its traceback.
Exit 0, or 1 when an invariant was violated, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cardscript.tools.common import err, folders_text, library_of, out
from cardscript.tools.play import (
    RANDOM_NAMES,
    UsageError,
    add_match_options,
    agents_kind,
    at_least,
    decks,
    library_arg,
    other_game,
    random_pool,
)


def _files(args: argparse.Namespace) -> dict[str, str]:
    """Title -> card file of the library the decks come from (for the report)."""
    from cardscript.games.battle_scenes.runtime.library import library_cards

    entries = library_of(args, notes=False).entries if library_arg(args) else library_cards()
    files: dict[str, str] = {}
    for e in entries:
        if e.definition is not None:
            files.setdefault(e.definition.title, e.path)
    return files


def run(args: argparse.Namespace) -> int:
    from cardscript.engine.win_rates import win_rates, win_rates_dict
    from cardscript.games.battle_scenes.runtime.parallel import FixedDecks, MatchSettings, RandomDecks, WorkerFailed
    from cardscript.tools.terminal import print_win_rates, progress_bar

    if args.games < 0:
        err("--games must be 0 or more")
        return 2
    routed = other_game(args, "simulate")
    if routed is not None:
        return routed
    try:
        kind = agents_kind(args)
        if args.random_decks:
            pool = random_pool(args)
            source: Any = RandomDecks(tuple(pool.definitions))
            names = RANDOM_NAMES
            files = {c.definition.title: c.path for c in pool.cards}
        else:
            deck_a, deck_b, names = decks(args)
            source = FixedDecks(tuple(deck_a), tuple(deck_b))
            files = _files(args)
    except UsageError as exc:
        err(str(exc))
        return 2
    settings = MatchSettings(agents=kind, max_turns=args.max_turns, files=files,
                             record_decks=args.random_decks)
    try:
        with progress_bar(enabled=not (args.quiet or args.json)) as progress:
            report = _simulate(args, source, settings, progress)
    except WorkerFailed as exc:
        err(str(exc))
        return 2
    if args.debug:
        for seed, text in report.tracebacks:
            sys.stderr.write(f"engine crash in the match of seed {seed}:\n{text}")
    if args.json:
        doc: dict[str, Any] = {"agents": kind, "seed": args.seed, "max_turns": args.max_turns,
                               "sides": list(names)}
        if args.random_decks:
            doc["decks"] = "random, two new decks per match"
            doc["pool"] = {"library": folders_text(args.library) if args.library else "bundled",
                           "card_files": pool.files,
                           "compiled": pool.compiled, "executable": len(pool.cards),
                           "shadowed": list(pool.shadowed)}
        else:
            doc["decks"] = list(names)
        doc.update(report.to_dict())
        doc["win_rates"] = win_rates_dict(report.matches, names)
        out(json.dumps(doc, ensure_ascii=False, indent=2))
        return 1 if report.violations else 0
    if args.random_decks:
        where = folders_text(args.library) if args.library else "the bundled library"
        out(f"decks: two new random legal decks per match (40 cards), from {len(pool.cards)} executable card(s) "
            f"of {pool.files} card file(s) in {where}")
    out(f"games: {report.games} ({kind} agents)")
    for i in (0, 1):
        out(f"wins {names[i]} (player {i}): {report.wins[i]}")
    for reason, n in sorted(report.by_reason.items()):
        out(f"  {reason}: {n}")
    out(f"unfinished (max turns {args.max_turns}): {report.unfinished}")
    out(f"engine crashes (the match stopped): {report.crashes}")
    out(f"average turns: {report.average_turns:.1f}")
    out(f"procedures resolved: {report.procedures} (errors: {report.procedure_errors})")
    out(f"invariant violations: {len(report.violations)}")
    for v in report.violations[:10]:
        out(f"  {v}")
    print_win_rates(win_rates(report.matches, names))
    _print_failures(args, report)
    return 1 if report.violations else 0


def _simulate(args: argparse.Namespace, source: Any, settings: Any, progress: Any) -> Any:
    """The report: serial (one process, :func:`simulate_matches`), or over ``--workers`` processes or a
    ``--ray`` cluster (:mod:`cardscript.games.battle_scenes.runtime.parallel`), the same report for the same seeds."""
    from cardscript.games.battle_scenes.runtime import parallel
    from cardscript.games.battle_scenes.runtime.match import simulate_matches

    if args.ray is not None:
        return parallel.simulate_ray(source, settings, args.games, args.seed, args.workers, args.ray, progress)
    if (args.workers or 1) > 1 and args.games > 1:
        return parallel.simulate_processes(source, settings, args.games, args.seed, args.workers, progress)
    return simulate_matches(source, args.games, seed=args.seed, max_turns=settings.max_turns, progress=progress,
                            agents=settings.agents, files=settings.files, record_decks=settings.record_decks)


def _print_failures(args: argparse.Namespace, report: Any) -> None:
    failures = report.failures_by_count()
    if not failures:
        return
    cards = len({f.card for f, _ in failures})
    out(f"cards whose procedures failed: {cards} ({len(failures)} distinct failures; count, card, file, then the "
        "procedure, the error and the seeds of the matches to replay):")
    shown = failures if args.top <= 0 else failures[: args.top]
    for failure, n in shown:
        card = failure.card or "(no card)"
        out(f"  {n:4}  {card}  {failure.file or '(file unknown)'}")
        out(f"        procedure: {failure.procedure}")
        out(f"        error: {failure.error}" + ("  [engine crash: the match stopped]" if failure.crash else ""))
        seeds = report.failure_seeds.get(failure, [])
        out(f"        seeds: {', '.join(str(s) for s in seeds[:8])}" + (" ..." if len(seeds) > 8 else ""))
    if len(shown) < len(failures):
        out(f"  ... and {len(failures) - len(shown)} more (--top 0 shows all, --json lists all)")
    library = "".join(f" --library {folder}" for folder in args.library or [])
    decks = " --random-decks" if args.random_decks else ""
    budget = "".join(f" --mcts-{k} {v}" for k, v in (("playouts", args.mcts_playouts), ("ms", args.mcts_ms))
                     if v is not None)
    out(f"replay a match: cardscript play{library}{decks} --agents {args.agents}{budget} --seed SEED")
    if report.crashes and not args.debug:
        out("(--debug prints each engine crash's traceback on standard error)")


def register(sub: Any) -> None:
    g = sub.add_parser("simulate", help="many seeded matches: wins per deck, average turns, invariant violations, "
                                        "the cards whose procedures failed")
    add_match_options(g, "random")
    g.add_argument("--games", type=int, default=100)
    g.add_argument("--workers", type=at_least(1), default=None, metavar="N",
                   help="play the matches in N processes (default 1; with --ray: one per CPU of the cluster); "
                        "the report is the same as the serial run's")
    g.add_argument("--ray", metavar="ADDRESS", default=None,
                   help="play the matches on a Ray cluster (auto, ray://HOST:10001, or local for a new local "
                        "instance); needs the optional extra: pip install 'cardscript[ray]'")
    g.add_argument("--quiet", action="store_true", help="no progress bar (there is none when standard error "
                                                       "is not a terminal)")
    g.add_argument("--json", action="store_true", help="the report as one JSON object (for tools)")
    g.add_argument("--top", type=int, default=20,
                   help="failures listed, the most frequent first (default 20; 0: all)")
    g.set_defaults(func=run)
