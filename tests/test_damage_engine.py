"""The damage pipeline (4.8) and shields (4.8.6) wired into the engine: real library cards on a small Game,
through ``dealing.deal_damage`` / the actions' procedures; named after the rules they check."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cardscript.compiler.ir import CardDef, Damage, Duration, Gain, Quantity, Ref, Selector
from cardscript.compiler.ir import Kind as IrKind
from cardscript.engine.agents import FirstLegalAgent, ScriptedAgent
from cardscript.engine.events import state_hash
from cardscript.games.battle_scenes.runtime import shields
from cardscript.games.battle_scenes.runtime.dealing import deal_damage
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn, shield
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import at, calcs, card_of, enter, match, use
from tests.engine_helpers import FILLER, card, own_character, punch
from tests.engine_helpers import in_scene as _in_scene
from tests.engine_helpers import small_game as _game


def _target(shield_value: int = 0, name: str = "T") -> CardDef:
    return CardDef(title=f"{name} V1", name=name, version=1, card_type="Personagem", shield=shield_value,
                   initial_energy=5, alignments=("Vilão",))


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()






def _scenario(game: Game, card: int) -> None:
    game.move(card, Zone.RESOURCES)
    game.place_scenario(card)


def _use(game: Game, user: int, target: int, first_procedure_only: bool = True) -> None:
    card = game.cards[user]
    assert card.action is not None
    ctx = EffectContext(controller=game.state.scene[user].controller, source=user, user=user,
                        targets=[[target]], action_name=card.action.name, action_power=card.action.power,
                        from_action=True)
    procs = card.action.modes[0].procedures
    for p in procs[:1] if first_procedure_only else procs:
        run(game, ctx, p)


def _events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in game.log.events if e.kind == kind]


def test_4_8_3_B_batalha_em_area_povoada_lowers_a_heros_action_damage(library: dict[str, CardDef]) -> None:
    """Batalha em Área Povoada: "Toda vez que um herói fosse causar dano, ele causará aquela quantidade de dano
    -1". Demolição V1 (Herói) uses Suplex (3) on a character with Escudo 0: 2 cards unloaded."""
    game = _game({0: library["Demolição V1"], 100: _target(), 20: library["Batalha em Área Povoada V1"]})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    _scenario(game, 20)
    _use(game, 0, 100)
    assert game.state.scene[100].energy == 3
    (calc,) = _events(game, "damage_calculation")
    assert [s[0] for s in calc["stages"]] == ["A", "B", "C", "D", "E", "="]
    assert calc["stages"][1][1] == "Batalha em Área Povoada V1 -1" and calc["stages"][1][2] == 2
    assert (calc["initial"], calc["amount"], calc["causes_damage"]) == (3, 2, True)


def test_4_8_3_B_a_villains_damage_is_not_lowered(library: dict[str, CardDef]) -> None:
    game = _game({0: library["Carnificina V1"], 100: _target(), 20: library["Batalha em Área Povoada V1"]})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103])
    _scenario(game, 20)
    _use(game, 0, 100)
    assert game.state.scene[100].energy == 2
    assert _events(game, "damage_calculation")[0]["stages"][1][1] == "no addition or subtraction"


def test_4_8_3_C_essencia_do_medo_halves_an_antecipar_action(library: dict[str, CardDef]) -> None:
    """A Essência do Medo: "Toda vez que uma ação de Antecipar causar dano, ela causará metade do dano,
    arredondado para baixo". Homem-Formiga V1's Crescimento Repentino (Antecipar, 3) causes 1."""
    game = _game({0: library["Homem-Formiga V1"], 100: _target(), 20: library["A Essência do Medo V1"]})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    _scenario(game, 20)
    _use(game, 0, 100)
    assert game.state.scene[100].energy == 4
    (calc,) = _events(game, "damage_calculation")
    assert calc["stages"][2][:2] == ["C", "A Essência do Medo V1 /2, rounded down"] and calc["amount"] == 1


def test_4_8_3_C_essencia_do_medo_leaves_other_actions_alone(library: dict[str, CardDef]) -> None:
    game = _game({0: library["Demolição V1"], 100: _target(), 20: library["A Essência do Medo V1"]})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    _scenario(game, 20)
    _use(game, 0, 100)                                                  # Suplex is not an Antecipar action
    assert game.state.scene[100].energy == 2


