"""Corpus cards whose new constructions -- a choice between effects outside an
action, an action used again, a multiplied damage amount, "como se ele tivesse Materializar" -- are played on
the engine, with assertions on what their printed text says happens. The cards are read from the development
corpora at test time (``tests/corpus_play.py``); the docstrings say each behaviour in our own words."""

from __future__ import annotations

from cardscript.games.battle_scenes.runtime.state import Zone
from tests.corpus_play import (
    Eager,
    activate,
    at,
    calcs,
    card_of,
    corpus_card,
    energy,
    enter,
    match,
    require_corpus,
    scenario,
    use,
)
from tests.engine_helpers import card, pick

require_corpus()


def _char(name: str, ie: int = 3, shield: int = 0, affiliations: str = "") -> object:
    aff = f"Afiliações: {affiliations}\n" if affiliations else ""
    return card(f"Personagem: {name} V1\nAlinhamento: Herói\n{aff}Poderes: Super Força\nEnergia inicial: {ie}\n"
                f"Escudo: {shield}\n")


SUPPORT = card("Suporte: Engenho V1\nEnergia inicial: 2\nEscudo: 0\n")


def test_forge_puts_a_support_from_the_hand_loaded_from_the_top_of_the_deck() -> None:
    """Forge V1 (BSET 15/100): once per turn in its controller's Preparation Phase, a support card of the hand
    enters the scene as if it had Materializar -- loaded with cards from the top of the deck, not the resources."""
    game = match([corpus_card("BSET 15/100"), SUPPORT])
    f, s = card_of(game, 0, "Forge V1"), card_of(game, 0, "Engenho V1")
    enter(game, f, 4)
    game.move(s, Zone.HAND)
    at(game, "preparation")
    deck = game.state.players[0].deck
    top = deck[:2]
    resources = list(game.state.players[0].resources)
    activate(game, f)
    assert s in game.state.scene and sorted(game.state.scene[s].carried) == sorted(top)
    assert game.state.players[0].resources == resources


