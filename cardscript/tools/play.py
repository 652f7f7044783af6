"""``cardscript play``: one seeded match with a readable trace; ``--replay FILE`` checks a saved log."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardscript.tools.common import (
    UsageError,
    add_cache_option,
    add_library_option,
    err,
    folders_text,
    library_folders,
    library_of,
    out,
)

__all__ = ["RANDOM_NAMES", "UsageError", "add_match_options", "agents_kind", "decks", "library_arg", "random_pool",
           "register", "run"]


def library_arg(args: argparse.Namespace) -> list[str] | None:
    """The ``--library`` folders (None: none given, the bundled library alone); UsageError if one is not there."""
    return library_folders(args) or None


def random_pool(args: argparse.Namespace) -> Any:
    """The executable cards of the ``--library`` folders (only theirs; the bundled library's when none is given):
    a :class:`~cardscript.games.battle_scenes.runtime.random_decks.CardPool`, or a UsageError saying why they cannot
    make a legal
    deck."""
    from cardscript.games.battle_scenes.runtime.deck import DECK_SIZE
    from cardscript.games.battle_scenes.runtime.random_decks import card_pool

    if args.deck_a or args.deck_b:
        raise UsageError("--random-decks builds both decks: leave out --deck-a and --deck-b")
    paths = library_arg(args)
    where = folders_text(paths) if paths else "the bundled library"
    pool = card_pool(entries=library_of(args).folder_entries()) if paths else card_pool()
    if pool.files == 0:
        raise UsageError(f"{where}: no card files (.card) found")
    if pool.capacity < DECK_SIZE:
        raise UsageError(
            f"{where}: {len(pool.cards)} executable card(s) of {pool.files} card file(s) allow at most "
            f"{pool.capacity} cards in a deck (3 copies of a card, 1 of an Item Único); a legal deck has {DECK_SIZE}. "
            "`cardscript explain CARD` shows what of a card is not executable yet")
    return pool


def decks(args: argparse.Namespace) -> tuple[list[Any], list[Any], tuple[str, str]]:
    """The two decks of ``--deck-a`` / ``--deck-b`` (default: the bundled vingadores and irmandade), their
    cards from the bundled library plus the ``--library`` folders; with ``--random-decks``, the match's random
    decks."""
    from cardscript.games.battle_scenes.runtime.library import load_library
    from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file

    if getattr(args, "random_decks", False):
        from cardscript.games.battle_scenes.runtime.random_decks import random_decks

        deck_a, deck_b = random_decks(random_pool(args).definitions, args.seed)
        return deck_a, deck_b, RANDOM_NAMES
    paths = library_arg(args)
    cards = library_of(args).cards() if paths else load_library()
    from cardscript.compiler.textfile import UnreadableFile

    path_a = Path(args.deck_a) if args.deck_a else bundled_deck_path("vingadores")
    path_b = Path(args.deck_b) if args.deck_b else bundled_deck_path("irmandade")
    try:
        return load_deck_file(path_a, cards), load_deck_file(path_b, cards), (path_a.stem, path_b.stem)
    except UnreadableFile as exc:                 # a directory, a binary file, not UTF-8: exit 2
        option = "--deck-a" if exc.path == str(path_a) else "--deck-b"
        raise UsageError(f"{option} {exc}") from None


RANDOM_NAMES = ("random deck A", "random deck B")


def run(args: argparse.Namespace) -> int:
    """One seeded match with a readable log (rules 6); ``--interactive``: a person plays side A;
    ``--replay FILE``: print a saved log's trace and check its final state by replaying its choices."""
    routed = other_game(args, "play")
    if routed is not None:
        return routed
    if args.replay:
        try:
            return replay(Path(args.replay), library_of(args).cards() if library_arg(args) else None)
        except UsageError as exc:
            err(str(exc))
            return 2
    if args.log and not _writable(Path(args.log)):
        return 2
    from cardscript.engine.agents import IllegalChoice, InteractiveAgent
    from cardscript.games.battle_scenes.runtime.match import make_agents
    from cardscript.games.battle_scenes.runtime.stepping import SteppedMatch, play_stepped
    from cardscript.games.battle_scenes.runtime.trace import TraceWriter

    try:
        deck_a, deck_b, names = decks(args)
    except UsageError as exc:
        err(str(exc))
        return 2
    if getattr(args, "random_decks", False):
        from cardscript.games.battle_scenes.runtime.random_decks import deck_entries

        for name, deck in zip(names, (deck_a, deck_b), strict=True):
            out(f"{name}: " + ", ".join(f"{n} {title}" for title, n in deck_entries(deck)))
    try:
        agents = make_agents(agents_kind(args), args.seed)
    except UsageError as exc:
        err(str(exc))
        return 2
    if args.interactive:
        def show(text: str) -> None:
            flush(finish=True)                      # the whole trace so far, before the question
            out(text)
        from cardscript.games.battle_scenes.runtime.looking import look_in

        agents[0] = InteractiveAgent(write=show, looker=look_in)
    from cardscript.games.battle_scenes.runtime.library import load_library

    library = library_of(args, notes=False).cards() if library_arg(args) else load_library()
    match = SteppedMatch.start(deck_a, deck_b, seed=args.seed, deck_names=names, max_turns=args.max_turns,
                               card_names=library.name_of,   # a title several cards share: the code (a replay finds it)
                               facts=(_wants_facts(agents[0]), _wants_facts(agents[1])))
    game = match.game
    writer = TraceWriter(game.name, viewer=0 if args.interactive else None)   # a person sees what P0 may see
    printed = 0

    def flush(finish: bool = False) -> None:
        nonlocal printed
        for event in game.log.events[printed:]:
            for line in writer.feed(event):
                out(line)
        printed = len(game.log.events)
        if finish:
            for line in writer.finish():
                out(line)

    try:
        play_stepped(match, agents)                 # the match one decision at a time (runtime.stepping)
    except (IllegalChoice, EOFError, KeyboardInterrupt) as exc:
        match.close()
        flush(finish=True)
        out(f"match abandoned: {exc or type(exc).__name__}")
        if args.log:
            game.log.add("abandoned", 0, reason=str(exc) or type(exc).__name__)    # a replay stops here
            game.log.save(Path(args.log))
        return 1
    flush(finish=True)
    if args.log:
        game.log.save(Path(args.log))
        out(f"event log saved to {args.log} (replay it: cardscript play --replay {args.log})")
    return 0


def _wants_facts(agent: object) -> bool:
    """Whether the engine builds option facts for this agent's decisions (runtime.facts)."""
    return bool(getattr(agent, "wants_facts", False))


def _writable(path: Path) -> bool:
    """Whether ``--log FILE`` can be written (checked before the match is played); else a message."""
    if path.is_dir():
        err(f"--log {path}: a directory, not a file to write the event log to")
        return False
    if not path.parent.is_dir():
        err(f"--log {path}: no folder {path.parent} to write it in")
        return False
    return True


def replay(path: Path, library: Mapping[str, Any] | None = None) -> int:
    """Check a saved log (:mod:`cardscript.games.battle_scenes.runtime.log_check`): read strictly, replayed from its
    seed and decks
    with its answers, every event compared with the replay's, the seal checked; a log that holds is printed as
    a trace (exit 0), one that does not is refused with the first event that differs (exit 2)."""
    from cardscript.games.battle_scenes.runtime.log_check import LogError, check_log, read_log
    from cardscript.games.battle_scenes.runtime.trace import lines, namer_from_log

    try:
        log = read_log(path)
    except LogError as exc:
        err(str(exc))
        return 2
    verdict = check_log(log, cards=library)
    if not verdict.ok:
        err(f"{path}: refused: {verdict.message}")
        return 2
    events = log.events()
    for line in lines(events, namer_from_log(events)):
        out(line)
    out(f"replay: {verdict.message}")
    return 0


def at_least(minimum: int) -> Any:
    """An argparse type: a whole number of at least ``minimum`` (else a usage error, exit 2)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be {minimum} or more, not {value}")
        return value
    return parse


def add_match_options(g: argparse.ArgumentParser, default_agents: str) -> None:
    """The options ``play`` and ``simulate`` share: the game, the seed, the decks, the turn limit, the agents."""
    from cardscript.core.games import DEFAULT_GAME, GAMES

    g.add_argument("--game", choices=[game.key for game in GAMES], default=DEFAULT_GAME.key,
                   help=f"the game (default: {DEFAULT_GAME.key}); another game's matches use its pack's demo decks "
                        "and seeded random agents (docs/games.md)")
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--deck-a", help="a .deck file (default: the bundled vingadores.deck)")
    g.add_argument("--deck-b", help="a .deck file (default: the bundled irmandade.deck)")
    add_library_option(g)
    add_cache_option(g)
    g.add_argument("--random-decks", action="store_true",
                   help="random legal decks of 40 cards, built from the seed, from the executable cards of the "
                        "--library folders (of the bundled library when none is given; docs/simulation.md)")
    g.add_argument("--max-turns", type=at_least(1), default=200)
    g.add_argument("--debug", action="store_true",
                   help="print the traceback of an engine crash (an exception escaping the engine)")
    g.add_argument("--agents", choices=("heuristic", "random", "mcts"), default=default_agents,
                   help="who plays both sides: the seeded sensible beginner, seeded random legal choices, or the "
                        f"search agent (information-set MCTS, docs/engine.md) (default: {default_agents})")
    g.add_argument("--mcts-playouts", type=at_least(1), metavar="N",
                   help="--agents mcts: playouts per searched decision (deterministic for a seed)")
    g.add_argument("--mcts-ms", type=at_least(1), metavar="MS",
                   help="--agents mcts: milliseconds per searched decision (default 1000 when no playouts given)")


# options of the default game's matches that another game's do not take yet (name, its value when not given)
_DEFAULT_GAME_ONLY = (("interactive", False), ("log", None), ("replay", None), ("random_decks", False),
                      ("library", None), ("mcts_playouts", None), ("mcts_ms", None), ("workers", None),
                      ("ray", None), ("debug", False))


def other_game(args: argparse.Namespace, command: str) -> int | None:
    """``--game`` naming another game than the default: its pack runs the match(es) (its exit status); None for the
    default game. An option its matches do not take is a plain usage error (exit 2)."""
    from cardscript.core.games import DEFAULT_GAME, game_named, load_pack
    from cardscript.games import MatchOptions, PlayablePack

    game = game_named(args.game)
    if game is None or game is DEFAULT_GAME:
        return None
    given = [name for name, unset in _DEFAULT_GAME_ONLY if getattr(args, name, unset) not in (unset, [], None)]
    if args.agents not in ("random", "heuristic"):
        given.append("agents")
    if given:
        takes = "--seed, --deck-a, --deck-b, --max-turns" + (", --games, --json" if command == "simulate" else "")
        err(f"{command}: --game {game.key} does not take --{given[0].replace('_', '-')} yet "
            f"(its matches: {takes})")
        return 2
    pack = load_pack(game)
    if not isinstance(pack, PlayablePack):
        err(f"{command}: the {game.title} pack plays no matches yet")
        return 2
    options = MatchOptions(args.seed, args.deck_a, args.deck_b, args.max_turns)
    if command == "simulate":
        return pack.simulate(options, args.games, bool(getattr(args, "json", False)), out, err)
    return pack.play(options, out, err)


def agents_kind(args: argparse.Namespace) -> str:
    """The agent kind of ``--agents`` with the search budget (``mcts:playouts=32``, runtime.mcts.agent_kind);
    UsageError for a budget given to other agents."""
    playouts, ms = getattr(args, "mcts_playouts", None), getattr(args, "mcts_ms", None)
    if args.agents != "mcts":
        if playouts is not None or ms is not None:
            raise UsageError("--mcts-playouts and --mcts-ms are the search agent's budget: add --agents mcts")
        return str(args.agents)
    from cardscript.games.battle_scenes.runtime.mcts import agent_kind

    return agent_kind(playouts, ms)


def register(sub: Any) -> None:
    g = sub.add_parser("play", help="play one seeded match between two decks, with a readable trace")
    add_match_options(g, "heuristic")
    g.add_argument("--interactive", action="store_true",
                   help="play side A yourself: the trace shows what you may see; type help at a question")
    g.add_argument("--log", help="save the event log (JSON Lines) to this file")
    g.add_argument("--replay", metavar="FILE",
                   help="print the trace of a saved log and check its final state by replaying its choices")
    g.set_defaults(func=run)
