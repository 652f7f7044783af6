"""Rules 8, Regras de Ouro: A card effect beats a game rule; B negative beats positive (B.2 losing beats
gaining); C as much as possible; D cards never mix."""

from __future__ import annotations

import pytest

from cardscript.compiler.ir import (
    CardDef,
    ChangeAction,
    Duration,
    Gain,
    Procedure,
    Quantity,
    Ref,
    Selector,
    SetCost,
    Unload,
)
from cardscript.engine.agents import Decision, FirstLegalAgent, ScriptedAgent
from cardscript.games.battle_scenes.runtime import continuous
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.queries import placement_allowed
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, static_context
from cardscript.games.battle_scenes.runtime.shielding import end_of_turn
from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.statics import powers
from tests.engine_helpers import in_scene as _in_scene
from tests.engine_helpers import small_game as _game

INUMANO = CardDef(title="Inumano V1", name="Inumano", version=1, card_type="Personagem", affiliations=("Inumanos",),
                  initial_energy=2, shield=0)


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()






def test_8_a_pelotao_beats_the_one_alter_ego_rule(library: dict[str, CardDef]) -> None:
    """8 A: "Toda vez que o efeito de um card se opor a uma regra de jogo, o efeito do card irá prevalecer."
    4.4.2.1 A.4 forbids a second character of the same alter ego (or name); Capanga do Rei V2's Pelotão allows
    it. A character without Pelotão stays under the rule."""
    capanga = library["Capanga do Rei V2"]
    plain = CardDef(title="Plain V1", name="Plain", version=1, card_type="Personagem", initial_energy=1, shield=0)
    game = _game({0: capanga, 5: capanga, 10: plain, 15: plain})
    _in_scene(game, 0, [1])
    _in_scene(game, 10, [11])
    game.move(5, Zone.HAND)
    game.move(15, Zone.HAND)
    assert placement_allowed(game, 0, 5)
    assert not placement_allowed(game, 0, 15)


def test_8_b_planos_frustrados_beats_raio_negro_v2s_search(library: dict[str, CardDef]) -> None:
    """8 B: "O controlador de Raio Negro V2 não poderá procurar cards de personagens com a afiliação Inumanos no
    deck se o efeito do cenário Planos Frustrados estiver funcionando." ("Os jogadores não podem procurar cards
    nos decks.")"""
    raio, planos = library["Raio Negro V2"], library["Planos Frustrados V1"]
    game = _game({0: raio, 5: INUMANO, 100: planos}, agents=[ScriptedAgent([[0]] * 5), FirstLegalAgent()])
    _in_scene(game, 0, [1, 2])
    game.move(100, Zone.RESOURCES)
    game.place_scenario(100)
    ctx = EffectContext(controller=0, source=0, user=0)
    for p in raio.effects[0].procedures:
        run(game, ctx, p)
    assert game.state.players[0].hand == [] and 5 in game.state.players[0].deck
    assert any(e.kind == "prevented" for e in game.log.events)


def test_8_b_planos_frustrados_leaving_keeps_searching_prevented_until_the_end_of_turn(
        library: dict[str, CardDef]) -> None:
    """5.7 A.2 with 8 B: Planos Frustrados "Quando este cenário sair de cena, os jogadores não podem procurar
    cards nos decks até o final do turno." -- a continuous effect with a defined duration, created when the
    trigger resolves (in the GameState), that outlives the scenario and ends at the Final do Turno."""
    raio, planos = library["Raio Negro V2"], library["Planos Frustrados V1"]
    game = _game({0: raio, 5: INUMANO, 100: planos}, agents=[ScriptedAgent([[0]] * 10), FirstLegalAgent()])
    _in_scene(game, 0, [1, 2])
    game.move(100, Zone.RESOURCES)
    game.place_scenario(100)
    leave = planos.effects[1]
    ctx = static_context(game, 100, 1)
    game.move(100, Zone.RESOURCES)                       # the scenario left; its trigger resolves
    for p in leave.procedures:
        run(game, ctx, p)
    search = EffectContext(controller=0, source=0, user=0)
    for p in raio.effects[0].procedures:
        run(game, search, p)
    assert game.state.players[0].hand == []
    end_of_turn(game)
    game.state.turn += 1
    search = EffectContext(controller=0, source=0, user=0)
    for p in raio.effects[0].procedures:
        run(game, search, p)
    assert game.state.players[0].hand == [5]