def test_4_8_3_D_blob_navalhas_de_sangue_becomes_0_and_blob_still_stops_the_next_action(
        library: dict[str, CardDef]) -> None:
    """The rulebook's 4.8.3 D example: Navalhas de Sangue (Antecipar, 1 piercing) on Blob V1 under A Essência do
    Medo is halved to 0 before D: nothing triggers in D and the action does not cause damage, so Blob's "A
    primeira ação que causar dano neste personagem em um turno causa 0" is still unused; the next damaging
    action (Demolição's Suplex, 3) is the one it makes 0."""
    game = _game({0: library["Carnificina V1"], 10: library["Demolição V1"], 100: library["Blob V1"],
                  20: library["A Essência do Medo V1"]})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 10, [11, 12])
    _in_scene(game, 100, list(range(101, 108)))
    _scenario(game, 20)
    _use(game, 0, 100)
    first = _events(game, "damage_calculation")[0]
    assert first["causes_damage"] is False and first["amount"] == 0
    assert [s[0] for s in first["stages"]] == ["A", "B", "C", "D", "="]
    assert "nothing triggers in D" in first["stages"][3][1]
    assert "action that does not cause damage" in first["stages"][3][1]
    assert 100 not in game.state.this_turn.damaged_by_action
    _use(game, 10, 100)
    second = _events(game, "damage_calculation")[1]
    assert second["causes_damage"] is False
    assert any(s[0] == "D" and s[1] == "Blob V1 becomes 0" for s in second["stages"])
    _use(game, 10, 100)                                                 # Blob's text worked once this turn
    assert _events(game, "damage_calculation")[2]["amount"] == 3
    assert game.state.scene[100].energy == 7 - max(0, 3 - (library["Blob V1"].shield or 0))


def test_4_8_3_trace_lines_in_the_rulebooks_lettering(library: dict[str, CardDef]) -> None:
    game = _game({0: library["Demolição V1"], 100: _target(), 20: library["Batalha em Área Povoada V1"]})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    _scenario(game, 20)
    _use(game, 0, 100)
    lines = _events(game, "damage_calculation")[0]["lines"]
    assert lines[0] == "action Suplex of Demolição V1 -> T V1: 3 damage (4.8.3)"
    assert [line.split()[0] for line in lines[1:]] == ["A.", "B.", "C.", "D.", "E.", "="]
    assert lines[-1] == "  = 2 damage to T V1"


def test_4_8_3_1_E_apocalipse_redirect_is_in_the_trace(library: dict[str, CardDef]) -> None:
    morte = CardDef(title="Morte V1", name="Morte", version=1, card_type="Personagem",
                    affiliations=("Cavaleiros do Apocalipse",), initial_energy=4, shield=0)
    game = _game({100: library["Apocalipse V1"], 110: morte})
    _in_scene(game, 100, [101, 102, 103])
    _in_scene(game, 110, [111, 112, 113])
    deal_damage(game, EffectContext(controller=0), None, 100, 2, True)
    calc = _events(game, "damage_calculation")[0]
    stages = [s[0] for s in calc["stages"]]
    assert stages[:5] == ["A", "B", "C", "D", "E"] and "F.B" in stages and calc["card"] == 110
    assert _events(game, "replaced")[0]["to"] == 110


def test_4_8_2_piercing_damage_leaves_the_shield_and_its_record_intact(library: dict[str, CardDef]) -> None:
    game = _game({0: library["Carnificina V1"], 100: _target(2)})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103])
    _use(game, 0, 100)                                                  # Navalhas de Sangue: 1 piercing
    assert game.state.scene[100].energy == 2 and shield(game, 100) == 2
    record = game.state.scene[100].shields
    assert record is None or not any(e.kind is shields.ShieldEventKind.PENALTY for e in record.events)


