"""Executing procedures on a small Game (cardscript.games.battle_scenes.runtime.handlers and the queries), named after
the rules they
check."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardscript.compiler.ir import CardDef, Discard, Draw, Duration, Gain, Kind, Quantity, Ref, Selector, Unsupported
from cardscript.engine.agents import FirstLegalAgent, ScriptedAgent
from cardscript.games.battle_scenes.runtime.dealing import deal_damage
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import DeckError, deck_paths, load_deck, load_library
from cardscript.games.battle_scenes.runtime.queries import can_be_targeted, can_use_action, extra_draws
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, Player, resolve
from cardscript.games.battle_scenes.runtime.shielding import shield
from cardscript.games.battle_scenes.runtime.state import GameState, PlayerState, Zone
from cardscript.games.battle_scenes.runtime.statics import powers

FILLER = CardDef(title="Filler V1", name="Filler", version=1, card_type="Habilidade", power="SF")


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()


def _game(cards: dict[int, CardDef] | None = None, agents: list[object] | None = None) -> Game:
    ids = [*range(0, 30), *range(100, 130)]
    owner = {i: (0 if i < 100 else 1) for i in ids}
    players = [PlayerState(deck=list(range(0, 30))), PlayerState(deck=list(range(100, 130)))]
    defs: dict[int, CardDef] = {i: FILLER for i in ids}
    defs.update(cards or {})
    game = Game(GameState(owner, players), defs, agents or [FirstLegalAgent(), FirstLegalAgent()],  # type: ignore[arg-type]
                check=True)
    game.state.turn = 1
    return game


def _in_scene(game: Game, base: int, carried: list[int], controller: int | None = None) -> None:
    for c in [base, *carried]:
        game.move(c, Zone.RESOURCES)
    game.enter_scene(base, game.state.owner[base] if controller is None else controller, carried)


def _action_ctx(game: Game, user: int, card: CardDef, targets: list[int]) -> EffectContext:
    assert card.action is not None
    return EffectContext(controller=game.state.scene[user].controller, source=user, user=user,
                         targets=[list(targets)], action_name=card.action.name, action_power=card.action.power,
                         from_action=True)


def _run_action(game: Game, ctx: EffectContext, card: CardDef, mode: int = 0) -> None:
    assert card.action is not None
    for p in card.action.modes[mode].procedures:
        run(game, ctx, p)


def test_4_8_1_damage_goes_to_the_shield_first(library: dict[str, CardDef]) -> None:
    blob, demolicao = library["Blob V1"], library["Demolição V1"]          # Escudo 2?; Suplex: 3 damage
    game = _game({0: demolicao, 100: replace(blob, effects=())})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104])
    before = shield(game, 100)
    _run_action(game, _action_ctx(game, 0, demolicao, [100]), demolicao)
    unloaded = max(0, 3 - before)
    assert game.state.scene[100].energy == 4 - unloaded
    assert shield(game, 100) == max(0, before - 3)


def test_4_8_1_1_several_sources_wear_the_shield_down() -> None:
    hulk = CardDef(title="Hulk V3", name="Hulk", version=3, card_type="Personagem", shield=3, initial_energy=8)
    game = _game({100: hulk})
    _in_scene(game, 100, list(range(101, 109)))
    ctx = EffectContext(controller=0)
    assert deal_damage(game, ctx, None, 100, 2, False) == 0 and shield(game, 100) == 1
    assert deal_damage(game, ctx, None, 100, 4, False) == 3 and shield(game, 100) == 0
    assert deal_damage(game, ctx, None, 100, 3, False) == 3
    assert game.state.scene[100].energy == 2                              # the rulebook's Hulk V3 example


def test_4_8_2_piercing_damage_ignores_the_shield(library: dict[str, CardDef]) -> None:
    rasgar = library["Rasgar V1"]
    user = CardDef(title="U V1", name="U", version=1, card_type="Personagem", shield=1, initial_energy=3,
                   action=rasgar.action)
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", shield=5, initial_energy=3)
    game = _game({0: user, 100: target})
    _in_scene(game, 0, [1])
    _in_scene(game, 100, [101, 102])
    _run_action(game, _action_ctx(game, 0, user, [100]), user)
    assert game.state.scene[100].energy == 1 and shield(game, 100) == 5


def test_4_8_1_the_damage_sources_controller_chooses_the_cards_to_unload() -> None:
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", shield=0, initial_energy=3)
    game = _game({100: target}, agents=[ScriptedAgent([[2]]), FirstLegalAgent()])
    _in_scene(game, 100, [101, 102, 103])
    deal_damage(game, EffectContext(controller=0), None, 100, 1, False)
    assert 103 in game.state.players[1].resources and game.state.scene[100].carried == [101, 102]


def test_4_7_a_character_emptied_by_damage_is_knocked_out() -> None:
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", shield=0, initial_energy=2)
    game = _game({100: target})
    _in_scene(game, 100, [101])
    deal_damage(game, EffectContext(controller=0), None, 100, 3, True)
    assert 100 in game.state.players[1].prizes


def test_x_counts_other_characters_with_a_power(library: dict[str, CardDef]) -> None:
    hercules = library["Hércules V1"]                                     # O Mais Forte: X+2, X = others with {SF}
    strong = CardDef(title="S V1", name="S", version=1, card_type="Personagem", shield=0, initial_energy=9,
                     powers=("SF",))
    target = replace(strong, title="T V1", powers=())
    game = _game({0: hercules, 2: strong, 100: target})
    _in_scene(game, 0, [1])
    _in_scene(game, 2, [3])
    _in_scene(game, 100, list(range(101, 110)))
    _run_action(game, _action_ctx(game, 0, hercules, [100]), hercules)
    assert game.state.scene[100].energy == 9 - 3                           # X=1 (Hércules itself is not "outro")


def test_4_5_incapacitate_with_a_chosen_stage(library: dict[str, CardDef]) -> None:
    cristal = library["Cristal V1"]                                       # Dança de Luzes: em {1} ou {2}
    game = _game({0: cristal}, agents=[ScriptedAgent([[1]]), FirstLegalAgent()])
    _in_scene(game, 0, [1])
    _in_scene(game, 100, [101])
    game.capacitate(100, 1)
    _run_action(game, _action_ctx(game, 0, cristal, [100]), cristal)
    assert game.state.scene[100].stage == 0


def test_gain_shield_minus_one_until_end_of_turn_and_floor_0(library: dict[str, CardDef]) -> None:
    groxo = library["Groxo V1"]                                           # 1 damage, then Escudo -1
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", shield=1, initial_energy=3)
    game = _game({0: groxo, 100: target})
    _in_scene(game, 0, [1])
    _in_scene(game, 100, [101, 102])
    _run_action(game, _action_ctx(game, 0, groxo, [100]), groxo)
    assert shield(game, 100) == 0 and game.state.scene[100].energy == 2


def test_4_6_2_c_4_extra_action(library: dict[str, CardDef]) -> None:
    mercurio = library["Mercúrio V1"]
    game = _game({0: mercurio})
    _in_scene(game, 0, [1])
    _in_scene(game, 100, [101, 102])
    _run_action(game, _action_ctx(game, 0, mercurio, [100]), mercurio)
    (grant,) = game.state.scene[0].extra_grants          # "esta ação outra vez": this action only
    assert [(f.field, f.value) for f in grant.filters] == [("name", "Super Velocidade")]


def test_extra_cost_unloads_this_card(library: dict[str, CardDef]) -> None:
    rocha = library["Rocha V1"]
    user = CardDef(title="U V1", name="U", version=1, card_type="Personagem", shield=0, initial_energy=3)
    game = _game({0: user, 2: rocha})
    _in_scene(game, 0, [1, 2])
    assert rocha.action is not None
    ctx = EffectContext(controller=0, source=2, user=0, targets=[[100]], from_action=True)
    for p in rocha.action.extra_costs:
        run(game, ctx, p)
    assert 2 in game.state.players[0].resources and game.state.scene[0].carried == [1]


def test_search_reveal_put_in_hand_and_shuffle() -> None:
    from cardscript.compiler.lower import lower_card
    from cardscript.compiler.pipeline import compile_source
    from cardscript.core.source import SourceFile

    lider = lower_card(compile_source(SourceFile("t.card", (
        "Personagem: Busca V1\nEnergia inicial: 3\nEscudo: 1\n\nAção: Buscar\n  Custo: {1}\n"
        "  Procure em seu deck por um card de suporte, revele-o, coloque-o em sua mão e embaralhe o seu deck.\n"))))
    assert lider.executable
    support = CardDef(title="Sup V1", name="Sup", version=1, card_type="Suporte", shield=0, initial_energy=2)
    game = _game({0: lider, 20: support})
    _in_scene(game, 0, [1])
    _run_action(game, _action_ctx(game, 0, lider, []), lider)
    assert 20 in game.state.players[0].hand
    assert any(e.kind == "shuffle" for e in game.log.events) and any(e.kind == "reveal" for e in game.log.events)


def test_optional_declined_skips_if_done_steps() -> None:
    draw = Discard(who=Selector(ref=Ref.YOU), amount=Quantity.of(1),
                   cards=Selector(Kind.CARD, zone="hand", count=Quantity.of(1)), optional=True)
    then = Draw(who=Selector(ref=Ref.YOU), amount=Quantity.of(2), if_done=True)
    game = _game(agents=[ScriptedAgent([[1]]), FirstLegalAgent()])
    game.draw(0, 1)
    ctx = EffectContext(controller=0)
    run(game, ctx, draw)
    run(game, ctx, then)
    assert len(game.state.players[0].hand) == 1 and not ctx.last_optional_done


def test_unsupported_procedure_only_logs() -> None:
    game = _game()
    before = game.state.copy()
    run(game, EffectContext(controller=0), Unsupported(text="algo estranho"))
    assert game.log.events[-1].kind == "unsupported" and game.state == before


def test_5_4_static_gain_of_a_carried_ability(library: dict[str, CardDef]) -> None:
    sabre = library["Sabre V1"]                                           # Este personagem ganha {LA}
    user = CardDef(title="U V1", name="U", version=1, card_type="Personagem", shield=1, initial_energy=3)
    game = _game({0: user, 1: sabre})
    _in_scene(game, 0, [1, 2])
    assert "LA" in powers(game, 0)


def test_5_4_static_shield_bonus_for_an_affiliation(library: dict[str, CardDef]) -> None:
    mansao = library["Mansão dos Vingadores V1"]
    avenger = CardDef(title="A V1", name="A", version=1, card_type="Personagem", shield=1, initial_energy=3,
                      affiliations=("Vingadores",))
    game = _game({0: avenger, 2: mansao})
    _in_scene(game, 0, [1])
    _in_scene(game, 2, [3])
    assert shield(game, 0) == 2 and "GE" in powers(game, 0)


def test_4_8_6_hulk_shield_becomes_0_with_energy_1(library: dict[str, CardDef]) -> None:
    hulk = library["Hulk V1"]
    game = _game({0: hulk})
    _in_scene(game, 0, [1, 2])
    assert shield(game, 0) == (hulk.shield or 0)
    game.unload(2)
    assert shield(game, 0) == 0 and powers(game, 0) == ()


def test_4_8_3_b_damage_modifier_of_a_scenario(library: dict[str, CardDef]) -> None:
    combate = library["Combate ao Crime V1"]                              # a hero's damage to a villain +1
    hero = CardDef(title="H V1", name="H", version=1, card_type="Personagem", shield=0, initial_energy=3,
                   alignments=("Herói",))
    villain = replace(hero, title="V V1", alignments=("Vilão",))
    game = _game({0: hero, 100: villain, 5: combate})
    _in_scene(game, 0, [1])
    _in_scene(game, 100, [101, 102, 103])
    game.move(5, Zone.RESOURCES)
    game.place_scenario(5)
    ctx = EffectContext(controller=0, source=0, user=0, from_action=True)
    assert deal_damage(game, ctx, 0, 100, 1, False) == 2


def test_4_8_3_d_first_action_each_turn_does_no_damage_to_blob(library: dict[str, CardDef]) -> None:
    blob = library["Blob V1"]
    game = _game({100: blob})
    _in_scene(game, 100, list(range(101, 108)))
    ctx = EffectContext(controller=0, from_action=True)
    shield_before = shield(game, 100)
    assert deal_damage(game, ctx, None, 100, 5, True) == 0
    assert deal_damage(game, ctx, None, 100, 2, True) == 2 and shield(game, 100) == shield_before


def test_4_6_2_f_2_2_cannot_be_target_of_telepathy(library: dict[str, CardDef]) -> None:
    fanatico = library["Fanático V1"]
    game = _game({100: fanatico})
    _in_scene(game, 100, [101])
    assert not can_be_targeted(game, EffectContext(controller=0, action_power="TE", from_action=True), 100)
    assert can_be_targeted(game, EffectContext(controller=0, action_power="SF", from_action=True), 100)


def test_4_6_2_d_magneto_forbids_opponents_blade_actions(library: dict[str, CardDef]) -> None:
    magneto, dente = library["Magneto V2"], library["Dente-de-Sabre V1"]
    game = _game({0: magneto, 100: dente})
    _in_scene(game, 0, [1])
    _in_scene(game, 100, [101])
    assert dente.action is not None and not can_use_action(game, 100, dente.action)


def test_6_2_b_extra_draw_of_a_scenario(library: dict[str, CardDef]) -> None:
    sucessao = library["Sucessão de Eventos V1"]
    game = _game({5: sucessao})
    game.move(5, Zone.RESOURCES)
    game.place_scenario(5)
    assert extra_draws(game, 0) == 1 and extra_draws(game, 1) == 1


def test_triggered_damage_then_that_characters_controller_may_draw(library: dict[str, CardDef]) -> None:
    explosao = library["Explosão Certeira V1"]
    (effect,) = explosao.effects[:1]
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", shield=3, initial_energy=3)
    game = _game({5: explosao, 100: target}, agents=[ScriptedAgent([[0]]), ScriptedAgent([[0]])])
    _in_scene(game, 100, [101, 102])
    game.move(5, Zone.RESOURCES)
    game.place_scenario(5)
    ctx = EffectContext(controller=0, source=5)
    for p in effect.procedures:
        run(game, ctx, p)
    assert game.state.scene[100].energy == 1 and len(game.state.players[1].hand) == 1
    assert resolve(game, ctx, Selector(ref=Ref.YOU)) == [Player(0)]


def test_gain_until_end_of_turn_powers_reset_next_turn() -> None:
    user = CardDef(title="U V1", name="U", version=1, card_type="Personagem", shield=0, initial_energy=3)
    game = _game({0: user})
    _in_scene(game, 0, [1])
    gain = Gain(targets=Selector(ref=Ref.THIS_CHARACTER), powers=("VO",), duration=Duration.END_OF_TURN)
    run(game, EffectContext(controller=0, source=0), gain)
    assert "VO" in powers(game, 0)
    game.state.turn += 1
    assert "VO" not in powers(game, 0)


def test_demo_decks_load_and_are_fully_executable() -> None:
    for path in deck_paths():
        deck = load_deck(path)
        assert len(deck) == 40
        assert [c.title for c in deck if not c.executable] == []


def test_unknown_deck_card_is_a_clear_error(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    deck = tmp_path / "x.deck"
    deck.write_text("# comment\n2 Blob V1\n1 Ninguém V9\n", encoding="utf-8")
    with pytest.raises(DeckError, match=r"x.deck:3: unknown card 'Ninguém V9'"):
        load_deck(deck)
