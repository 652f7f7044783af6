"""Corpus cards whose text refers back to what it introduced (a choice, the
action's target) played on the engine, with assertions on what the printed text says happens. The cards are read
from the development corpora (``tests/corpus_play.py``); the module is skipped without them."""

from __future__ import annotations

from cardscript.compiler.ir import CardDef
from tests.corpus_play import (
    Eager,
    calcs,
    card_of,
    corpus_card,
    energy,
    enter,
    events,
    match,
    require_corpus,
    usable,
    use,
)
from tests.engine_helpers import card, pick
from tests.test_corpus_cards_engine import CARRIER, TARGET, combat

require_corpus()

MACHINE = card("Suporte: Máquina V1\nEnergia inicial: 3\nEscudo: 1\n")


def test_x_caca_hulk_deals_the_chosen_supports_initial_energy_piercing() -> None:
    """Caça-Hulk V1 ((2015) BSIV 1/100): entering, its controller may choose a support in the scene; it then deals X
    piercing damage to that support, X being the support's Energia Inicial (3 here, although it carries 5)."""
    game = match([corpus_card("(2015) BSIV 1/100")], [MACHINE])
    hunter, machine = card_of(game, 0, "Caça-Hulk V1"), card_of(game, 1, "Máquina V1")
    enter(game, machine, 5)
    enter(game, hunter, 3)
    (calc,) = [c for c in calcs(game) if c["card"] == machine]
    assert calc["amount"] == 3 and calc["piercing"]
    assert energy(game, machine) == 2                                   # piercing: its Escudo 1 does not absorb


def test_x_arremetida_veloz_deals_3_minus_the_targets_stage() -> None:
    """Arremetida Veloz V1 (BSET 97/100): 3-X damage to the target character, X its current stage of capacitação
    -- 2 to a character at stage {1}."""
    ability = corpus_card("BSET 97/100")
    target = card("Personagem: Alvo V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n")
    game = match([CARRIER, ability], [target], a=Eager())
    carrier, a, t = card_of(game, 0, "Portador V1"), card_of(game, 0, "Arremetida Veloz V1"), \
        card_of(game, 1, "Alvo V1")
    enter(game, carrier, 3, carried=[a])
    enter(game, t, 5)
    assert game.state.scene[t].stage == 1
    combat(game, turn_player=1)
    game.state.active_player = 0
    use(game, carrier, "Arremetida Veloz", window="anticipation")
    assert [c["amount"] for c in calcs(game) if c["card"] == t] == [2]


def _fighter(name: str, *actions: str) -> CardDef:
    text = f"Personagem: {name} V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"
    for a in actions:
        text += f"\nAção: {a}\n  Custo: {{0}}\n  Poder: Super Força\n  {a} causa 1 ponto de dano no alvo.\n"
    return card(text)


def test_5_7_mulher_aranha_names_an_action_no_one_can_use_this_turn() -> None:
    """Mulher-Aranha V1 ((2017) BSCA 43/112): its action names an action; actions with that name cannot be used
    this turn -- "Soco" is named, so a character with Soco cannot use it, while "Chute" still can be used."""
    hitter, kicker = _fighter("Batedor", "Soco"), _fighter("Chutador", "Chute")
    game = match([corpus_card("(2017) BSCA 43/112"), hitter, kicker], [TARGET],
                 a=Eager({"choose_name": [pick("Soco")]}))
    m, h, k = card_of(game, 0, "Mulher-Aranha V1"), card_of(game, 0, "Batedor V1"), card_of(game, 0, "Chutador V1")
    for c in (m, h, k):
        enter(game, c, 3)
    enter(game, card_of(game, 1, "Alvo V1"), 3)
    combat(game)
    assert usable(game, h, "Soco")
    use(game, m, "Feromônios Tóxicos")
    assert not usable(game, h, "Soco") and usable(game, k, "Chute")


