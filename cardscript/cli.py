"""The ``cardscript`` command: check, fmt, render, explain, translate, corpus, deck check, play, simulate.

Exit codes: 0 clean, 1 diagnostics (or a failed check), 2 usage errors. No Python traceback
reaches a user: an internal failure on one card is a CS900 diagnostic for that card.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardscript.compiler import diagnostics as dg
from cardscript.compiler.diagnostics import Diagnostic, format_json, format_sarif, format_text
from cardscript.compiler.pipeline import CompiledCard, compile_paths, compile_source, library_path
from cardscript.compiler.source import SourceFile
from cardscript.runtime.library import DeckError


def _out(text: str) -> None:
    sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))


def _diags(cards: Sequence[CompiledCard]) -> list[Diagnostic]:
    return [d for c in cards for d in c.diagnostics]


def cmd_check(args: argparse.Namespace) -> int:
    from cardscript.compiler.prelude import load_prelude

    paths = args.paths or [str(library_path())]
    cards = compile_paths(paths)
    diags = [*load_prelude().diagnostics, *_diags(cards)]     # a broken keyword definition is reported too
    if args.format == "json":
        _out(format_json(diags))
    elif args.format == "sarif":
        _out(format_sarif(diags))
    else:
        for d in diags:
            _out(format_text(d))
        errors = sum(1 for d in diags if d.severity is dg.Severity.ERROR)
        warnings = sum(1 for d in diags if d.severity is dg.Severity.WARNING)
        ok = sum(1 for c in cards if c.ok)
        _out(f"checked {len(cards)} card(s): {ok} clean, {errors} error(s), {warnings} warning(s)")
    return 1 if any(d.severity is dg.Severity.ERROR for d in diags) else 0


def _canonical_file(card: CompiledCard) -> str | None:
    from cardscript.compiler.render import render_node
    from cardscript.compiler.translate import format_card_text

    if card.raw is None or not card.parsed:
        return None
    permanent = [render_node(p) for p in card.permanent.paragraphs] if card.permanent else []
    action = [render_node(p) for p in card.action.paragraphs] if card.action else []
    return format_card_text(card.raw, permanent, action)


def cmd_fmt(args: argparse.Namespace) -> int:
    cards = compile_paths(args.paths)
    status = 0
    for card in cards:
        text = _canonical_file(card)
        if text is None:
            for d in card.diagnostics:
                _out(format_text(d))
            status = 1
            continue
        if text != card.source.text:
            if args.check:
                _out(f"{card.source.path}: not in canonical form")
                status = 1
            else:
                Path(card.source.path).write_text(text, encoding="utf-8")
                _out(f"{card.source.path}: reformatted")
    return status


def _single(path: str) -> CompiledCard | None:
    cards = compile_paths([path])
    if not cards:
        sys.stderr.write(f"cardscript: no card file at {path}\n")
        return None
    return cards[0]


def cmd_render(args: argparse.Namespace) -> int:
    from cardscript.compiler.render import LANGUAGES, render_node

    if args.lang not in LANGUAGES:
        sys.stderr.write(f"cardscript: no templates for --lang {args.lang} (available: {', '.join(LANGUAGES)})\n")
        return 2
    card = _single(args.card)
    if card is None:
        return 2
    if not card.parsed or card.raw is None:
        for d in card.diagnostics:
            _out(format_text(d))
        return 1
    if card.permanent:
        _out("\n".join(render_node(p, args.lang) for p in card.permanent.paragraphs))
    if card.action:
        _out("\n".join(render_node(p, args.lang) for p in card.action.paragraphs))
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    """A card file: how the compiler reads it. A match log (``cardscript play --log FILE``): each
    resolution of ``--turn N`` (or of every turn) step by step, with its damage calculations in full."""
    from cardscript.compiler.explain import ExplainError, explain_card, explain_log, is_event_log

    path = Path(args.card)
    if is_event_log(path):
        try:
            text, status = explain_log(path, args.turn)
        except ExplainError as exc:
            sys.stderr.write(f"cardscript: {exc}\n")
            return 2
        _out(text)
        return status
    if args.turn is not None:
        sys.stderr.write(f"cardscript: --turn explains a match log (cardscript play --log FILE); {path} is "
                         "not one\n")
        return 2
    card = _single(args.card)
    if card is None:
        return 2
    _out(explain_card(card))
    for d in card.diagnostics:
        _out(format_text(d))
    return 0 if card.ok else 1


def cmd_translate(args: argparse.Namespace) -> int:
    from cardscript.compiler.translate import plain_text_to_card_text, record_to_card_text

    raw = sys.stdin.read() if args.input == "-" else Path(args.input).read_text(encoding="utf-8")
    texts: list[str] = []
    stripped = raw.strip()
    if stripped.startswith("{"):
        for line in stripped.splitlines():
            if line.strip():
                try:
                    texts.append(record_to_card_text(json.loads(line)))
                except (ValueError, KeyError, TypeError) as exc:
                    sys.stderr.write(f"cardscript: not a card record: {exc}\n")
                    return 1
    else:
        texts.append(plain_text_to_card_text(raw))
    status = 0
    for text in texts:
        card = compile_source(SourceFile("<translated>", text))
        _out(text)
        for d in card.diagnostics:
            sys.stderr.write(format_text(d) + "\n")
        if not card.ok:
            status = 1
    return status


def cmd_corpus(args: argparse.Namespace) -> int:
    from cardscript.compiler.corpus import run_corpus

    report = run_corpus(Path(args.file))
    if args.json:
        _out(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        failures: Counter[str] = Counter(report["failures"])
        if failures:
            _out("most frequent sentence shapes that failed (count, shape up to the failing word <<<, example):")
            for shape, n in failures.most_common(args.top):
                _out(f"  {n:4}  {shape}")
                _out(f"        e.g. {report['examples'][shape]}")
        if report["roundtrip_failures"]:
            _out("bound cards whose rendering differs from the printed text:")
            for name in report["roundtrip_failures"][: args.top]:
                _out(f"  {name}")
        s = report["summary"]
        k = report["keywords"]
        _out(f"keywords: cards={k['cards']} uses={k['uses']} uses_executable={k['uses_executable']} "
             f"cards_otherwise_executable={k['cards_otherwise_executable']} "
             f"of_those_executable={k['cards_read_with_keywords']}")
        _out(f"coverage: parsed={s['parsed']} bound={s['bound']} roundtrip={s['roundtrip']} "
             f"executable={s['executable']} total={s['total']}")
    return 0


def _decks(args: argparse.Namespace) -> tuple[list[Any], list[Any], tuple[str, str]]:
    from cardscript.runtime.match import bundled_deck_path, load_deck_file

    path_a = Path(args.deck_a) if args.deck_a else bundled_deck_path("vingadores")
    path_b = Path(args.deck_b) if args.deck_b else bundled_deck_path("irmandade")
    return load_deck_file(path_a), load_deck_file(path_b), (path_a.stem, path_b.stem)


def cmd_play(args: argparse.Namespace) -> int:
    """One seeded match with a readable log (rules 6); ``--interactive``: a person plays side A;
    ``--replay FILE``: print a saved log's trace and check its final state by replaying its choices."""
    if args.replay:
        return _replay(Path(args.replay))
    from cardscript.runtime.agents import IllegalChoice, InteractiveAgent
    from cardscript.runtime.game import GameOver
    from cardscript.runtime.match import make_agents, new_match, play_match, setup_match
    from cardscript.runtime.trace import TraceWriter

    deck_a, deck_b, names = _decks(args)
    agents = make_agents(args.agents, args.seed)
    if args.interactive:
        def show(text: str) -> None:
            flush(finish=True)                      # the whole trace so far, before the question
            _out(text)
        agents[0] = InteractiveAgent(write=show)
    game = new_match(deck_a, deck_b, agents, seed=args.seed, deck_names=names, setup=False)
    writer = TraceWriter(game.name)
    printed = 0

    def flush(finish: bool = False) -> None:
        nonlocal printed
        for event in game.log.events[printed:]:
            for line in writer.feed(event):
                _out(line)
        printed = len(game.log.events)
        if finish:
            for line in writer.finish():
                _out(line)

    try:
        with contextlib.suppress(GameOver):         # a deck too small to draw a hand
            setup_match(game)
        play_match(game, max_turns=args.max_turns)
    except (IllegalChoice, EOFError, KeyboardInterrupt) as exc:
        flush(finish=True)
        _out(f"match abandoned: {exc or type(exc).__name__}")
        if args.log:
            game.log.save(Path(args.log))
        return 1
    flush(finish=True)
    if args.log:
        game.log.save(Path(args.log))
        _out(f"event log saved to {args.log} (replay it: cardscript play --replay {args.log})")
    return 0


