"""The continuous state kept between questions (rules 5.4, 5.7; issue 12 part 5:
``cardscript/games/battle_scenes/runtime/derived.py``).

What is working, and the characteristics it gives, are kept per state version and recomputed only when an event (or
an edit, :func:`derived.edited` / :func:`derived.touch`) can change them; statics whose conditions read what statics
change are read layer by layer (no exponential re-derivation) or settled at a fixed point (5.4: "todos eles se
atualizam simultaneamente"); check mode catches a stale answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.compiler.ir import CardDef, EffectKind
from cardscript.games.battle_scenes.runtime import characteristics, conditions, derived, statics
from cardscript.games.battle_scenes.runtime.derived import StaleDerivedState
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.shielding import shield
from cardscript.games.battle_scenes.runtime.state import Zone, placed
from tests.engine_helpers import card, in_scene, small_game


def character(name: str, text: str, *, affiliations: str = "Vingadores", shield_value: int = 0) -> CardDef:
    return card(f"Personagem: {name} V1\nAlinhamento: Herói\nAfiliações: {affiliations}\nPoderes: Super Força\n"
                f"Energia inicial: 1\nEscudo: {shield_value}\n\nTexto permanente:\n  {text}\n")


CHAINED = (
    "Enquanto houver em cena um personagem com a afiliação X-Men, os personagens que você controla ganham a "
    "afiliação Vingadores.",
    "Enquanto houver em cena um personagem com Voo, este personagem ganha Super Força.",
    "Enquanto você controlar um outro personagem com a afiliação Vingadores, este personagem ganha Voo.",
    "Enquanto houver em cena um personagem com Super Força, os personagens que você controla ganham a afiliação "
    "X-Men.",
)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    count = [0]
    original = conditions.check_condition

    def counted(*args: Any, **kwargs: Any) -> bool:
        count[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(conditions, "check_condition", counted)
    return count


def test_5_4_statics_whose_conditions_read_what_statics_change_are_read_once_per_layer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The regression of seed 951 (random decks of the translated corpus: setup never ended): a static's condition
    reading powers or affiliations that other statics give re-derived every static, nested, at each reading --
    4224 condition evaluations for these 8 characters (and exponentially more with more). Read layer by layer and
    kept per state version: each static's condition is evaluated once per layer (at most 3 here)."""
    places = [0, 5, 10, 15, 100, 105, 110, 115]
    game = small_game({c: character(f"P{k}", CHAINED[k % len(CHAINED)]) for k, c in enumerate(places)})
    for c in places:
        in_scene(game, c, [c + 1])
    game.check = False                               # (check mode recomputes kept answers: counted apart)
    count = _counting(monkeypatch)
    for c in places:
        statics.powers(game, c)
        characteristics.affiliations(game, c)
    assert 0 < count[0] <= 3 * len(places)
    before = count[0]
    for c in places:                                 # asked again, the state unchanged: nothing is evaluated
        statics.powers(game, c)
        characteristics.affiliations(game, c)
    assert count[0] == before


def test_5_4_a_static_reading_the_shield_it_gives_settles_at_a_fixed_point() -> None:
    """"Enquanto este personagem tiver Escudo maior ou igual a 1, este personagem ganha Escudo +1" (printed shield
    1): its condition holds with and without its own bonus -- the fixed point is the static working (shield 2), and
    nothing is logged. (Before: a RecursionError.)"""
    game = small_game({0: character("Fixo", "Enquanto este personagem tiver Escudo maior ou igual a 1, este "
                                            "personagem ganha Escudo +1.", shield_value=1)})
    in_scene(game, 0, [1])
    assert shield(game, 0) == 2
    assert not [e for e in game.log.events if e.kind == "unsupported"]


def test_5_4_a_cycle_with_no_fixed_point_is_logged_once_and_read_on_the_printed_characteristics() -> None:
    """"Enquanto este personagem tiver Escudo igual a 0, este personagem ganha Escudo +1" (printed 0): working, its
    condition fails; not working, it holds -- no answer the rules define. Logged once as unsupported; its condition
    read on the printed shield (0): it works, shield 1. (Before: a RecursionError.)"""
    game = small_game({0: character("Ciclo", "Enquanto este personagem tiver Escudo igual a 0, este personagem "
                                             "ganha Escudo +1.")})
    in_scene(game, 0, [1])
    assert shield(game, 0) == 1
    game.move(2, Zone.RESOURCES)                    # a new version: asked again, not logged again
    assert shield(game, 0) == 1
    logged = [e for e in game.log.events if e.kind == "unsupported"]
    assert len(logged) == 1 and "fixed point" in logged[0].data["why"]


def _norman_game() -> Game:
    game = small_game({0: character("Norman", "Os personagens que você controla ganham a afiliação Thunderbolts."),
                       10: character("Outro", "Enquanto houver em cena um personagem com a afiliação X-Men, este "
                                              "personagem ganha Voo.")})
    in_scene(game, 0, [1])
    in_scene(game, 10, [11])
    return game


def test_answers_are_kept_until_an_event_and_recomputed_after_it() -> None:
    game = _norman_game()
    assert "Thunderbolts" in characteristics.affiliations(game, 10)
    misses = game.derived.misses
    assert "Thunderbolts" in characteristics.affiliations(game, 10)
    assert game.derived.misses == misses                      # kept
    game.unload(1)                                            # Norman, emptied, leaves the scene (events)
    assert "Thunderbolts" not in characteristics.affiliations(game, 10)


