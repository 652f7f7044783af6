"""Rules 4.4.2.3 A.1.2a: a carried character card with the base's alter ego, but another card than the base (its
name or its version), lends the base its permanent texts; an activated "uma vez por turno" text lent so is used once
a turn on the carrier, whichever copy lends it (5.1; the official ruling 1 of Ultron-61112 V1). The cards are small
test cards written here."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.state import Zone
from cardscript.games.battle_scenes.runtime.triggers import lends_text
from tests.corpus_play import activatable, activate, at, card_of, enter, match
from tests.engine_helpers import card


def _robot(name: str, text: str = "") -> object:
    body = f"\n\nTexto permanente:\n  {text}\n" if text else "\n"
    return card(f"Personagem: {name}\nAlter ego: Autômato\nAlinhamento: Vilão\nEnergia inicial: 2\nEscudo: 0{body}")


SEEKER = "Durante sua Fase de Preparação, uma vez por turno, você pode comprar um card."


def test_4_4_2_3_A_1_2a_another_card_of_the_alter_ego_lends_its_text_the_same_card_does_not() -> None:
    base, other, same = _robot("Robô-1 V1"), _robot("Robô-9 V1", SEEKER), _robot("Robô-1 V1")
    game = match([base, other, same])
    b, o, s = card_of(game, 0, "Robô-1 V1"), card_of(game, 0, "Robô-9 V1"), card_of(game, 0, "Robô-1 V1", 1)
    enter(game, b, 0, carried=[o, s])
    assert lends_text(game, o, b)          # another name, same version (V1): another card
    assert not lends_text(game, s, b)      # the same card as the base


def test_5_1_a_lent_once_a_turn_text_is_used_once_on_the_carrier_whichever_copy() -> None:
    """Used through one copy, the text is not offered again by another copy loaded in its place that turn."""
    base, other = _robot("Robô-1 V1"), _robot("Robô-9 V1", SEEKER)
    game = match([base, other, other])
    b, o1, o2 = card_of(game, 0, "Robô-1 V1"), card_of(game, 0, "Robô-9 V1"), card_of(game, 0, "Robô-9 V1", 1)
    enter(game, b, 1, carried=[o1])
    at(game, "preparation")
    assert activatable(game, o1)
    activate(game, o1)
    game.move(o2, Zone.RESOURCES)
    game.load(o2, b)
    game.unload(o1)
    assert lends_text(game, o2, b) and not activatable(game, o2)