def _replay(path: Path) -> int:
    """Print the trace of a saved log, then replay its choices from its seed and decks (rebuilt from the
    card titles the log lists) and check the final state hash against the log's."""
    from cardscript.compiler.explain import replay_log
    from cardscript.runtime.events import EventLog
    from cardscript.runtime.trace import lines, namer_from_log

    try:
        log = EventLog.load(path)
    except (ValueError, KeyError) as exc:
        sys.stderr.write(f"cardscript: {path} is not an event log: {exc}\n")
        return 2
    for line in lines(log.events, namer_from_log(log.events)):
        _out(line)
    if not log.events:
        _out("replay: the log is empty; nothing to check")
        return 1
    ok, message = replay_log(log)
    _out(f"replay: {message}")
    return 0 if ok else 1


def cmd_simulate(args: argparse.Namespace) -> int:
    """Seeded matches with invariant checks: wins per deck, average turns, violations."""
    from cardscript.runtime.match import simulate

    deck_a, deck_b, names = _decks(args)

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    report = simulate(deck_a, deck_b, args.games, seed=args.seed, max_turns=args.max_turns,
                      progress=None if args.quiet else progress, agents=args.agents)
    _out(f"games: {report.games} ({args.agents} agents)")
    for i in (0, 1):
        _out(f"wins {names[i]} (player {i}): {report.wins[i]}")
    for reason, n in sorted(report.by_reason.items()):
        _out(f"  {reason}: {n}")
    _out(f"unfinished (max turns {args.max_turns}): {report.unfinished}")
    _out(f"average turns: {report.average_turns:.1f}")
    _out(f"procedures resolved: {report.procedures} (errors: {report.procedure_errors})")
    _out(f"invariant violations: {len(report.violations)}")
    for v in report.violations[:10]:
        _out(f"  {v}")
    return 1 if report.violations else 0


