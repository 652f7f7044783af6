"""References: an area looked at ("olhe a mão de um oponente": every card in it, the area "dali" then
names) and a demonstrative player ("aquele jogador" is never the addressee "você"). IR checks on our own texts, and
corpus cards played on the engine (skipped without the corpora)."""

from __future__ import annotations

import pytest

from cardscript.compiler.ir import (
    CardDef,
    ChangeAction,
    Choose,
    Gain,
    Kind,
    Load,
    Look,
    Lose,
    ModifyDamage,
    Move,
    Ref,
    Selector,
)
from cardscript.games.battle_scenes.runtime.shielding import shield
from tests.corpus_play import card_of, corpus_available, corpus_card, enter, match, scenario, where
from tests.engine_helpers import card, in_scene, small_game

ABILITY = card("Habilidade: Golpe Fácil V1\nPoder: Super Força\nAção: Golpe Fácil\n  Custo: {1}\n"
               "  Golpe Fácil causa 1 ponto de dano no alvo.\n")


def _scenario(text: str) -> CardDef:
    return card(f"Cenário: Olhar V1\n\nTexto permanente:\n  {text}\n")


def _procedures(c: CardDef) -> list[object]:
    return [p for e in c.effects for p in e.procedures]


def test_looking_at_a_hand_is_every_card_in_it_and_dali_is_that_hand() -> None:
    c = _scenario("Quando este cenário entrar em cena, olhe a mão de um oponente. Você pode escolher um card de "
                  "habilidade dali e colocá-lo nos recursos de seu dono.")
    assert c.executable
    look, choose, move = _procedures(c)
    assert isinstance(look, Look) and look.cards.every and look.cards.kind is Kind.CARD
    assert look.cards.zone == "hand" and look.cards.zone_owner is Ref.OPPONENT
    assert isinstance(choose, Choose) and choose.what.zone == "hand" and choose.what.zone_owner is Ref.OPPONENT
    assert isinstance(move, Move) and move.to == "resources" and move.if_done


def test_the_scene_is_not_an_area_looked_at() -> None:
    c = _scenario("Quando este cenário entrar em cena, olhe a cena.")
    assert not c.executable


def test_aquele_jogador_is_not_you() -> None:
    """"aquele jogador" after "você pode escolher": the player whose hand was looked at, not "você"."""
    c = card("Personagem: Leitor V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
             "Ação: Ler\n  Custo: {1}\n  Poder: Super Força\n  Olhe a mão do oponente alvo. Você pode escolher um "
             "card dali e colocá-lo na base do deck daquele jogador.\n")
    assert c.action is not None
    (mode,) = c.action.modes
    move = mode.procedures[-1]
    assert isinstance(move, Move) and move.to == "deck_bottom"
    assert move.to_owner is not None and move.to_owner.ref is Ref.TARGET


@pytest.mark.skipif(not corpus_available(), reason="the development corpora are not available")
def test_planos_expostos_puts_an_ability_from_the_opponents_hand_into_its_owners_resources() -> None:
    """Planos Expostos ((2015) BSOS 69/100): entering, its controller looks at an opponent's hand and may put an
    ability card from there into its owner's resources."""
    game = match([corpus_card("(2015) BSOS 69/100")], [ABILITY])
    plan, ability = card_of(game, 0, "Planos Expostos V1"), card_of(game, 1, "Golpe Fácil V1")
    game.draw(1, 1)
    assert ability in where(game, 1)("hand")
    scenario(game, plan)
    assert ability in where(game, 1)("resources") and ability not in where(game, 1)("hand")


def _character(permanent: str) -> CardDef:
    return card("Personagem: Portador V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
                f"\nTexto permanente:\n  {permanent}\n")


def test_carrying_with_its_subject_left_out_is_the_clauses_subject() -> None:
    """"para cada card de habilidade que estiver carregando": the cards this character carries (4.3)."""
    c = _character("Este personagem ganha Escudo +1 para cada card de habilidade de {SF} que estiver carregando.")
    assert c.executable
    (gain,) = _procedures(c)
    assert isinstance(gain, Gain) and gain.shield_x is not None
    assert gain.shield_x.x is not None
    counted = gain.shield_x.x.what
    assert counted is not None and counted.zone == "carried"
    assert counted.of is not None and counted.of.ref is Ref.THIS_CHARACTER


def test_carrying_left_out_after_each_character_is_not_read() -> None:
    """"cada personagem ... que estiver carregando": each its own cards -- not read as cards carried by any."""
    c = _character("Cada personagem que você controla ganha Escudo +1 para cada card de habilidade que estiver "
                   "carregando.")
    assert not c.executable


