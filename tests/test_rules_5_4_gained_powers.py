"""Rules 5.4 (continuous effects are brought up to date at every change) and 2.3 (an ability card's power): a
character that gains the powers of the ability cards it carries has the power of a card the moment that card is
loaded, and a trigger of that very card reading "um personagem com <power>" sees it (the official ruling of
Vampira V2, ``tests/rulings/bsiv/vampira-v2-1.scn``). Our own cards."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime import statics
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import card_of, enter, match
from tests.engine_helpers import card

SPONGE = card("Personagem: Esponja V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
              "Texto permanente:\n  Este personagem ganha os poderes de todos os cards de habilidade que ele estiver "
              "carregando.\n")
SIGNAL = card("Habilidade: Sinal V1\nPoder: Genialidade\nTexto permanente:\n  Quando este card for carregado em um "
              "personagem com {GE}, compre um card.\n")


def test_2_3_5_4_the_powers_of_the_ability_cards_carried_are_gained_at_once() -> None:
    """"ganha os poderes dos cards de habilidade que estiver carregando": an ability card's power is the one printed
    on it (2.3); loading it gives the power at once (5.4)."""
    game = match([SPONGE, SIGNAL])
    s, sig = card_of(game, 0, "Esponja V1"), card_of(game, 0, "Sinal V1")
    enter(game, s, 2)
    assert "GE" not in statics.powers(game, s)
    game.move(sig, Zone.HAND)
    game.load(sig, s)
    assert "GE" in statics.powers(game, s)


def test_5_4_a_trigger_reading_a_power_sees_the_power_its_own_loading_gives() -> None:
    """The trigger "quando este card for carregado em um personagem com {GE}" of the card whose loading gives the
    character {GE} fires: the character's powers are read as they are now, statics included (5.4)."""
    game = match([SPONGE, SIGNAL])
    s, sig = card_of(game, 0, "Esponja V1"), card_of(game, 0, "Sinal V1")
    enter(game, s, 2)
    game.move(sig, Zone.HAND)
    hand = len(game.state.players[0].hand)
    game.load(sig, s)
    game.eng.tree.resolve()
    assert len(game.state.players[0].hand) == hand - 1 + 1             # Sinal left the hand; one card drawn