def test_8_b_2_losing_a_power_beats_gaining_it(library: dict[str, CardDef]) -> None:
    """8 B.2: "Se um efeito faz um personagem ... ganhar algum ... poder ... e outro faz com que ele perca aquele
    mesmo atributo, o efeito que faz perder prevalece." Hulk V1 at Energia 1 "perde todos os seus poderes"; a
    {VO} gained until the end of the turn does not come back, whichever came first."""
    hulk = library["Hulk V1"]
    game = _game({0: hulk})
    _in_scene(game, 0, [1])
    gain = Gain(targets=Selector(ref=Ref.THIS_CHARACTER), powers=("VO",), duration=Duration.END_OF_TURN)
    run(game, EffectContext(controller=0, source=0), gain)
    assert powers(game, 0) == ()
    game.load(2, 0)                                      # Energia 2: the loss stops, the gain shows
    assert "VO" in powers(game, 0)
    continuous.add(game, "lose", None, 1, [0], Duration.END_OF_TURN, powers=["VO"])
    assert "VO" not in powers(game, 0)                   # a later loss beats the earlier gain too


def test_8_b_2_drenar_poder_takes_the_power_armadura_grants(library: dict[str, CardDef]) -> None:
    """8 B.2: "O efeito da ação Drenar Poder da Vampira V2 vence o da Armadura IMA". Drenar Poder's "Escolha um
    poder" offers each of the 13 powers (rules 2.1), Super Força included though no character card of the match
    prints it (the target has it from Armadura de Combate I.M.A.); the power taken stays lost while the Armadura
    still grants it (tests/scenarios/8-B-efeitos-negativos-prevalecem.scn)."""
    vampira, ultron = library["Vampira V2"], library["Ultron-61112 V1"]
    offered: list[tuple[str, ...]] = []

    class TakesSuperForca:
        def decide(self, decision: Decision) -> list[int]:
            if decision.kind != "choose_power":
                return list(range(decision.minimum))
            offered.append(tuple(decision.options))
            return [decision.options.index("SF")]

    game = _game({0: vampira, 100: ultron, 101: library["Armadura de Combate I.M.A. V1"]},
                 agents=[TakesSuperForca(), FirstLegalAgent()])
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102])
    assert "SF" in powers(game, 100)
    action = vampira.action
    assert action is not None
    ctx = EffectContext(controller=0, source=0, user=0, targets=[[100]], action_name=action.name, from_action=True)
    for p in action.modes[0].procedures:
        run(game, ctx, p)
    assert len(offered) == 1 and len(offered[0]) == 13 and "SF" in offered[0]
    assert "SF" not in powers(game, 100)


def test_8_c_unloading_more_than_carried_unloads_what_there_is() -> None:
    """8 C: "Se um efeito não puder ser cumprido em sua totalidade, deve-se realizar o máximo possível" -- like
    Corrente de Plasma on a character carrying only one card: only that card is unloaded (and the character,
    left empty, is knocked out, 4.7)."""
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", initial_energy=3, shield=0)
    game = _game({100: target})
    _in_scene(game, 100, [101])
    unload = Unload(who=Selector(kind=Selector().kind, ref=Ref.YOU), amount=Quantity.of(3),
                    frm=Selector(ref=Ref.TARGET))
    run(game, EffectContext(controller=0, targets=[[100]]), unload)
    assert 101 in game.state.players[1].resources and 100 in game.state.players[1].prizes


def test_8_c_putting_five_cards_from_a_shorter_deck_puts_all_of_them() -> None:
    """8 C: "A ação Poltergeist é usada tendo como alvo um oponente com menos de cinco cards no deck -- o efeito
    da ação colocará todos os cards do deck do oponente nos recursos." (the engine's primitive for it)"""
    game = _game({})
    for c in list(game.state.players[1].deck[3:]):
        game.move(c, Zone.HAND)
    moved = game.mill_to_resources(1, 5)
    assert len(moved) == 3 and game.state.players[1].deck == []


def test_8_d_a_card_taken_from_an_opponents_character_goes_to_its_owners_deck() -> None:
    """8 D: "Você usa o efeito do Colecionador V1 e retira um card de habilidade com Item Único que um personagem
    controlado pelo oponente está carregando, colocando-o na base do deck daquele jogador." """
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", initial_energy=3, shield=0)
    game = _game({100: target})
    _in_scene(game, 100, [101, 102])
    game.move(101, Zone.DECK, bottom=True, reason="Colecionador V1")
    assert game.state.players[1].deck[-1] == 101 and 101 not in game.state.players[0].deck


def _static(title: str, *procedures: Procedure) -> CardDef:
    from cardscript.compiler.ir import Effect, EffectKind

    return CardDef(title=f"{title} V1", name=title, version=1, card_type="Habilidade", power="SF",
                   effects=(Effect(EffectKind.STATIC, procedures, duration=Duration.WHILE_IN_PLACE, text=title),))


