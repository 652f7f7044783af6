"""Random games of fireplace (the Python Hearthstone simulator), timed: run by bench/fireplace_bench.py in the
interpreter that has fireplace installed. Needs nothing of cardscript: the standard library and fireplace.

    python bench/fireplace_driver.py GAMES SEED

A game is as in fireplace's own example (``fireplace.utils.play_full_game``): two random classes and two
random decks (``random_draft``), each player's random mulligan, then ``play_turn`` -- random legal actions: the
hero power now and then, playable cards at random, every attack possible at a random target, end turn -- until
``GameOver``. The game's Python ``random`` (class and draft) is seeded by the game's seed, and so is the game's
own RNG. Fireplace's logging (every action, at DEBUG) is turned off. The time of a game runs from building its
``Game`` to its end (wall clock, and the process's CPU time); the card database load and the drafts are timed
apart. Prints one JSON object; exit 3 with a message when fireplace cannot be imported.
"""

from __future__ import annotations

import json
import logging
import random
import sys
import time

MAX_TURNS = 500              # a safety bound: random games end by fatigue long before


def main() -> int:
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    logging.disable(logging.WARNING)
    try:
        from fireplace import cards
        from fireplace.exceptions import GameOver
        from fireplace.game import Game
        from fireplace.player import Player
        from fireplace.utils import play_turn, random_class, random_draft
    except ImportError as exc:
        print(f"fireplace is not importable here ({exc})", file=sys.stderr)
        return 3
    start = time.perf_counter()
    cards.db.initialize()
    load = time.perf_counter() - start
    played = turns = errors = unfinished = 0
    drafting = seconds = cpu = 0.0
    for k in range(games):
        random.seed(seed + k)
        start = time.perf_counter()
        class_1, class_2 = random_class(), random_class()
        deck_1, deck_2 = random_draft(class_1), random_draft(class_2)
        drafting += time.perf_counter() - start
        start, cpu_start = time.perf_counter(), time.process_time()
        game = Game(players=(Player("Player1", deck_1, class_1.default_hero),
                             Player("Player2", deck_2, class_2.default_hero)), seed=seed + k)
        try:
            game.start()
            for player in game.players:
                mulligan = game.random.sample(player.choice.cards, game.random.randint(0, len(player.choice.cards)))
                player.choice.choose(*mulligan)
            while game.turn < MAX_TURNS:
                play_turn(game)
            unfinished += 1
        except GameOver:
            pass
        except Exception:  # noqa: BLE001 - a fireplace bug in one game: counted, the run goes on
            errors += 1
        seconds += time.perf_counter() - start
        cpu += time.process_time() - cpu_start
        played += 1
        turns += game.turn
    print(json.dumps({"games": played, "seconds": seconds, "cpu": cpu, "turns": turns, "errors": errors,
                      "unfinished": unfinished, "draft_seconds": drafting, "load_seconds": load,
                      "python": sys.version.split()[0]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
