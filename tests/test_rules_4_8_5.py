"""Rules 4.8.5, the source of damage: a carried card whose own text causes damage ("esta habilidade causa") is the
source, not the character carrying it, so "toda vez que este personagem causar dano" on the carrier does not add to
it; an action the character uses, even one written on a carried card, is the character's (the official ruling 2 of
Adaga Psíquica V1). The cards are small test cards written here."""

from __future__ import annotations

from cardscript.engine.agents import Decision
from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import at, calcs, card_of, enter, fillers, match, use
from tests.engine_helpers import Script, card

BOOST = card("Habilidade: Prisma V1\nPoder: Telepatia\n\nTexto permanente:\n  Este personagem ganha {TE}.\n"
             "  Toda vez que este personagem causar dano, ele causará aquela quantidade de dano +1.\n")
NEEDLE = card("Habilidade: Agulha V1\nPoder: Telepatia\n\nTexto permanente:\n  Quando este card for carregado de "
              "seus recursos em um personagem com {TE} que você controla, você pode escolher outro personagem em "
              "cena. Se o fizer, esta habilidade causa 1 ponto de dano no personagem escolhido.\n\n"
              "Ação: Picada\n  Custo: {0}\n  Poder: Telepatia\n  Picada causa 1 ponto de dano no alvo.\n")
PLAIN = card("Personagem: Andarilho V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 4\nEscudo: 0\n")
TARGET = card("Personagem: Alvo V1\nAlinhamento: Vilão\nPoderes: Super Força\nEnergia inicial: 8\nEscudo: 0\n")


def _every(d: Decision) -> list[int]:
    return list(range(d.minimum))


def test_4_8_5_a_carried_cards_own_damage_is_not_its_carriers() -> None:
    """The needle's load trigger deals its 1 point (no +1 from the carrier's booster); the needle's action, used by
    the carrier, is the carrier's damage: 1 + 1."""
    game = match([PLAIN, BOOST, NEEDLE], [TARGET], a=Script({"load": [_every], "optional": [[0]]}))
    walker, t = card_of(game, 0, "Andarilho V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 8)
    for c in [card_of(game, 0, "Prisma V1"), card_of(game, 0, "Agulha V1"), *fillers(game, 0)[:2]]:
        game.move(c, Zone.RESOURCES)
    game.move(walker, Zone.HAND)
    at(game, "preparation")
    game.eng.place(0, walker)
    game.eng.tree.resolve()
    assert [c["amount"] for c in calcs(game)] == [1]
    game.state.scene[walker].entered_turn = 0
    at(game, "combat", "attack")
    use(game, walker, "Picada")
    assert [c["amount"] for c in calcs(game)] == [1, 2]
