"""Continuous effects (rules 5.4, 5.7 A.2 and B): statics computed from the cards in place, effects created
by resolved effects held in the GameState, expired at the Final do Turno (6.2)."""

from __future__ import annotations

import pytest

from cardscript.compiler.ir import CardDef, Duration, Gain, Generate, Ref, Selector
from cardscript.engine.events import state_hash
from cardscript.games.battle_scenes.runtime import continuous
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn, shield
from cardscript.games.battle_scenes.runtime.statics import powers
from tests.engine_helpers import in_scene as _in_scene
from tests.engine_helpers import small_game as _game


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()






def _gain_flight() -> Gain:
    return Gain(targets=Selector(ref=Ref.THIS_CHARACTER), powers=("VO",), duration=Duration.END_OF_TURN,
                text="este personagem ganha {VO}")


def test_5_7_a_2_1_until_end_of_turn_effects_are_part_of_the_game_state() -> None:
    """5.7 A.2.1: "Alguns efeitos contínuos indicam uma duração ... 'até o final do turno'": the effect is in
    the GameState (what, on whom, from which source, duration, turn), so copy() and state_hash see it."""
    user = CardDef(title="U V1", name="U", version=1, card_type="Personagem", shield=0, initial_energy=3)
    game = _game({0: user})
    _in_scene(game, 0, [1])
    before = state_hash(game.state)
    run(game, EffectContext(controller=0, source=0), _gain_flight())
    (made,) = game.state.effects
    assert (made.what, made.subjects, made.source, made.duration, made.turn) == ("gain", [0], 0, "end_of_turn", 1)
    assert state_hash(game.state) != before
    copied = game.state.copy()
    assert copied.effects == game.state.effects and copied.effects[0] is not made
    assert "VO" in powers(game, 0)


def test_6_2_final_do_turno_expires_until_end_of_turn_effects_but_not_match_long_ones() -> None:
    """6.2 Final do Turno / 5.7 A.2.1: "até o final do turno" ends with the turn; "nesta partida" does not."""
    user = CardDef(title="U V1", name="U", version=1, card_type="Personagem", shield=0, initial_energy=3)
    game = _game({0: user})
    _in_scene(game, 0, [1])
    run(game, EffectContext(controller=0, source=0), _gain_flight())
    continuous.add(game, "gain", 0, 0, [0], Duration.MATCH, powers=["SF"])
    game.state.this_turn.damaged_by_action.append(0)
    end_of_turn(game)
    game.state.turn += 1
    assert [e.duration for e in game.state.effects] == ["match"]
    assert game.state.this_turn.damaged_by_action == []
    assert "VO" not in powers(game, 0) and "SF" in powers(game, 0)


def test_5_4_a_static_turns_on_and_off_as_its_condition_changes(library: dict[str, CardDef]) -> None:
    """5.4: "Sempre que uma dessas condições mudar, o efeito é 'atualizado' de imediato ... Efeitos Estáticos
    são sempre atualizados a cada modificação que ocorre no estado do jogo." Hulk V1: "Enquanto este personagem
    estiver com Energia igual a 1, seu Escudo torna-se 0 e ele perde todos os seus poderes." Nothing is stored:
    the static is read from the card in the scene each time."""
    hulk = library["Hulk V1"]
    game = _game({0: hulk})
    _in_scene(game, 0, [1, 2])
    printed = int(hulk.shield or 0)
    assert shield(game, 0) == printed and powers(game, 0)
    game.unload(2)                                        # Energia 1: the static works
    assert shield(game, 0) == 0 and powers(game, 0) == ()
    game.load(3, 0)                                       # Energia 2: it stops at once
    assert shield(game, 0) == printed and powers(game, 0)
    assert game.state.effects == []                       # statics are never stored in the state


def test_5_7_b_gamoras_generated_trigger_fires_through_the_normal_triggers(library: dict[str, CardDef]) -> None:
    """5.7 B, Gamora V1: "[Efeito Gerado] Toda vez que o alvo usar uma ação neste turno, Contra-Golpear causa 2
    pontos de dano no alvo." Created when the action resolves, held in the state with its duration, matched by
    Triggers with the action's context (its target), gone after the Final do Turno."""
    from cardscript.engine.tree import EffectsTree
    from cardscript.games.battle_scenes.runtime.triggers import Triggers

    gamora = library["Gamora V1"]
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", shield=0, initial_energy=5)
    game = _game({0: gamora, 100: target})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    tree = EffectsTree(game, runner=lambda g, p, proc: run(g, p.ctx, proc))
    Triggers(game, tree)
    assert gamora.action is not None
    ctx = EffectContext(controller=0, source=0, user=0, targets=[[100]], action_name=gamora.action.name,
                        from_action=True)
    generate = next(p for p in gamora.action.modes[0].procedures if isinstance(p, Generate))
    run(game, ctx, generate)
    (made,) = game.state.effects
    assert made.duration == "end_of_turn"
    game.emit("use_action", card=0, action="x", player=0)           # someone else acting: no trigger
    tree.resolve()
    assert game.state.scene[100].energy == 5
    game.emit("use_action", card=100, action="x", player=1)
    tree.resolve()
    assert game.state.scene[100].energy == 3
    end_of_turn(game)
    game.state.turn += 1
    game.emit("use_action", card=100, action="x", player=1)
    tree.resolve()
    assert game.state.scene[100].energy == 3