def test_8_B_3_two_fixed_costs_the_higher_wins(library: dict[str, CardDef]) -> None:
    """8 B.3: "Se dois efeitos alterarem o custo de uma ação para um valor específico, aquela ação terá o custo
    mais alto." Ossos Cruzados V1's Chuva de Balas (printed {1}) under Máquina de Bloqueio Mental V1 ("Todas as
    ações com custo {0} e {1} têm custo {2}") costs 2 although its own text sets it to {0} until used (the rules'
    own example) -- and is paid so; a hand-built effect setting it to 1 does
    not lower it (the higher wins); alone, that effect makes it 1."""
    from cardscript.games.battle_scenes.runtime.actions import ActionUse, cost_payable, use_action
    from cardscript.games.battle_scenes.runtime.queries import action_cost
    from cardscript.games.battle_scenes.runtime.turn import Engine

    ossos, maquina = library["Ossos Cruzados V1"], library["Máquina de Bloqueio Mental V1"]
    (setter,) = maquina.effects
    assert isinstance(setter.procedures[0], SetCost)
    to_one = _static("Custo Um", SetCost(value=1, cost_in=(), action_filters=()))
    target = CardDef(title="T V1", name="T", version=1, card_type="Personagem", shield=0, initial_energy=5)
    game = _game({0: ossos, 3: to_one, 100: target, 110: maquina})
    chuva = ossos.action
    assert chuva is not None and chuva.cost == 1
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    assert action_cost(game, chuva) == 0                       # its own text: not yet used this turn, {0}
    _in_scene(game, 110, [111, 112, 113])
    assert action_cost(game, chuva) == 2                       # Máquina de Bloqueio Mental
    game.move(3, Zone.RESOURCES)
    game.load(3, 0)
    assert 3 in game.state.scene[0].carried
    assert action_cost(game, chuva) == 2                       # set to 2 and to 1: the higher
    base = game.state.scene[0]
    use = ActionUse(0, 0, chuva)
    assert base.stage == 1 and not cost_payable(game, use, base)     # stage 1 cannot pay 2
    game.capacitate(0, 1)
    assert base.stage == 2 and cost_payable(game, use, base)
    engine = Engine(game)
    use_action(engine, use)
    assert game.state.scene[0].stage == 0                      # paid 2
    for c in list(game.state.scene[110].carried):
        game.unload(c)                                         # the Máquina leaves: only the setter to 1
    assert 110 not in game.state.scene and action_cost(game, chuva) == 1


def test_8_B_1_losing_a_type_beats_gaining_it(library: dict[str, CardDef]) -> None:
    """8 B.1: "Se uma ação ganhar e perder um tipo (Ação de Antecipar ou Imprevistas), ela perderá aquele tipo."
    Hand-built statics on Chuva de Balas: one makes it an Antecipar action, another takes Antecipar away; with
    both, it is not an Antecipar action (whichever came first)."""
    from cardscript.games.battle_scenes.runtime.queries import action_types

    ossos = library["Ossos Cruzados V1"]
    chuva = ossos.action
    assert chuva is not None and not chuva.anticipate
    gain = _static("Ganha", ChangeAction(action=chuva.name, anticipate=True, unforeseen=False))
    lose = _static("Perde", ChangeAction(action=chuva.name, lose=("anticipate",)))
    for order in ([3, 4], [4, 3]):
        game = _game({0: ossos, 3: gain, 4: lose})
        _in_scene(game, 0, [1, order[0]])
        assert action_types(game, 0, chuva)[0] is (order[0] == 3)
        game.move(order[1], Zone.RESOURCES)
        game.load(order[1], 0)
        assert action_types(game, 0, chuva) == (False, False)


def test_8_c_every_player_puts_the_top_cards_of_each_own_deck() -> None:
    """8 C, 8 D: every player putting "os três cards do topo de seus próprios decks" in the resources moves the top
    three of EACH deck to its owner's resources, not three over both decks; a deck holding fewer gives what it has."""
    from cardscript.compiler.ir import Kind, Move

    players = Selector(kind=Kind.PLAYER, ref=Ref.EVERY_PLAYER, every=True)
    move = Move(cards=Selector(zone="deck_top", count=Quantity.of(3), of=players), to="resources", to_owner=players)
    game = _game({})
    for c in list(game.state.players[0].deck[2:]):
        game.move(c, Zone.HAND)                          # player 0's deck: two cards
    top_b = list(game.state.players[1].deck[:3])
    run(game, EffectContext(controller=0), move)
    assert game.state.players[0].deck == [] and sorted(game.state.players[0].resources) == [0, 1]
    assert sorted(game.state.players[1].resources) == sorted(top_b)