def test_x_poder_tribal_counts_other_ae_characters_sharing_an_affiliation() -> None:
    """Poder Tribal V1 ((2014) BSIC 74/100): X+1 piercing damage, X the other characters with {AE} its user's
    controller controls that have an affiliation in common with the user -- one Inumano ally with {AE} counts, an
    ally of another affiliation and one without {AE} do not: 2 damage."""
    from tests.test_corpus_cards_engine import ALL_POWERS, char

    user = char("Portador", affiliations="Inumanos", powers=ALL_POWERS)
    kin = char("Parente", affiliations="Inumanos, Vingadores", powers="Ataque Energético")
    stranger = char("Estranho", affiliations="X-Men", powers="Ataque Energético")
    weak = char("Fraco", affiliations="Inumanos")
    game = match([user, corpus_card("(2014) BSIC 74/100"), kin, stranger, weak], [TARGET])
    u, ability = card_of(game, 0, "Portador V1"), card_of(game, 0, "Poder Tribal V1")
    enter(game, u, 3, carried=[ability])
    game.state.scene[u].stage = 2                                        # its cost {2}
    for title in ("Parente V1", "Estranho V1", "Fraco V1"):
        enter(game, card_of(game, 0, title), 2)
    t = card_of(game, 1, "Alvo V1")
    enter(game, t, 5)
    combat(game)
    use(game, u, "Poder Tribal")
    assert [(c["amount"], c["piercing"]) for c in calcs(game) if c["card"] == t] == [(2, True)]


def test_instigar_furia_the_target_hits_another_character_of_its_controller() -> None:
    """Instigar Fúria V1 ((2014) BSPO 94/100): the target character is incapacitated by one and deals 2 damage to
    another character controlled by the target's controller -- never to itself, never to the user's side."""
    from tests.test_corpus_cards_engine import char

    other = char("Vizinho")
    game = match([CARRIER, corpus_card("(2014) BSPO 94/100")], [TARGET, other])
    c, ability = card_of(game, 0, "Portador V1"), card_of(game, 0, "Instigar Fúria V1")
    t, o = card_of(game, 1, "Alvo V1"), card_of(game, 1, "Vizinho V1")
    enter(game, c, 3, carried=[ability])
    enter(game, t, 3)
    enter(game, o, 3)
    combat(game)
    game.agents[0].answers["target"] = [pick("Alvo")]                    # type: ignore[attr-defined]
    use(game, c, "Instigar Fúria")
    assert game.state.scene[t].stage == 0
    assert [(x["card"], x["amount"]) for x in calcs(game)] == [(o, 2)]
    assert energy(game, o) == 1 and energy(game, t) == 3


def test_x_chuva_de_raios_deals_less_each_time_it_was_used_before() -> None:
    """Chuva de Raios V1 ((2014) BSMI 74/100): 3-X damage, X the times this character used this action before in
    this turn, and it may use the action once more this turn: 3 damage, then 2."""
    game = match([CARRIER, corpus_card("(2014) BSMI 74/100")], [char_big()])
    c, ability, t = card_of(game, 0, "Portador V1"), card_of(game, 0, "Chuva de Raios V1"), card_of(game, 1, "Muro V1")
    enter(game, c, 3, carried=[ability])
    game.state.scene[c].stage = 2
    enter(game, t, 9)
    combat(game)
    use(game, c, "Chuva de Raios")
    use(game, c, "Chuva de Raios")
    assert [x["amount"] for x in calcs(game) if x["card"] == t] == [3, 2]


def char_big() -> CardDef:
    return card("Personagem: Muro V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 9\nEscudo: 0\n")


def test_gata_negra_one_revealed_card_on_top_the_rest_back_to_the_hand() -> None:
    """Gata Negra V1 ((2014) BSMI 20/100): entering, an opponent reveals their hand and the top card of their deck;
    one of the revealed cards is put on top of that deck, and the remaining revealed cards go back to their hand."""
    game = match([corpus_card("(2014) BSMI 20/100")], [])
    gata = card_of(game, 0, "Gata Negra V1")
    game.draw(1, 2)
    theirs = game.state.players[1]
    revealed = {*theirs.hand, theirs.deck[0]}
    enter(game, gata, 3)
    assert len(theirs.hand) == 2 and {*theirs.hand, theirs.deck[0]} == revealed
    assert len(events(game, "reveal")) >= 1