def test_4_8_1_absorbed_damage_and_escudo_minus_are_penalties_until_the_end_of_the_turn(
        library: dict[str, CardDef]) -> None:
    """Groxo V1's Língua do Sapo: 1 damage (absorbed by Escudo 2), then "o alvo ganha Escudo -1 até o final do
    turno": both are 4.8.6 C penalties in the card's shield record, in the state (copy / hash see it); the
    Final do Turno restores the shield (4.8.1.1 ATENÇÃO)."""
    game = _game({0: library["Groxo V1"], 100: _target(2)})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103])
    before = state_hash(game.state)
    _use(game, 0, 100, first_procedure_only=False)
    assert game.state.scene[100].energy == 3 and shield(game, 100) == 0
    record = game.state.scene[100].shields
    assert record is not None and [e.kind for e in record.events] == [shields.ShieldEventKind.PENALTY] * 2
    assert game.state.copy().scene[100].shields == record and state_hash(game.state) != before
    assert game.state.scene[100].shield_bonus == -2          # kept in sync for the turn loop's facts
    end_of_turn(game)
    assert shield(game, 100) == 2 and game.state.scene[100].shield_bonus == 0


def test_4_8_6_until_end_of_turn_bonus_then_damage_takes_the_base_first() -> None:
    game = _game({100: _target(1)})
    _in_scene(game, 100, [101, 102, 103])
    ctx = EffectContext(controller=1, source=100, user=100)
    gain = Gain(targets=Selector(kind=IrKind.CHARACTER, ref=Ref.THIS_CHARACTER), shield=2,
                duration=Duration.END_OF_TURN, text="este personagem ganha Escudo +2 até o final do turno")
    run(game, ctx, gain)
    assert shield(game, 100) == 3
    assert deal_damage(game, EffectContext(controller=0), None, 100, 2, False) == 0
    assert shield(game, 100) == 1
    end_of_turn(game)
    assert shield(game, 100) == 1                            # the bonus and the damage are gone: printed 1


def test_4_8_6_static_bonus_follows_its_card(library: dict[str, CardDef]) -> None:
    """Mansão dos Vingadores gives a Vingador Escudo +1 while in the scene; damage absorbed, the Mansão
    leaving, and the end of the turn all go through the record."""
    avenger = CardDef(title="A V1", name="A", version=1, card_type="Personagem", shield=1, initial_energy=3,
                      affiliations=("Vingadores",))
    game = _game({0: avenger, 2: library["Mansão dos Vingadores V1"]})
    _in_scene(game, 0, [1, 5])
    _in_scene(game, 2, [3])
    assert shield(game, 0) == 2
    deal_damage(game, EffectContext(controller=1), None, 0, 1, False)
    assert shield(game, 0) == 1
    end_of_turn(game)
    assert shield(game, 0) == 2                                          # printed 1 + the Mansão's +1
    game.unload(3)                                                       # the Mansão is destroyed (4.7)
    assert 2 not in game.state.scene and shield(game, 0) == 1


def test_4_8_4_1_several_targets_one_procedure_each_in_the_controllers_order() -> None:
    game = _game({100: _target(0, "T"), 110: _target(0, "U")},
                 agents=[ScriptedAgent([[1, 0], [0], [0]]), FirstLegalAgent()])
    _in_scene(game, 100, [101, 102])
    _in_scene(game, 110, [111, 112])
    ctx = EffectContext(controller=0, targets=[[100, 110]])
    proc = Damage(source=Selector(ref=Ref.THIS_CARD), amount=Quantity(fixed=1), piercing=True,
                  targets=Selector(kind=IrKind.CHARACTER, ref=Ref.TARGET), text="1 em cada")
    run(game, ctx, proc)
    assert [c["card"] for c in _events(game, "damage_calculation")] == [110, 100]
    assert game.state.scene[100].energy == 1 and game.state.scene[110].energy == 1


def test_4_8_3_modifier_list_is_built_from_the_scene_each_time(library: dict[str, CardDef]) -> None:
    """The scenario leaving takes its modifier with it (statics computed on demand, 5.4)."""
    demolicao = library["Demolição V1"]
    game = _game({0: demolicao, 100: _target(), 20: library["Batalha em Área Povoada V1"],
                  21: replace(FILLER, title="Outro V1", name="Outro", card_type="Cenário")})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    _scenario(game, 20)
    _scenario(game, 21)
    _use(game, 0, 100)
    assert game.state.scene[100].energy == 2