def test_a_state_edit_without_an_event_needs_touch() -> None:
    """An edit by hand (a tool, a test) is no event: the kept answer stays until ``touch`` -- but a base's attribute
    set by hand (a stage) changes the version by itself."""
    game = _norman_game()
    game.check = False
    assert "Thunderbolts" in characteristics.affiliations(game, 10)
    game.cards[0] = character("Sem", "Este personagem ganha Voo.")   # by hand: Norman's card is another card
    assert "Thunderbolts" in characteristics.affiliations(game, 10)          # (stale, as documented)
    derived.touch(game)
    assert "Thunderbolts" not in characteristics.affiliations(game, 10)
    kept = derived.version(game)
    game.state.scene[10].stage = 2
    assert derived.version(game) != kept


def test_the_cards_whose_statics_can_work_are_kept_across_the_engines_edits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cards in place whose statics can work (``statics._sources``) are kept while what they read is unchanged:
    an edit of the engine with no event (``derived.edited``: a per-turn flag) does not find them again; what the
    cards' texts chose (``GameState.chosen``, read into the statics' contexts, with the placement's bump the engine
    makes with it: ``state.placed``) and a hand edit (``touch``) do."""
    game = _norman_game()
    game.check = False
    found = [0]
    original = statics._working

    def counted(*args: Any) -> Any:
        found[0] += 1
        return original(*args)

    monkeypatch.setattr(statics, "_working", counted)
    list(statics.active_effects(game, (EffectKind.STATIC,)))
    first = found[0]
    assert first > 0
    derived.edited(game)
    list(statics.active_effects(game, (EffectKind.STATIC,)))
    assert found[0] == first                                  # the version changed, the sources were kept
    game.state.chosen[0] = {"card:1": [10]}
    derived.edited(game)
    list(statics.active_effects(game, (EffectKind.STATIC,)))
    assert found[0] == first                  # a choice edited by hand is not seen without the placement's bump
    placed()                                  # ... which the Choose handler makes with its edit (state.PLACEMENTS)
    (norman,) = [ctx for c, _, ctx in statics.active_effects(game, (EffectKind.STATIC,)) if c == 0]
    assert found[0] > first and norman.slots["card:1"] == [10]
    again = found[0]
    derived.touch(game)
    list(statics.active_effects(game, (EffectKind.STATIC,)))
    assert found[0] > again


@pytest.mark.parametrize("inject", ["traits", "active_effects"])
def test_check_mode_catches_a_stale_entry(inject: str) -> None:
    """``Game(check=True)`` recomputes kept answers from scratch and compares: an entry no event dropped is an
    invariant violation (``StaleDerivedState``, an ``AssertionError`` as the simulation counts them)."""
    game = _norman_game()
    game.derived.check_every = 1
    assert "Thunderbolts" in characteristics.affiliations(game, 10)
    list(statics.active_effects(game, (EffectKind.STATIC,)))
    table = game.derived.tables[inject]
    key: Any = (10, "affiliations") if inject == "traits" else ((EffectKind.STATIC,), (), statics.layer(game))
    assert table[key]                                         # kept, and not empty
    table[key] = frozenset({"Bogus"}) if inject == "traits" else []
    with pytest.raises(StaleDerivedState, match="stale derived state"):
        characteristics.affiliations(game, 10)
        list(statics.active_effects(game, (EffectKind.STATIC,)))
    game.check = False                                        # without check mode the stale entry is used
    if inject == "traits":
        assert characteristics.affiliations(game, key[0]) == {"Bogus"}


_MOVES: list[Callable[[Game, int], None]] = [
    lambda g, c: g.move(c, Zone.RESOURCES),
    lambda g, c: g.move(c, Zone.HAND),
    lambda g, c: g.unload(c) if g.state.location(c)[0] is Zone.CARRIED else None,
    lambda g, c: g.load(c, next(b for b in g.state.scene if g.state.owner[b] == g.state.owner[c]))
    if g.state.location(c)[0] is Zone.RESOURCES and any(g.state.owner[b] == g.state.owner[c] for b in g.state.scene)
    else None,
    lambda g, c: in_scene(g, c, [c + 1]) if c % 5 == 0 and c not in g.state.scene
    and g.state.location(c + 1)[0] is not Zone.CARRIED and c + 1 not in g.state.scene else None,
]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(_MOVES) - 1), st.sampled_from([0, 1, 2, 5, 6, 10, 11, 100, 101, 105])),
                max_size=12))
def test_kept_answers_equal_answers_from_scratch_after_any_moves(moves: list[tuple[int, int]]) -> None:
    """Property: after any sequence of primitive moves, every kept answer is the one computed from scratch (check
    mode on every answer taken from a table)."""
    cards = {c: character(f"P{k}", CHAINED[k % len(CHAINED)]) for k, c in enumerate([0, 5, 10, 100, 105])}
    game = small_game(cards)
    game.derived.check_every = 1
    for m, c in moves:
        try:
            _MOVES[m](game, c)
        except (ValueError, AssertionError) as exc:
            if isinstance(exc, StaleDerivedState):
                raise
            return                                           # a move the rules refuse here: the sequence ends
        for base in list(game.state.scene):
            for _ in range(2):                               # the second reading comes from the tables, checked
                statics.powers(game, base)
                characteristics.affiliations(game, base)
                shield(game, base)


def test_simulate_reports_a_stale_derived_state_as_an_invariant_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    """A version that never changes (every event forgotten): the check mode of ``simulate`` finds kept answers that
    differ from the state, and reports each match as an invariant violation with its seed, not as a crash."""
    from cardscript.games.battle_scenes.runtime.match import bundled_deck_path, load_deck_file, simulate

    deck_a, deck_b = load_deck_file(bundled_deck_path("vingadores")), load_deck_file(bundled_deck_path("irmandade"))
    monkeypatch.setattr(derived, "version", lambda game: ("never changes",))
    report = simulate(deck_a, deck_b, games=2, seed=1)
    assert report.crashes == 0
    assert len(report.violations) == 2 and all("stale derived state" in v for v in report.violations)
