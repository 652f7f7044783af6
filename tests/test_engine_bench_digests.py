"""bench/engine_bench.py's game digests, what ``--verify REF`` compares between two engines (principle 9): one per
game, the same for the same seed, different when the game differs, and the same with invariant checks on."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench" / "engine_bench.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_game_digest_covers_its_log_and_is_the_same_with_checks_on() -> None:
    bench = _bench()
    plain: list[str] = []
    again: list[str] = []
    checked: list[str] = []
    bench.run(3, 1, False, digests=plain)
    bench.run(3, 1, False, digests=again)
    bench.run(3, 1, True, digests=checked)
    assert len(plain) == 3 and len(set(plain)) == 3          # three seeds, three different games
    assert plain == again == checked                         # same seeds, same games; check mode changes nothing


def test_a_digest_changes_when_one_event_of_the_log_does() -> None:
    from cardscript.engine.events import Event
    from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, new_match, play_match

    bench = _bench()
    game = new_match(load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade")),
                     seed=2)
    play_match(game)
    before = bench.game_digest(game)
    k = next(i for i, e in enumerate(game.log.events) if e.kind == "draw")
    game.log.events[k] = Event("draw", {**game.log.events[k].data, "edited": True}, game.log.events[k].depth)
    assert bench.game_digest(game) != before
