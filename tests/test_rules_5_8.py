"""Rules 5.8: permanent texts losing their effects (Câmara Neutralizadora, Gerador de P.E.M.), the rulebook's
examples as tests."""

from __future__ import annotations

import pytest

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import FirstLegalAgent
from cardscript.games.battle_scenes.runtime.game import Game
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.queries import can_use_action, placement_allowed
from cardscript.games.battle_scenes.runtime.selectors import EffectContext, static_context
from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.statics import has_keyword
from cardscript.games.battle_scenes.runtime.triggers import functional_in_scene
from tests.engine_helpers import in_scene as _in_scene
from tests.engine_helpers import small_game as _game


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()






def _enters_choosing(game: Game, card: int, chosen: int) -> None:
    """``card`` enters the scene and its "Quando ... entrar em cena, escolha ..." picks ``chosen``."""
    _in_scene(game, card, [card + 1, card + 2, card + 3])
    definition = game.cards[card]
    trigger = definition.effects[0]
    ctx = static_context(game, card, game.state.scene[card].controller)
    game.agents = [_Pick(chosen, game), _Pick(chosen, game)]            # type: ignore[list-item]
    for p in trigger.procedures:
        run(game, ctx, p)
    game.agents = [FirstLegalAgent(), FirstLegalAgent()]


class _Pick:
    def __init__(self, card: int, game: Game) -> None:
        self.name = game.name(card)

    def decide(self, decision: object) -> list[int]:
        options = getattr(decision, "options", ())
        return [options.index(self.name)] if self.name in options else [0]


def test_5_8_camara_neutralizadora_one_shuma_gorath_no_more_pelotao(library: dict[str, CardDef]) -> None:
    """5.8 example 1: "Enquanto apenas o Shuma-Gorath afetado pela Câmara estiver em cena, seu controlador não
    poderá colocar outro personagem com o alter ego Shuma-Gorath em cena, pois não existe mais nenhum efeito
    permitindo que isso seja feito." (Pelotão, 5.6: "pode haver qualquer número ...", lost with the texts)."""
    shuma, camara = library["Shuma-Gorath V1"], library["Câmara Neutralizadora V1"]
    game = _game({0: shuma, 5: shuma, 100: camara})
    _in_scene(game, 0, [1, 2])
    game.move(5, Zone.HAND)
    assert placement_allowed(game, 0, 5)                     # Pelotão works: a second Shuma-Gorath may enter
    _enters_choosing(game, 100, 0)
    assert game.state.chosen[100] == {"card:0": [0]}
    assert not has_keyword(game, 0, "Pelotão") and not functional_in_scene(game, 0)[0]
    assert not placement_allowed(game, 0, 5)                 # the one in the hand does not count


def test_5_8_camara_neutralizadora_two_shuma_gorath_the_other_still_allows(library: dict[str, CardDef]) -> None:
    """5.8 example 1: "se um jogador estiver controlando dois Shuma-Gorath V1 e seu oponente colocar uma Câmara
    Neutralizadora escolhendo um deles, o controlador ... continuará podendo colocar outros personagens com alter
    ego Shuma-Gorath em cena, pois existe um efeito permitindo que isso seja feito." """
    shuma, camara = library["Shuma-Gorath V1"], library["Câmara Neutralizadora V1"]
    game = _game({0: shuma, 5: shuma, 9: shuma, 100: camara})
    _in_scene(game, 0, [1, 2])
    _in_scene(game, 5, [6, 7])
    game.move(9, Zone.HAND)
    _enters_choosing(game, 100, 0)
    assert not has_keyword(game, 0, "Pelotão") and has_keyword(game, 5, "Pelotão")
    assert placement_allowed(game, 0, 9)


def test_5_8_blade_v2_loses_predador_and_comes_back_when_the_camara_leaves(library: dict[str, CardDef]) -> None:
    """5.8 example 2: "Se seu oponente colocar em cena uma Câmara Neutralizadora escolhendo Blade V2, ele
    perderá todos os efeitos dos textos permanentes, inclusive a característica Predador." Undefined-duration
    effects stop at once and start again when the Câmara (a static, computed on demand) leaves the scene."""
    blade, camara = library["Blade V2"], library["Câmara Neutralizadora V1"]
    game = _game({0: blade, 100: camara})
    _in_scene(game, 0, [1, 2])
    assert has_keyword(game, 0, "Predador")
    _enters_choosing(game, 100, 0)
    assert not has_keyword(game, 0, "Predador")
    for c in list(game.state.scene[100].carried):
        game.unload(c)                                       # the Câmara is destroyed (4.7)
    assert 100 not in game.state.scene and has_keyword(game, 0, "Predador")