def test_4_8_6_C_static_escudo_minus_n_while_its_card_is_in_the_scene() -> None:
    """4.8.6 C with a static: a permanent text "Os personagens que seus oponentes controlam ganham Escudo -1" lowers
    the opponents' shields while its card is in the scene (never below 0); damage is absorbed by what is left, and
    the penalty ends when the card leaves."""
    from cardscript.compiler.lower import lower_card
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.source import SourceFile

    text = ("Personagem: Sombra Penal V1\nAlter ego: Teste\nEnergia inicial: 2\nEscudo: 0\n\nTexto permanente:\n"
            "  Os personagens que seus oponentes controlam ganham Escudo -1.\n")
    caster = lower_card(compile_source(SourceFile("t.card", text)))
    (static,) = caster.effects
    assert static.executable
    game = _game({0: caster, 100: _target(2, "Alvo"), 110: _target(0, "Nu")})
    _in_scene(game, 100, [101, 102, 103])
    _in_scene(game, 110, [111])
    assert (shield(game, 100), shield(game, 110)) == (2, 0)
    _in_scene(game, 0, [1, 2])
    assert (shield(game, 100), shield(game, 110)) == (1, 0)          # 2 - 1; 0 stays 0
    deal_damage(game, EffectContext(0, source=0), 0, 100, 2, False)    # 1 absorbed, 1 card unloaded
    assert shield(game, 100) == 0 and len(game.state.scene[100].carried) == 2
    for c in list(game.state.scene[0].carried):
        game.unload(c)                                                 # the last one knocks it out (4.7)
    assert 0 not in game.state.scene
    assert shield(game, 100) == 1                                      # the penalty is gone; the damage stays


def test_4_8_3_D_damage_brought_to_0_fires_no_trigger_on_receiving_damage() -> None:
    """4.8.3 D: a damage the modifiers bring to 0 or less is no damage -- "the source does not cause damage", so
    "toda vez que este personagem receber dano" does not trigger; a damage of 1 left does (our own cards)."""
    guard = card("Personagem: Defensor V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 5\n"
                 "Escudo: 0\nTexto permanente:\n  Toda vez que um personagem fosse causar dano neste personagem, ele "
                 "causará aquela quantidade de dano -1.\n  Toda vez que este personagem receber dano, compre um "
                 "card.\n")
    for amount, drawn in ((1, 0), (2, 1)):
        game = match([own_character("Batedor", action=punch("Soco", amount))], [guard])
        hitter, g = card_of(game, 0, "Batedor V1"), card_of(game, 1, "Defensor V1")
        enter(game, hitter, 2)
        enter(game, g, 4)
        hand = len(game.state.players[1].hand)
        at(game, "combat", "attack")
        use(game, hitter, "Soco")
        assert len(game.state.players[1].hand) - hand == drawn
        assert len(game.state.scene[g].carried) == 4 - (amount - 1)


def test_4_8_3_B_a_cards_modifier_of_its_own_action_counts_once_with_two_copies() -> None:
    """4.8.3 B, 5.3: "toda vez que a ação <the card's own action> causar dano, ela causará +2" -- the modifier of
    each copy is about the action written on that copy: two copies in the scene give each use +2, never +4 (the
    official ruling of Impossível de se Ver V1, ``tests/rulings/bsca/impossivel-de-se-ver-v1-1.scn``; our own card)."""
    hidden = card("Habilidade: Golpe Oculto V1\nPoder: Super Força\nTexto permanente:\n  Toda vez que a ação Golpe "
                  "Oculto causar dano, ela causará aquela quantidade de dano +2.\nAção: Golpe Oculto\n  Custo: {0}\n"
                  "  Poder: Super Força\n  Golpe Oculto causa 1 ponto de dano no alvo.\n")
    game = match([own_character("Um"), own_character("Dois"), hidden, hidden], [own_character("Alvo", ie=9)])
    one, two, t = card_of(game, 0, "Um V1"), card_of(game, 0, "Dois V1"), card_of(game, 1, "Alvo V1")
    enter(game, one, 1, carried=[card_of(game, 0, "Golpe Oculto V1", 0)])
    enter(game, two, 1, carried=[card_of(game, 0, "Golpe Oculto V1", 1)])
    enter(game, t, 9)
    at(game, "combat", "attack")
    use(game, one, "Golpe Oculto")
    use(game, two, "Golpe Oculto")
    assert [c["amount"] for c in calcs(game)] == [3, 3]