def test_caca_aos_renegados_is_the_damage_or_the_search() -> None:
    """Caça aos Renegados V1 ((2016) BSGC 56/100): entering, it deals 2 damage to a character without the
    affiliation it names, or its controller may search for the character it names; choosing the damage, nothing
    is searched (the "Se o fizer" after it follows the search not done)."""
    target = _char("Alvo")
    game = match([corpus_card("(2016) BSGC 56/100")], [target], a=Eager({"mode": [pick("ele causa")]}))
    c, t = card_of(game, 0, "Caça aos Renegados V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 3)
    hand = list(game.state.players[0].hand)
    scenario(game, c)
    assert [x["amount"] for x in calcs(game)] == [2] and energy(game, t) == 1
    assert game.state.players[0].hand == hand


def test_caca_aos_renegados_the_search_instead_deals_no_damage() -> None:
    """Caça aos Renegados V1 ((2016) BSGC 56/100), the other option: no damage is dealt."""
    target = _char("Alvo")
    game = match([corpus_card("(2016) BSGC 56/100")], [target], a=Eager({"mode": [pick("você pode procurar")]}))
    c, t = card_of(game, 0, "Caça aos Renegados V1"), card_of(game, 1, "Alvo V1")
    enter(game, t, 3)
    scenario(game, c)
    assert calcs(game) == [] and energy(game, t) == 3


def test_ataque_de_furia_deals_twice_x() -> None:
    """Ataque de Fúria V1 (BSET 84/100): its damage is twice the X paid for it."""
    user = card("Personagem: Brutamontes V1\nAlinhamento: Herói\nPoderes: Lâminas\n"
                "Energia inicial: 3\nEscudo: 0\n")
    fury = corpus_card("BSET 84/100")
    game = match([user, fury], [_char("Alvo", ie=8)], a=Eager({"x": [lambda d: [1]]}))
    u, a, t = card_of(game, 0, "Brutamontes V1"), card_of(game, 0, "Ataque de Fúria V1"), card_of(game, 1, "Alvo V1")
    enter(game, u, 2, carried=[a])
    game.state.scene[u].stage = 2
    enter(game, t, 8)
    at(game, "combat", "attack")
    name = fury.action.name if fury.action is not None else ""
    use(game, u, name)
    assert [x["amount"] for x in calcs(game)] == [2]


def test_explosivo_escondido_unloads_a_card_of_itself_then_deals_2() -> None:
    """Explosivo Escondido V1 ((2015) BSIV 54/100): a support that, once per turn in its controller's Preparation
    Phase and if in the scene since the turn began, may unload a card it carries -- its own, not one of another
    card of its controller -- and then deals 2 damage to a character."""
    bomb = corpus_card("(2015) BSIV 54/100")
    mine = _char("Meu", ie=3)
    game = match([bomb, mine], [_char("Alvo", ie=4)])
    b, m, t = card_of(game, 0, "Explosivo Escondido V1"), card_of(game, 0, "Meu V1"), card_of(game, 1, "Alvo V1")
    enter(game, b, 2)
    enter(game, m, 3)
    enter(game, t, 4)
    at(game, "preparation")
    activate(game, b)
    assert energy(game, b) == 1 and energy(game, m) == 3
    assert [x["amount"] for x in calcs(game)] == [2]


def _fresh(game: object, card_id: int) -> None:
    """``card_id`` entered the scene this turn (4.6.2 C.1)."""
    game.state.scene[card_id].entered_turn = game.state.turn          # type: ignore[attr-defined]


def test_colera_solitaria_gives_its_carrier_pronditao_for_its_action_while_no_ae() -> None:
    """Cólera Solitária V1 ((2016) BSGC 91/100): while its controller controls no character with {AE}, the
    character carrying it may use the action Cólera Solitária in the turn it entered the scene (Prontidão for
    that action only); once a character with {AE} is controlled, it may not."""
    user = card("Personagem: Brigão V1\nAlinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n\n"
                "Ação: Soco\n  Custo: {0}\n  Poder: Super Força\n  Soco causa 1 ponto de dano no alvo.\n")
    ae = card("Personagem: Raio V1\nAlinhamento: Herói\nPoderes: Ataque Energético\nEnergia inicial: 2\nEscudo: 0\n")
    game = match([user, corpus_card("(2016) BSGC 91/100"), ae], [_char("Alvo", ie=6)])
    u, c, r = card_of(game, 0, "Brigão V1"), card_of(game, 0, "Cólera Solitária V1"), card_of(game, 0, "Raio V1")
    t = card_of(game, 1, "Alvo V1")
    enter(game, u, 2, carried=[c])
    enter(game, t, 6)
    _fresh(game, u)
    at(game, "combat", "attack")
    from tests.corpus_play import usable

    assert usable(game, u, "Cólera Solitária") and not usable(game, u, "Soco")
    enter(game, r, 2)
    assert not usable(game, u, "Cólera Solitária")


def test_rino_one_more_action_only_if_it_is_atropelar() -> None:
    """Rino V1 ((2016) BSAQ 46/112): after Sai da Frente it may use one more action this turn, only one named
    Atropelar (here a carried card's action); any other action stays one too many."""
    from tests.corpus_play import usable

    trample = card("Habilidade: Atropelo V1\nPoder: Super Força\nAção: Atropelar\n  Custo: {0}\n"
                   "  Poder: Super Força\n  Atropelar causa 1 ponto de dano no alvo.\n")
    kick = card("Habilidade: Chute V1\nPoder: Super Força\nAção: Chute\n  Custo: {0}\n  Poder: Super Força\n"
                "  Chute causa 1 ponto de dano no alvo.\n")
    rhino = corpus_card("(2016) BSAQ 46/112")
    game = match([rhino, trample, kick], [_char("Alvo", ie=9)])
    rino, a, k = card_of(game, 0, rhino.title), card_of(game, 0, "Atropelo V1"), card_of(game, 0, "Chute V1")
    t = card_of(game, 1, "Alvo V1")
    enter(game, rino, 3, carried=[a, k])
    enter(game, t, 9)
    at(game, "combat", "attack")
    use(game, rino, "Sai da Frente")
    assert usable(game, rino, "Atropelar") and not usable(game, rino, "Chute")
    use(game, rino, "Atropelar")
    assert not usable(game, rino, "Chute")


def test_pepper_potts_lets_homem_de_ferro_use_ge_actions_as_anticipation() -> None:
    """Pepper Potts V1 (BSET 32/100): the characters named Homem de Ferro its controller controls may use their
    {GE} actions as anticipation actions; another character's {GE} action stays a normal one."""
    from tests.corpus_play import usable

    def genius(name: str) -> object:
        return card(f"Personagem: {name} V1\nAlinhamento: Herói\nPoderes: Genialidade\nEnergia inicial: 3\n"
                    f"Escudo: 0\n\nAção: Invento\n  Custo: {{0}}\n  Poder: Genialidade\n"
                    f"  Invento causa 1 ponto de dano no alvo.\n")
    game = match([corpus_card("BSET 32/100"), genius("Homem de Ferro"), genius("Cientista")], [_char("Alvo", ie=6)])
    p, h, c = (card_of(game, 0, "Pepper Potts V1"), card_of(game, 0, "Homem de Ferro V1"),
               card_of(game, 0, "Cientista V1"))
    t = card_of(game, 1, "Alvo V1")
    for x in (p, h, c):
        enter(game, x, 3)
    enter(game, t, 6)
    at(game, "combat", "anticipation", turn_player=1)
    game.state.active_player = 0
    assert usable(game, h, "Invento", "anticipation") and not usable(game, c, "Invento", "anticipation")