def test_carried_shield_bonus_on_the_engine() -> None:
    c = _character("Este personagem ganha Escudo +1 para cada card de habilidade que estiver carregando.")
    game = small_game({0: c, 1: ABILITY, 2: ABILITY})
    in_scene(game, 0, [1, 2])
    assert shield(game, 0) == 2


def test_aquela_fonte_is_the_source_of_the_damage_any_source() -> None:
    """"fosse receber dano de uma fonte, aquela fonte causará aquela quantidade de dano -1" (5.3): every damage
    to this character is 1 less, whatever its source -- "aquela fonte" is not this character."""
    c = _character("Toda vez que este personagem fosse receber dano de uma fonte, aquela fonte causará aquela "
                   "quantidade de dano -1.")
    assert c.executable
    (mod,) = _procedures(c)
    assert isinstance(mod, ModifyDamage) and mod.delta == -1 and mod.source is None and not mod.source_kind
    assert mod.target is not None and mod.target.ref is Ref.THIS_CHARACTER


def test_ele_who_controls_is_a_player_not_the_card_named_before() -> None:
    """"aquele jogador pode carregar um card ... em um personagem que ele controla": "ele", the one who controls,
    is the player (4.2), not "um card" read just before."""
    c = _scenario("Toda vez que um oponente comprar um card, aquele jogador carrega um card de seus recursos em um "
                  "personagem que ele controla.")
    assert c.executable
    (load,) = _procedures(c)
    assert isinstance(load, Load) and load.onto is not None
    (controller,) = [f.value for f in load.onto.filters if f.field == "controller"]
    assert isinstance(controller, Selector) and controller.slot == "event:player"


def test_actions_that_gain_and_are_anticipation_actions_share_the_subject() -> None:
    """"As ações de {SF} deste personagem ganham Ação Única e são ações de antecipar": the second verb's subject is
    left out -- the same actions."""
    c = _character("As ações de {SF} deste personagem ganham Ação Única e são ações de antecipar.")
    assert c.executable
    gain, change = _procedures(c)
    assert isinstance(gain, Gain) and isinstance(change, ChangeAction) and change.anticipate
    assert change.actions == gain.targets


def test_a_power_of_a_character_that_is_referred_to_is_chosen_with_it_first() -> None:
    """"você pode escolher um poder de um personagem ... Se o fizer, aquele personagem perde o poder escolhido": the
    character is chosen first (the "pode" asked once, there), the power among its powers, and it loses that one."""
    c = _scenario("Quando este cenário entrar em cena, você pode escolher um poder de um personagem controlado por "
                  "outro jogador. Se o fizer, aquele personagem perde o poder escolhido até o final do turno.")
    assert c.executable
    first, power, lose = _procedures(c)
    assert isinstance(first, Choose) and first.optional and first.what.kind is Kind.CHARACTER
    assert isinstance(power, Choose) and power.characteristic == "power" and power.if_done and not power.optional
    assert power.among is not None and power.among.slot == first.introduces
    assert isinstance(lose, Lose) and lose.targets.slot == first.introduces and lose.if_done


_OPPONENT_CHOSEN = ("Se um jogador colocar um cenário em cena, aquele jogador deve escolher um oponente. O oponente "
                    "escolhido compra um card.")


def test_an_opponent_chosen_by_a_player_is_that_players_opponent() -> None:
    """"aquele jogador deve escolher um oponente": an opponent of the player choosing (the players but that one),
    not "seu oponente" of the card's controller."""
    c = _character(_OPPONENT_CHOSEN)
    assert c.executable
    choose, _ = _procedures(c)
    assert isinstance(choose, Choose) and choose.what.kind is Kind.PLAYER and choose.what.ref is Ref.EVERY_PLAYER
    assert choose.what.excluding is not None and choose.what.excluding.slot == "event:player"
    mine = _character("Quando este personagem entrar em cena, escolha um oponente. O oponente escolhido compra um "
                      "card.")
    choose, _ = _procedures(mine)
    assert isinstance(choose, Choose) and choose.what.ref is Ref.OPPONENT      # "você" chooses: your opponent


def test_an_opponent_chosen_by_the_player_placing_a_scenario_on_the_engine() -> None:
    """Player 1 controls the character; player 0 places a scenario and chooses an opponent of player 0's: player 1
    draws, player 0 does not."""
    place = card("Cenário: Lugar Qualquer V1\n")
    game = match([place], [_character(_OPPONENT_CHOSEN)])
    enter(game, card_of(game, 1, "Portador V1"))
    hands = [len(game.state.players[p].hand) for p in (0, 1)]
    scenario(game, card_of(game, 0, "Lugar Qualquer V1"))
    assert [len(game.state.players[p].hand) for p in (0, 1)] == [hands[0], hands[1] + 1]
