"""Rules 5.5: replacement effects ("Se ... fosse ..., ... ao invés disso"): the replaced procedure does not
happen and triggers nothing; the replacing one happens and triggers normally."""

from __future__ import annotations

import pytest

from cardscript.compiler.ir import CardDef
from cardscript.engine.agents import FirstLegalAgent, ScriptedAgent
from cardscript.games.battle_scenes.runtime.dealing import deal_damage
from cardscript.games.battle_scenes.runtime.handlers import run
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.engine_helpers import in_scene as _in_scene
from tests.engine_helpers import small_game as _game


@pytest.fixture(scope="module")
def library() -> dict[str, CardDef]:
    return load_library()






def test_5_5_cidade_fantasma_a_search_becomes_drawing_that_many(library: dict[str, CardDef]) -> None:
    """5.5, Cidade Fantasma: "Se um jogador fosse procurar um ou mais cards no próprio deck, ele deverá comprar
    aquele mesmo número de cards ao invés disso." Raio Negro V2's search for one card becomes drawing one: no
    search happens (no ``search`` event, so "toda vez que um jogador procurar" triggers would not fire), the
    draw does (its ``move`` events are there); "Se o fizer" (the search) is not done."""
    raio, cidade = library["Raio Negro V2"], library["Cidade Fantasma V1"]
    inumano = CardDef(title="Inumano V1", name="Inumano", version=1, card_type="Personagem",
                      affiliations=("Inumanos",), initial_energy=2, shield=0)
    game = _game({0: raio, 5: inumano, 100: cidade}, agents=[ScriptedAgent([[0]] * 5), FirstLegalAgent()])
    _in_scene(game, 0, [1, 2])
    game.move(100, Zone.RESOURCES)
    game.place_scenario(100)
    top = game.state.players[0].deck[0]
    ctx = EffectContext(controller=0, source=0, user=0)
    for p in raio.effects[0].procedures:
        run(game, ctx, p)
    assert game.state.players[0].hand == [top]
    kinds = [e.kind for e in game.log.events]
    assert "replaced" in kinds and "search" not in kinds and "reveal" not in kinds


def test_5_5_without_the_replacement_the_search_happens(library: dict[str, CardDef]) -> None:
    raio = library["Raio Negro V2"]
    inumano = CardDef(title="Inumano V1", name="Inumano", version=1, card_type="Personagem",
                      affiliations=("Inumanos",), initial_energy=2, shield=0)
    game = _game({0: raio, 5: inumano}, agents=[ScriptedAgent([[0]] * 5), FirstLegalAgent()])
    _in_scene(game, 0, [1, 2])
    ctx = EffectContext(controller=0, source=0, user=0)
    for p in raio.effects[0].procedures:
        run(game, ctx, p)
    assert game.state.players[0].hand == [5]


def test_5_5_apocalipse_redirects_the_damage_it_would_receive(library: dict[str, CardDef]) -> None:
    """5.5 / 4.8.3.1, Apocalipse V1: "Se este personagem fosse receber dano, ao invés disso você pode redirecionar
    aquele dano para um outro personagem com a afiliação Cavaleiros do Apocalipse que você controla." The damage
    to Apocalipse does not happen (no ``damage`` event on it); the redirected damage does."""
    apocalipse = library["Apocalipse V1"]
    cavaleiro = CardDef(title="Morte V1", name="Morte", version=1, card_type="Personagem",
                        affiliations=("Cavaleiros do Apocalipse",), initial_energy=4, shield=0)
    game = _game({100: apocalipse, 110: cavaleiro})
    _in_scene(game, 100, [101, 102, 103])
    _in_scene(game, 110, [111, 112, 113])
    deal_damage(game, EffectContext(controller=0), None, 100, 2, True)
    assert game.state.scene[100].energy == 3 and game.state.scene[110].energy == 1
    damaged = [e.data["card"] for e in game.log.events if e.kind == "damage"]
    assert damaged == [110]


def test_5_5_apocalipse_may_decline_the_replacement(library: dict[str, CardDef]) -> None:
    apocalipse = library["Apocalipse V1"]
    cavaleiro = CardDef(title="Morte V1", name="Morte", version=1, card_type="Personagem",
                        affiliations=("Cavaleiros do Apocalipse",), initial_energy=4, shield=0)
    game = _game({100: apocalipse, 110: cavaleiro}, agents=[FirstLegalAgent(), ScriptedAgent([[1]])])
    _in_scene(game, 100, [101, 102, 103])
    _in_scene(game, 110, [111, 112, 113])
    deal_damage(game, EffectContext(controller=0), None, 100, 2, True)
    assert game.state.scene[100].energy == 1 and game.state.scene[110].energy == 3