def cmd_deck_check(args: argparse.Namespace) -> int:
    """Check deck files against the bundled library (docs/decks.md): 0 valid, 1 a rule broken, 2 unreadable."""
    from cardscript.runtime.deck import check_deck
    from cardscript.runtime.library import load_library
    from cardscript.runtime.rules import DEFAULT_DECK_COPIES

    library = load_library()
    reports = [check_deck(path, library) for path in args.decks]
    if args.format == "json":
        _out(json.dumps([r.to_dict() for r in reports], ensure_ascii=False, indent=2))
    else:
        for report in reports:
            for d in report.diagnostics:
                _out(format_text(d))
            _out(report.summary())
            for c in (c for c in report.counts if c.limit != DEFAULT_DECK_COPIES):   # set by the card
                _out(f"  {c.card.title}: {c.count} of at most {c.limit} ({c.reason})")
    if any(not r.readable for r in reports):
        return 2
    return 0 if all(r.valid for r in reports) else 1


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardscript", description="The Battle Scenes card language toolchain.")
    sub = p.add_subparsers(dest="command")
    c = sub.add_parser("check", help="check card files (default: the bundled library)")
    c.add_argument("paths", nargs="*")
    c.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    c.set_defaults(func=cmd_check)
    f = sub.add_parser("fmt", help="rewrite card files in canonical form")
    f.add_argument("paths", nargs="+")
    f.add_argument("--check", action="store_true", help="only report files not in canonical form")
    f.set_defaults(func=cmd_fmt)
    r = sub.add_parser("render", help="the canonical card text, rendered from the AST")
    r.add_argument("card")
    r.add_argument("--lang", default="pt")
    r.set_defaults(func=cmd_render)
    e = sub.add_parser("explain", help="how the compiler reads a card; or a saved match log's resolutions step by "
                                        "step, with every damage calculation in the rulebook's lettering")
    e.add_argument("card", metavar="CARD_OR_LOG", help="a .card file, or an event log from cardscript play --log")
    e.add_argument("--turn", type=int, help="a match log: explain only this turn's resolutions")
    e.set_defaults(func=cmd_explain)
    t = sub.add_parser("translate", help="a corpus JSON record (or plain printed text) -> a .card file")
    t.add_argument("input", help="a file, or - for standard input")
    t.set_defaults(func=cmd_translate)
    k = sub.add_parser("corpus", help="translate and check every record of a corpus JSON Lines file")
    k.add_argument("file")
    k.add_argument("--json", action="store_true")
    k.add_argument("--top", type=int, default=20)
    k.set_defaults(func=cmd_corpus)
    d = sub.add_parser("deck", help="deck files: check them against the deck-building rules")
    deck_sub = d.add_subparsers(dest="deck_command", required=True)
    dc = deck_sub.add_parser("check", help="copy limits (3; Item Único: 1), unknown cards, malformed lines")
    dc.add_argument("decks", nargs="+", metavar="DECK")
    dc.add_argument("--format", choices=("text", "json"), default="text")
    dc.set_defaults(func=cmd_deck_check)
    for name, helptext in (("play", "play one seeded match between two decks, with a readable trace"),
                           ("simulate", "many seeded matches: wins per deck, average turns, invariant violations")):
        g = sub.add_parser(name, help=helptext)
        g.add_argument("--seed", type=int, default=0)
        g.add_argument("--deck-a", help="a .deck file (default: the bundled vingadores.deck)")
        g.add_argument("--deck-b", help="a .deck file (default: the bundled irmandade.deck)")
        g.add_argument("--max-turns", type=int, default=200)
        g.add_argument("--agents", choices=("heuristic", "random"), default="heuristic" if name == "play" else "random",
                       help="who plays both sides: the seeded sensible beginner or seeded random legal choices "
                            f"(default: {'heuristic' if name == 'play' else 'random'})")
        if name == "play":
            g.add_argument("--interactive", action="store_true", help="play side A yourself")
            g.add_argument("--log", help="save the event log (JSON Lines) to this file")
            g.add_argument("--replay", metavar="FILE",
                           help="print the trace of a saved log and check its final state by replaying its choices")
            g.set_defaults(func=cmd_play)
        else:
            g.add_argument("--games", type=int, default=100)
            g.add_argument("--quiet", action="store_true", help="no progress bar")
            g.set_defaults(func=cmd_simulate)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code not in (0, None) else 0
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result: Any = args.func(args)
        return int(result)
    except FileNotFoundError as exc:
        sys.stderr.write(f"cardscript: {exc.strerror}: {exc.filename}\n")
        return 2
    except DeckError as exc:                 # a deck naming a card the library does not have / cannot compile
        sys.stderr.write(f"cardscript: {exc}\n")
        return 1
    except BrokenPipeError:
        return 0
