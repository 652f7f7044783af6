"""Rules 5.4: continuous effects apply at every moment -- a power a static gives counts wherever a card's text asks
for "um personagem com {X}", not only in the conditions ("se tiver {X}"). The cards are small test cards written
here."""

from __future__ import annotations

from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import at, calcs, card_of, enter, fillers, match
from tests.engine_helpers import Script, card

AMULET = card("Habilidade: Amuleto V1\nPoder: Magia\n\nTexto permanente:\n  Este personagem ganha {TE}.\n")
NEEDLE = card("Habilidade: Agulha V1\nPoder: Telepatia\n\nTexto permanente:\n  Quando este card for carregado de "
              "seus recursos em um personagem com {TE} que você controla, você pode escolher outro personagem em "
              "cena. Se o fizer, esta habilidade causa 1 ponto de dano no personagem escolhido.\n")
PLAIN = card("Personagem: Andarilho V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 4\nEscudo: 0\n")
TARGET = card("Personagem: Alvo V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 5\nEscudo: 0\n")


def _every(d: Decision) -> list[int]:
    return list(range(d.minimum))          # the four cards of the resources


def _enter_with_both() -> list[dict[str, object]]:
    agent = Script({"load": [_every], "optional": [[0]]})
    game = match([PLAIN, AMULET, NEEDLE], [TARGET], a=agent)
    walker, t = card_of(game, 0, "Andarilho V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 5)
    loads = [card_of(game, 0, "Amuleto V1"), card_of(game, 0, "Agulha V1"), *fillers(game, 0)[:2]]
    for c in loads:
        game.move(c, Zone.RESOURCES)
    game.move(walker, Zone.HAND)
    at(game, "preparation")
    game.eng.place(0, walker)
    game.eng.tree.resolve()
    return calcs(game)


def test_5_4_a_load_trigger_onto_a_character_with_a_power_sees_the_power_a_static_gives() -> None:
    """A character without {TE} enters loaded with a card giving {TE} and a card whose load trigger asks for a
    character with {TE}: the cards are loaded together and their statics work before the load triggers (4.4.2.2
    A.3b, A.4), so the trigger sees {TE} and its damage is dealt."""
    assert [c["amount"] for c in _enter_with_both()] == [1]


def test_5_4_without_the_static_the_power_is_not_there() -> None:
    """Without the card giving {TE}, the load trigger does not happen."""
    agent = Script({"load": [_every], "optional": [[0]]})
    game = match([PLAIN, NEEDLE], [TARGET], a=agent)
    walker, t = card_of(game, 0, "Andarilho V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 5)
    for c in [card_of(game, 0, "Agulha V1"), *fillers(game, 0)[:3]]:
        game.move(c, Zone.RESOURCES)
    game.move(walker, Zone.HAND)
    at(game, "preparation")
    game.eng.place(0, walker)
    game.eng.tree.resolve()
    assert calcs(game) == []


def test_5_4_the_powers_of_the_carried_ability_cards_are_their_printed_powers() -> None:
    """"Este personagem ganha os poderes dos cards de habilidade que estiver carregando": the power printed on each
    ability card carried, from the moment it is loaded (the official ruling 3 of Adaga Psíquica V1, on Vampira
    V2)."""
    from cardscript.games.battle_scenes.runtime.statics import powers

    mimic = card("Personagem: Imitador V1\nAlinhamento: Herói\nEnergia inicial: 3\nEscudo: 0\n\nTexto permanente:\n"
                 "  Este personagem ganha os poderes dos cards de habilidade que estiver carregando.\n")
    wing = card("Habilidade: Asa V1\nPoder: Voo\n")
    game = match([mimic, wing, NEEDLE])
    m, w, n = card_of(game, 0, "Imitador V1"), card_of(game, 0, "Asa V1"), card_of(game, 0, "Agulha V1")
    enter(game, m, 0, carried=[w])
    assert powers(game, m) == ("VO",)
    game.move(n, Zone.RESOURCES)
    game.load(n, m)
    assert powers(game, m) == ("TE", "VO")