def test_5_8_cassandra_nova_vampira_camara_and_gerador_de_pem(library: dict[str, CardDef]) -> None:
    """5.8 example 5: Bruno's Cassandra Nova chooses Pedro's Vampira ("O personagem escolhido não pode usar
    ações"); Pedro's Câmara Neutralizadora chooses Cassandra: "Vampira volta a poder usar ações, mas continua
    sendo o personagem escolhido pela Cassandra"; Bruno's Gerador de P.E.M. (naming the Câmara -- here: choosing
    it) "o efeito da Cassandra volta a impedir que Vampira use ações"."""
    vampira, cassandra = library["Vampira V2"], library["Cassandra Nova V1"]
    camara, gerador = library["Câmara Neutralizadora V1"], library["Gerador de P.E.M. V1"]
    game = _game({0: vampira, 10: camara, 100: cassandra, 110: gerador})
    _in_scene(game, 0, [1, 2])
    assert vampira.action is not None
    assert can_use_action(game, 0, vampira.action)
    _enters_choosing(game, 100, 0)
    assert not can_use_action(game, 0, vampira.action)
    _enters_choosing(game, 10, 100)                          # Câmara chooses Cassandra Nova
    assert can_use_action(game, 0, vampira.action) and game.state.chosen[100] == {"card:0": [0]}
    _enters_choosing(game, 110, 10)                          # Gerador de P.E.M.: the Câmara's texts are lost
    assert not can_use_action(game, 0, vampira.action)


def test_5_8_an_effect_of_the_text_being_resolved_is_interrupted(library: dict[str, CardDef]) -> None:
    """5.8 ATENÇÃO: "Efeitos simples que ainda estejam sendo resolvidos quando seu card perder o texto têm sua
    resolução interrompida imediatamente." Cidade Fantasma's entering effect ("compre um card") does not draw
    once its texts have no effect; effects already resolved stay (the card drawn before stays in the hand)."""
    cidade, gerador = library["Cidade Fantasma V1"], library["Gerador de P.E.M. V1"]
    game = _game({20: cidade, 110: gerador})
    game.move(20, Zone.RESOURCES)
    game.place_scenario(20)
    ctx = EffectContext(controller=0, source=20)
    draw = cidade.effects[0].procedures[0]
    run(game, ctx, draw)
    assert len(game.state.players[0].hand) == 1
    _enters_choosing(game, 110, 20)
    run(game, ctx, draw)
    assert len(game.state.players[0].hand) == 1
    assert any(e.kind == "interrupted" for e in game.log.events)


def test_5_8_camara_gives_acao_unica_to_the_chosen_character(library: dict[str, CardDef]) -> None:
    """Câmara Neutralizadora: "as ações que ele usar ganham Ação Única até o final do turno (o personagem não
    pode usar mais ações com o nome das ações usadas por ele durante este turno)"."""
    vampira, camara = library["Vampira V2"], library["Câmara Neutralizadora V1"]
    game = _game({0: vampira, 100: camara})
    _in_scene(game, 0, [1, 2])
    assert vampira.action is not None
    game.state.scene[0].actions_used.append(vampira.action.name)
    assert can_use_action(game, 0, vampira.action)
    _enters_choosing(game, 100, 0)
    assert not can_use_action(game, 0, vampira.action)


def test_5_8_blade_v2_under_the_camara_does_not_trigger_dracula(library: dict[str, CardDef]) -> None:
    """5.8 example 2 (end): "se um personagem do oponente usar uma ação tendo Blade como alvo, o efeito do
    Drácula -- "Toda vez que um personagem controlado por um oponente usar uma ação tendo como alvo um
    personagem com Predador que você controla, você pode incapacitar aquele personagem em 1. Se o fizer, aquele
    personagem causa 1 ponto de dano penetrante no personagem que usou a ação." -- não será desencadeado, pois
    Blade não possui mais a característica Predador." Driven through the engine's triggers; without the Câmara
    the trigger fires: Blade (aquele personagem) is incapacitated by 1 and deals 1 piercing damage to the user."""
    from cardscript.games.battle_scenes.runtime.turn import Engine

    blade, dracula, camara = library["Blade V2"], library["Drácula V1"], library["Câmara Neutralizadora V1"]
    user = CardDef(title="U V1", name="U", version=1, card_type="Personagem", shield=0, initial_energy=5)
    game = _game({0: blade, 5: dracula, 100: user, 110: camara})
    _in_scene(game, 0, [1, 2, 3, 4])
    _in_scene(game, 5, [6, 7])
    _in_scene(game, 100, [101, 102, 103, 104, 105])
    engine = Engine(game)
    stage, energy = game.state.scene[0].stage, game.state.scene[100].energy
    game.emit("use_action", card=100, action="x", player=1, targets=[5])     # Drácula, no Predador: nothing
    engine.tree.resolve()
    assert (game.state.scene[0].stage, game.state.scene[100].energy) == (stage, energy)
    game.emit("use_action", card=0, action="x", player=0, targets=[0])       # not an opponent's character
    engine.tree.resolve()
    assert (game.state.scene[0].stage, game.state.scene[100].energy) == (stage, energy)
    game.emit("use_action", card=100, action="x", player=1, targets=[0])     # targeting Blade: it triggers
    engine.tree.resolve()
    assert game.state.scene[0].stage == stage - 1 and game.state.scene[100].energy == energy - 1
    _enters_choosing(game, 110, 0)                                           # the Câmara chooses Blade
    assert not has_keyword(game, 0, "Predador")
    stage, energy = game.state.scene[0].stage, game.state.scene[100].energy
    game.emit("use_action", card=100, action="x", player=1, targets=[0])
    engine.tree.resolve()
    assert (game.state.scene[0].stage, game.state.scene[100].energy) == (stage, energy)
