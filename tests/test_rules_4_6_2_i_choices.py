"""Rules 4.6.2 I: an action's effect chooses a character and then takes cards from it ("escolha um card carregado
por um personagem em cena ...; então escolha outro card carregado por aquele mesmo personagem ..."): the character
is chosen among those that carry every card the effect goes on to take -- the official ruling of Rompante
Enlouquecedor V1 ((2014) BSPO 92/100, ``tests/rulings/bspo/rompante-enlouquecedor-v1-1.scn``). Our own cards."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import Eager, at, card_of, enter, match, use
from tests.engine_helpers import card, own_character

SNATCH = card("Habilidade: Saque V1\nPoder: Super Força\nAção: Saque\n  Custo: {0}\n  Poder: Super Força\n"
              "  Escolha um card carregado por um personagem em cena e devolva aquele card para a mão de seu dono. "
              "Então escolha outro card carregado por aquele mesmo personagem e coloque aquele card nos recursos "
              "de seu dono.\n")


def test_4_6_2_i_a_character_chosen_to_take_two_cards_from_carries_two() -> None:
    """Two cards taken from the one chosen: one carrying a single card is not offered; one carrying two is."""
    agent = Eager()
    game = match([own_character("Ladrão", ie=4), SNATCH], [own_character("Magro"), own_character("Gordo")], a=agent)
    u, thin, fat = card_of(game, 0, "Ladrão V1"), card_of(game, 1, "Magro V1"), card_of(game, 1, "Gordo V1")
    enter(game, u, 0, carried=[card_of(game, 0, "Saque V1")])          # carries only Saque: one card
    enter(game, thin, 1)
    enter(game, fat, 2)
    at(game, "combat", "attack")
    use(game, u, "Saque")
    assert all(game.name(thin) not in d.options for d in agent.seen)    # never offered
    assert len(game.state.scene[thin].carried) == 1
    assert fat not in game.state.scene                                  # it lost both: knocked out (4.7)
    assert len(game.state.players[1].hand) == 1 and game.state.location(fat)[0] is Zone.PRIZES


def test_4_6_2_i_nobody_carries_enough_so_nothing_is_taken() -> None:
    """No character carries two cards: nothing can be chosen, and no card is taken."""
    game = match([own_character("Ladrão", ie=4), SNATCH], [own_character("Magro")])
    u, thin = card_of(game, 0, "Ladrão V1"), card_of(game, 1, "Magro V1")
    enter(game, u, 0, carried=[card_of(game, 0, "Saque V1")])
    enter(game, thin, 1)
    at(game, "combat", "attack")
    use(game, u, "Saque")
    assert len(game.state.scene[thin].carried) == 1 and len(game.state.scene[u].carried) == 1
    assert not game.state.players[1].hand
