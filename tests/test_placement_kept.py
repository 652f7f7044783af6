"""The continuous effects kept while the placement holds (issue 12 part 5, session 12: ``state.PLACEMENTS``,
``statics._placed_only``): the answers that read only who is in place, who controls and carries them and what their
texts chose are kept across versions of the state until the placement's count is bumped. A missed bump is a stale
answer: these tests play seeded random games with every kept answer recomputed from scratch and compared (check mode,
``check_every = 1``), and show that they fail when the primitives stop bumping it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.games.battle_scenes.runtime import game as game_module
from cardscript.games.battle_scenes.runtime import identity, statics
from cardscript.games.battle_scenes.runtime.derived import StaleDerivedState
from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, new_match, play_match


def _play(seed: int) -> int:
    """A seeded random game of the bundled decks, every kept answer checked from scratch; the checks made."""
    deck_a, deck_b = load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade"))
    game = new_match(deck_a, deck_b, seed=seed, check=True)
    game.derived.check_every = 1
    play_match(game)
    return game.derived.checked


@settings(max_examples=4, deadline=None, derandomize=True)
@given(st.integers(1, 10_000))
def test_answers_kept_while_the_placement_holds_equal_answers_from_scratch(seed: int) -> None:
    """Property (seeded games, bounded): every answer taken again -- those kept while the placement holds among
    them -- equals the answer computed from scratch at that moment."""
    assert _play(seed) > 0


def test_placement_only_answers_are_taken_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The placement-only answers are given in a game (the fast path is used) and each is checked in check mode."""
    given_again = [0]
    original = statics.derived.reused

    def counted(*args: object, **kwargs: object) -> object:
        given_again[0] += 1
        return original(*args, **kwargs)                                  # type: ignore[arg-type]

    monkeypatch.setattr(statics.derived, "reused", counted)
    assert _play(1) > 0
    assert given_again[0] > 100


def test_a_missing_placement_bump_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the primitives' bumps (a load, an unload, a stay ending leave the count as it was), the kept answers
    go stale and check mode says so: the bumps are what keeps them right."""
    monkeypatch.setattr(game_module, "placed", lambda: None)
    monkeypatch.setattr(identity, "placed", lambda: None)
    with pytest.raises(StaleDerivedState):
        for seed in range(1, 6):
            _play(seed)
