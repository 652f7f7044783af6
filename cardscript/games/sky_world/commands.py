"""What ``cardscript play --game sky-world`` and ``cardscript simulate --game sky-world`` run: the library's demo
decks (or two deck files), seeded random agents, the engine of this pack, the trace of the match (issue 14,
part 3). Every problem is a plain message and an exit status, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from cardscript.core.diagnostics import format_text
from cardscript.games import MatchOptions, Say
from cardscript.games.sky_world.decks import DeckList
from cardscript.games.sky_world.library import DEMO_DECKS, demo_deck_path, read_deck
from cardscript.games.sky_world.match import SkyDeck, new_match, play_match, simulate
from cardscript.games.sky_world.trace import render


def _decks(options: MatchOptions, say: Say) -> tuple[SkyDeck, SkyDeck] | None:
    out: list[SkyDeck] = []
    for given, default in ((options.deck_a, DEMO_DECKS[0]), (options.deck_b, DEMO_DECKS[1])):
        path = Path(given) if given else demo_deck_path(default)
        if not path.is_file():
            say(f"cardscript: {path}: no such deck file")
            return None
        deck, diags = read_deck(path)
        if deck is None:
            for d in diags:
                say(format_text(d))
            return None
        out.append(_sky_deck(deck, path))
    return out[0], out[1]


def _sky_deck(deck: DeckList, path: Path) -> SkyDeck:
    return SkyDeck(deck.hero, deck.cards, path.stem)


def play(options: MatchOptions, say: Say, err: Say) -> int:
    """One seeded match between two decks with its readable trace; exit 0, 2 for a deck that does not read."""
    decks = _decks(options, err)
    if decks is None:
        return 2
    match = new_match(*decks, seed=options.seed)
    result = play_match(match, options.max_turns)
    say(render(match.game.log.events))
    a, b = decks[0].name, decks[1].name
    who = {0: f"{a} (player 0)", 1: f"{b} (player 1)"}
    say(f"\nresult: {who[result.winner] + ' wins' if result.winner is not None else 'no winner'} -- "
        f"{result.reason}; {result.turns} turns; Fé {result.faith[0]}-{result.faith[1]}")
    return 0


def simulate_matches(options: MatchOptions, games: int, as_json: bool, say: Say, err: Say) -> int:
    """``games`` seeded random matches with every invariant checked after every event; exit 1 on a violation."""
    decks = _decks(options, err)
    if decks is None:
        return 2
    report = simulate(*decks, games=games, seed=options.seed, max_turns=options.max_turns)
    names = (decks[0].name, decks[1].name)
    if as_json:
        say(json.dumps({"game": "sky-world", "games": report.games, "seed": options.seed,
                        "wins": dict(zip(names, report.wins, strict=True)), "unfinished": report.unfinished,
                        "invariant_violations": report.violations}, indent=1))
    else:
        say(f"games: {report.games} (random agents, Sky World)")
        for name, wins, side in zip(names, report.wins, (0, 1), strict=True):
            say(f"wins {name} (player {side}): {wins}")
        say(f"unfinished (max turns {options.max_turns}): {report.unfinished}")
        say(f"invariant violations: {report.violations}")
    return 1 if report.violations else 0
